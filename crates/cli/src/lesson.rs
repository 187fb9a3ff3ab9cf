//! `podlife lesson list` and `podlife lesson check`.

use std::io::Read;
use std::process::ExitCode;

use podlife_lessons::{Course, Lang, Lesson, run};

pub const USAGE: &str = "usage: podlife lesson list\n       podlife lesson check ID|DIR [--lang en|ko] [--solution] [--transcript] [--verify]";

pub fn main(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("list") if args.len() == 1 => list(),
        Some("check") => check(&args[1..]),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn course() -> Result<&'static Course, ExitCode> {
    podlife_lessons::course().map_err(|e| {
        eprintln!("podlife: {e}");
        ExitCode::from(1)
    })
}

fn list() -> ExitCode {
    let course = match course() {
        Ok(c) => c,
        Err(code) => return code,
    };
    let rows: Vec<[String; 3]> = course.lessons().map(|l| [l.id.clone(), l.sequence.clone(), l.texts.text(Lang::En, "title")]).collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0).max(8);
    let (w0, w1) = (width(0), width(1));
    println!("{:w0$}   {:w1$}   TITLE", "ID", "SEQUENCE");
    for [id, seq, title] in rows {
        println!("{id:w0$}   {seq:w1$}   {title}");
    }
    ExitCode::SUCCESS
}

/// A lesson folder on disk (`course/<sequence>/<id>`), read as the built-in ones are.
fn load_dir(dir: &str) -> Result<Lesson, String> {
    let path = std::path::Path::new(dir.trim_end_matches('/'));
    let id = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| format!("{dir}: not a lesson folder"))?;
    let sequence = path.parent().and_then(|p| p.file_name()).and_then(|n| n.to_str()).unwrap_or("local");
    let base = path.to_path_buf();
    let shown = format!("{sequence}/{id}");
    let files = move |p: &str| {
        let rel = p.strip_prefix(&format!("{shown}/")).unwrap_or(p);
        std::fs::read_to_string(base.join(rel)).ok()
    };
    Lesson::load(&files, &format!("{sequence}/{id}"), sequence).map_err(|e| e.to_string())
}

fn check(args: &[String]) -> ExitCode {
    let mut lang = Lang::En;
    let (mut solution, mut transcript, mut verify) = (false, false, false);
    let mut target = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--lang" => {
                i += 1;
                match args.get(i).and_then(|l| Lang::parse(l)) {
                    Some(l) => lang = l,
                    None => {
                        eprintln!("podlife: --lang is en or ko\n{USAGE}");
                        return ExitCode::from(2);
                    }
                }
            }
            "--solution" => solution = true,
            "--transcript" => transcript = true,
            "--verify" => verify = true,
            other if other.starts_with("--") => {
                eprintln!("podlife: unknown flag {other}\n{USAGE}");
                return ExitCode::from(2);
            }
            t => target = Some(t.to_string()),
        }
        i += 1;
    }
    let Some(target) = target else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let owned;
    let lesson: &Lesson = if target.contains('/') || std::path::Path::new(&target).join("lesson.yaml").is_file() {
        match load_dir(&target) {
            Ok(l) => {
                owned = l;
                &owned
            }
            Err(e) => {
                eprintln!("podlife: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        let course = match course() {
            Ok(c) => c,
            Err(code) => return code,
        };
        match course.lesson(&target) {
            Some(l) => l,
            None => {
                eprintln!("podlife: no lesson {target:?} (podlife lesson list shows them)");
                return ExitCode::from(1);
            }
        }
    };
    if verify {
        let problems = run::verify(lesson);
        for p in &problems {
            println!("✗ {p}");
        }
        if problems.is_empty() {
            println!("✓ {}: the solution reaches every goal and answers every question; waiting alone reaches none", lesson.id);
            return ExitCode::SUCCESS;
        }
        return ExitCode::from(1);
    }
    let script = if solution {
        lesson.solution.clone()
    } else {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            eprintln!("podlife: reading the script from standard input: {e}");
            return ExitCode::from(2);
        }
        text
    };
    let mut played = run::Run::start(lesson);
    if let Err(e) = played.script(&script) {
        eprintln!("podlife: script: {e}");
        return ExitCode::from(1);
    }
    played.finish();
    if transcript {
        print!("{}", played.transcript());
        println!("---");
    }
    println!("{}: {}", lesson.id, lesson.texts.text(lang, "title"));
    for (g, holds) in lesson.goals.iter().zip(played.goals()) {
        println!("{} {}", if *holds { "✓" } else { "✗" }, lesson.texts.text(lang, &format!("goal-{}", g.id)));
    }
    for (q, state) in lesson.questions.iter().zip(played.questions()) {
        let text = lesson.texts.text(lang, &format!("question-{}", q.id));
        match &state.revealed {
            None => println!("? {text} (not asked yet)"),
            Some(r) => {
                let did: Vec<&str> = q.choices.iter().zip(&r.choices).filter(|(_, h)| **h == Some(true)).map(|(c, _)| c.id.as_str()).collect();
                let answer = lesson.texts.text(lang, &format!("question-{}-{}", q.id, q.answer));
                println!("? {text} → {answer} (held: {})", if did.is_empty() { "-".to_string() } else { did.join(", ") });
            }
        }
    }
    if played.all_goals_hold() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

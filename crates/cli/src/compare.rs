//! `podlife compare A.sh B.sh [--seed N]`: both scripts on fresh default clusters with the
//! same seed, then their transcripts' differing lines, the reactions only one run has and the
//! outcome table (`podlife-compare`). `--builtin ID` runs a built-in comparison instead of two
//! files (`--list` lists them; `--lang ko` gives their words in Korean).

use std::io::Write;
use std::process::ExitCode;

use podlife_compare::builtin;

use crate::flags;

pub const USAGE: &str = "usage: podlife compare A.sh B.sh [--seed N]\n       podlife compare --builtin ID [--seed N] [--lang en|ko]\n       podlife compare --list [--lang en|ko]";

pub fn main(args: &[String]) -> ExitCode {
    let mut seed = 1u64;
    let mut lang = "en".to_string();
    let mut builtin_id = None;
    let mut list = false;
    let mut files = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let (flag, inline) = flags::split(&args[i]);
        let value = |i: &mut usize| flags::value(&inline, args, i);
        match flag {
            "--seed" => match value(&mut i).and_then(|s| s.parse().ok()) {
                Some(s) => seed = s,
                None => return usage_error("--seed needs a number"),
            },
            "--lang" => match value(&mut i).as_deref() {
                Some(l @ ("en" | "ko")) => lang = l.to_string(),
                _ => return usage_error("--lang is en or ko"),
            },
            "--builtin" => match value(&mut i) {
                Some(id) => builtin_id = Some(id),
                None => return usage_error("--builtin needs a comparison's id (podlife compare --list)"),
            },
            "--list" if inline.is_none() => list = true,
            other if other.starts_with("--") => return usage_error(&format!("unknown flag {other}")),
            path => files.push(path.to_string()),
        }
        i += 1;
    }
    if list {
        if builtin_id.is_some() || !files.is_empty() {
            return usage_error("--list takes no comparison");
        }
        return list_builtins(&lang);
    }
    match (builtin_id, files.as_slice()) {
        (Some(id), []) => run_builtin(&id, seed, &lang),
        (None, [a, b]) => run_files(a, b, seed),
        (Some(_), _) => usage_error("--builtin takes no files"),
        (None, _) => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("podlife: {message}\n{USAGE}");
    ExitCode::from(2)
}

fn list_builtins(lang: &str) -> ExitCode {
    let rows: Vec<(&str, String)> = builtin::all().iter().map(|c| (c.id, builtin::words(c, lang).map(|w| w.title).unwrap_or_else(|e| e))).collect();
    let w = rows.iter().map(|(id, _)| id.len()).max().unwrap_or(0).max(2);
    let mut text = format!("{:w$}   TITLE\n", "ID");
    for (id, title) in rows {
        text.push_str(&format!("{id:w$}   {title}\n"));
    }
    write_out(&text)
}

fn run_builtin(id: &str, seed: u64, lang: &str) -> ExitCode {
    let Some(c) = builtin::by_id(id) else {
        let ids: Vec<&str> = builtin::all().iter().map(|c| c.id).collect();
        eprintln!("podlife: no built-in comparison {id:?} (there are {})", ids.join(", "));
        return ExitCode::from(2);
    };
    let words = match builtin::words(c, lang) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("podlife: {e}");
            return ExitCode::from(1);
        }
    };
    let compared = match podlife_compare::compare(c.a, c.b, seed) {
        Ok(cmp) => cmp,
        Err(e) => {
            eprintln!("podlife: {id}: {e}");
            return ExitCode::from(1);
        }
    };
    let mut text = format!("{}\n\n{}\n\n{}\n\n", words.title, words.intro, words.expect);
    text.push_str(&podlife_compare::render::text(&compared, [&format!("{id}/a.sh ({})", words.a), &format!("{id}/b.sh ({})", words.b)]));
    write_out(&text)
}

fn run_files(a: &str, b: &str, seed: u64) -> ExitCode {
    let (a_text, a_session) = match crate::load_script(a, seed) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let (b_text, b_session) = match crate::load_script(b, seed) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let compared = match podlife_compare::compare_sessions((&a_text, a_session), (&b_text, b_session), seed) {
        Ok(c) => c,
        Err(e) => {
            let path = if e.side == podlife_compare::Side::A { a } else { b };
            eprintln!("podlife: {path}: {}", e.error);
            return ExitCode::from(1);
        }
    };
    write_out(&podlife_compare::render::text(&compared, [a, b]))
}

fn write_out(text: &str) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // As `podlife run`: a reader that went away ends the output quietly.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(e) => {
            eprintln!("podlife: writing the comparison: {e}");
            ExitCode::from(1)
        }
    }
}

//! `podlife run [--trace | --trace=json] [--trace-level=auto|full] [--seed N] FILE`: runs a
//! script on a fresh default cluster and prints its transcript (and the engine's trace; once
//! the cluster is large it keeps one pod in ten or a hundred unless `--trace-level=full`).
//! `podlife lesson list | check ID`: the course's lessons and their goal checks (`lesson.rs`).
//! `podlife compare A.sh B.sh [--seed N]` (or `--builtin ID`, `--list`): two variants on the
//! same seed, their differing lines, reactions and outcomes (`compare.rs`).

mod compare;
mod flags;
mod lesson;

use std::io::Write;
use std::process::ExitCode;

use podlife_console::{Session, render, script};

/// See the dependency's note in Cargo.toml.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "usage: podlife run [--trace | --trace=json] [--trace-level=auto|full] [--seed N] FILE\n       podlife lesson list | check ID\n       podlife compare A.sh B.sh [--seed N] | --builtin ID | --list";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("lesson") => lesson::main(&args[1..]),
        Some("compare") => compare::main(&args[1..]),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> ExitCode {
    let mut trace = None;
    let mut seed = 1u64;
    let mut sampling = true;
    let mut file = None;
    let mut i = 0;
    while i < args.len() {
        let (flag, inline) = flags::split(&args[i]);
        let value = |i: &mut usize| flags::value(&inline, args, i);
        match flag {
            // `--trace`'s value is optional, so only its `=` form takes one.
            "--trace" => match inline.as_deref() {
                None | Some("text") => trace = Some("text"),
                Some("json") => trace = Some("json"),
                Some(other) => {
                    eprintln!("podlife: --trace is text or json, not {other:?}\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--trace-level" => match value(&mut i).as_deref() {
                Some("auto") => sampling = true,
                Some("full") => sampling = false,
                other => {
                    eprintln!("podlife: --trace-level is auto or full{}\n{USAGE}", other.map(|o| format!(", not {o:?}")).unwrap_or_default());
                    return ExitCode::from(2);
                }
            },
            "--seed" => match value(&mut i).and_then(|s| s.parse().ok()) {
                Some(s) => seed = s,
                None => {
                    eprintln!("podlife: --seed needs a number\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            other if other.starts_with("--") => {
                eprintln!("podlife: unknown flag {other}\n{USAGE}");
                return ExitCode::from(2);
            }
            path => file = Some(path.to_string()),
        }
        i += 1;
    }
    let Some(path) = file else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let (text, mut session) = match load_script(&path, seed) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    session.engine_mut().set_trace_sampling(sampling);
    let transcript = match script::run(&text, session) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("podlife: {path}: {e}");
            return ExitCode::from(1);
        }
    };
    let written = write_output(&transcript, trace);
    // The process ends here: freeing the whole cluster's objects one by one would only cost
    // time (up to a tenth of a large run's).
    std::mem::forget(transcript);
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // `podlife run FILE | head`: the reader went away. Stop quietly, as a Unix tool
        // killed by SIGPIPE does (a shell reports 128 + 13).
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(e) => {
            eprintln!("podlife: writing the transcript: {e}");
            ExitCode::from(1)
        }
    }
}

/// A file named in the script (`-f`, `--from-file`, …), read up to one byte past the API
/// server's request body limit: `-f /dev/zero` or a huge log must not read for ever. The
/// manifest reader refuses anything longer than the limit with its stated error.
/// A script's text and a fresh session on `seed` whose `kubectl -f NAME` reads the files
/// beside the script; a script that cannot be read is reported (exit 2).
fn load_script(path: &str, seed: u64) -> Result<(String, Session), ExitCode> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("podlife: {path}: {e}");
        ExitCode::from(2)
    })?;
    let dir = std::path::Path::new(path).parent().map(|p| p.to_path_buf()).unwrap_or_default();
    Ok((text, Session::new(seed).with_file_reader(move |name| read_capped(&dir.join(name)))))
}

fn read_capped(path: &std::path::Path) -> Option<String> {
    use std::io::Read;
    let limit = podlife_console::MAX_INPUT_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    std::fs::File::open(path).ok()?.take(limit).read_to_end(&mut bytes).ok()?;
    match String::from_utf8(bytes) {
        Ok(text) => Some(text),
        // Cut at the limit, maybe inside a character: the size error is what matters.
        Err(e) if e.as_bytes().len() as u64 == limit => Some(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        Err(_) => None,
    }
}

/// The transcript, then the trace if asked for; stops at the first write error (Rust ignores
/// SIGPIPE, so a closed pipe is an error here rather than a signal).
fn write_output(transcript: &script::Transcript, trace: Option<&str>) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    out.write_all(transcript.text.as_bytes())?;
    match trace {
        Some("json") => {
            for event in transcript.session.engine().trace() {
                writeln!(out, "{}", serde_json::to_string(event).unwrap_or_default())?;
            }
            for (_, d) in &transcript.diagnostics {
                writeln!(out, "{}", serde_json::json!({"diagnostic": d}))?;
            }
        }
        Some(_) => {
            writeln!(out, "--- trace ---")?;
            for event in transcript.session.engine().trace() {
                writeln!(out, "{}", render::line(event))?;
            }
        }
        None => {}
    }
    out.flush()
}

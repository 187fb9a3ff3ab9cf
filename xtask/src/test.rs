//! `cargo xtask test`: native tests, the release wasm build, then the browser tests, with a
//! summary whose last line is `total: N passed, N failed[, N skipped]`.

use std::time::Instant;

use crate::proc::{command, tee};
use crate::tools::{self, Needs, chromium_path};
use crate::{Result, build_only, dist_dir, root, say};

/// The outcome of one step.
struct Step {
    name: &'static str,
    ok: bool,
    /// Tests counted, if the step runs tests and got far enough to report them.
    counts: Option<Counts>,
    note: String,
    seconds: f64,
}

#[derive(Default, Clone, Copy)]
struct Counts {
    passed: u64,
    failed: u64,
    skipped: u64,
}

impl Counts {
    fn add(&mut self, other: Counts) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.skipped += other.skipped;
    }
}

/// The number before `word` in `text` (`"3 passed; 0 failed"`, `"passed"` → 3).
fn count_before(text: &str, word: &str) -> Option<u64> {
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == ';' || c == ',').collect();
    words.windows(2).find(|pair| pair[1] == word).and_then(|pair| pair[0].parse().ok())
}

/// libtest's `test result: ok. 3 passed; 0 failed; 1 ignored; …`.
fn parse_cargo_test(line: &str) -> Option<Counts> {
    let rest = line.trim().strip_prefix("test result: ")?;
    Some(Counts {
        passed: count_before(rest, "passed")?,
        failed: count_before(rest, "failed")?,
        skipped: count_before(rest, "ignored").unwrap_or(0),
    })
}

/// The browser runner's closing `N passed, N failed[, N skipped]`.
fn parse_plain(line: &str) -> Option<Counts> {
    let line = line.trim();
    let first = line.split_whitespace().next()?;
    if first.parse::<u64>().is_err() {
        return None;
    }
    Some(Counts {
        passed: count_before(line, "passed")?,
        failed: count_before(line, "failed")?,
        skipped: count_before(line, "skipped").unwrap_or(0),
    })
}

fn timed(name: &'static str, body: impl FnOnce() -> Result<(bool, Option<Counts>, String)>) -> Step {
    say(&format!("── {name} ──"));
    let started = Instant::now();
    let (ok, counts, note) = body().unwrap_or_else(|message| (false, None, message));
    Step { name, ok, counts, note, seconds: started.elapsed().as_secs_f64() }
}

fn native_tests() -> Result<(bool, Option<Counts>, String)> {
    let mut counts: Option<Counts> = None;
    // Not the wasm-only glue: web/worker is built by trunk, bench/wasm by `cargo xtask bench`.
    // The page (web/) compiles natively too: its unit tests (the editor's offsets, the tables'
    // markup) run here; the browser tests below run the page itself.
    let ok = tee(
        command("cargo").current_dir(root()).args(["test", "--workspace", "--exclude", "podlife-worker", "--exclude", "podlife-bench-wasm"]),
        |line| {
            if let Some(found) = parse_cargo_test(line) {
                counts.get_or_insert_with(Counts::default).add(found);
            }
        },
    )?;
    Ok((ok, counts, if ok { String::new() } else { "cargo test failed".into() }))
}

fn wasm_build() -> Result<(bool, Option<Counts>, String)> {
    // The worker and the page must not link the standard library's tables that podlife replaces.
    match build_only().and_then(|()| crate::size::check_std_tables(&dist_dir())) {
        Ok(()) => Ok((true, None, "dist/".into())),
        Err(message) => Ok((false, None, message)),
    }
}

fn browser_tests() -> Result<(bool, Option<Counts>, String)> {
    let mut counts = None;
    let ok = tee(
        command("node")
            .current_dir(root())
            .arg("tests/browser/run.mjs")
            .env("PODLIFE_DIST", dist_dir())
            .env("PODLIFE_CHROMIUM", chromium_path()),
        |line| {
            if let Some(found) = parse_plain(line) {
                counts = Some(found);
            }
        },
    )?;
    let note = match (ok, counts) {
        (true, Some(_)) => String::new(),
        (true, None) => "the runner printed no `N passed, N failed` line".into(),
        (false, _) => "browser tests failed".into(),
    };
    Ok((ok && counts.is_some(), counts, note))
}

pub fn run() -> Result {
    let started = Instant::now();
    tools::ensure(Needs { wasm: true, browser: true })?;
    let mut steps = vec![timed("native tests", native_tests), timed("release wasm build", wasm_build)];
    let built = steps.last().is_some_and(|step| step.ok);
    if built {
        steps.push(timed("browser tests", browser_tests));
    } else {
        steps.push(Step {
            name: "browser tests",
            ok: false,
            counts: None,
            note: "skipped: the build failed".into(),
            seconds: 0.0,
        });
    }

    let mut total = Counts::default();
    println!();
    println!("xtask test summary ({:.0}s)", started.elapsed().as_secs_f64());
    for step in &steps {
        let counted = match step.counts {
            Some(c) => format!("{} passed, {} failed, {} skipped", c.passed, c.failed, c.skipped),
            None => String::new(),
        };
        println!(
            "  {:<20} {:<4} {:>7.1}s  {counted}{}{}",
            step.name,
            if step.ok { "ok" } else { "FAIL" },
            step.seconds,
            if counted.is_empty() || step.note.is_empty() { "" } else { "  " },
            step.note,
        );
        match step.counts {
            Some(c) => total.add(c),
            // A step that failed without counting its tests counts as one failure.
            None if !step.ok => total.failed += 1,
            None => {}
        }
    }
    let failed_steps: Vec<&str> = steps.iter().filter(|s| !s.ok).map(|s| s.name).collect();
    println!("total: {} passed, {} failed, {} skipped", total.passed, total.failed, total.skipped);
    if failed_steps.is_empty() { Ok(()) } else { Err(format!("failed: {}", failed_steps.join(", "))) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_libtest_results() {
        let c = parse_cargo_test("test result: ok. 3 passed; 1 failed; 2 ignored; 0 measured; 0 filtered out; finished in 0.01s").unwrap();
        assert_eq!((c.passed, c.failed, c.skipped), (3, 1, 2));
        assert!(parse_cargo_test("running 3 tests").is_none());
    }

    #[test]
    fn reads_plain_closing_line() {
        let c = parse_plain("4 passed, 1 failed").unwrap();
        assert_eq!((c.passed, c.failed, c.skipped), (4, 1, 0));
        let c = parse_plain("4 passed, 0 failed, 2 skipped").unwrap();
        assert_eq!(c.skipped, 2);
        assert!(parse_plain("ok apply shows output").is_none());
    }
}

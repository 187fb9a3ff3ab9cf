//! `cargo xtask fuzz [--time D] [TARGET…]`: the coverage-guided campaign. Installs cargo-fuzz
//! if it is missing, writes the seed corpora (`crates/fuzzing`'s `fuzz-seeds`) to
//! `fuzz/corpus/<target>/`, then runs each target (all of them by default) for `D` under
//! libFuzzer and prints executions and coverage per target.
//!
//! It runs on the stable toolchain: `cargo fuzz run --sanitizer none` needs no `-Z` flag and no
//! nightly (libFuzzer's coverage instrumentation is `-Cpasses=sancov-module`, a stable codegen
//! option; the sanitizers are what would need nightly, and safe Rust needs none of them).
//! Limits per input: `-timeout=10` seconds and `-rss_limit_mb=3072`; the bodies bound
//! their own work in engine units (`podlife_fuzzing::budget`), so a timeout is a real hang.
//! Crashes land in `fuzz/artifacts/<target>/`; reproduce one with
//! `cargo fuzz run -s none TARGET fuzz/artifacts/TARGET/crash-…` from `fuzz/`.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use crate::proc::{command, run};
use crate::tools::{install, version_line};
use crate::{Result, root, say};

/// Every target (`crates/fuzzing`'s `TARGETS`, `fuzz/fuzz_targets/*.rs`).
pub const TARGETS: &[&str] = &["manifest", "kubectl", "shell", "script", "jsonpath", "selectors", "patch", "keep", "complete"];

/// What one target's run reported.
struct Outcome {
    target: String,
    ok: bool,
    executions: Option<u64>,
    coverage: Option<u64>,
    features: Option<u64>,
    peak_rss_mb: Option<u64>,
    seconds: f64,
}

/// `90`, `90s`, `5m`, `2h` → seconds.
fn parse_duration(text: &str) -> Result<u64> {
    let (number, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => text.split_at(i),
        None => (text, "s"),
    };
    let n: u64 = number.parse().map_err(|_| format!("--time: not a duration: {text:?} (e.g. 90s, 5m, 1h)"))?;
    match unit {
        "s" => Ok(n),
        "m" => Ok(n * 60),
        "h" => Ok(n * 3600),
        _ => Err(format!("--time: unknown unit in {text:?} (s, m or h)")),
    }
}

fn ensure_cargo_fuzz() -> Result {
    if version_line("cargo-fuzz", &["--version"]).is_some() {
        return Ok(());
    }
    install("cargo-fuzz", || run(command("cargo").args(["install", "cargo-fuzz", "--locked"])))
}

/// The number after `key` in a libFuzzer line (`cov: 1234`, `stat::number_of_executed_units: 5`).
fn number_after(line: &str, key: &str) -> Option<u64> {
    let rest = &line[line.find(key)? + key.len()..];
    rest.trim_start().split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

fn fuzz_one(target: &str, seconds: u64) -> Result<Outcome> {
    let fuzz_dir = root().join("fuzz");
    let corpus = fuzz_dir.join("corpus").join(target);
    let started = std::time::Instant::now();
    let mut child = command("cargo")
        .current_dir(&fuzz_dir)
        .args(["fuzz", "run", "--sanitizer", "none", "--codegen-units", "8", target])
        .arg(&corpus)
        .args(["--", &format!("-max_total_time={seconds}"), "-timeout=10", "-rss_limit_mb=3072", "-print_final_stats=1"])
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
    let mut outcome = Outcome { target: target.to_string(), ok: false, executions: None, coverage: None, features: None, peak_rss_mb: None, seconds: 0.0 };
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(std::io::Result::ok) {
            // libFuzzer's status lines (`#N pulse/NEW/REDUCE/DONE cov: … ft: …`) and final stats.
            if line.starts_with('#') && line.contains("cov:") {
                outcome.coverage = number_after(&line, "cov:").or(outcome.coverage);
                outcome.features = number_after(&line, "ft:").or(outcome.features);
            }
            if let Some(n) = number_after(&line, "stat::number_of_executed_units:") {
                outcome.executions = Some(n);
            }
            if let Some(n) = number_after(&line, "stat::peak_rss_mb:") {
                outcome.peak_rss_mb = Some(n);
            }
            let noisy = line.starts_with('#') && (line.contains("pulse") || line.contains("NEW") || line.contains("REDUCE"));
            if !noisy {
                eprintln!("{line}");
            }
        }
    }
    let status = child.wait().map_err(|e| format!("waiting for cargo fuzz: {e}"))?;
    outcome.ok = status.success();
    outcome.seconds = started.elapsed().as_secs_f64();
    Ok(outcome)
}

pub fn run_fuzz(args: &[String]) -> Result {
    let mut seconds = 60;
    let mut targets: Vec<String> = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--time" | "-t" => seconds = parse_duration(args.next().ok_or("--time needs a value")?)?,
            a if a.starts_with("--time=") => seconds = parse_duration(&a["--time=".len()..])?,
            a if TARGETS.contains(&a) => targets.push(a.to_string()),
            a => return Err(format!("unknown fuzz target or option `{a}` (targets: {})", TARGETS.join(", "))),
        }
    }
    if targets.is_empty() {
        targets = TARGETS.iter().map(|t| t.to_string()).collect();
    }
    ensure_cargo_fuzz()?;
    say("writing the seed corpora to fuzz/corpus/");
    run(command("cargo").current_dir(root()).args(["run", "--quiet", "-p", "podlife-fuzzing", "--bin", "fuzz-seeds", "--"]).arg(root().join("fuzz").join("corpus")))?;
    let mut outcomes = Vec::new();
    for target in &targets {
        say(&format!("── fuzzing {target} for {seconds}s ──"));
        outcomes.push(fuzz_one(target, seconds)?);
    }
    println!();
    println!("xtask fuzz summary");
    println!("  {:<10} {:<6} {:>12} {:>8} {:>8} {:>8} {:>8}", "target", "result", "executions", "cov", "ft", "rss MB", "seconds");
    let show = |n: Option<u64>| n.map_or_else(|| "-".to_string(), |n| n.to_string());
    for o in &outcomes {
        println!(
            "  {:<10} {:<6} {:>12} {:>8} {:>8} {:>8} {:>8.0}",
            o.target,
            if o.ok { "ok" } else { "FAIL" },
            show(o.executions),
            show(o.coverage),
            show(o.features),
            show(o.peak_rss_mb),
            o.seconds
        );
    }
    let total: u64 = outcomes.iter().filter_map(|o| o.executions).sum();
    println!("total: {total} executions");
    let failed: Vec<&str> = outcomes.iter().filter(|o| !o.ok).map(|o| o.target.as_str()).collect();
    if failed.is_empty() { Ok(()) } else { Err(format!("crash, hang or out-of-memory in: {} (see fuzz/artifacts/)", failed.join(", "))) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_libfuzzer_lines() {
        assert_eq!(parse_duration("90").unwrap(), 90);
        assert_eq!(parse_duration("5m").unwrap(), 300);
        assert_eq!(parse_duration("2h").unwrap(), 7200);
        assert!(parse_duration("x").is_err());
        let line = "#1048576\tDONE   cov: 2345 ft: 9876 corp: 120/30Kb lim: 4096 exec/s: 3495 rss: 512Mb";
        assert_eq!(number_after(line, "cov:"), Some(2345));
        assert_eq!(number_after(line, "ft:"), Some(9876));
        assert_eq!(number_after("stat::number_of_executed_units: 1048576", "stat::number_of_executed_units:"), Some(1048576));
    }

    #[test]
    fn targets_match_the_fuzz_directory() {
        let mut files: Vec<String> = std::fs::read_dir(root().join("fuzz/fuzz_targets"))
            .expect("fuzz/fuzz_targets")
            .filter_map(|e| e.ok()?.path().file_stem().map(|s| s.to_string_lossy().into_owned()))
            .collect();
        files.sort();
        let mut ours: Vec<String> = TARGETS.iter().map(|t| t.to_string()).collect();
        ours.sort();
        assert_eq!(files, ours);
    }
}

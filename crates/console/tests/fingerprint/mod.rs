//! Reaction fingerprints (issue 20's guard rail): the golden and corpus tests note, after every
//! reaction of every script, the engine's clock, the task that ran, the RNG's state, the queue's
//! sequence and length, etcd's revision and the trace's sequence
//! (`podlife_engine::fingerprint`), and compare them with `tests/fingerprints/<suite>.txt`.
//! That catches a change in the order of work at the reaction where it happens, also where the
//! goldens filter the trace (Lease renewals, routine probes) or print nothing.
//!
//! Each line: `script reactions hash every checkpoints`, where `hash` (FNV-1a 64) covers every
//! reaction's fingerprint and the state at the script's end, and `checkpoints` is the running
//! hash after every `every` reactions (its low 32 bits in hex, comma-separated), to name the
//! first stretch of reactions that differs without storing them all. `every` is 64, doubled
//! for long scripts until at most `MAX_CHECKPOINTS` remain (the file stays small).
//!
//! `PODLIFE_UPDATE_FINGERPRINTS=1` rewrites the file (a change that is meant to alter the
//! order of work; say so in the commit). `PODLIFE_FINGERPRINT_DUMP=DIR` writes every reaction's
//! numbers of every script run to `DIR/<script>.txt` (with `PODLIFE_GOLDEN_ONLY` /
//! `PODLIFE_CORPUS_ONLY` to pick the script): dump on the old commit and on the new one and
//! diff the two to see the exact reaction and counter.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use podlife_engine::Engine;
use podlife_engine::fingerprint::{self, Fingerprint, Fnv};

/// Reactions per checkpoint, at least.
pub const EVERY: usize = 64;
/// Checkpoints per script, at most.
pub const MAX_CHECKPOINTS: usize = 256;

/// One script's fingerprints, summarised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub reactions: usize,
    pub hash: u64,
    /// The running hash after every `EVERY` reactions.
    pub checkpoints: Vec<u32>,
    /// Every reaction's fingerprint and the end state, kept only for `PODLIFE_FINGERPRINT_DUMP`.
    pub all: Vec<Fingerprint>,
}

/// Starts noting this thread's reactions; call after the session is made (the default
/// cluster's boot is shared by every script and not part of any).
pub fn start() {
    fingerprint::start();
}

/// The reactions noted since `start`, and `end` (the engine as the script left it: the
/// client's own requests after the last reaction move its counters too).
pub fn finish(end: Option<&Engine>) -> Run {
    let mut all = fingerprint::take();
    let reactions = all.len();
    let mut h = Fnv::new();
    let mut checkpoints = Vec::new();
    for (i, f) in all.iter().enumerate() {
        h.write_u64(f.hash());
        if (i + 1).is_multiple_of(EVERY) {
            checkpoints.push(h.finish() as u32);
        }
    }
    if let Some(e) = end {
        let f = e.fingerprint(0);
        h.write_u64(f.hash());
        all.push(f);
    }
    if std::env::var_os("PODLIFE_FINGERPRINT_DUMP").is_none() {
        all = Vec::new();
    }
    Run { reactions, hash: h.finish(), checkpoints, all }
}

fn updating() -> bool {
    std::env::var_os("PODLIFE_UPDATE_FINGERPRINTS").is_some()
}

/// The checkpoints after every `every` reactions (a multiple of `EVERY`).
fn coarse(checkpoints: &[u32], every: usize) -> Vec<u32> {
    let step = every / EVERY;
    checkpoints.iter().skip(step - 1).step_by(step).copied().collect()
}

fn line(name: &str, r: &Run) -> String {
    let mut every = EVERY;
    while r.checkpoints.len() / (every / EVERY) > MAX_CHECKPOINTS {
        every *= 2;
    }
    let cps: Vec<String> = coarse(&r.checkpoints, every).iter().map(|c| format!("{c:08x}")).collect();
    format!("{name} {} {:016x} {every} {}", r.reactions, r.hash, if cps.is_empty() { "-".to_string() } else { cps.join(",") })
}

struct Recorded {
    reactions: usize,
    hash: u64,
    every: usize,
    checkpoints: Vec<u32>,
}

fn parse(line: &str) -> Option<(String, Recorded)> {
    let mut w = line.split(' ');
    let name = w.next()?.to_string();
    let reactions = w.next()?.parse().ok()?;
    let hash = u64::from_str_radix(w.next()?, 16).ok()?;
    let every: usize = w.next()?.parse().ok()?;
    if every < EVERY || !every.is_multiple_of(EVERY) {
        return None;
    }
    let cps = w.next()?;
    let checkpoints = if cps == "-" { Vec::new() } else { cps.split(',').map(|c| u32::from_str_radix(c, 16).ok()).collect::<Option<Vec<_>>>()? };
    Some((name, Recorded { reactions, hash, every, checkpoints }))
}

/// Where a run departs from its recording, in words.
fn difference(name: &str, want: &Recorded, got: &Run) -> Option<String> {
    if want.hash == got.hash && want.reactions == got.reactions {
        return None;
    }
    let every = want.every;
    let got_checkpoints = coarse(&got.checkpoints, every);
    let same = want.checkpoints.iter().zip(&got_checkpoints).take_while(|(a, b)| a == b).count();
    let from = same * every + 1;
    let common = want.reactions.min(got.reactions);
    let place = if same < want.checkpoints.len().min(got_checkpoints.len()) {
        format!("first difference in reactions {from}..={}", from + every - 1)
    } else if from <= common {
        format!("first difference in reactions {from}..={common}")
    } else if want.reactions != got.reactions {
        format!("the first {common} reactions agree, then the counts differ")
    } else {
        "every reaction agrees; the state after the last one differs (a client request)".to_string()
    };
    Some(format!("{name}: reaction fingerprints differ: {place} (recorded {} reactions, got {})", want.reactions, got.reactions))
}

/// Compares (or, with `PODLIFE_UPDATE_FINGERPRINTS`, records) the runs of one suite.
/// `complete`: every script of the suite ran (no `…_ONLY` filter), so recorded lines of
/// scripts that are gone are stale.
pub fn check(suite: &str, runs: &BTreeMap<String, Run>, complete: bool) -> Result<(), String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fingerprints").join(format!("{suite}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let recorded: BTreeMap<String, Recorded> = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).filter_map(parse).collect();
    if updating() {
        let mut lines: BTreeMap<String, String> =
            if complete { BTreeMap::new() } else { text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).filter_map(|l| Some((l.split(' ').next()?.to_string(), l.to_string()))).collect() };
        for (name, r) in runs {
            lines.insert(name.clone(), line(name, r));
        }
        let mut out = String::from("# script reactions hash every checkpoints: see crates/console/tests/fingerprint/mod.rs\n");
        for l in lines.values() {
            out.push_str(l);
            out.push('\n');
        }
        std::fs::create_dir_all(path.parent().expect("dir")).map_err(|e| e.to_string())?;
        return std::fs::write(&path, out).map_err(|e| format!("{}: {e}", path.display()));
    }
    let dump = std::env::var_os("PODLIFE_FINGERPRINT_DUMP").map(PathBuf::from);
    let mut problems = Vec::new();
    for (name, got) in runs {
        match recorded.get(name) {
            None => problems.push(format!("{name}: no recorded fingerprints")),
            Some(want) => problems.extend(difference(name, want, got)),
        }
        if let Some(dir) = &dump {
            write_dump(dir, name, got);
        }
    }
    if complete {
        for name in recorded.keys().filter(|n| !runs.contains_key(*n)) {
            problems.push(format!("{name}: recorded but no such script ran"));
        }
    }
    let only_new_or_gone = problems.iter().all(|p| p.ends_with(": no recorded fingerprints") || p.ends_with(": recorded but no such script ran"));
    if problems.is_empty() {
        Ok(())
    } else if only_new_or_gone {
        // Nothing ran in another order: scripts or inputs came or went (a new golden script or
        // lesson also changes the fuzz targets' seeds and so their smoke inputs).
        Err(format!(
            "{}: scripts or inputs without a recording, or recordings of ones that are gone — nothing differs; record them with PODLIFE_UPDATE_FINGERPRINTS=1:\n{}",
            path.display(),
            problems.join("\n")
        ))
    } else {
        Err(format!(
            "{} (PODLIFE_FINGERPRINT_DUMP=DIR writes each reaction's numbers, to diff with a dump from the old commit; PODLIFE_UPDATE_FINGERPRINTS=1 records, only for a change meant to alter the order of work):\n{}",
            path.display(),
            problems.join("\n")
        ))
    }
}

/// Every reaction's numbers, one line each (`index now task_seq rng next_seq revision trace_seq queue_len`).
pub fn write_dump(dir: &Path, name: &str, run: &Run) {
    let mut out = String::new();
    for (i, f) in run.all.iter().enumerate() {
        let label = if i == run.reactions { "end".to_string() } else { (i + 1).to_string() };
        let [now, task, rng, next, rev, trace, queue] = f.fields();
        out.push_str(&format!("{label} now={now} task={task} rng={rng:016x} next_seq={next} rev={rev} trace_seq={trace} queue={queue}\n"));
    }
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(dir.join(format!("{name}.txt")), out);
}

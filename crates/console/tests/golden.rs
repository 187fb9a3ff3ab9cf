//! Golden transcripts: every `tests/scripts/*.sh` runs on a fresh default cluster (seed 1) and
//! its transcript, diagnostics and trace must equal `*.golden` beside it byte for byte.
//! `PODLIFE_UPDATE_GOLDEN=1 cargo test -p podlife-console --test golden` rewrites them (review
//! the diff against upstream before committing).
//!
//! The same runs check the reaction fingerprints (`fingerprint/mod.rs`) against
//! `tests/fingerprints/scripts.txt`; `PODLIFE_UPDATE_FINGERPRINTS=1` rewrites that. And every
//! object stored at a script's end must come back unchanged from a round trip through the
//! schema table (`roundtrip/mod.rs`).

mod fingerprint;
mod roundtrip;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use podlife_console::{Session, render, script};

fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scripts")
}

/// The golden text, the reaction fingerprints and the objects that change in a schema round trip.
fn render_run(name: &str, text: &str) -> (String, fingerprint::Run, Vec<String>) {
    let session = Session::new(1);
    fingerprint::start();
    let t = match script::run(text, session) {
        Ok(t) => t,
        Err(e) => return (format!("script error: {e}\n"), fingerprint::finish(None), Vec::new()),
    };
    let fp = fingerprint::finish(Some(t.session.engine()));
    let unstable = roundtrip::check_store(name, t.session.engine());
    let mut out = podlife_console::golden::transcript_text(&t);
    out.push_str("--- trace ---\n");
    // Routine work is left out (`golden::routine`): Lease renewals, answered traffic requests,
    // the system pods' passing probes and periodic syncs.
    let routine = |e: &&podlife_engine::TraceEvent| podlife_console::golden::routine(e);
    for e in t.session.engine().trace().iter().filter(|e| !routine(e)) {
        out.push_str(&render::line(e));
        out.push('\n');
    }
    (out, fp, unstable)
}

#[test]
fn golden_transcripts() {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(scripts_dir())
        .expect("tests/scripts exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sh"))
        // `PODLIFE_GOLDEN_ONLY=name` checks (or refreshes) the scripts whose name contains it.
        .filter(|p| std::env::var("PODLIFE_GOLDEN_ONLY").is_ok_and(|only| p.to_string_lossy().contains(&only)) || std::env::var_os("PODLIFE_GOLDEN_ONLY").is_none())
        .collect();
    entries.sort();
    assert!(!entries.is_empty(), "no scripts found");
    let mut failures = Vec::new();
    let mut fingerprints = BTreeMap::new();
    let mut unstable = Vec::new();
    for path in entries {
        let text = std::fs::read_to_string(&path).expect("readable script");
        let name = path.file_name().expect("file name").to_string_lossy().to_string();
        let (got, fp, changed) = render_run(&name, &text);
        fingerprints.insert(name, fp);
        unstable.extend(changed);
        if let Err(e) = podlife_console::golden::check(&path.with_extension("golden"), &got) {
            failures.push(e);
        }
    }
    let fingerprints = fingerprint::check("scripts", &fingerprints, std::env::var_os("PODLIFE_GOLDEN_ONLY").is_none());
    assert!(failures.is_empty(), "golden mismatches (PODLIFE_UPDATE_GOLDEN=1 to refresh):\n{}{}", failures.join("\n"), fingerprints.as_ref().err().map(|e| format!("\n\nand {e}")).unwrap_or_default());
    // The goldens agree; the order of the work behind them must too (issue 20's guard rail).
    if let Err(e) = fingerprints {
        panic!("{e}");
    }
    assert!(unstable.is_empty(), "stored objects that a round trip through the schema table changes:\n{}", unstable.join("\n"));
}

/// Same script and seed ⇒ byte-identical JSON trace.
#[test]
fn runs_are_deterministic() {
    let text = std::fs::read_to_string(scripts_dir().join("pending-without-scheduler.sh")).expect("script");
    let json = |t: script::Transcript| {
        t.session.engine().trace().iter().map(|e| serde_json::to_string(e).unwrap_or_default()).collect::<Vec<_>>().join("\n")
    };
    let a = json(script::run(&text, Session::new(7)).expect("runs"));
    let b = json(script::run(&text, Session::new(7)).expect("runs"));
    assert!(!a.is_empty());
    assert_eq!(a, b);
    let c = json(script::run(&text, Session::new(8)).expect("runs"));
    assert_ne!(a, c, "the seed must matter (uids, names, delays)");
}

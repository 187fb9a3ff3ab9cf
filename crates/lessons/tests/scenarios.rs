//! Every built-in scenario, run as the web app runs it: setup, Apply (each tab through
//! `kubectl apply -f -`), `horizon_seconds` of cluster time, then the suggested console
//! commands and 30 s more. The transcript of `kubectl get pods` / `kubectl get events` and the
//! containers' stops and exits from the trace (signals, kills, exit codes: the part of the
//! story no table shows) must equal `tests/golden/<id>.golden`;
//! `PODLIFE_UPDATE_GOLDEN=1 cargo test -p podlife-lessons` rewrites them (review the diff).
//!
//! The same runs check the reaction fingerprints (the console's `tests/fingerprint/mod.rs`)
//! against `tests/fingerprints/scenarios.txt`; `PODLIFE_UPDATE_FINGERPRINTS=1` rewrites that.

#[path = "../../console/tests/fingerprint/mod.rs"]
mod fingerprint;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use podlife_console::{Session, script};
use podlife_lessons::{Scenario, all};

/// Trace actions that tell a container's story: kills (why, with which grace), signals and
/// what the process did with them, exits with their codes, image pulls.
const STORY_ACTIONS: &[&str] = &["kubelet.kill", "signal", "shim", "image.pull"];

/// Stories whose transcript would be thousands of lines (a line per pod): no golden; their
/// own tests check the outcome (`crates/player/tests/scenarios.rs`).
const TOO_LONG_FOR_A_GOLDEN: &[&str] = &["thousand-pods", "zone-spread"];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn run_line(session: &mut Session, out: &mut String, line: &str, stdin: Option<&str>, shown: &str) {
    out.push_str("$ ");
    out.push_str(shown);
    out.push('\n');
    out.push_str(&session.exec(line, stdin).text);
}

fn run(s: &Scenario) -> (String, fingerprint::Run) {
    let mut session = Session::new(1);
    fingerprint::start();
    let mut out = String::new();
    let setup = script::parse(s.setup).unwrap_or_else(|e| panic!("{}: setup does not parse: {e}", s.id));
    for c in setup {
        run_line(&mut session, &mut out, &c.text, c.stdin.as_deref(), &c.text);
    }
    for f in s.files {
        run_line(&mut session, &mut out, "kubectl apply -f -", Some(f.text), &format!("kubectl apply -f - <<EOF   # {}", f.name));
    }
    let horizon = format!("sleep {}", s.horizon_seconds);
    run_line(&mut session, &mut out, &horizon, None, &horizon);
    run_line(&mut session, &mut out, "kubectl get pods -o wide", None, "kubectl get pods -o wide");
    run_line(&mut session, &mut out, "kubectl get events", None, "kubectl get events");
    if !s.after_apply.is_empty() {
        for c in s.after_apply {
            run_line(&mut session, &mut out, c, None, c);
        }
        run_line(&mut session, &mut out, "sleep 30", None, "sleep 30");
        run_line(&mut session, &mut out, "kubectl get pods -o wide", None, "kubectl get pods -o wide");
    }
    out.push_str("--- containers (trace) ---\n");
    for e in session.engine().trace().iter().filter(|e| STORY_ACTIONS.contains(&e.action.id())) {
        out.push_str(&podlife_console::render::line(e));
        out.push('\n');
    }
    (out, fingerprint::finish(Some(session.engine())))
}

#[test]
fn scenarios_tell_their_story() {
    let mut failures = Vec::new();
    let mut fingerprints = BTreeMap::new();
    for s in all().iter().filter(|s| !TOO_LONG_FOR_A_GOLDEN.contains(&s.id)) {
        let (got, fp) = run(s);
        fingerprints.insert(s.id.to_string(), fp);
        let path = golden_dir().join(format!("{}.golden", s.id));
        if let Err(e) = podlife_console::golden::check(&path, &got) {
            failures.push(e);
        }
    }
    let fingerprints = fingerprint::check("scenarios", &fingerprints, true);
    assert!(failures.is_empty(), "golden mismatches (PODLIFE_UPDATE_GOLDEN=1 to refresh):\n{}{}", failures.join("\n"), fingerprints.as_ref().err().map(|e| format!("\n\nand {e}")).unwrap_or_default());
    // The goldens agree; the order of the work behind them must too (issue 20's guard rail).
    if let Err(e) = fingerprints {
        panic!("{e}");
    }
}

/// No error of any kind anywhere in a scenario's own commands: every manifest is accepted,
/// every setup line and suggested command succeeds.
#[test]
fn scenarios_run_without_errors() {
    for s in all() {
        let mut session = Session::new(1);
        for c in script::parse(s.setup).expect("setup parses") {
            let out = session.exec(&c.text, c.stdin.as_deref());
            assert!(!out.failed, "{}: setup `{}` failed:\n{}", s.id, c.text, out.text);
        }
        for f in s.files {
            let out = session.exec("kubectl apply -f -", Some(f.text));
            assert!(!out.failed && out.diagnostics.is_empty(), "{}: {} is refused:\n{}", s.id, f.name, out.text);
            assert!(out.text.lines().all(|l| l.ends_with(" created")), "{}: {}:\n{}", s.id, f.name, out.text);
        }
        session.exec(&format!("sleep {}", s.horizon_seconds), None);
        for c in s.after_apply {
            let out = session.exec(c, None);
            assert!(!out.failed, "{}: `{c}` failed:\n{}", s.id, out.text);
        }
    }
}

/// Every file parses as YAML into objects, without errors.
#[test]
fn every_file_parses() {
    for s in all() {
        for f in s.files {
            let items = podlife_manifest::parse(f.text);
            assert!(!items.is_empty(), "{}: {} holds no object", s.id, f.name);
            for item in items {
                match item {
                    podlife_manifest::Item::Object(d) => {
                        assert!(d.value.get("apiVersion").is_some() && d.value.get("kind").is_some(), "{}: {}", s.id, f.name);
                    }
                    podlife_manifest::Item::Error(e) => panic!("{}: {}: {}", s.id, f.name, e.go_yaml_text()),
                }
            }
        }
    }
}

/// Each scenario directory holds exactly the files its scenario lists (nothing forgotten),
/// and every listed id has a directory.
#[test]
fn scenario_directories_match_the_list() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../stories/scenarios");
    let mut dirs: Vec<String> = std::fs::read_dir(&root).expect("scenarios/").filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    dirs.sort();
    let mut ids: Vec<String> = all().iter().map(|s| s.id.to_string()).collect();
    ids.sort();
    assert_eq!(dirs, ids);
    for s in all() {
        let mut on_disk: Vec<String> = std::fs::read_dir(root.join(s.id)).expect("dir").filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
        on_disk.sort();
        let mut listed: Vec<String> = s.files.iter().map(|f| f.name.to_string()).collect();
        if !s.setup.is_empty() {
            listed.push("setup.sh".into());
        }
        listed.sort();
        assert_eq!(on_disk, listed, "{}", s.id);
    }
}

/// Every scenario has a title and an introduction in both locales, and nothing else is
/// described there.
#[test]
fn every_scenario_is_introduced_in_english_and_korean() {
    for locale in ["en", "ko"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../static/i18n/{locale}/scenarios.ftl"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let ids: Vec<&str> = text.lines().filter(|l| !l.starts_with([' ', '#', '\t']) && l.contains(" =")).filter_map(|l| l.split(" =").next()).collect();
        assert!(ids.contains(&"scenario-picker-label"), "{locale}: scenario-picker-label");
        for s in all() {
            for suffix in ["title", "intro"] {
                let key = format!("scenario-{}-{suffix}", s.id);
                assert!(ids.contains(&key.as_str()), "{locale}: missing {key}");
            }
        }
        for id in ids {
            if let Some(rest) = id.strip_prefix("scenario-").and_then(|r| r.strip_suffix("-title").or_else(|| r.strip_suffix("-intro"))) {
                assert!(podlife_lessons::by_id(rest).is_some(), "{locale}: {id} names no scenario");
            }
        }
    }
}

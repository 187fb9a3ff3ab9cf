//! The kubernetes.io example corpus (issue 19): every `tests/corpus/*.sh` follows one docs page's
//! steps on a fresh default cluster (seed 1) and its transcript (with diagnostics, without the
//! trace) must equal `*.golden` beside it. `kubectl apply -f https://k8s.io/examples/X` (or
//! `https://kubernetes.io/examples/X`, as some pages write it) reads `tests/corpus/examples/X` (the copies of kubernetes/website's `content/en/examples/`, see
//! `tests/corpus/NOTICE`); any other relative path is read from `tests/corpus/`.
//!
//! `tests/corpus/INVENTORY.md` lists every example file with its status:
//! - `covered`: the script named in the row applies it and its golden passes;
//! - `FAILING`: the golden holds what the page (and upstream 1.36) shows, podlife prints
//!   something else; the test reports these by name and fails if one starts to pass (then mark it
//!   `covered`), so a fix is never silent. `PODLIFE_UPDATE_GOLDEN=1` never rewrites them;
//! - `exception`: no script, with the reason in the row (listed in ARCHITECTURE.md too);
//! - `uncovered`: not yet written; reported by name. `PODLIFE_CORPUS_STRICT=1` fails on them.
//!
//! `PODLIFE_UPDATE_GOLDEN=1 cargo test -p podlife-console --test corpus` rewrites the goldens of
//! the covered scripts (read every line against the page before committing);
//! `PODLIFE_CORPUS_ONLY=name` runs the scripts whose name contains it.
//!
//! The same runs check the reaction fingerprints (`fingerprint/mod.rs`) against
//! `tests/fingerprints/corpus.txt`, FAILING scripts included; `PODLIFE_UPDATE_FINGERPRINTS=1`
//! rewrites that. And every object stored at a script's end must come back unchanged from a
//! round trip through the schema table (`roundtrip/mod.rs`).

mod fingerprint;
mod roundtrip;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use podlife_console::{Session, script};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus")
}

const EXAMPLES_URL: &str = "https://k8s.io/examples/";
/// Some pages spell the examples' address this way; it serves the same files.
const EXAMPLES_URL_LONG: &str = "https://kubernetes.io/examples/";

fn read_corpus_file(name: &str) -> Option<String> {
    let dir = corpus_dir();
    let path = match name.strip_prefix(EXAMPLES_URL).or_else(|| name.strip_prefix(EXAMPLES_URL_LONG)) {
        Some(rest) => dir.join("examples").join(rest),
        None if name.contains("://") || name.starts_with('/') || name.contains("..") => return None,
        None => dir.join(name),
    };
    std::fs::read_to_string(path).ok()
}

/// The golden text, the reaction fingerprints and the objects that change in a schema round trip.
fn render_run(name: &str, text: &str) -> (String, fingerprint::Run, Vec<String>) {
    let session = Session::new(1).with_file_reader(read_corpus_file);
    fingerprint::start();
    let t = match script::run(text, session) {
        Ok(t) => t,
        Err(e) => return (format!("script error: {e}\n"), fingerprint::finish(None), Vec::new()),
    };
    let fp = fingerprint::finish(Some(t.session.engine()));
    (podlife_console::golden::transcript_text(&t), fp, roundtrip::check_store(name, t.session.engine()))
}

#[derive(Debug)]
struct Row {
    example: String,
    status: String,
    script: String,
    line: usize,
}

/// The rows of INVENTORY.md's tables: `| `path` | page(s) | status | script | notes |`.
fn inventory() -> Vec<Row> {
    let text = std::fs::read_to_string(corpus_dir().join("INVENTORY.md")).expect("tests/corpus/INVENTORY.md");
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix("| `") else { continue };
        let cells: Vec<&str> = rest.split(" | ").collect();
        assert!(cells.len() >= 5, "INVENTORY.md:{}: a row needs 5 cells: {line}", i + 1);
        rows.push(Row {
            example: cells[0].trim_end_matches('`').to_string(),
            status: cells[2].trim().to_string(),
            script: cells[3].trim().trim_matches('`').to_string(),
            line: i + 1,
        });
    }
    rows
}

fn example_files(dir: &Path, base: &Path, out: &mut BTreeSet<String>) {
    for e in std::fs::read_dir(dir).expect("readable dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            example_files(&p, base, out);
        } else {
            out.insert(p.strip_prefix(base).expect("under base").to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn inventory_is_complete() {
    let rows = inventory();
    let mut problems = Vec::new();
    let listed: BTreeMap<&str, &Row> = rows.iter().map(|r| (r.example.as_str(), r)).collect();
    if listed.len() != rows.len() {
        problems.push("an example is listed twice".to_string());
    }
    let mut copied = BTreeSet::new();
    example_files(&corpus_dir().join("examples"), &corpus_dir().join("examples"), &mut copied);
    for file in &copied {
        if !listed.contains_key(file.as_str()) {
            problems.push(format!("examples/{file} is not in INVENTORY.md"));
        }
    }
    let mut uncovered = Vec::new();
    for r in &rows {
        match r.status.as_str() {
            "covered" | "FAILING" => {
                let script = corpus_dir().join(&r.script);
                let Ok(text) = std::fs::read_to_string(&script) else {
                    problems.push(format!("INVENTORY.md:{}: {} names script {:?}, which does not exist", r.line, r.example, r.script));
                    continue;
                };
                if !copied.contains(&r.example) {
                    problems.push(format!("INVENTORY.md:{}: {} is {} but not copied under tests/corpus/examples/", r.line, r.example, r.status));
                }
                if !text.contains(&format!("{EXAMPLES_URL}{}", r.example))
                    && !text.contains(&format!("{EXAMPLES_URL_LONG}{}", r.example))
                    && !text.contains(&format!("# example: {}", r.example))
                {
                    problems.push(format!("INVENTORY.md:{}: {} never uses {}", r.line, r.script, r.example));
                }
            }
            "exception" => {}
            "uncovered" => uncovered.push(r.example.clone()),
            other => problems.push(format!("INVENTORY.md:{}: unknown status {other:?}", r.line)),
        }
    }
    let count = |s: &str| rows.iter().filter(|r| r.status == s).count();
    eprintln!(
        "corpus inventory: {} examples: {} covered, {} FAILING, {} exceptions, {} uncovered",
        rows.len(),
        count("covered"),
        count("FAILING"),
        count("exception"),
        uncovered.len()
    );
    if !uncovered.is_empty() {
        eprintln!("uncovered examples:\n  {}", uncovered.join("\n  "));
        if std::env::var_os("PODLIFE_CORPUS_STRICT").is_some() {
            problems.push(format!("{} examples are uncovered (PODLIFE_CORPUS_STRICT)", uncovered.len()));
        }
    }
    assert!(problems.is_empty(), "inventory problems:\n{}", problems.join("\n"));
}

#[test]
fn corpus_scripts() {
    let rows = inventory();
    let failing: BTreeSet<&str> = rows.iter().filter(|r| r.status == "FAILING").map(|r| r.script.as_str()).collect();
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/corpus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sh"))
        .filter(|p| std::env::var("PODLIFE_CORPUS_ONLY").map_or(true, |only| p.to_string_lossy().contains(&only)))
        .collect();
    scripts.sort();
    assert!(!scripts.is_empty(), "no corpus scripts found");
    let mut problems = Vec::new();
    let mut still_failing = Vec::new();
    let mut fingerprints = BTreeMap::new();
    let mut unstable = Vec::new();
    for path in scripts {
        let name = path.file_name().expect("file name").to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).expect("readable script");
        let (got, fp, changed) = render_run(&name, &text);
        fingerprints.insert(name.clone(), fp);
        unstable.extend(changed);
        let golden = path.with_extension("golden");
        if failing.contains(name.as_str()) {
            // The golden is what the page shows; podlife is known to differ.
            let want = std::fs::read_to_string(&golden).unwrap_or_default();
            if got == want {
                problems.push(format!("{name} is marked FAILING in INVENTORY.md but now matches its golden: mark it covered"));
            } else {
                let first = got.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or_else(|| got.lines().count().min(want.lines().count()));
                still_failing.push(format!(
                    "{name} (line {}):\n    page:    {:?}\n    podlife: {:?}",
                    first + 1,
                    want.lines().nth(first).unwrap_or(""),
                    got.lines().nth(first).unwrap_or("")
                ));
            }
            continue;
        }
        if let Err(e) = podlife_console::golden::check(&golden, &got) {
            problems.push(e);
        }
    }
    if !still_failing.is_empty() {
        eprintln!("known FAILING corpus scripts (see tests/corpus/INVENTORY.md):\n  {}", still_failing.join("\n  "));
    }
    let fingerprints = fingerprint::check("corpus", &fingerprints, std::env::var_os("PODLIFE_CORPUS_ONLY").is_none());
    assert!(
        problems.is_empty(),
        "corpus mismatches (PODLIFE_UPDATE_GOLDEN=1 to refresh the covered ones):\n{}{}",
        problems.join("\n"),
        fingerprints.as_ref().err().map(|e| format!("\n\nand {e}")).unwrap_or_default()
    );
    // The goldens agree; the order of the work behind them must too (issue 20's guard rail).
    if let Err(e) = fingerprints {
        panic!("{e}");
    }
    assert!(unstable.is_empty(), "stored objects that a round trip through the schema table changes:\n{}", unstable.join("\n"));
}

//! The fuzz targets without libFuzzer: every body over its seed corpus, then a few thousand
//! deterministic mutations (`mutate`), so the ordinary test suite catches a regression the
//! campaign would find. Inputs are bounded per target by the bodies' own work budgets.
//!
//! The targets that drive the engine (`kubectl`, `script`) also check every input's reaction
//! fingerprints (issue 20's guard rail, the console's `tests/fingerprint/mod.rs`) against
//! `tests/fingerprints/<target>.txt`; `PODLIFE_UPDATE_FINGERPRINTS=1 cargo test -p
//! podlife-fuzzing --test smoke` records them.

#[path = "../../console/tests/fingerprint/mod.rs"]
mod fingerprint;

use std::collections::BTreeMap;

use podlife_fuzzing::{TARGETS, mutate, seeds};

/// The targets whose inputs run the engine's reactions.
const FINGERPRINTED: &[&str] = &["kubectl", "script"];

fn smoke(name: &str) {
    podlife_fuzzing::budget::smoke_mode();
    let target = podlife_fuzzing::target(name).expect("a target of that name");
    let seeds = seeds::for_target(name);
    assert!(!seeds.is_empty(), "{name}: no seeds");
    let fingerprinted = FINGERPRINTED.contains(&name);
    if fingerprinted {
        // The default cluster boots once per process, outside every input's recording.
        drop(podlife_console::Session::new(1));
    }
    let mut runs = BTreeMap::new();
    let mut run = |label: String, input: &[u8]| {
        if fingerprinted {
            fingerprint::start();
        }
        (target.run)(input);
        if fingerprinted {
            // The bodies keep their session: the reactions alone.
            runs.insert(format!("{label}-{:016x}", seeds::hash(input)), fingerprint::finish(None));
        }
    };
    let step = seeds.len().div_ceil(target.smoke_seeds.min(seeds.len()));
    for (i, seed) in seeds.iter().step_by(step.max(1)).enumerate() {
        run(format!("seed{i:04}"), seed);
    }
    let mut rng = mutate::Rng::new(seeds::hash(name.as_bytes()));
    for i in 0..target.smoke_mutations {
        let a = &seeds[rng.below(seeds.len())];
        let b = &seeds[rng.below(seeds.len())];
        let input = mutate::mutate(&mut rng, a, b);
        run(format!("mutation{i:04}"), &input);
    }
    if fingerprinted && let Err(e) = fingerprint::check(name, &runs, true) {
        panic!("{e}");
    }
}

#[test]
fn every_target_has_a_smoke_test() {
    let names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
    assert_eq!(names, ["manifest", "kubectl", "shell", "script", "jsonpath", "selectors", "patch", "keep", "complete"]);
}

#[test]
fn smoke_manifest() {
    smoke("manifest");
}

#[test]
fn smoke_kubectl() {
    smoke("kubectl");
}

#[test]
fn smoke_shell() {
    smoke("shell");
}

#[test]
fn smoke_script() {
    smoke("script");
}

#[test]
fn smoke_jsonpath() {
    smoke("jsonpath");
}

#[test]
fn smoke_selectors() {
    smoke("selectors");
}

#[test]
fn smoke_patch() {
    smoke("patch");
}

#[test]
fn smoke_keep() {
    smoke("keep");
}

#[test]
fn smoke_complete() {
    smoke("complete");
}

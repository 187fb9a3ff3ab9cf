//! The fuzz targets without libFuzzer: every body over its seed corpus, then a few thousand
//! deterministic mutations (`mutate`), so the ordinary test suite catches a regression the
//! campaign would find. Inputs are bounded per target by the bodies' own work budgets.

use podlife_fuzzing::{TARGETS, mutate, seeds};

fn smoke(name: &str) {
    podlife_fuzzing::budget::smoke_mode();
    let target = podlife_fuzzing::target(name).expect("a target of that name");
    let seeds = seeds::for_target(name);
    assert!(!seeds.is_empty(), "{name}: no seeds");
    let step = seeds.len().div_ceil(target.smoke_seeds.min(seeds.len()));
    for seed in seeds.iter().step_by(step.max(1)) {
        (target.run)(seed);
    }
    let mut rng = mutate::Rng::new(seeds::hash(name.as_bytes()));
    for _ in 0..target.smoke_mutations {
        let a = &seeds[rng.below(seeds.len())];
        let b = &seeds[rng.below(seeds.len())];
        let input = mutate::mutate(&mut rng, a, b);
        (target.run)(&input);
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

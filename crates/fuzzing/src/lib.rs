//! The bodies of podlife's fuzz targets, one plain `fn(&[u8])` for every way input enters:
//! manifests (parsing and strict decoding), kubectl command lines, shell scripts, jsonpath
//! templates, label and field selectors, PATCH bodies, autosave records and share links, tab
//! completion, and whole scripts through the engine.
//!
//! `fuzz/` (a cargo-fuzz workspace of its own, so the main workspace never needs
//! libfuzzer-sys) wraps each body in a `fuzz_target!`; `cargo xtask fuzz` writes the seed
//! corpora ([`seeds`]) and runs them. `tests/smoke.rs` runs every body over its seeds and a
//! few thousand deterministic mutations ([`mutate`]) in the ordinary test suite, so a
//! regression shows up without libFuzzer.
//!
//! A body panics only on a bug: podlife must answer any input with output or an error.
//! Work is bounded per input in engine units (see [`budget`]), so a runaway shows as a
//! stated stop in the output, and only a real hang (work the budgets do not count) as a
//! libFuzzer timeout.

pub mod mutate;
pub mod seeds;
mod targets;

pub use targets::{complete, jsonpath, keep, kubectl, manifest, patch, script, selectors, shell};

/// Per-input work budgets of the bodies that run the engine or the shell. The smoke test
/// runs unoptimized, so it asks for a tenth of each ([`smoke_mode`]).
pub mod budget {
    use std::sync::atomic::{AtomicBool, Ordering};

    static SMOKE: AtomicBool = AtomicBool::new(false);

    /// Smaller budgets for every later input (the smoke test in a debug build).
    pub fn smoke_mode() {
        SMOKE.store(true, Ordering::Relaxed);
    }

    fn scaled(n: u64) -> u64 {
        if SMOKE.load(Ordering::Relaxed) { n / 10 } else { n }
    }

    /// The commands of one script that run (the rest are parsed, not run).
    pub const SCRIPT_COMMANDS: usize = 12;
    /// The kubectl lines one input runs.
    pub const KUBECTL_LINES: usize = 4;
    /// Interpreter steps of the cluster's processes per input, and at most per command (the
    /// engine's own budget is 5,000,000 per command). Pattern matching makes a step cost up to
    /// ~75 µs (see the report of issue 16's campaign), so an input stays within seconds.
    pub fn engine_steps() -> u64 {
        scaled(100_000)
    }
    pub fn engine_steps_per_command() -> u64 {
        scaled(50_000)
    }
    /// Reactions per input, and at most per command (the engine has no reaction budget of its
    /// own below the trace's cap).
    pub fn engine_reactions() -> u64 {
        scaled(60_000)
    }
    pub fn engine_reactions_per_command() -> u64 {
        scaled(20_000)
    }
    /// Interpreter steps of one standalone shell run ([`crate::shell`]), in resumes of
    /// [`SHELL_STEPS_PER_SLICE`].
    pub const SHELL_STEPS_PER_SLICE: u64 = 10_000;
    pub fn shell_steps() -> u64 {
        scaled(100_000)
    }
    /// Bytes of input a body reads (longer inputs are cut; the limits podlife states are
    /// smaller than this or tested apart).
    pub const INPUT_BYTES: usize = 64 * 1024;
}

/// A fuzz target: its name (the `fuzz/fuzz_targets/<name>.rs` file and corpus directory), its
/// body, and how many smoke mutations the test suite runs of it.
#[derive(Clone, Copy)]
pub struct Target {
    pub name: &'static str,
    pub run: fn(&[u8]),
    /// Mutations in the smoke test (the engine's targets are slow in a debug build).
    pub smoke_mutations: usize,
    /// Seeds the smoke test runs at most (all of them for the fast targets).
    pub smoke_seeds: usize,
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target { name: "manifest", run: manifest, smoke_mutations: 600, smoke_seeds: usize::MAX },
    Target { name: "kubectl", run: kubectl, smoke_mutations: 30, smoke_seeds: 40 },
    Target { name: "shell", run: shell, smoke_mutations: 600, smoke_seeds: usize::MAX },
    Target { name: "script", run: script, smoke_mutations: 6, smoke_seeds: 6 },
    Target { name: "jsonpath", run: jsonpath, smoke_mutations: 800, smoke_seeds: usize::MAX },
    Target { name: "selectors", run: selectors, smoke_mutations: 1000, smoke_seeds: usize::MAX },
    Target { name: "patch", run: patch, smoke_mutations: 800, smoke_seeds: usize::MAX },
    Target { name: "keep", run: keep, smoke_mutations: 600, smoke_seeds: usize::MAX },
    Target { name: "complete", run: complete, smoke_mutations: 1000, smoke_seeds: usize::MAX },
];

/// The target named `name`.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// The input as text (invalid UTF-8 replaced, as a browser's text field would never give it
/// but a file might), cut at [`budget::INPUT_BYTES`].
pub(crate) fn text(data: &[u8]) -> String {
    let data = &data[..data.len().min(budget::INPUT_BYTES)];
    String::from_utf8_lossy(data).into_owned()
}

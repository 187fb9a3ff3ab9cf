//! Two variants of a script run on the same seed, side by side (issue 21): `podlife compare
//! A.sh B.sh [--seed N]`, the built-in comparisons, and (later) the web app's compare view.
//!
//! Each variant runs in its own fresh `Session` (`run.rs`: the transcript `podlife run`
//! prints, when each line was printed, the trace and etcd's write history). Then:
//!
//! - `diff.rs`: the transcripts' line diff (Myers, linear space, bounded work);
//! - `reactions.rs`: the reactions that only one run has, matched across runs by component,
//!   action, object (generated name parts as `*`) and a 1 s window, aligned on simulated time;
//! - `outcome.rs`: what a learner would measure in each run — traffic failures, pods'
//!   restarts and time to Ready, rollouts' duration and fewest available replicas — read from
//!   the trace and the write history, side by side with the differences marked;
//! - `render.rs`: the CLI's English text of all three.
//!
//! Everything here is plain data over the engine's and the console's types, with no web
//! dependency; the texts a learner reads outside the CLI come from the ids (`Measure::id`,
//! `Action::id`) and the built-ins' `en.ftl`/`ko.ftl`.

pub mod builtin;
pub mod diff;
pub mod outcome;
pub mod reactions;
pub mod render;
pub mod run;

use podlife_console::{Session, script::ScriptError};

pub use reactions::Side;

/// Two runs compared.
#[derive(Debug, Clone)]
pub struct Comparison {
    pub seed: u64,
    pub a: run::Run,
    pub b: run::Run,
    /// The transcripts' line diff (over `a.transcript.lines()` and `b.transcript.lines()`).
    pub lines: diff::Diff,
    /// Each run's reactions (`reactions::reactions`) and which have a partner in the other.
    pub reactions_a: Vec<reactions::Reaction>,
    pub reactions_b: Vec<reactions::Reaction>,
    pub matching: reactions::Matching,
    /// The reactions without a partner, in time order.
    pub only_in: Vec<reactions::OnlyIn>,
    /// Each run's outcomes, and both side by side.
    pub outcomes_a: Vec<outcome::Outcome>,
    pub outcomes_b: Vec<outcome::Outcome>,
    pub table: Vec<outcome::Row>,
}

/// A variant's script is malformed (an unterminated here-document, an unknown `podlife`
/// verb, too many commands): nothing was compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareError {
    pub side: Side,
    pub error: ScriptError,
}

impl std::fmt::Display for CompareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", if self.side == Side::A { "A" } else { "B" }, self.error)
    }
}

/// Runs both scripts on fresh default clusters with `seed` and compares them.
pub fn compare(a: &str, b: &str, seed: u64) -> Result<Comparison, CompareError> {
    compare_sessions((a, Session::new(seed)), (b, Session::new(seed)), seed)
}

/// As `compare`, with the sessions given (each a fresh `Session::new(seed)`, perhaps with a
/// file reader for `kubectl apply -f FILE`).
pub fn compare_sessions(a: (&str, Session), b: (&str, Session), seed: u64) -> Result<Comparison, CompareError> {
    // Both scripts are checked before either runs.
    for (side, text) in [(Side::A, a.0), (Side::B, b.0)] {
        podlife_console::script::parse(text).map_err(|error| CompareError { side, error })?;
    }
    let run_a = run::run(a.0, a.1).map_err(|error| CompareError { side: Side::A, error })?;
    let run_b = run::run(b.0, b.1).map_err(|error| CompareError { side: Side::B, error })?;
    Ok(compare_runs(run_a, run_b, seed))
}

/// Compares two finished runs.
pub fn compare_runs(a: run::Run, b: run::Run, seed: u64) -> Comparison {
    let lines = {
        let la: Vec<&str> = a.transcript.lines().collect();
        let lb: Vec<&str> = b.transcript.lines().collect();
        diff::diff(&la, &lb)
    };
    let reactions_a = reactions::reactions(&a.trace, &a.writes);
    let reactions_b = reactions::reactions(&b.trace, &b.writes);
    let matching = reactions::match_reactions(&reactions_a, &reactions_b, reactions::WINDOW_MS);
    let only_in = reactions::unmatched(&reactions_a, &reactions_b, &matching);
    let outcomes_a = outcome::outcomes(&a);
    let outcomes_b = outcome::outcomes(&b);
    let table = outcome::table(&outcomes_a, &outcomes_b);
    Comparison { seed, a, b, lines, reactions_a, reactions_b, matching, only_in, outcomes_a, outcomes_b, table }
}

impl Comparison {
    /// The row of `measure` for `subject` (by its label, `pod/app`), if either run has it.
    pub fn row(&self, subject: &str, measure: outcome::Measure) -> Option<&outcome::Row> {
        self.table.iter().find(|r| r.measure == measure && r.subject.label() == subject)
    }
}

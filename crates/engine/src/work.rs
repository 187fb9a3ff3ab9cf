//! How much work the engine does for one command, counted in engine units (reactions run,
//! interpreter steps), never wall time, so runs stay reproducible. A command that would need
//! more than its budget — containers computing without pause for hours, a trace that is full —
//! stops at the last reaction it ran: the clock stays there, and the learner is told.

use crate::clock::Time;

/// The interpreter steps one command may cost (about two seconds of engine time: the busy
/// loops of many containers for many simulated minutes).
pub const STEPS_PER_COMMAND: u64 = 5_000_000;

/// Why the simulation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// This command's interpreter steps ran out.
    Steps(u64),
    /// This command's reactions ran out (a budget only a driver sets: the fuzz harness).
    Reactions(u64),
    /// The trace holds as many reactions as it may.
    TraceFull(usize),
    /// The command would wait for ever (`kubectl rollout status` without `--timeout`) and
    /// waited as long as podlife waits at once (in ms).
    Waiting(u64),
}

/// Where and why the simulation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stop {
    pub at: Time,
    pub reactions: u64,
    pub reason: StopReason,
}

impl Stop {
    /// `podlife stopped after N reactions at T: …; the cluster is as it was then`.
    pub fn message(&self) -> String {
        let why = match self.reason {
            StopReason::Steps(n) => format!("this command's budget of {n} interpreter steps is spent (containers computing without a pause)"),
            StopReason::Reactions(n) => format!("this command's budget of {n} reactions is spent"),
            StopReason::TraceFull(n) => format!("the trace reached its limit of {n} reactions"),
            StopReason::Waiting(ms) => format!("this command waits for ever and podlife waits at most {} at once", crate::kubelet::go_duration(ms)),
        };
        format!("podlife stopped after {} reactions at {}: {why}; the cluster is as it was then", self.reactions, crate::kubelet::go_duration(self.at.since_start()))
    }

    /// A stop that later commands cannot lift.
    pub fn is_final(&self) -> bool {
        matches!(self.reason, StopReason::TraceFull(_))
    }
}

/// The engine's work counters and the current command's budget.
#[derive(Debug, Clone, Default)]
pub struct Work {
    /// Interpreter steps run by every process so far.
    pub steps: u64,
    /// Reactions (scheduled tasks) run so far.
    pub reactions: u64,
    /// The step count at which the current command stops (None: no budget).
    pub steps_limit: Option<u64>,
    /// The reaction count at which the current command stops (None: no budget).
    pub reactions_limit: Option<u64>,
    /// A driver's own budgets per command (`Engine::set_command_budget`): interpreter steps
    /// (None: [`STEPS_PER_COMMAND`]) and reactions (None: only the trace's cap).
    pub steps_per_command: Option<u64>,
    pub reactions_per_command: Option<u64>,
    pub stopped: Option<Stop>,
    /// The stop was reported (`take_stop`).
    pub reported: bool,
}

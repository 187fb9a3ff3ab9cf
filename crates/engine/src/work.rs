//! How much work the engine does for one command, counted in engine units (reactions run,
//! interpreter steps), never wall time, so runs stay reproducible. A command that would need
//! more than its budget — containers computing without pause for hours, a trace that is full —
//! stops at the last reaction it ran: the clock stays there, and the learner is told.

use crate::clock::Time;

/// The interpreter steps one command may cost (about two seconds of engine time: the busy
/// loops of many containers for many simulated minutes).
pub const STEPS_PER_COMMAND: u64 = 5_000_000;

/// The work one command may cost, in units: every reaction costs one unit, and one more for
/// every [`PODS_PER_EXTRA_UNIT`] pods the cluster holds (what a reaction does grows with the
/// cluster: a ReplicaSet's sync reads all its namespace's pods, as upstream's does). Below
/// 1,000 pods this is a budget of a million reactions, about as many as the trace keeps; a
/// 65,536-replica Deployment stops within seconds instead of computing for minutes.
pub const UNITS_PER_COMMAND: u64 = 1_000_000;
pub const PODS_PER_EXTRA_UNIT: u64 = 1_000;

/// What one reaction costs in a cluster of `pods` pods.
pub fn reaction_units(pods: usize) -> u64 {
    1 + pods as u64 / PODS_PER_EXTRA_UNIT
}

/// Why the simulation stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// This command's interpreter steps ran out.
    Steps(u64),
    /// This command's reactions ran out (a budget only a driver sets: the fuzz harness).
    Reactions(u64),
    /// This command's units of work ran out ([`UNITS_PER_COMMAND`]).
    Work(u64),
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
            StopReason::Work(n) => format!("this command's budget of {n} units of work is spent (a reaction costs 1, and 1 more for every {PODS_PER_EXTRA_UNIT} pods in the cluster)"),
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
    /// Units of work spent so far ([`reaction_units`] per reaction).
    pub units: u64,
    /// The step count at which the current command stops (None: no budget).
    pub steps_limit: Option<u64>,
    /// The reaction count at which the current command stops (None: no budget).
    pub reactions_limit: Option<u64>,
    /// The unit count at which the current command stops (None: no budget).
    pub units_limit: Option<u64>,
    /// A driver's own budgets per command (`Engine::set_command_budget`): interpreter steps
    /// (None: [`STEPS_PER_COMMAND`]) and reactions (None: only the trace's cap).
    pub steps_per_command: Option<u64>,
    pub reactions_per_command: Option<u64>,
    /// A driver's own units of work per command (None: [`UNITS_PER_COMMAND`]).
    pub units_per_command: Option<u64>,
    pub stopped: Option<Stop>,
    /// The stop was reported (`take_stop`).
    pub reported: bool,
}

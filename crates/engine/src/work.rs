//! How much work the engine does for one command, counted in engine units (reactions run,
//! interpreter steps), never wall time, so runs stay reproducible. A command that would need
//! more than its budget — containers computing without pause for hours, a trace that is full —
//! stops at the last reaction it ran: the clock stays there, and the learner is told.

use crate::clock::Time;

/// The interpreter steps one command may cost (about two seconds of engine time: the busy
/// loops of many containers for many simulated minutes).
pub const STEPS_PER_COMMAND: u64 = 5_000_000;

/// The work one command may cost, in units: every reaction costs one unit, one more for
/// every [`PODS_PER_EXTRA_UNIT`] pods the cluster holds (the store, the queues and the
/// scheduler's snapshot grow with it), and one more for every [`OBJECTS_PER_EXTRA_UNIT`]
/// objects the reacting controller read from its informer cache (a ReplicaSet's sync reads
/// every pod of its namespace, as upstream's does: scaling 13,000 pods down syncs 13,000
/// times over them). Below 250 pods and without large scans this is a budget of a million
/// reactions, about as many as the trace keeps; a 65,536-replica Deployment stops within
/// seconds instead of computing for minutes. The weights keep a unit near a few microseconds
/// of engine time at any size: a reaction costs about 7 µs in a small cluster and up to
/// 250 µs among 13,000 pods (the scheduler's queue, the store's maps, the fan-out), and
/// reading a hundred cached pods about as long as a small reaction.
pub const UNITS_PER_COMMAND: u64 = 1_000_000;
pub const PODS_PER_EXTRA_UNIT: u64 = 250;
pub const OBJECTS_PER_EXTRA_UNIT: u64 = 100;

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
            StopReason::Work(n) => format!("this command's budget of {n} units of work is spent (a reaction costs 1, 1 more for every {PODS_PER_EXTRA_UNIT} pods in the cluster and 1 more for every {OBJECTS_PER_EXTRA_UNIT} cached objects it reads)"),
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
    /// Units of work spent so far ([`reaction_units`] per reaction, and the objects read).
    pub units: u64,
    /// Objects read from informer caches not yet charged (fewer than [`OBJECTS_PER_EXTRA_UNIT`]).
    pub objects_read: u64,
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

impl Work {
    /// A reaction read `objects` cached objects: a unit for every [`OBJECTS_PER_EXTRA_UNIT`],
    /// the rest carried to the next.
    pub fn charge_reads(&mut self, objects: u64) {
        let all = self.objects_read + objects;
        self.units += all / OBJECTS_PER_EXTRA_UNIT;
        self.objects_read = all % OBJECTS_PER_EXTRA_UNIT;
    }
}

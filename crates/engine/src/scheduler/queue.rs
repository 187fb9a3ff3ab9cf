//! The scheduling queue (upstream `pkg/scheduler/backend/queue/scheduling_queue.go`): activeQ
//! ordered by PrioritySort (higher priority first, then earlier enqueue), backoffQ (1 s
//! doubling per attempt up to 10 s), and unschedulable pods parked until a cluster event or
//! the 5-minute flush.

use std::cmp::Reverse;
use crate::vecmap::{VecMap, VecSet};

use crate::clock::Time;

pub const INITIAL_BACKOFF_MS: u64 = 1_000;
pub const MAX_BACKOFF_MS: u64 = 10_000;
/// `podMaxInUnschedulablePodsDuration`.
pub const MAX_IN_UNSCHEDULABLE_MS: u64 = 5 * 60 * 1_000;
/// The unschedulable-pods flush runs every 30 s.
pub const FLUSH_PERIOD_MS: u64 = 30_000;

#[derive(Debug, Clone)]
pub struct SchedulingQueue {
    /// `podInitialBackoffSeconds` / `podMaxBackoffSeconds`, in milliseconds.
    initial_backoff_ms: u64,
    max_backoff_ms: u64,
    /// (priority desc, enqueue time, seq, key).
    active: VecSet<(Reverse<i64>, Time, u64, String)>,
    /// key → its activeQ entry, so membership and removal need no scan.
    active_entries: VecMap<String, (Reverse<i64>, Time, u64)>,
    /// key → (ready at, priority).
    backoff: VecMap<String, (Time, i64)>,
    /// key → (parked at, priority, the plugins that rejected it, whether it has required pod
    /// affinity terms — `QueuedPodInfo.RequiredAffinityTerms`).
    unschedulable: VecMap<String, (Time, i64, VecSet<String>, bool)>,
    /// Pods a PreEnqueue plugin (SchedulingGates) kept out of activeQ: key → priority. Upstream
    /// parks them among the unschedulable pods marked `Gated`; no cluster event or flush moves
    /// them, only an update that lets PreEnqueue pass.
    gated: VecMap<String, i64>,
    attempts: VecMap<String, u32>,
    seq: u64,
}

impl Default for SchedulingQueue {
    fn default() -> SchedulingQueue {
        SchedulingQueue::with_backoff(INITIAL_BACKOFF_MS, MAX_BACKOFF_MS)
    }
}

impl SchedulingQueue {
    pub fn with_backoff(initial_backoff_ms: u64, max_backoff_ms: u64) -> SchedulingQueue {
        SchedulingQueue {
            initial_backoff_ms,
            max_backoff_ms,
            active: VecSet::new(),
            active_entries: VecMap::new(),
            backoff: VecMap::new(),
            unschedulable: VecMap::new(),
            gated: VecMap::new(),
            attempts: VecMap::new(),
            seq: 0,
        }
    }

    pub fn contains(&self, key: &str) -> bool {
        self.active_entries.contains_key(key) || self.backoff.contains_key(key) || self.unschedulable.contains_key(key) || self.gated.contains_key(key)
    }

    pub fn is_gated(&self, key: &str) -> bool {
        self.gated.contains_key(key)
    }

    /// `runPreEnqueuePlugins` said no: the pod waits outside activeQ (wherever it was).
    pub fn add_gated(&mut self, key: &str, priority: i64) {
        self.remove(key);
        self.gated.insert(key.to_string(), priority);
    }

    /// A gated pod whose update lets PreEnqueue pass goes to activeQ (it never had an
    /// attempt, so no back-off). False when the pod was not gated.
    pub fn ungate(&mut self, key: &str, priority: i64, now: Time) -> bool {
        if self.gated.remove(key).is_none() {
            return false;
        }
        self.push_active(key.to_string(), priority, now);
        true
    }

    pub fn add(&mut self, key: &str, priority: i64, now: Time) {
        if self.contains(key) {
            return;
        }
        self.push_active(key.to_string(), priority, now);
    }

    fn push_active(&mut self, key: String, priority: i64, now: Time) {
        self.seq += 1;
        if let Some((p, t, seq)) = self.active_entries.insert(key.clone(), (Reverse(priority), now, self.seq)) {
            self.active.remove(&(p, t, seq, key.clone()));
        }
        self.active.insert((Reverse(priority), now, self.seq, key));
    }

    pub fn remove(&mut self, key: &str) {
        if let Some((p, t, seq)) = self.active_entries.remove(key) {
            self.active.remove(&(p, t, seq, key.to_string()));
        }
        self.backoff.remove(key);
        self.unschedulable.remove(key);
        self.gated.remove(key);
        self.attempts.remove(key);
    }

    pub fn pop(&mut self) -> Option<String> {
        let first = self.active.iter().next().cloned()?;
        self.active.remove(&first);
        self.active_entries.remove(&first.3);
        *self.attempts.entry(first.3.clone()).or_default() += 1;
        Some(first.3)
    }

    pub fn has_active(&self) -> bool {
        !self.active.is_empty()
    }

    /// `calculateBackoffDuration`: the initial back-off (1 s) doubled per earlier attempt, at
    /// most the maximum (10 s).
    pub fn backoff_for(&self, key: &str) -> u64 {
        let attempts = self.attempts.get(key).copied().unwrap_or(1).max(1);
        let mut d = self.initial_backoff_ms;
        for _ in 1..attempts {
            d = d.saturating_mul(2).min(self.max_backoff_ms);
        }
        d.min(self.max_backoff_ms)
    }

    /// A failed attempt parks the pod with the plugins that rejected it.
    pub fn park_unschedulable(&mut self, key: &str, priority: i64, now: Time, rejectors: VecSet<String>, affinity: bool) {
        self.unschedulable.insert(key.to_string(), (now, priority, rejectors, affinity));
    }

    /// Parked pods and the plugins that rejected them.
    /// Whether any pod waits in unschedulablePods.
    pub fn has_parked(&self) -> bool {
        !self.unschedulable.is_empty()
    }

    /// The plugins that rejected a parked pod (None: it is not parked).
    pub fn parked_rejectors(&self, key: &str) -> Option<&VecSet<String>> {
        self.unschedulable.get(key).map(|(_, _, r, _)| r)
    }

    /// Parked pods, the plugins that rejected them, and whether they have required pod
    /// affinity terms.
    pub fn parked(&self) -> impl Iterator<Item = (&String, &VecSet<String>, bool)> {
        self.unschedulable.iter().map(|(k, (_, _, r, a))| (k, r, *a))
    }

    /// A cluster event that may help these pods (their plugins' QueueingHints said Queue):
    /// they go to backoffQ, or activeQ when their backoff has passed. Returns the times at
    /// which backoffs expire.
    pub fn move_to_active_or_backoff(&mut self, keys: &[String], now: Time, last_attempt: &VecMap<String, Time>) -> Vec<Time> {
        let mut wakeups = Vec::new();
        for key in keys {
            let Some((_, priority, _, _)) = self.unschedulable.remove(key) else { continue };
            let key = key.clone();
            let ready = last_attempt.get(&key).copied().unwrap_or(now).plus_millis(self.backoff_for(&key));
            if ready <= now {
                self.push_active(key, priority, now);
            } else {
                self.backoff.insert(key, (ready, priority));
                wakeups.push(ready);
            }
        }
        wakeups
    }

    /// Moves pods whose backoff has expired to activeQ.
    pub fn flush_backoff(&mut self, now: Time) {
        let ready: Vec<String> = self.backoff.iter().filter(|(_, (t, _))| *t <= now).map(|(k, _)| k.clone()).collect();
        for key in ready {
            if let Some((_, priority)) = self.backoff.remove(&key) {
                self.push_active(key, priority, now);
            }
        }
    }

    /// `flushUnschedulablePodsLeftover`: pods parked for 5 minutes go back to activeQ.
    pub fn flush_unschedulable(&mut self, now: Time) {
        // One pass that keeps the rest in place: removing the old ones one by one moved the
        // whole sorted map each time (65,536 parked pods made a flush take seconds).
        let mut old: Vec<(String, i64)> = Vec::new();
        self.unschedulable.retain(|key, (t, priority, _, _)| {
            let stays = now.millis().saturating_sub(t.millis()) < MAX_IN_UNSCHEDULABLE_MS;
            if !stays {
                old.push((key.clone(), *priority));
            }
            stays
        });
        for (key, priority) in old {
            self.push_active(key, priority, now);
        }
    }

    /// When the 30-second flush first finds a pod parked for 5 minutes (None: nobody parked).
    pub fn next_unschedulable_flush(&self) -> Option<Time> {
        self.unschedulable.values().map(|(t, _, _, _)| t.plus_millis(MAX_IN_UNSCHEDULABLE_MS)).min()
    }

    pub fn unschedulable_count(&self) -> usize {
        self.unschedulable.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priority_then_time() {
        let mut q = SchedulingQueue::default();
        q.add("a", 0, Time(1));
        q.add("b", 10, Time(2));
        q.add("c", 0, Time(0));
        assert_eq!(q.pop().as_deref(), Some("b"));
        assert_eq!(q.pop().as_deref(), Some("c"));
        assert_eq!(q.pop().as_deref(), Some("a"));
    }

    #[test]
    fn removal_and_membership_follow_the_active_index() {
        let mut q = SchedulingQueue::default();
        q.add("a", 0, Time(1));
        q.add("b", 0, Time(2));
        assert!(q.contains("a") && q.contains("b"));
        q.remove("a");
        assert!(!q.contains("a"));
        // Re-adding after removal takes a fresh place behind "b"; a duplicate add is ignored.
        q.add("a", 0, Time(3));
        q.add("a", 0, Time(0));
        assert_eq!(q.pop().as_deref(), Some("b"));
        assert!(!q.contains("b"));
        assert_eq!(q.pop().as_deref(), Some("a"));
        assert!(!q.has_active() && q.pop().is_none());
    }

    #[test]
    fn backoff_doubles_to_ten_seconds() {
        let mut q = SchedulingQueue::default();
        for _ in 0..6 {
            q.add("p", 0, Time(0));
            q.pop();
        }
        assert_eq!(q.backoff_for("p"), 10_000);
        let mut q = SchedulingQueue::default();
        q.add("p", 0, Time(0));
        q.pop();
        assert_eq!(q.backoff_for("p"), 1_000);
        q.add("p", 0, Time(0));
        q.pop();
        assert_eq!(q.backoff_for("p"), 2_000);
    }
}

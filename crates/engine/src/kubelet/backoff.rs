//! `k8s.io/client-go/util/flowcontrol/backoff.go` without jitter, as the kubelet builds it
//! (`flowcontrol.NewBackOff(backOffPeriod, MaxContainerBackOff)` for container restarts and
//! `NewBackOff(imageBackOffPeriod, MaxContainerBackOff)` for image pulls).
//!
//! An entry's delay doubles on every `next` up to the maximum; an entry not updated for twice
//! the maximum has expired and starts again from the initial delay (the "reset rule": a
//! container that ran 10 minutes since its last restart starts over at 10 s).

use crate::vecmap::VecMap;

use crate::clock::Time;

#[derive(Debug, Clone)]
struct Entry {
    backoff_ms: u64,
    last_update: Time,
}

#[derive(Debug, Clone)]
pub struct Backoff {
    initial_ms: u64,
    max_ms: u64,
    expire_after_ms: Option<u64>,
    // Boxed values: every VecMap<String, Box<_>> shares one copy of the map's code (the worker's size, see ARCHITECTURE.md).
    entries: VecMap<String, Box<Entry>>,
}

impl Backoff {
    pub fn new(initial_ms: u64, max_ms: u64) -> Backoff {
        Backoff { initial_ms, max_ms, expire_after_ms: None, entries: VecMap::new() }
    }

    fn expired(&self, event_time: Time, last_update: Time) -> bool {
        event_time.millis().saturating_sub(last_update.millis()) > self.expire_after_ms.unwrap_or(self.max_ms * 2)
    }

    /// `HasExpiredFunc`: the kubelet's crash-loop back-off expires 600 s after its last
    /// update whatever the maximum (`pkg/kubelet/kubelet.go`).
    pub fn with_expiry(mut self, ms: u64) -> Backoff {
        self.expire_after_ms = Some(ms);
        self
    }

    /// The current delay of `id` (`Get`): 0 when there is no entry.
    pub fn get(&self, id: &str) -> u64 {
        self.entries.get(id).map_or(0, |e| e.backoff_ms)
    }

    /// Whether the delay of `id` has reached the maximum.
    pub fn at_max(&self, id: &str) -> bool {
        self.get(id) == self.max_ms
    }

    /// `Next(id, eventTime)`: starts or doubles the delay; `now` becomes its last update.
    pub fn next(&mut self, id: &str, event_time: Time, now: Time) {
        let expired = self.entries.get(id).is_none_or(|e| self.expired(event_time, e.last_update));
        let initial = self.initial_ms;
        let max = self.max_ms;
        let entry = self.entries.entry(id.to_string()).or_insert_with(|| Box::new(Entry { backoff_ms: initial, last_update: now }));
        if expired {
            entry.backoff_ms = initial;
        } else {
            entry.backoff_ms = (entry.backoff_ms * 2).min(max);
        }
        entry.last_update = now;
    }

    /// `IsInBackOffSince(id, eventTime)`: is `now` still within the delay counted from
    /// `event_time`?
    pub fn is_in_backoff_since(&self, id: &str, event_time: Time, now: Time) -> bool {
        let Some(e) = self.entries.get(id) else { return false };
        if self.expired(event_time, e.last_update) {
            return false;
        }
        now.millis().saturating_sub(event_time.millis()) < e.backoff_ms
    }

    /// When `is_in_backoff_since_update` turns false for `id` (None: it is false already).
    pub fn ends_since_update(&self, id: &str, now: Time) -> Option<Time> {
        self.is_in_backoff_since_update(id, now).then(|| self.entries.get(id).map(|e| e.last_update.plus_millis(e.backoff_ms))).flatten()
    }

    /// `IsInBackOffSinceUpdate(id, eventTime)` (image pulls): within the delay counted from
    /// the entry's last update?
    pub fn is_in_backoff_since_update(&self, id: &str, now: Time) -> bool {
        let Some(e) = self.entries.get(id) else { return false };
        if self.expired(now, e.last_update) {
            return false;
        }
        now.millis().saturating_sub(e.last_update.millis()) < e.backoff_ms
    }

    /// When the delay counted from `event_time` ends.
    pub fn until(&self, id: &str, event_time: Time) -> Time {
        event_time.plus_millis(self.get(id))
    }

    /// The entry of `id` as if its last update came `ms` later (restarts replayed by a quiet
    /// stretch, `restarts.rs`).
    pub fn shift(&mut self, id: &str, ms: u64) {
        if let Some(e) = self.entries.get_mut(id) {
            e.last_update = e.last_update.plus_millis(ms);
        }
    }

    /// `GC`: drops entries not updated for twice the maximum.
    pub fn gc(&mut self, now: Time) {
        let max2 = self.expire_after_ms.unwrap_or(self.max_ms * 2);
        self.entries.retain(|_, e| now.millis().saturating_sub(e.last_update.millis()) <= max2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `TestSlowBackoff` / `TestBackoffReset` from `client-go/util/flowcontrol/backoff_test.go`,
    /// with the kubelet's 10 s / 300 s.
    #[test]
    fn doubles_to_the_cap_and_resets_after_twice_the_cap() {
        let mut b = Backoff::new(10_000, 300_000);
        let mut t = Time(0);
        let mut seen = vec![];
        for _ in 0..8 {
            b.next("c", t, t);
            seen.push(b.get("c") / 1000);
            t = t.plus_millis(1000);
        }
        assert_eq!(seen, vec![10, 20, 40, 80, 160, 300, 300, 300]);
        assert!(b.is_in_backoff_since("c", t, t.plus_millis(299_999)));
        assert!(!b.is_in_backoff_since("c", t, t.plus_millis(300_000)));
        // Not updated for more than 2 × max: the next delay starts over.
        let later = t.plus_millis(600_001);
        assert!(!b.is_in_backoff_since("c", later, later));
        b.next("c", later, later);
        assert_eq!(b.get("c"), 10_000);
    }

    #[test]
    fn gc_drops_stale_entries() {
        let mut b = Backoff::new(1000, 5000);
        b.next("a", Time(0), Time(0));
        b.gc(Time(10_000));
        assert_eq!(b.get("a"), 1000);
        b.gc(Time(10_001));
        assert_eq!(b.get("a"), 0);
    }
}

//! Events live an hour after their last write (`--event-ttl`, 1 h): the event registry asks for
//! that TTL on every create and update (`pkg/registry/core/event/storage`, `TTLFunc`), and the
//! etcd3 store attaches the key to an etcd lease (`storage/etcd3/lease_manager.go`). Leases
//! are shared: a lease granted for `ttl + reuse` (reuse = min(5 % of the TTL, 60 s)) serves
//! every write of the next minute, at most 1,000 of them. When a lease expires etcd deletes
//! every key still attached to it, and watchers see DELETED — which is why `kubectl get
//! events` shows nothing older than an hour or so.

use crate::vecmap::VecMap;

use crate::clock::Time;
use crate::store::ObjectKey;
use crate::{Engine, Task};

/// `--event-ttl`.
pub const EVENT_TTL_SECONDS: u64 = 3600;
/// `DefaultLeaseReuseDurationSeconds`.
const LEASE_REUSE_SECONDS: u64 = 60;
/// `leaseReuseDurationPercent`.
const LEASE_REUSE_PERCENT: f64 = 0.05;
/// `DefaultLeaseMaxObjectCount`.
const LEASE_MAX_OBJECTS: u64 = 1000;

/// The apiserver's lease manager and the keys etcd holds under each lease.
#[derive(Debug, Default, Clone)]
pub struct EventLeases {
    /// The lease the next write may reuse: its expiry, and how many writes used it.
    prev: Option<(Time, u64)>,
    /// Each lease by expiry (leases are granted in time order, so this only grows at its end).
    leases: VecMap<Time, Lease>,
}

/// One lease: the store revision of its first write, and every key written under it. A key
/// rewritten under a later lease, or deleted, stays listed here: it is still attached to this
/// lease only while its last write falls in this lease's revisions — those up to the next
/// lease's first. (One list per lease instead of a map from each key to its lease: the same
/// answers, and no B-tree of its own in the wasm bundle.)
#[derive(Debug, Clone)]
struct Lease {
    first_revision: u64,
    keys: Vec<ObjectKey>,
}

impl EventLeases {
    /// `GetLease` for a write at `now`: the lease's expiry, and whether it was granted now.
    fn get_lease(&mut self, now: Time) -> (Time, bool) {
        let ttl_ms = EVENT_TTL_SECONDS * 1000;
        let reuse_ms = ((LEASE_REUSE_PERCENT * EVENT_TTL_SECONDS as f64) as u64).min(LEASE_REUSE_SECONDS) * 1000;
        if let Some((expiry, count)) = &mut self.prev {
            let valid = now.plus_millis(ttl_ms) < *expiry;
            // Upstream's `After`: true for any moment after the grant. The virtual clock has
            // many writes at the grant's own millisecond, which upstream's clock never sees.
            let sufficient = now.plus_millis(ttl_ms + reuse_ms) >= *expiry;
            *count += 1;
            if valid && sufficient && *count <= LEASE_MAX_OBJECTS {
                return (*expiry, false);
            }
        }
        let expiry = now.plus_millis(ttl_ms + reuse_ms);
        self.prev = Some((expiry, 1));
        (expiry, true)
    }

    /// A put at `revision` with the lease expiring at `expiry` moves the key to it. (Two
    /// leases granted at one instant expire together: they are one entry, the first's range.)
    fn attach(&mut self, key: &ObjectKey, expiry: Time, revision: u64) {
        self.leases.entry(expiry).or_insert_with(|| Lease { first_revision: revision, keys: Vec::new() }).keys.push(key.clone());
    }

    /// Whether the lease expiring at `expiry` holds no key now (`revoke` would find none).
    fn holds_nothing(&self, expiry: Time, revision_of: impl Fn(&ObjectKey) -> Option<u64>) -> bool {
        let Some(lease) = self.leases.get(&expiry) else { return true };
        let next = self.leases.iter().find(|(t, _)| **t > expiry).map_or(u64::MAX, |(_, l)| l.first_revision);
        !lease.keys.iter().any(|k| revision_of(k).is_some_and(|rv| rv >= lease.first_revision && rv < next))
    }

    /// The keys a lease still holds when it expires, in key order: those whose last write
    /// (`revision_of`, None when deleted) falls in its revisions.
    fn revoke(&mut self, expiry: Time, revision_of: impl Fn(&ObjectKey) -> Option<u64>) -> Vec<ObjectKey> {
        let Some(lease) = self.leases.remove(&expiry) else { return Vec::new() };
        let next = self.leases.iter().find(|(t, _)| **t > expiry).map_or(u64::MAX, |(_, l)| l.first_revision);
        let mut keys = lease.keys;
        crate::sort::sort(&mut keys);
        keys.dedup();
        keys.retain(|k| revision_of(k).is_some_and(|rv| rv >= lease.first_revision && rv < next));
        keys
    }
}

/// The revision of the last write of `key` still stored (None: deleted).
fn stored_revision(store: &crate::store::Store, key: &ObjectKey) -> Option<u64> {
    store.get(key).and_then(|e| e["metadata"]["resourceVersion"].as_str()?.parse().ok())
}

/// Whether etcd stores this key with the event TTL.
fn has_event_ttl(key: &ObjectKey) -> bool {
    key.resource == "events" && (key.group.is_empty() || key.group == "events.k8s.io")
}

impl Engine {
    /// After a write: an event's key goes under the current lease (granting one, with its
    /// expiry timer, when it cannot be reused).
    pub(crate) fn event_ttl_after_write(&mut self, key: &ObjectKey) {
        if let Some(expiry) = self.event_lease_for_write(key, self.now) {
            self.schedule(expiry, Task::EventLeaseExpire { expiry });
        }
    }

    /// The lease for a write of `key` at `at` (a replayed write may be earlier than now): the
    /// expiry of a lease granted for it, whose timer the caller schedules.
    pub(crate) fn event_lease_for_write(&mut self, key: &ObjectKey, at: Time) -> Option<Time> {
        if !has_event_ttl(key) {
            return None;
        }
        let (expiry, granted) = self.event_leases.get_lease(at);
        // The write about to be stored takes the store's next revision.
        self.event_leases.attach(key, expiry, self.store.revision() + 1);
        granted.then_some(expiry)
    }

    /// Whether the lease expiring at `expiry` would delete nothing, now or when it expires
    /// (`quiet.rs`: such an expiry is steady). Every key it holds was written again under a
    /// later lease, or deleted; later writes only move keys further on. The lease writes may
    /// still reuse is not asked about: a write under it would be held by it.
    pub(crate) fn event_lease_holds_nothing(&self, expiry: Time) -> bool {
        if self.event_leases.prev.is_some_and(|(e, _)| e == expiry) {
            return false;
        }
        let store = &self.store;
        let revision_of = |k: &ObjectKey| stored_revision(store, k);
        self.event_leases.holds_nothing(expiry, revision_of)
    }

    /// When the earliest event lease expires.
    pub(crate) fn event_leases_first_expiry(&self) -> Option<Time> {
        self.event_leases.leases.keys().next().copied()
    }

    /// etcd revokes the lease expiring at `expiry` inside a quiet stretch: the keys it still
    /// holds are deleted without a trace or a watch event (nobody watches; `kubelet/restarts.rs`).
    /// Returns how many.
    pub(crate) fn event_lease_expire_quietly(&mut self, expiry: Time) -> u64 {
        let store = &self.store;
        let revision_of = |k: &ObjectKey| stored_revision(store, k);
        let keys = self.event_leases.revoke(expiry, revision_of);
        for key in &keys {
            self.delete_quietly(key);
        }
        keys.len() as u64
    }

    /// etcd's lessor revokes an expired lease: every key still on it is deleted.
    pub(crate) fn event_lease_expire(&mut self, expiry: Time) {
        let store = &self.store;
        let revision_of = |k: &ObjectKey| stored_revision(store, k);
        for key in self.event_leases.revoke(expiry, revision_of) {
            let object = self.store.get(&key).and_then(|e| crate::object_ref(e, "Event"));
            self.etcd_delete(&key, object, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: u64) -> Time {
        Time::ZERO.plus_millis(s * 1000)
    }

    /// lease_manager_test.go `TestGetReuseDurationSeconds` and the reuse window: a lease
    /// granted for 3,660 s serves the writes of the next 60 s, then a new one is granted.
    #[test]
    fn leases_are_shared_for_a_minute() {
        let mut l = EventLeases::default();
        assert_eq!(l.get_lease(at(100)), (at(3760), true));
        assert_eq!(l.get_lease(at(130)), (at(3760), false));
        assert_eq!(l.get_lease(at(159)), (at(3760), false));
        assert_eq!(l.get_lease(at(160)), (at(3820), true));
    }

    #[test]
    fn a_lease_holds_at_most_a_thousand_writes() {
        let mut l = EventLeases::default();
        assert!(l.get_lease(at(0)).1);
        for _ in 1..1000 {
            assert!(!l.get_lease(at(0)).1);
        }
        assert!(l.get_lease(at(0)).1, "the 1,001st write gets a new lease");
    }

    #[test]
    fn a_rewritten_key_moves_to_the_new_lease() {
        let mut l = EventLeases::default();
        let key = ObjectKey { group: "", resource: "events", namespace: "default".into(), name: "e".into() };
        l.attach(&key, at(10), 5);
        l.attach(&key, at(20), 9);
        // Its last write is revision 9, the second lease's.
        let last = |_: &ObjectKey| Some(9);
        assert_eq!(l.revoke(at(10), last), Vec::<ObjectKey>::new());
        assert_eq!(l.revoke(at(20), last), vec![key.clone()]);
        // Deleted before its lease expired: nothing is left to revoke.
        l.attach(&key, at(30), 12);
        assert_eq!(l.revoke(at(30), |_| None), Vec::<ObjectKey>::new());
    }
}

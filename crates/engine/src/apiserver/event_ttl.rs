//! Events live an hour after their last write (`--event-ttl`, 1 h): the event registry asks for
//! that TTL on every create and update (`pkg/registry/core/event/storage`, `TTLFunc`), and the
//! etcd3 store attaches the key to an etcd lease (`storage/etcd3/lease_manager.go`). Leases
//! are shared: a lease granted for `ttl + reuse` (reuse = min(5 % of the TTL, 60 s)) serves
//! every write of the next minute, at most 1,000 of them. When a lease expires etcd deletes
//! every key still attached to it, and watchers see DELETED — which is why `kubectl get
//! events` shows nothing older than an hour or so.

use std::collections::{BTreeMap, BTreeSet};

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
    /// Each event key's lease (by expiry; podlife's lease ids are their expiry times). B-trees
    /// (the vecmap module's advice): every Event of the last hour is here, tens of thousands in
    /// a large cluster, and a lease holds up to 1,000 keys.
    by_key: BTreeMap<ObjectKey, Time>,
    by_expiry: VecMap<Time, BTreeSet<ObjectKey>>,
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

    /// A put with a lease moves the key to it.
    fn attach(&mut self, key: &ObjectKey, expiry: Time) {
        self.detach(key);
        self.by_key.insert(key.clone(), expiry);
        self.by_expiry.entry(expiry).or_default().insert(key.clone());
    }

    /// A put without a lease, or a delete, frees the key from its lease.
    fn detach(&mut self, key: &ObjectKey) {
        if let Some(old) = self.by_key.remove(key)
            && let Some(keys) = self.by_expiry.get_mut(&old)
        {
            keys.remove(key);
            if keys.is_empty() {
                self.by_expiry.remove(&old);
            }
        }
    }

    /// The keys a lease still holds when it expires.
    fn revoke(&mut self, expiry: Time) -> Vec<ObjectKey> {
        let keys: Vec<ObjectKey> = self.by_expiry.remove(&expiry).map(|k| k.into_iter().collect()).unwrap_or_default();
        for k in &keys {
            self.by_key.remove(k);
        }
        keys
    }
}

/// Whether etcd stores this key with the event TTL.
fn has_event_ttl(key: &ObjectKey) -> bool {
    key.resource == "events" && (key.group.is_empty() || key.group == "events.k8s.io")
}

impl Engine {
    /// After a write: an event's key goes under the current lease (granting one, with its
    /// expiry timer, when it cannot be reused).
    pub(crate) fn event_ttl_after_write(&mut self, key: &ObjectKey) {
        if !has_event_ttl(key) {
            return;
        }
        let (expiry, granted) = self.event_leases.get_lease(self.now);
        self.event_leases.attach(key, expiry);
        if granted {
            self.schedule(expiry, Task::EventLeaseExpire { expiry });
        }
    }

    /// After a delete: the key leaves its lease.
    pub(crate) fn event_ttl_after_delete(&mut self, key: &ObjectKey) {
        if has_event_ttl(key) {
            self.event_leases.detach(key);
        }
    }

    /// etcd's lessor revokes an expired lease: every key still on it is deleted.
    pub(crate) fn event_lease_expire(&mut self, expiry: Time) {
        for key in self.event_leases.revoke(expiry) {
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
        let key = ObjectKey { group: String::new(), resource: "events".into(), namespace: "default".into(), name: "e".into() };
        l.attach(&key, at(10));
        l.attach(&key, at(20));
        assert_eq!(l.revoke(at(10)), Vec::<ObjectKey>::new());
        assert_eq!(l.revoke(at(20)), vec![key]);
    }
}

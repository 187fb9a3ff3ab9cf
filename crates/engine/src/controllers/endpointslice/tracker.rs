//! `EndpointSliceTracker` (`staging/src/k8s.io/endpointslice/util/endpointslice_tracker.go`):
//! the generation of every slice the controller last wrote, per Service, so a sync can tell
//! that its informer has not yet seen its own writes (and waits, instead of creating the same
//! slices twice), and a slice event it caused itself does not sync the Service again.

use crate::Slot;
use crate::vecmap::VecMap;


use super::{SERVICE_NAME_LABEL, ServiceKey};

/// `deletionExpected`.
const DELETION_EXPECTED: i64 = -1;

#[derive(Debug, Clone, Default)]
pub(crate) struct Tracker {
    /// Service → slice uid → the generation expected (or `DELETION_EXPECTED`).
    generations: VecMap<ServiceKey, VecMap<String, i64>>,
    /// The uid of each Service seen by `stale_slices`.
    service_uids: VecMap<ServiceKey, String>,
}

fn uid(slice: &Slot) -> String {
    slice["metadata"]["uid"].as_str().unwrap_or_default().to_string()
}

fn generation(slice: &Slot) -> i64 {
    slice["metadata"]["generation"].as_i64().unwrap_or(0)
}

/// `getServiceNN`: the Service a slice belongs to, by its label.
pub(crate) fn service_of(slice: &Slot) -> ServiceKey {
    let ns = slice["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
    let name = slice["metadata"]["labels"][SERVICE_NAME_LABEL].as_str().unwrap_or_default().to_string();
    (ns, name)
}

impl Tracker {
    /// `Has`.
    pub fn has(&self, slice: &Slot) -> bool {
        self.generations.get(&service_of(slice)).is_some_and(|g| g.contains_key(&uid(slice)))
    }

    /// `ShouldSync`: a slice the tracker does not know, or newer than the controller wrote it.
    pub fn should_sync(&self, slice: &Slot) -> bool {
        match self.generations.get(&service_of(slice)) {
            None => true,
            Some(g) => g.get(&uid(slice)).is_none_or(|expected| generation(slice) > *expected),
        }
    }

    /// `StaleSlices`: the cache lags the controller's writes — a slice older than written or
    /// expected gone, or a written slice missing. A Service recreated under the same name
    /// starts afresh.
    pub fn stale_slices(&mut self, service: &Slot, slices: &[&Slot]) -> bool {
        let key = (service["metadata"]["namespace"].as_str().unwrap_or_default().to_string(), service["metadata"]["name"].as_str().unwrap_or_default().to_string());
        let service_uid = service["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        if let Some(tracked) = self.service_uids.get(&key)
            && !tracked.is_empty()
            && !service_uid.is_empty()
            && *tracked != service_uid
        {
            self.generations.remove(&key);
        }
        self.service_uids.insert(key.clone(), service_uid);
        let Some(g) = self.generations.get(&key) else { return false };
        for slice in slices {
            if let Some(&expected) = g.get(&uid(slice))
                && (expected == DELETION_EXPECTED || expected > generation(slice))
            {
                return true;
            }
        }
        g.iter().any(|(u, &expected)| expected != DELETION_EXPECTED && !slices.iter().any(|s| uid(s) == *u))
    }

    /// `Update`: the slice as the API server returned it.
    pub fn update(&mut self, slice: &Slot) {
        self.generations.entry(service_of(slice)).or_default().insert(uid(slice), generation(slice));
    }

    /// `ExpectDeletion`.
    pub fn expect_deletion(&mut self, slice: &Slot) {
        self.generations.entry(service_of(slice)).or_default().insert(uid(slice), DELETION_EXPECTED);
    }

    /// `HandleDeletion`: forgets the slice; false when its deletion was not expected.
    pub fn handle_deletion(&mut self, slice: &Slot) -> bool {
        let Some(g) = self.generations.get_mut(&service_of(slice)) else { return true };
        match g.remove(&uid(slice)) {
            Some(expected) => expected == DELETION_EXPECTED,
            None => true,
        }
    }

    /// `DeleteService`.
    pub fn delete_service(&mut self, key: &ServiceKey) {
        self.generations.remove(key);
        self.service_uids.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn slice(uid: &str, generation: i64) -> Value {
        json!({"metadata": {"name": format!("svc-{uid}"), "namespace": "ns1", "uid": uid, "generation": generation, "labels": {SERVICE_NAME_LABEL: "svc1"}}})
    }

    fn service(uid: &str) -> Value {
        json!({"metadata": {"name": "svc1", "namespace": "ns1", "uid": uid}})
    }

    /// `TestEndpointSliceTrackerUpdate`'s cases.
    #[test]
    fn should_sync_after_update() {
        let mut t = Tracker::default();
        let s = slice("a", 1);
        assert!(t.should_sync(&crate::Obj::untyped(&s)), "unknown slices sync");
        t.update(&crate::Obj::untyped(&s));
        assert!(!t.should_sync(&crate::Obj::untyped(&s)), "the controller's own write");
        assert!(t.should_sync(&crate::Obj::untyped(&slice("a", 2))), "a newer generation");
        assert!(!t.should_sync(&crate::Obj::untyped(&slice("a", 0))), "an older one");
        assert!(t.should_sync(&crate::Obj::untyped(&slice("b", 1))), "another slice of the Service");
    }

    /// `TestEndpointSliceTrackerStaleSlices`' cases.
    #[test]
    fn stale_slices() {
        let svc = service("svc-uid");
        let mut t = Tracker::default();
        assert!(!t.stale_slices(&crate::Obj::untyped(&svc), &[&crate::Obj::untyped(&slice("a", 1))]), "nothing tracked");
        t.update(&crate::Obj::untyped(&slice("a", 2)));
        assert!(t.stale_slices(&crate::Obj::untyped(&svc), &[&crate::Obj::untyped(&slice("a", 1))]), "cached generation older");
        assert!(!t.stale_slices(&crate::Obj::untyped(&svc), &[&crate::Obj::untyped(&slice("a", 2))]), "same generation");
        assert!(!t.stale_slices(&crate::Obj::untyped(&svc), &[&crate::Obj::untyped(&slice("a", 3))]), "newer generation");
        assert!(t.stale_slices(&crate::Obj::untyped(&svc), &[]), "tracked slice missing from the cache");
        t.expect_deletion(&crate::Obj::untyped(&slice("a", 2)));
        assert!(t.stale_slices(&crate::Obj::untyped(&svc), &[&crate::Obj::untyped(&slice("a", 2))]), "a slice expected gone is still cached");
        assert!(!t.stale_slices(&crate::Obj::untyped(&svc), &[]), "and gone from the cache");
    }

    #[test]
    fn a_recreated_service_clears_what_was_tracked() {
        let mut t = Tracker::default();
        assert!(!t.stale_slices(&crate::Obj::untyped(&service("old")), &[]));
        t.update(&crate::Obj::untyped(&slice("a", 1)));
        assert!(t.stale_slices(&crate::Obj::untyped(&service("old")), &[]));
        assert!(!t.stale_slices(&crate::Obj::untyped(&service("new")), &[]));
    }

    /// `TestEndpointSliceTrackerDeletion`'s cases.
    #[test]
    fn deletion() {
        let mut t = Tracker::default();
        let s = slice("a", 1);
        t.update(&crate::Obj::untyped(&s));
        assert!(t.has(&crate::Obj::untyped(&s)));
        assert!(!t.handle_deletion(&crate::Obj::untyped(&s)), "not expected: the Service syncs again");
        assert!(!t.has(&crate::Obj::untyped(&s)));
        t.update(&crate::Obj::untyped(&s));
        t.expect_deletion(&crate::Obj::untyped(&s));
        assert!(t.handle_deletion(&crate::Obj::untyped(&s)), "expected");
        assert!(t.handle_deletion(&crate::Obj::untyped(&slice("z", 1))), "untracked");
    }
}

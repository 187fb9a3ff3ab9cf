//! `TriggerTimeTracker` (`staging/src/k8s.io/endpointslice/util/trigger_time_tracker.go`): the
//! value of `endpoints.kubernetes.io/last-change-trigger-time` for a sync — the Service's
//! creation time the first time it is synced, afterwards the earliest trigger time that changed
//! since the last sync (a pod's being its Ready condition's `lastTransitionTime`), or none.

use crate::Slot;
use crate::vecmap::VecMap;


use super::ServiceKey;
use crate::clock::Time;

#[derive(Debug, Clone, Default)]
struct ServiceState {
    last_service: Option<Time>,
    last_pods: VecMap<String, Time>,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct TriggerTimes {
    services: VecMap<ServiceKey, ServiceState>,
}

fn time(v: &Slot) -> Option<Time> {
    v.as_str().and_then(Time::from_rfc3339)
}

/// `getPodTriggerTime`.
fn pod_trigger(pod: &Slot) -> Option<Time> {
    let ready = pod["status"]["conditions"].as_array()?.iter().find(|c| c["type"] == "Ready")?;
    time(&ready["lastTransitionTime"])
}

impl TriggerTimes {
    /// `ComputeEndpointLastChangeTriggerTime`; None is Go's zero time (the annotation goes).
    pub fn compute(&mut self, service: &Slot, pods: &[&Slot]) -> Option<Time> {
        let key = (service["metadata"]["namespace"].as_str().unwrap_or_default().to_string(), service["metadata"]["name"].as_str().unwrap_or_default().to_string());
        let known = self.services.contains_key(&key);
        let state = self.services.entry(key).or_default();
        let mut min: Option<Time> = None;
        let mut pods_now = VecMap::new();
        for pod in pods {
            let Some(t) = pod_trigger(pod) else { continue };
            let name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
            if state.last_pods.get(&name).is_none_or(|last| t > *last) {
                min = Some(min.map_or(t, |m| m.min(t)));
            }
            pods_now.insert(name, t);
        }
        let created = time(&service["metadata"]["creationTimestamp"]);
        if let Some(c) = created
            && state.last_service.is_none_or(|last| c > last)
        {
            min = Some(min.map_or(c, |m| m.min(c)));
        }
        state.last_pods = pods_now;
        state.last_service = created;
        if !known {
            return created;
        }
        min
    }

    /// `DeleteService`.
    pub fn delete_service(&mut self, key: &ServiceKey) {
        self.services.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn svc() -> Value {
        json!({"metadata": {"name": "web", "namespace": "default", "creationTimestamp": "2026-03-02T09:00:00Z"}})
    }

    fn pod(name: &str, ready_at: &str) -> Value {
        json!({"metadata": {"name": name}, "status": {"conditions": [{"type": "Ready", "status": "True", "lastTransitionTime": ready_at}]}})
    }

    fn at(s: &str) -> Option<Time> {
        Time::from_rfc3339(s)
    }

    /// `trigger_time_tracker_test.go`'s sequence: new Service, a pod change, no change, the
    /// earliest of two changes, a pod removed.
    #[test]
    fn earliest_changed_trigger_time() {
        let mut t = TriggerTimes::default();
        let s = svc();
        let p1 = pod("p1", "2026-03-02T09:00:05Z");
        assert_eq!(t.compute(&crate::Obj::untyped(&s), &[&crate::Obj::untyped(&p1)]), at("2026-03-02T09:00:00Z"), "a new Service: its creation");
        assert_eq!(t.compute(&crate::Obj::untyped(&s), &[&crate::Obj::untyped(&p1)]), None, "nothing changed");
        let p1b = pod("p1", "2026-03-02T09:00:09Z");
        let p2 = pod("p2", "2026-03-02T09:00:07Z");
        assert_eq!(t.compute(&crate::Obj::untyped(&s), &[&crate::Obj::untyped(&p1b), &crate::Obj::untyped(&p2)]), at("2026-03-02T09:00:07Z"), "the earliest change");
        assert_eq!(t.compute(&crate::Obj::untyped(&s), &[&crate::Obj::untyped(&p2)]), None, "a pod that left changes no trigger time");
        t.delete_service(&("default".into(), "web".into()));
        assert_eq!(t.compute(&crate::Obj::untyped(&s), &[&crate::Obj::untyped(&p2)]), at("2026-03-02T09:00:00Z"), "forgotten: new again");
    }
}

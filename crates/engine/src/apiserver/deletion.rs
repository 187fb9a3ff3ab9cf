//! How a DELETE changes the stored object before (or instead of) removing it: apiserver
//! `pkg/registry/rest/delete.go` `BeforeDelete`, the pod strategy's `CheckGracefulDelete`
//! (`pkg/registry/core/pod/strategy.go`) and `markAsDeleting` (`registry/generic/registry/store.go`).
//!
//! A pod is always deleted "gracefully" in the registry's sense: even with a grace period of 0
//! the object is first updated (deletionTimestamp, deletionGracePeriodSeconds, generation) and
//! only then removed — so a watcher sees MODIFIED before DELETED, as `kubectl get -w` shows.

use serde_json::Value;

use crate::clock::Time;

/// What `BeforeDelete` decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Update the object (its deletion fields are set); `grace` is the request's grace period
    /// after defaulting (`lastGraceful`): 0 deletes right after the update.
    Graceful { grace: i64 },
    /// A grace period already runs and the request does not shorten it: nothing changes.
    Pending,
    /// No graceful deletion (not a pod, or a pod whose grace period is already 0).
    Immediate,
}

/// `BeforeDelete` for one object: mutates `obj`'s deletion fields and says what follows.
pub fn before_delete(kind: &str, obj: &mut Value, requested: Option<i64>, now: Time) -> Decision {
    // Negative values are treated as 1 s on the delete path.
    let requested = requested.map(|g| if g < 0 { 1 } else { g });
    if obj["metadata"]["deletionGracePeriodSeconds"].as_i64().is_some_and(|g| g < 0) {
        obj["metadata"]["deletionGracePeriodSeconds"] = json!(1);
    }
    // Only the pod strategy implements RESTGracefulDeleteStrategy among podlife's kinds.
    if kind != "Pod" {
        return Decision::Immediate;
    }
    if let Some(timestamp) = obj["metadata"]["deletionTimestamp"].as_str().and_then(Time::from_rfc3339) {
        let existing = obj["metadata"]["deletionGracePeriodSeconds"].as_i64().unwrap_or(0);
        if existing == 0 {
            return Decision::Immediate;
        }
        // Only a shorter grace period may be given: move the deletionTimestamp back by the old
        // period and forward by the new one, never into the past.
        let Some(period) = requested.filter(|p| *p < existing) else { return Decision::Pending };
        let moved = timestamp.millis() as i64 - existing * 1000 + period * 1000;
        let (at, stored) = if moved < now.millis() as i64 {
            // A graceful request whose whole period has passed becomes 1 s, still graceful.
            (now, if period != 0 { 1 } else { 0 })
        } else {
            (Time(moved as u64), period)
        };
        obj["metadata"]["deletionTimestamp"] = json!(at.rfc3339());
        obj["metadata"]["deletionGracePeriodSeconds"] = json!(stored);
        return Decision::Graceful { grace: period };
    }
    let grace = check_graceful_delete(obj, requested);
    obj["metadata"]["deletionTimestamp"] = json!(now.plus_millis(grace as u64 * 1000).rfc3339());
    obj["metadata"]["deletionGracePeriodSeconds"] = json!(grace);
    bump_generation(obj);
    Decision::Graceful { grace }
}

/// The pod strategy's `CheckGracefulDelete`: the request's period, else the pod's
/// `terminationGracePeriodSeconds`; 0 for a pod not scheduled or already terminated.
fn check_graceful_delete(pod: &Value, requested: Option<i64>) -> i64 {
    let mut period = requested.unwrap_or_else(|| pod["spec"]["terminationGracePeriodSeconds"].as_i64().unwrap_or(0));
    if pod["spec"]["nodeName"].as_str().is_none_or(str::is_empty) {
        period = 0;
    }
    if matches!(pod["status"]["phase"].as_str(), Some("Failed" | "Succeeded")) {
        period = 0;
    }
    if period < 0 { 1 } else { period }
}

/// `markAsDeleting`: an object held by finalizers without a grace period.
pub fn mark_as_deleting(obj: &mut Value, now: Time) {
    let current = obj["metadata"]["deletionTimestamp"].as_str().and_then(Time::from_rfc3339);
    if current.is_none() {
        bump_generation(obj);
    }
    if current.is_none_or(|t| now < t) {
        obj["metadata"]["deletionTimestamp"] = json!(now.rfc3339());
    }
    obj["metadata"]["deletionGracePeriodSeconds"] = json!(0);
}

/// The first deletion bumps `metadata.generation` when the kind sets one.
fn bump_generation(obj: &mut Value) {
    if let Some(g) = obj["metadata"]["generation"].as_i64().filter(|g| *g > 0) {
        obj["metadata"]["generation"] = json!(g + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod(node: &str, phase: &str) -> Value {
        json!({"metadata": {"name": "p", "generation": 1}, "spec": {"nodeName": node, "terminationGracePeriodSeconds": 30}, "status": {"phase": phase}})
    }

    fn at(s: u64) -> Time {
        crate::clock::SCRIPT_START.plus_millis(s * 1000)
    }

    #[test]
    fn a_running_pod_gets_its_grace_period_and_a_new_generation() {
        let mut p = pod("worker-1", "Running");
        assert_eq!(before_delete("Pod", &mut p, None, at(0)), Decision::Graceful { grace: 30 });
        assert_eq!(p["metadata"]["deletionTimestamp"], json!(at(30).rfc3339()));
        assert_eq!(p["metadata"]["deletionGracePeriodSeconds"], json!(30));
        assert_eq!(p["metadata"]["generation"], json!(2));
    }

    #[test]
    fn unscheduled_and_terminated_pods_are_updated_with_zero_then_removed() {
        for mut p in [pod("", "Pending"), pod("worker-1", "Succeeded"), pod("worker-1", "Failed")] {
            assert_eq!(before_delete("Pod", &mut p, None, at(5)), Decision::Graceful { grace: 0 });
            assert_eq!(p["metadata"]["deletionTimestamp"], json!(at(5).rfc3339()));
            assert_eq!(p["metadata"]["deletionGracePeriodSeconds"], json!(0));
        }
    }

    #[test]
    fn a_running_grace_period_may_only_shrink_and_never_into_the_past() {
        let mut p = pod("worker-1", "Running");
        before_delete("Pod", &mut p, None, at(0));
        assert_eq!(before_delete("Pod", &mut p, None, at(2)), Decision::Pending);
        assert_eq!(before_delete("Pod", &mut p, Some(30), at(2)), Decision::Pending);
        // 30 s from t=0 shortened to 10 s: due at t=10.
        assert_eq!(before_delete("Pod", &mut p, Some(10), at(2)), Decision::Graceful { grace: 10 });
        assert_eq!(p["metadata"]["deletionTimestamp"], json!(at(10).rfc3339()));
        // 5 s from t=0 has passed at t=12: now, and 1 s (still graceful).
        assert_eq!(before_delete("Pod", &mut p, Some(5), at(12)), Decision::Graceful { grace: 5 });
        assert_eq!(p["metadata"]["deletionTimestamp"], json!(at(12).rfc3339()));
        assert_eq!(p["metadata"]["deletionGracePeriodSeconds"], json!(1));
        // The kubelet's final delete (grace 0): now, 0.
        assert_eq!(before_delete("Pod", &mut p, Some(0), at(14)), Decision::Graceful { grace: 0 });
        assert_eq!(p["metadata"]["deletionGracePeriodSeconds"], json!(0));
        assert_eq!(p["metadata"]["generation"], json!(2));
        assert_eq!(before_delete("Pod", &mut p, Some(0), at(14)), Decision::Immediate);
    }

    #[test]
    fn negative_grace_is_one_second_and_other_kinds_are_not_graceful() {
        let mut p = pod("worker-1", "Running");
        assert_eq!(before_delete("Pod", &mut p, Some(-5), at(0)), Decision::Graceful { grace: 1 });
        let mut cm = json!({"metadata": {"name": "c"}});
        assert_eq!(before_delete("ConfigMap", &mut cm, Some(30), at(0)), Decision::Immediate);
        assert!(cm["metadata"].get("deletionTimestamp").is_none());
    }
}

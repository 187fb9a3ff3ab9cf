//! A pod's effective requests and limits, exactly as `component-helpers` computes them
//! (upstream: `staging/src/k8s.io/component-helpers/resource/helpers.go`,
//! `AggregateContainerRequests` / `AggregateContainerLimits` / `PodRequests` / `PodLimits`).
//!
//! Not simply `max(max(init), sum(app))`: restartable init containers (native sidecars) run
//! alongside everything after them, so each init container's use is its own request plus the
//! sidecars started before it, and the sidecars also add to the app containers' sum.

use std::collections::BTreeMap;

use serde_json::Value;

use podlife_model::quantity::Quantity;

/// `v1.ResourceList`.
pub type ResourceList = BTreeMap<String, Quantity>;

fn list_of(v: &Value) -> ResourceList {
    v.as_object()
        .map(|m| crate::sort::collect_map(m.iter().filter_map(|(k, q)| Some((k.clone(), q.as_str()?.parse::<Quantity>().ok()?)))))
        .unwrap_or_default()
}

fn add(into: &mut ResourceList, from: &ResourceList) {
    for (k, q) in from {
        match into.get_mut(k) {
            Some(v) => *v += q,
            None => {
                into.insert(k.clone(), q.clone());
            }
        }
    }
}

fn max_into(into: &mut ResourceList, from: &ResourceList) {
    for (k, q) in from {
        match into.get_mut(k) {
            Some(v) if *q > *v => *v = q.clone(),
            Some(_) => {}
            None => {
                into.insert(k.clone(), q.clone());
            }
        }
    }
}

fn is_sidecar(c: &Value) -> bool {
    c["restartPolicy"] == "Always"
}

/// What a container holds on its node while a resize is under way (`UseStatusResources`,
/// component-helpers `determineContainerReqs`): the most of its spec, its allocation and what
/// the runtime reports; for an infeasible resize the spec is left out (it will not be granted).
fn in_use(c: &Value, status: &Value, field: &str) -> ResourceList {
    let name = &c["name"];
    let found = ["containerStatuses", "initContainerStatuses"].iter().find_map(|l| status[*l].as_array().and_then(|a| a.iter().find(|s| s["name"] == *name)));
    let Some(cs) = found.filter(|_| field == "requests") else { return list_of(&c["resources"][field]) };
    let infeasible = status["conditions"].as_array().is_some_and(|cs| cs.iter().any(|x| x["type"] == "PodResizePending" && x["reason"] == "Infeasible"));
    let mut out = if infeasible { ResourceList::new() } else { list_of(&c["resources"][field]) };
    max_into(&mut out, &list_of(&cs["allocatedResources"]));
    max_into(&mut out, &list_of(&cs["resources"]["requests"]));
    out
}

/// A container's list, with `NonMissingContainerRequests` filled in for resources it omits.
fn container_list(c: &Value, status: Option<&Value>, field: &str, defaults: Option<&ResourceList>) -> ResourceList {
    let mut own = match status {
        Some(st) => in_use(c, st, field),
        None => list_of(&c["resources"][field]),
    };
    if let Some(d) = defaults {
        for (k, q) in d {
            own.entry(k.clone()).or_insert_with(|| q.clone());
        }
    }
    own
}

fn aggregate(spec: &Value, status: Option<&Value>, field: &str, defaults: Option<&ResourceList>) -> ResourceList {
    let mut total = ResourceList::new();
    for c in spec["containers"].as_array().map(Vec::as_slice).unwrap_or_default() {
        add(&mut total, &container_list(c, status, field, defaults));
    }
    let mut sidecars = ResourceList::new();
    let mut init_max = ResourceList::new();
    for c in spec["initContainers"].as_array().map(Vec::as_slice).unwrap_or_default() {
        let own = container_list(c, status, field, defaults);
        let in_use = if is_sidecar(c) {
            add(&mut total, &own);
            add(&mut sidecars, &own);
            sidecars.clone()
        } else {
            let mut tmp = own;
            add(&mut tmp, &sidecars);
            tmp
        };
        max_into(&mut init_max, &in_use);
    }
    max_into(&mut total, &init_max);
    total
}

/// `PodRequests`: containers and init containers as above, plus the pod overhead.
pub fn pod_requests(spec: &Value) -> ResourceList {
    pod_requests_with(spec, None)
}

/// `PodRequests` with `NonMissingContainerRequests` (the scheduler's scoring defaults).
pub fn pod_requests_with(spec: &Value, defaults: Option<&ResourceList>) -> ResourceList {
    let mut reqs = aggregate(spec, None, "requests", defaults);
    add(&mut reqs, &list_of(&spec["overhead"]));
    reqs
}

/// `PodRequests` with `UseStatusResources`, as the scheduler and the kubelet's admission count
/// a pod already on a node: each container's requests as `in_use` gives them.
pub fn pod_requests_in_use(pod: &Value, defaults: Option<&ResourceList>) -> ResourceList {
    let spec = &pod["spec"];
    let mut reqs = aggregate(spec, Some(&pod["status"]), "requests", defaults);
    add(&mut reqs, &list_of(&spec["overhead"]));
    reqs
}

/// `PodLimits`: overhead is added only to resources that have a limit.
pub fn pod_limits(spec: &Value) -> ResourceList {
    let mut limits = aggregate(spec, None, "limits", None);
    for (k, q) in list_of(&spec["overhead"]) {
        if let Some(v) = limits.get_mut(&k) {
            *v += &q;
        }
    }
    limits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cpu(list: &ResourceList) -> String {
        list.get("cpu").map(ToString::to_string).unwrap_or_default()
    }

    /// Cases from upstream `TestPodResourceRequests` (component-helpers resource helpers_test.go).
    #[test]
    fn init_containers_and_sidecars() {
        // restartable init container: sum with app containers.
        let spec = json!({
            "initContainers": [{"name": "s", "restartPolicy": "Always", "resources": {"requests": {"cpu": "1"}}}],
            "containers": [{"name": "a", "resources": {"requests": {"cpu": "1"}}}]
        });
        assert_eq!(cpu(&pod_requests(&spec)), "2");
        // a regular init container after a sidecar uses its request plus the sidecar's.
        let spec = json!({
            "initContainers": [
                {"name": "s", "restartPolicy": "Always", "resources": {"requests": {"cpu": "1"}}},
                {"name": "i", "resources": {"requests": {"cpu": "5"}}}
            ],
            "containers": [{"name": "a", "resources": {"requests": {"cpu": "1"}}}]
        });
        assert_eq!(cpu(&pod_requests(&spec)), "6");
        // init before the sidecar does not add it.
        let spec = json!({
            "initContainers": [
                {"name": "i", "resources": {"requests": {"cpu": "5"}}},
                {"name": "s", "restartPolicy": "Always", "resources": {"requests": {"cpu": "1"}}}
            ],
            "containers": [{"name": "a", "resources": {"requests": {"cpu": "1"}}}]
        });
        assert_eq!(cpu(&pod_requests(&spec)), "5");
        // plain init containers: max(max(init), sum(app)), plus overhead.
        let spec = json!({
            "initContainers": [{"name": "i", "resources": {"requests": {"cpu": "2"}}}],
            "containers": [{"name": "a", "resources": {"requests": {"cpu": "500m"}}}, {"name": "b", "resources": {"requests": {"cpu": "1"}}}],
            "overhead": {"cpu": "250m"}
        });
        assert_eq!(cpu(&pod_requests(&spec)), "2250m");
    }

    /// `TestPodResourceRequests`' in-place resize cases (UseStatusResources).
    #[test]
    fn resize_counts_the_most_of_spec_allocated_and_actual() {
        let pod = |spec_cpu: &str, alloc: &str, actual: &str, infeasible: bool| {
            let cond = if infeasible { json!([{"type": "PodResizePending", "status": "True", "reason": "Infeasible"}]) } else { json!([]) };
            json!({
                "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": spec_cpu}}}]},
                "status": {"conditions": cond, "containerStatuses": [{"name": "c", "allocatedResources": {"cpu": alloc}, "resources": {"requests": {"cpu": actual}}}]}
            })
        };
        assert_eq!(cpu(&pod_requests_in_use(&pod("2", "1", "1", false), None)), "2");
        assert_eq!(cpu(&pod_requests_in_use(&pod("1", "2", "1", false), None)), "2");
        assert_eq!(cpu(&pod_requests_in_use(&pod("1", "1", "2", false), None)), "2");
        // an infeasible resize is not counted.
        assert_eq!(cpu(&pod_requests_in_use(&pod("4", "1", "2", true), None)), "2");
        // no status yet: the spec.
        assert_eq!(cpu(&pod_requests_in_use(&json!({"spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "3"}}}]}}), None)), "3");
    }
}

//! A pod's effective requests and limits, exactly as `component-helpers` computes them
//! (upstream: `staging/src/k8s.io/component-helpers/resource/helpers.go`,
//! `AggregateContainerRequests` / `AggregateContainerLimits` / `PodRequests` / `PodLimits`).
//! This is the one place podlife computes a pod's effective requests: the scheduler
//! (`PodInfo`), the kubelet's admission, ResourceQuota, LimitRanger's Pod checks and the
//! validation of pod-level resources all read it.
//!
//! Not simply `max(max(init), sum(app))`: restartable init containers (native sidecars) run
//! alongside everything after them, so each init container's use is its own request plus the
//! sidecars started before it, and the sidecars also add to the app containers' sum.
//!
//! Pod-level resources (`spec.resources`, KEP-2837, feature gate `PodLevelResources`): when the
//! pod states pod-level requests (limits) of a supported resource — cpu, memory, hugepages-* —
//! those replace the containers' aggregate for that resource (`applyPodLevelResources`); the
//! overhead is added after.

use crate::Slot;
use crate::vecmap::VecMap;

use serde_json::Value;

use podlife_model::quantity::Quantity;

/// `v1.ResourceList`.
pub type ResourceList = VecMap<String, Quantity>;

fn list_of(v: &Slot) -> ResourceList {
    v.as_object()
        .map(|m| VecMap::from_iter(m.filter_map(|(k, q)| Some((k.to_string(), q.as_str()?.parse::<Quantity>().ok()?)))))
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

fn is_sidecar(c: &Slot) -> bool {
    c["restartPolicy"] == "Always"
}

/// What a container holds on its node while a resize is under way (`UseStatusResources`,
/// component-helpers `determineContainerReqs`): the most of its spec, its allocation and what
/// the runtime reports; for an infeasible resize the spec is left out (it will not be granted).
fn in_use(c: &Slot, status: &Statuses<'_>, field: &str) -> ResourceList {
    let found = c["name"].as_str().and_then(|name| status.get(name));
    let Some(cs) = found.filter(|_| field == "requests") else { return list_of(&c["resources"][field]) };
    let mut out = if status.infeasible { ResourceList::new() } else { list_of(&c["resources"][field]) };
    max_into(&mut out, &list_of(&cs["allocatedResources"]));
    max_into(&mut out, &list_of(&cs["resources"]["requests"]));
    out
}

/// A pod's container statuses by name (a `containerStatuses` entry before an
/// `initContainerStatuses` one of the same name), read once per pod as component-helpers'
/// `podRequests` builds its map: a pod with a thousand init containers is not searched a
/// thousand times on each status update.
struct Statuses<'a> {
    by_name: Vec<(&'a str, &'a Slot)>,
    /// A `PodResizePending` condition says `Infeasible`.
    infeasible: bool,
}

impl<'a> Statuses<'a> {
    fn of(status: &'a Slot) -> Statuses<'a> {
        let mut by_name: Vec<(&str, &Slot)> = ["containerStatuses", "initContainerStatuses"]
            .iter()
            .flat_map(|l| status[*l].as_array().unwrap_or_default())
            .filter_map(|s| Some((s["name"].as_str()?, s)))
            .collect();
        // Stable: the first list's entry stays first among equal names.
        by_name.sort_by_key(|(name, _)| *name);
        let infeasible = status["conditions"].as_array().is_some_and(|cs| cs.iter().any(|x| x["type"] == "PodResizePending" && x["reason"] == "Infeasible"));
        Statuses { by_name, infeasible }
    }

    fn get(&self, name: &str) -> Option<&'a Slot> {
        let i = self.by_name.partition_point(|(n, _)| *n < name);
        self.by_name.get(i).filter(|(n, _)| *n == name).map(|(_, s)| *s)
    }
}

/// A container's list, with `NonMissingContainerRequests` filled in for resources it omits.
fn container_list(c: &Slot, status: Option<&Statuses<'_>>, field: &str, defaults: Option<&ResourceList>) -> ResourceList {
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

fn aggregate(spec: &Slot, status: Option<&Slot>, field: &str, defaults: Option<&ResourceList>) -> ResourceList {
    let statuses = status.map(Statuses::of);
    let status = statuses.as_ref();
    let mut total = ResourceList::new();
    for c in spec["containers"].as_array().unwrap_or_default() {
        add(&mut total, &container_list(c, status, field, defaults));
    }
    let mut sidecars = ResourceList::new();
    let mut init_max = ResourceList::new();
    for c in spec["initContainers"].as_array().unwrap_or_default() {
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

/// Whether the `PodLevelResources` feature gate is on: beta and on by default since 1.34
/// (`pkg/features/kube_features.go`: `{1.32 Alpha false}, {1.34 Beta true}`). Every pod-level
/// rule in podlife (defaulting, validation, accounting, QoS, cgroups, LimitRanger, quota, the
/// Downward API) asks here; this is where the feature-gate table plugs in.
pub fn pod_level_resources_enabled() -> bool {
    true
}

/// `InPlacePodLevelResourcesVerticalScaling` (KEP-5419): alpha in 1.35, beta and on by default
/// in 1.36 (kubernetes#137684): `pods/resize` may change `spec.resources`.
pub fn in_place_pod_level_resources_vertical_scaling_enabled() -> bool {
    true
}

/// `PodLevelResourcesFixKubeletQOSClass`: beta and on by default from 1.37 (KEP-2837 had it
/// planned for 1.36), so off in 1.36 — `ComputePodQOS` takes the pod-level path for any
/// `spec.resources` present, even an empty one.
pub fn pod_level_resources_fix_kubelet_qos_class() -> bool {
    false
}

/// `IsSupportedPodLevelResource`: cpu, memory and hugepages of any size.
pub fn is_supported_pod_level_resource(name: &str) -> bool {
    name == "cpu" || name == "memory" || name.starts_with("hugepages-")
}

fn names_supported(list: &Slot) -> bool {
    list.as_object().is_some_and(|m| m.keys().any(|k| is_supported_pod_level_resource(k)))
}

/// `IsPodLevelResourcesSet`: `spec.resources` names a supported resource in its requests or
/// limits (an empty or absent `spec.resources` is not pod-level resources).
pub fn is_pod_level_resources_set(spec: &Slot) -> bool {
    names_supported(&spec["resources"]["requests"]) || names_supported(&spec["resources"]["limits"])
}

/// `IsPodLevelRequestsSet`.
pub fn is_pod_level_requests_set(spec: &Slot) -> bool {
    names_supported(&spec["resources"]["requests"])
}

/// `IsPodLevelLimitsSet`.
pub fn is_pod_level_limits_set(spec: &Slot) -> bool {
    names_supported(&spec["resources"]["limits"])
}

/// `spec.resources.requests` or `.limits` as a list (all names, supported or not).
pub fn pod_level_list(spec: &Slot, field: &str) -> ResourceList {
    list_of(&spec["resources"][field])
}

/// `applyPodLevelResources`: the pod-level quantity of each supported resource replaces the
/// containers' aggregate.
fn apply_pod_level(result: &mut ResourceList, pod_level: &ResourceList) {
    for (k, q) in pod_level {
        if is_supported_pod_level_resource(k) {
            result.insert(k.clone(), q.clone());
        }
    }
}

/// `AggregateContainerRequests`: the containers' requests as the sidecar formula sums them,
/// without pod-level resources or overhead (what the validation of pod-level requests and
/// their defaulting compare with).
pub fn aggregate_container_requests(spec: &Slot) -> ResourceList {
    aggregate(spec, None, "requests", None)
}

/// `AggregateContainerLimits`.
pub fn aggregate_container_limits(spec: &Slot) -> ResourceList {
    aggregate(spec, None, "limits", None)
}

fn requests(spec: &Slot, status: Option<&Slot>, defaults: Option<&ResourceList>) -> ResourceList {
    let mut reqs = aggregate(spec, status, "requests", defaults);
    if pod_level_resources_enabled() && is_pod_level_requests_set(spec) {
        apply_pod_level(&mut reqs, &pod_level_list(spec, "requests"));
    }
    add(&mut reqs, &list_of(&spec["overhead"]));
    reqs
}

/// `PodRequests`: containers and init containers as above — or the pod-level requests where the
/// pod states them —, plus the pod overhead.
pub fn pod_requests(spec: &Slot) -> ResourceList {
    requests(spec, None, None)
}

/// `PodRequests` with `NonMissingContainerRequests` (the scheduler's scoring defaults).
pub fn pod_requests_with(spec: &Slot, defaults: Option<&ResourceList>) -> ResourceList {
    requests(spec, None, defaults)
}

/// `PodRequests` with `UseStatusResources`, as the scheduler and the kubelet's admission count
/// a pod already on a node: each container's requests as `in_use` gives them. Pod-level
/// requests are the spec's (pod-level in-place resize is not modelled).
pub fn pod_requests_in_use(pod: &Slot, defaults: Option<&ResourceList>) -> ResourceList {
    requests(&pod["spec"], Some(&pod["status"]), defaults)
}

/// The scheduler's `getNonMissingContainerRequests` (`pkg/scheduler/framework/types.go`): the
/// defaults (100m cpu, 200Mi memory) each container gets for scoring when it states no request
/// — all of them without pod-level requests; with them, only for a resource missing from the
/// pod's requests altogether. `requests` is the pod's `PodRequests`.
pub fn non_missing_container_requests(spec: &Slot, requests: &ResourceList, defaults: &ResourceList) -> ResourceList {
    if !(pod_level_resources_enabled() && is_pod_level_requests_set(spec)) {
        return defaults.clone();
    }
    VecMap::from_iter(defaults.iter().filter(|(k, _)| !requests.contains_key(*k)).map(|(k, q)| (k.clone(), q.clone())))
}

/// `PodLimits`: the containers' limits (the pod-level limits of supported resources in their
/// place when the pod states pod-level resources); the overhead is added only to resources
/// with a non-zero limit.
pub fn pod_limits(spec: &Slot) -> ResourceList {
    let mut limits = aggregate(spec, None, "limits", None);
    if pod_level_resources_enabled() && is_pod_level_resources_set(spec) {
        apply_pod_level(&mut limits, &pod_level_list(spec, "limits"));
    }
    for (k, q) in list_of(&spec["overhead"]) {
        if let Some(v) = limits.get_mut(&k).filter(|v| !v.is_zero()) {
            *v += &q;
        }
    }
    limits
}

/// The container resources the kubelet hands the runtime (`generateLinuxContainerResources`,
/// `getCPULimit` / `getMemoryLimit` in `pkg/kubelet/kuberuntime/kuberuntime_container_linux.go`):
/// when the pod states pod-level resources, a container without a cpu (memory) limit of its
/// own is given the pod-level limit — its `cpu.max` (`memory.max`) is the pod's, and a
/// container without a cpu request takes its `cpu.weight` from that limit. Not written to the
/// pod spec.
pub fn runtime_container_resources(spec: &Slot, resources: &Slot) -> Value {
    let mut out = resources.to_value();
    if !(pod_level_resources_enabled() && is_pod_level_resources_set(spec)) {
        return out;
    }
    let pod_limits = pod_level_list(spec, "limits");
    for r in ["cpu", "memory"] {
        let own = resources["limits"][r].as_str().and_then(|q| q.parse::<Quantity>().ok()).filter(|q| !q.is_zero());
        if let (None, Some(q)) = (own, pod_limits.get(r)) {
            if !out.is_object() {
                out = json!({});
            }
            if !out["limits"].is_object() {
                out["limits"] = json!({});
            }
            out["limits"][r] = json!(q.to_string());
        }
    }
    out
}

/// The share of the pod's memory request no container claims, per container
/// (`remainingPodMemReqPerContainer`, `pkg/kubelet/qos/helpers.go`): pod-level memory request
/// minus the containers' aggregate, divided by the number of containers (init containers
/// included). 0 without a pod-level memory request.
pub fn remaining_pod_memory_request_per_container(spec: &Slot) -> i64 {
    let Some(pod) = pod_level_list(spec, "requests").remove("memory").filter(|q| !q.is_zero()) else { return 0 };
    let n = spec["containers"].as_array().map_or(0, <[crate::Slot]>::len) + spec["initContainers"].as_array().map_or(0, <[crate::Slot]>::len);
    let aggregate = aggregate_container_requests(spec).remove("memory").map_or(0, |q| q.value());
    if n == 0 { 0 } else { (pod.value() - aggregate) / n as i64 }
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
        assert_eq!(cpu(&pod_requests(&crate::Obj::untyped(&spec))), "2");
        // a regular init container after a sidecar uses its request plus the sidecar's.
        let spec = json!({
            "initContainers": [
                {"name": "s", "restartPolicy": "Always", "resources": {"requests": {"cpu": "1"}}},
                {"name": "i", "resources": {"requests": {"cpu": "5"}}}
            ],
            "containers": [{"name": "a", "resources": {"requests": {"cpu": "1"}}}]
        });
        assert_eq!(cpu(&pod_requests(&crate::Obj::untyped(&spec))), "6");
        // init before the sidecar does not add it.
        let spec = json!({
            "initContainers": [
                {"name": "i", "resources": {"requests": {"cpu": "5"}}},
                {"name": "s", "restartPolicy": "Always", "resources": {"requests": {"cpu": "1"}}}
            ],
            "containers": [{"name": "a", "resources": {"requests": {"cpu": "1"}}}]
        });
        assert_eq!(cpu(&pod_requests(&crate::Obj::untyped(&spec))), "5");
        // plain init containers: max(max(init), sum(app)), plus overhead.
        let spec = json!({
            "initContainers": [{"name": "i", "resources": {"requests": {"cpu": "2"}}}],
            "containers": [{"name": "a", "resources": {"requests": {"cpu": "500m"}}}, {"name": "b", "resources": {"requests": {"cpu": "1"}}}],
            "overhead": {"cpu": "250m"}
        });
        assert_eq!(cpu(&pod_requests(&crate::Obj::untyped(&spec))), "2250m");
    }

    fn get(list: &ResourceList, name: &str) -> String {
        list.get(name).map(ToString::to_string).unwrap_or_default()
    }

    /// `TestPodLevelResourceRequests` / `TestPodLevelResourceLimits` (component-helpers
    /// helpers_test.go): pod-level cpu and memory replace the containers' aggregate, other
    /// resources stay the containers', the overhead comes on top.
    #[test]
    fn pod_level_resources_take_precedence() {
        let spec = json!({
            "resources": {"requests": {"cpu": "2", "memory": "1Gi"}, "limits": {"cpu": "4"}},
            "containers": [
                {"name": "a", "resources": {"requests": {"cpu": "500m", "memory": "100Mi", "ephemeral-storage": "1Gi"}, "limits": {"memory": "200Mi"}}},
                {"name": "b", "resources": {}}
            ],
            "overhead": {"cpu": "100m", "memory": "10Mi"}
        });
        let reqs = pod_requests(&crate::Obj::untyped(&spec));
        assert_eq!((get(&reqs, "cpu"), get(&reqs, "memory"), get(&reqs, "ephemeral-storage")), ("2100m".into(), "1034Mi".into(), "1Gi".into()));
        // Limits: the pod-level cpu limit; memory stays the containers' (no pod-level memory
        // limit), each with the overhead.
        let limits = pod_limits(&crate::Obj::untyped(&spec));
        assert_eq!((get(&limits, "cpu"), get(&limits, "memory")), ("4100m".into(), "210Mi".into()));
        // Without pod-level resources: the containers.
        let mut plain = spec.clone();
        plain.as_object_mut().unwrap().remove("resources");
        assert_eq!(get(&pod_requests(&crate::Obj::untyped(&plain)), "cpu"), "600m");
        // Only limits at pod level: requests stay the containers' (defaulting fills pod-level
        // requests before anything reads them).
        let mut only_limits = spec.clone();
        only_limits["resources"] = json!({"limits": {"cpu": "4"}});
        assert_eq!(get(&pod_requests(&crate::Obj::untyped(&only_limits)), "cpu"), "600m");
        // An unsupported name at pod level does not make pod-level resources.
        assert!(!is_pod_level_resources_set(&crate::Obj::untyped(&json!({"resources": {"requests": {"ephemeral-storage": "1Gi"}}}))));
        assert!(is_pod_level_resources_set(&crate::Obj::untyped(&json!({"resources": {"limits": {"hugepages-2Mi": "4Mi"}}}))));
    }

    /// The scheduler's `getNonMissingContainerRequests`: no defaults where pod-level requests
    /// answer; 100m / 200Mi per container otherwise.
    #[test]
    fn scheduler_defaults_with_pod_level_requests() {
        let mut defaults = ResourceList::new();
        defaults.insert("cpu".into(), Quantity::new_milli(100, podlife_model::quantity::Format::DecimalSI));
        defaults.insert("memory".into(), Quantity::new(200 * 1024 * 1024, podlife_model::quantity::Format::BinarySI));
        let spec = json!({"resources": {"requests": {"cpu": "1"}}, "containers": [{"name": "a"}, {"name": "b"}]});
        let reqs = pod_requests(&crate::Obj::untyped(&spec));
        let missing = non_missing_container_requests(&crate::Obj::untyped(&spec), &reqs, &defaults);
        assert_eq!(missing.keys().collect::<Vec<_>>(), vec!["memory"]);
        let non_zero = pod_requests_with(&crate::Obj::untyped(&spec), Some(&missing));
        assert_eq!((get(&non_zero, "cpu"), get(&non_zero, "memory")), ("1".into(), "400Mi".into()));
        let plain = json!({"containers": [{"name": "a"}]});
        assert_eq!(non_missing_container_requests(&crate::Obj::untyped(&plain), &pod_requests(&crate::Obj::untyped(&plain)), &defaults).len(), 2);
    }

    /// `getCPULimit` / `getMemoryLimit` and `remainingPodMemReqPerContainer`.
    #[test]
    fn runtime_limits_and_oom_share() {
        let spec = json!({"resources": {"requests": {"memory": "300Mi"}, "limits": {"cpu": "500m", "memory": "1Gi"}},
            "containers": [{"name": "a", "resources": {"requests": {"memory": "100Mi"}, "limits": {"memory": "200Mi"}}}, {"name": "b", "resources": {}}]});
        let a = runtime_container_resources(&crate::Obj::untyped(&spec), &crate::Obj::untyped(&spec["containers"][0]["resources"]));
        assert_eq!(a["limits"], json!({"cpu": "500m", "memory": "200Mi"}));
        let b = runtime_container_resources(&crate::Obj::untyped(&spec), &crate::Obj::untyped(&spec["containers"][1]["resources"]));
        assert_eq!(b["limits"], json!({"cpu": "500m", "memory": "1Gi"}));
        assert_eq!(remaining_pod_memory_request_per_container(&crate::Obj::untyped(&spec)), 100 * 1024 * 1024);
        assert_eq!(runtime_container_resources(&crate::Obj::untyped(&json!({})), &crate::Obj::untyped(&json!({}))), json!({}));
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
        assert_eq!(cpu(&pod_requests_in_use(&crate::Obj::untyped(&pod("2", "1", "1", false)), None)), "2");
        assert_eq!(cpu(&pod_requests_in_use(&crate::Obj::untyped(&pod("1", "2", "1", false)), None)), "2");
        assert_eq!(cpu(&pod_requests_in_use(&crate::Obj::untyped(&pod("1", "1", "2", false)), None)), "2");
        // an infeasible resize is not counted.
        assert_eq!(cpu(&pod_requests_in_use(&crate::Obj::untyped(&pod("4", "1", "2", true)), None)), "2");
        // no status yet: the spec.
        assert_eq!(cpu(&pod_requests_in_use(&crate::Obj::untyped(&json!({"spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "3"}}}]}})), None)), "3");
    }
}

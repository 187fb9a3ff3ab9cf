//! In-place pod resize on the node: the allocation the kubelet admitted for each container,
//! a new desired size (the API's `pods/resize`) allocated or left pending, the resize
//! conditions, and what the runtime must do to catch up.
//!
//! Upstream (1.36):
//! - `pkg/kubelet/allocation/allocation_manager.go` `handlePodResourcesResize`: desired ==
//!   allocated clears `PodResizePending`; else the admit handlers run with the desired pod —
//!   a pod asking for more than the node's allocatable is `Infeasible` ("Node didn't have enough
//!   capacity: memory|cpu, requested: N, capacity: M", memory first, cpu in millicores), one
//!   that does not fit beside the others' allocations is `Deferred` with the predicate's
//!   "Node didn't have enough resource: …" — else the allocation is updated, the pending
//!   condition cleared, `PodResizeInProgress` set with the pod's generation and a
//!   `ResizeStarted` event sent. A pending condition that changes sends a Warning
//!   `ResizeInfeasible` / `ResizeDeferred` event. Deferred resizes are tried again on every
//!   pod update and sync (upstream: on pod updates and removals and every 3 min).
//! - `kubelet.go` `SyncPod`: while a running container's actual resources differ from its
//!   allocation the resize is in progress; when they match, `PodResizeInProgress` is cleared
//!   with a `ResizeCompleted` event.
//! - `pkg/kubelet/events/resize.go`: the events' messages, the pod's resources as JSON
//!   (`{"initContainers":[…],"containers":[{"name":…,"resources":{…}}],"generation":N}` with an
//!   `"error"` for a pending one).
//! - `kuberuntime_manager.go` `computePodResizeAction`: a changed cpu limit, cpu request or
//!   memory limit whose `resizePolicy` is `RestartContainer` restarts the container ("Container
//!   %s resize requires restart"); otherwise `UpdateContainerResources` in place.
//!
//! - Pod-level resources (`InPlacePodLevelResourcesVerticalScaling`, beta in 1.36): the
//!   allocation holds the pod's `spec.resources` too (under the key `""`, which no container
//!   can have); a new pod-level size is allocated like a container's, the pod cgroup is
//!   rewritten (`UpdatePodSandboxResources`), and a container without limits of its own, whose
//!   cgroup carries the pod's limits, is updated in place or restarted as its own
//!   `resizePolicy` says (the resize-pod-resources page's nginx restart).
//!
//! Not modelled: the best-effort refusal of a memory limit below current usage (the resize
//! stays in progress with reason `Error`), swap, CPU/memory manager static policies, the pod
//! status's own pod-level `resources` / `allocatedResources`, and the pending queue's
//! priority order.

use super::{Cx, Kubelet};
use crate::Slot;
use std::collections::BTreeMap;

use serde_json::Value;

use crate::clock::Time;

/// Each resizable container's resources (`state.PodResourceInfo.ContainerResources`):
/// regular and init containers (`InPlacePodVerticalScalingInitContainers` is on in 1.36).
pub type Allocation = BTreeMap<String, Value>;

/// The two resize conditions as the status manager keeps them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Conditions {
    pub pending: Option<Value>,
    pub in_progress: Option<Value>,
}

impl Conditions {
    /// In the order the kubelet adds them to the status.
    pub fn list(&self) -> Vec<Value> {
        self.pending.iter().chain(self.in_progress.iter()).cloned().collect()
    }
}

/// The allocation's key for the pod-level resources.
pub const POD_LEVEL: &str = "";

/// The desired resources of a pod's containers (and its pod-level resources).
pub fn desired(pod: &Slot) -> Allocation {
    let mut out = Allocation::new();
    if pod["spec"]["resources"].is_object() {
        out.insert(POD_LEVEL.to_string(), pod["spec"]["resources"].to_value());
    }
    for list in ["initContainers", "containers"] {
        for c in pod["spec"][list].as_array().unwrap_or_default() {
            out.insert(c["name"].as_str().unwrap_or_default().to_string(), c["resources"].to_value());
        }
    }
    out
}

/// `same_allocation(alloc, &desired(pod))`, read from the pod in place (every sync asks):
/// false also when the pod repeats a container name, which `desired` would fold.
fn is_desired(alloc: &Allocation, pod: &Slot) -> bool {
    let spec = &pod["spec"];
    let mut n = 0;
    if spec["resources"].is_object() {
        n += 1;
        if !alloc.get(POD_LEVEL).is_some_and(|a| same_resources_as(a, &spec["resources"])) {
            return false;
        }
    }
    for list in ["initContainers", "containers"] {
        for c in spec[list].as_array().unwrap_or_default() {
            n += 1;
            if !alloc.get(c["name"].as_str().unwrap_or_default()).is_some_and(|a| same_resources_as(a, &c["resources"])) {
                return false;
            }
        }
    }
    n == alloc.len()
}

/// A pod as the kubelet stores it (decoded under the Pod schema, as the store decodes one).
pub(crate) fn pod_obj(pod: &Value) -> crate::Obj {
    match podlife_model::ResourceType::resolve("pods") {
        Some(rt) => crate::Obj::from_value(rt, pod),
        None => crate::Obj::untyped(pod),
    }
}

/// A container's resources in a pod `with_allocation` made (or one the allocation already
/// describes): its allocation, as `with_allocation` set it on the first container of that name.
fn allocated_resources<'p>(pod: &'p Slot, name: &str) -> Option<&'p Slot> {
    ["initContainers", "containers"].iter().flat_map(|l| pod["spec"][*l].as_array().unwrap_or_default()).find(|c| c["name"] == name).map(|c| &c["resources"])
}

/// `with_allocation` when the allocation changes the pod (None: the pod serves as it is).
pub fn allocated_obj(pod: &Slot, alloc: Option<&Allocation>) -> Option<crate::Obj> {
    let alloc = alloc?;
    (!allocation_is_spec(pod, alloc)).then(|| pod_obj(&with_allocation(pod, Some(alloc))))
}

/// `UpdatePodFromAllocation`: the pod with its containers' resources as allocated.
pub fn with_allocation(pod: &Slot, alloc: Option<&Allocation>) -> Value {
    let mut pod = pod.to_value();
    let Some(alloc) = alloc else { return pod };
    if let (Some(r), Some(spec)) = (alloc.get(POD_LEVEL), pod.get_mut("spec")) {
        spec["resources"] = r.clone();
    }
    for list in ["initContainers", "containers"] {
        for c in pod.get_mut("spec").and_then(|s| s.get_mut(list)).and_then(Value::as_array_mut).map(Vec::as_mut_slice).unwrap_or_default() {
            if let Some(r) = c["name"].as_str().and_then(|n| alloc.get(n)) {
                c["resources"] = r.clone();
            }
        }
    }
    pod
}

/// `with_allocation` of a shared pod, copied only when the allocation changes it: when no
/// resize is pending, the allocation is what the pod says and the pod serves as it is.
pub fn with_allocation_shared(pod: &std::sync::Arc<crate::Obj>, alloc: Option<&Allocation>) -> std::sync::Arc<crate::Obj> {
    match alloc {
        Some(a) if !allocation_is_spec(pod, a) => std::sync::Arc::new(pod_obj(&with_allocation(pod, Some(a)))),
        _ => pod.clone(),
    }
}

/// Whether `with_allocation(pod, Some(alloc))` would equal the pod: every field it would set
/// is present with that value.
fn allocation_is_spec(pod: &Slot, alloc: &Allocation) -> bool {
    let Some(spec) = pod.get("spec") else { return true };
    if let Some(r) = alloc.get(POD_LEVEL)
        && !spec.get("resources").is_some_and(|s| s == r)
    {
        return false;
    }
    ["initContainers", "containers"].iter().all(|list| {
        spec.get(list).and_then(crate::Slot::as_array).unwrap_or_default().iter().all(|c| match c["name"].as_str().and_then(|n| alloc.get(n)) {
            Some(r) => c.get("resources").is_some_and(|s| s == r),
            None => true,
        })
    })
}

fn quantity(v: &Slot) -> Option<podlife_model::quantity::Quantity> {
    v.as_str()?.parse().ok()
}

fn value_quantity(v: &Value) -> Option<podlife_model::quantity::Quantity> {
    v.as_str()?.parse().ok()
}

/// Two resource lists' `name` entries are the same quantity.
fn same_quantity(a: &Value, b: &Value) -> bool {
    value_quantity(a) == value_quantity(b)
}

/// Resources equal as `apiequality.Semantic` sees them (quantities by value).
pub fn same_resources(a: &Value, b: &Value) -> bool {
    ["requests", "limits"].iter().all(|f| {
        let names: crate::vecmap::VecSet<&String> = crate::vecmap::VecSet::from_iter([&a[*f], &b[*f]].iter().filter_map(|l| l.as_object()).flat_map(|m| m.keys()));
        names.iter().all(|n| same_quantity(&a[*f][n.as_str()], &b[*f][n.as_str()]))
    })
}

/// `same_resources` of an allocation entry and a pod's resources read in place.
fn same_resources_as(a: &Value, b: &Slot) -> bool {
    ["requests", "limits"].iter().all(|f| {
        let (x, y) = (&a[*f], &b[*f]);
        x.as_object().into_iter().flat_map(|m| m.keys()).all(|n| value_quantity(&x[n.as_str()]) == quantity(&y[n.as_str()]))
            && y.keys().all(|n| value_quantity(&x[n]) == quantity(&y[n]))
    })
}

pub fn same_allocation(a: &Allocation, b: &Allocation) -> bool {
    a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| same_resources(v, w)))
}

/// Go's `json.Marshal` of a `ResourceRequirements`: `limits`, `requests`, each quantity in
/// its canonical form.
fn resources_json(r: &Slot) -> String {
    let list = |l: &Slot| -> Option<String> {
        let m = l.as_object().filter(|m| !m.is_empty())?;
        let items: Vec<String> = m.map(|(k, v)| format!("{}:{}", json!(k), json!(quantity(v).map(|q| q.to_string()).unwrap_or_default()))).collect();
        Some(format!("{{{}}}", items.join(",")))
    };
    let parts: Vec<String> = ["limits", "requests"].iter().filter_map(|f| list(&r[*f]).map(|l| format!("\"{f}\":{l}"))).collect();
    format!("{{{}}}", parts.join(","))
}

/// `podResizeMessage`: `<prefix>: {"initContainers":…,"containers":…,"generation":N[,"error":…]}`.
pub fn message(prefix: &str, pod: &Slot, generation: i64, error: &str) -> String {
    let mut parts = vec![];
    for list in ["initContainers", "containers"] {
        let cs = pod["spec"][list].as_array().unwrap_or_default();
        if cs.is_empty() {
            continue;
        }
        let items: Vec<String> = cs.iter().map(|c| format!("{{\"name\":{},\"resources\":{}}}", json!(c["name"]), resources_json(&c["resources"]))).collect();
        parts.push(format!("\"{list}\":[{}]", items.join(",")));
    }
    parts.push(format!("\"generation\":{generation}"));
    if !error.is_empty() {
        parts.push(format!("\"error\":{}", json!(error)));
    }
    format!("{prefix}: {{{}}}", parts.join(","))
}

/// A resize condition as the status manager writes it.
fn condition(kind: &str, reason: &str, message: &str, generation: i64, now: Time) -> Value {
    let mut c = json!({"type": kind, "status": "True", "lastProbeTime": null, "lastTransitionTime": now.rfc3339(), "observedGeneration": generation});
    if !reason.is_empty() {
        c["reason"] = json!(reason);
    }
    if !message.is_empty() {
        c["message"] = json!(message);
    }
    c
}

/// `GetResourceRequest` against the node's allocatable: the Infeasible message, if any.
fn infeasible(pod: &Slot, node: &Slot) -> Option<String> {
    let reqs = crate::resources::pod_requests(&pod["spec"]);
    let alloc = &node["status"]["allocatable"];
    let value = |name: &str, milli: bool| -> (i64, i64) {
        let r = reqs.get(name).map(|q| if milli { q.milli_value() } else { q.value() }).unwrap_or(0);
        let a = quantity(&alloc[name]).map(|q| if milli { q.milli_value() } else { q.value() }).unwrap_or(0);
        (r, a)
    };
    let (mem, mem_cap) = value("memory", false);
    let (cpu, cpu_cap) = value("cpu", true);
    if mem > mem_cap {
        Some(format!("Node didn't have enough capacity: memory, requested: {mem}, capacity: {mem_cap}"))
    } else if cpu > cpu_cap {
        Some(format!("Node didn't have enough capacity: cpu, requested: {cpu}, capacity: {cpu_cap}"))
    } else {
        None
    }
}

impl Kubelet {
    /// The allocation manager's part of a sync: allocate a new desired size or say why not,
    /// then whether the runtime has caught up (`PodResizeInProgress`).
    pub(super) fn handle_resize(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &std::sync::Arc<crate::Obj>) {
        let generation = pod["metadata"]["generation"].as_i64().unwrap_or(1);
        let now = cx.now();
        let Some(w) = self.workers.get_mut(uid) else { return };
        let Some(allocated) = w.allocated.as_ref() else {
            // `AddPod`: admitted at the spec's resources.
            w.allocated = Some(desired(pod));
            return;
        };
        // The pod's desired resources are built only when they may differ.
        if is_desired(allocated, pod) || same_allocation(allocated, &desired(pod)) {
            w.resize.pending = None;
        } else {
            let want = desired(pod);
            let node_object = self.cached_node(cx);
            let verdict = match infeasible(pod, node_object.as_deref().map_or(crate::Slot::null(), |n| n.root())) {
                Some(m) => Some(("Infeasible", m)),
                None => self.admit(cx, uid, pod).map(|r| ("Deferred", r.message)),
            };
            let Some(w) = self.workers.get_mut(uid) else { return };
            match verdict {
                None => {
                    w.allocated = Some(want);
                    w.resize.pending = None;
                    w.resize.in_progress = Some(condition("PodResizeInProgress", "", "", generation, now));
                    self.event(cx, pod, None, "Normal", "ResizeStarted", &message("Pod resize started", pod, generation, ""));
                }
                Some((reason, text)) => {
                    let unchanged = w.resize.pending.as_ref().is_some_and(|c| c["reason"] == reason && c["message"] == text.as_str());
                    if !unchanged {
                        w.resize.pending = Some(condition("PodResizePending", reason, &text, generation, now));
                        let event = if reason == "Infeasible" { "ResizeInfeasible" } else { "ResizeDeferred" };
                        self.event(cx, pod, None, "Warning", event, &message(&format!("Pod resize {reason}"), pod, generation, &text));
                    }
                }
            }
        }
        // `IsPodResizeInProgress`: a running container whose actual resources are not its
        // allocation.
        let Some(m) = cx.node().machine(&self.node) else { return };
        let Some(w) = self.workers.get(uid) else { return };
        let alloc = w.allocated.clone().unwrap_or_default();
        // The pod as allocated, decoded only when a resize makes it differ.
        let owned = allocated_obj(pod, Some(&alloc));
        let allocated_pod: &Slot = match &owned {
            Some(o) => o,
            None => pod,
        };
        // What the runtime was handed (`effective`: with the pod-level limits), and the pod
        // cgroup, against the allocation.
        let behind = m.runtime.pod_containers(uid).iter().filter(|c| c.state == crate::containerd::ContainerState::Running).any(|c| {
            let actual = c.cgroup.as_ref().map(|g| &g.effective);
            alloc.get(&c.name).is_some_and(|a| {
                actual.is_some_and(|r| {
                    // The allocation as the allocated pod holds it (read in place); decoded
                    // only for a container the pod's lists do not name.
                    let wanted = match allocated_resources(allocated_pod, &c.name) {
                        Some(res) => crate::resources::runtime_container_resources(&allocated_pod["spec"], res),
                        None => crate::resources::runtime_container_resources(&allocated_pod["spec"], &crate::Obj::untyped(a)),
                    };
                    !actuated_match(&wanted, r)
                })
            })
        }) || m.runtime.ready_sandbox(uid).is_some_and(|s| {
            let want = crate::containerd::cgroups::PodCgroup::for_pod(allocated_pod);
            (s.pod_cgroup.pod_level || want.pod_level) && s.pod_cgroup != want
        });
        let Some(w) = self.workers.get_mut(uid) else { return };
        if behind {
            if w.resize.in_progress.is_none() {
                w.resize.in_progress = Some(condition("PodResizeInProgress", "", "", generation, now));
            }
        } else if let Some(c) = w.resize.in_progress.take() {
            let g = c["observedGeneration"].as_i64().unwrap_or(generation);
            self.event(cx, pod, None, "Normal", "ResizeCompleted", &message("Pod resize completed", allocated_pod, g, ""));
        }
    }

    /// The kubelet's allocation for a pod (None before its first sync).
    pub(crate) fn allocation(&self, uid: &str) -> Option<&Allocation> {
        self.workers.get(uid)?.allocated.as_ref()
    }
}

/// What the runtime can be seen to hold: the cpu request (as shares), cpu limit (as quota) and
/// memory limit (`allocatedResourcesMatchStatus`).
pub fn actuated_match(alloc: &Value, actual: &Value) -> bool {
    let milli = |v: &Value| value_quantity(v).map(|q| q.milli_value()).unwrap_or(0);
    let bytes = |v: &Value| value_quantity(v).map(|q| q.value()).unwrap_or(0);
    let shares = |r: &Value| {
        let req = &r["requests"]["cpu"];
        let m = if req.is_null() { milli(&r["limits"]["cpu"]) } else { milli(req) };
        crate::containerd::cgroups::milli_cpu_to_shares(m)
    };
    shares(alloc) == shares(actual)
        && crate::containerd::cgroups::milli_cpu_to_quota(milli(&alloc["limits"]["cpu"]), crate::containerd::cgroups::QUOTA_PERIOD) == crate::containerd::cgroups::milli_cpu_to_quota(milli(&actual["limits"]["cpu"]), crate::containerd::cgroups::QUOTA_PERIOD)
        && bytes(&alloc["limits"]["memory"]) == bytes(&actual["limits"]["memory"])
}

/// `computePodResizeAction` for one running container: None when nothing is to be done,
/// Some(true) to restart it, Some(false) to update it in place.
pub fn resize_action(spec: &Slot, alloc: &Value, actual: &Value) -> Option<bool> {
    if actuated_match(alloc, actual) {
        return None;
    }
    let policy = |r: &str| spec["resizePolicy"].as_array().and_then(|ps| ps.iter().find(|p| p["resourceName"] == r)).and_then(|p| p["restartPolicy"].as_str()).unwrap_or("NotRequired") == "RestartContainer";
    let changed = |f: &str, r: &str| !same_quantity(&alloc[f][r], &actual[f][r]);
    let restart = (policy("cpu") && (changed("limits", "cpu") || changed("requests", "cpu"))) || (policy("memory") && changed("limits", "memory"));
    Some(restart)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared pod serves when the allocation is its own spec; otherwise the copy is
    /// `with_allocation`'s.
    #[test]
    fn shared_allocation_copies_only_on_a_difference() {
        let pod = std::sync::Arc::new(crate::Obj::untyped(&json!({"spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "100m"}}}, {"name": "d", "resources": {}}]}})));
        let same = desired(&pod);
        assert!(std::sync::Arc::ptr_eq(&with_allocation_shared(&pod, Some(&same)), &pod));
        assert!(std::sync::Arc::ptr_eq(&with_allocation_shared(&pod, None), &pod));
        let mut resized = same.clone();
        resized.insert("c".into(), json!({"requests": {"cpu": "200m"}}));
        assert_eq!(*with_allocation_shared(&pod, Some(&resized)), with_allocation(&pod, Some(&resized)));
        // A null allocation for `d` replaces its `{}` in the copy.
        let mut d_only = Allocation::new();
        d_only.insert("d".into(), Value::Null);
        assert!(!std::sync::Arc::ptr_eq(&with_allocation_shared(&pod, Some(&d_only)), &pod));
        assert_eq!(*with_allocation_shared(&pod, Some(&d_only)), with_allocation(&pod, Some(&d_only)));
    }

    /// pkg/kubelet/events/resize_test.go vectors.
    #[test]
    fn event_messages() {
        let r = |cr: &str, cl: &str, mr: &str, ml: &str| {
            let mut v = json!({"limits": {}, "requests": {}});
            for (f, k, q) in [("requests", "cpu", cr), ("limits", "cpu", cl), ("requests", "memory", mr), ("limits", "memory", ml)] {
                if !q.is_empty() {
                    v[f][k] = json!(q);
                }
            }
            v
        };
        let pod = crate::Obj::untyped(&json!({"spec": {"containers": [{"name": "c0", "resources": r("100m", "100m", "100", "100")}]}}));
        assert_eq!(message("Pod resize completed", &pod, 1, ""), r#"Pod resize completed: {"containers":[{"name":"c0","resources":{"limits":{"cpu":"100m","memory":"100"},"requests":{"cpu":"100m","memory":"100"}}}],"generation":1}"#);
        let pod = crate::Obj::untyped(&json!({"spec": {
            "initContainers": [{"name": "c0", "restartPolicy": "Always", "resources": r("100m", "200m", "", "")}],
            "containers": [{"name": "c1", "resources": r("", "", "100", "200")}, {"name": "c2", "resources": r("200m", "", "100", "")}]
        }}));
        assert_eq!(
            message("Pod resize Infeasible", &pod, 2, "In-place resize of containers with swap is not supported"),
            r#"Pod resize Infeasible: {"initContainers":[{"name":"c0","resources":{"limits":{"cpu":"200m"},"requests":{"cpu":"100m"}}}],"containers":[{"name":"c1","resources":{"limits":{"memory":"200"},"requests":{"memory":"100"}}},{"name":"c2","resources":{"requests":{"cpu":"200m","memory":"100"}}}],"generation":2,"error":"In-place resize of containers with swap is not supported"}"#
        );
        let pod = crate::Obj::untyped(&json!({"spec": {"containers": [{"name": "c0", "resources": {}}]}}));
        assert_eq!(message("Pod resize completed", &pod, 3, ""), r#"Pod resize completed: {"containers":[{"name":"c0","resources":{}}],"generation":3}"#);
    }

    /// allocation_manager_test.go's Infeasible messages (a 4-cpu, 4Gi node).
    #[test]
    fn infeasible_messages() {
        let node = crate::Obj::untyped(&json!({"status": {"allocatable": {"cpu": "4", "memory": "4Gi"}}}));
        let pod = |cpu: &str, mem: &str| crate::Obj::untyped(&json!({"spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": cpu, "memory": mem}}}]}}));
        assert_eq!(infeasible(&pod("5", "1000M"), &node).as_deref(), Some("Node didn't have enough capacity: cpu, requested: 5000, capacity: 4000"));
        assert_eq!(infeasible(&pod("1", "4500M"), &node).as_deref(), Some("Node didn't have enough capacity: memory, requested: 4500000000, capacity: 4294967296"));
        assert_eq!(infeasible(&pod("1", "1000M"), &node), None);
    }

    #[test]
    fn restart_or_in_place() {
        let spec = crate::Obj::untyped(&json!({"resizePolicy": [{"resourceName": "cpu", "restartPolicy": "NotRequired"}, {"resourceName": "memory", "restartPolicy": "RestartContainer"}]}));
        let res = |cpu: &str, mem: &str| json!({"requests": {"cpu": cpu, "memory": mem}, "limits": {"cpu": cpu, "memory": mem}});
        assert_eq!(resize_action(&spec, &res("700m", "200Mi"), &res("700m", "200Mi")), None);
        assert_eq!(resize_action(&spec, &res("800m", "200Mi"), &res("700m", "200Mi")), Some(false));
        assert_eq!(resize_action(&spec, &res("800m", "300Mi"), &res("700m", "200Mi")), Some(true));
        // a memory request alone is nothing the runtime holds.
        let mem_req = json!({"requests": {"cpu": "700m", "memory": "100Mi"}, "limits": {"cpu": "700m", "memory": "200Mi"}});
        assert_eq!(resize_action(&spec, &mem_req, &res("700m", "200Mi")), None);
    }
}

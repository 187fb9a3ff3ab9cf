//! The kubelet's pod admission: a pod bound to the node (by the scheduler or by hand, with
//! `spec.nodeName`) is checked once, when the kubelet first learns of it, against the node and
//! the pods it has already admitted; a pod that does not fit is rejected and never started.
//!
//! Upstream (1.36):
//! - `pkg/kubelet/kubelet.go` `HandlePodAdditions`: pods in creation order; one whose termination
//!   was requested or whose phase is terminal is not admitted again; the others go through
//!   `allocationManager.AddPod(kl.GetActivePods(), pod)` (`pkg/kubelet/allocation/
//!   allocation_manager.go`, `canAdmitPod`: the active pods minus the pod itself are the
//!   "other pods"); a rejected pod gets `rejectPod` and no pod worker.
//! - `GetActivePods` / `filterOutInactivePods` (`kubelet_pods.go`): the pod manager's pods
//!   (static pods, not their mirror pods), without those the pod worker knows terminated and
//!   those in a terminal phase (in the API or in the status manager — a rejected pod's) that
//!   are not still terminating.
//! - `rejectPod`: a Warning event with the reason and message, and the status manager's status
//!   `{phase: Failed, reason, message: "Pod was rejected: " + message, qosClass}`
//!   (`status_manager.go` `SetPodStatus` / `updateStatusInternal` add `observedGeneration` and
//!   the start time; `mergePodStatus` keeps only the conditions the kubelet does not own, so a
//!   scheduled pod loses its PodScheduled condition).
//! - `pkg/kubelet/lifecycle/predicate.go` `predicateAdmitHandler.Admit`: the pod's
//!   `kubernetes.io/os` label (`PodOSSelectorNodeLabelDoesNotMatch`), its `spec.os`
//!   (`PodOSNotSupported`), then `generalFilter` over a NodeInfo of the node and the other pods,
//!   the pod's extended resources the node does not have removed first
//!   (`removeMissingExtendedResources`). `generalFilter` is the scheduler's `AdmissionCheck`
//!   with every failure (`pkg/scheduler/schedule_one.go`: NodeResourcesFit's `Fits`, the
//!   required node affinity and nodeSelector, NodeName, NodePorts), then — not for static
//!   pods — the node's NoExecute taints the pod does not tolerate. When the node affinity is
//!   the only failure, the kubelet reads its Node again from the API (`GetCachedNode(ctx,
//!   false)`, `kubelet_nodecache.go`) and checks once more. The first failure names the
//!   rejection: `OutOf<resource>` with `InsufficientResourceError`'s message, or the predicate's
//!   name with `Predicate <name> failed: <reason>`.
//!
//! Not modelled: the other admit handlers (the eviction manager's under node pressure, unsafe
//! sysctls, the topology/CPU/memory managers, AppArmor, node shutdown), the critical pod
//! handler's preemption of other pods (`HandleAdmissionFailure`), device plugins, and
//! `SupplementalGroupsPolicy: Strict` (the nodes' containerd supports it; podlife's Node has no
//! `status.features`). `NotEvictPodOnKubeletRestart` (alpha) is off, so a restarted kubelet
//! admits every pod again.

use super::{Cx, Kubelet};
use crate::Slot;
use serde_json::Value;

use crate::apiserver::{Request, Verb};
use crate::scheduler::framework::{NodeInfo, PodInfo};
use crate::scheduler::plugins::{node_affinity, node_name, node_ports, node_resources_fit, taint_toleration};
use crate::store::ObjectKey;
use podlife_model::ResourceType;

/// Why the kubelet turned a pod away (`PodAdmitResult`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub reason: String,
    pub message: String,
}

/// `PredicateFailureReason`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Failure {
    /// `InsufficientResourceError`.
    Resource(node_resources_fit::InsufficientResource),
    /// `PredicateFailureError{PredicateName, PredicateDesc}`.
    Predicate(&'static str, &'static str),
}

impl Failure {
    /// The rejection's reason and message (`Admit`'s switch on the first failure).
    fn rejection(&self) -> Rejection {
        match self {
            Failure::Resource(r) => Rejection {
                // `OutOfcpu`, `OutOfmemory`, `OutOfephemeral-storage`, `OutOfpods`, else
                // `InsufficientResourcePrefix` + the resource's name.
                reason: format!("OutOf{}", r.resource),
                message: format!("Node didn't have enough resource: {}, requested: {}, used: {}, capacity: {}", r.resource, r.requested, r.used, r.capacity),
            },
            Failure::Predicate(name, desc) => Rejection { reason: name.to_string(), message: format!("Predicate {name} failed: {desc}") },
        }
    }
}

/// The conditions the kubelet owns (`kubetypes.PodConditionByKubelet`, with
/// PodReadyToStartContainersCondition on).
const KUBELET_CONDITIONS: [&str; 7] = ["PodScheduled", "Ready", "Initialized", "ContainersReady", "PodResizeInProgress", "PodResizePending", "PodReadyToStartContainers"];

/// `v1helper.IsExtendedResourceName`: a name with a domain outside `kubernetes.io/` that is
/// not a quota's `requests.` name (the API's validation has checked it is qualified).
pub(super) fn is_extended_resource(name: &str) -> bool {
    name.contains('/') && !name.contains("kubernetes.io/") && !name.starts_with("requests.")
}

/// `generalFilter` (predicate.go) over one view of the node.
fn general_filter(pod: &PodInfo, node: &NodeInfo, is_static: bool) -> Vec<Failure> {
    // `scheduler.AdmissionCheck(pod, nodeInfo, true)`.
    let mut reasons: Vec<Failure> = node_resources_fit::fits_request(&pod.requests, node).into_iter().map(Failure::Resource).collect();
    if !node_affinity::required_matches(pod, node) {
        reasons.push(Failure::Predicate("NodeAffinity", node_affinity::ERR_REASON_POD));
    }
    if !node_name::fits(pod, node) {
        reasons.push(Failure::Predicate("NodeName", node_name::ERR_REASON));
    }
    if !node_ports::fits(pod, node) {
        reasons.push(Failure::Predicate("NodePorts", node_ports::ERR_REASON));
    }
    // "Check taint/toleration except for static pods": only NoExecute taints matter here.
    if !is_static && node.taints.iter().filter(|t| t.effect == "NoExecute").any(|t| !pod.tolerations.iter().any(|tol| tol.tolerates(t))) {
        reasons.push(Failure::Predicate("TaintToleration", taint_toleration::ERR_REASON_NOT_MATCH));
    }
    reasons
}

/// The status `rejectPod` gives the status manager, as the status manager sends it.
pub(crate) fn rejected_status(pod: &Slot, rejection: &Rejection, now: crate::clock::Time) -> Value {
    let old = &pod["status"];
    // `v1qos.GetPodQOS`: the status's class, kept as it is.
    let qos = old["qosClass"].as_str().filter(|q| !q.is_empty()).map(str::to_string).unwrap_or_else(|| crate::qos::pod_qos_class(&pod["spec"]).to_string());
    let mut status = json!({
        "phase": "Failed",
        "reason": rejection.reason,
        "message": format!("Pod was rejected: {}", rejection.message),
        "qosClass": qos,
        // `updateStatusInternal`: the start time stays, else it is now.
        "startTime": old["startTime"].as_str().map(str::to_string).unwrap_or_else(|| now.rfc3339()),
    });
    // `SetPodStatus`: `CalculatePodStatusObservedGeneration`.
    if !pod["metadata"]["generation"].is_null() {
        status["observedGeneration"] = pod["metadata"]["generation"].to_value();
    }
    // `mergePodStatus`: the conditions others own stay.
    let kept: Vec<Value> = old["conditions"].as_array().unwrap_or_default().iter().filter(|c| !KUBELET_CONDITIONS.contains(&c["type"].as_str().unwrap_or_default())).map(Slot::to_value).collect();
    if !kept.is_empty() {
        status["conditions"] = json!(kept);
    }
    status
}

impl Kubelet {
    /// The Node as the kubelet has it (`GetCachedNode(ctx, true)`): its informer's copy (the
    /// store's), or the node it would register (`initialNode`) when there is none.
    pub(super) fn cached_node(&mut self, cx: &mut Cx<'_>) -> Option<std::sync::Arc<crate::Obj>> {
        let rt = ResourceType::resolve("nodes")?;
        if let Some(n) = cx.node().api_object_shared(&ObjectKey::new(rt, None, &self.node)) {
            return Some(n);
        }
        let facts = cx.node().machine(&self.node)?.facts.clone();
        let mut n = super::register::initial_node(&self.node, &facts);
        n["status"] = json!({"capacity": facts.capacity, "allocatable": facts.capacity});
        Some(std::sync::Arc::new(crate::Obj::untyped(&n)))
    }

    /// `GetActivePods()` minus the pod being admitted: the pods the kubelet has admitted and
    /// that still hold their resources, as the scheduler framework views them.
    fn other_active_pods(&self, cx: &mut Cx<'_>, uid: &str) -> Vec<PodInfo> {
        let mut out = vec![];
        // A pod whose ADD the sync loop has not handled yet is not in the pod manager.
        for w in self.workers.values().filter(|w| w.uid != uid && !w.terminated && !w.admit_pending) {
            // Gone from the pod manager (removed from the API): not counted.
            let Some(pod) = cx.node().kubelet_pod(&self.node, &w.namespace, &w.name).filter(|p| p["metadata"]["uid"] == w.uid.as_str()) else { continue };
            let terminal = |s: &Slot| matches!(s["phase"].as_str(), Some("Succeeded" | "Failed"));
            let is_terminal = terminal(&pod["status"]) || w.last_status.as_ref().is_some_and(|s| matches!(s["phase"].as_str(), Some("Succeeded" | "Failed")));
            if is_terminal && !w.terminating {
                continue;
            }
            // `getAllocatedPods`: the pod as the kubelet allocated it.
            out.push(PodInfo::from_shared(&super::resize::with_allocation_shared(&pod, w.allocated.as_ref())));
        }
        out
    }

    /// `canAdmitPod` with the predicate admit handler (`predicateAdmitHandler.Admit`): None when
    /// the pod may run on the node.
    pub(crate) fn admit(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &std::sync::Arc<crate::Obj>) -> Option<Rejection> {
        let node_name = self.node.clone();
        let node = node_name.as_str();
        // `rejectPodAdmissionBasedOnOSSelector`: the node's os label counts as the kubelet's
        // own OS (linux) whatever it says.
        if pod["metadata"]["labels"]["kubernetes.io/os"].as_str().is_some_and(|os| os != "linux") {
            return Some(Rejection { reason: "PodOSSelectorNodeLabelDoesNotMatch".into(), message: "Failed to admit pod as the `kubernetes.io/os` label doesn't match node label".into() });
        }
        // `rejectPodAdmissionBasedOnOSField`.
        if pod["spec"]["os"]["name"].as_str().is_some_and(|os| os != "linux") {
            return Some(Rejection { reason: "PodOSNotSupported".into(), message: "Failed to admit pod as the OS field doesn't match node OS".into() });
        }
        let node_object = self.cached_node(cx)?;
        let mut info = NodeInfo::new(&node_object);
        for other in self.other_active_pods(cx, uid) {
            info.add_pod(other);
        }
        let mut admitted = PodInfo::from_shared(pod);
        // `removeMissingExtendedResources`.
        admitted.requests.scalar.retain(|name, _| !is_extended_resource(name) || info.allocatable.scalar.contains_key(name));
        let is_static = cx.node().static_pod(node, uid).is_some();
        let mut reasons = general_filter(&admitted, &info, is_static);
        // "If the only reason for failure is the node affinity labels, fetch the node
        // synchronously and try again."
        if !reasons.is_empty() && reasons.iter().all(|r| *r == Failure::Predicate("NodeAffinity", node_affinity::ERR_REASON_POD)) {
            let rt = ResourceType::resolve("nodes")?;
            let mut get = Request::new(Verb::Get, rt);
            get.name = Some(node.to_string());
            if let Ok(crate::Response::Object(fresh)) = self.request(cx, get) {
                info.update_node(&crate::Obj::untyped(&fresh));
                reasons = general_filter(&admitted, &info, is_static);
            }
        }
        reasons.first().map(Failure::rejection)
    }

    /// `HandlePodAdditions` for a pod the kubelet has just made a worker for: admission, then
    /// its first sync. The sync loop handles the pod sources' ADDs, so while it skips its
    /// iterations (the runtime is down, `runtime_state.rs`) the admission waits with the sync.
    pub(crate) fn add_pod(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &std::sync::Arc<crate::Obj>) {
        if self.sync_loop_skipping(cx) {
            if let Some(w) = self.workers.get_mut(uid) {
                w.admit_pending = true;
            }
            self.request_sync(cx, uid);
            return;
        }
        if self.admit_or_reject(cx, uid, pod) {
            self.request_sync(cx, uid);
        }
    }

    /// The admission itself: a rejected pod is rejected; an admitted API pod's local storage
    /// limits are watched (`eviction.rs`). Whether the pod was admitted.
    pub(crate) fn admit_or_reject(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &std::sync::Arc<crate::Obj>) -> bool {
        if let Some(rejection) = self.admit(cx, uid, pod) {
            self.reject_pod(cx, uid, pod, &rejection);
            return false;
        }
        if cx.node().static_pod(&self.node, uid).is_none() {
            self.eviction_watch(cx, uid, pod);
        }
        true
    }

    /// `rejectPod`: the Warning event, then the status manager's Failed status; the pod gets
    /// no pod worker (podlife keeps a finished one, so that it counts as known and terminated).
    pub(crate) fn reject_pod(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, rejection: &Rejection) {
        self.event(cx, pod, None, "Warning", &rejection.reason, &rejection.message);
        let status = rejected_status(pod, rejection, cx.now());
        let Some(w) = self.workers.get_mut(uid) else { return };
        // Known and terminated from the start: when the pod is deleted, the status manager
        // removes it (`canBeDeleted`, grace 0) as it does a finished pod's.
        w.terminated = true;
        w.facts.terminal = true;
        w.rejected = Some(status.clone());
        self.patch_status(cx, uid, pod, status);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(cpu: &str, pods: &str, labels: Value, taints: Value) -> NodeInfo {
        NodeInfo::new(&crate::Obj::untyped(&json!({"metadata": {"name": "worker-1", "labels": labels}, "spec": {"taints": taints}, "status": {"allocatable": {"cpu": cpu, "memory": "8Gi", "pods": pods}}})))
    }

    fn pod(spec: Value) -> PodInfo {
        PodInfo::from_value(&json!({"metadata": {"name": "p", "namespace": "default"}, "spec": spec}))
    }

    /// `InsufficientResourceError.Error()` and the `OutOf` reasons; every failure is listed,
    /// resources first, and the first one names the rejection.
    #[test]
    fn resources_first_with_upstream_numbers() {
        let mut n = node("4", "110", json!({}), json!([]));
        n.add_pod(pod(json!({"containers": [{"name": "a", "resources": {"requests": {"cpu": "1200m"}}}]})));
        let p = pod(json!({"nodeSelector": {"disktype": "ssd"}, "containers": [{"name": "web", "resources": {"requests": {"cpu": "6", "memory": "16Gi"}}}]}));
        let reasons = general_filter(&p, &n, false);
        assert_eq!(reasons.len(), 3);
        assert_eq!(
            reasons[0].rejection(),
            Rejection { reason: "OutOfcpu".into(), message: "Node didn't have enough resource: cpu, requested: 6000, used: 1200, capacity: 4000".into() }
        );
        assert_eq!(reasons[1].rejection().reason, "OutOfmemory");
        assert_eq!(
            reasons[2].rejection(),
            Rejection { reason: "NodeAffinity".into(), message: "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector".into() }
        );
    }

    #[test]
    fn pods_ports_and_taints() {
        let mut n = node("4", "1", json!({}), json!([{"key": "k", "value": "v", "effect": "NoExecute"}, {"key": "s", "effect": "NoSchedule"}]));
        n.add_pod(pod(json!({"containers": [{"name": "a", "ports": [{"containerPort": 80, "hostPort": 8080}]}]})));
        let p = pod(json!({"containers": [{"name": "b", "ports": [{"containerPort": 80, "hostPort": 8080}]}]}));
        let reasons: Vec<Rejection> = general_filter(&p, &n, false).iter().map(Failure::rejection).collect();
        assert_eq!(reasons[0], Rejection { reason: "OutOfpods".into(), message: "Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1".into() });
        assert_eq!(reasons[1].message, "Predicate NodePorts failed: node(s) didn't have free ports for the requested pod ports");
        assert_eq!(reasons[2], Rejection { reason: "TaintToleration".into(), message: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate".into() });
        // Static pods skip the taint check; a NoSchedule taint never matters.
        assert_eq!(general_filter(&p, &n, true).len(), 2);
        let tolerating = pod(json!({"tolerations": [{"key": "k", "operator": "Exists", "effect": "NoExecute"}], "containers": [{"name": "c"}]}));
        assert_eq!(general_filter(&tolerating, &n, false).len(), 1);
    }

    #[test]
    fn extended_resources() {
        assert!(is_extended_resource("example.com/foo"));
        assert!(!is_extended_resource("cpu"));
        assert!(!is_extended_resource("hugepages-2Mi"));
        assert!(!is_extended_resource("kubernetes.io/foo"));
        assert!(!is_extended_resource("requests.example.com/foo"));
    }

    #[test]
    fn rejected_status_keeps_foreign_conditions() {
        let p = json!({
            "metadata": {"generation": 1},
            "spec": {"containers": [{"name": "c"}]},
            "status": {"phase": "Pending", "qosClass": "BestEffort", "conditions": [{"type": "PodScheduled", "status": "True"}, {"type": "example.com/gate", "status": "False"}]},
        });
        let s = rejected_status(&crate::Obj::untyped(&p), &Rejection { reason: "OutOfcpu".into(), message: "m".into() }, crate::clock::Time(0));
        assert_eq!(s["message"], "Pod was rejected: m");
        assert_eq!(s["phase"], "Failed");
        assert_eq!(s["conditions"], json!([{"type": "example.com/gate", "status": "False"}]));
        assert_eq!(s["observedGeneration"], 1);
    }
}

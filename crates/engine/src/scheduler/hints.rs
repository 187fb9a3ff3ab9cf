//! QueueingHints of the default plugins (upstream: each plugin's `EventsToRegister` and
//! `isSchedulableAfter…` functions): whether a cluster event may make a pod that this plugin
//! rejected schedulable.

use super::framework::{NodeInfo, PodInfo, Resource, Taint};
use super::plugins::node_affinity::required_matches;
use super::plugins::{inter_pod_affinity, node_ports, node_resources_fit, pod_topology_spread};
use crate::Slot;

fn tolerated(pod: &PodInfo, node: &NodeInfo) -> bool {
    node.taints
        .iter()
        .filter(|t| t.effect == "NoSchedule" || t.effect == "NoExecute")
        .all(|t| pod.tolerations.iter().any(|tol| tol.tolerates(t)))
}

/// Node added (`old` is None) or updated, each plugin answering as its
/// `isSchedulableAfterNodeChange` does: the node became schedulable, tolerated, matching the
/// pod's required node affinity, big enough for its requests (`isFit` on the node alone, and
/// for an update a larger allocatable of something it requests), holding its spreading's
/// or its pod affinity's topology keys. Every default filter plugin registers Node/Add; those
/// without a hint queue on any add.
pub fn node_event(plugin: &str, pod: &PodInfo, old: Option<&NodeInfo>, new: &NodeInfo) -> bool {
    match plugin {
        "NodeUnschedulable" => !new.unschedulable && old.is_none_or(|o| o.unschedulable),
        "TaintToleration" => tolerated(pod, new) && old.is_none_or(|o| !tolerated(pod, o)),
        "NodeAffinity" => required_matches(pod, new) && old.is_none_or(|o| !required_matches(pod, o)),
        "NodeResourcesFit" => node_resources_fit::fits_request(&pod.requests, new).is_empty() && old.is_none_or(|o| requested_resources_increased(pod, o, new)),
        "PodTopologySpread" => pod_topology_spread::node_may_help(pod, old, new),
        // Registered for Node Add and UpdateNodeLabel only.
        "InterPodAffinity" => old.is_none_or(|o| o.labels != new.labels) && inter_pod_affinity::node_may_help(pod, new),
        // VolumeBinding registers Node UpdateNodeLabel without a hint function.
        "VolumeBinding" | "VolumeZone" => old.is_none_or(|o| o.labels != new.labels),
        _ => old.is_none(),
    }
}

/// `haveAnyRequestedResourcesIncreased` (noderesources/fit.go): more pods allowed, or more of
/// a resource the pod requests.
fn requested_resources_increased(pod: &PodInfo, old: &NodeInfo, new: &NodeInfo) -> bool {
    let (r, a, b) = (&pod.requests, &old.allocatable, &new.allocatable);
    b.allowed_pod_number > a.allowed_pod_number
        || (r.milli_cpu != 0 && b.milli_cpu > a.milli_cpu)
        || (r.memory != 0 && b.memory > a.memory)
        || (r.ephemeral_storage != 0 && b.ephemeral_storage > a.ephemeral_storage)
        || r.scalar.keys().any(|k| b.scalar.get(k).copied().unwrap_or(0) > a.scalar.get(k).copied().unwrap_or(0))
}

/// An assigned pod was deleted: resources may be free now, and the host ports it held;
/// spreading counts one pod less; the pod may have been what the parked pod's anti-affinity
/// avoided. (VolumeRestrictions queues without looking closer here.)
pub fn assigned_pod_deleted(plugin: &str, pod: &PodInfo, deleted: &Slot) -> bool {
    let (ns, labels) = (deleted["metadata"]["namespace"].as_str().unwrap_or_default(), &deleted["metadata"]["labels"]);
    match plugin {
        // VolumeRestrictions: a ReadWriteOncePod claim may be free now.
        "NodeResourcesFit" | "VolumeRestrictions" => true,
        "NodePorts" => node_ports::deleted_may_help(pod, &super::framework::host_ports(&deleted["spec"])),
        "PodTopologySpread" => pod.namespace == ns && pod_topology_spread::labels_counted(pod, labels),
        "InterPodAffinity" => inter_pod_affinity::deleted_may_help(pod, ns, labels),
        _ => false,
    }
}

/// A pod (namespace `ns`, `labels`) was bound somewhere: the parked pod's affinity may be
/// satisfiable now, and spreading counts one pod more. Asked only of parked pods
/// `cross_topology_concerns` picks (`AssignedPodAdded`).
pub fn assigned_pod_added(plugin: &str, pod: &PodInfo, ns: &str, labels: &Slot) -> bool {
    match plugin {
        "InterPodAffinity" => inter_pod_affinity::added_may_help(pod, ns, labels),
        "PodTopologySpread" => pod.namespace == ns && pod_topology_spread::labels_counted(pod, labels),
        _ => false,
    }
}

/// Labels as `equality.Semantic.DeepEqual` compares them: none and an empty map are alike.
pub fn labels_differ(old: &Slot, new: &Slot) -> bool {
    !(old == new || (old.is_empty() && new.is_empty()))
}

/// The parked pod itself was updated (`PriorityQueue.Update`, `scheduling_queue.go`): each
/// UpdatePod… event `PodSchedulingPropertiesChange` finds is put to the plugins that rejected
/// it. NodeResourcesFit and InterPodAffinity skip an unscheduled pod's own update;
/// TaintToleration queues a new toleration (`UpdatePodToleration`: the count changed),
/// NodeUnschedulable one that tolerates the cordon;
/// PodTopologySpread a label change that flips a constraint's match, or changed tolerations
/// under `nodeTaintsPolicy: Honor`. No default plugin registers the plain Pod/Update event,
/// so an annotation change moves nothing.
pub fn own_update(plugin: &str, pod: &PodInfo, old: &Slot) -> bool {
    let (old_tolerations, new_tolerations) = (&old["spec"]["tolerations"], &pod.spec()["tolerations"]);
    let toleration_event = old_tolerations.len() != new_tolerations.len();
    let label_event = labels_differ(&old["metadata"]["labels"], pod.labels());
    match plugin {
        "TaintToleration" => toleration_event,
        // `nodeunschedulable`: the new tolerations tolerate the cordon's taint.
        "NodeUnschedulable" => {
            let cordon = Taint { key: "node.kubernetes.io/unschedulable".into(), value: String::new(), effect: "NoSchedule".into() };
            toleration_event && pod.tolerations.iter().any(|t| t.tolerates(&cordon))
        }
        "PodTopologySpread" if label_event || toleration_event => {
            (old_tolerations != new_tolerations && pod_topology_spread::honors_taints(pod))
                || pod_topology_spread::relabel_may_help(pod, &old["metadata"]["labels"], pod.labels())
        }
        _ => false,
    }
}

/// An assigned pod's labels changed (`AssignedPodUpdated`, UpdatePodLabel): asked only of
/// parked pods `cross_topology_concerns` picks.
pub fn assigned_pod_relabelled(plugin: &str, pod: &PodInfo, ns: &str, old_labels: &Slot, new_labels: &Slot) -> bool {
    match plugin {
        "InterPodAffinity" => inter_pod_affinity::relabel_may_help(pod, ns, old_labels, new_labels),
        "PodTopologySpread" => pod.namespace == ns && pod_topology_spread::relabel_may_help(pod, old_labels, new_labels),
        _ => false,
    }
}

/// `getUnschedulablePodsWithCrossTopologyTerm`: a parked pod PodTopologySpread rejected in
/// the same namespace, or one whose required affinity terms select the added or relabelled
/// pod.
pub fn cross_topology_concerns(pod: &Slot, rejectors: &crate::vecmap::VecSet<String>, ns: &str, new_labels: &Slot, ns_labels: &inter_pod_affinity::NamespaceLabels) -> bool {
    let pod_ns = pod["metadata"]["namespace"].as_str().unwrap_or_default();
    (rejectors.contains("PodTopologySpread") && pod_ns == ns) || inter_pod_affinity::required_affinity_selects(&pod["spec"], pod_ns, ns, new_labels, ns_labels)
}

/// An assigned pod was resized down (`UpdatePodScaleDown`, NodeResourcesFit's
/// `isResourceScaleDown`): a resource the parked pod requests is now requested less.
pub fn assigned_pod_scaled_down(plugin: &str, pod: &PodInfo, old: &Resource, new: &Resource) -> bool {
    let wants = &pod.requests;
    plugin == "NodeResourcesFit"
        && ((wants.milli_cpu != 0 && old.milli_cpu > new.milli_cpu)
            || (wants.memory != 0 && old.memory > new.memory)
            || (wants.ephemeral_storage != 0 && old.ephemeral_storage > new.ephemeral_storage)
            || wants.scalar.iter().any(|(k, v)| *v != 0 && old.scalar.get(k).copied().unwrap_or(0) > new.scalar.get(k).copied().unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;


    fn pod(v: serde_json::Value) -> PodInfo {
        PodInfo::from_value(&v)
    }

    fn slot(v: serde_json::Value) -> Slot {
        crate::Obj::untyped(&v).root().clone()
    }

    /// `TestIsSchedulableAfterPodTolerationChange` and the label cases of
    /// `Test_isSchedulableAfterPodChange` (podtopologyspread): the pod's own update.
    #[test]
    fn own_update_asks_only_the_plugins_that_register_it() {
        let spread = json!({"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule", "labelSelector": {"matchLabels": {"app": "web"}}}]});
        let old = slot(json!({"metadata": {"name": "p", "namespace": "default", "labels": {"app": "web"}}, "spec": spread.clone()}));
        // A label the constraint does not read: nobody queues the pod.
        let relabelled = pod(json!({"metadata": {"name": "p", "namespace": "default", "labels": {"app": "web", "tier": "x"}}, "spec": spread.clone()}));
        for plugin in ["NodeResourcesFit", "InterPodAffinity", "PodTopologySpread", "TaintToleration", "NodeUnschedulable"] {
            assert!(!own_update(plugin, &relabelled, &old), "{plugin}");
        }
        // Out of its own constraint's selector: PodTopologySpread queues it.
        let moved = pod(json!({"metadata": {"name": "p", "namespace": "default", "labels": {"app": "canary"}}, "spec": spread.clone()}));
        assert!(own_update("PodTopologySpread", &moved, &old));
        assert!(!own_update("NodeResourcesFit", &moved, &old));
        // A new toleration: TaintToleration queues; NodeUnschedulable only for the cordon's.
        let tolerant = pod(json!({"metadata": {"name": "p", "namespace": "default", "labels": {"app": "web"}}, "spec": {"tolerations": [{"key": "dedicated", "operator": "Exists"}]}}));
        assert!(own_update("TaintToleration", &tolerant, &old));
        assert!(!own_update("NodeUnschedulable", &tolerant, &old));
        let cordon = pod(json!({"metadata": {"name": "p", "namespace": "default"}, "spec": {"tolerations": [{"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"}]}}));
        assert!(own_update("NodeUnschedulable", &cordon, &old));
        // No labels and empty labels are alike.
        assert!(!labels_differ(&slot(json!(null)), &slot(json!({}))));
    }

    /// `Test_isSchedulableAfterPodChange` (interpodaffinity): an assigned pod added, updated,
    /// deleted.
    #[test]
    fn affinity_hints_for_assigned_pods() {
        let target = pod(json!({"metadata": {"name": "t", "namespace": "default"}, "spec": {"affinity": {
            "podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": {"role": "primary"}}, "topologyKey": "kubernetes.io/hostname"}]},
            "podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": {"app": "noisy"}}, "topologyKey": "kubernetes.io/hostname"}]}}}}));
        let (primary, plain, noisy) = (slot(json!({"role": "primary"})), slot(json!({"app": "web"})), slot(json!({"app": "noisy"})));
        assert!(assigned_pod_added("InterPodAffinity", &target, "default", &primary));
        assert!(!assigned_pod_added("InterPodAffinity", &target, "default", &plain));
        // The term names no namespace: another namespace's pod is not selected.
        assert!(!assigned_pod_added("InterPodAffinity", &target, "other", &primary));
        assert!(assigned_pod_relabelled("InterPodAffinity", &target, "default", &plain, &primary));
        assert!(!assigned_pod_relabelled("InterPodAffinity", &target, "default", &primary, &plain));
        assert!(assigned_pod_relabelled("InterPodAffinity", &target, "default", &noisy, &plain));
        let deleted = |labels: serde_json::Value| slot(json!({"metadata": {"name": "d", "namespace": "default", "labels": labels}, "spec": {"nodeName": "n1", "containers": [{"name": "c", "ports": [{"containerPort": 80, "hostPort": 8080}]}]}}));
        assert!(assigned_pod_deleted("InterPodAffinity", &target, &deleted(json!({"app": "noisy"}))));
        assert!(!assigned_pod_deleted("InterPodAffinity", &target, &deleted(json!({"app": "web"}))));
        // Resources freed by any deletion; NodeResourcesFit asks nothing of labels.
        assert!(assigned_pod_deleted("NodeResourcesFit", &target, &deleted(json!({"app": "web"}))));
        // `TestIsSchedulableAfterPodDeleted` (nodeports): only a host port the pod wants.
        assert!(!assigned_pod_deleted("NodePorts", &target, &deleted(json!({}))));
        let wants_8080 = pod(json!({"metadata": {"name": "w", "namespace": "default"}, "spec": {"containers": [{"name": "c", "ports": [{"containerPort": 80, "hostPort": 8080}]}]}}));
        assert!(assigned_pod_deleted("NodePorts", &wants_8080, &deleted(json!({}))));
        assert!(!assigned_pod_relabelled("NodeResourcesFit", &target, "default", &plain, &primary));
    }

    fn node(v: serde_json::Value) -> NodeInfo {
        NodeInfo::new(&slot(v))
    }

    /// The node hints' `TestIsSchedulableAfterNodeChange` cases, for an added node and an
    /// update (noderesources, tainttoleration, nodeaffinity, podtopologyspread,
    /// interpodaffinity).
    #[test]
    fn node_hints_ask_whether_the_node_could_take_the_pod() {
        let small = node(json!({"metadata": {"name": "small", "labels": {"kubernetes.io/hostname": "small"}}, "status": {"allocatable": {"cpu": "1", "memory": "2Gi", "pods": "110"}}}));
        let big = node(json!({"metadata": {"name": "big", "labels": {"kubernetes.io/hostname": "big", "zone": "a"}}, "status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "110"}}}));
        let wants_3_cpu = pod(json!({"metadata": {"name": "p", "namespace": "default"}, "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "3"}}}]}}));
        assert!(!node_event("NodeResourcesFit", &wants_3_cpu, None, &small));
        assert!(node_event("NodeResourcesFit", &wants_3_cpu, None, &big));
        // An update must add what the pod requests.
        assert!(node_event("NodeResourcesFit", &wants_3_cpu, Some(&small), &big));
        assert!(!node_event("NodeResourcesFit", &wants_3_cpu, Some(&big), &big));
        let tainted = node(json!({"metadata": {"name": "t"}, "spec": {"taints": [{"key": "dedicated", "value": "db", "effect": "NoSchedule"}]}, "status": {"allocatable": {"pods": "110"}}}));
        assert!(!node_event("TaintToleration", &wants_3_cpu, None, &tainted));
        assert!(node_event("TaintToleration", &wants_3_cpu, Some(&tainted), &small));
        let in_zone_b = pod(json!({"metadata": {"name": "p", "namespace": "default"}, "spec": {"nodeSelector": {"zone": "b"}}}));
        assert!(!node_event("NodeAffinity", &in_zone_b, None, &big));
        // Spreading by zone: only a node with the key; a node without it changes nothing.
        let spread = pod(json!({"metadata": {"name": "p", "namespace": "default", "labels": {"app": "web"}}, "spec": {"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "zone", "whenUnsatisfiable": "DoNotSchedule", "labelSelector": {"matchLabels": {"app": "web"}}}]}}));
        assert!(!node_event("PodTopologySpread", &spread, None, &small));
        assert!(node_event("PodTopologySpread", &spread, None, &big));
        assert!(node_event("PodTopologySpread", &spread, Some(&small), &big));
        // Pod affinity by zone: the same question of its terms' keys.
        let affine = pod(json!({"metadata": {"name": "p", "namespace": "default"}, "spec": {"affinity": {"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{"labelSelector": {"matchLabels": {"app": "db"}}, "topologyKey": "zone"}]}}}}));
        assert!(!node_event("InterPodAffinity", &affine, None, &small));
        assert!(node_event("InterPodAffinity", &affine, None, &big));
        // NodePorts has no hint: any added node.
        assert!(node_event("NodePorts", &affine, None, &small));
        assert!(!node_event("NodePorts", &affine, Some(&small), &big));
    }

    /// `isResourceScaleDown` (noderesources/fit.go): only resources the parked pod requests.
    #[test]
    fn scale_down_counts_only_what_the_pod_requests() {
        let wants_cpu = pod(json!({"metadata": {"name": "t", "namespace": "default"}, "spec": {"containers": [{"name": "c", "resources": {"requests": {"cpu": "1"}}}]}}));
        let before = Resource { milli_cpu: 1000, memory: 1 << 30, ..Resource::default() };
        let less_memory = Resource { milli_cpu: 1000, memory: 1 << 29, ..Resource::default() };
        let less_cpu = Resource { milli_cpu: 500, memory: 1 << 30, ..Resource::default() };
        assert!(!assigned_pod_scaled_down("NodeResourcesFit", &wants_cpu, &before, &less_memory));
        assert!(assigned_pod_scaled_down("NodeResourcesFit", &wants_cpu, &before, &less_cpu));
        assert!(!assigned_pod_scaled_down("InterPodAffinity", &wants_cpu, &before, &less_cpu));
    }
}

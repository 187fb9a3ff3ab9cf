//! QueueingHints of the default plugins (upstream: each plugin's `EventsToRegister` and
//! `isSchedulableAfter…` functions): whether a cluster event may make a pod that this plugin
//! rejected schedulable.

use super::framework::{NodeInfo, PodInfo};
use super::plugins::node_affinity::required_matches;

fn tolerated(pod: &PodInfo, node: &NodeInfo) -> bool {
    node.taints
        .iter()
        .filter(|t| t.effect == "NoSchedule" || t.effect == "NoExecute")
        .all(|t| pod.tolerations.iter().any(|tol| tol.tolerates(t)))
}

/// Node added (`old` is None) or updated.
pub fn node_event(plugin: &str, pod: &PodInfo, old: Option<&NodeInfo>, new: &NodeInfo) -> bool {
    let Some(old) = old else {
        // Every default filter plugin registers Node/Add.
        return true;
    };
    match plugin {
        "NodeUnschedulable" => old.unschedulable && !new.unschedulable,
        "TaintToleration" => !tolerated(pod, old) && tolerated(pod, new),
        "NodeAffinity" => !required_matches(pod, old) && required_matches(pod, new),
        // VolumeBinding registers Node UpdateNodeLabel without a hint function.
        "PodTopologySpread" | "InterPodAffinity" | "VolumeBinding" | "VolumeZone" => &old.labels != &new.labels,
        "NodeResourcesFit" => {
            let (a, b) = (&old.allocatable, &new.allocatable);
            b.milli_cpu > a.milli_cpu || b.memory > a.memory || b.ephemeral_storage > a.ephemeral_storage || b.allowed_pod_number > a.allowed_pod_number
        }
        _ => false,
    }
}

/// An assigned pod was deleted: resources and host ports may be free now.
pub fn assigned_pod_deleted(plugin: &str) -> bool {
    // VolumeRestrictions: a ReadWriteOncePod claim may be free now.
    matches!(plugin, "NodeResourcesFit" | "NodePorts" | "PodTopologySpread" | "InterPodAffinity" | "VolumeRestrictions")
}

/// A pod was bound somewhere: pod affinity may be satisfiable now, and spread counts changed.
pub fn assigned_pod_added(plugin: &str) -> bool {
    matches!(plugin, "InterPodAffinity" | "PodTopologySpread")
}

//! NodePorts (upstream `pkg/scheduler/framework/plugins/nodeports`): a host port can be used
//! once per (IP, protocol); `0.0.0.0` conflicts with every IP.

use crate::scheduler::framework::{FilterPlugin, NodeInfo, PodInfo, Status};

pub const ERR_REASON: &str = "node(s) didn't have free ports for the requested pod ports";

pub struct NodePorts;

fn conflicts(want: &(String, String, i64), used: &(String, String, i64)) -> bool {
    want.2 == used.2 && want.1 == used.1 && (want.0 == used.0 || want.0 == "0.0.0.0" || used.0 == "0.0.0.0")
}

/// `Fits`: none of the pod's host ports is taken on the node (also the kubelet's admission).
pub fn fits(pod: &PodInfo, node: &NodeInfo) -> bool {
    !pod.host_ports.iter().any(|w| node.used_ports.iter().any(|u| conflicts(w, u)))
}

/// QueueingHint for an assigned pod's deletion (`isSchedulableAfterPodDeleted`): it held a
/// host port the parked pod wants.
pub fn deleted_may_help(pod: &PodInfo, deleted_ports: &[(String, String, i64)]) -> bool {
    pod.host_ports.iter().any(|w| deleted_ports.iter().any(|u| conflicts(w, u)))
}

impl FilterPlugin for NodePorts {
    fn name(&self) -> &'static str {
        "NodePorts"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        if fits(pod, node) { Status::success() } else { Status::unschedulable(vec![ERR_REASON.into()]) }
    }
}

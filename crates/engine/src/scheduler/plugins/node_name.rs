//! NodeName (upstream `pkg/scheduler/framework/plugins/nodename`): a pod that names a node
//! fits only there.

use crate::scheduler::framework::{FilterPlugin, NodeInfo, PodInfo, Status};

pub const ERR_REASON: &str = "node(s) didn't match the requested node name";

pub struct NodeName;

/// `Fits`: the pod names no node, or this one (also the kubelet's admission).
pub fn fits(pod: &PodInfo, node: &NodeInfo) -> bool {
    pod.node_name.is_empty() || pod.node_name == node.name
}

impl FilterPlugin for NodeName {
    fn name(&self) -> &'static str {
        "NodeName"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        if fits(pod, node) { Status::success() } else { Status::unresolvable(ERR_REASON) }
    }
}

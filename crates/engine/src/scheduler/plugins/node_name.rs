//! NodeName (upstream `pkg/scheduler/framework/plugins/nodename`): a pod that names a node
//! fits only there.

use crate::scheduler::framework::{FilterPlugin, NodeInfo, PodInfo, Status};

pub const ERR_REASON: &str = "node(s) didn't match the requested node name";

pub struct NodeName;

impl FilterPlugin for NodeName {
    fn name(&self) -> &'static str {
        "NodeName"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        match pod.spec["nodeName"].as_str() {
            Some(n) if !n.is_empty() && n != node.name => Status::unresolvable(ERR_REASON),
            _ => Status::success(),
        }
    }
}

//! NodeUnschedulable (upstream `pkg/scheduler/framework/plugins/nodeunschedulable`): a cordoned
//! node takes only pods that tolerate `node.kubernetes.io/unschedulable:NoSchedule`.

use crate::scheduler::framework::{FilterPlugin, NodeInfo, PodInfo, Status, Taint};

pub const ERR_REASON: &str = "node(s) were unschedulable";

pub struct NodeUnschedulable;

impl FilterPlugin for NodeUnschedulable {
    fn name(&self) -> &'static str {
        "NodeUnschedulable"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        if !node.unschedulable {
            return Status::success();
        }
        let taint = Taint { key: "node.kubernetes.io/unschedulable".into(), value: String::new(), effect: "NoSchedule".into() };
        if pod.tolerations.iter().any(|t| t.tolerates(&taint)) {
            return Status::success();
        }
        Status::unresolvable(ERR_REASON)
    }
}

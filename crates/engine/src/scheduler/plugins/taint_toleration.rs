//! TaintToleration (upstream `pkg/scheduler/framework/plugins/tainttoleration`): NoSchedule and
//! NoExecute taints filter; untolerated PreferNoSchedule taints lower the score.

use crate::scheduler::framework::{ClusterView, FilterPlugin, MAX_NODE_SCORE, NodeInfo, PodInfo, ScorePlugin, Status, default_normalize_score};

pub const ERR_REASON: &str = "node(s) had untolerated taint(s)";

pub struct TaintToleration;

impl FilterPlugin for TaintToleration {
    fn name(&self) -> &'static str {
        "TaintToleration"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        let untolerated = node
            .taints
            .iter()
            .filter(|t| t.effect == "NoSchedule" || t.effect == "NoExecute")
            .find(|t| !pod.tolerations.iter().any(|tol| tol.tolerates(t)));
        match untolerated {
            None => Status::success(),
            Some(_) => Status::unresolvable(ERR_REASON),
        }
    }
}

impl ScorePlugin for TaintToleration {
    fn name(&self) -> &'static str {
        "TaintToleration"
    }

    fn weight(&self) -> i64 {
        3
    }

    /// The number of PreferNoSchedule taints the pod does not tolerate (tolerations with an
    /// empty or PreferNoSchedule effect count).
    fn score(&self, pod: &PodInfo, node: &NodeInfo, _cluster: &ClusterView) -> i64 {
        let tolerations: Vec<_> = pod.tolerations.iter().filter(|t| t.effect.is_empty() || t.effect == "PreferNoSchedule").collect();
        node.taints
            .iter()
            .filter(|t| t.effect == "PreferNoSchedule")
            .filter(|t| !tolerations.iter().any(|tol| tol.tolerates(t)))
            .count() as i64
    }

    fn normalize(&self, scores: &mut [i64]) {
        default_normalize_score(MAX_NODE_SCORE, true, scores);
    }
}

//! TaintToleration (upstream `pkg/scheduler/framework/plugins/tainttoleration`): NoSchedule and
//! NoExecute taints filter; untolerated PreferNoSchedule taints lower the score.

use crate::scheduler::framework::{ClusterView, FilterPlugin, MAX_NODE_SCORE, NodeInfo, PodInfo, ScorePlugin, Status, default_normalize_score};

pub const ERR_REASON: &str = "node(s) had untolerated taint(s)";
/// `ErrReasonNotMatch`: the constant the kubelet's admission reports (`predicate.go`
/// `generalFilter`), not the Filter's own text.
pub const ERR_REASON_NOT_MATCH: &str = "node(s) had taints that the pod didn't tolerate";

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::framework::{ClusterView, Toleration};

    fn node(taints: &[(&str, &str, &str)]) -> NodeInfo {
        let taints: Vec<_> = taints.iter().map(|(k, v, e)| json!({"key": k, "value": v, "effect": e})).collect();
        NodeInfo::new(&crate::Obj::untyped(&json!({"metadata": {"name": "n"}, "spec": {"taints": taints}, "status": {"allocatable": {"cpu": "1"}}})))
    }

    fn pod(tols: &[(&str, &str, &str)]) -> PodInfo {
        let mut p = PodInfo::from_value(&json!({"metadata": {"name": "p", "namespace": "d"}, "spec": {"containers": []}}));
        p.tolerations = tols.iter().map(|(k, v, e)| Toleration { key: k.to_string(), operator: "Equal".into(), value: v.to_string(), effect: e.to_string() }).collect();
        p
    }

    fn scores(p: &PodInfo, nodes: &[NodeInfo]) -> Vec<i64> {
        let mut s: Vec<i64> = nodes.iter().map(|n| TaintToleration.score(p, n, &ClusterView::default())).collect();
        TaintToleration.normalize(&mut s);
        s
    }

    /// Upstream `TestTaintTolerationScore` rows.
    #[test]
    fn upstream_table() {
        let pns = "PreferNoSchedule";
        assert_eq!(scores(&pod(&[("foo", "bar", pns)]), &[node(&[("foo", "bar", pns)]), node(&[("foo", "blah", pns)])]), vec![100, 0]);
        let both = pod(&[("cpu-type", "arm64", pns), ("disk-type", "ssd", pns)]);
        assert_eq!(scores(&both, &[node(&[]), node(&[("cpu-type", "arm64", pns)]), node(&[("cpu-type", "arm64", pns), ("disk-type", "ssd", pns)])]), vec![100, 100, 100]);
        let foo = pod(&[("foo", "bar", pns)]);
        assert_eq!(scores(&foo, &[node(&[]), node(&[("cpu-type", "arm64", pns)]), node(&[("cpu-type", "arm64", pns), ("disk-type", "ssd", pns)])]), vec![100, 50, 0]);
        let ns = pod(&[("cpu-type", "arm64", "NoSchedule"), ("disk-type", "ssd", "NoSchedule")]);
        assert_eq!(scores(&ns, &[node(&[]), node(&[("cpu-type", "arm64", "NoSchedule")]), node(&[("cpu-type", "arm64", pns), ("disk-type", "ssd", pns)])]), vec![100, 100, 0]);
        assert_eq!(scores(&pod(&[]), &[node(&[]), node(&[("cpu-type", "arm64", pns)])]), vec![100, 0]);
    }
}

//! NodeResourcesBalancedAllocation (upstream `noderesources/balanced_allocation.go`): prefers
//! nodes where cpu and memory would be used in the same proportion. Since 1.36 (#135573) the
//! score weighs the balance with the pod against the balance without it; best-effort pods are
//! skipped at PreScore. Real requests are used, not the scoring defaults.

use crate::scheduler::framework::{ClusterView, MAX_NODE_SCORE, NodeInfo, PodInfo, ScorePlugin, Status};

pub struct BalancedAllocation;

/// `balancedResourceScorer` (1.36): `50 + (50 + with − without) / 2`.
pub fn balanced_resource_scorer(requested: &[(i64, i64)], allocated: &[(i64, i64)]) -> i64 {
    let (mut with, mut without) = ([0.0; MAX_RESOURCES], [0.0; MAX_RESOURCES]);
    let with_pod = balanced_score(fractions(requested, &mut with));
    let without_pod = balanced_score(fractions(allocated, &mut without));
    MAX_NODE_SCORE / 2 + (MAX_NODE_SCORE / 2 + with_pod - without_pod) / 2
}

/// The resources scored (cpu and memory); room on the stack, as this runs per node and pod.
const MAX_RESOURCES: usize = 8;

/// (used, allocatable) pairs → fractions capped at 1, skipping resources the node lacks.
fn fractions<'a>(pairs: &[(i64, i64)], out: &'a mut [f64; MAX_RESOURCES]) -> &'a [f64] {
    let mut n = 0;
    for (u, a) in pairs.iter().filter(|(_, a)| *a != 0).take(MAX_RESOURCES) {
        out[n] = (*u as f64 / *a as f64).min(1.0);
        n += 1;
    }
    &out[..n]
}

/// `balancedResourceScore`: with two resources the standard deviation is `|f1 - f2| / 2`;
/// fractions are capped at 1.
pub fn balanced_score(fractions: &[f64]) -> i64 {
    let capped = fractions;
    if capped.iter().any(|f| *f > 1.0) {
        let clamped: Vec<f64> = capped.iter().map(|f| f.min(1.0)).collect();
        return balanced_score(&clamped);
    }
    let std = if capped.len() == 2 {
        ((capped[0] - capped[1]) / 2.0).abs()
    } else if capped.len() > 2 {
        let mean = capped.iter().sum::<f64>() / capped.len() as f64;
        (capped.iter().map(|f| (f - mean) * (f - mean)).sum::<f64>() / capped.len() as f64).sqrt()
    } else {
        0.0
    };
    ((1.0 - std) * MAX_NODE_SCORE as f64) as i64
}

impl ScorePlugin for BalancedAllocation {
    fn name(&self) -> &'static str {
        "NodeResourcesBalancedAllocation"
    }

    fn weight(&self) -> i64 {
        1
    }

    fn pre_score(&self, pod: &PodInfo, _nodes: &[&NodeInfo]) -> Status {
        if pod.requests.milli_cpu == 0 && pod.requests.memory == 0 { Status::skip() } else { Status::success() }
    }

    fn score(&self, pod: &PodInfo, node: &NodeInfo, _cluster: &ClusterView) -> i64 {
        let a = &node.allocatable;
        let u = &node.requested;
        let allocated = [(u.milli_cpu, a.milli_cpu), (u.memory, a.memory)];
        let requested = [(u.milli_cpu + pod.requests.milli_cpu, a.milli_cpu), (u.memory + pod.requests.memory, a.memory)];
        balanced_resource_scorer(&requested, &allocated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of upstream 1.36 `TestNodeResourcesBalancedAllocation`.
    #[test]
    fn upstream_1_36_table() {
        // nothing scheduled, pod (3000m, 5000) on n1 4000/10000 and n2 6000/10000: 68, 75.
        assert_eq!(balanced_resource_scorer(&[(3000, 4000), (5000, 10000)], &[(0, 4000), (0, 10000)]), 68);
        assert_eq!(balanced_resource_scorer(&[(3000, 6000), (5000, 10000)], &[(0, 6000), (0, 10000)]), 75);
        // nodes to reach min/max: memory-only pod (0, 5000) on 3000/5000 nodes.
        assert_eq!(balanced_resource_scorer(&[(3000, 3000), (5000, 5000)], &[(3000, 3000), (0, 5000)]), 100);
        assert_eq!(balanced_resource_scorer(&[(0, 3000), (5000, 5000)], &[(0, 3000), (0, 5000)]), 50);
        // requested resources at node capacity: 62, 62.
        assert_eq!(balanced_resource_scorer(&[(6000, 6000), (0, 10000)], &[(3000, 6000), (0, 10000)]), 62);
        assert_eq!(balanced_resource_scorer(&[(6000, 6000), (5000, 10000)], &[(3000, 6000), (5000, 10000)]), 62);
    }

    /// Row 3 of the 1.36 table through the plugin itself (PodInfo/NodeInfo accounting).
    #[test]
    fn upstream_row_with_existing_pods() {
        use crate::scheduler::framework::ClusterView;
        let pod = |cs: &[(&str, &str)], name: &str| {
            let cs: Vec<_> = cs.iter().enumerate().map(|(i, (c, m))| json!({"name": format!("c{i}"), "resources": {"requests": {"cpu": c, "memory": m}}})).collect();
            PodInfo::from_value(&json!({"metadata": {"name": name, "namespace": "d"}, "spec": {"containers": cs}}))
        };
        let node = |existing: &[(&str, &str)]| {
            let mut n = NodeInfo::new(&crate::Obj::untyped(&json!({"metadata": {"name": "n"}, "status": {"allocatable": {"cpu": "10", "memory": "20000", "pods": "110"}}})));
            n.add_pod(pod(existing, "e"));
            n
        };
        let incoming = pod(&[("1", "2000"), ("2", "3000")], "p");
        let n1 = node(&[("1", "0"), ("2", "0")]);
        let n2 = node(&[("1", "2000"), ("2", "3000")]);
        assert_eq!(BalancedAllocation.score(&incoming, &n1, &ClusterView::default()), 73);
        assert_eq!(BalancedAllocation.score(&incoming, &n2, &ClusterView::default()), 74);
    }

    #[test]
    fn balanced() {
        assert_eq!(balanced_score(&[0.5, 0.5]), 100);
        assert_eq!(balanced_score(&[0.25, 0.75]), 75);
        assert_eq!(balanced_score(&[1.5, 0.0]), 50);
    }
}

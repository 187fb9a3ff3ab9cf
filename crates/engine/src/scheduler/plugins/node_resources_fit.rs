//! NodeResourcesFit (upstream `pkg/scheduler/framework/plugins/noderesources/fit.go`,
//! `least_allocated.go`, `most_allocated.go`): the pod's effective requests must fit what the
//! node has left; the score prefers the least (by default) allocated node.

use crate::scheduler::framework::{ClusterView, Code, FilterPlugin, MAX_NODE_SCORE, NodeInfo, PodInfo, ScorePlugin, Status};

/// `ScoringStrategyType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScoringStrategy {
    #[default]
    LeastAllocated,
    MostAllocated,
}

pub struct NodeResourcesFit {
    pub strategy: ScoringStrategy,
}

/// `fitsRequest`: the reasons, in upstream's order (pods, cpu, memory, ephemeral storage,
/// extended resources), and whether any request exceeds the node's whole allocatable
/// (preemption cannot help then).
pub fn insufficient(pod: &PodInfo, node: &NodeInfo) -> (Vec<String>, bool) {
    let mut unresolvable = false;
    let mut reasons = Vec::new();
    if node.pods.len() as i64 + 1 > node.allocatable.allowed_pod_number {
        reasons.push("Too many pods".to_string());
    }
    let r = &pod.requests;
    if r.milli_cpu == 0 && r.memory == 0 && r.ephemeral_storage == 0 && r.scalar.values().all(|v| *v == 0) {
        return (reasons, false);
    }
    let a = &node.allocatable;
    let u = &node.requested;
    if r.milli_cpu > 0 && r.milli_cpu > a.milli_cpu - u.milli_cpu {
        reasons.push("Insufficient cpu".into());
        unresolvable |= r.milli_cpu > a.milli_cpu;
    }
    if r.memory > 0 && r.memory > a.memory - u.memory {
        reasons.push("Insufficient memory".into());
        unresolvable |= r.memory > a.memory;
    }
    if r.ephemeral_storage > 0 && r.ephemeral_storage > a.ephemeral_storage - u.ephemeral_storage {
        reasons.push("Insufficient ephemeral-storage".into());
        unresolvable |= r.ephemeral_storage > a.ephemeral_storage;
    }
    for (name, want) in &r.scalar {
        if *want == 0 {
            continue;
        }
        let total = a.scalar.get(name).copied().unwrap_or(0);
        let have = total - u.scalar.get(name).copied().unwrap_or(0);
        if *want > have {
            reasons.push(format!("Insufficient {name}"));
            unresolvable |= *want > total;
        }
    }
    (reasons, unresolvable)
}

impl FilterPlugin for NodeResourcesFit {
    fn name(&self) -> &'static str {
        "NodeResourcesFit"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        let (reasons, unresolvable) = insufficient(pod, node);
        if reasons.is_empty() {
            Status::success()
        } else if unresolvable {
            Status { code: Code::UnschedulableAndUnresolvable, reasons }
        } else {
            Status::unschedulable(reasons)
        }
    }
}

/// `leastRequestedScore`.
pub fn least_requested_score(requested: i64, capacity: i64) -> i64 {
    if capacity == 0 || requested > capacity {
        return 0;
    }
    (capacity - requested) * MAX_NODE_SCORE / capacity
}

/// `mostRequestedScore`.
pub fn most_requested_score(requested: i64, capacity: i64) -> i64 {
    if capacity == 0 {
        return 0;
    }
    requested.min(capacity) * MAX_NODE_SCORE / capacity
}

impl ScorePlugin for NodeResourcesFit {
    fn name(&self) -> &'static str {
        "NodeResourcesFit"
    }

    fn weight(&self) -> i64 {
        1
    }

    /// cpu and memory, weight 1 each, on non-zero requests (the scoring defaults).
    fn score(&self, pod: &PodInfo, node: &NodeInfo, _cluster: &ClusterView) -> i64 {
        let resources = [
            (node.non_zero_requested.milli_cpu + pod.non_zero.milli_cpu, node.allocatable.milli_cpu),
            (node.non_zero_requested.memory + pod.non_zero.memory, node.allocatable.memory),
        ];
        let f = match self.strategy {
            ScoringStrategy::LeastAllocated => least_requested_score,
            ScoringStrategy::MostAllocated => most_requested_score,
        };
        let (mut total, mut weights) = (0, 0);
        for (requested, capacity) in resources {
            total += f(requested, capacity);
            weights += 1;
        }
        if weights == 0 { 0 } else { total / weights }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::framework::ClusterView;
    use serde_json::{Value, json};

    fn pod(containers: &[(&str, &str)]) -> PodInfo {
        let cs: Vec<Value> = containers
            .iter()
            .enumerate()
            .map(|(i, (cpu, mem))| json!({"name": format!("c{i}"), "resources": {"requests": {"cpu": cpu, "memory": mem}}}))
            .collect();
        PodInfo::parse(&json!({"metadata": {"name": "p", "namespace": "d"}, "spec": {"containers": cs}}))
    }

    fn node(cpu: &str, mem: &str, existing: &[&[(&str, &str)]]) -> NodeInfo {
        let mut n = NodeInfo::new(&json!({"metadata": {"name": "n"}, "status": {"allocatable": {"cpu": cpu, "memory": mem, "pods": "110"}}}));
        for (i, cs) in existing.iter().enumerate() {
            let mut p = pod(cs);
            p.name = format!("e{i}");
            n.add_pod(p);
        }
        n
    }

    fn score(p: &PodInfo, n: &NodeInfo) -> i64 {
        NodeResourcesFit { strategy: ScoringStrategy::LeastAllocated }.score(p, n, &ClusterView::default())
    }

    /// Rows of upstream `TestLeastAllocatedScoringStrategy` (cpu in millicores as quantities,
    /// memory in bytes; an explicit "0" request stays 0).
    #[test]
    fn upstream_least_allocated_table() {
        let p = pod(&[("1", "2000"), ("2", "3000")]);
        // nothing scheduled, differently sized nodes: 37, 50
        assert_eq!(score(&p, &node("4", "10000", &[])), 37);
        assert_eq!(score(&p, &node("6", "10000", &[])), 50);
        // resources requested, pods scheduled with resources: 57, 45
        assert_eq!(score(&p, &node("10", "20000", &[&[("3", "0")]])), 57);
        assert_eq!(score(&p, &node("10", "20000", &[&[("3", "5000")]])), 45);
        // differently sized nodes: 57, 60
        assert_eq!(score(&p, &node("10", "50000", &[&[("3", "5000")]])), 60);
        // requested resources exceed node capacity: 50, 25
        let big = pod(&[("3", "0")]);
        assert_eq!(score(&big, &node("4", "10000", &[&[("3", "0")]])), 50);
        assert_eq!(score(&big, &node("4", "10000", &[&[("3", "5000")]])), 25);
    }

    /// Upstream `TestLeastAllocatedScoringStrategy`'s arithmetic: (4000-0)/4000*100 etc.
    #[test]
    fn least_requested() {
        assert_eq!(least_requested_score(0, 4000), 100);
        assert_eq!(least_requested_score(3000, 4000), 25);
        assert_eq!(least_requested_score(5000, 10000), 50);
        assert_eq!(least_requested_score(6000, 4000), 0);
        assert_eq!(most_requested_score(3000, 4000), 75);
    }
}

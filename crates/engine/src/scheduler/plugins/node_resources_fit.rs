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

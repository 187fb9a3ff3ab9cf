//! NodeResourcesFit (upstream `pkg/scheduler/framework/plugins/noderesources/fit.go`,
//! `least_allocated.go`, `most_allocated.go`, `requested_to_capacity_ratio.go`): the pod's
//! effective requests must fit what the node has left; the score prefers the least (by default)
//! allocated node, the most allocated one, or follows a utilization → score shape.

use crate::scheduler::framework::{ClusterView, Code, FilterPlugin, MAX_NODE_SCORE, NodeInfo, PodInfo, Resource, ScorePlugin, Status};

/// `ScoringStrategyType`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ScoringStrategy {
    #[default]
    LeastAllocated,
    MostAllocated,
    /// `RequestedToCapacityRatio` with its `shape`: (utilization 0–100, score 0–10) points in
    /// increasing utilization, as `UtilizationShapePoint`s.
    RequestedToCapacityRatio(Vec<(i64, i64)>),
}

/// `MaxCustomPriorityScore`: shape scores are 0–10 and scaled to `MaxNodeScore`.
const MAX_CUSTOM_PRIORITY_SCORE: i64 = 10;
const MAX_UTILIZATION: i64 = 100;

/// `helper.BuildBrokenLinearFunction`: linear between the shape's points, flat outside them
/// (integer division, as upstream).
pub fn broken_linear(shape: &[(i64, i64)], p: i64) -> i64 {
    for (i, &(utilization, score)) in shape.iter().enumerate() {
        if p <= utilization {
            if i == 0 {
                return score;
            }
            let (u0, s0) = shape[i - 1];
            return s0 + (score - s0) * (p - u0) / (utilization - u0);
        }
    }
    shape.last().map_or(0, |&(_, s)| s)
}

/// `scaledUtilization`: requested × max / capacity, clamped to [0, max] (i128 stands in for
/// upstream's 128-bit `bits.Mul64`/`Div64`).
fn scaled_utilization(requested: i64, capacity: i64, max: i64) -> i64 {
    if capacity <= 0 || requested <= 0 {
        return 0;
    }
    if requested >= capacity {
        return max;
    }
    (i128::from(requested) * i128::from(max) / i128::from(capacity)) as i64
}

/// `buildRequestedToCapacityRatioScorerFunction` over (requested, allocatable, weight) rows:
/// resources whose score is 0 do not count towards the weighted mean, which is rounded.
pub fn requested_to_capacity_ratio_score(shape: &[(i64, i64)], resources: &[(i64, i64, i64)]) -> i64 {
    let scaled: Vec<(i64, i64)> = shape.iter().map(|&(u, s)| (u, s * (MAX_NODE_SCORE / MAX_CUSTOM_PRIORITY_SCORE))).collect();
    let (mut node_score, mut weight_sum) = (0i64, 0i64);
    for &(requested, allocatable, weight) in resources {
        if allocatable == 0 {
            continue;
        }
        let utilization = if requested > allocatable { MAX_UTILIZATION } else { scaled_utilization(requested, allocatable, MAX_UTILIZATION) };
        let score = broken_linear(&scaled, utilization);
        if score > 0 {
            node_score += score * weight;
            weight_sum += weight;
        }
    }
    if weight_sum == 0 { 0 } else { (node_score as f64 / weight_sum as f64).round() as i64 }
}

pub struct NodeResourcesFit {
    pub strategy: ScoringStrategy,
    /// The scored resources and their weights (default cpu 1, memory 1).
    pub resources: Vec<(String, i64)>,
}

impl NodeResourcesFit {
    pub fn new(strategy: ScoringStrategy) -> NodeResourcesFit {
        NodeResourcesFit { strategy, resources: vec![("cpu".into(), 1), ("memory".into(), 1)] }
    }

    /// `calculateResourceAllocatableRequest`: cpu and memory on non-zero requests; other
    /// resources on the pod's own request, skipped (0, 0) for an extended resource the pod
    /// does not ask for.
    fn allocatable_request(pod: &PodInfo, node: &NodeInfo, resource: &str) -> (i64, i64) {
        match resource {
            "cpu" => (node.allocatable.milli_cpu, node.non_zero_requested.milli_cpu + pod.non_zero.milli_cpu),
            "memory" => (node.allocatable.memory, node.non_zero_requested.memory + pod.non_zero.memory),
            "ephemeral-storage" => (node.allocatable.ephemeral_storage, node.requested.ephemeral_storage + pod.requests.ephemeral_storage),
            other => {
                let want = pod.requests.scalar.get(other).copied().unwrap_or(0);
                if want == 0 {
                    return (0, 0);
                }
                (node.allocatable.scalar.get(other).copied().unwrap_or(0), node.requested.scalar.get(other).copied().unwrap_or(0) + want)
            }
        }
    }
}

/// `noderesources.InsufficientResource`: what a pod lacks on a node, with the numbers the
/// kubelet's admission prints (`lifecycle.InsufficientResourceError`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsufficientResource {
    /// `v1.ResourceName`: `pods`, `cpu`, `memory`, `ephemeral-storage`, or an extended one.
    pub resource: String,
    /// The Filter's reason: `Too many pods`, `Insufficient cpu`, …
    pub reason: String,
    /// Milli-units for cpu, units otherwise.
    pub requested: i64,
    pub used: i64,
    pub capacity: i64,
    /// The request exceeds the node's whole allocatable (preemption cannot help).
    pub unresolvable: bool,
}

/// `fitsRequest` (`fit.go`): every resource the pod's requests do not fit, in upstream's
/// order (pods, cpu, memory, ephemeral storage, extended resources — the last by name, where
/// upstream walks a Go map).
pub fn fits_request(requests: &Resource, node: &NodeInfo) -> Vec<InsufficientResource> {
    let mut out = Vec::new();
    let a = &node.allocatable;
    let u = &node.requested;
    let pods = node.pods.len() as i64;
    if pods + 1 > a.allowed_pod_number {
        out.push(InsufficientResource { resource: "pods".into(), reason: "Too many pods".into(), requested: 1, used: pods, capacity: a.allowed_pod_number, unresolvable: false });
    }
    let r = requests;
    if r.milli_cpu == 0 && r.memory == 0 && r.ephemeral_storage == 0 && r.scalar.is_empty() {
        return out;
    }
    let mut check = |resource: &str, want: i64, used: i64, capacity: i64| {
        if want > 0 && want > capacity - used {
            out.push(InsufficientResource { resource: resource.to_string(), reason: format!("Insufficient {resource}"), requested: want, used, capacity, unresolvable: want > capacity });
        }
    };
    check("cpu", r.milli_cpu, u.milli_cpu, a.milli_cpu);
    check("memory", r.memory, u.memory, a.memory);
    check("ephemeral-storage", r.ephemeral_storage, u.ephemeral_storage, a.ephemeral_storage);
    for (name, want) in &r.scalar {
        check(name, *want, u.scalar.get(name).copied().unwrap_or(0), a.scalar.get(name).copied().unwrap_or(0));
    }
    out
}

/// The Filter's reasons from [`fits_request`], and whether any request exceeds the node's
/// whole allocatable (preemption cannot help).
pub fn insufficient(pod: &PodInfo, node: &NodeInfo) -> (Vec<String>, bool) {
    let found = fits_request(&pod.requests, node);
    let unresolvable = found.iter().any(|i| i.unresolvable);
    (found.into_iter().map(|i| i.reason).collect(), unresolvable)
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

    /// The configured resources (cpu and memory by default), weighted; a resource the node
    /// has none of does not count (`resourceAllocationScorer.score`).
    fn score(&self, pod: &PodInfo, node: &NodeInfo, _cluster: &ClusterView) -> i64 {
        let rows: Vec<(i64, i64, i64)> = self
            .resources
            .iter()
            .map(|(name, weight)| {
                let (allocatable, requested) = Self::allocatable_request(pod, node, name);
                (requested, allocatable, *weight)
            })
            .collect();
        let f = match &self.strategy {
            ScoringStrategy::LeastAllocated => least_requested_score,
            ScoringStrategy::MostAllocated => most_requested_score,
            ScoringStrategy::RequestedToCapacityRatio(shape) => return requested_to_capacity_ratio_score(shape, &rows),
        };
        let (mut total, mut weights) = (0, 0);
        for (requested, capacity, weight) in rows {
            if capacity == 0 {
                continue;
            }
            total += f(requested, capacity) * weight;
            weights += weight;
        }
        if weights == 0 { 0 } else { total / weights }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheduler::framework::ClusterView;
    use serde_json::Value;

    fn pod(containers: &[(&str, &str)]) -> PodInfo {
        let cs: Vec<Value> = containers
            .iter()
            .enumerate()
            .map(|(i, (cpu, mem))| json!({"name": format!("c{i}"), "resources": {"requests": {"cpu": cpu, "memory": mem}}}))
            .collect();
        PodInfo::from_value(&json!({"metadata": {"name": "p", "namespace": "d"}, "spec": {"containers": cs}}))
    }

    fn node(cpu: &str, mem: &str, existing: &[&[(&str, &str)]]) -> NodeInfo {
        let mut n = NodeInfo::new(&crate::Obj::untyped(&json!({"metadata": {"name": "n"}, "status": {"allocatable": {"cpu": cpu, "memory": mem, "pods": "110"}}})));
        for (i, cs) in existing.iter().enumerate() {
            let mut p = pod(cs);
            p.name = format!("e{i}");
            n.add_pod(p);
        }
        n
    }

    fn score(p: &PodInfo, n: &NodeInfo) -> i64 {
        score_with(ScoringStrategy::LeastAllocated, p, n)
    }

    fn score_with(strategy: ScoringStrategy, p: &PodInfo, n: &NodeInfo) -> i64 {
        NodeResourcesFit::new(strategy).score(p, n, &ClusterView::default())
    }

    /// Upstream `TestRequestedToCapacityRatioScoringStrategy` (shape 0→10, 100→0; cpu and
    /// memory weight 1; capacities "4000"/"6000" cores and "10000" bytes as written there).
    #[test]
    fn upstream_requested_to_capacity_ratio_table() {
        let rtcr = || ScoringStrategy::RequestedToCapacityRatio(vec![(0, 10), (100, 0)]);
        // nothing scheduled, nothing requested: both MaxNodeScore (memory's default 200Mi
        // exceeds 10000 bytes, scores 0 and drops out of the mean).
        let empty = pod(&[]);
        assert_eq!(score_with(rtcr(), &empty, &node("4000", "10000", &[&[], &[]])), 100);
        assert_eq!(score_with(rtcr(), &empty, &node("4000", "10000", &[])), 100);
        // Requests of 1000 + 2000 cores and 2000 + 3000 bytes on 4000- and 6000-core nodes.
        let p = pod(&[("1000", "2000"), ("2000", "3000")]);
        assert_eq!(score_with(rtcr(), &p, &node("4000", "10000", &[])), 38);
        assert_eq!(score_with(rtcr(), &p, &node("6000", "10000", &[])), 50);
        // No request from the pod, an existing pod holding 3000 cores and 5000 bytes.
        assert_eq!(score_with(rtcr(), &empty, &node("4000", "10000", &[&[("3000", "5000")]])), 38);
        assert_eq!(score_with(rtcr(), &empty, &node("6000", "10000", &[&[("3000", "5000")]])), 50);
    }

    /// Upstream `TestBrokenLinearFunction`.
    #[test]
    fn upstream_broken_linear_function() {
        type Points<'a> = &'a [(i64, i64)];
        let cases: [(Points, Points); 3] = [
            (&[(10, 1), (90, 9)], &[(-10, 1), (0, 1), (9, 1), (10, 1), (15, 1), (19, 1), (20, 2), (89, 8), (90, 9), (99, 9), (100, 9), (110, 9)]),
            (&[(0, 2), (40, 10), (100, 0)], &[(-10, 2), (0, 2), (20, 6), (30, 8), (40, 10), (70, 5), (100, 0), (110, 0)]),
            (&[(0, 2), (40, 2), (100, 2)], &[(-10, 2), (0, 2), (20, 2), (30, 2), (40, 2), (70, 2), (100, 2), (110, 2)]),
        ];
        for (shape, points) in cases {
            for &(p, want) in points {
                assert_eq!(broken_linear(shape, p), want, "shape {shape:?} at {p}");
            }
        }
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

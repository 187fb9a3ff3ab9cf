//! PodTopologySpread, Filter part (upstream `pkg/scheduler/framework/plugins/podtopologyspread/
//! filtering.go`): `whenUnsatisfiable: DoNotSchedule` constraints — placing the pod must not
//! make any domain exceed the least-loaded domain by more than `maxSkew`.

use crate::vecmap::VecMap;

use crate::Slot;

use super::label_selector;
use super::node_affinity::required_matches;
use crate::scheduler::framework::{Code, NodeInfo, PodInfo, Status};

pub const ERR_MISMATCH: &str = "node(s) didn't match pod topology spread constraints";
pub const ERR_MISSING_LABEL: &str = "node(s) didn't match pod topology spread constraints (missing required label)";

#[derive(Debug, Clone)]
struct Constraint {
    key: String,
    max_skew: i64,
    min_domains: i64,
    selector: Slot,
    honor_affinity: bool,
}

/// The pod's hard constraints, with `matchLabelKeys` folded into the selector.
fn constraints(pod: &PodInfo) -> Vec<Constraint> {
    pod.spec()["topologySpreadConstraints"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .filter(|c| c["whenUnsatisfiable"] == "DoNotSchedule")
        .map(|c| {
            // The selector as JSON only when `matchLabelKeys` adds to it.
            let mut edited: Option<serde_json::Value> = None;
            for k in c["matchLabelKeys"].as_array().unwrap_or_default() {
                if let (Some(k), Some(v)) = (k.as_str(), pod.labels().get(k.as_str().unwrap_or_default())) {
                    let selector = edited.get_or_insert_with(|| c["labelSelector"].to_value());
                    if selector.is_null() {
                        *selector = serde_json::json!({});
                    }
                    selector["matchLabels"][k] = v.to_value();
                }
            }
            let selector = match edited {
                Some(v) => crate::Obj::untyped(&v).root().clone(),
                None => c["labelSelector"].clone(),
            };
            Constraint {
                key: c["topologyKey"].as_str().unwrap_or_default().to_string(),
                max_skew: c["maxSkew"].as_i64().unwrap_or(1),
                min_domains: c["minDomains"].as_i64().unwrap_or(1),
                selector,
                honor_affinity: c["nodeAffinityPolicy"].as_str() != Some("Ignore"),
            }
        })
        .collect()
}

/// QueueingHint for a label change of the parked pod itself or of an assigned pod in its
/// namespace (`isSchedulableAfterPodChange`, `podtopologyspread/plugin.go`): some hard
/// constraint's selector matches one set of labels and not the other.
pub fn relabel_may_help(pod: &PodInfo, old_labels: &Slot, new_labels: &Slot) -> bool {
    constraints(pod).iter().any(|c| label_selector::matches(&c.selector, old_labels) != label_selector::matches(&c.selector, new_labels))
}

/// An assigned pod in its namespace with these labels was added or deleted: some hard
/// constraint's selector matches them (`podLabelsMatchSpreadConstraints`).
pub fn labels_counted(pod: &PodInfo, labels: &Slot) -> bool {
    constraints(pod).iter().any(|c| label_selector::matches(&c.selector, labels))
}

/// QueueingHint for a node added or changed (`isSchedulableAfterNodeChange`): the node now
/// has every topology key of the pod's hard constraints where it lacked one, or has them and
/// its topology values or taints changed; an added node, when it has them all.
pub fn node_may_help(pod: &PodInfo, old: Option<&NodeInfo>, new: &NodeInfo) -> bool {
    let constraints = constraints(pod);
    let matching = |n: &NodeInfo| constraints.iter().all(|c| n.labels.get(&c.key).is_some());
    let Some(old) = old else { return matching(new) };
    let topology_changed = constraints.iter().any(|c| old.labels.get(&c.key) != new.labels.get(&c.key));
    matching(old) != matching(new) || (matching(new) && (topology_changed || old.taints != new.taints))
}

/// A hard constraint counts only untainted nodes (`nodeTaintsPolicy: Honor`): a new
/// toleration of the pod's own may then change its spreading.
pub fn honors_taints(pod: &PodInfo) -> bool {
    pod.spec()["topologySpreadConstraints"]
        .as_array()
        .unwrap_or_default()
        .iter()
        .any(|c| c["whenUnsatisfiable"] == "DoNotSchedule" && c["nodeTaintsPolicy"] == "Honor")
}

/// PreFilter: per constraint, matching pods per domain over the eligible nodes.
#[derive(Debug, Default, Clone)]
pub struct State {
    counts: Vec<VecMap<String, i64>>,
    constraints: Vec<Constraint>,
}

pub fn pre_filter(pod: &PodInfo, nodes: &[&NodeInfo]) -> State {
    let constraints = constraints(pod);
    if constraints.is_empty() {
        return State::default();
    }
    let mut counts = vec![VecMap::new(); constraints.len()];
    for node in nodes {
        for (i, c) in constraints.iter().enumerate() {
            let Some(value) = node.labels.get(&c.key).and_then(Slot::as_str) else { continue };
            if c.honor_affinity && !required_matches(pod, node) {
                continue;
            }
            let n = node
                .pods
                .values()
                .filter(|p| !p.terminating && p.namespace == pod.namespace && label_selector::matches(&c.selector, p.labels()))
                .count() as i64;
            *counts[i].entry(value.to_string()).or_default() += n;
        }
    }
    State { counts, constraints }
}

pub fn filter(st: &State, pod: &PodInfo, node: &NodeInfo) -> Status {
    for (i, c) in st.constraints.iter().enumerate() {
        let Some(value) = node.labels.get(&c.key).and_then(Slot::as_str) else {
            return Status { code: Code::UnschedulableAndUnresolvable, reasons: vec![ERR_MISSING_LABEL.into()] };
        };
        let domains = &st.counts[i];
        let self_match = i64::from(label_selector::matches(&c.selector, pod.labels()));
        let mut min = domains.values().copied().min().unwrap_or(0);
        if (domains.len() as i64) < c.min_domains {
            min = 0;
        }
        let here = domains.get(value).copied().unwrap_or(0);
        if here + self_match - min > c.max_skew {
            return Status::unschedulable(vec![ERR_MISMATCH.into()]);
        }
    }
    Status::success()
}

/// The Filter plugin with this cycle's PreFilter state.
pub struct PodTopologySpread {
    pub state: State,
}

impl crate::scheduler::framework::FilterPlugin for PodTopologySpread {
    fn name(&self) -> &'static str {
        "PodTopologySpread"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        filter(&self.state, pod, node)
    }
}

/// The system default constraints (`plugin.go` `systemDefaultConstraints`), used for pods
/// that declare none but are selected by a Service, ReplicaSet or StatefulSet.
fn system_defaults(selector: &Slot) -> Vec<(String, i64, Slot)> {
    vec![
        ("kubernetes.io/hostname".to_string(), 3, selector.clone()),
        ("topology.kubernetes.io/zone".to_string(), 5, selector.clone()),
    ]
}

/// PodTopologySpread's Score part (`scoring.go`): fewer matching pods in a node's domains is
/// better; each constraint adds `count × ln(domains + 2) + (maxSkew − 1)`.
pub struct SpreadScore {
    /// (topologyKey, maxSkew, selector) of the soft constraints in force.
    constraints: Vec<(String, i64, Slot)>,
    system_defaulted: bool,
    /// Per constraint: domain value → matching pods.
    counts: Vec<VecMap<String, i64>>,
    /// Per constraint: `ln(number of domains among the filtered nodes + 2)`.
    weights: Vec<f64>,
    /// Per constraint: its selector read once for the cycle (None: it matches nothing).
    selectors: Vec<Option<crate::labels::Selector>>,
}

impl SpreadScore {
    /// `PreScore`. `default_selector` is the merged selector of the Services/ReplicaSets/
    /// StatefulSets that select the pod (None when nothing does).
    pub fn new(pod: &PodInfo, feasible: &[&NodeInfo], all: &[&NodeInfo], default_selector: Option<&Slot>) -> SpreadScore {
        let own: Vec<(String, i64, Slot)> = pod.spec()["topologySpreadConstraints"]
            .as_array()
            .unwrap_or_default()
            .iter()
            .filter(|c| c["whenUnsatisfiable"] == "ScheduleAnyway")
            .map(|c| (c["topologyKey"].as_str().unwrap_or_default().to_string(), c["maxSkew"].as_i64().unwrap_or(1), c["labelSelector"].clone()))
            .collect();
        let has_any = pod.spec()["topologySpreadConstraints"].as_array().is_some_and(|a| !a.is_empty());
        let (constraints, system_defaulted) = match (has_any, default_selector) {
            (false, Some(sel)) => (system_defaults(sel), true),
            _ => (own, false),
        };
        let mut counts = vec![VecMap::new(); constraints.len()];
        let mut weights = Vec::new();
        let selectors: Vec<Option<crate::labels::Selector>> = constraints.iter().map(|(_, _, s)| crate::labels::Selector::from_label_selector(s)).collect();
        for (i, (key, _, _)) in constraints.iter().enumerate() {
            let selector = &selectors[i];
            // Per-node counts are taken in `score` (upstream `scoring.go` `PreScore` skips the
            // hostname key too): counting here would read every pod of the cluster per cycle.
            let per_node = key == "kubernetes.io/hostname";
            for node in all.iter().filter(|n| !per_node && required_matches(pod, n)) {
                let Some(value) = node.labels.get(key).and_then(Slot::as_str) else { continue };
                let n = node
                    .pods
                    .values()
                    .filter(|p| !p.terminating && p.namespace == pod.namespace && selector.as_ref().is_some_and(|s| s.matches(p.labels())))
                    .count() as i64;
                *counts[i].entry(value.to_string()).or_default() += n;
            }
            let domains: crate::vecmap::VecSet<&str> = crate::vecmap::VecSet::from_iter(feasible.iter().filter_map(|n| n.labels.get(key).and_then(Slot::as_str)));
            weights.push(((domains.len() + 2) as f64).ln());
        }
        SpreadScore { constraints, system_defaulted, counts, weights, selectors }
    }

    pub fn is_empty(&self) -> bool {
        self.constraints.is_empty()
    }
}

impl crate::scheduler::framework::ScorePlugin for SpreadScore {
    fn name(&self) -> &'static str {
        "PodTopologySpread"
    }

    fn weight(&self) -> i64 {
        2
    }

    fn pre_score(&self, _pod: &PodInfo, _nodes: &[&NodeInfo]) -> Status {
        if self.is_empty() { Status::skip() } else { Status::success() }
    }

    fn score(&self, _pod: &PodInfo, node: &NodeInfo, _cluster: &crate::scheduler::framework::ClusterView) -> i64 {
        let mut total = 0.0;
        for (i, (key, max_skew, _)) in self.constraints.iter().enumerate() {
            match node.labels.get(key).and_then(Slot::as_str) {
                Some(value) => {
                    let count = if key == "kubernetes.io/hostname" {
                        let selector = &self.selectors[i];
                        node.pods.values().filter(|p| !p.terminating && p.namespace == _pod.namespace && selector.as_ref().is_some_and(|s| s.matches(p.labels()))).count() as i64
                    } else {
                        self.counts[i].get(value).copied().unwrap_or(0)
                    };
                    total += count as f64 * self.weights[i] + (*max_skew - 1) as f64;
                }
                // Without all topology keys a node is ignored, except under system defaults.
                None if !self.system_defaulted => return -1,
                None => {}
            }
        }
        total.round() as i64
    }

    /// `NormalizeScore`: ignored nodes 0; otherwise `100 × (max + min − s) / max`.
    fn normalize(&self, scores: &mut [i64]) {
        let valid: Vec<i64> = scores.iter().copied().filter(|s| *s >= 0).collect();
        let (min, max) = (valid.iter().copied().min().unwrap_or(0), valid.iter().copied().max().unwrap_or(0));
        for s in scores.iter_mut() {
            *s = if *s < 0 {
                0
            } else if max == 0 {
                crate::scheduler::framework::MAX_NODE_SCORE
            } else {
                crate::scheduler::framework::MAX_NODE_SCORE * (max + min - *s) / max
            };
        }
    }
}

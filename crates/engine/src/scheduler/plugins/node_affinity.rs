//! NodeAffinity (upstream `pkg/scheduler/framework/plugins/nodeaffinity` and
//! `component-helpers/scheduling/corev1/nodeaffinity`): `nodeSelector` and required node
//! affinity filter; preferred terms add their weights to the score.

use crate::Slot;

use crate::nodeaffinity::term_matches_labels;
use crate::scheduler::framework::{ClusterView, FilterPlugin, MAX_NODE_SCORE, NodeInfo, PodInfo, ScorePlugin, Status, default_normalize_score};

pub const ERR_REASON_POD: &str = "node(s) didn't match Pod's node affinity/selector";

pub struct NodeAffinity;

/// A `NodeSelectorTerm`: all its expressions and fields match (an empty term matches nothing).
fn term_matches(term: &Slot, node: &NodeInfo) -> bool {
    term_matches_labels(term, &node.name, &node.labels)
}

/// `GetRequiredNodeAffinity(pod).Match(node)`: the nodeSelector and any one required term.
pub fn required_matches(pod: &PodInfo, node: &NodeInfo) -> bool {
    if !pod.requires_node_affinity {
        return true;
    }
    if let Some(mut sel) = pod.spec()["nodeSelector"].as_object()
        && !sel.all(|(k, v)| node.labels.get(k).is_some_and(|l| l == v)) {
            return false;
        }
    let terms = &pod.spec()["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"];
    match terms.as_array() {
        Some(ts) if !pod.spec()["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"].is_null() => {
            ts.iter().any(|t| term_matches(t, node))
        }
        _ => true,
    }
}

/// `PreFilter`'s node names: when every required term has `matchFields metadata.name In`
/// requirements, the union over the terms of each term's intersection; `None` when some term
/// names no node (every node stays eligible).
pub fn pre_filter_node_names(pod: &PodInfo) -> Option<crate::vecmap::VecSet<String>> {
    use crate::vecmap::VecSet;
    let terms = pod.spec()["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"].as_array()?;
    if terms.is_empty() {
        return None;
    }
    let mut names: VecSet<String> = VecSet::new();
    for t in terms {
        let mut term_names: Option<VecSet<String>> = None;
        for r in t["matchFields"].as_array().unwrap_or_default() {
            if r["key"] == "metadata.name" && r["operator"] == "In" {
                let s: VecSet<String> = r["values"].as_array().map(|v| VecSet::from_iter(v.iter().filter_map(Slot::as_str).map(str::to_string))).unwrap_or_default();
                term_names = Some(match term_names {
                    None => s,
                    Some(prev) => VecSet::from_iter(prev.intersection(&s).cloned()),
                });
            }
        }
        names.extend(term_names?);
    }
    // An empty union is upstream's `errReasonConflict`; podlife lets Filter reject every node.
    if names.is_empty() { None } else { Some(names) }
}

impl FilterPlugin for NodeAffinity {
    fn name(&self) -> &'static str {
        "NodeAffinity"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        if required_matches(pod, node) { Status::success() } else { Status::unresolvable(ERR_REASON_POD) }
    }
}

impl ScorePlugin for NodeAffinity {
    fn name(&self) -> &'static str {
        "NodeAffinity"
    }

    fn weight(&self) -> i64 {
        2
    }

    fn pre_score(&self, pod: &PodInfo, _nodes: &[&NodeInfo]) -> Status {
        let preferred = &pod.spec()["affinity"]["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"];
        if preferred.as_array().is_none_or(<[Slot]>::is_empty) { Status::skip() } else { Status::success() }
    }

    fn score(&self, pod: &PodInfo, node: &NodeInfo, _cluster: &ClusterView) -> i64 {
        let preferred = pod.spec()["affinity"]["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"].as_array().unwrap_or_default();
        preferred
            .iter()
            .filter(|p| p["weight"].as_i64().unwrap_or(0) != 0 && term_matches(&p["preference"], node))
            .map(|p| p["weight"].as_i64().unwrap_or(0))
            .sum()
    }

    fn normalize(&self, scores: &mut [i64]) {
        default_normalize_score(MAX_NODE_SCORE, false, scores);
    }
}

//! NodeAffinity (upstream `pkg/scheduler/framework/plugins/nodeaffinity` and
//! `component-helpers/scheduling/corev1/nodeaffinity`): `nodeSelector` and required node
//! affinity filter; preferred terms add their weights to the score.

use serde_json::Value;

use crate::scheduler::framework::{ClusterView, FilterPlugin, MAX_NODE_SCORE, NodeInfo, PodInfo, ScorePlugin, Status, default_normalize_score};

pub const ERR_REASON_POD: &str = "node(s) didn't match Pod's node affinity/selector";

pub struct NodeAffinity;

/// One `NodeSelectorRequirement` against a node's labels (or fields, for `matchFields`).
fn requirement_matches(req: &Value, get: &dyn Fn(&str) -> Option<String>) -> bool {
    let key = req["key"].as_str().unwrap_or_default();
    let values: Vec<&str> = req["values"].as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let have = get(key);
    match req["operator"].as_str().unwrap_or_default() {
        "In" => have.is_some_and(|h| values.contains(&h.as_str())),
        "NotIn" => have.is_none_or(|h| !values.contains(&h.as_str())),
        "Exists" => have.is_some(),
        "DoesNotExist" => have.is_none(),
        "Gt" | "Lt" => {
            let (Some(h), Some(v)) = (have.and_then(|h| h.parse::<i64>().ok()), values.first().and_then(|v| v.parse::<i64>().ok())) else {
                return false;
            };
            if req["operator"] == "Gt" { h > v } else { h < v }
        }
        _ => false,
    }
}

/// A `NodeSelectorTerm`: all its expressions and fields match (an empty term matches nothing).
fn term_matches(term: &Value, node: &NodeInfo) -> bool {
    term_matches_labels(term, &node.name, &node.labels)
}

fn term_matches_labels(term: &Value, name: &str, labels: &Value) -> bool {
    let exprs = term["matchExpressions"].as_array().map(Vec::as_slice).unwrap_or_default();
    let fields = term["matchFields"].as_array().map(Vec::as_slice).unwrap_or_default();
    if exprs.is_empty() && fields.is_empty() {
        return false;
    }
    let label = |k: &str| labels.get(k).and_then(Value::as_str).map(str::to_string);
    let field = |k: &str| if k == "metadata.name" { Some(name.to_string()) } else { None };
    exprs.iter().all(|r| requirement_matches(r, &label)) && fields.iter().all(|r| requirement_matches(r, &field))
}

/// A `NodeSelector` (any one of its terms) against a node's name and labels
/// (`corev1.MatchNodeSelectorTerms`).
pub fn node_selector_matches(selector: &Value, name: &str, labels: &Value) -> bool {
    selector["nodeSelectorTerms"].as_array().is_some_and(|ts| ts.iter().any(|t| term_matches_labels(t, name, labels)))
}

/// `GetRequiredNodeAffinity(pod).Match(node)`: the nodeSelector and any one required term.
pub fn required_matches(pod: &PodInfo, node: &NodeInfo) -> bool {
    if let Some(sel) = pod.spec["nodeSelector"].as_object()
        && !sel.iter().all(|(k, v)| node.labels.get(k) == Some(v)) {
            return false;
        }
    let terms = &pod.spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"];
    match terms.as_array() {
        Some(ts) if !pod.spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"].is_null() => {
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
    let terms = pod.spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"].as_array()?;
    if terms.is_empty() {
        return None;
    }
    let mut names: VecSet<String> = VecSet::new();
    for t in terms {
        let mut term_names: Option<VecSet<String>> = None;
        for r in t["matchFields"].as_array().map(Vec::as_slice).unwrap_or_default() {
            if r["key"] == "metadata.name" && r["operator"] == "In" {
                let s: VecSet<String> = r["values"].as_array().map(|v| VecSet::from_iter(v.iter().filter_map(Value::as_str).map(str::to_string))).unwrap_or_default();
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
        let preferred = &pod.spec["affinity"]["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"];
        if preferred.as_array().is_none_or(Vec::is_empty) { Status::skip() } else { Status::success() }
    }

    fn score(&self, pod: &PodInfo, node: &NodeInfo, _cluster: &ClusterView) -> i64 {
        let preferred = pod.spec["affinity"]["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"].as_array().cloned().unwrap_or_default();
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

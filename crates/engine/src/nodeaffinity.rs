//! Node selectors against a node's name and labels, as upstream's
//! `component-helpers/scheduling/corev1/nodeaffinity` matches them for the scheduler, the
//! kubelet's admission and the PV controller alike (below all three).

use crate::Slot;

/// One `NodeSelectorRequirement` against a node's labels (or fields, for `matchFields`).
fn requirement_matches(req: &Slot, get: &dyn Fn(&str) -> Option<String>) -> bool {
    let key = req["key"].as_str().unwrap_or_default();
    let values: Vec<&str> = req["values"].as_array().map(|a| a.iter().filter_map(crate::Slot::as_str).collect()).unwrap_or_default();
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
pub fn term_matches_labels(term: &Slot, name: &str, labels: &Slot) -> bool {
    let exprs = term["matchExpressions"].as_array().unwrap_or_default();
    let fields = term["matchFields"].as_array().unwrap_or_default();
    if exprs.is_empty() && fields.is_empty() {
        return false;
    }
    let label = |k: &str| labels.get(k).and_then(crate::Slot::as_str).map(str::to_string);
    let field = |k: &str| if k == "metadata.name" { Some(name.to_string()) } else { None };
    exprs.iter().all(|r| requirement_matches(r, &label)) && fields.iter().all(|r| requirement_matches(r, &field))
}

/// A `NodeSelector` (any one of its terms) against a node's name and labels
/// (`corev1.MatchNodeSelectorTerms`).
pub fn node_selector_matches(selector: &Slot, name: &str, labels: &Slot) -> bool {
    selector["nodeSelectorTerms"].as_array().is_some_and(|ts| ts.iter().any(|t| term_matches_labels(t, name, labels)))
}

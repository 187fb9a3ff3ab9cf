//! PodTopologySpread, Filter part (upstream `pkg/scheduler/framework/plugins/podtopologyspread/
//! filtering.go`): `whenUnsatisfiable: DoNotSchedule` constraints — placing the pod must not
//! make any domain exceed the least-loaded domain by more than `maxSkew`.

use std::collections::BTreeMap;

use serde_json::Value;

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
    selector: Value,
    honor_affinity: bool,
}

/// The pod's hard constraints, with `matchLabelKeys` folded into the selector.
fn constraints(pod: &PodInfo) -> Vec<Constraint> {
    pod.spec["topologySpreadConstraints"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter(|c| c["whenUnsatisfiable"] == "DoNotSchedule")
        .map(|c| {
            let mut selector = c["labelSelector"].clone();
            for k in c["matchLabelKeys"].as_array().map(Vec::as_slice).unwrap_or_default() {
                if let (Some(k), Some(v)) = (k.as_str(), pod.labels.get(k.as_str().unwrap_or_default())) {
                    if selector.is_null() {
                        selector = serde_json::json!({});
                    }
                    selector["matchLabels"][k] = v.clone();
                }
            }
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

/// PreFilter: per constraint, matching pods per domain over the eligible nodes.
#[derive(Debug, Default, Clone)]
pub struct State {
    counts: Vec<BTreeMap<String, i64>>,
    constraints: Vec<Constraint>,
}

pub fn pre_filter(pod: &PodInfo, nodes: &[&NodeInfo]) -> State {
    let constraints = constraints(pod);
    let mut counts = vec![BTreeMap::new(); constraints.len()];
    for node in nodes {
        for (i, c) in constraints.iter().enumerate() {
            let Some(value) = node.labels.get(&c.key).and_then(Value::as_str) else { continue };
            if c.honor_affinity && !required_matches(pod, node) {
                continue;
            }
            let n = node
                .pods
                .values()
                .filter(|p| !p.terminating && p.namespace == pod.namespace && label_selector::matches(&c.selector, &p.labels))
                .count() as i64;
            *counts[i].entry(value.to_string()).or_default() += n;
        }
    }
    State { counts, constraints }
}

pub fn filter(st: &State, pod: &PodInfo, node: &NodeInfo) -> Status {
    for (i, c) in st.constraints.iter().enumerate() {
        let Some(value) = node.labels.get(&c.key).and_then(Value::as_str) else {
            return Status { code: Code::UnschedulableAndUnresolvable, reasons: vec![ERR_MISSING_LABEL.into()] };
        };
        let domains = &st.counts[i];
        let self_match = i64::from(label_selector::matches(&c.selector, &pod.labels));
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

//! InterPodAffinity, Filter part (upstream `pkg/scheduler/framework/plugins/interpodaffinity/
//! filtering.go`): required pod affinity and anti-affinity of the incoming pod, and the required
//! anti-affinity of pods already running, by topology domain.

use crate::vecmap::VecMap;

use crate::Slot;

use super::label_selector;
use crate::scheduler::framework::{Code, NodeInfo, PodInfo, Status};

pub const ERR_AFFINITY: &str = "node(s) didn't match pod affinity rules";
pub const ERR_ANTI_AFFINITY: &str = "node(s) didn't match pod anti-affinity rules";
pub const ERR_EXISTING_ANTI_AFFINITY: &str = "node(s) didn't satisfy existing pods anti-affinity rules";

fn required_terms<'a>(spec: &'a Slot, kind: &str) -> Vec<&'a Slot> {
    spec["affinity"][kind]["requiredDuringSchedulingIgnoredDuringExecution"].as_array().map(|a| a.iter().collect()).unwrap_or_default()
}

/// Namespace name → its labels, from the scheduler's namespace informer (upstream's
/// `nsLister`, read through `GetNamespaceLabelsSnapshot`).
pub type NamespaceLabels = crate::vecmap::VecMap<String, Slot>;

/// Does `term` (from a pod in namespace `term_ns`) select `target`? Upstream `AffinityTerm.Matches`
/// (`pkg/scheduler/framework/types.go`): the target's namespace is in the term's `namespaces` —
/// the owner's own namespace when both `namespaces` and `namespaceSelector` are unset — or the
/// target namespace's labels match `namespaceSelector` (an empty selector matches every
/// namespace); then the pod's labels must match `labelSelector`.
fn term_selects(term: &Slot, term_ns: &str, target: &PodInfo, ns_labels: &NamespaceLabels) -> bool {
    term_selects_labels(term, term_ns, &target.namespace, target.labels(), ns_labels)
}

/// `term_selects` for a pod known by its namespace and labels.
fn term_selects_labels(term: &Slot, term_ns: &str, target_ns: &str, target_labels: &Slot, ns_labels: &NamespaceLabels) -> bool {
    let namespaces: Vec<&str> = term["namespaces"].as_array().map(|a| a.iter().filter_map(Slot::as_str).collect()).unwrap_or_default();
    let ns_selector = &term["namespaceSelector"];
    let listed = if namespaces.is_empty() && ns_selector.is_null() {
        target_ns == term_ns
    } else {
        namespaces.contains(&target_ns)
    };
    let ns_ok = listed || (!ns_selector.is_null() && label_selector::matches(ns_selector, ns_labels.get(target_ns).unwrap_or(crate::Slot::null())));
    ns_ok && label_selector::matches(&term["labelSelector"], target_labels)
}

/// Whether one of the parked pod's required affinity terms selects a pod whose labels
/// changed (`getUnschedulablePodsWithCrossTopologyTerm`, `scheduling_queue.go`: only such pods,
/// and those PodTopologySpread rejected, are asked about an assigned pod's update).
pub fn required_affinity_selects(spec: &Slot, pod_ns: &str, target_ns: &str, target_labels: &Slot, ns_labels: &NamespaceLabels) -> bool {
    required_terms(spec, "podAffinity").iter().any(|t| term_selects_labels(t, pod_ns, target_ns, target_labels, ns_labels))
}

/// `podMatchesAllAffinityTerms` (`interpodaffinity/plugin.go`): there are terms of `kind`
/// and each selects the pod. Namespace labels are not read (it matches with none).
fn matches_all(pod: &PodInfo, kind: &str, target_ns: &str, target_labels: &Slot) -> bool {
    let none = NamespaceLabels::new();
    let terms = required_terms(pod.spec(), kind);
    !terms.is_empty() && terms.iter().all(|t| term_selects_labels(t, &pod.namespace, target_ns, target_labels, &none))
}

/// QueueingHints for an assigned pod's change (`isSchedulableAfterPodChange`,
/// `interpodaffinity/plugin.go`). Relabelled: it now matches all the parked pod's affinity
/// terms where it did not, or no longer matches all its anti-affinity terms.
pub fn relabel_may_help(pod: &PodInfo, target_ns: &str, old_labels: &Slot, new_labels: &Slot) -> bool {
    (!matches_all(pod, "podAffinity", target_ns, old_labels) && matches_all(pod, "podAffinity", target_ns, new_labels))
        || (matches_all(pod, "podAntiAffinity", target_ns, old_labels) && !matches_all(pod, "podAntiAffinity", target_ns, new_labels))
}

/// QueueingHint for a node added or relabelled (`isSchedulableAfterNodeChange`): it has the
/// topology key of one of the pod's required affinity or anti-affinity terms.
pub fn node_may_help(pod: &PodInfo, node: &NodeInfo) -> bool {
    ["podAffinity", "podAntiAffinity"]
        .iter()
        .flat_map(|kind| required_terms(pod.spec(), kind))
        .any(|t| t["topologyKey"].as_str().is_some_and(|k| node.labels.get(k).is_some()))
}

/// Added: it matches all the parked pod's affinity terms.
pub fn added_may_help(pod: &PodInfo, target_ns: &str, target_labels: &Slot) -> bool {
    matches_all(pod, "podAffinity", target_ns, target_labels)
}

/// Deleted: it matched all the parked pod's anti-affinity terms.
pub fn deleted_may_help(pod: &PodInfo, target_ns: &str, target_labels: &Slot) -> bool {
    matches_all(pod, "podAntiAffinity", target_ns, target_labels)
}

fn topology_value<'a>(node: &'a NodeInfo, key: &str) -> Option<&'a str> {
    node.labels.get(key).and_then(Slot::as_str)
}

/// PreFilter's counts: (topologyKey, value) → number of matching pods.
#[derive(Debug, Default, Clone)]
pub struct State {
    existing_anti: VecMap<(String, String), i64>,
    affinity: Vec<VecMap<(String, String), i64>>,
    anti: Vec<VecMap<(String, String), i64>>,
    any_affinity_match: bool,
    /// The incoming pod matches all its own required affinity terms.
    self_match: bool,
    pub skip: bool,
}

pub fn pre_filter(pod: &PodInfo, nodes: &[&NodeInfo], ns_labels: &NamespaceLabels) -> State {
    let affinity_terms = required_terms(pod.spec(), "podAffinity");
    let anti_terms = required_terms(pod.spec(), "podAntiAffinity");
    let any_existing_anti =
        nodes.iter().any(|n| n.affinity_pods > 0 && n.pods.values().any(|p| !required_terms(p.spec(), "podAntiAffinity").is_empty()));
    let mut st = State { skip: affinity_terms.is_empty() && anti_terms.is_empty() && !any_existing_anti, ..State::default() };
    if st.skip {
        return st;
    }
    st.self_match = affinity_terms.iter().all(|t| term_selects(t, &pod.namespace, pod, ns_labels));
    st.affinity = vec![VecMap::new(); affinity_terms.len()];
    st.anti = vec![VecMap::new(); anti_terms.len()];
    for node in nodes {
        if affinity_terms.is_empty() && anti_terms.is_empty() && node.affinity_pods == 0 {
            continue;
        }
        for existing in node.pods.values().filter(|p| !p.terminating) {
            for term in required_terms(existing.spec(), "podAntiAffinity") {
                let key = term["topologyKey"].as_str().unwrap_or_default();
                if let Some(v) = topology_value(node, key)
                    && term_selects(term, &existing.namespace, pod, ns_labels) {
                        *st.existing_anti.entry((key.to_string(), v.to_string())).or_default() += 1;
                    }
            }
            for (i, term) in affinity_terms.iter().enumerate() {
                let key = term["topologyKey"].as_str().unwrap_or_default();
                if let Some(v) = topology_value(node, key)
                    && term_selects(term, &pod.namespace, existing, ns_labels) {
                        *st.affinity[i].entry((key.to_string(), v.to_string())).or_default() += 1;
                        st.any_affinity_match = true;
                    }
            }
            for (i, term) in anti_terms.iter().enumerate() {
                let key = term["topologyKey"].as_str().unwrap_or_default();
                if let Some(v) = topology_value(node, key)
                    && term_selects(term, &pod.namespace, existing, ns_labels) {
                        *st.anti[i].entry((key.to_string(), v.to_string())).or_default() += 1;
                    }
            }
        }
    }
    st
}

pub fn filter(st: &State, pod: &PodInfo, node: &NodeInfo) -> Status {
    if st.skip {
        return Status::success();
    }
    let affinity_terms = required_terms(pod.spec(), "podAffinity");
    // satisfyPodAffinity: every term's domain on this node holds a matching pod — or, when no
    // pod anywhere matches and the pod matches its own terms, the node only needs the keys.
    let affinity_ok = affinity_terms.iter().enumerate().all(|(i, term)| {
        let key = term["topologyKey"].as_str().unwrap_or_default();
        topology_value(node, key).is_some_and(|v| st.affinity[i].get(&(key.to_string(), v.to_string())).copied().unwrap_or(0) > 0)
    });
    if !affinity_ok {
        let has_keys = affinity_terms.iter().all(|t| topology_value(node, t["topologyKey"].as_str().unwrap_or_default()).is_some());
        if st.any_affinity_match || !st.self_match || !has_keys {
            return Status { code: Code::UnschedulableAndUnresolvable, reasons: vec![ERR_AFFINITY.into()] };
        }
    }
    let anti_terms = required_terms(pod.spec(), "podAntiAffinity");
    let anti_violated = anti_terms.iter().enumerate().any(|(i, term)| {
        let key = term["topologyKey"].as_str().unwrap_or_default();
        topology_value(node, key).is_some_and(|v| st.anti[i].get(&(key.to_string(), v.to_string())).copied().unwrap_or(0) > 0)
    });
    if anti_violated {
        return Status::unschedulable(vec![ERR_ANTI_AFFINITY.into()]);
    }
    let existing_violated = st.existing_anti.iter().any(|((key, value), count)| *count > 0 && topology_value(node, key) == Some(value.as_str()));
    if existing_violated {
        return Status::unschedulable(vec![ERR_EXISTING_ANTI_AFFINITY.into()]);
    }
    Status::success()
}

/// The Filter plugin with this cycle's PreFilter state.
pub struct InterPodAffinity {
    pub state: State,
}

impl crate::scheduler::framework::FilterPlugin for InterPodAffinity {
    fn name(&self) -> &'static str {
        "InterPodAffinity"
    }

    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status {
        filter(&self.state, pod, node)
    }
}

fn preferred_terms<'a>(spec: &'a Slot, kind: &str) -> Vec<(&'a Slot, i64)> {
    spec["affinity"][kind]["preferredDuringSchedulingIgnoredDuringExecution"]
        .as_array()
        .map(|a| a.iter().map(|w| (&w["podAffinityTerm"], w["weight"].as_i64().unwrap_or(0))).collect())
        .unwrap_or_default()
}

/// InterPodAffinity's Score part (`scoring.go`): weights of preferred (anti-)affinity terms —
/// the incoming pod's towards existing pods, and existing pods' towards the incoming one (their
/// required affinity counting `HardPodAffinityWeight`) — summed per topology domain.
pub struct AffinityScore {
    /// (topologyKey, value) → score.
    pairs: VecMap<(String, String), i64>,
    skip: bool,
}

impl AffinityScore {
    /// `hard_pod_affinity_weight`: InterPodAffinityArgs' `hardPodAffinityWeight` (default 1).
    pub fn new(pod: &PodInfo, all: &[&NodeInfo], ns_labels: &NamespaceLabels, hard_pod_affinity_weight: i64) -> AffinityScore {
        let own_aff = preferred_terms(pod.spec(), "podAffinity");
        let own_anti = preferred_terms(pod.spec(), "podAntiAffinity");
        let mut pairs: VecMap<(String, String), i64> = VecMap::new();
        let own_terms = !own_aff.is_empty() || !own_anti.is_empty();
        let mut add = |node: &NodeInfo, term: &Slot, w: i64| {
            let key = term["topologyKey"].as_str().unwrap_or_default();
            if let Some(v) = topology_value(node, key) {
                *pairs.entry((key.to_string(), v.to_string())).or_default() += w;
            }
        };
        for node in all {
            if !own_terms && node.affinity_pods == 0 {
                continue;
            }
            for existing in node.pods.values().filter(|p| !p.terminating) {
                for (term, w) in &own_aff {
                    if term_selects(term, &pod.namespace, existing, ns_labels) {
                        add(node, term, *w);
                    }
                }
                for (term, w) in &own_anti {
                    if term_selects(term, &pod.namespace, existing, ns_labels) {
                        add(node, term, -*w);
                    }
                }
                let req = required_terms(existing.spec(), "podAffinity");
                let pref = preferred_terms(existing.spec(), "podAffinity");
                let pref_anti = preferred_terms(existing.spec(), "podAntiAffinity");
                for term in req {
                    if term_selects(term, &existing.namespace, pod, ns_labels) {
                        add(node, term, hard_pod_affinity_weight);
                    }
                }
                for (term, w) in pref {
                    if term_selects(term, &existing.namespace, pod, ns_labels) {
                        add(node, term, w);
                    }
                }
                for (term, w) in pref_anti {
                    if term_selects(term, &existing.namespace, pod, ns_labels) {
                        add(node, term, -w);
                    }
                }
            }
        }
        // `PreScore` skips when no processed pod matched a term (no node's topology score was
        // written: `index == -1`), whoever's terms they were.
        AffinityScore { skip: pairs.is_empty(), pairs }
    }
}

impl crate::scheduler::framework::ScorePlugin for AffinityScore {
    fn name(&self) -> &'static str {
        "InterPodAffinity"
    }

    fn weight(&self) -> i64 {
        2
    }

    fn pre_score(&self, _pod: &PodInfo, _nodes: &[&NodeInfo]) -> Status {
        if self.skip { Status::skip() } else { Status::success() }
    }

    fn score(&self, _pod: &PodInfo, node: &NodeInfo, _cluster: &crate::scheduler::framework::ClusterView) -> i64 {
        self.pairs.iter().filter(|((k, v), _)| topology_value(node, k) == Some(v.as_str())).map(|(_, s)| *s).sum()
    }

    /// `100 × (score − min) / (max − min)`, 0 when all are equal.
    fn normalize(&self, scores: &mut [i64]) {
        let (min, max) = (scores.iter().copied().min().unwrap_or(0), scores.iter().copied().max().unwrap_or(0));
        let diff = max - min;
        for s in scores.iter_mut() {
            *s = if diff > 0 { (crate::scheduler::framework::MAX_NODE_SCORE as f64 * ((*s - min) as f64 / diff as f64)) as i64 } else { 0 };
        }
    }
}

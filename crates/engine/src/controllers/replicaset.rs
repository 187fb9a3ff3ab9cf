//! The ReplicaSet controller (`pkg/controller/replicaset/replica_set.go`,
//! `replica_set_utils.go`, and `pkg/controller/controller_utils.go` for the pod ranking).
//!
//! A sync claims the pods its selector matches (adopting orphans, releasing pods that no longer
//! match), counts the active ones (not terminal, not being deleted), creates the missing pods
//! from the template (`<rs>-` + the API server's 5 characters) or deletes the surplus — the
//! lowest-ranked first: unscheduled, Pending, not ready, doubled up on a node, ready for less
//! time (logarithmic buckets), more restarts, newer — and writes the status (replicas,
//! fullyLabeledReplicas, readyReplicas, availableReplicas after `minReadySeconds`,
//! terminatingReplicas). Expectations keep it from acting twice before its informer has seen
//! its own creates and deletes (5 minutes at most).

use podlife_model::obj::fields;
use crate::Slot;
use podlife_model::obj::JsonRead;
use crate::vecmap::{VecMap, VecSet};

use serde_json::Value;

use super::{FollowUp, Write, controller_request, is_orphan};
use crate::apiserver::Verb;
use crate::clock::Time;
use crate::components::Cache;
use crate::store::{EventType, WatchEvent};

pub const ACCOUNT: &str = "replicaset-controller";
/// `BurstReplicas`: the most pods one sync creates or deletes.
const BURST_REPLICAS: i64 = 500;
/// `ExpectationsTimeout`.
const EXPECTATIONS_TIMEOUT_MS: u64 = 5 * 60 * 1000;

/// The kind a sync works on: upstream's ReplicationManager is the ReplicaSet controller run over
/// ReplicationControllers (`pkg/controller/replication`: `NewBaseController` with the RC's
/// kind, informer adapter and event source); only the selector differs (a plain map).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flavor {
    pub kind: &'static str,
    pub api_version: &'static str,
    pub group: &'static str,
    pub plural: &'static str,
    /// The client's account and the events' source component.
    pub account: &'static str,
}

pub const REPLICA_SET: Flavor = Flavor { kind: "ReplicaSet", api_version: "apps/v1", group: "apps", plural: "replicasets", account: ACCOUNT };
pub const REPLICATION_CONTROLLER: Flavor = Flavor { kind: "ReplicationController", api_version: "v1", group: "", plural: "replicationcontrollers", account: "replication-controller" };

impl Flavor {
    pub fn of_kind(kind: &str) -> Option<Flavor> {
        [REPLICA_SET, REPLICATION_CONTROLLER].into_iter().find(|f| f.kind == kind)
    }

    /// The owner's selector as a LabelSelector (an RC's map is its `matchLabels`).
    fn selector(self, owner: &Slot) -> Value {
        let s = &owner["spec"]["selector"];
        if self.kind == "ReplicationController" { if s.as_object().is_some_and(|m| !m.is_empty()) { json!({"matchLabels": s}) } else { Value::Null } } else { s.to_value() }
    }

    /// The expectations' key: a ReplicaSet's `namespace/name`; an RC's apart from it.
    fn key(self, ns: &str, name: &str) -> String {
        if self.kind == "ReplicaSet" { key(ns, name) } else { format!("{}/{ns}/{name}", self.kind) }
    }

    fn owners<'a>(self, cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Slot> + 'a {
        super::of(cache, self.group, self.plural, ns)
    }
}

/// What the workload controllers remember between deliveries.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// `namespace/name` of a ReplicaSet → the creates and deletes it still expects to see.
    // Boxed values: every VecMap<String, Box<_>> shares one copy of the map's code (the worker's size, see ARCHITECTURE.md).
    expectations: VecMap<String, Box<Expectation>>,
    /// Syncs to run later: (after ms, kind, namespace, name) — `enqueueAfter`.
    pub(crate) later: Vec<(u64, &'static str, String, String)>,
    /// Keys waiting in a work queue: events for a key already queued coalesce into its one
    /// sync, as client-go's workqueue does.
    queued: VecSet<(&'static str, String, String)>,
    /// Progress-deadline timers already set: (namespace, name, due ms).
    pub(crate) deadlines: VecSet<(String, String, u64)>,
    /// The DaemonSet controller's expectations and back-offs.
    pub(crate) daemonsets: super::daemonset::Memory,
    /// Syncs that returned an error, per key: `handleErr`'s `AddRateLimited`.
    failures: super::workqueue::RateLimiter,
    /// The slow-start groups of syncs in flight (every workload controller's).
    pub(crate) slow_starts: super::slowstart::SlowStarts,
    /// A Parallel StatefulSet sync's next batches, handed over with its writes.
    pub(crate) resume: Option<Box<super::statefulset::Resume>>,
    /// Per ReplicaSet (its key), what its last sync read of each pod (`pod_facts.rs`).
    pod_facts: VecMap<String, Box<super::pod_facts::Memo>>,
}

#[derive(Debug, Clone)]
struct Expectation {
    adds: i64,
    deletes: VecSet<String>,
    set_at: Time,
}

impl State {
    /// `queue.Add`: the key is synced once, soon, however many events ask for it.
    pub(crate) fn enqueue(&mut self, kind: &'static str, ns: &str, name: &str) {
        if self.queued.insert((kind, ns.to_string(), name.to_string())) {
            self.later.push((0, kind, ns.to_string(), name.to_string()));
        }
    }

    /// `handleErr` after a failed sync: the key comes back after the rate limiter's delay.
    pub(crate) fn failed(&mut self, kind: &'static str, ns: &str, name: &str) {
        let delay = self.failures.when(&format!("{kind}/{ns}/{name}"));
        self.later.push((delay, kind, ns.to_string(), name.to_string()));
    }

    /// `handleErr` after a sync without error: `queue.Forget`.
    pub(crate) fn succeeded(&mut self, kind: &'static str, ns: &str, name: &str) {
        self.failures.forget(&format!("{kind}/{ns}/{name}"));
    }

    /// A worker takes the key: later events queue it again.
    pub(crate) fn dequeue(&mut self, kind: &'static str, ns: &str, name: &str) {
        self.queued.remove(&(kind, ns.to_string(), name.to_string()));
    }

    /// A pod create of the ReplicaSet failed: the create it expected will not come
    /// (`manageReplicas`' `CreationObserved`); the key goes back to its queue rate-limited with
    /// every other failed controller write (`controllers/write.rs`).
    pub(crate) fn creation_failed(&mut self, kind: &str, ns: &str, name: &str) {
        let k = Flavor::of_kind(kind).map_or_else(|| key(ns, name), |f| f.key(ns, name));
        if let Some(e) = self.expectations.get_mut(&k) {
            e.adds -= 1;
        }
    }

    fn satisfied(&self, key: &str, now: Time) -> bool {
        self.expectations.get(key).is_none_or(|e| (e.adds <= 0 && e.deletes.is_empty()) || now.millis().saturating_sub(e.set_at.millis()) > EXPECTATIONS_TIMEOUT_MS)
    }
}

pub(super) fn key(ns: &str, name: &str) -> String {
    format!("{ns}/{name}")
}

/// The owner reference that names `owner` (of `kind`) the controller of an object.
pub(super) fn controller_ref<J: JsonRead + serde::Serialize>(owner: &J, kind: &str) -> Value {
    let api_version = if kind == "ReplicationController" { "v1" } else { "apps/v1" };
    json!({"apiVersion": api_version, "kind": kind, "name": owner["metadata"]["name"], "uid": owner["metadata"]["uid"], "controller": true, "blockOwnerDeletion": true})
}

/// The uid of an object's controller of `kind`, if any.
pub(super) fn controller_uid<'a, J: JsonRead>(object: &'a J, kind: &str) -> Option<&'a str> {
    // `controller_of`, over either form.
    let controller = object["metadata"]["ownerReferences"].items().iter().find(|r| r["controller"] == true);
    controller.filter(|r| r["kind"] == kind)?["uid"].as_str()
}

pub(super) fn pod_ready(pod: &Slot) -> bool {
    super::pod_ready(pod)
}

/// When the pod turned Ready (its Ready condition's lastTransitionTime).
pub(super) fn ready_since(pod: &Slot) -> Option<Time> {
    use fields::{pod_condition as cond, pod_status};
    let ready = pod[fields::pod::STATUS][pod_status::CONDITIONS].as_array()?.iter().find(|c| c[cond::TYPE] == "Ready" && c[cond::STATUS] == "True")?;
    ready[cond::LAST_TRANSITION_TIME].as_str().and_then(Time::from_rfc3339)
}

/// `podutil.IsPodAvailable`: ready for at least `minReadySeconds`.
pub(super) fn pod_available(pod: &Slot, min_ready_seconds: u64, now: Time) -> bool {
    pod_ready(pod) && (min_ready_seconds == 0 || ready_since(pod).is_some_and(|t| t.millis() + min_ready_seconds * 1000 <= now.millis()))
}

pub(super) fn terminal(pod: &Slot) -> bool {
    matches!(pod[fields::pod::STATUS][fields::pod_status::PHASE].as_str(), Some("Succeeded" | "Failed"))
}

pub(super) fn deleting(pod: &Slot) -> bool {
    pod[fields::pod::METADATA][fields::object_meta::DELETION_TIMESTAMP].is_string()
}


/// `controller.IsPodActive`.
pub(super) fn active(pod: &Slot) -> bool {
    !terminal(pod) && !deleting(pod)
}

fn selector_matches(selector: &Slot, labels: &Slot) -> bool {
    selector.is_object() && crate::labels::selector_matches(selector, labels)
}

/// The owners (namespace, name) of `flavor` a delivery asks to sync.
fn to_sync(cache: &Cache, flavor: Flavor, event: &WatchEvent) -> Vec<(String, String)> {
    let ns = &event.key.namespace;
    let name_of = |o: &Slot| o["metadata"]["name"].as_str().map(|n| (ns.clone(), n.to_string()));
    match (event.key.group, event.key.resource) {
        (g, r) if g == flavor.group && r == flavor.plural => vec![(ns.clone(), event.key.name.clone())],
        ("", "pods") => {
            let pod = &event.object;
            if let Some(uid) = controller_uid(pod.root(), flavor.kind) {
                return flavor.owners(cache, ns).filter(|rs| rs["metadata"]["uid"] == uid).filter_map(name_of).collect();
            }
            if !is_orphan(pod) || event.event_type == EventType::Deleted {
                return Vec::new();
            }
            // An orphan: every owner that could adopt it.
            flavor.owners(cache, ns).filter(|rs| selector_matches(&crate::Obj::untyped(&flavor.selector(rs)), &pod["metadata"]["labels"])).filter_map(name_of).collect()
        }
        _ => Vec::new(),
    }
}

fn replicasets<'a>(cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Slot> + 'a {
    REPLICA_SET.owners(cache, ns)
}

/// A delivery to kube-controller-manager: expectations observed, then the ReplicaSets and
/// ReplicationControllers it concerns queued.
pub fn on_event(cache: &Cache, state: &mut State, event: &WatchEvent) {
    for flavor in [REPLICA_SET, REPLICATION_CONTROLLER] {
        if event.key.group.is_empty() && event.key.resource == "pods" {
            observe_pod(cache, state, flavor, event);
        }
        if event.key.group == flavor.group && event.key.resource == flavor.plural && event.event_type == EventType::Deleted {
            state.expectations.remove(&flavor.key(&event.key.namespace, &event.key.name));
            continue;
        }
        for (ns, name) in to_sync(cache, flavor, event) {
            state.enqueue(flavor.kind, &ns, &name);
        }
    }
}

/// `CreationObserved` / `DeletionObserved`, and a later sync when a pod's availability waits
/// for `minReadySeconds`.
fn observe_pod(cache: &Cache, state: &mut State, flavor: Flavor, event: &WatchEvent) {
    let pod = &event.object;
    let ns = &event.key.namespace;
    let Some(uid) = controller_uid(pod.root(), flavor.kind) else { return };
    let Some(rs) = flavor.owners(cache, ns).find(|rs| rs["metadata"]["uid"] == uid) else { return };
    let name = rs["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let k = flavor.key(ns, &name);
    let pod_key = key(ns, &event.key.name);
    if let Some(e) = state.expectations.get_mut(&k) {
        match event.event_type {
            EventType::Added => e.adds -= 1,
            EventType::Deleted => {
                e.deletes.remove(&pod_key);
            }
            _ if deleting(pod) => {
                e.deletes.remove(&pod_key);
            }
            _ => {}
        }
    }
    let min_ready = rs["spec"]["minReadySeconds"].as_u64().unwrap_or(0);
    if min_ready > 0 && event.event_type == EventType::Modified && pod_ready(pod) {
        state.later.push((min_ready * 1000 + 1, flavor.kind, ns.clone(), name));
    }
}

/// A later sync (`enqueueAfter`) of one ReplicaSet or ReplicationController.
pub fn resync(cache: &Cache, state: &mut State, flavor: Flavor, ns: &str, name: &str, now: Time) -> Vec<Write> {
    state.dequeue(flavor.kind, ns, name);
    sync(cache, state, flavor, ns, name, now)
}

/// `syncReplicaSet`.
fn sync(cache: &Cache, state: &mut State, flavor: Flavor, ns: &str, name: &str, now: Time) -> Vec<Write> {
    let k = flavor.key(ns, name);
    let Some(rs) = flavor.owners(cache, ns).find(|rs| rs["metadata"]["name"] == name) else {
        state.pod_facts.remove(&k);
        return Vec::new();
    };
    let owner = super::pod_facts::Owner {
        kind: flavor.kind,
        uid: rs["metadata"]["uid"].as_str().unwrap_or_default().to_string(),
        selector: flavor.selector(rs),
        template_labels: rs["spec"]["template"]["metadata"]["labels"].to_value(),
    };
    // The selector compiled once for the whole claim (a non-object one matches nothing).
    let selector = Some(crate::Obj::untyped(&owner.selector)).filter(|s| s.is_object()).and_then(|s| crate::labels::Selector::from_label_selector(&s));
    let reader = super::pod_facts::Reader { owner: &owner, selector };
    // A ReplicaSet being deleted neither adopts nor manages its replicas.
    let live = rs["metadata"]["deletionTimestamp"].is_null();
    let min_ready = rs["spec"]["minReadySeconds"].as_u64().unwrap_or(0);
    let mut writes = Vec::new();
    // claimPods: owned pods that still match, plus orphans adopted; owned pods that no longer
    // match are released. Then the active ones and the status counts, in the same pass.
    let mut active_pods: Vec<&Slot> = Vec::new();
    let mut counts = Counts::default();
    let memo = state.pod_facts.remove(&k);
    let memo = super::pod_facts::read_pods(cache, ns, &reader, memo, |pod, facts| {
        use super::pod_facts::Claim;
        match facts.claim {
            Claim::Ours { matches: false } => return writes.extend(release(flavor, rs, pod)),
            Claim::Ours { matches: true } => {}
            Claim::Orphan { adoptable: true } if live => writes.extend(adoption(flavor.account, rs, flavor.kind, "pods", pod)),
            _ => return,
        }
        if facts.terminating {
            counts.terminating += 1;
        }
        if !facts.active {
            return;
        }
        active_pods.push(pod);
        counts.fully_labeled += usize::from(facts.fully_labeled);
        if facts.ready {
            counts.ready += 1;
            if min_ready == 0 || facts.ready_since.is_some_and(|t| t.millis() + min_ready * 1000 <= now.millis()) {
                counts.available += 1;
            }
        }
    });
    state.pod_facts.insert(k.clone(), memo);
    let mut creates = false;
    if state.satisfied(&k, now) && live {
        let managed = manage_replicas(cache, state, flavor, rs, &active_pods, now);
        creates = managed.iter().any(|w| w.request.verb == crate::apiserver::Verb::Create && w.request.resource.plural == "pods");
        writes.extend(managed);
    }
    counts.replicas = active_pods.len();
    if let Some(w) = status_update(flavor, rs, &counts, !creates) {
        writes.push(w);
    }
    writes
}

/// `AdoptPod` / `AdoptControllerRevision`: the owner's controller reference added to the
/// object's ownerReferences, with the object's uid as a precondition.
pub(super) fn adoption(account: &'static str, owner: &Slot, kind: &str, plural: &str, object: &Slot) -> Option<Write> {
    let mut refs = object["metadata"]["ownerReferences"].to_values().unwrap_or_default();
    refs.push(controller_ref(owner, kind));
    let patch = json!({"metadata": {"ownerReferences": refs, "uid": object["metadata"]["uid"]}});
    let req = controller_request(account, Verb::Patch, plural, object["metadata"]["namespace"].as_str(), object["metadata"]["name"].as_str()?, patch)?;
    Some(Write::now(account, req))
}

fn release(flavor: Flavor, rs: &Slot, pod: &Slot) -> Option<Write> {
    let refs: Vec<Value> = pod["metadata"]["ownerReferences"].to_values().unwrap_or_default().into_iter().filter(|r| r["uid"] != rs["metadata"]["uid"]).collect();
    let patch = json!({"metadata": {"ownerReferences": if refs.is_empty() { Value::Null } else { Value::Array(refs) }, "uid": pod["metadata"]["uid"]}});
    let req = controller_request(flavor.account, Verb::Patch, "pods", pod["metadata"]["namespace"].as_str(), pod["metadata"]["name"].as_str()?, patch)?;
    Some(Write::now(flavor.account, req))
}

/// `GetPodFromTemplate`: the pod a controller creates.
pub(super) fn pod_from_template(owner: &Slot, kind: &str) -> Value {
    let template = &owner["spec"]["template"];
    let name = owner["metadata"]["name"].as_str().unwrap_or_default();
    let mut meta = json!({"generateName": format!("{name}-"), "namespace": owner["metadata"]["namespace"], "ownerReferences": [controller_ref(owner, kind)]});
    for f in ["labels", "annotations", "finalizers"] {
        if let Some(v) = template["metadata"].get(f).filter(|v| !v.is_null()) {
            meta[f] = v.to_value();
        }
    }
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": template["spec"]})
}

fn event(flavor: Flavor, rs: &Slot, reason: &'static str, message: String) -> FollowUp {
    FollowUp::Event { account: flavor.account, source: flavor.account, kind: flavor.kind, api_version: flavor.api_version, involved: rs.to_value(), reason, message }
}

/// `manageReplicas`: create the missing pods or delete the surplus.
fn manage_replicas(cache: &Cache, state: &mut State, flavor: Flavor, rs: &Slot, active_pods: &[&Slot], now: Time) -> Vec<Write> {
    let ns = rs["metadata"]["namespace"].as_str().unwrap_or("default");
    let name = rs["metadata"]["name"].as_str().unwrap_or_default();
    let desired = rs["spec"]["replicas"].as_i64().unwrap_or(1);
    let diff = active_pods.len() as i64 - desired;
    let k = flavor.key(ns, name);
    let account = flavor.account;
    let mut writes = Vec::new();
    if diff < 0 {
        let n = (-diff).min(BURST_REPLICAS);
        state.expectations.insert(k, Box::new(Expectation { adds: n, deletes: VecSet::new(), set_at: now }));
        // slowStartBatch: batches of 1, 2, 4 … (`controllers/slowstart.rs`).
        let group = state.slow_starts.begin(flavor.kind, ns, name, super::slowstart::Expecting::ReplicaSet);
        for i in 0..n as usize {
            let Some(req) = controller_request(account, Verb::Create, "pods", Some(ns), "", pod_from_template(rs, flavor.kind)) else { continue };
            let mut w = Write::now(account, req);
            w.follow = Some(event(flavor, rs, "SuccessfulCreate", "Created pod: {}".into()));
            w.on_error = Some(super::OnError::pod_control_create());
            w.slow_start = Some(super::SlowStart::nth(group, i, usize::MAX));
            writes.push(w);
        }
    } else if diff > 0 {
        let n = diff.min(BURST_REPLICAS) as usize;
        let victims = pods_to_delete(cache, flavor, rs, active_pods, n, now);
        let deletes: VecSet<String> = VecSet::from_iter(victims.iter().filter_map(|p| p["metadata"]["name"].as_str()).map(|p| key(ns, p)));
        state.expectations.insert(k, Box::new(Expectation { adds: 0, deletes, set_at: now }));
        for pod in victims {
            let pod_name = pod["metadata"]["name"].as_str().unwrap_or_default();
            let Some(mut req) = controller_request(account, Verb::Delete, "pods", Some(ns), pod_name, Value::Null) else { continue };
            req.body = None;
            let mut w = Write::now(account, req);
            w.follow = Some(event(flavor, rs, "SuccessfulDelete", format!("Deleted pod: {pod_name}")));
            writes.push(w);
        }
    }
    writes
}

/// `getPodsToDelete`: the `n` lowest-ranked pods (`ActivePodsWithRanks`), the rank being how
/// many pods of the same owner (all the ReplicaSets of its Deployment) share the node.
fn pods_to_delete<'a>(cache: &Cache, flavor: Flavor, rs: &Slot, pods: &[&'a Slot], n: usize, now: Time) -> Vec<&'a Slot> {
    if n >= pods.len() {
        return pods.to_vec();
    }
    let ns = rs["metadata"]["namespace"].as_str().unwrap_or("default");
    // getIndirectlyRelatedPods: the pods of every ReplicaSet with the same controller.
    let owner = super::controller_of(rs).and_then(|r| r["uid"].as_str()).filter(|_| flavor == REPLICA_SET);
    let related_rs: Vec<&str> = match owner {
        Some(o) => replicasets(cache, ns).filter(|r| controller_uid(*r, "Deployment") == Some(o)).filter_map(|r| r["metadata"]["uid"].as_str()).collect(),
        None => rs["metadata"]["uid"].as_str().into_iter().collect(),
    };
    let mut on_node: VecMap<&str, i64> = VecMap::new();
    for p in super::of(cache, "", "pods", ns).filter(|p| active(p) && controller_uid(*p, flavor.kind).is_some_and(|u| related_rs.contains(&u))) {
        if let Some(node) = p["spec"]["nodeName"].as_str() {
            *on_node.entry(node).or_default() += 1;
        }
    }
    let rank = |p: &Slot| p["spec"]["nodeName"].as_str().and_then(|n| on_node.get(n).copied()).unwrap_or(0);
    let mut ranked: Vec<(DeletionRank<'a>, &'a Slot)> = pods.iter().map(|p| (DeletionRank::of(p, rank(p), now), *p)).collect();
    crate::sort::sort_by(&mut ranked, |a, b| a.0.cmp(&b.0));
    ranked.truncate(n);
    ranked.into_iter().map(|(_, p)| p).collect()
}

/// `ActivePodsWithRanks.Less` with LogarithmicScaleDown (GA): the pod to delete first sorts first.
#[cfg(test)]
fn rank_cmp(a: &Slot, b: &Slot, rank_a: i64, rank_b: i64, now: Time) -> std::cmp::Ordering {
    DeletionRank::of(a, rank_a, now).cmp(&DeletionRank::of(b, rank_b, now))
}

/// What `ActivePodsWithRanks.Less` compares of one pod, read once: a scale-down sorts every
/// active pod, and reading the fields by name in each of the n·log n comparisons was a fifth of
/// scaling 11,000 pods down.
struct DeletionRank<'a> {
    assigned: bool,
    /// Pending (or none) 0 < Unknown 1 < Running 2.
    phase: u8,
    ready: bool,
    cost: i32,
    /// Related pods on the same node (`getPodsRankedByRelatedPodsOnSameNode`).
    doubled_up: i64,
    /// Ready since, with its log2 bucket (`logarithmicRankDiff`).
    ready_since: Option<(Time, i64)>,
    restarts: i64,
    created: Option<(Time, i64)>,
    uid: &'a str,
}

impl<'a> DeletionRank<'a> {
    fn of(p: &'a Slot, doubled_up: i64, now: Time) -> DeletionRank<'a> {
        let phase = match p["status"]["phase"].as_str() {
            Some("Unknown") => 1,
            Some("Running") => 2,
            _ => 0,
        };
        let ready = pod_ready(p);
        let with_rank = |t: Time| (t, log_rank(t, now));
        DeletionRank {
            assigned: !p["spec"]["nodeName"].as_str().unwrap_or_default().is_empty(),
            phase,
            ready,
            cost: p["metadata"]["annotations"]["controller.kubernetes.io/pod-deletion-cost"].as_str().and_then(|c| c.parse::<i32>().ok()).unwrap_or(0),
            doubled_up,
            ready_since: if ready { ready_since(p).map(with_rank) } else { None },
            restarts: p["status"]["containerStatuses"].as_array().map(|cs| cs.iter().filter_map(|c| c["restartCount"].as_i64()).max().unwrap_or(0)).unwrap_or(0),
            created: p["metadata"]["creationTimestamp"].as_str().and_then(Time::from_rfc3339).map(with_rank),
            uid: p["metadata"]["uid"].as_str().unwrap_or_default(),
        }
    }

    /// `ActivePodsWithRanks.Less`, as an ordering (not a total order: equal buckets compare
    /// uids only where upstream does).
    fn cmp(&self, b: &DeletionRank<'_>) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        let a = self;
        // 1. Unassigned < assigned.
        if a.assigned != b.assigned {
            return if a.assigned { Ordering::Greater } else { Ordering::Less };
        }
        // 2. Pending < Unknown < Running.
        if a.phase != b.phase {
            return a.phase.cmp(&b.phase);
        }
        // 3. Not ready < ready.
        if a.ready != b.ready {
            return if a.ready { Ordering::Greater } else { Ordering::Less };
        }
        // 4. Lower pod-deletion-cost first.
        if a.cost != b.cost {
            return a.cost.cmp(&b.cost);
        }
        // 5. Doubled up (more related pods on the node) first.
        if a.doubled_up != b.doubled_up {
            return b.doubled_up.cmp(&a.doubled_up);
        }
        // 6. Ready for less time first, in log2 buckets.
        if a.ready && b.ready && a.ready_since.map(|t| t.0) != b.ready_since.map(|t| t.0) {
            return match (a.ready_since, b.ready_since) {
                (Some((_, x)), Some((_, y))) => x.cmp(&y).then_with(|| a.uid.cmp(b.uid)),
                // afterOrZero: a zero time counts as after.
                (None, _) => Ordering::Less,
                (_, None) => Ordering::Greater,
            };
        }
        // 7. More restarts first.
        if a.restarts != b.restarts {
            return b.restarts.cmp(&a.restarts);
        }
        // 8. Newer first (log2 buckets of age, then uid).
        match (a.created, b.created) {
            (Some((x, rx)), Some((y, ry))) if x != y => rx.cmp(&ry).then_with(|| a.uid.cmp(b.uid)),
            _ => Ordering::Equal,
        }
    }
}

/// `logarithmicRankDiff`'s rank: ⌊log2(age in ns)⌋ (−1 for no age).
fn log_rank(t: Time, now: Time) -> i64 {
    let d = now.millis().saturating_sub(t.millis()) as f64 * 1e6;
    if d > 0.0 { d.log2() as i64 } else { -1 }
}

/// `logarithmicRankDiff`.
#[cfg(test)]
fn log_rank_diff(t1: Time, t2: Time, now: Time) -> i64 {
    log_rank(t1, now) - log_rank(t2, now)
}

/// What `calculateStatus` counts of the claimed pods (the active ones, but `terminating`).
#[derive(Debug, Default)]
struct Counts {
    replicas: usize,
    fully_labeled: usize,
    ready: usize,
    available: usize,
    terminating: usize,
}

/// `calculateStatus` + `updateReplicaSetStatus`: written only when it changed. A sync with no
/// creates to make had no `manageReplicasErr`, so a ReplicaFailure condition goes
/// (`clear_failure`); a sync whose creates fail gets it from the slow-start group
/// (`slowstart.rs`), which alone knows how they went.
fn status_update(flavor: Flavor, rs: &Slot, counts: &Counts, clear_failure: bool) -> Option<Write> {
    let mut status = rs["status"].to_value();
    if !status.is_object() {
        status = json!({});
    }
    status["replicas"] = json!(counts.replicas);
    status["fullyLabeledReplicas"] = json!(counts.fully_labeled);
    status["readyReplicas"] = json!(counts.ready);
    status["availableReplicas"] = json!(counts.available);
    // A ReplicationController's status has no terminatingReplicas.
    if flavor == REPLICA_SET {
        status["terminatingReplicas"] = json!(counts.terminating);
    }
    status["observedGeneration"] = rs["metadata"]["generation"].to_value();
    // `get_mut`: indexing would insert a null `conditions`.
    if clear_failure && let Some(list) = status.get_mut("conditions").and_then(Value::as_array_mut) {
        list.retain(|c| c["type"] != "ReplicaFailure");
    }
    // Zero counts and no conditions are omitted (omitempty), as the API server would return them.
    if let Some(m) = status.as_object_mut() {
        m.retain(|k, v| {
            let zero_count = matches!(k.as_str(), "fullyLabeledReplicas" | "readyReplicas" | "availableReplicas") && *v == json!(0);
            let no_conditions = k == "conditions" && v.as_array().is_some_and(Vec::is_empty);
            !(zero_count || no_conditions)
        });
    }
    if status == rs["status"] {
        return None;
    }
    let mut body = rs.to_value();
    body["status"] = status;
    let mut req = controller_request(flavor.account, Verb::Update, flavor.plural, rs["metadata"]["namespace"].as_str(), rs["metadata"]["name"].as_str()?, body)?;
    req.subresource = Some("status".into());
    Some(Write::now(flavor.account, req))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod(name: &str, node: &str, phase: &str, ready: bool, created_s: u64) -> Value {
        json!({
            "metadata": {"name": name, "uid": name, "creationTimestamp": Time(created_s * 1000).rfc3339()},
            "spec": {"nodeName": node},
            "status": {"phase": phase, "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }, "lastTransitionTime": Time(created_s * 1000).rfc3339()}]}
        })
    }

    /// `controller_utils_test.go` TestSortingActivePodsWithRanks's order: unassigned, Pending,
    /// Unknown, Running not ready, then ready ones, newer before older.
    #[test]
    fn deletion_ranking() {
        let now = Time(100_000_000);
        let unscheduled = pod("a", "", "Pending", false, 10);
        let pending = pod("b", "n1", "Pending", false, 10);
        let unknown = pod("c", "n1", "Unknown", false, 10);
        let not_ready = pod("d", "n1", "Running", false, 10);
        let ready_new = pod("e", "n1", "Running", true, 99_000);
        let ready_old = pod("f", "n1", "Running", true, 10);
        let mut pods = vec![&ready_old, &ready_new, &not_ready, &unknown, &pending, &unscheduled];
        crate::sort::sort_by(&mut pods, |a, b| rank_cmp(&crate::Obj::untyped(a), &crate::Obj::untyped(b), 0, 0, now));
        let names: Vec<&str> = pods.iter().map(|p| p["metadata"]["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["a", "b", "c", "d", "e", "f"]);
        // Doubled up first, among otherwise equal pods.
        assert_eq!(rank_cmp(&crate::Obj::untyped(&ready_old), &crate::Obj::untyped(&ready_old.clone()), 3, 1, now), std::cmp::Ordering::Less);
    }

    #[test]
    fn log_rank_buckets() {
        let now = Time(1_000_000);
        // 1 s and 1.5 s old share a log2(ns) bucket (2^29..2^30 ns is 0.54–1.07 s, 2^30..2^31 1.07–2.1 s).
        assert_eq!(log_rank_diff(Time(now.0 - 1_500), Time(now.0 - 1_900), now), 0);
        assert!(log_rank_diff(Time(now.0 - 500), Time(now.0 - 5_000), now) < 0);
        assert_eq!(log_rank_diff(now, Time(now.0 - 1), now), -1 - ((1e6f64).log2() as i64));
    }
}

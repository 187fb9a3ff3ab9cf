//! kube-controller-manager's node lifecycle controller (upstream
//! `pkg/controller/nodelifecycle/node_lifecycle_controller.go`, with the helpers of
//! `pkg/controller/util/node/controller_utils.go` and `pkg/controller/controller_utils.go`).
//!
//! - `monitorNodeHealth`, every `--node-monitor-period` (5 s), from the informer cache: a node
//!   whose Lease or Ready heartbeat the controller has not seen move for
//!   `--node-monitor-grace-period` (50 s; `--node-startup-grace-period`, 60 s, for a node that
//!   never posted a Ready condition) gets Ready, MemoryPressure, DiskPressure and PIDPressure
//!   set to Unknown (`tryUpdateNodeHealth`: an `UpdateStatus` of the cached copy; on a failure
//!   the node is read again and the update retried, `NodeHealthUpdateRetry` times). When Ready
//!   leaves True the node gets a `NodeNotReady` event and its pods Ready=False
//!   (`MarkPodsNotReady`, a Warning `NodeNotReady` each).
//! - `processTaintBaseEviction` (the pass after the Ready condition changed): a NotReady or
//!   unreachable node is queued in its zone's rate-limited queue, which the NoExecute tainting
//!   pass drains every 100 ms (`doNoExecuteTaintingPass`; `--node-eviction-rate` 0.1 node/s);
//!   a Ready node loses both NoExecute taints (`markNodeAsReachable`).
//! - `doNoScheduleTaintingPass`, on every node event: the NoSchedule taints that mirror the
//!   conditions (`node.kubernetes.io/not-ready`, `unreachable`, the pressure taints) and
//!   `spec.unschedulable`.
//! - `handleDisruption`: a zone with no Ready node stops its evictions; when every zone is
//!   fully disrupted the controller removes the NoExecute taints everywhere.
//!
//! Taints are written as upstream's `SwapNodeControllerTaint` writes them: a GET of the node,
//! then a strategic-merge PATCH of `spec.taints` that carries the resourceVersion it read, so
//! a concurrent change is a 409 and the read-modify-write is retried (`RetryOnConflict`).
//! Upstream sleeps 20 ms (node health) or ~100 ms (taints) between attempts; here they follow
//! at once.

pub mod queue;
mod taints;

use crate::Slot;
use crate::vecmap::{VecMap, VecSet};
use std::sync::Arc;

use serde_json::Value;

use crate::apiserver::{Request, Verb};
use crate::clock::Time;
use crate::store::{EventType, ObjectKey, WatchEvent};
use crate::components::Cache;
use podlife_model::ResourceType;
use queue::{RateLimitedTimedQueue, TokenBucket};

/// `--node-monitor-period`.
pub const NODE_MONITOR_PERIOD_MS: u64 = 5_000;
/// `--node-monitor-grace-period` (50 s since 1.32).
pub const NODE_MONITOR_GRACE_MS: u64 = 50_000;
/// `--node-startup-grace-period`.
pub const NODE_STARTUP_GRACE_MS: u64 = 60_000;
/// `scheduler.NodeEvictionPeriod`: how often the NoExecute tainting pass runs.
pub const NODE_EVICTION_PERIOD_MS: u64 = 100;
/// `scheduler.NodeHealthUpdateRetry`.
const NODE_HEALTH_UPDATE_RETRY: usize = 5;
/// `--node-eviction-rate` 0.1 and `--secondary-node-eviction-rate` 0.01, in thousandths.
const EVICTION_RATE: u32 = 100;
const SECONDARY_EVICTION_RATE: u32 = 10;
/// `--large-cluster-size-threshold`, `--unhealthy-zone-threshold`.
const LARGE_CLUSTER_THRESHOLD: usize = 50;
const UNHEALTHY_ZONE_THRESHOLD: f64 = 0.55;
/// `labelNodeDisruptionExclusion`.
const EXCLUDE_DISRUPTION: &str = "node.kubernetes.io/exclude-disruption";

pub(crate) const SA: &str = "node-controller";
pub(crate) const UNREACHABLE: &str = "node.kubernetes.io/unreachable";
pub(crate) const NOT_READY: &str = "node.kubernetes.io/not-ready";

/// `nodeHealthData`: when the controller last saw the node's health signal move, the Ready
/// condition it saw then, and the Lease renew time it saw.
#[derive(Debug, Clone, Default)]
pub struct NodeHealth {
    pub probe_timestamp: Time,
    pub ready_transition: Time,
    pub ready: Option<Value>,
    pub lease: Option<String>,
}

/// `ZoneState`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ZoneState {
    Initial,
    Normal,
    FullDisruption,
    PartialDisruption,
}

/// The controller's memory (a new process forgets it: `reset`).
#[derive(Debug, Clone, Default)]
pub struct State {
    // Boxed values: every VecMap<String, Box<_>> shares one copy of the map's code (the worker's size, see ARCHITECTURE.md).
    health: VecMap<String, Box<NodeHealth>>,
    /// `knownNodeSet`: name → uid.
    known: VecMap<String, String>,
    zone_states: VecMap<String, ZoneState>,
    /// `zoneNoExecuteTainter`.
    tainters: VecMap<String, RateLimitedTimedQueue>,
    /// `nodesToRetry`.
    retry: VecSet<String>,
    /// `nodeUpdateQueue`: nodes waiting for the NoSchedule tainting pass.
    node_queue: VecSet<String>,
    /// When the NoExecute tainting pass is next scheduled.
    pass_at: Option<Time>,
    /// When this controller started: its 100 ms ticker counts from there.
    started: Time,
    recorder: crate::record::Recorder,
}

impl State {
    /// The nodes registered before the learner arrived: the controller knows them already (no
    /// `RegisteredNode` event for them).
    pub fn seed_known(&mut self, nodes: impl IntoIterator<Item = (String, String)>) {
        self.known.extend(nodes);
    }

    /// The quiet hour before a script (`cluster::system_pods`): every time the controller
    /// remembers moves forward by `ms`, and the Lease renew time it saw is read again
    /// (`renew_time`: a node's Lease's `spec.renewTime` now).
    pub fn shift(&mut self, ms: u64, renew_time: impl Fn(&str) -> Option<String>) {
        for (node, h) in &mut self.health {
            h.probe_timestamp = h.probe_timestamp.plus_millis(ms);
            h.ready_transition = h.ready_transition.plus_millis(ms);
            // A pass in the stretch would have seen the Lease renewed (even one that forgot
            // it when the Node's own heartbeat moved) and remembered it.
            if let Some(renew) = renew_time(node) {
                h.lease = Some(renew);
            }
        }
        self.pass_at = self.pass_at.map(|t| t.plus_millis(ms));
        self.started = self.started.plus_millis(ms);
    }

    /// A restarted kube-controller-manager: nothing remembered, its tickers start now.
    pub fn reset(&mut self, now: Time) {
        *self = State { started: now, ..State::default() };
    }
}

/// A queued piece of the controller's work.
#[derive(Debug, Clone)]
pub enum Work {
    /// `monitorNodeHealth`, every `--node-monitor-period`.
    Monitor,
    /// `doNoScheduleTaintingPass` for a node from `nodeUpdateQueue`.
    NoSchedule { node: String },
    /// `doNoExecuteTaintingPass`.
    NoExecutePass,
    /// `processPod` for a pod newly bound to a node.
    Pod { namespace: String, name: String },
}

type Cx<'a> = crate::component::Cx<'a, Work>;

fn s(v: &Slot) -> &str {
    v.as_str().unwrap_or_default()
}

/// `GetNodeCondition`.
pub(crate) fn condition<'a>(node: &'a Slot, kind: &str) -> Option<&'a Slot> {
    node["status"]["conditions"].as_array()?.iter().find(|c| c["type"] == kind)
}

/// `nodetopology.GetZoneKey`: region and zone (the beta labels as a fallback), "" without.
pub(crate) fn zone_key(node: &Slot) -> String {
    let labels = &node["metadata"]["labels"];
    let pick = |ga: &str, beta: &str| labels[ga].as_str().or(labels[beta].as_str()).unwrap_or_default().to_string();
    let zone = pick("topology.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/zone");
    let region = pick("topology.kubernetes.io/region", "failure-domain.beta.kubernetes.io/region");
    if region.is_empty() && zone.is_empty() {
        return String::new();
    }
    format!("{region}:\u{0}:{zone}")
}

/// A request from the node controller's client (`ClientOrDie("node-controller")`).
pub(crate) fn request(verb: Verb, plural: &str, namespace: Option<&str>, name: &str, body: Value) -> Option<Request> {
    let mut r = super::controller_request(SA, verb, plural, namespace, name, body)?;
    if verb == Verb::Get {
        r.body = None;
    }
    Some(r)
}

/// The cached objects the controller reads.
fn cached<'a>(cache: &'a crate::components::Cache, plural: &str, namespace: Option<&str>, name: &str) -> Option<&'a Arc<crate::Obj>> {
    let rt = ResourceType::resolve(plural)?;
    cache.get(&ObjectKey::new(rt, namespace, name))
}

fn cached_nodes(cache: &crate::components::Cache) -> Vec<Arc<crate::Obj>> {
    crate::components::cached(cache, "", "nodes").map(|(_, v)| v.clone()).collect()
}

/// `getPodsAssignedToNode`, from the informer cache.
pub(crate) fn pods_on_node(cache: &crate::components::Cache, node: &str) -> Vec<Arc<crate::Obj>> {
    crate::components::cached(cache, "", "pods").filter(|(_, p)| p["spec"]["nodeName"] == node).map(|(_, p)| p.clone()).collect()
}

/// A Node reference as `RecordNodeEvent` / `RecordNodeStatusChange` build it.
fn node_ref(name: &str, uid: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "Node", "name": name, "uid": uid})
}

impl State {
    /// Would the next `monitorNodeHealth` pass change nothing while the heartbeats go on (a
    /// quiet stretch, `quiet.rs`)? Every cached node is known, seen Ready with a Lease, free of
    /// the controller's NoExecute taints, its heartbeat steady; every zone Normal; nothing
    /// waits for a retry or a tainting pass.
    pub(crate) fn steady(&self, running: bool, cache: &Cache, mut heartbeat_steady: impl FnMut(&str) -> bool) -> bool {
        if !running {
            return true;
        }
        let st = self;
        if !st.retry.is_empty() || !st.node_queue.is_empty() || st.tainters.values().any(|q| !q.is_empty()) || st.zone_states.values().any(|z| *z != ZoneState::Normal) {
            return false;
        }
        let nodes = cached_nodes(cache);
        nodes.len() == st.known.len()
            && nodes.iter().all(|n| {
                let name = s(&n["metadata"]["name"]);
                st.known.contains_key(name)
                    // A Lease forgotten when the Node's heartbeat moved is seen again at the next
                    // renewal (`tryUpdateNodeHealth`): steady when the informer holds one.
                    && st.health.get(name).is_some_and(|h| (h.lease.is_some() || cached(cache, "leases", Some("kube-node-lease"), name).is_some()) && h.ready.as_ref().is_some_and(|r| r["status"] == "True"))
                    && condition(n, "Ready").is_some_and(|c| c["status"] == "True")
                    && !taints::has_taint(n, UNREACHABLE, "NoExecute")
                    && !taints::has_taint(n, NOT_READY, "NoExecute")
                    && heartbeat_steady(name)
            })
    }

    /// One `monitorNodeHealth` pass; the next one in 5 s.
    fn monitor(&mut self, cx: &mut Cx<'_>) {
        cx.after(cx.now().plus_millis(NODE_MONITOR_PERIOD_MS), Work::Monitor);
        if !cx.running() {
            return;
        }
        let nodes = cached_nodes(cx.cache());
        let now = cx.now();
        // classifyNodes.
        let names: VecSet<&str> = VecSet::from_iter(nodes.iter().map(|n| s(&n["metadata"]["name"])));
        let added: Vec<Arc<crate::Obj>> = nodes.iter().filter(|n| !self.known.contains_key(s(&n["metadata"]["name"]))).cloned().collect();
        let deleted: Vec<(String, String)> = self.known.iter().filter(|(n, _)| !names.contains(n.as_str())).map(|(n, u)| (n.clone(), u.clone())).collect();
        let known: Vec<Arc<crate::Obj>> = nodes.iter().filter(|n| self.known.contains_key(s(&n["metadata"]["name"]))).cloned().collect();
        for n in &known {
            self.add_zone(n);
        }
        for n in &added {
            let (name, uid) = (s(&n["metadata"]["name"]).to_string(), s(&n["metadata"]["uid"]).to_string());
            self.event(cx, node_ref(&name, &uid), "Normal", "RegisteredNode", &format!("Node {name} event: Registered Node {name} in Controller"));
            self.known.insert(name, uid);
            self.add_zone(n);
            self.mark_node_as_reachable(cx, n);
        }
        for (name, uid) in deleted {
            self.event(cx, node_ref(&name, &uid), "Normal", "RemovingNode", &format!("Node {name} event: Removing Node {name} from Controller"));
            self.known.remove(&name);
            self.health.remove(&name);
        }
        let mut zone_conditions: VecMap<String, Vec<Option<String>>> = VecMap::new();
        for cached in &nodes {
            // Copied only when the controller changes it (most passes change nothing).
            let mut node: std::borrow::Cow<crate::Obj> = std::borrow::Cow::Borrowed(&**cached);
            let name = s(&node["metadata"]["name"]).to_string();
            let mut outcome = None;
            for _ in 0..NODE_HEALTH_UPDATE_RETRY {
                match self.try_update_node_health(cx, &mut node) {
                    Ok(o) => {
                        outcome = Some(o);
                        break;
                    }
                    // "Failed while getting a Node to retry updating node health": skipped.
                    Err(_) => match request(Verb::Get, "nodes", None, &name, Value::Null).map(|r| cx.request(r)) {
                        Some(Ok(crate::Response::Object(fresh))) => node = std::borrow::Cow::Owned(crate::Obj::untyped(&fresh)),
                        _ => break,
                    },
                }
            }
            // "Update health of Node from Controller error, Skipping - no pods will be evicted".
            let Some((observed, current)) = outcome else { continue };
            if node["metadata"]["labels"].get(EXCLUDE_DISRUPTION).is_none() {
                zone_conditions.entry(zone_key(&node)).or_default().push(current.as_ref().map(|c| c["status"].as_str().unwrap_or_default().to_string()));
            }
            if let Some(current) = current {
                self.process_taint_base_eviction(cx, &node, &crate::Obj::untyped(&observed));
                let needs_retry = self.retry.contains(&name);
                let was_ready = observed["status"] == "True";
                let transition = current["status"] != "True" && was_ready;
                if transition {
                    let uid = s(&node["metadata"]["uid"]).to_string();
                    self.event(cx, node_ref(&name, &uid), "Normal", "NodeNotReady", &format!("Node {name} status is now: NodeNotReady"));
                }
                if (transition || (needs_retry && !was_ready)) && !self.mark_pods_not_ready(cx, &name) {
                    self.retry.insert(name);
                    continue;
                }
            }
            self.retry.remove(&name);
        }
        self.handle_disruption(cx, &zone_conditions, &nodes, now);
    }

    /// `tryUpdateNodeHealth`: the Ready condition before and after; an error when the status
    /// update failed.
    fn try_update_node_health(&mut self, cx: &mut Cx<'_>, node: &mut std::borrow::Cow<crate::Obj>) -> Result<(Value, Option<Value>), crate::Status> {
        let now = cx.now();
        let name = s(&node["metadata"]["name"]).to_string();
        let created = node["metadata"]["creationTimestamp"].as_str().and_then(Time::from_rfc3339).unwrap_or(Time::ZERO);
        let mut health = self.health.get(&name).map(|h| NodeHealth::clone(h));
        let mut current = condition(node, "Ready").map(Slot::to_value);
        let (observed, grace) = match &current {
            None => {
                // The kubelet never posted a status: a fake Unknown condition dated at creation.
                let created_text = node["metadata"]["creationTimestamp"].to_value();
                let fake = json!({"type": "Ready", "status": "Unknown", "lastHeartbeatTime": created_text, "lastTransitionTime": created_text});
                match health.as_mut() {
                    Some(h) => h.ready = None,
                    None => health = Some(NodeHealth { probe_timestamp: created, ready_transition: created, ready: None, lease: None }),
                }
                (fake, NODE_STARTUP_GRACE_MS)
            }
            Some(c) => (c.clone(), NODE_MONITOR_GRACE_MS),
        };
        let saved = health.as_ref().and_then(|h| h.ready.clone());
        let saved_lease = health.as_ref().and_then(|h| h.lease.clone());
        let fresh = |ready: Option<Value>, transition: Time| NodeHealth { probe_timestamp: now, ready_transition: transition, ready, lease: None };
        let mut health = match (health, &saved, &current) {
            // "Missing timestamp for Node. Assuming now as a timestamp".
            (None, _, _) => fresh(current.clone(), now),
            // A newly observed Ready condition, or one that went missing.
            (Some(_), None, Some(_)) | (Some(_), Some(_), None) => fresh(current.clone(), now),
            (Some(h), Some(sc), Some(cc)) if sc["lastHeartbeatTime"] != cc["lastHeartbeatTime"] => {
                let transition = if sc["lastTransitionTime"] != cc["lastTransitionTime"] { now } else { h.ready_transition };
                fresh(current.clone(), transition)
            }
            (Some(h), _, _) => h,
        };
        // Always update the probe time when the Lease was renewed.
        let observed_lease = cached(cx.cache(), "leases", Some("kube-node-lease"), &name).and_then(|l| l["spec"]["renewTime"].as_str().map(str::to_string));
        if let Some(renew) = &observed_lease
            && saved_lease.as_ref().is_none_or(|saved| saved < renew)
        {
            health.lease = Some(renew.clone());
            health.probe_timestamp = now;
        }
        // Past the grace period every condition goes Unknown; a node whose conditions all
        // are already (the usual pass over a node that stays down) is left as it is, without
        // copying it (the copy would equal it, and the Ready condition would be the one seen).
        const CONDITIONS: [&str; 4] = ["Ready", "MemoryPressure", "DiskPressure", "PIDPressure"];
        let all_unknown = || CONDITIONS.iter().all(|kind| condition(node, kind).is_some_and(|c| c["status"] == "Unknown"));
        if now.millis() > health.probe_timestamp.millis().saturating_add(grace) && !all_unknown() {
            let stamp = json!(now.rfc3339());
            let mut updated = node.to_value();
            let mut conditions = updated["status"]["conditions"].as_array().cloned().unwrap_or_default();
            for kind in CONDITIONS {
                match conditions.iter_mut().find(|c| c["type"] == kind) {
                    None => conditions.push(json!({"type": kind, "status": "Unknown", "lastHeartbeatTime": updated["metadata"]["creationTimestamp"],
                        "lastTransitionTime": stamp, "reason": "NodeStatusNeverUpdated", "message": "Kubelet never posted node status."})),
                    Some(c) if c["status"] != "Unknown" => {
                        c["status"] = json!("Unknown");
                        c["reason"] = json!("NodeStatusUnknown");
                        c["message"] = json!("Kubelet stopped posting node status.");
                        c["lastTransitionTime"] = stamp.clone();
                    }
                    Some(_) => {}
                }
            }
            updated["status"]["conditions"] = json!(conditions);
            current = updated["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "Ready")).cloned();
            *node = std::borrow::Cow::Owned(crate::Obj::untyped(&updated));
            if current.as_ref() != Some(&observed) {
                let Some(mut r) = request(Verb::Update, "nodes", None, &name, updated) else { return Ok((observed, current)) };
                r.subresource = Some("status".into());
                match cx.request(r) {
                    Ok(_) => {
                        health = NodeHealth { probe_timestamp: health.probe_timestamp, ready_transition: now, ready: current.clone(), lease: observed_lease };
                    }
                    Err(e) => {
                        self.health.insert(name, Box::new(health));
                        return Err(e);
                    }
                }
            }
        }
        self.health.insert(name, Box::new(health));
        Ok((observed, current))
    }

    /// `MarkPodsNotReady` for the pods the cache has on `node`; false when an update failed.
    fn mark_pods_not_ready(&mut self, cx: &mut Cx<'_>, node: &str) -> bool {
        let pods = pods_on_node(cx.cache(), node);
        let mut ok = true;
        for pod in pods {
            ok &= self.mark_pod_not_ready(cx, &pod);
        }
        ok
    }

    /// One pod of `MarkPodsNotReady`: its Ready condition False (`UpdatePodCondition`), an
    /// `UpdateStatus` of the cached copy, then the Warning event.
    fn mark_pod_not_ready(&mut self, cx: &mut Cx<'_>, pod: &Slot) -> bool {
        let mut updated = pod.to_value();
        let now = cx.now().rfc3339();
        let Some(ready) = updated["status"]["conditions"].as_array_mut().and_then(|cs| cs.iter_mut().find(|c| c["type"] == "Ready")) else { return true };
        if ready["status"] == "False" {
            return true;
        }
        ready["status"] = json!("False");
        ready["lastTransitionTime"] = json!(now);
        let (ns, name) = (s(&pod["metadata"]["namespace"]).to_string(), s(&pod["metadata"]["name"]).to_string());
        let Some(mut r) = request(Verb::Update, "pods", Some(&ns), &name, updated) else { return true };
        r.subresource = Some("status".into());
        let ok = match cx.request(r) {
            Ok(_) => true,
            // The pod is gone: nothing left to do for it.
            Err(e) if e.code() == 404 => return true,
            Err(_) => false,
        };
        let involved = crate::record::Involved { kind: "Pod", api_version: "v1", object: pod, field_path: None }.reference();
        self.event(cx, involved, "Warning", "NodeNotReady", "Node is not ready");
        ok
    }

    /// `processTaintBaseEviction`, by the Ready condition seen before this pass.
    fn process_taint_base_eviction(&mut self, cx: &mut Cx<'_>, node: &Slot, observed: &Slot) {
        match s(&observed["status"]) {
            "False" => {
                if taints::has_taint(node, UNREACHABLE, "NoExecute") {
                    // "Failed to instantly swap UnreachableTaint to NotReadyTaint. Will try again in the next cycle".
                    self.swap_node_controller_taint(cx, node, &[(NOT_READY, "NoExecute")], &[(UNREACHABLE, "NoExecute")]);
                } else {
                    self.mark_node_for_tainting(cx, node, "False");
                }
            }
            "Unknown" => {
                if taints::has_taint(node, NOT_READY, "NoExecute") {
                    self.swap_node_controller_taint(cx, node, &[(UNREACHABLE, "NoExecute")], &[(NOT_READY, "NoExecute")]);
                } else {
                    self.mark_node_for_tainting(cx, node, "Unknown");
                }
            }
            "True" => {
                self.mark_node_as_reachable(cx, node);
            }
            _ => {}
        }
    }

    /// `addPodEvictorForNewZone`.
    fn add_zone(&mut self, node: &Slot) {
        let zone = zone_key(node);
        if !self.zone_states.contains_key(&zone) {
            self.zone_states.insert(zone.clone(), ZoneState::Initial);
            // A new token bucket starts full.
            self.tainters.insert(zone, RateLimitedTimedQueue::new(TokenBucket::new(EVICTION_RATE)));
        }
    }

    /// `markNodeForTainting`: into its zone's queue (again, if the taint it needs is missing).
    fn mark_node_for_tainting(&mut self, cx: &mut Cx<'_>, node: &Slot, status: &str) {
        let name = s(&node["metadata"]["name"]).to_string();
        let uid = s(&node["metadata"]["uid"]).to_string();
        let missing = match status {
            "False" => !taints::has_taint(node, NOT_READY, "NoExecute"),
            _ => !taints::has_taint(node, UNREACHABLE, "NoExecute"),
        };
        let now = cx.now();
        let Some(q) = self.tainters.get_mut(&zone_key(node)) else { return };
        if missing {
            q.remove(&name);
        }
        if q.add(&name, &uid, now) {
            self.schedule_noexecute_pass(cx);
        }
    }

    /// `markNodeAsReachable`: both NoExecute taints off, out of the tainting queue.
    fn mark_node_as_reachable(&mut self, cx: &mut Cx<'_>, node: &Slot) {
        let name = s(&node["metadata"]["name"]).to_string();
        if !self.remove_taint_off_node(cx, &name, Some(node), &[(UNREACHABLE, "NoExecute")]) || !self.remove_taint_off_node(cx, &name, Some(node), &[(NOT_READY, "NoExecute")]) {
            return;
        }
        if let Some(q) = self.tainters.get_mut(&zone_key(node)) {
            q.remove(&name);
        }
    }

    /// `handleDisruption`: each zone's state from its nodes' Ready conditions, and the
    /// eviction rate that goes with it.
    fn handle_disruption(&mut self, cx: &mut Cx<'_>, zone_conditions: &VecMap<String, Vec<Option<String>>>, nodes: &[Arc<crate::Obj>], now: Time) {
        let mut new_states: VecMap<String, ZoneState> = VecMap::new();
        let mut all_fully_disrupted = true;
        for (zone, conds) in zone_conditions {
            let state = compute_zone_state(conds);
            if state != ZoneState::FullDisruption {
                all_fully_disrupted = false;
            }
            new_states.insert(zone.clone(), state);
            self.zone_states.entry(zone.clone()).or_insert(ZoneState::Initial);
        }
        let mut all_was_fully_disrupted = true;
        let zones: Vec<(String, ZoneState)> = self.zone_states.iter().map(|(k, v)| (k.clone(), *v)).collect();
        for (zone, state) in zones {
            if !zone_conditions.contains_key(&zone) {
                self.zone_states.remove(&zone);
                continue;
            }
            if state != ZoneState::FullDisruption {
                all_was_fully_disrupted = false;
                break;
            }
        }
        if all_fully_disrupted && all_was_fully_disrupted {
            return;
        }
        if all_fully_disrupted {
            // "Controller detected that all Nodes are not-Ready. Entering master disruption mode".
            for n in nodes {
                self.mark_node_as_reachable(cx, n);
            }
            for q in self.tainters.values_mut() {
                q.swap_limiter(0, now);
            }
            for state in self.zone_states.values_mut() {
                *state = ZoneState::FullDisruption;
            }
            return;
        }
        if all_was_fully_disrupted {
            // "Controller detected that some Nodes are Ready. Exiting master disruption mode".
            for h in self.health.values_mut() {
                h.probe_timestamp = now;
                h.ready_transition = now;
            }
            let zones: Vec<String> = self.zone_states.keys().cloned().collect();
            for zone in zones {
                let state = new_states.get(&zone).copied().unwrap_or(ZoneState::Normal);
                self.set_limiter_in_zone(cx, &zone, zone_conditions.get(&zone).map_or(0, Vec::len), state);
                self.zone_states.insert(zone, state);
            }
            return;
        }
        let zones: Vec<(String, ZoneState)> = self.zone_states.iter().map(|(k, v)| (k.clone(), *v)).collect();
        for (zone, state) in zones {
            let new = new_states.get(&zone).copied().unwrap_or(state);
            if new == state {
                continue;
            }
            self.set_limiter_in_zone(cx, &zone, zone_conditions.get(&zone).map_or(0, Vec::len), new);
            self.zone_states.insert(zone, new);
        }
    }

    /// `setLimiterInZone`.
    fn set_limiter_in_zone(&mut self, cx: &mut Cx<'_>, zone: &str, size: usize, state: ZoneState) {
        let rate = match state {
            ZoneState::Normal | ZoneState::FullDisruption => EVICTION_RATE,
            // `ReducedQPSFunc`: large zones slow down, small ones stop.
            ZoneState::PartialDisruption if size > LARGE_CLUSTER_THRESHOLD => SECONDARY_EVICTION_RATE,
            ZoneState::PartialDisruption => 0,
            ZoneState::Initial => return,
        };
        let now = cx.now();
        if let Some(q) = self.tainters.get_mut(zone) {
            q.swap_limiter(rate, now);
        }
        self.schedule_noexecute_pass(cx);
    }

    /// The controllers' reaction to a delivery to kube-controller-manager: node events queue
    /// the NoSchedule pass, a pod newly bound to a node is checked (`podUpdated`).
    pub(crate) fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&Slot>) {
        match (event.key.group, event.key.resource) {
            ("", "nodes") if event.event_type != EventType::Deleted && self.node_queue.insert(event.key.name.clone()) => {
                let at = cx.now().plus_millis(1);
                cx.after(at, Work::NoSchedule { node: event.key.name.clone() });
            }
            ("", "pods") if event.event_type != EventType::Deleted => {
                let node = s(&event.object["spec"]["nodeName"]);
                if !node.is_empty() && old.is_none_or(|o| o["spec"]["nodeName"] != node) {
                    let work = Work::Pod { namespace: event.key.namespace.clone(), name: event.key.name.clone() };
                    cx.after(cx.now().plus_millis(1), work);
                }
            }
            _ => {}
        }
    }

    /// A queued piece of work.
    #[inline(never)]
    pub(crate) fn on_timer(&mut self, cx: &mut Cx<'_>, work: Work) {
        match work {
            Work::Monitor => self.monitor(cx),
            Work::NoSchedule { node } => {
                self.node_queue.remove(&node);
                if cx.running() {
                    self.no_schedule_tainting_pass(cx, &node);
                }
            }
            Work::NoExecutePass => {
                // A pass queued by a process that restarted since, or superseded, is not run.
                if self.pass_at != Some(cx.now()) {
                    return;
                }
                self.pass_at = None;
                if cx.running() {
                    self.no_execute_tainting_pass(cx);
                }
            }
            Work::Pod { namespace, name } => {
                if !cx.running() {
                    return;
                }
                // processPod: a pod on a node whose last seen Ready condition is not True.
                let Some(pod) = cached(cx.cache(), "pods", Some(&namespace), &name).cloned() else { return };
                let node = s(&pod["spec"]["nodeName"]).to_string();
                let ready = self.health.get(&node).and_then(|h| h.ready.clone());
                if cached(cx.cache(), "nodes", None, &node).is_none() {
                    return;
                }
                if let Some(ready) = ready
                    && ready["status"] != "True"
                {
                    self.mark_pod_not_ready(cx, &pod);
                }
            }
        }
    }

    /// An event from the node controller's recorder (`source.component: node-controller`).
    fn event(&mut self, cx: &mut Cx<'_>, reference: Value, kind: &str, reason: &str, message: &str) {
        let client = |verb, plural: &str, ns: Option<&str>, name: &str, body| super::controller_request(SA, verb, plural, ns, name, body);
        let now = cx.now();
        crate::record::event_via(&mut self.recorder, &client, "node-controller", reference, (kind, reason, message), now, &mut |r| cx.request(r));
    }
}

/// `ComputeZoneState`: no Ready node is a full disruption; at least 3 not-Ready nodes that are
/// 55 % of the zone or more, a partial one.
fn compute_zone_state(conditions: &[Option<String>]) -> ZoneState {
    let ready = conditions.iter().filter(|c| c.as_deref() == Some("True")).count();
    let not_ready = conditions.len() - ready;
    if ready == 0 && not_ready > 0 {
        ZoneState::FullDisruption
    } else if not_ready > 2 && not_ready as f64 / (not_ready + ready) as f64 >= UNHEALTHY_ZONE_THRESHOLD {
        ZoneState::PartialDisruption
    } else {
        ZoneState::Normal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `TestComputeZoneState`-style cases.
    #[test]
    fn zone_states() {
        let t = || Some("True".to_string());
        let u = || Some("Unknown".to_string());
        assert_eq!(compute_zone_state(&[t(), u(), t()]), ZoneState::Normal);
        assert_eq!(compute_zone_state(&[u(), None]), ZoneState::FullDisruption);
        assert_eq!(compute_zone_state(&[u(), u(), u(), t()]), ZoneState::PartialDisruption);
        assert_eq!(compute_zone_state(&[u(), u(), t()]), ZoneState::Normal);
    }

    #[test]
    fn zone_keys() {
        assert_eq!(zone_key(&crate::Obj::untyped(&json!({"metadata": {"labels": {}}}))), "");
        let n = json!({"metadata": {"labels": {"topology.kubernetes.io/zone": "a", "topology.kubernetes.io/region": "r"}}});
        assert_eq!(zone_key(&crate::Obj::untyped(&n)), "r:\u{0}:a");
        let beta = json!({"metadata": {"labels": {"failure-domain.beta.kubernetes.io/zone": "b"}}});
        assert_eq!(zone_key(&crate::Obj::untyped(&beta)), ":\u{0}:b");
    }
}

//! kube-scheduler: the scheduling queue, one scheduling cycle per pod through the default
//! profile's extension points, and the binding cycle — each step a reaction in the trace
//! carrying the node × plugin table a learner reads. Upstream: `pkg/scheduler/schedule_one.go`,
//! `pkg/scheduler/framework/runtime/framework.go`, `pkg/scheduler/framework/types.go`.

pub mod config;
pub mod framework;
mod hints;
pub mod plugins;
pub mod preemption;
pub mod queue;

use crate::Slot;
use std::collections::BTreeMap;
use crate::vecmap::VecMap;

use serde_json::Value;

use crate::apiserver::authn::UserInfo;
use crate::apiserver::request::{Request, Response, Verb};
use crate::clock::Time;
use crate::store::{EventType, WatchEvent};
use crate::trace::{Action, FilterRow, ObjectRef, Params, ScoreColumn, Table, Verdict};
use framework::{Code, MAX_NODE_SCORE, NodeInfo, PodInfo, Status};
use podlife_model::ResourceType;
use queue::SchedulingQueue;

pub const SCHEDULER_NAME: &str = "default-scheduler";
/// The user agent of kube-scheduler's client.
const SCHEDULER_USER_AGENT: &str = "kube-scheduler/v1.36.0 (linux/amd64) kubernetes/$Format/scheduler";
pub const COMPONENT: &str = "kube-scheduler";
/// The most nodes a cycle's filter and score tables list in the trace (the rest are counted).
pub const TABLE_ROWS: usize = 100;

/// VolumeBinding's `bindTimeoutSeconds` default: how long PreBind waits for claims.
pub const BIND_TIMEOUT_MS: u64 = 600_000;

/// client-go's event broadcaster: `finishTime` and `refreshTime`.
pub const EVENT_FINISH_MS: u64 = 6 * 60 * 1000;
pub const EVENT_REFRESH_MS: u64 = 30 * 60 * 1000;

/// Virtual time one scheduling cycle takes.
pub const CYCLE_MS: u64 = 1;

/// The timers kube-scheduler sets itself.
#[derive(Debug, Clone)]
pub(crate) enum Timer {
    /// One scheduling cycle.
    ScheduleOne,
    /// Pods whose backoff expired move to activeQ.
    FlushBackoff,
    /// The 30-second flush of pods parked for 5 minutes.
    FlushUnschedulable,
    /// VolumeBinding's PreBind checks (every second) whether the PV controller bound the
    /// pod's claims.
    PreBindPoll { key: String, node: String, deadline: Time },
    /// The event broadcaster: finished series are written and forgotten (every 6 min),
    /// running series are written (every 30 min).
    EventSeriesFinish,
    EventSeriesRefresh,
}

type Cx<'a> = crate::component::Cx<'a, Timer>;

/// An event series being counted (client-go's event broadcaster cache): the event as last
/// written, and its count.
#[derive(Debug, Clone)]
pub(crate) struct EventSeries {
    /// The stored event, as the API server answered its last write (None: it was refused).
    pub event: Option<Value>,
    pub namespace: String,
    pub name: String,
    /// 1 while the event is a singleton; 2 and more once it is a series.
    pub count: u64,
    pub first: Time,
    pub last_observed: Time,
}

/// The event broadcaster's cache of series, by key. One sorted vector per shard (a key's shard
/// by its FNV-1a hash): a cycle's `Scheduled` event adds a key, and one sorted vector of every
/// key shifted half of itself per insert (quadratic at 100,000 pods); the passes over all keys
/// go in key order, as one map's would.
#[derive(Debug, Clone)]
pub(crate) struct EventCache {
    shards: Vec<VecMap<String, Box<EventSeries>>>,
}

const EVENT_CACHE_SHARDS: u32 = 64;

impl Default for EventCache {
    fn default() -> EventCache {
        EventCache { shards: (0..EVENT_CACHE_SHARDS).map(|_| VecMap::new()).collect() }
    }
}

impl EventCache {
    fn shard(key: &str) -> usize {
        let hash = key.bytes().fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
        (hash % EVENT_CACHE_SHARDS) as usize
    }

    fn get(&self, key: &str) -> Option<&EventSeries> {
        self.shards[Self::shard(key)].get(key).map(|b| &**b)
    }

    fn get_mut(&mut self, key: &str) -> Option<&mut EventSeries> {
        self.shards[Self::shard(key)].get_mut(key).map(|b| &mut **b)
    }

    fn insert(&mut self, key: String, series: EventSeries) {
        let shard = Self::shard(&key);
        self.shards[shard].insert(key, Box::new(series));
    }

    fn remove(&mut self, key: &str) {
        self.shards[Self::shard(key)].remove(key);
    }

    /// Forgets every series (the start-up's events expired).
    pub(crate) fn clear(&mut self) {
        self.shards.iter_mut().for_each(VecMap::clear);
    }

    fn values(&self) -> impl Iterator<Item = &EventSeries> {
        self.shards.iter().flat_map(|s| s.values().map(|b| &**b))
    }

    /// The keys of the series `pick` takes, in key order.
    fn keys_where(&self, pick: impl Fn(&EventSeries) -> bool) -> Vec<String> {
        let mut keys: Vec<String> = self.shards.iter().flat_map(|s| s.iter().filter(|(_, e)| pick(e)).map(|(k, _)| k.clone())).collect();
        crate::sort::sort(&mut keys);
        keys
    }
}

/// kube-scheduler's process: its node snapshot, queue and rotation index, its configuration
/// and its event broadcaster's cache.
#[derive(Debug, Clone, Default)]
pub struct KubeScheduler {
    pub nodes: VecMap<String, NodeInfo>,
    pub queue: SchedulingQueue,
    pub next_start_node_index: usize,
    /// The KubeSchedulerConfiguration it runs with (`podlife scheduler config`).
    pub config: config::SchedulerConfig,
    pub cycle_pending: bool,
    pub last_attempt: VecMap<String, Time>,
    /// Cluster-wide facts for scoring, rebuilt when nodes change.
    pub view: framework::ClusterView,
    pub view_dirty: bool,
    /// Pending pods with `status.nominatedNodeName` (their resources are held on that node).
    pub nominated: VecMap<String, PodInfo>,
    /// Namespace labels, for pod (anti-)affinity terms with a `namespaceSelector`.
    pub namespace_labels: plugins::inter_pod_affinity::NamespaceLabels,
    /// VolumeBinding's assume cache of PersistentVolumes.
    pub assumed_volumes: plugins::volume_binding::AssumedVolumes,
    /// Pods assumed on a node (in their binding cycle) and not yet seen bound
    /// (`Cache.IsAssumedPod`).
    pub assumed_pods: crate::vecmap::VecSet<String>,
    /// The event broadcaster's cache of series (by action, reason, pod and note).
    // Boxed values: every VecMap<String, Box<_>> shares one copy of the map's code (the worker's size, see ARCHITECTURE.md).
    pub(crate) event_series: EventCache,
    /// A `FlushUnschedulable` timer is queued: upstream's 30-second loop is one goroutine, so
    /// a thousand failures in one window queue one flush, not a thousand (each a pass over
    /// every parked pod).
    pub unschedulable_flush_queued: bool,
}

/// Why a cycle found no node: the FailedScheduling text, the plugins that rejected the pod,
/// and the node preemption nominated, if any.
struct Failure {
    message: String,
    rejectors: crate::vecmap::VecSet<String>,
    nominate: Option<String>,
}

/// The node as filters see it for `pod`: with the resources of higher-priority pods
/// nominated to it (`RunFilterPluginsWithNominatedPods`).
fn with_nominated<'a>(ni: &'a NodeInfo, nominated: &[PodInfo]) -> std::borrow::Cow<'a, NodeInfo> {
    let mut here = nominated.iter().filter(|p| p.nominated_node == ni.name).peekable();
    if here.peek().is_none() {
        return std::borrow::Cow::Borrowed(ni);
    }
    let mut trial = ni.clone();
    for p in here {
        trial.add_pod(p.clone());
    }
    std::borrow::Cow::Owned(trial)
}

/// The trace's reference to a pod.
fn pod_ref(pod: &PodInfo) -> ObjectRef {
    ObjectRef::new("Pod", Some(&pod.namespace), &pod.name)
}

fn pod_key(ns: &str, name: &str) -> String {
    format!("{ns}/{name}")
}

/// `numFeasibleNodesToFind`: the profile's `percentageOfNodesToScore`, else the global one;
/// 0 is adaptive.
pub fn num_feasible_nodes_to_find(num_all_nodes: usize, percentage: i64) -> usize {
    const MIN_FEASIBLE_NODES_TO_FIND: usize = 100;
    const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND: i64 = 5;
    if num_all_nodes < MIN_FEASIBLE_NODES_TO_FIND {
        return num_all_nodes;
    }
    let percentage = if percentage != 0 { percentage } else { (50 - num_all_nodes as i64 / 125).max(MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) };
    let num = num_all_nodes * percentage as usize / 100;
    num.max(MIN_FEASIBLE_NODES_TO_FIND)
}

/// `responsibleForPod`: unassigned, not terminating or finished, and named for one of the
/// profiles (a pod for another scheduler is never queued, nor told anything).
fn responsible_for(pod: &Slot, config: &config::SchedulerConfig) -> bool {
    pod["spec"]["nodeName"].as_str().is_none_or(str::is_empty)
        && config.profile(pod["spec"]["schedulerName"].as_str().unwrap_or(SCHEDULER_NAME)).is_some()
        && pod["metadata"]["deletionTimestamp"].is_null()
        && !matches!(pod["status"]["phase"].as_str(), Some("Succeeded" | "Failed"))
}

/// Whether an update changed anything but status and bookkeeping (`isPodUpdated`): the
/// objects compared without `status` and metadata's `resourceVersion`, `managedFields` and
/// `generation` (read in place, nothing copied).
fn pod_spec_changed(old: &Slot, new: &Slot) -> bool {
    /// Equal JSON, but for the members `skip` names (objects only; anything else whole).
    fn same_but(a: &Slot, b: &Slot, skip: &dyn Fn(&str) -> bool) -> bool {
        let (Some(x), Some(y)) = (a.as_object(), b.as_object()) else { return a == b };
        let (mut x, mut y) = (x.filter(|(k, _)| !skip(k)), y.filter(|(k, _)| !skip(k)));
        loop {
            match (x.next(), y.next()) {
                (None, None) => return true,
                (Some((ka, va)), Some((kb, vb))) if ka == kb && va == vb => {}
                _ => return false,
            }
        }
    }
    if !old.is_object() || !new.is_object() {
        return old != new;
    }
    // A missing `metadata` reads as null, as `v["metadata"]` on a mutable `Value` made it.
    !(same_but(old, new, &|k| k == "status" || k == "metadata")
        && same_but(&old["metadata"], &new["metadata"], &|k| matches!(k, "resourceVersion" | "managedFields" | "generation")))
}

/// A pre-check over a parked pod and the plugins that rejected it.
type Concerns<'a> = dyn Fn(&Slot, &crate::vecmap::VecSet<String>) -> bool + 'a;

impl KubeScheduler {
    /// The scheduler's informer delivered a change (its cache already holds the new state).
    fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&Slot>) {
        let now = cx.now();
        match event.key.resource {
            "nodes" => {
                self.view_dirty = true;
                let name = event.key.name.clone();
                match event.event_type {
                    EventType::Deleted => {
                        self.nodes.remove(&name);
                    }
                    _ => {
                        match self.nodes.get_mut(&name) {
                            Some(ni) => ni.update_node(&event.object),
                            None => {
                                self.nodes.insert(name.clone(), NodeInfo::new(&event.object));
                            }
                        }
                        // NodeAdd / NodeUpdate: ask each parked pod's rejecting plugins (the
                        // hints read the node's own fields, never its pods).
                        let new_node = self.nodes.get(&name).filter(|_| self.queue.has_parked()).map(NodeInfo::without_pods);
                        if let Some(new_node) = new_node {
                            let old_node = old.filter(|_| event.event_type == EventType::Modified).map(NodeInfo::new);
                            self.requeue_parked(cx, now, |pod, plugin| hints::node_event(plugin, pod, old_node.as_ref(), &new_node));
                        }
                    }
                }
            }
            // VolumeBinding / VolumeRestrictions: a claim the pod uses appeared or changed.
            "persistentvolumeclaims" if event.event_type != EventType::Deleted => {
                let (ns, claim) = (event.key.namespace.clone(), event.key.name.clone());
                let added = event.event_type == EventType::Added;
                self.requeue_parked(cx, now, |pod, plugin| {
                    let uses = pod.namespace == ns && plugins::volume_binding::claim_names(pod).any(|c| c == claim);
                    uses && (matches!(plugin, "VolumeBinding" | "VolumeZone") || (plugin == "VolumeRestrictions" && added))
                });
            }
            "persistentvolumes" if event.event_type != EventType::Deleted => {
                self.requeue_parked(cx, now, |_, plugin| matches!(plugin, "VolumeBinding" | "VolumeZone"));
            }
            "storageclasses" if event.event_type != EventType::Deleted => {
                let topology_changed = old.is_none_or(|o| &o["allowedTopologies"] != &event.object["allowedTopologies"]);
                self.requeue_parked(cx, now, |_, plugin| plugin == "VolumeBinding" && topology_changed);
            }
            // No plugin registers Namespace events, so a label change requeues nothing.
            "namespaces" => match event.event_type {
                EventType::Deleted => {
                    self.namespace_labels.remove(&event.key.name);
                }
                _ => {
                    self.namespace_labels.insert(event.key.name.clone(), event.object["metadata"]["labels"].clone());
                }
            },
            "pods" => {
                let pod = &event.object;
                let key = pod_key(&event.key.namespace, &event.key.name);
                let node = pod["spec"]["nodeName"].as_str().unwrap_or_default().to_string();
                // Whatever the pod was, forget its old accounting first.
                let old_node = old.and_then(|o| o["spec"]["nodeName"].as_str()).filter(|n| !n.is_empty()).map(str::to_string);
                let old_requests = match &old_node {
                    Some(n) => self.nodes.get_mut(n).and_then(|ni| ni.remove_pod(&key)),
                    None => {
                        // An assumed pod (bound by this scheduler, not yet observed bound).
                        if let Some(ni) = self.nodes.get_mut(&node) {
                            ni.remove_pod(&key);
                        }
                        None
                    }
                };
                // `updatePodInSchedulingQueue`: the update of a pod in its binding cycle (assumed,
                // not yet seen bound) is ignored — it must not be queued a second time.
                if event.event_type == EventType::Modified && node.is_empty() && self.assumed_pods.contains(&key) {
                    return;
                }
                if event.event_type == EventType::Deleted || !node.is_empty() {
                    self.assumed_pods.remove(&key);
                }
                self.nominated.remove(&key);
                let nominated_to = pod["status"]["nominatedNodeName"].as_str().filter(|n| !n.is_empty());
                if event.event_type != EventType::Deleted && node.is_empty() && nominated_to.is_some() {
                    self.nominated.insert(key.clone(), PodInfo::from_shared(pod));
                }
                match event.event_type {
                    EventType::Deleted => {
                        self.queue.remove(&key);
                        self.last_attempt.remove(&key);
                        // AssignedPodDelete frees resources and ports: parked pods may fit now.
                        if !node.is_empty() {
                            self.assigned_pod_deleted(cx, now, pod);
                        }
                    }
                    _ if !node.is_empty() => {
                        self.queue.remove(&key);
                        let terminal = matches!(pod["status"]["phase"].as_str(), Some("Succeeded" | "Failed"));
                        let mut new_requests = None;
                        if !terminal
                            && let Some(ni) = self.nodes.get_mut(&node) {
                                let info = PodInfo::from_shared(pod);
                                new_requests = Some(info.requests.clone());
                                ni.add_pod(info);
                            }
                        // The scheduler's pod informer selects `status.phase!=Succeeded,
                        // status.phase!=Failed`: a pod turning terminal leaves it as a delete,
                        // freeing its resources (AssignedPodDelete).
                        let was_terminal = old.is_some_and(|o| matches!(o["status"]["phase"].as_str(), Some("Succeeded" | "Failed")));
                        if terminal && !was_terminal && old_node.is_some() {
                            self.assigned_pod_deleted(cx, now, pod);
                        }
                        // AssignedPodAdd: pod affinity may be satisfiable now.
                        if old_node.is_none() {
                            if self.queue.has_parked() {
                                let (ns, labels) = (pod["metadata"]["namespace"].as_str().unwrap_or_default(), &pod["metadata"]["labels"]);
                                self.requeue_cross_topology(cx, now, ns, labels, |parked, plugin| hints::assigned_pod_added(plugin, parked, ns, labels));
                            }
                        } else if let Some(old) = old.filter(|_| !terminal && self.queue.has_parked()) {
                            // A resize down may leave room for pods NodeResourcesFit rejected.
                            if let (Some(before), Some(after)) = (&old_requests, &new_requests)
                                && before != after {
                                self.requeue_parked(cx, now, |pod, plugin| hints::assigned_pod_scaled_down(plugin, pod, before, after));
                            }
                            self.assigned_pod_relabelled(cx, now, old, pod);
                        }
                    }
                    _ if responsible_for(pod, &self.config) => {
                        let priority = pod["spec"]["priority"].as_i64().unwrap_or(0);
                        // PreEnqueue (pkg/scheduler/framework/plugins/schedulinggates): a pod
                        // with scheduling gates stays out of activeQ; the update that empties
                        // them moves it there (`PriorityQueue.Update`).
                        let gated = pod["spec"]["schedulingGates"].as_array().is_some_and(|g| !g.is_empty());
                        if gated {
                            self.queue.add_gated(&key, priority);
                        } else if self.queue.ungate(&key, priority, now) {
                            // In activeQ now.
                        } else if !self.queue.contains(&key) {
                            self.queue.add(&key, priority, now);
                        } else if let (Some(old), Some(rejectors)) = (old.filter(|_| event.event_type == EventType::Modified), self.queue.parked_rejectors(&key)) {
                            // `PriorityQueue.Update` with QueueingHints: a parked pod's own
                            // update moves it only when a plugin that rejected it says so (or
                            // none did: it failed for another reason). In activeQ or backoffQ
                            // the pod is updated in place.
                            let moves = pod_spec_changed(old, pod) && {
                                let info = PodInfo::from_shared(pod);
                                rejectors.is_empty() || rejectors.iter().any(|plugin| hints::own_update(plugin, &info, old))
                            };
                            if moves {
                                self.move_parked(cx, now, std::slice::from_ref(&key));
                            }
                        }
                    }
                    _ => self.queue.remove(&key),
                }
            }
            _ => {}
        }
        self.kick(cx);
    }

    /// QueueingHints: a parked pod moves when one of the plugins that rejected it says the
    /// event may make it schedulable.
    fn requeue_parked(&mut self, cx: &mut Cx<'_>, now: Time, hint: impl Fn(&PodInfo, &str) -> bool) {
        self.requeue_parked_where(cx, now, None, hint);
    }

    /// `requeue_parked`; with `cross_topology`, asking only the parked pods it picks among
    /// those with required affinity terms or rejected by PodTopologySpread (upstream's
    /// pre-check, `getUnschedulablePodsWithCrossTopologyTerm`; both known without reading the pod).
    fn requeue_parked_where(&mut self, cx: &mut Cx<'_>, now: Time, cross_topology: Option<&Concerns<'_>>, hint: impl Fn(&PodInfo, &str) -> bool) {
        let Some(pods_rt) = ResourceType::resolve("pods") else { return };
        let mut moving = Vec::new();
        for (key, rejectors, affinity) in self.queue.parked() {
            if cross_topology.is_some() && !affinity && !rejectors.contains("PodTopologySpread") {
                continue;
            }
            let (ns, name) = key.split_once('/').unwrap_or(("", key));
            let Some(pod) = cx.cache().get(&crate::store::ObjectKey::new(pods_rt, Some(ns), name)) else { continue };
            if cross_topology.is_some_and(|concerns| !concerns(pod, rejectors)) {
                continue;
            }
            let info = PodInfo::from_shared(pod);
            if rejectors.is_empty() || rejectors.iter().any(|p| hint(&info, p)) {
                moving.push(key.clone());
            }
        }
        self.move_parked(cx, now, &moving);
    }

    /// Parked pods a hint said may fit now go to backoffQ, or activeQ when their back-off
    /// has passed.
    fn move_parked(&mut self, cx: &mut Cx<'_>, now: Time, moving: &[String]) {
        let wakeups = self.queue.move_to_active_or_backoff(moving, now, &self.last_attempt);
        for at in wakeups {
            cx.after(at, Timer::FlushBackoff);
        }
    }

    /// `AssignedPodDelete` (or a pod turned terminal, which leaves the scheduler's informer).
    fn assigned_pod_deleted(&mut self, cx: &mut Cx<'_>, now: Time, pod: &Slot) {
        self.requeue_parked(cx, now, |parked, plugin| hints::assigned_pod_deleted(plugin, parked, pod));
    }

    /// `AssignedPodUpdated` with new labels: pods whose affinity or spreading involves the
    /// pod may fit now.
    fn assigned_pod_relabelled(&mut self, cx: &mut Cx<'_>, now: Time, old: &Slot, new: &Slot) {
        let (old_labels, new_labels) = (&old["metadata"]["labels"], &new["metadata"]["labels"]);
        if hints::labels_differ(old_labels, new_labels) {
            let ns = new["metadata"]["namespace"].as_str().unwrap_or_default();
            self.requeue_cross_topology(cx, now, ns, new_labels, |pod, plugin| hints::assigned_pod_relabelled(plugin, pod, ns, old_labels, new_labels));
        }
    }

    /// `requeue_parked` for an assigned pod (namespace `ns`, `labels`) added or relabelled:
    /// only the parked pods whose required affinity selects it or that PodTopologySpread
    /// rejected in its namespace are asked.
    fn requeue_cross_topology(&mut self, cx: &mut Cx<'_>, now: Time, ns: &str, labels: &Slot, hint: impl Fn(&PodInfo, &str) -> bool) {
        let ns_labels = std::mem::take(&mut self.namespace_labels);
        self.requeue_parked_where(cx, now, Some(&|pod, rejectors| hints::cross_topology_concerns(pod, rejectors, ns, labels, &ns_labels)), hint);
        self.namespace_labels = ns_labels;
    }

    /// Makes sure a cycle runs when activeQ has pods.
    fn kick(&mut self, cx: &mut Cx<'_>) {
        if self.queue.has_active() && !self.cycle_pending && cx.running() {
            self.cycle_pending = true;
            cx.after(cx.now().plus_millis(CYCLE_MS), Timer::ScheduleOne);
        }
    }

    /// Rebuilds the snapshot and queue from the informer cache (after a start).
    fn rebuild(&mut self, cx: &mut Cx<'_>) {
        // Everything but the configuration and the event broadcaster starts afresh.
        let config = std::mem::take(&mut self.config);
        let event_series = std::mem::take(&mut self.event_series);
        *self = KubeScheduler { queue: SchedulingQueue::with_backoff(config.pod_initial_backoff_ms, config.pod_max_backoff_ms), config, event_series, ..KubeScheduler::default() };
        let cache: Vec<(crate::store::ObjectKey, std::sync::Arc<crate::Obj>)> = cx.cache().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        for (k, v) in cache.iter().filter(|(k, _)| k.resource == "nodes") {
            self.nodes.insert(k.name.clone(), NodeInfo::new(v));
        }
        for (k, v) in cache.iter().filter(|(k, _)| k.resource == "namespaces") {
            self.namespace_labels.insert(k.name.clone(), v["metadata"]["labels"].clone());
        }
        for (k, v) in cache.iter().filter(|(k, _)| k.resource == "pods") {
            let event = WatchEvent { event_type: EventType::Added, key: k.clone(), object: v.clone(), revision: 0 };
            self.observe(cx, &event, None);
        }
    }

    fn flush_backoff(&mut self, cx: &mut Cx<'_>) {
        self.queue.flush_backoff(cx.now());
        self.kick(cx);
    }

    fn flush_unschedulable(&mut self, cx: &mut Cx<'_>) {
        self.unschedulable_flush_queued = false;
        self.queue.flush_unschedulable(cx.now());
        self.kick(cx);
        if self.queue.unschedulable_count() > 0 {
            self.queue_unschedulable_flush(cx);
        }
    }

    /// The next pass of the 30-second `flushUnschedulablePodsLeftover` loop, unless one is
    /// queued.
    fn queue_unschedulable_flush(&mut self, cx: &mut Cx<'_>) {
        if !self.unschedulable_flush_queued {
            self.unschedulable_flush_queued = true;
            let next = Time((cx.now().millis() / queue::FLUSH_PERIOD_MS + 1) * queue::FLUSH_PERIOD_MS);
            cx.after(next, Timer::FlushUnschedulable);
        }
    }

    fn trace(cx: &mut Cx<'_>, action: Action, pod: &PodInfo, params: impl Into<Params>) {
        cx.record(action, Some(pod_ref(pod)), params, vec![]);
    }

    /// `scheduleOne`: pops a pod and runs one scheduling cycle for it.
    fn schedule_one(&mut self, cx: &mut Cx<'_>) {
        self.cycle_pending = false;
        if !cx.running() {
            return;
        }
        let Some(key) = self.queue.pop() else { return };
        let (ns, name) = key.split_once('/').unwrap_or(("", &key));
        let pods_rt = ResourceType::resolve("pods");
        let cached = pods_rt.and_then(|rt| cx.cache().get(&crate::store::ObjectKey::new(rt, Some(ns), name)).cloned());
        let Some(pod_value) = cached.filter(|p| responsible_for(p, &self.config)) else {
            self.kick(cx);
            return;
        };
        self.last_attempt.insert(key.clone(), cx.now());
        let pod = PodInfo::from_shared(&pod_value);
        Self::trace(cx, Action::SchedulerPop, &pod, crate::sort::map_of([("priority".to_string(), json!(pod.priority))]));
        match self.find_node(cx, &pod) {
            Ok(node) => self.bind_pod(cx, &pod, &pod_value, &node),
            Err(failure) => self.handle_scheduling_failure(cx, &pod, &pod_value, &key, failure),
        }
        self.kick(cx);
    }

    /// `schedulePod`: Filter (with sampling) then Score, returning the chosen node or the
    /// FailedScheduling message.
    fn find_node(&mut self, cx: &mut Cx<'_>, pod: &PodInfo) -> Result<String, Failure> {
        let Some(profile) = self.config.profile(&pod.scheduler_name).cloned() else {
            return Err(Failure { message: format!("profile not found for scheduler name {:?}", pod.scheduler_name), rejectors: Default::default(), nominate: None });
        };
        let n = self.nodes.len();
        if n == 0 {
            return Err(Failure { message: "no nodes available to schedule pods".into(), rejectors: Default::default(), nominate: None });
        }
        let filters = {
            let listers = plugins::volume_binding::Listers { cache: cx.cache(), assumed: &self.assumed_volumes };
            let snapshot: Vec<&NodeInfo> = self.nodes.values().collect();
            plugins::filters_for_cycle(&profile, pod, &snapshot, &self.namespace_labels, &listers)
        };
        let filters = match filters {
            Ok(filters) => {
                Self::trace(cx, Action::SchedulerPreFilter, pod, BTreeMap::new());
                filters
            }
            Err(rejection) => return Err(self.pre_filter_failure(cx, pod, &profile, n, rejection)),
        };
        let nominated = self.nominated_pods(pod);
        // A nominated node is tried first, alone; if it fits, it is the choice.
        if !pod.nominated_node.is_empty()
            && let Some(ni) = self.nodes.get(&pod.nominated_node) {
                let trial = with_nominated(ni, &nominated);
                if filters.iter().all(|f| f.filter(pod, &trial).is_success()) {
                    let node = pod.nominated_node.clone();
                    let rows = vec![FilterRow { node: node.as_str().into(), verdict: Verdict::FitsNominated }];
                    let params = Params::from(crate::sort::map_of([("feasible".to_string(), json!(1))]));
                    Self::trace(cx, Action::SchedulerFilter, pod, params.with_table(Table::Filter { rows, not_evaluated: vec![] }));
                    return Ok(node);
                }
            }
        // NodeAffinity's PreFilterResult: required terms that all name nodes (`matchFields
        // metadata.name In`, as on a DaemonSet's pods) narrow the cycle to those nodes; the
        // others are not evaluated and count as rejected by the PreFilter.
        // Nodes go by their index in the snapshot (its key order) from here to the choice: no
        // lookup by name per feasible node (a third of a 5,000-node cycle).
        let narrowed: Option<Vec<usize>> = plugins::node_affinity::pre_filter_node_names(pod)
            .filter(|_| profile.filter_enabled("NodeAffinity"))
            .map(|names| names.iter().filter_map(|name| self.nodes.position(name.as_str())).collect());
        let m = narrowed.as_ref().map_or(n, Vec::len);
        let to_find = num_feasible_nodes_to_find(m, profile.percentage_of_nodes_to_score.unwrap_or(self.config.percentage_of_nodes_to_score));
        let start = self.next_start_node_index % m.max(1);
        let mut feasible: Vec<usize> = Vec::new();
        let mut statuses: Vec<(String, String, Status)> = Vec::new();
        // The node table is for the trace only: not built for a pod the trace leaves out.
        let rows = if cx.traces(Some(&pod_ref(pod))) { TABLE_ROWS } else { 0 };
        let mut table = Vec::new();
        let mut processed = 0;
        // The snapshot's nodes from `start` round to it, walked in place: no copy of the names
        // and no per-node lookup (both dominated large clusters).
        let nodes = &self.nodes;
        let mut rotated: Box<dyn Iterator<Item = (usize, &String, &NodeInfo)>> = match &narrowed {
            Some(list) => Box::new(list.iter().skip(start).chain(list.iter().take(start)).filter_map(|&i| nodes.get_index(i).map(|(k, v)| (i, k, v)))),
            None => Box::new(nodes.iter().enumerate().skip(start).chain(nodes.iter().enumerate().take(start)).map(|(i, (k, v))| (i, k, v))),
        };
        for (index, name, node) in rotated.by_ref() {
            processed += 1;
            let ni = with_nominated(node, &nominated);
            let ni: &NodeInfo = &ni;
            let mut failed = None;
            for f in &filters {
                let st = f.filter(pod, ni);
                if !st.is_success() {
                    failed = Some((f.name(), st));
                    break;
                }
            }
            // A row per node: the first plugin that rejected it (later ones did not run), or
            // none when every filter passed. Past TABLE_ROWS nodes only counts are kept.
            if table.len() < rows {
                let verdict = match &failed {
                    None => Verdict::Fits,
                    Some((plugin, st)) => Verdict::Rejected { plugin, code: st.code.as_str(), reasons: st.reasons.clone() },
                };
                table.push(FilterRow { node: name.as_str().into(), verdict });
            }
            match failed {
                None => feasible.push(index),
                Some((plugin, st)) => statuses.push((name.clone(), plugin.to_string(), st)),
            }
            if feasible.len() >= to_find {
                break;
            }
        }
        let not_evaluated: Vec<Box<str>> = rotated.by_ref().take(rows).map(|(_, name, _)| name.as_str().into()).collect();
        drop(rotated);
        if let Some(list) = &narrowed {
            let reason = format!("node(s) didn't satisfy plugin(s) [{}]", "NodeAffinity");
            for (_, (name, _)) in self.nodes.iter().enumerate().filter(|(i, _)| !list.contains(i)) {
                statuses.push((name.clone(), "NodeAffinity".to_string(), Status::unresolvable(&reason)));
            }
        }
        self.next_start_node_index = (self.next_start_node_index + processed) % n;
        let params = Params::from(crate::sort::map_of([
            ("evaluated".to_string(), json!(processed)),
            ("notEvaluatedCount".to_string(), json!(m - processed)),
            ("feasible".to_string(), json!(feasible.len())),
        ]));
        Self::trace(cx, Action::SchedulerFilter, pod, params.with_table(Table::Filter { rows: table, not_evaluated }));
        if feasible.is_empty() {
            let rejectors = crate::vecmap::VecSet::from_iter(statuses.iter().map(|(_, plugin, _)| plugin.clone()));
            let (message, nominate) = self.fit_error(cx, pod, &profile, n, &statuses);
            return Err(Failure { message, rejectors, nominate });
        }
        if feasible.len() == 1 {
            return Ok(self.nodes.get_index(feasible[0]).map(|(name, _)| name.clone()).unwrap_or_default());
        }
        Ok(self.score_and_select(cx, pod, &profile, &feasible))
    }

    /// A PreFilter rejection: `FitError.Error()` prints the PreFilter's message instead of a
    /// per-node histogram. With DynamicResources at PostFilter (the default), its PostFilter
    /// finds no cycle state of its own (its PreFilter never ran) and fails with `not found`; an
    /// Error ends PostFilter, so DefaultPreemption does not run (upstream `schedule_one.go`,
    /// `RunPostFilterPlugins`, `dynamicresources.go` `getStateData`). Without it, preemption
    /// sees every node rejected as unresolvable.
    fn pre_filter_failure(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, profile: &config::Profile, num_all_nodes: usize, rejection: plugins::PreFilterRejection) -> Failure {
        let plugins::PreFilterRejection { plugin, status } = rejection;
        Self::trace(cx, Action::SchedulerPreFilter, pod, crate::sort::map_of([
            ("rejectedBy".to_string(), json!(plugin)),
            ("code".to_string(), json!(status.code.as_str())),
            ("reasons".to_string(), json!(status.reasons)),
        ]));
        let mut message = format!("0/{num_all_nodes} nodes are available: {}.", status.reasons.join(", "));
        if profile.post_filter_enabled("DynamicResources") {
            let post = "not found";
            Self::trace(cx, Action::SchedulerPostFilter, pod, crate::sort::map_of([
                ("plugin".to_string(), json!("DynamicResources")),
                ("code".to_string(), json!("Error")),
                ("message".to_string(), json!(post)),
            ]));
            message.push_str(&format!(" {post}."));
        } else if profile.post_filter_enabled("DefaultPreemption") {
            let unresolvable = Status { code: Code::UnschedulableAndUnresolvable, reasons: status.reasons.clone() };
            let statuses: Vec<(String, String, Status)> = self.nodes.keys().map(|n| (n.clone(), plugin.to_string(), unresolvable.clone())).collect();
            if let Err(post) = self.preempt(cx, pod, num_all_nodes, &statuses) {
                Self::trace(cx, Action::SchedulerPostFilter, pod, crate::sort::map_of([("message".to_string(), json!(post))]));
                message.push(' ');
                message.push_str(&post);
            }
        }
        Failure { message, rejectors: [plugin.to_string()].into(), nominate: None }
    }

    /// `FitError.Error()` plus the profile's PostFilter plugins: DynamicResources (no claims
    /// to deallocate), then DefaultPreemption — which either nominates a node after evicting
    /// victims (and the message keeps only the filter part) or says why it cannot help.
    fn fit_error(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, profile: &config::Profile, num_all_nodes: usize, statuses: &[(String, String, Status)]) -> (String, Option<String>) {
        let mut histogram: VecMap<String, usize> = VecMap::new();
        for (_, _, st) in statuses {
            for r in &st.reasons {
                *histogram.entry(r.clone()).or_default() += 1;
            }
        }
        let mut entries: Vec<String> = histogram.iter().map(|(r, c)| format!("{c} {r}")).collect();
        crate::sort::sort(&mut entries);
        let mut msg = format!("0/{num_all_nodes} nodes are available:");
        if !entries.is_empty() {
            msg.push_str(&format!(" {}.", entries.join(", ")));
        }
        let mut reasons: Vec<String> = Vec::new();
        if profile.post_filter_enabled("DynamicResources") {
            reasons.push("no new claims to deallocate".into());
        }
        if profile.post_filter_enabled("DefaultPreemption") {
            match self.preempt(cx, pod, num_all_nodes, statuses) {
                Ok(node) => {
                    Self::trace(cx, Action::SchedulerPostFilter, pod, crate::sort::map_of([("nominatedNodeName".to_string(), json!(node))]));
                    return (msg, Some(node));
                }
                Err(preemption) => reasons.push(preemption.trim_end_matches('.').to_string()),
            }
        }
        if !reasons.is_empty() {
            let post = reasons.join(", ");
            Self::trace(cx, Action::SchedulerPostFilter, pod, crate::sort::map_of([("message".to_string(), json!(format!("{post}.")))]));
            msg.push_str(&format!(" {post}."));
        }
        (msg, None)
    }

    /// Pods nominated to nodes (waiting for their victims to go) that outrank `pod`.
    fn nominated_pods(&self, pod: &PodInfo) -> Vec<PodInfo> {
        self.nominated
            .values()
            .filter(|p| p.priority >= pod.priority && !(p.namespace == pod.namespace && p.name == pod.name))
            .cloned()
            .collect()
    }

    /// DefaultPreemption: eligibility, candidates, the chosen node and its victims evicted.
    /// `Err` is the `preemption: …` message when it cannot help.
    fn preempt(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, num_all_nodes: usize, statuses: &[(String, String, Status)]) -> Result<String, String> {
        if pod.spec()["preemptionPolicy"] == "Never" {
            return Err("preemption: not eligible due to preemptionPolicy=Never.".into());
        }
        if !pod.nominated_node.is_empty() {
            let terminating = self
                .nodes
                .get(&pod.nominated_node)
                .is_some_and(|ni| ni.pods.values().any(|p| p.terminating && p.priority < pod.priority));
            if terminating {
                return Err("preemption: not eligible due to a terminating pod on the nominated node.".into());
            }
        }
        // `nodesWherePreemptionMightHelp`, in snapshot order; then `GetOffsetAndNumCandidates`:
        // the dry run starts at a random node and stops once it has enough candidates
        // (`minCandidateNodesPercentage` 10 %, at least `minCandidateNodesAbsolute` 100).
        let mut potential: Vec<&(String, String, Status)> = statuses.iter().filter(|(_, _, st)| st.code != Code::UnschedulableAndUnresolvable).collect();
        crate::sort::sort_by(&mut potential, |a, b| a.0.cmp(&b.0));
        let (pct, abs) = self.config.profile(&pod.scheduler_name).map_or((10, 100), |p| (p.min_candidate_nodes_percentage, p.min_candidate_nodes_absolute));
        let (offset, num_candidates) = if potential.is_empty() {
            (0, 0)
        } else {
            let n = potential.len();
            (cx.rng().below(n as u64) as usize, (n * pct / 100).max(abs).min(n))
        };
        let nodes = &self.nodes;
        let ns_labels = &self.namespace_labels;
        let Some(profile) = self.config.profile(&pod.scheduler_name) else { return Err(String::new()) };
        let listers = plugins::volume_binding::Listers { cache: cx.cache(), assumed: &self.assumed_volumes };
        let snapshot_with = |trial: &NodeInfo| -> Vec<Box<dyn framework::FilterPlugin>> {
            let snapshot: Vec<&NodeInfo> = nodes.values().map(|n| if n.name == trial.name { trial } else { n }).collect();
            plugins::filters_for_cycle(profile, pod, &snapshot, ns_labels, &listers).unwrap_or_else(plugins::PreFilterRejection::into_filters)
        };
        let mut histogram: VecMap<String, usize> = VecMap::new();
        let mut candidates = Vec::new();
        for i in 0..potential.len() {
            let (node, _, _) = potential[(offset + i) % potential.len()];
            let Some(ni) = nodes.get(node) else { continue };
            match preemption::select_victims_on_node(pod, ni, &snapshot_with) {
                Ok(c) => candidates.push(c),
                Err(fail) => {
                    for r in fail.reasons {
                        *histogram.entry(r).or_default() += 1;
                    }
                }
            }
            // Upstream stops once it has at least one candidate and enough of them.
            if !candidates.is_empty() && candidates.len() >= num_candidates {
                break;
            }
        }
        if let Some(best) = preemption::pick_one(&candidates, cx.now()).cloned() {
            self.evict_victims(cx, pod, &best);
            return Ok(best.node);
        }
        let explained: usize = histogram.values().sum();
        if explained < num_all_nodes {
            *histogram.entry("Preemption is not helpful for scheduling".into()).or_default() += num_all_nodes - explained;
        }
        let mut entries: Vec<String> = histogram.iter().map(|(r, c)| format!("{c} {r}")).collect();
        crate::sort::sort(&mut entries);
        Err(format!("preemption: 0/{num_all_nodes} nodes are available: {}.", entries.join(", ")))
    }

    /// `prepareCandidate`: each victim gets DisruptionTarget=True, a graceful delete and a
    /// `Preempted` event.
    fn evict_victims(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, candidate: &preemption::Candidate) {
        let Some(rt) = ResourceType::resolve("pods") else { return };
        for key in &candidate.victims {
            let (ns, name) = key.split_once('/').unwrap_or(("", key));
            let Some(victim) = cx.cache().get(&crate::store::ObjectKey::new(rt, Some(ns), name)).cloned() else { continue };
            let mut status = victim["status"].to_value();
            let mut conditions: Vec<Value> = status["conditions"].as_array().cloned().unwrap_or_default();
            conditions.retain(|c| c["type"] != "DisruptionTarget");
            conditions.push(json!({"type": "DisruptionTarget", "status": "True", "reason": "PreemptionByScheduler",
                "message": format!("{SCHEDULER_NAME}: preempting to accommodate a higher priority pod"),
                "lastProbeTime": null, "lastTransitionTime": cx.now().rfc3339(), "observedGeneration": victim["metadata"]["generation"]}));
            status["conditions"] = json!(conditions);
            let mut body: Value = (*victim).to_value();
            body["status"] = status;
            let mut patch = scheduler_request(Verb::Update, rt);
            patch.namespace = Some(ns.to_string());
            patch.name = Some(name.to_string());
            patch.subresource = Some("status".into());
            patch.body = Some(body);
            let _ = cx.request(patch);
            let mut delete = scheduler_request(Verb::Delete, rt);
            delete.namespace = Some(ns.to_string());
            delete.name = Some(name.to_string());
            let _ = cx.request(delete);
            let note = format!("Preempted by pod {} on node {}", pod.uid, candidate.node);
            self.event(cx, &victim, "Normal", "Preempted", "Preempting", &note);
        }
    }

    /// PreScore, Score, NormalizeScore, weights, then `selectHost`.
    fn score_and_select(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, profile: &config::Profile, feasible: &[usize]) -> String {
        let default_selector = default_spread_selector(cx.cache(), pod);
        let (spread, affinity) = {
            let feasible_nodes: Vec<&NodeInfo> = feasible.iter().filter_map(|&i| self.nodes.get_index(i).map(|(_, ni)| ni)).collect();
            let all_nodes: Vec<&NodeInfo> = self.nodes.values().collect();
            (
                plugins::pod_topology_spread::SpreadScore::new(pod, &feasible_nodes, &all_nodes, default_selector.as_deref()),
                plugins::inter_pod_affinity::AffinityScore::new(pod, &all_nodes, &self.namespace_labels, profile.hard_pod_affinity_weight),
            )
        };
        let scorers = plugins::scorers(profile, spread, affinity);
        if self.view_dirty {
            self.view = framework::ClusterView::build(self.nodes.values());
            self.view_dirty = false;
        }
        let view = &self.view;
        let nodes: Vec<&NodeInfo> = feasible.iter().filter_map(|&i| self.nodes.get_index(i).map(|(_, ni)| ni)).collect();
        let mut totals = vec![0i64; nodes.len()];
        let mut plugin_rows = Vec::new();
        let mut skipped = Vec::new();
        for s in &scorers {
            if s.pre_score(pod, &nodes).code == Code::Skip {
                skipped.push(s.name());
                continue;
            }
            let raw: Vec<i64> = nodes.iter().map(|ni| s.score(pod, ni, view)).collect();
            let mut normalized = raw.clone();
            s.normalize(&mut normalized);
            for (t, v) in totals.iter_mut().zip(&normalized) {
                *t += v * s.weight();
            }
            let shown = raw.len().min(TABLE_ROWS);
            plugin_rows.push(ScoreColumn { plugin: s.name(), weight: s.weight(), raw: raw[..shown].to_vec(), normalized: normalized[..shown].to_vec() });
        }
        // `feasible` came from the snapshot this cycle: every name is in it, in this order.
        let scored = nodes.len();
        drop(nodes);
        Self::trace(cx, Action::SchedulerPreScore, pod, crate::sort::map_of([("skipped".to_string(), json!(skipped))]));
        let shown = scored.min(TABLE_ROWS);
        let params = Params::from(crate::sort::map_of([
            ("scored".to_string(), json!(scored)),
            ("maxNodeScore".to_string(), json!(MAX_NODE_SCORE)),
        ]));
        let table = Table::Score {
            nodes: feasible[..shown].iter().filter_map(|&i| self.nodes.get_index(i).map(|(name, _)| name.as_str().into())).collect(),
            columns: plugin_rows,
            totals: totals[..shown].to_vec(),
        };
        Self::trace(cx, Action::SchedulerScore, pod, params.with_table(table));
        // selectHost: reservoir sampling among the highest totals.
        let best = totals.iter().copied().max().unwrap_or(0);
        let mut chosen = 0;
        let mut count = 0u64;
        for (i, t) in totals.iter().enumerate() {
            if *t == best {
                count += 1;
                if cx.rng().below(count) == 0 {
                    chosen = i;
                }
            }
        }
        let host = feasible.get(chosen).and_then(|&i| self.nodes.get_index(i)).map(|(name, _)| name.clone()).unwrap_or_default();
        Self::trace(cx, Action::SchedulerSelectHost, pod, crate::sort::map_of([
            ("node".to_string(), json!(host)),
            ("score".to_string(), json!(best)),
            ("tied".to_string(), json!(count)),
        ]));
        host
    }

    /// Assume, Reserve, Permit, PreBind, then DefaultBinder's `pods/binding` and the
    /// `Scheduled` event.
    fn bind_pod(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, pod_value: &Slot, node: &str) {
        let mut assumed = pod.clone();
        assumed.node_name = node.to_string();
        if let Some(ni) = self.nodes.get_mut(node) {
            ni.add_pod(assumed);
        }
        self.assumed_pods.insert(pod_key(&pod.namespace, &pod.name));
        for action in [Action::SchedulerReserve, Action::SchedulerPermit] {
            Self::trace(cx, action, pod, crate::sort::map_of([("node".to_string(), json!(node))]));
        }
        let waiting = match self.volume_pre_bind(cx, pod, node) {
            Ok(waiting) => waiting,
            Err(message) => return self.binding_cycle_failed(cx, pod, pod_value, node, &message),
        };
        if waiting.is_empty() {
            Self::trace(cx, Action::SchedulerPreBind, pod, crate::sort::map_of([("node".to_string(), json!(node))]));
            self.default_binder(cx, pod, pod_value, node);
            return;
        }
        Self::trace(cx, Action::SchedulerPreBind, pod, crate::sort::map_of([
            ("node".to_string(), json!(node)),
            ("waitingFor".to_string(), json!(waiting)),
        ]));
        let key = pod_key(&pod.namespace, &pod.name);
        let timeout = self.config.profile(&pod.scheduler_name).map_or(BIND_TIMEOUT_MS, |p| p.bind_timeout_ms);
        let deadline = cx.now().plus_millis(timeout);
        cx.after(cx.now().plus_millis(1000), Timer::PreBindPoll { key, node: node.to_string(), deadline });
    }

    /// VolumeBinding's Reserve (`AssumePodVolumes`: the chosen volumes enter the assume cache
    /// with the claim in their claimRef, so the next cycles do not pick them) and PreBind
    /// (`BindPodVolumes`): matching volumes get the claim in their claimRef, claims to
    /// provision get the selected node; the PV controller does the rest. Returns the claims
    /// still to be bound, or the error of a write the API server refused.
    fn volume_pre_bind(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, node: &str) -> Result<Vec<String>, String> {
        let cache = &cx.cache();
        // Assumptions the informer has caught up with are done.
        self.assumed_volumes.retain(|name, a| {
            cache.get(&crate::store::ObjectKey { group: "", resource: "persistentvolumes".into(), namespace: String::new(), name: name.clone() }).is_some_and(|pv| pv["metadata"]["resourceVersion"].as_str() == Some(a.base_rv.as_str()))
        });
        let listers = plugins::volume_binding::Listers { cache, assumed: &self.assumed_volumes };
        let Ok(Some(state)) = plugins::volume_binding::pre_filter(pod, &listers) else { return Ok(vec![]) };
        let Some(ni) = self.nodes.get(node) else { return Ok(vec![]) };
        let (_, volumes) = state.find_pod_volumes(ni);
        let waiting: Vec<String> = state.delayed.iter().map(|c| c["metadata"]["name"].as_str().unwrap_or_default().to_string()).collect();
        let mut writes = Vec::new();
        for (claim, pv) in &volumes.static_bindings {
            let mut body = pv.to_value();
            body["spec"]["claimRef"] = json!({"kind": "PersistentVolumeClaim", "namespace": claim["metadata"]["namespace"], "name": claim["metadata"]["name"],
                "uid": claim["metadata"]["uid"], "apiVersion": "v1", "resourceVersion": claim["metadata"]["resourceVersion"]});
            body["metadata"]["annotations"][crate::volume::ANN_BOUND_BY_CONTROLLER] = json!("yes");
            let base_rv = pv["metadata"]["resourceVersion"].as_str().unwrap_or_default().to_string();
            let assumed = plugins::volume_binding::AssumedVolume { pod: pod_key(&pod.namespace, &pod.name), base_rv, pv: std::sync::Arc::new(crate::Obj::untyped(&body)) };
            self.assumed_volumes.insert(pv["metadata"]["name"].as_str().unwrap_or_default().to_string(), assumed);
            writes.push(("persistentvolumes", None, body));
        }
        for claim in &volumes.provisionings {
            let mut body = claim.to_value();
            body["metadata"]["annotations"][crate::volume::ANN_SELECTED_NODE] = json!(node);
            writes.push(("persistentvolumeclaims", claim["metadata"]["namespace"].as_str().map(str::to_string), body));
        }
        for (plural, namespace, body) in writes {
            let Some(rt) = ResourceType::resolve(plural) else { continue };
            let mut req = scheduler_request(Verb::Update, rt);
            req.namespace = namespace;
            req.name = body["metadata"]["name"].as_str().map(str::to_string);
            req.body = Some(body);
            // `bindAPIUpdate`: the first refused write fails PreBind with the API's error.
            if let Err(status) = cx.request(req) {
                return Err(format!("running PreBind plugin \"VolumeBinding\": {}", status.message));
            }
        }
        Ok(waiting)
    }

    /// A failed binding cycle (`handleBindingCycleError`): Unreserve forgets the assumed pod
    /// and volumes; a Warning event and PodScheduled=False (SchedulerError); the pod is
    /// retried after its back-off.
    fn binding_cycle_failed(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, pod_value: &Slot, node: &str, message: &str) {
        let key = pod_key(&pod.namespace, &pod.name);
        self.forget_assumed(&key);
        Self::trace(cx, Action::SchedulerPreBind, pod, crate::sort::map_of([("node".to_string(), json!(node)), ("error".to_string(), json!(message))]));
        self.event(cx, pod_value, "Warning", "FailedScheduling", "Scheduling", message);
        self.set_pod_scheduled_false(cx, pod, pod_value, "SchedulerError", message, None);
        self.queue.park_unschedulable(&key, pod.priority, cx.now(), Default::default(), pod.has_required_affinity());
        let wakeups = self.queue.move_to_active_or_backoff(&[key], cx.now(), &self.last_attempt);
        for at in wakeups {
            cx.after(at, Timer::FlushBackoff);
        }
        self.kick(cx);
    }

    /// `checkBindings`, once a second: bind the pod when every claim is bound; give up after
    /// `bindTimeoutSeconds` with the binding cycle's error.
    fn prebind_poll(&mut self, cx: &mut Cx<'_>, key: &str, node: &str, deadline: Time) {
        let Some(rt) = ResourceType::resolve("pods") else { return };
        let (ns, name) = key.split_once('/').unwrap_or(("", key));
        let current = cx.cache().get(&crate::store::ObjectKey::new(rt, Some(ns), name)).cloned();
        let Some(pod_value) = current.filter(|p| p["metadata"]["deletionTimestamp"].is_null()) else {
            self.forget_assumed(key);
            return;
        };
        let pod = PodInfo::from_shared(&pod_value);
        let listers = plugins::volume_binding::Listers { cache: cx.cache(), assumed: &self.assumed_volumes };
        let all_bound = plugins::volume_binding::claim_names(&pod).all(|c| listers.claim(ns, &c).is_some_and(|c| crate::volume::claim_fully_bound(c)));
        if all_bound {
            self.default_binder(cx, &pod, &pod_value, node);
            self.kick(cx);
            return;
        }
        if cx.now() < deadline {
            cx.after(cx.now().plus_millis(1000), Timer::PreBindPoll { key: key.to_string(), node: node.to_string(), deadline });
            return;
        }
        self.binding_cycle_failed(cx, &pod, &pod_value, node, "running PreBind plugin \"VolumeBinding\": binding volumes: context deadline exceeded");
    }

    fn forget_assumed(&mut self, key: &str) {
        for ni in self.nodes.values_mut() {
            ni.remove_pod(key);
        }
        // `RevertAssumedPodVolumes`.
        self.assumed_volumes.retain(|_, a| a.pod != key);
        self.assumed_pods.remove(key);
    }

    /// DefaultBinder: the `pods/binding` request, then the `Scheduled` event.
    fn default_binder(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, pod_value: &Slot, node: &str) {
        let Some(rt) = ResourceType::resolve("pods") else { return };
        let mut req = scheduler_request(Verb::Create, rt);
        req.namespace = Some(pod.namespace.clone());
        req.name = Some(pod.name.clone());
        req.subresource = Some("binding".into());
        req.body = Some(json!({"apiVersion": "v1", "kind": "Binding",
            "metadata": {"name": pod.name, "namespace": pod.namespace, "uid": pod.uid},
            "target": {"apiVersion": "v1", "kind": "Node", "name": node}}));
        Self::trace(cx, Action::SchedulerBind, pod, crate::sort::map_of([("node".to_string(), json!(node))]));
        match cx.request(req) {
            Ok(_) => {
                let note = format!("Successfully assigned {}/{} to {node}", pod.namespace, pod.name);
                self.event(cx, pod_value, "Normal", "Scheduled", "Binding", &note);
            }
            // Binding failed (the pod is gone or already bound): forget the assumption.
            Err(_) => self.forget_assumed(&pod_key(&pod.namespace, &pod.name)),
        }
    }

    /// `handleSchedulingFailure`: Warning event, PodScheduled=False, and the pod parked.
    fn handle_scheduling_failure(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, pod_value: &Slot, key: &str, failure: Failure) {
        let Failure { message, rejectors, nominate } = failure;
        self.queue.park_unschedulable(key, pod.priority, cx.now(), rejectors, pod.has_required_affinity());
        self.queue_unschedulable_flush(cx);
        let note: String = if message.len() > 1024 { format!("{} ...", &message[..message.char_indices().take_while(|(i, _)| *i < 1020).last().map_or(0, |(i, c)| i + c.len_utf8())]) } else { message.clone() };
        self.event(cx, pod_value, "Warning", "FailedScheduling", "Scheduling", &note);
        let current = pod_value["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "PodScheduled")).cloned();
        let unchanged = current.as_ref().is_some_and(|c| c["status"] == "False" && c["reason"] == "Unschedulable" && c["message"] == message.as_str());
        let nomination_changes = nominate.as_deref().is_some_and(|n| pod_value["status"]["nominatedNodeName"] != n);
        if unchanged && !nomination_changes {
            return;
        }
        self.set_pod_scheduled_false(cx, pod, pod_value, "Unschedulable", &message, nominate.as_deref());
    }

    /// The PodScheduled=False condition (and a nomination) through `pods/status`.
    fn set_pod_scheduled_false(&mut self, cx: &mut Cx<'_>, pod: &PodInfo, pod_value: &Slot, reason: &str, message: &str, nominate: Option<&str>) {
        let Some(rt) = ResourceType::resolve("pods") else { return };
        let mut status = pod_value["status"].to_value();
        let mut conditions: Vec<Value> = status["conditions"].as_array().cloned().unwrap_or_default();
        conditions.retain(|c| c["type"] != "PodScheduled");
        conditions.push(json!({"type": "PodScheduled", "status": "False", "reason": reason, "message": message,
            "lastProbeTime": null, "lastTransitionTime": cx.now().rfc3339(), "observedGeneration": pod_value["metadata"]["generation"]}));
        status["conditions"] = json!(conditions);
        if let Some(node) = nominate {
            status["nominatedNodeName"] = json!(node);
        }
        let mut body = pod_value.to_value();
        body["status"] = status;
        let mut req = scheduler_request(Verb::Update, rt);
        req.namespace = Some(pod.namespace.clone());
        req.name = Some(pod.name.clone());
        req.subresource = Some("status".into());
        req.body = Some(body);
        let _ = cx.request(req);
    }

    /// An `events.k8s.io/v1` event from the scheduler (stored in its core/v1 view), through
    /// client-go's event broadcaster (`tools/events`, `recordToSink`): an event isomorphic to
    /// one in its cache — same action, reason, note and `regarding` reference, which carries
    /// the pod's resourceVersion — becomes a series: the second occurrence writes
    /// `series.count: 2`, later ones are counted and written when the series is refreshed
    /// (every 30 min) or finished (6 min after its last occurrence).
    fn event(&mut self, cx: &mut Cx<'_>, pod: &Slot, kind: &str, reason: &str, action: &str, note: &str) {
        let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        let rv = pod["metadata"]["resourceVersion"].as_str().unwrap_or_default();
        let series_key = format!("{action}/{reason}/{uid}/{rv}/{note}");
        let now = cx.now();
        if let Some(entry) = self.event_series.get_mut(&series_key) {
            entry.count += 1;
            entry.last_observed = now;
            if entry.count == 2 {
                self.write_event_series(cx, &series_key);
            }
            return;
        }
        let Some(rt) = ResourceType::resolve("events") else { return };
        let unix_nanos = (crate::clock::EPOCH_UNIX_SECONDS as i128 * 1_000_000_000 + now.millis() as i128 * 1_000_000) as u128;
        let name = format!("{}.{:x}", pod["metadata"]["name"].as_str().unwrap_or_default(), unix_nanos);
        self.event_series.insert(series_key.clone(), EventSeries { event: None, name: name.clone(), namespace: ns.clone(), count: 1, first: now, last_observed: now });
        let body = json!({
            "apiVersion": "v1", "kind": "Event",
            "metadata": {"name": name, "namespace": ns},
            "involvedObject": {"apiVersion": "v1", "kind": "Pod", "name": pod["metadata"]["name"], "namespace": ns,
                "uid": uid, "resourceVersion": pod["metadata"]["resourceVersion"]},
            "reason": reason, "message": note, "type": kind, "action": action,
            "eventTime": now.rfc3339_micros(),
            "reportingComponent": SCHEDULER_NAME, "reportingInstance": format!("{SCHEDULER_NAME}-control-plane"),
            "source": {}
        });
        let mut req = scheduler_request(Verb::Create, rt);
        req.namespace = Some(ns);
        req.body = Some(body);
        if let (Ok(Response::Object(stored)), Some(entry)) = (cx.request(req), self.event_series.get_mut(&series_key)) {
            entry.event = Some(stored);
        }
    }

    /// Writes a series' count and last observation onto its event (the one the broadcaster
    /// keeps: it never reads the event back).
    fn write_event_series(&mut self, cx: &mut Cx<'_>, series_key: &str) {
        let Some(rt) = ResourceType::resolve("events") else { return };
        let Some(entry) = self.event_series.get(series_key) else { return };
        let Some(mut ev) = entry.event.clone() else { return };
        ev["series"] = json!({"count": entry.count, "lastObservedTime": entry.last_observed.rfc3339_micros()});
        let mut req = scheduler_request(Verb::Update, rt);
        req.namespace = Some(entry.namespace.clone());
        req.name = Some(entry.name.clone());
        req.body = Some(ev);
        if let (Ok(Response::Object(stored)), Some(entry)) = (cx.request(req), self.event_series.get_mut(series_key)) {
            entry.event = Some(stored);
        }
    }

    /// `finishSeries` (every 6 min): a series quiet for 6 minutes gets its final count written
    /// and leaves the cache, as does a singleton older than that — the next occurrence starts
    /// a new event.
    fn events_finish(&mut self, cx: &mut Cx<'_>) {
        cx.after(cx.now().plus_millis(EVENT_FINISH_MS), Timer::EventSeriesFinish);
        if !cx.running() {
            return;
        }
        let cutoff = cx.now().millis().saturating_sub(EVENT_FINISH_MS);
        for key in self.event_series.keys_where(|_| true) {
            let Some(entry) = self.event_series.get(&key) else { continue };
            if entry.count >= 2 && entry.last_observed.millis() < cutoff {
                self.write_event_series(cx, &key);
                self.event_series.remove(&key);
            } else if entry.count == 1 && entry.first.millis() < cutoff {
                self.event_series.remove(&key);
            }
        }
    }

    /// Until when the event broadcaster's finishing pass writes nothing (None: it writes now).
    fn event_series_finish_steady_until(&self, running: bool) -> Option<Time> {
        if !running {
            return Some(Time(u64::MAX));
        }
        let due = self.event_series.values().map(|e| if e.count >= 2 { e.last_observed } else { e.first }).map(|t| t.plus_millis(EVENT_FINISH_MS + 1)).min();
        Some(due.unwrap_or(Time(u64::MAX)))
    }

    /// Whether the 30-minute refresh writes nothing (no running series).
    fn event_series_refresh_steady(&self, running: bool) -> bool {
        !running || self.event_series.values().all(|e| e.count < 2)
    }

    /// Until when the unschedulable pods' flush moves nobody (None: someone now).
    fn flush_steady_until(&self) -> Option<Time> {
        Some(self.queue.next_unschedulable_flush().unwrap_or(Time(u64::MAX)))
    }

    /// `refreshExistingEventSeries` (every 30 min): every running series is written.
    fn events_refresh(&mut self, cx: &mut Cx<'_>) {
        cx.after(cx.now().plus_millis(EVENT_REFRESH_MS), Timer::EventSeriesRefresh);
        if !cx.running() {
            return;
        }
        for key in self.event_series.keys_where(|e| e.count >= 2) {
            self.write_event_series(cx, &key);
        }
    }
}

impl crate::component::Component for KubeScheduler {
    type Timer = Timer;

    fn on_watch(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&crate::Slot>) {
        self.observe(cx, event, old);
    }

    fn on_timer(&mut self, cx: &mut Cx<'_>, timer: Timer) {
        match timer {
            Timer::ScheduleOne => self.schedule_one(cx),
            Timer::FlushBackoff => self.flush_backoff(cx),
            Timer::FlushUnschedulable => self.flush_unschedulable(cx),
            Timer::PreBindPoll { key, node, deadline } => self.prebind_poll(cx, &key, &node, deadline),
            Timer::EventSeriesFinish => self.events_finish(cx),
            Timer::EventSeriesRefresh => self.events_refresh(cx),
        }
    }

    fn on_start(&mut self, cx: &mut Cx<'_>) {
        self.rebuild(cx);
    }

    /// The queue, the snapshot and the event broadcaster's cache go with the process; the
    /// configuration it was started with stays for the next start.
    fn on_stop(&mut self) {
        *self = KubeScheduler { config: std::mem::take(&mut self.config), ..KubeScheduler::default() };
    }

    fn steady_until(&self, running: bool, _cache: &crate::components::Cache, timer: &Timer) -> Option<Time> {
        match timer {
            Timer::EventSeriesFinish => self.event_series_finish_steady_until(running),
            Timer::EventSeriesRefresh => (self.event_series_refresh_steady(running)).then_some(Time(u64::MAX)),
            Timer::FlushUnschedulable => self.flush_steady_until(),
            _ => None,
        }
    }
}

/// `helper.DefaultSelector`: the selectors of the Services, ReplicaSets and StatefulSets
/// that select the pod, merged (None when nothing selects it).
fn default_spread_selector(cache: &crate::components::Cache, pod: &PodInfo) -> Option<crate::Obj> {
    let mut match_labels = serde_json::Map::new();
    let mut expressions = Vec::new();
    let mut found = false;
    // Only the pod's namespace of the four resources (`helper.DefaultSelector`: services,
    // replication controllers, replica sets, stateful sets): ranges of the ordered cache.
    let in_namespace = |group: &'static str, resource: &'static str| crate::components::cached_in(cache, group, resource, &pod.namespace);
    let owners = in_namespace("", "services").chain(in_namespace("", "replicationcontrollers")).chain(in_namespace("apps", "replicasets")).chain(in_namespace("apps", "statefulsets"));
    for (k, v) in owners {
        match k.resource {
            "services" | "replicationcontrollers" => {
                if let Some(sel) = v["spec"]["selector"].as_object().filter(|m| !m.is_empty())
                    && sel.clone().all(|(lk, lv)| pod.labels().get(lk).is_some_and(|l| l == lv)) {
                        found = true;
                        match_labels.extend(sel.map(|(k, v)| (k.to_string(), v.to_value())));
                    }
            }
            "replicasets" | "statefulsets" => {
                let sel = &v["spec"]["selector"];
                if plugins::label_selector::matches(sel, pod.labels()) && !sel.as_object().is_none_or(|m| m.is_empty()) {
                    found = true;
                    if let Some(ml) = sel["matchLabels"].as_object() {
                        match_labels.extend(ml.map(|(k, v)| (k.to_string(), v.to_value())));
                    }
                    expressions.extend(sel["matchExpressions"].to_values().unwrap_or_default());
                }
            }
            _ => {}
        }
    }
    // Built once per cycle, read for every pod of every node scored.
    found.then(|| crate::Obj::untyped(&json!({"matchLabels": match_labels, "matchExpressions": expressions})))
}

fn scheduler_identity() -> UserInfo {
    UserInfo { name: "system:kube-scheduler".into(), groups: vec!["system:authenticated".into()] }
}

/// A request from kube-scheduler's own client: its credentials and user agent.
fn scheduler_request(verb: Verb, rt: &'static ResourceType) -> Request {
    let mut req = Request::new(verb, rt);
    req.credentials = Some(scheduler_identity());
    req.user_agent = SCHEDULER_USER_AGENT.into();
    req
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adaptive_percentage_of_nodes_to_score() {
        assert_eq!(num_feasible_nodes_to_find(3, 0), 3);
        assert_eq!(num_feasible_nodes_to_find(99, 0), 99);
        assert_eq!(num_feasible_nodes_to_find(100, 0), 100);
        assert_eq!(num_feasible_nodes_to_find(1000, 0), 420);
        assert_eq!(num_feasible_nodes_to_find(5000, 0), 500);
        assert_eq!(num_feasible_nodes_to_find(6000, 0), 300);
        // A configured percentage, and the 100-node floor.
        assert_eq!(num_feasible_nodes_to_find(1000, 30), 300);
        assert_eq!(num_feasible_nodes_to_find(1000, 5), 100);
    }
}

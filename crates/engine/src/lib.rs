//! The podlife engine: a deterministic discrete-event simulation of a Kubernetes 1.36 cluster.
//!
//! One virtual clock, one seeded RNG, ordered collections only. State lives in the store
//! (etcd); components see it only through watch deliveries into their informer caches and
//! change it only through API requests, as in Kubernetes. Everything that happens is recorded
//! as plain data in the trace.

#[macro_use]
#[doc(hidden)]
pub mod json_macro;
pub mod json_text;
pub mod gostrings;
/// Decimal text to `f64` without the standard library's tables (see `podlife_manifest::float`).
pub use podlife_manifest::float::parse_f64;
pub mod internet;
pub mod istio;
pub mod admission_review;
pub mod archive;
pub mod apiserver;
pub mod base64;
pub mod clock;
pub mod cluster;
pub mod component;
pub mod components;
pub mod containerd;
pub mod controllers;
pub mod cron;
pub mod deployment_util;
pub mod downward;
pub mod features;
#[cfg(feature = "fingerprint")]
pub mod fingerprint;
pub mod kubelet;
pub mod labels;
pub mod local_path;
pub mod metrics_server;
pub mod names;
pub mod nodeaffinity;
pub mod netpol;
pub mod netfilter;
pub mod network;
pub mod nodes;
mod machine;
mod node_host;
pub(crate) mod cri_api;
pub(crate) mod machine_services;
pub(crate) mod node_services;
pub mod podutil;
pub mod process;
pub mod proxy;
pub mod qos;
pub mod quota;
pub mod quiet;
pub mod quantities;
pub mod registry;
pub mod resources;
pub mod record;
pub mod rng;
pub mod scheduler;
pub mod shell;
pub mod sort;
pub mod store;
pub mod trace;
pub mod traffic;
pub mod vecmap;
pub mod webserver;
pub mod volume;
pub mod work;

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use crate::vecmap::VecMap;

use serde_json::Value;

pub use apiserver::{Impersonation, Request, Response, Verb, client_watch::WatchOptions, status::Status};
pub use clock::Time;
pub use podlife_model::obj::{Obj, Slot};
use component::Component as _;
use components::Informer;
use rng::Rng;
use store::{Store, WatchEvent};
pub use trace::{Action, ComponentRef, ObjectRef, TraceEvent};

/// The most objects the store holds; creates beyond it are refused with a stated error.
/// Measured: 1,000 nodes (`podlife cluster nodes 1000`) with a Deployment of 10,000 nginx
/// replicas, all Running 12 simulated minutes later, store 73,128 objects (each node ~17 with
/// its Lease, two DaemonSet pods and their Events; each pod ~5.6 with its Events); 1,000 nodes
/// alone, 17,000 a minute after they joined. The cap leaves room for `MAX_NODES` nodes
/// (~85,000 objects) with those 10,000 pods (~56,000).
pub const MAX_OBJECTS: usize = 200_000;

/// The most nodes a cluster may have: Kubernetes' documented limit ("No more than 5,000
/// nodes", kubernetes.io/docs/setup/best-practices/cluster-large/).
pub const MAX_NODES: usize = 5_000;

/// Upper bound on trace length: a run that would exceed it stops with an error.
pub const MAX_TRACE_EVENTS: usize = 1_000_000;

/// Watch delivery delay bounds (ms): the time from the watch cache to a component's informer.
const WATCH_DELAY_MS: (u64, u64) = (1, 5);

pub(crate) use components::CONTROLLER_QUEUE_DELAY_MS;

/// Something scheduled to happen at a virtual time.
#[derive(Debug, Clone)]
pub(crate) enum Task {
    Deliver { component: usize, event: WatchEvent },
    /// One of kube-scheduler's own timers.
    Scheduler(scheduler::Timer),
    /// One of a kubelet's own timers.
    Kubelet(kubelet::Timer),
    /// A container process's own timer.
    Process { node: String, container: String, generation: u64, timer: process::Timer },
    /// One of a node's containerd's timers (a StopContainer's timeout).
    Containerd(containerd::service::Timer),
    /// A rebooting machine is up again (`token`: the shutdown it ends).
    NodeBoot { node: String, token: u64 },
    /// One of kube-controller-manager's own timers (`controllers/manager.rs`).
    Kcm(controllers::manager::Timer),
    /// etcd revokes an expired lease and deletes the events on it (`apiserver/event_ttl.rs`).
    EventLeaseExpire { expiry: clock::Time },
    /// One of a node's kube-proxy's timers.
    Proxy(proxy::Timer),
    /// A traffic client sends request `index` of a run.
    TrafficRequest { job: usize, index: u64 },
    /// An accepted request's answer is due.
    TrafficResponse { job: usize, second: u64, node: String, endpoint: Box<network::Endpoint>, container: String, generation: u64, code: u16 },
    /// A traffic run is over.
    TrafficFinish { job: usize },
    /// local-path-provisioner's next step on a volume.
    LocalPath(local_path::Timer),
}

#[derive(Debug, Clone)]
struct Scheduled {
    at: Time,
    seq: u64,
    task: Task,
}

impl PartialEq for Scheduled {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.seq) == (other.at, other.seq)
    }
}
impl Eq for Scheduled {}
impl PartialOrd for Scheduled {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Scheduled {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.at, self.seq).cmp(&(other.at, other.seq))
    }
}

/// Why an engine operation was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    UnknownComponent(String),
    UnknownNode(String),
    TraceFull,
    /// The command's work budget ran out (`work`).
    WorkBudget,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::UnknownComponent(c) => write!(f, "unknown component {c:?}"),
            EngineError::UnknownNode(n) => write!(f, "no node named {n:?}"),
            EngineError::TraceFull => write!(f, "the trace reached its limit of {MAX_TRACE_EVENTS} reactions"),
            EngineError::WorkBudget => write!(f, "the command's budget of {} interpreter steps is spent", work::STEPS_PER_COMMAND),
        }
    }
}

/// The simulated cluster. `Clone` is a full snapshot (for stepping back in time).
#[derive(Debug, Clone)]
pub struct Engine {
    now: Time,
    pub(crate) rng: Rng,
    pub(crate) store: Store,
    pub(crate) components: Vec<Informer>,
    queue: BinaryHeap<Reverse<Scheduled>>,
    next_seq: u64,
    trace: Vec<TraceEvent>,
    trace_seq: u64,
    /// Off while the default cluster boots: its trace is dropped at the end, so its reactions
    /// and their field changes are not built at all (a third of the boot's time).
    pub(crate) tracing: bool,
    /// The trace keeps one pod in this many once the cluster is large (`trace/sampling.rs`;
    /// 1: everything); `trace_auto` lets it follow the cluster's size.
    trace_one_in: u32,
    trace_auto: bool,
    /// Reactions sampling left out, and a change of rate the console has not said yet.
    trace_dropped: u64,
    trace_notice: Option<trace::Sampled>,
    /// `Warning:` headers of the responses served since the last `take_warnings`.
    warnings: Vec<String>,
    /// How many requests `handle` is serving at once (a client's request may wait on webhooks
    /// while components send their own), and the level of the client's request: only its
    /// warnings reach the client (a controller's never reach the user's kubectl).
    handle_depth: u32,
    client_depth: Option<u32>,
    /// kube-scheduler's process (`component.rs`).
    pub(crate) scheduler: component::Slot<scheduler::KubeScheduler>,
    /// (group, resource, node filter) → components watching it; rebuilt when components change.
    watch_index: VecMap<(&'static str, &'static str, Option<String>), Vec<usize>>,
    watch_index_for: usize,
    /// Each node's machinery below the API: containerd's state, the kubelet's memory, the
    /// node's disk.
    // Boxed values: every VecMap<String, Box<_>> shares one copy of the map's code (the worker's size, see ARCHITECTURE.md).
    pub(crate) machines: VecMap<String, Box<machine::NodeMachine>>,
    /// Each node's kubelet process: its pod workers, back-offs, PLEG's view, status and
    /// eviction managers (`kubelet/`).
    pub(crate) kubelets: VecMap<String, component::Slot<kubelet::Kubelet>>,
    /// Each node's containerd daemon (made with its machine).
    pub(crate) containerds: VecMap<String, component::Slot<containerd::service::Containerd>>,
    /// Storage outside the nodes (NFS exports, CSI and other network volumes), by the
    /// volume's identity: the same data from every node.
    pub(crate) storage: VecMap<String, containerd::fs::Tree>,
    /// (component name, node) → index in `components`; rebuilt when components change.
    node_index: VecMap<(String, String), usize>,
    node_index_for: usize,
    /// Nodes cut off from the control plane (`podlife node down`).
    pub(crate) down_nodes: crate::vecmap::VecSet<String>,
    /// Machines removed from the cluster (`podlife node remove`); their components stay
    /// stopped in `components` so that indices hold.
    pub(crate) removed_nodes: crate::vecmap::VecSet<String>,
    /// Machines rebooting, with the token of the boot that ends it.
    pub(crate) rebooting: VecMap<String, u64>,
    /// Work done, and the current command's budget.
    pub(crate) work: work::Work,
    next_boot: u64,
    /// kind's local-path-provisioner (its process, `component.rs`).
    pub(crate) local_path: component::Slot<local_path::LocalPathProvisioner>,
    /// kube-controller-manager's process (`controllers/manager.rs`): its clients, rate limiter
    /// and event recorder, and the loops moved into it.
    pub(crate) kcm: component::Slot<controllers::manager::KubeControllerManager>,
    /// Workload keys whose worker still sends the requests of its last sync (blocked on its
    /// client's rate limiter), until when; and the keys whose next sync waits for that.
    /// Client watches opened from outside the cluster (`kubectl get -w`).
    taps: Vec<apiserver::client_watch::ClientWatch>,
    next_tap: u64,
    /// Each node's kube-proxy: its rules in effect and its sync runner.
    pub(crate) kube_proxies: VecMap<String, component::Slot<proxy::KubeProxy>>,
    /// Each node's NAT table (the kernel's, which kube-proxy writes).
    pub(crate) nat_tables: VecMap<String, proxy::NatTable>,
    /// kube-proxy's configuration for nodes that join later.
    pub(crate) proxy_defaults: proxy::ProxyConfig,
    /// `podlife traffic` runs (None once finished) and the reports not yet handed over.
    pub(crate) traffic: Vec<Option<traffic::TrafficJob>>,
    pub(crate) traffic_done: Vec<traffic::TrafficReport>,
    /// The admission webhooks' view of the request being served.
    pub(crate) admission: apiserver::webhooks::State,
    /// Quiet stretches: the epochs and the next look (`quiet.rs`).
    pub(crate) quiet: quiet::Quiet,
    /// The etcd leases that end events an hour after their last write.
    pub(crate) event_leases: apiserver::event_ttl::EventLeases,
    /// The feature gates every component was started with (`podlife feature-gates`).
    pub(crate) features: features::FeatureGates,
}

impl Engine {
    /// An engine with an empty store and no components (see `cluster` for the defaults), its
    /// clock at the script's start.
    pub fn bare(seed: u64) -> Engine {
        Engine::bare_at(seed, clock::SCRIPT_START)
    }

    /// An empty engine whose clock reads `now`.
    pub(crate) fn bare_at(seed: u64, now: Time) -> Engine {
        Engine {
            now,
            rng: Rng::new(seed),
            store: Store::new(),
            components: Vec::new(),
            queue: BinaryHeap::new(),
            next_seq: 0,
            trace: Vec::new(),
            trace_seq: 0,
            tracing: true,
            trace_one_in: 1,
            trace_auto: true,
            trace_dropped: 0,
            trace_notice: None,
            warnings: Vec::new(),
            handle_depth: 0,
            client_depth: None,
            scheduler: component::Slot::new(scheduler::KubeScheduler::default()),
            watch_index: VecMap::new(),
            watch_index_for: usize::MAX,
            machines: VecMap::new(),
            storage: VecMap::new(),
            node_index: VecMap::new(),
            node_index_for: usize::MAX,
            down_nodes: crate::vecmap::VecSet::new(),
            removed_nodes: crate::vecmap::VecSet::new(),
            rebooting: VecMap::new(),
            work: Default::default(),
            next_boot: 0,
            local_path: component::Slot::new(Default::default()),
            kcm: component::Slot::new(Default::default()),
            taps: Vec::new(),
            next_tap: 0,
            kube_proxies: VecMap::new(),
            kubelets: VecMap::new(),
            containerds: VecMap::new(),
            nat_tables: VecMap::new(),
            proxy_defaults: proxy::ProxyConfig::default(),
            traffic: Vec::new(),
            traffic_done: Vec::new(),
            admission: Default::default(),
            event_leases: Default::default(),
            quiet: Default::default(),
            features: Default::default(),
        }
    }

    /// The cluster's feature gates (`features.rs`).
    pub fn features(&self) -> &features::FeatureGates {
        &self.features
    }

    /// Sets the feature gates the components run with. A real cluster takes them at its
    /// components' start (kind's `featureGates:`); the console lets a script set them only
    /// before its first command that touches the cluster.
    pub fn set_features(&mut self, gates: features::FeatureGates) {
        self.features = gates;
    }

    /// Turns the skipping of quiet stretches off or on (`quiet.rs`; on by default).
    pub fn set_quiet_skips(&mut self, on: bool) {
        self.quiet.disabled = !on;
    }

    /// The `Warning` headers of recent responses (kubectl prints them as `Warning: …`).
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// A `Warning` header of the response being served; kept for the client only when the
    /// request is the client's own.
    pub(crate) fn warn(&mut self, text: String) {
        if self.client_depth == Some(self.handle_depth) {
            self.warnings.push(text);
        }
    }

    pub fn now(&self) -> Time {
        self.now
    }

    /// When the next scheduled task is due (periodic work means there nearly always is one).
    pub fn next_due(&self) -> Option<Time> {
        self.queue.peek().map(|Reverse(s)| s.at)
    }

    /// Moves the clock forward to `at` without running anything (a `sleep` that ends in a quiet moment).
    pub fn set_clock(&mut self, at: Time) {
        self.now = self.now.max(at);
    }

    /// Hands over the trace recorded so far (the web player keeps its own, so that snapshots
    /// of the engine do not copy it).
    pub fn take_trace(&mut self) -> Vec<TraceEvent> {
        std::mem::take(&mut self.trace)
    }

    /// From now on, keep every write for `take_writes` (etcd's history, for the web player).
    pub fn keep_writes(&mut self) {
        self.store.keep_history();
    }

    /// The writes since the last call, in revision order.
    pub fn take_writes(&mut self) -> Vec<store::WatchEvent> {
        self.store.take_history()
    }

    pub fn trace(&self) -> &[TraceEvent] {
        &self.trace
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    pub fn components(&self) -> &[Informer] {
        &self.components
    }

    pub(crate) fn record(&mut self, component: ComponentRef, action: Action, object: Option<ObjectRef>, params: impl Into<trace::Params>, diff: Vec<trace::FieldChange>) {
        if !self.tracing || self.trace.len() >= MAX_TRACE_EVENTS {
            return;
        }
        if !self.sampling_keeps(object.as_ref()) {
            self.trace_dropped += 1;
            return;
        }
        self.trace_seq += 1;
        self.trace.push(TraceEvent { time: self.now, seq: self.trace_seq, component, action, object, params: params.into(), diff });
    }

    /// Whether a reaction about `object` would be kept (the trace is on, and sampling keeps
    /// it): a caller skips building what only the trace would read.
    pub(crate) fn traces(&self, object: Option<&ObjectRef>) -> bool {
        self.tracing && self.sampling_keeps(object)
    }

    /// Whether the trace's sampling keeps a reaction about `object` (one without is kept).
    fn sampling_keeps(&self, object: Option<&ObjectRef>) -> bool {
        object.is_none_or(|o| trace::sampling::keeps(self.trace_one_in, o))
    }

    /// A pod or node was created: the trace's sampling follows the cluster's size (it only
    /// ever keeps less), and the change is itself a reaction the console and the web app
    /// state.
    pub(crate) fn resample_trace(&mut self) {
        if !self.trace_auto || !self.tracing {
            return;
        }
        let (pods, nodes) = self.store.pods_and_nodes();
        let one_in = trace::sampling::one_in_for(pods, nodes);
        if one_in <= self.trace_one_in {
            return;
        }
        self.trace_one_in = one_in;
        let sampled = trace::Sampled { one_in, pods, nodes };
        let params = crate::sort::map_of([
            ("oneIn".to_string(), json!(one_in)),
            ("pods".to_string(), json!(pods)),
            ("nodes".to_string(), json!(nodes)),
        ]);
        self.record(ComponentRef::control_plane("podlife"), Action::TraceSampled, None, params, vec![]);
        self.trace_notice = Some(sampled);
    }

    /// Whether the trace follows the cluster's size (the default) or keeps everything
    /// (`podlife run --trace-level=full`; a run that large may then stop when the trace is full).
    pub fn set_trace_sampling(&mut self, auto: bool) {
        self.trace_auto = auto;
        if !auto {
            self.trace_one_in = 1;
        }
    }

    /// Whether the trace follows the cluster's size.
    pub fn trace_sampling_auto(&self) -> bool {
        self.trace_auto
    }

    /// The trace's sampling now: it keeps one pod in this many (1: everything), and how many
    /// reactions it has left out so far.
    pub fn trace_sampling(&self) -> (u32, u64) {
        (self.trace_one_in, self.trace_dropped)
    }

    /// A change of the trace's sampling not yet told (the console says it once).
    pub fn take_trace_notice(&mut self) -> Option<trace::Sampled> {
        self.trace_notice.take()
    }

    /// How many tasks were ever queued (a reaction that queued none leaves it as it was).
    pub(crate) fn next_seq(&self) -> u64 {
        self.next_seq
    }

    pub(crate) fn schedule(&mut self, at: Time, task: Task) {
        self.next_seq += 1;
        self.queue.push(Reverse(Scheduled { at, seq: self.next_seq, task }));
    }

    /// The watch cache broadcasts a change; every running component whose informer wants it
    /// receives it after a short delay.
    pub(crate) fn broadcast(&mut self, event: WatchEvent, object: Option<ObjectRef>) {
        let params = crate::sort::map_of([
            ("type".to_string(), json!(event.event_type.as_str())),
            ("resourceVersion".to_string(), json!(event.revision.to_string())),
        ]);
        self.record(ComponentRef::control_plane("kube-apiserver"), Action::Watch, object, params, vec![]);
        let now = self.now;
        for tap in &mut self.taps {
            tap.offer(now, &event);
        }
        let targets = self.watchers_of(&event);
        for i in targets {
            // kube-proxy's watch is one of thousands the API server fans out (proxy module).
            let (lo, hi) = match (&self.components[i].id.node, self.components[i].id.name.as_str()) {
                (Some(node), proxy::COMPONENT) => self.kube_proxies.get(node.as_str()).and_then(|p| p.get()).map_or(WATCH_DELAY_MS, |p| p.config.watch_ms),
                _ => WATCH_DELAY_MS,
            };
            let delay = self.rng.between(lo, hi);
            let at = self.now.plus_millis(delay).max(self.components[i].last_delivery);
            self.components[i].last_delivery = at;
            self.schedule(at, Task::Deliver { component: i, event: event.clone() });
        }
    }

    /// The running components whose informers want this event, in component order. An index
    /// by (group, resource, node filter) avoids asking every component of a large cluster.
    fn watchers_of(&mut self, event: &WatchEvent) -> Vec<usize> {
        if self.watch_index_for != self.components.len() {
            let mut index: VecMap<(&'static str, &'static str, Option<String>), Vec<usize>> = VecMap::new();
            for (i, c) in self.components.iter().enumerate() {
                for w in &c.watches {
                    index.entry((w.group, w.resource, w.node_name.clone())).or_default().push(i);
                }
            }
            self.watch_index = index;
            self.watch_index_for = self.components.len();
        }
        let node = event.object["spec"]["nodeName"].as_str().map(str::to_string);
        let key = |n: Option<String>| (event.key.group, event.key.resource, n);
        let mut targets: Vec<usize> = self.watch_index.get(&key(None)).cloned().unwrap_or_default();
        if node.is_some() {
            targets.extend(self.watch_index.get(&key(node)).cloned().unwrap_or_default());
        }
        crate::sort::sort(&mut targets);
        targets.dedup();
        targets.retain(|&i| self.components[i].running && self.components[i].id.node.as_ref().is_none_or(|n| !self.down_nodes.contains(n.as_str())) && self.components[i].wants(event));
        targets
    }

    /// Processes the next scheduled task if it is due by `limit`; false when none is.
    /// Processes the next task due at or before `limit`; false when none is due.
    pub fn step_until(&mut self, limit: Time) -> bool {
        let due = self.queue.peek().is_some_and(|Reverse(s)| s.at <= limit);
        if !due || !self.may_work() {
            return false;
        }
        // A stretch where every periodic task would change nothing passes in one step.
        self.skip_quiet(limit);
        if self.queue.peek().is_none_or(|Reverse(s)| s.at > limit) {
            return false;
        }
        let Some(Reverse(next)) = self.queue.pop() else { return false };
        #[cfg(feature = "fingerprint")]
        let task_seq = next.seq;
        self.refresh_node_index();
        self.now = self.now.max(next.at);
        self.work.reactions += 1;
        self.work.units += work::reaction_units(self.store.pods_and_nodes().0);
        let scope = self.quiet_scope(&next.task);
        self.quiet_before(&scope);
        // What the node's runtime spends for a pod whose crash loop is watched is its own.
        let charged = match &scope {
            quiet::Scope::Pod(uid) | quiet::Scope::ProbeTick(uid) => self.runtime_use_mark(&next.task, uid).map(|(node, mark)| (node, uid.clone(), mark)),
            _ => None,
        };
        self.run_task(next.task);
        if let Some((node, uid, mark)) = charged {
            self.charge_runtime(&node, &uid, mark);
        }
        self.quiet_after(&scope);
        #[cfg(feature = "fingerprint")]
        fingerprint::note(self.fingerprint(task_seq));
        true
    }

    /// The counters a reaction fingerprint holds, now (`task_seq`: the task that just ran, or 0).
    #[cfg(feature = "fingerprint")]
    pub fn fingerprint(&self, task_seq: u64) -> fingerprint::Fingerprint {
        fingerprint::Fingerprint {
            now: self.now.0,
            task_seq,
            rng: self.rng.state(),
            next_seq: self.next_seq,
            revision: self.store.revision(),
            trace_seq: self.trace_seq,
            queue_len: self.queue.len() as u64,
        }
    }

    /// Whether the next reaction may run: the simulation has not stopped, and stops now if
    /// the command's budget or the trace is used up.
    fn may_work(&mut self) -> bool {
        if self.work.stopped.is_some() {
            return false;
        }
        let reason = if self.trace.len() >= MAX_TRACE_EVENTS {
            work::StopReason::TraceFull(MAX_TRACE_EVENTS)
        } else if self.work.steps_limit.is_some_and(|l| self.work.steps >= l) {
            work::StopReason::Steps(self.work.steps_per_command.unwrap_or(work::STEPS_PER_COMMAND))
        } else if self.work.reactions_limit.is_some_and(|l| self.work.reactions >= l) {
            work::StopReason::Reactions(self.work.reactions_per_command.unwrap_or_default())
        } else if self.work.units_limit.is_some_and(|l| self.work.units >= l) {
            work::StopReason::Work(self.work.units_per_command.unwrap_or(work::UNITS_PER_COMMAND))
        } else {
            return true;
        };
        self.work.stopped = Some(work::Stop { at: self.now, reactions: self.work.reactions, reason });
        false
    }

    /// The cluster changed outside the task queue (a client's write, an exec, a component or
    /// node stopped or started by the learner): every quiet observation is void
    /// (`quiet.rs`). Each public entry point that changes the cluster calls this first.
    pub(crate) fn outside_change(&mut self) {
        self.quiet.touch_all();
        if let Some(k) = self.kcm.get_mut() {
            k.forget_hpa_repeats();
        }
    }

    /// A new command begins: it gets a fresh work budget (a stop for a full trace stays).
    pub fn begin_command(&mut self) {
        // A command that only reads (`sleep`, `kubectl get`) leaves the quiet observations
        // standing; the entry points that change the cluster void them (`outside_change`).
        self.work.steps_limit = Some(self.work.steps.saturating_add(self.work.steps_per_command.unwrap_or(work::STEPS_PER_COMMAND)));
        self.work.reactions_limit = self.work.reactions_per_command.map(|n| self.work.reactions.saturating_add(n));
        self.work.units_limit = Some(self.work.units.saturating_add(self.work.units_per_command.unwrap_or(work::UNITS_PER_COMMAND)));
        if self.work.stopped.is_some_and(|s| !s.is_final()) {
            self.work.stopped = None;
            self.work.reported = false;
        }
    }

    /// The command is over: no budget applies until the next one (a driver that moves the
    /// clock itself, as the web player's `sleep` does, has its own caps), and a stop that a
    /// new budget lifts is lifted.
    pub fn end_command(&mut self) {
        self.work.steps_limit = None;
        self.work.reactions_limit = None;
        self.work.units_limit = None;
        if self.work.stopped.is_some_and(|s| !s.is_final()) {
            self.work.stopped = None;
            self.work.reported = false;
        }
    }

    /// Smaller budgets per command than [`work::STEPS_PER_COMMAND`], and a reaction budget,
    /// for a driver that must bound each command tightly (the fuzz harness: a command that
    /// would run away stops at its budget instead of timing out). From the next command on.
    pub fn set_command_budget(&mut self, steps: Option<u64>, reactions: Option<u64>) {
        self.work.steps_per_command = steps;
        self.work.reactions_per_command = reactions;
    }

    /// A smaller budget of units of work per command than [`work::UNITS_PER_COMMAND`] (a test
    /// that must reach it quickly). From the next command on.
    pub fn set_command_units(&mut self, units: Option<u64>) {
        self.work.units_per_command = units;
    }

    /// The work counters: interpreter steps and reactions run so far, the current budget.
    pub fn work(&self) -> &work::Work {
        &self.work
    }

    /// Where the simulation stopped, once per stop.
    pub fn take_stop(&mut self) -> Option<work::Stop> {
        let stop = self.work.stopped?;
        if self.work.reported {
            return None;
        }
        self.work.reported = true;
        Some(stop)
    }

    /// A command that would wait for ever has waited as long as podlife waits at once: it
    /// stops here and says so (a stop the next command lifts).
    pub fn stop_waiting(&mut self, waited_ms: u64) {
        if self.work.stopped.is_none() {
            self.work.stopped = Some(work::Stop { at: self.now, reactions: self.work.reactions, reason: work::StopReason::Waiting(waited_ms) });
            self.work.reported = false;
        }
    }

    /// Whether the simulation is stopped (the clock does not move).
    pub fn stopped(&self) -> Option<work::Stop> {
        self.work.stopped
    }

    fn run_task(&mut self, task: Task) {
        match task {
            Task::Deliver { component, event } => {
                let Some(c) = self.components.get_mut(component) else { return };
                if !c.running {
                    return;
                }
                let old = c.cache.get(&event.key).cloned();
                c.apply(&event);
                let id = c.id.clone();
                let object = object_ref(&event.object, event.key.resource_type().map(|r| r.kind).unwrap_or_default());
                let params = crate::sort::map_of([
                    ("type".to_string(), json!(event.event_type.as_str())),
                    ("resourceVersion".to_string(), json!(event.revision.to_string())),
                ]);
                self.record(id.clone(), Action::InformerDeliver, object, params, vec![]);
                if id.name == scheduler::COMPONENT && id.node.is_none() {
                    self.run_component(|e| &mut e.scheduler, component, |s, cx| s.on_watch(cx, &event, old.as_deref().map(|o| o.root())));
                }
                if id.name == kubelet::COMPONENT
                    && let Some(node) = id.node.clone() {
                        self.kubelet_observe(&node, &event, old.as_deref().map(|o| o.root()));
                    }
                if id.name == proxy::COMPONENT
                    && let Some(node) = id.node.clone() {
                        self.ensure_kube_proxy(&node);
                        self.run_kube_proxy(&node, |p, cx| p.on_watch(cx, &event, old.as_deref().map(|o| o.root())));
                    }
                if id.name == local_path::COMPONENT {
                    self.run_component(|e| &mut e.local_path, component, |p, cx| p.on_watch(cx, &event, old.as_deref().map(|o| o.root())));
                }
                if id.name == "kube-controller-manager" {
                    self.run_component(|e| &mut e.kcm, component, |k, cx| k.on_watch(cx, &event, old.as_deref().map(|o| o.root())));
                }
            }
            Task::Scheduler(timer) => {
                if let Some(me) = self.control_plane_index(scheduler::COMPONENT) {
                    self.run_component(|e| &mut e.scheduler, me, |s, cx| s.on_timer(cx, timer));
                }
            }
            Task::Kubelet(timer) => self.kubelet_timer(timer),
            Task::Process { node, container, generation, timer } => self.process_timer(&node, &container, generation, timer),
            Task::Containerd(timer) => {
                let node = timer.node.clone();
                self.run_containerd(&node, |d, cx| component::Component::on_timer(d, cx, timer));
            }
            Task::NodeBoot { node, token } => self.node_boot(&node, token),
            Task::Kcm(timer) => {
                if let Some(me) = self.control_plane_index(controllers::KCM) {
                    self.run_component(|e| &mut e.kcm, me, |k, cx| k.on_timer(cx, timer));
                }
            }
            Task::EventLeaseExpire { expiry } => self.event_lease_expire(expiry),
            Task::Proxy(timer) => {
                let node = timer.node().to_string();
                self.run_kube_proxy(&node, |p, cx| p.on_timer(cx, timer));
            }
            Task::TrafficRequest { job, index } => self.traffic_request(job, index),
            Task::TrafficResponse { job, second, node, endpoint, container, generation, code } => self.traffic_response(job, second, &node, &endpoint, &container, generation, code),
            Task::TrafficFinish { job } => self.traffic_finish(job),
            Task::LocalPath(timer) => {
                if let Some(me) = self.control_plane_index(local_path::COMPONENT) {
                    self.run_component(|e| &mut e.local_path, me, |p, cx| p.on_timer(cx, timer));
                }
            }
        }
    }

    /// Processes one scheduled task, whenever it is due; false when nothing is scheduled.
    pub fn step(&mut self) -> bool {
        self.step_until(Time(u64::MAX))
    }

    /// Processes everything due up to `until`, then sets the clock there.
    /// When the simulation stops on the way (`work`), the clock stays at the last reaction.
    pub fn run_until(&mut self, until: Time) -> Result<(), EngineError> {
        while self.step_until(until) {}
        if let Some(stop) = self.work.stopped {
            return Err(match stop.reason {
                work::StopReason::TraceFull(_) => EngineError::TraceFull,
                work::StopReason::Steps(_) | work::StopReason::Reactions(_) | work::StopReason::Work(_) | work::StopReason::Waiting(_) => EngineError::WorkBudget,
            });
        }
        self.now = self.now.max(until);
        Ok(())
    }

    /// Advances virtual time by `ms`, processing everything that happens meanwhile.
    pub fn advance_by(&mut self, ms: u64) {
        let until = self.now.plus_millis(ms);
        let _ = self.run_until(until);
    }

    /// Lets time pass while `waiting` holds, for at most `max_ms` of virtual time (kubectl's
    /// `--wait`). Returns true when the condition ended, false at the limit. When nothing is
    /// left to happen the clock still runs to the limit, as a waiting client's would.
    pub fn wait_while(&mut self, mut waiting: impl FnMut(&Engine) -> bool, max_ms: u64) -> bool {
        let deadline = self.now.plus_millis(max_ms);
        loop {
            if !waiting(self) {
                return true;
            }
            if !self.step_until(deadline) {
                if self.work.stopped.is_none() {
                    self.now = self.now.max(deadline);
                }
                return !waiting(self);
            }
        }
    }

    /// Processes scheduled tasks until none is left or `max_steps` have run.
    pub fn run_to_quiescence(&mut self, max_steps: usize) -> usize {
        let mut n = 0;
        while n < max_steps && self.step() {
            n += 1;
        }
        n
    }

    /// Would the PersistentVolume controller's next resync write nothing (a quiet stretch)?
    pub(crate) fn pv_resync_steady(&self) -> bool {
        let Some(i) = self.control_plane_index(controllers::KCM) else { return true };
        if !self.components[i].running {
            return true;
        }
        self.kcm.get().is_none_or(|k| k.pv_resync_steady(&self.components[i].cache, self.now))
    }

    /// A node component's informers list afresh (its watch broke); the kubelet learns what
    /// changed meanwhile as notifications.
    pub(crate) fn relist_component(&mut self, name: &str, node: &str) {
        let Some(i) = self.node_component(name, node) else { return };
        if !self.components[i].running {
            return;
        }
        let revision = self.store.revision();
        let watches = self.components[i].watches.clone();
        let mut fresh = crate::components::Cache::new();
        for w in &watches {
            fresh.extend(self.store.list_shared(w.group, w.resource, None).filter(|(k, v)| w.matches(k, v)).map(|(k, v)| (k.clone(), v.clone())));
        }
        let old = std::mem::replace(&mut self.components[i].cache, fresh.clone());
        let id = self.components[i].id.clone();
        self.record(id, Action::InformerList, None, crate::sort::map_of([("count".to_string(), json!(fresh.len())), ("resourceVersion".to_string(), json!(revision.to_string()))]), vec![]);
        if name != kubelet::COMPONENT {
            return;
        }
        let mut events: Vec<WatchEvent> = vec![];
        for (k, v) in old.iter() {
            if !fresh.contains_key(k) {
                events.push(WatchEvent { event_type: store::EventType::Deleted, key: k.clone(), object: v.clone(), revision });
            }
        }
        for (k, v) in fresh.iter() {
            if old.get(k) != Some(v) {
                let event_type = if old.contains_key(k) { store::EventType::Modified } else { store::EventType::Added };
                events.push(WatchEvent { event_type, key: k.clone(), object: v.clone(), revision });
            }
        }
        for e in events {
            let before = old.get(&e.key).cloned();
            self.kubelet_observe(node, &e, before.as_deref().map(|o| o.root()));
        }
    }

    /// The index of a node component (`kubelet` on `worker-1`), by an index kept in step
    /// with the component list.
    pub(crate) fn node_component(&self, name: &str, node: &str) -> Option<usize> {
        if self.node_index_for == self.components.len() {
            return self.node_index.get_by(|(n, on)| (n.as_str(), on.as_str()).cmp(&(name, node))).copied();
        }
        self.components.iter().position(|c| c.id.name == name && c.id.node.as_deref() == Some(node))
    }

    fn refresh_node_index(&mut self) {
        if self.node_index_for != self.components.len() {
            self.node_index = VecMap::from_iter(self.components.iter().enumerate().filter_map(|(i, c)| Some(((c.id.name.to_string(), c.id.node.as_ref()?.to_string()), i))));
            self.node_index_for = self.components.len();
        }
    }

    /// A control-plane component's index in `components` (None in an engine without it).
    pub(crate) fn control_plane_index(&self, name: &str) -> Option<usize> {
        self.find_component(name, None).ok()
    }

    /// Until when a component's periodic timer changes nothing (`quiet.rs`): asked of the
    /// component in `slot`, which runs as component `me` (never running: steady).
    pub(crate) fn steady_until<C: component::Component>(&self, slot: &component::Slot<C>, me: Option<usize>, timer: &C::Timer) -> Option<Time> {
        let Some(me) = me else { return Some(Time(u64::MAX)) };
        let c = &self.components[me];
        slot.get().and_then(|s| s.steady_until(c.running, &c.cache, timer))
    }

    fn find_component(&self, name: &str, node: Option<&str>) -> Result<usize, EngineError> {
        if let Some(n) = node
            && (!self.components.iter().any(|c| c.id.node.as_deref() == Some(n)) || self.removed_nodes.contains(n)) {
                return Err(EngineError::UnknownNode(n.to_string()));
            }
        self.components
            .iter()
            .position(|c| c.id.name == name && c.id.node.as_deref() == node)
            .ok_or_else(|| EngineError::UnknownComponent(name.to_string()))
    }

    /// Stops a component: it drops its cache and receives nothing until started again.
    /// `podlife scheduler config`: kube-scheduler restarts with a KubeSchedulerConfiguration
    /// and returns its profiles' names. An invalid one stops it (its static pod exits with
    /// status 1 and crash-loops) with the error it logs; the previous configuration stays for
    /// a later `podlife start kube-scheduler`.
    pub fn configure_scheduler(&mut self, document: &Value) -> Result<Vec<String>, String> {
        self.outside_change();
        match scheduler::config::load(document) {
            Ok(config) => {
                let names = config.profiles.iter().map(|p| p.scheduler_name.clone()).collect();
                let _ = self.stop_component(scheduler::COMPONENT, None);
                if let Some(s) = self.scheduler.get_mut() {
                    s.config = config;
                }
                let _ = self.start_component(scheduler::COMPONENT, None);
                Ok(names)
            }
            Err(e) => {
                let _ = self.stop_component(scheduler::COMPONENT, None);
                Err(e)
            }
        }
    }

    /// `podlife controller-manager config`: kube-controller-manager restarts with new client
    /// flags, as a kind cluster's does when its static pod's manifest changes.
    pub fn configure_controller_manager(&mut self, config: controllers::client::ClientConfig) {
        self.outside_change();
        let _ = self.stop_component(controllers::KCM, None);
        if let Some(k) = self.kcm.get_mut() {
            k.set_client_config(config);
        }
        let _ = self.start_component(controllers::KCM, None);
    }

    /// The client flags kube-controller-manager runs with.
    pub fn controller_manager_config(&self) -> controllers::client::ClientConfig {
        self.kcm.get().map(|k| k.client_config()).unwrap_or_default()
    }

    #[inline(never)]
    pub fn stop_component(&mut self, name: &str, node: Option<&str>) -> Result<(), EngineError> {
        self.outside_change();
        let i = self.find_component(name, node)?;
        let c = &mut self.components[i];
        if !c.running {
            return Ok(());
        }
        c.running = false;
        c.cache.clear();
        let id = c.id.clone();
        if id.name == scheduler::COMPONENT && id.node.is_none()
            && let Some(s) = self.scheduler.get_mut() {
                s.on_stop();
            }
        if id.name == local_path::COMPONENT
            && let Some(p) = self.local_path.get_mut() {
                p.on_stop();
            }
        if let Some(node) = id.node.clone() {
            match id.name.as_str() {
                // containerd's daemon stops; its shims keep the containers running.
                "containerd" => {
                    let now = self.now;
                    if let Some(m) = self.machines.get_mut(node.as_str()) {
                        m.runtime.daemon_stop(now);
                    }
                }
                // The kubelet's memory (pod workers, back-offs, PLEG's view) goes with it.
                kubelet::COMPONENT => {
                    if let Some(k) = self.kubelet_of_mut(&node) {
                        component::Component::on_stop(k);
                    }
                    // Its connection to containerd's socket goes with the process, and what it
                    // knew of its pods' volumes and static pods' statuses with its workers.
                    if let Some(m) = self.machines.get_mut(node.as_str()) {
                        m.cri_connected_at = Time::ZERO;
                        m.mounts.clear();
                        m.static_status.clear();
                    }
                }
                _ => {}
            }
        }
        self.record(id, Action::ComponentStop, None, BTreeMap::new(), vec![]);
        Ok(())
    }

    /// Starts a stopped component: its informers list every watched resource afresh, then
    /// watch from that revision.
    #[inline(never)]
    pub fn start_component(&mut self, name: &str, node: Option<&str>) -> Result<(), EngineError> {
        self.outside_change();
        let i = self.find_component(name, node)?;
        if self.components[i].running {
            return Ok(());
        }
        self.components[i].running = true;
        let id = self.components[i].id.clone();
        self.record(id.clone(), Action::ComponentStart, None, BTreeMap::new(), vec![]);
        let revision = self.store.revision();
        let watches = self.components[i].watches.clone();
        let mut listed: Vec<(store::ObjectKey, std::sync::Arc<crate::Obj>)> = Vec::new();
        for w in watches {
            let items: Vec<(store::ObjectKey, std::sync::Arc<crate::Obj>)> = self
                .store
                .list_shared(w.group, w.resource, None)
                .filter(|(k, v)| w.matches(k, v))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            let params = crate::sort::map_of([
                ("resource".to_string(), json!(w.resource)),
                ("count".to_string(), json!(items.len())),
                ("resourceVersion".to_string(), json!(revision.to_string())),
            ]);
            self.components[i].cache.extend(items.iter().cloned());
            self.components[i].generation += 1;
            self.record(id.clone(), Action::InformerList, None, params, vec![]);
            listed.extend(items);
        }
        // The initial lists reach the handlers as Add notifications, so controllers catch up
        // on everything that happened while they were stopped — but only once every informer
        // has listed (`cache.WaitForCacheSync` before a controller's workers start): a Service
        // handled before the EndpointSlice list arrived would get a second slice.
        if id.name == "kube-controller-manager" {
            // A new process: every controller's memory (queues, timers, node health, event
            // correlation) starts empty.
            self.run_component(|e| &mut e.kcm, i, |k, cx| k.on_start(cx));
            for (key, object) in listed {
                let event = WatchEvent { event_type: store::EventType::Added, key, object, revision };
                self.run_component(|e| &mut e.kcm, i, |k, cx| k.listed(cx, &event));
            }
        }
        if id.name == "kube-controller-manager" {
            // The garbage collector's graph is rebuilt from the fresh lists; dangling
            // references found there are queued, and so are the budgets and autoscalers.
            self.run_component(|e| &mut e.kcm, i, |k, cx| k.cached(cx, revision));
        }
        if id.name == scheduler::COMPONENT && id.node.is_none() {
            self.run_component(|e| &mut e.scheduler, i, |s, cx| s.on_start(cx));
        }
        if id.name == local_path::COMPONENT {
            self.run_component(|e| &mut e.local_path, i, |p, cx| p.on_start(cx));
        }
        if let Some(node) = id.node.clone() {
            match id.name.as_str() {
                "containerd" => {
                    let (now, boot_us) = (self.now, self.rng.between(30_000, 90_000));
                    let reconnect = kubelet::runtime_state::reconnect_delay_ms(&mut self.rng);
                    if let Some(m) = self.machines.get_mut(node.as_str()) {
                        let pid = m.runtime.next_pid();
                        m.runtime.daemon_start(now, pid, boot_us);
                        m.cri_connected_at = now.plus_millis(boot_us / 1000 + reconnect);
                    }
                    self.pleg_soon(&node);
                }
                kubelet::COMPONENT => {
                    // The new kubelet registers (the Node exists: it reads it), reads its manifest
                    // directory, then learns its pods from the list, as Add notifications.
                    let now = self.now;
                    if let Some(k) = self.kubelet_of_mut(&node) {
                        // A new process: its first status call is now, on a fresh connection.
                        k.booted_at = now;
                    }
                    if let Some(m) = self.machines.get_mut(node.as_str()) {
                        m.cri_connected_at = now;
                    }
                    self.kubelet_start(&node);
                    let mut pods: Vec<(store::ObjectKey, std::sync::Arc<crate::Obj>)> = self.components[i].cache.iter().filter(|(k, _)| k.resource == "pods").map(|(k, v)| (k.clone(), v.clone())).collect();
                    // `HandlePodAdditions` takes them oldest first (`PodsByCreationTime`): the
                    // order in which they are admitted again.
                    sort::sort_by(&mut pods, |a, b| a.1["metadata"]["creationTimestamp"].as_str().cmp(&b.1["metadata"]["creationTimestamp"].as_str()));
                    for (key, object) in pods {
                        let event = WatchEvent { event_type: store::EventType::Added, key, object, revision };
                        self.kubelet_observe(&node, &event, None);
                    }
                    self.pleg_soon(&node);
                }
                proxy::COMPONENT => {
                    self.ensure_kube_proxy(&node);
                    self.run_kube_proxy(&node, |p, cx| p.on_start(cx));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Is this component running?
    pub fn is_running(&self, name: &str, node: Option<&str>) -> Result<bool, EngineError> {
        self.find_component(name, node).map(|i| self.components[i].running)
    }

    /// Opens a client watch (`kubectl get -w`) on a resource: from now on, the changes a watch
    /// request with these options would stream.
    pub fn open_watch(&mut self, rt: &podlife_model::ResourceType, options: &WatchOptions) -> Result<u64, Status> {
        let watch = apiserver::client_watch::ClientWatch::open(self.next_tap + 1, rt, options, &self.store)?;
        self.next_tap += 1;
        self.taps.push(watch);
        Ok(self.next_tap)
    }

    /// The events a client watch saw since it was last drained, with their times.
    pub fn drain_watch(&mut self, id: u64) -> Vec<(Time, WatchEvent)> {
        self.taps.iter_mut().find(|t| t.id == id).map(|t| std::mem::take(&mut t.events)).unwrap_or_default()
    }

    pub fn close_watch(&mut self, id: u64) {
        self.taps.retain(|t| t.id != id);
    }

    /// Draws from the engine's RNG (for callers that model chance outside the engine, such as
    /// kubectl's generated names).
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }
}

/// What a running component may ask of the engine (`component.rs`): everything through its
/// own index, timers of its own type only.
impl component::Host for Engine {
    fn now(&self) -> Time {
        self.now
    }

    fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    fn cache(&self, me: usize) -> &components::Cache {
        &self.components[me].cache
    }

    fn running(&self, me: usize) -> bool {
        self.components[me].running
    }

    fn request(&mut self, req: Request) -> Result<Response, Status> {
        self.handle(req)
    }

    fn record(&mut self, me: usize, action: Action, object: Option<ObjectRef>, params: trace::Params, diff: Vec<trace::FieldChange>) {
        let id = self.components[me].id.clone();
        Engine::record(self, id, action, object, params, diff);
    }

    fn traces(&self, object: Option<&ObjectRef>) -> bool {
        Engine::traces(self, object)
    }

    fn feature_enabled(&self, gate: &str) -> bool {
        self.features.enabled(gate)
    }

    fn metrics_api(&self) -> metrics_server::MetricsApi {
        Engine::metrics_api(self)
    }

    fn pod_metrics(&self, last: Time, namespace: Option<&str>) -> Vec<metrics_server::PodUsage> {
        Engine::pod_metrics(self, last, namespace)
    }

    fn nat(&mut self, node: &str) -> Option<&mut proxy::NatTable> {
        self.nat_tables.get_mut(node)
    }

    fn node(&mut self) -> &mut dyn node_services::NodeServices {
        self
    }

    fn machine(&mut self) -> &mut dyn machine_services::MachineServices {
        self
    }

    fn record_as(&mut self, me: usize, component: &str, action: Action, object: Option<ObjectRef>, params: trace::Params) {
        let id = ComponentRef { name: trace::Sym::new(component), node: self.components[me].id.node.clone() };
        Engine::record(self, id, action, object, params, vec![]);
    }
}

impl<T: Into<Task>> component::TimerHost<T> for Engine {
    fn after(&mut self, at: Time, timer: T) {
        self.schedule(at, timer.into());
    }
}

impl From<scheduler::Timer> for Task {
    fn from(timer: scheduler::Timer) -> Task {
        Task::Scheduler(timer)
    }
}

impl From<controllers::manager::Timer> for Task {
    fn from(timer: controllers::manager::Timer) -> Task {
        Task::Kcm(timer)
    }
}

impl From<kubelet::Timer> for Task {
    fn from(timer: kubelet::Timer) -> Task {
        Task::Kubelet(timer)
    }
}

impl Task {
    /// A timer of node `node`'s kubelet.
    pub(crate) fn kubelet(node: &str, due: kubelet::Due) -> Task {
        Task::Kubelet(kubelet::Timer { node: node.to_string(), due })
    }
}

impl From<containerd::service::Timer> for Task {
    fn from(timer: containerd::service::Timer) -> Task {
        Task::Containerd(timer)
    }
}

impl From<proxy::Timer> for Task {
    fn from(timer: proxy::Timer) -> Task {
        Task::Proxy(timer)
    }
}

impl From<local_path::Timer> for Task {
    fn from(timer: local_path::Timer) -> Task {
        Task::LocalPath(timer)
    }
}

impl Engine {
    /// Runs `f` on the component state in `slot`, taken out of the engine meanwhile, with a
    /// context for component `me`; None when the state is out already.
    pub(crate) fn run_component<C: component::Component, R>(&mut self, slot: fn(&mut Engine) -> &mut component::Slot<C>, me: usize, f: impl FnOnce(&mut C, &mut component::Cx<'_, C::Timer>) -> R) -> Option<R>
    where
        C::Timer: Into<Task>,
    {
        let mut state = slot(self).take()?;
        // What the component reads of its cache is its reaction's work (`work.rs`); what the
        // engine's own checks read meanwhile is not.
        let reads = |e: &Engine| e.components.get(me).map_or(0, |c| c.cache.take_visits());
        reads(self);
        let result = f(&mut state, &mut component::Cx::new(self, me));
        let objects = reads(self);
        self.work.charge_reads(objects);
        slot(self).put(state);
        Some(result)
    }
}

/// The trace reference for an object value.
pub fn object_ref(object: &Slot, kind: &str) -> Option<ObjectRef> {
    let meta = &object["metadata"];
    Some(ObjectRef::new(kind, meta["namespace"].as_str(), meta["name"].as_str()?))
}

//! The kubelet of each node: pod workers that drive the container runtime toward the pod's
//! spec, PLEG, and the status manager — `pkg/kubelet/kubelet.go` (`SyncPod`,
//! `SyncTerminatingPod`, `SyncTerminatedPod`), `pkg/kubelet/pod_workers.go` (one worker per
//! pod, re-queued after `syncFrequency` 1 min ×[1, 1.5) or after a back-off),
//! `pkg/kubelet/kuberuntime/kuberuntime_manager.go` (`computePodActions`, `SyncPod`,
//! `doBackOff`), `pkg/kubelet/images/image_manager.go` (`EnsureImageExists`),
//! `pkg/kubelet/pleg/generic.go` (relist every second) and `pkg/kubelet/status`.
//!
//! Timing, as on a real node: a sync computes the status first (so the API sees a change one
//! sync later), then runs its actions one after another (each CRI call takes its time; image
//! pulls are serialized per node); PLEG's relist on the node's 1-second tick notices started
//! and exited containers and triggers the next sync, and a sync whose actions all succeeded
//! has PLEG relist its pod at once (1.36's on-demand relist); the work queue is read on the
//! kubelet's 1-second sync tick.

mod actions;
pub mod admission;
pub mod backoff;
pub mod container_gc;
pub mod env;
pub mod envvars;
use crate::Slot;
use crate::record as events;
pub mod eviction;
pub mod heartbeat;
pub mod lifecycle;
pub mod node_shell;
pub mod prober;
pub mod register;
pub mod repeat;
pub mod resize;
pub mod restarts;
pub mod runtime_state;
pub mod server;
pub mod static_pods;
pub mod status;
pub mod volumes;

pub use crate::machine::{MachineFacts, NodeMachine};

use std::collections::VecDeque;
use crate::vecmap::{VecMap, VecSet};

use serde_json::Value;

use crate::apiserver::authn::UserInfo;
use crate::apiserver::{Request, Verb};
use crate::clock::Time;
use crate::containerd::{ContainerState, Resolved, Runtime, TaskEvent};
use crate::registry::ImageRef;
use crate::components::Cache;
use crate::store::{ObjectKey, WatchEvent};
use crate::trace::Action;
use crate::{Engine, Task};
use crate::component::Component;
use crate::cri_api::{CriReply, RuntimeService};
use backoff::Backoff;
use podlife_model::ResourceType;
use status::PodFacts;

pub const COMPONENT: &str = "kubelet";

/// The context a kubelet acts through.
pub(crate) type Cx<'a> = crate::component::Cx<'a, Timer>;

/// One of a kubelet's own timers; it names its node (one process per node).
#[derive(Debug, Clone)]
pub(crate) struct Timer {
    pub node: String,
    pub due: Due,
}

impl Timer {
    pub(crate) fn new(node: &str, due: Due) -> Timer {
        Timer { node: node.to_string(), due }
    }
}

/// A reaction of the kubelet's in the trace.
pub(crate) fn reaction(cx: &mut Cx<'_>, action: Action, object: Option<crate::trace::ObjectRef>, params: std::collections::BTreeMap<String, Value>) {
    cx.record(action, object, params, vec![]);
}

/// What a kubelet's timer runs.
#[derive(Debug, Clone)]
pub(crate) enum Due {
    /// A pod worker syncs a pod (`token` = the worker's plan when queued).
    Sync { uid: String, token: u64 },
    /// The next step of a pod worker's plan.
    Op { uid: String, token: u64 },
    /// PLEG relists the node's containers.
    Pleg,
    /// A probe worker's tick of ticker generation `Some(g)`, or (`None`) a run the prober
    /// manager asked for.
    Probe { uid: String, index: usize, ticker: Option<u64> },
    /// A probe attempt that ran until its deadline ends.
    ProbeOutcome { uid: String, index: usize, container_id: String, result: prober::ProbeResult },
    /// The Lease renewal and Node status report.
    Heartbeat,
    /// The container garbage collector (every minute).
    ContainerGc,
    /// The eviction manager checks the node's pods (`eviction.rs`).
    EvictionPass { token: u64 },
    /// The eviction manager looks whether the pods it evicted have finished.
    EvictionCleanup,
    /// The stats provider measures a pod's volumes.
    VolumeStats { uid: String },
    /// A starting kubelet's fast status loop (every 100 ms until the node can be Ready).
    FastStatus,
    /// The status manager writes the statuses its mirror pods still lack (`syncBatch`).
    StatusBatch,
    /// A container's preStop hook ended (or its time ran out).
    PreStopDone { uid: String, container: String },
}

/// `pkg/kubelet/kubelet.go`.
const INITIAL_CRASH_BACKOFF_MS: u64 = 10_000;
const MAX_CRASH_BACKOFF_MS: u64 = 300_000;
const CRASH_BACKOFF_EXPIRY_MS: u64 = 600_000;
const IMAGE_BACKOFF_MS: u64 = 10_000;
const MAX_IMAGE_BACKOFF_MS: u64 = 300_000;
/// The pod worker's retry after a failed sync (`backOffPeriod`).
const SYNC_ERROR_BACKOFF_MS: u64 = 10_000;
/// `syncFrequency`.
const RESYNC_MS: u64 = 60_000;

/// The crash-loop back-off's key for a container (`getStableKey`): the pod, the container and
/// `HashContainer` (its name and image), so a container whose image changed starts without the
/// old one's back-off.
fn crash_backoff_key(uid: &str, container: &str, image: &str) -> String {
    format!("{uid}/{container}/{image}")
}

/// `completeWork`'s wait before a worker's next sync, jitter aside (`pod_workers.go`): until a
/// back-off ends (at most the resync period), `backOffPeriod` after any other error, else the
/// resync period.
fn requeue_base_ms(failed: bool, backoff_until: Option<Time>, now: Time) -> u64 {
    match (failed, backoff_until) {
        (_, Some(t)) => t.millis().saturating_sub(now.millis()).min(RESYNC_MS),
        (true, None) => SYNC_ERROR_BACKOFF_MS,
        (false, None) => RESYNC_MS,
    }
}
/// How long a registry takes to answer a pull of an image it does not hold (ms): not an
/// upstream constant, a resolve's round trips.
pub(crate) fn failed_pull_ms(rng: &mut crate::rng::Rng) -> u64 {
    rng.between(400, 1200)
}

/// PLEG relist period and the sync loop's tick.
const TICK_MS: u64 = 1_000;
/// `minimumGracePeriodInSeconds` (`kuberuntime_container.go`).
pub(crate) const MIN_GRACE_S: i64 = 2;

/// Modelled CRI latencies (ms): not upstream constants, but what a small node takes.
const SANDBOX_MS: (u64, u64) = (250, 450);
const CREATE_MS: (u64, u64) = (30, 80);
const START_MS: (u64, u64) = (60, 140);
const STOP_SANDBOX_MS: (u64, u64) = (40, 100);

#[derive(Debug, Clone)]
pub struct Kubelet {
    pub node: String,
    pub host_ip: String,
    // Boxed values: every VecMap<String, Box<_>> shares one copy of the map's code (the worker's size, see ARCHITECTURE.md).
    pub workers: VecMap<String, Box<PodWorker>>,
    pub crash_backoff: Backoff,
    pub image_backoff: Backoff,
    /// The last pull error per back-off key (`prevPullErrMsg`).
    pub image_errors: VecMap<String, String>,
    pub events: events::Recorder,
    /// PLEG's last view: container id → state.
    pub pleg_seen: VecMap<String, ContainerState>,
    /// The container GC had nothing to remove (the bool) when the runtime's
    /// `containers_changed` was the number (`container_gc.rs`).
    pub gc_steady_memo: Option<(u64, bool)>,
    pub pleg_scheduled: bool,
    /// Where in each second this node's tickers fire.
    pub tick_offset_ms: u64,
    /// The serialized image puller is busy until then.
    pub puller_free_at: Time,
    /// Pulls still in flight: image id → when its layers are in the store. A later pull of
    /// the same image (another tag, or `Always`) then only resolves the manifest.
    pub pulls_in_flight: VecMap<String, Time>,
    /// When the Node status was last posted.
    pub status_reported_at: Time,
    /// When this kubelet process started (its runtime state starts empty).
    pub booted_at: Time,
    /// When its fast status loop (`fastStatusUpdateOnce`) started.
    pub fast_status_since: Time,
    /// The eviction manager's memory (`eviction.rs`).
    pub eviction: eviction::Manager,
}

/// One step of a pod worker's plan.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    RunSandbox,
    /// Back-off check, then the image (maybe a pull), for a container.
    EnsureImage { container: String },
    /// The pull of `image` for `container` finishes (`requested` when the pull was asked).
    PullDone { container: String, requested: Time, started: Time, result: Result<(), String> },
    Create { container: String },
    Start { container: String },
    /// The container's postStart hook (the worker waits for it).
    PostStart { container: String },
    /// Kill one running container (a failed liveness or startup probe).
    Kill { container_id: String, container: String, message: String, grace_s: i64 },
    /// Resize one running container in place (`UpdateContainerResources`).
    Resize { container_id: String, container: String },
    /// Wait until that container has stopped.
    AwaitStopped { container_id: String },
    /// `RemoveContainer` of one of the pod's containers (a RestartAllContainers reset; the
    /// logs stay); `last` asks for the next sync at once (`UpdatePod` after the reset).
    Remove { container_id: String, last: bool },
    /// Terminating: wait for every container to stop.
    AwaitContainersStopped,
    StopSandbox,
    /// The pod is terminal: the final status (and the API delete, if the pod is deleting).
    Finish,
}

/// What `computePodActions` decides for a pod.
#[derive(Debug, Clone, PartialEq)]
pub enum PodActions {
    /// The steps to take, in order.
    Steps(Vec<Op>),
    /// No regular container runs or will start again (restartPolicy is not Always): stop the
    /// pod, sidecars included (`KillPod`).
    KillPod,
}

#[derive(Debug, Clone)]
pub struct PodWorker {
    pub uid: String,
    pub namespace: String,
    pub name: String,
    pub busy: bool,
    pub pending: bool,
    pub ops: VecDeque<Op>,
    /// Identifies the current plan; a new plan (termination) makes older tasks stale.
    pub token: u64,
    /// The earliest back-off expiry met in this sync, or a plain error.
    pub backoff_until: Option<Time>,
    pub failed: bool,
    pub facts: PodFacts,
    pub terminating: bool,
    pub terminated: bool,
    /// The pod left the API (force delete) while its containers ran.
    pub orphaned: bool,
    /// The kubelet already asked the API to remove the pod (grace period 0).
    pub delete_sent: bool,
    pub grace_s: i64,
    /// The container id made by `Create`, for the following `Start`.
    pub created: VecMap<String, String>,
    /// The last status this worker patched.
    pub last_status: Option<std::sync::Arc<Value>>,
    /// The prober's workers for this pod's containers.
    pub probes: Vec<prober::ProbeWorker>,
    /// Containers whose liveness or startup probe failed: (probe, container id).
    pub probe_failures: VecMap<String, (prober::ProbeKind, String)>,
    /// Containers between their preStop hook and StopContainer, by container id.
    pub stopping: VecMap<String, lifecycle::Stopping>,
    /// Containers a kill was sent to during the pod's termination.
    pub kill_sent: VecSet<String>,
    /// When the pod's termination began.
    pub term_started: Time,
    /// A static pod whose new mirror pod has not received its status yet.
    pub mirror_status_pending: bool,
    /// The pod status this sync started from, as `doBackOff` reads it: each container's
    /// newest exited instance's finish time, before the sync's own kills.
    pub sync_exited: VecMap<String, Time>,
    /// The restart count a container's next instance takes after a RestartAllContainers
    /// reset removed every instance (upstream counts the logs left in its log directory,
    /// `calcRestartCountByLogDir`).
    pub removed_restarts: VecMap<String, u32>,
    /// When the worker's last sync ended (`lastSyncTime`).
    pub last_sync: Option<Time>,
    /// Why the next sync waits while containerd is down.
    pub waiting: Option<Wait>,
    /// The wait is over: the next sync goes ahead.
    pub resume: bool,
    /// When the skipped sync loop looks at this pod again.
    pub retry_due: Option<Time>,
    /// This sync planned nothing and wrote nothing (so far): if it ends so, the worker is idle.
    pub idle_sync: bool,
    /// The pod's epoch when a resync last found it idle (`quiet.rs`): while the epoch stays,
    /// the next resync would change nothing either.
    pub steady_epoch: Option<u64>,
    /// What the current sync did so far, to tell whether the next would repeat it.
    pub watch: Option<repeat::SyncWatch>,
    /// The next syncs repeat the last one while nothing happens to the pod (`repeat.rs`).
    pub repeating: Option<repeat::Repeating>,
    /// The container's crash-loop cycles, watched to tell whether they repeat (`restarts.rs`).
    pub restarts: Option<Box<restarts::Restarts>>,
    /// The volume calculator's last measure of the pod's `emptyDir` volumes, and when it
    /// measures next (`eviction.rs`; only for pods with local storage limits).
    pub volume_stats: Option<VecMap<String, u64>>,
    pub volume_calc_at: Option<Time>,
    /// The kubelet's admission rejected the pod (`admission.rs`): the status manager's status
    /// for it. Such a worker is terminated from the start and never syncs.
    pub rejected: Option<Value>,
    /// The pod arrived while the sync loop skipped its iterations: its admission waits for
    /// the loop, with its first sync.
    pub admit_pending: bool,
    /// The allocation manager's checkpoint for the pod (`resize.rs`): None until its first sync.
    pub allocated: Option<resize::Allocation>,
    /// The status manager's resize conditions.
    pub resize: resize::Conditions,
}

/// What a pod's next sync waits for while the runtime is down (`runtime_state.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// `GetNewerThan`: a PLEG relist that succeeds.
    Cache,
    /// The sync loop, skipped while `runtimeErrors` is set, to run again (it looks again
    /// after each back-off sleep).
    SyncLoop,
}

impl PodWorker {
    /// A worker for a pod the kubelet has just learnt of.
    pub fn new(uid: &str, namespace: &str, name: &str) -> PodWorker {
        PodWorker {
            uid: uid.to_string(),
            namespace: namespace.to_string(),
            name: name.to_string(),
            busy: false,
            pending: false,
            ops: VecDeque::new(),
            token: 0,
            backoff_until: None,
            failed: false,
            facts: PodFacts::default(),
            terminating: false,
            terminated: false,
            orphaned: false,
            delete_sent: false,
            grace_s: 30,
            created: VecMap::new(),
            last_status: None,
            probes: Vec::new(),
            probe_failures: VecMap::new(),
            sync_exited: VecMap::new(),
            removed_restarts: VecMap::new(),
            stopping: VecMap::new(),
            kill_sent: VecSet::new(),
            term_started: Time::ZERO,
            mirror_status_pending: false,
            last_sync: None,
            waiting: None,
            resume: false,
            retry_due: None,
            idle_sync: false,
            steady_epoch: None,
            watch: None,
            repeating: None,
            restarts: None,
            volume_stats: None,
            volume_calc_at: None,
            rejected: None,
            admit_pending: false,
            allocated: None,
            resize: resize::Conditions::default(),
        }
    }
}

impl Kubelet {
    pub fn new(node: &str, host_ip: &str, tick_offset_ms: u64) -> Kubelet {
        Kubelet {
            node: node.to_string(),
            host_ip: host_ip.to_string(),
            workers: VecMap::new(),
            crash_backoff: Backoff::new(INITIAL_CRASH_BACKOFF_MS, MAX_CRASH_BACKOFF_MS).with_expiry(CRASH_BACKOFF_EXPIRY_MS),
            image_backoff: Backoff::new(IMAGE_BACKOFF_MS, MAX_IMAGE_BACKOFF_MS),
            image_errors: VecMap::new(),
            events: events::Recorder::default(),
            pleg_seen: VecMap::new(),
            gc_steady_memo: None,
            pleg_scheduled: false,
            tick_offset_ms,
            puller_free_at: Time::ZERO,
            pulls_in_flight: VecMap::new(),
            status_reported_at: Time::ZERO,
            booted_at: Time::ZERO,
            fast_status_since: Time::ZERO,
            eviction: eviction::Manager::default(),
        }
    }

    /// A request through its client; it reaches nothing while the node is cut off.
    pub(crate) fn request(&mut self, cx: &mut Cx<'_>, req: Request) -> Result<crate::Response, crate::Status> {
        if cx.node().cut_off(&self.node) {
            return Err(unreachable(&self.node));
        }
        // A pod or event write of its own: `restarts.rs` tells its cycles from others' work.
        let counted = !matches!(req.verb, Verb::Get | Verb::List) && req.resource.group.is_empty() && matches!(req.resource.plural, "pods" | "events");
        let response = cx.request(client_request(&self.node, req));
        if counted && response.is_ok() {
            cx.node().count_kubelet_write();
        }
        response
    }

    /// One of its timers is due (the heartbeat's and the container GC's are the engine's
    /// until its memory exists, `Engine::kubelet_timer`).
    fn on_due(&mut self, cx: &mut Cx<'_>, due: Due) {
        match due {
            Due::Sync { uid, token } => self.sync(cx, &uid, token),
            Due::Op { uid, token } => {
                if cx.running() {
                    self.op(cx, &uid, token);
                }
            }
            Due::Pleg => self.pleg_relist(cx),
            Due::Probe { uid, index, ticker } => self.probe_tick(cx, &uid, index, ticker),
            Due::ProbeOutcome { uid, index, container_id, result } => self.probe_outcome(cx, &uid, index, &container_id, result),
            Due::Heartbeat => self.heartbeat(cx),
            Due::ContainerGc => self.container_gc(cx),
            Due::EvictionPass { token } => self.eviction_pass(cx, token),
            Due::EvictionCleanup => self.eviction_cleanup(cx),
            Due::VolumeStats { uid } => self.volume_stats(cx, &uid),
            Due::FastStatus => self.fast_status(cx),
            Due::StatusBatch => self.status_batch(cx),
            Due::PreStopDone { uid, container } => self.prestop_done(cx, &uid, &container),
        }
    }

    /// A CRI call: what happens to containers during it — a container started, or ended (a
    /// SIGKILL, a stop signal the process dies of, an exec that kills PID 1) — reaches the
    /// kubelet when the call returns, in order; a call inside another collects into it.
    pub(crate) fn cri<R: CriReply>(&mut self, cx: &mut Cx<'_>, call: impl FnOnce(&mut dyn RuntimeService) -> R) -> R {
        let (mut call, mut result) = (Some(call), None);
        self.cri_dyn(cx, &mut |runtime| {
            if let Some(call) = call.take() {
                result = Some(call(runtime));
            }
        });
        result.unwrap_or_else(R::unreachable)
    }

    /// [`Self::cri`]'s work that does not depend on the call (compiled once).
    fn cri_dyn(&mut self, cx: &mut Cx<'_>, call: &mut dyn FnMut(&mut dyn RuntimeService)) {
        let outermost = cx.node().task_events_begin(&self.node);
        cx.node().containerd(&self.node, call);
        if outermost {
            self.task_events(cx);
        }
    }

    /// What happened to containers during its outermost CRI call, in order.
    fn task_events(&mut self, cx: &mut Cx<'_>) {
        for event in cx.node().task_events_end(&self.node) {
            self.task_event(cx, event);
        }
    }

    /// What happened to a container's task: PLEG relists soon; a pod worker waiting for a
    /// container's stop goes on; a system program that started or ended starts or stops its
    /// component.
    pub(crate) fn task_event(&mut self, cx: &mut Cx<'_>, event: TaskEvent) {
        self.pleg_soon(cx);
        match event {
            TaskEvent::Changed => {}
            TaskEvent::Started { argv } => cx.node().node_program_started(&self.node, &argv),
            TaskEvent::Exit { pod_uid } => {
                self.container_exited(cx, &pod_uid);
                cx.node().node_program_exited(&self.node);
            }
        }
    }

    /// PLEG relists at the next tick.
    pub(crate) fn pleg_soon(&mut self, cx: &mut Cx<'_>) {
        if self.pleg_scheduled {
            return;
        }
        self.pleg_scheduled = true;
        let at = self.next_tick(cx.now());
        cx.after(at, Timer::new(&self.node, Due::Pleg));
    }

    /// A container of the pod exited: a worker waiting for it goes on.
    pub(crate) fn container_exited(&mut self, cx: &mut Cx<'_>, uid: &str) {
        let Some(w) = self.workers.get(uid) else { return };
        let waiting = matches!(w.ops.front(), Some(Op::AwaitStopped { .. })) || (w.terminating && w.ops.front() == Some(&Op::AwaitContainersStopped));
        if waiting {
            let token = w.token;
            cx.after(cx.now(), Timer::new(&self.node, Due::Op { uid: uid.to_string(), token }));
        }
    }

    /// The next tick of this node's 1-second tickers strictly after `t`.
    fn next_tick(&self, t: Time) -> Time {
        let off = self.tick_offset_ms;
        if t.millis() < off {
            return Time(off);
        }
        let k = (t.millis().saturating_sub(off)) / TICK_MS + 1;
        Time(off + k * TICK_MS)
    }
}

/// The kubelet's client: its node's credentials, user agent and field manager on `req`.
fn client_request(node: &str, mut req: Request) -> Request {
    req.credentials = Some(UserInfo { name: format!("system:node:{node}"), groups: vec!["system:nodes".into(), "system:authenticated".into()] });
    req.user_agent = format!("kubelet/{} (linux/amd64) kubernetes/$Format", crate::cluster::facts::KUBELET_VERSION);
    req.field_manager = "kubelet".into();
    req
}

/// What the kubelet's client meets while its node is cut off from the control plane.
fn unreachable(node: &str) -> crate::Status {
    crate::Status::plain(crate::apiserver::status::Reason::ServiceUnavailable, format!("dial tcp: connect: network is unreachable ({node} is down)"))
}

/// The kubelet's copy of a pod: its informer's, or for a static pod the pod of its manifest
/// with the status the kubelet last wrote (else its mirror pod's).
/// (Shared, not copied: a pod with a thousand containers is read at every step.)
pub(crate) fn pod_in(cache: &Cache, machine: Option<&NodeMachine>, namespace: &str, name: &str) -> Option<std::sync::Arc<crate::Obj>> {
    if let Some(static_pod) = machine.and_then(|m| static_pods::named(m, namespace, name)) {
        let mut pod = static_pod.clone();
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        let last = machine.and_then(|m| m.static_status.get(&uid));
        let status = match last {
            Some(s) => pod.insert_at("", "status", s),
            None => pod.insert_at("", "status", &static_pods::mirror_in(cache, namespace, name).map(|m| m["status"].to_value()).unwrap_or_else(|| json!({}))),
        };
        debug_assert!(status, "a static pod is an object");
        return Some(std::sync::Arc::new(pod));
    }
    let rt = ResourceType::resolve("pods")?;
    cache.get(&ObjectKey::new(rt, Some(namespace), name)).cloned()
}

/// The kubelet's copy of a pod read in place, for the checks that run every second (a
/// probe's spec): the informer's object, or a static pod's manifest without its status.
pub(crate) fn pod_ref_in<'a>(cache: &'a Cache, machine: Option<&'a NodeMachine>, namespace: &str, name: &str) -> Option<&'a Slot> {
    if let Some(static_pod) = machine.and_then(|m| static_pods::named(m, namespace, name)) {
        return Some(static_pod.root());
    }
    let rt = ResourceType::resolve("pods")?;
    cache.get(&ObjectKey::new(rt, Some(namespace), name)).map(|v| v.root())
}

/// What the quiet stretches (`quiet.rs`) show a kubelet when they ask whether one of its timers
/// would change anything, or move its clocks: it is in its slot then, and acts on nothing.
pub(crate) struct QuietView<'a> {
    pub now: Time,
    pub running: bool,
    /// Its informer cache.
    pub cache: &'a Cache,
    pub machine: &'a NodeMachine,
    /// etcd, for what a repeating sync read (`repeat.rs`).
    pub store: &'a crate::store::Store,
}

impl QuietView<'_> {
    fn pod_ref(&self, namespace: &str, name: &str) -> Option<&Slot> {
        pod_ref_in(self.cache, Some(self.machine), namespace, name)
    }
}

/// `kubecontainer.GenerateContainerRef`'s field path.
fn field_path(pod: &Slot, container: &str) -> String {
    let is = |list: &str| pod["spec"][list].as_array().is_some_and(|a| a.iter().any(|c| c["name"] == container));
    if is("initContainers") {
        format!("spec.initContainers{{{container}}}")
    } else if is("ephemeralContainers") {
        format!("spec.ephemeralContainers{{{container}}}")
    } else {
        format!("spec.containers{{{container}}}")
    }
}

pub(crate) use crate::podutil::container_spec;

fn is_init(pod: &Slot, name: &str) -> bool {
    pod["spec"]["initContainers"].as_array().is_some_and(|a| a.iter().any(|c| c["name"] == name && c["restartPolicy"] != "Always"))
}

/// `format.Pod`: `name_namespace(uid)`.
pub(crate) fn format_pod(pod: &Slot) -> String {
    let m = &pod["metadata"];
    format!("{}_{}({})", m["name"].as_str().unwrap_or_default(), m["namespace"].as_str().unwrap_or_default(), m["uid"].as_str().unwrap_or_default())
}

pub use crate::gostrings::go_duration;

impl Engine {
    /// The node's machinery, created when first needed from the Node object.
    pub(crate) fn machine(&mut self, node: &str) -> Option<&mut NodeMachine> {
        if !self.machines.contains_key(node) {
            let rt = ResourceType::resolve("nodes")?;
            let obj = self.store.get(&ObjectKey::new(rt, None, node))?.clone();
            let cidr = obj["spec"]["podCIDR"].as_str().unwrap_or_default().to_string();
            let host_ip = crate::cluster::facts::internal_ip(&obj).unwrap_or("172.18.0.2").to_string();
            let mut runtime = Runtime::new(node, &cidr);
            // The daemon boots with the machine (its journal starts there).
            runtime.daemon_start(self.now, crate::containerd::daemon::FIRST_PID, crate::containerd::daemon::first_boot_us(node));
            // The machine is built on first use, which may come after `podlife stop
            // containerd` (a script's first line): the daemon's state is the component's.
            if !self.node_component("containerd", node).is_none_or(|i| self.components[i].running) {
                runtime.daemon_stop(self.now);
            }
            for img in obj["status"]["images"].as_array().unwrap_or_default() {
                let names: Vec<String> = img["names"].as_array().map(|a| a.iter().filter_map(|n| n.as_str().map(str::to_string)).collect()).unwrap_or_default();
                runtime.seed_image(&names, img["sizeBytes"].as_u64().unwrap_or(0));
            }
            let offset = self.rng.below(TICK_MS);
            let facts = MachineFacts::from_node(&obj);
            self.machines.insert(node.to_string(), Box::new(NodeMachine::new(runtime, facts)));
            self.kubelets.insert(node.to_string(), crate::component::Slot::new(Kubelet::new(node, &host_ip, offset)));
            self.containerds.insert(node.to_string(), crate::component::Slot::new(crate::containerd::service::Containerd::new(&node)));
        }
        self.machines.get_mut(node).map(|m| &mut **m)
    }

    /// Node `node`'s kubelet memory (None: no such node).
    pub(crate) fn kubelet_of(&self, node: &str) -> Option<&Kubelet> {
        let slot = self.kubelets.get(node)?;
        debug_assert!(slot.get().is_some(), "node {node}'s kubelet is read while it runs");
        slot.get()
    }

    pub(crate) fn kubelet_of_mut(&mut self, node: &str) -> Option<&mut Kubelet> {
        let slot = self.kubelets.get_mut(node)?;
        debug_assert!(slot.get().is_some(), "node {node}'s kubelet is read while it runs");
        slot.get_mut()
    }

    /// Runs `f` on node `node`'s kubelet, its state taken out of the engine meanwhile, with its
    /// context (None: the node has no kubelet).
    pub(crate) fn run_kubelet<R>(&mut self, node: &str, f: impl FnOnce(&mut Kubelet, &mut Cx<'_>) -> R) -> Option<R> {
        let (me, mut state) = self.kubelet_take(node)?;
        let result = f(&mut state, &mut crate::component::Cx::new(self, me));
        self.kubelet_put(node, state);
        Some(result)
    }

    /// Node `node`'s kubelet taken out of its slot to run, with its index in the component
    /// table. (`run_kubelet`'s work that does not depend on what runs: compiled once.)
    fn kubelet_take(&mut self, node: &str) -> Option<(usize, Box<Kubelet>)> {
        let me = self.node_component(COMPONENT, node)?;
        let slot = self.kubelets.get_mut(node)?;
        debug_assert!(slot.get().is_some(), "node {node}'s kubelet runs inside itself");
        Some((me, slot.take()?))
    }

    /// … and put back.
    fn kubelet_put(&mut self, node: &str, state: Box<Kubelet>) {
        if let Some(slot) = self.kubelets.get_mut(node) {
            slot.put(state);
        }
    }

    /// One of node `timer.node`'s kubelet timers is due.
    pub(crate) fn kubelet_timer(&mut self, timer: Timer) {
        let node = timer.node.clone();
        let node = node.as_str();
        match &timer.due {
            Due::Heartbeat => {
                self.schedule(self.now.plus_millis(heartbeat::LEASE_RENEW_MS), Task::kubelet(node, Due::Heartbeat));
                // The kubelet's memory is made with its machine, on first use: at its first
                // heartbeat, unless something came first.
                if self.kubelet_running(node) && !self.node_down(node) {
                    self.machine(node);
                }
                self.run_kubelet(node, |k, cx| k.heartbeat(cx));
            }
            Due::ContainerGc => {
                // The kubelet's memory is made with its machine, on first use; the loop, set
                // when the node was made, goes on meanwhile.
                if self.run_kubelet(node, |k, cx| k.container_gc(cx)).is_none() {
                    self.schedule(self.now.plus_millis(container_gc::CONTAINER_GC_PERIOD_MS), Task::kubelet(node, Due::ContainerGc));
                }
            }
            _ => {
                self.run_kubelet(node, |k, cx| k.on_timer(cx, timer));
            }
        }
    }

    /// A watch delivery to a node's kubelet (pods bound to it), with the kubelet's copy of the
    /// pod before it (`old`). (Its memory is made with its machine, on first use: here at the
    /// latest.)
    pub(crate) fn kubelet_observe(&mut self, node: &str, event: &WatchEvent, old: Option<&Slot>) {
        if event.key.resource != "pods" || self.machine(node).is_none() {
            return;
        }
        self.run_kubelet(node, |k, cx| k.on_watch(cx, event, old));
    }

    /// The kubelet's file source: the static pods of the node's manifest directory.
    pub(crate) fn kubelet_add_static_pods(&mut self, node: &str) {
        self.run_kubelet(node, |k, cx| k.add_static_pods(cx));
    }

    /// Node `node`'s kubelet process starts (its memory is made with its machine, on first
    /// use: here at the latest).
    pub(crate) fn kubelet_start(&mut self, node: &str) {
        if self.machine(node).is_some() {
            self.run_kubelet(node, |k, cx| k.on_start(cx));
        }
    }

    pub(crate) fn kubelet_running(&self, node: &str) -> bool {
        self.node_component(COMPONENT, node).is_some_and(|i| self.components[i].running)
    }

    /// The kubelet's copy of a pod (`pod_in`).
    pub(crate) fn kubelet_pod(&self, node: &str, namespace: &str, name: &str) -> Option<std::sync::Arc<crate::Obj>> {
        let i = self.node_component(COMPONENT, node)?;
        pod_in(&self.components[i].cache, self.machines.get(node).map(|m| &**m), namespace, name)
    }

    /// The kubelet's copy of a pod read in place (`pod_ref_in`).
    pub(crate) fn kubelet_pod_ref(&self, node: &str, namespace: &str, name: &str) -> Option<&Slot> {
        let i = self.node_component(COMPONENT, node)?;
        pod_ref_in(&self.components[i].cache, self.machines.get(node).map(|m| &**m), namespace, name)
    }

    /// What the quiet stretches show node `node`'s kubelet (None: it has no memory yet).
    pub(crate) fn kubelet_quiet_view(&self, node: &str) -> Option<(&Kubelet, QuietView<'_>)> {
        let i = self.node_component(COMPONENT, node)?;
        let machine = self.machines.get(node)?;
        let k = self.kubelet_of(node)?;
        Some((k, QuietView { now: self.now, running: self.components[i].running, cache: &self.components[i].cache, machine, store: &self.store }))
    }

    /// Schedules PLEG's relist on the node's next tick, if none is due.
    pub(crate) fn pleg_soon(&mut self, node: &str) {
        self.run_kubelet(node, |k, cx| k.pleg_soon(cx));
    }
}

impl Kubelet {
    /// Records a kubelet event about a pod (or one of its containers).
    pub(crate) fn event(&mut self, cx: &mut Cx<'_>, pod: &Slot, container: Option<&str>, kind: &str, reason: &str, message: &str) {
        let fp = container.map(|c| field_path(pod, c));
        let now = cx.now();
        let note = events::Note { kind, reason, message };
        let written = self.events.record(&self.node, pod, fp.as_deref(), note, now);
        if let Some(uid) = pod["metadata"]["uid"].as_str() {
            self.repeat_watch_event(uid, fp.as_deref(), note, written.is_some());
            self.restart_watch_event(uid, fp.as_deref(), note, written.is_some(), now);
        }
        let Some(write) = written else { return };
        let Some(rt) = ResourceType::resolve("events") else { return };
        let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
        let build = |verb, name: Option<&str>, body: Value| {
            let mut req = Request::new(verb, rt);
            req.namespace = Some(ns.clone());
            req.name = name.map(str::to_string);
            req.body = Some(body);
            Some(req)
        };
        crate::record::sink(&write, &build, &mut |r| self.request(cx, r));
    }

    /// A watch delivery to a node's kubelet (pods bound to it), with the kubelet's copy of the
    /// pod before it (`old`).
    pub(crate) fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&Slot>) {
        let node_name = self.node.clone();
        let node = node_name.as_str();
        if event.key.resource != "pods" {
            return;
        }
        if event.object["metadata"]["annotations"][crate::apiserver::admission::MIRROR_POD_ANNOTATION].is_string() {
            self.observe_mirror(cx, event);
            return;
        }
        let uid = event.object["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        let deleted = event.event_type == crate::store::EventType::Deleted;
        let deleting = event.object["metadata"]["deletionTimestamp"].is_string();
        if deleted {
            let Some(w) = self.workers.get_mut(&uid) else { return };
            if w.terminated {
                self.workers.remove(&uid);
                self.events.forget(&uid);
                self.cri(cx, |cri| cri.remove_pod(&uid));
                cx.node().kubelet_remove_pod_dir(node, &uid);
                return;
            }
            // Gone from the API while running (a force delete): kill it anyway.
            w.orphaned = true;
            if !w.terminating {
                w.grace_s = event.object["metadata"]["deletionGracePeriodSeconds"].as_i64().unwrap_or(1).max(1);
                self.begin_termination(cx, &uid, &event.object);
            }
            return;
        }
        let fresh = !self.workers.contains_key(&uid);
        if fresh {
            self.workers.insert(uid.clone(), Box::new(PodWorker::new(&uid, &event.key.namespace, &event.key.name)));
        }
        let Some(w) = self.workers.get_mut(&uid) else { return };
        if deleting && w.terminated && !w.delete_sent {
            // A pod that finished before it was deleted (Succeeded, Failed): nothing is left to
            // stop, so the status manager's `canBeDeleted` holds and the kubelet removes it.
            self.delete_if_deleting(cx, &event.object);
            return;
        }
        if deleting && w.terminating && !w.terminated {
            // `calculateEffectiveGracePeriod`: the grace period only shrinks; a shorter one
            // cancels the termination in flight, which starts over with it (pod_workers.go).
            let requested = event.object["metadata"]["deletionGracePeriodSeconds"].as_i64();
            if let Some(shorter) = requested.filter(|g| *g < w.grace_s).map(|g| g.max(1)).filter(|g| *g != w.grace_s) {
                self.restart_termination(cx, &uid, &event.object, shorter);
            }
            return;
        }
        if deleting && !w.terminating && !w.terminated {
            // `calculateEffectiveGracePeriod`: the deletion's grace period, at least 1 s.
            w.grace_s = event.object["metadata"]["deletionGracePeriodSeconds"]
                .as_i64()
                .or(event.object["spec"]["terminationGracePeriodSeconds"].as_i64())
                .unwrap_or(30)
                .max(1);
            self.begin_termination(cx, &uid, &event.object);
            return;
        }
        let terminated = w.terminated;
        if fresh {
            // `HandlePodAdditions`: a pod that is not terminal yet is admitted first
            // (`admission.rs`); a rejected one never gets a sync.
            let terminal = matches!(event.object["status"]["phase"].as_str(), Some("Succeeded" | "Failed"));
            if terminal {
                self.request_sync(cx, &uid);
            } else {
                self.add_pod(cx, &uid, &event.object);
            }
            return;
        }
        // `HandlePodUpdates`: the pod source sends an UPDATE when the pod's spec, labels,
        // annotations or deletion changed (`pkg/kubelet/config/config.go`
        // `checkAndUpdatePod`; a change to the status alone is a RECONCILE, which does not sync),
        // and `podWorkers.UpdatePod` syncs at once — after the running sync, if there is one.
        if !deleting && !terminated && old.is_some_and(|o| pods_differ_semantically(o, &event.object)) {
            self.request_sync(cx, &uid);
        }
    }

    /// `UpdatePod`: sync now, or after the running sync.
    pub(crate) fn request_sync(&mut self, cx: &mut Cx<'_>, uid: &str) {
        let Some(w) = self.workers.get_mut(uid) else { return };
        if w.busy {
            w.pending = true;
            return;
        }
        let token = w.token;
        cx.after(cx.now(), Timer::new(&self.node, Due::Sync { uid: uid.to_string(), token }));
    }

    /// A sync of one pod (the pod worker's `SyncPod` / `SyncTerminatingPod`).
    pub(crate) fn sync(&mut self, cx: &mut Cx<'_>, uid: &str, token: u64) {
        let node_name = self.node.clone();
        let node = node_name.as_str();
        if !cx.running() {
            return;
        }
        let Some(w) = self.workers.get_mut(uid) else { return };
        if w.token != token || w.terminated {
            return;
        }
        if w.busy {
            w.pending = true;
            return;
        }
        let (ns, name, terminating) = (w.namespace.clone(), w.name.clone(), w.terminating);
        if terminating {
            return;
        }
        let resume = self.workers.get_mut(uid).is_some_and(|w| std::mem::take(&mut w.resume));
        if let Some(wait) = self.sync_waits(cx, uid).filter(|_| !resume) {
            if let Some(w) = self.workers.get_mut(uid) {
                w.waiting = Some(wait);
            }
            if wait == Wait::SyncLoop {
                self.sync_loop_retry(cx, uid);
            }
            return;
        }
        // The sync loop runs again: the ADD it had not handled is admitted first.
        if let Some(w) = self.workers.get_mut(uid).filter(|w| w.admit_pending) {
            w.admit_pending = false;
            let Some(pod) = cx.node().kubelet_pod(node, &ns, &name).filter(|p| p["metadata"]["uid"] == uid) else { return };
            if !self.admit_or_reject(cx, uid, &pod) {
                return;
            }
        }
        if cx.node().static_pod(node, uid).is_some() {
            self.sync_mirror_pod(cx, uid);
        }
        let Some(pod) = cx.node().kubelet_pod(node, &ns, &name).filter(|p| p["metadata"]["uid"] == uid) else { return };
        reaction(cx, Action::KubeletSync, crate::object_ref(&pod, "Pod"), crate::sort::map_of([("type".to_string(), json!("SyncPod"))]));
        // Whether this sync is idle: it writes nothing and queues nothing but its empty plan.
        let (revision, seq) = (cx.node().revision(), cx.node().next_seq());
        self.repeat_watch_start(cx, uid, revision, seq);
        self.restart_watch_sync_start(uid, cx.now());
        self.prober_add_pod(cx, uid, &pod);
        self.handle_resize(cx, uid, &pod);
        let status = self.update_status(cx, uid, &pod);
        self.prober_update_pod_status(cx, uid, &status);
        let phase = status["phase"].as_str().unwrap_or_default().to_string();
        if phase == "Succeeded" || phase == "Failed" {
            // A terminal pod: stop what is left and keep the status.
            self.begin_termination(cx, uid, &pod);
            return;
        }
        // The runtime works from the allocation (`UpdatePodFromAllocation`).
        let allocated = resize::with_allocation_shared(&pod, self.allocation(uid));
        // A pod-level resize: the pod cgroup first, then its containers (podlife does not order
        // increases and decreases apart).
        let _ = self.cri(cx, |cri| cri.update_pod_sandbox_resources(&allocated));
        // RestartAllContainersOnContainerExits: while the status just generated says the pod's
        // containers are being restarted, this sync kills and removes them all (`SyncPod`'s
        // `restartAllContainers`, `computePodActions`' `ContainersToReset`).
        let restarting_all = cx.feature_enabled("RestartAllContainersOnContainerExits")
            && status["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "AllContainersRestarting" && c["status"] == "True"));
        let actions = if restarting_all { PodActions::Steps(self.reset_all_containers(cx, &allocated)) } else { self.compute_pod_actions(cx, &allocated) };
        let ops = match actions {
            PodActions::Steps(ops) => ops,
            PodActions::KillPod => {
                self.begin_termination(cx, uid, &pod);
                return;
            }
        };
        // The sync's snapshot of the runtime (`podStatus`): a container this sync kills and
        // restarts (a failed liveness or startup probe) is still running in it.
        // (Sorted once, not inserted one by one: a pod may have 1,000 init containers.)
        let mut exited: Vec<(String, Time)> = cx.node().machine(node).map(|m| m.runtime.pod_containers(uid)).unwrap_or_default().into_iter().filter(|c| c.state == ContainerState::Exited).filter_map(|c| Some((c.name.clone(), c.finished_at?))).collect();
        // Stable: of a name's instances, the first in the runtime's order is kept.
        exited.sort_by(|a, b| a.0.cmp(&b.0));
        exited.dedup_by(|later, earlier| later.0 == earlier.0);
        let sync_exited = VecMap::from_sorted(exited);
        let idle = ops.is_empty() && phase == "Running" && cx.node().revision() == revision && cx.node().next_seq() == seq;
        let Some(w) = self.workers.get_mut(uid) else { return };
        w.idle_sync = idle;
        w.steady_epoch = None;
        w.sync_exited = sync_exited;
        w.ops = ops.into();
        w.busy = true;
        w.backoff_until = None;
        w.failed = false;
        let token = w.token;
        self.repeat_watch_own_task(uid);
        cx.after(cx.now(), Timer::new(node, Due::Op { uid: uid.to_string(), token }));
    }

    /// Runs the next step of a pod worker's plan.
    pub(crate) fn op(&mut self, cx: &mut Cx<'_>, uid: &str, token: u64) {
        let node_name = self.node.clone();
        let node = node_name.as_str();
        let Some(w) = self.workers.get_mut(uid) else { return };
        if w.token != token {
            return;
        }
        let Some(op) = w.ops.pop_front() else {
            self.complete_work(cx, uid);
            return;
        };
        let (ns, name) = (w.namespace.clone(), w.name.clone());
        let pod = cx.node().kubelet_pod(node, &ns, &name).filter(|p| p["metadata"]["uid"] == uid).or_else(|| {
            // A pod gone from the API still has a last known state (its termination).
            self.workers.get(uid).and_then(|w| w.last_status.clone()).map(|s| std::sync::Arc::new(resize::pod_obj(&json!({"metadata": {"name": name, "namespace": ns, "uid": uid}, "status": *s}))))
        });
        let Some(pod) = pod else { return };
        let pod = resize::with_allocation_shared(&pod, self.allocation(uid));
        let mut delay = 0;
        match op {
            Op::RunSandbox => {
                // The volume manager mounts the pod's volumes before the sandbox exists
                // (`WaitForAttachAndMount`); a missing ConfigMap or Secret holds the pod.
                if let Some(msg) = self.mount_volumes(cx, &pod) {
                    self.event(cx, &pod, None, "Warning", "FailedMount", &msg);
                    self.fail(uid);
                    return self.complete_work(cx, uid);
                }
                let attempt = cx.node().machine(node).map_or(0, |m| m.runtime.sandboxes.values().filter(|s| s.pod_uid == uid).count() as u32);
                if attempt > 0 {
                    self.event(cx, &pod, None, "Normal", "SandboxChanged", "Pod sandbox changed, it will be killed and re-created.");
                }
                // The node's podCIDR, which the kubelet hands the runtime once the node IPAM
                // controller has set it (`updatePodCIDR`: CRI `UpdateRuntimeConfig`).
                let pod_cidr = ResourceType::resolve("nodes").and_then(|r| cx.node().api_object(&ObjectKey::new(r, None, &self.node))).and_then(|n| n["spec"]["podCIDR"].as_str().map(str::to_string));
                match self.cri(cx, |cri| cri.run_pod_sandbox(&pod, attempt, pod_cidr.as_deref())) {
                    Ok(_) => delay = cx.rng().between(SANDBOX_MS.0, SANDBOX_MS.1),
                    Err(e) => {
                        self.event(cx, &pod, None, "Warning", "FailedCreatePodSandBox", &format!("Failed to create pod sandbox: {e}"));
                        self.fail(uid);
                        return self.complete_work(cx, uid);
                    }
                }
            }
            Op::EnsureImage { container } => match self.ensure_image(cx, uid, &pod, &container) {
                Ok(Some(d)) => delay = d,
                Ok(None) => {}
                Err(()) => self.skip_container(cx, uid, &container),
            },
            Op::PullDone { container, requested, started, result } => {
                let Some(spec) = container_spec(&pod, &container).cloned() else { return };
                let image = spec["image"].as_str().unwrap_or_default().to_string();
                let key = format!("{uid}_{image}");
                match result {
                    Ok(()) => {
                        let bytes = self.cri(cx, |cri| cri.image_pulled(crate::object_ref(&pod, "Pod"), &image, started));
                        let pull = go_duration(cx.now().millis() - started.millis());
                        let total = go_duration(cx.now().millis() - requested.millis());
                        self.event(cx, &pod, Some(&container), "Normal", "Pulled", &format!("Successfully pulled image {image:?} in {pull} ({total} including waiting). Image size: {bytes} bytes."));
                        let now = cx.now();
                        self.image_backoff.gc(now);
                    }
                    Err(text) => {
                        self.cri(cx, |cri| cri.pull_image_failed(crate::object_ref(&pod, "Pod"), &image, &text));
                        self.event(cx, &pod, Some(&container), "Warning", "Failed", &format!("Failed to pull image {image:?}: {text}"));
                        // startContainer records every EnsureImageExists error once more, as
                        // "Error: <reason>" (kuberuntime_container.go, FailedToCreateContainer).
                        self.event(cx, &pod, Some(&container), "Warning", "Failed", "Error: ErrImagePull");
                        let now = cx.now();
                        self.image_backoff.next(&key, now, now);
                        self.restart_watch_pull_failed(uid, now);
                        self.image_errors.insert(key, format!("ErrImagePull: {text}"));
                        self.start_failed(uid, &container, "ErrImagePull", &text);
                    }
                }
            }
            Op::Create { container } => {
                let Some(spec) = container_spec(&pod, &container).cloned() else { return };
                let sandbox = cx.node().machine(node).and_then(|m| m.runtime.ready_sandbox(uid)).map(|s| s.id.clone());
                let image = ImageRef::parse_normalized(spec["image"].as_str().unwrap_or_default()).ok().map(ImageRef::with_default_tag).and_then(|r| cx.node().machine(node).and_then(|m| m.runtime.image_status(&r).cloned()));
                // `startContainer`: the newest instance's count plus one (the container GC
                // leaves only the newest exited instance, so counting them would not do).
                let restart_count = cx
                    .node()
                    .machine(node)
                    .and_then(|m| m.runtime.pod_containers(uid).into_iter().find(|c| c.name == container).map(|c| c.restart_count + 1))
                    .or_else(|| self.workers.get(uid).and_then(|w| w.removed_restarts.get(&container).copied()))
                    .unwrap_or(0);
                let (Some(sandbox), Some(image)) = (sandbox, image) else {
                    self.skip_container(cx, uid, &container);
                    return self.next(cx, uid, 0);
                };
                // `getImageVolumes`: the images of the pod's `image` volumes, pulled with no
                // object reference (so no events) before the containers are created; podlife
                // stores them at once (their pull time and failures are not modelled).
                for v in pod["spec"]["volumes"].as_array().unwrap_or_default() {
                    let Some(r) = v["image"]["reference"].as_str().and_then(|r| ImageRef::parse_normalized(r).ok()).map(ImageRef::with_default_tag) else { continue };
                    self.cri(cx, |cri| cri.pull_volume_image(&r));
                }
                // generateContainerConfig: the environment, from ConfigMaps, Secrets and the pod.
                // The pod's IPs come from the sandbox, not from a status not yet written.
                // (A copy of the shared pod with those fields set in its status, as
                // `status["hostIP"] = …` on a JSON copy set them.)
                let mut with_ips: crate::Obj = (*pod).clone();
                if let Some(m) = cx.node().machine(node) {
                    let mut ips = vec![("hostIP", json!(self.host_ip)), ("hostIPs", json!([{"ip": self.host_ip}]))];
                    if let Some(ip) = m.runtime.ready_sandbox(uid).and_then(|s| s.ip.clone()) {
                        ips.push(("podIP", json!(ip)));
                        ips.push(("podIPs", json!([{"ip": ip}])));
                    }
                    if !with_ips["status"].is_object() {
                        with_ips.insert_at("", "status", &json!({}));
                    }
                    for (k, v) in &ips {
                        with_ips.insert_at("/status", k, v);
                    }
                }
                let env = match self.container_env(cx, &with_ips, &spec) {
                    Ok(env) => env,
                    Err(msg) => {
                        self.event(cx, &pod, Some(&container), "Warning", "Failed", &format!("Error: {msg}"));
                        self.start_failed(uid, &container, "CreateContainerConfigError", &msg);
                        self.skip_container(cx, uid, &container);
                        return self.next(cx, uid, 0);
                    }
                };
                let request = crate::cri_api::CreateContainer { sandbox_id: &sandbox, spec: &spec, attempt: restart_count, image: &image, env };
                match self.cri(cx, |cri| cri.create_container(&pod, request)) {
                    Ok(id) => {
                        self.restart_watch_created(uid, &id);
                        if let Some(w) = self.workers.get_mut(uid) {
                            w.created.insert(container.clone(), id);
                        }
                        self.event(cx, &pod, Some(&container), "Normal", "Created", "Container created");
                        delay = cx.rng().between(CREATE_MS.0, CREATE_MS.1);
                    }
                    Err(e) => {
                        self.event(cx, &pod, Some(&container), "Warning", "Failed", &format!("Error: {e}"));
                        self.start_failed(uid, &container, "CreateContainerError", &e);
                        self.skip_container(cx, uid, &container);
                    }
                }
            }
            Op::Start { container } => {
                let Some(spec) = container_spec(&pod, &container).cloned() else { return };
                let id = self.workers.get_mut(uid).and_then(|w| w.created.remove(&container));
                let image = ImageRef::parse_normalized(spec["image"].as_str().unwrap_or_default()).ok().map(ImageRef::with_default_tag).and_then(|r| cx.node().machine(node).and_then(|m| m.runtime.image_status(&r).cloned()));
                if let (Some(id), Some(image)) = (id, image) {
                    match self.cri(cx, |cri| cri.start_container(&pod, &id, &spec, &image)) {
                        Ok(()) => {
                            self.event(cx, &pod, Some(&container), "Normal", "Started", "Container started");
                            if let Some(w) = self.workers.get_mut(uid) {
                                w.facts.start_failures.remove(&container);
                                w.probe_failures.remove(&container);
                                // A new instance starts with the probes' initial results.
                                let kinds: Vec<prober::ProbeKind> = w.probes.iter().filter(|p| p.container == container).map(|p| p.kind).collect();
                                for kind in kinds {
                                    match kind {
                                        prober::ProbeKind::Readiness => {
                                            w.facts.readiness.insert(container.clone(), false);
                                        }
                                        prober::ProbeKind::Startup => {
                                            w.facts.started.insert(container.clone(), false);
                                        }
                                        prober::ProbeKind::Liveness => {}
                                    }
                                }
                            }
                            delay = cx.rng().between(START_MS.0, START_MS.1);
                        }
                        Err(e) => {
                            let message = e.trim_start_matches("rpc error: code = Unknown desc = ").to_string();
                            self.event(cx, &pod, Some(&container), "Warning", "Failed", &format!("Error: {message}"));
                            self.start_failed(uid, &container, "RunContainerError", &message);
                        }
                    }
                }
            }
            Op::PostStart { container } => {
                delay = self.post_start(cx, uid, &pod, &container);
            }
            Op::Kill { container_id, container, message, grace_s } => {
                self.kill_container(cx, &pod, &container_id, &container, grace_s, Some(&message));
            }
            Op::Resize { container_id, container } => {
                // `doPodResizeAction`: `UpdateContainerResources` with the allocation, then a
                // sync soon to see the runtime caught up.
                if let Some(resources) = container_spec(&pod, &container).map(|c| c["resources"].clone()) {
                    let _ = self.cri(cx, |cri| cri.update_container_resources(&pod, &container_id, &container, &resources));
                }
                self.request_sync(cx, uid);
            }
            Op::Remove { container_id, last } => {
                self.remove_container(cx, uid, &pod, &container_id);
                if last {
                    self.request_sync(cx, uid);
                }
            }
            Op::AwaitStopped { container_id } => {
                let running = cx.node().machine(node).and_then(|m| m.runtime.containers.get(&container_id)).is_some_and(|c| c.state == ContainerState::Running);
                if running {
                    if let Some(w) = self.workers.get_mut(uid) {
                        w.ops.push_front(Op::AwaitStopped { container_id });
                    }
                    return;
                }
            }
            Op::AwaitContainersStopped => {
                let (grace, since) = self.workers.get(uid).map(|w| (w.grace_s, w.term_started)).unwrap_or((30, cx.now()));
                // A container that a signal ends at once (not PID 1, or a program that exits
                // on SIGTERM) has exited before the wait begins: nothing then resumes it.
                let running = self.stop_in_order(cx, uid, &pod, grace, since)
                    && cx.node().machine(node).is_some_and(|m| m.runtime.containers.values().any(|c| c.pod_uid == uid && c.state == ContainerState::Running));
                if running {
                    // Resumed by the last container's exit.
                    if let Some(w) = self.workers.get_mut(uid) {
                        w.ops.push_front(Op::AwaitContainersStopped);
                    }
                    return;
                }
            }
            Op::StopSandbox => {
                let sandboxes: Vec<String> = cx.node().machine(node).map(|m| m.runtime.sandboxes.values().filter(|s| s.pod_uid == uid && s.ready).map(|s| s.id.clone()).collect()).unwrap_or_default();
                for s in sandboxes {
                    let _ = self.cri(cx, |cri| cri.stop_pod_sandbox(&pod, &s));
                }
                delay = cx.rng().between(STOP_SANDBOX_MS.0, STOP_SANDBOX_MS.1);
            }
            Op::Finish => {
                self.finish(cx, uid, &pod);
                return;
            }
        }
        self.next(cx, uid, delay);
    }

    fn next(&mut self, cx: &mut Cx<'_>, uid: &str, delay: u64) {
        let Some(w) = self.workers.get(uid) else { return };
        let token = w.token;
        self.repeat_watch_own_task(uid);
        cx.after(cx.now().plus_millis(delay), Timer::new(&self.node, Due::Op { uid: uid.to_string(), token }));
    }

    /// Drops the rest of one container's steps after it failed.
    fn skip_container(&mut self, cx: &mut Cx<'_>, uid: &str, container: &str) {
        let init = self.workers.get(uid).map(|w| (w.namespace.clone(), w.name.clone())).and_then(|(ns, n)| cx.node().kubelet_pod(&self.node, &ns, &n)).is_some_and(|p| is_init(&p, container));
        if let Some(w) = self.workers.get_mut(uid) {
            w.ops.retain(|op| !matches!(op, Op::EnsureImage { container: c } | Op::Create { container: c } | Op::Start { container: c } | Op::PostStart { container: c } | Op::PullDone { container: c, .. } if c == container));
            // An init container that fails ends the sync (`SyncPod` returns).
            if init {
                w.ops.clear();
            }
        }
    }

    /// The sync failed: `completeWork` retries it after `backOffPeriod` (or at a back-off's end).
    fn fail(&mut self, uid: &str) {
        self.repeat_watch_failure(uid, None);
        if let Some(w) = self.workers.get_mut(uid) {
            w.failed = true;
        }
    }

    /// The sync's error is a back-off ending at `until` (the earliest of its containers'):
    /// `completeWork` queues the next sync for then.
    fn back_off_until(&mut self, uid: &str, until: Time) {
        if let Some(w) = self.workers.get_mut(uid) {
            w.backoff_until = Some(w.backoff_until.map_or(until, |b| b.min(until)));
        }
    }

    /// A container could not start: the reason cache and the sync's error.
    pub(crate) fn start_failed(&mut self, uid: &str, container: &str, reason: &str, message: &str) {
        if let Some(w) = self.workers.get_mut(uid) {
            w.facts.start_failures.insert(container.to_string(), (reason.to_string(), message.to_string()));
        }
        self.repeat_watch_failure(uid, Some(reason));
        self.fail(uid);
    }

    /// `doBackOff`, then `EnsureImageExists`. Ok(Some(ms)) when a pull was started (the
    /// plan continues when it ends); Err when the container cannot start in this sync.
    fn ensure_image(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, container: &str) -> Result<Option<u64>, ()> {
        let now = cx.now();
        let Some(spec) = container_spec(pod, container).cloned() else { return Err(()) };
        // doBackOff (kuberuntime_manager.go): the newest exited instance in the sync's pod
        // status starts the back-off. A container this sync has just killed is not in it, so
        // the first restarts after probe kills are not delayed.
        let finished = self.workers.get(uid).and_then(|w| w.sync_exited.get(container).copied());
        if let Some(ts) = finished {
            let key = crash_backoff_key(uid, container, spec["image"].as_str().unwrap_or_default());
            if self.crash_backoff.is_in_backoff_since(&key, ts, now) {
                let delay = self.crash_backoff.get(&key);
                let until = self.crash_backoff.until(&key, ts);
                self.event(cx, pod, Some(container), "Warning", "BackOff", &format!("Back-off restarting failed container {container} in pod {}", format_pod(pod)));
                let message = format!("back-off {} restarting failed container={container} pod={}", go_duration(delay), format_pod(pod));
                self.start_failed(uid, container, "CrashLoopBackOff", &message);
                self.back_off_until(uid, until);
                return Err(());
            }
            let waited_max = self.crash_backoff.at_max(&key);
            self.crash_backoff.next(&key, ts, now);
            self.restart_mark(cx, uid, container, restarts::CycleKind::Restart, waited_max);
        }
        let image = spec["image"].as_str().unwrap_or_default().to_string();
        let reference = match ImageRef::parse_normalized(&image) {
            Ok(r) => r.with_default_tag(),
            Err(e) => {
                let msg = format!("Failed to apply default image tag {image:?}: couldn't parse image name {image:?}: {e}");
                self.event(cx, pod, Some(container), "Warning", "InspectFailed", &msg);
                self.event(cx, pod, Some(container), "Warning", "Failed", "Error: InvalidImageName");
                self.start_failed(uid, container, "InvalidImageName", &msg);
                return Err(());
            }
        };
        let policy = spec["imagePullPolicy"].as_str().unwrap_or("IfNotPresent").to_string();
        let present = cx.node().machine(&self.node).is_some_and(|m| m.runtime.image_status(&reference).is_some());
        let should_pull = match policy.as_str() {
            "Always" => true,
            "Never" => false,
            _ => !present,
        };
        if !should_pull {
            if present {
                self.event(cx, pod, Some(container), "Normal", "Pulled", &format!("Container image {image:?} already present on machine and can be accessed by the pod"));
                return Ok(None);
            }
            self.repeat_watch_image(uid, None, &reference);
            let msg = format!("Container image {image:?} is not present with pull policy of Never");
            self.event(cx, pod, Some(container), "Warning", "ErrImageNeverPull", &msg);
            self.event(cx, pod, Some(container), "Warning", "Failed", "Error: ErrImageNeverPull");
            self.start_failed(uid, container, "ErrImageNeverPull", &msg);
            return Err(());
        }
        let key = format!("{uid}_{image}");
        if self.image_backoff.is_in_backoff_since_update(&key, now) {
            let prev = self.image_errors.get(&key).cloned();
            self.repeat_watch_image(uid, Some(&key), &reference);
            self.restart_watch_pull_backoff(uid);
            self.event(cx, pod, Some(container), "Normal", "BackOff", &format!("Back-off pulling image {image:?}"));
            let msg = match prev {
                Some(p) => format!("Back-off pulling image {image:?}: {p}"),
                None => format!("Back-off pulling image {image:?}"),
            };
            self.event(cx, pod, Some(container), "Warning", "Failed", "Error: ImagePullBackOff");
            self.start_failed(uid, container, "ImagePullBackOff", &msg);
            return Err(());
        }
        // A pull tried again after a failed one, of a container that never ran: a cycle of
        // its pull back-off begins (`restarts.rs`).
        if self.image_backoff.get(&key) > 0 && finished.is_none() {
            self.restart_mark(cx, uid, container, restarts::CycleKind::Pull, true);
        }
        self.image_errors.remove(&key);
        self.event(cx, pod, Some(container), "Normal", "Pulling", &format!("Pulling image {image:?}"));
        let up = cx.node().machine(&self.node).is_some_and(|m| m.cri_up(now));
        let resolved = if up { cx.node().machine(&self.node).map(|m| m.runtime.resolve(&reference)) } else { None };
        let (duration, result) = match resolved {
            Some(Resolved::Remote(img)) => {
                // Layers already in the node's store (or arriving with an earlier pull in the
                // serialized queue) are not fetched again: only the tag and manifests are.
                let have_layers = cx.node().machine(&self.node).is_some_and(|m| {
                    self.pulls_in_flight.retain(|_, done| *done > now);
                    m.runtime.images.contains_key(&img.image_id) || self.pulls_in_flight.contains_key(&img.image_id)
                });
                let base = if have_layers { crate::registry::PULL_RESOLVE_MS } else { crate::registry::pull_duration_ms(img.size_bytes) };
                let duration = base + cx.rng().below(base / 5 + 1);
                let done = self.puller_free_at.max(now).plus_millis(duration);
                self.pulls_in_flight.insert(img.image_id.clone(), done);
                (duration, Ok(()))
            }
            Some(Resolved::Missing(text)) => (failed_pull_ms(cx.rng()), Err(text)),
            None => (0, Err(crate::cri_api::CONTAINERD_DOWN.to_string())),
        };
        // Image pulls are serialized on the node (`serializeImagePulls: true`).
        if cx.node().machine(&self.node).is_none() {
            return Err(());
        }
        let started = self.puller_free_at.max(now);
        let done = started.plus_millis(duration);
        self.puller_free_at = done;
        if let Some(w) = self.workers.get_mut(uid) {
            w.ops.push_front(Op::PullDone { container: container.to_string(), requested: now, started, result });
        }
        self.cri(cx, |cri| cri.pull_image_queued(crate::object_ref(pod, "Pod"), &image, &reference, started, up));
        Ok(Some(done.millis() - now.millis()))
    }

    /// `completeWork`: re-queue the pod — at its back-off's end after a back-off error
    /// (`MinBackoffExpiration`, at most a resync ahead), 10 s after another error, a resync
    /// (1 min) otherwise, each jittered by up to 50 %, read on the next 1-second tick. Before
    /// that, a sync without errors runs its `postSync`: PLEG relists the pod.
    fn complete_work(&mut self, cx: &mut Cx<'_>, uid: &str) {
        let now = cx.now();
        let Some(w) = self.workers.get(uid) else { return };
        let base = requeue_base_ms(w.failed, w.backoff_until, now);
        // `postSync`: a sync whose actions all succeeded asks PLEG to relist the pod now.
        let relist = !w.failed && w.backoff_until.is_none();
        let next_token = w.token + 1;
        let backoff = w.failed && w.backoff_until.is_some();
        self.restart_watch_sync_end(uid, backoff);
        self.repeat_watch_end(cx, uid, next_token);
        let idle = relist && self.workers.get_mut(uid).is_some_and(|w| std::mem::take(&mut w.idle_sync));
        let jitter = cx.rng().below(base / 2 + 1);
        let (revision, seq) = (cx.node().revision(), cx.node().next_seq());
        if relist {
            self.pleg_relist_pod(cx, uid);
        }
        // An idle resync (nothing planned, written or relisted): until something happens to
        // the pod, the next one will be idle too (`quiet.rs`).
        let steady = (idle && cx.node().revision() == revision && cx.node().next_seq() == seq).then(|| cx.node().pod_epoch(&self.node, uid));
        let at = self.next_tick(now.plus_millis(base + jitter).max(now));
        let Some(w) = self.workers.get_mut(uid) else { return };
        w.busy = false;
        w.last_sync = Some(now);
        w.token += 1;
        let token = w.token;
        let pending = std::mem::take(&mut w.pending);
        w.steady_epoch = steady.filter(|_| !pending);
        if pending {
            cx.after(now, Timer::new(&self.node, Due::Sync { uid: uid.to_string(), token }));
        } else {
            cx.after(at, Timer::new(&self.node, Due::Sync { uid: uid.to_string(), token }));
        }
    }

    /// The status manager: generate the API status and PATCH it when it changed.
    pub(crate) fn update_status(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot) -> std::sync::Arc<Value> {
        self.update_status_with(cx, uid, pod, false)
    }

    /// The status of the pod's sync; `finished`: `SyncTerminatedPod`'s last one, which the
    /// status manager's `TerminatePod` makes terminal.
    fn update_status_with(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, finished: bool) -> std::sync::Arc<Value> {
        let now = cx.now();
        let is_static = finished && cx.node().static_pod(&self.node, uid).is_some();
        let restart_all_gate = cx.feature_enabled("RestartAllContainersOnContainerExits");
        let Some(m) = cx.node().machine(&self.node) else { return std::sync::Arc::new(Value::Null) };
        let sandbox = m.runtime.ready_sandbox(uid).cloned();
        let Some(w) = self.workers.get_mut(uid) else { return std::sync::Arc::new(Value::Null) };
        w.facts.sandbox_ready = sandbox.is_some();
        if let Some(s) = &sandbox {
            w.facts.pod_ip = s.ip.clone();
        }
        w.facts.host_ip = self.host_ip.clone();
        if w.facts.start_time.is_none() {
            w.facts.start_time = Some(pod["status"]["startTime"].as_str().map(str::to_string).unwrap_or_else(|| now.rfc3339()));
        }
        let mut facts = w.facts.clone();
        facts.restart_all_gate = restart_all_gate;
        facts.allocated = w.allocated.clone();
        facts.resize_conditions = w.resize.list();
        let containers = m.runtime.pod_containers(uid);
        let mut status = status::generate(pod, &containers, &facts, now);
        if finished {
            status::terminate_pod(pod, &mut status, is_static);
        }
        let status = std::sync::Arc::new(status);
        self.patch_status_shared(cx, uid, pod, status.clone());
        status
    }

    pub(crate) fn patch_status(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, status: Value) {
        self.patch_status_shared(cx, uid, pod, std::sync::Arc::new(status));
    }

    /// The status manager's write of `status` (the status manager keeps it as the last one
    /// sent, shared with the caller).
    fn patch_status_shared(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, mut status: std::sync::Arc<Value>) {
        let last = self.workers.get(uid).and_then(|w| w.last_status.as_deref());
        let mut old = match last {
            Some(last) => std::borrow::Cow::Borrowed(last),
            None => std::borrow::Cow::Owned(pod["status"].to_value()),
        };
        // A static pod's status goes to its mirror pod (none yet: the status waits).
        let mut api_uid = uid.to_string();
        if cx.node().static_pod(&self.node, uid).is_some() {
            let mirror = cx.node().mirror_pod(&self.node, pod["metadata"]["namespace"].as_str().unwrap_or_default(), pod["metadata"]["name"].as_str().unwrap_or_default());
            // A mirror pod on its way out takes no status (its successor will).
            let Some(mirror) = mirror.filter(|m| m["metadata"]["deletionTimestamp"].is_null()) else { return };
            api_uid = mirror["metadata"]["uid"].as_str().unwrap_or_default().to_string();
            if self.workers.get(uid).is_some_and(|w| w.mirror_status_pending) {
                old = std::borrow::Cow::Owned(mirror["status"].to_value());
            }
        }
        // `mergePodStatus` (`status_manager.go`): a pod whose containers could still be
        // running — its worker has not finished `SyncTerminatingPod` (`podWorkers.
        // CouldHaveRunningContainers`) — is not reported terminal yet; its phase, reason and
        // message stay as they were. (So a pod the API shows finished no longer holds its
        // node's resources, for the scheduler nor for the kubelet's admission.)
        let terminal = |s: &Value| matches!(s["phase"].as_str(), Some("Succeeded" | "Failed"));
        let could_run = self.workers.get(uid).is_some_and(|w| !w.terminated);
        if could_run && terminal(&status) && !terminal(&old)
            && let Some(s) = std::sync::Arc::make_mut(&mut status).as_object_mut()
        {
            for k in ["phase", "reason", "message"] {
                match old.get(k) {
                    Some(v) if !v.is_null() => {
                        s.insert(k.to_string(), v.clone());
                    }
                    _ => {
                        s.remove(k);
                    }
                }
            }
        }
        if status::same(&old, &status) {
            drop(old);
            if let Some(w) = self.workers.get_mut(uid) {
                w.mirror_status_pending = false;
            }
            return;
        }
        if self.workers.get(uid).is_some_and(|w| w.orphaned) {
            return;
        }
        let Some(rt) = ResourceType::resolve("pods") else { return };
        // A merge patch of the status fields that changed (lists whole, as the kubelet's
        // strategic patch ends up).
        let mut patch = serde_json::Map::new();
        if let (Some(o), Some(n)) = (old.as_object(), status.as_object()) {
            for (k, v) in n {
                if o.get(k) != Some(v) {
                    patch.insert(k.clone(), v.clone());
                }
            }
            for k in o.keys() {
                if !n.contains_key(k) {
                    patch.insert(k.clone(), Value::Null);
                }
            }
        }
        let mut req = Request::new(Verb::Patch, rt);
        req.namespace = pod["metadata"]["namespace"].as_str().map(str::to_string);
        req.name = pod["metadata"]["name"].as_str().map(str::to_string);
        req.subresource = Some("status".into());
        req.answer_unread = true;
        drop(old);
        // (`status` moved in, not copied through `json!`'s serializer.)
        let mut body = json!({"metadata": {"uid": api_uid}});
        body["status"] = Value::Object(patch);
        req.body = Some(body);
        if self.request(cx, req).is_ok()
            && let Some(w) = self.workers.get_mut(uid) {
                if let Some(m) = cx.node().machine_mut(&self.node).filter(|m| m.static_pods.iter().any(|p| p.uid == uid)) {
                    m.static_status.insert(uid.to_string(), (*status).clone());
                }
                // Whether the pod's readiness turned (the endpoint controllers write then).
                let ready = |s: &Value| s["conditions"].as_array().and_then(|c| c.iter().find(|c| c["type"] == "Ready")).map(|c| c["status"] == "True");
                let turned = w.last_status.as_deref().map(ready) != Some(ready(&status));
                w.last_status = Some(status);
                w.mirror_status_pending = false;
                self.restart_watch_status_written(uid, cx.now(), turned);
            }
    }

    /// The status manager's periodic sync, run when the node can talk again: statuses that
    /// did not get through are sent, finished pods are deleted.
    pub(crate) fn resync_statuses(&mut self, cx: &mut Cx<'_>) {
        let workers: Vec<(String, String, String, bool)> = self.workers.values().map(|w| (w.uid.clone(), w.namespace.clone(), w.name.clone(), w.terminated)).collect();
        for (uid, ns, name, terminated) in workers {
            let Some(pod) = cx.node().kubelet_pod(&self.node, &ns, &name).filter(|p| p["metadata"]["uid"] == uid.as_str()) else { continue };
            // A rejected pod's status is the one `rejectPod` set.
            if let Some(status) = self.workers.get(&uid).and_then(|w| w.rejected.clone()) {
                self.patch_status(cx, &uid, &pod, status);
                continue;
            }
            self.update_status(cx, &uid, &pod);
            if terminated {
                self.delete_if_deleting(cx, &pod);
            }
        }
    }

    /// The pod is deleting (or terminal): kill every container with the grace period, then
    /// stop the sandbox, then finish.
    fn begin_termination(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot) {
        let Some(w) = self.workers.get_mut(uid) else { return };
        if w.terminating {
            return;
        }
        w.terminating = true;
        w.token += 1;
        w.busy = true;
        w.pending = false;
        w.ops = VecDeque::from([Op::AwaitContainersStopped, Op::StopSandbox, Op::Finish]);
        w.term_started = cx.now();
        w.kill_sent.clear();
        let deleting = pod["metadata"]["deletionTimestamp"].is_string() || w.orphaned;
        // An eviction's grace period overrides the pod's (`GracePeriodSecondsOverride`).
        let evicted = w.facts.evicted.is_some();
        if !deleting && !evicted {
            w.grace_s = pod["spec"]["terminationGracePeriodSeconds"].as_i64().unwrap_or(30);
        }
        let grace = w.grace_s;
        let token = w.token;
        reaction(cx, Action::KubeletSync, crate::object_ref(pod, "Pod"), crate::sort::map_of([
            ("type".to_string(), json!("SyncTerminatingPod")),
            ("gracePeriod".to_string(), json!(if deleting || evicted { Some(grace) } else { None })),
        ]));
        // SyncTerminatingPod's first status: an eviction's `PodStatusFunc` makes it Failed.
        if deleting || evicted {
            self.update_status(cx, uid, pod);
        }
        cx.after(cx.now(), Timer::new(&self.node, Due::Op { uid: uid.to_string(), token }));
    }

    /// A shorter grace period while the pod terminates: the sync in flight is cancelled (a
    /// preStop hook's wait ends, a StopContainer returns without its SIGKILL) and
    /// SyncTerminatingPod runs again with the new period — the preStop hook included.
    fn restart_termination(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, grace_s: i64) {
        let node_name = self.node.clone();
        let node = node_name.as_str();
        let running: Vec<String> = cx.node().machine(node).map(|m| m.runtime.containers.values().filter(|c| c.pod_uid == uid && c.state == ContainerState::Running).map(|c| c.id.clone()).collect()).unwrap_or_default();
        for id in &running {
            self.cri(cx, |cri| cri.cancel_stop(id));
        }
        let Some(w) = self.workers.get_mut(uid) else { return };
        w.stopping.clear();
        w.terminating = false;
        w.grace_s = grace_s;
        self.begin_termination(cx, uid, pod);
    }

    /// `SyncTerminatedPod`, then the status manager's delete once nothing runs.
    fn finish(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &std::sync::Arc<crate::Obj>) {
        let node_name = self.node.clone();
        let node = node_name.as_str();
        let Some(w) = self.workers.get_mut(uid) else { return };
        w.terminated = true;
        w.busy = false;
        w.facts.terminal = true;
        let orphaned = w.orphaned;
        reaction(cx, Action::KubeletSync, crate::object_ref(pod, "Pod"), crate::sort::map_of([("type".to_string(), json!("SyncTerminatedPod"))]));
        if orphaned {
            self.workers.remove(uid);
            self.events.forget(uid);
            self.cri(cx, |cri| cri.remove_pod(uid));
            cx.node().kubelet_remove_pod_dir(node, uid);
            return;
        }
        let current = self.workers.get(uid).map(|w| (w.namespace.clone(), w.name.clone())).and_then(|(ns, n)| cx.node().kubelet_pod(node, &ns, &n)).unwrap_or_else(|| pod.clone());
        self.update_status_with(cx, uid, &current, true);
        self.delete_if_deleting(cx, &current);
    }

    /// The status manager's `canBeDeleted`: a deleting pod whose containers are all gone is
    /// removed from the API with grace period 0.
    fn delete_if_deleting(&mut self, cx: &mut Cx<'_>, pod: &Slot) {
        if !pod["metadata"]["deletionTimestamp"].is_string() {
            return;
        }
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default();
        if let Some(w) = self.workers.get_mut(uid) {
            w.delete_sent = true;
        }
        let Some(rt) = ResourceType::resolve("pods") else { return };
        let mut req = Request::new(Verb::Delete, rt);
        req.namespace = pod["metadata"]["namespace"].as_str().map(str::to_string);
        req.name = pod["metadata"]["name"].as_str().map(str::to_string);
        req.grace_period_seconds = Some(0);
        // status_manager.go: "Use the pod UID as the precondition for deletion to prevent
        // deleting a newly created pod with the same name and namespace."
        req.preconditions = Some(crate::apiserver::Preconditions { uid: Some(uid.to_string()), ..Default::default() });
        let _ = self.request(cx, req);
    }

    /// PLEG's relist: container changes since the last relist become pod events that
    /// trigger syncs.
    pub(crate) fn pleg_relist(&mut self, cx: &mut Cx<'_>) {
        let (running, now) = (cx.running(), cx.now());
        let Some(m) = cx.node().machine(&self.node) else { return };
        self.pleg_scheduled = false;
        if !running {
            return;
        }
        if !m.cri_up(now) {
            // The relist fails while containerd is down; it keeps trying every second.
            self.pleg_scheduled = true;
            let at = self.next_tick(now);
            cx.after(at, Timer::new(&self.node, Due::Pleg));
            return;
        }
        let (events, pods) = pleg_changes(&m.runtime, &self.pleg_seen, None);
        self.pleg_seen = VecMap::from_iter(m.runtime.containers.values().map(|c| (c.id.clone(), c.state)));
        // The cache's time moves: workers waiting in `GetNewerThan` go on.
        let released: Vec<String> = self.workers.values_mut().filter(|w| w.waiting == Some(Wait::Cache)).map(|w| {
            w.waiting = None;
            w.resume = true;
            w.uid.clone()
        }).collect();
        self.pleg_report(cx, events, pods, None);
        for uid in released {
            self.request_sync(cx, &uid);
        }
    }

    /// `RequestPodRelist` (`pkg/kubelet/pleg/generic.go` `relistPod`): right after a sync whose
    /// actions all succeeded, PLEG relists that pod alone (PLEGOnDemandRelist, beta and on by
    /// default in 1.36), so a container the sync started is reported at once instead of at
    /// the next periodic relist.
    fn pleg_relist_pod(&mut self, cx: &mut Cx<'_>, uid: &str) {
        let now = cx.now();
        let Some(m) = cx.node().machine(&self.node) else { return };
        if !m.cri_up(now) {
            return;
        }
        let (events, pods) = pleg_changes(&m.runtime, &self.pleg_seen, Some(uid));
        for c in m.runtime.containers.values().filter(|c| c.pod_uid == uid) {
            self.pleg_seen.insert(c.id.clone(), c.state);
        }
        self.pleg_report(cx, events, pods, Some(uid));
    }

    /// Traces a relist's events and syncs the pods they concern.
    fn pleg_report(&mut self, cx: &mut Cx<'_>, events: Vec<Value>, pods: Vec<String>, pod: Option<&str>) {
        if events.is_empty() {
            return;
        }
        let objects: Vec<Option<crate::trace::ObjectRef>> = pods.iter().map(|u| self.workers.get(u).map(|w| crate::trace::ObjectRef::new("Pod", Some(&w.namespace), &w.name))).collect();
        let scope = if pod.is_some() { "pod" } else { "node" };
        reaction(cx, Action::KubeletPleg, objects.first().cloned().flatten(), crate::sort::map_of([("events".to_string(), json!(events)), ("scope".to_string(), json!(scope))]));
        for uid in pods {
            // Something happened to this pod's containers (`quiet.rs`).
            cx.node().touch_pod(&uid);
            self.request_sync(cx, &uid);
        }
    }
}

/// The kubelet as the engine drives it.
impl Component for Kubelet {
    type Timer = Timer;

    fn on_watch(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&Slot>) {
        self.observe(cx, event, old);
    }

    fn on_timer(&mut self, cx: &mut Cx<'_>, timer: Timer) {
        self.on_due(cx, timer.due);
    }

    /// Registration, its Lease, the fast status loop, then the manifest directory's static
    /// pods; the informer's list arrives next, as Add notifications (`Engine::start_component`).
    fn on_start(&mut self, cx: &mut Cx<'_>) {
        self.boot(cx);
        self.add_static_pods(cx);
    }

    /// Its memory goes with the process: pod workers, back-offs, PLEG's view, the managers'.
    fn on_stop(&mut self) {
        *self = Kubelet::new(&self.node, &self.host_ip, self.tick_offset_ms);
    }
}

/// `podsDifferSemantically` (`pkg/kubelet/config/config.go`): the spec, labels, deletion
/// timestamp and grace period, or the annotations but the kubelet's own (`localAnnotations`:
/// `kubernetes.io/config.source`, `.mirror`, `.hash`) differ. An empty map is an absent one,
/// as the API serves them.
fn pods_differ_semantically(old: &Slot, new: &Slot) -> bool {
    let local_keys = [static_pods::CONFIG_SOURCE, crate::apiserver::admission::MIRROR_POD_ANNOTATION, static_pods::CONFIG_HASH];
    // The two maps' members (a non-object as none), the kubelet's own keys left out when
    // `local`, compared in their common key order without copying them.
    let same_map = |a: &Slot, b: &Slot, local: bool| {
        let keep = |(k, _): &(&str, &Slot)| !local || !local_keys.contains(k);
        let mut x = a.as_object().into_iter().flatten().filter(keep);
        let mut y = b.as_object().into_iter().flatten().filter(keep);
        loop {
            match (x.next(), y.next()) {
                (None, None) => return true,
                (Some((ka, va)), Some((kb, vb))) if ka == kb && va == vb => {}
                _ => return false,
            }
        }
    };
    let (o, n) = (&old["metadata"], &new["metadata"]);
    &old["spec"] != &new["spec"]
        || !same_map(&o["labels"], &n["labels"], false)
        || &o["deletionTimestamp"] != &n["deletionTimestamp"]
        || &o["deletionGracePeriodSeconds"] != &n["deletionGracePeriodSeconds"]
        || !same_map(&o["annotations"], &n["annotations"], true)
}

/// The container changes since PLEG last looked (of one pod, or of every pod): the events
/// (`generateEvents`: running → ContainerStarted, exited → ContainerDied) and the pods they
/// concern, each once.
fn pleg_changes(rt: &Runtime, seen: &VecMap<String, ContainerState>, pod: Option<&str>) -> (Vec<Value>, Vec<String>) {
    let mut events = vec![];
    let mut pods = vec![];
    for c in rt.containers.values().filter(|c| pod.is_none_or(|p| c.pod_uid == p)) {
        if seen.get(&c.id).copied() == Some(c.state) {
            continue;
        }
        let kind = match c.state {
            ContainerState::Running => "ContainerStarted",
            ContainerState::Exited => "ContainerDied",
            _ => continue,
        };
        events.push(json!({"pod": c.pod_uid, "container": c.name, "type": kind}));
        pods.push(c.pod_uid.clone());
    }
    crate::sort::sort(&mut pods);
    pods.dedup();
    (events, pods)
}

#[cfg(test)]
mod tests {
    use super::*;


    #[test]
    fn ticks_are_on_the_node_offset() {
        let k = Kubelet::new("n", "1.2.3.4", 300);
        assert_eq!(k.next_tick(Time(0)), Time(300));
        assert_eq!(k.next_tick(Time(299)), Time(300));
        assert_eq!(k.next_tick(Time(1300)), Time(2300));
    }
}


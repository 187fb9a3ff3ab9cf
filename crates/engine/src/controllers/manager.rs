//! kube-controller-manager as a process of its own (`component.rs`; upstream
//! `cmd/kube-controller-manager`). Upstream it is one process: its controllers share one
//! informer factory, and each has its own API client (a token bucket of its own,
//! `client.rs`) and event recorder; a restart loses everything they remember.
//!
//! Here it is one component, [`KubeControllerManager`], held in one `Slot` of the engine: the
//! process-wide parts ([`Shared`]: the clients, the work queues' rate limiter, the workload
//! controllers' event recorder) and every loop are its fields, and one `Component` impl hands
//! each input to its loops, in the order upstream's informer handlers were registered here
//! before the process was a component (the EndpointSlice controller first, then the workload
//! and batch controllers, node lifecycle, taint eviction, the stateless reconcilers, node IPAM,
//! the PersistentVolume controller, PodGC, the garbage collector, disruption, HPA). One type
//! rather than a component per loop sharing a process object: the loops share one informer
//! cache and the process's clients and queues, and a field borrow hands a loop exactly the
//! shared part it uses (`&mut self.shared.requeue` next to its own state), where separate
//! components would need the shared object taken out of the engine as well. Each loop keeps
//! its own module, its own memory type and its own timer type, and acts through `Cx::part`, a
//! context that sets its own timers only, so a loop's module names neither `Engine` nor
//! another loop.
//!
//! The loops: the stateless reconcilers of each delivery (`reconcile` in `mod.rs`: service
//! accounts, root CA publisher, namespace, volume protection, Endpoints, resource quota), the
//! workload and batch controllers with the write and slow-start machinery they share
//! (`workloads.rs`), the EndpointSlice controller (`endpointslice/`), the node lifecycle
//! controller (`nodelifecycle/`), the taint eviction controller (`tainteviction.rs`), PodGC
//! (`podgc.rs`), the garbage collector (`garbagecollector.rs`), the disruption controller
//! (`disruption.rs`), node IPAM's range allocator (`nodeipam.rs`), the PersistentVolume
//! controller's memory (`persistentvolume.rs`) and the horizontal pod autoscaler controller
//! (`hpa/`). A loop whose sync hands over writes has them leave through its client here
//! (`send`) and sent by the workload loop's `controller_write` (what follows a write reaches
//! that loop's memory).

use crate::Slot;

use super::{client, disruption, endpointslice, garbagecollector, hpa, nodeipam, nodelifecycle, persistentvolume, podgc, tainteviction, workloads, workqueue};
use crate::clock::Time;
use crate::component::Component;
use crate::components::Cache;
use crate::store::WatchEvent;

/// The parts of the process its loops share.
#[derive(Debug, Clone, Default)]
pub(crate) struct Shared {
    /// Each controller's API client and its token bucket (`--kube-api-qps`/`--kube-api-burst`).
    pub(crate) clients: client::Clients,
    /// The controllers' work-queue rate limiter (`AddRateLimited` after a failed write).
    pub(crate) requeue: workqueue::RateLimiter,
    /// The workload controllers' event recorder.
    pub(crate) events: crate::record::Recorder,
}

/// kube-controller-manager's memory: the process-wide parts, then each loop's.
#[derive(Debug, Clone, Default)]
pub struct KubeControllerManager {
    shared: Shared,
    /// The workload and batch controllers, with the write and slow-start machinery they share.
    workloads: workloads::WorkloadControllers,
    /// PodGC's quarantine and tally.
    podgc: podgc::PodGc,
    /// The garbage collector's graph and queues.
    gc: garbagecollector::GarbageCollector,
    /// The disruption controller's queue and event recorder.
    pdb: disruption::DisruptionController,
    /// The node IPAM controller's range allocator.
    node_ipam: nodeipam::RangeAllocator,
    /// The PersistentVolume controller's event correlation.
    pv: persistentvolume::PersistentVolumeController,
    /// The horizontal pod autoscaler controller's queue, recommendations and recorder.
    hpa: hpa::HpaController,
    /// The EndpointSlice controller's queue, trackers and recorder.
    endpointslices: endpointslice::Controller,
    /// The node lifecycle controller's node health, zones and tainting queues.
    node_lifecycle: nodelifecycle::State,
    /// The taint eviction controller's tainted nodes and timed workers.
    taint_eviction: tainteviction::State,
}

/// The timers of kube-controller-manager's loops (each loop sets only its own, `Cx::part`).
#[derive(Debug, Clone)]
pub(crate) enum Timer {
    /// PodGC's pass (every 20 s).
    PodGc,
    /// A garbage collector worker takes an item from its queue.
    Gc(Box<garbagecollector::Item>),
    /// The disruption controller syncs a PodDisruptionBudget.
    Pdb(disruption::SyncBudget),
    /// The horizontal pod autoscaler controller syncs an HPA.
    Hpa(hpa::SyncHpa),
    /// The PersistentVolume controller's resync (every 15 s).
    PvResync,
    /// Node IPAM's work queue hands back a node it could give no range.
    Ipam(String),
    /// The EndpointSlice controller's worker takes a key, or a sync's writes leave.
    EndpointSlice(endpointslice::Timer),
    /// The node lifecycle controller's health monitor (every 5 s) and queued work.
    NodeLifecycle(Box<nodelifecycle::Work>),
    /// The taint eviction controller's queued work and timed workers.
    TaintEviction(Box<tainteviction::Work>),
    /// The workload and batch controllers' timers (a loop's write leaving its client among
    /// them).
    Workloads(workloads::Timer),
}

impl From<podgc::Pass> for Timer {
    fn from(_: podgc::Pass) -> Timer {
        Timer::PodGc
    }
}

impl From<garbagecollector::Item> for Timer {
    fn from(item: garbagecollector::Item) -> Timer {
        Timer::Gc(Box::new(item))
    }
}

impl From<hpa::SyncHpa> for Timer {
    fn from(sync: hpa::SyncHpa) -> Timer {
        Timer::Hpa(sync)
    }
}

impl From<persistentvolume::Resync> for Timer {
    fn from(_: persistentvolume::Resync) -> Timer {
        Timer::PvResync
    }
}

impl From<nodeipam::Requeue> for Timer {
    fn from(requeue: nodeipam::Requeue) -> Timer {
        Timer::Ipam(requeue.0)
    }
}

impl From<endpointslice::Timer> for Timer {
    fn from(timer: endpointslice::Timer) -> Timer {
        Timer::EndpointSlice(timer)
    }
}

impl From<nodelifecycle::Work> for Timer {
    fn from(work: nodelifecycle::Work) -> Timer {
        Timer::NodeLifecycle(Box::new(work))
    }
}

impl From<workloads::Timer> for Timer {
    fn from(timer: workloads::Timer) -> Timer {
        Timer::Workloads(timer)
    }
}

impl From<tainteviction::Work> for Timer {
    fn from(work: tainteviction::Work) -> Timer {
        Timer::TaintEviction(Box::new(work))
    }
}

impl From<disruption::SyncBudget> for Timer {
    fn from(sync: disruption::SyncBudget) -> Timer {
        Timer::Pdb(sync)
    }
}

impl Timer {
    /// Whether it is one of the periodic timers the quiet stretches ask about (`quiet.rs`).
    pub(crate) fn periodic(&self) -> bool {
        matches!(self, Timer::PodGc | Timer::PvResync | Timer::Hpa(_)) || self.node_monitor()
    }

    /// Whether it is the node lifecycle controller's health monitor.
    pub(crate) fn node_monitor(&self) -> bool {
        matches!(self, Timer::NodeLifecycle(work) if matches!(**work, nodelifecycle::Work::Monitor))
    }
}

type Cx<'a> = crate::component::Cx<'a, Timer>;

impl Component for KubeControllerManager {
    type Timer = Timer;

    /// A delivery of the shared informer, to the moved loops (the others had it just before,
    /// from the engine).
    fn on_watch(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&Slot>) {
        cx.part(|cx| self.endpointslices.observe(cx, event, old));
        cx.part(|cx| self.workloads.observe(cx, &mut self.shared, event, old));
        cx.part(|cx| self.node_lifecycle.observe(cx, event, old));
        cx.part(|cx| self.taint_eviction.observe(cx, event, old));
        let mut writes = super::reconcile(cx.cache(), event, cx.now());
        writes.extend(self.node_ipam.observe(event));
        writes.extend(self.pv.observe(cx.cache(), event, cx.now()));
        for w in writes {
            self.send(cx, w);
        }
        cx.part(|cx| self.node_ipam.cidr_not_available(cx));
        cx.part(|cx| self.podgc.on_watch(cx, event, old));
        cx.part(|cx| self.gc.observe(cx, event, old));
        cx.part(|cx| self.pdb.observe(cx, event));
        cx.part(|cx| self.hpa.observe(cx, event));
    }

    fn on_timer(&mut self, cx: &mut Cx<'_>, timer: Timer) {
        match timer {
            Timer::PodGc => cx.part(|cx| self.podgc.on_timer(cx, podgc::Pass)),
            Timer::Gc(item) => cx.part(|cx| self.gc.on_timer(cx, *item)),
            Timer::Pdb(sync) => cx.part(|cx| self.pdb.on_timer(cx, &mut self.shared.requeue, sync)),
            Timer::Hpa(sync) => cx.part(|cx| self.hpa.on_timer(cx, sync)),
            Timer::EndpointSlice(timer) => cx.part(|cx| self.endpointslices.on_timer(cx, &mut self.shared.clients, timer)),
            Timer::Workloads(timer) => cx.part(|cx| self.workloads.on_timer(cx, &mut self.shared, timer)),
            Timer::NodeLifecycle(work) => cx.part(|cx| self.node_lifecycle.on_timer(cx, *work)),
            Timer::TaintEviction(work) => cx.part(|cx| self.taint_eviction.on_timer(cx, *work)),
            Timer::PvResync => {
                for w in cx.part(|cx| self.pv.resync(cx)) {
                    self.send(cx, w);
                }
            }
            // The work queue went with a stopped process (a start lists every node again).
            Timer::Ipam(_) if !cx.running() => {}
            Timer::Ipam(name) => {
                let key = crate::store::ObjectKey { group: "", resource: "nodes".into(), namespace: String::new(), name: name.clone() };
                let node = cx.cache().get(&key).cloned();
                for w in self.node_ipam.retry(&name, node.as_deref().map(|n| n.root())) {
                    self.send(cx, w);
                }
                cx.part(|cx| self.node_ipam.cidr_not_available(cx));
            }
        }
    }

    /// A new process: full token buckets, no failures remembered, every node's range
    /// occupied before any node is given one, the garbage collector's graph to be built again,
    /// empty queues; its informers have listed (the loops' share of the list is `listed` and
    /// `cached`).
    fn on_start(&mut self, cx: &mut Cx<'_>) {
        self.shared.clients.reset();
        self.shared.requeue.reset();
        self.workloads.reset();
        self.endpointslices.reset();
        self.node_lifecycle.reset(cx.now());
        self.taint_eviction.reset();
        self.node_ipam = nodeipam::RangeAllocator::relist(cx.cache());
        cx.part(|cx| self.podgc.on_start(cx));
        self.gc.reset();
        self.pdb.reset();
        self.hpa.reset();
    }

    /// What goes with the process is forgotten when it starts again (`on_start`).
    fn on_stop(&mut self) {}

    fn steady_until(&self, running: bool, cache: &Cache, timer: &Timer) -> Option<Time> {
        match timer {
            Timer::PodGc => self.podgc.steady_until(running, cache, &podgc::Pass),
            // The resync's answer needs the clock: `pv_resync_steady`.
            Timer::Gc(_) | Timer::Pdb(_) | Timer::Hpa(_) | Timer::PvResync | Timer::Ipam(_) | Timer::EndpointSlice(_) | Timer::NodeLifecycle(_) | Timer::TaintEviction(_) | Timer::Workloads(_) => None,
        }
    }
}

impl KubeControllerManager {
    /// Until when the HPA sync `key` due next repeats the last one (`hpa/repeat.rs`).
    pub(crate) fn hpa_steady_until(&self, key: &(String, String), view: &hpa::RepeatView<'_>) -> Option<Time> {
        self.hpa.steady_until(key, view)
    }

    /// A quiet stretch replays the repeating HPA syncs of `key` from `first` until `to`.
    pub(crate) fn replay_hpa(&mut self, key: &(String, String), first: Time, to: Time) -> (Time, u64) {
        self.hpa.replay(key, first, to)
    }

    /// A command changed the cluster: no HPA sync is known to repeat any more.
    pub(crate) fn forget_hpa_repeats(&mut self) {
        self.hpa.forget_repeats();
    }

    /// The rate its controllers' clients are built with (`--kube-api-qps`/`--kube-api-burst`).
    pub(crate) fn client_config(&self) -> client::ClientConfig {
        self.shared.clients.config()
    }

    /// New flags for the next start (the process reads them when it starts).
    pub(crate) fn set_client_config(&mut self, config: client::ClientConfig) {
        self.shared.clients.set_config(config);
    }

    /// A loop's write: it leaves when its controller's client lets it, after the work queue's
    /// hand-off.
    fn send(&mut self, cx: &mut Cx<'_>, w: super::Write) {
        let ready = cx.now().plus_millis(crate::CONTROLLER_QUEUE_DELAY_MS);
        let at = self.shared.clients.reserve(w.controller, ready, 1 + w.then.len() as u64);
        cx.after(at, Timer::Workloads(workloads::Timer::Write(Box::new(w))));
    }

    /// One object of a restarted process's fresh list, as an Add notification
    /// (`Engine::start_component`), to the loops whose handlers take the list: all but the
    /// ones `cached` builds afresh once the whole list is in.
    pub(crate) fn listed(&mut self, cx: &mut Cx<'_>, event: &WatchEvent) {
        cx.part(|cx| self.endpointslices.observe(cx, event, None));
        cx.part(|cx| self.workloads.observe(cx, &mut self.shared, event, None));
        cx.part(|cx| self.node_lifecycle.observe(cx, event, None));
        cx.part(|cx| self.taint_eviction.observe(cx, event, None));
        let mut writes = super::reconcile(cx.cache(), event, cx.now());
        writes.extend(self.node_ipam.observe(event));
        for w in writes {
            self.send(cx, w);
        }
        cx.part(|cx| self.node_ipam.cidr_not_available(cx));
    }

    /// A restarted process's cache, listed at `revision`, once the whole list was handed out
    /// (`Engine::start_component`): object by object in key order, as Add notifications, the
    /// garbage collector's graph, the disruption controller's and the autoscaler's queues.
    pub(crate) fn cached(&mut self, cx: &mut Cx<'_>, revision: u64) {
        let objects: Vec<(crate::store::ObjectKey, std::sync::Arc<crate::Obj>)> = cx.cache().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        for (key, object) in objects {
            let event = WatchEvent { event_type: crate::store::EventType::Added, key, object, revision };
            cx.part(|cx| self.gc.observe(cx, &event, None));
            cx.part(|cx| self.pdb.observe(cx, &event));
            cx.part(|cx| self.hpa.observe(cx, &event));
        }
    }

    /// The informers' first list at the cluster's start-up: PodGC counts what the cache holds.
    pub(crate) fn booted(&mut self, cx: &mut Cx<'_>) {
        cx.part(|cx| self.podgc.on_start(cx));
    }

    /// The informers listed again at `revision` without a restart (the end of the start-up):
    /// PodGC counts afresh, the garbage collector's graph and the disruption controller's
    /// queue are rebuilt (nothing in them is due).
    pub(crate) fn relisted(&mut self, cx: &mut Cx<'_>, revision: u64) {
        cx.part(|cx| self.podgc.on_start(cx));
        self.gc.relist(cx.cache(), revision);
        self.pdb.relist(cx.cache(), revision);
    }

    /// The start-up's events expired: the recorders forget them.
    pub(crate) fn forget_events(&mut self) {
        self.shared.events = Default::default();
        self.pv.forget_events();
    }

    /// Would the next health monitor pass change nothing while the kubelets' heartbeats go on
    /// (`quiet.rs`; `heartbeat_steady` asks about a node's kubelet)?
    pub(crate) fn node_monitor_steady(&self, running: bool, cache: &Cache, heartbeat_steady: impl FnMut(&str) -> bool) -> bool {
        self.node_lifecycle.steady(running, cache, heartbeat_steady)
    }

    /// A quiet stretch moved the health monitor by `ms` (`nodelifecycle::State::shift`).
    pub(crate) fn shift_node_lifecycle(&mut self, ms: u64, renew_time: impl Fn(&str) -> Option<String>) {
        self.node_lifecycle.shift(ms, renew_time);
    }

    /// The nodes registered before the learner arrived (`nodelifecycle::State::seed_known`).
    pub(crate) fn seed_known_nodes(&mut self, nodes: impl IntoIterator<Item = (String, String)>) {
        self.node_lifecycle.seed_known(nodes);
    }

    /// Would the PersistentVolume controller's resync at `now` write nothing (`quiet.rs`)?
    pub(crate) fn pv_resync_steady(&self, cache: &Cache, now: Time) -> bool {
        self.pv.steady(cache, now)
    }
}

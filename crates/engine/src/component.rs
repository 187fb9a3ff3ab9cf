//! The interface every component is driven through, and the narrow context it acts through.
//!
//! A component is its own type holding what its process remembers — kube-scheduler's queue,
//! snapshot and event broadcaster, for instance. The engine drives it with four inputs only:
//! a watch delivery (its informer cache already holds the new state), a timer it set itself,
//! its start and its stop. It acts only through [`Cx`]: the clock, the one RNG, its own
//! informer cache, requests to kube-apiserver (answered at once, as today's in-process
//! client is), its own trace and its own timers. While it runs, its state is out of the
//! engine ([`Slot`]): it cannot reach the engine, and nothing can reach it.
//!
//! kube-scheduler, local-path-provisioner, kube-controller-manager (with the loops moved
//! into it, each through [`Cx::part`]), each node's kube-proxy (whose `iptables-restore`
//! writes its node's NAT table, [`Cx::nat`]: the kernel's, which the node's packets go
//! through) and each node's kubelet (which reaches containerd and its machine through
//! [`Cx::node`]) and each node's containerd (whose CRI calls the kubelet makes through
//! `NodeServices::containerd`, and which reaches its machine, shims and runc through
//! [`Cx::machine`]) are driven this way.


use crate::apiserver::request::{Request, Response};
use crate::apiserver::status::Status;
use crate::clock::Time;
use crate::components::Cache;
use crate::metrics_server::{MetricsApi, PodUsage};
use crate::netfilter::NatTable;
use crate::machine_services::MachineServices;
use crate::node_services::NodeServices;
use crate::rng::Rng;
use crate::store::WatchEvent;
use crate::trace::{Action, FieldChange, ObjectRef, Params};

/// What a component does with each of its inputs.
pub(crate) trait Component {
    /// The timers it sets itself (each becomes a task in the engine's queue).
    type Timer;

    /// Its informer delivered `event`; the cache already holds it, and `old` is the version
    /// it held before.
    fn on_watch(&mut self, cx: &mut Cx<'_, Self::Timer>, event: &WatchEvent, old: Option<&crate::Slot>);

    /// A timer it set is due (whether or not its process still runs: it decides).
    fn on_timer(&mut self, cx: &mut Cx<'_, Self::Timer>, timer: Self::Timer);

    /// Its process started: the informers have listed, so the cache is full.
    fn on_start(&mut self, cx: &mut Cx<'_, Self::Timer>);

    /// Its process stopped: its memory goes, except what outlives a restart (configuration).
    fn on_stop(&mut self);

    /// Until when one of its periodic timers would change nothing if it fired (None: it
    /// acts when due), for the quiet stretches (`quiet.rs`).
    fn steady_until(&self, _running: bool, _cache: &Cache, _timer: &Self::Timer) -> Option<Time> {
        None
    }
}

/// A component's state as the engine holds it: taken out while the component runs.
#[derive(Debug, Clone)]
pub(crate) struct Slot<C>(Option<Box<C>>);

/// What the engine offers a running component (through [`Cx`]), for the component at index
/// `me`: the engine implements it; a component never sees the engine itself.
pub(crate) trait Host {
    fn now(&self) -> Time;
    fn rng(&mut self) -> &mut Rng;
    fn cache(&self, me: usize) -> &Cache;
    fn running(&self, me: usize) -> bool;
    fn request(&mut self, req: Request) -> Result<Response, Status>;
    fn record(&mut self, me: usize, action: Action, object: Option<ObjectRef>, params: Params, diff: Vec<FieldChange>);
    fn traces(&self, object: Option<&ObjectRef>) -> bool;
    fn feature_enabled(&self, gate: &str) -> bool;
    fn metrics_api(&self) -> MetricsApi;
    fn pod_metrics(&self, last: Time, namespace: Option<&str>) -> Vec<PodUsage>;
    fn nat(&mut self, node: &str) -> Option<&mut NatTable>;
    fn node(&mut self) -> &mut dyn NodeServices;
    fn machine(&mut self) -> &mut dyn MachineServices;
    fn record_as(&mut self, me: usize, component: &str, action: Action, object: Option<ObjectRef>, params: Params);
}

/// A [`Host`] that also sets timers of type `T`: the one method that differs by component
/// (the others are compiled once, not once per timer type).
pub(crate) trait TimerHost<T>: Host {
    fn after(&mut self, at: Time, timer: T);
}

impl<C> Slot<C> {
    pub(crate) fn new(state: C) -> Slot<C> {
        Slot(Some(Box::new(state)))
    }

    /// The state, for the engine's own bookkeeping (None only while the component runs).
    pub(crate) fn get(&self) -> Option<&C> {
        self.0.as_deref()
    }

    pub(crate) fn get_mut(&mut self) -> Option<&mut C> {
        self.0.as_deref_mut()
    }

    /// Takes the state out for a run (None: it is out already) …
    pub(crate) fn take(&mut self) -> Option<Box<C>> {
        self.0.take()
    }

    /// … and puts it back.
    pub(crate) fn put(&mut self, state: Box<C>) {
        self.0 = Some(state);
    }
}

/// The context a component acts through while it runs; `T` is its timer type, so it can
/// set no one else's timers.
pub(crate) struct Cx<'a, T> {
    host: &'a mut dyn TimerHost<T>,
    /// The component's index in the engine's component table.
    me: usize,
}

impl<'a, T> Cx<'a, T> {
    pub(crate) fn new(host: &'a mut dyn TimerHost<T>, me: usize) -> Cx<'a, T> {
        Cx { host, me }
    }

    pub(crate) fn now(&self) -> Time {
        self.host.now()
    }

    pub(crate) fn rng(&mut self) -> &mut Rng {
        self.host.rng()
    }

    /// Its informer cache.
    pub(crate) fn cache(&self) -> &Cache {
        self.host.cache(self.me)
    }

    /// Whether its process runs.
    pub(crate) fn running(&self) -> bool {
        self.host.running(self.me)
    }

    /// A request to kube-apiserver with the component's own credentials (set on `req`).
    pub(crate) fn request(&mut self, req: Request) -> Result<Response, Status> {
        self.host.request(req)
    }

    /// A reaction of its own in the trace.
    pub(crate) fn record(&mut self, action: Action, object: Option<ObjectRef>, params: impl Into<Params>, diff: Vec<FieldChange>) {
        self.host.record(self.me, action, object, params.into(), diff);
    }

    /// Whether a reaction about `object` would be kept (the trace's sampling): what only the
    /// trace reads need not be built otherwise.
    pub(crate) fn traces(&self, object: Option<&ObjectRef>) -> bool {
        self.host.traces(object)
    }

    /// Sets one of its timers.
    pub(crate) fn after(&mut self, at: Time, timer: T) {
        self.host.after(at, timer);
    }

    /// Whether a feature gate its process was started with is on.
    pub(crate) fn feature_enabled(&self, gate: &str) -> bool {
        self.host.feature_enabled(gate)
    }

    /// Where the resource metrics API (`metrics.k8s.io`, metrics-server behind kube-apiserver's
    /// aggregation layer) stands …
    pub(crate) fn metrics_api(&self) -> MetricsApi {
        self.host.metrics_api()
    }

    /// … and, while it serves from the scrapes at `last`, its PodMetrics in `namespace`.
    pub(crate) fn pod_metrics(&self, last: Time, namespace: Option<&str>) -> Vec<PodUsage> {
        self.host.pod_metrics(last, namespace)
    }

    /// Its node's NAT table (kube-proxy's `iptables-restore` writes it).
    pub(crate) fn nat(&mut self, node: &str) -> Option<&mut NatTable> {
        self.host.nat(node)
    }

    /// What the rest of its node offers a kubelet: containerd's CRI, the machine
    /// (`node_services.rs`).
    pub(crate) fn node(&mut self) -> &mut dyn NodeServices {
        self.host.node()
    }

    /// What the rest of its machine offers containerd: the machine's state, its shims, runc
    /// and the kernel (`machine_services.rs`).
    pub(crate) fn machine(&mut self) -> &mut dyn MachineServices {
        self.host.machine()
    }

    /// A reaction of a process it runs on its node (containerd's runc, CNI plugin or shim),
    /// in the trace under that process's name.
    pub(crate) fn record_as(&mut self, component: &str, action: Action, object: Option<ObjectRef>, params: impl Into<Params>) {
        self.host.record_as(self.me, component, action, object, params.into());
    }

    /// The same context for one part of the component whose timers are of a type of its own,
    /// `S` (a loop of kube-controller-manager): the part acts as the component does, and can
    /// set no timer but its own.
    pub(crate) fn part<S: Into<T>, R>(&mut self, f: impl FnOnce(&mut Cx<'_, S>) -> R) -> R {
        let me = self.me;
        let mut part = Part { host: &mut *self.host, timer: std::marker::PhantomData };
        f(&mut Cx::new(&mut part, me))
    }
}

/// The host as one part of a component sees it ([`Cx::part`]): its timers become the
/// component's.
struct Part<'b, T, S> {
    host: &'b mut dyn TimerHost<T>,
    timer: std::marker::PhantomData<fn(S)>,
}

impl<T, S> Host for Part<'_, T, S> {
    fn now(&self) -> Time {
        self.host.now()
    }

    fn rng(&mut self) -> &mut Rng {
        self.host.rng()
    }

    fn cache(&self, me: usize) -> &Cache {
        self.host.cache(me)
    }

    fn running(&self, me: usize) -> bool {
        self.host.running(me)
    }

    fn request(&mut self, req: Request) -> Result<Response, Status> {
        self.host.request(req)
    }

    fn record(&mut self, me: usize, action: Action, object: Option<ObjectRef>, params: Params, diff: Vec<FieldChange>) {
        self.host.record(me, action, object, params, diff);
    }

    fn traces(&self, object: Option<&ObjectRef>) -> bool {
        self.host.traces(object)
    }

    fn feature_enabled(&self, gate: &str) -> bool {
        self.host.feature_enabled(gate)
    }

    fn metrics_api(&self) -> MetricsApi {
        self.host.metrics_api()
    }

    fn pod_metrics(&self, last: Time, namespace: Option<&str>) -> Vec<PodUsage> {
        self.host.pod_metrics(last, namespace)
    }

    fn nat(&mut self, node: &str) -> Option<&mut NatTable> {
        self.host.nat(node)
    }

    fn node(&mut self) -> &mut dyn NodeServices {
        self.host.node()
    }

    fn machine(&mut self) -> &mut dyn MachineServices {
        self.host.machine()
    }

    fn record_as(&mut self, me: usize, component: &str, action: Action, object: Option<ObjectRef>, params: Params) {
        self.host.record_as(me, component, action, object, params);
    }
}

impl<T, S: Into<T>> TimerHost<S> for Part<'_, T, S> {
    fn after(&mut self, at: Time, timer: S) {
        self.host.after(at, timer.into());
    }
}

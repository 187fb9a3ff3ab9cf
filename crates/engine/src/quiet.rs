//! Quiet stretches: periodic work that changes nothing is skipped, so that a week of an idle or
//! crash-looping cluster costs what its events cost, not what its clocks tick.
//!
//! A cluster at rest keeps busy. Every kubelet renews its Lease every 10 s and reports its
//! Node's status every 5 min, probes pass every few seconds, every pod is resynced each minute,
//! kube-proxy re-applies unchanged rules every 30 s, and kube-controller-manager's node health
//! monitor, PodGC and PersistentVolume controller look every 5–20 s. An idle default cluster
//! runs about 18,000 such reactions an hour — a week of them is three million.
//!
//! Before the engine runs the next task, it asks of every queued task whether it is *steady*:
//! whether this stream of periodic work would change nothing until some time (a probe that keeps
//! passing until its program's own answer turns, a heartbeat whose status would only repeat, a
//! resync the kubelet already found idle with nothing new about its pod since). The earliest
//! task that is not steady, or the earliest such time, is the *horizon*. When the horizon is at
//! least `MIN_SKIP_MS` away, the stretch up to it (or to the end of the wait) passes in one
//! step, as the quiet hour before a script does (`cluster::system_pods`): every steady task
//! moves later by the stretch, and so do the times that move with those clocks — each Lease's
//! `renewTime`, each Node's `lastHeartbeatTime`, the kubelet's last status report, the node
//! lifecycle controller's view of each heartbeat, kube-proxy's last sync. Nothing that measures
//! real time moves: creation and start times, back-offs, deadlines and every timer that is not
//! steady keep their moments, so ages, restart counts and CrashLoopBackOff progress as they
//! would. The trace records one `quiet.skip` reaction for the stretch.
//!
//! Whether a kubelet's resync is idle is observed, not predicted: a resync that wrote nothing,
//! planned nothing and asked for nothing marks its pod worker with the pod's *epoch*, a counter
//! that every task about the pod (its containers' timers, its syncs, a delivery of its object,
//! a probe result that changes something) and every event of its node or of the console moves
//! on. A mark still carrying the current epoch says: nothing happened to this pod since.

use crate::vecmap::VecMap;

use crate::clock::Time;
use crate::kubelet::{Due, Timer};
use crate::{Engine, Task, scheduler};
use podlife_model::obj::Obj;

/// The shortest stretch worth skipping. Shorter quiet moments run tick by tick, so a learner who
/// steps through a few seconds sees every probe and Lease renewal.
pub const MIN_SKIP_MS: u64 = 5_000;

/// The engine's memory for quiet stretches.
#[derive(Debug, Clone, Default)]
pub(crate) struct Quiet {
    /// Skipping is off (tests compare runs with and without it).
    pub disabled: bool,
    /// Nothing can be skipped before this moment (the last look found work due then).
    recheck_at: Time,
    /// Epochs: moved by the console's commands, by a node's own events, by a pod's.
    global: u64,
    nodes: VecMap<String, u64>,
    pods: VecMap<String, u64>,
    /// Set by a probe tick that changed nothing (a steady success).
    pub noop: bool,
    /// The task heap's buffer from the last stretch, kept for the next one to refill: a
    /// stretch runs several times per crash-loop restart, and a fresh buffer each time cost
    /// more than the refill itself.
    spare: Vec<std::cmp::Reverse<crate::Scheduled>>,
}

impl Quiet {
    /// Something outside the task queue changed the cluster (a command): every observation
    /// is void and the next look happens at once.
    pub fn touch_all(&mut self) {
        self.global += 1;
        self.recheck_at = Time::ZERO;
    }

    fn touch_node(&mut self, node: &str) {
        *self.nodes.entry(node.to_string()).or_default() += 1;
    }

    pub fn touch_pod(&mut self, uid: &str) {
        *self.pods.entry(uid.to_string()).or_default() += 1;
    }

    /// The epoch of a pod: it moves whenever the pod, its node or the console does.
    pub fn pod_epoch(&self, node: &str, uid: &str) -> u64 {
        self.outside_epoch(node) + self.pods.get(uid).copied().unwrap_or(0)
    }

    /// The epoch of everything around the pods of `node`: it moves whenever the node or the
    /// console does.
    pub fn outside_epoch(&self, node: &str) -> u64 {
        self.global + self.nodes.get(node).copied().unwrap_or(0)
    }
}

/// Whether a task is one of the periodic kinds that may be steady.
fn periodic(task: &Task) -> bool {
    matches!(
        task,
        Task::Kubelet(Timer { due: Due::Probe { ticker: Some(_), .. } | Due::Sync { .. } | Due::Heartbeat | Due::ContainerGc | Due::EvictionPass { .. }, .. })
            | Task::Scheduler(scheduler::Timer::EventSeriesFinish | scheduler::Timer::EventSeriesRefresh | scheduler::Timer::FlushUnschedulable)
            | Task::Proxy(crate::proxy::Timer::Sync { periodic: Some(_), .. })
            | Task::EventLeaseExpire { .. }
    ) || matches!(task, Task::Kcm(timer) if timer.periodic())
}

/// What a quiet stretch does with a queued task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Moved {
    /// It may act when it comes due: it stays.
    Stays,
    /// Steady: it moves later by the stretch.
    Shifted,
    /// A failing sync that repeats: the stretch replays its runs (`kubelet/repeat.rs`).
    Replayed,
    /// The sync that restarts a container whose crash-loop cycles repeat: the stretch
    /// replays whole cycles (`kubelet/restarts.rs`).
    Restarts,
    /// The expiry of an event lease that holds nothing any more: etcd revokes it when the
    /// stretch passes it, deleting nothing.
    Revoked,
    /// The expiry of an event lease that holds something now: real work, unless a replay of
    /// restarts passes it (the replay revokes it at its moment, `kubelet/restarts.rs`).
    Deferred,
}

/// The periodic tasks a quiet stretch moved whose clocks other memory follows.
#[derive(Default)]
pub(crate) struct MovedClocks {
    /// Nodes whose heartbeat moved: their Lease, Node heartbeat times, last status report.
    heartbeats: crate::vecmap::VecSet<String>,
    /// The node health monitor moved: the node lifecycle controller's view moves with it.
    node_monitor: bool,
    /// kube-proxies whose periodic sync moved: their last sync.
    proxies: crate::vecmap::VecSet<String>,
}

impl MovedClocks {
    /// The boot's quiet hour: every node's heartbeat and the node health monitor moved
    /// (kube-proxy keeps its own memory: nothing it compares with has run yet).
    pub(crate) fn boot(nodes: impl IntoIterator<Item = String>) -> MovedClocks {
        MovedClocks { heartbeats: crate::vecmap::VecSet::from_iter(nodes), node_monitor: true, proxies: Default::default() }
    }
}

/// What a task may change below the API, for the epochs.
pub(crate) enum Scope {
    /// Nothing a pod's resync reads (the control plane's own work, kube-proxy).
    Cluster,
    Node(String),
    Pod(String),
    /// A probe tick: its pod's epoch moves only when the tick did something.
    ProbeTick(String),
}

impl Engine {
    /// The scope of `task` (read before it runs).
    pub(crate) fn quiet_scope(&self, task: &Task) -> Scope {
        match task {
            Task::Deliver { component, event } => {
                let Some(c) = self.components.get(*component) else { return Scope::Cluster };
                match (&c.id.node, c.id.name.as_str()) {
                    (Some(_), crate::kubelet::COMPONENT) if event.key.group.is_empty() && event.key.resource == "pods" => {
                        Scope::Pod(event.object["metadata"]["uid"].as_str().unwrap_or_default().to_string())
                    }
                    (Some(node), crate::kubelet::COMPONENT) => Scope::Node(node.to_string()),
                    _ => Scope::Cluster,
                }
            }
            Task::Kubelet(Timer { due: Due::Sync { uid, .. } | Due::Op { uid, .. } | Due::PreStopDone { uid, .. } | Due::ProbeOutcome { uid, .. }, .. }) => Scope::Pod(uid.clone()),
            Task::Kubelet(Timer { due: Due::Probe { uid, .. }, .. }) => Scope::ProbeTick(uid.clone()),
            Task::Process { .. } if self.stale_process_timer(task) => Scope::Cluster,
            Task::Process { node, container, .. } | Task::Containerd(crate::containerd::service::Timer { node, container, .. }) | Task::TrafficResponse { node, container, .. } => {
                match self.machines.get(node).and_then(|m| m.runtime.containers.get(container)) {
                    Some(c) => Scope::Pod(c.pod_uid.clone()),
                    None => Scope::Node(node.clone()),
                }
            }
            // A relist moves the epochs of the pods whose containers changed (`pleg_report`).
            Task::Kubelet(Timer { due: Due::Pleg, .. }) => Scope::Cluster,
            Task::Kubelet(Timer { node, due: Due::FastStatus | Due::StatusBatch }) | Task::NodeBoot { node, .. } => Scope::Node(node.clone()),
            _ => Scope::Cluster,
        }
    }

    /// Moves the epochs a task's scope names: before it runs, or (a probe tick) after, when
    /// it did something.
    pub(crate) fn quiet_before(&mut self, scope: &Scope) {
        self.quiet.noop = false;
        match scope {
            Scope::Node(node) => self.quiet.touch_node(node),
            Scope::Pod(uid) => self.quiet.touch_pod(uid),
            Scope::Cluster | Scope::ProbeTick(_) => {}
        }
    }

    pub(crate) fn quiet_after(&mut self, scope: &Scope) {
        if let Scope::ProbeTick(uid) = scope
            && !self.quiet.noop
        {
            self.quiet.touch_pod(uid);
        }
    }

    pub(crate) fn pod_epoch(&self, node: &str, uid: &str) -> u64 {
        self.quiet.pod_epoch(node, uid)
    }

    /// A timer of a process that no longer runs — a `sleep` of a run killed long ago — finds
    /// nothing to wake (`process_timer`): it changes nothing, whenever it comes.
    fn stale_process_timer(&self, task: &Task) -> bool {
        let Task::Process { node, container, generation, .. } = task else { return false };
        self.machines.get(node).and_then(|m| m.runtime.containers.get(container)).is_none_or(|c| c.generation != *generation || c.state != crate::containerd::ContainerState::Running)
    }

    /// The period of a probe worker's ticker, if `task` is its tick and the worker is on hold.
    fn on_hold_probe_period(&self, task: &Task) -> Option<u64> {
        let Task::Kubelet(Timer { node, due: Due::Probe { uid, index, ticker: Some(_) } }) = task else { return None };
        self.kubelet_of(node)?.on_hold_probe_period(uid, *index)
    }

    /// Whether `task` is of the kinds that may be steady.
    fn may_be_steady(&self, task: &Task) -> bool {
        periodic(task) || self.stale_process_timer(task)
    }

    /// Until when `task` changes nothing (None: it may act when it comes due).
    fn task_steady_until(&self, task: &Task, heartbeats: &mut VecMap<String, bool>) -> Option<Time> {
        const FOREVER: Time = Time(u64::MAX);
        let steady = |b: bool| b.then_some(FOREVER);
        match task {
            Task::Kubelet(Timer { node, due: Due::Probe { uid, index, ticker } }) => self.kubelet_quiet_view(node).and_then(|(k, v)| k.probe_steady_until(&v, uid, *index, *ticker)),
            Task::Kubelet(Timer { node, due: Due::Sync { uid, token } }) => {
                if self.resync_steady(node, uid, *token) {
                    Some(FOREVER)
                } else {
                    self.kubelet_quiet_view(node).and_then(|(k, v)| k.repeat_steady_until(&v, self.pod_epoch(node, uid), uid, *token))
                }
            }
            Task::Kubelet(Timer { node, due: Due::Heartbeat }) => {
                let ok = *heartbeats.entry(node.clone()).or_insert_with(|| self.heartbeat_steady(node));
                steady(ok)
            }
            Task::Kubelet(Timer { node, due: Due::ContainerGc }) => steady(self.kubelet_quiet_view(node).is_none_or(|(k, v)| k.gc_steady(&v))),
            Task::Kubelet(Timer { node, due: Due::EvictionPass { .. } }) => steady(self.kubelet_quiet_view(node).map_or(!self.kubelet_running(node), |(k, v)| k.eviction_steady(&v))),
            Task::Kcm(timer) if timer.node_monitor() => {
                let kcm = self.control_plane_index(crate::controllers::KCM);
                let (running, cache) = match kcm {
                    Some(i) => (self.components[i].running, &self.components[i].cache),
                    None => return Some(FOREVER),
                };
                let Some(k) = self.kcm.get() else { return None };
                steady(k.node_monitor_steady(running, cache, |node| *heartbeats.entry(node.to_string()).or_insert_with(|| self.heartbeat_steady(node))))
            }
            Task::Kcm(crate::controllers::manager::Timer::PvResync) => steady(self.pv_resync_steady()),
            Task::Kcm(crate::controllers::manager::Timer::Hpa(sync)) => self.hpa_steady_until(&sync.0),
            Task::Kcm(timer) => self.steady_until(&self.kcm, self.control_plane_index(crate::controllers::KCM), timer),
            Task::Scheduler(timer) => self.steady_until(&self.scheduler, self.control_plane_index(scheduler::COMPONENT), timer),
            Task::Proxy(crate::proxy::Timer::Sync { node, periodic: Some(token) }) => steady(self.proxy_periodic_steady(node, *token)),
            Task::Process { .. } => steady(self.stale_process_timer(task)),
            _ => None,
        }
    }

    /// Until when an HPA's next sync repeats its last one (`controllers/hpa/repeat.rs`).
    fn hpa_steady_until(&self, key: &(String, String)) -> Option<Time> {
        let i = self.control_plane_index(crate::controllers::KCM)?;
        if !self.components[i].running {
            return None;
        }
        let kcm = self.kcm.get()?;
        let usage_holds = |last: Time, ns: &str, pods: &[std::sync::Arc<Obj>]| self.pod_usage_holds(last, ns, pods);
        let view = crate::controllers::hpa::RepeatView { cache: &self.components[i].cache, store: &self.store, metrics_api: self.metrics_api(), usage_holds: &usage_holds };
        kcm.hpa_steady_until(key, &view)
    }

    /// A pod worker's resync changes nothing (`Kubelet::resync_steady`).
    fn resync_steady(&self, node: &str, uid: &str, token: u64) -> bool {
        self.kubelet_quiet_view(node).is_none_or(|(k, v)| k.resync_steady(&v, self.pod_epoch(node, uid), uid, token))
    }

    /// Skips the quiet stretch ahead, if there is one of at least `MIN_SKIP_MS` before
    /// `limit`: see the module's comment.
    pub(crate) fn skip_quiet(&mut self, limit: Time) {
        if self.quiet.disabled || self.now < self.quiet.recheck_at || limit.millis() < self.now.millis().saturating_add(MIN_SKIP_MS) {
            return;
        }
        // A client watching Leases or Nodes would see every renewal.
        if self.taps.iter().any(|t| t.watches_heartbeats()) {
            return;
        }
        let earliest = self.now.plus_millis(MIN_SKIP_MS);
        // The common case, cheaply: the next task is real work, due soon.
        if self.queue.peek().is_some_and(|std::cmp::Reverse(s)| s.at < earliest && !self.may_be_steady(&s.task)) {
            return;
        }
        // Real work due before the shortest stretch could end: nothing can be skipped until it
        // has run. A pass over the queue's times only, before any task is asked whether it is
        // steady (a crash-looping Job made this look run at almost every step).
        if let Some(at) = self.queue.iter().filter(|std::cmp::Reverse(s)| s.at <= earliest && !self.may_be_steady(&s.task)).map(|std::cmp::Reverse(s)| s.at).min() {
            self.quiet.recheck_at = at.plus_millis(1);
            return;
        }
        for (node, m) in self.machines.iter() {
            if let Some(k) = self.kubelets.get_mut(node).and_then(|k| k.get_mut()) {
                k.remember_gc_steady(&m.runtime);
            }
        }
        let mut horizon = Time(u64::MAX);
        let mut heartbeats = VecMap::new();
        let mut steady = Vec::with_capacity(self.queue.len());
        // The syncs that restart containers whose crash-loop cycles repeat: replayed
        // together (`kubelet/restarts.rs`); they bound the stretch only if no cycle fits.
        // A pod in its back-off whose syncs repeat is one too: its cycle under way is replayed
        // from there (`until`: how long its syncs would be steady if it were not replayed).
        let mut restarts: Vec<crate::kubelet::restarts::RestartCandidate> = Vec::new();
        let mut restart_at: Vec<(usize, Option<Time>)> = Vec::new();
        let mut deferred = Time(u64::MAX);
        for std::cmp::Reverse(s) in self.queue.iter() {
            if s.at < horizon
                && let Task::Kubelet(Timer { node, due: Due::Sync { uid, token } }) = &s.task
                && let Some((cycles, backoff)) = self.restart_cycles(node, uid, *token, s.at)
                && let Some(until) = match backoff {
                    None => Some(None),
                    Some(_) => self.task_steady_until(&s.task, &mut heartbeats).filter(|t| *t > s.at).map(Some),
                }
            {
                restarts.push(crate::kubelet::restarts::RestartCandidate { node: node.clone(), uid: uid.clone(), at: s.at, cycles, backoff });
                restart_at.push((steady.len(), until));
                steady.push(Moved::Restarts);
                continue;
            }
            // An event lease's expiry: steady if it holds nothing; else it bounds the stretch
            // unless a replay of restarts makes it hold nothing by then.
            if let Task::EventLeaseExpire { expiry } = &s.task {
                if self.event_lease_holds_nothing(*expiry) {
                    steady.push(Moved::Revoked);
                } else {
                    deferred = deferred.min(s.at);
                    steady.push(Moved::Deferred);
                }
                continue;
            }
            // Steady only past its own next run: a stream whose next run would change something
            // (a series due to finish before it fires) is real work at that run, not moved.
            let until = if s.at >= horizon { None } else { self.task_steady_until(&s.task, &mut heartbeats).filter(|t| *t > s.at) };
            match until {
                Some(t) => horizon = horizon.min(t),
                None => horizon = horizon.min(s.at),
            }
            // A sync that repeats a failing one is replayed, not moved (`kubelet/repeat.rs`).
            let moved = match (&s.task, until) {
                (_, None) => Moved::Stays,
                (Task::Kubelet(Timer { node, due: Due::Sync { uid, token } }), Some(_)) if !self.resync_steady(node, uid, *token) => Moved::Replayed,
                // So is an HPA's: its syncs keep their period (`controllers/hpa/repeat.rs`).
                (Task::Kcm(crate::controllers::manager::Timer::Hpa(_)), Some(_)) => Moved::Replayed,
                (_, Some(_)) => Moved::Shifted,
            };
            steady.push(moved);
            if horizon <= earliest {
                self.quiet.recheck_at = horizon.plus_millis(1);
                return;
            }
        }
        let mut to = horizon.min(limit);
        let mut restarted = None;
        // Real work that bounds the stretch besides the horizon: lease expiries that delete,
        // a restart not one whole cycle of which fits.
        let mut work = deferred;
        let mut replayed = 0;
        // Where each replayed pod's queued sync goes, by its place in the queue.
        let mut restart_due: VecMap<usize, Time> = VecMap::new();
        if !restarts.is_empty() {
            match self.replay_restarts(&restarts, to) {
                Some(r) => {
                    to = r.to;
                    work = Time(u64::MAX);
                    for ((index, _), due) in restart_at.iter().zip(&r.due) {
                        if let Some(due) = due {
                            restart_due.insert(*index, *due);
                        }
                    }
                    replayed += r.syncs;
                    restarted = Some(r);
                }
                None => {
                    // A restart is real work; a sync in its back-off repeats the last.
                    for ((index, until), c) in restart_at.iter().zip(&restarts) {
                        match until {
                            None => {
                                steady[*index] = Moved::Stays;
                                work = work.min(c.at);
                            }
                            Some(until) => {
                                steady[*index] = Moved::Replayed;
                                to = to.min(*until);
                            }
                        }
                    }
                }
            }
        }
        if work <= earliest {
            self.quiet.recheck_at = work.plus_millis(1);
            return;
        }
        to = to.min(work);
        if to == Time(u64::MAX) {
            // Nothing will ever happen and nobody waits for a moment: the clock stays.
            return;
        }
        let shift = to.millis() - self.now.millis();
        let mut tasks = std::mem::take(&mut self.queue).into_vec();
        // The tasks go back one by one, as the loop reaches them (which steady task a later
        // look reaches first follows the heap's own order, so that order must not change),
        // into the last stretch's buffer.
        self.queue = std::collections::BinaryHeap::from(std::mem::take(&mut self.quiet.spare));
        self.queue.reserve(tasks.len());
        let mut moved_clocks = MovedClocks::default();
        let mut replayed_hpa = 0;
        let mut revoked = Vec::new();
        for (index, (std::cmp::Reverse(mut s), moved)) in tasks.drain(..).zip(steady).enumerate() {
            if moved == Moved::Restarts {
                if let Some(due) = restart_due.get(&index) {
                    s.at = *due;
                }
            } else if let (Moved::Revoked | Moved::Deferred, Task::EventLeaseExpire { expiry }) = (moved, &s.task) {
                if s.at < to {
                    revoked.push(*expiry);
                    continue;
                }
            } else if let (Moved::Replayed, Task::Kubelet(Timer { node, due: Due::Sync { uid, .. } })) = (moved, &s.task) {
                let (next, count) = self.run_kubelet(node, |k, cx| k.replay_syncs(cx, uid, s.at, to)).unwrap_or((s.at, 0));
                s.at = next;
                replayed += count;
            } else if let (Moved::Replayed, Task::Kcm(crate::controllers::manager::Timer::Hpa(sync))) = (moved, &s.task) {
                let (next, count) = self.kcm.get_mut().map_or((s.at, 0), |k| k.replay_hpa(&sync.0, s.at, to));
                s.at = next;
                replayed_hpa += count;
            } else if let (Moved::Shifted, Some(period)) = (moved, self.on_hold_probe_period(&s.task)) {
                // A probe worker on hold keeps its ticker's moments: its next tick is the first
                // on it at or after the stretch's end, so a crash loop's runs meet their first
                // probe as they would (`kubelet/restarts.rs`). (Other steady ticks move with
                // the stretch, as every steady task does.)
                s.at = s.at.plus_millis((to.millis().saturating_sub(s.at.millis())).div_ceil(period) * period);
            } else if moved == Moved::Shifted {
                s.at = s.at.plus_millis(shift);
                match &s.task {
                    Task::Kubelet(Timer { node, due: Due::Heartbeat }) => {
                        moved_clocks.heartbeats.insert(node.clone());
                    }
                    Task::Kcm(timer) if timer.node_monitor() => moved_clocks.node_monitor = true,
                    Task::Proxy(crate::proxy::Timer::Sync { node, .. }) => {
                        moved_clocks.proxies.insert(node.clone());
                    }
                    _ => {}
                }
            }
            self.queue.push(std::cmp::Reverse(s));
        }
        self.quiet.spare = tasks;
        // Leases that held nothing expire in the stretch, oldest first (each one's revisions
        // end where the next one's begin).
        // (They hold nothing: the stretch asked, or a replay revoked them already.)
        crate::sort::sort(&mut revoked);
        for expiry in revoked {
            self.event_lease_expire(expiry);
        }
        if let Some(r) = &restarted {
            for expiry in &r.lease_expiries {
                self.schedule(*expiry, Task::EventLeaseExpire { expiry: *expiry });
            }
        }
        self.shift_heartbeat_clocks(shift, &moved_clocks);
        let from = self.now;
        self.now = to;
        self.quiet.recheck_at = if to == horizon { to.plus_millis(1) } else { Time::ZERO };
        let mut params = crate::sort::map_of([("fromMs".to_string(), serde_json::json!(from.since_start())), ("ms".to_string(), serde_json::json!(shift))]);
        if replayed > 0 {
            params.insert("repeatedSyncs".to_string(), serde_json::json!(replayed));
        }
        if replayed_hpa > 0 {
            params.insert("repeatedHpaSyncs".to_string(), serde_json::json!(replayed_hpa));
        }
        let mut object = None;
        if let Some(r) = restarted.as_ref().filter(|r| r.expired > 0) {
            params.insert("expiredEvents".to_string(), serde_json::json!(r.expired));
        }
        if let Some(r) = restarted.as_ref().filter(|r| r.cycles + r.pulls > 0) {
            if r.cycles > 0 {
                params.insert("repeatedRestarts".to_string(), serde_json::json!(r.cycles));
            }
            if r.pulls > 0 {
                params.insert("repeatedPulls".to_string(), serde_json::json!(r.pulls));
            }
            // One pod is the stretch's object; several are counted, those that restarted and
            // those whose pulls failed.
            match (r.pods.as_slice(), r.pulling.as_slice()) {
                ([pod], []) | ([], [pod]) => object = Some(pod.clone()),
                (restarted, pulling) => {
                    if restarted.len() > 1 {
                        params.insert("restartedPods".to_string(), serde_json::json!(restarted.len()));
                    }
                    if pulling.len() > 1 {
                        params.insert("pullingPods".to_string(), serde_json::json!(pulling.len()));
                    }
                }
            }
        }
        self.record(crate::trace::ComponentRef::control_plane("podlife"), crate::trace::Action::QuietSkip, object, params, vec![]);
    }

    /// The clocks that run with the heartbeats move by `ms`: each Lease's renew time and each
    /// Node's heartbeat times (in etcd and in every informer cache that holds them), the
    /// kubelets' last status reports, the node lifecycle controller's view, kube-proxy's last
    /// sync.
    pub(crate) fn shift_heartbeat_clocks(&mut self, ms: u64, moved: &MovedClocks) {
        use crate::store::ObjectKey;
        let later = |text: &str, micros: bool| Time::from_rfc3339(text).map(|t| if micros { t.plus_millis(ms).rfc3339_micros() } else { t.plus_millis(ms).rfc3339() });
        let (Some(lrt), Some(nrt)) = (podlife_model::ResourceType::resolve("leases"), podlife_model::ResourceType::resolve("nodes")) else { return };
        for node in &moved.heartbeats {
            if let Some(k) = self.kubelet_of_mut(node) {
                k.status_reported_at = k.status_reported_at.plus_millis(ms);
            }
        }
        // Every Lease, then every Node: one new revision each, in that order. The stored copies
        // change in place, a field each, never through JSON: a stretch runs once per crash-loop
        // restart or pull attempt, and a kind node's status is large.
        for node in &moved.heartbeats {
            let lease_key = ObjectKey::new(lrt, Some("kube-node-lease"), node);
            if let Some(lease) = self.store.get_shared(&lease_key)
                && let Some(t) = lease["spec"]["renewTime"].as_str().and_then(|t| later(t, true))
            {
                let mut lease = Obj::clone(&lease);
                lease.insert_at("/spec", "renewTime", &serde_json::Value::String(t));
                self.put_quietly(lease_key, lease);
            }
        }
        for node in &moved.heartbeats {
            let node_key = ObjectKey::new(nrt, None, node);
            let Some(stored) = self.store.get_shared(&node_key) else { continue };
            let beats: Vec<(usize, String)> = stored["status"]["conditions"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .filter_map(|(i, c)| Some((i, later(c["lastHeartbeatTime"].as_str()?, false)?)))
                .collect();
            if !beats.is_empty() {
                let mut n = Obj::clone(&stored);
                for (i, t) in beats {
                    n.insert_at(&format!("/status/conditions/{i}"), "lastHeartbeatTime", &serde_json::Value::String(t));
                }
                self.put_quietly(node_key, n);
            }
        }
        let store = &self.store;
        let renew = |node: &str| {
            let rt = podlife_model::ResourceType::resolve("leases")?;
            store.get(&ObjectKey::new(rt, Some("kube-node-lease"), node)).and_then(|l| l["spec"]["renewTime"].as_str().map(str::to_string))
        };
        if moved.node_monitor {
            if let Some(k) = self.kcm.get_mut() {
                k.shift_node_lifecycle(ms, renew);
            }
        }
        self.proxy_shift(ms, &moved.proxies);
    }

    /// Deletes an object as if every watcher had seen it go.
    pub(crate) fn delete_quietly(&mut self, key: &crate::store::ObjectKey) {
        if self.store.delete(key).is_none() {
            return;
        }
        for c in &mut self.components {
            if c.cache.remove(key).is_some() {
                c.generation += 1;
            }
        }
    }

    /// Writes a new version of an object as if every watcher had seen it: etcd and every
    /// informer cache that holds the object get the same version.
    pub(crate) fn put_quietly(&mut self, key: crate::store::ObjectKey, object: Obj) {
        let event = self.store.put_obj(key.clone(), object);
        // Only a component that watches the resource can hold the object (its cache is filled
        // from its watches): the others' caches are not searched.
        let same = |a: &'static str, b: &'static str| std::ptr::eq(a, b) || a == b;
        for c in &mut self.components {
            if !c.watches.iter().any(|w| same(w.resource, key.resource) && same(w.group, key.group)) {
                continue;
            }
            if let Some(slot) = c.cache.get_mut(&key) {
                *slot = event.object.clone();
                c.generation += 1;
            }
        }
    }
}

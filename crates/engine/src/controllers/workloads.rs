//! The workload and batch controllers of kube-controller-manager as one loop of its process
//! (`manager.rs`): the ReplicaSet, ReplicationController, Deployment, StatefulSet and DaemonSet
//! controllers (their expectations and work queue, `replicaset::State`), the Job, CronJob and
//! TTL-after-finished controllers (`job::BatchState`), and what they share — how a sync's
//! writes leave (`write.rs`: `controller_write`, `handleErr`) and `slowStartBatch`
//! (`slowstart.rs`). One loop rather than one per controller because they share that
//! machinery: a Job's creates go through the same slow-start groups as a ReplicaSet's, and a
//! failed create lowers the expectations of whichever controller made it.
//!
//! Each controller's sync is still written in its own module (`replicaset.rs`,
//! `deployment.rs`, `statefulset.rs`, `daemonset.rs`, `job.rs`, `cronjob.rs`); the methods
//! that act — send requests, set timers, record events — are `impl WorkloadControllers`
//! blocks there, reaching the world only through `Cx` and the process's [`Shared`] parts.

use crate::Slot;

use super::manager::Shared;
use super::{FollowUp, Held, Write, job};
use crate::clock::Time;
use crate::store::WatchEvent;
use crate::vecmap::{VecMap, VecSet};

/// A sync's work-queue slot: (kind, namespace, name).
type Lane = (&'static str, String, String);

/// The workload and batch controllers' memory.
#[derive(Debug, Clone, Default)]
pub(crate) struct WorkloadControllers {
    /// The workload controllers' expectations, queue and slow-start groups.
    pub(crate) workloads: super::replicaset::State,
    /// The Job, CronJob and TTL-after-finished controllers' memory.
    pub(crate) batch: job::BatchState,
    /// Keys whose worker still sends the requests of its last sync (blocked on its client's
    /// rate limiter), until when; and the keys whose next sync waits for that.
    pub(crate) busy: VecMap<Lane, Time>,
    pub(crate) deferred: VecSet<Lane>,
}

/// The loop's timers.
#[derive(Debug, Clone)]
pub(crate) enum Timer {
    /// A write leaves its controller's client.
    Write(Box<Write>),
    /// A slow-start batch of a sync has gone: the next steps are released.
    SlowStart(u64),
    /// A workload controller syncs an object again (`enqueueAfter`: minReadySeconds, the
    /// progress deadline, a key's turn).
    Resync { kind: &'static str, namespace: String, name: String },
    /// A key that failed comes back to its controller's work queue (`AddRateLimited`).
    Requeue { kind: &'static str, namespace: String, name: String },
    /// The Job, CronJob and TTL-after-finished controllers' work queue and requests.
    Batch(Box<job::BatchTask>),
}

pub(crate) type Cx<'a> = crate::component::Cx<'a, Timer>;

impl WorkloadControllers {
    /// A restarted kube-controller-manager: the syncs in flight and the batch controllers'
    /// memory died with it. (The workload controllers' expectations are kept, as before the
    /// process was a component.)
    pub(crate) fn reset(&mut self) {
        self.batch.reset();
        self.busy.clear();
        self.deferred.clear();
        self.workloads.slow_starts.reset();
    }

    /// A delivery: the workload controllers' handlers (they remember expectations and queue
    /// keys), then the batch controllers'.
    pub(crate) fn observe(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, event: &WatchEvent, old: Option<&Slot>) {
        let cache = cx.cache();
        super::replicaset::on_event(cache, &mut self.workloads, event);
        super::deployment::on_event(cache, &mut self.workloads, event);
        super::statefulset::on_event(cache, &mut self.workloads, event);
        super::daemonset::on_event(cache, &mut self.workloads, event, old);
        // The work queue hands a key to a worker after the same short hop as any write.
        self.schedule_workload_syncs(cx, crate::CONTROLLER_QUEUE_DELAY_MS);
        self.batch_observe(cx, sh, event, old);
    }

    pub(crate) fn on_timer(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, timer: Timer) {
        match timer {
            Timer::Write(write) => self.controller_write(cx, sh, *write),
            Timer::SlowStart(group) => self.slow_start_pump(cx, sh, group, true),
            Timer::Resync { kind, namespace, name } => self.workload_resync(cx, sh, kind, &namespace, &name),
            Timer::Requeue { kind, namespace, name } => {
                if matches!(kind, "ReplicaSet" | "ReplicationController" | "Deployment" | "StatefulSet" | "DaemonSet") {
                    self.workloads.enqueue(kind, &namespace, &name);
                    self.schedule_workload_syncs(cx, 0);
                } else {
                    self.workload_resync(cx, sh, kind, &namespace, &name);
                }
            }
            Timer::Batch(task) => self.batch_task(cx, sh, *task),
        }
    }

    /// The syncs the workload controllers queued (`later`), each at least `min_ms` from now.
    pub(crate) fn schedule_workload_syncs(&mut self, cx: &mut Cx<'_>, min_ms: u64) {
        for (after, kind, namespace, name) in std::mem::take(&mut self.workloads.later) {
            cx.after(cx.now().plus_millis(after.max(min_ms)), Timer::Resync { kind, namespace, name });
        }
    }

    /// A workload controller's `enqueueAfter` comes due.
    fn workload_resync(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, kind: &'static str, namespace: &str, name: &str) {
        if !cx.running() {
            return;
        }
        let now = cx.now();
        // A key is never synced by two workers at once: while the last sync's requests still
        // wait for their client's tokens, the key is processed again only after them.
        let slot = (kind, namespace.to_string(), name.to_string());
        // A sync whose slow-start batches are still on their way holds its key.
        if self.workloads.slow_starts.hold(kind, namespace, name) {
            // Taken off the queue: the sync that comes after the group queues it again.
            self.workloads.dequeue(kind, namespace, name);
            return;
        }
        if let Some(&until) = self.busy.get(&slot)
            && until > now
        {
            if self.deferred.insert(slot) {
                cx.after(until, Timer::Resync { kind, namespace: namespace.to_string(), name: name.to_string() });
            }
            return;
        }
        self.busy.remove(&slot);
        self.deferred.remove(&slot);
        let writes = match kind {
            "ReplicaSet" | "ReplicationController" => super::replicaset::Flavor::of_kind(kind).map(|f| super::replicaset::resync(cx.cache(), &mut self.workloads, f, namespace, name, now)).unwrap_or_default(),
            "StatefulSet" => super::statefulset::resync(cx.cache(), &mut self.workloads, namespace, name, now),
            "DaemonSet" => super::daemonset::resync(self, cx, sh, namespace, name),
            "Endpoints" => super::endpoints::resync(cx.cache(), namespace, name),
            "ResourceQuota" => super::resourcequota::resync(cx.cache(), namespace, name, now),
            _ => super::deployment::resync(cx.cache(), &mut self.workloads, namespace, name, now),
        };
        self.schedule_workload_syncs(cx, 0);
        // Each write belongs to this key; a status update that conflicts is retried as this
        // controller's status updater retries it.
        let status_retry = match kind {
            "ReplicaSet" | "DaemonSet" => super::StatusRetry::Get(1),
            "StatefulSet" => super::StatusRetry::Cache(4),
            _ => super::StatusRetry::None,
        };
        let mut items = Vec::with_capacity(writes.len());
        for mut w in writes {
            if w.requeue.is_none() {
                w = w.requeue(kind, namespace, name);
            }
            if w.request.subresource.as_deref() == Some("status") {
                w.status_retry = status_retry;
            }
            items.push(Held::Write(Box::new(w)));
        }
        items.extend(self.workloads.resume.take().map(Held::Resume));
        // In order, the slow-start batches each after the one before (`slowstart.rs`).
        self.send_sync(cx, sh, items);
    }

    /// What a controller does once its request succeeded: the event about the created object.
    pub(crate) fn follow_up(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, follow: FollowUp, object: &Slot) {
        match follow {
            FollowUp::Event { account, source, kind, api_version, involved, reason, message } => {
                use crate::record::{Involved, Note, Source};
                let name = object["metadata"]["name"].as_str().unwrap_or_default();
                let message = message.replace("{}", name);
                let note = Note { kind: "Normal", reason, message: &message };
                let inv = Involved { kind, api_version, object: &crate::Obj::untyped(&involved), field_path: None };
                let ns = involved["metadata"]["namespace"].as_str().map(str::to_string);
                // A repeat, or a similar event folded into the combined one, is its count's PATCH.
                let now = cx.now();
                if let Some(write) = sh.events.record_about(inv, note, Source { component: source, host: None }, now) {
                    let build = |verb, name: Option<&str>, body| super::controller_request(account, verb, "events", ns.as_deref(), name.unwrap_or_default(), body);
                    // The event sink shares the controller's client: each request takes a token
                    // (it is written now; the requests after it wait the longer).
                    let clients = &mut sh.clients;
                    crate::record::sink(&write, &build, &mut |req| {
                        clients.reserve(account, now, 1);
                        cx.request(req)
                    });
                }
            }
        }
    }
}

/// An event about an object from the workload controllers' shared recorder, sent as
/// `account` (a failed request's Warning, a DaemonSet's).
pub(crate) fn workload_event(cx: &mut Cx<'_>, sh: &mut Shared, account: &str, involved: crate::record::Involved<'_>, note: crate::record::Note<'_>, source: &str) {
    let ns = involved.object["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
    let now = cx.now();
    let Some(write) = sh.events.record_about(involved, note, crate::record::Source { component: source, host: None }, now) else { return };
    crate::record::sink(&write, &|verb, name, body| super::controller_request(account, verb, "events", Some(&ns), name.unwrap_or_default(), body), &mut |r| cx.request(r));
}

//! `slowStartBatch`: how the workload controllers send a sync's pod creates — the ReplicaSet
//! controller (`pkg/controller/replicaset/replica_set.go` `manageReplicas`), the DaemonSet
//! controller (`pkg/controller/daemon/daemon_controller.go` `syncNodes`), the Job controller
//! (`pkg/controller/job/job_controller.go` `manageJob`) and, for `podManagementPolicy: Parallel`,
//! the StatefulSet controller (`pkg/controller/statefulset/stateful_set_control.go` `runForAll` →
//! `slowStartBatch`, over every replica's `processReplica`, then the condemned pods).
//!
//! The creates go in batches of 1, 2, 4, 8 … (`controller.SlowStartInitialBatchSize` 1; the
//! StatefulSet controller's stop growing at its `MaxBatchSize` 500), each batch sent once every
//! request of the one before has returned. After a batch with an error the rest are never sent:
//! the ReplicaSet, DaemonSet and Job controllers lower their expectations by the skipped creates
//! (the Job controller also its `active` count), and the sync returns its error. What the sync
//! does after its creates (the deletes, the status) comes after the last batch returned — the
//! worker runs the sync to its end.
//!
//! Here a sync decides its writes from its informer snapshot, as upstream's does, and hands them
//! over in order as one group: the writes before its first create go at once, then batch after
//! batch, each released when the last request of the batch before has gone (`Task::SlowStart`).
//! A skipped batch therefore takes no client token, and a StatefulSet of 100,000 replicas never
//! holds more than a few batches of writes (`Held::Resume` builds the next ones when they are
//! due). While a group runs, its key is not synced again; a sync asked for meanwhile runs when
//! the group is done.

use std::collections::VecDeque;
use crate::vecmap::VecMap;

use serde_json::Value;

use super::Write;
use super::job::{Ctl, Out};
use super::manager::Shared;
use super::workloads::{Cx, Timer, WorkloadControllers};
use crate::apiserver::Verb;
use crate::clock::Time;

/// A write's place in its sync's slow start: the group and the batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SlowStart {
    pub group: u64,
    pub batch: u32,
}

impl SlowStart {
    /// The `i`-th call of a group whose batches grow 1, 2, 4 … up to `max` each.
    pub(crate) fn nth(group: u64, i: usize, max: usize) -> SlowStart {
        SlowStart { group, batch: batch_of(i, max) }
    }
}

/// The batch of the `i`-th call when batches are 1, 2, 4 … `2^m`, then `max` each (`2^m ≤ max`).
pub(crate) fn batch_of(i: usize, max: usize) -> u32 {
    let max = max.max(1);
    let m = max.ilog2();
    // The doubling batches cover the calls below 2^(m+1) - 1.
    let doubling = (1usize << m).saturating_mul(2).saturating_sub(1);
    if i < doubling { (i + 1).ilog2() } else { m + 1 + u32::try_from((i - doubling) / max).unwrap_or(u32::MAX - m - 1) }
}

/// Whose expectations a failed or skipped pod create lowers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Expecting {
    ReplicaSet,
    DaemonSet,
    Job,
    /// The StatefulSet controller keeps none.
    Nothing,
}

/// One step of a sync, waiting for its turn.
#[derive(Debug, Clone)]
pub(crate) enum Held {
    Write(Box<Write>),
    /// A Job controller request (`job.rs`).
    Send { ctl: Ctl, key: String, out: Box<Out> },
    /// A Parallel StatefulSet sync's next batches, built when they are due.
    Resume(Box<super::statefulset::Resume>),
}

impl Held {
    fn slow_start(&self) -> Option<SlowStart> {
        match self {
            Held::Write(write) => write.slow_start,
            Held::Send { out, .. } => out.slow_start,
            Held::Resume(r) => Some(r.slow_start()),
        }
    }

    fn creates_pod(&self) -> bool {
        let r = match self {
            Held::Write(write) => &write.request,
            Held::Send { out, .. } => &out.request,
            Held::Resume(_) => return false,
        };
        r.verb == Verb::Create && r.resource.group.is_empty() && r.resource.plural == "pods"
    }
}

/// One sync's writes on their way.
#[derive(Debug, Clone)]
struct Group {
    /// The work-queue key of the sync (kind, namespace, name).
    slot: (&'static str, String, String),
    expecting: Expecting,
    /// The batch released last (none yet when `started` is false) and the first with an error.
    started: bool,
    released: u32,
    failed: Option<u32>,
    /// The first failed create's error (`manageReplicasErr`), and whether the ReplicaSet's
    /// status write of the sync carries it yet.
    error: Option<String>,
    error_reported: bool,
    /// Pod creates that failed or were skipped.
    lost: i64,
    queue: VecDeque<Held>,
    /// A sync of the key was asked for while the group ran.
    deferred: bool,
    /// Handed over by its sync (a group its sync sent nothing in is dropped).
    sent: bool,
}

/// The slow-start groups in flight.
#[derive(Debug, Clone, Default)]
pub struct SlowStarts {
    next: u64,
    groups: VecMap<u64, Group>,
}

impl SlowStarts {
    /// A sync that will create in batches opens its group.
    pub(crate) fn begin(&mut self, kind: &'static str, ns: &str, name: &str, expecting: Expecting) -> u64 {
        self.next += 1;
        let slot = (kind, ns.to_string(), name.to_string());
        self.groups.insert(self.next, Group { slot, expecting, started: false, released: 0, failed: None, error: None, error_reported: false, lost: 0, queue: VecDeque::new(), deferred: false, sent: false });
        self.next
    }

    /// Whether a sync of the key still runs (its group is on its way); if so the key is synced
    /// again when it is done.
    pub(crate) fn hold(&mut self, kind: &str, ns: &str, name: &str) -> bool {
        let mut held = false;
        for g in self.groups.values_mut().filter(|g| g.sent && g.slot.0 == kind && g.slot.1 == ns && g.slot.2 == name) {
            g.deferred = true;
            held = true;
        }
        held
    }

    /// A restarted kube-controller-manager: the syncs in flight died with it.
    pub(crate) fn reset(&mut self) {
        self.groups.clear();
    }
}

impl WorkloadControllers {
    /// Sends a sync's writes in order: through their slow-start group when they have one.
    pub(crate) fn send_sync(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, items: Vec<Held>) {
        let group = items.iter().find_map(Held::slow_start).map(|ss| ss.group);
        if let Some(grp) = group.and_then(|g| self.workloads.slow_starts.groups.get_mut(&g)) {
            grp.sent = true;
        }
        // A group opened by a sync that then sent nothing in it.
        self.workloads.slow_starts.groups.retain(|_, grp| grp.sent);
        let Some(g) = group.filter(|g| self.workloads.slow_starts.groups.contains_key(g)) else {
            for item in items {
                self.schedule_held(cx, sh, item, None, false);
            }
            return;
        };
        if let Some(grp) = self.workloads.slow_starts.groups.get_mut(&g) {
            grp.queue.extend(items);
        }
        self.slow_start_pump(cx, sh, g, false);
    }

    /// Releases what is due of a group: everything up to the next batch whose turn has not come.
    /// `continuing`: the worker goes on at once after a batch returned (no work-queue hand-over).
    pub(crate) fn slow_start_pump(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, g: u64, continuing: bool) {
        if !self.workloads.slow_starts.groups.contains_key(&g) {
            return;
        }
        if !cx.running() {
            self.workloads.slow_starts.groups.remove(&g);
            return;
        }
        // The members released now, and everything released now.
        let mut in_flight: Option<Time> = None;
        let mut last: Option<Time> = None;
        loop {
            let Some(grp) = self.workloads.slow_starts.groups.get_mut(&g) else { return };
            let Some(front) = grp.queue.front() else { break };
            let member = front.slow_start().filter(|ss| ss.group == g).map(|ss| ss.batch);
            let current = grp.started && member == Some(grp.released);
            if !current && in_flight.is_some() {
                // The batch in flight returns first.
                break;
            }
            let Some(item) = grp.queue.pop_front() else { break };
            if let Some(b) = member
                && !current
                && !matches!(item, Held::Resume(_))
            {
                if grp.failed.is_some_and(|f| b > f) {
                    // Never attempted: the expectation for it is lowered.
                    if item.creates_pod() {
                        self.slow_start_lost(g);
                    }
                    continue;
                }
                grp.released = b;
                grp.started = true;
            }
            let mut item = item;
            if let (Some(error), "ReplicaSet" | "ReplicationController", Held::Write(write)) = (&grp.error, grp.slot.0, &mut item)
                && write.request.subresource.as_deref() == Some("status")
                && let Some(body) = write.request.body.as_mut()
            {
                add_replica_failure(&mut body["status"], error, cx.now());
                grp.error_reported = true;
            }
            match item {
                Held::Resume(r) => {
                    let failed = grp.failed.is_some();
                    let more = super::statefulset::resume(cx, *r, failed);
                    if let Some(grp) = self.workloads.slow_starts.groups.get_mut(&g) {
                        for m in more.into_iter().rev() {
                            grp.queue.push_front(m);
                        }
                    }
                }
                item => {
                    let lost = grp.lost;
                    let at = self.schedule_held(cx, sh, item, Some(lost), continuing);
                    if let Some(at) = at {
                        last = Some(last.map_or(at, |t| t.max(at)));
                        if member.is_some() {
                            in_flight = Some(in_flight.map_or(at, |t| t.max(at)));
                        }
                    }
                }
            }
        }
        // Next: when the batch in flight has gone, or — the queue empty — when the sync's last
        // request has (the key stays held until then).
        match in_flight.or(last) {
            Some(at) => cx.after(at, Timer::SlowStart(g)),
            None => self.slow_start_done(cx, sh, g),
        }
    }

    /// A group with nothing left: forgotten, and the key synced if that was asked for meanwhile.
    fn slow_start_done(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, g: u64) {
        let Some(grp) = self.workloads.slow_starts.groups.remove(&g) else { return };
        // A ReplicaSet sync whose status was unchanged still reports its create error.
        if let (Some(error), "ReplicaSet" | "ReplicationController", false) = (&grp.error, grp.slot.0, grp.error_reported)
            && let Some(w) = replica_failure_status(cx, grp.slot.0, &grp.slot.1, &grp.slot.2, error)
        {
            let at = sh.clients.reserve(w.controller, cx.now(), 1);
            cx.after(at, Timer::Write(Box::new(w)));
        }
        if !grp.deferred {
            return;
        }
        let (kind, ns, name) = grp.slot;
        if kind == "Job" {
            self.batch_enqueue(cx, Ctl::Job, format!("{ns}/{name}"), 0);
        } else {
            self.workloads.enqueue(kind, &ns, &name);
            self.schedule_workload_syncs(cx, 0);
        }
    }

    /// Hands one step to its controller's client; when it leaves.
    fn schedule_held(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, item: Held, lost: Option<i64>, continuing: bool) -> Option<Time> {
        let ready = if continuing { cx.now() } else { cx.now().plus_millis(crate::CONTROLLER_QUEUE_DELAY_MS) };
        match item {
            Held::Write(write) => {
                let slot = write.requeue.as_ref().map(|r| (r.kind, r.namespace.clone(), r.name.clone()));
                let at = sh.clients.reserve(write.controller, ready, 1 + write.then.len() as u64);
                cx.after(at, Timer::Write(write));
                if let Some(slot) = slot
                    && at > cx.now().plus_millis(crate::CONTROLLER_QUEUE_DELAY_MS)
                {
                    let busy = self.busy.entry(slot).or_insert(at);
                    *busy = (*busy).max(at);
                }
                Some(at)
            }
            Held::Send { ctl, key, mut out } => {
                if let Some(lost) = lost.filter(|l| *l > 0)
                    && !self.job_status_after_lost_creates(cx, &key, &mut out, lost)
                {
                    return None;
                }
                Some(self.batch_send_at(cx, sh, ctl, &key, *out, ready))
            }
            Held::Resume(_) => None,
        }
    }

    /// A pod create of the group failed (an error its controller does not ignore): no later batch
    /// goes, and the create is lost. True for the sync's first error.
    pub(crate) fn slow_start_failed(&mut self, ss: SlowStart, creates_pod: bool, error: &str) -> bool {
        let mut first = false;
        if let Some(grp) = self.workloads.slow_starts.groups.get_mut(&ss.group) {
            first = grp.failed.is_none();
            if grp.error.is_none() {
                grp.error = Some(error.to_string());
            }
            grp.failed = Some(grp.failed.map_or(ss.batch, |f| f.min(ss.batch)));
        }
        if creates_pod {
            self.slow_start_lost(ss.group);
        }
        first
    }

    /// A create that will not be observed: `CreationObserved` on its controller's expectations.
    fn slow_start_lost(&mut self, g: u64) {
        let Some(grp) = self.workloads.slow_starts.groups.get_mut(&g) else { return };
        grp.lost += 1;
        let (expecting, kind, ns, name) = (grp.expecting, grp.slot.0, grp.slot.1.clone(), grp.slot.2.clone());
        match expecting {
            Expecting::ReplicaSet => self.workloads.creation_failed(kind, &ns, &name),
            Expecting::DaemonSet => self.workloads.daemonsets.creation_observed(&ns, &name),
            Expecting::Job => self.batch.creation_observed(&format!("{ns}/{name}")),
            Expecting::Nothing => {}
        }
    }
}

/// The ReplicaSet's status from the informer cache with the sync's create error, unless it
/// already has a ReplicaFailure condition.
fn replica_failure_status(cx: &Cx<'_>, kind: &str, ns: &str, name: &str, error: &str) -> Option<Write> {
let cache = cx.cache();
    let flavor = super::replicaset::Flavor::of_kind(kind)?;
    let rs = super::of(cache, flavor.group, flavor.plural, ns).find(|rs| rs["metadata"]["name"] == name)?;
    let mut status = rs["status"].to_value();
    if !add_replica_failure(&mut status, error, cx.now()) {
        return None;
    }
    let mut body = rs.to_value();
    body["status"] = status;
    let mut req = super::controller_request(flavor.account, Verb::Update, flavor.plural, Some(ns), name, body)?;
    req.subresource = Some("status".into());
    let mut w = Write::now(flavor.account, req);
    w.status_retry = super::StatusRetry::Get(1);
    Some(w)
}

/// `calculateStatus`' ReplicaFailure: a sync whose creates failed sets it (reason
/// FailedCreate, the error as message) unless the ReplicaSet already has one. False when it had.
fn add_replica_failure(status: &mut Value, error: &str, now: Time) -> bool {
    if !status.is_object() {
        *status = json!({});
    }
    let list = status["conditions"].as_array().cloned().unwrap_or_default();
    if list.iter().any(|c| c["type"] == "ReplicaFailure") {
        return false;
    }
    let mut list = list;
    list.push(json!({"type": "ReplicaFailure", "status": "True", "lastTransitionTime": now.rfc3339(), "reason": "FailedCreate", "message": error}));
    status["conditions"] = Value::Array(list);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replica_failure_is_set_once_and_keeps_its_first_error() {
        let mut status = json!({"replicas": 2});
        assert!(add_replica_failure(&mut status, "first", Time::ZERO));
        assert!(!add_replica_failure(&mut status, "second", Time::ZERO));
        let conditions = status["conditions"].as_array().unwrap();
        assert_eq!(conditions.len(), 1);
        assert_eq!((&conditions[0]["reason"], &conditions[0]["message"]), (&json!("FailedCreate"), &json!("first")));
    }

    #[test]
    fn batches_double_then_stay_at_the_cap() {
        let sizes = |max: usize, n: usize| {
            let mut sizes: Vec<usize> = Vec::new();
            for i in 0..n {
                let b = batch_of(i, max) as usize;
                if sizes.len() <= b {
                    sizes.resize(b + 1, 0);
                }
                sizes[b] += 1;
            }
            sizes
        };
        assert_eq!(sizes(usize::MAX, 10), [1, 2, 4, 3]);
        assert_eq!(sizes(usize::MAX, 500), [1, 2, 4, 8, 16, 32, 64, 128, 245]);
        // The StatefulSet controller's MaxBatchSize.
        assert_eq!(sizes(500, 2011), [1, 2, 4, 8, 16, 32, 64, 128, 256, 500, 500, 500]);
        assert_eq!(sizes(4, 12), [1, 2, 4, 4, 1]);
        assert_eq!(batch_of(100_000, 500), 9 + (100_000 - 511) / 500);
    }
}

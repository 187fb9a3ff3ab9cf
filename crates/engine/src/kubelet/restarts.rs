//! Crash-loop restarts that repeat themselves, replayed by quiet stretches (`quiet.rs`).
//!
//! A container that fails the same way on every run, its back-off at the 5-minute cap,
//! restarts about 2,000 times a week, and every restart is the same few seconds of work: the
//! sync at the back-off's end records `Pulled`, `Created` and `Started`, containerd creates and
//! starts a new instance, the program runs and exits, PLEG reports both, the status manager
//! writes Running, then the exit, then `CrashLoopBackOff`, the container GC removes the
//! instance before, and a sync every minute or so records `BackOff` until the next restart.
//!
//! Whether a cycle repeats is observed, not predicted. From one restart to the next the pod
//! worker watches what happens (`RestartWatch`): the events each sync records and when, the
//! syncs' moments, what etcd takes — only the pod's status and its events may be written,
//! besides the heartbeats — and the epochs of the node and the console, which must not move.
//! The next restart (or a quiet stretch just before it) closes the cycle (`Cycle`). Two
//! cycles in a row alike — the same events, the same program ending the same way after the
//! same time with the same output, as many PIDs, namespaces, status writes and journal lines
//! — make the pod's restarts replayable while nothing else happens, for a pod nobody else
//! reacts to: no owner, no probes or hooks, no volume a run could fill, no client watching.
//!
//! A quiet stretch then passes over whole cycles (`Engine::replay_restarts`). Each replayed
//! cycle's moments are drawn as the real one draws them (the back-off syncs' jitter, so the
//! restart moments keep their spread); its events are recorded (counts and spam buckets move,
//! the events the filter lets through are written to etcd under their TTL leases); its
//! journal lines are written with its instance's id and attempt. At the end, the one exited
//! instance, the kubelet's memory of it and the pod's status are those the last replayed
//! cycle leaves: the last real run's, later by the time the replay covered, with the restart
//! count higher by the cycles replayed. The next restart runs for real.

use serde_json::Value;

use super::repeat::DroppedNote;
use super::{Cx, Kubelet};
use crate::clock::Time;
use crate::containerd::{ContainerState, Runtime};
use crate::record::{Note, Write};
use crate::store::{ObjectKey, WriteCounts};
use crate::Engine;

/// The most cycles one stretch replays (a week at the 5-minute cap is about 2,000).
const MAX_CYCLES: usize = 10_000;

/// The counters a cycle is measured by, read at its start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    outside_epoch: u64,
    revision: u64,
    writes: WriteCounts,
    last_pid: u32,
    inodes: u64,
    containers_changed: u64,
    journal: u64,
}

impl Counters {
    fn read(outside_epoch: u64, revision: u64, writes: WriteCounts, rt: &Runtime) -> Counters {
        Counters { outside_epoch, revision, writes, last_pid: rt.last_pid(), inodes: rt.inodes.peek(), containers_changed: rt.containers_changed, journal: rt.journal_pushed }
    }
}

/// How the counters moved over a cycle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Moved {
    /// Writes to anything but pods, events, Leases, Nodes, ReplicaSets and Deployments.
    other_writes: u64,
    pod_writes: u64,
    /// The pod's ReplicaSet and Deployment following its readiness.
    workload_writes: u64,
    event_writes: u64,
    pids: u32,
    inodes: u64,
    containers_changed: u64,
    journal: u64,
}

/// PIDs handed out from `from` (exclusive) to `to` (inclusive); None past a bound.
fn pids_between(from: u32, to: u32) -> Option<u32> {
    let (mut p, mut n) = (from, 0);
    while p != to {
        if p > to || n > 10_000 {
            return None;
        }
        p = crate::containerd::pid_after(p);
        n += 1;
    }
    Some(n)
}

/// What a worker saw since its container last restarted.
#[derive(Debug, Clone)]
pub struct RestartWatch {
    container: String,
    mark: Time,
    at_mark: Counters,
    /// When each sync began, after the mark (ms).
    sync_starts: Vec<u64>,
    /// The events recorded before the first back-off sync, with their moments.
    notes: Vec<(u64, DroppedNote)>,
    /// The events of the sync under way.
    sync_notes: Vec<(u64, DroppedNote)>,
    /// What each back-off sync records (all the same), and when the first began.
    backoff_notes: Option<Vec<DroppedNote>>,
    first_backoff_sync: Option<u64>,
    status_writes: u64,
    event_writes: u64,
    spoiled: bool,
}

impl RestartWatch {
    fn new(container: &str, mark: Time, at_mark: Counters) -> RestartWatch {
        RestartWatch {
            container: container.to_string(),
            mark,
            at_mark,
            sync_starts: Vec::new(),
            notes: Vec::new(),
            sync_notes: Vec::new(),
            backoff_notes: None,
            first_backoff_sync: None,
            status_writes: 0,
            event_writes: 0,
            spoiled: false,
        }
    }

    fn offset(&self, now: Time) -> u64 {
        now.millis().saturating_sub(self.mark.millis())
    }

    /// The cycle watched, closed by the counters `now` and the runtime's exited instance.
    /// None when it cannot be compared: something spoiled it, it has not reached its back-off,
    /// or its run left no single exited instance.
    fn close(&self, uid: &str, now: Counters, owners: String, rt: &Runtime) -> Option<Cycle> {
        if self.spoiled || !self.sync_notes.is_empty() {
            return None;
        }
        let first_backoff_sync = self.first_backoff_sync?;
        let backoff_notes = self.backoff_notes.clone()?;
        let mut instances = rt.containers.values().filter(|c| c.pod_uid == uid);
        let c = instances.next()?;
        if instances.next().is_some() || c.name != self.container || c.state != ContainerState::Exited || c.created_at < self.mark || !c.log.small() {
            return None;
        }
        let (started, finished) = (c.started_at?, c.finished_at?);
        let at = |t: Time| t.millis().checked_sub(self.mark.millis());
        let (n, m) = (now.writes, self.at_mark.writes);
        let (pods, events, heartbeats, deletes) = (n.pods.checked_sub(m.pods)?, n.events.checked_sub(m.events)?, n.heartbeats.checked_sub(m.heartbeats)?, n.event_deletes.checked_sub(m.event_deletes)?);
        let workloads = n.workloads.checked_sub(m.workloads)?;
        let revision = now.revision.checked_sub(self.at_mark.revision)?;
        // (Events expiring are not the pod's work but change nothing it does.)
        let moved = Moved {
            other_writes: revision.checked_sub(pods + events + heartbeats + deletes + workloads)?,
            pod_writes: pods,
            workload_writes: workloads,
            event_writes: events,
            pids: pids_between(self.at_mark.last_pid, now.last_pid)?,
            inodes: now.inodes.checked_sub(self.at_mark.inodes)?,
            containers_changed: now.containers_changed.checked_sub(self.at_mark.containers_changed)?,
            journal: now.journal.checked_sub(self.at_mark.journal)?,
        };
        // Nothing but the pod's own work: no command, nothing on the node, no other writer.
        let clean = now.outside_epoch == self.at_mark.outside_epoch && moved.other_writes == 0 && moved.pod_writes == self.status_writes && moved.event_writes == self.event_writes;
        if !clean {
            return None;
        }
        let exit = Exit {
            id: c.id.clone(),
            attempt: c.attempt,
            code: c.exit_code,
            reason: c.reason.clone(),
            message: c.message.clone(),
            started: at(started)?,
            finished: at(finished)?,
            log: c.log.lines().iter().map(|(t, stream, text)| (t.millis().saturating_sub(started.millis()), *stream, text.clone())).collect(),
            cpu_ns: c.cpu.usage_ns,
            shim_pid: c.shim_pid,
        };
        Some(Cycle { notes: self.notes.clone(), backoff_notes, first_backoff_sync, sync_starts: self.sync_starts.clone(), moved, exit, owners })
    }
}

/// A container's run as it ended.
#[derive(Debug, Clone)]
struct Exit {
    id: String,
    attempt: u32,
    code: i32,
    reason: String,
    message: String,
    /// Its moments after the cycle's start (ms).
    started: u64,
    finished: u64,
    /// Its log lines, by their moment after its start.
    log: Vec<(u64, &'static str, String)>,
    cpu_ns: u64,
    shim_pid: u32,
}

/// A whole cycle, from one restart to the next.
#[derive(Debug, Clone)]
pub struct Cycle {
    notes: Vec<(u64, DroppedNote)>,
    backoff_notes: Vec<DroppedNote>,
    first_backoff_sync: u64,
    sync_starts: Vec<u64>,
    moved: Moved,
    exit: Exit,
    /// The status of the pod's ReplicaSet and Deployment at the cycle's end, its times left
    /// out (`owners_fingerprint`).
    owners: String,
}

impl Cycle {
    /// Does `self` repeat `before`? The moments of the CRI calls may differ (their latencies
    /// are drawn), the run's length and outcome may not.
    fn repeats(&self, before: &Cycle) -> bool {
        let (a, b) = (&self.exit, &before.exit);
        let run_alike = (a.code, &a.reason, &a.message, a.finished.saturating_sub(a.started), &a.log, a.cpu_ns) == (b.code, &b.reason, &b.message, b.finished.saturating_sub(b.started), &b.log, b.cpu_ns);
        self.notes.iter().map(|(_, n)| n).eq(before.notes.iter().map(|(_, n)| n))
            && self.backoff_notes == before.backoff_notes
            && self.moved == Moved { event_writes: self.moved.event_writes, ..before.moved }
            && run_alike
            && self.owners == before.owners
            && self.exit.attempt == before.exit.attempt + 1
    }
}

/// A worker's memory of its container's restarts.
#[derive(Debug, Clone)]
pub struct Restarts {
    watch: RestartWatch,
    /// The cycle before the one watched.
    last: Option<Cycle>,
}

impl Kubelet {
    fn restart_watch(&mut self, uid: &str) -> Option<&mut RestartWatch> {
        self.workers.get_mut(uid)?.restarts.as_mut().map(|r| &mut r.watch).filter(|w| !w.spoiled)
    }

    /// `doBackOff` let `container` restart after its crash-loop back-off: the cycle since its
    /// last restart closes, the next begins.
    pub(super) fn restart_mark(&mut self, cx: &mut Cx<'_>, uid: &str, container: &str) {
        let now = cx.now();
        let node = self.node.clone();
        let services = cx.node();
        let Some(rt) = services.machine(&node).map(|m| &m.runtime) else { return };
        let counters = Counters::read(services.outside_epoch(&node), services.revision(), services.write_counts(), rt);
        let owners = self.workers.get(uid).and_then(|w| services.kubelet_pod(&node, &w.namespace, &w.name)).and_then(|pod| owners_fingerprint(&pod, |k| services.api_object(k)));
        let Some(w) = self.workers.get_mut(uid) else { return };
        // The sync under way began before the mark: it belongs to the new cycle.
        let (mut carried_start, mut carried_notes) = (None, Vec::new());
        let last = w.restarts.as_mut().filter(|r| r.watch.container == container).and_then(|r| {
            let since = r.watch.offset(now);
            if r.watch.sync_starts.last() == Some(&since) {
                carried_start = r.watch.sync_starts.pop();
            }
            carried_notes = std::mem::take(&mut r.watch.sync_notes);
            r.watch.close(uid, counters, owners?, rt)
        });
        let mut watch = RestartWatch::new(container, now, counters);
        if carried_start.is_some() {
            watch.sync_starts.push(0);
        }
        watch.sync_notes = carried_notes.into_iter().map(|(_, n)| (0, n)).collect();
        w.restarts = Some(Box::new(Restarts { watch, last }));
    }

    /// A sync of the pod begins.
    pub(super) fn restart_watch_sync_start(&mut self, uid: &str, now: Time) {
        if let Some(w) = self.restart_watch(uid) {
            let at = w.offset(now);
            w.sync_starts.push(at);
            if w.sync_starts.len() > 64 {
                w.spoiled = true;
            }
        }
    }

    /// The kubelet recorded an event about the pod (`written`: the spam filter let it through).
    pub(super) fn restart_watch_event(&mut self, uid: &str, field_path: Option<&str>, note: Note<'_>, written: bool, now: Time) {
        if let Some(w) = self.restart_watch(uid) {
            let at = w.offset(now);
            w.sync_notes.push((at, DroppedNote { field_path: field_path.map(str::to_string), kind: note.kind.into(), reason: note.reason.into(), message: note.message.into() }));
            w.event_writes += u64::from(written);
        }
    }

    /// The status manager wrote the pod's status.
    pub(super) fn restart_watch_status_written(&mut self, uid: &str) {
        if let Some(w) = self.restart_watch(uid) {
            w.status_writes += 1;
        }
    }

    /// `completeWork` of a sync: `backoff` when it failed on its crash-loop back-off.
    pub(super) fn restart_watch_sync_end(&mut self, uid: &str, backoff: bool) {
        let Some(w) = self.restart_watch(uid) else { return };
        let notes = std::mem::take(&mut w.sync_notes);
        if backoff {
            if w.first_backoff_sync.is_none() {
                w.first_backoff_sync = w.sync_starts.last().copied();
            }
            let texts: Vec<DroppedNote> = notes.into_iter().map(|(_, n)| n).collect();
            match &w.backoff_notes {
                None => w.backoff_notes = Some(texts),
                Some(b) if *b != texts => w.spoiled = true,
                Some(_) => {}
            }
        } else if w.first_backoff_sync.is_some() {
            // A sync that did not wait for the back-off after it began: something else.
            w.spoiled = true;
        } else {
            w.notes.extend(notes);
        }
        if w.notes.len() > 64 {
            w.spoiled = true;
        }
    }
}

/// Whether nothing about `pod` keeps anything from one run to the next: one container, without
/// probes, hooks, deadlines or writable volumes. (Its owners: `workload_owners`.)
fn replayable_pod(pod: &crate::Slot, container: &str) -> bool {
    let meta = &pod["metadata"];
    let spec = &pod["spec"];
    let empty = |s: &crate::Slot| s.as_array().is_none_or(|a| a.is_empty());
    let containers = spec["containers"].as_array().unwrap_or_default();
    let [c] = containers else { return false };
    let read_only_volume = |v: &crate::Slot| ["projected", "configMap", "secret", "downwardAPI"].iter().any(|k| v[*k].is_object());
    meta["deletionTimestamp"].is_null()
        && c["name"] == container
        && empty(&spec["initContainers"])
        && empty(&spec["ephemeralContainers"])
        && empty(&spec["readinessGates"])
        && spec["activeDeadlineSeconds"].is_null()
        && spec["restartPolicy"] != "Never"
        && ["livenessProbe", "readinessProbe", "startupProbe", "lifecycle"].iter().all(|k| c[*k].is_null())
        && spec["volumes"].as_array().unwrap_or_default().iter().all(read_only_volume)
}

/// One replayed cycle's moments: its start, its back-off syncs, the next restart.
struct Replay {
    start: Time,
    syncs: Vec<Time>,
    next: Time,
}

/// The workload objects above `pod` whose status follows its restarts: its ReplicaSet and that
/// one's Deployment, if it has them, of one replica. None for any other owner (a Job counts its
/// pods' failures; StatefulSets and DaemonSets are not replayed).
fn workload_owners<'a>(pod: &crate::Slot, lookup: impl Fn(&ObjectKey) -> Option<&'a crate::Slot>) -> Option<Vec<ObjectKey>> {
    let namespace = pod["metadata"]["namespace"].as_str();
    let mut owners = Vec::new();
    let mut object = pod;
    for kind in ["ReplicaSet", "Deployment"] {
        let refs = object["metadata"]["ownerReferences"].as_array().unwrap_or_default();
        let [owner] = refs else {
            return refs.is_empty().then_some(owners);
        };
        if owner["kind"] != kind || owner["apiVersion"] != "apps/v1" || owner["controller"] != true {
            return None;
        }
        let key = ObjectKey::new(podlife_model::ResourceType::resolve(if kind == "ReplicaSet" { "replicasets" } else { "deployments" })?, namespace, owner["name"].as_str()?);
        // One replica: the owner's status follows this pod alone (another pod's readiness
        // would move it at moments the replay does not know).
        let found = lookup(&key).filter(|o| o["metadata"]["uid"] == owner["uid"] && o["spec"]["replicas"] == 1)?;
        owners.push(key);
        object = found;
    }
    object["metadata"]["ownerReferences"].as_array().unwrap_or_default().is_empty().then_some(owners)
}

/// The status of `pod`'s workload owners with every moment left out: what must repeat from one
/// cycle to the next (`Cycle::owners`). None when the pod has another owner.
fn owners_fingerprint<'a>(pod: &crate::Slot, lookup: impl Fn(&ObjectKey) -> Option<&'a crate::Slot> + Copy) -> Option<String> {
    let mut text = String::new();
    for key in workload_owners(pod, lookup)? {
        let mut status = lookup(&key)?["status"].to_value();
        map_times(&mut status, &mut |_| Some(String::new()));
        text.push_str(&status.to_string());
    }
    Some(text)
}

/// Replaces every RFC 3339 moment in `value` by what `f` makes of it (None: left alone).
fn map_times(value: &mut Value, f: &mut impl FnMut(Time) -> Option<String>) {
    match value {
        Value::String(text) => {
            if let Some(new) = Time::from_rfc3339(text).and_then(&mut *f) {
                *text = new;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| map_times(v, f)),
        Value::Object(map) => map.values_mut().for_each(|v| map_times(v, f)),
        _ => {}
    }
}

/// A pod's watched cycle and the one before it, alike: what a quiet stretch replays.
pub(crate) struct RestartCycles {
    cycle: Cycle,
    before: Cycle,
}

/// What a quiet stretch gets from a replay.
pub(crate) struct Replayed {
    /// When the next (real) restart's sync is due.
    pub next: Time,
    pub cycles: u64,
    /// The pod.
    pub pod: crate::trace::ObjectRef,
    /// Leases granted for the replay's event writes that expire after `next`: the stretch
    /// schedules their timers.
    pub lease_expiries: Vec<Time>,
    /// Events whose TTL ran out during the replay.
    pub expired: u64,
}

impl Engine {
    /// The cycle under way for pod `uid` on `node` and the one before, if the sync `token`
    /// due `at` restarts its container, the cycle repeats the one before and a quiet stretch
    /// may replay the restarts (`replay_restarts`).
    pub(crate) fn restart_cycles(&self, node: &str, uid: &str, token: u64, at: Time) -> Option<RestartCycles> {
        if !self.taps.is_empty() {
            return None;
        }
        let k = self.kubelet_of(node)?;
        let w = k.workers.get(uid)?;
        if w.token != token || w.busy || w.pending || w.terminating || w.terminated || !w.failed || w.backoff_until.is_none_or(|u| at < u) {
            return None;
        }
        let r = w.restarts.as_ref()?;
        let before = r.last.as_ref()?;
        let pod = self.kubelet_pod_ref(node, &w.namespace, &w.name)?;
        if !replayable_pod(pod, &r.watch.container) {
            return None;
        }
        let image = pod["spec"]["containers"][0]["image"].as_str().unwrap_or_default();
        if k.crash_backoff.get(&super::crash_backoff_key(uid, &r.watch.container, image)) != super::MAX_CRASH_BACKOFF_MS {
            return None;
        }
        let owners = owners_fingerprint(pod, |k| self.store.get(k))?;
        let rt = &self.machines.get(node)?.runtime;
        let now = Counters::read(self.quiet.outside_epoch(node), self.store.revision(), self.store.write_counts(), rt);
        let cycle = r.watch.close(uid, now, owners, rt)?;
        cycle.repeats(before).then(|| RestartCycles { cycle, before: before.clone() })
    }

    /// Replays the whole cycles of pod `uid` that start from `at` (its restart's sync, found
    /// by `restart_cycles`) while the next restart comes by `bound`. None when not one fits.
    pub(crate) fn replay_restarts(&mut self, node: &str, uid: &str, cycles: &RestartCycles, at: Time, bound: Time) -> Option<Replayed> {
        let (_, mut kubelet) = self.kubelet_take(node)?;
        let replayed = self.replay_cycles(&mut kubelet, node, uid, &cycles.cycle, &cycles.before, at, bound);
        self.kubelet_put(node, kubelet);
        if replayed.is_some() {
            self.quiet.touch_pod(uid);
        }
        replayed
    }

    #[allow(clippy::too_many_arguments)]
    fn replay_cycles(&mut self, k: &mut Kubelet, node: &str, uid: &str, cycle: &Cycle, before: &Cycle, at: Time, bound: Time) -> Option<Replayed> {
        let w = k.workers.get(uid)?;
        let (namespace, name) = (w.namespace.clone(), w.name.clone());
        let pod = self.kubelet_pod(node, &namespace, &name)?;
        let watch = &w.restarts.as_ref()?.watch;
        let (mark, at_mark) = (watch.mark, watch.at_mark);
        let backoff_key = super::crash_backoff_key(uid, &watch.container, pod["spec"]["containers"][0]["image"].as_str().unwrap_or_default());
        let cap = k.crash_backoff.get(&backoff_key);

        // The cycles' moments, one by one, each kept only if the next restart comes by `bound`
        // (the random stream as it was before one that does not): the back-off syncs from the
        // first (PLEG's report of the exit) until one finds the back-off over, which restarts
        // the container (`completeWork`'s requeue and jitter).
        let initial = self.rng.clone();
        let mut kept: Vec<Replay> = Vec::new();
        let mut start = at;
        while kept.len() < MAX_CYCLES {
            let before = self.rng.clone();
            let until = start.plus_millis(cycle.exit.finished + cap);
            let mut syncs = vec![start.plus_millis(cycle.first_backoff_sync)];
            let mut sync = syncs[0];
            while sync < until {
                let base = super::requeue_base_ms(true, Some(until), sync);
                let jitter = self.rng.below(base / 2 + 1);
                sync = k.next_tick(sync.plus_millis(base + jitter).max(sync));
                syncs.push(sync);
            }
            let next = syncs.pop().unwrap_or(sync);
            if next > bound {
                self.rng = before;
                break;
            }
            kept.push(Replay { start, next, syncs });
            start = next;
        }
        let (Some(first), Some(last)) = (kept.first(), kept.last()) else { return None };
        let (start, last_sync) = (last.next, last.syncs.last().copied());
        let m = kept.len() as u64;
        let shift = last.start.millis().checked_sub(mark.millis())?;
        debug_assert_eq!(first.start, at);
        let ids: Vec<String> = kept.iter().map(|_| self.rng.hex(64)).collect();
        let new_id = ids.last()?.clone();
        let Some((last_status, stored, template)) = self.prepare_rewrites(k, node, uid, cycle, &pod, &ids, m, shift) else {
            self.rng = initial;
            return None;
        };
        let starts: Vec<Time> = kept.iter().map(|c| c.start).collect();

        // Each cycle's events at their moments: the correlator's counts and the spam filter's
        // buckets move as they would; those the filter lets through are written below.
        let mut writes: Vec<(Time, Write)> = Vec::new();
        for c in &kept {
            let mut record = |note: &DroppedNote, t: Time| {
                let n = Note { kind: &note.kind, reason: &note.reason, message: &note.message };
                if let Some(write) = k.events.record(node, &pod, note.field_path.as_deref(), n, t) {
                    writes.push((t, write));
                }
            };
            for (offset, note) in &cycle.notes {
                record(note, c.start.plus_millis(*offset));
            }
            for t in &c.syncs {
                for note in &cycle.backoff_notes {
                    record(note, *t);
                }
            }
        }
        let pods_rt = podlife_model::ResourceType::resolve("pods")?;
        let pod_key = ObjectKey::new(pods_rt, Some(&namespace), &name);

        // The events, written as each replayed sync would have: their counts and last
        // moments, under the leases of their moments.
        let (lease_expiries, expired) = self.write_events_quietly(node, &namespace, writes, start);
        let stored = crate::store::decode(&pod_key, &stored);
        self.put_quietly(pod_key, stored);
        // The pod's ReplicaSet and Deployment as the last replayed cycle leaves them: the same
        // status, its moments from the watched cycle later by the time covered (restart moments
        // are on the kubelet's 1-second ticks, so whole seconds later).
        let since_second = Time(mark.millis() / 1000 * 1000);
        for key in workload_owners(&pod, |k| self.store.get(k)).unwrap_or_default() {
            let Some(owner) = self.store.get(&key) else { continue };
            let mut value = owner.to_value();
            map_times(&mut value["status"], &mut |t| (t >= since_second).then(|| t.plus_millis(shift).rfc3339()));
            let owner = crate::store::decode(&key, &value);
            self.put_quietly(key, owner);
        }

        // containerd: the exited instance becomes the last replayed run's; the journal gets
        // every replayed cycle's lines; PIDs and namespaces move on as the runs took them.
        let before_id = before.exit.id.clone();
        let rt = &mut self.machines.get_mut(node)?.runtime;
        let own_attempt = format!("Attempt:{},", cycle.exit.attempt);
        for (i, start) in starts.iter().enumerate() {
            let previous = if i == 0 { cycle.exit.id.as_str() } else { ids[i - 1].as_str() };
            let attempt = format!("Attempt:{},", cycle.exit.attempt as u64 + i as u64 + 1);
            let swap = |text: &str| text.replace(&cycle.exit.id, &ids[i]).replace(&before_id, previous).replace(&own_attempt, &attempt);
            for e in &template {
                let mut line = e.clone();
                line.time = Time(e.time.millis() - mark.millis() + start.millis());
                line.msg = swap(&line.msg);
                line.error = line.error.as_deref().map(swap);
                rt.journal_push(line);
            }
        }
        // The PIDs of the last replayed run: the same places in its cycle's sequence.
        let sequence = |from: u32, n: u32| {
            let mut p = from;
            (0..n).map(|_| {
                p = crate::containerd::pid_after(p);
                p
            }).collect::<Vec<u32>>()
        };
        let watched = sequence(at_mark.last_pid, cycle.moved.pids);
        let shim_place = watched.iter().position(|p| *p == cycle.exit.shim_pid);
        for _ in 0..(m - 1) * u64::from(cycle.moved.pids) {
            rt.next_pid();
        }
        let last_mark_pid = rt.last_pid();
        let last_run = sequence(last_mark_pid, cycle.moved.pids);
        for _ in 0..cycle.moved.pids {
            rt.next_pid();
        }
        let inodes_from = at_mark.inodes;
        let inode_shift = cycle.moved.inodes * m;
        rt.inodes.skip(inode_shift);
        rt.containers_changed += cycle.moved.containers_changed * m;
        let mut c = rt.containers.remove(&cycle.exit.id)?;
        let later = |t: Time| t.plus_millis(shift);
        c.id = new_id.clone();
        c.attempt += m as u32;
        c.restart_count += m as u32;
        c.created_at = later(c.created_at);
        c.started_at = c.started_at.map(later);
        c.finished_at = c.finished_at.map(later);
        c.log.shift(shift);
        c.cpu.shift(shift);
        if let Some(place) = shim_place {
            c.shim_pid = last_run[place];
        }
        for ns in [&mut c.namespaces.cgroup, &mut c.namespaces.ipc, &mut c.namespaces.mnt, &mut c.namespaces.net, &mut c.namespaces.pid, &mut c.namespaces.uts] {
            if *ns >= inodes_from {
                *ns += inode_shift;
            }
        }
        if let Some(cg) = c.cgroup.as_mut() {
            cg.path = cg.path.replace(&cycle.exit.id, &new_id);
        }
        rt.containers.insert(new_id.clone(), c);
        let counters = Counters::read(self.quiet.outside_epoch(node), self.store.revision(), self.store.write_counts(), rt);

        // The kubelet: its back-off entry, PLEG's view and the worker as the last replayed
        // cycle leaves them; the watch of the cycle under way as if it had watched that one.
        k.crash_backoff.shift(&backoff_key, shift);
        if let Some(state) = k.pleg_seen.remove(&cycle.exit.id) {
            k.pleg_seen.insert(new_id.clone(), state);
        }
        let w = k.workers.get_mut(uid)?;
        w.backoff_until = w.backoff_until.map(later);
        for t in w.sync_exited.values_mut() {
            *t = later(*t);
        }
        w.last_sync = last_sync;
        if let Some(r) = w.repeating.as_mut() {
            r.shift(shift);
        }
        w.steady_epoch = None;
        w.last_status = Some(std::sync::Arc::new(last_status));
        let r = w.restarts.as_mut()?;
        r.watch.mark = later(mark);
        let moved = cycle.moved;
        // The watch of the cycle under way, as if it had watched the last replayed one: the
        // counters at its start are those its own work since then leaves.
        r.watch.at_mark = Counters {
            outside_epoch: counters.outside_epoch,
            revision: counters.revision.saturating_sub(moved.other_writes + moved.pod_writes + moved.event_writes + moved.workload_writes),
            writes: WriteCounts {
                pods: counters.writes.pods.saturating_sub(moved.pod_writes),
                events: counters.writes.events.saturating_sub(moved.event_writes),
                workloads: counters.writes.workloads.saturating_sub(moved.workload_writes),
                ..counters.writes
            },
            last_pid: last_mark_pid,
            inodes: counters.inodes.saturating_sub(moved.inodes),
            containers_changed: counters.containers_changed.saturating_sub(moved.containers_changed),
            journal: counters.journal.saturating_sub(moved.journal),
        };
        // And the cycle before it: the one before the last replayed (its instance is the one
        // the last replayed cycle's container GC removed).
        let mut before_last = cycle.clone();
        before_last.exit.attempt += m as u32 - 1;
        if m >= 2 {
            before_last.exit.id = ids[m as usize - 2].clone();
        }
        r.last = Some(before_last);
        Some(Replayed { next: start, cycles: m, pod: crate::trace::ObjectRef::new("Pod", Some(&namespace), &name), lease_expiries, expired })
    }

    /// What the replay of `m` cycles (the last one's instance `ids[m - 1]`, starting `shift`
    /// after the watched one) writes besides events: the status manager's status and etcd's
    /// (rewritten), and the watched cycle's journal lines. None when one of them is not as
    /// the cycle left it.
    #[allow(clippy::too_many_arguments)]
    fn prepare_rewrites(&self, k: &Kubelet, node: &str, uid: &str, cycle: &Cycle, pod: &crate::Slot, ids: &[String], m: u64, shift: u64) -> Option<(Value, Value, Vec<crate::containerd::JournalEntry>)> {
        let w = k.workers.get(uid)?;
        let watch = &w.restarts.as_ref()?.watch;
        let rewrite = StatusRewrite { container: &watch.container, restarts: m, since: watch.mark, shift, sync_starts: &cycle.sync_starts, exit: &cycle.exit, new_id: ids.last()? };
        let mut last_status = w.last_status.as_deref().cloned()?;
        let mut stored = self.store.get(&ObjectKey::new(podlife_model::ResourceType::resolve("pods")?, pod["metadata"]["namespace"].as_str(), pod["metadata"]["name"].as_str()?))?.to_value();
        if !rewrite.apply(&mut last_status) || !rewrite.apply(&mut stored["status"]) {
            return None;
        }
        let rt = &self.machines.get(node)?.runtime;
        let n = cycle.moved.journal as usize;
        let tail = &rt.journal[rt.journal.len().checked_sub(n)?..];
        if tail.iter().any(|e| e.time < watch.mark) {
            return None;
        }
        Some((last_status, stored, tail.to_vec()))
    }

    /// The replayed cycles' event writes, each at its moment as the kubelet's event sink
    /// makes it (a PATCH of its count, last moment and message; a create when it is new or
    /// its TTL ran out), and every event lease that expires by `to` among them, revoked at its
    /// moment. Nothing is traced or delivered: nobody watches. Returns the leases granted
    /// that expire after `to`, and how many events expired.
    fn write_events_quietly(&mut self, node: &str, namespace: &str, writes: Vec<(Time, Write)>, to: Time) -> (Vec<Time>, u64) {
        let Some(events_rt) = podlife_model::ResourceType::resolve("events") else { return (Vec::new(), 0) };
        let now = self.now;
        let (mut granted, mut expired) = (Vec::new(), 0);
        let mut writes = writes.into_iter().peekable();
        loop {
            let expiry = self.event_leases_first_expiry().filter(|e| *e <= to);
            match (expiry, writes.peek()) {
                (Some(e), next) if next.is_none_or(|(t, _)| e <= *t) => {
                    self.now = self.now.max(e);
                    expired += self.event_lease_expire_quietly(e);
                }
                (_, Some(_)) => {
                    let Some((t, write)) = writes.next() else { break };
                    self.now = self.now.max(t);
                    let key = ObjectKey::new(events_rt, Some(namespace), write.name());
                    // A repeat: the sink's PATCH (`Write::first_request`) over the stored event.
                    let updated = match &write {
                        Write::Update { .. } => self.store.get_shared(&key).map(|stored| {
                            let mut e = crate::Obj::clone(&stored);
                            let (_, _, patch) = write.first_request();
                            for (field, value) in patch.as_object().into_iter().flatten() {
                                e.insert_at("", field, value);
                            }
                            e
                        }),
                        Write::Create(_) => None,
                    };
                    let object = match updated {
                        Some(e) => e,
                        None => {
                            // `recordToSink`: a new event is created; a repeat whose event is
                            // gone is created again under its name, with its count.
                            let body = match &write {
                                Write::Create(body) => body.clone(),
                                Write::Update { event, .. } => event.clone(),
                            };
                            let mut req = crate::apiserver::Request::new(crate::apiserver::Verb::Create, events_rt);
                            req.namespace = Some(namespace.to_string());
                            req.body = Some(body);
                            let req = super::client_request(node, req);
                            let Some(body) = self.quiet_create_object(&req, namespace) else { continue };
                            crate::store::decode(&key, &body)
                        }
                    };
                    granted.extend(self.event_lease_for_write(&key, t));
                    self.put_quietly(key, object);
                }
                _ => break,
            }
        }
        self.now = now;
        granted.retain(|e| *e > to);
        (granted, expired)
    }
}

/// What changes in the pod's status from the watched cycle's end to the last replayed one's.
struct StatusRewrite<'a> {
    container: &'a str,
    restarts: u64,
    /// The watched cycle's start, and how much later the last replayed one starts.
    since: Time,
    shift: u64,
    sync_starts: &'a [u64],
    exit: &'a Exit,
    new_id: &'a str,
}

impl StatusRewrite<'_> {
    /// Rewrites `status` (the status manager's or etcd's); false when something in it is not
    /// understood (then nothing is replayed).
    fn apply(&self, status: &mut Value) -> bool {
        let since_second = Time(self.since.millis() / 1000 * 1000);
        let in_cycle = |text: &str| Time::from_rfc3339(text).is_some_and(|t| t >= since_second);
        // A condition that turned during the cycle turned at a sync's start.
        let Some(conditions) = status["conditions"].as_array_mut() else { return false };
        for c in conditions {
            let Some(text) = c["lastTransitionTime"].as_str().map(str::to_string) else { continue };
            if !in_cycle(&text) {
                continue;
            }
            let turned = self.sync_starts.iter().rev().map(|o| self.since.plus_millis(*o)).find(|t| t.rfc3339() == text);
            let Some(t) = turned else { return false };
            c["lastTransitionTime"] = json!(t.plus_millis(self.shift).rfc3339());
        }
        let Some(statuses) = status["containerStatuses"].as_array_mut() else { return false };
        let Some(s) = statuses.iter_mut().find(|s| s["name"] == self.container) else { return false };
        let at = |offset: u64| self.since.plus_millis(offset);
        let terminated = &mut s["lastState"]["terminated"];
        if terminated["containerID"] != json!(format!("containerd://{}", self.exit.id)) || terminated["finishedAt"] != json!(at(self.exit.finished).rfc3339()) {
            return false;
        }
        terminated["containerID"] = json!(format!("containerd://{}", self.new_id));
        terminated["startedAt"] = json!(at(self.exit.started).plus_millis(self.shift).rfc3339());
        terminated["finishedAt"] = json!(at(self.exit.finished).plus_millis(self.shift).rfc3339());
        // The container's own `containerID` names its newest instance while it waits.
        if s["containerID"] == json!(format!("containerd://{}", self.exit.id)) {
            s["containerID"] = json!(format!("containerd://{}", self.new_id));
        }
        let Some(count) = s["restartCount"].as_u64() else { return false };
        s["restartCount"] = json!(count + self.restarts);
        // Nothing else in the status may come from the cycle's run.
        !s["state"]["running"].is_object() && !s["state"]["terminated"].is_object() && !status.to_string().contains(&self.exit.id)
    }
}

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
//! syncs' moments, its status writes and when, what etcd takes — only pods, events, the
//! workloads and Service endpoints following pods' readiness and the heartbeats may be
//! written, and every pod and
//! event write must be a kubelet's —, what containerd spends for the pod (`RuntimeUse`,
//! charged task by task, so other pods on the node take theirs in between) and the epochs of
//! the node and the console, which must not move. The next restart (or a quiet stretch just
//! before it) closes the cycle (`Cycle`). Two cycles in a row alike — the same events, the
//! same program ending the same way after the same time with the same output, as many PIDs,
//! namespaces, status writes and journal lines — make the pod's restarts replayable while
//! nothing else happens, for a pod nobody else reacts to: no owner but a ReplicaSet (and its
//! Deployment), no probe but a liveness probe, no hooks, no volume a run could fill, no client
//! watching.
//!
//! A container its liveness probe kills cycles too, with a twist upstream's `doBackOff` gives
//! it: the sync that kills it starts it again at once when the newest exited instance ended
//! longer ago than the back-off (at the cap, the last cycle's), so a cycle is two runs — the
//! second restart does not wait and is not a cycle's end (`RestartWatch::runs`) — and the
//! second kill meets the back-off. Each run is killed `failureThreshold` probes after its
//! first, and the probe worker ticks every `periodSeconds` from its own start, not from the
//! container's: each cycle meets its first probe at another distance from its restart. The
//! watch records where (`ProbeAnchor`); cycles repeat when their runs end as far from it; a
//! replay puts each cycle's first probe on the worker's ticker (which keeps its moments while
//! the worker is on hold, `quiet.rs`) and moves what came with or after it along
//! (`Replay::at`). Restart moments are on the kubelet's 1-second ticks and probe periods are
//! whole seconds, so what the kubelet did on its ticks after the first probe stays on them.
//! Only a cycle whose first restart waited out a back-off already at the cap repeats as the
//! cap keeps it (before, the kill's restart may wait). A run whose attempts pass until its
//! program changes something (the docs' `rm -f /tmp/healthy` after 30 s) fails the first tick
//! at or after that moment, a number of periods from the restart that each cycle's phase
//! moves: the anchor is then the first failing attempt, each cycle narrows down the moment
//! (after its last pass, by its first failure: `ProbeAnchor::fail_window`), and a replayed
//! cycle's first failure goes to the first tick after the window's start — unless a tick
//! falls inside the window, and that cycle runs for real (and narrows it).
//!
//! The pods of a ReplicaSet are replayed together, each in its own phase: its ready and
//! available counts follow them all (left out of each cycle's owner fingerprint; all are
//! settled at a replay's start and end), and a replay ends before the first moment enough of
//! their runs would be ready at once to turn the Deployment's conditions (`ready_limit`).
//!
//! A quiet stretch then passes over whole cycles of every such pod together
//! (`Engine::replay_restarts`), drawing their moments in time order as the kubelets draw them
//! (the back-off syncs' jitter, so the restart moments keep their spread). It ends at a
//! restart by its horizon at which every other replayed pod has made its cycle's last change
//! (`Cycle::settled_at`), so each is left waiting out its back-off. Each replayed cycle's
//! events are recorded (counts and spam buckets move, the events the filter lets through are
//! written to etcd under their TTL leases); its journal lines are written with its instance's
//! id and attempt. At the end, each pod's one exited instance, the kubelet's memory of it and
//! the pod's status are those its last replayed cycle leaves: its last real run's, later by
//! the time the replay covered, with the restart count higher by the cycles replayed. The
//! restart at the stretch's end runs for real.
//!
//! A pod whose image cannot be pulled cycles the same way (`CycleKind::Pull`): the kubelet
//! tries the pull again when its back-off (5 minutes at the cap, counted from the failed pull:
//! `image_manager.go`, `IsInBackOffSinceUpdate`) has ended, the registry gives the same answer,
//! and the syncs every 10–15 s in between record `BackOff` and `Failed`. A cycle runs from
//! one pull to the next; nothing ran, so nothing of containerd's but its journal lines may
//! move, and a replay leaves the status as it was (`ImagePullBackOff`). Each replayed pull
//! takes its own time, drawn as the real one is (`failed_pull_ms`): the cycles' mean length
//! sets how their back-off syncs drift against the spam filter's refills, which decides when a
//! `Pulling` event wins a token. A container that never ran has nothing to probe, hook or
//! write, so its probes, hooks and volumes do not keep it from being replayed.

use serde_json::Value;

use super::repeat::DroppedNote;
use super::{Cx, Kubelet};
use crate::clock::Time;
use crate::containerd::{ContainerState, JournalEntry, Runtime};
use crate::record::{Note, Write};
use crate::store::{ObjectKey, WriteCounts};
use crate::Engine;

/// The most cycles one stretch replays, all pods together: a week at the 5-minute cap is
/// about 2,000 a pod, so a week of 25 pods. (A stretch that ends short of its bound ends at
/// a restart, which runs for real: the pods of a workload are replayed only together, so
/// the next stretch waits until that restart's cycle has closed and repeats.)
const MAX_CYCLES: usize = 50_000;

/// The most PIDs, namespace inodes or journal lines one cycle may take before its watch gives
/// up (a cycle that repeats takes a dozen or two).
const MAX_USE: usize = 512;

/// What the back-off a cycle waits out follows: its container's exit (a crash loop) or a
/// failed pull of its image (`ImagePullBackOff`, which the kubelet retries at the back-off's
/// end, up to 5 minutes apart: `image_manager.go`, `IsInBackOffSinceUpdate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CycleKind {
    Restart,
    Pull,
}

/// The cluster's counters a cycle is measured by, read at its start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters {
    outside_epoch: u64,
    revision: u64,
    writes: WriteCounts,
}

impl Counters {
    fn read(outside_epoch: u64, revision: u64, writes: WriteCounts) -> Counters {
        Counters { outside_epoch, revision, writes }
    }
}

/// The node runtime's counters, read before a task about a pod runs: what moved by its end
/// was the pod's (`Kubelet::charge_runtime`).
#[derive(Debug, Clone, Copy)]
pub struct UseMark {
    pid: u32,
    inode: u64,
    changes: u64,
    journal: u64,
}

impl UseMark {
    pub fn read(rt: &Runtime) -> UseMark {
        UseMark { pid: rt.last_pid(), inode: rt.inodes.peek(), changes: rt.containers_changed, journal: rt.journal_pushed }
    }
}

/// What containerd spent for a pod since its container last restarted: the PIDs and
/// namespace inodes its work took, its container changes, its journal lines (by ordinal: the
/// line `Runtime::journal_pushed` counted before it). Other pods on the node take theirs in
/// between, so each is kept by value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct RuntimeUse {
    pids: Vec<u32>,
    inodes: Vec<u64>,
    changes: u64,
    lines: Vec<u64>,
}

impl RuntimeUse {
    /// Adds what moved from `mark` to `rt`'s counters now; false past `MAX_USE`.
    fn charge(&mut self, mark: UseMark, rt: &Runtime) -> bool {
        let mut pid = mark.pid;
        while pid < rt.last_pid() && self.pids.len() <= MAX_USE {
            pid = crate::containerd::pid_after(pid);
            self.pids.push(pid);
        }
        self.inodes.extend((mark.inode..rt.inodes.peek()).take(MAX_USE + 1));
        self.lines.extend((mark.journal..rt.journal_pushed).take(MAX_USE + 1));
        self.changes += rt.containers_changed.saturating_sub(mark.changes);
        self.pids.len() <= MAX_USE && self.inodes.len() <= MAX_USE && self.lines.len() <= MAX_USE
    }
}

/// How a cycle went, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Moved {
    /// The pod's own status writes.
    pod_writes: u64,
    pids: usize,
    inodes: usize,
    containers_changed: u64,
    journal: usize,
}

/// What a worker saw since its container last restarted (or, for a `Pull` cycle, since its
/// image's pull was last tried).
#[derive(Debug, Clone)]
pub struct RestartWatch {
    kind: CycleKind,
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
    /// When each of its status writes was made, after the mark (ms).
    status_writes: Vec<u64>,
    event_writes: u64,
    used: RuntimeUse,
    /// A `Pull` cycle's failed pull, after the mark (ms): its back-off counts from there.
    pull_failed: Option<u64>,
    /// When the pod's readiness turned, after the mark (ms): each turn is a write of its
    /// EndpointSlices; ready from the first to the second, and so on.
    readiness_turns: Vec<u64>,
    /// The sync under way found the image's pull in its back-off.
    pull_backoff_sync: bool,
    /// The sync under way killed the container (a liveness probe's failure): it belongs to
    /// the cycle's run, even when it then meets the back-off.
    killed: bool,
    /// How many times the container started in the cycle: a restart that did not wait out a
    /// back-off (the first after a probe's kill, `doBackOff` finding no recent exit) is part
    /// of the cycle under way. When the last of them started, after the mark (ms).
    runs: u32,
    last_run: u64,
    /// The instances created, in order.
    instances: Vec<String>,
    /// When the status manager's status first showed the container running, after the mark.
    running_seen: Option<u64>,
    /// The liveness probe's first failing attempt in the cycle, on its ticker (while no
    /// attempt has failed yet: the attempt under way).
    probe: Option<ProbeAnchor>,
    /// The last attempt that passed before the first failure, after the mark (ms).
    last_pass: Option<u64>,
    /// A liveness attempt failed in the run under way.
    run_failed: bool,
    /// The back-off the cycle's first restart waited out was at its cap already.
    waited_max: bool,
    spoiled: bool,
}

/// Where a cycle's liveness probe first ran: its worker ticks every `period` from its own
/// start, not from the container's, so each run meets its first probe at another distance
/// from the restart. What comes with or after that probe — the failures, the kill, the run
/// after it, the exit — keeps its distance to it (`Replay::at`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ProbeAnchor {
    /// The first tick that probed and failed, after the cycle's start (ms).
    first: u64,
    period: u64,
    /// The first moment a tick probes, after the cycle's start: after the status showed the
    /// container running, and `initialDelaySeconds` after it started (`worker.go`, `doProbe`);
    /// after the last passing attempt, if one passed.
    earliest: u64,
    /// When the run's container started, after the cycle's start.
    started: u64,
    /// Attempts passed before the first failure: the run fails the first tick after its
    /// program makes the probe fail, a moment its cycles narrow down (`fail_window`).
    passed: bool,
    /// The attempt failed (until its outcome, the anchor is the attempt under way).
    failed: bool,
}

impl ProbeAnchor {
    /// What a run whose attempts passed at first tells of when its probe starts failing,
    /// after its container's start: after its last passing attempt, by its first failing one.
    fn fail_window(&self) -> Option<(u64, u64)> {
        self.passed.then(|| (self.earliest.saturating_sub(self.started), self.first.saturating_sub(self.started)))
    }
}

/// Two windows of the moment a probe starts failing, narrowed to what both allow.
fn narrow(a: Option<(u64, u64)>, b: Option<(u64, u64)>) -> Option<(u64, u64)> {
    match (a, b) {
        (Some(a), Some(b)) => Some((a.0.max(b.0), a.1.min(b.1))),
        (a, b) => a.or(b),
    }
}

impl RestartWatch {
    fn new(kind: CycleKind, container: &str, mark: Time, at_mark: Counters, waited_max: bool) -> RestartWatch {
        RestartWatch {
            kind,
            container: container.to_string(),
            mark,
            at_mark,
            sync_starts: Vec::new(),
            notes: Vec::new(),
            sync_notes: Vec::new(),
            backoff_notes: None,
            first_backoff_sync: None,
            status_writes: Vec::new(),
            event_writes: 0,
            used: RuntimeUse::default(),
            pull_failed: None,
            readiness_turns: Vec::new(),
            pull_backoff_sync: false,
            killed: false,
            runs: 1,
            last_run: 0,
            instances: Vec::new(),
            running_seen: None,
            probe: None,
            last_pass: None,
            run_failed: false,
            waited_max,
            spoiled: false,
        }
    }

    fn offset(&self, now: Time) -> u64 {
        now.millis().saturating_sub(self.mark.millis())
    }

    /// The cycle watched, closed by the counters `now` and the runtime's exited instance.
    /// None when it cannot be compared: something spoiled it, it has not reached its back-off,
    /// or its run left no single exited instance (a `Pull` cycle: the pod has no instance,
    /// and its pull failed).
    fn close(&self, uid: &str, now: Counters, owners: String, rt: &Runtime) -> Option<Cycle> {
        if self.spoiled || !self.sync_notes.is_empty() {
            return None;
        }
        let first_backoff_sync = self.first_backoff_sync?;
        let backoff_notes = self.backoff_notes.clone()?;
        let mut instances = rt.containers.values().filter(|c| c.pod_uid == uid);
        let exit = match self.kind {
            CycleKind::Restart => {
                let c = instances.next()?;
                if instances.next().is_some() || c.name != self.container || c.state != ContainerState::Exited || c.created_at < self.mark || !c.log.small() {
                    return None;
                }
                if self.instances.len() != self.runs as usize || self.instances.last() != Some(&c.id) {
                    return None;
                }
                let (started, finished) = (c.started_at?, c.finished_at?);
                let at = |t: Time| t.millis().checked_sub(self.mark.millis());
                Some(Exit {
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
                })
            }
            // Nothing ran, and nothing of containerd's but its journal lines may move: a replay
            // makes no instance, PID or namespace.
            CycleKind::Pull => {
                if instances.next().is_some() || !self.used.pids.is_empty() || !self.used.inodes.is_empty() || self.used.changes > 0 {
                    return None;
                }
                None
            }
        };
        let backoff_from = match &exit {
            Some(exit) => exit.finished,
            None => self.pull_failed?,
        };
        // A probed run ends after its first failing probe (its kill follows it); a run whose
        // probe only passed is not compared.
        if self.probe.is_some_and(|p| backoff_from < p.first || !p.failed) || (self.probe.is_none() && self.last_pass.is_some()) {
            return None;
        }
        let (n, m) = (now.writes, self.at_mark.writes);
        let (pods, events, heartbeats, deletes) = (n.pods.checked_sub(m.pods)?, n.events.checked_sub(m.events)?, n.heartbeats.checked_sub(m.heartbeats)?, n.event_deletes.checked_sub(m.event_deletes)?);
        let (workloads, by_kubelets) = (n.workloads.checked_sub(m.workloads)?, n.by_kubelets.checked_sub(m.by_kubelets)?);
        let revision = now.revision.checked_sub(self.at_mark.revision)?;
        // Nothing but the kubelets' own work: no command, nothing on the node, no other writer
        // of pods or events (another crash-looping pod's kubelet may write its own), nothing
        // written but pods, events, heartbeats and the workloads following pods' readiness.
        // (Events expiring are not the pod's work but change nothing it does.)
        let clean = now.outside_epoch == self.at_mark.outside_epoch && revision == pods + events + heartbeats + deletes + workloads && pods + events == by_kubelets;
        if !clean {
            return None;
        }
        let moved = Moved {
            pod_writes: self.status_writes.len() as u64,
            pids: self.used.pids.len(),
            inodes: self.used.inodes.len(),
            containers_changed: self.used.changes,
            journal: self.used.lines.len(),
        };
        Some(Cycle {
            kind: self.kind,
            backoff_from,
            readiness_turns: self.readiness_turns.clone(),
            notes: self.notes.clone(),
            backoff_notes,
            first_backoff_sync,
            sync_starts: self.sync_starts.clone(),
            status_writes: self.status_writes.clone(),
            moved,
            used: self.used.clone(),
            exit,
            owners,
            last_run: self.last_run,
            instances: self.instances.clone(),
            probe: self.probe,
            waited_max: self.waited_max,
        })
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

/// A whole cycle, from one restart (or pull) to the next.
#[derive(Debug, Clone)]
pub struct Cycle {
    kind: CycleKind,
    /// When its back-off began, after its start: the exit, or the failed pull.
    backoff_from: u64,
    notes: Vec<(u64, DroppedNote)>,
    backoff_notes: Vec<DroppedNote>,
    first_backoff_sync: u64,
    sync_starts: Vec<u64>,
    /// When its status writes were made, after its start.
    status_writes: Vec<u64>,
    moved: Moved,
    used: RuntimeUse,
    /// The run that ended (None for a `Pull` cycle: nothing ran).
    exit: Option<Exit>,
    /// The status of the pod's ReplicaSet and Deployment at the cycle's end, and its
    /// Services' endpoints, their times left out (`owners_fingerprint`).
    owners: String,
    /// When the pod's readiness turned, after its start.
    readiness_turns: Vec<u64>,
    /// When its last run started.
    last_run: u64,
    /// The instances its runs created, one a run, the exited one last.
    instances: Vec<String>,
    probe: Option<ProbeAnchor>,
    waited_max: bool,
}

impl Cycle {
    /// How many times the container started in the cycle (none in a `Pull` cycle).
    fn runs(&self) -> u32 {
        self.instances.len() as u32
    }

    /// Does `self` repeat `before`? The moments of the CRI calls may differ (their latencies
    /// are drawn), the run's length and outcome may not.
    fn repeats(&self, before: &Cycle) -> bool {
        // A probed run ends at a distance from its first probe (the kill follows the
        // failures on the probe's ticker); another, at a distance from its start.
        let length = |c: &Cycle, e: &Exit| e.finished.saturating_sub(c.probe.map_or(e.started, |p| p.first));
        let run_alike = match (&self.exit, &before.exit) {
            (Some(a), Some(b)) => (a.code, &a.reason, &a.message, length(self, a), a.cpu_ns) == (b.code, &b.reason, &b.message, length(before, b), b.cpu_ns) && self.log_alike(a, before, b) && a.attempt == b.attempt + self.runs(),
            (None, None) => true,
            _ => false,
        };
        let probe_alike = match (self.probe, before.probe) {
            (Some(a), Some(b)) => a.period == b.period && a.passed == b.passed,
            (None, None) => true,
            _ => false,
        };
        self.kind == before.kind
            && self.runs() == before.runs()
            && probe_alike
            && self.notes.iter().map(|(_, n)| n).eq(before.notes.iter().map(|(_, n)| n))
            && self.backoff_notes == before.backoff_notes
            && self.moved == before.moved
            && run_alike
            && self.owners == before.owners
            && self.readiness_turns.len() == before.readiness_turns.len()
    }

    /// Do the logs of `a` (this cycle's run) and `b` (`before`'s) repeat? The same lines on
    /// the same streams, each as far from its run's start. A probed cycle's lines from its
    /// first failing probe on (a shutdown's, at the kill) keep their distance to that probe
    /// instead, within a tick: the kill follows the probe's ticker, and the run's start and
    /// its second run's restart carry the drawn CRI latencies.
    fn log_alike(&self, a: &Exit, before: &Cycle, b: &Exit) -> bool {
        let Some((p, q)) = self.probe.zip(before.probe) else { return a.log == b.log };
        let place = |anchor: &ProbeAnchor, e: &Exit, t: u64| match (e.started + t).checked_sub(anchor.first) {
            Some(after) => (true, after),
            None => (false, t),
        };
        a.log.len() == b.log.len()
            && a.log.iter().zip(&b.log).all(|(x, y)| {
                let ((x_after, x_at), (y_after, y_at)) = (place(&p, a, x.0), place(&q, b, y.0));
                (x.1, &x.2, x_after) == (y.1, &y.2, y_after) && x_at.abs_diff(y_at) < super::TICK_MS
            })
    }

    /// The back-off syncs after the first (after the cycle's start) that each followed the
    /// one before within two ticks, in a run from the first: syncs the exit brought about,
    /// not requeues.
    fn burst_syncs(&self) -> Vec<u64> {
        let syncs: Vec<u64> = self.sync_starts.iter().copied().filter(|s| *s >= self.first_backoff_sync).collect();
        syncs.windows(2).take_while(|w| w[1].saturating_sub(w[0]) < 2 * super::TICK_MS).map(|w| w[1]).collect()
    }

    /// When a replay `r` of this cycle has made its last change: its last status write (made
    /// the same time after the sync it followed, the back-off syncs' moments being the
    /// replay's own) and the container GC's removal of the instance before (within one GC
    /// period of the exit; a `Pull` cycle has none). None while a back-off sync that writes is
    /// still to come.
    fn settled_at(&self, r: &Replay) -> Option<Time> {
        let mut end = match &self.exit {
            Some(_) => r.start.plus_millis(r.backoff_from + super::container_gc::CONTAINER_GC_PERIOD_MS + super::TICK_MS),
            None => r.start.plus_millis(r.backoff_from),
        };
        let backoff_syncs = || self.sync_starts.iter().filter(|s| **s >= self.first_backoff_sync);
        for w in &self.status_writes {
            let at = if *w < self.first_backoff_sync {
                r.at(self, *w)
            } else {
                let (i, sync) = backoff_syncs().enumerate().filter(|(_, s)| *s <= w).last()?;
                r.syncs.get(i)?.plus_millis(w - sync)
            };
            end = end.max(at);
        }
        Some(end)
    }
}

/// A worker's memory of its container's restarts.
#[derive(Debug, Clone)]
pub struct Restarts {
    watch: RestartWatch,
    /// The cycle before the one watched.
    last: Option<Cycle>,
    /// When the liveness probe starts failing after the container's start, as far as the
    /// cycles so far tell (`ProbeAnchor::fail_window`): (after, by).
    fail_window: Option<(u64, u64)>,
}

impl Restarts {
    /// Whether the cycle under way is still watched.
    pub(super) fn watching(&self) -> bool {
        !self.watch.spoiled
    }
}

impl Kubelet {
    fn restart_watch(&mut self, uid: &str) -> Option<&mut RestartWatch> {
        self.workers.get_mut(uid)?.restarts.as_mut().map(|r| &mut r.watch).filter(|w| !w.spoiled)
    }

    /// Whether the pod's restarts are watched (what the runtime spends for it is counted).
    pub(crate) fn watches_restarts(&self, uid: &str) -> bool {
        self.workers.get(uid).and_then(|w| w.restarts.as_ref()).is_some_and(|r| r.watching())
    }

    /// What the node's runtime spent since `mark` was the pod's.
    pub(crate) fn charge_runtime(&mut self, uid: &str, mark: UseMark, rt: &Runtime) {
        if let Some(w) = self.restart_watch(uid)
            && !w.used.charge(mark, rt)
        {
            w.spoiled = true;
        }
    }

    /// `doBackOff` let `container` restart after its crash-loop back-off (`Restart`), or
    /// `EnsureImageExists` tries its image's pull again after a failed one (`Pull`): the cycle
    /// since the last such moment closes, the next begins.
    /// (`waited_max`: the back-off it waited out was at its cap.)
    pub(super) fn restart_mark(&mut self, cx: &mut Cx<'_>, uid: &str, container: &str, kind: CycleKind, waited_max: bool) {
        let now = cx.now();
        let node = self.node.clone();
        let services = cx.node();
        let Some(rt) = services.machine(&node).map(|m| &m.runtime) else { return };
        let counters = Counters::read(services.outside_epoch(&node), services.revision(), services.write_counts());
        let owners = self.workers.get(uid).and_then(|w| services.kubelet_pod(&node, &w.namespace, &w.name)).and_then(|pod| owners_fingerprint(&*services, pod.root()));
        let Some(w) = self.workers.get_mut(uid) else { return };
        // A restart that did not wait out a back-off — the first after a liveness probe's
        // kill, when `doBackOff` finds no recent exit — is a run of the cycle under way.
        if kind == CycleKind::Restart
            && let Some(watch) = w.restarts.as_mut().map(|r| &mut r.watch).filter(|w| w.kind == kind && w.container == container && !w.spoiled && w.first_backoff_sync.is_none())
        {
            watch.runs += 1;
            watch.last_run = watch.offset(now);
            watch.run_failed = false;
            return;
        }
        // The sync under way began before the mark: it belongs to the new cycle.
        let (mut carried_start, mut carried_notes) = (None, Vec::new());
        let mut fail_window = w.restarts.as_ref().and_then(|r| r.fail_window);
        let last = w.restarts.as_mut().filter(|r| r.watch.container == container && r.watch.kind == kind).and_then(|r| {
            let since = r.watch.offset(now);
            if r.watch.sync_starts.last() == Some(&since) {
                carried_start = r.watch.sync_starts.pop();
            }
            carried_notes = std::mem::take(&mut r.watch.sync_notes);
            r.watch.close(uid, counters, owners?, rt)
        });
        let mut watch = RestartWatch::new(kind, container, now, counters, waited_max);
        if carried_start.is_some() {
            watch.sync_starts.push(0);
        }
        watch.sync_notes = carried_notes.into_iter().map(|(_, n)| (0, n)).collect();
        fail_window = narrow(fail_window, last.as_ref().and_then(|c| c.probe?.fail_window()));
        w.restarts = Some(Box::new(Restarts { watch, last, fail_window }));
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

    /// The status manager wrote the pod's status (`turned`: its readiness with it), the
    /// worker's `last_status` now. The first that shows the container running is what its
    /// probe waits for (`doProbe`).
    pub(super) fn restart_watch_status_written(&mut self, uid: &str, now: Time, turned: bool) {
        let running = self.workers.get(uid).and_then(|w| Some(super::prober::running_in_status(w.last_status.as_deref()?, &w.restarts.as_ref()?.watch.container).is_some())) == Some(true);
        if let Some(w) = self.restart_watch(uid) {
            let at = w.offset(now);
            if running && w.running_seen.is_none() {
                w.running_seen = Some(at);
            }
            w.status_writes.push(at);
            if turned {
                w.readiness_turns.push(at);
            }
            if w.status_writes.len() > 64 {
                w.spoiled = true;
            }
        }
    }

    /// The pull a `Pull` cycle began with failed: its back-off counts from now.
    pub(super) fn restart_watch_pull_failed(&mut self, uid: &str, now: Time) {
        if let Some(w) = self.restart_watch(uid).filter(|w| w.kind == CycleKind::Pull) {
            let at = w.offset(now);
            if w.pull_failed.replace(at).is_some() {
                w.spoiled = true;
            }
        }
    }

    /// The sync under way found its image's pull in its back-off (`ImagePullBackOff`).
    pub(super) fn restart_watch_pull_backoff(&mut self, uid: &str) {
        if let Some(w) = self.restart_watch(uid).filter(|w| w.kind == CycleKind::Pull) {
            w.pull_backoff_sync = true;
        }
    }

    /// The runtime created an instance of the container.
    pub(super) fn restart_watch_created(&mut self, uid: &str, id: &str) {
        if let Some(w) = self.restart_watch(uid) {
            w.instances.push(id.to_string());
        }
    }

    /// The sync under way kills the container.
    pub(super) fn restart_watch_kill(&mut self, uid: &str) {
        if let Some(w) = self.restart_watch(uid) {
            w.killed = true;
        }
    }

    /// The liveness probe of the container (started at `started`, probed after
    /// `delay_ms`) makes an attempt now, on its ticker of `period` ms: the cycle's first
    /// failing one anchors what follows. Any other probe, or a first attempt that is not its
    /// ticker's first chance (or after a pass, not the next tick), leaves the cycle
    /// unreplayable.
    pub(super) fn restart_watch_probe(&mut self, uid: &str, liveness: bool, now: Time, period: u64, started: Time, delay_ms: u64) {
        let Some(w) = self.restart_watch(uid) else { return };
        match w.probe {
            Some(p) if p.failed => return,
            // The attempt before never told its outcome (its container was replaced).
            Some(_) => {
                w.spoiled = true;
                return;
            }
            None => {}
        }
        let first = w.offset(now);
        let (earliest, started) = match (liveness, w.running_seen, started.millis().checked_sub(w.mark.millis())) {
            (true, Some(seen), Some(started)) => ((seen + 1).max(started + delay_ms), started),
            _ => {
                w.spoiled = true;
                return;
            }
        };
        let earliest = match w.last_pass {
            Some(pass) if first == pass + period => pass + 1,
            Some(_) => {
                w.spoiled = true;
                return;
            }
            None => earliest,
        };
        if earliest > first || first - earliest >= period {
            w.spoiled = true;
            return;
        }
        w.probe = Some(ProbeAnchor { first, period, earliest, started, passed: w.last_pass.is_some(), failed: false });
    }

    /// The outcome of an attempt of the container's probe (`liveness`: its liveness probe).
    /// Attempts that pass before the first failure only move the anchor on: the run fails
    /// the first tick after its program makes the probe fail (a file removed 30 s after the
    /// start), so where that tick falls against the restart depends on each cycle's phase,
    /// which a replay computes from what the cycles tell (`fail_window`). A pass after a
    /// failure of the same run, or of any other probe, leaves the cycle unreplayable.
    pub(super) fn restart_watch_probe_result(&mut self, uid: &str, liveness: bool, passed: bool) {
        let Some(w) = self.restart_watch(uid) else { return };
        match (w.probe.as_mut(), passed) {
            (Some(p), true) if liveness && !p.failed && w.runs == 1 => {
                w.last_pass = Some(p.first);
                w.probe = None;
            }
            (Some(p), false) if liveness => {
                p.failed = true;
                w.run_failed = true;
            }
            // A later run passes until its own first failure.
            (Some(p), true) if liveness && p.failed && !w.run_failed => {}
            (_, false) => {}
            _ => w.spoiled = true,
        }
    }

    /// `completeWork` of a sync: `backoff` when it failed on its crash-loop back-off (or, in
    /// a `Pull` cycle, on its image's pull back-off).
    pub(super) fn restart_watch_sync_end(&mut self, uid: &str, backoff: bool) {
        let Some(w) = self.restart_watch(uid) else { return };
        let backoff = backoff || std::mem::take(&mut w.pull_backoff_sync);
        let notes = std::mem::take(&mut w.sync_notes);
        // A sync that killed the container belongs to its run, though it then met the
        // back-off: the back-off syncs are those after the exit.
        let backoff = backoff && !std::mem::take(&mut w.killed);
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

impl Engine {
    /// Before a task about pod `uid` runs: the node runtime's counters, if the pod's restarts
    /// are watched (`Engine::charge_runtime` after it).
    pub(crate) fn runtime_use_mark(&self, task: &crate::Task, uid: &str) -> Option<(String, UseMark)> {
        use crate::Task;
        let node = match task {
            Task::Deliver { component, .. } => self.components.get(*component)?.id.node.as_deref()?.to_string(),
            Task::Kubelet(super::Timer { node, .. }) | Task::Process { node, .. } | Task::Containerd(crate::containerd::service::Timer { node, .. }) | Task::TrafficResponse { node, .. } => node.clone(),
            _ => return None,
        };
        if !self.kubelet_of(&node)?.watches_restarts(uid) {
            return None;
        }
        let mark = UseMark::read(&self.machines.get(&node)?.runtime);
        Some((node, mark))
    }

    /// After it: what the runtime spent meanwhile was the pod's.
    pub(crate) fn charge_runtime(&mut self, node: &str, uid: &str, mark: UseMark) {
        let (Some(m), Some(k)) = (self.machines.get(node), self.kubelets.get_mut(node).and_then(|k| k.get_mut())) else { return };
        k.charge_runtime(uid, mark, &m.runtime);
    }
}

/// A cycle's back-off entry: its key, and the kubelet's back-off that holds it.
fn cycle_backoff<'k>(k: &'k Kubelet, kind: CycleKind, uid: &str, container: &str, image: &str) -> (String, &'k super::backoff::Backoff) {
    match kind {
        CycleKind::Restart => (super::crash_backoff_key(uid, container, image), &k.crash_backoff),
        // `image_manager.go`: the pull back-off's key is the pod's UID and the image.
        CycleKind::Pull => (format!("{uid}_{image}"), &k.image_backoff),
    }
}

/// Whether nothing about `pod` keeps anything from one run to the next: one container, without
/// hooks, deadlines or writable volumes, and no probe but a liveness probe (its runs must
/// repeat with it: `ProbeAnchor`). (Its owners: `workload_owners`.) A container whose image
/// cannot be pulled never runs: its probes, hooks and volumes do nothing.
fn replayable_pod(pod: &crate::Slot, container: &str, kind: CycleKind) -> bool {
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
        && (kind == CycleKind::Pull || ["readinessProbe", "startupProbe", "lifecycle"].iter().all(|k| c[*k].is_null()))
        && (kind == CycleKind::Pull || spec["volumes"].as_array().unwrap_or_default().iter().all(read_only_volume))
}

/// One replayed cycle's moments: its start, when its back-off ends, its back-off syncs.
struct Replay {
    start: Time,
    /// When its back-off began, after its start: the exit (the watched run's), or the failed
    /// pull (drawn for each cycle, as each pull's answer takes its own time).
    backoff_from: u64,
    /// Its liveness probe's first attempt, after its start (a probed cycle's).
    first_probe: Option<u64>,
    until: Time,
    syncs: Vec<Time>,
}

impl Replay {
    /// The moment of what the watched cycle did `offset` after its start: what came with or
    /// after its back-off's beginning keeps its distance to it, and so does what came with or
    /// after its first probe to that.
    fn at(&self, cycle: &Cycle, offset: u64) -> Time {
        if let Some(after) = offset.checked_sub(cycle.backoff_from) {
            return self.start.plus_millis(self.backoff_from + after);
        }
        match (cycle.probe, self.first_probe) {
            (Some(p), Some(first)) if offset >= p.first => self.start.plus_millis(first + (offset - p.first)),
            _ => self.start.plus_millis(offset),
        }
    }

    /// `offset` in the watched cycle, as an offset in this one.
    fn offset(&self, cycle: &Cycle, offset: u64) -> u64 {
        self.at(cycle, offset).millis() - self.start.millis()
    }

    /// A probed cycle replayed from `start`: its first probe at the first tick of the watched
    /// cycle's ticker (the tick `ticker` and every `period` from it) the run could be probed
    /// at. The ticker keeps its moments across the replay; both are on whole seconds from the
    /// kubelet's 1-second ticks (the restarts are on them, probe periods are whole seconds),
    /// so what came on those ticks after the first probe stays on them.
    fn first_probe(p: ProbeAnchor, ticker: Time, start: Time) -> u64 {
        let earliest = start.millis() + p.earliest;
        let ticks = earliest.saturating_sub(ticker.millis()).div_ceil(p.period);
        ticker.millis() + ticks * p.period - start.millis()
    }
}

/// How many of a Deployment's pods, replayed together, may be ready at once before its
/// status changes beyond its counts: as many as its `Available` condition needs to turn
/// True (`calculateStatus` in `sync.go`: `MinAvailable` pods available — ready bounds
/// available); one while its rollout has not completed, whose `Progressing` condition's
/// update time moves whenever more pods are ready (`syncRolloutStatus`,
/// `DeploymentProgressing`). None: no count changes it (`MinAvailable` is zero).
fn ready_limit(deployment: &crate::Slot) -> Option<u64> {
    let status = &deployment["status"];
    let completed = status["replicas"] == status["updatedReplicas"]
        && status["conditions"].as_array().unwrap_or_default().iter().any(|c| c["type"] == "Progressing" && c["reason"] == "NewReplicaSetAvailable");
    if deployment["spec"]["progressDeadlineSeconds"].is_number() && !completed {
        return Some(1);
    }
    u64::try_from(crate::deployment_util::min_available(deployment)).ok().filter(|m| *m > 0)
}

/// The first moment at least `limit` of the `intervals` (from, until) hold at once.
fn first_overlap<'a>(intervals: impl Iterator<Item = &'a (Time, Time)>, limit: u64) -> Option<Time> {
    let intervals: Vec<&(Time, Time)> = intervals.collect();
    intervals.iter().map(|(from, _)| *from).filter(|at| intervals.iter().filter(|(from, until)| from <= at && at < until).count() as u64 >= limit).min()
}

/// The workload objects above `pod` whose status follows its restarts, with their replicas:
/// its ReplicaSet and that one's Deployment, if it has them, each with as many pods as it
/// wants. None for any other owner (a Job counts its pods' failures; StatefulSets and
/// DaemonSets are not replayed).
fn workload_owners<'a>(pod: &crate::Slot, lookup: impl Fn(&ObjectKey) -> Option<&'a crate::Slot>) -> Option<Vec<(ObjectKey, u64)>> {
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
        let found = lookup(&key).filter(|o| o["metadata"]["uid"] == owner["uid"] && o["spec"]["replicas"] == o["status"]["replicas"])?;
        owners.push((key, found["spec"]["replicas"].as_u64()?));
        object = found;
    }
    object["metadata"]["ownerReferences"].as_array().unwrap_or_default().is_empty().then_some(owners)
}

/// What a cycle's fingerprint reads of the API: the store, or a kubelet's view of it.
trait ApiRead {
    fn object(&self, key: &ObjectKey) -> Option<&crate::Slot>;
    /// The keys of a namespace's objects of one resource that `keep` keeps.
    fn keys(&self, group: &'static str, resource: &'static str, namespace: &str, keep: &dyn Fn(&crate::Slot) -> bool) -> Vec<ObjectKey>;
}

impl ApiRead for crate::store::Store {
    fn object(&self, key: &ObjectKey) -> Option<&crate::Slot> {
        self.get(key)
    }
    fn keys(&self, group: &'static str, resource: &'static str, namespace: &str, keep: &dyn Fn(&crate::Slot) -> bool) -> Vec<ObjectKey> {
        self.list(group, resource, Some(namespace)).filter(|(_, o)| keep(o)).map(|(k, _)| k.clone()).collect()
    }
}

impl ApiRead for dyn crate::node_services::NodeServices + '_ {
    fn object(&self, key: &ObjectKey) -> Option<&crate::Slot> {
        self.api_object(key)
    }
    fn keys(&self, group: &'static str, resource: &'static str, namespace: &str, keep: &dyn Fn(&crate::Slot) -> bool) -> Vec<ObjectKey> {
        self.api_list(group, resource, Some(namespace)).filter(|(_, o)| keep(o)).map(|(k, _)| k.clone()).collect()
    }
}

/// The Endpoints and EndpointSlices of the Services that select `pod` (`services_selecting`):
/// the endpoint controllers write them whenever its readiness turns, so a cycle takes them
/// with its owners — their content must repeat, and a replay moves their moments on (the
/// `last-change-trigger-time` annotation).
fn endpoint_objects(api: &(impl ApiRead + ?Sized), pod: &crate::Slot) -> Vec<ObjectKey> {
    let Some(namespace) = pod["metadata"]["namespace"].as_str() else { return Vec::new() };
    let labels = &pod["metadata"]["labels"];
    let selects = |s: &crate::Slot| s["spec"]["selector"].is_object() && crate::labels::match_labels(&s["spec"]["selector"], labels);
    let mut keys = Vec::new();
    let endpoints = podlife_model::ResourceType::resolve("endpoints");
    for service in api.keys("", "services", namespace, &selects) {
        keys.extend(endpoints.map(|rt| ObjectKey::new(rt, Some(namespace), &service.name)).filter(|k| api.object(k).is_some()));
        keys.extend(api.keys("discovery.k8s.io", "endpointslices", namespace, &|e| e["metadata"]["labels"]["kubernetes.io/service-name"] == service.name.as_str()));
    }
    keys
}

/// The status of `pod`'s workload owners, and the content of its Services' endpoints, with
/// every moment left out: what must repeat from one cycle to the next (`Cycle::owners`). None
/// when the pod has another owner. A workload of several pods counts them ready and
/// available whenever they are, each in its own phase: those counts are left out too (its
/// pods are replayed together, all settled at a replay's start and end, so it counts them
/// alike there; what their runs' overlaps could change in between is `ready_limit`'s).
fn owners_fingerprint(api: &(impl ApiRead + ?Sized), pod: &crate::Slot) -> Option<String> {
    let mut text = String::new();
    for (key, replicas) in workload_owners(pod, |k| api.object(k))? {
        let mut status = api.object(&key)?["status"].to_value();
        map_times(&mut status, &mut |_| Some(String::new()));
        if let (Value::Object(fields), true) = (&mut status, replicas > 1) {
            for count in ["readyReplicas", "availableReplicas", "unavailableReplicas"] {
                fields.remove(count);
            }
        }
        text.push_str(&status.to_string());
    }
    for key in endpoint_objects(api, pod) {
        let object = api.object(&key)?;
        for field in ["subsets", "endpoints", "ports"] {
            text.push_str(&object[field].to_value().to_string());
        }
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
    /// When its liveness probe starts failing, after the container's start, if its runs'
    /// attempts pass at first (`ProbeAnchor::fail_window`).
    fail_window: Option<(u64, u64)>,
}

/// A pod whose cycles are alike (`restart_cycles`), its queued sync restarting its container
/// or, in its back-off, repeating the last (`kubelet/repeat.rs`).
pub(crate) struct RestartCandidate {
    pub node: String,
    pub uid: String,
    /// When the queued sync is due.
    pub at: Time,
    pub cycles: RestartCycles,
    /// The back-off's end, when the queued sync comes before it (None: it restarts).
    pub backoff: Option<Time>,
}

/// What a quiet stretch gets from a replay.
pub(crate) struct Replayed {
    /// Where the stretch ends: a restart that runs for real, every other replayed pod waiting
    /// out its back-off.
    pub to: Time,
    /// For each candidate, when its queued sync is due now (None: not replayed, it stays).
    pub due: Vec<Option<Time>>,
    pub cycles: u64,
    /// Failed pulls replayed (`Pull` cycles).
    pub pulls: u64,
    /// Back-off syncs replayed of cycles under way when the stretch began.
    pub syncs: u64,
    /// The pods whose restarts were replayed, and those whose failed pulls were.
    pub pods: Vec<crate::trace::ObjectRef>,
    pub pulling: Vec<crate::trace::ObjectRef>,
    /// Leases granted for the replay's event writes that expire after `to`: the stretch
    /// schedules their timers.
    pub lease_expiries: Vec<Time>,
    /// Events whose TTL ran out during the replay.
    pub expired: u64,
}

/// A candidate's part in a replay: what stays fixed while its cycles are drawn.
struct Plan<'a> {
    c: &'a RestartCandidate,
    kind: CycleKind,
    /// Its node's kubelet, among those taken out.
    k: usize,
    namespace: String,
    name: String,
    pod: std::sync::Arc<crate::Obj>,
    mark: Time,
    cap: u64,
    backoff_key: String,
    owners: Vec<ObjectKey>,
    /// The watched cycle's back-off syncs that the exit brought about (`Cycle::burst_syncs`).
    burst: Vec<u64>,
}

/// A candidate's cycles as drawn so far, and its sync to come.
struct Draw {
    /// The back-off syncs of the real cycle under way (a candidate found in its back-off),
    /// and when that back-off ends.
    real_syncs: Vec<Time>,
    real_until: Time,
    cycles: Vec<Replay>,
    pending: Time,
    /// The sync to come restarts the container (its back-off is over).
    restart: bool,
}

/// What one replayed pod's rewrite needs, prepared before anything changes.
struct Rewrite {
    ids: Vec<String>,
    last_status: Value,
    stored: Value,
    template: Vec<JournalEntry>,
    /// How much later the last replayed cycle starts than the watched one; its last run
    /// starts and ends (later by as much, but for a probed cycle: its probe's ticker keeps
    /// its moments); its last run was let through the back-off (`Backoff::next`).
    shift: u64,
    run_shift: u64,
    exit_shift: u64,
    backoff_shift: u64,
}

impl Engine {
    /// The cycle under way for pod `uid` on `node` and the one before, if the sync `token`
    /// due `at` is its crash loop's — the one restarting its container, or one in its back-off
    /// (then also the back-off's end) —, the cycle repeats the one before and a quiet stretch
    /// may replay the restarts (`replay_restarts`).
    pub(crate) fn restart_cycles(&self, node: &str, uid: &str, token: u64, at: Time) -> Option<(RestartCycles, Option<Time>)> {
        let k = self.kubelet_of(node)?;
        let w = k.workers.get(uid)?;
        if w.token != token || w.busy || w.pending || w.terminating || w.terminated || !w.failed {
            return None;
        }
        let r = w.restarts.as_ref()?;
        // A client watching what the replay writes quietly would miss it.
        if self.taps.iter().any(|t| t.watches_replays(r.watch.kind == CycleKind::Restart)) {
            return None;
        }
        let before = r.last.as_ref()?;
        let pod = self.kubelet_pod_ref(node, &w.namespace, &w.name)?;
        if !replayable_pod(pod, &r.watch.container, r.watch.kind) {
            return None;
        }
        let image = pod["spec"]["containers"][0]["image"].as_str().unwrap_or_default();
        let (key, backoff) = cycle_backoff(k, r.watch.kind, uid, &r.watch.container, image);
        if !backoff.at_max(&key) {
            return None;
        }
        // The sync due `at` still waits out the back-off, or ends it.
        let backoff = match r.watch.kind {
            CycleKind::Restart => Some(w.backoff_until?),
            CycleKind::Pull => backoff.ends_since_update(&key, at),
        };
        let backoff = backoff.filter(|b| at < *b);
        let owners = owners_fingerprint(&self.store, pod)?;
        let rt = &self.machines.get(node)?.runtime;
        let now = Counters::read(self.quiet.outside_epoch(node), self.store.revision(), self.store.write_counts());
        let cycle = r.watch.close(uid, now, owners, rt)?;
        // A probe's kill restarts at once or waits, by how long ago the cycle before ended
        // (`doBackOff`): a probed cycle repeats as the cap keeps it once it began after a
        // back-off at the cap.
        if cycle.probe.is_some() && !cycle.waited_max {
            return None;
        }
        let fail_window = narrow(r.fail_window, cycle.probe.and_then(|p| p.fail_window()));
        cycle.repeats(before).then(|| (RestartCycles { cycle, before: before.clone(), fail_window }, backoff))
    }

    /// Replays the candidates' crash loops from their queued syncs up to `bound`, all pods
    /// together. The stretch ends at the bound, or at the last moment before it something was
    /// due, where every replayed pod has made its cycle's last change (`Cycle::settled_at`),
    /// so each is left waiting out its back-off, its next sync queued. None when the
    /// candidates' kubelets cannot be had.
    pub(crate) fn replay_restarts(&mut self, candidates: &[RestartCandidate], bound: Time) -> Option<Replayed> {
        let mut nodes: Vec<String> = candidates.iter().map(|c| c.node.clone()).collect();
        crate::sort::sort(&mut nodes);
        nodes.dedup();
        let mut kubelets = Vec::new();
        for node in &nodes {
            match self.kubelet_take(node) {
                Some((_, k)) => kubelets.push((node.clone(), k)),
                None => break,
            }
        }
        let replayed = if kubelets.len() == nodes.len() { self.replay_all(&mut kubelets, candidates, bound) } else { None };
        for (node, k) in kubelets {
            self.kubelet_put(&node, k);
        }
        replayed
    }

    fn replay_all(&mut self, ks: &mut [(String, Box<Kubelet>)], candidates: &[RestartCandidate], bound: Time) -> Option<Replayed> {
        // Each candidate's fixed part. A ReplicaSet of several pods is replayed only with all
        // of them: its readiness count follows each, at moments only a replay of all knows.
        let mut found = Vec::new();
        for c in candidates {
            let k = ks.iter().position(|(n, _)| *n == c.node)?;
            let w = ks[k].1.workers.get(&c.uid)?;
            let pod = self.kubelet_pod(&c.node, &w.namespace, &w.name)?;
            let mut owners = workload_owners(&pod, |k| self.store.get(k))?;
            // (Its Services' endpoints follow every selected pod's readiness on their own: no
            // count of replicas to keep.)
            owners.extend(endpoint_objects(&self.store, &pod).into_iter().map(|k| (k, 1)));
            found.push((c, k, pod, owners));
        }
        let sharing = |key: &ObjectKey| found.iter().filter(|(.., owners)| owners.iter().any(|(k, _)| k == key)).count() as u64;
        let mut plans = Vec::new();
        let mut bound = bound;
        for (c, k, pod, owners) in &found {
            if !owners.iter().all(|(key, replicas)| *replicas == 1 || sharing(key) == *replicas) {
                bound = bound.min(c.at);
                continue;
            }
            let w = ks[*k].1.workers.get(&c.uid)?;
            let watch = &w.restarts.as_ref()?.watch;
            let (backoff_key, backoff) = cycle_backoff(&ks[*k].1, watch.kind, &c.uid, &watch.container, pod["spec"]["containers"][0]["image"].as_str().unwrap_or_default());
            let cap = backoff.get(&backoff_key);
            let owners = owners.iter().map(|(key, _)| key.clone()).collect();
            plans.push(Plan { c, kind: watch.kind, k: *k, namespace: w.namespace.clone(), name: w.name.clone(), pod: pod.clone(), mark: watch.mark, cap, backoff_key, owners, burst: c.cycles.cycle.burst_syncs() });
        }

        // The cycles' moments, drawn in time order across the pods as the kubelets'
        // `completeWork` draws them: the back-off syncs from the first (PLEG's report of the
        // exit) until one finds the back-off over, which restarts the container. Wherever
        // every pod has settled, the draw so far is kept as the stretch's end.
        let initial = self.rng.clone();
        // The workloads of several replayed pods that their runs' readiness, at once, would
        // change beyond their counts: the pods sharing each, and how many may be ready at
        // once. A replay ends before the first moment more are (`ready_limit`).
        let mut shared: Vec<&ObjectKey> = plans.iter().flat_map(|p| &p.owners).filter(|k| k.resource == "deployments").collect();
        crate::sort::sort(&mut shared);
        shared.dedup();
        let guards: Vec<(Vec<usize>, u64)> = shared
            .into_iter()
            .filter_map(|key| {
                let sharing: Vec<usize> = (0..plans.len()).filter(|i| plans[*i].owners.contains(key)).collect();
                let limit = ready_limit(self.store.get(key)?)?;
                (sharing.len() > 1).then_some((sharing, limit))
            })
            .collect();
        let mut ready: Vec<Vec<(Time, Time)>> = vec![Vec::new(); plans.len()];
        let mut draws: Vec<Draw> = plans.iter().map(|p| Draw { real_syncs: Vec::new(), real_until: p.c.backoff.unwrap_or(p.c.at), cycles: Vec::new(), pending: p.c.at, restart: p.c.backoff.is_none() }).collect();
        type Mark = (Time, crate::rng::Rng, Vec<(usize, usize, usize, Time, bool)>);
        let mut end: Option<Mark> = None;
        let mut total = 0;
        loop {
            let next = (0..draws.len()).min_by_key(|i| (draws[*i].pending, *i));
            let t = next.map_or(Time(u64::MAX), |i| draws[i].pending);
            let stop = t > bound || total >= MAX_CYCLES;
            // The stretch may end here — at the next moment anything is due, or at the bound —
            // if every pod has settled by then.
            let at = t.min(bound);
            if at < Time(u64::MAX) && draws.iter().zip(&plans).all(|(d, p)| d.cycles.last().is_none_or(|r| p.c.cycles.cycle.settled_at(r).is_some_and(|e| e <= at))) {
                end = Some((at, self.rng.clone(), draws.iter().map(|d| (d.real_syncs.len(), d.cycles.len(), d.cycles.last().map_or(0, |r| r.syncs.len()), d.pending, d.restart)).collect()));
            }
            let (Some(i), false) = (next, stop) else { break };
            let cycle = &plans[i].c.cycles.cycle;
            if draws[i].restart {
                // A probed run fails at the first tick of its probe's ticker (that of the
                // watched cycle's first failure) it could: for one whose attempts pass at
                // first, the first at or after the moment its program makes them fail, known
                // to lie within the window its cycles left; a tick inside leaves it unknown,
                // and the cycle runs for real.
                let probed = cycle.probe.map(|p| {
                    let ticker = plans[i].mark.plus_millis(p.first);
                    match (p.passed, plans[i].c.cycles.fail_window) {
                        (false, _) => Some(Replay::first_probe(p, ticker, t)),
                        (true, Some((after, by))) => {
                            let first = Replay::first_probe(ProbeAnchor { earliest: p.started + after, ..p }, ticker, t);
                            (after <= by && first >= p.started + by).then_some(first)
                        }
                        (true, None) => None,
                    }
                });
                if let Some(None) = probed {
                    bound = bound.min(Time(t.millis().saturating_sub(1)));
                    continue;
                }
                total += 1;
                let (backoff_from, first_probe, first) = match plans[i].kind {
                    // The first back-off sync comes as long after the start as in the watched
                    // cycle, or after the first probe for a probed one (below).
                    CycleKind::Restart => match (cycle.probe, probed.flatten()) {
                        (Some(p), Some(first)) => (cycle.backoff_from - p.first + first, Some(first), None),
                        _ => (cycle.backoff_from, None, None),
                    },
                    // Each pull's answer takes its own time, and the failed pull ends its sync:
                    // `completeWork` requeues the pod as after any error, its jitter drawn.
                    // (The watched cycle's moments would do for one cycle, but the back-off
                    // syncs' phase against the spam filter's refills drifts by the cycles'
                    // mean length: a fixed one would bias which events win a token.)
                    CycleKind::Pull => {
                        let pull = super::failed_pull_ms(&mut self.rng);
                        let failed = t.plus_millis(pull);
                        let base = super::requeue_base_ms(true, None, failed);
                        let jitter = self.rng.below(base / 2 + 1);
                        (pull, None, Some(ks[plans[i].k].1.next_tick(failed.plus_millis(base + jitter))))
                    }
                };
                let until = t.plus_millis(backoff_from + plans[i].cap);
                let replay = Replay { start: t, backoff_from, first_probe, until, syncs: Vec::new() };
                let first = first.unwrap_or_else(|| replay.at(cycle, cycle.first_backoff_sync));
                if guards.iter().any(|(sharing, _)| sharing.contains(&i)) {
                    let turns: Vec<Time> = cycle.readiness_turns.iter().map(|o| replay.at(cycle, *o)).collect();
                    ready[i].extend(turns.chunks(2).map(|turn| (turn[0], turn.get(1).copied().unwrap_or(until))));
                }
                for (sharing, limit) in guards.iter().filter(|(sharing, _)| sharing.contains(&i)) {
                    // (No run drawn from now on is ready before now.)
                    for j in sharing {
                        ready[*j].retain(|(_, end)| *end > t);
                    }
                    if let Some(m) = first_overlap(sharing.iter().flat_map(|j| &ready[*j]), *limit) {
                        bound = bound.min(m);
                    }
                }
                draws[i].cycles.push(replay);
                draws[i].pending = first;
                draws[i].restart = first >= until;
            } else {
                let d = &mut draws[i];
                let until = match d.cycles.last_mut() {
                    Some(r) => {
                        r.syncs.push(t);
                        r.until
                    }
                    None => {
                        d.real_syncs.push(t);
                        d.real_until
                    }
                };
                // A sync that followed the one before within two ticks in the watched cycle
                // (PLEG's report of the exit right after the killing sync ended with it) was
                // no requeue: it comes as it came then.
                if let Some(next) = d.cycles.last().and_then(|r| Some(r.at(cycle, *plans[i].burst.get(r.syncs.len().checked_sub(1)?)?))) {
                    (d.pending, d.restart) = (next, next >= until);
                    continue;
                }
                // A crash-loop back-off's syncs are requeued at its end (at most a resync
                // ahead); a pull back-off's, as after any error.
                let base = super::requeue_base_ms(true, (plans[i].kind == CycleKind::Restart).then_some(until), t);
                let jitter = self.rng.below(base / 2 + 1);
                let next = ks[plans[i].k].1.next_tick(t.plus_millis(base + jitter).max(t));
                (d.pending, d.restart) = (next, next >= until);
            }
        }
        // A stretch that would replay nothing and end before the shortest stretch is none.
        let replays_nothing = |kept: &[(usize, usize, usize, Time, bool)]| kept.iter().all(|k| k.0 == 0 && k.1 == 0);
        let Some((to, rng, kept)) = end.filter(|(to, _, kept)| !replays_nothing(kept) || to.millis() >= self.now.millis() + crate::quiet::MIN_SKIP_MS) else {
            self.rng = initial;
            return None;
        };
        self.rng = rng;
        for (d, (real, n, syncs, pending, restart)) in draws.iter_mut().zip(kept) {
            d.real_syncs.truncate(real);
            d.cycles.truncate(n);
            if let Some(last) = d.cycles.last_mut() {
                last.syncs.truncate(syncs);
            }
            (d.pending, d.restart) = (pending, restart);
        }

        // Everything each replayed pod's rewrite needs, before anything changes.
        let mut rewrites: Vec<Option<Rewrite>> = Vec::new();
        for (p, d) in plans.iter().zip(&draws) {
            let (Some(last), m) = (d.cycles.last(), d.cycles.len() as u64) else {
                rewrites.push(None);
                continue;
            };
            let shift = last.start.millis().checked_sub(p.mark.millis());
            // Each restart creates an instance; a pull creates none.
            let ids: Vec<String> = match p.kind {
                CycleKind::Restart => (0..d.cycles.len() * p.c.cycles.cycle.instances.len()).map(|_| self.rng.hex(64)).collect(),
                CycleKind::Pull => Vec::new(),
            };
            match shift.and_then(|shift| self.prepare_rewrites(&ks[p.k].1, &p.c.node, &p.c.uid, &p.c.cycles.cycle, last, &p.pod, ids, m, shift)) {
                Some(r) => rewrites.push(Some(r)),
                None => {
                    self.rng = initial;
                    return None;
                }
            }
        }

        // Each cycle's events at their moments: the correlator's counts and the spam filter's
        // buckets move as they would; those the filter lets through are written below, all
        // pods' in time order.
        let mut writes: Vec<(Time, usize, Write)> = Vec::new();
        for (i, (p, d)) in plans.iter().zip(&draws).enumerate() {
            let cycle = &p.c.cycles.cycle;
            let (node, k) = (&ks[p.k].0, &mut ks[p.k].1);
            let mut record = |note: &DroppedNote, t: Time| {
                let n = Note { kind: &note.kind, reason: &note.reason, message: &note.message };
                if let Some(write) = k.events.record(node, &p.pod, note.field_path.as_deref(), n, t) {
                    writes.push((t, i, write));
                }
            };
            // The back-off syncs of the cycle under way, then each replayed cycle's events.
            for t in &d.real_syncs {
                for note in &cycle.backoff_notes {
                    record(note, *t);
                }
            }
            for r in &d.cycles {
                for (offset, note) in &cycle.notes {
                    record(note, r.at(cycle, *offset));
                }
                for t in &r.syncs {
                    for note in &cycle.backoff_notes {
                        record(note, *t);
                    }
                }
            }
        }
        crate::sort::sort_by_key(&mut writes, |w| w.0);
        let writes = writes.into_iter().map(|(t, i, w)| (t, plans[i].c.node.as_str(), plans[i].namespace.as_str(), w)).collect();
        let (lease_expiries, expired) = self.write_events_quietly(writes, to);

        // Each pod's status in etcd as its last replayed cycle leaves it.
        let pods_rt = podlife_model::ResourceType::resolve("pods")?;
        for (p, rw) in plans.iter().zip(&rewrites) {
            if let Some(rw) = rw.as_ref().filter(|_| p.kind == CycleKind::Restart) {
                let key = ObjectKey::new(pods_rt, Some(&p.namespace), &p.name);
                let stored = crate::store::decode(&key, &rw.stored);
                self.put_quietly(key, stored);
                self.store.count_kubelet_write();
            }
        }
        // The pods' ReplicaSets and Deployments: the same status, its moments from the watched
        // cycle of the pod that restarted last later by the time to the last replayed restart
        // of any of their pods (restart moments are on the kubelet's 1-second ticks, so whole
        // seconds later).
        // (A failed pull changes no owner's status: only restarts' owners are rewritten.)
        let mut owners: Vec<&ObjectKey> = plans.iter().filter(|p| p.kind == CycleKind::Restart).flat_map(|p| &p.owners).collect();
        crate::sort::sort(&mut owners);
        owners.dedup();
        for key in owners {
            let sharing = || plans.iter().zip(&draws).filter(|(p, _)| p.owners.contains(key));
            let Some(since) = sharing().map(|(p, _)| p.mark).max() else { continue };
            let Some(latest) = sharing().map(|(p, d)| d.cycles.last().map_or(p.mark, |r| r.start)).max() else { continue };
            let shift = latest.millis().saturating_sub(since.millis());
            let Some(owner) = self.store.get(key).filter(|_| shift > 0) else { continue };
            let since_second = Time(since.millis() / 1000 * 1000);
            let mut value = owner.to_value();
            let endpoints = key.resource == "endpoints" || key.resource == "endpointslices";
            // A workload's moments are in its status; endpoints' in their trigger-time annotation.
            // A workload of several pods keeps its moments: the replay let their runs change
            // nothing of it but its counts (`ready_limit`), and all have settled again.
            if endpoints || sharing().count() == 1 {
                let moments = if endpoints { &mut value["metadata"]["annotations"] } else { &mut value["status"] };
                map_times(moments, &mut |t| (t >= since_second).then(|| t.plus_millis(shift).rfc3339()));
            }
            // An EndpointSlice is written (its generation bumped) at every turn of a selected
            // pod's readiness: as often in each replayed cycle as in the watched one.
            if let Some(generation) = value["metadata"]["generation"].as_i64().filter(|_| key.resource == "endpointslices") {
                let turns: u64 = sharing().map(|(p, d)| p.c.cycles.cycle.readiness_turns.len() as u64 * d.cycles.len() as u64).sum();
                value["metadata"]["generation"] = json!(generation + turns as i64);
            }
            let owner = crate::store::decode(key, &value);
            self.put_quietly(key.clone(), owner);
        }

        // containerd, node by node: the journal gets every replayed cycle's lines in time
        // order; each exited instance becomes its pod's last replayed run's; PIDs and
        // namespaces move on as the runs took them (each pod's last run after the others').
        let mut uses: Vec<Option<RuntimeUse>> = (0..plans.len()).map(|_| None).collect();
        for (node, _) in ks.iter() {
            let on_node: Vec<usize> = (0..plans.len()).filter(|i| plans[*i].c.node == *node && rewrites[*i].is_some()).collect();
            if on_node.is_empty() {
                continue;
            }
            let rt = &mut self.machines.get_mut(node.as_str())?.runtime;
            let lines = replay_journal(rt, &on_node.iter().map(|i| (&plans[*i].c.cycles, &draws[*i], rewrites[*i].as_ref(), plans[*i].mark)).collect::<Vec<_>>());
            for (j, i) in on_node.iter().enumerate() {
                let (p, d) = (&plans[*i], &draws[*i]);
                let Some(rw) = &rewrites[*i] else { continue };
                let mut used = match p.kind {
                    CycleKind::Restart => rename_instance(rt, &p.c.cycles.cycle, rw, d.cycles.len() as u64)?,
                    CycleKind::Pull => RuntimeUse::default(),
                };
                used.lines = lines[j].clone();
                uses[*i] = Some(used);
            }
        }

        // The kubelets: each pod's back-off entry, PLEG's view and its worker as its last
        // replayed cycle leaves them; the watch of the cycle under way as if it had watched
        // that one.
        let counters_at = |e: &Engine, node: &str| Counters::read(e.quiet.outside_epoch(node), e.store.revision(), e.store.write_counts());
        let mut due = Vec::new();
        let (mut pods, mut pulling) = (Vec::new(), Vec::new());
        let (mut cycles, mut pulls, mut syncs) = (0, 0, 0);
        let mut pi = 0;
        for c in candidates {
            let Some(i) = plans.get(pi).filter(|p| std::ptr::eq(p.c, c)).map(|_| pi) else {
                due.push(None);
                continue;
            };
            pi += 1;
            let (p, d) = (&plans[i], &draws[i]);
            syncs += d.real_syncs.len() as u64;
            let (Some(rw), Some(used), Some(last)) = (rewrites[i].take(), uses[i].take(), d.cycles.last()) else {
                // Only back-off syncs of its cycle under way: replayed as a repeating sync's
                // are (`Kubelet::replay_syncs`), its next sync where the draw put it.
                match (d.real_syncs.last(), ks[p.k].1.workers.get_mut(&p.c.uid)) {
                    (Some(t), Some(w)) => {
                        w.last_sync = Some(*t);
                        due.push(Some(d.pending));
                    }
                    _ => due.push(None),
                }
                continue;
            };
            self.quiet.touch_pod(&p.c.uid);
            let counters = counters_at(self, &p.c.node);
            let k = &mut ks[p.k].1;
            let m = d.cycles.len() as u64;
            let shift = rw.shift;
            let later = |t: Time| t.plus_millis(shift);
            let cycle = &p.c.cycles.cycle;
            let exited_later = |t: Time| t.plus_millis(rw.exit_shift);
            let mut renamed = None;
            match (p.kind, &cycle.exit) {
                (CycleKind::Restart, Some(exit)) => {
                    k.crash_backoff.shift(&p.backoff_key, rw.backoff_shift);
                    let new_id = rw.ids.last()?.clone();
                    if let Some(state) = k.pleg_seen.remove(&exit.id) {
                        k.pleg_seen.insert(new_id.clone(), state);
                    }
                    renamed = Some((exit.id.clone(), new_id));
                }
                _ => k.image_backoff.shift(&p.backoff_key, shift),
            }
            let w = k.workers.get_mut(&p.c.uid)?;
            w.backoff_until = w.backoff_until.map(exited_later);
            for t in w.sync_exited.values_mut() {
                *t = exited_later(*t);
            }
            w.last_sync = last.syncs.last().copied().or(Some(last.start));
            if let Some(r) = w.repeating.as_mut() {
                r.shift(rw.exit_shift);
            }
            // A liveness probe's worker holds the instance it last probed (on hold until a new
            // one runs).
            if let Some((old, new)) = &renamed {
                for pw in w.probes.iter_mut().filter(|pw| pw.container_id == *old) {
                    pw.container_id = new.clone();
                }
                for (_, id) in w.probe_failures.values_mut().filter(|(_, id)| id == old) {
                    *id = new.clone();
                }
            }
            w.steady_epoch = None;
            if p.kind == CycleKind::Restart {
                w.last_status = Some(std::sync::Arc::new(rw.last_status));
            }
            let r = w.restarts.as_mut()?;
            r.watch.mark = later(r.watch.mark);
            // What it saw, at the last replayed cycle's moments (a probed cycle's after its
            // first probe are where that cycle's probe came).
            let moved = |o: u64| if cycle.probe.is_some() { last.offset(cycle, o) } else { o };
            for o in r.watch.sync_starts.iter_mut().chain(r.watch.status_writes.iter_mut()).chain(r.watch.readiness_turns.iter_mut()).chain(r.watch.first_backoff_sync.as_mut()) {
                *o = moved(*o);
            }
            for (o, _) in r.watch.notes.iter_mut().chain(r.watch.sync_notes.iter_mut()) {
                *o = moved(*o);
            }
            r.watch.last_run = moved(r.watch.last_run);
            if let (Some(anchor), Some(first)) = (r.watch.probe.as_mut(), last.first_probe) {
                if anchor.passed {
                    anchor.earliest = (first + 1).saturating_sub(anchor.period);
                }
                anchor.first = first;
            }
            // Its runs' instances are the last replayed cycle's (a pull makes none).
            let runs = cycle.instances.len();
            r.watch.instances = rw.ids[(m as usize - 1) * runs..].to_vec();
            // Its syncs after the stretch's end are yet to come.
            let covered = to.millis() - last.start.millis();
            r.watch.sync_starts.retain(|s| *s <= covered);
            // The counters at its start are those its own work since then leaves.
            let own_events = r.watch.event_writes;
            let own_pods = r.watch.status_writes.len() as u64;
            r.watch.at_mark = Counters {
                outside_epoch: counters.outside_epoch,
                revision: counters.revision.saturating_sub(own_pods + own_events),
                writes: WriteCounts {
                    pods: counters.writes.pods.saturating_sub(own_pods),
                    events: counters.writes.events.saturating_sub(own_events),
                    by_kubelets: counters.writes.by_kubelets.saturating_sub(own_pods + own_events),
                    ..counters.writes
                },
            };
            r.watch.used = used;
            // And the cycle before it: the one before the last replayed (its instance is the
            // one the last replayed cycle's container GC removed).
            let mut before_last = cycle.clone();
            if let Some(exit) = before_last.exit.as_mut() {
                exit.attempt += (m as u32 - 1) * runs as u32;
                if m >= 2 {
                    before_last.instances = rw.ids[(m as usize - 2) * runs..(m as usize - 1) * runs].to_vec();
                    exit.id = rw.ids[(m as usize - 1) * runs - 1].clone();
                }
            }
            r.last = Some(before_last);
            due.push(Some(d.pending));
            let pod = crate::trace::ObjectRef::new("Pod", Some(&p.namespace), &p.name);
            match p.kind {
                CycleKind::Restart => {
                    cycles += m * u64::from(cycle.runs());
                    pods.push(pod);
                }
                CycleKind::Pull => {
                    pulls += m;
                    pulling.push(pod);
                }
            }
        }
        Some(Replayed { to, due, cycles, pulls, syncs, pods, pulling, lease_expiries, expired })
    }

    /// What the replay of `m` cycles (their instances `ids`, the last one starting `shift`
    /// after the watched one) writes besides events: the status manager's status and etcd's
    /// (rewritten), and the watched cycle's journal lines. None when one of them is not as
    /// the cycle left it.
    #[allow(clippy::too_many_arguments)]
    fn prepare_rewrites(&self, k: &Kubelet, node: &str, uid: &str, cycle: &Cycle, last: &Replay, pod: &crate::Slot, ids: Vec<String>, m: u64, shift: u64) -> Option<Rewrite> {
        let w = k.workers.get(uid)?;
        let watch = &w.restarts.as_ref()?.watch;
        // How much later the last replayed cycle did what the watched one did `offset` after
        // its start.
        let shift_at = |offset: u64| last.at(cycle, offset).millis().checked_sub(watch.mark.millis() + offset);
        // A failed pull leaves the status as the one before left it (the same waiting reason
        // and message, nothing turned): only a restart's is rewritten.
        let (last_status, stored) = match &cycle.exit {
            Some(exit) => {
                let rewrite = StatusRewrite { container: &watch.container, restarts: m * u64::from(cycle.runs()), since: watch.mark, last, cycle, exit, new_id: ids.last()? };
                let mut last_status = w.last_status.as_deref().cloned()?;
                let mut stored = self.store.get(&ObjectKey::new(podlife_model::ResourceType::resolve("pods")?, pod["metadata"]["namespace"].as_str(), pod["metadata"]["name"].as_str()?))?.to_value();
                if !rewrite.apply(&mut last_status) || !rewrite.apply(&mut stored["status"]) {
                    return None;
                }
                (last_status, stored.take())
            }
            None => (Value::Null, Value::Null),
        };
        // The cycle's own journal lines, all still kept.
        let rt = &self.machines.get(node)?.runtime;
        let first_kept = rt.journal_pushed - rt.journal.len() as u64;
        let mut template = Vec::new();
        for o in &cycle.used.lines {
            let e = rt.journal.get(usize::try_from(o.checked_sub(first_kept)?).ok()?)?;
            if e.time < watch.mark {
                return None;
            }
            template.push(e.clone());
        }
        let (run_shift, exit_shift) = match &cycle.exit {
            Some(exit) => (shift_at(exit.started)?, shift_at(exit.finished)?),
            None => (shift, shift),
        };
        Some(Rewrite { ids, last_status, stored, template, shift, run_shift, exit_shift, backoff_shift: shift_at(cycle.last_run)? })
    }

    /// The replayed cycles' event writes (the moment, the node whose kubelet makes it, the
    /// namespace), each as the kubelet's event sink makes it (a PATCH of its count, last
    /// moment and message; a create when it is new or its TTL ran out), and every event lease
    /// that expires by `to` among them, revoked at its moment. Nothing is traced or
    /// delivered: nobody watches. Returns the leases granted that expire after `to`, and how
    /// many events expired.
    fn write_events_quietly(&mut self, writes: Vec<(Time, &str, &str, Write)>, to: Time) -> (Vec<Time>, u64) {
        let Some(events_rt) = podlife_model::ResourceType::resolve("events") else { return (Vec::new(), 0) };
        let now = self.now;
        let (mut granted, mut expired) = (Vec::new(), 0);
        let mut writes = writes.into_iter().peekable();
        loop {
            let expiry = self.event_leases_first_expiry().filter(|e| *e <= to);
            match (expiry, writes.peek()) {
                (Some(e), next) if next.is_none_or(|(t, ..)| e <= *t) => {
                    self.now = self.now.max(e);
                    expired += self.event_lease_expire_quietly(e);
                }
                (_, Some(_)) => {
                    let Some((t, node, namespace, write)) = writes.next() else { break };
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
                    self.store.count_kubelet_write();
                }
                _ => break,
            }
        }
        self.now = now;
        granted.retain(|e| *e > to);
        (granted, expired)
    }
}

/// The journal lines of the replayed cycles of the pods on one node (each pod's watched
/// cycle, its draw and its rewrite), in time order, as if pushed one by one: only the lines
/// the journal keeps are made. Returns each pod's last replayed cycle's line ordinals.
fn replay_journal(rt: &mut Runtime, pods: &[(&RestartCycles, &Draw, Option<&Rewrite>, Time)]) -> Vec<Vec<u64>> {
    // (moment, pod, cycle, template line), sorted stably by moment.
    let mut order: Vec<(Time, usize, usize, usize)> = Vec::new();
    for (j, (cycles, d, rw, mark)) in pods.iter().enumerate() {
        let Some(rw) = rw else { continue };
        for (c, r) in d.cycles.iter().enumerate() {
            for (l, e) in rw.template.iter().enumerate() {
                order.push((r.at(&cycles.cycle, e.time.millis() - mark.millis()), j, c, l));
            }
        }
    }
    crate::sort::sort_by_key(&mut order, |o| o.0);
    let first = rt.journal_pushed;
    let unkept = rt.journal_unkept(order.len() as u64);
    let mut last_lines = vec![Vec::new(); pods.len()];
    for (n, (t, j, c, l)) in order.iter().enumerate() {
        let (cycles, d, Some(rw), _) = pods[*j] else { continue };
        if *c + 1 == d.cycles.len() {
            last_lines[*j].push(first + n as u64);
        }
        if (n as u64) < unkept {
            continue;
        }
        let mut line = rw.template[*l].clone();
        line.time = *t;
        // A restart's lines name its instance, the one before and its attempt; a pull's
        // name only the image.
        if let (Some(exit), Some(before)) = (&cycles.cycle.exit, &cycles.before.exit) {
            let runs = cycles.cycle.instances.len();
            let previous = if *c == 0 { exit.id.as_str() } else { rw.ids[c * runs - 1].as_str() };
            let swap = |text: &str| {
                let mut text = text.to_string();
                // The newest run first: the new attempts are all higher than the old ones.
                for (j, old) in cycles.cycle.instances.iter().enumerate().rev() {
                    let own = u64::from(exit.attempt) + j as u64 + 1 - runs as u64;
                    text = text.replace(old, &rw.ids[c * runs + j]).replace(&format!("Attempt:{own},"), &format!("Attempt:{},", own + (*c as u64 + 1) * runs as u64));
                }
                text.replace(&before.id, previous)
            };
            line.msg = swap(&line.msg);
            line.error = line.error.as_deref().map(swap);
        }
        rt.journal_push(line);
    }
    rt.journal_skip(unkept);
    last_lines
}

/// The pod's one exited instance becomes its last replayed run's (`m` cycles on): a new id,
/// attempt and restart count, its times, log and CPU account later by the time covered, its
/// shim PID and namespace inodes where that run's would be. Returns what that run took.
fn rename_instance(rt: &mut Runtime, cycle: &Cycle, rw: &Rewrite, m: u64) -> Option<RuntimeUse> {
    let used = &cycle.used;
    let exit = cycle.exit.as_ref()?;
    // The PIDs and inodes of the runs before the last, then the last run's own.
    for _ in 0..(m - 1) * used.pids.len() as u64 {
        rt.next_pid();
    }
    rt.inodes.skip((m - 1) * used.inodes.len() as u64);
    let pids: Vec<u32> = used.pids.iter().map(|_| rt.next_pid()).collect();
    let inodes: Vec<u64> = used.inodes.iter().map(|_| rt.inodes.alloc()).collect();
    rt.containers_changed += used.changes * m;
    let mut c = rt.containers.remove(&exit.id)?;
    let new_id = rw.ids.last()?.clone();
    let later = |t: Time| t.plus_millis(rw.run_shift);
    let runs = m as u32 * cycle.runs();
    c.id = new_id.clone();
    c.attempt += runs;
    c.restart_count += runs;
    c.created_at = later(c.created_at);
    c.started_at = c.started_at.map(later);
    c.finished_at = c.finished_at.map(later);
    c.log.shift(rw.run_shift);
    c.cpu.shift(rw.run_shift);
    if let Some(place) = used.pids.iter().position(|p| *p == exit.shim_pid) {
        c.shim_pid = pids[place];
    }
    for ns in [&mut c.namespaces.cgroup, &mut c.namespaces.ipc, &mut c.namespaces.mnt, &mut c.namespaces.net, &mut c.namespaces.pid, &mut c.namespaces.uts] {
        if let Some(place) = used.inodes.iter().position(|n| n == ns) {
            *ns = inodes[place];
        }
    }
    if let Some(cg) = c.cgroup.as_mut() {
        cg.path = cg.path.replace(&exit.id, &new_id);
    }
    rt.containers.insert(new_id, c);
    Some(RuntimeUse { pids, inodes, changes: used.changes, lines: Vec::new() })
}

/// What changes in the pod's status from the watched cycle's end to the last replayed one's.
struct StatusRewrite<'a> {
    container: &'a str,
    restarts: u64,
    /// The watched cycle's start, and the last replayed one.
    since: Time,
    last: &'a Replay,
    cycle: &'a Cycle,
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
            let turned = self.cycle.sync_starts.iter().rev().find(|o| self.since.plus_millis(**o).rfc3339() == text);
            let Some(offset) = turned else { return false };
            c["lastTransitionTime"] = json!(self.last.at(self.cycle, *offset).rfc3339());
        }
        let Some(statuses) = status["containerStatuses"].as_array_mut() else { return false };
        let Some(s) = statuses.iter_mut().find(|s| s["name"] == self.container) else { return false };
        let at = |offset: u64| self.since.plus_millis(offset);
        let terminated = &mut s["lastState"]["terminated"];
        if terminated["containerID"] != json!(format!("containerd://{}", self.exit.id)) || terminated["finishedAt"] != json!(at(self.exit.finished).rfc3339()) {
            return false;
        }
        terminated["containerID"] = json!(format!("containerd://{}", self.new_id));
        terminated["startedAt"] = json!(self.last.at(self.cycle, self.exit.started).rfc3339());
        terminated["finishedAt"] = json!(self.last.at(self.cycle, self.exit.finished).rfc3339());
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

#[cfg(test)]
mod tests {
    use super::*;


    fn deployment(v: Value) -> crate::Slot {
        crate::Obj::untyped(&v).root().clone()
    }

    fn complete(replicas: i64, strategy: Value) -> crate::Slot {
        deployment(json!({
            "spec": {"replicas": replicas, "strategy": strategy, "progressDeadlineSeconds": 600},
            "status": {"replicas": replicas, "updatedReplicas": replicas, "conditions": [{"type": "Progressing", "status": "True", "reason": "NewReplicaSetAvailable"}]},
        }))
    }

    /// `MinAvailable` (`deployment_util.go`) with the default 25 % / 25 %: 2 of 2, 3 of 3,
    /// 3 of 4, 8 of 10 (`ResolveFenceposts` rounds `maxUnavailable` down); a Recreate
    /// Deployment needs all; `maxUnavailable: 100%` none (no bound).
    #[test]
    fn a_completed_deployment_turns_available_at_min_available() {
        let rolling = json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}});
        for (replicas, limit) in [(2, 2), (3, 3), (4, 3), (10, 8)] {
            assert_eq!(ready_limit(&complete(replicas, rolling.clone())), Some(limit), "{replicas} replicas");
        }
        assert_eq!(ready_limit(&complete(3, json!({"type": "Recreate"}))), Some(3));
        assert_eq!(ready_limit(&complete(3, json!({"type": "RollingUpdate", "rollingUpdate": {"maxSurge": 1, "maxUnavailable": "100%"}}))), None);
    }

    /// A rollout not completed moves its `Progressing` condition whenever more pods are ready
    /// (`DeploymentProgressing`): one ready pod is enough; without a deadline there is no
    /// such condition.
    #[test]
    fn a_rollout_under_way_changes_at_the_first_ready_pod() {
        let under_way = json!({
            "spec": {"replicas": 3, "progressDeadlineSeconds": 600, "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}}},
            "status": {"replicas": 3, "updatedReplicas": 3, "conditions": [{"type": "Progressing", "status": "True", "reason": "ReplicaSetUpdated"}]},
        });
        assert_eq!(ready_limit(&deployment(under_way.clone())), Some(1));
        let mut no_deadline = under_way;
        no_deadline["spec"].as_object_mut().map(|s| s.remove("progressDeadlineSeconds"));
        assert_eq!(ready_limit(&deployment(no_deadline)), Some(3));
    }

    #[test]
    fn the_first_overlap_is_where_enough_intervals_hold() {
        let t = |s: u64| Time(s * 1000);
        let intervals = [(t(10), t(20)), (t(15), t(30)), (t(25), t(40)), (t(28), t(29))];
        assert_eq!(first_overlap(intervals.iter(), 1), Some(t(10)));
        assert_eq!(first_overlap(intervals.iter(), 2), Some(t(15)));
        assert_eq!(first_overlap(intervals.iter(), 3), Some(t(28)));
        assert_eq!(first_overlap(intervals.iter(), 4), None);
        // An interval ends before the next begins at the same moment.
        assert_eq!(first_overlap([(t(1), t(2)), (t(2), t(3))].iter(), 2), None);
    }
}

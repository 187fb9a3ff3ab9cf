//! Syncs that fail on their image and repeat themselves (`quiet.rs`).
//!
//! A pod whose image cannot be pulled is synced every 10–15 s for as long as it exists
//! (`pod_workers.go`: `backOffPeriod` 10 s, jittered by half). Between two pull attempts (up to
//! 5 minutes apart in `ImagePullBackOff`) each sync does the same: `EnsureImageExists` answers
//! from the back-off, the kubelet records `BackOff` and `Failed` events — which the spam
//! filter drops once the pod's 25-event burst is spent, while their counts still grow — and
//! the status it computes is the one already sent. The same holds for an image that never
//! parses (`InvalidImageName`) or is absent with `imagePullPolicy: Never`.
//!
//! Such a sync is observed, not predicted: from its start to `completeWork` the worker watches
//! what it did (`SyncWatch`). A sync that failed only on images, wrote nothing, queued nothing
//! but its own steps, drew nothing from the RNG, ended at the instant it began and had all its
//! events dropped marks the worker `Repeating` with the pod's epoch. While the epoch holds,
//! the next syncs would do the same until the first of: a pull back-off ends, an event's spam
//! bucket refills a token. A quiet stretch up to there replays the skipped syncs cheaply —
//! their events are recorded (counts and spam buckets move as they would), their jitter is
//! drawn — instead of running them reaction by reaction.

use super::{Cx, Kubelet};
use crate::record::{Involved, Note, Source};
use super::{PodWorker, SYNC_ERROR_BACKOFF_MS};
use crate::clock::Time;
use crate::registry::ImageRef;

/// What the worker saw of its current sync, from `SyncPod` to `completeWork`.
#[derive(Debug, Clone)]
pub struct SyncWatch {
    started: Time,
    revision: u64,
    /// The engine's task sequence at the start, and the tasks the sync queued for itself.
    seq: u64,
    own_tasks: u64,
    rng: crate::rng::Rng,
    /// Failures, and those of them that were an image's.
    failures: u32,
    image_failures: u32,
    /// The events the sync recorded, all dropped by the spam filter.
    notes: Vec<DroppedNote>,
    /// The images waited for: the pull back-off key and the reference, which must stay absent.
    images: Vec<(Option<String>, ImageRef)>,
    /// Something happened that a repeat would not do again.
    spoiled: bool,
}

/// An event a sync recorded that the spam filter dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DroppedNote {
    pub field_path: Option<String>,
    pub kind: String,
    pub reason: String,
    pub message: String,
}

/// A worker whose next syncs repeat its last one (while the pod's epoch is `epoch`).
#[derive(Debug, Clone)]
pub struct Repeating {
    epoch: u64,
    token: u64,
    notes: Vec<DroppedNote>,
    images: Vec<(Option<String>, ImageRef)>,
}

/// The reasons a container fails to start on its image alone (`images/types.go`).
fn image_reason(reason: &str) -> bool {
    matches!(reason, "ImagePullBackOff" | "InvalidImageName" | "ErrImageNeverPull")
}

impl PodWorker {
    /// The watch of the current sync, if it is still worth keeping.
    fn watching(&mut self) -> Option<&mut SyncWatch> {
        self.watch.as_mut().filter(|w| !w.spoiled)
    }
}

impl Kubelet {
    /// A pod worker's resync changes nothing: it already found the pod idle, nothing happened
    /// to the pod since (`epoch`: the pod's now), and no deadline of the pod's own is running.
    pub(crate) fn resync_steady(&self, v: &super::QuietView<'_>, epoch: u64, uid: &str, token: u64) -> bool {
        let Some(w) = self.workers.get(uid) else { return true };
        if w.token != token || w.terminated {
            return true;
        }
        if w.busy || w.pending || w.terminating || w.steady_epoch != Some(epoch) {
            return false;
        }
        v.pod_ref(&w.namespace, &w.name).is_some_and(|p| p["spec"]["activeDeadlineSeconds"].is_null())
    }

    /// Until when the sync `token` of a repeating worker would repeat its last one (None: it
    /// may act when it comes due); `epoch`: the pod's now.
    pub(crate) fn repeat_steady_until(&self, v: &super::QuietView<'_>, epoch: u64, uid: &str, token: u64) -> Option<Time> {
        let w = self.workers.get(uid)?;
        let r = w.repeating.as_ref()?;
        if r.token != token || w.token != token || w.busy || w.pending || w.terminating || r.epoch != epoch {
            return None;
        }
        let pod = v.pod_ref(&w.namespace, &w.name)?;
        if !pod["spec"]["activeDeadlineSeconds"].is_null() {
            return None;
        }
        let mut until = Time(u64::MAX);
        for (key, image) in &r.images {
            if v.machine.runtime.image_status(image).is_some() {
                return None;
            }
            if let Some(key) = key {
                until = until.min(self.image_backoff.ends_since_update(key, v.now)?);
            }
        }
        let source = Source { component: super::COMPONENT, host: Some(&self.node) };
        for note in &r.notes {
            let involved = Involved { kind: "Pod", api_version: "v1", object: pod, field_path: note.field_path.as_deref() };
            until = until.min(self.events.next_write_at(involved, &note.kind, source));
        }
        Some(until)
    }

    /// A quiet stretch passes over a repeating worker's syncs from `first` until before `to`:
    /// each records its events and draws its jitter, as it would have. Returns when the next
    /// sync comes due and how many were replayed.
    pub(crate) fn replay_syncs(&mut self, cx: &mut Cx<'_>, uid: &str, first: Time, to: Time) -> (Time, u64) {
        let Some(w) = self.workers.get(uid) else { return (first, 0) };
        let Some(r) = w.repeating.clone() else { return (first, 0) };
        let Some(pod) = cx.node().kubelet_pod(&self.node, &w.namespace, &w.name) else { return (first, 0) };
        let (mut at, mut count) = (first, 0);
        while at < to {
            for note in &r.notes {
                let n = Note { kind: &note.kind, reason: &note.reason, message: &note.message };
                let written = self.events.record(&self.node, &pod, note.field_path.as_deref(), n, at);
                debug_assert!(written.is_none(), "a replayed sync's event is dropped: {note:?} at {at:?}");
            }
            let jitter = cx.rng().below(SYNC_ERROR_BACKOFF_MS / 2 + 1);
            let next = self.next_tick(at.plus_millis(SYNC_ERROR_BACKOFF_MS + jitter));
            if let Some(w) = self.workers.get_mut(uid) {
                w.last_sync = Some(at);
            }
            at = next;
            count += 1;
        }
        (at, count)
    }
}

impl Kubelet {
    /// A sync begins: watch it (`Kubelet::sync`, before it queues its first step).
    pub(super) fn repeat_watch_start(&mut self, cx: &mut Cx<'_>, uid: &str, revision: u64, seq: u64) {
        let (now, rng) = (cx.now(), cx.rng().clone());
        if let Some(w) = self.workers.get_mut(uid).map(|w| &mut **w) {
            w.repeating = None;
            w.watch = Some(SyncWatch { started: now, revision, seq, own_tasks: 0, rng, failures: 0, image_failures: 0, notes: Vec::new(), images: Vec::new(), spoiled: false });
        }
    }

    /// The sync queued one of its own steps.
    pub(super) fn repeat_watch_own_task(&mut self, uid: &str) {
        if let Some(w) = self.workers.get_mut(uid).map(|w| &mut **w).and_then(PodWorker::watching) {
            w.own_tasks += 1;
        }
    }

    /// The sync recorded an event: written (a repeat would not be the same) or dropped.
    pub(super) fn repeat_watch_event(&mut self, uid: &str, field_path: Option<&str>, note: Note<'_>, written: bool) {
        if let Some(w) = self.workers.get_mut(uid).map(|w| &mut **w).and_then(PodWorker::watching) {
            if written {
                w.spoiled = true;
            } else {
                w.notes.push(DroppedNote { field_path: field_path.map(str::to_string), kind: note.kind.into(), reason: note.reason.into(), message: note.message.into() });
            }
        }
    }

    /// The sync failed (`kubelet_fail`: None), or a container's start failed for `reason`
    /// (which also fails the sync): a failure on an image is one a repeat makes again.
    pub(super) fn repeat_watch_failure(&mut self, uid: &str, reason: Option<&str>) {
        if let Some(w) = self.workers.get_mut(uid).map(|w| &mut **w).and_then(PodWorker::watching) {
            match reason {
                None => w.failures += 1,
                Some(r) if image_reason(r) => w.image_failures += 1,
                Some(_) => {}
            }
        }
    }

    /// The sync waits for an image that is not on the node (`backoff_key`: its pull back-off).
    pub(super) fn repeat_watch_image(&mut self, uid: &str, backoff_key: Option<&str>, image: &ImageRef) {
        if let Some(w) = self.workers.get_mut(uid).map(|w| &mut **w).and_then(PodWorker::watching) {
            w.images.push((backoff_key.map(str::to_string), image.clone()));
        }
    }

    /// `completeWork` of a failed sync, before its jitter is drawn: does the next sync repeat
    /// this one? `token` is the one the next sync will carry.
    pub(super) fn repeat_watch_end(&mut self, cx: &mut Cx<'_>, uid: &str, token: u64) {
        let (now, revision, seq) = (cx.now(), cx.node().revision(), cx.node().next_seq());
        let epoch = cx.node().pod_epoch(&self.node, uid);
        let rng = cx.rng().clone();
        let Some(w) = self.workers.get_mut(uid).map(|w| &mut **w) else { return };
        let Some(watch) = w.watch.take() else { return };
        let repeats = !watch.spoiled
            && w.failed
            && w.backoff_until.is_none()
            && !w.pending
            && watch.failures > 0
            && watch.failures == watch.image_failures
            && watch.started == now
            && watch.revision == revision
            && watch.seq + watch.own_tasks == seq
            && watch.rng == rng;
        w.repeating = repeats.then_some(Repeating { epoch, token, notes: watch.notes, images: watch.images });
    }
}

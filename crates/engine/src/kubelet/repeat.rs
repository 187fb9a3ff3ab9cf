//! Syncs that fail on their image or their configuration and repeat themselves (`quiet.rs`).
//!
//! A pod whose image cannot be pulled is synced every 10–15 s for as long as it exists
//! (`pod_workers.go`: `backOffPeriod` 10 s, jittered by half). Between two pull attempts (up to
//! 5 minutes apart in `ImagePullBackOff`) each sync does the same: `EnsureImageExists` answers
//! from the back-off, the kubelet records `BackOff` and `Failed` events — which the spam
//! filter drops once the pod's 25-event burst is spent, while their counts still grow — and
//! the status it computes is the one already sent. The same holds for an image that never
//! parses (`InvalidImageName`) or is absent with `imagePullPolicy: Never`, and for a container
//! whose environment names a ConfigMap, Secret or key that does not exist
//! (`CreateContainerConfigError`): each sync GETs the same objects, finds the same one
//! missing, and records the same `Failed` event.
//!
//! A container waiting out a crash-loop back-off is synced at most a minute apart until the
//! back-off ends: until then each sync records the same `BackOff` event and nothing else.
//!
//! Such a sync is observed, not predicted: from its start to `completeWork` the worker watches
//! what it did (`SyncWatch`). A sync that failed only for such reasons, wrote nothing, queued
//! nothing but its own steps, drew nothing from the RNG, ended at the instant it began and had all its
//! events dropped marks the worker `Repeating` with the pod's epoch. While the epoch holds,
//! the next syncs would do the same until the first of: a pull or crash back-off ends, an
//! object the sync read changes, an event's spam bucket refills a token. A quiet stretch up to there replays the skipped syncs cheaply —
//! their events are recorded (counts and spam buckets move as they would), their jitter is
//! drawn — instead of running them reaction by reaction.

use super::{Cx, Kubelet};
use crate::record::{Involved, Note, Source};
use super::PodWorker;
use crate::clock::Time;
use crate::registry::ImageRef;
use crate::store::ObjectKey;

/// What the worker saw of its current sync, from `SyncPod` to `completeWork`.
#[derive(Debug, Clone)]
pub struct SyncWatch {
    started: Time,
    revision: u64,
    /// The engine's task sequence at the start, and the tasks the sync queued for itself.
    seq: u64,
    own_tasks: u64,
    rng: crate::rng::Rng,
    /// Failures, and those of them for a reason a repeat meets again (`repeating_reason`).
    failures: u32,
    repeating_failures: u32,
    /// The events the sync recorded, all dropped by the spam filter.
    notes: Vec<DroppedNote>,
    /// The images waited for: the pull back-off key and the reference, which must stay absent.
    images: Vec<(Option<String>, ImageRef)>,
    /// The objects the sync read, with the `resourceVersion` each had (None: absent).
    reads: Vec<Read>,
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

/// An object a sync read through the API, as it found it: a repeat reads the same only while
/// the object is unchanged (a controller may write it without moving the pod's epoch, as the
/// token controller fills a Secret's `token`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Read {
    pub key: ObjectKey,
    pub resource_version: Option<String>,
}

/// A worker whose next syncs repeat its last one (while the pod's epoch is `epoch`).
#[derive(Debug, Clone)]
pub struct Repeating {
    epoch: u64,
    token: u64,
    notes: Vec<DroppedNote>,
    images: Vec<(Option<String>, ImageRef)>,
    reads: Vec<Read>,
    /// A crash-loop back-off's end: the sync due then starts the container.
    backoff_until: Option<Time>,
}

impl Repeating {
    /// The same repeat, its back-off ending `ms` later (restarts replayed, `restarts.rs`).
    pub(super) fn shift(&mut self, ms: u64) {
        self.backoff_until = self.backoff_until.map(|t| t.plus_millis(ms));
    }
}

/// The reasons a container fails to start that a repeat meets again while nothing it reads
/// changes: its image alone (`images/types.go`), its configuration
/// (`kuberuntime_container.go`'s `ErrCreateContainerConfig`), or a crash-loop back-off that
/// has not ended (`kuberuntime_manager.go`'s `doBackOff`).
fn repeating_reason(reason: &str) -> bool {
    matches!(reason, "ImagePullBackOff" | "InvalidImageName" | "ErrImageNeverPull" | "CreateContainerConfigError" | "CrashLoopBackOff")
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
        if r.reads.iter().any(|read| v.store.resource_version(&read.key) != read.resource_version) {
            return None;
        }
        let mut until = r.backoff_until.unwrap_or(Time(u64::MAX));
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
            // `completeWork`, as the sync would have run it at `at`.
            let base = super::requeue_base_ms(true, r.backoff_until, at);
            let jitter = cx.rng().below(base / 2 + 1);
            let next = self.next_tick(at.plus_millis(base + jitter));
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
            w.watch = Some(SyncWatch { started: now, revision, seq, own_tasks: 0, rng, failures: 0, repeating_failures: 0, notes: Vec::new(), images: Vec::new(), reads: Vec::new(), spoiled: false });
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
                Some(r) if repeating_reason(r) => w.repeating_failures += 1,
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

    /// The sync read `key` through the API and found this `resourceVersion` (None: not found;
    /// Err: any other answer, which a repeat may not meet again).
    pub(super) fn repeat_watch_read(&mut self, uid: &str, key: ObjectKey, found: Result<Option<String>, ()>) {
        if let Some(w) = self.workers.get_mut(uid).map(|w| &mut **w).and_then(PodWorker::watching) {
            match found {
                Ok(resource_version) => w.reads.push(Read { key, resource_version }),
                Err(()) => w.spoiled = true,
            }
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
        // (A sync's `backoff_until` is set only by a crash-loop back-off, which is a repeating
        // failure: it needs no check of its own.)
        let repeats = !watch.spoiled
            && w.failed
            && !w.pending
            && watch.failures > 0
            && watch.failures == watch.repeating_failures
            && watch.started == now
            && watch.revision == revision
            && watch.seq + watch.own_tasks == seq
            && watch.rng == rng;
        w.repeating = repeats.then_some(Repeating { epoch, token, notes: watch.notes, images: watch.images, reads: watch.reads, backoff_until: w.backoff_until });
    }
}

#[cfg(test)]
mod tests {
    use crate::{Action, Engine, Request, Verb};
    use podlife_model::ResourceType;

    fn container_state(e: &Engine) -> serde_json::Value {
        let key = crate::store::ObjectKey::new(ResourceType::resolve("pods").expect("served"), Some("default"), "app");
        e.store().get(&key).expect("pod")["status"]["containerStatuses"][0]["state"].to_value()
    }

    /// A pod whose environment names a ConfigMap that does not exist fails every sync the same
    /// way; quiet stretches replay those syncs. The ConfigMap written by anyone — here straight
    /// into etcd, as a controller's write that moves no epoch of the pod — ends the repeat: the
    /// next sync reads it and starts the container.
    #[test]
    fn a_missing_config_map_repeats_until_it_is_written() {
        let mut e = Engine::with_default_cluster(3);
        let mut req = Request::new(Verb::Create, ResourceType::resolve("pods").expect("served"));
        req.namespace = Some("default".into());
        req.body = Some(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "app"},
            "spec": {"containers": [{"name": "c", "image": "busybox:1.36", "command": ["sleep", "3600"],
                "env": [{"name": "MODE", "valueFrom": {"configMapKeyRef": {"name": "cfg", "key": "mode"}}}]}]}}));
        e.request(req).expect("created");
        let until = e.now().plus_millis(30 * 60_000);
        e.run_until(until).expect("runs");
        assert_eq!(container_state(&e)["waiting"]["reason"], "CreateContainerConfigError");
        let replayed: u64 = e.trace().iter().filter(|t| t.action == Action::QuietSkip).filter_map(|t| t.params.get("repeatedSyncs").and_then(|v| v.as_u64())).sum();
        assert!(replayed > 50, "the failing syncs were not replayed: {replayed}");
        let key = crate::store::ObjectKey::new(ResourceType::resolve("configmaps").expect("served"), Some("default"), "cfg");
        e.store.put(key, json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "cfg", "namespace": "default", "uid": "cfg-uid"}, "data": {"mode": "fast"}}));
        let until = e.now().plus_millis(20_000);
        e.run_until(until).expect("runs");
        assert!(container_state(&e)["running"].is_object(), "{}", container_state(&e));
    }
}

//! HPA syncs that repeat themselves (`quiet.rs`).
//!
//! Every HorizontalPodAutoscaler is synced every 15 s for as long as it exists. Once its
//! target, its pods and their metrics hold still, each sync does the same: it reads the same
//! scale and the same usage, computes the same recommendation, finds the status it would
//! write already written, and records the same warnings (which the spam filter drops once
//! the HPA's 25-event burst is spent, while their counts still grow). A week of that is
//! 40,000 syncs, and an HPA kept every quiet stretch from skipping.
//!
//! Such a sync is observed, not predicted, as the kubelet's repeating syncs are
//! (`kubelet/repeat.rs`): from its start to its requeue the controller watches what it did
//! (`SyncWatch`). A sync that wrote nothing, drew nothing from the RNG, queued nothing but its
//! own requeue, had all its events dropped, and whose recommendation equals every one in its
//! stabilization window marks the HPA `Repeat`. While the HPA, its target, the pods it counted
//! and the usage it read stay as they were, the next syncs would do the same until the first
//! of: a counted pod leaves its CPU initialization period, an event's spam bucket refills a
//! token. A quiet stretch up to there replays them — their events are recorded and their
//! recommendations remembered at the moments they would have run — instead of running them.

use std::sync::Arc;

use super::{HpaController, Key, SA, SYNC_PERIOD_MS};
use crate::clock::Time;
use crate::metrics_server::{MetricsApi, PodUsage};
use crate::record::{Involved, Note, Source};
use crate::store::ObjectKey;

/// What the controller saw of its current sync, from its start to its requeue.
#[derive(Debug, Clone)]
pub(crate) struct SyncWatch {
    started: Time,
    revision: u64,
    seq: u64,
    rng: crate::rng::Rng,
    /// The events the sync recorded, all dropped by the spam filter.
    notes: Vec<DroppedNote>,
    /// The target's scale as read: its object's key and `resourceVersion` (None: not found).
    target: Option<(ObjectKey, Option<String>)>,
    /// The pods the selector matched in the informer's cache, in order.
    pods: Vec<Arc<crate::Obj>>,
    /// Where the metrics API stood, and what it answered for the matched pods.
    metrics: Option<MetricsRead>,
    /// The recommendation the sync remembered (`normalize`).
    recommended: Option<i64>,
    /// The first moment a counted pod's grouping changes with the clock alone.
    regroups_at: Option<Time>,
    /// Something happened that a repeat would not do again.
    spoiled: bool,
}

/// An event a sync recorded that the spam filter dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DroppedNote {
    kind: String,
    reason: String,
    message: String,
}

/// What a sync read of the metrics API.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum MetricsRead {
    /// Not registered, or answering 503.
    Failed(MetricsApi),
    /// Serving: the matched pods' usage at the last scrape.
    Served(Vec<PodUsage>),
}

/// An HPA whose next syncs repeat its last one.
#[derive(Debug, Clone)]
pub(crate) struct Repeat {
    hpa: Arc<crate::Obj>,
    notes: Vec<DroppedNote>,
    target: Option<(ObjectKey, Option<String>)>,
    selector: Option<crate::labels::Selector>,
    pods: Vec<Arc<crate::Obj>>,
    metrics: Option<MetricsRead>,
    recommended: Option<i64>,
    regroups_at: Option<Time>,
}

/// What the engine answers a repeat's questions with (`quiet.rs`): the state the sync's
/// reads would find now.
pub(crate) struct Now<'a> {
    pub cache: &'a crate::components::Cache,
    pub store: &'a crate::store::Store,
    pub metrics_api: MetricsApi,
    /// The matched pods' usage at the last scrape, if every scrape from then on gives the
    /// same (`Engine::pod_usage_holds`).
    pub usage_holds: &'a dyn Fn(Time, &str, &[Arc<crate::Obj>]) -> Option<Vec<PodUsage>>,
}

/// The usage of the pods a sync counted, as it read it (`resource_metric` finds them by name).
pub(crate) fn matched(usage: Vec<PodUsage>, pods: &[Arc<crate::Obj>]) -> Vec<PodUsage> {
    usage.into_iter().filter(|u| pods.iter().any(|p| p["metadata"]["name"] == u.name.as_str())).collect()
}

impl HpaController {
    /// A sync begins: watch it.
    pub(super) fn watch_start(&mut self, now: Time, revision: u64, seq: u64, rng: crate::rng::Rng) {
        self.watch = Some(SyncWatch { started: now, revision, seq, rng, notes: Vec::new(), target: None, pods: Vec::new(), metrics: None, recommended: None, regroups_at: None, spoiled: false });
    }

    fn watching(&mut self) -> Option<&mut SyncWatch> {
        self.watch.as_mut().filter(|w| !w.spoiled)
    }

    /// The sync recorded an event: written (a repeat would not be the same) or dropped.
    pub(super) fn watch_event(&mut self, kind: &str, reason: &str, message: &str, written: bool) {
        if let Some(w) = self.watching() {
            if written {
                w.spoiled = true;
            } else {
                w.notes.push(DroppedNote { kind: kind.into(), reason: reason.into(), message: message.into() });
            }
        }
    }

    /// The sync read the target's scale: found with this `resourceVersion`, not found (None),
    /// or any other answer (`Err`), which a repeat may not meet again.
    pub(super) fn watch_target(&mut self, key: ObjectKey, found: Result<Option<String>, ()>) {
        if let Some(w) = self.watching() {
            match found {
                Ok(rv) => w.target = Some((key, rv)),
                Err(()) => w.spoiled = true,
            }
        }
    }

    /// The sync counted these pods; their grouping changes with the clock at `regroups_at`.
    pub(super) fn watch_pods(&mut self, pods: &[Arc<crate::Obj>], regroups_at: Option<Time>) {
        if let Some(w) = self.watching() {
            w.pods = pods.to_vec();
            w.regroups_at = regroups_at;
        }
    }

    /// The sync read the metrics API (the first read: every metric of one sync reads the same).
    pub(super) fn watch_metrics(&mut self, read: impl FnOnce() -> MetricsRead) {
        if let Some(w) = self.watching()
            && w.metrics.is_none()
        {
            w.metrics = Some(read());
        }
    }

    pub(super) fn watch_recommended(&mut self, desired: i64) {
        if let Some(w) = self.watching() {
            w.recommended = Some(desired);
        }
    }

    /// The sync did something a repeat would not (a write, a rescale).
    pub(super) fn watch_spoil(&mut self) {
        if let Some(w) = self.watching() {
            w.spoiled = true;
        }
    }

    /// The sync ended and requeued its key: does the next one repeat it?
    pub(super) fn watch_end(&mut self, key: &Key, hpa: Arc<crate::Obj>, selector: Option<crate::labels::Selector>, now: Time, revision: u64, seq: u64, rng: &crate::rng::Rng) {
        self.repeating.remove(key);
        let Some(w) = self.watch.take() else { return };
        // Every recommendation in the window is this one, so remembering more of it (and
        // forgetting the oldest) changes no stabilized count.
        let stable = w.recommended.is_none_or(|d| self.recommendations.get(key).is_none_or(|recs| recs.iter().all(|(r, _)| *r == d)));
        // The sync queued its requeue alone (`seq + 1`), wrote nothing, drew nothing.
        let repeats = !w.spoiled && stable && w.started == now && w.revision == revision && w.seq + 1 == seq && w.rng == *rng;
        if repeats {
            let repeat = Repeat { hpa, notes: w.notes, target: w.target, selector, pods: w.pods, metrics: w.metrics, recommended: w.recommended, regroups_at: w.regroups_at };
            self.repeating.insert(key.clone(), repeat);
        }
    }

    /// Something outside the controller's view changed (a command: RBAC, a flag, a node):
    /// no sync is known to repeat until it has run again.
    pub(crate) fn forget_repeats(&mut self) {
        self.repeating.clear();
    }

    /// Until when the sync of `key` due next would repeat the last one (None: it may act).
    pub(crate) fn steady_until(&self, key: &Key, v: &Now<'_>) -> Option<Time> {
        let r = self.repeating.get(key)?;
        let okey = ObjectKey { group: "autoscaling", resource: "horizontalpodautoscalers", namespace: key.0.clone(), name: key.1.clone() };
        if !v.cache.get(&okey).is_some_and(|h| Arc::ptr_eq(h, &r.hpa)) {
            return None;
        }
        if let Some((target, rv)) = &r.target
            && v.store.resource_version(target) != *rv
        {
            return None;
        }
        if let Some(selector) = &r.selector {
            let pods: Vec<&Arc<crate::Obj>> = crate::components::cached_in(v.cache, "", "pods", &key.0).filter(|(_, p)| selector.matches(&p["metadata"]["labels"])).map(|(_, p)| p).collect();
            if pods.len() != r.pods.len() || !pods.iter().zip(&r.pods).all(|(a, b)| Arc::ptr_eq(a, b)) {
                return None;
            }
        }
        match (&r.metrics, v.metrics_api) {
            (None, _) => {}
            (Some(MetricsRead::Failed(api)), now) if *api == now => {}
            (Some(MetricsRead::Served(usage)), MetricsApi::Serving { last }) if (v.usage_holds)(last, &key.0, &r.pods).as_ref() == Some(usage) => {}
            _ => return None,
        }
        let mut until = r.regroups_at.unwrap_or(Time(u64::MAX));
        let source = Source { component: SA, host: None };
        for note in &r.notes {
            let involved = Involved { kind: "HorizontalPodAutoscaler", api_version: "autoscaling/v2", object: &r.hpa, field_path: None };
            until = until.min(self.recorder.next_write_at(involved, &note.kind, source));
        }
        Some(until)
    }

    /// A quiet stretch passes over the syncs of `key` from `first` until before `to`: each
    /// records its events and remembers its recommendation, as it would have. Returns when
    /// the next sync comes due and how many were replayed.
    pub(crate) fn replay(&mut self, key: &Key, first: Time, to: Time) -> (Time, u64) {
        let Some(r) = self.repeating.get(key).cloned() else { return (first, 0) };
        let (mut at, mut count) = (first, 0);
        let source = Source { component: SA, host: None };
        while at < to {
            for note in &r.notes {
                let involved = Involved { kind: "HorizontalPodAutoscaler", api_version: "autoscaling/v2", object: &r.hpa, field_path: None };
                let written = self.recorder.record_about(involved, Note { kind: &note.kind, reason: &note.reason, message: &note.message }, source, at);
                debug_assert!(written.is_none(), "a replayed sync's event is dropped: {note:?} at {at:?}");
            }
            if let Some(d) = r.recommended {
                let behavior = r.hpa["spec"]["behavior"].to_value();
                super::remember(self.recommendations.entry(key.clone()).or_default(), d, at, &behavior);
            }
            at = at.plus_millis(SYNC_PERIOD_MS);
            count += 1;
        }
        (at, count)
    }
}

//! kube-controller-manager's Job controller (upstream `pkg/controller/job/job_controller.go`,
//! `backoff_utils.go`, `indexed_job_utils.go`, `pod_failure_policy.go`), the
//! TTL-after-finished controller (`pkg/controller/ttlafterfinished`) and, in `cronjob.rs`, the
//! CronJob controller. Unlike the stateless reconcilers of this module, these keep what
//! upstream keeps in memory: a work queue with delays (`AddAfter`, the 1-second batching of pod
//! events), pod-creation expectations, the expected finalizer removals and the pod-failure
//! back-off records. Their requests are answered (the generated pod name goes into the
//! `SuccessfulCreate` event, a failed create lowers the expectations), so they are sent through
//! their own task rather than as plain `Write`s.
//!
//! Modelled as in 1.36: pods from the template with `generateName` and the tracking finalizer;
//! counting through `status.uncountedTerminatedPods` and finalizer removal; `completions`,
//! `parallelism`, `backoffLimit` (failed pods, or container restarts under `OnFailure`), the
//! pod-failure back-off (10 s doubling up to 10 min — `MaxJobPodFailureBackOff` is 10 minutes in
//! the code, whatever older docs say), `activeDeadlineSeconds`, `suspend`, Indexed completion
//! (`completedIndexes`, the index annotation and label, hostname, `JOB_COMPLETION_INDEX`),
//! `podFailurePolicy` (FailJob / Ignore / Count on exit codes and pod conditions),
//! `podReplacementPolicy`, the interim `FailureTarget` / `SuccessCriteriaMet` conditions then
//! `Failed` / `Complete` once no pod is terminating, and the events. For Indexed Jobs also
//! `successPolicy` (`success_policy.go`: rules of `succeededIndexes` / `succeededCount`, reason
//! `SuccessPolicy`, the remaining pods deleted) and `backoffLimitPerIndex` with
//! `maxFailedIndexes` (`indexed_job_utils.go`: `status.failedIndexes`, the index failure-count
//! annotations, a failed pod kept until its index's replacement exists, the back-off per index,
//! the `FailIndex` action, reasons `FailedIndexes` / `MaxFailedIndexesExceeded`); both are GA
//! and on in 1.36.
//!
//! Not modelled: `managedBy`, adoption of orphan pods matching a Job's selector.

use crate::Slot;
use podlife_model::obj::JsonRead;
use crate::components::AsSlot;
use crate::vecmap::{VecMap, VecSet};
use std::sync::Arc;

use serde_json::Value;

use super::controller_of;
use crate::apiserver::batch_validation::parse_intervals;
use crate::apiserver::{Request, Verb};
use crate::clock::Time;
use crate::store::{EventType, ObjectKey, WatchEvent};
use super::manager::Shared;
use super::workloads::{Cx, Timer, WorkloadControllers};

pub const SA: &str = "job-controller";
pub const TTL_SA: &str = "ttl-after-finished-controller";
pub const TRACKING_FINALIZER: &str = "batch.kubernetes.io/job-tracking";
pub const INDEX_ANNOTATION: &str = "batch.kubernetes.io/job-completion-index";
const FAILURE_COUNT: &str = "batch.kubernetes.io/job-index-failure-count";
const IGNORED_FAILURE_COUNT: &str = "batch.kubernetes.io/job-index-ignored-failure-count";
/// `syncJobBatchPeriod`.
const SYNC_BATCH_MS: u64 = 1_000;
/// `MaxPodCreateDeletePerSync`: one sync creates or deletes at most this many pods; the
/// next sync (once the expectations are met) goes on.
const MAX_POD_CREATE_DELETE_PER_SYNC: usize = 500;
/// `DefaultJobApiBackOff` / `MaxJobApiBackOff`: the Job work queue's rate limiter, for a sync
/// that returned an error.
const API_BACKOFF_MS: u64 = 1_000;
const MAX_API_BACKOFF_MS: u64 = 60_000;
/// `DefaultJobPodFailureBackOff` / `MaxJobPodFailureBackOff`.
pub const POD_FAILURE_BACKOFF_MS: u64 = 10_000;
pub const MAX_POD_FAILURE_BACKOFF_MS: u64 = 600_000;

/// Which of the batch controllers a queued key belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ctl {
    Job,
    CronJob,
    Ttl,
}

impl Ctl {
    fn service_account(self) -> &'static str {
        match self {
            Ctl::Job => SA,
            Ctl::CronJob => super::cronjob::SA,
            Ctl::Ttl => TTL_SA,
        }
    }
}

/// What a sent request's success is reported as: an event about an object.
#[derive(Debug, Clone)]
pub struct Note {
    pub kind: &'static str,
    pub api_version: &'static str,
    pub object: Arc<crate::Obj>,
    pub warning: bool,
    pub reason: &'static str,
    /// `{}` is replaced by the created object's name.
    pub message: String,
}

#[derive(Debug, Clone)]
// Boxed as a whole in `Task::Batch`.
#[allow(clippy::large_enum_variant)]
pub enum BatchTask {
    /// A key's turn in a controller's work queue.
    Sync { ctl: Ctl, key: String, at: Time },
    /// One request of a sync, with the event it reports on success (or on failure, for
    /// `failure`), and whether it is one of the creations the Job expects.
    Send { ctl: Ctl, key: String, request: Box<Request>, success: Option<Note>, failure: Option<Note>, expected_create: bool, slow_start: Option<super::SlowStart> },
}

/// A pod-failure back-off record (`backoffRecord`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BackoffRecord {
    pub failures_after_last_success: u32,
    pub last_failure: Option<Time>,
}

/// The batch controllers' memory.
#[derive(Debug, Clone, Default)]
pub struct BatchState {
    /// Each queued key and when it is due (the earliest `AddAfter` wins).
    queue: VecMap<(Ctl, String), Time>,
    /// Pod creations and deletions each Job waits to observe.
    expectations: VecMap<String, (i64, i64)>,
    /// Pod uids whose finalizer removal each Job waits to observe.
    finalizers: VecMap<String, VecSet<String>>,
    backoff: VecMap<String, BackoffRecord>,
    /// Syncs that returned an error, per Job (`AddRateLimited` with the API back-off).
    api_failures: VecMap<String, u32>,
    /// The resourceVersion of each controller's last status write: a sync waits until its
    /// informer has caught up with it (upstream's write would fail with a conflict and be
    /// retried; here the stale sync is simply not run).
    written: VecMap<(Ctl, String), u64>,
    pub(crate) recorder: crate::record::Recorder,
    /// What each CronJob's last sync read of its Jobs (`job_facts.rs`).
    pub(crate) cronjob_jobs: VecMap<String, Box<super::job_facts::Memo>>,
}

impl BatchState {
    /// A restarted kube-controller-manager: queues, expectations and back-off records are gone.
    pub fn reset(&mut self) {
        *self = BatchState::default();
    }
}

/// `getRemainingTimeForFailuresCount`: 10 s after the first failure, doubling, capped.
pub fn remaining_backoff_ms(record: &BackoffRecord, now: Time, default_ms: u64, max_ms: u64) -> u64 {
    let Some(last) = record.last_failure else { return 0 };
    if record.failures_after_last_success == 0 {
        return 0;
    }
    let mut backoff = default_ms;
    for _ in 1..record.failures_after_last_success {
        backoff = backoff.saturating_mul(2);
        if backoff >= max_ms {
            backoff = max_ms;
            break;
        }
    }
    let elapsed = now.millis().saturating_sub(last.millis());
    backoff.saturating_sub(elapsed)
}

fn s<J: JsonRead>(v: &J) -> &str {
    v.as_str().unwrap_or_default()
}

pub(crate) fn key_of(v: &Slot) -> String {
    format!("{}/{}", s(&v["metadata"]["namespace"]), s(&v["metadata"]["name"]))
}

fn split_key(key: &str) -> (&str, &str) {
    key.split_once('/').unwrap_or(("", key))
}

/// A create from a controller's client: the name is the body's (or generated), not in the path.
pub(crate) fn create_request(sa: &str, plural: &str, ns: &str, body: Value) -> Option<Request> {
    let mut r = super::controller_request(sa, Verb::Create, plural, Some(ns), "", body)?;
    r.name = None;
    Some(r)
}

pub(crate) fn get<'a>(cache: &'a crate::components::Cache, group: &'static str, resource: &'static str, ns: &str, name: &str) -> Option<&'a Arc<crate::Obj>> {
    cache.get(&ObjectKey { group, resource, namespace: ns.into(), name: name.into() })
}

pub(crate) fn list_ns<'a>(cache: &'a crate::components::Cache, group: &'static str, resource: &'static str, ns: &'a str) -> impl Iterator<Item = &'a Arc<crate::Obj>> + 'a {
    crate::components::cached_in(cache, group, resource, ns).map(|(_, v)| v)
}


pub(crate) fn condition_true<J: JsonRead>(obj: &J, kind: &str) -> bool {
    obj["status"]["conditions"].as_array().into_iter().flatten().any(|c| c["type"] == kind && c["status"] == "True")
}

/// `util.IsJobFinished`.
pub fn is_finished(job: &Slot) -> bool {
    condition_true(job, "Complete") || condition_true(job, "Failed")
}

fn has_finalizer(pod: &Slot) -> bool {
    pod["metadata"]["finalizers"].as_array().into_iter().flatten().any(|f| f == TRACKING_FINALIZER)
}

fn deleting<J: JsonRead>(obj: &J) -> bool {
    obj["metadata"]["deletionTimestamp"].is_string()
}

fn phase(pod: &Slot) -> &str {
    s(&pod["status"]["phase"])
}

fn uid(obj: &Slot) -> &str {
    s(&obj["metadata"]["uid"])
}

fn is_indexed<J: JsonRead>(job: &J) -> bool {
    job["spec"]["completionMode"] == "Indexed"
}

fn completion_index(pod: &Slot) -> Option<i64> {
    let text = pod["metadata"]["annotations"][INDEX_ANNOTATION].as_str()?;
    let n: i64 = text.parse().ok()?;
    (n >= 0).then_some(n)
}

fn only_replace_failed<J: JsonRead>(job: &J) -> bool {
    job["spec"]["podReplacementPolicy"] == "Failed" || !job["spec"]["podFailurePolicy"].is_null()
}

/// `hasBackoffLimitPerIndex`: the limit.
fn backoff_limit_per_index<J: JsonRead>(job: &J) -> Option<i64> {
    job["spec"]["backoffLimitPerIndex"].as_i64()
}

/// `parseIndexFailureCountAnnotation` / `…IgnoreCount…`: 0 when absent or not an int32.
fn failure_count(pod: &Slot, key: &str) -> i64 {
    pod["metadata"]["annotations"][key].as_str().and_then(|v| v.parse::<i64>().ok()).filter(|n| (0..=i32::MAX as i64).contains(n)).unwrap_or(0)
}

/// `isIndexFailed`: the pod's failure used up its index's back-off (or matched `FailIndex`).
fn index_failed<J: JsonRead>(job: &J, pod: &Slot, limit: i64) -> bool {
    if !pod_failed(pod, job) {
        return false;
    }
    let counted = if job["spec"]["podFailurePolicy"].is_null() {
        true
    } else {
        let (_, counted, action) = match_pod_failure_policy(job, pod);
        if action == Some("FailIndex") {
            return true;
        }
        counted
    };
    counted && failure_count(pod, FAILURE_COUNT) >= limit
}

/// `getPodsWithDelayedDeletionPerIndex`: for each index still to be retried, its latest failed
/// pod, kept (finalizer and all) until the replacement carries its failure count.
fn delayed_deletions<'a, J: JsonRead>(job: &J, pods: &'a [Arc<crate::Obj>], valid: impl Fn(&Slot) -> bool, done: &VecSet<i64>, active: &VecSet<i64>) -> Vec<(i64, &'a Slot)> {
    let mut out: Vec<(i64, &Slot)> = Vec::new();
    for p in pods.iter().map(|p| &**p).filter(|p| valid(p) && pod_failed(p, job)) {
        let Some(ix) = completion_index(p) else { continue };
        if done.contains(&ix) || active.contains(&ix) {
            continue;
        }
        let absolute = |p: &Slot| failure_count(p, FAILURE_COUNT) + failure_count(p, IGNORED_FAILURE_COUNT);
        match out.iter_mut().find(|(i, _)| *i == ix) {
            Some(slot) => {
                if absolute(slot.1) <= absolute(p) && finished_time(p) >= finished_time(slot.1) {
                    slot.1 = p;
                }
            }
            None => out.push((ix, p)),
        }
    }
    out
}

/// `matchSuccessPolicy`: the message of the first rule the succeeded indexes satisfy.
fn match_success_policy<J: JsonRead>(job: &J, completions: i64, succeeded: &VecSet<i64>) -> Option<String> {
    if succeeded.is_empty() {
        return None;
    }
    for (index, rule) in job["spec"]["successPolicy"]["rules"].as_array()?.iter().enumerate() {
        let count = rule["succeededCount"].as_i64();
        let met = match rule["succeededIndexes"].as_str() {
            Some(text) => {
                let required = parse_intervals(text, completions);
                // `matchSucceededIndexesRule`.
                let contains = required.intersection(succeeded).count() as i64;
                !required.is_empty() && (contains == required.len() as i64 || count.is_some_and(|c| contains >= c))
            }
            None => count.is_some_and(|c| succeeded.len() as i64 >= c),
        };
        if met {
            return Some(format!("Matched rules at index {index}"));
        }
    }
    None
}

/// `isPodFailed`.
fn pod_failed<J: JsonRead>(pod: &Slot, job: &J) -> bool {
    if phase(pod) == "Failed" {
        return true;
    }
    if only_replace_failed(job) {
        return false;
    }
    deleting(pod) && phase(pod) != "Succeeded"
}

fn suspended<J: JsonRead>(job: &J) -> bool {
    job["spec"]["suspend"] == true
}

fn int<J: JsonRead>(v: &J) -> i64 {
    v.as_i64().unwrap_or(0)
}

fn time_of<J: JsonRead>(v: &J) -> Option<Time> {
    v.as_str().and_then(Time::from_rfc3339)
}

/// `getFinishedTime`.
fn finished_time(pod: &Slot) -> Time {
    let mut latest: Option<Time> = None;
    let mut all = true;
    let sidecars: VecSet<&str> = VecSet::from_iter(pod["spec"]["initContainers"].as_array().into_iter().flatten().filter(|c| c["restartPolicy"] == "Always").map(|c| s(&c["name"])));
    let statuses = pod["status"]["containerStatuses"].as_array().into_iter().flatten().chain(pod["status"]["initContainerStatuses"].as_array().into_iter().flatten().filter(|c| sidecars.contains(s(&c["name"]))));
    for c in statuses {
        match time_of(&c["state"]["terminated"]["finishedAt"]) {
            Some(t) => latest = Some(latest.map_or(t, |l| l.max(t))),
            None => all = false,
        }
    }
    if all && let Some(t) = latest {
        return t;
    }
    if let Some(c) = pod["status"]["conditions"].as_array().into_iter().flatten().find(|c| c["type"] == "Ready" && c["status"] == "False")
        && let Some(t) = time_of(&c["lastTransitionTime"])
    {
        return t;
    }
    if let Some(t) = time_of(&pod["metadata"]["deletionTimestamp"]) {
        return Time(t.millis().saturating_sub(int(&pod["metadata"]["deletionGracePeriodSeconds"]) as u64 * 1000));
    }
    time_of(&pod["metadata"]["creationTimestamp"]).unwrap_or(Time::ZERO)
}

/// `newBackoffRecord`.
fn new_backoff_record(old: BackoffRecord, succeeded: &[&Slot], failed: &[&Slot]) -> BackoffRecord {
    let mut s_times: Vec<Time> = succeeded.iter().map(|p| finished_time(p)).collect();
    let mut f_times: Vec<Time> = failed.iter().map(|p| finished_time(p)).collect();
    crate::sort::sort(&mut s_times);
    crate::sort::sort(&mut f_times);
    let mut b = old;
    match (s_times.last(), f_times.last()) {
        (None, None) => b,
        (None, Some(last)) => {
            b.failures_after_last_success += f_times.len() as u32;
            b.last_failure = Some(*last);
            b
        }
        (Some(_), None) => BackoffRecord::default(),
        (Some(last_success), Some(_)) => {
            b = BackoffRecord::default();
            for t in f_times.iter().rev() {
                if t <= last_success {
                    break;
                }
                if b.last_failure.is_none() {
                    b.last_failure = Some(*t);
                }
                b.failures_after_last_success += 1;
            }
            b
        }
    }
}

/// `matchPodFailurePolicy`: (message that fails the Job, whether the failure counts, action).
fn match_pod_failure_policy<J: JsonRead>(job: &J, pod: &Slot) -> (Option<String>, bool, Option<&'static str>) {
    for (index, rule) in job["spec"]["podFailurePolicy"]["rules"].items().iter().enumerate() {
        let matched = if rule["onExitCodes"].is_object() {
            match_exit_codes(pod, &rule["onExitCodes"])
        } else if rule["onPodConditions"].is_array() {
            match_conditions(pod, &rule["onPodConditions"])
        } else {
            None
        };
        let Some(what) = matched else { continue };
        match s(&rule["action"]) {
            "Ignore" => return (None, false, Some("Ignore")),
            "Count" => return (None, true, Some("Count")),
            "FailIndex" => return (None, true, Some("FailIndex")),
            "FailJob" => {
                let message = match what {
                    Matched::Container { name, code } => format!("Container {name} for pod {}/{} failed with exit code {code} matching FailJob rule at index {index}", s(&pod["metadata"]["namespace"]), s(&pod["metadata"]["name"])),
                    Matched::Condition(t) => format!("Pod {}/{} has condition {t} matching FailJob rule at index {index}", s(&pod["metadata"]["namespace"]), s(&pod["metadata"]["name"])),
                };
                return (Some(message), true, Some("FailJob"));
            }
            _ => {}
        }
    }
    (None, true, None)
}

enum Matched {
    Container { name: String, code: i64 },
    Condition(String),
}

fn match_exit_codes<J: JsonRead>(pod: &Slot, req: &J) -> Option<Matched> {
    let values: Vec<i64> = req["values"].items().iter().filter_map(J::as_i64).collect();
    let op_in = req["operator"] == "In";
    let container = req["containerName"].as_str();
    let statuses = pod["status"]["initContainerStatuses"].as_array().into_iter().flatten().chain(pod["status"]["containerStatuses"].as_array().into_iter().flatten());
    for st in statuses {
        if container.is_some_and(|c| c != s(&st["name"])) {
            continue;
        }
        let Some(code) = st["state"]["terminated"]["exitCode"].as_i64() else { continue };
        let is_in = values.contains(&code);
        if (op_in && is_in) || (!op_in && !is_in && code != 0) {
            return Some(Matched::Container { name: s(&st["name"]).to_string(), code });
        }
    }
    None
}

fn match_conditions<J: JsonRead>(pod: &Slot, patterns: &J) -> Option<Matched> {
    for p in patterns.items() {
        let status = p["status"].as_str().unwrap_or("True");
        let kind = p["type"].to_value();
        if pod["status"]["conditions"].as_array().into_iter().flatten().any(|c| c["type"] == kind && c["status"] == status) {
            return Some(Matched::Condition(s(&p["type"]).to_string()));
        }
    }
    None
}

/// `orderedIntervals.String`: `0,1,3-5`.
pub fn intervals_string(indexes: &VecSet<i64>) -> String {
    let mut out: Vec<String> = Vec::new();
    let v: Vec<i64> = indexes.iter().copied().collect();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        match j - i {
            0 => out.push(v[i].to_string()),
            1 => out.push(format!("{},{}", v[i], v[j])),
            _ => out.push(format!("{}-{}", v[i], v[j])),
        }
        i = j + 1;
    }
    out.join(",")
}


fn condition(kind: &str, reason: &str, message: &str, now: Time) -> Value {
    let ts = now.rfc3339();
    json!({"type": kind, "status": "True", "lastProbeTime": ts, "lastTransitionTime": ts, "reason": reason, "message": message})
}

fn push_condition(job: &mut Value, c: Value) {
    match job["status"]["conditions"].as_array_mut() {
        Some(list) => list.push(c),
        None => job["status"]["conditions"] = json!([c]),
    }
}

/// One request a sync sends, in order.
#[derive(Debug, Clone)]
pub(crate) struct Out {
    pub(crate) request: Request,
    success: Option<Note>,
    failure: Option<Note>,
    expected_create: bool,
    /// Its place in the sync's slow start of creates (`slowstart.rs`).
    pub(crate) slow_start: Option<super::SlowStart>,
}

fn plain(request: Option<Request>) -> Option<Out> {
    request.map(|request| Out { request, success: None, failure: None, expected_create: false, slow_start: None })
}

fn job_note(job: &Arc<crate::Obj>, warning: bool, reason: &'static str, message: String) -> Note {
    Note { kind: "Job", api_version: "batch/v1", object: job.clone(), warning, reason, message }
}

impl BatchState {
    fn satisfied(&self, key: &str) -> bool {
        self.expectations.get(key).is_none_or(|(a, d)| *a <= 0 && *d <= 0)
    }
    pub(crate) fn creation_observed(&mut self, key: &str) {
        if let Some(e) = self.expectations.get_mut(key) {
            e.0 -= 1;
        }
    }
    fn deletion_observed(&mut self, key: &str) {
        if let Some(e) = self.expectations.get_mut(key) {
            e.1 -= 1;
        }
    }
    fn finalizer_observed(&mut self, key: &str, pod_uid: &str) {
        if let Some(set) = self.finalizers.get_mut(key) {
            set.remove(pod_uid);
        }
    }
}

impl WorkloadControllers {
    /// `queue.AddAfter`: a key already due no later is left as it is.
    pub(crate) fn batch_enqueue(&mut self, cx: &mut Cx<'_>, ctl: Ctl, key: String, delay_ms: u64) {
        // The work queue hands a key over no sooner than the other controllers' (1 ms).
        let at = cx.now().plus_millis(delay_ms.max(1));
        let slot = (ctl, key.clone());
        if self.batch.queue.get(&slot).is_some_and(|t| *t <= at) {
            return;
        }
        self.batch.queue.insert(slot, at);
        cx.after(at, Timer::Batch(Box::new(BatchTask::Sync { ctl, key, at })));
    }

    /// A delivery to kube-controller-manager, through the batch controllers' event handlers.
    pub(crate) fn batch_observe(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, event: &WatchEvent, old: Option<&Slot>) {
        let obj = &*event.object;
        let now = cx.now();
        let cache = cx.cache();
        let mut enqueue: Vec<(Ctl, String, u64)> = Vec::new();
        let mut orphans: Vec<Arc<crate::Obj>> = Vec::new();
        match (event.key.group, event.key.resource) {
            ("", "pods") => {
                let Some(r) = controller_of(obj).filter(|r| r["kind"] == "Job") else {
                    if has_finalizer(obj) && event.event_type != EventType::Deleted {
                        orphans.push(event.object.clone());
                    }
                    return self.batch_orphans(cx, sh, orphans);
                };
                let ns = event.key.namespace.clone();
                let job = get(cache, "batch", "jobs", &ns, s(&r["name"])).filter(|j| uid(j) == s(&r["uid"])).cloned();
                let Some(job) = job else {
                    if has_finalizer(obj) && event.event_type != EventType::Deleted {
                        orphans.push(event.object.clone());
                    }
                    return self.batch_orphans(cx, sh, orphans);
                };
                let key = key_of(&job);
                let pod_uid = uid(obj).to_string();
                match event.event_type {
                    EventType::Added => {
                        if deleting((obj).slot()) {
                            self.batch.deletion_observed(&key);
                        } else {
                            self.batch.creation_observed(&key);
                        }
                    }
                    EventType::Modified => {
                        if old.is_some_and(|o| o["metadata"]["resourceVersion"] == obj["metadata"]["resourceVersion"]) {
                            return;
                        }
                        if deleting((obj).slot()) {
                            if is_finished(&job) {
                                if has_finalizer(obj) {
                                    orphans.push(event.object.clone());
                                }
                                return self.batch_orphans(cx, sh, orphans);
                            }
                            self.batch.deletion_observed(&key);
                        }
                        if !has_finalizer(obj) {
                            self.batch.finalizer_observed(&key, &pod_uid);
                        }
                    }
                    EventType::Deleted => {
                        self.batch.deletion_observed(&key);
                        self.batch.finalizer_observed(&key, &pod_uid);
                    }
                }
                if is_finished(&job) {
                    if has_finalizer(obj) && event.event_type != EventType::Deleted {
                        orphans.push(event.object.clone());
                    }
                } else {
                    enqueue.push((Ctl::Job, key, SYNC_BATCH_MS));
                }
            }
            ("batch", "jobs") => {
                let key = key_of(obj);
                match event.event_type {
                    EventType::Added => enqueue.push((Ctl::Job, key.clone(), 0)),
                    EventType::Modified => {
                        let same_generation = old.is_some_and(|o| o["metadata"]["generation"] == obj["metadata"]["generation"]);
                        enqueue.push((Ctl::Job, key.clone(), if same_generation { SYNC_BATCH_MS } else { 0 }));
                        // A changed activeDeadlineSeconds: sync again when it passes.
                        if let (Some(start), Some(ads)) = (time_of(&obj["status"]["startTime"]), obj["spec"]["activeDeadlineSeconds"].as_i64())
                            && old.is_some_and(|o| o["spec"]["activeDeadlineSeconds"].as_i64() != Some(ads))
                        {
                            let due = start.millis() + ads.max(0) as u64 * 1000;
                            enqueue.push((Ctl::Job, key.clone(), due.saturating_sub(now.millis())));
                        }
                    }
                    EventType::Deleted => enqueue.push((Ctl::Job, key.clone(), 0)),
                }
                // `cleanupPodFinalizers` for a finished or deleted Job.
                if event.event_type == EventType::Deleted || is_finished(obj) {
                    let job_uid = uid(obj);
                    for p in list_ns(cache, "", "pods", &event.key.namespace) {
                        if controller_of(p).is_some_and(|r| r["uid"] == job_uid) && has_finalizer(p) && (event.event_type == EventType::Deleted || is_finished(obj)) {
                            orphans.push(p.clone());
                        }
                    }
                }
                // The TTL-after-finished controller.
                if event.event_type != EventType::Deleted && is_finished(obj) && obj["spec"]["ttlSecondsAfterFinished"].is_i64() && !deleting((obj).slot()) {
                    enqueue.push((Ctl::Ttl, key.clone(), 0));
                }
                // The CronJob controller: the owning CronJob.
                if let Some(r) = controller_of(obj).filter(|r| r["kind"] == "CronJob")
                    && get(cache, "batch", "cronjobs", &event.key.namespace, s(&r["name"])).is_some_and(|cj| uid(cj) == s(&r["uid"]))
                {
                    enqueue.push((Ctl::CronJob, format!("{}/{}", event.key.namespace, s(&r["name"])), 0));
                }
            }
            ("batch", "cronjobs") => {
                let key = key_of(obj);
                let delay = match (event.event_type, old) {
                    (EventType::Modified, Some(o)) if o["spec"]["schedule"] != obj["spec"]["schedule"] || o["spec"]["timeZone"] != obj["spec"]["timeZone"] => {
                        match super::cronjob::requeue_after_schedule_change(&event.object, now) {
                            Ok(d) => d,
                            Err(note) => {
                                self.batch_event(cx, Ctl::CronJob, note);
                                return;
                            }
                        }
                    }
                    _ => 0,
                };
                enqueue.push((Ctl::CronJob, key, delay));
            }
            _ => {}
        }
        for (ctl, key, delay) in enqueue {
            self.batch_enqueue(cx, ctl, key, delay);
        }
        self.batch_orphans(cx, sh, orphans);
    }

    /// `syncOrphanPod`: the tracking finalizer comes off pods no running Job counts.
    fn batch_orphans(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, pods: Vec<Arc<crate::Obj>>) {
        for p in pods {
            let key = format!("{}/{}", s(&p["metadata"]["namespace"]), s(&p["metadata"]["name"]));
            if let Some(out) = plain(remove_finalizer_request(&p)) {
                self.batch_send(cx, sh, Ctl::Job, &key, out);
            }
        }
    }

    /// A request leaves when the controller's client lets it; when that is.
    pub(crate) fn batch_send(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, ctl: Ctl, key: &str, out: Out) -> Time {
        self.batch_send_at(cx, sh, ctl, key, out, cx.now().plus_millis(1))
    }

    /// `batch_send` of a request ready at `ready`.
    pub(crate) fn batch_send_at(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, ctl: Ctl, key: &str, out: Out, ready: Time) -> Time {
        let at = sh.clients.reserve(ctl.service_account(), ready, 1);
        cx.after(at, Timer::Batch(Box::new(BatchTask::Send { ctl, key: key.to_string(), request: Box::new(out.request), success: out.success, failure: out.failure, expected_create: out.expected_create, slow_start: out.slow_start })));
        at
    }

    /// `manageJob` lowers `active` by every create that failed or was skipped before the status
    /// is written: the status request of the sync's flush, corrected; false when that leaves the
    /// status as it was (upstream then has nothing to write).
    pub(crate) fn job_status_after_lost_creates(&mut self, cx: &mut Cx<'_>, key: &str, out: &mut Out, lost: i64) -> bool {
        if out.request.subresource.as_deref() != Some("status") || out.request.resource.plural != "jobs" {
            return true;
        }
        let Some(body) = out.request.body.as_mut() else { return true };
        let active = body["status"]["active"].as_i64().unwrap_or(0);
        body["status"]["active"] = json!((active - lost).max(0));
        let (ns, name) = split_key(key);
        let cached = cx.running().then(|| get(cx.cache(), "batch", "jobs", ns, name).map(|j| j["status"].clone())).flatten();
        // Compared as upstream compares the typed statuses: an `active: 0` the API server does
        // not store equals its absence.
        let mut as_stored = body.clone();
        podlife_model::decode::omit_empty(out.request.resource, &mut as_stored);
        cached.is_none_or(|c| c != as_stored["status"])
    }

    /// An event through the controller's recorder (client-go's: spam filter, repeats counted).
    pub(crate) fn batch_event(&mut self, cx: &mut Cx<'_>, ctl: Ctl, note: Note) {
        use crate::record::{Involved, Note as EventNote, Source};
        let source = match ctl {
            Ctl::Job => "job-controller",
            Ctl::CronJob => "cronjob-controller",
            Ctl::Ttl => "ttlafterfinished-controller",
        };
        let involved = Involved { kind: note.kind, api_version: note.api_version, object: &note.object, field_path: None };
        let en = EventNote { kind: if note.warning { "Warning" } else { "Normal" }, reason: note.reason, message: &note.message };
        let src = Source { component: source, host: None };
        let ns = s(&note.object["metadata"]["namespace"]).to_string();
        let sa = ctl.service_account();
        let Some(write) = self.batch.recorder.record_about(involved, en, src, cx.now()) else { return };
        crate::record::sink(&write, &|verb, name, body| super::controller_request(sa, verb, "events", Some(&ns), name.unwrap_or_default(), body), &mut |r| cx.request(r));
    }

    /// Remembers the resourceVersion a controller's status write produced.
    pub(crate) fn batch_written(&mut self, ctl: Ctl, key: &str, object: &Slot) {
        if let Some(rv) = object["metadata"]["resourceVersion"].as_str().and_then(|v| v.parse().ok()) {
            self.batch.written.insert((ctl, key.to_string()), rv);
        }
    }

    /// Whether the informer's copy is older than the controller's own last write (then the
    /// sync is retried 5 ms later, as a conflict would be).
    pub(crate) fn batch_stale(&mut self, cx: &mut Cx<'_>, ctl: Ctl, key: &str, cached: &Slot) -> bool {
        let rv: u64 = cached["metadata"]["resourceVersion"].as_str().and_then(|v| v.parse().ok()).unwrap_or(0);
        if self.batch.written.get(&(ctl, key.to_string())).is_some_and(|w| rv < *w) {
            self.batch_enqueue(cx, ctl, key.to_string(), 5);
            return true;
        }
        false
    }

    /// A batch controller's task.
    pub(crate) fn batch_task(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, task: BatchTask) {
        match task {
            BatchTask::Sync { ctl, key, at } => {
                if self.batch.queue.get(&(ctl, key.clone())) != Some(&at) {
                    return;
                }
                self.batch.queue.remove(&(ctl, key.clone()));
                if !cx.running() {
                    return;
                }
                match ctl {
                    Ctl::Job => self.sync_job(cx, sh, &key),
                    Ctl::CronJob => self.sync_cronjob(cx, &key),
                    Ctl::Ttl => self.sync_ttl(cx, sh, &key),
                }
            }
            BatchTask::Send { ctl, key, request, success, failure, expected_create, slow_start } => {
                if !cx.running() {
                    return;
                }
                let status_write = request.subresource.as_deref() == Some("status");
                match cx.request(*request) {
                    Ok(crate::Response::Object(created)) => {
                        if expected_create {
                            // A sync that created without error: `queue.Forget`.
                            self.batch.api_failures.remove(&key);
                        }
                        if status_write {
                            self.batch_written(ctl, &key, &crate::Obj::untyped(&created));
                        }
                        if let Some(mut note) = success {
                            note.message = note.message.replace("{}", s(&created["metadata"]["name"]));
                            self.batch_event(cx, ctl, note);
                        }
                    }
                    Ok(_) => {}
                    Err(status) => {
                        if expected_create && super::namespace_terminating(&status) {
                            // `manageJob` ignores it (and `RealPodControl` records nothing).
                            return;
                        }
                        match slow_start {
                            // The rest of the sync's batches are skipped; the create is lost; the
                            // sync returns the error: `AddRateLimited` (1 s, doubling to 1 min).
                            Some(ss) if expected_create => {
                                let first = self.slow_start_failed(ss, true, &status.message);
                                if first {
                                    let n = self.batch.api_failures.entry(key.clone()).or_insert(0);
                                    let delay = API_BACKOFF_MS.saturating_mul(1u64.checked_shl(*n).unwrap_or(u64::MAX)).min(MAX_API_BACKOFF_MS);
                                    *n = n.saturating_add(1);
                                    self.batch_enqueue(cx, ctl, key.clone(), delay);
                                }
                            }
                            _ if expected_create => self.batch.creation_observed(&key),
                            _ => {}
                        }
                        // `handleErr`: a conflicting write sends the key back to the queue.
                        if status.reason == crate::apiserver::status::Reason::Conflict {
                            let delay = sh.requeue.when(&format!("{ctl:?}/{key}"));
                            self.batch_enqueue(cx, ctl, key.clone(), delay);
                        }
                        if let Some(mut note) = failure {
                            note.message = note.message.replace("{}", &status.message);
                            self.batch_event(cx, ctl, note);
                        }
                    }
                }
            }
        }
    }

    /// `syncJob`.
    fn sync_job(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, key: &str) {
        let (ns, name) = split_key(key);
        let cache = cx.cache();
        let Some(job_arc) = get(cache, "batch", "jobs", ns, name).cloned() else {
            self.batch.expectations.remove(key);
            self.batch.finalizers.remove(key);
            self.batch.backoff.remove(key);
            return;
        };
        if is_finished(&job_arc) {
            self.batch.backoff.remove(key);
            return;
        }
        if self.batch_stale(cx, Ctl::Job, key, &job_arc) {
            return;
        }
        // The worker is still in the last sync's slow start: the key waits for it.
        if self.workloads.slow_starts.hold("Job", ns, name) {
            return;
        }
        let cache = cx.cache();
        let job_uid = uid(&job_arc).to_string();
        let pods: Vec<Arc<crate::Obj>> = list_ns(cache, "", "pods", ns).filter(|p| controller_of(p).is_some_and(|r| r["uid"] == job_uid.as_str())).cloned().collect();
        let now = cx.now();
        let group = self.workloads.slow_starts.begin("Job", ns, name, super::slowstart::Expecting::Job);
        let outs = job_sync(&mut self.batch, key, &job_arc, &pods, now, group);
        let mut sends = Vec::new();
        for (delay, out) in outs {
            match out {
                Step::Send(out) => sends.push(super::Held::Send { ctl: Ctl::Job, key: key.to_string(), out }),
                Step::Requeue => self.batch_enqueue(cx, Ctl::Job, key.to_string(), delay),
                Step::Event(note) => self.batch_event(cx, Ctl::Job, note),
            }
        }
        // In order, the creates in slow-start batches (`slowstart.rs`).
        self.send_sync(cx, sh, sends);
    }

    /// The TTL-after-finished controller: a finished Job goes `ttlSecondsAfterFinished` after
    /// it finished (`processJob`: deleted with foreground propagation).
    fn sync_ttl(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, key: &str) {
        let (ns, name) = split_key(key);
        let Some(job) = get(cx.cache(), "batch", "jobs", ns, name).cloned() else { return };
        if deleting((&job).slot()) || !is_finished(&job) {
            return;
        }
        let Some(ttl) = job["spec"]["ttlSecondsAfterFinished"].as_i64() else { return };
        // `jobFinishTime`: the Complete/Failed condition's lastTransitionTime.
        let finish = job["status"]["conditions"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| (c["type"] == "Complete" || c["type"] == "Failed") && c["status"] == "True")
            .and_then(|c| time_of(&c["lastTransitionTime"]));
        let Some(finish) = finish else { return };
        let expire = finish.millis() + ttl.max(0) as u64 * 1000;
        if expire > cx.now().millis() {
            self.batch_enqueue(cx, Ctl::Ttl, key.to_string(), expire - cx.now().millis());
            return;
        }
        let Some(r) = super::controller_request(TTL_SA, Verb::Delete, "jobs", Some(ns), name, json!({"kind": "DeleteOptions", "apiVersion": "v1", "propagationPolicy": "Foreground", "preconditions": {"uid": uid(&job)}})) else { return };
        self.batch_send(cx, sh, Ctl::Ttl, key, Out { request: r, success: None, failure: None, expected_create: false, slow_start: None });
    }
}

/// What one Job sync does, in order (`delay` only for a requeue).
enum Step {
    Send(Box<Out>),
    Requeue,
    Event(Note),
}

fn job_request(verb: Verb, plural: &str, ns: &str, name: &str, body: Value) -> Option<Request> {
    super::controller_request(SA, verb, plural, Some(ns), name, body)
}

fn status_update<J: JsonRead>(job: &J) -> Option<Request> {
    let mut body = job.to_value();
    // The engine serves updates in order; the controller's view is its latest write.
    if let Some(m) = body["metadata"].as_object_mut() {
        m.remove("resourceVersion");
        m.remove("managedFields");
    }
    let mut r = job_request(Verb::Update, "jobs", s(&job["metadata"]["namespace"]), s(&job["metadata"]["name"]), body)?;
    r.subresource = Some("status".into());
    Some(r)
}

/// `removeTrackingFinalizerPatch` (a merge patch with the other finalizers, where upstream
/// sends a strategic `$deleteFromPrimitiveList`).
fn remove_finalizer_request(pod: &Slot) -> Option<Request> {
    if !has_finalizer(pod) {
        return None;
    }
    let rest: Vec<&Slot> = pod["metadata"]["finalizers"].as_array().into_iter().flatten().filter(|f| *f != TRACKING_FINALIZER).collect();
    let body = json!({"metadata": {"finalizers": if rest.is_empty() { Value::Null } else { json!(rest) }}});
    job_request(Verb::Patch, "pods", s(&pod["metadata"]["namespace"]), s(&pod["metadata"]["name"]), body)
}

fn delete_pod(job: &Arc<crate::Obj>, pod: &Slot) -> Option<Out> {
    let name = s(&pod["metadata"]["name"]).to_string();
    let request = job_request(Verb::Delete, "pods", s(&pod["metadata"]["namespace"]), &name, Value::Null)?;
    Some(Out { request, success: Some(job_note(job, false, "SuccessfulDelete", format!("Deleted pod: {name}"))), failure: Some(job_note(job, true, "FailedDelete", format!("Error deleting: {}", "{}"))), expected_create: false, slow_start: None })
}

/// `controller.ActivePods` order for deletion: unscheduled, pending, not ready first.
fn removal_rank(pod: &Slot) -> (bool, u8, bool) {
    let scheduled = pod["spec"]["nodeName"].as_str().is_some_and(|n| !n.is_empty());
    let ph = match phase(pod) {
        "Pending" => 0,
        "Unknown" => 1,
        _ => 2,
    };
    (scheduled, ph, super::pod_ready(pod))
}

/// The pod the Job creates (`GetPodFromTemplate`, plus the tracking finalizer and, for an
/// Indexed Job, the index annotation, label, hostname and environment variable).
fn pod_from_template(job: &Slot, index: Option<i64>) -> Value {
    let t = &job["spec"]["template"];
    let name = s(&job["metadata"]["name"]);
    let mut meta = json!({});
    if t["metadata"]["labels"].is_object() {
        meta["labels"] = t["metadata"]["labels"].to_value();
    }
    if t["metadata"]["annotations"].is_object() {
        meta["annotations"] = t["metadata"]["annotations"].to_value();
    }
    let mut finalizers: Vec<Value> = t["metadata"]["finalizers"].to_values().unwrap_or_default();
    if !finalizers.iter().any(|f| f == TRACKING_FINALIZER) {
        finalizers.push(json!(TRACKING_FINALIZER));
    }
    meta["finalizers"] = json!(finalizers);
    meta["generateName"] = json!(match index {
        Some(i) => format!("{name}-{i}-"),
        None => format!("{name}-"),
    });
    meta["namespace"] = job["metadata"]["namespace"].to_value();
    meta["ownerReferences"] = json!([{"apiVersion": "batch/v1", "kind": "Job", "name": name, "uid": uid(job), "controller": true, "blockOwnerDeletion": true}]);
    let mut spec = t["spec"].to_value();
    if let Some(i) = index {
        meta["annotations"][INDEX_ANNOTATION] = json!(i.to_string());
        meta["labels"][INDEX_ANNOTATION] = json!(i.to_string());
        spec["hostname"] = json!(format!("{name}-{i}"));
        for list in ["initContainers", "containers"] {
            if let Some(cs) = spec[list].as_array_mut() {
                for c in cs {
                    let has = c["env"].as_array().into_iter().flatten().any(|e| e["name"] == "JOB_COMPLETION_INDEX");
                    if !has {
                        let var = json!({"name": "JOB_COMPLETION_INDEX", "valueFrom": {"fieldRef": {"fieldPath": format!("metadata.labels['{INDEX_ANNOTATION}']")}}});
                        match c["env"].as_array_mut() {
                            Some(env) => env.push(var),
                            None => c["env"] = json!([var]),
                        }
                    }
                }
            }
        }
    }
    json!({"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec})
}

/// `syncJob` on one Job's cached state: the requests, events and requeues it makes.
fn job_sync(state: &mut BatchState, key: &str, job_arc: &Arc<crate::Obj>, pods: &[Arc<crate::Obj>], now: Time, group: u64) -> Vec<(u64, Step)> {
    let mut steps: Vec<(u64, Step)> = Vec::new();
    let mut job: Value = (**job_arc).to_value();
    if !job["status"]["uncountedTerminatedPods"].is_object() {
        job["status"]["uncountedTerminatedPods"] = json!({});
    }
    let uncounted_set = |field: &str, job: &Slot| -> VecSet<String> { VecSet::from_iter(job["status"]["uncountedTerminatedPods"][field].as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string))) };
    let uncounted_succeeded = uncounted_set("succeeded", &crate::Obj::untyped(&job));
    let uncounted_failed = uncounted_set("failed", &crate::Obj::untyped(&job));
    let satisfied = state.satisfied(key);
    let indexed = is_indexed(&job);
    let completions = job["spec"]["completions"].as_i64();
    let backoff_limit = job["spec"]["backoffLimit"].as_i64().unwrap_or(6);
    let expected_rm = state.finalizers.get(key).cloned().unwrap_or_default();
    let active_pods: Vec<&Slot> = pods.iter().map(|p| p.root()).filter(|p| !matches!(phase(p), "Succeeded" | "Failed") && !deleting((p).slot())).collect();
    let mut ready = active_pods.iter().filter(|p| super::pod_ready(p)).count() as i64;
    let mut terminating = pods.iter().filter(|p| deleting((p).slot()) && !matches!(phase(p), "Succeeded" | "Failed")).count() as i64;
    let mut active = active_pods.len() as i64;
    let valid = |p: &Slot, uncounted: &VecSet<String>| {
        has_finalizer(p) && !uncounted.contains(uid(p)) && !expected_rm.contains(uid(p)) && (!indexed || completion_index(p).is_some_and(|i| i < completions.unwrap_or(0)))
    };
    let new_succeeded: Vec<&Slot> = pods.iter().map(|p| p.root()).filter(|p| valid(p, &uncounted_succeeded) && phase(p) == "Succeeded").collect();
    let new_failed: Vec<&Slot> = pods.iter().map(|p| p.root()).filter(|p| valid(p, &uncounted_failed) && pod_failed(p, &job)).collect();
    let policy = !job["spec"]["podFailurePolicy"].is_null();
    let non_ignored = new_failed.iter().filter(|p| !policy || match_pod_failure_policy(&job, p).1).count() as i64;
    let mut succeeded = int(&job["status"]["succeeded"]) + new_succeeded.len() as i64 + uncounted_succeeded.len() as i64;
    let failed = int(&job["status"]["failed"]) + non_ignored + uncounted_failed.len() as i64;
    if job["status"]["startTime"].is_null() && !suspended(&job) {
        job["status"]["startTime"] = json!(now.rfc3339());
    }
    let new_backoff = new_backoff_record(state.backoff.get(key).copied().unwrap_or_default(), &new_succeeded, &new_failed);

    // The condition the Job is heading for.
    let mut finished: Option<Value> = None;
    if condition_true(&job, "SuccessCriteriaMet") {
        let c = job["status"]["conditions"].as_array().into_iter().flatten().find(|c| c["type"] == "SuccessCriteriaMet").cloned().unwrap_or_default();
        finished = Some(c);
    }
    if finished.is_none() {
        if let Some(ft) = job["status"]["conditions"].as_array().into_iter().flatten().find(|c| c["type"] == "FailureTarget" && c["status"] == "True") {
            finished = Some(condition("Failed", s(&ft["reason"]), s(&ft["message"]), now));
        } else if policy && let Some(msg) = pods.iter().filter(|p| pod_failed(p, &job)).find_map(|p| match_pod_failure_policy(&job, p).0) {
            finished = Some(condition("FailureTarget", "PodFailurePolicy", &msg, now));
        }
    }
    if finished.is_none() {
        let start = time_of(&job["status"]["startTime"]);
        let ads = job["spec"]["activeDeadlineSeconds"].as_i64();
        if failed > backoff_limit || past_backoff_limit_on_failure(&job, pods, backoff_limit) {
            finished = Some(condition("FailureTarget", "BackoffLimitExceeded", "Job has reached the specified backoff limit", now));
        } else if let (Some(ads), Some(start), false) = (ads, start, suspended(&job)) {
            let deadline = start.millis() + ads.max(0) as u64 * 1000;
            if now.millis() >= deadline {
                finished = Some(condition("FailureTarget", "DeadlineExceeded", "Job was active longer than specified deadline", now));
            } else {
                steps.push((deadline - now.millis(), Step::Requeue));
            }
        }
    }
    let mut succeeded_indexes = VecSet::new();
    let mut prev_indexes = VecSet::new();
    let mut failed_indexes: Option<VecSet<i64>> = None;
    let mut delayed: Vec<(i64, &Slot)> = Vec::new();
    if indexed {
        let c = completions.unwrap_or(0);
        prev_indexes = parse_intervals(s(&job["status"]["completedIndexes"]), c);
        succeeded_indexes = prev_indexes.clone();
        for p in pods {
            if phase(p) == "Succeeded" && has_finalizer(p) && let Some(i) = completion_index(p).filter(|i| *i < c) {
                succeeded_indexes.insert(i);
            }
        }
        succeeded = succeeded_indexes.len() as i64;
        if let Some(limit) = backoff_limit_per_index(&job) {
            // `calculateFailedIndexes`.
            let mut failed_set = parse_intervals(s(&job["status"]["failedIndexes"]), c);
            for p in pods {
                if let Some(i) = completion_index(p).filter(|i| *i < c)
                    && has_finalizer(p)
                    && index_failed(&job, p, limit)
                {
                    failed_set.insert(i);
                }
            }
            if finished.is_none() {
                if job["spec"]["maxFailedIndexes"].as_i64().is_some_and(|m| failed_set.len() as i64 > m) {
                    finished = Some(condition("FailureTarget", "MaxFailedIndexesExceeded", "Job has exceeded the specified maximal number of failed indexes", now));
                } else if !failed_set.is_empty() && (failed_set.len() + succeeded_indexes.len()) as i64 >= c {
                    finished = Some(condition("FailureTarget", "FailedIndexes", "Job has failed indexes", now));
                }
            }
            let busy: VecSet<i64> = VecSet::from_iter(active_pods.iter().filter_map(|p| completion_index(p)));
            let done: VecSet<i64> = VecSet::from_iter(succeeded_indexes.union(&failed_set).copied());
            delayed = delayed_deletions(&job, pods, |p| valid(p, &VecSet::new()), &done, &busy);
            failed_indexes = Some(failed_set);
        }
        if finished.is_none()
            && let Some(message) = match_success_policy(&job, c, &succeeded_indexes)
        {
            finished = Some(condition("SuccessCriteriaMet", "SuccessPolicy", &message, now));
        }
    }

    let mut suspend_changed = false;
    if finished.is_some() {
        // `deleteActivePods`.
        for p in &active_pods {
            steps.extend(delete_pod(job_arc, p).map(|o| (0, Step::Send(Box::new(o)))));
            if super::pod_ready(p) {
                ready -= 1;
            }
        }
        let deleted = active_pods.len() as i64;
        if !satisfied {
            finished = None;
        }
        active -= deleted;
        terminating += deleted;
    } else {
        let mut manage_called = false;
        if satisfied && !deleting(&job) {
            let failed_now = failed_indexes.clone().unwrap_or_default();
            let indexes = Indexes { succeeded: &succeeded_indexes, failed: &failed_now, delayed: &delayed };
            active = manage_job(state, key, job_arc, &crate::Obj::untyped(&job), pods, &active_pods, succeeded, indexes, &mut terminating, &mut ready, &new_backoff, now, group, &mut steps);
            manage_called = true;
        }
        let complete = match completions {
            None => succeeded > 0 && active == 0,
            Some(c) => succeeded >= c && active == 0,
        };
        if complete {
            finished = Some(condition("SuccessCriteriaMet", "CompletionsReached", "Reached expected number of succeeded pods", now));
        } else if manage_called {
            let (status, reason, message, event_reason) = if suspended(&job) { ("True", "JobSuspended", "Job suspended", "Suspended") } else { ("False", "JobResumed", "Job resumed", "Resumed") };
            let existing = job["status"]["conditions"].as_array().into_iter().flatten().position(|c| c["type"] == "Suspended");
            let changed = match existing {
                Some(i) => {
                    let c = &job["status"]["conditions"][i];
                    if c["status"] != status || c["reason"] != reason || c["message"] != message {
                        let mut c = condition("Suspended", reason, message, now);
                        c["status"] = json!(status);
                        job["status"]["conditions"][i] = c;
                        true
                    } else {
                        false
                    }
                }
                None if status == "True" => {
                    push_condition(&mut job, condition("Suspended", reason, message, now));
                    true
                }
                None => false,
            };
            if changed {
                suspend_changed = true;
                steps.push((0, Step::Event(job_note(job_arc, false, event_reason, message.to_string()))));
                if status == "False" {
                    job["status"]["startTime"] = json!(now.rfc3339());
                }
            }
        }
    }

    let needs_update = suspend_changed || active != int(&job["status"]["active"]) || job["status"]["ready"].as_i64() != Some(ready) || job["status"]["terminating"].as_i64() != Some(terminating);
    job["status"]["active"] = json!(active);
    job["status"]["ready"] = json!(ready);
    job["status"]["terminating"] = json!(terminating);

    // `trackJobStatusAndRemoveFinalizers`.
    let mut needs_flush = needs_update;
    let mut sorted: Vec<&Slot> = pods.iter().map(|p| p.root()).collect();
    if indexed {
        crate::sort::sort_by_key(&mut sorted, |p| completion_index(p).unwrap_or(i64::MAX));
    }
    let mut with_finalizer: VecSet<String> = VecSet::from_iter(sorted.iter().filter(|p| has_finalizer(p) && !expected_rm.contains(uid(p))).map(|p| uid(p).to_string()));
    if clean_uncounted(&mut job, &with_finalizer) {
        needs_flush = true;
    }
    let mut to_remove: Vec<&Slot> = Vec::new();
    let mut new_succeeded_indexes: Vec<i64> = Vec::new();
    let success_target = finished.as_ref().is_some_and(|c| c["type"] == "SuccessCriteriaMet" || c["type"] == "Complete");
    for p in &sorted {
        if !has_finalizer(p) || expected_rm.contains(uid(p)) {
            continue;
        }
        let considered_failed = pod_failed(p, &job);
        // `canRemoveFinalizer`: not yet for a failed pod whose index waits for its replacement.
        let can_remove = deleting(&job) || finished.is_some() || phase(p) == "Succeeded" || (considered_failed && !delayed.iter().any(|(_, d)| uid(d) == uid(p)));
        if !can_remove {
            continue;
        }
        to_remove.push(p);
        let pu = uid(p).to_string();
        if phase(p) == "Succeeded" && !uncounted_failed.contains(&pu) {
            if indexed {
                if let Some(i) = completion_index(p).filter(|i| *i < completions.unwrap_or(0) && !prev_indexes.contains(i)) {
                    new_succeeded_indexes.push(i);
                    needs_flush = true;
                }
            } else if !uncounted_succeeded.contains(&pu) {
                needs_flush = true;
                push_uncounted(&mut job, "succeeded", &pu);
            }
        } else if (considered_failed || (finished.is_some() && !success_target))
            && !uncounted_failed.contains(&pu)
            && (!indexed || completion_index(p).is_some_and(|i| i < completions.unwrap_or(0)))
            && (!policy || match_pod_failure_policy(&job, p).1)
        {
            needs_flush = true;
            push_uncounted(&mut job, "failed", &pu);
        }
    }
    if indexed {
        succeeded_indexes.extend(new_succeeded_indexes);
        let text = intervals_string(&succeeded_indexes);
        if job["status"]["completedIndexes"].as_str().unwrap_or("") != text {
            needs_flush = true;
        }
        job["status"]["succeeded"] = json!(succeeded_indexes.len());
        job["status"]["completedIndexes"] = json!(text);
        let failed_text = failed_indexes.as_ref().map(intervals_string);
        if job["status"]["failedIndexes"].as_str() != failed_text.as_deref() {
            needs_flush = true;
            match failed_text {
                Some(f) => job["status"]["failedIndexes"] = json!(f),
                None => {
                    if let Some(st) = job["status"].as_object_mut() {
                        st.remove("failedIndexes");
                    }
                }
            }
        }
    }
    if let Some(c) = finished.clone() {
        if c["type"] == "FailureTarget" {
            push_condition(&mut job, c.clone());
            needs_flush = true;
            finished = Some(condition("Failed", s(&c["reason"]), s(&c["message"]), now));
        } else if c["type"] == "SuccessCriteriaMet" {
            if !condition_true(&job, "SuccessCriteriaMet") {
                push_condition(&mut job, c.clone());
                needs_flush = true;
            }
            finished = Some(condition("Complete", s(&c["reason"]), s(&c["message"]), now));
        }
    }
    // `flushUncountedAndRemoveFinalizers`.
    if needs_flush {
        steps.extend(plain(status_update(&job)).map(|o| (0, Step::Send(Box::new(o)))));
        state.backoff.insert(key.to_string(), new_backoff);
        needs_flush = false;
    }
    if !to_remove.is_empty() {
        let set = state.finalizers.entry(key.to_string()).or_default();
        for p in &to_remove {
            set.insert(uid(p).to_string());
            if let Some(o) = plain(remove_finalizer_request(p)) {
                steps.push((0, Step::Send(Box::new(o))));
            }
            with_finalizer.remove(uid(p));
        }
    }
    if clean_uncounted(&mut job, &with_finalizer) {
        needs_flush = true;
    }
    // `enactJobFinished`.
    let uncounted_left = job["status"]["uncountedTerminatedPods"]["succeeded"].as_array().is_some_and(|a| !a.is_empty()) || job["status"]["uncountedTerminatedPods"]["failed"].as_array().is_some_and(|a| !a.is_empty());
    let mut job_finished = false;
    if let Some(c) = &finished
        && !uncounted_left
        && terminating == 0
    {
        let kind = s(&c["type"]).to_string();
        if !condition_true(&job, &kind) {
            push_condition(&mut job, c.clone());
        }
        if kind == "Complete" {
            job["status"]["completionTime"] = c["lastTransitionTime"].clone();
        }
        job_finished = true;
        needs_flush = true;
    }
    if needs_flush {
        steps.extend(plain(status_update(&job)).map(|o| (0, Step::Send(Box::new(o)))));
        if job_finished && let Some(c) = &finished {
            if c["type"] == "Complete" {
                if completions.is_some_and(|n| int(&job["status"]["succeeded"]) > n) {
                    steps.push((0, Step::Event(job_note(job_arc, true, "TooManySucceededPods", "Too many succeeded pods running after completion count reached".into()))));
                }
                steps.push((0, Step::Event(job_note(job_arc, false, "Completed", "Job completed".into()))));
            } else {
                let reason: &'static str = match s(&c["reason"]) {
                    "BackoffLimitExceeded" => "BackoffLimitExceeded",
                    "DeadlineExceeded" => "DeadlineExceeded",
                    "PodFailurePolicy" => "PodFailurePolicy",
                    "FailedIndexes" => "FailedIndexes",
                    "MaxFailedIndexesExceeded" => "MaxFailedIndexesExceeded",
                    _ => "Failed",
                };
                steps.push((0, Step::Event(job_note(job_arc, true, reason, s(&c["message"]).to_string()))));
            }
        }
    }
    steps
}

fn push_uncounted(job: &mut Value, field: &str, pod_uid: &str) {
    match job["status"]["uncountedTerminatedPods"][field].as_array_mut() {
        Some(a) => a.push(json!(pod_uid)),
        None => job["status"]["uncountedTerminatedPods"][field] = json!([pod_uid]),
    }
}

/// `cleanUncountedPodsWithoutFinalizers`: uids whose finalizer is gone move to the counters.
fn clean_uncounted(job: &mut Value, with_finalizer: &VecSet<String>) -> bool {
    let mut updated = false;
    for (field, counter) in [("succeeded", "succeeded"), ("failed", "failed")] {
        let Some(list) = job["status"]["uncountedTerminatedPods"][field].as_array().cloned() else { continue };
        let kept: Vec<Value> = list.iter().filter(|u| u.as_str().is_some_and(|u| with_finalizer.contains(u))).cloned().collect();
        if kept.len() != list.len() {
            updated = true;
            let n = int(&job["status"][counter]) + (list.len() - kept.len()) as i64;
            job["status"][counter] = json!(n);
            let status = &mut job["status"]["uncountedTerminatedPods"];
            if kept.is_empty() {
                if let Some(m) = status.as_object_mut() {
                    m.remove(field);
                }
            } else {
                status[field] = json!(kept);
            }
        }
    }
    updated
}

/// `pastBackoffLimitOnFailure`: container restarts of running and pending pods.
fn past_backoff_limit_on_failure<J: JsonRead>(job: &J, pods: &[Arc<crate::Obj>], limit: i64) -> bool {
    if job["spec"]["template"]["spec"]["restartPolicy"] != "OnFailure" {
        return false;
    }
    let mut restarts = 0;
    for p in pods {
        if matches!(phase(p), "Running" | "Pending") {
            for list in ["initContainerStatuses", "containerStatuses"] {
                restarts += p["status"][list].as_array().into_iter().flatten().map(|c| int(&c["restartCount"])).sum::<i64>();
            }
        }
    }
    if limit == 0 { restarts > 0 } else { restarts >= limit }
}

/// An Indexed Job's indexes as `manageJob` sees them.
struct Indexes<'a> {
    succeeded: &'a VecSet<i64>,
    failed: &'a VecSet<i64>,
    /// Each index's failed pod kept until its replacement (`podsWithDelayedDeletionPerIndex`).
    delayed: &'a [(i64, &'a Slot)],
}

/// `manageJob`: returns the new active count.
#[allow(clippy::too_many_arguments)]
fn manage_job(
    state: &mut BatchState,
    key: &str,
    job_arc: &Arc<crate::Obj>,
    job: &Slot,
    pods: &[Arc<crate::Obj>],
    active_pods: &[&Slot],
    succeeded: i64,
    ixs: Indexes,
    terminating: &mut i64,
    ready: &mut i64,
    backoff: &BackoffRecord,
    now: Time,
    group: u64,
    steps: &mut Vec<(u64, Step)>,
) -> i64 {
    let mut active = active_pods.len() as i64;
    let parallelism = job["spec"]["parallelism"].as_i64().unwrap_or(1);
    let completions = job["spec"]["completions"].as_i64();
    let ns = s(&job["metadata"]["namespace"]);
    let delete = |state: &mut BatchState, list: Vec<&Slot>, steps: &mut Vec<(u64, Step)>, terminating: &mut i64, ready: &mut i64| -> i64 {
        let e = state.expectations.entry(key.to_string()).or_default();
        *e = (0, list.len() as i64);
        for p in &list {
            if let Some(o) = plain(remove_finalizer_request(p)) {
                steps.push((0, Step::Send(Box::new(o))));
            }
            steps.extend(delete_pod(job_arc, p).map(|o| (0, Step::Send(Box::new(o)))));
            if super::pod_ready(p) {
                *ready -= 1;
            }
        }
        *terminating += list.len() as i64;
        list.len() as i64
    };
    if suspended(job) {
        let removed = delete(state, active_pods.to_vec(), steps, terminating, ready);
        return active - removed;
    }
    let want = match completions {
        None => if succeeded > 0 { active } else { parallelism },
        Some(c) => (c - succeeded).min(parallelism).max(0),
    };
    let rm_at_least = (active - want).max(0) as usize;
    let mut candidates: Vec<&Slot> = Vec::new();
    if is_indexed(job) {
        // Duplicated and out-of-range indexes go first (`appendDuplicatedIndexPodsForRemoval`).
        let mut seen = VecSet::new();
        let mut sorted = active_pods.to_vec();
        crate::sort::sort_by_key(&mut sorted, |p| completion_index(p).unwrap_or(i64::MAX));
        for p in sorted {
            match completion_index(p) {
                Some(i) if i < completions.unwrap_or(0) && seen.insert(i) => {}
                _ => candidates.push(p),
            }
        }
    }
    if candidates.len() < rm_at_least {
        let mut left: Vec<&Slot> = active_pods.iter().copied().filter(|p| !candidates.iter().any(|c| uid(c) == uid(p))).collect();
        crate::sort::sort_by_key(&mut left, |p| removal_rank(p));
        let need = rm_at_least - candidates.len();
        candidates.extend(left.into_iter().take(need));
    }
    if !candidates.is_empty() {
        candidates.truncate(MAX_POD_CREATE_DELETE_PER_SYNC);
        let removed = delete(state, candidates, steps, terminating, ready);
        return active - removed;
    }
    let terminating_now = if only_replace_failed(job) { *terminating } else { 0 };
    let mut diff = (want - terminating_now - active).min(MAX_POD_CREATE_DELETE_PER_SYNC as i64);
    if diff <= 0 {
        return active;
    }
    let per_index = backoff_limit_per_index(job).is_some();
    // The Job-wide back-off; with a limit per index, each index has its own.
    let remaining = if per_index { 0 } else { remaining_backoff_ms(backoff, now, POD_FAILURE_BACKOFF_MS, MAX_POD_FAILURE_BACKOFF_MS) };
    if remaining > 0 {
        steps.push((remaining.max(SYNC_BATCH_MS), Step::Requeue));
        return active;
    }
    let mut indexes: Vec<Option<i64>> = vec![None; diff as usize];
    if is_indexed(job) {
        // `firstPendingIndexes`: not succeeded, failed, running, nor (when only failed pods are
        // replaced) terminating.
        let c = completions.unwrap_or(0);
        let mut busy: VecSet<i64> = VecSet::from_iter(active_pods.iter().filter_map(|p| completion_index(p)));
        if only_replace_failed(job) {
            busy.extend(pods.iter().filter(|p| deleting((p).slot()) && !matches!(phase(p), "Succeeded" | "Failed")).filter_map(|p| completion_index(p)));
        }
        let mut pending: Vec<Option<i64>> = (0..c).filter(|i| !ixs.succeeded.contains(i) && !ixs.failed.contains(i) && !busy.contains(i)).take(diff as usize).map(Some).collect();
        if per_index {
            // `getPodCreationInfoForIndependentIndexes`: the indexes whose own back-off is over,
            // or a requeue at the earliest end.
            let wait = |i: i64| {
                ixs.delayed.iter().find(|(x, _)| *x == i).map_or(0, |(_, p)| {
                    let failures = (failure_count(p, FAILURE_COUNT) + failure_count(p, IGNORED_FAILURE_COUNT) + 1) as u32;
                    remaining_backoff_ms(&BackoffRecord { failures_after_last_success: failures, last_failure: Some(finished_time(p)) }, now, POD_FAILURE_BACKOFF_MS, MAX_POD_FAILURE_BACKOFF_MS)
                })
            };
            let now_ready: Vec<Option<i64>> = pending.iter().copied().filter(|i| i.is_some_and(|i| wait(i) == 0)).collect();
            if now_ready.is_empty() {
                if let Some(min) = pending.iter().filter_map(|i| i.map(wait)).min() {
                    steps.push((min, Step::Requeue));
                }
                return active;
            }
            pending = now_ready;
        }
        diff = pending.len() as i64;
        indexes = pending;
    }
    state.expectations.insert(key.to_string(), (diff, 0));
    active += diff;
    // Batches of 1, 2, 4 … (`slowstart.rs`): a failed batch ends the sync, the creates it skipped
    // lower the expectations and `active`.
    for (i, index) in indexes.into_iter().enumerate() {
        let mut pod = pod_from_template(job, index);
        if per_index && let Some(i) = index {
            // `addIndexFailureCountAnnotation`: the replaced pod's counts, plus its failure.
            let (mut failed, mut ignored) = (0, 0);
            if let Some((_, p)) = ixs.delayed.iter().find(|(x, _)| *x == i) {
                failed = failure_count(p, FAILURE_COUNT);
                ignored = failure_count(p, IGNORED_FAILURE_COUNT);
                if job["spec"]["podFailurePolicy"].is_null() || match_pod_failure_policy(job, p).1 {
                    failed += 1;
                } else {
                    ignored += 1;
                }
            }
            pod["metadata"]["annotations"][FAILURE_COUNT] = json!(failed.to_string());
            if ignored > 0 {
                pod["metadata"]["annotations"][IGNORED_FAILURE_COUNT] = json!(ignored.to_string());
            }
        }
        let Some(request) = create_request(SA, "pods", ns, pod) else { continue };
        steps.push((0, Step::Send(Box::new(Out {
            request,
            success: Some(job_note(job_arc, false, "SuccessfulCreate", "Created pod: {}".into())),
            failure: Some(job_note(job_arc, true, "FailedCreate", "Error creating: {}".into())),
            expected_create: true,
            slow_start: Some(super::SlowStart::nth(group, i, usize::MAX)),
        }))));
    }
    active
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `backoff_utils_test.go` `TestGetRemainingBackoffTime` (default 10 s, max 6 min there).
    #[test]
    fn remaining_backoff() {
        let at = |s: u64| Time(s * 1000);
        let cases = [
            // (failures, last failure, now, default, max, want)
            (0, None, 0, 5, 15, 0),
            (1, Some(0), 3, 5, 15, 2),
            (2, Some(0), 3, 5, 15, 7),
            (3, Some(0), 3, 5, 15, 12),
            (4, Some(0), 3, 5, 15, 12),
            (3, Some(0), 20, 5, 15, 0),
            (1, Some(0), 0, 10, 600, 10),
            (2, Some(0), 0, 10, 600, 20),
            (7, Some(0), 0, 10, 600, 600),
        ];
        for (failures, last, now, default, max, want) in cases {
            let r = BackoffRecord { failures_after_last_success: failures, last_failure: last.map(at) };
            assert_eq!(remaining_backoff_ms(&r, at(now), default * 1000, max * 1000), want * 1000, "{failures} failures at {now}s");
        }
    }

    #[test]
    fn intervals() {
        let set = |v: &[i64]| v.iter().copied().collect::<VecSet<i64>>();
        assert_eq!(intervals_string(&set(&[])), "");
        assert_eq!(intervals_string(&set(&[0])), "0");
        assert_eq!(intervals_string(&set(&[0, 1])), "0,1");
        assert_eq!(intervals_string(&set(&[0, 1, 2, 4, 6, 7, 8])), "0-2,4,6-8");
        assert_eq!(parse_intervals("0-2,4,6-8", 7), set(&[0, 1, 2, 4, 6]));
    }

    /// `success_policy_test.go` `TestMatchSuccessPolicy` (the cases with the gate on; succeeded
    /// indexes as interval text, completions 10 — one case's indexes reach 10, as upstream's
    /// do, so they are built without the completions cap).
    #[test]
    fn success_policy_as_upstream() {
        let set = |text: &str| parse_intervals(text, i64::MAX);
        let rule = |indexes: Option<&str>, count: Option<i64>| {
            let mut r = json!({});
            if let Some(i) = indexes {
                r["succeededIndexes"] = json!(i);
            }
            if let Some(c) = count {
                r["succeededCount"] = json!(c);
            }
            r
        };
        let cases: Vec<(Value, &str, Option<usize>)> = vec![
            (json!([]), "0", None),
            (json!([rule(Some("invalid-form"), None)]), "0", None),
            (json!([rule(Some("0-2"), None)]), "0-2,4-7", Some(0)),
            (json!([rule(Some("3"), None)]), "0-2", None),
            (json!([rule(None, Some(2))]), "0-2", Some(0)),
            (json!([rule(None, Some(4))]), "0-2", None),
            (json!([rule(Some("9"), None), rule(Some("4,6"), None)]), "0-2,4-7", Some(1)),
            (json!([rule(Some("0,1"), None), rule(Some("5"), None)]), "0-2,4-7", Some(0)),
            (json!([rule(Some("3-6"), Some(2))]), "0-2,4-7", Some(0)),
            (json!([rule(Some("3-6"), Some(2))]), "0-2,6,7", None),
            (json!([rule(None, Some(4))]), "", None),
            (json!([rule(Some("2-4,6-8"), None)]), "1-9", Some(0)),
            (json!([rule(Some("2-4,6-9"), None)]), "2-4,6-9", Some(0)),
            (json!([rule(Some("2-4,8-12"), None)]), "2-5,7-15", Some(0)),
            (json!([rule(Some(""), None)]), "1-3", None),
            (json!([rule(Some(""), None)]), "", None),
            (json!([rule(Some("10-12,14-16"), None)]), "1-3,5-7", None),
            (json!([rule(Some("1-3,5-7"), None)]), "2-4,6-8", None),
            (json!([rule(Some("1-3,5-7"), Some(4))]), "2-4,6-8", Some(0)),
            (json!([rule(Some("2-4,6-9"), None)]), "1-3,5-7", None),
            (json!([rule(Some("2-4,6-9"), Some(4))]), "1-3,5-7", Some(0)),
            (json!([rule(Some("0-4,6-9"), None)]), "1-3,7,8", None),
            (json!([rule(Some("0-4,6-9"), Some(5))]), "1-3,7,8", Some(0)),
            (json!([rule(Some("0-6,8-9"), None)]), "1-3,5-9", None),
            (json!([rule(Some("0-6,8-9"), Some(7))]), "1-3,5-9", Some(0)),
            (json!([rule(Some("0-5,7-9"), None)]), "1-5,7-10", None),
            (json!([rule(Some("0-5,7-9"), Some(8))]), "1-5,7-10", Some(0)),
            (json!([rule(Some("0-3,6-9"), None)]), "1-10", None),
            (json!([rule(Some("0-3,6-9"), Some(7))]), "1-10", Some(0)),
        ];
        for (rules, succeeded, want) in cases {
            let job = json!({"spec": {"successPolicy": {"rules": rules}}});
            let got = match_success_policy(&job, 10, &set(succeeded));
            assert_eq!(got, want.map(|i| format!("Matched rules at index {i}")), "{rules} with {succeeded}");
        }
        assert_eq!(match_success_policy(&json!({"spec": {}}), 10, &set("0")), None);
    }

    #[test]
    fn policy_validation_texts() {
        let texts = |spec: Value| crate::apiserver::batch_validation::job_policies(&spec, "spec").iter().map(|e| e.to_string()).collect::<Vec<_>>();
        assert_eq!(
            texts(json!({"completionMode": "Indexed", "completions": 3, "maxFailedIndexes": 4, "podFailurePolicy": {"rules": [{"action": "FailIndex"}]}})),
            [
                "spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified",
                "spec.maxFailedIndexes: Invalid value: 4: must be less than or equal to completions",
                "spec.podFailurePolicy.rules[0].action: Invalid value: \"FailIndex\": requires the backoffLimitPerIndex to be set",
            ]
        );
        assert_eq!(
            texts(json!({"completionMode": "Indexed", "completions": 3, "successPolicy": {"rules": [{}, {"succeededIndexes": "0-1", "succeededCount": 3}]}})),
            [
                "spec.successPolicy.rules[0]: Required value: at least one of succeededCount or succeededIndexes must be specified",
                "spec.successPolicy.rules[1].succeededCount: Invalid value: 3: must be less than or equal to 2 (the number of indexes in the specified succeededIndexes field)",
            ]
        );
        assert_eq!(texts(json!({"completionMode": "Indexed", "completions": 3, "successPolicy": {"rules": []}})), ["spec.successPolicy.rules: Required value: at least one rules must be specified when the successPolicy is specified"]);
    }

    #[test]
    fn backoff_records() {
        let pod = |finished: &str| json!({"status": {"containerStatuses": [{"state": {"terminated": {"finishedAt": finished}}}]}});
        let (a, b) = (pod("2026-03-02T09:00:10Z"), pod("2026-03-02T09:00:20Z"));
        let r = new_backoff_record(BackoffRecord::default(), &[], &[&crate::Obj::untyped(&a), &crate::Obj::untyped(&b)]);
        assert_eq!(r, BackoffRecord { failures_after_last_success: 2, last_failure: Some(crate::clock::SCRIPT_START.plus_millis(20_000)) });
        let r2 = new_backoff_record(r, &[&crate::Obj::untyped(&a)], &[&crate::Obj::untyped(&b)]);
        assert_eq!(r2, BackoffRecord { failures_after_last_success: 1, last_failure: Some(crate::clock::SCRIPT_START.plus_millis(20_000)) });
        assert_eq!(new_backoff_record(r, &[&crate::Obj::untyped(&b)], &[]), BackoffRecord::default());
    }
}

//! kube-controller-manager's CronJob controller (upstream `pkg/controller/cronjob/
//! cronjob_controllerv2.go`, `utils.go`): `sync` → `cleanupFinishedJobs` (history limits),
//! `syncCronJob` (active list, missed schedules, `startingDeadlineSeconds`,
//! `concurrencyPolicy`, the Job named `<cronjob>-<minutes since the epoch>` with the
//! `batch.kubernetes.io/cronjob-scheduled-timestamp` annotation), one status update, and a
//! requeue 100 ms after the next scheduled time (`nextScheduleTimeDuration`).
//!
//! Its API calls are made inside the sync, one after another, as the upstream worker's blocking
//! client calls are (the created Job's uid goes into `status.active`).

use crate::Slot;
use podlife_model::obj::JsonRead;
use crate::components::AsSlot;
use std::sync::Arc;

use serde_json::Value;

use crate::cron::{self, Schedule, Zone};
use super::controller_of;
use podlife_model::obj::fields;
use super::job::{Ctl, Note, get};
use crate::apiserver::Verb;
use crate::clock::{EPOCH_UNIX_SECONDS, Time};
use super::workloads::{Cx, WorkloadControllers};
use crate::Response;

pub const SA: &str = "cronjob-controller";
pub const SCHEDULED_ANNOTATION: &str = "batch.kubernetes.io/cronjob-scheduled-timestamp";
/// `nextScheduleDelta`.
const NEXT_SCHEDULE_DELTA_MS: u64 = 100;

fn s<J: JsonRead>(v: &J) -> &str {
    v.as_str().unwrap_or_default()
}

fn unix_ms(t: Time) -> i64 {
    EPOCH_UNIX_SECONDS * 1000 + t.millis() as i64
}

fn engine_time(unix_secs: i64) -> Time {
    Time(((unix_secs - EPOCH_UNIX_SECONDS).max(0) * 1000) as u64)
}

/// `time.Format(time.RFC3339)` in a fixed zone.
pub fn rfc3339_in(unix_secs: i64, offset: i64) -> String {
    let local = unix_secs + offset;
    let (y, m, d) = cron::civil_from_days(local.div_euclid(86_400));
    let secs = local.rem_euclid(86_400);
    let zone = if offset == 0 {
        "Z".to_string()
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        format!("{sign}{:02}:{:02}", offset.abs() / 3600, offset.abs() % 3600 / 60)
    };
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}{zone}", secs / 3600, secs % 3600 / 60, secs % 60)
}

/// `time.RFC1123Z` in UTC: `Mon, 02 Jan 2006 15:04:05 -0700`.
fn rfc1123z(unix_secs: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let days = unix_secs.div_euclid(86_400);
    let (y, m, d) = cron::civil_from_days(days);
    let secs = unix_secs.rem_euclid(86_400);
    format!("{}, {d:02} {} {y:04} {:02}:{:02}:{:02} +0000", DAYS[days.rem_euclid(7) as usize], MONTHS[m as usize - 1], secs / 3600, secs % 3600 / 60, secs % 60)
}

/// `formatSchedule` + `cron.ParseStandard`, with the zone the schedule is read in.
fn schedule_of<J: JsonRead>(cj: &J) -> Result<(Schedule, Zone), String> {
    let spec = s(&cj["spec"]["schedule"]);
    let tz = cj["spec"]["timeZone"].as_str();
    let text = match tz {
        Some(z) if !spec.contains("TZ") && cron::load_location(z).is_ok() => format!("TZ={z} {spec}"),
        _ => spec.to_string(),
    };
    // kube-controller-manager's own zone (a kubeadm static pod's) is UTC.
    cron::parse_standard(&text).map(|sched| (sched, cron::UTC))
}

#[derive(PartialEq, Eq, Clone, Copy, Debug)]
enum Missed {
    None,
    Few,
    Many,
}

/// `mostRecentScheduleTime` (unix seconds; `now` in engine time).
fn most_recent<J: JsonRead>(cj: &J, now: Time, sched: &Schedule, zone: Zone, with_deadline: bool) -> (i64, Option<i64>, Missed, Option<String>) {
    let now_ms = unix_ms(now);
    let created = Time::from_rfc3339(s(&cj["metadata"]["creationTimestamp"])).unwrap_or(now);
    let mut earliest_ms = unix_ms(created);
    if let Some(last) = cj["status"]["lastScheduleTime"].as_str().and_then(Time::from_rfc3339) {
        earliest_ms = unix_ms(last);
    }
    if with_deadline && let Some(sds) = cj["spec"]["startingDeadlineSeconds"].as_i64() {
        let deadline = now_ms - sds * 1000;
        if deadline > earliest_ms {
            earliest_ms = deadline;
        }
    }
    let earliest = earliest_ms.div_euclid(1000);
    let (Some(t1), Some(t2)) = (sched.next(earliest, zone), sched.next(earliest, zone).and_then(|t| sched.next(t, zone))) else {
        return (earliest, None, Missed::None, Some("time difference between two schedules is less than 1 second".into()));
    };
    if now_ms < t1 * 1000 {
        return (earliest, None, Missed::None, None);
    }
    if now_ms < t2 * 1000 {
        return (earliest, Some(t1), Missed::None, None);
    }
    let between = t2 - t1;
    if between < 1 {
        return (earliest, None, Missed::None, Some("time difference between two schedules is less than 1 second".into()));
    }
    let elapsed = (now_ms - t1 * 1000) / 1000;
    let missed = elapsed / between + 1;
    let potential = t1 + (missed - 2) * between;
    let mut most = None;
    let mut t = sched.next(potential, zone);
    while let Some(x) = t.filter(|x| x * 1000 <= now_ms) {
        most = Some(x);
        t = sched.next(x, zone);
    }
    let kind = if missed > 100 { Missed::Many } else { Missed::Few };
    (earliest, most, kind, None)
}

/// `nextScheduleTimeDuration`, in ms from now.
fn next_duration<J: JsonRead>(cj: &J, now: Time, sched: &Schedule, zone: Zone) -> u64 {
    let (earliest, most, missed, err) = most_recent(cj, now, sched, zone, false);
    let now_s = unix_ms(now).div_euclid(1000);
    let from = match (err, most) {
        (Some(_), _) => now_s,
        (None, Some(t)) => t,
        (None, None) if missed == Missed::None => earliest,
        (None, None) => now_s,
    };
    let next = sched.next(from, zone).unwrap_or(now_s + 5 * 366 * 86_400);
    (next * 1000 + NEXT_SCHEDULE_DELTA_MS as i64 - unix_ms(now)).max(0) as u64
}

fn cj_note(cj: &Arc<crate::Obj>, warning: bool, reason: &'static str, message: String) -> Note {
    Note { kind: "CronJob", api_version: "batch/v1", object: cj.clone(), warning, reason, message }
}

/// `updateCronJob` when the schedule or zone changed: when to sync next, or the event about
/// an unparseable schedule.
pub(crate) fn requeue_after_schedule_change(cj: &Arc<crate::Obj>, now: Time) -> Result<u64, Note> {
    match schedule_of((cj).slot()) {
        Ok((sched, zone)) => Ok(next_duration((cj).slot(), now, &sched, zone)),
        Err(_) => Err(cj_note(cj, true, "UnParseableCronJobSchedule", format!("unparseable schedule for cronjob: {}", s(&cj["spec"]["schedule"])))),
    }
}

/// `byJobStartTime`.
fn by_start_time(a: &Slot, b: &Slot) -> std::cmp::Ordering {
    let start = |j: &Slot| j["status"]["startTime"].as_str().and_then(Time::from_rfc3339);
    match (start(a), start(b)) {
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (Some(_), None) => std::cmp::Ordering::Less,
        (x, y) if x == y => s(&a["metadata"]["name"]).cmp(s(&b["metadata"]["name"])),
        (x, y) => x.cmp(&y),
    }
}

/// `getFinishedStatus`. (Generated field keys here and below: a sync reads every Job the
/// CronJob ever kept, and a CronJob with history limits of a million keeps a day's 1,440.)
/// A Job the CronJob reconciles: its name, its stored version, what was read of it.
type Reconciled = (String, Arc<crate::Obj>, super::job_facts::Facts);

pub(super) fn finished_type(job: &Slot) -> Option<&'static str> {
    use fields::job_condition as c;
    job[fields::job::STATUS][fields::job_status::CONDITIONS].as_array().into_iter().flatten().find_map(|cond| {
        if cond[c::STATUS] != "True" {
            return None;
        }
        match cond[c::TYPE].as_str() {
            Some("Complete") => Some("Complete"),
            Some("Failed") => Some("Failed"),
            _ => None,
        }
    })
}

fn in_active<J: JsonRead>(cj: &J, uid: &str) -> bool {
    cj["status"]["active"].as_array().into_iter().flatten().any(|r| r["uid"] == uid)
}

fn remove_active(cj: &mut Value, uid: &str) {
    let kept: Vec<Value> = cj["status"]["active"].as_array().into_iter().flatten().filter(|r| r["uid"] != uid).cloned().collect();
    if kept.is_empty() {
        if let Some(st) = cj["status"].as_object_mut() {
            st.remove("active");
        }
    } else {
        cj["status"]["active"] = Value::Array(kept);
    }
}

impl WorkloadControllers {
    fn cj_request(&mut self, cx: &mut Cx<'_>, verb: Verb, plural: &str, ns: &str, name: &str, body: Value) -> Result<Response, crate::Status> {
        match super::controller_request(SA, verb, plural, Some(ns), name, body) {
            Some(r) => cx.request(r),
            None => Err(crate::Status::bad_request("no such resource".into())),
        }
    }

    /// `deleteJob`: the Job goes (background propagation), then its entry in `active`.
    fn cj_delete_job(&mut self, cx: &mut Cx<'_>, cj_arc: &Arc<crate::Obj>, cj: &mut Value, job: &Slot) -> bool {
        let (ns, name) = (s(&job["metadata"]["namespace"]).to_string(), s(&job["metadata"]["name"]).to_string());
        match self.cj_request(cx, Verb::Delete, "jobs", &ns, &name, json!({"kind": "DeleteOptions", "apiVersion": "v1", "propagationPolicy": "Background"})) {
            Ok(_) => {
                remove_active(cj, s(&job["metadata"]["uid"]));
                self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, false, "SuccessfulDelete", format!("Deleted job {name}")));
                true
            }
            Err(e) => {
                self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "FailedDelete", format!("Deleted job: {}", e.message)));
                false
            }
        }
    }

    /// `ControllerV2.sync`.
    pub(crate) fn sync_cronjob(&mut self, cx: &mut Cx<'_>, key: &str) {
        let (ns, name) = key.split_once('/').unwrap_or(("", key));
        let cache = cx.cache();
        let Some(cj_arc) = get(cache, "batch", "cronjobs", ns, name).cloned() else {
            self.batch.cronjob_jobs.remove(key);
            return;
        };
        if self.batch_stale(cx, Ctl::CronJob, key, &cj_arc) {
            return;
        }
        // `getJobsToBeReconciled`: every Job whose controller reference names this CronJob
        // (what was read of each kept for the next sync: `job_facts.rs`).
        let memo = super::job_facts::read_jobs(cx.cache(), ns, name, self.batch.cronjob_jobs.remove(key));
        let mut cj: Value = (*cj_arc).to_value();
        let mut update = self.cj_cleanup(cx, &cj_arc, &mut cj, memo.jobs());
        let (requeue, synced) = self.cj_sync(cx, &cj_arc, &mut cj, memo.jobs());
        self.batch.cronjob_jobs.insert(key.to_string(), memo);
        update |= synced;
        if update {
            if let Some(m) = cj["metadata"].as_object_mut() {
                m.remove("resourceVersion");
                m.remove("managedFields");
            }
            if let Some(mut r) = super::controller_request(SA, Verb::Update, "cronjobs", Some(ns), name, cj) {
                r.subresource = Some("status".into());
                if let Ok(Response::Object(o)) = cx.request(r) {
                    self.batch_written(Ctl::CronJob, key, &crate::Obj::untyped(&o));
                }
            }
        }
        if let Some(ms) = requeue {
            self.batch_enqueue(cx, Ctl::CronJob, key.to_string(), ms);
        }
    }

    /// `cleanupFinishedJobs`.
    fn cj_cleanup(&mut self, cx: &mut Cx<'_>, cj_arc: &Arc<crate::Obj>, cj: &mut Value, jobs: &[Reconciled]) -> bool {
        let (succ_limit, fail_limit) = (cj["spec"]["successfulJobsHistoryLimit"].as_i64(), cj["spec"]["failedJobsHistoryLimit"].as_i64());
        if succ_limit.is_none() && fail_limit.is_none() {
            return false;
        }
        let mut update = false;
        let finished: Vec<(Option<&'static str>, &Slot)> = jobs.iter().map(|(_, j, facts)| (facts.finished, j.root())).collect();
        for (kind, limit) in [("Complete", succ_limit), ("Failed", fail_limit)] {
            let Some(limit) = limit else { continue };
            let mut list: Vec<&Slot> = finished.iter().filter(|(t, _)| *t == Some(kind)).map(|(_, j)| *j).collect();
            let n = list.len() as i64 - limit;
            if n <= 0 {
                continue;
            }
            crate::sort::sort_by(&mut list, |a, b| by_start_time(a, b));
            for j in list.into_iter().take(n as usize) {
                if self.cj_delete_job(cx, cj_arc, cj, j) {
                    update = true;
                }
            }
        }
        update
    }

    /// `syncCronJob`: the requeue delay (ms) and whether status changed.
    fn cj_sync(&mut self, cx: &mut Cx<'_>, cj_arc: &Arc<crate::Obj>, cj: &mut Value, jobs: &[Reconciled]) -> (Option<u64>, bool) {
        let now = cx.now();
        let mut update = false;
        let ns = s(&cj["metadata"]["namespace"]).to_string();
        // The last success as upstream holds it, parsed once (a `*metav1.Time`).
        let mut last_success = cj["status"]["lastSuccessfulTime"].as_str().and_then(Time::from_rfc3339);
        for (_, j, facts) in jobs {
            let juid = facts.uid.as_str();
            let found = in_active(cj, juid);
            let finished = facts.finished;
            if !found && finished.is_none() {
                // A fresh read before complaining: the informer may lag the controller's own
                // status update.
                if let Ok(Response::Object(fresh)) = self.cj_request(cx, Verb::Get, "cronjobs", &ns, s(&cj["metadata"]["name"]).to_string().as_str(), Value::Null)
                    && in_active(&fresh, juid)
                {
                    *cj = fresh;
                    last_success = cj["status"]["lastSuccessfulTime"].as_str().and_then(Time::from_rfc3339);
                    continue;
                }
                self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "UnexpectedJob", format!("Saw a job that the controller did not create or forgot: {}", s(&j["metadata"]["name"]))));
            } else if let Some(kind) = finished {
                if found {
                    remove_active(cj, juid);
                    self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, false, "SawCompletedJob", format!("Saw completed job: {}, condition: {kind}", s(&j["metadata"]["name"]))));
                    update = true;
                }
                if facts.complete {
                    let done = facts.completion_time;
                    if last_success.is_none() || done.is_some_and(|d| Some(d) > last_success) {
                        cj["status"]["lastSuccessfulTime"] = j["status"]["completionTime"].to_value();
                        last_success = done;
                        update = true;
                    }
                }
            }
        }
        // Active entries whose Job is gone (checked with a GET, as upstream does).
        let children: Vec<&str> = jobs.iter().map(|(_, _, facts)| facts.uid.as_str()).collect();
        let missing: Vec<Value> = cj["status"]["active"].as_array().into_iter().flatten().filter(|r| !children.contains(&s(&r["uid"]))).cloned().collect();
        for r in missing {
            if let Err(e) = self.cj_request(cx, Verb::Get, "jobs", s(&r["namespace"]), s(&r["name"]), Value::Null)
                && e.reason == crate::apiserver::status::Reason::NotFound
            {
                self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, false, "MissingJob", format!("Active job went missing: {}", s(&r["name"]))));
                remove_active(cj, s(&r["uid"]));
                update = true;
            }
        }
        if cj["metadata"]["deletionTimestamp"].is_string() {
            return (None, update);
        }
        if let Some(tz) = cj["spec"]["timeZone"].as_str()
            && let Err(e) = cron::load_location(tz)
        {
            self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "UnknownTimeZone", format!("invalid timeZone: {}: {e}", crate::apiserver::status::quote(tz))));
            return (None, update);
        }
        if cj["spec"]["suspend"] == true {
            return (None, update);
        }
        let spec = s(&cj["spec"]["schedule"]).to_string();
        if spec.contains("TZ") {
            self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "UnsupportedSchedule", format!("CRON_TZ or TZ used in schedule {} is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details", crate::apiserver::status::quote(&spec))));
        }
        let (sched, zone) = match schedule_of(cj) {
            Ok(x) => x,
            Err(e) => {
                self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "UnparseableSchedule", format!("unparseable schedule: {} : {e}", crate::apiserver::status::quote(&spec))));
                return (None, update);
            }
        };
        // `nextScheduleTime`.
        let (_, most, missed, err) = most_recent(cj, now, &sched, zone, true);
        let scheduled = match most.filter(|t| t * 1000 <= unix_ms(now)) {
            None => {
                if let Some(e) = err {
                    self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "InvalidSchedule", format!("invalid schedule: {spec} : {e}")));
                    return (None, update);
                }
                return (Some(next_duration(cj, now, &sched, zone)), update);
            }
            Some(t) => t,
        };
        if missed == Missed::Many {
            self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "TooManyMissedTimes", "too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew".into()));
        }
        if let Some(sds) = cj["spec"]["startingDeadlineSeconds"].as_i64()
            && (scheduled + sds) * 1000 < unix_ms(now)
        {
            self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "MissSchedule", format!("Missed scheduled time to start a job: {}", rfc1123z(scheduled))));
            return (Some(next_duration(cj, now, &sched, zone)), update);
        }
        let job_name = format!("{}-{}", s(&cj["metadata"]["name"]), scheduled.div_euclid(60));
        let scheduled_text = engine_time(scheduled).rfc3339();
        let processed = cj["status"]["active"].as_array().into_iter().flatten().any(|r| r["name"] == job_name.as_str() && r["namespace"] == ns.as_str())
            || cj["status"]["lastScheduleTime"].as_str().and_then(Time::from_rfc3339) == Some(engine_time(scheduled));
        if processed {
            return (Some(next_duration(cj, now, &sched, zone)), update);
        }
        let active_count = cj["status"]["active"].as_array().map_or(0, Vec::len);
        match s(&cj["spec"]["concurrencyPolicy"]) {
            "Forbid" if active_count > 0 => {
                self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, false, "JobAlreadyActive", "Not starting job because prior execution is running and concurrency policy is Forbid".into()));
                return (Some(next_duration(cj, now, &sched, zone)), update);
            }
            "Replace" => {
                let active: Vec<Value> = cj["status"]["active"].as_array().cloned().unwrap_or_default();
                for r in active {
                    let found = get(cx.cache(), "batch", "jobs", s(&r["namespace"]), s(&r["name"])).cloned();
                    let Some(job) = found else {
                        let e = crate::Status::not_found(podlife_model::ResourceType::resolve("jobs").expect("jobs"), s(&r["name"]));
                        self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "FailedGet", format!("Get job: {}", e.message)));
                        return (None, update);
                    };
                    if !self.cj_delete_job(cx, cj_arc, cj, &job) {
                        return (None, update);
                    }
                    update = true;
                }
            }
            _ => {}
        }
        // `getJobFromTemplate2`.
        let template = &cj["spec"]["jobTemplate"];
        let mut annotations = template["metadata"]["annotations"].as_object().cloned().unwrap_or_default();
        // `scheduledTime.In(timeZoneLocation).Format(time.RFC3339)`: the zone's offset then.
        let zone = cj["spec"]["timeZone"].as_str().and_then(|z| cron::load_location(z).ok()).unwrap_or(cron::UTC);
        annotations.insert(SCHEDULED_ANNOTATION.into(), json!(rfc3339_in(scheduled, zone.offset_at(scheduled))));
        let mut meta = json!({"name": job_name, "namespace": ns, "annotations": annotations,
            "ownerReferences": [{"apiVersion": "batch/v1", "kind": "CronJob", "name": cj["metadata"]["name"], "uid": cj["metadata"]["uid"], "controller": true, "blockOwnerDeletion": true}]});
        if let Some(l) = template["metadata"]["labels"].as_object().filter(|l| !l.is_empty()) {
            meta["labels"] = json!(l);
        }
        let body = json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": meta, "spec": template["spec"]});
        let sent = super::job::create_request(SA, "jobs", &ns, body).map(|r| cx.request(r));
        let created = match sent.unwrap_or_else(|| Err(crate::Status::bad_request("no such resource".into()))) {
            Ok(Response::Object(j)) => {
                self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, false, "SuccessfulCreate", format!("Created job {}", s(&j["metadata"]["name"]))));
                j
            }
            Ok(_) => return (None, update),
            Err(e) if e.reason == crate::apiserver::status::Reason::AlreadyExists => {
                let Ok(Response::Object(j)) = self.cj_request(cx, Verb::Get, "jobs", &ns, &job_name, Value::Null) else { return (None, update) };
                let ours = controller_of(&crate::Obj::untyped(&j)).is_some_and(|r| r["uid"] == cj["metadata"]["uid"]);
                if !ours || in_active(cj, s(&j["metadata"]["uid"])) {
                    return (None, update);
                }
                j
            }
            Err(e) => {
                self.batch_event(cx, Ctl::CronJob, cj_note(cj_arc, true, "FailedCreate", format!("Error creating job: {}", e.message)));
                return (None, update);
            }
        };
        let reference = json!({"kind": "Job", "namespace": ns, "name": created["metadata"]["name"], "uid": created["metadata"]["uid"], "apiVersion": "batch/v1", "resourceVersion": created["metadata"]["resourceVersion"]});
        match cj["status"]["active"].as_array_mut() {
            Some(a) => a.push(reference),
            None => cj["status"]["active"] = json!([reference]),
        }
        cj["status"]["lastScheduleTime"] = json!(scheduled_text);
        (Some(next_duration(cj, now, &sched, zone)), true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        let start = EPOCH_UNIX_SECONDS + (crate::clock::SCRIPT_START.millis() / 1000) as i64;
        assert_eq!(rfc3339_in(start, 0), "2026-03-02T09:00:00Z");
        assert_eq!(rfc3339_in(start, 9 * 3600), "2026-03-02T18:00:00+09:00");
        assert_eq!(rfc3339_in(start, -(5 * 3600 + 1800)), "2026-03-02T03:30:00-05:30");
        assert_eq!(rfc1123z(start), "Mon, 02 Mar 2026 09:00:00 +0000");
    }

    fn cj(schedule: &str, created: &str, last: Option<&str>, sds: Option<i64>) -> Value {
        let mut v = json!({"metadata": {"creationTimestamp": created}, "spec": {"schedule": schedule}, "status": {}});
        if let Some(l) = last {
            v["status"]["lastScheduleTime"] = json!(l);
        }
        if let Some(d) = sds {
            v["spec"]["startingDeadlineSeconds"] = json!(d);
        }
        v
    }

    /// `utils_test.go` `TestMostRecentScheduleTime`-style cases on the engine's clock.
    #[test]
    fn most_recent_schedule() {
        let t = |s: &str| Time::from_rfc3339(s).unwrap();
        let secs = |s: &str| unix_ms(t(s)) / 1000;
        let hourly = parse("0 * * * *");
        // Created at 09:00; now 09:30: nothing due yet.
        let c = cj("0 * * * *", "2026-03-02T09:00:00Z", None, None);
        assert_eq!(most_recent(&c, t("2026-03-02T09:30:00Z"), &hourly, cron::UTC, true).1, None);
        // Now 10:00: exactly one.
        assert_eq!(most_recent(&c, t("2026-03-02T10:00:00Z"), &hourly, cron::UTC, true).1, Some(secs("2026-03-02T10:00:00Z")));
        // Now 12:30 after 10:00 ran: 11:00 and 12:00 missed, the most recent is 12:00.
        let c2 = cj("0 * * * *", "2026-03-02T09:00:00Z", Some("2026-03-02T10:00:00Z"), None);
        let (_, most, missed, _) = most_recent(&c2, t("2026-03-02T12:30:00Z"), &hourly, cron::UTC, true);
        assert_eq!((most, missed), (Some(secs("2026-03-02T12:00:00Z")), Missed::Few));
        // Every minute for 3 hours: more than 100 missed.
        let minutely = parse("* * * * *");
        let c3 = cj("* * * * *", "2026-03-02T09:00:00Z", None, None);
        let (_, most, missed, _) = most_recent(&c3, t("2026-03-02T12:00:30Z"), &minutely, cron::UTC, true);
        assert_eq!((most, missed), (Some(secs("2026-03-02T12:00:00Z")), Missed::Many));
        // With a 200 s starting deadline the window is short: few missed.
        let c4 = cj("* * * * *", "2026-03-02T09:00:00Z", None, Some(200));
        assert_eq!(most_recent(&c4, t("2026-03-02T12:00:30Z"), &minutely, cron::UTC, true).2, Missed::Few);
        // The requeue lands 100 ms after the next slot.
        assert_eq!(next_duration(&c, t("2026-03-02T09:30:00Z"), &hourly, cron::UTC), 30 * 60 * 1000 + 100);
    }

    fn parse(s: &str) -> Schedule {
        cron::parse_standard(s).unwrap()
    }

    #[test]
    fn validation_texts() {
        let errs = crate::apiserver::batch_validation::cron_job(&json!({"spec": {"schedule": "61 * * * *", "timeZone": "Mars/Base"}}));
        let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        assert_eq!(text, vec![
            "spec.schedule: Invalid value: \"61 * * * *\": end of range (61) above maximum (59): 61".to_string(),
            "spec.timeZone: Invalid value: \"Mars/Base\": unknown time zone Mars/Base".to_string(),
        ]);
    }
}

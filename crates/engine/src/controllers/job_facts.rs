//! What a CronJob's sync reads of each Job of its namespace, kept between its syncs.
//!
//! Upstream's CronJob controller (`ControllerV2.sync`, `getJobsToBeReconciled`) lists every Job
//! of the namespace at each sync and keeps those whose controller reference names the
//! CronJob; every update of one of its Jobs queues the CronJob again. A CronJob that runs every
//! minute and keeps its history keeps every Job: a day of it is 1,440 Jobs, each updated a few
//! times, each update a sync over all of them. A Job whose stored version has not changed
//! since the last sync gives the same answers (is it this CronJob's, its uid, finished how,
//! completed when), so only the Jobs that changed are read again. As in `pod_facts.rs`, each
//! entry holds the Job's `Arc`: `Arc::ptr_eq` with the cache's copy says "unchanged". The
//! answers also depend on the CronJob's name, so a memo is used only for the same name.

use std::sync::Arc;

use crate::clock::Time;
use crate::components::Cache;

/// One Job's answers.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Facts {
    pub uid: String,
    /// `IsJobFinished`'s condition type: `Complete` or `Failed`.
    pub finished: Option<&'static str>,
    /// A `Complete` condition is true.
    pub complete: bool,
    pub completion_time: Option<Time>,
}

impl Facts {
    fn read(job: &crate::Slot) -> Facts {
        Facts {
            uid: job["metadata"]["uid"].as_str().unwrap_or_default().to_string(),
            finished: super::cronjob::finished_type(job),
            complete: super::job::condition_true(job, "Complete"),
            completion_time: job["status"]["completionTime"].as_str().and_then(Time::from_rfc3339),
        }
    }
}

/// One CronJob's memo: its Jobs in name order, as its last sync read them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Memo {
    owner: String,
    jobs: Vec<(String, Arc<crate::Obj>, Facts)>,
}

impl Memo {
    /// The Jobs, with what was read of each.
    pub(super) fn jobs(&self) -> &[(String, Arc<crate::Obj>, Facts)] {
        &self.jobs
    }
}

/// The Jobs of namespace `ns` whose controller reference names the CronJob `owner`, in name
/// order, each with its facts: read again only where the Job changed since `memo` (or all of
/// them, for a memo of another name). Returns the memo for the next sync.
pub(super) fn read_jobs(cache: &Cache, ns: &str, owner: &str, memo: Option<Box<Memo>>) -> Box<Memo> {
    let previous = memo.filter(|m| m.owner == owner).map(|m| m.jobs).unwrap_or_default();
    let mut jobs = Vec::with_capacity(previous.len() + 1);
    let mut previous = previous.into_iter().peekable();
    for (key, job) in crate::components::cached_in(cache, "batch", "jobs", ns) {
        // Jobs gone since (names before this one) drop out.
        while previous.next_if(|(name, ..)| name.as_str() < key.name.as_str()).is_some() {}
        if let Some(kept) = previous.next_if(|(name, kept, _)| *name == key.name && Arc::ptr_eq(kept, job)) {
            jobs.push(kept);
            continue;
        }
        // Another CronJob's Jobs (and Jobs of no CronJob) are not kept: whose they are is all
        // a sync reads of them.
        if super::controller_of(job).is_some_and(|r| r[podlife_model::obj::fields::owner_reference::NAME] == owner) {
            jobs.push((key.name.clone(), job.clone(), Facts::read(job)));
        }
    }
    Box::new(Memo { owner: owner.to_string(), jobs })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::ObjectKey;

    fn key(name: &str) -> ObjectKey {
        ObjectKey { group: "batch", resource: "jobs", namespace: "default".into(), name: name.into() }
    }

    fn job(name: &str, owner: Option<&str>, complete: bool) -> Arc<crate::Obj> {
        let refs = owner.map(|o| json!([{"apiVersion": "batch/v1", "kind": "CronJob", "name": o, "uid": "cj", "controller": true}])).unwrap_or(json!([]));
        let status = if complete { json!({"completionTime": "2026-03-02T09:01:05Z", "conditions": [{"type": "Complete", "status": "True"}]}) } else { json!({"active": 1}) };
        Arc::new(crate::Obj::untyped(&json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": name, "namespace": "default", "uid": format!("uid-{name}"), "ownerReferences": refs}, "status": status})))
    }

    /// What a sync without a memo reads: every Job of the namespace, read afresh.
    fn fresh(cache: &Cache, owner: &str) -> Vec<(String, Facts)> {
        read_jobs(cache, "default", owner, None).jobs.iter().map(|(n, _, f)| (n.clone(), f.clone())).collect()
    }

    fn kept(memo: &Memo) -> Vec<(String, Facts)> {
        memo.jobs.iter().map(|(n, _, f)| (n.clone(), f.clone())).collect()
    }

    /// Jobs that finish, come, go and belong to another CronJob: the memo answers as a fresh
    /// read does, and a memo of another CronJob's name is not used.
    #[test]
    fn a_memo_answers_as_a_fresh_read() {
        let mut cache = Cache::default();
        cache.insert(key("cj-1"), job("cj-1", Some("cj"), true));
        cache.insert(key("cj-2"), job("cj-2", Some("cj"), false));
        cache.insert(key("other-1"), job("other-1", Some("other"), false));
        cache.insert(key("plain"), job("plain", None, false));
        let memo = read_jobs(&cache, "default", "cj", None);
        assert_eq!(memo.jobs.len(), 2);
        cache.insert(key("cj-2"), job("cj-2", Some("cj"), true));
        cache.insert(key("cj-3"), job("cj-3", Some("cj"), false));
        cache.remove(&key("cj-1"));
        let memo = read_jobs(&cache, "default", "cj", Some(memo));
        assert_eq!(kept(&memo), fresh(&cache, "cj"));
        assert!(kept(&memo)[0].1.complete && kept(&memo)[0].1.completion_time.is_some());
        let other = read_jobs(&cache, "default", "other", Some(memo));
        assert_eq!(kept(&other), fresh(&cache, "other"));
        assert_eq!(kept(&other).len(), 1);
    }
}

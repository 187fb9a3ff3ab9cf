//! The resource quota controller (upstream: `pkg/controller/resourcequota/resource_quota_controller.go`
//! `syncResourceQuota`, `replenishQuota`, and `resource_quota_monitor.go`): a quota whose
//! `spec.hard` is not yet its `status.hard`, or that has no usage yet, is counted from what
//! the namespace holds; `status.hard` becomes `spec.hard` and `status.used` the usage of the
//! limited resources. Deleting an object, or a pod reaching a terminal phase, recounts the
//! namespace's quotas that limit its kind (replenishment); admission charges the rest.
//!
//! Not modelled: the full recount of every quota each `--resource-quota-sync-period` (5 min),
//! which only corrects charges admission made for objects whose creation then failed.

use crate::Slot;

use super::{Write, controller_identity, user_agent};
use crate::apiserver::{Request, Verb};
use crate::clock::Time;
use crate::quota::{self, Usage};
use crate::store::{EventType, WatchEvent};
use podlife_model::ResourceType;

const SA: &str = "resourcequota-controller";
pub const KIND: &str = "ResourceQuota";

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent, now: Time) -> Vec<Write> {
    let key = &event.key;
    let ns = key.namespace.as_str();
    if ns.is_empty() {
        return vec![];
    }
    if key.group.is_empty() && key.resource == "resourcequotas" {
        // Spec changes drive status (`updateQuota` ignores the controller's own writes).
        if event.event_type == EventType::Deleted || !needs_sync(&event.object) {
            return vec![];
        }
        return sync(cache, &event.object, now).into_iter().collect();
    }
    let replenish = match event.event_type {
        EventType::Deleted => true,
        EventType::Modified => key.group.is_empty() && key.resource == "pods" && !quota::pod_counts(&event.object, now),
        EventType::Added => false,
    };
    if !replenish {
        return vec![];
    }
    // Only the quotas that limit something of this kind are recounted.
    super::of(cache, "", "resourcequotas", ns)
        .filter(|q| {
            let hard: Vec<String> = quota::from_json(&q["status"]["hard"]).into_keys().collect();
            !quota::matching_resources(&key.group, &key.resource, &hard).is_empty()
        })
        .filter_map(|q| sync(cache, q, now))
        .collect()
}

/// A requeued key (after a conflict): the quota as the cache has it now.
pub fn resync(cache: &crate::components::Cache, namespace: &str, name: &str, now: Time) -> Vec<Write> {
    super::of(cache, "", "resourcequotas", namespace).find(|q| q["metadata"]["name"] == name).and_then(|q| sync(cache, q, now)).into_iter().collect()
}

/// The quota's status does not reflect its spec yet.
fn needs_sync(q: &Slot) -> bool {
    q["status"]["hard"].is_null() || q["status"]["used"].is_null() || quota::from_json(&q["spec"]["hard"]) != quota::from_json(&q["status"]["hard"])
}

/// `syncResourceQuota`: the status it writes, if anything changed.
fn sync(cache: &crate::components::Cache, q: &Slot, now: Time) -> Option<Write> {
    let ns = q["metadata"]["namespace"].as_str()?;
    let name = q["metadata"]["name"].as_str()?;
    let hard = quota::from_json(&q["spec"]["hard"]);
    let hard_names: Vec<String> = hard.keys().cloned().collect();
    // Past usage is kept where nothing is recounted, then masked to the hard limits.
    let mut used = quota::from_json(&q["status"]["used"]);
    for (group, resource) in counted_kinds(&hard_names) {
        let objects = super::of(cache, group, resource, ns);
        for (k, v) in quota::kind_usage(group, resource, q, &hard_names, objects, now) {
            used.insert(k, v);
        }
    }
    let used: Usage = quota::mask(&used, &hard_names);
    let dirty = needs_sync(q) || used != quota::from_json(&q["status"]["used"]);
    if !dirty {
        return None;
    }
    let mut body = q.to_value();
    body["status"] = json!({"hard": quota::to_json(&hard), "used": quota::to_json(&used)});
    let rt = ResourceType::resolve("resourcequotas")?;
    let mut request = Request::new(Verb::Update, rt);
    request.namespace = Some(ns.to_string());
    request.name = Some(name.to_string());
    request.subresource = Some("status".into());
    request.body = Some(body);
    request.credentials = Some(controller_identity(SA));
    request.user_agent = user_agent(SA);
    request.field_manager = "kube-controller-manager".into();
    Some(Write::now("resourcequota", request).requeue(KIND, ns, name))
}

/// The kinds whose evaluators track one of these names: the pod, service and claim
/// evaluators, and object counts (`count/<resource>[.<group>]`, the legacy names).
fn counted_kinds(hard: &[String]) -> Vec<(&'static str, &'static str)> {
    podlife_model::RESOURCES
        .iter()
        .filter(|r| r.namespaced)
        .map(|r| (r.group, r.plural))
        .filter(|(g, r)| !quota::matching_resources(g, r, hard).is_empty())
        .collect()
}

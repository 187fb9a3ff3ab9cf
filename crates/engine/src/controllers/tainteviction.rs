//! The taint eviction controller (upstream `pkg/controller/tainteviction/taint_eviction.go`):
//! pods on a node with a NoExecute taint they do not tolerate are deleted at once; pods that
//! tolerate it for `tolerationSeconds` are deleted when that time has passed (from the taint's
//! `timeAdded`), unless the taint is gone by then. Before deleting, the pod gets the
//! DisruptionTarget condition and a `TaintManagerEviction` event.


use serde_json::Value;

use super::{Guard, Write, controller_identity, user_agent};
use crate::apiserver::{Request, Verb};
use crate::clock::Time;
use crate::store::{EventType, ObjectKey, WatchEvent};
use podlife_model::ResourceType;

const SA: &str = "node-controller";
const SOURCE: &str = "taint-eviction-controller";

fn tolerates(tol: &Value, taint: &Value) -> bool {
    let effect_ok = tol["effect"].as_str().is_none_or(|e| e.is_empty() || Some(e) == taint["effect"].as_str());
    let key_ok = tol["key"].as_str().is_none_or(|k| k.is_empty() || Some(k) == taint["key"].as_str());
    let value_ok = match tol["operator"].as_str().unwrap_or("Equal") {
        "Exists" => true,
        "Equal" | "" => tol["value"].as_str().unwrap_or_default() == taint["value"].as_str().unwrap_or_default(),
        _ => false,
    };
    effect_ok && key_ok && value_ok
}

/// `None`: tolerated forever; `Some(0)`: evict now; `Some(ms)`: evict after `ms`.
fn eviction_delay(pod: &Value, node: &Value, now: Time) -> Option<u64> {
    let taints: Vec<&Value> = node["spec"]["taints"].as_array().map(|a| a.iter().filter(|t| t["effect"] == "NoExecute").collect()).unwrap_or_default();
    if taints.is_empty() {
        return None;
    }
    let tolerations = pod["spec"]["tolerations"].as_array().cloned().unwrap_or_default();
    let mut min_ms: Option<u64> = None;
    for taint in taints {
        let matching: Vec<&Value> = tolerations.iter().filter(|t| tolerates(t, taint)).collect();
        if matching.is_empty() {
            return Some(0);
        }
        // getMinTolerationTime: the smallest tolerationSeconds among matching tolerations
        // (none set means forever).
        let Some(secs) = matching.iter().filter_map(|t| t["tolerationSeconds"].as_i64()).min() else { continue };
        let added = taint["timeAdded"].as_str().and_then(Time::from_rfc3339).unwrap_or(now);
        let due = added.millis().saturating_add((secs.max(0) as u64).saturating_mul(1000));
        let wait = due.saturating_sub(now.millis());
        min_ms = Some(min_ms.map_or(wait, |m| m.min(wait)));
    }
    min_ms
}

/// An object from the informer cache by key (a lookup, not a scan: the cache holds every object).
fn cached<'a>(cache: &'a crate::components::Cache, resource: &str, namespace: Option<&str>, name: &str) -> Option<&'a Value> {
    let rt = podlife_model::ResourceType::resolve(resource)?;
    cache.get(&ObjectKey::new(rt, namespace, name)).map(|v| &**v)
}

pub fn still_evictable(cache: &crate::components::Cache, namespace: &str, name: &str, node: &str) -> bool {
    let pod = cached(cache, "pods", Some(namespace), name);
    let node_obj = cached(cache, "nodes", None, node);
    match (pod, node_obj) {
        (Some(p), Some(n)) => {
            let already = p["status"]["conditions"]
                .as_array()
                .is_some_and(|cs| cs.iter().any(|c| c["type"] == "DisruptionTarget" && c["reason"] == "DeletionByTaintManager"));
            p["spec"]["nodeName"] == node && p["metadata"]["deletionTimestamp"].is_null() && !already && eviction_delay(p, n, Time(u64::MAX)).is_some()
        }
        _ => false,
    }
}

/// The three writes of an eviction: the event, the DisruptionTarget condition, the delete.
fn evict(pod: &Value, delay_ms: u64, node: &str, now: Time) -> Vec<Write> {
    let (Some(pods), Some(events)) = (ResourceType::resolve("pods"), ResourceType::resolve("events")) else { return vec![] };
    let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
    let name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let at = now.plus_millis(delay_ms);
    let guard = Some(Guard::StillEvictable { namespace: ns.clone(), name: name.clone(), node: node.to_string() });
    let with = |mut r: Request| {
        r.namespace = Some(ns.clone());
        r.credentials = Some(controller_identity(SA));
        r.user_agent = user_agent(SOURCE);
        r
    };
    let mut event = with(Request::new(Verb::Create, events));
    let unix_nanos = (crate::clock::EPOCH_UNIX_SECONDS as i128 * 1_000_000_000 + at.millis() as i128 * 1_000_000) as u128;
    event.body = Some(json!({
        "apiVersion": "v1", "kind": "Event",
        "metadata": {"name": format!("{name}.{unix_nanos:x}"), "namespace": ns},
        "involvedObject": {"apiVersion": "v1", "kind": "Pod", "name": name, "namespace": ns, "uid": pod["metadata"]["uid"]},
        "reason": "TaintManagerEviction", "message": format!("Marking for deletion Pod {ns}/{name}"), "type": "Normal",
        "source": {"component": SOURCE}, "firstTimestamp": at.rfc3339(), "lastTimestamp": at.rfc3339(), "count": 1,
        "reportingComponent": SOURCE, "reportingInstance": ""
    }));
    let mut status_body = pod.clone();
    let mut conditions: Vec<Value> = pod["status"]["conditions"].as_array().cloned().unwrap_or_default();
    conditions.retain(|c| c["type"] != "DisruptionTarget");
    conditions.push(json!({"type": "DisruptionTarget", "status": "True", "reason": "DeletionByTaintManager",
        "message": "Taint manager: deleting due to NoExecute taint", "lastProbeTime": null, "lastTransitionTime": at.rfc3339()}));
    status_body["status"]["conditions"] = json!(conditions);
    let mut status = with(Request::new(Verb::Update, pods));
    status.name = Some(name.clone());
    status.subresource = Some("status".into());
    status.body = Some(status_body);
    let mut delete = with(Request::new(Verb::Delete, pods));
    delete.name = Some(name.clone());
    vec![Write { controller: "taint-eviction", request: event, then: vec![status, delete], delay_ms, guard, follow: None }]
}

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent, now: Time) -> Vec<Write> {
    if event.event_type == EventType::Deleted {
        return vec![];
    }
    match event.key.resource.as_str() {
        "nodes" => {
            let node = &event.object;
            cache
                .iter()
                .filter(|(k, v)| k.resource == "pods" && v["spec"]["nodeName"] == event.key.name.as_str() && v["metadata"]["deletionTimestamp"].is_null())
                .flat_map(|(_, pod)| match eviction_delay(pod, node, now) {
                    Some(d) => evict(pod, d, &event.key.name, now),
                    None => vec![],
                })
                .collect()
        }
        // A pod newly bound to a tainted node (later updates are covered by the guard).
        "pods" if event.event_type == EventType::Added || event.object["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "PodScheduled" && c["status"] == "True" && c["lastTransitionTime"].as_str() == Some(now.rfc3339().as_str()))) => {
            let pod = &event.object;
            let Some(node_name) = pod["spec"]["nodeName"].as_str().filter(|n| !n.is_empty()) else { return vec![] };
            if !pod["metadata"]["deletionTimestamp"].is_null() {
                return vec![];
            }
            let Some(node) = cached(cache, "nodes", None, node_name) else { return vec![] };
            match eviction_delay(pod, node, now) {
                Some(d) => evict(pod, d, node_name, now),
                None => vec![],
            }
        }
        _ => vec![],
    }
}

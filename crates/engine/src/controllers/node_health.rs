//! The node lifecycle controller's health monitor (`pkg/controller/nodelifecycle`,
//! `monitorNodeHealth` every `--node-monitor-period` 5 s): a node whose Lease has not been
//! renewed for `--node-monitor-grace-period` (50 s since 1.32) gets its conditions set to
//! Unknown (`NodeStatusUnknown`, `Kubelet stopped posting node status.`), the
//! `node.kubernetes.io/unreachable` NoSchedule and NoExecute taints, and its pods are marked
//! not ready (`MarkPodsNotReady`, with a `NodeNotReady` event each). The taint eviction
//! controller then evicts the pods after their `tolerationSeconds`. When the kubelet posts
//! Ready again, the taints go.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{Write, controller_identity, user_agent};
use crate::apiserver::{Request, Verb};
use crate::clock::Time;
use crate::store::ObjectKey;
use podlife_model::ResourceType;

pub const NODE_MONITOR_PERIOD_MS: u64 = 5_000;
pub const NODE_MONITOR_GRACE_MS: u64 = 50_000;
const SA: &str = "node-controller";
const UNREACHABLE: &str = "node.kubernetes.io/unreachable";
const NOT_READY: &str = "node.kubernetes.io/not-ready";

/// What the controller remembers of each node (`nodeHealthData`): when it last saw the Lease
/// move, and the renew time it saw.
#[derive(Debug, Clone, Default)]
pub struct NodeHealth {
    pub probe_timestamp: Time,
    pub renew_time: String,
}

fn request(verb: Verb, plural: &str, namespace: Option<&str>, name: &str, body: Value) -> Option<Request> {
    super::controller_request(SA, verb, plural, namespace, name, body)
}

fn event(involved: Value, namespace: &str, reason: &str, kind: &str, message: &str, now: Time, seq: usize) -> Option<Request> {
    use crate::kubelet::events::{Note, Source, core_event, event_nanos};
    let name = format!("{}.{:x}", involved["name"].as_str().unwrap_or_default(), event_nanos(now) + seq as u128);
    let body = core_event(&name, namespace, involved, Note { kind, reason, message }, Source { component: "node-controller", host: None }, now);
    let rt = ResourceType::resolve("events")?;
    let mut r = Request::new(Verb::Create, rt);
    r.namespace = Some(namespace.to_string());
    r.body = Some(body);
    r.credentials = Some(controller_identity(SA));
    r.user_agent = user_agent(SA);
    Some(r)
}

/// One pass of `monitorNodeHealth` over the controller's cache.
pub fn monitor(cache: &crate::components::Cache, health: &mut BTreeMap<String, NodeHealth>, now: Time) -> Vec<Write> {
    let mut writes = vec![];
    let (Some(nrt), Some(lrt)) = (ResourceType::resolve("nodes"), ResourceType::resolve("leases")) else { return writes };
    let first = ObjectKey::new(nrt, None, "");
    let nodes = cache.range(first..).take_while(|(k, _)| k.group.is_empty() && k.resource == "nodes");
    for (key, node) in nodes {
        let node: &Value = node;
        let name = key.name.as_str();
        let renew = cache.get(&ObjectKey::new(lrt, Some("kube-node-lease"), name)).and_then(|l| l["spec"]["renewTime"].as_str()).unwrap_or_default().to_string();
        let conditions: Vec<Value> = node["status"]["conditions"].as_array().cloned().unwrap_or_default();
        // Either heartbeat counts: the Lease's renew time or the Ready condition's.
        let beat = conditions.iter().find(|c| c["type"] == "Ready").and_then(|c| c["lastHeartbeatTime"].as_str()).unwrap_or_default();
        let seen = format!("{renew}|{beat}");
        let h = health.entry(name.to_string()).or_insert_with(|| NodeHealth { probe_timestamp: now, renew_time: seen.clone() });
        if h.renew_time != seen {
            h.renew_time = seen;
            h.probe_timestamp = now;
        }
        let ready = conditions.iter().find(|c| c["type"] == "Ready").map(|c| c["status"].as_str().unwrap_or_default().to_string()).unwrap_or_default();
        let taints: Vec<Value> = node["spec"]["taints"].as_array().cloned().unwrap_or_default();
        let stale = now.millis().saturating_sub(h.probe_timestamp.millis()) > NODE_MONITOR_GRACE_MS;
        if stale && ready != "Unknown" {
            // tryUpdateNodeHealth: every condition becomes Unknown.
            let mut updated = node.clone();
            let mut conds = conditions.clone();
            for c in conds.iter_mut() {
                c["status"] = json!("Unknown");
                c["reason"] = json!("NodeStatusUnknown");
                c["message"] = json!("Kubelet stopped posting node status.");
                c["lastTransitionTime"] = json!(now.rfc3339());
            }
            updated["status"]["conditions"] = json!(conds);
            let Some(mut status) = request(Verb::Update, "nodes", None, name, updated.clone()) else { continue };
            status.subresource = Some("status".into());
            let mut then = vec![];
            // The NoSchedule and NoExecute tainting passes.
            let mut new_taints: Vec<Value> = taints.iter().filter(|t| t["key"] != NOT_READY && t["key"] != UNREACHABLE).cloned().collect();
            new_taints.push(json!({"key": UNREACHABLE, "effect": "NoSchedule"}));
            new_taints.push(json!({"key": UNREACHABLE, "effect": "NoExecute", "timeAdded": now.rfc3339()}));
            let mut tainted = updated;
            tainted["spec"]["taints"] = json!(new_taints);
            then.extend(request(Verb::Update, "nodes", None, name, tainted));
            then.extend(event(json!({"kind": "Node", "name": name, "uid": name, "apiVersion": "v1"}), "default", "NodeNotReady", "Normal", &format!("Node {name} status is now: NodeNotReady"), now, 0));
            // MarkPodsNotReady.
            let pods = cache.iter().filter(|(k, p)| k.resource == "pods" && p["spec"]["nodeName"] == name);
            for (i, (pk, pod)) in pods.enumerate() {
                let mut p: Value = (**pod).clone();
                let mut changed = false;
                if let Some(cs) = p["status"]["conditions"].as_array_mut() {
                    for c in cs.iter_mut().filter(|c| c["type"] == "Ready" && c["status"] != "False") {
                        c["status"] = json!("False");
                        c["lastTransitionTime"] = json!(now.rfc3339());
                        changed = true;
                    }
                }
                if !changed {
                    continue;
                }
                if let Some(mut r) = request(Verb::Update, "pods", Some(&pk.namespace), &pk.name, p) {
                    r.subresource = Some("status".into());
                    then.push(r);
                }
                let involved = json!({"kind": "Pod", "namespace": pk.namespace, "name": pk.name, "uid": pod["metadata"]["uid"], "apiVersion": "v1"});
                then.extend(event(involved, &pk.namespace, "NodeNotReady", "Warning", "Node is not ready", now, i + 1));
            }
            writes.push(Write { controller: "nodelifecycle", request: status, then, delay_ms: 0, guard: None, follow: None });
        } else if ready == "True" && taints.iter().any(|t| t["key"] == UNREACHABLE || t["key"] == NOT_READY) {
            let mut updated = node.clone();
            let kept: Vec<Value> = taints.into_iter().filter(|t| t["key"] != UNREACHABLE && t["key"] != NOT_READY).collect();
            if kept.is_empty() {
                if let Some(spec) = updated["spec"].as_object_mut() {
                    spec.remove("taints");
                }
            } else {
                updated["spec"]["taints"] = json!(kept);
            }
            if let Some(r) = request(Verb::Update, "nodes", None, name, updated) {
                writes.push(Write::now("nodelifecycle", r));
            }
        }
    }
    writes
}

//! The node lifecycle controller's NoSchedule tainting pass (upstream:
//! `pkg/controller/nodelifecycle/node_lifecycle_controller.go`, `doNoScheduleTaintingPass`):
//! a cordoned node (`spec.unschedulable`) gets `node.kubernetes.io/unschedulable:NoSchedule`,
//! and loses it when uncordoned. (Condition taints come with the kubelet's heartbeats.)


use serde_json::Value;

use super::{Write, controller_request};
use crate::apiserver::Verb;
use crate::store::{EventType, WatchEvent};

const TAINT_KEY: &str = "node.kubernetes.io/unschedulable";
const SA: &str = "node-controller";

pub fn reconcile(_cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    if event.key.resource != "nodes" || event.event_type == EventType::Deleted {
        return vec![];
    }
    let node: &Value = &event.object;
    let cordoned = node["spec"]["unschedulable"].as_bool().unwrap_or(false);
    let taints: Vec<Value> = node["spec"]["taints"].as_array().cloned().unwrap_or_default();
    let has = taints.iter().any(|t| t["key"] == TAINT_KEY && t["effect"] == "NoSchedule");
    if cordoned == has {
        return vec![];
    }
    let mut updated = node.clone();
    let mut new_taints = taints;
    if cordoned {
        new_taints.push(json!({"key": TAINT_KEY, "effect": "NoSchedule"}));
    } else {
        new_taints.retain(|t| !(t["key"] == TAINT_KEY && t["effect"] == "NoSchedule"));
    }
    if new_taints.is_empty() {
        if let Some(spec) = updated["spec"].as_object_mut() {
            spec.remove("taints");
        }
    } else {
        updated["spec"]["taints"] = json!(new_taints);
    }
    controller_request(SA, Verb::Update, "nodes", None, &event.key.name, updated).map(|r| Write::now("nodelifecycle", r)).into_iter().collect()
}

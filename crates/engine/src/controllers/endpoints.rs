//! The Endpoints controller: the legacy `v1 Endpoints` object of every Service with a
//! selector (upstream: `pkg/controller/endpoint/endpoints_controller.go`, `syncService`;
//! `pkg/api/v1/endpoints` `RepackSubsets`). Kept because `kubectl get endpoints` is what many
//! tutorials show; kube-apiserver warns that it is deprecated.
//!
//! Modelled: ready pods in `addresses`, not-ready ones in `notReadyAddresses`, terminating
//! pods left out (unless `publishNotReadyAddresses`), one subset per distinct port list,
//! addresses in IP order, the Service's labels, the object created even with no pods and
//! deleted with its Service. Not modelled: the 1000-address cap and its `over-capacity`
//! annotation, the `last-change-trigger-time` annotation.

use std::collections::BTreeMap;

use serde_json::Value;

use super::endpointslice::{find_port, of, pod_ready, services_selecting};
use super::{Write, controller_request};
use crate::apiserver::Verb;
use crate::store::{EventType, WatchEvent};

pub const CONTROLLER: &str = "endpoint-controller";

fn services_to_sync(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<(String, String, bool)> {
    let ns = event.key.namespace.clone();
    match event.key.resource.as_str() {
        "services" => vec![(ns, event.key.name.clone(), event.event_type == EventType::Deleted)],
        "pods" => {
            let mut names = services_selecting(cache, &ns, &event.object["metadata"]["labels"]);
            for ep in of(cache, "", "endpoints", &ns) {
                let lists_pod = ep["subsets"].as_array().into_iter().flatten().any(|s| {
                    ["addresses", "notReadyAddresses"].iter().any(|k| s[*k].as_array().into_iter().flatten().any(|a| a["targetRef"]["name"] == event.key.name.as_str()))
                });
                if lists_pod && let Some(n) = ep["metadata"]["name"].as_str() {
                    names.push(n.to_string());
                }
            }
            names.sort();
            names.dedup();
            names.into_iter().map(|n| (ns.clone(), n, false)).collect()
        }
        _ => Vec::new(),
    }
}

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    services_to_sync(cache, event).into_iter().flat_map(|(ns, name, deleted)| sync_service(cache, &ns, &name, deleted)).collect()
}

fn sync_service(cache: &crate::components::Cache, ns: &str, name: &str, deleted: bool) -> Vec<Write> {
    let existing = of(cache, "", "endpoints", ns).find(|e| e["metadata"]["name"] == name);
    let svc = of(cache, "", "services", ns).find(|s| s["metadata"]["name"] == name);
    let Some(svc) = svc.filter(|_| !deleted) else {
        // The Service is gone: so is its Endpoints object.
        return match existing {
            Some(_) => controller_request(CONTROLLER, Verb::Delete, "endpoints", Some(ns), name, Value::Null)
                .map(|mut r| {
                    r.body = None;
                    vec![Write::now(CONTROLLER, r)]
                })
                .unwrap_or_default(),
            None => Vec::new(),
        };
    };
    if svc["spec"]["type"] == "ExternalName" || !svc["spec"]["selector"].is_object() {
        return Vec::new();
    }
    let publish = svc["spec"]["publishNotReadyAddresses"] == true;
    let selector = json!({"matchLabels": svc["spec"]["selector"]});
    let service_ports: Vec<&Value> = svc["spec"]["ports"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
    // Subsets by port list (RepackSubsets), each with its ready and not-ready addresses.
    let mut subsets: BTreeMap<String, (Value, Vec<Value>, Vec<Value>)> = BTreeMap::new();
    for pod in of(cache, "", "pods", ns).filter(|p| crate::labels::selector_matches(&selector, &p["metadata"]["labels"])) {
        // ShouldPodBeInEndpoints(pod, publishNotReadyAddresses).
        let phase = pod["status"]["phase"].as_str().unwrap_or_default();
        let Some(ip) = pod["status"]["podIP"].as_str().filter(|ip| !ip.is_empty()) else { continue };
        if phase == "Succeeded" || phase == "Failed" || (pod["metadata"]["deletionTimestamp"].is_string() && !publish) {
            continue;
        }
        let mut address = json!({"ip": ip, "targetRef": {"kind": "Pod", "namespace": ns, "name": pod["metadata"]["name"], "uid": pod["metadata"]["uid"]}});
        if let Some(node) = pod["spec"]["nodeName"].as_str() {
            address["nodeName"] = json!(node);
        }
        let hostname = pod["spec"]["hostname"].as_str().unwrap_or_default();
        if !hostname.is_empty() && pod["spec"]["subdomain"] == svc["metadata"]["name"] {
            address["hostname"] = json!(hostname);
        }
        let ports: Vec<Value> = service_ports
            .iter()
            .filter_map(|p| {
                let target = find_port(pod, p)?;
                let mut port = json!({"port": target, "protocol": p["protocol"].as_str().unwrap_or("TCP")});
                if let Some(n) = p["name"].as_str().filter(|n| !n.is_empty()) {
                    port["name"] = json!(n);
                }
                if let Some(app) = p["appProtocol"].as_str() {
                    port["appProtocol"] = json!(app);
                }
                Some(port)
            })
            .collect();
        if ports.is_empty() && !service_ports.is_empty() {
            continue;
        }
        let ports = Value::Array(ports);
        let entry = subsets.entry(ports.to_string()).or_insert_with(|| (ports.clone(), Vec::new(), Vec::new()));
        if publish || pod_ready(pod) {
            entry.1.push(address);
        } else {
            entry.2.push(address);
        }
    }
    let by_ip = |a: &Value, b: &Value| a["ip"].as_str().cmp(&b["ip"].as_str()).then_with(|| a["targetRef"]["uid"].as_str().cmp(&b["targetRef"]["uid"].as_str()));
    let subsets: Vec<Value> = subsets
        .into_values()
        .map(|(ports, mut ready, mut not_ready)| {
            ready.sort_by(by_ip);
            not_ready.sort_by(by_ip);
            let mut s = serde_json::Map::new();
            if !ready.is_empty() {
                s.insert("addresses".into(), Value::Array(ready));
            }
            if !not_ready.is_empty() {
                s.insert("notReadyAddresses".into(), Value::Array(not_ready));
            }
            if ports.as_array().is_some_and(|p| !p.is_empty()) {
                s.insert("ports".into(), ports);
            }
            Value::Object(s)
        })
        .collect();
    let mut labels = svc["metadata"]["labels"].as_object().cloned().unwrap_or_default();
    let cluster_ip = svc["spec"]["clusterIP"].as_str().unwrap_or_default();
    if cluster_ip.is_empty() || cluster_ip == "None" {
        labels.insert("service.kubernetes.io/headless".into(), json!(""));
    }
    let labels = if labels.is_empty() { Value::Null } else { Value::Object(labels) };
    let subsets_value = if subsets.is_empty() { Value::Null } else { Value::Array(subsets) };
    match existing {
        Some(old) => {
            if old["subsets"] == subsets_value && old["metadata"]["labels"] == labels {
                return Vec::new();
            }
            let mut body = old.clone();
            body["metadata"]["labels"] = labels;
            body["subsets"] = subsets_value;
            if let Some(o) = body.as_object_mut()
                && o["subsets"].is_null()
            {
                o.remove("subsets");
            }
            if let Some(m) = body["metadata"].as_object_mut()
                && m["labels"].is_null()
            {
                m.remove("labels");
            }
            controller_request(CONTROLLER, Verb::Update, "endpoints", Some(ns), name, body).map(|r| vec![Write::now(CONTROLLER, r)]).unwrap_or_default()
        }
        None => {
            let mut body = json!({"apiVersion": "v1", "kind": "Endpoints", "metadata": {"name": name, "namespace": ns}});
            if !labels.is_null() {
                body["metadata"]["labels"] = labels;
            }
            if !subsets_value.is_null() {
                body["subsets"] = subsets_value;
            }
            controller_request(CONTROLLER, Verb::Create, "endpoints", Some(ns), name, body).map(|r| vec![Write::now(CONTROLLER, r)]).unwrap_or_default()
        }
    }
}

//! The Endpoints controller: the legacy `v1 Endpoints` object of every Service with a
//! selector (upstream: `pkg/controller/endpoint/endpoints_controller.go`, `syncService`;
//! `pkg/api/v1/endpoints` `RepackSubsets`). Kept because `kubectl get endpoints` is what many
//! tutorials show; kube-apiserver warns that it is deprecated.
//!
//! Modelled: ready pods in `addresses`, not-ready ones in `notReadyAddresses`, terminating
//! pods left out (unless `publishNotReadyAddresses`), one subset per distinct port list,
//! addresses in IP order, the Service's labels, the object created even with no pods and
//! deleted with its Service; the `last-change-trigger-time` annotation (see
//! `endpointslice::trigger_time`); the 1000-address cap (`truncateEndpoints`) and its
//! `endpoints.kubernetes.io/over-capacity: truncated` annotation.

use crate::Slot;
use crate::vecmap::VecMap;

use serde_json::Value;

use super::endpointslice::{TRIGGER_TIME_ANNOTATION, find_port, services_selecting, set_annotation, trigger_time};
use super::{of, pod_ready};
use super::{Write, controller_request};
use crate::apiserver::Verb;
use crate::store::{EventType, WatchEvent};

pub const CONTROLLER: &str = "endpoint-controller";
/// `maxCapacity` (endpoints_controller.go): addresses an Endpoints object holds at most.
pub const MAX_CAPACITY: usize = 1000;
/// `v1.EndpointsOverCapacity`.
pub const OVER_CAPACITY_ANNOTATION: &str = "endpoints.kubernetes.io/over-capacity";

fn services_to_sync(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<(String, String, bool)> {
    let ns = event.key.namespace.clone();
    match event.key.resource {
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
            crate::sort::sort(&mut names);
            names.dedup();
            names.into_iter().map(|n| (ns.clone(), n, false)).collect()
        }
        _ => Vec::new(),
    }
}

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    services_to_sync(cache, event).into_iter().flat_map(|(ns, name, deleted)| sync_service(cache, event, &ns, &name, deleted).into_iter().map(move |w| w.requeue("Endpoints", &ns, &name))).collect()
}

/// The Service's key back from the work queue after a failed write (`handleErr`).
pub fn resync(cache: &crate::components::Cache, ns: &str, name: &str) -> Vec<Write> {
    let Some(event) = super::service_event(cache, ns, name) else { return Vec::new() };
    reconcile(cache, &event)
}

/// Where a pod stands in an Endpoints object: Some(true) in `addresses`, Some(false) in
/// `notReadyAddresses`, None when absent.
fn listed(endpoints: Option<&Slot>, pod: &str) -> Option<bool> {
    let subsets = endpoints?["subsets"].as_array()?;
    for (key, ready) in [("addresses", true), ("notReadyAddresses", false)] {
        if subsets.iter().any(|s| s[key].as_array().into_iter().flatten().any(|a| a["targetRef"]["name"] == pod)) {
            return Some(ready);
        }
    }
    None
}

/// `truncateEndpoints`: above `MAX_CAPACITY` addresses, ready ones are kept first, each subset
/// keeping its share (rounded up, the last subsets getting what is left); true when it cut.
pub fn truncate_endpoints(subsets: &mut [Value]) -> bool {
    let count = |s: &Value, k: &str| s[k].as_array().map_or(0, Vec::len);
    let total_ready: usize = subsets.iter().map(|s| count(s, "addresses")).sum();
    let total_not_ready: usize = subsets.iter().map(|s| count(s, "notReadyAddresses")).sum();
    if total_ready + total_not_ready <= MAX_CAPACITY {
        return false;
    }
    let truncate_ready = total_ready > MAX_CAPACITY;
    let (max, num_total) = if truncate_ready { (MAX_CAPACITY, total_ready) } else { (MAX_CAPACITY - total_ready, total_not_ready) };
    let mut can_be_added = max;
    for subset in subsets.iter_mut() {
        let key = if truncate_ready { "addresses" } else { "notReadyAddresses" };
        let in_subset = count(subset, key);
        let share = if num_total == 0 { 0 } else { (in_subset * max).div_ceil(num_total) };
        let to_be_added = share.min(can_be_added);
        if let Some(list) = subset[key].as_array_mut() {
            list.truncate(to_be_added);
        }
        can_be_added -= count(subset, key);
        if truncate_ready && let Some(o) = subset.as_object_mut() {
            o.remove("notReadyAddresses");
        }
    }
    true
}

fn sync_service(cache: &crate::components::Cache, event: &WatchEvent, ns: &str, name: &str, deleted: bool) -> Vec<Write> {
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
    let selector = crate::Obj::untyped(&json!({"matchLabels": svc["spec"]["selector"]}));
    let service_ports: Vec<&Slot> = svc["spec"]["ports"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
    // Subsets by port list (RepackSubsets), each with its ready and not-ready addresses.
    let mut subsets: VecMap<String, (Value, Vec<Value>, Vec<Value>)> = VecMap::new();
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
        let entry = subsets.entry(podlife_model::json::to_string_plain(&ports)).or_insert_with(|| (ports.clone(), Vec::new(), Vec::new()));
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
            crate::sort::sort_by(&mut ready, by_ip);
            crate::sort::sort_by(&mut not_ready, by_ip);
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
    let mut labels = svc["metadata"]["labels"].to_map().unwrap_or_default();
    let cluster_ip = svc["spec"]["clusterIP"].as_str().unwrap_or_default();
    if cluster_ip.is_empty() || cluster_ip == "None" {
        labels.insert("service.kubernetes.io/headless".into(), json!(""));
    }
    let labels = if labels.is_empty() { Value::Null } else { Value::Object(labels) };
    let mut subsets = subsets;
    let truncated = truncate_endpoints(&mut subsets);
    let subsets_value = if subsets.is_empty() { Value::Null } else { Value::Array(subsets) };
    // The trigger time: the pod whose change this sync answers, if it moved in or out of
    // `addresses` or joined; the Service's creation on its first sync.
    let pod_changed = |pod: &Slot| {
        let pod_name = pod["metadata"]["name"].as_str().unwrap_or_default();
        let now = listed(subsets_value.is_array().then_some(&crate::Obj::untyped(&json!({"subsets": subsets_value}))), pod_name);
        now.is_some() && now != listed(existing, pod_name)
    };
    let trigger = trigger_time(svc, existing.is_some(), event, pod_changed);
    let annotate = |body: &mut Value| {
        set_annotation(body, TRIGGER_TIME_ANNOTATION, trigger.as_deref());
        set_annotation(body, OVER_CAPACITY_ANNOTATION, truncated.then_some("truncated"));
    };
    match existing {
        Some(old) => {
            // `capacityAnnotationSetCorrectly` on the stored object.
            let stored: usize = old["subsets"].as_array().into_iter().flatten().map(|s| s["addresses"].as_array().map_or(0, <[crate::Slot]>::len) + s["notReadyAddresses"].as_array().map_or(0, <[crate::Slot]>::len)).sum();
            let capacity_ok = stored <= MAX_CAPACITY && old["metadata"]["annotations"][OVER_CAPACITY_ANNOTATION].is_null();
            if old["subsets"] == subsets_value && old["metadata"]["labels"] == labels && capacity_ok {
                return Vec::new();
            }
            let mut body = old.to_value();
            body["metadata"]["labels"] = labels;
            body["subsets"] = subsets_value;
            annotate(&mut body);
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
            annotate(&mut body);
            controller_request(CONTROLLER, Verb::Create, "endpoints", Some(ns), name, body).map(|r| vec![Write::now(CONTROLLER, r)]).unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addresses(prefix: &str, n: usize) -> Value {
        Value::Array((0..n).map(|i| json!({"ip": format!("{prefix}.{}", i)})).collect())
    }

    /// endpoints_controller_test.go `TestTruncateEndpoints`' cases: ready addresses first,
    /// each subset its rounded-up share.
    #[test]
    fn truncation_keeps_ready_first_and_shares_per_subset() {
        let len = |s: &Value, k: &str| s[k].as_array().map_or(0, Vec::len);
        // Under the cap: untouched.
        let mut under = vec![json!({"addresses": addresses("10.0.0", 500), "notReadyAddresses": addresses("10.0.1", 500)})];
        assert!(!truncate_endpoints(&mut under));
        // 600 ready + 600 not ready: every ready one stays, 400 not-ready ones.
        let mut one = vec![json!({"addresses": addresses("10.0.0", 600), "notReadyAddresses": addresses("10.0.1", 600)})];
        assert!(truncate_endpoints(&mut one));
        assert_eq!((len(&one[0], "addresses"), len(&one[0], "notReadyAddresses")), (600, 400));
        // Ready alone over the cap: ready ones cut by share, not-ready ones dropped.
        let mut two = vec![
            json!({"addresses": addresses("10.0.0", 700), "notReadyAddresses": addresses("10.0.1", 10)}),
            json!({"addresses": addresses("10.0.2", 500)}),
        ];
        assert!(truncate_endpoints(&mut two));
        // ceil(700/1200*1000) = 584, then the 416 left.
        assert_eq!(len(&two[0], "addresses"), 584);
        assert_eq!(len(&two[0], "notReadyAddresses"), 0);
        assert_eq!(len(&two[1], "addresses"), 416);
        // Not-ready shares over three subsets: 900 ready leave room for 100.
        let mut three = vec![
            json!({"addresses": addresses("10.0.0", 300), "notReadyAddresses": addresses("10.0.1", 100)}),
            json!({"addresses": addresses("10.0.2", 300), "notReadyAddresses": addresses("10.0.3", 100)}),
            json!({"addresses": addresses("10.0.4", 300), "notReadyAddresses": addresses("10.0.5", 100)}),
        ];
        assert!(truncate_endpoints(&mut three));
        let kept: Vec<usize> = three.iter().map(|s| len(s, "notReadyAddresses")).collect();
        assert_eq!(kept, vec![34, 34, 32]);
        assert!(three.iter().all(|s| len(s, "addresses") == 300));
    }
}

//! The EndpointSlice controller: for every Service with a selector, slices that list the pods
//! it selects, with the conditions kube-proxy and DNS read (upstream:
//! `pkg/controller/endpointslice/endpointslice_controller.go`, `staging/src/k8s.io/endpointslice`
//! `reconciler.go`, `utils.go` `podToEndpoint`).
//!
//! Modelled: the triggers (a Service's change; a pod that a Service selects or lists); one
//! endpoint per pod that has an IP and is not Succeeded/Failed, with `ready`, `serving` and
//! `terminating` as upstream sets them; ports resolved per pod (named targetPorts by the pod's
//! container ports), one set of slices per distinct port list; at most 100 endpoints a slice;
//! a placeholder slice (no ports, no endpoints) for a Service that selects nothing; existing
//! slices updated in place (their names stay); labels and the owner reference; the
//! `last-change-trigger-time` annotation on the slices written (see `trigger_time`).
//! Not modelled yet: topology hints, zones.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{Write, controller_request};
use crate::apiserver::Verb;
use crate::store::WatchEvent;

pub const CONTROLLER: &str = "endpointslice-controller";
const MANAGED_BY: &str = "endpointslice-controller.k8s.io";
const SERVICE_NAME_LABEL: &str = "kubernetes.io/service-name";
const MANAGED_BY_LABEL: &str = "endpointslice.kubernetes.io/managed-by";
/// `--max-endpoints-per-slice` default.
pub const MAX_ENDPOINTS_PER_SLICE: usize = 100;
/// `v1.EndpointsLastChangeTriggerTime`.
pub const TRIGGER_TIME_ANNOTATION: &str = "endpoints.kubernetes.io/last-change-trigger-time";

/// The value of `endpoints.kubernetes.io/last-change-trigger-time` for this sync, or None (the
/// annotation is then removed). Upstream (`pkg/controller/util/endpoint/trigger_time_tracker.go`
/// `ComputeEndpointLastChangeTriggerTime`, shared by both controllers): a Service seen for the
/// first time gives its `creationTimestamp`; afterwards, the earliest trigger time that changed
/// since the previous sync, a pod's being its Ready condition's `lastTransitionTime` (the
/// Service's, its creation time, never changes). Every time is whole seconds, so RFC3339Nano
/// prints as the stored text.
///
/// The tracker remembers each pod's trigger time between syncs; podlife's controllers keep no
/// state beyond their informer cache, so this reads it back from what the controller wrote: the
/// Service is known once its object exists (`known`), and a pod's trigger time changed when the
/// pod that this delivery is about (podlife syncs once per delivery) joined the object or its
/// readiness there changed (`pod_changed`) — what a Ready flip or a first Ready condition does.
/// A pod that only terminates, leaves, or is deleted changes no trigger time: no annotation.
pub(super) fn trigger_time(svc: &Value, known: bool, event: &WatchEvent, pod_changed: impl Fn(&Value) -> bool) -> Option<String> {
    if !known {
        return svc["metadata"]["creationTimestamp"].as_str().map(str::to_string);
    }
    if event.key.resource != "pods" || !event.key.group.is_empty() || event.event_type == crate::store::EventType::Deleted {
        return None;
    }
    let pod = &*event.object;
    let ready = pod["status"]["conditions"].as_array().into_iter().flatten().find(|c| c["type"] == "Ready")?;
    if !pod_changed(pod) {
        return None;
    }
    ready["lastTransitionTime"].as_str().map(str::to_string)
}

/// Sets an annotation, or removes it (and an emptied `annotations` map, which Go omits).
pub(super) fn set_annotation(obj: &mut Value, key: &str, value: Option<&str>) {
    match value {
        Some(v) => obj["metadata"]["annotations"][key] = json!(v),
        None => {
            if let Some(m) = obj["metadata"]["annotations"].as_object_mut() {
                m.remove(key);
                if m.is_empty()
                    && let Some(meta) = obj["metadata"].as_object_mut()
                {
                    meta.remove("annotations");
                }
            }
        }
    }
}

/// The cached objects of one resource in one namespace, in name order: a range of the cache's
/// key order (group, resource, namespace, name), not a scan of every object — the endpoint
/// controllers ask on every pod event, so a scan made a 5,000-pod Deployment quadratic (found by
/// the `script` fuzz target: 60,000 reactions took 12 s, a third of it comparing keys).
pub(super) fn of<'a>(cache: &'a crate::components::Cache, group: &'a str, resource: &'a str, ns: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    crate::components::cached_in(cache, group, resource, ns).map(|(_, v)| &**v)
}

/// The names of the Services in `ns` whose selector matches `labels` (`GetPodServiceMemberships`).
pub(super) fn services_selecting(cache: &crate::components::Cache, ns: &str, labels: &Value) -> Vec<String> {
    of(cache, "", "services", ns)
        .filter(|s| s["spec"]["selector"].is_object() && crate::labels::selector_matches(&json!({"matchLabels": s["spec"]["selector"]}), labels))
        .filter_map(|s| s["metadata"]["name"].as_str().map(str::to_string))
        .collect()
}

/// The Services a delivery asks this controller to sync, in key order.
fn services_to_sync(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<(String, String)> {
    let ns = event.key.namespace.clone();
    match event.key.resource.as_str() {
        "services" => vec![(ns, event.key.name.clone())],
        "pods" => {
            let mut names = services_selecting(cache, &ns, &event.object["metadata"]["labels"]);
            // A pod that left a Service (relabelled, deleted) is still listed in its slices.
            for slice in of(cache, "discovery.k8s.io", "endpointslices", &ns) {
                let lists_pod = slice["endpoints"].as_array().into_iter().flatten().any(|e| e["targetRef"]["name"] == event.key.name.as_str());
                if lists_pod && let Some(svc) = slice["metadata"]["labels"][SERVICE_NAME_LABEL].as_str() {
                    names.push(svc.to_string());
                }
            }
            crate::sort::sort(&mut names);
            names.dedup();
            names.into_iter().map(|n| (ns.clone(), n)).collect()
        }
        _ => Vec::new(),
    }
}

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    services_to_sync(cache, event).into_iter().flat_map(|(ns, name)| sync_service(cache, event, &ns, &name).into_iter().map(move |w| w.requeue("EndpointSlice", &ns, &name))).collect()
}

/// The Service's key back from the work queue after a failed write (`handleErr`): a sync with
/// no triggering change.
pub fn resync(cache: &crate::components::Cache, ns: &str, name: &str) -> Vec<Write> {
    let Some(event) = super::service_event(cache, ns, name) else { return Vec::new() };
    reconcile(cache, &event)
}

/// `podutil.IsPodReady`.
pub(super) fn pod_ready(pod: &Value) -> bool {
    pod["status"]["conditions"].as_array().into_iter().flatten().any(|c| c["type"] == "Ready" && c["status"] == "True")
}

/// The `serving` condition of `pod`'s endpoint among `endpoints`, if it has one.
fn serving_of<'a>(mut endpoints: impl Iterator<Item = &'a Value>, pod: &str) -> Option<&'a Value> {
    endpoints.find(|e| e["targetRef"]["name"] == pod).map(|e| &e["conditions"]["serving"])
}

/// `FindPort`: a Service port's target on one pod (a named targetPort by the pod's container
/// ports), or None when the pod has no such port.
pub(super) fn find_port(pod: &Value, port: &Value) -> Option<i64> {
    match &port["targetPort"] {
        Value::Number(n) => n.as_i64(),
        Value::String(name) => pod["spec"]["containers"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|c| c["ports"].as_array().into_iter().flatten())
            .find(|p| p["name"] == name.as_str() && p["protocol"].as_str().unwrap_or("TCP") == port["protocol"].as_str().unwrap_or("TCP"))
            .and_then(|p| p["containerPort"].as_i64()),
        _ => port["port"].as_i64(),
    }
}

/// The endpoint for one pod (`podToEndpoint`), or None when it does not belong in a slice
/// (`ShouldPodBeInEndpoints` with terminating pods included).
fn endpoint(svc: &Value, pod: &Value) -> Option<Value> {
    let phase = pod["status"]["phase"].as_str().unwrap_or_default();
    let ip = pod["status"]["podIP"].as_str().filter(|ip| !ip.is_empty())?;
    if phase == "Succeeded" || phase == "Failed" {
        return None;
    }
    let serving = pod_ready(pod);
    let terminating = pod["metadata"]["deletionTimestamp"].is_string();
    let ready = svc["spec"]["publishNotReadyAddresses"] == true || (serving && !terminating);
    let mut e = json!({
        "addresses": [ip],
        "conditions": {"ready": ready, "serving": serving, "terminating": terminating},
        "targetRef": {"kind": "Pod", "namespace": pod["metadata"]["namespace"], "name": pod["metadata"]["name"], "uid": pod["metadata"]["uid"]},
    });
    if let Some(node) = pod["spec"]["nodeName"].as_str() {
        e["nodeName"] = json!(node);
    }
    let hostname = pod["spec"]["hostname"].as_str().unwrap_or_default();
    if !hostname.is_empty() && pod["spec"]["subdomain"] == svc["metadata"]["name"] {
        e["hostname"] = json!(hostname);
    }
    Some(e)
}

/// The slice's labels: the Service's own (reserved keys aside) and the controller's.
fn slice_labels(svc: &Value) -> Value {
    let mut labels = serde_json::Map::new();
    if let Some(own) = svc["metadata"]["labels"].as_object() {
        for (k, v) in own {
            if k != SERVICE_NAME_LABEL && k != MANAGED_BY_LABEL && k != "service.kubernetes.io/headless" {
                labels.insert(k.clone(), v.clone());
            }
        }
    }
    labels.insert(MANAGED_BY_LABEL.into(), json!(MANAGED_BY));
    labels.insert(SERVICE_NAME_LABEL.into(), svc["metadata"]["name"].clone());
    let cluster_ip = svc["spec"]["clusterIP"].as_str().unwrap_or_default();
    if cluster_ip.is_empty() || cluster_ip == "None" {
        labels.insert("service.kubernetes.io/headless".into(), json!(""));
    }
    Value::Object(labels)
}

fn sync_service(cache: &crate::components::Cache, event: &WatchEvent, ns: &str, name: &str) -> Vec<Write> {
    let Some(svc) = of(cache, "", "services", ns).find(|s| s["metadata"]["name"] == name) else { return Vec::new() };
    if svc["spec"]["type"] == "ExternalName" || !svc["spec"]["selector"].is_object() || svc["metadata"]["deletionTimestamp"].is_string() {
        return Vec::new();
    }
    let selector = json!({"matchLabels": svc["spec"]["selector"]});
    let service_ports: Vec<&Value> = svc["spec"]["ports"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
    // Endpoints grouped by their port list, pods in name order (upstream's order comes from a
    // Go map; podlife's is deterministic).
    let mut groups: BTreeMap<String, (Value, Vec<Value>)> = BTreeMap::new();
    for pod in of(cache, "", "pods", ns).filter(|p| crate::labels::selector_matches(&selector, &p["metadata"]["labels"])) {
        let Some(e) = endpoint(svc, pod) else { continue };
        let ports: Vec<Value> = service_ports
            .iter()
            .filter_map(|p| {
                let target = find_port(pod, p)?;
                let mut port = json!({"name": p["name"].as_str().unwrap_or(""), "port": target, "protocol": p["protocol"].as_str().unwrap_or("TCP")});
                if let Some(app) = p["appProtocol"].as_str() {
                    port["appProtocol"] = json!(app);
                }
                Some(port)
            })
            .collect();
        let ports = Value::Array(ports);
        let entry = groups.entry(podlife_model::json::to_string_plain(&ports)).or_insert_with(|| (ports.clone(), Vec::new()));
        entry.1.push(e);
    }
    // The desired slices: each port group in chunks of 100; a placeholder when none.
    let mut desired: Vec<(Value, Vec<Value>)> = Vec::new();
    for (_, (ports, endpoints)) in groups {
        for chunk in endpoints.chunks(MAX_ENDPOINTS_PER_SLICE) {
            desired.push((ports.clone(), chunk.to_vec()));
        }
    }
    if desired.is_empty() {
        desired.push((json!([]), Vec::new()));
    }
    let uid = svc["metadata"]["uid"].clone();
    let mut existing: Vec<&Value> = of(cache, "discovery.k8s.io", "endpointslices", ns)
        .filter(|s| s["metadata"]["labels"][SERVICE_NAME_LABEL] == name && s["metadata"]["labels"][MANAGED_BY_LABEL] == MANAGED_BY && s["metadata"]["deletionTimestamp"].is_null())
        .collect();
    // The trigger time (`reconciler.go` `finalize`: `addTriggerTimeAnnotation` on every slice
    // created or updated): a pod's trigger time changed when it joined the slices or its
    // `serving` (its Ready condition) differs from what they hold.
    let trigger = {
        let pod_changed = |pod: &Value| {
            let pod_name = pod["metadata"]["name"].as_str().unwrap_or_default();
            let now = serving_of(desired.iter().flat_map(|(_, eps)| eps.iter()), pod_name);
            now.is_some() && now != serving_of(existing.iter().flat_map(|s| s["endpoints"].as_array().into_iter().flatten()), pod_name)
        };
        trigger_time(svc, !existing.is_empty(), event, pod_changed)
    };
    let labels = slice_labels(svc);
    let owner = json!([{"apiVersion": "v1", "kind": "Service", "name": name, "uid": uid, "controller": true, "blockOwnerDeletion": true}]);
    let mut writes = Vec::new();
    for (ports, endpoints) in desired {
        let endpoints_value = if endpoints.is_empty() { Value::Null } else { Value::Array(endpoints) };
        // Reuse a slice with the same ports first, then any left (finalize turns a delete and
        // a create into an update, so names stay stable).
        let reuse = existing.iter().position(|s| s["ports"] == ports).or_else(|| (!existing.is_empty()).then_some(0));
        match reuse {
            Some(i) => {
                let old = existing.remove(i);
                let unchanged = old["ports"] == ports && old["endpoints"] == endpoints_value && old["metadata"]["labels"] == labels;
                if unchanged {
                    continue;
                }
                let mut body = old.clone();
                body["ports"] = ports;
                body["endpoints"] = endpoints_value;
                body["metadata"]["labels"] = labels.clone();
                if body["endpoints"].is_null() {
                    body.as_object_mut().map(|o| o.remove("endpoints"));
                }
                set_annotation(&mut body, TRIGGER_TIME_ANNOTATION, trigger.as_deref());
                let slice_name = old["metadata"]["name"].as_str().unwrap_or_default().to_string();
                if let Some(r) = controller_request(CONTROLLER, Verb::Update, "endpointslices", Some(ns), &slice_name, body) {
                    writes.push(Write::now(CONTROLLER, r));
                }
            }
            None => {
                let mut body = json!({
                    "apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
                    "metadata": {"generateName": format!("{name}-"), "namespace": ns, "labels": labels, "ownerReferences": owner},
                    "addressType": "IPv4",
                    "ports": ports,
                });
                if !endpoints_value.is_null() {
                    body["endpoints"] = endpoints_value;
                }
                set_annotation(&mut body, TRIGGER_TIME_ANNOTATION, trigger.as_deref());
                if let Some(mut r) = controller_request(CONTROLLER, Verb::Create, "endpointslices", Some(ns), "", body) {
                    r.name = None;
                    writes.push(Write::now(CONTROLLER, r));
                }
            }
        }
    }
    for old in existing {
        let slice_name = old["metadata"]["name"].as_str().unwrap_or_default().to_string();
        if let Some(r) = controller_request(CONTROLLER, Verb::Delete, "endpointslices", Some(ns), &slice_name, Value::Null) {
            let mut r = r;
            r.body = None;
            writes.push(Write::now(CONTROLLER, r));
        }
    }
    writes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `of` reads a range of the cache: exactly the objects a scan would find, in the same
    /// order, with neighbouring resources and namespaces (`default` / `default2`) left out.
    #[test]
    fn of_is_the_resource_and_namespace_range() {
        let key = |g: &str, r: &str, ns: &str, n: &str| crate::store::ObjectKey { group: g.into(), resource: r.into(), namespace: ns.into(), name: n.into() };
        let mut cache = crate::components::Cache::new();
        for (g, r, ns, n) in [("", "pods", "default", "b"), ("", "pods", "default", "a"), ("", "pods", "default2", "c"), ("", "pods", "", "d"), ("", "podtemplates", "default", "e"), ("", "nodes", "", "w"), ("apps", "pods", "default", "f"), ("", "pod", "default", "g")] {
            cache.insert(key(g, r, ns, n), std::sync::Arc::new(json!({"metadata": {"name": n}})));
        }
        let names = |g: &str, r: &str, ns: &str| of(&cache, g, r, ns).map(|v| v["metadata"]["name"].as_str().unwrap_or_default().to_string()).collect::<Vec<_>>();
        let scan = |g: &str, r: &str, ns: &str| crate::components::cached_in(&cache, g, r, ns).map(|(k, _)| k.name.clone()).collect::<Vec<_>>();
        assert_eq!(names("", "pods", "default"), ["a", "b"]);
        for (g, r, ns) in [("", "pods", "default"), ("", "pods", "default2"), ("", "pods", ""), ("", "nodes", ""), ("apps", "pods", "default"), ("", "services", "default")] {
            assert_eq!(names(g, r, ns), scan(g, r, ns), "{g}/{r}/{ns}");
        }
    }

    fn pod(ready: bool, terminating: bool, phase: &str) -> Value {
        let mut p = json!({
            "metadata": {"name": "web-1", "namespace": "default", "uid": "u1", "labels": {"app": "web"}},
            "spec": {"nodeName": "worker-1", "containers": [{"name": "c", "ports": [{"name": "http", "containerPort": 8080, "protocol": "TCP"}]}]},
            "status": {"phase": phase, "podIP": "10.244.1.5", "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }}]},
        });
        if terminating {
            p["metadata"]["deletionTimestamp"] = json!("2026-03-02T09:00:10Z");
        }
        p
    }

    fn svc(publish: bool) -> Value {
        json!({"metadata": {"name": "web", "namespace": "default", "uid": "s1"}, "spec": {"selector": {"app": "web"}, "clusterIP": "10.96.5.5", "publishNotReadyAddresses": publish, "ports": [{"port": 80, "targetPort": "http", "protocol": "TCP"}]}})
    }

    /// The conditions table of `podToEndpoint` (utils.go).
    #[test]
    fn conditions_follow_readiness_and_termination() {
        let c = |p: &Value, s: &Value| endpoint(s, p).map(|e| e["conditions"].clone());
        assert_eq!(c(&pod(true, false, "Running"), &svc(false)), Some(json!({"ready": true, "serving": true, "terminating": false})));
        assert_eq!(c(&pod(false, false, "Running"), &svc(false)), Some(json!({"ready": false, "serving": false, "terminating": false})));
        assert_eq!(c(&pod(true, true, "Running"), &svc(false)), Some(json!({"ready": false, "serving": true, "terminating": true})));
        assert_eq!(c(&pod(false, true, "Running"), &svc(false)), Some(json!({"ready": false, "serving": false, "terminating": true})));
        assert_eq!(c(&pod(false, false, "Running"), &svc(true)), Some(json!({"ready": true, "serving": false, "terminating": false})));
        assert_eq!(c(&pod(true, false, "Succeeded"), &svc(false)), None);
    }

    #[test]
    fn named_target_ports_resolve_per_pod() {
        assert_eq!(find_port(&pod(true, false, "Running"), &svc(false)["spec"]["ports"][0]), Some(8080));
        assert_eq!(find_port(&pod(true, false, "Running"), &json!({"port": 80, "targetPort": "grpc"})), None);
        assert_eq!(find_port(&pod(true, false, "Running"), &json!({"port": 80, "targetPort": 9000})), Some(9000));
    }
}

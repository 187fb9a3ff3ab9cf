//! What one sync of a Service changes: the slices to create, update and delete
//! (`staging/src/k8s.io/endpointslice/reconciler.go` `Reconcile`, `reconcileByAddressType`,
//! `reconcileByPortMapping`, `finalize`'s create-to-update swap; `utils.go` for the helpers).
//!
//! Endpoints stay where they are: an existing slice keeps the endpoints still desired (updated
//! in place when their conditions changed) and loses the others; endpoints still to place fill
//! the slices already being updated, fullest first, then the unchanged slice they fit best,
//! then new slices of at most 100. Upstream picks from Go maps and sets; podlife takes slices by
//! name and endpoints in pod-name order, so a run is reproducible.

use crate::Slot;
use podlife_model::obj::JsonRead;
use std::collections::BTreeMap;
use crate::vecmap::{VecMap, VecSet};

use serde_json::Value;

use super::{MANAGED_BY, MANAGED_BY_LABEL, MAX_ENDPOINTS_PER_SLICE, SERVICE_NAME_LABEL, find_port};

const HEADLESS_LABEL: &str = "service.kubernetes.io/headless";
const TOPOLOGY_ZONE_LABEL: &str = "topology.kubernetes.io/zone";

/// The writes one sync makes, in `finalize`'s order (creates, updates, deletes), and the
/// errors met while building them (a pod on a Node that is gone).
#[derive(Debug, Clone, Default)]
pub(crate) struct Plan {
    pub create: Vec<Value>,
    pub update: Vec<Value>,
    pub delete: Vec<Value>,
    pub errors: Vec<String>,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.create.is_empty() && self.update.is_empty() && self.delete.is_empty()
    }
}

/// `Reconcile`: `pods` are the pods the Service selects, `existing` its controller-managed
/// slices not being deleted, `node` looks a Node up in the informer cache.
pub(crate) fn reconcile<'a>(service: &Slot, pods: &[&Slot], existing: &[&Slot], node: impl Fn(&str) -> Option<&'a Slot>) -> Plan {
    let mut plan = Plan::default();
    let families = address_types(service);
    let mut by_type: VecMap<&str, Vec<&Slot>> = VecMap::new();
    let mut unsupported = Vec::new();
    for slice in existing {
        let t = slice["addressType"].as_str().unwrap_or_default();
        match families.iter().find(|f| **f == t) {
            Some(f) => by_type.entry(f).or_default().push(slice),
            None => unsupported.push(slice.to_value()),
        }
    }
    for family in &families {
        let slices = by_type.remove(family).unwrap_or_default();
        by_address_type(service, pods, &slices, family, &node, &mut plan);
    }
    // Slices of an address type the Service no longer has go last.
    plan.delete.extend(unsupported);
    plan
}

/// `getAddressTypesForService`: the Service's IP families (the API server always sets them;
/// the fallbacks are for a Service stored without them).
fn address_types(service: &Slot) -> Vec<&'static str> {
    let mut types = Vec::new();
    for family in service["spec"]["ipFamilies"].as_array().into_iter().flatten() {
        match family.as_str() {
            Some("IPv4") if !types.contains(&"IPv4") => types.push("IPv4"),
            Some("IPv6") if !types.contains(&"IPv6") => types.push("IPv6"),
            _ => {}
        }
    }
    if !types.is_empty() {
        return types;
    }
    match service["spec"]["clusterIP"].as_str().filter(|ip| !ip.is_empty() && *ip != "None") {
        Some(ip) if ip.contains(':') => vec!["IPv6"],
        Some(_) => vec!["IPv4"],
        None => vec!["IPv4", "IPv6"],
    }
}

/// `ShouldPodBeInEndpoints(pod, includeTerminating=true)`.
fn belongs_in_slices(pod: &Slot) -> bool {
    let terminal = matches!(pod["status"]["phase"].as_str(), Some("Succeeded" | "Failed"));
    let has_ip = pod["status"]["podIP"].as_str().is_some_and(|ip| !ip.is_empty()) || pod["status"]["podIPs"].as_array().is_some_and(|ips| !ips.is_empty());
    !terminal && has_ip
}

/// `getEndpointAddresses`: the pod's IPs of one family.
fn addresses(pod: &Slot, address_type: &str) -> Vec<Value> {
    let listed: Vec<&str> = match pod["status"]["podIPs"].as_array() {
        Some(ips) if !ips.is_empty() => ips.iter().filter_map(|ip| ip["ip"].as_str()).collect(),
        _ => pod["status"]["podIP"].as_str().into_iter().collect(),
    };
    listed.into_iter().filter(|ip| ip.contains(':') == (address_type == "IPv6")).map(|ip| Value::String(ip.to_string())).collect()
}

/// `podToEndpoint`.
fn pod_to_endpoint(pod: &Slot, node: Option<&Slot>, service: &Slot, address_type: &str) -> Value {
    let serving = super::super::pod_ready(pod);
    let terminating = pod["metadata"]["deletionTimestamp"].is_string();
    // A terminating pod is never `ready`, unless the Service publishes not-ready addresses.
    let ready = service["spec"]["publishNotReadyAddresses"] == true || (serving && !terminating);
    let mut e = json!({
        "addresses": addresses(pod, address_type),
        "conditions": {"ready": ready, "serving": serving, "terminating": terminating},
        "targetRef": {"kind": "Pod", "namespace": pod["metadata"]["namespace"], "name": pod["metadata"]["name"], "uid": pod["metadata"]["uid"]},
    });
    if let Some(name) = pod["spec"]["nodeName"].as_str().filter(|n| !n.is_empty()) {
        e["nodeName"] = json!(name);
    }
    if let Some(zone) = node.and_then(|n| n["metadata"]["labels"][TOPOLOGY_ZONE_LABEL].as_str()).filter(|z| !z.is_empty()) {
        e["zone"] = json!(zone);
    }
    // `ShouldSetHostname`.
    let hostname = pod["spec"]["hostname"].as_str().unwrap_or_default();
    if !hostname.is_empty() && pod["spec"]["subdomain"] == service["metadata"]["name"] && pod["metadata"]["namespace"] == service["metadata"]["namespace"] {
        e["hostname"] = json!(hostname);
    }
    e
}

/// `getEndpointPorts`: the Service's ports as this pod serves them (a named targetPort it
/// lacks is left out).
fn endpoint_ports(service: &Slot, pod: &Slot) -> Value {
    let ports = service["spec"]["ports"].as_array().unwrap_or_default();
    Value::Array(
        ports
            .iter()
            .filter_map(|p| {
                let target = find_port(pod, p)?;
                let mut port = json!({"name": p["name"].as_str().unwrap_or(""), "port": target, "protocol": p["protocol"].as_str().unwrap_or("TCP")});
                if let Some(app) = p["appProtocol"].as_str() {
                    port["appProtocol"] = json!(app);
                }
                Some(port)
            })
            .collect(),
    )
}

/// `NewPortMapKey`: a port list's identity, whatever its order.
fn port_map_key<J: JsonRead>(ports: &J) -> String {
    let mut each: Vec<String> = ports.items().iter().map(|p| podlife_model::json::to_string_plain(&p.to_value())).collect();
    crate::sort::sort(&mut each);
    each.join(",")
}

/// `hashEndpoint`: an endpoint's identity is its addresses, hostname and pod, so a change of
/// its conditions, node or zone is an update in place.
fn endpoint_hash<J: JsonRead>(e: &J) -> String {
    let mut addresses: Vec<&str> = e["addresses"].items().iter().filter_map(J::as_str).collect();
    crate::sort::sort(&mut addresses);
    format!("{}|{}|{}/{}", addresses.join(","), e["hostname"].as_str().unwrap_or(""), e["targetRef"]["namespace"].as_str().unwrap_or(""), e["targetRef"]["name"].as_str().unwrap_or(""))
}

/// `EndpointSet`, popped in the order endpoints were inserted (pod-name order).
#[derive(Default)]
struct EndpointSet {
    by_hash: VecMap<String, usize>,
    items: Vec<Option<Value>>,
    next: usize,
}

impl EndpointSet {
    fn insert(&mut self, e: Value) {
        let hash = endpoint_hash(&e);
        match self.by_hash.get(&hash) {
            Some(&i) => self.items[i] = Some(e),
            None => {
                self.by_hash.insert(hash, self.items.len());
                self.items.push(Some(e));
            }
        }
    }
    fn get<J: JsonRead>(&self, e: &J) -> Option<&Value> {
        self.by_hash.get(&endpoint_hash(e)).and_then(|&i| self.items[i].as_ref())
    }
    fn remove<J: JsonRead>(&mut self, e: &J) {
        if let Some(i) = self.by_hash.remove(&endpoint_hash(e)) {
            self.items[i] = None;
        }
    }
    fn len(&self) -> usize {
        self.by_hash.len()
    }
    fn pop(&mut self) -> Option<Value> {
        while self.next < self.items.len() {
            let i = self.next;
            self.next += 1;
            if let Some(e) = self.items[i].take() {
                self.by_hash.remove(&endpoint_hash(&e));
                return Some(e);
            }
        }
        None
    }
}

/// `setEndpointSliceLabels`: the Service's labels (reserved keys aside) and the controller's,
/// and whether the slice's own non-reserved labels differ from the Service's.
fn slice_labels(slice: &Slot, service: &Slot) -> (Value, bool) {
    let reserved = |k: &str| k == SERVICE_NAME_LABEL || k == MANAGED_BY_LABEL || k == HEADLESS_LABEL;
    let own = |v: &Slot| -> BTreeMap<String, Value> { crate::sort::collect_map(v.as_object().into_iter().flatten().filter(|(k, _)| !reserved(k)).map(|(k, v)| (k.to_string(), v.to_value()))) };
    let slice_own = own(&slice["metadata"]["labels"]);
    let mut labels = own(&service["metadata"]["labels"]);
    let changed = slice_own != labels;
    let cluster_ip = service["spec"]["clusterIP"].as_str().unwrap_or_default();
    if cluster_ip.is_empty() || cluster_ip == "None" {
        labels.insert(HEADLESS_LABEL.into(), json!(""));
    }
    labels.insert(SERVICE_NAME_LABEL.into(), service["metadata"]["name"].to_value());
    labels.insert(MANAGED_BY_LABEL.into(), json!(MANAGED_BY));
    (Value::Object(crate::sort::collect_object(labels)), changed)
}

/// `ownedBy`.
fn owned_by<J: JsonRead>(slice: &J, service: &Slot) -> bool {
    slice["metadata"]["ownerReferences"].items().iter().any(|o| o["uid"].as_str() == service["metadata"]["uid"].as_str() && o["kind"] == "Service" && o["apiVersion"] == "v1")
}

/// `newEndpointSlice`: a slice to create, named by the API server from `<service>-`.
fn new_slice(service: &Slot, ports: &Value, address_type: &str) -> Value {
    let name = service["metadata"]["name"].as_str().unwrap_or_default();
    let (labels, _) = slice_labels(Slot::null(), service);
    json!({
        "apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
        "metadata": {
            "generateName": format!("{name}-"),
            "namespace": service["metadata"]["namespace"],
            "labels": labels,
            "ownerReferences": [{"apiVersion": "v1", "kind": "Service", "name": name, "uid": service["metadata"]["uid"], "controller": true, "blockOwnerDeletion": true}],
        },
        "addressType": address_type,
        // Empty lists are stored as nil: they read back as null.
        "endpoints": null,
        "ports": if ports.as_array().is_some_and(|p| !p.is_empty()) { ports.clone() } else { Value::Null },
    })
}

/// How many endpoints a slice being built holds.
fn endpoint_count(slice: &Value) -> usize {
    slice["endpoints"].as_array().map_or(0, Vec::len)
}

fn endpoints_of(slice: &Slot) -> &[Slot] {
    slice["endpoints"].as_array().unwrap_or_default()
}

fn set_endpoints(slice: &mut Value, endpoints: Vec<Value>) {
    slice["endpoints"] = if endpoints.is_empty() { Value::Null } else { Value::Array(endpoints) };
}

fn push_endpoint(slice: &mut Value, e: Value) {
    match slice["endpoints"].as_array_mut() {
        Some(list) => list.push(e),
        None => slice["endpoints"] = json!([e]),
    }
}

fn name_of(slice: &Slot) -> String {
    slice["metadata"]["name"].as_str().unwrap_or_default().to_string()
}

/// `placeholderSliceCompare.DeepEqual`: a slice with no endpoints and no ports, of the same
/// address type and with the same labels, is the placeholder already (nil and empty lists are
/// equal there; of the metadata only the namespace and labels count).
fn is_placeholder(slice: &Value, placeholder: &Value) -> bool {
    let empty = |v: &Value| v.is_null() || v.as_array().is_some_and(Vec::is_empty);
    empty(&slice["endpoints"])
        && empty(&slice["ports"])
        && slice["addressType"] == placeholder["addressType"]
        && slice["metadata"]["namespace"] == placeholder["metadata"]["namespace"]
        && slice["metadata"]["labels"] == placeholder["metadata"]["labels"]
}

/// `reconcileByAddressType`.
fn by_address_type<'a>(service: &Slot, pods: &[&Slot], existing: &[&Slot], address_type: &str, node: &impl Fn(&str) -> Option<&'a Slot>, plan: &mut Plan) {
    let mut create = Vec::new();
    let mut update = Vec::new();
    let mut delete = Vec::new();
    let ns = service["metadata"]["namespace"].as_str().unwrap_or_default();
    let svc_name = service["metadata"]["name"].as_str().unwrap_or_default();

    let mut existing_by_ports: VecMap<String, Vec<&Slot>> = VecMap::new();
    for slice in existing {
        if owned_by(*slice, service) {
            existing_by_ports.entry(port_map_key(&slice["ports"])).or_default().push(slice);
        } else {
            delete.push(slice.to_value());
        }
    }

    let mut desired: VecMap<String, (Value, EndpointSet)> = VecMap::new();
    for pod in pods {
        if !belongs_in_slices(pod) {
            continue;
        }
        let ports = endpoint_ports(service, pod);
        let key = port_map_key(&ports);
        let entry = desired.entry(key).or_insert_with(|| (ports, EndpointSet::default()));
        let node_name = pod["spec"]["nodeName"].as_str().unwrap_or_default();
        let found = node(node_name);
        if found.is_none() && service["spec"]["publishNotReadyAddresses"] != true {
            // The pod is left out and the Service synced again later, so a pod whose Node is
            // gone cannot keep its slice stuck.
            let pod_name = pod["metadata"]["name"].as_str().unwrap_or_default();
            plan.errors.push(format!("skipping Pod {pod_name} for Service {ns}/{svc_name}: Node {node_name} Not Found"));
            continue;
        }
        let e = pod_to_endpoint(pod, found, service, address_type);
        if e["addresses"].as_array().is_some_and(|a| !a.is_empty()) {
            entry.1.insert(e);
        }
    }

    for (key, (ports, set)) in &mut desired {
        let slices = existing_by_ports.get(key).map(Vec::as_slice).unwrap_or_default();
        let (c, u, d) = by_port_mapping(service, slices, set, ports, address_type);
        create.extend(c);
        update.extend(u);
        delete.extend(d);
    }
    for (key, slices) in &existing_by_ports {
        if !desired.contains_key(key) {
            delete.extend(slices.iter().map(|s| s.to_value()));
        }
    }

    // No slice would be left: the placeholder, unless the one to delete already is it.
    if existing.len() == delete.len() && create.is_empty() {
        let placeholder = new_slice(service, &json!([]), address_type);
        if delete.len() == 1 && is_placeholder(&delete[0], &placeholder) {
            delete.clear();
        } else {
            create.push(placeholder);
        }
    }

    // `finalize`: a create and a delete become an update of the slice that would go, so
    // names stay stable.
    let mut i = 0;
    while i < delete.len() && !create.is_empty() {
        if delete[i]["addressType"].as_str() == Some(address_type) && owned_by(&delete[i], service) {
            let gone = delete.remove(i);
            if let Some(mut slice) = create.pop() {
                slice["metadata"]["name"] = gone["metadata"]["name"].to_value();
                update.push(slice);
            }
        } else {
            i += 1;
        }
    }
    plan.create.extend(create);
    plan.update.extend(update);
    plan.delete.extend(delete);
}

/// `reconcileByPortMapping`: (to create, to update, to delete) for the slices of one port list.
fn by_port_mapping(service: &Slot, existing: &[&Slot], desired: &mut EndpointSet, ports: &Value, address_type: &str) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
    let max = MAX_ENDPOINTS_PER_SLICE;
    let mut by_name: BTreeMap<String, Value> = BTreeMap::new();
    let mut unchanged: VecSet<String> = VecSet::new();
    let mut to_update: VecSet<String> = VecSet::new();
    let mut to_delete: VecSet<String> = VecSet::new();

    // 1. Keep the endpoints still desired where they are, as they are now.
    for slice in existing {
        let name = name_of(slice);
        let mut kept = Vec::new();
        let mut changed = false;
        for e in endpoints_of(slice) {
            if let Some(now) = desired.get(e) {
                changed |= now != e;
                kept.push(now.clone());
                desired.remove(e);
            }
        }
        let (labels, labels_changed) = slice_labels(slice, service);
        if changed || kept.len() != endpoints_of(slice).len() {
            if kept.is_empty() {
                to_delete.insert(name.clone());
                by_name.insert(name, (*slice).to_value());
            } else {
                let mut s = slice.to_value();
                set_endpoints(&mut s, kept);
                s["metadata"]["labels"] = labels;
                by_name.insert(name.clone(), s);
                to_update.insert(name);
            }
        } else if labels_changed {
            let mut s = slice.to_value();
            s["metadata"]["labels"] = labels;
            by_name.insert(name.clone(), s);
            to_update.insert(name);
        } else {
            by_name.insert(name.clone(), (*slice).to_value());
            unchanged.insert(name);
        }
    }

    // 2. Fill the slices being updated anyway, fullest first.
    if desired.len() > 0 && !to_update.is_empty() {
        let mut order: Vec<String> = to_update.iter().cloned().collect();
        crate::sort::sort_by_key(&mut order, |n| std::cmp::Reverse(by_name.get(n).map_or(0, |s| endpoint_count(s))));
        for n in order {
            let Some(slice) = by_name.get_mut(&n) else { continue };
            while desired.len() > 0 && endpoint_count(slice) < max {
                if let Some(e) = desired.pop() {
                    push_endpoint(slice, e);
                }
            }
        }
    }

    // 3. The rest: into the unchanged slice they fit best, else into new slices.
    let mut create = Vec::new();
    while desired.len() > 0 {
        let mut fill: Option<String> = None;
        if desired.len() < max && !unchanged.is_empty() {
            // `getSliceToFill`: the slice closest to full once they are added.
            let mut closest = max;
            for n in &unchanged {
                let len = by_name.get(n).map_or(0, |s| endpoint_count(s));
                let Some(diff) = max.checked_sub(desired.len() + len) else { continue };
                if diff < closest {
                    closest = diff;
                    fill = Some(n.clone());
                    if diff == 0 {
                        break;
                    }
                }
            }
        }
        match fill {
            Some(n) => {
                if let Some(slice) = by_name.get_mut(&n) {
                    while desired.len() > 0 && endpoint_count(slice) < max {
                        if let Some(e) = desired.pop() {
                            push_endpoint(slice, e);
                        }
                    }
                }
                unchanged.remove(&n);
                to_update.insert(n);
            }
            None => {
                let mut slice = new_slice(service, ports, address_type);
                while desired.len() > 0 && endpoint_count(&slice) < max {
                    if let Some(e) = desired.pop() {
                        push_endpoint(&mut slice, e);
                    }
                }
                create.push(slice);
            }
        }
    }
    let update = to_update.iter().filter_map(|n| by_name.get(n).cloned()).collect();
    let delete = to_delete.iter().filter_map(|n| by_name.get(n).cloned()).collect();
    (create, update, delete)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svc() -> Value {
        json!({"metadata": {"name": "web", "namespace": "default", "uid": "s1", "labels": {"tier": "front"}},
               "spec": {"selector": {"app": "web"}, "clusterIP": "10.96.5.5", "ipFamilies": ["IPv4"], "ports": [{"name": "http", "port": 80, "targetPort": 8080, "protocol": "TCP"}]}})
    }

    fn pod(i: usize, ready: bool) -> Value {
        json!({"metadata": {"name": format!("web-{i:03}"), "namespace": "default", "uid": format!("u{i}"), "labels": {"app": "web"}},
               "spec": {"nodeName": "worker-1", "containers": [{"name": "c"}]},
               "status": {"phase": "Running", "podIP": format!("10.244.{}.{}", i / 200, i % 200 + 2), "conditions": [{"type": "Ready", "status": if ready { "True" } else { "False" }}]}})
    }

    fn node() -> Value {
        json!({"metadata": {"name": "worker-1", "labels": {}}})
    }

    /// Turns a plan into the slices the API server would then hold (creates named in order).
    fn apply(existing: Vec<Value>, plan: Plan) -> Vec<Value> {
        let mut slices: BTreeMap<String, Value> = crate::sort::collect_map(existing.into_iter().map(|s| (name_of(&crate::Obj::untyped(&s)), s)));
        for d in &plan.delete {
            slices.remove(&name_of(&crate::Obj::untyped(d)));
        }
        for u in plan.update {
            slices.insert(name_of(&crate::Obj::untyped(&u)), u);
        }
        for (i, mut c) in plan.create.into_iter().enumerate() {
            let name = format!("web-new{i}-{}", slices.len());
            c["metadata"]["name"] = json!(name);
            slices.insert(name, c);
        }
        slices.into_values().collect()
    }

    fn sync(existing: Vec<Value>, pods: &[Value]) -> (Plan, Vec<Value>) {
        let service = crate::Obj::untyped(&svc());
        let n = crate::Obj::untyped(&node());
        let pods: Vec<crate::Obj> = pods.iter().map(crate::Obj::untyped).collect();
        let existing_objs: Vec<crate::Obj> = existing.iter().map(crate::Obj::untyped).collect();
        let pod_refs: Vec<&Slot> = pods.iter().map(|p| p.root()).collect();
        let refs: Vec<&Slot> = existing_objs.iter().map(|p| p.root()).collect();
        let plan = reconcile(&service, &pod_refs, &refs, |name| (name == "worker-1").then_some(n.root()));
        let probe = Plan { create: plan.create.clone(), update: plan.update.clone(), delete: plan.delete.clone(), errors: plan.errors.clone() };
        (plan, apply(existing, probe))
    }

    fn sizes(slices: &[Value]) -> Vec<usize> {
        slices.iter().map(|s| endpoint_count(s)).collect()
    }

    /// The conditions table of `podToEndpoint` (utils.go): `ready` never true while
    /// terminating unless the Service publishes not-ready addresses; terminal pods are left out.
    #[test]
    fn conditions_follow_readiness_and_termination() {
        let conditions = |ready: bool, terminating: bool, publish: bool| {
            let mut p = pod(1, ready);
            if terminating {
                p["metadata"]["deletionTimestamp"] = json!("2026-03-02T09:00:10Z");
            }
            let mut s = svc();
            s["spec"]["publishNotReadyAddresses"] = json!(publish);
            pod_to_endpoint(&crate::Obj::untyped(&p), None, &crate::Obj::untyped(&s), "IPv4")["conditions"].clone()
        };
        assert_eq!(conditions(true, false, false), json!({"ready": true, "serving": true, "terminating": false}));
        assert_eq!(conditions(false, false, false), json!({"ready": false, "serving": false, "terminating": false}));
        assert_eq!(conditions(true, true, false), json!({"ready": false, "serving": true, "terminating": true}));
        assert_eq!(conditions(false, true, false), json!({"ready": false, "serving": false, "terminating": true}));
        assert_eq!(conditions(false, false, true), json!({"ready": true, "serving": false, "terminating": false}));
        let mut done = pod(1, true);
        done["status"]["phase"] = json!("Succeeded");
        assert!(!belongs_in_slices(&crate::Obj::untyped(&done)));
        let zoned = json!({"metadata": {"labels": {TOPOLOGY_ZONE_LABEL: "zone-a"}}});
        assert_eq!(pod_to_endpoint(&crate::Obj::untyped(&pod(1, true)), Some(&crate::Obj::untyped(&zoned)), &crate::Obj::untyped(&svc()), "IPv4")["zone"], "zone-a");
        assert_eq!(pod_to_endpoint(&crate::Obj::untyped(&pod(1, true)), None, &crate::Obj::untyped(&svc()), "IPv6")["addresses"], json!([]));
    }

    #[test]
    fn no_pods_gives_one_placeholder_and_keeps_it() {
        let (plan, slices) = sync(vec![], &[]);
        assert_eq!(plan.create.len(), 1);
        assert!(plan.create[0]["endpoints"].is_null() && plan.create[0]["ports"].is_null());
        assert_eq!(plan.create[0]["metadata"]["labels"], json!({"tier": "front", SERVICE_NAME_LABEL: "web", MANAGED_BY_LABEL: MANAGED_BY}));
        let (again, _) = sync(slices, &[]);
        assert!(again.is_empty(), "the placeholder is not deleted and created again: {again:?}");
    }

    /// 250 pods: 100 + 100 + 50, the upstream test `TestReconcile1EndpointSlice`'s shape at scale.
    #[test]
    fn many_pods_fill_slices_of_one_hundred() {
        let pods: Vec<Value> = (0..250).map(|i| pod(i, true)).collect();
        let (plan, slices) = sync(vec![], &pods);
        assert_eq!(plan.create.len(), 3);
        assert_eq!(sizes(&slices), [100, 100, 50]);
        // A second sync over what it wrote changes nothing.
        let (again, _) = sync(slices, &pods);
        assert!(again.is_empty());
    }

    /// One pod's readiness flips: only its slice is updated, in place, nothing moves.
    #[test]
    fn a_changed_endpoint_updates_only_its_slice() {
        let mut pods: Vec<Value> = (0..250).map(|i| pod(i, true)).collect();
        let (_, slices) = sync(vec![], &pods);
        pods[120] = pod(120, false);
        let (plan, after) = sync(slices.clone(), &pods);
        assert!(plan.create.is_empty() && plan.delete.is_empty());
        assert_eq!(plan.update.len(), 1);
        assert_eq!(sizes(&after), sizes(&slices));
        let updated = crate::Obj::untyped(&plan.update[0]);
        let changed: Vec<&Slot> = endpoints_of(&updated).iter().filter(|e| e["conditions"]["ready"] == false).collect();
        assert_eq!(changed.len(), 1);
        assert_eq!(changed[0]["targetRef"]["name"], "web-120");
    }

    /// New pods go into a slice that has room (the one updated anyway, then the best fit),
    /// never into a re-chunking of every slice.
    #[test]
    fn new_endpoints_fill_existing_room_first() {
        let pods: Vec<Value> = (0..150).map(|i| pod(i, true)).collect();
        let (_, slices) = sync(vec![], &pods);
        assert_eq!(sizes(&slices), [100, 50]);
        let more: Vec<Value> = (0..160).map(|i| pod(i, true)).collect();
        let (plan, after) = sync(slices, &more);
        assert!(plan.create.is_empty());
        assert_eq!(plan.update.len(), 1);
        assert_eq!(sizes(&after), [100, 60]);
    }

    /// Removing pods empties a slice: it is deleted, unless a create can take its name.
    #[test]
    fn an_emptied_slice_is_deleted() {
        let pods: Vec<Value> = (0..150).map(|i| pod(i, true)).collect();
        let (_, slices) = sync(vec![], &pods);
        let fewer: Vec<Value> = (0..100).map(|i| pod(i, true)).collect();
        let (plan, after) = sync(slices, &fewer);
        assert_eq!((plan.create.len(), plan.update.len(), plan.delete.len()), (0, 0, 1));
        assert_eq!(sizes(&after), [100]);
        // Every pod gone: the last slice turns into the placeholder under its own name.
        let (plan, after) = sync(after, &[]);
        assert_eq!((plan.create.len(), plan.update.len(), plan.delete.len()), (0, 1, 0));
        assert_eq!(after.len(), 1);
        assert!(after[0]["endpoints"].is_null());
    }

    #[test]
    fn a_pod_on_a_missing_node_is_skipped_with_an_error() {
        let mut p = pod(1, true);
        p["spec"]["nodeName"] = json!("gone");
        let (plan, _) = sync(vec![], &[p]);
        assert_eq!(plan.errors, ["skipping Pod web-001 for Service default/web: Node gone Not Found"]);
        assert_eq!(plan.create.len(), 1, "the placeholder");
    }

    #[test]
    fn changed_service_labels_update_the_slice() {
        let pods: Vec<Value> = (0..3).map(|i| pod(i, true)).collect();
        let (_, slices) = sync(vec![], &pods);
        let mut service = svc();
        service["metadata"]["labels"] = json!({"tier": "back"});
        let slices: Vec<crate::Obj> = slices.iter().map(crate::Obj::untyped).collect();
        let pods: Vec<crate::Obj> = pods.iter().map(crate::Obj::untyped).collect();
        let refs: Vec<&Slot> = slices.iter().map(|p| p.root()).collect();
        let pod_refs: Vec<&Slot> = pods.iter().map(|p| p.root()).collect();
        let n = crate::Obj::untyped(&node());
        let plan = reconcile(&crate::Obj::untyped(&service), &pod_refs, &refs, |_| Some(n.root()));
        assert_eq!(plan.update.len(), 1);
        assert_eq!(plan.update[0]["metadata"]["labels"]["tier"], "back");
    }
}

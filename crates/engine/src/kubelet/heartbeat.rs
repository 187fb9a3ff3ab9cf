//! The kubelet's heartbeats (`pkg/kubelet/nodelease`, `pkg/kubelet/kubelet_node_status.go`):
//! the node's Lease in `kube-node-lease` renewed every 10 s (`nodeLeaseRenewIntervalFraction`
//! 0.25 × `nodeLeaseDurationSeconds` 40), and the Node's status posted when it changes or every
//! `nodeStatusReportFrequency` (5 min) otherwise.
//!
//! A node that is "down" (`podlife node down`) keeps its containers running but reaches nothing:
//! no heartbeat, no status, no watch — as a power cut of the network or a partition looks from
//! the control plane.


use super::{Cx, Due, Kubelet, NodeMachine};
use super::register::network_ready;
use crate::Slot;
use serde_json::Value;

use crate::apiserver::{Request, Verb};
use crate::store::ObjectKey;
use crate::{Engine, Task};
use podlife_model::ResourceType;

pub const LEASE_RENEW_MS: u64 = 10_000;

/// A node status as the kubelet's setters compute it, and the events they would record.
pub(crate) struct ComputedNodeStatus {
    pub status: Value,
    /// Conditions whose status changes (`NodeReady`, `NodeNotReady`, …).
    pub transitions: Vec<&'static str>,
    /// A new boot id (the `Rebooted` warning).
    pub rebooted: Option<String>,
}
pub const STATUS_REPORT_MS: u64 = 300_000;

impl Engine {
    /// Starts a node's heartbeat loop (at a random point of its first interval).
    pub(crate) fn start_heartbeats(&mut self, node: &str) {
        let offset = self.rng.below(LEASE_RENEW_MS);
        self.schedule(self.now.plus_millis(offset), Task::kubelet(node, Due::Heartbeat));
        self.schedule(self.now.plus_millis(super::container_gc::CONTAINER_GC_PERIOD_MS), Task::kubelet(node, Due::ContainerGc));
    }

    /// Would this node's next heartbeat only renew its Lease and repeat its status (a quiet
    /// stretch may then be skipped, `quiet.rs`)? Its kubelet runs and reaches the API, the
    /// runtime answers, and the status computed now equals the Node's but for heartbeat times.
    pub(crate) fn heartbeat_steady(&self, node: &str) -> bool {
        if !self.kubelet_running(node) || self.node_down(node) || self.rebooting.contains_key(node) || self.removed_nodes.contains(node) {
            return false;
        }
        let Some(m) = self.machines.get(node) else { return false };
        let Some(k) = self.kubelet_of(node) else { return false };
        if m.runtime.down_since.is_some() || !super::runtime_state::runtime_errors(&m.runtime, self.now, k.tick_offset_ms, m.cri_connected_at, k.booted_at).is_empty() {
            return false;
        }
        let (Some(nrt), Some(lrt)) = (ResourceType::resolve("nodes"), ResourceType::resolve("leases")) else { return false };
        if self.store.get(&ObjectKey::new(lrt, Some("kube-node-lease"), node)).is_none() {
            return false;
        }
        let Some(current) = self.store.get(&ObjectKey::new(nrt, None, node)) else { return false };
        let repeats = node_status_repeats(k, m, self.now, current);
        debug_assert_eq!(
            repeats,
            compute_node_status(k, m, self.now, network_ready(current), current).is_some_and(|c| c.transitions.is_empty() && c.rebooted.is_none() && !status_changed(&c.status, current)),
            "the cheap check answers as the setters do"
        );
        repeats
    }

    /// Is the node cut off from the control plane?
    pub fn node_down(&self, node: &str) -> bool {
        self.down_nodes.contains(node)
    }

    /// `podlife node down|up NAME`: the node stops (or resumes) talking to the API server.
    /// Its containers keep running; when it comes back its kubelet relists and reports.
    #[inline(never)]
    pub fn set_node_down(&mut self, node: &str, down: bool) -> Result<(), crate::EngineError> {
        self.outside_change();
        if self.node_component(super::COMPONENT, node).is_none() || self.removed_nodes.contains(node) {
            return Err(crate::EngineError::UnknownNode(node.to_string()));
        }
        let params = crate::sort::map_of([("node".to_string(), json!(node))]);
        if down {
            if self.down_nodes.insert(node.to_string()) {
                self.record(crate::trace::ComponentRef::on_node("node", node), crate::trace::Action::NodeDown, None, params, vec![]);
            }
            return Ok(());
        }
        if !self.down_nodes.remove(node) {
            return Ok(());
        }
        self.record(crate::trace::ComponentRef::on_node("node", node), crate::trace::Action::NodeUp, None, params, vec![]);
        // The node's watches broke: its components list afresh and catch up.
        for name in ["kubelet", "kube-proxy"] {
            self.relist_component(name, node);
        }
        self.run_kubelet(node, |k, cx| k.renew_lease(cx));
        self.run_kubelet(node, |k, cx| k.resync_statuses(cx));
        self.run_kubelet(node, |k, cx| k.node_status_update(cx, true));
        Ok(())
    }
}

impl Kubelet {
    /// One heartbeat: renew the Lease; post the Node status if it changed or is due.
    pub(crate) fn heartbeat(&mut self, cx: &mut Cx<'_>) {
        if !cx.running() || cx.node().cut_off(&self.node) {
            return;
        }
        self.renew_lease(cx);
        self.node_status_update(cx, false);
    }

    /// The Lease renewal itself.
    fn renew_lease(&mut self, cx: &mut Cx<'_>) {
        let Some(lrt) = ResourceType::resolve("leases") else { return };
        let lease_key = ObjectKey::new(lrt, Some("kube-node-lease"), &self.node);
        let now = cx.now();
        // The Lease as JSON: the body of the update.
        if let Some(mut lease) = cx.node().api_object(&lease_key).map(Slot::to_value) {
            lease["spec"]["renewTime"] = json!(now.rfc3339_micros());
            let mut req = Request::new(Verb::Update, lrt);
            req.namespace = Some("kube-node-lease".into());
            req.name = Some(self.node.clone());
            req.body = Some(lease);
            let _ = self.request(cx, req);
        }
    }

    /// `tryUpdateNodeStatus`: the status the setters compute from the Node as the API has it;
    /// sent when something changed or the report is due (`force` after a restart).
    pub(crate) fn node_status_update(&mut self, cx: &mut Cx<'_>, force: bool) {
        let Some(nrt) = ResourceType::resolve("nodes") else { return };
        let Some(current) = cx.node().api_object(&ObjectKey::new(nrt, None, &self.node)).cloned() else { return };
        let now = cx.now();
        let due = force || now.millis().saturating_sub(self.status_reported_at.millis()) >= STATUS_REPORT_MS;
        // Most heartbeats only renew the Lease: when no report is due and the setters would
        // change nothing (no transition, hence no event), the status is not built at all.
        if !due && cx.node().machine(&self.node).is_some_and(|m| node_status_repeats(self, m, now, &current)) {
            return;
        }
        let status = self.node_status(cx, &current);
        let changed = status_changed(&status, &current);
        if !changed && !due {
            return;
        }
        self.status_reported_at = now;
        let mut body = json!({"status": {"conditions": status["conditions"], "images": status["images"]}});
        if status["nodeInfo"] != current["status"]["nodeInfo"] {
            body["status"]["nodeInfo"] = status["nodeInfo"].clone();
        }
        // `PatchNodeStatus` sends the two-way merge patch of the change: a map's new values,
        // and null for a key that went.
        for key in ["capacity", "allocatable"] {
            let (new, old) = (&status[key], &current["status"][key]);
            if new != old && let Some(map) = new.as_object() {
                let mut patch = map.clone();
                for k in old.as_object().into_iter().flatten().map(|(k, _)| k).filter(|k| !map.contains_key(*k)) {
                    patch.insert(k.to_string(), Value::Null);
                }
                body["status"][key] = Value::Object(patch);
            }
        }
        let mut req = Request::new(Verb::Patch, nrt);
        req.name = Some(self.node.clone());
        req.subresource = Some("status".into());
        req.body = Some(body);
        let _ = self.request(cx, req);
    }

    /// The kubelet's node status setters (`defaultNodeStatusFuncs`, `pkg/kubelet/nodestatus/
    /// setters.go`) applied to `current`: addresses, machine info (with the `Rebooted` warning
    /// when the boot id changed), versions, the daemon endpoint, images, and the conditions,
    /// each recording an event when its status changes ("Node NAME status is now: …").
    pub(crate) fn node_status(&mut self, cx: &mut Cx<'_>, current: &Slot) -> Value {
        let Some(nrt) = ResourceType::resolve("nodes") else { return current["status"].to_value() };
        let network_ready = cx.node().api_object(&ObjectKey::new(nrt, None, &self.node)).is_some_and(network_ready);
        let now = cx.now();
        let Some(m) = cx.node().machine(&self.node) else { return current["status"].to_value() };
        let Some(computed) = compute_node_status(self, m, now, network_ready, current) else { return current["status"].to_value() };
        let node = self.node.clone();
        if let Some(boot_id) = &computed.rebooted {
            self.node_event(cx, "Warning", "Rebooted", &format!("Node {node} has been rebooted, boot id: {boot_id}"));
        }
        for event in computed.transitions {
            self.node_event(cx, "Normal", event, &format!("Node {node} status is now: {event}"));
        }
        computed.status
    }

    /// An event about the Node from its kubelet (through its recorder, so that events of one
    /// instant get distinct names and repeats are counted).
    pub(crate) fn node_event(&mut self, cx: &mut Cx<'_>, kind: &str, reason: &str, message: &str) {
        use crate::record::{Involved, Note, Source};
        let Some(rt) = ResourceType::resolve("events") else { return };
        let node = self.node.clone();
        // The kubelet's `nodeRef` carries the node's name as its uid.
        let object = crate::Obj::untyped(&json!({"metadata": {"name": node, "uid": node}}));
        let reference = json!({"apiVersion": "v1", "kind": "Node", "name": node, "uid": node});
        let involved = Involved { kind: "Node", api_version: "v1", object: &object, field_path: None };
        let note = Note { kind, reason, message };
        let Some(write) = self.events.record_about(involved, note, Source { component: "kubelet", host: Some(&node) }, cx.now()) else { return };
        let build = |verb, name: Option<&str>, mut body: Value| {
            if verb == Verb::Create {
                body["involvedObject"] = reference.clone();
            }
            let mut req = Request::new(verb, rt);
            req.namespace = Some("default".into());
            req.name = name.map(str::to_string);
            req.body = Some(body);
            Some(req)
        };
        crate::record::sink(&write, &build, &mut |r| self.request(cx, r));
    }
}

/// The status the setters compute, without recording their events (the quiet-stretch
/// check asks whether a heartbeat would change anything).
pub(crate) fn compute_node_status(k: &Kubelet, m: &NodeMachine, now: crate::clock::Time, network_ready: bool, current: &Slot) -> Option<ComputedNodeStatus> {
    let node = k.node.as_str();
    let ts = now.rfc3339();
    let facts = m.facts.clone();
    let host_ip = k.host_ip.clone();
    // `setNodeStatusImages`: the runtime's images, largest first, at most 50.
    let images = node_images(&m.runtime);
    let runtime_errs = super::runtime_state::runtime_errors(&m.runtime, now, k.tick_offset_ms, m.cri_connected_at, k.booted_at);
    let mut status = current["status"].to_value();
    if !status.is_object() {
        status = json!({});
    }
    status["addresses"] = json!([{"type": "InternalIP", "address": host_ip}, {"type": "Hostname", "address": node}]);
    if facts.capacity.is_object() {
        // (The status's capacity and allocatable are still `current`'s.)
        let (capacity, allocatable) = capacity_and_allocatable(&facts.capacity, &current["status"]);
        status["capacity"] = capacity;
        status["allocatable"] = allocatable;
    }
    let old_boot = status["nodeInfo"]["bootID"].as_str().unwrap_or_default().to_string();
    let rebooted = (!old_boot.is_empty() && old_boot != facts.boot_id).then(|| facts.boot_id.clone());
    status["nodeInfo"] = Value::Object(crate::sort::collect_object(node_info(&facts).iter().map(|(k, v)| (k.to_string(), json!(v)))));
    status["daemonEndpoints"] = json!({"kubeletEndpoint": {"Port": 10250}});
    // The `NodeFeatures` setter: containerd 2.x supports SupplementalGroupsPolicy.
    status["features"] = json!({"supplementalGroupsPolicy": true});
    status["images"] = json!(images);
    let mut conditions: Vec<Value> = status["conditions"].as_array().cloned().unwrap_or_default();
    let mut transitions: Vec<&'static str> = Vec::new();
    let not_ready = not_ready_message(runtime_errs, network_ready);
    for (kind, (status_value, reason, message, event)) in node_conditions(not_ready.as_deref()) {
        match conditions.iter_mut().find(|c| c["type"] == kind) {
            Some(c) => {
                if c["status"] != status_value {
                    transitions.push(event);
                    c["lastTransitionTime"] = json!(ts);
                }
                c["status"] = json!(status_value);
                c["reason"] = json!(reason);
                c["message"] = json!(message);
                c["lastHeartbeatTime"] = json!(ts);
            }
            None => {
                transitions.push(event);
                conditions.push(json!({"type": kind, "status": status_value, "reason": reason, "message": message, "lastHeartbeatTime": ts, "lastTransitionTime": ts}));
            }
        }
    }
    status["conditions"] = json!(conditions);
    Some(ComputedNodeStatus { status, transitions, rebooted })
}

/// Whether the setters would leave `current`'s conditions, images and node info as they
/// are, heartbeat times aside, with no condition changing and no new boot id: what
/// `compute_node_status` followed by `status_changed` answers, without building a status
/// (the quiet-stretch check asks this of every node at every look).
fn node_status_repeats(k: &Kubelet, m: &NodeMachine, now: crate::clock::Time, current: &Slot) -> bool {
    let status = &current["status"];
    let info = node_info(&m.facts);
    let same_info = status["nodeInfo"].as_object().is_some_and(|o| o.len() == info.len() && info.iter().all(|(k, v)| o.get(*k).and_then(crate::Slot::as_str) == Some(*v)));
    if !same_info {
        return false;
    }
    let images = status["images"].as_array().unwrap_or_default();
    let wanted = sorted_images(&m.runtime);
    let same_image = |have: &Slot, want: &crate::containerd::NodeImage| {
        let names = want.repo_digests.iter().chain(want.repo_tags.iter());
        have.as_object().is_some_and(|o| o.len() == 2)
            && have["sizeBytes"].as_u64() == Some(want.size_bytes)
            && have["names"].as_array().is_some_and(|a| a.len() == want.repo_digests.len() + want.repo_tags.len() && a.iter().zip(names).all(|(h, w)| h.as_str() == Some(w.as_str())))
    };
    if images.len() != wanted.len() || !images.iter().zip(&wanted).all(|(h, w)| same_image(h, w)) {
        return false;
    }
    if m.facts.capacity.is_object() && !capacity_and_allocatable_hold(&m.facts.capacity, status) {
        return false;
    }
    let errs = super::runtime_state::runtime_errors(&m.runtime, now, k.tick_offset_ms, m.cri_connected_at, k.booted_at);
    let not_ready = not_ready_message(errs, network_ready(current));
    let conditions = status["conditions"].as_array().unwrap_or_default();
    node_conditions(not_ready.as_deref()).iter().all(|(kind, (value, reason, message, _))| {
        conditions.iter().find(|c| c["type"] == *kind).is_some_and(|c| c["status"] == *value && c["reason"] == *reason && c["message"] == *message)
    })
}

/// `nodeStatusMaxImages`.
const MAX_NODE_IMAGES: usize = 50;

/// The Node's `status.images`: each image's repo digests and tags, largest first.
fn node_images(rt: &crate::containerd::Runtime) -> Vec<Value> {
    sorted_images(rt)
        .into_iter()
        .map(|i| {
            let names: Vec<&String> = i.repo_digests.iter().chain(i.repo_tags.iter()).collect();
            json!({"names": names, "sizeBytes": i.size_bytes})
        })
        .collect()
}

/// `MachineInfo` and `VersionInfo`: the Node's `status.nodeInfo`, field by field.
fn node_info(facts: &super::MachineFacts) -> [(&'static str, &str); 10] {
    [
        ("architecture", "amd64"),
        ("bootID", facts.boot_id.as_str()),
        ("containerRuntimeVersion", crate::cluster::facts::CONTAINER_RUNTIME_VERSION),
        ("kernelVersion", crate::cluster::facts::KERNEL_VERSION),
        ("kubeProxyVersion", ""),
        ("kubeletVersion", crate::cluster::facts::KUBELET_VERSION),
        ("machineID", facts.machine_id.as_str()),
        ("operatingSystem", "linux"),
        ("osImage", crate::cluster::facts::OS_IMAGE),
        ("systemUUID", facts.system_uuid.as_str()),
    ]
}

/// The runtime's images as the Node lists them: largest first, at most 50.
fn sorted_images(rt: &crate::containerd::Runtime) -> Vec<&crate::containerd::NodeImage> {
    let mut list: Vec<&crate::containerd::NodeImage> = rt.images.values().collect();
    crate::sort::sort_by(&mut list, |a, b| b.size_bytes.cmp(&a.size_bytes).then_with(|| a.id.cmp(&b.id)));
    list.truncate(MAX_NODE_IMAGES);
    list
}

/// `ReadyCondition`'s message when the node is not ready: the runtime's errors, then the
/// network's, aggregated (None: ready).
fn not_ready_message(mut errs: Vec<String>, network_ready: bool) -> Option<String> {
    if !network_ready {
        errs.push(super::register::NETWORK_NOT_READY.to_string());
    }
    super::runtime_state::aggregate(&errs)
}

/// One condition the setters own: (status, reason, message, the event recorded when the
/// status changes).
type ConditionValue<'a> = (&'static str, &'static str, &'a str, &'static str);

/// The four conditions the setters own (`setters.go`), by type.
fn node_conditions(not_ready: Option<&str>) -> [(&'static str, ConditionValue<'_>); 4] {
    let ready = match not_ready {
        None => ("True", "KubeletReady", "kubelet is posting ready status", "NodeReady"),
        Some(message) => ("False", "KubeletNotReady", message, "NodeNotReady"),
    };
    [
        ("MemoryPressure", ("False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available", "NodeHasSufficientMemory")),
        ("DiskPressure", ("False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure", "NodeHasNoDiskPressure")),
        ("PIDPressure", ("False", "KubeletHasSufficientPID", "kubelet has sufficient PID available", "NodeHasSufficientPID")),
        ("Ready", ready),
    ]
}

/// Whether `capacity_and_allocatable` would give `status`'s own capacity and allocatable,
/// asked without building them: the capacity holds every machine value already, and the
/// allocatable holds every capacity value and nothing that the setter would drop.
fn capacity_and_allocatable_hold(machine: &Value, status: &Slot) -> bool {
    let hold = match (status["capacity"].as_object(), status["allocatable"].as_object()) {
        (Some(capacity), Some(allocatable)) => {
            machine.as_object().into_iter().flatten().all(|(k, v)| capacity.get(k).is_some_and(|c| *c == *v))
                && capacity.clone().all(|(k, v)| allocatable.get(k).is_some_and(|a| *a == *v))
                && allocatable.keys().all(|k| capacity.contains_key(k) || !super::admission::is_extended_resource(k))
        }
        _ => false,
    };
    debug_assert_eq!(hold, {
        let (capacity, allocatable) = capacity_and_allocatable(machine, status);
        capacity == status["capacity"] && allocatable == status["allocatable"]
    });
    hold
}

/// The `MachineInfo` setter's capacity and allocatable (pkg/kubelet/nodestatus/setters.go): the
/// machine's resources overwrite their own keys and leave others (an extended resource an
/// admin advertised) in place; allocatable is every capacity entry (podlife's kubelet reserves
/// nothing), and an extended resource gone from capacity leaves allocatable too.
fn capacity_and_allocatable(machine: &Value, status: &Slot) -> (Value, Value) {
    let mut capacity = status["capacity"].to_map().unwrap_or_default();
    for (k, v) in machine.as_object().into_iter().flatten() {
        capacity.insert(k.clone(), v.clone());
    }
    let mut allocatable = status["allocatable"].to_map().unwrap_or_default();
    allocatable.retain(|k, _| capacity.contains_key(k) || !super::admission::is_extended_resource(k));
    for (k, v) in &capacity {
        allocatable.insert(k.clone(), v.clone());
    }
    (Value::Object(capacity), Value::Object(allocatable))
}

/// Whether a computed node status differs from the Node's in its conditions, images or node
/// info — heartbeat times alone are not a change worth a write.
fn status_changed(status: &Value, current: &Slot) -> bool {
    /// `new == old` but for the `lastHeartbeatTime` of an array's objects (read in place).
    fn same_but_heartbeats(new: &Value, old: &Slot) -> bool {
        let (Some(a), Some(b)) = (new.as_array(), old.as_array()) else { return *old == *new };
        a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| {
                let (Some(xo), Some(yo)) = (x.as_object(), y.as_object()) else { return *y == *x };
                let mut xs = xo.iter().filter(|(k, _)| *k != "lastHeartbeatTime");
                let mut ys = yo.filter(|(k, _)| *k != "lastHeartbeatTime");
                loop {
                    match (xs.next(), ys.next()) {
                        (None, None) => return true,
                        (Some((kx, vx)), Some((ky, vy))) if kx == ky && *vy == *vx => {}
                        _ => return false,
                    }
                }
            })
    }
    ["conditions", "images", "nodeInfo", "capacity", "allocatable"].iter().any(|k| !same_but_heartbeats(&status[*k], &current["status"][*k]))
}

#[cfg(test)]
mod tests {
    use super::{capacity_and_allocatable, capacity_and_allocatable_hold};
    use crate::Obj;

    /// The cheap check answers as building the capacity and allocatable and comparing does.
    #[test]
    fn capacity_and_allocatable_hold_as_built() {
        let machine = json!({"cpu": "8", "memory": "16Gi", "pods": "110"});
        let cases = [
            json!({"capacity": {"cpu": "8", "memory": "16Gi", "pods": "110"}, "allocatable": {"cpu": "8", "memory": "16Gi", "pods": "110"}}),
            // A capacity value the machine changed.
            json!({"capacity": {"cpu": "4", "memory": "16Gi", "pods": "110"}, "allocatable": {"cpu": "4", "memory": "16Gi", "pods": "110"}}),
            // A device plugin's resource: kept in both.
            json!({"capacity": {"cpu": "8", "example.com/gpu": "2", "memory": "16Gi", "pods": "110"}, "allocatable": {"cpu": "8", "example.com/gpu": "2", "memory": "16Gi", "pods": "110"}}),
            // An extended resource left in allocatable alone: the setter drops it.
            json!({"capacity": {"cpu": "8", "memory": "16Gi", "pods": "110"}, "allocatable": {"cpu": "8", "example.com/gpu": "2", "memory": "16Gi", "pods": "110"}}),
            // Allocatable short of a capacity value, or differing from it.
            json!({"capacity": {"cpu": "8", "memory": "16Gi", "pods": "110"}, "allocatable": {"cpu": "8", "memory": "16Gi"}}),
            json!({"capacity": {"cpu": "8", "memory": "16Gi", "pods": "110"}, "allocatable": {"cpu": "7", "memory": "16Gi", "pods": "110"}}),
            // A capacity the machine does not report, or none at all.
            json!({"capacity": {"cpu": "8", "hugepages-2Mi": "0", "memory": "16Gi", "pods": "110"}, "allocatable": {"cpu": "8", "hugepages-2Mi": "0", "memory": "16Gi", "pods": "110"}}),
            json!({"allocatable": {"cpu": "8", "memory": "16Gi", "pods": "110"}}),
            json!({}),
        ];
        let expected = [true, false, true, false, false, false, true, false, false];
        for (status, want) in cases.iter().zip(expected) {
            let slot = Obj::untyped(status);
            let (capacity, allocatable) = capacity_and_allocatable(&machine, &slot);
            assert_eq!(capacity == slot["capacity"] && allocatable == slot["allocatable"], want, "{status}");
            assert_eq!(capacity_and_allocatable_hold(&machine, &slot), want, "{status}");
        }
    }
}

//! The kubelet's heartbeats (`pkg/kubelet/nodelease`, `pkg/kubelet/kubelet_node_status.go`):
//! the node's Lease in `kube-node-lease` renewed every 10 s (`nodeLeaseRenewIntervalFraction`
//! 0.25 × `nodeLeaseDurationSeconds` 40), and the Node's status posted when it changes or every
//! `nodeStatusReportFrequency` (5 min) otherwise.
//!
//! A node that is "down" (`podlife node down`) keeps its containers running but reaches nothing:
//! no heartbeat, no status, no watch — as a power cut of the network or a partition looks from
//! the control plane.


use serde_json::Value;

use crate::apiserver::{Request, Verb};
use crate::store::ObjectKey;
use crate::{Engine, Task};
use podlife_model::ResourceType;

pub const LEASE_RENEW_MS: u64 = 10_000;
pub const STATUS_REPORT_MS: u64 = 300_000;

impl Engine {
    /// Starts a node's heartbeat loop (at a random point of its first interval).
    pub(crate) fn start_heartbeats(&mut self, node: &str) {
        let offset = self.rng.below(LEASE_RENEW_MS);
        self.schedule(self.now.plus_millis(offset), Task::NodeHeartbeat { node: node.to_string() });
    }

    /// One heartbeat: renew the Lease; post the Node status if it changed or is due.
    pub(crate) fn node_heartbeat(&mut self, node: &str) {
        self.schedule(self.now.plus_millis(LEASE_RENEW_MS), Task::NodeHeartbeat { node: node.to_string() });
        if !self.kubelet_running(node) || self.node_down(node) {
            return;
        }
        self.renew_lease(node);
        self.node_status_update(node, false);
    }

    /// The Lease renewal itself.
    fn renew_lease(&mut self, node: &str) {
        let Some(lrt) = ResourceType::resolve("leases") else { return };
        let lease_key = ObjectKey::new(lrt, Some("kube-node-lease"), node);
        let now = self.now;
        if let Some(mut lease) = self.store.get(&lease_key).cloned() {
            lease["spec"]["renewTime"] = json!(now.rfc3339_micros());
            let mut req = Request::new(Verb::Update, lrt);
            req.namespace = Some("kube-node-lease".into());
            req.name = Some(node.to_string());
            req.body = Some(lease);
            let _ = self.kubelet_request(node, req);
        }
    }

    /// `tryUpdateNodeStatus`: the Ready condition (and its siblings) as this kubelet sees
    /// them; sent when something changed or the report is due (`force` after a restart).
    pub(crate) fn node_status_update(&mut self, node: &str, force: bool) {
        let Some(nrt) = ResourceType::resolve("nodes") else { return };
        // `setNodeStatusImages`: the runtime's images, largest first, at most 50.
        let images = self.machine(node).map(|m| node_images(&m.runtime)).unwrap_or_default();
        // The Node as the kubelet last knows it (read, not copied: this runs every 10 s).
        let Some(current) = self.store.get(&ObjectKey::new(nrt, None, node)) else { return };
        let now = self.now;
        let last = self.machines.get(node).map(|m| m.kubelet.status_reported_at);
        let due = force || last.is_none_or(|t| now.millis().saturating_sub(t.millis()) >= STATUS_REPORT_MS);
        let ts = now.rfc3339();
        let mut changed = false;
        let mut conditions: Vec<Value> = current["status"]["conditions"].as_array().cloned().unwrap_or_default();
        for (kind, status, reason, message) in [
            ("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
            ("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
            ("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
            ("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
        ] {
            let want = |c: &Value| c["status"] == status && c["reason"] == reason;
            match conditions.iter_mut().find(|c| c["type"] == kind) {
                Some(c) => {
                    if !want(c) {
                        changed = true;
                        c["status"] = json!(status);
                        c["reason"] = json!(reason);
                        c["message"] = json!(message);
                        c["lastTransitionTime"] = json!(ts);
                    }
                    c["lastHeartbeatTime"] = json!(ts);
                }
                None => {
                    changed = true;
                    conditions.push(json!({"type": kind, "status": status, "reason": reason, "message": message, "lastHeartbeatTime": ts, "lastTransitionTime": ts}));
                }
            }
        }
        let images_changed = current["status"]["images"].as_array().is_none_or(|a| *a != images);
        if !changed && !due && !images_changed {
            return;
        }
        if let Some(m) = self.machines.get_mut(node) {
            m.kubelet.status_reported_at = now;
        }
        if changed {
            self.node_event(node, "Normal", "NodeReady", &format!("Node {node} status is now: NodeReady"));
        }
        let mut req = Request::new(Verb::Patch, nrt);
        req.name = Some(node.to_string());
        req.subresource = Some("status".into());
        req.body = Some(json!({"status": {"conditions": conditions, "images": images}}));
        let _ = self.kubelet_request(node, req);
    }

    /// An event about the Node from its kubelet.
    fn node_event(&mut self, node: &str, kind: &str, reason: &str, message: &str) {
        let Some(rt) = ResourceType::resolve("events") else { return };
        let name = format!("{node}.{:x}", super::events::event_nanos(self.now));
        let involved = json!({"apiVersion": "v1", "kind": "Node", "name": node, "uid": node});
        let note = super::events::Note { kind, reason, message };
        let mut req = Request::new(Verb::Create, rt);
        req.namespace = Some("default".into());
        req.body = Some(super::events::core_event(&name, "default", involved, note, super::events::Source { component: "kubelet", host: Some(node) }, self.now));
        let _ = self.kubelet_request(node, req);
    }

    /// Is the node cut off from the control plane?
    pub fn node_down(&self, node: &str) -> bool {
        self.down_nodes.contains(node)
    }

    /// `podlife node down|up NAME`: the node stops (or resumes) talking to the API server.
    /// Its containers keep running; when it comes back its kubelet relists and reports.
    pub fn set_node_down(&mut self, node: &str, down: bool) -> Result<(), crate::EngineError> {
        if self.node_component(super::COMPONENT, node).is_none() {
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
        self.renew_lease(node);
        self.kubelet_resync_statuses(node);
        self.node_status_update(node, true);
        Ok(())
    }
}

/// `nodeStatusMaxImages`.
const MAX_NODE_IMAGES: usize = 50;

/// The Node's `status.images`: each image's repo digests and tags, largest first.
fn node_images(rt: &crate::containerd::Runtime) -> Vec<Value> {
    let mut list: Vec<&crate::containerd::NodeImage> = rt.images.values().collect();
    crate::sort::sort_by(&mut list, |a, b| b.size_bytes.cmp(&a.size_bytes).then_with(|| a.id.cmp(&b.id)));
    list.into_iter()
        .take(MAX_NODE_IMAGES)
        .map(|i| {
            let names: Vec<&String> = i.repo_digests.iter().chain(i.repo_tags.iter()).collect();
            json!({"names": names, "sizeBytes": i.size_bytes})
        })
        .collect()
}

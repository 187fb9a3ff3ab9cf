//! How a kubelet joins the cluster when it starts (upstream `pkg/kubelet/kubelet_node_status.go`
//! `registerWithAPIServer` / `tryRegisterWithAPIServer` / `initialNode`,
//! `pkg/kubelet/nodestatus/setters.go`, `pkg/kubelet/nodelease`, `kubelet.go`
//! `fastStatusUpdateOnce`):
//! - a `Starting kubelet.` event, then the Node object it builds for itself — the hostname,
//!   os and arch labels (GA and beta) and its `--node-labels`, the controller-managed
//!   attach/detach annotation, its `--register-with-taints`, and a status from the setters:
//!   addresses, capacity and allocatable, node info (machine id, system UUID, boot id, versions),
//!   the daemon endpoint, images and conditions — sent with a POST. The API server's
//!   `TaintNodesByCondition` admission adds `node.kubernetes.io/not-ready:NoSchedule`. A Node that
//!   already exists (a restarted kubelet, or a Node applied before) answers 409 AlreadyExists:
//!   the kubelet reads it and carries on with it;
//! - `NodeAllocatableEnforced` when the container manager has set up the node's cgroups;
//! - its Lease in `kube-node-lease`, owned by the Node, created when missing;
//! - the fast status loop: every 100 ms until the node can be Ready, then one status update.
//!
//! The node is Ready once its pod network is: podlife's CNI (host-local over the node's
//! podCIDR, as kindnet configures it) needs the podCIDR the node IPAM controller assigns, so a
//! new node reports `NetworkReady=false` until then.

use super::{Cx, Due, Kubelet, Timer};
use crate::Slot;
use serde_json::Value;

use crate::apiserver::{Request, Verb};
use crate::store::ObjectKey;
use podlife_model::ResourceType;

/// The fast status loop's period (`fastStatusUpdateOnce`).
const FAST_STATUS_MS: u64 = 100;
/// `nodeReadyGracePeriod` (`pkg/kubelet/kubelet.go`): the fast status loop gives up after it.
const NODE_READY_GRACE_MS: u64 = 120_000;
/// What the kubelet says while the CRI reports the network not ready (containerd's CNI
/// plugin before a configuration is in /etc/cni/net.d).
pub const NETWORK_NOT_READY: &str = "container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized";

/// `initialNode`: the Node a kubelet registers (the status comes from the setters).
pub fn initial_node(name: &str, facts: &super::MachineFacts) -> Value {
    let mut labels = serde_json::Map::new();
    for (k, v) in [("beta.kubernetes.io/arch", "amd64"), ("beta.kubernetes.io/os", "linux"), ("kubernetes.io/arch", "amd64"), ("kubernetes.io/hostname", name), ("kubernetes.io/os", "linux")] {
        labels.insert(k.into(), json!(v));
    }
    for (k, v) in &facts.labels {
        labels.insert(k.clone(), json!(v));
    }
    let mut node = json!({
        "apiVersion": "v1", "kind": "Node",
        "metadata": {"name": name, "labels": labels, "annotations": {"volumes.kubernetes.io/controller-managed-attach-detach": "true"}},
        "spec": {},
    });
    if !facts.taints.is_empty() {
        node["spec"]["taints"] = json!(facts.taints);
    }
    node
}

/// Whether the node's pod network is ready: the kubelet knows its podCIDR (from its own Node
/// object), from which the CNI configuration is written.
pub(crate) fn network_ready(node: &Slot) -> bool {
    node["spec"]["podCIDR"].as_str().is_some_and(|c| !c.is_empty())
}

impl Kubelet {
    /// The kubelet process starts: its start-up events, registration, Lease, and the fast
    /// status loop.
    pub(super) fn boot(&mut self, cx: &mut Cx<'_>) {
        self.node_event(cx, "Normal", "Starting", "Starting kubelet.");
        self.register_node(cx);
        self.node_event(cx, "Normal", "NodeAllocatableEnforced", "Updated Node Allocatable limit across pods");
        self.ensure_lease(cx);
        self.fast_status_since = cx.now();
        let at = cx.now().plus_millis(FAST_STATUS_MS);
        cx.after(at, Timer::new(&self.node, Due::FastStatus));
    }

    /// `tryRegisterWithAPIServer`.
    fn register_node(&mut self, cx: &mut Cx<'_>) {
        let Some(rt) = ResourceType::resolve("nodes") else { return };
        let Some(facts) = cx.node().machine(&self.node).map(|m| m.facts.clone()) else { return };
        let mut body = initial_node(&self.node, &facts);
        let status = self.node_status(cx, &crate::Obj::untyped(&body));
        body["status"] = status;
        let mut create = Request::new(Verb::Create, rt);
        create.body = Some(body);
        match self.request(cx, create) {
            Ok(_) => {}
            Err(e) if e.reason == crate::apiserver::status::Reason::AlreadyExists => {
                // The Node exists: the kubelet reads it and uses it (its labels and the
                // attach/detach annotation are already what it would set).
                let mut get = Request::new(Verb::Get, rt);
                get.name = Some(self.node.clone());
                let _ = self.request(cx, get);
            }
            Err(_) => {}
        }
    }

    /// The node lease controller's `ensureLease`: the Lease, owned by the Node, when missing.
    fn ensure_lease(&mut self, cx: &mut Cx<'_>) {
        let (Some(lrt), Some(nrt)) = (ResourceType::resolve("leases"), ResourceType::resolve("nodes")) else { return };
        let node = self.node.clone();
        let mut get = Request::new(Verb::Get, lrt);
        get.namespace = Some("kube-node-lease".into());
        get.name = Some(node.clone());
        if self.request(cx, get).is_ok() {
            return;
        }
        // `setNodeOwnerFunc`: the Node's uid for the owner reference.
        let mut get_node = Request::new(Verb::Get, nrt);
        get_node.name = Some(node.clone());
        let owner = match self.request(cx, get_node) {
            Ok(crate::Response::Object(n)) => Some(json!([{"apiVersion": "v1", "kind": "Node", "name": node, "uid": n["metadata"]["uid"]}])),
            _ => None,
        };
        let mut lease = json!({
            "apiVersion": "coordination.k8s.io/v1", "kind": "Lease",
            "metadata": {"name": node, "namespace": "kube-node-lease"},
            "spec": {"holderIdentity": node, "leaseDurationSeconds": 40, "renewTime": cx.now().rfc3339_micros()}
        });
        if let Some(o) = owner {
            lease["metadata"]["ownerReferences"] = o;
        }
        let mut create = Request::new(Verb::Create, lrt);
        create.namespace = Some("kube-node-lease".into());
        create.body = Some(lease);
        let _ = self.request(cx, create);
    }

    /// One turn of `fastStatusUpdateOnce`: once the node can be Ready, its status goes out and
    /// the loop ends.
    pub(crate) fn fast_status(&mut self, cx: &mut Cx<'_>) {
        if !cx.running() || cx.node().cut_off(&self.node) {
            return;
        }
        // `fastNodeStatusUpdate(ctx, timeout)` (`pkg/kubelet/kubelet.go`): past the grace period
        // the loop ends ("Node not becoming ready in time after startup"); the regular status
        // loop goes on.
        if cx.now().millis().saturating_sub(self.fast_status_since.millis()) >= NODE_READY_GRACE_MS {
            return;
        }
        let Some(nrt) = ResourceType::resolve("nodes") else { return };
        if !cx.node().api_object(&ObjectKey::new(nrt, None, &self.node)).is_some_and(network_ready) {
            cx.after(cx.now().plus_millis(FAST_STATUS_MS), Timer::new(&self.node, Due::FastStatus));
            return;
        }
        self.node_status_update(cx, true);
    }
}

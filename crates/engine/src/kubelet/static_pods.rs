//! Static pods: pods the kubelet runs from manifest files on its node
//! (`/etc/kubernetes/manifests`, where kubeadm writes etcd and the control plane), not from the
//! API. Their API copies are mirror pods the kubelet writes.
//!
//! - The file source (`pkg/kubelet/config/file.go`, `common.go` `applyDefaults`): the pod is named
//!   `<name>-<node>`, its uid is a hash of the file (also its `kubernetes.io/config.hash`
//!   annotation), it is bound to the node and tolerates every NoExecute taint.
//! - `SyncPod` (`pkg/kubelet/kubelet.go`): a mirror pod that is being deleted, or whose hash is not
//!   the static pod's, is deleted (grace 0, uid precondition); a missing one is created
//!   (`pkg/kubelet/pod/mirror_client.go` `CreateMirrorPod`: the `kubernetes.io/config.mirror`
//!   annotation and a controller reference to the Node). Deleting a mirror pod therefore never
//!   stops the static pod's containers: the kubelet writes a new mirror pod.
//! - The status manager (`pkg/kubelet/status/status_manager.go`) writes a static pod's status to
//!   its mirror pod; a new mirror pod gets it at the manager's next batch (every 10 s).
//!
//! The manifests are the node's (`NodeMachine::static_pods`), so they outlive a kubelet restart;
//! the kubelet's workers for them are keyed by the static pod's uid.

use super::{Cx, Kubelet, Timer};
use super::Due;
use crate::Slot;
use serde_json::Value;

use crate::apiserver::admission::MIRROR_POD_ANNOTATION;
use crate::apiserver::{Preconditions, Request, Verb};
use crate::clock::Time;
use crate::store::{ObjectKey, WatchEvent};
use crate::Engine;
use podlife_model::ResourceType;

pub const CONFIG_HASH: &str = "kubernetes.io/config.hash";
pub const CONFIG_SEEN: &str = "kubernetes.io/config.seen";
pub const CONFIG_SOURCE: &str = "kubernetes.io/config.source";

/// The status manager's batch period (`syncPeriod`).
const STATUS_SYNC_MS: u64 = 10_000;

/// The static pod the kubelet's file source makes of a manifest on `node`, first seen at `seen`
/// (decoded as the store decodes a pod: the kubelet reads it at every step).
pub fn from_manifest(manifest: &Value, node: &str, seen: Time) -> crate::Obj {
    super::resize::pod_obj(&manifest_pod(manifest, node, seen))
}

fn manifest_pod(manifest: &Value, node: &str, seen: Time) -> Value {
    let mut pod = manifest.clone();
    crate::apiserver::defaults::apply("Pod", &mut pod);
    let name = format!("{}-{}", manifest["metadata"]["name"].as_str().unwrap_or_default(), crate::gostrings::to_lower(node));
    // The file's hash (upstream hashes the decoded object and the node name with md5).
    let hash = crate::rng::hex_of(&format!("{node}/{}", podlife_model::json::to_string_plain(manifest)), 32);
    let meta = &mut pod["metadata"];
    meta["name"] = json!(name);
    if meta["namespace"].as_str().is_none_or(str::is_empty) {
        meta["namespace"] = json!("default");
    }
    meta["uid"] = json!(hash);
    if !meta["annotations"].is_object() {
        meta["annotations"] = json!({});
    }
    meta["annotations"][CONFIG_HASH] = json!(hash);
    meta["annotations"][CONFIG_SEEN] = json!(seen.rfc3339_nanos());
    meta["annotations"][CONFIG_SOURCE] = json!("file");
    pod["spec"]["nodeName"] = json!(node);
    // "Applying the default Taint tolerations to static pods, so they are not evicted when
    // there are node problems."
    let toleration = json!({"operator": "Exists", "effect": "NoExecute"});
    match pod["spec"]["tolerations"].as_array_mut() {
        Some(list) if !list.contains(&toleration) => list.push(toleration),
        Some(_) => {}
        None => pod["spec"]["tolerations"] = json!([toleration]),
    }
    pod
}

fn is_mirror(pod: &Slot) -> bool {
    pod["metadata"]["annotations"][MIRROR_POD_ANNOTATION].is_string()
}

/// The static pod named `namespace/name` of a machine's manifest directory.
pub(crate) fn named<'a>(m: &'a super::NodeMachine, namespace: &str, name: &str) -> Option<&'a crate::Obj> {
    m.static_pods.iter().find(|p| p.namespace == namespace && p.name == name).map(|p| p.pod())
}

/// The mirror pod named `namespace/name` in a kubelet's informer cache.
pub(crate) fn mirror_in(cache: &crate::components::Cache, namespace: &str, name: &str) -> Option<std::sync::Arc<crate::Obj>> {
    let rt = ResourceType::resolve("pods")?;
    cache.get(&ObjectKey::new(rt, Some(namespace), name)).filter(|p| is_mirror(p)).cloned()
}

impl Engine {
    /// The static pod with this uid on the node, if it is one.
    pub(crate) fn static_pod(&self, node: &str, uid: &str) -> Option<&Slot> {
        self.machines.get(node)?.static_pods.iter().find(|p| p.uid == uid).map(|p| p.pod().root())
    }

    /// The static pod named `namespace/name` on the node, if any.
    pub(crate) fn static_pod_named(&self, node: &str, namespace: &str, name: &str) -> Option<&Slot> {
        self.static_pod_obj_named(node, namespace, name).map(|p| p.root())
    }

    /// `static_pod_named`, the object itself (to copy).
    pub(crate) fn static_pod_obj_named(&self, node: &str, namespace: &str, name: &str) -> Option<&crate::Obj> {
        named(self.machines.get(node)?, namespace, name)
    }

    /// The mirror pod of a static pod, as the kubelet's informer holds it.
    pub(crate) fn mirror_pod(&self, node: &str, namespace: &str, name: &str) -> Option<std::sync::Arc<crate::Obj>> {
        let i = self.node_component(super::COMPONENT, node)?;
        mirror_in(&self.components[i].cache, namespace, name)
    }
}

impl Kubelet {
    /// The kubelet starts (or restarts): a pod worker for every manifest, each admitted
    /// (`admission.rs`, without the taint check) and synced at once (`HandlePodAdditions` from
    /// the file source). A rejected static pod has no mirror pod to take its status.
    pub(crate) fn add_static_pods(&mut self, cx: &mut Cx<'_>) {
        let pods: Vec<(String, String, String)> = cx.node().machine(&self.node).map(|m| m.static_pods.iter().map(|p| (p.uid.clone(), p.namespace.clone(), p.name.clone())).collect()).unwrap_or_default();
        for (uid, namespace, name) in pods {
            if self.workers.contains_key(&uid) {
                continue;
            }
            self.workers.insert(uid.clone(), Box::new(super::PodWorker::new(&uid, &namespace, &name)));
            match cx.node().kubelet_pod(&self.node, &namespace, &name) {
                Some(pod) => self.add_pod(cx, &uid, &pod),
                None => self.request_sync(cx, &uid),
            }
        }
    }

    /// A mirror pod's delivery: its static pod's worker syncs when the mirror pod went away or
    /// is being deleted; a mirror pod with no static pod behind it is deleted
    /// (`deleteOrphanedMirrorPods`).
    pub(crate) fn observe_mirror(&mut self, cx: &mut Cx<'_>, event: &WatchEvent) {
        let deleted = event.event_type == crate::store::EventType::Deleted;
        let Some(static_pod) = cx.node().static_pod_named(&self.node, &event.key.namespace, &event.key.name) else {
            if !deleted {
                self.delete_mirror(cx, &event.object);
            }
            return;
        };
        let uid = static_pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        let outdated = event.object["metadata"]["annotations"][MIRROR_POD_ANNOTATION] != uid.as_str();
        if deleted || outdated || event.object["metadata"]["deletionTimestamp"].is_string() {
            self.request_sync(cx, &uid);
        }
    }

    /// `SyncPod`'s mirror pod step for a static pod.
    pub(crate) fn sync_mirror_pod(&mut self, cx: &mut Cx<'_>, uid: &str) {
        let meta = |p: &Slot| (p["metadata"]["namespace"].as_str().unwrap_or_default().to_string(), p["metadata"]["name"].as_str().unwrap_or_default().to_string());
        let Some((namespace, name)) = cx.node().static_pod(&self.node, uid).map(meta) else { return };
        let (namespace, name) = (namespace.as_str(), name.as_str());
        let mirror = cx.node().mirror_pod(&self.node, namespace, name);
        let mut deleted = false;
        if let Some(m) = &mirror
            && (m["metadata"]["deletionTimestamp"].is_string() || m["metadata"]["annotations"][MIRROR_POD_ANNOTATION] != uid)
        {
            deleted = self.delete_mirror(cx, m);
        }
        if mirror.is_some() && !deleted {
            return;
        }
        // No mirror pod while the Node is gone or going.
        let Some(node_object) = ResourceType::resolve("nodes").and_then(|rt| cx.node().api_object(&ObjectKey::new(rt, None, &self.node))).cloned() else { return };
        if node_object["metadata"]["deletionTimestamp"].is_string() {
            return;
        }
        // The mirror pod's body: the only copy of the static pod as JSON.
        let Some(mut body) = cx.node().static_pod(&self.node, uid).map(Slot::to_value) else { return };
        if let Some(meta) = body["metadata"].as_object_mut() {
            meta.remove("uid");
        }
        body["metadata"]["annotations"][MIRROR_POD_ANNOTATION] = json!(uid);
        body["metadata"]["ownerReferences"] = json!([{"apiVersion": "v1", "kind": "Node", "name": self.node, "uid": node_object["metadata"]["uid"], "controller": true}]);
        if let Some(o) = body.as_object_mut() {
            o.remove("status");
        }
        let Some(rt) = ResourceType::resolve("pods") else { return };
        let mut req = Request::new(Verb::Create, rt);
        req.namespace = Some(namespace.to_string());
        req.body = Some(body);
        if self.request(cx, req).is_err() {
            return;
        }
        // The status manager writes the status at its next batch.
        let off = self.tick_offset_ms;
        let now = cx.now().millis();
        let at = Time(off + (now.saturating_sub(off) / STATUS_SYNC_MS + 1) * STATUS_SYNC_MS);
        let Some(w) = self.workers.get_mut(uid) else { return };
        w.mirror_status_pending = true;
        cx.after(at, Timer::new(&self.node, Due::StatusBatch));
    }

    /// The status manager's batch (`syncBatch`, every 10 s): statuses not yet written to a new
    /// mirror pod are written now (the kubelet's own copy, its transition times kept).
    pub(crate) fn status_batch(&mut self, cx: &mut Cx<'_>) {
        if !cx.running() {
            return;
        }
        let pending: Vec<(String, String, String)> = self.workers.values().filter(|w| w.mirror_status_pending).map(|w| (w.uid.clone(), w.namespace.clone(), w.name.clone())).collect();
        for (uid, namespace, name) in pending {
            let Some(pod) = cx.node().kubelet_pod(&self.node, &namespace, &name) else { continue };
            let Some(status) = self.workers.get(&uid).and_then(|w| w.last_status.clone()) else { continue };
            self.patch_status_shared(cx, &uid, &pod, status);
        }
    }

    /// `DeleteMirrorPod`: grace period 0, the mirror pod's uid as a precondition.
    fn delete_mirror(&mut self, cx: &mut Cx<'_>, mirror: &Slot) -> bool {
        let Some(rt) = ResourceType::resolve("pods") else { return false };
        let mut req = Request::new(Verb::Delete, rt);
        req.namespace = mirror["metadata"]["namespace"].as_str().map(str::to_string);
        req.name = mirror["metadata"]["name"].as_str().map(str::to_string);
        req.grace_period_seconds = Some(0);
        req.preconditions = Some(Preconditions { uid: mirror["metadata"]["uid"].as_str().map(str::to_string), ..Default::default() });
        self.request(cx, req).is_ok()
    }
}

//! rancher's local-path-provisioner as kind runs it (`local-path-storage/local-path-provisioner`,
//! v0.0.34 on sig-storage-lib-external-provisioner v11): a component that lives while the
//! `local-path-provisioner` process of its pod runs, watching claims, volumes, classes and
//! nodes as its informers do, and writing as its service account.
//!
//! Provisioning (`controller/controller.go` `shouldProvision`, `provisionClaimOperation`;
//! `provisioner.go` `provisionFor`, `createHelperPod`): a claim the PV controller handed to
//! `rancher.io/local-path` (its `volume.kubernetes.io/storage-provisioner` annotation) and,
//! for WaitForFirstConsumer, given a node (`volume.kubernetes.io/selected-node`) gets a
//! `Provisioning` event, then a helper pod `helper-pod-create-pvc-<uid>` on that node runs the
//! ConfigMap's `setup` script (`mkdir -m 0777 -p "$VOL_DIR"` under the node's
//! `/var/local-path-provisioner`); the provisioner GETs it every second (120 tries) until it
//! Succeeded, deletes it, creates the PersistentVolume `pvc-<uid>` (hostPath
//! `DirectoryOrCreate`, node affinity to the node, the class's reclaim policy, pre-bound to the
//! claim) and says `ProvisioningSucceeded`; the PV controller binds the pair.
//!
//! Deletion (`shouldDelete`, `deleteVolumeOperation`, `deleteFor`): a Released volume it
//! provisioned with reclaim policy Delete gets `helper-pod-delete-pvc-<uid>` running
//! `teardown` (`rm -rf "$VOL_DIR"`), then the PersistentVolume is deleted. A node that no
//! longer exists skips the clean-up.
//!
//! Not modelled: the class parameters `nodePath`, `pathPattern` and the `volumeType`
//! annotation (every volume is a hostPath under the config's one path), the work queues'
//! rate-limited retries of a failed claim (one attempt, one `ProvisioningFailed`), the
//! 15-minute resync, the config file's reload, and the helper pod's logs copied into the
//! provisioner's own.

use crate::Slot;
use crate::vecmap::VecSet;

use serde_json::Value;

use crate::apiserver::authn::UserInfo;
use crate::apiserver::status::Reason;
use crate::apiserver::request::{Request, Response, Verb};
use crate::cluster::local_path::{BASE_PATH, CONFIG_MAP, HELPER_IMAGE, NAMESPACE, SERVICE_ACCOUNT};
use crate::components::Cache;
use crate::store::{EventType, ObjectKey, WatchEvent};
use crate::volume::{self, ANN_BETA_STORAGE_PROVISIONER, ANN_SELECTED_NODE, ANN_STORAGE_PROVISIONER};

pub const COMPONENT: &str = "local-path-provisioner";
/// The program in the provisioner's image.
pub const PROGRAM: &str = "local-path-provisioner";
/// `DefaultProvisionerName` (the manifest names it too).
pub use crate::cluster::local_path::PROVISIONER;
/// `annDynamicallyProvisioned`, `nodeNameAnnotationKey`.
const ANN_PROVISIONED_BY: &str = "pv.kubernetes.io/provisioned-by";
const ANN_PROVISIONER_NODE: &str = "local.path.provisioner/selected-node";
/// `defaultCmdTimeoutSeconds`: how many one-second polls a helper pod gets.
const CMD_TIMEOUT_SECONDS: u32 = 120;
const POLL_MS: u64 = 1_000;

/// The provisioner process: its memory, driven as a component (`component.rs`).
#[derive(Debug, Clone, Default)]
pub struct LocalPathProvisioner {
    /// The hostname of the process (its pod's name), given when its process starts.
    hostname: String,
    /// The event source: `<provisioner>_<hostname>_<uuid>` (`NewProvisionController`).
    pub(crate) source: String,
    pub(crate) recorder: crate::record::Recorder,
    /// Volumes (by PV name) whose operation is under way.
    busy: VecSet<String>,
}

/// Create (`setup`) or delete (`teardown`): `ActionType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Create,
    Delete,
}

impl Action {
    fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::Delete => "delete",
        }
    }
}

/// The provisioner's timer: the next step of an operation.
#[derive(Debug, Clone)]
pub struct Timer(Box<Op>);

type Cx<'a> = crate::component::Cx<'a, Timer>;

/// One operation on one volume, a step at a time.
#[derive(Debug, Clone)]
pub struct Op {
    action: Action,
    /// The claim (create) or the volume (delete) as the informer gave it.
    object: Value,
    pv: String,
    /// The selected node's `kubernetes.io/hostname` label (create).
    node_label: String,
    step: Step,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Start,
    /// The helper pod exists; poll number n.
    Poll(u32),
}

fn client(verb: Verb, plural: &str, namespace: Option<&str>, name: &str, body: Value) -> Option<Request> {
    let rt = podlife_model::ResourceType::resolve(plural)?;
    let mut r = Request::new(verb, rt);
    r.namespace = namespace.map(str::to_string);
    r.name = (!name.is_empty()).then(|| name.to_string());
    r.body = (!body.is_null()).then_some(body);
    r.credentials = Some(UserInfo::impersonated(&format!("system:serviceaccount:{NAMESPACE}:{SERVICE_ACCOUNT}"), &[]));
    r.user_agent = "local-path-provisioner/v0.0.0 (linux/amd64) kubernetes/$Format".into();
    r.field_manager = "local-path-provisioner".into();
    Some(r)
}

fn cached<'a>(cache: &'a Cache, plural: &str, namespace: Option<&str>, name: &str) -> Option<&'a Slot> {
    let rt = podlife_model::ResourceType::resolve(plural)?;
    cache.get(&ObjectKey::new(rt, namespace, name)).map(|v| v.root())
}

/// `getProvisionedVolumeNameForClaim`.
fn pv_name(claim: &Slot) -> String {
    format!("pvc-{}", claim["metadata"]["uid"].as_str().unwrap_or_default())
}

/// `shouldProvision`: unbound, handed to this provisioner, and for a WaitForFirstConsumer
/// class given a node.
fn should_provision(cache: &Cache, claim: &Slot) -> bool {
    if claim["spec"]["volumeName"].as_str().is_some_and(|v| !v.is_empty()) || !claim["metadata"]["deletionTimestamp"].is_null() {
        return false;
    }
    let ann = &claim["metadata"]["annotations"];
    let named = ann[ANN_STORAGE_PROVISIONER].as_str().or_else(|| ann[ANN_BETA_STORAGE_PROVISIONER].as_str());
    if named != Some(PROVISIONER) {
        return false;
    }
    let Some(class) = cached(cache, "storageclasses", None, volume::claim_class(claim)) else { return false };
    class["volumeBindingMode"] != "WaitForFirstConsumer" || ann[ANN_SELECTED_NODE].as_str().is_some_and(|n| !n.is_empty())
}

/// `shouldDelete` (without the finalizer option, which kind's build does not set): Released,
/// reclaim policy Delete, not being deleted, and provisioned here.
fn should_delete(pv: &Slot) -> bool {
    pv["metadata"]["deletionTimestamp"].is_null()
        && pv["status"]["phase"] == "Released"
        && pv["spec"]["persistentVolumeReclaimPolicy"] == "Delete"
        && pv["metadata"]["annotations"][ANN_PROVISIONED_BY] == PROVISIONER
}

/// `filepath.Join(basePath, "<pv>_<namespace>_<claim>")`.
fn volume_path(pv: &str, claim: &Slot) -> String {
    format!("{BASE_PATH}/{pv}_{}_{}", claim["metadata"]["namespace"].as_str().unwrap_or_default(), claim["metadata"]["name"].as_str().unwrap_or_default())
}

/// The helper pod `createHelperPod` builds from `helperPod.yaml`: the script and the parent
/// directory mounted, the volume's directory, mode and size in its environment and arguments.
fn helper_pod(action: Action, pv: &str, path: &str, mode: &str, size: i64, node: &str) -> Value {
    let (parent, dir) = path.rsplit_once('/').unwrap_or(("", path));
    let parent_slash = format!("{parent}/");
    let script = match action {
        Action::Create => "/script/setup",
        Action::Delete => "/script/teardown",
    };
    let vol_dir = format!("{parent}/{dir}");
    json!({
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": format!("helper-pod-{}-{pv}", action.as_str()), "namespace": NAMESPACE},
        "spec": {
            "priorityClassName": "system-node-critical",
            "tolerations": [{"key": "node.kubernetes.io/disk-pressure", "operator": "Exists", "effect": "NoSchedule"}],
            "containers": [{
                "name": "helper-pod", "image": HELPER_IMAGE, "imagePullPolicy": "IfNotPresent",
                "command": ["/bin/sh", script],
                "args": ["-p", vol_dir, "-s", size.to_string(), "-m", mode, "-a", action.as_str()],
                "env": [
                    {"name": "VOL_DIR", "value": vol_dir},
                    {"name": "VOL_MODE", "value": mode},
                    {"name": "VOL_SIZE_BYTES", "value": size.to_string()},
                ],
                "volumeMounts": [{"name": "script", "mountPath": "/script"}, {"name": "data", "mountPath": parent_slash}]
            }],
            "nodeName": node,
            "serviceAccountName": SERVICE_ACCOUNT,
            "restartPolicy": "Never",
            "volumes": [
                {"name": "data", "hostPath": {"path": parent_slash, "type": "DirectoryOrCreate"}},
                {"name": "script", "configMap": {"name": CONFIG_MAP, "items": [{"key": "setup", "path": "setup"}, {"key": "teardown", "path": "teardown"}]}},
            ]
        }
    })
}

/// The volume `provisionFor` returns, completed by `provisionClaimOperation` (claimRef,
/// `provisioned-by`, the claim's class).
fn persistent_volume(pv: &str, claim: &Value, class: &Value, node: &str, node_label: &str, path: &str) -> Value {
    let m = &claim["metadata"];
    json!({
        "apiVersion": "v1", "kind": "PersistentVolume",
        "metadata": {"name": pv, "annotations": {ANN_PROVISIONER_NODE: node, ANN_PROVISIONED_BY: PROVISIONER}},
        "spec": {
            "persistentVolumeReclaimPolicy": class["reclaimPolicy"].as_str().unwrap_or("Delete"),
            "accessModes": claim["spec"]["accessModes"],
            "volumeMode": "Filesystem",
            "capacity": {"storage": claim["spec"]["resources"]["requests"]["storage"]},
            "hostPath": {"path": path, "type": "DirectoryOrCreate"},
            "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "In", "values": [node_label]}]}]}},
            "claimRef": {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "name": m["name"], "namespace": m["namespace"], "uid": m["uid"], "resourceVersion": m["resourceVersion"]},
            "storageClassName": volume::claim_class(&crate::Obj::untyped(claim))
        }
    })
}

fn reference(kind: &str, object: &Slot) -> Value {
    let m = &object["metadata"];
    let mut r = json!({"kind": kind, "name": m["name"], "uid": m["uid"], "apiVersion": "v1", "resourceVersion": m["resourceVersion"]});
    if let Some(ns) = m["namespace"].as_str() {
        r["namespace"] = json!(ns);
    }
    r
}

impl crate::component::Component for LocalPathProvisioner {
    type Timer = Timer;

    fn on_watch(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, _old: Option<&crate::Slot>) {
        self.observe(cx, event);
    }

    fn on_timer(&mut self, cx: &mut Cx<'_>, Timer(op): Timer) {
        if !cx.running() {
            // The process is gone, and its memory with it.
            return;
        }
        match op.step {
            Step::Start => self.start(cx, *op),
            Step::Poll(n) => self.poll(cx, *op, n),
        }
    }

    /// A new identity, then its informers' lists reach its handlers.
    fn on_start(&mut self, cx: &mut Cx<'_>) {
        let uuid = cx.rng().uuid();
        let hostname = std::mem::take(&mut self.hostname);
        *self = LocalPathProvisioner { source: format!("{PROVISIONER}_{hostname}_{uuid}"), hostname, ..LocalPathProvisioner::default() };
        let listed: Vec<(ObjectKey, std::sync::Arc<crate::Obj>)> = cx.cache().iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        for (key, object) in listed {
            self.observe(cx, &WatchEvent { event_type: EventType::Added, key, object, revision: 0 });
        }
    }

    fn on_stop(&mut self) {
        *self = LocalPathProvisioner { hostname: std::mem::take(&mut self.hostname), ..LocalPathProvisioner::default() };
    }
}

impl LocalPathProvisioner {
    /// The hostname of its next process (its pod's name).
    pub(crate) fn set_hostname(&mut self, hostname: &str) {
        self.hostname = hostname.to_string();
    }

    /// A delivery to the provisioner's informers: claims to provision, volumes to delete.
    fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent) {
        if !cx.running() {
            return;
        }
        if event.event_type == EventType::Deleted {
            return;
        }
        let object = event.object.as_ref();
        let (action, pv) = match event.key.resource {
            "persistentvolumeclaims" if should_provision(cx.cache(), object) => (Action::Create, pv_name(object)),
            "persistentvolumes" if should_delete(object) => (Action::Delete, event.key.name.clone()),
            _ => return,
        };
        if !self.busy.insert(pv.clone()) {
            return;
        }
        let op = Op { action, object: object.to_value(), pv, node_label: String::new(), step: Step::Start };
        cx.after(cx.now().plus_millis(crate::components::CONTROLLER_QUEUE_DELAY_MS), Timer(Box::new(op)));
    }

    fn send(&mut self, cx: &mut Cx<'_>, verb: Verb, plural: &str, namespace: Option<&str>, name: &str, body: Value) -> Result<Value, crate::apiserver::status::Status> {
        let Some(req) = client(verb, plural, namespace, name, body) else { return Ok(Value::Null) };
        match cx.request(req)? {
            Response::Object(v) => Ok(v),
            Response::List(_) => Ok(Value::Null),
        }
    }

    fn event(&mut self, cx: &mut Cx<'_>, kind: &str, object: &Slot, note: (&str, &str, &str)) {
        let now = cx.now();
        crate::record::event_via(&mut self.recorder, &client, &self.source, reference(kind, object), note, now, &mut |r| cx.request(r));
    }

    fn done(&mut self, pv: &str) {
        self.busy.remove(pv);
    }

    /// `provisionClaimOperation` up to the helper pod, or `deleteFor` up to its helper pod.
    fn start(&mut self, cx: &mut Cx<'_>, op: Op) {
        let cache = cx.cache();
        let ns = op.object["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
        let name = op.object["metadata"]["name"].as_str().unwrap_or_default().to_string();
        match op.action {
            Action::Create => {
                let current = cached(cache, "persistentvolumeclaims", Some(&ns), &name).cloned();
                let exists = cached(cache, "persistentvolumes", None, &op.pv).is_some();
                let Some(claim) = current.filter(|c| !exists && c["metadata"]["uid"] == op.object["metadata"]["uid"] && should_provision(cache, c)) else {
                    return self.done(&op.pv);
                };
                let class_name = volume::claim_class(&claim).to_string();
                let node_name = claim["metadata"]["annotations"][ANN_SELECTED_NODE].as_str().unwrap_or_default().to_string();
                // The selected node, read from the API (no node lister is configured).
                let node = match self.send(cx, Verb::Get, "nodes", None, &node_name, Value::Null) {
                    Ok(n) => n,
                    Err(e) => {
                        // A node that is gone: the library asks for rescheduling by removing the
                        // annotation, an update kind's ClusterRole (get/list/watch on claims)
                        // forbids; another error is "failed to get target node".
                        let message = if e.reason == Reason::NotFound { e.message } else { format!("failed to get target node: {}", e.message) };
                        self.event(cx, "PersistentVolumeClaim", &claim, ("Warning", "ProvisioningFailed", &message));
                        return self.done(&op.pv);
                    }
                };
                let node_label = node["metadata"]["labels"]["kubernetes.io/hostname"].as_str().unwrap_or(&node_name).to_string();
                let message = format!("External provisioner is provisioning volume for claim \"{ns}/{name}\"");
                self.event(cx, "PersistentVolumeClaim", &claim, ("Normal", "Provisioning", &message));
                // `provisionFor`'s own checks.
                let refused = if !claim["spec"]["selector"].is_null() {
                    Some("claim.Spec.Selector is not supported")
                } else if claim["spec"]["accessModes"].as_array().into_iter().flatten().any(|m| m != "ReadWriteOnce" && m != "ReadWriteOncePod") {
                    Some("NodePath only supports ReadWriteOnce and ReadWriteOncePod (1.22+) access modes")
                } else {
                    None
                };
                if let Some(why) = refused {
                    let message = format!("failed to provision volume with StorageClass \"{class_name}\": {why}");
                    self.event(cx, "PersistentVolumeClaim", &claim, ("Warning", "ProvisioningFailed", &message));
                    return self.done(&op.pv);
                }
                let size = volume::requested_storage(&claim).value();
                let mode = claim["spec"]["volumeMode"].as_str().unwrap_or("Filesystem").to_string();
                let pod = helper_pod(Action::Create, &op.pv, &volume_path(&op.pv, &claim), &mode, size, &node_name);
                self.helper(cx, Op { object: claim.to_value(), node_label, ..op }, pod);
            }
            Action::Delete => {
                let Some(pv) = cached(cache, "persistentvolumes", None, &op.pv).filter(|pv| should_delete(pv)).map(Slot::to_value) else { return self.done(&op.pv) };
                let path = pv["spec"]["hostPath"]["path"].as_str().or_else(|| pv["spec"]["local"]["path"].as_str()).unwrap_or_default().to_string();
                let node = pv["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"][0]["matchExpressions"][0]["values"][0].as_str().unwrap_or_default().to_string();
                // "Node %v does not exist, skipping cleanup of volume %v".
                if let Err(e) = self.send(cx, Verb::Get, "nodes", None, &node, Value::Null)
                    && e.reason == Reason::NotFound
                {
                    return self.finish(cx, op, pv);
                }
                let size = volume::requested_storage(&crate::Obj::untyped(&json!({"spec": {"resources": {"requests": {"storage": pv["spec"]["capacity"]["storage"]}}}}))).value();
                let mode = pv["spec"]["volumeMode"].as_str().unwrap_or("Filesystem").to_string();
                let pod = helper_pod(Action::Delete, &op.pv, &path, &mode, size, &node);
                self.helper(cx, Op { object: pv, ..op }, pod);
            }
        }
    }

    /// Creates the helper pod (one left by an earlier attempt is used as it is) and polls it.
    fn helper(&mut self, cx: &mut Cx<'_>, op: Op, pod: Value) {
        match self.send(cx, Verb::Create, "pods", Some(NAMESPACE), "", pod) {
            Err(e) if e.reason != Reason::AlreadyExists => self.failed(cx, op, &e.message, false),
            _ => self.poll(cx, op, 0),
        }
    }

    fn helper_name(op: &Op) -> String {
        format!("helper-pod-{}-{}", op.action.as_str(), op.pv)
    }

    /// One turn of `createHelperPod`'s loop: GET the pod; Succeeded ends it.
    fn poll(&mut self, cx: &mut Cx<'_>, op: Op, n: u32) {
        let helper = Self::helper_name(&op);
        match self.send(cx, Verb::Get, "pods", Some(NAMESPACE), &helper, Value::Null) {
            Err(e) => self.failed(cx, op, &e.message, true),
            Ok(pod) if pod["status"]["phase"] == "Succeeded" => {
                self.delete_helper(cx, &helper);
                let object = op.object.clone();
                self.finish(cx, op, object);
            }
            Ok(_) if n + 1 >= CMD_TIMEOUT_SECONDS => {
                let why = format!("{} process timeout after {CMD_TIMEOUT_SECONDS} seconds", op.action.as_str());
                self.failed(cx, op, &why, true);
            }
            Ok(_) => cx.after(cx.now().plus_millis(POLL_MS), Timer(Box::new(Op { step: Step::Poll(n + 1), ..op }))),
        }
    }

    /// The deferred delete of the helper pod.
    fn delete_helper(&mut self, cx: &mut Cx<'_>, helper: &str) {
        let _ = self.send(cx, Verb::Delete, "pods", Some(NAMESPACE), helper, Value::Null);
    }

    /// The helper pod did its work: the volume is created (`StoreVolume`) or deleted.
    fn finish(&mut self, cx: &mut Cx<'_>, op: Op, object: Value) {
        match op.action {
            Action::Create => {
                let cache = cx.cache();
                let node = object["metadata"]["annotations"][ANN_SELECTED_NODE].as_str().unwrap_or_default().to_string();
                let class = cached(cache, "storageclasses", None, volume::claim_class(&crate::Obj::untyped(&object))).map(Slot::to_value).unwrap_or(Value::Null);
                let pv = persistent_volume(&op.pv, &object, &class, &node, &op.node_label, &volume_path(&op.pv, &crate::Obj::untyped(&object)));
                match self.send(cx, Verb::Create, "persistentvolumes", None, "", pv) {
                    Ok(_) => {
                        let message = format!("Successfully provisioned volume {}", op.pv);
                        self.event(cx, "PersistentVolumeClaim", &crate::Obj::untyped(&object), ("Normal", "ProvisioningSucceeded", &message));
                    }
                    Err(e) if e.reason == Reason::AlreadyExists => {}
                    Err(e) => self.failed(cx, op.clone(), &e.message, false),
                }
            }
            Action::Delete => {
                let _ = self.send(cx, Verb::Delete, "persistentvolumes", None, &op.pv, Value::Null);
            }
        }
        self.done(&op.pv);
    }

    /// An operation failed: the helper pod goes (when it was made), the object gets the
    /// library's event.
    fn failed(&mut self, cx: &mut Cx<'_>, op: Op, why: &str, helper_made: bool) {
        if helper_made {
            self.delete_helper(cx, &Self::helper_name(&op));
        }
        let wrapped = format!("failed to {} volume {}: {why}", op.action.as_str(), op.pv);
        match op.action {
            Action::Create => {
                let class = volume::claim_class(&crate::Obj::untyped(&op.object)).to_string();
                let message = format!("failed to provision volume with StorageClass \"{class}\": {wrapped}");
                self.event(cx, "PersistentVolumeClaim", &crate::Obj::untyped(&op.object), ("Warning", "ProvisioningFailed", &message));
            }
            Action::Delete => {
                let message = format!("failed to delete volume {}: {wrapped}", op.pv);
                self.event(cx, "PersistentVolume", &crate::Obj::untyped(&op.object), ("Warning", "VolumeFailedDelete", &message));
            }
        }
        self.done(&op.pv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Engine;

    fn create(e: &mut Engine, plural: &str, body: Value) {
        let mut req = Request::new(Verb::Create, podlife_model::ResourceType::resolve(plural).expect("served"));
        req.namespace = Some("default".into());
        req.body = Some(body);
        assert!(e.handle(req).is_ok(), "{plural} created");
    }

    fn get(e: &Engine, plural: &str, ns: Option<&str>, name: &str) -> Option<Value> {
        let rt = podlife_model::ResourceType::resolve(plural)?;
        e.store.get(&ObjectKey::new(rt, ns, name)).map(crate::Slot::to_value)
    }

    #[test]
    fn a_claim_of_the_default_class_is_provisioned_on_its_pods_node_and_deleted_with_it() {
        let mut e = Engine::with_default_cluster(7);
        create(&mut e, "persistentvolumeclaims", json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "data"},
            "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "1Gi"}}}}));
        create(&mut e, "pods", json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "db"},
            "spec": {"containers": [{"name": "db", "image": "busybox:1.36", "command": ["sleep", "3600"], "volumeMounts": [{"name": "d", "mountPath": "/data"}]}],
                "volumes": [{"name": "d", "persistentVolumeClaim": {"claimName": "data"}}]}}));
        e.advance_by(15_000);
        let claim = get(&e, "persistentvolumeclaims", Some("default"), "data").expect("claim");
        assert_eq!(claim["spec"]["storageClassName"], "standard");
        assert_eq!(claim["status"]["phase"], "Bound");
        let pv_name = pv_name(&crate::Obj::untyped(&claim));
        let pv = get(&e, "persistentvolumes", None, &pv_name).expect("provisioned");
        let node = claim["metadata"]["annotations"][ANN_SELECTED_NODE].as_str().expect("a node").to_string();
        assert_eq!(pv["spec"]["nodeAffinity"]["required"]["nodeSelectorTerms"][0]["matchExpressions"][0]["values"][0], node.as_str());
        assert_eq!(pv["spec"]["hostPath"]["path"], format!("{BASE_PATH}/{pv_name}_default_data"));
        assert_eq!(pv["metadata"]["annotations"][ANN_PROVISIONED_BY], PROVISIONER);
        assert_eq!(get(&e, "pods", Some("default"), "db").expect("pod")["status"]["phase"], "Running");
        // The helper pod made the directory on the node, and is gone.
        assert!(e.store.list("", "pods", Some(NAMESPACE)).all(|(k, _)| !k.name.starts_with("helper-pod")));
        // The claim goes: the volume is released, torn down and deleted.
        for (plural, name) in [("pods", "db"), ("persistentvolumeclaims", "data")] {
            let mut req = Request::new(Verb::Delete, podlife_model::ResourceType::resolve(plural).expect("served"));
            req.namespace = Some("default".into());
            req.name = Some(name.into());
            req.grace_period_seconds = Some(0);
            assert!(e.handle(req).is_ok());
        }
        e.advance_by(20_000);
        assert!(get(&e, "persistentvolumes", None, &pv_name).is_none(), "deleted by its provisioner");
    }

    #[test]
    fn a_read_write_many_claim_is_refused_with_the_provisioners_words() {
        let mut e = Engine::with_default_cluster(8);
        create(&mut e, "persistentvolumeclaims", json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "shared"},
            "spec": {"accessModes": ["ReadWriteMany"], "resources": {"requests": {"storage": "1Gi"}}}}));
        create(&mut e, "pods", json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "app"},
            "spec": {"containers": [{"name": "c", "image": "busybox:1.36", "command": ["sleep", "3600"]}],
                "volumes": [{"name": "d", "persistentVolumeClaim": {"claimName": "shared"}}]}}));
        e.advance_by(5_000);
        let failed: Vec<String> = e.store.list("", "events", Some("default")).filter(|(_, v)| v["reason"] == "ProvisioningFailed").map(|(_, v)| v["message"].as_str().unwrap_or_default().to_string()).collect();
        assert_eq!(failed, vec!["failed to provision volume with StorageClass \"standard\": NodePath only supports ReadWriteOnce and ReadWriteOncePod (1.22+) access modes".to_string()]);
    }
}

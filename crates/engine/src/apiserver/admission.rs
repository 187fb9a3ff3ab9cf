//! Admission plugins that act on the objects podlife serves, in upstream's order
//! (`pkg/kubeapiserver/options/plugins.go`, `AllOrderedPlugins`). Mutating plugins run before
//! validation; validating ones after it.

use serde_json::Value;

use super::status::{Reason, Status};
use crate::rng::Rng;
use crate::store::{ObjectKey, Store};
use podlife_model::ResourceType;

/// The mutating plugins that touch a Pod on create, in order.
pub const MUTATING_POD_PLUGINS: &[&str] = &["ServiceAccount", "Priority", "DefaultTolerationSeconds"];

/// `DefaultStorageClass` (`plugin/pkg/admission/storage/storageclass/setdefault`): a claim
/// created without a class (neither `storageClassName` nor the beta annotation) gets the
/// default StorageClass — the newest one marked default, by name when created together.
pub fn default_storage_class(pvc: &mut Value, store: &Store) {
    default_storage_class_from(pvc, store.list("storage.k8s.io", "storageclasses", None).map(|(_, sc)| sc));
}

/// The default class among `classes`, set on a claim that has none.
pub fn default_storage_class_from<'a>(pvc: &mut Value, classes: impl Iterator<Item = &'a crate::Slot>) {
    if crate::volume::claim_has_class(&crate::Obj::untyped(pvc)) {
        return;
    }
    let default = classes
        .filter(|sc| crate::volume::is_default_class(sc))
        .max_by(|a, b| {
            let created = |sc: &crate::Slot| sc["metadata"]["creationTimestamp"].as_str().unwrap_or_default().to_string();
            // `GetDefaultClass`: newest first; equal times → the name that sorts first.
            created(a).cmp(&created(b)).then_with(|| b["metadata"]["name"].as_str().cmp(&a["metadata"]["name"].as_str()))
        });
    if let Some(sc) = default {
        pvc["spec"]["storageClassName"] = sc["metadata"]["name"].to_value();
    }
}

/// `PersistentVolumeClaimResize` (plugin/pkg/admission/storage/persistentvolume/resize): a
/// claim's storage request may grow only once it is Bound, and only when its class (the same
/// before and after) sets `allowVolumeExpansion: true`.
pub fn persistent_volume_claim_resize(old: &Value, pvc: &Value, store: &Store) -> Result<(), Status> {
    use crate::volume::{claim_class, requested_storage};
    if requested_storage(&crate::Obj::untyped(pvc)) <= requested_storage(&crate::Obj::untyped(old)) {
        return Ok(());
    }
    let name = pvc["metadata"]["name"].as_str().unwrap_or_default();
    let forbidden = |why: &str| Err(Status::forbidden("persistentvolumeclaims", Some(name), why));
    if old["status"]["phase"] != "Bound" {
        return forbidden("Only bound persistent volume claims can be expanded");
    }
    let (pvc, old) = (crate::Obj::untyped(pvc), crate::Obj::untyped(old));
    let (class, old_class) = (claim_class(&pvc), claim_class(&old));
    let allowed = !class.is_empty()
        && class == old_class
        && ResourceType::by_plural("storage.k8s.io", "storageclasses").and_then(|rt| store.get(&ObjectKey::new(rt, None, class))).is_some_and(|sc| sc["allowVolumeExpansion"] == true);
    if !allowed {
        return forbidden("only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize");
    }
    Ok(())
}

/// `DefaultIngressClass` (`plugin/pkg/admission/network/defaultingressclass`): an Ingress
/// created with neither `spec.ingressClassName` nor the `kubernetes.io/ingress.class`
/// annotation gets the IngressClass annotated `ingressclass.kubernetes.io/is-default-class:
/// "true"` — the newest, by name when created together (`getDefaultClass`).
pub fn default_ingress_class(ingress: &mut Value, store: &Store) {
    if !ingress["spec"]["ingressClassName"].is_null() || ingress["metadata"]["annotations"].get("kubernetes.io/ingress.class").is_some() {
        return;
    }
    let default = store
        .list("networking.k8s.io", "ingressclasses", None)
        .map(|(_, c)| c)
        .filter(|c| c["metadata"]["annotations"]["ingressclass.kubernetes.io/is-default-class"] == "true")
        .max_by(|a, b| {
            let created = |c: &crate::Slot| c["metadata"]["creationTimestamp"].as_str().unwrap_or_default().to_string();
            created(a).cmp(&created(b)).then_with(|| b["metadata"]["name"].as_str().cmp(&a["metadata"]["name"].as_str()))
        });
    if let Some(c) = default {
        if !ingress["spec"].is_object() {
            ingress["spec"] = Value::Object(Default::default());
        }
        ingress["spec"]["ingressClassName"] = c["metadata"]["name"].to_value();
    }
}

/// `StorageObjectInUseProtection` admission: the finalizer on every new claim and volume.
pub fn storage_object_in_use_protection(kind: &str, obj: &mut Value) {
    let finalizer = match kind {
        "PersistentVolumeClaim" => crate::volume::PVC_FINALIZER,
        "PersistentVolume" => crate::volume::PV_FINALIZER,
        _ => return,
    };
    if obj["metadata"]["finalizers"].as_array().is_some_and(|fs| fs.iter().any(|f| f == finalizer)) {
        return;
    }
    match obj["metadata"]["finalizers"].as_array_mut() {
        Some(fs) => fs.push(json!(finalizer)),
        None => obj["metadata"]["finalizers"] = json!([finalizer]),
    }
}

/// `kubernetes.io/config.mirror`: the pod is a static pod's mirror, written by its kubelet.
pub const MIRROR_POD_ANNOTATION: &str = "kubernetes.io/config.mirror";

/// Runs one mutating plugin on a Pod being created.
pub fn mutate_pod(plugin: &str, pod: &mut Value, namespace: &str, store: &Store, rng: &mut Rng) -> Result<(), Status> {
    match plugin {
        "ServiceAccount" => service_account(pod, namespace, store, rng),
        "Priority" => priority(pod, store),
        "DefaultTolerationSeconds" => {
            default_toleration_seconds(pod);
            Ok(())
        }
        _ => Ok(()),
    }
}

/// `plugin/pkg/admission/serviceaccount/admission.go`: default the service account, check it
/// exists, and mount its token as the projected `kube-api-access-<suffix>` volume.
fn service_account(pod: &mut Value, namespace: &str, store: &Store, rng: &mut Rng) -> Result<(), Status> {
    // A mirror pod's spec is the kubelet's static pod, left as it is (the kubelet would delete
    // a mirror pod whose spec differs).
    if pod["metadata"]["annotations"][MIRROR_POD_ANNOTATION].is_string() {
        return Ok(());
    }
    let pod_name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let spec = &mut pod["spec"];
    if spec["serviceAccountName"].as_str().is_none_or(str::is_empty) {
        spec["serviceAccountName"] = json!("default");
    }
    let sa_name = spec["serviceAccountName"].as_str().unwrap_or("default").to_string();
    spec["serviceAccount"] = json!(sa_name);
    let sa_rt = ResourceType::resolve("serviceaccounts").ok_or_else(internal)?;
    let Some(sa) = store.get(&ObjectKey::new(sa_rt, Some(namespace), &sa_name)) else {
        return Err(Status::forbidden(
            "pods",
            Some(&pod_name),
            &format!("error looking up service account {namespace}/{sa_name}: serviceaccount \"{sa_name}\" not found"),
        ));
    };
    let automount = spec["automountServiceAccountToken"].as_bool().or_else(|| sa["automountServiceAccountToken"].as_bool()).unwrap_or(true);
    if !automount {
        return Ok(());
    }
    const MOUNT_PATH: &str = "/var/run/secrets/kubernetes.io/serviceaccount";
    // `mountServiceAccountToken`: a token volume already there (the plugin ran before, as on
    // a reinvocation after a webhook's patch) is reused; containers without the mount get it.
    let existing = spec["volumes"].as_array().and_then(|vs| vs.iter().find_map(|v| v["name"].as_str().filter(|n| n.starts_with("kube-api-access-")).map(str::to_string)));
    let has_volume = existing.is_some();
    let volume_name = existing.unwrap_or_else(|| format!("kube-api-access-{}", rng.name_suffix(5)));
    let volume = json!({
        "name": volume_name,
        "projected": {
            "defaultMode": 420,
            "sources": [
                {"serviceAccountToken": {"expirationSeconds": 3607, "path": "token"}},
                {"configMap": {"name": "kube-root-ca.crt", "items": [{"key": "ca.crt", "path": "ca.crt"}]}},
                {"downwardAPI": {"items": [{"path": "namespace", "fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"}}]}}
            ]
        }
    });
    let mut needs_volume = false;
    for list in ["initContainers", "containers"] {
        if let Some(containers) = spec.get_mut(list).and_then(Value::as_array_mut) {
            for c in containers {
                let mounts = c.get("volumeMounts").and_then(Value::as_array);
                if mounts.is_some_and(|m| m.iter().any(|m| m["mountPath"] == MOUNT_PATH)) {
                    continue;
                }
                needs_volume = true;
                let mount = json!({"name": volume_name, "readOnly": true, "mountPath": MOUNT_PATH});
                match c.get_mut("volumeMounts").and_then(Value::as_array_mut) {
                    Some(m) => m.push(mount),
                    None => c["volumeMounts"] = json!([mount]),
                }
            }
        }
    }
    if !has_volume && needs_volume {
        match spec.get_mut("volumes").and_then(Value::as_array_mut) {
            Some(vols) => vols.push(volume),
            None => spec["volumes"] = json!([volume]),
        }
    }
    Ok(())
}

/// `plugin/pkg/admission/priority/admission.go`: resolve `priorityClassName` to `priority`
/// (0 and `PreemptLowerPriority` when no class is named and none is the global default).
fn priority(pod: &mut Value, store: &Store) -> Result<(), Status> {
    let pod_name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let spec = &mut pod["spec"];
    let classes: Vec<&crate::Slot> = store.list("scheduling.k8s.io", "priorityclasses", None).map(|(_, v)| v).collect();
    let named = spec["priorityClassName"].as_str().filter(|s| !s.is_empty()).map(str::to_string);
    let (class_name, value, policy) = match &named {
        Some(name) => {
            let Some(pc) = classes.iter().find(|c| c["metadata"]["name"] == name.as_str()) else {
                return Err(Status::forbidden("pods", Some(&pod_name), &format!("no PriorityClass with name {name} was found")));
            };
            (Some(name.clone()), pc["value"].as_i64().unwrap_or(0), pc["preemptionPolicy"].as_str().map(str::to_string))
        }
        None => match classes.iter().filter(|c| c["globalDefault"] == true).min_by_key(|c| c["value"].as_i64()) {
            Some(pc) => (
                pc["metadata"]["name"].as_str().map(str::to_string),
                pc["value"].as_i64().unwrap_or(0),
                pc["preemptionPolicy"].as_str().map(str::to_string),
            ),
            None => (None, 0, Some("PreemptLowerPriority".into())),
        },
    };
    if let Some(given) = spec["priority"].as_i64()
        && given != value {
            return Err(Status::forbidden(
                "pods",
                Some(&pod_name),
                &format!("the integer value of priority ({given}) must not be provided in pod spec; priority admission controller computed {value} from the given PriorityClass name"),
            ));
        }
    if let Some(name) = class_name {
        spec["priorityClassName"] = json!(name);
    }
    spec["priority"] = json!(value);
    if let Some(p) = policy {
        spec["preemptionPolicy"] = json!(p);
    }
    Ok(())
}

/// `plugin/pkg/admission/defaulttolerationseconds`: tolerate `not-ready` and `unreachable`
/// for 300 s unless the pod already tolerates them.
fn default_toleration_seconds(pod: &mut Value) {
    let spec = &mut pod["spec"];
    let existing = spec["tolerations"].as_array().cloned().unwrap_or_default();
    let tolerates = |key: &str| {
        existing.iter().any(|t| {
            let effect_ok = t["effect"].as_str().is_none_or(|e| e.is_empty() || e == "NoExecute");
            let key_ok = t["key"].as_str().is_none_or(|k| k.is_empty() || k == key);
            effect_ok && key_ok
        })
    };
    let mut add = Vec::new();
    for key in ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"] {
        if !tolerates(key) {
            add.push(json!({"key": key, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}));
        }
    }
    if add.is_empty() {
        return;
    }
    let mut all = existing;
    all.extend(add);
    spec["tolerations"] = Value::Array(all);
}

/// `NamespaceLifecycle` on create (`plugin/pkg/admission/namespace/lifecycle/admission.go`):
/// namespaced objects need a namespace that exists and is not terminating.
pub fn namespace_lifecycle(store: &Store, rt: &ResourceType, name: &str, namespace: &str) -> Result<(), Status> {
    let ns_rt = ResourceType::resolve("namespaces").ok_or_else(internal)?;
    match store.get(&ObjectKey::new(ns_rt, None, namespace)) {
        None => Err(Status::not_found(ns_rt, namespace)),
        Some(ns) if ns["status"]["phase"] == "Terminating" => Err(Status::forbidden(
            &rt.qualified_plural(),
            Some(name),
            &format!("unable to create new content in namespace {namespace} because it is being terminated"),
        )),
        Some(_) => Ok(()),
    }
}

/// Namespaces the lifecycle plugin never lets go.
pub const IMMORTAL_NAMESPACES: &[&str] = &["default", "kube-public", "kube-system"];

fn internal() -> Status {
    Status::plain(Reason::InternalError, "resource type not served".into())
}

/// `TaintNodesByCondition` (`plugin/pkg/admission/nodetaint`): a Node is created with
/// `node.kubernetes.io/not-ready:NoSchedule`, so that nothing is scheduled to it before the
/// node lifecycle controller has seen it Ready (its NoSchedule pass then removes the taint).
pub fn taint_nodes_by_condition(node: &mut Value) {
    const KEY: &str = "node.kubernetes.io/not-ready";
    let taints = node["spec"]["taints"].as_array().cloned().unwrap_or_default();
    if taints.iter().any(|t| t["key"] == KEY && t["effect"] == "NoSchedule") {
        return;
    }
    let mut taints = taints;
    taints.push(json!({"key": KEY, "effect": "NoSchedule"}));
    node["spec"]["taints"] = json!(taints);
}

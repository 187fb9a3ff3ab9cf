//! PersistentVolume matching shared by the PV controller and the scheduler's VolumeBinding
//! plugin (upstream `staging/src/k8s.io/component-helpers/storage/volume/pv_helpers.go` and
//! `helpers.go`).

pub mod backing;
pub mod projection;

use crate::Slot;
use crate::vecmap::VecSet;


use podlife_model::quantity::Quantity;

pub const ANN_BIND_COMPLETED: &str = "pv.kubernetes.io/bind-completed";
pub const ANN_BOUND_BY_CONTROLLER: &str = "pv.kubernetes.io/bound-by-controller";
pub const ANN_SELECTED_NODE: &str = "volume.kubernetes.io/selected-node";
pub const ANN_STORAGE_PROVISIONER: &str = "volume.kubernetes.io/storage-provisioner";
pub const ANN_BETA_STORAGE_PROVISIONER: &str = "volume.beta.kubernetes.io/storage-provisioner";
/// The storage-object-in-use protection finalizers (admission adds, the controllers remove).
pub const PVC_FINALIZER: &str = "kubernetes.io/pvc-protection";
pub const PV_FINALIZER: &str = "kubernetes.io/pv-protection";
const ANN_BETA_CLASS: &str = "volume.beta.kubernetes.io/storage-class";

/// `GetPersistentVolumeClaimClass`: the beta annotation wins, then `storageClassName`.
pub fn claim_class(pvc: &Slot) -> &str {
    pvc["metadata"]["annotations"][ANN_BETA_CLASS].as_str().or_else(|| pvc["spec"]["storageClassName"].as_str()).unwrap_or_default()
}

/// Whether a claim names a class (`storageClassName`, even empty, or the beta annotation):
/// only one without gets the default class.
pub fn claim_has_class(pvc: &Slot) -> bool {
    !pvc["spec"]["storageClassName"].is_null() || pvc["metadata"]["annotations"][ANN_BETA_CLASS].is_string()
}

/// `IsDefaultAnnotation`: the class is marked default (GA or beta annotation).
pub fn is_default_class(sc: &Slot) -> bool {
    ["storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"].iter().any(|a| sc["metadata"]["annotations"][*a] == "true")
}

/// The claims a pod spec's `persistentVolumeClaim` volumes name.
pub fn claim_names(spec: &Slot) -> impl Iterator<Item = &str> {
    spec["volumes"].as_array().into_iter().flatten().filter_map(|v| v["persistentVolumeClaim"]["claimName"].as_str())
}

/// `GetPersistentVolumeClass`.
pub fn volume_class(pv: &Slot) -> &str {
    pv["metadata"]["annotations"][ANN_BETA_CLASS].as_str().or_else(|| pv["spec"]["storageClassName"].as_str()).unwrap_or_default()
}

/// `IsVolumeBoundToClaim`: the PV's claimRef names the claim (and its uid, when set).
pub fn is_bound_to_claim(pv: &Slot, pvc: &Slot) -> bool {
    let r = &pv["spec"]["claimRef"];
    r.is_object()
        && r["name"] == pvc["metadata"]["name"]
        && r["namespace"] == pvc["metadata"]["namespace"]
        && r["uid"].as_str().is_none_or(|u| u.is_empty() || pvc["metadata"]["uid"] == u)
}

/// A claim is bound once it names its volume and the bind is marked complete.
pub fn claim_fully_bound(pvc: &Slot) -> bool {
    pvc["spec"]["volumeName"].as_str().is_some_and(|v| !v.is_empty()) && pvc["metadata"]["annotations"][ANN_BIND_COMPLETED].is_string()
}

/// `IsDelayBindingMode`: the claim's class exists and binds on the first consumer. No class,
/// or a class that does not exist, binds immediately.
pub fn is_delay_binding<'a>(pvc: &Slot, class: impl Fn(&str) -> Option<&'a Slot>) -> bool {
    let name = claim_class(pvc);
    if name.is_empty() {
        return false;
    }
    class(name).is_some_and(|c| c["volumeBindingMode"] == "WaitForFirstConsumer")
}

pub fn storage(q: &Slot) -> Quantity {
    q.as_str().and_then(|s| s.parse::<Quantity>().ok()).unwrap_or_default()
}

/// The claim's `resources.requests.storage`.
pub fn requested_storage(pvc: &Slot) -> Quantity {
    storage(&pvc["spec"]["resources"]["requests"]["storage"])
}

/// `CheckNodeAffinity`: a PV with `nodeAffinity.required` is usable only on matching nodes.
pub fn node_affinity_matches(pv: &Slot, node: &str, labels: &Slot) -> bool {
    let required = &pv["spec"]["nodeAffinity"]["required"];
    required.is_null() || crate::nodeaffinity::node_selector_matches(required, node, labels)
}

/// `CheckAccessModes`: the volume offers every mode the claim asks for.
pub fn access_modes_match(pvc: &Slot, pv: &Slot) -> bool {
    let offered = pv["spec"]["accessModes"].as_array().unwrap_or_default();
    pvc["spec"]["accessModes"].as_array().unwrap_or_default().iter().all(|m| offered.contains(m))
}

/// `FindMatchingVolume`: the volume pre-bound to the claim, else the smallest available one
/// that fits (size, volume mode, class, selector, node affinity, access modes). The PV
/// controller (`node` None) leaves delay-binding claims to the scheduler.
pub fn find_matching_volume<'a>(pvc: &Slot, volumes: impl Iterator<Item = &'a Slot>, node: Option<(&str, &Slot)>, excluded: &VecSet<String>, delay_binding: bool) -> Option<&'a Slot> {
    let requested = requested_storage(pvc);
    let class = claim_class(pvc);
    let selector = &pvc["spec"]["selector"];
    let mut smallest: Option<(&Slot, Quantity)> = None;
    for pv in volumes {
        let name = pv["metadata"]["name"].as_str().unwrap_or_default();
        if excluded.contains(name) {
            continue;
        }
        if pv["spec"]["claimRef"].is_object() && !is_bound_to_claim(pv, pvc) {
            continue;
        }
        let size = storage(&pv["spec"]["capacity"]["storage"]);
        if size < requested {
            continue;
        }
        let mode = |v: &Slot| v["spec"]["volumeMode"].as_str().unwrap_or("Filesystem").to_string();
        if mode(pvc) != mode(pv) || pv["metadata"]["deletionTimestamp"].is_string() {
            continue;
        }
        let affinity_ok = node.is_none_or(|(n, labels)| node_affinity_matches(pv, n, labels));
        if is_bound_to_claim(pv, pvc) {
            return affinity_ok.then_some(pv);
        }
        if node.is_none() && delay_binding {
            continue;
        }
        if pv["status"]["phase"] != "Available" {
            continue;
        }
        if !selector.is_null() && !crate::labels::selector_matches(selector, &pv["metadata"]["labels"]) {
            continue;
        }
        if volume_class(pv) != class || !affinity_ok {
            continue;
        }
        // The PV controller's index only offers volumes with every requested access mode.
        if !access_modes_match(pvc, pv) {
            continue;
        }
        if smallest.as_ref().is_none_or(|(_, q)| *q > size) {
            smallest = Some((pv, size));
        }
    }
    smallest.map(|(pv, _)| pv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn pv(name: &str, size: &str, class: &str) -> Value {
        json!({"metadata": {"name": name}, "spec": {"capacity": {"storage": size}, "accessModes": ["ReadWriteOnce"], "storageClassName": class}, "status": {"phase": "Available"}})
    }

    fn pvc(size: &str, class: Option<&str>) -> crate::Obj {
        let mut c = json!({"metadata": {"name": "data", "namespace": "default", "uid": "u1"}, "spec": {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": size}}}});
        if let Some(class) = class {
            c["spec"]["storageClassName"] = json!(class);
        }
        crate::Obj::untyped(&c)
    }

    #[test]
    fn smallest_fitting_volume_of_the_same_class_wins() {
        let vols = [pv("big", "10Gi", ""), pv("small", "2Gi", ""), pv("tiny", "500Mi", ""), pv("other-class", "1Gi", "fast")].map(|v| crate::Obj::untyped(&v));
        let none = VecSet::new();
        let found = find_matching_volume(&(pvc("1Gi", None)), vols.iter().map(|v| v.root()), None, &none, false);
        assert_eq!(found.map(|v| v["metadata"]["name"].to_value()), Some(json!("small")));
        let found = find_matching_volume(&(pvc("1Gi", Some("fast"))), vols.iter().map(|v| v.root()), None, &none, false);
        assert_eq!(found.map(|v| v["metadata"]["name"].to_value()), Some(json!("other-class")));
        // The controller leaves delay-binding claims alone; the scheduler (with a node) does not.
        assert!(find_matching_volume(&(pvc("1Gi", None)), vols.iter().map(|v| v.root()), None, &none, true).is_none());
        assert!(find_matching_volume(&(pvc("1Gi", None)), vols.iter().map(|v| v.root()), Some(("n", &crate::Obj::untyped(&json!({})))), &none, true).is_some());
    }

    #[test]
    fn a_prebound_volume_is_taken_unless_its_node_affinity_fails() {
        let mut v = pv("pre", "1Gi", "other");
        v["spec"]["claimRef"] = json!({"name": "data", "namespace": "default"});
        v["spec"]["nodeAffinity"] = json!({"required": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "In", "values": ["worker-1"]}]}]}});
        let vols = [crate::Obj::untyped(&v)];
        let none = VecSet::new();
        assert!(find_matching_volume(&(pvc("1Gi", None)), vols.iter().map(|v| v.root()), None, &none, false).is_some());
        assert!(find_matching_volume(&(pvc("1Gi", None)), vols.iter().map(|v| v.root()), Some(("worker-1", &crate::Obj::untyped(&json!({"kubernetes.io/hostname": "worker-1"})))), &none, false).is_some());
        assert!(find_matching_volume(&(pvc("1Gi", None)), vols.iter().map(|v| v.root()), Some(("worker-2", &crate::Obj::untyped(&json!({"kubernetes.io/hostname": "worker-2"})))), &none, false).is_none());
    }
}

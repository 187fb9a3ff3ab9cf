//! The storage-object-in-use protection controllers (upstream `pkg/controller/volume/
//! pvcprotection` and `pvprotection`): the `StorageObjectInUseProtection` admission plugin
//! (`apiserver/admission.rs`) puts a finalizer on every claim and volume; these remove it once a deleted claim is no longer
//! used by a scheduled pod, and once a deleted volume is no longer bound. Until then the object
//! stays, `Terminating`.


use crate::Slot;
use serde_json::Value;

use super::{Write, controller_request};
use crate::apiserver::Verb;
use crate::store::{EventType, ObjectKey, WatchEvent};

use crate::volume::{PV_FINALIZER, PVC_FINALIZER};

fn without_finalizer(obj: &Slot, finalizer: &str) -> Value {
    let mut updated = obj.to_value();
    if let Some(fs) = updated["metadata"]["finalizers"].as_array_mut() {
        fs.retain(|f| f != finalizer);
    }
    if updated["metadata"]["finalizers"].as_array().is_some_and(Vec::is_empty)
        && let Some(m) = updated["metadata"].as_object_mut() {
            m.remove("finalizers");
        }
    updated
}

fn has_finalizer(obj: &Slot, finalizer: &str) -> bool {
    obj["metadata"]["finalizers"].as_array().is_some_and(|fs| fs.iter().any(|f| f == finalizer))
}

/// `podUsesPVC`: only scheduled pods count (the kubelet refuses to start a pod whose claim is
/// being deleted).
fn claim_in_use(cache: &crate::components::Cache, namespace: &str, claim: &str) -> bool {
    crate::components::cached_in(cache, "", "pods", namespace)
        .any(|(_, p)| {
            p["spec"]["nodeName"].as_str().is_some_and(|n| !n.is_empty())
                && crate::volume::claim_names(&p["spec"]).any(|c| c == claim)
        })
}

fn claims_to_check(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Value> {
    match event.key.resource {
        "persistentvolumeclaims" if event.event_type != EventType::Deleted => cache.get(&event.key).map(|v| v.to_value()).into_iter().collect(),
        // A pod that goes (or changes) may free the claims it used.
        "pods" => crate::volume::claim_names(&event.object["spec"])
            .filter_map(|c| cache.get(&ObjectKey { group: "", resource: "persistentvolumeclaims".into(), namespace: event.key.namespace.clone(), name: c.into() }).map(|v| v.to_value()))
            .collect(),
        _ => vec![],
    }
}

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    let mut writes = Vec::new();
    for claim in claims_to_check(cache, event) {
        let ns = claim["metadata"]["namespace"].as_str().unwrap_or_default();
        let name = claim["metadata"]["name"].as_str().unwrap_or_default();
        if claim["metadata"]["deletionTimestamp"].is_string() && has_finalizer(&crate::Obj::untyped(&claim), PVC_FINALIZER) && !claim_in_use(cache, ns, name) {
            writes.extend(controller_request("pvc-protection-controller", Verb::Update, "persistentvolumeclaims", Some(ns), name, without_finalizer(&crate::Obj::untyped(&claim), PVC_FINALIZER)).map(|r| Write::now("pvc-protection", r)));
        }
    }
    if event.key.resource == "persistentvolumes" && event.event_type != EventType::Deleted {
        let pv = &event.object;
        // `isBeingUsed`: a Bound volume is in use.
        if pv["metadata"]["deletionTimestamp"].is_string() && has_finalizer(pv, PV_FINALIZER) && pv["status"]["phase"] != "Bound" {
            writes.extend(controller_request("pv-protection-controller", Verb::Update, "persistentvolumes", None, &event.key.name, without_finalizer(pv, PV_FINALIZER)).map(|r| Write::now("pv-protection", r)));
        }
    }
    writes
}


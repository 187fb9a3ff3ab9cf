//! The `scale` subresource of Deployments, ReplicaSets, StatefulSets and ReplicationControllers
//! (`pkg/registry/apps/{deployment,replicaset,statefulset}/storage/storage.go`, `ScaleREST`):
//! GET answers an `autoscaling/v1` Scale made from the object (`scaleFromDeployment`: name,
//! namespace, uid, resourceVersion and creationTimestamp; `spec.replicas`; `status.replicas`
//! and the selector as text); PATCH and PUT apply to that Scale, validate it
//! (`ValidateScale`), write its replicas into the object through the object's own update (its
//! strategy, admission and validation) and answer the Scale of the result.

use serde_json::Value;

use super::status::{FieldError, Status};
use super::{Request, Verb, patch};
use crate::store::ObjectKey;
use crate::Engine;
use podlife_model::ResourceType;

/// The kinds that serve `scale` here.
pub fn has_scale(rt: &ResourceType) -> bool {
    matches!(rt.kind, "Deployment" | "ReplicaSet" | "StatefulSet" | "ReplicationController")
}

/// The Scale of `obj`.
pub fn scale_of(obj: &Value) -> Value {
    let meta = &obj["metadata"];
    let mut scale = json!({
        "apiVersion": "autoscaling/v1",
        "kind": "Scale",
        "metadata": {
            "name": meta["name"], "namespace": meta["namespace"], "uid": meta["uid"],
            "resourceVersion": meta["resourceVersion"], "creationTimestamp": meta["creationTimestamp"]
        },
        "spec": {},
        "status": {"replicas": obj["status"]["replicas"].as_i64().unwrap_or(0)}
    });
    // `replicas,omitempty` in the versioned Scale; the status's is not.
    if let Some(n) = obj["spec"]["replicas"].as_i64().filter(|n| *n != 0) {
        scale["spec"]["replicas"] = json!(n);
    }
    // A ReplicationController's selector is a plain map (`scaleFromRC`: `labels.SelectorFromSet`).
    let selector = match &obj["spec"]["selector"] {
        s if obj["kind"] == "ReplicationController" => crate::labels::selector_string(&crate::Obj::untyped(&json!({"matchLabels": s}))),
        s => crate::labels::selector_string(&crate::Obj::untyped(s)),
    };
    if !selector.is_empty() {
        scale["status"]["selector"] = json!(selector);
    }
    scale
}

/// `ValidateScale`: the Scale's metadata as an update's, and replicas not negative.
fn validate(scale: &Value) -> Vec<FieldError> {
    match scale["spec"]["replicas"].as_i64() {
        Some(n) if n < 0 => vec![FieldError::invalid("spec.replicas", n.to_string(), "must be greater than or equal to 0")],
        _ => vec![],
    }
}

impl Engine {
    /// GET, PATCH or PUT of `…/NAME/scale`.
    pub(super) fn scale_subresource(&mut self, req: &Request, object: Option<super::ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        let name = req.name.clone().unwrap_or_default();
        let key = ObjectKey::new(rt, req.namespace.as_deref(), &name);
        let Some(current) = self.store.get(&key).map(crate::Slot::to_value) else {
            return Err(Status::not_found(rt, &name));
        };
        let old = scale_of(&current);
        let scale = match req.verb {
            Verb::Get => return Ok(old),
            Verb::Patch => {
                let mut merged = old.clone();
                patch::apply(req.patch_type, &mut merged, &req.body.clone().unwrap_or(Value::Null)).map_err(super::patch_status)?;
                merged
            }
            _ => req.body.clone().unwrap_or(Value::Null),
        };
        let errors = validate(&scale);
        if !errors.is_empty() {
            return Err(Status::invalid_kind("Scale.autoscaling", &name, errors));
        }
        // A resourceVersion in the Scale is a precondition on the object.
        if let Some(rv) = scale["metadata"]["resourceVersion"].as_str().filter(|rv| !rv.is_empty())
            && current["metadata"]["resourceVersion"].as_str() != Some(rv)
        {
            return Err(Status::plain(super::status::Reason::Conflict, format!("Operation cannot be fulfilled on {} \"{name}\": the object has been modified; please apply your changes to the latest version and try again", rt.qualified_plural())));
        }
        let replicas = scale["spec"]["replicas"].as_i64().unwrap_or(0);
        if current["spec"]["replicas"].as_i64() == Some(replicas) {
            return Ok(old);
        }
        let mut updated = current.clone();
        updated["spec"]["replicas"] = json!(replicas);
        let mut update = req.clone();
        update.verb = Verb::Update;
        update.subresource = None;
        update.body = Some(updated);
        let written = self.update(&update, object)?;
        Ok(scale_of(&written))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deployments_scale() {
        let d = json!({
            "metadata": {"name": "web", "namespace": "default", "uid": "u", "resourceVersion": "7", "creationTimestamp": "2026-03-02T09:00:00Z", "labels": {"x": "y"}},
            "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "web"}, "matchExpressions": [{"key": "tier", "operator": "In", "values": ["b", "a"]}]}},
            "status": {"replicas": 2}
        });
        let s = scale_of(&d);
        assert_eq!(s["kind"], "Scale");
        assert_eq!(s["metadata"]["labels"], Value::Null);
        assert_eq!(s["spec"]["replicas"], 3);
        assert_eq!(s["status"], json!({"replicas": 2, "selector": "app=web,tier in (a,b)"}));
        let zero = scale_of(&json!({"spec": {"replicas": 0}, "status": {}}));
        assert_eq!((zero["spec"].clone(), zero["status"].clone()), (json!({}), json!({"replicas": 0})));
        assert_eq!(validate(&json!({"spec": {"replicas": -1}}))[0].to_string(), "spec.replicas: Invalid value: -1: must be greater than or equal to 0");
    }
}

//! Quantity fields: checked when decoding (a bad one fails the decode, as
//! `Quantity.UnmarshalJSON` does) and stored in canonical form, rounded up to milli-units
//! (`SetDefaults_ResourceList`, upstream `pkg/apis/core/v1/defaults.go`).

use serde_json::Value;

use podlife_model::quantity::Quantity;

/// Calls `f` on every quantity-valued field of an object, with its path.
fn for_each_quantity(kind: &str, obj: &mut Value, f: &mut dyn FnMut(&str, &mut Value)) {
    fn resource_lists(v: &mut Value, path: &str, f: &mut dyn FnMut(&str, &mut Value)) {
        for list in ["requests", "limits"] {
            if let Some(m) = v.get_mut(list).and_then(Value::as_object_mut) {
                for (k, q) in m.iter_mut() {
                    f(&format!("{path}.{list}.{k}"), q);
                }
            }
        }
    }
    fn pod_spec(spec: &mut Value, path: &str, f: &mut dyn FnMut(&str, &mut Value)) {
        for list in ["initContainers", "containers", "ephemeralContainers"] {
            if let Some(cs) = spec.get_mut(list).and_then(Value::as_array_mut) {
                for (i, c) in cs.iter_mut().enumerate() {
                    if let Some(r) = c.get_mut("resources") {
                        resource_lists(r, &format!("{path}.{list}[{i}].resources"), f);
                    }
                }
            }
        }
        if let Some(r) = spec.get_mut("resources") {
            resource_lists(r, &format!("{path}.resources"), f);
        }
        if let Some(m) = spec.get_mut("overhead").and_then(Value::as_object_mut) {
            for (k, q) in m.iter_mut() {
                f(&format!("{path}.overhead.{k}"), q);
            }
        }
    }
    match kind {
        "Pod" => {
            if let Some(spec) = obj.get_mut("spec") {
                pod_spec(spec, "spec", f);
            }
        }
        "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "Job" => {
            if let Some(spec) = obj.pointer_mut("/spec/template/spec") {
                pod_spec(spec, "spec.template.spec", f);
            }
        }
        "Node" => {
            for list in ["capacity", "allocatable"] {
                if let Some(m) = obj.pointer_mut(&format!("/status/{list}")).and_then(Value::as_object_mut) {
                    for (k, q) in m.iter_mut() {
                        f(&format!("status.{list}.{k}"), q);
                    }
                }
            }
        }
        "LimitRange" => {
            for (i, item) in obj.pointer_mut("/spec/limits").and_then(Value::as_array_mut).into_iter().flatten().enumerate() {
                for field in ["default", "defaultRequest", "max", "maxLimitRequestRatio", "min"] {
                    for (k, q) in item.get_mut(field).and_then(Value::as_object_mut).into_iter().flatten() {
                        f(&format!("spec.limits[{i}].{field}.{k}"), q);
                    }
                }
            }
        }
        "PersistentVolumeClaim" => {
            if let Some(r) = obj.pointer_mut("/spec/resources") {
                resource_lists(r, "spec.resources", f);
            }
        }
        _ => {}
    }
}

/// The first quantity that does not parse: its path and upstream's error text.
/// (Takes the object mutably only to share `for_each_quantity`'s walk; it is not changed.)
pub fn check(kind: &str, obj: &mut Value) -> Result<(), (String, String)> {
    let mut first = None;
    for_each_quantity(kind, obj, &mut |path, q| {
        if first.is_some() {
            return;
        }
        let text = match q {
            Value::String(s) => s.trim().to_string(),
            // The raw JSON Go's `Quantity.UnmarshalJSON` gets: a YAML float as `json.Marshal`
            // wrote it.
            Value::Number(n) => podlife_model::json::number(n),
            Value::Null => return,
            other => podlife_model::json::to_string(other),
        };
        if let Err(e) = text.parse::<Quantity>() {
            first = Some((path.to_string(), e.to_string()));
        }
    });
    first.map_or(Ok(()), Err)
}

/// Rewrites every quantity in canonical form (`0.5` → `500m`, `1024Mi` → `1Gi`).
pub fn canonicalize(kind: &str, obj: &mut Value) {
    for_each_quantity(kind, obj, &mut |_, q| {
        if let Some(mut parsed) = q.as_str().and_then(|s| s.trim().parse::<Quantity>().ok()) {
            parsed.round_up(podlife_model::quantity::MILLI);
            *q = Value::String(parsed.to_string());
        }
    });
}

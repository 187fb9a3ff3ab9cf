//! The `pods/resize` subresource: the only way to change a running pod's CPU and memory
//! (InPlacePodVerticalScaling, GA since 1.35; a plain update still refuses any resource change).
//!
//! Upstream: `pkg/registry/core/pod/storage/storage.go` `ResizeREST` (update and patch of the
//! whole pod), `pkg/registry/core/pod/strategy.go` `podResizeStrategy.PrepareForUpdate` →
//! `dropNonResizeUpdates` (the stored pod with only each container's `resources` and
//! `resizePolicy` taken from the request, matched by name; everything else is silently kept)
//! and `updatePodGeneration`; `pkg/apis/core/validation` `ValidatePodResize` /
//! `validateContainerResize` / `dropCPUMemoryResourcesFromContainer` as of v1.36 (memory limit
//! decreases are allowed since 1.33: the kubelet checks usage instead).
//!
//! Pod-level resources (`InPlacePodLevelResourcesVerticalScaling`, beta and on in 1.36):
//! `spec.resources` is taken from the request too, and cannot lose a request or limit; the
//! pod's own validation (pod-level requests cover the containers', no container limit above
//! the pod's) and the QoS rule apply to the result.
//!
//! Not modelled: Windows pods, node-allocatable resource claims, the pod-level resize rules
//! of 1.36's `ValidatePodResize` beyond those (the source was not at hand).

use serde_json::Value;

use super::status::FieldError;

/// `dropNonResizeUpdates`: the stored pod, with the request's containers' `resources` and
/// `resizePolicy` (by name; a container the pod does not have is ignored).
pub fn drop_non_resize_updates(old: &Value, new: &Value) -> Value {
    let mut pod = old.clone();
    if crate::resources::pod_level_resources_enabled() && crate::resources::in_place_pod_level_resources_vertical_scaling_enabled()
        && let Some(spec) = pod.get_mut("spec").and_then(Value::as_object_mut) {
            match new["spec"].get("resources") {
                Some(r) if !r.is_null() => {
                    spec.insert("resources".into(), r.clone());
                }
                _ => {
                    spec.remove("resources");
                }
            }
        }
    for list in ["containers", "initContainers"] {
        let Some(cs) = pod.get_mut("spec").and_then(|s| s.get_mut(list)).and_then(Value::as_array_mut) else { continue };
        for c in cs.iter_mut() {
            let Some(n) = new["spec"][list].as_array().and_then(|a| a.iter().find(|n| n["name"] == c["name"])) else { continue };
            for f in ["resources", "resizePolicy"] {
                match n.get(f) {
                    Some(v) if !v.is_null() => c[f] = v.clone(),
                    _ => {
                        if let Some(m) = c.as_object_mut() {
                            m.remove(f);
                        }
                    }
                }
            }
        }
    }
    pod
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().map(|m| m.keys().map(String::as_str).collect()).unwrap_or_default()
}

/// `resourcesRemoved`: a name the old list has that the new one lacks.
fn removed(new: &Value, old: &Value) -> bool {
    keys(old).iter().any(|k| new.get(*k).is_none())
}

/// `dropCPUMemoryResourcesFromContainer`: cpu and memory put back to the old values, so what
/// is left to differ is everything else.
fn without_cpu_memory(c: &Value, old: &Value) -> Value {
    let mut c = c.clone();
    for f in ["limits", "requests"] {
        let old_list = &old["resources"][f];
        if !old_list.is_object() {
            if let Some(r) = c["resources"].as_object_mut() {
                r.remove(f);
            }
            continue;
        }
        let mut list = c["resources"][f].as_object().cloned().unwrap_or_default();
        for r in ["cpu", "memory"] {
            list.remove(r);
            if let Some(v) = old_list.get(r) {
                list.insert(r.to_string(), v.clone());
            }
        }
        c["resources"][f] = Value::Object(list);
    }
    c
}

/// `apiequality.Semantic.DeepEqual` over what the API keeps: quantities by value, empty maps
/// and lists as absent.
fn semantic(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(crate::sort::collect_object(
            m.iter()
                .map(|(k, x)| (k.clone(), semantic(x)))
                .filter(|(_, x)| !(x.is_null() || x.as_object().is_some_and(|o| o.is_empty()) || x.as_array().is_some_and(|a| a.is_empty()))),
        )),
        Value::Array(a) => Value::Array(a.iter().map(semantic).collect()),
        Value::String(s) => match s.parse::<podlife_model::quantity::Quantity>() {
            Ok(q) if s.starts_with(|c: char| c.is_ascii_digit() || c == '.') => Value::String(q.to_string()),
            _ => v.clone(),
        },
        _ => v.clone(),
    }
}

pub(crate) fn same(a: &Value, b: &Value) -> bool {
    semantic(a) == semantic(b)
}

/// `validateContainerResize`: requests and limits may change but not go away.
fn container_resize(new: &Value, old: &Value, path: &str, errs: &mut Vec<FieldError>) {
    if removed(&new["resources"]["requests"], &old["resources"]["requests"]) {
        errs.push(FieldError::forbidden(format!("{path}.requests"), "resource requests cannot be removed"));
    }
    if removed(&new["resources"]["limits"], &old["resources"]["limits"]) {
        errs.push(FieldError::forbidden(format!("{path}.limits"), "resource limits cannot be removed"));
    }
}

/// `ValidatePodResize`, after the pod's own validation: `old` is the stored pod, `new` what
/// `drop_non_resize_updates` made of the request.
pub fn validate(new: &Value, old: &Value) -> Vec<FieldError> {
    if old["metadata"]["annotations"][super::admission::MIRROR_POD_ANNOTATION].is_string() {
        return vec![FieldError::forbidden("", "static pods cannot be resized")];
    }
    let mut errs = Vec::new();
    // `qos.GetPodQOS(oldPod)` (the class in the status) against `ComputePodQOS(newPod)`; the
    // value shown is the new pod's status class, which the resize leaves as it was.
    let old_qos = old["status"]["qosClass"].as_str().filter(|q| !q.is_empty()).unwrap_or_else(|| crate::qos::pod_qos_class(&crate::Obj::untyped(&old["spec"])));
    if old_qos != crate::qos::pod_qos_class(&crate::Obj::untyped(&new["spec"])) {
        let shown = new["status"]["qosClass"].as_str().unwrap_or_default();
        errs.push(FieldError::invalid("spec", super::status::quote(shown), "Pod QOS Class may not change as a result of resizing"));
    }
    // Pod-level requests and limits may change but not go away (the container rule on
    // `spec.resources`).
    if old["spec"]["resources"].is_object() {
        let wrap = |p: &Value| json!({"resources": p["spec"]["resources"].clone()});
        container_resize(&wrap(new), &wrap(old), "spec.resources", &mut errs);
    }
    let empty = Vec::new();
    for (list, label) in [("initContainers", "init or sidecar containers"), ("containers", "")] {
        let olds = old["spec"][list].as_array().unwrap_or(&empty);
        let news = new["spec"][list].as_array().unwrap_or(&empty);
        for (i, (n, o)) in news.iter().zip(olds).enumerate() {
            container_resize(n, o, &format!("spec.{list}[{i}].resources"), &mut errs);
            if !same(&without_cpu_memory(n, o), &without_cpu_memory(o, o)) {
                if label.is_empty() {
                    errs.push(FieldError::forbidden("spec", "only cpu and memory resources are mutable"));
                } else {
                    errs.push(FieldError::forbidden(format!("spec.{list}[{i}]"), format!("only cpu and memory resources for {label} are mutable")));
                }
            }
            let sidecar = n["restartPolicy"] == "Always";
            if list == "initContainers" && !sidecar && !same(n, o) && n["resizePolicy"].as_array().is_some_and(|ps| ps.iter().any(|p| p["restartPolicy"] == "RestartContainer")) {
                errs.push(FieldError::forbidden(format!("spec.{list}[{i}]"), "non-sidecar init containers with a resize policy of RestartContainer cannot be resized"));
            }
        }
    }
    if !errs.is_empty() {
        return errs;
    }
    // Whatever is left to differ once cpu and memory are put back (a changed resizePolicy).
    let mut munged = new["spec"].clone();
    for list in ["containers", "initContainers"] {
        if let (Some(cs), Some(olds)) = (munged.get_mut(list).and_then(Value::as_array_mut), old["spec"][list].as_array()) {
            for (c, o) in cs.iter_mut().zip(olds) {
                *c = without_cpu_memory(c, o);
            }
        }
    }
    // Pod-level cpu and memory put back as well.
    if munged["resources"].is_object() || old["spec"]["resources"].is_object() {
        let back = without_cpu_memory(&json!({"resources": munged["resources"].clone()}), &json!({"resources": old["spec"]["resources"].clone()}));
        match back["resources"].clone() {
            Value::Null => {
                if let Some(m) = munged.as_object_mut() {
                    m.remove("resources");
                }
            }
            r => munged["resources"] = r,
        }
    }
    if !same(&munged, &old["spec"]) {
        errs.push(FieldError::forbidden("spec", "only cpu and memory resources are mutable"));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod(res: Value) -> Value {
        json!({"metadata": {"name": "p"}, "spec": {"containers": [{"name": "c1", "image": "i", "resources": res}]}, "status": {"qosClass": crate::qos::pod_qos_class(&crate::Obj::untyped(&json!({"containers": [{"resources": res}]})))}})
    }

    fn texts(errs: Vec<FieldError>) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    /// Cases of test/e2e/common/node/pod_resize.go `doPodResizeErrorTests` and
    /// validation_test.go `TestValidatePodResize`.
    #[test]
    fn resize_rules() {
        let guaranteed = pod(json!({"requests": {"cpu": "700m", "memory": "200Mi"}, "limits": {"cpu": "700m", "memory": "200Mi"}}));
        // both halves move: fine.
        let ok = drop_non_resize_updates(&guaranteed, &pod(json!({"requests": {"cpu": "800m", "memory": "200Mi"}, "limits": {"cpu": "800m", "memory": "200Mi"}})));
        assert!(validate(&ok, &guaranteed).is_empty());
        // only the request: Burstable.
        let bad = drop_non_resize_updates(&guaranteed, &pod(json!({"requests": {"cpu": "500m", "memory": "200Mi"}, "limits": {"cpu": "700m", "memory": "200Mi"}})));
        assert_eq!(texts(validate(&bad, &guaranteed)), ["spec: Invalid value: \"Guaranteed\": Pod QOS Class may not change as a result of resizing"]);
        // BestEffort pod - try requesting memory.
        let best = pod(json!({}));
        let bad = drop_non_resize_updates(&best, &pod(json!({"requests": {"memory": "40Mi"}})));
        assert_eq!(texts(validate(&bad, &best)), ["spec: Invalid value: \"BestEffort\": Pod QOS Class may not change as a result of resizing"]);
        // Burstable: remove memory limits.
        let burst = pod(json!({"requests": {"cpu": "100m", "memory": "100Mi"}, "limits": {"cpu": "200m", "memory": "200Mi"}}));
        let bad = drop_non_resize_updates(&burst, &pod(json!({"requests": {"cpu": "100m", "memory": "100Mi"}, "limits": {"cpu": "200m"}})));
        assert_eq!(texts(validate(&bad, &burst)), ["spec.containers[0].resources.limits: Forbidden: resource limits cannot be removed"]);
        // a memory limit decrease is allowed (1.33+).
        let down = drop_non_resize_updates(&burst, &pod(json!({"requests": {"cpu": "100m", "memory": "100Mi"}, "limits": {"cpu": "200m", "memory": "150Mi"}})));
        assert!(validate(&down, &burst).is_empty());
        // only cpu and memory.
        let bad = drop_non_resize_updates(&burst, &pod(json!({"requests": {"cpu": "100m", "memory": "100Mi", "ephemeral-storage": "1Gi"}, "limits": {"cpu": "200m", "memory": "200Mi"}})));
        assert_eq!(texts(validate(&bad, &burst)), ["spec: Forbidden: only cpu and memory resources are mutable"]);
        // other fields of the request are dropped, not refused.
        let mut other = burst.clone();
        other["spec"]["containers"][0]["image"] = json!("nginx");
        assert_eq!(drop_non_resize_updates(&burst, &other), burst);
        // a changed resize policy.
        let mut policy = burst.clone();
        policy["spec"]["containers"][0]["resizePolicy"] = json!([{"resourceName": "cpu", "restartPolicy": "RestartContainer"}]);
        let changed = drop_non_resize_updates(&burst, &policy);
        assert_eq!(texts(validate(&changed, &burst)), ["spec: Forbidden: only cpu and memory resources are mutable"]);
        // "1" and "1000m" are the same quantity.
        let same_cpu = drop_non_resize_updates(&guaranteed, &pod(json!({"requests": {"cpu": "0.7", "memory": "200Mi"}, "limits": {"cpu": "700m", "memory": "200Mi"}})));
        assert!(validate(&same_cpu, &guaranteed).is_empty());
    }

    /// Pod-level resources through `pods/resize` (InPlacePodLevelResourcesVerticalScaling):
    /// taken from the request; cpu and memory may change, not be removed; other names may not.
    #[test]
    fn pod_level_resize() {
        let pod = |res: Value| json!({"metadata": {"name": "p"}, "spec": {"resources": res, "containers": [{"name": "c1", "image": "i", "resources": {}}]}, "status": {"qosClass": "Guaranteed"}});
        let old = pod(json!({"requests": {"cpu": "200m", "memory": "200Mi"}, "limits": {"cpu": "200m", "memory": "200Mi"}}));
        let new = drop_non_resize_updates(&old, &pod(json!({"requests": {"cpu": "300m", "memory": "200Mi"}, "limits": {"cpu": "300m", "memory": "200Mi"}})));
        assert_eq!(new["spec"]["resources"]["limits"]["cpu"], "300m");
        assert!(validate(&new, &old).is_empty());
        let gone = drop_non_resize_updates(&old, &pod(json!({"requests": {"cpu": "200m", "memory": "200Mi"}})));
        let errs: Vec<String> = validate(&gone, &old).iter().map(ToString::to_string).collect();
        assert!(errs.contains(&"spec.resources.limits: Forbidden: resource limits cannot be removed".to_string()), "{errs:?}");
        let huge = drop_non_resize_updates(&old, &pod(json!({"requests": {"cpu": "200m", "memory": "200Mi", "hugepages-2Mi": "2Mi"}, "limits": {"cpu": "200m", "memory": "200Mi", "hugepages-2Mi": "2Mi"}})));
        let errs: Vec<String> = validate(&huge, &old).iter().map(ToString::to_string).collect();
        assert_eq!(errs, vec!["spec: Forbidden: only cpu and memory resources are mutable".to_string()]);
    }
}

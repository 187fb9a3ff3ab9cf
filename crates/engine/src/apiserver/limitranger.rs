//! The `LimitRanger` admission plugin (`plugin/pkg/admission/limitranger/admission.go`): on a
//! Pod's create, the namespace's LimitRanges fill in missing container requests and limits
//! (mutating, annotated `kubernetes.io/limit-ranger`), then check each container and the pod
//! as a whole against their min, max and maxLimitRequestRatio (validating); a
//! PersistentVolumeClaim's storage request is checked against its min and max. Pod updates
//! are left alone, as upstream's `SupportsAttributes` does.
//!
//! Go ranges over the LimitRange's maps in random order, so a pod breaking two constraints
//! lists them in any order there; podlife lists them by resource name.

use podlife_model::quantity::Quantity;
use serde_json::{Map, Value};


const ANNOTATION: &str = "kubernetes.io/limit-ranger";
/// `resource.MaxMilliValue`: the largest value whose milli-value fits an int64.
const MAX_MILLI_VALUE: i64 = i64::MAX / 1000;

fn quantities(list: &Value) -> Vec<(&str, Quantity)> {
    list.as_object().into_iter().flatten().filter_map(|(k, v)| Some((k.as_str(), Quantity::parse(v.as_str()?).ok()?))).collect()
}

fn get(list: &Value, name: &str) -> Option<Quantity> {
    list[name].as_str().and_then(|s| Quantity::parse(s).ok())
}

/// `PodMutateLimitFunc` for one LimitRange: its Container item's `default` and
/// `defaultRequest` fill what each container and init container leaves unset.
pub fn mutate_pod(range: &Value, pod: &mut Value) {
    let (mut limits, mut requests) = (Map::new(), Map::new());
    for item in range["spec"]["limits"].as_array().into_iter().flatten().filter(|i| i["type"] == "Container") {
        requests.extend(item["defaultRequest"].as_object().into_iter().flatten().map(|(k, v)| (k.clone(), v.clone())));
        limits.extend(item["default"].as_object().into_iter().flatten().map(|(k, v)| (k.clone(), v.clone())));
    }
    let mut notes: Vec<String> = Vec::new();
    for (list, prefix) in [("containers", "container"), ("initContainers", "init container")] {
        // `get_mut`, not indexing: indexing a missing list would add it as null.
        for c in pod.get_mut("spec").and_then(|s| s.get_mut(list)).and_then(Value::as_array_mut).into_iter().flatten() {
            let name = c["name"].as_str().unwrap_or_default().to_string();
            let resources = &mut c["resources"];
            let mut set = |field: &str, defaults: &Map<String, Value>| -> Vec<String> {
                if !resources[field].is_object() {
                    resources[field] = json!({});
                }
                let mut names = Vec::new();
                for (k, v) in defaults {
                    if resources[field].get(k).is_none() {
                        resources[field][k] = v.clone();
                        names.push(k.clone());
                    }
                }
                names
            };
            let set_limits = set("limits", &limits);
            let set_requests = set("requests", &requests);
            if !set_requests.is_empty() {
                notes.push(format!("{} request for {prefix} {name}", set_requests.join(", ")));
            }
            if !set_limits.is_empty() {
                notes.push(format!("{} limit for {prefix} {name}", set_limits.join(", ")));
            }
        }
    }
    if !notes.is_empty() {
        if !pod["metadata"]["annotations"].is_object() {
            pod["metadata"]["annotations"] = json!({});
        }
        pod["metadata"]["annotations"][ANNOTATION] = json!(format!("LimitRanger plugin set: {}", notes.join("; ")));
    }
}

/// `requestLimitEnforcedValues`: the three values in milli-units when none overflows.
fn enforced_values(request: Option<&Quantity>, limit: Option<&Quantity>, enforced: &Quantity) -> (i64, i64, i64) {
    let zero = Quantity::default();
    let (r, l) = (request.unwrap_or(&zero), limit.unwrap_or(&zero));
    if r.value() <= MAX_MILLI_VALUE && l.value() <= MAX_MILLI_VALUE && enforced.value() <= MAX_MILLI_VALUE {
        (r.milli_value(), l.milli_value(), enforced.milli_value())
    } else {
        (r.value(), l.value(), enforced.value())
    }
}

fn min_constraint(kind: &str, name: &str, enforced: &Quantity, request: Option<&Quantity>, limit: Option<&Quantity>) -> Option<String> {
    let (req, lim, min) = enforced_values(request, limit, enforced);
    let Some(r) = request else { return Some(format!("minimum {name} usage per {kind} is {enforced}.  No request is specified")) };
    if req < min {
        return Some(format!("minimum {name} usage per {kind} is {enforced}, but request is {r}"));
    }
    match limit {
        Some(l) if lim < min => Some(format!("minimum {name} usage per {kind} is {enforced}, but limit is {l}")),
        _ => None,
    }
}

fn max_constraint(kind: &str, name: &str, enforced: &Quantity, request: Option<&Quantity>, limit: Option<&Quantity>) -> Option<String> {
    let (req, lim, max) = enforced_values(request, limit, enforced);
    let Some(l) = limit else { return Some(format!("maximum {name} usage per {kind} is {enforced}.  No limit is specified")) };
    if lim > max {
        return Some(format!("maximum {name} usage per {kind} is {enforced}, but limit is {l}"));
    }
    match request {
        Some(r) if req > max => Some(format!("maximum {name} usage per {kind} is {enforced}, but request is {r}")),
        _ => None,
    }
}

/// `maxRequestConstraint`: a PersistentVolumeClaim has requests only.
fn max_request_constraint(kind: &str, name: &str, enforced: &Quantity, request: Option<&Quantity>) -> Option<String> {
    let (req, _, max) = enforced_values(request, None, enforced);
    let Some(r) = request else { return Some(format!("maximum {name} usage per {kind} is {enforced}.  No request is specified")) };
    (req > max).then(|| format!("maximum {name} usage per {kind} is {enforced}, but request is {r}"))
}

fn ratio_constraint(kind: &str, name: &str, enforced: &Quantity, request: Option<&Quantity>, limit: Option<&Quantity>) -> Option<String> {
    let (req, lim, _) = enforced_values(request, limit, enforced);
    if request.is_none() || req == 0 {
        return Some(format!("{name} max limit to request ratio per {kind} is {enforced}, but no request is specified or request is 0"));
    }
    if limit.is_none() || lim == 0 {
        return Some(format!("{name} max limit to request ratio per {kind} is {enforced}, but no limit is specified or limit is 0"));
    }
    let shown = lim as f64 / req as f64;
    let (observed, allowed) = if enforced.value() <= MAX_MILLI_VALUE { (shown * 1000.0, enforced.milli_value() as f64) } else { (shown, enforced.value() as f64) };
    (observed > allowed).then(|| format!("{name} max limit to request ratio per {kind} is {enforced}, but provided ratio is {}", podlife_ftl::num::Fixed(shown, 6)))
}

/// Min, max and ratio of one item against one set of requests and limits.
fn check(item: &Value, kind: &str, requests: &Value, limits: &Value, errs: &mut Vec<String>) {
    for (name, q) in quantities(&item["min"]) {
        errs.extend(min_constraint(kind, name, &q, get(requests, name).as_ref(), get(limits, name).as_ref()));
    }
    for (name, q) in quantities(&item["max"]) {
        errs.extend(max_constraint(kind, name, &q, get(requests, name).as_ref(), get(limits, name).as_ref()));
    }
    for (name, q) in quantities(&item["maxLimitRequestRatio"]) {
        errs.extend(ratio_constraint(kind, name, &q, get(requests, name).as_ref(), get(limits, name).as_ref()));
    }
}

/// `podRequests` / `podLimits` of the plugin: the containers' aggregate (the sidecar formula,
/// spec only, no overhead: component-helpers' `AggregateContainerRequests`/`Limits`), with the
/// pod-level quantity in its place for cpu and memory when the pod states it (the plugin's own
/// `isSupportedPodLevelResource` leaves hugepages out).
fn pod_total(pod: &Value, field: &str) -> Value {
    use crate::resources::{aggregate_container_limits, aggregate_container_requests, pod_level_list, pod_level_resources_enabled};
    let spec = &pod["spec"];
    let mut total = if field == "requests" { aggregate_container_requests(&crate::Obj::untyped(spec)) } else { aggregate_container_limits(&crate::Obj::untyped(spec)) };
    if pod_level_resources_enabled() && spec["resources"].is_object() {
        for (name, q) in pod_level_list(&crate::Obj::untyped(spec), field) {
            if name == "cpu" || name == "memory" {
                total.insert(name, q);
            }
        }
    }
    Value::Object(crate::sort::collect_object(total.into_iter().map(|(k, q)| (k, json!(q.to_string())))))
}

/// `PodValidateLimitFunc` for one LimitRange: every broken constraint, in
/// `utilerrors.NewAggregate`'s wording (one message, or `[a, b]` without repeats).
pub fn validate_pod(range: &Value, pod: &Value) -> Result<(), String> {
    let mut errs = Vec::new();
    for item in range["spec"]["limits"].as_array().into_iter().flatten() {
        match item["type"].as_str() {
            Some("Container") => {
                for list in ["containers", "initContainers"] {
                    for c in pod["spec"][list].as_array().into_iter().flatten() {
                        check(item, "Container", &c["resources"]["requests"], &c["resources"]["limits"], &mut errs);
                    }
                }
            }
            Some("Pod") => check(item, "Pod", &pod_total(pod, "requests"), &pod_total(pod, "limits"), &mut errs),
            _ => {}
        }
    }
    aggregate(errs)
}

/// `PersistentVolumeClaimValidateLimitFunc`: the claim's storage request against min and max.
pub fn validate_pvc(range: &Value, pvc: &Value) -> Result<(), String> {
    let mut errs = Vec::new();
    let requests = &pvc["spec"]["resources"]["requests"];
    for item in range["spec"]["limits"].as_array().into_iter().flatten().filter(|i| i["type"] == "PersistentVolumeClaim") {
        for (name, q) in quantities(&item["min"]) {
            errs.extend(min_constraint("PersistentVolumeClaim", name, &q, get(requests, name).as_ref(), None));
        }
        for (name, q) in quantities(&item["max"]) {
            errs.extend(max_request_constraint("PersistentVolumeClaim", name, &q, get(requests, name).as_ref()));
        }
    }
    aggregate(errs)
}

fn aggregate(errs: Vec<String>) -> Result<(), String> {
    let mut seen: Vec<String> = Vec::new();
    for e in errs {
        if !seen.contains(&e) {
            seen.push(e);
        }
    }
    match seen.len() {
        0 => Ok(()),
        1 => Err(seen.remove(0)),
        _ => Err(format!("[{}]", seen.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(items: Value) -> Value {
        json!({"spec": {"limits": items}})
    }

    fn pod(resources: Value) -> Value {
        json!({"metadata": {"name": "p"}, "spec": {"containers": [{"name": "c", "resources": resources}]}})
    }

    #[test]
    fn defaults_fill_what_is_unset_and_say_so() {
        let r = range(json!([{"type": "Container", "default": {"cpu": "1", "memory": "512Mi"}, "defaultRequest": {"cpu": "500m", "memory": "256Mi"}}]));
        let mut p = pod(json!({"limits": {"memory": "1Gi"}}));
        mutate_pod(&r, &mut p);
        assert_eq!(p["spec"]["containers"][0]["resources"], json!({"limits": {"cpu": "1", "memory": "1Gi"}, "requests": {"cpu": "500m", "memory": "256Mi"}}));
        assert_eq!(p["metadata"]["annotations"][ANNOTATION], "LimitRanger plugin set: cpu, memory request for container c; cpu limit for container c");
        assert!(p["spec"].get("initContainers").is_none(), "no list is added");
    }

    // Upstream's admission_test.go cases, in its wording.
    #[test]
    fn container_constraints_read_as_upstream() {
        let r = range(json!([{"type": "Container", "max": {"memory": "1Gi"}, "min": {"memory": "500Mi"}}]));
        assert_eq!(validate_pod(&r, &pod(json!({"limits": {"memory": "1536Mi"}, "requests": {"memory": "800Mi"}}))), Err("maximum memory usage per Container is 1Gi, but limit is 1536Mi".into()));
        assert_eq!(validate_pod(&r, &pod(json!({"limits": {"memory": "800Mi"}, "requests": {"memory": "100Mi"}}))), Err("minimum memory usage per Container is 500Mi, but request is 100Mi".into()));
        assert_eq!(
            validate_pod(&r, &pod(json!({}))),
            Err("[minimum memory usage per Container is 500Mi.  No request is specified, maximum memory usage per Container is 1Gi.  No limit is specified]".into())
        );
        assert_eq!(validate_pod(&r, &pod(json!({"limits": {"memory": "800Mi"}, "requests": {"memory": "600Mi"}}))), Ok(()));
        let ratio = range(json!([{"type": "Container", "maxLimitRequestRatio": {"cpu": "2"}}]));
        assert_eq!(validate_pod(&ratio, &pod(json!({"limits": {"cpu": "1"}, "requests": {"cpu": "250m"}}))), Err("cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000".into()));
    }

    #[test]
    fn pod_limits_sum_the_containers_and_count_the_largest_init_container() {
        let r = range(json!([{"type": "Pod", "max": {"cpu": "1"}}]));
        let mut p = json!({"metadata": {"name": "p"}, "spec": {
            "initContainers": [{"name": "i", "resources": {"limits": {"cpu": "700m"}}}],
            "containers": [{"name": "a", "resources": {"limits": {"cpu": "600m"}}}, {"name": "b", "resources": {"limits": {"cpu": "600m"}}}]}});
        assert_eq!(validate_pod(&r, &p), Err("maximum cpu usage per Pod is 1, but limit is 1200m".into()));
        p["spec"]["containers"].as_array_mut().unwrap().pop();
        assert_eq!(validate_pod(&r, &p), Ok(()));
    }

    #[test]
    fn a_claim_is_held_to_its_storage_bounds() {
        let r = range(json!([{"type": "PersistentVolumeClaim", "min": {"storage": "1Gi"}, "max": {"storage": "2Gi"}}]));
        let claim = |s: &str| json!({"spec": {"resources": {"requests": {"storage": s}}}});
        assert_eq!(validate_pvc(&r, &claim("5Gi")), Err("maximum storage usage per PersistentVolumeClaim is 2Gi, but request is 5Gi".into()));
        assert_eq!(validate_pvc(&r, &claim("500Mi")), Err("minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi".into()));
        assert_eq!(validate_pvc(&r, &claim("1Gi")), Ok(()));
    }
}

//! Validation as the registry strategies run it, in upstream's order so that several errors
//! come out as a real API server lists them. Upstream: `pkg/apis/core/validation/validation.go`
//! (`ValidatePodCreate`, `ValidatePodSpec`, `validateContainerCommon`) and
//! `apimachinery/pkg/util/validation/validation.go` (name formats).

use serde_json::Value;

use super::gated::PodOptions;
use super::status::{FieldError, FieldErrorKind, quote};
use podlife_model::quantity::Quantity;
pub use crate::names::{dns1035_label, dns1123_label, dns1123_subdomain, label_key, label_value, port_name};


fn quoted(s: &str) -> String {
    super::status::quote(s)
}

/// `ValidateObjectMeta` for the name (by the kind's name rule) and labels.
pub fn object_meta(kind: &str, meta: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let name = meta["name"].as_str().unwrap_or_default();
    let generate = meta["generateName"].as_str().unwrap_or_default();
    if name.is_empty() {
        if generate.is_empty() {
            errs.push(FieldError::required("metadata.name", "name or generateName is required"));
        }
    } else {
        let rule = match kind {
            "Service" | "Namespace" => dns1123_or_1035(kind),
            // `ValidateRBACName` (`pkg/apis/rbac/validation`): a path segment (`system:coredns`).
            "Role" | "ClusterRole" | "RoleBinding" | "ClusterRoleBinding" => path_segment_name,
            _ => dns1123_subdomain,
        };
        for msg in rule(name) {
            errs.push(FieldError::invalid("metadata.name", quoted(name), msg));
        }
    }
    validate_labels(&meta["labels"], "metadata.labels", &mut errs);
    validate_annotations(&meta["annotations"], &mut errs);
    errs
}

/// The labels and annotations checks of `ValidateObjectMetaAccessorUpdate` (apimachinery
/// `pkg/api/validation/objectmeta.go`), which every update runs.
/// The size rule of `ValidatePersistentVolumeClaimUpdate`: with RecoverVolumeExpansionFailure
/// (GA, on) a claim's storage request may shrink only while it stays above `status.capacity`
/// (to undo an expansion that failed; volumes never shrink). The rule that the rest of the spec
/// is immutable is not modelled: its message carries a `cmp.Diff` of the two specs.
pub fn persistent_volume_claim_update(old: &Value, pvc: &Value) -> Vec<FieldError> {
    use crate::volume::{requested_storage, storage};
    let new_size = requested_storage(&crate::Obj::untyped(pvc));
    if new_size < requested_storage(&crate::Obj::untyped(old)) && new_size <= storage(&crate::Obj::untyped(&old["status"]["capacity"]["storage"])) {
        return vec![FieldError::forbidden("spec.resources.requests.storage", "field can not be less than status.capacity")];
    }
    Vec::new()
}

/// The spec rules of `ValidateNodeUpdate` (pkg/apis/core/validation/validation.go): node IPAM
/// may give a node its pod ranges, and a cloud its provider ID, once; neither changes after.
/// A v1 Node's `podCIDR` stands for `podCIDRs` when that is empty (the v1 conversion). (1.38
/// words a cleared list "field cannot be cleared once set"; 1.36 gives both cases one text.)
pub fn node_update(old: &Value, node: &Value) -> Vec<FieldError> {
    const CIDR: &str = "node updates may not change podCIDR except from \"\" to valid";
    let cidrs = |n: &Value| -> Vec<String> {
        let list: Vec<String> = n["spec"]["podCIDRs"].as_array().map(|l| l.iter().map(|c| c.as_str().unwrap_or_default().to_string()).collect()).unwrap_or_default();
        match n["spec"]["podCIDR"].as_str() {
            Some(one) if list.is_empty() && !one.is_empty() => vec![one.to_string()],
            _ => list,
        }
    };
    let (was, now) = (cidrs(old), cidrs(node));
    let mut errs = Vec::new();
    if !was.is_empty() {
        // One error for a changed length, else one per changed entry, as upstream appends them.
        let changed = if was.len() != now.len() { 1 } else { was.iter().zip(&now).filter(|(a, b)| a != b).count() };
        errs.extend((0..changed).map(|_| FieldError::forbidden("spec.podCIDRs", CIDR)));
    }
    let provider = |n: &Value| n["spec"]["providerID"].as_str().unwrap_or_default().to_string();
    if !provider(old).is_empty() && provider(old) != provider(node) {
        errs.push(FieldError::forbidden("spec.providerID", "node updates may not change providerID except from \"\" to valid"));
    }
    errs
}

pub fn object_meta_update(meta: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    validate_labels(&meta["labels"], "metadata.labels", &mut errs);
    validate_annotations(&meta["annotations"], &mut errs);
    errs
}

/// `ValidateAnnotations` (apimachinery `pkg/api/validation/objectmeta.go`): every key a
/// qualified name once lower-cased, then keys and values together at most 256 KiB
/// (`TotalAnnotationSizeLimitB`), reported as `field.TooLong`.
fn validate_annotations(map: &Value, errs: &mut Vec<FieldError>) {
    const TOTAL_ANNOTATION_SIZE_LIMIT_B: usize = 256 * 1024;
    let Some(map) = map.as_object() else { return };
    for k in map.keys() {
        for msg in label_key(&crate::gostrings::to_lower(k)) {
            errs.push(FieldError::invalid("metadata.annotations", quoted(k), msg));
        }
    }
    let total: usize = map.iter().map(|(k, v)| k.len() + v.as_str().map_or(0, str::len)).sum();
    if total > TOTAL_ANNOTATION_SIZE_LIMIT_B {
        errs.push(FieldError::too_long("metadata.annotations", "", TOTAL_ANNOTATION_SIZE_LIMIT_B));
    }
}

/// `path.IsValidPathSegmentName` (apimachinery `pkg/api/validation/path`).
pub(crate) fn path_segment_name(name: &str) -> Vec<String> {
    for illegal in [".", ".."] {
        if name == illegal {
            return vec![format!("may not be '{illegal}'")];
        }
    }
    ["/", "%"].iter().filter(|c| name.contains(**c)).map(|c| format!("may not contain '{c}'")).collect()
}

fn dns1123_or_1035(kind: &str) -> fn(&str) -> Vec<String> {
    if kind == "Service" { dns1035_label } else { dns1123_label }
}


/// `ValidateLabels`: every key a qualified name, every value a label value.
fn validate_labels(map: &Value, path: &str, errs: &mut Vec<FieldError>) {
    for (k, v) in map.as_object().into_iter().flatten() {
        for msg in label_key(k) {
            errs.push(FieldError::invalid(path, quoted(k), msg));
        }
        let value = v.as_str().unwrap_or_default();
        for msg in label_value(value) {
            errs.push(FieldError::invalid(path, quoted(value), msg));
        }
    }
}


/// `ValidatePodCreate`: what `pod` checks, then what only a create refuses — ephemeral
/// containers, which only the `ephemeralcontainers` subresource adds.
pub fn pod_create(p: &Value, opts: &PodOptions) -> Vec<FieldError> {
    let mut errs = pod(p, opts);
    if p["spec"]["ephemeralContainers"].as_array().is_some_and(|e| !e.is_empty()) {
        errs.push(FieldError::forbidden("spec.ephemeralContainers", "cannot be set on create"));
    }
    errs
}

/// `validatePodMetadataAndSpec`: metadata, then the spec in `ValidatePodSpec`'s order, then
/// the pod-only checks.
pub fn pod(pod: &Value, opts: &PodOptions) -> Vec<FieldError> {
    let mut errs = object_meta("Pod", &pod["metadata"]);
    pod_spec(&pod["spec"], "spec", &mut errs, opts);
    // `validateContainersOnlyForPod`: regular containers, then init containers.
    for list in ["containers", "initContainers"] {
        for (i, c) in pod["spec"][list].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
            let image = c["image"].as_str().unwrap_or_default();
            if !image.is_empty() && image.trim() != image {
                errs.push(FieldError::invalid(format!("spec.{list}[{i}].image"), quoted(image), "must not have leading or trailing whitespace"));
            }
        }
    }
    dedup(errs)
}

/// `ValidatePodSpec` at `base` (`spec`, or `spec.template.spec` in a workload).
pub fn pod_spec(spec: &Value, base: &str, errs: &mut Vec<FieldError>, opts: &PodOptions) {
    let volumes = volumes(spec, base, errs);
    containers(spec, base, &volumes, errs, opts);
    pod_resources(spec, base, errs);
    let restart = spec["restartPolicy"].as_str().unwrap_or_default();
    if restart.is_empty() {
        errs.push(FieldError::required(format!("{base}.restartPolicy"), ""));
    } else if !["Always", "OnFailure", "Never"].contains(&restart) {
        errs.push(FieldError::not_supported(format!("{base}.restartPolicy"), restart, &["Always", "OnFailure", "Never"]));
    }
    let dns = spec["dnsPolicy"].as_str().unwrap_or_default();
    if !["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"].contains(&dns) {
        errs.push(FieldError::not_supported(format!("{base}.dnsPolicy"), dns, &["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"]));
    }
    validate_labels(&spec["nodeSelector"], &format!("{base}.nodeSelector"), errs);
    if let Some(ads) = spec["activeDeadlineSeconds"].as_i64()
        && !(1..=2_147_483_647).contains(&ads) {
            errs.push(FieldError::invalid(format!("{base}.activeDeadlineSeconds"), ads.to_string(), "must be between 1 and 2147483647, inclusive"));
        }
    scheduling_gates(&spec["schedulingGates"], &format!("{base}.schedulingGates"), errs);
    pod_host_name(spec, base, errs);
    tolerations(&spec["tolerations"], &format!("{base}.tolerations"), errs, opts);
}

/// `validatePodHostName`: `hostnameOverride` (HostnameOverride) not with `setHostnameAsFQDN` nor
/// `hostNetwork`, at most 64 characters, a DNS-1123 subdomain.
fn pod_host_name(spec: &Value, base: &str, errs: &mut Vec<FieldError>) {
    let Some(over) = spec["hostnameOverride"].as_str() else { return };
    let path = format!("{base}.hostnameOverride");
    if spec["setHostnameAsFQDN"] == true {
        errs.push(FieldError::forbidden(path.clone(), "may not be specified when setHostnameAsFQDN is true"));
    }
    if spec["hostNetwork"] == true {
        errs.push(FieldError::forbidden(path.clone(), "may not be specified when hostNetwork is true"));
    }
    if over.len() > 64 {
        errs.push(FieldError::too_long(path.clone(), "", 64));
    }
    for msg in dns1123_subdomain(over) {
        errs.push(FieldError::invalid(path.clone(), quoted(over), msg));
    }
}

/// `ValidateTolerations`: keys, the operator and its value, the effect. `Lt`/`Gt` need
/// TaintTolerationComparisonOperators (alpha in 1.36, off).
pub fn tolerations(list: &Value, path: &str, errs: &mut Vec<FieldError>, opts: &PodOptions) {
    for (i, t) in list.as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let p = format!("{path}[{i}]");
        let key = t["key"].as_str().unwrap_or_default();
        let op = t["operator"].as_str().unwrap_or_default();
        let value = t["value"].as_str().unwrap_or_default();
        let effect = t["effect"].as_str().unwrap_or_default();
        if !key.is_empty() {
            for msg in label_key(key) {
                errs.push(FieldError::invalid(format!("{p}.key"), quoted(key), msg));
            }
        }
        if key.is_empty() && op != "Exists" {
            errs.push(FieldError::invalid(format!("{p}.operator"), quoted(op), "operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
        }
        if !t["tolerationSeconds"].is_null() && effect != "NoExecute" {
            errs.push(FieldError::invalid(format!("{p}.effect"), quoted(effect), "effect must be 'NoExecute' when `tolerationSeconds` is set"));
        }
        match op {
            "" | "Equal" => {
                let msgs = label_value(value);
                if !msgs.is_empty() {
                    errs.push(FieldError::invalid(format!("{p}.operator"), quoted(value), msgs.join(";")));
                }
            }
            "Exists" => {
                if !value.is_empty() {
                    errs.push(FieldError::invalid(format!("{p}.operator"), quoted(value), "value must be empty when `operator` is 'Exists'"));
                }
            }
            "Lt" | "Gt" if !opts.toleration_comparison => errs.push(FieldError::not_supported(format!("{p}.operator"), op, &["Equal", "Exists", "Lt", "Gt"])),
            "Lt" | "Gt" => {
                for msg in decimal_integer(value) {
                    errs.push(FieldError::invalid(format!("{p}.value"), quoted(value), msg));
                }
                if let Err(e) = parse_int64(value) {
                    errs.push(FieldError::invalid(format!("{p}.value"), quoted(value), e));
                }
            }
            _ => errs.push(FieldError::not_supported(format!("{p}.operator"), op, &["Equal", "Exists"])),
        }
        if !effect.is_empty() && !["NoSchedule", "PreferNoSchedule", "NoExecute"].contains(&effect) {
            errs.push(FieldError::not_supported(format!("{p}.effect"), effect, &["NoSchedule", "PreferNoSchedule", "NoExecute"]));
        }
    }
}

/// `strconv.ParseInt(v, 10, 64)`'s error text.
fn parse_int64(v: &str) -> Result<i64, String> {
    let q = quote(v);
    let digits = v.strip_prefix(['+', '-']).unwrap_or(v);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("strconv.ParseInt: parsing {q}: invalid syntax"));
    }
    v.parse::<i64>().map_err(|_| format!("strconv.ParseInt: parsing {q}: value out of range"))
}

/// `content.IsDecimalInteger`: `0` or a non-zero integer without leading zeros or a plus sign.
fn decimal_integer(v: &str) -> Vec<&'static str> {
    const MSG: &str = "must be a valid decimal integer in canonical form";
    if v.is_empty() {
        return vec!["must be non-empty"];
    }
    let digits = v.strip_prefix('-').unwrap_or(v);
    if v == "0" {
        return vec![];
    }
    let b = digits.as_bytes();
    if b.is_empty() || !(b'1'..=b'9').contains(&b[0]) || !b.iter().all(u8::is_ascii_digit) {
        return vec![MSG];
    }
    vec![]
}

/// `validateSchedulingGates` (pkg/apis/core/validation/validation.go): every gate a qualified
/// name, no gate twice.
pub fn scheduling_gates(gates: &Value, path: &str, errs: &mut Vec<FieldError>) {
    let mut seen = crate::vecmap::VecSet::new();
    for (i, gate) in gates.as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let name = gate["name"].as_str().unwrap_or_default();
        for msg in label_key(name) {
            errs.push(FieldError::invalid(format!("{path}[{i}]"), quoted(name), msg));
        }
        if !seen.insert(name) {
            errs.push(FieldError::duplicate(format!("{path}[{i}]"), name));
        }
    }
}

/// `validateOnlyDeletedSchedulingGates` (pkg/apis/core/validation/validation.go, called by
/// `ValidatePodUpdate`): gates may be removed, never added.
pub fn only_deleted_scheduling_gates(old: &Value, new: &Value, path: &str) -> Vec<FieldError> {
    let names = |v: &Value| -> Vec<String> { v.as_array().map(Vec::as_slice).unwrap_or_default().iter().map(|g| g["name"].as_str().unwrap_or_default().to_string()).collect() };
    let (old, new) = (names(old), names(new));
    // Upstream keys a map by name (the last index of a name wins) and ranges over it, so
    // several additions come in no fixed order; podlife reports them by index.
    let mut added: crate::vecmap::VecMap<usize, String> = crate::vecmap::VecMap::new();
    let mut last: crate::vecmap::VecMap<&str, usize> = crate::vecmap::VecMap::new();
    for (i, name) in new.iter().enumerate() {
        last.insert(name, i);
    }
    for (name, i) in last {
        if !old.iter().any(|o| o == name) {
            added.insert(i, name.to_string());
        }
    }
    added
        .into_iter()
        .map(|(i, name)| FieldError::forbidden(format!("{path}[{i}].name"), format!("only deletion is allowed, but found new scheduling gate '{name}'")))
        .collect()
}

/// Go's `%v`-via-JSON rendering of a label map in an error (`{"app":"web"}`).
fn json_value(v: &Value) -> String {
    podlife_model::json::to_string(v)
}

fn selector_is_empty(selector: &Value) -> bool {
    selector["matchLabels"].as_object().is_none_or(|m| m.is_empty()) && selector["matchExpressions"].as_array().is_none_or(|a| a.is_empty())
}

/// `ValidateNonnegativeField`.
fn non_negative(value: &Value, path: &str, errs: &mut Vec<FieldError>) {
    if let Some(n) = value.as_i64().filter(|n| *n < 0) {
        errs.push(FieldError::invalid(path, n.to_string(), "must be greater than or equal to 0"));
    }
}

/// Workloads (`pkg/apis/apps/validation`, `pkg/apis/batch/validation`): replicas, selector,
/// the template matching it, the template's pod spec, and the restart policy the kind allows.
/// `ValidateReplicationController`: as a ReplicaSet's, with the selector a map that must not be
/// empty (`ValidateNonEmptySelector`: Required) and must match the template's labels.
pub fn replication_controller(obj: &Value, opts: &PodOptions) -> Vec<FieldError> {
    let mut view = obj.clone();
    let selector = &obj["spec"]["selector"];
    view["spec"]["selector"] = if selector.as_object().is_some_and(|m| !m.is_empty()) { json!({"matchLabels": selector}) } else { Value::Null };
    let mut errs = workload("ReplicationController", &view, opts);
    if obj["spec"]["template"]["spec"]["activeDeadlineSeconds"].is_number() {
        errs.push(FieldError::forbidden("spec.template.spec.activeDeadlineSeconds", "activeDeadlineSeconds in ReplicationController is not Supported"));
    }
    errs
}

pub fn workload(kind: &str, obj: &Value, opts: &PodOptions) -> Vec<FieldError> {
    let mut errs = object_meta(kind, &obj["metadata"]);
    let (spec, base) = match kind {
        "CronJob" => (&obj["spec"]["jobTemplate"]["spec"], "spec.jobTemplate.spec"),
        _ => (&obj["spec"], "spec"),
    };
    // `ValidateStatefulSetSpec` starts with the pod management policy.
    if kind == "StatefulSet"
        && let Some(policy) = spec["podManagementPolicy"].as_str().filter(|p| !["OrderedReady", "Parallel"].contains(p))
    {
        errs.push(FieldError::invalid("spec.podManagementPolicy", format!("{policy:?}"), "must be 'OrderedReady' or 'Parallel'"));
    }
    if kind == "CronJob" && obj["spec"]["schedule"].as_str().is_none_or(str::is_empty) {
        errs.push(FieldError::required("spec.schedule", ""));
    }
    if kind == "CronJob" {
        errs.extend(super::batch_validation::cron_job(obj));
    }
    if matches!(kind, "Job" | "CronJob") {
        // `validateJobSpec` (pkg/apis/batch/validation): the counts first, in this order.
        for field in ["parallelism", "completions", "activeDeadlineSeconds", "backoffLimit", "ttlSecondsAfterFinished"] {
            non_negative(&spec[field], &format!("{base}.{field}"), &mut errs);
        }
        errs.extend(super::batch_validation::job_policies(spec, base));
    }
    non_negative(&spec["replicas"], &format!("{base}.replicas"), &mut errs);
    let selector = &spec["selector"];
    let generated_selector = matches!(kind, "Job" | "CronJob");
    if !generated_selector {
        if selector.is_null() {
            errs.push(FieldError::required(format!("{base}.selector"), ""));
        } else if selector_is_empty(selector) {
            let what = kind.to_ascii_lowercase();
            errs.push(FieldError::invalid(format!("{base}.selector"), json_value(selector), format!("empty selector is invalid for {what}")));
        }
    }
    let template = &spec["template"];
    let tpath = format!("{base}.template");
    if !generated_selector && !selector.is_null() && !selector_is_empty(selector) && !crate::labels::selector_matches(&crate::Obj::untyped(selector), &crate::Obj::untyped(&template["metadata"]["labels"])) {
        errs.push(FieldError::invalid(format!("{tpath}.metadata.labels"), json_value(&template["metadata"]["labels"]), "`selector` does not match template `labels`"));
    }
    validate_labels(&template["metadata"]["labels"], &format!("{tpath}.metadata.labels"), &mut errs);
    if kind == "StatefulSet" && let Some(claims) = spec["volumeClaimTemplates"].as_array() {
        // The claim templates become the pods' volumes (upstream does not check the mounts of
        // a StatefulSet's template against its volumes at all).
        let mut pod = template["spec"].clone();
        let mut volumes = pod["volumes"].as_array().cloned().unwrap_or_default();
        volumes.extend(claims.iter().map(|c| json!({"name": c["metadata"]["name"], "persistentVolumeClaim": {"claimName": c["metadata"]["name"]}})));
        pod["volumes"] = Value::Array(volumes);
        pod_spec(&pod, &format!("{tpath}.spec"), &mut errs, opts);
    } else {
        pod_spec(&template["spec"], &format!("{tpath}.spec"), &mut errs, opts);
    }
    // `ValidatePodTemplateSpec`'s last check.
    if template["spec"]["ephemeralContainers"].as_array().is_some_and(|e| !e.is_empty()) {
        errs.push(FieldError::forbidden(format!("{tpath}.spec.ephemeralContainers"), "ephemeral containers not allowed in pod template"));
    }
    let restart = template["spec"]["restartPolicy"].as_str().unwrap_or_default();
    match kind {
        "Job" | "CronJob" => {
            if !restart.is_empty() && !["OnFailure", "Never"].contains(&restart) {
                errs.push(FieldError::not_supported(format!("{tpath}.spec.restartPolicy"), restart, &["OnFailure", "Never"]));
            }
        }
        _ => {
            if !restart.is_empty() && restart != "Always" {
                errs.push(FieldError::not_supported(format!("{tpath}.spec.restartPolicy"), restart, &["Always"]));
            }
        }
    }
    if kind == "Deployment" {
        deployment_tail(spec, &mut errs);
    }
    dedup(errs)
}

/// The rest of `ValidateDeploymentSpec` after the template: the strategy
/// (`ValidateDeploymentStrategy`, `ValidateRollingUpdateDeployment`), then the deadline that
/// must outlast minReadySeconds.
fn deployment_tail(spec: &Value, errs: &mut Vec<FieldError>) {
    let strategy = &spec["strategy"];
    let rolling = &strategy["rollingUpdate"];
    match strategy["type"].as_str() {
        Some("Recreate") if !rolling.is_null() => errs.push(FieldError::forbidden("spec.strategy.rollingUpdate", "may not be specified when strategy `type` is 'Recreate'")),
        Some("RollingUpdate") => {
            // `getIntOrPercentValue`: "0%" and 0 are both zero; the value prints as the
            // IntOrString's String() (`0`, `0%`).
            let zero = |v: &Value| match v {
                Value::Number(n) => n.as_i64() == Some(0),
                Value::String(s) => s.trim_end_matches('%').parse::<i64>().ok() == Some(0),
                _ => false,
            };
            if zero(&rolling["maxUnavailable"]) && zero(&rolling["maxSurge"]) {
                let shown = match &rolling["maxUnavailable"] {
                    Value::String(s) => s.clone(),
                    other => podlife_model::json::to_string(other),
                };
                errs.push(FieldError::invalid("spec.strategy.rollingUpdate.maxUnavailable", shown, "may not be 0 when `maxSurge` is 0"));
            }
        }
        _ => {}
    }
    non_negative(&spec["minReadySeconds"], "spec.minReadySeconds", errs);
    non_negative(&spec["revisionHistoryLimit"], "spec.revisionHistoryLimit", errs);
    if let Some(deadline) = spec["progressDeadlineSeconds"].as_i64() {
        non_negative(&spec["progressDeadlineSeconds"], "spec.progressDeadlineSeconds", errs);
        if deadline <= spec["minReadySeconds"].as_i64().unwrap_or(0) {
            errs.push(FieldError::invalid("spec.progressDeadlineSeconds", deadline.to_string(), "must be greater than minReadySeconds"));
        }
    }
}

/// `ValidateService`: the name is a DNS-1035 label; ports are required, in range, unique.
pub fn service(obj: &Value) -> Vec<FieldError> {
    let mut errs = object_meta("Service", &obj["metadata"]);
    let spec = &obj["spec"];
    let ports = spec["ports"].as_array().map(Vec::as_slice).unwrap_or_default();
    let kind = spec["type"].as_str().unwrap_or("ClusterIP");
    if ports.is_empty() && kind != "ExternalName" && spec["clusterIP"] != "None" {
        errs.push(FieldError::required("spec.ports", ""));
    }
    let mut names: Vec<&str> = Vec::new();
    for (i, p) in ports.iter().enumerate() {
        let path = format!("spec.ports[{i}]");
        let name = p["name"].as_str().unwrap_or_default();
        if ports.len() > 1 && name.is_empty() {
            errs.push(FieldError::required(format!("{path}.name"), ""));
        } else if !name.is_empty() {
            for msg in dns1123_label(name) {
                errs.push(FieldError::invalid(format!("{path}.name"), quoted(name), msg));
            }
            if names.contains(&name) {
                errs.push(FieldError::duplicate(format!("{path}.name"), name));
            }
            names.push(name);
        }
        let port = p["port"].as_i64().unwrap_or(0);
        if !(1..=65535).contains(&port) {
            errs.push(FieldError::invalid(format!("{path}.port"), port.to_string(), "must be between 1 and 65535, inclusive"));
        }
        let proto = p["protocol"].as_str().unwrap_or_default();
        if !["SCTP", "TCP", "UDP"].contains(&proto) {
            errs.push(FieldError::not_supported(format!("{path}.protocol"), proto, &["SCTP", "TCP", "UDP"]));
        }
    }
    if !["ClusterIP", "NodePort", "LoadBalancer", "ExternalName"].contains(&kind) {
        errs.push(FieldError::not_supported("spec.type", kind, &["ClusterIP", "ExternalName", "LoadBalancer", "NodePort"]));
    }
    // `ValidateService`: node ports belong to NodePort and LoadBalancer Services.
    if kind == "ClusterIP" {
        for (i, p) in ports.iter().enumerate() {
            if p["nodePort"].as_i64().is_some_and(|n| n != 0) {
                errs.push(FieldError::forbidden(format!("spec.ports[{i}].nodePort"), "may not be used when `type` is 'ClusterIP'"));
            }
        }
    }
    validate_labels(&spec["selector"], "spec.selector", &mut errs);
    dedup(errs)
}

/// `ToAggregate` drops errors whose text repeats.
fn dedup(errs: Vec<FieldError>) -> Vec<FieldError> {
    let mut seen = crate::vecmap::VecSet::new();
    errs.into_iter().filter(|e| seen.insert(e.to_string())).collect()
}

/// `ValidateVolumes`; returns the volume names for mount checks.
fn volumes(spec: &Value, base: &str, errs: &mut Vec<FieldError>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (i, v) in spec["volumes"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let path = format!("{base}.volumes[{i}]");
        let name = v["name"].as_str().unwrap_or_default();
        let sources = v.as_object().map(|m| m.keys().filter(|k| *k != "name").count()).unwrap_or(0);
        if sources == 0 {
            errs.push(FieldError::required(path.clone(), "must specify a volume type"));
        } else if sources > 1 {
            errs.push(FieldError::forbidden(path.clone(), "may not specify more than 1 volume type"));
        }
        if name.is_empty() {
            errs.push(FieldError::required(format!("{path}.name"), ""));
        } else {
            for msg in dns1123_label(name) {
                errs.push(FieldError::invalid(format!("{path}.name"), quoted(name), msg));
            }
            if names.iter().any(|n| n == name) {
                errs.push(FieldError::duplicate(format!("{path}.name"), name));
            }
        }
        names.push(name.to_string());
    }
    names
}

/// `validateContainers`, then `validateInitContainers`.
fn containers(spec: &Value, base: &str, volumes: &[String], errs: &mut Vec<FieldError>, opts: &PodOptions) {
    use super::probe_validation::{forbidden_on_init, probes_and_hooks};
    let grace_s = spec["terminationGracePeriodSeconds"].as_i64();
    let main = spec["containers"].as_array().map(Vec::as_slice).unwrap_or_default();
    let mut names: Vec<String> = Vec::new();
    if main.is_empty() {
        errs.push(FieldError::required(format!("{base}.containers"), ""));
    } else {
        for (i, c) in main.iter().enumerate() {
            let path = format!("{base}.containers[{i}]");
            container_common(c, &path, volumes, errs);
            let name = c["name"].as_str().unwrap_or_default();
            if names.iter().any(|n| n == name) {
                errs.push(FieldError::duplicate(format!("{path}.name"), name));
            } else {
                names.push(name.to_string());
            }
            probes_and_hooks(c, grace_s, &path, errs);
            if opts.container_restart_rules {
                container_restart_policy(c, &path, opts, errs);
            } else if c.get("restartPolicy").is_some_and(|r| !r.is_null()) {
                errs.push(FieldError::forbidden(format!("{path}.restartPolicy"), "may not be set for non-init containers"));
            }
        }
        // Host ports are unique across the regular containers.
        host_port_conflicts(main, &format!("{base}.containers"), errs);
    }
    for (i, c) in spec["initContainers"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let path = format!("{base}.initContainers[{i}]");
        container_common(c, &path, volumes, errs);
        let sidecar = c["restartPolicy"] == "Always";
        init_container_restart_policy(c, &path, opts, errs);
        let name = c["name"].as_str().unwrap_or_default();
        if names.iter().any(|n| n == name) {
            errs.push(FieldError::duplicate(format!("{path}.name"), name));
        } else if !name.is_empty() {
            names.push(name.to_string());
        }
        // Init containers run one by one: each one's host ports are checked on its own (and
        // upstream's error names it `initContainers[0]` whatever its index).
        host_port_conflicts(std::slice::from_ref(c), &format!("{base}.initContainers"), errs);
        if sidecar {
            probes_and_hooks(c, grace_s, &path, errs);
        } else {
            forbidden_on_init(c, &path, errs);
        }
    }
    ephemeral_containers(spec, base, volumes, &names, errs);
}

/// `validateEphemeralContainers` (`pkg/apis/core/validation/validation.go`): the common
/// container rules, a name unique across every container, a `targetContainerName` naming a
/// regular or init container, only the fields of `allowedEphemeralContainerFields` (in the
/// struct's order, as `validateFieldAllowList` walks it), no `subPath`/`subPathExpr`.
fn ephemeral_containers(spec: &Value, base: &str, volumes: &[String], others: &[String], errs: &mut Vec<FieldError>) {
    // `EphemeralContainerCommon`'s fields, each with whether it is allowed.
    const FIELDS: [(&str, bool); 25] = [
        ("name", true), ("image", true), ("command", true), ("args", true), ("workingDir", true), ("ports", false), ("envFrom", true), ("env", true),
        ("resources", false), ("resizePolicy", false), ("restartPolicy", false), ("restartPolicyRules", false), ("volumeMounts", true), ("volumeDevices", true),
        ("livenessProbe", false), ("readinessProbe", false), ("startupProbe", false), ("lifecycle", false), ("terminationMessagePath", true),
        ("terminationMessagePolicy", true), ("imagePullPolicy", true), ("securityContext", true), ("stdin", true), ("stdinOnce", true), ("tty", true),
    ];
    // Go's zero value: absent, null, false, 0, "", or an empty list or map.
    fn set(v: &Value) -> bool {
        match v {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::String(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(m) => m.values().any(set),
            Value::Number(n) => n.as_f64() != Some(0.0),
        }
    }
    let mut names: Vec<&str> = others.iter().map(String::as_str).collect();
    for (i, c) in spec["ephemeralContainers"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let path = format!("{base}.ephemeralContainers[{i}]");
        container_common(c, &path, volumes, errs);
        let image = c["image"].as_str().unwrap_or_default();
        if !image.is_empty() && image.trim() != image {
            errs.push(FieldError::invalid(format!("{path}.image"), quoted(image), "must not have leading or trailing whitespace"));
        }
        let name = c["name"].as_str().unwrap_or_default();
        if names.contains(&name) {
            errs.push(FieldError::duplicate(format!("{path}.name"), name));
        } else {
            names.push(name);
        }
        let target = c["targetContainerName"].as_str().unwrap_or_default();
        if !target.is_empty() && !others.iter().any(|n| n == target) {
            errs.push(FieldError::not_found(format!("{path}.targetContainerName"), target));
        }
        for (f, allowed) in FIELDS {
            if !allowed && set(&c[f]) {
                errs.push(FieldError::forbidden(format!("{path}.{f}"), "cannot be set for an Ephemeral Container"));
            }
        }
        for (j, m) in c["volumeMounts"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
            for f in ["subPath", "subPathExpr"] {
                if set(&m[f]) {
                    errs.push(FieldError::forbidden(format!("{path}.volumeMounts[{j}].{f}"), "cannot be set for an Ephemeral Container"));
                }
            }
        }
    }
}

/// `validateInitContainerRestartPolicy`: without ContainerRestartRules only a sidecar's
/// `Always`; with it the regular container rules, and rules on a sidecar only with
/// RestartAllContainersOnContainerExits.
fn init_container_restart_policy(c: &Value, path: &str, opts: &PodOptions, errs: &mut Vec<FieldError>) {
    let rules = c["restartPolicyRules"].as_array().is_some_and(|r| !r.is_empty());
    let Some(policy) = c["restartPolicy"].as_str() else {
        if rules {
            errs.push(FieldError::required(format!("{path}.restartPolicy"), "must specify restartPolicy when restart rules are used"));
        }
        return;
    };
    if opts.container_restart_rules {
        if policy == "Always" && !opts.restart_all_containers {
            if rules {
                errs.push(FieldError::forbidden(format!("{path}.restartPolicyRules"), "restartPolicyRules are not allowed for init containers with restart policy Always"));
            }
        } else {
            container_restart_policy(c, path, opts, errs);
        }
    } else if policy != "Always" {
        errs.push(FieldError::not_supported(format!("{path}.restartPolicy"), policy, &["Always"]));
    }
}

/// `validateContainerRestartPolicy`: the container's own `restartPolicy` and its
/// `restartPolicyRules` (at most 20; each an action, and exit codes with an operator and at
/// most 255 values). `RestartAllContainers` is an action only with
/// RestartAllContainersOnContainerExits.
fn container_restart_policy(c: &Value, path: &str, opts: &PodOptions, errs: &mut Vec<FieldError>) {
    let rules = c["restartPolicyRules"].as_array().map(Vec::as_slice).unwrap_or_default();
    match c["restartPolicy"].as_str() {
        None if rules.is_empty() => return,
        None => errs.push(FieldError::required(format!("{path}.restartPolicy"), "must specify restartPolicy when restart rules are used")),
        Some(p) if !["Always", "Never", "OnFailure"].contains(&p) => errs.push(FieldError::not_supported(format!("{path}.restartPolicy"), p, &["Always", "Never", "OnFailure"])),
        Some(_) => {}
    }
    if rules.len() > 20 {
        errs.push(FieldError { field: format!("{path}.restartPolicyRules"), kind: FieldErrorKind::TooMany { actual: rules.len(), max: 20 }, detail: String::new() });
    }
    let actions: &[&str] = if opts.restart_all_containers { &["Restart", "RestartAllContainers"] } else { &["Restart"] };
    for (i, rule) in rules.iter().enumerate() {
        let rp = format!("{path}.restartPolicyRules[{i}]");
        let action = rule["action"].as_str().unwrap_or_default();
        if !actions.contains(&action) {
            errs.push(FieldError::not_supported(format!("{rp}.action"), action, actions));
        }
        let codes = &rule["exitCodes"];
        if codes.is_object() {
            let op = codes["operator"].as_str().unwrap_or_default();
            if !["In", "NotIn"].contains(&op) {
                errs.push(FieldError::not_supported(format!("{rp}.exitCodes.operator"), op, &["In", "NotIn"]));
            }
            let n = codes["values"].as_array().map_or(0, Vec::len);
            if n > 255 {
                errs.push(FieldError { field: format!("{rp}.exitCodes.values"), kind: FieldErrorKind::TooMany { actual: n, max: 255 }, detail: String::new() });
            }
        } else {
            errs.push(FieldError::required(format!("{rp}.exitCodes"), "must be specified"));
        }
    }
}

/// `AccumulateUniqueHostPorts`: a `protocol/hostIP/hostPort` used twice is a duplicate.
fn host_port_conflicts(containers: &[Value], path: &str, errs: &mut Vec<FieldError>) {
    let mut seen: Vec<String> = Vec::new();
    for (ci, c) in containers.iter().enumerate() {
        for (pi, p) in c["ports"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
            let port = p["hostPort"].as_i64().unwrap_or(0);
            if port == 0 {
                continue;
            }
            let key = format!("{}/{}/{port}", p["protocol"].as_str().unwrap_or_default(), p["hostIP"].as_str().unwrap_or_default());
            if seen.contains(&key) {
                errs.push(FieldError::duplicate(format!("{path}[{ci}].ports[{pi}].hostPort"), &key));
            } else {
                seen.push(key);
            }
        }
    }
}

/// `validateContainerCommon`, in its order: name, image, terminationMessagePolicy, ports, env,
/// volumeMounts, imagePullPolicy, resources.
fn container_common(c: &Value, path: &str, volumes: &[String], errs: &mut Vec<FieldError>) {
    let name = c["name"].as_str().unwrap_or_default();
    if name.is_empty() {
        errs.push(FieldError::required(format!("{path}.name"), ""));
    } else {
        for msg in dns1123_label(name) {
            errs.push(FieldError::invalid(format!("{path}.name"), quoted(name), msg));
        }
    }
    if c["image"].as_str().unwrap_or_default().is_empty() {
        errs.push(FieldError::required(format!("{path}.image"), ""));
    }
    let tmp = c["terminationMessagePolicy"].as_str().unwrap_or_default();
    if !["File", "FallbackToLogsOnError"].contains(&tmp) {
        errs.push(FieldError::not_supported(format!("{path}.terminationMessagePolicy"), tmp, &["File", "FallbackToLogsOnError"]));
    }
    ports(c, path, errs);
    for (j, e) in c["env"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        if e["name"].as_str().unwrap_or_default().is_empty() {
            errs.push(FieldError::required(format!("{path}.env[{j}].name"), ""));
        }
        // `validateEnvVarValueFrom`: exactly one source (a `fileKeyRef` dropped because
        // EnvFiles is off leaves an empty `valueFrom`, refused here).
        if let Some(vf) = e["valueFrom"].as_object() {
            let sources = ["fieldRef", "resourceFieldRef", "configMapKeyRef", "secretKeyRef", "fileKeyRef"].iter().filter(|k| vf.get(**k).is_some_and(|v| !v.is_null())).count();
            let vpath = format!("{path}.env[{j}].valueFrom");
            if sources == 0 {
                errs.push(FieldError::invalid(vpath, quoted(""), "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`"));
            } else if !e["value"].as_str().unwrap_or_default().is_empty() {
                errs.push(FieldError::invalid(vpath, quoted(""), "may not be specified when `value` is not empty"));
            } else if sources > 1 {
                errs.push(FieldError::invalid(vpath, quoted(""), "may not have more than one field specified at a time"));
            }
        }
    }
    let mut mount_paths: Vec<&str> = Vec::new();
    for (j, m) in c["volumeMounts"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let mname = m["name"].as_str().unwrap_or_default();
        if mname.is_empty() {
            errs.push(FieldError::required(format!("{path}.volumeMounts[{j}].name"), ""));
        } else if !volumes.iter().any(|v| v == mname) {
            errs.push(FieldError::not_found(format!("{path}.volumeMounts[{j}].name"), mname));
        }
        let mpath = m["mountPath"].as_str().unwrap_or_default();
        if mpath.is_empty() {
            errs.push(FieldError::required(format!("{path}.volumeMounts[{j}].mountPath"), ""));
        } else if mount_paths.contains(&mpath) {
            errs.push(FieldError::invalid(format!("{path}.volumeMounts[{j}].mountPath"), quoted(mpath), "must be unique"));
        }
        mount_paths.push(mpath);
    }
    let pull = c["imagePullPolicy"].as_str().unwrap_or_default();
    if !["Always", "IfNotPresent", "Never"].contains(&pull) {
        errs.push(FieldError::not_supported(format!("{path}.imagePullPolicy"), pull, &["Always", "IfNotPresent", "Never"]));
    }
    resources(&c["resources"], &format!("{path}.resources"), errs);
}

/// `validateContainerPorts`.
fn ports(c: &Value, path: &str, errs: &mut Vec<FieldError>) {
    let mut names: Vec<&str> = Vec::new();
    for (j, p) in c["ports"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let pp = format!("{path}.ports[{j}]");
        if let Some(name) = p["name"].as_str().filter(|n| !n.is_empty()) {
            for msg in port_name(name) {
                errs.push(FieldError::invalid(format!("{pp}.name"), quoted(name), msg));
            }
            if names.contains(&name) {
                errs.push(FieldError::duplicate(format!("{pp}.name"), name));
            }
            names.push(name);
        }
        let cp = p["containerPort"].as_i64().unwrap_or(0);
        if cp == 0 {
            errs.push(FieldError::required(format!("{pp}.containerPort"), ""));
        } else if !(1..=65535).contains(&cp) {
            errs.push(FieldError::invalid(format!("{pp}.containerPort"), cp.to_string(), "must be between 1 and 65535, inclusive"));
        }
        let hp = p["hostPort"].as_i64().unwrap_or(0);
        if hp != 0 && !(1..=65535).contains(&hp) {
            errs.push(FieldError::invalid(format!("{pp}.hostPort"), hp.to_string(), "must be between 1 and 65535, inclusive"));
        }
        let proto = p["protocol"].as_str().unwrap_or_default();
        if proto.is_empty() {
            errs.push(FieldError::required(format!("{pp}.protocol"), ""));
        } else if !["SCTP", "TCP", "UDP"].contains(&proto) {
            errs.push(FieldError::not_supported(format!("{pp}.protocol"), proto, &["SCTP", "TCP", "UDP"]));
        }
    }
}


fn zero() -> Quantity {
    "0".parse().unwrap_or_default()
}

/// `ValidateContainerResourceRequirements`.
fn resources(res: &Value, path: &str, errs: &mut Vec<FieldError>) {
    resource_requirements(res, path, false, errs);
}

/// `IsNativeResource`: unqualified, or in the kubernetes.io domain.
fn native_resource(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// `IsOvercommitAllowed`: native resources other than hugepages.
fn overcommit_allowed(name: &str) -> bool {
    native_resource(name) && !name.starts_with("hugepages-")
}

/// `IsExtendedResourceName`.
fn extended_resource(name: &str) -> bool {
    !native_resource(name) && !name.starts_with("requests.") && label_key(&format!("requests.{name}")).is_empty()
}

/// `validateContainerResourceName`, or for pod-level resources `validatePodResourceName`
/// (a valid resource name that `IsSupportedPodLevelResource`: cpu, memory, hugepages-*).
fn requirement_name(name: &str, path: &str, pod_level: bool, errs: &mut Vec<FieldError>) {
    let before = errs.len();
    resource_name(name, path, errs);
    if pod_level {
        if errs.len() == before && !crate::resources::is_supported_pod_level_resource(name) {
            // `sets.List(SupportedPodLevelResources())`: cpu, memory and the hugepages prefix, sorted.
            errs.push(FieldError::not_supported(path, name, &["cpu", "hugepages-", "memory"]));
        }
    } else if !name.contains('/') {
        if !["cpu", "memory", "ephemeral-storage"].contains(&name) && !name.starts_with("hugepages-") {
            errs.push(FieldError::invalid(path, quote(name), "must be a standard resource for containers"));
        }
    } else if !native_resource(name) && !extended_resource(name) {
        errs.push(FieldError::invalid(path, quote(name), "doesn't follow extended resource name standard"));
    }
}

/// `ValidateResourceQuantityValue` and, for hugepages, `validateResourceQuantityHugePageValue`.
fn requirement_quantity(name: &str, text: &str, path: &str, errs: &mut Vec<FieldError>) -> Option<Quantity> {
    let q = text.parse::<Quantity>().ok()?;
    if q < zero() {
        errs.push(FieldError::invalid(path, quoted(&q.to_string()), "must be greater than or equal to 0"));
    }
    if extended_resource(name) && q.milli_value() % 1000 != 0 {
        errs.push(FieldError::invalid(path, crate::quantities::go_quantity(text), "must be an integer"));
    }
    Some(q)
}

/// `IsHugePageResourceValueDivisible`: a whole number of pages of the name's size.
fn huge_page_value(name: &str, q: &Quantity, path: &str, errs: &mut Vec<FieldError>) {
    // `HugePageSizeFromResourceName`: a size that does not parse is not divisible either.
    let size = name.strip_prefix("hugepages-").and_then(|s| s.parse::<Quantity>().ok());
    let divisible = size.is_some_and(|size| size.sign() > 0 && size.milli_value() % 1000 == 0 && q.value() % size.value() == 0);
    if !divisible {
        errs.push(FieldError::invalid(path, quoted(&q.to_string()), format!("{q} is not positive integer multiple of {name}")));
    }
}

/// `validateResourceRequirements` for a container (`ValidateContainerResourceRequirements`) or
/// the pod (`validatePodResourceRequirements`): names, quantities, hugepages, requests ≤
/// limits (= for resources that cannot be overcommitted). Upstream walks Go maps (random
/// order); podlife walks them sorted by name.
fn resource_requirements(res: &Value, path: &str, pod_level: bool, errs: &mut Vec<FieldError>) {
    let limits = res["limits"].as_object();
    let (mut lim_compute, mut req_compute, mut lim_huge, mut req_huge) = (false, false, false, false);
    for (name, q) in limits.into_iter().flatten() {
        let field = format!("{path}.limits[{name}]");
        requirement_name(name, &field, pod_level, errs);
        let q = requirement_quantity(name, q.as_str().unwrap_or_default(), &field, errs);
        if name.starts_with("hugepages-") {
            lim_huge = true;
            if let Some(q) = &q {
                huge_page_value(name, q, &field, errs);
            }
        }
        lim_compute |= name == "cpu" || name == "memory";
    }
    for (name, q) in res["requests"].as_object().into_iter().flatten() {
        let field = format!("{path}.requests[{name}]");
        requirement_name(name, &field, pod_level, errs);
        let req = requirement_quantity(name, q.as_str().unwrap_or_default(), &field, errs);
        match limits.and_then(|l| l.get(name)) {
            Some(limit) => {
                let limit = limit.as_str().and_then(|s| s.parse::<Quantity>().ok());
                if let (Some(req), Some(limit)) = (&req, limit) {
                    if req != &limit && !overcommit_allowed(name) {
                        errs.push(FieldError::invalid(format!("{path}.requests"), quoted(&req.to_string()), format!("must be equal to {name} limit of {limit}")));
                    } else if *req > limit {
                        errs.push(FieldError::invalid(format!("{path}.requests"), quoted(&req.to_string()), format!("must be less than or equal to {name} limit of {limit}")));
                    }
                }
            }
            None if !overcommit_allowed(name) => errs.push(FieldError::required(format!("{path}.limits"), "Limit must be set for non overcommitable resources")),
            None => {}
        }
        if name.starts_with("hugepages-") {
            req_huge = true;
            if let Some(req) = &req {
                huge_page_value(name, req, &field, errs);
            }
        }
        req_compute |= name == "cpu" || name == "memory";
    }
    if !lim_compute && !req_compute && (req_huge || lim_huge) {
        errs.push(FieldError::forbidden(path, "HugePages require cpu or memory"));
    }
}

/// `validatePodResources` (PodLevelResources, KEP-2837), run by `ValidatePodSpec` after the
/// containers: no claims at pod level, the requirements themselves, then
/// `validatePodResourceConsistency` — pod-level requests cover the containers' aggregate
/// (`AggregateContainerRequests`, sidecar formula) for each resource the pod states, a
/// pod-level hugepages limit covers the containers' aggregate limit, and no regular
/// container's limit exceeds the pod's. The consistency rules are those of 1.36 (a resource
/// the pod does not state at pod level is not compared); the field path of the container
/// rule is built from `spec.resources`, as upstream does (`spec.resources.containers[0][cpu].limits`).
fn pod_resources(spec: &Value, base: &str, errs: &mut Vec<FieldError>) {
    use crate::resources::{aggregate_container_limits, aggregate_container_requests, pod_level_list};
    let res = &spec["resources"];
    if !crate::resources::pod_level_resources_enabled() || !res.is_object() {
        return;
    }
    let path = format!("{base}.resources");
    if res.get("claims").is_some_and(|c| !c.is_null()) {
        errs.push(FieldError::forbidden(format!("{path}.claims"), "claims cannot be set for Resources at pod-level"));
    }
    resource_requirements(res, &path, true, errs);
    // `validateResourceClaimNames`: each claim must name one of `spec.resourceClaims`.
    let pod_claims: Vec<&str> = spec["resourceClaims"].as_array().into_iter().flatten().filter_map(|c| c["name"].as_str()).collect();
    let mut seen: Vec<&str> = Vec::new();
    for (i, claim) in res["claims"].as_array().into_iter().flatten().enumerate() {
        let name = claim["name"].as_str().unwrap_or_default();
        let field = format!("{path}.claims[{i}]");
        if name.is_empty() {
            errs.push(FieldError::required(field, ""));
            continue;
        }
        if seen.contains(&name) {
            errs.push(FieldError::duplicate(&field, name));
        }
        seen.push(name);
        if !pod_claims.contains(&name) {
            let mut e = FieldError::not_found(field, name);
            let mut names = pod_claims.clone();
            crate::sort::sort_by(&mut names, |a, b| a.cmp(b));
            e.detail = if names.is_empty() { "must be one of the names in pod.spec.resourceClaims which is empty".into() } else { format!("must be one of the names in pod.spec.resourceClaims: {}", names.join(", ")) };
            errs.push(e);
        }
    }
    let pod_requests = pod_level_list(&crate::Obj::untyped(spec), "requests");
    let pod_limits = pod_level_list(&crate::Obj::untyped(spec), "limits");
    for (name, aggregate) in aggregate_container_requests(&crate::Obj::untyped(spec)) {
        if let Some(requested) = pod_requests.get(&name)
            && aggregate > *requested {
                errs.push(FieldError::invalid(
                    format!("{path}.requests[{name}]"),
                    quoted(&requested.to_string()),
                    format!("must be greater than or equal to aggregate container requests of {aggregate}"),
                ));
            }
    }
    for (name, aggregate) in aggregate_container_limits(&crate::Obj::untyped(spec)) {
        if let Some(limit) = pod_limits.get(&name).filter(|_| name.starts_with("hugepages-"))
            && aggregate > *limit {
                errs.push(FieldError::invalid(
                    format!("{path}.limits[{name}]"),
                    quoted(&limit.to_string()),
                    format!("must be greater than or equal to aggregate container limits of {aggregate}"),
                ));
            }
    }
    for (i, c) in spec["containers"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        for (name, limit) in crate::sort::collect_map(
            c["resources"]["limits"].as_object().into_iter().flatten().filter_map(|(k, v)| Some((k.clone(), v.as_str()?.parse::<Quantity>().ok()?))),
        ) {
            if let Some(pod_limit) = pod_limits.get(&name)
                && limit > *pod_limit {
                    errs.push(FieldError::invalid(
                        format!("{path}.containers[{i}][{name}].limits"),
                        quoted(&limit.to_string()),
                        format!("must be less than or equal to pod limits of {pod_limit}"),
                    ));
                }
        }
    }
}

/// `standardResources` (`helper.IsStandardResourceName`, besides the hugepages prefixes): the
/// resources limits and quotas may name unqualified.
const STANDARD_RESOURCES: [&str; 20] = [
    "cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.ephemeral-storage", "limits.cpu", "limits.memory",
    "limits.ephemeral-storage", "pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims",
    "storage", "requests.storage", "services.nodeports", "services.loadbalancers",
];

/// `validateResourceName` (`pkg/apis/core/validation`): a qualified name, and a standard resource
/// unless fully qualified. True when the name is an unqualified one, which the callers check
/// further (a resource for containers, for quota).
pub fn resource_name(name: &str, path: &str, errs: &mut Vec<FieldError>) -> bool {
    let msgs = label_key(name);
    if !msgs.is_empty() {
        errs.extend(msgs.into_iter().map(|m| FieldError::invalid(path, quote(name), m)));
        return false;
    }
    if !name.contains('/') && !STANDARD_RESOURCES.contains(&name) && !name.starts_with("hugepages-") && !name.starts_with("requests.hugepages-") {
        errs.push(FieldError::invalid(path, quote(name), "must be a standard resource type or fully qualified"));
    }
    !name.contains('/')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::{DNS1123_LABEL_MSG, DNS1123_SUBDOMAIN_MSG};

    #[test]
    fn node_pod_cidrs_are_set_once() {
        let node = |spec: Value| json!({"spec": spec});
        let texts = |errs: Vec<FieldError>| errs.iter().map(|e| e.to_string()).collect::<Vec<_>>();
        let forbidden = "spec.podCIDRs: Forbidden: node updates may not change podCIDR except from \"\" to valid";
        // From none to a range: node IPAM's allocation.
        assert!(node_update(&node(json!({})), &node(json!({"podCIDR": "10.244.3.0/24", "podCIDRs": ["10.244.3.0/24"]}))).is_empty());
        // The same ranges, or the v1 singular field standing for them.
        let set = node(json!({"podCIDR": "10.244.3.0/24", "podCIDRs": ["10.244.3.0/24"]}));
        assert!(node_update(&set, &node(json!({"podCIDR": "10.244.3.0/24"}))).is_empty());
        assert_eq!(texts(node_update(&set, &node(json!({"podCIDRs": ["10.250.1.0/24"]})))), [forbidden]);
        assert_eq!(texts(node_update(&set, &node(json!({})))), [forbidden]);
        // Two changed entries of a dual-stack node: one error each.
        let dual = node(json!({"podCIDRs": ["10.244.3.0/24", "fd00:10:244:3::/64"]}));
        assert_eq!(texts(node_update(&dual, &node(json!({"podCIDRs": ["10.244.4.0/24", "fd00:10:244:4::/64"]})))), [forbidden, forbidden]);
        assert_eq!(texts(node_update(&node(json!({"providerID": "kind://docker/kind/kind-worker"})), &node(json!({"providerID": "x"})))), ["spec.providerID: Forbidden: node updates may not change providerID except from \"\" to valid"]);
    }

    #[test]
    fn names() {
        assert!(dns1123_subdomain("web.example").is_empty());
        assert!(path_segment_name("system:coredns").is_empty());
        assert_eq!(path_segment_name(".."), vec!["may not be '..'".to_string()]);
        assert_eq!(path_segment_name("a/b%c"), vec!["may not contain '/'".to_string(), "may not contain '%'".to_string()]);
        assert_eq!(dns1123_subdomain("Web"), vec![DNS1123_SUBDOMAIN_MSG.to_string()]);
        assert_eq!(dns1123_label("a.b"), vec!["must not contain dots".to_string()]);
        assert_eq!(dns1123_label("A"), vec![DNS1123_LABEL_MSG.to_string()]);
    }

    /// `validatePodResources` / `validatePodResourceConsistency` (validation_test.go
    /// `TestValidatePodResources`-style cases): names, request ≤ limit, the containers'
    /// aggregate requests, a container limit above the pod's.
    #[test]
    fn pod_level_resources() {
        let errs = |res: Value, containers: Value| -> Vec<String> {
            let p = json!({"metadata": {"name": "p"}, "spec": {"restartPolicy": "Always", "dnsPolicy": "ClusterFirst", "resources": res, "containers": containers}});
            pod(&p, &PodOptions::default()).iter().map(ToString::to_string).collect()
        };
        let c = |res: Value| json!({"name": "a", "image": "busybox", "terminationMessagePolicy": "File", "imagePullPolicy": "Always", "resources": res});
        assert_eq!(errs(json!({"requests": {"cpu": "1"}, "limits": {"cpu": "1"}}), json!([c(json!({"requests": {"cpu": "500m"}}))])), Vec::<String>::new());
        assert_eq!(
            errs(json!({"requests": {"cpu": "500m", "ephemeral-storage": "1Gi"}}), json!([c(json!({"requests": {"cpu": "1"}}))])),
            vec![
                "spec.resources.requests[ephemeral-storage]: Unsupported value: \"ephemeral-storage\": supported values: \"cpu\", \"hugepages-\", \"memory\"".to_string(),
                "spec.resources.requests[cpu]: Invalid value: \"500m\": must be greater than or equal to aggregate container requests of 1".to_string(),
            ]
        );
        assert_eq!(
            errs(json!({"requests": {"memory": "2Gi"}, "limits": {"memory": "1Gi"}}), json!([c(json!({"limits": {"memory": "2Gi"}}))])),
            vec![
                "spec.resources.requests: Invalid value: \"2Gi\": must be less than or equal to memory limit of 1Gi".to_string(),
                "spec.resources.containers[0][memory].limits: Invalid value: \"2Gi\": must be less than or equal to pod limits of 1Gi".to_string(),
            ]
        );
        // A resource the pod does not state at pod level is not compared.
        assert_eq!(errs(json!({"requests": {"cpu": "1"}}), json!([c(json!({"requests": {"memory": "64Mi"}}))])), Vec::<String>::new());
        assert_eq!(
            errs(json!({"limits": {"hugepages-2Mi": "3Mi"}}), json!([c(json!({}))])),
            vec![
                "spec.resources.limits[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi".to_string(),
                "spec.resources: Forbidden: HugePages require cpu or memory".to_string(),
            ]
        );
        assert_eq!(errs(json!({"claims": [{"name": "gpu"}]}), json!([c(json!({}))])), vec![
            "spec.resources.claims: Forbidden: claims cannot be set for Resources at pod-level".to_string(),
            "spec.resources.claims[0]: Not found: \"gpu\": must be one of the names in pod.spec.resourceClaims which is empty".to_string(),
        ]);
    }

    /// `validateInitContainers` after `validateContainers`: common checks, duplicate names
    /// across both lists, then each probe or hook Forbidden; a sidecar's probes validated.
    #[test]
    fn init_container_errors_in_upstream_order() {
        let c = |name: &str| json!({"name": name, "image": "busybox", "terminationMessagePolicy": "File", "imagePullPolicy": "Always"});
        let mut plain = c("app");
        plain["livenessProbe"] = json!({"exec": {"command": ["true"]}});
        plain["lifecycle"] = json!({"preStop": {"exec": {"command": ["true"]}}});
        plain["image"] = json!(" busybox");
        let mut sidecar = c("proxy");
        sidecar["restartPolicy"] = json!("Always");
        sidecar["readinessProbe"] = json!({"periodSeconds": 1});
        let p = json!({"metadata": {"name": "p"}, "spec": {"restartPolicy": "Always", "dnsPolicy": "ClusterFirst", "containers": [c("app")], "initContainers": [plain, sidecar]}});
        let got: Vec<String> = pod(&p, &PodOptions::default()).iter().map(ToString::to_string).collect();
        assert_eq!(got, vec![
            "spec.initContainers[0].name: Duplicate value: \"app\"".to_string(),
            format!("spec.initContainers[0].lifecycle: Forbidden: {}", super::super::probe_validation::INIT_FORBIDDEN),
            format!("spec.initContainers[0].livenessProbe: Forbidden: {}", super::super::probe_validation::INIT_FORBIDDEN),
            "spec.initContainers[1].readinessProbe: Required value: must specify a handler type".to_string(),
            "spec.initContainers[0].image: Invalid value: \" busybox\": must not have leading or trailing whitespace".to_string(),
        ]);
    }

    #[test]
    fn pod_errors_in_upstream_order() {
        let p = json!({"metadata":{"name":"Web"},"spec":{"restartPolicy":"Sometimes","dnsPolicy":"ClusterFirst",
            "containers":[{"name":"a","terminationMessagePolicy":"File","imagePullPolicy":"Always",
              "ports":[{"containerPort":70000,"protocol":"TCP"}],
              "resources":{"requests":{"cpu":"2"},"limits":{"cpu":"1"}}},
              {"name":"a","image":"x","terminationMessagePolicy":"File","imagePullPolicy":"Always"}]}});
        let got: Vec<String> = pod(&p, &PodOptions::default()).iter().map(ToString::to_string).collect();
        assert_eq!(got, vec![
            format!("metadata.name: Invalid value: \"Web\": {DNS1123_SUBDOMAIN_MSG}"),
            "spec.containers[0].image: Required value".to_string(),
            "spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive".to_string(),
            "spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1".to_string(),
            "spec.containers[1].name: Duplicate value: \"a\"".to_string(),
            "spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\"".to_string(),
        ]);
    }
}


/// `ValidatePriorityClass` (`pkg/apis/scheduling/validation`): a name with the `system-` prefix
/// must be one of the system classes as they are (`IsKnownSystemPriorityClass`), any other
/// class may not go above `HighestUserDefinablePriority` (1,000,000,000); `preemptionPolicy`
/// is `Never` or `PreemptLowerPriority`. On update (`old`, whose metadata the caller checks)
/// the value and the policy are immutable (`ValidatePriorityClassUpdate`).
pub fn priority_class(obj: &Value, old: Option<&Value>) -> Vec<FieldError> {
    const SYSTEM: [(&str, i64); 2] = [("system-cluster-critical", 2_000_000_000), ("system-node-critical", 2_000_001_000)];
    let mut errs = match old {
        None => object_meta("PriorityClass", &obj["metadata"]),
        Some(_) => Vec::new(),
    };
    let name = obj["metadata"]["name"].as_str().unwrap_or_default();
    let value = obj["value"].as_i64().unwrap_or(0);
    let global = obj["globalDefault"] == true;
    if name.starts_with("system-") {
        let known = match SYSTEM.iter().find(|(n, _)| *n == name) {
            None => Err(format!("{name} is not a known system priority class")),
            Some((_, v)) if *v != value => Err(format!("value of {name} PriorityClass must be {v}")),
            Some(_) if global => Err(format!("globalDefault of {name} PriorityClass must be false")),
            Some(_) => Ok(()),
        };
        if let Err(e) = known {
            errs.push(FieldError::forbidden("metadata.name", format!("priority class names with 'system-' prefix are reserved for system use only. error: {e}")));
        }
    } else if value > 1_000_000_000 {
        errs.push(FieldError::forbidden("value", "maximum allowed value of a user defined priority is 1000000000"));
    }
    if let Some(policy) = obj["preemptionPolicy"].as_str() {
        if !["Never", "PreemptLowerPriority"].contains(&policy) {
            errs.push(FieldError::not_supported("preemptionPolicy", policy, &["Never", "PreemptLowerPriority"]));
        }
    }
    if let Some(old) = old {
        if old["value"] != obj["value"] {
            errs.push(FieldError::forbidden("value", "may not be changed in an update."));
        }
        if old["preemptionPolicy"] != obj["preemptionPolicy"] {
            errs.push(FieldError::invalid("preemptionPolicy", quoted(obj["preemptionPolicy"].as_str().unwrap_or_default()), "field is immutable"));
        }
    }
    errs
}

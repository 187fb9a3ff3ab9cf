//! Defaulting applied while decoding, as the generated `SetDefaults_*` functions do
//! (upstream: `pkg/apis/core/v1/defaults.go`). Works on the JSON form so the trace can show
//! exactly which fields appeared.
//!
//! Go also prints zero-valued non-pointer structs (`resources: {}`); those are filled here too
//! so that `-o yaml` looks like a real cluster's.

use serde_json::{Map, Value};

/// Applies the defaults for `kind` (upstream `pkg/apis/{core,apps,batch}/v1/defaults.go`).
/// Kinds without defaults of their own are left as they are.
pub fn apply(kind: &str, obj: &mut Value) {
    let Some(o) = obj.as_object_mut() else { return };
    let had_spec = o.contains_key("spec");
    let spec = o.entry("spec").or_insert_with(|| json!({}));
    match kind {
        "Pod" => {
            pod_spec(spec);
            pod_only(spec);
        }
        "Deployment" => {
            if let Some(s) = spec.as_object_mut() {
                set_if_absent(s, "replicas", json!(1));
                set_if_absent(s, "revisionHistoryLimit", json!(10));
                set_if_absent(s, "progressDeadlineSeconds", json!(600));
                rolling_update(s, "strategy", json!({"maxUnavailable": "25%", "maxSurge": "25%"}));
            }
            template(spec);
        }
        "ReplicaSet" => {
            if let Some(s) = spec.as_object_mut() {
                set_if_absent(s, "replicas", json!(1));
            }
            template(spec);
        }
        "HorizontalPodAutoscaler" => super::autoscaling::defaults(spec),
        "ReplicationController" => {
            // `SetDefaults_ReplicationController`: the template's labels are the selector and
            // the labels when those are empty.
            let labels = spec["template"]["metadata"]["labels"].clone();
            let empty = |v: &Value| v.as_object().is_none_or(Map::is_empty);
            if !empty(&labels) {
                if empty(&spec["selector"]) {
                    spec["selector"] = labels.clone();
                }
            }
            if let Some(s) = spec.as_object_mut() {
                set_if_absent(s, "replicas", json!(1));
            }
            template(spec);
        }
        "DaemonSet" => {
            if let Some(s) = spec.as_object_mut() {
                set_if_absent(s, "revisionHistoryLimit", json!(10));
                rolling_update(s, "updateStrategy", json!({"maxUnavailable": 1, "maxSurge": 0}));
            }
            template(spec);
        }
        "StatefulSet" => {
            if let Some(s) = spec.as_object_mut() {
                set_if_absent(s, "replicas", json!(1));
                set_if_absent(s, "revisionHistoryLimit", json!(10));
                set_if_absent(s, "podManagementPolicy", json!("OrderedReady"));
                set_if_absent(s, "persistentVolumeClaimRetentionPolicy", json!({"whenDeleted": "Retain", "whenScaled": "Retain"}));
                // MaxUnavailableStatefulSet is beta and on by default since 1.35.
                rolling_update(s, "updateStrategy", json!({"partition": 0, "maxUnavailable": 1}));
            }
            template(spec);
        }
        "Job" => job_spec(spec),
        "CronJob" => {
            if let Some(s) = spec.as_object_mut() {
                set_if_absent(s, "concurrencyPolicy", json!("Allow"));
                set_if_absent(s, "suspend", json!(false));
                set_if_absent(s, "successfulJobsHistoryLimit", json!(3));
                set_if_absent(s, "failedJobsHistoryLimit", json!(1));
            }
            if let Some(js) = spec.pointer_mut("/jobTemplate/spec") {
                template(js);
            }
        }
        "Service" => service(spec),
        "PersistentVolumeClaim" => {
            if let Some(s) = spec.as_object_mut() {
                set_if_absent(s, "volumeMode", json!("Filesystem"));
            }
        }
        "PersistentVolume" => {
            if let Some(s) = spec.as_object_mut() {
                set_if_absent(s, "persistentVolumeReclaimPolicy", json!("Retain"));
                set_if_absent(s, "volumeMode", json!("Filesystem"));
                // `SetDefaults_HostPathVolumeSource`.
                if let Some(hp) = s.get_mut("hostPath").and_then(Value::as_object_mut) {
                    set_if_absent(hp, "type", json!(""));
                }
            }
        }
        // `pkg/apis/networking/v1/defaults.go`: `SetDefaults_NetworkPolicy` (no policyTypes:
        // Ingress, and Egress when there are egress rules) and `SetDefaults_NetworkPolicyPort`
        // (protocol TCP).
        "NetworkPolicy" => {
            if let Some(s) = spec.as_object_mut() {
                if s.get("policyTypes").and_then(Value::as_array).is_none_or(Vec::is_empty) {
                    let egress = s.get("egress").and_then(Value::as_array).is_some_and(|e| !e.is_empty());
                    s.insert("policyTypes".into(), if egress { json!(["Ingress", "Egress"]) } else { json!(["Ingress"]) });
                }
                for dir in ["ingress", "egress"] {
                    for rule in s.get_mut(dir).and_then(Value::as_array_mut).into_iter().flatten() {
                        for port in rule.get_mut("ports").and_then(Value::as_array_mut).into_iter().flatten() {
                            if let Some(p) = port.as_object_mut() {
                                set_if_absent(p, "protocol", json!("TCP"));
                            }
                        }
                    }
                }
            }
        }
        // `SetDefaults_IngressClass`: parameters without a scope are the cluster's.
        "IngressClass" => {
            if let Some(p) = spec.get_mut("parameters").and_then(Value::as_object_mut) {
                set_if_absent(p, "scope", json!("Cluster"));
            }
        }
        "LimitRange" => {
            for item in spec["limits"].as_array_mut().into_iter().flatten() {
                limit_range_item(item);
            }
        }
        _ => {}
    }
    if !had_spec && spec.as_object().is_some_and(|m| m.is_empty()) {
        o.remove("spec");
    }
    match kind {
        "Secret" => set_if_absent(o, "type", json!("Opaque")),
        // `SetDefaults_ReplicationController`: no labels → the template's.
        "ReplicationController" => {
            let labels = o.get("spec").map(|s| s["template"]["metadata"]["labels"].clone()).filter(|l| l.as_object().is_some_and(|m| !m.is_empty()));
            if let (Some(labels), Some(meta)) = (labels, o.get_mut("metadata").and_then(Value::as_object_mut))
                && meta.get("labels").and_then(Value::as_object).is_none_or(Map::is_empty)
            {
                meta.insert("labels".into(), labels);
            }
        }
        // `SetDefaults_PersistentVolumeClaim` / `SetDefaults_PersistentVolume`.
        "PersistentVolumeClaim" | "PersistentVolume" => {
            let status = o.entry("status").or_insert_with(|| json!({}));
            if let Some(st) = status.as_object_mut() {
                set_if_absent(st, "phase", json!("Pending"));
            }
        }
        // `SetDefaults_StorageClass`.
        "StorageClass" => {
            set_if_absent(o, "reclaimPolicy", json!("Delete"));
            set_if_absent(o, "volumeBindingMode", json!("Immediate"));
        }
        "MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration" => webhooks(o, kind == "MutatingWebhookConfiguration"),
        // `SetDefaults_PriorityClass` (`pkg/apis/scheduling/v1/defaults.go`).
        "PriorityClass" => set_if_absent(o, "preemptionPolicy", json!("PreemptLowerPriority")),
        "RoleBinding" | "ClusterRoleBinding" => role_binding(o),
        _ => {}
    }
}

/// `SetDefaults_RoleBinding` / `SetDefaults_ClusterRoleBinding` and `SetDefaults_Subject`
/// (`pkg/apis/rbac/v1/defaults.go`): an empty API group is RBAC's for the role, a User and a
/// Group; a ServiceAccount's stays "".
fn role_binding(o: &mut Map<String, Value>) {
    const RBAC: &str = "rbac.authorization.k8s.io";
    let empty = |v: Option<&Value>| v.is_none_or(|g| g.is_null() || *g == json!(""));
    if let Some(role_ref) = o.get_mut("roleRef").and_then(Value::as_object_mut)
        && empty(role_ref.get("apiGroup"))
    {
        role_ref.insert("apiGroup".into(), json!(RBAC));
    }
    for subject in o.get_mut("subjects").and_then(Value::as_array_mut).into_iter().flatten().filter_map(Value::as_object_mut) {
        if empty(subject.get("apiGroup")) && matches!(subject.get("kind").and_then(Value::as_str), Some("User" | "Group")) {
            subject.insert("apiGroup".into(), json!(RBAC));
        }
    }
}

/// `SetDefaults_LimitRangeItem` (`pkg/apis/core/v1/defaults.go`): for a Container item, a
/// missing default limit is the max; a missing default request is the default limit, else
/// the min.
fn limit_range_item(item: &mut Value) {
    if item["type"] != "Container" {
        return;
    }
    let Some(o) = item.as_object_mut() else { return };
    let mut default = o.get("default").and_then(Value::as_object).cloned().unwrap_or_default();
    let mut request = o.get("defaultRequest").and_then(Value::as_object).cloned().unwrap_or_default();
    for (k, v) in o.get("max").and_then(Value::as_object).into_iter().flatten() {
        default.entry(k.clone()).or_insert_with(|| v.clone());
    }
    for (k, v) in default.iter().chain(o.get("min").and_then(Value::as_object).into_iter().flatten()) {
        request.entry(k.clone()).or_insert_with(|| v.clone());
    }
    o.insert("default".into(), Value::Object(default));
    o.insert("defaultRequest".into(), Value::Object(request));
}

/// `pkg/apis/admissionregistration/v1/defaults.go`: `SetDefaults_MutatingWebhook` /
/// `SetDefaults_ValidatingWebhook` (failurePolicy Fail, matchPolicy Equivalent, empty
/// selectors, a 10-second timeout, reinvocationPolicy Never), `SetDefaults_Rule` (scope `*`)
/// and `SetDefaults_ServiceReference` (port 443).
fn webhooks(config: &mut Map<String, Value>, mutating: bool) {
    let Some(hooks) = config.get_mut("webhooks").and_then(Value::as_array_mut) else { return };
    for hook in hooks.iter_mut().filter_map(Value::as_object_mut) {
        set_if_absent(hook, "failurePolicy", json!("Fail"));
        set_if_absent(hook, "matchPolicy", json!("Equivalent"));
        set_if_absent(hook, "namespaceSelector", json!({}));
        set_if_absent(hook, "objectSelector", json!({}));
        set_if_absent(hook, "timeoutSeconds", json!(10));
        if mutating {
            set_if_absent(hook, "reinvocationPolicy", json!("Never"));
        }
        if let Some(rules) = hook.get_mut("rules").and_then(Value::as_array_mut) {
            for rule in rules.iter_mut().filter_map(Value::as_object_mut) {
                set_if_absent(rule, "scope", json!("*"));
            }
        }
        if let Some(service) = hook.get_mut("clientConfig").and_then(|c| c.get_mut("service")).and_then(Value::as_object_mut) {
            set_if_absent(service, "port", json!(443));
        }
    }
}

/// `strategy: {type: RollingUpdate, rollingUpdate: {...defaults}}` unless another type is set.
fn rolling_update(spec: &mut Map<String, Value>, field: &str, defaults: Value) {
    let strategy = spec.entry(field).or_insert_with(|| json!({}));
    let Some(st) = strategy.as_object_mut() else { return };
    set_if_absent(st, "type", json!("RollingUpdate"));
    if st["type"] != "RollingUpdate" {
        return;
    }
    let ru = st.entry("rollingUpdate").or_insert_with(|| json!({}));
    if let (Some(ru), Some(d)) = (ru.as_object_mut(), defaults.as_object()) {
        for (k, v) in d {
            set_if_absent(ru, k, v.clone());
        }
    }
}

/// `SetDefaults_PodSpec` and the per-container defaults.
pub fn pod_spec(spec: &mut Value) {
    let Some(s) = spec.as_object_mut() else { return };
    set_if_absent(s, "dnsPolicy", json!("ClusterFirst"));
    set_if_absent(s, "restartPolicy", json!("Always"));
    set_if_absent(s, "terminationGracePeriodSeconds", json!(30));
    set_if_absent(s, "securityContext", json!({}));
    set_if_absent(s, "schedulerName", json!("default-scheduler"));
    for list in ["initContainers", "containers", "ephemeralContainers"] {
        if let Some(items) = s.get_mut(list).and_then(Value::as_array_mut) {
            for c in items {
                container(c);
            }
        }
    }
    if let Some(volumes) = s.get_mut("volumes").and_then(Value::as_array_mut) {
        for v in volumes {
            volume(v);
        }
    }
}

fn set_if_absent(map: &mut Map<String, Value>, key: &str, value: Value) {
    if map.get(key).is_none_or(Value::is_null) {
        map.insert(key.to_string(), value);
    }
}

/// `SetDefaults_Pod`: service links, host-network ports, requests from limits.
fn pod_only(spec: &mut Value) {
    let Some(s) = spec.as_object_mut() else { return };
    set_if_absent(s, "enableServiceLinks", json!(true));
    let host_network = s.get("hostNetwork").and_then(Value::as_bool).unwrap_or(false);
    for list in ["initContainers", "containers"] {
        let Some(items) = s.get_mut(list).and_then(Value::as_array_mut) else { continue };
        for c in items.iter_mut().filter_map(Value::as_object_mut) {
            if host_network
                && let Some(ports) = c.get_mut("ports").and_then(Value::as_array_mut) {
                    for p in ports.iter_mut().filter_map(Value::as_object_mut) {
                        if let Some(cp) = p.get("containerPort").cloned() {
                            set_if_absent(p, "hostPort", cp);
                        }
                    }
                }
            // A limit without a request makes the request equal to the limit.
            if let Some(res) = c.get_mut("resources").and_then(Value::as_object_mut)
                && let Some(limits) = res.get("limits").and_then(Value::as_object).cloned() {
                    let requests = res.entry("requests").or_insert_with(|| json!({}));
                    if let Some(req) = requests.as_object_mut() {
                        for (name, qty) in limits {
                            req.entry(name).or_insert(qty);
                        }
                    }
                }
        }
    }
    // Pod-level requests after the containers' ("must be applied after container-level default values").
    pod_level(spec);
}

/// `SetDefaults_Pod`'s pod-level part (PodLevelResources), after the containers' requests
/// have been defaulted from their limits (`pkg/apis/core/v1/defaults.go`):
/// `defaultHugePagePodLimits` — a pod stating pod-level resources gets a hugepages limit equal
/// to its containers' aggregate hugepages limit unless it requests that size —, then
/// `defaultPodRequests` — when the pod states pod-level limits, each pod-level request it
/// leaves out becomes the containers' aggregate request (cpu, memory) or else the pod-level
/// limit. (`defaultPodLimits`, pod-level limits from the containers' limits, is the 1.37
/// `PodLevelResourcesFixDefaulting` change and not part of 1.36.)
fn pod_level(spec: &mut Value) {
    use crate::resources::{aggregate_container_limits, aggregate_container_requests, is_supported_pod_level_resource, pod_level_resources_enabled};
    if !pod_level_resources_enabled() || !spec["resources"].is_object() {
        return;
    }
    let non_empty = |v: &Value| v.as_object().is_some_and(|m| !m.is_empty());
    let aggregate_limits = aggregate_container_limits(&crate::Obj::untyped(spec));
    let aggregate_requests = aggregate_container_requests(&crate::Obj::untyped(spec));
    let Some(res) = spec.get_mut("resources").and_then(Value::as_object_mut) else { return };
    // defaultHugePagePodLimits
    if non_empty(res.get("limits").unwrap_or(&Value::Null)) || non_empty(res.get("requests").unwrap_or(&Value::Null)) {
        let requested = res.get("requests").cloned().unwrap_or(Value::Null);
        let mut limits = res.get("limits").and_then(Value::as_object).cloned().unwrap_or_default();
        for (name, q) in &aggregate_limits {
            if name.starts_with("hugepages-") && requested.get(name).is_none() && !limits.contains_key(name) {
                limits.insert(name.clone(), json!(q.to_string()));
            }
        }
        if !limits.is_empty() {
            res.insert("limits".into(), Value::Object(limits));
        }
    }
    // defaultPodRequests
    let Some(limits) = res.get("limits").and_then(Value::as_object).filter(|m| !m.is_empty()).cloned() else { return };
    let mut requests = res.get("requests").and_then(Value::as_object).cloned().unwrap_or_default();
    for (name, q) in &aggregate_requests {
        // IsSupportedPodLevelResource && IsOvercommitAllowed: cpu and memory.
        if !requests.contains_key(name) && is_supported_pod_level_resource(name) && !name.starts_with("hugepages-") {
            requests.insert(name.clone(), json!(q.to_string()));
        }
    }
    for (name, q) in &limits {
        if !requests.contains_key(name) && is_supported_pod_level_resource(name) {
            requests.insert(name.clone(), q.clone());
        }
    }
    if !requests.is_empty() {
        res.insert("requests".into(), Value::Object(requests));
    }
}

/// `SetDefaults_Container`, `SetDefaults_ContainerPort`, probes.
fn container(c: &mut Value) {
    let Some(m) = c.as_object_mut() else { return };
    let image = m.get("image").and_then(Value::as_str).unwrap_or_default().to_string();
    set_if_absent(m, "imagePullPolicy", json!(image_pull_policy(&image)));
    set_if_absent(m, "terminationMessagePath", json!("/dev/termination-log"));
    set_if_absent(m, "terminationMessagePolicy", json!("File"));
    set_if_absent(m, "resources", json!({}));
    if let Some(ports) = m.get_mut("ports").and_then(Value::as_array_mut) {
        for p in ports.iter_mut().filter_map(Value::as_object_mut) {
            set_if_absent(p, "protocol", json!("TCP"));
        }
    }
    for probe_name in ["livenessProbe", "readinessProbe", "startupProbe"] {
        if let Some(p) = m.get_mut(probe_name) {
            probe(p);
        }
    }
    for hook in ["postStart", "preStop"] {
        if let Some(h) = m.get_mut("lifecycle").and_then(|l| l.get_mut(hook)) {
            handler(h);
        }
    }
    if let Some(env) = m.get_mut("env").and_then(Value::as_array_mut) {
        for e in env {
            if let Some(fr) = e.pointer_mut("/valueFrom/fieldRef").and_then(Value::as_object_mut) {
                set_if_absent(fr, "apiVersion", json!("v1"));
            }
        }
    }
}

/// `Always` for `:latest` or an untagged image, `IfNotPresent` otherwise (a digest counts as
/// a tag). Upstream: `SetDefaults_Container` with `parsers.ParseImageName`.
pub fn image_pull_policy(image: &str) -> &'static str {
    let without_digest = image.split('@').next().unwrap_or(image);
    let has_digest = image.contains('@');
    let last_segment = without_digest.rsplit('/').next().unwrap_or(without_digest);
    let tag = last_segment.split_once(':').map(|(_, t)| t);
    match tag {
        Some("latest") => "Always",
        Some(_) => "IfNotPresent",
        None if has_digest => "IfNotPresent",
        None => "Always",
    }
}

/// `SetDefaults_Probe` and its handler.
fn probe(p: &mut Value) {
    let Some(m) = p.as_object_mut() else { return };
    set_if_absent(m, "timeoutSeconds", json!(1));
    set_if_absent(m, "periodSeconds", json!(10));
    set_if_absent(m, "successThreshold", json!(1));
    set_if_absent(m, "failureThreshold", json!(3));
    handler(p);
}

/// `SetDefaults_HTTPGetAction` (path `/`, scheme `HTTP`); gRPC probes get an empty service.
fn handler(h: &mut Value) {
    if let Some(g) = h.get_mut("httpGet").and_then(Value::as_object_mut) {
        set_if_absent(g, "path", json!("/"));
        set_if_absent(g, "scheme", json!("HTTP"));
    }
    if let Some(g) = h.get_mut("grpc").and_then(Value::as_object_mut) {
        set_if_absent(g, "service", json!(""));
    }
}

/// `SetDefaults_Volume` and the `defaultMode: 420` (0644) of file-projecting sources.
fn volume(v: &mut Value) {
    let Some(m) = v.as_object_mut() else { return };
    let has_source = m.keys().any(|k| k != "name");
    if !has_source {
        m.insert("emptyDir".into(), json!({}));
    }
    for source in ["secret", "configMap", "downwardAPI", "projected"] {
        if let Some(s) = m.get_mut(source).and_then(Value::as_object_mut) {
            set_if_absent(s, "defaultMode", json!(420));
        }
    }
    if let Some(hp) = m.get_mut("hostPath").and_then(Value::as_object_mut) {
        set_if_absent(hp, "type", json!(""));
    }
}

/// Pod templates get the PodSpec and container defaults (not the Pod-only ones).
fn template(spec: &mut Value) {
    if let Some(ps) = spec.pointer_mut("/template/spec") {
        pod_spec(ps);
    }
}

/// `SetDefaults_Job`.
fn job_spec(spec: &mut Value) {
    let Some(s) = spec.as_object_mut() else { return };
    if s.get("completions").is_none_or(Value::is_null) && s.get("parallelism").is_none_or(Value::is_null) {
        s.insert("completions".into(), json!(1));
        s.insert("parallelism".into(), json!(1));
    }
    set_if_absent(s, "parallelism", json!(1));
    let per_index = s.get("backoffLimitPerIndex").is_some_and(|v| !v.is_null());
    set_if_absent(s, "backoffLimit", json!(if per_index { 2_147_483_647 } else { 6 }));
    set_if_absent(s, "completionMode", json!("NonIndexed"));
    set_if_absent(s, "suspend", json!(false));
    set_if_absent(s, "manualSelector", json!(false));
    let failure_policy = s.get("podFailurePolicy").is_some_and(|v| !v.is_null());
    set_if_absent(s, "podReplacementPolicy", json!(if failure_policy { "Failed" } else { "TerminatingOrFailed" }));
    // `SetDefaults_PodFailurePolicyOnPodConditionsPattern`: a pattern without a status matches "True".
    if let Some(rules) = s.get_mut("podFailurePolicy").and_then(|p| p.get_mut("rules")).and_then(Value::as_array_mut) {
        for rule in rules {
            for pattern in rule.get_mut("onPodConditions").and_then(Value::as_array_mut).into_iter().flatten().filter_map(Value::as_object_mut) {
                if pattern.get("status").is_none_or(|v| v.is_null() || *v == json!("")) {
                    pattern.insert("status".into(), json!("True"));
                }
            }
        }
    }
    template(spec);
}

/// `SetDefaults_Service`.
fn service(spec: &mut Value) {
    let Some(s) = spec.as_object_mut() else { return };
    set_if_absent(s, "type", json!("ClusterIP"));
    set_if_absent(s, "sessionAffinity", json!("None"));
    let kind = s["type"].as_str().unwrap_or("ClusterIP").to_string();
    if kind != "ExternalName" {
        set_if_absent(s, "internalTrafficPolicy", json!("Cluster"));
    }
    if kind == "NodePort" || kind == "LoadBalancer" {
        set_if_absent(s, "externalTrafficPolicy", json!("Cluster"));
    }
    if kind == "LoadBalancer" {
        set_if_absent(s, "allocateLoadBalancerNodePorts", json!(true));
    }
    if s["sessionAffinity"] == "ClientIP" {
        set_if_absent(s, "sessionAffinityConfig", json!({"clientIP": {"timeoutSeconds": 10800}}));
    }
    if let Some(ports) = s.get_mut("ports").and_then(Value::as_array_mut) {
        for p in ports.iter_mut().filter_map(Value::as_object_mut) {
            set_if_absent(p, "protocol", json!("TCP"));
            let target_unset = p.get("targetPort").is_none_or(|t| t.is_null() || *t == json!(0) || *t == json!(""));
            if target_unset
                && let Some(port) = p.get("port").cloned() {
                    p.insert("targetPort".into(), port);
                }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_pull_policy_follows_the_tag() {
        assert_eq!(image_pull_policy("nginx"), "Always");
        assert_eq!(image_pull_policy("nginx:latest"), "Always");
        assert_eq!(image_pull_policy("nginx:1.27"), "IfNotPresent");
        assert_eq!(image_pull_policy("localhost:5000/app"), "Always");
        assert_eq!(image_pull_policy("localhost:5000/app:v1"), "IfNotPresent");
        assert_eq!(image_pull_policy("nginx@sha256:abc"), "IfNotPresent");
    }

    /// `TestSetDefaultPodLevelResources` (pkg/apis/core/v1/defaults_test.go): pod-level
    /// requests default from the containers' aggregate, else from the pod-level limits; only
    /// when the pod states pod-level limits. Hugepages limits from the containers'.
    #[test]
    fn pod_level_requests_default() {
        let pod = |res: Value, containers: Value| {
            let mut p = json!({"spec": {"resources": res, "containers": containers}});
            apply("Pod", &mut p);
            p["spec"]["resources"].clone()
        };
        // Limits only, no container requests: requests = limits.
        assert_eq!(pod(json!({"limits": {"cpu": "1", "memory": "200Mi"}}), json!([{"name": "a"}])), json!({"limits": {"cpu": "1", "memory": "200Mi"}, "requests": {"cpu": "1", "memory": "200Mi"}}));
        // Container requests for cpu (one defaulted from its own limit): the pod-level cpu
        // request is their sum; memory from the pod-level limit.
        assert_eq!(
            pod(json!({"limits": {"cpu": "2", "memory": "1Gi"}}), json!([{"name": "a", "resources": {"requests": {"cpu": "500m"}}}, {"name": "b", "resources": {"limits": {"cpu": "250m"}}}])),
            json!({"limits": {"cpu": "2", "memory": "1Gi"}, "requests": {"cpu": "750m", "memory": "1Gi"}})
        );
        // Requests only: nothing defaulted (1.36 has no defaultPodLimits).
        assert_eq!(pod(json!({"requests": {"cpu": "1"}}), json!([{"name": "a", "resources": {"limits": {"cpu": "1"}}}])), json!({"requests": {"cpu": "1"}}));
        // Hugepages: the pod-level limit from the containers', then the request from it.
        assert_eq!(
            pod(json!({"limits": {"cpu": "1"}}), json!([{"name": "a", "resources": {"limits": {"hugepages-2Mi": "4Mi"}}}])),
            json!({"limits": {"cpu": "1", "hugepages-2Mi": "4Mi"}, "requests": {"cpu": "1", "hugepages-2Mi": "4Mi"}})
        );
    }

    #[test]
    fn pod_defaults() {
        let mut pod = json!({"spec":{"containers":[{"name":"a","image":"nginx:1.27","ports":[{"containerPort":80}],
            "resources":{"limits":{"cpu":"1"}}}]}});
        apply("Pod", &mut pod);
        let spec = &pod["spec"];
        assert_eq!(spec["restartPolicy"], "Always");
        assert_eq!(spec["terminationGracePeriodSeconds"], 30);
        assert_eq!(spec["containers"][0]["ports"][0]["protocol"], "TCP");
        assert_eq!(spec["containers"][0]["resources"]["requests"]["cpu"], "1");
        assert_eq!(spec["containers"][0]["imagePullPolicy"], "IfNotPresent");
    }
}

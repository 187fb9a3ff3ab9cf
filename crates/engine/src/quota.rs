//! What an object costs a ResourceQuota, as the quota evaluators measure it: shared by the
//! ResourceQuota admission plugin (kube-apiserver) and the resource quota controller
//! (kube-controller-manager). Upstream: `pkg/quota/v1/evaluator/core/pods.go`, `services.go`,
//! `persistent_volume_claims.go`, `registry.go` (legacy object-count names), and
//! `staging/src/k8s.io/apiserver/pkg/quota/v1/generic/evaluator.go` (object counts, scope
//! matching, `CalculateUsageStats`), `resources.go` (`Add`, `Mask`, `LessThanOrEqual`).

use crate::Slot;
use crate::vecmap::VecMap;

use podlife_model::quantity::{Format, Quantity};
use serde_json::Value;

use crate::clock::Time;

/// A resource list (`corev1.ResourceList`), ordered by name.
pub type Usage = VecMap<String, Quantity>;

/// The resources the pod evaluator tracks (`podResources`).
const POD_RESOURCES: [&str; 11] = [
    "count/pods", "cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.ephemeral-storage",
    "limits.cpu", "limits.memory", "limits.ephemeral-storage", "pods",
];
/// Quotas on these make every container say its value (`validationSet`, "a mistake" kept for
/// compatibility).
const MUST_SPECIFY: [&str; 6] = ["cpu", "memory", "requests.cpu", "requests.memory", "limits.cpu", "limits.memory"];
const SERVICE_RESOURCES: [&str; 4] = ["count/services", "services", "services.loadbalancers", "services.nodeports"];
const PVC_RESOURCES: [&str; 3] = ["count/persistentvolumeclaims", "persistentvolumeclaims", "requests.storage"];
const STORAGE_CLASS_SUFFIX: &str = ".storageclass.storage.k8s.io/";

/// `ObjectCountQuotaResourceNameFor`: `count/pods`, `count/deployments.apps`.
pub fn object_count_name(group: &str, resource: &str) -> String {
    if group.is_empty() { format!("count/{resource}") } else { format!("count/{resource}.{group}") }
}

/// The older names of four object counts (`legacyObjectCountAliases`).
fn legacy_alias(group: &str, resource: &str) -> Option<&'static str> {
    match (group, resource) {
        ("", "configmaps") => Some("configmaps"),
        ("", "resourcequotas") => Some("resourcequotas"),
        ("", "replicationcontrollers") => Some("replicationcontrollers"),
        ("", "secrets") => Some("secrets"),
        _ => None,
    }
}

/// `helper.IsNativeResource`: unqualified, or in the kubernetes.io namespace.
fn is_native(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// The names among `hard` this kind's evaluator tracks (`MatchingResources`).
pub fn matching_resources<'a>(group: &str, resource: &str, hard: impl IntoIterator<Item = &'a String>) -> Vec<String> {
    hard.into_iter()
        .filter(|name| match (group, resource) {
            ("", "pods") => {
                POD_RESOURCES.contains(&name.as_str())
                    || name.starts_with("hugepages-")
                    || name.starts_with("requests.hugepages-")
                    || (!is_native(name) && name.starts_with("requests."))
            }
            ("", "services") => SERVICE_RESOURCES.contains(&name.as_str()),
            ("", "persistentvolumeclaims") => {
                PVC_RESOURCES.contains(&name.as_str())
                    || name.split_once(STORAGE_CLASS_SUFFIX).is_some_and(|(class, what)| !class.is_empty() && (what == "requests.storage" || what == "persistentvolumeclaims"))
            }
            _ => **name == object_count_name(group, resource) || legacy_alias(group, resource) == Some(name.as_str()),
        })
        .cloned()
        .collect()
}

fn one() -> Quantity {
    Quantity::new(1, Format::DecimalSI)
}

fn quantity(v: &Slot) -> Option<Quantity> {
    v.as_str().and_then(|s| s.parse().ok())
}

/// `QuotaV1Pod`: a terminal pod, or one past its deletion grace period, costs no compute.
pub fn pod_counts(pod: &Slot, now: Time) -> bool {
    let phase = pod["status"]["phase"].as_str().unwrap_or_default();
    if phase == "Failed" || phase == "Succeeded" {
        return false;
    }
    if let (Some(deleted), Some(grace)) = (pod["metadata"]["deletionTimestamp"].as_str().and_then(Time::from_rfc3339), pod["metadata"]["deletionGracePeriodSeconds"].as_i64()) {
        return now <= deleted.plus_millis(grace.max(0) as u64 * 1000);
    }
    true
}

/// `podComputeUsageHelper`: one pod, and its requests and limits under their quota names.
fn compute_usage(requests: &Usage, limits: &Usage) -> Usage {
    let mut out = Usage::new();
    out.insert("pods".into(), one());
    for r in ["cpu", "memory", "ephemeral-storage"] {
        if let Some(q) = requests.get(r) {
            out.insert(r.into(), q.clone());
            out.insert(format!("requests.{r}"), q.clone());
        }
        if let Some(q) = limits.get(r) {
            out.insert(format!("limits.{r}"), q.clone());
        }
    }
    for (name, q) in requests {
        if name.starts_with("hugepages-") {
            out.insert(name.clone(), q.clone());
            out.insert(format!("requests.{name}"), q.clone());
        } else if !is_native(name) && !name.starts_with("requests.") {
            out.insert(format!("requests.{name}"), q.clone());
        }
    }
    out
}

fn list(v: &Slot) -> Usage {
    v.as_object().map(|m| VecMap::from_iter(m.filter_map(|(k, v)| Some((k.to_string(), quantity(v)?))))).unwrap_or_default()
}

/// What one object of `group/resource` costs (`Usage` of its evaluator).
pub fn usage(group: &str, resource: &str, obj: &Slot, now: Time) -> Usage {
    let mut out = Usage::new();
    match (group, resource) {
        ("", "pods") => {
            out.insert("count/pods".into(), one());
            if pod_counts(obj, now) {
                let requests = crate::resources::pod_requests(&obj["spec"]);
                let limits = crate::resources::pod_limits(&obj["spec"]);
                add(&mut out, &compute_usage(&requests, &limits));
            }
        }
        ("", "services") => {
            out.insert("count/services".into(), one());
            out.insert("services".into(), one());
            let ports = obj["spec"]["ports"].as_array().map_or(0, <[crate::Slot]>::len) as i64;
            match obj["spec"]["type"].as_str().unwrap_or("ClusterIP") {
                "NodePort" => {
                    out.insert("services.nodeports".into(), Quantity::new(ports, Format::DecimalSI));
                }
                "LoadBalancer" => {
                    // Node ports are counted unless the service asks for none.
                    let node_ports = if obj["spec"]["allocateLoadBalancerNodePorts"] == false { 0 } else { ports };
                    out.insert("services.nodeports".into(), Quantity::new(node_ports, Format::DecimalSI));
                    out.insert("services.loadbalancers".into(), one());
                }
                _ => {}
            }
        }
        ("", "persistentvolumeclaims") => {
            out.insert("count/persistentvolumeclaims".into(), one());
            out.insert("persistentvolumeclaims".into(), one());
            let class = obj["metadata"]["annotations"]["volume.beta.kubernetes.io/storage-class"].as_str().or_else(|| obj["spec"]["storageClassName"].as_str()).unwrap_or_default();
            if !class.is_empty() {
                out.insert(format!("{class}{STORAGE_CLASS_SUFFIX}persistentvolumeclaims"), one());
            }
            if let Some(storage) = quantity(&obj["spec"]["resources"]["requests"]["storage"]) {
                if !class.is_empty() {
                    out.insert(format!("{class}{STORAGE_CLASS_SUFFIX}requests.storage"), storage.clone());
                }
                out.insert("requests.storage".into(), storage);
            }
        }
        _ => {
            out.insert(object_count_name(group, resource), one());
            if let Some(alias) = legacy_alias(group, resource) {
                out.insert(alias.into(), one());
            }
        }
    }
    out
}

/// A quota's scopes as selector requirements (`getScopeSelectorsFromQuota`): `spec.scopes`
/// as `Exists`, then `spec.scopeSelector.matchExpressions`.
pub fn scope_selectors(quota: &Slot) -> Vec<Value> {
    let mut out: Vec<Value> = quota["spec"]["scopes"].as_array().into_iter().flatten().map(|s| json!({"scopeName": s, "operator": "Exists"})).collect();
    out.extend(quota["spec"]["scopeSelector"]["matchExpressions"].as_array().into_iter().flatten().map(Slot::to_value));
    out
}

/// `podMatchesScopeFunc`; other kinds match no scope (`MatchesNoScopeFunc`).
fn matches_scope(group: &str, resource: &str, selector: &Slot, obj: &Slot) -> bool {
    if (group, resource) != ("", "pods") {
        return false;
    }
    let spec = &obj["spec"];
    let terminating = spec["activeDeadlineSeconds"].as_i64().is_some_and(|d| d >= 0);
    let best_effort = crate::qos::pod_qos_class(spec) == "BestEffort";
    match selector["scopeName"].as_str().unwrap_or_default() {
        "Terminating" => terminating,
        "NotTerminating" => !terminating,
        "BestEffort" => best_effort,
        "NotBestEffort" => !best_effort,
        "PriorityClass" => {
            let class = spec["priorityClassName"].as_str().filter(|c| !c.is_empty());
            let values: Vec<&str> = selector["values"].as_array().into_iter().flatten().filter_map(crate::Slot::as_str).collect();
            match selector["operator"].as_str().unwrap_or_default() {
                "Exists" => class.is_some(),
                "DoesNotExist" => class.is_none(),
                "In" => class.is_some_and(|c| values.contains(&c)),
                "NotIn" => class.is_none_or(|c| !values.contains(&c)),
                _ => false,
            }
        }
        "CrossNamespacePodAffinity" => uses_cross_namespace_affinity(spec),
        _ => false,
    }
}

/// `usesCrossNamespacePodAffinity`: a pod (anti-)affinity term naming namespaces or a
/// namespace selector.
fn uses_cross_namespace_affinity(spec: &Slot) -> bool {
    let crosses = |t: &Slot| t["namespaces"].as_array().is_some_and(|n| !n.is_empty()) || !t["namespaceSelector"].is_null();
    ["podAffinity", "podAntiAffinity"].iter().any(|kind| {
        let a = &spec["affinity"][*kind];
        a["requiredDuringSchedulingIgnoredDuringExecution"].as_array().into_iter().flatten().any(crosses)
            || a["preferredDuringSchedulingIgnoredDuringExecution"].as_array().into_iter().flatten().any(|w| crosses(&w["podAffinityTerm"]))
    })
}

/// `generic.Matches`: the quota limits something this kind uses, and the object is in every
/// one of its scopes.
pub fn quota_matches(group: &str, resource: &str, quota: &Slot, obj: &Slot) -> bool {
    let hard: Vec<String> = quota["status"]["hard"].as_object().map(|m| m.keys().map(str::to_string).collect()).unwrap_or_default();
    !matching_resources(group, resource, &hard).is_empty() && scope_selectors(quota).iter().all(|s| matches_scope(group, resource, &crate::Obj::untyped(s), obj))
}

/// The pod evaluator's `Constraints`: with cpu or memory under quota, every container must
/// state them. `must specify limits.cpu for: app; requests.memory for: app,sidecar`.
/// A pod stating pod-level resources is not held to it (`pods.go`: "container-level resources
/// are not mandatory" with PodLevelResources).
pub fn pod_constraints(required: &[String], pod: &Slot) -> Result<(), String> {
    if crate::resources::pod_level_resources_enabled() && crate::resources::is_pod_level_resources_set(&pod["spec"]) {
        return Ok(());
    }
    let required: Vec<&str> = required.iter().map(String::as_str).filter(|r| MUST_SPECIFY.contains(r)).collect();
    let mut missing: VecMap<&str, crate::vecmap::VecSet<String>> = VecMap::new();
    for containers in ["containers", "initContainers"] {
        for c in pod["spec"][containers].as_array().into_iter().flatten() {
            let have = compute_usage(&list(&c["resources"]["requests"]), &list(&c["resources"]["limits"]));
            for r in &required {
                if !have.contains_key(*r) {
                    missing.entry(r).or_default().insert(c["name"].as_str().unwrap_or_default().to_string());
                }
            }
        }
    }
    if missing.is_empty() {
        return Ok(());
    }
    let parts: Vec<String> = missing.iter().map(|(r, names)| format!("{r} for: {}", names.iter().cloned().collect::<Vec<_>>().join(","))).collect();
    Err(format!("must specify {}", parts.join("; ")))
}

/// `quota.Add`: the sum per name (a zero takes the other's format).
pub fn add(into: &mut Usage, other: &Usage) {
    for (k, q) in other {
        *into.entry(k.clone()).or_default() += q;
    }
}

/// `quota.Mask`: only these names.
pub fn mask(list: &Usage, names: &[String]) -> Usage {
    VecMap::from_iter(list.iter().filter(|(k, _)| names.contains(k)).map(|(k, v)| (k.clone(), v.clone())))
}

/// `prettyPrint`: `limits.cpu=2,requests.memory=1Gi`, by name.
pub fn pretty(list: &Usage) -> String {
    list.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

/// A resource list as JSON.
pub fn to_json(list: &Usage) -> Value {
    Value::Object(crate::sort::collect_object(list.iter().map(|(k, v)| (k.clone(), Value::String(v.to_string())))))
}

/// A resource list from JSON (`status.hard`, `status.used`).
pub fn from_json(v: &Slot) -> Usage {
    list(v)
}

/// `CalculateUsage` over one kind's objects of a namespace: every matched name starts at 0,
/// then each object in the quota's scopes adds its usage.
pub fn kind_usage<'a>(group: &str, resource: &str, quota: &Slot, hard: &[String], objects: impl Iterator<Item = &'a Slot>, now: Time) -> Usage {
    let matched = matching_resources(group, resource, hard);
    let mut used = Usage::new();
    if matched.is_empty() {
        return used;
    }
    for name in &matched {
        used.insert(name.clone(), Quantity::new(0, Format::DecimalSI));
    }
    let selectors = scope_selectors(quota);
    for obj in objects {
        if selectors.iter().all(|s| matches_scope(group, resource, &crate::Obj::untyped(s), obj)) {
            add(&mut used, &usage(group, resource, obj, now));
        }
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;


    fn pod(resources: Value) -> Value {
        json!({"metadata": {"name": "p"}, "spec": {"containers": [{"name": "app", "resources": resources}]}, "status": {"phase": "Pending"}})
    }

    #[test]
    fn a_pod_costs_its_requests_and_limits_under_their_quota_names() {
        let u = usage("", "pods", &crate::Obj::untyped(&pod(json!({"requests": {"cpu": "500m", "memory": "256Mi"}, "limits": {"memory": "512Mi"}}))), Time::ZERO);
        assert_eq!(pretty(&u), "count/pods=1,cpu=500m,limits.memory=512Mi,memory=256Mi,pods=1,requests.cpu=500m,requests.memory=256Mi");
        // A finished pod still counts as an object, not as compute (`QuotaV1Pod`).
        let mut done = pod(json!({"requests": {"cpu": "1"}}));
        done["status"]["phase"] = json!("Succeeded");
        assert_eq!(pretty(&usage("", "pods", &crate::Obj::untyped(&done), Time::ZERO)), "count/pods=1");
    }

    #[test]
    fn constraints_name_every_missing_resource_and_container() {
        let p = json!({"spec": {"containers": [{"name": "b", "resources": {}}, {"name": "a", "resources": {"requests": {"cpu": "1"}}}]}});
        let required: Vec<String> = ["limits.cpu", "requests.cpu", "pods"].iter().map(|s| s.to_string()).collect();
        assert_eq!(pod_constraints(&required, &crate::Obj::untyped(&p)).unwrap_err(), "must specify limits.cpu for: a,b; requests.cpu for: b");
    }

    #[test]
    fn scopes_select_pods_by_qos_deadline_and_priority_class() {
        let quota = |scopes: Value, selector: Value| json!({"spec": {"scopes": scopes, "scopeSelector": selector}, "status": {"hard": {"pods": "1"}}});
        let best_effort = pod(json!({}));
        let burstable = pod(json!({"requests": {"cpu": "1"}}));
        assert!(quota_matches("", "pods", &crate::Obj::untyped(&quota(json!(["BestEffort"]), Value::Null)), &crate::Obj::untyped(&best_effort)));
        assert!(!quota_matches("", "pods", &crate::Obj::untyped(&quota(json!(["BestEffort"]), Value::Null)), &crate::Obj::untyped(&burstable)));
        let mut high = burstable.clone();
        high["spec"]["priorityClassName"] = json!("high");
        let in_high = quota(Value::Null, json!({"matchExpressions": [{"scopeName": "PriorityClass", "operator": "In", "values": ["high"]}]}));
        assert!(quota_matches("", "pods", &crate::Obj::untyped(&in_high), &crate::Obj::untyped(&high)));
        assert!(!quota_matches("", "pods", &crate::Obj::untyped(&in_high), &crate::Obj::untyped(&burstable)));
        // Scoped quotas never match other kinds.
        assert!(!quota_matches("", "services", &crate::Obj::untyped(&json!({"spec": {"scopes": ["BestEffort"]}, "status": {"hard": {"services": "1"}}})), &crate::Obj::untyped(&json!({}))));
    }

    #[test]
    fn object_counts_use_count_names_and_the_legacy_aliases() {
        assert_eq!(pretty(&usage("", "configmaps", &crate::Obj::untyped(&json!({})), Time::ZERO)), "configmaps=1,count/configmaps=1");
        assert_eq!(pretty(&usage("apps", "deployments", &crate::Obj::untyped(&json!({})), Time::ZERO)), "count/deployments.apps=1");
        let hard: Vec<String> = ["count/deployments.apps", "pods"].iter().map(|s| s.to_string()).collect();
        assert_eq!(matching_resources("apps", "deployments", &hard), vec!["count/deployments.apps".to_string()]);
    }
}

//! `ValidateResourceQuota` / `ValidateResourceQuotaUpdate` (`pkg/apis/core/validation/validation.go`
//! and the quota helpers of `pkg/apis/core/helper/helpers.go`): each hard limit names a
//! resource quota can track (or a fully qualified one) with a value that is not negative and,
//! for counts, whole; scopes are known, not contradictory, and apply to every resource
//! limited; a scope selector's operators fit its scopes. `spec.scopes` cannot change.
//!
//! Go ranges over `hard` in random order; podlife reports the resources by name.

use podlife_model::quantity::Quantity;
use serde_json::Value;

use crate::quantities::go_quantity;
use super::status::{FieldError, quote};
use super::validation;

/// `standardQuotaResources`: what quota tracks (`storage` is not one).
const QUOTA_RESOURCES: [&str; 19] = [
    "cpu", "memory", "ephemeral-storage", "requests.cpu", "requests.memory", "requests.storage", "requests.ephemeral-storage", "limits.cpu",
    "limits.memory", "limits.ephemeral-storage", "pods", "resourcequotas", "services", "replicationcontrollers", "secrets",
    "persistentvolumeclaims", "configmaps", "services.nodeports", "services.loadbalancers",
];
/// `integerResources`.
const INTEGER_RESOURCES: [&str; 9] = ["pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps", "persistentvolumeclaims", "services.nodeports", "services.loadbalancers"];
const SCOPES: [&str; 6] = ["Terminating", "NotTerminating", "BestEffort", "NotBestEffort", "PriorityClass", "CrossNamespacePodAffinity"];
const POD_COMPUTE: [&str; 6] = ["cpu", "memory", "limits.cpu", "limits.memory", "requests.cpu", "requests.memory"];

fn hugepages(name: &str) -> bool {
    name.starts_with("hugepages-") || name.starts_with("requests.hugepages-")
}

fn is_quota_resource(name: &str) -> bool {
    QUOTA_RESOURCES.contains(&name) || hugepages(name)
}

/// `IsExtendedResourceName`: outside kubernetes.io, not `requests.`-prefixed.
fn extended(name: &str) -> bool {
    name.contains('/') && !name.contains("kubernetes.io/") && !name.starts_with("requests.") && validation::label_key(&format!("requests.{name}")).is_empty()
}

/// `IsResourceQuotaScopeValidForResource`.
fn scope_fits(scope: &str, resource: &str) -> bool {
    match scope {
        "Terminating" | "NotTerminating" | "NotBestEffort" | "PriorityClass" | "CrossNamespacePodAffinity" => resource == "pods" || POD_COMPUTE.contains(&resource),
        "BestEffort" => resource == "pods",
        _ => true,
    }
}

/// Go's `%#v` of a list of scopes (`[]core.ResourceQuotaScope{"BestEffort"}`) or strings.
fn go_list(type_name: &str, items: &[&str]) -> String {
    if items.is_empty() {
        return format!("[]{type_name}(nil)");
    }
    format!("[]{type_name}{{{}}}", items.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", "))
}

/// On create: the metadata, then the spec.
pub fn resource_quota(obj: &Value) -> Vec<FieldError> {
    let mut errs = validation::object_meta("ResourceQuota", &obj["metadata"]);
    errs.extend(spec(&obj["spec"]));
    errs
}

/// On update: the metadata's update rules (the caller), the spec again, and the scopes kept.
pub fn update(old: &Value, new: &Value) -> Vec<FieldError> {
    let mut errs = spec(&new["spec"]);
    let scopes = |o: &Value| crate::vecmap::VecSet::from_iter(o["spec"]["scopes"].as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string));
    if scopes(old) != scopes(new) {
        let list: Vec<&str> = new["spec"]["scopes"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        errs.push(FieldError::invalid("spec.scopes", go_list("core.ResourceQuotaScope", &list), "field is immutable"));
    }
    errs
}

/// `ValidateResourceQuotaSpec`.
pub fn spec(spec: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut hard: Vec<(&String, &Value)> = spec["hard"].as_object().map(|m| m.iter().collect()).unwrap_or_default();
    crate::sort::sort_by(&mut hard, |a, b| a.0.cmp(b.0));
    for (name, value) in &hard {
        let path = format!("spec.hard[{name}]");
        resource_name(name, &path, &mut errs);
        let text = value.as_str().unwrap_or_default();
        if let Ok(q) = Quantity::parse(text) {
            if q.sign() < 0 {
                errs.push(FieldError::invalid(&path, quote(&q.to_string()), "must be greater than or equal to 0"));
            }
            if (INTEGER_RESOURCES.contains(&name.as_str()) || extended(name)) && q.milli_value() % 1000 != 0 {
                errs.push(FieldError::invalid(&path, go_quantity(text), "must be an integer"));
            }
        }
    }
    let names: Vec<&str> = hard.iter().map(|(k, _)| k.as_str()).collect();
    let scopes: Vec<&str> = spec["scopes"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    if !scopes.is_empty() {
        let shown = go_list("core.ResourceQuotaScope", &scopes);
        for scope in &scopes {
            if !SCOPES.contains(scope) {
                errs.push(FieldError::invalid("spec.scopes", shown.clone(), "unsupported scope"));
            }
            for name in &names {
                if is_quota_resource(name) && !scope_fits(scope, name) {
                    errs.push(FieldError::invalid("spec.scopes", shown.clone(), "unsupported scope applied to resource"));
                }
            }
        }
        conflicts(&scopes, "spec.scopes", &shown, &mut errs);
    }
    if let Some(exprs) = spec["scopeSelector"]["matchExpressions"].as_array() {
        let path = "spec.scopeSelector.matchExpressions";
        let mut seen = Vec::new();
        for req in exprs {
            let scope = req["scopeName"].as_str().unwrap_or_default();
            let op = req["operator"].as_str().unwrap_or_default();
            let values: Vec<&str> = req["values"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            if !SCOPES.contains(&scope) {
                errs.push(FieldError::invalid(format!("{path}.scopeName"), quote(scope), "unsupported scope"));
            }
            for name in &names {
                if is_quota_resource(name) && !scope_fits(scope, name) {
                    errs.push(FieldError::invalid(path, selector_value(exprs), "unsupported scope applied to resource"));
                }
            }
            if matches!(scope, "BestEffort" | "NotBestEffort" | "Terminating" | "NotTerminating") && op != "Exists" {
                errs.push(FieldError::invalid(
                    format!("{path}.operator"),
                    quote(op),
                    "must be 'Exist' only operator when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort and ResourceQuotaScopeNotBestEffort",
                ));
            }
            match op {
                "In" | "NotIn" if values.is_empty() => {
                    errs.push(FieldError::required(format!("{path}.values"), "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
                }
                "Exists" | "DoesNotExist" if !values.is_empty() => {
                    errs.push(FieldError::invalid(format!("{path}.values"), go_list("string", &values), "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
                }
                "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
                _ => errs.push(FieldError::invalid(format!("{path}.operator"), quote(op), "not a valid selector operator")),
            }
            seen.push(scope);
        }
        conflicts(&seen, path, &go_list("core.ResourceQuotaScope", &scopes), &mut errs);
    }
    errs
}

/// Go's `%#v` of the `*core.ScopeSelector` (pointers print as their address in Go; podlife
/// prints the expressions instead, the one place it cannot match byte for byte).
fn selector_value(exprs: &[Value]) -> String {
    let parts: Vec<String> = exprs
        .iter()
        .map(|r| {
            let values: Vec<&str> = r["values"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            format!("core.ScopedResourceSelectorRequirement{{ScopeName:{}, Operator:{}, Values:{}}}", quote(r["scopeName"].as_str().unwrap_or_default()), quote(r["operator"].as_str().unwrap_or_default()), go_list("string", &values))
        })
        .collect();
    format!("&core.ScopeSelector{{MatchExpressions:[]core.ScopedResourceSelectorRequirement{{{}}}}}", parts.join(", "))
}

/// BestEffort with NotBestEffort, Terminating with NotTerminating.
fn conflicts(scopes: &[&str], path: &str, shown: &str, errs: &mut Vec<FieldError>) {
    for (a, b) in [("BestEffort", "NotBestEffort"), ("Terminating", "NotTerminating")] {
        if scopes.contains(&a) && scopes.contains(&b) {
            errs.push(FieldError::invalid(path, shown.to_string(), "conflicting scopes"));
        }
    }
}

/// `ValidateResourceQuotaResourceName`: a qualified name, standard unless fully qualified,
/// and one quota tracks.
fn resource_name(name: &str, path: &str, errs: &mut Vec<FieldError>) {
    if validation::resource_name(name, path, errs) && !is_quota_resource(name) {
        errs.push(FieldError::invalid(path, quote(name), "must be a standard resource for quota"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(spec_json: Value) -> Vec<String> {
        spec(&spec_json).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn hard_limits_name_quota_resources_with_sensible_values() {
        assert_eq!(
            texts(json!({"hard": {"pods": "1.5", "requests.cpu": "-1", "storage": "1Gi", "gpus": "1", "count/deployments.apps": "2"}})),
            vec![
                "spec.hard[gpus]: Invalid value: \"gpus\": must be a standard resource type or fully qualified",
                "spec.hard[gpus]: Invalid value: \"gpus\": must be a standard resource for quota",
                "spec.hard[pods]: Invalid value: resource.Quantity{i:resource.int64Amount{value:15, scale:-1}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"\", Format:\"DecimalSI\"}: must be an integer",
                "spec.hard[requests.cpu]: Invalid value: \"-1\": must be greater than or equal to 0",
                "spec.hard[storage]: Invalid value: \"storage\": must be a standard resource for quota",
            ]
        );
    }

    #[test]
    fn scopes_must_fit_the_resources_and_each_other() {
        assert_eq!(
            texts(json!({"hard": {"pods": "2", "services": "1"}, "scopes": ["BestEffort", "NotBestEffort"]})),
            vec![
                "spec.scopes: Invalid value: []core.ResourceQuotaScope{\"BestEffort\", \"NotBestEffort\"}: unsupported scope applied to resource",
                "spec.scopes: Invalid value: []core.ResourceQuotaScope{\"BestEffort\", \"NotBestEffort\"}: unsupported scope applied to resource",
                "spec.scopes: Invalid value: []core.ResourceQuotaScope{\"BestEffort\", \"NotBestEffort\"}: conflicting scopes",
            ]
        );
        assert_eq!(
            texts(json!({"hard": {"pods": "2"}, "scopeSelector": {"matchExpressions": [{"scopeName": "PriorityClass", "operator": "In"}]}})),
            vec!["spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"]
        );
    }
}

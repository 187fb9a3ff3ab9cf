//! `ValidateMutatingWebhookConfiguration` / `ValidateValidatingWebhookConfiguration` on
//! create (upstream: `pkg/apis/admissionregistration/validation/validation.go`,
//! `apimachinery/pkg/util/validation` `IsFullyQualifiedName`, `apiserver/pkg/util/webhook/
//! validation.go` `ValidateWebhookService` / `ValidateWebhookURL`), in upstream's order:
//! metadata, then per webhook its fields, then its admissionReviewVersions, then the name's
//! uniqueness.

use serde_json::Value;

use crate::apiserver::status::{FieldError, quote};
use crate::apiserver::validation::{dns1035_label, dns1123_subdomain, object_meta};

fn strings(v: &Value) -> Vec<String> {
    v.as_array().into_iter().flatten().filter_map(|s| s.as_str().map(str::to_string)).collect()
}

/// Go's `%#v` of a `[]string` (`[]string{"a", "b"}`).
fn go_slice(items: &[String]) -> String {
    format!("[]string{{{}}}", items.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", "))
}

pub fn configuration(kind: &str, obj: &Value) -> Vec<FieldError> {
    let mut errs = object_meta(kind, &obj["metadata"]);
    let mutating = kind == "MutatingWebhookConfiguration";
    let mut names: Vec<String> = Vec::new();
    for (i, hook) in obj["webhooks"].as_array().into_iter().flatten().enumerate() {
        let base = format!("webhooks[{i}]");
        webhook(hook, &base, mutating, &mut errs);
        review_versions(&hook["admissionReviewVersions"], &format!("{base}.admissionReviewVersions"), &mut errs);
        let name = hook["name"].as_str().unwrap_or_default().to_string();
        if !name.is_empty() {
            if names.contains(&name) {
                errs.push(FieldError::duplicate(format!("{base}.name"), &name));
            } else {
                names.push(name);
            }
        }
    }
    errs
}

/// `IsFullyQualifiedName`: required, a DNS subdomain, at least three segments.
fn fully_qualified(path: &str, name: &str, errs: &mut Vec<FieldError>) {
    if name.is_empty() {
        errs.push(FieldError::required(path, ""));
        return;
    }
    let name = name.strip_suffix('.').unwrap_or(name);
    let bad = dns1123_subdomain(name);
    if !bad.is_empty() {
        errs.push(FieldError::invalid(path, quote(name), bad.join(",")));
        return;
    }
    if name.split('.').count() < 3 {
        errs.push(FieldError::invalid(path, quote(name), "should be a domain with at least three segments separated by dots"));
    }
}

fn webhook(hook: &Value, base: &str, mutating: bool, errs: &mut Vec<FieldError>) {
    fully_qualified(&format!("{base}.name"), hook["name"].as_str().unwrap_or_default(), errs);
    for (i, rule) in hook["rules"].as_array().into_iter().flatten().enumerate() {
        rule_with_operations(rule, &format!("{base}.rules[{i}]"), errs);
    }
    let one_of = |field: &str, allowed: &[&str], errs: &mut Vec<FieldError>| {
        if let Some(v) = hook[field].as_str()
            && !allowed.contains(&v)
        {
            errs.push(FieldError::not_supported(format!("{base}.{field}"), v, allowed));
        }
    };
    one_of("failurePolicy", &["Fail", "Ignore"], errs);
    one_of("matchPolicy", &["Equivalent", "Exact"], errs);
    // The decoded object holds "" for an absent sideEffects (Go keeps a nil pointer).
    match hook["sideEffects"].as_str().filter(|v| !v.is_empty()) {
        None => errs.push(FieldError::required(format!("{base}.sideEffects"), "must specify one of None, NoneOnDryRun")),
        Some(v) if !["None", "NoneOnDryRun"].contains(&v) => errs.push(FieldError::not_supported(format!("{base}.sideEffects"), v, &["None", "NoneOnDryRun"])),
        Some(_) => {}
    }
    if let Some(t) = hook["timeoutSeconds"].as_i64()
        && !(1..=30).contains(&t)
    {
        errs.push(FieldError::invalid(format!("{base}.timeoutSeconds"), t.to_string(), "the timeout value must be between 1 and 30 seconds"));
    }
    for field in ["namespaceSelector", "objectSelector"] {
        label_selector(&hook[field], &format!("{base}.{field}"), errs);
    }
    if mutating {
        one_of("reinvocationPolicy", &["IfNeeded", "Never"], errs);
    }
    let cc = &hook["clientConfig"];
    let (url, service) = (cc.get("url").filter(|v| !v.is_null()), cc.get("service").filter(|v| !v.is_null()));
    match (url, service) {
        (Some(u), None) => webhook_url(u.as_str().unwrap_or_default(), &format!("{base}.clientConfig.url"), errs),
        (None, Some(s)) => webhook_service(s, &format!("{base}.clientConfig.service"), errs),
        _ => errs.push(FieldError::required(format!("{base}.clientConfig"), "exactly one of url or service is required")),
    }
}

/// `validateRuleWithOperations` and `validateRule` (subresources allowed).
fn rule_with_operations(rule: &Value, base: &str, errs: &mut Vec<FieldError>) {
    let ops = strings(&rule["operations"]);
    if ops.is_empty() {
        errs.push(FieldError::required(format!("{base}.operations"), ""));
    }
    if ops.len() > 1 && ops.iter().any(|o| o == "*") {
        errs.push(FieldError::invalid(format!("{base}.operations"), go_slice(&ops), "if '*' is present, must not specify other operations"));
    }
    for (i, op) in ops.iter().enumerate() {
        const SUPPORTED: &[&str] = &["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
        if !SUPPORTED.contains(&op.as_str()) {
            errs.push(FieldError::not_supported(format!("{base}.operations[{i}]"), op, SUPPORTED));
        }
    }
    for (field, what) in [("apiGroups", "API groups"), ("apiVersions", "API versions")] {
        let items = strings(&rule[field]);
        if items.is_empty() {
            errs.push(FieldError::required(format!("{base}.{field}"), ""));
        }
        if items.len() > 1 && items.iter().any(|g| g == "*") {
            errs.push(FieldError::invalid(format!("{base}.{field}"), go_slice(&items), format!("if '*' is present, must not specify other {what}")));
        }
        if field == "apiVersions" {
            for (i, v) in items.iter().enumerate() {
                if v.is_empty() {
                    errs.push(FieldError::required(format!("{base}.apiVersions[{i}]"), ""));
                }
            }
        }
    }
    let resources = strings(&rule["resources"]);
    if resources.is_empty() {
        errs.push(FieldError::required(format!("{base}.resources"), ""));
    }
    let mut single = false;
    let mut plain = false;
    for (i, r) in resources.iter().enumerate() {
        if r.is_empty() {
            errs.push(FieldError::required(format!("{base}.resources[{i}]"), ""));
            continue;
        }
        if r == "*" {
            single = true;
        }
        if !r.contains('/') {
            plain = r != "*";
        }
    }
    if resources.len() > 1 && resources.iter().any(|r| r == "*/*") {
        errs.push(FieldError::invalid(format!("{base}.resources"), go_slice(&resources), "if '*/*' is present, must not specify other resources"));
    }
    if single && plain {
        errs.push(FieldError::invalid(format!("{base}.resources"), go_slice(&resources), "if '*' is present, must not specify other resources without subresources"));
    }
    if let Some(scope) = rule["scope"].as_str()
        && !["*", "Cluster", "Namespaced"].contains(&scope)
    {
        errs.push(FieldError::not_supported(format!("{base}.scope"), scope, &["*", "Cluster", "Namespaced"]));
    }
}

/// `validateAdmissionReviewVersions` (the versions this API server accepts: v1, v1beta1).
fn review_versions(v: &Value, path: &str, errs: &mut Vec<FieldError>) {
    let versions = strings(v);
    if versions.is_empty() {
        errs.push(FieldError::required(path, "must specify one of v1, v1beta1"));
        return;
    }
    let mut seen: Vec<&str> = Vec::new();
    for (i, ver) in versions.iter().enumerate() {
        if seen.contains(&ver.as_str()) {
            errs.push(FieldError::invalid(format!("{path}[{i}]"), quote(ver), "duplicate version"));
            continue;
        }
        seen.push(ver);
        for msg in dns1035_label(ver) {
            errs.push(FieldError::invalid(format!("{path}[{i}]"), quote(ver), msg));
        }
    }
    if !versions.iter().any(|v| v == "v1" || v == "v1beta1") {
        errs.push(FieldError::invalid(path, go_slice(&versions), "must include at least one of v1, v1beta1"));
    }
}

/// `ValidateWebhookService`.
fn webhook_service(s: &Value, base: &str, errs: &mut Vec<FieldError>) {
    if s["name"].as_str().is_none_or(str::is_empty) {
        errs.push(FieldError::required(format!("{base}.name"), "service name is required"));
    }
    if s["namespace"].as_str().is_none_or(str::is_empty) {
        errs.push(FieldError::required(format!("{base}.namespace"), "service namespace is required"));
    }
    if let Some(port) = s["port"].as_i64()
        && !(1..=65535).contains(&port)
    {
        errs.push(FieldError::invalid(format!("{base}.port"), port.to_string(), "port is not valid: must be between 1 and 65535, inclusive"));
    }
    if let Some(path) = s["path"].as_str()
        && !(path.is_empty() || path == "/")
        && !path.starts_with('/')
    {
        errs.push(FieldError::invalid(format!("{base}.path"), quote(path), "must start with a '/'"));
    }
}

/// `ValidateWebhookURL` (https only, a host, no fragment, no query, no user).
fn webhook_url(url: &str, path: &str, errs: &mut Vec<FieldError>) {
    let Some(rest) = url.split_once("://") else {
        errs.push(FieldError::required(path, "host must be specified"));
        return;
    };
    if rest.0 != "https" {
        errs.push(FieldError::invalid(path, quote(url), "'https' is the only allowed URL scheme"));
    }
    if rest.1.is_empty() || rest.1.starts_with('/') {
        errs.push(FieldError::invalid(path, quote(url), "host must be specified"));
    }
    if rest.1.contains('#') {
        errs.push(FieldError::invalid(path, quote(url), "fragments are not permitted"));
    }
    if rest.1.contains('?') {
        errs.push(FieldError::invalid(path, quote(url), "query parameters are not permitted"));
    }
    if rest.1.split('/').next().is_some_and(|h| h.contains('@')) {
        errs.push(FieldError::invalid(path, quote(url), "user information is not permitted in the URL"));
    }
}

/// `ValidateLabelSelector`: operators and their values, label keys.
fn label_selector(sel: &Value, base: &str, errs: &mut Vec<FieldError>) {
    for (i, e) in sel["matchExpressions"].as_array().into_iter().flatten().enumerate() {
        let path = format!("{base}.matchExpressions[{i}]");
        let values = e["values"].as_array().map_or(0, Vec::len);
        match e["operator"].as_str().unwrap_or_default() {
            "In" | "NotIn" if values == 0 => errs.push(FieldError::required(format!("{path}.values"), "must be specified when `operator` is 'In' or 'NotIn'")),
            "Exists" | "DoesNotExist" if values > 0 => errs.push(FieldError::forbidden(format!("{path}.values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'")),
            "In" | "NotIn" | "Exists" | "DoesNotExist" => {}
            other => errs.push(FieldError::invalid(format!("{path}.operator"), quote(other), "not a valid selector operator")),
        }
    }
}

/// Does a configuration use `matchConditions` (CEL, which podlife does not evaluate)?
pub fn uses_match_conditions(obj: &Value) -> bool {
    obj["webhooks"].as_array().is_some_and(|hs| hs.iter().any(|h| h["matchConditions"].as_array().is_some_and(|m| !m.is_empty())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hook(extra: Value) -> Value {
        let mut h = json!({"name": "deny.example.com", "sideEffects": "None", "admissionReviewVersions": ["v1"],
            "clientConfig": {"service": {"name": "w", "namespace": "default"}},
            "rules": [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]}]});
        for (k, v) in extra.as_object().unwrap() {
            h[k] = v.clone();
        }
        json!({"metadata": {"name": "c"}, "webhooks": [h]})
    }

    fn texts(v: Value) -> Vec<String> {
        configuration("ValidatingWebhookConfiguration", &v).iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_well_formed_configuration_passes() {
        assert!(texts(hook(json!({}))).is_empty());
    }

    #[test]
    fn upstream_texts() {
        assert_eq!(texts(hook(json!({"name": "deny"}))), ["webhooks[0].name: Invalid value: \"deny\": should be a domain with at least three segments separated by dots"]);
        assert_eq!(texts(hook(json!({"sideEffects": null}))), ["webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun"]);
        assert_eq!(texts(hook(json!({"sideEffects": "Some"}))), ["webhooks[0].sideEffects: Unsupported value: \"Some\": supported values: \"None\", \"NoneOnDryRun\""]);
        assert_eq!(texts(hook(json!({"timeoutSeconds": 31}))), ["webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds"]);
        assert_eq!(texts(hook(json!({"admissionReviewVersions": ["v2"]}))), ["webhooks[0].admissionReviewVersions: Invalid value: []string{\"v2\"}: must include at least one of v1, v1beta1"]);
        assert_eq!(texts(hook(json!({"clientConfig": {}}))), ["webhooks[0].clientConfig: Required value: exactly one of url or service is required"]);
        assert_eq!(texts(hook(json!({"failurePolicy": "Never"}))), ["webhooks[0].failurePolicy: Unsupported value: \"Never\": supported values: \"Fail\", \"Ignore\""]);
    }
}

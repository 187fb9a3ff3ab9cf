//! RBAC authorization over the Role, ClusterRole, RoleBinding and ClusterRoleBinding objects
//! in the store. Upstream: `plugin/pkg/auth/authorizer/rbac/rbac.go` (`RBACAuthorizer`,
//! `RuleAllows`) and `pkg/apis/rbac/v1/evaluation_helpers.go`; the denial text is
//! `apiserver/pkg/endpoints/handlers/responsewriters/errors.go` `forbiddenMessage`.

use serde_json::Value;

use super::authn::UserInfo;
use crate::store::Store;

/// What a request wants to do, as the authorizer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attributes {
    pub verb: String,
    pub api_group: String,
    pub resource: String,
    pub subresource: String,
    pub namespace: String,
    pub name: String,
}

/// Why access was granted: the binding and role that allowed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    pub binding: String,
    pub role: String,
}

/// Does any binding that names this user (or one of its groups) grant a matching rule?
pub fn authorize(store: &Store, user: &UserInfo, attrs: &Attributes) -> Option<Grant> {
    let bindings = store
        .list("rbac.authorization.k8s.io", "clusterrolebindings", None)
        .map(|(_, b)| (b, None))
        .chain(if attrs.namespace.is_empty() {
            None
        } else {
            Some(store.list("rbac.authorization.k8s.io", "rolebindings", Some(&attrs.namespace)).map(|(_, b)| (b, Some(attrs.namespace.as_str()))))
        }.into_iter().flatten());
    for (binding, binding_ns) in bindings {
        if !subjects_match(binding, user, binding_ns) {
            continue;
        }
        let role_ref = &binding["roleRef"];
        let role_name = role_ref["name"].as_str().unwrap_or_default();
        let role = match role_ref["kind"].as_str() {
            Some("ClusterRole") => store.list("rbac.authorization.k8s.io", "clusterroles", None).find(|(k, _)| k.name == role_name),
            Some("Role") => binding_ns.and_then(|ns| store.list("rbac.authorization.k8s.io", "roles", Some(ns)).find(|(k, _)| k.name == role_name)),
            _ => None,
        };
        let Some((_, role)) = role else { continue };
        let rules = role["rules"].as_array().map(Vec::as_slice).unwrap_or_default();
        if rules.iter().any(|r| rule_allows(r, attrs)) {
            let kind = if binding_ns.is_some() { "RoleBinding" } else { "ClusterRoleBinding" };
            return Some(Grant {
                binding: format!("{kind} \"{}\"", binding["metadata"]["name"].as_str().unwrap_or_default()),
                role: format!("{} \"{role_name}\"", role_ref["kind"].as_str().unwrap_or_default()),
            });
        }
    }
    None
}

/// `appliesTo`: a User subject by name, a Group subject by group, a ServiceAccount subject by
/// `system:serviceaccount:<ns>:<name>` (ns defaults to the binding's namespace).
fn subjects_match(binding: &Value, user: &UserInfo, binding_ns: Option<&str>) -> bool {
    let subjects = binding["subjects"].as_array().map(Vec::as_slice).unwrap_or_default();
    subjects.iter().any(|s| {
        let name = s["name"].as_str().unwrap_or_default();
        match s["kind"].as_str() {
            Some("User") => user.name == name,
            Some("Group") => user.groups.iter().any(|g| g == name),
            Some("ServiceAccount") => {
                let ns = s["namespace"].as_str().filter(|n| !n.is_empty()).or(binding_ns).unwrap_or_default();
                user.name == format!("system:serviceaccount:{ns}:{name}")
            }
            _ => false,
        }
    })
}

fn strings(rule: &Value, field: &str) -> Vec<String> {
    rule[field].as_array().map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// `RuleAllows` for resource requests.
fn rule_allows(rule: &Value, attrs: &Attributes) -> bool {
    let verbs = strings(rule, "verbs");
    let groups = strings(rule, "apiGroups");
    let resources = strings(rule, "resources");
    let names = strings(rule, "resourceNames");
    let verb_ok = verbs.iter().any(|v| v == "*" || *v == attrs.verb);
    let group_ok = groups.iter().any(|g| g == "*" || *g == attrs.api_group);
    let combined = if attrs.subresource.is_empty() {
        attrs.resource.clone()
    } else {
        format!("{}/{}", attrs.resource, attrs.subresource)
    };
    let resource_ok = resources.iter().any(|r| {
        r == "*" || *r == combined || (!attrs.subresource.is_empty() && *r == format!("*/{}", attrs.subresource))
    });
    let name_ok = names.is_empty() || names.contains(&attrs.name);
    verb_ok && group_ok && resource_ok && name_ok
}

/// The reason text after `is forbidden: `.
pub fn forbidden_message(user: &UserInfo, attrs: &Attributes) -> String {
    let resource = if attrs.subresource.is_empty() {
        attrs.resource.clone()
    } else {
        format!("{}/{}", attrs.resource, attrs.subresource)
    };
    if attrs.namespace.is_empty() {
        format!(
            "User \"{}\" cannot {} resource \"{resource}\" in API group \"{}\" at the cluster scope",
            user.name, attrs.verb, attrs.api_group
        )
    } else {
        format!(
            "User \"{}\" cannot {} resource \"{resource}\" in API group \"{}\" in the namespace \"{}\"",
            user.name, attrs.verb, attrs.api_group, attrs.namespace
        )
    }
}

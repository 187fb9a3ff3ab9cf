//! RBAC authorization over the Role, ClusterRole, RoleBinding and ClusterRoleBinding objects
//! in the store. Upstream: `plugin/pkg/auth/authorizer/rbac/rbac.go` (`RBACAuthorizer`,
//! `RuleAllows`) and `pkg/apis/rbac/v1/evaluation_helpers.go`; the denial text is
//! `apiserver/pkg/endpoints/handlers/responsewriters/errors.go` `forbiddenMessage`.

use crate::Slot;

use super::authn::UserInfo;
use crate::store::{ObjectKey, Store};

const RBAC_GROUP: &str = "rbac.authorization.k8s.io";

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
        .list(RBAC_GROUP, "clusterrolebindings", None)
        .map(|(_, b)| (b, None))
        .chain(if attrs.namespace.is_empty() {
            None
        } else {
            Some(store.list(RBAC_GROUP, "rolebindings", Some(&attrs.namespace)).map(|(_, b)| (b, Some(attrs.namespace.as_str()))))
        }.into_iter().flatten());
    for (binding, binding_ns) in bindings {
        if !subjects_match(binding, user, binding_ns) {
            continue;
        }
        let role_ref = &binding["roleRef"];
        let role_name = role_ref["name"].as_str().unwrap_or_default();
        // The role by its key (names are unique in their scope).
        let key = |resource: &'static str, namespace: &str| ObjectKey { group: RBAC_GROUP, resource, namespace: namespace.into(), name: role_name.into() };
        let role = match role_ref["kind"].as_str() {
            Some("ClusterRole") => store.get(&key("clusterroles", "")),
            Some("Role") => binding_ns.and_then(|ns| store.get(&key("roles", ns))),
            _ => None,
        };
        let Some(role) = role else { continue };
        let rules = role["rules"].as_array().unwrap_or_default();
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
fn subjects_match(binding: &Slot, user: &UserInfo, binding_ns: Option<&str>) -> bool {
    let subjects = binding["subjects"].as_array().unwrap_or_default();
    subjects.iter().any(|s| {
        let name = s["name"].as_str().unwrap_or_default();
        match s["kind"].as_str() {
            Some("User") => user.name == name,
            Some("Group") => user.groups.iter().any(|g| g == name),
            Some("ServiceAccount") => {
                let ns = s["namespace"].as_str().filter(|n| !n.is_empty()).or(binding_ns).unwrap_or_default();
                // `system:serviceaccount:NS:NAME`, compared without building it.
                user.name.strip_prefix("system:serviceaccount:").and_then(|rest| rest.strip_prefix(ns)).and_then(|rest| rest.strip_prefix(':')) == Some(name)
            }
            _ => false,
        }
    })
}

/// The strings of a rule's list field.
fn strings<'a>(rule: &'a Slot, field: &str) -> impl Iterator<Item = &'a str> {
    rule[field].as_array().into_iter().flatten().filter_map(Slot::as_str)
}

/// `RuleAllows` for resource requests.
fn rule_allows(rule: &Slot, attrs: &Attributes) -> bool {
    let verb_ok = strings(rule, "verbs").any(|v| v == "*" || v == attrs.verb);
    let group_ok = strings(rule, "apiGroups").any(|g| g == "*" || g == attrs.api_group);
    // `resource/subresource`, or `*/subresource`, matched without building either.
    let resource_ok = strings(rule, "resources").any(|r| {
        r == "*"
            || if attrs.subresource.is_empty() {
                r == attrs.resource
            } else {
                r.split_once('/').is_some_and(|(res, sub)| sub == attrs.subresource && (res == attrs.resource || res == "*"))
            }
    });
    let mut names = strings(rule, "resourceNames").peekable();
    let name_ok = names.peek().is_none() || names.any(|n| n == attrs.name);
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

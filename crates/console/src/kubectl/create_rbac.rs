//! `kubectl create role|clusterrole|rolebinding|clusterrolebinding NAME …`: the generators of
//! `kubectl/pkg/cmd/create/create_role.go`, `create_clusterrole.go`, `create_rolebinding.go`
//! and `create_clusterrolebinding.go` (kubectl 1.36), then a POST with
//! `fieldManager=kubectl-create`.

use podlife_engine::json;
use podlife_model::ResourceType;
use serde_json::Value;

use super::create_data::{name_and_dry_run, parse_flags, slice, submit};
use super::flags::{Kind, Spec};
use super::{Context, server_error};
use crate::Output;

/// `validResourceVerbs`.
const RESOURCE_VERBS: &[&str] = &["*", "get", "delete", "list", "create", "update", "patch", "watch", "proxy", "deletecollection", "use", "bind", "escalate", "impersonate"];
/// `validNonResourceVerbs`.
const NON_RESOURCE_VERBS: &[&str] = &["*", "get", "post", "put", "delete", "patch", "head", "options"];

/// `specialVerbs`: the verbs that mean something only on these (group, resource)s.
fn special_verb(verb: &str) -> Option<&'static [(&'static str, &'static str)]> {
    match verb {
        "use" => Some(&[("policy", "podsecuritypolicies"), ("extensions", "podsecuritypolicies")]),
        "bind" | "escalate" => Some(&[("rbac.authorization.k8s.io", "roles"), ("rbac.authorization.k8s.io", "clusterroles")]),
        "impersonate" => Some(&[("", "users"), ("", "serviceaccounts"), ("", "groups"), ("authentication.k8s.io", "userextras")]),
        _ => None,
    }
}

/// A `--resource` as `Complete` splits it: `resource.group/subresource`.
struct ResourceOption {
    group: String,
    resource: String,
    subresource: Option<String>,
}

/// `mapper.ResourceFor`: the (group, plural) the cluster serves under that name, if any.
fn resource_for(r: &ResourceOption) -> Result<(String, String), String> {
    let name = if r.group.is_empty() { r.resource.clone() } else { format!("{}.{}", r.resource, r.group) };
    match ResourceType::resolve(&name) {
        Some(rt) if r.group.is_empty() || rt.group == r.group => Ok((rt.group.to_string(), rt.plural.to_string())),
        // `NoResourceMatchError` of the partial `GroupVersionResource`.
        _ => Err(format!("no matches for {}/, Resource={}", r.group, r.resource)),
    }
}

/// Handles `create role|clusterrole|rolebinding|clusterrolebinding`; false for another.
pub fn run(ctx: &mut Context<'_>, sub: &str, args: &[String], out: &mut Output) -> bool {
    match sub {
        "role" => role(ctx, args, out, false),
        "clusterrole" => role(ctx, args, out, true),
        "rolebinding" => binding(ctx, args, out, false),
        "clusterrolebinding" => binding(ctx, args, out, true),
        _ => return false,
    }
    true
}

/// `create role` / `create clusterrole`: one rule per API group, or an aggregation rule.
fn role(ctx: &mut Context<'_>, args: &[String], out: &mut Output, cluster: bool) {
    let command = if cluster { "create clusterrole" } else { "create role" };
    let own = [
        Spec { long: "verb", short: None, kind: Kind::Multi },
        Spec { long: "resource", short: None, kind: Kind::Multi },
        Spec { long: "resource-name", short: None, kind: Kind::Multi },
        Spec { long: "non-resource-url", short: None, kind: Kind::Multi },
        Spec { long: "aggregation-rule", short: None, kind: Kind::Multi },
    ];
    let own = if cluster { &own[..] } else { &own[..3] };
    let Some(p) = parse_flags(args, own, command, out) else { return };
    let Some((name, dry)) = name_and_dry_run(&p, command, out) else { return };
    // `Complete`: verbs without repeats (`*` alone stands for all), resources split into
    // group and subresource (`*` alone stands for all), names and URLs without repeats.
    let mut verbs: Vec<String> = Vec::new();
    for v in slice(&p, "verb") {
        if v == "*" {
            verbs = vec!["*".into()];
            break;
        }
        if !verbs.contains(&v) {
            verbs.push(v);
        }
    }
    let mut resources: Vec<ResourceOption> = Vec::new();
    for r in slice(&p, "resource") {
        let (head, subresource) = match r.split_once('/') {
            Some((h, s)) => (h.to_string(), Some(s.to_string())),
            None => (r.clone(), None),
        };
        let (resource, group) = match head.split_once('.') {
            Some((res, g)) => (res.to_string(), g.to_string()),
            None => (head.clone(), String::new()),
        };
        let all = resource == "*" && group.is_empty() && subresource.is_none() && !head.contains('.');
        let option = ResourceOption { group, resource, subresource };
        if all {
            resources = vec![option];
            break;
        }
        resources.push(option);
    }
    let mut resource_names: Vec<String> = Vec::new();
    for n in p.all("resource-name") {
        if !resource_names.iter().any(|x| *x == *n) {
            resource_names.push(n.to_string());
        }
    }
    let mut urls: Vec<String> = Vec::new();
    for u in slice(&p, "non-resource-url") {
        if !urls.contains(&u) {
            urls.push(u);
        }
    }
    // `--aggregation-rule=k=v,…` (`cliflag.MapStringString`).
    let mut aggregation = serde_json::Map::new();
    for pair in slice(&p, "aggregation-rule") {
        match pair.split_once('=') {
            Some((k, v)) => {
                aggregation.insert(k.to_string(), json!(v));
            }
            None => return out.err(&format!("error: invalid argument \"{pair}\" for \"--aggregation-rule\" flag: {pair} must be formatted as key=value\nSee 'kubectl {command} --help' for usage.\n")),
        }
    }
    if let Err(e) = validate_role(out, cluster, &verbs, &resources, &resource_names, &urls, !aggregation.is_empty()) {
        return out.err(&format!("error: {e}\n"));
    }
    let (kind, resource) = if cluster { ("ClusterRole", "clusterroles") } else { ("Role", "roles") };
    let mut obj = json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": kind, "metadata": {"name": name}});
    if aggregation.is_empty() {
        obj["rules"] = Value::Array(policy_rules(&verbs, &resources, &resource_names, &urls));
    } else {
        obj["aggregationRule"] = json!({"clusterRoleSelectors": [{"matchLabels": aggregation}]});
    }
    let Some(rt) = ResourceType::resolve(resource) else { return };
    submit(ctx, &p, out, resource, &name, obj, dry, |s| server_error(s, rt.kind, &name, None));
}

/// `CreateRoleOptions.Validate` / `CreateClusterRoleOptions.Validate`: their errors; a verb
/// that is not a standard one is only warned about.
fn validate_role(out: &mut Output, cluster: bool, verbs: &[String], resources: &[ResourceOption], resource_names: &[String], urls: &[String], aggregation: bool) -> Result<(), String> {
    if cluster && aggregation {
        if !urls.is_empty() || !verbs.is_empty() || !resources.is_empty() || !resource_names.is_empty() {
            return Err("aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames".into());
        }
        return Ok(());
    }
    if verbs.is_empty() {
        return Err("at least one verb must be specified".into());
    }
    if !cluster && resources.is_empty() {
        return Err("at least one resource must be specified".into());
    }
    if cluster && resources.is_empty() && urls.is_empty() {
        return Err("one of resource or nonResourceURL must be specified".into());
    }
    if !resources.is_empty() {
        for v in verbs.iter().filter(|v| !RESOURCE_VERBS.contains(&v.as_str())) {
            out.err(&format!("Warning: '{v}' is not a standard resource verb\n"));
        }
        validate_resources(verbs, resources)?;
    }
    if !urls.is_empty() {
        if let Some(v) = verbs.iter().find(|v| !NON_RESOURCE_VERBS.contains(&v.as_str())) {
            return Err(format!("invalid verb: '{v}' for nonResourceURL"));
        }
        for url in urls.iter().filter(|u| *u != "*") {
            if !url.starts_with('/') {
                return Err("nonResourceURL should start with /".into());
            }
            if url[..url.len() - 1].contains('*') {
                return Err("nonResourceURL only supports wildcard matches when '*' is at the end".into());
            }
        }
    }
    Ok(())
}

/// `validateResource`: each resource is served (or stands for all), and a special verb is
/// used only on what it means something for.
fn validate_resources(verbs: &[String], resources: &[ResourceOption]) -> Result<(), String> {
    for r in resources {
        if r.resource.is_empty() {
            return Err("resource must be specified if apiGroup/subresource specified".into());
        }
        if r.resource == "*" {
            return Ok(());
        }
        let found = resource_for(r);
        let (group, plural) = found.clone().unwrap_or_else(|_| (r.group.clone(), r.resource.clone()));
        let mut special_matched = false;
        for v in verbs {
            if let Some(allowed) = special_verb(v) {
                if !allowed.iter().any(|(g, res)| *g == group && *res == plural) {
                    return Err(format!("can not perform '{v}' on '{plural}' in group '{group}'"));
                }
                special_matched = true;
            }
        }
        if let Err(e) = found
            && !special_matched
        {
            return Err(e);
        }
    }
    Ok(())
}

/// `generateResourcePolicyRules`: the resources by API group (as the cluster names them,
/// with their subresource), one rule per group in group order, then one for the URLs.
fn policy_rules(verbs: &[String], resources: &[ResourceOption], resource_names: &[String], urls: &[String]) -> Vec<Value> {
    let mut by_group: std::collections::BTreeMap<String, Vec<String>> = std::collections::BTreeMap::new();
    for r in resources {
        let (group, mut plural) = resource_for(r).unwrap_or_else(|_| (r.group.clone(), r.resource.clone()));
        if let Some(sub) = &r.subresource {
            plural = format!("{plural}/{sub}");
        }
        let list = by_group.entry(group).or_default();
        if !list.contains(&plural) {
            list.push(plural);
        }
    }
    let mut rules: Vec<Value> = by_group
        .into_iter()
        .map(|(group, resources)| {
            let mut rule = json!({"verbs": verbs, "apiGroups": [group], "resources": resources});
            if !resource_names.is_empty() {
                rule["resourceNames"] = json!(resource_names);
            }
            rule
        })
        .collect();
    if !urls.is_empty() {
        rules.push(json!({"verbs": verbs, "nonResourceURLs": urls}));
    }
    rules
}

/// `create rolebinding` / `create clusterrolebinding`: the role referenced, then the users,
/// groups and service accounts as subjects in that order.
fn binding(ctx: &mut Context<'_>, args: &[String], out: &mut Output, cluster: bool) {
    let (command, kind, resource, what) = if cluster {
        ("create clusterrolebinding", "ClusterRoleBinding", "clusterrolebindings", "clusterrolebinding")
    } else {
        ("create rolebinding", "RoleBinding", "rolebindings", "rolebinding")
    };
    let own = [
        Spec { long: "clusterrole", short: None, kind: Kind::Value },
        Spec { long: "user", short: None, kind: Kind::Multi },
        Spec { long: "group", short: None, kind: Kind::Multi },
        Spec { long: "serviceaccount", short: None, kind: Kind::Multi },
        Spec { long: "role", short: None, kind: Kind::Value },
    ];
    let own = if cluster { &own[..4] } else { &own[..] };
    let Some(p) = parse_flags(args, own, command, out) else { return };
    // cobra checks a required flag before the command runs.
    if cluster && !p.has("clusterrole") {
        return out.err("error: required flag(s) \"clusterrole\" not set\n");
    }
    let Some((name, dry)) = name_and_dry_run(&p, command, out) else { return };
    let cluster_role = p.get("clusterrole").unwrap_or_default();
    let role = p.get("role").unwrap_or_default();
    if !cluster && cluster_role.is_empty() == role.is_empty() {
        return out.err("error: exactly one of clusterrole or role must be specified\n");
    }
    let role_ref = if role.is_empty() { json!({"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": cluster_role}) } else { json!({"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": role}) };
    let mut subjects: Vec<Value> = Vec::new();
    for user in p.all("user") {
        subjects.push(json!({"kind": "User", "apiGroup": "rbac.authorization.k8s.io", "name": user}));
    }
    for group in p.all("group") {
        subjects.push(json!({"kind": "Group", "apiGroup": "rbac.authorization.k8s.io", "name": group}));
    }
    for sa in p.all("serviceaccount") {
        match sa.split(':').collect::<Vec<_>>()[..] {
            [ns, sa_name] if !ns.is_empty() && !sa_name.is_empty() => subjects.push(json!({"kind": "ServiceAccount", "namespace": ns, "name": sa_name})),
            _ => return out.err("error: serviceaccount must be <namespace>:<name>\n"),
        }
    }
    let mut obj = json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": kind, "metadata": {"name": name}, "roleRef": role_ref});
    if !subjects.is_empty() {
        obj["subjects"] = Value::Array(subjects);
    }
    // The binding generators wrap the API's error (`failed to create rolebinding: %v`).
    submit(ctx, &p, out, resource, &name, obj, dry, |s| format!("error: failed to create {what}: {}\n", s.message));
}

//! A request to kube-apiserver and its answer, as every client builds them (kubectl, the
//! components' clients): the types only, below the API server's handling.

use serde_json::Value;

use podlife_model::ResourceType;

use super::authn::UserInfo;
use super::patch;

/// kubectl's user agent (the default of a request).
pub const USER_AGENT: &str = "kubectl/v1.36.0 (linux/amd64) kubernetes/$Format";

/// The API verbs kubectl uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Get,
    List,
    Create,
    Update,
    /// A JSON merge patch (the kubelet's status updates).
    Patch,
    Delete,
}

impl Verb {
    pub fn as_str(self) -> &'static str {
        match self {
            Verb::Get => "get",
            Verb::List => "list",
            Verb::Create => "create",
            Verb::Update => "update",
            Verb::Patch => "patch",
            Verb::Delete => "delete",
        }
    }

    pub(crate) fn http_method(self) -> &'static str {
        match self {
            Verb::Get | Verb::List => "GET",
            Verb::Create => "POST",
            Verb::Update => "PUT",
            Verb::Patch => "PATCH",
            Verb::Delete => "DELETE",
        }
    }
}

/// Who the request claims to be: the kubeconfig user, or an impersonated one (`--as`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Impersonation {
    pub user: Option<String>,
    pub groups: Vec<String>,
}

/// One REST request, as kubectl sends it.
#[derive(Debug, Clone)]
pub struct Request {
    pub verb: Verb,
    pub resource: &'static ResourceType,
    /// None for cluster-scoped resources or "all namespaces".
    pub namespace: Option<String>,
    pub name: Option<String>,
    /// `finalize`, `status`, … (`PUT /api/v1/namespaces/shop/finalize`).
    pub subresource: Option<String>,
    pub body: Option<Value>,
    pub impersonate: Impersonation,
    pub dry_run: bool,
    pub label_selector: Option<String>,
    /// `--field-selector`: `path=value`, `path==value`, `path!=value`, comma-separated.
    pub field_selector: Option<String>,
    /// For deletes: `--grace-period` (0 with `--force` deletes at once).
    pub grace_period_seconds: Option<i64>,
    /// `managedFields` manager: `kubectl-client-side-apply`, `kubectl-create`, …
    pub field_manager: String,
    /// A component's own credentials; `None` for kubectl (the kubeconfig user).
    pub credentials: Option<UserInfo>,
    pub user_agent: String,
    /// For deletes: `DeleteOptions.propagationPolicy` (`Background`, `Foreground`, `Orphan`).
    pub propagation_policy: Option<String>,
    /// For deletes: `DeleteOptions.preconditions` (uid, resourceVersion).
    pub preconditions: Option<Preconditions>,
    /// For patches: the body's Content-Type.
    pub patch_type: patch::PatchType,
    /// Not on the wire: the caller reads only whether the request succeeded, so a write it
    /// sends may answer `null` instead of a copy of the stored object (the kubelet's status
    /// writes, which for a pod with 1,000 containers would copy it whole each time).
    pub answer_unread: bool,
}

/// `metav1.Preconditions`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preconditions {
    pub uid: Option<String>,
    pub resource_version: Option<String>,
}

impl Request {
    pub fn new(verb: Verb, resource: &'static ResourceType) -> Request {
        Request {
            verb,
            resource,
            namespace: None,
            name: None,
            subresource: None,
            body: None,
            impersonate: Impersonation::default(),
            dry_run: false,
            label_selector: None,
            field_selector: None,
            grace_period_seconds: None,
            field_manager: "kubectl".into(),
            credentials: None,
            user_agent: USER_AGENT.into(),
            propagation_policy: None,
            preconditions: None,
            patch_type: patch::PatchType::Merge,
            answer_unread: false,
        }
    }

    /// The URL path, `/api/v1/namespaces/default/pods/nginx`.
    pub fn path(&self) -> String {
        let rt = self.resource;
        let mut p = if rt.group.is_empty() { format!("/api/{}", rt.version) } else { format!("/apis/{}/{}", rt.group, rt.version) };
        if rt.namespaced
            && let Some(ns) = &self.namespace {
                p.push_str(&format!("/namespaces/{ns}"));
            }
        p.push('/');
        p.push_str(rt.plural);
        if let Some(n) = &self.name {
            p.push('/');
            p.push_str(n);
        }
        if let Some(sub) = &self.subresource {
            p.push('/');
            p.push_str(sub);
        }
        p
    }
}

/// What a successful request returns.
#[derive(Debug, Clone, PartialEq)]
pub enum Response {
    Object(Value),
    List(Vec<Value>),
}

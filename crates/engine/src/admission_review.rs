//! `admission.k8s.io/v1` AdmissionReview: what kube-apiserver POSTs to an admission webhook
//! and what the webhook answers (upstream: `staging/src/k8s.io/api/admission/v1/types.go`,
//! `staging/src/k8s.io/apiserver/pkg/admission/plugin/webhook/request/admissionreview.go`).
//! Shared by the API server's webhook dispatcher and the webhook servers that run in pods, so
//! neither imports the other.

use serde_json::Value;

/// `AdmissionRequest`: the parts the modelled webhook servers read.
#[derive(Debug, Clone, PartialEq)]
pub struct AdmissionRequest {
    pub uid: String,
    /// `{group, version, kind}` of the object.
    pub kind: (String, String, String),
    /// `{group, version, resource}` and the subresource.
    pub resource: (String, String, String),
    pub sub_resource: String,
    pub name: String,
    pub namespace: String,
    /// `CREATE`, `UPDATE`, `DELETE` or `CONNECT`.
    pub operation: &'static str,
    pub username: String,
    pub groups: Vec<String>,
    /// The object being admitted (`null` for a DELETE).
    pub object: Value,
    pub old_object: Value,
    pub dry_run: bool,
}

impl AdmissionRequest {
    /// The request as the JSON body kube-apiserver sends (`CreateV1AdmissionReview`).
    pub fn to_review(&self) -> Value {
        let (g, v, k) = &self.kind;
        let (rg, rv, r) = &self.resource;
        let mut request = json!({
            "uid": self.uid,
            "kind": {"group": g, "version": v, "kind": k},
            "resource": {"group": rg, "version": rv, "resource": r},
            "requestKind": {"group": g, "version": v, "kind": k},
            "requestResource": {"group": rg, "version": rv, "resource": r},
            "operation": self.operation,
            "userInfo": {"username": self.username, "groups": self.groups},
            "object": self.object,
            "oldObject": self.old_object,
            "dryRun": self.dry_run,
        });
        for (key, value) in [("name", &self.name), ("namespace", &self.namespace), ("subResource", &self.sub_resource)] {
            if !value.is_empty() {
                request[key] = json!(value);
            }
        }
        json!({"kind": "AdmissionReview", "apiVersion": "admission.k8s.io/v1", "request": request})
    }
}

/// `AdmissionResponse`: allowed or not, the `metav1.Status` of a denial, a JSON patch.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AdmissionResponse {
    pub allowed: bool,
    /// `result`: the status of a denial (`code`, `reason`, `message`), as the webhook wrote it.
    pub result: Option<StatusResult>,
    /// The RFC 6902 operations of a `JSONPatch` response (decoded from its base64).
    pub patch: Option<Value>,
    pub warnings: Vec<String>,
}

/// The `metav1.Status` a webhook puts in `response.result`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatusResult {
    pub code: u16,
    pub reason: String,
    pub message: String,
}

impl AdmissionResponse {
    pub fn allow() -> AdmissionResponse {
        AdmissionResponse { allowed: true, ..Default::default() }
    }

    pub fn patch(ops: Value) -> AdmissionResponse {
        AdmissionResponse { allowed: true, patch: Some(ops), ..Default::default() }
    }

    /// A denial with only a message (`&metav1.Status{Message: …}`).
    pub fn deny(message: impl Into<String>) -> AdmissionResponse {
        AdmissionResponse { allowed: false, result: Some(StatusResult { message: message.into(), ..Default::default() }), ..Default::default() }
    }
}

/// How a webhook server answers a POST of an AdmissionReview.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// An AdmissionReview response, after `delay_ms` of the handler's own work.
    Review { response: AdmissionResponse, delay_ms: u64 },
    /// No handler for the path: Go's mux answers 404 `404 page not found`.
    NotFound,
    /// The handler never answers (agnhost's `wait-forever` label).
    Never,
}

/// How kube-apiserver's POST of an AdmissionReview went, as the cluster network delivered it
/// to whatever listens at the webhook's address (`network.rs` implements the delivery; the
/// API server's dispatcher reads the outcome, so neither names the other).
#[derive(Debug, Clone, PartialEq)]
pub enum Delivery {
    /// `connect: connection refused`: a REJECT rule, or nothing listens there.
    Refused,
    /// The dial never completes (a dropped packet, no rule): the call's deadline passes.
    Timeout,
    /// The listener serves no AdmissionReview: it speaks plain HTTP.
    PlainHttp,
    /// The server's answer.
    Answered(Answer),
}

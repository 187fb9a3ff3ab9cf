//! `metav1.Status`: how the API server says no. Messages are upstream's
//! (`apimachinery/pkg/api/errors/errors.go`).

use serde::Serialize;

use podlife_model::ResourceType;

/// `metav1.StatusReason`, the closed set kubectl prints in `Error from server (Reason)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Reason {
    NotFound,
    AlreadyExists,
    Forbidden,
    Invalid,
    BadRequest,
    Conflict,
    MethodNotAllowed,
    RequestEntityTooLarge,
    InternalError,
    ServiceUnavailable,
    /// 429 (the eviction subresource refusing a disruption).
    TooManyRequests,
    /// 500 with no reason: a handler error that was not an API status.
    Unknown,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::NotFound => "NotFound",
            Reason::AlreadyExists => "AlreadyExists",
            Reason::Forbidden => "Forbidden",
            Reason::Invalid => "Invalid",
            Reason::BadRequest => "BadRequest",
            Reason::Conflict => "Conflict",
            Reason::MethodNotAllowed => "MethodNotAllowed",
            Reason::RequestEntityTooLarge => "RequestEntityTooLarge",
            Reason::InternalError => "InternalError",
            Reason::ServiceUnavailable => "ServiceUnavailable",
            Reason::TooManyRequests => "TooManyRequests",
            // `StatusReasonUnknown`: an error that was not a Status (handled as a 500).
            Reason::Unknown => "",
        }
    }

    pub fn code(self) -> u16 {
        match self {
            Reason::NotFound => 404,
            Reason::AlreadyExists | Reason::Conflict => 409,
            Reason::Forbidden => 403,
            Reason::Invalid => 422,
            Reason::BadRequest => 400,
            Reason::MethodNotAllowed => 405,
            Reason::RequestEntityTooLarge => 413,
            Reason::InternalError => 500,
            Reason::ServiceUnavailable => 503,
            Reason::TooManyRequests => 429,
            Reason::Unknown => 500,
        }
    }
}

/// One field-level cause (`metav1.StatusCause`), with upstream's field path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cause {
    /// `FieldValueRequired`, `FieldValueInvalid`, `FieldValueNotSupported`,
    /// `FieldValueDuplicate`, `FieldValueNotFound`, `FieldValueForbidden`, `FieldValueTooLong`,
    /// or `FieldValueUnknown` for strict decoding.
    pub reason: String,
    pub message: String,
    pub field: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Status {
    pub reason: Reason,
    pub message: String,
    pub causes: Vec<Cause>,
    /// The code and reason as an admission webhook wrote them, when they are not one of the
    /// statuses above (a webhook's `result` is passed on as it is; a code of 0 is sent as 500
    /// by `ErrorToAPIStatus`).
    pub custom: Option<Box<(u16, String)>>,
}

impl Status {
    pub fn code(&self) -> u16 {
        match &self.custom {
            Some(c) => c.0,
            None => self.reason.code(),
        }
    }

    /// The reason as the response carries it (`StatusReason`, possibly empty).
    pub fn reason_text(&self) -> &str {
        match &self.custom {
            Some(c) => c.1.as_str(),
            None => self.reason.as_str(),
        }
    }

    /// A status with a webhook's own code and reason (`webhookerrors.ToStatusErr`).
    pub fn custom(code: u16, reason: &str, message: String) -> Status {
        let code = if code == 0 { 500 } else { code };
        let known = [Reason::NotFound, Reason::AlreadyExists, Reason::Forbidden, Reason::Invalid, Reason::BadRequest, Reason::Conflict, Reason::MethodNotAllowed, Reason::RequestEntityTooLarge, Reason::InternalError, Reason::ServiceUnavailable, Reason::TooManyRequests];
        if let Some(r) = known.into_iter().find(|r| r.as_str() == reason && r.code() == code) {
            return Status::plain(r, message);
        }
        Status { reason: Reason::Unknown, message, causes: Vec::new(), custom: Some(Box::new((code, reason.to_string()))) }
    }

    /// `pods "nginx" not found`
    pub fn not_found(rt: &ResourceType, name: &str) -> Status {
        Status::plain(Reason::NotFound, format!("{} \"{name}\" not found", rt.qualified_plural()))
    }

    /// `pods "nginx" already exists`
    pub fn already_exists(rt: &ResourceType, name: &str) -> Status {
        Status::plain(Reason::AlreadyExists, format!("{} \"{name}\" already exists", rt.qualified_plural()))
    }

    /// `pods "nginx" is forbidden: <why>` (or `pods is forbidden: …` without a name).
    pub fn forbidden(qualified_resource: &str, name: Option<&str>, why: &str) -> Status {
        let subject = match name {
            Some(n) if !n.is_empty() => format!("{qualified_resource} \"{n}\""),
            _ => qualified_resource.to_string(),
        };
        Status::plain(Reason::Forbidden, format!("{subject} is forbidden: {why}"))
    }

    pub fn bad_request(message: String) -> Status {
        Status::plain(Reason::BadRequest, message)
    }

    /// `errors.NewInvalid`: `Pod "web" is invalid: <one error>` or `… is invalid: [a, b]`;
    /// the kind is group-qualified (`Deployment.apps`), as `GroupKind.String()` prints it.
    pub fn invalid(rt: &ResourceType, name: &str, errors: Vec<FieldError>) -> Status {
        let kind = if rt.group.is_empty() { rt.kind.to_string() } else { format!("{}.{}", rt.kind, rt.group) };
        Status::invalid_kind(&kind, name, errors)
    }

    /// `errors.NewInvalid` for a group-qualified kind given as text (`Scale.autoscaling`).
    pub fn invalid_kind(kind: &str, name: &str, errors: Vec<FieldError>) -> Status {
        let rendered: Vec<String> = errors.iter().map(FieldError::to_string).collect();
        let joined = if rendered.len() == 1 { rendered[0].clone() } else { format!("[{}]", rendered.join(", ")) };
        let causes = errors
            .iter()
            .map(|e| Cause { reason: e.kind.cause_type().into(), message: e.detail_text(), field: e.field.clone() })
            .collect();
        Status { reason: Reason::Invalid, message: format!("{kind} \"{name}\" is invalid: {joined}"), causes, custom: None }
    }

    pub fn plain(reason: Reason, message: String) -> Status {
        Status { reason, message, causes: Vec::new(), custom: None }
    }
}

/// `field.ErrorType` (upstream: `apimachinery/pkg/util/validation/field/errors.go`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldErrorKind {
    Required,
    Invalid(String),
    NotSupported { value: String, supported: Vec<String> },
    Duplicate(String),
    NotFound(String),
    Forbidden,
    TooLong { value: String, max: usize },
    TooMany { actual: usize, max: usize },
}

impl FieldErrorKind {
    fn cause_type(&self) -> &'static str {
        match self {
            FieldErrorKind::Required => "FieldValueRequired",
            FieldErrorKind::Invalid(_) => "FieldValueInvalid",
            FieldErrorKind::NotSupported { .. } => "FieldValueNotSupported",
            FieldErrorKind::Duplicate(_) => "FieldValueDuplicate",
            FieldErrorKind::NotFound(_) => "FieldValueNotFound",
            FieldErrorKind::Forbidden => "FieldValueForbidden",
            FieldErrorKind::TooLong { .. } => "FieldValueTooLong",
            FieldErrorKind::TooMany { .. } => "FieldValueTooMany",
        }
    }
}

/// `field.Error`: a path, a type and a detail, printed as upstream's `Error()` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub kind: FieldErrorKind,
    pub detail: String,
}

/// `FieldError::not_supported` once, not once per field type.
fn not_supported(field: String, value: &str, supported: &[&str]) -> FieldError {
    FieldError {
        field,
        kind: FieldErrorKind::NotSupported {
            value: quote(value),
            supported: supported.iter().map(|s| quote(s)).collect(),
        },
        detail: String::new(),
    }
}

impl FieldError {
    pub fn required(field: impl Into<String>, detail: impl Into<String>) -> FieldError {
        FieldError { field: field.into(), kind: FieldErrorKind::Required, detail: detail.into() }
    }

    /// `value` is already rendered as Go's `%#v` would (`"abc"` with quotes, `70000` bare).
    pub fn invalid(field: impl Into<String>, value: String, detail: impl Into<String>) -> FieldError {
        FieldError { field: field.into(), kind: FieldErrorKind::Invalid(value), detail: detail.into() }
    }

    pub fn not_supported(field: impl Into<String>, value: &str, supported: &[&str]) -> FieldError {
        not_supported(field.into(), value, supported)
    }

    pub fn duplicate(field: impl Into<String>, value: &str) -> FieldError {
        FieldError { field: field.into(), kind: FieldErrorKind::Duplicate(quote(value)), detail: String::new() }
    }

    pub fn not_found(field: impl Into<String>, value: &str) -> FieldError {
        FieldError { field: field.into(), kind: FieldErrorKind::NotFound(quote(value)), detail: String::new() }
    }

    pub fn forbidden(field: impl Into<String>, detail: impl Into<String>) -> FieldError {
        FieldError { field: field.into(), kind: FieldErrorKind::Forbidden, detail: detail.into() }
    }

    pub fn too_long(field: impl Into<String>, value: &str, max: usize) -> FieldError {
        FieldError { field: field.into(), kind: FieldErrorKind::TooLong { value: quote(value), max }, detail: String::new() }
    }

    /// The body of the error without the field (`Required value`, `Invalid value: "x": why`).
    fn detail_text(&self) -> String {
        let s = self.to_string();
        match s.split_once(": ") {
            Some((_, rest)) if !self.field.is_empty() => rest.to_string(),
            _ => s,
        }
    }
}

impl std::fmt::Display for FieldError {
    /// Upstream `(*field.Error).Error()`: `<field>: <type>[: <value>][: <detail>]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let body = match &self.kind {
            FieldErrorKind::Required => "Required value".to_string(),
            FieldErrorKind::Forbidden => "Forbidden".to_string(),
            FieldErrorKind::Invalid(v) => format!("Invalid value: {v}"),
            FieldErrorKind::Duplicate(v) => format!("Duplicate value: {v}"),
            FieldErrorKind::NotFound(v) => format!("Not found: {v}"),
            FieldErrorKind::NotSupported { value, supported } => {
                format!("Unsupported value: {value}: supported values: {}", supported.join(", "))
            }
            FieldErrorKind::TooLong { max, .. } => {
                format!("Too long: may not be more than {max} bytes")
            }
            FieldErrorKind::TooMany { actual, max } => format!("Too many: {actual}: must have at most {max} items"),
        };
        let mut out = if self.field.is_empty() { body } else { format!("{}: {body}", self.field) };
        if !self.detail.is_empty() {
            out.push_str(": ");
            out.push_str(&self.detail);
        }
        f.write_str(&out)
    }
}

/// Go's `%q` for a string.
pub fn quote(s: &str) -> String {
    podlife_model::json::quote(s)
}

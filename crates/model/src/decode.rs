//! Strict decoding, as kube-apiserver does it for a create or update with
//! `fieldValidation=Strict` (kubectl's default): a field of the wrong JSON type fails the
//! decode; fields the type does not have are collected as "unknown field" errors.
//!
//! Upstream: `staging/src/k8s.io/apimachinery/pkg/runtime/serializer/json/json.go` (strict
//! decoding), `sigs.k8s.io/json` (case-sensitive, reports every unknown field).

use serde_json::Value;

use crate::kinds::ResourceType;

/// Why a body could not be decoded into its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// A value of the wrong JSON type; the decode stops at the first one, as Go's does.
    WrongType {
        /// Upstream's field path, e.g. `spec.containers[0].ports[0].containerPort`.
        path: String,
        /// Go's `encoding/json` wording: `json: cannot unmarshal string into Go struct field …`.
        message: String,
    },
    /// Fields the type does not define, in document order.
    UnknownFields(Vec<String>),
}

impl DecodeError {
    /// The field paths the error is about, so a caller can point at them in the source.
    pub fn paths(&self) -> Vec<String> {
        match self {
            DecodeError::WrongType { path, .. } => vec![path.clone()],
            DecodeError::UnknownFields(paths) => paths.clone(),
        }
    }
}

/// Decodes `value` as `rt`'s type and returns the value as the typed object encodes it
/// (unknown fields dropped, numbers in string fields rejected, quantities as strings).
pub fn decode_strict(rt: &ResourceType, value: &Value) -> Result<Value, DecodeError> {
    let encoded = crate::schema::roundtrip(rt.schema, value).map_err(|e| wrong_type(rt, value, &e))?;
    let mut unknown = Vec::new();
    collect_unknown(value, &encoded, &mut String::new(), &mut unknown);
    if unknown.is_empty() { Ok(encoded) } else { Err(DecodeError::UnknownFields(unknown)) }
}

/// Leaves out what Go's `encoding/json` leaves out when the API server encodes `rt`'s object
/// (for etcd and for every response): the empty value of each field that is a value, not a
/// pointer, tagged `omitempty` — `"succeeded": 0`, `"completedIndexes": ""`, `"finalizers": []`,
/// `"labels": {}` — in the object and every struct inside it. A pointer field (`*int32`:
/// `JobStatus.ready`, `terminating`) keeps its 0. Upstream: `encoding/json`'s `isEmptyValue`
/// and the `json` tags of kubernetes/api and kubernetes/apimachinery.
pub fn omit_empty(rt: &ResourceType, value: &mut Value) {
    crate::schema::omit_empty(rt.schema, value);
}

/// `rt`'s zero status as the API server encodes it: what `PrepareForCreate`'s
/// `obj.Status = XStatus{}` stores — `{"replicas": 0}` for a ReplicaSet, a DaemonSet's four
/// counters, `{}` where every field is `omitempty`.
pub fn zero_status(rt: &ResourceType) -> Value {
    let mut zero = crate::schema::roundtrip(rt.schema, &serde_json::json!({"status": {}})).unwrap_or_default();
    omit_empty(rt, &mut zero);
    match zero.get_mut("status") {
        Some(status) => status.take(),
        None => serde_json::json!({}),
    }
}

/// Walks the input beside its re-encoding: a key the input has and the encoding lacks is a
/// field the type does not know. `null` inputs are skipped: Go decodes them as "unset".
fn collect_unknown(input: &Value, encoded: &Value, path: &mut String, out: &mut Vec<String>) {
    match (input, encoded) {
        (Value::Object(inp), Value::Object(enc)) => {
            for (key, child) in inp {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                match enc.get(key) {
                    Some(enc_child) => collect_unknown(child, enc_child, path, out),
                    None if !child.is_null() => out.push(path.clone()),
                    None => {}
                }
                path.truncate(len);
            }
        }
        (Value::Array(inp), Value::Array(enc)) => {
            for (i, (child, enc_child)) in inp.iter().zip(enc).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                collect_unknown(child, enc_child, path, out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// `resource.ErrFormatWrong` (upstream: `apimachinery/pkg/api/resource/quantity.go`).
pub const QUANTITY_FORMAT_ERROR: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/// Go's unmarshal type error for the first mistyped field (the schema walker reports it in
/// serde's words, as the typed k8s-openapi decode did).
fn wrong_type(rt: &ResourceType, value: &Value, err: &crate::schema::PathError) -> DecodeError {
    let path = if err.path == "." { String::new() } else { err.path.clone() };
    let got = lookup(value, &path).map(json_kind).unwrap_or("value");
    let serde_message = &err.message;
    if serde_message.ends_with("expected Quantity") {
        // `Quantity.UnmarshalJSON` parses whatever raw JSON it gets and returns the parse
        // error bare, without Go's "cannot unmarshal" wrapping or a field path.
        return DecodeError::WrongType { path, message: QUANTITY_FORMAT_ERROR.into() };
    }
    let go_type = go_type_of(serde_message);
    let parent = parent_path(&path);
    let field = field_path_without_indices(&path);
    let message = match struct_name_at(rt, value, parent) {
        Some(owner) if !field.is_empty() => {
            format!("json: cannot unmarshal {got} into Go struct field {owner}.{field} of type {go_type}")
        }
        _ => format!("json: cannot unmarshal {got} into Go value of type {go_type}"),
    };
    DecodeError::WrongType { path, message }
}

/// The Go struct that holds the field at `parent`, found by asking the decoder what it
/// expected there (the schema names each struct's Go type).
fn struct_name_at(rt: &ResourceType, value: &Value, parent: &str) -> Option<String> {
    let mut probe = value.clone();
    let slot = lookup_mut(&mut probe, parent)?;
    *slot = Value::Bool(true);
    let err = crate::schema::roundtrip(rt.schema, &probe).err()?;
    let text = err.message;
    let expected = text.split("expected ").nth(1)?;
    let name = expected.split(|c: char| !c.is_ascii_alphanumeric()).next()?;
    name.chars().next().filter(|c| c.is_ascii_uppercase()).map(|_| name.to_string())
}

/// `spec.containers[0].ports[1].containerPort` → `spec.containers.ports.containerPort`,
/// the form Go's error uses.
fn field_path_without_indices(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut depth = 0;
    for c in path.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

fn parent_path(path: &str) -> &str {
    match path.rfind(['.', '[']) {
        Some(i) => &path[..i],
        None => "",
    }
}

/// Maps serde's "expected …" to the Go type name in upstream's message.
fn go_type_of(serde_message: &str) -> String {
    let expected = serde_message.split("expected ").nth(1).unwrap_or("").trim();
    let word = expected.trim_start_matches("a ").trim_start_matches("an ");
    match word {
        w if w.starts_with("i32") || w.starts_with("a 32-bit") => "int32".into(),
        w if w.starts_with("i64") => "int64".into(),
        w if w.starts_with("f64") => "float64".into(),
        w if w.starts_with("string") => "string".into(),
        w if w.starts_with("boolean") || w.starts_with("bool") => "bool".into(),
        w if w.starts_with("sequence") => "[]interface {}".into(),
        w if w.starts_with("map") => "map[string]string".into(),
        w if w.starts_with("Quantity") => "resource.Quantity".into(),
        w if w.starts_with("IntOrString") => "intstr.IntOrString".into(),
        w if w.chars().next().is_some_and(|c| c.is_ascii_uppercase()) => {
            format!("v1.{}", w.split(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or(w))
        }
        _ => "string".into(),
    }
}

fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Splits `a.b[2].c` into segments.
fn segments(path: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (name, rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            out.push(Segment::Key(name));
        }
        for idx in rest.split('[').filter(|s| !s.is_empty()) {
            if let Ok(i) = idx.trim_end_matches(']').parse() {
                out.push(Segment::Index(i));
            }
        }
    }
    out
}

enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

/// The value at an upstream-style field path.
pub fn lookup<'v>(value: &'v Value, path: &str) -> Option<&'v Value> {
    segments(path).into_iter().try_fold(value, |v, seg| match seg {
        Segment::Key(k) => v.get(k),
        Segment::Index(i) => v.get(i),
    })
}

fn lookup_mut<'v>(value: &'v mut Value, path: &str) -> Option<&'v mut Value> {
    segments(path).into_iter().try_fold(value, |v, seg| match seg {
        Segment::Key(k) => v.get_mut(k),
        Segment::Index(i) => v.get_mut(i),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod() -> &'static ResourceType {
        ResourceType::by_api_version_kind("v1", "Pod").expect("pods are served")
    }

    #[test]
    fn zero_statuses_as_go_encodes_them() {
        // kubernetes/api apps/v1 and core/v1 types.go: the status fields without `omitempty`.
        let zero = |plural: &str| super::zero_status(crate::kinds::ResourceType::resolve(plural).expect("served"));
        assert_eq!(zero("deployments"), serde_json::json!({}));
        assert_eq!(zero("replicasets"), serde_json::json!({"replicas": 0}));
        assert_eq!(zero("replicationcontrollers"), serde_json::json!({"replicas": 0}));
        assert_eq!(zero("statefulsets"), serde_json::json!({"availableReplicas": 0, "replicas": 0}));
        assert_eq!(zero("daemonsets"), serde_json::json!({"currentNumberScheduled": 0, "desiredNumberScheduled": 0, "numberMisscheduled": 0, "numberReady": 0}));
        assert_eq!(zero("cronjobs"), serde_json::json!({}));
        assert_eq!(zero("jobs"), serde_json::json!({}));
        assert_eq!(zero("poddisruptionbudgets"), serde_json::json!({"currentHealthy": 0, "desiredHealthy": 0, "disruptionsAllowed": 0, "expectedPods": 0}));
    }

    #[test]
    fn unknown_fields_are_listed_with_paths() {
        let v = json!({"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"},
            "spec":{"containers":[{"name":"a","imagee":"x"}],"foo":1}});
        assert_eq!(
            decode_strict(pod(), &v),
            Err(DecodeError::UnknownFields(vec!["spec.containers[0].imagee".into(), "spec.foo".into()]))
        );
    }

    #[test]
    fn empty_omitempty_values_are_left_out_as_go_encodes_them() {
        let job = crate::RESOURCES.iter().find(|r| r.kind == "Job").expect("Job");
        // JobStatus: `active`, `succeeded` and `completedIndexes` are values tagged omitempty;
        // `ready` and `terminating` are *int32 (a 0 is kept); `uncountedTerminatedPods` is a
        // pointer to a struct whose empty lists go.
        let mut v = json!({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"a","labels":{},"finalizers":[]},
            "spec":{"template":{"spec":{"containers":[{"name":"c","image":"x","args":[],"ports":[{"containerPort":80,"hostPort":0}]}],
                "imagePullSecrets":[{"name":""}]}}},
            "status":{"active":0,"succeeded":1,"completedIndexes":"","ready":0,"terminating":0,"uncountedTerminatedPods":{"succeeded":[],"failed":[]}}});
        omit_empty(job, &mut v);
        assert_eq!(
            v,
            json!({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"a"},
                "spec":{"template":{"spec":{"containers":[{"name":"c","image":"x","ports":[{"containerPort":80}]}],"imagePullSecrets":[{}]}}},
                "status":{"succeeded":1,"ready":0,"terminating":0,"uncountedTerminatedPods":{}}})
        );
    }

    #[test]
    fn wrong_types_name_the_go_struct() {
        let v = json!({"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"},
            "spec":{"containers":[{"name":"a","image":"x","ports":[{"containerPort":"80"}]}]}});
        let Err(DecodeError::WrongType { path, message }) = decode_strict(pod(), &v) else {
            panic!("expected a type error")
        };
        assert_eq!(path, "spec.containers[0].ports[0].containerPort");
        assert_eq!(
            message,
            "json: cannot unmarshal string into Go struct field ContainerPort.spec.containers.ports.containerPort of type int32"
        );
    }

    #[test]
    fn known_fields_pass_and_numbers_become_quantities() {
        let v = json!({"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","creationTimestamp":null},
            "spec":{"containers":[{"name":"a","image":"x","resources":{"requests":{"cpu":1}}}]}});
        let out = decode_strict(pod(), &v).expect("valid pod");
        assert_eq!(lookup(&out, "spec.containers[0].resources.requests.cpu"), Some(&json!("1")));
    }
}


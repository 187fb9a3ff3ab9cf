//! The typed decode podlife used before the schema table (commit d8bd876's
//! `src/decode.rs` and `kinds.rs`): deserialize into the k8s-openapi type through `path_de`,
//! serialize again, diff; Go's error texts from serde's. Kept as the reference the table
//! decoder is differential-tested against.
#![allow(dead_code)]

use podlife_model::decode::DecodeError;
use serde_json::Value;

pub type Roundtrip = fn(&Value) -> Result<Value, super::path_de::PathError>;

pub fn roundtrip_as<T: serde::de::DeserializeOwned + serde::Serialize>(
    value: &Value,
) -> Result<Value, super::path_de::PathError> {
    let typed: T = super::path_de::deserialize(value)?;
    Ok(serde_json::to_value(&typed).unwrap_or(Value::Null))
}

/// The typed round trip of a served kind, by kind name.
pub fn roundtrip_for(kind: &str) -> Roundtrip {
    use k8s_openapi::api::{admissionregistration::v1 as admissionregistration, apps::v1 as apps, autoscaling::v2 as autoscaling, batch::v1 as batch, coordination::v1 as coordination, core::v1 as core, discovery::v1 as discovery, networking::v1 as networking, policy::v1 as policy, rbac::v1 as rbac, scheduling::v1 as scheduling, storage::v1 as storage};
    match kind {
        "ConfigMap" => roundtrip_as::<core::ConfigMap>,
        "Endpoints" => roundtrip_as::<core::Endpoints>,
        "Event" => roundtrip_as::<core::Event>,
        "Namespace" => roundtrip_as::<core::Namespace>,
        "Node" => roundtrip_as::<core::Node>,
        "PersistentVolumeClaim" => roundtrip_as::<core::PersistentVolumeClaim>,
        "PersistentVolume" => roundtrip_as::<core::PersistentVolume>,
        "LimitRange" => roundtrip_as::<core::LimitRange>,
        "Pod" => roundtrip_as::<core::Pod>,
        "ReplicationController" => roundtrip_as::<core::ReplicationController>,
        "ResourceQuota" => roundtrip_as::<core::ResourceQuota>,
        "Secret" => roundtrip_as::<core::Secret>,
        "ServiceAccount" => roundtrip_as::<core::ServiceAccount>,
        "Service" => roundtrip_as::<core::Service>,
        "MutatingAdmissionPolicy" => roundtrip_as::<admissionregistration::MutatingAdmissionPolicy>,
        "MutatingAdmissionPolicyBinding" => roundtrip_as::<admissionregistration::MutatingAdmissionPolicyBinding>,
        "MutatingWebhookConfiguration" => roundtrip_as::<admissionregistration::MutatingWebhookConfiguration>,
        "ValidatingAdmissionPolicy" => roundtrip_as::<admissionregistration::ValidatingAdmissionPolicy>,
        "ValidatingAdmissionPolicyBinding" => roundtrip_as::<admissionregistration::ValidatingAdmissionPolicyBinding>,
        "ValidatingWebhookConfiguration" => roundtrip_as::<admissionregistration::ValidatingWebhookConfiguration>,
        "ControllerRevision" => roundtrip_as::<apps::ControllerRevision>,
        "DaemonSet" => roundtrip_as::<apps::DaemonSet>,
        "Deployment" => roundtrip_as::<apps::Deployment>,
        "ReplicaSet" => roundtrip_as::<apps::ReplicaSet>,
        "StatefulSet" => roundtrip_as::<apps::StatefulSet>,
        "HorizontalPodAutoscaler" => roundtrip_as::<autoscaling::HorizontalPodAutoscaler>,
        "CronJob" => roundtrip_as::<batch::CronJob>,
        "Job" => roundtrip_as::<batch::Job>,
        "Lease" => roundtrip_as::<coordination::Lease>,
        "EndpointSlice" => roundtrip_as::<discovery::EndpointSlice>,
        "IPAddress" => roundtrip_as::<networking::IPAddress>,
        "Ingress" => roundtrip_as::<networking::Ingress>,
        "IngressClass" => roundtrip_as::<networking::IngressClass>,
        "NetworkPolicy" => roundtrip_as::<networking::NetworkPolicy>,
        "ServiceCIDR" => roundtrip_as::<networking::ServiceCIDR>,
        "PodDisruptionBudget" => roundtrip_as::<policy::PodDisruptionBudget>,
        "ClusterRoleBinding" => roundtrip_as::<rbac::ClusterRoleBinding>,
        "ClusterRole" => roundtrip_as::<rbac::ClusterRole>,
        "RoleBinding" => roundtrip_as::<rbac::RoleBinding>,
        "Role" => roundtrip_as::<rbac::Role>,
        "PriorityClass" => roundtrip_as::<scheduling::PriorityClass>,
        "StorageClass" => roundtrip_as::<storage::StorageClass>,
        other => panic!("no typed reference for {other}"),
    }
}

/// Decodes `value` as `rt`'s type and returns the value as the typed object encodes it
/// (unknown fields dropped, numbers in string fields rejected, quantities as strings).
pub fn decode_strict(roundtrip: Roundtrip, value: &Value) -> Result<Value, DecodeError> {
    let encoded = roundtrip(value).map_err(|e| wrong_type(roundtrip, value, &e))?;
    let mut unknown = Vec::new();
    collect_unknown(value, &encoded, &mut String::new(), &mut unknown);
    if unknown.is_empty() { Ok(encoded) } else { Err(DecodeError::UnknownFields(unknown)) }
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
const QUANTITY_FORMAT_ERROR: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

/// Go's unmarshal type error for the first mistyped field serde reports.
fn wrong_type(rt: Roundtrip, value: &Value, err: &super::path_de::PathError) -> DecodeError {
    let path = err.path().to_string();
    let path = if path == "." { String::new() } else { path };
    let got = lookup(value, &path).map(json_kind).unwrap_or("value");
    let serde_message = err.inner().to_string();
    if serde_message.ends_with("expected Quantity") {
        // `Quantity.UnmarshalJSON` parses whatever raw JSON it gets and returns the parse
        // error bare, without Go's "cannot unmarshal" wrapping or a field path.
        return DecodeError::WrongType { path, message: QUANTITY_FORMAT_ERROR.into() };
    }
    let go_type = go_type_of(&serde_message);
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
/// expected there (k8s-openapi's visitors name their Go type).
fn struct_name_at(rt: Roundtrip, value: &Value, parent: &str) -> Option<String> {
    let mut probe = value.clone();
    let slot = lookup_mut(&mut probe, parent)?;
    *slot = Value::Bool(true);
    let err = rt(&probe).err()?;
    let text = err.inner().to_string();
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
fn lookup<'v>(value: &'v Value, path: &str) -> Option<&'v Value> {
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


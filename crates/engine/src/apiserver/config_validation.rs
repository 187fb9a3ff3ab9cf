//! `ValidateConfigMap`, `ValidateSecret` and their `…Update` forms
//! (`pkg/apis/core/validation/validation.go`): every key a config key, the data together at
//! most 1 MiB (`MaxSecretSize`), and nothing changed once `immutable` is set.

use serde_json::Value;

use super::status::{FieldError, quote};
use super::validation::object_meta;

/// `MaxSecretSize`: the most bytes a ConfigMap's or a Secret's data may hold.
pub const MAX_SECRET_SIZE: usize = 1024 * 1024;

const IMMUTABLE: &str = "field is immutable when `immutable` is set";

/// `IsConfigMapKey` (apimachinery `pkg/util/validation`): length, format, then no `.`/`..`.
pub fn config_map_key(key: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if key.len() > 253 {
        errs.push("must be no more than 253 characters".to_string());
    }
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_')) {
        // `RegexError` with three examples (its ",  or " spacing is upstream's).
        errs.push("a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')".to_string());
    }
    match key {
        "." => errs.push("must not be '.'".to_string()),
        ".." => errs.push("must not be '..'".to_string()),
        k if k.starts_with("..") => errs.push("must not start with '..'".to_string()),
        _ => {}
    }
    errs
}

/// The bytes a value of `data` holds: a ConfigMap's string, a Secret's base64 decoded.
fn bytes_of(value: &Value, base64: bool) -> usize {
    let s = value.as_str().unwrap_or_default();
    if !base64 {
        return s.len();
    }
    let digits = s.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'=').count();
    digits * 3 / 4
}

fn keys(map: &Value, path: &str, base64: bool, errs: &mut Vec<FieldError>) -> usize {
    let mut total = 0;
    for (key, value) in map.as_object().into_iter().flatten() {
        for msg in config_map_key(key) {
            errs.push(FieldError::invalid(format!("{path}[{key}]"), quote(key), msg));
        }
        total += bytes_of(value, base64);
    }
    total
}

/// `ValidateConfigMap` without the metadata: `data` and `binaryData` keys, a key in both, the
/// total size (reported on the whole object, whose path prints as `[]`).
fn config_map_data(obj: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut total = keys(&obj["data"], "data", false, &mut errs);
    for key in obj["data"].as_object().into_iter().flatten().map(|(k, _)| k) {
        if obj["binaryData"].get(key).is_some() {
            errs.push(FieldError::invalid(format!("data[{key}]"), quote(key), "duplicate of key present in binaryData"));
        }
    }
    total += keys(&obj["binaryData"], "binaryData", true, &mut errs);
    if total > MAX_SECRET_SIZE {
        errs.push(FieldError::too_long("[]", "", MAX_SECRET_SIZE));
    }
    errs
}

/// `ValidateSecret` without the metadata: `data` keys and their total size.
fn secret_data(obj: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if keys(&obj["data"], "data", true, &mut errs) > MAX_SECRET_SIZE {
        errs.push(FieldError::too_long("data", "", MAX_SECRET_SIZE));
    }
    errs
}

/// A ConfigMap or Secret being created.
pub fn on_create(kind: &str, obj: &Value) -> Vec<FieldError> {
    let mut errs = object_meta(kind, &obj["metadata"]);
    errs.extend(if kind == "Secret" { secret_data(obj) } else { config_map_data(obj) });
    errs
}

/// The data checks of an update, after the metadata's: an immutable object keeps its flag,
/// its data (and a Secret its type), then the new object is validated as on create.
pub fn on_update(kind: &str, old: &Value, new: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if kind == "Secret" && old["type"] != new["type"] {
        // `ValidateImmutableField`.
        errs.push(FieldError::invalid("type", quote(new["type"].as_str().unwrap_or_default()), "field is immutable"));
    }
    if old["immutable"] == true {
        if new["immutable"] != true {
            errs.push(FieldError::forbidden("immutable", IMMUTABLE));
        }
        let fields: &[&str] = if kind == "Secret" { &["data"] } else { &["data", "binaryData"] };
        for field in fields {
            if old[*field] != new[*field] {
                errs.push(FieldError::forbidden(*field, IMMUTABLE));
            }
        }
    }
    errs.extend(if kind == "Secret" { secret_data(new) } else { config_map_data(new) });
    errs
}

#[cfg(test)]
mod tests {
    use super::*;


    #[test]
    fn config_keys() {
        assert!(config_map_key("key.name").is_empty());
        assert!(config_map_key("KEY_NAME").is_empty());
        assert_eq!(config_map_key("..a"), vec!["must not start with '..'"]);
        assert_eq!(config_map_key("a b").len(), 1);
        assert_eq!(config_map_key(&"k".repeat(254)), vec!["must be no more than 253 characters"]);
    }

    #[test]
    fn sizes() {
        let big = "x".repeat(MAX_SECRET_SIZE + 1);
        let errs = on_create("ConfigMap", &json!({"metadata": {"name": "big"}, "data": {"a": big}}));
        assert_eq!(errs.iter().map(ToString::to_string).collect::<Vec<_>>(), vec!["[]: Too long: may not be more than 1048576 bytes"]);
        assert!(on_create("ConfigMap", &json!({"metadata": {"name": "ok"}, "data": {"a": "x".repeat(MAX_SECRET_SIZE)}})).is_empty());
        // 1 MiB + 3 bytes of Secret data, base64-encoded.
        let encoded = "QUJD".repeat(MAX_SECRET_SIZE / 3 + 1);
        let errs = on_create("Secret", &json!({"metadata": {"name": "s"}, "data": {"k": encoded}}));
        assert_eq!(errs.iter().map(ToString::to_string).collect::<Vec<_>>(), vec!["data: Too long: may not be more than 1048576 bytes"]);
    }

    #[test]
    fn immutable() {
        let old = json!({"immutable": true, "data": {"a": "1"}});
        let new = json!({"data": {"a": "2"}});
        let errs: Vec<String> = on_update("ConfigMap", &old, &new).iter().map(ToString::to_string).collect();
        assert_eq!(errs, vec!["immutable: Forbidden: field is immutable when `immutable` is set", "data: Forbidden: field is immutable when `immutable` is set"]);
    }
}

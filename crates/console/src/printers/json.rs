//! `-o json`: Go's `json.MarshalIndent(obj, "", "    ")` — four-space indent, sorted keys,
//! and `<`, `>`, `&` escaped as Go's encoder does.

use serde_json::Value;

pub fn to_json(value: &Value) -> String {
    format!("{}\n", podlife_model::json::to_string_indent(value, "    "))
}

/// Compact JSON as `json.Marshal` writes it (used for the last-applied annotation).
pub fn to_compact_json(value: &Value) -> String {
    podlife_model::json::to_string(value)
}

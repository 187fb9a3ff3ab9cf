//! `-o json`: Go's `json.MarshalIndent(obj, "", "    ")` — four-space indent, sorted keys,
//! and `<`, `>`, `&` escaped as Go's encoder does.

use serde::Serialize;
use serde_json::Value;

pub fn to_json(value: &Value) -> String {
    let mut buf = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b"    ");
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, formatter);
    if value.serialize(&mut ser).is_err() {
        return String::new();
    }
    let text = String::from_utf8(buf).unwrap_or_default();
    format!("{}\n", go_escape(&text))
}

/// Compact JSON as `json.Marshal` writes it (used for the last-applied annotation).
pub fn to_compact_json(value: &Value) -> String {
    go_escape(&serde_json::to_string(value).unwrap_or_default())
}

/// `<`, `>` and `&` only occur inside strings in JSON text, so replacing them everywhere is
/// exactly Go's HTML-safe escaping.
fn go_escape(text: &str) -> String {
    text.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

//! Fixed objects held as JSON text (`include_str!` of a `.json` file beside the module that
//! uses them) rather than built by `json!`: every key and value of a `json!` literal costs
//! 20–40 bytes of wasm code, while the same object as text is a few bytes of data that
//! compresses about five times better (the kind cluster's system objects, kubeadm's manifests,
//! Istio's install and sidecar cost ~45 KB brotli of the engine worker as code).
//!
//! `build.rs` minifies the files into `OUT_DIR` (the sources stay indented for reading).
//!
//! The text is podlife's own: a parse error is a bug (the tests parse every file). Values
//! computed at run time (image names, node names, addresses) are placeholders `${NAME}` inside
//! strings, filled in after parsing (so no value needs JSON escaping); a `${…}` whose name is
//! not given stays as it is.

use serde_json::Value;

/// The value `text` holds, every `${NAME}` in its strings replaced by the value `vars` gives
/// for NAME.
pub fn parse(text: &str, vars: &[(&str, &str)]) -> Value {
    let mut value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => panic!("podlife's fixed JSON does not parse: {e}"),
    };
    if !vars.is_empty() {
        fill(&mut value, vars);
    }
    value
}

/// `parse` of a JSON array: its elements.
pub fn parse_list(text: &str, vars: &[(&str, &str)]) -> Vec<Value> {
    match parse(text, vars) {
        Value::Array(items) => items,
        other => vec![other],
    }
}

fn fill(value: &mut Value, vars: &[(&str, &str)]) {
    match value {
        Value::String(s) if s.contains("${") => *s = substitute(s, vars),
        Value::Array(items) => items.iter_mut().for_each(|v| fill(v, vars)),
        Value::Object(map) => map.values_mut().for_each(|v| fill(v, vars)),
        _ => {}
    }
}

/// `s` with each `${NAME}` of `vars` replaced (the replacement is not scanned again).
pub fn substitute(s: &str, vars: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(start) = rest.find("${") {
        let after = &rest[start + 2..];
        let found = after.find('}').and_then(|end| vars.iter().find(|(name, _)| *name == &after[..end]).map(|(_, v)| (end, v)));
        match found {
            Some((end, v)) => {
                out.push_str(&rest[..start]);
                out.push_str(v);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&rest[..start + 2]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_inside_strings_only() {
        let v = parse(r#"{"a": "${X}", "b": ["x${X}y${Y}", "${Z}", "$(X)", 1], "${X}": "k"}"#, &[("X", "1\"2"), ("Y", "${X}")]);
        assert_eq!(v, serde_json::json!({"a": "1\"2", "b": ["x1\"2y${X}", "${Z}", "$(X)", 1], "${X}": "k"}));
    }
}

//! `-f -` / `-f FILE`: kubectl's client side of reading manifests — YAML to JSON, the
//! apiVersion/kind check of `--validate`, and the REST mapping of each kind. Errors read as
//! kubectl prints them and carry the line and column they come from.

use serde_json::Value;

use super::Context;
use crate::{Diagnostic, Output};
use podlife_manifest::{Item, Spans};
use podlife_model::ResourceType;

/// One object ready to send.
pub struct Object {
    pub resource: &'static ResourceType,
    pub value: Value,
    /// `STDIN` or the file name, as kubectl names the source in errors.
    pub source: String,
    spans: Spans,
    first_line: u32,
}

impl Object {
    /// Diagnostics for an error about these field paths (the whole object when none).
    pub fn locate(&self, paths: &[String], message: &str) -> Vec<Diagnostic> {
        if paths.is_empty() {
            return vec![Diagnostic { line: self.first_line, column: 1, message: message.to_string() }];
        }
        paths.iter().map(|p| self.locate_one(p, message)).collect()
    }

    pub fn locate_one(&self, path: &str, message: &str) -> Diagnostic {
        let pos = self.spans.locate(path);
        Diagnostic {
            line: pos.map_or(self.first_line, |p| p.line),
            column: pos.map_or(1, |p| p.column),
            message: message.to_string(),
        }
    }
}

/// Reads every object from the given `-f` arguments; prints the first error and returns
/// `None` when the input cannot be used (kubectl sends nothing then).
pub fn read(ctx: &mut Context<'_>, files: &[String], validate: bool, out: &mut Output) -> Option<Vec<Object>> {
    let mut objects = Vec::new();
    for file in files {
        let (source, text) = if file == "-" {
            ("STDIN".to_string(), ctx.stdin.unwrap_or_default().to_string())
        } else {
            match (ctx.read_file)(file) {
                Some(t) => (file.clone(), t),
                None => {
                    out.err(&format!("error: the path \"{file}\" does not exist\n"));
                    return None;
                }
            }
        };
        for item in podlife_manifest::parse(&text) {
            let doc = match item {
                Item::Error(e) => {
                    let message = format!("error: error parsing {source}: error converting YAML to JSON: {}", e.go_yaml_text());
                    out.err(&format!("{message}\n"));
                    out.diagnostics.push(Diagnostic { line: e.position.line, column: e.position.column, message });
                    return None;
                }
                Item::Object(doc) => doc,
            };
            let here = |message: String, path: &str| {
                let pos = doc.spans.locate(path);
                Diagnostic { line: pos.map_or(doc.first_line, |p| p.line), column: pos.map_or(1, |p| p.column), message }
            };
            if !doc.value.is_object() {
                let message = format!("error: error validating \"{source}\": error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false");
                out.err(&format!("{message}\n"));
                out.diagnostics.push(here(message, ""));
                return None;
            }
            let api_version = doc.value.get("apiVersion");
            let kind = doc.value.get("kind");
            if validate {
                let mut problems = Vec::new();
                match api_version {
                    None | Some(Value::Null) => problems.push("apiVersion not set"),
                    Some(v) if !v.is_string() => problems.push("apiVersion isn't string type"),
                    _ => {}
                }
                match kind {
                    None | Some(Value::Null) => problems.push("kind not set"),
                    Some(v) if !v.is_string() => problems.push("kind isn't string type"),
                    _ => {}
                }
                if !problems.is_empty() {
                    let list = if problems.len() == 1 { problems[0].to_string() } else { format!("[{}]", problems.join(", ")) };
                    let message = format!("error: error validating \"{source}\": error validating data: {list}; if you choose to ignore these errors, turn validation off with --validate=false");
                    out.err(&format!("{message}\n"));
                    out.diagnostics.push(here(message, ""));
                    return None;
                }
            }
            let api_version = api_version.and_then(Value::as_str).unwrap_or_default();
            let kind = kind.and_then(Value::as_str).unwrap_or_default();
            if kind.is_empty() {
                let message = format!("error: unable to decode \"{source}\": Object 'Kind' is missing in '{}'", podlife_model::json::to_string(&doc.value));
                out.err(&format!("{message}\n"));
                out.diagnostics.push(here(message, ""));
                return None;
            }
            let Some(resource) = ResourceType::by_api_version_kind(api_version, kind) else {
                let name = doc.value["metadata"]["name"].as_str().unwrap_or_default();
                let ns = doc.value["metadata"]["namespace"].as_str().unwrap_or_default();
                let message = format!(
                    "error: resource mapping not found for name: \"{name}\" namespace: \"{ns}\" from \"{source}\": no matches for kind \"{kind}\" in version \"{api_version}\"\nensure CRDs are installed first"
                );
                out.err(&format!("{message}\n"));
                out.diagnostics.push(here(message, "kind"));
                return None;
            };
            objects.push(Object { resource, value: doc.value, source: source.clone(), spans: doc.spans, first_line: doc.first_line });
        }
    }
    Some(objects)
}

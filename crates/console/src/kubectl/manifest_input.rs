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
    /// The document's positions, shared by the items of a `List`.
    spans: std::sync::Arc<Spans>,
    /// Where the object sits in its document: `items[2].` for an item of a `List`.
    path: String,
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
        let pos = self.spans.locate(&format!("{}{path}", self.path));
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
            // The document's own kind must map (`mapper.infoForData`); client-go's discovery
            // mapper also maps `List` and `<Kind>List` in every group version it serves
            // (`restmapper/discovery.go`).
            let is_list = doc.value.get("items").is_some_and(|v| v.is_array() || v.is_null());
            let resource = ResourceType::by_api_version_kind(api_version, kind);
            let maps_as_list = is_list && (kind == "List" || kind.strip_suffix("List").is_some_and(|k| ResourceType::by_api_version_kind(api_version, k).is_some()));
            if resource.is_none() && !maps_as_list {
                let name = doc.value["metadata"]["name"].as_str().unwrap_or_default();
                let ns = doc.value["metadata"]["namespace"].as_str().unwrap_or_default();
                let message = format!(
                    "error: resource mapping not found for name: \"{name}\" namespace: \"{ns}\" from \"{source}\": no matches for kind \"{kind}\" in version \"{api_version}\"\nensure CRDs are installed first"
                );
                out.err(&format!("{message}\n"));
                out.diagnostics.push(here(message, "kind"));
                return None;
            }
            if !is_list {
                let resource = resource.expect("mapped above");
                objects.push(Object { resource, value: doc.value, source: source.clone(), spans: std::sync::Arc::new(doc.spans), path: String::new(), first_line: doc.first_line });
                continue;
            }
            let (items, errors) = flatten_list(doc.value);
            if !errors.is_empty() {
                let message = if errors.len() == 1 { format!("error: {}", errors[0]) } else { format!("error: [{}]", errors.join(", ")) };
                out.err(&format!("{message}\n"));
                out.diagnostics.push(here(message, "items"));
                return None;
            }
            let spans = std::sync::Arc::new(doc.spans);
            for (path, resource, value) in items {
                objects.push(Object { resource, value, source: source.clone(), spans: spans.clone(), path, first_line: doc.first_line });
            }
        }
    }
    Some(objects)
}

/// `FlattenListVisitor` (cli-runtime `pkg/resource/visitor.go`): a list's items, and the
/// items of lists among them, in order, each mapped on its own (`mapper.infoForObject`); an
/// item that cannot be mapped is an error, the others are still returned. Items of the
/// outermost list that name neither kind nor apiVersion take the list's (`PodList` → `Pod`),
/// as the unstructured decoder's `decodeToList` does.
fn flatten_list(list: Value) -> (Vec<(String, &'static ResourceType, Value)>, Vec<String>) {
    let list_kind = list["kind"].as_str().unwrap_or_default().to_string();
    let list_api_version = list["apiVersion"].as_str().unwrap_or_default().to_string();
    let item_kind = list_kind.strip_suffix("List").unwrap_or(&list_kind).to_string();
    let mut found = Vec::new();
    let mut errors = Vec::new();
    // (path prefix in the document, value), breadth first as upstream's `itemsToProcess`.
    let mut queue: std::collections::VecDeque<(String, Value)> = std::collections::VecDeque::from([(String::new(), list)]);
    while let Some((path, value)) = queue.pop_front() {
        if let Some(items) = value.get("items").filter(|v| v.is_array() || v.is_null()) {
            for (i, mut item) in items.as_array().cloned().unwrap_or_default().into_iter().enumerate() {
                let item_path = format!("{path}items[{i}].");
                if !item.is_object() {
                    errors.push(format!("items member is not an object: {}", go_type(&item)));
                    continue;
                }
                if path.is_empty() && item.get("kind").is_none() && item.get("apiVersion").is_none() {
                    item["kind"] = Value::String(item_kind.clone());
                    item["apiVersion"] = Value::String(list_api_version.clone());
                }
                queue.push_back((item_path, item));
            }
            continue;
        }
        let kind = value["kind"].as_str().unwrap_or_default();
        let api_version = value["apiVersion"].as_str().unwrap_or_default();
        if kind.is_empty() {
            errors.push("unable to get type info from the object \"*unstructured.Unstructured\": Object 'Kind' is missing in 'unstructured object has no kind'".into());
            continue;
        }
        if api_version.is_empty() {
            errors.push("unable to get type info from the object \"*unstructured.Unstructured\": Object 'apiVersion' is missing in 'unstructured object has no version'".into());
            continue;
        }
        match ResourceType::by_api_version_kind(api_version, kind) {
            Some(resource) => found.push((path, resource, value)),
            None => errors.push(format!("unable to recognize no matches for kind \"{kind}\" in version \"{api_version}\"")),
        }
    }
    (found, errors)
}

/// Go's `%T` of a decoded JSON value.
fn go_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
    }
}

//! Manifests: YAML text into JSON objects, as kubectl reads them, with every value's
//! position kept so that any later error (client- or server-side) can point at a line and
//! column.
//!
//! kubectl splits a stream into documents on `---` lines, converts each from YAML 1.1 (go-yaml
//! v2 via `sigs.k8s.io/yaml`) to JSON, and only then decodes objects. This crate does the first
//! two steps the same way; typed decoding and validation belong to the API server.

pub mod float;
mod resolve;
mod spans;
mod split;
mod yaml;

pub use spans::{Position, Spans};

use serde_json::Value;

/// The largest text accepted, the API server's request body limit
/// (upstream: `apiserver/pkg/server/config.go`, `MaxRequestBodyBytes` = 3 MiB).
pub const MAX_INPUT_BYTES: usize = 3 * 1024 * 1024;

/// The deepest nesting read; deeper documents are refused with a stated error.
pub const MAX_DEPTH: usize = 200;

/// The most nodes aliases may expand to in a whole stream, all its documents together: each
/// document passes go-yaml's alias-ratio check on its own, so many of them could add up
/// (issue 16, A04). Past it, go-yaml's words (`document contains excessive aliasing`).
pub const MAX_ALIAS_NODES: usize = 200_000;

/// One `---`-separated document that held an object (empty documents are skipped, as kubectl
/// skips them).
#[derive(Debug, Clone)]
pub struct Document {
    /// 1-based line of the document's first line in the whole text.
    pub first_line: u32,
    pub value: Value,
    pub spans: Spans,
}

/// A YAML problem in one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    /// Where in the whole text (1-based line and column).
    pub position: Position,
    /// The line as go-yaml counts it: relative to the document's own text, as kubectl
    /// reports it.
    pub document_line: u32,
    /// go-yaml's wording, without the `yaml: line N: ` prefix.
    pub message: String,
}

impl YamlError {
    /// `yaml: line 3: mapping values are not allowed in this context`, go-yaml's form.
    pub fn go_yaml_text(&self) -> String {
        if self.document_line == 0 {
            format!("yaml: {}", self.message)
        } else {
            format!("yaml: line {}: {}", self.document_line, self.message)
        }
    }
}

/// One item of a manifest stream: a document's object, or why it could not be read.
#[derive(Debug, Clone)]
pub enum Item {
    Object(Document),
    Error(YamlError),
}

/// The first YAML document as JSON (`yaml.ToJSON` of a single value, as kubectl reads a
/// `-p` patch or a configuration file); `None` for an empty text.
pub fn first_document(text: &str) -> Result<Option<Value>, YamlError> {
    match parse(text).into_iter().next() {
        Some(Item::Object(d)) => Ok(Some(d.value)),
        Some(Item::Error(e)) => Err(e),
        None => Ok(None),
    }
}

/// Reads every document in `text`. Never panics; stops at a size limit with an error item.
pub fn parse(text: &str) -> Vec<Item> {
    if text.len() > MAX_INPUT_BYTES {
        return vec![Item::Error(YamlError {
            position: Position { line: 1, column: 1 },
            document_line: 0,
            message: format!("input exceeds the limit of {MAX_INPUT_BYTES} bytes"),
        })];
    }
    let mut alias_budget = MAX_ALIAS_NODES;
    let mut items = Vec::new();
    for chunk in split::documents(text) {
        let Some(item) = yaml::read_document(chunk.text, chunk.first_line, &mut alias_budget) else { continue };
        // The stream's alias budget is spent: nothing after this document is read.
        let spent = matches!(&item, Item::Error(e) if e.message == yaml::EXCESSIVE_ALIASING);
        items.push(item);
        if spent {
            break;
        }
    }
    items
}

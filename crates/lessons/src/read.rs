//! Reading a lesson's YAML with positions: every value knows its file, its field path and
//! where it was written, so a mistake in a lesson file is reported as
//! `course/restarts/crash-loop/lesson.yaml:14:9: goals[1]: unknown field "feild"`.

use std::fmt;

use podlife_manifest::{Item, Spans};
use serde_json::{Map, Value};

/// What is wrong in a lesson file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// The field path inside the file (`goals[1].is`), empty for the file itself.
    pub path: String,
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        if !self.path.is_empty() {
            write!(f, ": {}", self.path)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ReadError {}

/// A parsed YAML file.
pub struct Document {
    file: String,
    value: Value,
    spans: Spans,
}

impl Document {
    /// The file's single YAML document (an empty file is an error: a lesson always says something).
    pub fn parse(file: &str, text: &str) -> Result<Document, ReadError> {
        let fail = |line, column, message| ReadError { file: file.to_string(), line, column, path: String::new(), message };
        let mut items = podlife_manifest::parse(text).into_iter();
        let doc = match items.next() {
            Some(Item::Object(d)) => d,
            Some(Item::Error(e)) => return Err(fail(e.position.line, e.position.column, e.go_yaml_text())),
            None => return Err(fail(0, 0, "the file is empty".into())),
        };
        if let Some(extra) = items.next() {
            let line = match extra {
                Item::Object(d) => d.first_line,
                Item::Error(e) => e.position.line,
            };
            return Err(fail(line, 1, "one YAML document per file".into()));
        }
        Ok(Document { file: file.to_string(), value: doc.value, spans: doc.spans })
    }

    pub fn root(&self) -> Node<'_> {
        Node { doc: self, value: &self.value, path: String::new() }
    }
}

/// One value of a document, with its path.
#[derive(Clone)]
pub struct Node<'d> {
    doc: &'d Document,
    value: &'d Value,
    path: String,
}

impl<'d> Node<'d> {
    pub fn value(&self) -> &'d Value {
        self.value
    }

    pub fn error(&self, message: String) -> ReadError {
        let position = self.doc.spans.locate(&self.path).unwrap_or_default();
        ReadError { file: self.doc.file.clone(), line: position.line, column: position.column, path: self.path.clone(), message }
    }

    pub fn string(&self) -> Result<String, ReadError> {
        match self.value {
            Value::String(s) => Ok(s.clone()),
            Value::Number(n) => Ok(n.to_string()),
            Value::Bool(_) => Err(self.error("expected a string: YAML reads y, yes, no, on, off, true and false as booleans unless quoted".into())),
            _ => Err(self.error("expected a string".into())),
        }
    }

    pub fn list(&self) -> Result<Vec<Node<'d>>, ReadError> {
        let items = self.value.as_array().ok_or_else(|| self.error("expected a list".into()))?;
        Ok(items.iter().enumerate().map(|(i, v)| Node { doc: self.doc, value: v, path: format!("{}[{i}]", self.path) }).collect())
    }

    pub fn mapping(&self) -> Result<Mapping<'d>, ReadError> {
        let map = self.value.as_object().ok_or_else(|| self.error("expected a mapping".into()))?;
        Ok(Mapping { node: self.clone(), map })
    }
}

/// A mapping node.
pub struct Mapping<'d> {
    node: Node<'d>,
    map: &'d Map<String, Value>,
}

impl<'d> Mapping<'d> {
    pub fn node(&self) -> &Node<'d> {
        &self.node
    }

    pub fn has(&self, key: &str) -> bool {
        self.map.contains_key(key)
    }

    fn child(&self, key: &str, value: &'d Value) -> Node<'d> {
        let path = if self.node.path.is_empty() { key.to_string() } else { format!("{}.{key}", self.node.path) };
        Node { doc: self.node.doc, value, path }
    }

    pub fn opt(&self, key: &str) -> Option<Node<'d>> {
        self.map.get(key).map(|v| self.child(key, v))
    }

    pub fn get(&self, key: &str) -> Result<Node<'d>, ReadError> {
        self.opt(key).ok_or_else(|| self.node.error(format!("missing field \"{key}\"")))
    }

    pub fn opt_str(&self, key: &str) -> Result<Option<String>, ReadError> {
        self.opt(key).map(|n| n.string()).transpose()
    }

    pub fn opt_u64(&self, key: &str) -> Result<Option<u64>, ReadError> {
        self.opt(key).map(|n| n.value.as_u64().ok_or_else(|| n.error("expected a whole number ≥ 0".into()))).transpose()
    }

    pub fn entries(&self) -> Vec<(&'d str, Node<'d>)> {
        self.map.iter().map(|(k, v)| (k.as_str(), self.child(k, v))).collect()
    }

    /// Refuses a key outside `keys` and `also`, naming the ones that are allowed.
    pub fn allow(&self, keys: &[&str], also: &[&str]) -> Result<(), ReadError> {
        for (key, value) in self.map {
            if !keys.contains(&key.as_str()) && !also.contains(&key.as_str()) {
                let mut known: Vec<&str> = keys.iter().chain(also).copied().collect();
                podlife_engine::sort::sort(&mut known);
                return Err(self.child(key, value).error(format!("unknown field \"{key}\": expected one of {}", known.join(", "))));
            }
        }
        Ok(())
    }
}

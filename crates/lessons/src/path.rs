//! Field paths: `status.phase`, `status.containerStatuses[0].ready`,
//! `status.conditions[type=Ready].status`, `metadata.labels["app.kubernetes.io/name"]`.

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldPath {
    text: String,
    segments: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Key(String),
    Index(usize),
    /// The first list item whose `key` field is `value` (as text).
    Select { key: String, value: String },
}

impl FieldPath {
    pub fn parse(text: &str) -> Result<FieldPath, String> {
        let bad = |why: &str| format!("field path {text:?}: {why}");
        let mut segments = Vec::new();
        let mut rest = text;
        let mut expect_key = true;
        while !rest.is_empty() {
            if let Some(r) = rest.strip_prefix('[') {
                let end = if let Some(q) = r.strip_prefix('"') {
                    q.find('"').map(|i| i + 2).filter(|&i| r[i..].starts_with(']')).ok_or_else(|| bad("an unterminated [\"…\"]"))?
                } else {
                    r.find(']').ok_or_else(|| bad("an unterminated ["))?
                };
                let inner = &r[..end];
                segments.push(if let Some(quoted) = inner.strip_prefix('"') {
                    Segment::Key(quoted.trim_end_matches('"').to_string())
                } else if let Some((k, v)) = inner.split_once('=') {
                    if k.is_empty() {
                        return Err(bad("[=…] needs a field name"));
                    }
                    Segment::Select { key: k.to_string(), value: v.trim_matches('"').to_string() }
                } else {
                    Segment::Index(inner.parse().map_err(|_| bad("[…] holds an index, a \"key\" or field=value"))?)
                });
                rest = &r[end + 1..];
                expect_key = false;
                continue;
            }
            if !expect_key {
                rest = rest.strip_prefix('.').ok_or_else(|| bad("expected . or [ after ]"))?;
            }
            let end = rest.find(['.', '[']).unwrap_or(rest.len());
            if end == 0 {
                return Err(bad("an empty field name"));
            }
            if rest[..end].contains([']', '"', '=']) {
                return Err(bad("a field name holds ], \" or ="));
            }
            segments.push(Segment::Key(rest[..end].to_string()));
            rest = &rest[end..];
            if let Some(r) = rest.strip_prefix('.') {
                if r.is_empty() {
                    return Err(bad("ends with ."));
                }
                rest = r;
                expect_key = true;
            } else {
                expect_key = false;
            }
        }
        if segments.is_empty() {
            return Err(bad("empty"));
        }
        Ok(FieldPath { text: text.to_string(), segments })
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The first key, for values (trace params) that are looked up by name first.
    pub fn head(&self) -> Option<&str> {
        match self.segments.first() {
            Some(Segment::Key(k)) => Some(k),
            _ => None,
        }
    }

    /// The value at this path, from the segment `skip` on.
    pub fn get_from<'v>(&self, value: &'v Value, skip: usize) -> Option<&'v Value> {
        self.segments.iter().skip(skip).try_fold(value, |v, seg| match seg {
            Segment::Key(k) => v.get(k),
            Segment::Index(i) => v.get(i),
            Segment::Select { key, value } => v.as_array()?.iter().find(|item| item.get(key).is_some_and(|x| crate::goal::text(x) == *value)),
        })
    }

    pub fn get<'v>(&self, value: &'v Value) -> Option<&'v Value> {
        self.get_from(value, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_keys_indices_selections_and_quoted_keys() {
        let pod = json!({"status": {"conditions": [{"type": "PodScheduled", "status": "True"}, {"type": "Ready", "status": "False"}],
            "containerStatuses": [{"name": "a", "restartCount": 3}]}, "metadata": {"labels": {"app.kubernetes.io/name": "web"}}});
        let get = |p: &str| FieldPath::parse(p).unwrap().get(&pod).cloned();
        assert_eq!(get("status.conditions[type=Ready].status"), Some(json!("False")));
        assert_eq!(get("status.containerStatuses[0].restartCount"), Some(json!(3)));
        assert_eq!(get("status.containerStatuses[name=a].restartCount"), Some(json!(3)));
        assert_eq!(get("metadata.labels[\"app.kubernetes.io/name\"]"), Some(json!("web")));
        assert_eq!(get("status.conditions[type=Nope].status"), None);
        assert_eq!(get("status.phase"), None);
    }

    #[test]
    fn refuses_malformed_paths() {
        for p in ["", "a.", ".a", "a[", "a[x]", "a[=b]", "a]b", "a..b", "a[0]b"] {
            assert!(FieldPath::parse(p).is_err(), "{p:?} should be refused");
        }
    }
}

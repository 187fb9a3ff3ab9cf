//! Label selectors in kubectl's `-l` syntax (upstream: `apimachinery/pkg/labels/selector.go`):
//! `a=b`, `a==b`, `a!=b`, `a`, `!a`, `a in (x,y)`, `a notin (x,y)`, comma-separated.

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Requirement {
    Equals(String, String),
    NotEquals(String, String),
    Exists(String),
    NotExists(String),
    In(String, Vec<String>),
    NotIn(String, Vec<String>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector(Vec<Requirement>);

impl Selector {
    /// Parses a selector; the error is upstream's wording where it has one.
    pub fn parse(text: &str) -> Result<Selector, String> {
        let mut reqs = Vec::new();
        for part in split_top_level(text) {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let req = if let Some(rest) = part.strip_prefix('!') {
                Requirement::NotExists(rest.trim().to_string())
            } else if let Some((k, v)) = part.split_once("!=") {
                Requirement::NotEquals(k.trim().into(), v.trim().into())
            } else if let Some((k, v)) = part.split_once("==").or_else(|| part.split_once('=')) {
                Requirement::Equals(k.trim().into(), v.trim().into())
            } else if let Some((k, vs)) = set_op(part, " notin ") {
                Requirement::NotIn(k, vs)
            } else if let Some((k, vs)) = set_op(part, " in ") {
                Requirement::In(k, vs)
            } else if part.chars().all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c)) {
                Requirement::Exists(part.to_string())
            } else {
                return Err(format!("unable to parse requirement: found '{part}', expected: in, notin, =, ==, !=, gt, lt"));
            };
            reqs.push(req);
        }
        Ok(Selector(reqs))
    }

    pub fn matches(&self, labels: &Value) -> bool {
        let get = |k: &str| labels.get(k).and_then(Value::as_str);
        self.0.iter().all(|r| match r {
            Requirement::Equals(k, v) => get(k) == Some(v.as_str()),
            Requirement::NotEquals(k, v) => get(k) != Some(v.as_str()),
            Requirement::Exists(k) => get(k).is_some(),
            Requirement::NotExists(k) => get(k).is_none(),
            Requirement::In(k, vs) => get(k).is_some_and(|x| vs.iter().any(|v| v == x)),
            Requirement::NotIn(k, vs) => get(k).is_none_or(|x| !vs.iter().any(|v| v == x)),
        })
    }
}

/// `metav1.LabelSelector` (matchLabels and matchExpressions) against a label map
/// (`LabelSelectorAsSelector`): a null selector matches nothing, an empty one everything.
pub fn selector_matches(selector: &Value, labels: &Value) -> bool {
    if selector.is_null() {
        return false;
    }
    let ml_ok = selector["matchLabels"].as_object().is_none_or(|m| m.iter().all(|(k, v)| labels.get(k) == Some(v)));
    let me_ok = selector["matchExpressions"].as_array().is_none_or(|exprs| {
        exprs.iter().all(|e| {
            let key = e["key"].as_str().unwrap_or_default();
            let values: Vec<&str> = e["values"].as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
            let have = labels.get(key).and_then(Value::as_str);
            match e["operator"].as_str().unwrap_or_default() {
                "In" => have.is_some_and(|h| values.contains(&h)),
                "NotIn" => have.is_none_or(|h| !values.contains(&h)),
                "Exists" => have.is_some(),
                "DoesNotExist" => have.is_none(),
                _ => false,
            }
        })
    });
    ml_ok && me_ok
}

fn set_op(part: &str, op: &str) -> Option<(String, Vec<String>)> {
    let (k, rest) = part.split_once(op)?;
    let inner = rest.trim().strip_prefix('(')?.strip_suffix(')')?;
    Some((k.trim().to_string(), inner.split(',').map(|s| s.trim().to_string()).collect()))
}

fn split_top_level(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects() {
        let labels = json!({"app":"web","tier":"fe"});
        for (sel, want) in [
            ("app=web", true),
            ("app==web,tier=fe", true),
            ("app!=web", false),
            ("tier", true),
            ("!tier", false),
            ("app in (db, web)", true),
            ("app notin (web)", false),
            ("missing notin (x)", true),
        ] {
            assert_eq!(Selector::parse(sel).map(|s| s.matches(&labels)), Ok(want), "{sel}");
        }
    }
}

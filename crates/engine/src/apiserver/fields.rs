//! Field selectors as kube-apiserver reads the `fieldSelector` parameter: `fields.ParseSelector`
//! (apimachinery `pkg/fields/selector.go`: terms split on unescaped commas and sorted, each term
//! split at its first `!=`, `==` or `=`, values unescaped), then every field label converted
//! by the kind's field label conversion (`pkg/apis/core/v1/conversion.go`,
//! `pkg/apis/batch/v1/conversion.go`; any other kind `runtime.DefaultMetaV1FieldSelectorConversion`).
//! Every error is the text kube-apiserver puts in its BadRequest.

use serde_json::Value;

use podlife_model::ResourceType;

/// One `field=value` (or `field!=value`) term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    field: String,
    value: String,
    negate: bool,
}

/// `splitTerms`: commas split terms unless escaped by a backslash (kept in the term).
fn split_terms(selector: &str) -> Vec<&str> {
    if selector.is_empty() {
        return Vec::new();
    }
    let mut terms = Vec::new();
    let mut start = 0;
    let mut in_slash = false;
    for (i, c) in selector.char_indices() {
        if in_slash {
            in_slash = false;
        } else if c == '\\' {
            in_slash = true;
        } else if c == ',' {
            terms.push(&selector[start..i]);
            start = i + 1;
        }
    }
    terms.push(&selector[start..]);
    terms
}

/// `UnescapeValue`: `\\`, `\,` and `\=` are the only escapes; a bare `,` or `=` is an error
/// (Go prints the rune with `%v`, so as its number).
fn unescape_value(s: &str) -> Result<String, String> {
    let mut out = String::with_capacity(s.len());
    let mut in_slash = false;
    for c in s.chars() {
        if in_slash {
            match c {
                '\\' | ',' | '=' => out.push(c),
                _ => return Err(format!("invalid field selector: invalid escape sequence: \\{c}")),
            }
            in_slash = false;
            continue;
        }
        match c {
            '\\' => in_slash = true,
            ',' | '=' => return Err(format!("invalid field selector: unescaped character in value: {}", c as u32)),
            _ => out.push(c),
        }
    }
    if in_slash {
        return Err("invalid field selector: invalid escape sequence: \\".into());
    }
    Ok(out)
}

/// `fields.ParseSelector`.
pub fn parse(selector: &str) -> Result<Vec<Term>, String> {
    let mut parts = split_terms(selector);
    crate::sort::sort(&mut parts);
    let mut terms = Vec::new();
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        // `splitTerm`: the first position where `!=`, `==` or `=` starts (in that order).
        let split = part.char_indices().find_map(|(i, _)| {
            let rest = &part[i..];
            ["!=", "==", "="].into_iter().find(|op| rest.starts_with(op)).map(|op| (i, op))
        });
        let Some((i, op)) = split else {
            return Err(format!("invalid selector: '{selector}'; can't understand '{part}'"));
        };
        let value = unescape_value(&part[i + op.len()..])?;
        terms.push(Term { field: part[..i].to_string(), value, negate: op == "!=" });
    }
    Ok(terms)
}

/// The kind's field label conversion, applied to each term in order (`Selector.Transform`).
pub fn convert_labels(rt: &ResourceType, terms: Vec<Term>) -> Result<Vec<Term>, String> {
    terms
        .into_iter()
        .map(|mut t| {
            t.field = convert_label(rt, &t.field)?;
            Ok(t)
        })
        .collect()
}

fn convert_label(rt: &ResourceType, label: &str) -> Result<String, String> {
    let supported: &[&str] = match (rt.group, rt.kind) {
        ("", "Pod") => {
            if label == "spec.host" {
                // For old v1 clients that send spec.host.
                return Ok("spec.nodeName".into());
            }
            &[
                "metadata.name", "metadata.namespace", "spec.nodeName", "spec.restartPolicy", "spec.schedulerName", "spec.serviceAccountName", "spec.hostNetwork", "status.phase",
                "status.podIP", "status.podIPs", "status.nominatedNodeName",
            ]
        }
        ("", "Node") => &["metadata.name", "spec.unschedulable"],
        ("", "ReplicationController") => &["metadata.name", "metadata.namespace", "status.replicas"],
        ("", "Event") => &[
            "involvedObject.kind", "involvedObject.namespace", "involvedObject.name", "involvedObject.uid", "involvedObject.apiVersion", "involvedObject.resourceVersion",
            "involvedObject.fieldPath", "reason", "reportingComponent", "source", "type", "metadata.namespace", "metadata.name",
        ],
        ("", "Namespace") => &["status.phase", "metadata.name"],
        ("", "Secret") => &["type", "metadata.namespace", "metadata.name"],
        ("", "Service") => &["metadata.namespace", "metadata.name", "spec.clusterIP", "spec.type"],
        ("batch", "Job") => {
            return match label {
                "metadata.name" | "metadata.namespace" | "status.successful" => Ok(label.into()),
                _ => Err(format!("field label {} not supported for batchv1.Job", quote(label))),
            };
        }
        _ => {
            return match label {
                "metadata.name" | "metadata.namespace" => Ok(label.into()),
                _ => Err(format!("{} is not a known field selector: only \"metadata.name\", \"metadata.namespace\"", quote(label))),
            };
        }
    };
    if supported.contains(&label) {
        Ok(label.into())
    } else {
        Err(format!("field label not supported: {label}"))
    }
}

fn quote(s: &str) -> String {
    super::status::quote(s)
}

/// Whether `obj` satisfies every term: its field as text (a missing field is empty); an
/// Event's `source` is `source.component`, as the registry's selectable fields define it.
pub fn matches(terms: &[Term], obj: &Value) -> bool {
    terms.iter().all(|t| {
        let path = match t.field.as_str() {
            "source" if obj["kind"] == "Event" => "source.component",
            other => other,
        };
        let have = podlife_model::decode::lookup(obj, path).map(|v| match v {
            Value::String(s) => s.clone(),
            other => podlife_model::json::to_string(other),
        });
        (have.as_deref().unwrap_or("") == t.value) != t.negate
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pods() -> &'static ResourceType {
        ResourceType::resolve("pods").expect("pods")
    }

    #[test]
    fn parse_errors_are_upstreams() {
        for (sel, want) in [
            ("a==b==c", "invalid field selector: unescaped character in value: 61"),
            ("!!!", "invalid selector: '!!!'; can't understand '!!!'"),
            ("status.phase", "invalid selector: 'status.phase'; can't understand 'status.phase'"),
            ("a=b\\", "invalid field selector: invalid escape sequence: \\"),
            ("a=b\\x", "invalid field selector: invalid escape sequence: \\x"),
            ("a=1,b", "invalid selector: 'a=1,b'; can't understand 'b'"),
        ] {
            assert_eq!(parse(sel), Err(want.to_string()), "{sel}");
        }
        assert_eq!(parse(",").map(|t| t.len()), Ok(0));
        assert_eq!(parse("a=b\\,c"), Ok(vec![Term { field: "a".into(), value: "b,c".into(), negate: false }]));
    }

    #[test]
    fn labels_are_converted_per_kind() {
        let terms = parse("spec.host=n1,status.phase!=Running").expect("parses");
        let converted = convert_labels(pods(), terms).expect("converts");
        assert_eq!(converted[0].field, "spec.nodeName");
        assert_eq!(convert_labels(pods(), parse("spec.containers=x").unwrap()), Err("field label not supported: spec.containers".into()));
        let cm = ResourceType::resolve("configmaps").expect("configmaps");
        assert_eq!(
            convert_labels(cm, parse("data.x=y").unwrap()),
            Err("\"data.x\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\"".into())
        );
        let jobs = ResourceType::resolve("jobs").expect("jobs");
        assert_eq!(convert_labels(jobs, parse("status.active=1").unwrap()), Err("field label \"status.active\" not supported for batchv1.Job".into()));
    }

    #[test]
    fn matching() {
        let pod = json!({"kind": "Pod", "metadata": {"name": "web"}, "spec": {"nodeName": "n1"}, "status": {"phase": "Running"}});
        let sel = |s: &str| convert_labels(pods(), parse(s).unwrap()).unwrap();
        assert!(matches(&sel("spec.nodeName!="), &pod));
        assert!(matches(&sel("spec.host=n1,status.phase=Running"), &pod));
        assert!(!matches(&sel("status.phase!=Running"), &pod));
        assert!(matches(&sel(","), &pod));
    }
}

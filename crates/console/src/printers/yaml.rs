//! `-o yaml` as kubectl prints it: the object as JSON, converted by `sigs.k8s.io/yaml` and
//! emitted by go-yaml v2. Keys are sorted by go-yaml's `keyList.Less` (numbers inside keys
//! compare numerically), sequences in mappings are not indented, strings that would read back
//! as another type are double-quoted, strings with line breaks use the literal `|` style, and
//! strings that cannot be plain are single-quoted.
//!
//! Long plain and single-quoted strings fold at column 80 as libyaml does; double-quoted
//! ones are not folded.

use serde_json::Value;

pub fn to_yaml(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(m) if !m.is_empty() => mapping(value, 0, &mut out),
        Value::Array(a) if !a.is_empty() => sequence(value, 0, &mut out),
        other => {
            out.push_str(&scalar(other, 0));
            out.push('\n');
        }
    }
    out
}

fn indent(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

fn sorted_keys(m: &serde_json::Map<String, Value>) -> Vec<&String> {
    let mut keys: Vec<&String> = m.keys().collect();
    podlife_engine::sort::sort_by(&mut keys, |a, b| go_yaml_key_order(a, b));
    keys
}

fn mapping(value: &Value, level: usize, out: &mut String) {
    let Value::Object(m) = value else { return };
    for key in sorted_keys(m) {
        let v = &m[key];
        indent(out, level);
        out.push_str(&string_scalar(key, level));
        out.push(':');
        match v {
            Value::Object(inner) if !inner.is_empty() => {
                out.push('\n');
                mapping(v, level + 2, out);
            }
            Value::Array(items) if !items.is_empty() => {
                out.push('\n');
                sequence(v, level, out);
            }
            _ => {
                out.push(' ');
                let column = level + string_scalar(key, level).chars().count() + 2;
                out.push_str(&fold(&scalar(v, level + 2), column, level + 2));
                out.push('\n');
            }
        }
    }
}

fn sequence(value: &Value, level: usize, out: &mut String) {
    let Value::Array(items) = value else { return };
    for item in items {
        indent(out, level);
        out.push_str("- ");
        match item {
            Value::Object(inner) if !inner.is_empty() => {
                // The first key sits on the dash line; the rest align under it.
                let mut nested = String::new();
                mapping(item, level + 2, &mut nested);
                out.push_str(nested.get(level + 2..).unwrap_or(""));
            }
            Value::Array(inner) if !inner.is_empty() => {
                let mut nested = String::new();
                sequence(item, level + 2, &mut nested);
                out.push_str(nested.get(level + 2..).unwrap_or(""));
            }
            _ => {
                out.push_str(&fold(&scalar(item, level + 2), level + 2, level + 2));
                out.push('\n');
            }
        }
    }
}

fn scalar(v: &Value, level: usize) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => go_number(n),
        Value::String(s) => string_scalar(s, level),
        Value::Object(_) => "{}".into(),
        Value::Array(_) => "[]".into(),
    }
}

/// Go's float formatting for JSON numbers that are not integers (`1.5`, `1e+21`).
fn go_number(n: &serde_json::Number) -> String {
    if let Some(i) = n.as_i64() {
        return i.to_string();
    }
    if let Some(u) = n.as_u64() {
        return u.to_string();
    }
    let f = n.as_f64().unwrap_or(0.0);
    let abs = f.abs();
    if abs != 0.0 && !(1e-4..1e21).contains(&abs) {
        let s = podlife_ftl::num::Exp(f).to_string();
        match s.split_once('e') {
            Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e:0>2}"),
            Some((m, e)) => format!("{m}e-{:0>2}", e.trim_start_matches('-')),
            None => s,
        }
    } else {
        podlife_ftl::num::Num(f).to_string()
    }
}

fn string_scalar(s: &str, level: usize) -> String {
    if s.contains('\n') {
        return literal(s, level);
    }
    if resolves_to_non_string(s) {
        return double_quoted(s);
    }
    if plain_allowed(s) {
        return s.to_string();
    }
    if s.chars().all(|c| c == ' ' || !c.is_control()) {
        return format!("'{}'", s.replace('\'', "''"));
    }
    double_quoted(s)
}

/// libyaml's line folding of plain and single-quoted scalars (`best_width` 80): a space
/// after column 80 that is not followed by another space becomes a line break indented to
/// `indent`. Double-quoted and literal scalars are left whole (podlife does not fold those).
fn fold(rendered: &str, start_column: usize, indent: usize) -> String {
    const BEST_WIDTH: usize = 80;
    let quoted = rendered.starts_with('\'');
    if rendered.starts_with('"') || rendered.starts_with('|') || !rendered.contains(' ') {
        return rendered.to_string();
    }
    let chars: Vec<char> = rendered.chars().collect();
    let mut out = String::with_capacity(rendered.len() + 8);
    let mut column = start_column;
    let mut spaces = false;
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            let next_is_space = chars.get(i + 1) == Some(&' ');
            let interior = !quoted || (i > 1 && i + 2 < chars.len());
            if !spaces && column > BEST_WIDTH && !next_is_space && interior {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', indent));
                column = indent;
            } else {
                out.push(' ');
                column += 1;
            }
            spaces = true;
        } else {
            out.push(c);
            column += 1;
            spaces = false;
        }
    }
    out
}

/// The literal block style: `|` (with `-` when there is no final newline, `+` when there
/// are several), then the lines indented one level deeper.
fn literal(s: &str, level: usize) -> String {
    let chomp = if !s.ends_with('\n') {
        "-"
    } else if s.ends_with("\n\n") {
        "+"
    } else {
        ""
    };
    let indicator = if s.starts_with(' ') { "2" } else { "" };
    let mut out = format!("|{indicator}{chomp}");
    let body = s.strip_suffix('\n').unwrap_or(s);
    for line in body.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            out.extend(std::iter::repeat_n(' ', level.max(2)));
            out.push_str(line);
        }
    }
    out
}

fn double_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => out.push_str(&format!("\\x{:02X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Would go-yaml v2 read this plain scalar back as something other than a string
/// (bool, null, number, timestamp)?
fn resolves_to_non_string(s: &str) -> bool {
    if s.is_empty() {
        return true;
    }
    if matches!(
        s,
        "~" | "null" | "Null" | "NULL" | "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" | "n" | "N"
            | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" | ".nan" | ".NaN" | ".NAN" | ".inf"
            | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" | "-.inf" | "-.Inf" | "-.INF" | "<<"
    ) {
        return true;
    }
    let first = s.as_bytes()[0];
    if !(first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.')) {
        return false;
    }
    let plain: String = s.chars().filter(|&c| c != '_').collect();
    is_number(&plain) || is_timestamp(s)
}

fn is_number(s: &str) -> bool {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let lower = body.to_ascii_lowercase();
    let radix_ok = |d: &str, r: u32| !d.is_empty() && d.chars().all(|c| c.is_digit(r));
    if let Some(d) = lower.strip_prefix("0x") {
        return radix_ok(d, 16);
    }
    if let Some(d) = lower.strip_prefix("0o") {
        return radix_ok(d, 8);
    }
    if let Some(d) = lower.strip_prefix("0b") {
        return radix_ok(d, 2);
    }
    if radix_ok(body, 10) {
        return true;
    }
    // YAML-style float: digits with optional fraction and exponent, or .digits
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let m_ok = match mantissa.split_once('.') {
        Some((a, b)) => (a.is_empty() && radix_ok(b, 10)) || (radix_ok(a, 10) && (b.is_empty() || radix_ok(b, 10))),
        None => radix_ok(mantissa, 10),
    };
    let e_ok = exp.is_none_or(|e| radix_ok(e.strip_prefix(['+', '-']).unwrap_or(e), 10));
    m_ok && e_ok
}

/// go-yaml v2's timestamp forms: `2006-1-2` optionally followed by a time.
fn is_timestamp(s: &str) -> bool {
    let date_end = s.find(['T', 't', ' ']).unwrap_or(s.len());
    let parts: Vec<&str> = s[..date_end].split('-').collect();
    let date_ok = parts.len() == 3
        && parts[0].len() == 4
        && parts.iter().all(|p| !p.is_empty() && p.len() <= 4 && p.chars().all(|c| c.is_ascii_digit()));
    if !date_ok {
        return false;
    }
    let rest = &s[date_end..];
    rest.is_empty() || rest[1..].starts_with(|c: char| c.is_ascii_digit()) && rest.contains(':')
}

/// libyaml's analysis for a plain scalar in block context.
fn plain_allowed(s: &str) -> bool {
    if s.starts_with(' ') || s.ends_with(' ') || s.starts_with("---") || s.starts_with("...") {
        return false;
    }
    let mut chars = s.chars().peekable();
    let first = chars.peek().copied().unwrap_or(' ');
    if "#,[]{}&*!|>'\"%@`".contains(first) {
        return false;
    }
    let second = s.chars().nth(1);
    if matches!(first, '-' | '?' | ':') && second.is_none_or(|c| c == ' ') {
        return false;
    }
    if s.ends_with(':') || s.contains(": ") || s.contains(" #") || s.contains('\t') {
        return false;
    }
    s.chars().all(|c| !c.is_control() && c != '\u{feff}')
}

/// go-yaml v2 `keyList.Less`: letters compare as runes, a non-letter sorts before a letter,
/// runs of digits compare as numbers.
pub fn go_yaml_key_order(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let ar: Vec<char> = a.chars().collect();
    let br: Vec<char> = b.chars().collect();
    let mut i = 0;
    while i < ar.len() && i < br.len() {
        if ar[i] == br[i] {
            i += 1;
            continue;
        }
        let al = ar[i].is_alphabetic();
        let bl = br[i].is_alphabetic();
        if al && bl {
            return ar[i].cmp(&br[i]);
        }
        if al || bl {
            return if bl { Ordering::Less } else { Ordering::Greater };
        }
        let (mut an, mut bn) = (0i64, 0i64);
        if ar[i] == '0' || br[i] == '0' {
            let mut j = i;
            while j > 0 && ar[j - 1].is_ascii_digit() {
                j -= 1;
                if ar[j] != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        let mut ai = i;
        while ai < ar.len() && ar[ai].is_ascii_digit() {
            an = an.saturating_mul(10).saturating_add(ar[ai] as i64 - '0' as i64);
            ai += 1;
        }
        let mut bi = i;
        while bi < br.len() && br[bi].is_ascii_digit() {
            bn = bn.saturating_mul(10).saturating_add(br[bi] as i64 - '0' as i64);
            bi += 1;
        }
        if an != bn {
            return an.cmp(&bn);
        }
        if ai != bi {
            return ai.cmp(&bi);
        }
        return ar[i].cmp(&br[i]);
    }
    ar.len().cmp(&br.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use podlife_engine::json;

    #[test]
    fn kubectl_style() {
        let v = json!({
            "metadata": {"name": "nginx", "creationTimestamp": "2026-03-02T09:00:00Z", "resourceVersion": "12", "labels": {"run": "nginx"}},
            "apiVersion": "v1",
            "spec": {"containers": [{"name": "nginx", "image": "nginx:1.27", "ports": [{"containerPort": 80}], "resources": {}}],
                     "tolerations": [{"key": "*"}], "empty": ""},
            "status": {}
        });
        assert_eq!(to_yaml(&v), "\
apiVersion: v1
metadata:
  creationTimestamp: \"2026-03-02T09:00:00Z\"
  labels:
    run: nginx
  name: nginx
  resourceVersion: \"12\"
spec:
  containers:
  - image: nginx:1.27
    name: nginx
    ports:
    - containerPort: 80
    resources: {}
  empty: \"\"
  tolerations:
  - key: '*'
status: {}
");
    }

    #[test]
    fn long_strings_fold_after_column_80() {
        let v = json!({"description": "Used for system critical pods that must not be moved from their current node."});
        assert_eq!(
            to_yaml(&v),
            "description: Used for system critical pods that must not be moved from their current\n  node.\n"
        );
    }

    #[test]
    fn literal_blocks() {
        let v = json!({"a": {"b": "{\"x\":1}\n"}});
        assert_eq!(to_yaml(&v), "a:\n  b: |\n    {\"x\":1}\n");
    }

    #[test]
    fn key_order_is_numeric_aware() {
        let mut keys = vec!["a10", "a9", "b", "a-b", "A"];
        keys.sort_by(|a, b| go_yaml_key_order(a, b));
        assert_eq!(keys, vec!["A", "a-b", "a9", "a10", "b"]);
    }
}

//! Plain-scalar resolution as go-yaml v2 does it (upstream: `sigs.k8s.io/yaml/goyaml.v2`
//! `resolve.go`), the YAML 1.1 rules kubectl applies: `yes`/`on`/`y` are booleans, `0777` is
//! octal, `1_000` is an integer, timestamps stay strings.

use serde_json::{Number, Value};

/// The value of a plain (unquoted, untagged) scalar.
pub fn plain(text: &str) -> Result<Value, String> {
    if let Some(v) = keyword(text) {
        return v;
    }
    let first = text.as_bytes().first().copied().unwrap_or(b' ');
    match first {
        b'.' => match float(text) {
            Some(f) => number_from_float(f),
            None => Ok(Value::String(text.into())),
        },
        b'+' | b'-' | b'0'..=b'9' => Ok(numeric(text).unwrap_or_else(|| Value::String(text.into()))),
        _ => Ok(Value::String(text.into())),
    }
}

/// The fixed words of the resolve table. NaN and infinities cannot become JSON: the
/// conversion fails as `json.Marshal` does.
fn keyword(text: &str) -> Option<Result<Value, String>> {
    Some(Ok(match text {
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Value::Bool(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Value::Bool(false),
        ".nan" | ".NaN" | ".NAN" => return Some(Err("json: unsupported value: NaN".into())),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Some(Err("json: unsupported value: +Inf".into()));
        }
        "-.inf" | "-.Inf" | "-.INF" => return Some(Err("json: unsupported value: -Inf".into())),
        _ => return None,
    }))
}

/// Integers (Go's `strconv.ParseInt(s, 0, 64)` after dropping `_`, then unsigned, then binary),
/// else YAML-style floats. Timestamps are deliberately left as strings, as v2 does when the
/// target is untyped.
fn numeric(text: &str) -> Option<Value> {
    let plain: String = text.chars().filter(|&c| c != '_').collect();
    if let Some(i) = go_parse_int(&plain) {
        return Some(Value::Number(i.into()));
    }
    if let Some(u) = go_parse_uint(&plain) {
        return Some(Value::Number(u.into()));
    }
    if is_yaml_float(&plain) {
        return float(&plain).and_then(|f| number_from_float(f).ok());
    }
    None
}

/// Go's base-0 integer syntax: optional sign, then `0x`, `0o`, `0b`, a leading `0` (octal) or
/// decimal digits.
fn go_parse_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = parse_unsigned_base0(body)?;
    if neg {
        if magnitude == 1u64 << 63 { Some(i64::MIN) } else { i64::try_from(magnitude).ok().map(|v| -v) }
    } else {
        i64::try_from(magnitude).ok()
    }
}

fn go_parse_uint(s: &str) -> Option<u64> {
    parse_unsigned_base0(s)
}

fn parse_unsigned_base0(s: &str) -> Option<u64> {
    let lower = s.to_ascii_lowercase();
    let (digits, radix) = if let Some(d) = lower.strip_prefix("0x") {
        (d, 16)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (d, 8)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (d, 2)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (&lower[1..], 8)
    } else {
        (lower.as_str(), 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

fn float(s: &str) -> Option<f64> {
    if is_yaml_float(s) { crate::float::parse_f64(s) } else { None }
}

/// JSON as Go's encoder writes a float64: integral values print without a fraction, so they
/// decode into integer fields later.
fn number_from_float(f: f64) -> Result<Value, String> {
    if f.is_nan() {
        return Err("json: unsupported value: NaN".into());
    }
    if f.is_infinite() {
        return Err(format!("json: unsupported value: {}Inf", if f > 0.0 { "+" } else { "-" }));
    }
    if f.fract() == 0.0 && f.abs() < 1e21 {
        if f >= i64::MIN as f64 && f < i64::MAX as f64 {
            return Ok(Value::Number((f as i64).into()));
        }
        if f >= 0.0 && f < u64::MAX as f64 {
            return Ok(Value::Number((f as u64).into()));
        }
    }
    Ok(Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn yaml_1_1_words() {
        for (text, want) in [
            ("yes", json!(true)),
            ("On", json!(true)),
            ("n", json!(false)),
            ("~", json!(null)),
            ("", json!(null)),
            ("nginx:1.27", json!("nginx:1.27")),
            ("true", json!(true)),
        ] {
            assert_eq!(plain(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn numbers_as_go_parses_them() {
        for (text, want) in [
            ("80", json!(80)),
            ("-3", json!(-3)),
            ("+7", json!(7)),
            ("0777", json!(511)),
            ("0x1F", json!(31)),
            ("0b101", json!(5)),
            ("1_000", json!(1000)),
            ("1.5", json!(1.5)),
            ("1.0", json!(1)),
            ("1e3", json!(1000)),
            (".5", json!(0.5)),
            ("1.10", json!(1.1)),
            ("250m", json!("250m")),
            ("128Mi", json!("128Mi")),
            ("2026-01-01", json!("2026-01-01")),
            ("0.0.0.0", json!("0.0.0.0")),
            ("18446744073709551615", json!(18446744073709551615u64)),
        ] {
            assert_eq!(plain(text), Ok(want), "{text}");
        }
        assert!(plain(".nan").is_err());
    }
}

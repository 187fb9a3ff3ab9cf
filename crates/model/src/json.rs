//! JSON text as Go's `encoding/json` writes it: `json.Marshal` and `json.MarshalIndent`
//! (what kubectl, the API server and crictl print), for `serde_json::Value`.
//!
//! Upstream: `encoding/json/encode.go` — map keys sorted, `appendString` (HTML-safe escaping of
//! `<`, `>`, `&`, and `\u2028`/`\u2029`, `\b \f \n \r \t` short, other control characters as
//! `\u00XX`), `floatEncoder` (shortest digits; `'f'` form unless the exponent is < -6 or
//! >= 21, then `'e'` with `e-07` cleaned to `e-7`); `json.Indent` keeps `{}` and `[]` empty.
//!
//! podlife's own text goes through here too instead of serde_json's serializer: one writer,
//! and the bundle does without serde_json's float printer and its tables.

use std::fmt::Write as _;

use serde_json::{Number, Value};

/// `json.Marshal(v)`.
pub fn to_string(v: &Value) -> String {
    encode(v, None, true)
}

/// `json.MarshalIndent(v, "", indent)`.
pub fn to_string_indent(v: &Value, indent: &str) -> String {
    encode(v, Some(indent), true)
}

/// Compact JSON without the HTML escaping (`<`, `>`, `&` stay as they are), as an encoder
/// with `SetEscapeHTML(false)` writes it: for podlife's own texts and for keys that are
/// compared, not shown.
pub fn to_string_plain(v: &Value) -> String {
    encode(v, None, false)
}

/// The general form: indented with `indent` per level (compact when `None`), `<`, `>`, `&`
/// escaped when `html`.
pub fn encode(v: &Value, indent: Option<&str>, html: bool) -> String {
    let mut out = String::new();
    write_value(&mut out, v, indent, 0, html);
    out
}

/// A JSON string literal, without the HTML escaping.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_str(&mut out, s, false);
    out
}

/// A JSON number as Go prints a float64 or an integer.
pub fn number(n: &Number) -> String {
    let mut out = String::new();
    write_number(&mut out, n);
    out
}

fn write_value(out: &mut String, v: &Value, indent: Option<&str>, depth: usize, html: bool) {
    let newline = |out: &mut String, depth: usize| {
        if let Some(unit) = indent {
            out.push('\n');
            for _ in 0..depth {
                out.push_str(unit);
            }
        }
    };
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(out, n),
        Value::String(s) => write_str(out, s, html),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, depth + 1);
                write_value(out, item, indent, depth + 1, html);
            }
            if !items.is_empty() {
                newline(out, depth);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (key, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, depth + 1);
                write_str(out, key, html);
                out.push(':');
                if indent.is_some() {
                    out.push(' ');
                }
                write_value(out, item, indent, depth + 1, html);
            }
            if !map.is_empty() {
                newline(out, depth);
            }
            out.push('}');
        }
    }
}

fn write_number(out: &mut String, n: &Number) {
    if let Some(u) = n.as_u64() {
        let _ = write!(out, "{u}");
    } else if let Some(i) = n.as_i64() {
        let _ = write!(out, "{i}");
    } else {
        write_float(out, n.as_f64().unwrap_or_default());
    }
}

/// Go's `floatEncoder` for float64 (a `Value` only holds finite numbers).
fn write_float(out: &mut String, f: f64) {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        // Rust's `{:e}` is shortest digits with a bare exponent (`1e21`, `1.5e-7`): Go writes
        // `1e+21` and, after its cleanup, `1.5e-7`. Both forms come from podlife_ftl::num, not
        // std: keeps core's float formatting out of the worker.
        let mut text = String::new();
        podlife_ftl::num::push_exp(&mut text, f);
        let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
        out.push_str(mantissa);
        out.push('e');
        if !exp.starts_with('-') {
            out.push('+');
        }
        out.push_str(exp);
    } else {
        // Shortest digits without an exponent, as strconv's `'f'` with precision -1.
        podlife_ftl::num::push_shortest(out, f);
    }
}

fn write_str(out: &mut String, s: &str, html: bool) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' if html => {
                let _ = write!(out, "\\u00{:02x}", c as u32);
            }
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 => {
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 0xf] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Go's `encoding/json` TestMarshalFloat / strconv cases, and the float64 boundaries of
    /// the `'e'` form.
    #[test]
    fn floats_as_go_writes_them() {
        let cases: &[(f64, &str)] = &[
            (0.0, "0"),
            (-0.0, "-0"),
            (1.0, "1"),
            (-2.5, "-2.5"),
            (0.1, "0.1"),
            (1e20, "100000000000000000000"),
            (1e21, "1e+21"),
            (1.5e300, "1.5e+300"),
            (0.000001, "0.000001"),
            (1e-7, "1e-7"),
            (1.5e-7, "1.5e-7"),
            (-1.25e-10, "-1.25e-10"),
            (5e-324, "5e-324"),
            (123456789.125, "123456789.125"),
            (f64::MAX, "1.7976931348623157e+308"),
        ];
        for (f, want) in cases {
            assert_eq!(to_string(&json!(f)), *want, "{f:e}");
        }
    }

    #[test]
    fn strings_are_html_safe_as_go_escapes_them() {
        let v = json!("a<b>&c\"\\\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}\u{2028}\u{2029}é한");
        assert_eq!(
            to_string(&v),
            r#""a\u003cb\u003e\u0026c\"\\\n\r\t\b\f\u0001\u001f"#.to_string() + "\u{7f}" + r#"\u2028\u2029é한""#
        );
        assert_eq!(to_string_plain(&json!("a<b>&c")), r#""a<b>&c""#);
        assert_eq!(quote("x&y\n"), r#""x&y\n""#);
    }

    #[test]
    fn compact_and_indented_as_marshal_and_marshal_indent() {
        let v = json!({"b": [1, -2, {"c": null}], "a": {"x": true}, "e": {}, "f": []});
        assert_eq!(to_string(&v), r#"{"a":{"x":true},"b":[1,-2,{"c":null}],"e":{},"f":[]}"#);
        assert_eq!(
            to_string_indent(&v, "  "),
            "{\n  \"a\": {\n    \"x\": true\n  },\n  \"b\": [\n    1,\n    -2,\n    {\n      \"c\": null\n    }\n  ],\n  \"e\": {},\n  \"f\": []\n}"
        );
        assert_eq!(to_string(&json!(u64::MAX)), "18446744073709551615");
        assert_eq!(to_string(&json!(i64::MIN)), "-9223372036854775808");
    }

    /// Without floats and the characters Go escapes beyond JSON's minimum, the text is
    /// serde_json's, byte for byte.
    #[test]
    fn plain_text_matches_serde_json_without_floats() {
        let v = json!({"k": ["x y", "q\"\\\u{1}\n", 7, -3, true, null, {"z": {}}], "é": "한"});
        assert_eq!(to_string_plain(&v), serde_json::to_string(&v).unwrap());
        let pretty = serde_json::to_string_pretty(&v).unwrap();
        assert_eq!(encode(&v, Some("  "), false), pretty);
    }
}

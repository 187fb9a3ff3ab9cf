//! JSON (RFC 8259) for the page's records in localStorage: the autosave the worker writes
//! (the page reads its language and files and replaces its files) and the course progress.
//! Not serde_json: its reader, writer, float code and error texts cost the page ~15 KB
//! brotli, and the small JSON crates convert numbers with core's float parser (13 KB brotli
//! on its own). Numbers are kept as their text: the records hold only integers, and a
//! number the page passes through is written back exactly as it was read.

use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// The number's text, checked against the grammar but not converted.
    Number(String),
    String(String),
    Array(Vec<Value>),
    /// Members in the text's order; of a repeated key, `get` finds the last (as serde_json did).
    Object(Vec<(String, Value)>),
}

/// Why a text is not JSON, and where (line and column from 1; the column counts chars).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub what: &'static str,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at line {} column {}", self.what, self.line, self.column)
    }
}

/// Deeper nesting is refused (serde_json's limit too), so no text can exhaust the stack.
const MAX_DEPTH: usize = 128;

const ENDS: &str = "the text ends too soon";

/// Reads one JSON value that makes up the whole text (whitespace around it allowed).
pub fn parse(text: &str) -> Result<Value, Error> {
    let mut p = Parser { text, bytes: text.as_bytes(), pos: 0, depth: 0 };
    let value = p.value().and_then(|v| {
        p.skip_ws();
        if p.pos < p.bytes.len() { Err("unexpected characters after the value") } else { Ok(v) }
    });
    value.map_err(|what| p.error(what))
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
}

type Step<T> = Result<T, &'static str>;

impl Parser<'_> {
    fn error(&self, what: &'static str) -> Error {
        // Counted on bytes, so a position inside a multi-byte char cannot panic.
        let before = &self.bytes[..self.pos.min(self.bytes.len())];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let column = 1 + before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        Error { what, line, column }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let here = self.peek() == Some(b);
        self.pos += usize::from(here);
        here
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    /// `what`, or that the text ended, whichever it is.
    fn expected(&self, what: &'static str) -> &'static str {
        if self.pos >= self.bytes.len() { ENDS } else { what }
    }

    fn value(&mut self) -> Step<Value> {
        self.skip_ws();
        match self.peek() {
            Some(b'n') => self.word("null", Value::Null),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'"') => self.string().map(Value::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(open @ (b'[' | b'{')) => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err("nested too deeply");
                }
                self.pos += 1;
                let v = if open == b'[' { self.array() } else { self.object() }?;
                self.depth -= 1;
                Ok(v)
            }
            _ => Err(self.expected("expected a value")),
        }
    }

    fn word(&mut self, word: &str, v: Value) -> Step<Value> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(v)
        } else {
            Err("expected a value")
        }
    }

    fn array(&mut self) -> Step<Value> {
        let mut items = Vec::new();
        self.skip_ws();
        if !self.eat(b']') {
            loop {
                items.push(self.value()?);
                self.skip_ws();
                if self.eat(b']') {
                    break;
                }
                if !self.eat(b',') {
                    return Err(self.expected("expected `,` or `]`"));
                }
            }
        }
        Ok(Value::Array(items))
    }

    fn object(&mut self) -> Step<Value> {
        let mut members = Vec::new();
        self.skip_ws();
        if !self.eat(b'}') {
            loop {
                self.skip_ws();
                if self.peek() != Some(b'"') {
                    return Err(self.expected("expected a key (a string)"));
                }
                let key = self.string()?;
                self.skip_ws();
                if !self.eat(b':') {
                    return Err(self.expected("expected `:`"));
                }
                members.push((key, self.value()?));
                self.skip_ws();
                if self.eat(b'}') {
                    break;
                }
                if !self.eat(b',') {
                    return Err(self.expected("expected `,` or `}`"));
                }
            }
        }
        Ok(Value::Object(members))
    }

    fn digits(&mut self) -> bool {
        let start = self.pos;
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
        self.pos > start
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    fn number(&mut self) -> Step<Value> {
        let start = self.pos;
        self.eat(b'-');
        // No leading zeros: after a `0` the integer part ends.
        if !self.eat(b'0') && !self.digits() {
            return Err(self.expected("expected a digit"));
        }
        if self.eat(b'.') && !self.digits() {
            return Err(self.expected("expected a digit after `.`"));
        }
        if self.eat(b'e') || self.eat(b'E') {
            if !self.eat(b'+') {
                self.eat(b'-');
            }
            if !self.digits() {
                return Err(self.expected("expected a digit in the exponent"));
            }
        }
        Ok(Value::Number(self.text[start..self.pos].to_string()))
    }

    /// A string from its opening quote on.
    fn string(&mut self) -> Step<String> {
        self.pos += 1;
        let mut out = String::new();
        // Unescaped text is copied a run at a time; runs end at ASCII bytes, on char boundaries.
        let mut run = self.pos;
        loop {
            match self.peek() {
                None => return Err(ENDS),
                Some(b'"') => {
                    out.push_str(&self.text[run..self.pos]);
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(&self.text[run..self.pos]);
                    self.pos += 1;
                    let simple = match self.peek() {
                        Some(b'"') => Some('"'),
                        Some(b'\\') => Some('\\'),
                        Some(b'/') => Some('/'),
                        Some(b'b') => Some('\u{8}'),
                        Some(b'f') => Some('\u{c}'),
                        Some(b'n') => Some('\n'),
                        Some(b'r') => Some('\r'),
                        Some(b't') => Some('\t'),
                        Some(b'u') => None,
                        _ => return Err(self.expected("unknown escape")),
                    };
                    self.pos += 1;
                    let c = match simple {
                        Some(c) => c,
                        None => self.unicode()?,
                    };
                    out.push(c);
                    run = self.pos;
                }
                Some(0..=0x1F) => return Err("control character in a string (it must be escaped)"),
                Some(_) => self.pos += 1,
            }
        }
    }

    fn hex4(&mut self) -> Step<u32> {
        let mut n = 0;
        for _ in 0..4 {
            let digit = self.peek().and_then(|b| char::from(b).to_digit(16));
            n = n * 16 + digit.ok_or_else(|| self.expected("expected four hex digits after \\u"))?;
            self.pos += 1;
        }
        Ok(n)
    }

    /// The char of a `\u` escape (after `\u`), a UTF-16 surrogate pair taking two.
    fn unicode(&mut self) -> Step<char> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if !(self.eat(b'\\') && self.eat(b'u')) {
                    return Err(self.expected("a leading surrogate without its trailing \\u escape"));
                }
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err("a leading surrogate without its trailing surrogate");
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err("a trailing surrogate without its leading one"),
            c => c,
        };
        char::from_u32(code).ok_or("not a Unicode scalar value")
    }
}

impl Value {
    /// The member `key` of an object (the last one if repeated); None for anything else.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Sets the member `key` of an object (the one `get` finds, else a new last member);
    /// false if this is not an object.
    pub fn set(&mut self, key: &str, value: Value) -> bool {
        let Value::Object(members) = self else { return false };
        match members.iter_mut().rev().find(|(k, _)| k == key) {
            Some(member) => member.1 = value,
            None => members.push((key.to_string(), value)),
        }
        true
    }

    pub fn as_str(&self) -> Option<&str> {
        if let Value::String(s) = self { Some(s) } else { None }
    }

    pub fn as_bool(&self) -> Option<bool> {
        if let Value::Bool(b) = self { Some(*b) } else { None }
    }

    /// A number written as a non-negative integer that fits (not `1.0`, `1e2` or `-0`).
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Value::Number(n) => n.bytes().try_fold(0u64, |acc, b| {
                let digit = b.checked_sub(b'0').filter(|d| *d < 10)?;
                acc.checked_mul(10)?.checked_add(u64::from(digit))
            }),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        if let Value::Array(items) = self { Some(items) } else { None }
    }

    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        if let Value::Object(members) = self { Some(members) } else { None }
    }

    /// The value as compact JSON text.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    pub fn write(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.push_str(n),
            Value::String(s) => quote(s, out),
            Value::Array(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Value::Object(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    quote(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// `s` as a JSON string, escaped as serde_json escapes (quote, backslash, control chars only).
fn quote(s: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0C => "\\f",
            0..=0x1F => "",
            _ => continue,
        };
        out.push_str(&s[run..i]);
        if escape.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            out.push_str(escape);
        }
        run = i + 1;
    }
    out.push_str(&s[run..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn s(text: &str) -> Value {
        Value::String(text.into())
    }

    fn n(text: &str) -> Value {
        Value::Number(text.into())
    }

    #[test]
    fn values_read_and_write_back() {
        let text = r#" { "a" : [1, -2.5e+3, true, false, null, "x"], "b": {}, "c": [] } "#;
        let v = parse(text).unwrap();
        let expected = Value::Object(vec![
            ("a".into(), Value::Array(vec![n("1"), n("-2.5e+3"), Value::Bool(true), Value::Bool(false), Value::Null, s("x")])),
            ("b".into(), Value::Object(vec![])),
            ("c".into(), Value::Array(vec![])),
        ]);
        assert_eq!(v, expected);
        assert_eq!(v.to_json(), r#"{"a":[1,-2.5e+3,true,false,null,"x"],"b":{},"c":[]}"#);
        assert_eq!(parse(&v.to_json()).unwrap(), v);
        assert_eq!(parse("\"\"").unwrap(), s(""));
        assert_eq!(parse("0").unwrap(), n("0"));
    }

    #[test]
    fn escapes_and_unicode() {
        let v = parse(r#""\"\\\/\b\f\n\r\t\u0041\u00e9\u001f\uD83D\uDE00\ud83d\ude00 한😀""#).unwrap();
        assert_eq!(v, s("\"\\/\u{8}\u{c}\n\r\t\u{41}é\u{1f}😀😀 한😀"));
        let mut out = String::new();
        quote("\"\\/\u{8}\u{c}\n\r\t\u{0}\u{1f}\u{7f}é한😀", &mut out);
        assert_eq!(out, r#""\"\\/\b\f\n\r\t\u0000\u001f"#.to_string() + "\u{7f}é한😀\"");
        // `\u0022` is a quote inside the string, not its end.
        assert_eq!(parse(r#""a\u0022b\u005c""#).unwrap(), s("a\"b\\"));
    }

    #[test]
    fn numbers_follow_the_grammar() {
        for good in ["0", "-0", "7", "-12", "0.5", "1e5", "1E-5", "1.25e+10", "18446744073709551616", "1e400"] {
            assert_eq!(parse(good).unwrap(), n(good), "{good}");
        }
        for bad in ["01", "-", "+1", ".5", "1.", "1e", "1e+", "-a", "0x10", "1.e3", "--1", "Infinity", "NaN"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let u = |t: &str| parse(t).unwrap().as_u64();
        assert_eq!(u("0"), Some(0));
        assert_eq!(u("42"), Some(42));
        assert_eq!(u("18446744073709551615"), Some(u64::MAX));
        for none in ["18446744073709551616", "1.0", "1e2", "-0", "-1"] {
            assert_eq!(u(none), None, "{none}");
        }
        assert_eq!(s("1").as_u64(), None);
    }

    #[test]
    fn malformed_text_is_an_error_with_its_position() {
        let err = |t: &str| parse(t).unwrap_err();
        assert_eq!(err(""), Error { what: ENDS, line: 1, column: 1 });
        assert_eq!(err(r#"{"a":1,}"#), Error { what: "expected a key (a string)", line: 1, column: 8 });
        assert_eq!(err("[\n1,\n]"), Error { what: "expected a value", line: 3, column: 1 });
        assert_eq!(err("[\"한\" x]"), Error { what: "expected `,` or `]`", line: 1, column: 6 });
        assert_eq!(err("{\"a\":1} 2").to_string(), "unexpected characters after the value at line 1 column 9");
        for bad in [
            "{", "[", "[1", "[1,", "{\"a\"", "{\"a\":", "{\"a\" 1}", "{1:2}", "{\"a\":1 \"b\":2}", "[1 2]", "[,]", "[1,]",
            "\"abc", "\"\\", "\"\\x\"", "\"\\u12\"", "\"\\u12g4\"", "\"\\uD800\"", "\"\\uD800\\n\"", "\"\\uD800\\u0041\"",
            "\"\\uDC00\"", "\"a\nb\"", "\"\u{0}\"", "tru", "nul", "True", "'a'", "\u{feff}1", "1 2", "]", "}", ":", "/* */1",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_not_a_stack_overflow() {
        let nested = |d: usize| "[".repeat(d) + &"]".repeat(d);
        assert!(parse(&nested(MAX_DEPTH)).is_ok());
        assert_eq!(parse(&nested(MAX_DEPTH + 1)).unwrap_err().what, "nested too deeply");
        assert!(parse(&"[{\"a\":".repeat(100_000)).is_err());
    }

    #[test]
    fn repeated_keys_read_and_set_the_last() {
        let mut v = parse(r#"{"a":1,"b":2,"a":3}"#).unwrap();
        assert_eq!(v.get("a"), Some(&n("3")));
        assert!(v.set("a", n("4")));
        assert!(v.set("c", Value::Null));
        assert_eq!(v.to_json(), r#"{"a":1,"b":2,"a":4,"c":null}"#);
        assert!(!n("1").set("a", Value::Null));
        assert_eq!(n("1").get("a"), None);
    }

    /// Ours as serde_json's value (a repeated key: the last wins in both).
    fn to_serde(v: &Value) -> serde_json::Value {
        match v {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Number(t) => serde_json::from_str(t).unwrap(),
            Value::String(t) => serde_json::Value::String(t.clone()),
            Value::Array(items) => serde_json::Value::Array(items.iter().map(to_serde).collect()),
            Value::Object(members) => serde_json::Value::Object(members.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect()),
        }
    }

    /// What serde_json read and we read agree, except that numbers out of f64's range are text
    /// to us (the page never converts them).
    fn agrees_with_serde_json(text: &str) -> Result<(), TestCaseError> {
        let ours = parse(text);
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(theirs) => prop_assert_eq!(to_serde(&ours.unwrap()), theirs),
            Err(e) => prop_assert!(ours.is_err() || e.to_string().contains("number out of range"), "{text:?}: {e}"),
        }
        Ok(())
    }

    fn any_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|i| Value::Number(i.to_string())),
            "-?(0|[1-9][0-9]{0,5})(\\.[0-9]{1,4})?([eE][+-]?[0-9]{1,2})?".prop_map(Value::Number),
            ".{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::vec((".{0,6}", inner), 0..6).prop_map(Value::Object),
            ]
        })
    }

    proptest! {
        #[test]
        fn values_round_trip(v in any_value()) {
            let text = v.to_json();
            prop_assert_eq!(parse(&text).unwrap(), v.clone());
            // serde_json (which the worker reads the autosave with) reads the same.
            prop_assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), to_serde(&v));
        }

        #[test]
        fn strings_are_quoted_as_serde_json_quotes_them(t in "\\PC{0,40}|[\\x00-\\x7f]{0,40}") {
            let mut out = String::new();
            quote(&t, &mut out);
            prop_assert_eq!(&out, &serde_json::to_string(&t).unwrap());
            prop_assert_eq!(parse(&out).unwrap(), Value::String(t));
        }

        #[test]
        fn any_text_reads_as_serde_json_reads_it(t in ".{0,60}") {
            agrees_with_serde_json(&t)?;
        }

        #[test]
        fn json_like_text_reads_as_serde_json_reads_it(t in r#"[\[\]{}",:0-9.eE+\- \n\tnulrtfas\\/bu]{0,40}"#) {
            agrees_with_serde_json(&t)?;
        }

        #[test]
        fn damaged_json_never_panics(v in any_value(), cut in any::<prop::sample::Index>(), byte in any::<u8>()) {
            let text = v.to_json();
            let at = cut.index(text.len() + 1);
            let mut damaged = text.into_bytes();
            damaged.truncate(at);
            damaged.push(byte);
            if let Ok(t) = String::from_utf8(damaged) {
                agrees_with_serde_json(&t)?;
            }
        }
    }
}

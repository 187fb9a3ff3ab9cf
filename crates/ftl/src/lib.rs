//! The part of Fluent (`.ftl`) that podlife's texts use, read and resolved without the Fluent
//! crates. The page's words (`static/i18n/<lang>/*.ftl`, through podlife-i18n) and the
//! course's lesson texts (through podlife-lessons) both go through it.
//!
//! The subset: messages (`id = …`) whose values are text over one or more lines; comments;
//! placeables holding a string literal (`{"{"}`, with Fluent's escapes), a variable
//! (`{ $name }`) or a select expression over a variable (`{ $x -> [key] … *[other] … }`,
//! variants over one or more lines, placeables nested in their values). Keys are identifiers
//! or number literals. Terms, attributes, message references, functions and number literals
//! in placeables are not used by podlife's texts: they are reported with their line instead of
//! being half read.
//!
//! Why not `fluent-bundle`: its parser, resolver, language tags, plural rules and
//! `str::parse::<f64>` (for number keys) cost the page about 30 KB brotli and the worker
//! 9 KB for this subset. The rules follow fluent-syntax 0.12 and fluent-bundle 0.16 (the
//! versions the tests compare against, file by file and message by message):
//! - a value's text lines: a continuation line is indented and does not start with `[`, `*`,
//!   `.` or `}`; the common indent of the lines that start with text is removed, a line that
//!   starts with a placeable loses all of its indent, blank lines inside a value are kept
//!   (with their spaces beyond the common indent), and the end of the value is trimmed;
//! - a message defined twice keeps the first (fluent-bundle's `Overriding`);
//! - a variable prints its text, or its number as Rust's `f64` display (fluent-bundle's
//!   `FluentNumber` without options; written by `num`, not core's float formatting); a
//!   missing one prints `{$name}` and is an error;
//! - a select expression takes the first variant whose key matches, else the default: an
//!   identifier key matches a text argument equal to it, or a number argument whose plural
//!   category (the `plural` function given, CLDR cardinal) it names; a number key matches a
//!   number argument equal to it (a key with a fraction part matches none, as in
//!   fluent-bundle, whose key keeps its fraction digits and an argument has none);
//! - no Unicode isolation marks (podlife sets `set_use_isolating(false)`), and at most 100
//!   placeables per resolution, as fluent-bundle.

use std::fmt::{self, Write as _};

pub mod num;

/// The messages of one file in order, and what could not be read.
#[derive(Debug, Default)]
pub struct Resource {
    pub messages: Vec<Message>,
    pub errors: Vec<Error>,
}

/// What could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One message: its id, the line it starts on and its value.
#[derive(Debug, Clone)]
pub struct Message {
    pub id: String,
    pub line: usize,
    pub value: Pattern,
}

/// A value: text and placeables.
#[derive(Debug, Clone, Default)]
pub struct Pattern(Vec<Element>);

#[derive(Debug, Clone)]
enum Element {
    Text(String),
    /// A string literal's text (a placeable, counted as fluent-bundle counts them).
    Literal(String),
    Variable(String),
    Select { selector: String, variants: Vec<Variant> },
}

#[derive(Debug, Clone)]
struct Variant {
    key: Key,
    default: bool,
    value: Pattern,
}

#[derive(Debug, Clone)]
enum Key {
    Name(String),
    /// A number literal's value; `None` when it has a fraction part (it matches no argument).
    Number(Option<f64>),
}

/// An argument's value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value<'a> {
    Text(&'a str),
    Number(f64),
}

/// fluent-bundle's limit on the placeables of one resolution.
const MAX_PLACEABLES: u32 = 100;

/// Reads a Fluent file.
pub fn parse(source: &str) -> Resource {
    let source = source.replace("\r\n", "\n");
    let mut p = Parser { s: &source, b: source.as_bytes(), p: 0 };
    let mut out = Resource::default();
    p.skip_blank_block();
    while p.p < p.b.len() {
        let start = p.p;
        match p.entry() {
            Ok(None) => {}
            Ok(Some((id, value))) => {
                let line = p.line(start);
                if out.messages.iter().any(|m| m.id == id) {
                    out.errors.push(Error { line, message: format!("message {id} is defined twice (the first is kept)") });
                } else {
                    out.messages.push(Message { id: id.to_string(), line, value });
                }
            }
            Err(message) => {
                out.errors.push(Error { line: p.line(p.p), message });
                if p.p == start {
                    p.p += 1;
                }
                p.skip_to_next_entry();
            }
        }
        p.skip_blank_block();
    }
    out
}

impl Pattern {
    /// The value with its arguments (`args` gives one by name) and the errors fluent-bundle
    /// would report (missing arguments). `plural` is a number's CLDR cardinal category in the
    /// text's language (`"one"`, `"other"`, …).
    pub fn format<'a>(&self, args: &dyn Fn(&str) -> Option<Value<'a>>, plural: fn(f64) -> &'static str, errors: &mut Vec<String>) -> String {
        let mut scope = Scope { args, plural, errors, placeables: 0, dirty: false };
        let mut out = String::new();
        self.write(&mut out, &mut scope);
        out
    }

    fn write(&self, out: &mut String, s: &mut Scope<'_, '_>) {
        for element in &self.0 {
            if s.dirty {
                return;
            }
            if let Element::Text(t) = element {
                out.push_str(t);
                continue;
            }
            s.placeables += 1;
            if s.placeables > MAX_PLACEABLES {
                s.dirty = true;
                s.errors.push("too many placeables".into());
                return;
            }
            match element {
                Element::Text(_) => {}
                Element::Literal(t) => out.push_str(t),
                Element::Variable(name) => match (s.args)(name) {
                    Some(Value::Text(t)) => out.push_str(t),
                    Some(Value::Number(n)) => num::push_shortest(out, n),
                    None => {
                        s.errors.push(format!("unknown variable ${name}"));
                        let _ = write!(out, "{{${name}}}");
                    }
                },
                Element::Select { selector, variants } => {
                    let value = (s.args)(selector);
                    if value.is_none() {
                        s.errors.push(format!("unknown variable ${selector}"));
                    }
                    let plural = s.plural;
                    let chosen = value.and_then(|v| variants.iter().find(|x| x.key.matches(v, plural))).or_else(|| variants.iter().find(|x| x.default));
                    match chosen {
                        Some(x) => x.value.write(out, s),
                        // `{ $x ->\n*}`: fluent-syntax reads it (a `*` without a variant), fluent-bundle reports it.
                        None => s.errors.push("a select expression without variants".into()),
                    }
                }
            }
        }
    }
}

struct Scope<'s, 'a> {
    args: &'s dyn Fn(&str) -> Option<Value<'a>>,
    plural: fn(f64) -> &'static str,
    errors: &'s mut Vec<String>,
    placeables: u32,
    dirty: bool,
}

impl Key {
    /// fluent-bundle's `FluentValue::matches` (key against selector).
    fn matches(&self, value: Value<'_>, plural: fn(f64) -> &'static str) -> bool {
        match (self, value) {
            (Key::Name(k), Value::Text(t)) => k == t,
            // `plural` only returns category names, so only those keys can match.
            (Key::Name(k), Value::Number(n)) => k == plural(n),
            (Key::Number(k), Value::Number(n)) => *k == Some(n),
            (Key::Number(_), Value::Text(_)) => false,
        }
    }
}

type Result<T> = std::result::Result<T, String>;

/// fluent-syntax's parser over the subset (its names, where they help comparing).
struct Parser<'s> {
    s: &'s str,
    b: &'s [u8],
    p: usize,
}

#[derive(Clone, Copy, PartialEq)]
enum Role {
    InitialLineStart,
    LineStart,
    Continuation,
}

enum Piece {
    Placeable(Element),
    Text { start: usize, end: usize, indent: usize, line_start: bool },
}

impl<'s> Parser<'s> {
    fn at(&self) -> Option<u8> {
        self.b.get(self.p).copied()
    }

    fn take(&mut self, c: u8) -> bool {
        let found = self.at() == Some(c);
        if found {
            self.p += 1;
        }
        found
    }

    fn expect(&mut self, c: u8) -> Result<()> {
        if self.take(c) { Ok(()) } else { Err(format!("expected `{}`", c as char)) }
    }

    fn line(&self, at: usize) -> usize {
        self.b[..at.min(self.b.len())].iter().filter(|&&c| c == b'\n').count() + 1
    }

    fn skip_inline(&mut self) -> usize {
        let start = self.p;
        while self.at() == Some(b' ') {
            self.p += 1;
        }
        self.p - start
    }

    /// Blank lines (spaces and a line end).
    fn skip_blank_block(&mut self) {
        loop {
            let start = self.p;
            self.skip_inline();
            if !self.take(b'\n') {
                self.p = start;
                return;
            }
        }
    }

    /// Spaces and line ends.
    fn skip_blank(&mut self) {
        while matches!(self.at(), Some(b' ' | b'\n')) {
            self.p += 1;
        }
    }

    /// After an error: the next line that begins an entry (a message, a term or a comment).
    fn skip_to_next_entry(&mut self) {
        while let Some(c) = self.at() {
            if self.b[self.p - 1] == b'\n' && (c.is_ascii_alphabetic() || c == b'-' || c == b'#') {
                return;
            }
            self.p += 1;
        }
    }

    fn identifier(&mut self) -> Result<&'s str> {
        if !self.at().is_some_and(|c| c.is_ascii_alphabetic()) {
            return Err("expected an identifier ([a-zA-Z][a-zA-Z0-9_-]*)".into());
        }
        let start = self.p;
        while self.at().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_') {
            self.p += 1;
        }
        Ok(&self.s[start..self.p])
    }

    /// A comment (`None`) or a message.
    fn entry(&mut self) -> Result<Option<(&'s str, Pattern)>> {
        match self.at() {
            Some(b'#') => {
                let hashes = self.b[self.p..].iter().take_while(|&&c| c == b'#').count();
                self.p += hashes;
                if hashes > 3 || !matches!(self.at(), None | Some(b' ' | b'\n')) {
                    return Err("a comment is `#`, `##` or `###` and a space".into());
                }
                while self.at().is_some_and(|c| c != b'\n') {
                    self.p += 1;
                }
                self.take(b'\n');
                Ok(None)
            }
            Some(b'-') => Err("terms (`-name = …`) are outside the subset".into()),
            Some(c) if c.is_ascii_alphabetic() => {
                let id = self.identifier()?;
                self.skip_inline();
                self.expect(b'=').map_err(|e| format!("message {id}: {e}"))?;
                let value = self.pattern().map_err(|e| format!("message {id}: {e}"))?;
                self.skip_blank_block();
                let start = self.p;
                self.skip_inline();
                if self.at() == Some(b'.') {
                    return Err(format!("message {id}: attributes (`.name = …`) are outside the subset"));
                }
                self.p = start;
                value.map(|v| Some((id, v))).ok_or_else(|| format!("message {id} has no value"))
            }
            _ => {
                self.skip_inline();
                Err(match self.at() {
                    Some(c @ (b'[' | b'*' | b'.' | b'}')) => format!("a line starting with `{}` ends a text (quote it as {{\"{}\"}})", c as char, c as char),
                    _ => "expected a message (`id = text`)".into(),
                })
            }
        }
    }

    /// fluent-syntax's `get_pattern`: `None` when there is no text.
    fn pattern(&mut self) -> Result<Option<Pattern>> {
        let mut pieces = Vec::new();
        let mut last_non_blank = None;
        let mut common: Option<usize> = None;
        self.skip_inline();
        let mut role = if self.take(b'\n') {
            self.skip_blank_block();
            Role::LineStart
        } else {
            Role::InitialLineStart
        };
        while self.p < self.b.len() {
            if self.take(b'{') {
                if role == Role::LineStart {
                    common = Some(0);
                }
                let e = self.placeable()?;
                last_non_blank = Some(pieces.len());
                pieces.push(Piece::Placeable(e));
                role = Role::Continuation;
                continue;
            }
            let slice_start = self.p;
            let mut indent = 0;
            if role == Role::LineStart {
                indent = self.skip_inline();
                match self.at() {
                    None => break,
                    Some(c) if indent == 0 && c != b'\n' => break,
                    Some(b'.' | b'}' | b'[' | b'*') if indent > 0 => {
                        self.p = slice_start;
                        break;
                    }
                    _ => {}
                }
            }
            // fluent-syntax's `get_text_slice`: up to a line end (included), a placeable or the end.
            let start = self.p;
            let (end, text_end, line_feed) = match self.b[start..].iter().position(|&c| matches!(c, b'\n' | b'{' | b'}')) {
                Some(i) if self.b[start + i] == b'}' => {
                    self.p = start + i;
                    return Err("a `}` outside a placeable (quote it as {\"}\"})".into());
                }
                Some(i) if self.b[start + i] == b'\n' => (start + i + 1, start + i, true),
                Some(i) => (start + i, start + i, false),
                None => (self.b.len(), self.b.len(), false),
            };
            self.p = end;
            let non_blank = self.b[start..text_end].iter().any(|&c| c != b' ');
            if start != end {
                if role == Role::LineStart && non_blank {
                    common = Some(common.map_or(indent, |c| c.min(indent)));
                }
                if role != Role::LineStart || non_blank || line_feed {
                    if non_blank {
                        last_non_blank = Some(pieces.len());
                    }
                    pieces.push(Piece::Text { start: slice_start, end, indent, line_start: role == Role::LineStart });
                }
            }
            role = if line_feed { Role::LineStart } else { Role::Continuation };
        }
        let Some(last) = last_non_blank else { return Ok(None) };
        let elements = pieces
            .into_iter()
            .take(last + 1)
            .enumerate()
            .map(|(i, piece)| match piece {
                Piece::Placeable(e) => e,
                Piece::Text { start, end, indent, line_start } => {
                    let start = if line_start { start + common.map_or(indent, |c| c.min(indent)) } else { start };
                    let text = &self.s[start..end];
                    Element::Text(if i == last { text.trim_end_matches([' ', '\n']) } else { text }.to_string())
                }
            })
            .collect();
        Ok(Some(Pattern(elements)))
    }

    /// After `{`: a string literal, a variable or a select expression, and `}`.
    fn placeable(&mut self) -> Result<Element> {
        self.skip_blank();
        let e = match self.at() {
            Some(b'"') => Element::Literal(self.string_literal()?),
            Some(b'$') => {
                self.p += 1;
                Element::Variable(self.identifier()?.to_string())
            }
            _ => return Err("a placeable here holds a \"string literal\", a $variable or `$variable ->` (terms, references, functions and numbers are outside the subset)".into()),
        };
        self.skip_blank();
        let e = if self.b[self.p..].starts_with(b"->") {
            let Element::Variable(selector) = e else { return Err("only a $variable selects a variant in the subset".into()) };
            self.p += 2;
            self.skip_inline();
            if !self.take(b'\n') {
                return Err("expected a line end after `->`".into());
            }
            self.skip_blank();
            Element::Select { selector, variants: self.variants()? }
        } else {
            e
        };
        self.skip_inline();
        self.expect(b'}')?;
        Ok(e)
    }

    /// fluent-syntax's `get_variants`.
    fn variants(&mut self) -> Result<Vec<Variant>> {
        let mut variants = Vec::new();
        let mut has_default = false;
        loop {
            let default = self.take(b'*');
            if default {
                if has_default {
                    return Err("two default variants".into());
                }
                has_default = true;
            }
            if !self.take(b'[') {
                break;
            }
            self.skip_blank();
            let key = if self.at().is_some_and(|c| c.is_ascii_digit() || c == b'-') { self.number_key()? } else { Key::Name(self.identifier()?.to_string()) };
            self.skip_blank();
            self.expect(b']')?;
            let value = self.pattern()?.ok_or("a variant without a value")?;
            variants.push(Variant { key, default, value });
            self.skip_blank();
        }
        if has_default { Ok(variants) } else { Err("a select expression without a default variant (`*[…]`)".into()) }
    }

    /// `-?[0-9]+(.[0-9]+)?`, its value summed by hand (keys are small integers; no
    /// `str::parse::<f64>` and its tables).
    fn number_key(&mut self) -> Result<Key> {
        let negative = self.take(b'-');
        let digits = |p: &mut Parser<'_>| -> Result<f64> {
            let start = p.p;
            let mut value = 0.0;
            while let Some(c) = p.at().filter(u8::is_ascii_digit) {
                value = value * 10.0 + f64::from(c - b'0');
                p.p += 1;
            }
            if p.p == start { Err("expected a digit".into()) } else { Ok(value) }
        };
        let value = digits(self)?;
        if self.take(b'.') {
            digits(self)?;
            return Ok(Key::Number(None));
        }
        Ok(Key::Number(Some(if negative { -value } else { value })))
    }

    /// `"text"` with Fluent's escapes, unescaped as fluent-bundle prints them.
    fn string_literal(&mut self) -> Result<String> {
        self.p += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.s[self.p..].chars().next() else { return Err("a string literal is closed by `\"` on its line".into()) };
            self.p += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\n' => return Err("a string literal is closed by `\"` on its line".into()),
                '\\' => {
                    let escape = self.at();
                    self.p += 1;
                    match escape {
                        Some(b'\\') => out.push('\\'),
                        Some(b'"') => out.push('"'),
                        // fluent-syntax accepts `\{`; fluent-bundle prints it as U+FFFD.
                        Some(b'{') => out.push('\u{FFFD}'),
                        Some(u @ (b'u' | b'U')) => {
                            let n = if u == b'u' { 4 } else { 6 };
                            let hex = self.b.get(self.p..self.p + n).filter(|h| h.iter().all(u8::is_ascii_hexdigit));
                            let hex = hex.ok_or_else(|| format!("an escape \\{} needs {n} hex digits", u as char))?;
                            let code = hex.iter().fold(0, |a, &h| a * 16 + char::from(h).to_digit(16).unwrap_or(0));
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                            self.p += n;
                        }
                        _ => return Err("an unknown escape in a string literal (Fluent knows \\\", \\\\, \\u and \\U)".into()),
                    }
                }
                c => out.push(c),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english(n: f64) -> &'static str {
        if n.abs() == 1.0 { "one" } else { "other" }
    }

    fn render(src: &str, args: &[(&str, Value<'_>)]) -> (String, Vec<String>) {
        let r = parse(src);
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let mut errors = Vec::new();
        let text = r.messages[0].value.format(&|name| args.iter().rev().find(|(k, _)| *k == name).map(|(_, v)| *v), english, &mut errors);
        (text, errors)
    }

    #[test]
    fn values_over_lines_are_dedented_and_keep_inner_blank_lines() {
        let r = parse("a = one\nb =\n    first\n      second\n\n    third\n\n# c\nc = {\"{\"}x{\"}\"} {\"*\"}\n");
        assert!(r.errors.is_empty(), "{:?}", r.errors);
        let text: Vec<String> = r.messages.iter().map(|m| m.value.format(&|_| None, english, &mut Vec::new())).collect();
        assert_eq!(text, ["one", "first\n  second\n\nthird", "{x} *"]);
    }

    #[test]
    fn variables_and_select_expressions() {
        let src = "m = { $n } { $n ->\n    [0] none\n    [one] one { $what }\n   *[other] many {\"!\"}\n}\n";
        assert_eq!(render(src, &[("n", Value::Number(1.0)), ("what", Value::Text("pod"))]).0, "1 one pod");
        assert_eq!(render(src, &[("n", Value::Number(0.0))]).0, "0 none");
        assert_eq!(render(src, &[("n", Value::Number(1.5))]).0, "1.5 many !");
        assert_eq!(render(src, &[("n", Value::Text("one"))]).0, "one one {$what}");
        let (text, errors) = render(src, &[]);
        assert_eq!(text, "{$n} many !");
        assert_eq!(errors.len(), 2);
    }

    #[test]
    fn what_is_outside_the_subset_is_reported_with_its_line() {
        let r = parse("a = ok\nb = { b-ref }\nc =\n    .attr = x\n-term = t\nd = { NUMBER($x) }\ne = ok\n    [x] y\n");
        assert_eq!(r.messages.len(), 2);
        let lines: Vec<usize> = r.errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, [2, 4, 5, 6, 8], "{:?}", r.errors);
    }

    #[test]
    fn the_first_of_two_definitions_is_kept() {
        let r = parse("a = 1\na = 2\n");
        assert_eq!(r.messages.len(), 1);
        assert_eq!(r.messages[0].value.format(&|_| None, english, &mut Vec::new()), "1");
        assert_eq!(r.errors.len(), 1);
    }
}

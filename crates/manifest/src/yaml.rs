//! One document's YAML events into a JSON value, recording where each field starts.
//!
//! Built with an explicit stack (no recursion) so that nesting depth is a checked limit, and
//! with a node budget so that aliases cannot expand without bound.

use saphyr_parser::{Event, Parser, ScalarStyle, Span, Tag};
use serde_json::{Map, Value};

use crate::spans::{Position, Spans};
use crate::{Document, Item, MAX_DEPTH, YamlError, resolve};

/// go-yaml's text when aliases expand too far (`decode.go`).
pub(crate) const EXCESSIVE_ALIASING: &str = "document contains excessive aliasing";

enum Frame {
    Map { map: Map<String, Value>, path: String, key: Option<String>, merge_next: bool, anchor: usize, first_node: usize },
    Seq { items: Vec<Value>, path: String, anchor: usize, first_node: usize },
}

struct Builder<'a> {
    first_line: u32,
    stack: Vec<Frame>,
    /// Each anchor's value, and what decoding it costs go-yaml (its nodes, alias references
    /// and what they expand to).
    /// By anchor id, ascending (saphyr numbers anchors as it meets them): a sorted list, not a
    /// `BTreeMap`, whose node code for this one layout cost several KB of the worker.
    anchors: Vec<(usize, (Value, usize))>,
    spans: Spans,
    /// Nodes decoded, and how many of them came from alias expansion (go-yaml's
    /// `decodeCount` and `aliasCount`).
    nodes: usize,
    alias_nodes: usize,
    /// Nodes that aliases expanded to, counted over the whole stream (see [`read_document`]).
    alias_budget: &'a mut usize,
    /// The character ranges of quoted and block scalars, when asked for.
    quoted: Option<Vec<(usize, usize)>>,
    root: Option<Value>,
}

/// saphyr's refusal of a tab between a key's `:` and its value.
const TAB_AFTER_COLON: &str = "':' must be followed by a valid YAML whitespace";

/// Reads the first document of `text` (a chunk split off by `split`). `None` when the chunk
/// holds no document (only blanks or comments). `alias_budget` is what is left of the
/// stream's alias expansion ([`crate::MAX_ALIAS_NODES`]), shared by all its documents.
pub fn read_document(text: &str, first_line: u32, alias_budget: &mut usize) -> Option<Item> {
    let before = *alias_budget;
    let (mut item, _) = read_once(text, first_line, alias_budget, false);
    if let Some(Item::Error(e)) = &item
        && e.message == UNKNOWN_ESCAPE
        && let Some(patched) = single_quote_escapes(text, e)
    {
        *alias_budget = before;
        return read_document(&patched, first_line, alias_budget);
    }
    // go-yaml (`scannerc.go`, `yaml_parser_unroll_indent`: "In the flow context, do nothing")
    // does not weigh indentation inside a flow collection, so a closing `]` or `}` may sit at
    // its key's column (kubernetes.io's pod-with-graceful-termination.yaml does). saphyr
    // refuses it: such a line is given the indentation of the line before it and the
    // document read again (its positions on that line move by the spaces added).
    let mut owned: Option<String> = None;
    for _ in 0..16 {
        let Some(Item::Error(e)) = &item else { break };
        if e.message != "invalid indentation" {
            break;
        }
        let mut lines: Vec<String> = owned.as_deref().unwrap_or(text).split('\n').map(str::to_string).collect();
        let at = (e.position.line - first_line) as usize;
        let Some(line) = lines.get(at) else { break };
        let body = line.trim_start_matches(' ');
        let want = lines[..at].iter().rev().find(|l| !l.trim().is_empty()).map_or(0, |l| l.len() - l.trim_start_matches(' ').len());
        if !(body.starts_with(']') || body.starts_with('}')) || want <= line.len() - body.len() {
            break;
        }
        lines[at] = format!("{}{body}", " ".repeat(want));
        let patched = lines.join("\n");
        *alias_budget = before;
        item = read_once(&patched, first_line, alias_budget, false).0;
        owned = Some(patched);
    }
    let text = owned.as_deref().unwrap_or(text);
    if !matches!(&item, Some(Item::Error(e)) if e.message == TAB_AFTER_COLON) {
        return item;
    }
    // go-yaml v2 (`scannerc.go`, `yaml_parser_fetch_value`): after a simple key's `:`, simple
    // keys are not allowed, so `yaml_parser_scan_to_next_token` skips tabs as well as spaces
    // and `name:<TAB>value` is a mapping entry. saphyr follows YAML 1.2 there, so the tabs
    // after every `:` become spaces (a tab is one column, so every position stays), except
    // where they turn out to be inside a quoted or block scalar, whose text they are.
    let mut chars: Vec<char> = text.chars().collect();
    let mut replaced = Vec::new();
    let mut after_colon = false;
    for (i, c) in chars.iter_mut().enumerate() {
        match *c {
            ':' => after_colon = true,
            '\t' if after_colon => {
                *c = ' ';
                replaced.push(i);
            }
            ' ' => {}
            _ => after_colon = false,
        }
    }
    let patched: String = chars.iter().collect();
    *alias_budget = before;
    let (item, quoted) = read_once(&patched, first_line, alias_budget, true);
    let inside: Vec<usize> = replaced.into_iter().filter(|i| quoted.iter().any(|(s, e)| s <= i && i < e)).collect();
    if inside.is_empty() {
        return item;
    }
    for i in inside {
        chars[i] = '\t';
    }
    let restored: String = chars.iter().collect();
    *alias_budget = before;
    read_once(&restored, first_line, alias_budget, false).0
}

/// saphyr's refusal of an escape YAML 1.2 does not define.
const UNKNOWN_ESCAPE: &str = "while parsing a quoted scalar, found unknown escape character";

/// go-yaml (`scannerc.go`, `yaml_parser_scan_flow_scalar`, as libyaml) also takes `\'` in a
/// double-quoted scalar as `'`; saphyr does not. The error points at the scalar's opening
/// quote: its `\'` escapes become `\x27` (the same character; columns after it on that line
/// move by two). `None` when there is none to rewrite.
fn single_quote_escapes(text: &str, e: &YamlError) -> Option<String> {
    let line_start: usize = text.split_inclusive('\n').take(e.document_line.saturating_sub(1) as usize).map(str::len).sum();
    let line = text[line_start..].split('\n').next()?;
    let col = line.char_indices().nth(e.position.column.saturating_sub(1) as usize).map_or(line.len(), |(i, _)| i);
    let start = line_start + col;
    if !text[start..].starts_with('"') {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..=start]);
    let mut chars = text[start + 1..].char_indices();
    let mut changed = false;
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, '\'')) => {
                    out.push_str("\\x27");
                    changed = true;
                }
                Some((_, n)) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            },
            '"' => {
                out.push('"');
                out.push_str(&text[start + 1 + i + 1..]);
                return changed.then_some(out);
            }
            c => out.push(c),
        }
    }
    None
}

/// One saphyr pass over a document; with `want_quoted`, also the character ranges of its
/// quoted and block scalars.
fn read_once(text: &str, first_line: u32, alias_budget: &mut usize, want_quoted: bool) -> (Option<Item>, Vec<(usize, usize)>) {
    let mut b = Builder {
        first_line,
        stack: Vec::new(),
        anchors: Vec::new(),
        spans: Spans::default(),
        nodes: 0,
        alias_nodes: 0,
        alias_budget,
        quoted: want_quoted.then(Vec::new),
        root: None,
    };
    let item = b.run(text);
    (item, b.quoted.take().unwrap_or_default())
}

impl Builder<'_> {
    fn run(&mut self, text: &str) -> Option<Item> {
        let first_line = self.first_line;
        let b = self;
        let mut parser = Parser::new_from_str(text);
        let mut started = false;
        while let Some(next) = parser.next_event() {
            let (event, span) = match next {
                Ok(ev) => ev,
                Err(e) => {
                    let m = e.marker();
                    let line = m.line() as u32;
                    return Some(Item::Error(YamlError {
                        position: Position { line: first_line + line.saturating_sub(1), column: m.col() as u32 + 1 },
                        document_line: line.max(1),
                        message: go_yaml_wording(e.info()),
                    }));
                }
            };
            let result = match event {
                Event::DocumentStart(_) => {
                    if started {
                        break; // go-yaml reads only the first document of a chunk
                    }
                    started = true;
                    Ok(())
                }
                Event::DocumentEnd => break,
                Event::Scalar(text, style, anchor, tag) => {
                    if style != ScalarStyle::Plain
                        && let Some(q) = &mut b.quoted
                    {
                        q.push((span.start.index(), span.end.index()));
                    }
                    b.scalar(&text, style, anchor, tag.as_deref(), span)
                }
                Event::SequenceStart(anchor, _) => b.open(Frame::Seq { items: Vec::new(), path: String::new(), anchor, first_node: 0 }, span),
                Event::MappingStart(anchor, _) => {
                    b.open(Frame::Map { map: Map::new(), path: String::new(), key: None, merge_next: false, anchor, first_node: 0 }, span)
                }
                Event::SequenceEnd | Event::MappingEnd => b.close(),
                Event::Alias(id) => b.alias(id, span),
                Event::StreamStart | Event::StreamEnd | Event::Nothing => Ok(()),
            };
            if let Err(message) = result {
                let position = b.position(span);
                // go-yaml's `failf` errors carry no line.
                let document_line = if message == EXCESSIVE_ALIASING { 0 } else { position.line + 1 - first_line };
                return Some(Item::Error(YamlError { position, document_line, message }));
            }
        }
        let value = b.root.take()?;
        Some(Item::Object(Document { first_line, value, spans: std::mem::take(&mut b.spans) }))
    }

    fn position(&self, span: Span) -> Position {
        Position { line: self.first_line + (span.start.line() as u32).saturating_sub(1), column: span.start.col() as u32 + 1 }
    }

    /// The path the next value will have, and records its position.
    fn child_path(&mut self, span: Span) -> String {
        let position = self.position(span);
        let path = match self.stack.last() {
            None => String::new(),
            Some(Frame::Seq { items, path, .. }) => format!("{path}[{}]", items.len()),
            Some(Frame::Map { path, key: Some(k), .. }) => {
                if path.is_empty() { k.clone() } else { format!("{path}.{k}") }
            }
            // A key being read: its position is recorded when the key becomes a field.
            Some(Frame::Map { key: None, .. }) => return String::new(),
        };
        if matches!(self.stack.last(), Some(Frame::Seq { .. })) || self.stack.is_empty() {
            self.spans.insert(path.clone(), position);
        }
        path
    }

    /// `n` more nodes decoded, `aliased` of them through an alias: go-yaml's check (decode.go
    /// `unmarshal`) refuses a document once more than 100 of over 1,000 nodes came from
    /// aliases and their share passes `allowedAliasRatio`. A document without aliases is
    /// never refused, whatever its size (the input cap bounds it).
    fn count(&mut self, n: usize, aliased: usize) -> Result<(), String> {
        self.nodes += n;
        self.alias_nodes += aliased;
        let excessive = self.alias_nodes > 100 && self.nodes > 1000 && self.alias_nodes as f64 / self.nodes as f64 > allowed_alias_ratio(self.nodes);
        if excessive { Err(EXCESSIVE_ALIASING.into()) } else { Ok(()) }
    }

    fn open(&mut self, mut frame: Frame, span: Span) -> Result<(), String> {
        if matches!(self.stack.last(), Some(Frame::Map { key: None, .. })) {
            return Err("invalid map key: a mapping or sequence cannot be a key".into());
        }
        if self.stack.len() >= MAX_DEPTH {
            return Err(format!("exceeded max depth of {MAX_DEPTH}"));
        }
        self.count(1, 0)?;
        let path = self.child_path(span);
        let first = self.nodes - 1;
        match &mut frame {
            Frame::Map { path: p, first_node, .. } | Frame::Seq { path: p, first_node, .. } => {
                *p = path;
                *first_node = first;
            }
        }
        self.stack.push(frame);
        Ok(())
    }

    /// Records an anchor's value, replacing an earlier one of the same id (as a map insert).
    fn anchor(&mut self, id: usize, value: Value, cost: usize) {
        match self.anchors.binary_search_by_key(&id, |(a, _)| *a) {
            Ok(i) => self.anchors[i].1 = (value, cost),
            Err(i) => self.anchors.insert(i, (id, (value, cost))),
        }
    }

    fn close(&mut self) -> Result<(), String> {
        let (value, anchor, first) = match self.stack.pop() {
            Some(Frame::Map { map, anchor, first_node, .. }) => (Value::Object(map), anchor, first_node),
            Some(Frame::Seq { items, anchor, first_node, .. }) => (Value::Array(items), anchor, first_node),
            None => return Ok(()),
        };
        if anchor != 0 {
            let cost = self.nodes - first;
            self.anchor(anchor, value.clone(), cost);
        }
        self.attach(value)
    }

    fn scalar(&mut self, text: &str, style: ScalarStyle, anchor: usize, tag: Option<&Tag>, span: Span) -> Result<(), String> {
        self.count(1, 0)?;
        let is_plain = style == ScalarStyle::Plain;
        let value = match tag {
            Some(t) if t.handle == "!!" || t.handle == "tag:yaml.org,2002:" => tagged(&t.suffix, text)?,
            _ if is_plain => resolve::plain(text)?,
            _ => Value::String(text.to_string()),
        };
        if anchor != 0 {
            self.anchor(anchor, value.clone(), 1);
        }
        if let Some(Frame::Map { key: key @ None, path, merge_next, .. }) = self.stack.last_mut() {
            if is_plain && text == "<<" && tag.is_none() {
                *merge_next = true;
                *key = Some("<<".into());
                return Ok(());
            }
            let k = map_key(&value)?;
            let full = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
            *key = Some(k);
            let position = Position {
                line: self.first_line + (span.start.line() as u32).saturating_sub(1),
                column: span.start.col() as u32 + 1,
            };
            self.spans.insert(full, position);
            return Ok(());
        }
        self.child_path(span);
        self.attach(value)
    }

    fn alias(&mut self, id: usize, span: Span) -> Result<(), String> {
        let found = self.anchors.binary_search_by_key(&id, |(a, _)| *a).ok().map(|i| self.anchors[i].1.clone());
        let (value, cost) = found.ok_or_else(|| "unknown anchor referenced".to_string())?;
        // go-yaml decodes the alias node, then the anchored node again under it.
        self.count(1 + cost, cost)?;
        *self.alias_budget = self.alias_budget.checked_sub(cost).ok_or_else(|| EXCESSIVE_ALIASING.to_string())?;
        if let Some(Frame::Map { key: key @ None, .. }) = self.stack.last_mut() {
            *key = Some(map_key(&value)?);
            return Ok(());
        }
        self.child_path(span);
        self.attach(value)
    }

    /// Puts a finished value into its parent (or makes it the document).
    fn attach(&mut self, value: Value) -> Result<(), String> {
        match self.stack.last_mut() {
            None => self.root = Some(value),
            Some(Frame::Seq { items, .. }) => items.push(value),
            Some(Frame::Map { map, key, merge_next, .. }) => {
                let k = key.take().unwrap_or_default();
                if std::mem::take(merge_next) {
                    merge_into(map, value)?;
                } else {
                    // A repeated key keeps its last value, as go-yaml v2 decodes into a map.
                    map.insert(k, value);
                }
            }
        }
        Ok(())
    }
}

/// `<<: *base` or `<<: [*a, *b]` (go-yaml v2's merge: entries are set in order).
fn merge_into(map: &mut Map<String, Value>, value: Value) -> Result<(), String> {
    let sources = match value {
        Value::Object(m) => vec![m],
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::Object(m) => Ok(m),
                _ => Err("map merge requires map or sequence of maps as the value".to_string()),
            })
            .collect::<Result<_, _>>()?,
        _ => return Err("map merge requires map or sequence of maps as the value".into()),
    };
    for source in sources {
        map.extend(source);
    }
    Ok(())
}

/// Map keys become JSON strings as `sigs.k8s.io/yaml` converts them.
fn map_key(value: &Value) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Number(n) => Ok(match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (None, Some(u), _) => u.to_string(),
            (None, None, f) => float_key(f.unwrap_or_default()),
        }),
        Value::Null => Ok("null".into()),
        other => Err(format!("Unsupported map key of type: {}", kind_name(other))),
    }
}

/// A float key as sigs.k8s.io/yaml names it: `strconv.FormatFloat(key, 'g', -1, 32)` (shortest
/// float32 digits; the `e` form, with a two-digit exponent at least, when the exponent is
/// below -4 or from 6 up), infinities as YAML writes them.
fn float_key(f: f64) -> String {
    let f = f as f32;
    if f.is_infinite() {
        return if f > 0.0 { ".inf" } else { "-.inf" }.into();
    }
    // std's `{:e}` and `{}` of the f32 by podlife_ftl::num: keeps core's float formatting out of
    // the worker.
    let mut e = String::new();
    podlife_ftl::num::push_exp_f32(&mut e, f);
    let (mantissa, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..6).contains(&exp) {
        let mut plain = String::new();
        podlife_ftl::num::push_shortest_f32(&mut plain, f);
        plain
    } else {
        format!("{mantissa}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}

fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[interface {}]interface {}",
        _ => "interface {}",
    }
}

/// Explicitly tagged scalars (`!!str 1`, `!!int "3"`).
fn tagged(suffix: &str, text: &str) -> Result<Value, String> {
    match suffix {
        "str" => Ok(Value::String(text.into())),
        "null" => Ok(Value::Null),
        "bool" | "int" | "float" => match resolve::plain(text)? {
            v @ (Value::Bool(_) | Value::Number(_)) => Ok(v),
            _ => Err(format!("cannot decode !!{suffix} `{text}` as a !!{suffix}")),
        },
        _ => Ok(Value::String(text.into())),
    }
}

/// go-yaml's `allowedAliasRatio`: 99% of a document's nodes may come from aliases up to
/// 400,000 nodes, falling linearly to 10% at 4,000,000.
fn allowed_alias_ratio(decoded: usize) -> f64 {
    const LOW: usize = 400_000;
    const HIGH: usize = 4_000_000;
    match decoded {
        d if d <= LOW => 0.99,
        d if d >= HIGH => 0.10,
        d => 0.99 - 0.89 * ((d - LOW) as f64 / (HIGH - LOW) as f64),
    }
}

/// saphyr is a port of libyaml, as go-yaml is, so most messages already agree; a few are
/// phrased differently and are mapped to go-yaml's words here.
fn go_yaml_wording(info: &str) -> String {
    let lower = info.trim_end_matches('.');
    match lower {
        "while parsing a block mapping, did not find expected key" => "did not find expected key".into(),
        "while parsing a block collection, did not find expected '-' indicator" => {
            "did not find expected '-' indicator".into()
        }
        "while parsing a node, did not find expected node content" => "did not find expected node content".into(),
        "while scanning a simple key, could not find expected ':'" => "could not find expected ':'".into(),
        "while parsing a flow sequence, expected ',' or ']'" => "did not find expected ',' or ']'".into(),
        "while parsing a flow mapping, did not find expected ',' or '}'" => "did not find expected ',' or '}'".into(),
        "recursion limit exceeded" => format!("exceeded max depth of {MAX_DEPTH}"),
        // A tab where go-yaml's scanner looks for a token (indentation, or after `-`):
        // `yaml_parser_fetch_next_token`'s last resort.
        "tabs disallowed within this context (block indentation)" | "tabs disallowed in this context" => {
            "found character that cannot start any token".into()
        }
        other => other
            .trim_start_matches("while scanning for the next token, ")
            .trim_start_matches("while parsing a block mapping, ")
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(text: &str) -> Item {
        read_document(text, 1, &mut crate::MAX_ALIAS_NODES.clone()).expect("a document")
    }

    /// `strconv.FormatFloat(f, 'g', -1, 32)` as Go prints these.
    #[test]
    fn float_keys_as_sigs_yaml_names_them() {
        for (f, want) in [
            (1.5, "1.5"),
            (0.1, "0.1"),
            (-2.25, "-2.25"),
            (1.23456789, "1.2345679"),
            (0.0001, "0.0001"),
            (1e-5, "1e-05"),
            (123456.7, "123456.7"),
            (1234567.5, "1.2345675e+06"),
            (1e22, "1e+22"),
            (3.4e39, ".inf"),
        ] {
            assert_eq!(float_key(f), want);
        }
        let Item::Object(doc) = read("a:\n  1.5: x\n  2: z\n") else { panic!("parses") };
        assert_eq!(doc.value, json!({"a": {"1.5": "x", "2": "z"}}));
    }

    #[test]
    fn keeps_positions_of_fields_and_items() {
        let Item::Object(doc) = read("kind: Pod\nspec:\n  containers:\n  - name: a\n    imagee: x\n") else {
            panic!("parses")
        };
        assert_eq!(doc.value, json!({"kind":"Pod","spec":{"containers":[{"name":"a","imagee":"x"}]}}));
        assert_eq!(doc.spans.locate("spec.containers[0].imagee"), Some(Position { line: 5, column: 5 }));
        assert_eq!(doc.spans.locate("spec.containers[0]"), Some(Position { line: 4, column: 5 }));
        assert_eq!(doc.spans.locate("spec.containers[0].missing"), Some(Position { line: 4, column: 5 }));
    }

    #[test]
    fn flow_collections_and_anchors() {
        let Item::Object(doc) = read("a: &x {cpu: 250m, memory: 128Mi}\nb: *x\nc: [1, \"2\", yes]\n") else {
            panic!("parses")
        };
        assert_eq!(
            doc.value,
            json!({"a":{"cpu":"250m","memory":"128Mi"},"b":{"cpu":"250m","memory":"128Mi"},"c":[1,"2",true]})
        );
    }

    #[test]
    fn single_quote_escapes_read_as_go_yaml_reads_them() {
        let Item::Object(d) = read("a: [x, \"echo \\\"k=\\'v\\'\\\"\"]\nb: \"\\'\"\n") else { panic!("not read") };
        assert_eq!(d.value, json!({"a": ["x", "echo \"k='v'\""], "b": "'"}));
        // Other unknown escapes keep go-yaml's error.
        let Item::Error(e) = read("a: \"\\q\"\n") else { panic!("read") };
        assert_eq!(e.message, UNKNOWN_ESCAPE);
    }

    #[test]
    fn merge_keys() {
        let Item::Object(doc) = read("base: &b {a: 1, b: 2}\nm:\n  <<: *b\n  b: 3\n  y: 4\n") else { panic!("parses") };
        // `y` is YAML 1.1 for true, so go-yaml v2 makes the key "true".
        assert_eq!(doc.value["m"], json!({"a":1,"b":3,"true":4}));
    }

    #[test]
    fn syntax_errors_have_go_yaml_lines() {
        let Item::Error(e) = read("a: 1\nb: c: d\n") else { panic!("must fail") };
        assert_eq!(e.go_yaml_text(), "yaml: line 2: mapping values are not allowed in this context");
        assert_eq!(e.position.line, 2);
    }

    #[test]
    fn alias_bombs_stop() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..10 {
            let p = i - 1;
            text.push_str(&format!("a{i}: &a{i} [*a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}, *a{p}]\n"));
        }
        let Item::Error(e) = read(&text) else { panic!("must refuse") };
        assert_eq!(e.message, "document contains excessive aliasing");
    }

    /// go-yaml v2 skips tabs after a key's `:` (`yaml_parser_fetch_value` leaves simple keys
    /// disallowed), so these are mappings; a tab inside a quoted or block scalar stays text.
    #[test]
    fn tabs_after_a_colon_separate() {
        let Item::Object(doc) = read("metadata:\n  name:\ttabs\n  labels: {a:\tb}\nx:\t \t-1\nk:\t\"q:\tr\"\nz: |\n  s:\tt\nw: [u, v]\n") else {
            panic!("parses")
        };
        assert_eq!(doc.value, json!({"metadata": {"name": "tabs", "labels": {"a": "b"}}, "x": -1, "k": "q:\tr", "z": "s:\tt\n", "w": ["u", "v"]}));
        assert_eq!(doc.spans.locate("metadata.name"), Some(Position { line: 2, column: 3 }));
    }

    /// go-yaml takes a flow collection closed at its key's column (no indentation check in
    /// the flow context).
    #[test]
    fn flow_closed_at_the_keys_column() {
        let Item::Object(doc) = read("c:\n  command: [\n    \"sh\", \"-c\"\n  ]\n  m: {\n    a: b\n  }\n") else { panic!("parses") };
        assert_eq!(doc.value, json!({"c": {"command": ["sh", "-c"], "m": {"a": "b"}}}));
    }

    /// A tab as indentation is go-yaml's `found character that cannot start any token`.
    #[test]
    fn tab_indentation_is_go_yamls_error() {
        let Item::Error(e) = read("apiVersion: v1\nkind: Pod\nmetadata:\n\tname: tabs\n") else { panic!("must fail") };
        assert_eq!(e.go_yaml_text(), "yaml: line 4: found character that cannot start any token");
    }

    /// The alias budget is the stream's: documents that each pass go-yaml's alias-ratio check
    /// stop once together they spend it, and nothing after is read.
    #[test]
    fn alias_budget_spans_the_stream() {
        let bomb = "x:\n  l0: &l0 lol\n  l1: &l1 [*l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0, *l0]\n  l2: &l2 [*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]\n  l3: &l3 [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]\n  l4: &l4 [*l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3]\n";
        // 99.6% of its nodes come from aliases: over go-yaml's 99%.
        assert!(matches!(read(bomb), Item::Error(_)));
        // 400 plain nodes before it keep the share under it all along.
        let doc = format!("pad: [{}]\n{bomb}", vec!["0"; 400].join(", "));
        assert!(matches!(read(&doc), Item::Object(_)));
        let stream = vec![doc.as_str(); 50].join("---\n");
        let items = crate::parse(&stream);
        assert!(items.len() < 50, "stopped early: {}", items.len());
        let Some(Item::Error(e)) = items.last() else { panic!("ends with the error") };
        assert_eq!(e.go_yaml_text(), "yaml: document contains excessive aliasing");
    }

    /// A large document without aliases is read whole (A25: 100,000 labels), as go-yaml reads
    /// it: the alias check needs aliases.
    #[test]
    fn large_documents_without_aliases_read() {
        let labels: String = (0..100_000).map(|i| format!("    l{i}: v\n")).collect();
        let Item::Object(doc) = read(&format!("metadata:\n  labels:\n{labels}")) else { panic!("parses") };
        assert_eq!(doc.value["metadata"]["labels"].as_object().map(|m| m.len()), Some(100_000));
    }

    #[test]
    fn deep_nesting_stops() {
        let text = "[".repeat(5000);
        let Item::Error(e) = read(&text) else { panic!("must refuse") };
        assert!(e.message.contains("max depth"), "{}", e.message);
    }
}

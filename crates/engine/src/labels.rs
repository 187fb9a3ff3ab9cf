//! Label selectors in kubectl's `-l` syntax, parsed as kube-apiserver parses the
//! `labelSelector` parameter (`labels.Parse`, apimachinery `pkg/labels/selector.go`): its lexer,
//! its recursive-descent parser and its error texts; `a=b`, `a==b`, `a!=b`, `a`, `!a`,
//! `a in (x,y)`, `a notin (x,y)`, `a>1`, `a<1`, comma-separated.

use crate::Slot;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    In,
    NotIn,
    Equals,
    DoubleEquals,
    NotEquals,
    GreaterThan,
    LessThan,
    Exists,
    DoesNotExist,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Requirement {
    key: String,
    op: Op,
    /// Sorted and unique, as upstream's `sets.String.List()` leaves them.
    values: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector(Vec<Requirement>);

impl Selector {
    /// `labels.Parse`; the error is upstream's text (kube-apiserver answers it as BadRequest).
    pub fn parse(text: &str) -> Result<Selector, String> {
        let mut p = Parser { items: scan(text), position: 0 };
        p.parse().map(Selector)
    }

    /// A `metav1.LabelSelector` read once to match many label sets (`LabelSelectorAsSelector`):
    /// `matchLabels` as `=` requirements, `matchExpressions` as theirs. None when it matches
    /// nothing: a null selector, or an operator it does not know (as [`selector_matches`]).
    pub fn from_label_selector(selector: &Slot) -> Option<Selector> {
        if selector.is_null() {
            return None;
        }
        let mut reqs: Vec<Requirement> = selector["matchLabels"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| Requirement { key: k.to_string(), op: Op::Equals, values: vec![v.as_str().unwrap_or_default().to_string()] })
            .collect();
        for e in selector["matchExpressions"].as_array().unwrap_or_default() {
            let op = match e["operator"].as_str().unwrap_or_default() {
                "In" => Op::In,
                "NotIn" => Op::NotIn,
                "Exists" => Op::Exists,
                "DoesNotExist" => Op::DoesNotExist,
                _ => return None,
            };
            let values = e["values"].as_array().map(|a| a.iter().filter_map(crate::Slot::as_str).map(str::to_string).collect()).unwrap_or_default();
            reqs.push(Requirement { key: e["key"].as_str().unwrap_or_default().to_string(), op, values });
        }
        Some(Selector(reqs))
    }

    /// `metav1.ParseToLabelSelector` of this selector's text: `=`/`==` requirements as
    /// `matchLabels`, `in`/`notin`/exists/`!` as `matchExpressions` (by key, values sorted);
    /// `!=`, `gt` and `lt` refused in upstream's words. Empty parts are left out, as Go's
    /// `omitempty` leaves them.
    pub fn to_label_selector(&self) -> Result<serde_json::Value, String> {
        let mut reqs: Vec<&Requirement> = self.0.iter().collect();
        reqs.sort_by(|a, b| a.key.cmp(&b.key));
        let mut labels = serde_json::Map::new();
        let mut expressions = Vec::new();
        for r in reqs {
            let op = match r.op {
                Op::Equals | Op::DoubleEquals => {
                    labels.insert(r.key.clone(), serde_json::Value::String(r.values.first().cloned().unwrap_or_default()));
                    continue;
                }
                Op::In => "In",
                Op::NotIn => "NotIn",
                Op::Exists => "Exists",
                Op::DoesNotExist => "DoesNotExist",
                Op::NotEquals => return Err("\"!=\" isn't supported in label selectors".into()),
                Op::GreaterThan => return Err("\"gt\" isn't supported in label selectors".into()),
                Op::LessThan => return Err("\"lt\" isn't supported in label selectors".into()),
            };
            let mut e = serde_json::Map::new();
            e.insert("key".into(), serde_json::Value::String(r.key.clone()));
            e.insert("operator".into(), serde_json::Value::String(op.into()));
            if !r.values.is_empty() {
                e.insert("values".into(), serde_json::Value::Array(r.values.iter().cloned().map(serde_json::Value::String).collect()));
            }
            expressions.push(serde_json::Value::Object(e));
        }
        let mut out = serde_json::Map::new();
        if !labels.is_empty() {
            out.insert("matchLabels".into(), serde_json::Value::Object(labels));
        }
        if !expressions.is_empty() {
            out.insert("matchExpressions".into(), serde_json::Value::Array(expressions));
        }
        Ok(serde_json::Value::Object(out))
    }

    pub fn matches(&self, labels: &Slot) -> bool {
        let get = |k: &str| labels.get(k).and_then(crate::Slot::as_str);
        self.0.iter().all(|r| {
            let has = |v: &str| r.values.iter().any(|x| x == v);
            match r.op {
                Op::In | Op::Equals | Op::DoubleEquals => get(&r.key).is_some_and(has),
                Op::NotIn | Op::NotEquals => get(&r.key).is_none_or(|v| !has(v)),
                Op::Exists => get(&r.key).is_some(),
                Op::DoesNotExist => get(&r.key).is_none(),
                Op::GreaterThan | Op::LessThan => {
                    let (Some(have), [want]) = (get(&r.key).and_then(|v| v.parse::<i64>().ok()), r.values.as_slice()) else { return false };
                    let Ok(want) = want.parse::<i64>() else { return false };
                    if r.op == Op::GreaterThan { have > want } else { have < want }
                }
            }
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Error,
    EndOfString,
    ClosedPar,
    Comma,
    DoesNotExist,
    DoubleEquals,
    Equals,
    GreaterThan,
    Identifier,
    In,
    LessThan,
    NotEquals,
    NotIn,
    OpenPar,
}

/// `string2token`.
fn literal_token(s: &str) -> Option<Token> {
    Some(match s {
        ")" => Token::ClosedPar,
        "," => Token::Comma,
        "!" => Token::DoesNotExist,
        "==" => Token::DoubleEquals,
        "=" => Token::Equals,
        ">" => Token::GreaterThan,
        "in" => Token::In,
        "<" => Token::LessThan,
        "!=" => Token::NotEquals,
        "notin" => Token::NotIn,
        "(" => Token::OpenPar,
        _ => return None,
    })
}

fn is_whitespace(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

fn is_special_symbol(c: u8) -> bool {
    matches!(c, b'=' | b'!' | b'(' | b')' | b',' | b'>' | b'<')
}

/// The `Lexer` run to the end (`Parser.scan`). Every boundary is an ASCII byte, so each
/// literal is a slice of the (UTF-8) input.
fn scan(s: &str) -> Vec<(Token, String)> {
    let b = s.as_bytes();
    let mut pos = 0;
    let mut items = Vec::new();
    loop {
        while pos < b.len() && is_whitespace(b[pos]) {
            pos += 1;
        }
        if pos >= b.len() || b[pos] == 0 {
            items.push((Token::EndOfString, String::new()));
            return items;
        }
        let start = pos;
        if is_special_symbol(b[pos]) {
            // `scanSpecialSymbol`: the longest run of symbols that is still a token.
            let mut last = None;
            while pos < b.len() && is_special_symbol(b[pos]) {
                match literal_token(&s[start..=pos]) {
                    Some(t) => last = Some((t, pos + 1)),
                    None if last.is_some() => break,
                    None => {}
                }
                pos += 1;
            }
            match last {
                Some((t, end)) => {
                    pos = end;
                    items.push((t, s[start..end].to_string()));
                }
                None => items.push((Token::Error, format!("error expected: keyword found '{}'", &s[start..pos]))),
            }
        } else {
            // `scanIDOrKeyword` (a NUL byte ends the input, as `read` returns 0 there).
            while pos < b.len() && b[pos] != 0 && !is_special_symbol(b[pos]) && !is_whitespace(b[pos]) {
                pos += 1;
            }
            let word = &s[start..pos];
            if b.get(pos) == Some(&0) {
                pos += 1; // `read` consumed the NUL that ended the word
            }
            items.push((literal_token(word).unwrap_or(Token::Identifier), word.to_string()));
        }
    }
}

/// Where `in` and `notin` are keywords (after a key) or plain values.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    KeyAndOperator,
    Values,
}

struct Parser {
    items: Vec<(Token, String)>,
    position: usize,
}

impl Parser {
    fn lookahead(&self, context: Context) -> (Token, String) {
        let (tok, lit) = self.items[self.position.min(self.items.len() - 1)].clone();
        match tok {
            Token::In | Token::NotIn if context == Context::Values => (Token::Identifier, lit),
            _ => (tok, lit),
        }
    }

    fn consume(&mut self, context: Context) -> (Token, String) {
        let item = self.lookahead(context);
        self.position += 1;
        item
    }

    fn parse(&mut self) -> Result<Vec<Requirement>, String> {
        let mut requirements = Vec::new();
        loop {
            let (tok, lit) = self.lookahead(Context::Values);
            match tok {
                Token::Identifier | Token::DoesNotExist => {
                    let r = self.parse_requirement().map_err(|e| format!("unable to parse requirement: {e}"))?;
                    requirements.push(r);
                    let (t, l) = self.consume(Context::Values);
                    match t {
                        Token::EndOfString => break,
                        Token::Comma => {
                            let (t2, l2) = self.lookahead(Context::Values);
                            if t2 != Token::Identifier && t2 != Token::DoesNotExist {
                                return Err(format!("found '{l2}', expected: identifier after ','"));
                            }
                        }
                        _ => return Err(format!("found '{l}', expected: ',' or 'end of string'")),
                    }
                }
                Token::EndOfString => break,
                _ => return Err(format!("found '{lit}', expected: !, identifier, or 'end of string'")),
            }
        }
        // `sort.Sort(ByKey(items))`
        crate::sort::sort_by(&mut requirements, |a, b| a.key.cmp(&b.key));
        Ok(requirements)
    }

    fn parse_requirement(&mut self) -> Result<Requirement, String> {
        let (key, op) = self.parse_key_and_infer_operator()?;
        if let Some(op @ (Op::Exists | Op::DoesNotExist)) = op {
            return new_requirement(key, op, Vec::new());
        }
        let op = self.parse_operator()?;
        let values = match op {
            Op::In | Op::NotIn => self.parse_values()?,
            _ => self.parse_exact_value()?,
        };
        new_requirement(key, op, values)
    }

    fn parse_key_and_infer_operator(&mut self) -> Result<(String, Option<Op>), String> {
        let mut op = None;
        let (mut tok, mut literal) = self.consume(Context::Values);
        if tok == Token::DoesNotExist {
            op = Some(Op::DoesNotExist);
            (tok, literal) = self.consume(Context::Values);
        }
        if tok != Token::Identifier {
            return Err(format!("found '{literal}', expected: identifier"));
        }
        // `validateLabelKey(literal, p.path)`: the parser's path is nil, printed `<nil>`.
        let errs = crate::names::label_key(&literal);
        if !errs.is_empty() {
            return Err(invalid("<nil>", &literal, &errs));
        }
        if matches!(self.lookahead(Context::Values).0, Token::EndOfString | Token::Comma) && op.is_none() {
            op = Some(Op::Exists);
        }
        Ok((literal, op))
    }

    fn parse_operator(&mut self) -> Result<Op, String> {
        let (tok, lit) = self.consume(Context::KeyAndOperator);
        Ok(match tok {
            Token::In => Op::In,
            Token::Equals => Op::Equals,
            Token::DoubleEquals => Op::DoubleEquals,
            Token::GreaterThan => Op::GreaterThan,
            Token::LessThan => Op::LessThan,
            Token::NotIn => Op::NotIn,
            Token::NotEquals => Op::NotEquals,
            _ => return Err(format!("found '{lit}', expected: in, notin, =, ==, !=, gt, lt")),
        })
    }

    fn parse_values(&mut self) -> Result<Vec<String>, String> {
        let (tok, lit) = self.consume(Context::Values);
        if tok != Token::OpenPar {
            return Err(format!("found '{lit}' expected: '('"));
        }
        let (tok, lit) = self.lookahead(Context::Values);
        match tok {
            Token::Identifier | Token::Comma => {
                let values = self.parse_identifiers_list()?;
                if self.consume(Context::Values).0 != Token::ClosedPar {
                    return Err(format!("found '{lit}', expected: ')'"));
                }
                Ok(values)
            }
            Token::ClosedPar => {
                self.consume(Context::Values);
                Ok(vec![String::new()])
            }
            _ => Err(format!("found '{lit}', expected: ',', ')' or identifier")),
        }
    }

    fn parse_identifiers_list(&mut self) -> Result<Vec<String>, String> {
        let mut set = crate::vecmap::VecSet::new();
        loop {
            let (tok, lit) = self.consume(Context::Values);
            match tok {
                Token::Identifier => {
                    set.insert(lit);
                    let (tok2, lit2) = self.lookahead(Context::Values);
                    match tok2 {
                        Token::Comma => continue,
                        Token::ClosedPar => return Ok(set.into_iter().collect()),
                        _ => return Err(format!("found '{lit2}', expected: ',' or ')'")),
                    }
                }
                Token::Comma => {
                    if set.is_empty() {
                        set.insert(String::new());
                    }
                    match self.lookahead(Context::Values).0 {
                        Token::ClosedPar => {
                            set.insert(String::new());
                            return Ok(set.into_iter().collect());
                        }
                        Token::Comma => {
                            set.insert(String::new());
                        }
                        _ => {}
                    }
                }
                _ => return Err(format!("found '{lit}', expected: ',', or identifier")),
            }
        }
    }

    fn parse_exact_value(&mut self) -> Result<Vec<String>, String> {
        if matches!(self.lookahead(Context::Values).0, Token::EndOfString | Token::Comma) {
            return Ok(vec![String::new()]);
        }
        let (tok, lit) = self.consume(Context::Values);
        if tok == Token::Identifier {
            return Ok(vec![lit]);
        }
        Err(format!("found '{lit}', expected: identifier"))
    }
}

/// `field.Invalid(path, value, strings.Join(errs, "; ")).Error()`.
fn invalid(path: &str, value: &str, errs: &[String]) -> String {
    format!("{path}: Invalid value: {}: {}", podlife_model::json::quote(value), errs.join("; "))
}

/// `NewRequirement`: the operator's value rules, then every value a label value; several
/// errors print as an aggregate (`[a, b]`). The key was checked while parsing.
fn new_requirement(key: String, op: Op, values: Vec<String>) -> Result<Requirement, String> {
    let mut errs = Vec::new();
    if matches!(op, Op::GreaterThan | Op::LessThan) {
        for (i, v) in values.iter().enumerate() {
            if v.parse::<i64>().is_err() {
                errs.push(invalid(&format!("values[{i}]"), v, &["for 'Gt', 'Lt' operators, the value must be an integer".to_string()]));
            }
        }
    }
    for (i, v) in values.iter().enumerate() {
        let msgs = crate::names::label_value(v);
        if !msgs.is_empty() {
            errs.push(invalid(&format!("values[{i}][{key}]"), v, &msgs));
        }
    }
    errs.dedup();
    match errs.len() {
        0 => Ok(Requirement { key, op, values }),
        1 => Err(errs.remove(0)),
        _ => Err(format!("[{}]", errs.join(", "))),
    }
}

/// `metav1.LabelSelector` (matchLabels and matchExpressions) against a label map
/// (`LabelSelectorAsSelector`): a null selector matches nothing, an empty one everything.
/// `metav1.LabelSelectorAsSelector(sel).String()`: matchLabels as `k=v`, expressions as
/// `k in (a,b)` (values sorted), all sorted by key (`labels.Selector.Add`); none is empty.
pub fn selector_string(sel: &Slot) -> String {
    let s = |v: &Slot| v.as_str().unwrap_or_default().to_string();
    let mut parts: Vec<(String, String)> = sel["matchLabels"].as_object().map(|m| m.map(|(k, v)| (k.to_string(), format!("{k}={}", s(v)))).collect()).unwrap_or_default();
    for e in sel["matchExpressions"].as_array().into_iter().flatten() {
        let mut values: Vec<String> = e["values"].as_array().map(|a| a.iter().map(s).collect()).unwrap_or_default();
        crate::sort::sort(&mut values);
        let key = s(&e["key"]);
        let text = match e["operator"].as_str().unwrap_or_default() {
            "In" => format!("{key} in ({})", values.join(",")),
            "NotIn" => format!("{key} notin ({})", values.join(",")),
            "Exists" => key.clone(),
            _ => format!("!{key}"),
        };
        parts.push((key, text));
    }
    crate::sort::sort_by_key(&mut parts, |(k, _)| k.clone());
    parts.into_iter().map(|(_, p)| p).collect::<Vec<_>>().join(",")
}

/// A `matchLabels` map against `labels` (a Service's selector is one): every pair present.
pub fn match_labels(match_labels: &Slot, labels: &Slot) -> bool {
    match_labels.as_object().is_none_or(|mut m| m.all(|(k, v)| labels.get(k) == Some(v)))
}

pub fn selector_matches(selector: &Slot, labels: &Slot) -> bool {
    if selector.is_null() {
        return false;
    }
    let ml_ok = match_labels(&selector["matchLabels"], labels);
    let me_ok = selector["matchExpressions"].as_array().is_none_or(|exprs| {
        exprs.iter().all(|e| {
            let key = e["key"].as_str().unwrap_or_default();
            let values: Vec<&str> = e["values"].as_array().map(|a| a.iter().filter_map(crate::Slot::as_str).collect()).unwrap_or_default();
            let have = labels.get(key).and_then(crate::Slot::as_str);
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

#[cfg(test)]
mod tests {
    use super::*;

    // The compiled form answers as the selector read in place, for every shape.
    #[test]
    fn a_compiled_label_selector_matches_as_the_selector_does() {
        let selectors = [
            json!(null),
            json!({}),
            json!({"matchLabels": {"app": "web"}}),
            json!({"matchLabels": {"app": "web", "tier": "db"}}),
            json!({"matchExpressions": [{"key": "tier", "operator": "In", "values": ["fe", "db"]}]}),
            json!({"matchExpressions": [{"key": "tier", "operator": "NotIn", "values": ["fe"]}]}),
            json!({"matchExpressions": [{"key": "gone", "operator": "NotIn", "values": ["fe"]}]}),
            json!({"matchLabels": {"app": "web"}, "matchExpressions": [{"key": "tier", "operator": "Exists"}]}),
            json!({"matchExpressions": [{"key": "tier", "operator": "DoesNotExist"}]}),
            json!({"matchExpressions": [{"key": "tier", "operator": "Gt", "values": ["1"]}]}),
        ];
        let label_sets = [json!({}), json!({"app": "web"}), json!({"app": "web", "tier": "fe"}), json!({"app": "db", "tier": "db"})];
        for sel in &selectors {
            let sel = crate::Obj::untyped(sel);
            let compiled = Selector::from_label_selector(&sel);
            for labels in &label_sets {
                let labels = crate::Obj::untyped(labels);
                assert_eq!(compiled.as_ref().is_some_and(|c| c.matches(&labels)), selector_matches(&sel, &labels), "{sel:?} {labels:?}");
            }
        }
    }

    #[test]
    fn selects() {
        let labels = json!({"app":"web","tier":"fe","n":"5"});
        for (sel, want) in [
            ("app=web", true),
            ("app==web,tier=fe", true),
            ("app!=web", false),
            ("tier", true),
            ("!tier", false),
            ("app in (db, web)", true),
            ("app notin (web)", false),
            ("missing notin (x)", true),
            ("n>4", true),
            ("n>5", false),
            ("n<6,app", true),
            ("", true),
            ("  ", true),
            ("a!=b,!c,d,e in (f),g notin ()", false),
            ("in in (in, notin)", false),
        ] {
            assert_eq!(Selector::parse(sel).map(|s| s.matches(&crate::Obj::untyped(&labels))), Ok(want), "{sel}");
        }
    }

    /// The texts of `labels.Parse` (apimachinery `pkg/labels/selector.go`) for broken input.
    #[test]
    fn parse_errors_are_upstreams() {
        let name = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
        let value = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
        for (sel, want) in [
            ("!!!", "unable to parse requirement: found '!', expected: identifier".to_string()),
            ("a in (", "unable to parse requirement: found '', expected: ',', ')' or identifier".into()),
            ("a notin (b,c", "unable to parse requirement: found '', expected: ',' or ')'".into()),
            ("=", "found '=', expected: !, identifier, or 'end of string'".into()),
            (",,,", "found ',', expected: !, identifier, or 'end of string'".into()),
            ("a=b=c", "found '=', expected: ',' or 'end of string'".into()),
            ("a\nb", "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt".into()),
            ("a,", "found '', expected: identifier after ','".into()),
            ("a in x", "unable to parse requirement: found 'x' expected: '('".into()),
            ("a in (b c)", "unable to parse requirement: found 'c', expected: ',' or ')'".into()),
            ("a in (=)", "unable to parse requirement: found '=', expected: ',', ')' or identifier".into()),
            ("a=(", "unable to parse requirement: found '(', expected: identifier".into()),
            ("!a=b", "found '=', expected: ',' or 'end of string'".into()),
            ("a gt 1", "unable to parse requirement: found 'gt', expected: in, notin, =, ==, !=, gt, lt".into()),
            ("a>x", "unable to parse requirement: values[0]: Invalid value: \"x\": for 'Gt', 'Lt' operators, the value must be an integer".into()),
            ("A@", format!("unable to parse requirement: <nil>: Invalid value: \"A@\": name part {name}")),
            ("a/b/c", format!("unable to parse requirement: <nil>: Invalid value: \"a/b/c\": a valid label key {name} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')")),
            ("a=b@", format!("unable to parse requirement: values[0][a]: Invalid value: \"b@\": {value}")),
            ("a in (-x, y-)", format!("unable to parse requirement: [values[0][a]: Invalid value: \"-x\": {value}, values[1][a]: Invalid value: \"y-\": {value}]")),
        ] {
            assert_eq!(Selector::parse(sel), Err(want), "{sel:?}");
        }
    }
}

//! `-o go-template=TEMPLATE` (and `-o template`, `--template`, `go-template-file`): Go's
//! `text/template` over the object as kubectl's `GoTemplatePrinter` runs it
//! (`k8s.io/cli-runtime/pkg/printers/template.go`: the object as unstructured JSON, the
//! template named `output`, the extra functions `exists` and `base64decode`).
//!
//! The language as tutorials use it: text and `{{ }}` actions with `{{-`/`-}}` trimming and
//! comments; pipelines of fields (`.status.phase`, `$`, `$x.a`), literals, parenthesized
//! pipelines and functions (`and or not len index print printf println eq ne lt le gt ge
//! slice exists base64decode`); `if`/`else if`/`else`, `range` (with `$i, $e :=`, `else`,
//! `break`, `continue`), `with`, variables (`:=`, `=`). Values print as Go's `fmt` prints
//! them (`map[a:1 b:2]`, `[x y]`, a missing key as `<no value>`).

use serde_json::Value;

/// podlife's bounds on one template (Go has none but its stack): nesting, work and output.
const MAX_DEPTH: usize = 200;
const MAX_STEPS: usize = 5_000_000;
const MAX_OUTPUT_BYTES: usize = 64 * 1024 * 1024;
pub const BUDGET_EXCEEDED: &str = "podlife: stopped this go-template after 5000000 steps or 64 MiB of output";

#[derive(Debug, Clone, PartialEq)]
enum Arg {
    /// `.a.b` (an empty path is `.`).
    Dot(Vec<String>),
    /// `$x.a.b` (`$` is the root).
    Var(String, Vec<String>),
    Str(String),
    Num(f64, bool),
    Bool(bool),
    Nil,
    /// A function name.
    Ident(String),
    /// `(pipeline).a.b`
    Sub(Box<Pipe>, Vec<String>),
}

#[derive(Debug, Clone, PartialEq)]
struct Pipe {
    /// The variables of `$x :=`, `$i, $e :=` or `$x =`.
    decl: Vec<String>,
    /// `:=` (a new variable) rather than `=`.
    declare: bool,
    cmds: Vec<Vec<Arg>>,
}

#[derive(Debug, Clone, PartialEq)]
enum Node {
    Text(String),
    Action(Pipe),
    If(Vec<(Pipe, Vec<Node>)>, Vec<Node>),
    Range(Pipe, Vec<Node>, Vec<Node>),
    With(Pipe, Vec<Node>, Vec<Node>),
    Break,
    Continue,
}

/// Renders `template` against `data`: the text, or kubectl's error message (without its
/// `error: ` prefix).
pub fn render(template: &str, data: &Value) -> Result<String, String> {
    let tokens = lex(template)?;
    let mut pos = 0;
    let (nodes, end) = parse_list(&tokens, &mut pos, 0)?;
    if let Some(e) = end {
        return Err(format!("template: output:1: unexpected {{{{{e}}}}}"));
    }
    let mut ex = Exec { out: String::new(), vars: vec![("$".into(), data.clone())], steps: 0 };
    match ex.list(&nodes, data)? {
        Flow::Normal => {}
        _ => return Err("template: output: break or continue outside range".into()),
    }
    Ok(ex.out)
}

// ----- lexing -----

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Text(String),
    Action(String),
}

fn lex(src: &str) -> Result<Vec<Tok>, String> {
    let mut out: Vec<Tok> = Vec::new();
    let mut rest = src;
    while let Some(open) = rest.find("{{") {
        let mut text = rest[..open].to_string();
        let mut inner_start = open + 2;
        if rest[inner_start..].starts_with("- ") || rest[inner_start..].starts_with("-\t") || rest[inner_start..].starts_with("-\n") {
            text = text.trim_end().to_string();
            inner_start += 1;
        }
        let Some(close) = find_close(&rest[inner_start..]) else {
            return Err("template: output:1: unclosed action".into());
        };
        let mut inner = &rest[inner_start..inner_start + close];
        let mut after = inner_start + close + 2;
        let trim_after = inner.ends_with(" -") || inner.ends_with("\t-") || inner.ends_with("\n-");
        if trim_after {
            inner = &inner[..inner.len() - 1];
        }
        if !text.is_empty() {
            out.push(Tok::Text(text));
        }
        let inner = inner.trim();
        if !(inner.starts_with("/*") && inner.ends_with("*/")) {
            out.push(Tok::Action(inner.to_string()));
        }
        if trim_after {
            let skipped = rest[after..].len() - rest[after..].trim_start().len();
            after += skipped;
        }
        rest = &rest[after..];
    }
    if !rest.is_empty() {
        out.push(Tok::Text(rest.to_string()));
    }
    Ok(out)
}

/// The `}}` closing an action, skipping quoted strings.
fn find_close(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'`' => {
                i += 1;
                while i < b.len() && b[i] != b'`' {
                    i += 1;
                }
            }
            b'}' if b.get(i + 1) == Some(&b'}') => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

// ----- parsing -----

/// A list of nodes up to `{{end}}`, `{{else…}}` or the end; the keyword that stopped it.
fn parse_list(tokens: &[Tok], pos: &mut usize, depth: usize) -> Result<(Vec<Node>, Option<String>), String> {
    if depth > MAX_DEPTH {
        return Err(format!("podlife: go-template nested deeper than {MAX_DEPTH}"));
    }
    let mut nodes = Vec::new();
    while *pos < tokens.len() {
        let tok = tokens[*pos].clone();
        *pos += 1;
        match tok {
            Tok::Text(t) => nodes.push(Node::Text(t)),
            Tok::Action(a) => {
                let word = a.split_whitespace().next().unwrap_or_default();
                match word {
                    "end" => return Ok((nodes, Some("end".into()))),
                    "else" => return Ok((nodes, Some(a.clone()))),
                    "break" => nodes.push(Node::Break),
                    "continue" => nodes.push(Node::Continue),
                    "if" => {
                        let mut arms = vec![(parse_pipe(a[2..].trim())?, Vec::new())];
                        let mut otherwise = Vec::new();
                        loop {
                            let (body, end) = parse_list(tokens, pos, depth + 1)?;
                            match end.as_deref() {
                                Some("end") => {
                                    set_body(&mut arms, body);
                                    break;
                                }
                                Some(e) if e.starts_with("else") => {
                                    set_body(&mut arms, body);
                                    let rest = e[4..].trim();
                                    if let Some(cond) = rest.strip_prefix("if") {
                                        arms.push((parse_pipe(cond.trim())?, Vec::new()));
                                    } else {
                                        let (body, end) = parse_list(tokens, pos, depth + 1)?;
                                        if end.as_deref() != Some("end") {
                                            return Err("template: output:1: expected end; found EOF".into());
                                        }
                                        otherwise = body;
                                        break;
                                    }
                                }
                                _ => return Err("template: output:1: unexpected EOF".into()),
                            }
                        }
                        nodes.push(Node::If(arms, otherwise));
                    }
                    "range" | "with" => {
                        let pipe = parse_pipe(a[word.len()..].trim())?;
                        let (body, end) = parse_list(tokens, pos, depth + 1)?;
                        let otherwise = match end.as_deref() {
                            Some("end") => Vec::new(),
                            Some("else") => {
                                let (e, end) = parse_list(tokens, pos, depth + 1)?;
                                if end.as_deref() != Some("end") {
                                    return Err("template: output:1: expected end; found EOF".into());
                                }
                                e
                            }
                            _ => return Err("template: output:1: unexpected EOF".into()),
                        };
                        nodes.push(if word == "range" { Node::Range(pipe, body, otherwise) } else { Node::With(pipe, body, otherwise) });
                    }
                    _ => nodes.push(Node::Action(parse_pipe(&a)?)),
                }
            }
        }
    }
    Ok((nodes, None))
}

/// The body just read belongs to the last `if`/`else if` arm.
fn set_body(arms: &mut [(Pipe, Vec<Node>)], body: Vec<Node>) {
    if let Some(last) = arms.last_mut() {
        last.1 = body;
    }
}

fn parse_pipe(text: &str) -> Result<Pipe, String> {
    let mut decl = Vec::new();
    let mut declare = false;
    let mut body = text;
    // `$x :=`, `$i, $e :=`, `$x =`
    if let Some(i) = find_assign(text) {
        let (vars, rest) = text.split_at(i);
        decl = vars.split(',').map(|v| v.trim().to_string()).filter(|v| !v.is_empty()).collect();
        declare = rest.starts_with(":=");
        body = rest.trim_start_matches(":=").trim_start_matches('=').trim();
    }
    let mut cmds = Vec::new();
    for part in split_top(body, '|') {
        let args = parse_args(part.trim())?;
        if args.is_empty() {
            return Err("template: output:1: missing value for command".into());
        }
        cmds.push(args);
    }
    if cmds.is_empty() {
        return Err("template: output:1: missing value for command".into());
    }
    Ok(Pipe { decl, declare, cmds })
}

fn find_assign(text: &str) -> Option<usize> {
    if !text.starts_with('$') {
        return None;
    }
    let i = text.find(":=").or_else(|| text.find(" = ").map(|i| i + 1))?;
    text[..i].split(',').all(|v| v.trim().starts_with('$') && !v.trim().contains(' ')).then_some(i)
}

/// Splits at `sep` outside quotes and parentheses.
fn split_top(s: &str, sep: char) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None, 0);
    let mut prev = ' ';
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q && prev != '\\' => quote = None,
            (Some(_), _) => {}
            (None, '"' | '`') => quote = Some(c),
            (None, '(') => depth += 1,
            (None, ')') => depth -= 1,
            (None, c) if c == sep && depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        prev = c;
    }
    out.push(&s[start..]);
    out
}

fn fields(s: &str) -> Vec<String> {
    s.split('.').filter(|f| !f.is_empty()).map(str::to_string).collect()
}

fn parse_args(s: &str) -> Result<Vec<Arg>, String> {
    let mut args = Vec::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let arg = match c {
            '"' => {
                let mut text = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        i += 1;
                        text.push(match chars[i] {
                            'n' => '\n',
                            't' => '\t',
                            'r' => '\r',
                            other => other,
                        });
                    } else {
                        text.push(chars[i]);
                    }
                    i += 1;
                }
                if i >= chars.len() {
                    return Err("template: output:1: unterminated quoted string".into());
                }
                i += 1;
                Arg::Str(text)
            }
            '`' => {
                i += 1;
                let from = i;
                while i < chars.len() && chars[i] != '`' {
                    i += 1;
                }
                let text: String = chars[from..i.min(chars.len())].iter().collect();
                i += 1;
                Arg::Str(text)
            }
            '(' => {
                let mut depth = 0;
                while i < chars.len() {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                if i >= chars.len() {
                    return Err("template: output:1: unclosed left paren".into());
                }
                let inner: String = chars[start + 1..i].iter().collect();
                i += 1;
                let from = i;
                while i < chars.len() && !chars[i].is_whitespace() {
                    i += 1;
                }
                let path: String = chars[from..i].iter().collect();
                Arg::Sub(Box::new(parse_pipe(&inner)?), fields(&path))
            }
            _ => {
                while i < chars.len() && !chars[i].is_whitespace() && chars[i] != '(' {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if let Some(rest) = word.strip_prefix('$') {
                    let (name, path) = rest.split_once('.').map_or((rest, ""), |(n, p)| (n, p));
                    Arg::Var(format!("${name}"), fields(path))
                } else if word.starts_with('.') {
                    Arg::Dot(fields(&word))
                } else if word == "true" || word == "false" {
                    Arg::Bool(word == "true")
                } else if word == "nil" {
                    Arg::Nil
                } else if let Ok(n) = word.parse::<i64>() {
                    Arg::Num(n as f64, true)
                } else if let Some(n) = podlife_engine::parse_f64(&word) {
                    Arg::Num(n, false)
                } else if word.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    Arg::Ident(word)
                } else {
                    return Err(format!("template: output:1: unexpected {word:?} in command"));
                }
            }
        };
        args.push(arg);
    }
    Ok(args)
}

// ----- execution -----

enum Flow {
    Normal,
    Break,
    Continue,
}

struct Exec {
    out: String,
    vars: Vec<(String, Value)>,
    steps: usize,
}

/// A value as the template sees it: Some(JSON) or a missing one (`<no value>`).
type Val = Option<Value>;

impl Exec {
    fn tick(&mut self) -> Result<(), String> {
        self.steps += 1;
        if self.steps > MAX_STEPS || self.out.len() > MAX_OUTPUT_BYTES {
            return Err(BUDGET_EXCEEDED.into());
        }
        Ok(())
    }

    fn list(&mut self, nodes: &[Node], dot: &Value) -> Result<Flow, String> {
        for n in nodes {
            self.tick()?;
            match n {
                Node::Text(t) => self.out.push_str(t),
                Node::Action(p) => {
                    let v = self.pipe(p, dot)?;
                    if p.decl.is_empty() {
                        self.out.push_str(&print(&v));
                    }
                }
                Node::Break => return Ok(Flow::Break),
                Node::Continue => return Ok(Flow::Continue),
                Node::If(arms, otherwise) => {
                    let mut done = false;
                    for (cond, body) in arms {
                        if truth(&self.pipe(cond, dot)?) {
                            let flow = self.scoped(body, dot)?;
                            if !matches!(flow, Flow::Normal) {
                                return Ok(flow);
                            }
                            done = true;
                            break;
                        }
                    }
                    if !done {
                        let flow = self.scoped(otherwise, dot)?;
                        if !matches!(flow, Flow::Normal) {
                            return Ok(flow);
                        }
                    }
                }
                Node::With(p, body, otherwise) => {
                    let v = self.pipe(&Pipe { decl: vec![], declare: false, cmds: p.cmds.clone() }, dot)?;
                    let flow = if truth(&v) {
                        let mark = self.vars.len();
                        if let Some(name) = p.decl.first() {
                            self.vars.push((name.clone(), v.clone().unwrap_or(Value::Null)));
                        }
                        let f = self.list(body, &v.unwrap_or(Value::Null));
                        self.vars.truncate(mark);
                        f?
                    } else {
                        self.scoped(otherwise, dot)?
                    };
                    if !matches!(flow, Flow::Normal) {
                        return Ok(flow);
                    }
                }
                Node::Range(p, body, otherwise) => {
                    let v = self.pipe(&Pipe { decl: vec![], declare: false, cmds: p.cmds.clone() }, dot)?;
                    let items: Vec<(Value, Value)> = match &v {
                        Some(Value::Array(a)) => a.iter().enumerate().map(|(i, e)| (Value::from(i), e.clone())).collect(),
                        Some(Value::Object(m)) => m.iter().map(|(k, e)| (Value::from(k.clone()), e.clone())).collect(),
                        None | Some(Value::Null) => Vec::new(),
                        Some(Value::Number(n)) if n.as_i64().is_some() => (0..n.as_i64().unwrap_or(0).max(0)).map(|i| (Value::from(i), Value::from(i))).collect(),
                        Some(other) => return Err(format!("template: output: range can't iterate over {}", print(&Some(other.clone())))),
                    };
                    if items.is_empty() {
                        let flow = self.scoped(otherwise, dot)?;
                        if !matches!(flow, Flow::Normal) {
                            return Ok(flow);
                        }
                        continue;
                    }
                    for (k, e) in items {
                        self.tick()?;
                        let mark = self.vars.len();
                        match p.decl.as_slice() {
                            [one] => self.vars.push((one.clone(), e.clone())),
                            [i, x, ..] => {
                                self.vars.push((i.clone(), k));
                                self.vars.push((x.clone(), e.clone()));
                            }
                            [] => {}
                        }
                        let flow = self.list(body, &e);
                        self.vars.truncate(mark);
                        if let Flow::Break = flow? {
                            break;
                        }
                    }
                }
            }
        }
        Ok(Flow::Normal)
    }

    /// A nested list whose variables end with it.
    fn scoped(&mut self, nodes: &[Node], dot: &Value) -> Result<Flow, String> {
        let mark = self.vars.len();
        let r = self.list(nodes, dot);
        self.vars.truncate(mark);
        r
    }

    fn pipe(&mut self, p: &Pipe, dot: &Value) -> Result<Val, String> {
        let mut last: Option<Val> = None;
        for cmd in &p.cmds {
            last = Some(self.command(cmd, dot, last)?);
        }
        let v = last.unwrap_or(None);
        match p.decl.as_slice() {
            [] => {}
            [name] => {
                let value = v.clone().unwrap_or(Value::Null);
                if p.declare {
                    self.vars.push((name.clone(), value));
                } else {
                    match self.vars.iter_mut().rev().find(|(n, _)| n == name) {
                        Some(slot) => slot.1 = value,
                        None => return Err(format!("template: output:1: undefined variable: {name}")),
                    }
                }
            }
            _ => {}
        }
        Ok(v)
    }

    fn command(&mut self, args: &[Arg], dot: &Value, piped: Option<Val>) -> Result<Val, String> {
        self.tick()?;
        if let Arg::Ident(name) = &args[0] {
            let mut vals = Vec::new();
            for a in &args[1..] {
                vals.push(self.arg(a, dot)?);
            }
            if let Some(p) = piped {
                vals.push(p);
            }
            return call(name, vals);
        }
        if args.len() > 1 || piped.is_some() {
            return Err(format!("template: output: can't give argument to non-function {}", describe(&args[0])));
        }
        self.arg(&args[0], dot)
    }

    fn arg(&mut self, a: &Arg, dot: &Value) -> Result<Val, String> {
        Ok(match a {
            Arg::Dot(path) => walk(Some(dot.clone()), path)?,
            Arg::Var(name, path) => {
                let Some((_, v)) = self.vars.iter().rev().find(|(n, _)| n == name) else {
                    return Err(format!("template: output: undefined variable: {name}"));
                };
                walk(Some(v.clone()), path)?
            }
            Arg::Str(s) => Some(Value::String(s.clone())),
            Arg::Num(n, true) => Some(Value::from(*n as i64)),
            Arg::Num(n, false) => serde_json::Number::from_f64(*n).map(Value::Number),
            Arg::Bool(b) => Some(Value::Bool(*b)),
            Arg::Nil => return Err("template: output: nil is not a command".into()),
            Arg::Ident(name) => call(name, vec![])?,
            Arg::Sub(p, path) => {
                let v = self.pipe(p, dot)?;
                walk(v, path)?
            }
        })
    }
}

fn describe(a: &Arg) -> String {
    match a {
        Arg::Dot(p) => format!(".{}", p.join(".")),
        Arg::Var(n, p) if p.is_empty() => n.clone(),
        Arg::Var(n, p) => format!("{n}.{}", p.join(".")),
        Arg::Str(s) => format!("{s:?}"),
        _ => "value".into(),
    }
}

/// Field access: a map's key (missing: no value); through anything else Go fails.
fn walk(mut v: Val, path: &[String]) -> Result<Val, String> {
    for f in path {
        v = match v {
            Some(Value::Object(m)) => m.get(f).cloned(),
            None | Some(Value::Null) => return Err(format!("template: output: nil pointer evaluating interface {{}}.{f}")),
            Some(other) => return Err(format!("template: output: can't evaluate field {f} in type {}", go_type(&other))),
        };
    }
    Ok(v)
}

fn go_type(v: &Value) -> &'static str {
    match v {
        Value::String(_) => "string",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() => "int64",
        Value::Number(_) => "float64",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
        Value::Null => "interface {}",
    }
}

/// Go's truth: false, 0, nil and empty values are false.
fn truth(v: &Val) -> bool {
    match v {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0),
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Object(m)) => !m.is_empty(),
    }
}

/// `fmt.Sprint` of a value (`%v`).
fn print(v: &Val) -> String {
    match v {
        None | Some(Value::Null) => "<no value>".into(),
        Some(v) => format_v(v),
    }
}

fn format_v(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => go_float(n.as_f64().unwrap_or(0.0)),
        },
        Value::Array(a) => format!("[{}]", a.iter().map(format_v).collect::<Vec<_>>().join(" ")),
        Value::Object(m) => format!("map[{}]", m.iter().map(|(k, v)| format!("{k}:{}", format_v(v))).collect::<Vec<_>>().join(" ")),
    }
}

/// `%v` of a float64 (`strconv.FormatFloat(f, 'g', -1, 64)` with Go's exponent form).
fn go_float(f: f64) -> String {
    let exp = if f == 0.0 { 0 } else { f.abs().log10().floor() as i32 };
    if !(-4..21).contains(&exp) {
        let s = podlife_ftl::num::Exp(f).to_string();
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let e: i32 = e.parse().unwrap_or(0);
        format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
    } else {
        podlife_ftl::num::Num(f).to_string()
    }
}

fn compare(a: &Val, b: &Val) -> Result<std::cmp::Ordering, String> {
    match (a, b) {
        (Some(Value::Number(x)), Some(Value::Number(y))) => x.as_f64().unwrap_or(0.0).partial_cmp(&y.as_f64().unwrap_or(0.0)).ok_or_else(|| "incompatible types for comparison".into()),
        (Some(Value::String(x)), Some(Value::String(y))) => Ok(x.cmp(y)),
        _ => Err("template: output: error calling lt: incompatible types for comparison".into()),
    }
}

fn call(name: &str, args: Vec<Val>) -> Result<Val, String> {
    let arity = |n: usize| if args.len() == n { Ok(()) } else { Err(format!("template: output: wrong number of args for {name}: want {n} got {}", args.len())) };
    Ok(match name {
        "and" => {
            let mut last = None;
            for a in args {
                if !truth(&a) {
                    return Ok(a);
                }
                last = Some(a);
            }
            last.unwrap_or(None)
        }
        "or" => {
            let mut last = None;
            for a in args {
                if truth(&a) {
                    return Ok(a);
                }
                last = Some(a);
            }
            last.unwrap_or(None)
        }
        "not" => {
            arity(1)?;
            Some(Value::Bool(!truth(&args[0])))
        }
        "len" => {
            arity(1)?;
            let n = match &args[0] {
                Some(Value::String(s)) => s.len(),
                Some(Value::Array(a)) => a.len(),
                Some(Value::Object(m)) => m.len(),
                _ => return Err("template: output: error calling len: len of type interface {}".into()),
            };
            Some(Value::from(n))
        }
        "index" => {
            let mut it = args.into_iter();
            let mut v = it.next().unwrap_or(None);
            for k in it {
                v = match (v, k) {
                    (Some(Value::Object(m)), Some(Value::String(key))) => m.get(&key).cloned(),
                    (Some(Value::Array(a)), Some(Value::Number(n))) => match n.as_i64().and_then(|i| usize::try_from(i).ok()).and_then(|i| a.get(i)) {
                        Some(e) => Some(e.clone()),
                        None => return Err(format!("template: output: error calling index: index out of range: {n}")),
                    },
                    (None | Some(Value::Null), _) => return Err("template: output: error calling index: index of untyped nil".into()),
                    _ => return Err("template: output: error calling index: cannot index slice/array with type string".into()),
                };
            }
            v
        }
        "print" | "println" => {
            // `fmt.Sprint` puts spaces between operands when neither is a string.
            let mut s = String::new();
            for (i, a) in args.iter().enumerate() {
                let is_str = matches!(a, Some(Value::String(_)));
                if name == "println" && i > 0 || (i > 0 && !is_str && !matches!(args[i - 1], Some(Value::String(_)))) {
                    s.push(' ');
                }
                s.push_str(&print(a));
            }
            if name == "println" {
                s.push('\n');
            }
            Some(Value::String(s))
        }
        "printf" => {
            let Some(Some(Value::String(format))) = args.first().cloned() else {
                return Err("template: output: error calling printf: wrong type for value; expected string".into());
            };
            Some(Value::String(printf(&format, &args[1..])))
        }
        "eq" | "ne" => {
            if args.len() < 2 {
                return Err(format!("template: output: error calling {name}: missing argument for comparison"));
            }
            let first = &args[0];
            let any = args[1..].iter().any(|a| a == first);
            Some(Value::Bool(if name == "eq" { any } else { !any }))
        }
        "lt" | "le" | "gt" | "ge" => {
            arity(2)?;
            let o = compare(&args[0], &args[1])?;
            Some(Value::Bool(match name {
                "lt" => o.is_lt(),
                "le" => o.is_le(),
                "gt" => o.is_gt(),
                _ => o.is_ge(),
            }))
        }
        // kubectl's own: `exists` (a path of keys is present) and `base64decode`.
        "exists" => {
            let mut v = args.first().cloned().unwrap_or(None);
            for k in args.iter().skip(1) {
                v = match (v, k) {
                    (Some(Value::Object(m)), Some(Value::String(key))) => m.get(key).cloned(),
                    _ => None,
                };
                if v.is_none() {
                    return Ok(Some(Value::Bool(false)));
                }
            }
            Some(Value::Bool(v.is_some()))
        }
        "base64decode" => {
            arity(1)?;
            let Some(Value::String(s)) = &args[0] else { return Err("template: output: error calling base64decode: expected a string".into()) };
            match podlife_engine::base64::base64_decode(s) {
                Some(t) => Some(Value::String(t)),
                None => return Err("template: output: error calling base64decode: illegal base64 data at input byte 0".into()),
            }
        }
        other => return Err(format!("template: output:1: function \"{other}\" not defined")),
    })
}

/// `fmt.Sprintf` for the verbs templates use: `%s %v %d %q %f %x %t %%`, with width and
/// precision.
fn printf(format: &str, args: &[Val]) -> String {
    let mut out = String::new();
    let mut it = args.iter();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = String::new();
        while let Some(&d) = chars.peek() {
            if d.is_ascii_digit() || matches!(d, '-' | '.' | '+' | ' ' | '#') {
                spec.push(d);
                chars.next();
            } else {
                break;
            }
        }
        let Some(verb) = chars.next() else {
            out.push_str("%!(NOVERB)");
            break;
        };
        if verb == '%' {
            out.push('%');
            continue;
        }
        let Some(a) = it.next() else {
            out.push_str(&format!("%!{verb}(MISSING)"));
            continue;
        };
        let left = spec.starts_with('-');
        let (width, precision) = match spec.trim_start_matches(['-', '+', ' ', '#']).split_once('.') {
            Some((w, p)) => (w.parse::<usize>().ok(), p.parse::<usize>().ok()),
            None => (spec.trim_start_matches(['-', '+', ' ', '#']).parse::<usize>().ok(), None),
        };
        let text = match (verb, a) {
            ('d', Some(Value::Number(n))) => n.as_i64().map_or_else(|| format!("%!d(float64={})", print(a)), |i| i.to_string()),
            ('f', Some(Value::Number(n))) => podlife_ftl::num::FixedAny(n.as_f64().unwrap_or(0.0), precision.unwrap_or(6)).to_string(),
            ('q', Some(Value::String(s))) => format!("{s:?}"),
            ('x', Some(Value::Number(n))) => format!("{:x}", n.as_i64().unwrap_or(0)),
            ('x', Some(Value::String(s))) => s.bytes().map(|b| format!("{b:02x}")).collect(),
            ('s', Some(Value::String(s))) => match precision {
                Some(p) => s.chars().take(p).collect(),
                None => s.clone(),
            },
            ('t', Some(Value::Bool(b))) => b.to_string(),
            ('v' | 's', v) => print(v),
            (verb, v) => format!("%!{verb}({}={})", v.as_ref().map_or("<nil>", go_type), print(v)),
        };
        let pad = width.unwrap_or(0).saturating_sub(text.chars().count());
        if left {
            out.push_str(&text);
            out.push_str(&" ".repeat(pad));
        } else {
            out.push_str(&" ".repeat(pad));
            out.push_str(&text);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn pod() -> Value {
        json!({"kind": "Pod", "metadata": {"name": "termination-demo", "labels": {"app": "x", "tier": "web"}},
               "spec": {"updateStrategy": {"type": "RollingUpdate"}, "containers": [{"name": "a", "image": "nginx"}, {"name": "b", "image": "busybox"}]},
               "status": {"containerStatuses": [{"name": "a", "restartCount": 2, "lastState": {"terminated": {"message": "Sleep expired"}}}]}})
    }

    #[test]
    fn the_docs_templates() {
        // "Determine the Reason for Pod Failure" and the DaemonSet update page.
        assert_eq!(render("{{range .status.containerStatuses}}{{.lastState.terminated.message}}{{end}}", &pod()).unwrap(), "Sleep expired");
        assert_eq!(render("{{.spec.updateStrategy.type}}{{\"\\n\"}}", &pod()).unwrap(), "RollingUpdate\n");
        let list = json!({"items": [pod(), pod()]});
        assert_eq!(render("{{range .items}}{{.metadata.name}}{{\"\\n\"}}{{end}}", &list).unwrap(), "termination-demo\ntermination-demo\n");
    }

    #[test]
    fn go_semantics() {
        let p = pod();
        assert_eq!(render("{{.metadata.missing}}", &p).unwrap(), "<no value>");
        assert_eq!(render("{{.metadata.labels}}", &p).unwrap(), "map[app:x tier:web]");
        assert_eq!(render("{{range $i, $c := .spec.containers}}{{$i}}={{$c.name}} {{end}}", &p).unwrap(), "0=a 1=b ");
        assert_eq!(render("{{range $k, $v := .metadata.labels}}{{$k}}:{{$v}};{{end}}", &p).unwrap(), "app:x;tier:web;");
        assert_eq!(render("{{if eq .metadata.name \"x\"}}yes{{else if .metadata.labels.app}}app{{else}}no{{end}}", &p).unwrap(), "app");
        assert_eq!(render("{{with .status.containerStatuses}}{{len .}}{{end}}", &p).unwrap(), "1");
        assert_eq!(render("{{index .spec.containers 1 | printf \"%v\"}}", &p).unwrap(), "map[image:busybox name:b]");
        assert_eq!(render("{{(index .spec.containers 0).image}}", &p).unwrap(), "nginx");
        assert_eq!(render("{{printf \"%-5s|%3d\" .metadata.labels.app 7}}", &p).unwrap(), "x    |  7");
        assert_eq!(render("a  {{- \" b \" -}}  c", &p).unwrap(), "a b c");
        assert_eq!(render("{{/* note */}}{{$n := .metadata.name}}{{$n}}", &p).unwrap(), "termination-demo");
        assert_eq!(render("{{range .spec.containers}}{{if eq .name \"b\"}}{{break}}{{end}}{{.name}}{{end}}", &p).unwrap(), "a");
        assert_eq!(render("{{range .nothing}}x{{else}}empty{{end}}", &p).unwrap(), "empty");
        assert_eq!(render("{{exists . \"metadata\" \"labels\"}} {{base64decode \"aGk=\"}}", &p).unwrap(), "true hi");
        assert!(render("{{.metadata.name.x}}", &p).unwrap_err().contains("can't evaluate field x in type string"));
        assert!(render("{{nope}}", &p).unwrap_err().contains("function \"nope\" not defined"));
        assert!(render("{{if .a}}", &p).is_err());
        assert!(render(&"{{if .a}}".repeat(500), &p).unwrap_err().contains("nested deeper"));
    }
}

#[cfg(test)]
mod fuzz {
    use proptest::prelude::*;

    proptest! {
        /// Whatever a learner types as a template, rendering returns (text or an error).
        #[test]
        fn any_template_renders_or_fails(t in "[{}.$a-z\"`()| :=,-/*\\\\0-9]{0,60}") {
            let _ = super::render(&t, &serde_json::json!({"a": {"b": [1, "x", {"c": null}]}}));
        }
    }
}

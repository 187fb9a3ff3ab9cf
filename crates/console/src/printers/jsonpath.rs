//! `-o jsonpath=TEMPLATE`, the subset of kubectl's JSONPath (upstream:
//! `client-go/util/jsonpath`) that tutorials use: `{.a.b[0].c}`, `[*]`, `[-1]`, `..name`,
//! filters `[?(@.type=="Ready")]`, `{range …}{end}`, quoted literals (`{"\n"}`), and plain text.
//! Several results of one expression are joined with spaces, as upstream prints them.

use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
enum Step {
    Field(String),
    Index(i64),
    All,
    Recursive(String),
    Filter { path: Vec<Step>, equals: Option<String> },
}

/// A template as upstream's parser leaves it: one flat list (client-go's `Parser.Root.Nodes`),
/// a `{range}` holding the index of its `{end}`. Nothing nests, so neither parsing nor
/// evaluation recurses: upstream has no nesting limit (a goroutine's stack grows to 1 GB), and
/// 100,000 nested ranges work here as there.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    Text(String),
    Path(Vec<Step>),
    Range { path: Vec<Step>, end: usize },
    End,
}

/// podlife's own bound on one template's work (upstream has none): this many node evaluations,
/// or this much output. Reaching either is [`BUDGET_EXCEEDED`].
const MAX_STEPS: usize = 10_000_000;
const MAX_OUTPUT_BYTES: usize = 64 * 1024 * 1024;

/// The error `render` gives when [`MAX_STEPS`] or [`MAX_OUTPUT_BYTES`] is reached; kubectl
/// would carry on, so callers print it as podlife's own stop, not in upstream's wrapping.
pub const BUDGET_EXCEEDED: &str = "podlife: stopped this jsonpath template after 10000000 steps or 64 MiB of output";

/// Renders `template` against `value`; the error is upstream's wording where it has one.
pub fn render(template: &str, value: &Value) -> Result<String, String> {
    let tokens = tokenize(template)?;
    let nodes = parse_nodes(&tokens)?;
    eval_nodes(&nodes, value)
}

/// The values one `{…}` expression finds (`JSONPath.FindResults` with missing keys allowed),
/// for printers that format each value themselves (custom columns).
pub fn find_results(template: &str, value: &Value) -> Result<Vec<Value>, String> {
    let tokens = tokenize(template)?;
    let mut found = Vec::new();
    for token in &tokens {
        match token {
            Token::Expr(e) => match literal(e) {
                Some(text) => found.push(Value::String(text)),
                None => found.extend(eval(&parse_path(e)?, value)?.into_iter().cloned()),
            },
            Token::Text(t) => found.push(Value::String(t.clone())),
        }
    }
    Ok(found)
}

enum Token {
    Text(String),
    Expr(String),
}

fn tokenize(template: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        if open > 0 {
            tokens.push(Token::Text(rest[..open].to_string()));
        }
        let after = &rest[open + 1..];
        let close = find_close(after).ok_or_else(|| "unclosed action".to_string())?;
        tokens.push(Token::Expr(after[..close].trim().to_string()));
        rest = &after[close + 1..];
    }
    if !rest.is_empty() {
        tokens.push(Token::Text(rest.to_string()));
    }
    Ok(tokens)
}

/// The `}` that closes an action, skipping quoted strings.
fn find_close(s: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '}') => return Some(i),
            _ => {}
        }
    }
    None
}

fn parse_nodes(tokens: &[Token]) -> Result<Vec<Node>, String> {
    let mut nodes = Vec::with_capacity(tokens.len());
    // The `{range}`s not yet ended, innermost last.
    let mut open: Vec<usize> = Vec::new();
    for token in tokens {
        match token {
            Token::Text(t) => nodes.push(Node::Text(t.clone())),
            Token::Expr(e) if e == "end" => {
                let start = open.pop().ok_or("not in range, nothing to end")?;
                let here = nodes.len();
                if let Node::Range { end, .. } = &mut nodes[start] {
                    *end = here;
                }
                nodes.push(Node::End);
            }
            Token::Expr(e) => {
                if let Some(path) = e.strip_prefix("range ") {
                    open.push(nodes.len());
                    nodes.push(Node::Range { path: parse_path(path.trim())?, end: 0 });
                } else if let Some(lit) = literal(e) {
                    nodes.push(Node::Text(lit));
                } else {
                    nodes.push(Node::Path(parse_path(e)?));
                }
            }
        }
    }
    if !open.is_empty() {
        return Err("unclosed range".into());
    }
    Ok(nodes)
}

/// `"\n"` or `'x'` → the text, with `\n`, `\t` escapes.
fn literal(e: &str) -> Option<String> {
    let inner = e.strip_prefix('"').and_then(|s| s.strip_suffix('"')).or_else(|| e.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')))?;
    Some(inner.replace("\\n", "\n").replace("\\t", "\t"))
}

fn parse_path(p: &str) -> Result<Vec<Step>, String> {
    let p = p.trim().trim_start_matches('$');
    let b: Vec<char> = p.chars().collect();
    let mut steps = Vec::new();
    let mut i = 0;
    // client-go's parser.go (`advance`, `parseField`): a backslash escapes the next character,
    // so `deployment\.kubernetes\.io/revision` is one field; every backslash is then dropped.
    let ident = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && !matches!(b[*i], '.' | '[') {
            *i += if b[*i] == '\\' { 2 } else { 1 };
        }
        *i = (*i).min(b.len());
        b[start..*i].iter().filter(|c| **c != '\\').collect::<String>()
    };
    while i < b.len() {
        match b[i] {
            '.' if b.get(i + 1) == Some(&'.') => {
                i += 2;
                steps.push(Step::Recursive(ident(&mut i)));
            }
            '.' => {
                i += 1;
                let name = ident(&mut i);
                if name == "*" {
                    steps.push(Step::All);
                } else if !name.is_empty() {
                    steps.push(Step::Field(name));
                }
            }
            '[' => {
                let close = b[i..].iter().position(|c| *c == ']').map(|x| x + i).ok_or("unterminated array")?;
                let inner: String = b[i + 1..close].iter().collect();
                i = close + 1;
                let inner = inner.trim();
                if inner == "*" {
                    steps.push(Step::All);
                } else if let Some(f) = inner.strip_prefix("?(").and_then(|s| s.strip_suffix(')')) {
                    let (lhs, rhs) = match f.split_once("==") {
                        Some((l, r)) => (l.trim(), Some(r.trim().trim_matches(|c| c == '"' || c == '\'').to_string())),
                        None => (f.trim(), None),
                    };
                    let path = parse_path(lhs.trim_start_matches('@'))?;
                    steps.push(Step::Filter { path, equals: rhs });
                } else if let Ok(n) = inner.parse::<i64>() {
                    steps.push(Step::Index(n));
                } else {
                    steps.push(Step::Field(inner.trim_matches(|c| c == '"' || c == '\'').to_string()));
                }
            }
            _ => {
                let name = ident(&mut i);
                if !name.is_empty() {
                    steps.push(Step::Field(name));
                }
            }
        }
    }
    Ok(steps)
}

fn eval<'a>(steps: &[Step], value: &'a Value) -> Result<Vec<&'a Value>, String> {
    let mut current = vec![value];
    for step in steps {
        let mut next = Vec::new();
        for v in current {
            match step {
                Step::Field(f) => if let Some(x) = v.get(f) { next.push(x) },
                Step::Index(n) => {
                    let arr = v.as_array().ok_or_else(|| format!("array index {n} on a non-array"))?;
                    let idx = if *n < 0 { arr.len() as i64 + n } else { *n };
                    match usize::try_from(idx).ok().and_then(|i| arr.get(i)) {
                        Some(x) => next.push(x),
                        None => return Err("array index out of bounds: index ".to_string() + &n.to_string() + ", length " + &arr.len().to_string()),
                    }
                }
                Step::All => match v {
                    Value::Array(a) => next.extend(a.iter()),
                    Value::Object(m) => next.extend(m.values()),
                    _ => {}
                },
                Step::Recursive(name) => collect_recursive(v, name, &mut next),
                Step::Filter { path, equals } => {
                    for item in v.as_array().map(Vec::as_slice).unwrap_or_default() {
                        let found = eval(path, item)?;
                        let keep = match equals {
                            Some(want) => found.iter().any(|f| text(f) == *want),
                            None => !found.is_empty(),
                        };
                        if keep {
                            next.push(item);
                        }
                    }
                }
            }
        }
        current = next;
    }
    Ok(current)
}

fn collect_recursive<'a>(v: &'a Value, name: &str, out: &mut Vec<&'a Value>) {
    match v {
        Value::Object(m) => {
            if let Some(x) = m.get(name) {
                out.push(x);
            }
            for child in m.values() {
                collect_recursive(child, name, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|c| collect_recursive(c, name, out)),
        _ => {}
    }
}

/// How upstream prints one result: strings bare, everything else as JSON.
fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => podlife_model::json::to_string(other),
    }
}

/// One `{range}` being iterated: the values it found, the one the body now sees, and where
/// its body starts and ends (the whole template is the outermost frame, over the object).
struct Frame<'a> {
    items: Vec<&'a Value>,
    current: usize,
    body: usize,
    end: usize,
}

fn eval_nodes(nodes: &[Node], value: &Value) -> Result<String, String> {
    let mut out = String::new();
    let mut stack = vec![Frame { items: vec![value], current: 0, body: 0, end: nodes.len() }];
    let mut pc = 0;
    let mut steps = 0usize;
    while let Some(frame) = stack.last_mut() {
        steps += 1;
        if steps > MAX_STEPS || out.len() > MAX_OUTPUT_BYTES {
            return Err(BUDGET_EXCEEDED.into());
        }
        if pc >= frame.end {
            // The body ran for this value: on to the next, or past the `{end}`.
            if frame.current + 1 < frame.items.len() {
                frame.current += 1;
                pc = frame.body;
            } else {
                pc = frame.end + 1;
                stack.pop();
            }
            continue;
        }
        let here = frame.items[frame.current];
        match &nodes[pc] {
            Node::Text(t) => out.push_str(t),
            Node::Path(path) => {
                let results = eval(path, here)?;
                out.push_str(&results.iter().map(|v| text(v)).collect::<Vec<_>>().join(" "));
            }
            Node::Range { path, end } => {
                // An array found is iterated item by item; anything else is one iteration.
                let mut items = Vec::new();
                for v in eval(path, here)? {
                    match v {
                        Value::Array(a) => items.extend(a.iter()),
                        other => items.push(other),
                    }
                }
                if items.is_empty() {
                    pc = end + 1;
                } else {
                    stack.push(Frame { items, current: 0, body: pc + 1, end: *end });
                    pc += 1;
                }
                continue;
            }
            Node::End => {}
        }
        pc += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use podlife_engine::json;

    #[test]
    fn escaped_dots_stay_in_a_field_name() {
        let v = serde_json::json!({"metadata": {"annotations": {"deployment.kubernetes.io/revision": "3"}}});
        assert_eq!(render(r"{.metadata.annotations.deployment\.kubernetes\.io/revision}", &v).unwrap(), "3");
        assert_eq!(render(r"{.metadata.annotations.deployment.kubernetes.io/revision}", &v).unwrap(), "");
    }

    #[test]
    fn tutorial_templates() {
        let pod = json!({"metadata": {"name": "web"}, "spec": {"containers": [{"name": "a", "image": "x:1"}, {"name": "b", "image": "y:2"}]},
            "status": {"conditions": [{"type": "Ready", "status": "False"}, {"type": "PodScheduled", "status": "True"}]}});
        assert_eq!(render("{.spec.containers[0].image}", &pod).as_deref(), Ok("x:1"));
        assert_eq!(render("{.spec.containers[*].name}", &pod).as_deref(), Ok("a b"));
        assert_eq!(render("{.spec.containers[-1].name}", &pod).as_deref(), Ok("b"));
        assert_eq!(render("{.status.conditions[?(@.type==\"Ready\")].status}", &pod).as_deref(), Ok("False"));
        assert_eq!(render("{..image}", &pod).as_deref(), Ok("x:1 y:2"));
        assert_eq!(render("{range .spec.containers[*]}{.name}={.image}{\"\\n\"}{end}", &pod).as_deref(), Ok("a=x:1\nb=y:2\n"));
        assert_eq!(render("name: {.metadata.name}", &pod).as_deref(), Ok("name: web"));
        assert!(render("{.spec.containers[5].image}", &pod).is_err());
        assert!(render("{range .x}", &pod).is_err());
    }

    #[test]
    fn nested_ranges_iterate_each_level() {
        let list = json!({"items": [{"metadata": {"name": "a"}, "spec": {"containers": [{"name": "x"}, {"name": "y"}]}},
            {"metadata": {"name": "b"}, "spec": {"containers": [{"name": "z"}]}}]});
        let t = "{range .items[*]}{.metadata.name}:{range .spec.containers[*]} {.name}{end};{end}";
        assert_eq!(render(t, &list).as_deref(), Ok("a: x y;b: z;"));
        // An empty range skips its body, text included, and goes on after its end.
        assert_eq!(render("{range .nothing[*]}never{end}after", &list).as_deref(), Ok("after"));
        assert_eq!(render("{end}", &list), Err("not in range, nothing to end".into()));
        assert_eq!(render("{range .items[*]}{range .x}{end}", &list), Err("unclosed range".into()));
    }

    /// Regression (issue 16, D12): 100,000 nested `{range}`s overflowed the stack. Upstream
    /// has no nesting limit, and neither parsing nor evaluation recurses here now.
    #[test]
    fn deeply_nested_ranges_do_not_overflow() {
        let n = 100_000;
        let template = "{range .items[*]}".repeat(n) + "{.metadata.name}" + &"{end}".repeat(n);
        let list = json!({"items": [{"metadata": {"name": "web"}}]});
        assert_eq!(render(&template, &list).as_deref(), Ok(""));
        let template = "{range .items[*]}".repeat(n) + &"{end}".repeat(n - 1);
        assert_eq!(render(&template, &list), Err("unclosed range".into()));
        let template = "{range .items[*]}".repeat(3) + "{.metadata.name}" + &"{end}".repeat(3);
        assert_eq!(render(&template, &json!({"items": [{"items": [{"items": [{"metadata": {"name": "deep"}}]}]}]})).as_deref(), Ok("deep"));
    }

    /// Ranges over overlapping recursive descents multiply; the work is bounded.
    #[test]
    fn runaway_templates_stop_at_the_budget() {
        let mut chain = json!("leaf");
        for _ in 0..60 {
            chain = json!({"a": chain});
        }
        let template = "{range ..a}".repeat(30) + "x" + &"{end}".repeat(30);
        assert_eq!(render(&template, &chain), Err(BUDGET_EXCEEDED.into()));
    }
}

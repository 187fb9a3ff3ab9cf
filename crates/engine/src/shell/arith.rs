//! `$((…))`, as busybox's `shell/math.c` evaluates it: 64-bit wrapping integers, C
//! operators with their precedence, assignments, `0x`/octal/`base#n` literals, and
//! variables whose values are themselves expressions. Errors carry math.c's texts.

use crate::vecmap::VecMap;

/// Variable access for the evaluator.
pub(crate) trait ArithVars {
    fn get(&self, name: &str) -> Option<String>;
    fn set(&mut self, name: &str, value: String) -> Result<(), String>;
}

/// A plain map (tests and `expr`-like uses).
impl ArithVars for VecMap<String, String> {
    fn get(&self, name: &str) -> Option<String> {
        VecMap::get(self, name).cloned()
    }
    fn set(&mut self, name: &str, value: String) -> Result<(), String> {
        self.insert(name.to_string(), value);
        Ok(())
    }
}

const MAX_RECURSION: usize = 32;
const MAX_DEPTH: usize = 200;

#[derive(Debug, Clone, PartialEq)]
enum T {
    Num(i64),
    Name(String),
    Op(&'static str),
    LParen,
    RParen,
}

const OPS: &[&str] = &[
    "<<=", ">>=", "**", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "+", "-", "*", "/", "%", "<", ">", "&", "^", "|", "!", "~", "?", ":", "=", ",",
];

const SYNTAX: &str = "arithmetic syntax error";

fn tokenize(s: &str) -> Result<Vec<T>, String> {
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
            continue;
        }
        if ch.is_ascii_digit() {
            let start = i;
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '#' || c[i] == '_' || c[i] == '@') {
                i += 1;
            }
            let text: String = c[start..i].iter().collect();
            out.push(T::Num(parse_number(&text).ok_or_else(|| SYNTAX.to_string())?));
            continue;
        }
        if ch.is_ascii_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(T::Name(c[start..i].iter().collect()));
            continue;
        }
        if ch == '(' {
            out.push(T::LParen);
            i += 1;
            continue;
        }
        if ch == ')' {
            out.push(T::RParen);
            i += 1;
            continue;
        }
        let mut found = None;
        for op in OPS {
            let n = op.len();
            if i + n <= c.len() && c[i..i + n].iter().copied().eq(op.chars()) {
                found = Some(*op);
                break;
            }
        }
        match found {
            Some(op) => {
                i += op.len();
                out.push(T::Op(op));
            }
            None => return Err(SYNTAX.to_string()),
        }
    }
    Ok(out)
}

/// A numeric literal: decimal, `0x` hex, leading-zero octal, or `base#digits`.
pub(crate) fn parse_number(text: &str) -> Option<i64> {
    let t = text;
    if let Some((base, digits)) = t.split_once('#') {
        let base: u32 = base.parse().ok()?;
        if !(2..=64).contains(&base) || digits.is_empty() {
            return None;
        }
        let mut v: i64 = 0;
        for ch in digits.chars() {
            let d = match ch {
                '0'..='9' => ch as u32 - '0' as u32,
                'a'..='z' => ch as u32 - 'a' as u32 + 10,
                'A'..='Z' => ch as u32 - 'A' as u32 + if base <= 36 { 10 } else { 36 },
                '@' => 62,
                '_' => 63,
                _ => return None,
            };
            if d >= base {
                return None;
            }
            v = v.wrapping_mul(base as i64).wrapping_add(d as i64);
        }
        return Some(v);
    }
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        if h.is_empty() {
            return None;
        }
        let mut v: i64 = 0;
        for ch in h.chars() {
            v = v.wrapping_mul(16).wrapping_add(ch.to_digit(16)? as i64);
        }
        return Some(v);
    }
    if t.len() > 1 && t.starts_with('0') {
        let mut v: i64 = 0;
        for ch in t[1..].chars() {
            v = v.wrapping_mul(8).wrapping_add(ch.to_digit(8)? as i64);
        }
        return Some(v);
    }
    let mut v: i64 = 0;
    for ch in t.chars() {
        v = v.wrapping_mul(10).wrapping_add(ch.to_digit(10)? as i64);
    }
    Some(v)
}

struct Eval<'a> {
    toks: Vec<T>,
    pos: usize,
    vars: &'a mut dyn ArithVars,
    recursion: usize,
    depth: usize,
}

/// A value on the way up: a number, and the variable it came from (for assignments).
#[derive(Clone)]
struct V {
    n: i64,
    name: Option<String>,
}

fn num(n: i64) -> V {
    V { n, name: None }
}

/// Evaluates an arithmetic expression (an empty one is 0).
pub(crate) fn eval(expr: &str, vars: &mut dyn ArithVars) -> Result<i64, String> {
    eval_rec(expr, vars, 0)
}

fn eval_rec(expr: &str, vars: &mut dyn ArithVars, recursion: usize) -> Result<i64, String> {
    if recursion > MAX_RECURSION {
        return Err("expression recursion loop detected".into());
    }
    let toks = tokenize(expr)?;
    if toks.is_empty() {
        return Ok(0);
    }
    let mut e = Eval { toks, pos: 0, vars, recursion, depth: 0 };
    let v = e.comma(false)?;
    if e.pos != e.toks.len() {
        return Err(SYNTAX.into());
    }
    e.value(&v, false)
}

impl Eval<'_> {
    fn peek(&self) -> Option<&T> {
        self.toks.get(self.pos)
    }

    fn peek_op(&self) -> Option<&'static str> {
        match self.toks.get(self.pos) {
            Some(T::Op(o)) => Some(o),
            _ => None,
        }
    }

    fn value(&mut self, v: &V, noeval: bool) -> Result<i64, String> {
        match &v.name {
            Some(name) if !noeval => {
                let s = self.vars.get(name).unwrap_or_default();
                let s = s.trim();
                if s.is_empty() {
                    return Ok(0);
                }
                if let Some(n) = parse_signed(s) {
                    return Ok(n);
                }
                eval_rec(s, self.vars, self.recursion + 1)
            }
            Some(_) => Ok(0),
            None => Ok(v.n),
        }
    }

    fn assign(&mut self, v: &V, n: i64, noeval: bool) -> Result<V, String> {
        let Some(name) = &v.name else { return Err(SYNTAX.into()) };
        if !noeval {
            self.vars.set(name, n.to_string())?;
        }
        Ok(num(n))
    }

    fn comma(&mut self, noeval: bool) -> Result<V, String> {
        let mut v = self.assignment(noeval)?;
        while self.peek_op() == Some(",") {
            self.pos += 1;
            self.value(&v, noeval)?;
            v = self.assignment(noeval)?;
        }
        Ok(v)
    }

    fn assignment(&mut self, noeval: bool) -> Result<V, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(SYNTAX.into());
        }
        let r = self.assignment_inner(noeval);
        self.depth -= 1;
        r
    }

    fn assignment_inner(&mut self, noeval: bool) -> Result<V, String> {
        let lhs = self.ternary(noeval)?;
        let Some(op) = self.peek_op() else { return Ok(lhs) };
        let bin = match op {
            "=" => "",
            "+=" => "+",
            "-=" => "-",
            "*=" => "*",
            "/=" => "/",
            "%=" => "%",
            "<<=" => "<<",
            ">>=" => ">>",
            "&=" => "&",
            "^=" => "^",
            "|=" => "|",
            _ => return Ok(lhs),
        };
        if lhs.name.is_none() {
            return Err(SYNTAX.into());
        }
        self.pos += 1;
        let rhs = self.assignment(noeval)?;
        let r = self.value(&rhs, noeval)?;
        let n = if bin.is_empty() {
            r
        } else {
            let l = self.value(&lhs, noeval)?;
            if noeval { 0 } else { binop(bin, l, r)? }
        };
        self.assign(&lhs, n, noeval)
    }

    fn ternary(&mut self, noeval: bool) -> Result<V, String> {
        let c = self.binary(0, noeval)?;
        if self.peek_op() != Some("?") {
            return Ok(c);
        }
        self.pos += 1;
        let cv = self.value(&c, noeval)?;
        let a = self.comma(noeval || cv == 0)?;
        if self.peek_op() != Some(":") {
            return Err("malformed ?: operator".into());
        }
        self.pos += 1;
        let b = self.assignment(noeval || cv != 0)?;
        if cv != 0 { Ok(num(self.value(&a, noeval)?)) } else { Ok(num(self.value(&b, noeval)?)) }
    }

    fn binary(&mut self, min_prec: u8, noeval: bool) -> Result<V, String> {
        let mut lhs = self.unary(noeval)?;
        loop {
            let Some(op) = self.peek_op() else { return Ok(lhs) };
            let Some(prec) = prec(op) else { return Ok(lhs) };
            if prec < min_prec {
                return Ok(lhs);
            }
            self.pos += 1;
            let l = self.value(&lhs, noeval)?;
            // `**` is right-associative; the rest are left-associative.
            let next = if op == "**" { prec } else { prec + 1 };
            let short = match op {
                "&&" => l == 0,
                "||" => l != 0,
                _ => false,
            };
            let rhs = self.binary(next, noeval || short)?;
            let r = self.value(&rhs, noeval || short)?;
            let n = if noeval {
                0
            } else {
                match op {
                    "&&" => (l != 0 && r != 0) as i64,
                    "||" => (l != 0 || r != 0) as i64,
                    _ => binop(op, l, r)?,
                }
            };
            lhs = num(n);
        }
    }

    fn unary(&mut self, noeval: bool) -> Result<V, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(SYNTAX.into());
        }
        let r = self.unary_inner(noeval);
        self.depth -= 1;
        r
    }

    fn unary_inner(&mut self, noeval: bool) -> Result<V, String> {
        match self.peek().cloned() {
            Some(T::Op(op @ ("+" | "-" | "!" | "~"))) => {
                self.pos += 1;
                let v = self.unary(noeval)?;
                let n = self.value(&v, noeval)?;
                Ok(num(match op {
                    "+" => n,
                    "-" => n.wrapping_neg(),
                    "!" => (n == 0) as i64,
                    _ => !n,
                }))
            }
            Some(T::Op(op @ ("++" | "--"))) => {
                self.pos += 1;
                let v = self.unary(noeval)?;
                if v.name.is_none() {
                    return Err(SYNTAX.into());
                }
                let n = self.value(&v, noeval)?;
                let n = if op == "++" { n.wrapping_add(1) } else { n.wrapping_sub(1) };
                self.assign(&v, n, noeval)
            }
            _ => {
                let v = self.primary(noeval)?;
                match self.peek_op() {
                    Some(op @ ("++" | "--")) if v.name.is_some() => {
                        self.pos += 1;
                        let n = self.value(&v, noeval)?;
                        let m = if op == "++" { n.wrapping_add(1) } else { n.wrapping_sub(1) };
                        self.assign(&v, m, noeval)?;
                        Ok(num(n))
                    }
                    _ => Ok(v),
                }
            }
        }
    }

    fn primary(&mut self, noeval: bool) -> Result<V, String> {
        match self.peek().cloned() {
            Some(T::Num(n)) => {
                self.pos += 1;
                Ok(num(n))
            }
            Some(T::Name(name)) => {
                self.pos += 1;
                Ok(V { n: 0, name: Some(name) })
            }
            Some(T::LParen) => {
                self.pos += 1;
                let v = self.comma(noeval)?;
                if self.peek() != Some(&T::RParen) {
                    return Err(SYNTAX.into());
                }
                self.pos += 1;
                Ok(num(self.value(&v, noeval)?))
            }
            _ => Err(SYNTAX.into()),
        }
    }
}

fn prec(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | ">" | "<=" | ">=" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        "**" => 11,
        _ => return None,
    })
}

fn binop(op: &str, l: i64, r: i64) -> Result<i64, String> {
    Ok(match op {
        "+" => l.wrapping_add(r),
        "-" => l.wrapping_sub(r),
        "*" => l.wrapping_mul(r),
        "/" | "%" => {
            if r == 0 {
                return Err("divide by zero".into());
            }
            if op == "/" { l.wrapping_div(r) } else { l.wrapping_rem(r) }
        }
        "**" => {
            if r < 0 {
                return Err("exponent less than 0".into());
            }
            let mut acc: i64 = 1;
            let mut base = l;
            let mut e = r as u64;
            while e > 0 {
                if e & 1 == 1 {
                    acc = acc.wrapping_mul(base);
                }
                base = base.wrapping_mul(base);
                e >>= 1;
            }
            acc
        }
        "<<" => l.wrapping_shl((r & 63) as u32),
        ">>" => l.wrapping_shr((r & 63) as u32),
        "<" => (l < r) as i64,
        ">" => (l > r) as i64,
        "<=" => (l <= r) as i64,
        ">=" => (l >= r) as i64,
        "==" => (l == r) as i64,
        "!=" => (l != r) as i64,
        "&" => l & r,
        "^" => l ^ r,
        "|" => l | r,
        _ => return Err(SYNTAX.into()),
    })
}

/// A decimal integer with an optional sign (how `test` and `exit` read numbers).
pub(crate) fn parse_signed(s: &str) -> Option<i64> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut v: i64 = 0;
    for ch in digits.chars() {
        v = v.checked_mul(10)?.checked_add(ch as i64 - '0' as i64)?;
    }
    Some(if neg { -v } else { v })
}

//! busybox `awk` (`editors/awk.c`), the practical part teaching scripts use: `BEGIN`/`END`,
//! patterns and ranges, fields and `$0` rebuilding, `-F`, `-v`, `-f`, variables and
//! associative arrays, user functions, `if`/`while`/`do`/`for`/`for (k in a)`, `next`,
//! `exit`, `print`/`printf` (also to `> file`), the string and math built-ins, and the
//! special variables (`NR NF FNR FS OFS ORS RS FILENAME SUBSEP RSTART RLENGTH`). Errors
//! are busybox's (`awk: cmd. line:1: Unexpected token`). `getline`, pipes and `system()`
//! are not supported (a stated podlife error). Work is bounded by the interpreter's fuel.

use crate::vecmap::VecMap;

use super::builtins::Ctx;
use super::regex::Regex;

const BB_USAGE: &str = "BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: awk [OPTIONS] [AWK_PROGRAM] [FILE]...\n\n\t-v VAR=VAL\tSet variable\n\t-F SEP\t\tUse SEP as field separator\n\t-f FILE\t\tRead program from FILE\n\t-e AWK_PROGRAM\n";

/// The deepest expression or statement nesting the parser accepts (about 25 levels of
/// parentheses or blocks; the parser and the evaluator recurse, and wasm's stack is 1 MiB).
const MAX_DEPTH: usize = 50;
/// The most user-function calls on the stack (each takes several recursing frames, and
/// wasm's stack is 1 MiB).
const MAX_CALLS: usize = 30;
/// The most array elements in all arrays together.
const MAX_ELEMENTS: usize = 200_000;

// ----- values -----

#[derive(Debug, Clone)]
enum Val {
    Uninit,
    Num(f64),
    Str(String),
    /// Input text that looks like a number (fields, `-v`, `split`): compares as a number.
    StrNum(String),
}

fn looks_numeric(s: &str) -> Option<f64> {
    let t = s.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\n');
    if t.is_empty() {
        return None;
    }
    let (v, used) = parse_number_prefix(t);
    (used == t.len()).then_some(v)
}

/// awk's string-to-number: the longest numeric prefix after blanks (0 if none).
fn parse_number_prefix(s: &str) -> (f64, usize) {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let digits_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i == digits_start || (i == digits_start + 1 && b[digits_start] == b'.') {
        return (0.0, 0);
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    (crate::parse_f64(&s[..i]).unwrap_or(0.0), i)
}

fn to_num_str(s: &str) -> f64 {
    let t = s.trim_start_matches([' ', '\t', '\n']);
    parse_number_prefix(t).0
}

/// C's `%.Ng` (`OFMT`/`CONVFMT` are `%.6g`).
fn format_g(v: f64, prec: usize, upper: bool, alt: bool) -> String {
    use podlife_ftl::num::{ExpFixed, FixedAny};
    if v.is_nan() {
        return if upper { "NAN".into() } else { "nan".into() };
    }
    if v.is_infinite() {
        let s = if v < 0.0 { "-inf" } else { "inf" };
        return if upper { s.to_ascii_uppercase() } else { s.into() };
    }
    let p = if prec == 0 { 1 } else { prec };
    if v == 0.0 {
        return if alt { FixedAny(0.0, p - 1).to_string() } else { "0".into() };
    }
    let exp = ExpFixed(v, p - 1).to_string();
    let (mant, e) = exp.split_once('e').unwrap_or((&exp, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let mut out = if e < -4 || e >= p as i32 {
        let mant = if alt { mant.to_string() } else { trim_zeros(mant) };
        format!("{mant}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
    } else {
        let f = FixedAny(v, (p as i32 - 1 - e).max(0) as usize).to_string();
        if alt { f } else { trim_zeros(&f) }
    };
    if upper {
        out = out.to_ascii_uppercase();
    }
    out
}

fn trim_zeros(s: &str) -> String {
    if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s.to_string() }
}

/// busybox `fmt_num`: an integral value that fits a `long long` prints as an integer.
fn num_to_string(v: f64, fmt: &str) -> String {
    if v.is_finite() && v == v.trunc() && (-9.223_372_036_854_775e18..9.223_372_036_854_775e18).contains(&v) {
        return format!("{}", v as i64);
    }
    if fmt == "%.6g" {
        return format_g(v, 6, false, false);
    }
    sprintf(fmt, &[Val::Num(v)], "%.6g").unwrap_or_else(|_| format_g(v, 6, false, false))
}

impl Val {
    fn num(&self) -> f64 {
        match self {
            Val::Uninit => 0.0,
            Val::Num(n) => *n,
            Val::Str(s) | Val::StrNum(s) => to_num_str(s),
        }
    }

    fn str_with(&self, convfmt: &str) -> String {
        match self {
            Val::Uninit => String::new(),
            Val::Num(n) => num_to_string(*n, convfmt),
            Val::Str(s) | Val::StrNum(s) => s.clone(),
        }
    }

    fn truthy(&self) -> bool {
        match self {
            Val::Uninit => false,
            Val::Num(n) => *n != 0.0,
            Val::Str(s) => !s.is_empty(),
            Val::StrNum(s) => match looks_numeric(s) {
                Some(n) => n != 0.0,
                None => !s.is_empty(),
            },
        }
    }

    fn numeric_for_compare(&self) -> Option<f64> {
        match self {
            Val::Uninit => Some(0.0),
            Val::Num(n) => Some(*n),
            Val::StrNum(s) => looks_numeric(s),
            Val::Str(_) => None,
        }
    }

    fn input(s: String) -> Val {
        if looks_numeric(&s).is_some() { Val::StrNum(s) } else { Val::Str(s) }
    }
}

// ----- lexer -----

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Num(f64),
    Str(String),
    Regex(String),
    /// A name directly followed by `(` (a function call).
    Call(String),
    Name(String),
    Kw(&'static str),
    Op(&'static str),
    Newline,
    Eof,
}

const KEYWORDS: [&str; 18] = ["BEGIN", "END", "function", "func", "if", "else", "while", "for", "do", "break", "continue", "next", "nextfile", "exit", "return", "delete", "print", "printf"];
const OPS: [&str; 44] = [
    "+=", "-=", "*=", "/=", "%=", "^=", "**=", "==", "<=", ">=", "!=", "++", "--", "&&", "||", ">>", "!~", "**", "{", "}", "(", ")", "[", "]", ";", ",", "+", "-", "*", "/", "%", "^", "!", ">", "<", "|", "?", ":", "~",
    "$", "=", "in", "getline", "&",
];

struct Lexer {
    c: Vec<char>,
    i: usize,
    line: usize,
    /// The previous token ends an operand: `/` is division, not a regex.
    after_operand: bool,
}

impl Lexer {
    fn next(&mut self) -> Result<Tok, String> {
        loop {
            match self.c.get(self.i) {
                Some(' ' | '\t' | '\r') => self.i += 1,
                Some('\\') if self.c.get(self.i + 1) == Some(&'\n') => {
                    self.i += 2;
                    self.line += 1;
                }
                Some('#') => {
                    while self.c.get(self.i).is_some_and(|c| *c != '\n') {
                        self.i += 1;
                    }
                }
                _ => break,
            }
        }
        let Some(&c) = self.c.get(self.i) else { return Ok(Tok::Eof) };
        let tok = if c == '\n' {
            self.i += 1;
            self.line += 1;
            Tok::Newline
        } else if c.is_ascii_digit() || (c == '.' && self.c.get(self.i + 1).is_some_and(char::is_ascii_digit)) {
            let rest: String = self.c[self.i..].iter().take(64).collect();
            let (v, used) = parse_number_prefix(&rest);
            let used = used.max(1);
            self.i += rest[..used].chars().count();
            Tok::Num(v)
        } else if c == '"' {
            self.i += 1;
            let mut s = String::new();
            loop {
                let Some(&ch) = self.c.get(self.i) else { return Err("Unexpected end of string".into()) };
                self.i += 1;
                match ch {
                    '"' => break,
                    '\n' => return Err("Unexpected end of string".into()),
                    '\\' => {
                        let Some(&e) = self.c.get(self.i) else { return Err("Unexpected end of string".into()) };
                        self.i += 1;
                        let ch2 = match e {
                            'n' => '\n',
                            't' => '\t',
                            'r' => '\r',
                            '\\' => '\\',
                            '"' => '"',
                            '/' => '/',
                            'a' => '\x07',
                            'b' => '\x08',
                            'f' => '\x0c',
                            'v' => '\x0b',
                            '\n' => continue,
                            d if d.is_digit(8) => {
                                let mut v = d.to_digit(8).unwrap_or(0);
                                for _ in 0..2 {
                                    match self.c.get(self.i).and_then(|c| c.to_digit(8)) {
                                        Some(x) => {
                                            v = v * 8 + x;
                                            self.i += 1;
                                        }
                                        None => break,
                                    }
                                }
                                char::from_u32(v).unwrap_or('?')
                            }
                            other => {
                                s.push('\\');
                                other
                            }
                        };
                        s.push(ch2);
                    }
                    ch => s.push(ch),
                }
            }
            Tok::Str(s)
        } else if c == '/' && !self.after_operand {
            self.i += 1;
            let mut s = String::new();
            loop {
                let Some(&ch) = self.c.get(self.i) else { return Err("Unexpected end of string".into()) };
                self.i += 1;
                match ch {
                    '/' => break,
                    '\n' => return Err("Unexpected end of string".into()),
                    '\\' if self.c.get(self.i) == Some(&'/') => {
                        s.push('/');
                        self.i += 1;
                    }
                    ch => s.push(ch),
                }
            }
            Tok::Regex(s)
        } else if c.is_ascii_alphabetic() || c == '_' {
            let mut s = String::new();
            while let Some(&ch) = self.c.get(self.i) {
                if ch.is_ascii_alphanumeric() || ch == '_' {
                    s.push(ch);
                    self.i += 1;
                } else {
                    break;
                }
            }
            if let Some(k) = KEYWORDS.iter().find(|k| **k == s) {
                Tok::Kw(k)
            } else if s == "in" {
                Tok::Op("in")
            } else if s == "getline" {
                Tok::Op("getline")
            } else if self.c.get(self.i) == Some(&'(') {
                Tok::Call(s)
            } else {
                Tok::Name(s)
            }
        } else {
            let rest: String = self.c[self.i..].iter().take(3).collect();
            let Some(op) = OPS.iter().filter(|o| o.chars().all(|c| !c.is_ascii_alphabetic())).find(|o| rest.starts_with(**o)) else {
                return Err("Unexpected token".into());
            };
            self.i += op.len();
            Tok::Op(op)
        };
        self.after_operand = matches!(tok, Tok::Num(_) | Tok::Str(_) | Tok::Name(_) | Tok::Regex(_) | Tok::Op(")" | "]" | "$" | "++" | "--"));
        if tok == Tok::Op("$") {
            self.after_operand = false;
        }
        Ok(tok)
    }
}

// ----- syntax tree -----

#[derive(Debug, Clone)]
enum Expr {
    Num(f64),
    Str(String),
    Regex(String),
    Var(String),
    Field(Box<Expr>),
    Index(String, Vec<Expr>),
    Assign(Box<Expr>, &'static str, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    In(Vec<Expr>, String),
    Match(bool, Box<Expr>, Box<Expr>),
    Cmp(&'static str, Box<Expr>, Box<Expr>),
    Concat(Box<Expr>, Box<Expr>),
    Bin(&'static str, Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Plus(Box<Expr>),
    Not(Box<Expr>),
    Incr(bool, i8, Box<Expr>),
    Call(String, Vec<Expr>),
    Group(Box<Expr>),
}

#[derive(Debug, Clone)]
enum Redirect {
    File(Expr),
    Append(Expr),
}

#[derive(Debug, Clone)]
enum Stmt {
    Expr(Expr),
    Print(Vec<Expr>, Option<Redirect>),
    Printf(Vec<Expr>, Option<Redirect>),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>),
    Do(Box<Stmt>, Expr),
    For(Option<Box<Stmt>>, Option<Expr>, Option<Box<Stmt>>, Box<Stmt>),
    ForIn(String, String, Box<Stmt>),
    Block(Vec<Stmt>),
    Next,
    Exit(Option<Expr>),
    Return(Option<Expr>),
    Break,
    Continue,
    Delete(String, Option<Vec<Expr>>),
}

#[derive(Debug, Clone)]
enum Pattern {
    Begin,
    End,
    All,
    Expr(Expr),
    Range(Expr, Expr),
}

#[derive(Debug, Clone)]
struct Func {
    params: Vec<String>,
    body: Vec<Stmt>,
}

struct Program {
    rules: Vec<(Pattern, Option<Vec<Stmt>>)>,
    funcs: VecMap<String, Func>,
}

// ----- parser -----

struct Parser {
    lx: Lexer,
    tok: Tok,
    depth: usize,
    /// Inside `print`'s list: `>` is a redirection.
    no_gt: bool,
    /// Inside `for (… in …)` detection: `in` ends the expression.
    no_in: bool,
}

type PResult<T> = Result<T, String>;

impl Parser {
    fn advance(&mut self) -> PResult<()> {
        self.tok = self.lx.next()?;
        Ok(())
    }

    fn is_op(&self, op: &str) -> bool {
        self.tok == Tok::Op(match OPS.iter().find(|o| **o == op) {
            Some(o) => o,
            None => return false,
        })
    }

    fn expect_op(&mut self, op: &str) -> PResult<()> {
        if self.is_op(op) {
            self.advance()
        } else {
            Err(if self.tok == Tok::Eof { "Unexpected end of string".into() } else { "Unexpected token".into() })
        }
    }

    fn skip_newlines(&mut self) -> PResult<()> {
        while self.tok == Tok::Newline {
            self.advance()?;
        }
        Ok(())
    }

    fn skip_terminators(&mut self) -> PResult<()> {
        while self.tok == Tok::Newline || self.is_op(";") {
            self.advance()?;
        }
        Ok(())
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH { Err("program nested too deeply (podlife limit)".into()) } else { Ok(()) }
    }

    fn program(&mut self) -> PResult<Program> {
        let mut rules = Vec::new();
        let mut funcs = VecMap::new();
        self.skip_terminators()?;
        while self.tok != Tok::Eof {
            match self.tok.clone() {
                Tok::Kw("function") | Tok::Kw("func") => {
                    self.advance()?;
                    let name = match self.tok.clone() {
                        Tok::Call(n) | Tok::Name(n) => n,
                        _ => return Err("Unexpected token".into()),
                    };
                    self.advance()?;
                    self.expect_op("(")?;
                    let mut params = Vec::new();
                    while let Tok::Name(p) = self.tok.clone() {
                        params.push(p);
                        self.advance()?;
                        if self.is_op(",") {
                            self.advance()?;
                            self.skip_newlines()?;
                        }
                    }
                    self.expect_op(")")?;
                    self.skip_newlines()?;
                    let body = self.block()?;
                    funcs.insert(name, Func { params, body });
                }
                Tok::Kw("BEGIN") => {
                    self.advance()?;
                    self.skip_newlines()?;
                    let b = self.block()?;
                    rules.push((Pattern::Begin, Some(b)));
                }
                Tok::Kw("END") => {
                    self.advance()?;
                    self.skip_newlines()?;
                    let b = self.block()?;
                    rules.push((Pattern::End, Some(b)));
                }
                Tok::Op("{") => {
                    let b = self.block()?;
                    rules.push((Pattern::All, Some(b)));
                }
                _ => {
                    let e = self.expr()?;
                    let pat = if self.is_op(",") {
                        self.advance()?;
                        self.skip_newlines()?;
                        Pattern::Range(e, self.expr()?)
                    } else {
                        Pattern::Expr(e)
                    };
                    let body = if self.is_op("{") { Some(self.block()?) } else { None };
                    rules.push((pat, body));
                }
            }
            self.skip_terminators()?;
        }
        Ok(Program { rules, funcs })
    }

    fn block(&mut self) -> PResult<Vec<Stmt>> {
        self.expect_op("{")?;
        let mut out = Vec::new();
        loop {
            self.skip_terminators()?;
            if self.is_op("}") {
                self.advance()?;
                return Ok(out);
            }
            if self.tok == Tok::Eof {
                return Err("Unexpected end of string".into());
            }
            out.push(self.stmt()?);
        }
    }

    /// A statement's end: `;`, a newline, or (not consumed) `}`.
    fn end_stmt(&mut self) -> PResult<()> {
        if self.is_op(";") || self.tok == Tok::Newline {
            self.advance()
        } else if self.is_op("}") || self.tok == Tok::Eof {
            Ok(())
        } else {
            Err("Unexpected token".into())
        }
    }

    fn simple_or_block(&mut self) -> PResult<Stmt> {
        self.skip_newlines()?;
        if self.is_op(";") {
            self.advance()?;
            return Ok(Stmt::Block(vec![]));
        }
        self.stmt()
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        self.enter()?;
        let r = self.stmt_inner();
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self) -> PResult<Stmt> {
        match self.tok.clone() {
            Tok::Op("{") => Ok(Stmt::Block(self.block()?)),
            Tok::Kw("if") => {
                self.advance()?;
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                let then = self.simple_or_block()?;
                // `else` may follow after newlines or a `;`.
                let save = (self.lx.i, self.lx.line, self.lx.after_operand, self.tok.clone());
                self.skip_terminators()?;
                if self.tok == Tok::Kw("else") {
                    self.advance()?;
                    let e = self.simple_or_block()?;
                    Ok(Stmt::If(c, Box::new(then), Some(Box::new(e))))
                } else {
                    (self.lx.i, self.lx.line, self.lx.after_operand, self.tok) = save;
                    Ok(Stmt::If(c, Box::new(then), None))
                }
            }
            Tok::Kw("while") => {
                self.advance()?;
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                if self.is_op(";") {
                    self.advance()?;
                    return Ok(Stmt::While(c, Box::new(Stmt::Block(vec![]))));
                }
                Ok(Stmt::While(c, Box::new(self.simple_or_block()?)))
            }
            Tok::Kw("do") => {
                self.advance()?;
                let body = self.simple_or_block()?;
                self.skip_terminators()?;
                if self.tok != Tok::Kw("while") {
                    return Err("Unexpected token".into());
                }
                self.advance()?;
                self.expect_op("(")?;
                let c = self.expr()?;
                self.expect_op(")")?;
                self.end_stmt()?;
                Ok(Stmt::Do(Box::new(body), c))
            }
            Tok::Kw("for") => {
                self.advance()?;
                self.expect_op("(")?;
                // `for (k in a)`
                if let Tok::Name(k) = self.tok.clone() {
                    let save = (self.lx.i, self.lx.line, self.lx.after_operand, self.tok.clone());
                    self.advance()?;
                    if self.is_op("in") {
                        self.advance()?;
                        if let Tok::Name(a) = self.tok.clone() {
                            self.advance()?;
                            if self.is_op(")") {
                                self.advance()?;
                                let body = self.simple_or_block()?;
                                return Ok(Stmt::ForIn(k, a, Box::new(body)));
                            }
                        }
                    }
                    (self.lx.i, self.lx.line, self.lx.after_operand, self.tok) = save;
                }
                let init = if self.is_op(";") { None } else { Some(Box::new(self.simple_stmt()?)) };
                self.expect_op(";")?;
                self.skip_newlines()?;
                let cond = if self.is_op(";") { None } else { Some(self.expr()?) };
                self.expect_op(";")?;
                self.skip_newlines()?;
                let step = if self.is_op(")") { None } else { Some(Box::new(self.simple_stmt()?)) };
                self.expect_op(")")?;
                if self.is_op(";") {
                    self.advance()?;
                    return Ok(Stmt::For(init, cond, step, Box::new(Stmt::Block(vec![]))));
                }
                Ok(Stmt::For(init, cond, step, Box::new(self.simple_or_block()?)))
            }
            Tok::Kw("next") | Tok::Kw("nextfile") => {
                self.advance()?;
                self.end_stmt()?;
                Ok(Stmt::Next)
            }
            Tok::Kw("break") => {
                self.advance()?;
                self.end_stmt()?;
                Ok(Stmt::Break)
            }
            Tok::Kw("continue") => {
                self.advance()?;
                self.end_stmt()?;
                Ok(Stmt::Continue)
            }
            Tok::Kw("exit") | Tok::Kw("return") => {
                let exit = self.tok == Tok::Kw("exit");
                self.advance()?;
                let v = if self.is_op(";") || self.is_op("}") || self.tok == Tok::Newline || self.tok == Tok::Eof { None } else { Some(self.expr()?) };
                self.end_stmt()?;
                Ok(if exit { Stmt::Exit(v) } else { Stmt::Return(v) })
            }
            Tok::Kw("delete") => {
                self.advance()?;
                let Tok::Name(a) = self.tok.clone() else { return Err("Unexpected token".into()) };
                self.advance()?;
                let idx = if self.is_op("[") {
                    self.advance()?;
                    let l = self.expr_list()?;
                    self.expect_op("]")?;
                    Some(l)
                } else {
                    None
                };
                self.end_stmt()?;
                Ok(Stmt::Delete(a, idx))
            }
            _ => {
                let s = self.simple_stmt()?;
                self.end_stmt()?;
                Ok(s)
            }
        }
    }

    /// `print`, `printf`, or an expression.
    fn simple_stmt(&mut self) -> PResult<Stmt> {
        match self.tok.clone() {
            Tok::Kw(k @ ("print" | "printf")) => {
                self.advance()?;
                let mut args = Vec::new();
                if !(self.is_op(";") || self.is_op("}") || self.is_op(">") || self.is_op(">>") || self.is_op("|") || self.tok == Tok::Newline || self.tok == Tok::Eof) {
                    let saved = self.no_gt;
                    self.no_gt = true;
                    args = self.expr_list()?;
                    self.no_gt = saved;
                    // `print (a, b)`: the parenthesised list.
                    if args.len() == 1
                        && let Expr::Group(inner) = &args[0]
                        && let Expr::Call(name, list) = &**inner
                        && name == "\u{0}list"
                    {
                        args = list.clone();
                    }
                }
                let redirect = if self.is_op(">") || self.is_op(">>") {
                    let append = self.is_op(">>");
                    self.advance()?;
                    let saved = self.no_gt;
                    self.no_gt = true;
                    let target = self.concat()?;
                    self.no_gt = saved;
                    Some(if append { Redirect::Append(target) } else { Redirect::File(target) })
                } else if self.is_op("|") {
                    return Err("output to a pipe is not supported (podlife limit)".into());
                } else {
                    None
                };
                if k == "printf" && args.is_empty() {
                    return Err("Too few arguments".into());
                }
                Ok(if k == "print" { Stmt::Print(args, redirect) } else { Stmt::Printf(args, redirect) })
            }
            _ => Ok(Stmt::Expr(self.expr()?)),
        }
    }

    fn expr_list(&mut self) -> PResult<Vec<Expr>> {
        let mut out = vec![self.expr()?];
        while self.is_op(",") {
            self.advance()?;
            self.skip_newlines()?;
            out.push(self.expr()?);
        }
        Ok(out)
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.ternary();
        self.depth -= 1;
        r
    }

    fn ternary(&mut self) -> PResult<Expr> {
        let c = self.or()?;
        if self.is_op("?") {
            self.advance()?;
            self.skip_newlines()?;
            let a = self.expr()?;
            self.skip_newlines()?;
            self.expect_op(":")?;
            self.skip_newlines()?;
            let b = self.expr()?;
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        const ASSIGN: [&str; 8] = ["=", "+=", "-=", "*=", "/=", "%=", "^=", "**="];
        if let Tok::Op(op) = self.tok
            && ASSIGN.contains(&op)
            && matches!(c, Expr::Var(_) | Expr::Field(_) | Expr::Index(..))
        {
            self.advance()?;
            self.skip_newlines()?;
            let rhs = self.expr()?;
            let op = if op == "**=" { "^=" } else { op };
            return Ok(Expr::Assign(Box::new(c), op, Box::new(rhs)));
        }
        Ok(c)
    }

    fn or(&mut self) -> PResult<Expr> {
        let mut l = self.and()?;
        while self.is_op("||") {
            self.advance()?;
            self.skip_newlines()?;
            let r = self.and()?;
            l = Expr::Or(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn and(&mut self) -> PResult<Expr> {
        let mut l = self.in_expr()?;
        while self.is_op("&&") {
            self.advance()?;
            self.skip_newlines()?;
            let r = self.in_expr()?;
            l = Expr::And(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn in_expr(&mut self) -> PResult<Expr> {
        let mut l = self.matching()?;
        while self.is_op("in") && !self.no_in {
            self.advance()?;
            let Tok::Name(a) = self.tok.clone() else { return Err("Unexpected token".into()) };
            self.advance()?;
            let keys = match l {
                Expr::Group(inner) => match *inner {
                    Expr::Call(n, list) if n == "\u{0}list" => list,
                    other => vec![other],
                },
                other => vec![other],
            };
            l = Expr::In(keys, a);
        }
        Ok(l)
    }

    fn matching(&mut self) -> PResult<Expr> {
        let mut l = self.comparison()?;
        while self.is_op("~") || self.is_op("!~") {
            let neg = self.is_op("!~");
            self.advance()?;
            let r = self.comparison()?;
            l = Expr::Match(neg, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn comparison(&mut self) -> PResult<Expr> {
        let l = self.concat()?;
        for op in ["<=", ">=", "==", "!=", "<", ">"] {
            if self.is_op(op) && !(self.no_gt && op == ">") {
                let op = OPS.iter().find(|o| **o == op).copied().unwrap_or("==");
                self.advance()?;
                let r = self.concat()?;
                return Ok(Expr::Cmp(op, Box::new(l), Box::new(r)));
            }
        }
        Ok(l)
    }

    fn starts_operand(&self) -> bool {
        match &self.tok {
            Tok::Num(_) | Tok::Str(_) | Tok::Regex(_) | Tok::Name(_) | Tok::Call(_) => true,
            Tok::Op(o) => matches!(*o, "$" | "(" | "!" | "-" | "+" | "++" | "--"),
            _ => false,
        }
    }

    fn concat(&mut self) -> PResult<Expr> {
        let mut l = self.additive()?;
        while self.starts_operand() && !self.is_op("-") && !self.is_op("+") && !self.is_op("!") {
            if self.is_op("in") {
                break;
            }
            let r = self.additive()?;
            l = Expr::Concat(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn additive(&mut self) -> PResult<Expr> {
        let mut l = self.multiplicative()?;
        while self.is_op("+") || self.is_op("-") {
            let op = if self.is_op("+") { "+" } else { "-" };
            self.advance()?;
            let r = self.multiplicative()?;
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn multiplicative(&mut self) -> PResult<Expr> {
        let mut l = self.unary()?;
        while self.is_op("*") || self.is_op("/") || self.is_op("%") {
            let op = if self.is_op("*") {
                "*"
            } else if self.is_op("/") {
                "/"
            } else {
                "%"
            };
            self.advance()?;
            let r = self.unary()?;
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn unary(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = if self.is_op("!") {
            self.advance()?;
            Ok(Expr::Not(Box::new(self.unary()?)))
        } else if self.is_op("-") {
            self.advance()?;
            Ok(Expr::Neg(Box::new(self.unary()?)))
        } else if self.is_op("+") {
            self.advance()?;
            Ok(Expr::Plus(Box::new(self.unary()?)))
        } else {
            self.power()
        };
        self.depth -= 1;
        r
    }

    fn power(&mut self) -> PResult<Expr> {
        let base = self.postfix()?;
        if self.is_op("^") || self.is_op("**") {
            self.advance()?;
            // Right associative, and binds tighter than unary minus on its left only.
            let e = self.unary()?;
            return Ok(Expr::Bin("^", Box::new(base), Box::new(e)));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> PResult<Expr> {
        let e = self.primary()?;
        if matches!(e, Expr::Var(_) | Expr::Field(_) | Expr::Index(..)) && (self.is_op("++") || self.is_op("--")) {
            let d = if self.is_op("++") { 1 } else { -1 };
            self.advance()?;
            return Ok(Expr::Incr(false, d, Box::new(e)));
        }
        Ok(e)
    }

    fn primary(&mut self) -> PResult<Expr> {
        match self.tok.clone() {
            Tok::Num(n) => {
                self.advance()?;
                Ok(Expr::Num(n))
            }
            Tok::Str(s) => {
                self.advance()?;
                Ok(Expr::Str(s))
            }
            Tok::Regex(r) => {
                self.advance()?;
                Ok(Expr::Regex(r))
            }
            Tok::Op("$") => {
                self.advance()?;
                let e = self.primary()?;
                Ok(Expr::Field(Box::new(e)))
            }
            Tok::Op(op @ ("++" | "--")) => {
                self.advance()?;
                let e = self.primary()?;
                if !matches!(e, Expr::Var(_) | Expr::Field(_) | Expr::Index(..)) {
                    return Err("Unexpected token".into());
                }
                Ok(Expr::Incr(true, if op == "++" { 1 } else { -1 }, Box::new(e)))
            }
            Tok::Op("(") => {
                self.advance()?;
                let saved = (self.no_gt, self.no_in);
                (self.no_gt, self.no_in) = (false, false);
                let first = self.expr()?;
                let e = if self.is_op(",") {
                    let mut list = vec![first];
                    while self.is_op(",") {
                        self.advance()?;
                        self.skip_newlines()?;
                        list.push(self.expr()?);
                    }
                    Expr::Call("\u{0}list".into(), list)
                } else {
                    first
                };
                (self.no_gt, self.no_in) = saved;
                self.expect_op(")")?;
                Ok(Expr::Group(Box::new(e)))
            }
            Tok::Name(n) => {
                self.advance()?;
                if self.is_op("[") {
                    self.advance()?;
                    let idx = self.expr_list()?;
                    self.expect_op("]")?;
                    return Ok(Expr::Index(n, idx));
                }
                // `length` without parentheses.
                if n == "length" {
                    return Ok(Expr::Call(n, vec![]));
                }
                Ok(Expr::Var(n))
            }
            Tok::Call(n) => {
                self.advance()?;
                self.expect_op("(")?;
                let mut args = Vec::new();
                self.skip_newlines()?;
                if !self.is_op(")") {
                    let saved = (self.no_gt, self.no_in);
                    (self.no_gt, self.no_in) = (false, false);
                    args = self.expr_list()?;
                    (self.no_gt, self.no_in) = saved;
                }
                self.skip_newlines()?;
                self.expect_op(")")?;
                Ok(Expr::Call(n, args))
            }
            Tok::Op("getline") => Err("getline is not supported (podlife limit)".into()),
            Tok::Eof => Err("Unexpected end of string".into()),
            _ => Err("Unexpected token".into()),
        }
    }
}

// ----- runtime -----

enum Flow {
    Normal,
    Next,
    Exit(i32),
    Return(Val),
    Break,
    Continue,
}

struct RtError(String);

type RResult<T> = Result<T, RtError>;

#[derive(Debug, Clone)]
enum Local {
    Scalar(Val),
    Array(usize),
}

struct Awk<'p> {
    prog: &'p Program,
    globals: VecMap<String, Val>,
    /// Arrays by id; `array_names` maps global names to ids.
    arrays: Vec<VecMap<String, Val>>,
    array_names: VecMap<String, usize>,
    frames: Vec<(Vec<String>, Vec<Local>)>,
    record: String,
    fields: Vec<String>,
    nf: usize,
    split_done: bool,
    out: String,
    files: VecMap<String, String>,
    fuel: u64,
    /// Bytes of string values computed (charged with the fuel).
    bytes: usize,
    regex_cache: VecMap<String, Regex>,
    elements: usize,
    range_active: Vec<bool>,
    rand_state: u64,
    in_end: bool,
}

fn rt<T>(msg: &str) -> RResult<T> {
    Err(RtError(msg.to_string()))
}

impl Awk<'_> {
    fn tick(&mut self) -> RResult<()> {
        if self.fuel == 0 {
            return rt("program ran too long (podlife limit)");
        }
        self.fuel -= 1;
        Ok(())
    }

    fn special(&self, name: &str) -> Option<Val> {
        match name {
            "NF" => Some(Val::Num(self.nf as f64)),
            _ => None,
        }
    }

    fn get_var(&mut self, name: &str) -> Val {
        if name == "NF" {
            self.ensure_split();
            return Val::Num(self.nf as f64);
        }
        if let Some(v) = self.local_index(name) {
            let frame = self.frames.len() - 1;
            return match &self.frames[frame].1[v] {
                Local::Scalar(v) => v.clone(),
                Local::Array(_) => Val::Uninit,
            };
        }
        self.special(name).or_else(|| self.globals.get(name).cloned()).unwrap_or(Val::Uninit)
    }

    fn local_index(&self, name: &str) -> Option<usize> {
        let (names, _) = self.frames.last()?;
        names.iter().position(|n| n == name)
    }

    fn set_var(&mut self, name: &str, v: Val) {
        if let Some(i) = self.local_index(name) {
            let frame = self.frames.len() - 1;
            self.frames[frame].1[i] = Local::Scalar(v);
            return;
        }
        if name == "NF" {
            self.ensure_split();
            let n = (v.num().max(0.0) as usize).min(100_000);
            self.fields.resize(n, String::new());
            self.nf = n;
            self.rebuild();
            return;
        }
        self.globals.insert(name.to_string(), v);
    }

    fn convfmt(&self) -> String {
        self.globals.get("CONVFMT").map(|v| v.str_with("%.6g")).unwrap_or_else(|| "%.6g".into())
    }

    fn s(&self, v: &Val) -> String {
        v.str_with(&self.convfmt())
    }

    fn array_id(&mut self, name: &str) -> usize {
        if let Some(i) = self.local_index(name) {
            let frame = self.frames.len() - 1;
            if let Local::Array(id) = self.frames[frame].1[i] {
                return id;
            }
            let id = self.arrays.len();
            self.arrays.push(VecMap::new());
            self.frames[frame].1[i] = Local::Array(id);
            return id;
        }
        if let Some(id) = self.array_names.get(name) {
            return *id;
        }
        let id = self.arrays.len();
        self.arrays.push(VecMap::new());
        self.array_names.insert(name.to_string(), id);
        id
    }

    fn key(&mut self, idx: &[Expr]) -> RResult<String> {
        let mut parts = Vec::new();
        for e in idx {
            let v = self.eval(e)?;
            parts.push(self.s(&v));
        }
        let subsep = self.globals.get("SUBSEP").map(|v| self.s(v)).unwrap_or_else(|| "\x1c".into());
        Ok(parts.join(&subsep))
    }

    fn array_set(&mut self, id: usize, key: String, v: Val) -> RResult<()> {
        let Some(a) = self.arrays.get_mut(id) else { return Ok(()) };
        if !a.contains_key(&key) {
            self.elements += 1;
            if self.elements > MAX_ELEMENTS {
                return Err(RtError(format!("more than {MAX_ELEMENTS} array elements (podlife limit)")));
            }
        }
        a.insert(key, v);
        Ok(())
    }

    // --- records and fields ---

    fn set_record(&mut self, text: String) {
        self.record = text;
        self.split_done = false;
    }

    fn ensure_split(&mut self) {
        if self.split_done {
            return;
        }
        let fs = self.globals.get("FS").map(|v| self.s(v)).unwrap_or_else(|| " ".into());
        self.fields = self.split_text(&self.record.clone(), &fs);
        self.nf = self.fields.len();
        self.split_done = true;
    }

    fn split_text(&mut self, text: &str, fs: &str) -> Vec<String> {
        if text.is_empty() {
            return vec![];
        }
        if fs == " " {
            return text.split([' ', '\t', '\n']).filter(|s| !s.is_empty()).map(str::to_string).collect();
        }
        if fs.chars().count() == 1 && fs != "\\" {
            let c = fs.chars().next().unwrap_or(' ');
            return text.split(c).map(str::to_string).collect();
        }
        let Ok(re) = self.regex(fs) else { return vec![text.to_string()] };
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        let mut at = 0;
        let mut start = 0;
        while at <= chars.len() && out.len() < 100_000 {
            match re.find_from(&chars, at, &mut self.fuel) {
                Some((s, e)) if e > s => {
                    out.push(chars[start..s].iter().collect());
                    start = e;
                    at = e;
                }
                Some((s, _)) => at = s + 1,
                None => break,
            }
        }
        out.push(chars[start..].iter().collect());
        out
    }

    fn rebuild(&mut self) {
        let ofs = self.globals.get("OFS").map(|v| self.s(v)).unwrap_or_else(|| " ".into());
        self.record = self.fields[..self.nf.min(self.fields.len())].join(&ofs);
    }

    fn get_field(&mut self, i: usize) -> Val {
        if i == 0 {
            return Val::input(self.record.clone());
        }
        self.ensure_split();
        match self.fields.get(i - 1) {
            Some(f) if i <= self.nf => Val::input(f.clone()),
            _ => Val::Uninit,
        }
    }

    fn set_field(&mut self, i: usize, v: String) {
        if i == 0 {
            self.set_record(v);
            return;
        }
        self.ensure_split();
        let i = i.min(100_000);
        if self.fields.len() < i {
            self.fields.resize(i, String::new());
        }
        self.fields[i - 1] = v;
        self.nf = self.nf.max(i);
        self.rebuild();
    }

    fn regex(&mut self, src: &str) -> RResult<Regex> {
        if let Some(r) = self.regex_cache.get(src) {
            return Ok(r.clone());
        }
        let r = Regex::new(src, true, false).map_err(|e| RtError(format!("bad regex '{src}': {e}")))?;
        if self.regex_cache.len() < 256 {
            self.regex_cache.insert(src.to_string(), r.clone());
        }
        Ok(r)
    }

    fn regex_of(&mut self, e: &Expr) -> RResult<Regex> {
        match e {
            Expr::Regex(r) => self.regex(r),
            other => {
                let v = self.eval(other)?;
                let s = self.s(&v);
                self.regex(&s)
            }
        }
    }

    fn matches(&mut self, re: &Regex, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        re.find_with(&chars, &mut self.fuel).is_some()
    }

    // --- evaluation ---

    fn assign(&mut self, target: &Expr, v: Val) -> RResult<Val> {
        match target {
            Expr::Var(n) => self.set_var(n, v.clone()),
            Expr::Field(e) => {
                let i = self.eval(e)?.num();
                if i < 0.0 {
                    return rt("Access to negative field");
                }
                let s = self.s(&v);
                self.set_field(i as usize, s);
            }
            Expr::Index(a, idx) => {
                let k = self.key(idx)?;
                let id = self.array_id(a);
                self.array_set(id, k, v.clone())?;
            }
            Expr::Group(inner) => return self.assign(inner, v),
            _ => return rt("Unexpected token"),
        }
        Ok(v)
    }

    /// An expression's value; the text of a string value counts as work (`s = s s` copies
    /// the whole string: `Ctx::handled`), beside the evaluation step.
    fn eval(&mut self, e: &Expr) -> RResult<Val> {
        let v = self.eval_value(e)?;
        if let Val::Str(s) | Val::StrNum(s) = &v {
            self.bytes = self.bytes.saturating_add(s.len());
        }
        Ok(v)
    }

    fn eval_value(&mut self, e: &Expr) -> RResult<Val> {
        self.tick()?;
        Ok(match e {
            Expr::Num(n) => Val::Num(*n),
            Expr::Str(s) => Val::Str(s.clone()),
            Expr::Regex(r) => {
                let re = self.regex(r)?;
                let rec = self.record.clone();
                Val::Num(f64::from(u8::from(self.matches(&re, &rec))))
            }
            Expr::Var(n) => self.get_var(n),
            Expr::Field(i) => {
                let i = self.eval(i)?.num();
                if i < 0.0 {
                    return rt("Access to negative field");
                }
                self.get_field(i as usize)
            }
            Expr::Index(a, idx) => {
                let k = self.key(idx)?;
                let id = self.array_id(a);
                match self.arrays[id].get(&k) {
                    Some(v) => v.clone(),
                    None => {
                        // Referencing an element creates it.
                        self.array_set(id, k, Val::Uninit)?;
                        Val::Uninit
                    }
                }
            }
            Expr::Assign(t, op, rhs) => {
                let r = self.eval(rhs)?;
                let v = if *op == "=" {
                    r
                } else {
                    let cur = self.eval(t)?.num();
                    Val::Num(self.arith(&op[..1], cur, r.num())?)
                };
                self.assign(t, v)?
            }
            Expr::Cond(c, a, b) => {
                if self.eval(c)?.truthy() {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            Expr::And(a, b) => Val::Num(f64::from(u8::from(self.eval(a)?.truthy() && self.eval(b)?.truthy()))),
            Expr::Or(a, b) => Val::Num(f64::from(u8::from(self.eval(a)?.truthy() || self.eval(b)?.truthy()))),
            Expr::In(keys, a) => {
                let k = self.key(keys)?;
                let id = self.array_id(a);
                Val::Num(f64::from(u8::from(self.arrays[id].contains_key(&k))))
            }
            Expr::Match(neg, l, r) => {
                let lv = self.eval(l)?;
                let text = self.s(&lv);
                let re = self.regex_of(r)?;
                Val::Num(f64::from(u8::from(self.matches(&re, &text) != *neg)))
            }
            Expr::Cmp(op, l, r) => {
                let (a, b) = (self.eval(l)?, self.eval(r)?);
                let ord = match (a.numeric_for_compare(), b.numeric_for_compare()) {
                    (Some(x), Some(y)) if !matches!((&a, &b), (Val::Uninit, Val::Str(_)) | (Val::Str(_), Val::Uninit)) => x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal),
                    _ => self.s(&a).cmp(&self.s(&b)),
                };
                let r = match *op {
                    "<" => ord.is_lt(),
                    "<=" => ord.is_le(),
                    ">" => ord.is_gt(),
                    ">=" => ord.is_ge(),
                    "==" => ord.is_eq(),
                    _ => ord.is_ne(),
                };
                Val::Num(f64::from(u8::from(r)))
            }
            Expr::Concat(a, b) => {
                let (x, y) = (self.eval(a)?, self.eval(b)?);
                let s = format!("{}{}", self.s(&x), self.s(&y));
                if s.len() > super::MAX_VAR_BYTES {
                    return rt("string longer than 1048576 bytes (podlife limit)");
                }
                Val::Str(s)
            }
            Expr::Bin(op, a, b) => {
                let (x, y) = (self.eval(a)?.num(), self.eval(b)?.num());
                Val::Num(self.arith(op, x, y)?)
            }
            Expr::Neg(a) => Val::Num(-self.eval(a)?.num()),
            Expr::Plus(a) => Val::Num(self.eval(a)?.num()),
            Expr::Not(a) => Val::Num(f64::from(u8::from(!self.eval(a)?.truthy()))),
            Expr::Incr(pre, d, t) => {
                let cur = self.eval(t)?.num();
                let new = cur + f64::from(*d);
                self.assign(t, Val::Num(new))?;
                Val::Num(if *pre { new } else { cur })
            }
            Expr::Group(inner) => match &**inner {
                Expr::Call(n, list) if n == "\u{0}list" => {
                    let k = self.key(list)?;
                    Val::Str(k)
                }
                other => self.eval(other)?,
            },
            Expr::Call(name, args) => self.call(name, args)?,
        })
    }

    fn arith(&self, op: &str, x: f64, y: f64) -> RResult<f64> {
        Ok(match op {
            "+" => x + y,
            "-" => x - y,
            "*" => x * y,
            "/" => {
                if y == 0.0 {
                    return rt("Division by zero");
                }
                x / y
            }
            "%" => {
                if y == 0.0 {
                    return rt("Division by zero");
                }
                x % y
            }
            _ => x.powf(y),
        })
    }

    fn arg(&mut self, args: &[Expr], i: usize) -> RResult<Val> {
        match args.get(i) {
            Some(e) => self.eval(e),
            None => rt("Too few arguments"),
        }
    }

    fn call(&mut self, name: &str, args: &[Expr]) -> RResult<Val> {
        let n = args.len();
        let need = |k: usize| if n < k { rt("Too few arguments") } else { Ok(()) };
        Ok(match name {
            "length" => {
                if let Some(Expr::Var(a)) = args.first()
                    && (self.array_names.contains_key(a) || self.local_index(a).is_some_and(|i| matches!(self.frames.last().map(|f| &f.1[i]), Some(Local::Array(_)))))
                {
                    let id = self.array_id(a);
                    return Ok(Val::Num(self.arrays[id].len() as f64));
                }
                let s = if n == 0 { self.record.clone() } else { let v = self.arg(args, 0)?; self.s(&v) };
                Val::Num(s.chars().count() as f64)
            }
            "substr" => {
                need(2)?;
                let v = self.arg(args, 0)?;
                let s: Vec<char> = self.s(&v).chars().collect();
                let l = s.len() as i64;
                let mut i = self.arg(args, 1)?.num() as i64 - 1;
                i = i.clamp(0, l);
                let mut cnt = if n > 2 { self.arg(args, 2)?.num() as i64 } else { l - i };
                let start_raw = self.arg(args, 1)?.num() as i64 - 1;
                if start_raw < 0 && n > 2 {
                    cnt += start_raw;
                }
                let cnt = cnt.clamp(0, l - i);
                Val::Str(s[i as usize..(i + cnt) as usize].iter().collect())
            }
            "index" => {
                need(2)?;
                let (a, b) = (self.arg(args, 0)?, self.arg(args, 1)?);
                let (a, b) = (self.s(&a), self.s(&b));
                Val::Num(a.find(&b).map(|p| a[..p].chars().count() + 1).unwrap_or(0) as f64)
            }
            "split" => {
                need(2)?;
                let v = self.arg(args, 0)?;
                let text = self.s(&v);
                let Some(Expr::Var(a)) = args.get(1) else { return rt("Not an array") };
                let fs = match args.get(2) {
                    Some(Expr::Regex(r)) => r.clone(),
                    Some(e) => {
                        let v = self.eval(e)?;
                        self.s(&v)
                    }
                    None => self.globals.get("FS").map(|v| self.s(v)).unwrap_or_else(|| " ".into()),
                };
                let parts = self.split_text(&text, &fs);
                let id = self.array_id(a);
                let removed = self.arrays[id].len();
                self.elements = self.elements.saturating_sub(removed);
                self.arrays[id].clear();
                let count = parts.len();
                for (i, p) in parts.into_iter().enumerate() {
                    self.array_set(id, (i + 1).to_string(), Val::input(p))?;
                }
                Val::Num(count as f64)
            }
            "sub" | "gsub" => {
                need(2)?;
                let re = self.regex_of(&args[0])?;
                let rv = self.arg(args, 1)?;
                let repl = self.s(&rv);
                let target = args.get(2).cloned().unwrap_or(Expr::Field(Box::new(Expr::Num(0.0))));
                let tv = self.eval(&target)?;
                let text: Vec<char> = self.s(&tv).chars().collect();
                let mut out = String::new();
                let mut at = 0;
                let mut copied = 0;
                let mut count = 0;
                while at <= text.len() {
                    let Some((s, e)) = re.find_from(&text, at, &mut self.fuel) else { break };
                    out.extend(&text[copied..s]);
                    let matched: String = text[s..e].iter().collect();
                    let mut rc = repl.chars().peekable();
                    while let Some(c) = rc.next() {
                        match c {
                            '\\' if rc.peek() == Some(&'&') => {
                                out.push('&');
                                rc.next();
                            }
                            '\\' if rc.peek() == Some(&'\\') => {
                                out.push('\\');
                                rc.next();
                            }
                            '&' => out.push_str(&matched),
                            c => out.push(c),
                        }
                    }
                    count += 1;
                    copied = e;
                    if e == s {
                        if s < text.len() {
                            out.push(text[s]);
                        }
                        copied = s + 1;
                        at = s + 1;
                    } else {
                        at = e;
                    }
                    if name == "sub" || out.len() > super::MAX_VAR_BYTES {
                        break;
                    }
                }
                if count > 0 {
                    out.extend(&text[copied.min(text.len())..]);
                    self.assign(&target, Val::Str(out))?;
                }
                Val::Num(f64::from(count))
            }
            "match" => {
                need(2)?;
                let v = self.arg(args, 0)?;
                let text: Vec<char> = self.s(&v).chars().collect();
                let re = self.regex_of(&args[1])?;
                let (start, len) = match re.find_from(&text, 0, &mut self.fuel) {
                    Some((s, e)) => (s as f64 + 1.0, (e - s) as f64),
                    None => (0.0, -1.0),
                };
                self.globals.insert("RSTART".into(), Val::Num(start));
                self.globals.insert("RLENGTH".into(), Val::Num(len));
                Val::Num(start)
            }
            "sprintf" => {
                need(1)?;
                let mut vals = Vec::new();
                for e in args {
                    vals.push(self.eval(e)?);
                }
                let fmt = self.s(&vals[0]);
                let conv = self.convfmt();
                Val::Str(sprintf(&fmt, &vals[1..], &conv).map_err(|e| RtError(e.to_string()))?)
            }
            "tolower" | "toupper" => {
                need(1)?;
                let v = self.arg(args, 0)?;
                let s = self.s(&v);
                Val::Str(if name == "tolower" { s.to_ascii_lowercase() } else { s.to_ascii_uppercase() })
            }
            "int" => Val::Num(self.arg(args, 0)?.num().trunc()),
            "sqrt" => Val::Num(self.arg(args, 0)?.num().sqrt()),
            "exp" => Val::Num(self.arg(args, 0)?.num().exp()),
            "log" => Val::Num(self.arg(args, 0)?.num().ln()),
            "sin" => Val::Num(self.arg(args, 0)?.num().sin()),
            "cos" => Val::Num(self.arg(args, 0)?.num().cos()),
            "atan2" => {
                let (y, x) = (self.arg(args, 0)?.num(), self.arg(args, 1)?.num());
                Val::Num(y.atan2(x))
            }
            "rand" => {
                self.rand_state = self.rand_state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                Val::Num((self.rand_state >> 11) as f64 / (1u64 << 53) as f64)
            }
            "srand" => {
                let old = self.rand_state;
                self.rand_state = if n > 0 { self.arg(args, 0)?.num() as u64 } else { 0 };
                Val::Num(old as f64)
            }
            "close" | "fflush" => Val::Num(0.0),
            "system" => return rt("system() is not supported (podlife limit)"),
            _ => return self.user_call(name, args),
        })
    }

    fn user_call(&mut self, name: &str, args: &[Expr]) -> RResult<Val> {
        let Some(f) = self.prog.funcs.get(name) else { return rt("Call to undefined function") };
        if self.frames.len() >= MAX_CALLS {
            return rt("function calls nested too deeply (podlife limit)");
        }
        let mut locals = Vec::new();
        for (i, _) in f.params.iter().enumerate() {
            let local = match args.get(i) {
                None => Local::Scalar(Val::Uninit),
                Some(Expr::Var(v)) if self.array_names.contains_key(v) || self.local_index(v).is_some_and(|k| matches!(self.frames.last().map(|f| &f.1[k]), Some(Local::Array(_)))) => {
                    Local::Array(self.array_id(v))
                }
                Some(e) => Local::Scalar(self.eval(e)?),
            };
            locals.push(local);
        }
        self.frames.push((f.params.clone(), locals));
        let body = f.body.clone();
        let r = self.run_block(&body);
        self.frames.pop();
        match r? {
            Flow::Return(v) => Ok(v),
            Flow::Exit(c) => Err(RtError(format!("\u{0}exit {c}"))),
            Flow::Next => Err(RtError("\u{0}next".into())),
            _ => Ok(Val::Uninit),
        }
    }

    fn run_block(&mut self, stmts: &[Stmt]) -> RResult<Flow> {
        for s in stmts {
            match self.exec(s)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    fn output(&mut self, text: &str, redirect: &Option<Redirect>) -> RResult<()> {
        match redirect {
            None => {
                if self.out.len() + text.len() > super::MAX_CAPTURE_BYTES {
                    return rt("output longer than 1048576 bytes (podlife limit)");
                }
                self.out.push_str(text);
            }
            Some(Redirect::File(e)) | Some(Redirect::Append(e)) => {
                let v = self.eval(e)?;
                let name = self.s(&v);
                let append = matches!(redirect, Some(Redirect::Append(_)));
                let entry = self.files.entry(name).or_default();
                if entry.is_empty() && !append {
                    entry.push('\u{0}');
                }
                if entry.len() + text.len() > super::MAX_CAPTURE_BYTES {
                    return rt("output longer than 1048576 bytes (podlife limit)");
                }
                entry.push_str(text);
            }
        }
        Ok(())
    }

    fn exec(&mut self, s: &Stmt) -> RResult<Flow> {
        self.tick()?;
        match s {
            Stmt::Expr(e) => {
                self.eval(e)?;
            }
            Stmt::Print(args, redirect) => {
                let text = if args.is_empty() {
                    self.record.clone()
                } else {
                    let ofmt = self.globals.get("OFMT").map(|v| self.s(v)).unwrap_or_else(|| "%.6g".into());
                    let mut parts = Vec::new();
                    for a in args {
                        let v = self.eval(a)?;
                        parts.push(match v {
                            Val::Num(n) => num_to_string(n, &ofmt),
                            other => self.s(&other),
                        });
                    }
                    let ofs = self.globals.get("OFS").map(|v| self.s(v)).unwrap_or_else(|| " ".into());
                    parts.join(&ofs)
                };
                let ors = self.globals.get("ORS").map(|v| self.s(v)).unwrap_or_else(|| "\n".into());
                self.output(&format!("{text}{ors}"), redirect)?;
            }
            Stmt::Printf(args, redirect) => {
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.eval(a)?);
                }
                let fmt = self.s(&vals[0]);
                let conv = self.convfmt();
                let text = sprintf(&fmt, &vals[1..], &conv).map_err(|e| RtError(e.to_string()))?;
                self.output(&text, redirect)?;
            }
            Stmt::If(c, a, b) => {
                if self.eval(c)?.truthy() {
                    return self.exec(a);
                } else if let Some(b) = b {
                    return self.exec(b);
                }
            }
            Stmt::While(c, body) => {
                while self.eval(c)?.truthy() {
                    match self.exec(body)? {
                        Flow::Break => break,
                        Flow::Normal | Flow::Continue => {}
                        other => return Ok(other),
                    }
                }
            }
            Stmt::Do(body, c) => loop {
                match self.exec(body)? {
                    Flow::Break => break,
                    Flow::Normal | Flow::Continue => {}
                    other => return Ok(other),
                }
                if !self.eval(c)?.truthy() {
                    break;
                }
            },
            Stmt::For(init, cond, step, body) => {
                if let Some(i) = init {
                    self.exec(i)?;
                }
                loop {
                    if let Some(c) = cond
                        && !self.eval(c)?.truthy()
                    {
                        break;
                    }
                    match self.exec(body)? {
                        Flow::Break => break,
                        Flow::Normal | Flow::Continue => {}
                        other => return Ok(other),
                    }
                    if let Some(s) = step {
                        self.exec(s)?;
                    }
                }
            }
            Stmt::ForIn(k, a, body) => {
                let id = self.array_id(a);
                let keys: Vec<String> = self.arrays[id].keys().cloned().collect();
                for key in keys {
                    if !self.arrays[id].contains_key(&key) {
                        continue;
                    }
                    self.set_var(k, Val::input(key));
                    match self.exec(body)? {
                        Flow::Break => break,
                        Flow::Normal | Flow::Continue => {}
                        other => return Ok(other),
                    }
                }
            }
            Stmt::Block(b) => return self.run_block(b),
            Stmt::Next => {
                if self.in_end {
                    return rt("next used in END");
                }
                return Ok(Flow::Next);
            }
            Stmt::Exit(v) => {
                let code = match v {
                    Some(e) => self.eval(e)?.num() as i32,
                    None => 0,
                };
                return Ok(Flow::Exit(code));
            }
            Stmt::Return(v) => {
                let val = match v {
                    Some(e) => self.eval(e)?,
                    None => Val::Uninit,
                };
                return Ok(Flow::Return(val));
            }
            Stmt::Break => return Ok(Flow::Break),
            Stmt::Continue => return Ok(Flow::Continue),
            Stmt::Delete(a, idx) => {
                let id = self.array_id(a);
                match idx {
                    Some(idx) => {
                        let k = self.key(idx)?;
                        if self.arrays[id].remove(&k).is_some() {
                            self.elements = self.elements.saturating_sub(1);
                        }
                    }
                    None => {
                        self.elements = self.elements.saturating_sub(self.arrays[id].len());
                        self.arrays[id].clear();
                    }
                }
            }
        }
        Ok(Flow::Normal)
    }

    /// Runs a rule body, turning the function-call escapes back into flow.
    fn run_rule(&mut self, body: &[Stmt]) -> RResult<Flow> {
        match self.run_block(body) {
            Err(RtError(m)) if m == "\u{0}next" => Ok(Flow::Next),
            Err(RtError(m)) if m.starts_with("\u{0}exit ") => Ok(Flow::Exit(m[6..].parse().unwrap_or(0))),
            other => other,
        }
    }
}

/// awk's `printf`/`sprintf`.
fn sprintf(fmt: &str, vals: &[Val], convfmt: &str) -> Result<String, &'static str> {
    let c: Vec<char> = fmt.chars().collect();
    let mut out = String::new();
    let mut next = 0;
    let mut i = 0;
    let take = |next: &mut usize| -> Val {
        let v = vals.get(*next).cloned().unwrap_or(Val::Uninit);
        *next += 1;
        v
    };
    while i < c.len() {
        if c[i] != '%' {
            out.push(c[i]);
            i += 1;
            continue;
        }
        i += 1;
        if c.get(i) == Some(&'%') {
            out.push('%');
            i += 1;
            continue;
        }
        let mut flags = String::new();
        while let Some(&f) = c.get(i).filter(|f| "-+ #0".contains(**f)) {
            flags.push(f);
            i += 1;
        }
        let mut width: Option<usize> = None;
        if c.get(i) == Some(&'*') {
            let w = take(&mut next).num() as i64;
            if w < 0 {
                flags.push('-');
            }
            width = Some(w.unsigned_abs() as usize);
            i += 1;
        } else {
            let mut w = String::new();
            while let Some(&d) = c.get(i).filter(|d| d.is_ascii_digit()) {
                w.push(d);
                i += 1;
            }
            width = if w.is_empty() { width } else { w.parse().ok() };
        }
        let mut prec: Option<usize> = None;
        if c.get(i) == Some(&'.') {
            i += 1;
            if c.get(i) == Some(&'*') {
                prec = Some(take(&mut next).num().max(0.0) as usize);
                i += 1;
            } else {
                let mut p = String::new();
                while let Some(&d) = c.get(i).filter(|d| d.is_ascii_digit()) {
                    p.push(d);
                    i += 1;
                }
                prec = Some(p.parse().unwrap_or(0));
            }
        }
        while matches!(c.get(i), Some('l' | 'h' | 'L' | 'q' | 'j' | 'z')) {
            i += 1;
        }
        let Some(&conv) = c.get(i) else { return Err("Invalid format specifier") };
        i += 1;
        let width = width.unwrap_or(0).min(4096);
        let prec = prec.map(|p| p.min(4096));
        let left = flags.contains('-');
        let zero = flags.contains('0') && !left;
        let v = take(&mut next);
        let (body, numeric) = match conv {
            'd' | 'i' => {
                let n = v.num();
                let n = if n.is_finite() { n.trunc() as i64 } else { 0 };
                let mut s = n.unsigned_abs().to_string();
                if let Some(p) = prec {
                    while s.len() < p {
                        s.insert(0, '0');
                    }
                }
                let sign = if n < 0 {
                    "-"
                } else if flags.contains('+') {
                    "+"
                } else if flags.contains(' ') {
                    " "
                } else {
                    ""
                };
                (format!("{sign}{s}"), prec.is_none())
            }
            'o' | 'x' | 'X' | 'u' => {
                let n = v.num();
                let n = if n.is_finite() { n.trunc() as i64 as u64 } else { 0 };
                let s = match conv {
                    'o' => format!("{n:o}"),
                    'x' => format!("{n:x}"),
                    'X' => format!("{n:X}"),
                    _ => n.to_string(),
                };
                (s, true)
            }
            'c' => (
                match &v {
                    Val::Num(n) => char::from_u32(*n as u32).map(String::from).unwrap_or_default(),
                    other => other.str_with(convfmt).chars().next().map(String::from).unwrap_or_default(),
                },
                false,
            ),
            's' => {
                let s = v.str_with(convfmt);
                (prec.map_or(s.clone(), |p| s.chars().take(p).collect()), false)
            }
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                let n = v.num();
                let p = prec.unwrap_or(6);
                let mut s = match conv {
                    'e' | 'E' => {
                        let t = podlife_ftl::num::ExpFixed(n, p).to_string();
                        let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
                        let e: i32 = e.parse().unwrap_or(0);
                        format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
                    }
                    'f' | 'F' => podlife_ftl::num::FixedAny(n, p).to_string(),
                    _ => format_g(n, p, false, flags.contains('#')),
                };
                if conv.is_ascii_uppercase() {
                    s = s.to_ascii_uppercase();
                }
                if n >= 0.0 && flags.contains('+') {
                    s.insert(0, '+');
                } else if n >= 0.0 && flags.contains(' ') {
                    s.insert(0, ' ');
                }
                (s, true)
            }
            _ => return Err("Invalid format specifier"),
        };
        let len = body.chars().count();
        if len >= width {
            out.push_str(&body);
        } else if left {
            out.push_str(&body);
            out.push_str(&" ".repeat(width - len));
        } else if zero && numeric {
            let (sign, digits) = if body.starts_with(['-', '+', ' ']) { body.split_at(1) } else { ("", body.as_str()) };
            out.push_str(sign);
            out.push_str(&"0".repeat(width - len));
            out.push_str(digits);
        } else {
            out.push_str(&" ".repeat(width - len));
            out.push_str(&body);
        }
        if out.len() > super::MAX_CAPTURE_BYTES {
            break;
        }
    }
    Ok(out)
}

/// A `VAR=value` operand or `-v` value: its text with escapes processed.
fn assignment(s: &str) -> Option<(String, String)> {
    let (name, value) = s.split_once('=')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut out = String::new();
    let mut it = value.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                Some(o) => {
                    out.push('\\');
                    out.push(o);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Some((name.to_string(), out))
}

#[inline(never)]
pub(crate) fn awk(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut fs: Option<String> = None;
    let mut assigns: Vec<(String, String)> = Vec::new();
    let mut program: Option<String> = None;
    let mut operands: Vec<String> = Vec::new();
    let mut it = args.iter();
    let mut opts_done = false;
    while let Some(a) = it.next() {
        if opts_done || !a.starts_with('-') || a == "-" {
            if program.is_none() {
                program = Some(a.clone());
            } else {
                operands.push(a.clone());
            }
            continue;
        }
        if a == "--" {
            opts_done = true;
            continue;
        }
        let opt = a.chars().nth(1).unwrap_or(' ');
        let inline: String = a.chars().skip(2).collect();
        let mut value = || if inline.is_empty() { it.next().cloned() } else { Some(inline.clone()) };
        match opt {
            'F' => match value() {
                Some(v) => fs = Some(if v == "t" { "\t".into() } else { assignment(&format!("x={v}")).map(|x| x.1).unwrap_or(v) }),
                None => {
                    ctx.err(&format!("awk: option requires an argument -- 'F'\n{BB_USAGE}"));
                    return 1;
                }
            },
            'v' => match value().and_then(|v| assignment(&v)) {
                Some(kv) => assigns.push(kv),
                None => {
                    ctx.err(BB_USAGE);
                    return 1;
                }
            },
            'f' => {
                let Some(f) = value() else {
                    ctx.err(BB_USAGE);
                    return 1;
                };
                let p = ctx.path(&f);
                match ctx.read(&p) {
                    Some(t) => program = Some(format!("{}\n{t}", program.take().unwrap_or_default())),
                    None => {
                        ctx.err(&format!("awk: can't open '{f}': No such file or directory\n"));
                        return 1;
                    }
                }
            }
            'e' => match value() {
                Some(v) => program = Some(format!("{}\n{v}", program.take().unwrap_or_default())),
                None => {
                    ctx.err(BB_USAGE);
                    return 1;
                }
            },
            _ => {
                ctx.err(&format!("awk: invalid option -- '{opt}'\n{BB_USAGE}"));
                return 1;
            }
        }
    }
    let Some(src) = program else {
        ctx.err(BB_USAGE);
        return 1;
    };
    let mut lx = Lexer { c: src.chars().collect(), i: 0, line: 1, after_operand: false };
    let first = match lx.next() {
        Ok(t) => t,
        Err(e) => {
            ctx.err(&format!("awk: cmd. line:{}: {e}\n", lx.line));
            return 1;
        }
    };
    let mut p = Parser { lx, tok: first, depth: 0, no_gt: false, no_in: false };
    let prog = match p.program() {
        Ok(prog) => prog,
        Err(e) => {
            ctx.err(&format!("awk: cmd. line:{}: {e}\n", p.lx.line));
            return 1;
        }
    };
    let mut awk = Awk {
        prog: &prog,
        globals: VecMap::new(),
        arrays: Vec::new(),
        array_names: VecMap::new(),
        frames: Vec::new(),
        record: String::new(),
        fields: Vec::new(),
        nf: 0,
        split_done: true,
        out: String::new(),
        files: VecMap::new(),
        fuel: ctx.fuel,
        bytes: 0,
        regex_cache: VecMap::new(),
        elements: 0,
        range_active: vec![false; prog.rules.len()],
        rand_state: 0,
        in_end: false,
    };
    for (k, v) in [("FS", " "), ("OFS", " "), ("ORS", "\n"), ("RS", "\n"), ("SUBSEP", "\x1c"), ("CONVFMT", "%.6g"), ("OFMT", "%.6g")] {
        awk.globals.insert(k.into(), Val::Str(v.into()));
    }
    awk.globals.insert("NR".into(), Val::Num(0.0));
    awk.globals.insert("FNR".into(), Val::Num(0.0));
    let env_id = awk.array_id("ENVIRON");
    for (k, v) in ctx.env.exported() {
        awk.arrays[env_id].insert(k, Val::input(v));
    }
    let argv_id = awk.array_id("ARGV");
    awk.arrays[argv_id].insert("0".into(), Val::Str("awk".into()));
    for (i, o) in operands.iter().enumerate() {
        awk.arrays[argv_id].insert((i + 1).to_string(), Val::input(o.clone()));
    }
    awk.globals.insert("ARGC".into(), Val::Num((operands.len() + 1) as f64));
    if let Some(fs) = fs {
        awk.globals.insert("FS".into(), Val::Str(fs));
    }
    for (k, v) in assigns {
        awk.globals.insert(k, Val::input(v));
    }
    let result = run(ctx, &mut awk, &operands);
    ctx.fuel = awk.fuel;
    ctx.handled(awk.bytes);
    let out = std::mem::take(&mut awk.out);
    ctx.out(&out);
    for (name, text) in std::mem::take(&mut awk.files) {
        let (truncate, text) = match text.strip_prefix('\u{0}') {
            Some(t) => (true, t.to_string()),
            None => (false, text),
        };
        let p = ctx.path(&name);
        if let Err(e) = super::state::write_file(ctx.host, &p, &text, !truncate) {
            ctx.err(&format!("awk: can't open '{name}': {e}\n"));
        }
    }
    match result {
        Ok(code) => code,
        Err(RtError(msg)) => {
            ctx.err(&format!("awk: cmd. line:1: {msg}\n"));
            2
        }
    }
}

fn run(ctx: &mut Ctx, awk: &mut Awk, operands: &[String]) -> RResult<i32> {
    let prog = awk.prog;
    let mut exit: Option<i32> = None;
    for (pat, body) in &prog.rules {
        if let (Pattern::Begin, Some(b)) = (pat, body)
            && let Flow::Exit(c) = awk.run_rule(b)?
        {
            exit = Some(c);
            break;
        }
    }
    let has_main = prog.rules.iter().any(|(p, _)| !matches!(p, Pattern::Begin));
    if exit.is_none() && has_main {
        // Inputs: files and `VAR=value` operands in order; none at all means stdin.
        let files: Vec<&String> = operands.iter().filter(|o| assignment(o).is_none()).collect();
        let mut sources: Vec<Option<String>> = operands.iter().map(|o| if assignment(o).is_some() { None } else { Some(o.clone()) }).collect();
        if files.is_empty() {
            sources.push(Some("-".into()));
        }
        'inputs: for (k, src) in sources.into_iter().enumerate() {
            let Some(name) = src else {
                if let Some((n, v)) = operands.get(k).and_then(|o| assignment(o)) {
                    awk.globals.insert(n, Val::input(v));
                }
                continue;
            };
            let text = if name == "-" {
                ctx.stdin()
            } else {
                let p = ctx.path(&name);
                match ctx.read(&p) {
                    Some(t) => t,
                    None => {
                        ctx.err(&format!("awk: cannot open {name} (No such file or directory)\n"));
                        return Ok(2);
                    }
                }
            };
            awk.globals.insert("FILENAME".into(), Val::Str(if name == "-" { String::new() } else { name.clone() }));
            awk.globals.insert("FNR".into(), Val::Num(0.0));
            let rs = awk.globals.get("RS").map(|v| awk.s(v)).unwrap_or_else(|| "\n".into());
            let records: Vec<String> = if rs.is_empty() {
                text.split("\n\n").map(|r| r.trim_matches('\n').to_string()).filter(|r| !r.is_empty()).collect()
            } else {
                let sep = rs.chars().next().unwrap_or('\n');
                let mut r: Vec<String> = text.split(sep).map(str::to_string).collect();
                if text.ends_with(sep) {
                    r.pop();
                }
                if text.is_empty() {
                    r.clear();
                }
                r
            };
            for rec in records {
                let nr = awk.get_var("NR").num() + 1.0;
                awk.globals.insert("NR".into(), Val::Num(nr));
                let fnr = awk.get_var("FNR").num() + 1.0;
                awk.globals.insert("FNR".into(), Val::Num(fnr));
                awk.set_record(rec);
                for (ri, (pat, body)) in prog.rules.iter().enumerate() {
                    let hit = match pat {
                        Pattern::Begin | Pattern::End => false,
                        Pattern::All => true,
                        Pattern::Expr(e) => awk.eval(e)?.truthy(),
                        Pattern::Range(a, b) => {
                            if awk.range_active[ri] {
                                if awk.eval(b)?.truthy() {
                                    awk.range_active[ri] = false;
                                }
                                true
                            } else if awk.eval(a)?.truthy() {
                                awk.range_active[ri] = !awk.eval(b)?.truthy();
                                true
                            } else {
                                false
                            }
                        }
                    };
                    if !hit {
                        continue;
                    }
                    let flow = match body {
                        Some(b) => awk.run_rule(b)?,
                        None => {
                            let ors = awk.globals.get("ORS").map(|v| awk.s(v)).unwrap_or_else(|| "\n".into());
                            let text = format!("{}{ors}", awk.record);
                            awk.output(&text, &None)?;
                            Flow::Normal
                        }
                    };
                    match flow {
                        Flow::Next => break,
                        Flow::Exit(c) => {
                            exit = Some(c);
                            break 'inputs;
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    awk.in_end = true;
    let mut code = exit.unwrap_or(0);
    for (pat, body) in &prog.rules {
        if let (Pattern::End, Some(b)) = (pat, body)
            && let Flow::Exit(c) = awk.run_rule(b)?
        {
            code = c;
            break;
        }
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_formats() {
        assert_eq!(format_g(0.1, 6, false, false), "0.1");
        assert_eq!(format_g(1e20, 6, false, false), "1e+20");
        assert_eq!(format_g(123456789.0, 6, false, false), "1.23457e+08");
        assert_eq!(format_g(1.234567891, 6, false, false), "1.23457");
        assert_eq!(num_to_string(42.0, "%.6g"), "42");
        assert_eq!(num_to_string(2.5, "%.6g"), "2.5");
        assert_eq!(sprintf("%5.2f|%-4d|%s|%03d|%x|%c|%%", &[Val::Num(1.23456), Val::Num(7.0), Val::Str("hi".into()), Val::Num(5.0), Val::Num(255.0), Val::Num(65.0)], "%.6g").ok(), Some(" 1.23|7   |hi|005|ff|A|%".to_string()));
    }
}

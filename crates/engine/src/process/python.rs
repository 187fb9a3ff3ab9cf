//! `python3 -c '…'` as teaching manifests use it: the kubernetes.io Job examples (an exit code
//! picked from `JOB_COMPLETION_INDEX`), prints, sleeps, small loops. A small subset of Python 3
//! is interpreted here the way CPython 3.14 (the `python` image) runs it, errors included: since
//! 3.13 a `-c` traceback shows the failing source line with `~~~^^^` markers under it
//! (python/cpython#111200), `os.environ["X"]` adds the `<frozen os>` frame, 3.14 says `division
//! by zero` for every zero division and dedents the `-c` text first. Anything outside the subset —
//! other modules, `def`, dicts, slices, numbers beyond 64 bits, code that does not parse or that
//! CPython warns about while compiling, more than [`MAX_STEPS`] steps or a day of sleep — is not
//! understood (None), never guessed.

use std::rc::Rc;

/// What a `python -c` script does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
    /// Wall time the script takes, ms (its sleeps plus a small start-up cost, ~20 ms).
    pub duration_ms: u64,
}

/// The most statements and loop turns a script runs here.
pub const MAX_STEPS: u64 = 100_000;
const MAX_SLEEP_MS: f64 = 86_400_000.0;
/// The longest string, and the most output, a script makes here.
const MAX_LEN: usize = 1 << 20;
/// Linux's limit on one argument (MAX_ARG_STRLEN).
const MAX_SRC: usize = 131_072;
const MAX_DEPTH: usize = 100;
const MAX_VARS: usize = 500;
const START_MS: u64 = 20;
/// The most values one comparison looks at.
const EQ_BUDGET: u64 = 1 << 20;

const KEYWORDS: &str = "False None True and as assert async await break class continue def del elif else except finally for from \
    global if import in is lambda nonlocal not or pass raise return try while with yield";
/// A `-c` module's globals before the script's own, in order (suggestions depend on it).
const DUNDERS: &str = "__name__ __doc__ __package__ __loader__ __spec__ __annotations__ __builtins__";
/// `builtins.__dict__`, in order.
const BUILTINS: &str = "__name__ __doc__ __package__ __loader__ __spec__ __build_class__ __import__ abs all any ascii bin breakpoint \
    callable chr compile delattr dir divmod eval exec format getattr globals hasattr hash hex id input isinstance issubclass iter aiter \
    len locals max min next anext oct ord pow print repr round setattr sorted sum vars None Ellipsis NotImplemented False True bool \
    memoryview bytearray bytes classmethod complex dict enumerate filter float frozenset property int list map object range reversed \
    set slice staticmethod str super tuple type zip __debug__ BaseException BaseExceptionGroup Exception GeneratorExit \
    KeyboardInterrupt SystemExit ArithmeticError AssertionError AttributeError BufferError EOFError ImportError LookupError \
    MemoryError NameError OSError ReferenceError RuntimeError StopAsyncIteration StopIteration SyntaxError SystemError TypeError \
    ValueError Warning FloatingPointError OverflowError ZeroDivisionError BytesWarning DeprecationWarning EncodingWarning \
    FutureWarning ImportWarning PendingDeprecationWarning ResourceWarning RuntimeWarning SyntaxWarning UnicodeWarning UserWarning \
    BlockingIOError ChildProcessError ConnectionError FileExistsError FileNotFoundError InterruptedError IsADirectoryError \
    NotADirectoryError PermissionError ProcessLookupError TimeoutError IndentationError _IncompleteInputError IndexError KeyError \
    ModuleNotFoundError NotImplementedError PythonFinalizationError RecursionError UnboundLocalError UnicodeError BrokenPipeError \
    ConnectionAbortedError ConnectionRefusedError ConnectionResetError TabError UnicodeDecodeError UnicodeEncodeError \
    UnicodeTranslateError ExceptionGroup EnvironmentError IOError open quit exit copyright credits license help";
/// `sys.stdlib_module_names` but the private ones (`NameError: … Did you forget to import 'x'?`).
const STDLIB: &str = "abc annotationlib antigravity argparse array ast asyncio atexit base64 bdb binascii bisect builtins bz2 \
    cProfile calendar cmath cmd code codecs codeop collections colorsys compileall compression concurrent configparser contextlib \
    contextvars copy copyreg csv ctypes curses dataclasses datetime dbm decimal difflib dis doctest email encodings ensurepip enum \
    errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass gettext glob \
    graphlib grp gzip hashlib heapq hmac html http idlelib imaplib importlib inspect io ipaddress itertools json keyword linecache \
    locale logging lzma mailbox marshal math mimetypes mmap modulefinder msvcrt multiprocessing netrc nt ntpath nturl2path numbers \
    opcode operator optparse os pathlib pdb pickle pickletools pkgutil platform plistlib poplib posix posixpath pprint profile \
    pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random re readline reprlib resource rlcompleter runpy \
    sched secrets select selectors shelve shlex shutil signal site smtplib socket socketserver sqlite3 sre_compile sre_constants \
    sre_parse ssl stat statistics string stringprep struct subprocess symtable sys sysconfig syslog tabnanny tarfile tempfile \
    termios textwrap this threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle turtledemo \
    types typing unicodedata unittest urllib uuid venv warnings wave weakref webbrowser winreg winsound wsgiref xml xmlrpc zipapp \
    zipfile zipimport zlib zoneinfo";
/// The builtins interpreted here; the others are not understood.
const FUNCS: [&str; 13] = ["print", "int", "float", "str", "bool", "len", "range", "abs", "min", "max", "repr", "exit", "quit"];

/// Runs argv (`python`, `python3`, `python3.12`, `/usr/local/bin/python` … first) with the
/// container's environment, as CPython 3 would; None when podlife does not understand the
/// program (then the caller says so). Understood: `python [-u -B -E -s -I -O -q] -c CODE [ARG…]`.
#[inline(never)]
pub fn run(argv: &[String], env: &[(String, String)]) -> Option<Run> {
    let name = argv.first()?.rsplit('/').next()?;
    if !name.strip_prefix("python")?.bytes().all(|b| b.is_ascii_digit() || b == b'.') { return None; }
    let mut i = 1;
    let code = loop {
        let flags = argv.get(i)?.strip_prefix('-')?;
        i += 1;
        match flags.find(|c: char| !"uBEsIOq".contains(c)) {
            None if !flags.is_empty() => {}
            Some(p) if flags[p..].starts_with('c') && p + 1 < flags.len() => break flags[p + 1..].to_string(),
            Some(p) if flags[p..].starts_with('c') => break argv.get(i).inspect(|_| i += 1)?.clone(),
            _ => return None,
        }
    };
    if code.len() > MAX_SRC { return None; }
    let src = dedent(&code);
    let body = P { t: lex(&src, 0, 0)?, i: 0, src: &src, depth: 0, loops: 0 }.module()?;
    let argv: Vec<V> = ["-c".to_string()].iter().chain(argv.get(i..)?).map(|a| V::Str(a.as_str().into())).collect();
    let mut m = M { src: &src, env, vars: vec![], out: String::new(), err: String::new(), steps: 0, sleep: 0.0, argv: Rc::new(argv), quiet: (0, 0) };
    let code = match m.block(&body) {
        Ok(_) | Err(Stop::Exit(V::None)) => 0,
        Err(Stop::Bail) => return None,
        Err(Stop::Exit(V::Bool(b))) => b as i32,
        Err(Stop::Exit(V::Int(n))) => (n & 0xff) as i32,
        Err(Stop::Exit(v)) => { m.err += &(v.s().ok()? + "\n"); 1 }
        Err(Stop::Exc(x)) => { m.err += &m.traceback(&x)?; 1 }
    };
    Some(Run { stdout: m.out, stderr: m.err, code, duration_ms: START_MS + m.sleep.round() as u64 })
}

/// Removes the lines' common leading blanks, as 3.14 does to `-c` text (`textwrap.dedent`).
fn dedent(code: &str) -> String {
    let blank = |l: &str| l.trim_matches([' ', '\t', '\r']).is_empty();
    let margin = code.split('\n').filter(|l| !blank(l)).map(|l| &l[..l.len() - l.trim_start_matches([' ', '\t']).len()]);
    match margin.reduce(|a, b| &a[..a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()]) {
        Some(m) if !m.is_empty() => code.split('\n').map(|l| if blank(l) { "" } else { &l[m.len()..] }).collect::<Vec<_>>().join("\n"),
        _ => code.to_string(),
    }
}

// ---- tokens ----

/// A token; `FStr` is an f-string's text (its start and end in the source) and whether it is raw.
#[derive(Clone, Debug, PartialEq)]
enum T { Name(String), Int(i64), Float(f64), Str(String), FStr(usize, usize, bool), Op(&'static str), Nl, In, De, End }

#[derive(Clone, Debug)]
struct Tok { t: T, s: usize, e: usize }

const OPS: [&str; 41] = [
    "**=", "//=", "...", "==", "!=", "<=", ">=", "**", "//", "+=", "-=", "*=", "/=", "%=", "->", ":=", "<<", ">>", "(", ")", "[", "]", "{",
    "}", ",", ":", ";", ".", "+", "-", "*", "/", "%", "<", ">", "=", "@", "&", "|", "^", "~",
];

/// Python's tokens for `src` (offsets plus `base`); `depth` 1 lexes an f-string field.
fn lex(src: &str, base: usize, mut depth: usize) -> Option<Vec<Tok>> {
    let (b, field) = (src.as_bytes(), depth > 0);
    let (mut i, mut toks, mut ind, mut bol) = (0, Vec::<Tok>::new(), vec![(0usize, 0usize)], !field);
    let tok = |t, s, e| Tok { t, s: base + s, e: base + e };
    loop {
        if bol && depth == 0 {
            // Indentation, also counted with tabs as one column: CPython refuses what the two disagree on.
            let (mut col, mut alt) = (0, 0);
            while let Some(&c @ (b' ' | b'\t' | 0x0c)) = b.get(i) {
                (col, alt, i) = (if c == b'\t' { col / 8 * 8 + 8 } else { col + 1 }, alt + 1, i + 1);
            }
            if !matches!(b.get(i), None | Some(b'\n' | b'\r' | b'#' | b'\\')) {
                bol = false;
                let &(top, top_alt) = ind.last()?;
                if col > top {
                    (alt > top_alt && ind.len() < MAX_DEPTH).then_some(())?;
                    ind.push((col, alt));
                    toks.push(tok(T::In, i, i));
                }
                while col < ind.last()?.0 { ind.pop(); toks.push(tok(T::De, i, i)); }
                (*ind.last()? == (col, alt)).then_some(())?;
            }
        }
        let Some(&c) = b.get(i) else { break };
        let s = i;
        let t = match c {
            b' ' | b'\t' | b'\r' | 0x0c => { i += 1; continue; }
            b'#' => { i = src[i..].find('\n').map_or(b.len(), |p| i + p); continue; }
            b'\n' => {
                if depth == 0 && toks.last().is_some_and(|t| t.t != T::Nl) { toks.push(tok(T::Nl, s, s)); }
                (i, bol) = (i + 1, depth == 0);
                continue;
            }
            b'\\' if b[i + 1..].starts_with(b"\n") => { i += 2; continue; }
            b'\\' if b[i + 1..].starts_with(b"\r\n") => { i += 3; continue; }
            b'0'..=b'9' => number(src, &mut i)?,
            b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => number(src, &mut i)?,
            b'"' | b'\'' => string(src, &mut i, "", base)?,
            _ if c == b'_' || c.is_ascii_alphabetic() || src[i..].chars().next().is_some_and(char::is_alphabetic) => {
                let n = src[i..].find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(b.len() - i);
                i += n;
                match b.get(i) {
                    Some(b'"' | b'\'') if n <= 2 => string(src, &mut i, &src[s..s + n], base)?,
                    _ => T::Name(src[s..i].to_string()),
                }
            }
            _ => {
                let op = OPS.into_iter().find(|o| src[i..].starts_with(o))?;
                i += op.len();
                match op {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = depth.checked_sub(1)?,
                    _ => {}
                }
                (depth <= MAX_DEPTH).then_some(T::Op(op))?
            }
        };
        toks.push(tok(t, s, i));
    }
    if !field {
        (depth == 0).then_some(())?;
        if toks.last().is_some_and(|t| t.t != T::Nl) { toks.push(tok(T::Nl, i, i)); }
        toks.extend((1..ind.len()).map(|_| tok(T::De, i, i)));
    }
    toks.push(tok(T::End, i, i));
    Some(toks)
}

fn number(src: &str, i: &mut usize) -> Option<T> {
    let (b, s) = (src.as_bytes(), *i);
    let radix = match (b[s], b.get(s + 1).map(|c| c | 0x20)) { (b'0', Some(b'x')) => 16, (b'0', Some(b'o')) => 8, (b'0', Some(b'b')) => 2, _ => 10 };
    let dig = |c: &u8| if radix == 10 { c.is_ascii_digit() } else { c.is_ascii_alphanumeric() };
    let run = |mut j: usize| {
        while b.get(j).is_some_and(|c| dig(c) || *c == b'_') { j += 1; }
        j
    };
    let (mut j, mut float) = (run(if radix == 10 { s } else { s + 2 }), false);
    if radix == 10 && b.get(j) == Some(&b'.') { (float, j) = (true, run(j + 1)); }
    let k = j + 1 + usize::from(matches!(b.get(j + 1), Some(b'+' | b'-')));
    if radix == 10 && matches!(b.get(j), Some(b'e' | b'E')) && b.get(k).is_some_and(u8::is_ascii_digit) { (float, j) = (true, run(k)); }
    if b.get(j).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c >= 0x80) { return None; }
    *i = j;
    let text = &src[if radix == 10 { s } else { s + 2 }..j];
    let text = if radix == 10 { text } else { text.strip_prefix('_').unwrap_or(text) };
    let (t, clean) = (text.as_bytes(), text.replace('_', ""));
    if clean.is_empty() || (0..t.len()).any(|k| t[k] == b'_' && !(k > 0 && dig(&t[k - 1]) && t.get(k + 1).is_some_and(dig))) { return None; }
    if float { return crate::parse_f64(&clean).map(T::Float); }
    if radix == 10 && clean.len() > 1 && clean.starts_with('0') && clean.bytes().any(|c| c != b'0') { return None; }
    i64::from_str_radix(&clean, radix).ok().map(T::Int)
}

fn string(src: &str, i: &mut usize, prefix: &str, base: usize) -> Option<T> {
    let p = prefix.to_ascii_lowercase();
    if !matches!(p.as_str(), "" | "r" | "u" | "f" | "rf" | "fr") { return None; }
    let (b, q) = (src.as_bytes(), src.as_bytes()[*i]);
    let n = if b[*i..].starts_with(&[q, q, q]) { 3 } else { 1 };
    let mut j = *i + n;
    loop {
        match *b.get(j)? {
            b'\\' => j += 2,
            b'\n' if n == 1 => return None,
            c if c == q && b[j..].starts_with(&[q, q, q][..n]) => break,
            _ => j += 1,
        }
    }
    let (s, raw) = (*i + n, p.contains('r'));
    *i = j + n;
    if p.contains('f') { return Some(T::FStr(base + s, base + j, raw)); }
    Some(T::Str(if raw { src[s..j].to_string() } else { unescape(&src[s..j])? }))
}

/// A string literal's escapes; None for `\N{…}` and for the invalid ones (CPython warns).
fn unescape(s: &str) -> Option<String> {
    let (mut out, mut it) = (String::new(), s.chars().peekable());
    let hex = |it: &mut std::iter::Peekable<std::str::Chars>, n| char::from_u32(u32::from_str_radix(&(0..n).map(|_| it.next()).collect::<Option<String>>()?, 16).ok()?);
    while let Some(c) = it.next() {
        if c != '\\' { out.push(c); continue; }
        out.push(match it.next()? {
            '\n' => continue,
            e @ ('\\' | '\'' | '"') => e,
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'a' => '\x07',
            'b' => '\x08',
            'f' => '\x0c',
            'v' => '\x0b',
            'x' => hex(&mut it, 2)?,
            'u' => hex(&mut it, 4)?,
            'U' => hex(&mut it, 8)?,
            e @ '0'..='7' => {
                let mut v = e as u32 - 48;
                for _ in 0..2 {
                    let Some(&d @ '0'..='7') = it.peek() else { break };
                    (v, _) = (v * 8 + d as u32 - 48, it.next());
                }
                char::from_u32(v)?
            }
            _ => return None,
        });
    }
    Some(out)
}

// ---- syntax ----

#[derive(Debug)]
struct E { k: X, s: usize, e: usize }

/// An expression; `List`'s flag marks a tuple.
#[derive(Debug)]
enum X {
    Lit(V), Name(String), Paren(Box<E>), F(Vec<Fp>), List(Vec<E>, bool), Attr(Box<E>, String), Call(Box<E>, Vec<E>, Vec<(String, E)>),
    Index(Box<E>, Box<E>), Bin(Box<E>, &'static str, Box<E>), Un(&'static str, Box<E>), Cmp(Box<E>, Vec<(&'static str, E)>),
    And(Box<E>, Box<E>), Or(Box<E>, Box<E>), Not(Box<E>), If(Box<E>, Box<E>, Box<E>),
}

/// An f-string's part: text, or a field (expression, conversion `r`/`s`/`a` or ' ', format spec).
#[derive(Debug)]
enum Fp { L(String), F(E, char, String) }

#[derive(Debug)]
struct S { k: K, s: usize, e: usize }

/// A statement; `Assign`'s flag: CPython shows no carets under the value's errors (`x = f(…)` first on its line).
#[derive(Debug)]
enum K {
    Expr(E), Assign(Vec<E>, E, bool), Aug(E, &'static str, E), Import(Vec<String>), From(String, Vec<String>),
    If(Vec<(E, Vec<S>)>, Vec<S>), While(E, Vec<S>), For(E, E, Vec<S>), Pass, Break, Continue,
}

fn bx(e: E) -> Box<E> { Box::new(e) }

fn unparen(e: &E) -> &E { if let X::Paren(x) = &e.k { unparen(x) } else { e } }

fn keyword(n: &str) -> bool { KEYWORDS.split(' ').any(|k| k == n) }

fn target(e: &E) -> bool { matches!(&e.k, X::Name(_)) || matches!(&e.k, X::List(v, _) if v.iter().all(target)) }

fn lit(parts: &mut Vec<Fp>, s: &str) {
    match parts.last_mut() { Some(Fp::L(l)) => l.push_str(s), _ => parts.push(Fp::L(s.to_string())) }
}

/// The parser: statements and expressions from tokens; None for anything it does not know.
struct P<'a> { t: Vec<Tok>, i: usize, src: &'a str, depth: usize, loops: usize }

impl P<'_> {
    fn peek(&self) -> &T { &self.t[self.i].t }
    fn pos(&self) -> usize { self.t[self.i].s }
    fn mk(&self, k: X, s: usize) -> E { E { k, s, e: self.t[self.i.saturating_sub(1)].e } }
    fn bump(&mut self) -> Tok { let t = self.t[self.i].clone(); self.i = (self.i + 1).min(self.t.len() - 1); t }
    fn is(&self, w: &str) -> bool { matches!(self.peek(), T::Op(o) if *o == w) || matches!(self.peek(), T::Name(n) if n == w) }
    fn eat(&mut self, w: &str) -> bool { self.is(w) && { self.bump(); true } }
    fn want(&mut self, w: &str) -> Option<()> { self.eat(w).then_some(()) }
    fn deeper(&mut self) -> Option<()> { self.depth += 1; (self.depth <= MAX_DEPTH).then_some(()) }
    fn name(&mut self) -> Option<String> { if let T::Name(n) = self.bump().t { (!keyword(&n)).then_some(n) } else { None } }
    /// Whether an expression can start here.
    fn starts(&self) -> bool {
        match self.peek() {
            T::Name(n) => !keyword(n) || ["True", "False", "None", "not"].contains(&n.as_str()),
            T::Op(o) => ["(", "[", "-", "+"].contains(o),
            T::Int(_) | T::Float(_) | T::Str(_) | T::FStr(..) => true,
            _ => false,
        }
    }

    fn module(&mut self) -> Option<Vec<S>> {
        let mut out = vec![];
        while self.peek() != &T::End { self.stmt(&mut out)?; }
        Some(out)
    }

    fn stmt(&mut self, out: &mut Vec<S>) -> Option<()> {
        let s = self.pos();
        let k = if self.eat("if") {
            let mut arms = vec![(self.expr()?, self.suite()?)];
            while self.eat("elif") { arms.push((self.expr()?, self.suite()?)); }
            K::If(arms, if self.eat("else") { self.suite()? } else { vec![] })
        } else if self.eat("while") {
            K::While(self.expr()?, self.loop_body()?)
        } else if self.eat("for") {
            let t = self.targets()?;
            self.want("in")?;
            K::For(t, self.exprlist()?, self.loop_body()?)
        } else {
            return self.line(out);
        };
        out.push(S { k, s, e: self.pos() });
        Some(())
    }

    fn loop_body(&mut self) -> Option<Vec<S>> {
        self.loops += 1;
        let b = self.suite()?;
        self.loops -= 1;
        (!self.is("else")).then_some(b)
    }

    /// Simple statements up to the end of the line.
    fn line(&mut self, out: &mut Vec<S>) -> Option<()> {
        out.push(self.simple()?);
        while self.eat(";") && !matches!(self.peek(), T::Nl | T::End) { out.push(self.simple()?); }
        matches!(self.bump().t, T::Nl | T::End).then_some(())
    }

    fn suite(&mut self) -> Option<Vec<S>> {
        self.want(":")?;
        let mut out = vec![];
        if self.peek() != &T::Nl { return self.line(&mut out).map(|_| out); }
        self.bump();
        (self.bump().t == T::In).then_some(())?;
        self.deeper()?;
        while !matches!(self.peek(), T::De | T::End) { self.stmt(&mut out)?; }
        self.depth -= 1;
        self.bump();
        Some(out)
    }

    fn simple(&mut self) -> Option<S> {
        let (s, first) = (self.pos(), self.i == 0 || matches!(self.t[self.i - 1].t, T::Nl | T::In | T::De));
        let k = if self.eat("pass") {
            K::Pass
        } else if self.eat("break") || self.eat("continue") {
            (self.loops > 0).then_some(if self.t[self.i - 1].t == T::Name("break".into()) { K::Break } else { K::Continue })?
        } else if self.eat("import") {
            let mut m = vec![self.name()?];
            while self.eat(",") { m.push(self.name()?); }
            K::Import(m)
        } else if self.eat("from") {
            let m = self.name()?;
            self.want("import")?;
            let paren = self.eat("(");
            let mut n = vec![self.name()?];
            while self.eat(",") && !(paren && self.is(")")) { n.push(self.name()?); }
            if paren { self.want(")")?; }
            K::From(m, n)
        } else {
            let e = self.exprlist()?;
            if let Some(op) = ["+=", "-=", "*=", "/=", "//=", "%=", "**="].into_iter().find(|o| self.is(o)) {
                self.bump();
                matches!(e.k, X::Name(_)).then_some(())?;
                K::Aug(e, op, self.exprlist()?)
            } else {
                let mut all = vec![e];
                while self.eat("=") { all.push(self.exprlist()?); }
                let v = all.pop()?;
                if all.is_empty() { K::Expr(v) } else {
                    all.iter().all(target).then_some(())?;
                    let quiet = first && all.len() == 1 && matches!(all[0].k, X::Name(_)) && matches!(unparen(&v).k, X::Call(..));
                    K::Assign(all, v, quiet)
                }
            }
        };
        Some(S { k, s, e: self.t[self.i - 1].e })
    }

    /// A `for` loop's target: names, tuples and lists of them.
    fn targets(&mut self) -> Option<E> {
        let (s, mut v) = (self.pos(), vec![self.arith()?]);
        while self.eat(",") && !self.is("in") { v.push(self.arith()?); }
        let e = if v.len() == 1 && self.t[self.i - 1].t != T::Op(",") { v.pop()? } else { self.mk(X::List(v, true), s) };
        target(&e).then_some(e)
    }

    fn exprlist(&mut self) -> Option<E> {
        let (s, e) = (self.pos(), self.expr()?);
        if !self.is(",") { return Some(e); }
        let mut v = vec![e];
        while self.eat(",") && self.starts() { v.push(self.expr()?); }
        Some(self.mk(X::List(v, true), s))
    }

    fn expr(&mut self) -> Option<E> {
        self.deeper()?;
        let (s, mut e) = (self.pos(), self.or()?);
        if self.eat("if") {
            let c = self.or()?;
            self.want("else")?;
            let o = self.expr()?;
            e = self.mk(X::If(bx(c), bx(e), bx(o)), s);
        }
        self.depth -= 1;
        Some(e)
    }

    fn or(&mut self) -> Option<E> {
        let (s, mut l) = (self.pos(), self.and()?);
        while self.eat("or") { let r = self.and()?; l = self.mk(X::Or(bx(l), bx(r)), s); }
        Some(l)
    }

    fn and(&mut self) -> Option<E> {
        let (s, mut l) = (self.pos(), self.not()?);
        while self.eat("and") { let r = self.not()?; l = self.mk(X::And(bx(l), bx(r)), s); }
        Some(l)
    }

    fn not(&mut self) -> Option<E> {
        let s = self.pos();
        if !self.eat("not") { return self.cmp(); }
        self.deeper()?;
        let x = self.not()?;
        self.depth -= 1;
        Some(self.mk(X::Not(bx(x)), s))
    }

    fn cmp(&mut self) -> Option<E> {
        let (s, first) = (self.pos(), self.arith()?);
        let mut rest: Vec<(&'static str, E)> = vec![];
        loop {
            let op = if self.eat("not") {
                self.want("in")?;
                "not in"
            } else if self.eat("is") {
                if self.eat("not") { "is not" } else { "is" }
            } else if let Some(o) = ["==", "!=", "<=", ">=", "<", ">", "in"].into_iter().find(|o| self.is(o)) {
                self.bump();
                o
            } else {
                break;
            };
            let r = self.arith()?;
            // `is` with a literal: CPython warns (SyntaxWarning) while compiling.
            let lit = |e: &E| matches!(e.k, X::Lit(V::Int(_) | V::Float(_) | V::Str(_)) | X::List(_, true));
            if op.starts_with("is") && (lit(&r) || lit(rest.last().map_or(&first, |x| &x.1))) { return None; }
            rest.push((op, r));
        }
        Some(if rest.is_empty() { first } else { self.mk(X::Cmp(bx(first), rest), s) })
    }

    fn bin(&mut self, ops: &[&'static str], next: fn(&mut Self) -> Option<E>) -> Option<E> {
        let (s, mut l) = (self.pos(), next(self)?);
        while let Some(op) = ops.iter().find(|o| self.is(o)) {
            self.bump();
            let r = next(self)?;
            l = self.mk(X::Bin(bx(l), op, bx(r)), s);
        }
        Some(l)
    }

    fn arith(&mut self) -> Option<E> { self.bin(&["+", "-"], Self::term) }

    fn term(&mut self) -> Option<E> { self.bin(&["*", "/", "//", "%"], Self::unary) }

    fn unary(&mut self) -> Option<E> {
        self.deeper()?;
        let s = self.pos();
        let e = if let Some(op) = ["-", "+"].into_iter().find(|o| self.is(o)) {
            self.bump();
            let x = self.unary()?;
            self.mk(X::Un(op, bx(x)), s)
        } else {
            let base = self.postfix()?;
            if self.eat("**") { let r = self.unary()?; self.mk(X::Bin(bx(base), "**", bx(r)), s) } else { base }
        };
        self.depth -= 1;
        Some(e)
    }

    fn postfix(&mut self) -> Option<E> {
        let (s, mut e) = (self.pos(), self.atom()?);
        // Calling or indexing a literal: CPython warns "… perhaps you missed a comma?".
        let lit = |e: &E| matches!(e.k, X::Lit(_) | X::List(..) | X::F(_));
        loop {
            if self.eat(".") {
                let n = self.name()?;
                e = self.mk(X::Attr(bx(e), n), s);
            } else if self.eat("(") {
                let (mut args, mut kw) = (vec![], vec![]);
                while !self.eat(")") {
                    match (self.peek().clone(), self.t.get(self.i + 1).map(|t| &t.t)) {
                        (T::Name(n), Some(T::Op("="))) => { self.i += 2; kw.push((n, self.expr()?)); }
                        _ if kw.is_empty() => args.push(self.expr()?),
                        _ => return None,
                    }
                    if !self.eat(",") { self.want(")")?; break; }
                }
                if lit(&e) { return None; }
                e = self.mk(X::Call(bx(e), args, kw), s);
            } else if self.eat("[") {
                let i = self.exprlist()?;
                self.want("]")?;
                let bad_index = matches!(i.k, X::Lit(V::None | V::Str(_) | V::Float(_)) | X::F(_));
                if matches!(e.k, X::Lit(V::None | V::Bool(_) | V::Int(_) | V::Float(_))) || (lit(&e) && bad_index) { return None; }
                e = self.mk(X::Index(bx(e), bx(i)), s);
            } else {
                return Some(e);
            }
        }
    }

    fn atom(&mut self) -> Option<E> {
        let s = self.pos();
        let k = match self.bump().t {
            T::Int(n) => X::Lit(V::Int(n)),
            T::Float(x) => X::Lit(V::Float(x)),
            T::Name(n) => match n.as_str() {
                "True" | "False" => X::Lit(V::Bool(n == "True")),
                "None" => X::Lit(V::None),
                _ if keyword(&n) => return None,
                _ => X::Name(n),
            },
            T::Str(_) | T::FStr(..) => {
                // Adjacent literals are one string.
                self.i -= 1;
                let mut parts = vec![];
                while matches!(self.peek(), T::Str(_) | T::FStr(..)) {
                    match self.bump().t {
                        T::Str(x) => lit(&mut parts, &x),
                        T::FStr(a, b, raw) => self.fstring(a, b, raw, &mut parts)?,
                        _ => {}
                    }
                }
                match parts.as_slice() {
                    [] => X::Lit(V::Str("".into())),
                    [Fp::L(x)] => X::Lit(V::Str(x.as_str().into())),
                    _ => X::F(parts),
                }
            }
            T::Op(open @ ("(" | "[")) => {
                let (close, mut v, mut comma) = (if open == "(" { ")" } else { "]" }, vec![], false);
                while !self.eat(close) {
                    v.push(self.expr()?);
                    if !self.eat(",") { self.want(close)?; break; }
                    comma = true;
                }
                match v.pop() {
                    Some(x) if open == "(" && v.is_empty() && !comma => X::Paren(bx(x)),
                    x => X::List(v.into_iter().chain(x).collect(), open == "("),
                }
            }
            _ => return None,
        };
        Some(self.mk(k, s))
    }

    /// An f-string's text `src[a..b]` into literal parts and fields.
    fn fstring(&mut self, a: usize, b: usize, raw: bool, parts: &mut Vec<Fp>) -> Option<()> {
        let (body, mut i, mut text) = (&self.src[a..b], 0, String::new());
        let bs = body.as_bytes();
        let flush = |text: &mut String, parts: &mut Vec<Fp>| -> Option<()> {
            lit(parts, &if raw { text.clone() } else { unescape(text)? });
            text.clear();
            Some(())
        };
        while i < bs.len() {
            match (bs[i], bs.get(i + 1)) {
                (b'{', Some(b'{')) | (b'}', Some(b'}')) => { text.push(bs[i] as char); i += 2; }
                (b'}', _) => return None,
                (b'{', _) => {
                    // The field ends at a top-level `}`, `:` (format spec) or `!` (conversion).
                    let (st, mut j, mut d, mut q) = (i + 1, i + 1, 0, None);
                    while j < bs.len() {
                        match (q, bs[j]) {
                            (Some(x), c) if c == x => q = None,
                            (Some(_), _) => {}
                            (None, c @ (b'\'' | b'"')) => q = Some(c),
                            (None, b'(' | b'[' | b'{') => d += 1,
                            (None, b')' | b']' | b'}') if d > 0 => d -= 1,
                            (None, b'}' | b':') if d == 0 => break,
                            (None, b'!') if d == 0 && bs.get(j + 1) != Some(&b'=') => break,
                            _ => {}
                        }
                        j += 1;
                    }
                    let field = body.get(st..j)?;
                    let t = field.trim_end();
                    let dbg = t.ends_with('=') && !["==", "!=", "<=", ">="].iter().any(|o| t.ends_with(o));
                    let end = if dbg { st + t.len() - 1 } else { j };
                    let mut sub = P { t: lex(&body[st..end], a + st, 1)?, i: 0, src: self.src, depth: self.depth + 1, loops: 0 };
                    let e = sub.exprlist()?;
                    (sub.peek() == &T::End).then_some(())?;
                    let mut conv = ' ';
                    if bs.get(j) == Some(&b'!') {
                        conv = *bs.get(j + 1)? as char;
                        "rsa".contains(conv).then_some(())?;
                        j += 2;
                    }
                    let mut spec = String::new();
                    if bs.get(j) == Some(&b':') {
                        let k = j + body[j..].find('}')?;
                        (spec, j) = (body[j + 1..k].to_string(), k);
                    }
                    if bs.get(j) != Some(&b'}') || spec.contains('{') { return None; }
                    if dbg {
                        text += field;
                        if conv == ' ' && spec.is_empty() { conv = 'r'; }
                    }
                    flush(&mut text, parts)?;
                    parts.push(Fp::F(e, conv, spec));
                    i = j + 1;
                }
                _ => {
                    let c = body[i..].chars().next()?;
                    text.push(c);
                    i += c.len_utf8();
                }
            }
        }
        flush(&mut text, parts)
    }
}

// ---- values ----

/// A value. `Mod` is `os`, `sys`, `time`, or the objects `os.environ`, `sys.stdout`, `sys.stderr`; `List`'s flag marks a tuple.
#[derive(Clone, Debug, PartialEq)]
enum V { None, Bool(bool), Int(i64), Float(f64), Str(Rc<str>), List(Rc<Vec<V>>, bool), Range(i64, i64, i64), Mod(&'static str), Fn(&'static str), Meth(Rc<str>, &'static str) }

impl V {
    fn ty(&self) -> R<&'static str> {
        Ok(match self {
            V::None => "NoneType",
            V::Bool(_) => "bool",
            V::Int(_) => "int",
            V::Float(_) => "float",
            V::Str(_) => "str",
            V::List(_, t) => ["list", "tuple"][*t as usize],
            V::Range(..) => "range",
            V::Mod("os" | "sys" | "time") => "module",
            V::Fn("int" | "float" | "str" | "bool" | "range") => "type",
            V::Fn("print" | "len" | "abs" | "min" | "max" | "repr") | V::Meth(..) => "builtin_function_or_method",
            _ => return Err(Stop::Bail),
        })
    }

    fn s(&self) -> R<String> { if let V::Str(s) = self { Ok(s.to_string()) } else { self.repr() } }

    fn repr(&self) -> R<String> {
        Ok(match self {
            V::None => "None".into(),
            V::Bool(b) => (if *b { "True" } else { "False" }).into(),
            V::Int(n) => n.to_string(),
            V::Float(x) => float_repr(*x),
            V::Str(s) => quote(s),
            V::List(l, t) => {
                let mut items = String::new();
                for (i, v) in l.iter().enumerate() {
                    items += &(if i > 0 { ", " } else { "" }.to_string() + &v.repr()?);
                    if items.len() > MAX_LEN { return Err(Stop::Bail); }
                }
                match (t, l.len()) { (false, _) => format!("[{items}]"), (true, 1) => format!("({items},)"), (true, _) => format!("({items})") }
            }
            V::Range(a, b, 1) => format!("range({a}, {b})"),
            V::Range(a, b, s) => format!("range({a}, {b}, {s})"),
            _ => return Err(Stop::Bail),
        })
    }
}

/// The work a value's size adds to an operation on it, in steps.
fn weight(v: &V) -> u64 { if let V::Str(s) = v { s.len() as u64 / 1024 } else { 0 } }

fn int(v: &V) -> Option<i64> { match v { V::Int(n) => Some(*n), V::Bool(b) => Some(*b as i64), _ => None } }

fn flt(v: &V) -> Option<f64> { if let V::Float(x) = v { Some(*x) } else { int(v).map(|n| n as f64) } }

fn truthy(v: &V) -> bool {
    match v {
        V::None => false,
        V::Bool(b) => *b,
        V::Int(n) => *n != 0,
        V::Float(x) => *x != 0.0,
        V::Str(s) => !s.is_empty(),
        V::List(l, _) => !l.is_empty(),
        V::Range(a, b, s) => range_len(*a, *b, *s) > 0,
        _ => true,
    }
}

fn range_len(a: i64, b: i64, s: i64) -> usize {
    let (a, b, s) = (a as i128, b as i128, s as i128);
    let n = if s > 0 && b > a { (b - a - 1) / s + 1 } else if s < 0 && a > b { (a - b - 1) / -s + 1 } else { 0 };
    n.min(usize::MAX as i128) as usize
}

/// Python's `==`; `n` is how many more values it may look at.
fn eq(a: &V, b: &V, n: &mut u64) -> R<bool> {
    *n = ok(n.checked_sub(1))?;
    Ok(match (a, b) {
        (V::Float(_), _) | (_, V::Float(_)) if flt(a).is_some() && flt(b).is_some() => flt(a) == flt(b),
        _ if int(a).is_some() && int(b).is_some() => int(a) == int(b),
        (V::Str(x), V::Str(y)) => x == y,
        (V::None, V::None) => true,
        (V::List(x, s), V::List(y, t)) if s == t && x.len() == y.len() => {
            for (p, q) in x.iter().zip(y.iter()) {
                if !eq(p, q, n)? { return Ok(false); }
            }
            true
        }
        (V::Range(..) | V::Mod(_) | V::Fn(_) | V::Meth(..), _) | (_, V::Range(..) | V::Mod(_) | V::Fn(_) | V::Meth(..)) => return Err(Stop::Bail),
        _ => false,
    })
}

/// Python's `repr(float)`: the shortest digits that round-trip, in exponent form outside 1e-4..1e16.
fn float_repr(x: f64) -> String {
    if !x.is_finite() { return (if x.is_nan() { "nan" } else if x > 0.0 { "inf" } else { "-inf" }).into(); }
    let s = podlife_ftl::num::Exp(x).to_string();
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = e.parse().unwrap_or(0);
    let (sign, m) = m.strip_prefix('-').map_or(("", m), |m| ("-", m));
    let d: String = m.chars().filter(|c| *c != '.').collect();
    let p = exp.max(0) as usize + 1;
    let body = if !(-4..16).contains(&exp) {
        let frac = if d.len() > 1 { format!(".{}", &d[1..]) } else { String::new() };
        format!("{}{frac}e{}{:02}", &d[..1], if exp < 0 { '-' } else { '+' }, exp.abs())
    } else if exp < 0 {
        format!("0.{}{d}", "0".repeat((-exp - 1) as usize))
    } else if d.len() > p {
        format!("{}.{}", &d[..p], &d[p..])
    } else {
        format!("{d}{}.0", "0".repeat(p - d.len()))
    };
    format!("{sign}{body}")
}

/// Python's `repr(str)`.
fn quote(s: &str) -> String {
    let q = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::from(q);
    for c in s.chars() {
        let n = c as u32;
        match c {
            '\\' => out += "\\\\",
            '\n' => out += "\\n",
            '\r' => out += "\\r",
            '\t' => out += "\\t",
            _ if c == q => out += &format!("\\{c}"),
            _ if n < 0x20 || (0x7f..=0xa0).contains(&n) || n == 0xad => out += &format!("\\x{n:02x}"),
            _ if matches!(n, 0x2000..=0x200f | 0x2028..=0x202f | 0x205f..=0x206f | 0x3000 | 0xfeff) => out += &format!("\\u{n:04x}"),
            _ => out.push(c),
        }
    }
    out.push(q);
    out
}

/// `format(v, spec)` for the usual specs (`>5`, `05d`, `.2f`, `%`); None for the others.
fn format_value(v: &V, spec: &str) -> Option<String> {
    if spec.is_empty() { return v.s().ok(); }
    let c: Vec<char> = spec.chars().collect();
    let (mut i, mut fill, mut align) = (0, ' ', None);
    if c.len() > 1 && "<>^=".contains(c[1]) {
        (fill, align, i) = (c[0], Some(c[1]), 2);
    } else if "<>^=".contains(c[0]) {
        (align, i) = (Some(c[0]), 1);
    }
    let sign = if i < c.len() && "+- ".contains(c[i]) { i += 1; c[i - 1] } else { '-' };
    if c.get(i) == Some(&'0') {
        if align.is_none() { (fill, align) = ('0', Some('=')); }
        i += 1;
    }
    let num = |i: &mut usize| -> Option<usize> {
        let st = *i;
        while c.get(*i).is_some_and(char::is_ascii_digit) { *i += 1; }
        c[st..*i].iter().collect::<String>().parse().ok()
    };
    let width = num(&mut i).unwrap_or(0);
    let prec = if c.get(i) == Some(&'.') { i += 1; Some(num(&mut i)?) } else { None };
    let ty = c.get(i).copied();
    if c.len() > i + 1 || width > MAX_LEN || prec.is_some_and(|p| p > 100) { return None; }
    let (neg, body) = match (v, ty) {
        (V::Str(s), None | Some('s')) if sign == '-' && align != Some('=') => (false, s.chars().take(prec.unwrap_or(usize::MAX)).collect()),
        (V::Int(n), None | Some('d')) if prec.is_none() => (*n < 0, n.unsigned_abs().to_string()),
        (V::Float(x), None) if prec.is_none() && x.is_finite() => (x.is_sign_negative(), float_repr(x.abs())),
        (V::Int(_) | V::Float(_), Some(t @ ('f' | 'F' | '%'))) => {
            let x = flt(v)? * if t == '%' { 100.0 } else { 1.0 };
            x.is_finite().then_some(())?;
            (x.is_sign_negative(), format!("{}{}", podlife_ftl::num::FixedAny(x.abs(), prec.unwrap_or(6)), if t == '%' { "%" } else { "" }))
        }
        _ => return None,
    };
    let sign = if neg { "-" } else if sign == '-' { "" } else if sign == '+' { "+" } else { " " };
    let pad = width.saturating_sub(sign.len() + body.chars().count());
    let fills = |n: usize| fill.to_string().repeat(n);
    Some(match align.unwrap_or(if matches!(v, V::Str(_)) { '<' } else { '>' }) {
        '<' => format!("{sign}{body}{}", fills(pad)),
        '^' => format!("{}{sign}{body}{}", fills(pad / 2), fills(pad - pad / 2)),
        '=' => format!("{sign}{}{body}", fills(pad)),
        _ => format!("{}{sign}{body}", fills(pad)),
    })
}

// ---- running ----

/// A Python exception: type, message, where it happened (source offsets; `s` is `usize::MAX`
/// until the innermost expression evaluating it is known), the part CPython marks with `^`, and
/// whether it was raised in `os.environ.__getitem__`.
#[derive(Debug)]
struct Exc { ty: &'static str, msg: String, s: usize, e: usize, anchor: Option<(usize, usize)>, os: bool }

/// Why a script stops early: an exception, `sys.exit`, or something not understood here.
#[derive(Debug)]
enum Stop { Exc(Exc), Exit(V), Bail }

type R<T> = Result<T, Stop>;

fn exc(ty: &'static str, msg: impl Into<String>) -> Stop { Stop::Exc(Exc { ty, msg: msg.into(), s: usize::MAX, e: 0, anchor: None, os: false }) }

fn ok<T>(o: Option<T>) -> R<T> { o.ok_or(Stop::Bail) }

enum Flow { Next, Break, Continue }

/// The interpreter; `quiet` is the call whose errors get no carets (CPython's `x = f(…)` rule).
struct M<'a> { src: &'a str, env: &'a [(String, String)], vars: Vec<(String, V)>, out: String, err: String, steps: u64, sleep: f64, argv: Rc<Vec<V>>, quiet: (usize, usize) }

impl M<'_> {
    fn tick(&mut self, n: u64) -> R<()> { self.steps += n; if self.steps > MAX_STEPS { Err(Stop::Bail) } else { Ok(()) } }

    /// Charges for making `bytes` of text.
    fn size(&mut self, bytes: usize) -> R<()> { if bytes > MAX_LEN { Err(Stop::Bail) } else { self.tick(bytes as u64 / 1024) } }

    fn getenv(&self, k: &str) -> Option<&str> { self.env.iter().rev().find(|(n, _)| n == k).map(|(_, v)| v.as_str()) }

    fn set(&mut self, n: &str, v: V) -> R<()> {
        let len = self.vars.len();
        match self.vars.iter_mut().find(|(k, _)| k == n) {
            Some(slot) => slot.1 = v,
            None if len < MAX_VARS => self.vars.push((n.to_string(), v)),
            None => return Err(Stop::Bail),
        }
        Ok(())
    }

    fn bind(&mut self, t: &E, v: V) -> R<()> {
        match (&t.k, v) {
            (X::Name(n), v) => self.set(n, v),
            (X::List(ts, _), V::List(vs, _)) if ts.len() == vs.len() => ts.iter().zip(vs.iter()).try_for_each(|(t, v)| self.bind(t, v.clone())),
            _ => Err(Stop::Bail),
        }
    }

    fn block(&mut self, body: &[S]) -> R<Flow> {
        for st in body {
            self.tick(1)?;
            match &st.k {
                K::Pass => {}
                K::Break => return Ok(Flow::Break),
                K::Continue => return Ok(Flow::Continue),
                K::Expr(e) => _ = self.ev(e)?,
                K::Assign(ts, v, quiet) => {
                    if *quiet { self.quiet = (unparen(v).s, unparen(v).e); }
                    let x = self.ev(v)?;
                    ts.iter().try_for_each(|t| self.bind(t, x.clone()))?;
                }
                K::Aug(t, op, v) => {
                    let (a, b) = (self.ev(t)?, self.ev(v)?);
                    let r = self.binop(op, a, b).map_err(|x| self.locate(x, st.s, st.e, None))?;
                    self.bind(t, r)?;
                }
                K::Import(ms) => ms.iter().try_for_each(|m| self.set(m, V::Mod(module(m)?)))?,
                K::From(m, names) => {
                    let m = V::Mod(module(m)?);
                    names.iter().try_for_each(|n| self.attr(&m, n).and_then(|v| self.set(n, v)))?;
                }
                K::If(arms, other) => {
                    let mut body = other;
                    for (c, b) in arms {
                        if truthy(&self.ev(c)?) { body = b; break; }
                    }
                    if let f @ (Flow::Break | Flow::Continue) = self.block(body)? { return Ok(f); }
                }
                K::While(c, b) => loop {
                    self.tick(1)?;
                    if !truthy(&self.ev(c)?) || matches!(self.block(b)?, Flow::Break) { break; }
                },
                K::For(t, it, b) => {
                    let v = self.ev(it)?;
                    let chars: Vec<char> = if let V::Str(s) = &v { s.chars().take(MAX_STEPS as usize + 1).collect() } else { vec![] };
                    let n = match &v {
                        V::Range(a, b, s) => range_len(*a, *b, *s),
                        V::Str(_) => chars.len(),
                        V::List(l, _) => l.len(),
                        _ => return Err(self.locate(exc("TypeError", format!("'{}' object is not iterable", v.ty()?)), it.s, it.e, self.anchor(it))),
                    };
                    for i in 0..n {
                        self.tick(1)?;
                        let x = match &v {
                            V::Range(a, _, s) => V::Int((*a as i128 + i as i128 * *s as i128) as i64),
                            V::List(l, _) => l[i].clone(),
                            _ => V::Str(chars[i].to_string().into()),
                        };
                        self.bind(t, x)?;
                        if let Flow::Break = self.block(b)? { break; }
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// Sets where an exception happened, unless an inner expression already did.
    fn locate(&self, x: Stop, s: usize, e: usize, anchor: Option<(usize, usize)>) -> Stop {
        match x { Stop::Exc(x) if x.s == usize::MAX => Stop::Exc(Exc { s, e, anchor, ..x }), x => x }
    }

    /// The part of an expression CPython marks with `^` (the rest gets `~`): a binary operator
    /// (`traceback._extract_caret_anchors_from_line_segment`), or a call's or subscript's brackets.
    fn anchor(&self, e: &E) -> Option<(usize, usize)> {
        let b = self.src.as_bytes();
        match &e.k {
            X::Bin(l, _, r) => {
                let mut i = l.e;
                while i < r.s && (b[i] == b')' || b[i].is_ascii_whitespace()) { i += 1; }
                let two = i + 1 < r.s && !b[i + 1].is_ascii_whitespace() && !matches!(b[i + 1], b'\\' | b'#');
                Some((i, i + 1 + two as usize))
            }
            X::Call(f, ..) => Some((f.e + self.src.get(f.e..e.e)?.find('(')?, e.e)),
            X::Index(f, _) => Some((f.e + self.src.get(f.e..e.e)?.find('[')?, e.e)),
            _ => None,
        }
    }

    fn ev(&mut self, e: &E) -> R<V> {
        let r = self.ev1(e);
        r.map_err(|x| self.locate(x, e.s, e.e, self.anchor(e)))
    }

    fn ev1(&mut self, e: &E) -> R<V> {
        Ok(match &e.k {
            X::Lit(v) => v.clone(),
            X::Name(n) => self.load(n)?,
            X::Paren(x) => self.ev(x)?,
            X::F(parts) => {
                let mut s = String::new();
                for p in parts {
                    match p {
                        Fp::L(l) => s += l,
                        Fp::F(x, conv, spec) => {
                            let v = match (conv, self.ev(x)?) {
                                ('r' | 'a', v) => V::Str(v.repr()?.into()),
                                ('s', v) => V::Str(v.s()?.into()),
                                (_, v) => v,
                            };
                            s += &ok(format_value(&v, spec))?;
                        }
                    }
                    self.size(s.len())?;
                }
                V::Str(s.into())
            }
            X::List(xs, t) => {
                let items = xs.iter().map(|x| self.ev(x)).collect::<R<Vec<_>>>()?;
                // Lists nest two deep at most here: deeper ones would make repr, == and drop recurse without bound.
                for x in &items {
                    if let V::List(l, _) = x {
                        self.tick(l.len() as u64 / 1024)?;
                        if l.iter().any(|v| matches!(v, V::List(..))) { return Err(Stop::Bail); }
                    }
                }
                V::List(Rc::new(items), *t)
            }
            X::Attr(x, n) => { let v = self.ev(x)?; self.attr(&v, n)? }
            X::Index(x, i) => { let (v, i) = (self.ev(x)?, self.ev(i)?); self.index(v, i)? }
            X::Call(f, args, kw) => {
                let f = self.ev(f)?;
                let a = args.iter().map(|x| self.ev(x)).collect::<R<Vec<_>>>()?;
                let k = kw.iter().map(|(n, x)| Ok((n.as_str(), self.ev(x)?))).collect::<R<Vec<_>>>()?;
                self.tick(a.iter().map(weight).sum())?;
                self.call(f, a, k)?
            }
            X::Bin(l, op, r) => { let (a, b) = (self.ev(l)?, self.ev(r)?); self.binop(op, a, b)? }
            X::Un(op, x) => match (*op, self.ev(x)?) {
                ("-", v) if int(&v).is_some() => V::Int(ok(int(&v).and_then(i64::checked_neg))?),
                ("+", v) if int(&v).is_some() => V::Int(ok(int(&v))?),
                ("-", V::Float(x)) => V::Float(-x),
                ("+", V::Float(x)) => V::Float(x),
                (_, v) => return Err(exc("TypeError", format!("bad operand type for unary {op}: '{}'", v.ty()?))),
            },
            X::Not(x) => V::Bool(!truthy(&self.ev(x)?)),
            X::And(l, r) => match self.ev(l)? { a if !truthy(&a) => a, _ => self.ev(r)? },
            X::Or(l, r) => match self.ev(l)? { a if truthy(&a) => a, _ => self.ev(r)? },
            X::If(c, a, b) => if truthy(&self.ev(c)?) { self.ev(a)? } else { self.ev(b)? },
            X::Cmp(first, rest) => {
                let mut a = self.ev(first)?;
                for (op, x) in rest {
                    let b = self.ev(x)?;
                    if !self.compare(op, &a, &b)? { return Ok(V::Bool(false)); }
                    a = b;
                }
                V::Bool(true)
            }
        })
    }

    fn load(&self, n: &str) -> R<V> {
        if let Some((_, v)) = self.vars.iter().find(|(k, _)| k == n) { return Ok(v.clone()); }
        Ok(match n {
            "__name__" => V::Str("__main__".into()),
            "__doc__" | "__package__" | "__spec__" => V::None,
            _ => match FUNCS.into_iter().find(|f| *f == n) {
                Some(f) => V::Fn(f),
                None if BUILTINS.split_whitespace().chain(DUNDERS.split(' ')).any(|b| b == n) => return Err(Stop::Bail),
                None => return Err(exc("NameError", format!("name '{n}' is not defined{}", self.suggest(n)))),
            },
        })
    }

    /// What CPython adds to a NameError: `. Did you mean: 'print'?`, `. Did you forget to import 'sys'?`.
    fn suggest(&self, n: &str) -> String {
        // A module's frame: its locals, its globals (the same names again), then the builtins.
        let globals = DUNDERS.split(' ').chain(self.vars.iter().map(|(k, _)| k.as_str()));
        let names: Vec<&str> = globals.clone().chain(globals).chain(BUILTINS.split_whitespace()).collect();
        let mut best: Option<(&str, usize)> = None;
        for c in names.iter().filter(|c| **c != n && names.len() < 750) {
            let max = ((n.len() + c.len() + 3) * 2 / 6).min(best.map_or(usize::MAX, |b| b.1.saturating_sub(1)));
            let d = levenshtein(n.as_bytes(), c.as_bytes(), max);
            if d <= max && best.is_none_or(|b| d < b.1) { best = Some((c, d)); }
        }
        let mut s = best.map_or(String::new(), |(c, _)| format!(". Did you mean: '{c}'?"));
        if STDLIB.split_whitespace().any(|m| m == n) {
            s += &format!("{} forget to import '{n}'?", if best.is_some() { " Or did you" } else { ". Did you" });
        }
        s
    }

    fn attr(&self, v: &V, n: &str) -> R<V> {
        Ok(match (v, n) {
            (V::Mod("os"), "environ") => V::Mod("os.environ"),
            (V::Mod("os"), "getenv") => V::Fn("os.getenv"),
            (V::Mod("os.environ"), "get") => V::Fn("os.environ.get"),
            (V::Mod("sys"), "exit") => V::Fn("exit"),
            (V::Mod("sys"), "argv") => V::List(self.argv.clone(), false),
            (V::Mod("sys"), "stdout") => V::Mod("sys.stdout"),
            (V::Mod("sys"), "stderr") => V::Mod("sys.stderr"),
            (V::Mod("sys.stdout"), "write") => V::Fn("stdout.write"),
            (V::Mod("sys.stderr"), "write") => V::Fn("stderr.write"),
            (V::Mod("sys.stdout" | "sys.stderr"), "flush") => V::Fn("flush"),
            (V::Mod("time"), "sleep") => V::Fn("sleep"),
            (V::Str(s), _) => V::Meth(s.clone(), ok(["upper", "lower", "strip", "startswith", "endswith"].into_iter().find(|m| *m == n))?),
            _ => return Err(Stop::Bail),
        })
    }

    fn index(&mut self, v: V, i: V) -> R<V> {
        let len = match &v {
            V::Mod("os.environ") => {
                let V::Str(k) = &i else { return Err(Stop::Bail) };
                let missing = || Stop::Exc(Exc { ty: "KeyError", msg: quote(k), s: usize::MAX, e: 0, anchor: None, os: true });
                return self.getenv(k).map(|x| V::Str(x.into())).ok_or_else(missing);
            }
            V::Str(s) => { self.size(s.len())?; s.chars().count() }
            V::List(l, _) => l.len(),
            V::None | V::Bool(_) | V::Int(_) | V::Float(_) => return Err(exc("TypeError", format!("'{}' object is not subscriptable", v.ty()?))),
            _ => return Err(Stop::Bail),
        };
        let n = ok(int(&i))?;
        let j = if n < 0 { n + len as i64 } else { n };
        if j < 0 || j >= len as i64 {
            return Err(exc("IndexError", format!("{} index out of range", if let V::Str(_) = v { "string" } else { v.ty()? })));
        }
        Ok(match &v { V::Str(s) => V::Str(ok(s.chars().nth(j as usize))?.to_string().into()), V::List(l, _) => l[j as usize].clone(), _ => V::None })
    }

    fn call(&mut self, f: V, a: Vec<V>, kw: Vec<(&str, V)>) -> R<V> {
        let name = match &f {
            V::Fn(n) => *n,
            V::Meth(s, m) if kw.is_empty() => return str_method(s, m, &a),
            V::Meth(..) => return Err(Stop::Bail),
            v => return Err(exc("TypeError", format!("'{}' object is not callable", v.ty()?))),
        };
        if name != "print" && !kw.is_empty() { return Err(Stop::Bail); }
        let type_err = |m: &str, v: &V| Err(exc("TypeError", m.replace('@', v.ty()?)));
        Ok(match (name, a.as_slice()) {
            ("print", _) => {
                let (mut sep, mut end, mut to_err) = (" ".to_string(), "\n".to_string(), false);
                for (k, v) in kw {
                    match (k, v) {
                        ("sep", V::Str(s)) => sep = s.to_string(),
                        ("end", V::Str(s)) => end = s.to_string(),
                        ("sep" | "end", V::None) | ("file", V::None | V::Mod("sys.stdout")) | ("flush", _) => {}
                        ("file", V::Mod("sys.stderr")) => to_err = true,
                        _ => return Err(Stop::Bail),
                    }
                }
                let text = a.iter().map(V::s).collect::<R<Vec<_>>>()?.join(&sep) + &end;
                self.write(to_err, &text)?;
                V::None
            }
            ("stdout.write" | "stderr.write", [V::Str(s)]) => { self.write(name == "stderr.write", s)?; V::Int(s.chars().count() as i64) }
            ("flush", []) => V::None,
            ("exit" | "quit", []) => return Err(Stop::Exit(V::None)),
            ("exit" | "quit", [v]) => return Err(Stop::Exit(v.clone())),
            ("int", []) => V::Int(0),
            ("int", [v]) => to_int(v)?,
            ("float", [V::Str(s)]) if s.trim().bytes().all(|c| c.is_ascii_alphanumeric() || b"+-.".contains(&c)) => match crate::parse_f64(s.trim()) {
                Some(x) => V::Float(x),
                None => return Err(exc("ValueError", format!("could not convert string to float: {}", quote(s)))),
            },
            ("float", [v @ (V::None | V::List(..))]) => return type_err("float() argument must be a string or a real number, not '@'", v),
            ("float", [v]) => V::Float(ok(flt(v))?),
            ("str", []) => V::Str("".into()),
            ("str" | "repr", [v]) => {
                let s = if name == "str" { v.s()? } else { v.repr()? };
                self.size(s.len())?;
                V::Str(s.into())
            }
            ("bool", [v]) => V::Bool(truthy(v)),
            ("len", [v]) => V::Int(match v {
                V::Str(s) => s.chars().count(),
                V::List(l, _) => l.len(),
                V::Range(a, b, s) => range_len(*a, *b, *s),
                V::None | V::Bool(_) | V::Int(_) | V::Float(_) => return type_err("object of type '@' has no len()", v),
                _ => return Err(Stop::Bail),
            } as i64),
            ("abs", [V::Float(x)]) => V::Float(x.abs()),
            ("abs", [v]) if int(v).is_some() => V::Int(ok(int(v).and_then(i64::checked_abs))?),
            ("abs", [v]) => return type_err("bad operand type for abs(): '@'", v),
            ("min" | "max", [first, rest @ ..]) if !rest.is_empty() => {
                let mut best = first;
                for x in rest {
                    if self.compare(if name == "min" { "<" } else { ">" }, x, best)? { best = x; }
                }
                best.clone()
            }
            ("range", [_] | [_, _] | [_, _, _]) => {
                let mut n = vec![];
                for v in &a {
                    match (int(v), v) {
                        (Some(x), _) => n.push(x),
                        (None, V::Float(_) | V::Str(_) | V::None) => return type_err("'@' object cannot be interpreted as an integer", v),
                        _ => return Err(Stop::Bail),
                    }
                }
                match n[..] {
                    [b] => V::Range(0, b, 1),
                    [_, _, 0] => return Err(exc("ValueError", "range() arg 3 must not be zero")),
                    [a, b, s] => V::Range(a, b, s),
                    [a, b, ..] => V::Range(a, b, 1),
                    [] => return Err(Stop::Bail),
                }
            }
            ("os.getenv" | "os.environ.get", [V::Str(k), rest @ ..]) if rest.len() <= 1 => {
                self.getenv(k).map(|v| V::Str(v.into())).unwrap_or_else(|| rest.first().cloned().unwrap_or(V::None))
            }
            ("sleep", [v]) => {
                let x = ok(flt(v))?;
                if x < 0.0 { return Err(exc("ValueError", "sleep length must be non-negative")); }
                self.sleep += x * 1000.0;
                if self.sleep.is_nan() || self.sleep > MAX_SLEEP_MS { return Err(Stop::Bail); }
                V::None
            }
            _ => return Err(Stop::Bail),
        })
    }

    fn write(&mut self, to_err: bool, s: &str) -> R<()> {
        if self.out.len() + self.err.len() + s.len() > MAX_LEN { return Err(Stop::Bail); }
        self.size(s.len())?;
        (if to_err { &mut self.err } else { &mut self.out }).push_str(s);
        Ok(())
    }

    fn binop(&mut self, op: &str, a: V, b: V) -> R<V> {
        self.tick(weight(&a) + weight(&b))?;
        let o = op.trim_end_matches('=');
        let zero = |msg| Err(exc("ZeroDivisionError", msg));
        if let (Some(x), Some(y)) = (int(&a), int(&b)) {
            let r = match o {
                "+" => x.checked_add(y),
                "-" => x.checked_sub(y),
                "*" => x.checked_mul(y),
                "/" | "//" | "%" if y == 0 => return zero("division by zero"),
                "/" if x.unsigned_abs() <= 1 << 53 && y.unsigned_abs() <= 1 << 53 => return Ok(V::Float(x as f64 / y as f64)),
                "//" => x.checked_div(y).map(|q| if x % y != 0 && (x < 0) != (y < 0) { q - 1 } else { q }),
                "%" => x.checked_rem(y).map(|r| if r != 0 && (r < 0) != (y < 0) { r + y } else { r }),
                "**" if y < 0 && x == 0 => return zero("zero to a negative power"),
                "**" if y < 0 => return Ok(V::Float((x as f64).powf(y as f64))),
                "**" => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)),
                _ => None,
            };
            return ok(r).map(V::Int);
        }
        if let (Some(x), Some(y)) = (flt(&a), flt(&b)) {
            return Ok(V::Float(match o {
                "+" => x + y,
                "-" => x - y,
                "*" => x * y,
                "/" | "//" | "%" if y == 0.0 => return zero("division by zero"),
                "/" => x / y,
                "//" | "%" => {
                    // CPython's float_divmod.
                    let (mut m, mut d) = (x % y, (x - x % y) / y);
                    if m == 0.0 { m = 0f64.copysign(y); } else if (y < 0.0) != (m < 0.0) { (m, d) = (m + y, d - 1.0); }
                    let f = if d == 0.0 { 0f64.copysign(x / y) } else if d - d.floor() > 0.5 { d.floor() + 1.0 } else { d.floor() };
                    if o == "//" { f } else { m }
                }
                "**" if x == 0.0 && y < 0.0 => return zero("zero to a negative power"),
                // Complex results and OverflowError.
                "**" if (x < 0.0 && y.fract() != 0.0) || (x.is_finite() && y.is_finite() && !x.powf(y).is_finite()) => return Err(Stop::Bail),
                "**" => x.powf(y),
                _ => return Err(Stop::Bail),
            }));
        }
        let seq = |v: &V| matches!(v, V::Str(_) | V::List(..));
        match (o, &a, &b) {
            ("+", V::Str(x), V::Str(y)) => { self.size(x.len() + y.len())?; Ok(V::Str(format!("{x}{y}").into())) }
            ("+", V::List(x, s), V::List(y, t)) if s == t => {
                self.size((x.len() + y.len()) * 8)?;
                Ok(V::List(Rc::new(x.iter().chain(y.iter()).cloned().collect()), *s))
            }
            ("*", _, _) if (seq(&a) && int(&b).is_some()) || (seq(&b) && int(&a).is_some()) => {
                let (v, n) = if seq(&a) { (&a, ok(int(&b))?) } else { (&b, ok(int(&a))?) };
                let n = n.max(0) as usize;
                Ok(match v {
                    V::Str(s) => { self.size(ok(s.len().checked_mul(n))?)?; V::Str(s.repeat(n).into()) }
                    V::List(l, t) => {
                        self.size(ok(l.len().checked_mul(n.saturating_mul(8)))?)?;
                        V::List(Rc::new(l.iter().cloned().cycle().take(l.len() * n).collect()), *t)
                    }
                    _ => V::None,
                })
            }
            ("*", _, _) if seq(&a) || seq(&b) => Err(exc("TypeError", format!("can't multiply sequence by non-int of type '{}'", if seq(&a) { &b } else { &a }.ty()?))),
            ("%", V::Str(_), _) => Err(Stop::Bail),
            ("+", V::Str(_) | V::List(..), _) if !matches!(b, V::Mod(_) | V::Fn(_) | V::Meth(..)) => {
                Err(exc("TypeError", format!("can only concatenate {} (not \"{}\") to {0}", a.ty()?, b.ty()?)))
            }
            _ => Err(exc("TypeError", format!("unsupported operand type(s) for {op}: '{}' and '{}'", a.ty()?, b.ty()?))),
        }
    }

    fn compare(&mut self, op: &str, a: &V, b: &V) -> R<bool> {
        self.tick(weight(a) + weight(b))?;
        let mut n = EQ_BUDGET;
        let r = self.compare1(op, a, b, &mut n);
        self.tick((EQ_BUDGET - n) / 64)?;
        r
    }

    fn compare1(&self, op: &str, a: &V, b: &V, n: &mut u64) -> R<bool> {
        Ok(match op {
            "==" => eq(a, b, n)?,
            "!=" => !eq(a, b, n)?,
            "is" | "is not" => {
                let same = match (a, b) {
                    (V::None, V::None) => true,
                    (V::Bool(x), V::Bool(y)) => x == y,
                    (V::None | V::Bool(_), _) | (_, V::None | V::Bool(_)) => false,
                    _ => return Err(Stop::Bail),
                };
                same == (op == "is")
            }
            "in" | "not in" => {
                let found = match (a, b) {
                    (V::Str(n), V::Str(h)) => h.contains(&**n),
                    (_, V::Str(_)) => return Err(exc("TypeError", format!("'in <string>' requires string as left operand, not {}", a.ty()?))),
                    (_, V::List(l, _)) => {
                        let mut f = false;
                        for x in l.iter() {
                            if eq(a, x, n)? { f = true; break; }
                        }
                        f
                    }
                    (V::Str(k), V::Mod("os.environ")) => self.getenv(k).is_some(),
                    _ => return Err(Stop::Bail),
                };
                found == (op == "in")
            }
            _ => {
                let ord = match (int(a), int(b), a, b) {
                    (Some(x), Some(y), ..) => Some(x.cmp(&y)),
                    (.., V::Str(x), V::Str(y)) => Some(x.cmp(y)),
                    (.., V::List(..), V::List(..)) => return Err(Stop::Bail),
                    _ => match (flt(a), flt(b)) {
                        (Some(x), Some(y)) => x.partial_cmp(&y),
                        _ => return Err(exc("TypeError", format!("'{op}' not supported between instances of '{}' and '{}'", a.ty()?, b.ty()?))),
                    },
                };
                ord.is_some_and(|o| match op { "<" => o.is_lt(), "<=" => o.is_le(), ">" => o.is_gt(), _ => o.is_ge() })
            }
        })
    }

    /// The traceback CPython 3.14 prints for an uncaught exception in `-c` code
    /// (`traceback.StackSummary.format_frame_summary`); None for an error spanning lines.
    fn traceback(&self, x: &Exc) -> Option<String> {
        let src = self.src;
        let ls = src.get(..x.s)?.rfind('\n').map_or(0, |p| p + 1);
        let le = src[x.s..].find('\n').map_or(src.len(), |p| x.s + p);
        if x.e > le { return None; }
        let lineno = src[..x.s].matches('\n').count() + 1;
        let mut out = format!("Traceback (most recent call last):\n  File \"<string>\", line {lineno}, in <module>\n");
        let line = src[ls..le].trim_end();
        let text = line.trim_start_matches([' ', '\t']);
        if !text.is_empty() {
            let base = ls + line.len() - text.len();
            let w = |a: usize, b: usize| src.get(a..b).map_or(0, |s| s.chars().map(|c| 1 + wide(c) as usize).sum::<usize>());
            let (st, en, anchors) = (w(base, x.s), w(base, x.e), x.anchor.map(|(a, b)| (w(base, a), w(base, b))));
            let alone = src.get(base..x.s)?.trim().is_empty() && src.get(x.e..base + text.len())?.trim().is_empty();
            out += &format!("    {text}\n");
            if (x.s, x.e) != self.quiet && (anchors.is_some() || !alone) {
                let mark = |c: usize| match anchors {
                    _ if c < st => ' ',
                    Some((a, b)) if c >= a && c < b => '^',
                    Some(_) => '~',
                    None => '^',
                };
                out += &format!("    {}\n", (0..en).map(mark).collect::<String>());
            }
        }
        if x.os { out += "  File \"<frozen os>\", line 709, in __getitem__\n"; }
        Some(out + &format!("{}: {}\n", x.ty, x.msg))
    }
}

fn module(m: &str) -> R<&'static str> { ok(["os", "sys", "time"].into_iter().find(|x| *x == m)) }

fn str_method(s: &str, m: &str, a: &[V]) -> R<V> {
    Ok(match (m, a) {
        ("upper", []) => V::Str(s.chars().fold(String::new(), |mut o, c| { if c == 'ß' { o.push_str("SS") } else { o.push(crate::gostrings::upper_char(c)) } o }).into()),
        ("lower", []) => V::Str(crate::gostrings::to_lower(s).into()),
        ("strip", []) => V::Str(s.trim().into()),
        ("startswith", [V::Str(p)]) => V::Bool(s.starts_with(&**p)),
        ("endswith", [V::Str(p)]) => V::Bool(s.ends_with(&**p)),
        _ => return Err(Stop::Bail),
    })
}

fn to_int(v: &V) -> R<V> {
    let t = match v {
        V::Float(x) if x.is_finite() && x.abs() < 9.2e18 => return Ok(V::Int(x.trunc() as i64)),
        V::Str(s) => s.trim(),
        V::None | V::List(..) | V::Range(..) => {
            return Err(exc("TypeError", format!("int() argument must be a string, a bytes-like object or a real number, not '{}'", v.ty()?)));
        }
        _ => return ok(int(v)).map(V::Int),
    };
    let d = t.strip_prefix(['+', '-']).unwrap_or(t).as_bytes();
    let good = !d.is_empty() && d[0] != b'_' && d[d.len() - 1] != b'_' && !t.contains("__") && d.iter().all(|c| c.is_ascii_digit() || *c == b'_');
    match t.replace('_', "").parse::<i64>() {
        Ok(n) if good => Ok(V::Int(n)),
        _ if good || !t.is_ascii() => Err(Stop::Bail),
        _ => Err(exc("ValueError", format!("invalid literal for int() with base 10: {}", v.repr()?.chars().take(200).collect::<String>()))),
    }
}

/// CPython's suggestion distance (Python/suggestions.c): moves cost 2, case changes 1.
fn levenshtein(a: &[u8], b: &[u8], max: usize) -> usize {
    let (mut a, mut b) = (a, b);
    while let ([x, ra @ ..], [y, rb @ ..]) = (a, b) && x == y { (a, b) = (ra, rb); }
    while let ([ra @ .., x], [rb @ .., y]) = (a, b) && x == y { (a, b) = (ra, rb); }
    if a.is_empty() || b.is_empty() { return (a.len() + b.len()) * 2; }
    if b.len() < a.len() { (a, b) = (b, a); }
    if b.len() > 40 || (b.len() - a.len()) * 2 > max { return max + 1; }
    let (mut row, mut result): (Vec<usize>, usize) = ((1..=a.len()).map(|i| i * 2).collect(), 0);
    for (bi, &y) in b.iter().enumerate() {
        let (mut dist, mut min) = (bi * 2, usize::MAX);
        result = dist;
        for (i, &x) in a.iter().enumerate() {
            let sub = dist + if x == y { 0 } else if x.eq_ignore_ascii_case(&y) { 1 } else { 2 };
            dist = row[i];
            result = (result.min(dist) + 2).min(sub);
            row[i] = result;
            min = min.min(result);
        }
        if min > max { return max + 1; }
    }
    result
}

/// Whether a terminal shows `c` two columns wide (East Asian wide and full-width, emoji).
fn wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115f | 0x2e80..=0x303e | 0x3041..=0x33ff | 0x3400..=0x4dbf | 0x4e00..=0x9fff | 0xa000..=0xa4cf
        | 0xac00..=0xd7a3 | 0xf900..=0xfaff | 0xfe30..=0xfe4f | 0xff00..=0xff60 | 0xffe0..=0xffe6 | 0x1f300..=0x1f64f
        | 0x1f900..=0x1f9ff | 0x20000..=0x3fffd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn py(code: &str, env: &[(&str, &str)]) -> Option<Run> {
        let env: Vec<(String, String)> = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        run(&["python3".into(), "-c".into(), code.into()], &env)
    }

    /// stdout, stderr, exit code.
    fn out(code: &str) -> (String, String, i32) {
        let r = py(code, &[]).unwrap_or_else(|| panic!("not understood: {code}"));
        (r.stdout, r.stderr, r.code)
    }

    fn tb(line: usize, src: &str, marks: &str, err: &str) -> String {
        let marks = if marks.is_empty() { String::new() } else { format!("    {marks}\n") };
        format!("Traceback (most recent call last):\n  File \"<string>\", line {line}, in <module>\n    {src}\n{marks}{err}\n")
    }

    const EVEN_FAILS: &str = "import os, sys\nprint(\"Hello world\")\nif int(os.environ.get(\"JOB_COMPLETION_INDEX\")) % 2 == 0:\n  sys.exit(1)\n";
    const BY_INDEX: &str = "import os, sys\nindex = int(os.environ.get(\"JOB_COMPLETION_INDEX\"))\nif index == 0:\n  sys.exit(1)\nelif index == 1:\n  sys.exit(42)\nelse:\n  sys.exit(0)\n";
    const ONE_LINER: &str = "import os, sys; sys.exit(0 if os.environ.get(\"JOB_COMPLETION_INDEX\") == \"2\" else 1)";

    #[test]
    fn the_kubernetes_io_job_examples() {
        for i in 0..4 {
            let index = i.to_string();
            let env = [("JOB_COMPLETION_INDEX", index.as_str())];
            let r = py(EVEN_FAILS, &env).unwrap_or_else(|| panic!("understood"));
            assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.code), ("Hello world\n", "", [1, 0][i % 2]), "index {i}");
            let r = py(BY_INDEX, &env).unwrap_or_else(|| panic!("understood"));
            assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.code), ("", "", [1, 42, 0, 0][i]), "index {i}");
            let r = py(ONE_LINER, &env).unwrap_or_else(|| panic!("understood"));
            assert_eq!(r.code, [1, 1, 0, 1][i], "index {i}");
            assert_eq!(r.duration_ms, START_MS);
        }
        // Without the variable (not an Indexed Job): CPython's TypeError.
        let r = py(EVEN_FAILS, &[]).unwrap_or_else(|| panic!("understood"));
        let src = "if int(os.environ.get(\"JOB_COMPLETION_INDEX\")) % 2 == 0:";
        let msg = "TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'";
        assert_eq!((r.stdout.as_str(), r.stderr, r.code), ("Hello world\n", tb(3, src, &format!("   ~~~{}", "^".repeat(40)), msg), 1));
        let r = py(BY_INDEX, &[("JOB_COMPLETION_INDEX", "x")]).unwrap_or_else(|| panic!("understood"));
        let src = "index = int(os.environ.get(\"JOB_COMPLETION_INDEX\"))";
        assert_eq!((r.stderr, r.code), (tb(2, src, "", "ValueError: invalid literal for int() with base 10: 'x'"), 1), "no carets under `x = f(…)`");
    }

    #[test]
    fn programs_and_switches() {
        let argv = |v: &[&str]| run(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>(), &[]).map(|r| r.stdout);
        for p in ["python", "python3", "python3.12", "/usr/local/bin/python", "/usr/bin/python3.14"] {
            assert_eq!(argv(&[p, "-c", "print('hello')"]).as_deref(), Some("hello\n"), "{p}");
        }
        assert_eq!(argv(&["python3", "-u", "-B", "-c", "print(1)"]).as_deref(), Some("1\n"));
        assert_eq!(argv(&["python3", "-uc", "print(2)"]).as_deref(), Some("2\n"));
        assert_eq!(argv(&["python3", "-cprint(3)"]).as_deref(), Some("3\n"));
        assert_eq!(argv(&["python3", "-c", "import sys; print(sys.argv)", "a", "b"]).as_deref(), Some("['-c', 'a', 'b']\n"));
        for v in [&["python3", "app.py"][..], &["python3", "-m", "http.server"], &["python3"], &["python3", "-c"], &["python3", "-W", "ignore", "-c", "1"], &["perl", "-c", "1"], &["pythonista", "-c", "1"]] {
            assert_eq!(argv(v), None, "{v:?}");
        }
        // 3.14 dedents the -c text.
        assert_eq!(out("\n    x = 1\n    if x:\n        print(x)\n").0, "1\n");
    }

    #[test]
    fn prints_values_loops_and_fstrings() {
        assert_eq!(out("print('hello')").0, "hello\n");
        assert_eq!(out("x = 5\nprint(\"a\", 1, x, None, True, [1, 'b'], (1,))").0, "a 1 5 None True [1, 'b'] (1,)\n");
        assert_eq!(out("print('a', 'b', sep='-', end='!'); print()").0, "a-b!\n");
        assert_eq!(out("print(7 / 2, 8 / 2, -7 // 2, -7 % 3, 2 ** -1, 1e16, 0.1 + 0.2, 1 / 3, 1e-5)").0, "3.5 4.0 -4 2 0.5 1e+16 0.30000000000000004 0.3333333333333333 1e-05\n");
        assert_eq!(out("print('ab' * 2 + 'c', 3 > 2 and 'y', not 1, 1 if 0 else 2, 'b' in 'abc')").0, "ababc y False 2 True\n");
        assert_eq!(out("for i in range(3): print(i)").0, "0\n1\n2\n");
        let loops = "i = 0\nwhile i < 5:\n    i += 1\n    if i == 2:\n        continue\n    if i == 4:\n        break\n    print(i)\nfor c in 'ab':\n    pass\nprint('end', i, c)";
        assert_eq!(out(loops).0, "1\n3\nend 4 b\n");
        let f = "name = 'world'; n = 3\nprint(f\"hi {name}! {n + 1} {name!r} {n:>3} {n:03d} {3.14159:.2f} {n=} {{x}}\")";
        assert_eq!(out(f).0, "hi world! 4 'world'   3 003 3.14 n=3 {x}\n");
        let env = "import os\nprint(os.environ['A'], os.getenv('B', 'b'), os.environ.get('C', 'c'), 'A' in os.environ, os.getenv('Z'))";
        assert_eq!(py(env, &[("A", "a")]).map(|r| r.stdout).as_deref(), Some("a b c True None\n"));
        assert_eq!(out("import sys; print('e', file=sys.stderr); sys.stdout.write('w')"), ("w".into(), "e\n".into(), 0));
        let r = py("import time\ntime.sleep(5)\ntime.sleep(0.25)", &[]).unwrap_or_else(|| panic!("understood"));
        assert_eq!(r.duration_ms, 5_270);
    }

    #[test]
    fn exits() {
        assert_eq!(out("import sys\nsys.exit(\"failed badly\")"), (String::new(), "failed badly\n".into(), 1));
        assert_eq!(out("exit(3)").2, 3);
        assert_eq!(out("import sys; sys.exit()").2, 0);
        assert_eq!(out("import sys; sys.exit(263)").2, 7);
        assert_eq!(out("import sys; sys.exit(-1)").2, 255);
        assert_eq!(out("print('x', end=''); quit(True)"), ("x".into(), String::new(), 1));
    }

    #[test]
    fn errors_as_cpython_prints_them() {
        let frozen = "  File \"<frozen os>\", line 709, in __getitem__\nKeyError: 'X'";
        let want = tb(3, "print(os.environ[\"X\"])", "      ~~~~~~~~~~^^^^^", frozen);
        assert_eq!(out("import os\nx = 1\nprint(os.environ[\"X\"])"), (String::new(), want, 1));
        assert_eq!(out("x = int(None)").1, tb(1, "x = int(None)", "", "TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'"));
        assert_eq!(out("y = 2; x = int('x')").1, tb(1, "y = 2; x = int('x')", "           ~~~^^^^^", "ValueError: invalid literal for int() with base 10: 'x'"));
        assert_eq!(out("a = 1\nprint(x)").1, tb(2, "print(x)", "      ^", "NameError: name 'x' is not defined"));
        assert_eq!(out("print(prnt)").1, tb(1, "print(prnt)", "      ^^^^", "NameError: name 'prnt' is not defined. Did you mean: 'print'?"));
        assert_eq!(out("sys.exit(1)").1, tb(1, "sys.exit(1)", "^^^", "NameError: name 'sys' is not defined. Did you forget to import 'sys'?"));
        assert_eq!(out("print(1 // 0)").1, tb(1, "print(1 // 0)", "      ~~^^~~", "ZeroDivisionError: division by zero"));
        assert_eq!(out("x = 1.5 / 0").1, tb(1, "x = 1.5 / 0", "    ~~~~^~~", "ZeroDivisionError: division by zero"));
        assert_eq!(out("'a' + 1").1, tb(1, "'a' + 1", "~~~~^~~", "TypeError: can only concatenate str (not \"int\") to str"));
        assert_eq!(out("for x in 5: pass").1, tb(1, "for x in 5: pass", "         ^", "TypeError: 'int' object is not iterable"));
        assert_eq!(out("print([1][3])").1, tb(1, "print([1][3])", "      ~~~^^^", "IndexError: list index out of range"));
        assert_eq!(out("print(\"漢字\" + 1)").1, tb(1, "print(\"漢字\" + 1)", "      ~~~~~~~^~~", "TypeError: can only concatenate str (not \"int\") to str"));
        assert_eq!(out("if True:\n    x = 1\n    x += 'a'").1, tb(3, "x += 'a'", "", "TypeError: unsupported operand type(s) for +=: 'int' and 'str'"));
    }

    #[test]
    fn not_understood() {
        for code in [
            "while True:\n    pass",
            "import time\ntime.sleep(86401)",
            "import random",
            "import os.path",
            "def f(): pass",
            "x = {}",
            "print(x[1:])",
            "print('unterminated",
            "if True:\nprint(1)",
            "print 'x'",
            "print(2 ** 64)",
            "print(sorted([2, 1]))",
            "print('%d' % 5)",
            "import os\nprint(os.getcwd())",
            "x = 1 is 1",
            "print('\\d')",
            "print('x' * 10**7)",
            "for i in range(10**6): print(i)",
            "x = (1 +\n  'a')",
            "x = []\nfor i in range(9): x = [x]",
        ] {
            assert_eq!(py(code, &[]), None, "{code}");
        }
    }

    /// Odd pieces of Python glued together: whatever comes out, nothing panics or hangs.
    #[test]
    fn odd_inputs() {
        let pieces = [
            "(", ")", "[", "]", "{", "}", ":", ";", ",", ".", "=", "==", "+", "-", "*", "**", "/", "//", "%", "<", "not", "in", "is", "if", "else",
            "elif", "for", "while", "break", "continue", "pass", "import", "from", "x", "print", "int", "os", "sys", "exit", "f'{", "f\"{x!r:>3}\"",
            "'a'", "\"\\x4\"", "r'\\'", "\"\"\"", "0", "1.5e", "0x", "1_", "9" , "99999999999999999999", "\n", "\n  ", "\n\t", "\\\n", "#", "é", "漢",
            "\u{0}", "\r", "'", "\"", "-1", "range(", "len(", "x = ", "sys.exit(", "os.environ[", "time.sleep(", "1/0", "f'{1/0}'", " ",
        ];
        let mut seed = 0x9e3779b97f4a7c15u64;
        for _ in 0..20_000 {
            let mut code = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            for k in 0..(seed % 12) {
                code += pieces[((seed >> (k * 5)) as usize + k as usize * 7) % pieces.len()];
            }
            let _ = py(&code, &[]);
        }
        let deep = "(".repeat(10_000) + &")".repeat(10_000);
        for code in [deep.as_str(), &"-".repeat(10_000), &"not ".repeat(10_000), &"if 1:\n".repeat(500), &"x=1;".repeat(30_000), &"2**".repeat(5_000)] {
            let _ = py(code, &[]);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]
        #[test]
        fn never_panics(code in "[ -~\n\t]{0,80}", env in "[A-Z=0-9]{0,8}") {
            let _ = py(&code, &[("JOB_COMPLETION_INDEX", env.as_str())]);
        }

        #[test]
        fn never_panics_on_python_like_text(code in "(print|int|x|os\\.environ|\\[|\\]|\\(|\\)|'a'|f'\\{x\\}'|[0-9]|\\+|//|%|==| if | else |\n|  |:|;|,|=|for x in |while |range)*") {
            let _ = py(&code, &[]);
        }
    }
}

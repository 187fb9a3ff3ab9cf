//! Line editors: busybox `cut` (`coreutils/cut.c`), `tr` (`coreutils/tr.c`) and `sed`
//! (`editors/sed.c`), with their option handling and error texts. `sed` runs a parsed
//! script over the input lines with addresses (`N`, `$`, `/re/`, ranges, `addr,+N`, `!`),
//! the commands `s y d D p P n N g G h H x = a i c q l b t T : { } r w`, `-n -e -f -E -i`.
//! Work is bounded by the interpreter's fuel (regex steps) and the capture limit.

use super::builtins::Ctx;
use super::regex::Regex;

const BB: &str = "BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\n";

/// The text of the named inputs (`-` or none: standard input), with busybox's (or the GNU
/// tool's) message for a file it cannot open; the bool is false when one failed.
fn inputs(ctx: &mut Ctx, applet: &str, files: &[String]) -> (Vec<(String, String)>, bool) {
    if files.is_empty() {
        return (vec![("-".into(), ctx.stdin())], true);
    }
    let mut out = Vec::new();
    let mut ok = true;
    for f in files {
        if f == "-" {
            out.push((f.clone(), ctx.stdin()));
            continue;
        }
        let p = ctx.path(f);
        match ctx.read(&p) {
            Some(t) => out.push((f.clone(), t)),
            None => {
                let why = if ctx.host.stat(&p).is_some_and(|s| s.is_dir()) { "Is a directory" } else { "No such file or directory" };
                ctx.fail(format!("{applet}: can't open '{f}': {why}"), || match applet {
                    // GNU sed, util-linux rev, coreutils cut.
                    "sed" if why.starts_with('I') => format!("sed: read error on {f}: {why}"),
                    "sed" => format!("sed: can't read {f}: {why}"),
                    "rev" => format!("rev: cannot open {f}: {why}"),
                    _ => format!("{applet}: {f}: {why}"),
                });
                ok = false;
            }
        }
    }
    (out, ok)
}

// ----- rev -----

/// busybox `rev`: each line's characters reversed, its newline kept at the end (a last line
/// without one stays without).
#[inline(never)]
pub(crate) fn rev(ctx: &mut Ctx, files: &[String]) -> i32 {
    let (texts, ok) = inputs(ctx, "rev", files);
    let mut out = String::new();
    for (_, text) in texts {
        for line in text.split_inclusive('\n') {
            let body = line.strip_suffix('\n');
            out.extend(body.unwrap_or(line).chars().rev());
            if body.is_some() {
                out.push('\n');
            }
        }
    }
    ctx.out(&out);
    if ok { 0 } else { 1 }
}

// ----- cut -----

fn cut_usage() -> String {
    format!("{BB}Usage: cut [OPTIONS] [FILE]...\n\nPrint selected fields from FILEs to stdout\n\n\t-b LIST\tOutput only bytes from LIST\n\t-c LIST\tOutput only characters from LIST\n\t-d SEP\tField delimiter for input (default -f TAB, -F run of whitespace)\n\t-O SEP\tField delimeter for output (default = -d for -f, one space for -F)\n\t-D\tDon't sort/collate sections or match -fF lines without delimeter\n\t-f LIST\tPrint only these fields (-d is single char)\n\t-F LIST\tPrint only these fields (-d is regex)\n\t-s\tOutput only lines containing delimiter\n\t-n\tIgnored\n")
}

#[inline(never)]
pub(crate) fn cut(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut list: Option<String> = None;
    let mut mode = ' ';
    let mut delim: Option<String> = None;
    let mut odelim: Option<String> = None;
    let mut suppress = false;
    let mut files = Vec::new();
    let mut it = args.iter();
    let mut opts_done = false;
    while let Some(a) = it.next() {
        if opts_done || !a.starts_with('-') || a == "-" {
            files.push(a.clone());
            continue;
        }
        if a == "--" {
            opts_done = true;
            continue;
        }
        let chars: Vec<char> = a[1..].chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            match c {
                'b' | 'c' | 'f' | 'F' | 'd' | 'O' => {
                    let rest: String = chars[k + 1..].iter().collect();
                    let Some(v) = (if rest.is_empty() { it.next().cloned() } else { Some(rest) }) else {
                        ctx.err(&format!("cut: option requires an argument -- '{c}'\n{}", cut_usage()));
                        return 1;
                    };
                    match c {
                        'd' => delim = Some(v),
                        'O' => odelim = Some(v),
                        _ => {
                            if mode != ' ' && mode != c {
                                ctx.err(&cut_usage());
                                return 1;
                            }
                            mode = c;
                            list = Some(v);
                        }
                    }
                    k = chars.len();
                    continue;
                }
                's' => suppress = true,
                'D' | 'n' => {}
                other => {
                    ctx.err(&format!("cut: invalid option -- '{other}'\n{}", cut_usage()));
                    return 1;
                }
            }
            k += 1;
        }
    }
    let Some(list) = list else {
        ctx.err("cut: expected a list of bytes, characters, or fields\n");
        return 1;
    };
    if matches!(mode, 'b' | 'c') {
        if suppress {
            ctx.err("cut: suppressing non-delimited lines makes sense only when operating on fields\n");
            return 1;
        }
        if delim.is_some() {
            ctx.err("cut: a delimiter may be specified only when operating on fields\n");
            return 1;
        }
    }
    // N, N-, N-M, -M (1-based), as 0-based inclusive ranges.
    let mut ranges: Vec<(usize, usize)> = Vec::new();
    for part in list.split(',').filter(|p| !p.is_empty()) {
        let num = |s: &str, ctx: &mut Ctx| -> Option<usize> {
            match s.parse::<usize>() {
                Ok(n) => Some(n),
                Err(_) => {
                    ctx.err(&format!("cut: invalid number '{s}'\n"));
                    None
                }
            }
        };
        let (s, e) = match part.split_once('-') {
            None => {
                let Some(n) = num(part, ctx) else { return 1 };
                let s = n.saturating_sub(1);
                (s, s)
            }
            Some((a, b)) => {
                let s = if a.is_empty() {
                    0
                } else {
                    let Some(n) = num(a, ctx) else { return 1 };
                    n.saturating_sub(1)
                };
                let e = if b.is_empty() {
                    usize::MAX
                } else {
                    let Some(n) = num(b, ctx) else { return 1 };
                    if n < s {
                        ctx.err(&format!("cut: {n}<{s}\n"));
                        return 1;
                    }
                    n.saturating_sub(1)
                };
                (s, e)
            }
        };
        ranges.push((s, e));
    }
    if ranges.is_empty() {
        ctx.err("cut: missing list of positions\n");
        return 1;
    }
    crate::sort::sort(&mut ranges);
    let wanted = |i: usize| ranges.iter().any(|(s, e)| *s <= i && i <= *e);
    let regex_fields = mode == 'F';
    let d: char = delim.as_deref().and_then(|d| d.chars().next()).unwrap_or('\t');
    let od = odelim.clone().unwrap_or_else(|| if regex_fields { " ".into() } else { d.to_string() });
    let (texts, ok) = inputs(ctx, "cut", &files);
    let mut out = String::new();
    for (_, text) in texts {
        for line in text.lines() {
            match mode {
                'b' | 'c' => {
                    let picked: String = if mode == 'b' {
                        String::from_utf8_lossy(&line.bytes().enumerate().filter(|(i, _)| wanted(*i)).map(|(_, b)| b).collect::<Vec<u8>>()).into_owned()
                    } else {
                        line.chars().enumerate().filter(|(i, _)| wanted(*i)).map(|(_, c)| c).collect()
                    };
                    out.push_str(&picked);
                    out.push('\n');
                }
                _ => {
                    let fields: Vec<&str> = if regex_fields { line.split_whitespace().collect() } else { line.split(d).collect() };
                    if fields.len() == 1 && !regex_fields {
                        if !suppress {
                            out.push_str(line);
                            out.push('\n');
                        }
                        continue;
                    }
                    let picked: Vec<&str> = fields.iter().enumerate().filter(|(i, _)| wanted(*i)).map(|(_, f)| *f).collect();
                    out.push_str(&picked.join(&od));
                    out.push('\n');
                }
            }
            if out.len() > super::MAX_CAPTURE_BYTES {
                break;
            }
        }
    }
    ctx.out(&out);
    if ok { 0 } else { 1 }
}

// ----- tr -----

/// A `tr` set: escapes, ranges, `[:class:]`, `[c*n]`.
fn tr_set(s: &str) -> Vec<char> {
    let c: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let unescape = |c: &[char], i: &mut usize| -> char {
        if c[*i] == '\\' && *i + 1 < c.len() {
            *i += 1;
            match c[*i] {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '\\' => '\\',
                d if d.is_digit(8) => {
                    let mut v = d.to_digit(8).unwrap_or(0);
                    while *i + 1 < c.len() && c[*i + 1].is_digit(8) && v < 32 {
                        *i += 1;
                        v = v * 8 + c[*i].to_digit(8).unwrap_or(0);
                    }
                    char::from_u32(v).unwrap_or('?')
                }
                other => other,
            }
        } else {
            c[*i]
        }
    };
    while i < c.len() && out.len() < 65_536 {
        if c[i] == '[' && c.get(i + 1) == Some(&':') {
            let rest: String = c[i + 2..].iter().collect();
            if let Some(end) = rest.find(":]") {
                let name = &rest[..end];
                let class: Vec<char> = match name {
                    "lower" => ('a'..='z').collect(),
                    "upper" => ('A'..='Z').collect(),
                    "digit" => ('0'..='9').collect(),
                    "alpha" => ('A'..='Z').chain('a'..='z').collect(),
                    "alnum" => ('0'..='9').chain('A'..='Z').chain('a'..='z').collect(),
                    "space" => vec!['\t', '\n', '\x0b', '\x0c', '\r', ' '],
                    "blank" => vec!['\t', ' '],
                    "punct" => ('!'..='/').chain(':'..='@').chain('['..='`').chain('{'..='~').collect(),
                    "xdigit" => ('0'..='9').chain('A'..='F').chain('a'..='f').collect(),
                    _ => vec![],
                };
                out.extend(class);
                i += 2 + name.chars().count() + 2;
                continue;
            }
        }
        let a = unescape(&c, &mut i);
        if c.get(i + 1) == Some(&'-') && i + 2 < c.len() {
            i += 2;
            let b = unescape(&c, &mut i);
            if a <= b {
                out.extend((a..=b).take(65_536));
            }
        } else {
            out.push(a);
        }
        i += 1;
    }
    out
}

#[inline(never)]
pub(crate) fn tr(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut complement = false;
    let mut delete = false;
    let mut squeeze = false;
    let mut sets: Vec<&String> = Vec::new();
    for a in args {
        if sets.is_empty() && a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| "cCdst".contains(c)) {
            complement |= a.contains('c') || a.contains('C');
            delete |= a.contains('d');
            squeeze |= a.contains('s');
        } else {
            sets.push(a);
        }
    }
    if sets.is_empty() || (!delete && !squeeze && sets.len() < 2) {
        ctx.err(&format!("{BB}Usage: tr [-cds] STRING1 [STRING2]\n\nTranslate, squeeze, or delete characters from stdin, writing to stdout\n\n\t-c\tTake complement of STRING1\n\t-d\tDelete input characters coded STRING1\n\t-s\tSqueeze multiple output characters of STRING2 into one character\n"));
        return 1;
    }
    let s1 = tr_set(sets[0]);
    let s2 = sets.get(1).map(|s| tr_set(s)).unwrap_or_default();
    let input = ctx.stdin();
    let in1 = |c: char| s1.contains(&c) != complement;
    let mut out = String::with_capacity(input.len());
    let mut last: Option<char> = None;
    let squeeze_set: &[char] = if delete || s2.is_empty() { &s1 } else { &s2 };
    for ch in input.chars() {
        let mapped = if delete {
            if in1(ch) {
                continue;
            }
            ch
        } else if !s2.is_empty() && in1(ch) {
            if complement {
                *s2.last().unwrap_or(&ch)
            } else {
                let pos = s1.iter().rposition(|c| *c == ch).unwrap_or(0);
                *s2.get(pos).or(s2.last()).unwrap_or(&ch)
            }
        } else {
            ch
        };
        if squeeze && last == Some(mapped) && (squeeze_set.contains(&mapped) != (complement && delete)) {
            continue;
        }
        last = Some(mapped);
        out.push(mapped);
    }
    ctx.out(&out);
    0
}

// ----- sed -----

#[derive(Debug, Clone)]
enum Addr {
    Line(u64),
    Last,
    Re(Option<Regex>),
}

#[derive(Debug, Clone)]
enum Addr2 {
    At(Addr),
    Plus(u64),
}

#[derive(Debug, Clone)]
enum Repl {
    Text(String),
    Group(usize),
}

#[derive(Debug, Clone)]
enum Kind {
    Subst { re: Option<Regex>, repl: Vec<Repl>, global: bool, nth: usize, print: bool, write: Option<String> },
    Translit(Vec<(char, char)>),
    Simple(char),
    Text(char, String),
    Label(String),
    Jump(char, Option<String>),
    File(char, String),
    Open(usize),
    Close,
}

#[derive(Debug, Clone)]
struct Cmd {
    a1: Option<Addr>,
    a2: Option<Addr2>,
    invert: bool,
    kind: Kind,
}

struct SedError(String);

fn sed_usage() -> String {
    format!("{BB}Usage: sed [-i[SFX]] [-nrE] [-f FILE]... [-e CMD]... [FILE]...\nor: sed [-i[SFX]] [-nrE] CMD [FILE]...\n\n\t-e CMD\tAdd CMD to sed commands to be executed\n\t-f FILE\tAdd FILE contents to sed commands to be executed\n\t-i[SFX]\tEdit files in-place (otherwise write to stdout)\n\t\tOptionally back files up, appending SFX\n\t-n\tSuppress automatic printing of pattern space\n\t-z\tNUL terminated input\n\t-r,-E\tUse extended regex syntax\n\nIf no -e or -f, the first non-option argument is the sed command string.\nRemaining arguments are input files (stdin if none).\n")
}

struct SedParser<'a> {
    c: &'a [char],
    i: usize,
    ere: bool,
    cmds: Vec<Cmd>,
    open: Vec<usize>,
}

impl SedParser<'_> {
    fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }

    /// Text up to the next unescaped `delim` (not inside a bracket expression), with `\delim`
    /// turned into `delim` and `\n` into a newline.
    fn delimited(&mut self, delim: char) -> Result<String, SedError> {
        let mut out = String::new();
        let mut bracket = false;
        while let Some(c) = self.peek() {
            self.i += 1;
            if c == '\\' {
                match self.peek() {
                    Some(d) if d == delim => {
                        out.push(d);
                        self.i += 1;
                    }
                    Some('n') if !bracket => {
                        out.push('\n');
                        self.i += 1;
                    }
                    Some(d) => {
                        out.push('\\');
                        out.push(d);
                        self.i += 1;
                    }
                    None => out.push('\\'),
                }
                continue;
            }
            if bracket {
                if c == ']' {
                    bracket = false;
                }
            } else if c == '[' {
                bracket = true;
                // `[]…]` and `[^]…]`: a leading `]` is literal.
                if self.peek() == Some('^') {
                    out.push('[');
                    out.push('^');
                    self.i += 1;
                    if self.peek() == Some(']') {
                        out.push(']');
                        self.i += 1;
                    }
                    continue;
                }
                if self.peek() == Some(']') {
                    out.push('[');
                    out.push(']');
                    self.i += 1;
                    continue;
                }
            } else if c == delim {
                return Ok(out);
            }
            out.push(c);
        }
        Err(SedError(format!("unmatched '{delim}'")))
    }

    fn regex(&self, text: &str, icase: bool) -> Result<Regex, SedError> {
        Regex::new(text, self.ere, icase).map_err(|e| SedError(format!("bad regex '{text}': {e}")))
    }

    fn address(&mut self) -> Result<Option<Addr>, SedError> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                let mut n = 0u64;
                while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(u64::from(d));
                    self.i += 1;
                }
                Ok(Some(Addr::Line(n)))
            }
            Some('$') => {
                self.i += 1;
                Ok(Some(Addr::Last))
            }
            Some('/') | Some('\\') => {
                let delim = if self.peek() == Some('\\') {
                    self.i += 1;
                    self.peek().ok_or_else(|| SedError("unmatched '\\'".into()))?
                } else {
                    '/'
                };
                self.i += 1;
                let text = self.delimited(delim)?;
                let icase = self.peek() == Some('I');
                if icase {
                    self.i += 1;
                }
                Ok(Some(Addr::Re(if text.is_empty() { None } else { Some(self.regex(&text, icase)?) })))
            }
            _ => Ok(None),
        }
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.i += 1;
        }
    }

    /// The rest of the line (a file name, a label).
    fn word(&mut self, stop_at_semicolon: bool) -> String {
        self.skip_ws();
        let mut out = String::new();
        while let Some(c) = self.peek() {
            if c == '\n' || (stop_at_semicolon && (c == ';' || c == '}' || c == ' ')) {
                break;
            }
            out.push(c);
            self.i += 1;
        }
        out
    }

    fn parse(&mut self) -> Result<(), SedError> {
        loop {
            while self.peek().is_some_and(|c| c.is_whitespace() || c == ';') {
                self.i += 1;
            }
            let Some(c) = self.peek() else { break };
            if c == '#' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.i += 1;
                }
                continue;
            }
            if self.cmds.len() > 10_000 {
                return Err(SedError("script longer than 10000 commands (podlife limit)".into()));
            }
            let a1 = self.address()?;
            let mut a2 = None;
            if a1.is_some() && self.peek() == Some(',') {
                self.i += 1;
                if self.peek() == Some('+') && self.c.get(self.i + 1).is_some_and(char::is_ascii_digit) {
                    self.i += 1;
                    let mut n = 0u64;
                    while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(u64::from(d));
                        self.i += 1;
                    }
                    a2 = Some(Addr2::Plus(n));
                } else {
                    match self.address()? {
                        Some(a) => a2 = Some(Addr2::At(a)),
                        None => return Err(SedError("no address after comma".into())),
                    }
                }
            }
            self.skip_ws();
            let mut invert = false;
            while self.peek() == Some('!') {
                invert = true;
                self.i += 1;
                self.skip_ws();
            }
            let Some(cmd) = self.peek() else { return Err(SedError("missing command".into())) };
            self.i += 1;
            let kind = match cmd {
                's' => self.subst()?,
                'y' => {
                    let Some(delim) = self.peek() else { return Err(SedError("bad format in substitution expression".into())) };
                    self.i += 1;
                    let from: Vec<char> = unescape(&self.delimited(delim)?).chars().collect();
                    let to: Vec<char> = unescape(&self.delimited(delim)?).chars().collect();
                    if from.len() != to.len() {
                        return Err(SedError("strings for y command are different lengths".into()));
                    }
                    Kind::Translit(from.into_iter().zip(to).collect())
                }
                'a' | 'i' | 'c' => {
                    if cmd != 'c' && a2.is_some() {
                        return Err(SedError(format!("command '{cmd}' uses only one address")));
                    }
                    // `a\` + newline + text, or the GNU one-liner `a text`.
                    self.skip_ws();
                    if self.peek() == Some('\\') {
                        self.i += 1;
                    }
                    if self.peek() == Some('\n') {
                        self.i += 1;
                    }
                    let mut text = String::new();
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        if c == '\\' && self.c.get(self.i + 1).is_some() {
                            self.i += 1;
                            let n = self.c[self.i];
                            text.push(if n == 'n' { '\n' } else { n });
                            self.i += 1;
                            continue;
                        }
                        text.push(c);
                        self.i += 1;
                    }
                    Kind::Text(cmd, text)
                }
                ':' => {
                    if a1.is_some() {
                        return Err(SedError("command ':' does not accept any addresses".into()));
                    }
                    let l = self.word(true);
                    if l.is_empty() {
                        return Err(SedError("\":\" lacks a label".into()));
                    }
                    Kind::Label(l)
                }
                'b' | 't' | 'T' => {
                    let l = self.word(true);
                    Kind::Jump(cmd, (!l.is_empty()).then_some(l))
                }
                'r' | 'w' => {
                    let f = self.word(false);
                    if f.is_empty() {
                        return Err(SedError("empty filename".into()));
                    }
                    Kind::File(cmd, f)
                }
                '{' => {
                    self.open.push(self.cmds.len());
                    Kind::Open(0)
                }
                '}' => {
                    let Some(start) = self.open.pop() else { return Err(SedError("unexpected '}'".into())) };
                    let here = self.cmds.len();
                    if let Some(Cmd { kind: Kind::Open(end), .. }) = self.cmds.get_mut(start) {
                        *end = here;
                    }
                    Kind::Close
                }
                'd' | 'D' | 'p' | 'P' | 'n' | 'N' | 'g' | 'G' | 'h' | 'H' | 'x' | '=' | 'q' | 'Q' | 'l' | 'z' => Kind::Simple(cmd),
                other => return Err(SedError(format!("unsupported command {other}"))),
            };
            self.cmds.push(Cmd { a1, a2, invert, kind });
        }
        if !self.open.is_empty() {
            return Err(SedError("unterminated {".into()));
        }
        Ok(())
    }

    fn subst(&mut self) -> Result<Kind, SedError> {
        let Some(delim) = self.peek() else { return Err(SedError("bad format in substitution expression".into())) };
        if delim == '\n' || delim == '\\' {
            return Err(SedError("bad format in substitution expression".into()));
        }
        self.i += 1;
        let pattern = self.delimited(delim)?;
        let raw = self.delimited(delim)?;
        let mut repl = Vec::new();
        let mut text = String::new();
        let mut it = raw.chars().peekable();
        while let Some(c) = it.next() {
            match c {
                '\\' => match it.next() {
                    Some(d @ '0'..='9') => {
                        if !text.is_empty() {
                            repl.push(Repl::Text(std::mem::take(&mut text)));
                        }
                        repl.push(Repl::Group(d as usize - '0' as usize));
                    }
                    Some('n') => text.push('\n'),
                    Some('t') => text.push('\t'),
                    Some('&') => text.push('&'),
                    Some(other) => text.push(other),
                    None => text.push('\\'),
                },
                '&' => {
                    if !text.is_empty() {
                        repl.push(Repl::Text(std::mem::take(&mut text)));
                    }
                    repl.push(Repl::Group(0));
                }
                c => text.push(c),
            }
        }
        if !text.is_empty() {
            repl.push(Repl::Text(text));
        }
        let mut global = false;
        let mut nth = 1;
        let mut print = false;
        let mut icase = false;
        let mut write = None;
        while let Some(c) = self.peek() {
            match c {
                'g' => global = true,
                'p' => print = true,
                'i' | 'I' => icase = true,
                '0'..='9' => {
                    let mut n = 0usize;
                    while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
                        n = n.saturating_mul(10).saturating_add(d as usize);
                        self.i += 1;
                    }
                    nth = n.max(1);
                    continue;
                }
                'w' => {
                    self.i += 1;
                    write = Some(self.word(false));
                    break;
                }
                ' ' | '\t' => {}
                ';' | '\n' | '}' | '#' => break,
                _ => return Err(SedError("bad option in substitution expression".into())),
            }
            self.i += 1;
        }
        let re = if pattern.is_empty() { None } else { Some(self.regex(&pattern, icase)?) };
        Ok(Kind::Subst { re, repl, global, nth, print, write })
    }
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// One input line and where it comes from.
struct Line {
    text: String,
    /// It ended with a newline.
    nl: bool,
    /// The last line of the input (`$`).
    last: bool,
}

struct SedRun<'a> {
    cmds: &'a [Cmd],
    quiet: bool,
    /// Active ranges: command index → the range's end condition.
    active: Vec<Option<RangeEnd>>,
    hold: String,
    last_regex: Option<Regex>,
    fuel: u64,
    out: String,
    /// `w` files: path → text to append.
    writes: Vec<(String, String)>,
}

#[derive(Debug, Clone)]
enum RangeEnd {
    Line(u64),
    Re(Option<Regex>),
    Last,
}

impl SedRun<'_> {
    fn matches_addr(&mut self, a: &Addr, lineno: u64, line: &Line, pattern: &str) -> bool {
        match a {
            Addr::Line(n) => *n == lineno,
            Addr::Last => line.last,
            Addr::Re(re) => {
                let re = match re {
                    Some(r) => {
                        self.last_regex = Some(r.clone());
                        r.clone()
                    }
                    None => match &self.last_regex {
                        Some(r) => r.clone(),
                        None => return false,
                    },
                };
                let chars: Vec<char> = pattern.chars().collect();
                re.find_with(&chars, &mut self.fuel).is_some()
            }
        }
    }

    fn selected(&mut self, k: usize, lineno: u64, line: &Line, pattern: &str) -> bool {
        let cmd = &self.cmds[k];
        let hit = match (&cmd.a1, &cmd.a2) {
            (None, _) => true,
            (Some(a), None) => {
                let a = a.clone();
                self.matches_addr(&a, lineno, line, pattern)
            }
            (Some(a1), Some(a2)) => {
                let (a1, a2) = (a1.clone(), a2.clone());
                if let Some(end) = self.active[k].clone() {
                    let done = match &end {
                        RangeEnd::Line(n) => lineno >= *n,
                        RangeEnd::Last => line.last,
                        RangeEnd::Re(re) => {
                            let a = Addr::Re(re.clone());
                            self.matches_addr(&a, lineno, line, pattern)
                        }
                    };
                    if done {
                        self.active[k] = None;
                    }
                    true
                } else if self.matches_addr(&a1, lineno, line, pattern) {
                    let end = match a2 {
                        Addr2::Plus(n) => RangeEnd::Line(lineno + n),
                        Addr2::At(Addr::Line(n)) => RangeEnd::Line(n),
                        Addr2::At(Addr::Last) => RangeEnd::Last,
                        Addr2::At(Addr::Re(r)) => RangeEnd::Re(r),
                    };
                    // A line-number end at or before this line closes the range at once.
                    let still = match &end {
                        RangeEnd::Line(n) => *n > lineno,
                        RangeEnd::Last => !line.last,
                        RangeEnd::Re(_) => true,
                    };
                    if still {
                        self.active[k] = Some(end);
                    }
                    true
                } else {
                    false
                }
            }
        };
        hit != cmd.invert
    }

    fn subst(&mut self, pattern: &mut String, re: &Option<Regex>, repl: &[Repl], global: bool, nth: usize) -> bool {
        let re = match re {
            Some(r) => {
                self.last_regex = Some(r.clone());
                r.clone()
            }
            None => match &self.last_regex {
                Some(r) => r.clone(),
                None => return false,
            },
        };
        let chars: Vec<char> = pattern.chars().collect();
        let mut out = String::new();
        let mut at = 0;
        let mut count = 0;
        let mut changed = false;
        let mut copied = 0;
        while at <= chars.len() {
            let Some(caps) = re.captures_from(&chars, at, &mut self.fuel) else { break };
            let Some((s, e)) = caps[0] else { break };
            count += 1;
            if count >= nth {
                out.extend(&chars[copied..s]);
                for r in repl {
                    match r {
                        Repl::Text(t) => out.push_str(t),
                        Repl::Group(g) => {
                            if let Some(Some((a, b))) = caps.get(*g) {
                                out.extend(&chars[*a..*b]);
                            }
                        }
                    }
                }
                copied = e;
                changed = true;
                if !global {
                    break;
                }
            }
            if e == s {
                // An empty match: the next try starts one character on.
                at = e + 1;
            } else {
                at = e;
            }
            if out.len() > super::MAX_CAPTURE_BYTES {
                break;
            }
        }
        if changed {
            out.extend(&chars[copied.min(chars.len())..]);
            *pattern = out;
        }
        changed
    }

    fn emit(&mut self, text: &str, nl: bool) {
        if self.out.len() > super::MAX_CAPTURE_BYTES {
            return;
        }
        self.out.push_str(text);
        if nl {
            self.out.push('\n');
        }
    }

    /// `l`: the pattern space unambiguously, wrapped at 70 columns, `$` at the end.
    fn list(&mut self, pattern: &str) {
        let mut line = String::new();
        for c in pattern.chars() {
            let piece = match c {
                '\\' => "\\\\".to_string(),
                '\x07' => "\\a".into(),
                '\x08' => "\\b".into(),
                '\x0c' => "\\f".into(),
                '\n' => "\\n".into(),
                '\r' => "\\r".into(),
                '\t' => "\\t".into(),
                '\x0b' => "\\v".into(),
                c if (c as u32) < 32 || c as u32 == 127 => format!("\\{:03o}", c as u32),
                c => c.to_string(),
            };
            if line.chars().count() + piece.chars().count() > 69 {
                line.push('\\');
                self.emit(&line, true);
                line.clear();
            }
            line.push_str(&piece);
        }
        line.push('$');
        self.emit(&line, true);
    }
}

#[inline(never)]
pub(crate) fn sed(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut quiet = false;
    let mut ere = false;
    let mut in_place: Option<String> = None;
    let mut scripts: Vec<String> = Vec::new();
    let mut have_script = false;
    let mut files: Vec<String> = Vec::new();
    let mut it = args.iter();
    let mut opts_done = false;
    while let Some(a) = it.next() {
        if opts_done || !a.starts_with('-') || a == "-" {
            if !have_script {
                scripts.push(a.clone());
                have_script = true;
            } else {
                files.push(a.clone());
            }
            continue;
        }
        if a == "--" {
            opts_done = true;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long {
                "quiet" | "silent" => quiet = true,
                "regexp-extended" => ere = true,
                l if l.starts_with("in-place") => in_place = Some(l.strip_prefix("in-place=").unwrap_or("").to_string()),
                l if l.starts_with("expression=") => {
                    scripts.push(l["expression=".len()..].to_string());
                    have_script = true;
                }
                _ => {
                    ctx.err(&format!("sed: unrecognized option '{a}'\n{}", sed_usage()));
                    return 1;
                }
            }
            continue;
        }
        let chars: Vec<char> = a[1..].chars().collect();
        let mut k = 0;
        while k < chars.len() {
            match chars[k] {
                'n' => quiet = true,
                'r' | 'E' => ere = true,
                's' | 'u' | 'z' => {}
                'i' => {
                    in_place = Some(chars[k + 1..].iter().collect());
                    k = chars.len();
                    continue;
                }
                'e' | 'f' => {
                    let rest: String = chars[k + 1..].iter().collect();
                    let Some(v) = (if rest.is_empty() { it.next().cloned() } else { Some(rest) }) else {
                        ctx.err(&format!("sed: option requires an argument -- '{}'\n{}", chars[k], sed_usage()));
                        return 1;
                    };
                    if chars[k] == 'e' {
                        scripts.push(v);
                    } else {
                        let p = ctx.path(&v);
                        match ctx.read(&p) {
                            Some(t) => scripts.push(t.trim_end_matches('\n').to_string()),
                            None => {
                                ctx.err(&format!("sed: can't open '{v}': No such file or directory\n"));
                                return 1;
                            }
                        }
                    }
                    have_script = true;
                    k = chars.len();
                    continue;
                }
                other => {
                    ctx.err(&format!("sed: invalid option -- '{other}'\n{}", sed_usage()));
                    return 1;
                }
            }
            k += 1;
        }
    }
    if scripts.is_empty() {
        ctx.err(&sed_usage());
        return 1;
    }
    let text: Vec<char> = scripts.join("\n").chars().collect();
    let mut p = SedParser { c: &text, i: 0, ere, cmds: Vec::new(), open: Vec::new() };
    if let Err(SedError(msg)) = p.parse() {
        ctx.err(&format!("sed: {msg}\n"));
        return 1;
    }
    let cmds = p.cmds;
    for c in &cmds {
        if let Kind::Jump(_, Some(l)) = &c.kind
            && !cmds.iter().any(|x| matches!(&x.kind, Kind::Label(n) if n == l))
        {
            ctx.err(&format!("sed: can't find label for jump to '{l}'\n"));
            return 1;
        }
    }
    if in_place.is_some() && files.is_empty() {
        ctx.err("sed: -i requires an argument\n");
        return 1;
    }
    let (texts, ok) = inputs(ctx, "sed", &files);
    let mut status = if ok { 0 } else { 1 };
    // With -i each file is its own stream; otherwise all inputs are one.
    let streams: Vec<(Option<String>, String)> = if in_place.is_some() {
        texts.into_iter().map(|(n, t)| (Some(n), t)).collect()
    } else {
        vec![(None, texts.into_iter().map(|(_, t)| t).collect())]
    };
    let mut run = SedRun { cmds: &cmds, quiet, active: vec![None; cmds.len()], hold: String::new(), last_regex: None, fuel: ctx.fuel, out: String::new(), writes: Vec::new() };
    for (file, text) in streams {
        run.out.clear();
        let mut lines: Vec<Line> = Vec::new();
        let n = text.split_inclusive('\n').count();
        for (i, l) in text.split_inclusive('\n').enumerate() {
            let nl = l.ends_with('\n');
            lines.push(Line { text: l.trim_end_matches('\n').to_string(), nl, last: i + 1 == n });
        }
        if let Some(code) = run_stream(ctx, &mut run, &lines) {
            status = code;
            write_stream(ctx, &mut run, file.as_deref(), in_place.as_deref());
            break;
        }
        write_stream(ctx, &mut run, file.as_deref(), in_place.as_deref());
    }
    for (path, t) in std::mem::take(&mut run.writes) {
        let full = ctx.path(&path);
        let _ = super::state::write_file(ctx.host, &full, &t, true);
    }
    ctx.fuel = run.fuel;
    status
}

fn write_stream(ctx: &mut Ctx, run: &mut SedRun, file: Option<&str>, in_place: Option<&str>) {
    let out = std::mem::take(&mut run.out);
    match (file, in_place) {
        (Some(f), Some(suffix)) => {
            let p = ctx.path(f);
            if !suffix.is_empty()
                && let Some(old) = ctx.read(&p)
            {
                let _ = super::state::write_file(ctx.host, &format!("{p}{suffix}"), &old, false);
            }
            if let Err(e) = super::state::write_file(ctx.host, &p, &out, false) {
                ctx.err(&format!("sed: can't create '{f}': {e}\n"));
            }
        }
        _ => ctx.out(&out),
    }
}

/// Runs the script over one stream; Some(code) when `q`/`Q` ended it.
fn run_stream(ctx: &mut Ctx, run: &mut SedRun, lines: &[Line]) -> Option<i32> {
    let mut idx = 0;
    let mut lineno = 0u64;
    let mut appended: Vec<String> = Vec::new();
    // `D` with lines left: the next cycle starts on them without reading input.
    let mut carry: Option<String> = None;
    let mut cur = 0;
    let mut cycles = 0u64;
    loop {
        cycles += 1;
        if cycles > 1_000_000 || run.fuel == 0 {
            break;
        }
        let mut pattern = match carry.take() {
            Some(p) => p,
            None => {
                if idx >= lines.len() {
                    break;
                }
                cur = idx;
                idx += 1;
                lineno += 1;
                lines[cur].text.clone()
            }
        };
        let mut line = &lines[cur];
        let mut substituted = false;
        let mut pc = 0;
        let mut autoprint = !run.quiet;
        let mut restart = false;
        let mut steps = 0u64;
        'cycle: while pc < run.cmds.len() {
            steps += 1;
            run.fuel = run.fuel.saturating_sub(1);
            if steps > 1_000_000 || run.fuel == 0 {
                break;
            }
            if !run.selected(pc, lineno, line, &pattern) {
                if let Kind::Open(end) = run.cmds[pc].kind {
                    pc = end + 1;
                } else {
                    pc += 1;
                }
                continue;
            }
            let kind = run.cmds[pc].kind.clone();
            pc += 1;
            match kind {
                Kind::Subst { re, repl, global, nth, print, write } => {
                    if run.subst(&mut pattern, &re, &repl, global, nth) {
                        substituted = true;
                        if print {
                            run.emit(&pattern, true);
                        }
                        if let Some(w) = write {
                            run.writes.push((w, format!("{pattern}\n")));
                        }
                    }
                }
                Kind::Translit(map) => {
                    pattern = pattern.chars().map(|c| map.iter().find(|(a, _)| *a == c).map_or(c, |(_, b)| *b)).collect();
                }
                Kind::Text('a', t) => appended.push(t),
                Kind::Text('i', t) => run.emit(&t, true),
                Kind::Text(_, t) => {
                    // `c`: in a range, the text replaces the whole range (printed at its end).
                    let k = pc - 1;
                    if run.cmds[k].a2.is_none() || run.active[k].is_none() {
                        run.emit(&t, true);
                    }
                    autoprint = false;
                    break 'cycle;
                }
                Kind::Label(_) | Kind::Open(_) | Kind::Close => {}
                Kind::Jump(j, label) => {
                    let take = match j {
                        'b' => true,
                        't' => std::mem::take(&mut substituted),
                        _ => !std::mem::take(&mut substituted),
                    };
                    if take {
                        match label {
                            None => break 'cycle,
                            Some(l) => pc = run.cmds.iter().position(|c| matches!(&c.kind, Kind::Label(n) if *n == l)).unwrap_or(run.cmds.len()),
                        }
                    }
                }
                Kind::File('r', f) => {
                    let p = ctx.path(&f);
                    if let Some(t) = ctx.read(&p) {
                        appended.push(t.trim_end_matches('\n').to_string());
                    }
                }
                Kind::File(_, f) => run.writes.push((f, format!("{pattern}\n"))),
                Kind::Simple(c) => match c {
                    'd' => {
                        autoprint = false;
                        break 'cycle;
                    }
                    'D' => {
                        match pattern.find('\n') {
                            Some(i) => {
                                pattern = pattern[i + 1..].to_string();
                                restart = true;
                            }
                            None => autoprint = false,
                        }
                        if restart {
                            autoprint = false;
                        }
                        break 'cycle;
                    }
                    'p' => run.emit(&pattern, true),
                    'P' => {
                        let first = pattern.split('\n').next().unwrap_or("").to_string();
                        run.emit(&first, true);
                    }
                    'n' => {
                        if idx >= lines.len() {
                            // No next line: sed ends (GNU prints the pattern space first).
                            break 'cycle;
                        }
                        if !run.quiet {
                            run.emit(&pattern, true);
                        }
                        cur = idx;
                        line = &lines[cur];
                        idx += 1;
                        lineno += 1;
                        pattern = line.text.clone();
                    }
                    'N' => {
                        if idx >= lines.len() {
                            break 'cycle;
                        }
                        cur = idx;
                        line = &lines[cur];
                        idx += 1;
                        lineno += 1;
                        pattern.push('\n');
                        pattern.push_str(&line.text);
                    }
                    'g' => pattern = run.hold.clone(),
                    'G' => {
                        pattern.push('\n');
                        pattern.push_str(&run.hold.clone());
                    }
                    'h' => run.hold = pattern.clone(),
                    'H' => {
                        run.hold.push('\n');
                        run.hold.push_str(&pattern);
                    }
                    'x' => std::mem::swap(&mut pattern, &mut run.hold),
                    'z' => pattern.clear(),
                    '=' => run.emit(&lineno.to_string(), true),
                    'l' => {
                        let p = pattern.clone();
                        run.list(&p);
                    }
                    'q' | 'Q' => {
                        if c == 'q' && autoprint {
                            run.emit(&pattern, line.nl || !line.last);
                        }
                        for a in appended.drain(..) {
                            run.emit(&a, true);
                        }
                        return Some(0);
                    }
                    _ => {}
                },
            }
            if pattern.len() > super::MAX_CAPTURE_BYTES || run.hold.len() > super::MAX_CAPTURE_BYTES {
                ctx.err(&format!("sed: pattern space longer than {} bytes (podlife limit)\n", super::MAX_CAPTURE_BYTES));
                return Some(1);
            }
        }
        if autoprint {
            run.emit(&pattern, line.nl || !line.last);
        }
        for a in appended.drain(..) {
            run.emit(&a, true);
        }
        if restart && !pattern.is_empty() {
            carry = Some(pattern);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tr_sets() {
        assert_eq!(tr_set("a-e"), vec!['a', 'b', 'c', 'd', 'e']);
        assert_eq!(tr_set("[:digit:]x").len(), 11);
        assert_eq!(tr_set("\\n"), vec!['\n']);
    }
}

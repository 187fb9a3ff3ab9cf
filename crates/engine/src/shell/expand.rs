//! Word expansion (POSIX 2.6, as ash does it): tilde, parameters, command substitution
//! (from the memo: the interpreter runs each substitution first and restarts the
//! expansion), arithmetic, field splitting on `IFS`, pathname expansion through the host's
//! directory listing, quote removal; and the `case`/`${x%pat}` patterns.

use super::{Host, MAX_EXPANSION_BYTES};
use super::arith::{self, ArithVars};
use super::ast::{ParamExp, ParamOp, Subscript, Word, WordPart};
use super::state::{Env, Memo, NeedSubst};

/// Why an expansion stopped.
#[derive(Debug, Clone)]
pub(crate) enum ExpErr {
    /// A command substitution must run first.
    Subst(NeedSubst),
    /// An expansion error (ash's message without the `sh: ` prefix); the shell exits 2.
    Fatal(String),
}

/// A piece of expanded text: `quoted` text is literal (no splitting, no globbing);
/// unquoted text from an expansion is `split` on IFS.
#[derive(Debug, Clone)]
enum Piece {
    Text { s: String, quoted: bool, split: bool },
    /// A field boundary (`"$@"` between parameters).
    Break,
}

/// One field: (text, quoted) segments.
pub(crate) type Field = Vec<(String, bool)>;

pub(crate) struct Exp<'a> {
    pub env: &'a mut Env,
    pub memo: &'a mut Memo,
    pub host: &'a mut dyn Host,
    pub pid: u32,
    /// Bytes produced so far (capped at `MAX_EXPANSION_BYTES`).
    pub produced: usize,
    /// Pattern-matching work left for this command's expansions (see [`WORK_FUEL`]).
    pub fuel: u64,
    /// Bytes of text the expansions built or read: their results (parameters, command
    /// substitutions, arithmetic; the script's literal words are not counted) and the
    /// values they scan (`${#x}`, `${x%pat}`, `${x//a/b}` read the whole value). Charged
    /// with the fuel spent (see [`work_steps`]).
    pub scanned: usize,
}

impl Exp<'_> {
    /// The interpreter steps this expansion's work costs (see [`work_steps`]).
    pub fn steps(&self) -> u64 {
        work_steps(WORK_FUEL - self.fuel, self.scanned as u64)
    }
}

/// Variable access for `$((…))` through the shell's variables.
struct EnvVars<'a>(&'a mut Env);

impl ArithVars for EnvVars<'_> {
    fn get(&self, name: &str) -> Option<String> {
        self.0.get(name).map(str::to_string)
    }
    fn set(&mut self, name: &str, value: String) -> Result<(), String> {
        self.0.set(name, value)
    }
}

const MAX_GLOB_RESULTS: usize = 10_000;

fn too_long() -> String {
    format!("expansion longer than {MAX_EXPANSION_BYTES} bytes (podlife limit)")
}

impl Exp<'_> {
    /// Full expansion of command words: fields after splitting and globbing.
    pub fn fields(&mut self, words: &[Word]) -> Result<Vec<String>, ExpErr> {
        let mut out = Vec::new();
        for w in words {
            let pieces = self.word_pieces(w)?;
            for f in split_fields(pieces, &self.env.ifs()) {
                if !self.env.opts.noglob && has_glob(&f) {
                    let matches = self.glob(&f);
                    if !matches.is_empty() {
                        out.extend(matches);
                        continue;
                    }
                }
                out.push(f.iter().map(|(s, _)| s.as_str()).collect());
            }
        }
        Ok(out)
    }

    /// Expansion without field splitting or globbing (assignments, redirection targets,
    /// `case` words, here-documents).
    pub fn string(&mut self, w: &Word) -> Result<String, ExpErr> {
        let pieces = self.word_pieces(w)?;
        Ok(join_pieces(&pieces))
    }

    /// A pattern (`case`, `${x#pat}`): quoted characters match literally.
    pub fn pattern(&mut self, w: &Word) -> Result<Pattern, ExpErr> {
        let pieces = self.word_pieces(w)?;
        let segs: Field = pieces
            .into_iter()
            .map(|p| match p {
                Piece::Text { s, quoted, .. } => (s, quoted),
                Piece::Break => (" ".to_string(), true),
            })
            .collect();
        Ok(Pattern::compile(&segs))
    }

    fn word_pieces(&mut self, w: &Word) -> Result<Vec<Piece>, ExpErr> {
        let mut out = Vec::new();
        let mut parts: &[WordPart] = &w.parts;
        // Tilde expansion of a leading unquoted `~` or `~/…`.
        if let Some(WordPart::Lit(first)) = parts.first()
            && first.starts_with('~')
        {
            let end = first.find('/').unwrap_or(first.len());
            let user = &first[1..end];
            let home = match user {
                "" => Some(self.env.get("HOME").unwrap_or("/").to_string()),
                "root" => Some("/root".to_string()),
                _ => None,
            };
            if let Some(h) = home {
                out.push(Piece::Text { s: h, quoted: true, split: false });
                out.push(Piece::Text { s: first[end..].to_string(), quoted: false, split: false });
                parts = &parts[1..];
            }
        }
        self.parts(parts, false, false, &mut out)?;
        Ok(out)
    }

    fn parts(&mut self, parts: &[WordPart], dq: bool, in_param: bool, out: &mut Vec<Piece>) -> Result<(), ExpErr> {
        for p in parts {
            let before = out.len();
            self.part(p, dq, in_param, out)?;
            if !matches!(p, WordPart::Double(_)) {
                let built = matches!(p, WordPart::Param(_) | WordPart::CmdSub { .. } | WordPart::Arith { .. });
                for piece in &out[before..] {
                    if let Piece::Text { s, .. } = piece {
                        self.produced += s.len();
                        if built {
                            self.scanned = self.scanned.saturating_add(s.len());
                        }
                    }
                }
            }
            if self.produced > MAX_EXPANSION_BYTES {
                return Err(ExpErr::Fatal(too_long()));
            }
        }
        Ok(())
    }

    fn part(&mut self, p: &WordPart, dq: bool, in_param: bool, out: &mut Vec<Piece>) -> Result<(), ExpErr> {
        {
            match p {
                WordPart::Lit(s) => out.push(Piece::Text { s: s.clone(), quoted: dq, split: in_param && !dq }),
                WordPart::Quoted(s) => out.push(Piece::Text { s: s.clone(), quoted: true, split: false }),
                WordPart::Double(inner) => {
                    // `"$@"` with no parameters makes no field at all.
                    let lone_at = matches!(inner.as_slice(), [WordPart::Param(pe)] if pe.name == "@" && matches!(pe.op, ParamOp::Plain));
                    if !(lone_at && self.env.params.is_empty()) {
                        out.push(Piece::Text { s: String::new(), quoted: true, split: false });
                    }
                    self.parts(inner, true, in_param, out)?;
                }
                WordPart::Param(pe) => self.param(pe, dq, out)?,
                WordPart::CmdSub { id, list } => {
                    let Some((text, status)) = self.memo.subst.get(id).cloned() else {
                        return Err(ExpErr::Subst(NeedSubst { id: *id, list: list.clone() }));
                    };
                    self.memo.last_status = Some(status);
                    let text = text.trim_end_matches('\n').to_string();
                    out.push(Piece::Text { s: text, quoted: dq, split: !dq });
                }
                WordPart::Arith { id, expr } => {
                    let n = match self.memo.arith.get(id) {
                        Some(n) => *n,
                        None => {
                            let text = self.string(expr)?;
                            let n = arith::eval(&text, &mut EnvVars(self.env)).map_err(ExpErr::Fatal)?;
                            self.memo.arith.insert(*id, n);
                            n
                        }
                    };
                    out.push(Piece::Text { s: n.to_string(), quoted: dq, split: !dq });
                }
            }
        }
        Ok(())
    }

    /// A parameter's value; None when unset.
    pub fn lookup(&mut self, name: &str) -> Option<String> {
        let e = &mut *self.env;
        match name {
            "?" => Some(e.status.to_string()),
            "$" => Some(self.pid.to_string()),
            "#" => Some(e.params.len().to_string()),
            "!" => e.last_bg.map(|p| p.to_string()),
            "-" => Some(e.flags()),
            "0" => Some(e.arg0.clone()),
            "@" | "*" => Some(e.params.join(" ")),
            "LINENO" if !e.vars.contains_key("LINENO") => Some(e.line.to_string()),
            "RANDOM" => {
                // ash's RANDOM is a seeded generator; a fixed seed keeps runs deterministic.
                let cur = e.vars.get("RANDOM").and_then(|v| v.value.parse::<u64>().ok()).unwrap_or(12345);
                let next = (cur.wrapping_mul(1_103_515_245).wrapping_add(12_345)) % 2_147_483_648;
                let _ = e.set("RANDOM", next.to_string());
                Some(((next >> 16) & 0x7fff).to_string())
            }
            n if n.chars().all(|c| c.is_ascii_digit()) => {
                let i: usize = n.parse().ok()?;
                e.params.get(i.checked_sub(1)?).cloned()
            }
            n => e.get(n).map(str::to_string),
        }
    }

    fn is_special(name: &str) -> bool {
        matches!(name, "?" | "$" | "#" | "!" | "-" | "@" | "*")
    }

    /// bash's `${name[index]}`: the subscript evaluated as arithmetic.
    pub fn subscript_index(&mut self, w: &Word) -> Result<i64, ExpErr> {
        let text = self.string(w)?;
        arith::eval(&text, &mut EnvVars(self.env)).map_err(ExpErr::Fatal)
    }

    /// `${name[@]}`, `${name[*]}` and `${#name[@]}`; an element's other operations go on
    /// with its value.
    /// None: the expansion is written out; Some(value): the rest of `param` goes on with it.
    fn array_param(&mut self, pe: &ParamExp, sub: &Subscript, dq: bool, out: &mut Vec<Piece>) -> Result<Option<Option<String>>, ExpErr> {
        let name = pe.name.as_str();
        if let Subscript::Expr(w) = sub {
            let i = self.subscript_index(w)?;
            return Ok(Some(self.env.element(name, i)));
        }
        let values = self.env.array_values(name);
        match &pe.op {
            ParamOp::Length => out.push(Piece::Text { s: values.len().to_string(), quoted: dq, split: !dq }),
            ParamOp::Plain if matches!(sub, Subscript::All) || !dq => {
                for (i, v) in values.into_iter().enumerate() {
                    if i > 0 {
                        out.push(Piece::Break);
                    }
                    out.push(Piece::Text { s: v, quoted: dq, split: !dq });
                }
            }
            ParamOp::Plain => {
                let sep = self.env.ifs().chars().next().map(String::from).unwrap_or_default();
                out.push(Piece::Text { s: values.join(&sep), quoted: dq, split: !dq });
            }
            // Other operations on every element: on the elements joined (bash applies them to
            // each).
            _ => return Ok(Some(Some(values.join(" ")))),
        }
        Ok(None)
    }

    fn param(&mut self, pe: &ParamExp, dq: bool, out: &mut Vec<Piece>) -> Result<(), ExpErr> {
        let name = pe.name.as_str();
        let val = match &pe.index {
            Some(sub) => match self.array_param(pe, sub, dq, out)? {
                Some(v) => v,
                None => return Ok(()),
            },
            None => self.lookup(name),
        };
        let unset_err = |s: &Self| -> Result<(), ExpErr> {
            if s.env.opts.nounset && !Self::is_special(name) && name != "0" {
                return Err(ExpErr::Fatal(format!("{name}: parameter not set")));
            }
            Ok(())
        };
        let emit = |out: &mut Vec<Piece>, s: String| out.push(Piece::Text { s, quoted: dq, split: !dq });
        match &pe.op {
            ParamOp::Plain => {
                if name == "@" || (name == "*" && !dq) {
                    let params = self.env.params.clone();
                    for (i, p) in params.into_iter().enumerate() {
                        if i > 0 {
                            out.push(Piece::Break);
                        }
                        emit(out, p);
                    }
                    return Ok(());
                }
                if name == "*" {
                    let sep = self.env.ifs().chars().next().map(String::from).unwrap_or_default();
                    emit(out, self.env.params.join(&sep));
                    return Ok(());
                }
                if val.is_none() {
                    unset_err(self)?;
                }
                emit(out, val.unwrap_or_default());
            }
            ParamOp::Length => {
                let n = if name == "@" || name == "*" {
                    self.env.params.len()
                } else {
                    if val.is_none() {
                        unset_err(self)?;
                    }
                    let v = val.unwrap_or_default();
                    self.scanned = self.scanned.saturating_add(v.len());
                    v.chars().count()
                };
                emit(out, n.to_string());
            }
            ParamOp::Default(colon, w) | ParamOp::Assign(colon, w) | ParamOp::Error(colon, w) | ParamOp::Alt(colon, w) => {
                let is_set = match &val {
                    None => false,
                    Some(v) => !(*colon && v.is_empty()),
                };
                match &pe.op {
                    ParamOp::Alt(..) => {
                        if is_set {
                            self.parts(&w.parts, dq, true, out)?;
                        }
                    }
                    _ if is_set => {
                        if name == "@" || name == "*" {
                            return self.param(&ParamExp { id: pe.id, name: pe.name.clone(), op: ParamOp::Plain, index: pe.index.clone() }, dq, out);
                        }
                        emit(out, val.unwrap_or_default());
                    }
                    ParamOp::Default(..) => self.parts(&w.parts, dq, true, out)?,
                    ParamOp::Assign(..) => {
                        let v = self.string(w)?;
                        if name.chars().all(|c| c.is_ascii_digit()) || Self::is_special(name) {
                            return Err(ExpErr::Fatal(format!("{name}: bad variable name")));
                        }
                        if !self.memo.assigned.contains(&pe.id) {
                            self.env.set(name, v.clone()).map_err(ExpErr::Fatal)?;
                            self.memo.assigned.insert(pe.id);
                        }
                        emit(out, v);
                    }
                    _ => {
                        let msg = self.string(w)?;
                        let text = if w.parts.is_empty() {
                            if *colon { "parameter not set or null".to_string() } else { "parameter not set".to_string() }
                        } else {
                            msg
                        };
                        return Err(ExpErr::Fatal(format!("{name}: {text}")));
                    }
                }
            }
            ParamOp::TrimPrefix(long, w) | ParamOp::TrimSuffix(long, w) => {
                if val.is_none() {
                    unset_err(self)?;
                }
                let v = val.unwrap_or_default();
                self.scanned = self.scanned.saturating_add(v.len());
                let v: Vec<char> = v.chars().collect();
                let pat = self.pattern(w)?;
                let prefix = matches!(pe.op, ParamOp::TrimPrefix(..));
                emit(out, trim(&v, &pat, prefix, *long, &mut self.fuel));
            }
            ParamOp::Substr(off, len) => {
                if val.is_none() {
                    unset_err(self)?;
                }
                let v = val.unwrap_or_default();
                self.scanned = self.scanned.saturating_add(v.len());
                let v: Vec<char> = v.chars().collect();
                let off_s = self.string(off)?;
                let off = arith::eval(&off_s, &mut EnvVars(self.env)).map_err(ExpErr::Fatal)?;
                let n = v.len() as i64;
                let start = if off < 0 { (n + off).max(0) } else { off.min(n) };
                let end = match len {
                    None => n,
                    Some(l) => {
                        let l_s = self.string(l)?;
                        let l = arith::eval(&l_s, &mut EnvVars(self.env)).map_err(ExpErr::Fatal)?;
                        if l < 0 { (n + l).max(start) } else { start.saturating_add(l).min(n) }
                    }
                };
                let s: String = v[start as usize..end.max(start) as usize].iter().collect();
                emit(out, s);
            }
            ParamOp::Replace(all, pat, rep) => {
                if val.is_none() {
                    unset_err(self)?;
                }
                let v = val.unwrap_or_default();
                self.scanned = self.scanned.saturating_add(v.len());
                let v: Vec<char> = v.chars().collect();
                let pat = self.pattern(pat)?;
                let rep = self.string(rep)?;
                // The result is measured as it is built: `${x//a/aaaa}` on a large value stops
                // at the expansion limit instead of building it.
                let room = MAX_EXPANSION_BYTES.saturating_sub(self.produced);
                match replace(&v, &pat, &rep, *all, &mut self.fuel, room) {
                    Some(r) => emit(out, r),
                    None => return Err(ExpErr::Fatal(too_long())),
                }
            }
            ParamOp::Bad => return Err(ExpErr::Fatal("syntax error: bad substitution".into())),
        }
        Ok(())
    }

    /// Pathname expansion of one field: the sorted matches (empty when none).
    fn glob(&mut self, f: &Field) -> Vec<String> {
        // Split the field into path components, keeping quotedness per character.
        let mut comps: Vec<Field> = vec![Vec::new()];
        for (s, q) in f {
            let mut cur = String::new();
            for c in s.chars() {
                if c == '/' {
                    if !cur.is_empty()
                        && let Some(last) = comps.last_mut()
                    {
                        last.push((std::mem::take(&mut cur), *q));
                    }
                    comps.push(Vec::new());
                } else {
                    cur.push(c);
                }
            }
            if !cur.is_empty()
                && let Some(last) = comps.last_mut()
            {
                last.push((cur, *q));
            }
        }
        let absolute = comps.first().is_some_and(|c| c.is_empty()) && comps.len() > 1;
        let mut paths: Vec<String> = vec![if absolute { "/".to_string() } else { String::new() }];
        let start = if absolute { 1 } else { 0 };
        let n = comps.len();
        for (i, comp) in comps.iter().enumerate().skip(start) {
            let last = i + 1 == n;
            let mut next = Vec::new();
            if comp.is_empty() {
                // `a//b` or a trailing slash.
                for p in &paths {
                    next.push(if p.ends_with('/') { p.clone() } else { format!("{p}/") });
                }
                paths = next;
                continue;
            }
            if !has_glob(comp) {
                let lit: String = comp.iter().map(|(s, _)| s.as_str()).collect();
                for p in &paths {
                    next.push(join_path(p, &lit));
                }
                if !last {
                    next.retain(|p| self.host.file_exists(&self.env.path(p)));
                }
                paths = next;
                continue;
            }
            let pat = Pattern::compile(comp);
            let dot_ok = comp.first().is_some_and(|(s, _)| s.starts_with('.'));
            for p in &paths {
                let dir = if p.is_empty() { self.env.cwd.clone() } else { self.env.path(p) };
                let Some(mut entries) = self.host.list_dir(&dir) else { continue };
                crate::sort::sort(&mut entries);
                for e in entries {
                    if e.starts_with('.') && !dot_ok {
                        continue;
                    }
                    let chars: Vec<char> = e.chars().collect();
                    if pat.matches(&chars) {
                        next.push(join_path(p, &e));
                        if next.len() > MAX_GLOB_RESULTS {
                            break;
                        }
                    }
                }
            }
            paths = next;
        }
        if paths.len() == 1 && (paths[0].is_empty() || paths[0] == "/") {
            return Vec::new();
        }
        // Every component matched; only real paths count.
        paths.retain(|p| self.host.file_exists(&self.env.path(p)));
        crate::sort::sort(&mut paths);
        paths.truncate(MAX_GLOB_RESULTS);
        paths
    }
}

fn join_path(base: &str, name: &str) -> String {
    if base.is_empty() {
        name.to_string()
    } else if base.ends_with('/') {
        format!("{base}{name}")
    } else {
        format!("{base}/{name}")
    }
}

fn join_pieces(pieces: &[Piece]) -> String {
    let mut s = String::new();
    for p in pieces {
        match p {
            Piece::Text { s: t, .. } => s.push_str(t),
            Piece::Break => s.push(' '),
        }
    }
    s
}

/// Field splitting: unquoted expansion results split on IFS; quoted text (even empty
/// `""`) makes a field exist.
fn split_fields(pieces: Vec<Piece>, ifs: &str) -> Vec<Field> {
    let mut fields = Vec::new();
    let mut cur: Field = Vec::new();
    let mut exists = false;
    let ws = |c: char| matches!(c, ' ' | '\t' | '\n');
    for p in pieces {
        match p {
            Piece::Break => {
                if exists {
                    fields.push(std::mem::take(&mut cur));
                }
                exists = false;
            }
            Piece::Text { s, quoted: true, .. } => {
                cur.push((s, true));
                exists = true;
            }
            Piece::Text { s, split: false, .. } => {
                if !s.is_empty() {
                    cur.push((s, false));
                    exists = true;
                }
            }
            Piece::Text { s, .. } => {
                if ifs.is_empty() {
                    if !s.is_empty() {
                        cur.push((s, false));
                        exists = true;
                    }
                    continue;
                }
                let mut buf = String::new();
                let mut after_ws = false;
                for c in s.chars() {
                    if ifs.contains(c) {
                        if !buf.is_empty() {
                            cur.push((std::mem::take(&mut buf), false));
                            exists = true;
                        }
                        if ws(c) {
                            if exists {
                                fields.push(std::mem::take(&mut cur));
                                exists = false;
                            }
                            after_ws = true;
                        } else {
                            if exists || !after_ws {
                                fields.push(std::mem::take(&mut cur));
                            }
                            exists = false;
                            after_ws = false;
                        }
                    } else {
                        buf.push(c);
                        after_ws = false;
                    }
                }
                if !buf.is_empty() {
                    cur.push((buf, false));
                    exists = true;
                }
            }
        }
    }
    if exists {
        fields.push(cur);
    }
    fields
}

fn has_glob(f: &Field) -> bool {
    f.iter().any(|(s, q)| !q && s.contains(['*', '?', '[']))
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum ClassItem {
    Range(char, char),
    Named(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum PatTok {
    Ch(char),
    Any,
    Star,
    Class(bool, Vec<ClassItem>),
}

/// A shell pattern (`*`, `?`, `[…]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pattern(Vec<PatTok>);

/// How much matching work one command may do (its expansions, a `case`, one `grep`, `sed`,
/// `awk` or `expr`), in units of about one character comparison or regex thread step
/// (an awk or sed statement counts a few); beyond it a pattern does not match (awk stops
/// with `program ran too long`). The interpreter charges the work spent to its step budget
/// at [`FUEL_PER_STEP`] units a step, so a step of matching costs about the wall time of a
/// plain step, and a resume's overdraft counts.
pub const WORK_FUEL: u64 = 8_000_000;

/// Matching work units per interpreter step. Measured with the release build (`opt-level =
/// "z"`, as the wasm bundle): a regex thread step or an awk evaluation takes ~60–80 ns, a
/// glob comparison ~10 ns, a plain step of a shell loop ~0.3–0.9 µs.
pub const FUEL_PER_STEP: u64 = 8;

/// Bytes of text built, copied or scanned per interpreter step: expansions' results
/// (`x=$x$x`, `${x//a/aa}`), the values they read, awk's string values, and the applets'
/// input and output. A byte that goes through field splitting, a pipe and an applet costs
/// ~25 ns in all.
pub const BYTES_PER_STEP: u64 = 16;

/// The steps that `fuel` units of matching work and `bytes` of text handled cost.
pub(crate) fn work_steps(fuel: u64, bytes: u64) -> u64 {
    fuel / FUEL_PER_STEP + bytes / BYTES_PER_STEP
}

impl Pattern {
    pub fn compile(segs: &[(String, bool)]) -> Pattern {
        let mut toks = Vec::new();
        let chars: Vec<(char, bool)> = segs.iter().flat_map(|(s, q)| s.chars().map(move |c| (c, *q))).collect();
        let mut i = 0;
        while i < chars.len() {
            let (c, q) = chars[i];
            if q {
                toks.push(PatTok::Ch(c));
                i += 1;
                continue;
            }
            match c {
                '*' => {
                    if toks.last() != Some(&PatTok::Star) {
                        toks.push(PatTok::Star);
                    }
                    i += 1;
                }
                '?' => {
                    toks.push(PatTok::Any);
                    i += 1;
                }
                '\\' if i + 1 < chars.len() => {
                    toks.push(PatTok::Ch(chars[i + 1].0));
                    i += 2;
                }
                '[' => match parse_class(&chars, i + 1) {
                    Some((tok, next)) => {
                        toks.push(tok);
                        i = next;
                    }
                    None => {
                        toks.push(PatTok::Ch('['));
                        i += 1;
                    }
                },
                c => {
                    toks.push(PatTok::Ch(c));
                    i += 1;
                }
            }
        }
        Pattern(toks)
    }

    pub fn matches(&self, s: &[char]) -> bool {
        let mut fuel = WORK_FUEL;
        self.matches_fuel(s, &mut fuel)
    }

    /// Matching that spends from `fuel`; false once it is spent.
    pub fn matches_fuel(&self, s: &[char], fuel: &mut u64) -> bool {
        let p = &self.0;
        let (mut pi, mut si) = (0usize, 0usize);
        let mut star: Option<(usize, usize)> = None;
        while si < s.len() {
            if *fuel == 0 {
                return false;
            }
            *fuel -= 1;
            if pi < p.len() {
                match &p[pi] {
                    PatTok::Star => {
                        star = Some((pi, si));
                        pi += 1;
                        continue;
                    }
                    t if tok_matches(t, s[si]) => {
                        pi += 1;
                        si += 1;
                        continue;
                    }
                    _ => {}
                }
            }
            match star {
                Some((sp, ss)) => {
                    pi = sp + 1;
                    si = ss + 1;
                    star = Some((sp, ss + 1));
                }
                None => return false,
            }
        }
        while pi < p.len() && p[pi] == PatTok::Star {
            pi += 1;
        }
        pi == p.len()
    }
}

fn tok_matches(t: &PatTok, c: char) -> bool {
    match t {
        PatTok::Ch(x) => *x == c,
        PatTok::Any => true,
        PatTok::Star => true,
        PatTok::Class(neg, items) => {
            let hit = items.iter().any(|it| match it {
                ClassItem::Range(a, b) => *a <= c && c <= *b,
                ClassItem::Named(n) => match n.as_str() {
                    "alpha" => c.is_ascii_alphabetic(),
                    "digit" => c.is_ascii_digit(),
                    "alnum" => c.is_ascii_alphanumeric(),
                    "upper" => c.is_ascii_uppercase(),
                    "lower" => c.is_ascii_lowercase(),
                    "space" => c.is_ascii_whitespace(),
                    "blank" => c == ' ' || c == '\t',
                    "punct" => c.is_ascii_punctuation(),
                    "xdigit" => c.is_ascii_hexdigit(),
                    "cntrl" => c.is_ascii_control(),
                    "print" => !c.is_ascii_control(),
                    "graph" => c.is_ascii_graphic(),
                    _ => false,
                },
            });
            hit != *neg
        }
    }
}

fn parse_class(chars: &[(char, bool)], mut i: usize) -> Option<(PatTok, usize)> {
    let mut neg = false;
    if i < chars.len() && !chars[i].1 && (chars[i].0 == '!' || chars[i].0 == '^') {
        neg = true;
        i += 1;
    }
    let mut items = Vec::new();
    let mut first = true;
    while i < chars.len() {
        let (c, q) = chars[i];
        if c == ']' && !q && !first {
            return Some((PatTok::Class(neg, items), i + 1));
        }
        first = false;
        if c == '[' && !q && i + 1 < chars.len() && chars[i + 1].0 == ':' {
            let rest: String = chars[i + 2..].iter().map(|(c, _)| *c).collect();
            if let Some(end) = rest.find(":]") {
                items.push(ClassItem::Named(rest[..end].to_string()));
                i += 2 + rest[..end].chars().count() + 2;
                continue;
            }
        }
        if i + 2 < chars.len() && chars[i + 1].0 == '-' && !chars[i + 1].1 && (chars[i + 2].0 != ']' || chars[i + 2].1) {
            items.push(ClassItem::Range(c, chars[i + 2].0));
            i += 3;
            continue;
        }
        items.push(ClassItem::Range(c, c));
        i += 1;
    }
    None
}

/// The lengths `k` (ascending) for which `toks` matches the first `k` characters of
/// `chars`, found in one pass that keeps the set of pattern positions alive (a glob is a
/// regular expression: no backtracking, so the work is at most characters × tokens);
/// `accept(k)` returns true to stop. Each character costs fuel per live token.
fn walk(toks: &[&PatTok], chars: impl Iterator<Item = char>, fuel: &mut u64, mut accept: impl FnMut(usize) -> bool) {
    let m = toks.len();
    let close = |set: &mut Vec<bool>| {
        for j in 0..m {
            if set[j] && *toks[j] == PatTok::Star {
                set[j + 1] = true;
            }
        }
    };
    let mut cur = vec![false; m + 1];
    let mut next = vec![false; m + 1];
    cur[0] = true;
    close(&mut cur);
    if cur[m] && accept(0) {
        return;
    }
    for (k, c) in chars.enumerate() {
        if *fuel == 0 {
            return;
        }
        next.iter_mut().for_each(|b| *b = false);
        let mut alive = 0u64;
        for j in 0..m {
            if !cur[j] {
                continue;
            }
            alive += 1;
            match toks[j] {
                PatTok::Star => next[j] = true,
                t if tok_matches(t, c) => next[j + 1] = true,
                _ => {}
            }
        }
        *fuel = fuel.saturating_sub(1 + alive);
        close(&mut next);
        std::mem::swap(&mut cur, &mut next);
        if !cur.iter().any(|b| *b) {
            return;
        }
        if cur[m] && accept(k + 1) {
            return;
        }
    }
}

/// `${v#p}`, `${v##p}`, `${v%p}`, `${v%%p}`: one pass from the start (a suffix: over the
/// reversed value with the reversed pattern); unchanged when the fuel runs out.
fn trim(v: &[char], pat: &Pattern, prefix: bool, long: bool, fuel: &mut u64) -> String {
    let n = v.len();
    let mut best: Option<usize> = None;
    let accept = |k: usize| {
        best = Some(k);
        !long
    };
    if prefix {
        let toks: Vec<&PatTok> = pat.0.iter().collect();
        walk(&toks, v.iter().copied(), fuel, accept);
    } else {
        let toks: Vec<&PatTok> = pat.0.iter().rev().collect();
        walk(&toks, v.iter().rev().copied(), fuel, accept);
    }
    if *fuel == 0 {
        return v.iter().collect();
    }
    match best {
        Some(k) if prefix => v[k..].iter().collect(),
        Some(k) => v[..n - k].iter().collect(),
        None => v.iter().collect(),
    }
}

/// `${v/p/r}` and `${v//p/r}`: the longest non-empty match at each position. None when the
/// result would be longer than `room` bytes.
fn replace(v: &[char], pat: &Pattern, rep: &str, all: bool, fuel: &mut u64, room: usize) -> Option<String> {
    let toks: Vec<&PatTok> = pat.0.iter().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < v.len() {
        let mut hit = None;
        if *fuel > 0 {
            walk(&toks, v[i..].iter().copied(), fuel, |k| {
                if k > 0 {
                    hit = Some(i + k);
                }
                false
            });
        }
        match hit {
            Some(end) => {
                out.push_str(rep);
                i = end;
                if !all {
                    out.extend(&v[i..]);
                    i = v.len();
                }
            }
            None => {
                out.push(v[i]);
                i += 1;
            }
        }
        if out.len() > room {
            return None;
        }
    }
    Some(out)
}

//! The grammar, following busybox ash's recursive-descent parser (`list`, `andor`,
//! `pipeline`, `parse_command`, `simplecmd`) closely enough that the same inputs fail with
//! the same `syntax error: unexpected …` texts.

use std::sync::Arc;

use super::ast::*;
use super::lexer::{Kw, Tok, WordTok, heredoc_delim, is_name};
use super::{MAX_SCRIPT_BYTES, ParseError};

pub(crate) struct Parser {
    pub(crate) chars: Vec<char>,
    pub(crate) pos: usize,
    pub(crate) line: usize,
    pub(crate) depth: usize,
    pub(crate) ids: u32,
    /// (index of the newline after which here-document bodies start, where they end,
    /// how many lines they span)
    pub(crate) heredoc_skip: Option<(usize, usize, usize)>,
    pub(crate) arg0: String,
    pub(crate) with_line: bool,
    /// bash syntax: arrays (`a=(…)`, `a[i]=v`, `${a[i]}`) and `+=`.
    pub(crate) bash: bool,
    /// The subscript of the `${name[…]…}` being read.
    pub(crate) subscript: Option<Subscript>,
    peeked: Option<Tok>,
}

impl Parser {
    pub(crate) fn new(src: &str, arg0: &str, with_line: bool) -> Parser {
        Parser {
            chars: src.chars().collect(),
            pos: 0,
            line: 1,
            depth: 0,
            ids: 0,
            heredoc_skip: None,
            arg0: arg0.to_string(),
            with_line,
            bash: false,
            subscript: None,
            peeked: None,
        }
    }

    /// The same parser for bash's syntax.
    pub(crate) fn bash(mut self, bash: bool) -> Parser {
        self.bash = bash;
        self
    }

    /// Reads a token; `kwd` recognises keywords (command position), `nl` skips newlines.
    fn read(&mut self, kwd: bool, nl: bool) -> Result<Tok, ParseError> {
        let mut t = match self.peeked.take() {
            Some(t) => t,
            None => self.lex()?,
        };
        if nl {
            while matches!(t, Tok::Newline) {
                t = self.lex()?;
            }
        }
        if kwd
            && let Tok::Word(w, k @ None) = &mut t
            && !w.quoted
        {
            *k = Kw::from_text(&w.raw);
        }
        Ok(t)
    }

    fn pushback(&mut self, t: Tok) {
        self.peeked = Some(t);
    }

    fn unexpected(&self, t: &Tok, expecting: Option<&str>) -> ParseError {
        let mut msg = format!("unexpected {}", t.name());
        if let Some(e) = expecting {
            msg.push_str(&format!(" (expecting {e})"));
        }
        self.syntax(msg)
    }

    fn expect_kw(&mut self, kw: Kw, nl: bool) -> Result<(), ParseError> {
        let t = self.read(true, nl)?;
        if t.kw() == Some(kw) {
            Ok(())
        } else {
            Err(self.unexpected(&t, Some(&format!("\"{}\"", kw.text()))))
        }
    }

    /// Parses a whole script into its top-level chunks. A syntax error ends the chunks;
    /// it is kept in `Script::error`.
    pub(crate) fn parse_script(&mut self) -> Script {
        let mut chunks = Vec::new();
        if self.chars.len() > MAX_SCRIPT_BYTES || self.chars.iter().map(|c| c.len_utf8()).sum::<usize>() > MAX_SCRIPT_BYTES {
            let e = ParseError::limit(format!("script longer than {MAX_SCRIPT_BYTES} bytes"), 1, &self.arg0);
            return Script { chunks, error: Some(e) };
        }
        loop {
            match self.list(1) {
                Ok(items) => {
                    if !items.is_empty() {
                        chunks.push(Arc::from(items));
                    }
                }
                Err(e) => return Script { chunks, error: Some(e) },
            }
            match self.read(false, false) {
                Ok(Tok::Eof) => break,
                Ok(Tok::Newline) => {}
                Ok(t) => self.pushback(t),
                Err(e) => return Script { chunks, error: Some(e) },
            }
        }
        Script { chunks, error: None }
    }

    /// The whole input as one list (a backquoted command).
    pub(crate) fn parse_all_as_list(&mut self) -> Result<List, ParseError> {
        let script = self.parse_script();
        if let Some(e) = script.error {
            return Err(e);
        }
        let items: Vec<Item> = script.chunks.iter().flat_map(|c| c.iter().cloned()).collect();
        Ok(Arc::from(items))
    }

    /// `$(…)` after the `(`: a list and the closing parenthesis.
    pub(crate) fn subst_list(&mut self) -> Result<List, ParseError> {
        let saved = self.peeked.take();
        let items = self.list(2)?;
        let t = self.read(false, false)?;
        if !matches!(t, Tok::RParen) {
            return Err(self.unexpected(&t, Some("\")\"")));
        }
        self.peeked = saved;
        Ok(Arc::from(items))
    }

    /// ash's `list(nlflag)`: 0 = a compound list (newlines are separators), 1 = one
    /// top-level line, 2 = a list that may be empty (case bodies, `$( )`).
    fn list(&mut self, mut nlflag: u8) -> Result<Vec<Item>, ParseError> {
        self.enter_list()?;
        let r = self.list_inner(&mut nlflag);
        self.depth -= 1;
        r
    }

    fn enter_list(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > super::MAX_NESTING {
            return Err(ParseError::limit(format!("nesting deeper than {} levels", super::MAX_NESTING), self.line, &self.arg0));
        }
        Ok(())
    }

    fn list_inner(&mut self, nlflag: &mut u8) -> Result<Vec<Item>, ParseError> {
        let chknl = *nlflag & 1 == 0;
        let mut items = Vec::new();
        loop {
            let t = self.read(true, chknl)?;
            match t {
                Tok::Newline => return Ok(items),
                Tok::Eof => {
                    self.pushback(t);
                    return Ok(items);
                }
                _ => {}
            }
            let ends = t.ends_list();
            self.pushback(t);
            if *nlflag == 2 && ends {
                return Ok(items);
            }
            *nlflag |= 2;
            let andor = self.andor()?;
            let t = self.read(false, false)?;
            let background = matches!(t, Tok::Amp);
            items.push(Item { andor: Arc::new(andor), background });
            match t {
                Tok::Eof => {
                    self.pushback(t);
                    return Ok(items);
                }
                Tok::Newline => self.pushback(t),
                Tok::Amp | Tok::Semi => {}
                other => {
                    if !chknl {
                        return Err(self.unexpected(&other, None));
                    }
                    self.pushback(other);
                    return Ok(items);
                }
            }
            if !chknl && matches!(self.peeked, Some(Tok::Newline)) {
                self.peeked = None;
                return Ok(items);
            }
        }
    }

    fn andor(&mut self) -> Result<AndOr, ParseError> {
        let first = Arc::new(self.pipeline(false)?);
        let mut rest = Vec::new();
        loop {
            let t = self.read(false, false)?;
            let and = match t {
                Tok::AndAnd => true,
                Tok::OrOr => false,
                other => {
                    self.pushback(other);
                    return Ok(AndOr { first, rest });
                }
            };
            let p = self.pipeline(true)?;
            rest.push((and, Arc::new(p)));
        }
    }

    fn pipeline(&mut self, nl: bool) -> Result<Pipeline, ParseError> {
        let t = self.read(true, nl)?;
        let bang = t.kw() == Some(Kw::Bang);
        if !bang {
            self.pushback(t);
        }
        let mut cmds = vec![self.command(false)?];
        loop {
            let t = self.read(false, false)?;
            if matches!(t, Tok::Pipe) {
                cmds.push(self.command(true)?);
            } else {
                self.pushback(t);
                break;
            }
        }
        Ok(Pipeline { bang, cmds })
    }

    fn command(&mut self, nl: bool) -> Result<Command, ParseError> {
        self.enter_list()?;
        let r = self.command_inner(nl);
        self.depth -= 1;
        r
    }

    /// Dispatches on the first token. Each construct has a function of its own so that
    /// the recursion path keeps small stack frames (debug builds do not share slots
    /// between match arms).
    fn command_inner(&mut self, nl: bool) -> Result<Command, ParseError> {
        let line = self.line;
        let t = self.read(true, nl)?;
        let (kind, close) = match t.kw() {
            Some(Kw::If) => (self.if_clause()?, Kw::Fi),
            Some(k @ (Kw::While | Kw::Until)) => (self.loop_clause(k == Kw::Until)?, Kw::Done),
            Some(Kw::For) => (self.for_clause()?, Kw::Done),
            Some(Kw::Case) => return self.case_clause(line),
            Some(Kw::Begin) => (Compound::Brace(Arc::from(self.list(0)?)), Kw::End),
            Some(Kw::Function) => return self.function_clause(),
            Some(_) => return Err(self.unexpected(&t, None)),
            None => match t {
                Tok::LParen => return self.subshell_clause(line),
                Tok::Word(..) | Tok::Redir(..) => {
                    self.pushback(t);
                    return self.simple(line);
                }
                other => return Err(self.unexpected(&other, None)),
            },
        };
        self.expect_kw(close, false)?;
        let redirs = self.trailing_redirs()?;
        Ok(Command::Compound(Arc::new(CompoundCmd { kind, redirs, line })))
    }

    fn if_clause(&mut self) -> Result<Compound, ParseError> {
        let mut arms = Vec::new();
        let cond = self.list(0)?;
        self.expect_kw(Kw::Then, false)?;
        let body = self.list(0)?;
        arms.push((Arc::from(cond), Arc::from(body)));
        loop {
            let t = self.read(true, false)?;
            match t.kw() {
                Some(Kw::Elif) => {
                    let cond = self.list(0)?;
                    self.expect_kw(Kw::Then, false)?;
                    let body = self.list(0)?;
                    arms.push((Arc::from(cond), Arc::from(body)));
                }
                Some(Kw::Else) => {
                    let els: List = Arc::from(self.list(0)?);
                    return Ok(Compound::If(arms, Some(els)));
                }
                _ => {
                    self.pushback(t);
                    return Ok(Compound::If(arms, None));
                }
            }
        }
    }

    fn loop_clause(&mut self, until: bool) -> Result<Compound, ParseError> {
        let cond = self.list(0)?;
        self.expect_kw(Kw::Do, false)?;
        let body = self.list(0)?;
        Ok(Compound::Loop { until, cond: Arc::from(cond), body: Arc::from(body) })
    }

    fn for_clause(&mut self) -> Result<Compound, ParseError> {
        let v = self.read(false, false)?;
        let var = match v {
            Tok::Word(w, _) if !w.quoted && is_name(&w.raw) => w.raw,
            _ => return Err(self.syntax("bad for loop variable")),
        };
        let t = self.read(true, true)?;
        let words = if t.kw() == Some(Kw::In) {
            let mut words = Vec::new();
            loop {
                match self.read(false, false)? {
                    Tok::Word(w, _) => words.push(w.word),
                    Tok::Newline | Tok::Semi => break,
                    other => return Err(self.unexpected(&other, None)),
                }
            }
            Some(words)
        } else {
            if !matches!(t, Tok::Semi) {
                self.pushback(t);
            }
            None
        };
        self.expect_kw(Kw::Do, true)?;
        let body = self.list(0)?;
        Ok(Compound::For { var, words, body: Arc::from(body) })
    }

    fn case_clause(&mut self, line: usize) -> Result<Command, ParseError> {
        let word = match self.read(false, false)? {
            Tok::Word(w, _) => w.word,
            other => return Err(self.unexpected(&other, Some("word"))),
        };
        self.expect_kw(Kw::In, true)?;
        let mut arms = Vec::new();
        let mut t = self.read(true, true)?;
        while t.kw() != Some(Kw::Esac) {
            if matches!(t, Tok::LParen) {
                t = self.read(false, false)?;
            }
            let mut patterns = Vec::new();
            loop {
                // ash takes the last word text whatever the token was; the check for `)`
                // below reports the error.
                if let Tok::Word(w, _) = t {
                    patterns.push(w.word);
                }
                let n = self.read(false, false)?;
                if !matches!(n, Tok::Pipe) {
                    t = n;
                    break;
                }
                t = self.read(false, false)?;
            }
            if !matches!(t, Tok::RParen) {
                return Err(self.unexpected(&t, Some("\")\"")));
            }
            let body = self.list(2)?;
            arms.push(CaseArm { patterns, body: Arc::from(body) });
            t = self.read(true, true)?;
            if t.kw() != Some(Kw::Esac) {
                if !matches!(t, Tok::DSemi) {
                    return Err(self.unexpected(&t, Some("\";;\"")));
                }
                t = self.read(true, true)?;
            }
        }
        let redirs = self.trailing_redirs()?;
        Ok(Command::Compound(Arc::new(CompoundCmd { kind: Compound::Case { word, arms }, redirs, line })))
    }

    fn subshell_clause(&mut self, line: usize) -> Result<Command, ParseError> {
        let body = self.list(0)?;
        let t = self.read(false, false)?;
        if !matches!(t, Tok::RParen) {
            return Err(self.unexpected(&t, Some("\")\"")));
        }
        let redirs = self.trailing_redirs()?;
        Ok(Command::Compound(Arc::new(CompoundCmd { kind: Compound::Subshell(Arc::from(body)), redirs, line })))
    }

    fn function_clause(&mut self) -> Result<Command, ParseError> {
        let name = match self.read(false, false)? {
            Tok::Word(w, _) => w.raw,
            other => return Err(self.unexpected(&other, Some("word"))),
        };
        let t = self.read(false, false)?;
        if matches!(t, Tok::LParen) {
            let t = self.read(false, false)?;
            if !matches!(t, Tok::RParen) {
                return Err(self.unexpected(&t, Some("\")\"")));
            }
        } else {
            self.pushback(t);
        }
        let body = self.command(true)?;
        Ok(Command::FuncDef(Arc::new(FuncDef { name, body })))
    }

    fn trailing_redirs(&mut self) -> Result<Vec<Redir>, ParseError> {
        let mut redirs = Vec::new();
        loop {
            let t = self.read(true, false)?;
            match t {
                Tok::Redir(fd, op, strip) => redirs.push(self.redir_target(fd, op, strip)?),
                other => {
                    self.pushback(other);
                    return Ok(redirs);
                }
            }
        }
    }

    fn redir_target(&mut self, fd: Option<u32>, op: RedirOp, strip: bool) -> Result<Redir, ParseError> {
        let t = self.read(false, false)?;
        let Tok::Word(w, _) = t else { return Err(self.unexpected(&t, None)) };
        let default_fd = match op {
            RedirOp::In | RedirOp::ReadWrite | RedirOp::DupIn | RedirOp::HereDoc | RedirOp::HereString => 0,
            _ => 1,
        };
        let fd = fd.unwrap_or(default_fd);
        if op == RedirOp::HereDoc {
            let (delim, quoted) = heredoc_delim(&w);
            let body = self.read_heredoc(&delim, quoted, strip)?;
            return Ok(Redir { fd, op, target: body });
        }
        // `&>>file` is lexed as an append with the strip flag: stdout and stderr.
        if op == RedirOp::Append && strip {
            return Ok(Redir { fd: u32::MAX, op, target: w.word });
        }
        Ok(Redir { fd, op, target: w.word })
    }

    fn simple(&mut self, line: usize) -> Result<Command, ParseError> {
        let mut assigns = Vec::new();
        let mut words: Vec<Word> = Vec::new();
        let mut raws: Vec<WordTok> = Vec::new();
        let mut redirs = Vec::new();
        let mut double_brackets = false;
        loop {
            let t = self.read(false, false)?;
            match t {
                Tok::AndAnd | Tok::OrOr if double_brackets => {
                    let s = if matches!(t, Tok::AndAnd) { "&&" } else { "||" };
                    words.push(Word { parts: vec![WordPart::Quoted(s.into())] });
                }
                Tok::Word(w, _) => {
                    if !w.quoted && w.raw == "[[" {
                        double_brackets = true;
                    } else if !w.quoted && w.raw == "]]" {
                        double_brackets = false;
                    }
                    if words.is_empty()
                        && let Some(mut a) = as_assignment(&w, self.bash)
                    {
                        // bash: `name=(…)` — the word ends at the parenthesis.
                        if self.bash && a.index.is_none() && a.value.parts.is_empty() && w.raw.ends_with('=') && self.peeked.is_none() && self.peek_char() == Some('(') {
                            self.bump();
                            let mut elements = Vec::new();
                            loop {
                                match self.read(false, true)? {
                                    Tok::RParen => break,
                                    Tok::Word(e, _) => elements.push(e.word),
                                    other => return Err(self.unexpected(&other, Some("\")\""))),
                                }
                            }
                            a.array = Some(elements);
                        }
                        assigns.push(a);
                        continue;
                    }
                    words.push(w.word.clone());
                    raws.push(w);
                }
                Tok::Redir(fd, op, strip) => redirs.push(self.redir_target(fd, op, strip)?),
                Tok::LParen if words.len() == 1 && assigns.is_empty() && redirs.is_empty() => {
                    let t = self.read(false, false)?;
                    if !matches!(t, Tok::RParen) {
                        return Err(self.unexpected(&t, Some("\")\"")));
                    }
                    let name = raws.pop().map(|w| w.raw).unwrap_or_default();
                    let body = self.command(true)?;
                    return Ok(Command::FuncDef(Arc::new(FuncDef { name, body })));
                }
                other => {
                    self.pushback(other);
                    break;
                }
            }
        }
        Ok(Command::Simple(Arc::new(Simple { assigns, words, redirs, line })))
    }
}

/// `NAME=value` with an unquoted valid name; with bash also `NAME+=value` and
/// `NAME[subscript]=value` (the subscript may hold expansions: `a[$i]=x`).
fn as_assignment(w: &WordTok, bash: bool) -> Option<Assign> {
    let Some(WordPart::Lit(first)) = w.word.parts.first() else { return None };
    if bash
        && let Some(open) = first.find('[')
        && is_name(&first[..open])
    {
        // The subscript's parts up to the literal `]=` (or `]+=`).
        let mut index = Vec::new();
        let mut rest_parts = Vec::new();
        let mut found: Option<bool> = None;
        let mut head = Some(first[open + 1..].to_string());
        for (i, part) in w.word.parts.iter().enumerate() {
            let text = match (i, &head) {
                (0, Some(h)) => Some(h.clone()),
                _ => match part {
                    WordPart::Lit(t) => Some(t.clone()),
                    _ => None,
                },
            };
            if found.is_some() {
                rest_parts.push(part.clone());
                continue;
            }
            match text {
                Some(t) if t.contains("]=") || t.contains("]+=") => {
                    let (end, append) = match (t.find("]+="), t.find("]=")) {
                        (Some(p), Some(q)) if p < q => (p, true),
                        (Some(p), None) => (p, true),
                        (_, Some(q)) => (q, false),
                        _ => return None,
                    };
                    if end > 0 {
                        index.push(WordPart::Lit(t[..end].to_string()));
                    }
                    let after = &t[end + if append { 3 } else { 2 }..];
                    if !after.is_empty() {
                        rest_parts.push(WordPart::Lit(after.to_string()));
                    }
                    found = Some(append);
                }
                Some(t) => index.push(WordPart::Lit(t)),
                None => index.push(part.clone()),
            }
            head = None;
        }
        let append = found?;
        return Some(Assign { name: first[..open].to_string(), value: Word { parts: rest_parts }, index: Some(Word { parts: index }), array: None, append });
    }
    let eq = first.find('=')?;
    let (name, append) = match first[..eq].strip_suffix('+') {
        Some(n) if bash => (n, true),
        _ => (&first[..eq], false),
    };
    if !is_name(name) {
        return None;
    }
    let mut parts = Vec::new();
    let rest = &first[eq + 1..];
    if !rest.is_empty() {
        parts.push(WordPart::Lit(rest.to_string()));
    }
    parts.extend(w.word.parts[1..].iter().cloned());
    Some(Assign { name: name.to_string(), value: Word { parts }, index: None, array: None, append })
}

//! Tokens and words, as busybox ash's `xxreadtoken` / `readtoken1` read them: operators,
//! redirections (with an fd prefix such as `2>`), and words made of literal, quoted and
//! expansion parts. `$(…)` is parsed recursively on the same input, as ash's `parsebackq`
//! does; a backquoted command is unescaped first and parsed as a string of its own.

use std::sync::Arc;

use super::ast::{ParamExp, ParamOp, RedirOp, Subscript, Word, WordPart};
use super::parser::Parser;
use super::{ParseError, MAX_NESTING};

/// A keyword, recognised only in command position (ash's `checkkwd`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kw {
    Bang,
    Case,
    Do,
    Done,
    Elif,
    Else,
    Esac,
    Fi,
    For,
    Function,
    If,
    In,
    Then,
    Until,
    While,
    Begin,
    End,
}

impl Kw {
    pub fn from_text(s: &str) -> Option<Kw> {
        Some(match s {
            "!" => Kw::Bang,
            "case" => Kw::Case,
            "do" => Kw::Do,
            "done" => Kw::Done,
            "elif" => Kw::Elif,
            "else" => Kw::Else,
            "esac" => Kw::Esac,
            "fi" => Kw::Fi,
            "for" => Kw::For,
            "function" => Kw::Function,
            "if" => Kw::If,
            "in" => Kw::In,
            "then" => Kw::Then,
            "until" => Kw::Until,
            "while" => Kw::While,
            "{" => Kw::Begin,
            "}" => Kw::End,
            _ => return None,
        })
    }

    pub fn text(self) -> &'static str {
        match self {
            Kw::Bang => "!",
            Kw::Case => "case",
            Kw::Do => "do",
            Kw::Done => "done",
            Kw::Elif => "elif",
            Kw::Else => "else",
            Kw::Esac => "esac",
            Kw::Fi => "fi",
            Kw::For => "for",
            Kw::Function => "function",
            Kw::If => "if",
            Kw::In => "in",
            Kw::Then => "then",
            Kw::Until => "until",
            Kw::While => "while",
            Kw::Begin => "{",
            Kw::End => "}",
        }
    }

    /// Tokens that end a list (ash's `tokendlist`).
    pub fn ends_list(self) -> bool {
        matches!(self, Kw::Do | Kw::Done | Kw::Elif | Kw::Else | Kw::Esac | Kw::Fi | Kw::Then | Kw::End)
    }
}

#[derive(Debug, Clone)]
pub(crate) struct WordTok {
    pub word: Word,
    /// The source text of the word.
    pub raw: String,
    /// Some part was quoted or escaped (then it is never a keyword).
    pub quoted: bool,
}

#[derive(Debug, Clone)]
pub(crate) enum Tok {
    Eof,
    Newline,
    /// (fd, operator, `<<-`)
    Redir(Option<u32>, RedirOp, bool),
    Word(WordTok, Option<Kw>),
    Semi,
    Amp,
    AndAnd,
    OrOr,
    Pipe,
    LParen,
    RParen,
    DSemi,
}

impl Tok {
    /// The token's name in ash's syntax errors (`tokname`).
    pub fn name(&self) -> String {
        match self {
            Tok::Eof => "end of file".into(),
            Tok::Newline => "newline".into(),
            Tok::Redir(..) => "redirection".into(),
            Tok::Word(_, None) => "word".into(),
            Tok::Word(_, Some(k)) => format!("\"{}\"", k.text()),
            Tok::Semi => "\";\"".into(),
            Tok::Amp => "\"&\"".into(),
            Tok::AndAnd => "\"&&\"".into(),
            Tok::OrOr => "\"||\"".into(),
            Tok::Pipe => "\"|\"".into(),
            Tok::LParen => "\"(\"".into(),
            Tok::RParen => "\")\"".into(),
            Tok::DSemi => "\";;\"".into(),
        }
    }

    pub fn kw(&self) -> Option<Kw> {
        match self {
            Tok::Word(_, k) => *k,
            _ => None,
        }
    }

    pub fn ends_list(&self) -> bool {
        match self {
            Tok::Eof | Tok::RParen | Tok::DSemi => true,
            Tok::Word(_, Some(k)) => k.ends_list(),
            _ => false,
        }
    }
}

/// Where a run of word characters is being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// An ordinary word: ends at a blank or an operator character.
    Base,
    /// Inside `"…"`: ends at the closing quote.
    DQuote,
    /// The word of `${name<op>word}`: ends at `}` (or `/` for a replace pattern).
    ParamWord { dq: bool, slash: bool },
    /// Inside `$((…))`: ends at the `)` that closes the expression.
    Arith,
    /// A here-document body: only `$`, backquotes and some backslashes are special.
    HereDoc,
}

fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

pub(crate) fn is_name(s: &str) -> bool {
    let mut it = s.chars();
    matches!(it.next(), Some(c) if is_name_start(c)) && it.all(is_name_char)
}

fn is_meta(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '|' | '(' | ')' | '<' | '>')
}

/// Accumulates word parts, merging adjacent literal text of the same kind.
#[derive(Default)]
struct PartBuf {
    parts: Vec<WordPart>,
    quoted: bool,
}

impl PartBuf {
    fn lit(&mut self, c: char) {
        if let Some(WordPart::Lit(s)) = self.parts.last_mut() {
            s.push(c);
        } else {
            self.parts.push(WordPart::Lit(c.to_string()));
        }
    }

    fn quoted_str(&mut self, t: &str) {
        self.quoted = true;
        if let Some(WordPart::Quoted(s)) = self.parts.last_mut() {
            s.push_str(t);
        } else {
            self.parts.push(WordPart::Quoted(t.to_string()));
        }
    }

    fn quoted(&mut self, c: char) {
        let mut b = [0u8; 4];
        self.quoted_str(c.encode_utf8(&mut b));
    }

    fn push(&mut self, p: WordPart) {
        self.parts.push(p);
    }
}

impl Parser {
    pub(crate) fn peek_char(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    /// Consumes one character, counting lines and stepping over here-document bodies
    /// that were read ahead when their newline is crossed.
    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.pos).copied()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            if let Some((nl, end, lines)) = self.heredoc_skip
                && nl + 1 == self.pos
            {
                self.pos = end;
                self.line += lines;
                self.heredoc_skip = None;
            }
        }
        Some(c)
    }

    /// Skips `\<newline>` pairs (line continuations) at the current position.
    fn eat_continuations(&mut self) {
        while self.peek_char() == Some('\\') && self.peek_at(1) == Some('\n') {
            self.bump();
            self.bump();
        }
    }

    pub(crate) fn syntax(&self, msg: impl Into<String>) -> ParseError {
        ParseError::syntax(msg.into(), self.line, &self.arg0, self.with_line)
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(ParseError::limit(format!("nesting deeper than {MAX_NESTING} levels"), self.line, &self.arg0));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn next_id(&mut self) -> u32 {
        self.ids += 1;
        self.ids
    }

    /// Reads the next raw token (no keyword classification).
    pub(crate) fn lex(&mut self) -> Result<Tok, ParseError> {
        loop {
            self.eat_continuations();
            match self.peek_char() {
                None => return Ok(Tok::Eof),
                Some(' ' | '\t') => {
                    self.bump();
                }
                Some('#') => {
                    while let Some(c) = self.peek_char() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                }
                Some(_) => break,
            }
        }
        let c = self.peek_char().unwrap_or('\n');
        let next = |p: &mut Parser| {
            p.bump();
            p.eat_continuations();
            p.peek_char()
        };
        let tok = match c {
            '\n' => {
                self.bump();
                Tok::Newline
            }
            '&' => match next(self) {
                Some('&') => {
                    self.bump();
                    Tok::AndAnd
                }
                Some('>') => {
                    self.bump();
                    if self.peek_char() == Some('>') {
                        // `&>>`: append both; approximated as append of stdout + dup.
                        self.bump();
                        Tok::Redir(Some(1), RedirOp::Append, true)
                    } else {
                        Tok::Redir(Some(1), RedirOp::OutErr, false)
                    }
                }
                _ => Tok::Amp,
            },
            '|' => match next(self) {
                Some('|') => {
                    self.bump();
                    Tok::OrOr
                }
                _ => Tok::Pipe,
            },
            ';' => match next(self) {
                Some(';') => {
                    self.bump();
                    Tok::DSemi
                }
                _ => Tok::Semi,
            },
            '(' => {
                self.bump();
                Tok::LParen
            }
            ')' => {
                self.bump();
                Tok::RParen
            }
            '<' | '>' => self.lex_redir(None)?,
            _ => self.lex_word()?,
        };
        Ok(tok)
    }

    fn lex_redir(&mut self, fd: Option<u32>) -> Result<Tok, ParseError> {
        let c = self.bump().unwrap_or('>');
        self.eat_continuations();
        let n = self.peek_char();
        let (op, strip) = if c == '<' {
            match n {
                Some('<') => {
                    self.bump();
                    self.eat_continuations();
                    match self.peek_char() {
                        Some('-') => {
                            self.bump();
                            (RedirOp::HereDoc, true)
                        }
                        Some('<') => {
                            self.bump();
                            (RedirOp::HereString, false)
                        }
                        _ => (RedirOp::HereDoc, false),
                    }
                }
                Some('>') => {
                    self.bump();
                    (RedirOp::ReadWrite, false)
                }
                Some('&') => {
                    self.bump();
                    (RedirOp::DupIn, false)
                }
                _ => (RedirOp::In, false),
            }
        } else {
            match n {
                Some('>') => {
                    self.bump();
                    (RedirOp::Append, false)
                }
                Some('|') => {
                    self.bump();
                    (RedirOp::Out, false)
                }
                Some('&') => {
                    self.bump();
                    (RedirOp::DupOut, false)
                }
                _ => (RedirOp::Out, false),
            }
        };
        Ok(Tok::Redir(fd, op, strip))
    }

    fn lex_word(&mut self) -> Result<Tok, ParseError> {
        let start = self.pos;
        let (parts, quoted) = self.read_parts(Mode::Base)?;
        let raw: String = self.chars[start..self.pos].iter().collect();
        // `2>file`: an all-digit word right before `<` or `>` is a file descriptor.
        if !quoted
            && matches!(self.peek_char(), Some('<' | '>'))
            && !raw.is_empty()
            && raw.len() <= 9
            && raw.chars().all(|c| c.is_ascii_digit())
        {
            let fd = raw.parse::<u32>().ok();
            return self.lex_redir(fd);
        }
        Ok(Tok::Word(WordTok { word: Word { parts }, raw, quoted }, None))
    }

    /// Reads word parts in `mode` up to (not including) the terminator.
    fn read_parts(&mut self, mode: Mode) -> Result<(Vec<WordPart>, bool), ParseError> {
        self.enter()?;
        let r = self.read_parts_inner(mode);
        self.leave();
        r
    }

    fn read_parts_inner(&mut self, mode: Mode) -> Result<(Vec<WordPart>, bool), ParseError> {
        let mut buf = PartBuf::default();
        let mut paren = 0usize;
        loop {
            let Some(c) = self.peek_char() else {
                return match mode {
                    Mode::Base | Mode::HereDoc => Ok((buf.parts, buf.quoted)),
                    Mode::DQuote => Err(self.syntax("unterminated quoted string")),
                    Mode::ParamWord { .. } => Err(self.syntax("missing '}'")),
                    Mode::Arith => Err(self.syntax("missing '))'")),
                };
            };
            match mode {
                Mode::Base if is_meta(c) => break,
                Mode::DQuote if c == '"' => break,
                Mode::ParamWord { .. } if c == '}' => break,
                Mode::ParamWord { slash: true, .. } if c == '/' => break,
                Mode::Arith if c == ')' && paren == 0 => break,
                _ => {}
            }
            let in_dq = matches!(mode, Mode::DQuote | Mode::ParamWord { dq: true, .. });
            match c {
                '\\' => {
                    self.bump();
                    match self.peek_char() {
                        None => buf.lit('\\'),
                        Some('\n') => {
                            self.bump();
                        }
                        Some(n) => {
                            let special_dq = matches!(n, '$' | '`' | '"' | '\\');
                            match mode {
                                Mode::HereDoc => {
                                    if matches!(n, '$' | '`' | '\\') {
                                        self.bump();
                                        buf.quoted(n);
                                    } else {
                                        buf.quoted('\\');
                                    }
                                }
                                _ if in_dq => {
                                    if special_dq || (n == '}' && matches!(mode, Mode::ParamWord { .. })) {
                                        self.bump();
                                        buf.quoted(n);
                                    } else {
                                        buf.quoted('\\');
                                    }
                                }
                                _ => {
                                    self.bump();
                                    buf.quoted(n);
                                }
                            }
                        }
                    }
                }
                '\'' if !in_dq && !matches!(mode, Mode::HereDoc | Mode::Arith) => {
                    self.bump();
                    let mut s = String::new();
                    loop {
                        match self.bump() {
                            None => return Err(self.syntax("unterminated quoted string")),
                            Some('\'') => break,
                            Some(ch) => s.push(ch),
                        }
                    }
                    buf.quoted_str(&s);
                }
                '"' if !matches!(mode, Mode::HereDoc | Mode::DQuote) => {
                    self.bump();
                    let (inner, _) = self.read_parts(Mode::DQuote)?;
                    if self.bump() != Some('"') {
                        return Err(self.syntax("unterminated quoted string"));
                    }
                    buf.quoted = true;
                    buf.push(WordPart::Double(inner));
                }
                '$' => {
                    self.bump();
                    self.eat_continuations();
                    let quote_lit = in_dq || mode == Mode::HereDoc;
                    match self.read_dollar(in_dq || mode == Mode::HereDoc)? {
                        Some(p) => {
                            if matches!(p, WordPart::Quoted(_)) {
                                buf.quoted = true;
                            }
                            buf.push(p)
                        }
                        None if quote_lit => buf.quoted('$'),
                        None => buf.lit('$'),
                    }
                }
                '`' => {
                    self.bump();
                    let p = self.read_backquote(in_dq)?;
                    buf.push(p);
                }
                _ => {
                    self.bump();
                    if mode == Mode::Arith {
                        if c == '(' {
                            paren += 1;
                        } else if c == ')' {
                            paren -= 1;
                        }
                    }
                    if in_dq || mode == Mode::HereDoc {
                        buf.quoted(c);
                    } else {
                        buf.lit(c);
                    }
                }
            }
        }
        Ok((buf.parts, buf.quoted))
    }

    /// After a `$`: the expansion, or None when the `$` is literal.
    fn read_dollar(&mut self, in_dq: bool) -> Result<Option<WordPart>, ParseError> {
        let Some(c) = self.peek_char() else { return Ok(None) };
        match c {
            '{' => {
                self.bump();
                self.read_brace_param(in_dq).map(Some)
            }
            '(' => {
                self.bump();
                self.eat_continuations();
                if self.peek_char() == Some('(') {
                    self.bump();
                    let (parts, _) = self.read_parts(Mode::Arith)?;
                    if self.bump() != Some(')') {
                        return Err(self.syntax("missing '))'"));
                    }
                    self.eat_continuations();
                    if self.bump() != Some(')') {
                        return Err(self.syntax("missing '))'"));
                    }
                    let id = self.next_id();
                    return Ok(Some(WordPart::Arith { id, expr: Arc::new(Word { parts }) }));
                }
                let list = self.subst_list()?;
                let id = self.next_id();
                Ok(Some(WordPart::CmdSub { id, list }))
            }
            '\'' if !in_dq => {
                self.bump();
                let s = self.read_dollar_squote()?;
                Ok(Some(WordPart::Quoted(s)))
            }
            c if is_name_start(c) => {
                let mut name = String::new();
                while let Some(c) = self.peek_char() {
                    if !is_name_char(c) {
                        break;
                    }
                    name.push(c);
                    self.bump();
                    self.eat_continuations();
                }
                let id = self.next_id();
                Ok(Some(WordPart::Param(Arc::new(ParamExp { id, name, op: ParamOp::Plain, index: None }))))
            }
            c if c.is_ascii_digit() || matches!(c, '?' | '$' | '#' | '@' | '*' | '!' | '-') => {
                self.bump();
                let id = self.next_id();
                Ok(Some(WordPart::Param(Arc::new(ParamExp { id, name: c.to_string(), op: ParamOp::Plain, index: None }))))
            }
            _ => Ok(None),
        }
    }

    /// `$'…'`: bash's C-style quoting (busybox ash supports it).
    fn read_dollar_squote(&mut self) -> Result<String, ParseError> {
        let mut s = String::new();
        loop {
            match self.bump() {
                None => return Err(self.syntax("unterminated quoted string")),
                Some('\'') => return Ok(s),
                Some('\\') => match self.bump() {
                    None => return Err(self.syntax("unterminated quoted string")),
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some('r') => s.push('\r'),
                    Some('a') => s.push('\x07'),
                    Some('b') => s.push('\x08'),
                    Some('f') => s.push('\x0c'),
                    Some('v') => s.push('\x0b'),
                    Some('e' | 'E') => s.push('\x1b'),
                    Some('x') => {
                        let mut v = 0u32;
                        let mut n = 0;
                        while n < 2 {
                            match self.peek_char().and_then(|c| c.to_digit(16)) {
                                Some(d) => {
                                    v = v * 16 + d;
                                    self.bump();
                                    n += 1;
                                }
                                None => break,
                            }
                        }
                        if n == 0 {
                            s.push_str("\\x");
                        } else {
                            s.push(char::from_u32(v).unwrap_or('?'));
                        }
                    }
                    Some(c @ '0'..='7') => {
                        let mut v = c.to_digit(8).unwrap_or(0);
                        let mut n = 1;
                        while n < 3 {
                            match self.peek_char().and_then(|c| c.to_digit(8)) {
                                Some(d) => {
                                    v = v * 8 + d;
                                    self.bump();
                                    n += 1;
                                }
                                None => break,
                            }
                        }
                        s.push(char::from_u32(v & 0xff).unwrap_or('?'));
                    }
                    Some(c @ ('\\' | '\'' | '"' | '?')) => s.push(c),
                    Some(c) => {
                        s.push('\\');
                        s.push(c);
                    }
                },
                Some(c) => s.push(c),
            }
        }
    }

    /// After `${`.
    fn read_brace_param(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        self.enter()?;
        let r = self.read_brace_param_inner(in_dq);
        self.leave();
        r
    }

    fn read_brace_param_inner(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        let part = self.read_brace_param_plain(in_dq)?;
        // The subscript read after the name (bash), put on the expansion.
        match (self.subscript.take(), part) {
            (Some(index), WordPart::Param(pe)) => Ok(WordPart::Param(Arc::new(ParamExp { id: pe.id, name: pe.name.clone(), op: pe.op.clone(), index: Some(index) }))),
            (_, part) => Ok(part),
        }
    }

    /// bash: `[…]` after a parameter's name, up to the matching `]`.
    fn read_subscript(&mut self) -> Result<Subscript, ParseError> {
        self.bump();
        let mut text = String::new();
        let mut depth = 0;
        loop {
            match self.bump() {
                None => return Err(self.syntax("missing '}'")),
                Some(']') if depth == 0 => break,
                Some(c) => {
                    if c == '[' {
                        depth += 1;
                    } else if c == ']' {
                        depth -= 1;
                    }
                    text.push(c);
                }
            }
        }
        match text.as_str() {
            "@" => return Ok(Subscript::All),
            "*" => return Ok(Subscript::Star),
            _ => {}
        }
        let mut sub = Parser::new(&text, &self.arg0, self.with_line);
        sub.bash = true;
        sub.line = self.line;
        sub.ids = self.ids;
        sub.depth = self.depth;
        let (parts, _) = sub.read_parts(Mode::HereDoc)?;
        self.ids = sub.ids;
        Ok(Subscript::Expr(Word { parts }))
    }

    fn read_brace_param_plain(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        let id = self.next_id();
        let mk = |name: String, op: ParamOp| WordPart::Param(Arc::new(ParamExp { id, name, op, index: None }));
        self.eat_continuations();
        let mut length = false;
        if self.peek_char() == Some('#') {
            // `${#}` is `$#`; `${#name}` is a length; `${#-}`… also lengths of specials.
            match self.peek_at(1) {
                Some('}') => {
                    self.bump();
                    self.bump();
                    return Ok(mk("#".into(), ParamOp::Plain));
                }
                Some(c) if is_name_char(c) || matches!(c, '?' | '$' | '#' | '@' | '*' | '!' | '-') => {
                    self.bump();
                    length = true;
                }
                _ => {}
            }
        }
        let mut name = String::new();
        match self.peek_char() {
            Some(c) if is_name_start(c) => {
                while let Some(c) = self.peek_char() {
                    if !is_name_char(c) {
                        break;
                    }
                    name.push(c);
                    self.bump();
                }
            }
            Some(c) if c.is_ascii_digit() => {
                while let Some(c) = self.peek_char() {
                    if !c.is_ascii_digit() {
                        break;
                    }
                    name.push(c);
                    self.bump();
                }
            }
            Some(c) if matches!(c, '?' | '$' | '#' | '@' | '*' | '!' | '-') => {
                name.push(c);
                self.bump();
            }
            _ => {}
        }
        if name.is_empty() {
            self.skip_to_brace()?;
            return Ok(mk(name, ParamOp::Bad));
        }
        if self.bash && self.peek_char() == Some('[') && is_name(&name) {
            self.subscript = Some(self.read_subscript()?);
        }
        if length {
            if self.peek_char() == Some('}') {
                self.bump();
                return Ok(mk(name, ParamOp::Length));
            }
            self.skip_to_brace()?;
            return Ok(mk(name, ParamOp::Bad));
        }
        let Some(c) = self.peek_char() else { return Err(self.syntax("missing '}'")) };
        let op = match c {
            '}' => {
                self.bump();
                return Ok(mk(name, ParamOp::Plain));
            }
            ':' => {
                self.bump();
                match self.peek_char() {
                    Some(t @ ('-' | '=' | '?' | '+')) => {
                        self.bump();
                        let w = self.param_word(in_dq, false)?;
                        match t {
                            '-' => ParamOp::Default(true, w),
                            '=' => ParamOp::Assign(true, w),
                            '?' => ParamOp::Error(true, w),
                            _ => ParamOp::Alt(true, w),
                        }
                    }
                    _ => {
                        let off = self.substr_word(true)?;
                        let len = if self.peek_char() == Some(':') {
                            self.bump();
                            Some(self.substr_word(false)?)
                        } else {
                            None
                        };
                        if self.bump() != Some('}') {
                            return Err(self.syntax("missing '}'"));
                        }
                        ParamOp::Substr(off, len)
                    }
                }
            }
            '-' | '=' | '?' | '+' => {
                self.bump();
                let w = self.param_word(in_dq, false)?;
                match c {
                    '-' => ParamOp::Default(false, w),
                    '=' => ParamOp::Assign(false, w),
                    '?' => ParamOp::Error(false, w),
                    _ => ParamOp::Alt(false, w),
                }
            }
            '%' | '#' => {
                self.bump();
                let long = self.peek_char() == Some(c);
                if long {
                    self.bump();
                }
                let w = self.param_word(false, false)?;
                if c == '%' { ParamOp::TrimSuffix(long, w) } else { ParamOp::TrimPrefix(long, w) }
            }
            '/' => {
                self.bump();
                let all = self.peek_char() == Some('/');
                if all {
                    self.bump();
                }
                let pat = self.param_word_raw(false, true)?;
                let rep = if self.peek_char() == Some('/') {
                    self.bump();
                    self.param_word_raw(in_dq, false)?
                } else {
                    Word::default()
                };
                if self.bump() != Some('}') {
                    return Err(self.syntax("missing '}'"));
                }
                ParamOp::Replace(all, pat, rep)
            }
            _ => {
                self.skip_to_brace()?;
                ParamOp::Bad
            }
        };
        Ok(mk(name, op))
    }

    fn param_word_raw(&mut self, dq: bool, slash: bool) -> Result<Word, ParseError> {
        let (parts, _) = self.read_parts(Mode::ParamWord { dq, slash })?;
        Ok(Word { parts })
    }

    /// The word of `${name<op>word}` and its closing brace.
    fn param_word(&mut self, dq: bool, slash: bool) -> Result<Word, ParseError> {
        let w = self.param_word_raw(dq, slash)?;
        if self.bump() != Some('}') {
            return Err(self.syntax("missing '}'"));
        }
        Ok(w)
    }

    /// The offset or length of `${name:offset:length}`: the text up to `:` (when
    /// `colon`) or `}`, left unconsumed, read with expansions as a here-document is.
    fn substr_word(&mut self, colon: bool) -> Result<Word, ParseError> {
        let mut text = String::new();
        let mut depth = 0usize;
        loop {
            match self.peek_char() {
                None => return Err(self.syntax("missing '}'")),
                Some(':') if colon && depth == 0 => break,
                Some('}') if depth == 0 => break,
                Some(c) => {
                    if c == '(' || c == '{' {
                        depth += 1;
                    } else if c == ')' || c == '}' {
                        depth = depth.saturating_sub(1);
                    }
                    text.push(c);
                    self.bump();
                }
            }
        }
        let mut sub = Parser::new(&text, &self.arg0, self.with_line);
        sub.bash = self.bash;
        sub.line = self.line;
        sub.ids = self.ids;
        sub.depth = self.depth;
        let (parts, _) = sub.read_parts(Mode::HereDoc)?;
        self.ids = sub.ids;
        Ok(Word { parts })
    }

    fn skip_to_brace(&mut self) -> Result<(), ParseError> {
        loop {
            match self.bump() {
                None => return Err(self.syntax("missing '}'")),
                Some('}') => return Ok(()),
                Some(_) => {}
            }
        }
    }

    /// After `` ` ``: the command up to the closing backquote, unescaped, parsed on its own.
    fn read_backquote(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        let start_line = self.line;
        let mut text = String::new();
        loop {
            match self.bump() {
                None => return Err(self.syntax("EOF in backquote substitution")),
                Some('`') => break,
                Some('\\') => match self.peek_char() {
                    Some(c @ ('$' | '`' | '\\')) => {
                        self.bump();
                        text.push(c);
                    }
                    Some('"') if in_dq => {
                        self.bump();
                        text.push('"');
                    }
                    Some('\n') => {
                        self.bump();
                    }
                    _ => text.push('\\'),
                },
                Some(c) => text.push(c),
            }
        }
        let mut sub = Parser::new(&text, &self.arg0, self.with_line);
        sub.bash = self.bash;
        sub.line = start_line;
        sub.ids = self.ids;
        sub.depth = self.depth;
        let list = sub.parse_all_as_list()?;
        self.ids = sub.ids;
        let id = self.next_id();
        Ok(WordPart::CmdSub { id, list })
    }

    /// Reads the body of a here-document whose delimiter was just parsed, ahead of the
    /// rest of the line: it starts after the line's newline (or after the previous
    /// here-document of the same line). Returns the body's word.
    pub(crate) fn read_heredoc(&mut self, delim: &str, quoted: bool, strip: bool) -> Result<Word, ParseError> {
        let (nl, start, extra_lines) = match self.heredoc_skip {
            Some((nl, end, lines)) if nl >= self.pos => (nl, end, lines),
            _ => {
                let Some(off) = self.chars[self.pos..].iter().position(|&c| c == '\n') else {
                    // No newline: the body is empty (ash reads to end of file).
                    return Ok(Word::default());
                };
                (self.pos + off, self.pos + off + 1, 0)
            }
        };
        let mut i = start;
        let mut body = String::new();
        let mut lines = extra_lines;
        loop {
            if i >= self.chars.len() {
                break;
            }
            let end = self.chars[i..].iter().position(|&c| c == '\n').map(|o| i + o);
            let line_end = end.unwrap_or(self.chars.len());
            let mut line: String = self.chars[i..line_end].iter().collect();
            if strip {
                line = line.trim_start_matches('\t').to_string();
            }
            i = match end {
                Some(e) => e + 1,
                None => self.chars.len(),
            };
            if end.is_some() {
                lines += 1;
            }
            if line == delim {
                break;
            }
            body.push_str(&line);
            if end.is_some() {
                body.push('\n');
            }
        }
        self.heredoc_skip = Some((nl, i, lines));
        if quoted {
            return Ok(Word { parts: vec![WordPart::Quoted(body)] });
        }
        let mut sub = Parser::new(&body, &self.arg0, self.with_line);
        sub.line = self.line + 1;
        sub.ids = self.ids;
        sub.depth = self.depth;
        let (parts, _) = sub.read_parts(Mode::HereDoc)?;
        self.ids = sub.ids;
        Ok(Word { parts })
    }
}

/// The delimiter of a here-document: the word with quotes removed, and whether any part
/// was quoted (then the body is taken literally).
pub(crate) fn heredoc_delim(w: &WordTok) -> (String, bool) {
    fn text(parts: &[WordPart], out: &mut String) {
        for p in parts {
            match p {
                WordPart::Lit(s) | WordPart::Quoted(s) => out.push_str(s),
                WordPart::Double(inner) => text(inner, out),
                _ => {}
            }
        }
    }
    let mut s = String::new();
    text(&w.word.parts, &mut s);
    if w.raw.contains('$') && !w.quoted {
        return (w.raw.clone(), false);
    }
    (s, w.quoted)
}

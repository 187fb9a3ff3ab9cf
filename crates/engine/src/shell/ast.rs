//! The syntax tree of a parsed script. Nodes that the interpreter's frames point into are
//! behind `Arc`, so a frame holds a cheap clone of the node it is running and a `Shell`
//! snapshot (a clone) shares the tree.

use std::sync::Arc;

/// A parsed script: the top-level command lists in order. ash parses and runs a `-c`
/// script one top-level list (up to an unnested newline) at a time, so a syntax error
/// further down only stops the script when execution reaches it: `error` is that error,
/// raised after `chunks` have run.
#[derive(Debug, Clone)]
pub struct Script {
    pub(crate) chunks: Vec<List>,
    pub(crate) error: Option<super::ParseError>,
}

/// A sequence of and-or lists (`a; b & c`).
pub(crate) type List = Arc<[Item]>;

#[derive(Debug, Clone)]
pub(crate) struct Item {
    pub andor: Arc<AndOr>,
    pub background: bool,
}

/// `p1 && p2 || p3`.
#[derive(Debug, Clone)]
pub(crate) struct AndOr {
    pub first: Arc<Pipeline>,
    /// (true for `&&`, false for `||`, the pipeline)
    pub rest: Vec<(bool, Arc<Pipeline>)>,
}

/// `[!] c1 | c2 | …`.
#[derive(Debug, Clone)]
pub(crate) struct Pipeline {
    pub bang: bool,
    pub cmds: Vec<Command>,
}

#[derive(Debug, Clone)]
pub(crate) enum Command {
    Simple(Arc<Simple>),
    Compound(Arc<CompoundCmd>),
    FuncDef(Arc<FuncDef>),
}

#[derive(Debug, Clone)]
pub(crate) struct Simple {
    pub assigns: Vec<Assign>,
    pub words: Vec<Word>,
    pub redirs: Vec<Redir>,
    pub line: usize,
}

#[derive(Debug, Clone)]
pub(crate) struct Assign {
    pub name: String,
    pub value: Word,
    /// bash: `name[sub]=value` (the subscript, an arithmetic expression).
    pub index: Option<Word>,
    /// bash: `name=(w1 w2 …)`, an indexed array's elements.
    pub array: Option<Vec<Word>>,
    /// bash: `name+=value` / `name+=(…)`.
    pub append: bool,
}

#[derive(Debug, Clone)]
pub(crate) struct FuncDef {
    pub name: String,
    pub body: Command,
}

#[derive(Debug, Clone)]
pub(crate) struct CompoundCmd {
    pub kind: Compound,
    pub redirs: Vec<Redir>,
    pub line: usize,
}

#[derive(Debug, Clone)]
pub(crate) enum Compound {
    Brace(List),
    Subshell(List),
    /// (condition, body) for `if` and each `elif`, then the `else` body.
    If(Vec<(List, List)>, Option<List>),
    Loop { until: bool, cond: List, body: List },
    /// `for var [in words]; do body; done` (no `in`: the positional parameters).
    For { var: String, words: Option<Vec<Word>>, body: List },
    Case { word: Word, arms: Vec<CaseArm> },
}

#[derive(Debug, Clone)]
pub(crate) struct CaseArm {
    pub patterns: Vec<Word>,
    pub body: List,
}

#[derive(Debug, Clone)]
pub(crate) struct Redir {
    /// The file descriptor named before the operator (`2>`), or the operator's default.
    pub fd: u32,
    pub op: RedirOp,
    pub target: Word,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RedirOp {
    /// `<`
    In,
    /// `>` and `>|`
    Out,
    /// `>>`
    Append,
    /// `<>`
    ReadWrite,
    /// `<&`
    DupIn,
    /// `>&`
    DupOut,
    /// `&>` (bash: stdout and stderr to a file)
    OutErr,
    /// `<<` / `<<-`: the target is the (already read) body
    HereDoc,
    /// `<<<`
    HereString,
}

/// A word: its parts are concatenated; quoting is kept per part for field splitting,
/// pattern matching and quote removal.
#[derive(Debug, Clone, Default)]
pub(crate) struct Word {
    pub parts: Vec<WordPart>,
}

#[derive(Debug, Clone)]
pub(crate) enum WordPart {
    /// Unquoted text (glob characters keep their meaning).
    Lit(String),
    /// Quoted text: single quotes, a backslash escape, literal text inside double quotes.
    Quoted(String),
    /// `"…"`
    Double(Vec<WordPart>),
    Param(Arc<ParamExp>),
    /// `$(…)` or a backquoted command; `id` names it within its expansion.
    CmdSub { id: u32, list: List },
    /// `$((…))`: the expression text as a word (expanded first, then evaluated).
    Arith { id: u32, expr: Arc<Word> },
}

#[derive(Debug, Clone)]
pub(crate) struct ParamExp {
    pub id: u32,
    pub name: String,
    pub op: ParamOp,
    /// bash: `${name[…]}`.
    pub index: Option<Subscript>,
}

/// A bash array subscript.
#[derive(Debug, Clone)]
pub(crate) enum Subscript {
    /// `[@]`: every element, a field each in double quotes.
    All,
    /// `[*]`: every element, joined by IFS's first character in double quotes.
    Star,
    /// `[expr]`: the element at that arithmetic index (negative: from the end).
    Expr(Word),
}

#[derive(Debug, Clone)]
pub(crate) enum ParamOp {
    Plain,
    /// `${#name}`
    Length,
    /// `${name:-w}` (colon: also when set but empty) / `${name-w}`
    Default(bool, Word),
    /// `${name:=w}` / `${name=w}`
    Assign(bool, Word),
    /// `${name:?w}` / `${name?w}`
    Error(bool, Word),
    /// `${name:+w}` / `${name+w}`
    Alt(bool, Word),
    /// `${name%w}` (false) / `${name%%w}` (true)
    TrimSuffix(bool, Word),
    /// `${name#w}` / `${name##w}`
    TrimPrefix(bool, Word),
    /// `${name:offset[:length]}`
    Substr(Word, Option<Word>),
    /// `${name/pat/rep}` (false) / `${name//pat/rep}` (true)
    Replace(bool, Word, Word),
    /// Anything else: ash reports `bad substitution` when it is expanded.
    Bad,
}

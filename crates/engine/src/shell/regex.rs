//! A small regular-expression matcher for `grep`, `sed`, `awk` and `expr`: POSIX basic
//! syntax (`.`, `[…]`, `*`, `^`, `$`, `\(…\)`, `\{n,m\}`, `\+`, `\?`, `\|`) and, with
//! `extended`, the ERE spellings (`+ ? | ( ) {n,m}`). The pattern compiles to a program that
//! a Pike VM runs over the text once (no backtracking), so the work of a match is at most
//! (text length + 1) × (program length) thread steps, and each thread step costs about the
//! same wall time: the caller's `fuel` counts them, and the interpreter charges that to the
//! step budget (see `WORK_FUEL`). When the fuel runs out the pattern does not match.

#[derive(Debug, Clone)]
enum Node {
    Char(char),
    Any,
    Class(bool, Vec<(char, char)>),
    Start,
    End,
    Group(Vec<Vec<Piece>>, usize),
}

#[derive(Debug, Clone)]
struct Piece {
    node: Node,
    min: usize,
    max: usize,
}

/// A compiled regular expression: a program for a Pike VM (Thompson's construction run
/// breadth-first, threads in priority order), so matching costs at most (text length + 1) ×
/// (program length) thread steps whatever the pattern — `(a*)*b` is linear, not exponential.
/// Threads keep the backtracking order (alternatives left to right, repetitions greedy), so
/// the match found is the one a backtracking matcher finds.
#[derive(Debug, Clone)]
pub(crate) struct Regex {
    prog: Vec<Inst>,
    icase: bool,
    groups: usize,
    /// A fixed string (`grep -F`): searched directly.
    lit: Option<Vec<char>>,
}

#[derive(Debug, Clone)]
enum Inst {
    /// A character-consuming node (`Char`, `Any`, `Class`) or an anchor (`Start`, `End`).
    Node(Node),
    /// Try the first target, then (at lower priority) the second.
    Split(usize, usize),
    Jmp(usize),
    /// Record the position in a capture slot (group `n`: slots `2n` and `2n + 1`).
    Save(usize),
    Match,
}

/// The most pattern elements.
const MAX_PIECES: usize = 256;

/// The largest program (counted repetitions are expanded: `\(a\{1000\}\)\{1000\}` would be
/// a million instructions); beyond it glibc's `REG_ESIZE` text.
const MAX_INSTS: usize = 20_000;

/// The most capture-slot words a thread list holds (instructions × slots): a pattern with
/// both hundreds of groups and thousands of instructions would otherwise ask for hundreds of
/// megabytes per match. Beyond it, `REG_ESIZE` too.
const MAX_SLOT_WORDS: usize = 1 << 18;

/// A thread step costs one unit of fuel (what the interpreter charges, see `WORK_FUEL`),
/// and one more per this many capture slots the thread carries (copying them).
const SLOTS_PER_UNIT: usize = 8;

const NONE: usize = usize::MAX;

struct P<'a> {
    c: &'a [char],
    i: usize,
    ere: bool,
    groups: usize,
    depth: usize,
    pieces: usize,
}

impl Regex {
    pub fn new(pattern: &str, extended: bool, icase: bool) -> Result<Regex, String> {
        let chars: Vec<char> = pattern.chars().collect();
        let mut p = P { c: &chars, i: 0, ere: extended, groups: 0, depth: 0, pieces: 0 };
        let alts = p.alternation()?;
        if p.i < chars.len() {
            return Err("Unmatched ) or \\)".into());
        }
        if p.pieces > MAX_PIECES {
            return Err(format!("regular expression longer than {MAX_PIECES} elements (podlife limit)"));
        }
        let mut prog = Vec::new();
        compile_alts(&mut prog, &alts)?;
        push(&mut prog, Inst::Match)?;
        if prog.len().saturating_mul(2 * (p.groups + 1)) > MAX_SLOT_WORDS {
            return Err("Regular expression too big".into());
        }
        Ok(Regex { prog, icase, groups: p.groups, lit: None })
    }

    /// A literal string (`grep -F`).
    pub fn literal(s: &str, icase: bool) -> Regex {
        let lit = if icase { s.chars().map(crate::gostrings::lower_char).collect() } else { s.chars().collect() };
        Regex { prog: Vec::new(), icase, groups: 0, lit: Some(lit) }
    }

    /// The first match in `s`: (start, end) in chars, spending matching work from `fuel`
    /// (no match once it is spent).
    pub fn find_with(&self, s: &[char], fuel: &mut u64) -> Option<(usize, usize)> {
        self.find_from(s, 0, fuel)
    }

    /// The first match at or after `from` (`^` matches only at the start of `s`), without
    /// its groups.
    pub fn find_from(&self, s: &[char], from: usize, fuel: &mut u64) -> Option<(usize, usize)> {
        if let Some(lit) = &self.lit {
            let hay = s.get(from..)?;
            return self.find_literal(lit, hay, fuel).map(|(a, b)| (a + from, b + from));
        }
        let slots = self.run(s, from, false, 2, fuel)?;
        Some((slots[0], slots[1]))
    }

    fn find_literal(&self, lit: &[char], hay: &[char], fuel: &mut u64) -> Option<(usize, usize)> {
        if lit.is_empty() {
            return Some((0, 0));
        }
        let lower: Vec<char>;
        let hay: &[char] = if self.icase {
            lower = hay.iter().map(|&c| crate::gostrings::lower_char(c)).collect();
            &lower
        } else {
            hay
        };
        // Each position compares up to the whole literal.
        let per = 1 + lit.len() as u64 / 16;
        let found = hay.windows(lit.len()).position(|w| w == lit);
        let scanned = found.map_or(hay.len(), |p| p + 1) as u64;
        *fuel = fuel.saturating_sub(scanned.saturating_mul(per) / 4);
        found.map(|p| (p, p + lit.len()))
    }

    /// The first match at or after `from`, with the spans of its groups (index 0: the whole
    /// match; `^` matches only at the start of `s`).
    pub fn captures_from(&self, s: &[char], from: usize, fuel: &mut u64) -> Option<Vec<Option<(usize, usize)>>> {
        if self.lit.is_some() {
            let (a, b) = self.find_from(s, from, fuel)?;
            return Some(vec![Some((a, b))]);
        }
        let slots = self.run(s, from, false, 2 * (self.groups + 1), fuel)?;
        Some(slots.chunks(2).map(|c| (c[0] != NONE && c[1] != NONE).then_some((c[0], c[1]))).collect())
    }

    /// A match anchored at the start (`expr STRING : REGEX`): the end, and the first
    /// group's text.
    pub fn match_start(&self, s: &[char], fuel: &mut u64) -> Option<(usize, Option<String>)> {
        if let Some(lit) = &self.lit {
            return s.starts_with(lit).then_some((lit.len(), None));
        }
        let slots = self.run(s, 0, true, 2 * (self.groups + 1).min(2), fuel)?;
        let g = match slots.get(2..4) {
            Some([a, b]) if *a != NONE && *b != NONE => Some(s[*a..*b].iter().collect()),
            _ => None,
        };
        Some((slots[1], g))
    }

    pub fn has_groups(&self) -> bool {
        self.groups > 0
    }

    /// The Pike VM: the leftmost match at or after `from` (at `from` only when `anchored`),
    /// the highest-priority one among those starting there; its first `nslots` capture
    /// slots. Spends one unit of `fuel` per thread step (more for threads carrying many
    /// slots); None when none matches or the fuel runs out.
    fn run(&self, s: &[char], from: usize, anchored: bool, nslots: usize, fuel: &mut u64) -> Option<Vec<usize>> {
        let n = self.prog.len();
        // Setting up the thread lists (filling their slots) is work too.
        *fuel = fuel.saturating_sub(1 + (n * (2 + nslots)) as u64 / 16);
        let mut clist = Threads::new(n, nslots);
        let mut nlist = Threads::new(n, nslots);
        let mut scratch = vec![NONE; nslots];
        let mut stack: Vec<Frame> = Vec::new();
        let cost = 1 + (nslots / SLOTS_PER_UNIT) as u64;
        let mut matched: Option<Vec<usize>> = None;
        let mut at = from;
        while at <= s.len() {
            if *fuel == 0 {
                return None;
            }
            if matched.is_none() && (!anchored || at == from) {
                scratch.fill(NONE);
                scratch[0] = at;
                self.add(&mut clist, &mut stack, 0, at, s, &mut scratch, fuel, cost);
            }
            if clist.dense.is_empty() {
                if matched.is_some() || anchored {
                    break;
                }
                at += 1;
                continue;
            }
            nlist.clear();
            let c = s.get(at).copied();
            for k in 0..clist.dense.len() {
                let pc = clist.dense[k];
                match &self.prog[pc] {
                    Inst::Match => {
                        let mut slots = clist.slots(pc).to_vec();
                        slots[1] = at;
                        matched = Some(slots);
                        // Lower-priority threads lose to this one.
                        break;
                    }
                    Inst::Node(node) if c.is_some_and(|c| self.consumes(node, c)) => {
                        scratch.copy_from_slice(clist.slots(pc));
                        self.add(&mut nlist, &mut stack, pc + 1, at + 1, s, &mut scratch, fuel, cost);
                    }
                    _ => {}
                }
            }
            std::mem::swap(&mut clist, &mut nlist);
            at += 1;
        }
        matched
    }

    /// Adds the thread at `pc0` to `list`, following jumps, splits (in priority order),
    /// saves and anchors at position `at`.
    #[allow(clippy::too_many_arguments)]
    fn add(&self, list: &mut Threads, stack: &mut Vec<Frame>, pc0: usize, at: usize, s: &[char], scratch: &mut [usize], fuel: &mut u64, cost: u64) {
        stack.push(Frame::Explore(pc0));
        while let Some(f) = stack.pop() {
            let mut pc = match f {
                Frame::Restore(slot, old) => {
                    scratch[slot] = old;
                    continue;
                }
                Frame::Explore(pc) => pc,
            };
            loop {
                if !list.insert(pc) {
                    break;
                }
                *fuel = fuel.saturating_sub(cost);
                match &self.prog[pc] {
                    Inst::Jmp(t) => pc = *t,
                    Inst::Split(a, b) => {
                        stack.push(Frame::Explore(*b));
                        pc = *a;
                    }
                    Inst::Save(k) => {
                        if let Some(slot) = scratch.get_mut(*k) {
                            stack.push(Frame::Restore(*k, *slot));
                            *slot = at;
                        }
                        pc += 1;
                    }
                    Inst::Node(Node::Start) => {
                        if at != 0 {
                            break;
                        }
                        pc += 1;
                    }
                    Inst::Node(Node::End) => {
                        if at != s.len() {
                            break;
                        }
                        pc += 1;
                    }
                    Inst::Node(_) | Inst::Match => {
                        list.set_slots(pc, scratch);
                        break;
                    }
                }
            }
        }
    }

    /// Whether a character-consuming node matches `c`.
    fn consumes(&self, node: &Node, c: char) -> bool {
        match node {
            Node::Char(x) => {
                if self.icase {
                    crate::gostrings::lower_char(*x) == crate::gostrings::lower_char(c)
                } else {
                    *x == c
                }
            }
            Node::Any => true,
            Node::Class(neg, items) => {
                let hit = items.iter().any(|(a, b)| {
                    (*a <= c && c <= *b) || (self.icase && {
                        let l = c.to_ascii_lowercase();
                        let u = c.to_ascii_uppercase();
                        (*a <= l && l <= *b) || (*a <= u && u <= *b)
                    })
                });
                hit != *neg
            }
            _ => false,
        }
    }
}

enum Frame {
    Explore(usize),
    Restore(usize, usize),
}

/// A set of threads (program counters, in insertion order = priority) with their capture
/// slots: a sparse set, so clearing costs nothing.
struct Threads {
    dense: Vec<usize>,
    sparse: Vec<usize>,
    nslots: usize,
    caps: Vec<usize>,
}

impl Threads {
    fn new(n: usize, nslots: usize) -> Threads {
        Threads { dense: Vec::with_capacity(n), sparse: vec![0; n], nslots, caps: vec![NONE; n * nslots] }
    }

    fn clear(&mut self) {
        self.dense.clear();
    }

    /// Inserts `pc`; false when it was there already.
    fn insert(&mut self, pc: usize) -> bool {
        let i = self.sparse[pc];
        if i < self.dense.len() && self.dense[i] == pc {
            return false;
        }
        self.sparse[pc] = self.dense.len();
        self.dense.push(pc);
        true
    }

    fn slots(&self, pc: usize) -> &[usize] {
        &self.caps[pc * self.nslots..(pc + 1) * self.nslots]
    }

    fn set_slots(&mut self, pc: usize, from: &[usize]) {
        self.caps[pc * self.nslots..(pc + 1) * self.nslots].copy_from_slice(from);
    }
}

fn push(prog: &mut Vec<Inst>, inst: Inst) -> Result<usize, String> {
    if prog.len() >= MAX_INSTS {
        return Err("Regular expression too big".into());
    }
    prog.push(inst);
    Ok(prog.len() - 1)
}

/// Alternatives in priority order: `Split(first, rest)`, each ending with a jump past the
/// others.
fn compile_alts(prog: &mut Vec<Inst>, alts: &[Vec<Piece>]) -> Result<(), String> {
    let mut jumps = Vec::new();
    for (i, alt) in alts.iter().enumerate() {
        if i + 1 < alts.len() {
            let split = push(prog, Inst::Split(0, 0))?;
            for piece in alt {
                compile_piece(prog, piece)?;
            }
            jumps.push(push(prog, Inst::Jmp(0))?);
            prog[split] = Inst::Split(split + 1, prog.len());
        } else {
            for piece in alt {
                compile_piece(prog, piece)?;
            }
        }
    }
    let end = prog.len();
    for j in jumps {
        prog[j] = Inst::Jmp(end);
    }
    Ok(())
}

/// A piece: `min` copies, then a greedy loop (`max` unbounded) or `max - min` optional
/// copies (each skipped copy skips the rest).
fn compile_piece(prog: &mut Vec<Inst>, piece: &Piece) -> Result<(), String> {
    for _ in 0..piece.min {
        compile_atom(prog, &piece.node)?;
    }
    if piece.max == usize::MAX {
        let head = push(prog, Inst::Split(0, 0))?;
        compile_atom(prog, &piece.node)?;
        push(prog, Inst::Jmp(head))?;
        prog[head] = Inst::Split(head + 1, prog.len());
    } else {
        let mut splits = Vec::new();
        for _ in piece.min..piece.max {
            splits.push(push(prog, Inst::Split(0, 0))?);
            compile_atom(prog, &piece.node)?;
        }
        let end = prog.len();
        for s in splits {
            prog[s] = Inst::Split(s + 1, end);
        }
    }
    Ok(())
}

fn compile_atom(prog: &mut Vec<Inst>, node: &Node) -> Result<(), String> {
    match node {
        Node::Group(alts, n) => {
            push(prog, Inst::Save(2 * n))?;
            compile_alts(prog, alts)?;
            push(prog, Inst::Save(2 * n + 1))?;
        }
        other => {
            push(prog, Inst::Node(other.clone()))?;
        }
    }
    Ok(())
}

impl P<'_> {
    fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }

    fn at_alt(&self) -> bool {
        if self.ere {
            self.peek() == Some('|')
        } else {
            self.peek() == Some('\\') && self.c.get(self.i + 1) == Some(&'|')
        }
    }

    fn at_close(&self) -> bool {
        if self.ere {
            self.peek() == Some(')') && self.depth > 0
        } else {
            self.peek() == Some('\\') && self.c.get(self.i + 1) == Some(&')')
        }
    }

    fn alternation(&mut self) -> Result<Vec<Vec<Piece>>, String> {
        self.depth += 1;
        if self.depth > 50 {
            return Err("regular expression too complex".into());
        }
        let mut alts = vec![self.sequence()?];
        while self.at_alt() {
            self.i += if self.ere { 1 } else { 2 };
            alts.push(self.sequence()?);
        }
        self.depth -= 1;
        Ok(alts)
    }

    fn sequence(&mut self) -> Result<Vec<Piece>, String> {
        let mut seq: Vec<Piece> = Vec::new();
        let start = self.i;
        while let Some(c) = self.peek() {
            if self.at_alt() || self.at_close() {
                break;
            }
            let node = match c {
                '.' => {
                    self.i += 1;
                    Node::Any
                }
                '^' if self.ere || self.i == start => {
                    self.i += 1;
                    Node::Start
                }
                '$' if self.ere || self.i + 1 == self.c.len() || self.next_is_close_or_alt() => {
                    self.i += 1;
                    Node::End
                }
                '[' => self.class()?,
                '*' if seq.is_empty() => {
                    self.i += 1;
                    Node::Char('*')
                }
                '(' if self.ere => {
                    self.i += 1;
                    self.groups += 1;
                    let n = self.groups;
                    let alts = self.alternation()?;
                    if self.peek() != Some(')') {
                        return Err("Unmatched ( or \\(".into());
                    }
                    self.i += 1;
                    Node::Group(alts, n)
                }
                '\\' => {
                    let n = self.c.get(self.i + 1).copied();
                    match n {
                        Some('(') if !self.ere => {
                            self.i += 2;
                            self.groups += 1;
                            let g = self.groups;
                            let alts = self.alternation()?;
                            if !(self.peek() == Some('\\') && self.c.get(self.i + 1) == Some(&')')) {
                                return Err("Unmatched ( or \\(".into());
                            }
                            self.i += 2;
                            Node::Group(alts, g)
                        }
                        Some(d) if matches!(d, '+' | '?' | '{') && !self.ere => {
                            // A quantifier written the BRE way: handled below.
                            if seq.is_empty() {
                                self.i += 2;
                                Node::Char(d)
                            } else {
                                break;
                            }
                        }
                        Some('w') => {
                            self.i += 2;
                            Node::Class(false, vec![('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')])
                        }
                        Some('s') => {
                            self.i += 2;
                            Node::Class(false, vec![(' ', ' '), ('\t', '\t'), ('\n', '\n'), ('\r', '\r')])
                        }
                        Some(d) => {
                            self.i += 2;
                            Node::Char(d)
                        }
                        None => {
                            self.i += 1;
                            Node::Char('\\')
                        }
                    }
                }
                c => {
                    if self.ere && matches!(c, '+' | '?' | '{' | '*') && !seq.is_empty() {
                        // A quantifier after a quantifier: treat literally.
                        self.i += 1;
                        Node::Char(c)
                    } else {
                        self.i += 1;
                        Node::Char(c)
                    }
                }
            };
            let (min, max) = self.quantifier()?;
            self.pieces += 1;
            if self.pieces > MAX_PIECES {
                return Err(format!("regular expression longer than {MAX_PIECES} elements (podlife limit)"));
            }
            seq.push(Piece { node, min, max });
        }
        Ok(seq)
    }

    fn next_is_close_or_alt(&self) -> bool {
        let rest = &self.c[self.i + 1..];
        if self.ere {
            matches!(rest.first(), Some('|' | ')'))
        } else {
            rest.len() >= 2 && rest[0] == '\\' && matches!(rest[1], '|' | ')')
        }
    }

    fn quantifier(&mut self) -> Result<(usize, usize), String> {
        let c = self.peek();
        let (ere_q, skip) = match c {
            Some('*') => (Some('*'), 1),
            Some(q @ ('+' | '?' | '{')) if self.ere => (Some(q), 1),
            Some('\\') if !self.ere => match self.c.get(self.i + 1) {
                Some(q @ ('+' | '?' | '{')) => (Some(*q), 2),
                _ => (None, 0),
            },
            _ => (None, 0),
        };
        let Some(q) = ere_q else { return Ok((1, 1)) };
        self.i += skip;
        Ok(match q {
            '*' => (0, usize::MAX),
            '+' => (1, usize::MAX),
            '?' => (0, 1),
            _ => {
                let mut text = String::new();
                loop {
                    match self.peek() {
                        None => return Err("Unmatched \\{".into()),
                        Some('}') if self.ere => {
                            self.i += 1;
                            break;
                        }
                        Some('\\') if !self.ere && self.c.get(self.i + 1) == Some(&'}') => {
                            self.i += 2;
                            break;
                        }
                        Some(ch) => {
                            text.push(ch);
                            self.i += 1;
                        }
                    }
                }
                let (a, b) = match text.split_once(',') {
                    Some((a, b)) => (a.trim().parse().unwrap_or(0), if b.trim().is_empty() { usize::MAX } else { b.trim().parse().map_err(|_| "Invalid content of \\{\\}".to_string())? }),
                    None => {
                        let n: usize = text.trim().parse().map_err(|_| "Invalid content of \\{\\}".to_string())?;
                        (n, n)
                    }
                };
                if a > 1000 || (b != usize::MAX && (b < a || b > 1000)) {
                    return Err("Invalid content of \\{\\}".into());
                }
                (a, b)
            }
        })
    }

    fn class(&mut self) -> Result<Node, String> {
        self.i += 1;
        let mut neg = false;
        if self.peek() == Some('^') {
            neg = true;
            self.i += 1;
        }
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let Some(c) = self.peek() else { return Err("Unmatched [, [^, [:, [., or [=".into()) };
            if c == ']' && !first {
                self.i += 1;
                break;
            }
            first = false;
            if c == '[' && self.c.get(self.i + 1) == Some(&':') {
                let rest: String = self.c[self.i + 2..].iter().collect();
                if let Some(end) = rest.find(":]") {
                    let name = &rest[..end];
                    let ranges: &[(char, char)] = match name {
                        "alpha" => &[('a', 'z'), ('A', 'Z')],
                        "digit" => &[('0', '9')],
                        "alnum" => &[('a', 'z'), ('A', 'Z'), ('0', '9')],
                        "upper" => &[('A', 'Z')],
                        "lower" => &[('a', 'z')],
                        "space" => &[(' ', ' '), ('\t', '\r')],
                        "blank" => &[(' ', ' '), ('\t', '\t')],
                        "xdigit" => &[('0', '9'), ('a', 'f'), ('A', 'F')],
                        "punct" => &[('!', '/'), (':', '@'), ('[', '`'), ('{', '~')],
                        _ => &[],
                    };
                    items.extend_from_slice(ranges);
                    self.i += 2 + name.chars().count() + 2;
                    continue;
                }
            }
            if self.c.get(self.i + 1) == Some(&'-') && self.c.get(self.i + 2).is_some_and(|&e| e != ']') {
                let e = self.c[self.i + 2];
                items.push((c, e));
                self.i += 3;
            } else {
                items.push((c, c));
                self.i += 1;
            }
        }
        Ok(Node::Class(neg, items))
    }
}

//! A small backtracking regular-expression matcher for `grep`, `sed`, `awk` and `expr`: POSIX basic
//! syntax (`.`, `[…]`, `*`, `^`, `$`, `\(…\)`, `\{n,m\}`, `\+`, `\?`, `\|`) and, with
//! `extended`, the ERE spellings (`+ ? | ( ) {n,m}`). Matching spends a bounded amount
//! of work (a pathological pattern simply fails to match).

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

#[derive(Debug, Clone)]
pub(crate) struct Regex {
    alts: Vec<Vec<Piece>>,
    icase: bool,
    groups: usize,
    /// A fixed string (`grep -F`): searched directly.
    lit: Option<Vec<char>>,
}

/// The most pattern elements (the matcher recurses once per element).
const MAX_PIECES: usize = 256;

const FUEL: u64 = 2_000_000;

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
        Ok(Regex { alts, icase, groups: p.groups, lit: None })
    }

    /// A literal string (`grep -F`).
    pub fn literal(s: &str, icase: bool) -> Regex {
        let lit = if icase { s.chars().flat_map(char::to_lowercase).collect() } else { s.chars().collect() };
        Regex { alts: Vec::new(), icase, groups: 0, lit: Some(lit) }
    }

    /// The first match in `s`: (start, end) in chars, spending matching work from `fuel`
    /// (no match once it is spent).
    pub fn find_with(&self, s: &[char], fuel: &mut u64) -> Option<(usize, usize)> {
        if let Some(lit) = &self.lit {
            if lit.is_empty() {
                return Some((0, 0));
            }
            let lower: Vec<char>;
            let hay: &[char] = if self.icase {
                lower = s.iter().flat_map(|c| c.to_lowercase()).collect();
                &lower
            } else {
                s
            };
            *fuel = fuel.saturating_sub((hay.len() * lit.len().min(64)) as u64 / 8);
            return hay.windows(lit.len()).position(|w| w == lit.as_slice()).map(|p| (p, p + lit.len()));
        }
        for start in 0..=s.len() {
            let mut caps = vec![None; self.groups + 1];
            if let Some(end) = self.match_alts(&self.alts, s, start, fuel, &mut caps) {
                return Some((start, end));
            }
            if *fuel == 0 {
                return None;
            }
        }
        None
    }

    /// The first match at or after `from`, with the spans of its groups (index 0: the whole
    /// match; `^` matches only at the start of `s`).
    pub fn captures_from(&self, s: &[char], from: usize, fuel: &mut u64) -> Option<Vec<Option<(usize, usize)>>> {
        if self.lit.is_some() {
            let (a, b) = self.find_with(s.get(from..)?, fuel)?;
            return Some(vec![Some((a + from, b + from))]);
        }
        for start in from..=s.len() {
            let mut caps = vec![None; self.groups + 1];
            if let Some(end) = self.match_alts(&self.alts, s, start, fuel, &mut caps) {
                caps[0] = Some((start, end));
                return Some(caps);
            }
            if *fuel == 0 {
                return None;
            }
        }
        None
    }

    /// A match anchored at the start (`expr STRING : REGEX`): the end, and the first
    /// group's text.
    pub fn match_start(&self, s: &[char]) -> Option<(usize, Option<String>)> {
        let mut fuel = FUEL;
        let mut caps = vec![None; self.groups + 1];
        let end = self.match_alts(&self.alts, s, 0, &mut fuel, &mut caps)?;
        let g = caps.get(1).copied().flatten().map(|(a, b): (usize, usize)| s[a..b].iter().collect());
        Some((end, g))
    }

    pub fn has_groups(&self) -> bool {
        self.groups > 0
    }

    /// Matches the alternatives at `at`: the end of the whole match (groups backtrack, so
    /// `\(.*\)=\(.*\)` finds its `=`).
    fn match_alts(&self, alts: &[Vec<Piece>], s: &[char], at: usize, fuel: &mut u64, caps: &mut Caps) -> Option<usize> {
        for alt in alts {
            if let Some(e) = self.seq(alt, 0, s, at, fuel, caps, 0, &mut |end, _, _, _| Some(end)) {
                return Some(e);
            }
        }
        None
    }

    /// Matches `seq[k..]` at `at`, then the continuation `cont` (the rest of the pattern).
    #[allow(clippy::too_many_arguments)]
    fn seq(&self, seq: &[Piece], k: usize, s: &[char], at: usize, fuel: &mut u64, caps: &mut Caps, depth: usize, cont: &mut Cont) -> Option<usize> {
        if *fuel == 0 || depth > MAX_DEPTH {
            *fuel = 0;
            return None;
        }
        *fuel -= 1;
        let Some(piece) = seq.get(k) else { return cont(at, fuel, caps, depth) };
        if let Node::Group(..) = piece.node {
            return self.repeat(piece, seq, k, s, at, 0, fuel, caps, depth + 1, cont);
        }
        // A single-character piece: every reachable end, tried longest first.
        let mut ends = vec![at];
        let mut cur = at;
        while ends.len() - 1 < piece.max {
            let Some(next) = self.single(&piece.node, s, cur) else { break };
            if next == cur {
                while ends.len() - 1 < piece.min {
                    ends.push(cur);
                }
                break;
            }
            cur = next;
            ends.push(cur);
        }
        *fuel = fuel.saturating_sub(ends.len() as u64 / 8);
        for n in (piece.min..ends.len()).rev() {
            if let Some(r) = self.seq(seq, k + 1, s, ends[n], fuel, caps, depth + 1, cont) {
                return Some(r);
            }
            if *fuel == 0 {
                return None;
            }
        }
        None
    }

    /// A group repeated `count` times so far: one more (greedy), else the rest of `seq`.
    #[allow(clippy::too_many_arguments)]
    fn repeat(&self, piece: &Piece, seq: &[Piece], k: usize, s: &[char], at: usize, count: usize, fuel: &mut u64, caps: &mut Caps, depth: usize, cont: &mut Cont) -> Option<usize> {
        if depth > MAX_DEPTH {
            *fuel = 0;
            return None;
        }
        let Node::Group(alts, n) = &piece.node else { return None };
        if count < piece.max {
            for alt in alts {
                let saved = caps.get(*n).copied().flatten();
                let r = self.seq(alt, 0, s, at, fuel, caps, depth + 1, &mut |end, fuel, caps, depth| {
                    // An empty repetition ends the loop (it would repeat forever).
                    if end == at && count >= piece.min {
                        return None;
                    }
                    let old = caps.get(*n).copied().flatten();
                    if let Some(c) = caps.get_mut(*n) {
                        *c = Some((at, end));
                    }
                    let r = self.repeat(piece, seq, k, s, end, count + 1, fuel, caps, depth + 1, cont);
                    if r.is_none()
                        && let Some(c) = caps.get_mut(*n)
                    {
                        *c = old;
                    }
                    r
                });
                if r.is_some() {
                    return r;
                }
                if let Some(c) = caps.get_mut(*n) {
                    *c = saved;
                }
                if *fuel == 0 {
                    return None;
                }
            }
        }
        if count >= piece.min {
            return self.seq(seq, k + 1, s, at, fuel, caps, depth + 1, cont);
        }
        None
    }

    /// One character-class-like node (or an anchor) at `at`: where it ends.
    fn single(&self, node: &Node, s: &[char], at: usize) -> Option<usize> {
        match node {
            Node::Start => (at == 0).then_some(at),
            Node::End => (at == s.len()).then_some(at),
            Node::Group(..) => None,
            _ => {
                let c = *s.get(at)?;
                let ok = match node {
                    Node::Char(x) => {
                        if self.icase {
                            x.to_lowercase().eq(c.to_lowercase())
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
                };
                ok.then_some(at + 1)
            }
        }
    }
}

type Caps = Vec<Option<(usize, usize)>>;
/// The rest of the pattern after a piece: called with where the piece ended and the current
/// recursion depth.
type Cont<'a> = dyn FnMut(usize, &mut u64, &mut Caps, usize) -> Option<usize> + 'a;

/// The deepest backtracking recursion: each repetition of a group takes a few levels, so a
/// group repeated more than about 70 times in one match does not match (single characters
/// repeat without recursion). Sized for a 512 KiB stack in debug builds, and the same in
/// every build so that results never differ.
const MAX_DEPTH: usize = 300;

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

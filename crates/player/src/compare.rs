//! Two variants side by side (issue 21's compare view, the worker's half): two players on one
//! seed, driven by the same inputs, their timelines aligned on simulated time, compared by
//! `podlife_compare` after every change.
//!
//! - **Inputs** (`PairInput`, logged with the cursor they were given at, so `Pair::replay`
//!   rebuilds both timelines): a built-in comparison (`a.sh` on A, `b.sh` on B), a script on
//!   both (a story's or lesson's setup), Apply (each side its own files), a console line (the
//!   same on both).
//! - **One moment for both.** An input that changes the cluster is given at the same virtual
//!   time on both sides: each player acts at its moment shown (`Player::rewind_here`), then
//!   both clusters run (`Input::Wait`) to `T = max(cursor time, A's time, B's time)` — the
//!   later of the two ends when the cursor is at the end — and only then get the input. A
//!   read-only command at an earlier moment runs on each side's copy, as in the sandbox (at
//!   the end it is an input like any other: both clusters are brought to one time first).
//! - **Alignment.** The cursor is both positions and a time. `seek_time(t)` puts each side at
//!   its last reaction at or before `t` (position = how many of its reactions have a time
//!   `<= t`; 0 when none). `step` walks both timelines merged in (time, A before B) order:
//!   forward, the earlier of the two next reactions is shown (A's on a tie); backward, the
//!   later of the two current ones is undone (B's on a tie). From any aligned cursor, every
//!   reaction before the cursor's time is shown on both sides and none after it.
//! - **What differs.** `analysis`: `podlife_compare::reactions` over each player's trace and
//!   kept writes, matched (same key within 1 s) — a player reaction holding an unmatched
//!   event is marked only-here —, and `podlife_compare::outcome`'s table of both runs.
//!   `files_diff`: the variants' editor files, line by line (`podlife_compare::diff`).

pub use podlife_compare::Side;
use podlife_compare::{diff, outcome, reactions};
use podlife_protocol::{self as protocol, DiffHunk, FileDiff, FilesDiff, OutcomeRow, OutcomeValue};

use crate::player::{FileResult, MAX_INPUTS, Player, is_read_only};

/// An editor tab: (name, text).
pub type File = (String, String);

/// The most files one variant may have.
pub const MAX_VARIANT_FILES: usize = 32;

/// The most bytes one variant's files may hold together (the manifest reader's own limit on
/// one input, `podlife_manifest::MAX_INPUT_BYTES`).
pub const MAX_VARIANT_BYTES: usize = 3 * 1024 * 1024;

/// Whether a variant's files are within the caps; the error says which.
pub fn check_files(files: &[File]) -> Result<(), String> {
    if files.len() > MAX_VARIANT_FILES {
        return Err(format!("a variant has at most {MAX_VARIANT_FILES} files ({} given)", files.len()));
    }
    let bytes: usize = files.iter().map(|(n, t)| n.len() + t.len()).sum();
    if bytes > MAX_VARIANT_BYTES {
        return Err(format!("a variant's files hold at most {MAX_VARIANT_BYTES} bytes ({bytes} given)"));
    }
    Ok(())
}

/// One input to both sides.
#[derive(Debug, Clone, PartialEq)]
pub enum PairInput {
    /// A built-in comparison: its `a.sh` on A, its `b.sh` on B.
    Builtin { id: String },
    /// The same script on both (a story's or a lesson's setup).
    Script { text: String },
    /// Apply on each side with its own files; then at least `horizon_ms` of virtual time.
    Apply { a: Vec<File>, b: Vec<File>, horizon_ms: u64 },
    /// The same console line on both.
    Command { line: String },
    /// The variants' files as they were when the next command ran (what `kubectl apply -f
    /// NAME` reads); logged before a command when they changed since the last one logged.
    Files { a: Vec<File>, b: Vec<File> },
}

/// Both positions and the aligned time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cursor {
    pub a: usize,
    pub b: usize,
    pub ms: u64,
}

/// An input and the cursor it was given at.
#[derive(Debug, Clone, PartialEq)]
pub struct PairLogged {
    pub at: Cursor,
    pub input: PairInput,
}

/// What differs between the two runs as they stand.
#[derive(Debug, Clone, Default)]
pub struct Analysis {
    /// Per player reaction of each side: it holds an event the other run has no partner for.
    pub only_a: Vec<bool>,
    pub only_b: Vec<bool>,
    /// The unmatched reactions (`podlife_compare`'s, events indexing each player's trace) in
    /// time order, each with the position that shows it on its side.
    pub only: Vec<(reactions::OnlyIn, usize)>,
    /// Both runs' outcomes side by side.
    pub table: Vec<outcome::Row>,
}

/// Two players on one seed, compared.
#[derive(Clone)]
pub struct Pair {
    seed: u64,
    a: Player,
    b: Player,
    files_a: Vec<File>,
    files_b: Vec<File>,
    /// Changes whenever a variant's files do.
    files_version: u64,
    /// The files' version the log's last `Files` or `Apply` holds.
    logged_files: u64,
    builtin: Option<String>,
    log: Vec<PairLogged>,
    /// An input came after the log was full (`MAX_INPUTS`): a link would not replay it.
    log_full: bool,
    /// The aligned time (virtual ms since the script's start).
    ms: u64,
    /// The side whose reaction the cursor reached last.
    focus: Option<Side>,
    /// The analysis and the timeline versions (A's, B's) it was made for.
    analysis: Option<((u64, u64), Analysis)>,
}

fn ms_of(r: &crate::reaction::Reaction) -> u64 {
    r.time.since_start()
}

impl Pair {
    /// Two fresh clusters on `seed`, keeping their writes for the comparison.
    pub fn new(seed: u64) -> Pair {
        // Two players built apart: a clone would share the file reader of `kubectl -f`.
        let mut a = Player::new(seed);
        let mut b = Player::new(seed);
        a.keep_writes();
        b.keep_writes();
        Pair { seed, a, b, files_a: Vec::new(), files_b: Vec::new(), files_version: 0, logged_files: 0, builtin: None, log: Vec::new(), log_full: false, ms: 0, focus: None, analysis: None }
    }

    /// A built-in comparison (`podlife_stories::comparisons`), both scripts run; the cursor at
    /// the end.
    pub fn builtin(id: &str, seed: u64) -> Result<Pair, String> {
        podlife_compare::builtin::by_id(id).ok_or_else(|| format!("no built-in comparison {id:?}"))?;
        let mut pair = Pair::new(seed);
        pair.give(PairInput::Builtin { id: id.to_string() });
        Ok(pair)
    }

    /// "Compare with a variant": `setup` run on both — reading `setup_files`, a lesson's own
    /// (`kubectl apply -f app.yaml`), logged so a link replays it the same —, then `files`
    /// as A and as B.
    pub fn variant(seed: u64, setup: &str, setup_files: Vec<File>, files: Vec<File>) -> Result<Pair, String> {
        check_files(&files)?;
        check_files(&setup_files)?;
        let mut pair = Pair::new(seed);
        if !setup.trim().is_empty() {
            if !setup_files.is_empty() {
                pair.give(PairInput::Files { a: setup_files.clone(), b: setup_files });
            }
            pair.give(PairInput::Script { text: setup.to_string() });
        }
        pair.set_files(Side::A, files.clone())?;
        pair.set_files(Side::B, files)?;
        Ok(pair)
    }

    /// A pair rebuilt from its log (the same inputs at the same cursors), with its files.
    pub fn replay(seed: u64, log: &[PairLogged], files_a: Vec<File>, files_b: Vec<File>) -> Result<Pair, String> {
        check_files(&files_a)?;
        check_files(&files_b)?;
        let mut pair = Pair::new(seed);
        for entry in log.iter().take(MAX_INPUTS) {
            pair.seek_positions(entry.at.a, entry.at.b);
            pair.ms = entry.at.ms;
            if let PairInput::Builtin { id } = &entry.input
                && podlife_compare::builtin::by_id(id).is_none()
            {
                return Err(format!("no built-in comparison {id:?}"));
            }
            if let PairInput::Apply { a, b, .. } | PairInput::Files { a, b } = &entry.input {
                check_files(a)?;
                check_files(b)?;
            }
            // A `Files` entry is logged again by the command after it.
            if let PairInput::Files { a, b } = &entry.input {
                pair.set_files(Side::A, a.clone())?;
                pair.set_files(Side::B, b.clone())?;
                continue;
            }
            pair.give(entry.input.clone());
        }
        pair.set_files(Side::A, files_a)?;
        pair.set_files(Side::B, files_b)?;
        Ok(pair)
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn a(&self) -> &Player {
        &self.a
    }

    pub fn b(&self) -> &Player {
        &self.b
    }

    pub fn side(&self, side: Side) -> &Player {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// Both players, for the caller's own settings (progress reports).
    pub fn players_mut(&mut self) -> [&mut Player; 2] {
        [&mut self.a, &mut self.b]
    }

    pub fn builtin_id(&self) -> Option<&str> {
        self.builtin.as_deref()
    }

    pub fn log(&self) -> &[PairLogged] {
        &self.log
    }

    /// The log is complete: every input is in it, so a link replays the comparison exactly.
    pub fn log_complete(&self) -> Result<(), String> {
        match self.log_full {
            true => Err(format!("the comparison has had more than {MAX_INPUTS} inputs; a link would replay only the first {MAX_INPUTS} (open it again to share it)")),
            false => Ok(()),
        }
    }

    pub fn files(&self, side: Side) -> &[File] {
        match side {
            Side::A => &self.files_a,
            Side::B => &self.files_b,
        }
    }

    pub fn files_version(&self) -> u64 {
        self.files_version
    }

    /// Sets a variant's files (within the caps; else nothing changes).
    pub fn set_files(&mut self, side: Side, files: Vec<File>) -> Result<(), String> {
        check_files(&files)?;
        let slot = match side {
            Side::A => &mut self.files_a,
            Side::B => &mut self.files_b,
        };
        if *slot != files {
            *slot = files;
            self.files_version += 1;
        }
        // What `kubectl apply -f NAME` in the console reads on each side.
        let (a, b) = (self.files_a.clone(), self.files_b.clone());
        self.a.set_files(&a);
        self.b.set_files(&b);
        Ok(())
    }

    pub fn cursor(&self) -> Cursor {
        Cursor { a: self.a.position(), b: self.b.position(), ms: self.ms }
    }

    pub fn focus(&self) -> Option<Side> {
        self.focus
    }

    /// The later of the two clusters' ends (virtual ms).
    pub fn end_ms(&self) -> u64 {
        self.a.end_time().since_start().max(self.b.end_time().since_start())
    }

    /// Performs one input on both sides at the cursor; returns what each side's Apply did.
    /// After it, each side shows the state just before its first new reaction (a script: the
    /// end), at the time the input was given.
    pub fn give(&mut self, input: PairInput) -> (Vec<FileResult>, Vec<FileResult>) {
        if matches!(input, PairInput::Command { .. }) && self.files_version != self.logged_files {
            self.give(PairInput::Files { a: self.files_a.clone(), b: self.files_b.clone() });
        }
        if self.log.len() < MAX_INPUTS {
            self.log.push(PairLogged { at: self.cursor(), input: input.clone() });
        } else {
            self.log_full = true;
        }
        match input {
            PairInput::Builtin { id } => {
                let Some(c) = podlife_compare::builtin::by_id(&id) else { return (Vec::new(), Vec::new()) };
                self.builtin = Some(id);
                self.sync();
                let _ = self.a.run_script(c.a);
                let _ = self.b.run_script(c.b);
                self.to_ends();
                (Vec::new(), Vec::new())
            }
            PairInput::Script { text } => {
                self.sync();
                let _ = self.a.run_script(&text);
                let _ = self.b.run_script(&text);
                self.to_ends();
                (Vec::new(), Vec::new())
            }
            PairInput::Files { a, b } => {
                // Within the caps when they were logged; a link's were checked on replay.
                let _ = self.set_files(Side::A, a).and_then(|_| self.set_files(Side::B, b));
                self.logged_files = self.files_version;
                (Vec::new(), Vec::new())
            }
            PairInput::Apply { a, b, horizon_ms } => {
                let _ = self.set_files(Side::A, a.clone()).and_then(|_| self.set_files(Side::B, b.clone()));
                self.logged_files = self.files_version;
                let t = self.sync();
                let (sa, sb) = (self.a.reactions().len(), self.b.reactions().len());
                let ra = self.a.apply(&a, horizon_ms);
                let rb = self.b.apply(&b, horizon_ms);
                self.after_input(sa, sb, t);
                (ra, rb)
            }
            PairInput::Command { line } => {
                let line = line.trim().to_string();
                if is_read_only(&line) && !(self.a.at_end() && self.b.at_end()) {
                    // On each side's copy of its moment (or its end): nothing moves.
                    self.a.command(&line);
                    self.b.command(&line);
                    return (Vec::new(), Vec::new());
                }
                let t = self.sync();
                let (sa, sb) = (self.a.reactions().len(), self.b.reactions().len());
                self.a.command(&line);
                self.b.command(&line);
                self.after_input(sa, sb, t);
                (Vec::new(), Vec::new())
            }
        }
    }

    /// Each side acts at its moment shown; both clusters run to the same time `T` (see the
    /// module's documentation), which is returned.
    fn sync(&mut self) -> u64 {
        self.a.rewind_here();
        self.b.rewind_here();
        let t = self.ms.max(self.end_ms());
        for p in [&mut self.a, &mut self.b] {
            if p.end_time().since_start() < t {
                p.wait_until(t);
            }
        }
        t
    }

    fn after_input(&mut self, sa: usize, sb: usize, t: u64) {
        self.a.seek(sa);
        self.b.seek(sb);
        self.ms = t;
        self.focus = None;
    }

    fn to_ends(&mut self) {
        self.a.seek(usize::MAX);
        self.b.seek(usize::MAX);
        self.ms = self.end_ms();
        self.focus = None;
    }

    /// Each side at its last reaction at or before `ms` (clamped to the later end).
    pub fn seek_time(&mut self, ms: u64) {
        let ms = ms.min(self.end_ms());
        let pa = self.a.reactions().partition_point(|r| ms_of(r) <= ms);
        let pb = self.b.reactions().partition_point(|r| ms_of(r) <= ms);
        self.a.seek(pa);
        self.b.seek(pb);
        self.ms = ms;
        self.focus = self.latest().map(|(side, _)| side);
    }

    /// Both positions (clamped); the time is that of the later current reaction (0 before
    /// any).
    pub fn seek_positions(&mut self, a: usize, b: usize) {
        self.a.seek(a);
        self.b.seek(b);
        let latest = self.latest();
        self.ms = latest.map_or(0, |(_, ms)| ms);
        self.focus = latest.map(|(side, _)| side);
    }

    /// A cursor as it was (a share link's): both positions and the time.
    pub fn seek_cursor(&mut self, at: Cursor) {
        self.seek_positions(at.a, at.b);
        self.ms = at.ms.min(self.end_ms());
    }

    /// The later of the two current reactions in merged order (B's on a tie), with its time.
    fn latest(&self) -> Option<(Side, u64)> {
        Self::latest_at(&self.a, &self.b, self.a.position(), self.b.position())
    }

    fn latest_at(a: &Player, b: &Player, pa: usize, pb: usize) -> Option<(Side, u64)> {
        let ta = pa.checked_sub(1).map(|i| ms_of(&a.reactions()[i]));
        let tb = pb.checked_sub(1).map(|i| ms_of(&b.reactions()[i]));
        match (ta, tb) {
            (None, None) => None,
            (Some(x), None) => Some((Side::A, x)),
            (None, Some(y)) => Some((Side::B, y)),
            (Some(x), Some(y)) => Some(if x > y { (Side::A, x) } else { (Side::B, y) }),
        }
    }

    /// One step along both timelines merged (see the module's documentation), over
    /// background reactions when `skip_background`. False when there is nothing to step to
    /// (the cursor stays).
    pub fn step(&mut self, forward: bool, skip_background: bool) -> bool {
        let (mut pa, mut pb) = (self.a.position(), self.b.position());
        if forward {
            loop {
                let na = self.a.reactions().get(pa);
                let nb = self.b.reactions().get(pb);
                let (side, r) = match (na, nb) {
                    (None, None) => return false,
                    (Some(x), None) => (Side::A, x),
                    (None, Some(y)) => (Side::B, y),
                    (Some(x), Some(y)) => if x.time <= y.time { (Side::A, x) } else { (Side::B, y) },
                };
                match side {
                    Side::A => pa += 1,
                    Side::B => pb += 1,
                }
                if !skip_background || !r.background {
                    let ms = ms_of(r);
                    self.a.seek(pa);
                    self.b.seek(pb);
                    self.ms = ms;
                    self.focus = Some(side);
                    return true;
                }
            }
        }
        if pa == 0 && pb == 0 {
            return false;
        }
        loop {
            match Self::latest_at(&self.a, &self.b, pa, pb) {
                Some((Side::A, _)) => pa -= 1,
                Some((Side::B, _)) => pb -= 1,
                None => break,
            }
            let Some((side, ms)) = Self::latest_at(&self.a, &self.b, pa, pb) else { break };
            let r = match side {
                Side::A => &self.a.reactions()[pa - 1],
                Side::B => &self.b.reactions()[pb - 1],
            };
            if !skip_background || !r.background {
                self.a.seek(pa);
                self.b.seek(pb);
                self.ms = ms;
                self.focus = Some(side);
                return true;
            }
        }
        self.a.seek(0);
        self.b.seek(0);
        self.ms = 0;
        self.focus = None;
        true
    }

    /// The comparison of what both players hold (recomputed when either timeline changed).
    pub fn analysis(&mut self) -> &Analysis {
        let key = self.analysis_key();
        if self.analysis.as_ref().is_some_and(|(k, _)| *k != key) {
            self.analysis = None;
        }
        let (a, b) = (&self.a, &self.b);
        &self.analysis.get_or_insert_with(|| (key, analyse(a, b))).1
    }

    /// The timeline versions the analysis is for (changes whenever it may).
    pub fn analysis_key(&self) -> (u64, u64) {
        (self.a.timeline_version(), self.b.timeline_version())
    }
}

/// The player reaction (its index) that holds trace event `event`.
fn reaction_holding(p: &Player, event: usize) -> Option<usize> {
    let i = p.reactions().partition_point(|r| r.events.end <= event);
    p.reactions().get(i).filter(|r| r.events.contains(&event)).map(|_| i)
}

/// `podlife_compare`'s reactions, matching and outcomes over both players.
pub fn analyse(a: &Player, b: &Player) -> Analysis {
    let ra = reactions::reactions(a.trace(), a.writes());
    let rb = reactions::reactions(b.trace(), b.writes());
    let matching = reactions::match_reactions(&ra, &rb, reactions::WINDOW_MS);
    let unmatched = reactions::unmatched(&ra, &rb, &matching);
    let mut only_a = vec![false; a.reactions().len()];
    let mut only_b = vec![false; b.reactions().len()];
    let mut only = Vec::with_capacity(unmatched.len());
    for o in unmatched {
        let (player, marks) = match o.side {
            Side::A => (a, &mut only_a),
            Side::B => (b, &mut only_b),
        };
        if let Some(i) = reaction_holding(player, o.reaction.event) {
            marks[i] = true;
            only.push((o, i + 1));
        }
    }
    let table = outcome::table(&outcome::measure(a.trace(), a.writes()), &outcome::measure(b.trace(), b.writes()));
    Analysis { only_a, only_b, only, table }
}

/// A measured value as the page gets it.
pub fn outcome_value(v: &outcome::Value) -> OutcomeValue {
    match v {
        outcome::Value::Count(n) => OutcomeValue::Count(*n),
        outcome::Value::Millis(ms) => OutcomeValue::Millis(*ms),
        outcome::Value::Never => OutcomeValue::Never,
        outcome::Value::Text(t) => OutcomeValue::Text(t.clone()),
        outcome::Value::PerSecond(s) => OutcomeValue::PerSecond(s.clone()),
        outcome::Value::Exits(e) => OutcomeValue::Exits(e.iter().map(|x| (x.container.clone(), x.code, x.reason.clone())).collect()),
    }
}

/// The outcome table as the page gets it.
pub fn outcome_rows(table: &[outcome::Row]) -> Vec<OutcomeRow> {
    table
        .iter()
        .map(|r| OutcomeRow { subject: r.subject.label(), measure: r.measure.id().to_string(), a: r.a.as_ref().map(outcome_value), b: r.b.as_ref().map(outcome_value), differs: r.differs })
        .collect()
}

/// The reactions only one run has, as the page lists them (at most `MAX_ONLY_LISTED`).
pub fn only_listed(analysis: &Analysis) -> Vec<protocol::OnlyIn> {
    analysis
        .only
        .iter()
        .take(protocol::MAX_ONLY_LISTED)
        .map(|(o, position)| {
            let k = &o.reaction.key;
            protocol::OnlyIn {
                variant: if o.side == Side::A { protocol::Variant::A } else { protocol::Variant::B },
                position: *position,
                time_ms: o.reaction.time_ms,
                component: k.component.clone(),
                node: k.node.clone(),
                action: k.action.id().to_string(),
                object: if k.kind.is_empty() { String::new() } else { format!("{}/{}", k.kind, k.name) },
                detail: k.detail.clone(),
            }
        })
        .collect()
}

/// The variants' files, line by line: A's files in order, then B's that A does not have; only
/// changed lines, at most `MAX_DIFF_LINES` of them.
pub fn files_diff(a: &[File], b: &[File]) -> FilesDiff {
    let mut names: Vec<&str> = a.iter().map(|(n, _)| n.as_str()).collect();
    for (n, _) in b {
        if !names.contains(&n.as_str()) {
            names.push(n);
        }
    }
    let mut out = FilesDiff::default();
    let mut budget = protocol::MAX_DIFF_LINES;
    for name in names {
        let fa = a.iter().find(|(n, _)| n == name).map(|(_, t)| t.as_str());
        let fb = b.iter().find(|(n, _)| n == name).map(|(_, t)| t.as_str());
        let la: Vec<&str> = fa.unwrap_or_default().lines().collect();
        let lb: Vec<&str> = fb.unwrap_or_default().lines().collect();
        let d = diff::diff(&la, &lb);
        let mut hunks = Vec::new();
        let mut open: Option<DiffHunk> = None;
        let (mut ia, mut ib) = (0, 0);
        for e in &d.edits {
            match *e {
                diff::Edit::Equal { .. } => {
                    hunks.extend(open.take());
                    ia += 1;
                    ib += 1;
                }
                diff::Edit::Delete { .. } | diff::Edit::Insert { .. } if budget == 0 => out.truncated = true,
                diff::Edit::Delete { a } => {
                    open.get_or_insert_with(|| DiffHunk { a_start: ia, a_lines: Vec::new(), b_start: ib, b_lines: Vec::new() }).a_lines.push(la[a].to_string());
                    ia += 1;
                    budget -= 1;
                }
                diff::Edit::Insert { b } => {
                    open.get_or_insert_with(|| DiffHunk { a_start: ia, a_lines: Vec::new(), b_start: ib, b_lines: Vec::new() }).b_lines.push(lb[b].to_string());
                    ib += 1;
                    budget -= 1;
                }
            }
        }
        hunks.extend(open);
        out.files.push(FileDiff { name: name.to_string(), in_a: fa.is_some(), in_b: fb.is_some(), hunks, approximate: d.approximate });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_diff_keeps_changed_lines_only() {
        let a = vec![("pod.yaml".to_string(), "a\nb\nc\nd\n".to_string())];
        let b = vec![("pod.yaml".to_string(), "a\nB\nc\nd\ne\n".to_string()), ("svc.yaml".to_string(), "x\n".to_string())];
        let d = files_diff(&a, &b);
        assert!(!d.truncated);
        assert_eq!(d.files.len(), 2);
        assert_eq!(
            d.files[0].hunks,
            vec![
                DiffHunk { a_start: 1, a_lines: vec!["b".into()], b_start: 1, b_lines: vec!["B".into()] },
                DiffHunk { a_start: 4, a_lines: vec![], b_start: 4, b_lines: vec!["e".into()] },
            ]
        );
        assert_eq!((d.files[1].in_a, d.files[1].in_b, d.files[1].hunks.len()), (false, true, 1));
        // Identical files: no hunk.
        assert!(files_diff(&a, &a).files[0].hunks.is_empty());
        // Past the budget, the rest is left out and said so.
        let big: String = (0..protocol::MAX_DIFF_LINES + 10).map(|i| format!("{i}\n")).collect();
        let d = files_diff(&[("f".into(), big)], &[("f".into(), String::new())]);
        assert!(d.truncated);
        assert_eq!(d.files[0].hunks.iter().map(|h| h.a_lines.len()).sum::<usize>(), protocol::MAX_DIFF_LINES);
    }

    #[test]
    fn files_past_the_caps_are_refused() {
        assert!(check_files(&vec![("f".to_string(), String::new()); MAX_VARIANT_FILES + 1]).unwrap_err().contains("at most 32 files"));
        assert!(check_files(&[("f".to_string(), "x".repeat(MAX_VARIANT_BYTES))]).unwrap_err().contains("bytes"));
        assert!(check_files(&[("f".to_string(), "x".repeat(1000))]).is_ok());
    }

    /// A comparison given more inputs than its log keeps says so when a link is asked for,
    /// instead of making a link that replays only the first ones.
    #[test]
    fn a_full_log_refuses_a_link() {
        let mut pair = Pair::new(1);
        for _ in 0..MAX_INPUTS {
            pair.give(PairInput::Command { line: "kubectl get ns".into() });
        }
        assert_eq!(pair.log().len(), MAX_INPUTS);
        assert!(pair.log_complete().is_ok(), "every input is in the log");
        pair.give(PairInput::Command { line: "kubectl get ns".into() });
        assert_eq!(pair.log().len(), MAX_INPUTS);
        assert!(pair.log_complete().unwrap_err().contains("more than 500 inputs"));
    }
}

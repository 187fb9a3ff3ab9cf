//! The player: the engine driven one input at a time, so that every reaction can be revisited.
//!
//! Each input (a console command, one engine task, a clock move) is an `Op`. The player keeps
//! the ops, a snapshot of the session every `CHECKPOINT_EVERY` ops (at most `MAX_CHECKPOINTS`:
//! a long timeline keeps every other one and snapshots half as often), the trace grouped into
//! reactions, and every object version. Showing an earlier moment reads the versions; acting at
//! an earlier moment restores a snapshot, replays the ops after it (the engine is
//! deterministic, so the replay is exact) and forgets the old future.

use std::cell::RefCell;
use podlife_engine::vecmap::VecSet;
use std::rc::Rc;

use podlife_console::{Diagnostic, Session};
use podlife_engine::store::WatchEvent;
use podlife_engine::{Time, TraceEvent};

use crate::history::{History, Write, heartbeat_only};
use crate::reaction::{self, Reaction};

/// Why the last run forward stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// The run took `MAX_OPS_PER_RUN` steps; it stopped at `at`.
    Steps { steps: usize, at: Time },
    /// The timeline holds `MAX_REACTIONS` reactions; it stopped at `at`.
    Timeline { reactions: usize, at: Time },
    /// The engine itself stopped (`podlife stopped after N reactions at T: …`).
    Engine(podlife_engine::work::Stop),
}

impl Cap {
    /// The line the console prints for the stop (English, as the CLI's transcript has it).
    pub fn message(&self) -> String {
        let time = |t: Time| podlife_engine::kubelet::go_duration(t.since_start());
        match self {
            Cap::Steps { steps, at } => format!("podlife stopped this run after {steps} steps at {} (the most one run takes at once); the cluster is as it was then", time(*at)),
            Cap::Timeline { reactions, at } => format!("podlife stopped at {}: the timeline holds at most {reactions} reactions; the cluster is as it was then", time(*at)),
            Cap::Engine(stop) => stop.message(),
        }
    }
}

/// A snapshot every this many ops at first; restoring replays fewer ops than the spacing.
const CHECKPOINT_EVERY: usize = 32;

/// The most snapshots kept. Each is a whole session (every component's caches), so a
/// 1,000-pod timeline of 40,000 ops would otherwise hold over a thousand of them; past this
/// many, every other one is dropped and the spacing doubles.
const MAX_CHECKPOINTS: usize = 16;

/// The most ops one run forward may take (a stated cap instead of a hang: 100 pods take a few
/// thousand).
pub const MAX_OPS_PER_RUN: usize = 100_000;

/// The most reactions one timeline keeps; past it the learner is asked to reset.
pub const MAX_REACTIONS: usize = 200_000;

/// How long after the last visible reaction a run forward stops by default.
pub const QUIET_MS: u64 = 30_000;

/// How far a run forward may go, unless asked to run longer.
pub const HORIZON_MS: u64 = 300_000;

/// The longest `sleep` the console accepts.
pub const MAX_SLEEP_MS: u64 = 3_600_000;

/// One input to the engine.
#[derive(Debug, Clone)]
enum Op {
    /// A command; `files` are what `-f NAME` reads (the editor's tabs when it ran).
    Exec { line: String, stdin: Option<String>, files: Vec<(String, String)> },
    /// Runs the next task due at or before `limit`.
    Step { limit: Time },
    Clock { at: Time },
}

/// One command typed (or issued by a button) and what it printed; `position` is how many
/// reactions existed before it ran (it belongs at that point of the timeline).
pub use podlife_protocol::ConsoleEntry;

/// What an Apply of one editor file did.
#[derive(Debug, Clone, PartialEq)]
pub struct FileResult {
    pub name: String,
    pub diagnostics: Vec<Diagnostic>,
    pub failed: bool,
}

/// What the learner did, in order: replaying the inputs on the same seed rebuilds the same
/// timeline (autosave keeps them).
/// Kept as JSON by `keep` (`{"input":"apply","files":[[name,text]…],"horizon_ms":…}`).
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    Script { text: String },
    /// `horizon_ms`: how much virtual time the run after it lasts at least (see `apply`).
    Apply { files: Vec<(String, String)>, horizon_ms: u64 },
    Delete { files: Vec<(String, String)>, horizon_ms: u64 },
    Command { line: String },
    /// Runs the cluster until `until_ms` (virtual ms since the script's start) when it is
    /// not there yet, with no console entry: a comparison (`compare.rs`) brings both of its
    /// clusters to the same moment before an input.
    Wait { until_ms: u64 },
}

/// An input and the position it was given at.
#[derive(Debug, Clone, PartialEq)]
pub struct Logged {
    pub at: usize,
    pub input: Input,
}

/// The most inputs a log keeps (autosave stays small; a longer session still works, but only
/// the last inputs would be replayed — so the player stops logging and says so instead).
pub const MAX_INPUTS: usize = 500;

#[derive(Clone)]
pub struct Player {
    seed: u64,
    log: Vec<Logged>,
    live: Session,
    /// What `kubectl -f NAME` reads: the editor's files, set before each command.
    files: Rc<RefCell<Vec<(String, String)>>>,
    ops: Vec<Op>,
    checkpoints: Vec<(usize, Session)>,
    /// Ops between two snapshots (doubles as the timeline grows).
    checkpoint_every: usize,
    trace: Vec<TraceEvent>,
    reactions: Vec<Reaction>,
    history: History,
    /// Every write as the engine made it, in revision order, when asked for (`keep_writes`:
    /// a comparison's players; `podlife_compare` reads writes in this form).
    writes: Option<Vec<WatchEvent>>,
    background_revisions: VecSet<u64>,
    console: Vec<ConsoleEntry>,
    /// How many reactions the learner has seen: the state shown is the one after reaction
    /// `position - 1`.
    position: usize,
    /// Why the last run forward stopped early, if it did.
    cap: Option<Cap>,
    /// The most ops one run may take (`MAX_OPS_PER_RUN` unless a driver sets its own).
    max_ops_per_run: usize,
    /// Changes whenever the list of reactions does (views cache their drawings by it).
    timeline_version: u64,
    /// Told how a long run goes (reactions so far, virtual ms reached) every
    /// `PROGRESS_EVERY` steps: the worker passes it on to the page.
    progress: Option<Progress>,
}

/// A long run's progress reporter: reactions so far and the virtual time reached (ms).
pub type Progress = Rc<dyn Fn(usize, u64)>;

/// How many engine steps pass between two progress reports.
const PROGRESS_EVERY: usize = 128;

impl Player {
    /// The default three-node cluster.
    pub fn new(seed: u64) -> Player {
        let files: Rc<RefCell<Vec<(String, String)>>> = Rc::default();
        let reader = files.clone();
        let mut live = Session::new(seed).with_file_reader(move |name| reader.borrow().iter().find(|(n, _)| n == name).map(|(_, t)| t.clone()));
        live.engine_mut().take_trace();
        live.engine_mut().keep_writes();
        let history = History::from_engine(live.engine());
        Player {
            seed,
            files,
            log: Vec::new(),
            checkpoints: vec![(0, live.clone())],
            checkpoint_every: CHECKPOINT_EVERY,
            live,
            ops: Vec::new(),
            trace: Vec::new(),
            reactions: Vec::new(),
            history,
            writes: None,
            background_revisions: VecSet::new(),
            console: Vec::new(),
            position: 0,
            cap: None,
            max_ops_per_run: MAX_OPS_PER_RUN,
            timeline_version: 0,
            progress: None,
        }
    }

    /// Reports long runs' progress to `f` (every few hundred engine steps).
    pub fn set_progress(&mut self, f: Option<Progress>) {
        self.progress = f;
    }

    fn report(&self, steps: usize) {
        if steps > 0
            && steps.is_multiple_of(PROGRESS_EVERY)
            && let Some(f) = &self.progress
        {
            f(self.reactions.len(), self.live.engine().now().since_start());
        }
    }

    /// A number that changes whenever reactions are added or forgotten.
    pub fn timeline_version(&self) -> u64 {
        self.timeline_version
    }

    /// A player rebuilt from a log: the same inputs at the same positions.
    pub fn replay(seed: u64, log: &[Logged]) -> Player {
        Player::replay_with_files(seed, log, &[], &[])
    }

    /// `replay` with the editor's files: a first input that is a script (a lesson's setup)
    /// reads `setup_files`, as it did when the session opened (`Host::open_lesson`); every
    /// later input, and the player after, reads `files` (the saved editor's: what a console
    /// `kubectl apply -f` read then is not kept, and they are the best guess).
    pub fn replay_with_files(seed: u64, log: &[Logged], setup_files: &[(String, String)], files: &[(String, String)]) -> Player {
        let mut player = Player::new(seed);
        player.set_files(files);
        for (i, entry) in log.iter().take(MAX_INPUTS).enumerate() {
            let setup = i == 0 && matches!(entry.input, Input::Script { .. });
            if setup {
                player.set_files(setup_files);
            }
            player.seek(entry.at);
            player.give(entry.input.clone());
            if setup {
                player.set_files(files);
            }
        }
        player
    }

    /// Performs one input at the current position.
    pub fn give(&mut self, input: Input) -> Vec<FileResult> {
        match input {
            Input::Script { text } => {
                let _ = self.run_script(&text);
                Vec::new()
            }
            Input::Apply { files, horizon_ms } => self.apply(&files, horizon_ms),
            Input::Delete { files, horizon_ms } => self.delete(&files, horizon_ms),
            Input::Command { line } => {
                self.command(&line);
                Vec::new()
            }
            Input::Wait { until_ms } => {
                self.wait_until(until_ms);
                Vec::new()
            }
        }
    }

    /// Keeps every later write as a `WatchEvent` too (`writes`); a comparison's players do,
    /// for `podlife_compare`'s reactions and outcomes. Call it before any input.
    pub fn keep_writes(&mut self) {
        self.writes.get_or_insert_with(Vec::new);
    }

    /// The writes kept since `keep_writes` (empty unless asked for), in revision order.
    pub fn writes(&self) -> &[WatchEvent] {
        self.writes.as_deref().unwrap_or_default()
    }

    /// Acts at the moment shown (as any input would): restores it when it is earlier than
    /// the end and forgets the later timeline. The end of the timeline is then its time.
    pub fn rewind_here(&mut self) {
        self.rewind_to_position();
    }

    /// `Input::Wait`: at the moment shown (the later timeline forgotten), runs the cluster
    /// until `until_ms` of virtual time since the script's start, if it is not there yet.
    pub fn wait_until(&mut self, until_ms: u64) {
        self.remember(Input::Wait { until_ms });
        self.rewind_to_position();
        let until = Time(podlife_engine::clock::SCRIPT_START.0.saturating_add(until_ms));
        if until > self.live.engine().now() {
            self.run_until(until);
        }
        self.position = self.reactions.len();
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every input so far, for autosave.
    pub fn log(&self) -> &[Logged] {
        &self.log
    }

    fn remember(&mut self, input: Input) {
        if self.log.len() < MAX_INPUTS {
            self.log.push(Logged { at: self.position, input });
        }
    }

    pub fn trace(&self) -> &[TraceEvent] {
        &self.trace
    }

    pub fn reactions(&self) -> &[Reaction] {
        &self.reactions
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    pub fn console(&self) -> &[ConsoleEntry] {
        &self.console
    }

    pub fn position(&self) -> usize {
        self.position
    }

    /// A driver's own cap on the ops of one run (tests use a small one).
    pub fn set_max_ops_per_run(&mut self, n: usize) {
        self.max_ops_per_run = n.max(1);
    }

    /// Why the last run forward stopped early, if it did.
    pub fn cap(&self) -> Option<Cap> {
        self.cap
    }

    /// The console's line for the last run's early stop (empty when it ran to its end).
    fn cap_line(&self) -> String {
        self.cap.map(|cap| format!("{}\n", cap.message())).unwrap_or_default()
    }

    /// The cap a run forward that took `n` ops has reached, if any.
    fn cap_reached(&self, n: usize) -> Option<Cap> {
        let at = self.live.engine().now();
        if let Some(stop) = self.live.engine().stopped() {
            Some(Cap::Engine(stop))
        } else if self.reactions.len() >= MAX_REACTIONS {
            Some(Cap::Timeline { reactions: MAX_REACTIONS, at })
        } else if n >= self.max_ops_per_run {
            Some(Cap::Steps { steps: self.max_ops_per_run, at })
        } else {
            None
        }
    }

    /// The reaction just shown (None before the first).
    pub fn current(&self) -> Option<&Reaction> {
        self.position.checked_sub(1).and_then(|i| self.reactions.get(i))
    }

    /// The etcd revision of the moment shown: the newest write at or before the position.
    pub fn revision(&self) -> u64 {
        self.revision_at(self.position)
    }

    /// The etcd revision after the first `position` reactions.
    pub fn revision_at(&self, position: usize) -> u64 {
        let position = position.min(self.reactions.len());
        self.reactions[..position].iter().rev().find_map(|r| r.revision).unwrap_or_else(|| self.initial_revision())
    }

    /// The virtual time of the moment shown.
    pub fn time(&self) -> Time {
        match self.current() {
            Some(r) => r.time,
            None => self.reactions.first().map(|r| r.time).unwrap_or_else(|| self.live.engine().now()),
        }
    }

    /// The virtual time at the end of the timeline.
    pub fn end_time(&self) -> Time {
        self.live.engine().now()
    }

    fn initial_revision(&self) -> u64 {
        // The revision before the first write the player saw.
        let first_write = self.reactions.iter().find_map(|r| r.revision);
        match first_write {
            Some(r) => r - 1,
            None => self.history.revision(),
        }
    }

    /// Moves the cursor (clamped to the timeline); the state shown follows.
    pub fn seek(&mut self, position: usize) {
        self.position = position.min(self.reactions.len());
    }

    pub fn at_end(&self) -> bool {
        self.position == self.reactions.len()
    }

    /// The position of the `n`th reaction that is not background (the "step N" the timeline
    /// shows); the end when there are fewer.
    pub fn visible_step(&self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        self.reactions.iter().enumerate().filter(|(_, r)| !r.background).nth(n - 1).map_or(self.reactions.len(), |(i, _)| i + 1)
    }

    /// The next (or previous) position whose reaction is not background, from `from`.
    pub fn next_visible(&self, from: usize, forward: bool) -> Option<usize> {
        self.next_matching(from, forward, |r| !r.background)
    }

    /// The next (or previous) position whose reaction satisfies `pred`.
    pub fn next_matching(&self, from: usize, forward: bool, pred: impl Fn(&Reaction) -> bool) -> Option<usize> {
        if forward {
            (from + 1..=self.reactions.len()).find(|&p| pred(&self.reactions[p - 1]))
        } else {
            (1..from).rev().find(|&p| pred(&self.reactions[p - 1])).or((from > 0).then_some(0))
        }
    }

    /// Runs a command typed in the console at the moment shown. A read-only command at an
    /// earlier moment runs on a copy of that moment and leaves the timeline alone; any other
    /// command there first forgets the reactions after it.
    pub fn command(&mut self, line: &str) -> ConsoleEntry {
        let line = line.trim();
        self.remember(Input::Command { line: line.to_string() });
        if !self.at_end() && is_read_only(line) {
            let mut copy = self.session_at(self.ops_done_at(self.position));
            let out = copy.exec(line, None);
            let entry = ConsoleEntry { line: line.to_string(), output: out.text, failed: out.failed, position: self.position, scratch: true };
            self.console.push(entry.clone());
            return entry;
        }
        self.rewind_to_position();
        let start = self.reactions.len();
        let entry = match sleep_millis(line) {
            Some(Ok(ms)) => {
                let until = self.live.engine().now().plus_millis(ms);
                self.run_until(until);
                let mut output = self.live.take_background_output();
                output.push_str(&self.cap_line());
                ConsoleEntry { line: line.to_string(), output, failed: false, position: start, scratch: false }
            }
            Some(Err(message)) => ConsoleEntry { line: line.to_string(), output: message, failed: true, position: start, scratch: false },
            None => {
                // The timeline shows the deletion happen; kubectl's own waiting would jump
                // to its end in one step. The output is the same line either way.
                let run = if line.starts_with("kubectl delete") && !line.contains("--wait") { format!("{line} --wait=false") } else { line.to_string() };
                let (mut text, failed, _) = self.exec_as(&run, None);
                // `podlife traffic` returns at once, like a shell's `cmd &`: its clients run
                // while the learner goes on.
                if !is_read_only(line) && !line.starts_with("podlife traffic") {
                    self.run_forward(0, QUIET_MS);
                    text.push_str(&self.live.take_background_output());
                    text.push_str(&self.cap_line());
                }
                ConsoleEntry { line: line.to_string(), output: text, failed, position: start, scratch: false }
            }
        };
        self.console.push(entry.clone());
        entry
    }

    /// `kubectl apply -f NAME` for each editor file (empty ones skipped), then runs forward:
    /// at least `at_least_ms` of virtual time (a scenario's story), then until nothing visible
    /// happened for `QUIET_MS` (at most `HORIZON_MS`, or `at_least_ms` if longer). The cursor
    /// moves to the first new reaction's start.
    pub fn apply(&mut self, files: &[(String, String)], at_least_ms: u64) -> Vec<FileResult> {
        self.remember(Input::Apply { files: files.to_vec(), horizon_ms: at_least_ms });
        self.files_command(files, "apply", at_least_ms)
    }

    /// `kubectl delete -f NAME --wait=false` for each file, then runs forward.
    pub fn delete(&mut self, files: &[(String, String)], at_least_ms: u64) -> Vec<FileResult> {
        self.remember(Input::Delete { files: files.to_vec(), horizon_ms: at_least_ms });
        self.files_command(files, "delete", at_least_ms)
    }

    fn files_command(&mut self, files: &[(String, String)], verb: &str, at_least_ms: u64) -> Vec<FileResult> {
        self.rewind_to_position();
        let start = self.reactions.len();
        let mut results = Vec::new();
        for (name, text) in files {
            if text.trim().is_empty() {
                continue;
            }
            let line = if verb == "delete" { format!("kubectl delete -f {name} --wait=false") } else { format!("kubectl apply -f {name}") };
            let position = self.reactions.len();
            let (output, failed, diagnostics) = self.exec_with_files(&line, None, files);
            self.console.push(ConsoleEntry { line, output, failed, position, scratch: false });
            results.push(FileResult { name: name.clone(), diagnostics, failed });
        }
        self.run_forward(at_least_ms, QUIET_MS);
        self.position = start.min(self.reactions.len());
        results
    }

    /// Runs a script's commands (a scenario's setup) at the end of the timeline; `sleep`
    /// lines advance the clock.
    pub fn run_script(&mut self, script: &str) -> Result<(), String> {
        self.remember(Input::Script { text: script.to_string() });
        let commands = podlife_console::script::parse(script).map_err(|e| format!("line {}: {}", e.line, e.message))?;
        self.rewind_to_position();
        let (total, mut printed, mut last_line) = (commands.len(), 0, 0);
        for (i, c) in commands.into_iter().enumerate() {
            let position = self.reactions.len();
            // The same limit as the CLI's transcript (`script::run`), stated after the last
            // command that ran.
            if printed > podlife_console::script::MAX_TRANSCRIPT_BYTES {
                if let Some(last) = self.console.last_mut() {
                    last.output.push_str(&podlife_console::script::transcript_full_line(last_line, total - i));
                }
                break;
            }
            last_line = c.line;
            match sleep_millis(&c.text) {
                Some(Ok(ms)) => {
                    let until = self.live.engine().now().plus_millis(ms);
                    self.run_until(until);
                    self.console.push(ConsoleEntry { line: c.text.clone(), output: String::new(), failed: false, position, scratch: false });
                }
                Some(Err(message)) => self.console.push(ConsoleEntry { line: c.text.clone(), output: message, failed: true, position, scratch: false }),
                None => {
                    // The shell reads the whole command (here-documents expand as in a shell).
                    let (output, failed) = match c.invocation() {
                        Ok((line, stdin)) => {
                            let (output, failed, _) = self.exec_as(line, stdin.map(str::to_string));
                            (output, failed)
                        }
                        Err(message) => (message, true),
                    };
                    printed += output.len();
                    self.console.push(ConsoleEntry { line: c.shown.clone(), output, failed, position, scratch: false });
                }
            }
        }
        self.position = self.reactions.len();
        Ok(())
    }

    fn exec_as(&mut self, line: &str, stdin: Option<String>) -> (String, bool, Vec<Diagnostic>) {
        let files = self.files.borrow().clone();
        self.exec_with_files(line, stdin, &files)
    }

    fn exec_with_files(&mut self, line: &str, stdin: Option<String>, files: &[(String, String)]) -> (String, bool, Vec<Diagnostic>) {
        *self.files.borrow_mut() = files.to_vec();
        let out = self.live.exec(line, stdin.as_deref());
        self.ops.push(Op::Exec { line: line.to_string(), stdin, files: files.to_vec() });
        self.after_op();
        (out.text, out.failed, out.diagnostics)
    }

    /// The editor's files, for the console's `kubectl apply -f NAME` (recorded with each
    /// command, so a replay reads what the command read).
    pub fn set_files(&mut self, files: &[(String, String)]) {
        *self.files.borrow_mut() = files.to_vec();
    }

    /// What `kubectl apply -f NAME` would report about `text` at the end of the timeline,
    /// found on a copy (nothing changes): the editor's live diagnostics.
    pub fn check(&self, name: &str, text: &str) -> Vec<Diagnostic> {
        if text.trim().is_empty() {
            return Vec::new();
        }
        let saved = self.files.borrow().clone();
        *self.files.borrow_mut() = vec![(name.to_string(), text.to_string())];
        let mut copy = self.live.clone();
        let out = copy.exec(&format!("kubectl apply -f {name} --dry-run=server"), None);
        *self.files.borrow_mut() = saved;
        out.diagnostics
    }

    /// Steps the engine until `until` (everything due by then), then sets the clock there.
    fn run_until(&mut self, until: Time) {
        self.cap = None;
        let mut n = 0;
        while self.live.engine().next_due().is_some_and(|t| t <= until) {
            // The engine's own stop (a full trace) ends the run as the player's caps do.
            if let Some(cap) = self.cap_reached(n) {
                self.cap = Some(cap);
                break;
            }
            self.step(until);
            n += 1;
            self.report(n);
        }
        if self.cap.is_none() {
            self.live.engine_mut().set_clock(until);
            self.ops.push(Op::Clock { at: until });
            self.after_op();
        }
        self.position = self.reactions.len();
    }

    /// Steps forward for at least `at_least_ms` of virtual time, then until nothing visible
    /// happened for `quiet_ms`, and never past `max(at_least_ms, HORIZON_MS)`.
    fn run_forward(&mut self, at_least_ms: u64, quiet_ms: u64) {
        self.cap = None;
        let start = self.live.engine().now();
        let min_end = start.plus_millis(at_least_ms);
        let max_end = start.plus_millis(at_least_ms.max(HORIZON_MS));
        let mut last_visible = start;
        let mut n = 0;
        while let Some(next) = self.live.engine().next_due() {
            if next > max_end || (next > min_end && next > last_visible.plus_millis(quiet_ms)) {
                break;
            }
            if let Some(cap) = self.cap_reached(n) {
                self.cap = Some(cap);
                break;
            }
            let before = self.reactions.len();
            self.step(next);
            if self.reactions[before..].iter().any(|r| !r.background) {
                last_visible = next;
            }
            n += 1;
            self.report(n);
        }
    }

    fn step(&mut self, limit: Time) {
        self.live.engine_mut().step_until(limit);
        self.ops.push(Op::Step { limit });
        self.after_op();
    }

    /// Collects what the last op did: its trace (grouped into reactions) and its writes;
    /// takes a snapshot every `checkpoint_every` ops.
    fn after_op(&mut self) {
        let op = self.ops.len() - 1;
        let engine = self.live.engine_mut();
        let batch = engine.take_trace();
        let writes = engine.take_writes();
        if let Some(kept) = self.writes.as_mut() {
            kept.extend(writes.iter().cloned());
        }
        self.history.record(writes);
        let mut reactions = reaction::group(&batch, self.trace.len(), op);
        self.trace.extend(batch);
        for r in &mut reactions {
            let heartbeat = |rev: u64| matches!(self.history.write(rev), Some(Write::Updated(c)) if heartbeat_only(&c));
            let background_revisions = &self.background_revisions;
            r.background = reaction::is_background(r, &self.trace, heartbeat, |rev| background_revisions.contains(&rev));
            if r.background && let Some(rev) = r.revision {
                self.background_revisions.insert(rev);
            }
        }
        if !reactions.is_empty() {
            self.timeline_version += 1;
        }
        self.reactions.extend(reactions);
        if self.ops.len().is_multiple_of(self.checkpoint_every) {
            self.checkpoints.push((self.ops.len(), self.live.clone()));
            if self.checkpoints.len() > MAX_CHECKPOINTS {
                self.checkpoint_every *= 2;
                let every = self.checkpoint_every;
                self.checkpoints.retain(|(n, _)| n.is_multiple_of(every));
            }
        }
    }

    /// How many ops had run when the state after reaction `position - 1` held: a moment in
    /// the middle of one op's reactions is shown as the end of that op.
    fn ops_done_at(&self, position: usize) -> usize {
        match position.checked_sub(1).and_then(|i| self.reactions.get(i)) {
            Some(r) => r.op + 1,
            None => self.reactions.first().map(|r| r.op).unwrap_or(self.ops.len()),
        }
    }

    /// A session as it was after `ops_done` ops: the nearest snapshot, then the ops replayed.
    fn session_at(&self, ops_done: usize) -> Session {
        let (done, snapshot) = self.checkpoints.iter().rev().find(|(n, _)| *n <= ops_done).expect("the first checkpoint is at 0");
        let mut session = snapshot.clone();
        for op in &self.ops[*done..ops_done] {
            match op {
                Op::Exec { line, stdin, files } => {
                    *self.files.borrow_mut() = files.clone();
                    session.exec(line, stdin.as_deref());
                }
                Op::Step { limit } => {
                    session.engine_mut().step_until(*limit);
                }
                Op::Clock { at } => session.engine_mut().set_clock(*at),
            }
            session.engine_mut().take_trace();
            session.engine_mut().take_writes();
        }
        session
    }

    /// When the cursor is before the end, makes the moment shown the end: restores it and
    /// forgets every later op, reaction, version and console line.
    fn rewind_to_position(&mut self) {
        if self.at_end() {
            return;
        }
        let ops_done = self.ops_done_at(self.position);
        self.live = self.session_at(ops_done);
        self.ops.truncate(ops_done);
        self.checkpoints.retain(|(n, _)| *n <= ops_done);
        let keep = self.reactions.iter().take_while(|r| r.op < ops_done).count();
        self.reactions.truncate(keep);
        self.timeline_version += 1;
        self.trace.truncate(self.reactions.last().map(|r| r.events.end).unwrap_or(0));
        let revision = self.live.engine().store().revision();
        self.history.truncate(revision);
        if let Some(kept) = self.writes.as_mut() {
            kept.retain(|w| w.revision <= revision);
        }
        self.background_revisions.retain(|r| *r <= revision);
        self.console.retain(|c| c.position <= keep && !(c.position == keep && c.scratch));
        self.position = keep;
    }
}

/// `sleep N` → its milliseconds (capped); None for any other command.
fn sleep_millis(line: &str) -> Option<Result<u64, String>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("sleep") {
        return None;
    }
    Some(match words.next().map(podlife_console::script::parse_duration) {
        Some(Ok(secs)) if secs * 1000.0 <= MAX_SLEEP_MS as f64 => Ok((secs * 1000.0).round() as u64),
        Some(Ok(_)) => Err(format!("sleep: podlife's web console advances at most {} seconds at once\n", MAX_SLEEP_MS / 1000)),
        Some(Err(e)) => Err(format!("sleep: {e}\n")),
        None => Err("sleep: missing operand\n".to_string()),
    })
}

/// Commands that only read: at an earlier moment they run on a copy of it.
pub fn is_read_only(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["kubectl", verb, ..] => matches!(*verb, "get" | "describe" | "logs" | "explain" | "api-resources" | "api-versions" | "version" | "events" | "top" | "auth" | "cluster-info" | "config" | "help" | "--help" | "-h"),
        ["podlife", "node", _, "--", ..] => true,
        _ => false,
    }
}

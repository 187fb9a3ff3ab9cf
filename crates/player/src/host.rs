//! The engine worker's side of the page: holds the session (the player, the story or lesson
//! being played, the course once fetched) and answers each `podlife_protocol::Request` with the
//! view models the page draws. It has no web dependencies: the worker's glue only moves bytes,
//! and the tests drive it natively.

use std::rc::Rc;

use podlife_lessons::{Course, Lesson, Scenario};
use podlife_protocol::{
    self as protocol, Answer, Cap as CapView, CourseInfo, Current, FromWorker, LessonEntry, LessonInfo, LessonStatus, Opened, PickedGoal, QuestionInfo,
    Request, SequenceInfo, StopWhy, Texts, Tick, Timeline, ToWorker, View, Wants,
};
use podlife_protocol::{CompareFrom, CompareSide, CompareTimeline, CompareTo, CompareView, Variant};

use crate::builder;
use crate::compare::{Pair, PairInput};
use crate::explain::{actor_label, component_label};
use crate::keep::{EditorFile, Link, Saved, Shared, SharedCompare, decode_link, decode_saved, encode_compare_share, encode_saved, encode_share};
use crate::lesson::LessonState;
use crate::player::{Cap, Input, Player, Progress};
use crate::reaction::Reaction;
use crate::view;

/// The seed of the sandbox's RNG: every visit replays the same run.
pub const SEED: u64 = 1;

/// How long an Apply in a lesson runs at least (the console's `sleep` goes further).
pub const LESSON_APPLY_MS: u64 = 30_000;


/// An open comparison and what the page already holds of it.
struct Comparing {
    pair: Pair,
    /// How long an Apply runs at least (the story's or lesson's, when it was opened).
    horizon_ms: u64,
    /// The analysis key (both timeline versions) of the timelines, list and outcomes sent.
    sent_analysis: Option<(u64, u64)>,
    /// Each side's console (length, timeline version) sent.
    sent_console: [Option<(usize, u64)>; 2],
    /// The files' version whose diff was sent.
    sent_files: Option<u64>,
    /// The files are sent once, with the first view.
    files_sent: bool,
}

struct Active {
    lesson: Rc<Lesson>,
    state: LessonState,
    /// A question was asked at the last observation.
    asked_now: bool,
}

/// The session the page shows.
pub struct Host {
    player: Player,
    scenario: &'static Scenario,
    lesson: Option<Active>,
    course: Option<Course>,
    /// The files of a lesson made in the builder (the autosave and share links carry them).
    custom: Vec<(String, String)>,
    /// A request that waits for the course, with its number.
    waiting: Option<(u64, Request)>,
    wants: Wants,
    /// Background reactions are stepped over unless the page shows them.
    show_background: bool,
    applied: bool,
    /// The editor's tabs the last session opened with.
    opened_files: Vec<(String, String)>,
    /// What the page already holds: the timeline's version and the console's (length, version).
    sent_timeline: Option<u64>,
    sent_console: Option<(usize, u64)>,
    /// The timeline version and membership (`History::membership`) of the names last sent.
    sent_names: Option<(u64, u64)>,
    /// Told how long runs go (the worker passes it on to the page).
    progress: Option<Progress>,
    /// The compare view's two clusters, when open.
    comparing: Option<Comparing>,
}

impl Default for Host {
    fn default() -> Self {
        Host::new()
    }
}

fn default_scenario() -> &'static Scenario {
    podlife_lessons::by_id(podlife_lessons::DEFAULT_ID).unwrap_or(&podlife_lessons::all()[0])
}

fn scenario_files(s: &Scenario) -> Vec<(String, String)> {
    s.files.iter().map(|f| (f.name.to_string(), f.text.to_string())).collect()
}

fn editor_files(files: &[(String, String)]) -> Vec<EditorFile> {
    files.iter().map(|(name, text)| EditorFile { name: name.clone(), text: text.clone() }).collect()
}

fn pairs(files: &[EditorFile]) -> Vec<(String, String)> {
    files.iter().map(|f| (f.name.clone(), f.text.clone())).collect()
}

fn texts(t: &podlife_lessons::Texts) -> Texts {
    Texts { en: t.messages(podlife_lessons::Lang::En).clone(), ko: t.messages(podlife_lessons::Lang::Ko).clone() }
}

/// The course map: titles and order.
pub fn course_info(course: &Course) -> CourseInfo {
    CourseInfo {
        texts: texts(&course.texts),
        sequences: course
            .sequences
            .iter()
            .map(|s| SequenceInfo {
                id: s.id.clone(),
                lessons: s
                    .lessons
                    .iter()
                    .map(|l| {
                        let all = texts(&l.texts);
                        let title = |m: &std::collections::BTreeMap<String, String>| podlife_engine::sort::collect_map(m.get("title").map(|t| ("title".to_string(), t.clone())));
                        LessonEntry { id: l.id.clone(), texts: Texts { en: title(&all.en), ko: title(&all.ko) } }
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// A lesson as its panel shows it.
pub fn lesson_info(l: &Lesson) -> LessonInfo {
    LessonInfo {
        id: l.id.clone(),
        sequence: l.sequence.clone(),
        texts: texts(&l.texts),
        goals: l.goals.iter().map(|g| g.id.clone()).collect(),
        hints: l.hints,
        questions: l.questions.iter().map(|q| QuestionInfo { id: q.id.clone(), choices: q.choices.iter().map(|c| c.id.clone()).collect(), answer: q.answer.clone() }).collect(),
        solution_commands: l.solution_commands(),
        files: l.files.clone(),
        compare: l.compare.clone(),
    }
}

/// Every reaction of a player's timeline, light (lanes and ticks).
fn timeline_of(player: &Player) -> Timeline {
    let trace = player.trace();
    let mut lanes: Vec<String> = Vec::new();
    let ticks = player
        .reactions()
        .iter()
        .map(|r| {
            let lane = lane_of(r, trace);
            let index = match lanes.iter().position(|l| *l == lane) {
                Some(i) => i,
                None => {
                    lanes.push(lane);
                    lanes.len() - 1
                }
            };
            Tick { ms: r.time.since_start(), lane: index as u32, background: r.background, failed: r.failed(trace) }
        })
        .collect();
    Timeline { version: player.timeline_version(), lanes, ticks }
}

/// A player's current reaction explained.
fn current_of(player: &Player) -> Option<Current> {
    let trace = player.trace();
    player.current().map(|r| {
        let events = &trace[r.events.clone()];
        Current {
            time_ms: r.time.since_start(),
            actor: actor_label(r, events),
            controller: crate::decision::controller_of(r, events),
            object: r.object.as_ref().map(|o| format!("{}/{}", o.kind, o.name)).unwrap_or_default(),
            background: r.background,
            message: view::explain_reaction(player, r),
            changes: changes(view::changes(player)),
            cycle: view::cycle_table(player),
            raw: events.iter().map(|e| format!("{}\n", podlife_console::render::line(e))).collect(),
            events: events.len(),
        }
    })
}

/// The timeline lane of a reaction (`kubelet (worker-1)`, `kube-apiserver` …); each
/// kube-controller-manager loop's requests get the loop's own lane (`deployment-controller`).
pub fn lane_of(r: &Reaction, trace: &[podlife_engine::TraceEvent]) -> String {
    crate::decision::controller_of(r, &trace[r.events.clone()]).unwrap_or_else(|| component_label(&r.actor))
}

fn cap_view(cap: Cap) -> CapView {
    use podlife_engine::work::StopReason;
    match cap {
        Cap::Steps { steps, at } => CapView::Steps { steps, at_ms: at.since_start() },
        Cap::Timeline { reactions, at } => CapView::Timeline { reactions, at_ms: at.since_start() },
        Cap::Engine(stop) => CapView::Engine {
            reactions: stop.reactions,
            at_ms: stop.at.since_start(),
            why: match stop.reason {
                StopReason::TraceFull(n) => StopWhy::TraceFull(n),
                StopReason::Steps(n) => StopWhy::Steps(n),
                StopReason::Reactions(n) => StopWhy::Reactions(n),
                StopReason::Work(n) => StopWhy::Work { units: n, pods_per_extra_unit: podlife_engine::work::PODS_PER_EXTRA_UNIT, objects_per_extra_unit: podlife_engine::work::OBJECTS_PER_EXTRA_UNIT },
                StopReason::Waiting(ms) => StopWhy::Waiting(podlife_engine::kubelet::go_duration(ms)),
            },
        },
    }
}

fn diagnostics(d: &[podlife_console::Diagnostic]) -> Vec<protocol::Diagnostic> {
    d.iter().map(|d| protocol::Diagnostic { line: d.line, column: d.column, message: d.message.clone() }).collect()
}

fn changes(c: view::Changes) -> protocol::Changes {
    let fields = |list: Vec<podlife_engine::trace::FieldChange>| list.into_iter().map(|c| protocol::FieldChange { before: view::value_text(&c.before), after: view::value_text(&c.after), path: c.path }).collect();
    match c {
        view::Changes::None => protocol::Changes::None,
        view::Changes::Created { filled } => protocol::Changes::Created { filled: fields(filled) },
        view::Changes::Updated(list) => protocol::Changes::Updated(fields(list)),
        view::Changes::Deleted => protocol::Changes::Deleted,
    }
}

impl Host {
    /// The default story, its setup run.
    pub fn new() -> Host {
        let scenario = default_scenario();
        let mut host = Host {
            player: Player::new(SEED),
            scenario,
            lesson: None,
            course: None,
            custom: Vec::new(),
            waiting: None,
            wants: Wants::default(),
            show_background: false,
            applied: false,
            opened_files: Vec::new(),
            sent_timeline: None,
            sent_console: None,
            sent_names: None,
            progress: None,
            comparing: None,
        };
        host.open_scenario(scenario, Vec::new());
        host
    }

    /// Long runs report their progress to `f` (reactions so far, virtual ms reached).
    pub fn set_progress(&mut self, f: Progress) {
        self.player.set_progress(Some(f.clone()));
        self.progress = Some(f);
    }

    pub fn player(&self) -> &Player {
        &self.player
    }

    /// Answers one message: usually one reply; a request that needs the course first is
    /// answered `NeedCourse`, and answered again (same number) once the course arrives.
    pub fn handle(&mut self, message: ToWorker) -> Vec<FromWorker> {
        let ToWorker { seq, request } = message;
        let mut out = Vec::new();
        let (answer, changed) = self.answer(seq, request);
        out.push(self.reply(seq, answer, changed));
        if let Some((waiting_seq, request)) = self.waiting.take_if(|_| self.course.is_some()) {
            let (answer, changed) = self.answer(waiting_seq, request);
            out.push(self.reply(waiting_seq, answer, changed));
        }
        out
    }

    fn reply(&mut self, seq: u64, answer: Answer, changed: bool) -> FromWorker {
        if changed {
            self.observe();
        }
        let view = changed.then(|| Box::new(self.view()));
        FromWorker::Reply { seq, answer, view, memory_bytes: 0 }
    }

    /// The answer, and whether the view changed.
    fn answer(&mut self, seq: u64, request: Request) -> (Answer, bool) {
        match request {
            Request::OpenScenario { id, files } => match podlife_lessons::by_id(&id) {
                Some(s) => {
                    self.open_scenario(s, files);
                    (Answer::Opened(Box::new(self.opened(None))), true)
                }
                None => (Answer::NotFound(id), false),
            },
            Request::OpenLesson { id, files } => {
                if self.course.is_none() {
                    self.waiting = Some((seq, Request::OpenLesson { id, files }));
                    return (Answer::NeedCourse, false);
                }
                match self.course_lesson(&id) {
                    Some(l) => {
                        self.open_lesson(l, files);
                        (Answer::Opened(Box::new(self.opened(None))), true)
                    }
                    None => (Answer::NotFound(id), false),
                }
            }
            Request::OpenShared { fragment } => match decode_link(&fragment) {
                Err(e) => (Answer::Broken(e), false),
                Ok(Link::Session(shared)) => self.open_shared(seq, shared),
                Ok(Link::Compare(shared)) => self.open_shared_compare(shared),
            },
            Request::Restore { saved: text } => match decode_saved(&text) {
                Err(e) => (Answer::Broken(e), false),
                Ok(saved) => self.restore(seq, text, saved),
            },
            Request::Course { bundle } => match Course::from_bundle(&bundle) {
                Ok(course) => {
                    let info = course_info(&course);
                    self.course = Some(course);
                    (Answer::Course(Ok(info)), false)
                }
                Err(e) => {
                    self.waiting = None;
                    (Answer::Course(Err(e.to_string())), false)
                }
            },
            Request::Files(files) => {
                self.player.set_files(&files);
                (Answer::Done, false)
            }
            Request::Check { name, text } => {
                let d = self.player.check(&name, &text);
                (Answer::Checked { name, diagnostics: diagnostics(&d) }, false)
            }
            Request::Apply { files } | Request::Delete { files } if files.is_empty() => (Answer::Applied(Vec::new()), false),
            Request::Apply { files } => {
                let horizon = self.horizon_ms();
                let results = self.player.apply(&files, horizon);
                self.applied = true;
                self.step_forward();
                (Answer::Applied(self.results(results)), true)
            }
            Request::Delete { files } => {
                let results = self.player.delete(&files, 0);
                self.step_forward();
                (Answer::Applied(self.results(results)), true)
            }
            Request::Command { line } => {
                if line.trim().is_empty() {
                    return (Answer::Ran { scratch: true }, false);
                }
                let entry = self.player.command(&line);
                if !entry.scratch {
                    self.step_forward();
                }
                (Answer::Ran { scratch: entry.scratch }, true)
            }
            Request::Seek { position } => {
                self.player.seek(position);
                (Answer::Done, true)
            }
            Request::Want(wants) => {
                self.show_background = wants.show_background;
                self.wants = wants;
                (Answer::Done, true)
            }
            Request::Hint => {
                if let Some(a) = self.lesson.as_mut() {
                    a.state.show_next_hint(&a.lesson);
                }
                (Answer::Done, true)
            }
            Request::Pick { index, choice } => {
                if let Some(a) = self.lesson.as_mut() {
                    a.state.pick(index, &choice);
                }
                (Answer::Done, true)
            }
            Request::Save { files, active_file, lang } => {
                let saved = Saved {
                    scenario: self.scenario.id.to_string(),
                    lesson: self.lesson.as_ref().filter(|a| a.lesson.sequence != "custom").map(|a| a.lesson.id.clone()),
                    files: editor_files(&files),
                    active_file,
                    log: self.player.log().to_vec(),
                    position: self.player.position(),
                    lang: Some(lang.code().to_string()),
                    custom: if self.lesson.is_some() { self.custom.clone() } else { Vec::new() },
                };
                (Answer::Saved(encode_saved(&saved)), false)
            }
            Request::Share { files } => {
                let shared = Shared {
                    scenario: self.scenario.id.to_string(),
                    lesson: self.lesson.as_ref().filter(|a| a.lesson.sequence != "custom").map(|a| a.lesson.id.clone()),
                    custom: if self.lesson.is_some() { self.custom.clone() } else { Vec::new() },
                    files: editor_files(&files),
                };
                (Answer::Shared(encode_share(&shared)), false)
            }
            Request::MakeLesson { title, intro, files, goals } => (Answer::Made(self.make_lesson(title, intro, files, goals)), false),
            Request::CompareOpen { from } => (self.compare_open(from), false),
            Request::CompareClose => {
                self.comparing = None;
                (Answer::Done, false)
            }
            other @ (Request::CompareFiles { .. } | Request::CompareApply { .. } | Request::CompareCommand { .. } | Request::CompareSeek { .. } | Request::CompareShare) => (self.compare_request(other), false),
        }
    }

    /// Opens a comparison (the session itself stays as it is).
    fn compare_open(&mut self, from: CompareFrom) -> Answer {
        let horizon_ms = self.horizon_ms();
        let pair = match from {
            CompareFrom::Builtin { id } => match Pair::builtin(&id, SEED) {
                Ok(p) => p,
                Err(_) => return Answer::NotFound(id),
            },
            CompareFrom::Variant { files } => {
                let (seed, setup, setup_files) = match &self.lesson {
                    Some(a) => (a.lesson.seed, a.lesson.setup.clone(), a.lesson.files.clone()),
                    None => (SEED, self.scenario.setup.to_string(), Vec::new()),
                };
                match Pair::variant(seed, &setup, setup_files, files) {
                    Ok(p) => p,
                    Err(e) => return Answer::Broken(e),
                }
            }
        };
        self.start_comparing(pair, horizon_ms);
        self.compared(Vec::new(), Vec::new())
    }

    fn start_comparing(&mut self, mut pair: Pair, horizon_ms: u64) {
        for p in pair.players_mut() {
            p.set_progress(self.progress.clone());
        }
        self.comparing = Some(Comparing { pair, horizon_ms, sent_analysis: None, sent_console: [None, None], sent_files: None, files_sent: false });
    }

    /// A comparison's link: the story behind it opened as the session, the pair replayed.
    fn open_shared_compare(&mut self, shared: SharedCompare) -> (Answer, bool) {
        let scenario = podlife_lessons::by_id(&shared.scenario).unwrap_or_else(default_scenario);
        let (a, b) = (pairs(&shared.a), pairs(&shared.b));
        self.open_scenario(scenario, a.clone());
        let mut pair = match Pair::replay(shared.seed, &shared.log, a, b) {
            Ok(p) => p,
            Err(e) => return (Answer::Broken(e), true),
        };
        pair.seek_cursor(shared.at);
        let horizon_ms = self.horizon_ms();
        self.start_comparing(pair, horizon_ms);
        (self.compared(Vec::new(), Vec::new()), true)
    }

    /// The requests on an open comparison.
    fn compare_request(&mut self, request: Request) -> Answer {
        let skip_background = !self.show_background;
        let Some(c) = self.comparing.as_mut() else { return Answer::Broken("no comparison is open".to_string()) };
        let side = |v: Variant| if v == Variant::A { podlife_compare::Side::A } else { podlife_compare::Side::B };
        let mut results = (Vec::new(), Vec::new());
        match request {
            Request::CompareFiles { variant, files } => {
                if let Err(e) = c.pair.set_files(side(variant), files) {
                    return Answer::Broken(e);
                }
            }
            Request::CompareApply { a, b } => {
                if let Err(e) = c.pair.set_files(podlife_compare::Side::A, a.clone()).and_then(|_| c.pair.set_files(podlife_compare::Side::B, b.clone())) {
                    return Answer::Broken(e);
                }
                if a.iter().chain(&b).any(|(_, t)| !t.trim().is_empty()) {
                    results = c.pair.give(PairInput::Apply { a, b, horizon_ms: c.horizon_ms });
                    c.pair.step(true, skip_background);
                }
            }
            Request::CompareCommand { line } => {
                if !line.trim().is_empty() {
                    let before = c.pair.analysis_key();
                    c.pair.give(PairInput::Command { line });
                    if c.pair.analysis_key() != before {
                        c.pair.step(true, skip_background);
                    }
                }
            }
            Request::CompareSeek { to } => match to {
                CompareTo::Time { ms } => c.pair.seek_time(ms),
                CompareTo::Step { forward } => {
                    c.pair.step(forward, skip_background);
                }
                CompareTo::Positions { a, b } => c.pair.seek_positions(a, b),
            },
            Request::CompareShare => {
                if let Err(e) = c.pair.log_complete() {
                    return Answer::Shared(Err(e));
                }
                let shared = SharedCompare {
                    scenario: self.scenario.id.to_string(),
                    a: editor_files(c.pair.files(podlife_compare::Side::A)),
                    b: editor_files(c.pair.files(podlife_compare::Side::B)),
                    seed: c.pair.seed(),
                    log: c.pair.log().to_vec(),
                    at: c.pair.cursor(),
                };
                return Answer::Shared(encode_compare_share(&shared));
            }
            _ => return Answer::Done,
        }
        let (a_results, b_results) = results;
        let (a_results, b_results) = (self.results(a_results), self.results(b_results));
        self.compared(a_results, b_results)
    }

    fn compared(&mut self, a_results: Vec<protocol::FileResult>, b_results: Vec<protocol::FileResult>) -> Answer {
        match self.compare_view() {
            Some(view) => Answer::Compared { a_results, b_results, view: Box::new(view) },
            None => Answer::Broken("no comparison is open".to_string()),
        }
    }

    /// The compare view at the aligned moment: only what changed since the last one.
    pub fn compare_view(&mut self) -> Option<CompareView> {
        let c = self.comparing.as_mut()?;
        let key = c.pair.analysis_key();
        let send_analysis = c.sent_analysis != Some(key);
        c.sent_analysis = Some(key);
        let analysis = c.pair.analysis().clone();
        let pair = &c.pair;
        let mut sides = [CompareSide::default(), CompareSide::default()];
        for (i, (player, marks)) in [(pair.a(), &analysis.only_a), (pair.b(), &analysis.only_b)].into_iter().enumerate() {
            let console_key = (player.console().len(), player.timeline_version());
            let console = (c.sent_console[i] != Some(console_key)).then(|| player.console().to_vec());
            c.sent_console[i] = Some(console_key);
            sides[i] = CompareSide {
                position: player.position(),
                time_ms: player.current().map_or_else(|| player.time().since_start(), |r| r.time.since_start()),
                end_ms: player.end_time().since_start(),
                timeline: send_analysis.then(|| CompareTimeline { timeline: timeline_of(player), only_here: marks.iter().enumerate().filter(|(_, m)| **m).map(|(i, _)| i as u32).collect() }),
                current: current_of(player),
                console,
                scene: view::scene(player),
                cap: player.cap().map(cap_view),
            };
        }
        let send_files = c.sent_files != Some(pair.files_version());
        c.sent_files = Some(pair.files_version());
        let files = (!c.files_sent).then(|| (pair.files(podlife_compare::Side::A).to_vec(), pair.files(podlife_compare::Side::B).to_vec()));
        c.files_sent = true;
        let [a, b] = sides;
        Some(CompareView {
            builtin: pair.builtin_id().map(str::to_string),
            seed: pair.seed(),
            time_ms: pair.cursor().ms,
            focus: pair.focus().map(|s| if s == podlife_compare::Side::A { Variant::A } else { Variant::B }),
            a,
            b,
            only: send_analysis.then(|| (crate::compare::only_listed(&analysis), analysis.only.len())),
            outcomes: send_analysis.then(|| crate::compare::outcome_rows(&analysis.table)),
            files,
            diff: send_files.then(|| crate::compare::files_diff(pair.files(podlife_compare::Side::A), pair.files(podlife_compare::Side::B))),
        })
    }

    fn results(&self, results: Vec<crate::FileResult>) -> Vec<protocol::FileResult> {
        results.into_iter().map(|r| protocol::FileResult { diagnostics: diagnostics(&r.diagnostics), name: r.name, failed: r.failed }).collect()
    }

    /// After an input: show the first reaction it caused.
    fn step_forward(&mut self) {
        let from = self.player.position();
        let next = if self.show_background { (from < self.player.reactions().len()).then_some(from + 1) } else { self.player.next_visible(from, true) };
        if let Some(p) = next {
            self.player.seek(p);
        }
    }

    fn horizon_ms(&self) -> u64 {
        if self.lesson.is_some() { LESSON_APPLY_MS } else { self.scenario.horizon_seconds as u64 * 1000 }
    }

    fn course_lesson(&self, id: &str) -> Option<Rc<Lesson>> {
        self.course.as_ref()?.lesson(id).map(|l| Rc::new(l.clone()))
    }

    fn fresh(&mut self, mut player: Player) {
        player.set_progress(self.progress.clone());
        self.player = player;
        self.forget_sent();
    }

    /// A new player: the page gets everything again.
    fn forget_sent(&mut self) {
        self.sent_timeline = None;
        self.sent_console = None;
        self.sent_names = None;
    }

    fn open_scenario(&mut self, scenario: &'static Scenario, files: Vec<(String, String)>) {
        // A player nothing was given yet is what `Player::new(SEED)` would build again (the
        // engine is deterministic): keep it. The page's first request opens the default story
        // on the worker's first player, so the cluster is built once at load, not twice.
        let pristine = self.player.log().is_empty() && self.player.seed() == SEED;
        if pristine {
            self.forget_sent();
        } else {
            self.fresh(Player::new(SEED));
        }
        if !scenario.setup.trim().is_empty() {
            let _ = self.player.run_script(scenario.setup);
        }
        // A link without files opens the scenario's own.
        let files = if files.is_empty() { scenario_files(scenario) } else { files };
        self.player.set_files(&files);
        self.scenario = scenario;
        self.lesson = None;
        self.custom.clear();
        self.applied = false;
        self.opened_files = files;
    }

    fn open_lesson(&mut self, lesson: Rc<Lesson>, files: Vec<(String, String)>) {
        if lesson.sequence != "custom" {
            self.custom.clear();
        }
        let mut player = Player::new(lesson.seed);
        if !lesson.setup.trim().is_empty() {
            // The setup reads the lesson's own files (`kubectl apply -f app.yaml`), as
            // `podlife lesson check` runs it, whatever the learner's editor holds.
            player.set_files(&lesson.files);
            let _ = player.run_script(&lesson.setup);
        }
        let files = if files.is_empty() { lesson.files.clone() } else { files };
        player.set_files(&files);
        self.fresh(player);
        self.applied = false;
        self.opened_files = files;
        self.lesson = Some(Active { state: LessonState::new(&lesson), lesson, asked_now: false });
    }

    fn open_shared(&mut self, seq: u64, shared: Shared) -> (Answer, bool) {
        let scenario = podlife_lessons::by_id(&shared.scenario).unwrap_or_else(default_scenario);
        let files = pairs(&shared.files);
        self.open_scenario(scenario, files.clone());
        if !shared.custom.is_empty() {
            return match builder::load(&shared.custom) {
                Ok(l) => {
                    self.custom = shared.custom;
                    self.open_lesson(Rc::new(l), files);
                    (Answer::Opened(Box::new(self.opened(None))), true)
                }
                Err(e) => (Answer::Broken(e.to_string()), true),
            };
        }
        match shared.lesson {
            Some(id) => self.answer(seq, Request::OpenLesson { id, files }),
            None => (Answer::Opened(Box::new(self.opened(None))), true),
        }
    }

    /// `text` is the record as the page sent it (kept as is when the restore waits for the course).
    fn restore(&mut self, seq: u64, text: String, saved: Saved) -> (Answer, bool) {
        let lang = saved.lang.as_deref().and_then(protocol::Lang::from_tag);
        let lesson = if !saved.custom.is_empty() {
            match builder::load(&saved.custom) {
                Ok(l) => Some(Rc::new(l)),
                Err(e) => return (Answer::Broken(e.to_string()), false),
            }
        } else if let Some(id) = &saved.lesson {
            if self.course.is_none() {
                self.waiting = Some((seq, Request::Restore { saved: text }));
                return (Answer::NeedCourse, false);
            }
            match self.course_lesson(id) {
                Some(l) => Some(l),
                None => return (Answer::NotFound(id.clone()), false),
            }
        } else {
            None
        };
        let scenario = podlife_lessons::by_id(&saved.scenario).unwrap_or_else(default_scenario);
        self.scenario = scenario;
        let seed = lesson.as_ref().map_or(SEED, |l| l.seed);
        let mut files = pairs(&saved.files);
        if files.is_empty() {
            files = match &lesson {
                Some(l) => l.files.clone(),
                None => scenario_files(scenario),
            };
        }
        if files.is_empty() {
            files = vec![("pod.yaml".to_string(), String::new())];
        }
        // The setup read the lesson's own files when the session opened (a story's, none).
        let setup_files = lesson.as_ref().map_or(&[][..], |l| l.files.as_slice());
        let mut player = Player::replay_with_files(seed, &saved.log, setup_files, &files);
        player.seek(saved.position);
        self.fresh(player);
        self.applied = saved.log.iter().any(|e| matches!(e.input, Input::Apply { .. }));
        self.custom = saved.custom;
        self.opened_files = files;
        self.lesson = lesson.map(|l| Active { state: LessonState::new(&l), lesson: l, asked_now: false });
        let active_file = saved.active_file.min(self.opened_files.len() - 1);
        let mut opened = self.opened(lang);
        opened.active_file = active_file;
        (Answer::Opened(Box::new(opened)), true)
    }

    fn opened(&self, lang: Option<protocol::Lang>) -> Opened {
        Opened {
            scenario: self.scenario.id.to_string(),
            lesson: self.lesson.as_ref().map(|a| lesson_info(&a.lesson)),
            files: self.opened_files.clone(),
            active_file: 0,
            applied: self.applied,
            lang,
        }
    }

    /// The builder: the lesson is written as a built-in one is, read back, and played by the
    /// same verifier before its link is made.
    fn make_lesson(&mut self, title: String, intro: String, files: Vec<(String, String)>, goals: Vec<PickedGoal>) -> Result<String, Vec<String>> {
        let suggestions = builder::suggestions(&self.player);
        let goals: Vec<_> = goals.into_iter().filter_map(|g| suggestions.iter().find(|s| s.id == g.id).map(|s| (s.clone(), g.en, g.ko))).collect();
        let (setup, solution) = builder::solution_of(&self.player, self.player.log());
        let intro = if intro.trim().is_empty() { title.clone() } else { intro };
        let draft = builder::Draft { title, intro, files: files.clone(), setup, solution, goals };
        let custom = builder::lesson_files(&draft);
        let lesson = builder::load(&custom).map_err(|e| vec![e.to_string()])?;
        let problems = podlife_lessons::run::verify(&lesson);
        if !problems.is_empty() {
            return Err(problems);
        }
        let shared = Shared { scenario: self.scenario.id.to_string(), lesson: None, custom, files: editor_files(&files) };
        encode_share(&shared).map_err(|e| vec![e])
    }

    /// Checks the lesson's goals at the moment shown; notes whether a question was asked.
    fn observe(&mut self) {
        if let Some(a) = self.lesson.as_mut() {
            a.asked_now = a.state.observe(&a.lesson, &self.player).is_some();
        }
    }

    /// Everything the panels draw at the moment shown.
    pub fn view(&mut self) -> View {
        let player = &self.player;
        let timeline = (self.sent_timeline != Some(player.timeline_version())).then(|| timeline_of(player));
        self.sent_timeline = Some(player.timeline_version());
        let console_key = (player.console().len(), player.timeline_version());
        let console = (self.sent_console != Some(console_key)).then(|| player.console().to_vec());
        self.sent_console = Some(console_key);
        // A 1,000-pod list changes only when pods come or go: sent then, not at every step.
        let names_key = (player.timeline_version(), player.history().membership(player.revision()));
        let names = (self.sent_names != Some(names_key)).then(|| protocol::Names { objects: view::names(player), pods: crate::inspect::pods(player) });
        self.sent_names = Some(names_key);
        let current = current_of(player);
        let table = self.wants.table.map(|t| match t {
            protocol::TableKind::Events => view::events(player),
            protocol::TableKind::Pods => view::pods(player),
        });
        let inspection = self.wants.inspected.as_ref().and_then(|(ns, name)| crate::inspect::inspect(player, ns, name));
        let suggestions = if self.wants.builder {
            builder::suggestions(player)
                .into_iter()
                .map(|s| protocol::Suggestion {
                    message: protocol::Message { id: s.message.into(), args: s.args.iter().map(|(k, v)| (k.to_string(), protocol::Arg::Text(v.clone()))).collect() },
                    id: s.id,
                })
                .collect()
        } else {
            Vec::new()
        };
        View {
            position: player.position(),
            time_ms: player.current().map_or_else(|| player.time().since_start(), |r| r.time.since_start()),
            timeline,
            cap: player.cap().map(cap_view),
            scene: view::scene(player),
            current,
            console,
            names,
            table,
            inspection,
            lesson: self.lesson.as_ref().map(|a| LessonStatus {
                goals: a.state.goals().to_vec(),
                questions: a.state.questions().to_vec(),
                hints_shown: a.state.hints_shown(),
                asked_now: a.asked_now,
            }),
            suggestions,
            applied: self.applied,
        }
    }
}

//! The page: scenario and language bar, editor, cluster stage, "what just happened", timeline,
//! and the console with events and pods. The page keeps what the learner types and sees; the
//! cluster lives in the engine worker (`engine`), which answers each request with the view
//! models the panels draw (`podlife_protocol::View`). The page stays responsive while the
//! worker computes, and a long run can be cancelled.

use std::rc::Rc;

use gloo_render::{request_animation_frame, AnimationFrame};
use gloo_timers::callback::Timeout;
use podlife_i18n::{Lang, Localizer};
use podlife_page::progress::{Answer as Prediction, Progress};
use podlife_protocol::{self as protocol, Answer, CompareFrom, CompareTo, ConsoleEntry, CourseInfo, Diagnostic, FromWorker, LessonInfo, PickedGoal, Request, TableKind, Timeline, Variant, View, Wants};
use podlife_stories::Pick;
use yew::prelude::*;

use crate::engine::{Engine, Heard};
use crate::{builder, compare, console, crash, editor, inspector, keep, lesson, stage, timeline, what};

/// Playback speeds (× real time of one step per `STEP_MS`).
pub const SPEEDS: [f64; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];
const DEFAULT_SPEED: usize = 2;

/// How long one step shows at 1×.
const STEP_MS: f64 = 900.0;

/// The editor's live check waits this long after the last keystroke.
const CHECK_DELAY_MS: u32 = 350;

/// The lower panel's tabs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Console,
    Events,
    Pods,
}

/// One editor tab.
#[derive(Debug, Clone, PartialEq)]
pub struct EditorFile {
    pub name: String,
    pub text: String,
}

pub enum Msg {
    Edit(String),
    /// The edits of one task are in: the worker gets the files, the autosave keeps them.
    EditSettled,
    /// The page's first frame is painted: the panels below and beside the editor follow.
    FirstPainted,
    Check,
    SelectFile(usize),
    AddFile,
    CloseFile(usize),
    StartRename(usize),
    /// A new name for file `i`, or None to keep the old one.
    Rename(usize, Option<String>),
    Apply,
    Delete,
    Seek(usize),
    Step(bool),
    NextOf(String),
    TogglePlay,
    Tick,
    Speed(usize),
    Lang(Lang),
    /// A language's words arrived (or could not be fetched); `show`: switch to it.
    Texts(Lang, Result<Rc<Localizer>, String>, bool),
    Scenario(String),
    Command(String),
    Tab(Tab),
    Share,
    ToggleBackground,
    Reset,
    DismissNotice,
    Save,
    /// The course map, and back to the workspace.
    OpenCourse,
    CloseCourse,
    OpenLesson(String),
    NextLesson,
    Hint,
    /// The learner's choice for question `usize` of the lesson.
    Pick(usize, String),
    /// Open the pod inspector on (namespace, name), or close it.
    Inspect(Option<(String, String)>),
    /// The window's width changed (px).
    Resize(f64),
    /// `course.json` arrived (its text) or could not be fetched.
    CourseFetched(Result<String, String>),
    /// The lesson builder.
    BuilderOpen,
    BuilderClose,
    BuilderTitle(String),
    BuilderIntro(String),
    BuilderToggle(String),
    BuilderCreate,
    /// The first-visit choice: the course (true) or the sandbox.
    Welcome(bool),
    /// The engine worker spoke (or failed).
    Engine(Heard),
    /// Stop the run being computed.
    Cancel,
    /// The compare view (issue 21): show or hide its chooser; open a comparison (a built-in
    /// one by id, or None: the editor's files against a copy of them).
    CompareChooser(bool),
    CompareOpen(Option<String>),
    /// The lesson panel's button: the lesson's built-in comparison, opened as the chooser
    /// opens it; Close gives the focus back to that button.
    LessonCompare(String),
    /// A variant's active file was edited; another of its tabs selected.
    CompareEdit(Variant, String),
    CompareFile(Variant, usize),
    /// The edits of a moment ago are sent (the diff follows).
    CompareFilesSettled,
    CompareApply,
    CompareCommand(String),
    CompareSeek(CompareTo),
    CompareShare,
    CompareClose,
}

/// What a `Shared` answer is for (answers come in the order of the requests).
#[derive(Debug, Clone, Copy, PartialEq)]
enum ShareFor {
    Session,
    Comparison,
    /// The open comparison's link, kept so that a reload reopens it.
    CompareAutosave,
}

/// The course, fetched (`course.json`) the first time a learner opens it.
pub enum CourseState {
    NotLoaded,
    Loading,
    Ready(Rc<CourseInfo>),
    /// Why it could not be loaded (shown on the course map).
    Failed(String),
}

/// A run the worker is computing (Apply, Delete or a console command).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Busy {
    pub seq: u64,
    pub reactions: usize,
    pub at_ms: u64,
}

/// What the last open request was (its failures are worded differently).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Opening {
    Shared,
    Saved,
    Other,
}

pub struct App {
    engine: Engine,
    /// The view at the moment shown, and the timeline and console it refers to.
    view: Rc<View>,
    timeline: Rc<Timeline>,
    console: Rc<Vec<ConsoleEntry>>,
    /// The objects' names at the moment shown (sent only when they change).
    names: Rc<podlife_protocol::Names>,
    /// The position shown or asked for (a step computes from it before the reply arrives).
    position: usize,
    /// A Seek is on its way; the next one waits for its reply (scrubbing sends the latest).
    seek_in_flight: bool,
    seek_next: Option<usize>,
    busy: Option<Busy>,
    /// The worker's linear memory at its last reply (the root's `data-worker-memory`, read by
    /// the benchmark).
    worker_memory: u64,
    /// The autosave text from just before the last input: a cancelled run restores it.
    checkpoint: Option<String>,
    opening: Opening,
    /// The learner changed the files after the last open request: its reply keeps them.
    edited_since_open: bool,
    scenario: &'static Pick,
    files: Vec<EditorFile>,
    active_file: usize,
    /// Diagnostics per file index (from the live check, then from Apply).
    diagnostics: Vec<Vec<Diagnostic>>,
    /// Korean and English (`texts::slot`), each fetched when first needed (`texts.rs`): the page
    /// starts with the one it shows.
    locales: [Option<Rc<Localizer>>; 2],
    /// What `localizer` answers with no language here (never while the app is drawn: main.rs
    /// starts it with one): every message shows its id.
    no_words: Localizer,
    /// Languages being fetched (the page is not idle meanwhile).
    texts_fetching: usize,
    lang: Lang,
    embed: bool,
    /// An embedded story is applied once opened, then shown at this step.
    embed_start: Option<Option<usize>>,
    pending_embed_step: Option<usize>,
    autoplay: bool,
    playing: bool,
    speed: usize,
    tab: Tab,
    show_background: bool,
    notice: Option<String>,
    share_link: Option<String>,
    reduced_motion: bool,
    timer: Option<Timeout>,
    check_timer: Option<Timeout>,
    /// Edits not yet sent to the worker nor kept (a paste that the browser inserts line by
    /// line raises one input event per line; they are handled once, a moment later).
    edit_timer: Option<Timeout>,
    /// Edits of the burst that were not drawn yet.
    edits_undrawn: bool,
    /// Draws the edits in the next frame, before it is painted, if `edit_timer` has not
    /// fired by then.
    edit_frame: Option<AnimationFrame>,
    /// Keeps the edits when the page is left before `edit_timer` fires.
    _pagehide: Option<gloo_events::EventListener>,
    /// Set once the learner has pressed Apply in this scenario (the intro changes).
    applied: bool,
    editor_refs: editor::Refs,
    console_refs: console::Refs,
    /// ← and → anywhere on the page (outside text fields) step the timeline.
    _keys: Option<gloo_events::EventListener>,
    /// The timeline's drawing, kept while the reactions and the filter stay the same.
    timeline_cache: std::cell::RefCell<Option<(u64, bool, Rc<timeline::Layout>)>>,
    seek: Callback<usize>,
    save_timer: Option<Timeout>,
    crash_test: bool,
    /// The first frame holds the bar and the editor only; the rest follows in the next one
    /// (one frame laying out the whole page was a main-thread task of up to 75 ms).
    first_painted: bool,
    _first_frame: Option<AnimationFrame>,
    /// The moment shown was reached by a jump (the slider, a click on the timeline), not a
    /// step: the stage changes without its colour transitions, which repainted the whole
    /// drawing for 300 ms after every move of a scrub.
    jumped: bool,
    /// The file whose name is being edited.
    renaming: Option<usize>,
    /// The lesson being played (None in the sandbox).
    lesson: Option<Rc<LessonInfo>>,
    course: CourseState,
    /// `course.json`'s text, kept to give a restarted worker.
    course_bundle: Option<Rc<String>>,
    builder: Option<builder::Builder>,
    /// A first visit: the page offers the course or the sandbox.
    welcome: bool,
    /// The course map is shown instead of the workspace.
    course_open: bool,
    progress: Progress,
    /// The pod in the inspector.
    inspected: Option<(String, String)>,
    /// The page is narrow (a phone): the stage draws everything stacked.
    narrow: bool,
    _resize: Option<gloo_events::EventListener>,
    /// The open comparison (issue 21), and its chooser.
    compare: Option<compare::Compare>,
    compare_chooser: bool,
    /// The request that opens a comparison from a link or the autosave: a failure drops it.
    compare_open_seq: Option<u64>,
    compare_files_timer: Option<Timeout>,
    shares: std::collections::VecDeque<ShareFor>,
    /// The element (by id) that takes the focus after the next render: the comparison's title
    /// when it opens, the button that opened it when it closes.
    focus_next: Option<&'static str>,
    /// The button that opened the comparison: the Compare button, or the lesson panel's.
    compare_opener: &'static str,
}

/// Why `name` cannot name file `i` (a message id), if it cannot: `kubectl apply -f NAME`
/// reads it, so it is one path segment, unique among the tabs.
fn file_name_problem(name: &str, i: usize, files: &[EditorFile]) -> Option<&'static str> {
    if name.is_empty() || name.len() > 100 || name.starts_with('-') || name.contains(['/', '\\']) || name.chars().any(char::is_whitespace) {
        return Some("file-name-invalid");
    }
    if files.iter().enumerate().any(|(j, f)| j != i && f.name == name) {
        return Some("file-name-taken");
    }
    None
}

/// The window's inner width in CSS pixels.
fn window_width() -> Option<f64> {
    web_sys::window()?.inner_width().ok()?.as_f64()
}

/// Text with `backquoted` parts set as code (commands in translations).
pub fn with_code(text: &str) -> Html {
    text.split('`').enumerate().map(|(i, part)| if i % 2 == 1 { html! { <code>{ part.to_string() }</code> } } else { html! { { part.to_string() } } }).collect()
}

/// ← / → outside text fields and without modifiers: a step back or forward.
fn arrow_step(e: &web_sys::KeyboardEvent) -> Option<Msg> {
    let in_field = e.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(t).ok()).is_some_and(|el| {
        let tag = el.tag_name();
        tag == "TEXTAREA" || tag == "INPUT" || tag == "SELECT"
    });
    if in_field || e.alt_key() || e.ctrl_key() || e.meta_key() || e.shift_key() {
        return None;
    }
    match e.key().as_str() {
        "ArrowRight" => Some(Msg::Step(true)),
        "ArrowLeft" => Some(Msg::Step(false)),
        _ => None,
    }
}

/// The editor's files before the worker has answered: the default story's.
fn default_files() -> Vec<EditorFile> {
    podlife_stories::DEFAULT_FILES.iter().map(|f| EditorFile { name: f.name.to_string(), text: f.text.to_string() }).collect()
}

fn pairs(files: &[EditorFile]) -> Vec<protocol::File> {
    files.iter().map(|f| (f.name.clone(), f.text.clone())).collect()
}

fn default_scenario() -> &'static Pick {
    podlife_stories::pick(podlife_stories::DEFAULT_ID).unwrap_or(&podlife_stories::picks()[0])
}

impl App {
    pub fn t(&self) -> &Localizer {
        self.localizer(self.lang)
    }

    /// A language's words; until they arrive, the other's (the page starts only once one has).
    fn localizer(&self, lang: Lang) -> &Localizer {
        let (own, other) = (&self.locales[crate::texts::slot(lang)], &self.locales[crate::texts::slot(crate::texts::other(lang))]);
        own.as_deref().or(other.as_deref()).unwrap_or(&self.no_words)
    }

    /// Fetches a language's words unless they are here; `show`: switch to it when they are.
    fn fetch_texts(&mut self, ctx: &Context<Self>, lang: Lang, show: bool) {
        self.texts_fetching += 1;
        let link = ctx.link().clone();
        yew::platform::spawn_local(async move {
            link.send_message(Msg::Texts(lang, crate::texts::load(lang).await, show));
        });
    }

    /// The builder words each goal in both languages: fetches the one not here, unless a
    /// fetch is on its way (asked again after one failed).
    fn fetch_missing_texts(&mut self, ctx: &Context<Self>) {
        for lang in [Lang::En, Lang::Ko] {
            if self.locales[crate::texts::slot(lang)].is_none() && self.texts_fetching == 0 {
                self.fetch_texts(ctx, lang, false);
            }
        }
    }

    fn show_lang(&mut self, lang: Lang) {
        self.lang = lang;
        keep::set_document_lang(lang);
        self.save();
    }

    fn send(&mut self, request: Request) -> u64 {
        self.engine.send(request)
    }

    /// What the panels ask the worker for.
    fn wants(&self) -> Wants {
        Wants {
            table: match self.tab {
                Tab::Console => None,
                Tab::Events => Some(TableKind::Events),
                Tab::Pods => Some(TableKind::Pods),
            },
            inspected: self.inspected.clone(),
            builder: self.builder.is_some(),
            show_background: self.show_background,
        }
    }

    fn send_wants(&mut self) {
        let wants = self.wants();
        self.send(Request::Want(wants));
    }

    /// A fresh session in the worker: the page forgets what it showed until the reply.
    fn open(&mut self, request: Request, opening: Opening) -> u64 {
        self.opening = opening;
        self.edited_since_open = false;
        self.playing = false;
        self.timer = None;
        self.busy = None;
        self.send(request)
    }

    /// Opens `scenario` with `files`, or with its own when there are none: the worker sends
    /// those with its answer (`opened`), so the page does not carry every story's files.
    fn open_scenario(&mut self, scenario: &'static Pick, files: Vec<EditorFile>) {
        self.scenario = scenario;
        self.lesson = None;
        self.builder = None;
        let sent = pairs(&files);
        if !files.is_empty() {
            self.files = files;
            self.active_file = 0;
            self.diagnostics = vec![Vec::new(); self.files.len()];
        }
        self.applied = false;
        self.course_open = false;
        self.open(Request::OpenScenario { id: scenario.id.to_string(), files: sent }, Opening::Other);
    }

    /// Leaves the compare view (the worker drops the pair; the session is as it was).
    fn leave_compare(&mut self) {
        self.compare_chooser = false;
        self.compare_files_timer = None;
        if self.compare.take().is_some() {
            self.send(Request::CompareClose);
            keep::forget_compare();
        }
    }

    /// Sends the edited variants' files (the worker answers with their diff).
    fn settle_compare_files(&mut self) {
        if self.compare_files_timer.take().is_none() {
            return;
        }
        let Some(c) = self.compare.as_mut() else { return };
        let mut requests = Vec::new();
        for (i, v) in [Variant::A, Variant::B].into_iter().enumerate() {
            if std::mem::take(&mut c.dirty[i]) {
                requests.push(Request::CompareFiles { variant: v, files: c.side_files(v) });
            }
        }
        for r in requests {
            self.send(r);
        }
    }

    /// Moves the comparison's cursor: a step at once (each moves from the one before), a
    /// jump after the one on its way (only the latest).
    fn compare_seek(&mut self, to: CompareTo) {
        let Some(c) = self.compare.as_mut() else { return };
        if !c.ready {
            return;
        }
        self.jumped = !matches!(to, CompareTo::Step { .. });
        if c.seek_in_flight && !matches!(to, CompareTo::Step { .. }) {
            c.seek_next = Some(to);
            return;
        }
        c.seek_in_flight = true;
        self.send(Request::CompareSeek { to });
    }

    fn open_lesson(&mut self, id: String) {
        self.builder = None;
        self.open(Request::OpenLesson { id, files: Vec::new() }, Opening::Other);
    }

    /// Fetches `course.json` unless it is here or on its way; the worker gets it to read.
    fn fetch_course(&mut self, ctx: &Context<Self>) {
        match &self.course {
            CourseState::Loading => {}
            CourseState::Ready(_) => {
                if let Some(bundle) = self.course_bundle.clone() {
                    self.send(Request::Course { bundle: (*bundle).clone() });
                }
            }
            CourseState::NotLoaded | CourseState::Failed(_) => {
                self.course = CourseState::Loading;
                let link = ctx.link().clone();
                yew::platform::spawn_local(async move {
                    let text = async {
                        let response = gloo_net::http::Request::get("course.json").send().await.map_err(|e| e.to_string())?;
                        if !response.ok() {
                            return Err(format!("HTTP {}", response.status()));
                        }
                        response.text().await.map_err(|e| e.to_string())
                    };
                    link.send_message(Msg::CourseFetched(text.await));
                });
            }
        }
    }

    /// The builder's "check and make a link": goals worded in both languages here, the lesson
    /// written, read back and played by the worker.
    fn create_lesson(&mut self) {
        let Some(b) = self.builder.as_ref() else { return };
        let t = self.t();
        let mut problems = Vec::new();
        // Both languages' words: fetched when the builder opened, else on their way again
        // (`fetch_missing_texts`).
        let words = self.locales[crate::texts::slot(Lang::En)].as_deref().zip(self.locales[crate::texts::slot(Lang::Ko)].as_deref());
        let goals: Option<Vec<PickedGoal>> = words.map(|(en, ko)| {
            self.view.suggestions.iter().filter(|s| b.picked.contains(&s.id)).map(|s| PickedGoal { id: s.id.clone(), en: en.message(&s.message), ko: ko.message(&s.message) }).collect()
        });
        match &goals {
            None => problems.push(t.text("builder-needs-texts")),
            Some(goals) => {
                if b.title.trim().is_empty() {
                    problems.push(t.text("builder-needs-title"));
                }
                if goals.is_empty() {
                    problems.push(t.text("builder-needs-goal"));
                }
            }
        }
        let (title, intro) = (b.title.clone(), b.intro.clone());
        let checking = problems.is_empty();
        if let Some(b) = self.builder.as_mut() {
            b.link = None;
            b.checking = checking;
            b.problems = problems;
        }
        if let (true, Some(goals)) = (checking, goals) {
            let files = pairs(&self.files);
            self.send(Request::MakeLesson { title, intro, files, goals });
        }
    }

    fn save_progress(&mut self) {
        if self.embed {
            return;
        }
        if let Err(e) = keep::save_progress(&self.progress) {
            self.notice = Some(self.t().text_with("notice-save-failed", &[("error", &e)]));
        }
    }

    /// Asks the worker for the autosave's text (written when it arrives).
    fn save(&mut self) {
        crash::remember_files(&self.files);
        let (files, active_file, lang) = (pairs(&self.files), self.active_file, self.lang);
        self.send(Request::Save { files, active_file, lang });
    }

    /// Keeps the editor's tabs in the autosave at once (the rest of the record follows with
    /// the next save the worker writes).
    fn save_files_now(&mut self) {
        crash::remember_files(&self.files);
        if self.embed {
            return;
        }
        if let Some(text) = self.checkpoint.as_deref().and_then(|t| keep::with_files(t, &self.files, self.active_file)) {
            if let Err(e) = keep::save(&text) {
                self.notice = Some(self.t().text_with("notice-save-failed", &[("error", &e)]));
            }
            self.checkpoint = Some(text);
        }
    }

    /// Sends the edited files to the worker (its diagnostics follow a moment later) and keeps
    /// them in the autosave, if edits are waiting.
    fn settle_edits(&mut self, ctx: &Context<Self>) {
        if self.edit_timer.take().is_none() {
            return;
        }
        let files = pairs(&self.files);
        self.send(Request::Files(files));
        let link = ctx.link().clone();
        self.check_timer = Some(Timeout::new(CHECK_DELAY_MS, move || link.send_message(Msg::Check)));
        self.save_files_now();
        self.save_soon(ctx);
    }

    /// Saves a moment later (stepping quickly saves once, not at every step).
    fn save_soon(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.save_timer = Some(Timeout::new(400, move || link.send_message(Msg::Save)));
    }

    fn schedule_tick(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        let ms = (STEP_MS / SPEEDS[self.speed]).round() as u32;
        self.timer = Some(Timeout::new(ms, move || link.send_message(Msg::Tick)));
    }

    /// Shows `position`: at once if no seek is on its way, else after it (only the latest).
    fn seek_to(&mut self, position: usize) {
        self.position = position;
        if self.seek_in_flight {
            self.seek_next = Some(position);
        } else {
            self.seek_in_flight = true;
            self.send(Request::Seek { position });
        }
    }

    /// The next (or previous) position a step goes to.
    fn step_target(&self, forward: bool) -> Option<usize> {
        let from = self.position;
        if self.show_background {
            if forward { (from < self.timeline.ticks.len()).then_some(from + 1) } else { from.checked_sub(1) }
        } else {
            self.timeline.next_visible(from, forward)
        }
    }

    fn step(&mut self, forward: bool) -> bool {
        match self.step_target(forward) {
            Some(p) => {
                self.seek_to(p);
                true
            }
            None => false,
        }
    }

    /// An input that runs the cluster forward: the autosave just before it is kept (a cancel
    /// restores it), then the input is sent and the page shows it is busy.
    fn run(&mut self, request: Request) {
        self.save();
        let seq = self.send(request);
        self.busy = Some(Busy { seq, reactions: 0, at_ms: 0 });
    }

    /// The worker is gone (cancelled or crashed): a new one restores the session as it was
    /// before the last input.
    fn restart_engine(&mut self) {
        self.engine.restart();
        // The comparison was the worker's: it is gone with it.
        self.compare = None;
        self.compare_files_timer = None;
        self.busy = None;
        self.seek_in_flight = false;
        self.seek_next = None;
        self.playing = false;
        self.timer = None;
        if let Some(bundle) = self.course_bundle.clone() {
            self.send(Request::Course { bundle: (*bundle).clone() });
        }
        match self.checkpoint.clone() {
            Some(saved) => {
                self.open(Request::Restore { saved }, Opening::Other);
            }
            None => {
                let s = self.scenario;
                let files = self.files.clone();
                self.open_scenario(s, files);
            }
        }
        self.send_wants();
    }

    fn heard(&mut self, ctx: &Context<Self>, heard: Heard) {
        match heard {
            Heard::Failed(why) => {
                self.notice = Some(self.t().text_with("notice-engine-unavailable", &[("error", &why)]));
                self.busy = None;
            }
            Heard::Message(FromWorker::Ready { .. }) => self.engine.set_ready(),
            Heard::Message(FromWorker::Crashed { message }) => {
                self.notice = Some(self.t().text_with("notice-engine-failed", &[("error", &message)]));
                self.restart_engine();
            }
            Heard::Message(FromWorker::Progress { seq, reactions, at_ms }) => {
                if let Some(b) = self.busy.as_mut().filter(|b| b.seq == seq) {
                    b.reactions = reactions;
                    b.at_ms = at_ms;
                }
            }
            Heard::Message(FromWorker::Reply { seq, answer, view, memory_bytes }) => {
                self.worker_memory = memory_bytes;
                if self.busy.is_some_and(|b| b.seq == seq) {
                    self.busy = None;
                }
                if answer != Answer::NeedCourse {
                    self.engine.answered();
                }
                if self.compare_open_seq == Some(seq) {
                    self.compare_open_seq = None;
                    if !matches!(answer, Answer::Compared { .. }) {
                        // The comparison could not be opened (an autosaved one is forgotten;
                        // a link's failure is worded below).
                        self.compare = None;
                        keep::forget_compare();
                        if self.opening != Opening::Shared {
                            let why = match &answer {
                                Answer::Broken(e) | Answer::NotFound(e) => e.clone(),
                                _ => String::new(),
                            };
                            self.notice = Some(self.t().text_with("notice-compare-failed", &[("error", &why)]));
                            return;
                        }
                    }
                }
                self.answered(ctx, answer);
                if let Some(view) = view {
                    self.show(ctx, *view);
                }
            }
        }
    }

    fn answered(&mut self, ctx: &Context<Self>, answer: Answer) {
        match answer {
            Answer::Done => {}
            Answer::NeedCourse => self.fetch_course(ctx),
            Answer::Course(Ok(info)) => self.course = CourseState::Ready(Rc::new(info)),
            Answer::Course(Err(e)) => {
                self.notice = Some(self.t().text_with("notice-course-failed", &[("error", &e)]));
                self.course = CourseState::Failed(e);
            }
            Answer::Opened(o) => self.opened(*o),
            Answer::NotFound(id) => self.notice = Some(self.t().text_with("notice-no-lesson", &[("id", &id)])),
            Answer::Broken(e) => {
                let id = match self.opening {
                    Opening::Saved => {
                        keep::forget();
                        "notice-saved-ignored"
                    }
                    _ => "notice-share-broken",
                };
                self.notice = Some(self.t().text_with(id, &[("error", &e)]));
                if self.opening == Opening::Saved {
                    let s = self.scenario;
                    self.open_scenario(s, Vec::new());
                }
            }
            Answer::Applied(results) => {
                self.diagnostics = self.files.iter().map(|f| results.iter().find(|r| r.name == f.name).map(|r| r.diagnostics.clone()).unwrap_or_default()).collect();
                if let Some(i) = self.diagnostics.iter().position(|d| !d.is_empty()) {
                    self.active_file = i;
                }
                if results.iter().any(|r| r.failed) {
                    self.tab = Tab::Console;
                    self.send_wants();
                }
                if let Some(step) = self.embed_start.take().flatten() {
                    // `step` counts the steps the timeline shows (routine work left out).
                    self.pending_embed_step = Some(step);
                }
                self.save();
            }
            Answer::Checked { name, diagnostics } => {
                self.diagnostics.resize(self.files.len(), Vec::new());
                if let Some(i) = self.files.iter().position(|f| f.name == name) {
                    self.diagnostics[i] = diagnostics;
                }
            }
            Answer::Ran { .. } => self.save(),
            Answer::Saved(Ok(text)) => {
                if !self.embed
                    && let Err(e) = keep::save(&text)
                {
                    self.notice = Some(self.t().text_with("notice-save-failed", &[("error", &e)]));
                }
                self.checkpoint = Some(text);
            }
            Answer::Saved(Err(e)) => self.notice = Some(self.t().text_with("notice-save-failed", &[("error", &e)])),
            Answer::Shared(result) => {
                let kind = self.shares.pop_front().unwrap_or(ShareFor::Session);
                match (result, kind) {
                    (Ok(fragment), ShareFor::CompareAutosave) => {
                        if self.compare.is_some() && !self.embed {
                            keep::save_compare(&fragment);
                        }
                    }
                    (Err(_), ShareFor::CompareAutosave) => {}
                    (Ok(fragment), kind) => {
                        if kind == ShareFor::Comparison && self.compare.is_some() && !self.embed {
                            keep::save_compare(&fragment);
                        }
                        let link = keep::page_url(&format!("lang={}", self.lang.code()), &fragment);
                        keep::copy(&link);
                        self.share_link = Some(link);
                    }
                    (Err(e), _) => self.notice = Some(self.t().text_with("notice-share-too-large", &[("error", &e)])),
                }
            }
            Answer::Made(result) => {
                let link = match &result {
                    Ok(fragment) => Some(keep::page_url(&format!("lang={}", self.lang.code()), fragment)),
                    Err(_) => None,
                };
                if let Some(l) = &link {
                    keep::copy(l);
                }
                if let Some(b) = self.builder.as_mut() {
                    b.checking = false;
                    b.problems = result.err().unwrap_or_default();
                    b.link = link;
                }
            }
            Answer::Compared { a_results, b_results, view } => {
                if self.opening == Opening::Shared {
                    // A comparison's link: the worker opened its story as the session too.
                    self.opening = Opening::Other;
                }
                // Every way in makes the view's place first; a reply that comes after Close
                // (a seek that was on its way) reopens nothing.
                let Some(c) = self.compare.as_mut() else { return };
                if !c.ready && !self.embed {
                    self.focus_next = Some("compare-title");
                }
                c.receive(*view, a_results, b_results);
                c.seek_in_flight = false;
                if let Some(to) = c.seek_next.take() {
                    c.seek_in_flight = true;
                    self.send(Request::CompareSeek { to });
                }
                if !self.embed {
                    self.save_soon(ctx);
                }
            }
        }
    }

    fn opened(&mut self, o: protocol::Opened) {
        if let Some(s) = podlife_stories::pick(&o.scenario) {
            self.scenario = s;
        }
        if self.edited_since_open {
            // Typed while the session was opening: what the learner typed wins.
            let files = pairs(&self.files);
            self.send(Request::Files(files));
        } else {
            self.files = o.files.into_iter().map(|(name, text)| EditorFile { name, text }).collect();
            if self.files.is_empty() {
                self.files = vec![EditorFile { name: "pod.yaml".into(), text: String::new() }];
            }
            self.active_file = o.active_file.min(self.files.len() - 1);
            self.diagnostics = vec![Vec::new(); self.files.len()];
        }
        self.applied = o.applied;
        self.lesson = o.lesson.map(Rc::new);
        if self.lesson.is_some() {
            self.course_open = false;
        }
        if self.opening == Opening::Shared {
            self.notice = Some(self.t().text("notice-shared-opened"));
        }
        self.opening = Opening::Other;
        crash::remember_files(&self.files);
        if self.embed_start.is_some() && self.lesson.is_none() {
            // An embedded story starts applied.
            let files = pairs(&self.files);
            self.run(Request::Apply { files });
            if self.autoplay && !self.reduced_motion {
                self.playing = true;
            }
        } else {
            self.embed_start = None;
            // At once: the record is the base that typing is kept into.
            self.save();
        }
    }

    /// A new view from the worker.
    fn show(&mut self, ctx: &Context<Self>, mut view: View) {
        if let Some(t) = view.timeline.take() {
            self.timeline = Rc::new(t);
        }
        if let Some(c) = view.console.take() {
            self.console = Rc::new(c);
        }
        if let Some(n) = view.names.take() {
            self.names = Rc::new(n);
        }
        self.seek_in_flight = false;
        if let Some(next) = self.seek_next.take() {
            self.position = next;
            self.seek_in_flight = true;
            self.send(Request::Seek { position: next });
        } else {
            self.position = view.position;
        }
        self.applied = view.applied;
        if let Some(status) = &view.lesson {
            if status.asked_now {
                self.playing = false;
                self.timer = None;
            }
            // A lesson made in the builder is not part of the course's progress.
            if let Some(l) = self.lesson.clone()
                && status.all_goals_hold()
                && !l.is_custom()
                && self.progress.done.insert(l.id.clone())
            {
                self.save_progress();
            }
        }
        self.view = Rc::new(view);
        if let Some(step) = self.pending_embed_step.take() {
            let position = self.timeline.visible_step(step);
            self.seek_to(position);
        }
        if self.playing && self.timer.is_none() && !self.seek_in_flight {
            self.schedule_tick(ctx);
        }
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let query = keep::query();
        let mut notice = None;
        let progress = match keep::load_progress() {
            Some(Ok(p)) => p,
            Some(Err(e)) => {
                notice = Some(("notice-progress-ignored", e));
                Progress::default()
            }
            None => Progress::default(),
        };
        let opens_lesson = query.lesson.clone();
        let first_visit = keep::first_visit() && !query.embed && query.shared.is_none() && query.lesson.is_none() && !query.course && query.scenario.is_none();
        let saved = keep::saved_for(&query);
        let lang = keep::start_lang(&query, saved.as_deref());
        // main.rs draws the app once the start language's words are in; a language the
        // learner switches to is fetched then (`Msg::Lang`).
        let locales = [crate::texts::get(Lang::Ko), crate::texts::get(Lang::En)];
        let default = default_scenario();
        let engine = Engine::spawn(ctx.link().callback(Msg::Engine));
        let mut app = App {
            engine,
            view: Rc::new(View::default()),
            timeline: Rc::new(Timeline::default()),
            console: Rc::new(Vec::new()),
            names: Rc::default(),
            position: 0,
            seek_in_flight: false,
            seek_next: None,
            busy: None,
            worker_memory: 0,
            checkpoint: None,
            opening: Opening::Other,
            edited_since_open: false,
            scenario: default,
            files: default_files(),
            active_file: 0,
            diagnostics: vec![Vec::new(); podlife_stories::DEFAULT_FILES.len()],
            locales,
            no_words: Localizer::from_text(lang, "", ""),
            texts_fetching: 0,
            lang,
            embed: query.embed,
            embed_start: (query.embed && opens_lesson.is_none()).then_some(query.step),
            pending_embed_step: None,
            autoplay: query.autoplay,
            playing: false,
            speed: DEFAULT_SPEED,
            tab: Tab::Console,
            show_background: false,
            notice: None,
            share_link: None,
            reduced_motion: keep::reduced_motion(),
            timer: None,
            check_timer: None,
            edit_timer: None,
            edits_undrawn: false,
            edit_frame: None,
            _pagehide: None,
            applied: false,
            editor_refs: editor::Refs::default(),
            console_refs: console::Refs::default(),
            _keys: None,
            timeline_cache: Default::default(),
            seek: ctx.link().callback(Msg::Seek),
            save_timer: None,
            crash_test: query.crash_test,
            first_painted: false,
            _first_frame: None,
            jumped: false,
            renaming: None,
            lesson: None,
            course: CourseState::NotLoaded,
            course_bundle: None,
            builder: None,
            welcome: false,
            course_open: false,
            progress,
            inspected: None,
            narrow: window_width().is_some_and(|w| w < stage::NARROW_BELOW_PX),
            _resize: None,
            compare: None,
            compare_chooser: false,
            compare_open_seq: None,
            compare_files_timer: None,
            shares: Default::default(),
            focus_next: None,
            compare_opener: "compare-open",
        };
        app._resize = web_sys::window().map(|window| {
            let link = ctx.link().clone();
            gloo_events::EventListener::new(&window, "resize", move |_| {
                if let Some(w) = window_width() {
                    link.send_message(Msg::Resize(w));
                }
            })
        });
        app._pagehide = web_sys::window().map(|window| {
            let link = ctx.link().clone();
            gloo_events::EventListener::new(&window, "pagehide", move |_| link.send_message(Msg::EditSettled))
        });
        app._keys = web_sys::window().and_then(|w| w.document()).map(|document| {
            let link = ctx.link().clone();
            let options = gloo_events::EventListenerOptions::enable_prevent_default();
            gloo_events::EventListener::new_with_options(&document, "keydown", options, move |event| {
                let Some(e) = wasm_bindgen::JsCast::dyn_ref::<web_sys::KeyboardEvent>(event) else { return };
                if let Some(msg) = arrow_step(e) {
                    e.prevent_default();
                    link.send_message(msg);
                }
            })
        });
        keep::set_document_lang(lang);
        // The first request: what the address or the autosave asks for. The editor shows the
        // default story's files meanwhile; the worker answers once it has loaded.
        // A comparison kept by the autosave opens first: its link opens its story as the
        // session, which the session's own record then replaces.
        let saved_compare = if query.embed || query.shared.is_some() || opens_lesson.is_some() { None } else { keep::load_compare() };
        if let Some(fragment) = saved_compare {
            app.compare = Some(compare::Compare::new(false, None));
            app.compare_open_seq = Some(app.send(Request::OpenShared { fragment }));
        }
        if let Some(fragment) = query.shared {
            if fragment.starts_with("s2.") {
                // A comparison's link: the compare view shows it once the worker has opened it.
                app.compare = Some(compare::Compare::new(true, Some(fragment.clone())));
            }
            let seq = app.open(Request::OpenShared { fragment }, Opening::Shared);
            if app.compare.is_some() {
                app.compare_open_seq = Some(seq);
            }
            keep::clear_fragment();
        } else if let Some(id) = opens_lesson.clone() {
            app.open_lesson(id);
        } else if let Some(saved) = saved {
            if let Some((files, active)) = keep::saved_files(&saved) {
                app.active_file = active.min(files.len() - 1);
                app.diagnostics = vec![Vec::new(); files.len()];
                app.files = files;
            }
            app.open(Request::Restore { saved }, Opening::Saved);
        } else {
            let s = query.scenario.as_deref().and_then(podlife_stories::pick).unwrap_or(default);
            app.open_scenario(s, Vec::new());
        }
        // `?course` opens the map, unless a lesson is being opened.
        if query.course && opens_lesson.is_none() && !query.embed {
            app.course_open = true;
            app.fetch_course(ctx);
        }
        if let Some((id, e)) = notice {
            app.notice = Some(app.t().text_with(id, &[("error", &e)]));
        }
        crash::remember_files(&app.files);
        app.welcome = first_visit;
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        self.handle(ctx, msg)
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            // After the frame that paints this render (a timer set in a frame callback runs
            // after that frame).
            let link = ctx.link().clone();
            self._first_frame = Some(request_animation_frame(move |_| {
                Timeout::new(0, move || link.send_message(Msg::FirstPainted)).forget();
            }));
        }
        // A tab being renamed takes the focus, its name selected.
        if self.renaming.is_some()
            && let Some(input) = self.editor_refs.rename.cast::<web_sys::HtmlInputElement>()
            && web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()).as_ref() != Some(input.as_ref())
        {
            let _ = input.focus();
            input.select();
        }
        if let Some(id) = self.focus_next.take()
            && let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id))
            && let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el)
        {
            let _ = el.focus();
        }
        if first_render && self.crash_test {
            panic!("podlife crash test (?crash-test): this page is what a learner sees when podlife fails");
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let t = self.t();
        let notice = self.notice.as_ref().map(|n| {
            html! {
                <div class="notice" role="status">
                    <span>{ n.clone() }</span>
                    <button type="button" class="quiet" onclick={link.callback(|_| Msg::DismissNotice)}>{ t.text("notice-dismiss") }</button>
                </div>
            }
        });
        let share = self.share_link.as_ref().map(|l| {
            html! {
                <div class="notice share" role="status">
                    <label for="share-link">{ t.text("share-copied") }</label>
                    <input id="share-link" readonly=true value={l.clone()} />
                    <button type="button" class="quiet" onclick={link.callback(|_| Msg::DismissNotice)}>{ t.text("notice-dismiss") }</button>
                </div>
            }
        });
        if let Some(c) = self.compare.as_ref() {
            let bar = if self.embed { self.view_compare_embed_bar(ctx, c) } else { self.view_bar(ctx) };
            return html! {
                <div class={classes!("app", "comparing", self.embed.then_some("embed"))} data-idle={self.idle().to_string()} data-worker-memory={self.worker_memory.to_string()}>
                    { bar }
                    { for notice }
                    { for share }
                    <main class="compare-main">{ compare::view(self, ctx, c) }</main>
                    { for (!self.embed).then(|| html! { <footer class="footnote">{ t.text("footer") }</footer> }) }
                </div>
            };
        }
        if self.embed && self.lesson.is_none() {
            return html! {
                <div class="app embed" data-idle={self.idle().to_string()} data-worker-memory={self.worker_memory.to_string()}>
                    { self.view_embed_bar(ctx) }
                    <main class="embed-main">
                        { stage::view(self, ctx) }
                        { what::view(self, ctx) }
                    </main>
                    { timeline::view(self, ctx) }
                </div>
            };
        }
        if self.course_open {
            return html! {
                <div class="app" data-idle={self.idle().to_string()} data-worker-memory={self.worker_memory.to_string()}>
                    { self.view_bar(ctx) }
                    { for notice }
                    { lesson::course_map(self, ctx) }
                    <footer class="footnote">{ t.text("footer") }</footer>
                </div>
            };
        }
        let lesson_panel = self.lesson.as_ref().map(|l| lesson::panel(self, ctx, l));
        let welcome = self.welcome.then(|| {
            html! {
                <section class="welcome" aria-labelledby="welcome-title">
                    <h2 id="welcome-title">{ t.text("welcome-title") }</h2>
                    <p>{ t.text("welcome-text") }</p>
                    <div class="welcome-actions">
                        <button type="button" id="welcome-course" class="primary" onclick={link.callback(|_| Msg::Welcome(true))}>{ t.text("welcome-course") }</button>
                        <button type="button" id="welcome-sandbox" onclick={link.callback(|_| Msg::Welcome(false))}>{ t.text("welcome-sandbox") }</button>
                    </div>
                </section>
            }
        });
        let bar = if self.embed { self.view_embed_bar(ctx) } else { self.view_bar(ctx) };
        html! {
            <div class={classes!("app", self.embed.then_some("embed-lesson"))} data-idle={self.idle().to_string()} data-worker-memory={self.worker_memory.to_string()}>
                { bar }
                { for notice }
                { for share }
                { for welcome }
                <main class="workspace">
                    <div class="column left">
                        { for self.compare_chooser.then(|| compare::chooser(self, ctx)) }
                        { for lesson_panel }
                        { for self.builder.as_ref().map(|b| builder::view(self, ctx, b)) }
                        { editor::view(self, ctx) }
                        if self.first_painted {
                            { console::view(self, ctx) }
                        }
                    </div>
                    <div class="column right">
                        if self.first_painted {
                            { stage::view(self, ctx) }
                            { inspector::view(self, ctx) }
                            { what::view(self, ctx) }
                            { timeline::view(self, ctx) }
                        }
                    </div>
                </main>
                { for (!self.embed).then(|| html! { <footer class="footnote">{ t.text("footer") }</footer> }) }
            </div>
        }
    }
}

impl App {
    pub fn shown(&self) -> &View {
        &self.view
    }
    pub fn names(&self) -> &Rc<podlife_protocol::Names> {
        &self.names
    }
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }
    pub fn console(&self) -> &[ConsoleEntry] {
        &self.console
    }
    /// The position shown (or on its way).
    pub fn position(&self) -> usize {
        self.position
    }
    pub fn busy(&self) -> Option<Busy> {
        self.busy
    }
    /// The engine worker has loaded.
    pub fn engine_ready(&self) -> bool {
        self.engine.ready()
    }
    /// Nothing is on its way: the engine has answered everything, no check or course fetch
    /// waits (the root's `data-idle`, which the browser tests wait for).
    pub fn idle(&self) -> bool {
        self.engine.idle() && self.check_timer.is_none() && self.edit_timer.is_none() && self.compare_files_timer.is_none() && !matches!(self.course, CourseState::Loading) && self.texts_fetching == 0
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }
    pub fn progress(&self) -> &Progress {
        &self.progress
    }
    pub fn applied(&self) -> bool {
        self.applied
    }
    pub fn course(&self) -> &CourseState {
        &self.course
    }
    pub fn inspected(&self) -> Option<&(String, String)> {
        self.inspected.as_ref()
    }
    pub fn narrow(&self) -> bool {
        self.narrow
    }
    /// Embedded in another page (`?embed=1`).
    pub fn embedded(&self) -> bool {
        self.embed
    }
    pub fn files(&self) -> &[EditorFile] {
        &self.files
    }
    pub fn active_file(&self) -> usize {
        self.active_file
    }
    pub fn diagnostics(&self) -> &[Diagnostic] {
        self.diagnostics.get(self.active_file).map(Vec::as_slice).unwrap_or_default()
    }
    pub fn file_has_problems(&self, i: usize) -> bool {
        self.diagnostics.get(i).is_some_and(|d| !d.is_empty())
    }
    pub fn playing(&self) -> bool {
        self.playing
    }
    pub fn speed(&self) -> usize {
        self.speed
    }
    pub fn tab(&self) -> Tab {
        self.tab
    }
    pub fn show_background(&self) -> bool {
        self.show_background
    }
    pub fn reduced_motion(&self) -> bool {
        self.reduced_motion
    }
    /// The moment shown was reached by a jump rather than a step.
    pub fn jumped(&self) -> bool {
        self.jumped
    }
    pub fn timeline_layout(&self) -> Rc<timeline::Layout> {
        let key = (self.timeline.version, self.show_background);
        let mut cache = self.timeline_cache.borrow_mut();
        if let Some((version, all, layout)) = cache.as_ref()
            && (*version, *all) == key
        {
            return layout.clone();
        }
        let layout = Rc::new(timeline::Layout::new(&self.timeline, self.show_background));
        *cache = Some((key.0, key.1, layout.clone()));
        layout
    }
    pub fn seek_callback(&self) -> Callback<usize> {
        self.seek.clone()
    }
    pub fn refs(&self) -> &editor::Refs {
        &self.editor_refs
    }
    pub fn console_refs(&self) -> &console::Refs {
        &self.console_refs
    }
    /// Commands the scenario suggests once applied.
    pub fn renaming(&self) -> Option<usize> {
        self.renaming
    }
    pub fn suggestions(&self) -> &'static [&'static str] {
        if self.applied { self.scenario.after_apply } else { &[] }
    }

    fn language_switch(&self, ctx: &Context<Self>) -> Html {
        let t = self.t();
        html! {
            <div class="lang-switch" role="group" aria-label={t.text("language-label")}>
                { for Lang::ALL.iter().map(|&l| {
                    let label = if l == Lang::Ko { "한국어" } else { "English" };
                    html! {
                        <button type="button" lang={l.code()} class={classes!("seg", (l == self.lang).then_some("on"))}
                            aria-pressed={(l == self.lang).to_string()} onclick={ctx.link().callback(move |_| Msg::Lang(l))}>
                            { label }
                        </button>
                    }
                }) }
            </div>
        }
    }

    fn view_bar(&self, ctx: &Context<Self>) -> Html {
        let t = self.t();
        let link = ctx.link();
        let on_scenario = link.callback(|e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            Msg::Scenario(select.value())
        });
        let intro_id = format!("scenario-{}-intro", self.scenario.id);
        let hint = if self.applied { t.text("hint-after-apply") } else { t.text("hint-before-apply") };
        html! {
            <header class="bar">
                <div class="brand">
                    <h1>{ "podlife" }</h1>
                    <span class="tagline">{ t.text("tagline") }</span>
                </div>
                <div class="scenario">
                    <label for="scenario">{ t.text("scenario-picker-label") }</label>
                    <select id="scenario" onchange={on_scenario}>
                        { for self.lesson.is_some().then(|| html! { <option value="" selected=true disabled=true>{ t.text("scenario-picker-in-lesson") }</option> }) }
                        { for podlife_stories::picks().iter().map(|s| {
                            let title = t.text(&format!("scenario-{}-title", s.id));
                            html! { <option value={s.id} selected={self.lesson.is_none() && s.id == self.scenario.id}>{ title }</option> }
                        }) }
                    </select>
                </div>
                <div class="bar-actions">
                    <button type="button" id="course" class={classes!("quiet", self.course_open.then_some("on"))} aria-pressed={self.course_open.to_string()}
                        onclick={link.callback(|_| Msg::OpenCourse)}>{ t.text("course-open") }</button>
                    { for self.lesson.is_none().then(|| html! {
                        <button type="button" id="make-lesson" class="quiet" onclick={link.callback(|_| Msg::BuilderOpen)}>{ t.text("builder-open") }</button>
                    }) }
                    { for self.compare.is_none().then(|| html! {
                        <button type="button" id="compare-open" class={classes!("quiet", self.compare_chooser.then_some("on"))} aria-pressed={self.compare_chooser.to_string()}
                            onclick={link.callback(|_| Msg::CompareChooser(true))}>{ t.text("compare-open") }</button>
                    }) }
                    <button type="button" id="share" class="quiet" onclick={link.callback(|_| Msg::Share)}>{ t.text("share") }</button>
                    <button type="button" id="reset" class="quiet" onclick={link.callback(|_| Msg::Reset)}>{ t.text("reset") }</button>
                    { self.language_switch(ctx) }
                </div>
                { if self.compare.is_some() {
                    html! {}
                } else if self.lesson.is_none() && !self.course_open {
                    html! { <p class="intro" id="intro">{ with_code(&t.text(&intro_id)) }{ " " }<strong>{ hint }</strong></p> }
                } else if self.lesson.is_some() {
                    html! { <p class="intro" id="intro"><strong>{ hint }</strong></p> }
                } else {
                    html! {}
                } }
            </header>
        }
    }

    /// An embedded comparison's bar: its title, the language switch, "open in podlife".
    fn view_compare_embed_bar(&self, ctx: &Context<Self>, c: &compare::Compare) -> Html {
        let t = self.t();
        let open = keep::page_url(&format!("lang={}", self.lang.code()), c.fragment.as_deref().unwrap_or_default());
        html! {
            <header class="bar compact">
                <div class="brand"><strong>{ "podlife" }</strong><span class="tagline">{ compare::title(self, c) }</span></div>
                <div class="bar-actions">
                    { self.language_switch(ctx) }
                    <a class="open-full" href={open} target="_blank" rel="noopener">{ t.text("embed-open") }</a>
                </div>
            </header>
        }
    }

    fn view_embed_bar(&self, ctx: &Context<Self>) -> Html {
        let t = self.t();
        let (title, open) = match &self.lesson {
            Some(l) => (l.texts.text(self.lang, "title"), keep::page_url(&format!("lesson={}&lang={}", l.id, self.lang.code()), "")),
            None => (t.text(&format!("scenario-{}-title", self.scenario.id)), keep::page_url(&format!("scenario={}&lang={}", self.scenario.id, self.lang.code()), "")),
        };
        html! {
            <header class="bar compact">
                <div class="brand"><strong>{ "podlife" }</strong><span class="tagline">{ title }</span></div>
                <div class="bar-actions">
                    { self.language_switch(ctx) }
                    <a class="open-full" href={open} target="_blank" rel="noopener">{ t.text("embed-open") }</a>
                </div>
            </header>
        }
    }
}

impl App {
    fn handle(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        // Whatever comes next sees the edits already sent and kept, in their order.
        let mut undrawn = false;
        if !matches!(msg, Msg::Edit(_) | Msg::EditSettled) {
            self.settle_edits(ctx);
            undrawn = std::mem::take(&mut self.edits_undrawn);
        }
        self.handle_msg(ctx, msg) || undrawn
    }

    fn handle_msg(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Engine(heard) => self.heard(ctx, heard),
            Msg::Edit(text) => {
                if let Some(f) = self.files.get_mut(self.active_file) {
                    f.text = text;
                }
                self.edited_since_open = true;
                // Drawn when the burst settles, never in the input event's own task: for a
                // pasted manifest the browser's editing and layout already take tens of ms
                // there. The next frame draws it at the latest, so no frame shows the old text.
                self.edits_undrawn = true;
                if self.edit_timer.is_some() {
                    return false;
                }
                let link = ctx.link().clone();
                self.edit_timer = Some(Timeout::new(0, move || link.send_message(Msg::EditSettled)));
                let link = ctx.link().clone();
                self.edit_frame = Some(request_animation_frame(move |_| link.send_message(Msg::EditSettled)));
                return false;
            }
            Msg::FirstPainted => {
                self.first_painted = true;
                self._first_frame = None;
            }
            Msg::EditSettled => {
                self.edit_frame = None;
                self.settle_edits(ctx);
                return std::mem::take(&mut self.edits_undrawn);
            }
            Msg::Check => {
                self.check_timer = None;
                if let Some(f) = self.files.get(self.active_file) {
                    let (name, text) = (f.name.clone(), f.text.clone());
                    self.send(Request::Check { name, text });
                }
            }
            Msg::SelectFile(i) => self.active_file = i.min(self.files.len().saturating_sub(1)),
            Msg::AddFile => {
                let mut n = self.files.len() + 1;
                while self.files.iter().any(|f| f.name == format!("file-{n}.yaml")) {
                    n += 1;
                }
                self.files.push(EditorFile { name: format!("file-{n}.yaml"), text: String::new() });
                self.edited_since_open = true;
                self.diagnostics.push(Vec::new());
                self.active_file = self.files.len() - 1;
                self.save();
            }
            Msg::StartRename(i) => self.renaming = (i < self.files.len()).then_some(i),
            Msg::Rename(i, name) => {
                if self.renaming != Some(i) || i >= self.files.len() {
                    return false;
                }
                self.renaming = None;
                if let Some(name) = name.map(|n| n.trim().to_string()) {
                    match file_name_problem(&name, i, &self.files) {
                        None => {
                            self.files[i].name = name;
                            self.edited_since_open = true;
                            let files = pairs(&self.files);
                            self.send(Request::Files(files));
                            self.save();
                        }
                        Some(id) => self.notice = Some(self.t().text_with(id, &[("name", &name)])),
                    }
                }
            }
            Msg::CloseFile(i) => {
                if self.files.len() > 1 && i < self.files.len() {
                    self.files.remove(i);
                    self.edited_since_open = true;
                    self.diagnostics.remove(i.min(self.diagnostics.len().saturating_sub(1)));
                    self.active_file = self.active_file.min(self.files.len() - 1);
                    self.save();
                }
            }
            Msg::Apply | Msg::Delete => {
                if self.busy.is_some() {
                    return false;
                }
                self.playing = false;
                self.timer = None;
                let files = pairs(&self.files);
                self.run(if matches!(msg, Msg::Apply) { Request::Apply { files } } else { Request::Delete { files } });
            }
            Msg::Seek(p) => {
                self.jumped = true;
                self.seek_to(p);
                self.save_soon(ctx);
            }
            Msg::Step(forward) if self.compare.is_some() => self.compare_seek(CompareTo::Step { forward }),
            Msg::Step(forward) => {
                self.playing = false;
                self.timer = None;
                self.jumped = false;
                if !self.step(forward) {
                    return false;
                }
                self.save_soon(ctx);
            }
            Msg::NextOf(component) => {
                self.playing = false;
                self.jumped = false;
                let all = self.show_background;
                let lanes = &self.timeline.lanes;
                let found = self.timeline.next_matching(self.position, true, |t| (all || !t.background) && lanes.get(t.lane as usize) == Some(&component));
                if let Some(p) = found {
                    self.seek_to(p);
                    self.save_soon(ctx);
                }
            }
            Msg::TogglePlay => {
                self.playing = !self.playing;
                if self.playing {
                    if self.timeline.next_visible(self.position, true).is_none() {
                        self.seek_to(0);
                    }
                    self.schedule_tick(ctx);
                } else {
                    self.timer = None;
                }
            }
            Msg::Tick => {
                self.timer = None;
                if !self.playing {
                    return false;
                }
                self.jumped = false;
                // The next tick is scheduled when this step's view has arrived.
                if !self.step(true) {
                    self.playing = false;
                }
                self.save_soon(ctx);
            }
            Msg::Speed(i) => {
                self.speed = i.min(SPEEDS.len() - 1);
                if self.playing {
                    self.schedule_tick(ctx);
                }
            }
            Msg::Lang(lang) => {
                if self.locales[crate::texts::slot(lang)].is_some() {
                    self.show_lang(lang);
                } else {
                    self.fetch_texts(ctx, lang, true);
                }
            }
            Msg::Texts(lang, Ok(words), show) => {
                self.texts_fetching = self.texts_fetching.saturating_sub(1);
                self.locales[crate::texts::slot(lang)] = Some(words);
                if show {
                    self.show_lang(lang);
                }
            }
            Msg::Texts(_, Err(e), _) => {
                self.texts_fetching = self.texts_fetching.saturating_sub(1);
                self.notice = Some(self.t().text_with("notice-texts-failed", &[("error", &e)]));
            }
            Msg::Scenario(id) => {
                self.leave_compare();
                if let Some(s) = podlife_stories::pick(&id) {
                    self.open_scenario(s, Vec::new());
                }
            }
            Msg::Command(line) => {
                if line.trim().is_empty() || self.busy.is_some() {
                    return false;
                }
                self.playing = false;
                self.timer = None;
                self.run(Request::Command { line });
            }
            Msg::Tab(tab) => {
                self.tab = tab;
                self.send_wants();
            }
            Msg::Share if self.compare.is_some() => return self.handle_msg(ctx, Msg::CompareShare),
            Msg::Share => {
                let files = pairs(&self.files);
                self.shares.push_back(ShareFor::Session);
                self.send(Request::Share { files });
            }
            Msg::ToggleBackground => {
                self.show_background = !self.show_background;
                self.send_wants();
            }
            Msg::Reset => {
                self.leave_compare();
                match self.lesson.clone() {
                    Some(l) => self.open_lesson(l.id.clone()),
                    None => {
                        let s = self.scenario;
                        self.open_scenario(s, Vec::new());
                    }
                }
            }
            Msg::OpenCourse => {
                self.leave_compare();
                self.playing = false;
                self.timer = None;
                self.course_open = true;
                if !matches!(self.course, CourseState::Ready(_)) {
                    self.fetch_course(ctx);
                }
            }
            Msg::CourseFetched(Ok(bundle)) => {
                let bundle = Rc::new(bundle);
                self.course_bundle = Some(bundle.clone());
                // Ready once the worker has read it (its answer carries the map).
                self.send(Request::Course { bundle: (*bundle).clone() });
            }
            Msg::CourseFetched(Err(e)) => {
                self.notice = Some(self.t().text_with("notice-course-failed", &[("error", &e)]));
                self.course = CourseState::Failed(e);
            }
            Msg::CloseCourse => {
                self.course_open = false;
                if self.lesson.is_some() {
                    let s = self.scenario;
                    self.open_scenario(s, Vec::new());
                }
            }
            Msg::OpenLesson(id) => {
                self.leave_compare();
                self.open_lesson(id);
            }
            Msg::NextLesson => {
                let next = match (&self.course, &self.lesson) {
                    (CourseState::Ready(c), Some(l)) => c.next_after(&l.id).map(|n| n.id.clone()),
                    _ => None,
                };
                match next {
                    Some(id) => self.open_lesson(id),
                    None => self.course_open = true,
                }
            }
            Msg::Inspect(pod) => {
                self.inspected = pod;
                self.send_wants();
            }
            Msg::BuilderOpen => {
                self.fetch_missing_texts(ctx);
                self.leave_compare();
                self.course_open = false;
                self.builder = Some(builder::Builder::default());
                self.send_wants();
            }
            Msg::BuilderClose => {
                self.builder = None;
                self.send_wants();
            }
            Msg::BuilderTitle(v) => {
                if let Some(b) = self.builder.as_mut() {
                    b.title = v;
                }
                return false;
            }
            Msg::BuilderIntro(v) => {
                if let Some(b) = self.builder.as_mut() {
                    b.intro = v;
                }
                return false;
            }
            Msg::BuilderToggle(id) => {
                if let Some(b) = self.builder.as_mut()
                    && !b.picked.remove(&id)
                {
                    b.picked.insert(id);
                }
            }
            Msg::BuilderCreate => {
                self.fetch_missing_texts(ctx);
                self.create_lesson();
            }
            Msg::Welcome(course) => {
                self.welcome = false;
                keep::set_welcomed();
                if course {
                    self.course_open = true;
                    self.fetch_course(ctx);
                }
            }
            Msg::Resize(width) => {
                let narrow = width < stage::NARROW_BELOW_PX;
                if narrow == self.narrow {
                    return false;
                }
                self.narrow = narrow;
            }
            Msg::Hint => {
                self.send(Request::Hint);
            }
            Msg::Pick(index, choice) => {
                let Some(l) = self.lesson.clone() else { return false };
                let Some(q) = l.questions.get(index) else { return false };
                let key = format!("{}/{}", l.id, q.id);
                let right = choice == q.answer;
                self.progress.answers.entry(key).or_insert(Prediction { choice: choice.clone(), right });
                self.save_progress();
                self.send(Request::Pick { index, choice });
            }
            Msg::Save => {
                self.save();
                if self.compare.as_ref().is_some_and(|c| c.ready) && !self.embed {
                    // The comparison's link, kept so that a reload reopens it.
                    self.shares.push_back(ShareFor::CompareAutosave);
                    self.send(Request::CompareShare);
                }
                return false;
            }
            Msg::Cancel => {
                if self.busy.is_some() {
                    self.restart_engine();
                    self.notice = Some(self.t().text("notice-run-cancelled"));
                }
            }
            Msg::DismissNotice => {
                self.notice = None;
                self.share_link = None;
            }
            Msg::CompareChooser(open) => {
                self.compare_chooser = open;
                if open {
                    self.course_open = false;
                }
            }
            Msg::CompareOpen(id) => {
                if self.busy.is_some() {
                    return false;
                }
                self.compare_chooser = false;
                self.playing = false;
                self.timer = None;
                let from = match id {
                    Some(id) => CompareFrom::Builtin { id },
                    None => CompareFrom::Variant { files: pairs(&self.files) },
                };
                self.compare = Some(compare::Compare::new(false, None));
                self.compare_opener = "compare-open";
                let seq = self.send(Request::CompareOpen { from });
                self.compare_open_seq = Some(seq);
                self.busy = Some(Busy { seq, reactions: 0, at_ms: 0 });
                // To the top: the view replaces the workspace.
                if let Some(w) = web_sys::window() {
                    w.scroll_to_with_x_and_y(0.0, 0.0);
                }
            }
            Msg::LessonCompare(id) => {
                if self.busy.is_some() {
                    return false;
                }
                <Self as Component>::update(self, ctx, Msg::CompareOpen(Some(id)));
                self.compare_opener = "lesson-compare";
            }
            Msg::CompareEdit(v, text) => {
                let Some(c) = self.compare.as_mut() else { return false };
                let i = compare::index(v);
                let active = c.active[i];
                if let Some(f) = c.files[i].get_mut(active) {
                    f.text = text;
                }
                c.dirty[i] = true;
                let link = ctx.link().clone();
                self.compare_files_timer = Some(Timeout::new(300, move || link.send_message(Msg::CompareFilesSettled)));
            }
            Msg::CompareFile(v, i) => {
                let Some(c) = self.compare.as_mut() else { return false };
                let side = compare::index(v);
                c.active[side] = i.min(c.files[side].len().saturating_sub(1));
            }
            Msg::CompareFilesSettled => self.settle_compare_files(),
            Msg::CompareApply => {
                self.settle_compare_files();
                let Some(c) = self.compare.as_ref().filter(|c| c.ready) else { return false };
                if self.busy.is_some() {
                    return false;
                }
                let (a, b) = (c.apply_files(Variant::A), c.apply_files(Variant::B));
                let seq = self.send(Request::CompareApply { a, b });
                self.busy = Some(Busy { seq, reactions: 0, at_ms: 0 });
            }
            Msg::CompareCommand(line) => {
                self.settle_compare_files();
                if line.trim().is_empty() || self.busy.is_some() || !self.compare.as_ref().is_some_and(|c| c.ready) {
                    return false;
                }
                let seq = self.send(Request::CompareCommand { line });
                self.busy = Some(Busy { seq, reactions: 0, at_ms: 0 });
            }
            Msg::CompareSeek(to) => self.compare_seek(to),
            Msg::CompareShare => {
                self.settle_compare_files();
                if !self.compare.as_ref().is_some_and(|c| c.ready) {
                    return false;
                }
                self.shares.push_back(ShareFor::Comparison);
                self.send(Request::CompareShare);
            }
            Msg::CompareClose => {
                let from_link = self.compare.as_ref().is_some_and(|c| c.from_link);
                let files_a: Vec<EditorFile> = self.compare.as_ref().map(|c| c.files[0].clone()).unwrap_or_default();
                self.leave_compare();
                self.share_link = None;
                self.focus_next = Some(std::mem::replace(&mut self.compare_opener, "compare-open"));
                if from_link {
                    // The worker's session is the link's story with A's files: the page's
                    // sandbox opens its own story with them, so the two agree.
                    let s = self.scenario;
                    let files = if files_a.iter().any(|f| !f.text.is_empty()) { files_a } else { Vec::new() };
                    self.open_scenario(s, files);
                }
            }
        }
        true
    }
}

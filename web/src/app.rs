//! The page: scenario and language bar, editor, cluster stage, "what just happened", timeline,
//! and the console with events and pods. All state lives here; the views are functions of it.

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use podlife_console::Diagnostic;
use podlife_lessons::{Course, Lesson, Scenario};
use podlife_player::i18n::{Lang, Localizer};
use podlife_player::keep::{EditorFile, Saved, Shared, encode_share};
use podlife_player::lesson::{Answer, LessonState, Progress};
use podlife_player::{Input, Player};
use yew::prelude::*;

use crate::{builder, console, crash, editor, inspector, keep, lesson, stage, timeline, what};

/// The seed of the simulation's RNG: every visit replays the same run.
const SEED: u64 = 1;

/// Playback speeds (× real time of one step per `STEP_MS`).
pub const SPEEDS: [f64; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];
const DEFAULT_SPEED: usize = 2;

/// How long one step shows at 1×.
const STEP_MS: f64 = 900.0;

/// How long an Apply in a lesson runs at least (the console's `sleep` goes further).
const LESSON_APPLY_MS: u64 = 30_000;

/// The editor's live check waits this long after the last keystroke.
const CHECK_DELAY_MS: u32 = 350;

/// The lower panel's tabs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Console,
    Events,
    Pods,
}

pub enum Msg {
    Edit(String),
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
    CourseLoaded(Result<String, String>),
    /// The lesson builder.
    BuilderOpen,
    BuilderClose,
    BuilderTitle(String),
    BuilderIntro(String),
    BuilderToggle(String),
    BuilderCreate,
    /// The first-visit choice: the course (true) or the sandbox.
    Welcome(bool),
}

/// The lesson being played and where the learner stands in it.
pub struct ActiveLesson {
    pub lesson: Rc<Lesson>,
    pub state: LessonState,
}

/// The course, fetched (`course.json`) the first time a learner opens it.
pub enum CourseState {
    NotLoaded,
    Loading,
    Ready(Rc<Course>),
    /// Why it could not be loaded (shown on the course map).
    Failed(String),
}

/// What to do once the course is there.
enum AfterCourse {
    OpenMap,
    /// A lesson, with the editor's files (empty: the lesson's own).
    OpenLesson { id: String, files: Vec<EditorFile> },
    /// The autosaved lesson.
    Restore(Saved),
}

pub struct App {
    player: Player,
    scenario: &'static Scenario,
    files: Vec<EditorFile>,
    active_file: usize,
    /// Diagnostics per file index (from the live check, then from Apply).
    diagnostics: Vec<Vec<Diagnostic>>,
    locales: [Rc<Localizer>; 2],
    lang: Lang,
    embed: bool,
    playing: bool,
    speed: usize,
    tab: Tab,
    show_background: bool,
    notice: Option<String>,
    share_link: Option<String>,
    reduced_motion: bool,
    timer: Option<Timeout>,
    check_timer: Option<Timeout>,
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
    /// The file whose name is being edited.
    renaming: Option<usize>,
    /// The lesson being played (None in the sandbox).
    lesson: Option<ActiveLesson>,
    course: CourseState,
    /// The files of the lesson being played when it was made in the builder (a share link
    /// carries them again).
    custom_files: Vec<(String, String)>,
    builder: Option<builder::Builder>,
    /// A first visit: the page offers the course or the sandbox.
    welcome: bool,
    /// What waits for the course.
    after_course: Option<AfterCourse>,
    /// The course map is shown instead of the workspace.
    course_open: bool,
    progress: Progress,
    /// The pod in the inspector.
    inspected: Option<(String, String)>,
    /// The page is narrow (a phone): the stage draws everything stacked.
    narrow: bool,
    _resize: Option<gloo_events::EventListener>,
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

fn scenario_files(s: &Scenario) -> Vec<EditorFile> {
    s.files.iter().map(|f| EditorFile { name: f.name.to_string(), text: f.text.to_string() }).collect()
}

fn pairs(files: &[EditorFile]) -> Vec<(String, String)> {
    files.iter().map(|f| (f.name.clone(), f.text.clone())).collect()
}

impl App {
    pub fn t(&self) -> &Localizer {
        &self.locales[if self.lang == Lang::Ko { 0 } else { 1 }]
    }

    /// A fresh player for a scenario: its setup script run, the cursor at the end.
    fn start(scenario: &Scenario) -> Player {
        let mut player = Player::new(SEED);
        if !scenario.setup.trim().is_empty() {
            let _ = player.run_script(scenario.setup);
        }
        player.set_files(&pairs(&scenario_files(scenario)));
        player
    }

    /// How long an Apply runs at least: the scenario's story, or a lesson's default.
    fn horizon_ms(&self) -> u64 {
        if self.lesson.is_some() { LESSON_APPLY_MS } else { self.scenario.horizon_seconds as u64 * 1000 }
    }

    /// A fresh player for a lesson: its seed, its setup run, its files as the editor's.
    fn start_lesson(lesson: &Lesson) -> Player {
        let mut player = Player::new(lesson.seed);
        if !lesson.setup.trim().is_empty() {
            let _ = player.run_script(&lesson.setup);
        }
        player.set_files(&lesson.files);
        player
    }

    fn load_lesson(&mut self, lesson: Rc<Lesson>, files: Vec<EditorFile>) {
        if lesson.sequence != "custom" {
            self.custom_files.clear();
        }
        self.builder = None;
        self.player = App::start_lesson(&lesson);
        self.files = if files.is_empty() { lesson.files.iter().map(|(name, text)| EditorFile { name: name.clone(), text: text.clone() }).collect() } else { files };
        self.player.set_files(&pairs(&self.files));
        self.active_file = 0;
        self.diagnostics = vec![Vec::new(); self.files.len()];
        self.applied = false;
        self.playing = false;
        self.timer = None;
        self.course_open = false;
        self.lesson = Some(ActiveLesson { state: LessonState::new(&lesson), lesson });
        self.observe_lesson();
    }

    /// The builder's "check and make a link": the lesson is written as a built-in one is, read
    /// back, and played by the same verifier before its link is made.
    fn create_lesson(&mut self) {
        let Some(b) = self.builder.clone() else { return };
        let suggestions = podlife_player::builder::suggestions(&self.player);
        let word = |loc: &Localizer, s: &podlife_player::builder::Suggestion| {
            let args: Vec<(&str, &str)> = s.args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            loc.text_with(s.message, &args)
        };
        let goals: Vec<_> = suggestions.into_iter().filter(|s| b.picked.contains(&s.id)).map(|s| {
            let (en, ko) = (word(&self.locales[1], &s), word(&self.locales[0], &s));
            (s, en, ko)
        }).collect();
        let mut problems = Vec::new();
        if b.title.trim().is_empty() {
            problems.push(self.t().text("builder-needs-title"));
        }
        if goals.is_empty() {
            problems.push(self.t().text("builder-needs-goal"));
        }
        let (setup, solution) = podlife_player::builder::solution_of(&self.player, self.player.log());
        let intro = if b.intro.trim().is_empty() { b.title.clone() } else { b.intro.clone() };
        let draft = podlife_player::builder::Draft { title: b.title.clone(), intro, files: pairs(&self.files), setup, solution, goals };
        let files = podlife_player::builder::lesson_files(&draft);
        let mut link = None;
        if problems.is_empty() {
            match podlife_player::builder::load(&files) {
                Err(e) => problems.push(e.to_string()),
                Ok(lesson) => {
                    problems.extend(podlife_lessons::run::verify(&lesson));
                    if problems.is_empty() {
                        let shared = Shared { scenario: self.scenario.id.to_string(), lesson: None, custom: files, files: self.files.clone() };
                        match encode_share(&shared) {
                            Ok(fragment) => {
                                let url = keep::page_url(&format!("lang={}", self.lang.code()), &fragment);
                                keep::copy(&url);
                                link = Some(url);
                            }
                            Err(e) => problems.push(e),
                        }
                    }
                }
            }
        }
        if let Some(builder) = self.builder.as_mut() {
            builder.problems = problems;
            builder.link = link;
        }
    }

    /// Does `after` now if the course is loaded, else once it is (fetching it if needed).
    fn with_course(&mut self, ctx: &Context<Self>, after: AfterCourse) {
        match &self.course {
            CourseState::Ready(course) => {
                let course = course.clone();
                self.after_course_loaded(&course, after);
            }
            CourseState::Loading => self.after_course = Some(after),
            CourseState::NotLoaded | CourseState::Failed(_) => {
                self.after_course = Some(after);
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
                    link.send_message(Msg::CourseLoaded(text.await));
                });
            }
        }
    }

    fn after_course_loaded(&mut self, course: &Rc<Course>, after: AfterCourse) {
        let find = |id: &str| course.lesson(id).map(|l| Rc::new(l.clone()));
        match after {
            AfterCourse::OpenMap => self.course_open = true,
            AfterCourse::OpenLesson { id, files } => match find(&id) {
                Some(l) => self.load_lesson(l, files),
                None => self.notice = Some(self.t().text_with("notice-no-lesson", &[("id", &id)])),
            },
            AfterCourse::Restore(saved) => {
                let Some(l) = saved.lesson.as_deref().and_then(find) else { return };
                self.player = Player::replay(l.seed, &saved.log);
                self.player.seek(saved.position);
                self.files = if saved.files.is_empty() { l.files.iter().map(|(name, text)| EditorFile { name: name.clone(), text: text.clone() }).collect() } else { saved.files };
                if self.files.is_empty() {
                    self.files = vec![EditorFile { name: "pod.yaml".into(), text: String::new() }];
                }
                self.active_file = saved.active_file.min(self.files.len() - 1);
                self.diagnostics = vec![Vec::new(); self.files.len()];
                self.applied = saved.log.iter().any(|e| matches!(e.input, Input::Apply { .. }));
                self.player.set_files(&pairs(&self.files));
                self.lesson = Some(ActiveLesson { state: LessonState::new(&l), lesson: l });
                self.course_open = false;
            }
        }
    }

    /// Checks the lesson's goals at the moment shown; a question whose moment came pauses
    /// playback; a lesson whose goals all hold is marked done.
    fn observe_lesson(&mut self) {
        let Some(active) = self.lesson.as_mut() else { return };
        if active.state.observe(&active.lesson, &self.player).is_some() {
            self.playing = false;
            self.timer = None;
        }
        // A lesson made in the builder is not part of the course's progress.
        if active.state.all_goals_hold() && active.lesson.sequence != "custom" && self.progress.done.insert(active.lesson.id.clone()) {
            self.save_progress();
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

    fn save(&mut self) {
        if self.embed {
            return;
        }
        let saved = Saved {
            scenario: self.scenario.id.to_string(),
            lesson: self.lesson.as_ref().filter(|a| a.lesson.sequence != "custom").map(|a| a.lesson.id.clone()),
            files: self.files.clone(),
            active_file: self.active_file,
            log: self.player.log().to_vec(),
            position: self.player.position(),
            lang: Some(self.lang.code().to_string()),
        };
        if let Err(e) = keep::save(&saved) {
            self.notice = Some(self.t().text_with("notice-save-failed", &[("error", &e)]));
        }
        crash::remember_files(&self.files);
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

    fn step(&mut self, forward: bool) -> bool {
        let from = self.player.position();
        let next = if self.show_background {
            if forward { (from < self.player.reactions().len()).then_some(from + 1) } else { from.checked_sub(1) }
        } else {
            self.player.next_visible(from, forward)
        };
        match next {
            Some(p) => {
                self.player.seek(p);
                true
            }
            None => false,
        }
    }

    fn load_scenario(&mut self, scenario: &'static Scenario, files: Vec<EditorFile>) {
        self.scenario = scenario;
        self.lesson = None;
        self.custom_files.clear();
        self.course_open = false;
        self.player = App::start(scenario);
        // A link without files opens the scenario's own.
        self.files = if files.is_empty() { scenario_files(scenario) } else { files };
        self.active_file = 0;
        self.diagnostics = vec![Vec::new(); self.files.len()];
        self.applied = false;
        self.playing = false;
        self.timer = None;
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let query = keep::query();
        let languages = keep::browser_languages();
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
        let saved = if query.embed || query.shared.is_some() || opens_lesson.is_some() { None } else { keep::load() };
        let saved = match saved {
            Some(Ok(s)) => Some(s),
            Some(Err(e)) => {
                notice = Some(("notice-saved-ignored", e));
                keep::forget();
                None
            }
            None => None,
        };
        let lang = query
            .lang
            .or_else(|| saved.as_ref().and_then(|s| s.lang.as_deref()).and_then(Lang::from_tag))
            .unwrap_or_else(|| Lang::negotiate(languages.iter().map(String::as_str)));
        let locales = [Rc::new(Localizer::new(Lang::Ko)), Rc::new(Localizer::new(Lang::En))];
        let default = podlife_lessons::by_id(podlife_lessons::DEFAULT_ID).unwrap_or(&podlife_lessons::all()[0]);
        let mut app = App {
            player: App::start(default),
            scenario: default,
            files: scenario_files(default),
            active_file: 0,
            diagnostics: vec![Vec::new(); default.files.len()],
            locales,
            lang,
            embed: query.embed,
            playing: false,
            speed: DEFAULT_SPEED,
            tab: Tab::Console,
            show_background: false,
            notice: None,
            share_link: None,
            reduced_motion: keep::reduced_motion(),
            timer: None,
            check_timer: None,
            applied: false,
            editor_refs: editor::Refs::default(),
            console_refs: console::Refs::default(),
            _keys: None,
            timeline_cache: Default::default(),
            seek: ctx.link().callback(Msg::Seek),
            save_timer: None,
            crash_test: query.crash_test,
            renaming: None,
            lesson: None,
            course: CourseState::NotLoaded,
            custom_files: Vec::new(),
            builder: None,
            welcome: false,
            after_course: None,
            course_open: false,
            progress,
            inspected: None,
            narrow: window_width().is_some_and(|w| w < stage::NARROW_BELOW_PX),
            _resize: None,
        };
        app._resize = web_sys::window().map(|window| {
            let link = ctx.link().clone();
            gloo_events::EventListener::new(&window, "resize", move |_| {
                if let Some(w) = window_width() {
                    link.send_message(Msg::Resize(w));
                }
            })
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
        match (query.shared, saved) {
            (Some(Ok(shared)), _) => {
                let scenario = podlife_lessons::by_id(&shared.scenario).unwrap_or(default);
                app.load_scenario(scenario, shared.files.clone());
                if !shared.custom.is_empty() {
                    match podlife_player::builder::load(&shared.custom) {
                        Ok(l) => {
                            app.custom_files = shared.custom.clone();
                            app.load_lesson(Rc::new(l), shared.files.clone());
                        }
                        Err(e) => app.notice = Some(app.t().text_with("notice-share-broken", &[("error", &e.to_string())])),
                    }
                } else if let Some(id) = shared.lesson {
                    app.with_course(ctx, AfterCourse::OpenLesson { id, files: shared.files });
                }
                app.notice = Some(app.t().text("notice-shared-opened"));
                keep::clear_fragment();
            }
            (Some(Err(e)), _) => {
                app.notice = Some(app.t().text_with("notice-share-broken", &[("error", &e)]));
                keep::clear_fragment();
            }
            (None, Some(saved)) if saved.lesson.is_some() => {
                // The lesson's data comes with the course: restored once it is here.
                app.with_course(ctx, AfterCourse::Restore(saved));
            }
            (None, Some(saved)) => {
                let scenario = podlife_lessons::by_id(&saved.scenario).unwrap_or(default);
                app.scenario = scenario;
                app.player = Player::replay(SEED, &saved.log);
                app.player.seek(saved.position);
                app.files = if saved.files.is_empty() { scenario_files(scenario) } else { saved.files };
                if app.files.is_empty() {
                    app.files = vec![EditorFile { name: "pod.yaml".into(), text: String::new() }];
                }
                app.active_file = saved.active_file.min(app.files.len() - 1);
                app.diagnostics = vec![Vec::new(); app.files.len()];
                app.applied = saved.log.iter().any(|l| matches!(l.input, Input::Apply { .. }));
            }
            (None, None) => {
                if let Some(id) = opens_lesson.clone() {
                    app.with_course(ctx, AfterCourse::OpenLesson { id, files: Vec::new() });
                } else if let Some(s) = query.scenario.as_deref().and_then(podlife_lessons::by_id) {
                    app.load_scenario(s, scenario_files(s));
                }
            }
        }
        // `?course` opens the map, unless a saved or shared lesson is being restored.
        if query.course && opens_lesson.is_none() && !query.embed && app.after_course.is_none() && app.lesson.is_none() {
            app.with_course(ctx, AfterCourse::OpenMap);
        }
        if let Some((id, e)) = notice {
            app.notice = Some(app.t().text_with(id, &[("error", &e)]));
        }
        if query.embed && opens_lesson.is_none() {
            // An embedded scenario starts applied, at the requested step.
            let files = pairs(&app.files);
            app.player.apply(&files, app.horizon_ms());
            app.applied = true;
            if let Some(step) = query.step {
                // `step` counts the steps the timeline shows (routine work left out).
                let position = app.player.visible_step(step);
                app.player.seek(position);
            }
            if query.autoplay && !app.reduced_motion {
                app.playing = true;
                app.schedule_tick(ctx);
            }
        }
        app.player.set_files(&pairs(&app.files));
        crash::remember_files(&app.files);
        app.observe_lesson();
        app.welcome = first_visit;
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let render = self.handle(ctx, msg);
        self.observe_lesson();
        render
    }

    fn rendered(&mut self, _ctx: &Context<Self>, first_render: bool) {
        // A tab being renamed takes the focus, its name selected.
        if self.renaming.is_some()
            && let Some(input) = self.editor_refs.rename.cast::<web_sys::HtmlInputElement>()
            && web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()).as_ref() != Some(input.as_ref())
        {
            let _ = input.focus();
            input.select();
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
        if self.embed && self.lesson.is_none() {
            return html! {
                <div class="app embed">
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
                <div class="app">
                    { self.view_bar(ctx) }
                    { for notice }
                    { lesson::course_map(self, ctx) }
                    <footer class="footnote">{ t.text("footer") }</footer>
                </div>
            };
        }
        let lesson_panel = self.lesson.as_ref().map(|a| lesson::panel(self, ctx, &a.lesson, &a.state));
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
            <div class={classes!("app", self.embed.then_some("embed-lesson"))}>
                { bar }
                { for notice }
                { for share }
                { for welcome }
                <main class="workspace">
                    <div class="column left">
                        { for lesson_panel }
                        { for self.builder.as_ref().map(|b| builder::view(self, ctx, b)) }
                        { editor::view(self, ctx) }
                        { console::view(self, ctx) }
                    </div>
                    <div class="column right">
                        { stage::view(self, ctx) }
                        { inspector::view(self, ctx) }
                        { what::view(self, ctx) }
                        { timeline::view(self, ctx) }
                    </div>
                </main>
                { for (!self.embed).then(|| html! { <footer class="footnote">{ t.text("footer") }</footer> }) }
            </div>
        }
    }
}

impl App {
    pub fn player(&self) -> &Player {
        &self.player
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
    pub fn timeline_layout(&self) -> Rc<timeline::Layout> {
        let key = (self.player.timeline_version(), self.show_background);
        let mut cache = self.timeline_cache.borrow_mut();
        if let Some((version, all, layout)) = cache.as_ref()
            && (*version, *all) == key
        {
            return layout.clone();
        }
        let layout = Rc::new(timeline::Layout::new(self.player.reactions(), self.player.trace(), self.show_background));
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
                        { for podlife_lessons::all().iter().map(|s| {
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
                    <button type="button" id="share" class="quiet" onclick={link.callback(|_| Msg::Share)}>{ t.text("share") }</button>
                    <button type="button" id="reset" class="quiet" onclick={link.callback(|_| Msg::Reset)}>{ t.text("reset") }</button>
                    { self.language_switch(ctx) }
                </div>
                { if self.lesson.is_none() && !self.course_open {
                    html! { <p class="intro" id="intro">{ with_code(&t.text(&intro_id)) }{ " " }<strong>{ hint }</strong></p> }
                } else if self.lesson.is_some() {
                    html! { <p class="intro" id="intro"><strong>{ hint }</strong></p> }
                } else {
                    html! {}
                } }
            </header>
        }
    }

    fn view_embed_bar(&self, ctx: &Context<Self>) -> Html {
        let t = self.t();
        let (title, open) = match &self.lesson {
            Some(a) => (a.lesson.texts.text(lesson::lang_of(self.lang), "title"), keep::page_url(&format!("lesson={}&lang={}", a.lesson.id, self.lang.code()), "")),
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
        match msg {
            Msg::Edit(text) => {
                if let Some(f) = self.files.get_mut(self.active_file) {
                    f.text = text;
                }
                self.player.set_files(&pairs(&self.files));
                let link = ctx.link().clone();
                self.check_timer = Some(Timeout::new(CHECK_DELAY_MS, move || link.send_message(Msg::Check)));
                self.save();
            }
            Msg::Check => {
                if let Some(f) = self.files.get(self.active_file) {
                    let d = self.player.check(&f.name, &f.text);
                    self.diagnostics.resize(self.files.len(), Vec::new());
                    self.diagnostics[self.active_file] = d;
                }
            }
            Msg::SelectFile(i) => self.active_file = i.min(self.files.len().saturating_sub(1)),
            Msg::AddFile => {
                let mut n = self.files.len() + 1;
                while self.files.iter().any(|f| f.name == format!("file-{n}.yaml")) {
                    n += 1;
                }
                self.files.push(EditorFile { name: format!("file-{n}.yaml"), text: String::new() });
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
                            self.player.set_files(&pairs(&self.files));
                            self.save();
                        }
                        Some(id) => self.notice = Some(self.t().text_with(id, &[("name", &name)])),
                    }
                }
            }
            Msg::CloseFile(i) => {
                if self.files.len() > 1 && i < self.files.len() {
                    self.files.remove(i);
                    self.diagnostics.remove(i.min(self.diagnostics.len().saturating_sub(1)));
                    self.active_file = self.active_file.min(self.files.len() - 1);
                    self.save();
                }
            }
            Msg::Apply | Msg::Delete => {
                let files = pairs(&self.files);
                let apply = matches!(msg, Msg::Apply);
                let results = if apply { self.player.apply(&files, self.horizon_ms()) } else { self.player.delete(&files, 0) };
                self.diagnostics = self.files.iter().map(|f| results.iter().find(|r| r.name == f.name).map(|r| r.diagnostics.clone()).unwrap_or_default()).collect();
                if let Some(i) = self.diagnostics.iter().position(|d| !d.is_empty()) {
                    self.active_file = i;
                }
                self.applied |= apply;
                // Show the first reaction the input caused.
                self.step(true);
                self.tab = if results.iter().any(|r| r.failed) { Tab::Console } else { self.tab };
                self.save();
            }
            Msg::Seek(p) => {
                self.player.seek(p);
                self.save_soon(ctx);
            }
            Msg::Step(forward) => {
                self.playing = false;
                self.timer = None;
                if !self.step(forward) {
                    return false;
                }
                self.save_soon(ctx);
            }
            Msg::NextOf(component) => {
                self.playing = false;
                let from = self.player.position();
                let found = self.player.next_matching(from, true, |r| (self.show_background || !r.background) && what::lane_of(r, self.player.trace()) == component);
                if let Some(p) = found {
                    self.player.seek(p);
                    self.save();
                }
            }
            Msg::TogglePlay => {
                self.playing = !self.playing;
                if self.playing {
                    if self.player.at_end() || self.player.next_visible(self.player.position(), true).is_none() {
                        self.player.seek(0);
                    }
                    self.schedule_tick(ctx);
                } else {
                    self.timer = None;
                }
            }
            Msg::Tick => {
                if !self.playing {
                    return false;
                }
                if self.step(true) {
                    self.schedule_tick(ctx);
                } else {
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
                self.lang = lang;
                keep::set_document_lang(lang);
                self.save();
            }
            Msg::Scenario(id) => {
                if let Some(s) = podlife_lessons::by_id(&id) {
                    self.load_scenario(s, scenario_files(s));
                    self.save();
                }
            }
            Msg::Command(line) => {
                if line.trim().is_empty() {
                    return false;
                }
                self.playing = false;
                let entry = self.player.command(&line);
                if !entry.scratch {
                    self.step(true);
                }
                self.save();
            }
            Msg::Tab(tab) => self.tab = tab,
            Msg::Share => {
                let shared = Shared { scenario: self.scenario.id.to_string(), lesson: self.lesson.as_ref().map(|a| a.lesson.id.clone()), custom: self.custom_files.clone(), files: self.files.clone() };
                match encode_share(&shared) {
                    Ok(fragment) => {
                        let query = format!("lang={}", self.lang.code());
                        let link = keep::page_url(&query, &fragment);
                        keep::copy(&link);
                        self.share_link = Some(link);
                    }
                    Err(e) => self.notice = Some(self.t().text_with("notice-share-too-large", &[("error", &e)])),
                }
            }
            Msg::ToggleBackground => self.show_background = !self.show_background,
            Msg::Reset => {
                match self.lesson.as_ref().map(|a| a.lesson.clone()) {
                    Some(l) => self.load_lesson(l, Vec::new()),
                    None => {
                        let s = self.scenario;
                        self.load_scenario(s, scenario_files(s));
                    }
                }
                self.save();
            }
            Msg::OpenCourse => {
                self.playing = false;
                self.timer = None;
                self.course_open = true;
                self.with_course(ctx, AfterCourse::OpenMap);
            }
            Msg::CourseLoaded(result) => {
                let loaded = result.and_then(|json| Course::from_bundle(&json).map_err(|e| e.to_string()));
                match loaded {
                    Ok(course) => {
                        let course = Rc::new(course);
                        self.course = CourseState::Ready(course.clone());
                        if let Some(after) = self.after_course.take() {
                            self.after_course_loaded(&course, after);
                        }
                    }
                    Err(e) => {
                        self.after_course = None;
                        self.notice = Some(self.t().text_with("notice-course-failed", &[("error", &e)]));
                        self.course = CourseState::Failed(e);
                    }
                }
            }
            Msg::CloseCourse => {
                self.course_open = false;
                if self.lesson.is_some() {
                    let s = self.scenario;
                    self.load_scenario(s, scenario_files(s));
                    self.save();
                }
            }
            Msg::OpenLesson(id) => {
                self.with_course(ctx, AfterCourse::OpenLesson { id, files: Vec::new() });
                self.save();
            }
            Msg::NextLesson => {
                let next = match (&self.course, &self.lesson) {
                    (CourseState::Ready(c), Some(a)) => c.next_after(&a.lesson.id).map(|l| Rc::new(l.clone())),
                    _ => None,
                };
                match next {
                    Some(l) => self.load_lesson(l, Vec::new()),
                    None => self.course_open = true,
                }
                self.save();
            }
            Msg::Inspect(pod) => self.inspected = pod,
            Msg::BuilderOpen => {
                self.course_open = false;
                self.builder = Some(builder::Builder::default());
            }
            Msg::BuilderClose => self.builder = None,
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
            Msg::BuilderCreate => self.create_lesson(),
            Msg::Welcome(course) => {
                self.welcome = false;
                keep::set_welcomed();
                if course {
                    self.course_open = true;
                    self.with_course(ctx, AfterCourse::OpenMap);
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
                if let Some(a) = self.lesson.as_mut() {
                    a.state.show_next_hint(&a.lesson);
                }
            }
            Msg::Pick(question, choice) => {
                let Some(a) = self.lesson.as_mut() else { return false };
                let Some(q) = a.lesson.questions.get(question) else { return false };
                a.state.pick(question, &choice);
                let key = format!("{}/{}", a.lesson.id, q.id);
                let right = choice == q.answer;
                self.progress.answers.entry(key).or_insert(Answer { choice, right });
                self.save_progress();
            }
            Msg::Save => {
                self.save();
                return false;
            }
            Msg::DismissNotice => {
                self.notice = None;
                self.share_link = None;
            }
        }
        true
    }
}

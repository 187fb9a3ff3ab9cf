//! What crosses between podlife's two wasm modules: the page (the UI: Yew, the editor,
//! translations) and the engine worker (engine, console, player, lessons) that runs in a Web
//! Worker. Both sides share these types; the wire format is postcard (`encode` / `decode`).
//!
//! The page sends a [`Request`] with a sequence number; the worker answers each with one
//! [`Reply`] carrying the same number, and may send [`FromWorker::Progress`] while a long run
//! computes. Only what the visible panels need crosses — never the trace or the objects.

pub mod course;
pub mod text;
pub mod view;

use serde::{Deserialize, Serialize};

pub use course::{Asked, CourseInfo, LessonEntry, LessonInfo, LessonStatus, QuestionInfo, SequenceInfo, Texts};
pub use text::{Arg, Lang, Message};
pub use view::*;

/// Raised whenever a message changes shape: a page and a worker of different builds refuse
/// each other instead of misreading.
pub const VERSION: u32 = 8;

/// An editor tab.
pub type File = (String, String);

/// The page's panels that want data (the worker leaves the others out of a view).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Wants {
    pub table: Option<TableKind>,
    /// The pod in the inspector (namespace, name).
    pub inspected: Option<(String, String)>,
    /// The lesson builder is open: send its goal suggestions.
    pub builder: bool,
    /// The timeline shows routine work (heartbeats, passing probes): an input then shows the
    /// very next reaction, not the next one that is not routine.
    pub show_background: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableKind {
    Events,
    Pods,
}

/// Page → worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// A fresh cluster for a built-in story (its setup run), with these editor files.
    OpenScenario { id: String, files: Vec<File> },
    /// A fresh cluster for a course lesson (files empty: the lesson's own). Needs the course.
    OpenLesson { id: String, files: Vec<File> },
    /// A share link's fragment (`s1.…`).
    OpenShared { fragment: String },
    /// The autosaved session (localStorage's text).
    Restore { saved: String },
    /// `course.json`, fetched by the page.
    Course { bundle: String },
    /// The editor's tabs changed (`kubectl apply -f NAME` in the console reads them).
    Files(Vec<File>),
    /// The editor's live check of one file (`--dry-run=server` at the end of the timeline).
    Check { name: String, text: String },
    Apply { files: Vec<File> },
    Delete { files: Vec<File> },
    Command { line: String },
    /// Show this position (0: before the first reaction).
    Seek { position: usize },
    /// Which panels want data.
    Want(Wants),
    /// The lesson: reveal the next hint; the learner's choice for question `index`.
    Hint,
    Pick { index: usize, choice: String },
    /// The autosave's text for this session (the page keeps the editor's focus and language).
    Save { files: Vec<File>, active_file: usize, lang: Lang },
    /// A share link's fragment for this session.
    Share { files: Vec<File> },
    /// The builder: write the lesson, check it by playing it, and make its link.
    MakeLesson { title: String, intro: String, files: Vec<File>, goals: Vec<PickedGoal> },
    // The compare view (issue 21), from protocol 5. Each is answered `Answer::Compared` (or
    // `NotFound` / `Broken`); the session above stays as it was, without a `View`.
    /// Opens a comparison: two clusters on one seed, side by side.
    CompareOpen { from: CompareFrom },
    /// A variant's editor files changed (B's, usually: the learner edits the copy).
    CompareFiles { variant: Variant, files: Vec<File> },
    /// Apply on both sides, each its own files (kept as the variants' files).
    CompareApply { a: Vec<File>, b: Vec<File> },
    /// The same console line on both sides.
    CompareCommand { line: String },
    /// Moves both sides (see `CompareTo`).
    CompareSeek { to: CompareTo },
    /// A share link for the comparison (answered `Shared`).
    CompareShare,
    /// Back to the session (the comparison is dropped; answered `Done`).
    CompareClose,
}

/// What a comparison starts from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CompareFrom {
    /// A built-in comparison (`podlife_stories::comparisons`): its `a.sh` on A, `b.sh` on B.
    Builtin { id: String },
    /// "Compare with a variant": the current story's or lesson's cluster (seed and setup) on
    /// both sides, with these editor files as A and a copy of them as B.
    Variant { files: Vec<File> },
}

/// A goal the builder's author picked, worded in both languages by the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PickedGoal {
    pub id: String,
    pub en: String,
    pub ko: String,
}

/// What the page learns about a session it opened.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Opened {
    /// The story the sandbox shows (also behind a lesson: the picker's choice).
    pub scenario: String,
    pub lesson: Option<LessonInfo>,
    /// The editor's tabs and the one in focus.
    pub files: Vec<File>,
    pub active_file: usize,
    /// An Apply is in the log (the introduction changes).
    pub applied: bool,
    /// The language a restored session was in.
    pub lang: Option<Lang>,
}

/// Worker → page: the answer to one request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// Nothing beyond the view.
    Done,
    Opened(Box<Opened>),
    /// The request needs the course: fetch `course.json` and send it; the request is kept and
    /// answered once it arrives.
    NeedCourse,
    /// The course was read (for the map), or why it could not be.
    Course(Result<CourseInfo, String>),
    /// A lesson or story the request named does not exist.
    NotFound(String),
    Applied(Vec<FileResult>),
    Checked { name: String, diagnostics: Vec<Diagnostic> },
    /// A console command ran; `scratch`: on a copy of an earlier moment.
    Ran { scratch: bool },
    Saved(Result<String, String>),
    Shared(Result<String, String>),
    /// The builder's link fragment, or what is wrong with the lesson.
    Made(Result<String, Vec<String>>),
    /// The request could not be read (a broken share link or autosave).
    Broken(String),
    /// The comparison at its aligned moment; after `CompareApply`, what each side's Apply of
    /// each file did.
    Compared { a_results: Vec<FileResult>, b_results: Vec<FileResult>, view: Box<CompareView> },
}

/// Worker → page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker has loaded and speaks this protocol version.
    Ready { version: u32 },
    /// A long run's progress: reactions computed so far and the virtual time reached.
    Progress { seq: u64, reactions: usize, at_ms: u64 },
    /// `memory_bytes`: the worker's linear memory after answering (the glue fills it in).
    Reply { seq: u64, answer: Answer, view: Option<Box<View>>, memory_bytes: u64 },
    /// The worker panicked (its message): it cannot go on; the page starts a new one.
    Crashed { message: String },
}

/// Page → worker, with the number its reply will carry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToWorker {
    pub seq: u64,
    pub request: Request,
}

/// Everything the panels draw at the moment shown.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct View {
    pub position: usize,
    /// The virtual time of the moment shown (the current reaction's, or the cluster's now).
    pub time_ms: u64,
    /// Sent when the reactions changed since the last view (the page keeps the last one).
    pub timeline: Option<Timeline>,
    pub cap: Option<Cap>,
    pub scene: Scene,
    pub current: Option<Current>,
    /// Sent when the console's entries changed.
    pub console: Option<Vec<ConsoleEntry>>,
    /// Pod and node names at the moment shown (the console completes them), and every pod
    /// (the inspector's picker): sent when objects were created or deleted since the last
    /// view (the page keeps the last ones).
    pub names: Option<Names>,
    /// The table `Wants::table` asked for.
    pub table: Option<Table>,
    /// The inspected pod.
    pub inspection: Option<Inspection>,
    pub lesson: Option<LessonStatus>,
    /// The builder's goal suggestions (when `Wants::builder`).
    pub suggestions: Vec<Suggestion>,
    pub applied: bool,
}

/// The objects that exist at the moment shown, by name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Names {
    /// Pod and node names (the console completes them).
    pub objects: Vec<String>,
    /// Every pod as (namespace, name).
    pub pods: Vec<(String, String)>,
}

/// The wire format: postcard.
pub fn encode<T: Serialize>(message: &T) -> Result<Vec<u8>, String> {
    postcard::to_allocvec(message).map_err(|e| e.to_string())
}

/// Reads a message; a malformed one is an error, never a panic.
pub fn decode<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|e| e.to_string())
}

//! podlife's lessons and stories, as data.
//!
//! - The **course** (`course/`): sequences of lessons, each a folder with a setup, the editor's
//!   files, goals written in the goal language (`goal`), hints, predict-then-reveal questions
//!   and a solution; its words in `en.ftl` and `ko.ftl`. The README is the format's reference.
//! - The **stories**: the sandbox's free scenarios, re-exported from `podlife-stories` (the page needs
//!   them before its engine has loaded).
//!
//! Goals are checked against a `check::World` (the console session for the CLI and tests, the
//! player's history for the web app); `run::Run` plays a lesson in a console session.

pub mod check;
pub mod ftl;
pub mod goal;
pub mod lesson;
pub mod path;
pub mod read;
pub mod run;
pub mod texts;

pub use lesson::{Course, Goal, Lesson, Question, Sequence};
pub use read::ReadError;
pub use podlife_stories::*;
pub use texts::{Lang, Texts};

#[cfg(feature = "embed")]
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/course_files.rs"));
}

/// The built-in course's files: (path under the crate, text).
#[cfg(feature = "embed")]
pub fn course_files() -> &'static [(&'static str, &'static str)] {
    embedded::FILES
}

/// The built-in course, read once. An error here is a bug in a lesson file (the tests
/// read it, so a release never has one).
#[cfg(feature = "embed")]
pub fn course() -> Result<&'static Course, &'static ReadError> {
    static COURSE: std::sync::OnceLock<Result<Course, ReadError>> = std::sync::OnceLock::new();
    COURSE
        .get_or_init(|| {
            let files = |path: &str| embedded::FILES.iter().find(|(p, _)| *p == path).map(|(_, t)| t.to_string());
            Course::load(&files)
        })
        .as_ref()
}

//! The course as the page shows it: the map (titles and order), one lesson's words and
//! structure, and where the learner stands in it. The lessons' goals and checks stay in the
//! worker; only what the panels print crosses.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::text::Lang;

/// Resolved messages per language (a lesson's `en.ftl` / `ko.ftl`, or the course's).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Texts {
    pub en: BTreeMap<String, String>,
    pub ko: BTreeMap<String, String>,
}

impl Texts {
    /// A message; its id when missing (visible, never blank).
    pub fn text(&self, lang: Lang, id: &str) -> String {
        let map = match lang {
            Lang::En => &self.en,
            Lang::Ko => &self.ko,
        };
        map.get(id).cloned().unwrap_or_else(|| id.to_string())
    }
}

/// The course map.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CourseInfo {
    /// `course-title`, `course-intro`, `sequence-<id>-title`, `sequence-<id>-intro`.
    pub texts: Texts,
    pub sequences: Vec<SequenceInfo>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SequenceInfo {
    pub id: String,
    pub lessons: Vec<LessonEntry>,
}

/// A lesson on the map: its id and title.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LessonEntry {
    pub id: String,
    /// Only `title`.
    pub texts: Texts,
}

impl CourseInfo {
    pub fn lessons(&self) -> impl Iterator<Item = &LessonEntry> {
        self.sequences.iter().flat_map(|s| &s.lessons)
    }

    /// The lesson after this one, across sequences.
    pub fn next_after(&self, id: &str) -> Option<&LessonEntry> {
        let mut it = self.lessons().skip_while(|l| l.id != id);
        it.next()?;
        it.next()
    }
}

/// The lesson being played, as its panel shows it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LessonInfo {
    pub id: String,
    /// `custom` for a lesson made in the builder.
    pub sequence: String,
    pub texts: Texts,
    /// Goal ids, in order (their texts are `goal-<id>`).
    pub goals: Vec<String>,
    /// How many written hints (`hint-1` …); the panel adds the solution's next command.
    pub hints: usize,
    pub questions: Vec<QuestionInfo>,
    /// The solution's commands as the console shows them (the last hint offers the next one).
    pub solution_commands: Vec<String>,
    /// The editor's starting files.
    pub files: Vec<(String, String)>,
    /// The built-in comparison the lesson opens (`podlife_stories::comparisons` id; its
    /// invitation is the text `compare`), from `VERSION` 6.
    pub compare: Option<String>,
}

impl LessonInfo {
    pub fn is_custom(&self) -> bool {
        self.sequence == "custom"
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QuestionInfo {
    pub id: String,
    pub choices: Vec<String>,
    pub answer: String,
}

/// Where one question stands for the learner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Asked {
    /// Its moment has not come.
    Waiting,
    /// Asked at this position; `picked` once the learner chose.
    Open { at: usize, picked: Option<String> },
    /// The cluster answered at `at`; `evidence` is the position of the reaction that shows it.
    Revealed { at: usize, picked: Option<String>, evidence: Option<usize> },
}

/// The lesson's checklist at the moment shown.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct LessonStatus {
    pub goals: Vec<bool>,
    pub questions: Vec<Asked>,
    pub hints_shown: usize,
    /// A question was asked at this step: playback pauses.
    pub asked_now: bool,
}

impl LessonStatus {
    pub fn all_goals_hold(&self) -> bool {
        self.goals.iter().all(|g| *g)
    }
}

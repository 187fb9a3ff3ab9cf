//! Lessons and the course, read from their folders (see the crate's README for the format).

use std::collections::BTreeSet;

use crate::goal::{Predicate, Reader};
use crate::read::{Document, Mapping, ReadError};
use crate::texts::Texts;

/// One lesson: a setup, the editor's files, goals, hints, questions and a solution.
#[derive(Debug, Clone)]
pub struct Lesson {
    /// Kebab-case, stable forever (links and saved progress carry it); its folder's name.
    pub id: String,
    /// The sequence it belongs to.
    pub sequence: String,
    /// Its folder (`course/<sequence>/<id>`), for messages.
    pub dir: String,
    /// The seed of the lesson's cluster.
    pub seed: u64,
    /// A podlife script run before the learner acts (may be empty).
    pub setup: String,
    /// The editor's tabs: name and text.
    pub files: Vec<(String, String)>,
    /// A podlife script that reaches every goal (the tests run it).
    pub solution: String,
    pub goals: Vec<Goal>,
    /// How many hints `hint-1` … `hint-N` the texts hold; the app adds a last one that shows
    /// the solution's next command.
    pub hints: usize,
    pub questions: Vec<Question>,
    /// How many `ever` latches the goals and questions use (a `Checker` needs as many).
    pub latches: usize,
    /// The built-in comparison (`podlife_stories::comparisons`) that shows the lesson's
    /// contrast side by side; its invitation is the text `compare`.
    pub compare: Option<String>,
    pub texts: Texts,
}

#[derive(Debug, Clone)]
pub struct Goal {
    /// Its text is `goal-<id>`.
    pub id: String,
    pub check: Predicate,
}

/// Predict, then reveal: asked when `ask_when` first holds, answered when `reveal_when`
/// holds after that (or at the end of the run).
#[derive(Debug, Clone)]
pub struct Question {
    /// Its texts are `question-<id>`, `question-<id>-<choice>` and `question-<id>-explain`.
    pub id: String,
    pub ask_when: Predicate,
    pub reveal_when: Option<Predicate>,
    pub choices: Vec<Choice>,
    /// The id of the right choice.
    pub answer: String,
}

#[derive(Debug, Clone)]
pub struct Choice {
    pub id: String,
    /// Holds at the reveal exactly when this choice is what the cluster did: required for
    /// the answer (its evidence), optional for the others (then it must not hold).
    pub true_if: Option<Predicate>,
}

/// A sequence of lessons.
#[derive(Debug, Clone)]
pub struct Sequence {
    /// Its texts are `sequence-<id>-title` and `sequence-<id>-intro` in the course's files.
    pub id: String,
    pub lessons: Vec<Lesson>,
}

/// The whole course, in order.
#[derive(Debug, Clone)]
pub struct Course {
    pub sequences: Vec<Sequence>,
    pub texts: Texts,
}

/// Reads a file by its path under the crate (`course/…`).
pub type Files<'a> = &'a dyn Fn(&str) -> Option<String>;

fn is_kebab(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_lowercase()) && id.split('-').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
}

fn missing(file: &str) -> ReadError {
    ReadError { file: file.to_string(), line: 0, column: 0, path: String::new(), message: "no such file".into() }
}

fn read(files: Files, path: &str) -> Result<String, ReadError> {
    files(path).ok_or_else(|| missing(path))
}

fn named_file(files: Files, dir: &str, map: &Mapping, key: &str) -> Result<Option<String>, ReadError> {
    let Some(node) = map.opt(key) else { return Ok(None) };
    let name = node.string()?;
    if name.contains('/') || name.starts_with('.') {
        return Err(node.error(format!("{name:?}: name a file in the lesson's folder")));
    }
    files(&format!("{dir}/{name}")).map(Some).ok_or_else(|| node.error(format!("{dir}/{name}: no such file")))
}

fn script_ok(dir: &str, name: &str, text: &str) -> Result<(), ReadError> {
    podlife_console::script::parse(text)
        .map(|_| ())
        .map_err(|e| ReadError { file: format!("{dir}/{name}"), line: e.line as u32, column: 1, path: String::new(), message: e.message.clone() })
}

impl Lesson {
    /// Reads the lesson in `dir` (`course/<sequence>/<id>`): `lesson.yaml`, the files it
    /// names, `en.ftl` and `ko.ftl`. Every translation id it needs must be in both.
    pub fn load(files: Files, dir: &str, sequence: &str) -> Result<Lesson, ReadError> {
        let path = format!("{dir}/lesson.yaml");
        let doc = Document::parse(&path, &read(files, &path)?)?;
        let root = doc.root();
        let map = root.mapping()?;
        map.allow(&["id", "seed", "files", "setup", "solution", "hints", "goals", "questions", "compare"], &[])?;
        let id_node = map.get("id")?;
        let id = id_node.string()?;
        let folder = dir.rsplit('/').next().unwrap_or(dir);
        if !is_kebab(&id) {
            return Err(id_node.error(format!("{id:?} is not a kebab-case id")));
        }
        if id != folder {
            return Err(id_node.error(format!("the id {id:?} differs from its folder's name {folder:?}")));
        }
        let seed = map.opt_u64("seed")?.unwrap_or(1);
        let mut tabs = Vec::new();
        if let Some(list) = map.opt("files") {
            for node in list.list()? {
                let name = node.string()?;
                if name.contains('/') || !(name.ends_with(".yaml") || name.ends_with(".yml")) {
                    return Err(node.error(format!("{name:?}: an editor tab is a .yaml file in the lesson's folder")));
                }
                if tabs.iter().any(|(n, _)| *n == name) {
                    return Err(node.error(format!("{name:?} is listed twice")));
                }
                let text = files(&format!("{dir}/{name}")).ok_or_else(|| node.error(format!("{dir}/{name}: no such file")))?;
                tabs.push((name, text));
            }
        }
        let setup = named_file(files, dir, &map, "setup")?.unwrap_or_default();
        script_ok(dir, &map.opt_str("setup")?.unwrap_or_default(), &setup)?;
        let solution = named_file(files, dir, &map, "solution")?.ok_or_else(|| map.node().error("missing field \"solution\"".into()))?;
        script_ok(dir, &map.opt_str("solution")?.unwrap_or_default(), &solution)?;
        let hints = map.opt_u64("hints")?.unwrap_or(0) as usize;
        let compare = match map.opt("compare") {
            None => None,
            Some(node) => {
                let name = node.string()?;
                if podlife_stories::comparisons::by_id(&name).is_none() {
                    let known: Vec<&str> = podlife_stories::comparisons::all().iter().map(|c| c.id).collect();
                    return Err(node.error(format!("unknown built-in comparison {name:?}: expected one of {}", known.join(", "))));
                }
                Some(name)
            }
        };

        let mut reader = Reader::default();
        let mut goals = Vec::new();
        let goal_list = map.get("goals")?;
        for node in goal_list.list()? {
            let g = node.mapping()?;
            g.allow(&["id", "check"], &[])?;
            let gid = g.get("id")?.string()?;
            if !is_kebab(&gid) || goals.iter().any(|x: &Goal| x.id == gid) {
                return Err(g.get("id")?.error(format!("{gid:?}: goal ids are kebab-case and unique")));
            }
            goals.push(Goal { id: gid, check: reader.predicate(&g.get("check")?)? });
        }
        if goals.is_empty() {
            return Err(goal_list.error("a lesson needs at least one goal".into()));
        }
        let mut questions = Vec::new();
        if let Some(list) = map.opt("questions") {
            for node in list.list()? {
                let q = node.mapping()?;
                q.allow(&["id", "ask-when", "reveal-when", "choices", "answer"], &[])?;
                let qid = q.get("id")?.string()?;
                if !is_kebab(&qid) || questions.iter().any(|x: &Question| x.id == qid) {
                    return Err(q.get("id")?.error(format!("{qid:?}: question ids are kebab-case and unique")));
                }
                let ask_when = reader.predicate(&q.get("ask-when")?)?;
                let reveal_when = q.opt("reveal-when").map(|n| reader.predicate(&n)).transpose()?;
                let mut choices = Vec::new();
                let choice_list = q.get("choices")?;
                for c in choice_list.list()? {
                    let cm = c.mapping()?;
                    cm.allow(&["id", "true-if"], &[])?;
                    let cid = cm.get("id")?.string()?;
                    if !is_kebab(&cid) || choices.iter().any(|x: &Choice| x.id == cid) {
                        return Err(cm.get("id")?.error(format!("{cid:?}: choice ids are kebab-case and unique")));
                    }
                    choices.push(Choice { id: cid, true_if: cm.opt("true-if").map(|n| reader.predicate(&n)).transpose()? });
                }
                if !(2..=4).contains(&choices.len()) {
                    return Err(choice_list.error(format!("a question has 2 to 4 choices, not {}", choices.len())));
                }
                let answer_node = q.get("answer")?;
                let answer = answer_node.string()?;
                match choices.iter().find(|c| c.id == answer) {
                    None => return Err(answer_node.error(format!("{answer:?} is not one of the choices"))),
                    Some(c) if c.true_if.is_none() => return Err(answer_node.error(format!("the answer {answer:?} needs a true-if: the evidence the app shows"))),
                    Some(_) => {}
                }
                questions.push(Question { id: qid, ask_when, reveal_when, choices, answer });
            }
        }

        let texts = Texts::new(read(files, &format!("{dir}/en.ftl"))?, read(files, &format!("{dir}/ko.ftl"))?);
        let lesson = Lesson { id, sequence: sequence.to_string(), dir: dir.to_string(), seed, setup, files: tabs, solution, goals, hints, questions, latches: reader.slots, compare, texts };
        let problems = lesson.texts.problems(&lesson.text_ids());
        if let Some(first) = problems.first() {
            let (file, message) = first.split_once(": ").unwrap_or(("en.ftl", first));
            return Err(ReadError { file: format!("{dir}/{file}"), line: 0, column: 0, path: String::new(), message: message.to_string() });
        }
        Ok(lesson)
    }

    /// Every translation id the lesson uses.
    pub fn text_ids(&self) -> Vec<String> {
        let mut ids = vec!["title".to_string(), "intro".to_string()];
        ids.extend(self.goals.iter().map(|g| format!("goal-{}", g.id)));
        ids.extend((1..=self.hints).map(|n| format!("hint-{n}")));
        for q in &self.questions {
            ids.push(format!("question-{}", q.id));
            ids.extend(q.choices.iter().map(|c| format!("question-{}-{}", q.id, c.id)));
            ids.push(format!("question-{}-explain", q.id));
        }
        if self.compare.is_some() {
            ids.push("compare".to_string());
        }
        ids
    }

    /// The solution's commands as the console shows them (the last hint reveals the next one).
    pub fn solution_commands(&self) -> Vec<String> {
        podlife_console::script::parse(&self.solution).map(|cs| cs.into_iter().map(|c| c.shown).collect()).unwrap_or_default()
    }
}

impl Course {
    /// Reads `course/course.yaml`, the course's texts and every lesson it lists.
    pub fn load(files: Files) -> Result<Course, ReadError> {
        let path = "course/course.yaml";
        let doc = Document::parse(path, &read(files, path)?)?;
        let root = doc.root();
        let map = root.mapping()?;
        map.allow(&["sequences"], &[])?;
        let mut sequences = Vec::new();
        let mut lesson_ids = BTreeSet::new();
        for node in map.get("sequences")?.list()? {
            let s = node.mapping()?;
            s.allow(&["id", "lessons"], &[])?;
            let sid = s.get("id")?.string()?;
            if !is_kebab(&sid) || sequences.iter().any(|x: &Sequence| x.id == sid) {
                return Err(s.get("id")?.error(format!("{sid:?}: sequence ids are kebab-case and unique")));
            }
            let mut lessons = Vec::new();
            for l in s.get("lessons")?.list()? {
                let lid = l.string()?;
                if !lesson_ids.insert(lid.clone()) {
                    return Err(l.error(format!("the lesson {lid:?} is listed twice")));
                }
                lessons.push(Lesson::load(files, &format!("course/{sid}/{lid}"), &sid)?);
            }
            sequences.push(Sequence { id: sid, lessons });
        }
        let texts = Texts::new(read(files, "course/en.ftl")?, read(files, "course/ko.ftl")?);
        let mut ids = vec!["course-title".to_string(), "course-intro".to_string()];
        for s in &sequences {
            ids.push(format!("sequence-{}-title", s.id));
            ids.push(format!("sequence-{}-intro", s.id));
        }
        if let Some(first) = texts.problems(&ids).first() {
            let (file, message) = first.split_once(": ").unwrap_or(("en.ftl", first));
            return Err(ReadError { file: format!("course/{file}"), line: 0, column: 0, path: String::new(), message: message.to_string() });
        }
        Ok(Course { sequences, texts })
    }

    /// Reads the course from its files as one JSON object `{path: text}` (what the web app
    /// fetches: `cargo xtask course-bundle`).
    pub fn from_bundle(json: &str) -> Result<Course, ReadError> {
        // Read as a `Value`, whose decoding the bundle already has (a typed map would add code).
        let bad = |message: String, line: usize, column: usize| ReadError { file: "course.json".into(), line: line as u32, column: column as u32, path: String::new(), message };
        let value: serde_json::Value = serde_json::from_str(json).map_err(|e| bad(e.to_string(), e.line(), e.column()))?;
        let files = value.as_object().ok_or_else(|| bad("expected an object of file texts".into(), 0, 0))?;
        Course::load(&|path: &str| files.get(path).and_then(|t| t.as_str()).map(str::to_string))
    }

    /// Files under `course/<sequence>/<lesson>/` of a lesson the course does not list (it
    /// would never be shown; the tests refuse them).
    pub fn unlisted<'p>(&self, paths: &[&'p str]) -> Vec<&'p str> {
        paths
            .iter()
            .copied()
            .filter(|p| {
                let mut parts = p.split('/');
                matches!((parts.next(), parts.next(), parts.next(), parts.next()), (Some("course"), Some(seq), Some(lesson), Some(_))
                    if !self.sequences.iter().any(|s| s.id == seq && s.lessons.iter().any(|l| l.id == lesson)))
            })
            .collect()
    }

    pub fn lessons(&self) -> impl Iterator<Item = &Lesson> {
        self.sequences.iter().flat_map(|s| &s.lessons)
    }

    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons().find(|l| l.id == id)
    }

    /// The lesson after this one, across sequences.
    pub fn next_after(&self, id: &str) -> Option<&Lesson> {
        let mut it = self.lessons().skip_while(|l| l.id != id);
        it.next()?;
        it.next()
    }
}

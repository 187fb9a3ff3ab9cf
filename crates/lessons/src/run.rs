//! A lesson played in a console session: its setup, then the learner's commands (or the
//! solution), with the goals checked and the questions asked and revealed after every command.

use podlife_console::{Output, Session, script};
use podlife_engine::Time;

use crate::check::{Checker, evidence};
use crate::lesson::Lesson;

/// Where a question stands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct QuestionState {
    /// When `ask-when` first held.
    pub asked_at: Option<Time>,
    pub revealed: Option<Reveal>,
}

/// What the cluster answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Reveal {
    pub at: Time,
    /// Per choice, in order: whether its `true-if` held (`None`: it has none).
    pub choices: Vec<Option<bool>>,
    /// The reaction that shows the answer (the answer's `true-if` evidence).
    pub evidence: Option<u64>,
}

/// A lesson being played.
pub struct Run<'l> {
    lesson: &'l Lesson,
    session: Session,
    checker: Checker,
    goals: Vec<bool>,
    questions: Vec<QuestionState>,
    transcript: String,
}

impl<'l> Run<'l> {
    /// A fresh cluster with the lesson's seed and its setup run (its output is in the
    /// transcript). Questions are only watched from the learner's first command on.
    pub fn start(lesson: &'l Lesson) -> Run<'l> {
        let tabs = lesson.files.clone();
        let session = Session::new(lesson.seed).with_file_reader(move |name| {
            let name = name.strip_prefix("./").unwrap_or(name);
            tabs.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone())
        });
        let mut run = Run { lesson, session, checker: Checker::new(lesson.latches), goals: vec![false; lesson.goals.len()], questions: vec![QuestionState::default(); lesson.questions.len()], transcript: String::new() };
        // The setup parsed when the lesson was read.
        let _ = run.script_inner(&lesson.setup.clone(), false);
        run
    }

    pub fn lesson(&self) -> &Lesson {
        self.lesson
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The goals' states after the last check, in the lesson's order.
    pub fn goals(&self) -> &[bool] {
        &self.goals
    }

    pub fn all_goals_hold(&self) -> bool {
        self.goals.iter().all(|g| *g)
    }

    pub fn questions(&self) -> &[QuestionState] {
        &self.questions
    }

    /// Everything printed so far, as `podlife run` prints it.
    pub fn transcript(&self) -> &str {
        &self.transcript
    }

    /// Runs a script's commands one by one, checking after each.
    pub fn script(&mut self, text: &str) -> Result<(), script::ScriptError> {
        self.script_inner(text, true)
    }

    fn script_inner(&mut self, text: &str, learner: bool) -> Result<(), script::ScriptError> {
        for c in script::parse(text)? {
            self.transcript.push_str("$ ");
            self.transcript.push_str(&c.shown);
            self.transcript.push('\n');
            let out = match c.invocation() {
                Ok((line, stdin)) => self.session.exec(line, stdin),
                Err(message) => {
                    let mut out = Output::default();
                    out.err(&message);
                    out
                }
            };
            self.transcript.push_str(&out.text);
            self.check(learner);
        }
        Ok(())
    }

    /// One command typed by the learner.
    pub fn exec(&mut self, line: &str, stdin: Option<&str>) -> Output {
        let out = self.session.exec(line, stdin);
        self.check(true);
        out
    }

    /// Ends the run: background output (traffic tables) is printed and questions still
    /// waiting for their reveal are revealed now.
    pub fn finish(&mut self) {
        let rest = self.session.finish_background();
        self.transcript.push_str(&rest);
        self.check(true);
        for (i, q) in self.lesson.questions.iter().enumerate() {
            if self.questions[i].asked_at.is_some() && self.questions[i].revealed.is_none() {
                self.questions[i].revealed = Some(self.reveal(q));
            }
        }
    }

    fn check(&mut self, learner: bool) {
        for (i, g) in self.lesson.goals.iter().enumerate() {
            self.goals[i] = self.checker.holds(&g.check, &self.session);
        }
        if !learner {
            return;
        }
        for (i, q) in self.lesson.questions.iter().enumerate() {
            if self.questions[i].asked_at.is_none() {
                if self.checker.holds(&q.ask_when, &self.session) {
                    self.questions[i].asked_at = Some(self.session.engine().now());
                }
                // Asked at this check: the reveal comes at a later one.
                continue;
            }
            if self.questions[i].revealed.is_none() && q.reveal_when.as_ref().is_some_and(|r| self.checker.holds(r, &self.session)) {
                self.questions[i].revealed = Some(self.reveal(q));
            }
        }
    }

    fn reveal(&mut self, q: &crate::lesson::Question) -> Reveal {
        let choices = q.choices.iter().map(|c| c.true_if.as_ref().map(|p| self.checker.holds(p, &self.session))).collect();
        let answer = q.choices.iter().find(|c| c.id == q.answer).and_then(|c| c.true_if.as_ref());
        Reveal { at: self.session.engine().now(), choices, evidence: answer.and_then(|p| evidence(p, self.session.engine().trace())) }
    }
}

/// What is wrong with a lesson when it is played: the solution must reach every goal and
/// answer every question as the lesson says, and waiting as long without acting must reach
/// none of the goals (a goal that needs no action teaches nothing).
pub fn verify(lesson: &Lesson) -> Vec<String> {
    let mut problems = Vec::new();
    let mut solved = Run::start(lesson);
    let started = solved.session.engine().now();
    if let Err(e) = solved.script(&lesson.solution) {
        return vec![format!("solution: {e}")];
    }
    solved.finish();
    for (g, holds) in lesson.goals.iter().zip(solved.goals()) {
        if !holds {
            problems.push(format!("goal {}: does not hold after the solution", g.id));
        }
    }
    for (q, state) in lesson.questions.iter().zip(solved.questions()) {
        let Some(reveal) = &state.revealed else {
            problems.push(format!("question {}: never asked during the solution (ask-when never held)", q.id));
            continue;
        };
        for (c, held) in q.choices.iter().zip(&reveal.choices) {
            match (c.id == q.answer, held) {
                (true, Some(false)) => problems.push(format!("question {}: the answer {} is not what the cluster did (its true-if does not hold at the reveal)", q.id, c.id)),
                (false, Some(true)) => problems.push(format!("question {}: the wrong choice {} holds at the reveal too", q.id, c.id)),
                _ => {}
            }
        }
        let answer = q.choices.iter().find(|c| c.id == q.answer).and_then(|c| c.true_if.as_ref());
        if reveal.evidence.is_none() && answer.is_some_and(has_trace_part) {
            problems.push(format!("question {}: no reaction to show as evidence", q.id));
        }
    }
    let waited = solved.session.engine().now().millis() - started.millis();
    let mut idle = Run::start(lesson);
    let mut ever = vec![false; lesson.goals.len()];
    let mut left = waited;
    while left > 0 {
        let step = left.min(5_000);
        idle.exec(&format!("sleep {}", podlife_ftl::num::Num(step as f64 / 1000.0)), None);
        for (e, g) in ever.iter_mut().zip(idle.goals()) {
            *e |= *g;
        }
        left -= step;
    }
    idle.check(true);
    for (e, g) in ever.iter_mut().zip(idle.goals()) {
        *e |= *g;
    }
    for (g, held) in lesson.goals.iter().zip(ever) {
        if held {
            problems.push(format!("goal {}: holds without the learner acting (setup, then {} s of waiting)", g.id, waited / 1000));
        }
    }
    problems
}

/// Whether a predicate reads the trace (then a reveal can point at a reaction).
fn has_trace_part(p: &crate::goal::Predicate) -> bool {
    use crate::goal::Predicate::*;
    match p {
        Happened(_) | InOrder(_) | Traffic { .. } => true,
        Ever { inner, .. } | Not(inner) => has_trace_part(inner),
        All(items) | Any(items) => items.iter().any(has_trace_part),
        _ => false,
    }
}

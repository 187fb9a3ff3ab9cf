//! A lesson in the web app: its goals checked at the moment shown, its questions asked when
//! their moment comes and revealed when the cluster has answered, hints one at a time, and the
//! learner's progress across visits is the page's (`podlife_page::progress`).

use podlife_engine::{Time, TraceEvent};
use podlife_lessons::Lesson;
use podlife_lessons::check::{Checker, World, evidence};
use podlife_model::ResourceType;

use crate::Player;

/// The cluster as the player shows it at `position`: the objects at that moment's revision
/// and the trace up to the reaction shown.
pub struct At<'p> {
    player: &'p Player,
    position: usize,
    revision: u64,
}

impl<'p> At<'p> {
    pub fn new(player: &'p Player, position: usize) -> At<'p> {
        let position = position.min(player.reactions().len());
        At { player, position, revision: player.revision_at(position) }
    }
}

impl World for At<'_> {
    fn objects<'a>(&'a self, resource: &'static ResourceType, namespace: Option<&'a str>) -> Vec<&'a podlife_engine::Slot> {
        self.player
            .history()
            .list(resource.kind, self.revision)
            .into_iter()
            .map(|o| o.root())
            .filter(|o| namespace.is_none_or(|ns| o["metadata"]["namespace"] == ns))
            .collect()
    }

    fn trace(&self) -> &[TraceEvent] {
        let end = self.position.checked_sub(1).and_then(|i| self.player.reactions().get(i)).map_or(0, |r| r.events.end);
        &self.player.trace()[..end]
    }

    fn now(&self) -> Time {
        match self.position.checked_sub(1).and_then(|i| self.player.reactions().get(i)) {
            Some(r) => r.time,
            None => self.player.reactions().first().map_or_else(|| self.player.end_time(), |r| r.time),
        }
    }
}

pub use podlife_protocol::Asked;

/// A lesson being played in the app.
#[derive(Debug, Clone)]
pub struct LessonState {
    checker: Checker,
    /// The last position checked: stepping back starts the checks over.
    checked: Option<usize>,
    goals: Vec<bool>,
    questions: Vec<Asked>,
    hints_shown: usize,
}

impl LessonState {
    pub fn new(lesson: &Lesson) -> LessonState {
        LessonState { checker: Checker::new(lesson.latches), checked: None, goals: vec![false; lesson.goals.len()], questions: vec![Asked::Waiting; lesson.questions.len()], hints_shown: 0 }
    }

    pub fn goals(&self) -> &[bool] {
        &self.goals
    }

    pub fn all_goals_hold(&self) -> bool {
        self.goals.iter().all(|g| *g)
    }

    pub fn questions(&self) -> &[Asked] {
        &self.questions
    }

    /// The question asked and not yet revealed, if any (the app shows its card).
    pub fn open_question(&self) -> Option<usize> {
        self.questions.iter().position(|q| matches!(q, Asked::Open { .. }))
    }

    pub fn hints_shown(&self) -> usize {
        self.hints_shown
    }

    /// How many hints there are: the lesson's own and the last, the solution's next command.
    pub fn hint_count(lesson: &Lesson) -> usize {
        lesson.hints + 1
    }

    pub fn show_next_hint(&mut self, lesson: &Lesson) {
        self.hints_shown = (self.hints_shown + 1).min(Self::hint_count(lesson));
    }

    /// The learner's choice for an open question (recorded once; never blocks anything).
    pub fn pick(&mut self, question: usize, choice: &str) {
        if let Some(Asked::Open { picked, .. }) = self.questions.get_mut(question)
            && picked.is_none()
        {
            *picked = Some(choice.to_string());
        }
    }

    /// Checks the goals at the player's position and moves the questions on; returns the
    /// index of a question asked at this check (the app pauses playback for it).
    pub fn observe(&mut self, lesson: &Lesson, player: &Player) -> Option<usize> {
        let position = player.position();
        if self.checked.is_some_and(|c| c > position) {
            // Back in time: what was latched later is not known yet at this moment.
            self.checker = Checker::new(lesson.latches);
            for q in &mut self.questions {
                *q = match q {
                    Asked::Open { at, picked } | Asked::Revealed { at, picked, .. } if *at <= position => Asked::Open { at: *at, picked: picked.clone() },
                    _ => Asked::Waiting,
                };
            }
        }
        self.checked = Some(position);
        let world = At::new(player, position);
        for (i, g) in lesson.goals.iter().enumerate() {
            self.goals[i] = self.checker.holds(&g.check, &world);
        }
        let mut newly_asked = None;
        for (i, q) in lesson.questions.iter().enumerate() {
            match &self.questions[i] {
                Asked::Waiting if self.checker.holds(&q.ask_when, &world) => {
                    self.questions[i] = Asked::Open { at: position, picked: None };
                    newly_asked = newly_asked.or(Some(i));
                }
                // Revealed at a later moment, or at once when the learner has chosen and the
                // moment already holds (a learner who jumped to the end).
                Asked::Open { at, picked } if position > *at || picked.is_some() => {
                    let reveal = match &q.reveal_when {
                        Some(r) => self.checker.holds(r, &world),
                        // The end of what the learner can step to (background reactions
                        // after the last visible one do not count).
                        None => player.next_visible(position, true).is_none(),
                    };
                    if reveal {
                        let answer = q.choices.iter().find(|c| c.id == q.answer).and_then(|c| c.true_if.as_ref());
                        let seq = answer.and_then(|p| evidence(p, world.trace()));
                        let evidence = seq.and_then(|s| position_of(player, s));
                        self.questions[i] = Asked::Revealed { at: position, picked: picked.clone(), evidence };
                    }
                }
                _ => {}
            }
        }
        newly_asked
    }
}

/// The timeline position that shows the reaction holding trace event `seq`.
fn position_of(player: &Player, seq: u64) -> Option<usize> {
    let trace = player.trace();
    let index = trace.iter().position(|e| e.seq == seq)?;
    player.reactions().iter().position(|r| r.events.contains(&index)).map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_in_the_player_ticks_its_goals_and_asks_then_reveals() {
        let files = |path: &str| podlife_lessons::course_files().iter().find(|(p, _)| *p == path).map(|(_, t)| t.to_string());
        let lesson = &Lesson::load(&files, "course/birth/first-pod", "birth").expect("a built-in lesson");
        let mut player = Player::new(lesson.seed);
        player.set_files(&lesson.files);
        let mut state = LessonState::new(lesson);
        state.observe(lesson, &player);
        assert_eq!(state.goals(), &[false, false, false]);
        player.apply(&lesson.files, 15_000);
        // Step through the timeline as the learner does.
        player.seek(0);
        let mut asked_at = None;
        while player.position() < player.reactions().len() {
            player.seek(player.position() + 1);
            if let Some(q) = state.observe(lesson, &player) {
                asked_at = Some(player.position());
                state.pick(q, "pull-first");
            }
        }
        assert!(state.all_goals_hold(), "{:?}", state.goals());
        let asked_at = asked_at.expect("the question was asked");
        match &state.questions()[0] {
            Asked::Revealed { at, picked, evidence } => {
                assert!(*at > asked_at);
                assert_eq!(picked.as_deref(), Some("pull-first"));
                let e = evidence.expect("a reaction to show");
                assert!(e > 0 && e <= player.reactions().len());
            }
            other => panic!("not revealed: {other:?}"),
        }
        // Back to the start: nothing holds there, and the question waits again.
        player.seek(0);
        state.observe(lesson, &player);
        assert_eq!(state.goals(), &[false, false, false]);
        assert_eq!(state.questions()[0], Asked::Waiting);
    }
}

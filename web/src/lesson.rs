//! The course in the page: the course map (sequences and their lessons, ticked when done) and
//! the lesson panel (introduction, the goal checklist ticking as the learner steps, hints one at
//! a time, the prediction card, "next lesson").

use podlife_i18n::Lang;
use podlife_protocol::{Asked, LessonInfo, LessonStatus, QuestionInfo, Texts};
use yew::prelude::*;

use crate::app::{App, CourseState, Msg, with_code};

fn text(texts: &Texts, lang: Lang, id: &str) -> String {
    texts.text(lang, id)
}

/// The course map: a page of its own (`?course`).
pub fn course_map(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    let link = ctx.link();
    let course = match app.course() {
        CourseState::Ready(c) => c,
        CourseState::Failed(e) => return html! { <main class="course-map"><p role="alert">{ t.text_with("course-unavailable", &[("error", e)]) }</p></main> },
        CourseState::NotLoaded | CourseState::Loading => return html! { <main class="course-map"><p class="loading" role="status">{ t.text("course-loading") }</p></main> },
    };
    let lang = app.lang();
    let done = &app.progress().done;
    let total = course.lessons().count();
    let finished = course.lessons().filter(|l| done.contains(&l.id)).count();
    html! {
        <main class="course-map" aria-labelledby="course-title">
            <div class="course-head">
                <div>
                    <h2 id="course-title">{ text(&course.texts, lang, "course-title") }</h2>
                    <p class="course-intro">{ text(&course.texts, lang, "course-intro") }</p>
                    <p class="course-progress">{ t.text_with("course-progress", &[("done", &finished.to_string()), ("total", &total.to_string())]) }</p>
                </div>
                <button type="button" id="open-sandbox" class="quiet" onclick={link.callback(|_| Msg::CloseCourse)}>{ t.text("course-sandbox") }</button>
            </div>
            <ol class="sequences">
                { for course.sequences.iter().map(|s| {
                    let heading = format!("sequence-{}", s.id);
                    html! {
                        <li class="sequence" aria-labelledby={heading.clone()}>
                            <h3 id={heading}>{ text(&course.texts, lang, &format!("sequence-{}-title", s.id)) }</h3>
                            <p class="sequence-intro">{ text(&course.texts, lang, &format!("sequence-{}-intro", s.id)) }</p>
                            <ol class="lessons">
                                { for s.lessons.iter().map(|l| {
                                    let id = l.id.clone();
                                    let is_done = done.contains(&l.id);
                                    let label = if is_done { t.text("lesson-done-mark") } else { String::new() };
                                    html! {
                                        <li>
                                            <button type="button" class={classes!("lesson-link", is_done.then_some("done"))} data-lesson={l.id.clone()}
                                                onclick={link.callback(move |_| Msg::OpenLesson(id.clone()))}>
                                                <span class="tick" aria-hidden="true">{ if is_done { "✓" } else { "" } }</span>
                                                <span class="lesson-title">{ text(&l.texts, lang, "title") }</span>
                                                { for is_done.then(|| html! { <span class="visually-hidden">{ format!(" ({label})") }</span> }) }
                                            </button>
                                        </li>
                                    }
                                }) }
                            </ol>
                        </li>
                    }
                }) }
            </ol>
        </main>
    }
}

/// How many hints a lesson has: its own, then the solution's next command.
fn hint_count(lesson: &LessonInfo) -> usize {
    lesson.hints + 1
}

/// The lesson panel, above the editor.
pub fn panel(app: &App, ctx: &Context<App>, lesson: &LessonInfo) -> Html {
    let waiting = LessonStatus { goals: vec![false; lesson.goals.len()], questions: vec![Asked::Waiting; lesson.questions.len()], ..LessonStatus::default() };
    let state = app.shown().lesson.as_ref().filter(|s| s.goals.len() == lesson.goals.len()).unwrap_or(&waiting);
    let t = app.t();
    let lang = app.lang();
    let link = ctx.link();
    let course = match app.course() {
        CourseState::Ready(c) => Some(c),
        _ => None,
    };
    let custom = lesson.is_custom();
    let sequence_title = if custom { t.text("builder-sequence") } else { course.map(|c| text(&c.texts, lang, &format!("sequence-{}-title", lesson.sequence))).unwrap_or_default() };
    let goals = lesson.goals.iter().zip(&state.goals).map(|(g, holds)| {
        let status = if *holds { t.text("lesson-goal-done") } else { t.text("lesson-goal-todo") };
        html! {
            <li class={classes!("goal", if *holds { "done" } else { "todo" })} data-goal={g.clone()}>
                <span class="tick" aria-hidden="true">{ if *holds { "✓" } else { "" } }</span>
                <span class="visually-hidden">{ format!("{status}: ") }</span>
                <span>{ with_code(&text(&lesson.texts, lang, &format!("goal-{g}"))) }</span>
            </li>
        }
    });
    let total_hints = hint_count(lesson);
    let hints = (1..=state.hints_shown).map(|n| {
        let body = if n <= lesson.hints { with_code(&text(&lesson.texts, lang, &format!("hint-{n}"))) } else { next_command_hint(app, lesson) };
        html! { <li>{ body }</li> }
    });
    let hint_button = (state.hints_shown < total_hints).then(|| {
        html! {
            <button type="button" id="hint" class="quiet" onclick={link.callback(|_| Msg::Hint)}>
                { t.text_with("lesson-hint", &[("n", &(state.hints_shown + 1).to_string()), ("total", &total_hints.to_string())]) }
            </button>
        }
    });
    // The lesson's built-in comparison: what to look for in it, and the button that opens it
    // (the chooser's way: `Request::CompareOpen` with the built-in's id).
    let compare = lesson.compare.as_ref().map(|id| {
        let title = crate::compare::words(id, lang.code()).map(|w| w.title).unwrap_or_else(|| id.clone());
        let open = id.clone();
        html! {
            <div class="lesson-compare" data-compare={id.clone()}>
                <p id="lesson-compare-text">{ with_code(&text(&lesson.texts, lang, "compare")) }</p>
                <button type="button" id="lesson-compare" aria-describedby="lesson-compare-text" onclick={link.callback(move |_| Msg::LessonCompare(open.clone()))}>
                    <span class="ab-badge a" aria-hidden="true">{ "A" }</span><span class="ab-badge b" aria-hidden="true">{ "B" }</span>
                    { t.text_with("lesson-compare", &[("title", &title)]) }
                </button>
            </div>
        }
    });
    let questions = lesson.questions.iter().zip(&state.questions).enumerate().filter_map(|(i, (q, asked))| question_card(app, ctx, lesson, i, q, asked));
    let done = state.all_goals_hold().then(|| {
        let next = course.and_then(|c| c.next_after(&lesson.id));
        html! {
            <div class="lesson-complete" role="status">
                <strong>{ t.text("lesson-complete") }</strong>
                { match next.filter(|_| !custom) {
                    Some(n) => {
                        let title = text(&n.texts, lang, "title");
                        html! { <button type="button" id="next-lesson" class="primary" onclick={link.callback(|_| Msg::NextLesson)}>{ t.text_with("lesson-next", &[("title", &title)]) }</button> }
                    }
                    None if custom => html! {},
                    None => html! { <span>{ t.text("lesson-last") }</span> },
                } }
            </div>
        }
    });
    html! {
        <section class="panel lesson" aria-labelledby="lesson-title" data-lesson={lesson.id.clone()}>
            <div class="panel-head">
                <h2 id="lesson-title"><span class="sequence-name">{ sequence_title }</span>{ " › " }{ text(&lesson.texts, lang, "title") }</h2>
                <div class="panel-actions">
                    <button type="button" id="course-map" class="quiet" onclick={link.callback(|_| Msg::OpenCourse)}>{ t.text("lesson-back") }</button>
                    <button type="button" id="reset-lesson" class="quiet" onclick={link.callback(|_| Msg::Reset)}>{ t.text("lesson-reset") }</button>
                </div>
            </div>
            <p class="lesson-intro">{ with_code(&text(&lesson.texts, lang, "intro")) }</p>
            <h3 class="goals-label" id="goals-label">{ t.text("lesson-goals") }</h3>
            <ul class="goals" aria-labelledby="goals-label" aria-live="polite">{ for goals }</ul>
            { for questions }
            { for done }
            { for compare }
            <div class="hints">
                { for (state.hints_shown > 0).then(|| html! { <ol class="hint-list" aria-label={t.text("lesson-hints-label")}>{ for hints }</ol> }) }
                { for hint_button }
            </div>
        </section>
    }
}

/// The last hint: the solution's next command the learner has not run yet.
fn next_command_hint(app: &App, lesson: &LessonInfo) -> Html {
    let t = app.t();
    let ran: Vec<String> = app.console().iter().map(|c| c.line.trim().to_string()).collect();
    let applied = app.applied();
    let next = lesson.solution_commands.iter().find(|c| {
        let c = c.trim();
        let is_apply_of_tab = c.starts_with("kubectl apply -f ") && lesson.files.iter().any(|(n, _)| c.ends_with(n.as_str()));
        if is_apply_of_tab && applied {
            return false;
        }
        !c.starts_with("sleep") && !ran.iter().any(|r| r == c)
    });
    match next {
        Some(c) => html! { <>{ t.text("lesson-next-command") }{ " " }<code>{ c.clone() }</code></> },
        None => html! { { t.text("lesson-no-next-command") } },
    }
}

fn question_card(app: &App, ctx: &Context<App>, lesson: &LessonInfo, index: usize, q: &QuestionInfo, asked: &Asked) -> Option<Html> {
    let t = app.t();
    let lang = app.lang();
    let link = ctx.link();
    let question = text(&lesson.texts, lang, &format!("question-{}", q.id));
    let choice_text = |id: &str| text(&lesson.texts, lang, &format!("question-{}-{id}", q.id));
    let heading = format!("question-{}", q.id);
    match asked {
        Asked::Waiting => None,
        Asked::Open { picked, .. } => Some(html! {
            <div class="question open" role="group" aria-labelledby={heading.clone()} data-question={q.id.clone()}>
                <p class="question-label">{ t.text("question-label") }</p>
                <p id={heading}>{ with_code(&question) }</p>
                <div class="choices">
                    { for q.choices.iter().map(|c| {
                        let id = c.clone();
                        let chosen = picked.as_deref() == Some(c.as_str());
                        html! {
                            <button type="button" class={classes!("choice", chosen.then_some("picked"))} data-choice={c.clone()}
                                aria-pressed={chosen.to_string()} disabled={picked.is_some() && !chosen}
                                onclick={link.callback(move |_| Msg::Pick(index, id.clone()))}>
                                { with_code(&choice_text(c)) }
                            </button>
                        }
                    }) }
                </div>
                { for picked.is_some().then(|| html! { <p class="question-next">{ t.text("question-step-on") }</p> }) }
            </div>
        }),
        Asked::Revealed { picked, evidence, .. } => {
            let verdict = match picked.as_deref() {
                Some(p) if p == q.answer => t.text("question-right"),
                Some(_) => t.text("question-wrong"),
                None => t.text("question-unanswered"),
            };
            let evidence = evidence.map(|position| {
                html! { <button type="button" class="quiet evidence" onclick={link.callback(move |_| Msg::Seek(position))}>{ t.text("question-evidence") }</button> }
            });
            Some(html! {
                <div class="question revealed" role="group" aria-labelledby={heading.clone()} data-question={q.id.clone()}>
                    <p class="question-label">{ t.text("question-label") }</p>
                    <p id={heading}>{ with_code(&question) }</p>
                    <p class="answer"><strong>{ verdict }</strong>{ " " }{ t.text("question-answer") }{ " " }{ with_code(&choice_text(&q.answer)) }</p>
                    <p class="explain">{ with_code(&text(&lesson.texts, lang, &format!("question-{}-explain", q.id))) }</p>
                    { for evidence }
                </div>
            })
        }
    }
}

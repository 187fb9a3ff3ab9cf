//! The course: it reads without error, and every lesson is played — its solution reaches every
//! goal and answers every question as the lesson says, and waiting without acting reaches no
//! goal (`run::verify`). Lessons are verified on two threads.

use podlife_lessons::{Lang, course, run};

#[test]
fn the_course_reads() {
    let course = course().unwrap_or_else(|e| panic!("{e}"));
    assert!(course.lessons().count() > 0);
    let paths: Vec<&str> = podlife_lessons::course_files().iter().map(|(p, _)| *p).collect();
    assert_eq!(course.unlisted(&paths), Vec::<&str>::new(), "lesson files that course/course.yaml does not list");
    for s in &course.sequences {
        assert!(!s.lessons.is_empty(), "sequence {} has no lessons", s.id);
        for lang in Lang::ALL {
            assert!(!course.texts.text(lang, &format!("sequence-{}-title", s.id)).is_empty());
        }
    }
}

#[test]
fn every_built_in_comparison_is_used_by_a_lesson() {
    let course = course().unwrap_or_else(|e| panic!("{e}"));
    for c in podlife_lessons::comparisons::all() {
        let users: Vec<&str> = course.lessons().filter(|l| l.compare.as_deref() == Some(c.id)).map(|l| l.id.as_str()).collect();
        assert!(!users.is_empty(), "no lesson opens the built-in comparison {}", c.id);
    }
    assert!(podlife_lessons::comparisons::all().len() >= 4);
}

#[test]
fn the_bundle_the_web_app_fetches_reads_the_same() {
    let files: std::collections::BTreeMap<&str, &str> = podlife_lessons::course_files().iter().copied().collect();
    let json = serde_json::to_string(&files).expect("strings serialize");
    let bundled = podlife_lessons::Course::from_bundle(&json).unwrap_or_else(|e| panic!("{e}"));
    let embedded = course().unwrap_or_else(|e| panic!("{e}"));
    let ids = |c: &podlife_lessons::Course| c.lessons().map(|l| l.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&bundled), ids(embedded));
    assert!(podlife_lessons::Course::from_bundle("{").is_err());
}

#[test]
fn every_lesson_is_solved_by_its_solution_and_by_nothing_else() {
    let course = course().unwrap_or_else(|e| panic!("{e}"));
    let lessons: Vec<_> = course.lessons().collect();
    let only = std::env::var("PODLIFE_LESSON_ONLY").ok();
    let failures = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(lesson) = lessons.get(i) else { break };
                    if only.as_deref().is_some_and(|o| o != lesson.id) {
                        continue;
                    }
                    for p in run::verify(lesson) {
                        failures.lock().expect("no panics while holding it").push(format!("{}: {p}", lesson.id));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("no panics while holding it");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

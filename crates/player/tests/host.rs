//! The worker's host answers the page's requests as the page expects: sessions opened from a
//! story, a lesson (after the course arrives), a share link or the autosave; inputs run the
//! cluster and the view follows; only what changed is sent again; long runs report progress.

use std::cell::RefCell;
use std::rc::Rc;

use podlife_player::host::Host;
use podlife_protocol::{Answer, FromWorker, Lang, Opened, PickedGoal, Request, ToWorker, View, Wants};

struct Page {
    host: Host,
    seq: u64,
}

impl Page {
    fn new() -> Page {
        Page { host: Host::new(), seq: 0 }
    }

    /// Every reply to one request (usually one).
    fn ask_all(&mut self, request: Request) -> Vec<(u64, Answer, Option<View>)> {
        self.seq += 1;
        self.host
            .handle(ToWorker { seq: self.seq, request })
            .into_iter()
            .map(|m| match m {
                FromWorker::Reply { seq, answer, view, .. } => (seq, answer, view.map(|v| *v)),
                other => panic!("not a reply: {other:?}"),
            })
            .collect()
    }

    fn ask(&mut self, request: Request) -> (Answer, Option<View>) {
        let mut replies = self.ask_all(request);
        assert_eq!(replies.len(), 1, "one reply");
        let (seq, answer, view) = replies.remove(0);
        assert_eq!(seq, self.seq);
        (answer, view)
    }
}

fn opened(answer: Answer) -> Opened {
    match answer {
        Answer::Opened(o) => *o,
        other => panic!("not opened: {other:?}"),
    }
}

fn bundle() -> String {
    let files: serde_json::Map<String, serde_json::Value> = podlife_lessons::course_files().iter().map(|(p, t)| (p.to_string(), serde_json::Value::String(t.to_string()))).collect();
    serde_json::Value::Object(files).to_string()
}

#[test]
fn a_story_applied_runs_and_the_view_follows() {
    let mut page = Page::new();
    let (answer, view) = page.ask(Request::OpenScenario { id: "nginx".into(), files: Vec::new() });
    let o = opened(answer);
    assert_eq!((o.scenario.as_str(), o.lesson, o.applied), ("nginx", None, false));
    assert_eq!(o.files[0].0, "nginx.yaml");
    let view = view.expect("a view");
    assert_eq!(view.timeline.expect("the first view carries the timeline").ticks.len(), 0);

    let (answer, view) = page.ask(Request::Apply { files: o.files.clone() });
    let Answer::Applied(results) = answer else { panic!("{answer:?}") };
    assert!(results.iter().all(|r| !r.failed && r.diagnostics.is_empty()), "{results:?}");
    let view = view.expect("a view");
    let timeline = view.timeline.expect("new reactions: the timeline is sent");
    assert!(timeline.ticks.len() > 20, "{} reactions", timeline.ticks.len());
    // The first reaction the Apply caused is shown: kubectl's request.
    assert!(view.position >= 1);
    let current = view.current.expect("a reaction shown");
    assert_eq!(current.actor, "kubectl");
    assert!(view.applied);

    // At the end: the pod runs on a node.
    let (_, view) = page.ask(Request::Seek { position: timeline.ticks.len() });
    let view = view.expect("a view");
    assert!(view.timeline.is_none(), "unchanged: not sent again");
    assert!(view.console.is_none(), "unchanged: not sent again");
    let pod = view.scene.nodes.iter().flat_map(|n| &n.pods).find(|p| p.name == "nginx").expect("nginx on a node");
    assert_eq!(pod.status, "Running");

    // A console command: its output comes with the view.
    let (answer, view) = page.ask(Request::Command { line: "kubectl get pods".into() });
    assert_eq!(answer, Answer::Ran { scratch: false });
    let console = view.expect("a view").console.expect("the console changed");
    let last = console.last().expect("an entry");
    assert!(last.output.starts_with("NAME    READY   STATUS    RESTARTS   AGE\nnginx   1/1     Running   0"), "{}", last.output);

    // Panels ask for their data.
    let wants = Wants { table: Some(podlife_protocol::TableKind::Pods), inspected: Some(("default".into(), "nginx".into())), builder: true, show_background: false };
    let (_, view) = page.ask(Request::Want(wants));
    let view = view.expect("a view");
    assert_eq!(view.table.expect("the pods table").rows[0][1], "nginx");
    assert_eq!(view.inspection.expect("the inspected pod").phase.value, "Running");
    assert!(view.suggestions.iter().any(|s| s.id.contains("nginx")), "{:?}", view.suggestions);

    // Unknown stories are refused without a view.
    assert_eq!(page.ask(Request::OpenScenario { id: "nope".into(), files: Vec::new() }), (Answer::NotFound("nope".into()), None));
}

#[test]
fn a_lesson_waits_for_the_course_then_opens() {
    let mut page = Page::new();
    let (answer, view) = page.ask(Request::OpenLesson { id: "first-pod".into(), files: Vec::new() });
    assert_eq!((answer, view), (Answer::NeedCourse, None));
    let waiting = page.seq;
    let replies = page.ask_all(Request::Course { bundle: bundle() });
    assert_eq!(replies.len(), 2, "the course, then the lesson that waited");
    let Answer::Course(Ok(course)) = &replies[0].1 else { panic!("{:?}", replies[0].1) };
    assert!(course.lessons().count() >= 48);
    assert_eq!(course.next_after("first-pod").map(|l| l.id.as_str()), Some(course.sequences[0].lessons[1].id.as_str()));
    assert_eq!(replies[1].0, waiting, "answered under the waiting request's number");
    let Answer::Opened(o) = &replies[1].1 else { panic!("{:?}", replies[1].1) };
    let lesson = o.lesson.as_ref().expect("the lesson");
    assert_eq!((lesson.id.as_str(), lesson.sequence.as_str()), ("first-pod", "birth"));
    assert!(!lesson.texts.text(Lang::Ko, "title").is_empty() && lesson.texts.ko.contains_key("title"));
    let status = replies[1].2.as_ref().expect("a view").lesson.clone().expect("the checklist");
    assert!(!status.all_goals_hold(), "after the setup alone");

    // A broken course is an answer, not a panic.
    let (answer, _) = page.ask(Request::Course { bundle: "{".into() });
    assert!(matches!(answer, Answer::Course(Err(_))), "{answer:?}");
}

#[test]
fn a_builder_lesson_survives_its_link_and_the_autosave() {
    let mut page = Page::new();
    let o = opened(page.ask(Request::OpenScenario { id: "nginx".into(), files: Vec::new() }).0);
    page.ask(Request::Apply { files: o.files.clone() });
    page.ask(Request::Command { line: "sleep 20".into() });
    let wants = Wants { builder: true, ..Wants::default() };
    let view = page.ask(Request::Want(wants)).1.expect("a view");
    let goal = view.suggestions.iter().find(|s| s.id.contains("running")).unwrap_or_else(|| panic!("{:?}", view.suggestions)).clone();
    let goals = vec![PickedGoal { id: goal.id.clone(), en: "nginx runs".into(), ko: "nginx가 실행된다".into() }];
    let (answer, _) = page.ask(Request::MakeLesson { title: "Mine".into(), intro: String::new(), files: o.files.clone(), goals });
    let Answer::Made(Ok(fragment)) = answer else { panic!("{answer:?}") };

    // The link opens it as a lesson of its own.
    let mut learner = Page::new();
    let (answer, _) = learner.ask(Request::OpenShared { fragment });
    let lesson = opened(answer).lesson.expect("a lesson");
    assert!(lesson.is_custom());
    assert_eq!(lesson.texts.text(Lang::En, "title"), "Mine");

    // The autosave keeps it: a reload opens the same lesson, not the sandbox.
    let (answer, _) = learner.ask(Request::Save { files: o.files.clone(), active_file: 0, lang: Lang::Ko });
    let Answer::Saved(Ok(saved)) = answer else { panic!("{answer:?}") };
    let mut reloaded = Page::new();
    let o = opened(reloaded.ask(Request::Restore { saved }).0);
    assert_eq!(o.lang, Some(Lang::Ko));
    let lesson = o.lesson.expect("the builder lesson restored");
    assert!(lesson.is_custom());
    assert_eq!(lesson.goals, vec![goal.id]);

    // A damaged record or link is reported.
    assert!(matches!(reloaded.ask(Request::Restore { saved: "{".into() }).0, Answer::Broken(_)));
    assert!(matches!(reloaded.ask(Request::OpenShared { fragment: "s1.!!!".into() }).0, Answer::Broken(_)));
}

#[test]
fn long_runs_report_progress() {
    let mut page = Page::new();
    let reports = Rc::new(RefCell::new(Vec::new()));
    let sink = reports.clone();
    page.host.set_progress(Rc::new(move |reactions, at_ms| sink.borrow_mut().push((reactions, at_ms))));
    let o = opened(page.ask(Request::OpenScenario { id: "nginx".into(), files: Vec::new() }).0);
    page.ask(Request::Apply { files: o.files });
    page.ask(Request::Command { line: "sleep 3600".into() });
    let reports = reports.borrow();
    assert!(reports.len() >= 2, "{} reports", reports.len());
    assert!(reports.windows(2).all(|w| w[0].1 <= w[1].1), "virtual time only moves on");
    assert!(reports.last().unwrap().1 > 600_000, "{:?}", reports.last());
}

#[test]
fn the_first_story_reuses_the_untouched_cluster_and_runs_as_a_fresh_one_would() {
    // The worker's first player is kept for the page's first story (nothing was given to it);
    // what it runs is what a freshly built player runs.
    let mut page = Page::new();
    let o = opened(page.ask(Request::OpenScenario { id: "nginx".into(), files: Vec::new() }).0);
    let o = opened(page.ask(Request::OpenScenario { id: "nginx".into(), files: o.files }).0);
    let ticks = page.ask(Request::Apply { files: o.files.clone() }).1.expect("a view").timeline.expect("a timeline").ticks.len();
    let mut fresh = podlife_player::Player::new(podlife_player::host::SEED);
    fresh.set_files(&o.files);
    fresh.apply(&o.files, 30_000);
    assert_eq!(ticks, fresh.reactions().len());
    // Once it has been given anything, a story starts on a new cluster.
    let before = page.host.player().log().len();
    assert!(before > 0);
    page.ask(Request::OpenScenario { id: "nginx".into(), files: Vec::new() });
    assert!(page.host.player().log().is_empty());
}

#[test]
fn names_are_sent_when_objects_come_or_go() {
    let mut page = Page::new();
    let (answer, _) = page.ask(Request::OpenScenario { id: "nginx".into(), files: Vec::new() });
    let files = opened(answer).files;
    let (_, view) = page.ask(Request::Apply { files });
    let end = view.expect("a view").timeline.expect("the timeline").ticks.len();
    let names_at = |page: &mut Page, position: usize| page.ask(Request::Seek { position }).1.expect("a view").names;

    let at_end = names_at(&mut page, end).or_else(|| names_at(&mut page, 0).and(names_at(&mut page, end))).expect("sent");
    assert!(at_end.pods.contains(&("default".to_string(), "nginx".to_string())), "{:?}", at_end.pods);
    assert!(at_end.objects.iter().any(|n| n == "nginx") && at_end.objects.iter().any(|n| n.starts_with("worker")), "{:?}", at_end.objects);
    assert_eq!(names_at(&mut page, end), None, "the same moment: not sent again");

    let before = names_at(&mut page, 0).expect("before the Apply there was no nginx pod: sent");
    assert!(!before.pods.iter().any(|(_, n)| n == "nginx"), "{:?}", before.pods);
    assert_eq!(names_at(&mut page, end), Some(at_end), "back at the end: sent again, as before");

    // A new run (a rewritten future) sends them again even where the objects are the same.
    page.ask(Request::Command { line: "kubectl get pods".into() });
    let (_, view) = page.ask(Request::Command { line: "kubectl label pod nginx tier=web".into() });
    assert!(view.expect("a view").names.is_some(), "the timeline changed");
}

/// A lesson whose setup applies one of its own files (`kubectl apply -f app.yaml`) finds it,
/// as `podlife lesson check` does — when it opens with the learner's edited files too, and
/// when the autosave brings the session back.
#[test]
fn a_lessons_setup_reads_the_lessons_own_files() {
    let setup_output = |view: &View| {
        let console = view.console.clone().expect("the console");
        assert!(!console.is_empty(), "the setup's commands are in the console");
        console[0].output.clone()
    };
    let mut page = Page::new();
    page.ask_all(Request::Course { bundle: bundle() });
    let edited = vec![("app.yaml".to_string(), "# the learner's own\n".to_string())];
    let (answer, view) = page.ask(Request::OpenLesson { id: "pid1-shell-form".into(), files: edited.clone() });
    let o = opened(answer);
    assert_eq!(o.files, edited, "the editor keeps the learner's files");
    let first = setup_output(&view.expect("a view"));
    assert_eq!(first, "pod/app created\n", "the setup applied the lesson's app.yaml");
    let (answer, _) = page.ask(Request::Save { files: o.files.clone(), active_file: 0, lang: Lang::En });
    let Answer::Saved(Ok(saved)) = answer else { panic!("{answer:?}") };
    let mut reloaded = Page::new();
    reloaded.ask_all(Request::Course { bundle: bundle() });
    let (answer, view) = reloaded.ask(Request::Restore { saved });
    assert_eq!(opened(answer).files, edited);
    assert_eq!(setup_output(&view.expect("a view")), first, "the replayed setup read the same file");

    // "Compare with a variant" runs the lesson's setup on both sides with the lesson's files.
    let compared = |answer: Answer| match answer {
        Answer::Compared { view, .. } => view,
        other => panic!("not compared: {other:?}"),
    };
    let view = compared(page.ask(Request::CompareOpen { from: podlife_protocol::CompareFrom::Variant { files: edited.clone() } }).0);
    for side in [&view.a, &view.b] {
        assert_eq!(side.console.clone().expect("a console")[0].output, first);
    }
    let (answer, _) = page.ask(Request::CompareShare);
    let Answer::Shared(Ok(link)) = answer else { panic!("{answer:?}") };
    let mut other = Page::new();
    let view = compared(other.ask(Request::OpenShared { fragment: link }).0);
    assert_eq!(view.a.console.expect("a console")[0].output, first, "the link replays the setup with the lesson's files");
}

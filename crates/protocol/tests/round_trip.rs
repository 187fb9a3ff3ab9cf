//! Every message the page and the worker exchange survives the wire format both ways, and a
//! damaged message is an error, not a panic.

use std::collections::BTreeSet;

use podlife_protocol::*;

fn round_trip<T: serde::Serialize + for<'de> serde::Deserialize<'de> + PartialEq + std::fmt::Debug>(value: &T) {
    let bytes = encode(value).expect("encodes");
    let back: T = decode(&bytes).expect("decodes");
    assert_eq!(&back, value);
    // Every strict prefix is refused (or read as something else), never a panic.
    for cut in 0..bytes.len() {
        let _ = decode::<T>(&bytes[..cut]);
    }
}

/// The name of a request's variant; the match is exhaustive, so a new variant fails to
/// compile here until this test covers it.
fn request_name(r: &Request) -> &'static str {
    match r {
        Request::OpenScenario { .. } => "OpenScenario",
        Request::OpenLesson { .. } => "OpenLesson",
        Request::OpenShared { .. } => "OpenShared",
        Request::Restore { .. } => "Restore",
        Request::Course { .. } => "Course",
        Request::Files(_) => "Files",
        Request::Check { .. } => "Check",
        Request::Apply { .. } => "Apply",
        Request::Delete { .. } => "Delete",
        Request::Command { .. } => "Command",
        Request::Seek { .. } => "Seek",
        Request::Want(_) => "Want",
        Request::Hint => "Hint",
        Request::Pick { .. } => "Pick",
        Request::Save { .. } => "Save",
        Request::Share { .. } => "Share",
        Request::MakeLesson { .. } => "MakeLesson",
    }
}

fn answer_name(a: &Answer) -> &'static str {
    match a {
        Answer::Done => "Done",
        Answer::Opened(_) => "Opened",
        Answer::NeedCourse => "NeedCourse",
        Answer::Course(_) => "Course",
        Answer::NotFound(_) => "NotFound",
        Answer::Applied(_) => "Applied",
        Answer::Checked { .. } => "Checked",
        Answer::Ran { .. } => "Ran",
        Answer::Saved(_) => "Saved",
        Answer::Shared(_) => "Shared",
        Answer::Made(_) => "Made",
        Answer::Broken(_) => "Broken",
    }
}

fn from_worker_name(m: &FromWorker) -> &'static str {
    match m {
        FromWorker::Ready { .. } => "Ready",
        FromWorker::Progress { .. } => "Progress",
        FromWorker::Reply { .. } => "Reply",
        FromWorker::Crashed { .. } => "Crashed",
    }
}

fn files() -> Vec<File> {
    vec![("pod.yaml".into(), "apiVersion: v1\nkind: Pod\n# 한국어\n".into())]
}

fn texts() -> Texts {
    let mut t = Texts::default();
    t.en.insert("title".into(), "First pod".into());
    t.ko.insert("title".into(), "첫 파드".into());
    t
}

/// A view with every part filled.
fn full_view() -> View {
    let pod = PodView {
        namespace: "default".into(),
        name: "web".into(),
        status: "Running".into(),
        ready: "1/1".into(),
        containers: vec![ContainerView { name: "app".into(), state: "running".into(), reason: String::new(), ready: true, init: false }],
        terminating: false,
    };
    let state = State { kind: "terminated".into(), reason: "OOMKilled".into(), message: String::new(), exit_code: Some(137), signal: None, started: "t0".into(), finished: "t1".into() };
    View {
        position: 7,
        time_ms: 12_345,
        timeline: Some(Timeline { version: 3, lanes: vec!["kubectl".into(), "kubelet (worker-1)".into()], ticks: vec![Tick { ms: 5, lane: 1, background: true, failed: false }, Tick { ms: u64::MAX - 1, lane: u32::MAX, background: false, failed: true }, Tick { ms: 70 * 60_000, lane: 0, background: true, failed: true }] }),
        cap: Some(Cap::Engine { reactions: 9, at_ms: 1, why: StopWhy::Waiting("168h0m0s".into()) }),
        scene: Scene {
            nodes: vec![NodeView { name: "worker-1".into(), ready: true, pods: vec![pod.clone()], pod_count: 12 }],
            unscheduled: vec![pod],
            unscheduled_count: 1,
            active: vec![Component::control_plane("kube-apiserver")],
            edges: vec![Edge { from: Component::on_node("kubelet", "worker-1"), to: Component::control_plane("kube-apiserver"), label: "PATCH".into() }],
            stages: vec!["authn".into()],
            refused_at: Some("admission".into()),
        },
        current: Some(Current {
            time_ms: 3,
            actor: "kubelet (worker-1)".into(),
            controller: Some("deployment-controller".into()),
            object: "Pod/web".into(),
            background: false,
            message: Message { id: "explain-step".into(), args: vec![("n".into(), Arg::Number(1.5)), ("who".into(), Arg::Text("x".into()))] },
            changes: Changes::Updated(vec![FieldChange { path: "status.phase".into(), before: "\"Pending\"".into(), after: "\"Running\"".into() }]),
            cycle: Some(CycleTable {
                plugins: vec![("NodeResourcesFit".into(), 1)],
                rows: vec![CycleRow { node: "worker-1".into(), rejected: Some(("TaintToleration".into(), "UnschedulableAndUnresolvable".into(), "taint".into())), scores: vec![(1, 2)], total: Some(3), chosen: true }],
                not_evaluated: vec!["worker-9".into()],
                message: Some("0/3 nodes are available".into()),
            }),
            raw: "0.001 kubelet …\n".into(),
            events: 4,
        }),
        console: Some(vec![ConsoleEntry { line: "kubectl get pods".into(), output: "No resources found in default namespace.\n".into(), failed: false, position: 2, scratch: true }]),
        names: Some(Names { objects: vec!["web".into(), "worker-1".into()], pods: vec![("default".into(), "web".into())] }),
        table: Some(Table { headers: vec!["NAME".into()], rows: vec![vec!["web".into()]] }),
        inspection: Some(Inspection {
            namespace: "default".into(),
            name: "web".into(),
            node: "worker-1".into(),
            ip: "10.244.1.2".into(),
            phase: Field { value: "Running".into(), changed: true },
            status: Field::default(),
            ready: Field::default(),
            conditions: vec![Condition { kind: "Ready".into(), status: "True".into(), reason: String::new(), message: String::new(), since: "t".into(), changed: false }],
            containers: vec![Container { name: "app".into(), kind: ContainerKind::Sidecar, state: state.clone(), last: Some(state), ready: true, started: Some(true), restarts: 2, changed: true }],
            terminating: false,
        }),
        lesson: Some(LessonStatus {
            goals: vec![true, false],
            questions: vec![Asked::Waiting, Asked::Open { at: 3, picked: Some("a".into()) }, Asked::Revealed { at: 5, picked: None, evidence: Some(4) }],
            hints_shown: 1,
            asked_now: true,
        }),
        suggestions: vec![Suggestion { id: "web-running".into(), message: Message::with("builder-goal-phase", &[("pod", "web".into())]) }],
        applied: true,
    }
}

#[test]
fn every_request_round_trips() {
    let requests = vec![
        Request::OpenScenario { id: "nginx".into(), files: files() },
        Request::OpenLesson { id: "first-pod".into(), files: Vec::new() },
        Request::OpenShared { fragment: "s1.abc".into() },
        Request::Restore { saved: "{\"v\":1}".into() },
        Request::Course { bundle: "{}".into() },
        Request::Files(files()),
        Request::Check { name: "pod.yaml".into(), text: "kind: Pod".into() },
        Request::Apply { files: files() },
        Request::Delete { files: files() },
        Request::Command { line: "kubectl get pods".into() },
        Request::Seek { position: 42 },
        Request::Want(Wants { table: Some(TableKind::Pods), inspected: Some(("default".into(), "web".into())), builder: true, show_background: true }),
        Request::Hint,
        Request::Pick { index: 1, choice: "pull-first".into() },
        Request::Save { files: files(), active_file: 0, lang: Lang::Ko },
        Request::Share { files: files() },
        Request::MakeLesson { title: "t".into(), intro: "i".into(), files: files(), goals: vec![PickedGoal { id: "g".into(), en: "e".into(), ko: "한".into() }] },
    ];
    let names: BTreeSet<_> = requests.iter().map(request_name).collect();
    assert_eq!(names.len(), requests.len(), "one of each variant");
    for r in &requests {
        round_trip(&ToWorker { seq: 9, request: r.clone() });
    }
}

#[test]
fn every_reply_round_trips() {
    let lesson = LessonInfo {
        id: "first-pod".into(),
        sequence: "birth".into(),
        texts: texts(),
        goals: vec!["running".into()],
        hints: 2,
        questions: vec![QuestionInfo { id: "q".into(), choices: vec!["a".into(), "b".into()], answer: "a".into() }],
        solution_commands: vec!["kubectl apply -f pod.yaml".into()],
        files: files(),
    };
    let course = CourseInfo { texts: texts(), sequences: vec![SequenceInfo { id: "birth".into(), lessons: vec![LessonEntry { id: "first-pod".into(), texts: texts() }] }] };
    let answers = vec![
        Answer::Done,
        Answer::Opened(Opened { scenario: "nginx".into(), lesson: Some(lesson), files: files(), active_file: 0, applied: true, lang: Some(Lang::En) }),
        Answer::NeedCourse,
        Answer::Course(Ok(course)),
        Answer::NotFound("nope".into()),
        Answer::Applied(vec![FileResult { name: "pod.yaml".into(), diagnostics: vec![Diagnostic { line: 3, column: 5, message: "error".into() }], failed: true }]),
        Answer::Checked { name: "pod.yaml".into(), diagnostics: Vec::new() },
        Answer::Ran { scratch: false },
        Answer::Saved(Err("too large".into())),
        Answer::Shared(Ok("s1.x".into())),
        Answer::Made(Err(vec!["goal already holds".into()])),
        Answer::Broken("not JSON".into()),
    ];
    let names: BTreeSet<_> = answers.iter().map(answer_name).collect();
    assert_eq!(names.len(), answers.len(), "one of each variant");
    let messages: Vec<FromWorker> = [FromWorker::Ready { version: VERSION }, FromWorker::Progress { seq: 1, reactions: 500, at_ms: 60_000 }, FromWorker::Crashed { message: "boom".into() }]
        .into_iter()
        .chain(answers.into_iter().map(|answer| FromWorker::Reply { seq: 2, answer, view: Some(Box::new(full_view())), memory_bytes: 1 << 26 }))
        .collect();
    let names: BTreeSet<_> = messages.iter().map(from_worker_name).collect();
    assert_eq!(names.len(), 4, "every kind of message");
    for m in &messages {
        round_trip(m);
    }
}

#[test]
fn garbage_is_an_error() {
    assert!(decode::<ToWorker>(&[0xff; 3]).is_err());
    assert!(decode::<FromWorker>(&[]).is_err());
    // A variant index past the last.
    assert!(decode::<FromWorker>(&[9, 0, 0, 0]).is_err());
}

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
        Request::CompareOpen { .. } => "CompareOpen",
        Request::CompareFiles { .. } => "CompareFiles",
        Request::CompareApply { .. } => "CompareApply",
        Request::CompareCommand { .. } => "CompareCommand",
        Request::CompareSeek { .. } => "CompareSeek",
        Request::CompareShare => "CompareShare",
        Request::CompareClose => "CompareClose",
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
        Answer::Compared { .. } => "Compared",
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

/// A compare view with every part filled (every outcome value's kind, both variants).
fn full_compare_view() -> CompareView {
    let view = full_view();
    let side = |position: usize| CompareSide {
        position,
        time_ms: 1_500,
        end_ms: 60_000,
        timeline: Some(CompareTimeline { timeline: view.timeline.clone().expect("a timeline"), only_here: vec![0, 2] }),
        current: view.current.clone(),
        console: view.console.clone(),
        scene: view.scene.clone(),
        cap: Some(Cap::Steps { steps: 100_000, at_ms: 5 }),
    };
    let values = [
        OutcomeValue::Count(21),
        OutcomeValue::Millis(5_100),
        OutcomeValue::Never,
        OutcomeValue::Text("1000 requests: 979 ok, 21 failed (0 502, 0 reset, 21 timeout)".into()),
        OutcomeValue::PerSecond(vec![(2, 11), (3, 10)]),
        OutcomeValue::Exits(vec![("app".into(), 137, "Error".into())]),
    ];
    CompareView {
        builtin: Some("prestop".into()),
        seed: 7,
        time_ms: 12_000,
        focus: Some(Variant::B),
        a: side(4),
        b: CompareSide { timeline: None, console: None, current: None, ..side(9) },
        only: Some((
            vec![OnlyIn { variant: Variant::A, position: 4, time_ms: 11_000, component: "kubelet".into(), node: Some("worker-1".into()), action: "signal".into(), object: "Pod/web-*-*".into(), detail: vec![("signal".into(), "SIGKILL".into())] }],
            250,
        )),
        outcomes: Some(values.iter().enumerate().map(|(i, v)| OutcomeRow { subject: "pod/app".into(), measure: "pod.exit".into(), a: Some(v.clone()), b: (i % 2 == 0).then(|| values[0].clone()), differs: i != 0 }).collect()),
        files: Some((files(), Vec::new())),
        diff: Some(FilesDiff {
            files: vec![FileDiff { name: "pod.yaml".into(), in_a: true, in_b: false, hunks: vec![DiffHunk { a_start: 0, a_lines: vec!["kind: Pod".into()], b_start: 0, b_lines: vec![] }], approximate: true }],
            truncated: true,
        }),
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
        Request::CompareOpen { from: CompareFrom::Builtin { id: "prestop".into() } },
        Request::CompareFiles { variant: Variant::B, files: files() },
        Request::CompareApply { a: files(), b: Vec::new() },
        Request::CompareCommand { line: "kubectl delete pod web-2".into() },
        Request::CompareSeek { to: CompareTo::Time { ms: u64::MAX } },
        Request::CompareShare,
        Request::CompareClose,
    ];
    // Every way to start a comparison and every way to move it.
    for from in [CompareFrom::Builtin { id: "pid1-form".into() }, CompareFrom::Variant { files: files() }] {
        round_trip(&ToWorker { seq: 1, request: Request::CompareOpen { from } });
    }
    for to in [CompareTo::Time { ms: 0 }, CompareTo::Step { forward: true }, CompareTo::Step { forward: false }, CompareTo::Positions { a: 3, b: usize::MAX }] {
        round_trip(&ToWorker { seq: 1, request: Request::CompareSeek { to } });
    }
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
        compare: Some("pid1-form".into()),
    };
    let course = CourseInfo { texts: texts(), sequences: vec![SequenceInfo { id: "birth".into(), lessons: vec![LessonEntry { id: "first-pod".into(), texts: texts() }] }] };
    let answers = vec![
        Answer::Done,
        Answer::Opened(Box::new(Opened { scenario: "nginx".into(), lesson: Some(lesson), files: files(), active_file: 0, applied: true, lang: Some(Lang::En) })),
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
        Answer::Compared { a_results: Vec::new(), b_results: vec![FileResult { name: "b.yaml".into(), diagnostics: Vec::new(), failed: false }], view: Box::new(full_compare_view()) },
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

/// Every reason the engine gives for stopping, as the view carries it.
#[test]
fn every_stop_reason_round_trips() {
    let reasons = [
        StopWhy::TraceFull(1_000_000),
        StopWhy::Steps(5_000_000),
        StopWhy::Reactions(20_000),
        StopWhy::Work { units: 1_000_000, pods_per_extra_unit: 2_000, objects_per_extra_unit: 100 },
        StopWhy::Waiting("168h0m0s".into()),
    ];
    for why in reasons {
        let name = match &why {
            StopWhy::TraceFull(_) => "TraceFull",
            StopWhy::Steps(_) => "Steps",
            StopWhy::Reactions(_) => "Reactions",
            StopWhy::Work { .. } => "Work",
            StopWhy::Waiting(_) => "Waiting",
        };
        let cap = Cap::Engine { reactions: 9, at_ms: 1, why };
        round_trip(&cap);
        assert!(!name.is_empty());
    }
}

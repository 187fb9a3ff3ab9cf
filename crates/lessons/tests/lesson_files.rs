//! A malformed lesson is an error that names its file, line, column and field, in words an
//! author can act on.

use podlife_lessons::Lesson;

const FTL_EN: &str = "title = T\nintro = I\ngoal-a = A\n";
const FTL_KO: &str = "title = 티\nintro = 소개\ngoal-a = 가\n";

fn load(lesson_yaml: &str, extra: &[(&str, &str)]) -> Result<Lesson, String> {
    let files = |p: &str| -> Option<String> {
        let name = p.strip_prefix("course/s/l/")?;
        match name {
            "lesson.yaml" => Some(lesson_yaml.to_string()),
            "solution.sh" => Some("kubectl get pods\n".into()),
            "web.yaml" => Some("kind: Pod\n".into()),
            n => extra.iter().find(|(k, _)| *k == n).map(|(_, v)| v.to_string()).or_else(|| match n {
                "en.ftl" => Some(FTL_EN.into()),
                "ko.ftl" => Some(FTL_KO.into()),
                _ => None,
            }),
        }
    };
    Lesson::load(&files, "course/s/l", "s").map_err(|e| e.to_string())
}

const OK: &str = "id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {object: pod/web, field: status.phase, is: Running}\n";

#[test]
fn a_good_lesson_reads() {
    let l = load(OK, &[]).expect("valid");
    assert_eq!(l.goals.len(), 1);
    assert_eq!(l.solution_commands(), vec!["kubectl get pods"]);
}

#[test]
fn mistakes_are_named_with_their_place() {
    let cases: &[(&str, &str)] = &[
        ("id: m\nsolution: solution.sh\ngoals: []\n", "course/s/l/lesson.yaml:1:1: id: the id \"m\" differs from its folder's name \"l\""),
        ("id: l\nsolution: solution.sh\ngoals: []\n", "course/s/l/lesson.yaml:3:1: goals: a lesson needs at least one goal"),
        ("id: l\nsolution: nope.sh\ngoals: []\n", "course/s/l/lesson.yaml:2:1: solution: course/s/l/nope.sh: no such file"),
        (
            "id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {object: pod/web, feild: status.phase, is: Running}\n",
            "course/s/l/lesson.yaml:5:28: goals[0].check.feild: unknown field \"feild\": expected one of at-least, at-most, column, condition, container, contains, exists, field, is, is-not, namespace, object, one-of",
        ),
        (
            "id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {happened: scheduler.binds}\n",
            "goals[0].check.happened: unknown reaction \"scheduler.binds\": expected one of request, authn",
        ),
        ("id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {object: pdo/web, field: x, is: 1}\n", "the server doesn't have a resource type \"pdo\""),
        ("id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {object: pod/web, column: STATE, is: x}\n", "kubectl get pods has no column \"STATE\": expected one of NAME, READY, STATUS"),
        ("id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {object: pod/web, field: status.phase}\n", "goals[0].check: a comparison is missing"),
        ("id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {object: pod/web, field: \"a[\", is: 1}\n", "field path \"a[\": an unterminated ["),
        ("id: l\nsolution: solution.sh\ngoals:\n- id: b\n  check: {object: pod/web, field: status.phase, is: Running}\n", "course/s/l/en.ftl: missing message goal-b"),
        (
            "id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {object: pod/web, field: status.phase, is: Running}\nquestions:\n- id: q\n  ask-when: {happened: scheduler.bind}\n  choices: [{id: x}, {id: z}]\n  answer: x\n",
            "answer: the answer \"x\" needs a true-if",
        ),
        (
            "id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {object: pod/web, field: status.phase, is: Running}\nquestions:\n- id: q\n  ask-when: {happened: scheduler.bind}\n  choices: [{id: yes}, {id: no}]\n  answer: yes\n",
            "lesson.yaml:9:14: questions[0].choices[0].id: expected a string: YAML reads y, yes, no, on, off, true and false as booleans unless quoted",
        ),
        ("id: l\nsolution: solution.sh\nfiles: [web.yaml, web.yaml]\ngoals: []\n", "files[1]: \"web.yaml\" is listed twice"),
        ("id: l\nsolution: solution.sh\ngoals:\n- id: a\n  check: {ever: {not: {nope: 1}}}\n", "goals[0].check.ever.not: a predicate needs one of: object, count, event"),
    ];
    let mut wrong = Vec::new();
    for (yaml, want) in cases {
        match load(yaml, &[]) {
            Ok(_) => wrong.push(format!("for\n{yaml}\nwanted … {want} …\ngot no error")),
            Err(got) if !got.contains(want) => wrong.push(format!("for\n{yaml}\nwanted … {want} …\ngot {got}")),
            Err(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn a_lesson_names_a_built_in_comparison() {
    let yaml = format!("{OK}compare: pid1-form\n");
    let ftl = [("en.ftl", "title = T\nintro = I\ngoal-a = A\ncompare = See both\n"), ("ko.ftl", "title = 티\nintro = 소개\ngoal-a = 가\ncompare = 둘 다 보기\n")];
    let l = load(&yaml, &ftl).expect("valid");
    assert_eq!(l.compare.as_deref(), Some("pid1-form"));
    assert!(l.text_ids().contains(&"compare".to_string()));
    assert_eq!(load(OK, &[]).expect("valid").compare, None, "optional");

    // An id that is not a built-in comparison names the file, the place and the known ids.
    let got = load(&format!("{OK}compare: pid1\n"), &ftl).map(|_| ()).unwrap_err();
    assert_eq!(got, "course/s/l/lesson.yaml:6:1: compare: unknown built-in comparison \"pid1\": expected one of prestop, max-unavailable, startup-probe, pid1-form");
    // Its invitation is a text in both languages.
    let got = load(&yaml, &[ftl[0]]).map(|_| ()).unwrap_err();
    assert_eq!(got, "course/s/l/ko.ftl: missing message compare");
}

#[test]
fn a_script_error_names_the_script() {
    let got = load("id: l\nsolution: solution.sh\nsetup: setup.sh\ngoals:\n- id: a\n  check: {object: pod/web, field: status.phase, is: Running}\n", &[("setup.sh", "kubectl apply -f - <<EOF\nkind: Pod\n")]).map(|_| ()).unwrap_err();
    assert!(got.starts_with("course/s/l/setup.sh:1:1: "), "{got}");
}

#[test]
fn a_korean_text_left_empty_is_refused() {
    let got = load(OK, &[("ko.ftl", "title = 티\nintro = 소개\ngoal-a = { \"\" }\n")]).map(|_| ()).unwrap_err();
    assert_eq!(got, "course/s/l/ko.ftl: message goal-a is empty");
}

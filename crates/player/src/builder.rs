//! The lesson builder: from the sandbox, "make a lesson from this" — the current files, the
//! commands run so far as the solution, and goals picked from suggestions read off the moment
//! shown — written as the same files a built-in lesson has (`lesson.yaml`, `setup.sh`,
//! `solution.sh`, `en.ftl`, `ko.ftl`, the tabs), so it is read, checked and played by the same
//! code. A share link carries those files.

use podlife_lessons::{Lesson, ReadError};
use serde_json::{Value, json};

use crate::history::key_of_ref;
use crate::player::{Input, Logged};
use crate::Player;

/// A goal the builder offers: its check (a goal-language predicate as JSON) and the message
/// (a Fluent id in `ui.ftl` and its arguments) that words it in each language.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    /// Kebab-case and unique among the suggestions: the goal's id.
    pub id: String,
    pub check: Value,
    pub message: &'static str,
    pub args: Vec<(&'static str, String)>,
}

fn kebab(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// What holds at the moment shown that a lesson could ask for.
pub fn suggestions(player: &Player) -> Vec<Suggestion> {
    let history = player.history();
    let revision = player.revision();
    let mut out = Vec::new();
    let mut push = |id: String, check: Value, message: &'static str, args: Vec<(&'static str, String)>| {
        if !out.iter().any(|s: &Suggestion| s.id == id) {
            out.push(Suggestion { id, check, message, args });
        }
    };
    let now = player.time();
    for pod in history.list("Pod", revision) {
        let ns = pod["metadata"]["namespace"].as_str().unwrap_or_default();
        if ns == "kube-system" {
            continue;
        }
        let name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let target = format!("pod/{name}");
        let with_ns = |mut v: Value| {
            if ns != "default" {
                v["namespace"] = json!(ns);
            }
            v
        };
        if let Some(phase) = pod["status"]["phase"].as_str() {
            push(kebab(&format!("{name}-phase-{phase}")), with_ns(json!({"object": target, "field": "status.phase", "is": phase})), "builder-goal-phase", vec![("pod", name.clone()), ("phase", phase.into())]);
        }
        let headers = podlife_console::printers::columns::headers("Pod", false);
        let row = podlife_console::printers::columns::row("Pod", &pod.to_value(), now, false);
        if let Some(status) = headers.iter().position(|h| *h == "STATUS").and_then(|i| row.get(i)) {
            push(kebab(&format!("{name}-status-{status}")), with_ns(json!({"ever": {"object": target, "column": "STATUS", "is": status}})), "builder-goal-status", vec![("pod", name.clone()), ("status", status.clone())]);
        }
        if let Some(ready) = pod["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "Ready")).and_then(|c| c["status"].as_str()) {
            push(kebab(&format!("{name}-ready-{ready}")), with_ns(json!({"object": target, "condition": "Ready", "is": ready})), "builder-goal-ready", vec![("pod", name.clone()), ("ready", ready.into())]);
        }
        for c in pod["status"]["containerStatuses"].as_array().into_iter().flatten() {
            let cname = c["name"].as_str().unwrap_or_default().to_string();
            let restarts = c["restartCount"].as_u64().unwrap_or(0);
            if restarts > 0 {
                push(kebab(&format!("{name}-{cname}-restarts")), with_ns(json!({"object": target, "container": cname, "field": "restartCount", "at-least": restarts})), "builder-goal-restarts", vec![("pod", name.clone()), ("container", cname.clone()), ("count", restarts.to_string())]);
            }
            if let Some(reason) = c["lastState"]["terminated"]["reason"].as_str() {
                push(kebab(&format!("{name}-{cname}-last-{reason}")), with_ns(json!({"ever": {"object": target, "container": cname, "field": "lastState.terminated.reason", "is": reason}})), "builder-goal-last-reason", vec![("pod", name.clone()), ("container", cname.clone()), ("reason", reason.into())]);
            }
        }
    }
    for kind in ["Deployment", "StatefulSet", "ReplicaSet"] {
        for o in history.list(kind, revision) {
            let name = o["metadata"]["name"].as_str().unwrap_or_default().to_string();
            if o["metadata"]["namespace"] != "default" || (kind == "ReplicaSet" && o["metadata"]["ownerReferences"].is_array()) {
                continue;
            }
            let ready = o["status"]["readyReplicas"].as_u64().unwrap_or(0);
            push(kebab(&format!("{kind}-{name}-ready")), json!({"object": format!("{}/{name}", kind.to_ascii_lowercase()), "field": "status.readyReplicas", "is": ready}), "builder-goal-workload-ready", vec![("kind", kind.into()), ("name", name), ("count", ready.to_string())]);
        }
    }
    for e in history.list("Event", revision) {
        if e["type"] != "Warning" || e["involvedObject"]["namespace"] != "default" {
            continue;
        }
        let reason = e["reason"].as_str().unwrap_or_default().to_string();
        let kind = e["involvedObject"]["kind"].as_str().unwrap_or_default().to_string();
        let name = e["involvedObject"]["name"].as_str().unwrap_or_default().to_string();
        push(kebab(&format!("event-{reason}-{name}")), json!({"event": reason, "object": format!("{}/{name}", kind.to_ascii_lowercase()), "type": "Warning"}), "builder-goal-event", vec![("reason", reason.clone()), ("object", format!("{kind}/{name}"))]);
    }
    let upto = player.position().checked_sub(1).and_then(|i| player.reactions().get(i)).map_or(0, |r| r.events.end);
    for e in player.trace()[..upto].iter().filter(|e| e.action == podlife_engine::Action::TrafficDone) {
        let Some(o) = &e.object else { continue };
        let (_, _, name) = key_of_ref(o);
        let get = |k: &str| e.params.get(k).and_then(|v| v.as_u64()).unwrap_or(0);
        let failed = get("requests").saturating_sub(get("ok"));
        push(kebab(&format!("traffic-{name}-failed")), json!({"traffic": format!("svc/{name}"), "measure": "failed", "is": failed}), "builder-goal-traffic", vec![("service", name), ("failed", failed.to_string())]);
    }
    out
}

/// The inputs after the first (the setup) as a podlife script, with `sleep`s for the virtual
/// time that passed between them, so the CLI replays what the app did.
pub fn solution_of(player: &Player, log: &[Logged]) -> (String, String) {
    let time_at = |position: usize| match position.checked_sub(1).and_then(|i| player.reactions().get(i)) {
        Some(r) => r.time,
        None => player.reactions().first().map_or_else(|| player.end_time(), |r| r.time),
    };
    let mut setup = String::new();
    let mut script = String::new();
    for (i, entry) in log.iter().enumerate() {
        let text = match &entry.input {
            Input::Script { text } if i == 0 => {
                setup = text.clone();
                continue;
            }
            Input::Script { text } => text.clone(),
            Input::Apply { files, .. } | Input::Delete { files, .. } => {
                let verb = if matches!(entry.input, Input::Apply { .. }) { "apply" } else { "delete" };
                files
                    .iter()
                    .filter(|(_, t)| !t.trim().is_empty())
                    .map(|(name, t)| format!("# {name}\nkubectl {verb} -f - <<'EOF'\n{}\nEOF\n", t.trim_end()))
                    .collect()
            }
            Input::Command { line } => format!("{line}\n"),
            // Only a comparison's players wait; the time passed is a `sleep` below.
            Input::Wait { .. } => String::new(),
        };
        script.push_str(&text);
        if !script.ends_with('\n') {
            script.push('\n');
        }
        let next = log.get(i + 1).map_or_else(|| player.end_time(), |n| time_at(n.at));
        let ms = next.millis().saturating_sub(time_at(entry.at).millis());
        if ms >= 1000 {
            script.push_str(&format!("sleep {}\n", ms.div_ceil(1000)));
        }
    }
    (setup, script)
}

/// A text as a Fluent message value: continuation lines indented, braces and line-leading
/// special characters quoted.
pub fn fluent_value(text: &str) -> String {
    let lines: Vec<String> = text
        .trim()
        .lines()
        .map(|l| {
            let l = l.replace('{', "\u{1}").replace('}', "{\"}\"}").replace('\u{1}', "{\"{\"}");
            // Fluent reads `[`, `*` and `.` after a continuation line's indent as syntax.
            let body = l.trim_start_matches(' ');
            match body.chars().next() {
                Some(c @ ('[' | '*' | '.')) => format!("{}{{\"{c}\"}}{}", &l[..l.len() - body.len()], &body[1..]),
                _ => l,
            }
        })
        .filter(|l| !l.trim().is_empty())
        .collect();
    match lines.as_slice() {
        [] => "{\"\"}".into(),
        [one] => one.clone(),
        many => format!("\n    {}", many.join("\n    ")),
    }
}

/// A lesson made in the builder.
pub struct Draft {
    pub title: String,
    pub intro: String,
    /// The editor's tabs.
    pub files: Vec<(String, String)>,
    pub setup: String,
    pub solution: String,
    /// The goals picked, each with its text in English and Korean.
    pub goals: Vec<(Suggestion, String, String)>,
}

/// The id every builder lesson has (its folder is `custom/made-here`).
pub const CUSTOM_ID: &str = "made-here";

/// The lesson's files (names inside its folder).
pub fn lesson_files(d: &Draft) -> Vec<(String, String)> {
    let mut goals = Vec::new();
    let mut en = format!("title = {}\nintro = {}\n", fluent_value(&d.title), fluent_value(&d.intro));
    let mut ko = en.clone();
    for (s, text_en, text_ko) in &d.goals {
        goals.push(json!({"id": s.id, "check": s.check}));
        en.push_str(&format!("goal-{} = {}\n", s.id, fluent_value(text_en)));
        ko.push_str(&format!("goal-{} = {}\n", s.id, fluent_value(text_ko)));
    }
    let tabs: Vec<&str> = d.files.iter().map(|(n, _)| n.as_str()).collect();
    // JSON is YAML: the lesson file is written by serde_json, so no value needs quoting rules.
    let lesson = json!({"id": CUSTOM_ID, "files": tabs, "setup": "setup.sh", "solution": "solution.sh", "goals": goals});
    let mut files = vec![
        ("lesson.yaml".to_string(), format!("{lesson:#}\n")),
        ("setup.sh".to_string(), d.setup.clone()),
        ("solution.sh".to_string(), d.solution.clone()),
        ("en.ftl".to_string(), en),
        ("ko.ftl".to_string(), ko),
    ];
    files.extend(d.files.iter().cloned());
    files
}

/// Reads a builder lesson from its files, as a built-in one is read.
pub fn load(files: &[(String, String)]) -> Result<Lesson, ReadError> {
    let dir = format!("custom/{CUSTOM_ID}");
    let read = |path: &str| path.strip_prefix(&format!("{dir}/")).and_then(|name| files.iter().find(|(n, _)| n == name)).map(|(_, t)| t.clone());
    Lesson::load(&read, &dir, "custom")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fluent_values_are_escaped() {
        assert_eq!(fluent_value("a {b}"), "a {\"{\"}b{\"}\"}");
        assert_eq!(fluent_value("one\n* two"), "\n    one\n    {\"*\"} two");
        assert_eq!(fluent_value("  "), "{\"\"}");
    }

    /// What Fluent itself makes of `msg = VALUE` (resolved without arguments, trimmed).
    fn fluent_reads(value: &str) -> Option<String> {
        use fluent_bundle::{FluentBundle, FluentResource};
        let resource = FluentResource::try_new(format!("msg = {value}\n")).ok()?;
        let mut bundle = FluentBundle::new(vec!["en".parse::<unic_langid::LanguageIdentifier>().unwrap()]);
        bundle.set_use_isolating(false);
        bundle.add_resource(resource).ok()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(bundle.get_message("msg")?.value()?, None, &mut errors).trim().to_string();
        errors.is_empty().then_some(text)
    }

    proptest::proptest! {
        /// Whatever a learner types, the quoted value is valid Fluent, and the lessons'
        /// Fluent subset reads it as Fluent does.
        #[test]
        fn quoted_values_read_as_fluent_reads_them(text in "([ a-z{}*.\\[\\]\"\\\\#=-]|\n){0,40}") {
            let value = fluent_value(&text);
            let expected = fluent_reads(&value);
            proptest::prop_assert!(expected.is_some(), "Fluent refuses {:?}", value);
            let ours = podlife_lessons::ftl::parse(&format!("msg = {value}\n"));
            proptest::prop_assert!(ours.errors.is_empty(), "{:?}: {:?}", value, ours.errors);
            proptest::prop_assert_eq!(ours.messages.first().map(|(_, t)| t.clone()), expected);
        }
    }

    #[test]
    fn a_session_becomes_a_lesson_that_its_own_solution_solves() {
        let mut player = Player::new(1);
        let files = vec![("web.yaml".to_string(), "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: busybox:1.36\n    command: [\"sh\", \"-c\", \"exit 1\"]\n".to_string())];
        player.set_files(&files);
        player.apply(&files, 60_000);
        player.seek(player.reactions().len());
        let suggestions = suggestions(&player);
        let restarts = suggestions.iter().find(|s| s.message == "builder-goal-restarts").expect("the container restarted").clone();
        let phase = suggestions.iter().find(|s| s.message == "builder-goal-phase").expect("a phase").clone();
        let (setup, solution) = solution_of(&player, player.log());
        assert!(solution.contains("kubectl apply -f - <<'EOF'"), "{solution}");
        assert!(solution.contains("sleep "), "{solution}");
        let draft = Draft {
            title: "Crash {loop}".into(),
            intro: "Apply it.\n[watch] it crash".into(),
            files: files.clone(),
            setup,
            solution,
            goals: vec![(restarts, "it restarts".into(), "재시작한다".into()), (phase, "it runs".into(), "실행된다".into())],
        };
        let lesson = load(&lesson_files(&draft)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(lesson.goals.len(), 2);
        assert_eq!(lesson.texts.text(podlife_lessons::Lang::En, "title"), "Crash {loop}");
        let problems = podlife_lessons::run::verify(&lesson);
        assert!(problems.is_empty(), "{problems:?}");
    }
}

//! The player end to end on the default cluster: apply, step, go back, act in the past, replay.

use podlife_player::explain::{MESSAGE_IDS, explain};
use podlife_player::view::explain_reaction;
use podlife_i18n::{Lang, Localizer};
use podlife_player::reaction::Kind;
use podlife_player::view::{self, Changes};
use podlife_player::{Input, Player};

const NGINX: &str = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n    ports:\n    - containerPort: 80\n";

fn files(text: &str) -> Vec<(String, String)> {
    vec![("pod.yaml".to_string(), text.to_string())]
}

fn applied() -> Player {
    let mut p = Player::new(1);
    let results = p.apply(&files(NGINX), 0);
    assert!(results.iter().all(|r| !r.failed && r.diagnostics.is_empty()), "{results:?}");
    p
}

fn status_of(p: &Player, pod: &str) -> Option<String> {
    let scene = view::scene(p);
    scene.nodes.iter().flat_map(|n| n.pods.iter()).chain(scene.unscheduled.iter()).find(|v| v.name == pod).map(|v| v.status.clone())
}

#[test]
fn apply_runs_until_quiet_and_the_cursor_starts_at_the_apply() {
    let mut p = applied();
    assert_eq!(p.position(), 0);
    assert!(p.reactions().len() > 20, "{}", p.reactions().len());
    assert_eq!(status_of(&p, "nginx"), None, "before the first reaction the pod does not exist");
    p.seek(usize::MAX);
    assert_eq!(status_of(&p, "nginx").as_deref(), Some("Running"));
    // Quiet for 30 s after the last visible reaction, then it stopped.
    let last_visible = p.reactions().iter().rev().find(|r| !r.background).unwrap().time;
    assert!(p.end_time().millis() <= last_visible.millis() + 30_000 + 1);
    assert!(p.reactions().iter().any(|r| r.background), "heartbeats are marked background");
}

#[test]
fn stepping_shows_the_pod_move_through_its_statuses_and_back() {
    let mut p = applied();
    let mut seen = Vec::new();
    let mut position = 0;
    while let Some(next) = p.next_visible(position, true) {
        p.seek(next);
        position = next;
        let status = status_of(&p, "nginx").unwrap_or_else(|| "-".into());
        if seen.last() != Some(&status) {
            seen.push(status);
        }
    }
    // "-": kubectl apply first GETs the pod (404), before the POST creates it.
    assert_eq!(seen, ["-", "Pending", "ContainerCreating", "Running"]);
    // Back again: the same statuses in reverse order.
    let mut back = Vec::new();
    while let Some(prev) = p.next_visible(position, false) {
        p.seek(prev);
        position = prev;
        let status = status_of(&p, "nginx").unwrap_or_else(|| "-".into());
        if back.last() != Some(&status) {
            back.push(status);
        }
        if prev == 0 {
            break;
        }
    }
    assert_eq!(back, ["Running", "ContainerCreating", "Pending", "-"]);
}

#[test]
fn the_binding_changes_spec_node_name_and_the_cycle_has_a_table() {
    let mut p = applied();
    let cycle = p.reactions().iter().position(|r| r.kind == Kind::SchedulingCycle).unwrap();
    p.seek(cycle + 1);
    let table = view::cycle_table(&p).expect("a table");
    assert_eq!(table.rows.len(), 3);
    assert!(table.rows.iter().any(|r| r.node == "control-plane" && r.rejected.as_ref().is_some_and(|(plugin, _, _)| plugin == "TaintToleration")));
    assert_eq!(table.rows.iter().filter(|r| r.chosen).count(), 1);
    assert!(table.plugins.iter().any(|(name, weight)| name == "TaintToleration" && *weight == 3));
    // The next reaction is the Binding POST: spec.nodeName goes from absent to the node.
    p.seek(cycle + 2);
    let Changes::Updated(changes) = view::changes(&p) else { panic!("{:?}", view::changes(&p)) };
    let node = changes.iter().find(|c| c.path == "spec.nodeName").expect("spec.nodeName changed");
    assert_eq!(node.before, None);
    assert!(node.after.as_ref().unwrap().value().as_str().unwrap().starts_with("worker-"));
    let scene = view::scene(&p);
    assert_eq!(scene.active[0].name, "kube-scheduler");
    assert!(scene.stages.iter().any(|s| s == "etcd"));
}

#[test]
fn a_read_only_command_in_the_past_keeps_the_future_and_a_write_replaces_it() {
    let mut p = applied();
    let total = p.reactions().len();
    let early = p.reactions().iter().position(|r| r.kind == Kind::SchedulingCycle).unwrap();
    p.seek(early);
    let entry = p.command("kubectl get pods");
    assert!(entry.scratch);
    assert!(entry.output.contains("Pending"), "{}", entry.output);
    assert_eq!(p.reactions().len(), total, "the timeline is unchanged");
    let entry = p.command("kubectl delete pod nginx --wait=false");
    assert!(!entry.scratch && !entry.failed, "{entry:?}");
    assert!(p.reactions().len() < total + 200);
    // The pod was deleted before it ever ran: nothing in the new future is Running.
    p.seek(usize::MAX);
    assert_eq!(status_of(&p, "nginx"), None, "deleted");
}

#[test]
fn replaying_the_log_rebuilds_the_same_timeline() {
    let mut p = applied();
    p.seek(10);
    p.command("kubectl get pods");
    p.seek(usize::MAX);
    p.command("kubectl delete pod nginx --wait=false");
    p.seek(40);
    let again = Player::replay(1, p.log());
    assert_eq!(again.reactions(), p.reactions());
    assert_eq!(again.console(), p.console());
    // The log survives the autosave record.
    let saved = podlife_player::keep::Saved { scenario: "s".into(), lesson: None, files: vec![], active_file: 0, log: p.log().to_vec(), position: 40, lang: None, custom: vec![] };
    let parsed = podlife_player::keep::decode_saved(&podlife_player::keep::encode_saved(&saved).unwrap()).unwrap().log;
    assert_eq!(parsed, p.log());
    assert!(matches!(parsed[0].input, Input::Apply { .. }));
}

#[test]
fn restoring_a_snapshot_and_replaying_ops_gives_the_live_state() {
    // Rewinding to the end of the timeline must change nothing: compare the full pod YAML.
    let mut p = applied();
    p.seek(usize::MAX);
    let live = p.command("kubectl get pod nginx -o yaml").output;
    // The middle of the pod's story (the system pods' routine work, background, follows it).
    let visible = p.reactions().iter().filter(|r| !r.background).count();
    let mid = p.visible_step(visible / 2);
    p.seek(mid);
    let past = p.command("kubectl get pod nginx -o yaml").output;
    assert_ne!(live, past);
    p.seek(usize::MAX);
    assert_eq!(p.command("kubectl get pod nginx -o yaml").output, live);
}

#[test]
fn every_reaction_has_an_explanation_in_both_languages() {
    let mut p = applied();
    p.seek(usize::MAX);
    p.command("kubectl delete pod nginx --wait=false");
    p.apply(&files("apiVersion: v1\nkind: Pod\nmetadata:\n  name: big\nspec:\n  containers:\n  - name: c\n    image: nginx:1.27\n    resources:\n      requests:\n        memory: 100Gi\n"), 0);
    p.command("kubectl run bad --image=nginx:no-such-tag");
    for lang in Lang::ALL {
        let l = Localizer::new(lang);
        assert_eq!(l.load_errors, Vec::<String>::new(), "{lang:?}");
        for id in MESSAGE_IDS.iter().chain(podlife_player::decision::MESSAGE_IDS) {
            assert!(l.has(id), "{lang:?} lacks {id}");
        }
        for r in p.reactions() {
            let m = explain_reaction(&p, r);
            assert!(MESSAGE_IDS.contains(&&*m.id) || podlife_player::decision::MESSAGE_IDS.contains(&&*m.id), "{} is not listed", m.id);
            let (text, errors) = l.format(&m.id, &m.args);
            assert_eq!(errors, Vec::<String>::new(), "{lang:?} {}: {text}", m.id);
            assert!(!text.trim().is_empty());
        }
    }
}

#[test]
fn check_reports_what_apply_would_say_without_changing_anything() {
    let p = applied();
    let before = p.reactions().len();
    let bad = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n    image: nginx\n   bad: [\n";
    let d = p.check("pod.yaml", bad);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].message.starts_with("error: error parsing pod.yaml: error converting YAML to JSON: yaml: line"), "{}", d[0].message);
    assert!(d[0].line >= 8, "{d:?}");
    let invalid = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n";
    let d = p.check("pod.yaml", invalid);
    assert!(d.iter().any(|d| d.message.contains("spec.containers[0].image: Required value") && d.line == 7), "{d:?}");
    assert!(p.check("pod.yaml", NGINX).is_empty());
    assert_eq!(p.reactions().len(), before);
}

/// Every message id the web app asks for exists in both languages (ids are read from the
/// app's source: `text("…")`, `text_with("…"` and the legend's and notices' ids).
#[test]
fn every_ui_message_exists_in_both_languages() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src");
    let mut ids = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for (i, _) in text.match_indices('"') {
            let rest = &text[i + 1..];
            let Some(end) = rest.find('"') else { continue };
            let literal = &rest[..end];
            let before = &text[..i];
            let is_id = before.ends_with("text(") || before.ends_with("text_with(") || ["legend-", "notice-"].iter().any(|p| literal.starts_with(p) && !literal.contains(' '));
            if is_id && !literal.is_empty() && literal.chars().all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit()) {
                ids.insert(literal.to_string());
            }
        }
    }
    assert!(ids.len() > 60, "found only {} ids", ids.len());
    for lang in Lang::ALL {
        let l = Localizer::new(lang);
        assert_eq!(l.load_errors, Vec::<String>::new());
        let missing: Vec<&String> = ids.iter().filter(|id| !l.has(id)).collect();
        assert!(missing.is_empty(), "{lang:?} lacks {missing:?}");
    }
}

#[test]
fn visible_steps_count_what_the_timeline_shows() {
    let p = applied();
    assert_eq!(p.visible_step(0), 0);
    let third = p.visible_step(3);
    assert!(!p.reactions()[third - 1].background);
    assert_eq!(p.reactions()[..third].iter().filter(|r| !r.background).count(), 3);
    assert_eq!(p.visible_step(1_000_000), p.reactions().len());
}

#[test]
fn a_failed_cycle_explains_with_the_whole_failedscheduling_message() {
    let mut p = Player::new(1);
    p.apply(&files("apiVersion: v1\nkind: Pod\nmetadata:\n  name: big\nspec:\n  containers:\n  - name: c\n    image: nginx:1.27\n    resources:\n      requests:\n        memory: 100Gi\n"), 0);
    let cycle = p.reactions().iter().position(|r| r.kind == Kind::SchedulingCycle).unwrap();
    p.seek(cycle + 1);
    let m = view::explanation(&p).unwrap();
    assert_eq!(m.id, "explain-schedule-failed");
    let text = Localizer::new(Lang::En).message(&m);
    assert!(text.contains("0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient memory."), "{text}");
    let table = view::cycle_table(&p).unwrap();
    assert!(table.message.unwrap().starts_with("0/3 nodes are available:"));
}

#[test]
fn a_scenario_story_runs_at_least_its_length_even_through_quiet_back_offs() {
    let crash = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: api\nspec:\n  containers:\n  - name: api\n    image: busybox:1.36\n    command: [sh, -c, 'exit 1']\n";
    let mut quick = Player::new(1);
    quick.apply(&files(crash), 0);
    let mut story = Player::new(1);
    story.apply(&files(crash), 180_000);
    assert!(story.end_time().since_start() >= 180_000, "{}", story.end_time().since_start());
    assert!(story.end_time() > quick.end_time(), "the quiet rule alone stops during a long back-off");
    let restarts = |p: &Player| p.reactions().iter().filter(|r| r.action == podlife_engine::Action::Runc).count();
    assert!(restarts(&story) > restarts(&quick));
}

/// A Service, a pod behind it, traffic, and the pod deleted: kube-proxy's syncs and the
/// requests' fates have explanations in both languages, and the finished run's table reaches
/// the console.
#[test]
fn traffic_and_kube_proxy_reactions_are_explained() {
    let svc = "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n  - port: 80\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labels:\n    app: web\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n";
    let mut p = Player::new(1);
    p.apply(&files(svc), 0);
    p.seek(usize::MAX);
    let started = p.command("podlife traffic svc/web --rps 10 --for 120s");
    assert!(started.output.contains("send 10 requests/s to svc/web"), "{:?}", started);
    for line in ["sleep 3", "kubectl delete pod web --wait=false", "sleep 120"] {
        p.seek(usize::MAX);
        p.command(line);
    }
    // The table comes with whichever command's time the run ended in (as a shell's "Done").
    let console: String = p.console().iter().map(|c| c.output.as_str()).collect();
    assert_eq!(console.matches("traffic svc/web: 1200 requests, ").count(), 1, "{console}");
    let ids: Vec<String> = p.reactions().iter().map(|r| explain(r, p.trace()).id.to_string()).collect();
    for id in ["explain-proxy-sync", "explain-proxy-restore", "explain-traffic-request", "explain-traffic-done"] {
        assert!(ids.iter().any(|i| i == id), "no {id}");
    }
    let failed = p.reactions().iter().find(|r| r.action == podlife_engine::Action::TrafficRequest && !r.background).expect("a failed request is shown");
    for lang in Lang::ALL {
        let l = Localizer::new(lang);
        for r in p.reactions().iter().filter(|r| matches!(r.action, podlife_engine::Action::ProxySync | podlife_engine::Action::ProxyRestore | podlife_engine::Action::TrafficRequest | podlife_engine::Action::TrafficDone)) {
            let m = explain_reaction(&p, r);
            let (text, errors) = l.format(&m.id, &m.args);
            assert_eq!(errors, Vec::<String>::new(), "{lang:?} {}: {text}", m.id);
        }
        let text = l.message(&explain(failed, p.trace()));
        assert!(text.contains("worker") || text.contains("control-plane"), "{text}");
    }
}

/// A request that calls a webhook waits for its answer while the cluster goes on: its step
/// ends with the call, the cluster's own steps follow, and the request goes on from the
/// answer as a step of its own. Both read in both languages.
#[test]
fn a_request_waiting_for_a_webhook_is_told_in_two_steps() {
    let mut p = Player::new(1);
    for line in ["istioctl install --set profile=minimal -y", "kubectl label namespace default istio-injection=enabled", "sleep 5", "kubectl run client --image=busybox:1.36 --command -- sleep 3600"] {
        p.command(line);
        p.seek(usize::MAX);
    }
    let wait = p.reactions().iter().position(|r| explain_reaction(&p, r).id == "explain-api-webhook-wait").expect("a request waiting for the injector");
    let answer = p.reactions().iter().position(|r| explain_reaction(&p, r).id == "explain-api-webhook-answer").expect("the request going on");
    assert!(answer > wait);
    assert_eq!(p.reactions()[answer].kind, Kind::ApiCall);
    for lang in Lang::ALL {
        let l = Localizer::new(lang);
        for r in &p.reactions()[wait..=answer] {
            let m = explain_reaction(&p, r);
            let (text, errors) = l.format(&m.id, &m.args);
            assert_eq!(errors, Vec::<String>::new(), "{lang:?} {}: {text}", m.id);
        }
    }
    let text = Localizer::new(Lang::En).message(&explain_reaction(&p, &p.reactions()[answer]));
    assert!(text.contains("sidecar-injector.istio.io answered after") && text.contains("etcd stored Pod/client"), "{text}");
}

/// An idle hour passes in one quiet stretch: the step has its own explanation, naming how
/// long the stretch was, in both languages.
#[test]
fn a_quiet_stretch_is_explained_with_its_length() {
    let mut p = applied();
    p.seek(usize::MAX);
    p.command("sleep 3600");
    let skips = p.reactions().iter().filter(|r| r.action == podlife_engine::Action::QuietSkip);
    let longest = skips.max_by_key(|r| p.trace()[r.events.start].params.get("ms").and_then(|v| v.as_u64())).expect("an idle hour has quiet stretches");
    let ms = p.trace()[longest.events.start].params.get("ms").and_then(|v| v.as_u64()).unwrap_or(0);
    assert!(ms >= 60_000, "{ms}");
    let shown = podlife_console::printers::duration::human_duration(ms as i64);
    let m = explain_reaction(&p, longest);
    assert_eq!(m.id, "explain-quiet-skip");
    for lang in Lang::ALL {
        let l = Localizer::new(lang);
        let (text, errors) = l.format(&m.id, &m.args);
        assert_eq!(errors, Vec::<String>::new(), "{lang:?}: {text}");
        assert!(text.contains(&shown), "{lang:?}: {text}");
    }
}

/// A crash loop's restarts that repeat themselves are replayed by a quiet stretch: the step
/// names the pod and how many restarts it replayed, in both languages.
#[test]
fn replayed_restarts_are_explained() {
    let mut p = Player::new(1);
    p.command("kubectl run crash --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'");
    p.seek(usize::MAX);
    p.command("sleep 3600");
    let replay = p.reactions().iter().find(|r| explain_reaction(&p, r).id == "explain-quiet-skip-restarts").expect("the restarts were replayed");
    let restarts = p.trace()[replay.events.start].params.get("repeatedRestarts").and_then(|v| v.as_u64()).unwrap_or(0);
    assert!(restarts >= 5, "{restarts}");
    for lang in Lang::ALL {
        let (text, errors) = Localizer::new(lang).format("explain-quiet-skip-restarts", &explain_reaction(&p, replay).args);
        assert_eq!(errors, Vec::<String>::new(), "{lang:?}: {text}");
        assert!(text.contains(&restarts.to_string()) && text.contains("crash"), "{lang:?}: {text}");
    }
}

/// Events end an hour after their last write: etcd deletes them when their lease expires, a
/// step of its own with an explanation in both languages.
#[test]
fn expired_events_are_deleted_and_explained() {
    let mut p = applied();
    p.seek(usize::MAX);
    p.command("sleep 3600");
    p.seek(usize::MAX);
    p.command("sleep 100");
    let expired: Vec<_> = p.reactions().iter().filter(|r| explain_reaction(&p, r).id == "explain-event-expired").collect();
    assert!(!expired.is_empty(), "no event expired");
    for lang in Lang::ALL {
        let (text, errors) = Localizer::new(lang).format("explain-event-expired", &explain_reaction(&p, expired[0]).args);
        assert_eq!(errors, Vec::<String>::new(), "{lang:?}: {text}");
        assert!(text.contains("Event/nginx."), "{lang:?}: {text}");
    }
    let events = p.command("kubectl get events");
    assert!(events.output.contains("No resources found"), "{}", events.output);
}

/// A run that would take more steps than one run may stops, says so in the console and
/// keeps its clock where it stopped; the next `sleep` goes on from there.
#[test]
fn a_run_past_the_step_cap_stops_and_says_where() {
    let mut p = Player::new(1);
    p.set_max_ops_per_run(2_000);
    // 10 pods whose readiness probe fails every second: no quiet stretch, ~10 steps a second.
    let yaml = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: busy}\nspec:\n  replicas: 10\n  selector: {matchLabels: {app: busy}}\n  template:\n    metadata: {labels: {app: busy}}\n    spec:\n      containers:\n      - name: c\n        image: busybox:1.36\n        command: [\"sleep\", \"100000\"]\n        readinessProbe: {exec: {command: [\"false\"]}, periodSeconds: 1}\n";
    let results = p.apply(&files(yaml), 0);
    assert!(results.iter().all(|r| !r.failed && r.diagnostics.is_empty()), "{results:?}");
    p.seek(p.reactions().len());
    let start = p.end_time();
    let entry = p.command("sleep 600");
    let Some(podlife_player::player::Cap::Steps { steps, at }) = p.cap() else { panic!("expected the step cap, got {:?} after {} reactions, {:?} → {:?}: {}", p.cap(), p.reactions().len(), start, p.end_time(), entry.output) };
    assert_eq!(steps, 2_000);
    assert!(at < start.plus_millis(600_000), "stopped before the sleep's end");
    assert_eq!(p.end_time(), at, "the clock stays where the run stopped");
    assert!(entry.output.contains("podlife stopped this run after 2000 steps at "), "{}", entry.output);
    // The next command runs on from there (and a short sleep fits in one run).
    p.command("sleep 5");
    assert!(p.cap().is_none());
    assert_eq!(p.end_time(), at.plus_millis(5_000));
}

/// A scenario script that prints past the transcript's limit stops there, as `podlife run`
/// does, and says so after the last command that ran.
#[test]
fn a_script_past_the_transcript_limit_stops_and_says_so() {
    let mut p = Player::new(1);
    let script = "seq 1 100000\n".repeat(40);
    p.run_script(&script).expect("runs");
    let entries = p.console();
    assert_eq!(entries.len(), 29);
    assert!(
        entries[28].output.ends_with("podlife stopped after the command on line 29: the transcript reached its limit of 16 MiB; the 11 command(s) after it did not run\n"),
        "{}",
        &entries[28].output[entries[28].output.len() - 200..]
    );
}

#[test]
fn the_scene_draws_the_pods_of_the_first_nodes_and_counts_the_rest() {
    // Eight nodes, a DaemonSet: a pod on every node; the scene computes the pods of the
    // nodes it draws only (a 1,000-pod step was mostly spent on pods no one sees).
    let mut p = Player::new(1);
    p.run_script("podlife cluster nodes 8").expect("eight nodes");
    p.seek(usize::MAX);
    let ds = "apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels: {app: agent}\n  template:\n    metadata:\n      labels: {app: agent}\n    spec:\n      tolerations:\n      - operator: Exists\n      containers:\n      - name: agent\n        image: busybox:1.36\n        command: [sleep, '3600']\n";
    let results = p.apply(&files(ds), 60_000);
    assert!(results.iter().all(|r| !r.failed), "{results:?}");
    p.seek(usize::MAX);
    let scene = view::scene(&p);
    assert_eq!(scene.nodes.len(), 8);
    for (i, node) in scene.nodes.iter().enumerate() {
        // The agent, and on the control plane kind's local-path provisioner.
        assert!(node.pod_count >= 1, "{}: {node:?}", node.name);
        let drawn = if i < view::MAX_NODES_DRAWN { node.pod_count.min(view::MAX_PODS_DRAWN) } else { 0 };
        assert_eq!(node.pods.len(), drawn, "{}: {node:?}", node.name);
    }
}

/// A scheduling cycle's explanation says how many nodes it looked at: all of them in a small
/// cluster (and whether it scored), and, once the cluster has 100 nodes or more, that it
/// stopped when enough fit (`numFeasibleNodesToFind`) — with the count, not the node table's
/// first hundred rows.
#[test]
fn a_scheduling_cycle_says_how_many_nodes_it_looked_at() {
    let cycle = |p: &Player, pod: &str| {
        let r = p.reactions().iter().find(|r| {
            let m = explain_reaction(p, r);
            m.id == "explain-schedule-ok" && m.args.iter().any(|(k, v)| k == "pod" && matches!(v, podlife_protocol::text::Arg::Text(t) if t.contains(pod)))
        });
        explain_reaction(p, r.unwrap_or_else(|| panic!("no scheduling cycle for {pod}")))
    };
    let mut small = applied();
    small.seek(usize::MAX);
    let m = cycle(&small, "nginx");
    let text = Localizer::new(Lang::En).message(&m);
    assert!(text.contains("(2 of 3 node(s) fit), scoring ranked the rest"), "{text}");
    assert!(!text.contains("unexamined"), "{text}");

    let mut large = Player::new(1);
    for line in ["podlife cluster nodes 150", "sleep 60", "kubectl run web --image=nginx:1.27", "sleep 5"] {
        large.command(line);
        large.seek(usize::MAX);
    }
    let m = cycle(&large, "web");
    // 150 nodes: 50 % − 1 % = 49 %, 73 nodes, raised to the minimum of 100 feasible ones; the
    // control plane's taint rules it out if it comes first.
    let en = Localizer::new(Lang::En).message(&m);
    assert!(en.contains("(100 of 10"), "{en}");
    assert!(en.contains("more node(s) unexamined") && en.contains("percentageOfNodesToScore"), "{en}");
    let ko = Localizer::new(Lang::Ko).message(&m);
    assert!(ko.contains("개 중 100개 통과") && ko.contains("살펴보지 않았습니다"), "{ko}");
    for lang in Lang::ALL {
        let (text, errors) = Localizer::new(lang).format(&m.id, &m.args);
        assert_eq!(errors, Vec::<String>::new(), "{lang:?}: {text}");
    }
}

/// Failed pulls that repeat themselves are replayed by a quiet stretch: the step names the pod
/// and how many pulls it replayed; a later stretch that only passes expired events says so.
/// Both languages.
#[test]
fn replayed_pulls_and_expired_events_are_explained() {
    let mut p = Player::new(1);
    p.command("kubectl run typo --image=ngnix:1.27");
    p.seek(usize::MAX);
    // (The web console advances at most an hour at once.)
    p.command("sleep 3600");
    p.seek(usize::MAX);
    p.command("sleep 3600");
    let replay = p.reactions().iter().find(|r| explain_reaction(&p, r).id == "explain-quiet-skip-pulls").expect("the pulls were replayed");
    let pulls = p.trace()[replay.events.start].params.get("repeatedPulls").and_then(|v| v.as_u64()).unwrap_or(0);
    assert!(pulls >= 5, "{pulls}");
    for lang in Lang::ALL {
        let (text, errors) = Localizer::new(lang).format("explain-quiet-skip-pulls", &explain_reaction(&p, replay).args);
        assert_eq!(errors, Vec::<String>::new(), "{lang:?}: {text}");
        assert!(text.contains(&pulls.to_string()) && text.contains("typo"), "{lang:?}: {text}");
    }
    // Any stretch that records expired events without replaying anything explains them too.
    for r in p.reactions().iter().filter(|r| r.action == podlife_engine::Action::QuietSkip) {
        let m = explain_reaction(&p, r);
        let expired = p.trace()[r.events.start].params.get("expiredEvents").and_then(|v| v.as_u64()).unwrap_or(0);
        let text = Localizer::new(Lang::En).message(&m);
        assert_eq!(expired > 0, text.contains("expired meanwhile"), "{}: {text}", m.id);
    }
}

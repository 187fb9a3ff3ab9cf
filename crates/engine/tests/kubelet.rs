//! The kubelet's timeline as the trace records it: crash-loop restarts against the back-off
//! curve (`doBackOff` 10 s doubling to 5 min, the pod worker re-queued at the back-off's end
//! ×[1, 1.5) and at most a minute ahead), and the order of container statuses.

use podlife_engine::{Action, Engine, Request, Verb};
use podlife_model::ResourceType;
use serde_json::{Value, json};

fn create_pod(e: &mut Engine, body: Value) {
    let mut req = Request::new(Verb::Create, ResourceType::resolve("pods").expect("served"));
    req.namespace = Some("default".into());
    req.body = Some(body);
    e.request(req).expect("created");
}

/// (time, op) of the shim's start and exit records for a pod's container.
fn shim_events(e: &Engine, pod: &str, container: &str) -> Vec<(u64, String)> {
    e.trace()
        .iter()
        .filter(|t| t.action == Action::Shim && t.object.as_ref().is_some_and(|o| o.name == pod))
        .filter(|t| t.params.get("container").is_some_and(|c| c.as_ref() == container))
        .map(|t| (t.time.millis(), t.params.get("op").map(|o| o.as_str().unwrap_or_default().to_string()).unwrap_or_default()))
        .collect()
}

#[test]
fn crash_loop_restarts_follow_the_back_off_curve() {
    let mut e = Engine::with_default_cluster(7);
    // Every restart as the trace records it: quiet stretches would replay the restarts at the
    // cap whole, leaving one record for many (`kubelet/restarts.rs`).
    e.set_quiet_skips(false);
    create_pod(&mut e, json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "crasher"},
        "spec": {"containers": [{"name": "c", "image": "busybox:1.36", "command": ["sh", "-c", "exit 1"]}]}}));
    let until = e.now().plus_millis(20 * 60_000);
    e.run_until(until).expect("runs");
    let events = shim_events(&e, "crasher", "c");
    let starts: Vec<u64> = events.iter().filter(|(_, op)| op == "start").map(|(t, _)| *t).collect();
    let exits: Vec<u64> = events.iter().filter(|(_, op)| op == "exit").map(|(t, _)| *t).collect();
    assert!(starts.len() >= 8, "{starts:?}");
    // The first restart is immediate (no back-off entry yet); then 10 s, 20 s, … 300 s.
    let mut backoff = 0u64;
    for i in 1..starts.len() {
        let wait = starts[i] - exits[i - 1];
        // Seen by PLEG within a second, then re-queued at the back-off's end ×[1, 1.5), capped
        // at a minute ahead; read on the next 1-second tick.
        let most = if backoff <= 60_000 { backoff + backoff / 2 + 2_000 } else { backoff + 30_000 + 2_000 };
        assert!(wait >= backoff && wait <= most, "restart {i}: waited {wait} ms, back-off {backoff} ms");
        backoff = if backoff == 0 { 10_000 } else { (backoff * 2).min(300_000) };
    }
}

#[test]
fn container_statuses_are_sorted_by_name_and_init_ones_keep_spec_order() {
    let mut e = Engine::with_default_cluster(3);
    create_pod(&mut e, json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
        "spec": {"restartPolicy": "Never",
            "initContainers": [{"name": "zz", "image": "busybox:1.36", "command": ["true"]}, {"name": "aa", "image": "busybox:1.36", "command": ["true"]}],
            "containers": [{"name": "good", "image": "busybox:1.36", "command": ["true"]}, {"name": "bad", "image": "busybox:1.36", "command": ["false"]}]}}));
    let until = e.now().plus_millis(30_000);
    e.run_until(until).expect("runs");
    let key = podlife_engine::store::ObjectKey::new(ResourceType::resolve("pods").expect("served"), Some("default"), "p");
    let pod = e.store().get(&key).expect("exists").clone();
    let names = |list: &str| pod["status"][list].as_array().map(|a| a.iter().map(|s| s["name"].as_str().unwrap_or_default().to_string()).collect::<Vec<_>>()).unwrap_or_default();
    assert_eq!(names("containerStatuses"), vec!["bad", "good"]);
    assert_eq!(names("initContainerStatuses"), vec!["zz", "aa"]);
    assert_eq!(pod["status"]["phase"], "Failed");
}

/// `pods/ephemeralcontainers`: only the ephemeral containers change, each is started once and
/// never again, its status is never ready; an existing one may not be removed.
#[test]
fn ephemeral_containers_start_once_and_stay() {
    let mut e = Engine::with_default_cluster(5);
    let pods = ResourceType::resolve("pods").expect("served");
    create_pod(&mut e, json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "app"},
        "spec": {"containers": [{"name": "app", "image": "busybox:1.36", "command": ["sleep", "1d"]}]}}));
    let until = e.now().plus_millis(5_000);
    e.run_until(until).expect("runs");
    let patch = |e: &mut Engine, body: Value| {
        let mut req = Request::new(Verb::Patch, pods);
        req.namespace = Some("default".into());
        req.name = Some("app".into());
        req.subresource = Some("ephemeralcontainers".into());
        req.patch_type = podlife_engine::apiserver::patch::PatchType::Merge;
        req.body = Some(body);
        e.request(req)
    };
    // The subresource takes nothing but the ephemeral containers.
    let debugger = json!({"name": "dbg", "image": "busybox:1.36", "command": ["sh", "-c", "exit 3"], "targetContainerName": "app"});
    patch(&mut e, json!({"metadata": {"labels": {"x": "y"}}, "spec": {"ephemeralContainers": [debugger]}})).expect("patched");
    let until = e.now().plus_millis(30_000);
    e.run_until(until).expect("runs");
    let key = podlife_engine::store::ObjectKey::new(pods, Some("default"), "app");
    let pod = e.store().get(&key).expect("exists").clone();
    assert!(pod["metadata"]["labels"]["x"].is_null());
    let st = &pod["status"]["ephemeralContainerStatuses"][0];
    assert_eq!((st["name"].as_str(), st["ready"].as_bool(), st["state"]["terminated"]["exitCode"].as_i64()), (Some("dbg"), Some(false), Some(3)));
    assert!(st.get("started").is_none());
    assert_eq!(shim_events(&e, "app", "dbg").iter().filter(|(_, op)| op == "start").count(), 1);
    // Removing it, or adding one with a port, is refused.
    let err = patch(&mut e, json!({"spec": {"ephemeralContainers": []}})).expect_err("refused");
    assert!(err.message.contains("existing ephemeral containers \"dbg\" may not be removed"), "{}", err.message);
    let bad = json!({"name": "p", "image": "busybox:1.36", "ports": [{"containerPort": 80}], "targetContainerName": "nope"});
    let err = patch(&mut e, json!({"spec": {"ephemeralContainers": [pod["spec"]["ephemeralContainers"][0].clone(), bad]}})).expect_err("refused");
    assert!(err.message.contains("spec.ephemeralContainers[1].targetContainerName: Not found: \"nope\""), "{}", err.message);
    assert!(err.message.contains("spec.ephemeralContainers[1].ports: Forbidden: cannot be set for an Ephemeral Container"), "{}", err.message);
}

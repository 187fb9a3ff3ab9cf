//! A pod status PATCH served on the status alone (`apiserver/status_patch.rs`) answers, traces
//! and stores exactly what the general path does. Each patch is sent to two engines with the
//! same history: to one as the kubelet sends it (`metadata.uid` and `status`: the status
//! path), to the other with the stored `resourceVersion` as well, which the status path does
//! not take and which changes nothing (it names the current version).

use podlife_engine::apiserver::patch::PatchType;
use podlife_engine::store::ObjectKey;
use podlife_engine::{Engine, Request, Verb};
use podlife_model::ResourceType;
use serde_json::{Value, json};

fn pods() -> &'static ResourceType {
    ResourceType::resolve("pods").expect("served")
}

fn engine() -> Engine {
    let mut e = Engine::with_default_cluster(11);
    let mut req = Request::new(Verb::Create, pods());
    req.namespace = Some("default".into());
    req.body = Some(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web"},
        "spec": {"containers": [{"name": "app", "image": "nginx:1.27"}, {"name": "side", "image": "busybox:1.36", "command": ["sleep", "1d"]}]}}));
    e.request(req).expect("created");
    let until = e.now().plus_millis(20_000);
    e.run_until(until).expect("runs");
    e
}

fn stored(e: &Engine) -> Value {
    e.store().get(&ObjectKey::new(pods(), Some("default"), "web")).expect("exists").to_value()
}

/// The answer, the trace the request added and the stored pod.
fn serve(e: &mut Engine, patch_type: PatchType, mut body: Value, with_version: bool) -> (Result<Value, String>, String, Value) {
    let pod = stored(e);
    body["metadata"]["uid"] = pod["metadata"]["uid"].clone();
    if with_version {
        body["metadata"]["resourceVersion"] = pod["metadata"]["resourceVersion"].clone();
    }
    let mut req = Request::new(Verb::Patch, pods());
    req.namespace = Some("default".into());
    req.name = Some("web".into());
    req.subresource = Some("status".into());
    req.patch_type = patch_type;
    req.body = Some(body);
    let before = e.trace().len();
    let answer = match e.handle(req) {
        Ok(podlife_engine::Response::Object(o)) => Ok(o),
        Ok(other) => Err(format!("{other:?}")),
        Err(s) => Err(s.message),
    };
    let trace = serde_json::to_string(&e.trace()[before..]).expect("serializes");
    (answer, trace, stored(e))
}

#[test]
fn a_status_patch_is_served_as_the_general_path_serves_it() {
    let cases: Vec<(&str, PatchType, Value)> = vec![
        ("a condition added, a field changed", PatchType::Merge, json!({"status": {"message": "hello", "conditions": [{"type": "Ready", "status": "False", "reason": "Testing"}]}})),
        ("a field removed with null", PatchType::Merge, json!({"status": {"podIP": null, "podIPs": null}})),
        ("the same status again (no write)", PatchType::Merge, json!({"status": {"phase": "Running"}})),
        ("a strategic patch of the conditions", PatchType::Strategic, json!({"status": {"conditions": [{"type": "Ready", "status": "True"}]}})),
        ("an unknown field", PatchType::Merge, json!({"status": {"phase": "Running", "mood": "calm"}})),
        ("a value of the wrong type", PatchType::Merge, json!({"status": {"startTime": 5}})),
        ("a container status replaced", PatchType::Merge, json!({"status": {"containerStatuses": [{"name": "app", "image": "nginx:1.27", "imageID": "", "ready": false, "restartCount": 7, "state": {"waiting": {"reason": "Testing"}}}]}})),
        ("the whole status removed", PatchType::Merge, json!({"status": null})),
    ];
    for (what, patch_type, body) in cases {
        let (mut fast, mut general) = (engine(), engine());
        assert_eq!(stored(&fast), stored(&general), "{what}: the two engines differ before the patch");
        let a = serve(&mut fast, patch_type, body.clone(), false);
        let b = serve(&mut general, patch_type, body, true);
        assert_eq!(a.0, b.0, "{what}: answer");
        assert_eq!(a.1, b.1, "{what}: trace");
        assert_eq!(a.2, b.2, "{what}: stored pod");
    }
}

#[test]
fn a_status_patch_that_changes_something_is_written_and_one_that_does_not_is_not() {
    let mut e = engine();
    let before = stored(&e);
    let (answer, _, after) = serve(&mut e, PatchType::Merge, json!({"status": {"message": "hello"}}), false);
    assert_eq!(after["status"]["message"], "hello");
    assert_ne!(after["metadata"]["resourceVersion"], before["metadata"]["resourceVersion"]);
    assert_eq!(answer.expect("patched"), after);
    let (_, trace, again) = serve(&mut e, PatchType::Merge, json!({"status": {"message": "hello"}}), false);
    assert_eq!(again["metadata"]["resourceVersion"], after["metadata"]["resourceVersion"]);
    assert!(!trace.contains("\"etcd\""), "{trace}");
}

//! The engine's time controls: one scheduled task at a time, run until a time, and going back
//! by restoring a snapshot (an `Engine` clone).

use podlife_engine::store::ObjectKey;
use podlife_engine::clock::SCRIPT_START;
use podlife_engine::{Action, Engine, Request, Response, Verb};
use podlife_model::ResourceType;
use serde_json::json;

fn namespace_request(name: &str) -> Request {
    let rt = ResourceType::resolve("namespaces").expect("served");
    let mut req = Request::new(Verb::Create, rt);
    req.body = Some(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}}));
    req
}

fn default_sa(ns: &str) -> ObjectKey {
    ObjectKey::new(ResourceType::resolve("serviceaccounts").expect("served"), Some(ns), "default")
}

#[test]
fn step_run_until_and_restore() {
    let mut e = Engine::with_default_cluster(3);
    let snapshot = e.clone();
    assert!(matches!(e.handle(namespace_request("shop")), Ok(Response::Object(_))));
    // Nothing has happened downstream yet: the deliveries are scheduled.
    assert!(e.store().get(&default_sa("shop")).is_none());
    let before = e.trace().len();
    assert!(e.step(), "a watch delivery is pending");
    assert_eq!(e.trace().len(), before + 1, "a delivery is one reaction");
    assert_eq!(e.trace().last().map(|t| t.action), Some(Action::InformerDeliver));
    e.run_until(SCRIPT_START.plus_millis(60_000)).expect("runs");
    assert_eq!(e.now(), SCRIPT_START.plus_millis(60_000));
    assert!(e.store().get(&default_sa("shop")).is_some(), "the serviceaccount controller created it");
    // Only the periodic loops remain (heartbeats, the node monitor): no more namespace work.
    let before = e.trace().len();
    e.run_until(SCRIPT_START.plus_millis(120_000)).expect("runs");
    assert!(e.trace()[before..].iter().all(|t| t.object.as_ref().is_none_or(|o| o.name != "shop" && o.namespace.as_deref() != Some("shop"))));

    // Going back: the snapshot has neither the namespace's reactions nor its service account.
    assert_eq!(snapshot.trace().len(), 0);
    assert!(snapshot.store().get(&default_sa("shop")).is_none());
}

#[test]
fn same_seed_same_trace_different_seed_different_uids() {
    let run = |seed| {
        let mut e = Engine::with_default_cluster(seed);
        let _ = e.request(namespace_request("a"));
        e.run_until(SCRIPT_START.plus_millis(10_000)).expect("runs");
        serde_json::to_string(e.trace()).expect("serializes")
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

#[test]
fn stopped_components_receive_nothing_and_relist_on_start() {
    let mut e = Engine::with_default_cluster(1);
    e.stop_component("kube-controller-manager", None).expect("exists");
    let _ = e.request(namespace_request("quiet"));
    e.run_until(SCRIPT_START.plus_millis(10_000)).expect("runs");
    assert!(e.store().get(&default_sa("quiet")).is_none(), "no controller, no service account");
    e.start_component("kube-controller-manager", None).expect("exists");
    assert!(e.trace().iter().any(|t| t.action == Action::InformerList));
    e.run_until(SCRIPT_START.plus_millis(20_000)).expect("runs");
    assert!(e.store().get(&default_sa("quiet")).is_some(), "after its relist the controller catches up");
    assert!(e.stop_component("kubelet", Some("nope")).is_err());
}

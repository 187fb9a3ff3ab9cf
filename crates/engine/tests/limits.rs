//! Size caps: a create beyond them is refused with a stated error, not a hang.

use podlife_engine::{Engine, MAX_NODES, Request, Verb};
use podlife_model::ResourceType;
use serde_json::json;

fn node_request(name: &str) -> Request {
    let rt = ResourceType::resolve("nodes").expect("served");
    let mut req = Request::new(Verb::Create, rt);
    req.body = Some(json!({"apiVersion": "v1", "kind": "Node", "metadata": {"name": name}}));
    req
}

#[test]
fn node_creates_beyond_the_cap_are_refused_with_the_limit_named() {
    let mut e = Engine::with_nodes(1, &[]);
    for i in 0..MAX_NODES {
        assert!(e.handle(node_request(&format!("n-{i:04}"))).is_ok(), "node {i} is within the cap");
    }
    let refused = e.handle(node_request("one-too-many")).expect_err("the cap refuses the next node");
    assert_eq!(refused.code(), 403);
    assert!(refused.message.contains(&format!("holds at most {MAX_NODES} nodes")), "{}", refused.message);
    assert_eq!(e.store().list("", "nodes", None).count(), MAX_NODES);
}

/// A driver's own budgets (the fuzz harness): a command stops after its reactions or steps,
/// says which, and the next command gets a fresh budget.
#[test]
fn a_drivers_command_budget_stops_the_command_and_says_why() {
    let mut e = Engine::with_default_cluster(1);
    e.set_command_budget(Some(1_000), Some(10));
    e.begin_command();
    let before = e.work().reactions;
    e.advance_by(600_000);
    let stop = e.take_stop().expect("ten reactions do not last ten minutes");
    assert_eq!(e.work().reactions - before, 10);
    assert!(stop.message().contains("this command's budget of 10 reactions is spent"), "{}", stop.message());
    e.end_command();
    e.begin_command();
    assert!(e.stopped().is_none(), "a new command, a new budget");
    e.advance_by(1);
    e.end_command();
}

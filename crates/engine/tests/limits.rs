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

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

/// A reaction costs one unit of work, and one more for every 1,000 pods in the cluster: a
/// Deployment of thousands of replicas reaches its command's budget in fewer reactions, and
/// the stop says what was spent.
#[test]
fn a_larger_cluster_spends_a_commands_work_faster() {
    use podlife_engine::work::{PODS_PER_EXTRA_UNIT, reaction_units};
    assert_eq!((reaction_units(0), reaction_units(999), reaction_units(1_000), reaction_units(65_536)), (1, 1, 2, 66));
    assert_eq!(PODS_PER_EXTRA_UNIT, 1_000);
    let mut e = Engine::with_default_cluster(1);
    let mut req = Request::new(Verb::Create, ResourceType::resolve("deployments").expect("served"));
    req.namespace = Some("default".into());
    req.body = Some(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "big"},
        "spec": {"replicas": 5000, "selector": {"matchLabels": {"app": "big"}},
            "template": {"metadata": {"labels": {"app": "big"}}, "spec": {"containers": [{"name": "c", "image": "nginx:1.27"}]}}}}));
    e.request(req).expect("created");
    e.set_command_units(Some(40_000));
    e.begin_command();
    let (units, reactions) = (e.work().units, e.work().reactions);
    e.advance_by(30 * 60_000);
    let stop = e.take_stop().expect("thousands of pods spend 40,000 units within 30 minutes");
    assert!(stop.message().contains("this command's budget of 40000 units of work is spent (a reaction costs 1, and 1 more for every 1000 pods in the cluster)"), "{}", stop.message());
    let spent = e.work().units - units;
    assert!((40_000..40_100).contains(&spent), "{spent}");
    assert!(e.store().pods_and_nodes().0 > 1_000, "the weight applies past 1,000 pods");
    assert!(e.work().reactions - reactions < spent, "a reaction cost more than a unit");
    e.end_command();
}

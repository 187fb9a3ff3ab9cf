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

/// The default cluster with a Deployment of `replicas` nginx pods created (nothing run yet).
fn cluster_with_deployment(name: &str, replicas: u64) -> Engine {
    let mut e = Engine::with_default_cluster(1);
    let mut req = Request::new(Verb::Create, ResourceType::resolve("deployments").expect("served"));
    req.namespace = Some("default".into());
    req.body = Some(json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": name},
        "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": name}},
            "template": {"metadata": {"labels": {"app": name}}, "spec": {"containers": [{"name": "c", "image": "nginx:1.27"}]}}}}));
    e.request(req).expect("created");
    e
}

/// A reaction costs one unit of work, one more for every 250 pods in the cluster and one
/// more for every 100 objects it reads from its cache: a Deployment of thousands of replicas
/// reaches its command's budget in fewer reactions, and the stop says what was spent.
#[test]
fn a_larger_cluster_spends_a_commands_work_faster() {
    use podlife_engine::work::{PODS_PER_EXTRA_UNIT, reaction_units};
    assert_eq!((reaction_units(0), reaction_units(249), reaction_units(250), reaction_units(65_536)), (1, 1, 2, 263));
    assert_eq!(PODS_PER_EXTRA_UNIT, 250);
    let e = &mut cluster_with_deployment("big", 5000);
    e.set_command_units(Some(40_000));
    e.begin_command();
    let (units, reactions) = (e.work().units, e.work().reactions);
    e.advance_by(30 * 60_000);
    let stop = e.take_stop().expect("thousands of pods spend 40,000 units within 30 minutes");
    assert!(stop.message().contains("this command's budget of 40000 units of work is spent (a reaction costs 1, 1 more for every 250 pods in the cluster and 1 more for every 100 cached objects it reads)"), "{}", stop.message());
    let spent = e.work().units - units;
    assert!((40_000..40_100).contains(&spent), "{spent}");
    assert!(e.store().pods_and_nodes().0 > 1_000, "the weight grows past 250 pods");
    assert!(e.work().reactions - reactions < spent, "a reaction cost more than a unit");
    e.end_command();
}

/// Below 250 pods a reaction's own weight is one unit, so what a command spends beyond its
/// reactions is what the controllers read: 220 replicas make the ReplicaSet sync read up to
/// 220 pods after their changes, as upstream's `syncReplicaSet` lists them.
#[test]
fn a_controllers_reads_are_charged() {
    use podlife_engine::work::{OBJECTS_PER_EXTRA_UNIT, Work};
    assert_eq!(OBJECTS_PER_EXTRA_UNIT, 100);
    let mut w = Work::default();
    w.charge_reads(250);
    w.charge_reads(60);
    assert_eq!((w.units, w.objects_read), (3, 10), "whole hundreds charged, the rest carried");
    let e = &mut cluster_with_deployment("web", 220);
    e.begin_command();
    let (units, reactions) = (e.work().units, e.work().reactions);
    e.advance_by(60_000);
    let (spent, ran) = (e.work().units - units, e.work().reactions - reactions);
    e.end_command();
    assert!(e.store().pods_and_nodes().0 < 250);
    // Each of the 220 pods' changes syncs the ReplicaSet over the pods created so far.
    assert!(spent > ran + 150, "{spent} units for {ran} reactions");
}

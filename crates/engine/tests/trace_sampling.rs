//! The trace's sampling (`trace/sampling.rs`): past 2,000 pods the trace keeps the reactions of
//! one pod in ten, says so once, and stores the cluster exactly as before.

use std::collections::BTreeSet;

use podlife_engine::trace::sampling;
use podlife_engine::{Action, Engine, ObjectRef, Request, Verb};
use podlife_model::ResourceType;
use serde_json::json;

fn create_pod(e: &mut Engine, name: &str) {
    let mut req = Request::new(Verb::Create, ResourceType::resolve("pods").expect("served"));
    req.namespace = Some("default".into());
    req.body = Some(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
        "spec": {"containers": [{"name": "c", "image": "nginx:1.27"}]}}));
    assert!(e.handle(req).is_ok(), "{name} created");
}

fn pods_in_trace(e: &Engine, from: usize) -> BTreeSet<String> {
    e.trace()[from..].iter().filter_map(|t| t.object.as_ref()).filter(|o| &*o.kind == "Pod").map(|o| o.name.to_string()).collect()
}

#[test]
fn past_two_thousand_pods_the_trace_keeps_one_pod_in_ten_and_says_so_once() {
    let mut e = Engine::with_nodes(1, &[]);
    for i in 0..sampling::FULL_PODS {
        create_pod(&mut e, &format!("p-{i}"));
    }
    assert_eq!(e.trace_sampling(), (1, 0), "everything is kept up to 2,000 pods");
    assert!(e.take_trace_notice().is_none());
    create_pod(&mut e, "p-2000");
    assert_eq!(e.trace_sampling().0, 10);
    let notice = e.take_trace_notice().expect("the change is told");
    assert_eq!((notice.one_in, notice.pods, notice.nodes), (10, 2_001, 0));
    assert!(notice.message().contains("keeps the reactions of 1 pod in 10"), "{}", notice.message());
    assert!(e.take_trace_notice().is_none(), "told once");
    assert_eq!(e.trace().iter().filter(|t| t.action == Action::TraceSampled).count(), 1);

    // From here on a pod's reactions are all in the trace or none is; the store has every pod.
    let from = e.trace().len();
    let names: Vec<String> = (2_001..2_301).map(|i| format!("p-{i}")).collect();
    for n in &names {
        create_pod(&mut e, n);
    }
    let expected: BTreeSet<String> = names.iter().filter(|n| sampling::keeps(10, &ObjectRef::new("Pod", Some("default"), n))).cloned().collect();
    assert!(!expected.is_empty() && expected.len() < 100, "about one in ten: {}", expected.len());
    assert_eq!(pods_in_trace(&e, from), expected);
    assert!(e.trace_sampling().1 > 0, "the left-out reactions are counted");
    assert_eq!(e.store().list("", "pods", Some("default")).count(), 2_301);

    // Asked for everything, the trace keeps every pod again.
    e.set_trace_sampling(false);
    let from = e.trace().len();
    create_pod(&mut e, "p-last");
    assert_eq!(pods_in_trace(&e, from), BTreeSet::from(["p-last".to_string()]));
}

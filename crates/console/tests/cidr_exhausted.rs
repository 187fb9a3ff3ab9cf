//! kind's pod subnet, 10.244.0.0/16, holds 256 nodes' /24 ranges. Node IPAM's range allocator
//! (`pkg/controller/nodeipam/ipam/range_allocator.go`) gives the 257th node none: it records
//! `CIDRNotAvailable` on it (`RecordNodeStatusChange`, from `cidrAllocator`) and `syncNode`'s
//! error puts the node back in its work queue with `AddRateLimited` (5 ms doubling), so the
//! event repeats with a growing count and the node's kubelet stays NotReady — no pod network.
//! When a node with a range leaves, the range is released and the next try takes it. A
//! transcript of 258 nodes' trace would be megabytes, so this is a test and not a golden.

use podlife_console::Session;
use serde_json::Value;

fn node(s: &Session, name: &str) -> Value {
    s.engine().store().list("", "nodes", None).find(|(k, _)| k.name == name).map(|(_, n)| n.to_value()).unwrap_or(Value::Null)
}

fn ready(n: &Value) -> Option<String> {
    n["status"]["conditions"].as_array()?.iter().find(|c| c["type"] == "Ready").and_then(|c| c["status"].as_str()).map(str::to_string)
}

/// The `CIDRNotAvailable` events: (node, count, source, message).
fn cidr_events(s: &Session) -> Vec<(String, i64, String, String)> {
    s.engine()
        .store()
        .list("", "events", Some("default"))
        .filter(|(_, e)| e["reason"] == "CIDRNotAvailable")
        .map(|(_, e)| {
            let name = e["involvedObject"]["name"].as_str().unwrap_or_default().to_string();
            (name, e["count"].as_i64().unwrap_or(0), e["source"]["component"].as_str().unwrap_or_default().to_string(), e["message"].as_str().unwrap_or_default().to_string())
        })
        .collect()
}

#[test]
fn nodes_beyond_the_pod_subnet_get_cidr_not_available_until_a_range_is_free() {
    let mut s = Session::new(1);
    assert!(!s.exec("podlife cluster nodes 258", None).failed);
    s.exec("sleep 60", None);
    let nodes: Vec<Value> = s.engine().store().list("", "nodes", None).map(|(_, n)| n.to_value()).collect();
    assert_eq!(nodes.len(), 258);
    let without: Vec<&str> = nodes.iter().filter(|n| n["spec"]["podCIDR"].as_str().is_none_or(str::is_empty)).filter_map(|n| n["metadata"]["name"].as_str()).collect();
    assert_eq!(without.len(), 2, "{without:?}");
    for name in &without {
        assert_eq!(ready(&node(&s, name)).as_deref(), Some("False"), "{name} has no pod network");
    }
    let events = cidr_events(&s);
    assert_eq!(events.len(), 2, "{events:?}");
    for (name, count, source, message) in &events {
        assert!(without.contains(&name.as_str()), "{name}");
        assert!(*count > 5, "retried with the work queue's back-off: {count}");
        assert_eq!(source, "cidrAllocator");
        assert_eq!(message, &format!("Node {name} status is now: CIDRNotAvailable"));
    }
    // A node with a range leaves: its range goes back, and one waiting node takes it at its
    // next try (the back-off has grown to minutes by now; the node's own status report, every 5 minutes, queues it sooner).
    let given = nodes.iter().filter_map(|n| n["metadata"]["name"].as_str()).find(|n| n.starts_with("worker-") && !without.contains(n)).unwrap_or_default().to_string();
    assert!(!s.exec(&format!("podlife node remove {given}"), None).failed);
    s.exec("sleep 600", None);
    let still: Vec<&str> = without.iter().copied().filter(|name| node(&s, name)["spec"]["podCIDR"].as_str().is_none_or(str::is_empty)).collect();
    assert_eq!(still.len(), 1, "one of {without:?} took the freed range: {still:?}");
    let took = without.iter().find(|n| !still.contains(n)).copied().unwrap_or_default();
    assert_eq!(ready(&node(&s, took)).as_deref(), Some("True"), "{took} is Ready with its range");
}

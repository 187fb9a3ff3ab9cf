//! A Service in front of more pods than one EndpointSlice holds (`--max-endpoints-per-slice`
//! 100). The EndpointSlice controller (`staging/src/k8s.io/endpointslice/reconciler.go`) packs
//! the endpoints into as few slices as the 100-endpoint limit allows, leaves endpoints where
//! they are when pods change, and — with its EndpointSlice tracker — never syncs against an
//! informer that has not yet seen its own writes, so it does not create the same slices twice
//! nor lose updates to 409 Conflicts. A slice deleted behind its back comes back about a
//! second later (`endpointSliceChangeMinSyncDelay`). Checked over three seeds; a transcript
//! of 150 pods' trace would be megabytes, so this is a test and not a golden.

use podlife_console::Session;
use serde_json::Value;

/// (endpoints per slice, largest first) of the Service `web`.
fn slice_sizes(s: &Session) -> Vec<usize> {
    let mut sizes: Vec<usize> = s
        .engine()
        .store()
        .list("discovery.k8s.io", "endpointslices", Some("default"))
        .filter(|(_, e)| e["metadata"]["labels"]["kubernetes.io/service-name"] == "web")
        .map(|(_, e)| e["endpoints"].as_array().map_or(0, <[podlife_engine::Slot]>::len))
        .collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}

fn slice_errors(s: &Session) -> Vec<String> {
    s.engine()
        .trace()
        .iter()
        .filter(|e| e.object.as_ref().is_some_and(|o| o.kind == "EndpointSlice"))
        .filter_map(|e| e.params.get("code").and_then(|c| c.as_i64()).filter(|c| *c >= 400).map(|c| format!("{c} at {}", e.time.millis())))
        .collect()
}

fn events_about_service(s: &Session) -> Vec<Value> {
    s.engine().store().list("", "events", Some("default")).filter(|(_, e)| e["involvedObject"]["kind"] == "Service").map(|(_, e)| e.to_value()).collect()
}

#[test]
fn many_endpoints_fill_few_slices_without_conflicts() {
    for seed in 1..=3 {
        let mut s = Session::new(seed);
        assert!(!s.exec("kubectl create deployment web --image=registry.podlife.dev/app:1.0 --replicas=150", None).failed);
        assert!(!s.exec("kubectl expose deployment web --port=80 --target-port=8080", None).failed);
        s.exec("sleep 60", None);
        assert_eq!(slice_sizes(&s), [100, 50], "seed {seed}: 150 endpoints in the fewest slices");

        // Scaling down empties places in the slices; nothing is repacked.
        assert!(!s.exec("kubectl scale deployment web --replicas=60", None).failed);
        s.exec("sleep 60", None);
        let sizes = slice_sizes(&s);
        assert_eq!(sizes.iter().sum::<usize>(), 60, "seed {seed}: {sizes:?}");
        assert!(sizes.len() <= 2, "seed {seed}: {sizes:?}");

        // Deleted by hand: replaced within a couple of seconds.
        assert!(!s.exec("kubectl delete endpointslices -l kubernetes.io/service-name=web", None).failed);
        s.exec("sleep 3", None);
        assert_eq!(slice_sizes(&s), [60], "seed {seed}: recreated");

        assert_eq!(slice_errors(&s), Vec::<String>::new(), "seed {seed}: an EndpointSlice request failed");
        assert!(events_about_service(&s).is_empty(), "seed {seed}: {:?}", events_about_service(&s));
    }
}

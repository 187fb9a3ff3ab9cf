//! How much of a run the trace keeps (issue 20). A teaching scenario keeps every reaction. A
//! run of thousands of pods cannot — about 120 reactions a pod, and a Lease renewal every 10 s
//! per node —, so once the cluster is large the trace keeps every reaction about one pod in
//! `one_in` (its scheduling cycle, its API requests, its kubelet's and containerd's work, and
//! its events, whose names start with the pod's), about one node's Lease in `one_in`, and every
//! other reaction (workloads, Services, Nodes, traffic). What happens in the cluster is the same
//! either way: only what is recorded changes, so every scheduling decision stays exact.
//!
//! `one_in` is 1 (everything) while the store holds at most `FULL_PODS` pods and
//! `FULL_NODES` nodes, then the power of ten that keeps about that many: 10 up to ten times
//! as many, 100 up to a hundred times. It only grows during a run (deleting pods does not bring
//! the whole trace back), and a pod kept at 1 in 100 is kept at 1 in 10 too, so the pods a
//! sampled trace shows are the same ones throughout.

use super::ObjectRef;

/// The most pods, and nodes, a run may have while its trace keeps everything.
pub const FULL_PODS: usize = 2_000;
pub const FULL_NODES: usize = 200;

/// The sampling rate for a cluster of this size: 1 (everything), 10, 100, …
pub fn one_in_for(pods: usize, nodes: usize) -> u32 {
    let mut one_in: u32 = 1;
    while (pods > FULL_PODS.saturating_mul(one_in as usize) || nodes > FULL_NODES.saturating_mul(one_in as usize)) && one_in < 1_000_000 {
        one_in *= 10;
    }
    one_in
}

/// Whether a reaction about `object` is kept at one in `one_in`: a pod, an event (by the
/// name of what it is about: `<name>.<suffix>`) or a Lease by its place among the others
/// (FNV-1a of namespace and name); any other object always.
pub fn keeps(one_in: u32, object: &ObjectRef) -> bool {
    if one_in <= 1 {
        return true;
    }
    let name: &str = &object.name;
    let name = match &*object.kind {
        "Pod" | "Lease" => name,
        "Event" => name.rsplit_once('.').map_or(name, |(about, _)| about),
        _ => return true,
    };
    let namespace = object.namespace.as_deref().unwrap_or("");
    fnv1a([namespace.as_bytes(), b"/", name.as_bytes()]) % u64::from(one_in) == 0
}

fn fnv1a<const N: usize>(parts: [&[u8]; N]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_follows_the_size_by_powers_of_ten() {
        assert_eq!(one_in_for(0, 3), 1);
        assert_eq!(one_in_for(2_000, 200), 1);
        assert_eq!(one_in_for(2_001, 3), 10);
        assert_eq!(one_in_for(10, 201), 10);
        assert_eq!(one_in_for(20_000, 2_000), 10);
        assert_eq!(one_in_for(20_001, 3), 100);
        assert_eq!(one_in_for(150_000, 5_000), 100);
        assert_eq!(one_in_for(10, 5_000), 100);
    }

    #[test]
    fn a_pod_and_its_events_are_kept_together_and_nested_rates_keep_a_subset() {
        let pods: Vec<String> = (0..2_000).map(|i| format!("web-{i}")).collect();
        let kept = |one_in: u32| -> Vec<&String> { pods.iter().filter(|p| keeps(one_in, &ObjectRef::new("Pod", Some("default"), p))).collect() };
        let (tens, hundreds) = (kept(10), kept(100));
        // About one in ten and one in a hundred (FNV spreads these names evenly enough).
        assert!((150..=250).contains(&tens.len()), "{}", tens.len());
        assert!((5..=40).contains(&hundreds.len()), "{}", hundreds.len());
        assert!(hundreds.iter().all(|p| tens.contains(p)));
        for p in &pods {
            let pod = keeps(10, &ObjectRef::new("Pod", Some("default"), p));
            let event = keeps(10, &ObjectRef::new("Event", Some("default"), &format!("{p}.18a2b3c4d5e6f708")));
            assert_eq!(pod, event, "{p}");
        }
        // Everything else, and everything at one in one.
        assert!(keeps(100, &ObjectRef::new("Deployment", Some("default"), "web")));
        assert!(keeps(100, &ObjectRef::new("Node", None, "worker-7")));
        assert!(pods.iter().all(|p| keeps(1, &ObjectRef::new("Pod", Some("default"), p))));
    }
}

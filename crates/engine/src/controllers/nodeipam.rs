//! The node IPAM controller (`pkg/controller/nodeipam`, the range allocator, as kubeadm runs it
//! with `--allocate-node-cidrs=true --cluster-cidr=10.244.0.0/16`): a Node without
//! `spec.podCIDR` gets a free /24 of the cluster CIDR, which its kubelet hands to CNI. The write
//! is `PatchNodeCIDRs`: a strategic-merge PATCH of the two fields only, so it never conflicts
//! with another writer of the Node.
//!
//! The allocator keeps its own bitmap (`ipam/cidrset/cidr_set.go`): `AllocateNext` marks a range
//! used before the PATCH is sent and searches from the range after the last one it gave
//! (`nextCandidate`), so nodes that join at the same instant get different ranges, and a range
//! a deleted node released is not handed out again at once. A node being given a range is not
//! given another while its PATCH is on its way (`nodesInProcessing` in `range_allocator.go`).
//!
//! When every range is taken, `AllocateOrOccupyCIDR` records `CIDRNotAvailable` on the Node
//! (`RecordNodeStatusChange`: Normal, "Node NAME status is now: CIDRNotAvailable", from
//! `cidrAllocator`) and `syncNode`'s error puts the node back in the work queue with
//! `AddRateLimited` (5 ms doubling to 1000 s): the node stays without a range, its kubelet
//! NotReady, until a range is released — 10.244.0.0/16 holds 256 nodes.

use crate::Slot;
use crate::vecmap::{VecMap, VecSet};


use super::workqueue::RateLimiter;
use super::{Write, controller_request};
use crate::apiserver::Verb;
use crate::store::{EventType, WatchEvent};

const SA: &str = "node-controller";

/// The work queue hands back a node it could give no range (its timer).
#[derive(Debug, Clone)]
pub(crate) struct Requeue(pub(crate) String);

type Cx<'a> = crate::component::Cx<'a, Requeue>;
/// The range allocator's event source (`v1.EventSource{Component: "cidrAllocator"}`).
const SOURCE: &str = "cidrAllocator";
/// 10.244.0.0/16 in /24s: 256 node ranges.
pub const RANGES: u32 = crate::cluster::facts::POD_RANGES as u32;

fn cidr(i: u32) -> String {
    crate::cluster::facts::pod_range(i as usize)
}

/// The index of `10.244.I.0/24`, if the text is one of the cluster's ranges.
fn index_of(cidr: &str) -> Option<u32> {
    let i: u32 = cidr.strip_prefix("10.244.")?.strip_suffix(".0/24")?.parse().ok()?;
    (i < RANGES).then_some(i)
}

fn pod_cidr(node: &Slot) -> Option<&str> {
    node["spec"]["podCIDR"].as_str().filter(|c| !c.is_empty())
}

/// The range allocator's memory: the ranges in use and where the next search starts.
#[derive(Debug, Clone, Default)]
pub struct RangeAllocator {
    used: VecSet<u32>,
    next_candidate: u32,
    /// Nodes whose PATCH is on its way, with the range they were given.
    in_process: VecMap<String, u32>,
    /// Nodes given no range (name, uid), for the process to record and requeue.
    unavailable: Vec<(String, String)>,
    /// The work queue's back-off of those nodes.
    requeue: RateLimiter,
    /// Nodes waiting for their back-off to end (a key is in the queue once).
    waiting: VecSet<String>,
    /// Its event recorder.
    recorder: crate::record::Recorder,
}

impl RangeAllocator {
    /// A (re)started kube-controller-manager: every listed node's range is occupied before
    /// any node is given one (`NewCIDRRangeAllocator`'s `occupyCIDRs` over the node list).
    pub fn relist(cache: &crate::components::Cache) -> RangeAllocator {
        let mut a = RangeAllocator::default();
        for (_, node) in cache.iter().filter(|(k, _)| k.group.is_empty() && k.resource == "nodes") {
            if let Some(i) = pod_cidr(node).and_then(index_of) {
                a.used.insert(i);
            }
        }
        a
    }

    /// `cidrSet.AllocateNext`: the first free range from `next_candidate` on, circularly.
    fn allocate_next(&mut self) -> Option<u32> {
        let found = (0..RANGES).map(|k| (self.next_candidate + k) % RANGES).find(|i| !self.used.contains(i))?;
        self.used.insert(found);
        self.next_candidate = (found + 1) % RANGES;
        Some(found)
    }

    /// One node delivery: occupy a range a node has, release a deleted node's, give a range to
    /// a node without one.
    pub fn observe(&mut self, event: &WatchEvent) -> Vec<Write> {
        if event.key.resource != "nodes" || !event.key.group.is_empty() {
            return vec![];
        }
        let node: &Slot = &event.object;
        let name = &event.key.name;
        if event.event_type == EventType::Deleted {
            // `ReleaseCIDR`.
            if let Some(i) = pod_cidr(node).and_then(index_of) {
                self.used.remove(&i);
            }
            if let Some(i) = self.in_process.remove(name) {
                self.used.remove(&i);
            }
            return vec![];
        }
        if let Some(i) = pod_cidr(node).and_then(index_of) {
            self.in_process.remove(name);
            self.used.insert(i);
            return vec![];
        }
        self.allocate_for(name, node)
    }

    /// `AllocateOrOccupyCIDR` for a node without a range: a free range and its PATCH, or the
    /// node noted as given none.
    fn allocate_for(&mut self, name: &String, node: &Slot) -> Vec<Write> {
        if self.in_process.contains_key(name) {
            return vec![];
        }
        let Some(i) = self.allocate_next() else {
            self.unavailable.push((name.clone(), node["metadata"]["uid"].as_str().unwrap_or_default().to_string()));
            return vec![];
        };
        self.requeue.forget(name);
        self.in_process.insert(name.clone(), i);
        let free = cidr(i);
        let body = json!({"spec": {"podCIDR": free, "podCIDRs": [free]}});
        let Some(mut r) = controller_request(SA, Verb::Patch, "nodes", None, name, body) else { return vec![] };
        r.patch_type = crate::apiserver::patch::PatchType::Strategic;
        vec![Write::now("nodeipam", r)]
    }

    /// The queue hands a requeued node back (`syncNode` from the lister): tried again unless
    /// it went or has its range now.
    pub fn retry(&mut self, name: &String, node: Option<&Slot>) -> Vec<Write> {
        self.waiting.remove(name);
        match node {
            Some(node) if pod_cidr(node).is_none() => self.allocate_for(name, node),
            _ => {
                self.requeue.forget(name);
                vec![]
            }
        }
    }

    /// The nodes just given no range: `CIDRNotAvailable` on each (`RecordNodeStatusChange`),
    /// and each back in the queue after its back-off (`AddRateLimited` counts every failure; a
    /// node already waiting keeps its earlier time, as the delaying queue keeps the sooner).
    pub(crate) fn cidr_not_available(&mut self, cx: &mut Cx<'_>) {
        let client = |verb, plural: &str, ns: Option<&str>, name: &str, body| controller_request(SA, verb, plural, ns, name, body);
        for (name, uid) in std::mem::take(&mut self.unavailable) {
            let reference = json!({"apiVersion": "v1", "kind": "Node", "name": name, "uid": uid});
            let message = format!("Node {name} status is now: CIDRNotAvailable");
            let now = cx.now();
            crate::record::event_via(&mut self.recorder, &client, SOURCE, reference, ("Normal", "CIDRNotAvailable", &message), now, &mut |r| cx.request(r));
            let delay = self.requeue.when(&name);
            if self.waiting.insert(name.clone()) {
                cx.after(now.plus_millis(delay), Requeue(name));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_goes_round_from_the_last_range_given() {
        let mut a = RangeAllocator::default();
        assert_eq!([a.allocate_next(), a.allocate_next(), a.allocate_next()], [Some(0), Some(1), Some(2)]);
        a.used.remove(&1);
        // Released, but not reused before the search has gone round.
        assert_eq!(a.allocate_next(), Some(3));
        a.used.extend(4..RANGES);
        assert_eq!(a.allocate_next(), Some(1));
        assert_eq!(a.allocate_next(), None);
        assert_eq!((index_of("10.244.7.0/24"), index_of("10.244.256.0/24"), index_of("10.0.0.0/8")), (Some(7), None, None));
    }
}

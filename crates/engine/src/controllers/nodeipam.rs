//! The node IPAM controller (`pkg/controller/nodeipam`, range allocator, as kubeadm runs it with
//! `--allocate-node-cidrs=true --cluster-cidr=10.244.0.0/16`): a Node without `spec.podCIDR`
//! gets the lowest free /24 of the cluster CIDR, which its kubelet hands to CNI. The write is
//! `PatchNodeCIDRs`: a strategic-merge PATCH of the two fields only, so it never conflicts
//! with another writer of the Node.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{Write, controller_request};
use crate::apiserver::Verb;
use crate::store::{EventType, WatchEvent};

const SA: &str = "node-controller";
/// 10.244.0.0/16 in /24s: 256 node ranges.
const RANGES: u32 = 256;

fn cidr(i: u32) -> String {
    format!("10.244.{i}.0/24")
}

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    if event.key.resource != "nodes" || event.event_type == EventType::Deleted {
        return vec![];
    }
    let node: &Value = &event.object;
    if node["spec"]["podCIDR"].as_str().is_some_and(|c| !c.is_empty()) {
        return vec![];
    }
    let used: BTreeSet<String> = crate::sort::collect_set(
        cache
            .iter()
            .filter(|(k, _)| k.group.is_empty() && k.resource == "nodes")
            .filter_map(|(_, n)| n["spec"]["podCIDR"].as_str().map(str::to_string)),
    );
    let Some(free) = (0..RANGES).map(cidr).find(|c| !used.contains(c)) else { return vec![] };
    let body = json!({"spec": {"podCIDR": free, "podCIDRs": [free]}});
    let Some(mut r) = controller_request(SA, Verb::Patch, "nodes", None, &event.key.name, body) else { return vec![] };
    r.patch_type = crate::apiserver::patch::PatchType::Strategic;
    vec![Write::now("nodeipam", r)]
}

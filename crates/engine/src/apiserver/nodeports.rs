//! A Service's node ports (`pkg/registry/core/service/portallocator`, the Service REST's
//! `alloc.go` and `storage.go`, `strategy.go`'s `dropTypeDependentFields`): one pool for the
//! cluster, `--service-node-port-range` 30000-32767. Which ports are taken is read from the
//! stored Services, so a port comes back to the pool when the Service that held it is deleted
//! or stops using it, as upstream's deferred release does once the write is stored.
//!
//! - Create (`allocNodePorts`): a port asked for must lie in the range and be free, else the
//!   create is refused naming the first such port; a port not asked for is drawn at random
//!   among the free ones. A port a Service lists twice (TCP and UDP) is taken once.
//! - Update: `patchAllocatedValues` gives a port the update left out the node port its
//!   namesake had; `updateNodePorts` checks a port asked for that the Service did not already
//!   hold and draws the missing ones; `dropTypeDependentFields` clears the ports of a Service
//!   turned ClusterIP or ExternalName when the update kept them as they were (a changed one is
//!   then refused by validation: `may not be used when `type` is 'ClusterIP'`).

use serde_json::Value;

use super::status::{FieldError, Reason, Status};
use crate::Engine;

const RANGE: std::ops::RangeInclusive<i64> = 30000..=32767;

/// `needsNodePort`.
fn needs_node_ports(svc: &Value) -> bool {
    matches!(svc["spec"]["type"].as_str(), Some("NodePort" | "LoadBalancer"))
}

/// `collectServiceNodePorts`.
fn node_ports(svc: &Value) -> Vec<i64> {
    svc["spec"]["ports"].as_array().into_iter().flatten().filter_map(|p| p["nodePort"].as_i64()).filter(|n| *n != 0).collect()
}

impl Engine {
    /// The node ports every stored Service holds but `except` (namespace, name).
    fn node_ports_in_use(&self, except: Option<(&str, &str)>) -> std::collections::BTreeSet<i64> {
        self.store
            .list("", "services", None)
            .filter(|(key, _)| except.is_none_or(|(ns, name)| key.namespace != ns || key.name != name))
            .flat_map(|(_, svc)| svc["spec"]["ports"].as_array().into_iter().flatten().filter_map(|p| p["nodePort"].as_i64()))
            .collect()
    }

    /// `allocNodePorts` for a new Service of type NodePort or LoadBalancer.
    pub(super) fn allocate_node_ports(&mut self, obj: &mut Value) -> Result<(), Status> {
        let mut used = self.node_ports_in_use(None);
        self.take_node_ports(obj, &[], &mut used)
    }

    /// A Service's update (`beginUpdate`, then `dropTypeDependentFields`), before validation.
    pub(super) fn update_node_ports(&mut self, old: &Value, obj: &mut Value) -> Result<(), Status> {
        let held = node_ports(old);
        if needs_node_ports(old) && needs_node_ports(obj) {
            patch_allocated(old, &held, obj);
        }
        if needs_node_ports(obj) {
            let namespace = old["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
            let name = old["metadata"]["name"].as_str().unwrap_or_default().to_string();
            let mut used = self.node_ports_in_use(Some((&namespace, &name)));
            return self.take_node_ports(obj, &held, &mut used);
        }
        // `dropTypeDependentFields`: no net-new node port, so the user did not ask for one.
        if needs_node_ports(old) && node_ports(obj).iter().all(|n| held.contains(n)) {
            for port in obj["spec"]["ports"].as_array_mut().into_iter().flatten() {
                if let Some(p) = port.as_object_mut() {
                    p.remove("nodePort");
                }
            }
        }
        Ok(())
    }

    /// `updateNodePorts` (and `allocNodePorts`, with nothing held before): each port asked for
    /// that `held` lacks must be in range and free; each missing one is drawn.
    fn take_node_ports(&mut self, obj: &mut Value, held: &[i64], used: &mut std::collections::BTreeSet<i64>) -> Result<(), Status> {
        let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
        // `shouldAllocateNodePorts`: a LoadBalancer may opt out of node ports it did not ask for.
        let draw = obj["spec"]["type"] != "LoadBalancer" || obj["spec"]["allocateLoadBalancerNodePorts"] != false;
        let mut taken = std::collections::BTreeSet::new();
        let Some(ports) = obj["spec"]["ports"].as_array_mut() else { return Ok(()) };
        for (i, p) in ports.iter_mut().enumerate() {
            match p["nodePort"].as_i64().filter(|n| *n != 0) {
                Some(n) if held.contains(&n) || taken.contains(&n) => {}
                Some(n) => {
                    let problem = if !RANGE.contains(&n) {
                        Some(format!("provided port is not in the valid range. The range of valid ports is {}-{}", RANGE.start(), RANGE.end()))
                    } else if used.contains(&n) {
                        Some("provided port is already allocated".to_string())
                    } else {
                        None
                    };
                    if let Some(detail) = problem {
                        return Err(Status::invalid_kind("Service", &name, vec![FieldError::invalid(format!("spec.ports[{i}].nodePort"), n.to_string(), detail)]));
                    }
                    used.insert(n);
                    taken.insert(n);
                }
                None if !draw => {}
                None => {
                    // A free port, drawn again while the draw is taken.
                    let mut n = self.rng.between(30000, 32767) as i64;
                    let mut tries = 0;
                    while used.contains(&n) && tries < 10_000 {
                        n = self.rng.between(30000, 32767) as i64;
                        tries += 1;
                    }
                    if used.contains(&n) {
                        // `AllocateNext`'s `ErrFull`, which the registry reports as internal.
                        return Err(Status::plain(Reason::InternalError, "Internal error occurred: failed to allocate a nodePort: range is full".to_string()));
                    }
                    used.insert(n);
                    taken.insert(n);
                    p["nodePort"] = json!(n);
                }
            }
        }
        Ok(())
    }
}

/// `patchAllocatedValues`: a port the update gives no node port gets the one the old port of
/// the same name had, unless another port of the update uses it.
fn patch_allocated(old: &Value, held: &[i64], obj: &mut Value) {
    let asked = node_ports(obj);
    let in_both: Vec<i64> = held.iter().copied().filter(|n| asked.contains(n)).collect();
    let by_name: Vec<(String, i64)> = old["spec"]["ports"].as_array().into_iter().flatten().map(|p| (p["name"].as_str().unwrap_or_default().to_string(), p["nodePort"].as_i64().unwrap_or(0))).collect();
    for port in obj["spec"]["ports"].as_array_mut().into_iter().flatten() {
        if port["nodePort"].as_i64().unwrap_or(0) != 0 {
            continue;
        }
        let name = port["name"].as_str().unwrap_or_default();
        if let Some((_, n)) = by_name.iter().find(|(old_name, _)| old_name == name)
            && *n != 0
            && !in_both.contains(n)
        {
            port["nodePort"] = json!(n);
        }
    }
}

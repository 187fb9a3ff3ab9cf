//! What a node's NAT rules do to a new connection: the `KUBE-SERVICES` match on a Service's
//! virtual IP and port, then `KUBE-SVC-…`'s random choice among its endpoints (the
//! `statistic` rules make it uniform), the `recent` lists of ClientIP affinity, or the filter
//! table's REJECT / DROP when no endpoint is usable.

use super::{ProxyEndpoint, ServicePortName};
use crate::Engine;

/// The service CIDR (kubeadm's default `--service-cluster-ip-range`).
const SERVICE_CIDR: (u32, u32) = (0x0A60_0000, 12);

/// Where the rules send a new connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nat {
    /// Not a Service address: the packet goes on as addressed.
    Pass,
    /// An address in the service CIDR for which the node has no rule: nothing answers.
    NoRule,
    /// `… has no endpoints -j REJECT`: refused at once.
    Reject,
    /// `… has no local endpoints -j DROP` (a Local policy): nothing answers.
    Drop,
    /// DNAT to this endpoint.
    To(ProxyEndpoint),
}

/// Is `ip` a pod address (kube-proxy's `clusterCIDR`, the local-traffic detector)?
pub fn in_pod_cidr(ip: &str) -> bool {
    ip.parse::<std::net::Ipv4Addr>().is_ok_and(|a| u32::from(a) >> 16 == 0x0AF4)
}

/// Is `ip` inside the service CIDR?
pub fn in_service_cidr(ip: &str) -> bool {
    let Ok(addr) = ip.parse::<std::net::Ipv4Addr>() else { return false };
    let (net, bits) = SERVICE_CIDR;
    (u32::from(addr) >> (32 - bits)) == (net >> (32 - bits))
}

impl Engine {
    /// Does the node's filter table REJECT new TCP connections to `ip:port` (a Service
    /// without endpoints)? The filter table sees every packet of a connection that is still
    /// NEW, so a retransmitted SYN meets a REJECT installed after the first one left.
    pub(crate) fn rejects(&self, node: &str, ip: &str, port: u16) -> bool {
        self.nat_tables.get(node).is_some_and(|p| {
            p.installed.services.iter().any(|(k, r)| r.cluster_ip == ip && r.port == port && k.protocol == "TCP" && r.rejects())
        })
    }

    /// The node's rules applied to a TCP/UDP connection from `client_ip` to `ip:port`: a
    /// Service's virtual IP by the source node's rules; a node's own address and a nodePort
    /// by the destination node's (`KUBE-NODEPORTS`, reached for local destinations).
    pub(crate) fn nat(&mut self, node: &str, client_ip: &str, ip: &str, port: u16, protocol: &str) -> Nat {
        // A node's own address reaches its NodePorts; a Service address is never a node's.
        let dest = if in_service_cidr(ip) { None } else { self.node_with_ip(ip) };
        let (rules_node, by_node_port) = match dest {
            Some(dest) => (dest, true),
            None => (node.to_string(), false),
        };
        let Some(p) = self.nat_tables.get(&rules_node) else {
            return if in_service_cidr(ip) { Nat::NoRule } else { Nat::Pass };
        };
        let matches = |k: &ServicePortName, r: &super::ServiceRules| k.protocol == protocol && if by_node_port { r.node_port == Some(port) } else { r.cluster_ip == ip && r.port == port };
        let hit = p.installed.services.iter().find(|(k, r)| matches(k, r)).map(|(k, r)| (k.clone(), r.clone()));
        let Some((spn, rules)) = hit else {
            return if in_service_cidr(ip) { Nat::NoRule } else { Nat::Pass };
        };
        // A NodePort with `externalTrafficPolicy: Local` serves only this node's endpoints
        // (`KUBE-EXT-…` jumps to `KUBE-SVL-…`) and drops when it has none — except for pods'
        // traffic and the node's own, which `KUBE-EXT-…` sends to the cluster chain first.
        let from_pod_or_here = in_pod_cidr(client_ip) || self.node_with_ip(client_ip).as_deref() == Some(rules_node.as_str());
        let rules = if by_node_port && rules.external_local && !from_pod_or_here {
            let used = super::categorize(&rules.all, true, &rules_node);
            if used.is_empty() {
                return Nat::Drop;
            }
            super::ServiceRules { used, ..rules }
        } else {
            rules
        };
        if rules.drops() {
            return Nat::Drop;
        }
        if rules.rejects() {
            return Nat::Reject;
        }
        let now = self.now;
        let key = (client_ip.to_string(), spn.clone());
        if let Some(timeout) = rules.affinity_seconds {
            let remembered = p.affinity.get(&key).filter(|(_, at)| now.millis().saturating_sub(at.millis()) <= timeout * 1000).map(|(a, _)| a.clone());
            if let Some(ep) = remembered.and_then(|a| rules.used.iter().find(|e| e.address() == a).cloned()) {
                if let Some(p) = self.nat_tables.get_mut(&rules_node) {
                    p.affinity.insert(key, (ep.address(), now));
                }
                return Nat::To(ep);
            }
        }
        let i = self.rng.below(rules.used.len() as u64) as usize;
        let ep = rules.used[i].clone();
        if rules.affinity_seconds.is_some()
            && let Some(p) = self.nat_tables.get_mut(&rules_node) {
                p.affinity.insert(key, (ep.address(), now));
            }
        Nat::To(ep)
    }

    /// The node whose InternalIP this is.
    pub(crate) fn node_with_ip(&self, ip: &str) -> Option<String> {
        self.store.list("", "nodes", None).find(|(_, n)| crate::cluster::facts::internal_ip(n) == Some(ip)).map(|(k, _)| k.name.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn service_cidr() {
        assert!(in_service_cidr("10.96.0.1"));
        assert!(in_service_cidr("10.111.255.254"));
        assert!(!in_service_cidr("10.112.0.1"));
        assert!(!in_service_cidr("10.244.1.5"));
        assert!(!in_service_cidr("web"));
    }
}

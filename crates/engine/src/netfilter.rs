//! A node's netfilter state as its kernel holds it: the NAT rules kube-proxy's
//! `iptables-restore` installs (keyed as kube-proxy keys Service ports, `proxy.ServicePortName`)
//! and ClientIP affinity's `-m recent` lists. kube-proxy writes it (`proxy/`), the packet path
//! reads it (`proxy/routing.rs`, `network.rs`), and it outlives a stopped kube-proxy — so it
//! lives below both, beside the other things of a machine.

use crate::clock::Time;
use crate::vecmap::VecMap;

/// `proxy.ServicePortName`: a Service port as kube-proxy keys it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ServicePortName {
    pub namespace: String,
    pub name: String,
    /// The Service port's name ("" when unnamed).
    pub port: String,
    pub protocol: String,
}

impl std::fmt::Display for ServicePortName {
    /// `ns/name`, or `ns/name:port` for a named port (`ServicePortName.String()`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.namespace, self.name)?;
        if !self.port.is_empty() {
            write!(f, ":{}", self.port)?;
        }
        Ok(())
    }
}

/// One endpoint as kube-proxy's slice cache holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProxyEndpoint {
    pub ip: String,
    pub port: u16,
    pub ready: bool,
    pub serving: bool,
    pub terminating: bool,
    pub node: Option<String>,
}

impl ProxyEndpoint {
    /// `net.JoinHostPort(ip, port)`, the endpoint's identity and sort key.
    pub fn address(&self) -> String {
        format!("{}:{}", self.ip, self.port)
    }
}

/// What the rules say for one service port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServiceRules {
    pub cluster_ip: String,
    pub port: u16,
    pub node_port: Option<u16>,
    /// `sessionAffinity: ClientIP` and its timeout.
    pub affinity_seconds: Option<u64>,
    /// `internalTrafficPolicy: Local`.
    pub internal_local: bool,
    /// `externalTrafficPolicy: Local` (NodePorts: this node's endpoints only).
    pub external_local: bool,
    /// Every endpoint the slices list, sorted by address.
    pub all: Vec<ProxyEndpoint>,
    /// Where this node sends the service's traffic (`CategorizeEndpoints`); empty = REJECT
    /// (or DROP for a Local policy).
    pub used: Vec<ProxyEndpoint>,
}

impl ServiceRules {
    /// No usable endpoint: the filter table drops new connections when a Local policy has
    /// endpoints only on other nodes ("has no local endpoints")…
    pub fn drops(&self) -> bool {
        self.used.is_empty() && self.internal_local && !self.all.is_empty()
    }

    /// …and rejects them otherwise ("has no endpoints").
    pub fn rejects(&self) -> bool {
        self.used.is_empty() && !self.drops()
    }
}

/// A node's NAT rules, by service port.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rules {
    pub services: VecMap<ServicePortName, ServiceRules>,
}

impl Rules {
    /// Would both write the same chains? (Endpoint conditions matter only through which
    /// endpoints are used, and whether a service without usable ones has any at all.)
    pub fn same_chains(&self, other: &Rules) -> bool {
        // A Local external policy's chain depends on which endpoints are where and ready.
        let shape = |r: &ServiceRules| {
            let local: Vec<(String, bool, bool, bool, Option<String>)> = if r.external_local { r.all.iter().map(|e| (e.address(), e.ready, e.serving, e.terminating, e.node.clone())).collect() } else { Vec::new() };
            (r.cluster_ip.clone(), r.port, r.node_port, r.affinity_seconds, (r.internal_local, r.external_local), local, r.used.iter().map(ProxyEndpoint::address).collect::<Vec<_>>(), r.all.is_empty())
        };
        self.services.len() == other.services.len() && self.services.iter().zip(&other.services).all(|((ka, a), (kb, b))| ka == kb && shape(a) == shape(b))
    }
}

/// A node's NAT table as its kernel holds it: what kube-proxy's last `iptables-restore`
/// installed, and the `-m recent` lists of ClientIP affinity. The node's packets go through it
/// (`routing.rs`); it outlives a stopped kube-proxy.
#[derive(Debug, Clone, Default)]
pub struct NatTable {
    /// The rules in effect.
    pub installed: Rules,
    /// (client IP, service port) → (endpoint, last use).
    pub(crate) affinity: VecMap<(String, ServicePortName), (String, Time)>,
}

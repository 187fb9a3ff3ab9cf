//! NetworkPolicy enforcement, as kind's kindnetd does it since kind v0.24 (its embedded
//! kubernetes-sigs/kube-network-policies: every new connection is judged in the dataplane;
//! a refused one is dropped, so the client times out). The rules are the API's
//! (`k8s.io/api/networking/v1` types.go): a pod selected by a policy of its namespace whose
//! `policyTypes` holds Ingress (Egress) is isolated for that direction, and a connection is
//! allowed only if some rule of those policies admits the peer and the port — egress checked
//! at the source pod, ingress at the destination pod, both on the address and port after
//! kube-proxy's DNAT. Peers: `podSelector` (the policy's namespace), `namespaceSelector`, both
//! (the pods of those namespaces), `ipBlock` (CIDR minus `except`). Ports: protocol, number or
//! the destination container's named port, `endPort` ranges. Traffic between a node and its
//! own pods (kubelet probes) is not judged. podlife reads the policies, pods and namespaces
//! from the API's current state (kube-network-policies' informers are a few ms behind).

use crate::Slot;
use serde_json::Value;

use crate::Engine;
use crate::labels::selector_matches;
use crate::trace::{Action, ComponentRef};

/// A connection's end: a pod (its object) or an address outside the pod network.
struct Peer<'a> {
    ip: &'a str,
    pod: Option<&'a Slot>,
}

/// Why a connection was dropped: the direction judged, the pod isolated for it, the
/// policies that isolate it (none of whose rules admitted the connection).
struct Denial {
    egress: bool,
    pod: Value,
    policies: Vec<String>,
}

impl Engine {
    /// Whether the NetworkPolicies let a new `protocol` connection from `src_ip` on `node`
    /// reach `dst_ip:port`; a dropped one is traced (`netpol.drop`, by the CNI of the node of
    /// the pod whose policies refused it).
    pub(crate) fn policy_allows(&mut self, node: &str, src_ip: &str, dst_ip: &str, port: u16, protocol: &str) -> bool {
        let Some(d) = self.policy_denial(node, src_ip, dst_ip, port, protocol) else { return true };
        let judged_on = if d.egress { node.to_string() } else { d.pod["spec"]["nodeName"].as_str().unwrap_or(node).to_string() };
        let object = crate::object_ref(&crate::Obj::untyped(&d.pod), "Pod");
        let params = crate::sort::map_of([
            ("direction".to_string(), json!(if d.egress { "egress" } else { "ingress" })),
            ("src".to_string(), json!(src_ip)),
            ("dst".to_string(), json!(dst_ip)),
            ("port".to_string(), json!(port)),
            ("protocol".to_string(), json!(protocol)),
            ("policies".to_string(), json!(d.policies)),
        ]);
        self.record(ComponentRef::on_node("cni", &judged_on), Action::NetpolDrop, object, params, vec![]);
        false
    }

    fn policy_denial(&self, node: &str, src_ip: &str, dst_ip: &str, port: u16, protocol: &str) -> Option<Denial> {
        let policies: Vec<&Slot> = self.store.list("networking.k8s.io", "networkpolicies", None).map(|(_, p)| p).collect();
        if policies.is_empty() {
            return None;
        }
        let src = Peer { ip: src_ip, pod: self.pod_object_at(src_ip) };
        let dst = Peer { ip: dst_ip, pod: self.pod_object_at(dst_ip) };
        // The node's own traffic to its pods (kubelet probes) is never judged.
        if src.pod.is_none() && self.node_with_ip(src_ip).as_deref() == Some(node) {
            return None;
        }
        let judge = |subject: &Peer, other: &Peer, egress: bool| -> Option<Denial> {
            let pod = subject.pod?;
            let ns = pod["metadata"]["namespace"].as_str().unwrap_or_default();
            let kind = if egress { "Egress" } else { "Ingress" };
            let selecting: Vec<&&Slot> = policies
                .iter()
                .filter(|p| p["metadata"]["namespace"] == ns && selector_matches(&p["spec"]["podSelector"], &pod["metadata"]["labels"]))
                .filter(|p| p["spec"]["policyTypes"].as_array().is_some_and(|t| t.iter().any(|t| t == kind)))
                .collect();
            if selecting.is_empty() {
                return None;
            }
            // The port is the destination's: its named ports are the destination pod's.
            let dst_pod = if egress { other.pod } else { subject.pod };
            let allowed = selecting.iter().any(|p| {
                let rules = p["spec"][if egress { "egress" } else { "ingress" }].as_array().unwrap_or_default();
                rules.iter().any(|rule| {
                    ports_admit(&rule["ports"], dst_pod, port, protocol) && self.peers_admit(&rule[if egress { "to" } else { "from" }], ns, other)
                })
            });
            (!allowed).then(|| Denial { egress, pod: pod.to_value(), policies: selecting.iter().map(|p| p["metadata"]["name"].as_str().unwrap_or_default().to_string()).collect() })
        };
        judge(&src, &dst, true).or_else(|| judge(&dst, &src, false))
    }

    /// The pod object whose sandbox holds `ip` now.
    fn pod_object_at(&self, ip: &str) -> Option<&Slot> {
        let (_, uid) = self.pod_at(ip)?;
        self.store.list("", "pods", None).map(|(_, p)| p).find(|p| p["metadata"]["uid"] == uid.as_str())
    }

    /// A rule's `from`/`to` list (none or empty: every peer).
    fn peers_admit(&self, peers: &Slot, policy_ns: &str, other: &Peer) -> bool {
        let Some(list) = peers.as_array().filter(|l| !l.is_empty()) else { return true };
        list.iter().any(|peer| {
            let (pods, nss, block) = (&peer["podSelector"], &peer["namespaceSelector"], &peer["ipBlock"]);
            if block.is_object() {
                let cidr = block["cidr"].as_str().unwrap_or_default();
                return in_cidr(other.ip, cidr) && !block["except"].as_array().into_iter().flatten().any(|e| in_cidr(other.ip, e.as_str().unwrap_or_default()));
            }
            let Some(pod) = other.pod else { return false };
            let ns = pod["metadata"]["namespace"].as_str().unwrap_or_default();
            let ns_ok = if nss.is_object() {
                let ns_labels = self.store.list("", "namespaces", None).map(|(_, n)| n).find(|n| n["metadata"]["name"] == ns).map(|n| n["metadata"]["labels"].to_value()).unwrap_or(Value::Null);
                selector_matches(nss, &crate::Obj::untyped(&ns_labels))
            } else {
                ns == policy_ns
            };
            ns_ok && (!pods.is_object() || selector_matches(pods, &pod["metadata"]["labels"]))
        })
    }
}

/// A rule's `ports` (none or empty: every port): protocol (TCP by default), a number or the
/// destination pod's container port of that name, up to `endPort`.
fn ports_admit(ports: &Slot, dst_pod: Option<&Slot>, port: u16, protocol: &str) -> bool {
    let Some(list) = ports.as_array().filter(|l| !l.is_empty()) else { return true };
    list.iter().any(|p| {
        if p["protocol"].as_str().unwrap_or("TCP") != protocol {
            return false;
        }
        let port_field = &p["port"];
        let number = match port_field.as_str() {
            _ if port_field.is_null() => return true,
            Some(name) => dst_pod
                .and_then(|pod| pod["spec"]["containers"].as_array())
                .into_iter()
                .flatten()
                .flat_map(|c| c["ports"].as_array().into_iter().flatten())
                .find(|cp| cp["name"] == name && cp["protocol"].as_str().unwrap_or("TCP") == protocol)
                .and_then(|cp| cp["containerPort"].as_u64()),
            None => port_field.as_u64(),
        };
        let Some(number) = number else { return false };
        match p["endPort"].as_u64() {
            Some(end) => (number..=end).contains(&u64::from(port)),
            None => number == u64::from(port),
        }
    })
}

/// Whether an IPv4 address is inside `cidr` (`a.b.c.d/n`).
fn in_cidr(ip: &str, cidr: &str) -> bool {
    let Some((net, bits)) = cidr.split_once('/') else { return false };
    let (Ok(ip), Ok(net), Ok(bits)) = (ip.parse::<std::net::Ipv4Addr>(), net.parse::<std::net::Ipv4Addr>(), bits.parse::<u32>()) else { return false };
    if bits > 32 {
        return false;
    }
    let mask = if bits == 0 { 0 } else { u32::MAX << (32 - bits) };
    u32::from(ip) & mask == u32::from(net) & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cidrs_and_ports() {
        assert!(in_cidr("172.17.3.4", "172.17.0.0/16"));
        assert!(!in_cidr("172.18.0.1", "172.17.0.0/16"));
        assert!(in_cidr("1.2.3.4", "0.0.0.0/0"));
        let ports = serde_json::json!([{"protocol": "TCP", "port": 32000, "endPort": 32768}]);
        assert!(ports_admit(&crate::Obj::untyped(&ports), None, 32100, "TCP"));
        assert!(!ports_admit(&crate::Obj::untyped(&ports), None, 32100, "UDP"));
        assert!(!ports_admit(&crate::Obj::untyped(&ports), None, 80, "TCP"));
        assert!(ports_admit(&crate::Obj::untyped(&Value::Null), None, 80, "UDP"));
    }
}

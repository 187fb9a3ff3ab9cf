//! The pod network as a process inside a container reaches it: cluster DNS, then the source
//! node's NAT rules as its kube-proxy last wrote them (`proxy::routing`), then the pod that owns
//! the address and the process listening there.
//!
//! DNS is CoreDNS, reached as a pod reaches it: the resolver (`/etc/resolv.conf`,
//! `ClusterFirst`: nameserver 10.96.0.10, search `NS.svc.cluster.local svc.cluster.local
//! cluster.local`, `ndots:5`) sends each query to the `kube-dns` Service; the node's rules carry
//! it to a CoreDNS pod whose process must be listening on 53. No endpoint (CoreDNS scaled to 0
//! or not ready: kube-proxy's REJECT) refuses the query; no rule, or a pod that does not
//! answer, times it out. CoreDNS answers from the API (its `kubernetes` plugin, the Kubernetes
//! DNS specification): `SVC.NS.svc.cluster.local` is the ClusterIP, or for a headless Service
//! the addresses of its ready endpoints; `HOSTNAME.SVC.NS.svc.cluster.local` an endpoint with
//! that hostname (a pod's `hostname` with `subdomain: SVC`); `A-B-C-D.NS.pod.cluster.local`
//! echoes the address. Not modelled: CoreDNS's own watch lag (it answers from the API's current
//! state), its `cache 30` (kubeadm's Corefile disables it for `cluster.local` anyway), the
//! resolver's retries and timeouts in time, and names outside the cluster (no upstream
//! resolver).

use serde_json::Value;

use crate::Engine;
use crate::clock::Time;
use crate::containerd::ContainerState;
use crate::proxy::routing::Nat;
use crate::shell::NetError;

/// A place a connection can land: a node and a pod sandbox there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub node: String,
    pub pod_uid: String,
    pub ip: String,
    pub port: u16,
}

const CLUSTER_DOMAIN: &str = "cluster.local";
const SERVICE_NAME_LABEL: &str = "kubernetes.io/service-name";

/// Why a pod's resolver found no address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DnsError {
    /// CoreDNS answered: no such name (NXDOMAIN for every name of the search list).
    NxDomain,
    /// The nameserver's address refused the query (ICMP port unreachable: kube-proxy's REJECT
    /// for a Service without endpoints, or a CoreDNS pod not listening).
    Refused,
    /// No answer (no rule for the address yet, or the packet was dropped).
    Timeout,
}

impl Engine {
    /// The address a name resolves to from a pod on `node` (`/etc/hosts`' localhost, an IP as
    /// written, then the queries to kube-dns through the search list).
    pub fn resolve_from(&mut self, node: &str, uid: &str, namespace: &str, host: &str) -> Result<String, DnsError> {
        if let Some(ip) = local_answer(host) {
            return Ok(ip);
        }
        let client = self.pod_ip_of(node, uid).unwrap_or_default();
        self.dns_server(node, &client)?;
        self.coredns_answer(namespace, host).ok_or(DnsError::NxDomain)
    }

    /// The CoreDNS pod a query from `client_ip` on `node` reaches through kube-dns.
    fn dns_server(&mut self, node: &str, client_ip: &str) -> Result<Endpoint, DnsError> {
        let ep = match self.nat(node, client_ip, crate::cluster::system_pods::DNS_SERVICE_IP, 53, "UDP") {
            Nat::To(ep) => ep,
            Nat::Reject => return Err(DnsError::Refused),
            Nat::Pass | Nat::NoRule | Nat::Drop => return Err(DnsError::Timeout),
        };
        let (node, pod_uid) = self.pod_at(&ep.ip).ok_or(DnsError::Timeout)?;
        let server = Endpoint { node, pod_uid, ip: ep.ip, port: ep.port };
        if self.listener(&server).is_none() {
            return Err(DnsError::Refused);
        }
        Ok(server)
    }

    /// What CoreDNS answers a pod in `namespace` for `host` (`/etc/hosts`' localhost and IP
    /// literals first), trying the search list: the API's view, without the network path.
    pub fn resolve_name(&self, namespace: &str, host: &str) -> Option<String> {
        local_answer(host).or_else(|| self.coredns_answer(namespace, host))
    }

    fn coredns_answer(&self, namespace: &str, host: &str) -> Option<String> {
        let host = host.to_ascii_lowercase();
        if let Some(fqdn) = host.strip_suffix('.') {
            return self.dns_lookup(fqdn);
        }
        // ndots:5: a name with fewer than 5 dots tries the search list first.
        let search = [format!("{namespace}.svc.{CLUSTER_DOMAIN}"), format!("svc.{CLUSTER_DOMAIN}"), CLUSTER_DOMAIN.to_string()];
        let mut candidates: Vec<String> = search.iter().map(|d| format!("{host}.{d}")).collect();
        if host.matches('.').count() >= 5 {
            candidates.insert(0, host.clone());
        } else {
            candidates.push(host.clone());
        }
        candidates.iter().find_map(|name| self.dns_lookup(name))
    }

    /// An A record in the cluster zone (no answer for names outside it: podlife has no
    /// upstream resolver).
    fn dns_lookup(&self, fqdn: &str) -> Option<String> {
        let rest = fqdn.strip_suffix(CLUSTER_DOMAIN)?.strip_suffix('.')?;
        let labels: Vec<&str> = rest.split('.').collect();
        match labels.as_slice() {
            [svc, ns, "svc"] => {
                let service = self.get_object("services", Some(ns), svc)?;
                match service["spec"]["clusterIP"].as_str() {
                    Some("None") | None => self.dns_endpoints(ns, svc).into_iter().next().map(|(ip, _)| ip),
                    Some(ip) if service["spec"]["type"] != "ExternalName" => Some(ip.to_string()),
                    _ => None,
                }
            }
            [host, svc, ns, "svc"] => {
                self.get_object("services", Some(ns), svc)?;
                self.dns_endpoints(ns, svc).into_iter().find(|(ip, hostname)| hostname.as_deref() == Some(*host) || ip.replace('.', "-") == *host).map(|(ip, _)| ip)
            }
            [dashed, _ns, "pod"] => {
                let ip = dashed.replace('-', ".");
                ip.parse::<std::net::Ipv4Addr>().is_ok().then_some(ip)
            }
            _ => None,
        }
    }

    /// The ready endpoints of a Service's slices (address, hostname), as CoreDNS publishes them.
    fn dns_endpoints(&self, ns: &str, svc: &str) -> Vec<(String, Option<String>)> {
        let mut out: Vec<(String, Option<String>)> = self
            .store
            .list("discovery.k8s.io", "endpointslices", Some(ns))
            .filter(|(_, s)| s["metadata"]["labels"][SERVICE_NAME_LABEL] == svc)
            .flat_map(|(_, s)| s["endpoints"].as_array().cloned().unwrap_or_default())
            .filter(|e| e["conditions"]["ready"].as_bool().unwrap_or(true))
            .filter_map(|e| Some((e["addresses"][0].as_str()?.to_string(), e["hostname"].as_str().map(str::to_string))))
            .collect();
        crate::sort::sort(&mut out);
        out.dedup();
        out
    }

    fn get_object(&self, plural: &str, ns: Option<&str>, name: &str) -> Option<&Value> {
        let rt = podlife_model::ResourceType::resolve(plural)?;
        self.store.get(&crate::store::ObjectKey::new(rt, ns, name))
    }

    /// Where a connection from a pod (`from_uid` on `from_node`) to `host:port` lands: DNS,
    /// then the node's NAT rules, then the pod that owns the address.
    pub fn route(&mut self, from_node: &str, from_uid: &str, namespace: &str, host: &str, port: u16) -> Result<Endpoint, NetError> {
        let ip = self.resolve_from(from_node, from_uid, namespace, host).map_err(|_| NetError::UnknownHost)?;
        if ip.starts_with("127.") {
            return Ok(Endpoint { node: from_node.into(), pod_uid: from_uid.into(), ip, port });
        }
        let client = self.pod_ip_of(from_node, from_uid).unwrap_or_default();
        self.route_ip(from_node, &client, &ip, port)
    }

    /// A TCP connection from `client_ip` on `node` to `ip:port`, through the node's rules.
    pub(crate) fn route_ip(&mut self, node: &str, client_ip: &str, ip: &str, port: u16) -> Result<Endpoint, NetError> {
        let (ip, port) = match self.nat(node, client_ip, ip, port, "TCP") {
            Nat::Pass => (ip.to_string(), port),
            Nat::To(ep) => (ep.ip, ep.port),
            Nat::Reject => return Err(NetError::Refused),
            Nat::NoRule | Nat::Drop => return Err(NetError::Timeout),
        };
        if let Some((node, pod_uid)) = self.pod_at(&ip) {
            return Ok(Endpoint { node, pod_uid, ip, port });
        }
        // A node answers a port nobody listens on with a reset; a pod address that no sandbox
        // holds any more answers nothing.
        Err(if self.node_with_ip(&ip).is_some() { NetError::Refused } else { NetError::Timeout })
    }

    /// The node and pod that own a pod IP now (a live sandbox with that address).
    pub(crate) fn pod_at(&self, ip: &str) -> Option<(String, String)> {
        self.machines.iter().find_map(|(node, m)| m.runtime.sandboxes.values().find(|s| s.ready && s.ip.as_deref() == Some(ip)).map(|s| (node.clone(), s.pod_uid.clone())))
    }

    fn pod_ip_of(&self, node: &str, uid: &str) -> Option<String> {
        self.machines.get(node)?.runtime.sandboxes.values().find(|s| s.ready && s.pod_uid == uid)?.ip.clone()
    }

    /// The pods whose processes share the endpoint's network namespace: the pod itself, or every
    /// `hostNetwork` pod of the node when the address is the node's own.
    fn pods_behind(&self, ep: &Endpoint) -> Vec<String> {
        let Some(m) = self.machines.get(&ep.node) else { return vec![] };
        let host = m.runtime.sandboxes.values().any(|s| s.ready && s.pod_uid == ep.pod_uid && s.host_network);
        if !host {
            return vec![ep.pod_uid.clone()];
        }
        m.runtime.sandboxes.values().filter(|s| s.ready && s.host_network).map(|s| s.pod_uid.clone()).collect()
    }

    /// The listening process's answer at an endpoint: Ok((code, body)) for HTTP, Err when
    /// nothing listens.
    pub fn endpoint_http(&self, ep: &Endpoint, path: &str, now: Time) -> Result<(u16, String), NetError> {
        let m = self.machines.get(&ep.node).ok_or(NetError::Timeout)?;
        let pods = self.pods_behind(ep);
        m.runtime
            .containers
            .values()
            .filter(|c| pods.contains(&c.pod_uid) && c.state == ContainerState::Running)
            .find_map(|c| {
                let hostname = m.runtime.sandboxes.get(&c.sandbox_id).map(|s| if s.host_network { ep.node.clone() } else { s.pod_name.clone() }).unwrap_or_default();
                let p = c.process.as_ref()?;
                let code = p.http_get(ep.port, path, now)?;
                Some((code, p.app.http_body(code, &hostname)))
            })
            .ok_or(NetError::Refused)
    }

    /// Does something accept TCP connections at the endpoint?
    pub fn endpoint_listens(&self, ep: &Endpoint) -> bool {
        self.listener(ep).is_some()
    }

    /// The container whose process accepts connections at the endpoint: (container id,
    /// process generation).
    pub(crate) fn listener(&self, ep: &Endpoint) -> Option<(String, u64)> {
        let m = self.machines.get(&ep.node)?;
        let pods = self.pods_behind(ep);
        m.runtime
            .containers
            .values()
            .find(|c| pods.contains(&c.pod_uid) && c.state == ContainerState::Running && c.process.as_ref().is_some_and(|p| p.listens(ep.port)))
            .map(|c| (c.id.clone(), c.generation))
    }
}

/// What the resolver answers without asking a server: `localhost` from `/etc/hosts`, an
/// address as written.
fn local_answer(host: &str) -> Option<String> {
    if host == "localhost" {
        return Some("127.0.0.1".into());
    }
    host.parse::<std::net::Ipv4Addr>().is_ok().then(|| host.to_string())
}

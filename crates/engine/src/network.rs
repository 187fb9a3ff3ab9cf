//! The pod network as a process inside a container reaches it, one path for every client:
//! cluster DNS (CoreDNS's `kubernetes` plugin over the Services and EndpointSlices), the
//! pod's own nat rules (istio-init's capture, which spares the proxy's user 1337), the source
//! node's NAT rules as its kube-proxy last wrote them (`proxy::routing`), the destination
//! pod's inbound capture, then the process listening there. Who listens decides the answer:
//! Envoy and the Istio sidecar forward (their headers, their own 503s), an `nc -l` listener
//! answers with its text or its `-e` program's output, redis in RESP, an HTTP server with its
//! page. A connection's hops (proxies, `nc -l -e nc …` forwarders) are bounded.
//!
//! DNS is the pod's resolver as its `/etc/resolv.conf` says (`dnsPolicy`). With `ClusterFirst`
//! (nameserver 10.96.0.10, search `NS.svc.cluster.local svc.cluster.local cluster.local`,
//! `ndots:5`) each question goes to the `kube-dns` Service; the node's rules carry it to a
//! CoreDNS pod whose process must be listening on 53. No endpoint (CoreDNS scaled to 0 or not
//! ready: kube-proxy's REJECT) refuses the query; no rule, or a pod that does not answer, times
//! it out. CoreDNS answers as kind's Corefile says: its `kubernetes` plugin (the Kubernetes DNS
//! specification) is authoritative for `cluster.local` — `SVC.NS.svc.cluster.local` is the
//! ClusterIP, or for a headless Service the addresses of its ready endpoints, or for an
//! `ExternalName` Service a CNAME whose target is looked up again; `HOSTNAME.SVC.NS.svc.
//! cluster.local` an endpoint with that hostname (a pod's `hostname` with `subdomain: SVC`);
//! `A-B-C-D.NS.pod.cluster.local` echoes the address — and for the cluster's reverse zones;
//! every other name (`info.cern.ch`, after NXDOMAIN for each search-list name) goes to
//! `forward . /etc/resolv.conf`, the node's resolver, which answers from the simulated
//! Internet (`internet.rs`). `dnsPolicy: Default` pods ask the node's resolver themselves.
//! A connection to a public address leaves through the node (kindnet's masquerade) and is
//! answered by the Internet's host there; private addresses nobody holds never answer. Not
//! modelled: CoreDNS's own watch lag (it answers from the API's current state), its `cache 30`
//! (every forwarded question is traced; a real CoreDNS answers repeats within 30 s from its
//! cache), the `loadbalance` plugin's shuffling of A records, and the resolver's retries and
//! timeouts in time.

use crate::Slot;
use serde_json::Value;

use crate::Engine;
use crate::admission_review::{AdmissionRequest, Delivery};
use crate::apiserver::webhooks::Egress;
pub use crate::containerd::Client;
use crate::containerd::ContainerState;
use crate::internet;
use crate::shell::DnsAnswer;
use crate::trace::{Action, ComponentRef, ObjectRef};
use crate::process::envoy;
use crate::process::servers::Role;
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
    /// The address a name resolves to from a pod on `node`: `/etc/hosts`' localhost, an IP
    /// as written, then the pod's resolver as its `/etc/resolv.conf` says (the `dnsPolicy`):
    /// the search list first for a name with fewer dots than `ndots`, the name itself last (or
    /// first, with enough dots or a final dot), each question to the first nameserver.
    pub fn resolve_from(&mut self, node: &str, uid: &str, namespace: &str, host: &str) -> Result<String, DnsError> {
        if let Some(ip) = local_answer(host) {
            return Ok(ip);
        }
        let conf = self.pod_resolv_conf(node, uid, namespace);
        let server = conf.servers.first().cloned().unwrap_or_else(|| "127.0.0.1".into());
        // The resolver asks from one socket, so kube-dns's NAT sends every question of one
        // lookup to the same CoreDNS pod.
        let coredns = match server == crate::containerd::procfs::CLUSTER_DNS {
            true => Some(self.dns_server(node, &self.pod_ip_of(node, uid).unwrap_or_default())?),
            false => None,
        };
        for name in conf.candidates(host) {
            let answer = match &coredns {
                Some(ep) => self.coredns_answer(ep, &name, "A"),
                None => self.dns_ask(node, uid, &server, &name, "A")?,
            };
            if let DnsAnswer::Records { values, .. } = answer
                && let Some(ip) = values.into_iter().next()
            {
                return Ok(ip);
            }
        }
        Err(DnsError::NxDomain)
    }

    /// The CoreDNS pod a query from `client_ip` on `node` reaches through kube-dns.
    fn dns_server(&mut self, node: &str, client_ip: &str) -> Result<Endpoint, DnsError> {
        let ep = match self.nat(node, client_ip, crate::cluster::facts::DNS_SERVICE_IP, 53, "UDP") {
            Nat::To(ep) => ep,
            Nat::Reject => return Err(DnsError::Refused),
            Nat::Pass | Nat::NoRule | Nat::Drop => return Err(DnsError::Timeout),
        };
        // A policy that isolates the client's egress (or CoreDNS's ingress) drops the query.
        if !self.policy_allows(node, client_ip, &ep.ip, ep.port, "UDP") {
            return Err(DnsError::Timeout);
        }
        let (node, pod_uid) = self.pod_at(&ep.ip).ok_or(DnsError::Timeout)?;
        let server = Endpoint { node, pod_uid, ip: ep.ip, port: ep.port };
        if self.listener(&server).is_none() {
            return Err(DnsError::Refused);
        }
        Ok(server)
    }

    /// The pod's `/etc/resolv.conf` as the kubelet wrote it for its `dnsPolicy`.
    fn pod_resolv_conf(&self, node: &str, uid: &str, namespace: &str) -> ResolvConf {
        let pod = self.machines.get(node).and_then(|m| m.runtime.sandboxes.values().find(|s| s.pod_uid == uid)).and_then(|s| self.get_object("pods", Some(&s.namespace), &s.pod_name));
        let fallback = serde_json::json!({"metadata": {"namespace": namespace}});
        ResolvConf::parse(&crate::containerd::procfs::resolv_conf(pod.unwrap_or(&crate::Obj::untyped(&fallback))))
    }

    /// One DNS question from a pod to `server`: kube-dns reaches CoreDNS through the node's
    /// rules; the node's resolver and the public resolvers answer from the Internet; any other
    /// address answers nothing.
    pub(crate) fn dns_ask(&mut self, node: &str, uid: &str, server: &str, name: &str, qtype: &str) -> Result<DnsAnswer, DnsError> {
        let client = self.pod_ip_of(node, uid).unwrap_or_default();
        if server == crate::containerd::procfs::CLUSTER_DNS {
            let coredns = self.dns_server(node, &client)?;
            return Ok(self.coredns_answer(&coredns, name, qtype));
        }
        if !internet::is_resolver(server) {
            return Err(DnsError::Timeout);
        }
        let answer = upstream_answer(name, qtype);
        let object = self.pod_object(node, uid);
        let mut params = dns_params(name, qtype, &answer);
        params.insert("server".into(), json!(server));
        params.insert("podIP".into(), json!(client));
        params.insert("node".into(), json!(node));
        params.insert("nodeIP".into(), json!(self.node_ip(node)));
        self.record(ComponentRef::control_plane(internet::COMPONENT), Action::InternetDns, object, params, vec![]);
        Ok(answer)
    }

    /// CoreDNS's answer (kind's Corefile): the `kubernetes` plugin is authoritative for
    /// `cluster.local` (an `ExternalName` Service is a CNAME, its target looked up again —
    /// `plugin/backend_lookup.go`) and for the cluster's reverse zones (falling through to the
    /// next plugin for addresses it does not know); everything else goes to `forward .
    /// /etc/resolv.conf`, the CoreDNS pod's node's resolver (CoreDNS runs with
    /// `dnsPolicy: Default`).
    fn coredns_answer(&mut self, coredns: &Endpoint, name: &str, qtype: &str) -> DnsAnswer {
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        let in_zone = name == CLUSTER_DOMAIN || name.ends_with(&format!(".{CLUSTER_DOMAIN}"));
        if qtype == "PTR" {
            let records = self.reverse_records(&name);
            if !records.is_empty() {
                return DnsAnswer::Records { chain: vec![], values: records, authoritative: true };
            }
        } else if in_zone {
            if let Some(target) = self.external_name(&name) {
                let chain = vec![(name.clone(), target.clone())];
                let values = match self.cname_target(coredns, &target, qtype) {
                    DnsAnswer::Records { values, .. } => values,
                    _ => vec![],
                };
                return DnsAnswer::Records { chain, values, authoritative: true };
            }
            let records = self.dns_records(&name);
            if records.is_empty() {
                return DnsAnswer::NxDomain;
            }
            let values = if qtype == "AAAA" { vec![] } else { records };
            return DnsAnswer::Records { chain: vec![], values, authoritative: true };
        }
        self.forward(coredns, &name, qtype)
    }

    /// The addresses of an `ExternalName` target: in the zone, the plugin's own records;
    /// elsewhere, through the server's own plugin chain (`upstream.Lookup`), so `forward`.
    fn cname_target(&mut self, coredns: &Endpoint, target: &str, qtype: &str) -> DnsAnswer {
        let target = target.trim_end_matches('.').to_ascii_lowercase();
        if target == CLUSTER_DOMAIN || target.ends_with(&format!(".{CLUSTER_DOMAIN}")) {
            let values = if qtype == "AAAA" { vec![] } else { self.dns_records(&target) };
            return DnsAnswer::Records { chain: vec![], values, authoritative: true };
        }
        self.forward(coredns, &target, qtype)
    }

    /// CoreDNS's `forward` plugin: the question goes to the node's resolver, which answers
    /// from the Internet. Traced as the CoreDNS pod's work.
    fn forward(&mut self, coredns: &Endpoint, name: &str, qtype: &str) -> DnsAnswer {
        let answer = upstream_answer(name, qtype);
        let object = self.pod_object(&coredns.node, &coredns.pod_uid);
        let mut params = dns_params(name, qtype, &answer);
        params.insert("upstream".into(), json!(internet::NODE_RESOLVER));
        params.insert("nodeIP".into(), json!(self.node_ip(&coredns.node)));
        self.record(ComponentRef::on_node("coredns", &coredns.node), Action::DnsForward, object, params, vec![]);
        answer
    }

    /// The Pod a sandbox on `node` runs, as the trace names it.
    fn pod_object(&self, node: &str, uid: &str) -> Option<ObjectRef> {
        let s = self.machines.get(node)?.runtime.sandboxes.values().find(|s| s.pod_uid == uid)?;
        Some(ObjectRef::new("Pod", Some(&s.namespace), &s.pod_name))
    }

    /// `SVC.NS.svc.cluster.local` of an `ExternalName` Service: its `externalName`.
    fn external_name(&self, fqdn: &str) -> Option<String> {
        let rest = fqdn.strip_suffix(CLUSTER_DOMAIN)?.strip_suffix('.')?;
        let [svc, ns, "svc"] = rest.split('.').collect::<Vec<_>>()[..] else { return None };
        let service = self.get_object("services", Some(ns), svc)?;
        if service["spec"]["type"] != "ExternalName" {
            return None;
        }
        service["spec"]["externalName"].as_str().filter(|n| !n.is_empty()).map(|n| n.trim_end_matches('.').to_ascii_lowercase())
    }

    /// The A records of a name in the cluster zone (empty: NXDOMAIN): a Service's ClusterIP,
    /// a headless Service's ready endpoints, an endpoint by hostname or dashed address, a
    /// dashed pod address.
    fn dns_records(&self, fqdn: &str) -> Vec<String> {
        let Some(rest) = fqdn.strip_suffix(CLUSTER_DOMAIN).and_then(|r| r.strip_suffix('.')) else { return vec![] };
        let labels: Vec<&str> = rest.split('.').collect();
        match labels.as_slice() {
            [svc, ns, "svc"] => {
                let Some(service) = self.get_object("services", Some(ns), svc) else { return vec![] };
                match service["spec"]["clusterIP"].as_str() {
                    Some("None") | None => self.dns_endpoints(ns, svc).into_iter().map(|(ip, _)| ip).collect(),
                    Some(ip) if service["spec"]["type"] != "ExternalName" => vec![ip.to_string()],
                    _ => vec![],
                }
            }
            [host, svc, ns, "svc"] => {
                if self.get_object("services", Some(ns), svc).is_none() {
                    return vec![];
                }
                self.dns_endpoints(ns, svc).into_iter().filter(|(ip, hostname)| hostname.as_deref() == Some(*host) || ip.replace('.', "-") == *host).map(|(ip, _)| ip).take(1).collect()
            }
            [dashed, _ns, "pod"] => {
                let ip = dashed.replace('-', ".");
                if ip.parse::<std::net::Ipv4Addr>().is_ok() { vec![ip] } else { vec![] }
            }
            _ => vec![],
        }
    }

    /// PTR records for `D.C.B.A.in-addr.arpa` in the cluster's reverse zones.
    fn reverse_records(&self, name: &str) -> Vec<String> {
        let Some(rev) = name.strip_suffix(".in-addr.arpa") else { return vec![] };
        let mut octets: Vec<&str> = rev.split('.').collect();
        octets.reverse();
        let ip = octets.join(".");
        if ip.parse::<std::net::Ipv4Addr>().is_err() {
            return vec![];
        }
        let mut out = Vec::new();
        for (key, svc) in self.store.list("", "services", None) {
            let ips = svc["spec"]["clusterIPs"].to_values().unwrap_or_default();
            if svc["spec"]["clusterIP"] == ip.as_str() || ips.iter().any(|v| v == ip.as_str()) {
                out.push(format!("{}.{}.svc.{CLUSTER_DOMAIN}", key.name, key.namespace));
            }
        }
        for (_, slice) in self.store.list("discovery.k8s.io", "endpointslices", None) {
            let Some(svc) = slice["metadata"]["labels"][SERVICE_NAME_LABEL].as_str() else { continue };
            let ns = slice["metadata"]["namespace"].as_str().unwrap_or_default();
            for e in slice["endpoints"].as_array().into_iter().flatten() {
                if e["addresses"][0] == ip.as_str() {
                    let host = e["hostname"].as_str().map(str::to_string).unwrap_or_else(|| ip.replace('.', "-"));
                    out.push(format!("{host}.{svc}.{ns}.svc.{CLUSTER_DOMAIN}"));
                }
            }
        }
        crate::sort::sort(&mut out);
        out.dedup();
        out
    }

    /// The ready endpoints of a Service's slices (address, hostname), as CoreDNS publishes them.
    fn dns_endpoints(&self, ns: &str, svc: &str) -> Vec<(String, Option<String>)> {
        let mut out: Vec<(String, Option<String>)> = self
            .store
            .list("discovery.k8s.io", "endpointslices", Some(ns))
            .filter(|(_, s)| s["metadata"]["labels"][SERVICE_NAME_LABEL] == svc)
            .flat_map(|(_, s)| s["endpoints"].to_values().unwrap_or_default())
            .filter(|e| e["conditions"]["ready"].as_bool().unwrap_or(true))
            .filter_map(|e| Some((e["addresses"][0].as_str()?.to_string(), e["hostname"].as_str().map(str::to_string))))
            .collect();
        crate::sort::sort(&mut out);
        out.dedup();
        out
    }

    fn get_object(&self, plural: &str, ns: Option<&str>, name: &str) -> Option<&Slot> {
        let rt = podlife_model::ResourceType::resolve(plural)?;
        self.store.get(&crate::store::ObjectKey::new(rt, ns, name))
    }

    /// A TCP connection from `client_ip` on `node` to `ip:port`, through the node's rules.
    pub(crate) fn route_ip(&mut self, node: &str, client_ip: &str, ip: &str, port: u16) -> Result<Endpoint, NetError> {
        let (ip, port) = match self.nat(node, client_ip, ip, port, "TCP") {
            Nat::Pass => (ip.to_string(), port),
            Nat::To(ep) => (ep.ip, ep.port),
            Nat::Reject => return Err(NetError::Refused),
            Nat::NoRule | Nat::Drop => return Err(NetError::Timeout),
        };
        // kindnet's NetworkPolicy enforcement drops what the policies do not allow (`netpol.rs`).
        if !self.policy_allows(node, client_ip, &ip, port, "TCP") {
            return Err(NetError::Timeout);
        }
        if let Some((node, pod_uid)) = self.pod_at(&ip) {
            return Ok(Endpoint { node, pod_uid, ip, port });
        }
        // Leaving the cluster: kindnet masquerades the connection to the node's address, and
        // the Internet answers where a host listens (`internet.rs`); elsewhere nothing does.
        if internet::is_public(&ip) {
            return if internet::listens(&ip, port) { Ok(Endpoint { node: node.to_string(), pod_uid: INTERNET.into(), ip, port }) } else { Err(NetError::Timeout) };
        }
        // A node answers a port nobody listens on with a reset; a pod address that no sandbox
        // holds any more answers nothing.
        Err(if self.node_with_ip(&ip).is_some() { NetError::Refused } else { NetError::Timeout })
    }

    /// The node and pod that own a pod IP now (a live sandbox with that address).
    pub(crate) fn pod_at(&self, ip: &str) -> Option<(String, String)> {
        self.machines.iter().find_map(|(node, m)| m.runtime.sandboxes.values().find(|s| s.ready && s.ip.as_deref() == Some(ip)).map(|s| (node.clone(), s.pod_uid.clone())))
    }

    pub(crate) fn pod_ip_of(&self, node: &str, uid: &str) -> Option<String> {
        self.machines.get(node)?.runtime.sandboxes.values().find(|s| s.ready && s.pod_uid == uid)?.ip.clone()
    }

    /// The pods whose processes share the endpoint's network namespace: the pod itself, or every
    /// `hostNetwork` pod of the node when the address is the node's own.
    fn pods_behind(&self, ep: &Endpoint) -> Vec<String> {
        let Some(m) = self.machines.get(&ep.node) else { return vec![] };
        let host = m.runtime.sandboxes.values().any(|s| s.ready && s.pod_uid == ep.pod_uid && s.host_namespaces.network);
        if !host {
            return vec![ep.pod_uid.clone()];
        }
        m.runtime.sandboxes.values().filter(|s| s.ready && s.host_namespaces.network).map(|s| s.pod_uid.clone()).collect()
    }

    /// The container whose process accepts connections at the endpoint: (container id,
    /// process generation). A loopback address also reaches ports bound to 127.0.0.1 only.
    pub(crate) fn listener(&self, ep: &Endpoint) -> Option<(String, u64)> {
        let m = self.machines.get(&ep.node)?;
        let local = ep.ip.starts_with("127.");
        let pods = self.pods_behind(ep);
        m.runtime
            .containers
            .values()
            .find(|c| pods.contains(&c.pod_uid) && c.state == ContainerState::Running && c.process.as_ref().is_some_and(|p| if local { p.listens_locally(ep.port) } else { p.listens(ep.port) }))
            .map(|c| (c.id.clone(), c.generation))
    }

    /// Who accepts a connection at the endpoint, which decides how it is answered.
    fn acceptor(&self, ep: &Endpoint) -> Option<Acceptor> {
        if ep.pod_uid == INTERNET {
            return Some(Acceptor::Internet);
        }
        let (container, _) = self.listener(ep)?;
        let process = self.machines.get(&ep.node)?.runtime.containers.get(&container)?.process.as_ref()?;
        if process.shell.as_ref().is_some_and(|s| s.listening_ports().contains(&ep.port)) {
            return Some(Acceptor::Shell(container));
        }
        Some(match process.app.role.as_deref() {
            Some(Role::Envoy { config: Some(config), .. }) => Acceptor::Envoy(Box::new(config.clone())),
            Some(Role::IstioProxy) => Acceptor::IstioProxy,
            _ => Acceptor::Program(container),
        })
    }
}

/// Who accepts a connection.
enum Acceptor {
    /// An `nc -l` listener of a container's shell (the container's id).
    Shell(String),
    /// Envoy with a static bootstrap.
    Envoy(Box<envoy::Config>),
    /// Istio's sidecar.
    IstioProxy,
    /// Any other program (the container's id): an app model answers for it.
    Program(String),
    /// A host of the simulated Internet.
    Internet,
}

/// The `pod_uid` of an endpoint on the Internet (its `node` is the node the connection left
/// from): no pod has it.
const INTERNET: &str = "(internet)";

/// Where a TCP connection lands after every rule on its way, where it was headed before a
/// REDIRECT changed that (the `SO_ORIGINAL_DST` a transparent proxy reads), and the address
/// the accepting process sees it come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Landing {
    pub ep: Endpoint,
    pub original: Option<(String, u16)>,
    pub peer: String,
}

/// An HTTP answer as the client reads it: the status, the body, and the headers a proxy on
/// the way added (lower-case, as Envoy writes them).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HttpAnswer {
    pub code: u16,
    pub body: String,
    pub headers: Vec<(String, String)>,
}

/// More hops than this on one connection's way is a loop: proxies sending to themselves, or
/// `nc -l -e nc …` listeners forwarding to each other. The last hop's connection is dropped.
const MAX_HOPS: u32 = 8;

/// Envoy's own answers (`source/common/router/router.cc`, `upstream_impl.cc`): no host to
/// send to, and an upstream connection that failed. The sidecar's outbound route retries
/// connect failures (Istio's default retry policy), which changes the wording.
const NO_HEALTHY_UPSTREAM: &str = "no healthy upstream";
fn upstream_failure(reason: &str, retried: bool) -> String {
    let retry = if retried { "retried and the latest reset reason" } else { "reset reason" };
    format!("upstream connect error or disconnect/reset before headers. {retry}: {reason}")
}
const REFUSED: &str = "remote connection failure, transport failure reason: delayed connect error: Connection refused";

/// The source address Istio's inbound listener connects to the app from (never captured).
const INBOUND_PASSTHROUGH_SOURCE: &str = "127.0.0.6";

/// Where Istio's sidecar sends a connection it captured.
enum SidecarHop {
    /// Inbound (15006): to the app's port in the same pod.
    Inbound(Landing),
    /// Outbound (15001): to the original destination, or a Service's endpoint.
    Outbound(Result<Landing, NetError>),
    /// A Service without a ready endpoint.
    NoHealthyUpstream,
    /// Not a capture port (or no original destination): the sidecar answers itself.
    Local,
}

impl Engine {
    /// The nat rules istio-init wrote in a pod's network namespace, if any.
    fn capture_of(&self, node: &str, pod_uid: &str) -> Option<crate::istio::iptables::Capture> {
        self.machines.get(node)?.runtime.sandboxes.values().find(|s| s.ready && s.pod_uid == pod_uid)?.capture.as_deref().cloned()
    }

    /// A TCP connection from a process in a pod to `host:port`: DNS, the pod's own OUTPUT
    /// rules (istio-init's ISTIO_OUTPUT), the node's NAT, the destination pod's PREROUTING
    /// (ISTIO_INBOUND).
    pub fn connect_from_pod(&mut self, client: &Client, host: &str, port: u16) -> Result<Landing, NetError> {
        let ip = self.resolve_from(&client.node, &client.pod_uid, &client.namespace, host).map_err(|_| NetError::UnknownHost)?;
        self.connect_ip(client, &ip, port)
    }

    fn connect_ip(&mut self, client: &Client, ip: &str, port: u16) -> Result<Landing, NetError> {
        let here = |port: u16, ip: &str| Endpoint { node: client.node.clone(), pod_uid: client.pod_uid.clone(), ip: ip.to_string(), port };
        let own_ip = self.pod_ip_of(&client.node, &client.pod_uid).unwrap_or_default();
        if let Some(capture) = self.capture_of(&client.node, &client.pod_uid)
            && capture.captures_outbound(client.user, ip, port)
        {
            return Ok(Landing { ep: here(capture.proxy_port, "127.0.0.1"), original: Some((ip.to_string(), port)), peer: own_ip });
        }
        if ip.starts_with("127.") {
            // The kernel picks the loopback address as the source of a loopback connection.
            return Ok(Landing { ep: here(port, ip), original: None, peer: "127.0.0.1".into() });
        }
        if own_ip == ip {
            return Ok(Landing { ep: here(port, ip), original: None, peer: own_ip });
        }
        let ep = self.route_ip(&client.node, &own_ip, ip, port)?;
        Ok(self.arrive(ep, own_ip))
    }

    /// A connection from `peer`, outside the pod, arriving at it: ISTIO_INBOUND sends it to
    /// Envoy's inbound port unless the port is excluded.
    pub(crate) fn arrive(&self, ep: Endpoint, peer: String) -> Landing {
        match self.capture_of(&ep.node, &ep.pod_uid) {
            Some(capture) if capture.captures_inbound(ep.port) => {
                let original = Some((ep.ip.clone(), ep.port));
                Landing { ep: Endpoint { port: capture.inbound_port, ..ep }, original, peer }
            }
            _ => Landing { ep, original: None, peer },
        }
    }

    /// `GET path` from a pod with the request's `Host` header (`wget`, `curl`): the
    /// connection, then whoever answers. `hops`: the forwarders the client itself runs behind
    /// (a program an `nc -l -e` listener started).
    pub fn pod_http_get(&mut self, client: &Client, host: &str, port: u16, header_host: &str, path: &str, hops: u32) -> Result<HttpAnswer, NetError> {
        let landing = self.connect_from_pod(client, host, port)?;
        self.http_at(&landing, header_host, path, hops)
    }

    /// An HTTPS `GET` from a pod: the answer and, when the server's TLS is modelled (nginx's
    /// `listen … ssl`), the certificate it presented for the client to verify. Other servers
    /// answer as over HTTP, with no certificate (TLS not modelled there).
    pub fn pod_https_get(&mut self, client: &Client, host: &str, port: u16, header_host: &str, path: &str, hops: u32) -> Result<(HttpAnswer, Option<String>), NetError> {
        let landing = self.connect_from_pod(client, host, port)?;
        if let Some(Acceptor::Program(container)) = self.acceptor(&landing.ep)
            && let Some(certificate) = self.tls_listener(&landing.ep.node, &container, landing.ep.port)
        {
            let (code, headers, body) = self.program_http(&landing.ep, &container, header_host, path).ok_or(NetError::Refused)?;
            return Ok((HttpAnswer { code, body, headers }, certificate));
        }
        self.http_at(&landing, header_host, path, hops).map(|a| (a, None))
    }

    /// A TCP connection from a pod that sends `request` and reads until the peer closes
    /// (`nc`, `redis-cli`; an empty request only connects, as `nc -z`).
    pub fn pod_tcp_exchange(&mut self, client: &Client, host: &str, port: u16, request: &str, hops: u32) -> Result<String, NetError> {
        let landing = self.connect_from_pod(client, host, port)?;
        self.tcp_exchange(&landing, request, hops)
    }

    /// The answer of whatever accepts a connection at `landing` to `GET path` with `Host: host`.
    pub fn http_at(&mut self, landing: &Landing, host: &str, path: &str, hops: u32) -> Result<HttpAnswer, NetError> {
        if hops > MAX_HOPS {
            return Err(NetError::Reset);
        }
        match self.acceptor(&landing.ep).ok_or(NetError::Refused)? {
            Acceptor::Envoy(config) => self.envoy_http(&config, landing, host, path, hops),
            Acceptor::IstioProxy => self.istio_proxy_http(landing, host, path, hops),
            Acceptor::Shell(container) => {
                // The listener reads the request as sent and answers with its text, read as
                // an HTTP response.
                let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: Wget\r\nConnection: close\r\n\r\n");
                let reply = self.shell_accept(&landing.ep.node, &container, landing.ep.port, &landing.peer, &request, hops)?;
                let (code, body) = parse_http_response(&reply).ok_or(NetError::Reset)?;
                Ok(HttpAnswer { code, body, headers: vec![] })
            }
            Acceptor::Program(container) => {
                if let Some(upstream) = self.program_upstream(&landing.ep, &container) {
                    // nginx's `proxy_pass http://UPSTREAM`: the name through the pod's resolver,
                    // a 502 when the upstream cannot be reached.
                    let client = self.proxy_client(&landing.ep, 0);
                    return Ok(match self.pod_http_get(&client, &upstream, 80, &upstream, path, hops + 1) {
                        Ok(answer) => answer,
                        Err(_) => HttpAnswer { code: 502, body: crate::webserver::nginx_error_page(502, Some("1.13.12")), headers: vec![] },
                    });
                }
                let answer = match self.nginx_plain_on_tls_port(&landing.ep.node, &container, landing.ep.port) {
                    Some(a) => a,
                    None => self.program_http(&landing.ep, &container, host, path).ok_or(NetError::Refused)?,
                };
                let (code, headers, body) = answer;
                Ok(HttpAnswer { code, body, headers })
            }
            Acceptor::Internet => self.internet_http(landing, host, path),
        }
    }

    /// The upstream of a program that proxies HTTP (`Role::HttpProxy`).
    fn program_upstream(&self, ep: &Endpoint, container: &str) -> Option<String> {
        let p = self.machines.get(&ep.node)?.runtime.containers.get(container)?.process.as_ref()?;
        match p.app.role.as_deref() {
            Some(crate::process::servers::Role::HttpProxy { upstream }) if ep.port == 80 => Some(upstream.clone()),
            _ => None,
        }
    }

    /// A host of the Internet answering `GET path` (`internet.rs`), traced with the addresses
    /// the request came from: the pod's, the node's kindnet masqueraded it to, and the public
    /// one the host sees.
    fn internet_http(&mut self, landing: &Landing, host: &str, path: &str) -> Result<HttpAnswer, NetError> {
        let ep = &landing.ep;
        let date = internet::http_date(self.now);
        let (code, headers, body) = internet::http(&ep.ip, ep.port, host, path, &date).ok_or(NetError::Timeout)?;
        let object = self.pod_at(&landing.peer).and_then(|(node, uid)| self.pod_object(&node, &uid));
        let location = headers.iter().find(|(k, _)| k == "Location").map(|(_, v)| v.clone());
        let mut params = crate::sort::map_of([
            ("host".to_string(), json!(host)),
            ("ip".to_string(), json!(ep.ip)),
            ("port".to_string(), json!(ep.port)),
            ("scheme".to_string(), json!(if ep.port == 443 { "https" } else { "http" })),
            ("path".to_string(), json!(path)),
            ("code".to_string(), json!(code)),
            ("bytes".to_string(), json!(body.len())),
            ("podIP".to_string(), json!(landing.peer)),
            ("node".to_string(), json!(ep.node)),
            ("nodeIP".to_string(), json!(self.node_ip(&ep.node))),
            ("publicIP".to_string(), json!(internet::PUBLIC_ADDRESS)),
        ]);
        if let Some(to) = location {
            params.insert("location".into(), json!(to));
        }
        self.record(ComponentRef::control_plane(internet::COMPONENT), Action::InternetHttp, object, params, vec![]);
        Ok(HttpAnswer { code, body, headers })
    }

    /// A connection to `landing` that sends `request` and reads the answer until the peer
    /// closes: an `nc -l` listener answers as its script says (its text, or the output of its
    /// `-e` program), a proxy forwards (HTTP through its routes, other bytes to its upstream),
    /// a redis server answers in RESP, an HTTP server answers an HTTP request; other servers
    /// accept and send nothing.
    pub(crate) fn tcp_exchange(&mut self, landing: &Landing, request: &str, hops: u32) -> Result<String, NetError> {
        if hops > MAX_HOPS {
            return Err(NetError::Reset);
        }
        match self.acceptor(&landing.ep).ok_or(NetError::Refused)? {
            Acceptor::Shell(container) => self.shell_accept(&landing.ep.node, &container, landing.ep.port, &landing.peer, request, hops),
            Acceptor::Program(container) => Ok(self.program_exchange(&landing.ep, &container, request)),
            Acceptor::Envoy(config) => self.envoy_stream(&config, landing, request, hops),
            Acceptor::IstioProxy => self.sidecar_stream(landing, request, hops),
            // A web server reads an HTTP request; other bytes get no answer.
            Acceptor::Internet => match parse_http_request(request) {
                Some(req) => self.internet_http(landing, &req.host, &req.path).map(|a| http_response_text(&a, req.method == "HEAD")),
                None => Ok(String::new()),
            },
        }
    }

    /// An app model's answer to `GET path`: (status, headers, body), None when it serves no
    /// HTTP there.
    fn program_http(&mut self, ep: &Endpoint, container: &str, host: &str, path: &str) -> Option<crate::webserver::Answer> {
        let m = self.machines.get(&ep.node)?;
        let hostname = m.runtime.sandboxes.values().find(|s| s.pod_uid == ep.pod_uid).map(|s| s.pod_name.clone()).unwrap_or_default();
        let p = m.runtime.containers.get(container)?.process.as_ref()?;
        let code = p.http_get(ep.port, path, self.now)?;
        let (body, kind) = (p.app.http_body(code, &hostname), p.app.kind.clone());
        // A web server answers from its document root.
        Some(self.docroot_http(&ep.node, container, &kind, host, path).unwrap_or((code, vec![], body)))
    }

    /// An app model's answer to raw bytes: RESP from redis, an HTTP response to an HTTP
    /// request, nothing otherwise.
    fn program_exchange(&mut self, ep: &Endpoint, container: &str, request: &str) -> String {
        if request.is_empty() {
            return String::new();
        }
        let now = self.now;
        let Some(m) = self.machines.get_mut(&ep.node) else { return String::new() };
        let hostname = m.runtime.sandboxes.values().find(|s| s.pod_uid == ep.pod_uid).map(|s| s.pod_name.clone()).unwrap_or_default();
        let Some(p) = m.runtime.containers.get_mut(container).and_then(|c| c.process.as_mut()) else { return String::new() };
        if p.app.kind == crate::process::AppKind::Redis {
            return p.app.redis.serve(request);
        }
        match parse_http_request(request) {
            Some(req) if p.app.kind != crate::process::AppKind::Postgres => {
                let code = p.http_get(ep.port, &req.path, now).unwrap_or(200);
                let (body, kind) = (p.app.http_body(code, &hostname), p.app.kind.clone());
                let host = if req.host.is_empty() { ep.ip.clone() } else { req.host.clone() };
                let (code, headers, body) = self.docroot_http(&ep.node, container, &kind, &host, &req.path).unwrap_or((code, vec![], body));
                let answer = HttpAnswer { code, body, headers };
                http_response_text(&answer, req.method == "HEAD")
            }
            _ => String::new(),
        }
    }

    /// A kubelet probe (`httpGet` with its request, or `tcpSocket` with none) reaching an
    /// `nc -l` listener of the pod: Some(the probe's result), None when no shell listens on
    /// the port. The listener sees the connection as any client's (a plain `nc -l` ends).
    pub(crate) fn probe_shell_listener(&mut self, node: &str, uid: &str, port: u16, http: Option<(&str, &str)>) -> Option<Result<(), String>> {
        let ip = self.machines.get(node)?.runtime.ready_sandbox(uid)?.ip.clone()?;
        let ep = Endpoint { node: node.to_string(), pod_uid: uid.to_string(), ip: ip.clone(), port };
        let Some(Acceptor::Shell(cid)) = self.acceptor(&ep) else { return None };
        // The kubelet's prober connects from the node.
        let from = self.node_ip(node);
        let Some((url, host)) = http else {
            return Some(self.shell_accept(node, &cid, port, &from, "", 0).map(|_| ()).map_err(|_| format!("dial tcp {ip}:{port}: connect: connection refused")));
        };
        let path = url.split_once(&format!(":{port}")).map(|x| x.1).filter(|p| !p.is_empty()).unwrap_or("/");
        let request = format!("GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUser-Agent: kube-probe/1.36\r\nAccept: */*\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n");
        let reply = match self.shell_accept(node, &cid, port, &from, &request, 0) {
            Ok(r) => r,
            Err(_) => return Some(Err(format!("Get \"{url}\": read tcp {from}:{}->{ip}:{port}: read: connection reset by peer", 32768 + (self.now.millis() % 28232)))),
        };
        Some(match parse_http_response(&reply) {
            Some((code, _)) if (200..400).contains(&code) => Ok(()),
            Some((code, _)) => Err(format!("HTTP probe failed with statuscode: {code}")),
            None if reply.is_empty() => Err(format!("Get \"{url}\": EOF")),
            None => Err(format!("Get \"{url}\": net/http: HTTP/1.x transport connection broken: malformed HTTP response {:?}", reply.lines().next().unwrap_or_default())),
        })
    }

    /// The client a proxy in the pod at `ep` connects as.
    fn proxy_client(&self, ep: &Endpoint, user: u32) -> Client {
        let namespace = self.machines.get(&ep.node).and_then(|m| m.runtime.sandboxes.values().find(|s| s.pod_uid == ep.pod_uid)).map(|s| s.namespace.clone()).unwrap_or_default();
        Client { node: ep.node.clone(), pod_uid: ep.pod_uid.clone(), namespace, user }
    }

    /// Does Envoy turn the connection away? A listener (or the admin interface) bound to
    /// 127.0.0.1 takes connections from inside the pod only.
    fn envoy_refuses(config: &envoy::Config, landing: &Landing) -> bool {
        let from_outside = !landing.ep.ip.starts_with("127.") && landing.original.is_none();
        let loopback_only = |address: &str| address.starts_with("127.");
        from_outside && (config.listener(landing.ep.port).is_some_and(|l| loopback_only(&l.address)) || (config.admin_port == Some(landing.ep.port) && loopback_only(&config.admin_address)))
    }

    /// Envoy with a static bootstrap: the listener the connection reached, its route, the
    /// route's cluster, one of the cluster's endpoints. The request keeps its Host header
    /// (Envoy rewrites it only when a route says so; `host_rewrite_*` is not modelled).
    fn envoy_http(&mut self, config: &envoy::Config, landing: &Landing, host: &str, path: &str, hops: u32) -> Result<HttpAnswer, NetError> {
        let local = |code: u16, body: &str| Ok(HttpAnswer { code, body: body.to_string(), headers: vec![("server".into(), "envoy".into())] });
        if Self::envoy_refuses(config, landing) {
            return Err(NetError::Refused);
        }
        let Some(listener) = config.listener(landing.ep.port) else {
            // The admin interface: `/ready` answers LIVE once the server runs.
            return match path.split('?').next().unwrap_or("/") {
                "/ready" => local(200, "LIVE\n"),
                "/" | "/help" => local(200, "admin commands are:\n"),
                _ => local(404, "invalid path. admin commands are:\n"),
            };
        };
        let (cluster, path) = match &listener.kind {
            envoy::ListenerKind::Tcp(cluster) => {
                // tcp_proxy: the bytes go through untouched, so the upstream's answer does too.
                let up = self.envoy_upstream(config, cluster, landing).ok_or(NetError::Reset)?.map_err(|_| NetError::Reset)?;
                return self.http_at(&up, host, path, hops + 1);
            }
            envoy::ListenerKind::Http(hosts) => match envoy::route(hosts, host, path).map(|r| r.action.clone()) {
                None => return local(404, ""),
                Some(envoy::RouteAction::Direct { status, body }) => return local(status, &body),
                Some(envoy::RouteAction::Cluster { cluster, prefix_rewrite }) => {
                    let prefix = envoy::route(hosts, host, path).and_then(|r| r.prefix.clone()).unwrap_or_default();
                    let path = match prefix_rewrite {
                        Some(rewrite) if path.starts_with(&prefix) => format!("{rewrite}{}", &path[prefix.len()..]),
                        _ => path.to_string(),
                    };
                    (cluster, path)
                }
            },
        };
        let Some(up) = self.envoy_upstream(config, &cluster, landing) else { return local(503, NO_HEALTHY_UPSTREAM) };
        let answer = match up {
            Ok(up) => self.http_at(&up, host, &path, hops + 1),
            Err(e) => Err(e),
        };
        self.proxied(answer, false, "envoy")
    }

    /// Raw bytes at Envoy: a `tcp_proxy` listener passes them to its upstream (a failed
    /// upstream connection closes the client's); an HTTP listener reads them as a request,
    /// and answers what is not HTTP with its codec's 400 (`http1/codec_impl.cc`).
    fn envoy_stream(&mut self, config: &envoy::Config, landing: &Landing, request: &str, hops: u32) -> Result<String, NetError> {
        if Self::envoy_refuses(config, landing) {
            return Err(NetError::Refused);
        }
        if request.is_empty() {
            return Ok(String::new());
        }
        if let Some(envoy::ListenerKind::Tcp(cluster)) = config.listener(landing.ep.port).map(|l| &l.kind) {
            return match self.envoy_upstream(config, cluster, landing) {
                Some(Ok(up)) => self.tcp_exchange(&up, request, hops + 1),
                _ => Ok(String::new()),
            };
        }
        match parse_http_request(request) {
            Some(req) => self.http_at(landing, &req.host, &req.path, hops).map(|a| http_response_text(&a, req.method == "HEAD")),
            None => {
                let headers = vec![("content-type".into(), "text/plain".into()), ("server".into(), "envoy".into()), ("connection".into(), "close".into())];
                Ok(http_response_text(&HttpAnswer { code: 400, body: "Bad Request".into(), headers }, false))
            }
        }
    }

    /// The connection Envoy opens to one endpoint of a cluster: None when the cluster is
    /// unknown or has no endpoint, Err when the connection fails.
    fn envoy_upstream(&mut self, config: &envoy::Config, cluster: &str, landing: &Landing) -> Option<Result<Landing, NetError>> {
        let c = config.cluster(cluster).cloned()?;
        let client = self.proxy_client(&landing.ep, ENVOY_UID);
        let upstream = self.pick_endpoint(&client, &c)?;
        Some(self.connect_ip(&client, &upstream.0, upstream.1))
    }

    /// One endpoint of a static cluster: its addresses (resolved by DNS for the DNS kinds,
    /// as Envoy's resolver sees the pod's resolv.conf), round robin taken as a random pick.
    fn pick_endpoint(&mut self, client: &Client, cluster: &envoy::Cluster) -> Option<(String, u16)> {
        let mut hosts: Vec<(String, u16)> = Vec::new();
        for (addr, port) in &cluster.endpoints {
            let ip = match cluster.discovery.as_str() {
                "STATIC" => addr.parse::<std::net::Ipv4Addr>().is_ok().then(|| addr.clone()),
                _ => self.resolve_from(&client.node, &client.pod_uid, &client.namespace, addr).ok(),
            };
            hosts.extend(ip.map(|ip| (ip, *port)));
        }
        if hosts.is_empty() {
            return None;
        }
        let i = self.rng.below(hosts.len() as u64) as usize;
        Some(hosts[i].clone())
    }

    /// An upstream's answer as a proxy passes it on: its own headers added, or its own 503
    /// when the upstream could not be reached.
    fn proxied(&mut self, answer: Result<HttpAnswer, NetError>, retried: bool, server: &str) -> Result<HttpAnswer, NetError> {
        let reason = match answer {
            Ok(mut a) => {
                a.headers.retain(|(k, _)| k != "server" && k != "x-envoy-upstream-service-time");
                let took = self.rng.between(1, 5);
                let mut headers = vec![("server".to_string(), server.to_string()), ("x-envoy-upstream-service-time".to_string(), took.to_string())];
                headers.extend(a.headers);
                a.headers = headers;
                return Ok(a);
            }
            Err(NetError::Refused) => REFUSED,
            Err(NetError::Timeout) => "connection timeout",
            Err(NetError::Reset | NetError::UnknownHost) => "connection termination",
        };
        Ok(HttpAnswer { code: 503, body: upstream_failure(reason, retried), headers: vec![("server".into(), server.into())] })
    }

    /// Where Istio's sidecar sends a connection it captured: the outbound capture (15001) to
    /// the original destination — a Service's address to one of its ready endpoints (istiod's
    /// EDS), anything else on as addressed; the inbound capture (15006) to the app in the pod,
    /// from 127.0.0.6 (never captured again).
    fn sidecar_hop(&mut self, landing: &Landing) -> SidecarHop {
        use crate::istio::{INBOUND_PORT, OUTBOUND_PORT};
        match (landing.ep.port, landing.original.clone()) {
            (OUTBOUND_PORT, Some((ip, port))) => {
                let client = self.proxy_client(&landing.ep, PROXY_UID);
                let target = match self.service_at(&ip, port) {
                    Some((ns, name, target_port_of)) => match self.ready_endpoint(&ns, &name, &target_port_of) {
                        Some(t) => t,
                        None => return SidecarHop::NoHealthyUpstream,
                    },
                    None => (ip, port),
                };
                SidecarHop::Outbound(self.connect_ip(&client, &target.0, target.1))
            }
            (INBOUND_PORT, Some((_, port))) => SidecarHop::Inbound(Landing { ep: Endpoint { port, ..landing.ep.clone() }, original: None, peer: INBOUND_PASSTHROUGH_SOURCE.into() }),
            _ => SidecarHop::Local,
        }
    }

    /// Istio's sidecar answering HTTP: what it forwards (with its headers, or its own 503s),
    /// and the agent's health endpoints for the proxy itself.
    fn istio_proxy_http(&mut self, landing: &Landing, host: &str, path: &str, hops: u32) -> Result<HttpAnswer, NetError> {
        use crate::istio::{AGENT_PORT, HEALTH_PORT, STATS_PORT};
        let plain = |code: u16, body: &str| Ok(HttpAnswer { code, body: body.to_string(), headers: vec![] });
        match self.sidecar_hop(landing) {
            SidecarHop::Outbound(up) => {
                let answer = match up {
                    Ok(up) => self.http_at(&up, host, path, hops + 1),
                    Err(e) => Err(e),
                };
                self.proxied(answer, true, "envoy")
            }
            SidecarHop::Inbound(app) => {
                let answer = self.http_at(&app, host, path, hops + 1);
                self.proxied(answer, false, "istio-envoy")
            }
            SidecarHop::NoHealthyUpstream => Ok(HttpAnswer { code: 503, body: NO_HEALTHY_UPSTREAM.into(), headers: vec![("server".into(), "envoy".into())] }),
            SidecarHop::Local => match landing.ep.port {
                HEALTH_PORT | AGENT_PORT if path.starts_with("/healthz/ready") => {
                    if self.istiod_serving() { plain(200, "") } else { plain(503, "") }
                }
                STATS_PORT | AGENT_PORT if path.starts_with("/stats/prometheus") => plain(200, "# TYPE envoy_server_live gauge\nenvoy_server_live 1\n"),
                _ => plain(404, ""),
            },
        }
    }

    /// Raw bytes at Istio's sidecar: HTTP goes through its HTTP routes; other bytes pass
    /// through to where the capture sends them (a failed upstream closes the connection).
    fn sidecar_stream(&mut self, landing: &Landing, request: &str, hops: u32) -> Result<String, NetError> {
        if request.is_empty() {
            return Ok(String::new());
        }
        if let Some(req) = parse_http_request(request) {
            return self.istio_proxy_http(landing, &req.host, &req.path, hops).map(|a| http_response_text(&a, req.method == "HEAD"));
        }
        match self.sidecar_hop(landing) {
            SidecarHop::Outbound(Ok(up)) | SidecarHop::Inbound(up) => self.tcp_exchange(&up, request, hops + 1),
            _ => Ok(String::new()),
        }
    }

    /// Does istiod serve (a ready endpoint behind Service istiod in istio-system)? The
    /// sidecars get their configuration from it; without it they never become ready.
    pub(crate) fn istiod_serving(&self) -> bool {
        !self.dns_endpoints("istio-system", "istiod").is_empty()
    }

    /// The Service whose ClusterIP and port these are: (namespace, name, the port's targetPort).
    fn service_at(&self, ip: &str, port: u16) -> Option<(String, String, Value)> {
        self.store.list("", "services", None).find_map(|(k, s)| {
            if s["spec"]["clusterIP"].as_str() != Some(ip) {
                return None;
            }
            let p = s["spec"]["ports"].as_array()?.iter().find(|p| p["port"].as_u64() == Some(u64::from(port)))?;
            let target = if p["targetPort"].is_null() { json!(port) } else { p["targetPort"].to_value() };
            Some((k.namespace.clone(), k.name.clone(), json!({"name": p["name"], "targetPort": target})))
        })
    }

    /// A ready endpoint of a Service's slices for the port (by its name), picked at random.
    fn ready_endpoint(&mut self, ns: &str, svc: &str, port: &Value) -> Option<(String, u16)> {
        let mut ready: Vec<(String, u16)> = Vec::new();
        for (_, slice) in self.store.list("discovery.k8s.io", "endpointslices", Some(ns)) {
            if slice["metadata"]["labels"][SERVICE_NAME_LABEL] != svc {
                continue;
            }
            let wanted = port["name"].as_str().unwrap_or_default();
            let number = slice["ports"].as_array().into_iter().flatten().find(|p| p["name"].as_str().unwrap_or_default() == wanted).and_then(|p| p["port"].as_u64());
            let number = number.or_else(|| port["targetPort"].as_u64()).and_then(|p| u16::try_from(p).ok());
            let Some(number) = number else { continue };
            for e in slice["endpoints"].as_array().into_iter().flatten() {
                if e["conditions"]["ready"].as_bool().unwrap_or(true)
                    && let Some(ip) = e["addresses"][0].as_str()
                {
                    ready.push((ip.to_string(), number));
                }
            }
        }
        if ready.is_empty() {
            return None;
        }
        crate::sort::sort(&mut ready);
        let i = self.rng.below(ready.len() as u64) as usize;
        Some(ready[i].clone())
    }
}

/// Envoy's image runs it as user `envoy` (101); Istio's sidecar as 1337.
const ENVOY_UID: u32 = 101;
const PROXY_UID: u32 = 1337;

/// An HTTP request as a server reads it: the method, the path, the Host header.
struct HttpRequest {
    method: String,
    path: String,
    host: String,
}

/// The request line and Host header of raw bytes, None when they are not an HTTP request.
fn parse_http_request(text: &str) -> Option<HttpRequest> {
    let mut lines = text.lines();
    let mut words = lines.next()?.split_whitespace();
    let (method, path, version) = (words.next()?, words.next()?, words.next()?);
    if !version.starts_with("HTTP/") || !matches!(method, "GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "OPTIONS" | "PATCH") {
        return None;
    }
    let host = lines
        .take_while(|l| !l.trim().is_empty())
        .find_map(|l| l.split_once(':').filter(|(k, _)| k.trim().eq_ignore_ascii_case("host")).map(|(_, v)| v.trim().to_string()))
        .unwrap_or_default();
    Some(HttpRequest { method: method.to_string(), path: path.to_string(), host })
}

/// An HTTP answer as the bytes a client reads (`HEAD`: no body). A proxy's answer carries its
/// lower-case headers.
fn http_response_text(answer: &HttpAnswer, head: bool) -> String {
    let reason = crate::shell::http_reason(answer.code);
    let mut out = format!("HTTP/1.1 {} {reason}\r\n", answer.code);
    if answer.headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-length")) {
        // A server that wrote its own headers (the Internet's).
        for (k, v) in &answer.headers {
            out.push_str(&format!("{k}: {v}\r\n"));
        }
    } else if answer.headers.is_empty() {
        out.push_str(&format!("Content-Length: {}\r\nConnection: close\r\n", answer.body.len()));
    } else {
        out.push_str(&format!("content-length: {}\r\n", answer.body.len()));
        for (k, v) in &answer.headers {
            out.push_str(&format!("{k}: {v}\r\n"));
        }
    }
    out.push_str("\r\n");
    if !head {
        out.push_str(&answer.body);
    }
    out
}

/// An HTTP response's status code and body (the text after the blank line).
fn parse_http_response(text: &str) -> Option<(u16, String)> {
    let first = text.lines().next()?;
    let mut words = first.split_whitespace();
    if !words.next()?.starts_with("HTTP/") {
        return None;
    }
    let code: u16 = words.next()?.parse().ok()?;
    let body = match (text.find("\r\n\r\n"), text.find("\n\n")) {
        (Some(a), Some(b)) if b < a => &text[b + 2..],
        (Some(a), _) => &text[a + 4..],
        (None, Some(b)) => &text[b + 2..],
        (None, None) => "",
    };
    Some((code, body.to_string()))
}

/// What the resolver answers without asking a server: `localhost` from `/etc/hosts`, an
/// address as written.
fn local_answer(host: &str) -> Option<String> {
    if host == "localhost" {
        return Some("127.0.0.1".into());
    }
    host.parse::<std::net::Ipv4Addr>().is_ok().then(|| host.to_string())
}

/// A pod's `/etc/resolv.conf`: nameservers, search list, `ndots` (musl's and glibc's reading).
#[derive(Debug, Clone, PartialEq, Eq)]
struct ResolvConf {
    servers: Vec<String>,
    search: Vec<String>,
    ndots: usize,
}

impl ResolvConf {
    fn parse(text: &str) -> ResolvConf {
        let mut conf = ResolvConf { servers: vec![], search: vec![], ndots: 1 };
        for line in text.lines() {
            let mut words = line.split_whitespace();
            match words.next() {
                Some("nameserver") => conf.servers.extend(words.next().map(str::to_string)),
                Some("search") | Some("domain") => conf.search = words.map(str::to_string).collect(),
                Some("options") => {
                    for o in words {
                        if let Some(n) = o.strip_prefix("ndots:").and_then(|n| n.parse::<usize>().ok()) {
                            conf.ndots = n.min(15);
                        }
                    }
                }
                _ => {}
            }
        }
        conf
    }

    /// The names a resolver asks for `host`, in order (musl's `name_from_dns_search`): with a
    /// final dot only the name; with at least `ndots` dots the name, then the search list;
    /// else the search list, then the name.
    fn candidates(&self, host: &str) -> Vec<String> {
        let host = host.to_ascii_lowercase();
        if let Some(fqdn) = host.strip_suffix('.') {
            return vec![fqdn.to_string()];
        }
        let mut out: Vec<String> = self.search.iter().map(|d| format!("{host}.{d}")).collect();
        if host.matches('.').count() >= self.ndots {
            out.insert(0, host);
        } else {
            out.push(host);
        }
        out
    }
}

/// What the Internet's DNS answers (`internet.rs`): A records of the names it knows, no AAAA,
/// PTR of the public resolvers; anything else NXDOMAIN. Never authoritative (a recursive
/// resolver's answer).
fn upstream_answer(name: &str, qtype: &str) -> DnsAnswer {
    let values: Option<Vec<String>> = match qtype {
        "PTR" => internet::ptr(name).map(|p| vec![p.to_string()]),
        "A" => internet::addresses(name).map(|a| a.iter().map(|s| s.to_string()).collect()),
        _ => internet::addresses(name).map(|_| vec![]),
    };
    match values {
        Some(values) => DnsAnswer::Records { chain: vec![], values, authoritative: false },
        None => DnsAnswer::NxDomain,
    }
}

/// The trace's parameters of a question answered upstream: name, type, rcode, answers, and
/// whether podlife's Internet knows the name (`known: false` is its NXDOMAIN for every name it
/// does not simulate).
fn dns_params(name: &str, qtype: &str, answer: &DnsAnswer) -> std::collections::BTreeMap<String, Value> {
    let (rcode, answers) = match answer {
        DnsAnswer::Records { values, .. } => ("NOERROR", values.clone()),
        _ => ("NXDOMAIN", vec![]),
    };
    crate::sort::map_of([
        ("name".to_string(), json!(name.trim_end_matches('.').to_ascii_lowercase())),
        ("type".to_string(), json!(qtype)),
        ("rcode".to_string(), json!(rcode)),
        ("answers".to_string(), json!(answers)),
        ("known".to_string(), json!(rcode == "NOERROR")),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apiserver::{Request, Verb};

    fn conf(text: &str) -> ResolvConf {
        ResolvConf::parse(text)
    }

    #[test]
    fn the_search_list_comes_first_below_ndots() {
        let cluster_first = conf("search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n");
        assert_eq!(cluster_first.servers, ["10.96.0.10"]);
        // `info.cern.ch` has 2 dots < 5: each search name first (NXDOMAIN in the cluster zone),
        // then the name as is, which CoreDNS forwards.
        assert_eq!(cluster_first.candidates("info.cern.ch"), ["info.cern.ch.shop.svc.cluster.local", "info.cern.ch.svc.cluster.local", "info.cern.ch.cluster.local", "info.cern.ch"]);
        assert_eq!(cluster_first.candidates("a.b.c.d.e.f").first().map(String::as_str), Some("a.b.c.d.e.f"));
        assert_eq!(cluster_first.candidates("example.com."), ["example.com"]);
        // The node's resolv.conf (`dnsPolicy: Default`): no search list, ndots 1.
        let node = conf("nameserver 172.18.0.1\n");
        assert_eq!(node.candidates("example.com"), ["example.com"]);
        assert_eq!(node.candidates("web"), ["web"]);
    }

    fn engine_with(objects: &[Value]) -> Engine {
        let mut e = Engine::with_default_cluster(7);
        for o in objects {
            let plural = if o["kind"] == "Service" { "services" } else { "pods" };
            let mut req = Request::new(Verb::Create, podlife_model::ResourceType::resolve(plural).expect("served"));
            req.namespace = Some("default".into());
            req.body = Some(o.clone());
            assert!(e.handle(req).is_ok(), "{o}");
        }
        e.advance_by(20_000);
        e
    }

    fn sandbox_of(e: &Engine, name: &str) -> (String, String) {
        e.machines.iter().find_map(|(node, m)| m.runtime.sandboxes.values().find(|s| s.pod_name == name && s.ready).map(|s| (node.clone(), s.pod_uid.clone()))).expect("running")
    }

    fn pod(name: &str, policy: &str) -> Value {
        json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": {"dnsPolicy": policy, "containers": [{"name": "c", "image": "busybox:1.36", "command": ["sleep", "3600"]}]}})
    }

    #[test]
    fn names_outside_the_cluster_are_forwarded_to_the_internet() {
        let external = json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "cern"}, "spec": {"type": "ExternalName", "externalName": "info.cern.ch"}});
        let mut e = engine_with(&[pod("first", "ClusterFirst"), pod("node-dns", "Default"), external]);
        let (node, uid) = sandbox_of(&e, "first");
        let before = e.trace().len();
        assert_eq!(e.resolve_from(&node, &uid, "default", "info.cern.ch").as_deref(), Ok("188.184.67.127"));
        let forwards: Vec<_> = e.trace()[before..].iter().filter(|t| t.action == Action::DnsForward).collect();
        assert_eq!(forwards.len(), 1, "the search names are answered in the cluster zone, the name itself is forwarded");
        assert_eq!(forwards[0].component.name.as_str(), "coredns");
        assert_eq!(forwards[0].params.get("upstream").as_deref(), Some(&json!(internet::NODE_RESOLVER)));
        assert_eq!(e.resolve_from(&node, &uid, "default", "nosuch.example.org"), Err(DnsError::NxDomain));
        // An ExternalName Service is a CNAME to its target, resolved through the forward.
        assert_eq!(e.resolve_from(&node, &uid, "default", "cern").as_deref(), Ok("188.184.67.127"));
        let cname = e.dns_ask(&node, &uid, crate::containerd::procfs::CLUSTER_DNS, "cern.default.svc.cluster.local", "A");
        assert_eq!(cname, Ok(DnsAnswer::Records { chain: vec![("cern.default.svc.cluster.local".into(), "info.cern.ch".into())], values: vec!["188.184.67.127".into()], authoritative: true }));
        // `dnsPolicy: Default` asks the node's resolver: Internet names only.
        let (node, uid) = sandbox_of(&e, "node-dns");
        assert_eq!(e.resolve_from(&node, &uid, "default", "example.com").as_deref(), Ok("104.20.23.154"));
        assert_eq!(e.resolve_from(&node, &uid, "default", "kubernetes.default"), Err(DnsError::NxDomain));
        assert!(e.trace().iter().any(|t| t.action == Action::InternetDns));
    }

    #[test]
    fn connections_to_public_addresses_reach_the_internet() {
        let mut e = engine_with(&[pod("first", "ClusterFirst")]);
        let (node, uid) = sandbox_of(&e, "first");
        let client = Client { node, pod_uid: uid, namespace: "default".into(), user: 0 };
        let page = e.pod_http_get(&client, "info.cern.ch", 80, "info.cern.ch", "/", 0).expect("answers");
        assert_eq!((page.code, page.body.len()), (200, 646));
        let http = e.trace().iter().rev().find(|t| t.action == Action::InternetHttp).expect("traced");
        assert_eq!(http.params.get("publicIP").as_deref(), Some(&json!(internet::PUBLIC_ADDRESS)));
        assert_eq!(e.pod_http_get(&client, "188.184.67.127", 8080, "x", "/", 0), Err(NetError::Timeout));
        assert_eq!(e.pod_http_get(&client, "192.168.1.1", 80, "x", "/", 0), Err(NetError::Timeout));
        assert_eq!(e.pod_http_get(&client, "no-such-host.example", 80, "x", "/", 0), Err(NetError::UnknownHost));
    }
}

impl Egress for Engine {
    /// kube-apiserver dials from the control-plane node's network (its host network), through
    /// that node's kube-proxy rules; a sidecar's inbound capture passes the TLS through to the
    /// server's own port, whose program answers the AdmissionReview (`process::servers::admit`).
    fn post_admission_review(&mut self, ip: &str, port: u16, path: &str, request: &AdmissionRequest) -> Delivery {
        let landing = match self.apiserver_dial(ip, port) {
            Ok(l) => l,
            Err(NetError::Refused) => return Delivery::Refused,
            Err(_) => return Delivery::Timeout,
        };
        let Some(app) = self.listener(&landing.ep).and_then(|(cid, _)| self.machines.get(&landing.ep.node)?.runtime.containers.get(&cid)?.process.as_ref().map(|p| p.app.clone())) else {
            return Delivery::Refused;
        };
        match crate::process::servers::admit(&app, path, request) {
            Some(answer) => Delivery::Answered(answer),
            None => Delivery::PlainHttp,
        }
    }
}

impl Engine {
    fn apiserver_dial(&mut self, ip: &str, port: u16) -> Result<Landing, NetError> {
        let node = self
            .store
            .list("", "nodes", None)
            .find(|(_, n)| n["metadata"]["labels"].get("node-role.kubernetes.io/control-plane").is_some())
            .or_else(|| self.store.list("", "nodes", None).next())
            .map(|(k, n)| (k.name.clone(), crate::cluster::facts::internal_ip(n).unwrap_or_default().to_string()));
        let Some((node, node_ip)) = node else { return Err(NetError::Timeout) };
        let ep = self.route_ip(&node, &node_ip, ip, port)?;
        let landing = self.arrive(ep, node_ip);
        Ok(match landing.original.clone() {
            Some((_, original)) => Landing { ep: Endpoint { port: original, ..landing.ep }, original: None, peer: landing.peer },
            None => landing,
        })
    }
}

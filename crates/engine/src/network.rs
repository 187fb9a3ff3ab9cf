//! The pod network as a process inside a container reaches it: cluster DNS (CoreDNS's
//! `kubernetes` plugin over the Services and EndpointSlices), then the source node's NAT rules
//! as its kube-proxy last wrote them (`proxy::routing`), then the pod that owns the address
//! and the process listening there.
//!
//! DNS (the Kubernetes DNS specification, CoreDNS's `kubernetes` plugin): `SVC.NS.svc.cluster.local`
//! is the ClusterIP, or for a headless Service the addresses of its ready endpoints;
//! `HOSTNAME.SVC.NS.svc.cluster.local` an endpoint with that hostname (a pod's `hostname` with
//! `subdomain: SVC`); `A-B-C-D.NS.pod.cluster.local` echoes the address. A pod's resolv.conf
//! (`ClusterFirst`) searches `NS.svc.cluster.local svc.cluster.local cluster.local` with
//! `ndots:5`. CoreDNS reads the API through its own watch; podlife gives it the API's current
//! state (its few milliseconds of lag and its 30-second answer cache are not modelled).

use serde_json::Value;

use crate::Engine;
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
/// The most `nc -l -e nc …` hops one connection is forwarded through (a loop ends there).
const MAX_FORWARDS: u32 = 8;
const SERVICE_NAME_LABEL: &str = "kubernetes.io/service-name";

impl Engine {
    /// The address a name resolves to from a pod in `namespace` (`/etc/hosts`' localhost, an
    /// IP as written, then cluster DNS through the search list).
    pub fn resolve_name(&self, namespace: &str, host: &str) -> Option<String> {
        if host == "localhost" {
            return Some("127.0.0.1".into());
        }
        if host.parse::<std::net::Ipv4Addr>().is_ok() {
            return Some(host.into());
        }
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
        self.dns_records(fqdn).into_iter().next()
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

    /// A DNS question as CoreDNS answers it (`nslookup`): `A` and `AAAA` for names (the
    /// cluster has no IPv6, so an existing name has no AAAA records: NODATA), `PTR` for
    /// `D.C.B.A.in-addr.arpa` (a ClusterIP → `SVC.NS.svc.cluster.local`, an endpoint's
    /// address → `HOSTNAME.SVC.NS.svc.cluster.local` or its dashed form). The cluster zone's
    /// answers are authoritative; other names would go to the node's resolver, which podlife
    /// does not model (NXDOMAIN).
    pub fn dns_query(&self, name: &str, qtype: &str) -> crate::shell::DnsAnswer {
        use crate::shell::DnsAnswer;
        let name = name.trim_end_matches('.').to_ascii_lowercase();
        let in_zone = name == CLUSTER_DOMAIN || name.ends_with(&format!(".{CLUSTER_DOMAIN}"));
        let records = match qtype {
            "PTR" => self.reverse_records(&name),
            _ => self.dns_records(&name),
        };
        if records.is_empty() {
            return DnsAnswer::NxDomain;
        }
        let values = if qtype == "AAAA" { vec![] } else { records };
        DnsAnswer::Records { values, authoritative: in_zone || qtype == "PTR" }
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
            let ips = svc["spec"]["clusterIPs"].as_array().cloned().unwrap_or_default();
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
        let ip = self.resolve_name(namespace, host).ok_or(NetError::UnknownHost)?;
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

    pub(crate) fn pod_ip_of(&self, node: &str, uid: &str) -> Option<String> {
        self.machines.get(node)?.runtime.sandboxes.values().find(|s| s.ready && s.pod_uid == uid)?.ip.clone()
    }

    /// An HTTP GET at an endpoint (`wget`, `curl`): the listening process's answer — an app
    /// model's, or the text an `nc -l` listener sends back read as an HTTP response.
    /// `from`: the client's address; `host`: the Host header.
    pub fn endpoint_http(&mut self, ep: &Endpoint, from: &str, host: &str, path: &str) -> Result<(u16, String), NetError> {
        if let Some(cid) = self.shell_listener_at(ep) {
            let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: Wget\r\nConnection: close\r\n\r\n");
            let reply = self.shell_accept(&ep.node, &cid, ep.port, from, &request, 0)?;
            return parse_http_response(&reply).ok_or(NetError::Reset);
        }
        let now = self.now;
        let m = self.machines.get(&ep.node).ok_or(NetError::Timeout)?;
        let hostname = m.runtime.sandboxes.values().find(|s| s.pod_uid == ep.pod_uid).map(|s| s.pod_name.clone()).unwrap_or_default();
        m.runtime
            .containers
            .values()
            .filter(|c| c.pod_uid == ep.pod_uid && c.state == ContainerState::Running)
            .find_map(|c| {
                let p = c.process.as_ref()?;
                let code = p.http_get(ep.port, path, now)?;
                Some((code, p.app.http_body(code, &hostname)))
            })
            .ok_or(NetError::Refused)
    }

    /// A TCP connection to an endpoint that sends `request` and reads the answer until the
    /// peer closes (`nc`, `redis-cli`): a redis server answers in RESP, an HTTP server
    /// answers an HTTP request, an `nc -l` listener as its script says; other servers accept
    /// and send nothing. `depth` counts listeners forwarding to listeners (`nc -e nc …`).
    pub(crate) fn tcp_exchange(&mut self, ep: &Endpoint, from: &str, request: &str, depth: u32) -> Result<String, NetError> {
        if depth > MAX_FORWARDS {
            // A forwarding loop: the last hop's connection is dropped.
            return Err(NetError::Reset);
        }
        if let Some(cid) = self.shell_listener_at(ep) {
            return self.shell_accept(&ep.node, &cid, ep.port, from, request, depth);
        }
        let now = self.now;
        let hostname = self.machines.get(&ep.node).and_then(|m| m.runtime.sandboxes.values().find(|s| s.pod_uid == ep.pod_uid)).map(|s| s.pod_name.clone()).unwrap_or_default();
        let m = self.machines.get_mut(&ep.node).ok_or(NetError::Timeout)?;
        let c = m.runtime.containers.values_mut().find(|c| c.pod_uid == ep.pod_uid && c.state == ContainerState::Running && c.process.as_ref().is_some_and(|p| p.listens(ep.port))).ok_or(NetError::Refused)?;
        let Some(p) = c.process.as_mut() else { return Err(NetError::Refused) };
        if p.app.kind == crate::process::AppKind::Redis {
            return Ok(p.app.redis.serve(request));
        }
        let first = request.lines().next().unwrap_or_default();
        let mut words = first.split_whitespace();
        if let (Some(method), Some(path), Some(version)) = (words.next(), words.next(), words.next())
            && version.starts_with("HTTP/")
            && matches!(method, "GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "OPTIONS" | "PATCH")
            && p.app.kind != crate::process::AppKind::Postgres
        {
            let code = p.http_get(ep.port, path, now).unwrap_or(200);
            let body = if method == "HEAD" { String::new() } else { p.app.http_body(code, &hostname) };
            let reason = crate::shell::http_reason(code);
            return Ok(format!("HTTP/1.1 {code} {reason}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", p.app.http_body(code, &hostname).len()));
        }
        Ok(String::new())
    }

    /// A kubelet probe (`httpGet` with its request, or `tcpSocket` with none) reaching an
    /// `nc -l` listener of the pod: Some(the probe's result), None when no shell listens on
    /// the port. The listener sees the connection as any client's (a plain `nc -l` ends).
    pub(crate) fn probe_shell_listener(&mut self, node: &str, uid: &str, port: u16, http: Option<(&str, &str)>) -> Option<Result<(), String>> {
        let ip = self.machines.get(node)?.runtime.ready_sandbox(uid)?.ip.clone()?;
        let ep = Endpoint { node: node.to_string(), pod_uid: uid.to_string(), ip: ip.clone(), port };
        let cid = self.shell_listener_at(&ep)?;
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

    /// The container whose shell has an `nc -l` listener on the endpoint's port.
    fn shell_listener_at(&self, ep: &Endpoint) -> Option<String> {
        let m = self.machines.get(&ep.node)?;
        m.runtime
            .containers
            .values()
            .find(|c| c.pod_uid == ep.pod_uid && c.state == ContainerState::Running && c.process.as_ref().and_then(|p| p.shell.as_ref()).is_some_and(|s| s.listening_ports().contains(&ep.port)))
            .map(|c| c.id.clone())
    }

    /// Does something accept TCP connections at the endpoint?
    pub fn endpoint_listens(&self, ep: &Endpoint) -> bool {
        self.listener(ep).is_some()
    }

    /// The container whose process accepts connections at the endpoint: (container id,
    /// process generation).
    pub(crate) fn listener(&self, ep: &Endpoint) -> Option<(String, u64)> {
        let m = self.machines.get(&ep.node)?;
        m.runtime
            .containers
            .values()
            .find(|c| c.pod_uid == ep.pod_uid && c.state == ContainerState::Running && c.process.as_ref().is_some_and(|p| p.listens(ep.port)))
            .map(|c| (c.id.clone(), c.generation))
    }
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

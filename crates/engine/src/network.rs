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
use crate::clock::Time;
use crate::containerd::ContainerState;
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

    fn pod_ip_of(&self, node: &str, uid: &str) -> Option<String> {
        self.machines.get(node)?.runtime.sandboxes.values().find(|s| s.ready && s.pod_uid == uid)?.ip.clone()
    }

    /// The listening process's answer at an endpoint: Ok((code, body)) for HTTP, Err when
    /// nothing listens.
    pub fn endpoint_http(&self, ep: &Endpoint, path: &str, now: Time) -> Result<(u16, String), NetError> {
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

/// Where a TCP connection lands after every rule on its way, and where it was headed before a
/// REDIRECT changed that (the `SO_ORIGINAL_DST` a transparent proxy reads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Landing {
    pub ep: Endpoint,
    pub original: Option<(String, u16)>,
}

/// The process that opens a connection: its pod and the user it runs as (istio-init's rules
/// tell the proxy's own traffic, user 1337, from the app's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    pub node: String,
    pub pod_uid: String,
    pub namespace: String,
    pub user: u32,
}

/// An HTTP answer as the client reads it: the status, the body, and the headers a proxy on
/// the way added (lower-case, as Envoy writes them).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HttpAnswer {
    pub code: u16,
    pub body: String,
    pub headers: Vec<(String, String)>,
}

/// More proxies than this on one request's way is a loop (a proxy sending to itself).
const MAX_PROXY_HOPS: u32 = 8;

/// Envoy's own answers (`source/common/router/router.cc`, `upstream_impl.cc`): no host to
/// send to, and an upstream connection that failed. The sidecar's outbound route retries
/// connect failures (Istio's default retry policy), which changes the wording.
const NO_HEALTHY_UPSTREAM: &str = "no healthy upstream";
fn upstream_failure(reason: &str, retried: bool) -> String {
    let retry = if retried { "retried and the latest reset reason" } else { "reset reason" };
    format!("upstream connect error or disconnect/reset before headers. {retry}: {reason}")
}
const REFUSED: &str = "remote connection failure, transport failure reason: delayed connect error: Connection refused";

impl Engine {
    /// The nat rules istio-init wrote in a pod's network namespace, if any.
    fn capture_of(&self, node: &str, pod_uid: &str) -> Option<crate::istio::iptables::Capture> {
        self.machines.get(node)?.runtime.sandboxes.values().find(|s| s.ready && s.pod_uid == pod_uid)?.capture.as_deref().cloned()
    }

    /// A TCP connection from a process in a pod to `host:port`: DNS, the pod's own OUTPUT
    /// rules (istio-init's ISTIO_OUTPUT), the node's NAT, the destination pod's PREROUTING
    /// (ISTIO_INBOUND).
    pub fn connect_from_pod(&mut self, client: &Client, host: &str, port: u16) -> Result<Landing, NetError> {
        let ip = self.resolve_name(&client.namespace, host).ok_or(NetError::UnknownHost)?;
        self.connect_ip(client, &ip, port)
    }

    fn connect_ip(&mut self, client: &Client, ip: &str, port: u16) -> Result<Landing, NetError> {
        let here = |port: u16, ip: &str| Endpoint { node: client.node.clone(), pod_uid: client.pod_uid.clone(), ip: ip.to_string(), port };
        if let Some(capture) = self.capture_of(&client.node, &client.pod_uid)
            && capture.captures_outbound(client.user, ip, port)
        {
            return Ok(Landing { ep: here(capture.proxy_port, "127.0.0.1"), original: Some((ip.to_string(), port)) });
        }
        if ip.starts_with("127.") || self.pod_ip_of(&client.node, &client.pod_uid).as_deref() == Some(ip) {
            return Ok(Landing { ep: here(port, ip), original: None });
        }
        let client_ip = self.pod_ip_of(&client.node, &client.pod_uid).unwrap_or_default();
        let ep = self.route_ip(&client.node, &client_ip, ip, port)?;
        Ok(self.arrive(ep))
    }

    /// A connection from outside a pod arriving at it: ISTIO_INBOUND sends it to Envoy's
    /// inbound port unless the port is excluded.
    pub(crate) fn arrive(&self, ep: Endpoint) -> Landing {
        match self.capture_of(&ep.node, &ep.pod_uid) {
            Some(capture) if capture.captures_inbound(ep.port) => {
                let original = Some((ep.ip.clone(), ep.port));
                Landing { ep: Endpoint { port: capture.inbound_port, ..ep }, original }
            }
            _ => Landing { ep, original: None },
        }
    }

    /// A plain TCP connect from a pod: Ok when something accepts where it lands.
    pub fn pod_tcp_connect(&mut self, client: &Client, host: &str, port: u16) -> Result<(), NetError> {
        let landing = self.connect_from_pod(client, host, port)?;
        if self.endpoint_listens(&landing.ep) { Ok(()) } else { Err(NetError::Refused) }
    }

    /// `GET path` from a pod: the connection, then whoever answers (proxies forward).
    pub fn pod_http_get(&mut self, client: &Client, host: &str, port: u16, path: &str) -> Result<HttpAnswer, NetError> {
        let landing = self.connect_from_pod(client, host, port)?;
        self.http_at(&landing, host, path, 0)
    }

    /// The answer of whatever accepts a connection at `landing` to `GET path`.
    pub fn http_at(&mut self, landing: &Landing, host: &str, path: &str, hops: u32) -> Result<HttpAnswer, NetError> {
        if hops > MAX_PROXY_HOPS {
            return Err(NetError::Reset);
        }
        let Some((container, _)) = self.listener(&landing.ep) else { return Err(NetError::Refused) };
        let Some(process) = self.machines.get(&landing.ep.node).and_then(|m| m.runtime.containers.get(&container)).and_then(|c| c.process.as_ref()) else {
            return Err(NetError::Refused);
        };
        match process.app.role.as_deref() {
            Some(Role::Envoy { config: Some(config), .. }) => {
                let config = config.clone();
                self.envoy_http(&config, landing, host, path, hops)
            }
            Some(Role::IstioProxy) => self.istio_proxy_http(landing, host, path, hops),
            _ => self.endpoint_http(&landing.ep, path, self.now).map(|(code, body)| HttpAnswer { code, body, headers: vec![] }),
        }
    }

    /// The client a proxy in the pod at `ep` connects as.
    fn proxy_client(&self, ep: &Endpoint, user: u32) -> Client {
        let namespace = self.machines.get(&ep.node).and_then(|m| m.runtime.sandboxes.values().find(|s| s.pod_uid == ep.pod_uid)).map(|s| s.namespace.clone()).unwrap_or_default();
        Client { node: ep.node.clone(), pod_uid: ep.pod_uid.clone(), namespace, user }
    }

    /// Envoy with a static bootstrap: the listener the connection reached, its route, the
    /// route's cluster, one of the cluster's endpoints.
    fn envoy_http(&mut self, config: &envoy::Config, landing: &Landing, host: &str, path: &str, hops: u32) -> Result<HttpAnswer, NetError> {
        let local = |code: u16, body: &str| Ok(HttpAnswer { code, body: body.to_string(), headers: vec![("server".into(), "envoy".into())] });
        // A listener bound to 127.0.0.1 takes connections from inside the pod only.
        let from_outside = !landing.ep.ip.starts_with("127.") && landing.original.is_none();
        let loopback_only = |address: &str| address.starts_with("127.");
        if from_outside && (config.listener(landing.ep.port).is_some_and(|l| loopback_only(&l.address)) || (config.admin_port == Some(landing.ep.port) && loopback_only(&config.admin_address))) {
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
                let Some(c) = config.cluster(cluster).cloned() else { return Err(NetError::Reset) };
                let client = self.proxy_client(&landing.ep, ENVOY_UID);
                let Some(upstream) = self.pick_endpoint(&client, &c) else { return Err(NetError::Reset) };
                let up = self.connect_ip(&client, &upstream.0, upstream.1).map_err(|_| NetError::Reset)?;
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
        let Some(c) = config.cluster(&cluster).cloned() else { return local(503, NO_HEALTHY_UPSTREAM) };
        let client = self.proxy_client(&landing.ep, ENVOY_UID);
        let Some(upstream) = self.pick_endpoint(&client, &c) else { return local(503, NO_HEALTHY_UPSTREAM) };
        let answer = match self.connect_ip(&client, &upstream.0, upstream.1) {
            Ok(up) => self.http_at(&up, &format!("{}:{}", upstream.0, upstream.1), &path, hops + 1),
            Err(e) => Err(e),
        };
        self.proxied(answer, false, "envoy")
    }

    /// One endpoint of a static cluster: its addresses (resolved by DNS for the DNS kinds,
    /// as Envoy's resolver sees the pod's resolv.conf), round robin taken as a random pick.
    fn pick_endpoint(&mut self, client: &Client, cluster: &envoy::Cluster) -> Option<(String, u16)> {
        let hosts: Vec<(String, u16)> = cluster
            .endpoints
            .iter()
            .filter_map(|(addr, port)| match cluster.discovery.as_str() {
                "STATIC" => addr.parse::<std::net::Ipv4Addr>().is_ok().then(|| (addr.clone(), *port)),
                _ => self.resolve_name(&client.namespace, addr).map(|ip| (ip, *port)),
            })
            .collect();
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

    /// Istio's sidecar: the outbound capture (15001) sends to the original destination — a
    /// Service's address to one of its ready endpoints (istiod's EDS), anything else on as
    /// addressed; the inbound capture (15006) to the app in the pod; the agent's health
    /// endpoints answer for the proxy.
    fn istio_proxy_http(&mut self, landing: &Landing, host: &str, path: &str, hops: u32) -> Result<HttpAnswer, NetError> {
        use crate::istio::{AGENT_PORT, HEALTH_PORT, INBOUND_PORT, OUTBOUND_PORT, STATS_PORT};
        let ready = self.istiod_serving();
        let plain = |code: u16, body: &str| Ok(HttpAnswer { code, body: body.to_string(), headers: vec![] });
        match landing.ep.port {
            OUTBOUND_PORT => {
                let Some((ip, port)) = landing.original.clone() else { return plain(404, "") };
                let client = self.proxy_client(&landing.ep, PROXY_UID);
                let target = match self.service_at(&ip, port) {
                    Some((ns, name, target_port_of)) => match self.ready_endpoint(&ns, &name, &target_port_of) {
                        Some(t) => t,
                        None => return Ok(HttpAnswer { code: 503, body: NO_HEALTHY_UPSTREAM.into(), headers: vec![("server".into(), "envoy".into())] }),
                    },
                    None => (ip, port),
                };
                let answer = match self.connect_ip(&client, &target.0, target.1) {
                    Ok(up) => self.http_at(&up, host, path, hops + 1),
                    Err(e) => Err(e),
                };
                self.proxied(answer, true, "envoy")
            }
            INBOUND_PORT => {
                let Some((_, port)) = landing.original.clone() else { return plain(404, "") };
                // To the app in the same pod, from 127.0.0.6 (never captured again).
                let app = Landing { ep: Endpoint { port, ..landing.ep.clone() }, original: None };
                let answer = self.http_at(&app, host, path, hops + 1);
                self.proxied(answer, false, "istio-envoy")
            }
            HEALTH_PORT | AGENT_PORT if path.starts_with("/healthz/ready") => if ready { plain(200, "") } else { plain(503, "") },
            STATS_PORT | AGENT_PORT if path.starts_with("/stats/prometheus") => plain(200, "# TYPE envoy_server_live gauge\nenvoy_server_live 1\n"),
            _ => plain(404, ""),
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
            let target = if p["targetPort"].is_null() { json!(port) } else { p["targetPort"].clone() };
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

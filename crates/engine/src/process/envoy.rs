//! Envoy's static bootstrap, as far as podlife plays it: `admin.address`, and
//! `static_resources` with listeners (a `socket_address`, one filter chain with an
//! `http_connection_manager` whose `route_config` has virtual hosts and prefix/path routes to a
//! cluster or a `direct_response`, or a `tcp_proxy` to a cluster) and clusters (`STATIC`,
//! `STRICT_DNS`, `LOGICAL_DNS` with `load_assignment` endpoints, `connect_timeout`).
//! Upstream: envoy's `api/envoy/config/bootstrap/v3/bootstrap.proto`,
//! `config/listener/v3`, `config/cluster/v3`, `extensions/filters/network/http_connection_manager/v3`,
//! `extensions/filters/network/tcp_proxy/v3`; the image's default `/etc/envoy/envoy.yaml` is
//! `configs/envoyproxy_io_proxy.yaml`.
//!
//! Not played: dynamic resources (xDS), TLS transport sockets (they connect as plain TCP),
//! filters other than the router, header matchers, retries, health checks, weighted clusters.

use serde_json::Value;

/// The parts of a bootstrap podlife uses.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Config {
    pub admin_port: Option<u16>,
    /// `admin.address.socket_address.address`.
    pub admin_address: String,
    pub listeners: Vec<Listener>,
    pub clusters: Vec<Cluster>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listener {
    pub name: String,
    /// The address it binds (`0.0.0.0`, or `127.0.0.1` for a pod-local listener).
    pub address: String,
    pub port: u16,
    pub kind: ListenerKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListenerKind {
    /// `http_connection_manager`: its virtual hosts, in order.
    Http(Vec<VirtualHost>),
    /// `tcp_proxy` to a cluster.
    Tcp(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VirtualHost {
    pub domains: Vec<String>,
    pub routes: Vec<Route>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// `match.prefix` or (exact) `match.path`.
    pub prefix: Option<String>,
    pub path: Option<String>,
    pub action: RouteAction,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RouteAction {
    /// `route: {cluster, prefix_rewrite}`.
    Cluster { cluster: String, prefix_rewrite: Option<String> },
    /// `direct_response: {status, body.inline_string}`.
    Direct { status: u16, body: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    pub name: String,
    /// `STATIC`, `STRICT_DNS` or `LOGICAL_DNS`.
    pub discovery: String,
    /// `(address, port)` of each lb endpoint.
    pub endpoints: Vec<(String, u16)>,
    pub connect_timeout_ms: u64,
}

/// The image's `/etc/envoy/envoy.yaml` (envoy's `configs/envoyproxy_io_proxy.yaml`): a listener
/// on 10000 proxying to www.envoyproxy.io:443, admin on 9901.
pub const DEFAULT_CONFIG: &str = "admin:\n  address:\n    socket_address:\n      protocol: TCP\n      address: 0.0.0.0\n      port_value: 9901\nstatic_resources:\n  listeners:\n  - name: listener_0\n    address:\n      socket_address:\n        protocol: TCP\n        address: 0.0.0.0\n        port_value: 10000\n    filter_chains:\n    - filters:\n      - name: envoy.filters.network.http_connection_manager\n        typed_config:\n          \"@type\": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager\n          scheme_header_transformation: OVERWRITE_SCHEME\n          scheme: https\n          stat_prefix: ingress_http\n          route_config:\n            name: local_route\n            virtual_hosts:\n            - name: local_service\n              domains: [\"*\"]\n              routes:\n              - match:\n                  prefix: \"/\"\n                route:\n                  host_rewrite_literal: www.envoyproxy.io\n                  cluster: service_envoyproxy_io\n          http_filters:\n          - name: envoy.filters.http.router\n  clusters:\n  - name: service_envoyproxy_io\n    connect_timeout: 30s\n    type: LOGICAL_DNS\n    # Comment out the following line to test on v6 networks\n    dns_lookup_family: V4_ONLY\n    lb_policy: ROUND_ROBIN\n    load_assignment:\n      cluster_name: service_envoyproxy_io\n      endpoints:\n      - lb_endpoints:\n        - endpoint:\n            address:\n              socket_address:\n                address: www.envoyproxy.io\n                port_value: 443\n    transport_socket:\n      name: envoy.transport_sockets.tls\n      typed_config:\n        \"@type\": type.googleapis.com/envoy.extensions.transport_sockets.tls.v3.UpstreamTlsContext\n        sni: www.envoyproxy.io\n";

/// `socket_address.port_value` of an `address`.
fn port_of(address: &Value) -> Option<u16> {
    let p = &address["socket_address"]["port_value"];
    p.as_u64().or_else(|| p.as_str().and_then(|s| s.parse().ok())).and_then(|p| u16::try_from(p).ok())
}

/// A protobuf Duration as YAML writes it (`0.25s`, `5s`, or an object with `seconds`).
fn duration_ms(v: &Value) -> Option<u64> {
    if let Some(s) = v.as_str() {
        let secs: f64 = crate::parse_f64(s.strip_suffix('s')?)?;
        return (secs.is_finite() && secs >= 0.0).then_some((secs * 1000.0) as u64);
    }
    let secs = v["seconds"].as_u64().unwrap_or(0);
    let nanos = v["nanos"].as_u64().unwrap_or(0);
    (v.is_object()).then_some(secs * 1000 + nanos / 1_000_000)
}

/// Reads a bootstrap (already YAML → JSON). Err is envoy's complaint, close to its wording.
pub fn parse(doc: &Value) -> Result<Config, String> {
    if !doc.is_object() {
        return Err("Unable to convert YAML as JSON: not a map".into());
    }
    let admin_port = doc.get("admin").map(|a| port_of(&a["address"]).ok_or_else(|| "admin address: missing socket_address.port_value".to_string())).transpose()?;
    let admin_address = doc["admin"]["address"]["socket_address"]["address"].as_str().unwrap_or("0.0.0.0").to_string();
    let mut listeners = Vec::new();
    for (i, l) in doc["static_resources"]["listeners"].as_array().into_iter().flatten().enumerate() {
        let name = l["name"].as_str().map_or_else(|| format!("listener_{i}"), str::to_string);
        let port = port_of(&l["address"]).ok_or_else(|| format!("listener '{name}': address: missing socket_address.port_value"))?;
        let address = l["address"]["socket_address"]["address"].as_str().unwrap_or("0.0.0.0").to_string();
        let filters: Vec<&Value> = l["filter_chains"].as_array().into_iter().flatten().flat_map(|c| c["filters"].as_array().into_iter().flatten()).collect();
        let kind = filters.iter().find_map(|f| {
            let name = f["name"].as_str().unwrap_or_default();
            let typed = &f["typed_config"];
            let ty = typed["@type"].as_str().unwrap_or_default();
            if name.ends_with("http_connection_manager") || ty.ends_with("HttpConnectionManager") {
                Some(Ok(ListenerKind::Http(virtual_hosts(&typed["route_config"]))))
            } else if name.ends_with("tcp_proxy") || ty.ends_with("TcpProxy") {
                Some(typed["cluster"].as_str().map(|c| ListenerKind::Tcp(c.to_string())).ok_or_else(|| format!("listener '{name}': tcp_proxy: cluster is required")))
            } else {
                None
            }
        });
        let kind = match kind {
            Some(k) => k?,
            None => return Err(format!("listener '{name}' has no network filter podlife can play (http_connection_manager or tcp_proxy)")),
        };
        listeners.push(Listener { name, address, port, kind });
    }
    let mut clusters = Vec::new();
    for c in doc["static_resources"]["clusters"].as_array().into_iter().flatten() {
        let name = c["name"].as_str().unwrap_or_default().to_string();
        let discovery = c["type"].as_str().unwrap_or("STATIC").to_string();
        let endpoints = c["load_assignment"]["endpoints"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|e| e["lb_endpoints"].as_array().into_iter().flatten())
            .filter_map(|e| {
                let sa = &e["endpoint"]["address"]["socket_address"];
                Some((sa["address"].as_str()?.to_string(), port_of(&e["endpoint"]["address"])?))
            })
            .collect();
        // `connect_timeout` defaults to 5 s.
        let connect_timeout_ms = duration_ms(&c["connect_timeout"]).unwrap_or(5_000);
        clusters.push(Cluster { name, discovery, endpoints, connect_timeout_ms });
    }
    for l in &listeners {
        // Static routes name clusters that must exist (`RouteConfigurationImpl`); a tcp_proxy's
        // cluster is looked up per connection.
        let named: Vec<&str> = match &l.kind {
            ListenerKind::Tcp(_) => vec![],
            ListenerKind::Http(hosts) => hosts.iter().flat_map(|h| h.routes.iter()).filter_map(|r| match &r.action {
                RouteAction::Cluster { cluster, .. } => Some(cluster.as_str()),
                RouteAction::Direct { .. } => None,
            }).collect(),
        };
        if let Some(missing) = named.into_iter().find(|n| !clusters.iter().any(|c| c.name == *n)) {
            // `RouteConfigurationImpl` validates clusters of static routes.
            return Err(format!("route: unknown cluster '{missing}'"));
        }
    }
    Ok(Config { admin_port, admin_address, listeners, clusters })
}

fn virtual_hosts(route_config: &Value) -> Vec<VirtualHost> {
    route_config["virtual_hosts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|vh| VirtualHost {
            domains: vh["domains"].as_array().into_iter().flatten().filter_map(|d| d.as_str().map(str::to_string)).collect(),
            routes: vh["routes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|r| {
                    let m = &r["match"];
                    let action = if let Some(cluster) = r["route"]["cluster"].as_str() {
                        RouteAction::Cluster { cluster: cluster.to_string(), prefix_rewrite: r["route"]["prefix_rewrite"].as_str().map(str::to_string) }
                    } else if r["direct_response"].is_object() {
                        let status = r["direct_response"]["status"].as_u64().and_then(|s| u16::try_from(s).ok()).unwrap_or(200);
                        RouteAction::Direct { status, body: r["direct_response"]["body"]["inline_string"].as_str().unwrap_or_default().to_string() }
                    } else {
                        return None;
                    };
                    Some(Route { prefix: m["prefix"].as_str().map(str::to_string), path: m["path"].as_str().map(str::to_string), action })
                })
                .collect(),
        })
        .collect()
}

impl Config {
    /// Every port Envoy listens on (its listeners', then the admin's).
    pub fn ports(&self) -> Vec<u16> {
        let mut p: Vec<u16> = self.listeners.iter().map(|l| l.port).collect();
        p.extend(self.admin_port);
        p
    }

    pub fn listener(&self, port: u16) -> Option<&Listener> {
        self.listeners.iter().find(|l| l.port == port)
    }

    pub fn cluster(&self, name: &str) -> Option<&Cluster> {
        self.clusters.iter().find(|c| c.name == name)
    }
}

/// The route a request takes: the first virtual host whose domains match `host` (`*`, a
/// `*.suffix` / `prefix*` wildcard, or the name itself, port stripped), then its first route
/// whose match fits the path.
pub fn route<'a>(hosts: &'a [VirtualHost], host: &str, path: &str) -> Option<&'a Route> {
    let host = host.rsplit_once(':').filter(|(_, p)| p.chars().all(|c| c.is_ascii_digit())).map_or(host, |(h, _)| h);
    let matches = |d: &str| d == "*" || d.eq_ignore_ascii_case(host) || d.strip_prefix('*').is_some_and(|s| host.ends_with(s)) || d.strip_suffix('*').is_some_and(|p| host.starts_with(p));
    let vh = hosts.iter().find(|vh| vh.domains.iter().any(|d| d.eq_ignore_ascii_case(host))).or_else(|| hosts.iter().find(|vh| vh.domains.iter().any(|d| matches(d))))?;
    let path_only = path.split('?').next().unwrap_or(path);
    vh.routes.iter().find(|r| match (&r.path, &r.prefix) {
        (Some(p), _) => p == path_only,
        (None, Some(prefix)) => path_only.starts_with(prefix.as_str()),
        (None, None) => false,
    })
}

/// A few of Envoy's start-up lines (`[time][thread][level][logger] [file:line] message`), as
/// v1.3x prints them at the default `info` level; the line numbers are those of envoy's
/// sources around v1.38 and only indicative.
pub fn startup_lines(config: &Config) -> Vec<String> {
    let stamp = super::servers::ENVOY_STAMP;
    let line = |logger: &str, src: &str, msg: String| format!("[{stamp}][1][info][{logger}] [{src}] {msg}");
    let mut out = vec![
        line("main", "source/server/server.cc:436", "initializing epoch 0 (base id=0, hot restart version=11.104)".into()),
        line("main", "source/server/server.cc:829", "HTTP header map info:".into()),
    ];
    if let Some(p) = config.admin_port {
        out.push(line("admin", "source/server/admin/admin.cc:65", format!("admin address: {}:{p}", config.admin_address)));
    }
    out.push(line("config", "source/server/configuration_impl.cc:168", "loading tracing configuration".into()));
    out.push(line("config", "source/server/configuration_impl.cc:124", "loading 0 static secret(s)".into()));
    out.push(line("config", "source/server/configuration_impl.cc:130", format!("loading {} cluster(s)", config.clusters.len())));
    out.push(line("config", "source/server/configuration_impl.cc:134", format!("loading {} listener(s)", config.listeners.len())));
    out.push(line("config", "source/server/configuration_impl.cc:146", "loading stats configuration".into()));
    out.push(line("upstream", "source/common/upstream/cluster_manager_impl.cc:245", "cm init: all clusters initialized".into()));
    out.push(line("main", "source/server/server.cc:1002", "all clusters initialized. initializing init manager".into()));
    out.push(line("config", "source/common/listener_manager/listener_manager_impl.cc:944", "all dependencies initialized. starting workers".into()));
    out.push(line("main", "source/server/server.cc:1040", "starting main dispatch loop".into()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_config_proxies_to_envoyproxy_io() {
        let doc = podlife_manifest::first_document(DEFAULT_CONFIG).unwrap().unwrap();
        let c = parse(&doc).unwrap();
        assert_eq!(c.ports(), vec![10000, 9901]);
        let Some(ListenerKind::Http(hosts)) = c.listener(10000).map(|l| &l.kind) else { panic!("http listener") };
        let r = route(hosts, "localhost:10000", "/").unwrap();
        assert_eq!(r.action, RouteAction::Cluster { cluster: "service_envoyproxy_io".into(), prefix_rewrite: None });
        let cl = c.cluster("service_envoyproxy_io").unwrap();
        assert_eq!((cl.discovery.as_str(), cl.endpoints.clone(), cl.connect_timeout_ms), ("LOGICAL_DNS", vec![("www.envoyproxy.io".to_string(), 443)], 30_000));
    }

    #[test]
    fn routes_take_the_first_matching_prefix() {
        let doc = json!({"static_resources": {"listeners": [{"name": "l", "address": {"socket_address": {"address": "0.0.0.0", "port_value": 8080}},
            "filter_chains": [{"filters": [{"name": "envoy.filters.network.http_connection_manager", "typed_config": {"route_config": {"virtual_hosts": [{"domains": ["*"], "routes": [
                {"match": {"prefix": "/api"}, "route": {"cluster": "api"}},
                {"match": {"path": "/health"}, "direct_response": {"status": 200, "body": {"inline_string": "ok"}}},
                {"match": {"prefix": "/"}, "route": {"cluster": "web"}}]}]}}}]}]}],
            "clusters": [{"name": "api", "type": "STRICT_DNS", "load_assignment": {"endpoints": [{"lb_endpoints": [{"endpoint": {"address": {"socket_address": {"address": "api", "port_value": 80}}}}]}]}},
                         {"name": "web", "connect_timeout": "0.25s"}]}});
        let c = parse(&doc).unwrap();
        let Some(ListenerKind::Http(hosts)) = c.listener(8080).map(|l| &l.kind) else { panic!() };
        assert!(matches!(&route(hosts, "x", "/api/v1").unwrap().action, RouteAction::Cluster { cluster, .. } if cluster == "api"));
        assert!(matches!(&route(hosts, "x", "/health").unwrap().action, RouteAction::Direct { status: 200, .. }));
        assert!(matches!(&route(hosts, "x", "/healthz").unwrap().action, RouteAction::Cluster { cluster, .. } if cluster == "web"));
        assert_eq!(c.cluster("web").unwrap().connect_timeout_ms, 250);
        let bad = json!({"static_resources": {"listeners": [{"address": {"socket_address": {"port_value": 1}}, "filter_chains": [{"filters": [{"name": "envoy.filters.network.http_connection_manager", "typed_config": {"route_config": {"virtual_hosts": [{"domains": ["*"], "routes": [{"match": {"prefix": "/"}, "route": {"cluster": "nope"}}]}]}}}]}]}]}});
        assert_eq!(parse(&bad), Err("route: unknown cluster 'nope'".to_string()));
    }
}

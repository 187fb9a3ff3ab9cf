//! The pod network as a process inside a container reaches it: cluster DNS names
//! (`db`, `db.shop`, `db.shop.svc.cluster.local`), Service ClusterIPs, pod IPs and
//! `localhost`, down to the process that listens.
//!
//! Until kube-proxy and the EndpointSlice controller exist (issue 6), a Service routes to the
//! ready pods its selector matches, read from etcd at the moment of the connection — the
//! converged state, without the propagation delay a real node's iptables rules have.

use serde_json::Value;

use crate::Engine;
use crate::clock::Time;
use crate::containerd::ContainerState;
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

impl Engine {
    /// The address a name resolves to from a pod in `namespace` (cluster DNS, then IPs).
    pub fn resolve_name(&self, namespace: &str, host: &str) -> Option<String> {
        if host == "localhost" || host.parse::<std::net::Ipv4Addr>().is_ok() {
            return Some(if host == "localhost" { "127.0.0.1".into() } else { host.into() });
        }
        let svc = self.service_for_name(namespace, host)?;
        match svc["spec"]["clusterIP"].as_str() {
            Some("None") | None => self.service_endpoints(&svc, None).first().map(|e| e.ip.clone()),
            Some(ip) => Some(ip.to_string()),
        }
    }

    /// `NAME`, `NAME.NS`, `NAME.NS.svc`, `NAME.NS.svc.cluster.local`.
    fn service_for_name(&self, namespace: &str, host: &str) -> Option<Value> {
        let host = host.trim_end_matches('.');
        let parts: Vec<&str> = host.split('.').collect();
        let (name, ns) = match parts.as_slice() {
            [n] => (*n, namespace),
            [n, ns] => (*n, *ns),
            [n, ns, "svc"] => (*n, *ns),
            [n, ns, "svc", rest @ ..] if rest.join(".") == CLUSTER_DOMAIN => (*n, *ns),
            _ => return None,
        };
        let rt = podlife_model::ResourceType::resolve("services")?;
        self.store.get(&crate::store::ObjectKey::new(rt, Some(ns), name)).cloned()
    }

    /// The ready pods behind a Service (all pods with `publishNotReadyAddresses`), with the
    /// target port for `port` (a Service port).
    fn service_endpoints(&self, svc: &Value, port: Option<u16>) -> Vec<Endpoint> {
        let ns = svc["metadata"]["namespace"].as_str().unwrap_or("default");
        let Some(selector) = svc["spec"]["selector"].as_object().filter(|m| !m.is_empty()) else { return vec![] };
        let not_ready_ok = svc["spec"]["publishNotReadyAddresses"] == true;
        let service_port = svc["spec"]["ports"].as_array().and_then(|ps| match port {
            Some(p) => ps.iter().find(|sp| sp["port"].as_u64() == Some(u64::from(p))),
            None => ps.first(),
        });
        let mut out = vec![];
        for (_, pod) in self.store.list("", "pods", Some(ns)) {
            let labels = &pod["metadata"]["labels"];
            if !selector.iter().all(|(k, v)| &labels[k] == v) {
                continue;
            }
            let ready = pod["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True"));
            let (Some(ip), Some(node)) = (pod["status"]["podIP"].as_str(), pod["spec"]["nodeName"].as_str()) else { continue };
            if !(ready || not_ready_ok) || pod["metadata"]["deletionTimestamp"].is_string() {
                continue;
            }
            let target = match service_port.map(|sp| &sp["targetPort"]) {
                Some(Value::Number(n)) => n.as_u64().unwrap_or(0) as u16,
                Some(Value::String(name)) => pod["spec"]["containers"].as_array().into_iter().flatten().flat_map(|c| c["ports"].as_array().into_iter().flatten()).find(|p| p["name"] == name.as_str()).and_then(|p| p["containerPort"].as_u64()).unwrap_or(0) as u16,
                _ => service_port.and_then(|sp| sp["port"].as_u64()).unwrap_or(u64::from(port.unwrap_or(0))) as u16,
            };
            out.push(Endpoint { node: node.to_string(), pod_uid: pod["metadata"]["uid"].as_str().unwrap_or_default().to_string(), ip: ip.to_string(), port: target });
        }
        out
    }

    /// Where a connection from a pod (`from_uid` on `from_node`) to `host:port` lands.
    pub fn route(&self, from_node: &str, from_uid: &str, namespace: &str, host: &str, port: u16) -> Result<Endpoint, NetError> {
        if host == "localhost" || host == "127.0.0.1" {
            return Ok(Endpoint { node: from_node.into(), pod_uid: from_uid.into(), ip: "127.0.0.1".into(), port });
        }
        if let Ok(_ip) = host.parse::<std::net::Ipv4Addr>() {
            // A pod IP?
            for (node, m) in &self.machines {
                if let Some(s) = m.runtime.sandboxes.values().find(|s| s.ready && s.ip.as_deref() == Some(host)) {
                    return Ok(Endpoint { node: node.clone(), pod_uid: s.pod_uid.clone(), ip: host.into(), port });
                }
            }
            // A ClusterIP?
            let svc = self.store.list("", "services", None).map(|(_, v)| v).find(|v| v["spec"]["clusterIP"] == host).cloned();
            return match svc {
                Some(svc) => self.service_endpoints(&svc, Some(port)).into_iter().next().ok_or(NetError::Refused),
                None => Err(NetError::Timeout),
            };
        }
        let svc = self.service_for_name(namespace, host).ok_or(NetError::UnknownHost)?;
        let headless = svc["spec"]["clusterIP"] == "None";
        let eps = self.service_endpoints(&svc, if headless { None } else { Some(port) });
        let mut chosen = eps.into_iter().next().ok_or(NetError::Refused)?;
        if headless {
            chosen.port = port;
        }
        Ok(chosen)
    }

    /// The listening process's answer at an endpoint: Ok(Some(code)) for HTTP, Ok(None)
    /// when something listens but speaks no HTTP we model, Err when nothing listens.
    pub fn endpoint_http(&self, ep: &Endpoint, path: &str, now: Time) -> Result<u16, NetError> {
        let m = self.machines.get(&ep.node).ok_or(NetError::Timeout)?;
        m.runtime
            .containers
            .values()
            .filter(|c| c.pod_uid == ep.pod_uid && c.state == ContainerState::Running)
            .find_map(|c| c.process.as_ref()?.http_get(ep.port, path, now))
            .ok_or(NetError::Refused)
    }

    /// Does something accept TCP connections at the endpoint?
    pub fn endpoint_listens(&self, ep: &Endpoint) -> bool {
        self.machines.get(&ep.node).is_some_and(|m| m.runtime.containers.values().any(|c| c.pod_uid == ep.pod_uid && c.state == ContainerState::Running && c.process.as_ref().is_some_and(|p| p.listens(ep.port))))
    }
}

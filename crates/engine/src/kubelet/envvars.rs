//! The Service environment variables a container gets (`pkg/kubelet/envvars/envvars.go`
//! `FromServices`, `makeLinkVariables`; `pkg/kubelet/kubelet_pods.go` `getServiceEnvVarMap`):
//! for `kubernetes` in `default` always, and for every Service of the pod's namespace when
//! `enableServiceLinks` is true, each with a ClusterIP: `<NAME>_SERVICE_HOST`,
//! `<NAME>_SERVICE_PORT` (the first port), `<NAME>_SERVICE_PORT_<PORTNAME>` for named ports,
//! and Docker's link variables `<NAME>_PORT` and `<NAME>_PORT_<port>_<PROTO>{,_PROTO,_PORT,_ADDR}`.
//!
//! Upstream walks the Services from its lister into a Go map, so their order is random; here
//! they come in name order. The kubelet reads them from etcd's current state rather than
//! through a Service informer of its own.

use crate::Slot;

/// `makeEnvVariableName`: upper case, `-` → `_`.
fn var_name(s: &str) -> String {
    s.replace('-', "_").to_ascii_uppercase()
}

/// `IsServiceIPSet`: a ClusterIP that is neither empty nor `None`.
fn has_cluster_ip(svc: &Slot) -> bool {
    svc["spec"]["clusterIP"].as_str().is_some_and(|ip| !ip.is_empty() && ip != "None")
}

/// `net.JoinHostPort`: an IPv6 address in brackets.
fn host_port(ip: &str, port: i64) -> String {
    if ip.contains(':') { format!("[{ip}]:{port}") } else { format!("{ip}:{port}") }
}

/// `FromServices` for one Service.
fn from_service(svc: &Slot, out: &mut Vec<(String, String)>) {
    let ip = svc["spec"]["clusterIP"].as_str().unwrap_or_default();
    let prefix = var_name(svc["metadata"]["name"].as_str().unwrap_or_default());
    let ports = svc["spec"]["ports"].as_array().unwrap_or_default();
    let Some(first) = ports.first() else { return };
    out.push((format!("{prefix}_SERVICE_HOST"), ip.to_string()));
    let port_var = format!("{prefix}_SERVICE_PORT");
    out.push((port_var.clone(), first["port"].as_i64().unwrap_or(0).to_string()));
    for p in ports {
        if let Some(n) = p["name"].as_str().filter(|n| !n.is_empty()) {
            out.push((format!("{port_var}_{}", var_name(n)), p["port"].as_i64().unwrap_or(0).to_string()));
        }
    }
    for (i, p) in ports.iter().enumerate() {
        let protocol = p["protocol"].as_str().filter(|s| !s.is_empty()).unwrap_or("TCP");
        let (lower, upper) = (protocol.to_ascii_lowercase(), protocol.to_ascii_uppercase());
        let port = p["port"].as_i64().unwrap_or(0);
        let url = format!("{lower}://{}", host_port(ip, port));
        if i == 0 {
            out.push((format!("{prefix}_PORT"), url.clone()));
        }
        let pp = format!("{prefix}_PORT_{port}_{upper}");
        out.push((pp.clone(), url));
        out.push((format!("{pp}_PROTO"), lower));
        out.push((format!("{pp}_PORT"), port.to_string()));
        out.push((format!("{pp}_ADDR"), ip.to_string()));
    }
}

/// `getServiceEnvVarMap`: the variables of the Services a pod in `namespace` sees.
pub(crate) fn service_env<'a>(services: impl Iterator<Item = &'a Slot>, namespace: &str, enable_service_links: bool) -> Vec<(String, String)> {
    let mut chosen: Vec<&Slot> = services
        .filter(|s| has_cluster_ip(s))
        .filter(|s| {
            let (ns, name) = (s["metadata"]["namespace"].as_str().unwrap_or_default(), s["metadata"]["name"].as_str().unwrap_or_default());
            (ns == "default" && name == "kubernetes") || (ns == namespace && enable_service_links)
        })
        .collect();
    // One Service per name (a `kubernetes` Service of the pod's own namespace wins).
    crate::sort::sort_by_key(&mut chosen, |s| (s["metadata"]["name"].as_str().unwrap_or_default().to_string(), s["metadata"]["namespace"] != namespace));
    chosen.dedup_by(|a, b| &a["metadata"]["name"] == &b["metadata"]["name"]);
    let mut out = Vec::new();
    for s in chosen {
        from_service(s, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubernetes_and_the_namespaces_services_with_ports_and_links() {
        let kubernetes = json!({"metadata": {"name": "kubernetes", "namespace": "default"}, "spec": {"clusterIP": "10.96.0.1", "ports": [{"name": "https", "port": 443, "protocol": "TCP"}]}});
        let web = json!({"metadata": {"name": "my-web", "namespace": "shop"}, "spec": {"clusterIP": "10.96.7.8", "ports": [{"name": "http", "port": 80, "protocol": "TCP"}, {"name": "dns", "port": 53, "protocol": "UDP"}]}});
        let headless = json!({"metadata": {"name": "db", "namespace": "shop"}, "spec": {"clusterIP": "None", "ports": [{"port": 5432}]}});
        let other = json!({"metadata": {"name": "other", "namespace": "elsewhere"}, "spec": {"clusterIP": "10.96.9.9", "ports": [{"port": 1}]}});
        let all: Vec<crate::Obj> = [kubernetes, web, headless, other].iter().map(crate::Obj::untyped).collect();
        let env = service_env(all.iter().map(|o| o.root()), "shop", true);
        let names: Vec<&str> = env.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, [
            "KUBERNETES_SERVICE_HOST", "KUBERNETES_SERVICE_PORT", "KUBERNETES_SERVICE_PORT_HTTPS", "KUBERNETES_PORT",
            "KUBERNETES_PORT_443_TCP", "KUBERNETES_PORT_443_TCP_PROTO", "KUBERNETES_PORT_443_TCP_PORT", "KUBERNETES_PORT_443_TCP_ADDR",
            "MY_WEB_SERVICE_HOST", "MY_WEB_SERVICE_PORT", "MY_WEB_SERVICE_PORT_HTTP", "MY_WEB_SERVICE_PORT_DNS", "MY_WEB_PORT",
            "MY_WEB_PORT_80_TCP", "MY_WEB_PORT_80_TCP_PROTO", "MY_WEB_PORT_80_TCP_PORT", "MY_WEB_PORT_80_TCP_ADDR",
            "MY_WEB_PORT_53_UDP", "MY_WEB_PORT_53_UDP_PROTO", "MY_WEB_PORT_53_UDP_PORT", "MY_WEB_PORT_53_UDP_ADDR",
        ]);
        assert!(env.contains(&("KUBERNETES_PORT".into(), "tcp://10.96.0.1:443".into())));
        assert!(env.contains(&("MY_WEB_PORT_53_UDP".into(), "udp://10.96.7.8:53".into())));
        // enableServiceLinks: false keeps only the master service.
        assert_eq!(service_env(all.iter().map(|o| o.root()), "shop", false).len(), 8);
    }
}

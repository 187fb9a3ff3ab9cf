//! `kubectl cluster-info` (kubectl's `pkg/cmd/clusterinfo/clusterinfo.go`): the API server's
//! address, then each Service labelled `kubernetes.io/cluster-service=true` in `kube-system`
//! (or `-n`), named by its `kubernetes.io/name` label, at the API server's proxy path for its
//! first port (`<scheme>:<name>:<port name>`, `https` guessed from the port), or at its load
//! balancer's addresses. kubectl colours the names green and the addresses yellow; podlife's
//! console has no colours, so they print plain. `cluster-info dump` is not modelled.

use serde_json::Value;

use super::flags;
use super::{Context, send};
use crate::Output;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

#[inline(never)]
pub fn cluster_info(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    if args.first().is_some_and(|a| a == "dump") {
        return out.err("error: podlife does not model kubectl cluster-info dump yet: it writes every object and every pod's logs; use kubectl get and kubectl logs instead\n");
    }
    let p = match flags::parse(args, &[], "cluster-info") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let namespace = p.get("namespace").filter(|n| !n.is_empty()).unwrap_or("kube-system").to_string();
    let host = ctx.log.server.clone();
    let Some(rt) = ResourceType::resolve("services") else { return };
    let mut list = Request::new(Verb::List, rt);
    list.namespace = Some(namespace.clone());
    list.label_selector = Some("kubernetes.io/cluster-service=true".into());
    list.impersonate = super::impersonation(&p);
    let label = list.label_selector.clone();
    match send(ctx, out, list) {
        Ok(Response::List(services)) => {
            out.out(&format!("Kubernetes control plane is running at {host}\n"));
            for service in &services {
                let name = service["metadata"]["labels"]["kubernetes.io/name"].as_str().filter(|n| !n.is_empty()).or_else(|| service["metadata"]["name"].as_str()).unwrap_or_default();
                out.out(&format!("{name} is running at {}\n", link(&host, service)));
            }
            out.out("\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n");
        }
        Ok(_) => {}
        Err(s) => {
            // The visit's error follows the closing line.
            out.out("\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n");
            out.err(&super::list_error(&s, rt, label.as_deref(), None));
        }
    }
}

/// Where a Service is reached: its load balancer's addresses, one `http://IP:PORT ` per port,
/// or the API server's proxy path for its first port.
fn link(host: &str, service: &Value) -> String {
    let ports = service["spec"]["ports"].as_array().cloned().unwrap_or_default();
    if let Some(ingress) = service["status"]["loadBalancer"]["ingress"].as_array().and_then(|i| i.first()) {
        let ip = ingress["ip"].as_str().filter(|ip| !ip.is_empty()).or_else(|| ingress["hostname"].as_str()).unwrap_or_default();
        return ports.iter().map(|p| format!("http://{ip}:{} ", p["port"].as_i64().unwrap_or(0))).collect();
    }
    let mut name = service["metadata"]["name"].as_str().unwrap_or_default().to_string();
    if let Some(port) = ports.first() {
        let port_name = port["name"].as_str().unwrap_or_default();
        let scheme = if port_name == "https" || port["port"].as_i64() == Some(443) { "https" } else { "" };
        // `utilnet.JoinSchemeNamePort`: `name`, `name:port`, `scheme:name:port`.
        name = match (scheme, port_name) {
            ("", "") => name,
            ("", port) => format!("{name}:{port}"),
            (scheme, port) => format!("{scheme}:{name}:{port}"),
        };
    }
    let namespace = service["metadata"]["namespace"].as_str().unwrap_or_default();
    format!("{host}/api/v1/namespaces/{namespace}/services/{name}/proxy")
}

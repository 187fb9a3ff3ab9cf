//! `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME`
//! (`kubectl/pkg/cmd/create/create_service.go`): a Service labelled and selecting `app=NAME`,
//! one TCP port per `--tcp` pair (`<port>[:<targetPort>]`, named after the pair with `:` as
//! `-`), `--clusterip` (`None` for a headless one), `--node-port`, `--external-name`; then a
//! POST with `fieldManager=kubectl-create`, whose refusal kubectl wraps
//! (`failed to create ClusterIP service: …`).

use podlife_engine::json;
use podlife_model::ResourceType;
use serde_json::Value;

use super::flags::{Kind, Spec};
use super::Context;
use crate::Output;

/// `kubectl create service` with no subcommand prints its help (`DefaultSubCommandRun`).
const HELP: &str = "Create a service using a specified subcommand.\n\nAliases:\nservice, svc\n\nAvailable Commands:\n  clusterip      Create a ClusterIP service\n  externalname   Create an ExternalName service\n  loadbalancer   Create a LoadBalancer service\n  nodeport       Create a NodePort service\n\nUsage:\n  kubectl create service [flags] [options]\n\nUse \"kubectl create service <command> --help\" for more information about a given command.\nUse \"kubectl options\" for a list of global command-line options (applies to all commands).\n";

const SPECS: &[Spec] = &[
    Spec { long: "tcp", short: None, kind: Kind::Multi },
    Spec { long: "clusterip", short: None, kind: Kind::Value },
    Spec { long: "node-port", short: None, kind: Kind::Value },
    Spec { long: "external-name", short: None, kind: Kind::Value },
];

pub fn run(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let Some(sub) = args.first().filter(|a| !a.starts_with('-')) else {
        return out.err(HELP);
    };
    let (service_type, command) = match sub.as_str() {
        "clusterip" => ("ClusterIP", "create service clusterip"),
        "nodeport" => ("NodePort", "create service nodeport"),
        "loadbalancer" => ("LoadBalancer", "create service loadbalancer"),
        "externalname" => ("ExternalName", "create service externalname"),
        _ => return out.err(HELP),
    };
    let Some(p) = super::create_sub::generator_flags(&args[1..], SPECS, command, out) else { return };
    // The flags only their own subcommand has (cobra: `unknown flag`).
    let own = |flag: &str| match flag {
        "node-port" => service_type == "NodePort",
        "external-name" => service_type == "ExternalName",
        "clusterip" | "tcp" => service_type != "ExternalName",
        _ => true,
    };
    if let Some(flag) = ["tcp", "clusterip", "node-port", "external-name"].into_iter().find(|f| p.has(f) && !own(f)) {
        return out.err(&format!("error: unknown flag: --{flag}\nSee 'kubectl {command} --help' for usage.\n"));
    }
    if service_type == "ExternalName" && !p.has("external-name") {
        return out.err("error: required flag(s) \"external-name\" not set\n");
    }
    // `Complete`.
    let Some(name) = super::create_sub::one_name(&p, command, out) else { return };
    let node_port = match p.get("node-port").map(str::parse::<i32>) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            let v = p.get("node-port").unwrap_or_default();
            return out.err(&format!("error: invalid argument \"{v}\" for \"--node-port\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax\nSee 'kubectl {command} --help' for usage.\n"));
        }
    };
    // `--tcp` is a string slice: repeated, or comma-separated.
    let tcp: Vec<String> = p.all("tcp").iter().flat_map(|v| v.split(',').map(str::to_string).collect::<Vec<_>>()).collect();
    let cluster_ip = p.get("clusterip").unwrap_or_default();
    let external_name = p.get("external-name").unwrap_or_default();
    // `Validate`.
    if cluster_ip == "None" && service_type != "ClusterIP" {
        return out.err("error: ClusterIP=None can only be used with ClusterIP service type\n");
    }
    if cluster_ip != "None" && tcp.is_empty() && service_type != "ExternalName" {
        return out.err("error: at least one tcp port specifier must be provided\n");
    }
    if service_type == "ExternalName" && !podlife_engine::names::dns1123_subdomain(external_name).is_empty() {
        return out.err(&format!("error: invalid service external name {external_name}\n"));
    }
    // `createService`.
    let mut ports = Vec::new();
    for pair in &tcp {
        let (port, target) = match parse_ports(pair) {
            Ok(p) => p,
            Err(e) => return out.err(&format!("error: {e}\n")),
        };
        let mut entry = json!({"name": pair.replace(':', "-"), "protocol": "TCP", "port": port, "targetPort": target});
        if node_port != 0 {
            entry["nodePort"] = json!(node_port);
        }
        ports.push(entry);
    }
    let mut spec = json!({"type": service_type, "selector": {"app": name}});
    if !ports.is_empty() {
        spec["ports"] = Value::Array(ports);
    }
    if !external_name.is_empty() {
        spec["externalName"] = json!(external_name);
    }
    if !cluster_ip.is_empty() {
        spec["clusterIP"] = json!(cluster_ip);
    }
    let obj = json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": name, "labels": {"app": name}}, "spec": spec, "status": {"loadBalancer": {}}});
    let Some(rt) = ResourceType::resolve("services") else { return };
    super::create_sub::send_wrapped(ctx, out, &p, rt, &name, obj, &format!("{service_type} service"));
}

/// `parsePorts`: `<port>` (target the same) or `<port>:<targetPort>`, the target a number or a
/// port name; the error in `utilsnet.ParsePort`'s or the validators' words.
fn parse_ports(pair: &str) -> Result<(u64, Value), String> {
    let mut parts = pair.split(':');
    let first = parts.next().unwrap_or_default();
    // `ParsePort(…, allowZero)`: `strconv.ParseUint(port, 10, 16)`.
    let port = match first.parse::<u64>() {
        _ if first.starts_with('+') => return Err(format!("strconv.ParseUint: parsing {first:?}: invalid syntax")),
        Ok(p) if p <= u64::from(u16::MAX) => p,
        Ok(_) => return Err(format!("strconv.ParseUint: parsing {first:?}: value out of range")),
        Err(_) if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) => return Err(format!("strconv.ParseUint: parsing {first:?}: value out of range")),
        Err(_) => return Err(format!("strconv.ParseUint: parsing {first:?}: invalid syntax")),
    };
    let Some(second) = parts.next() else { return Ok((port, json!(port))) };
    // `strconv.Atoi`: a number is a port number, anything else a port name.
    match second.parse::<i64>() {
        Ok(n) if (1..=65535).contains(&n) => Ok((port, json!(n))),
        Ok(_) => Err("must be between 1 and 65535, inclusive".into()),
        Err(_) => match podlife_engine::names::port_name(second) {
            errs if errs.is_empty() => Ok((port, json!(second))),
            errs => Err(errs.join(",")),
        },
    }
}

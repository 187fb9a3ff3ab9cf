//! `kubectl expose (-f FILENAME | TYPE NAME)`: a Service for a pod, Service, Deployment or
//! ReplicaSet (upstream `pkg/cmd/expose/expose.go` `RunExpose` / `createService`, with
//! `pkg/polymorphichelpers` `canBeExposed`, `mapBasedSelectorForObject`, `portsForObject`,
//! `multiProtocolsForObject`), then a POST with `fieldManager=kubectl-expose`.

use podlife_engine::vecmap::VecMap;

use serde_json::Value;
use podlife_engine::json;

use super::flags::{self, Kind, Spec};
use super::{Context, DryRun, parse_mutating, dry_suffix, impersonation, namespace_of, server_error, type_name};
use crate::Output;
use crate::printers::{json as json_printer, yaml};
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

const FLAGS: &[Spec] = &[
    Spec { long: "port", short: None, kind: Kind::Value },
    Spec { long: "protocol", short: None, kind: Kind::Value },
    Spec { long: "target-port", short: None, kind: Kind::Value },
    Spec { long: "name", short: None, kind: Kind::Value },
    Spec { long: "type", short: None, kind: Kind::Value },
    Spec { long: "selector", short: None, kind: Kind::Value },
    Spec { long: "labels", short: Some('l'), kind: Kind::Value },
    Spec { long: "external-ip", short: None, kind: Kind::Value },
    Spec { long: "load-balancer-ip", short: None, kind: Kind::Value },
    Spec { long: "session-affinity", short: None, kind: Kind::Value },
    Spec { long: "cluster-ip", short: None, kind: Kind::Value },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "field-manager", short: None, kind: Kind::Value },
    Spec { long: "save-config", short: None, kind: Kind::Bool },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
];

/// `PrintFlags.AllowedFormats()` of a command printing objects (JSON/YAML with KYAML on by
/// default, name, templates), sorted as `NoCompatiblePrinterError` prints them.
const OUTPUT_FORMATS: &str = "go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,yaml";

/// The `ExposeServiceOptions` fields that `RunExpose` fills in from the first object it
/// exposes and keeps for the next ones (upstream behaviour with several names).
#[derive(Default)]
struct Options {
    selector: String,
    port: String,
    ports: String,
    labels: String,
    protocols: VecMap<String, Vec<String>>,
    protocol: String,
    target_port: String,
    name: String,
    default_name: String,
    service_type: String,
    external_ip: String,
    load_balancer_ip: String,
    session_affinity: String,
    cluster_ip: String,
}

#[inline(never)]
pub fn expose(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let Some((p, dry)) = parse_mutating(args, FLAGS, "expose", out) else { return };
    let output = p.get("output").unwrap_or_default().to_string();
    let known = ["", "yaml", "json", "name"].contains(&output.as_str()) || output.starts_with("jsonpath=");
    if !known {
        let format = output.split('=').next().unwrap_or_default();
        if OUTPUT_FORMATS.split(',').any(|f| f == format) {
            return out.err(&format!("error: podlife cannot print -o {format} yet\n"));
        }
        return out.err(&format!("error: unable to match a printer suitable for the output format \"{output}\", allowed formats are: {OUTPUT_FORMATS}\n"));
    }
    let namespace = namespace_of(&p);
    let files = p.all("filename");
    // The Builder's checks (cli-runtime `pkg/resource/builder.go`); objects from files are
    // used as read, objects named on the command line are fetched one by one as visited.
    let mut targets: Vec<Target> = Vec::new();
    if !files.is_empty() {
        if !p.args.is_empty() {
            return out.err("error: when paths, URLs, or stdin is provided as input, you may not specify a resource by arguments as well\n");
        }
        let Some(objects) = super::manifest_input::read(ctx, &files, true, out) else { return };
        targets.extend(objects.into_iter().map(|o| Target::Read(o.resource, o.value)));
    } else {
        if p.args.is_empty() {
            return out.err("error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n");
        }
        let groups = match super::resource_args(&p.args) {
            Ok(g) => g,
            Err(e) => return out.err(&e),
        };
        if groups.iter().all(|(_, names)| names.is_empty()) {
            return out.err("error: resource(s) were provided, but no name was specified\n");
        }
        targets.extend(groups.into_iter().flat_map(|(rt, names)| names.into_iter().map(move |n| Target::Named(rt, n))));
    }
    let mut o = Options {
        selector: p.get("selector").unwrap_or_default().to_string(),
        port: p.get("port").unwrap_or_default().to_string(),
        labels: p.get("labels").unwrap_or_default().to_string(),
        protocol: p.get("protocol").unwrap_or_default().to_string(),
        target_port: p.get("target-port").unwrap_or_default().to_string(),
        name: p.get("name").unwrap_or_default().to_string(),
        service_type: p.get("type").unwrap_or_default().to_string(),
        external_ip: p.get("external-ip").unwrap_or_default().to_string(),
        load_balancer_ip: p.get("load-balancer-ip").unwrap_or_default().to_string(),
        session_affinity: p.get("session-affinity").unwrap_or_default().to_string(),
        cluster_ip: p.get("cluster-ip").unwrap_or_default().to_string(),
        ..Options::default()
    };
    let mut errors: Vec<Failure> = Vec::new();
    for target in targets {
        let (rt, obj) = match target {
            Target::Read(rt, obj) => (rt, obj),
            Target::Named(rt, name) => {
                let mut get = Request::new(Verb::Get, rt);
                get.namespace = rt.namespaced.then(|| namespace.clone());
                get.name = Some(name.clone());
                get.impersonate = impersonation(&p);
                match super::send(ctx, out, get) {
                    Ok(Response::Object(v)) => (rt, v),
                    Ok(_) => continue,
                    Err(s) => {
                        errors.push(Failure::Api(s, rt.kind, name));
                        continue;
                    }
                }
            }
        };
        match prepare(&mut o, rt, &obj) {
            Ok(service) => create(ctx, &p, out, service, dry, &output, &namespace, &mut errors),
            Err(e) => errors.push(Failure::Plain(e)),
        }
    }
    // ContinueOnErrorVisitor: one error is returned as is, several as an aggregate, which
    // checkErr prints one per line through StandardErrorMessage (no `error: ` prefix).
    let single = errors.len() == 1;
    for e in errors {
        out.err(&match e {
            Failure::Plain(msg) if single => format!("error: {msg}\n"),
            Failure::Plain(msg) => format!("{msg}\n"),
            Failure::Api(s, kind, name) if single => server_error(&s, kind, &name, None),
            Failure::Api(s, _, _) => format!("Error from server ({}): {}\n", s.reason_text(), s.message),
        });
    }
}

/// An object to expose: read from a file, or named on the command line.
enum Target {
    Read(&'static ResourceType, Value),
    Named(&'static ResourceType, String),
}

/// An error of one visit.
enum Failure {
    Plain(String),
    Api(podlife_engine::Status, &'static str, String),
}

/// `RunExpose`'s visit of one object: the checks and inference, then `createService`.
fn prepare(o: &mut Options, rt: &ResourceType, obj: &Value) -> Result<Value, String> {
    can_be_exposed(rt)?;
    // Truncated to validation.DNS1035LabelMaxLength.
    let name = obj["metadata"]["name"].as_str().unwrap_or_default();
    o.default_name = name.chars().take(63).collect();
    if o.selector.is_empty() {
        o.selector = map_based_selector(rt, obj).map_err(|e| format!("couldn't retrieve selectors via --selector flag or introspection: {e}"))?;
    }
    let headless = o.cluster_ip == "None";
    if o.port.is_empty() {
        let ports = ports_for_object(rt, obj);
        match ports.len() {
            0 if !headless => return Err("couldn't find port via --port flag or introspection".into()),
            0 => {}
            1 => o.port = ports[0].clone(),
            _ => o.ports = ports.join(","),
        }
    }
    let protocols = multi_protocols(rt, obj);
    if !protocols.is_empty() {
        o.protocols = protocols;
    }
    if o.labels.is_empty() {
        o.labels = make_labels(&obj["metadata"]["labels"]);
    }
    create_service(o)
}

/// `canBeExposed`: the error names the GroupKind (`Kind` or `Kind.group`).
fn can_be_exposed(rt: &ResourceType) -> Result<(), String> {
    match (rt.group, rt.kind) {
        ("", "Pod" | "Service" | "ReplicationController") | ("apps", "Deployment" | "ReplicaSet") => Ok(()),
        ("", kind) => Err(format!("cannot expose a {kind}")),
        (group, kind) => Err(format!("cannot expose a {kind}.{group}")),
    }
}

/// `MakeLabels`: `k=v,…` (Go leaves the order to its map; it is parsed back into a map).
fn make_labels(map: &Value) -> String {
    map.as_object().map(|m| m.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or_default())).collect::<Vec<_>>().join(",")).unwrap_or_default()
}

/// Go's `%+v` of `[]metav1.LabelSelectorRequirement`.
fn go_requirements(list: &[Value]) -> String {
    let items: Vec<String> = list
        .iter()
        .map(|r| {
            let values: Vec<&str> = r["values"].as_array().map(|a| a.iter().map(|v| v.as_str().unwrap_or_default()).collect()).unwrap_or_default();
            format!("{{Key:{} Operator:{} Values:[{}]}}", r["key"].as_str().unwrap_or_default(), r["operator"].as_str().unwrap_or_default(), values.join(" "))
        })
        .collect();
    format!("[{}]", items.join(" "))
}

/// `mapBasedSelectorForObject`.
fn map_based_selector(rt: &ResourceType, obj: &Value) -> Result<String, String> {
    match rt.kind {
        "Pod" => {
            if obj["metadata"]["labels"].as_object().is_none_or(|m| m.is_empty()) {
                return Err("the pod has no labels and cannot be exposed".into());
            }
            Ok(make_labels(&obj["metadata"]["labels"]))
        }
        "Service" => {
            if obj["spec"]["selector"].is_null() {
                return Err("the service has no pod selector set".into());
            }
            Ok(make_labels(&obj["spec"]["selector"]))
        }
        "ReplicationController" => Ok(make_labels(&obj["spec"]["selector"])),
        kind => {
            // apps/v1 Deployments and ReplicaSets must have matchLabels.
            let selector = &obj["spec"]["selector"];
            if selector["matchLabels"].as_object().is_none_or(|m| m.is_empty()) {
                let what = if kind == "Deployment" { "deployment" } else { "replicaset" };
                return Err(format!("invalid {what}: no selectors, therefore cannot be exposed"));
            }
            if let Some(exprs) = selector["matchExpressions"].as_array().filter(|a| !a.is_empty()) {
                return Err(format!("couldn't convert expressions - \"{}\" to map-based selector format", go_requirements(exprs)));
            }
            Ok(make_labels(&selector["matchLabels"]))
        }
    }
}

/// The ports to look at: a Service's own, else the (template's) containers' ports.
fn port_list<'a>(rt: &ResourceType, obj: &'a Value) -> Vec<(&'a Value, &'a Value)> {
    if rt.kind == "Service" {
        return obj["spec"]["ports"].as_array().map(|a| a.iter().map(|p| (&p["port"], &p["protocol"])).collect()).unwrap_or_default();
    }
    let spec = if rt.kind == "Pod" { &obj["spec"] } else { &obj["spec"]["template"]["spec"] };
    spec["containers"]
        .as_array()
        .map(|cs| cs.iter().flat_map(|c| c["ports"].as_array().map(Vec::as_slice).unwrap_or_default()).map(|p| (&p["containerPort"], &p["protocol"])).collect())
        .unwrap_or_default()
}

/// `portsForObject`: the port numbers, duplicates removed, in order.
fn ports_for_object(rt: &ResourceType, obj: &Value) -> Vec<String> {
    let mut result: Vec<String> = Vec::new();
    for (port, _) in port_list(rt, obj) {
        let key = port.as_i64().unwrap_or(0).to_string();
        if !result.contains(&key) {
            result.push(key);
        }
    }
    result
}

/// `multiProtocolsForObject`: each port number's protocols (unset is TCP), in order.
fn multi_protocols(rt: &ResourceType, obj: &Value) -> VecMap<String, Vec<String>> {
    let mut result: VecMap<String, Vec<String>> = VecMap::new();
    for (port, protocol) in port_list(rt, obj) {
        let protocol = protocol.as_str().filter(|p| !p.is_empty()).unwrap_or("TCP");
        result.entry(port.as_i64().unwrap_or(0).to_string()).or_default().push(protocol.to_string());
    }
    result
}

/// `parseLabels` (expose.go): `k=v,…`, each with exactly one `=` and a key.
fn parse_labels(spec: &str) -> Result<serde_json::Map<String, Value>, String> {
    let mut labels = serde_json::Map::new();
    for pair in spec.split(',') {
        let parts: Vec<&str> = pair.split('=').collect();
        if parts.len() != 2 {
            return Err(format!("unexpected label spec: {pair}"));
        }
        if parts[0].is_empty() {
            return Err("unexpected empty label key".into());
        }
        labels.insert(parts[0].to_string(), json!(parts[1]));
    }
    Ok(labels)
}

/// Go's `strconv.Atoi`, with its error text.
fn atoi(s: &str) -> Result<i64, String> {
    use std::num::IntErrorKind;
    s.parse::<i64>().map_err(|e| {
        let why = if matches!(e.kind(), IntErrorKind::PosOverflow | IntErrorKind::NegOverflow) { "value out of range" } else { "invalid syntax" };
        format!("strconv.Atoi: parsing {}: {why}", json_printer::to_compact_json(&json!(s)))
    })
}

/// `createService`: the Service object kubectl sends.
fn create_service(o: &Options) -> Result<Value, String> {
    if o.selector.is_empty() {
        return Err("selector must be specified".into());
    }
    let selector = parse_labels(&o.selector)?;
    let labels = if o.labels.is_empty() { None } else { Some(parse_labels(&o.labels)?) };
    let name = if o.name.is_empty() { o.default_name.clone() } else { o.name.clone() };
    if name.is_empty() {
        return Err("name must be specified".into());
    }
    // --port, or the exposed object's several ports.
    let port_string = if o.ports.is_empty() { &o.port } else { &o.ports };
    let mut ports: Vec<Value> = Vec::new();
    if !port_string.is_empty() {
        let parts: Vec<&str> = port_string.split(',').collect();
        for (i, part) in parts.iter().enumerate() {
            // int32(port), as Go converts it.
            let port = atoi(part)? as i32;
            let port_name = if parts.len() > 1 { format!("port-{}", i + 1) } else { String::new() };
            let mut protocol = o.protocol.clone();
            if protocol.is_empty() {
                // No --protocol: TCP, or the exposed object's protocol(s) for this port number.
                protocol = "TCP".into();
                if let Some(found) = o.protocols.get(*part) {
                    if found.len() == 1 {
                        protocol = found[0].clone();
                    } else {
                        for p in found {
                            ports.push(json!({"name": format!("port-{}-{}", i + 1, podlife_engine::gostrings::to_lower(p)), "port": port, "protocol": p}));
                        }
                        continue;
                    }
                }
            }
            let mut sp = json!({"port": port, "protocol": protocol});
            if !port_name.is_empty() {
                sp["name"] = json!(port_name);
            }
            ports.push(sp);
        }
    }
    // --target-port (`intstr.Parse`: a number or a name) for every port, else the port itself.
    for sp in &mut ports {
        sp["targetPort"] = if o.target_port.is_empty() {
            sp["port"].clone()
        } else {
            match o.target_port.parse::<i64>() {
                Ok(n) => json!(n as i32),
                Err(_) => json!(o.target_port),
            }
        };
    }
    let mut metadata = json!({"name": name});
    if let Some(l) = labels {
        metadata["labels"] = Value::Object(l);
    }
    let mut spec = json!({"selector": selector});
    if !ports.is_empty() {
        spec["ports"] = json!(ports);
    }
    if !o.external_ip.is_empty() {
        spec["externalIPs"] = json!([o.external_ip]);
    }
    if !o.service_type.is_empty() {
        spec["type"] = json!(o.service_type);
    }
    if o.service_type == "LoadBalancer" && !o.load_balancer_ip.is_empty() {
        spec["loadBalancerIP"] = json!(o.load_balancer_ip);
    }
    if !o.session_affinity.is_empty() {
        if !matches!(o.session_affinity.as_str(), "None" | "ClientIP") {
            return Err(format!("unknown session affinity: {}", o.session_affinity));
        }
        spec["sessionAffinity"] = json!(o.session_affinity);
    }
    if !o.cluster_ip.is_empty() {
        spec["clusterIP"] = json!(o.cluster_ip);
    }
    Ok(json!({"apiVersion": "v1", "kind": "Service", "metadata": metadata, "spec": spec, "status": {"loadBalancer": {}}}))
}

/// The rest of the visit: print a client dry run, else POST the Service and print it.
#[allow(clippy::too_many_arguments)]
fn create(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, mut service: Value, dry: DryRun, output: &str, namespace: &str, errors: &mut Vec<Failure>) {
    let Some(rt) = ResourceType::resolve("services") else { return };
    let name = service["metadata"]["name"].as_str().unwrap_or_default().to_string();
    if dry == DryRun::Client {
        if p.has("namespace") {
            service["metadata"]["namespace"] = json!(namespace);
        }
        return print(out, output, rt, &name, &service, dry, errors);
    }
    if p.flag("save-config") {
        super::save_config(&mut service);
    }
    let mut req = Request::new(Verb::Create, rt);
    req.namespace = Some(namespace.to_string());
    req.body = Some(service);
    req.impersonate = impersonation(p);
    req.dry_run = dry == DryRun::Server;
    req.field_manager = p.get("field-manager").unwrap_or("kubectl-expose").to_string();
    match super::send(ctx, out, req) {
        Ok(Response::Object(created)) => print(out, output, rt, &name, &super::strip_managed(created), dry, errors),
        Ok(_) => {}
        Err(s) => errors.push(Failure::Api(s, rt.kind, name)),
    }
}

/// PrintFlags with the operation `exposed`.
fn print(out: &mut Output, output: &str, rt: &ResourceType, name: &str, obj: &Value, dry: DryRun, errors: &mut Vec<Failure>) {
    match output {
        "yaml" => out.out(&yaml::to_yaml(obj)),
        "json" => out.out(&json_printer::to_json(obj)),
        "name" => out.out(&format!("{}\n", type_name(rt, name))),
        "" => out.out(&format!("{} exposed{}\n", type_name(rt, name), dry_suffix(dry))),
        other => {
            let template = other.trim_start_matches("jsonpath=").trim_matches('\'');
            match crate::printers::jsonpath::render(template, obj) {
                Ok(text) => out.out(&text),
                Err(e) => errors.push(Failure::Plain(format!("error executing jsonpath \"{template}\": Error executing template: {e}"))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rt(plural: &str) -> &'static ResourceType {
        ResourceType::resolve(plural).expect("known resource")
    }

    fn options() -> Options {
        Options::default()
    }

    #[test]
    fn pod_selector_ports_and_names() {
        let pod = json!({"metadata": {"name": "web", "labels": {"app": "web", "tier": "fe"}},
            "spec": {"containers": [{"ports": [{"containerPort": 8080, "protocol": "TCP"}]}, {"ports": [{"containerPort": 9090}]}]}});
        let mut o = options();
        let svc = prepare(&mut o, rt("pods"), &pod).expect("exposable");
        assert_eq!(svc["spec"]["selector"], json!({"app": "web", "tier": "fe"}));
        assert_eq!(svc["metadata"]["labels"], json!({"app": "web", "tier": "fe"}));
        // Two distinct container ports: port-1, port-2, each targeting itself.
        assert_eq!(
            svc["spec"]["ports"],
            json!([{"name": "port-1", "port": 8080, "protocol": "TCP", "targetPort": 8080}, {"name": "port-2", "port": 9090, "protocol": "TCP", "targetPort": 9090}])
        );
        assert_eq!(svc["spec"].get("type"), None);
        // The same number in two containers: one port number, but two protocol entries, so
        // upstream names two ports `port-1-tcp` (and the API server rejects the duplicate).
        let twice = json!({"metadata": {"name": "web", "labels": {"app": "web"}},
            "spec": {"containers": [{"ports": [{"containerPort": 80}]}, {"ports": [{"containerPort": 80}]}]}});
        let svc = prepare(&mut options(), rt("pods"), &twice).expect("exposable");
        let names: Vec<&str> = svc["spec"]["ports"].as_array().map(|a| a.iter().filter_map(|p| p["name"].as_str()).collect()).unwrap_or_default();
        assert_eq!(names, ["port-1-tcp", "port-1-tcp"]);
    }

    #[test]
    fn one_port_unnamed_target_port_parsed() {
        let pod = json!({"metadata": {"name": "web", "labels": {"app": "web"}}, "spec": {"containers": [{"ports": [{"containerPort": 80, "protocol": "UDP"}]}]}});
        let mut o = Options { target_port: "http".into(), ..options() };
        let svc = prepare(&mut o, rt("pods"), &pod).expect("exposable");
        assert_eq!(svc["spec"]["ports"], json!([{"port": 80, "protocol": "UDP", "targetPort": "http"}]));
        let mut o = Options { target_port: "8080".into(), port: "80".into(), protocol: "SCTP".into(), ..options() };
        let svc = prepare(&mut o, rt("pods"), &pod).expect("exposable");
        assert_eq!(svc["spec"]["ports"], json!([{"port": 80, "protocol": "SCTP", "targetPort": 8080}]));
    }

    #[test]
    fn one_port_several_protocols() {
        let pod = json!({"metadata": {"name": "dns", "labels": {"app": "dns"}},
            "spec": {"containers": [{"ports": [{"containerPort": 53, "protocol": "UDP"}, {"containerPort": 53, "protocol": "TCP"}]}]}});
        let svc = prepare(&mut options(), rt("pods"), &pod).expect("exposable");
        assert_eq!(
            svc["spec"]["ports"],
            json!([{"name": "port-1-udp", "port": 53, "protocol": "UDP", "targetPort": 53}, {"name": "port-1-tcp", "port": 53, "protocol": "TCP", "targetPort": 53}])
        );
    }

    #[test]
    fn errors_in_kubectls_words() {
        let bare = json!({"metadata": {"name": "bare"}, "spec": {"containers": [{"ports": [{"containerPort": 80}]}]}});
        assert_eq!(
            prepare(&mut options(), rt("pods"), &bare).err().as_deref(),
            Some("couldn't retrieve selectors via --selector flag or introspection: the pod has no labels and cannot be exposed")
        );
        let no_ports = json!({"metadata": {"name": "np", "labels": {"a": "b"}}, "spec": {"containers": [{}]}});
        assert_eq!(prepare(&mut options(), rt("pods"), &no_ports).err().as_deref(), Some("couldn't find port via --port flag or introspection"));
        // Headless: no port needed.
        let svc = prepare(&mut Options { cluster_ip: "None".into(), ..options() }, rt("pods"), &no_ports).expect("headless");
        assert_eq!(svc["spec"]["clusterIP"], "None");
        assert_eq!(svc["spec"].get("ports"), None);
        assert_eq!(prepare(&mut options(), rt("nodes"), &bare).err().as_deref(), Some("cannot expose a Node"));
        assert_eq!(prepare(&mut options(), rt("statefulsets"), &bare).err().as_deref(), Some("cannot expose a StatefulSet.apps"));
        let mut o = Options { port: "web".into(), ..options() };
        assert_eq!(prepare(&mut o, rt("pods"), &no_ports).err().as_deref(), Some("strconv.Atoi: parsing \"web\": invalid syntax"));
        let mut o = Options { session_affinity: "Sticky".into(), selector: "app=x".into(), ..options() };
        assert_eq!(prepare(&mut o, rt("pods"), &bare).err().as_deref(), Some("unknown session affinity: Sticky"));
        let mut o = Options { selector: "app==x".into(), ..options() };
        assert_eq!(prepare(&mut o, rt("pods"), &bare).err().as_deref(), Some("unexpected label spec: app==x"));
    }

    #[test]
    fn deployments_need_match_labels() {
        let d = json!({"metadata": {"name": "web"}, "spec": {"selector": {"matchLabels": {"app": "web"}, "matchExpressions": [{"key": "tier", "operator": "In", "values": ["a", "b"]}]},
            "template": {"spec": {"containers": [{"ports": [{"containerPort": 80}]}]}}}});
        assert_eq!(
            prepare(&mut options(), rt("deployments"), &d).err().as_deref(),
            Some("couldn't retrieve selectors via --selector flag or introspection: couldn't convert expressions - \"[{Key:tier Operator:In Values:[a b]}]\" to map-based selector format")
        );
        let rs = json!({"metadata": {"name": "web"}, "spec": {"selector": {}}});
        assert_eq!(
            prepare(&mut options(), rt("replicasets"), &rs).err().as_deref(),
            Some("couldn't retrieve selectors via --selector flag or introspection: invalid replicaset: no selectors, therefore cannot be exposed")
        );
    }
}

//! `pkg/apis/networking/validation/validation.go` for NetworkPolicy, Ingress and IngressClass
//! (create and update), in upstream's order. Not modelled: label-selector syntax inside the
//! policy's selectors, the legacy-CIDR leniency for updates (`AllowCIDRsEvenIfInvalid`), IPv6
//! CIDRs. A backend's Service name is a DNS-1035 label (`ValidateServiceName`), a DNS-1123
//! label with the RelaxedServiceNameValidation gate (alpha, off in 1.36) or when the old
//! object already used such a name (`allowRelaxedServiceNameValidation`: podlife takes the gate
//! alone).

use serde_json::Value;

use super::status::{FieldError, quote};
use super::validation::{dns1035_label, dns1123_label, dns1123_subdomain, object_meta, path_segment_name, port_name};

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

fn items(v: &Value) -> &[Value] {
    v.as_array().map(Vec::as_slice).unwrap_or_default()
}

/// `IsValidPortNum`.
fn port_num(path: String, n: i64, errs: &mut Vec<FieldError>) {
    if !(1..=65535).contains(&n) {
        errs.push(FieldError::invalid(path, n.to_string(), "must be between 1 and 65535, inclusive"));
    }
}

/// An IPv4 CIDR (`a.b.c.d/n`): its address and prefix length.
fn parse_cidr(cidr: &str) -> Option<(u32, u32)> {
    let (ip, bits) = cidr.split_once('/')?;
    let bits: u32 = bits.parse().ok().filter(|b| *b <= 32)?;
    Some((u32::from(ip.parse::<std::net::Ipv4Addr>().ok()?), bits))
}

/// `IsValidCIDRForLegacyField` (IPv4): a CIDR whose address is its network's.
fn cidr_errors(path: &str, cidr: &str, errs: &mut Vec<FieldError>) -> Option<(u32, u32)> {
    let Some((ip, bits)) = parse_cidr(cidr) else {
        errs.push(FieldError::invalid(path, quote(cidr), "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"));
        return None;
    };
    let mask = if bits == 0 { 0 } else { u32::MAX << (32 - bits) };
    if ip & mask != ip {
        errs.push(FieldError::invalid(path, quote(cidr), "must not have bits set beyond the prefix length"));
    }
    Some((ip & mask, bits))
}

/// `ValidateNetworkPolicy` / `ValidateNetworkPolicyUpdate` (the metadata update checks are the
/// caller's).
pub fn network_policy(np: &Value, create: bool) -> Vec<FieldError> {
    let mut errs = if create { object_meta("NetworkPolicy", &np["metadata"]) } else { Vec::new() };
    let spec = &np["spec"];
    for dir in ["ingress", "egress"] {
        let peers = if dir == "ingress" { "from" } else { "to" };
        for (i, rule) in items(&spec[dir]).iter().enumerate() {
            let base = format!("spec.{dir}[{i}]");
            for (j, port) in items(&rule["ports"]).iter().enumerate() {
                network_policy_port(port, &format!("{base}.ports[{j}]"), &mut errs);
            }
            for (j, peer) in items(&rule[peers]).iter().enumerate() {
                network_policy_peer(peer, &format!("{base}.{peers}[{j}]"), &mut errs);
            }
        }
    }
    let types = items(&spec["policyTypes"]);
    if types.len() > 2 {
        let list: Vec<String> = types.iter().map(|t| quote(s(t))).collect();
        errs.push(FieldError::invalid("spec.policyTypes", format!("[{}]", list.join(",")), "may not specify more than two policyTypes"));
        return errs;
    }
    for (i, t) in types.iter().enumerate() {
        if !matches!(s(t), "Ingress" | "Egress") {
            errs.push(FieldError::not_supported(format!("spec.policyTypes[{i}]"), s(t), &["Ingress", "Egress"]));
        }
    }
    errs
}

/// `ValidateNetworkPolicyPort`.
fn network_policy_port(port: &Value, path: &str, errs: &mut Vec<FieldError>) {
    if let Some(p) = port["protocol"].as_str().filter(|p| !matches!(*p, "TCP" | "UDP" | "SCTP")) {
        errs.push(FieldError::not_supported(format!("{path}.protocol"), p, &["TCP", "UDP", "SCTP"]));
    }
    let end = port["endPort"].as_i64();
    match &port["port"] {
        Value::Null => {
            if let Some(e) = end {
                errs.push(FieldError::invalid(format!("{path}.endPort"), e.to_string(), "may not be specified when `port` is not specified"));
            }
        }
        Value::String(name) => {
            if let Some(e) = end {
                errs.push(FieldError::invalid(format!("{path}.endPort"), e.to_string(), "may not be specified when `port` is non-numeric"));
            }
            for msg in port_name(name) {
                errs.push(FieldError::invalid(format!("{path}.port"), quote(name), msg));
            }
        }
        v => {
            let n = v.as_i64().unwrap_or(0);
            port_num(format!("{path}.port"), n, errs);
            if let Some(e) = end {
                if e < n {
                    errs.push(FieldError::invalid(format!("{path}.endPort"), e.to_string(), "must be greater than or equal to `port`"));
                }
                port_num(format!("{path}.endPort"), e, errs);
            }
        }
    }
}

/// `ValidateNetworkPolicyPeer` and `ValidateIPBlock`.
fn network_policy_peer(peer: &Value, path: &str, errs: &mut Vec<FieldError>) {
    let block = &peer["ipBlock"];
    let count = ["podSelector", "namespaceSelector", "ipBlock"].iter().filter(|k| peer[**k].is_object()).count();
    if block.is_object() {
        let cidr = s(&block["cidr"]);
        if cidr.is_empty() {
            errs.push(FieldError::required(format!("{path}.ipBlock.cidr"), ""));
        } else if let Some((net, bits)) = cidr_errors(&format!("{path}.ipBlock.cidr"), cidr, errs) {
            for (i, except) in items(&block["except"]).iter().enumerate() {
                let epath = format!("{path}.ipBlock.except[{i}]");
                let Some((eip, ebits)) = cidr_errors(&epath, s(except), errs) else { continue };
                let mask = if bits == 0 { 0 } else { u32::MAX << (32 - bits) };
                if eip & mask != net || bits >= ebits {
                    errs.push(FieldError::invalid(epath, quote(s(except)), "must be a strict subset of `cidr`"));
                }
            }
        }
    }
    if count == 0 {
        errs.push(FieldError::required(path, "must specify a peer"));
    } else if count > 1 && block.is_object() {
        errs.push(FieldError::forbidden(path, "may not specify both ipBlock and another peer"));
    }
}

/// `ValidateIngressCreate` / `ValidateIngressUpdate`.
pub fn ingress(ing: &Value, create: bool, relaxed_names: bool) -> Vec<FieldError> {
    let mut errs = if create { object_meta("Ingress", &ing["metadata"]) } else { Vec::new() };
    let spec = &ing["spec"];
    let rules = items(&spec["rules"]);
    if rules.is_empty() && !spec["defaultBackend"].is_object() {
        errs.push(FieldError::invalid("spec", if spec["rules"].is_array() { "[]".into() } else { "null".into() }, "either `defaultBackend` or `rules` must be specified"));
    }
    if spec["defaultBackend"].is_object() {
        ingress_backend(&spec["defaultBackend"], "spec.defaultBackend", relaxed_names, &mut errs);
    }
    for (i, rule) in rules.iter().enumerate() {
        let host = s(&rule["host"]);
        let hpath = format!("spec.rules[{i}].host");
        if !host.is_empty() {
            if host.parse::<std::net::IpAddr>().is_ok() {
                errs.push(FieldError::invalid(hpath.clone(), quote(host), "must be a DNS name, not an IP address"));
            }
            let msgs = if host.contains('*') { wildcard_subdomain(host) } else { dns1123_subdomain(host) };
            for msg in msgs {
                errs.push(FieldError::invalid(hpath.clone(), quote(host), msg));
            }
        }
        let http = &rule["http"];
        if http.is_object() {
            let paths = items(&http["paths"]);
            if paths.is_empty() {
                errs.push(FieldError::required(format!("spec.rules[{i}].http.paths"), ""));
            }
            for (j, p) in paths.iter().enumerate() {
                http_path(p, &format!("spec.rules[{i}].http.paths[{j}]"), relaxed_names, &mut errs);
            }
        }
    }
    for (i, tls) in items(&spec["tls"]).iter().enumerate() {
        for (j, host) in items(&tls["hosts"]).iter().enumerate() {
            let host = s(host);
            let msgs = if host.contains('*') { wildcard_subdomain(host) } else { dns1123_subdomain(host) };
            for msg in msgs {
                errs.push(FieldError::invalid(format!("spec.tls[{i}].hosts[{j}]"), quote(host), msg));
            }
        }
        let secret = s(&tls["secretName"]);
        if !secret.is_empty() {
            for msg in dns1123_subdomain(secret) {
                errs.push(FieldError::invalid(format!("spec.tls[{i}].secretName"), quote(secret), msg));
            }
        }
    }
    if let Some(class) = spec["ingressClassName"].as_str() {
        for msg in dns1123_subdomain(class) {
            errs.push(FieldError::invalid("spec.ingressClassName", quote(class), msg));
        }
    }
    if create
        && let (Some(annotation), Some(class)) = (ing["metadata"]["annotations"]["kubernetes.io/ingress.class"].as_str(), spec["ingressClassName"].as_str())
        && annotation != class
    {
        errs.push(FieldError::invalid("annotations.kubernetes.io/ingress.class", quote(annotation), "must match `ingressClassName` when both are specified"));
    }
    errs
}

/// `IsWildcardDNS1123Subdomain`: `*.` then a DNS-1123 subdomain.
fn wildcard_subdomain(host: &str) -> Vec<String> {
    const MSG: &str = "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    let mut msgs = Vec::new();
    if host.len() > 253 {
        msgs.push("must be no more than 253 characters".to_string());
    }
    if host.strip_prefix("*.").is_none_or(|rest| !dns1123_subdomain(rest).is_empty()) {
        msgs.push(MSG.to_string());
    }
    msgs
}

/// `validateHTTPIngressPath`.
fn http_path(p: &Value, path: &str, relaxed_names: bool, errs: &mut Vec<FieldError>) {
    // A missing pathType decodes as "" (a required field of the versioned type).
    let Some(kind) = p["pathType"].as_str().filter(|k| !k.is_empty()) else {
        errs.push(FieldError::required(format!("{path}.pathType"), "pathType must be specified"));
        return;
    };
    let text = s(&p["path"]);
    match kind {
        "Exact" | "Prefix" => {
            if !text.starts_with('/') {
                errs.push(FieldError::invalid(format!("{path}.path"), quote(text), "must be an absolute path"));
            }
            for seq in ["//", "/./", "/../", "%2f", "%2F"] {
                if text.contains(seq) {
                    errs.push(FieldError::invalid(format!("{path}.path"), quote(text), format!("must not contain '{seq}'")));
                }
            }
            for suffix in ["/..", "/."] {
                if text.ends_with(suffix) {
                    errs.push(FieldError::invalid(format!("{path}.path"), quote(text), format!("cannot end with '{suffix}'")));
                }
            }
        }
        "ImplementationSpecific" => {
            if !text.is_empty() && !text.starts_with('/') {
                errs.push(FieldError::invalid(format!("{path}.path"), quote(text), "must be an absolute path"));
            }
        }
        other => errs.push(FieldError::not_supported(format!("{path}.pathType"), other, &["Exact", "ImplementationSpecific", "Prefix"])),
    }
    ingress_backend(&p["backend"], &format!("{path}.backend"), relaxed_names, errs);
}

/// `validateIngressBackend`.
fn ingress_backend(b: &Value, path: &str, relaxed_names: bool, errs: &mut Vec<FieldError>) {
    let (svc, res) = (&b["service"], &b["resource"]);
    match (svc.is_object(), res.is_object()) {
        (true, true) => errs.push(FieldError::invalid(path, "\"\"".into(), "cannot set both resource and service backends")),
        (false, true) => typed_reference(res, &format!("{path}.resource"), false, errs),
        (true, false) => {
            let name = s(&svc["name"]);
            if name.is_empty() {
                errs.push(FieldError::required(format!("{path}.service.name"), ""));
            } else {
                for msg in if relaxed_names { dns1123_label(name) } else { dns1035_label(name) } {
                    errs.push(FieldError::invalid(format!("{path}.service.name"), quote(name), msg));
                }
            }
            let (pname, pnum) = (s(&svc["port"]["name"]), svc["port"]["number"].as_i64().unwrap_or(0));
            match (!pname.is_empty(), pnum != 0) {
                (true, true) => errs.push(FieldError::invalid(path, "\"\"".into(), "cannot set both port name & port number")),
                (true, false) => {
                    for msg in port_name(pname) {
                        errs.push(FieldError::invalid(format!("{path}.service.port.name"), quote(pname), msg));
                    }
                }
                (false, true) => port_num(format!("{path}.service.port.number"), pnum, errs),
                (false, false) => errs.push(FieldError::required(path, "port name or number is required")),
            }
        }
        (false, false) => errs.push(FieldError::invalid(path, "\"\"".into(), "resource or service backend is required")),
    }
}

/// `validateIngressTypedLocalObjectReference`, and with `scoped` the IngressClass parameters'
/// scope and namespace (`validateIngressClassParametersReference`).
fn typed_reference(r: &Value, path: &str, scoped: bool, errs: &mut Vec<FieldError>) {
    if let Some(group) = r["apiGroup"].as_str() {
        for msg in dns1123_subdomain(group) {
            errs.push(FieldError::invalid(format!("{path}.apiGroup"), quote(group), msg));
        }
    }
    for field in ["kind", "name"] {
        let v = s(&r[field]);
        if v.is_empty() {
            errs.push(FieldError::required(format!("{path}.{field}"), ""));
        } else {
            for msg in path_segment_name(v) {
                errs.push(FieldError::invalid(format!("{path}.{field}"), quote(v), msg));
            }
        }
    }
    if !scoped {
        return;
    }
    let Some(scope) = r["scope"].as_str() else {
        errs.push(FieldError::required(format!("{path}.scope"), ""));
        return;
    };
    match scope {
        "Namespace" => match r["namespace"].as_str() {
            None => errs.push(FieldError::required(format!("{path}.namespace"), "`parameters.scope` is set to 'Namespace'")),
            Some(ns) => {
                for msg in dns1123_label(ns) {
                    errs.push(FieldError::invalid(format!("{path}.namespace"), quote(ns), msg));
                }
            }
        },
        "Cluster" => {
            if r["namespace"].is_string() {
                errs.push(FieldError::forbidden(format!("{path}.namespace"), "`parameters.scope` is set to 'Cluster'"));
            }
        }
        other => errs.push(FieldError::not_supported(format!("{path}.scope"), other, &["Cluster", "Namespace"])),
    }
}

/// `ValidateIngressClass`, and on update `validateIngressClassSpecUpdate` first (the
/// controller is immutable).
pub fn ingress_class(ic: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let spec = &ic["spec"];
    if let Some(old) = old
        && old["spec"]["controller"] != spec["controller"]
    {
        errs.push(FieldError::invalid("spec.controller", quote(s(&spec["controller"])), "field is immutable"));
    }
    errs.extend(object_meta("IngressClass", &ic["metadata"]));
    let controller = s(&spec["controller"]);
    if controller.is_empty() {
        errs.push(FieldError::required("spec.controller", ""));
    } else {
        if controller.len() > 250 {
            errs.push(FieldError::too_long("spec.controller", "", 250));
        }
        domain_prefixed_path(controller, &mut errs);
    }
    if spec["parameters"].is_object() {
        typed_reference(&spec["parameters"], "spec.parameters", true, &mut errs);
    }
    errs
}

/// `IsDomainPrefixedPath`: `DOMAIN/PATH`, the domain a DNS-1123 subdomain, the path of
/// `[A-Za-z0-9/\-._~%!$&'()*+,;=:]`.
fn domain_prefixed_path(value: &str, errs: &mut Vec<FieldError>) {
    let Some((domain, path)) = value.split_once('/').filter(|(_, p)| !p.is_empty()) else {
        errs.push(FieldError::invalid("spec.controller", quote(value), "must be a domain-prefixed path (such as \"acme.io/foo\")"));
        return;
    };
    for msg in dns1123_subdomain(domain) {
        errs.push(FieldError::invalid("spec.controller", quote(domain), msg));
    }
    if !path.chars().all(|c| c.is_ascii_alphanumeric() || "/-._~%!$&'()*+,;=:".contains(c)) {
        errs.push(FieldError::invalid("spec.controller", quote(path), r"Invalid path (regex used for validation is '[A-Za-z0-9/\-._~%!$&'()*+,;=:]+')"));
    }
}

//! `kubectl cordon | uncordon | taint | label` (upstream: `kubectl/pkg/cmd/drain` `cordon`,
//! `pkg/cmd/taint/taint.go`, `pkg/cmd/label/label.go`): read the object, change it, write it
//! back, and print the name printer's `<kind>/<name> <operation>`.

use serde_json::Value;
use podlife_engine::json;

use super::flags::{self, Kind, Spec};
use super::{Context, impersonation, namespace_of, resource_args, send, server_error, type_name};
use crate::Output;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

fn get(ctx: &mut Context<'_>, out: &mut Output, p: &flags::Parsed, rt: &'static ResourceType, name: &str) -> Option<Value> {
    let mut req = Request::new(Verb::Get, rt);
    req.namespace = Some(namespace_of(p));
    req.name = Some(name.to_string());
    req.impersonate = impersonation(p);
    match send(ctx, out, req) {
        Ok(Response::Object(v)) => Some(v),
        Ok(_) => None,
        Err(s) => {
            out.err(&server_error(&s, rt.kind, name, None));
            None
        }
    }
}

fn put(ctx: &mut Context<'_>, out: &mut Output, p: &flags::Parsed, rt: &'static ResourceType, obj: Value) -> bool {
    let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let mut req = Request::new(Verb::Update, rt);
    req.namespace = Some(namespace_of(p));
    req.name = Some(name.clone());
    req.body = Some(obj);
    req.impersonate = impersonation(p);
    match send(ctx, out, req) {
        Ok(_) => true,
        Err(s) => {
            out.err(&server_error(&s, rt.kind, &name, None));
            false
        }
    }
}

/// `kubectl cordon NODE` / `kubectl uncordon NODE`.
pub fn cordon(ctx: &mut Context<'_>, args: &[String], out: &mut Output, unschedulable: bool) {
    let command = if unschedulable { "cordon" } else { "uncordon" };
    let specs = [Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") }, Spec { long: "selector", short: Some('l'), kind: Kind::Value }];
    let p = match flags::parse(args, &specs, command) {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let Some(rt) = ResourceType::resolve("nodes") else { return };
    if p.args.is_empty() {
        return out.err(&format!("error: USAGE: {command} NODE [flags]\nSee 'kubectl {command} -h' for help and examples\n"));
    }
    for name in p.args.clone() {
        let Some(mut node) = get(ctx, out, &p, rt, &name) else { continue };
        let current = node["spec"]["unschedulable"].as_bool().unwrap_or(false);
        if current == unschedulable {
            out.out(&format!("node/{name} already {command}ed\n"));
            continue;
        }
        if unschedulable {
            node["spec"]["unschedulable"] = json!(true);
        } else if let Some(spec) = node["spec"].as_object_mut() {
            spec.remove("unschedulable");
        }
        if put(ctx, out, &p, rt, node) {
            out.out(&format!("node/{name} {command}ed\n"));
        }
    }
}

/// One `key[=value]:Effect[-]` or `key-` argument.
fn parse_taint(spec: &str) -> Result<(Value, bool), String> {
    let (body, remove) = match spec.strip_suffix('-') {
        Some(b) => (b, true),
        None => (spec, false),
    };
    let (kv, effect) = match body.split_once(':') {
        Some((kv, e)) => (kv, Some(e)),
        None => (body, None),
    };
    let (key, value) = match kv.split_once('=') {
        Some((k, v)) => (k, Some(v)),
        None => (kv, None),
    };
    if key.is_empty() {
        return Err(format!("invalid taint spec: {spec}"));
    }
    if let Some(e) = effect {
        if !(["NoSchedule", "PreferNoSchedule", "NoExecute"].contains(&e) || remove && e.is_empty()) {
            return Err(format!("invalid taint effect: {e}, unsupported taint effect"));
        }
    } else if !remove {
        return Err(format!("invalid taint spec: {spec}"));
    }
    let mut t = json!({"key": key});
    if let Some(v) = value.filter(|v| !v.is_empty()) {
        t["value"] = json!(v);
    }
    if let Some(e) = effect.filter(|e| !e.is_empty()) {
        t["effect"] = json!(e);
    }
    Ok((t, remove))
}

fn taint_text(t: &Value) -> String {
    let key = t["key"].as_str().unwrap_or_default();
    let value = t["value"].as_str().unwrap_or_default();
    let effect = t["effect"].as_str().unwrap_or_default();
    match (value.is_empty(), effect.is_empty()) {
        (true, true) => key.to_string(),
        (true, false) => format!("{key}:{effect}"),
        (false, _) => format!("{key}={value}:{effect}"),
    }
}

/// `kubectl taint nodes NODE key=value:Effect ... [key:Effect-]`.
pub fn taint(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [Spec { long: "overwrite", short: None, kind: Kind::Bool }, Spec { long: "all", short: None, kind: Kind::Bool }];
    let p = match flags::parse(args, &specs, "taint") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let Some(rt) = ResourceType::resolve("nodes") else { return };
    let (name, taint_args) = match p.args.as_slice() {
        [kind, rest @ ..] if kind.contains('/') => (kind.split_once('/').map(|x| x.1.to_string()).unwrap_or_default(), rest.to_vec()),
        [kind, name, rest @ ..] if ResourceType::resolve(kind).is_some_and(|r| r.kind == "Node") => (name.clone(), rest.to_vec()),
        _ => return out.err("error: at least one taint update is required\nSee 'kubectl taint -h' for help and examples\n"),
    };
    if taint_args.is_empty() {
        return out.err("error: at least one taint update is required\nSee 'kubectl taint -h' for help and examples\n");
    }
    let mut adds = Vec::new();
    let mut removes = Vec::new();
    for a in &taint_args {
        match parse_taint(a) {
            Ok((t, true)) => removes.push(t),
            Ok((t, false)) => adds.push(t),
            Err(e) => return out.err(&format!("error: {e}\n")),
        }
    }
    let Some(mut node) = get(ctx, out, &p, rt, &name) else { return };
    let mut taints: Vec<Value> = node["spec"]["taints"].as_array().cloned().unwrap_or_default();
    let same = |a: &Value, b: &Value| a["key"] == b["key"] && (b["effect"].is_null() || a["effect"] == b["effect"]);
    for r in &removes {
        let before = taints.len();
        taints.retain(|t| !same(t, r));
        if taints.len() == before {
            return out.err(&format!("error: taint {:?} not found\n", taint_text(r)));
        }
    }
    let mut overwrote = false;
    for a in &adds {
        if let Some(existing) = taints.iter_mut().find(|t| t["key"] == a["key"] && t["effect"] == a["effect"]) {
            if !p.flag("overwrite") {
                return out.err(&format!("error: node {name} already has {} taint(s) with same effect(s) and --overwrite is false\n", a["key"].as_str().unwrap_or_default()));
            }
            *existing = a.clone();
            overwrote = true;
        } else {
            taints.push(a.clone());
        }
    }
    if taints.is_empty() {
        if let Some(spec) = node["spec"].as_object_mut() {
            spec.remove("taints");
        }
    } else {
        node["spec"]["taints"] = json!(taints);
    }
    let operation = if (!adds.is_empty() && !removes.is_empty()) || overwrote {
        "modified"
    } else if !adds.is_empty() {
        "tainted"
    } else {
        "untainted"
    };
    if put(ctx, out, &p, rt, node) {
        out.out(&format!("node/{name} {operation}\n"));
    }
}

/// `kubectl label TYPE NAME key=value … [key-]`.
pub fn label(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [Spec { long: "overwrite", short: None, kind: Kind::Bool }, Spec { long: "all", short: None, kind: Kind::Bool }];
    let p = match flags::parse(args, &specs, "label") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let (targets, changes): (Vec<String>, Vec<String>) = p.args.iter().cloned().partition(|a| !a.contains('=') && !a.ends_with('-'));
    let groups = match resource_args(&targets) {
        Ok(g) => g,
        Err(e) => return out.err(&e),
    };
    if changes.is_empty() {
        return out.err("error: at least one label update is required\nSee 'kubectl label -h' for help and examples\n");
    }
    for (rt, names) in groups {
        for name in names {
            let Some(mut obj) = get(ctx, out, &p, rt, &name) else { continue };
            let mut labels = obj["metadata"]["labels"].as_object().cloned().unwrap_or_default();
            let (mut added, mut removed) = (false, false);
            for c in &changes {
                if let Some(key) = c.strip_suffix('-') {
                    if labels.remove(key).is_some() {
                        removed = true;
                    } else {
                        out.out(&format!("label {key:?} not found.\n"));
                    }
                } else if let Some((k, v)) = c.split_once('=') {
                    match labels.get(k) {
                        Some(old) if old != v && !p.flag("overwrite") => {
                            return out.err(&format!("error: '{k}' already has a value ({}), and --overwrite is false\n", old.as_str().unwrap_or_default()));
                        }
                        Some(old) if old == v => {}
                        _ => {
                            labels.insert(k.to_string(), json!(v));
                            added = true;
                        }
                    }
                }
            }
            let operation = match (added, removed) {
                (true, true) => "modified",
                (true, false) => "labeled",
                (false, true) => "unlabeled",
                (false, false) => "not labeled",
            };
            obj["metadata"]["labels"] = Value::Object(labels);
            if (added || removed) && !put(ctx, out, &p, rt, obj) {
                continue;
            }
            out.out(&format!("{} {operation}\n", type_name(rt, &name)));
        }
    }
}

//! `kubectl cordon | uncordon | taint` (upstream: `kubectl/pkg/cmd/drain` `cordon`,
//! `pkg/cmd/taint/taint.go`): read the object, change it, write it
//! back, and print the name printer's `<kind>/<name> <operation>`.

use serde_json::Value;
use podlife_engine::json;

use super::flags::{self, Kind, Spec};
use super::{Context, impersonation, namespace_of, send, server_error};
use crate::Output;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

fn get(ctx: &mut Context<'_>, out: &mut Output, p: &flags::Parsed, rt: &'static ResourceType, name: &str) -> Option<Value> {
    let req = super::get_request(rt, &namespace_of(p), name, p);
    match send(ctx, out, req) {
        Ok(Response::Object(v)) => Some(v),
        Ok(_) => None,
        Err(s) => {
            out.err(&server_error(&s, rt.kind, name, None));
            None
        }
    }
}

/// A strategic merge PATCH of a node's spec, as `kubectl cordon` and `kubectl taint` send
/// (`CordonHelper.PatchOrReplace`, `taint.go`'s `CreateTwoWayMergePatch`): no resourceVersion,
/// so a write by a controller in between does not conflict.
fn patch_spec(ctx: &mut Context<'_>, out: &mut Output, p: &flags::Parsed, rt: &'static ResourceType, name: &str, spec: Value) -> bool {
    let mut req = Request::new(Verb::Patch, rt);
    req.namespace = Some(namespace_of(p));
    req.name = Some(name.to_string());
    req.body = Some(json!({"spec": spec}));
    req.patch_type = podlife_engine::apiserver::patch::PatchType::Strategic;
    req.impersonate = impersonation(p);
    match send(ctx, out, req) {
        Ok(_) => true,
        Err(s) => {
            out.err(&server_error(&s, rt.kind, name, None));
            false
        }
    }
}

/// The builder's `ResourceNames("nodes", args...)` as cordon, uncordon and drain use it: a bare
/// name is a node's, `TYPE/NAME` names its own type (cli-runtime/pkg/resource/builder.go).
fn node_args(args: &[String]) -> Result<Vec<(&'static ResourceType, String)>, String> {
    let mut targets = Vec::new();
    for a in args {
        let (t, name) = a.split_once('/').unwrap_or(("nodes", a));
        if name.contains('/') {
            return Err("error: arguments in resource/name form may not have more than one slash\n".to_string());
        }
        if t.is_empty() || name.is_empty() {
            return Err("error: arguments in resource/name form must have a single resource and name\n".to_string());
        }
        let Some(rt) = ResourceType::resolve(t) else {
            return Err(format!("error: the server doesn't have a resource type \"{t}\"\n"));
        };
        targets.push((rt, name.to_string()));
    }
    Ok(targets)
}

/// Each target read from the API server, then refused unless it is a node (drain.go's visitor:
/// `expected resource of type node`). `None` once an error is printed: the visit stops there.
fn read_nodes(ctx: &mut Context<'_>, out: &mut Output, p: &flags::Parsed) -> Option<Vec<(String, Value)>> {
    let targets = node_args(&p.args).map_err(|e| out.err(&e)).ok()?;
    let mut nodes = Vec::new();
    for (rt, name) in targets {
        let object = get(ctx, out, p, rt, &name)?;
        if rt.plural != "nodes" || !rt.group.is_empty() {
            out.err(&format!("error: expected resource of type node, got {{{:?} {:?} {:?}}}\n", rt.group, rt.version, rt.plural));
            return None;
        }
        nodes.push((name, object));
    }
    Some(nodes)
}

/// `kubectl cordon NODE` / `kubectl uncordon NODE`.
#[inline(never)]
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
    let Some(nodes) = read_nodes(ctx, out, &p) else { return };
    for (name, node) in nodes {
        let current = node["spec"]["unschedulable"].as_bool().unwrap_or(false);
        if current == unschedulable {
            out.out(&format!("node/{name} already {command}ed\n"));
            continue;
        }
        let change = if unschedulable { json!({"unschedulable": true}) } else { json!({"unschedulable": null}) };
        if patch_spec(ctx, out, &p, rt, &name, change) {
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
#[inline(never)]
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
    let Some(node) = get(ctx, out, &p, rt, &name) else { return };
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
    let change = if taints.is_empty() { json!({"taints": null}) } else { json!({"taints": taints}) };
    let operation = if (!adds.is_empty() && !removes.is_empty()) || overwrote {
        "modified"
    } else if !adds.is_empty() {
        "tainted"
    } else {
        "untainted"
    };
    if patch_spec(ctx, out, &p, rt, &name, change) {
        out.out(&format!("node/{name} {operation}\n"));
    }
}

const DRAIN_FLAGS: &[Spec] = &[
    Spec { long: "force", short: None, kind: Kind::Bool },
    Spec { long: "ignore-daemonsets", short: None, kind: Kind::Bool },
    Spec { long: "delete-emptydir-data", short: None, kind: Kind::Bool },
    Spec { long: "delete-local-data", short: None, kind: Kind::Bool },
    Spec { long: "disable-eviction", short: None, kind: Kind::Bool },
    Spec { long: "grace-period", short: None, kind: Kind::Value },
    Spec { long: "timeout", short: None, kind: Kind::Value },
    Spec { long: "pod-selector", short: None, kind: Kind::Value },
    Spec { long: "selector", short: Some('l'), kind: Kind::Value },
    Spec { long: "skip-wait-for-delete-timeout", short: None, kind: Kind::Value },
];

/// The drain helper's options (`kubectl/pkg/drain` `Helper`).
struct Drainer {
    force: bool,
    ignore_daemonsets: bool,
    delete_emptydir_data: bool,
    disable_eviction: bool,
    grace_period: i64,
    timeout_ms: u64,
    pod_selector: Option<String>,
}

/// `PodDeleteStatus`: whether to delete, and an Okay / Skip / Warning / Error reason.
#[derive(Debug, Clone, PartialEq)]
enum Verdict {
    Okay,
    Skip,
    Warning(bool, String),
    Error(String),
}

impl Verdict {
    fn delete(&self) -> bool {
        matches!(self, Verdict::Okay | Verdict::Warning(true, _))
    }
}

const DAEMONSET_FATAL: &str = "DaemonSet-managed Pods (use --ignore-daemonsets to ignore)";
const DAEMONSET_WARNING: &str = "ignoring DaemonSet-managed Pods";
const LOCAL_STORAGE_FATAL: &str = "Pods with local storage (use --delete-emptydir-data to override)";
const LOCAL_STORAGE_WARNING: &str = "deleting Pods with local storage";
const UNMANAGED_FATAL: &str = "cannot delete Pods that declare no controller (use --force to override)";
const UNMANAGED_WARNING: &str = "deleting Pods that declare no controller";
/// How long podlife lets a drain without `--timeout` wait (kubectl would wait forever).
const DRAIN_WAIT_LIMIT_MS: u64 = 10 * 60 * 1000;

fn finished(pod: &Value) -> bool {
    matches!(pod["status"]["phase"].as_str(), Some("Succeeded" | "Failed"))
}

fn controller_of(pod: &Value) -> Option<&Value> {
    pod["metadata"]["ownerReferences"].as_array()?.iter().find(|r| r["controller"] == true)
}

type Filter<'a> = dyn Fn(&mut Context<'_>, &mut Output) -> Verdict + 'a;

/// The filters in upstream's order (`makeFilters`), short-circuiting on the first that
/// keeps the pod.
fn filter_pod(ctx: &mut Context<'_>, out: &mut Output, d: &Drainer, pod: &Value) -> Verdict {
    let filters: [&Filter<'_>; 4] = [
        // daemonSetFilter
        &|ctx, out| {
            let Some(r) = controller_of(pod).filter(|r| r["kind"] == "DaemonSet") else { return Verdict::Okay };
            if finished(pod) {
                return Verdict::Okay;
            }
            let Some(rt) = ResourceType::resolve("daemonsets.apps") else { return Verdict::Okay };
            let mut req = Request::new(Verb::Get, rt);
            req.namespace = pod["metadata"]["namespace"].as_str().map(str::to_string);
            req.name = r["name"].as_str().map(str::to_string);
            match send(ctx, out, req) {
                Err(s) if s.reason == podlife_engine::apiserver::status::Reason::NotFound && d.force => Verdict::Warning(true, s.message),
                Err(s) => Verdict::Error(s.message),
                Ok(_) if !d.ignore_daemonsets => Verdict::Error(DAEMONSET_FATAL.into()),
                Ok(_) => Verdict::Warning(false, DAEMONSET_WARNING.into()),
            }
        },
        // mirrorPodFilter
        &|_, _| if pod["metadata"]["annotations"]["kubernetes.io/config.mirror"].is_null() { Verdict::Okay } else { Verdict::Skip },
        // localStorageFilter
        &|_, _| {
            let local = pod["spec"]["volumes"].as_array().is_some_and(|vs| vs.iter().any(|v| !v["emptyDir"].is_null()));
            if !local || finished(pod) {
                Verdict::Okay
            } else if !d.delete_emptydir_data {
                Verdict::Error(LOCAL_STORAGE_FATAL.into())
            } else {
                Verdict::Warning(true, LOCAL_STORAGE_WARNING.into())
            }
        },
        // unreplicatedFilter
        &|_, _| {
            if finished(pod) || controller_of(pod).is_some() {
                Verdict::Okay
            } else if d.force {
                Verdict::Warning(true, UNMANAGED_WARNING.into())
            } else {
                Verdict::Error(UNMANAGED_FATAL.into())
            }
        },
    ];
    let mut verdict = Verdict::Okay;
    for f in filters {
        verdict = f(ctx, out);
        if !verdict.delete() {
            break;
        }
    }
    verdict
}

/// `GetPodsForDeletion`: the node's pods with their verdicts (the list, then the filters).
fn pods_for_deletion(ctx: &mut Context<'_>, out: &mut Output, d: &Drainer, node: &str) -> Vec<(Value, Verdict)> {
    let Some(rt) = ResourceType::resolve("pods") else { return vec![] };
    let mut list = Request::new(Verb::List, rt);
    list.field_selector = Some(format!("spec.nodeName={node}"));
    list.label_selector = d.pod_selector.clone();
    let pods = match send(ctx, out, list) {
        Ok(Response::List(items)) => items,
        _ => return vec![],
    };
    pods.into_iter().map(|p| {
        let v = filter_pod(ctx, out, d, &p);
        (p, v)
    }).collect()
}

fn pod_ref(pod: &Value) -> String {
    format!("{}/{}", pod["metadata"]["namespace"].as_str().unwrap_or_default(), pod["metadata"]["name"].as_str().unwrap_or_default())
}

/// Messages grouped with their pods, in first-seen order (upstream groups through a Go map,
/// whose order varies from run to run).
fn grouped(items: &[(Value, Verdict)], pick: impl Fn(&Verdict) -> Option<&String>) -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for (pod, v) in items {
        let Some(msg) = pick(v) else { continue };
        match groups.iter_mut().find(|(m, _)| m == msg) {
            Some((_, pods)) => pods.push(pod_ref(pod)),
            None => groups.push((msg.clone(), vec![pod_ref(pod)])),
        }
    }
    groups
}

/// `podDeleteList.errors()`.
fn filter_errors(items: &[(Value, Verdict)]) -> Vec<String> {
    grouped(items, |v| if let Verdict::Error(m) = v { Some(m) } else { None })
        .into_iter()
        .map(|(msg, pods)| {
            let msg = if msg.is_empty() { "unexpected error".to_string() } else { msg };
            if podlife_engine::gostrings::to_lower(&msg).starts_with("cannot delete") { format!("{msg}: {}", pods.join(", ")) } else { format!("cannot delete {msg}: {}", pods.join(", ")) }
        })
        .collect()
}

/// `utilerrors.Aggregate.Error()`.
fn aggregate(errs: &[String]) -> String {
    let mut seen: Vec<&String> = Vec::new();
    for e in errs {
        if !seen.contains(&e) {
            seen.push(e);
        }
    }
    match seen.len() {
        0 => String::new(),
        1 => seen[0].clone(),
        _ => format!("[{}]", seen.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")),
    }
}

enum Step {
    Evict,
    Wait,
    Done,
}

/// `evictPods` / `deletePods` and `waitForDelete`: each pod's own loop, interleaved in
/// virtual time (evictions retried every 5 s on 429, deletion polled every second).
fn evict_or_delete(ctx: &mut Context<'_>, out: &mut Output, d: &Drainer, pods: &[Value]) -> Vec<String> {
    let Some(rt) = ResourceType::resolve("pods") else { return vec![] };
    let start = ctx.engine.now();
    let deadline = (d.timeout_ms > 0).then(|| start.plus_millis(d.timeout_ms));
    let limit = start.plus_millis(d.timeout_ms.max(DRAIN_WAIT_LIMIT_MS));
    let timeout_text = if d.timeout_ms > 0 { podlife_engine::gostrings::go_duration(d.timeout_ms) } else { "2562047h47m16.854775807s".into() };
    let mut errors = Vec::new();
    let mut steps: Vec<(Step, podlife_engine::Time)> = Vec::new();
    let grace = (d.grace_period >= 0).then_some(d.grace_period);
    if d.disable_eviction {
        for pod in pods {
            let mut req = Request::new(Verb::Delete, rt);
            req.namespace = pod["metadata"]["namespace"].as_str().map(str::to_string);
            req.name = pod["metadata"]["name"].as_str().map(str::to_string);
            req.grace_period_seconds = grace;
            match send(ctx, out, req) {
                Err(s) if s.reason != podlife_engine::apiserver::status::Reason::NotFound => return vec![s.message],
                _ => {}
            }
        }
        steps = pods.iter().map(|_| (Step::Wait, ctx.engine.now())).collect();
    } else {
        steps.extend(pods.iter().map(|_| (Step::Evict, start)));
    }
    while let Some(i) = steps.iter().enumerate().filter(|(_, (s, _))| !matches!(s, Step::Done)).min_by_key(|(i, (_, at))| (*at, *i)).map(|(i, _)| i) {
        let at = steps[i].1;
        if at > limit {
            let left: Vec<String> = pods.iter().zip(&steps).filter(|(_, (s, _))| !matches!(s, Step::Done)).map(|(p, _)| pod_ref(p)).collect();
            out.err(&format!("podlife: kubectl would still be draining: {} after {} of cluster time\n", left.join(", "), crate::printers::duration::human_duration(limit.millis() as i64 - start.millis() as i64)));
            errors.push("podlife: drain stopped waiting".into());
            break;
        }
        if at > ctx.engine.now() {
            let _ = ctx.engine.run_until(at);
        }
        let pod = &pods[i];
        let ns = pod["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
        let name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let timed_out = deadline.is_some_and(|dl| ctx.engine.now() >= dl);
        match steps[i].0 {
            Step::Evict => {
                out.out(&format!("evicting pod {ns}/{name}\n"));
                if timed_out {
                    errors.push(format!("error when evicting pods/{name:?} -n {ns:?}: global timeout reached: {timeout_text}"));
                    steps[i].0 = Step::Done;
                    continue;
                }
                let mut req = Request::new(Verb::Create, rt);
                req.namespace = Some(ns.clone());
                req.name = Some(name.clone());
                req.subresource = Some("eviction".into());
                let mut body = json!({"apiVersion": "policy/v1", "kind": "Eviction", "metadata": {"name": name, "namespace": ns}});
                if let Some(g) = grace {
                    body["deleteOptions"] = json!({"gracePeriodSeconds": g});
                }
                req.body = Some(body);
                match send(ctx, out, req) {
                    Ok(_) => steps[i] = (Step::Wait, ctx.engine.now()),
                    Err(s) if s.reason == podlife_engine::apiserver::status::Reason::NotFound => steps[i].0 = Step::Done,
                    Err(s) if s.reason == podlife_engine::apiserver::status::Reason::TooManyRequests => {
                        out.err(&format!("error when evicting pods/{name:?} -n {ns:?} (will retry after 5s): {}\n", s.message));
                        steps[i].1 = ctx.engine.now().plus_millis(5000);
                    }
                    Err(s) => {
                        errors.push(format!("error when evicting pods/{name:?} -n {ns:?}: {}", s.message));
                        steps[i].0 = Step::Done;
                    }
                }
            }
            Step::Wait => {
                let mut req = Request::new(Verb::Get, rt);
                req.namespace = Some(ns.clone());
                req.name = Some(name.clone());
                match send(ctx, out, req) {
                    Ok(Response::Object(p)) if p["metadata"]["uid"] == pod["metadata"]["uid"] => {
                        if timed_out {
                            errors.push(if d.disable_eviction {
                                format!("global timeout reached: {timeout_text}")
                            } else {
                                format!("error when waiting for pod {name:?} in namespace {ns:?} to terminate: global timeout reached: {timeout_text}")
                            });
                            steps[i].0 = Step::Done;
                        } else {
                            steps[i].1 = ctx.engine.now().plus_millis(1000);
                        }
                    }
                    Err(s) if s.reason != podlife_engine::apiserver::status::Reason::NotFound => {
                        errors.push(s.message);
                        steps[i].0 = Step::Done;
                    }
                    _ => {
                        out.out(&format!("pod/{name} {}\n", if d.disable_eviction { "deleted" } else { "evicted" }));
                        steps[i].0 = Step::Done;
                    }
                }
            }
            Step::Done => {}
        }
    }
    errors
}

/// `kubectl drain NODE`: cordon, the pods' filters, evictions (or deletes), `drained`.
#[inline(never)]
pub fn drain(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let p = match flags::parse(args, DRAIN_FLAGS, "drain") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    if p.args.is_empty() && p.get("selector").is_none() {
        return out.err("error: USAGE: drain NODE [flags]\nSee 'kubectl drain -h' for help and examples\n");
    }
    if p.flag("delete-local-data") {
        out.err("Flag --delete-local-data has been deprecated, This option is deprecated and will be deleted. Use --delete-emptydir-data.\n");
    }
    let grace_period = match p.get("grace-period").map(str::parse::<i64>) {
        None => -1,
        Some(Ok(g)) => g,
        Some(Err(_)) => {
            let v = p.get("grace-period").unwrap_or_default();
            return out.err(&format!("error: invalid argument \"{v}\" for \"--grace-period\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax\nSee 'kubectl drain --help' for usage.\n"));
        }
    };
    // 0 waits for ever; a negative timeout has passed at once (`context.WithTimeout`).
    let timeout_ms = match p.get("timeout").map(|t| super::flags::duration_ms(t, "timeout", "drain")) {
        None => 0,
        Some(Ok(ms)) if ms < 0 => 1,
        Some(Ok(ms)) => ms as u64,
        Some(Err(e)) => return out.err(&e),
    };
    let d = Drainer {
        force: p.flag("force"),
        ignore_daemonsets: p.flag("ignore-daemonsets"),
        delete_emptydir_data: p.flag("delete-emptydir-data") || p.flag("delete-local-data"),
        disable_eviction: p.flag("disable-eviction"),
        grace_period,
        timeout_ms,
        pod_selector: p.get("pod-selector").map(str::to_string),
    };
    let Some(nodes_rt) = ResourceType::resolve("nodes") else { return };
    // The builder reads each node; RunCordonOrUncordon(true).
    let Some(nodes) = read_nodes(ctx, out, &p) else { return };
    for (name, node) in &nodes {
        if node["spec"]["unschedulable"].as_bool().unwrap_or(false) {
            out.out(&format!("node/{name} already cordoned\n"));
            continue;
        }
        if patch_spec(ctx, out, &p, nodes_rt, name, json!({"unschedulable": true})) {
            out.out(&format!("node/{name} cordoned\n"));
        }
    }
    let mut fatal: Vec<String> = Vec::new();
    let mut remaining = Vec::new();
    for (name, _) in &nodes {
        match drain_node(ctx, out, &d, name) {
            Ok(()) => out.out(&format!("node/{name} drained\n")),
            Err(errs) => {
                out.err(&format!("error: unable to drain node {name:?} due to error: {}, continuing command...\n", aggregate(&errs)));
                fatal.push(errs.join("\n"));
                remaining.push(name.clone());
            }
        }
    }
    if !remaining.is_empty() {
        out.err("There are pending nodes to be drained:\n");
        for n in &remaining {
            out.err(&format!(" {n}\n"));
        }
        // kubectl's CheckErr prints an aggregate's errors one per line, without a prefix.
        for f in fatal {
            out.err(&format!("{f}\n"));
        }
    }
}

/// `deleteOrEvictPodsSimple` for one node.
fn drain_node(ctx: &mut Context<'_>, out: &mut Output, d: &Drainer, node: &str) -> Result<(), Vec<String>> {
    let items = pods_for_deletion(ctx, out, d, node);
    let errs = filter_errors(&items);
    if !errs.is_empty() {
        return Err(errs);
    }
    let warnings: Vec<String> = grouped(&items, |v| if let Verdict::Warning(_, m) = v { Some(m) } else { None })
        .into_iter()
        .map(|(msg, pods)| format!("{msg}: {}", pods.join(", ")))
        .collect();
    if !warnings.is_empty() {
        out.err(&format!("Warning: {}\n", warnings.join("; ")));
    }
    let pods: Vec<Value> = items.into_iter().filter(|(_, v)| v.delete()).map(|(p, _)| p).collect();
    if pods.is_empty() {
        return Ok(());
    }
    let errs = evict_or_delete(ctx, out, d, &pods);
    if errs.is_empty() {
        return Ok(());
    }
    let pending: Vec<Value> = pods_for_deletion(ctx, out, d, node).into_iter().filter(|(_, v)| v.delete()).map(|(p, _)| p).collect();
    if !pending.is_empty() {
        out.err(&format!("There are pending pods in node {node:?} when an error occurred: {}\n", aggregate(&errs)));
        for p in &pending {
            out.err(&format!("pod/{}\n", p["metadata"]["name"].as_str().unwrap_or_default()));
        }
    }
    Err(errs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations() {
        let ms = |t: &str| super::super::flags::duration_ms(t, "timeout", "drain").ok();
        assert_eq!(ms("20s"), Some(20_000));
        assert_eq!(ms("1m30s"), Some(90_000));
        assert_eq!(ms("1.5s"), Some(1_500));
        assert_eq!(ms("0"), Some(0));
        assert_eq!(ms("-2s"), Some(-2_000));
        assert_eq!(ms("10"), None);
        assert_eq!(ms(""), None);
        let go_duration = podlife_engine::gostrings::go_duration;
        assert_eq!(go_duration(20_000), "20s");
        assert_eq!(go_duration(90_000), "1m30s");
        assert_eq!(go_duration(3_600_000), "1h0m0s");
        assert_eq!(go_duration(500), "500ms");
        assert_eq!(go_duration(1_500), "1.5s");
    }

    #[test]
    fn aggregates_print_like_utilerrors() {
        assert_eq!(aggregate(&["a".into()]), "a");
        assert_eq!(aggregate(&["a".into(), "b".into(), "a".into()]), "[a, b]");
    }
}

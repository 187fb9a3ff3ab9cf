//! `kubectl label` and `kubectl annotate` (upstream `pkg/cmd/label/label.go`,
//! `pkg/cmd/annotate/annotate.go`): the same walk over the objects named (`TYPE NAME…`,
//! `TYPE/NAME…`, `TYPE --all`, `TYPE -l SELECTOR`), each GET, changed locally and sent back as
//! a JSON merge patch of its labels or annotations; they differ in their pair grammar, their
//! overwrite rule and the name printer's operation.

use serde_json::{Map, Value};

use super::flags::{Kind, Spec};
use super::{Context, DryRun, parse_mutating, dry_suffix, impersonation, namespace_of, resource_args, send, server_error, type_name};
use crate::Output;
use podlife_engine::{Request, Response, Verb};

const FLAGS: &[Spec] = &[
    Spec { long: "overwrite", short: None, kind: Kind::Bool },
    Spec { long: "all", short: None, kind: Kind::Bool },
    Spec { long: "all-namespaces", short: Some('A'), kind: Kind::Bool },
    Spec { long: "selector", short: Some('l'), kind: Kind::Value },
    Spec { long: "resource-version", short: None, kind: Kind::Value },
    Spec { long: "list", short: None, kind: Kind::Bool },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
];

/// The pairs of one command line: keys set (sorted, as the Go maps are read here) and removed.
struct Pairs {
    set: Map<String, Value>,
    remove: Vec<String>,
}

/// `cmdutil.GetResourcesAndPairs`: resources first, then `k=v` / `k-` pairs.
fn resources_and_pairs(args: &[String], pair_type: &str) -> Result<(Vec<String>, Vec<String>), String> {
    let (mut resources, mut pairs) = (Vec::new(), Vec::new());
    for a in args {
        let pair = (a.contains('=') && !a.starts_with('=')) || (a.ends_with('-') && a != "-");
        match (pairs.is_empty(), pair) {
            (_, true) => pairs.push(a.clone()),
            (true, false) => resources.push(a.clone()),
            (false, false) => return Err(format!("error: all resources must be specified before {pair_type} changes: {a}\n")),
        }
    }
    Ok((resources, pairs))
}

/// `parseLabels` (label.go): exactly one `=`, a valid label value.
fn parse_labels(args: &[String]) -> Result<Pairs, String> {
    let mut pairs = Pairs { set: Map::new(), remove: Vec::new() };
    for a in args {
        if a.contains('=') {
            let parts: Vec<&str> = a.split('=').collect();
            if parts.len() != 2 {
                return Err(format!("error: invalid label spec: {a}\n"));
            }
            let errs = podlife_engine::apiserver::validation::label_value(parts[1]);
            if !errs.is_empty() {
                return Err(format!("error: invalid label value: {a:?}: {}\n", errs.join(";")));
            }
            pairs.set.insert(parts[0].to_string(), Value::String(parts[1].to_string()));
        } else if let Some(key) = a.strip_suffix('-') {
            pairs.remove.push(key.to_string());
        } else {
            return Err(format!("error: unknown label spec: {a}\n"));
        }
    }
    if pairs.remove.iter().any(|k| pairs.set.contains_key(k)) {
        return Err("error: can not both modify and remove a label in the same command\n".into());
    }
    Ok(pairs)
}

/// `cmdutil.ParsePairs(args, "annotation", true)`: split at the first `=`; the bad ones listed.
fn parse_annotations(args: &[String]) -> Result<Pairs, String> {
    let mut pairs = Pairs { set: Map::new(), remove: Vec::new() };
    let mut invalid: Vec<&str> = Vec::new();
    for a in args {
        if let Some((k, v)) = a.split_once('=').filter(|_| !a.starts_with('=')) {
            pairs.set.insert(k.to_string(), Value::String(v.to_string()));
        } else if let Some(key) = a.strip_suffix('-').filter(|_| a != "-") {
            pairs.remove.push(key.to_string());
        } else {
            invalid.push(a);
        }
    }
    if !invalid.is_empty() {
        return Err(format!("error: invalid annotation format: {}\n", invalid.join(", ")));
    }
    Ok(pairs)
}

/// `validateAnnotations`: a key both set and removed.
fn check_annotations(pairs: &Pairs) -> Result<(), String> {
    let both: Vec<&str> = pairs.remove.iter().filter(|k| pairs.set.contains_key(*k)).map(String::as_str).collect();
    if both.is_empty() {
        return Ok(());
    }
    Err(format!("error: can not both modify and remove the following annotation(s) in the same command: {}\n", both.join(", ")))
}

/// The keys whose value would change without `--overwrite`: `validateNoOverwrites` (label.go,
/// an aggregate) or `validateNoAnnotationOverwrites` (the change-cause may always change).
fn overwrite_error(annotate: bool, current: &Map<String, Value>, pairs: &Pairs) -> Option<String> {
    let clashes: Vec<(&String, &str)> = pairs
        .set
        .iter()
        .filter(|(k, _)| !(annotate && *k == "kubernetes.io/change-cause"))
        .filter_map(|(k, v)| current.get(k).filter(|c| *c != v).map(|c| (k, c.as_str().unwrap_or_default())))
        .collect();
    if clashes.is_empty() {
        return None;
    }
    if annotate {
        let list: Vec<String> = clashes.iter().map(|(k, c)| format!("'{k}' already has a value ({c})")).collect();
        return Some(format!("error: --overwrite is false but found the following declared annotation(s): {}\n", list.join("; ")));
    }
    let list: Vec<String> = clashes.iter().map(|(k, c)| format!("'{k}' already has a value ({c}), and --overwrite is false")).collect();
    Some(if list.len() == 1 { format!("error: {}\n", list[0]) } else { format!("error: [{}]\n", list.join(", ")) })
}

#[inline(never)]
pub fn label(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    run(ctx, args, out, false);
}

#[inline(never)]
pub fn annotate(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    run(ctx, args, out, true);
}

fn run(ctx: &mut Context<'_>, args: &[String], out: &mut Output, annotate: bool) {
    let (command, pair_type) = if annotate { ("annotate", "annotation") } else { ("label", "label") };
    let Some((p, dry)) = parse_mutating(args, FLAGS, command, out) else { return };
    // Complete and Validate, in each command's order.
    let checked = resources_and_pairs(&p.args, pair_type).and_then(|(resources, pair_args)| {
        let pairs = if annotate { parse_annotations(&pair_args)? } else { parse_labels(&pair_args)? };
        if p.flag("all") && p.has("selector") {
            return Err("error: cannot set --all and --selector at the same time\n".into());
        }
        if resources.is_empty() && p.all("filename").is_empty() {
            return Err("error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n".into());
        }
        if pairs.set.is_empty() && pairs.remove.is_empty() && !p.flag("list") {
            return Err(format!("error: at least one {pair_type} update is required\n"));
        }
        if annotate {
            check_annotations(&pairs)?;
        }
        Ok((resources, pairs))
    });
    let (resources, pairs) = match checked {
        Ok(c) => c,
        Err(e) => return out.err(&e),
    };
    if !p.all("filename").is_empty() {
        return change_file_objects(ctx, &p, out, dry, annotate, &resources, &pairs);
    }
    let groups = match resource_args(&resources) {
        Ok(g) => g,
        Err(e) => return out.err(&e),
    };
    // The builder: names, or a selector (`--all` selects everything) over each type.
    let namespace = namespace_of(&p);
    let selector = if p.flag("all") { Some(String::new()) } else { p.get("selector").map(str::to_string) };
    let mut objects: Vec<(&'static podlife_model::ResourceType, Value)> = Vec::new();
    let mut errors: Vec<String> = Vec::new();
    let by_name = groups.iter().any(|(_, names)| !names.is_empty());
    if by_name && selector.is_some() {
        return out.err("error: name cannot be provided when a selector is specified\n");
    }
    if !by_name && selector.is_none() {
        return out.err("error: resource(s) were provided, but no name was specified\n");
    }
    let single = by_name && groups.iter().map(|(_, names)| names.len()).sum::<usize>() == 1;
    let resource_version = p.get("resource-version").filter(|rv| !rv.is_empty());
    if resource_version.is_some() && !single {
        return out.err("error: --resource-version may only be used with a single resource\n");
    }
    for (rt, names) in &groups {
        if names.is_empty() {
            let mut req = Request::new(Verb::List, rt);
            req.namespace = (!p.flag("all-namespaces")).then(|| namespace.clone());
            req.label_selector = super::selector_param(selector.as_deref());
            req.impersonate = impersonation(&p);
            let label = req.label_selector.clone();
            match send(ctx, out, req) {
                Ok(Response::List(items)) => objects.extend(items.into_iter().map(|o| (*rt, o))),
                Ok(_) => {}
                Err(s) => errors.push(super::list_error(&s, rt, label.as_deref(), None)),
            }
            continue;
        }
        for name in names {
            let req = super::get_request(rt, &namespace, name, &p);
            match send(ctx, out, req) {
                Ok(Response::Object(o)) => objects.push((*rt, o)),
                Ok(_) => {}
                Err(s) => errors.push(server_error(&s, rt.kind, name, None)),
            }
        }
    }
    change(ctx, &p, out, dry, annotate, objects, &pairs, single, errors);
}

/// `-f FILE`: the objects the files name, fetched as the API has them now, filtered by the
/// fetched labels and refused outside an explicit `-n` (`file_targets.rs`); resource
/// arguments beside the files are refused before anything is read.
fn change_file_objects(ctx: &mut Context<'_>, p: &super::flags::Parsed, out: &mut Output, dry: DryRun, annotate: bool, resources: &[String], pairs: &Pairs) {
    use super::file_targets::{self, VisitError};
    if let Err(e) = file_targets::paths_with_args(resources) {
        return out.err(&e);
    }
    let selector = match file_targets::selector(p) {
        Ok(s) => s,
        Err(e) => return out.err(&e),
    };
    let Some(targets) = file_targets::read(ctx, p, out) else { return };
    let mut visit_errors = Vec::new();
    let objects = file_targets::fetch(ctx, out, p, &targets, selector.as_ref(), &mut visit_errors);
    let errors = visit_errors
        .into_iter()
        .map(|e| match e {
            VisitError::Server(m) => format!("{m}\n"),
            VisitError::Plain(m) => format!("error: {m}\n"),
        })
        .collect();
    let single = objects.len() == 1;
    if p.get("resource-version").is_some_and(|rv| !rv.is_empty()) && !single {
        return out.err("error: --resource-version may only be used with a single resource\n");
    }
    change(ctx, p, out, dry, annotate, objects, pairs, single, errors);
}

/// Each object's labels or annotations changed (or listed), then the errors met.
#[allow(clippy::too_many_arguments)]
fn change(ctx: &mut Context<'_>, p: &super::flags::Parsed, out: &mut Output, dry: DryRun, annotate: bool, objects: Vec<(&'static podlife_model::ResourceType, Value)>, pairs: &Pairs, single: bool, mut errors: Vec<String>) {
    let (command, field) = if annotate { ("annotate", "annotations") } else { ("label", "labels") };
    let resource_version = p.get("resource-version").filter(|rv| !rv.is_empty());
    for (rt, obj) in objects {
        let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let current = obj["metadata"][field].as_object().cloned().unwrap_or_default();
        if !p.flag("overwrite")
            && let Some(e) = overwrite_error(annotate, &current, &pairs)
        {
            errors.push(e);
            continue;
        }
        // label.go reports removals of absent labels when it talks to the server.
        if !annotate && dry != DryRun::Client && !p.flag("list") {
            for key in pairs.remove.iter().filter(|k| !current.contains_key(*k)) {
                out.out(&format!("label {key:?} not found.\n"));
            }
        }
        // The merge patch (`CreateMergePatch` of the object before and after): changed keys
        // with their value, removed ones as null.
        let mut changes = Map::new();
        for (k, v) in &pairs.set {
            if current.get(k) != Some(v) {
                changes.insert(k.clone(), v.clone());
            }
        }
        let (added, removed) = (!changes.is_empty(), pairs.remove.iter().any(|k| current.contains_key(k)));
        for k in pairs.remove.iter().filter(|k| current.contains_key(*k)) {
            changes.insert(k.clone(), Value::Null);
        }
        let mut after = current.clone();
        for (k, v) in &changes {
            match v {
                Value::Null => after.remove(k),
                _ => after.insert(k.clone(), v.clone()),
            };
        }
        if p.flag("list") {
            // Not sent; the object's keys, one per line (Go's map order is random, sorted here).
            let indent = if single { "" } else { " " };
            if !single {
                let what = if annotate { "annotations" } else { "labels" };
                out.out(&format!("Listing {what} for {}.{}/{name}:\n", rt.kind, rt.group));
            }
            for (k, v) in &after {
                out.out(&format!("{indent}{k}={}\n", v.as_str().unwrap_or_default()));
            }
            continue;
        }
        // label patches only when something changes; upstream's annotate always patches, but
        // kube-apiserver does not write a patch that changes nothing, so podlife leaves that
        // request out (only the trace differs).
        let send_patch = (added || removed || resource_version.is_some()) && dry != DryRun::Client;
        if send_patch {
            let mut meta = Map::new();
            meta.insert(field.into(), Value::Object(changes));
            if let Some(rv) = resource_version {
                meta.insert("resourceVersion".into(), Value::String(rv.to_string()));
            }
            let mut body = Map::new();
            body.insert("metadata".into(), Value::Object(meta));
            let mut req = Request::new(Verb::Patch, rt);
            req.namespace = obj["metadata"]["namespace"].as_str().map(str::to_string);
            req.name = Some(name.clone());
            req.body = Some(Value::Object(body));
            req.dry_run = dry == DryRun::Server;
            req.field_manager = format!("kubectl-{command}");
            req.impersonate = impersonation(&p);
            if let Err(s) = send(ctx, out, req) {
                errors.push(server_error(&s, rt.kind, &name, None));
                continue;
            }
        }
        let operation = match (annotate, added, removed) {
            (true, ..) => "annotated",
            (false, true, true) => "modified",
            (false, true, false) => "labeled",
            (false, false, true) => "unlabeled",
            (false, false, false) => "not labeled",
        };
        out.out(&format!("{} {operation}{}\n", type_name(rt, &name), dry_suffix(dry)));
    }
    // ContinueOnError: the errors come after every object was visited.
    for e in errors {
        out.err(&e);
    }
}
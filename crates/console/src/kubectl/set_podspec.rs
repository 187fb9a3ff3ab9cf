//! `kubectl set env` and `kubectl set resources` (upstream `pkg/cmd/set/set_env.go`,
//! `set_resources.go`, `helper.go`, `env/env_parse.go`, `env/env_resolve.go`,
//! `pkg/polymorphichelpers/updatepodspec.go`): the objects named (or `--all`, `-l`) are read,
//! the containers matching `-c` in their pod spec changed, and each change sent as a
//! strategic merge patch (`CreateTwoWayMergePatch` of the object before and after); an
//! object that does not change is neither sent nor printed. A workload's new template starts a
//! rollout; a Pod's spec cannot change that way, which kube-apiserver says.

use serde_json::{Map, Value};

use super::create_data::is_env_var_name;
use super::flags::{self, Kind, Spec};
use super::{Context, DryRun, dry_run, impersonation, namespace_of, print_result, resource_args, send, server_error};
use crate::Output;
use podlife_engine::apiserver::patch::PatchType;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

/// The flags both commands share (selection, printing, dry run).
const COMMON: &[Spec] = &[
    Spec { long: "containers", short: Some('c'), kind: Kind::Value },
    Spec { long: "all", short: None, kind: Kind::Bool },
    Spec { long: "selector", short: Some('l'), kind: Kind::Value },
    Spec { long: "local", short: None, kind: Kind::Bool },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "field-manager", short: None, kind: Kind::Value },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
    Spec { long: "show-managed-fields", short: None, kind: Kind::Bool },
];

const ENV_FLAGS: &[Spec] = &[
    Spec { long: "from", short: None, kind: Kind::Value },
    Spec { long: "prefix", short: None, kind: Kind::Value },
    Spec { long: "env", short: Some('e'), kind: Kind::Multi },
    Spec { long: "keys", short: None, kind: Kind::Multi },
    Spec { long: "list", short: None, kind: Kind::Bool },
    Spec { long: "resolve", short: None, kind: Kind::Bool },
    Spec { long: "overwrite", short: None, kind: Kind::Bool },
];

const RESOURCES_FLAGS: &[Spec] = &[
    Spec { long: "limits", short: None, kind: Kind::Value },
    Spec { long: "requests", short: None, kind: Kind::Value },
    Spec { long: "record", short: None, kind: Kind::OptionalValue("true") },
];

/// One object to change: its type, the object as read, and where its pod spec lies.
struct Target {
    rt: &'static ResourceType,
    object: Value,
}

impl Target {
    fn name(&self) -> &str {
        self.object["metadata"]["name"].as_str().unwrap_or_default()
    }

    /// `UpdatePodSpecForObjectFn`: the pod spec's path, or the error for a kind without one.
    fn pod_spec_path(&self) -> Result<&'static [&'static str], String> {
        match self.rt.kind {
            "Pod" => Ok(&["spec"]),
            "ReplicationController" | "Deployment" | "DaemonSet" | "ReplicaSet" | "StatefulSet" | "Job" => Ok(&["spec", "template", "spec"]),
            "CronJob" => Ok(&["spec", "jobTemplate", "spec", "template", "spec"]),
            kind => Err(format!("the object is not a pod or does not have a pod template: *{}.{kind}", go_package(self.rt))),
        }
    }

    /// `info.ObjectName()`: `plural[.group]/name`.
    fn object_name(&self) -> String {
        format!("{}/{}", self.rt.qualified_plural(), self.name())
    }
}

/// The Go package a kind's type lives in, for `%T` (`*v1.Service`).
fn go_package(rt: &ResourceType) -> &'static str {
    match rt.version {
        "v1" => "v1",
        "v1beta1" => "v1beta1",
        "v2" => "v2",
        _ => "v1",
    }
}

fn at_mut<'a>(v: &'a mut Value, path: &[&str]) -> &'a mut Value {
    path.iter().fold(v, |v, k| &mut v[*k])
}

/// `selectString` (helper.go), its index arithmetic kept as upstream has it: each part is
/// searched from the previous part's start, and the last part must end the name.
fn select(name: &str, pattern: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    if !pattern.contains('*') {
        return name == pattern;
    }
    let parts: Vec<&str> = pattern.split('*').collect();
    let mut pos: i64 = 0;
    for (i, part) in parts.iter().enumerate() {
        if part.is_empty() {
            continue;
        }
        let next = name.get(pos as usize..).and_then(|rest| rest.find(part)).map_or(-1, |n| n as i64);
        if next < pos || (i == 0 && pos != 0) || (i == parts.len() - 1 && name.len() as i64 != part.len() as i64 + next) {
            return false;
        }
        pos = next;
    }
    true
}

/// The builder's walk: names (`TYPE NAME…`, `TYPE/NAME…`) or a selector over each type
/// (`--all` selects everything); what it cannot find is an error printed after the others.
fn targets(ctx: &mut Context<'_>, p: &flags::Parsed, resources: &[String], out: &mut Output) -> Option<(Vec<Target>, Vec<String>)> {
    if resources.is_empty() {
        out.err("error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n");
        return None;
    }
    let groups = match resource_args(resources) {
        Ok(g) => g,
        Err(e) => {
            out.err(&e);
            return None;
        }
    };
    let selector = if p.flag("all") { Some(String::new()) } else { p.get("selector").map(str::to_string) };
    let by_name = groups.iter().any(|(_, names)| !names.is_empty());
    if by_name && selector.is_some() {
        out.err("error: name cannot be provided when a selector is specified\n");
        return None;
    }
    if !by_name && selector.is_none() {
        out.err("error: resource(s) were provided, but no name was specified\n");
        return None;
    }
    let namespace = namespace_of(p);
    let (mut found, mut errors) = (Vec::new(), Vec::new());
    for (rt, names) in groups {
        if names.is_empty() {
            let mut req = Request::new(Verb::List, rt);
            req.namespace = Some(namespace.clone());
            req.label_selector = super::selector_param(selector.as_deref());
            req.impersonate = impersonation(p);
            let label = req.label_selector.clone();
            match send(ctx, out, req) {
                Ok(Response::List(items)) => found.extend(items.into_iter().map(|object| Target { rt, object })),
                Ok(_) => {}
                Err(s) => errors.push(super::list_error(&s, rt, label.as_deref(), None)),
            }
            continue;
        }
        for name in names {
            let req = super::get_request(rt, &namespace, &name, p);
            match send(ctx, out, req) {
                Ok(Response::Object(object)) => found.push(Target { rt, object }),
                Ok(_) => {}
                Err(s) => errors.push(server_error(&s, rt.kind, &name, None)),
            }
        }
    }
    Some((found, errors))
}

/// `CreateTwoWayMergePatch` for the shapes these commands change: maps merge (a removed
/// key is `null`), lists of containers and of env vars merge by `name` (a removed entry is
/// `{"$patch": "delete", "name": …}`, and `$setElementOrder/KEY` gives the new list's order,
/// as `diffListsOfMaps` does with `SetElementOrder`), other lists are replaced.
fn two_way(before: &Value, after: &Value) -> Option<Value> {
    match (before, after) {
        (Value::Object(b), Value::Object(a)) => {
            let mut patch = Map::new();
            for (k, av) in a {
                match b.get(k) {
                    Some(bv) if bv == av => {}
                    Some(bv) => {
                        let merged = match (bv, av, merge_key_list(k)) {
                            (Value::Array(bl), Value::Array(al), true) => keyed_list(bl, al),
                            (Value::Object(_), Value::Object(_), _) => two_way(bv, av),
                            _ => Some(av.clone()),
                        };
                        if let Some(m) = merged {
                            if let (true, Value::Array(al)) = (merge_key_list(k), av) {
                                let order = al.iter().map(|i| serde_json::json!({"name": i["name"]})).collect();
                                patch.insert(format!("$setElementOrder/{k}"), Value::Array(order));
                            }
                            patch.insert(k.clone(), m);
                        }
                    }
                    None => {
                        patch.insert(k.clone(), av.clone());
                    }
                }
            }
            for k in b.keys().filter(|k| !a.contains_key(*k)) {
                patch.insert(k.clone(), Value::Null);
            }
            (!patch.is_empty()).then_some(Value::Object(patch))
        }
        _ if before == after => None,
        _ => Some(after.clone()),
    }
}

/// The pod spec's lists whose patch strategy is merge on `name`.
fn merge_key_list(key: &str) -> bool {
    matches!(key, "containers" | "initContainers" | "env")
}

fn keyed_list(before: &[Value], after: &[Value]) -> Option<Value> {
    let name = |v: &Value| v["name"].as_str().unwrap_or_default().to_string();
    let mut items = Vec::new();
    for a in after {
        match before.iter().find(|b| name(b) == name(a)) {
            Some(b) => {
                if let Some(Value::Object(mut diff)) = two_way(b, a) {
                    diff.insert("name".into(), Value::String(name(a)));
                    items.push(Value::Object(diff));
                }
            }
            None => items.push(a.clone()),
        }
    }
    for b in before.iter().filter(|b| !after.iter().any(|a| name(a) == name(b))) {
        let mut delete = Map::new();
        delete.insert("$patch".into(), Value::String("delete".into()));
        delete.insert("name".into(), Value::String(name(b)));
        items.push(Value::Object(delete));
    }
    (!items.is_empty()).then_some(Value::Array(items))
}

/// The patch between the two objects, sent (or the object printed on a client dry run),
/// with the result printed as `<type>/<name> <operation>`; `errors` collects failures.
#[allow(clippy::too_many_arguments)]
fn apply_change(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, target: &Target, changed: Value, dry: DryRun, operation: &str, patch_failed: &str, errors: &mut Vec<String>) {
    let Some(patch) = two_way(&target.object, &changed) else { return };
    if dry == DryRun::Client {
        return print_result(out, p.get("output"), target.rt, target.name(), &changed, operation, dry);
    }
    let mut req = Request::new(Verb::Patch, target.rt);
    req.namespace = target.object["metadata"]["namespace"].as_str().map(str::to_string);
    req.name = Some(target.name().to_string());
    req.body = Some(patch);
    req.patch_type = PatchType::Strategic;
    req.dry_run = dry == DryRun::Server;
    req.field_manager = p.get("field-manager").unwrap_or("kubectl-set").to_string();
    req.impersonate = impersonation(p);
    match send(ctx, out, req) {
        Ok(Response::Object(actual)) => print_result(out, p.get("output"), target.rt, target.name(), &actual, operation, dry),
        Ok(_) => {}
        // Wrapped with `fmt.Errorf("…%v", err)`: the status's own message as a plain error.
        Err(s) => errors.push(format!("error: {patch_failed}{}\n", s.message)),
    }
}

/// `utilerrors.NewAggregate` through `CheckErr`: each error on its own line (a message that
/// already ends in a newline gets a blank line after it, as `MultipleErrors` writes it).
fn print_errors(out: &mut Output, errors: Vec<String>) {
    for e in errors {
        out.err(&e);
    }
}

/// An env var as the API holds it.
fn env_var(name: &str, value: &str) -> Value {
    let mut m = Map::new();
    m.insert("name".into(), Value::String(name.to_string()));
    if !value.is_empty() {
        m.insert("value".into(), Value::String(value.to_string()));
    }
    Value::Object(m)
}

/// `ParseEnv`: `KEY=VALUE` to set, `KEY-` to remove, `-` for lines from stdin.
fn parse_env(specs: &[String], stdin: Option<&str>) -> Result<(Vec<Value>, Vec<String>), String> {
    let (mut env, mut remove, mut set_names) = (Vec::new(), Vec::new(), Vec::new());
    for spec in specs {
        if spec == "-" {
            let Some(text) = stdin else { return Err("when '-' is used, STDIN must be open".into()) };
            for line in text.lines() {
                let line = line.split('#').next().unwrap_or_default();
                if let Some((k, v)) = line.split_once('=') {
                    env.push(env_var(k, v));
                }
            }
        } else if let Some((k, v)) = spec.split_once('=') {
            let errs = is_env_var_name(k);
            if !errs.is_empty() {
                return Err(format!("{} is not a valid key name: {}", podlife_model::json::quote(k), errs.join(";")));
            }
            set_names.push(k.to_string());
            env.push(env_var(k, v));
        } else if let Some(k) = spec.strip_suffix('-') {
            remove.push(k.to_string());
        } else {
            return Err(format!("unknown environment variable: {spec}"));
        }
    }
    if remove.iter().any(|r| set_names.contains(r)) {
        return Err("can not both modify and remove the same environment variable in the same command".into());
    }
    Ok((env, remove))
}

/// `SplitEnvironmentFromResources`: resources first, then `K=V` / `K-` arguments.
fn split_env_args(args: &[String]) -> Option<(Vec<String>, Vec<String>)> {
    let (mut resources, mut env) = (Vec::new(), Vec::new());
    for a in args {
        let is_env = (a.contains('=') && !a.starts_with('=')) || a.ends_with('-');
        match (env.is_empty(), is_env) {
            (_, true) => env.push(a.clone()),
            (true, false) => resources.push(a.clone()),
            (false, false) => return None,
        }
    }
    Some((resources, env))
}

/// `updateEnv`: existing entries replaced in place or removed, new ones appended.
fn update_env(existing: &[Value], env: &[Value], remove: &[String]) -> Vec<Value> {
    let mut covered: Vec<String> = remove.to_vec();
    let mut out = Vec::new();
    for e in existing {
        let name = e["name"].as_str().unwrap_or_default();
        if covered.iter().any(|c| c == name) {
            continue;
        }
        match env.iter().find(|n| n["name"] == name) {
            Some(newer) => {
                covered.push(name.to_string());
                out.push(newer.clone());
            }
            None => out.push(e.clone()),
        }
    }
    for e in env {
        let name = e["name"].as_str().unwrap_or_default().to_string();
        if !covered.contains(&name) {
            covered.push(name);
            out.push(e.clone());
        }
    }
    out
}

/// `GetEnvVarRefString`.
fn ref_string(from: &Value) -> String {
    if from["configMapKeyRef"].is_object() {
        return format!("configmap {}, key {}", from["configMapKeyRef"]["name"].as_str().unwrap_or_default(), from["configMapKeyRef"]["key"].as_str().unwrap_or_default());
    }
    if from["secretKeyRef"].is_object() {
        return format!("secret {}, key {}", from["secretKeyRef"]["name"].as_str().unwrap_or_default(), from["secretKeyRef"]["key"].as_str().unwrap_or_default());
    }
    if from["fieldRef"].is_object() {
        return format!("field path {}", from["fieldRef"]["fieldPath"].as_str().unwrap_or_default());
    }
    if from["resourceFieldRef"].is_object() {
        let c = from["resourceFieldRef"]["containerName"].as_str().filter(|c| !c.is_empty()).map(|c| format!("{c}/")).unwrap_or_default();
        return format!("resource field {c}{}", from["resourceFieldRef"]["resource"].as_str().unwrap_or_default());
    }
    "invalid valueFrom".into()
}

/// `GetEnvVarRefValue` for `--list --resolve`: a ConfigMap's or Secret's key (read from the
/// server), a field of the object itself, or a container resource.
fn ref_value(ctx: &mut Context<'_>, out: &mut Output, namespace: &str, from: &Value, obj: &Value, container: &Value) -> Result<String, String> {
    let fetch = |ctx: &mut Context<'_>, out: &mut Output, plural: &str, name: &str| -> Result<Value, String> {
        let rt = ResourceType::resolve(plural).ok_or_else(|| "not served".to_string())?;
        let mut req = Request::new(Verb::Get, rt);
        req.namespace = Some(namespace.to_string());
        req.name = Some(name.to_string());
        match send(ctx, out, req) {
            Ok(Response::Object(o)) => Ok(o),
            Ok(_) => Err("not found".into()),
            Err(s) => Err(s.message),
        }
    };
    let str_of = |v: &Value| v.as_str().unwrap_or_default().to_string();
    if from["secretKeyRef"].is_object() {
        let (name, key) = (str_of(&from["secretKeyRef"]["name"]), str_of(&from["secretKeyRef"]["key"]));
        let secret = fetch(ctx, out, "secrets", &name)?;
        return match secret["data"][&key].as_str() {
            Some(b64) => Ok(String::from_utf8_lossy(&crate::base64::decode(b64).unwrap_or_default()).into_owned()),
            None => Err(format!("key {key} not found in secret {name}")),
        };
    }
    if from["configMapKeyRef"].is_object() {
        let (name, key) = (str_of(&from["configMapKeyRef"]["name"]), str_of(&from["configMapKeyRef"]["key"]));
        let cm = fetch(ctx, out, "configmaps", &name)?;
        return cm["data"][&key].as_str().map(str::to_string).ok_or_else(|| format!("key {key} not found in config map {name}"));
    }
    if from["fieldRef"].is_object() {
        let path = str_of(&from["fieldRef"]["fieldPath"]);
        let meta = &obj["metadata"];
        let format_map = |m: &Value| m.as_object().map(|m| m.iter().map(|(k, v)| format!("{k}={}", podlife_model::json::quote(v.as_str().unwrap_or_default()))).collect::<Vec<_>>().join("\n")).unwrap_or_default();
        if let Some((field, key)) = path.strip_suffix("']").and_then(|p| p.split_once("['")).filter(|(f, _)| !f.is_empty()) {
            return match field {
                "metadata.annotations" | "metadata.labels" => Ok(str_of(&meta[field.trim_start_matches("metadata.")][key])),
                _ => Err(format!("fieldPath {} does not support subscript", podlife_model::json::quote(&path))),
            };
        }
        return match path.as_str() {
            "metadata.annotations" => Ok(format_map(&meta["annotations"])),
            "metadata.labels" => Ok(format_map(&meta["labels"])),
            "metadata.name" => Ok(str_of(&meta["name"])),
            "metadata.namespace" => Ok(str_of(&meta["namespace"])),
            "metadata.uid" => Ok(str_of(&meta["uid"])),
            other => Err(format!("unsupported fieldPath: {other}")),
        };
    }
    if from["resourceFieldRef"].is_object() {
        let resource = str_of(&from["resourceFieldRef"]["resource"]);
        let Some((kind, name)) = resource.split_once('.').filter(|(k, n)| matches!(*k, "limits" | "requests") && matches!(*n, "cpu" | "memory" | "ephemeral-storage")) else {
            return Err(format!("Unsupported container resource : {resource}"));
        };
        let quantity = |v: &Value| podlife_model::quantity::Quantity::parse(v.as_str().unwrap_or("0")).unwrap_or_else(|_| podlife_model::quantity::Quantity::new(0, podlife_model::quantity::Format::DecimalSI));
        let value = quantity(&container["resources"][kind][name]);
        let divisor = from["resourceFieldRef"]["divisor"].as_str().filter(|d| !d.is_empty() && *d != "0").map(|d| quantity(&Value::String(d.into())));
        let ceil_div = |a: i64, b: i64| if b == 0 { 0 } else { (a as f64 / b as f64).ceil() as i64 };
        return Ok(if name == "cpu" {
            ceil_div(value.milli_value(), divisor.map_or(1000, |d| d.milli_value()))
        } else {
            ceil_div(value.value(), divisor.map_or(1, |d| d.value()))
        }
        .to_string());
    }
    Err("invalid valueFrom".into())
}

/// `keyToEnvName`: characters other than `[a-zA-Z0-9_]` become `_`, then upper case.
fn key_to_env_name(key: &str, out: &mut Output) -> String {
    let name: String = key.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c.to_ascii_uppercase() } else { '_' }).collect();
    if name != key {
        out.err(&format!("Warning: key {key} transferred to {name}\n"));
    }
    name
}

/// `kubectl set env RESOURCE/NAME KEY=VAL … [KEY-] [--from=configmap/X|secret/X] [--list]`.
pub fn env(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs: Vec<Spec> = COMMON.iter().chain(ENV_FLAGS).copied().collect();
    let p = match flags::parse(args, &specs, "set env") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    // Complete, then Validate, in set_env.go's order.
    if p.flag("all") && p.get("selector").is_some_and(|s| !s.is_empty()) {
        return out.err("error: cannot set --all and --selector at the same time\n");
    }
    let Some((resources, env_args)) = split_env_args(&p.args) else {
        return out.err(&format!("error: all resources must be specified before environment changes: {}\n", p.args.join(" ")));
    };
    let dry = match dry_run(&p, "set env") {
        Ok(d) => d,
        Err(e) => return out.err(&e),
    };
    if p.flag("local") || p.has("filename") {
        return out.err("error: podlife does not model kubectl set env --local or -f: name the objects in the cluster instead\n");
    }
    if resources.is_empty() {
        return out.err("error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n");
    }
    if p.flag("list") && p.has("output") {
        return out.err("error: --list and --output may not be specified together\n");
    }
    let keys: Vec<String> = p.all("keys").iter().flat_map(|k| k.split(',').map(str::to_string).collect::<Vec<_>>()).collect();
    if !keys.is_empty() && p.get("from").is_none_or(str::is_empty) {
        return out.err("error: when specifying --keys, a configmap or secret must be provided with --from\n");
    }
    // RunEnv.
    let specs_all: Vec<String> = p.all("env").into_iter().chain(env_args.iter().cloned()).collect();
    let (mut env, remove) = match parse_env(&specs_all, ctx.stdin) {
        Ok(e) => e,
        Err(e) => return out.err(&format!("error: {e}\n")),
    };
    let namespace = namespace_of(&p);
    if let Some(from) = p.get("from").filter(|f| !f.is_empty()) {
        let from_args: Vec<String> = vec![from.to_string()];
        let Some((sources, errors)) = targets(ctx, &p, &from_args, out) else { return };
        if let Some(e) = errors.into_iter().next() {
            return out.err(&e);
        }
        for source in sources {
            let (reference, encoded) = match source.rt.kind {
                "Secret" => ("secretKeyRef", true),
                "ConfigMap" => ("configMapKeyRef", false),
                _ => return out.err("error: unsupported resource specified in --from\n"),
            };
            let _ = encoded;
            // Go reads the data map in random order; podlife takes the keys sorted.
            for key in source.object["data"].as_object().map(|m| m.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
                if !keys.is_empty() && !keys.contains(&key) {
                    continue;
                }
                let name = key_to_env_name(&key, out);
                let mut selector = Map::new();
                selector.insert("key".into(), Value::String(key.clone()));
                selector.insert("name".into(), Value::String(source.name().to_string()));
                let mut value_from = Map::new();
                value_from.insert(reference.into(), Value::Object(selector));
                let mut var = Map::new();
                var.insert("name".into(), Value::String(name));
                var.insert("valueFrom".into(), Value::Object(value_from));
                env.push(Value::Object(var));
            }
        }
    }
    if let Some(prefix) = p.get("prefix").filter(|p| !p.is_empty()) {
        for e in env.iter_mut() {
            let name = format!("{prefix}{}", e["name"].as_str().unwrap_or_default());
            e["name"] = Value::String(name);
        }
    }
    let Some((found, mut errors)) = targets(ctx, &p, &resources, out) else { return };
    let pattern = p.get("containers").unwrap_or("*").to_string();
    let overwrite = !p.has("overwrite") || p.flag("overwrite");
    for target in found {
        let path = match target.pod_spec_path() {
            Ok(path) => path,
            Err(e) => {
                errors.push(format!("error: {} {e}\n\n", target.object_name()));
                continue;
            }
        };
        let mut changed = target.object.clone();
        let spec = at_mut(&mut changed, path);
        // Regular containers first, then init containers, as selectContainers appends them.
        let mut selected: Vec<(&str, usize)> = Vec::new();
        for list in ["containers", "initContainers"] {
            for (i, c) in spec[list].as_array().into_iter().flatten().enumerate() {
                if select(c["name"].as_str().unwrap_or_default(), &pattern) {
                    selected.push((list, i));
                }
            }
        }
        if selected.is_empty() {
            out.err(&format!("Warning: {}/{} does not have any containers matching {}\n", target.rt.kind, target.name(), podlife_model::json::quote(&pattern)));
            continue;
        }
        let mut failed = None;
        for (list, i) in selected {
            let container = &mut spec[list][i];
            let existing = container["env"].as_array().cloned().unwrap_or_default();
            if !overwrite
                && let Some((name, current)) = env.iter().find_map(|e| {
                    let name = e["name"].as_str().unwrap_or_default();
                    existing.iter().find(|x| x["name"] == name).filter(|x| x["value"] != e["value"]).map(|x| (name.to_string(), x["value"].as_str().unwrap_or_default().to_string()))
                })
            {
                failed = Some(format!("'{name}' already has a value ({current}), and --overwrite is false"));
                break;
            }
            let updated = update_env(&existing, &env, &remove);
            if updated.is_empty() {
                if let Some(m) = container.as_object_mut() {
                    m.remove("env");
                }
            } else {
                container["env"] = Value::Array(updated);
            }
            if p.flag("list") {
                let container = container.clone();
                out.out(&format!("# {} {}, container {}\n", target.rt.kind, target.name(), container["name"].as_str().unwrap_or_default()));
                let mut resolve_errors: Vec<(String, Vec<String>)> = Vec::new();
                for e in container["env"].as_array().into_iter().flatten() {
                    let name = e["name"].as_str().unwrap_or_default();
                    if !e["valueFrom"].is_object() {
                        out.out(&format!("{name}={}\n", e["value"].as_str().unwrap_or_default()));
                        continue;
                    }
                    if p.flag("resolve") {
                        match ref_value(ctx, out, &namespace, &e["valueFrom"], &target.object, &container) {
                            Ok(v) => {
                                out.out(&format!("{name}={v}\n"));
                                continue;
                            }
                            Err(err) => match resolve_errors.iter_mut().find(|(e, _)| *e == err) {
                                Some((_, vars)) => vars.push(name.to_string()),
                                None => resolve_errors.push((err, vec![name.to_string()])),
                            },
                        }
                    }
                    out.out(&format!("# {name} from {}\n", ref_string(&e["valueFrom"])));
                }
                let mut lines: Vec<String> = resolve_errors
                    .into_iter()
                    .map(|(err, mut vars)| {
                        podlife_engine::sort::sort(&mut vars);
                        format!("error retrieving reference for {}: {err}\n", vars.join(", "))
                    })
                    .collect();
                podlife_engine::sort::sort(&mut lines);
                if !lines.is_empty() {
                    for l in lines {
                        out.err(&l);
                    }
                    failed = Some("failed to retrieve valueFrom references".into());
                }
            }
        }
        if let Some(e) = failed {
            errors.push(format!("error: {} {e}\n\n", target.object_name()));
            continue;
        }
        if p.flag("list") {
            continue;
        }
        apply_change(ctx, &p, out, &target, changed, dry, "env updated", "failed to patch env update to pod template: ", &mut errors);
    }
    print_errors(out, errors);
}

/// `kubectl set resources RESOURCE/NAME [-c NAME] --limits=cpu=…,memory=… --requests=…`.
pub fn resources(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs: Vec<Spec> = COMMON.iter().chain(RESOURCES_FLAGS).copied().collect();
    let p = match flags::parse(args, &specs, "set resources") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    if p.has("record") {
        out.err("Flag --record has been deprecated, --record will be removed in the future\n");
    }
    let dry = match dry_run(&p, "set resources") {
        Ok(d) => d,
        Err(e) => return out.err(&e),
    };
    if p.flag("local") || p.has("filename") {
        return out.err("error: podlife does not model kubectl set resources --local or -f: name the objects in the cluster instead\n");
    }
    // Complete reads the objects first; Validate checks the flags after.
    let Some((found, mut errors)) = targets(ctx, &p, &p.args, out) else { return };
    if p.flag("all") && p.get("selector").is_some_and(|s| !s.is_empty()) {
        return out.err("error: cannot set --all and --selector at the same time\n");
    }
    let (limits_flag, requests_flag) = (p.get("limits").unwrap_or_default(), p.get("requests").unwrap_or_default());
    if limits_flag.is_empty() && requests_flag.is_empty() {
        return out.err("error: you must specify an update to requests or limits (in the form of --requests/--limits)\n");
    }
    let (limits, requests) = match (resource_list(limits_flag), resource_list(requests_flag)) {
        (Ok(l), Ok(r)) => (l, r),
        (Err(e), _) | (_, Err(e)) => return out.err(&format!("error: {e}\n")),
    };
    let pattern = p.get("containers").unwrap_or("*").to_string();
    for target in found {
        let path = match target.pod_spec_path() {
            Ok(path) => path,
            Err(e) => {
                errors.push(format!("error: {} {e}\n\n", target.object_name()));
                continue;
            }
        };
        let mut changed = target.object.clone();
        let spec = at_mut(&mut changed, path);
        let mut transformed = false;
        for list in ["containers", "initContainers"] {
            for c in spec[list].as_array_mut().into_iter().flatten() {
                if !select(c["name"].as_str().unwrap_or_default(), &pattern) {
                    continue;
                }
                for (field, values, given) in [("limits", &limits, !limits_flag.is_empty()), ("requests", &requests, !requests_flag.is_empty())] {
                    if given && !c["resources"][field].is_object() {
                        c["resources"][field] = Value::Object(Map::new());
                    }
                    for (k, v) in values {
                        c["resources"][field][k] = Value::String(v.clone());
                    }
                }
                transformed = true;
            }
        }
        if !transformed {
            errors.push(format!("error: unable to find container named {pattern}\n"));
            continue;
        }
        apply_change(ctx, &p, out, &target, changed, dry, "resource requirements updated", "failed to patch resources update to pod template ", &mut errors);
    }
    print_errors(out, errors);
}

/// `populateResourceListV1`: `name=quantity,…`, each quantity parsed (and kept in its
/// canonical form, as a `resource.Quantity` serialises).
fn resource_list(spec: &str) -> Result<Vec<(String, String)>, String> {
    if spec.is_empty() {
        return Ok(vec![]);
    }
    let mut list = Vec::new();
    for statement in spec.split(',') {
        let parts: Vec<&str> = statement.split('=').collect();
        let [name, value] = parts.as_slice() else {
            return Err(format!("Invalid argument syntax {statement}, expected <resource>=<value>"));
        };
        let q = podlife_model::quantity::Quantity::parse(value).map_err(|e| e.to_string())?;
        list.retain(|(n, _): &(String, String)| n != name);
        list.push((name.to_string(), q.to_string()));
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use podlife_engine::json;

    #[test]
    fn container_patterns_as_select_string() {
        assert!(select("web", "*"));
        assert!(select("web", "w*"));
        assert!(select("web", "*b"));
        assert!(!select("web", "*x"));
        assert!(!select("sidecar", "web*"));
        assert!(select("web-proxy", "web*proxy"));
    }

    #[test]
    fn env_args_split_and_parse() {
        let a = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(split_env_args(&a("deploy/web A=1 B-")), Some((a("deploy/web"), a("A=1 B-"))));
        assert_eq!(split_env_args(&a("A=1 deploy/web")), None);
        assert_eq!(parse_env(&a("A=1 A-"), None).unwrap_err(), "can not both modify and remove the same environment variable in the same command");
        assert_eq!(parse_env(&a("nope"), None).unwrap_err(), "unknown environment variable: nope");
        assert!(parse_env(&a("1A=x"), None).unwrap_err().starts_with("\"1A\" is not a valid key name: a valid environment variable name"));
    }

    #[test]
    fn update_env_keeps_places_and_appends() {
        let existing = vec![env_var("A", "1"), env_var("B", "2"), env_var("C", "3")];
        let got = update_env(&existing, &[env_var("B", "20"), env_var("D", "4")], &["A".into()]);
        assert_eq!(got, vec![env_var("B", "20"), env_var("C", "3"), env_var("D", "4")]);
    }

    #[test]
    fn two_way_patch_by_name() {
        let before = json!({"spec": {"containers": [{"name": "c", "image": "x", "env": [{"name": "A", "value": "1"}, {"name": "B", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}}]}]}});
        let after = json!({"spec": {"containers": [{"name": "c", "image": "x", "env": [{"name": "B", "value": "2"}, {"name": "C", "value": "3"}]}]}});
        let patch = two_way(&before, &after).expect("a change");
        assert_eq!(
            patch,
            json!({"spec": {"$setElementOrder/containers": [{"name": "c"}], "containers": [{"name": "c", "$setElementOrder/env": [{"name": "B"}, {"name": "C"}], "env": [{"name": "B", "value": "2", "valueFrom": null}, {"name": "C", "value": "3"}, {"$patch": "delete", "name": "A"}]}]}})
        );
        assert_eq!(two_way(&before, &before), None);
    }

    #[test]
    fn resource_lists() {
        assert_eq!(resource_list("cpu=200m,memory=512Mi"), Ok(vec![("cpu".into(), "200m".into()), ("memory".into(), "512Mi".into())]));
        assert_eq!(resource_list("cpu=0.5"), Ok(vec![("cpu".into(), "500m".into())]));
        assert_eq!(resource_list("cpu").unwrap_err(), "Invalid argument syntax cpu, expected <resource>=<value>");
        assert!(resource_list("cpu=abc").unwrap_err().starts_with("quantities must match"));
    }
}

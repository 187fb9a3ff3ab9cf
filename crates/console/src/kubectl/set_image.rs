//! `kubectl set image` (`pkg/cmd/set/set_image.go`) and the dispatch of `kubectl set`: the
//! objects named (`TYPE NAME…`, `TYPE/NAME…`, `TYPE --all`, `TYPE -l SELECTOR`, `-f FILE`) read
//! first — any error then ends the command before anything changes (`Complete` returns the
//! builder's `Infos()` error) —, each one's pod spec (`UpdatePodSpecForObjectFn`: a Pod's own, a
//! CronJob's job template's, the template of the others) given the new images, and a patch
//! sent for each that changed; one that did not change prints nothing.

use podlife_model::ResourceType;
use serde_json::Value;

use super::file_targets::{VisitError, print_errors};
use super::flags::{self, Kind, Spec};
use super::rollout_targets::{self, Target};
use super::{Context, send};
use crate::Output;

const CHANGE_CAUSE: &str = "kubernetes.io/change-cause";

/// `kubectl set SUB …`.
#[inline(never)]
pub fn set(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    match args.first().map(String::as_str) {
        Some("image") => {}
        Some("env") => return super::set_podspec::env(ctx, &args[1..], out),
        Some("resources") => return super::set_podspec::resources(ctx, &args[1..], out),
        Some(sub) if !sub.starts_with('-') => return out.err(&format!("error: podlife does not model kubectl set {sub} yet\n")),
        _ => return out.err("error: podlife does not model kubectl set without a subcommand; try kubectl set image, env or resources\n"),
    }
    image(ctx, &args[1..], out);
}

/// `kubectl set image (-f FILE | TYPE NAME) CONTAINER=IMAGE…`.
fn image(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [Spec { long: "record", short: None, kind: Kind::OptionalValue("true") }, Spec { long: "all", short: None, kind: Kind::Bool }];
    let Some(p) = rollout_targets::parse(args, &specs, "set image", out) else { return };
    // `--record` (genericclioptions.RecordFlags) is deprecated but still records the command
    // line in `kubernetes.io/change-cause`, which `rollout history` shows.
    let record = p.get("record").is_some_and(|v| v == "true");
    if p.has("record") {
        out.err("Flag --record has been deprecated, --record will be removed in the future\n");
    }
    // `getResourcesAndImages`: an argument with `=` is an image update, the others resources.
    let (resources, pairs): (Vec<String>, Vec<String>) = p.args.iter().cloned().partition(|a| !a.contains('='));
    let mut rp = p.clone();
    rp.args = resources.clone();
    // `Complete`: the builder, then its `Infos()`; a TYPE alone takes every object only with
    // `--all` (`ResourceTypeOrNameArgs(o.All, …)`) or a selector.
    if resources.is_empty() && p.all("filename").is_empty() {
        return out.err("error: you must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n");
    }
    if p.all("filename").is_empty() && !p.flag("all") && p.get("selector").is_none() && !resources.iter().any(|r| r.contains('/')) && resources.len() == 1 {
        return out.err("error: resource(s) were provided, but no name was specified\n");
    }
    let mut errors = Vec::new();
    let Some(targets) = rollout_targets::find(ctx, &rp, out, &mut errors) else { return };
    if !errors.is_empty() {
        return print_errors(&errors, out);
    }
    // `Validate`.
    if p.flag("all") && p.get("selector").is_some() {
        return out.err("error: cannot set --all and --selector at the same time\n");
    }
    if pairs.is_empty() {
        return out.err("error: at least one image update is required\n");
    }
    if pairs.len() > 1 && pairs.iter().any(|pair| pair.split('=').next() == Some("*")) {
        return out.err("error: all containers are already specified by *, but saw more than one container_name=container_image pairs\n");
    }
    let cause = record.then(|| change_cause("kubectl set image", args, &p));
    for t in &targets {
        if let Err(e) = update(ctx, t, &pairs, cause.as_deref(), out, &mut errors) {
            errors.push(e);
        }
    }
    print_errors(&errors, out);
}

/// Where a kind keeps its pod spec, for `UpdatePodSpecForObjectFn`: the path of the pod
/// template (`""`: the object is the pod); None for a kind without one.
fn template_path(rt: &ResourceType) -> Option<&'static [&'static str]> {
    match rt.kind {
        "Pod" => Some(&[]),
        "CronJob" => Some(&["spec", "jobTemplate", "spec", "template"]),
        "Deployment" | "DaemonSet" | "ReplicaSet" | "StatefulSet" | "Job" | "ReplicationController" => Some(&["spec", "template"]),
        _ => None,
    }
}

/// One object's images set and, when that changed its pod spec, the patch sent; the errors
/// of its pairs go to `errors` (the patch is still made for the others, as upstream's
/// updater collects them and carries on).
fn update(ctx: &mut Context<'_>, t: &Target, pairs: &[String], cause: Option<&str>, out: &mut Output, errors: &mut Vec<VisitError>) -> Result<(), VisitError> {
    let (rt, name) = (t.rt, t.name.as_str());
    let Some(path) = template_path(rt) else {
        // `CalculatePatches`' error: `error: %s %v\n` of `ObjectName()` and the updater's.
        return Err(VisitError::Plain(format!("error: {}/{name} the object is not a pod or does not have a pod template: *{}.{}\n", rt.plural, rt.version, rt.kind)));
    };
    let template = path.iter().fold(&t.object, |v, key| &v[*key]);
    let mut updated = template.clone();
    for pair in pairs {
        let (container, image) = pair.split_once('=').unwrap_or_default();
        let mut found = false;
        for list in ["initContainers", "containers"] {
            // (`get_mut`: indexing would add the absent list as `null`.)
            if let Some(cs) = updated.get_mut("spec").and_then(|s| s.get_mut(list)).and_then(Value::as_array_mut) {
                for c in cs.iter_mut().filter(|c| container == "*" || c["name"] == container) {
                    c["image"] = Value::String(image.to_string());
                    found = true;
                }
            }
        }
        if !found {
            errors.push(VisitError::Plain(format!("error: unable to find container named \"{container}\"")));
        }
    }
    // No change, no patch, nothing printed (the empty strategic merge patch is skipped); the
    // recorder's annotation is a change of its own.
    let changed = updated != *template;
    let cause = cause.filter(|c| t.object["metadata"]["annotations"][CHANGE_CAUSE] != *c);
    if !changed && cause.is_none() {
        return Ok(());
    }
    // The changed pod spec, nested as the object holds it (a JSON merge patch: the containers
    // go as a whole).
    let mut body = serde_json::json!({});
    if changed {
        body = serde_json::json!({"spec": updated["spec"].take()});
        for key in path.iter().rev() {
            let mut outer = serde_json::Map::new();
            outer.insert((*key).to_string(), body);
            body = Value::Object(outer);
        }
    }
    if let Some(cause) = cause {
        body["metadata"]["annotations"][CHANGE_CAUSE] = Value::String(cause.to_string());
    }
    match send(ctx, out, super::rollout::patch_request(rt, &t.namespace, name, body, "kubectl-set")) {
        Ok(_) => {
            out.out(&format!("{} image updated\n", super::type_name(rt, name)));
            Ok(())
        }
        Err(s) => Err(VisitError::Plain(format!("failed to patch image update to pod template: {}", s.message))),
    }
}

/// `parseCommandArguments` (record_flags.go): the program, the command's words and positional
/// arguments, then each flag as pflag visits them (in order, `--name=value`).
fn change_cause(command: &str, args: &[String], p: &flags::Parsed) -> String {
    let mut cause = command.to_string();
    for a in &p.args {
        cause.push(' ');
        cause.push_str(a);
    }
    for a in args {
        let name = match a.strip_prefix("--") {
            Some(long) => long.split('=').next().unwrap_or_default().to_string(),
            None if a == "-n" || a.starts_with("-n") && a.len() > 2 => "namespace".to_string(),
            None => continue,
        };
        if let Some(value) = p.get(&name) {
            cause.push_str(&format!(" --{name}={value}"));
        }
    }
    cause
}

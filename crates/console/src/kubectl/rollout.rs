//! `kubectl rollout status|history|undo|pause|resume|restart` and `kubectl scale`
//! (`kubectl/pkg/cmd/rollout`, `pkg/cmd/scale`,
//! `pkg/polymorphichelpers/{rollout_status,history,rollback}.go`): status for Deployments,
//! StatefulSets and DaemonSets (one object); history and undo for Deployments (their
//! ReplicaSets) and for StatefulSets and DaemonSets (their ControllerRevisions); pause and resume
//! for Deployments, restart for the three; all but status on every object named
//! (`rollout_targets.rs`).

use podlife_engine::store::{EventType, ObjectKey};
use podlife_engine::{Request, Verb};
use podlife_model::ResourceType;
use serde_json::Value;

use super::file_targets::{VisitError, print_errors};
use super::flags::{self, Kind, Spec};
use super::rollout_targets::{self, Target};
use super::{Context, namespace_of, send, server_error};
use crate::Output;

const REVISION: &str = "deployment.kubernetes.io/revision";
const CHANGE_CAUSE: &str = "kubernetes.io/change-cause";

/// `TYPE/NAME` or `TYPE NAME` → (resource, name).
fn target(args: &[String], command: &str) -> Result<(&'static ResourceType, String), String> {
    let (kind, name) = match args {
        [one] => match one.split_once('/') {
            Some((k, n)) => (k.to_string(), n.to_string()),
            None => return Err(format!("error: you must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\nSee 'kubectl {command} -h' for help and examples\n")),
        },
        [k, n] => (k.clone(), n.clone()),
        [] => return Err(format!("error: required resource not specified\nSee 'kubectl {command} -h' for help and examples\n")),
        _ => return Err(format!("error: podlife runs `kubectl {command}` on one resource at a time\n")),
    };
    let rt = ResourceType::resolve(&kind).ok_or_else(|| format!("error: the server doesn't have a resource type \"{kind}\"\n"))?;
    Ok((rt, name))
}

fn get(ctx: &Context<'_>, rt: &'static ResourceType, ns: &str, name: &str) -> Option<Value> {
    ctx.engine.store().get(&ObjectKey::new(rt, Some(ns), name)).map(podlife_engine::Slot::to_value)
}

fn not_found(rt: &ResourceType, name: &str) -> String {
    format!("Error from server (NotFound): {} \"{name}\" not found\n", rt.qualified_plural())
}

/// A JSON merge patch from kubectl, answered with `<kind>.<group>/<name> <what>`.
fn patch(ctx: &mut Context<'_>, out: &mut Output, rt: &'static ResourceType, ns: &str, name: &str, body: Value, field_manager: &str) -> bool {
    submit(ctx, out, patch_request(rt, ns, name, body, field_manager))
}

pub(super) fn patch_request(rt: &'static ResourceType, ns: &str, name: &str, body: Value, field_manager: &str) -> Request {
    let mut req = Request::new(Verb::Patch, rt);
    req.namespace = Some(ns.to_string());
    req.name = Some(name.to_string());
    req.body = Some(body);
    req.field_manager = field_manager.into();
    req
}

/// Sends a request; false once its error is printed.
fn submit(ctx: &mut Context<'_>, out: &mut Output, req: Request) -> bool {
    let (kind, name) = (req.resource.kind, req.name.clone().unwrap_or_default());
    match send(ctx, out, req) {
        Ok(_) => true,
        Err(s) => {
            out.err(&server_error(&s, kind, &name, None));
            false
        }
    }
}

fn qualified_name(rt: &ResourceType, name: &str) -> String {
    if rt.group.is_empty() { format!("{}/{name}", rt.singular) } else { format!("{}.{}/{name}", rt.singular, rt.group) }
}

#[inline(never)]
pub fn rollout(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let Some(sub) = args.first() else {
        return out.err("error: Must specify one of: history, pause, restart, resume, status, undo\nSee 'kubectl rollout -h' for help and examples\n");
    };
    let rest = &args[1..];
    match sub.as_str() {
        "status" => status(ctx, rest, out),
        "history" => history(ctx, rest, out),
        "undo" => undo(ctx, rest, out),
        "pause" | "resume" | "restart" => pause_resume_restart(ctx, sub, rest, out),
        other => out.err(&format!("error: unknown command \"{other}\" for \"kubectl rollout\"\nDid you mean this?\n\thistory\n\tstatus\nRun 'kubectl rollout --help' for usage.\n")),
    }
}

fn deployment_only(rt: &ResourceType, out: &mut Output) -> bool {
    if rt.kind == "Deployment" {
        return true;
    }
    match rt.kind {
        "DaemonSet" => out.err("podlife: only `kubectl rollout status` is modelled for DaemonSets so far\n"),
        "StatefulSet" => out.err("podlife: for a StatefulSet, only `kubectl rollout status` is modelled so far\n"),
        kind => out.err(&format!("error: no status viewer has been implemented for {kind}\n")),
    }
    false
}

/// `DeploymentStatusViewer.Status`: the line, and whether the rollout is done.
fn status_line(d: &Value) -> Result<(String, bool), String> {
    let name = d["metadata"]["name"].as_str().unwrap_or_default();
    let int = |v: &Value| v.as_i64().unwrap_or(0);
    let st = &d["status"];
    if int(&d["metadata"]["generation"]) > int(&st["observedGeneration"]) {
        return Ok(("Waiting for deployment spec update to be observed...\n".into(), false));
    }
    let progressing = st["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "Progressing"));
    if progressing.is_some_and(|c| c["reason"] == "ProgressDeadlineExceeded") {
        return Err(format!("error: deployment \"{name}\" exceeded its progress deadline\n"));
    }
    let replicas = int(&d["spec"]["replicas"]);
    let (updated, total, available) = (int(&st["updatedReplicas"]), int(&st["replicas"]), int(&st["availableReplicas"]));
    Ok(if updated < replicas {
        (format!("Waiting for deployment \"{name}\" rollout to finish: {updated} out of {replicas} new replicas have been updated...\n"), false)
    } else if total > updated {
        (format!("Waiting for deployment \"{name}\" rollout to finish: {} old replicas are pending termination...\n", total - updated), false)
    } else if available < updated {
        (format!("Waiting for deployment \"{name}\" rollout to finish: {available} of {updated} updated replicas are available...\n"), false)
    } else {
        (format!("deployment \"{name}\" successfully rolled out\n"), true)
    })
}

/// `StatefulSetStatusViewer.Status`.
fn statefulset_status_line(s: &Value) -> Result<(String, bool), String> {
    let int = |v: &Value| v.as_i64().unwrap_or(0);
    let (spec, st) = (&s["spec"], &s["status"]);
    let strategy = &spec["updateStrategy"];
    if strategy["type"].as_str().unwrap_or("RollingUpdate") != "RollingUpdate" {
        return Err("error: rollout status is only available for RollingUpdate strategy type\n".into());
    }
    if int(&st["observedGeneration"]) == 0 || int(&s["metadata"]["generation"]) > int(&st["observedGeneration"]) {
        return Ok(("Waiting for statefulset spec update to be observed...\n".into(), false));
    }
    let replicas = spec["replicas"].as_i64();
    if let Some(r) = replicas
        && int(&st["readyReplicas"]) < r {
            return Ok((format!("Waiting for {} pods to be ready...\n", r - int(&st["readyReplicas"])), false));
        }
    let updated = int(&st["updatedReplicas"]);
    if strategy["rollingUpdate"].is_object() {
        if let (Some(r), Some(partition)) = (replicas, strategy["rollingUpdate"]["partition"].as_i64())
            && updated < r - partition {
                return Ok((format!("Waiting for partitioned roll out to finish: {updated} out of {} new pods have been updated...\n", r - partition), false));
            }
        return Ok((format!("partitioned roll out complete: {updated} new pods have been updated...\n"), true));
    }
    let (current, update) = (st["currentRevision"].as_str().unwrap_or_default(), st["updateRevision"].as_str().unwrap_or_default());
    if update != current {
        return Ok((format!("waiting for statefulset rolling update to complete {updated} pods at revision {update}...\n"), false));
    }
    Ok((format!("statefulset rolling update complete {} pods at revision {current}...\n", int(&st["currentReplicas"])), true))
}

/// `DaemonSetStatusViewer.Status`: the line, and whether the rollout is done.
fn daemonset_status_line(d: &Value) -> Result<(String, bool), String> {
    let name = d["metadata"]["name"].as_str().unwrap_or_default();
    let int = |v: &Value| v.as_i64().unwrap_or(0);
    if d["spec"]["updateStrategy"]["type"] != "RollingUpdate" {
        return Err("error: rollout status is only available for RollingUpdate strategy type\n".into());
    }
    let st = &d["status"];
    if int(&d["metadata"]["generation"]) > int(&st["observedGeneration"]) {
        return Ok(("Waiting for daemon set spec update to be observed...\n".into(), false));
    }
    let (desired, updated, available) = (int(&st["desiredNumberScheduled"]), int(&st["updatedNumberScheduled"]), int(&st["numberAvailable"]));
    Ok(if updated < desired {
        (format!("Waiting for daemon set \"{name}\" rollout to finish: {updated} out of {desired} new pods have been updated...\n"), false)
    } else if available < desired {
        (format!("Waiting for daemon set \"{name}\" rollout to finish: {available} of {desired} updated pods are available...\n"), false)
    } else {
        (format!("daemon set \"{name}\" successfully rolled out\n"), true)
    })
}

/// What a `kubectl rollout SUB` command works on: its flags, the resource and name, the
/// namespace and the object as stored. `allowed` decides whether the kind is followed here
/// (it prints why not); None once an error is printed.
struct Subject {
    p: flags::Parsed,
    rt: &'static ResourceType,
    name: String,
    ns: String,
    object: Value,
}

fn subject(ctx: &mut Context<'_>, args: &[String], specs: &[Spec], command: &str, out: &mut Output, allowed: impl Fn(&'static ResourceType, &mut Output) -> bool) -> Option<Subject> {
    let mut specs = specs.to_vec();
    specs.push(Spec { long: "filename", short: Some('f'), kind: Kind::Multi });
    let p = match flags::parse(args, &specs, command) {
        Ok(p) => p,
        Err(e) => {
            out.err(&format!("{e}\n"));
            return None;
        }
    };
    let target = match p.all("filename").is_empty() {
        true => target(&p.args, command).map(|(rt, name)| (rt, name, namespace_of(&p))),
        false => file_subject(ctx, &p, command, out)?,
    };
    let (rt, name, ns) = match target {
        Ok(t) => t,
        Err(e) => {
            out.err(&e);
            return None;
        }
    };
    if !allowed(rt, out) {
        return None;
    }
    let Some(object) = get(ctx, rt, &ns, &name) else {
        out.err(&not_found(rt, &name));
        return None;
    };
    Some(Subject { p, rt, name, ns, object })
}

/// `-f FILE`: the one object the files name, in its namespace (`file_targets.rs`); None when
/// the files could not be read (their error is printed).
fn file_subject(ctx: &mut Context<'_>, p: &flags::Parsed, command: &str, out: &mut Output) -> Option<Result<(&'static ResourceType, String, String), String>> {
    if let Err(e) = super::file_targets::paths_with_args(&p.args) {
        return Some(Err(e));
    }
    let found = super::file_targets::read(ctx, p, out)?;
    // `Latest`: each object is read first; the first that is missing ends the command.
    for t in &found {
        if let Err(s) = super::send(ctx, out, super::get_request(t.resource, &t.namespace, &t.name, p)) {
            return Some(Err(super::server_error(&s, t.resource.kind, &t.name, None)));
        }
    }
    Some(match found.as_slice() {
        [one] => super::file_targets::require_namespace(one, p).map(|()| (one.resource, one.name.clone(), one.namespace.clone())).map_err(|e| format!("error: {e}\n")),
        // `rollout status` (`rollout_status.go`, its only caller) takes one object.
        many => Err(format!("error: {command} is only supported on individual resources and resource collections - {} resources were found\n", many.len())),
    })
}

/// `rollout status`: one line per watch event of the Deployment until it is rolled out (or
/// `--timeout`, or once with `--watch=false`).
fn status(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [Spec { long: "watch", short: Some('w'), kind: Kind::OptionalValue("true") }, Spec { long: "timeout", short: None, kind: Kind::Value }, Spec { long: "revision", short: None, kind: Kind::Value }];
    let Some(Subject { p, rt, name, ns, object: d }) = subject(ctx, args, &specs, "rollout status", out, |rt, out| matches!(rt.kind, "StatefulSet" | "DaemonSet") || deployment_only(rt, out)) else { return };
    let status_line = match rt.kind {
        "StatefulSet" => statefulset_status_line,
        "DaemonSet" => daemonset_status_line,
        _ => status_line,
    };
    // 0 (the default) waits for ever, and so does a negative one (`ContextWithOptionalTimeout`);
    // podlife waits a week of simulated time, then stops the command and says so.
    let (timeout_ms, forever) = match p.get("timeout").map(|t| super::flags::duration_ms(t, "timeout", "rollout status")) {
        None | Some(Ok(..=0)) => ((crate::MAX_SLEEP_SECONDS * 1000.0) as u64, true),
        Some(Ok(ms)) => (ms as u64, false),
        Some(Err(e)) => return out.err(&e),
    };
    let show = |d: &Value, out: &mut Output| -> Option<bool> {
        match status_line(d) {
            Ok((line, done)) => {
                out.out(&line);
                Some(done)
            }
            Err(e) => {
                out.err(&e);
                None
            }
        }
    };
    match show(&d, out) {
        Some(false) if p.get("watch") != Some("false") => {}
        _ => return,
    }
    // rollout status watches the one object (a `metadata.name` field selector).
    let options = podlife_engine::WatchOptions { namespace: Some(ns.clone()), field_selector: Some(format!("metadata.name={name}")), ..Default::default() };
    let Ok(tap) = ctx.engine.open_watch(rt, &options) else { return };
    let deadline = ctx.engine.now().plus_millis(timeout_ms);
    let mut finished = false;
    'watch: while ctx.engine.step_until(deadline) {
        for (_, ev) in ctx.engine.drain_watch(tap) {
            if ev.event_type == EventType::Deleted {
                out.err("error: object has been deleted\n");
                finished = true;
                break 'watch;
            }
            match show(&(&ev.object).to_value(), out) {
                Some(false) => {}
                _ => {
                    finished = true;
                    break 'watch;
                }
            }
        }
    }
    ctx.engine.close_watch(tap);
    // A stopped simulation keeps its clock where it stopped (the stop is reported).
    if !finished && ctx.engine.stopped().is_none() {
        ctx.engine.set_clock(deadline);
        if forever {
            ctx.engine.stop_waiting(timeout_ms);
        } else {
            out.err("error: timed out waiting for the condition\n");
        }
    }
}

/// `GroupKind.String()`: `ReplicaSet.apps`, `Pod`.
fn group_kind(rt: &ResourceType) -> String {
    if rt.group.is_empty() { rt.kind.to_string() } else { format!("{}.{}", rt.kind, rt.group) }
}

/// The kinds with a history (`HistoryViewerFor`, `RollbackerFor`); `what` names the missing
/// helper in the error.
fn with_history(rt: &ResourceType, what: &str) -> Result<(), String> {
    match matches!(rt.kind, "Deployment" | "StatefulSet" | "DaemonSet") {
        true => Ok(()),
        false => Err(format!("no {what} has been implemented for {:?}", group_kind(rt))),
    }
}

/// A Deployment's ReplicaSets (by their revision annotation), or a StatefulSet's or DaemonSet's
/// ControllerRevisions (`controlledHistory`: selected by its selector and controlled by it), by
/// revision.
fn revisions(ctx: &Context<'_>, rt: &ResourceType, obj: &Value) -> Vec<(i64, Value)> {
    let ns = obj["metadata"]["namespace"].as_str().unwrap_or("default");
    let uid = &obj["metadata"]["uid"];
    let deployment = rt.kind == "Deployment";
    let selector = podlife_engine::Obj::untyped(&obj["spec"]["selector"]);
    let controlled = |o: &&podlife_engine::Slot| o["metadata"]["ownerReferences"].as_array().is_some_and(|refs| refs.iter().any(|r| r["controller"] == true && &r["uid"] == uid));
    let mut out: Vec<(i64, Value)> = ctx
        .engine
        .store()
        .list("apps", if deployment { "replicasets" } else { "controllerrevisions" }, Some(ns))
        .map(|(_, o)| o)
        .filter(|o| deployment || podlife_engine::labels::selector_matches(&selector, &o["metadata"]["labels"]))
        .filter(controlled)
        .filter_map(|o| {
            let revision = if deployment { o["metadata"]["annotations"][REVISION].as_str()?.parse::<i64>().ok()? } else { o["revision"].as_i64()? };
            Some((revision, o.to_value()))
        })
        .collect();
    podlife_engine::sort::sort_by_key(&mut out, |(r, _)| *r);
    out
}

/// The pod template a revision holds: the ReplicaSet's, or the ControllerRevision's patch
/// (`{"spec":{"template":{…,"$patch":"replace"}}}`) applied to the object.
fn revision_template(revision: &Value) -> Value {
    if revision["kind"] == "ControllerRevision" {
        let mut template = revision["data"]["spec"]["template"].clone();
        if let Some(t) = template.as_object_mut() {
            t.remove("$patch");
        }
        return template;
    }
    revision["spec"]["template"].clone()
}

/// `rollout history` (`polymorphichelpers/history.go`: `printHistory`): REVISION and
/// CHANGE-CAUSE (tabwriter padding 2), or one revision's template (`printTemplate`: the
/// describer's text without a tabwriter, so its tabs stay), after the name printer's
/// `deployment.apps/web ` line; for each object named (`rollout_targets.rs`).
fn history(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [Spec { long: "revision", short: None, kind: Kind::Value }];
    let Some(p) = rollout_targets::parse(args, &specs, "rollout history", out) else { return };
    let wanted: i64 = match p.get("revision").map(str::parse::<i64>) {
        None => 0,
        Some(Ok(n)) => n,
        _ => return out.err(&format!("error: invalid argument {:?} for \"--revision\" flag: strconv.ParseInt: parsing {:?}: invalid syntax\nSee 'kubectl rollout history --help' for usage.\n", p.get("revision").unwrap_or_default(), p.get("revision").unwrap_or_default())),
    };
    // `Validate`, before anything is read.
    if wanted < 0 {
        return out.err(&format!("error: revision must be a positive integer: {wanted}\n"));
    }
    let mut errors = Vec::new();
    let Some(targets) = rollout_targets::find(ctx, &p, out, &mut errors) else { return };
    for t in &targets {
        if let Err(e) = history_of(ctx, t, wanted, out) {
            errors.push(VisitError::Plain(e));
        }
    }
    print_errors(&errors, out);
}

/// One object's history (the visit's function); its error in `CheckErr`'s words.
fn history_of(ctx: &Context<'_>, t: &Target, wanted: i64, out: &mut Output) -> Result<(), String> {
    let (rt, name) = (t.rt, &t.name);
    with_history(rt, "history viewer")?;
    let revs = revisions(ctx, rt, &t.object);
    let heading = if wanted > 0 { format!(" with revision #{wanted}") } else { " ".to_string() };
    if revs.is_empty() {
        out.out(&format!("{}{heading}\nNo rollout history found.\n", qualified_name(rt, name)));
        return Ok(());
    }
    if wanted > 0 {
        let Some((_, rev)) = revs.iter().find(|(r, _)| *r == wanted) else {
            return Err("unable to find the specified revision".into());
        };
        let mut template = revision_template(rev);
        // The Deployment viewer shows the ReplicaSet's change-cause among the template's annotations.
        if let Some(cause) = rev["metadata"]["annotations"][CHANGE_CAUSE].as_str().filter(|c| !c.is_empty() && rt.kind == "Deployment") {
            template["metadata"]["annotations"][CHANGE_CAUSE] = Value::String(cause.to_string());
        }
        out.out(&format!("{}{heading}\n{}\n", qualified_name(rt, name), super::describe::pod_template_text(&template)));
        return Ok(());
    }
    let mut rows = String::from("REVISION\tCHANGE-CAUSE\n");
    for (r, rev) in &revs {
        let cause = rev["metadata"]["annotations"][CHANGE_CAUSE].as_str().filter(|c| !c.is_empty()).unwrap_or("<none>");
        rows.push_str(&format!("{r}\t{cause}\n"));
    }
    out.out(&format!("{}{heading}\n{}\n", qualified_name(rt, name), crate::printers::tabwriter::align(&rows, 0, 2)));
    Ok(())
}

/// `rollout undo [--to-revision=N] [--dry-run]` (`polymorphichelpers/rollback.go`): a
/// Deployment's template replaced by that ReplicaSet's (`DeploymentRollbacker`), a
/// StatefulSet's or DaemonSet's by the ControllerRevision's patch (`StatefulSetRollbacker`,
/// `DaemonSetRollbacker`); for each object named (`rollout_targets.rs`).
fn undo(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [Spec { long: "to-revision", short: None, kind: Kind::Value }, Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") }];
    let Some(p) = rollout_targets::parse(args, &specs, "rollout undo", out) else { return };
    let to: i64 = match p.get("to-revision").map(str::parse::<i64>) {
        None => 0,
        Some(Ok(n)) => n,
        _ => return out.err(&format!("error: invalid argument {:?} for \"--to-revision\" flag: strconv.ParseInt: parsing {:?}: invalid syntax\nSee 'kubectl rollout undo --help' for usage.\n", p.get("to-revision").unwrap_or_default(), p.get("to-revision").unwrap_or_default())),
    };
    let dry_run = match super::dry_run(&p, "rollout undo") {
        Ok(d) => d,
        Err(e) => return out.err(&e),
    };
    let mut errors = Vec::new();
    let Some(targets) = rollout_targets::find(ctx, &p, out, &mut errors) else { return };
    for t in &targets {
        if let Err(e) = undo_one(ctx, t, to, dry_run, out) {
            errors.push(e);
        }
    }
    print_errors(&errors, out);
}

/// One object's rollback (the visit's function): what it prints, or its error.
fn undo_one(ctx: &mut Context<'_>, t: &Target, to: i64, dry_run: super::DryRun, out: &mut Output) -> Result<(), VisitError> {
    let (rt, name, ns, object) = (t.rt, t.name.as_str(), t.namespace.as_str(), &t.object);
    let plain = |e: String| VisitError::Plain(e);
    let suffix = super::dry_suffix(dry_run);
    // RunUndo warns first about objects `kubectl apply` manages.
    if object["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"].is_string() {
        out.err(&format!("Warning: resource {}/{name} was previously managed with 'kubectl apply'. Rolling back will not update the kubectl.kubernetes.io/last-applied-configuration annotation, which may cause unexpected behavior on future 'kubectl apply' operations. Consider using 'kubectl apply' with your previous configuration file instead.\n", rt.plural));
    }
    with_history(rt, "rollbacker").map_err(plain)?;
    if to < 0 {
        return Err(plain(format!("unable to find specified revision {to} in history")));
    }
    let revs = revisions(ctx, rt, object);
    let deployment = rt.kind == "Deployment";
    let rev = if to == 0 {
        if revs.len() < 2 {
            return Err(plain(if deployment { format!("no rollout history found for deployment \"{name}\"") } else { "no last revision to roll back to".to_string() }));
        }
        revs[revs.len() - 2].1.clone()
    } else {
        match revs.iter().find(|(r, _)| *r == to) {
            Some((_, rev)) => rev.clone(),
            None => return Err(plain(format!("unable to find specified revision {to} in history"))),
        }
    };
    let target = if deployment { podlife_engine::controllers::deployment::template_without_hash(&rev) } else { revision_template(&rev) };
    if dry_run == super::DryRun::Client {
        // The Deployment rollbacker returns the ReplicaSet's template alone, the others prefix it.
        let (shown, prefix) = if deployment { (rev["spec"]["template"].clone(), "") } else { (target, "will roll back to ") };
        out.out(&format!("{} {prefix}{}{suffix}\n", qualified_name(rt, name), super::describe::pod_template_text(&shown)));
        return Ok(());
    }
    if deployment && object["spec"]["paused"] == true {
        return Err(plain("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again".into()));
    }
    let current = &object["spec"]["template"];
    if target == *current {
        // The revision asked for: 0 when none was.
        out.out(&format!("{} skipped rollback (current template already matches revision {to}){suffix}\n", qualified_name(rt, name)));
        return Ok(());
    }
    // Upstream replaces the template as a whole (a JSON patch for a Deployment, with the
    // revision's change-cause and the other annotations kept; the strategic `$patch: replace`
    // for the others); the merge patch sent here nulls what the revision lacks.
    let mut spec = serde_json::Map::new();
    spec.insert("template".into(), replacing(current, &target));
    let mut body = serde_json::Map::new();
    body.insert("spec".into(), Value::Object(spec));
    if deployment {
        // The Deployment's own bookkeeping annotations stay, the rest come from the ReplicaSet.
        const KEEP: [&str; 6] = ["kubectl.kubernetes.io/last-applied-configuration", REVISION, "deployment.kubernetes.io/revision-history", "deployment.kubernetes.io/desired-replicas", "deployment.kubernetes.io/max-replicas", "deprecated.deployment.rollback.to"];
        let mut annotations = serde_json::Map::new();
        for (k, v) in object["metadata"]["annotations"].as_object().into_iter().flatten().filter(|(k, _)| KEEP.contains(&k.as_str())) {
            annotations.insert(k.clone(), v.clone());
        }
        for (k, v) in rev["metadata"]["annotations"].as_object().into_iter().flatten().filter(|(k, _)| !KEEP.contains(&k.as_str())) {
            annotations.insert(k.clone(), v.clone());
        }
        let annotations = Value::Object(annotations);
        let mut meta = serde_json::Map::new();
        meta.insert("annotations".into(), replacing(&object["metadata"]["annotations"], &annotations));
        body.insert("metadata".into(), Value::Object(meta));
    }
    let mut req = patch_request(rt, ns, name, Value::Object(body), "kubectl-rollout");
    req.dry_run = dry_run == super::DryRun::Server;
    match send(ctx, out, req) {
        Ok(_) => {
            out.out(&format!("{} rolled back{suffix}\n", qualified_name(rt, name)));
            Ok(())
        }
        Err(s) => Err(VisitError::server(&s, rt.kind, name)),
    }
}

/// A JSON merge patch that turns `current` into `target` (RFC 7386: objects merge, so keys
/// only `current` has are set to null; anything else is taken whole).
fn replacing(current: &Value, target: &Value) -> Value {
    match (current, target) {
        (Value::Object(cur), Value::Object(tgt)) => {
            let mut patch = serde_json::Map::new();
            for (k, v) in tgt {
                patch.insert(k.clone(), if v.is_null() { Value::Null } else { replacing(cur.get(k).unwrap_or(&Value::Null), v) });
            }
            for k in cur.keys().filter(|k| !tgt.contains_key(*k)) {
                patch.insert(k.clone(), Value::Null);
            }
            Value::Object(patch)
        }
        _ => target.clone(),
    }
}

/// `rollout pause|resume|restart` (`rollout_{pause,resume,restart}.go`): for each object named
/// (`rollout_targets.rs`), the patch its pauser, resumer or restarter makes
/// (`polymorphichelpers/object{pauser,resumer,restarter}.go`: restart takes Deployments,
/// DaemonSets and StatefulSets, pause and resume only Deployments), sent, then the name
/// printer's line; the errors after them all.
fn pause_resume_restart(ctx: &mut Context<'_>, sub: &str, args: &[String], out: &mut Output) {
    let Some(p) = rollout_targets::parse(args, &[], &format!("rollout {sub}"), out) else { return };
    let mut errors = Vec::new();
    let Some(targets) = rollout_targets::find(ctx, &p, out, &mut errors) else { return };
    if targets.is_empty() && errors.is_empty() {
        return out.err(&format!("No resources found in {} namespace.\n", namespace_of(&p)));
    }
    for t in &targets {
        let (rt, name) = (t.rt, t.name.as_str());
        let body = match object_patch(ctx, sub, t) {
            Ok(body) => body,
            Err(e) => {
                // `CalculatePatches`' error, named by the object's resource.
                errors.push(VisitError::Plain(format!("error: {} {name:?} {e}", rt.qualified_plural())));
                continue;
            }
        };
        let Some(body) = body else {
            // The restarter's patch changed nothing: `restartedAt` already holds this second.
            errors.push(VisitError::Plain(format!("failed to create patch for {name}: if restart has already been triggered within the past second, please wait before attempting to trigger another")));
            continue;
        };
        match send(ctx, out, patch_request(rt, &t.namespace, name, body, "kubectl-rollout")) {
            Ok(_) => out.out(&format!("{} {}\n", qualified_name(rt, name), match sub {
                "pause" => "paused",
                "resume" => "resumed",
                _ => "restarted",
            })),
            Err(s) => errors.push(VisitError::Plain(format!("failed to patch: {}", s.message))),
        }
    }
    print_errors(&errors, out);
}

/// The patch the pauser, resumer or restarter makes of an object (None: an empty one), or
/// its refusal.
fn object_patch(ctx: &Context<'_>, sub: &str, t: &Target) -> Result<Option<Value>, String> {
    let supported = if sub == "restart" { matches!(t.rt.kind, "Deployment" | "DaemonSet" | "StatefulSet") } else { t.rt.kind == "Deployment" };
    if !supported {
        return Err(format!("{} is not supported", match sub {
            "pause" => "pausing",
            "resume" => "resuming",
            _ => "restarting",
        }));
    }
    let paused = t.object["spec"]["paused"] == true;
    Ok(Some(match sub {
        "pause" if paused => return Err("is already paused".into()),
        "resume" if !paused => return Err("is not paused".into()),
        "pause" => serde_json::from_str::<Value>(r#"{"spec":{"paused":true}}"#).unwrap_or_default(),
        "resume" => serde_json::from_str::<Value>(r#"{"spec":{"paused":null}}"#).unwrap_or_default(),
        _ => {
            if paused {
                return Err("can't restart paused deployment (run rollout resume first)".into());
            }
            let now = ctx.engine.now().rfc3339();
            if t.object["spec"]["template"]["metadata"]["annotations"]["kubectl.kubernetes.io/restartedAt"] == now.as_str() {
                return Ok(None);
            }
            let mut b: Value = serde_json::from_str(r#"{"spec":{"template":{"metadata":{"annotations":{}}}}}"#).unwrap_or_default();
            b["spec"]["template"]["metadata"]["annotations"]["kubectl.kubernetes.io/restartedAt"] = Value::String(now);
            b
        }
    }))
}

/// `kubectl scale TYPE/NAME --replicas=N` (through the scale subresource upstream).
#[inline(never)]
pub fn scale(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [
        Spec { long: "replicas", short: None, kind: Kind::Value },
        Spec { long: "current-replicas", short: None, kind: Kind::Value },
        Spec { long: "all", short: None, kind: Kind::Bool },
        Spec { long: "selector", short: Some('l'), kind: Kind::Value },
        Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
    ];
    let p = match flags::parse(args, &specs, "scale") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let Some(replicas) = p.get("replicas") else {
        return out.err("error: required flag(s) \"replicas\" not set\n");
    };
    let Ok(replicas) = replicas.parse::<i64>() else {
        return out.err(&format!("error: invalid argument \"{replicas}\" for \"--replicas\" flag: strconv.ParseInt: parsing \"{replicas}\": invalid syntax\nSee 'kubectl scale --help' for usage.\n"));
    };
    if replicas < 0 {
        return out.err("error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n");
    }
    let ns = namespace_of(&p);
    let mut targets: Vec<super::file_targets::ObjectName> = Vec::new();
    if !p.all("filename").is_empty() {
        // `-f`: the objects the files name, each in its namespace (`file_targets.rs`).
        let Some((found, refused)) = super::file_targets::named(ctx, &p, out) else { return };
        if refused > 0 && found.is_empty() {
            return;
        }
        return scale_each(ctx, &p, out, found, replicas);
    }
    // The builder: `TYPE NAME…`, `TYPE/NAME…`, or `TYPE` with `--all` / `-l`.
    let selector = if p.flag("all") { Some(String::new()) } else { p.get("selector").map(str::to_string) };
    let groups = match super::resource_args(&p.args) {
        Ok(g) if !g.is_empty() => g,
        Ok(_) => return out.err(&target(&[], "scale").err().unwrap_or_default()),
        Err(e) => return out.err(&e),
    };
    let by_name = groups.iter().any(|(_, names)| !names.is_empty());
    if by_name && selector.is_some() {
        return out.err("error: name cannot be provided when a selector is specified\n");
    }
    if !by_name && selector.is_none() {
        return out.err("error: resource(s) were provided, but no name was specified\n");
    }
    for (rt, names) in &groups {
        if names.is_empty() {
            let mut list = Request::new(Verb::List, rt);
            list.namespace = Some(ns.clone());
            list.label_selector = selector.clone().filter(|s| !s.is_empty());
            if let Ok(podlife_engine::Response::List(items)) = send(ctx, out, list) {
                targets.extend(items.iter().filter_map(|o| o["metadata"]["name"].as_str()).map(|n| (*rt, ns.clone(), n.to_string())));
            }
        } else {
            targets.extend(names.iter().map(|n| (*rt, ns.clone(), n.clone())));
        }
    }
    scale_each(ctx, &p, out, targets, replicas);
}

/// Each target's `spec.replicas` set, after `--current-replicas` is checked.
fn scale_each(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, targets: Vec<super::file_targets::ObjectName>, replicas: i64) {
    if targets.is_empty() {
        return out.err("error: no objects passed to scale\n");
    }
    for (rt, ns, name) in targets {
        if !matches!(rt.kind, "Deployment" | "ReplicaSet" | "StatefulSet" | "ReplicationController") {
            out.err(&format!("error: no objects passed to scale {}/{name}\n", rt.qualified_plural()));
            continue;
        }
        let Some(current) = get(ctx, rt, &ns, &name) else {
            out.err(&not_found(rt, &name));
            continue;
        };
        if let Some(expected) = p.get("current-replicas").and_then(|c| c.parse::<i64>().ok())
            && current["spec"]["replicas"].as_i64() != Some(expected)
        {
            out.err(&format!("error: Expected replicas to be {expected}, was {}\n", current["spec"]["replicas"].as_i64().unwrap_or(0)));
            continue;
        }
        let body: Value = serde_json::from_str(&format!(r#"{{"spec":{{"replicas":{replicas}}}}}"#)).unwrap_or_default();
        if patch(ctx, out, rt, &ns, &name, body, "kubectl-scale") {
            out.out(&format!("{} scaled\n", qualified_name(rt, &name)));
        }
    }
}


#[cfg(test)]
mod tests {
    use super::replacing;
    use podlife_engine::json;

    /// The merge patch, applied as RFC 7386 says, gives the target exactly.
    #[test]
    fn replacing_patch_turns_current_into_target() {
        let current = json!({"metadata": {"labels": {"app": "db", "extra": "x"}}, "spec": {"containers": [{"name": "a", "image": "1"}], "nodeSelector": {"k": "v"}}});
        let target = json!({"metadata": {"labels": {"app": "db"}}, "spec": {"containers": [{"name": "a", "image": "2"}]}});
        let patch = replacing(&current, &target);
        assert_eq!(patch, json!({"metadata": {"labels": {"app": "db", "extra": null}}, "spec": {"containers": [{"name": "a", "image": "2"}], "nodeSelector": null}}));
    }
}

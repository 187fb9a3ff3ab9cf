//! `kubectl replace -f FILE` (kubectl's `pkg/cmd/replace/replace.go`): each object the files
//! name is written over the one in the cluster — `Helper.Replace` with overwrite takes the
//! stored `resourceVersion` when the file has none, then PUTs the whole object — and printed
//! as `pod/web replaced`. With `--force` every object is deleted first (a missing one is
//! fine: replace creates what is not there), each deletion is waited for, polled every second
//! up to `--timeout` (5 minutes by default), and the objects are created again: the way to
//! change what a running pod cannot change in place.

use serde_json::Value;

use super::flags::{self, Kind, Spec};
use super::{Context, DryRun, file_targets, send, server_error};
use crate::Output;
use podlife_engine::apiserver::status::Reason;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

const FLAGS: &[Spec] = &[
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
    Spec { long: "force", short: None, kind: Kind::Bool },
    Spec { long: "grace-period", short: None, kind: Kind::Value },
    Spec { long: "timeout", short: None, kind: Kind::Value },
    Spec { long: "cascade", short: None, kind: Kind::OptionalValue("background") },
    Spec { long: "wait", short: None, kind: Kind::Bool },
    Spec { long: "save-config", short: None, kind: Kind::Bool },
    Spec { long: "validate", short: None, kind: Kind::OptionalValue("strict") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "recursive", short: Some('R'), kind: Kind::Bool },
    Spec { long: "field-manager", short: None, kind: Kind::Value },
];

/// How often a forced replace looks whether a deleted object is gone (`wait.PollImmediate`).
const POLL_MS: u64 = 1_000;
/// A forced replace waits this long for each deletion when `--timeout` is not given.
const DEFAULT_TIMEOUT_MS: u64 = 5 * 60_000;

/// One object to replace.
struct Target {
    resource: &'static ResourceType,
    namespace: String,
    name: String,
    body: Value,
    source: String,
}

#[inline(never)]
pub fn replace(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let Some((p, dry)) = super::parse_mutating(args, FLAGS, "replace", out) else { return };
    // Complete (the delete flags' options first), then Validate.
    let policy = match super::cascading_strategy(&p, out) {
        Ok(policy) => policy,
        Err(e) => return out.err(&e),
    };
    let grace = match p.get("grace-period").map(|g| g.parse::<i64>()) {
        None => -1,
        Some(Ok(g)) => g,
        Some(Err(_)) => return out.err(&format!("error: invalid argument \"{}\" for \"--grace-period\" flag: strconv.ParseInt: parsing \"{}\": invalid syntax\nSee 'kubectl replace --help' for usage.\n", p.get("grace-period").unwrap_or_default(), p.get("grace-period").unwrap_or_default())),
    };
    let timeout_ms = match p.get("timeout") {
        None => 0,
        Some(t) => match flags::duration_ms(t, "timeout", "replace") {
            Ok(ms) => ms.max(0) as u64,
            Err(e) => return out.err(&e),
        },
    };
    let files = p.all("filename");
    if files.is_empty() {
        return out.err("error: must specify one of -f and -k\n");
    }
    let force = p.flag("force");
    if grace >= 0 && !force {
        return out.err("error: --grace-period must have --force specified\n");
    }
    if timeout_ms != 0 && !force {
        return out.err("error: --timeout must have --force specified\n");
    }
    if let Err(e) = file_targets::paths_with_args(&p.args) {
        return out.err(&e);
    }
    let validate = p.get("validate").unwrap_or("strict") != "false" && p.get("validate") != Some("ignore");
    let Some(objects) = super::manifest_input::read(ctx, &files, validate, out) else { return };
    let namespace = super::namespace_of(&p);
    let mut errors: Vec<String> = Vec::new();
    let mut targets = Vec::new();
    for obj in objects {
        let rt = obj.resource;
        let ns = if rt.namespaced { obj.value["metadata"]["namespace"].as_str().filter(|n| !n.is_empty()).unwrap_or(&namespace).to_string() } else { String::new() };
        if let Err(e) = file_targets::require_namespace_of(rt, &ns, &p) {
            errors.push(format!("error: {e}\n"));
            continue;
        }
        let mut body = obj.value.clone();
        if rt.namespaced {
            body["metadata"]["namespace"] = Value::String(ns.clone());
        }
        let name = body["metadata"]["name"].as_str().unwrap_or_default().to_string();
        targets.push(Target { resource: rt, namespace: ns, name, body, source: obj.source.clone() });
    }
    let field_manager = p.get("field-manager").unwrap_or("kubectl-replace").to_string();
    if force {
        return force_replace(ctx, &p, out, targets, errors, grace, policy, timeout_ms, &field_manager);
    }
    for t in targets {
        if dry == DryRun::Client {
            super::print_result(out, p.get("output"), t.resource, &t.name, &t.body, "replaced", dry);
            continue;
        }
        let mut body = t.body;
        // `Helper.Replace` with overwrite: the server's version when the file has none (a
        // failed read leaves it out, and the PUT answers for the object).
        if body["metadata"]["resourceVersion"].as_str().is_none_or(str::is_empty)
            && let Ok(Response::Object(current)) = send(ctx, out, super::get_request(t.resource, &t.namespace, &t.name, &p))
            && let Some(rv) = current["metadata"]["resourceVersion"].as_str()
        {
            body["metadata"]["resourceVersion"] = Value::String(rv.to_string());
        }
        let mut put = Request::new(Verb::Update, t.resource);
        put.namespace = Some(t.namespace.clone()).filter(|n| !n.is_empty());
        put.name = Some(t.name.clone());
        put.body = Some(body);
        put.dry_run = dry == DryRun::Server;
        put.field_manager = field_manager.clone();
        put.impersonate = super::impersonation(&p);
        match send(ctx, out, put) {
            Ok(Response::Object(replaced)) => super::print_result(out, p.get("output"), t.resource, &t.name, &replaced, "replaced", dry),
            Ok(_) => {}
            Err(s) => errors.push(server_error(&s, t.resource.kind, &t.name, Some(("replacing", &t.source)))),
        }
    }
    // ContinueOnError: the errors follow every object's outcome.
    for e in errors {
        out.err(&e);
    }
}

/// `forceReplace`: delete every object (NotFound ignored), wait for each to be gone, create
/// them all again.
#[allow(clippy::too_many_arguments)]
fn force_replace(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, targets: Vec<Target>, mut errors: Vec<String>, grace: i64, policy: &str, timeout_ms: u64, field_manager: &str) {
    // "--grace-period=0" becomes 1 and a wait, against accidental data loss.
    let grace = if grace == 0 { 1 } else { grace };
    for t in &targets {
        let mut req = Request::new(Verb::Delete, t.resource);
        req.namespace = Some(t.namespace.clone()).filter(|n| !n.is_empty());
        req.name = Some(t.name.clone());
        req.impersonate = super::impersonation(p);
        req.propagation_policy = Some(policy.to_string());
        if grace >= 0 {
            req.grace_period_seconds = Some(grace);
        }
        match send(ctx, out, req) {
            Ok(_) => out.out(&super::deleted_line(t.resource, &t.namespace, &t.name, "deleted", DryRun::None)),
            Err(s) if s.reason == Reason::NotFound => {}
            Err(s) => errors.push(server_error(&s, t.resource.kind, &t.name, Some(("deleting", &t.source)))),
        }
    }
    if !errors.is_empty() {
        return errors.iter().for_each(|e| out.err(e));
    }
    // Each object polled from the moment the last look ended, once a second.
    let timeout = if timeout_ms == 0 { DEFAULT_TIMEOUT_MS } else { timeout_ms };
    for t in &targets {
        let key = podlife_engine::store::ObjectKey::new(t.resource, Some(&t.namespace), &t.name);
        let started = ctx.engine.now();
        let gone = ctx.engine.wait_while(|e| e.store().get(&key).is_some(), timeout);
        if ctx.engine.stopped().is_some() {
            return;
        }
        if !gone {
            return out.err("error: timed out waiting for the condition\n");
        }
        let elapsed = ctx.engine.now().millis().saturating_sub(started.millis());
        let seen_at = elapsed.div_ceil(POLL_MS) * POLL_MS;
        ctx.engine.advance_by(seen_at - elapsed);
    }
    let mut count = 0;
    for t in targets {
        let mut create = Request::new(Verb::Create, t.resource);
        create.namespace = Some(t.namespace.clone()).filter(|n| !n.is_empty());
        let mut body = t.body;
        if let Some(meta) = body["metadata"].as_object_mut() {
            meta.remove("resourceVersion");
        }
        create.body = Some(body);
        create.field_manager = field_manager.to_string();
        create.impersonate = super::impersonation(p);
        match send(ctx, out, create) {
            Ok(Response::Object(created)) => {
                count += 1;
                super::print_result(out, p.get("output"), t.resource, &t.name, &created, "replaced", DryRun::None);
            }
            Ok(_) => {}
            Err(s) => errors.push(server_error(&s, t.resource.kind, &t.name, None)),
        }
    }
    for e in &errors {
        out.err(e);
    }
    if count == 0 && errors.is_empty() {
        out.err("error: no objects passed to replace\n");
    }
}

//! `kubectl exec` (`kubectl/pkg/cmd/exec`) and `kubectl wait` (`kubectl/pkg/cmd/wait`).
//! Both let virtual time pass: an exec as long as its command takes, a wait until its
//! condition holds or its timeout ends.

use podlife_engine::Engine;
use podlife_model::ResourceType;
use serde_json::Value;

use super::flags::{self, Kind, Spec};
use super::logs::{default_container, fetch_pod};
use super::{Context, namespace_of};
use crate::Output;

#[inline(never)]
pub fn exec(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let dash = args.iter().position(|a| a == "--");
    let (before, command) = match dash {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let specs = [
        Spec { long: "container", short: Some('c'), kind: Kind::Value },
        Spec { long: "stdin", short: Some('i'), kind: Kind::Bool },
        Spec { long: "tty", short: Some('t'), kind: Kind::Bool },
        Spec { long: "quiet", short: Some('q'), kind: Kind::Bool },
    ];
    let p = match flags::parse(before, &specs, "exec") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let name = match (p.args.as_slice(), dash) {
        ([pod], Some(_)) => pod.strip_prefix("pod/").unwrap_or(pod).to_string(),
        ([_, ..], None) if p.args.len() > 1 => return out.err("error: exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead\nSee 'kubectl exec -h' for help and examples\n"),
        _ => return out.err("error: you must specify at least one command for the container\n"),
    };
    if command.is_empty() {
        return out.err("error: you must specify at least one command for the container\n");
    }
    let namespace = namespace_of(&p);
    let Some(pod) = fetch_pod(ctx, out, &namespace, &name) else { return };
    let container = match p.get("container") {
        Some(c) => c.to_string(),
        None => default_container(&pod, out),
    };
    // `-i` passes kubectl's standard input to the command.
    let stdin = if p.flag("stdin") { ctx.stdin } else { None };
    match ctx.engine.pod_exec_stdin(&namespace, &name, &container, command, stdin) {
        Ok(run) => {
            out.out(&run.output);
            ctx.engine.advance_by(run.duration_ms.min(7 * 24 * 3_600_000));
            // kubectl would wait for as long as the command runs; podlife stops at its budget.
            if run.unfinished {
                out.err(&format!("podlife: stopped waiting for the command after {} of simulated time (podlife's limit for one exec); it was still running\n", podlife_engine::kubelet::go_duration(run.duration_ms)));
                return;
            }
            if run.code != 0 {
                out.err(&format!("command terminated with exit code {}\n", run.code));
                // kubectl exits with the command's status (`uexec.CodeExitError`).
                out.code = Some(run.code);
            }
        }
        Err(s) => out.err(&exec_error(&s)),
    }
}

/// An exec that did not start, as kubectl prints it: a Status from kube-apiserver (its proxy
/// could not dial the kubelet) through `StandardErrorMessage`, else the upgrade's own error.
pub(super) fn exec_error(s: &podlife_engine::Status) -> String {
    if s.reason == podlife_engine::apiserver::status::Reason::Unknown {
        format!("Error from server: {}\n", s.message)
    } else {
        format!("error: {}\n", s.message)
    }
}

/// One condition `kubectl wait --for=…` understands.
enum Wait {
    Condition { kind: String, status: String },
    /// `--for=create`: every target exists (kubectl 1.31+).
    Create,
    Delete,
    /// A relaxed JSONPath template (`{.status.phase}`) and the value it must print, or any.
    JsonPath { template: String, value: Option<String> },
}

/// `conditionFuncFor`.
fn parse_for(text: &str) -> Result<Wait, String> {
    if text.eq_ignore_ascii_case("delete") {
        return Ok(Wait::Delete);
    }
    if text.eq_ignore_ascii_case("create") {
        return Ok(Wait::Create);
    }
    if let Some(c) = text.strip_prefix("condition=") {
        let (kind, status) = c.split_once('=').map_or((c, "true"), |(k, s)| (k, s));
        return Ok(Wait::Condition { kind: kind.to_string(), status: status.to_string() });
    }
    if let Some(input) = text.strip_prefix("jsonpath=") {
        return parse_jsonpath_for(input);
    }
    Err(format!("unrecognized condition: {}", podlife_model::json::quote(text)))
}

/// `processJSONPathInput` and `newJSONPathParser`: the expression and an optional value, split
/// on a single `=` (`==` stays, for filters).
fn parse_jsonpath_for(input: &str) -> Result<Wait, String> {
    let (mut parts, mut part) = (Vec::new(), String::new());
    let mut chars = input.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '=' {
            part.push(c);
        } else if chars.next_if_eq(&'=').is_some() {
            part.push_str("==");
        } else {
            parts.push(std::mem::take(&mut part));
        }
    }
    parts.push(part);
    if parts.len() > 2 {
        return Err("jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'".into());
    }
    let template = crate::printers::custom_columns::relaxed(&parts[0])?;
    let value = match parts.get(1) {
        None => None,
        Some(v) => match v.trim_matches(|c| c == '\'' || c == '"') {
            "" => return Err("jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3".into()),
            v => Some(v.to_string()),
        },
    };
    if template.is_empty() {
        return Err("jsonpath expression cannot be empty".into());
    }
    // The template must parse now, as `newJSONPathParser` parses it before any wait.
    crate::printers::jsonpath::find_results(&template, &serde_json::Value::Null)?;
    Ok(Wait::JsonPath { template, value })
}

/// `JSONPathWait.checkCondition`: one value found, a scalar, printed as Go's `%v` prints it and
/// compared without surrounding spaces; any value will do when none was given.
fn jsonpath_holds(object: &Value, template: &str, want: Option<&str>) -> Result<bool, String> {
    let found = crate::printers::jsonpath::find_results(template, object)?;
    let Some(first) = found.first() else { return Ok(false) };
    if found.len() > 1 {
        return Err("given jsonpath expression matches more than one value".into());
    }
    let Some(want) = want else { return Ok(true) };
    let have = match first {
        Value::Object(_) | Value::Array(_) => return Err("jsonpath leads to a nested object or list which is not supported".into()),
        Value::String(s) => s.clone(),
        Value::Null => "<nil>".into(),
        other => other.to_string(),
    };
    Ok(have.trim() == want.trim())
}

/// The target as the API server stores it now.
fn stored<'e>(engine: &'e Engine, rt: &'static ResourceType, namespace: &str, name: &str) -> Option<&'e podlife_engine::Slot> {
    engine.store().get(&podlife_engine::store::ObjectKey::new(rt, Some(namespace), name))
}

/// Whether the condition holds now; an error ends the wait with it (a JSONPath that finds
/// more than one value or a nested one).
fn holds(engine: &Engine, rt: &'static ResourceType, namespace: &str, name: &str, wait: &Wait) -> Result<bool, String> {
    let obj = stored(engine, rt, namespace, name);
    Ok(match wait {
        Wait::Delete => obj.is_none(),
        Wait::Create => obj.is_some(),
        // `ConditionalWait.checkCondition`: the first condition of that type with a status
        // decides, unless it was observed for an older generation of the object (a Deployment
        // just changed is not yet Available again for its new spec).
        Wait::Condition { kind, status } => obj.is_some_and(|o| {
            let conditions = o["status"]["conditions"].as_array().into_iter().flatten();
            let Some((c, have)) = conditions.filter(|c| c["type"].as_str().is_some_and(|t| t.eq_ignore_ascii_case(kind))).find_map(|c| Some((c, c["status"].as_str()?))) else { return false };
            let observed = c["observedGeneration"].as_i64().or_else(|| o["status"]["observedGeneration"].as_i64());
            if let (Some(generation), Some(observed)) = (o["metadata"]["generation"].as_i64(), observed)
                && observed < generation
            {
                return false;
            }
            have.eq_ignore_ascii_case(status)
        }),
        Wait::JsonPath { template, value } => match obj {
            Some(o) => return jsonpath_holds(&o.to_value(), template, value.as_deref()),
            None => false,
        },
    })
}

/// How often `--for=create` looks (`RunWait`'s `PollUntilContextTimeout`).
const CREATE_POLL_MS: u64 = 500;

/// `--for=create`: `RunWait` polls the resource finder every 500 ms, from the start, until no
/// target is NotFound, then prints each as met; past the timeout it is `timed out waiting for
/// the condition`, without a name.
fn wait_for_create(ctx: &mut Context<'_>, targets: &[(&'static ResourceType, String, String)], timeout_ms: u64, out: &mut Output) {
    let all_exist = |e: &Engine| targets.iter().all(|(rt, ns, name)| stored(e, rt, ns, name).is_some());
    let started = ctx.engine.now();
    if !ctx.engine.wait_while(|e| !all_exist(e), timeout_ms) {
        if ctx.engine.stopped().is_none() {
            out.err("error: timed out waiting for the condition\n");
        }
        return;
    }
    // Seen at the first poll at or after the moment they all exist.
    let elapsed = ctx.engine.now().millis().saturating_sub(started.millis());
    let seen_at = elapsed.div_ceil(CREATE_POLL_MS) * CREATE_POLL_MS;
    if seen_at > timeout_ms && timeout_ms > 0 {
        ctx.engine.advance_by(timeout_ms - elapsed);
        if ctx.engine.stopped().is_none() {
            out.err("error: timed out waiting for the condition\n");
        }
        return;
    }
    ctx.engine.advance_by(seen_at - elapsed);
    for (rt, _, name) in targets {
        out.out(&format!("{} condition met\n", super::type_name(rt, name)));
    }
}

const WAIT_FLAGS: &[Spec] = &[
    Spec { long: "for", short: None, kind: Kind::Value },
    Spec { long: "timeout", short: None, kind: Kind::Value },
    Spec { long: "all", short: None, kind: Kind::Bool },
    Spec { long: "all-namespaces", short: Some('A'), kind: Kind::Bool },
    Spec { long: "selector", short: Some('l'), kind: Kind::Value },
    Spec { long: "field-selector", short: None, kind: Kind::Value },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
];

/// `--timeout`, a Go duration (`30s`, `2m`): 30 s by default; zero checks once; a negative
/// one waits a week (`ToOptions`' `effectiveTimeout`).
fn wait_timeout(text: Option<&str>) -> Result<u64, String> {
    let Some(text) = text else { return Ok(30_000) };
    let ms = flags::duration_ms(text, "timeout", "wait")?;
    if ms < 0 {
        return Ok(168 * 3_600_000);
    }
    // Simulated time is bounded per command, as for `sleep`.
    if ms as f64 > crate::MAX_SLEEP_SECONDS * 1000.0 {
        return Err(format!("error: podlife waits at most {} seconds at once\n", podlife_ftl::num::Num(crate::MAX_SLEEP_SECONDS)));
    }
    Ok(ms as u64)
}

/// What to wait on: the named objects, or every object a selector (`--all` selecting
/// everything) finds when the command starts — the resource builder's visit
/// (cli-runtime `pkg/resource/builder.go`), in the order the API server lists them.
fn wait_targets(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output) -> Result<Vec<(&'static ResourceType, String, String)>, String> {
    // `ResourceTypeOrNameArgs(--all, args…)`, then the selectors: `--all` selects everything
    // only for a bare type (a name keeps it by name), and a label selector given with it wins.
    if !p.all("filename").is_empty() {
        return file_wait_targets(ctx, p, out);
    }
    let label_selector = super::selector_param(p.get("selector")).or_else(|| (p.flag("all") && p.args.len() == 1 && !p.args[0].contains('/')).then(String::new));
    let field_selector = super::selector_param(p.get("field-selector"));
    let by_selector = label_selector.is_some() || field_selector.is_some();
    if p.args.is_empty() {
        if by_selector {
            return Err("error: at least one resource must be specified to use a selector\n".into());
        }
        return Err("error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n".into());
    }
    let groups = super::resource_args(&p.args)?;
    let namespace = namespace_of(p);
    let by_name = groups.iter().any(|(_, names)| !names.is_empty());
    // `visitBySelector`'s checks: `type/name` arguments are tuples, not names.
    if by_selector && p.args.iter().any(|a| a.contains('/')) {
        return Err("error: selectors and the all flag cannot be used when passing resource/name arguments\n".into());
    }
    if by_selector && by_name {
        return Err("error: name cannot be provided when a selector is specified\n".into());
    }
    if !by_selector {
        if !by_name {
            return Err("error: resource(s) were provided, but no name was specified\n".into());
        }
        return Ok(groups.into_iter().flat_map(|(rt, names)| names.into_iter().map(move |n| (rt, n))).map(|(rt, n)| (rt, namespace.clone(), n)).collect());
    }
    let mut targets = Vec::new();
    for (rt, _) in groups {
        let mut req = podlife_engine::Request::new(podlife_engine::Verb::List, rt);
        req.namespace = (rt.namespaced && !p.flag("all-namespaces")).then(|| namespace.clone());
        req.label_selector = label_selector.clone().filter(|s| !s.is_empty());
        req.field_selector = field_selector.clone();
        let (label, field) = (req.label_selector.clone(), req.field_selector.clone());
        match super::send(ctx, out, req) {
            Ok(podlife_engine::Response::List(items)) => targets.extend(items.iter().map(|o| {
                let meta = &o["metadata"];
                (rt, meta["namespace"].as_str().unwrap_or_default().to_string(), meta["name"].as_str().unwrap_or_default().to_string())
            })),
            Ok(_) => {}
            Err(s) => return Err(super::list_error(&s, rt, label.as_deref(), field.as_deref())),
        }
    }
    Ok(targets)
}

/// `-f`: the objects the files name, in file order, each in its own namespace (or the
/// command's); with `-l`, those whose labels match now (`file_targets.rs`).
fn file_wait_targets(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output) -> Result<Vec<(&'static ResourceType, String, String)>, String> {
    super::file_targets::paths_with_args(&p.args)?;
    let selector = super::file_targets::selector(p)?;
    // (A file that cannot be read has printed its error: nothing more to say.)
    let Some(targets) = super::file_targets::read(ctx, p, out) else { return Err(String::new()) };
    let mut found = Vec::new();
    for t in targets {
        let labels = stored(ctx.engine, t.resource, &t.namespace, &t.name).map(|o| o["metadata"]["labels"].clone());
        if let (Some(selector), Some(labels)) = (&selector, &labels)
            && !selector.matches(labels)
        {
            continue;
        }
        super::file_targets::require_namespace(&t, p).map_err(|e| format!("error: {e}\n"))?;
        found.push((t.resource, t.namespace, t.name));
    }
    Ok(found)
}

#[inline(never)]
pub fn wait(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let p = match flags::parse(args, WAIT_FLAGS, "wait") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    // The flags parse first (a bad --timeout is pflag's error), then `conditionFuncFor`.
    let timeout_ms = match wait_timeout(p.get("timeout")) {
        Ok(ms) => ms,
        Err(e) => return out.err(&e),
    };
    let wait = match parse_for(p.get("for").unwrap_or_default()) {
        Ok(w) => w,
        Err(e) => return out.err(&format!("error: {e}\n")),
    };
    let targets = match wait_targets(ctx, &p, out) {
        Ok(t) => t,
        Err(e) => return out.err(&e),
    };
    // `RunWait`: nothing found by a selector is an error, but for a deletion.
    if targets.is_empty() && !matches!(wait, Wait::Delete) {
        return out.err("error: no matching resources found\n");
    }
    if matches!(wait, Wait::Create) {
        return wait_for_create(ctx, &targets, timeout_ms, out);
    }
    // One deadline for the whole command: `RunWait` (`pkg/cmd/wait/wait.go`) makes one context
    // with the timeout, and every target waits within it; a target reached after it has passed
    // times out at once.
    let started = ctx.engine.now();
    for (rt, ns, name) in targets {
        let exists = stored(ctx.engine, rt, &ns, &name).is_some();
        if !exists && !matches!(wait, Wait::Delete) {
            // The GroupResource, as the API server's NotFound names it (`deployments.apps "x"`).
            let resource = if rt.group.is_empty() { rt.plural.to_string() } else { format!("{}.{}", rt.plural, rt.group) };
            // The builder visits its infos in order and stops at the first error
            // (`VisitorList`; only --for=delete ignores NotFound).
            return out.err(&format!("Error from server (NotFound): {resource} \"{name}\" not found\n"));
        }
        if !exists {
            // `--for=delete` ignores NotFound: an object already gone is not visited at all,
            // whatever time is left.
            continue;
        }
        // The name printer's `kind[.group]/name` (`deployment.apps/web condition met`).
        let shown = super::type_name(rt, &name);
        if timeout_ms == 0 {
            // `--timeout=0` checks once, without a watch (`getObjAndCheckCondition`, `IsDeleted`).
            match holds(ctx.engine, rt, &ns, &name, &wait) {
                Ok(true) => out.out(&format!("{shown} condition met\n")),
                Ok(false) => out.err(&format!("error: condition not met for {}/{name}\n", rt.plural)),
                Err(e) => return out.err(&format!("error: {e}\n")),
            }
            continue;
        }
        let elapsed = ctx.engine.now().millis().saturating_sub(started.millis());
        let remaining = timeout_ms.saturating_sub(elapsed);
        if remaining == 0 {
            out.err(&format!("error: timed out waiting for the condition on {}/{name}\n", rt.plural));
            continue;
        }
        let mut failed = None;
        let met = ctx.engine.wait_while(
            |e| match holds(e, rt, &ns, &name, &wait) {
                Ok(held) => !held,
                Err(error) => {
                    failed = Some(error);
                    false
                }
            },
            remaining,
        );
        if let Some(e) = failed {
            // The condition function's error ends the whole command (`RunWait`'s visit).
            return out.err(&format!("error: {e}\n"));
        }
        if met {
            out.out(&format!("{shown} condition met\n"));
        } else if ctx.engine.stopped().is_none() {
            out.err(&format!("error: timed out waiting for the condition on {}/{name}\n", rt.plural));
        } else {
            // The simulation stopped on the way (its stop is reported): no later target waits.
            break;
        }
    }
}

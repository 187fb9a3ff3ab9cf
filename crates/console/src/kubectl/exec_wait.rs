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
        Err(s) => out.err(&format!("error: {}\n", s.message)),
    }
}

/// One condition `kubectl wait --for=…` understands.
enum Wait {
    Condition { kind: String, status: String },
    Delete,
    JsonPath { path: String, value: String },
}

fn parse_for(text: &str) -> Result<Wait, String> {
    if text == "delete" {
        return Ok(Wait::Delete);
    }
    if let Some(c) = text.strip_prefix("condition=") {
        let (kind, status) = c.split_once('=').map_or((c, "true"), |(k, s)| (k, s));
        return Ok(Wait::Condition { kind: kind.to_string(), status: status.to_string() });
    }
    if let Some(j) = text.strip_prefix("jsonpath=") {
        let (path, value) = j.rsplit_once('=').ok_or_else(|| "jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3".to_string())?;
        return Ok(Wait::JsonPath { path: path.trim_matches(|c| c == '\'' || c == '{' || c == '}').trim_start_matches('.').to_string(), value: value.to_string() });
    }
    Err(format!("unrecognized condition: {text:?}"))
}

fn holds(engine: &Engine, rt: &'static ResourceType, namespace: &str, name: &str, wait: &Wait) -> bool {
    let obj = engine.store().get(&podlife_engine::store::ObjectKey::new(rt, if rt.namespaced { Some(namespace) } else { None }, name));
    match wait {
        Wait::Delete => obj.is_none(),
        Wait::Condition { kind, status } => obj.is_some_and(|o| {
            o["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"].as_str().is_some_and(|t| t.eq_ignore_ascii_case(kind)) && c["status"].as_str().is_some_and(|s| s.eq_ignore_ascii_case(status))))
        }),
        Wait::JsonPath { path, value } => obj.is_some_and(|o| {
            let mut v = o;
            for part in path.split('.') {
                v = &v[part];
            }
            match v.as_str() {
                Some(s) => s == value,
                None => value.parse::<Value>().is_ok_and(|want| *v == want),
            }
        }),
    }
}

pub fn wait(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [Spec { long: "for", short: None, kind: Kind::Value }, Spec { long: "timeout", short: None, kind: Kind::Value }, Spec { long: "all", short: None, kind: Kind::Bool }];
    let p = match flags::parse(args, &specs, "wait") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let Some(for_text) = p.get("for") else {
        return out.err("error: --for must be set\n");
    };
    let wait = match parse_for(for_text) {
        Ok(w) => w,
        Err(e) => return out.err(&format!("error: {e}\n")),
    };
    let timeout_ms = match p.get("timeout").map(crate::script::parse_duration) {
        None => 30_000,
        // Simulated time is bounded per command, as for `sleep`.
        Some(Ok(s)) if s <= crate::MAX_SLEEP_SECONDS => (s * 1000.0).round() as u64,
        Some(Ok(_)) => return out.err(&format!("error: podlife waits at most {} seconds at once\n", podlife_ftl::num::Num(crate::MAX_SLEEP_SECONDS))),
        Some(Err(e)) => return out.err(&format!("error: {e}\n")),
    };
    let namespace = namespace_of(&p);
    let mut targets: Vec<(&'static ResourceType, String)> = vec![];
    let mut pending_kind: Option<&'static ResourceType> = None;
    for a in &p.args {
        if let Some((kind, name)) = a.split_once('/') {
            match ResourceType::resolve(kind) {
                Some(rt) => targets.push((rt, name.to_string())),
                None => return out.err(&format!("error: the server doesn't have a resource type \"{kind}\"\n")),
            }
        } else if let Some(rt) = pending_kind {
            targets.push((rt, a.clone()));
        } else {
            match ResourceType::resolve(a) {
                Some(rt) => pending_kind = Some(rt),
                None => return out.err(&format!("error: the server doesn't have a resource type \"{a}\"\n")),
            }
        }
    }
    if targets.is_empty() {
        return out.err("error: resource(s) were provided, but no name was specified\n");
    }
    // One deadline for the whole command: `RunWait` (`pkg/cmd/wait/wait.go`) makes one context
    // with the timeout, and every target waits within it; a target reached after it has passed
    // times out at once.
    let started = ctx.engine.now();
    for (rt, name) in targets {
        let exists = ctx.engine.store().get(&podlife_engine::store::ObjectKey::new(rt, if rt.namespaced { Some(&namespace) } else { None }, &name)).is_some();
        if !exists && !matches!(wait, Wait::Delete) {
            out.err(&format!("Error from server (NotFound): {}s \"{name}\" not found\n", podlife_engine::gostrings::to_lower(rt.kind)));
            continue;
        }
        let ns = namespace.clone();
        let singular = podlife_engine::gostrings::to_lower(rt.kind);
        if timeout_ms == 0 {
            // `--timeout=0` checks once, without a watch (`getObjAndCheckCondition`, `IsDeleted`).
            if holds(ctx.engine, rt, &ns, &name, &wait) {
                if exists {
                    out.out(&format!("{singular}/{name} condition met\n"));
                }
            } else {
                out.err(&format!("error: condition not met for {}/{name}\n", rt.plural));
            }
            continue;
        }
        let elapsed = ctx.engine.now().millis().saturating_sub(started.millis());
        let remaining = timeout_ms.saturating_sub(elapsed);
        if remaining == 0 {
            out.err(&format!("error: timed out waiting for the condition on {}/{name}\n", rt.plural));
            continue;
        }
        let met = ctx.engine.wait_while(|e| !holds(e, rt, &ns, &name, &wait), remaining);
        if met {
            match wait {
                Wait::Delete if !exists => {}
                Wait::Delete => out.out(&format!("{singular}/{name} condition met\n")),
                _ => out.out(&format!("{singular}/{name} condition met\n")),
            }
        } else if ctx.engine.stopped().is_none() {
            out.err(&format!("error: timed out waiting for the condition on {}/{name}\n", rt.plural));
        } else {
            // The simulation stopped on the way (its stop is reported): no later target waits.
            break;
        }
    }
}

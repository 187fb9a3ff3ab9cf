//! `kubectl run -i/--attach [--rm]` (`kubectl/pkg/cmd/run/run.go`, `handleAttachPod`,
//! `pkg/cmd/attach/attach.go`): wait up to `--pod-running-timeout` (1 min) for the pod to run
//! and be ready — or to have finished already, then its logs are all there is — attach (its
//! output streams until the container ends), wait for the exit with `Never`/`OnFailure`, and
//! with `--rm` delete the pod without waiting. A script has no terminal, so `-t` is refused
//! with the message kubectl prints for a non-terminal stdin.

use podlife_engine::store::ObjectKey;
use podlife_model::ResourceType;
use serde_json::Value;

use super::Context;
use crate::Output;

/// `--pod-running-timeout` default.
const POD_RUNNING_TIMEOUT_MS: u64 = 60_000;

pub struct Attach<'a> {
    pub namespace: &'a str,
    pub name: &'a str,
    pub restart: &'a str,
    pub tty: bool,
    pub quiet: bool,
    pub remove: bool,
}

/// A pod's phase and whether it is Ready.
fn phase_ready(pod: &podlife_engine::Slot) -> (&str, bool) {
    let ready = pod["status"]["conditions"].as_array().into_iter().flatten().any(|c| c["type"] == "Ready" && c["status"] == "True");
    (pod["status"]["phase"].as_str().unwrap_or_default(), ready)
}

pub fn attach(ctx: &mut Context<'_>, a: &Attach<'_>, out: &mut Output) {
    let Some(rt) = ResourceType::resolve("pods") else { return };
    let key = ObjectKey::new(rt, Some(a.namespace), a.name);
    let done = |p: &str| p == "Succeeded" || p == "Failed";
    // podRunningAndReady: Running with Ready=True, or finished (ErrPodCompleted).
    ctx.engine.wait_while(|e| e.store().get(&key).is_some_and(|pod| {
        let (phase, ready) = phase_ready(pod);
        !(done(phase) || (phase == "Running" && ready))
    }), POD_RUNNING_TIMEOUT_MS);
    let Some((now_phase, ready)) = ctx.engine.store().get(&key).map(|pod| {
        let (phase, ready) = phase_ready(pod);
        (phase.to_string(), ready)
    }) else {
        out.err(&format!("Error from server (NotFound): pods \"{}\" not found\n", a.name));
        return;
    };
    let attachable = now_phase == "Running" && ready;
    if !(done(&now_phase) || attachable) {
        out.err("error: timed out waiting for the condition\n");
        return finish(ctx, a, out);
    }
    if !done(&now_phase) {
        // Attached: kubectl's own lines go to stderr, then the container's output streams.
        if a.tty {
            out.err("Unable to use a TTY - input is not a terminal or the right kind of file\n");
        }
        if !a.quiet {
            out.err("All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\n");
            out.err("If you don't see a command prompt, try pressing enter.\n");
        }
        // The stream ends when the container does.
        ctx.engine.wait_while(|e| e.store().get(&key).is_some_and(|pod| {
            let phase = pod["status"]["phase"].as_str().unwrap_or_default();
            let state = &pod["status"]["containerStatuses"][0];
            !done(phase) && state["state"]["running"].is_object() && state["restartCount"].as_u64().unwrap_or(0) == 0
        }), 3_600_000);
    }
    let args = vec![a.name.to_string(), "-n".to_string(), a.namespace.to_string()];
    let mut logs = Output::default();
    super::logs::logs(ctx, &args, &mut logs);
    if !logs.failed {
        out.out(&logs.text);
    }
    // waitForExitCode: Never waits for the pod to finish, OnFailure for it to succeed.
    if a.restart == "Never" || a.restart == "OnFailure" {
        let wanted = |p: &str| if a.restart == "Never" { done(p) } else { p == "Succeeded" };
        ctx.engine.wait_while(|e| e.store().get(&key).is_some_and(|pod| !wanted(pod["status"]["phase"].as_str().unwrap_or_default())), POD_RUNNING_TIMEOUT_MS);
        let pod: Option<Value> = ctx.engine.store().get(&key).map(podlife_engine::Slot::to_value);
        match pod.as_ref().map(|p| p["status"]["phase"].as_str().unwrap_or_default()) {
            Some("Succeeded") => {}
            Some("Failed") => {
                let code = pod.as_ref().and_then(|p| p["status"]["containerStatuses"][0]["state"]["terminated"]["exitCode"].as_i64());
                match code {
                    // uexec.CodeExitError: kubectl prints nothing and exits with the code.
                    Some(c) if c != 0 => out.failed = true,
                    _ => out.err(&format!("error: pod {}/{} failed with unknown exit code\n", a.namespace, a.name)),
                }
            }
            Some(p) => out.err(&format!("error: pod {}/{} left in phase {p}\n", a.namespace, a.name)),
            None => out.err(&format!("Error from server (NotFound): pods \"{}\" not found\n", a.name)),
        }
    }
    finish(ctx, a, out);
}

/// `--rm`: the deferred delete (no waiting, grace from the pod).
fn finish(ctx: &mut Context<'_>, a: &Attach<'_>, out: &mut Output) {
    if a.remove {
        let args: Vec<String> = ["pod", a.name, "-n", a.namespace, "--wait=false"].iter().map(|s| s.to_string()).collect();
        super::delete(ctx, &args, out);
    }
}

//! Lifecycle hooks and the way the kubelet stops containers (`pkg/kubelet/lifecycle/handlers.go`,
//! `pkg/kubelet/kuberuntime/kuberuntime_container.go` `killContainer`, `executePreStopHook`,
//! and the termination ordering of sidecars, `terminationOrdering.waitForTurn`).
//!
//! - postStart runs right after StartContainer while the pod worker waits, so the API still
//!   shows the container waiting; a failure kills the container (`FailedPostStartHook`).
//! - preStop runs first when a container is killed; the kubelet waits for it at most the grace
//!   period, takes the whole seconds it used off the grace period, and always leaves at least
//!   2 s between the stop signal and SIGKILL.
//! - When a pod stops, regular containers go first; sidecars (restartable init containers) are
//!   stopped after them, in reverse order, each after the ones behind it have exited.


use super::{Cx, Kubelet, Timer};
use super::Due;
use crate::Slot;

use crate::clock::Time;
use crate::containerd::ContainerState;
use crate::trace::Action;

use super::{MIN_GRACE_S, format_pod};

/// A hook's outcome: how long it took, and its error message (the kubelet's `msg`).
pub struct HookOutcome {
    pub duration_ms: u64,
    pub result: Result<(), String>,
}

/// A container being stopped, between its preStop hook and StopContainer.
#[derive(Debug, Clone)]
pub struct Stopping {
    pub container: String,
    pub grace_s: i64,
    pub started: Time,
}

impl Kubelet {
    /// Runs a hook handler (`exec`, `httpGet`, `sleep`) against a container of the pod.
    pub(crate) fn run_hook(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, spec: &Slot, which: &str) -> Option<HookOutcome> {
        let node_name = self.node.clone();
        let node = node_name.as_str();
        let handler = spec["lifecycle"][which].clone();
        if !handler.is_object() {
            return None;
        }
        let name = spec["name"].as_str().unwrap_or_default().to_string();
        let kind;
        let outcome = if let Some(cmd) = handler["exec"]["command"].as_array() {
            kind = "exec";
            let argv: Vec<String> = cmd.iter().filter_map(|s| s.as_str().map(str::to_string)).collect();
            // The kubelet runs a hook with no timeout of its own (`RunInContainer(…, 0)`): one
            // still running at podlife's exec limit never ends (a preStop is cut by the grace
            // period).
            match self.cri(cx, |cri| cri.exec(uid, &name, &argv, None, crate::containerd::shellproc::EXEC_LIMIT_MS)) {
                Ok(run) if run.start_error.is_some() => HookOutcome {
                    duration_ms: 0,
                    result: Err(format!("Exec lifecycle hook ([{}]) for Container {name:?} in Pod {:?} failed - error: rpc error: code = Unknown desc = {}, message: \"\"", argv.join(" "), format_pod(pod), run.start_error.unwrap_or_default())),
                },
                Ok(run) if run.unfinished => HookOutcome { duration_ms: u64::MAX / 4, result: Ok(()) },
                Ok(run) if run.code == 0 => HookOutcome { duration_ms: run.duration_ms, result: Ok(()) },
                Ok(run) => HookOutcome {
                    duration_ms: run.duration_ms,
                    result: Err(format!(
                        "Exec lifecycle hook ([{}]) for Container {name:?} in Pod {:?} failed - error: command '{}' exited with {}: {}, message: {:?}",
                        argv.join(" "),
                        format_pod(pod),
                        argv.join(" "),
                        run.code,
                        run.output,
                        run.output
                    )),
                },
                Err(e) => HookOutcome { duration_ms: 0, result: Err(format!("Exec lifecycle hook ([{}]) for Container {name:?} in Pod {:?} failed - error: {e}, message: \"\"", argv.join(" "), format_pod(pod))) },
            }
        } else if handler["httpGet"].is_object() {
            kind = "httpGet";
            let h = &handler["httpGet"];
            let path = h["path"].as_str().unwrap_or("/").to_string();
            let port = match (&h["port"], h["port"].as_str()) {
                (p, _) if p.is_number() => p.as_u64().unwrap_or(0) as u16,
                (_, Some(p)) => spec["ports"].as_array().and_then(|a| a.iter().find(|x| x["name"] == p)).and_then(|x| x["containerPort"].as_u64()).unwrap_or(0) as u16,
                _ => 0,
            };
            let ip = cx.node().machine(node).and_then(|m| m.runtime.ready_sandbox(uid)).and_then(|s| s.ip.clone()).unwrap_or_default();
            let host = h["host"].as_str().filter(|s| !s.is_empty()).map(str::to_string).unwrap_or(ip);
            let now = cx.now();
            let answer = cx.node().machine(node).and_then(|m| m.runtime.pod_containers(uid).into_iter().filter(|c| c.state == ContainerState::Running).find_map(|c| c.process.as_ref()?.http_get(port, &path, now)));
            let err = match answer {
                Some(code) if (200..400).contains(&code) => None,
                // The hook's HTTP runner treats any answer as done; only a failed request errs.
                Some(_) => None,
                None => Some(format!("Get \"http://{host}:{port}{path}\": dial tcp {host}:{port}: connect: connection refused")),
            };
            HookOutcome { duration_ms: 5, result: err.map_or(Ok(()), |e| Err(format!("HTTP lifecycle hook ({path}) for Container {name:?} in Pod {:?} failed - error: {e}", format_pod(pod)))) }
        } else if handler["sleep"].is_object() {
            kind = "sleep";
            let secs = handler["sleep"]["seconds"].as_i64().unwrap_or(0).max(0) as u64;
            HookOutcome { duration_ms: secs.saturating_mul(1000), result: Ok(()) }
        } else {
            kind = "unknown";
            HookOutcome { duration_ms: 0, result: Err("unknown lifecycle hook handler".into()) }
        };
        super::reaction(cx, Action::KubeletHook, crate::object_ref(pod, "Pod"), crate::sort::map_of([
            ("container".to_string(), json!(name)),
            ("hook".to_string(), json!(which)),
            ("handler".to_string(), json!(kind)),
            ("durationMs".to_string(), json!(outcome.duration_ms)),
            ("error".to_string(), json!(outcome.result.as_ref().err())),
        ]));
        Some(outcome)
    }

    /// `killContainer`: the Killing event, the preStop hook (if any, at most the grace period),
    /// then StopContainer with what is left (at least 2 s).
    pub(crate) fn kill_container(&mut self, cx: &mut Cx<'_>, pod: &Slot, container_id: &str, name: &str, grace_s: i64, message: Option<&str>) {
        let text = message.map(str::to_string).unwrap_or_else(|| format!("Stopping container {name}"));
        self.event(cx, pod, Some(name), "Normal", "Killing", &text);
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        self.restart_watch_kill(&uid);
        let spec = super::container_spec(pod, name).cloned().unwrap_or_else(|| crate::Slot::null().clone());
        let now = cx.now();
        let stopping = Stopping { container: name.to_string(), grace_s, started: now };
        if grace_s > 0
            && let Some(outcome) = self.run_hook(cx, &uid, pod, &spec, "preStop") {
                if outcome.result.is_err() {
                    // The message is not put in the event, so that secrets do not leak.
                    self.event(cx, pod, Some(name), "Warning", "FailedPreStopHook", "PreStopHook failed");
                }
                let until = now.plus_millis(outcome.duration_ms.min((grace_s as u64).saturating_mul(1000)));
                if let Some(w) = self.workers.get_mut(&uid) {
                    w.stopping.insert(container_id.to_string(), stopping);
                }
                cx.after(until, Timer::new(&self.node, Due::PreStopDone { uid, container: container_id.to_string() }));
                return;
            }
        self.stop_after_hook(cx, pod, container_id, &stopping);
    }

    /// The preStop hook finished (or ran out of time): StopContainer with the grace left.
    pub(crate) fn prestop_done(&mut self, cx: &mut Cx<'_>, uid: &str, container_id: &str) {
        let Some(w) = self.workers.get_mut(uid) else { return };
        let Some(stopping) = w.stopping.remove(container_id) else { return };
        let (ns, name) = (w.namespace.clone(), w.name.clone());
        let pod = cx.node().kubelet_pod(&self.node, &ns, &name).unwrap_or_else(|| std::sync::Arc::new(crate::Obj::untyped(&json!({"metadata": {"name": name, "namespace": ns, "uid": uid}}))));
        self.stop_after_hook(cx, &pod, container_id, &stopping);
    }

    fn stop_after_hook(&mut self, cx: &mut Cx<'_>, pod: &Slot, container_id: &str, stopping: &Stopping) {
        // `gracePeriod -= int64(time since the hook started in seconds)`, then at least 2 s.
        let used_s = (cx.now().millis().saturating_sub(stopping.started.millis()) / 1000) as i64;
        let timeout = (stopping.grace_s - used_s).max(MIN_GRACE_S);
        super::reaction(cx, Action::KubeletKill, crate::object_ref(pod, "Pod"), crate::sort::map_of([
            ("container".to_string(), json!(stopping.container)),
            ("gracePeriod".to_string(), json!(timeout)),
        ]));
        let _ = self.cri(cx, |cri| cri.stop_container(pod, container_id, timeout));
    }

    /// A pod stopping: regular containers first; once none runs, the sidecars one at a time
    /// from the last. Returns true while something still runs.
    pub(crate) fn stop_in_order(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, grace_s: i64, since: Time) -> bool {
        let Some(m) = cx.node().machine(&self.node) else { return false };
        let running: Vec<(String, String)> = m.runtime.containers.values().filter(|c| c.pod_uid == uid && c.state == ContainerState::Running).map(|c| (c.id.clone(), c.name.clone())).collect();
        if running.is_empty() {
            return false;
        }
        let w = self.workers.get(uid);
        let already = |id: &str| w.is_some_and(|w| w.kill_sent.contains(id));
        let sidecars: Vec<String> = pod["spec"]["initContainers"].as_array().map(|a| a.iter().filter(|c| c["restartPolicy"] == "Always").filter_map(|c| c["name"].as_str().map(str::to_string)).collect()).unwrap_or_default();
        let regular: Vec<(String, String)> = running.iter().filter(|(_, n)| !sidecars.contains(n)).cloned().collect();
        let mut to_kill: Vec<(String, String)> = vec![];
        if !regular.is_empty() {
            to_kill = regular.into_iter().filter(|(id, _)| !already(id)).collect();
        } else {
            // The last sidecar still running, once the ones after it are gone.
            if let Some(last) = sidecars.iter().rev().find_map(|s| running.iter().find(|(_, n)| n == s)).filter(|(id, _)| !already(id)) {
                to_kill.push(last.clone());
            }
        }
        // `waitForTurn`: the time spent waiting comes off the grace period.
        let waited_s = (cx.now().millis().saturating_sub(since.millis()) / 1000) as i64;
        for (id, name) in to_kill {
            if let Some(w) = self.workers.get_mut(uid) {
                w.kill_sent.insert(id.clone());
            }
            self.kill_container(cx, pod, &id, &name, (grace_s - waited_s).max(0), None);
        }
        true
    }

    /// postStart, after StartContainer: the worker waits for it; a failure kills the
    /// container. Returns the time the worker waits.
    pub(crate) fn post_start(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, container: &str) -> u64 {
        let Some(spec) = super::container_spec(pod, container).cloned() else { return 0 };
        let Some(outcome) = self.run_hook(cx, uid, pod, &spec, "postStart") else { return 0 };
        if let Err(msg) = outcome.result {
            self.event(cx, pod, Some(container), "Warning", "FailedPostStartHook", "PostStartHook failed");
            let id = cx.node().machine(&self.node).and_then(|m| m.runtime.pod_containers(uid).into_iter().find(|c| c.name == container).map(|c| c.id.clone()));
            if let Some(id) = id {
                let grace = pod["spec"]["terminationGracePeriodSeconds"].as_i64().unwrap_or(30);
                self.kill_container(cx, pod, &id, container, grace, Some("FailedPostStartHook"));
            }
            self.start_failed(uid, container, "PostStartHookError", &msg);
        }
        outcome.duration_ms
    }
}

//! The kubelet's prober (`pkg/kubelet/prober`): one worker per container and probe type,
//! ticking every `periodSeconds` from when the pod reached the kubelet. A probe is skipped
//! before `initialDelaySeconds` have passed since the container started and, for liveness and
//! readiness, until the startup probe has succeeded. The result changes only after
//! `failureThreshold` failures or `successThreshold` successes in a row; every failed attempt
//! is a `Warning Unhealthy` event. Readiness goes straight to the status manager; a liveness
//! or startup failure makes the pod worker kill and restart the container.


use serde_json::Value;

use crate::Engine;
use crate::containerd::ContainerState;
use crate::trace::Action;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ProbeKind {
    Startup,
    Liveness,
    Readiness,
}

impl ProbeKind {
    pub fn field(self) -> &'static str {
        match self {
            ProbeKind::Startup => "startupProbe",
            ProbeKind::Liveness => "livenessProbe",
            ProbeKind::Readiness => "readinessProbe",
        }
    }

    /// `Liveness`, as the event message starts.
    pub fn title(self) -> &'static str {
        match self {
            ProbeKind::Startup => "Startup",
            ProbeKind::Liveness => "Liveness",
            ProbeKind::Readiness => "Readiness",
        }
    }
}

/// One probe worker's memory (`worker.go`).
#[derive(Debug, Clone)]
pub struct ProbeWorker {
    pub container: String,
    pub kind: ProbeKind,
    /// The container instance the results belong to.
    pub container_id: String,
    pub last_success: Option<bool>,
    pub run: u32,
    /// After a liveness/startup failure the worker waits for a new container.
    pub on_hold: bool,
}

/// A probe's outcome: success, or failure with its output.
pub type ProbeResult = Result<(), String>;

fn n(probe: &Value, field: &str, default: i64) -> i64 {
    probe[field].as_i64().unwrap_or(default)
}

/// The period of a probe in ms.
pub fn period_ms(probe: &Value) -> u64 {
    (n(probe, "periodSeconds", 10).max(1) as u64).saturating_mul(1000)
}

impl Engine {
    /// `AddPod`: probe workers for every container probe of the pod, ticking from now.
    pub(crate) fn prober_add_pod(&mut self, node: &str, uid: &str, pod: &Value) {
        let mut new = vec![];
        for c in pod["spec"]["initContainers"].as_array().into_iter().flatten().filter(|c| c["restartPolicy"] == "Always").chain(pod["spec"]["containers"].as_array().into_iter().flatten()) {
            for kind in [ProbeKind::Startup, ProbeKind::Liveness, ProbeKind::Readiness] {
                if c[kind.field()].is_object() {
                    new.push((c["name"].as_str().unwrap_or_default().to_string(), kind, period_ms(&c[kind.field()])));
                }
            }
        }
        let Some(w) = self.machines.get_mut(node).and_then(|m| m.kubelet.workers.get_mut(uid)) else { return };
        if !w.probes.is_empty() {
            return;
        }
        for (container, kind, _) in &new {
            w.probes.push(ProbeWorker { container: container.clone(), kind: *kind, container_id: String::new(), last_success: None, run: 0, on_hold: false });
            // Initial results: readiness Failure, startup Unknown (not started).
            match kind {
                ProbeKind::Readiness => {
                    w.facts.readiness.insert(container.clone(), false);
                }
                ProbeKind::Startup => {
                    w.facts.started.insert(container.clone(), false);
                }
                ProbeKind::Liveness => {}
            }
        }
        for (i, (_, _, period)) in new.into_iter().enumerate() {
            let at = self.now.plus_millis(period);
            self.schedule(at, crate::Task::Probe { node: node.to_string(), uid: uid.to_string(), index: i });
        }
    }

    /// One tick of a probe worker (`doProbe`).
    pub(crate) fn probe_tick(&mut self, node: &str, uid: &str, index: usize) {
        if !self.kubelet_running(node) {
            return;
        }
        let Some(w) = self.machines.get(node).and_then(|m| m.kubelet.workers.get(uid)) else { return };
        if w.terminated {
            return;
        }
        let Some(pw) = w.probes.get(index).cloned() else { return };
        let (ns, name) = (w.namespace.clone(), w.name.clone());
        // The container's spec, without copying the pod (the control plane is probed every second).
        let Some((spec, deleting)) = self.kubelet_probe_target(node, &ns, &name, &pw.container, pw.kind.field()) else { return };
        let probe = spec[pw.kind.field()].clone();
        let now = self.now;
        self.schedule(now.plus_millis(period_ms(&probe)), crate::Task::Probe { node: node.to_string(), uid: uid.to_string(), index });
        // The container as the status manager knows it: probing starts once the status says
        // Running (so not during postStart), with that instance's id.
        let Some(m) = self.machines.get(node) else { return };
        let status = m.kubelet.workers.get(uid).and_then(|w| w.last_status.as_ref()).unwrap_or(&Value::Null);
        let known = status["containerStatuses"].as_array().into_iter().chain(status["initContainerStatuses"].as_array()).flatten().find(|s| s["name"] == pw.container.as_str()).filter(|s| s["state"]["running"].is_object()).and_then(|s| s["containerID"].as_str()).map(|id| id.trim_start_matches("containerd://").to_string());
        let current = known.and_then(|id| m.runtime.containers.get(&id)).filter(|c| c.state == ContainerState::Running).map(|c| (c.id.clone(), c.started_at.unwrap_or(now)));
        let Some((cid, started_at)) = current else { return };
        let w = self.machines.get_mut(node).and_then(|m| m.kubelet.workers.get_mut(uid));
        let Some(w) = w else { return };
        let Some(pw) = w.probes.get_mut(index) else { return };
        if pw.container_id != cid {
            // A new container: fresh results.
            pw.container_id = cid.clone();
            pw.on_hold = false;
            pw.run = 0;
            pw.last_success = None;
        }
        if pw.on_hold || (deleting && pw.kind != ProbeKind::Readiness) {
            return;
        }
        if ((now.millis() - started_at.millis()) / 1000) < n(&probe, "initialDelaySeconds", 0).max(0) as u64 {
            return;
        }
        let kind = pw.kind;
        let started = w.facts.started.get(&pw.container).copied().unwrap_or(true);
        if kind == ProbeKind::Startup && started {
            return;
        }
        if kind != ProbeKind::Startup && !started {
            return;
        }
        let container = pw.container.clone();
        let result = self.run_probe(node, uid, &spec, &probe);
        let params = crate::sort::map_of([
            ("container".to_string(), json!(container)),
            ("probe".to_string(), json!(kind.title())),
            ("result".to_string(), json!(if result.is_ok() { "success" } else { "failure" })),
            ("output".to_string(), json!(result.as_ref().err())),
        ]);
        let object = crate::trace::ObjectRef { kind: "Pod".into(), namespace: Some(ns.clone()), name: name.clone() };
        self.node_trace(super::COMPONENT, node, Action::KubeletProbe, Some(object), params);
        if let Err(output) = &result
            && let Some(pod) = self.kubelet_pod(node, &ns, &name)
        {
            self.kubelet_event(node, &pod, Some(&container), "Warning", "Unhealthy", &format!("{} probe failed: {output}", kind.title()));
        }
        let ok = result.is_ok();
        let Some(w) = self.machines.get_mut(node).and_then(|m| m.kubelet.workers.get_mut(uid)) else { return };
        let Some(pw) = w.probes.get_mut(index) else { return };
        if pw.last_success == Some(ok) {
            pw.run += 1;
        } else {
            pw.last_success = Some(ok);
            pw.run = 1;
        }
        let threshold = if ok { n(&probe, "successThreshold", 1) } else { n(&probe, "failureThreshold", 3) }.max(1) as u32;
        if pw.run < threshold {
            return;
        }
        match kind {
            ProbeKind::Readiness => {
                let changed = w.facts.readiness.insert(container.clone(), ok) != Some(ok);
                if changed && let Some(pod) = self.kubelet_pod(node, &ns, &name) {
                    // `SetContainerReadiness`: the status manager patches at once.
                    self.kubelet_update_status(node, uid, &pod);
                }
            }
            ProbeKind::Startup => {
                if ok {
                    w.facts.started.insert(container.clone(), true);
                } else {
                    pw.on_hold = true;
                    pw.run = 0;
                    w.probe_failures.insert(container.clone(), (kind, cid.clone()));
                }
                self.kubelet_request_sync(node, uid);
            }
            ProbeKind::Liveness => {
                if !ok {
                    pw.on_hold = true;
                    pw.run = 0;
                    w.probe_failures.insert(container.clone(), (kind, cid.clone()));
                    self.kubelet_request_sync(node, uid);
                }
            }
        }
    }

    /// One probe attempt against the pod's containers (they share the network namespace).
    fn run_probe(&mut self, node: &str, uid: &str, spec: &Value, probe: &Value) -> super::prober::ProbeResult {
        let ip = self.machines.get(node).and_then(|m| m.runtime.ready_sandbox(uid)).and_then(|s| s.ip.clone()).unwrap_or_default();
        let port_of = |v: &Value| -> Option<u16> {
            match v {
                Value::Number(n) => n.as_u64().and_then(|p| u16::try_from(p).ok()),
                Value::String(name) => spec["ports"].as_array()?.iter().find(|p| p["name"] == name.as_str())?["containerPort"].as_u64().and_then(|p| u16::try_from(p).ok()),
                _ => None,
            }
        };
        let now = self.now;
        let Some(m) = self.machines.get(node) else { return Err("node gone".into()) };
        let running: Vec<&crate::containerd::Container> = m.runtime.pod_containers(uid).into_iter().filter(|c| c.state == ContainerState::Running).collect();
        if let Some(h) = probe["httpGet"].as_object() {
            let port = h.get("port").and_then(port_of).unwrap_or(0);
            let path = h.get("path").and_then(Value::as_str).unwrap_or("/");
            let host = h.get("host").and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string).unwrap_or(ip.clone());
            let scheme = h.get("scheme").and_then(Value::as_str).map_or_else(|| "http".into(), crate::gostrings::to_lower);
            let url = format!("{scheme}://{host}:{port}{path}");
            let answer = running.iter().filter_map(|c| c.process.as_ref()?.http_get(port, path, now)).next();
            return match answer {
                Some(code) if (200..400).contains(&code) => Ok(()),
                Some(code) => Err(format!("HTTP probe failed with statuscode: {code}")),
                None => Err(format!("Get \"{url}\": dial tcp {host}:{port}: connect: connection refused")),
            };
        }
        if let Some(t) = probe["tcpSocket"].as_object() {
            let port = t.get("port").and_then(port_of).unwrap_or(0);
            let host = t.get("host").and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_string).unwrap_or(ip.clone());
            let listening = running.iter().any(|c| c.process.as_ref().is_some_and(|p| p.listens(port)));
            return if listening { Ok(()) } else { Err(format!("dial tcp {host}:{port}: connect: connection refused")) };
        }
        if let Some(g) = probe["grpc"].as_object() {
            let port = g.get("port").and_then(Value::as_u64).unwrap_or(0) as u16;
            let listening = running.iter().any(|c| c.process.as_ref().is_some_and(|p| p.listens(port)));
            let timeout = n(probe, "timeoutSeconds", 1);
            return if listening { Ok(()) } else { Err(format!("timeout: failed to connect service \"{ip}:{port}\" within {timeout}s: context deadline exceeded")) };
        }
        if let Some(e) = probe["exec"].as_object() {
            let argv: Vec<String> = e.get("command").and_then(Value::as_array).map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default();
            let container = spec["name"].as_str().unwrap_or_default().to_string();
            return self.exec_probe(node, uid, &container, &argv);
        }
        Err("unknown probe type".into())
    }
}

impl Engine {
    /// An exec probe: the command runs in the container (through the runtime's exec).
    fn exec_probe(&mut self, node: &str, uid: &str, container: &str, argv: &[String]) -> ProbeResult {
        match self.exec_in_container(node, uid, container, argv) {
            Ok(run) if run.code == 0 => Ok(()),
            Ok(run) => Err(run.output),
            Err(e) => Err(e),
        }
    }
}

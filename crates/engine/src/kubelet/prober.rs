//! The kubelet's prober (`pkg/kubelet/prober`): one worker per container and probe type,
//! ticking every `periodSeconds` from when the pod reached the kubelet. A probe is skipped
//! before `initialDelaySeconds` have passed since the container started and, for liveness and
//! readiness, until the startup probe has succeeded. The result changes only after
//! `failureThreshold` failures or `successThreshold` successes in a row; every failed attempt
//! is a `Warning Unhealthy` event. Readiness goes straight to the status manager; a liveness
//! or startup failure makes the pod worker kill and restart the container.


use super::{Cx, Kubelet, Timer};
use super::Due;
use crate::Slot;
use serde_json::Value;

use crate::clock::Time;
use crate::containerd::ContainerState;
use crate::process::GrpcHealth;
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
    /// An attempt is still running (it blocks until its deadline).
    pub in_flight: bool,
    /// A manual run is queued (the worker's one-slot `manualTriggerCh`).
    pub manual_pending: bool,
    /// The ticker's generation: a manual run resets the ticker, so ticks of an older
    /// generation are dropped.
    pub ticker: u64,
    /// Its period (ms): the spec's, which cannot change.
    pub period: u64,
}

/// A probe's outcome: success, or failure with its output.
pub type ProbeResult = Result<(), ProbeError>;

/// A probe attempt that did not succeed (`pkg/kubelet/prober/prober.go`): it failed (the
/// probe's answer: `%s probe failed: %s`), or it errored — the kubelet could not run it
/// (`probe.Unknown` with an error: `%s probe errored and resulted in unknown state: %s`).
/// Both count as failures towards the threshold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProbeError {
    Failed(String),
    Errored(String),
}

impl ProbeError {
    pub fn text(&self) -> &str {
        match self {
            ProbeError::Failed(t) | ProbeError::Errored(t) => t,
        }
    }
}

/// When an attempt's outcome is known: at once, or (a failure) at the probe's deadline.
enum Outcome {
    Now(Result<(), String>),
    /// The attempt took this long (an exec probe's command ran for a while).
    After(Result<(), String>, u64),
    AtDeadline(String),
    /// The kubelet could not run the probe.
    Errored(String),
}

fn n(probe: &Slot, field: &str, default: i64) -> i64 {
    probe[field].as_i64().unwrap_or(default)
}

/// `container`'s entry in a pod status, if that status shows it running: what a probe worker
/// waits for before it probes (`doProbe`).
pub(super) fn running_in_status<'a>(status: &'a serde_json::Value, container: &str) -> Option<&'a serde_json::Value> {
    status["containerStatuses"].as_array().into_iter().chain(status["initContainerStatuses"].as_array()).flatten().find(|s| s["name"] == container).filter(|s| s["state"]["running"].is_object())
}

/// The period of a probe in ms.
pub fn period_ms(probe: &Slot) -> u64 {
    (n(probe, "periodSeconds", 10).max(1) as u64).saturating_mul(1000)
}

impl Kubelet {
    /// Until when the ticks of this worker change nothing (a quiet stretch, `quiet.rs`): a
    /// stale tick, a worker with nothing to do, or a probe that keeps passing — HTTP, TCP or
    /// gRPC against the program's own answers, which stay as they are until the time the
    /// program itself changes them. None: the next tick may act (a failure, a first success,
    /// an exec or a listener of the shell, a probe in its initial delay, an attempt running).
    pub(crate) fn probe_steady_until(&self, v: &super::QuietView<'_>, uid: &str, index: usize, ticker: Option<u64>) -> Option<Time> {
        const FOREVER: Time = Time(u64::MAX);
        let ticker = ticker?;
        let m = v.machine;
        let Some(w) = self.workers.get(uid) else { return Some(FOREVER) };
        let Some(pw) = w.probes.get(index) else { return Some(FOREVER) };
        if ticker != pw.ticker || w.terminated {
            return Some(FOREVER);
        }
        if !v.running || pw.in_flight || pw.manual_pending {
            return None;
        }
        // `doProbe` waits for the status manager's status to show its container running (as
        // `probe_tick` reads it): until a sync changes that status — real work, which ends a
        // stretch — its ticks do nothing (a container whose image cannot be pulled, say, or
        // one a liveness probe's failure killed, waiting out its back-off on hold).
        if w.last_status.as_deref().and_then(|s| running_in_status(s, &pw.container)).is_none() {
            return Some(FOREVER);
        }
        if pw.on_hold {
            return None;
        }
        let pod = v.pod_ref(&w.namespace, &w.name)?;
        if pod["metadata"]["deletionTimestamp"].is_string() {
            return None;
        }
        let spec = container_spec_in(pod, &pw.container)?;
        let probe = &spec[pw.kind.field()];
        let started = w.facts.started.get(&pw.container).copied().unwrap_or(true);
        if pw.kind == ProbeKind::Startup && started {
            return Some(FOREVER);
        }
        if pw.kind != ProbeKind::Startup && !started {
            return None;
        }
        let container = m.runtime.containers.get(&pw.container_id).filter(|c| c.state == ContainerState::Running)?;
        let process = container.process.as_ref()?;
        let delay_ms = (n(probe, "initialDelaySeconds", 0).max(0) as u64).saturating_mul(1000);
        let started_at = container.started_at?;
        if v.now.millis() < started_at.millis().saturating_add(delay_ms) {
            return None;
        }
        let threshold = n(probe, "successThreshold", 1).max(1) as u32;
        if pw.last_success != Some(true) || pw.run < threshold {
            return None;
        }
        if process.shell.as_ref().is_some_and(|s| !s.listening_ports().is_empty()) || process.app.kind == crate::process::AppKind::IstioProxy {
            return None;
        }
        let port_of = |v: &Slot| probe_port(spec, v);
        let passes = if let Some(h) = probe["httpGet"].as_object() {
            // As an attempt does, the pod's own process answers (a static pod's probe names
            // the node's address as its host: the same network namespace).
            let port = h.get("port").and_then(port_of)?;
            let path = h.get("path").and_then(Slot::as_str).unwrap_or("/");
            process.http_get(port, path, v.now).is_some_and(|code| (200..400).contains(&code))
        } else if let Some(t) = probe["tcpSocket"].as_object() {
            process.listens(t.get("port").and_then(port_of)?)
        } else if let Some(g) = probe["grpc"].as_object() {
            let port = g.get("port").and_then(Slot::as_u64).and_then(|p| u16::try_from(p).ok())?;
            let service = g.get("service").and_then(Slot::as_str).unwrap_or_default();
            process.grpc_check(port, service, v.now, false) == Some(GrpcHealth::Serving)
        } else {
            false
        };
        // Only the probed container's answers count here: another container of the pod
        // answering on that port would be a rarity not worth a quiet stretch.
        passes.then(|| process.answers_stable_until(v.now).unwrap_or(FOREVER))
    }
}

impl Kubelet {
    /// The period of a pod's probe worker `index`, if the worker is on hold (its container
    /// killed by its failure, waiting for the next instance).
    pub(crate) fn on_hold_probe_period(&self, uid: &str, index: usize) -> Option<u64> {
        self.workers.get(uid)?.probes.get(index).filter(|pw| pw.on_hold).map(|pw| pw.period)
    }

    /// `AddPod`: probe workers for every container probe of the pod, ticking from now.
    pub(crate) fn prober_add_pod(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot) {
        let mut new = vec![];
        for c in pod["spec"]["initContainers"].as_array().into_iter().flatten().filter(|c| c["restartPolicy"] == "Always").chain(pod["spec"]["containers"].as_array().into_iter().flatten()) {
            for kind in [ProbeKind::Startup, ProbeKind::Liveness, ProbeKind::Readiness] {
                if c[kind.field()].is_object() {
                    new.push((c["name"].as_str().unwrap_or_default().to_string(), kind, period_ms(&c[kind.field()])));
                }
            }
        }
        let Some(w) = self.workers.get_mut(uid) else { return };
        if !w.probes.is_empty() {
            return;
        }
        for (container, kind, period) in &new {
            w.probes.push(ProbeWorker { container: container.clone(), kind: *kind, container_id: String::new(), last_success: None, run: 0, on_hold: false, in_flight: false, manual_pending: false, ticker: 0, period: *period });
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
            let at = cx.now().plus_millis(period);
            cx.after(at, Timer::new(&self.node, Due::Probe { uid: uid.to_string(), index: i, ticker: Some(0) }));
        }
    }

    /// `UpdatePodStatus` (`pkg/kubelet/prober/prober_manager.go`), run as the kubelet
    /// generates a pod's status in a sync: a started, running container that is not Ready and
    /// has a readiness probe gets an immediate run of it ("Trigger an immediate run of the
    /// readinessProbe to update ready state"), so readiness does not wait for the first tick.
    pub(crate) fn prober_update_pod_status(&mut self, cx: &mut Cx<'_>, uid: &str, status: &Value) {
        let Some(w) = self.workers.get_mut(uid) else { return };
        let mut due = Vec::new();
        for (i, pw) in w.probes.iter_mut().enumerate() {
            if pw.kind != ProbeKind::Readiness || pw.manual_pending {
                continue;
            }
            let st = status["containerStatuses"].as_array().into_iter().chain(status["initContainerStatuses"].as_array()).flatten().find(|s| s["name"] == pw.container.as_str());
            if st.is_some_and(|s| s["state"]["running"].is_object() && s["started"] == true && s["ready"] == false) {
                pw.manual_pending = true;
                // A worker blocked in an attempt takes the trigger when that attempt ends.
                if !pw.in_flight {
                    due.push(i);
                }
            }
        }
        for index in due {
            cx.after(cx.now(), Timer::new(&self.node, Due::Probe { uid: uid.to_string(), index, ticker: None }));
        }
    }

    /// One run of a probe worker (`doProbe`): a tick of ticker generation `Some(g)`, or a
    /// manual run (`None`), which resets the ticker to a full period from now (`worker.go`
    /// `run`: `probeTicker.Reset`).
    pub(crate) fn probe_tick(&mut self, cx: &mut Cx<'_>, uid: &str, index: usize, ticker: Option<u64>) {
        // A tick that returns early, or whose probe passes again, changes nothing (`quiet.rs`);
        // the paths that act say otherwise below.
        cx.node().set_noop(ticker.is_some());
        let Some(pw) = self.workers.get_mut(uid).and_then(|w| w.probes.get_mut(index)) else { return };
        let manual = ticker.is_none();
        match ticker {
            None => pw.manual_pending = false,
            Some(g) if g != pw.ticker => return,
            Some(_) => {}
        }
        if !cx.running() {
            return;
        }
        let Some(w) = self.workers.get(uid) else { return };
        if w.terminated {
            return;
        }
        let Some(pw) = w.probes.get(index).cloned() else { return };
        let (ns, name) = (w.namespace.clone(), w.name.clone());
        // Read in place: the control plane's pods are probed every second.
        let Some((spec, pod_ip, deleting)) = cx.node().kubelet_pod_ref(&self.node, &ns, &name).and_then(|pod| {
            let spec = container_spec_in(pod, &pw.container)?.clone();
            Some((spec, pod["status"]["podIP"].as_str().map(str::to_string), pod["metadata"]["deletionTimestamp"].is_string()))
        }) else {
            return;
        };
        let probe = spec[pw.kind.field()].clone();
        let now = cx.now();
        let Some(worker) = self.workers.get_mut(uid).and_then(|w| w.probes.get_mut(index)) else { return };
        if manual {
            worker.ticker += 1;
        }
        let ticker = worker.ticker;
        cx.after(now.plus_millis(period_ms(&probe)), Timer::new(&self.node, Due::Probe { uid: uid.to_string(), index, ticker: Some(ticker) }));
        // The container as the status manager knows it: probing starts once the status says
        // Running (so not during postStart), with that instance's id.
        let Some(m) = cx.node().machine(&self.node) else { return };
        let status = self.workers.get(uid).and_then(|w| w.last_status.clone()).unwrap_or_default();
        let known = running_in_status(&status, &pw.container).and_then(|s| s["containerID"].as_str()).map(|id| id.trim_start_matches("containerd://").to_string());
        let current = known.and_then(|id| m.runtime.containers.get(&id)).filter(|c| c.state == ContainerState::Running).map(|c| (c.id.clone(), c.started_at.unwrap_or(now)));
        let Some((cid, started_at)) = current else { return };
        let w = self.workers.get_mut(uid);
        let Some(w) = w else { return };
        let Some(pw) = w.probes.get_mut(index) else { return };
        if pw.container_id != cid {
            // A new container: fresh results.
            cx.node().set_noop(false);
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
        if pw.in_flight {
            // The worker is still blocked in the previous attempt (a tick meanwhile is lost).
            return;
        }
        // A crash loop's watch anchors its run at its first probe (`restarts.rs`).
        let delay_ms = (n(&probe, "initialDelaySeconds", 0).max(0) as u64).saturating_mul(1000);
        self.restart_watch_probe(uid, kind == ProbeKind::Liveness && !manual, now, period_ms(&probe), started_at, delay_ms);
        let (result, duration_ms) = self.run_probe(cx, uid, pod_ip.as_deref(), &spec, &probe);
        if duration_ms == 0 {
            let noop = cx.node().noop();
            self.probe_outcome(cx, uid, index, &cid, result);
            let noop = cx.node().noop() && noop;
            cx.node().set_noop(noop);
        } else {
            cx.node().set_noop(false);
            // The probe blocks until its deadline (`timeoutSeconds`); its outcome comes then.
            if let Some(pw) = self.workers.get_mut(uid).and_then(|w| w.probes.get_mut(index)) {
                pw.in_flight = true;
            }
            let at = now.plus_millis(duration_ms);
            cx.after(at, Timer::new(&self.node, Due::ProbeOutcome { uid: uid.to_string(), index, container_id: cid, result }));
        }
    }

    /// A probe attempt's outcome: the trace, the `Unhealthy` event, and the result once the
    /// threshold is met (`worker.go` `doProbe` after `prober.probe`).
    pub(crate) fn probe_outcome(&mut self, cx: &mut Cx<'_>, uid: &str, index: usize, cid: &str, result: ProbeResult) {
        let Some(w) = self.workers.get(uid) else { return };
        if w.terminated {
            return;
        }
        let Some(pw) = w.probes.get(index).cloned() else { return };
        let (ns, name) = (w.namespace.clone(), w.name.clone());
        if let Some(p) = self.workers.get_mut(uid).and_then(|w| w.probes.get_mut(index)) {
            p.in_flight = false;
            if p.manual_pending {
                // The trigger that arrived during the attempt is taken now.
                cx.after(cx.now(), Timer::new(&self.node, Due::Probe { uid: uid.to_string(), index, ticker: None }));
            }
        }
        // A stale outcome: the container was replaced while the probe ran.
        if pw.container_id != cid {
            return;
        }
        let Some((probe, object)) = cx.node().kubelet_pod_ref(&self.node, &ns, &name).and_then(|pod| Some((container_spec_in(pod, &pw.container)?[pw.kind.field()].clone(), crate::object_ref(pod, "Pod")))) else { return };
        let (kind, container) = (pw.kind, pw.container.clone());
        let params = crate::sort::map_of([
            ("container".to_string(), json!(container)),
            ("probe".to_string(), json!(kind.title())),
            ("result".to_string(), json!(if result.is_ok() { "success" } else { "failure" })),
            ("output".to_string(), json!(result.as_ref().err().map(ProbeError::text))),
        ]);
        super::reaction(cx, Action::KubeletProbe, object, params);
        if let Err(e) = &result
            && let Some(pod) = cx.node().kubelet_pod(&self.node, &ns, &name)
        {
            let message = match e {
                ProbeError::Failed(output) => format!("{} probe failed: {output}", kind.title()),
                ProbeError::Errored(error) => format!("{} probe errored and resulted in unknown state: {error}", kind.title()),
            };
            self.event(cx, &pod, Some(&container), "Warning", "Unhealthy", &message);
        }
        let ok = result.is_ok();
        self.restart_watch_probe_result(uid, kind == ProbeKind::Liveness, ok);
        let Some(w) = self.workers.get_mut(uid) else { return };
        let Some(pw) = w.probes.get_mut(index) else { return };
        let threshold = if ok { n(&probe, "successThreshold", 1) } else { n(&probe, "failureThreshold", 3) }.max(1) as u32;
        // A success after enough successes repeats the result the kubelet already has.
        cx.node().set_noop(ok && pw.last_success == Some(true) && pw.run >= threshold);
        if pw.last_success == Some(ok) {
            pw.run = pw.run.saturating_add(1);
        } else {
            pw.last_success = Some(ok);
            pw.run = 1;
        }
        if pw.run < threshold {
            return;
        }
        match kind {
            ProbeKind::Readiness => {
                let changed = w.facts.readiness.insert(container.clone(), ok) != Some(ok);
                if changed && let Some(pod) = cx.node().kubelet_pod(&self.node, &ns, &name) {
                    // `SetContainerReadiness`: the status manager patches at once.
                    self.update_status(cx, uid, &pod);
                }
            }
            ProbeKind::Startup => {
                if ok {
                    w.facts.started.insert(container.clone(), true);
                } else {
                    pw.on_hold = true;
                    pw.run = 0;
                    w.probe_failures.insert(container.clone(), (kind, cid.to_string()));
                }
                self.request_sync(cx, uid);
            }
            ProbeKind::Liveness => {
                if !ok {
                    pw.on_hold = true;
                    pw.run = 0;
                    w.probe_failures.insert(container.clone(), (kind, cid.to_string()));
                    self.request_sync(cx, uid);
                }
            }
        }
    }

    /// One probe attempt against the pod's containers (they share the network namespace): its
    /// outcome and how long it took (0: at once).
    fn run_probe(&mut self, cx: &mut Cx<'_>, uid: &str, pod_ip: Option<&str>, spec: &Slot, probe: &Slot) -> (ProbeResult, u64) {
        let timeout_ms = (n(probe, "timeoutSeconds", 1).max(1) as u64).saturating_mul(1000);
        match self.probe_attempt(cx, uid, pod_ip, spec, probe) {
            Outcome::Now(result) => (result.map_err(ProbeError::Failed), 0),
            Outcome::After(result, ms) => (result.map_err(ProbeError::Failed), ms.min(timeout_ms)),
            Outcome::AtDeadline(output) => (Err(ProbeError::Failed(output)), timeout_ms),
            Outcome::Errored(error) => (Err(ProbeError::Errored(error)), 0),
        }
    }

    fn probe_attempt(&mut self, cx: &mut Cx<'_>, uid: &str, pod_ip: Option<&str>, spec: &Slot, probe: &Slot) -> Outcome {
        let ip = pod_ip.map(str::to_string).or_else(|| cx.node().machine(&self.node).and_then(|m| m.runtime.ready_sandbox(uid)).and_then(|s| s.ip.clone())).unwrap_or_default();
        let port_of = |v: &Slot| probe_port(spec, v);
        let now = cx.now();
        let Some(m) = cx.node().machine(&self.node) else { return Outcome::Now(Err("node gone".into())) };
        let running: Vec<&crate::containerd::Container> = m.runtime.pod_containers(uid).into_iter().filter(|c| c.state == ContainerState::Running).collect();
        if let Some(h) = probe["httpGet"].as_object() {
            let port = h.get("port").and_then(port_of).unwrap_or(0);
            let path = h.get("path").and_then(Slot::as_str).unwrap_or("/");
            let host = h.get("host").and_then(Slot::as_str).filter(|s| !s.is_empty()).map(str::to_string).unwrap_or(ip.clone());
            let scheme = h.get("scheme").and_then(Slot::as_str).map_or_else(|| "http".into(), crate::gostrings::to_lower);
            let url = format!("{scheme}://{host}:{port}{path}");
            if running.iter().any(|c| c.process.as_ref().and_then(|p| p.shell.as_ref()).is_some_and(|s| s.listening_ports().contains(&port))) {
                if let Some(result) = cx.node().probe_shell_listener(&self.node, uid, port, Some((&url, &host))) {
                    return Outcome::Now(result);
                }
                return Outcome::Now(Err(format!("Get \"{url}\": dial tcp {host}:{port}: connect: connection refused")));
            }
            // nginx answers a plain request on a port it serves with `ssl` with its 400 (497) page,
            // and a TLS handshake on a plain port with an HTTP error, which Go's client reports.
            if scheme == "https" && running.iter().any(|c| c.process.as_ref().is_some_and(|p| p.listens(port) && p.app.nginx_tls(port) == Some(false))) {
                return Outcome::Now(Err(format!("Get \"{url}\": http: server gave HTTP response to HTTPS client")));
            }
            let answer = running.iter().filter_map(|c| c.process.as_ref().and_then(|p| p.http_get(port, path, now).map(|code| if scheme == "http" && p.app.nginx_tls(port) == Some(true) { 400 } else { code }))).next();
            // istio-proxy's readiness is Envoy's: ready once istiod sent its configuration.
            let sidecar = running.iter().any(|c| c.process.as_ref().is_some_and(|p| p.app.kind == crate::process::AppKind::IstioProxy && p.listens(port)));
            let answer = if sidecar && path.starts_with("/healthz/ready") && !cx.node().istiod_serving() { answer.map(|_| 503) } else { answer };
            return Outcome::Now(match answer {
                Some(code) if (200..400).contains(&code) => Ok(()),
                Some(code) => Err(format!("HTTP probe failed with statuscode: {code}")),
                None => Err(format!("Get \"{url}\": dial tcp {host}:{port}: connect: connection refused")),
            });
        }
        if let Some(t) = probe["tcpSocket"].as_object() {
            let port = t.get("port").and_then(port_of).unwrap_or(0);
            let host = t.get("host").and_then(Slot::as_str).filter(|s| !s.is_empty()).map(str::to_string).unwrap_or(ip.clone());
            if running.iter().any(|c| c.process.as_ref().and_then(|p| p.shell.as_ref()).is_some_and(|s| s.listening_ports().contains(&port))) {
                return Outcome::Now(cx.node().probe_shell_listener(&self.node, uid, port, None).unwrap_or_else(|| Err(format!("dial tcp {host}:{port}: connect: connection refused"))));
            }
            let listening = running.iter().any(|c| c.process.as_ref().is_some_and(|p| p.listens(port)));
            return Outcome::Now(if listening { Ok(()) } else { Err(format!("dial tcp {host}:{port}: connect: connection refused")) });
        }
        if let Some(g) = probe["grpc"].as_object() {
            // `pkg/probe/grpc/grpc.go`: a blocking dial, then `Health/Check`; every failure's
            // text is the kubelet's own.
            let port = g.get("port").and_then(Slot::as_u64).and_then(|p| u16::try_from(p).ok()).unwrap_or(0);
            let service = g.get("service").and_then(Slot::as_str).unwrap_or_default();
            let timeout = n(probe, "timeoutSeconds", 1);
            let answer = running.iter().find_map(|c| c.process.as_ref()?.grpc_check(port, service, now, false));
            return match answer {
                Some(GrpcHealth::Serving) => Outcome::Now(Ok(())),
                Some(GrpcHealth::NotServing) => Outcome::Now(Err("service unhealthy (responded with \"NOT_SERVING\")".into())),
                Some(GrpcHealth::UnknownService) => Outcome::Now(Err("error: health rpc probe failed: rpc error: code = NotFound desc = unknown service".into())),
                Some(GrpcHealth::Unimplemented) => Outcome::Now(Err("error: this server does not implement the grpc health protocol (grpc.health.v1.Health): unknown service grpc.health.v1.Health".into())),
                // The dial never reaches READY (refused, or not a gRPC server: an HTTP/1 server
                // answers the HTTP/2 preface with an HTTP/1 error, TLS ends the handshake); a
                // blocking dial retries until the probe's deadline.
                None => Outcome::AtDeadline(format!("timeout: failed to connect service \"{ip}:{port}\" within {timeout}s: context deadline exceeded")),
            };
        }
        if let Some(e) = probe["exec"].as_object() {
            let argv: Vec<String> = e.get("command").and_then(Slot::as_array).map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default();
            let container = spec["name"].as_str().unwrap_or_default().to_string();
            let timeout_ms = (n(probe, "timeoutSeconds", 1).max(1) as u64).saturating_mul(1000);
            return self.exec_probe(cx, uid, &container, &argv, timeout_ms);
        }
        Outcome::Now(Err("unknown probe type".into()))
    }
}

impl Kubelet {
    /// An exec probe: the command runs in the container (through the runtime's exec).
    /// Its outcome comes when the command ends; one still running at `timeoutSeconds` fails
    /// with the CRI client's text (`ExecSync`'s DeadlineExceeded becomes `exec.TimeoutError`:
    /// `command "…" timed out`, k8s.io/cri-client `remote_runtime.go`; `pkg/probe/exec`
    /// reports it as the failure's output).
    fn exec_probe(&mut self, cx: &mut Cx<'_>, uid: &str, container: &str, argv: &[String], timeout_ms: u64) -> Outcome {
        match self.cri(cx, |cri| cri.exec(uid, container, argv, None, timeout_ms)) {
            // `ExecSync`'s gRPC error, not an exit status.
            Ok(run) if run.start_error.is_some() => Outcome::Errored(format!("rpc error: code = Unknown desc = {}", run.start_error.unwrap_or_default())),
            Ok(run) if run.unfinished || run.duration_ms > timeout_ms => Outcome::AtDeadline(format!("command {} timed out", crate::registry::reference::go_quote(&argv.join(" ")))),
            Ok(run) if run.duration_ms == 0 => Outcome::Now(if run.code == 0 { Ok(()) } else { Err(run.output) }),
            Ok(run) => Outcome::After(if run.code == 0 { Ok(()) } else { Err(run.output) }, run.duration_ms),
            Err(e) => Outcome::Errored(e),
        }
    }
}

/// A probe's port: a number, or the name of one of the container's ports.
fn probe_port(spec: &Slot, port: &Slot) -> Option<u16> {
    if port.is_number() {
        return port.as_u64().and_then(|p| u16::try_from(p).ok());
    }
    let name = port.as_str()?;
    spec["ports"].as_array()?.iter().find(|p| p["name"] == name)?["containerPort"].as_u64().and_then(|p| u16::try_from(p).ok())
}

/// A container (init or regular) of a pod by name.
fn container_spec_in<'a>(pod: &'a Slot, name: &str) -> Option<&'a Slot> {
    pod["spec"]["initContainers"].as_array().into_iter().chain(pod["spec"]["containers"].as_array()).flatten().find(|c| c["name"] == name)
}

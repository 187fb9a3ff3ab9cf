//! `podlife traffic`: HTTP clients on every node sending requests to a Service in virtual time,
//! each one routed by its own node's NAT rules at that moment, each answered (or not) by the
//! process the connection reaches.
//!
//! A request's fate: `timeout` when nothing answers (a virtual IP the node has no rule for, a
//! DROP rule, a pod address whose sandbox is gone); `502` when the connection is refused (a
//! REJECT rule for a Service without endpoints, or a pod whose process no longer listens — an
//! ingress in front reports both as 502 Bad Gateway); `reset` when the process that accepted
//! it dies before answering; otherwise the app's status (`ok` below 500). A process that
//! drains after SIGTERM closes its listener at once but finishes what it accepted.

use crate::vecmap::VecMap;

use crate::clock::Time;
use crate::store::ObjectKey;
use crate::trace::{Action, ComponentRef, ObjectRef};
use crate::{Engine, Task};

/// The component name traffic clients appear under in the trace.
pub const COMPONENT: &str = "traffic";
/// Limits: requests per second, duration, and requests per run.
pub const MAX_RPS: u64 = 1_000;
pub const MAX_DURATION_MS: u64 = 3_600_000;
pub const MAX_REQUESTS: u64 = 100_000;
/// How long a client waits for a connection to be answered.
pub const CONNECT_TIMEOUT_MS: u64 = 1_000;

/// What the user asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrafficSpec {
    pub namespace: String,
    pub service: String,
    /// The Service port (its first when not given).
    pub port: Option<u16>,
    pub path: String,
    pub rps: u64,
    pub duration_ms: u64,
}

/// How one request ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Ok,
    BadGateway,
    /// The app answered this 5xx status itself (503 while it reports not ready).
    App(u16),
    Reset,
    Timeout,
}

impl Outcome {
    pub fn id(self) -> String {
        match self {
            Outcome::Ok => "ok".into(),
            Outcome::BadGateway => "502".into(),
            Outcome::App(code) => code.to_string(),
            Outcome::Reset => "reset".into(),
            Outcome::Timeout => "timeout".into(),
        }
    }
}

/// One second's counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Second {
    pub counts: VecMap<Outcome, u64>,
    /// Failed requests by the client's node.
    pub failed_by_node: VecMap<String, u64>,
}

/// A finished run, for the console to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrafficReport {
    pub target: String,
    pub nodes: Vec<String>,
    pub rps: u64,
    pub duration_ms: u64,
    pub seconds: Vec<Second>,
}

impl TrafficReport {
    pub fn total(&self, outcome: Outcome) -> u64 {
        self.seconds.iter().map(|s| s.counts.get(&outcome).copied().unwrap_or(0)).sum()
    }

    pub fn requests(&self) -> u64 {
        self.seconds.iter().flat_map(|s| s.counts.values()).sum()
    }

    /// The app's own 5xx codes seen, ascending.
    pub fn app_codes(&self) -> Vec<u16> {
        let mut codes: Vec<u16> = self.seconds.iter().flat_map(|s| s.counts.keys()).filter_map(|o| if let Outcome::App(c) = o { Some(*c) } else { None }).collect();
        crate::sort::sort(&mut codes);
        codes.dedup();
        codes
    }
}

/// A run in progress.
#[derive(Debug, Clone)]
pub(crate) struct TrafficJob {
    spec: TrafficSpec,
    port: u16,
    cluster_ip: String,
    nodes: Vec<String>,
    started: Time,
    total: u64,
    seconds: Vec<Second>,
}

impl Engine {
    /// Starts clients on every node; returns the nodes. They run in the background as virtual
    /// time passes; `take_traffic_reports` hands over finished runs.
    pub fn start_traffic(&mut self, spec: TrafficSpec) -> Result<Vec<String>, String> {
        self.outside_change();
        if spec.rps == 0 || spec.rps > MAX_RPS {
            return Err(format!("--rps must be between 1 and {MAX_RPS}"));
        }
        if spec.duration_ms == 0 || spec.duration_ms > MAX_DURATION_MS {
            return Err("--for must be more than 0s and at most 1h".into());
        }
        let total = spec.rps * spec.duration_ms / 1000;
        if total > MAX_REQUESTS {
            return Err(format!("a run may send at most {MAX_REQUESTS} requests (--rps × --for)"));
        }
        if total == 0 {
            return Err("--rps × --for is less than one request".into());
        }
        let rt = podlife_model::ResourceType::resolve("services").ok_or("no services resource")?;
        let svc = self.store.get(&ObjectKey::new(rt, Some(&spec.namespace), &spec.service)).ok_or_else(|| format!("Error from server (NotFound): services \"{}\" not found", spec.service))?;
        let cluster_ip = svc["spec"]["clusterIP"].as_str().unwrap_or_default().to_string();
        if cluster_ip.is_empty() || cluster_ip == "None" {
            return Err(format!("service {:?} has no cluster IP (headless or ExternalName): traffic goes to a Service's virtual IP", spec.service));
        }
        let ports: Vec<u16> = svc["spec"]["ports"].as_array().into_iter().flatten().filter(|p| p["protocol"].as_str().unwrap_or("TCP") == "TCP").filter_map(|p| p["port"].as_u64().and_then(|n| u16::try_from(n).ok())).collect();
        let port = match spec.port {
            Some(p) if ports.contains(&p) => p,
            Some(p) => return Err(format!("service {:?} has no TCP port {p}", spec.service)),
            None => *ports.first().ok_or_else(|| format!("service {:?} has no TCP port", spec.service))?,
        };
        let nodes: Vec<String> = self.store.list("", "nodes", None).map(|(k, _)| k.name.clone()).collect();
        if nodes.is_empty() {
            return Err("the cluster has no nodes to run clients on".into());
        }
        let seconds = vec![Second::default(); spec.duration_ms.div_ceil(1000) as usize];
        let id = self.traffic.len();
        self.traffic.push(Some(TrafficJob { spec, port, cluster_ip, nodes: nodes.clone(), started: self.now, total, seconds }));
        self.schedule(self.now, Task::TrafficRequest { job: id, index: 0 });
        Ok(nodes)
    }

    /// Runs not finished yet.
    pub fn traffic_running(&self) -> bool {
        self.traffic.iter().any(Option::is_some)
    }

    /// Reports of the runs finished since the last call, in the order they finished.
    pub fn take_traffic_reports(&mut self) -> Vec<TrafficReport> {
        std::mem::take(&mut self.traffic_done)
    }

    /// Request `index` of a run leaves its client; the next one is scheduled.
    pub(crate) fn traffic_request(&mut self, job: usize, index: u64) {
        let Some(Some(j)) = self.traffic.get(job) else { return };
        let (total, rps, started) = (j.total, j.spec.rps, j.started);
        let node = j.nodes[(index % j.nodes.len() as u64) as usize].clone();
        let (cluster_ip, port, path) = (j.cluster_ip.clone(), j.port, j.spec.path.clone());
        if index + 1 < total {
            let at = started.plus_millis((index + 1) * 1000 / rps);
            self.schedule(at, Task::TrafficRequest { job, index: index + 1 });
        } else {
            // The last answers arrive within the connect timeout (or a response's time).
            self.schedule(self.now.plus_millis(CONNECT_TIMEOUT_MS + 1_000), Task::TrafficFinish { job });
        }
        let client_ip = self.node_ip(&node);
        let second = (self.now.millis() - started.millis()) / 1000;
        let endpoint = match self.route_ip(&node, &client_ip, &cluster_ip, port) {
            Ok(ep) => ep,
            Err(e) => {
                let outcome = if e == crate::shell::NetError::Refused { Outcome::BadGateway } else { Outcome::Timeout };
                let reason = match e {
                    crate::shell::NetError::Refused => "refused",
                    _ => "no answer",
                };
                return self.traffic_record(job, second, &node, outcome, None, reason);
            }
        };
        let ep_text = format!("{}:{}", endpoint.ip, endpoint.port);
        let Some((container, generation)) = self.listener(&endpoint) else {
            return self.traffic_record(job, second, &node, Outcome::BadGateway, Some((ep_text, endpoint.pod_uid.clone())), "refused");
        };
        let now = self.now;
        let (code, latency) = match self.machines.get(&endpoint.node).and_then(|m| m.runtime.containers.get(&container)).and_then(|c| c.process.as_ref()) {
            Some(p) => (p.app.http_status(&path, now.millis().saturating_sub(p.started_at.millis())), p.app.response_ms),
            None => (200, (1, 5)),
        };
        let took = self.rng.between(latency.0, latency.1);
        self.schedule(now.plus_millis(took), Task::TrafficResponse { job, second, node, endpoint: Box::new(endpoint), container, generation, code });
    }

    /// An accepted request's answer is due: it arrives if the process that accepted it lives.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn traffic_response(&mut self, job: usize, second: u64, node: &str, endpoint: &crate::network::Endpoint, container: &str, generation: u64, code: u16) {
        let alive = self.machines.get(&endpoint.node).and_then(|m| m.runtime.containers.get(container)).is_some_and(|c| c.state == crate::containerd::ContainerState::Running && c.generation == generation);
        let (outcome, reason) = match (alive, code) {
            (false, _) => (Outcome::Reset, "process exited"),
            (true, c) if c >= 500 => (Outcome::App(c), "answered"),
            _ => (Outcome::Ok, "answered"),
        };
        let ep = Some((format!("{}:{}", endpoint.ip, endpoint.port), endpoint.pod_uid.clone()));
        self.traffic_record(job, second, node, outcome, ep, reason);
    }

    fn traffic_record(&mut self, job: usize, second: u64, node: &str, outcome: Outcome, endpoint: Option<(String, String)>, reason: &str) {
        let Some(Some(j)) = self.traffic.get_mut(job) else { return };
        let service = ObjectRef::new("Service", Some(&j.spec.namespace), &j.spec.service);
        if let Some(s) = j.seconds.get_mut(second as usize) {
            *s.counts.entry(outcome).or_default() += 1;
            if outcome != Outcome::Ok {
                *s.failed_by_node.entry(node.to_string()).or_default() += 1;
            }
        }
        let mut params = crate::sort::map_of([
            ("result".to_string(), json!(outcome.id())),
            ("reason".to_string(), json!(reason)),
            ("run".to_string(), json!(job + 1)),
        ]);
        if let Some((address, uid)) = endpoint {
            params.insert("endpoint".to_string(), json!(address));
            if let Some(pod) = self.pod_name_by_uid(&uid) {
                params.insert("pod".to_string(), json!(pod));
            }
        }
        self.record(ComponentRef::on_node(COMPONENT, node), Action::TrafficRequest, Some(service), params, vec![]);
    }

    /// A run's clients are done: its report is ready.
    pub(crate) fn traffic_finish(&mut self, job: usize) {
        let Some(j) = self.traffic.get_mut(job).and_then(Option::take) else { return };
        let target = format!("svc/{}", j.spec.service);
        let report = TrafficReport { target, nodes: j.nodes, rps: j.spec.rps, duration_ms: j.spec.duration_ms, seconds: j.seconds };
        let ok = report.total(Outcome::Ok);
        // The per-second counts, as the table shows them.
        let seconds: Vec<serde_json::Value> = report
            .seconds
            .iter()
            .map(|s| serde_json::Value::Object(crate::sort::collect_object(s.counts.iter().map(|(o, n)| (o.id(), json!(n))))))
            .collect();
        let params = crate::sort::map_of([
            ("run".to_string(), json!(job + 1)),
            ("requests".to_string(), json!(report.requests())),
            ("ok".to_string(), json!(ok)),
            ("seconds".to_string(), serde_json::Value::Array(seconds)),
        ]);
        let service = ObjectRef::new("Service", Some(&j.spec.namespace), &j.spec.service);
        self.record(ComponentRef::control_plane(COMPONENT), Action::TrafficDone, Some(service), params, vec![]);
        self.traffic_done.push(report);
    }

    /// The node's InternalIP: the source address of its clients.
    pub(crate) fn node_ip(&self, node: &str) -> String {
        let Some(rt) = podlife_model::ResourceType::resolve("nodes") else { return String::new() };
        self.store.get(&ObjectKey::new(rt, None, node)).and_then(crate::cluster::facts::internal_ip).unwrap_or_default().to_string()
    }

    fn pod_name_by_uid(&self, uid: &str) -> Option<String> {
        self.machines.values().flat_map(|m| m.runtime.sandboxes.values()).find(|s| s.pod_uid == uid).map(|s| s.pod_name.clone())
    }
}

//! metrics-server (kubernetes-sigs/metrics-server), the add-on behind the `metrics.k8s.io`
//! API that `kubectl top` reads. kind does not install it: until a `metrics-server`
//! Deployment runs in `kube-system` the API does not exist, and until its pod is Ready the
//! API server answers 503.
//!
//! It scrapes every kubelet's resource metrics (`/metrics/resource`: each running container's
//! cumulative CPU time and memory working set, and the node's) once per
//! [`RESOLUTION_MS`] (`--metric-resolution=15s`), from its own start on, and serves the
//! CPU rate between its last two scrapes and the memory of the last one (`pkg/storage`:
//! a container needs both points, from the same container start, to have a rate). Nothing is
//! computed per scrape: the scrape instants are derived from the pod's start time, and the
//! counters are read back at those instants from each container's CPU account
//! (`containerd::cpu`), so an idle week costs nothing.

use serde_json::Value;

use crate::Engine;
use crate::clock::Time;
use crate::containerd::ContainerState;

/// `--metric-resolution`.
pub const RESOLUTION_MS: u64 = 15_000;
/// The memory a busybox shell holds (its working set: `kubectl top` shows `0Mi`).
const SHELL_MEMORY: u64 = 400 * 1024;
/// What a kind node's own daemons use beside the pods (kubelet, containerd, systemd):
/// millicores and bytes.
const NODE_DAEMONS: (u64, u64) = (15, 150 * 1024 * 1024);

/// Where the metrics API stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MetricsApi {
    /// No metrics-server installed: the group is not in discovery.
    Absent,
    /// Installed, but no pod of it is Ready: the API server answers 503.
    Unavailable,
    /// Serving, from the scrapes at `last` and `last - RESOLUTION_MS`.
    Serving { last: Time },
}

/// One container's usage as `metrics.k8s.io` gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContainerUsage {
    pub name: String,
    pub cpu_nanocores: u64,
    pub memory_bytes: u64,
}

/// A PodMetrics object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PodUsage {
    pub namespace: String,
    pub name: String,
    pub labels: Value,
    pub containers: Vec<ContainerUsage>,
}

/// A NodeMetrics object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeUsage {
    pub name: String,
    pub cpu_nanocores: u64,
    pub memory_bytes: u64,
}

impl Engine {
    /// Whether `metrics.k8s.io` exists and answers (a Deployment `metrics-server` in
    /// `kube-system`, and a Ready pod of it behind its Service).
    pub fn metrics_api(&self) -> MetricsApi {
        let store = self.store();
        if !store.list("apps", "deployments", Some("kube-system")).any(|(k, _)| k.name == "metrics-server") {
            return MetricsApi::Absent;
        }
        // The serving pod that started first (its scrapes are the ones answered).
        let started = store
            .list("", "pods", Some("kube-system"))
            .map(|(_, p)| p)
            .filter(|p| p["metadata"]["labels"]["k8s-app"] == "metrics-server" && p["metadata"]["deletionTimestamp"].is_null())
            .filter(|p| p["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True")))
            .filter_map(|p| p["status"]["containerStatuses"][0]["state"]["running"]["startedAt"].as_str().and_then(Time::from_rfc3339))
            .min();
        let Some(start) = started else { return MetricsApi::Unavailable };
        let now = self.now();
        if now < start {
            return MetricsApi::Unavailable;
        }
        let last = Time(start.0 + (now.0 - start.0) / RESOLUTION_MS * RESOLUTION_MS);
        MetricsApi::Serving { last }
    }

    /// PodMetrics for every pod with a rate for at least one container (the last two
    /// scrapes at `last`), in `namespace` (None: all).
    pub fn pod_metrics(&self, last: Time, namespace: Option<&str>) -> Vec<PodUsage> {
        let prev = Time(last.0.saturating_sub(RESOLUTION_MS));
        let mut out = Vec::new();
        for (_, pod) in self.store().list("", "pods", namespace) {
            let (node, uid) = runtime_pod(pod);
            let Some(m) = self.machines.get(node) else { continue };
            let mut containers = Vec::new();
            for c in m.runtime.pod_containers(uid) {
                if let Some(u) = container_usage(c, prev, last) {
                    containers.push(u);
                }
            }
            if containers.is_empty() {
                continue;
            }
            crate::sort::sort_by(&mut containers, |a, b| a.name.cmp(&b.name));
            out.push(PodUsage {
                namespace: pod["metadata"]["namespace"].as_str().unwrap_or_default().to_string(),
                name: pod["metadata"]["name"].as_str().unwrap_or_default().to_string(),
                labels: pod["metadata"]["labels"].to_value(),
                containers,
            });
        }
        out
    }

    /// The usage `pod_metrics` gives these pods at the scrape `last`, if every later scrape
    /// gives the same: each of their running containers has run at one CPU rate since the
    /// window before `last` began (no burst, no new share since: those come only with a task,
    /// which ends a quiet stretch) and its memory has reached its plateau. (Quiet stretches:
    /// an HPA's sync that read this usage repeats itself, `controllers/hpa/repeat.rs`.)
    pub(crate) fn pod_usage_holds(&self, last: Time, namespace: &str, pods: &[std::sync::Arc<crate::Obj>]) -> Option<Vec<PodUsage>> {
        let prev = Time(last.0.saturating_sub(RESOLUTION_MS));
        let now = self.now();
        for pod in pods {
            let (node, uid) = runtime_pod(pod);
            let Some(m) = self.machines.get(node) else { continue };
            for c in m.runtime.pod_containers(uid).into_iter().filter(|c| c.state == ContainerState::Running) {
                // The rate in millicores: ns per ms of wall time, × 1000.
                let linear = c.cpu.rate.saturating_mul(now.0.saturating_sub(prev.0)).saturating_mul(1000);
                let used = c.cpu.usage_at(now).saturating_sub(c.cpu.usage_at(prev));
                if !running_at(c, prev) || used != linear || memory_of(c, prev) != memory_of(c, Time(u64::MAX)) {
                    return None;
                }
            }
        }
        Some(crate::controllers::hpa::matched_usage(self.pod_metrics(last, Some(namespace)), pods))
    }

    /// NodeMetrics for every node whose kubelet answered both scrapes.
    pub fn node_metrics(&self, last: Time) -> Vec<NodeUsage> {
        let prev = Time(last.0.saturating_sub(RESOLUTION_MS));
        let mut out = Vec::new();
        for (_, node) in self.store().list("", "nodes", None) {
            let name = node["metadata"]["name"].as_str().unwrap_or_default();
            let Some(m) = self.machines.get(name) else { continue };
            if !self.kubelet_serving(name) {
                continue;
            }
            let (mut cpu_ns, mut memory) = (NODE_DAEMONS.0 * 1_000_000 * RESOLUTION_MS / 1000, NODE_DAEMONS.1);
            for c in m.runtime.containers.values() {
                cpu_ns += c.cpu.usage_at(last).saturating_sub(c.cpu.usage_at(prev));
                if running_at(c, last) {
                    memory += memory_of(c, last);
                }
            }
            // Each pause container.
            memory += 256 * 1024 * m.runtime.sandboxes.values().filter(|s| s.ready).count() as u64;
            out.push(NodeUsage { name: name.to_string(), cpu_nanocores: cpu_ns * 1000 / RESOLUTION_MS, memory_bytes: memory });
        }
        out
    }

    /// The node's kubelet answers HTTP (it runs and the node is up).
    fn kubelet_serving(&self, node: &str) -> bool {
        self.is_running("kubelet", Some(node)).unwrap_or(false) && !self.node_down(node)
    }
}

/// The node a pod runs on, and the UID its containers run under: a mirror pod stands for a
/// static pod, which the kubelet runs under the static pod's UID (its config hash).
fn runtime_pod(pod: &crate::Slot) -> (&str, &str) {
    let node = pod["spec"]["nodeName"].as_str().unwrap_or_default();
    let uid = pod["metadata"]["annotations"][crate::apiserver::admission::MIRROR_POD_ANNOTATION].as_str().or_else(|| pod["metadata"]["uid"].as_str()).unwrap_or_default();
    (node, uid)
}

fn running_at(c: &crate::containerd::Container, t: Time) -> bool {
    c.started_at.is_some_and(|s| s <= t) && (c.state == ContainerState::Running || c.finished_at.is_some_and(|f| f > t))
}

fn memory_of(c: &crate::containerd::Container, t: Time) -> u64 {
    let Some(p) = c.process.as_ref() else { return 0 };
    if p.shell.is_some() && !p.child {
        return SHELL_MEMORY;
    }
    p.app.memory_at(t.0.saturating_sub(p.started_at.0))
}

/// A container's rate between two scrapes: it must have run, as the same start, at both.
fn container_usage(c: &crate::containerd::Container, prev: Time, last: Time) -> Option<ContainerUsage> {
    if c.state != ContainerState::Running || !running_at(c, prev) || !running_at(c, last) {
        return None;
    }
    let used = c.cpu.usage_at(last).saturating_sub(c.cpu.usage_at(prev));
    Some(ContainerUsage { name: c.name.clone(), cpu_nanocores: used * 1000 / RESOLUTION_MS, memory_bytes: memory_of(c, last) })
}

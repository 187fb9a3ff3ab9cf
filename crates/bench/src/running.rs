//! Issue 20's second budget, "to Running": pods created through kube-apiserver on a cluster whose
//! kubelets run, then virtual time until every pod is Running with its container started —
//! kube-scheduler's binding and each kubelet's whole start (sandbox, CNI, container, status
//! patches, events), the part the scheduling workload leaves out.
//!
//! **Pod ranges.** A kubelet starts no pod without its node's podCIDR, and kind's pod subnet
//! (10.244.0.0/16 in /24s) holds 256 nodes: `Engine::with_nodes` registers the nodes past
//! them without a range, as node IPAM leaves them (`CIDRNotAvailable`). The engine has no
//! `--cluster-cidr` or `--node-cidr-mask-size` to change, so the workload gives those nodes a
//! /24 of 10.224.0.0/11 (a cluster CIDR that holds kind's subnet and 8,192 /24s, as a
//! 5,000-node cluster is configured) with a PATCH as cluster-admin before it creates any pod —
//! the write node IPAM would make with that cluster CIDR, allowed because the node has none
//! yet — and the report counts the nodes that got one.
//!
//! **kube-controller-manager** is stopped, as in the scheduling workload: its node IPAM
//! controller knows only kind's subnet and would record `CIDRNotAvailable` on every node
//! outside it and retry for ever; the kubelets renew their Leases, so its node lifecycle
//! controller has nothing to do; and no controller owns pods created directly.

use std::collections::BTreeMap;
use std::fmt;

use podlife_engine::containerd::PAUSE_IMAGE;
use podlife_engine::controllers::nodeipam::RANGES;
use podlife_engine::store::EventType;
use podlife_engine::{Engine, Request, Slot, Verb};
use podlife_model::ResourceType;
use serde_json::{Value, json};

use crate::cluster::{create_pods, duration, node_specs};

/// The sizes `cargo xtask bench` runs by default, as (nodes, pods).
pub const RUNNING_DEFAULT_SIZES: &[(usize, usize)] = &[(100, 1_000)];

/// The size (`--full` or `PODLIFE_BENCH_FULL=1`): 150,000 pods on 5,000 nodes.
pub const RUNNING_FULL_SIZE: (usize, usize) = (5_000, 150_000);

/// The run stops when no pod was newly bound or Running for this many virtual seconds (a pod
/// that cannot start would otherwise keep it going to the cap): kubelet retries of a failed
/// sandbox or pull come within that, so a minute without progress is a stuck run.
pub const IDLE_S: u64 = 60;

/// The most virtual time the run takes after the creates (30 minutes).
pub const VIRTUAL_CAP_S: u64 = 1_800;

/// Virtual time between two looks at the pods: the milestones' resolution. At 1 s a 1,000-pod
/// run was bound and Running in the same step.
pub const STEP_MS: u64 = 100;

/// The container's image: the sandbox image, which every node's containerd holds from the
/// start (no pull), and whose process only sleeps.
pub const IMAGE: &str = PAUSE_IMAGE;

/// Why the run of virtual time ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Ended {
    /// Every created pod is Running.
    AllRunning,
    /// No pod newly bound or Running for `IDLE_S` virtual seconds.
    Idle,
    /// `VIRTUAL_CAP_S` of virtual time ran out.
    VirtualCap,
    /// The engine stopped the simulation (its error: a full trace).
    Stopped(String),
}

impl fmt::Display for Ended {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ended::AllRunning => write!(f, "all Running"),
            Ended::Idle => write!(f, "stopped: nothing changed for {IDLE_S} virtual seconds"),
            Ended::VirtualCap => write!(f, "stopped at the cap of {VIRTUAL_CAP_S} virtual seconds"),
            Ended::Stopped(why) => write!(f, "stopped by the engine: {why}"),
        }
    }
}

/// One run's numbers; times in milliseconds of the caller's clock, virtual times in seconds
/// of the cluster's.
#[derive(Clone, Debug, PartialEq)]
pub struct RunningReport {
    pub nodes: usize,
    pub pods: usize,
    /// Building the cluster, stopping kube-controller-manager, giving nodes their ranges.
    pub setup_ms: f64,
    /// Nodes given a range outside kind's pod subnet (above).
    pub ranged_nodes: usize,
    /// Creating the pods through kube-apiserver.
    pub create_ms: f64,
    /// From the end of the creates until every pod was bound (None: not all were).
    pub bound_ms: Option<f64>,
    /// From the end of the creates until every pod was Running (None: not all were).
    pub running_ms: Option<f64>,
    /// From the end of the creates until the run ended.
    pub run_ms: f64,
    /// Virtual seconds from the creates until every pod was bound, and Running.
    pub bound_virtual_s: Option<f64>,
    pub running_virtual_s: Option<f64>,
    /// Virtual seconds the run took.
    pub virtual_s: f64,
    /// Creates the API server refused (the store's object cap).
    pub refused: usize,
    /// Pods with a `spec.nodeName` at the end.
    pub bound: usize,
    /// Pods in phase Running with every container started, at the end.
    pub running: usize,
    /// Trace events recorded.
    pub trace_events: usize,
    pub ended: Ended,
}

impl RunningReport {
    /// The numbers as JSON (the wasm harness hands this to JavaScript).
    pub fn to_json(&self) -> Value {
        json!({
            "workload": "running",
            "nodes": self.nodes,
            "pods": self.pods,
            "setup_ms": self.setup_ms,
            "ranged_nodes": self.ranged_nodes,
            "create_ms": self.create_ms,
            "bound_ms": self.bound_ms,
            "running_ms": self.running_ms,
            "run_ms": self.run_ms,
            "bound_virtual_s": self.bound_virtual_s,
            "running_virtual_s": self.running_virtual_s,
            "virtual_s": self.virtual_s,
            "refused": self.refused,
            "bound": self.bound,
            "running": self.running,
            "trace_events": self.trace_events,
            "ended": self.ended.to_string(),
            "summary": self.to_string(),
        })
    }
}

/// A milestone's wall and virtual time, or a dash when it was not reached.
fn milestone(ms: Option<f64>, virtual_s: Option<f64>) -> String {
    match (ms, virtual_s) {
        (Some(ms), Some(v)) => format!("{:.2?} (virtual {v:.1} s)", duration(ms)),
        _ => "—".into(),
    }
}

/// One line, without memory (the caller appends it: `; peak RSS 270 MiB`).
impl fmt::Display for RunningReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} pods onto {} nodes to Running: setup {:.2?} ({} nodes ranged outside kind's subnet), \
             create {:.2?} ({} refused), to bound {}, to Running {}, run {:.2?} (virtual {:.1} s); \
             {} bound, {} Running, {}; trace {} reactions",
            self.pods,
            self.nodes,
            duration(self.setup_ms),
            self.ranged_nodes,
            duration(self.create_ms),
            self.refused,
            milestone(self.bound_ms, self.bound_virtual_s),
            milestone(self.running_ms, self.running_virtual_s),
            duration(self.run_ms),
            self.virtual_s,
            self.bound,
            self.running,
            self.ended,
            self.trace_events,
        )
    }
}

/// Node `index`'s /24 when kind's subnet has none for it: the /24s of 10.224.0.0/11 in order,
/// 10.244.0.0/16 (kind's, the first 256 nodes') skipped.
fn range_beyond_kind(index: usize) -> Option<String> {
    let extra = index.checked_sub(RANGES as usize)?;
    let second = 224 + extra / 256;
    let second = if second >= 244 { second + 1 } else { second };
    Some(format!("10.{second}.{}.0/24", extra % 256))
}

/// Gives every node past kind's 256 a valid range (see the module's comment); returns how many.
fn range_nodes(e: &mut Engine, names: &[String]) -> usize {
    let rt = ResourceType::resolve("nodes").expect("nodes are served");
    let mut ranged = 0;
    for (i, name) in names.iter().enumerate() {
        let Some(range) = range_beyond_kind(i) else { continue };
        let mut req = Request::new(Verb::Patch, rt);
        req.name = Some(name.clone());
        req.body = Some(json!({"spec": {"podCIDR": range, "podCIDRs": [range]}}));
        if e.handle(req).is_ok() {
            ranged += 1;
        }
    }
    ranged
}

/// Where a run is, after each step: for a caller that shows progress (a long run that is
/// stopped from outside still says where it got).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tick {
    /// Virtual seconds since the creates.
    pub virtual_s: f64,
    pub bound: usize,
    pub running: usize,
    /// Pods created (those the API server accepted).
    pub total: usize,
}

/// Whether a pod is bound, and Running with every container started.
fn state(pod: &Slot) -> (bool, bool) {
    let started = pod["status"]["containerStatuses"].as_array().is_some_and(|cs| !cs.is_empty() && cs.iter().all(|c| c["started"] == true));
    (pod["spec"]["nodeName"].is_string(), started && pod["status"]["phase"] == "Running")
}

/// Each pod's state in `default`, kept up to date from the store's writes
/// (`Engine::keep_writes`): a step costs what changed in it, not a pass over every pod, so the
/// steps can be short.
struct Progress {
    pods: BTreeMap<String, (bool, bool)>,
    bound: usize,
    running: usize,
}

impl Progress {
    /// From the store as it is, and the store keeps its writes from now on.
    fn start(e: &mut Engine) -> Progress {
        let mut p = Progress { pods: BTreeMap::new(), bound: 0, running: 0 };
        let pods: Vec<(String, (bool, bool))> = e.store().list("", "pods", Some("default")).map(|(k, pod)| (k.name.clone(), state(pod))).collect();
        for (name, now) in pods {
            p.set(name, now);
        }
        e.keep_writes();
        p
    }

    fn set(&mut self, name: String, now: (bool, bool)) {
        let was = self.pods.insert(name, now).unwrap_or_default();
        self.bound = self.bound + usize::from(now.0) - usize::from(was.0);
        self.running = self.running + usize::from(now.1) - usize::from(was.1);
    }

    /// The writes since the last call.
    fn update(&mut self, e: &mut Engine) {
        for w in e.take_writes() {
            if w.key.group.is_empty() && w.key.resource == "pods" && w.key.namespace == "default" {
                let now = if w.event_type == EventType::Deleted { (false, false) } else { state(w.object.root()) };
                self.set(w.key.name, now);
            }
        }
    }

    fn counts(&self) -> (usize, usize) {
        (self.bound, self.running)
    }
}

/// To Running: `pods` pods (one container of `IMAGE`, 100m and 128Mi) onto `nodes` nodes (32
/// CPU, 128Gi, 110 pods each) with the kubelets running, every reaction traced as in the product
/// (sampled at this size). Virtual time runs in `STEP_MS` steps until every pod is Running,
/// nothing changes for `IDLE_S`, or `VIRTUAL_CAP_S` passes; a milestone is read at the end of
/// the step in which it was reached.
pub fn to_running(nodes: usize, pods: usize, now_ms: &mut dyn FnMut() -> f64, on_step: &mut dyn FnMut(Tick)) -> RunningReport {
    let specs = node_specs(nodes);
    let names: Vec<String> = specs.iter().map(|s| s.name.clone()).collect();
    let t0 = now_ms();
    let mut e = Engine::with_nodes(1, &specs);
    let _ = e.stop_component("kube-controller-manager", None);
    let ranged_nodes = range_nodes(&mut e, &names);
    let t1 = now_ms();
    let refused = create_pods(&mut e, pods, IMAGE);
    let t2 = now_ms();
    let created_at = e.now();
    let since = |e: &Engine| (e.now().millis() - created_at.millis()) as f64 / 1000.0;
    let total = pods - refused;
    let mut progress = Progress::start(&mut e);
    let (mut bound_at, mut running_at) = (None, None);
    let mut idle_ms = 0;
    let mut stopped = None;
    let ended = loop {
        let (bound, running) = progress.counts();
        if bound == total && bound_at.is_none() {
            bound_at = Some((now_ms(), since(&e)));
        }
        if running == total && running_at.is_none() {
            running_at = Some((now_ms(), since(&e)));
        }
        if running == total {
            break Ended::AllRunning;
        }
        if let Some(stop) = stopped.take() {
            break Ended::Stopped(stop);
        }
        if idle_ms >= IDLE_S * 1000 {
            break Ended::Idle;
        }
        if since(&e) >= VIRTUAL_CAP_S as f64 {
            break Ended::VirtualCap;
        }
        let t = e.now().plus_millis(STEP_MS);
        stopped = e.run_until(t).err().map(|stop| stop.to_string());
        progress.update(&mut e);
        let (bound_now, running_now) = progress.counts();
        on_step(Tick { virtual_s: since(&e), bound: bound_now, running: running_now, total });
        idle_ms = if progress.counts() == (bound, running) { idle_ms + STEP_MS } else { 0 };
    };
    // The final counts from the store itself, which the kept ones must match.
    let (bound, running) = e.store().list("", "pods", Some("default")).fold((0, 0), |(b, r), (_, pod)| {
        let (is_bound, is_running) = state(pod);
        (b + usize::from(is_bound), r + usize::from(is_running))
    });
    debug_assert_eq!(progress.counts(), (bound, running), "the pods' states kept from the writes");
    let trace_events = e.trace().len();
    let virtual_s = since(&e);
    let t3 = now_ms();
    RunningReport {
        nodes,
        pods,
        setup_ms: t1 - t0,
        ranged_nodes,
        create_ms: t2 - t1,
        bound_ms: bound_at.map(|(t, _)| t - t2),
        running_ms: running_at.map(|(t, _)| t - t2),
        run_ms: t3 - t2,
        bound_virtual_s: bound_at.map(|(_, v)| v),
        running_virtual_s: running_at.map(|(_, v)| v),
        virtual_s,
        refused,
        bound,
        running,
        trace_events,
        ended,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workload does what it claims on a tiny cluster and a fake clock: every pod bound and
    /// Running, its container started; no timing is asserted.
    #[test]
    fn every_pod_reaches_running() {
        let mut ticks = 0.0;
        let mut clock = || {
            ticks += 250.0;
            ticks
        };
        let mut steps = Vec::new();
        let report = to_running(3, 10, &mut clock, &mut |tick| steps.push(tick));
        let last = steps.last().copied().expect("at least one step");
        assert_eq!((last.bound, last.running, last.total), (10, 10, 10));
        assert!(steps.windows(2).all(|w| w[0].virtual_s < w[1].virtual_s && w[0].running <= w[1].running));
        assert_eq!((report.nodes, report.pods, report.refused, report.ranged_nodes), (3, 10, 0, 0));
        assert_eq!((report.bound, report.running, &report.ended), (10, 10, &Ended::AllRunning), "{report}");
        assert!(report.bound_virtual_s.is_some() && report.running_virtual_s >= report.bound_virtual_s, "{report}");
        assert!(report.running_virtual_s.is_some_and(|v| v <= report.virtual_s));
        assert_eq!((report.setup_ms, report.create_ms), (250.0, 250.0));
        let line = report.to_string();
        assert!(line.starts_with("10 pods onto 3 nodes to Running: setup 250.00ms (0 nodes ranged outside kind's subnet), create 250.00ms (0 refused), to bound "), "{line}");
        assert!(line.contains("; 10 bound, 10 Running, all Running; trace "), "{line}");
        assert_eq!(report.to_json()["summary"], line);
    }

    /// Nodes past kind's 256 get distinct /24s of 10.224.0.0/11 that avoid kind's 10.244/16.
    #[test]
    fn ranges_beyond_kind_are_distinct_and_outside_its_subnet() {
        assert_eq!(range_beyond_kind(255), None);
        assert_eq!(range_beyond_kind(256).as_deref(), Some("10.224.0.0/24"));
        assert_eq!(range_beyond_kind(256 + 257).as_deref(), Some("10.225.1.0/24"));
        let ranges: std::collections::BTreeSet<String> = (256..podlife_engine::MAX_NODES).filter_map(range_beyond_kind).collect();
        assert_eq!(ranges.len(), podlife_engine::MAX_NODES - 256);
        assert!(ranges.iter().all(|r| !r.starts_with("10.244.") && r.split('.').nth(1).is_some_and(|b| b.parse::<u8>().is_ok_and(|b| (224..=255).contains(&b)))));
    }
}

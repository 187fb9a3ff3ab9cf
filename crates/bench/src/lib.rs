//! podlife's benchmark workloads, shared by the native benches (`benches/`, timed with
//! `std::time::Instant`) and the wasm harness (`bench/wasm`, timed with `performance.now()` in
//! headless Chromium). `cargo xtask bench` runs both.
//!
//! Two workloads: `scheduling` (kube-scheduler throughput, the kubelets stopped: until every pod
//! is bound) and `to_running` (`running.rs`: the kubelets on, until every pod is Running).
//!
//! The workloads never read a clock themselves: the caller passes `now_ms`, a monotonic clock in
//! milliseconds (`clippy.toml` bans `Instant::now` here). Memory is the caller's business too
//! (peak RSS natively, linear memory size in wasm). Benchmarks measure; tests never assert on
//! time.

use std::fmt;

use podlife_engine::Engine;
use serde_json::{Value, json};

mod cluster;
mod running;

use cluster::{create_pods, duration, node_specs};
pub use running::{Ended, RUNNING_DEFAULT_SIZES, RUNNING_FULL_SIZE, RunningReport, Tick, to_running};

/// The sizes `cargo xtask bench` runs by default, as (nodes, pods).
pub const DEFAULT_SIZES: &[(usize, usize)] = &[(100, 1_000), (1_000, 1_000)];

/// The target size (`--full` or `PODLIFE_BENCH_FULL=1`): 10,000 pods onto 5,000 nodes.
pub const FULL_SIZE: (usize, usize) = (5_000, 10_000);

/// One scheduling run's numbers; times in milliseconds of the caller's clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub nodes: usize,
    pub pods: usize,
    /// Building the cluster and stopping the kubelets and kube-controller-manager.
    pub setup_ms: f64,
    /// Creating the pods through kube-apiserver.
    pub create_ms: f64,
    /// Running virtual time until every pod is bound (or nothing moves for 10 s).
    pub schedule_ms: f64,
    /// Creates the API server refused (the store's object cap).
    pub refused: usize,
    /// Pods with a `spec.nodeName` at the end.
    pub bound: usize,
    /// Trace events recorded (every scheduling cycle's node × plugin table included).
    pub trace_events: usize,
}

impl Report {
    /// Pods per second of scheduling time (the created pods over `schedule_ms`).
    pub fn pods_per_second(&self) -> f64 {
        self.pods as f64 / (self.schedule_ms / 1000.0)
    }

    /// The numbers as JSON (the wasm harness hands this to JavaScript).
    pub fn to_json(&self) -> Value {
        json!({
            "nodes": self.nodes,
            "pods": self.pods,
            "setup_ms": self.setup_ms,
            "create_ms": self.create_ms,
            "schedule_ms": self.schedule_ms,
            "pods_per_second": self.pods_per_second(),
            "refused": self.refused,
            "bound": self.bound,
            "trace_events": self.trace_events,
            "summary": self.to_string(),
        })
    }
}

/// One line, without memory (the caller appends it: `; peak RSS 270 MiB`).
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} pods onto {} nodes: setup {:.2?}, create {:.2?} ({} refused), schedule {:.2?} \
             → {:.0} pods/s; {} bound; trace {} reactions",
            self.pods,
            self.nodes,
            duration(self.setup_ms),
            duration(self.create_ms),
            self.refused,
            duration(self.schedule_ms),
            self.pods_per_second(),
            self.bound,
            self.trace_events,
        )
    }
}

/// kube-scheduler throughput: `pods` pods onto `nodes` nodes (32 CPU, 128Gi, 110 pods each)
/// with the default profile, every cycle recorded in the trace as in the product. The kubelets
/// are stopped so that only scheduling is measured (they would otherwise start every pod's
/// container), and kube-controller-manager with them (its node lifecycle controller would taint
/// the nodes whose kubelets stopped 50 s later; upstream's `scheduler_perf` runs no controller
/// manager either). Sizes past `FULL_SIZE`: `PODLIFE_BENCH_SIZES=1000x30000,5000x150000` on the
/// native bench. Pods are created through kube-apiserver (`Engine::handle`), then virtual time runs
/// in 1-second steps until every pod is bound or nothing changes for 10 s.
pub fn scheduling(nodes: usize, pods: usize, now_ms: &mut dyn FnMut() -> f64) -> Report {
    let specs = node_specs(nodes);
    let t0 = now_ms();
    let mut e = Engine::with_nodes(1, &specs);
    for s in &specs {
        let _ = e.stop_component("kubelet", Some(&s.name));
    }
    // Without kubelets no node renews its Lease: kube-controller-manager's node lifecycle
    // controller would taint every node unreachable 50 s later and stop a long run (150,000
    // pods take longer than that). Its other loops have nothing to do with pods created
    // directly, so it is stopped too.
    let _ = e.stop_component("kube-controller-manager", None);
    let t1 = now_ms();
    let refused = create_pods(&mut e, pods, "nginx:1.27");
    let t2 = now_ms();
    // Periodic loops (heartbeats, resyncs) never end: run in 1-second steps of virtual time
    // until every pod is bound or nothing changes for 10 s.
    let count = |e: &Engine| {
        e.store().list("", "pods", Some("default")).filter(|(_, v)| v["spec"]["nodeName"].is_string()).count()
    };
    let mut bound = 0;
    let mut idle = 0;
    while bound < pods - refused && idle < 10 {
        let t = e.now().plus_millis(1000);
        let _ = e.run_until(t);
        let now_bound = count(&e);
        idle = if now_bound == bound { idle + 1 } else { 0 };
        bound = now_bound;
    }
    let trace_events = e.trace().len();
    let t3 = now_ms();
    Report {
        nodes,
        pods,
        setup_ms: t1 - t0,
        create_ms: t2 - t1,
        schedule_ms: t3 - t2,
        refused,
        bound,
        trace_events,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workload still does what it claims (every pod bound), on a tiny cluster and a fake
    /// clock; no timing is asserted.
    #[test]
    fn binds_every_pod() {
        let mut ticks = 0.0;
        let mut clock = || {
            ticks += 250.0;
            ticks
        };
        let report = scheduling(3, 10, &mut clock);
        assert_eq!((report.nodes, report.pods, report.refused, report.bound), (3, 10, 0, 10));
        assert!(report.trace_events > 0);
        assert_eq!((report.setup_ms, report.create_ms, report.schedule_ms), (250.0, 250.0, 250.0));
        assert_eq!(report.pods_per_second(), 40.0);
        let line = report.to_string();
        assert!(line.starts_with("10 pods onto 3 nodes: setup 250.00ms, create 250.00ms (0 refused), schedule 250.00ms → 40 pods/s; 10 bound; trace "), "{line}");
        assert_eq!(report.to_json()["summary"], line);
    }
}

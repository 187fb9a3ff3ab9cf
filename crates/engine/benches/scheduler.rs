//! `cargo xtask bench`: kube-scheduler throughput — 10,000 pods onto 5,000 nodes with the
//! default profile, every cycle recorded in the trace as in the product. Reports pods per
//! second, trace size and resident memory. Benchmarks measure; tests never assert on time.

// The engine bans the wall clock (clippy.toml); a benchmark exists to read it.
#![allow(clippy::disallowed_methods)]

use std::time::Instant;

use podlife_engine::cluster::NodeSpec;
use podlife_engine::{Engine, Request, Verb};
use podlife_model::ResourceType;
use serde_json::json;

fn rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn run(nodes: usize, pods: usize) {
    let specs: Vec<NodeSpec> = (0..nodes)
        .map(|i| NodeSpec { name: format!("node-{i:05}"), labels: vec![], taints: vec![], cpu: "32".into(), memory: "128Gi".into(), pods: "110".into() })
        .collect();
    let t0 = Instant::now();
    let mut e = Engine::with_nodes(1, &specs);
    // Scheduling throughput only: the kubelets would otherwise start every pod's container.
    for s in &specs {
        let _ = e.stop_component("kubelet", Some(&s.name));
    }
    let setup = t0.elapsed();
    let rt = ResourceType::resolve("pods").expect("pods are served");
    let t1 = Instant::now();
    let mut rejected = 0usize;
    for i in 0..pods {
        let mut req = Request::new(Verb::Create, rt);
        req.namespace = Some("default".into());
        req.body = Some(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": format!("p-{i:05}")},
            "spec": {"containers": [{"name": "c", "image": "nginx:1.27", "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}}}]}}));
        // The store's object cap (`MAX_OBJECTS`) refuses creates beyond it; count them.
        if e.handle(req).is_err() {
            rejected += 1;
        }
    }
    let created = t1.elapsed();
    let t2 = Instant::now();
    // Periodic loops (heartbeats, resyncs) never end: run in 1-second steps of virtual time
    // until every pod is bound or nothing changes for 10 s.
    let count = |e: &Engine| e.store().list("", "pods", Some("default")).filter(|(_, v)| v["spec"]["nodeName"].is_string()).count();
    let mut bound = 0;
    let mut idle = 0;
    while bound < pods - rejected && idle < 10 {
        let t = e.now().plus_millis(1000);
        let _ = e.run_until(t);
        let now_bound = count(&e);
        idle = if now_bound == bound { idle + 1 } else { 0 };
        bound = now_bound;
    }
    let steps = e.trace().len();
    let scheduled = t2.elapsed();
    println!(
        "{pods} pods onto {nodes} nodes: setup {setup:.2?}, create {created:.2?} ({rejected} refused), schedule {scheduled:.2?} \
         → {:.0} pods/s; {bound} bound; {steps} tasks; trace {} reactions; peak RSS {:.0} MiB",
        pods as f64 / scheduled.as_secs_f64(),
        e.trace().len(),
        rss_mib().unwrap_or(0.0)
    );
}

fn main() {
    run(100, 1_000);
    run(1_000, 1_000);
    // The target size; slow today (see ARCHITECTURE.md, "Performance").
    if std::env::args().any(|a| a == "--full") || std::env::var_os("PODLIFE_BENCH_FULL").is_some() {
        run(5_000, 10_000);
    }
}

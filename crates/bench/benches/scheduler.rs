//! `cargo xtask bench`: kube-scheduler throughput natively — 10,000 pods onto 5,000 nodes with the
//! default profile (`--full` or `PODLIFE_BENCH_FULL=1`; 1,000 pods onto 100 and 1,000 nodes
//! otherwise), every cycle recorded in the trace as in the product. The workload is
//! `podlife_bench::scheduling`; `bench/wasm` runs the same one in headless Chromium. Reports pods
//! per second, trace size and peak resident memory. Benchmarks measure; tests never assert on time.

// The workloads take their clock from the caller (clippy.toml); a benchmark exists to read it.
#![allow(clippy::disallowed_methods)]

use std::time::Instant;

use podlife_bench::{DEFAULT_SIZES, FULL_SIZE, scheduling};

/// Peak resident memory of this process so far (Linux's VmHWM).
fn rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn run(nodes: usize, pods: usize) {
    let start = Instant::now();
    let mut now_ms = || start.elapsed().as_secs_f64() * 1000.0;
    let report = scheduling(nodes, pods, &mut now_ms);
    let rss = rss_mib().map_or_else(|| "unknown".to_string(), |mib| format!("{mib:.0} MiB"));
    println!("native: {report}; peak RSS {rss}");
}

fn main() {
    for &(nodes, pods) in DEFAULT_SIZES {
        run(nodes, pods);
    }
    // The target size; slow (see ARCHITECTURE.md, "Performance").
    if std::env::args().any(|a| a == "--full") || std::env::var_os("PODLIFE_BENCH_FULL").is_some() {
        let (nodes, pods) = FULL_SIZE;
        run(nodes, pods);
    }
    // Other sizes, to see how the figures grow: `PODLIFE_BENCH_SIZES=1000x30000,5000x150000`.
    if let Ok(sizes) = std::env::var("PODLIFE_BENCH_SIZES") {
        for size in sizes.split(',').filter(|s| !s.is_empty()) {
            match size.split_once('x').and_then(|(n, p)| Some((n.trim().parse().ok()?, p.trim().parse().ok()?))) {
                Some((nodes, pods)) => run(nodes, pods),
                None => eprintln!("PODLIFE_BENCH_SIZES: {size:?} is not NODESxPODS"),
            }
        }
    }
}

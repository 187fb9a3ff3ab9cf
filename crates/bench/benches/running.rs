//! `cargo xtask bench`: issue 20's "to Running" natively — pods created through kube-apiserver on
//! a cluster whose kubelets run, until every pod is Running with its container started
//! (`podlife_bench::to_running`; `bench/wasm` runs the same workload in headless Chromium). 1,000
//! pods on 100 nodes by default; `--full` or `PODLIFE_BENCH_FULL=1` adds the 150,000 on
//! 5,000, and `PODLIFE_BENCH_RUNNING_SIZES=1000x10000,5000x150000` any others. Reports setup,
//! create, to-bound and to-Running times and peak resident memory. Benchmarks measure; tests never
//! assert on time.

// The workloads take their clock from the caller (clippy.toml); a benchmark exists to read it.
#![allow(clippy::disallowed_methods)]

use std::time::Instant;

use podlife_bench::{RUNNING_DEFAULT_SIZES, RUNNING_FULL_SIZE, Tick, to_running};

/// Resets the peak resident memory to the current one (Linux's `clear_refs` 5), so that each
/// size reports its own peak rather than the largest so far; false where that is not possible.
fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// Peak resident memory of this process (Linux's VmHWM).
fn rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Wall time between two progress lines on stderr.
const PROGRESS_EVERY_S: f64 = 30.0;

fn run(nodes: usize, pods: usize) {
    let own_peak = reset_peak_rss();
    let start = Instant::now();
    let mut now_ms = || start.elapsed().as_secs_f64() * 1000.0;
    // A long run says where it is, so that one stopped from outside still tells how far it got.
    let mut shown = 0.0;
    let mut progress = |tick: Tick| {
        let wall = start.elapsed().as_secs_f64();
        if wall - shown >= PROGRESS_EVERY_S {
            shown = wall;
            let rss = rss_mib().map_or_else(|| "unknown".to_string(), |mib| format!("{mib:.0} MiB"));
            eprintln!(
                "native: … {pods} on {nodes} at {wall:.0} s: virtual {:.1} s, {} bound, {} Running of {}; peak RSS {rss}",
                tick.virtual_s, tick.bound, tick.running, tick.total
            );
        }
    };
    let report = to_running(nodes, pods, &mut now_ms, &mut progress);
    let rss = match rss_mib() {
        Some(mib) if own_peak => format!("{mib:.0} MiB"),
        Some(mib) => format!("{mib:.0} MiB (the process's, earlier sizes included)"),
        None => "unknown".to_string(),
    };
    println!("native: {report}; peak RSS {rss}");
}

fn main() {
    for &(nodes, pods) in RUNNING_DEFAULT_SIZES {
        run(nodes, pods);
    }
    // The size; minutes, and gigabytes (see ARCHITECTURE.md, "Performance").
    if std::env::args().any(|a| a == "--full") || std::env::var_os("PODLIFE_BENCH_FULL").is_some() {
        let (nodes, pods) = RUNNING_FULL_SIZE;
        run(nodes, pods);
    }
    // Other sizes, to see how the figures grow: `PODLIFE_BENCH_RUNNING_SIZES=1000x10000`.
    if let Ok(sizes) = std::env::var("PODLIFE_BENCH_RUNNING_SIZES") {
        for size in sizes.split(',').filter(|s| !s.is_empty()) {
            match size.split_once('x').and_then(|(n, p)| Some((n.trim().parse().ok()?, p.trim().parse().ok()?))) {
                Some((nodes, pods)) => run(nodes, pods),
                None => eprintln!("PODLIFE_BENCH_RUNNING_SIZES: {size:?} is not NODESxPODS"),
            }
        }
    }
}

//! The endpoint race over 20 seeds: the counts depend on the seed (goldens pin seed 1), the
//! lesson must not. Without preStop every seed loses requests; with a 5-second preStop (exec
//! `sleep` or the kubelet's sleep action) none does; a stopped kube-proxy costs requests only
//! to clients on its own node; a draining app resets nothing; a failing readiness probe
//! yields no 502.

use std::path::Path;

use podlife_console::{Session, script};

struct Run {
    summary: String,
    failed: u64,
    counts: Vec<(String, u64)>,
    /// The FAILED FROM cells of the table.
    failed_from: Vec<String>,
}

fn runs(script_name: &str, seed: u64) -> Vec<Run> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scripts").join(script_name);
    let text = std::fs::read_to_string(path).expect("script");
    let t = script::run(&text, Session::new(seed)).expect("script runs");
    let mut out = Vec::new();
    let mut failed_from = Vec::new();
    let mut in_table = false;
    for line in t.text.lines() {
        if line.starts_with("SECOND ") {
            in_table = true;
            failed_from.clear();
            continue;
        }
        if let Some(rest) = line.strip_prefix("traffic svc/web: ") {
            in_table = false;
            // `3000 requests, 2970 ok, 30 failed (30 502, 0 reset, 0 timeout)`
            let failed = rest.split(", ").nth(2).and_then(|f| f.split(' ').next()).and_then(|n| n.parse().ok()).expect("failed count");
            let inner = rest.split_once('(').map(|(_, r)| r.trim_end_matches(')')).unwrap_or_default();
            let counts = inner.split(", ").filter_map(|p| p.split_once(' ')).map(|(n, what)| (what.to_string(), n.parse().unwrap_or(0))).collect();
            out.push(Run { summary: line.to_string(), failed, counts, failed_from: std::mem::take(&mut failed_from) });
            continue;
        }
        if in_table {
            let cells: Vec<&str> = line.split("   ").map(str::trim).filter(|c| !c.is_empty()).collect();
            if cells.len() > 5 {
                failed_from.push(cells[5..].join(" "));
            }
        }
    }
    out
}

fn count(run: &Run, what: &str) -> u64 {
    run.counts.iter().find(|(w, _)| w == what).map_or(0, |(_, n)| *n)
}

#[test]
fn without_prestop_every_seed_loses_requests() {
    for seed in 1..=20 {
        let r = runs("traffic-race-no-prestop.sh", seed);
        assert_eq!(r.len(), 1, "seed {seed}");
        assert!(r[0].failed >= 1, "seed {seed}: {}", r[0].summary);
    }
}

#[test]
fn with_prestop_no_seed_loses_any() {
    for seed in 1..=20 {
        let r = runs("traffic-race-prestop.sh", seed);
        assert_eq!(r.len(), 2, "seed {seed}");
        for run in &r {
            assert_eq!(run.failed, 0, "seed {seed}: {}", run.summary);
        }
    }
}

#[test]
fn a_stopped_kube_proxy_fails_only_its_own_nodes_clients() {
    for seed in 1..=20 {
        let r = runs("traffic-stopped-kube-proxy.sh", seed);
        assert_eq!(r.len(), 1, "seed {seed}");
        assert!(r[0].failed >= 1, "seed {seed}: {}", r[0].summary);
        assert!(!r[0].failed_from.is_empty(), "seed {seed}: the table names no client node");
        for cell in &r[0].failed_from {
            assert!(cell.split(", ").all(|c| c.starts_with("worker-2 (")), "seed {seed}: failures from {cell}");
        }
    }
}

#[test]
fn draining_resets_nothing_and_readiness_gives_no_502() {
    for seed in 1..=20 {
        let r = runs("traffic-drain-and-readiness.sh", seed);
        assert_eq!(r.len(), 3, "seed {seed}");
        assert!(r[0].failed >= 1, "seed {seed}, exiting app: {}", r[0].summary);
        assert_eq!(count(&r[1], "reset"), 0, "seed {seed}, draining app: {}", r[1].summary);
        assert_eq!(count(&r[2], "502") + count(&r[2], "timeout") + count(&r[2], "reset"), 0, "seed {seed}, readiness: {}", r[2].summary);
    }
}

/// `sessionAffinity: ClientIP`: kube-proxy's `recent` lists send every request of one client
/// (here: one node's clients, one source address) to the same endpoint; without affinity the
/// requests spread over all three.
#[test]
fn client_ip_affinity_sticks_each_node_to_one_endpoint() {
    let script_for = |affinity: &str| {
        format!(
            "kubectl apply -f - <<EOF\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  sessionAffinity: {affinity}\n  selector:\n    app: web\n  ports:\n  - port: 80\n{}EOF\nsleep 30\npodlife traffic svc/web --rps 30 --for 10s\nsleep 15\n",
            (1..=3).map(|i| format!("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: web-{i}\n  labels:\n    app: web\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n")).collect::<String>()
        )
    };
    let endpoints_by_node = |affinity: &str| {
        let t = script::run(&script_for(affinity), Session::new(1)).expect("runs");
        assert!(t.text.contains("traffic svc/web: 300 requests, 300 ok"), "{}", t.text);
        let mut seen: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> = Default::default();
        for e in t.session.engine().trace().iter().filter(|e| e.action == podlife_engine::Action::TrafficRequest) {
            let node = e.component.node.as_deref().unwrap_or_default().to_string();
            let ep = e.params.get("endpoint").map(|v| v.as_str().unwrap_or_default().to_string()).unwrap_or_default();
            seen.entry(node).or_default().insert(ep);
        }
        seen
    };
    let sticky = endpoints_by_node("ClientIP");
    assert_eq!(sticky.len(), 3);
    assert!(sticky.values().all(|eps| eps.len() == 1), "{sticky:?}");
    let spread = endpoints_by_node("None");
    assert!(spread.values().all(|eps| eps.len() == 3), "{spread:?}");
}

/// A Deployment's rolling update behind a Service: without preStop requests fail in every
/// seed, with `preStop: sleep 5` none does.
#[test]
fn rolling_update_loses_requests_without_prestop_only() {
    for seed in 1..=10 {
        let r = runs("deployment-rollout-traffic.sh", seed);
        assert_eq!(r.len(), 2, "seed {seed}");
        assert!(r[0].failed >= 1, "seed {seed}, no preStop: {}", r[0].summary);
        assert_eq!(r[1].failed, 0, "seed {seed}, preStop: {}", r[1].summary);
    }
}

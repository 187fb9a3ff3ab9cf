//! The four built-in comparisons show the outcome difference they are for, on several seeds;
//! a run's transcript is `podlife run`'s; a script compared with itself shows no difference.

use podlife_compare::outcome::{Measure, Value};
use podlife_compare::{Comparison, Side, builtin, compare};
use podlife_console::{Session, script};

const SEEDS: [u64; 4] = [1, 2, 3, 7];

fn run(id: &str, seed: u64) -> Comparison {
    let c = builtin::by_id(id).unwrap_or_else(|| panic!("no built-in {id}"));
    compare(c.a, c.b, seed).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Both runs' values of one row (which must exist in both).
fn values(c: &Comparison, subject: &str, measure: Measure) -> (Value, Value) {
    let row = c.row(subject, measure).unwrap_or_else(|| panic!("seed {}: no row {subject} {measure:?} in {:#?}", c.seed, c.table));
    match (&row.a, &row.b) {
        (Some(a), Some(b)) => (a.clone(), b.clone()),
        _ => panic!("seed {}: {subject} {measure:?} is missing on one side: {row:?}", c.seed),
    }
}

fn count(v: &Value) -> u64 {
    match v {
        Value::Count(n) => *n,
        other => panic!("not a count: {other:?}"),
    }
}

fn millis(v: &Value) -> Option<u64> {
    match v {
        Value::Millis(ms) => Some(*ms),
        Value::Never => None,
        other => panic!("not a duration: {other:?}"),
    }
}

/// The reactions only `side` has whose rendered action and detail contain every word.
fn only(c: &Comparison, side: Side, action: &str, detail: &[(&str, &str)]) -> usize {
    c.only_in.iter().filter(|o| o.side == side && o.reaction.key.action.id() == action && detail.iter().all(|(k, v)| o.reaction.key.detail.iter().any(|(n, x)| n == k && x == v))).count()
}

#[test]
fn prestop_no_hook_loses_requests_and_the_sleep_loses_none() {
    for seed in SEEDS {
        let c = run("prestop", seed);
        let (a, b) = values(&c, "traffic svc/web", Measure::TrafficFailed);
        assert!(count(&a) > 0, "seed {seed}: A lost no request");
        assert_eq!(count(&b), 0, "seed {seed}: B lost requests");
        let row = c.row("traffic svc/web", Measure::TrafficFailed).expect("row");
        assert!(row.differs);
        match values(&c, "traffic svc/web", Measure::TrafficFailedBySecond) {
            (Value::PerSecond(a), Value::PerSecond(b)) => {
                assert_eq!(a.iter().map(|(_, n)| n).sum::<u64>(), count(&values(&c, "traffic svc/web", Measure::TrafficFailed).0));
                assert!(b.is_empty(), "seed {seed}: {b:?}");
            }
            other => panic!("{other:?}"),
        }
        match values(&c, "traffic svc/web", Measure::TrafficSummary) {
            (Value::Text(a), Value::Text(b)) => {
                // The summary is the line the transcript prints.
                assert!(c.a.transcript.lines().any(|l| l == a), "seed {seed}: {a}");
                assert!(c.b.transcript.lines().any(|l| l == b), "seed {seed}: {b}");
                assert!(b.ends_with(" 0 failed (0 502, 0 reset, 0 timeout)"), "{b}");
            }
            other => panic!("{other:?}"),
        }
        // The failed requests are reactions only A has; the preStop hook is only B's.
        assert!(only(&c, Side::A, "traffic.request", &[]) > 0, "seed {seed}");
        assert_eq!(only(&c, Side::B, "traffic.request", &[]), 0, "seed {seed}");
        assert_eq!(only(&c, Side::B, "kubelet.hook", &[("hook", "preStop")]), 1, "seed {seed}");
        // The hook holds the pod about 5 s longer.
        let (a, b) = values(&c, "pod/web-2", Measure::PodDeleteToGone);
        let (a, b) = (millis(&a).expect("A's web-2 went"), millis(&b).expect("B's web-2 went"));
        assert!(b >= a + 4_500 && b <= a + 6_000, "seed {seed}: {a} ms vs {b} ms");
    }
}

#[test]
fn max_unavailable_zero_keeps_every_replica_available() {
    for seed in SEEDS {
        let c = run("max-unavailable", seed);
        let (a, b) = values(&c, "deployment/web", Measure::RolloutMinAvailable);
        assert_eq!((count(&a), count(&b)), (3, 4), "seed {seed}");
        let (a, b) = values(&c, "deployment/web", Measure::RolloutTime);
        let (a, b) = (millis(&a).expect("A completes"), millis(&b).expect("B completes"));
        assert!(a < b, "seed {seed}: maxUnavailable 0 waits for each new pod first ({a} ms vs {b} ms)");
        let (a, b) = values(&c, "deployment/web", Measure::RolloutMaxReplicas);
        assert_eq!((count(&a), count(&b)), (5, 5), "seed {seed}: maxSurge 25 % of 4 is 1 in both");
        let (a, b) = values(&c, "pods web-*-*", Measure::PodsCreated);
        assert_eq!((count(&a), count(&b)), (8, 8), "seed {seed}");
    }
}

#[test]
fn a_startup_probe_spares_the_slow_app_its_restarts() {
    for seed in SEEDS {
        let c = run("startup-probe", seed);
        let (a, b) = values(&c, "pod/slow", Measure::PodRestarts);
        assert!(count(&a) >= 2, "seed {seed}: A restarted {a:?}");
        assert_eq!(count(&b), 0, "seed {seed}");
        let (a, b) = values(&c, "pod/slow", Measure::PodTimeToReady);
        assert_eq!(millis(&a), None, "seed {seed}: A was Ready");
        let b = millis(&b).expect("B is Ready");
        // The app listens 60 s after its start; the startup probe checks every 5 s.
        assert!((60_000..=70_000).contains(&b), "seed {seed}: {b} ms");
        assert!(only(&c, Side::A, "kubelet.kill", &[]) >= 2, "seed {seed}");
        assert_eq!(only(&c, Side::B, "kubelet.kill", &[]), 0, "seed {seed}");
        assert!(only(&c, Side::B, "kubelet.probe", &[("probe", "Startup")]) > 0, "seed {seed}");
    }
}

#[test]
fn shell_form_pid1_waits_for_sigkill_and_exec_form_exits() {
    for seed in SEEDS {
        let c = run("pid1-form", seed);
        let (a, b) = values(&c, "pod/app", Measure::PodDeleteToGone);
        let (a, b) = (millis(&a).expect("A went"), millis(&b).expect("B went"));
        assert!((30_000..31_000).contains(&a), "seed {seed}: {a} ms (the 30 s grace period)");
        assert!(b < 2_000, "seed {seed}: {b} ms");
        match values(&c, "pod/app", Measure::PodExit) {
            (Value::Exits(a), Value::Exits(b)) => {
                assert_eq!((a[0].code, a[0].reason.as_str()), (137, "Error"), "seed {seed}");
                assert_eq!((b[0].code, b[0].reason.as_str()), (0, "Completed"), "seed {seed}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(only(&c, Side::A, "signal", &[("signal", "SIGKILL")]), 1, "seed {seed}");
        assert_eq!(only(&c, Side::A, "signal", &[("signal", "SIGTERM"), ("disposition", "ignored (PID 1 without a handler)")]), 1, "seed {seed}");
        assert_eq!(only(&c, Side::B, "signal", &[("signal", "SIGTERM"), ("disposition", "handled")]), 1, "seed {seed}");
        let (a, b) = values(&c, "pod/app", Measure::PodRestarts);
        assert_eq!((count(&a), count(&b)), (0, 0));
    }
}

#[test]
fn a_runs_transcript_is_podlife_runs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/scripts");
    let mut scripts: Vec<(String, String)> = builtin::all().iter().flat_map(|c| [(format!("{}/a.sh", c.id), c.a.to_string()), (format!("{}/b.sh", c.id), c.b.to_string())]).collect();
    // A few goldens with traffic, watches and waits (output printed during a sleep).
    for name in ["traffic-race-no-prestop.sh", "traffic-drain-and-readiness.sh", "delete-grace-period.sh", "deployment-rollout-traffic.sh"] {
        if let Ok(text) = std::fs::read_to_string(format!("{dir}/{name}")) {
            scripts.push((name.to_string(), text));
        }
    }
    assert_eq!(scripts.len(), 12, "the four goldens are there");
    for (name, text) in scripts {
        let want = script::run(&text, Session::new(3)).expect("runs").text;
        let got = podlife_compare::run::run(&text, Session::new(3)).expect("runs");
        assert_eq!(got.transcript, want, "{name}");
        assert_eq!(got.line_times.len(), want.lines().count(), "{name}");
        // Times never go back.
        assert!(got.line_times.windows(2).all(|w| w[0].from_ms <= w[1].from_ms && w[0].from_ms <= w[0].to_ms), "{name}");
    }
}

#[test]
fn a_script_compared_with_itself_differs_in_nothing() {
    let c = builtin::by_id("prestop").expect("built-in");
    let same = compare(c.a, c.a, 2).expect("runs");
    assert!(same.lines.hunks().is_empty());
    assert!(same.only_in.is_empty(), "{:?}", same.only_in);
    assert!(same.table.iter().all(|r| !r.differs && r.a == r.b));
    assert!(same.matching.a.iter().all(Option::is_some));
    assert!(!same.table.is_empty());
}

#[test]
fn a_malformed_script_is_named_before_anything_runs() {
    let e = compare("sleep 1\n", "kubectl apply -f - <<EOF\nkind: Pod\n", 1).unwrap_err();
    assert_eq!(e.side, Side::B);
    assert_eq!(e.to_string(), "B: line 1: unterminated heredoc (expected a line `EOF`)");
    let e = compare("podlife fly\n", "sleep 1\n", 1).unwrap_err();
    assert_eq!(e.side, Side::A);
}

#[test]
fn comparisons_are_deterministic() {
    let c = builtin::by_id("pid1-form").expect("built-in");
    let names = ["a", "b"];
    let one = podlife_compare::render::text(&compare(c.a, c.b, 7).expect("runs"), names);
    let two = podlife_compare::render::text(&compare(c.a, c.b, 7).expect("runs"), names);
    assert_eq!(one, two);
}

//! Quiet stretches (`podlife_engine::quiet`) change how much work an idle period costs, never
//! what happens in it. The same hour — a pod behind a Service with passing probes, a pod in a
//! crash loop, three nodes heartbeating — runs with and without them: restarts, statuses,
//! readiness, endpoints, Leases and heartbeats agree, and the skipping run does a fraction of
//! the work. (Timer phases and the random stream differ once a stretch is skipped, so
//! restart moments may move by the kubelet's jitter, never the count by more than one.)

use podlife_console::Session;
use serde_json::Value;

/// A workload's status with its conditions' moments left out.
fn timeless(status: &Value) -> Value {
    let mut status = status.clone();
    for c in status["conditions"].as_array_mut().into_iter().flatten().filter_map(Value::as_object_mut) {
        c.retain(|k, _| !k.ends_with("Time"));
    }
    status
}

/// The sum of one count the quiet stretches among `trace` recorded (`repeatedSyncs`, …).
fn quiet_skip_sum(trace: &[podlife_engine::TraceEvent], key: &str) -> u64 {
    trace.iter().filter(|t| t.action == podlife_engine::Action::QuietSkip).filter_map(|t| t.params.get(key).and_then(|v| v.as_u64())).sum()
}

const PODS: &str = "apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    readinessProbe:
      httpGet:
        path: /
        port: 80
      periodSeconds: 5
    livenessProbe:
      tcpSocket:
        port: 80
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: crasher
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: [\"sh\", \"-c\", \"echo bye; exit 1\"]
";

struct Outcome {
    crasher_restarts: i64,
    crasher_reason: String,
    web: (bool, i64),
    endpoints: String,
    nodes_ready: usize,
    /// Seconds since each node's Lease was renewed.
    lease_ages: Vec<i64>,
    /// Seconds since each node's Ready condition was reported.
    heartbeat_ages: Vec<i64>,
    skips: usize,
    reactions: usize,
}

fn run(skips: bool, seconds: u64) -> Outcome {
    let mut s = Session::new(1);
    s.engine_mut().set_quiet_skips(skips);
    assert!(!s.exec("kubectl apply -f -", Some(PODS)).failed);
    let before = s.engine().trace().len();
    s.exec(&format!("sleep {seconds}"), None);
    let e = s.engine();
    let now = e.now();
    let pod = |name: &str| e.store().list("", "pods", Some("default")).map(|(_, p)| p.to_value()).find(|p| p["metadata"]["name"] == name).expect("pod");
    let status = |p: &Value| p["status"]["containerStatuses"][0].clone();
    let crasher = status(&pod("crasher"));
    let web = pod("web");
    let reason = crasher["state"]["waiting"]["reason"].as_str().or(crasher["state"]["terminated"]["reason"].as_str()).unwrap_or("running").to_string();
    let age = |t: &Value| t.as_str().and_then(podlife_engine::Time::from_rfc3339).map_or(i64::MAX, |t| (now.millis() as i64 - t.millis() as i64) / 1000);
    let leases: Vec<i64> = e.store().list("coordination.k8s.io", "leases", Some("kube-node-lease")).map(|(_, l)| age(&(&l["spec"]["renewTime"]).to_value())).collect();
    let nodes: Vec<Value> = e.store().list("", "nodes", None).map(|(_, n)| n.to_value()).collect();
    let ready = |n: &Value| n["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "Ready")).cloned().unwrap_or_default();
    let out = s.exec("kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath={.items[*].endpoints[*].conditions.ready}", None).text;
    let trace = &s.engine().trace()[before..];
    Outcome {
        crasher_restarts: crasher["restartCount"].as_i64().unwrap_or(-1),
        crasher_reason: reason,
        web: (web["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True")), status(&web)["restartCount"].as_i64().unwrap_or(-1)),
        endpoints: out,
        nodes_ready: nodes.iter().filter(|n| ready(n)["status"] == "True").count(),
        lease_ages: leases,
        heartbeat_ages: nodes.iter().map(|n| age(&ready(n)["lastHeartbeatTime"])).collect(),
        skips: trace.iter().filter(|t| t.action == podlife_engine::Action::QuietSkip).count(),
        reactions: trace.len(),
    }
}

#[test]
fn an_hour_with_and_without_quiet_stretches_ends_the_same() {
    let (fast, slow) = (run(true, 3600), run(false, 3600));
    assert_eq!(slow.skips, 0);
    assert!(fast.skips > 0, "no quiet stretch in an idle hour");
    assert!(fast.reactions * 2 < slow.reactions, "skipping did not save work: {} vs {} reactions", fast.reactions, slow.reactions);
    assert!(slow.crasher_restarts >= 12, "{}", slow.crasher_restarts);
    assert!((fast.crasher_restarts - slow.crasher_restarts).abs() <= 1, "restarts {} vs {}", fast.crasher_restarts, slow.crasher_restarts);
    for o in [&fast, &slow] {
        assert!(matches!(o.crasher_reason.as_str(), "CrashLoopBackOff" | "Error"), "{}", o.crasher_reason);
        assert_eq!(o.web, (true, 0), "web stays ready without restarts");
        assert_eq!(o.endpoints, "true");
        assert_eq!(o.nodes_ready, 3);
        // A Lease is renewed every 10 s; node status is reported at least every 5 minutes.
        assert!(o.lease_ages.len() == 3 && o.lease_ages.iter().all(|a| (0..=10).contains(a)), "{:?}", o.lease_ages);
        assert!(o.heartbeat_ages.iter().all(|a| (0..=300).contains(a)), "{:?}", o.heartbeat_ages);
    }
}

/// What an hour of a pod whose image does not exist leaves behind.
struct PullOutcome {
    reason: String,
    /// Pulls tried, syncs run or replayed, and the `count` the `BackOff` event reached.
    pulls: usize,
    syncs: u64,
    back_off_count: i64,
    repeated: u64,
    /// Pull cycles replayed whole (each about 24 back-off syncs).
    repeated_pulls: u64,
    reactions: usize,
}

fn pull_hour(skips: bool) -> PullOutcome {
    use podlife_engine::Action;
    let mut s = Session::new(3);
    s.engine_mut().set_quiet_skips(skips);
    assert!(!s.exec("kubectl run web --image=nginx:1.99", None).failed);
    let before = s.engine().trace().len();
    s.exec("sleep 3600", None);
    let e = s.engine();
    let pod = e.store().list("", "pods", Some("default")).map(|(_, p)| p.to_value()).find(|p| p["metadata"]["name"] == "web").expect("pod");
    let back_off_count = e.store().list("", "events", Some("default")).filter(|(_, ev)| ev["reason"] == "BackOff").map(|(_, ev)| ev["count"].as_i64().unwrap_or(0)).sum();
    let trace = &e.trace()[before..];
    let about_web = |t: &&podlife_engine::TraceEvent| t.object.as_ref().is_some_and(|o| o.kind == *"Pod" && o.name == *"web");
    let repeated = quiet_skip_sum(trace, "repeatedSyncs");
    PullOutcome {
        reason: pod["status"]["containerStatuses"][0]["state"]["waiting"]["reason"].as_str().unwrap_or_default().to_string(),
        // Pulls run, and those a quiet stretch replayed whole (`kubelet/restarts.rs`).
        pulls: trace.iter().filter(about_web).filter(|t| t.action == Action::ImagePull && t.params.get("result").is_some_and(|r| r.as_str() == Some("pulling"))).count() + quiet_skip_sum(trace, "repeatedPulls") as usize,
        syncs: trace.iter().filter(about_web).filter(|t| t.action == Action::KubeletSync).count() as u64 + repeated,
        back_off_count,
        repeated,
        repeated_pulls: quiet_skip_sum(trace, "repeatedPulls"),
        reactions: trace.len(),
    }
}

/// A pod in `ImagePullBackOff` is synced every 10–15 s; between pulls (5 minutes apart) those
/// syncs only count events the spam filter drops. Quiet stretches replay them instead of
/// running them: the pulls, the syncs, the `BackOff` event's count and the status agree with a
/// run that skips nothing, for a fraction of the work.
#[test]
fn an_hour_of_image_pull_back_off_with_and_without_quiet_stretches_ends_the_same() {
    let (fast, slow) = (pull_hour(true), pull_hour(false));
    assert_eq!((slow.repeated, slow.repeated_pulls), (0, 0));
    // Once the back-off is at its cap, whole cycles repeat and are replayed.
    assert!(fast.repeated > 5 && fast.repeated_pulls > 3, "the back-off syncs were not replayed: {} syncs, {} pulls", fast.repeated, fast.repeated_pulls);
    assert!(fast.reactions * 2 < slow.reactions, "skipping did not save work: {} vs {} reactions", fast.reactions, slow.reactions);
    // The pull back-off doubles from 10 s to 5 minutes: about 15 pulls in an hour, each at the
    // first sync after a back-off ends.
    assert!((12..=18).contains(&slow.pulls), "pulls {}", slow.pulls);
    assert!(fast.pulls.abs_diff(slow.pulls) <= 1, "pulls {} vs {}", fast.pulls, slow.pulls);
    // A sync every 10–15 s (`backOffPeriod` jittered by half). (The syncs of pull cycles
    // replayed whole are not counted one by one: their BackOff events are, below.)
    assert!((240..=360).contains(&slow.syncs), "syncs {}", slow.syncs);
    // Each sync in back-off counts a BackOff event, written or dropped.
    assert!(slow.back_off_count > 200, "BackOff count {}", slow.back_off_count);
    assert!((fast.back_off_count - slow.back_off_count).abs() * 10 <= slow.back_off_count, "BackOff count {} vs {}", fast.back_off_count, slow.back_off_count);
    for o in [&fast, &slow] {
        assert!(matches!(o.reason.as_str(), "ImagePullBackOff" | "ErrImagePull"), "{}", o.reason);
    }
}

/// A pod with an `ephemeral-storage` limit keeps the kubelet's eviction manager checking every
/// 10 s; while no pod is over a limit those checks are steady, so an idle day is as cheap as
/// one without the limit — and a pod that goes over is still evicted by the next check.
#[test]
fn eviction_checks_that_find_nothing_are_quiet() {
    let reactions = |limit: &str| {
        let mut s = Session::new(3);
        let manifest = format!("apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: web\n    image: nginx:1.27\n{limit}");
        assert!(!s.exec("kubectl apply -f -", Some(&manifest)).failed);
        s.exec("sleep 60", None);
        let before = s.engine().trace().len();
        s.exec("sleep 86400", None);
        (s.engine().trace().len() - before, s)
    };
    let (plain, _) = reactions("");
    let (limited, mut s) = reactions("    resources:\n      limits:\n        ephemeral-storage: 64Ki\n");
    assert!(limited < plain * 2 + 100, "a day of eviction checks cost {limited} reactions (without the limit: {plain})");
    // 100 KiB in the writable layer: over the limit, evicted within a check or two.
    assert!(!s.exec("kubectl exec web -- dd if=/dev/zero of=/tmp/fill bs=1k count=100", None).failed);
    s.exec("sleep 25", None);
    let pod = s.engine().store().list("", "pods", Some("default")).map(|(_, p)| p.to_value()).find(|p| p["metadata"]["name"] == "web").expect("pod");
    assert_eq!(pod["status"]["reason"], "Evicted", "{}", pod["status"]);
}

/// What two hours of an HorizontalPodAutoscaler leave behind: its status, its events (reason,
/// count, last time) and the replica count, and how many of its syncs a quiet stretch
/// replayed.
struct HpaOutcome {
    status: Value,
    events: Vec<(String, i64, String)>,
    replicas: i64,
    repeated: u64,
    reactions: usize,
}

fn hpa_hours(skips: bool, metrics_server: bool) -> HpaOutcome {
    let mut s = Session::new(5);
    s.engine_mut().set_quiet_skips(skips);
    if metrics_server {
        assert!(!s.exec("podlife addon enable metrics-server", None).failed);
    }
    for line in ["kubectl create deployment web --image=nginx:1.27 --replicas=2", "kubectl set resources deployment web --requests=cpu=100m", "kubectl autoscale deployment web --cpu=50% --min=1 --max=5"] {
        assert!(!s.exec(line, None).failed, "{line}");
    }
    let before = s.engine().trace().len();
    s.exec("sleep 7200", None);
    let e = s.engine();
    let hpa = e.store().list("autoscaling", "horizontalpodautoscalers", Some("default")).map(|(_, h)| h.to_value()).next().expect("hpa");
    let mut events: Vec<(String, i64, String)> = e
        .store()
        .list("", "events", Some("default"))
        .map(|(_, ev)| ev.to_value())
        .filter(|ev| ev["involvedObject"]["kind"] == "HorizontalPodAutoscaler")
        .map(|ev| (ev["reason"].as_str().unwrap_or_default().to_string(), ev["count"].as_i64().unwrap_or(0), ev["lastTimestamp"].as_str().unwrap_or_default().to_string()))
        .collect();
    events.sort();
    let deployment = e.store().list("apps", "deployments", Some("default")).map(|(_, d)| d.to_value()).next().expect("deployment");
    let trace = &e.trace()[before..];
    HpaOutcome {
        status: hpa["status"].clone(),
        events,
        replicas: deployment["spec"]["replicas"].as_i64().unwrap_or(-1),
        repeated: quiet_skip_sum(trace, "repeatedHpaSyncs"),
        reactions: trace.len(),
    }
}

/// An HPA is synced every 15 s. Once its target, pods and their usage hold still — here idle
/// nginx pods, scaled down to the minimum, or no metrics API at all — each sync repeats the
/// last: quiet stretches replay those syncs instead of stopping for each. Status, events
/// (counts and times: the syncs keep their period) and the scale agree with a run that skips
/// nothing, for a fraction of the work.
#[test]
fn two_hours_of_an_hpa_with_and_without_quiet_stretches_end_the_same() {
    for metrics_server in [true, false] {
        let (fast, slow) = (hpa_hours(true, metrics_server), hpa_hours(false, metrics_server));
        assert_eq!(slow.repeated, 0);
        assert!(fast.repeated > 200, "the HPA's syncs were not replayed: {}", fast.repeated);
        assert!(fast.reactions * 5 < slow.reactions, "skipping did not save work: {} vs {} reactions", fast.reactions, slow.reactions);
        assert_eq!(fast.status, slow.status, "metrics-server: {metrics_server}");
        assert_eq!(fast.events, slow.events, "metrics-server: {metrics_server}");
        assert_eq!((fast.replicas, slow.replicas), if metrics_server { (1, 1) } else { (2, 2) });
        if !metrics_server {
            // A sync every 15 s warns twice; the spam filter lets one event through every 5
            // minutes, always the first, which counts every sync. The second is never written
            // again, and its event expired with its hour.
            assert!(matches!(slow.events.as_slice(), [(reason, 440..=480, _)] if reason == "FailedGetResourceMetric"), "{:?}", slow.events);
        }
    }
}

/// What some hours of a crash-looping pod leave behind, as a learner would look.
struct CrashOutcome {
    restarts: i64,
    /// Its events: (reason, count).
    events: Vec<(String, i64)>,
    /// The attempts of the pod's instances on the node (`crictl ps -a`).
    attempts: Vec<i64>,
    /// The containerd journal's `CreateContainer … returns container id` lines (attempt, id)
    /// and `RemoveContainer` ids, in order.
    created: Vec<(i64, String)>,
    removed: Vec<String>,
    last_state: Value,
    previous_log: String,
    replayed: u64,
    reactions: usize,
}

fn crash_hours(skips: bool, hours: u64) -> CrashOutcome {
    let mut s = Session::new(7);
    s.engine_mut().set_quiet_skips(skips);
    assert!(!s.exec("kubectl run crash --image=busybox:1.36 -- sh -c 'echo try; sleep 1; exit 3'", None).failed);
    let before = s.engine().trace().len();
    s.exec(&format!("sleep {}", hours * 3600), None);
    let e = s.engine();
    let pod = e.store().list("", "pods", Some("default")).map(|(_, p)| p.to_value()).find(|p| p["metadata"]["name"] == "crash").expect("pod");
    let status = pod["status"]["containerStatuses"][0].clone();
    let mut events: Vec<(String, i64)> = e.store().list("", "events", Some("default")).map(|(_, ev)| ev.to_value()).filter(|ev| ev["involvedObject"]["name"] == "crash").map(|ev| (ev["reason"].as_str().unwrap_or_default().to_string(), ev["count"].as_i64().unwrap_or(0))).collect();
    events.sort();
    let trace = &e.trace()[before..];
    let replayed = quiet_skip_sum(trace, "repeatedRestarts");
    let reactions = trace.len();
    let node = pod["spec"]["nodeName"].as_str().unwrap_or_default().to_string();
    let ps = s.exec(&format!("podlife node {node} -- crictl ps -a --name crash"), None).text;
    let column = ps.lines().next().and_then(|h| h.find("ATTEMPT")).expect("an ATTEMPT column");
    let attempts = ps.lines().skip(1).filter_map(|l| l.get(column..)?.split_whitespace().next()?.parse().ok()).collect();
    let journal = s.exec(&format!("podlife node {node} -- journalctl -u containerd --no-pager -n 60"), None).text;
    let quoted = |l: &str, after: &str| l.split(after).nth(1).and_then(|r| r.split("\\\"").nth(1)).map(str::to_string);
    let created = journal.lines().filter(|l| l.contains("returns container id")).filter_map(|l| {
        let attempt = l.split("Attempt:").nth(1)?.split(',').next()?.parse().ok()?;
        Some((attempt, quoted(l, "returns container id")?))
    }).collect();
    let removed = journal.lines().filter(|l| l.contains("RemoveContainer for") && !l.contains("returns")).filter_map(|l| quoted(l, "RemoveContainer for")).collect();
    let previous_log = s.exec("kubectl logs crash --previous", None).text;
    CrashOutcome { restarts: status["restartCount"].as_i64().unwrap_or(-1), events, attempts, created, removed, last_state: status["lastState"]["terminated"].clone(), previous_log, replayed, reactions }
}

/// A container that fails the same way on every run restarts every five minutes or so once
/// its back-off reaches the cap; quiet stretches replay those cycles whole instead of running
/// each restart (`kubelet/restarts.rs`). Six hours with and without them end alike: the
/// restart count (the kubelet's jitter moves restart moments, not their rate), the events and
/// their counts, the last state, the exited instance on the node and the containerd journal,
/// whose replayed lines carry each instance's own id and attempt.
#[test]
fn crash_loop_restarts_replayed_end_as_run() {
    let (fast, slow) = (crash_hours(true, 6), crash_hours(false, 6));
    assert_eq!(slow.replayed, 0);
    assert!(fast.replayed > 50, "the restarts were not replayed: {}", fast.replayed);
    assert!(fast.reactions * 20 < slow.reactions, "replaying did not save work: {} vs {} reactions", fast.reactions, slow.reactions);
    // 6 hours at about one restart every 5 minutes, after the back-off's first doublings.
    assert!((65..=80).contains(&slow.restarts), "{}", slow.restarts);
    assert!(fast.restarts.abs_diff(slow.restarts) <= 2, "restarts {} vs {}", fast.restarts, slow.restarts);
    let reasons = |o: &CrashOutcome| o.events.iter().map(|(r, _)| r.clone()).collect::<Vec<_>>();
    assert_eq!(reasons(&fast), reasons(&slow), "{:?} vs {:?}", fast.events, slow.events);
    let count = |o: &CrashOutcome, reason: &str| o.events.iter().find(|(r, _)| r == reason).map_or(0, |(_, c)| *c);
    assert!(count(&fast, "BackOff").abs_diff(count(&slow, "BackOff")) * 20 <= count(&slow, "BackOff") as u64, "{:?} vs {:?}", fast.events, slow.events);
    for o in [&fast, &slow] {
        // One `Pulled` ("already present") per restart; `Created`/`Started` expired an hour
        // after the spam filter last let them through.
        assert_eq!(count(o, "Pulled"), o.restarts, "{:?}", o.events);
        assert_eq!(o.last_state["exitCode"], 3);
        assert_eq!(o.last_state["reason"], "Error");
        let at = |k: &str| o.last_state[k].as_str().and_then(podlife_engine::Time::from_rfc3339).expect("a time");
        assert_eq!(at("finishedAt").millis() - at("startedAt").millis(), 1000, "{}", o.last_state);
        assert_eq!(o.previous_log, "try\n");
        // The newest instance on the node is the last restart's.
        assert_eq!(o.attempts.iter().max().copied(), Some(o.restarts), "{:?}", o.attempts);
        // The journal: attempts one after another, each instance removed after the next
        // one ran, by the id it was created with.
        assert!(o.created.len() >= 4, "{:?}", o.created);
        for pair in o.created.windows(2) {
            assert_eq!(pair[1].0, pair[0].0 + 1, "{:?}", o.created);
        }
        let ids: Vec<&String> = o.created.iter().map(|(_, id)| id).collect();
        for id in &o.removed {
            if let Some(i) = ids.iter().position(|c| *c == id) {
                assert!(i + 1 < ids.len(), "{id} removed before a newer instance: {:?} {:?}", o.created, o.removed);
            }
        }
        assert!(o.removed.iter().filter(|id| ids.contains(id)).count() >= 2, "{:?} {:?}", o.created, o.removed);
        assert_eq!(o.last_state["containerID"], format!("containerd://{}", ids[ids.len() - 1 - usize::from(o.attempts.len() == 2)]));
    }
}

/// Restarts are replayed only when they repeat and nothing they move depends on anything else:
/// a program whose output differs on every run (it prints the time) and any crash loop under a
/// client's watch run one restart at a time; a Deployment of one replica is replayed, and so is
/// one of two (its ReplicaSet's readiness count follows both pods, replayed together).
#[test]
fn restarts_that_do_not_repeat_are_run_one_by_one() {
    let replayed = |setup: &[&str]| {
        let mut s = Session::new(7);
        for line in setup {
            assert!(!s.exec(line, None).failed, "{line}");
        }
        let before = s.engine().trace().len();
        s.exec("sleep 7200", None);
        let trace = &s.engine().trace()[before..];
        quiet_skip_sum(trace, "repeatedRestarts")
    };
    assert!(replayed(&["kubectl run crash --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'"]) > 10);
    assert_eq!(replayed(&["kubectl run crash --image=busybox:1.36 -- sh -c 'date; sleep 1; exit 1'"]), 0);
    assert!(replayed(&["kubectl create deployment crash --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'"]) > 10);
    assert!(replayed(&["kubectl create deployment crash --replicas=2 --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'"]) > 10);
    assert_eq!(replayed(&["kubectl run crash --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'", "kubectl get pods -w --watch-only"]), 0);
}

/// A Deployment of one crash-looping replica: its ReplicaSet's and Deployment's status follow
/// each restart (ready for the second the program runs, then not), and a replay leaves them as
/// the last replayed restart would: four hours with and without quiet stretches end alike.
#[test]
fn a_deployments_crash_loop_replayed_ends_as_run() {
    let run = |skips: bool| {
        let mut s = Session::new(3);
        s.engine_mut().set_quiet_skips(skips);
        assert!(!s.exec("kubectl create deployment crash --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'", None).failed);
        s.exec("sleep 14400", None);
        let e = s.engine();
        let one = |resource: &'static str| e.store().list("apps", resource, Some("default")).map(|(_, o)| o.to_value()).next().expect("one");
        let pod = e.store().list("", "pods", Some("default")).map(|(_, p)| p.to_value()).next().expect("pod");
        let available = one("deployments")["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "Available").cloned()).expect("Available");
        let time = |v: &Value| v.as_str().and_then(podlife_engine::Time::from_rfc3339).expect("a time").millis();
        let status = pod["status"]["containerStatuses"][0].clone();
        let finished = if status["state"]["terminated"].is_object() { &status["state"]["terminated"] } else { &status["lastState"]["terminated"] };
        (status["restartCount"].as_i64().unwrap_or(-1), one("replicasets")["status"]["readyReplicas"].as_i64().unwrap_or(0), available["status"].clone(), time(&available["lastTransitionTime"]).abs_diff(time(&finished["finishedAt"])))
    };
    let (fast, slow) = (run(true), run(false));
    assert!(fast.0.abs_diff(slow.0) <= 2, "{fast:?} vs {slow:?}");
    for o in [&fast, &slow] {
        // Not ready, not available, since the last run ended (its exit seen within 2 s).
        assert_eq!((o.1, o.2.clone()), (0, serde_json::json!("False")), "{o:?}");
        assert!(o.3 <= 3000, "Available turned False {} ms from the last exit: {o:?}", o.3);
    }
}

/// What some hours of several crash-looping pods leave behind, pod by pod (in name order):
/// (name, restart count, events as (reason, count), the newest attempt on its node, the
/// attempts its containerd journal created in order, the last run's exit code and length).
type PodOutcome = (String, i64, Vec<(String, i64)>, i64, Vec<i64>, i64, u64);

/// Two bare pods and a Deployment of three replicas, all crash-looping, for `hours`: each pod's
/// outcome, the Deployment's and the ReplicaSet's status, how many restarts were replayed and
/// the reactions it took.
fn crash_pods_hours(skips: bool, hours: u64) -> (Vec<PodOutcome>, Value, Value, u64, usize) {
    let mut s = Session::new(11);
    s.engine_mut().set_quiet_skips(skips);
    for line in [
        "kubectl run a --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'",
        "kubectl run b --image=busybox:1.36 -- sh -c 'echo b; sleep 2; exit 2'",
        "kubectl create deployment web --replicas=3 --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'",
    ] {
        assert!(!s.exec(line, None).failed, "{line}");
    }
    let before = s.engine().trace().len();
    s.exec(&format!("sleep {}", hours * 3600), None);
    let e = s.engine();
    let trace = &e.trace()[before..];
    let (replayed, reactions) = (quiet_skip_sum(trace, "repeatedRestarts"), trace.len());
    let time = |v: &Value| v.as_str().and_then(podlife_engine::Time::from_rfc3339).map(|t| t.millis());
    let list = |group: &'static str, resource: &'static str| -> Vec<Value> { e.store().list(group, resource, Some("default")).map(|(_, o)| o.to_value()).collect() };
    let (pods, events, deployments, replicasets) = (list("", "pods"), list("", "events"), list("apps", "deployments"), list("apps", "replicasets"));
    let mut outcomes = Vec::new();
    for pod in &pods {
        let name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let status = &pod["status"]["containerStatuses"][0];
        let last = &status["lastState"]["terminated"];
        let length = time(&last["finishedAt"]).unwrap_or(0).saturating_sub(time(&last["startedAt"]).unwrap_or(0));
        let mut evs: Vec<(String, i64)> = events.iter().filter(|ev| ev["involvedObject"]["name"] == name.as_str()).map(|ev| (ev["reason"].as_str().unwrap_or_default().to_string(), ev["count"].as_i64().unwrap_or(0))).collect();
        evs.sort();
        let node = pod["spec"]["nodeName"].as_str().unwrap_or_default().to_string();
        let container = pod["spec"]["containers"][0]["name"].as_str().unwrap_or_default().to_string();
        let sandbox = s.exec(&format!("podlife node {node} -- crictl pods --name ^{name}$ -q"), None).text.trim().to_string();
        let ps = s.exec(&format!("podlife node {node} -- crictl ps -a --pod {sandbox}"), None).text;
        let column = ps.lines().next().and_then(|h| h.find("ATTEMPT")).expect("an ATTEMPT column");
        let newest = ps.lines().skip(1).filter_map(|l| l.get(column..)?.split_whitespace().next()?.parse().ok()).max().unwrap_or(-1);
        // The journal's creates of this pod's container (its sandbox's), in order.
        let journal = s.exec(&format!("podlife node {node} -- journalctl -u containerd --no-pager -n 400"), None).text;
        let created: Vec<i64> = journal
            .lines()
            .filter(|l| l.contains("returns container id") && !sandbox.is_empty() && l.contains(&sandbox[..13]) && l.contains(&format!("Name:{container},")))
            .filter_map(|l| l.split("Attempt:").nth(1)?.split(',').next()?.parse().ok())
            .collect();
        outcomes.push((name, status["restartCount"].as_i64().unwrap_or(-1), evs, newest, created, last["exitCode"].as_i64().unwrap_or(-1), length));
    }
    outcomes.sort();
    let status = |list: &[Value]| list.first().expect("one")["status"].clone();
    (outcomes, status(&deployments), status(&replicasets), replayed, reactions)
}

/// Several crash loops at once — two bare pods and three replicas of one Deployment, on both
/// workers — are replayed together: each pod's cycles are drawn in time order with the others'
/// and a stretch ends at a restart while every other pod waits out its back-off. Six hours with
/// and without quiet stretches end alike, pod by pod: restart counts, events and their counts,
/// the newest instance, the journal's attempts one after another, the last run; the
/// ReplicaSet's and the Deployment's status (the Deployment completed its rollout in the first
/// seconds, when all three ran, so its `Progressing` stays; `Available` stays False).
#[test]
fn several_crash_loops_replayed_together_end_as_run() {
    let (fast, slow) = (crash_pods_hours(true, 6), crash_pods_hours(false, 6));
    assert_eq!(slow.3, 0);
    assert!(fast.3 > 200, "the restarts were not replayed: {}", fast.3);
    assert!(fast.4 * 10 < slow.4, "replaying did not save work: {} vs {} reactions", fast.4, slow.4);
    assert_eq!(fast.0.len(), 5);
    for (f, w) in fast.0.iter().zip(&slow.0) {
        let (name, restarts, events, _, _, code, length) = f;
        assert_eq!(name, &w.0);
        assert!((60..=80).contains(&w.1), "{w:?}");
        assert!(restarts.abs_diff(w.1) <= 2, "{f:?} vs {w:?}");
        // `Created` and `Started` share the `Normal` spam bucket with `Pulled`, which takes its
        // token first at each restart: they get through only when a cycle's length has added
        // up to a spare token, so whether one was written in the last hour (its event not yet
        // expired) follows the jitter of every restart before.
        let count = |e: &Vec<(String, i64)>, reason: &str| e.iter().find(|(r, _)| r == reason).map_or(0, |(_, c)| *c);
        for o in [f, w] {
            assert!(o.2.iter().all(|(r, c)| ["BackOff", "Pulled", "Created", "Started"].contains(&r.as_str()) && *c <= count(&o.2, "BackOff").max(o.1)), "{o:?}");
            assert!(count(&o.2, "BackOff") > 0, "{o:?}");
        }
        assert!(count(events, "BackOff").abs_diff(count(&w.2, "BackOff")) * 20 <= count(&w.2, "BackOff") as u64, "{f:?} vs {w:?}");
        for (o, restarts) in [(f, *restarts), (w, w.1)] {
            assert_eq!(count(&o.2, "Pulled"), restarts, "{o:?}");
            assert_eq!(o.3, restarts, "the newest instance: {o:?}");
            assert!(o.4.len() >= 3 && o.4.windows(2).all(|p| p[1] == p[0] + 1) && o.4.last() == Some(&restarts), "the journal's creates: {o:?}");
        }
        assert_eq!((code, length), (&w.5, &w.6), "{f:?} vs {w:?}");
    }
    // (When `Available` last turned depends on whether all three ever ran at once again in
    // the first minutes, while their back-offs were short: the jitter's doing.)
    assert_eq!((timeless(&fast.1), &fast.2), (timeless(&slow.1), &slow.2));
    assert_eq!(slow.2["readyReplicas"], Value::Null, "{}", slow.2);
    assert_eq!(slow.1["unavailableReplicas"], 3, "{}", slow.1);
}

/// What a pod whose image cannot be pulled leaves after some hours: its name, waiting reason,
/// the `BackOff` event's count, the pulls its node's journal holds for it.
type PullPodOutcome = (String, String, i64, usize);

fn pull_pods_hours(skips: bool, hours: u64) -> (Vec<PullPodOutcome>, Value, Value, Value, u64, usize) {
    let mut s = Session::new(5);
    s.engine_mut().set_quiet_skips(skips);
    let deployment = "apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx:1.277
        readinessProbe:
          httpGet: {path: /, port: 80}
        volumeMounts: [{name: scratch, mountPath: /tmp}]
      volumes: [{name: scratch, emptyDir: {}}]
";
    assert!(!s.exec(&format!("kubectl apply -f - <<EOF\n{deployment}EOF"), None).failed);
    for line in ["kubectl expose deployment web --port 80", "kubectl run typo --image=ngnix:1.27"] {
        assert!(!s.exec(line, None).failed, "{line}");
    }
    let before = s.engine().trace().len();
    s.exec(&format!("sleep {}", hours * 3600), None);
    let e = s.engine();
    let trace = &e.trace()[before..];
    let (replayed, reactions) = (quiet_skip_sum(trace, "repeatedPulls"), trace.len());
    let list = |group: &'static str, resource: &'static str| -> Vec<Value> { e.store().list(group, resource, Some("default")).map(|(_, o)| o.to_value()).collect() };
    let (pods, events) = (list("", "pods"), list("", "events"));
    let slices = list("discovery.k8s.io", "endpointslices").into_iter().find(|o| o["metadata"]["labels"]["kubernetes.io/service-name"] == "web").map(|o| o["endpoints"].clone()).unwrap_or_default();
    let status = |list: Vec<Value>| list.first().expect("one")["status"].clone();
    let (deployment, replicaset) = (status(list("apps", "deployments")), status(list("apps", "replicasets")));
    let mut outcomes = Vec::new();
    for pod in &pods {
        let name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let reason = pod["status"]["containerStatuses"][0]["state"]["waiting"]["reason"].as_str().unwrap_or_default().to_string();
        let back_off = events.iter().filter(|ev| ev["involvedObject"]["name"] == name.as_str() && ev["reason"] == "BackOff").map(|ev| ev["count"].as_i64().unwrap_or(0)).sum();
        let image = pod["spec"]["containers"][0]["image"].as_str().unwrap_or_default().to_string();
        let node = pod["spec"]["nodeName"].as_str().unwrap_or_default().to_string();
        // The journal names the image, not the pod: pods of one image on one node share it.
        let journal = s.exec(&format!("podlife node {node} -- journalctl -u containerd --no-pager -n 2000"), None).text;
        let pulls = journal.lines().filter(|l| l.contains(&format!("msg=\"PullImage \\\"{image}\\\"\""))).count();
        outcomes.push((name, reason, back_off, pulls));
    }
    outcomes.sort();
    (outcomes, deployment, replicaset, slices, replayed, reactions)
}

/// Image pulls that keep failing the same way — three replicas with a readiness probe and an
/// `emptyDir`, behind a Service, and a bare pod — are replayed whole, all pods together
/// (`kubelet/restarts.rs`, `CycleKind::Pull`): six hours with and without quiet stretches end
/// alike, pod by pod (the waiting reason, the `BackOff` count within 2 %, the pulls in the
/// journal within two), and so do the Deployment's and ReplicaSet's status and the Service's
/// endpoints (none ready). A probe of a container that never ran does nothing: its ticks are
/// steady too.
#[test]
fn failed_pulls_replayed_together_end_as_run() {
    let (fast, slow) = (pull_pods_hours(true, 6), pull_pods_hours(false, 6));
    assert_eq!(slow.4, 0);
    assert!(fast.4 > 200, "the failed pulls were not replayed: {}", fast.4);
    assert!(fast.5 * 10 < slow.5, "replaying did not save work: {} vs {} reactions", fast.5, slow.5);
    assert_eq!(fast.0.len(), 4);
    for (f, w) in fast.0.iter().zip(&slow.0) {
        assert_eq!(f.0, w.0);
        for o in [f, w] {
            assert!(matches!(o.1.as_str(), "ImagePullBackOff" | "ErrImagePull"), "{o:?}");
        }
        // A sync every 10–15 s in back-off, six hours: about 1,700 BackOff events each.
        assert!((1500..=1900).contains(&w.2), "{w:?}");
        assert!(f.2.abs_diff(w.2) * 50 <= w.2 as u64, "{f:?} vs {w:?}");
    }
    // The journal keeps its last 2,000 lines, a node's pods' pulls together: as many either way.
    let pulls = |o: &[PullPodOutcome]| o.iter().map(|p| p.3).collect::<Vec<_>>();
    for (f, w) in pulls(&fast.0).iter().zip(pulls(&slow.0)) {
        assert!(w > 60 && f.abs_diff(w) <= 2, "{:?} vs {:?}", fast.0, slow.0);
    }
    assert_eq!((timeless(&fast.1), &fast.2), (timeless(&slow.1), &slow.2));
    assert_eq!(slow.1["conditions"][1]["reason"], "ProgressDeadlineExceeded", "{}", slow.1);
    assert_eq!(fast.3, slow.3);
    assert_eq!(slow.3.as_array().map(Vec::len), Some(3), "{}", slow.3);
}

/// A client watch hides nothing from its client only if the replay writes nothing it watches:
/// `kubectl rollout status` watches the Deployment, which failed pulls never change, so the
/// pulls of its pods are replayed while it waits; `kubectl get pods -w` watches pods, whose
/// status each pull flips (`ErrImagePull`, `ImagePullBackOff`), and the pulls run one by one.
#[test]
fn failed_pulls_are_replayed_under_a_deployment_watch_not_a_pod_watch() {
    let mut s = Session::new(5);
    // (Past its progress deadline `rollout status` would stop waiting.)
    let deployment = "apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  progressDeadlineSeconds: 2147483647
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx:1.277}]
";
    assert!(!s.exec(&format!("kubectl apply -f - <<EOF\n{deployment}EOF"), None).failed);
    let before = s.engine().trace().len();
    let out = s.exec("kubectl rollout status deployment/web --timeout=3h", None);
    assert!(out.text.contains("error: timed out waiting for the condition"), "{}", out.text);
    let replayed = quiet_skip_sum(&s.engine().trace()[before..], "repeatedPulls");
    assert!(replayed > 40, "the pulls were not replayed under rollout status: {replayed}");

    // `kubectl get pods -w` stays open while the script sleeps, printing each status change.
    s.exec("kubectl get pods -w", None);
    let before = s.engine().trace().len();
    let out = s.exec("sleep 3600", None);
    assert!(out.text.contains("ImagePullBackOff") && out.text.contains("ErrImagePull"), "{}", out.text);
    assert_eq!(quiet_skip_sum(&s.engine().trace()[before..], "repeatedPulls"), 0, "pulls replayed under a pod watch");
}

/// What a crash-looping Deployment behind a Service leaves: each pod's restart count, the
/// EndpointSlice's endpoints and generation, the Endpoints' subsets, and how much was replayed.
fn crash_service_hours(skips: bool, hours: u64) -> (Vec<(String, i64)>, Value, i64, Value, u64, usize) {
    let mut s = Session::new(7);
    s.engine_mut().set_quiet_skips(skips);
    for line in ["kubectl create deployment web --replicas=2 --image=busybox:1.36 -- sh -c 'sleep 1; exit 1'", "kubectl expose deployment web --port=80"] {
        assert!(!s.exec(line, None).failed, "{line}");
    }
    let before = s.engine().trace().len();
    s.exec(&format!("sleep {}", hours * 3600), None);
    let e = s.engine();
    let trace = &e.trace()[before..];
    let list = |group: &'static str, resource: &'static str| -> Vec<Value> { e.store().list(group, resource, Some("default")).map(|(_, o)| o.to_value()).collect() };
    let mut restarts: Vec<(String, i64)> = list("", "pods").iter().map(|p| (p["metadata"]["name"].as_str().unwrap_or_default().to_string(), p["status"]["containerStatuses"][0]["restartCount"].as_i64().unwrap_or(-1))).collect();
    restarts.sort();
    let slice = list("discovery.k8s.io", "endpointslices").into_iter().find(|o| o["metadata"]["labels"]["kubernetes.io/service-name"] == "web").expect("the Service's slice");
    let endpoints = list("", "endpoints").into_iter().find(|o| o["metadata"]["name"] == "web").expect("the Service's Endpoints");
    (restarts, slice["endpoints"].clone(), slice["metadata"]["generation"].as_i64().unwrap_or(0), endpoints["subsets"].clone(), quiet_skip_sum(trace, "repeatedRestarts"), trace.len())
}

/// A crash loop behind a Service turns the pods' readiness twice a run, and the endpoint
/// controllers write the EndpointSlice and the Endpoints each time: those writes are part of
/// each cycle, so the restarts are still replayed, the endpoints' content left as the cycles
/// leave it, the slice's generation moved on by every turn. Six hours with and without quiet
/// stretches agree: restarts within two, the endpoints (not ready), the generation within 2 %.
#[test]
fn a_crash_loop_behind_a_service_replayed_ends_as_run() {
    let (fast, slow) = (crash_service_hours(true, 6), crash_service_hours(false, 6));
    assert_eq!(slow.4, 0);
    assert!(fast.4 > 80, "the restarts were not replayed: {}", fast.4);
    assert!(fast.5 * 10 < slow.5, "replaying did not save work: {} vs {} reactions", fast.5, slow.5);
    for (f, w) in fast.0.iter().zip(&slow.0) {
        assert_eq!(f.0, w.0);
        assert!((60..=80).contains(&w.1) && f.1.abs_diff(w.1) <= 2, "{f:?} vs {w:?}");
    }
    assert_eq!(fast.1, slow.1);
    assert!(slow.1.as_array().is_some_and(|e| e.len() == 2 && e.iter().all(|e| e["conditions"]["ready"] == false)), "{}", slow.1);
    // Two turns a restart, about 140 restarts: near 280 writes.
    assert!(slow.2 > 250 && fast.2.abs_diff(slow.2) * 50 <= slow.2 as u64, "generation {} vs {}", fast.2, slow.2);
    assert_eq!(fast.3, slow.3);
}

const LIVENESS: &str = "apiVersion: v1
kind: Pod
metadata:
  name: live
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: [\"sh\", \"-c\", \"sleep 3600\"]
    livenessProbe:
      exec: {command: [\"cat\", \"/tmp/healthy\"]}
      periodSeconds: 5
";

/// What some hours of a container its liveness probe keeps killing leave behind.
#[derive(Debug)]
struct LivenessOutcome {
    restarts: i64,
    events: Vec<(String, i64)>,
    last_state: Value,
    /// The attempts the containerd journal created, in order, and the newest on the node.
    created: Vec<i64>,
    newest: i64,
    replayed: u64,
    reactions: usize,
}

fn liveness_hours(skips: bool, hours: u64, seed: u64) -> LivenessOutcome {
    liveness_run(LIVENESS, skips, hours, seed)
}

/// The docs' exec liveness example (`tasks/configure-pod-container`): the probe passes for
/// the first 30 s of each run, then fails.
const DOCS_LIVENESS: &str = "apiVersion: v1
kind: Pod
metadata:
  name: live
spec:
  containers:
  - name: app
    image: registry.k8s.io/busybox:1.27.2
    args: [\"/bin/sh\", \"-c\", \"touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600\"]
    livenessProbe:
      exec: {command: [\"cat\", \"/tmp/healthy\"]}
      initialDelaySeconds: 5
      periodSeconds: 5
";

fn liveness_run(manifest: &str, skips: bool, hours: u64, seed: u64) -> LivenessOutcome {
    let mut s = Session::new(seed);
    s.engine_mut().set_quiet_skips(skips);
    assert!(!s.exec("kubectl apply -f -", Some(manifest)).failed);
    let before = s.engine().trace().len();
    s.exec(&format!("sleep {}", hours * 3600), None);
    let e = s.engine();
    let pod = e.store().list("", "pods", Some("default")).map(|(_, p)| p.to_value()).find(|p| p["metadata"]["name"] == "live").expect("pod");
    let status = pod["status"]["containerStatuses"][0].clone();
    let mut events: Vec<(String, i64)> = e.store().list("", "events", Some("default")).map(|(_, ev)| ev.to_value()).filter(|ev| ev["involvedObject"]["name"] == "live").map(|ev| (ev["reason"].as_str().unwrap_or_default().to_string(), ev["count"].as_i64().unwrap_or(0))).collect();
    events.sort();
    let trace = &e.trace()[before..];
    let replayed = quiet_skip_sum(trace, "repeatedRestarts");
    let reactions = trace.len();
    let node = pod["spec"]["nodeName"].as_str().unwrap_or_default().to_string();
    let ps = s.exec(&format!("podlife node {node} -- crictl ps -a --name app"), None).text;
    let column = ps.lines().next().and_then(|h| h.find("ATTEMPT")).expect("an ATTEMPT column");
    let newest = ps.lines().skip(1).filter_map(|l| l.get(column..)?.split_whitespace().next()?.parse().ok()).max().unwrap_or(-1);
    let journal = s.exec(&format!("podlife node {node} -- journalctl -u containerd --no-pager -n 80"), None).text;
    let created = journal.lines().filter(|l| l.contains("returns container id")).filter_map(|l| l.split("Attempt:").nth(1)?.split(',').next()?.parse().ok()).collect();
    LivenessOutcome { restarts: status["restartCount"].as_i64().unwrap_or(-1), events, last_state: status["lastState"]["terminated"].clone(), created, newest, replayed, reactions }
}

/// A container its liveness probe kills: each cycle is two runs (the first restart after a
/// probe's kill does not wait, `doBackOff` finding no recent exit), each killed after three
/// failed probes and the 30 s grace `sh` ignores SIGTERM for, then five minutes of back-off.
/// The probe ticks on its own period, so each run meets its first probe at another distance
/// from the restart; replayed cycles keep that ticker. Hours with and without quiet stretches
/// end alike.
#[test]
fn a_liveness_probe_crash_loop_replayed_ends_as_run() {
    for seed in [7, 12] {
        let (fast, slow) = (liveness_hours(true, 6, seed), liveness_hours(false, 6, seed));
        // Three failures 5 s apart, then the 30 s grace: 40–46 s from the start.
        assert_liveness_alike(&fast, &slow, 10, 40_000..=46_000);
        // `Killing` and `Created` share the `Normal` spam bucket with `Pulled`: whether one
        // was let through in the last hour (and so has not expired) is a matter of phase,
        // run for real as replayed (six seeds each: present in four to five of six, counts
        // 96–111). `Unhealthy` and `BackOff` share the `Warning` one.
        for reason in ["Killing", "Created"] {
            if let (Some(f), Some(s)) = (event_count(&fast, reason), event_count(&slow, reason)) {
                assert!(f.abs_diff(s) * 5 <= s as u64, "{reason}: {fast:?} vs {slow:?}");
            }
        }
    }
}

fn event_count(o: &LivenessOutcome, reason: &str) -> Option<i64> {
    o.events.iter().find(|(r, _)| r == reason).map(|(_, c)| *c)
}

/// Hours of a liveness crash loop with quiet stretches (`fast`) end as without (`slow`): the
/// restarts replayed and cheaper, the counts within three, `BackOff`, `Unhealthy` and `Pulled`
/// within `percent`, the last run killed (137) after `ran` ms, the journal's attempts one
/// after another up to the newest instance's.
fn assert_liveness_alike(fast: &LivenessOutcome, slow: &LivenessOutcome, percent: u64, ran: std::ops::RangeInclusive<u64>) {
    assert_eq!(slow.replayed, 0);
    assert!(fast.replayed > 50, "the restarts were not replayed: {fast:?}");
    assert!(fast.reactions * 10 < slow.reactions, "replaying did not save work: {} vs {} reactions", fast.reactions, slow.reactions);
    assert!(fast.restarts.abs_diff(slow.restarts) <= 3, "restarts {fast:?} vs {slow:?}");
    for reason in ["BackOff", "Unhealthy", "Pulled"] {
        let (f, s) = (event_count(fast, reason).expect("an event"), event_count(slow, reason).expect("an event"));
        assert!(f.abs_diff(s) * 100 <= s as u64 * percent, "{reason}: {fast:?} vs {slow:?}");
    }
    for o in [fast, slow] {
        assert_eq!(o.last_state["exitCode"], 137, "{o:?}");
        let at = |k: &str| o.last_state[k].as_str().and_then(podlife_engine::Time::from_rfc3339).expect("a time");
        let length = at("finishedAt").millis() - at("startedAt").millis();
        assert!(ran.contains(&length), "{length} ms: {o:?}");
        assert!(o.created.len() >= 4, "{o:?}");
        for pair in o.created.windows(2) {
            assert_eq!(pair[1], pair[0] + 1, "{o:?}");
        }
        assert!(o.newest == o.restarts || o.newest == o.restarts - 1, "{o:?}");
    }
}


/// What some hours of a Deployment whose pods crash leave of its `Available` condition: the
/// seconds since it last turned, how many restarts were replayed, and the reactions.
fn available_hours(skips: bool, hours: u64, seed: u64, command: &str) -> (i64, String, u64, usize) {
    let mut s = Session::new(seed);
    s.engine_mut().set_quiet_skips(skips);
    assert!(!s.exec(&format!("kubectl create deployment web --replicas=2 --image=busybox:1.36 -- {command}"), None).failed);
    if command.contains("3600") {
        let probe = r#"[{"op":"add","path":"/spec/template/spec/containers/0/livenessProbe","value":{"exec":{"command":["cat","/tmp/healthy"]},"periodSeconds":5}}]"#;
        assert!(!s.exec(&format!("kubectl patch deployment web --type=json -p '{probe}'"), None).failed);
    }
    let before = s.engine().trace().len();
    s.exec(&format!("sleep {}", hours * 3600), None);
    let e = s.engine();
    let trace = &e.trace()[before..];
    let deployment = e.store().list("apps", "deployments", Some("default")).map(|(_, o)| o.to_value()).next().expect("the Deployment");
    let available = deployment["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "Available")).cloned().unwrap_or_default();
    let since = available["lastTransitionTime"].as_str().and_then(podlife_engine::Time::from_rfc3339).map_or(i64::MAX, |t| (e.now().millis() as i64 - t.millis() as i64) / 1000);
    (since, available["status"].as_str().unwrap_or_default().to_string(), quiet_skip_sum(trace, "repeatedRestarts"), trace.len())
}

/// Two replicas of a Deployment its liveness probe kills, created together, run in step: in
/// most cycles both are ready at once, and each time the Deployment turns `Available` (two of
/// two: `maxUnavailable` 25 % of 2 rounds down to none) and back. A replay cannot redo those
/// turns, so it ends before the first (`kubelet/restarts.rs`, `ready_limit`), and they run
/// for real: six hours with quiet stretches leave the condition as recently turned as six
/// hours without (a replay over them would leave a turn hours old), with less work.
#[test]
fn a_deployments_pods_ready_at_once_run_for_real() {
    for seed in [3, 7] {
        let command = "sh -c 'sleep 3600'";
        let (fast, slow) = (available_hours(true, 6, seed, command), available_hours(false, 6, seed, command));
        assert_eq!(slow.2, 0);
        assert!(slow.0 < 900 && fast.0 < 900, "seed {seed}: Available last turned {}s and {}s before the end", fast.0, slow.0);
        assert!(fast.3 * 2 < slow.3, "seed {seed}: stretches did not save work: {} vs {} reactions", fast.3, slow.3);
    }
}

/// The docs' exec liveness example: each run's probe passes for 30 s, then fails three times,
/// and the kill waits out the 30 s grace `sh` ignores SIGTERM for (a run of 75 s); at the
/// 5-minute cap a cycle is two runs. Which tick fails first depends on each run's phase
/// against the probe's ticker, so a replay places it from what the cycles told of the moment
/// the probe starts failing (`ProbeAnchor::fail_window`). Six hours with and without quiet
/// stretches end alike: restarts within three, the events within 12 % (their stored counts
/// are those of the last update the spam filter let through), the last run, the journal.
#[test]
fn the_docs_liveness_example_replayed_ends_as_run() {
    for seed in [2, 3] {
        let (fast, slow) = (liveness_run(DOCS_LIVENESS, true, 6, seed), liveness_run(DOCS_LIVENESS, false, 6, seed));
        // 30 s passing, the first failing tick within a period, two more, the 30 s grace.
        assert_liveness_alike(&fast, &slow, 12, 70_000..=76_000);
    }
}

//! Quiet stretches (`podlife_engine::quiet`) change how much work an idle period costs, never
//! what happens in it. The same hour — a pod behind a Service with passing probes, a pod in a
//! crash loop, three nodes heartbeating — runs with and without them: restarts, statuses,
//! readiness, endpoints, Leases and heartbeats agree, and the skipping run does a fraction of
//! the work. (Timer phases and the random stream differ once a stretch is skipped, so
//! restart moments may move by the kubelet's jitter, never the count by more than one.)

use podlife_console::Session;
use serde_json::Value;

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
    let pod = |name: &str| e.store().list("", "pods", Some("default")).map(|(_, p)| p.clone()).find(|p| p["metadata"]["name"] == name).expect("pod");
    let status = |p: &Value| p["status"]["containerStatuses"][0].clone();
    let crasher = status(&pod("crasher"));
    let web = pod("web");
    let reason = crasher["state"]["waiting"]["reason"].as_str().or(crasher["state"]["terminated"]["reason"].as_str()).unwrap_or("running").to_string();
    let age = |t: &Value| t.as_str().and_then(podlife_engine::Time::from_rfc3339).map_or(i64::MAX, |t| (now.millis() as i64 - t.millis() as i64) / 1000);
    let leases: Vec<i64> = e.store().list("coordination.k8s.io", "leases", Some("kube-node-lease")).map(|(_, l)| age(&l["spec"]["renewTime"])).collect();
    let nodes: Vec<Value> = e.store().list("", "nodes", None).map(|(_, n)| n.clone()).collect();
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

//! A rolling update of 10 replicas keeps its bounds at every moment, not only where a
//! transcript looks: at 25 % / 25 % never fewer than 8 ready pods nor more than 13 running
//! ones; with `maxSurge: 0` the ReplicaSets never ask for more than 10. Checked after every
//! engine step, over eight seeds.
//!
//! The deployment controller bounds the ReplicaSets' `spec.replicas` (`NewRSNewReplicas` sums
//! them), not the pods: when it scales the old ReplicaSet down and, in its next sync, the new
//! one up, the two ReplicaSet syncs race — the new pod may be created a few milliseconds
//! before the old one is deleted, in podlife as in a real cluster. So with `maxSurge: 0` the
//! pods may pass 10 by one for that moment.

use podlife_console::Session;

fn deployment(surge: &str) -> String {
    format!(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 10\n  strategy:\n    rollingUpdate:\n      maxSurge: {surge}\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n"
    )
}

/// (min ready, max running, max sum of the ReplicaSets' spec.replicas) seen while the
/// rollout runs; whether it finished.
fn extremes(seed: u64, surge: &str) -> (usize, usize, i64, bool) {
    let mut s = Session::new(seed);
    assert!(!s.exec("kubectl apply -f -", Some(&deployment(surge))).failed);
    s.exec("sleep 30", None);
    assert!(!s.exec("kubectl set image deployment/web nginx=nginx:1.28", None).failed);
    let (mut min_ready, mut max_running, mut max_asked) = (usize::MAX, 0, 0);
    let end = s.engine().now().plus_millis(120_000);
    let engine = s.engine_mut();
    while engine.step_until(end) {
        let pods: Vec<_> = engine.store().list("", "pods", Some("default")).map(|(_, p)| p.to_value()).collect();
        let running = pods.iter().filter(|p| p["metadata"]["deletionTimestamp"].is_null()).count();
        let ready = pods
            .iter()
            .filter(|p| p["metadata"]["deletionTimestamp"].is_null())
            .filter(|p| p["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True")))
            .count();
        let asked: i64 = engine.store().list("apps", "replicasets", Some("default")).filter_map(|(_, r)| r["spec"]["replicas"].as_i64()).sum();
        min_ready = min_ready.min(ready);
        max_running = max_running.max(running);
        max_asked = max_asked.max(asked);
    }
    let done = s.exec("kubectl rollout status deployment/web --watch=false", None).text.contains("successfully rolled out");
    (min_ready, max_running, max_asked, done)
}

#[test]
fn rolling_update_stays_between_8_available_and_13_total() {
    for seed in 1..=8 {
        let (min_ready, max_running, max_asked, done) = extremes(seed, "25%");
        assert!(done, "seed {seed}: not rolled out");
        assert!(max_asked <= 13, "seed {seed}: ReplicaSets asked for {max_asked}");
        assert!(min_ready >= 8, "seed {seed}: only {min_ready} ready");
        assert!(max_running <= 13, "seed {seed}: {max_running} running");
        assert_eq!(max_running, 13, "seed {seed}: the surge is used");
    }
}

#[test]
fn max_surge_zero_never_exceeds_the_replicas() {
    for seed in 1..=8 {
        let (min_ready, max_running, max_asked, done) = extremes(seed, "0");
        assert!(done, "seed {seed}: not rolled out");
        assert!(min_ready >= 8, "seed {seed}: only {min_ready} ready");
        assert_eq!(max_asked, 10, "seed {seed}: ReplicaSets asked for {max_asked}");
        assert!(max_running <= 11, "seed {seed}: {max_running} running");
    }
}

/// Other rollouts of the same shape keep the same floor: images that start at different
/// speeds, small requests, a readiness probe with an initial delay, and updates made by
/// `rollout restart` and `set resources` rather than `set image`. After every engine step,
/// no fewer than 8 pods are ready, and a pod's Ready condition agrees with its containers'
/// `ready` (kubectl's READY column): the controllers count the first, a learner the second.
#[test]
fn other_rollouts_keep_8_ready_and_ready_agrees_with_the_containers() {
    const PROBE: &str = "\n        readinessProbe:\n          httpGet: {path: /, port: 80}\n          initialDelaySeconds: 3\n          periodSeconds: 2";
    let cases: [(&str, &str, &str); 5] = [
        ("nginx:1.27", "", "kubectl set image deployment/web c=nginx:1.28"),
        ("nginx:1.27", "", "kubectl rollout restart deployment/web"),
        ("nginx:1.27", PROBE, "kubectl set resources deployment/web -c c --requests=cpu=20m"),
        ("busybox:1.36", "\n        command: [sleep, '3600']", "kubectl set image deployment/web c=busybox:1.37"),
        ("httpd:2.4", "", "kubectl set image deployment/web c=nginx:1.28"),
    ];
    for (image, extra, update) in cases {
        let manifest = format!(
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 10\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: c\n        image: {image}\n        resources:\n          requests: {{cpu: 10m, memory: 16Mi}}{extra}\n"
        );
        for seed in 1..=3 {
            let mut s = Session::new(seed);
            assert!(!s.exec("kubectl apply -f -", Some(&manifest)).failed);
            s.exec("sleep 40", None);
            assert!(!s.exec(update, None).failed, "{update}");
            let end = s.engine().now().plus_millis(150_000);
            let engine = s.engine_mut();
            while engine.step_until(end) {
                let mut ready = 0;
                for (_, p) in engine.store().list("", "pods", Some("default")) {
                    let condition = p["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True"));
                    let containers = p["status"]["containerStatuses"].as_array().is_some_and(|cs| !cs.is_empty() && cs.iter().all(|c| c["ready"] == true));
                    assert_eq!(condition, containers, "{image} / {update}, seed {seed}, at {:?}: {}", engine.now(), p["metadata"]["name"]);
                    if condition && p["metadata"]["deletionTimestamp"].is_null() {
                        ready += 1;
                    }
                }
                assert!(ready >= 8, "{image} / {update}, seed {seed}, at {:?}: only {ready} ready", engine.now());
            }
            let status = s.exec("kubectl rollout status deployment/web --watch=false", None).text;
            assert!(status.contains("successfully rolled out"), "{image} / {update}, seed {seed}: {status}");
        }
    }
}

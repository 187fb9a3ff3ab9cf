//! Property tests: whatever a learner types at the console, or pipes in as a manifest, gets
//! an answer and never a panic.

use podlife_console::Session;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_kubectl_lines(words in prop::collection::vec("[-a-z=/,.:0-9A-Z\"']{0,12}", 0..6)) {
        let mut s = Session::new(1);
        let line = format!("kubectl {}", words.join(" "));
        let _ = s.exec(&line, None);
    }

    /// Shell syntax around kubectl (variables, substitutions, pipes, loops, here-documents):
    /// an answer, never a panic or a hang.
    #[test]
    fn arbitrary_shell_lines(words in prop::collection::vec("(kubectl|get|pods|echo|grep|wc|-l|\\$X|X=1|\\$\\(|\\)|\\||;|&&|<<EOF|'|\"|for|do|done|sleep|1|base64|-d|>|f)", 0..10)) {
        let mut s = Session::new(1);
        let line = words.join(" ");
        let _ = s.exec(&line, None);
        let _ = s.exec(&format!("{line}\nEOF\n"), Some("a\n"));
    }

    #[test]
    fn arbitrary_manifests(kind in "(Pod|Node|Namespace|Deployment|Service|ConfigMap|Pdo)",
                           field in "[a-zA-Z]{1,8}", value in "[-a-z0-9:{}\\[\\]\" ]{0,12}") {
        let mut s = Session::new(1);
        let apiv = if kind == "Deployment" { "apps/v1" } else { "v1" };
        let text = format!("apiVersion: {apiv}\nkind: {kind}\nmetadata:\n  name: x\nspec:\n  {field}: {value}\n  containers:\n  - name: c\n    image: i\n");
        let _ = s.exec("kubectl apply -f -", Some(&text));
        let _ = s.exec("kubectl create -f -", Some(&text));
        let _ = s.exec("kubectl get all", None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A scheduler configuration with arbitrary values where numbers, names and lists go; after
    /// it, pods still get scheduled or wait, and volumes and claims are read without a panic.
    #[test]
    fn arbitrary_scheduler_configurations(
        pct in "(-?[0-9]{1,4}|x|\\[\\]|)",
        backoff in "(-?[0-9]{1,3}|null|\"a\")",
        name in "[a-z-]{0,8}",
        plugin in "(NodeResourcesFit|ImageLocality|VolumeBinding|PrioritySort|DefaultBinder|\\*|Foo|)",
        point in "(multiPoint|score|filter|queueSort|bind|postFilter|preFilter)",
        list in "(enabled|disabled)",
        weight in "(-?[0-9]{1,3}|)",
        strategy in "(LeastAllocated|MostAllocated|RequestedToCapacityRatio|Foo|)",
        u in "-?[0-9]{1,3}", sc in "-?[0-9]{1,2}",
    ) {
        let mut s = Session::new(1);
        let text = format!(
            "apiVersion: kubescheduler.config.k8s.io/v1\nkind: KubeSchedulerConfiguration\npercentageOfNodesToScore: {pct}\npodInitialBackoffSeconds: {backoff}\nprofiles:\n- schedulerName: {name}\n  plugins:\n    {point}:\n      {list}:\n      - name: {plugin}\n        weight: {weight}\n  pluginConfig:\n  - name: NodeResourcesFit\n    args:\n      scoringStrategy:\n        type: {strategy}\n        requestedToCapacityRatio:\n          shape:\n          - utilization: {u}\n            score: {sc}\n"
        );
        let _ = s.exec("podlife scheduler config -f -", Some(&text));
        let pod = format!("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  schedulerName: {}\n  containers:\n  - name: c\n    image: nginx:1.27\n  volumes:\n  - name: d\n    persistentVolumeClaim:\n      claimName: d\n", if name.is_empty() { "default-scheduler" } else { &name });
        let claim = "apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: d\nspec:\n  accessModes: [ReadWriteOncePod]\n  resources:\n    requests:\n      storage: 1Gi\n";
        let _ = s.exec("kubectl apply -f -", Some(&pod));
        let _ = s.exec("kubectl apply -f -", Some(claim));
        let _ = s.exec("sleep 20", None);
        let _ = s.exec("kubectl describe pvc d", None);
        let _ = s.exec("kubectl get events -o wide", None);
    }
}

/// One container of a generated pod: an image, maybe a shell command, maybe probes and hooks.
fn container_yaml(name: &str, image: &str, script: &Option<String>, probe: u8, hook: u8, memory: &Option<u32>) -> String {
    let mut c = format!("  - name: {name}\n    image: {image}\n");
    if let Some(sc) = script {
        c.push_str(&format!("    command: [\"sh\", \"-c\", {sc:?}]\n"));
    }
    match probe % 5 {
        1 => c.push_str("    livenessProbe:\n      httpGet:\n        path: /healthz\n        port: 8080\n      periodSeconds: 3\n"),
        2 => c.push_str("    readinessProbe:\n      tcpSocket:\n        port: 80\n      periodSeconds: 2\n"),
        3 => c.push_str("    startupProbe:\n      exec:\n        command: [\"cat\", \"/tmp/ok\"]\n      periodSeconds: 1\n      failureThreshold: 5\n"),
        4 => c.push_str("    livenessProbe:\n      exec:\n        command: [\"sh\", \"-c\", \"sleep 2; exit 1\"]\n      periodSeconds: 2\n      failureThreshold: 1\n"),
        _ => {}
    }
    match hook % 4 {
        1 => c.push_str("    lifecycle:\n      preStop:\n        sleep:\n          seconds: 3\n"),
        2 => c.push_str("    lifecycle:\n      postStart:\n        exec:\n          command: [\"sh\", \"-c\", \"exit 1\"]\n"),
        3 => c.push_str("    lifecycle:\n      preStop:\n        httpGet:\n          path: /\n          port: 80\n"),
        _ => {}
    }
    if let Some(mb) = memory {
        c.push_str(&format!("    resources:\n      limits:\n        memory: {mb}Mi\n"));
    }
    c
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Random pods (images, shell scripts, probes, hooks, init containers, sidecars, restart
    /// policies, memory limits) live through minutes of simulated time, deletes, node and
    /// containerd failures, with logs/exec/describe along the way: nothing panics.
    #[test]
    fn random_pods_live_and_die(
        images in prop::collection::vec("(nginx:1.27|busybox:1.36|registry.podlife.dev/app:1.0|postgres:17|polinux/stress|nginx:1.99|Bad:Name|redis:7)", 1..4),
        scripts in prop::collection::vec(prop::option::of("(sleep 5|exit 3|echo hi; sleep 1|trap 'exit 0' TERM; sleep 100 & wait|until nc -z web 80; do sleep 1; done|while true; do sleep 1; done|touch /tmp/ok; sleep 30|wget -q -O- http://localhost:80/|cat /nope|\\)\\(|kill -TERM \\$\\$|[a-z ;&|]{0,20})"), 1..4),
        probes in prop::collection::vec(0u8..5, 1..4),
        hooks in prop::collection::vec(0u8..4, 1..4),
        memory in prop::option::of(1u32..300),
        policy in "(Always|OnFailure|Never)",
        sidecar in any::<bool>(),
        init in any::<bool>(),
        actions in prop::collection::vec(0u8..8, 1..6),
    ) {
        let mut s = Session::new(3);
        let mut yaml = format!("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels:\n    app: web\nspec:\n  restartPolicy: {policy}\n");
        if init || sidecar {
            yaml.push_str("  initContainers:\n");
            if init {
                yaml.push_str(&container_yaml("init", "busybox:1.36", &scripts.first().cloned().flatten(), 0, 0, &None));
            }
            if sidecar {
                yaml.push_str(&container_yaml("side", "busybox:1.36", &Some("while true; do sleep 1; done".into()), probes[0], 0, &None));
                yaml.push_str("    restartPolicy: Always\n");
            }
        }
        yaml.push_str("  containers:\n");
        for (i, image) in images.iter().enumerate() {
            let script = scripts.get(i).cloned().flatten();
            yaml.push_str(&container_yaml(&format!("c{i}"), image, &script, probes.get(i).copied().unwrap_or(0), hooks.get(i).copied().unwrap_or(0), &memory));
        }
        let _ = s.exec("kubectl apply -f -", Some(&yaml));
        for a in actions {
            let line = match a {
                0 => "sleep 20",
                1 => "kubectl delete pod p --wait=false",
                2 => "kubectl logs p --all-containers",
                3 => "kubectl exec p -- sh -c 'echo x > /tmp/y; cat /tmp/y'",
                4 => "podlife restart containerd --node worker-1",
                5 => "podlife node down worker-2",
                6 => "kubectl delete pod p --force --grace-period=0",
                _ => "kubectl describe pod p",
            };
            let _ = s.exec(line, None);
            let _ = s.exec("sleep 7", None);
        }
        let _ = s.exec("podlife node up worker-2", None);
        let _ = s.exec("sleep 120", None);
        let _ = s.exec("kubectl get pods -o yaml", None);
    }
}

/// A value-taking global flag with nothing after it (found by `arbitrary_kubectl_lines`).
#[test]
fn global_flag_without_its_value() {
    let mut s = Session::new(1);
    assert_eq!(s.exec("kubectl -n", None).text, "error: flag needs an argument: 'n' in -n\nSee 'kubectl --help' for usage.\n");
    assert_eq!(s.exec("kubectl --namespace", None).text, "error: flag needs an argument: --namespace\nSee 'kubectl --help' for usage.\n");
}

/// `kubectl wait` with an enormous timeout is refused at once instead of simulating years.
#[test]
fn wait_timeout_is_bounded() {
    let mut s = Session::new(1);
    let out = s.exec("kubectl wait --for=condition=Ready pod/none --timeout=100000h", None);
    assert_eq!(out.text, "error: podlife waits at most 604800 seconds at once\n");
}

/// A script whose output would fill gigabytes (issue 16, E17: 10,000 × `get pods -o yaml`)
/// stops after the command that passed the transcript's limit, and says so.
#[test]
fn a_transcript_past_its_limit_stops_with_a_stated_line() {
    let mut script = String::from("# 588,895 bytes each\n");
    for _ in 0..40 {
        script.push_str("seq 1 100000\n\n");
    }
    let t = podlife_console::script::run(&script, Session::new(1)).expect("runs");
    let ran = t.text.matches("$ seq 1 100000").count();
    assert_eq!(ran, 29, "16 MiB / 588,895 B: the 29th command passes the limit");
    assert!(t.text.ends_with("100000\npodlife stopped after the command on line 58: the transcript reached its limit of 16 MiB; the 11 command(s) after it did not run\n"), "{}", &t.text[t.text.len() - 300..]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// `kubectl expose` with arbitrary flag values on a pod, a Service and a Deployment, then
    /// the describers of what it made.
    #[test]
    fn arbitrary_expose_flags(kind in "(pod|svc|deploy|node|rs|po/web|)",
                              words in prop::collection::vec("(--port|--target-port|--protocol|--name|--type|--selector|-l|--cluster-ip|--session-affinity|--external-ip|--dry-run|-o)=[-a-zA-Z0-9=,:/]{0,10}", 0..4)) {
        let mut s = Session::new(1);
        let pod = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labels:\n    app: web\nspec:\n  containers:\n  - name: c\n    image: nginx:1.27\n    ports:\n    - containerPort: 80\n    - containerPort: 80\n      protocol: UDP\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {}\n  ports:\n  - port: 80\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchExpressions:\n    - {key: app, operator: Exists}\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      - name: c\n        image: nginx:1.27\n";
        let _ = s.exec("kubectl apply -f -", Some(pod));
        let name = if kind.contains('/') || kind.is_empty() { "" } else { " web" };
        let _ = s.exec(&format!("kubectl expose {kind}{name} {}", words.join(" ")), None);
        let _ = s.exec("kubectl describe svc", None);
        let _ = s.exec("kubectl describe endpointslices", None);
        let _ = s.exec("kubectl describe endpoints", None);
    }
}

//! The sandbox's free stories (the web app's scenario picker), as data: what the editor opens with, what runs before
//! the learner's Apply, and how long the app lets the cluster run to tell the story.
//!
//! Each scenario lives in `scenarios/<id>/`: an optional `setup.sh` (a podlife script, see
//! the brief's "Scripts") and the manifests shown as the editor's tabs. Titles and
//! introductions are translations, not data: `static/i18n/{en,ko}/scenarios.ftl` holds
//! `scenario-<id>-title` and `scenario-<id>-intro` for every id here.

/// One built-in scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scenario {
    /// Kebab-case, stable forever: share links carry it.
    pub id: &'static str,
    /// A podlife script run before the learner's Apply (may be empty); its output goes to
    /// the app's console.
    pub setup: &'static str,
    /// The editor's tabs, in order.
    pub files: &'static [File],
    /// How much virtual time after Apply the app runs to show the story.
    pub horizon_seconds: u32,
    /// Console commands the introduction suggests next (may be empty).
    pub after_apply: &'static [&'static str],
}

/// One editor tab: a file name and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct File {
    pub name: &'static str,
    pub text: &'static str,
}

/// The scenario the app opens with.
pub const DEFAULT_ID: &str = "nginx";

macro_rules! file {
    ($id:literal, $name:literal) => {
        File { name: $name, text: include_str!(concat!("../scenarios/", $id, "/", $name)) }
    };
}

static SCENARIOS: &[Scenario] = &[
    // The default page: one nginx pod from Apply to Running.
    Scenario {
        id: "nginx",
        setup: "",
        files: &[file!("nginx", "nginx.yaml")],
        horizon_seconds: 30,
        after_apply: &["kubectl delete pod nginx"],
    },
    // Pending: no node has 6Gi of memory to spare (FailedScheduling: Insufficient memory).
    Scenario {
        id: "insufficient-memory",
        setup: "",
        files: &[file!("insufficient-memory", "cache.yaml")],
        horizon_seconds: 10,
        after_apply: &["kubectl describe pod cache"],
    },
    // Pending: both workers are tainted; the pod without a toleration waits, the one with
    // it runs; removing one taint lets the scheduler place the waiting pod.
    Scenario {
        id: "untolerated-taint",
        setup: include_str!("../scenarios/untolerated-taint/setup.sh"),
        files: &[file!("untolerated-taint", "web.yaml"), file!("untolerated-taint", "report.yaml")],
        horizon_seconds: 10,
        after_apply: &["kubectl taint nodes worker-2 dedicated=batch:NoSchedule-"],
    },
    // ErrImagePull, then ImagePullBackOff with a doubling back-off (a tag that does not exist).
    Scenario {
        id: "image-pull-backoff",
        setup: "",
        files: &[file!("image-pull-backoff", "web.yaml")],
        horizon_seconds: 90,
        after_apply: &["kubectl describe pod web"],
    },
    // A container that exits 1 at once: restarts with the crash-loop back-off (10 s, 20 s, 40 s …).
    Scenario {
        id: "crash-loop-backoff",
        setup: "",
        files: &[file!("crash-loop-backoff", "api.yaml")],
        horizon_seconds: 180,
        // At 180 s the fifth crash is seconds old: STATUS reads Error, the dead container is
        // still the current one, and the one before it is gone (the container GC keeps one).
        after_apply: &["kubectl logs api"],
    },
    // The cgroup's OOM killer ends a container past its memory limit (exit 137, OOMKilled).
    Scenario {
        id: "oom-killed",
        setup: "",
        files: &[file!("oom-killed", "memory-hog.yaml")],
        horizon_seconds: 60,
        after_apply: &["kubectl describe pod memory-hog"],
    },
    // An init container holds the app (Init:0/1) until postgres behind its Service is ready
    // (`until nc -z postgres-svc 5432`). Until kube-proxy and the EndpointSlice controller
    // exist, podlife routes a Service to its ready pods as etcd has them; when they arrive,
    // the wait grows by their propagation delay and the golden changes with it.
    Scenario {
        id: "init-container-wait",
        setup: "",
        files: &[file!("init-container-wait", "myapp.yaml"), file!("init-container-wait", "postgres.yaml")],
        horizon_seconds: 40,
        after_apply: &["kubectl logs myapp -c wait-for-postgres"],
    },
    // A native sidecar (restartPolicy: Always init container) lets a pod complete; the same
    // shipper as a regular container keeps it NotReady for ever.
    Scenario {
        id: "native-sidecar",
        setup: "",
        files: &[file!("native-sidecar", "native.yaml"), file!("native-sidecar", "classic.yaml")],
        horizon_seconds: 30,
        after_apply: &["kubectl logs native-sidecar -c log-shipper"],
    },
    // A failing readiness probe takes the pod out of service; a failing liveness probe
    // restarts the container.
    Scenario {
        id: "readiness-vs-liveness",
        setup: "",
        files: &[file!("readiness-vs-liveness", "not-ready.yaml"), file!("readiness-vs-liveness", "unhealthy.yaml")],
        horizon_seconds: 60,
        after_apply: &["kubectl get events --field-selector reason=Unhealthy"],
    },
    // The endpoint race: traffic to two Services; a pod deleted from each. Without preStop
    // some requests fail while kube-proxy catches up on every node; with a 5 s preStop sleep
    // none does. (web-safe-2 goes first: a kube-proxy still busy with one sync takes longer
    // for the next, which a 5 s preStop may not cover.)
    Scenario {
        id: "endpoint-race",
        setup: "",
        files: &[file!("endpoint-race", "web.yaml"), file!("endpoint-race", "web-safe.yaml")],
        horizon_seconds: 30,
        after_apply: &[
            "podlife traffic svc/web --rps 50 --for 30s",
            "podlife traffic svc/web-safe --rps 50 --for 30s",
            "kubectl delete pod web-safe-2",
            "kubectl delete pod web-2",
        ],
    },
    // A Deployment's rolling update behind a Service, with traffic: the ReplicaSets trade
    // pods within maxSurge/maxUnavailable, and every old pod leaving is an endpoint race.
    Scenario {
        id: "rolling-update",
        setup: "",
        files: &[file!("rolling-update", "web.yaml")],
        horizon_seconds: 30,
        after_apply: &["podlife traffic svc/web --rps 50 --for 60s", "kubectl set image deployment/web nginx=nginx:1.28", "kubectl rollout status deployment/web"],
    },
    // A StatefulSet under OrderedReady: db-1 only after db-0 is Ready, and so on; scaling
    // down goes from the highest ordinal.
    Scenario {
        id: "statefulset-order",
        setup: "",
        files: &[file!("statefulset-order", "db.yaml")],
        horizon_seconds: 40,
        after_apply: &["kubectl get pods -l app=db", "kubectl scale statefulset db --replicas=1"],
    },
    // A Job that fails: new pods after 10 s and 20 s of back-off, then FailureTarget and
    // Failed (BackoffLimitExceeded) once backoffLimit is exceeded.
    Scenario {
        id: "job-backoff",
        setup: "",
        files: &[file!("job-backoff", "migrate.yaml")],
        horizon_seconds: 60,
        after_apply: &["kubectl get pods", "kubectl describe job migrate"],
    },
    // Graceful termination: exec form gets SIGTERM and exits in a second; shell form's sh
    // (PID 1) drops it, so the app dies by SIGKILL after the 30 s grace period.
    Scenario {
        id: "pid1-termination",
        setup: "",
        files: &[file!("pid1-termination", "shell-form.yaml"), file!("pid1-termination", "exec-form.yaml")],
        horizon_seconds: 10,
        after_apply: &["kubectl delete pod exec-form", "kubectl delete pod shell-form"],
    },
    // Scale: a Deployment of 1,000 replicas on twenty nodes, the run computed in the
    // background with its progress shown (the web app's worker) and then stepped and scrubbed.
    Scenario {
        id: "thousand-pods",
        setup: include_str!("../scenarios/thousand-pods/setup.sh"),
        files: &[file!("thousand-pods", "web.yaml")],
        horizon_seconds: 30,
        after_apply: &["kubectl get deployment web", "kubectl get pods -o wide --field-selector spec.nodeName=worker-7"],
    },
];

/// Every scenario, in the picker's order; the default first.
pub fn all() -> &'static [Scenario] {
    SCENARIOS
}

/// The scenario with this id.
pub fn by_id(id: &str) -> Option<&'static Scenario> {
    SCENARIOS.iter().find(|s| s.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_kebab_case_and_the_default_comes_first() {
        assert_eq!(all().first().map(|s| s.id), Some(DEFAULT_ID));
        let mut seen = std::collections::BTreeSet::new();
        for s in all() {
            assert!(seen.insert(s.id), "duplicate id {}", s.id);
            let kebab = !s.id.is_empty()
                && s.id.split('-').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
                && s.id.starts_with(|c: char| c.is_ascii_lowercase());
            assert!(kebab, "not kebab-case: {}", s.id);
            assert_eq!(by_id(s.id), Some(s));
        }
        assert_eq!(by_id("no-such-scenario"), None);
    }

    #[test]
    fn every_scenario_has_files_and_a_horizon() {
        for s in all() {
            assert!(!s.files.is_empty(), "{} has no files", s.id);
            assert!(s.horizon_seconds > 0, "{} has no horizon", s.id);
            let mut names = std::collections::BTreeSet::new();
            for f in s.files {
                assert!(names.insert(f.name), "{}: two tabs named {}", s.id, f.name);
                assert!(f.name.ends_with(".yaml"), "{}: {}", s.id, f.name);
                assert!(!f.text.trim().is_empty(), "{}: {} is empty", s.id, f.name);
            }
        }
    }
}

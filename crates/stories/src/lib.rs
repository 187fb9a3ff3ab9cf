//! The sandbox's free stories (the web app's scenario picker), as data: what the editor opens with, what runs before
//! the learner's Apply, and how long the app lets the cluster run to tell the story.
//!
//! Each scenario lives in `scenarios/<id>/`: an optional `setup.sh` (a podlife script, see
//! the brief's "Scripts") and the manifests shown as the editor's tabs. Titles and
//! introductions are translations, not data: `static/i18n/{en,ko}/scenarios.ftl` holds
//! `scenario-<id>-title` and `scenario-<id>-intro` for every id here.
//!
//! The built-in comparisons of two variants of a story (issue 21: scripts and both languages'
//! words, side by side in `comparisons/<id>/`) are in [`comparisons`].

pub mod comparisons;

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

/// The default scenario's files, for the page's editor before the worker has loaded (the
/// page carries no other story's texts: see `Pick`).
pub static DEFAULT_FILES: &[File] = &[File { name: "nginx.yaml", text: include_str!("../scenarios/nginx/nginx.yaml") }];

/// A scenario's entry in the picker: what the page needs without the files' texts, which
/// the worker sends when it opens the scenario (they would weigh in both wasm modules).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pick {
    pub id: &'static str,
    /// As `Scenario::after_apply`.
    pub after_apply: &'static [&'static str],
}

/// Both tables from one list, so the picker cannot drift from the scenarios.
macro_rules! stories {
    ($( $id:literal { $(setup: $setup:literal,)? files: [$($file:literal),+ $(,)?], horizon_seconds: $horizon:literal, after_apply: [$($after:literal),* $(,)?], } ),+ $(,)?) => {
        static SCENARIOS: &[Scenario] = &[$(
            Scenario {
                id: $id,
                setup: stories!(@setup $id $($setup)?),
                files: &[$(File { name: $file, text: include_str!(concat!("../scenarios/", $id, "/", $file)) }),+],
                horizon_seconds: $horizon,
                after_apply: &[$($after),*],
            },
        )+];
        static PICKS: &[Pick] = &[$(Pick { id: $id, after_apply: &[$($after),*] },)+];
    };
    (@setup $id:literal) => { "" };
    (@setup $id:literal $setup:literal) => { include_str!(concat!("../scenarios/", $id, "/", $setup)) };
}

stories! {
    // The default page: one nginx pod from Apply to Running.
    "nginx" {
        files: ["nginx.yaml"],
        horizon_seconds: 30,
        after_apply: ["kubectl delete pod nginx"],
    },
    // Pending: no node has 6Gi of memory to spare (FailedScheduling: Insufficient memory).
    "insufficient-memory" {
        files: ["cache.yaml"],
        horizon_seconds: 10,
        after_apply: ["kubectl describe pod cache"],
    },
    // Pending: both workers are tainted; the pod without a toleration waits, the one with
    // it runs; removing one taint lets the scheduler place the waiting pod.
    "untolerated-taint" {
        setup: "setup.sh",
        files: ["web.yaml", "report.yaml"],
        horizon_seconds: 10,
        after_apply: ["kubectl taint nodes worker-2 dedicated=batch:NoSchedule-"],
    },
    // ErrImagePull, then ImagePullBackOff with a doubling back-off (a tag that does not exist).
    "image-pull-backoff" {
        files: ["web.yaml"],
        horizon_seconds: 90,
        after_apply: ["kubectl describe pod web"],
    },
    // A container that exits 1 at once: restarts with the crash-loop back-off (10 s, 20 s, 40 s …).
    "crash-loop-backoff" {
        files: ["api.yaml"],
        horizon_seconds: 180,
        // At 180 s the fifth crash is seconds old: STATUS reads Error, the dead container is
        // still the current one, and the one before it is gone (the container GC keeps one).
        after_apply: ["kubectl logs api"],
    },
    // The cgroup's OOM killer ends a container past its memory limit (exit 137, OOMKilled).
    "oom-killed" {
        files: ["memory-hog.yaml"],
        horizon_seconds: 60,
        after_apply: ["kubectl describe pod memory-hog"],
    },
    // An init container holds the app (Init:0/1) until postgres behind its Service is ready
    // (`until nc -z postgres-svc 5432`). Until kube-proxy and the EndpointSlice controller
    // exist, podlife routes a Service to its ready pods as etcd has them; when they arrive,
    // the wait grows by their propagation delay and the golden changes with it.
    "init-container-wait" {
        files: ["myapp.yaml", "postgres.yaml"],
        horizon_seconds: 40,
        after_apply: ["kubectl logs myapp -c wait-for-postgres"],
    },
    // A native sidecar (restartPolicy: Always init container) lets a pod complete; the same
    // shipper as a regular container keeps it NotReady for ever.
    "native-sidecar" {
        files: ["native.yaml", "classic.yaml"],
        horizon_seconds: 30,
        after_apply: ["kubectl logs native-sidecar -c log-shipper"],
    },
    // A failing readiness probe takes the pod out of service; a failing liveness probe
    // restarts the container.
    "readiness-vs-liveness" {
        files: ["not-ready.yaml", "unhealthy.yaml"],
        horizon_seconds: 60,
        after_apply: ["kubectl get events --field-selector reason=Unhealthy"],
    },
    // The endpoint race: traffic to two Services; a pod deleted from each. Without preStop
    // some requests fail while kube-proxy catches up on every node; with a 5 s preStop sleep
    // none does. (web-safe-2 goes first: a kube-proxy still busy with one sync takes longer
    // for the next, which a 5 s preStop may not cover.)
    "endpoint-race" {
        files: ["web.yaml", "web-safe.yaml"],
        horizon_seconds: 30,
        after_apply: [
            "podlife traffic svc/web --rps 50 --for 30s",
            "podlife traffic svc/web-safe --rps 50 --for 30s",
            "kubectl delete pod web-safe-2",
            "kubectl delete pod web-2",
        ],
    },
    // A Deployment's rolling update behind a Service, with traffic: the ReplicaSets trade
    // pods within maxSurge/maxUnavailable, and every old pod leaving is an endpoint race.
    "rolling-update" {
        files: ["web.yaml"],
        horizon_seconds: 30,
        after_apply: ["podlife traffic svc/web --rps 50 --for 60s", "kubectl set image deployment/web nginx=nginx:1.28", "kubectl rollout status deployment/web"],
    },
    // A StatefulSet under OrderedReady: db-1 only after db-0 is Ready, and so on; scaling
    // down goes from the highest ordinal.
    "statefulset-order" {
        files: ["db.yaml"],
        horizon_seconds: 40,
        after_apply: ["kubectl get pods -l app=db", "kubectl scale statefulset db --replicas=1"],
    },
    // A Job that fails: new pods after 10 s and 20 s of back-off, then FailureTarget and
    // Failed (BackoffLimitExceeded) once backoffLimit is exceeded.
    "job-backoff" {
        files: ["migrate.yaml"],
        horizon_seconds: 60,
        after_apply: ["kubectl get pods", "kubectl describe job migrate"],
    },
    // Graceful termination: exec form gets SIGTERM and exits in a second; shell form's sh
    // (PID 1) drops it, so the app dies by SIGKILL after the 30 s grace period.
    "pid1-termination" {
        files: ["shell-form.yaml", "exec-form.yaml"],
        horizon_seconds: 10,
        after_apply: ["kubectl delete pod exec-form", "kubectl delete pod shell-form"],
    },
    // Scale: a Deployment of 1,000 replicas on twenty nodes, the run computed in the
    // background with its progress shown (the web app's worker) and then stepped and scrubbed.
    "thousand-pods" {
        setup: "setup.sh",
        files: ["web.yaml"],
        horizon_seconds: 30,
        after_apply: ["kubectl get deployment web", "kubectl get pods -o wide --field-selector spec.nodeName=worker-7"],
    },
    // Scale and the scheduler's shortcut: 600 replicas spread over three zones of a 250-node
    // cluster; each cycle filters only until 120 nodes fit (`percentageOfNodesToScore`), and
    // the explanation of a cycle says how many it looked at.
    "zone-spread" {
        setup: "setup.sh",
        files: ["web.yaml"],
        horizon_seconds: 60,
        after_apply: ["kubectl get deployment web", "kubectl describe node worker-9"],
    },
}

/// Every scenario, in the picker's order; the default first.
pub fn all() -> &'static [Scenario] {
    SCENARIOS
}

/// The scenario with this id.
pub fn by_id(id: &str) -> Option<&'static Scenario> {
    SCENARIOS.iter().find(|s| s.id == id)
}

/// The picker's entries, in `all()`'s order.
pub fn picks() -> &'static [Pick] {
    PICKS
}

/// The picker's entry with this id.
pub fn pick(id: &str) -> Option<&'static Pick> {
    PICKS.iter().find(|p| p.id == id)
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
        assert_eq!(pick("no-such-scenario"), None);
        assert_eq!(by_id(DEFAULT_ID).map(|s| s.files), Some(DEFAULT_FILES));
    }

    #[test]
    fn the_picks_are_the_scenarios() {
        let expected: Vec<Pick> = all().iter().map(|s| Pick { id: s.id, after_apply: s.after_apply }).collect();
        assert_eq!(picks().to_vec(), expected);
        for s in all() {
            assert_eq!(pick(s.id).map(|p| p.after_apply), Some(s.after_apply));
        }
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

//! What a learner would measure in one run, read from data — the trace and etcd's write
//! history — never from the transcript's prose:
//!
//! - **traffic** (each `podlife traffic` run, from its `traffic.done` reaction): the summary
//!   line (`console::traffic::summary`, the line the transcript prints, rebuilt from the
//!   reaction's per-second counts), how many requests failed, and the failures in each second
//!   that had any;
//! - **pods** (each pod outside the system namespaces, from its versions in etcd): restarts
//!   (the most `restartCount`s of its containers seen at once, summed), time to Ready (from
//!   its creation to the first version whose `Ready` condition is `True`), for a deleted pod
//!   the time from the delete (the first version with `deletionTimestamp`) to its removal, and
//!   the exit code and reason of each container that had terminated in its last version.
//!   Pods with generated names (a ReplicaSet's, a Job's, a DaemonSet's) are counted together
//!   under their normalised name (`pods web-*-*`): how many were created, their restarts, and
//!   the slowest time to Ready (or "never" when one still there at the end never was);
//! - **rollouts** (each Deployment, from its versions in etcd): the last rollout (the last
//!   version whose pod template differs from the version before, or its creation) — the time
//!   until the first later version that `kubectl rollout status` would call complete
//!   (observed generation current; updated, total and available replicas all equal to
//!   `spec.replicas`), the fewest available replicas (`status.availableReplicas`) and the most
//!   replicas (`status.replicas`, surge included) in the versions from its start to its
//!   completion (or the run's end).
//!
//! A write's time is that of the `etcd` reaction with its revision (the trace's); a revision
//! the trace does not hold (a trace past its limit) takes the time of the nearest earlier one
//! that it does.

use std::collections::BTreeMap;

use podlife_engine::store::{EventType, WatchEvent};
use podlife_engine::traffic::{Outcome as Fate, Second, TrafficReport};
use podlife_engine::{Action, Slot, TraceEvent};

use crate::run::Run;

/// What a row is about. The order of the variants is the table's.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Subject {
    /// A `podlife traffic` run to `svc/NAME`; `nth` counts the runs to one Service (from 1).
    Traffic { namespace: String, service: String, nth: u32 },
    Deployment { namespace: String, name: String },
    /// One pod; `nth` counts pods of one name (a pod deleted and created again is a second).
    Pod { namespace: String, name: String, nth: u32 },
    /// The pods whose normalised name is `pattern` (`web-*-*`).
    Pods { namespace: String, pattern: String },
}

impl Subject {
    /// As the CLI names it: `traffic svc/web`, `deployment/web`, `pod/app`, `pods web-*-*`
    /// (with `NAMESPACE/` outside `default`, and `#2` for a second of one name).
    pub fn label(&self) -> String {
        let ns = |n: &str| if n == "default" { String::new() } else { format!("{n}/") };
        let nth = |n: u32| if n > 1 { format!(" #{n}") } else { String::new() };
        match self {
            Subject::Traffic { namespace, service, nth: n } => format!("traffic svc/{}{service}{}", ns(namespace), nth(*n)),
            Subject::Deployment { namespace, name } => format!("deployment/{}{name}", ns(namespace)),
            Subject::Pod { namespace, name, nth: n } => format!("pod/{}{name}{}", ns(namespace), nth(*n)),
            Subject::Pods { namespace, pattern } => format!("pods {}{pattern}", ns(namespace)),
        }
    }
}

/// What is measured. The order of the variants is the table's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Measure {
    TrafficFailed,
    TrafficFailedBySecond,
    TrafficSummary,
    RolloutTime,
    RolloutMinAvailable,
    RolloutMaxReplicas,
    PodsCreated,
    PodRestarts,
    PodTimeToReady,
    PodDeleteToGone,
    PodExit,
}

impl Measure {
    /// A stable identifier (the web app's translation keys derive from it).
    pub fn id(self) -> &'static str {
        match self {
            Measure::TrafficFailed => "traffic.failed",
            Measure::TrafficFailedBySecond => "traffic.failedBySecond",
            Measure::TrafficSummary => "traffic.summary",
            Measure::RolloutTime => "rollout.time",
            Measure::RolloutMinAvailable => "rollout.minAvailable",
            Measure::RolloutMaxReplicas => "rollout.maxReplicas",
            Measure::PodsCreated => "pods.created",
            Measure::PodRestarts => "pod.restarts",
            Measure::PodTimeToReady => "pod.timeToReady",
            Measure::PodDeleteToGone => "pod.deleteToGone",
            Measure::PodExit => "pod.exit",
        }
    }

    /// The CLI's English name.
    pub fn label(self) -> &'static str {
        match self {
            Measure::TrafficFailed => "failed requests",
            Measure::TrafficFailedBySecond => "failed by second",
            Measure::TrafficSummary => "summary",
            Measure::RolloutTime => "last rollout took",
            Measure::RolloutMinAvailable => "fewest available in it",
            Measure::RolloutMaxReplicas => "most replicas in it",
            Measure::PodsCreated => "pods created",
            Measure::PodRestarts => "restarts",
            Measure::PodTimeToReady => "time to Ready",
            Measure::PodDeleteToGone => "delete to gone",
            Measure::PodExit => "exit",
        }
    }
}

/// A container that had terminated: its name, exit code and reason (`Completed`, `Error`,
/// `OOMKilled`, …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exit {
    pub container: String,
    pub code: i64,
    pub reason: String,
}

/// A measured value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Count(u64),
    /// A duration in milliseconds.
    Millis(u64),
    /// What a duration measures did not happen by the run's end (never Ready, a rollout not
    /// complete, a deleted pod not gone).
    Never,
    /// A traffic run's summary line, as the transcript prints it.
    Text(String),
    /// (second of the run, failed requests) for each second with failures.
    PerSecond(Vec<(u64, u64)>),
    Exits(Vec<Exit>),
}

impl Value {
    /// Whether two values differ as the table shows them: durations to a tenth of a second.
    pub fn differs(a: Option<&Value>, b: Option<&Value>) -> bool {
        match (a, b) {
            (Some(Value::Millis(x)), Some(Value::Millis(y))) => tenths(*x) != tenths(*y),
            _ => a != b,
        }
    }
}

/// Milliseconds rounded to tenths of a second (half up).
pub fn tenths(ms: u64) -> u64 {
    (ms + 50) / 100
}

/// One measured value of one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub subject: Subject,
    pub measure: Measure,
    pub value: Value,
}

/// A row of the table: one measure of one subject in both runs (None where that run has no
/// such subject or measure), and whether they differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub subject: Subject,
    pub measure: Measure,
    pub a: Option<Value>,
    pub b: Option<Value>,
    pub differs: bool,
}

/// Both runs' outcomes side by side, in subject then measure order.
pub fn table(a: &[Outcome], b: &[Outcome]) -> Vec<Row> {
    let mut rows: BTreeMap<(Subject, Measure), (Option<Value>, Option<Value>)> = BTreeMap::new();
    for o in a {
        rows.entry((o.subject.clone(), o.measure)).or_default().0 = Some(o.value.clone());
    }
    for o in b {
        rows.entry((o.subject.clone(), o.measure)).or_default().1 = Some(o.value.clone());
    }
    rows.into_iter().map(|((subject, measure), (a, b))| Row { differs: Value::differs(a.as_ref(), b.as_ref()), subject, measure, a, b }).collect()
}

/// Namespaces whose pods are the cluster's own, not the script's.
const SYSTEM_NAMESPACES: [&str; 4] = ["kube-system", "kube-public", "kube-node-lease", "local-path-storage"];

/// Everything measured in one run.
pub fn outcomes(run: &Run) -> Vec<Outcome> {
    measure(&run.trace, &run.writes)
}

/// Everything measured in a trace and its writes (however they were collected: a `Run`, or
/// a driver that steps the engine itself and keeps `take_trace`/`take_writes`).
pub fn measure(trace: &[TraceEvent], writes: &[WatchEvent]) -> Vec<Outcome> {
    let times = RevisionTimes::new(trace);
    let mut out = traffic(trace);
    out.extend(rollouts(writes, &times));
    out.extend(pods(writes, &times));
    out
}

/// When each etcd revision was written.
struct RevisionTimes(Vec<(u64, u64)>);

impl RevisionTimes {
    fn new(trace: &[TraceEvent]) -> RevisionTimes {
        let mut v: Vec<(u64, u64)> = trace.iter().filter(|e| e.action == Action::Etcd).filter_map(|e| Some((e.params.get("revision")?.as_u64()?, e.time.since_start()))).collect();
        v.sort();
        RevisionTimes(v)
    }

    fn at(&self, revision: u64) -> u64 {
        match self.0.binary_search_by_key(&revision, |&(r, _)| r) {
            Ok(i) => self.0[i].1,
            Err(0) => 0,
            Err(i) => self.0[i - 1].1,
        }
    }
}

fn traffic(trace: &[TraceEvent]) -> Vec<Outcome> {
    let mut out = Vec::new();
    let mut runs: BTreeMap<(String, String), u32> = BTreeMap::new();
    for e in trace.iter().filter(|e| e.action == Action::TrafficDone) {
        let Some(o) = &e.object else { continue };
        let (namespace, service) = (o.namespace.as_ref().map(|n| n.to_string()).unwrap_or_default(), o.name.to_string());
        let n = runs.entry((namespace.clone(), service.clone())).or_default();
        *n += 1;
        let seconds: Vec<Second> = e
            .params
            .get("seconds")
            .and_then(|s| s.as_array().cloned())
            .unwrap_or_default()
            .iter()
            .map(|s| {
                let mut second = Second::default();
                for (id, count) in s.as_object().into_iter().flatten() {
                    if let (Some(fate), Some(count)) = (fate(id), count.as_u64()) {
                        second.counts.insert(fate, count);
                    }
                }
                second
            })
            .collect();
        let report = TrafficReport { target: format!("svc/{service}"), nodes: Vec::new(), rps: 0, duration_ms: 0, seconds };
        let ok = report.total(Fate::Ok);
        let subject = Subject::Traffic { namespace, service, nth: *n };
        let failed_by_second: Vec<(u64, u64)> = report
            .seconds
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let failed: u64 = s.counts.iter().filter(|(f, _)| **f != Fate::Ok).map(|(_, n)| n).sum();
                (failed > 0).then_some((i as u64, failed))
            })
            .collect();
        out.push(Outcome { subject: subject.clone(), measure: Measure::TrafficFailed, value: Value::Count(report.requests() - ok) });
        out.push(Outcome { subject: subject.clone(), measure: Measure::TrafficFailedBySecond, value: Value::PerSecond(failed_by_second) });
        out.push(Outcome { subject, measure: Measure::TrafficSummary, value: Value::Text(podlife_console::traffic::summary(&report)) });
    }
    out
}

/// A request's fate from its id in the trace (`Outcome::id`).
fn fate(id: &str) -> Option<Fate> {
    Some(match id {
        "ok" => Fate::Ok,
        "502" => Fate::BadGateway,
        "reset" => Fate::Reset,
        "timeout" => Fate::Timeout,
        code => Fate::App(code.parse().ok()?),
    })
}

/// Each object's versions (key → [(time, event)]), for one resource.
fn versions<'w>(writes: &'w [WatchEvent], group: &str, resource: &str, times: &RevisionTimes) -> Vec<Vec<(u64, &'w WatchEvent)>> {
    // One object's life: from its ADDED to its DELETED; a name created again starts another.
    let mut lives: Vec<Vec<(u64, &WatchEvent)>> = Vec::new();
    let mut open: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for w in writes.iter().filter(|w| w.key.group == group && w.key.resource == resource && !SYSTEM_NAMESPACES.contains(&w.key.namespace.as_str())) {
        let key = (w.key.namespace.as_str(), w.key.name.as_str());
        let t = times.at(w.revision);
        let life = match (w.event_type, open.get(&key)) {
            (EventType::Added, _) | (_, None) => {
                lives.push(Vec::new());
                open.insert(key, lives.len() - 1);
                lives.len() - 1
            }
            (_, Some(&i)) => i,
        };
        lives[life].push((t, w));
        if w.event_type == EventType::Deleted {
            open.remove(&key);
        }
    }
    lives
}

fn rollouts(writes: &[WatchEvent], times: &RevisionTimes) -> Vec<Outcome> {
    let mut out = Vec::new();
    for life in versions(writes, "apps", "deployments", times) {
        let Some((_, first)) = life.first() else { continue };
        let subject = Subject::Deployment { namespace: first.key.namespace.clone(), name: first.key.name.clone() };
        let live: Vec<&(u64, &WatchEvent)> = life.iter().filter(|(_, w)| w.event_type != EventType::Deleted).collect();
        if live.is_empty() {
            continue;
        }
        // The last rollout's first version.
        let start = (1..live.len()).rev().find(|&i| live[i].1.object["spec"]["template"] != live[i - 1].1.object["spec"]["template"]).unwrap_or(0);
        let mut min_available = u64::MAX;
        let mut max_replicas = 0;
        let mut done = None;
        for (t, w) in &live[start..] {
            let o: &Slot = &w.object;
            let status = &o["status"];
            let count = |s: &Slot| s.as_u64().unwrap_or(0);
            min_available = min_available.min(count(&status["availableReplicas"]));
            max_replicas = max_replicas.max(count(&status["replicas"]));
            let want = o["spec"]["replicas"].as_u64().unwrap_or(1);
            let observed = status["observedGeneration"].as_i64().unwrap_or(0) >= o["metadata"]["generation"].as_i64().unwrap_or(0);
            if observed && count(&status["updatedReplicas"]) == want && count(&status["replicas"]) == want && count(&status["availableReplicas"]) == want {
                done = Some(*t);
                break;
            }
        }
        let started = live[start].0;
        let took = done.map(|t| Value::Millis(t.saturating_sub(started))).unwrap_or(Value::Never);
        out.push(Outcome { subject: subject.clone(), measure: Measure::RolloutTime, value: took });
        out.push(Outcome { subject: subject.clone(), measure: Measure::RolloutMinAvailable, value: Value::Count(min_available) });
        out.push(Outcome { subject, measure: Measure::RolloutMaxReplicas, value: Value::Count(max_replicas) });
    }
    out
}

/// What one pod's versions say.
struct PodFacts {
    created: u64,
    ready: Option<u64>,
    restarts: u64,
    delete_requested: Option<u64>,
    gone: Option<u64>,
    exits: Vec<Exit>,
}

fn pod_facts(life: &[(u64, &WatchEvent)]) -> PodFacts {
    let mut f = PodFacts { created: life.first().map(|v| v.0).unwrap_or(0), ready: None, restarts: 0, delete_requested: None, gone: None, exits: Vec::new() };
    for (t, w) in life {
        let o: &Slot = &w.object;
        if w.event_type == EventType::Deleted {
            f.gone = Some(*t);
        }
        if f.delete_requested.is_none() && !o["metadata"]["deletionTimestamp"].is_null() {
            f.delete_requested = Some(*t);
        }
        let conditions = o["status"]["conditions"].as_array().unwrap_or_default();
        if f.ready.is_none() && conditions.iter().any(|c| c["type"] == "Ready" && c["status"] == "True") {
            f.ready = Some(*t);
        }
        let statuses = || ["initContainerStatuses", "containerStatuses"].into_iter().flat_map(|k| o["status"][k].as_array().unwrap_or_default());
        f.restarts = f.restarts.max(statuses().map(|c| c["restartCount"].as_u64().unwrap_or(0)).sum());
        f.exits = statuses()
            .filter_map(|c| {
                let t = &c["state"]["terminated"];
                (!t.is_null()).then(|| Exit { container: c["name"].as_str().unwrap_or_default().to_string(), code: t["exitCode"].as_i64().unwrap_or(0), reason: t["reason"].as_str().unwrap_or_default().to_string() })
            })
            .collect();
    }
    f
}

fn pods(writes: &[WatchEvent], times: &RevisionTimes) -> Vec<Outcome> {
    let mut out = Vec::new();
    let mut seen: BTreeMap<(String, String), u32> = BTreeMap::new();
    // Pods with generated names, by (namespace, pattern).
    #[derive(Default)]
    struct Group {
        created: u64,
        restarts: u64,
        slowest_ready: Option<u64>,
        /// One still there at the end was never Ready.
        never_ready: bool,
    }
    let mut groups: BTreeMap<(String, String), Group> = BTreeMap::new();
    for life in versions(writes, "", "pods", times) {
        let Some((_, first)) = life.first() else { continue };
        let (namespace, name) = (first.key.namespace.clone(), first.key.name.clone());
        let f = pod_facts(&life);
        let pattern = crate::reactions::normalise_name(&name);
        if pattern != name {
            let g = groups.entry((namespace, pattern)).or_default();
            g.created += 1;
            g.restarts += f.restarts;
            if let Some(r) = f.ready {
                g.slowest_ready = Some(g.slowest_ready.unwrap_or(0).max(r.saturating_sub(f.created)));
            } else if f.gone.is_none() {
                g.never_ready = true;
            }
            continue;
        }
        let n = seen.entry((namespace.clone(), name.clone())).or_default();
        *n += 1;
        let subject = Subject::Pod { namespace, name, nth: *n };
        out.push(Outcome { subject: subject.clone(), measure: Measure::PodRestarts, value: Value::Count(f.restarts) });
        out.push(Outcome { subject: subject.clone(), measure: Measure::PodTimeToReady, value: f.ready.map(|r| Value::Millis(r.saturating_sub(f.created))).unwrap_or(Value::Never) });
        if let Some(d) = f.delete_requested {
            out.push(Outcome { subject: subject.clone(), measure: Measure::PodDeleteToGone, value: f.gone.map(|g| Value::Millis(g.saturating_sub(d))).unwrap_or(Value::Never) });
        }
        if f.gone.is_some() && !f.exits.is_empty() {
            out.push(Outcome { subject, measure: Measure::PodExit, value: Value::Exits(f.exits) });
        }
    }
    for ((namespace, pattern), g) in groups {
        let subject = Subject::Pods { namespace, pattern };
        out.push(Outcome { subject: subject.clone(), measure: Measure::PodsCreated, value: Value::Count(g.created) });
        out.push(Outcome { subject: subject.clone(), measure: Measure::PodRestarts, value: Value::Count(g.restarts) });
        let ready = match (g.never_ready, g.slowest_ready) {
            (false, Some(ms)) => Value::Millis(ms),
            _ => Value::Never,
        };
        out.push(Outcome { subject, measure: Measure::PodTimeToReady, value: ready });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_differ_by_tenths() {
        assert!(!Value::differs(Some(&Value::Millis(1_040)), Some(&Value::Millis(1_000))));
        assert!(Value::differs(Some(&Value::Millis(1_050)), Some(&Value::Millis(1_000))));
        assert!(Value::differs(Some(&Value::Count(0)), None));
        assert!(Value::differs(Some(&Value::Millis(0)), Some(&Value::Never)));
        assert!(!Value::differs(None, None));
    }

    #[test]
    fn fates_read_back_from_their_ids() {
        for f in [Fate::Ok, Fate::BadGateway, Fate::App(503), Fate::Reset, Fate::Timeout] {
            assert_eq!(fate(&f.id()), Some(f));
        }
        assert_eq!(fate("teapot"), None);
    }

    #[test]
    fn the_table_pairs_rows_and_marks_differences() {
        let pod = Subject::Pod { namespace: "default".into(), name: "app".into(), nth: 1 };
        let a = [Outcome { subject: pod.clone(), measure: Measure::PodRestarts, value: Value::Count(0) }, Outcome { subject: pod.clone(), measure: Measure::PodDeleteToGone, value: Value::Millis(30_000) }];
        let b = [Outcome { subject: pod.clone(), measure: Measure::PodDeleteToGone, value: Value::Millis(1_020) }, Outcome { subject: pod.clone(), measure: Measure::PodRestarts, value: Value::Count(0) }];
        let rows = table(&a, &b);
        assert_eq!(rows.iter().map(|r| (r.measure, r.differs)).collect::<Vec<_>>(), vec![(Measure::PodRestarts, false), (Measure::PodDeleteToGone, true)]);
        assert_eq!(pod.label(), "pod/app");
        assert_eq!(Subject::Pods { namespace: "shop".into(), pattern: "web-*-*".into() }.label(), "pods shop/web-*-*");
    }
}

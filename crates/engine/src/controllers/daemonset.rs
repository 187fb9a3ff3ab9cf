//! The DaemonSet controller (`pkg/controller/daemon/`: `daemon_controller.go`, `update.go`,
//! `util/daemonset_util.go`).
//!
//! A sync first finds or writes the DaemonSet's current ControllerRevision (`<ds>-<hash>`, its
//! data the template as a `$patch: replace` patch, its revision one more than the highest old
//! one), then, once its expectations are met, runs `manage`: per node, `NodeShouldRunDaemonPod`
//! (the template's nodeName, nodeSelector and required node affinity, and the node's
//! NoSchedule/NoExecute taints against the template's tolerations plus the ones every daemon pod
//! gets) decides whether a pod is created there (`<ds>-` + the API server's suffix, the
//! `controller-revision-hash` and `pod-template-generation` labels, required node affinity
//! `matchFields metadata.name In [node]` for the scheduler) or the pods there deleted (failed
//! ones, with `FailedDaemonPod` and a back-off; extra ones; all of them on a node that no
//! longer qualifies unless only NoSchedule taints stand in the way). With nothing to create or
//! delete, RollingUpdate replaces old pods within `maxUnavailable` (delete first) or `maxSurge`
//! (create first, delete the old pod once the new one is available); OnDelete waits for the
//! user. Old revisions beyond `revisionHistoryLimit` are deleted, then the status is written.
//!
//! Upstream walks `nodeToDaemonPods`, a Go map, in random order; podlife walks nodes by name.
//! Orphan pods and revisions the selector matches are adopted (`ClaimPods`,
//! `ClaimControllerRevisions`), so a DaemonSet deleted with `--cascade=orphan` and created again
//! takes its pods back. `syncNodes` creates at most `burstReplicas` (250) pods a sync, in slow-start
//! batches (`slowstart.rs`: a failed create records `FailedCreate` and lowers the expectations,
//! as do the creates of the batches it skips), then deletes at most 250. Not modelled: hash
//! collisions (`collisionCount`), releasing owned objects that stop matching.

use crate::Slot;
use crate::vecmap::{VecMap, VecSet};

use serde_json::Value;

use super::replicaset::{adoption, controller_ref, controller_uid, key, pod_available, pod_ready};
use super::{FollowUp, Write, controller_request, is_orphan};
use crate::apiserver::Verb;
use crate::clock::Time;
use crate::components::Cache;
use crate::scheduler::framework::{NodeInfo, PodInfo};
use crate::store::{EventType, WatchEvent};

pub const ACCOUNT: &str = "daemon-set-controller";
/// The recorder's component (`daemonset-controller`, as `kubectl describe` shows it).
const SOURCE: &str = "daemonset-controller";
pub const HASH_LABEL: &str = "controller-revision-hash";
pub const GENERATION_LABEL: &str = "pod-template-generation";
pub const TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";
const BURST_REPLICAS: usize = 250;
const EXPECTATIONS_TIMEOUT_MS: u64 = 5 * 60 * 1000;
/// `failedPodsBackoff`: 1 s, doubling, at most 15 min.
const BACKOFF_INITIAL_MS: u64 = 1000;
const BACKOFF_MAX_MS: u64 = 15 * 60 * 1000;

/// The DaemonSet controller's memory (kept inside the workload controllers' state).
#[derive(Debug, Clone, Default)]
pub struct Memory {
    /// `namespace/name` → (creates still expected, deletes still expected, set at).
    expectations: VecMap<String, (i64, i64, Time)>,
    /// `failedPodsBackoff`: key → (delay ms, last update).
    backoff: VecMap<String, (u64, Time)>,
    /// Events a sync decided on (type, reason, message), recorded by the engine right after it.
    warnings: Vec<(Value, &'static str, &'static str, String)>,
}

impl Memory {
    /// `CreationObserved`: a create that will not be seen (it failed, or its batch was skipped).
    pub(crate) fn creation_observed(&mut self, ns: &str, name: &str) {
        if let Some(e) = self.expectations.get_mut(&key(ns, name)) {
            e.0 -= 1;
        }
    }

    fn satisfied(&self, k: &str, now: Time) -> bool {
        self.expectations.get(k).is_none_or(|&(adds, dels, at)| (adds <= 0 && dels <= 0) || now.millis().saturating_sub(at.millis()) > EXPECTATIONS_TIMEOUT_MS)
    }
}

fn name_of(v: &Slot) -> &str {
    v["metadata"]["name"].as_str().unwrap_or_default()
}

fn daemonsets<'a>(cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Slot> + 'a {
    super::of(cache, "apps", "daemonsets", ns)
}

fn all_daemonsets(cache: &Cache) -> impl Iterator<Item = &Slot> {
    crate::components::cached(cache, "apps", "daemonsets").map(|(_, v)| v.root())
}

fn nodes(cache: &Cache) -> Vec<&Slot> {
    super::of(cache, "", "nodes", "").collect()
}

/// `AddOrUpdateTolerationInPodSpec` for each toleration every daemon pod gets.
pub fn add_daemon_tolerations(spec: &mut Value) {
    let host_network = spec["hostNetwork"] == true;
    let mut wanted = vec![
        ("node.kubernetes.io/not-ready", "NoExecute"),
        ("node.kubernetes.io/unreachable", "NoExecute"),
        ("node.kubernetes.io/disk-pressure", "NoSchedule"),
        ("node.kubernetes.io/memory-pressure", "NoSchedule"),
        ("node.kubernetes.io/pid-pressure", "NoSchedule"),
        ("node.kubernetes.io/unschedulable", "NoSchedule"),
    ];
    if host_network {
        wanted.push(("node.kubernetes.io/network-unavailable", "NoSchedule"));
    }
    if !spec.is_object() {
        return;
    }
    for (k, effect) in wanted {
        let toleration = json!({"key": k, "operator": "Exists", "effect": effect});
        let mut list = spec["tolerations"].as_array().cloned().unwrap_or_default();
        // MatchToleration: same key, operator, value and effect.
        let same = |t: &Value| t["key"].as_str().unwrap_or("") == k && t["operator"].as_str().unwrap_or("") == "Exists" && t["value"].as_str().unwrap_or("").is_empty() && t["effect"].as_str().unwrap_or("") == effect;
        match list.iter().position(same) {
            Some(i) if list[i] == toleration => continue,
            Some(i) => list[i] = toleration,
            None => list.push(toleration),
        }
        spec["tolerations"] = Value::Array(list);
    }
}

/// `NodeShouldRunDaemonPod`: (shouldRun, shouldContinueRunning).
pub fn node_should_run(node: &Slot, ds: &Slot) -> (bool, bool) {
    DaemonPod::of(ds).should_run(node)
}

/// The pod `NodeShouldRunDaemonPod` builds from a DaemonSet (`NewPod`), parsed once for every
/// node a sync walks: the node's name, which `NewPod` also sets, changes nothing the
/// predicates read (node affinity and selectors, tolerations).
pub struct DaemonPod<'a> {
    pub ds: &'a Slot,
    /// None when the template has no spec.
    pod: Option<PodInfo>,
    /// The template's own `nodeName`, if any.
    template_node: String,
}

impl<'a> DaemonPod<'a> {
    pub fn of(ds: &'a Slot) -> DaemonPod<'a> {
        let mut spec = ds["spec"]["template"]["spec"].to_value();
        if !spec.is_object() {
            return DaemonPod { ds, pod: None, template_node: String::new() };
        }
        let template_node = spec["nodeName"].as_str().unwrap_or_default().to_string();
        add_daemon_tolerations(&mut spec);
        let pod = PodInfo::parse(&crate::Obj::untyped(&json!({"metadata": {"name": "daemon", "namespace": ds["metadata"]["namespace"], "labels": ds["spec"]["template"]["metadata"]["labels"]}, "spec": spec})));
        DaemonPod { ds, pod: Some(pod), template_node }
    }

    /// (shouldRun, shouldContinueRunning) on `node`.
    pub fn should_run(&self, node: &Slot) -> (bool, bool) {
        let Some(pod) = &self.pod else { return (false, false) };
        if !(self.template_node.is_empty() || self.template_node == name_of(node)) {
            return (false, false);
        }
        let info = NodeInfo::for_placement(node);
        if !crate::scheduler::plugins::node_affinity::required_matches(pod, &info) {
            return (false, false);
        }
        let untolerated = |effects: &[&str]| info.taints.iter().filter(|t| effects.contains(&t.effect.as_str())).any(|t| !pod.tolerations.iter().any(|tol| tol.tolerates(t)));
        if untolerated(&["NoSchedule", "NoExecute"]) {
            return (false, !untolerated(&["NoExecute"]));
        }
        (true, true)
    }
}

/// `util.GetTargetNodeName`: the pod's node, or the node its required affinity names.
pub fn target_node(pod: &Slot) -> Option<String> {
    if let Some(n) = pod["spec"]["nodeName"].as_str().filter(|n| !n.is_empty()) {
        return Some(n.to_string());
    }
    let terms = pod["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"].as_array()?;
    for t in terms {
        for r in t["matchFields"].as_array().unwrap_or_default() {
            if r["key"] == "metadata.name" && r["operator"] == "In" {
                let values = r["values"].as_array()?;
                return if values.len() == 1 { values[0].as_str().map(str::to_string) } else { None };
            }
        }
    }
    None
}

fn terminal(pod: &Slot) -> bool {
    matches!(pod["status"]["phase"].as_str(), Some("Succeeded" | "Failed"))
}

fn deleting(pod: &Slot) -> bool {
    pod["metadata"]["deletionTimestamp"].is_string()
}

/// `ClaimPods` / `ClaimControllerRevisions` (`controller_ref_manager.go`): an object is the
/// DaemonSet's when its controller reference names the DaemonSet and the selector still
/// matches, or when it is an orphan the selector matches (neither being deleted): the sync
/// adopts those (`adopt_orphans`).
fn claims(ds: &Slot, object: &Slot) -> bool {
    let selector = &ds["spec"]["selector"];
    if !(selector.is_object() && crate::labels::selector_matches(selector, &object["metadata"]["labels"])) {
        return false;
    }
    match super::controller_of(object) {
        Some(controller) => controller["kind"] == "DaemonSet" && controller["uid"] == ds["metadata"]["uid"],
        None => !deleting(object) && ds["metadata"]["deletionTimestamp"].is_null(),
    }
}

/// The adoption patches for the orphan pods and revisions the DaemonSet claims (the controller
/// reference added, with the object's uid as a precondition).
fn adopt_orphans(cache: &Cache, ds: &Slot) -> Vec<Write> {
    let ns = ds["metadata"]["namespace"].as_str().unwrap_or("default");
    let orphans = super::of(cache, "", "pods", ns).map(|o| ("pods", o)).chain(super::of(cache, "apps", "controllerrevisions", ns).map(|o| ("controllerrevisions", o)));
    orphans
        .filter(|(_, o)| is_orphan(o) && claims(ds, o))
        .filter_map(|(plural, o)| adoption(ACCOUNT, ds, "DaemonSet", plural, o))
        .collect()
}

/// `getNodesToDaemonPods`: the DaemonSet's pods by target node, each list sorted
/// `podByCreationTimestampAndPhase` (scheduled first, then oldest, then name).
fn node_to_pods<'a>(cache: &'a Cache, ds: &'a Slot, include_deleted_terminal: bool) -> VecMap<String, Vec<&'a Slot>> {
    let ns = ds["metadata"]["namespace"].as_str().unwrap_or("default");
    let mut map: VecMap<String, Vec<&Slot>> = VecMap::new();
    for pod in super::of(cache, "", "pods", ns) {
        if !claims(ds, pod) {
            continue;
        }
        if !include_deleted_terminal && terminal(pod) && deleting(pod) {
            continue;
        }
        if let Some(node) = target_node(pod) {
            map.entry(node).or_default().push(pod);
        }
    }
    for pods in map.values_mut() {
        crate::sort::sort_by(pods, |a, b| by_creation(a, b));
    }
    map
}

/// `node_to_pods(…, false)` from `node_to_pods(…, true)`: without the terminal pods being
/// deleted, and without the nodes left with none (the sort is stable, so filtering the sorted
/// lists keeps their order).
fn without_deleted_terminal<'a>(all: &VecMap<String, Vec<&'a Slot>>) -> VecMap<String, Vec<&'a Slot>> {
    all.iter().map(|(node, pods)| (node.clone(), pods.iter().copied().filter(|p| !(terminal(p) && deleting(p))).collect::<Vec<_>>())).filter(|(_, pods)| !pods.is_empty()).collect()
}

fn by_creation(a: &Slot, b: &Slot) -> std::cmp::Ordering {
    let scheduled = |p: &Slot| p["spec"]["nodeName"].as_str().is_some_and(|n| !n.is_empty());
    let created = |p: &Slot| p["metadata"]["creationTimestamp"].as_str().and_then(Time::from_rfc3339).map(|t| t.millis()).unwrap_or(0);
    scheduled(b).cmp(&scheduled(a)).then(created(a).cmp(&created(b))).then(name_of(a).cmp(name_of(b)))
}

/// `getPatch`: the template as a strategic merge patch that replaces it.
fn revision_data(ds: &Slot) -> Value {
    let mut template = ds["spec"]["template"].to_value();
    if !template.is_object() {
        template = json!({});
    }
    template["$patch"] = json!("replace");
    json!({"spec": {"template": template}})
}

fn revision_number(cr: &Slot) -> i64 {
    cr["revision"].as_i64().unwrap_or(0)
}

/// `GetTemplateGeneration`: the deprecated annotation, when it parses.
fn template_generation(ds: &Slot) -> Option<i64> {
    ds["metadata"]["annotations"][TEMPLATE_GENERATION].as_str()?.parse().ok()
}

/// `IsPodUpdated` (the template-generation half compares against a pointer's text upstream, so
/// only the hash decides).
fn updated(pod: &Slot, hash: &str) -> bool {
    !hash.is_empty() && pod["metadata"]["labels"][HASH_LABEL] == hash
}

fn intstr(value: &Slot, total: i64) -> i64 {
    crate::deployment_util::scaled(value, total, true)
}

fn rolling(ds: &Slot) -> bool {
    ds["spec"]["updateStrategy"]["type"] == "RollingUpdate"
}

/// `util.SurgeCount`.
fn surge_count(ds: &Slot, total: i64) -> i64 {
    if !rolling(ds) {
        return 0;
    }
    intstr(&ds["spec"]["updateStrategy"]["rollingUpdate"]["maxSurge"], total)
}

/// `util.UnavailableCount`.
fn unavailable_count(ds: &Slot, total: i64) -> i64 {
    if !rolling(ds) {
        return 0;
    }
    intstr(&ds["spec"]["updateStrategy"]["rollingUpdate"]["maxUnavailable"], total)
}

/// The DaemonSets a delivery asks to sync (`old`: the object the informer held before it).
fn to_sync(cache: &Cache, event: &WatchEvent, old: Option<&Slot>) -> Vec<(String, String)> {
    let ns = &event.key.namespace;
    let named = |v: &Slot| (v["metadata"]["namespace"].as_str().unwrap_or_default().to_string(), name_of(v).to_string());
    match (event.key.group, event.key.resource) {
        ("apps", "daemonsets") if event.event_type != EventType::Deleted => vec![(ns.clone(), event.key.name.clone())],
        // An orphan: every DaemonSet whose selector matches it (`getDaemonSetsForPod`).
        ("", "pods") | ("apps", "controllerrevisions") if is_orphan(&event.object) => {
            if event.event_type == EventType::Deleted {
                return Vec::new();
            }
            daemonsets(cache, ns).filter(|d| claims(d, &event.object)).map(named).collect()
        }
        ("", "pods") | ("apps", "controllerrevisions") => {
            let Some(uid) = controller_uid(event.object.root(), "DaemonSet") else { return Vec::new() };
            daemonsets(cache, ns).filter(|d| d["metadata"]["uid"] == uid).map(named).collect()
        }
        // addNode: the DaemonSets that should run there; updateNode / deleteNode: every
        // DaemonSet (a sync that finds nothing to do writes nothing).
        ("", "nodes") if event.event_type == EventType::Added => all_daemonsets(cache).filter(|d| node_should_run(&event.object, d).0).map(named).collect(),
        // `shouldIgnoreNodeUpdate`: an update that keeps the node's labels and taints (a status
        // report) concerns no DaemonSet.
        ("", "nodes") if event.event_type == EventType::Modified && old.is_some_and(|o| o["metadata"]["labels"] == event.object["metadata"]["labels"] && o["spec"]["taints"] == event.object["spec"]["taints"]) => Vec::new(),
        ("", "nodes") => all_daemonsets(cache).map(named).collect(),
        _ => Vec::new(),
    }
}

/// A delivery: expectations observed (`addPod`, `updatePod`, `deletePod`), the DaemonSets it
/// concerns queued.
pub fn on_event(cache: &Cache, state: &mut super::replicaset::State, event: &WatchEvent, old: Option<&Slot>) {
    let mem = &mut state.daemonsets;
    if event.key.resource == "daemonsets" && event.event_type == EventType::Deleted {
        mem.expectations.remove(&key(&event.key.namespace, &event.key.name));
        return;
    }
    let targets = to_sync(cache, event, old);
    if event.key.group.is_empty() && event.key.resource == "pods" {
        for (ns, name) in &targets {
            if let Some(e) = mem.expectations.get_mut(&key(ns, name)) {
                match event.event_type {
                    EventType::Added if !deleting(&event.object) => e.0 -= 1,
                    EventType::Deleted => e.1 -= 1,
                    _ if deleting(&event.object) => e.1 -= 1,
                    _ => {}
                }
            }
            // updatePod: a pod that just turned ready is available after minReadySeconds.
            if event.event_type == EventType::Modified
                && pod_ready(&event.object)
                && let Some(ds) = daemonsets(cache, ns).find(|d| name_of(d) == name)
                && let Some(min_ready) = ds["spec"]["minReadySeconds"].as_u64().filter(|m| *m > 0)
            {
                state.later.push((min_ready * 1000 + 1, "DaemonSet", ns.clone(), name.clone()));
            }
        }
    }
    for (ns, name) in targets {
        state.enqueue("DaemonSet", &ns, &name);
    }
}

/// A worker syncs a queued DaemonSet; warnings it decided on are recorded at once.
pub(crate) fn resync(loops: &mut super::workloads::WorkloadControllers, cx: &mut super::workloads::Cx<'_>, sh: &mut super::manager::Shared, ns: &str, name: &str) -> Vec<Write> {
    loops.workloads.dequeue("DaemonSet", ns, name);
    let now = cx.now();
    let writes = sync(cx.cache(), &mut loops.workloads, ns, name, now);
    for (ds, kind, reason, message) in std::mem::take(&mut loops.workloads.daemonsets.warnings) {
        let involved = crate::record::Involved { kind: "DaemonSet", api_version: "apps/v1", object: &crate::Obj::untyped(&ds), field_path: None };
        let note = crate::record::Note { kind, reason, message: &message };
        super::workloads::workload_event(cx, sh, ACCOUNT, involved, note, SOURCE);
    }
    writes
}

fn normal(ds: &Slot, reason: &'static str, message: String) -> FollowUp {
    FollowUp::Event { account: ACCOUNT, source: SOURCE, kind: "DaemonSet", api_version: "apps/v1", involved: ds.to_value(), reason, message }
}

/// `syncDaemonSet`.
fn sync(cache: &Cache, state: &mut super::replicaset::State, ns: &str, name: &str, now: Time) -> Vec<Write> {
    let k = key(ns, name);
    let Some(ds) = daemonsets(cache, ns).find(|d| name_of(d) == name) else {
        state.daemonsets.expectations.remove(&k);
        return Vec::new();
    };
    if ds["metadata"]["deletionTimestamp"].is_string() {
        return Vec::new();
    }
    let nodes = nodes(cache);
    let daemon = DaemonPod::of(ds);
    // Each node's `NodeShouldRunDaemonPod` and `getNodesToDaemonPods`, once a sync: upstream's
    // steps each compute them again, from an informer cache that cannot change during a sync
    // here, so they would find the same.
    let runs: Vec<(bool, bool)> = nodes.iter().map(|n| daemon.should_run(n)).collect();
    let all_pods = node_to_pods(cache, ds, true);
    let mut writes = adopt_orphans(cache, ds);
    let (hash, old) = construct_history(cache, ds, &mut writes);
    if !state.daemonsets.satisfied(&k, now) {
        writes.extend(status_update(state, &daemon, &nodes, &runs, &all_pods, &hash, false, now));
        return writes;
    }
    let live_pods = without_deleted_terminal(&all_pods);
    let (deletes, creates) = manage(state, &daemon, &nodes, &runs, &live_pods, &hash, now);
    // manage set the expectations: the rolling update runs only when it had nothing to do.
    let managed = !deletes.is_empty() || !creates.is_empty();
    writes.extend(sync_nodes(state, ds, deletes, creates, &hash, now));
    if !managed && rolling(ds) {
        let (deletes, creates) = rolling_update(&daemon, &nodes, &runs, live_pods.clone(), &hash, now);
        writes.extend(sync_nodes(state, ds, deletes, creates, &hash, now));
    }
    writes.extend(cleanup_history(cache, ds, &old));
    writes.extend(status_update(state, &daemon, &nodes, &runs, &all_pods, &hash, true, now));
    writes
}

/// `constructHistory`: the current revision's hash (creating or renumbering the revision when
/// needed) and the old revisions.
fn construct_history<'a>(cache: &'a Cache, ds: &'a Slot, writes: &mut Vec<Write>) -> (String, Vec<&'a Slot>) {
    let ns = ds["metadata"]["namespace"].as_str().unwrap_or("default");
    let data = revision_data(ds);
    let (current, old): (Vec<&Slot>, Vec<&Slot>) = super::of(cache, "apps", "controllerrevisions", ns).filter(|cr| claims(ds, cr)).partition(|cr| cr["data"] == data);
    let next = old.iter().map(|cr| revision_number(cr)).max().unwrap_or(0) + 1;
    // dedupCurHistories keeps the highest revision (podlife never makes duplicates).
    let cur = current.iter().copied().max_by_key(|cr| revision_number(cr));
    match cur {
        None => {
            let collision = ds["status"]["collisionCount"].as_u64().map(|c| c as u32);
            let hash = super::deployment::template_hash(&ds["spec"]["template"], collision);
            let mut labels = ds["spec"]["template"]["metadata"]["labels"].to_value();
            if !labels.is_object() {
                labels = json!({});
            }
            labels[HASH_LABEL] = json!(hash);
            let mut meta = json!({"name": format!("{}-{hash}", name_of(ds)), "namespace": ns, "labels": labels, "ownerReferences": [controller_ref(ds, "DaemonSet")]});
            if let Some(a) = ds["metadata"].get("annotations").filter(|a| a.is_object()) {
                meta["annotations"] = a.to_value();
            }
            let body = json!({"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": meta, "data": data, "revision": next});
            if let Some(req) = controller_request(ACCOUNT, Verb::Create, "controllerrevisions", Some(ns), "", body) {
                writes.push(Write::now(ACCOUNT, req));
            }
            (hash, old)
        }
        Some(cur) => {
            if revision_number(cur) < next {
                let mut body = cur.to_value();
                body["revision"] = json!(next);
                if let Some(req) = controller_request(ACCOUNT, Verb::Update, "controllerrevisions", Some(ns), name_of(cur), body) {
                    writes.push(Write::now(ACCOUNT, req));
                }
            }
            (cur["metadata"]["labels"][HASH_LABEL].as_str().unwrap_or_default().to_string(), old)
        }
    }
}

/// `manage` with `podsShouldBeOnNode` per node: (pods to delete, nodes needing a pod).
fn manage(state: &mut super::replicaset::State, daemon: &DaemonPod, nodes: &[&Slot], runs: &[(bool, bool)], by_node: &VecMap<String, Vec<&Slot>>, hash: &str, now: Time) -> (Vec<String>, Vec<String>) {
    let ds = daemon.ds;
    let surge = surge_count(ds, 1) > 0;
    let min_ready = ds["spec"]["minReadySeconds"].as_u64().unwrap_or(0);
    let (mut creates, mut deletes) = (Vec::new(), Vec::new());
    for (node, &(should_run, should_continue)) in nodes.iter().zip(runs) {
        let node_name = name_of(node);
        let pods = by_node.get(node_name);
        match pods {
            None if should_run => creates.push(node_name.to_string()),
            _ if should_continue => {
                let mut running = Vec::new();
                for pod in pods.map(Vec::as_slice).unwrap_or_default() {
                    if deleting(pod) {
                        continue;
                    }
                    match pod["status"]["phase"].as_str() {
                        Some("Failed") => {
                            let bkey = format!("{}/{}/{node_name}", ds["metadata"]["uid"].as_str().unwrap_or_default(), ds["status"]["observedGeneration"].as_i64().unwrap_or(0));
                            let mem = &mut state.daemonsets;
                            if let Some(&(delay, at)) = mem.backoff.get(&bkey)
                                && now.millis().saturating_sub(at.millis()) < delay
                            {
                                state.later.push((delay, "DaemonSet", ds["metadata"]["namespace"].as_str().unwrap_or_default().to_string(), name_of(ds).to_string()));
                                continue;
                            }
                            // Backoff.Next: doubled, unless the entry expired (2 × max idle).
                            let delay = match mem.backoff.get(&bkey) {
                                Some(&(d, at)) if now.millis().saturating_sub(at.millis()) <= 2 * BACKOFF_MAX_MS => (d * 2).min(BACKOFF_MAX_MS),
                                _ => BACKOFF_INITIAL_MS,
                            };
                            mem.backoff.insert(bkey, (delay, now));
                            let msg = format!("Found failed daemon pod {}/{} on node {node_name}, will try to kill it", pod["metadata"]["namespace"].as_str().unwrap_or_default(), name_of(pod));
                            mem.warnings.push((ds.to_value(), "Warning", "FailedDaemonPod", msg));
                            deletes.push(name_of(pod).to_string());
                        }
                        Some("Succeeded") => {
                            let msg = format!("Found succeeded daemon pod {}/{} on node {node_name}, will try to delete it", pod["metadata"]["namespace"].as_str().unwrap_or_default(), name_of(pod));
                            state.daemonsets.warnings.push((ds.to_value(), "Normal", "SucceededDaemonPod", msg));
                            deletes.push(name_of(pod).to_string());
                        }
                        _ => running.push(*pod),
                    }
                }
                if !surge {
                    // At most one pod a node: all but the oldest go.
                    deletes.extend(running.iter().skip(1).map(|p| name_of(p).to_string()));
                    continue;
                }
                if running.len() <= 1 {
                    if running.is_empty() && should_run {
                        creates.push(node_name.to_string());
                    }
                    continue;
                }
                // Surging: keep the oldest new and the oldest old pod; the old one goes once it is
                // not ready or the new one is available.
                let (mut oldest_new, mut oldest_old) = (None, None);
                for pod in &running {
                    let slot = if updated(pod, hash) { &mut oldest_new } else { &mut oldest_old };
                    if slot.is_none() {
                        *slot = Some(*pod);
                    } else {
                        deletes.push(name_of(pod).to_string());
                    }
                }
                if let (Some(new), Some(old)) = (oldest_new, oldest_old)
                    && (!pod_ready(old) || pod_available(new, min_ready, now))
                {
                    deletes.push(name_of(old).to_string());
                }
            }
            Some(pods) if !should_continue => deletes.extend(pods.iter().filter(|p| !deleting(p)).map(|p| name_of(p).to_string())),
            _ => {}
        }
    }
    // getUnscheduledPodsWithoutNode: pending pods aimed at a node that is gone.
    let names: VecSet<&str> = VecSet::from_iter(nodes.iter().map(|n| name_of(n)));
    for (node, pods) in by_node {
        if !names.contains(node.as_str()) {
            deletes.extend(pods.iter().filter(|p| p["spec"]["nodeName"].as_str().is_none_or(str::is_empty)).map(|p| name_of(p).to_string()));
        }
    }
    (deletes, creates)
}

/// `syncNodes`: expectations set, then the creates and deletes.
fn sync_nodes(state: &mut super::replicaset::State, ds: &Slot, deletes: Vec<String>, creates: Vec<String>, hash: &str, now: Time) -> Vec<Write> {
    let ns = ds["metadata"]["namespace"].as_str().unwrap_or("default");
    let creates = &creates[..creates.len().min(BURST_REPLICAS)];
    let deletes = &deletes[..deletes.len().min(BURST_REPLICAS)];
    state.daemonsets.expectations.insert(key(ns, name_of(ds)), (creates.len() as i64, deletes.len() as i64, now));
    let mut writes = Vec::new();
    let mut template = super::replicaset::pod_from_template(ds, "DaemonSet");
    // CreatePodTemplate: the default tolerations, the generation and hash labels.
    add_daemon_tolerations(&mut template["spec"]);
    if !template["metadata"]["labels"].is_object() {
        template["metadata"]["labels"] = json!({});
    }
    if let Some(g) = template_generation(ds) {
        template["metadata"]["labels"][GENERATION_LABEL] = json!(g.to_string());
    }
    if !hash.is_empty() {
        template["metadata"]["labels"][HASH_LABEL] = json!(hash);
    }
    // Batches of 1, 2, 4 … (`controllers/slowstart.rs`); the deletes go after the last one.
    let group = (!creates.is_empty()).then(|| state.slow_starts.begin("DaemonSet", ns, name_of(ds), super::slowstart::Expecting::DaemonSet));
    for (i, node) in creates.iter().enumerate() {
        let mut pod = template.clone();
        // ReplaceDaemonSetPodNodeNameNodeAffinity.
        let term = json!([{"matchFields": [{"key": "metadata.name", "operator": "In", "values": [node]}]}]);
        if !pod["spec"]["affinity"].is_object() {
            pod["spec"]["affinity"] = json!({});
        }
        if !pod["spec"]["affinity"]["nodeAffinity"].is_object() {
            pod["spec"]["affinity"]["nodeAffinity"] = json!({});
        }
        let required = &mut pod["spec"]["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"];
        if required.is_object() {
            required["nodeSelectorTerms"] = term;
        } else {
            *required = json!({"nodeSelectorTerms": term});
        }
        let Some(req) = controller_request(ACCOUNT, Verb::Create, "pods", Some(ns), "", pod) else { continue };
        let mut w = Write::now(ACCOUNT, req);
        w.follow = Some(normal(ds, "SuccessfulCreate", "Created pod: {}".into()));
        w.on_error = Some(super::OnError::pod_control_create());
        w.slow_start = group.map(|g| super::SlowStart::nth(g, i, usize::MAX));
        writes.push(w);
    }
    for pod in deletes {
        let Some(mut req) = controller_request(ACCOUNT, Verb::Delete, "pods", Some(ns), pod, Value::Null) else { continue };
        req.body = None;
        let mut w = Write::now(ACCOUNT, req);
        w.follow = Some(normal(ds, "SuccessfulDelete", format!("Deleted pod: {pod}")));
        writes.push(w);
    }
    writes
}

/// `rollingUpdate`: (old pods to delete, nodes to surge onto).
fn rolling_update(daemon: &DaemonPod, nodes: &[&Slot], runs: &[(bool, bool)], mut by_node: VecMap<String, Vec<&Slot>>, hash: &str, now: Time) -> (Vec<String>, Vec<String>) {
    let ds = daemon.ds;
    let min_ready = ds["spec"]["minReadySeconds"].as_u64().unwrap_or(0);
    // updatedDesiredNodeCounts.
    let mut desired = 0;
    let mut should_run: VecMap<&str, bool> = VecMap::new();
    for (node, &(run, _)) in nodes.iter().zip(runs) {
        should_run.insert(name_of(node), run);
        if run {
            desired += 1;
            by_node.entry(name_of(node).to_string()).or_default();
        }
    }
    let mut max_unavailable = unavailable_count(ds, desired);
    let max_surge = surge_count(ds, desired);
    if desired > 0 && max_unavailable == 0 && max_surge == 0 {
        max_unavailable = 1;
    }
    let available = |p: &Slot| pod_available(p, min_ready, now);
    if max_surge == 0 {
        let mut unavailable = 0;
        let (mut replacements, mut candidates) = (Vec::new(), Vec::new());
        for pods in by_node.values() {
            let Some((new, old)) = find_updated(pods, hash) else {
                unavailable += 1;
                continue;
            };
            match (new, old) {
                (None, None) | (Some(_), Some(_)) => unavailable += 1,
                (Some(new), None) => {
                    if !available(new) {
                        unavailable += 1;
                    }
                }
                (None, Some(old)) => {
                    if !available(old) {
                        replacements.push(name_of(old).to_string());
                        unavailable += 1;
                    } else if unavailable < max_unavailable {
                        candidates.push(name_of(old).to_string());
                    }
                }
            }
        }
        let remaining = (max_unavailable - unavailable).clamp(0, candidates.len() as i64) as usize;
        replacements.extend(candidates.into_iter().take(remaining));
        return (replacements, Vec::new());
    }
    let (mut to_delete, mut should_not_run, mut candidates, mut allowed) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut surging, mut num_available) = (0, 0);
    for (node, pods) in &by_node {
        let Some((new, old)) = find_updated(pods, hash) else {
            surging += 1;
            continue;
        };
        if let Some(p) = old.or(new)
            && available(p)
        {
            num_available += 1;
        }
        let runs = should_run.get(node.as_str()).copied().unwrap_or(false);
        match (new, old) {
            (_, None) => {}
            (None, Some(old)) => {
                if !available(old) {
                    if !runs {
                        to_delete.push(name_of(old).to_string());
                    } else {
                        allowed.push(node.clone());
                    }
                } else if !runs {
                    should_not_run.push(name_of(old).to_string());
                } else if surging < max_surge {
                    candidates.push(node.clone());
                }
            }
            (Some(new), Some(old)) => {
                if !available(new) {
                    surging += 1;
                } else {
                    to_delete.push(name_of(old).to_string());
                }
            }
        }
    }
    let deletable = (num_available - desired).clamp(0, should_not_run.len() as i64) as usize;
    to_delete.extend(should_not_run.into_iter().take(deletable));
    let remaining = (max_surge - surging).clamp(0, candidates.len() as i64) as usize;
    allowed.extend(candidates.into_iter().take(remaining));
    (to_delete, allowed)
}

/// `findUpdatedPodsOnNode`: the node's one new and one old pod (not being deleted); `None`
/// when there are more.
#[allow(clippy::type_complexity)]
fn find_updated<'a>(pods: &[&'a Slot], hash: &str) -> Option<(Option<&'a Slot>, Option<&'a Slot>)> {
    let (mut new, mut old) = (None, None);
    for pod in pods.iter().filter(|p| !deleting(p)) {
        let slot = if updated(pod, hash) { &mut new } else { &mut old };
        if slot.is_some() {
            return None;
        }
        *slot = Some(*pod);
    }
    Some((new, old))
}

/// `cleanupHistory`: old revisions beyond `revisionHistoryLimit`, oldest first, except those
/// live pods still carry.
fn cleanup_history(cache: &Cache, ds: &Slot, old: &[&Slot]) -> Vec<Write> {
    let limit = ds["spec"]["revisionHistoryLimit"].as_i64().unwrap_or(10);
    let mut to_kill = old.len() as i64 - limit;
    if to_kill <= 0 {
        return Vec::new();
    }
    let live: VecSet<String> = VecSet::from_iter(node_to_pods(cache, ds, false).values().flatten().filter_map(|p| p["metadata"]["labels"][HASH_LABEL].as_str()).map(str::to_string));
    let mut sorted = old.to_vec();
    crate::sort::sort_by(&mut sorted, |a, b| revision_number(a).cmp(&revision_number(b)));
    let mut writes = Vec::new();
    for cr in sorted {
        if to_kill <= 0 {
            break;
        }
        if cr["metadata"]["labels"][HASH_LABEL].as_str().is_some_and(|h| live.contains(h)) {
            continue;
        }
        if let Some(mut req) = controller_request(ACCOUNT, Verb::Delete, "controllerrevisions", cr["metadata"]["namespace"].as_str(), name_of(cr), Value::Null) {
            req.body = None;
            writes.push(Write::now(ACCOUNT, req));
        }
        to_kill -= 1;
    }
    writes
}

/// `updateDaemonSetStatus` + `storeDaemonSetStatus`: written only when a count changed or the
/// generation is newer.
#[allow(clippy::too_many_arguments)]
fn status_update(state: &mut super::replicaset::State, daemon: &DaemonPod, nodes: &[&Slot], runs: &[(bool, bool)], by_node: &VecMap<String, Vec<&Slot>>, hash: &str, observed: bool, now: Time) -> Option<Write> {
    let ds = daemon.ds;
    let min_ready = ds["spec"]["minReadySeconds"].as_u64().unwrap_or(0);
    let (mut desired, mut current, mut misscheduled, mut ready, mut updated_n, mut available) = (0i64, 0i64, 0i64, 0i64, 0i64, 0i64);
    for (node, &(run, _)) in nodes.iter().zip(runs) {
        let pods = by_node.get(name_of(node)).filter(|p| !p.is_empty());
        match (run, pods) {
            (true, Some(pods)) => {
                desired += 1;
                current += 1;
                let pod = pods[0];
                if pod_ready(pod) {
                    ready += 1;
                    if pod_available(pod, min_ready, now) {
                        available += 1;
                    }
                }
                if updated(pod, hash) {
                    updated_n += 1;
                }
            }
            (true, None) => desired += 1,
            (false, Some(_)) => misscheduled += 1,
            (false, None) => {}
        }
    }
    let unavailable = desired - available;
    let st = &ds["status"];
    let n = |f: &str| st[f].as_i64().unwrap_or(0);
    let generation = ds["metadata"]["generation"].as_i64().unwrap_or(0);
    if min_ready > 0 && ready != available {
        state.later.push((min_ready * 1000, "DaemonSet", ds["metadata"]["namespace"].as_str().unwrap_or_default().to_string(), name_of(ds).to_string()));
    }
    let same = n("desiredNumberScheduled") == desired
        && n("currentNumberScheduled") == current
        && n("numberMisscheduled") == misscheduled
        && n("numberReady") == ready
        && n("updatedNumberScheduled") == updated_n
        && n("numberAvailable") == available
        && n("numberUnavailable") == unavailable
        && n("observedGeneration") >= generation;
    if same {
        return None;
    }
    let mut status = if st.is_object() { st.to_value() } else { json!({}) };
    if observed {
        status["observedGeneration"] = json!(generation);
    }
    for (f, v) in [("currentNumberScheduled", current), ("numberMisscheduled", misscheduled), ("desiredNumberScheduled", desired), ("numberReady", ready)] {
        status[f] = json!(v);
    }
    // omitempty fields.
    for (f, v) in [("updatedNumberScheduled", updated_n), ("numberAvailable", available), ("numberUnavailable", unavailable)] {
        if let Some(m) = status.as_object_mut() {
            if v == 0 {
                m.remove(f);
            } else {
                m.insert(f.to_string(), json!(v));
            }
        }
    }
    let mut body = ds.to_value();
    body["status"] = status;
    let mut req = controller_request(ACCOUNT, Verb::Update, "daemonsets", ds["metadata"]["namespace"].as_str(), name_of(ds), body)?;
    req.subresource = Some("status".into());
    Some(Write::now(ACCOUNT, req))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ds(spec: Value) -> Value {
        json!({"metadata": {"name": "agent", "namespace": "default"}, "spec": {"template": {"spec": spec}}})
    }

    fn node(name: &str, taints: Value, labels: Value) -> Value {
        json!({"metadata": {"name": name, "labels": labels}, "spec": {"taints": taints}, "status": {"allocatable": {"cpu": "2"}}})
    }

    #[test]
    fn default_tolerations_in_upstream_order() {
        let mut spec = json!({"hostNetwork": true, "tolerations": [{"key": "node.kubernetes.io/unschedulable", "operator": "Exists", "effect": "NoSchedule"}]});
        add_daemon_tolerations(&mut spec);
        let keys: Vec<&str> = spec["tolerations"].as_array().unwrap().iter().map(|t| t["key"].as_str().unwrap()).collect();
        assert_eq!(keys, ["node.kubernetes.io/unschedulable", "node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable", "node.kubernetes.io/disk-pressure", "node.kubernetes.io/memory-pressure", "node.kubernetes.io/pid-pressure", "node.kubernetes.io/network-unavailable"]);
    }

    #[test]
    fn should_run_follows_taints_and_selectors() {
        let cp = node("cp", json!([{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), json!({}));
        assert_eq!(node_should_run(&crate::Obj::untyped(&cp), &crate::Obj::untyped(&ds(json!({})))), (false, true));
        let tolerating = ds(json!({"tolerations": [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}]}));
        assert_eq!(node_should_run(&crate::Obj::untyped(&cp), &crate::Obj::untyped(&tolerating)), (true, true));
        let evicting = node("w", json!([{"key": "k", "value": "v", "effect": "NoExecute"}]), json!({}));
        assert_eq!(node_should_run(&crate::Obj::untyped(&evicting), &crate::Obj::untyped(&ds(json!({})))), (false, false));
        let cordoned = node("w", json!([{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"}]), json!({}));
        assert_eq!(node_should_run(&crate::Obj::untyped(&cordoned), &crate::Obj::untyped(&ds(json!({})))), (true, true));
        let labelled = node("w", json!([]), json!({"disk": "ssd"}));
        assert_eq!(node_should_run(&crate::Obj::untyped(&labelled), &crate::Obj::untyped(&ds(json!({"nodeSelector": {"disk": "ssd"}})))), (true, true));
        assert_eq!(node_should_run(&crate::Obj::untyped(&labelled), &crate::Obj::untyped(&ds(json!({"nodeSelector": {"disk": "hdd"}})))), (false, false));
    }

    #[test]
    fn target_node_from_affinity() {
        let pod = json!({"spec": {"affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["w1"]}]}]}}}}});
        assert_eq!(target_node(&crate::Obj::untyped(&pod)).as_deref(), Some("w1"));
        assert_eq!(target_node(&crate::Obj::untyped(&json!({"spec": {}}))), None);
    }
}

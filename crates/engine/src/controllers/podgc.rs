//! kube-controller-manager's pod garbage collector (upstream `pkg/controller/podgc/
//! gc_controller.go`). Every `gcCheckPeriod` (20 s) it reads its informer cache and, in
//! upstream's order:
//! - `gcTerminated`: terminated pods (phase neither Pending, Running nor Unknown) beyond
//!   `--terminated-pod-gc-threshold` (12500), evicted ones first, then the oldest;
//! - `gcTerminating`: terminating pods on a node that is not Ready and has the
//!   `node.kubernetes.io/out-of-service` taint;
//! - `gcOrphaned`: pods bound to a node the cache does not know are quarantined 40 s (the
//!   `orphaned_pods_nodes` delaying queue), then the node is looked up with a live GET; when it
//!   is really gone, each of its pods gets `DisruptionTarget` (`DeletionByPodGC`, `PodGC: node
//!   no longer exists`);
//! - `gcUnscheduledTerminating`: terminating pods bound to no node.
//!
//! Each is `markFailedAndDeletePod`: a status PATCH to phase Failed (with the condition, if
//! any; skipped for a pod already Succeeded or Failed), then a DELETE with grace period 0.
//! Upstream sends the deletions of one pass from parallel goroutines; here they go in the
//! sorted order.

use crate::Slot;
use crate::vecmap::VecMap;
use std::sync::Arc;

use serde_json::Value;

use crate::apiserver::request::{Request, Verb};
use crate::clock::Time;
use crate::components::Cache;

/// `gcCheckPeriod`.
pub const GC_CHECK_PERIOD_MS: u64 = 20_000;
/// `quarantineTime`.
const QUARANTINE_MS: u64 = 40_000;
/// kube-controller-manager's `--terminated-pod-gc-threshold` default.
const TERMINATED_POD_THRESHOLD: usize = 12_500;
const SA: &str = "pod-garbage-collector";
const OUT_OF_SERVICE: &str = "node.kubernetes.io/out-of-service";

/// The controller, a loop of kube-controller-manager (`component.rs`); its memory: each
/// quarantined node name and when its quarantine ends (the delaying queue keeps the earliest
/// `AddAfter`).
#[derive(Debug, Clone, Default)]
pub struct PodGc {
    quarantine: VecMap<String, Time>,
    /// What the quiet-stretch check needs, kept per delivery (a scan of every pod at each look
    /// made a Job's thousand failed pods quadratic).
    tally: Tally,
}

fn s(v: &Slot) -> &str {
    v.as_str().unwrap_or_default()
}

/// The pods of kube-controller-manager's cache as PodGC's rules see them: how many are
/// terminated, and per node name how many are bound there and how many of those are
/// terminating ("" for terminating pods bound nowhere).
#[derive(Debug, Clone, Default, PartialEq)]
struct Tally {
    terminated: usize,
    bound: VecMap<String, usize>,
    terminating: VecMap<String, usize>,
}

impl Tally {
    fn count(&mut self, pod: &Slot, add: bool) {
        fn bump(map: &mut VecMap<String, usize>, key: &str, add: bool) {
            if add {
                *map.entry(key.to_string()).or_default() += 1;
            } else if let Some(n) = map.get_mut(key) {
                *n -= 1;
                if *n == 0 {
                    map.remove(key);
                }
            }
        }
        if terminated(pod) {
            self.terminated = if add { self.terminated + 1 } else { self.terminated.saturating_sub(1) };
        }
        let n = node_name(pod);
        if !n.is_empty() {
            bump(&mut self.bound, n, add);
        }
        if terminating(pod) {
            bump(&mut self.terminating, n, add);
        }
    }

    fn of(cache: &crate::components::Cache) -> Tally {
        let mut t = Tally::default();
        for (_, p) in crate::components::cached(cache, "", "pods") {
            t.count(p, true);
        }
        t
    }

    /// No pod any of PodGC's rules would collect: none terminating on a node that is gone or
    /// out of service (or on none), none bound to a node the cache does not know, no more
    /// terminated pods than the threshold.
    fn nothing_to_collect(&self, cache: &crate::components::Cache) -> bool {
        let nodes: VecMap<&str, &Arc<crate::Obj>> = VecMap::from_iter(crate::components::cached(cache, "", "nodes").map(|(k, v)| (k.name.as_str(), v)));
        let node = |name: &str| nodes.get(name).copied();
        self.terminated <= TERMINATED_POD_THRESHOLD
            && self.bound.keys().all(|n| node(n).is_some())
            && self.terminating.keys().all(|n| !n.is_empty() && node(n).is_some_and(|node| !out_of_service(node)))
    }
}

/// PodGC's one timer: its pass every `gcCheckPeriod`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pass;

type Cx<'a> = crate::component::Cx<'a, Pass>;

impl crate::component::Component for PodGc {
    type Timer = Pass;

    fn on_watch(&mut self, _cx: &mut Cx<'_>, event: &crate::store::WatchEvent, old: Option<&Slot>) {
        self.observe(event, old);
    }

    #[inline(never)]
    fn on_timer(&mut self, cx: &mut Cx<'_>, Pass: Pass) {
        self.pass(cx);
    }

    /// A fresh list (kube-controller-manager started): counted again.
    fn on_start(&mut self, cx: &mut Cx<'_>) {
        self.tally = Tally::of(cx.cache());
    }

    fn on_stop(&mut self) {}

    fn steady_until(&self, running: bool, cache: &Cache, Pass: &Pass) -> Option<Time> {
        (!running || self.nothing_to_do(cache)).then_some(Time(u64::MAX))
    }
}

impl PodGc {
    /// Keeps the tally as kube-controller-manager's pod informer delivers (`old`: the cached
    /// pod before).
    fn observe(&mut self, event: &crate::store::WatchEvent, old: Option<&Slot>) {
        if event.key.resource != "pods" || !event.key.group.is_empty() {
            return;
        }
        if let Some(old) = old {
            self.tally.count(old, false);
        }
        if event.event_type != crate::store::EventType::Deleted {
            self.tally.count(&event.object, true);
        }
    }

}

fn node_name(pod: &Slot) -> &str {
    s(&pod["spec"]["nodeName"])
}

fn terminating(pod: &Slot) -> bool {
    pod["metadata"]["deletionTimestamp"].is_string()
}

/// `isPodTerminated`.
fn terminated(pod: &Slot) -> bool {
    !matches!(s(&pod["status"]["phase"]), "Pending" | "Running" | "Unknown")
}

/// `byEvictionAndCreationTimestamp`: evicted pods first, then the oldest, then by name.
fn sort_for_deletion(pods: &mut [Arc<crate::Obj>]) {
    crate::sort::sort_by_key(pods, |p| {
        let evicted = p["status"]["phase"] == "Failed" && p["status"]["reason"] == "Evicted";
        (!evicted, s(&p["metadata"]["creationTimestamp"]).to_string(), s(&p["metadata"]["name"]).to_string())
    });
}

/// `nodeutil.IsNodeReady` and `taints.TaintKeyExists(…, out-of-service)`.
fn out_of_service(node: &Slot) -> bool {
    let ready = node["status"]["conditions"].as_array().into_iter().flatten().any(|c| c["type"] == "Ready" && c["status"] == "True");
    !ready && node["spec"]["taints"].as_array().into_iter().flatten().any(|t| t["key"] == OUT_OF_SERVICE)
}

fn request(verb: Verb, plural: &str, namespace: Option<&str>, name: &str, body: Value) -> Option<Request> {
    super::controller_request(SA, verb, plural, namespace, name, body)
}

/// `markFailedAndDeletePodWithCondition`'s two requests.
fn mark_failed_and_delete(pod: &Slot, condition: Option<Value>) -> Vec<Request> {
    let ns = s(&pod["metadata"]["namespace"]);
    let name = s(&pod["metadata"]["name"]);
    let mut out = Vec::new();
    if !matches!(s(&pod["status"]["phase"]), "Succeeded" | "Failed") {
        // `utilpod.PatchPodStatus`: the uid as a precondition, the changed status fields.
        let mut status = json!({"phase": "Failed", "observedGeneration": pod["metadata"]["generation"]});
        if let Some(c) = condition {
            // `UpdatePodCondition`: replaces a condition of the same type, else appends.
            let mut conditions: Vec<Value> = pod["status"]["conditions"].to_values().unwrap_or_default();
            match conditions.iter_mut().find(|x| x["type"] == c["type"]) {
                Some(x) => *x = c,
                None => conditions.push(c),
            }
            status["conditions"] = json!(conditions);
        }
        if let Some(mut r) = request(Verb::Patch, "pods", Some(ns), name, json!({"metadata": {"uid": pod["metadata"]["uid"]}, "status": status})) {
            r.subresource = Some("status".into());
            out.push(r);
        }
    }
    if let Some(mut r) = request(Verb::Delete, "pods", Some(ns), name, Value::Null) {
        r.body = None;
        r.grace_period_seconds = Some(0);
        out.push(r);
    }
    out
}

impl PodGc {
    /// Would a pass do nothing? No node in quarantine, and no pod any of its rules would
    /// collect (also the quiet stretches' question, `quiet.rs`).
    fn nothing_to_do(&self, cache: &Cache) -> bool {
        self.quarantine.is_empty() && self.tally.nothing_to_collect(cache)
    }

    /// One `gc` pass; the next one in 20 s.
    fn pass(&mut self, cx: &mut Cx<'_>) {
        cx.after(cx.now().plus_millis(GC_CHECK_PERIOD_MS), Pass);
        if !cx.running() || self.nothing_to_do(cx.cache()) {
            // Nothing any rule would take and no quarantine running out: the pass does nothing.
            return;
        }
        let now = cx.now();
        let cache = cx.cache();
        let pods: Vec<Arc<crate::Obj>> = crate::components::cached(cache, "", "pods").map(|(_, v)| v.clone()).collect();
        let nodes: VecMap<&str, &Arc<crate::Obj>> = VecMap::from_iter(crate::components::cached(cache, "", "nodes").map(|(k, v)| (k.name.as_str(), v)));
        let mut requests: Vec<Request> = Vec::new();
        // gcTerminated.
        let mut done: Vec<Arc<crate::Obj>> = pods.iter().filter(|p| terminated(p)).cloned().collect();
        if done.len() > TERMINATED_POD_THRESHOLD {
            sort_for_deletion(&mut done);
            let n = done.len() - TERMINATED_POD_THRESHOLD;
            done.iter().take(n).for_each(|p| requests.extend(mark_failed_and_delete(p, None)));
        }
        // gcTerminating.
        let mut oos: Vec<Arc<crate::Obj>> = pods.iter().filter(|p| terminating(p) && nodes.get(node_name(p)).is_some_and(|n| out_of_service(n))).cloned().collect();
        sort_for_deletion(&mut oos);
        oos.iter().for_each(|p| requests.extend(mark_failed_and_delete(p, None)));
        // gcOrphaned: newly found unknown nodes go into quarantine.
        for p in &pods {
            let n = node_name(p);
            if !n.is_empty() && !nodes.contains_key(n) {
                let ready = now.plus_millis(QUARANTINE_MS);
                let slot = self.quarantine.entry(n.to_string()).or_insert(ready);
                *slot = (*slot).min(ready);
            }
        }
        let due: Vec<String> = self.quarantine.iter().filter(|(_, t)| **t <= now).map(|(n, _)| n.clone()).collect();
        let unknown: Vec<String> = due.iter().filter(|n| !nodes.contains_key(n.as_str())).cloned().collect();
        let orphans: Vec<Arc<crate::Obj>> = pods.iter().filter(|p| unknown.iter().any(|n| n == node_name(p))).cloned().collect();
        let unscheduled: Vec<Arc<crate::Obj>> = pods.iter().filter(|p| terminating(p) && node_name(p).is_empty()).cloned().collect();
        for n in &due {
            self.quarantine.remove(n);
        }
        for r in requests {
            let _ = cx.request(r);
        }
        // `discoverDeletedNodes`: a live GET for each node out of quarantine.
        let mut deleted: Vec<String> = Vec::new();
        for n in unknown {
            let Some(r) = request(Verb::Get, "nodes", None, &n, Value::Null).map(|mut r| {
                r.body = None;
                r
            }) else {
                continue;
            };
            if let Err(status) = cx.request(r)
                && status.code() == 404
            {
                deleted.push(n);
            }
        }
        for p in orphans.iter().filter(|p| deleted.iter().any(|n| n == node_name(p))) {
            let condition = json!({"type": "DisruptionTarget", "status": "True", "observedGeneration": p["metadata"]["generation"], "lastProbeTime": null,
                "lastTransitionTime": now.rfc3339(), "reason": "DeletionByPodGC", "message": "PodGC: node no longer exists"});
            for r in mark_failed_and_delete(p, Some(condition)) {
                let _ = cx.request(r);
            }
        }
        // gcUnscheduledTerminating.
        for p in &unscheduled {
            for r in mark_failed_and_delete(p, None) {
                let _ = cx.request(r);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tally kept per delivery equals a count of the cache, and reads the rules as a scan
    /// would: a pod on an unknown node, or terminating on none, is something to collect.
    #[test]
    fn the_tally_follows_deliveries() {
        use crate::store::{EventType, ObjectKey, WatchEvent};
        let key = |n: &str| ObjectKey { group: "".into(), resource: "pods".into(), namespace: "default".into(), name: n.into() };
        let pod = |n: &str, node: &str, phase: &str, deleting: bool| {
            let mut p = json!({"metadata": {"name": n, "namespace": "default"}, "spec": {"nodeName": node}, "status": {"phase": phase}});
            if deleting {
                p["metadata"]["deletionTimestamp"] = json!("2026-03-02T09:00:00Z");
            }
            Arc::new(crate::Obj::untyped(&p))
        };
        let mut cache = crate::components::Cache::new();
        cache.insert(ObjectKey { group: "".into(), resource: "nodes".into(), namespace: "".into(), name: "w1".into() }, Arc::new(crate::Obj::untyped(&json!({"metadata": {"name": "w1"}}))));
        let mut state = PodGc { tally: Tally::of(&cache), ..PodGc::default() };
        let mut deliver = |cache: &mut crate::components::Cache, event_type: EventType, p: Arc<crate::Obj>| {
            let k = key(p["metadata"]["name"].as_str().unwrap_or_default());
            let old = cache.get(&k).cloned();
            let event = WatchEvent { event_type, key: k.clone(), object: p.clone(), revision: 1 };
            state.observe(&event, old.as_deref().map(|o| o.root()));
            if event_type == EventType::Deleted {
                cache.remove(&k);
            } else {
                cache.insert(k, p);
            }
            state.tally.clone()
        };
        deliver(&mut cache, EventType::Added, pod("a", "", "Pending", false));
        deliver(&mut cache, EventType::Modified, pod("a", "w1", "Running", false));
        let t = deliver(&mut cache, EventType::Modified, pod("a", "w1", "Failed", false));
        assert_eq!(t, Tally::of(&cache));
        assert!(t.nothing_to_collect(&cache));
        let t = deliver(&mut cache, EventType::Added, pod("b", "gone", "Running", false));
        assert!(!t.nothing_to_collect(&cache), "bound to a node the cache does not know");
        let t = deliver(&mut cache, EventType::Deleted, pod("b", "gone", "Running", false));
        assert!(t.nothing_to_collect(&cache));
        let t = deliver(&mut cache, EventType::Added, pod("c", "", "Pending", true));
        assert!(!t.nothing_to_collect(&cache), "terminating, bound to no node");
        let t = deliver(&mut cache, EventType::Deleted, pod("c", "", "Pending", true));
        assert_eq!(t, Tally::of(&cache));
        assert_eq!((t.terminated, t.bound.len(), t.terminating.len()), (1, 1, 0));
    }

    #[test]
    fn deletion_order_puts_evicted_then_oldest_first() {
        let pod = |name: &str, created: &str, evicted: bool| {
            Arc::new(crate::Obj::untyped(&json!({"metadata": {"name": name, "creationTimestamp": created}, "status": {"phase": "Failed", "reason": if evicted { "Evicted" } else { "" }}})))
        };
        let mut pods = vec![pod("c", "2026-03-02T09:00:01Z", false), pod("b", "2026-03-02T09:00:00Z", false), pod("a", "2026-03-02T09:00:05Z", true)];
        sort_for_deletion(&mut pods);
        let names: Vec<&str> = pods.iter().map(|p| s(&p["metadata"]["name"])).collect();
        assert_eq!(names, ["a", "b", "c"]);
    }

    #[test]
    fn terminal_pods_are_only_deleted() {
        let pod = json!({"metadata": {"name": "p", "namespace": "default", "uid": "u"}, "status": {"phase": "Succeeded"}});
        let rs = mark_failed_and_delete(&crate::Obj::untyped(&pod), None);
        assert_eq!(rs.len(), 1);
        assert_eq!(rs[0].grace_period_seconds, Some(0));
        let running = json!({"metadata": {"name": "p", "namespace": "default", "uid": "u", "generation": 1}, "status": {"phase": "Running"}});
        let rs = mark_failed_and_delete(&crate::Obj::untyped(&running), None);
        assert_eq!(rs.len(), 2);
        assert_eq!(rs[0].body.as_ref().map(|b| b["status"]["phase"].clone()), Some(json!("Failed")));
    }
}

//! The taint eviction controller (upstream `pkg/controller/tainteviction/taint_eviction.go`
//! and `timed_workers.go`; kube-controller-manager runs it with the node controller's client).
//!
//! It remembers each node's NoExecute taints. When they change (or a pod is bound, or its
//! tolerations change) it decides for every pod on the node (`processPodOnNode`): a taint the
//! pod does not tolerate deletes it now; tolerations with `tolerationSeconds` delete it that
//! long after the controller noticed (`now`, not the taint's `timeAdded`); tolerations without
//! a time keep it. A scheduled deletion is a timed worker, cancelled (with a `Cancelling
//! deletion of Pod` event) when the taints go. When it fires: a `TaintManagerEviction` event,
//! then `addConditionAndDeletePod` — a fresh GET, the DisruptionTarget condition as a status
//! PATCH, a DELETE — tried up to 5 times (10 ms apart upstream; here at once).

use crate::Slot;
use crate::vecmap::{VecMap, VecSet};
use std::sync::Arc;

use serde_json::Value;

use super::nodelifecycle::{pods_on_node, request};
use crate::apiserver::Verb;
use crate::clock::Time;
use crate::store::{EventType, ObjectKey, WatchEvent};
use podlife_model::ResourceType;

/// The controller's name: the events' source.
const SOURCE: &str = "taint-eviction-controller";
/// `retries` of `deletePodHandler`.
const RETRIES: usize = 5;

/// A scheduled deletion (`TimedWorker`); `fired` once it ran (kept so the pod is not
/// scheduled again, as upstream keeps a nil worker).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Worker {
    created: Time,
    token: u64,
    fired: bool,
}

#[derive(Debug, Clone, Default)]
pub struct State {
    /// `taintedNodes`: each node's NoExecute taints.
    tainted: VecMap<String, Vec<Value>>,
    /// `taintEvictionQueue`: by `namespace/name`.
    workers: VecMap<(String, String), Worker>,
    next_token: u64,
    /// `nodeUpdateQueue`: nodes waiting to be handled.
    node_queue: VecSet<String>,
    recorder: crate::record::Recorder,
}

impl State {
    pub fn reset(&mut self) {
        *self = State::default();
    }
}

/// A queued piece of the controller's work.
#[derive(Debug, Clone)]
pub enum Work {
    Node { name: String },
    Pod { namespace: String, name: String, node: String },
    /// A timed worker's time came.
    Fire { namespace: String, name: String, token: u64 },
}

fn s(v: &Slot) -> &str {
    v.as_str().unwrap_or_default()
}

/// `getNoExecuteTaints`.
fn no_execute_taints(node: &Slot) -> Vec<Value> {
    node["spec"]["taints"].as_array().into_iter().flatten().filter(|t| t["effect"] == "NoExecute").map(Slot::to_value).collect()
}

/// `Toleration.ToleratesTaint`.
pub(crate) fn tolerates(tol: &Value, taint: &Value) -> bool {
    let effect_ok = tol["effect"].as_str().is_none_or(|e| e.is_empty() || Some(e) == taint["effect"].as_str());
    let key_ok = tol["key"].as_str().is_none_or(|k| k.is_empty() || Some(k) == taint["key"].as_str());
    let value_ok = match tol["operator"].as_str().unwrap_or("Equal") {
        "Exists" => true,
        "Equal" | "" => tol["value"].as_str().unwrap_or_default() == taint["value"].as_str().unwrap_or_default(),
        op @ ("Lt" | "Gt") => crate::scheduler::framework::compare_numeric(tol["value"].as_str().unwrap_or_default(), taint["value"].as_str().unwrap_or_default(), op),
        _ => false,
    };
    effect_ok && key_ok && value_ok
}

/// `v1helper.GetMatchingTolerations`: whether every taint is tolerated, and the first
/// toleration that tolerates each.
fn matching_tolerations<'a>(taints: &[Value], tolerations: &'a [Value]) -> (bool, Vec<&'a Value>) {
    let mut used = Vec::new();
    for taint in taints {
        match tolerations.iter().find(|t| tolerates(t, taint)) {
            Some(t) => used.push(t),
            None => return (false, vec![]),
        }
    }
    (true, used)
}

/// `getMinTolerationTime` in ms: None for forever.
fn min_toleration_ms(used: &[&Value]) -> Option<u64> {
    if used.is_empty() {
        return Some(0);
    }
    let mut min: Option<i64> = None;
    for t in used {
        if let Some(secs) = t["tolerationSeconds"].as_i64() {
            if secs <= 0 {
                return Some(0);
            }
            min = Some(min.map_or(secs, |m| m.min(secs)));
        }
    }
    min.map(|secs| (secs as u64).saturating_mul(1000))
}

fn cached<'a>(cache: &'a crate::components::Cache, plural: &str, namespace: Option<&str>, name: &str) -> Option<&'a Arc<crate::Obj>> {
    let rt = ResourceType::resolve(plural)?;
    cache.get(&ObjectKey::new(rt, namespace, name))
}

type Cx<'a> = crate::component::Cx<'a, Work>;

impl State {
    /// `NodeUpdated` / `PodUpdated`: a delivery to kube-controller-manager that concerns this
    /// controller queues work.
    pub(crate) fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&Slot>) {
        let deleted = event.event_type == EventType::Deleted;
        match (event.key.group, event.key.resource) {
            ("", "nodes") => {
                let new = (!deleted).then(|| no_execute_taints(&event.object));
                if let (Some(o), Some(n)) = (old, &new)
                    && no_execute_taints(o) == *n
                {
                    return;
                }
                if self.node_queue.insert(event.key.name.clone()) {
                    cx.after(cx.now().plus_millis(1), Work::Node { name: event.key.name.clone() });
                }
            }
            ("", "pods") => {
                let node = s(&event.object["spec"]["nodeName"]).to_string();
                if !deleted
                    && let Some(o) = old
                    && o["spec"]["tolerations"] == event.object["spec"]["tolerations"]
                    && o["spec"]["nodeName"] == event.object["spec"]["nodeName"]
                {
                    return;
                }
                let work = Work::Pod { namespace: event.key.namespace.clone(), name: event.key.name.clone(), node };
                cx.after(cx.now().plus_millis(1), work);
            }
            _ => {}
        }
    }

    #[inline(never)]
    pub(crate) fn on_timer(&mut self, cx: &mut Cx<'_>, work: Work) {
        if !cx.running() {
            return;
        }
        match work {
            Work::Node { name } => {
                self.node_queue.remove(&name);
                self.handle_node_update(cx, &name);
            }
            Work::Pod { namespace, name, node } => self.handle_pod_update(cx, &namespace, &name, &node),
            Work::Fire { namespace, name, token } => {
                let key = (namespace, name);
                match self.workers.get_mut(&key) {
                    Some(w) if w.token == token && !w.fired => w.fired = true,
                    _ => return,
                }
                if !self.delete_pod_handler(cx, &key.0, &key.1) {
                    // A failed worker is forgotten: the next update may schedule it again.
                    self.workers.remove(&key);
                }
            }
        }
    }

    /// `handleNodeUpdate`.
    fn handle_node_update(&mut self, cx: &mut Cx<'_>, name: &str) {
        let Some(node) = cached(cx.cache(), "nodes", None, name).cloned() else {
            self.tainted.remove(name);
            return;
        };
        let taints = no_execute_taints(&node);
        if taints.is_empty() {
            self.tainted.remove(name);
        } else {
            self.tainted.insert(name.to_string(), taints.clone());
        }
        let pods = pods_on_node(cx.cache(), name);
        if taints.is_empty() {
            for p in &pods {
                self.cancel_work_with_event(cx, s(&p["metadata"]["namespace"]), s(&p["metadata"]["name"]));
            }
            return;
        }
        let now = cx.now();
        for p in &pods {
            let tolerations = p["spec"]["tolerations"].to_values().unwrap_or_default();
            self.process_pod_on_node(cx, s(&p["metadata"]["namespace"]), s(&p["metadata"]["name"]), &tolerations, &taints, now);
        }
    }

    /// `handlePodUpdate`.
    fn handle_pod_update(&mut self, cx: &mut Cx<'_>, namespace: &str, name: &str, node: &str) {
        let Some(pod) = cached(cx.cache(), "pods", Some(namespace), name).cloned() else {
            self.cancel_work_with_event(cx, namespace, name);
            return;
        };
        if pod["spec"]["nodeName"] != node || node.is_empty() {
            return;
        }
        let Some(taints) = self.tainted.get(node).cloned() else { return };
        let tolerations = pod["spec"]["tolerations"].to_values().unwrap_or_default();
        let now = cx.now();
        self.process_pod_on_node(cx, namespace, name, &tolerations, &taints, now);
    }

    /// `processPodOnNode`.
    #[allow(clippy::too_many_arguments)]
    fn process_pod_on_node(&mut self, cx: &mut Cx<'_>, namespace: &str, name: &str, tolerations: &[Value], taints: &[Value], now: Time) {
        if taints.is_empty() {
            self.cancel_work_with_event(cx, namespace, name);
        }
        let (all, used) = matching_tolerations(taints, tolerations);
        if !all {
            self.cancel_work_with_event(cx, namespace, name);
            self.add_work(cx, namespace, name, now, now);
            return;
        }
        let Some(min_ms) = min_toleration_ms(&used) else {
            self.cancel_work_with_event(cx, namespace, name);
            return;
        };
        let mut start = now;
        let trigger = now.plus_millis(min_ms);
        let key = (namespace.to_string(), name.to_string());
        if let Some(w) = self.workers.get(&key).filter(|w| !w.fired) {
            start = w.created;
            if start.plus_millis(min_ms) < trigger {
                return;
            }
            self.cancel_work_with_event(cx, namespace, name);
        }
        self.add_work(cx, namespace, name, start, trigger);
    }

    /// `AddWork`: a timed worker, unless one exists for the pod (a fired one included).
    fn add_work(&mut self, cx: &mut Cx<'_>, namespace: &str, name: &str, created: Time, fire: Time) {
        let key = (namespace.to_string(), name.to_string());
        if self.workers.contains_key(&key) {
            return;
        }
        self.next_token += 1;
        let token = self.next_token;
        self.workers.insert(key, Worker { created, token, fired: false });
        let at = fire.max(cx.now());
        cx.after(at, Work::Fire { namespace: namespace.to_string(), name: name.to_string(), token });
    }

    /// `cancelWorkWithEvent`: the event only when a pending deletion was cancelled.
    fn cancel_work_with_event(&mut self, cx: &mut Cx<'_>, namespace: &str, name: &str) {
        let Some(w) = self.workers.remove(&(namespace.to_string(), name.to_string())) else { return };
        if !w.fired {
            self.event(cx, namespace, name, &format!("Cancelling deletion of Pod {namespace}/{name}"));
        }
    }

    /// `deletePodHandler`: the event, then `addConditionAndDeletePod` until it succeeds.
    fn delete_pod_handler(&mut self, cx: &mut Cx<'_>, namespace: &str, name: &str) -> bool {
        self.event(cx, namespace, name, &format!("Marking for deletion Pod {namespace}/{name}"));
        (0..RETRIES).any(|_| add_condition_and_delete_pod(cx, namespace, name))
    }

    /// An event about a pod from the taint eviction controller (its reference has no uid).
    fn event(&mut self, cx: &mut Cx<'_>, namespace: &str, name: &str, message: &str) {
        let reference = json!({"apiVersion": "v1", "kind": "Pod", "name": name, "namespace": namespace});
        let client = |verb, plural: &str, ns: Option<&str>, name: &str, body| super::controller_request(super::nodelifecycle::SA, verb, plural, ns, name, body);
        let now = cx.now();
        crate::record::event_via(&mut self.recorder, &client, SOURCE, reference, ("Normal", "TaintManagerEviction", message), now, &mut |r| cx.request(r));
    }
}

/// `addConditionAndDeletePod`: GET, the DisruptionTarget condition (`PatchPodStatus`),
/// DELETE.
fn add_condition_and_delete_pod(cx: &mut Cx<'_>, namespace: &str, name: &str) -> bool {
    let Some(get) = request(Verb::Get, "pods", Some(namespace), name, Value::Null) else { return false };
    let Ok(crate::Response::Object(pod)) = cx.request(get) else { return false };
    let conditions = pod["status"]["conditions"].as_array().cloned().unwrap_or_default();
    let wanted = ("True", "DeletionByTaintManager", "Taint manager: deleting due to NoExecute taint");
    let existing = conditions.iter().find(|c| c["type"] == "DisruptionTarget");
    let unchanged = existing.is_some_and(|c| c["status"] == wanted.0 && c["reason"] == wanted.1 && c["message"] == wanted.2);
    if !unchanged {
        // `UpdatePodCondition`: the transition time stays when the status does.
        let since = existing.filter(|c| c["status"] == wanted.0).map_or_else(|| json!(cx.now().rfc3339()), |c| c["lastTransitionTime"].clone());
        let condition = json!({"type": "DisruptionTarget", "status": wanted.0, "lastProbeTime": null, "lastTransitionTime": since, "reason": wanted.1, "message": wanted.2});
        let mut order: Vec<Value> = conditions.iter().map(|c| json!({"type": c["type"]})).collect();
        if existing.is_none() {
            order.push(json!({"type": "DisruptionTarget"}));
        }
        let body = json!({"metadata": {"uid": pod["metadata"]["uid"]}, "status": {"$setElementOrder/conditions": order, "conditions": [condition]}});
        let Some(mut patch) = request(Verb::Patch, "pods", Some(namespace), name, body) else { return false };
        patch.subresource = Some("status".into());
        patch.patch_type = crate::apiserver::patch::PatchType::Strategic;
        if cx.request(patch).is_err() {
            return false;
        }
    }
    let Some(mut delete) = request(Verb::Delete, "pods", Some(namespace), name, Value::Null) else { return false };
    delete.body = None;
    cx.request(delete).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_matching_toleration_decides() {
        let taints = vec![json!({"key": "node.kubernetes.io/unreachable", "effect": "NoExecute"})];
        let tolerations = vec![
            json!({"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 300}),
            json!({"operator": "Exists"}),
        ];
        let (all, used) = matching_tolerations(&taints, &tolerations);
        assert!(all);
        assert_eq!(min_toleration_ms(&used), Some(300_000));
        // A daemon pod's toleration has no time: forever.
        let daemon = vec![json!({"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute"})];
        assert_eq!(min_toleration_ms(&matching_tolerations(&taints, &daemon).1), None);
        // Not tolerated: at once.
        assert!(!matching_tolerations(&taints, &[]).0);
        let zero = vec![json!({"key": "node.kubernetes.io/unreachable", "operator": "Exists", "tolerationSeconds": 0})];
        assert_eq!(min_toleration_ms(&matching_tolerations(&taints, &zero).1), Some(0));
    }
}

//! How the node controller writes taints (upstream `pkg/controller/controller_utils.go`
//! `AddOrUpdateTaintOnNode` / `RemoveTaintOffNode` / `PatchNodeTaints`,
//! `pkg/controller/util/node/controller_utils.go` `SwapNodeControllerTaint`) and its two
//! tainting passes (`doNoScheduleTaintingPass`, `doNoExecuteTaintingPass`).
//!
//! Each write is a read-modify-write: a GET of the node (the first one from the API server's
//! cache, `resourceVersion=0`), the taint list changed, and a strategic-merge PATCH of
//! `spec.taints` carrying the resourceVersion that was read, so that a node changed in between
//! answers 409 and the whole read-modify-write is tried again (`RetryOnConflict` with
//! `UpdateTaintBackoff`, 5 steps).

use crate::Slot;
use serde_json::Value;

use super::{Cx, NOT_READY, State, UNREACHABLE, condition, request, s};
use crate::apiserver::Verb;
use crate::clock::Time;

/// `UpdateTaintBackoff.Steps`.
const UPDATE_TAINT_STEPS: usize = 5;

/// `nodeConditionToTaintKeyStatusMap`: the NoSchedule taint each condition status asks for.
fn condition_taint(kind: &str, status: &str) -> Option<&'static str> {
    match (kind, status) {
        ("Ready", "False") => Some(NOT_READY),
        ("Ready", "Unknown") => Some(UNREACHABLE),
        ("MemoryPressure", "True") => Some("node.kubernetes.io/memory-pressure"),
        ("DiskPressure", "True") => Some("node.kubernetes.io/disk-pressure"),
        ("NetworkUnavailable", "True") => Some("node.kubernetes.io/network-unavailable"),
        ("PIDPressure", "True") => Some("node.kubernetes.io/pid-pressure"),
        _ => None,
    }
}

/// `taintKeyToNodeConditionMap`'s keys: the taints this pass owns.
fn is_condition_taint(key: &str) -> bool {
    matches!(
        key,
        "node.kubernetes.io/not-ready"
            | "node.kubernetes.io/unreachable"
            | "node.kubernetes.io/network-unavailable"
            | "node.kubernetes.io/memory-pressure"
            | "node.kubernetes.io/disk-pressure"
            | "node.kubernetes.io/pid-pressure"
    )
}

const UNSCHEDULABLE: &str = "node.kubernetes.io/unschedulable";

/// `TaintExists` with a template: the same key and effect (`MatchTaint`).
pub(crate) fn has_taint(node: &Slot, key: &str, effect: &str) -> bool {
    node["spec"]["taints"].as_array().into_iter().flatten().any(|t| t["key"] == key && t["effect"] == effect)
}

fn taints_of(node: &Slot) -> Vec<Value> {
    node["spec"]["taints"].to_values().unwrap_or_default()
}

/// `taints.AddOrUpdateTaint` for each taint: a taint with the same key and effect is replaced
/// unless equal; true when something changed.
fn add_or_update(list: &mut Vec<Value>, taint: &Slot) -> bool {
    match list.iter_mut().find(|t| t["key"] == taint["key"] && t["effect"] == taint["effect"]) {
        Some(t) if t == taint => false,
        Some(t) => {
            *t = taint.to_value();
            true
        }
        None => {
            list.push(taint.to_value());
            true
        }
    }
}

impl State {
    /// A GET of the node from the node controller's client.
    fn get_node(&mut self, cx: &mut Cx<'_>, name: &str) -> Option<Value> {
        match request(Verb::Get, "nodes", None, name, Value::Null).map(|r| cx.request(r)) {
            Some(Ok(crate::Response::Object(n))) => Some(n),
            _ => None,
        }
    }

    /// `PatchNodeTaints`: the new taint list, and the resourceVersion read with the old one as
    /// the precondition (a patch of the node without it would silently overwrite a change).
    fn patch_node_taints(&mut self, cx: &mut Cx<'_>, name: &str, old: &Slot, taints: Vec<Value>) -> Result<(), crate::Status> {
        let list = if taints.is_empty() { Value::Null } else { json!(taints) };
        let body = json!({"metadata": {"resourceVersion": old["metadata"]["resourceVersion"]}, "spec": {"taints": list}});
        let Some(mut r) = request(Verb::Patch, "nodes", None, name, body) else { return Ok(()) };
        r.patch_type = crate::apiserver::patch::PatchType::Strategic;
        cx.request(r).map(|_| ())
    }

    /// `RetryOnConflict` around one taint read-modify-write: `change` turns the node's taints
    /// into the wanted ones (None: nothing to do). False when it failed for good.
    fn rewrite_taints(&mut self, cx: &mut Cx<'_>, name: &str, change: impl Fn(&Slot) -> Option<Vec<Value>>) -> bool {
        for _ in 0..UPDATE_TAINT_STEPS {
            let Some(node) = self.get_node(cx, name) else { return false };
            let Some(taints) = change(&crate::Obj::untyped(&node)) else { return true };
            match self.patch_node_taints(cx, name, &crate::Obj::untyped(&node), taints) {
                Ok(()) => return true,
                Err(e) if e.reason == crate::apiserver::status::Reason::Conflict => continue,
                Err(_) => return false,
            }
        }
        false
    }

    /// `AddOrUpdateTaintOnNode`.
    fn add_or_update_taints(&mut self, cx: &mut Cx<'_>, name: &str, add: &[Value]) -> bool {
        if add.is_empty() {
            return true;
        }
        self.rewrite_taints(cx, name, |node| {
            let mut list = taints_of(node);
            let mut updated = false;
            for t in add {
                updated |= add_or_update(&mut list, &crate::Obj::untyped(t));
            }
            updated.then_some(list)
        })
    }

    /// `RemoveTaintOffNode`: with the node at hand, no call at all when none of the taints is
    /// on it.
    pub(super) fn remove_taint_off_node(&mut self, cx: &mut Cx<'_>, name: &str, node: Option<&Slot>, remove: &[(&str, &str)]) -> bool {
        if remove.is_empty() || node.is_some_and(|n| !remove.iter().any(|(k, e)| has_taint(n, k, e))) {
            return true;
        }
        self.rewrite_taints(cx, name, |node| {
            let list = taints_of(node);
            let kept: Vec<Value> = list.iter().filter(|t| !remove.iter().any(|(k, e)| t["key"] == *k && t["effect"] == *e)).cloned().collect();
            (kept.len() != list.len()).then_some(kept)
        })
    }

    /// `SwapNodeControllerTaint`: the taints to add (stamped `timeAdded` now), then the ones to
    /// remove.
    pub(super) fn swap_node_controller_taint(&mut self, cx: &mut Cx<'_>, node: &Slot, add: &[(&str, &str)], remove: &[(&str, &str)]) -> bool {
        let name = s(&node["metadata"]["name"]).to_string();
        let stamp = cx.now().rfc3339();
        let add: Vec<Value> = add.iter().map(|(k, e)| json!({"key": k, "effect": e, "timeAdded": stamp})).collect();
        if !self.add_or_update_taints(cx, &name, &add) {
            return false;
        }
        self.remove_taint_off_node(cx, &name, Some(node), remove)
    }

    /// `doNoScheduleTaintingPass`: the node's NoSchedule taints made to mirror its conditions
    /// and `spec.unschedulable` (from the informer cache; nothing sent when they already do).
    pub(super) fn no_schedule_tainting_pass(&mut self, cx: &mut Cx<'_>, name: &str) {
        let Some(node) = super::cached(cx.cache(), "nodes", None, name).cloned() else { return };
        let mut wanted: Vec<&str> = node["status"]["conditions"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| condition_taint(s(&c["type"]), s(&c["status"])))
            .collect();
        if node["spec"]["unschedulable"] == true {
            wanted.push(UNSCHEDULABLE);
        }
        let have: Vec<&str> = node["spec"]["taints"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|t| t["effect"] == "NoSchedule" && (t["key"] == UNSCHEDULABLE || is_condition_taint(s(&t["key"]))))
            .map(|t| s(&t["key"]))
            .collect();
        let add: Vec<(&str, &str)> = wanted.iter().filter(|k| !have.contains(k)).map(|k| (*k, "NoSchedule")).collect();
        let remove: Vec<(&str, &str)> = have.iter().filter(|k| !wanted.contains(k)).map(|k| (*k, "NoSchedule")).collect();
        if add.is_empty() && remove.is_empty() {
            return;
        }
        // "Failed to taint NoSchedule on node, requeue it" (upstream leaves a TODO: it is not).
        self.swap_node_controller_taint(cx, &node, &add, &remove);
    }

    /// The NoExecute tainting pass is due at the controller's next 100 ms tick at which a zone
    /// with queued nodes has a token (`Try` is rate limited per zone).
    pub(super) fn schedule_noexecute_pass(&mut self, cx: &mut Cx<'_>) {
        let state = &*self;
        let ready = state.tainters.values().filter(|q| !q.is_empty()).filter_map(|q| q.limiter.ready_at()).min();
        let Some(ready) = ready else { return };
        let period = super::NODE_EVICTION_PERIOD_MS;
        let base = state.started.millis();
        let due = (cx.now().millis() + 1).max(ready.millis());
        let tick = Time(base + due.saturating_sub(base).div_ceil(period) * period);
        if state.pass_at.is_some_and(|t| t <= tick) {
            return;
        }
        self.pass_at = Some(tick);
        cx.after(tick, super::Work::NoExecutePass);
    }

    /// `doNoExecuteTaintingPass`: each zone's queue tried behind its rate limiter.
    pub(super) fn no_execute_tainting_pass(&mut self, cx: &mut Cx<'_>) {
        let now = cx.now();
        let zones: Vec<String> = self.tainters.keys().cloned().collect();
        for zone in zones {
            while let Some(q) = self.tainters.get_mut(&zone) {
                let Some(head) = q.head() else { break };
                if !q.limiter.try_accept(now) || now < head.process_at {
                    break;
                }
                let (ok, wait_ms) = self.taint_queued_node(cx, &head.value);
                let Some(q) = self.tainters.get_mut(&zone) else { break };
                if ok {
                    q.done(&head.value);
                } else {
                    q.retry_at(&head.value, now.plus_millis(wait_ms + 1));
                }
            }
        }
        self.schedule_noexecute_pass(cx);
    }

    /// The action `Try` runs for a queued node: the NoExecute taint its Ready condition asks
    /// for, swapped with the opposite one. (done, retry after ms).
    fn taint_queued_node(&mut self, cx: &mut Cx<'_>, name: &str) -> (bool, u64) {
        if !cx.running() {
            return (false, 0);
        }
        let Some(node) = super::cached(cx.cache(), "nodes", None, name).cloned() else {
            // "Node no longer present in nodeLister".
            return (true, 0);
        };
        let Some(ready) = condition(&node, "Ready") else { return (false, 50) };
        let (add, opposite) = match s(&ready["status"]) {
            "False" => (NOT_READY, UNREACHABLE),
            "Unknown" => (UNREACHABLE, NOT_READY),
            // "Node was in a taint queue, but it's ready now. Ignoring taint request".
            _ => return (true, 0),
        };
        (self.swap_node_controller_taint(cx, &node, &[(add, "NoExecute")], &[(opposite, "NoExecute")]), 0)
    }
}

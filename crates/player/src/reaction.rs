//! Reactions: the trace grouped into the steps a learner takes. One API request (from
//! `request` through authentication, authorization, admission, validation and etcd to
//! `response`) is one step; so is one scheduling cycle (pop ▸ filter ▸ score ▸ bind); every
//! other trace event is a step of its own.

use std::ops::Range;

use podlife_engine::{Action, ComponentRef, ObjectRef, Time, TraceEvent};
use serde_json::Value;

/// What a reaction groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// One API request, `request` to `response`.
    ApiCall,
    /// One scheduling cycle, `scheduler.pop` to bind or to the failure.
    SchedulingCycle,
    /// Any other single trace event.
    Single,
}

/// One step of the timeline.
#[derive(Debug, Clone, PartialEq)]
pub struct Reaction {
    /// Indices of its events in the player's trace.
    pub events: Range<usize>,
    pub time: Time,
    /// Who acted: for an API call the client that sent it (`kubectl` for the learner).
    pub actor: ComponentRef,
    pub kind: Kind,
    /// The first event's action (`Request` for an API call).
    pub action: Action,
    pub object: Option<ObjectRef>,
    /// Routine work a learner steps over by default: Lease renewals, node heartbeats, and
    /// the deliveries of those writes and of Events to informers.
    pub background: bool,
    /// The last etcd revision it wrote, if it wrote.
    pub revision: Option<u64>,
    /// The input (command or engine task) that produced it.
    pub op: usize,
}

impl Reaction {
    /// True when the reaction is an API call that kube-apiserver refused (4xx/5xx).
    pub fn failed(&self, trace: &[TraceEvent]) -> bool {
        self.kind == Kind::ApiCall && response_code(&trace[self.events.clone()]).is_some_and(|c| c >= 400)
    }
}

/// The HTTP status of an API call's `response` event.
pub fn response_code(events: &[TraceEvent]) -> Option<u64> {
    let last = events.iter().rev().find(|e| e.action == Action::Response)?;
    last.params.get("code")?.as_u64()
}

/// A parameter as text (`""` when absent).
pub fn param_text(e: &TraceEvent, key: &str) -> String {
    match e.params.get(key).as_deref() {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        Some(other) => podlife_model::json::to_string_plain(other),
    }
}

/// Who sent an API request: the program its user agent names, and for a kubelet the node
/// its credentials name (`system:node:worker-2`).
fn caller(events: &[TraceEvent]) -> ComponentRef {
    let agent = events.first().map(|e| param_text(e, "userAgent")).unwrap_or_default();
    let program = agent.split('/').next().unwrap_or_default();
    let user = events.iter().find(|e| e.action == Action::Authentication).map(|e| param_text(e, "user")).unwrap_or_default();
    match user.strip_prefix("system:node:") {
        Some(node) if program == "kubelet" => ComponentRef::on_node("kubelet", node),
        _ => ComponentRef::control_plane(program),
    }
}

/// Groups one batch of new trace events (all from input `op`; `offset` is the index of the
/// batch's first event in the whole trace) into reactions.
pub fn group(batch: &[TraceEvent], offset: usize, op: usize) -> Vec<Reaction> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < batch.len() {
        let e = &batch[i];
        let (end, kind) = match e.action {
            Action::Request => (api_call_end(batch, i), Kind::ApiCall),
            // A request that waited for a webhook goes on from the webhook's answer.
            Action::AdmissionWebhook if resumes_request(e) => (api_call_end(batch, i), Kind::ApiCall),
            Action::SchedulerPop => (cycle_end(batch, i), Kind::SchedulingCycle),
            _ => (i + 1, Kind::Single),
        };
        let events = &batch[i..end];
        let actor = if kind == Kind::ApiCall { caller(events) } else { e.component.clone() };
        let revision = events.iter().filter(|e| e.action == Action::Etcd).filter_map(|e| e.params.get("revision")?.as_u64()).max();
        out.push(Reaction {
            events: offset + i..offset + end,
            time: e.time,
            actor,
            kind,
            action: e.action,
            // A generated name appears only from the stage that chose it on.
            object: events.iter().find_map(|e| e.object.clone()),
            background: false,
            revision,
            op,
        });
        i = end;
    }
    out
}

/// The webhook's answer to a request that waited for it (it names the request again).
pub fn resumes_request(e: &TraceEvent) -> bool {
    e.action == Action::AdmissionWebhook && e.params.get("phase").is_none() && e.params.get("verb").is_some()
}

/// A webhook call the request now waits for (the cluster goes on meanwhile).
pub fn waits_for_webhook(e: &TraceEvent) -> bool {
    e.action == Action::AdmissionWebhook && e.params.get("phase").as_deref() == Some(&Value::from("call"))
}

/// The index after the `response` that closes the request at `start` (nested requests,
/// if any, are counted); the batch's end when the response is missing. A request that calls
/// a webhook and waits for it ends its step with the call(s): what happens while it waits
/// are steps of their own, and the request goes on from the webhook's answer.
fn api_call_end(batch: &[TraceEvent], start: usize) -> usize {
    let mut depth = if batch[start].action == Action::Request { 0usize } else { 1 };
    for (j, e) in batch.iter().enumerate().skip(start) {
        match e.action {
            Action::Request => depth += 1,
            Action::Response => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j + 1;
                }
            }
            _ if depth == 1 && waits_for_webhook(e) && !batch.get(j + 1).is_some_and(waits_for_webhook) => return j + 1,
            _ if depth == 1 && j > start && resumes_request(e) => return j,
            _ => {}
        }
    }
    batch.len()
}

/// The index after the last `scheduler.*` event of the cycle that starts at `start`.
fn cycle_end(batch: &[TraceEvent], start: usize) -> usize {
    let mut j = start + 1;
    while j < batch.len() && batch[j].action != Action::SchedulerPop && batch[j].action.id().starts_with("scheduler.") && batch[j].component == batch[start].component {
        j += 1;
    }
    j
}

/// Whether a reaction is routine background work. `node_heartbeat_only` tells whether a
/// Node write changed nothing but heartbeat times (the player knows the versions); a
/// delivery is background when the write it delivers was (`background_revision`).
pub fn is_background(r: &Reaction, trace: &[TraceEvent], node_heartbeat_only: impl Fn(u64) -> bool, background_revision: impl Fn(u64) -> bool) -> bool {
    let kind = r.object.as_ref().map(|o| o.kind.as_str()).unwrap_or_default();
    match r.kind {
        Kind::ApiCall if kind == "Lease" => true,
        Kind::ApiCall if kind == "Node" => r.actor.name == "kubelet" && r.revision.is_some_and(&node_heartbeat_only),
        Kind::ApiCall => false,
        Kind::SchedulingCycle => false,
        Kind::Single => match r.action {
            Action::InformerDeliver | Action::Watch => {
                let e = &trace[r.events.start];
                let rv = param_text(e, "resourceVersion").parse::<u64>().ok();
                kind == "Lease" || kind == "Event" || rv.is_some_and(&background_revision)
            }
            // A probe that passes is routine; a failure, and the status change a first
            // success brings, are what a learner looks for.
            Action::KubeletProbe => param_text(&trace[r.events.start], "result") == "success",
            // The system pods' periodic syncs (kube-system, a dozen a minute) are the cluster's
            // own routine.
            Action::KubeletSync => r.object.as_ref().is_some_and(|o| o.kind == "Pod" && o.namespace.as_deref() == Some("kube-system")) && param_text(&trace[r.events.start], "type") == "SyncPod",
            // kube-proxy's syncs that rewrite nothing (its 30-second timer, mostly), and the
            // requests of a traffic run that were answered.
            Action::ProxySync | Action::ProxyRestore => param_text(&trace[r.events.start], "changed") == "false",
            Action::TrafficRequest => param_text(&trace[r.events.start], "result") == "ok",
            _ => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use podlife_console::Session;

    fn nginx_trace() -> Vec<TraceEvent> {
        let mut s = Session::new(1);
        let manifest = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx\nspec:\n  containers:\n  - name: nginx\n    image: nginx:1.27\n";
        s.engine_mut().take_trace();
        s.exec("kubectl apply -f -", Some(manifest));
        s.exec("sleep 6", None);
        s.engine_mut().take_trace()
    }

    #[test]
    fn an_api_call_is_one_reaction_from_request_to_response() {
        let trace = nginx_trace();
        let reactions = group(&trace, 0, 0);
        let create = reactions.iter().find(|r| r.kind == Kind::ApiCall && trace[r.events.start].params.get("verb").as_deref() == Some(&Value::from("POST"))).expect("a POST");
        let actions: Vec<&str> = trace[create.events.clone()].iter().map(|e| e.action.id()).collect();
        assert_eq!(actions.first(), Some(&"request"));
        assert_eq!(actions.last(), Some(&"response"));
        assert!(actions.contains(&"authn") && actions.contains(&"etcd") && actions.contains(&"watch"), "{actions:?}");
        assert_eq!(create.actor, ComponentRef::control_plane("kubectl"));
        assert!(create.revision.is_some());
        // Every event belongs to exactly one reaction, in order.
        let mut next = 0;
        for r in &reactions {
            assert_eq!(r.events.start, next);
            assert!(r.events.end > r.events.start);
            next = r.events.end;
        }
        assert_eq!(next, trace.len());
    }

    #[test]
    fn a_scheduling_cycle_is_one_reaction_and_callers_are_named() {
        let trace = nginx_trace();
        let reactions = group(&trace, 0, 0);
        let cycle = reactions.iter().find(|r| r.kind == Kind::SchedulingCycle).expect("a cycle");
        let actions: Vec<&str> = trace[cycle.events.clone()].iter().map(|e| e.action.id()).collect();
        assert_eq!(actions.first(), Some(&"scheduler.pop"));
        assert_eq!(actions.last(), Some(&"scheduler.bind"));
        let binding = &reactions[reactions.iter().position(|r| r.kind == Kind::SchedulingCycle).unwrap() + 1];
        assert_eq!(binding.actor, ComponentRef::control_plane("kube-scheduler"));
        let status = reactions.iter().find(|r| r.kind == Kind::ApiCall && param_text(&trace[r.events.start], "path").ends_with("/status")).expect("a status patch");
        assert_eq!(status.actor.name, "kubelet");
        assert!(status.actor.node.is_some());
        // The scheduler's own Event (Scheduled) is the scheduler's, not kubectl's.
        let event = reactions
            .iter()
            .find(|r| r.kind == Kind::ApiCall && r.object.as_ref().is_some_and(|o| o.kind == "Event") && trace[r.events.clone()].iter().any(|e| param_text(e, "user") == "system:kube-scheduler"))
            .expect("the Scheduled event");
        assert_eq!(event.actor, ComponentRef::control_plane("kube-scheduler"));
    }
}

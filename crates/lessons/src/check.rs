//! Evaluating goals: a predicate is read against a `World` — the objects at one moment and
//! the trace up to it — by a `Checker` that remembers which `ever` predicates have held.
//! The CLI checks after every script command; the web app after every step.

use podlife_console::printers::columns;
use podlife_engine::{Time, TraceEvent};
use podlife_model::ResourceType;
use serde_json::Value;
use podlife_engine::Slot;

use crate::goal::{EventMatch, Happening, Measure, Predicate, Probe, Target, glob};

/// The cluster at one moment and its history up to it.
pub trait World {
    /// The objects of a resource, in one namespace or (`None`) in all of them.
    fn objects<'a>(&'a self, resource: &'static ResourceType, namespace: Option<&'a str>) -> Vec<&'a Slot>;
    /// Every reaction so far, oldest first.
    fn trace(&self) -> &[TraceEvent];
    fn now(&self) -> Time;
}

impl World for podlife_console::Session {
    fn objects<'a>(&'a self, resource: &'static ResourceType, namespace: Option<&'a str>) -> Vec<&'a Slot> {
        self.engine().store().list(resource.group, resource.plural, namespace).map(|(_, v)| v).collect()
    }

    fn trace(&self) -> &[TraceEvent] {
        self.engine().trace()
    }

    fn now(&self) -> Time {
        self.engine().now()
    }
}

/// Evaluates predicates, latching `ever`.
#[derive(Debug, Clone, Default)]
pub struct Checker {
    latched: Vec<bool>,
}

impl Checker {
    /// A checker for predicates read with `slots` latches.
    pub fn new(slots: usize) -> Checker {
        Checker { latched: vec![false; slots] }
    }

    pub fn holds(&mut self, p: &Predicate, world: &dyn World) -> bool {
        match p {
            Predicate::Object { target, probe } => {
                let found = objects(world, target);
                // No such object: only `exists: false` and `is-not` can hold.
                if found.is_empty() {
                    return probe.expect.holds(None);
                }
                found.into_iter().any(|o| probe_holds(probe, target.resource, o, world.now()))
            }
            Predicate::Count { resource, namespace, selector, filter, expect, .. } => {
                let n = world
                    .objects(resource, namespace.as_deref())
                    .into_iter()
                    .filter(|o| selector.as_ref().is_none_or(|s| s.matches(&o["metadata"]["labels"])))
                    .filter(|o| filter.as_ref().is_none_or(|f| probe_holds(f, resource, o, world.now())))
                    .count();
                expect.holds(Some(&Value::from(n)))
            }
            Predicate::Event(m) => event_seen(m, world),
            Predicate::Happened(h) => {
                let n = world.trace().iter().filter(|e| matches(h, e)).count() as u64;
                n >= h.times_at_least && h.times_at_most.is_none_or(|most| n <= most)
            }
            Predicate::Traffic { service, measure, expect } => {
                let Some(done) = world.trace().iter().rev().find(|e| e.action == podlife_engine::Action::TrafficDone && object_is(e, service)) else {
                    return false;
                };
                let get = |k: &str| done.params.get(k).and_then(|v| v.as_u64()).unwrap_or(0);
                let (requests, ok) = (get("requests"), get("ok"));
                let value = match measure {
                    Measure::Requests => requests,
                    Measure::Ok => ok,
                    Measure::Failed => requests.saturating_sub(ok),
                };
                expect.holds(Some(&Value::from(value)))
            }
            Predicate::Ever { inner, slot } => {
                if self.latched.get(*slot).copied().unwrap_or(false) {
                    return true;
                }
                let now = self.holds(inner, world);
                if now && let Some(l) = self.latched.get_mut(*slot) {
                    *l = true;
                }
                now
            }
            Predicate::Not(inner) => !self.holds(inner, world),
            // Every operand is evaluated (no short cut), so that `ever` inside latches alike
            // whatever its neighbours say.
            Predicate::All(items) => items.iter().map(|i| self.holds(i, world)).collect::<Vec<_>>().into_iter().all(|b| b),
            Predicate::Any(items) => items.iter().map(|i| self.holds(i, world)).collect::<Vec<_>>().into_iter().any(|b| b),
            Predicate::InOrder(steps) => in_order(steps, world.trace()).is_some(),
        }
    }
}

/// The reaction that shows a predicate holds, for the app to highlight: the last reaction a
/// `happened` matched, the last of an `in-order`, the `traffic.done` a `traffic` read.
pub fn evidence(p: &Predicate, trace: &[TraceEvent]) -> Option<u64> {
    match p {
        Predicate::Happened(h) => trace.iter().rev().find(|e| matches(h, e)).map(|e| e.seq),
        Predicate::InOrder(steps) => in_order(steps, trace),
        Predicate::Traffic { service, .. } => trace.iter().rev().find(|e| e.action == podlife_engine::Action::TrafficDone && object_is(e, service)).map(|e| e.seq),
        Predicate::Ever { inner, .. } | Predicate::Not(inner) => evidence(inner, trace),
        Predicate::All(items) | Predicate::Any(items) => items.iter().filter_map(|i| evidence(i, trace)).max(),
        _ => None,
    }
}

/// The seq of the last step when every step happened in order (earliest matches first).
fn in_order(steps: &[Happening], trace: &[TraceEvent]) -> Option<u64> {
    let mut from = 0;
    let mut last = None;
    for step in steps {
        let i = trace[from..].iter().position(|e| matches(step, e))? + from;
        last = Some(trace[i].seq);
        from = i + 1;
    }
    last
}

fn objects<'w>(world: &'w dyn World, target: &'w Target) -> Vec<&'w Slot> {
    world
        .objects(target.resource, target.namespace.as_deref())
        .into_iter()
        .filter(|o| o["metadata"]["name"].as_str().is_some_and(|n| glob(&target.name, n)))
        .collect()
}

fn probe_holds(probe: &Probe, resource: &ResourceType, object: &Slot, now: Time) -> bool {
    // Probes read fields and print rows as kubectl would: from the object's JSON.
    let object = &object.to_value();
    if let Some(column) = &probe.column {
        let headers = columns::headers(resource.kind, true);
        let row = columns::row(resource.kind, object, now, true);
        let cell = headers.iter().position(|h| h == column).and_then(|i| row.get(i)).map(|c| Value::String(c.clone()));
        return probe.expect.holds(cell.as_ref());
    }
    let base = if let Some(name) = &probe.container {
        let status = &object["status"];
        ["containerStatuses", "initContainerStatuses", "ephemeralContainerStatuses"]
            .iter()
            .filter_map(|list| status[*list].as_array())
            .flatten()
            .find(|c| c["name"] == name.as_str())
    } else if let Some(kind) = &probe.condition {
        object["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == kind.as_str()))
    } else {
        Some(object)
    };
    let value = match (base, &probe.field) {
        (Some(b), Some(f)) => f.get(b),
        (Some(b), None) if probe.condition.is_some() => b.get("status"),
        (b, _) => b,
    };
    probe.expect.holds(value)
}

fn event_seen(m: &EventMatch, world: &dyn World) -> bool {
    let Some(events) = ResourceType::resolve("events") else { return false };
    world.objects(events, None).into_iter().any(|e| {
        e["reason"] == m.reason.as_str()
            && m.kind.as_ref().is_none_or(|t| e["type"] == t.as_str())
            && m.message_contains.as_ref().is_none_or(|s| e["message"].as_str().is_some_and(|msg| msg.contains(s.as_str())))
            && m.count_at_least.is_none_or(|n| e["count"].as_u64().unwrap_or(1) >= n)
            && m.object.as_ref().is_none_or(|t| {
                let o = &e["involvedObject"];
                o["kind"] == t.resource.kind
                    && o["name"].as_str().is_some_and(|n| glob(&t.name, n))
                    && t.namespace.as_ref().is_none_or(|ns| o["namespace"] == ns.as_str())
            })
    })
}

fn object_is(e: &TraceEvent, t: &Target) -> bool {
    e.object.as_ref().is_some_and(|o| {
        o.kind.as_str() == t.resource.kind && glob(&t.name, &o.name) && t.namespace.as_deref().is_none_or(|ns| o.namespace.as_deref() == Some(ns))
    })
}

/// Whether one reaction is the one a `happened` describes.
pub fn matches(h: &Happening, e: &TraceEvent) -> bool {
    e.action == h.action
        && h.component.as_deref().is_none_or(|c| e.component.name.as_str() == c)
        && h.node.as_deref().is_none_or(|n| e.component.node.as_deref() == Some(n))
        && h.object.as_ref().is_none_or(|t| object_is(e, t))
        && h.params.iter().all(|(path, expect)| {
            let Some(head) = path.head() else { return false };
            match e.params.get(head) {
                Some(v) => expect.holds(path.get_from(&v, 1)),
                None => expect.holds(None),
            }
        })
}

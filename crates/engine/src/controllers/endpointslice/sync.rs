//! The EndpointSlice controller's worker, a loop of kube-controller-manager
//! (`controllers/manager.rs`): a key's turn, its sync, its writes sent through kube-apiserver
//! as its service account (`finalize`), and `handleErr`.

use crate::Slot;
use serde_json::Value;

use super::{CONTROLLER, Controller, EVENT_SOURCE, Outcome, ServiceKey, reconciler::Plan};
use crate::apiserver::Verb;
use crate::apiserver::request::Response;
use crate::controllers::{client, controller_request};
use crate::store::WatchEvent;

/// A sync's writes, sent together once the controller's client lets them go.
#[derive(Debug, Clone)]
pub struct Writes {
    key: ServiceKey,
    service: Value,
    plan: Plan,
}

/// `utilerrors.NewAggregate(errs).Error()`: one message as it is, several (repeats dropped)
/// in brackets.
fn aggregate(errors: &[String]) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for e in errors {
        if !seen.contains(&e.as_str()) {
            seen.push(e);
        }
    }
    match seen.as_slice() {
        [one] => one.to_string(),
        many => format!("[{}]", many.join(", ")),
    }
}

/// The controller's timers (kube-controller-manager's `Cx::part`).
#[derive(Debug, Clone)]
pub(crate) enum Timer {
    /// A worker takes a Service's key (`token`: the wake-up that serves it).
    Sync { key: ServiceKey, token: u64 },
    /// A sync's writes leave the controller's client.
    Writes(Box<Writes>),
}

type Cx<'a> = crate::component::Cx<'a, Timer>;

impl Controller {
    /// The controller's event handlers: the keys a delivery queues, each woken when due.
    pub(crate) fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&Slot>) {
        let wake = self.on_event(cx.cache(), event, old, cx.now(), crate::CONTROLLER_QUEUE_DELAY_MS);
        for (key, (at, token)) in wake {
            cx.after(at, Timer::Sync { key, token });
        }
    }

    pub(crate) fn on_timer(&mut self, cx: &mut Cx<'_>, clients: &mut client::Clients, timer: Timer) {
        match timer {
            Timer::Sync { key, token } => self.work(cx, clients, key, token),
            Timer::Writes(writes) => self.write(cx, *writes),
        }
    }

    fn wake(cx: &mut Cx<'_>, key: ServiceKey, wake: Option<(crate::clock::Time, u64)>) {
        if let Some((at, token)) = wake {
            cx.after(at, Timer::Sync { key, token });
        }
    }

    /// A worker takes the key (`processNextServiceWorkItem`).
    fn work(&mut self, cx: &mut Cx<'_>, clients: &mut client::Clients, key: ServiceKey, token: u64) {
        if !self.take(&key, token) || !cx.running() {
            return;
        }
        let now = cx.now();
        // One worker at a time per key: while its last sync's writes wait for the client, it
        // comes back after them.
        if let Some(until) = self.held_until(&key, now) {
            let at = self.add_after(key.clone(), until);
            Self::wake(cx, key, at);
            return;
        }
        match self.sync(cx.cache(), &key) {
            Outcome::Done => {
                self.finished(&key, false, now);
            }
            Outcome::Stale => {
                let at = self.finished(&key, true, now);
                Self::wake(cx, key, at);
            }
            Outcome::Write { service, plan } => {
                let requests = (plan.create.len() + plan.update.len() + plan.delete.len()) as u64;
                let at = if requests == 0 { now } else { clients.reserve(CONTROLLER, now, requests) };
                let writes = Writes { key, service, plan };
                if at <= now {
                    // The client lets them go at once: the worker sends them within its sync.
                    self.write(cx, writes);
                    return;
                }
                self.busy.insert(writes.key.clone(), at);
                cx.after(at, Timer::Writes(Box::new(writes)));
            }
        }
    }

    /// `finalize`: creates, then updates, then deletes, each recorded in the tracker; the first
    /// error ends the sync. Then `handleErr`.
    fn write(&mut self, cx: &mut Cx<'_>, writes: Writes) {
        if !cx.running() {
            return;
        }
        let Writes { key, service, plan } = writes;
        let (ns, svc) = (key.0.as_str(), key.1.as_str());
        let mut errors = plan.errors;
        let mut failure: Option<String> = None;
        let mut dropped = false;
        for body in plan.create {
            let Some(mut r) = controller_request(CONTROLLER, Verb::Create, "endpointslices", Some(ns), "", body) else { continue };
            r.name = None;
            match cx.request(r) {
                Ok(Response::Object(created)) => self.tracker.update(&crate::Obj::untyped(&created)),
                Ok(_) => {}
                // The namespace is going: every create would fail, the key is dropped.
                Err(e) if crate::controllers::namespace_terminating(&e) => {
                    dropped = true;
                    break;
                }
                Err(e) => {
                    failure = Some(format!("failed to create EndpointSlice for Service {ns}/{svc}: {}", e.message));
                    break;
                }
            }
        }
        if !dropped && failure.is_none() {
            for body in plan.update {
                let slice = body["metadata"]["name"].as_str().unwrap_or_default().to_string();
                let Some(r) = controller_request(CONTROLLER, Verb::Update, "endpointslices", Some(ns), &slice, body) else { continue };
                match cx.request(r) {
                    Ok(Response::Object(updated)) => self.tracker.update(&crate::Obj::untyped(&updated)),
                    Ok(_) => {}
                    Err(e) => {
                        failure = Some(format!("failed to update {slice} EndpointSlice for Service {ns}/{svc}: {}", e.message));
                        break;
                    }
                }
            }
        }
        if !dropped && failure.is_none() {
            for slice in plan.delete {
                let slice_name = slice["metadata"]["name"].as_str().unwrap_or_default().to_string();
                let Some(mut r) = controller_request(CONTROLLER, Verb::Delete, "endpointslices", Some(ns), &slice_name, Value::Null) else { continue };
                r.body = None;
                match cx.request(r) {
                    Ok(_) => self.tracker.expect_deletion(&crate::Obj::untyped(&slice)),
                    // Already gone: not an error (`deleteEndpointSlice`).
                    Err(e) if e.code() == 404 => {}
                    Err(e) => {
                        failure = Some(format!("failed to delete {slice_name} EndpointSlice for Service {ns}/{svc}: {}", e.message));
                        break;
                    }
                }
            }
        }
        if dropped {
            errors.clear();
        }
        errors.extend(failure);
        if !errors.is_empty() {
            let message = format!("Error updating Endpoint Slices for Service {ns}/{svc}: {}", aggregate(&errors));
            self.event(cx, &crate::Obj::untyped(&service), "Warning", "FailedToUpdateEndpointSlices", &message);
        }
        let at = self.finished(&key, !errors.is_empty(), cx.now());
        Self::wake(cx, key, at);
    }

    /// An event about the Service from the controller's own recorder.
    fn event(&mut self, cx: &mut Cx<'_>, service: &Slot, kind: &str, reason: &str, message: &str) {
        use crate::record::{Involved, Note, Source};
        let ns = service["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
        let involved = Involved { kind: "Service", api_version: "v1", object: service, field_path: None };
        let note = Note { kind, reason, message };
        let source = Source { component: EVENT_SOURCE, host: None };
        let Some(write) = self.recorder.record_about(involved, note, source, cx.now()) else { return };
        crate::record::sink(&write, &|verb, name, body| controller_request(CONTROLLER, verb, "events", Some(&ns), name.unwrap_or_default(), body), &mut |r| cx.request(r));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn aggregate_reads_as_go_prints_it() {
        assert_eq!(super::aggregate(&["a".into()]), "a");
        assert_eq!(super::aggregate(&["a".into(), "b".into(), "a".into()]), "[a, b]");
    }
}

//! The EndpointSlice controller's worker in the engine: a key's turn, its sync, its writes sent
//! through kube-apiserver as its service account (`finalize`), and `handleErr`.

use serde_json::Value;

use super::{CONTROLLER, EVENT_SOURCE, Outcome, ServiceKey, reconciler::Plan};
use crate::apiserver::Verb;
use crate::controllers::controller_request;
use crate::store::WatchEvent;
use crate::{Engine, Response, Task};

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

impl Engine {
    fn kube_controller_manager(&self) -> Option<usize> {
        self.components.iter().position(|c| c.id.name == "kube-controller-manager" && c.id.node.is_none() && c.running)
    }

    /// The controller's event handlers: the keys a delivery queues, each woken when due.
    pub(crate) fn endpointslice_observe(&mut self, component: usize, event: &WatchEvent, old: Option<&Value>) {
        let wake = self.endpointslices.on_event(&self.components[component].cache, event, old, self.now, crate::CONTROLLER_QUEUE_DELAY_MS);
        for ((namespace, name), (at, token)) in wake {
            self.schedule(at, Task::EndpointSliceSync { namespace, name, token });
        }
    }

    fn endpointslice_wake(&mut self, key: ServiceKey, wake: Option<(crate::clock::Time, u64)>) {
        if let Some((at, token)) = wake {
            self.schedule(at, Task::EndpointSliceSync { namespace: key.0, name: key.1, token });
        }
    }

    /// A worker takes the key (`processNextServiceWorkItem`).
    pub(crate) fn endpointslice_sync(&mut self, namespace: String, name: String, token: u64) {
        let key = (namespace, name);
        if !self.endpointslices.take(&key, token) {
            return;
        }
        let Some(i) = self.kube_controller_manager() else { return };
        // One worker at a time per key: while its last sync's writes wait for the client, it
        // comes back after them.
        if let Some(until) = self.endpointslices.held_until(&key, self.now) {
            let at = self.endpointslices.add_after(key.clone(), until);
            self.endpointslice_wake(key, at);
            return;
        }
        match self.endpointslices.sync(&self.components[i].cache, &key) {
            Outcome::Done => {
                self.endpointslices.finished(&key, false, self.now);
            }
            Outcome::Stale => {
                let at = self.endpointslices.finished(&key, true, self.now);
                self.endpointslice_wake(key, at);
            }
            Outcome::Write { service, plan } => {
                let requests = (plan.create.len() + plan.update.len() + plan.delete.len()) as u64;
                let at = if requests == 0 { self.now } else { self.client_reserve(CONTROLLER, self.now, requests) };
                let writes = Writes { key, service, plan };
                if at <= self.now {
                    // The client lets them go at once: the worker sends them within its sync.
                    self.endpointslice_write(i, writes);
                    return;
                }
                self.endpointslices.busy.insert(writes.key.clone(), at);
                self.schedule(at, Task::EndpointSliceWrites { component: i, writes: Box::new(writes) });
            }
        }
    }

    /// `finalize`: creates, then updates, then deletes, each recorded in the tracker; the first
    /// error ends the sync. Then `handleErr`.
    pub(crate) fn endpointslice_write(&mut self, component: usize, writes: Writes) {
        if !self.components.get(component).is_some_and(|c| c.running) {
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
            match self.handle(r) {
                Ok(Response::Object(created)) => self.endpointslices.tracker.update(&created),
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
                match self.handle(r) {
                    Ok(Response::Object(updated)) => self.endpointslices.tracker.update(&updated),
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
                match self.handle(r) {
                    Ok(_) => self.endpointslices.tracker.expect_deletion(&slice),
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
            self.endpointslice_event(&service, "Warning", "FailedToUpdateEndpointSlices", &message);
        }
        let at = self.endpointslices.finished(&key, !errors.is_empty(), self.now);
        self.endpointslice_wake(key, at);
    }

    /// An event about the Service from the controller's own recorder.
    fn endpointslice_event(&mut self, service: &Value, kind: &str, reason: &str, message: &str) {
        use crate::record::{Involved, Note, Source};
        let ns = service["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
        let involved = Involved { kind: "Service", api_version: "v1", object: service, field_path: None };
        let note = Note { kind, reason, message };
        let source = Source { component: EVENT_SOURCE, host: None };
        let Some(write) = self.endpointslices.recorder.record_about(involved, note, source, self.now) else { return };
        self.sink_event(&write, |verb, name, body| controller_request(CONTROLLER, verb, "events", Some(&ns), name.unwrap_or_default(), body), |e, r| e.handle(r));
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

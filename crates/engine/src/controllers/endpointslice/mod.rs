//! The EndpointSlice controller: for every Service with a selector, slices that list the pods
//! it selects, with the conditions kube-proxy and DNS read (upstream:
//! `pkg/controller/endpointslice/endpointslice_controller.go`; `staging/src/k8s.io/endpointslice`
//! `reconciler.go`, `utils.go`, `util/endpointslice_tracker.go`, `util/trigger_time_tracker.go`).
//!
//! The controller owns its memory, as upstream's does:
//! - a work queue of Service keys: a Service's change or a pod's relevant change (readiness,
//!   IPs, deletion, labels; `GetServicesToUpdateOnPodChange`) queues the Service at once, a slice
//!   changed by someone else after `endpointSliceChangeMinSyncDelay` (1 s); a key waiting is
//!   queued once however many events ask, and a key whose writes are on their way waits for them;
//! - the slice tracker (`tracker.rs`): a sync whose informer has not yet seen the controller's
//!   own writes stops with "EndpointSlice informer cache is out of date" and is retried;
//! - the trigger-time tracker (`trigger_time.rs`);
//! - the rate limiter of failed syncs: 1 s doubling to 1000 s, dropped after 15 retries.
//!
//! A sync (`reconciler.rs`) keeps endpoints in place and sends its creates, updates and deletes
//! in order, stopping at the first error; an error records `FailedToUpdateEndpointSlices` on the
//! Service and retries the key. Not modelled: topology hints and `trafficDistribution` (no slice
//! gets `hints`).

mod reconciler;
mod sync;
mod tracker;
mod trigger_time;

pub use sync::Writes;
pub(crate) use sync::Timer;

use crate::Slot;
use crate::vecmap::VecMap;

use serde_json::Value;

use super::of;
use crate::clock::Time;
use crate::store::{EventType, WatchEvent};

pub const CONTROLLER: &str = "endpointslice-controller";
/// The events' source component (`endpoint-slice-controller`, with its dashes).
const EVENT_SOURCE: &str = "endpoint-slice-controller";
const MANAGED_BY: &str = "endpointslice-controller.k8s.io";
const SERVICE_NAME_LABEL: &str = "kubernetes.io/service-name";
const MANAGED_BY_LABEL: &str = "endpointslice.kubernetes.io/managed-by";
/// `--max-endpoints-per-slice` default.
pub const MAX_ENDPOINTS_PER_SLICE: usize = 100;
/// `v1.EndpointsLastChangeTriggerTime`.
pub const TRIGGER_TIME_ANNOTATION: &str = "endpoints.kubernetes.io/last-change-trigger-time";
/// `endpointSliceChangeMinSyncDelay`.
const SLICE_CHANGE_DELAY_MS: u64 = 1000;
/// `defaultSyncBackOff` and `maxSyncBackOff`.
const SYNC_BACKOFF_MS: u64 = 1000;
const MAX_SYNC_BACKOFF_MS: u64 = 1_000_000;
/// `maxRetries`.
const MAX_RETRIES: u32 = 15;
/// `NewStaleInformerCache`'s message.
pub const STALE_CACHE: &str = "EndpointSlice informer cache is out of date";

/// A Service's work-queue key: (namespace, name).
pub(crate) type ServiceKey = (String, String);

/// The controller's memory between deliveries.
#[derive(Debug, Clone)]
pub struct Controller {
    tracker: tracker::Tracker,
    triggers: trigger_time::TriggerTimes,
    /// Keys waiting for a worker: when they are due (`Add` is now, `AddAfter` later; a key
    /// asked for again keeps its earlier turn) and the token of the wake-up that serves them
    /// (an earlier wake-up due at the same instant must not take the key).
    due: VecMap<ServiceKey, (Time, u64)>,
    tokens: u64,
    /// Keys a worker holds until the writes of its sync have gone out.
    busy: VecMap<ServiceKey, Time>,
    /// Failed syncs per key (`AddRateLimited`, `NumRequeues`, `Forget`).
    failures: super::workqueue::RateLimiter,
    /// The controller's event recorder (its own broadcaster upstream).
    recorder: crate::record::Recorder,
}

impl Default for Controller {
    fn default() -> Self {
        Controller {
            tracker: Default::default(),
            triggers: Default::default(),
            due: VecMap::new(),
            tokens: 0,
            busy: VecMap::new(),
            failures: super::workqueue::RateLimiter::exponential(SYNC_BACKOFF_MS, MAX_SYNC_BACKOFF_MS),
            recorder: Default::default(),
        }
    }
}

/// What a worker's sync of one key comes to.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// Nothing to write, no error: the key is forgotten.
    Done,
    /// The informer has not seen the controller's last writes yet.
    Stale,
    /// The plan's writes, in order; its `errors` fail the sync even if they all succeed.
    Write { service: Value, plan: reconciler::Plan },
}

impl Controller {
    /// A restarted kube-controller-manager remembers nothing.
    pub fn reset(&mut self) {
        *self = Controller::default();
    }

    /// `AddAfter(key, delay)`: Some((time, token)) when a worker must be woken then.
    fn add_after(&mut self, key: ServiceKey, at: Time) -> Option<(Time, u64)> {
        match self.due.get(&key) {
            Some(&(due, _)) if due <= at => None,
            _ => {
                self.tokens += 1;
                self.due.insert(key, (at, self.tokens));
                Some((at, self.tokens))
            }
        }
    }

    /// A worker's turn for `key`: false for a wake-up the key no longer waits for.
    pub(crate) fn take(&mut self, key: &ServiceKey, token: u64) -> bool {
        if self.due.get(key).map(|d| d.1) != Some(token) {
            return false;
        }
        self.due.remove(key);
        true
    }

    /// The key is held by a worker until `until` (None when it is free at `now`).
    pub(crate) fn held_until(&mut self, key: &ServiceKey, now: Time) -> Option<Time> {
        match self.busy.get(key) {
            Some(&until) if until > now => Some(until),
            Some(_) => {
                self.busy.remove(key);
                None
            }
            None => None,
        }
    }

    /// The delivery's work: the keys to queue, each with when it is due (`hop`: the work
    /// queue's hand-over to a worker).
    pub fn on_event(&mut self, cache: &crate::components::Cache, event: &WatchEvent, old: Option<&Slot>, now: Time, hop: u64) -> Vec<(ServiceKey, (Time, u64))> {
        let ns = event.key.namespace.clone();
        let mut keys: Vec<(ServiceKey, u64)> = Vec::new();
        match (event.key.group, event.key.resource) {
            // `onServiceUpdate` / `onServiceDelete`.
            ("", "services") => keys.push(((ns, event.key.name.clone()), 0)),
            ("", "pods") => {
                let services = match (event.event_type, old) {
                    (EventType::Modified, Some(old)) => services_on_pod_change(cache, old, &event.object),
                    _ => services_selecting(cache, &ns, &event.object["metadata"]["labels"]),
                };
                keys.extend(services.into_iter().map(|name| ((ns.clone(), name), 0)));
            }
            ("discovery.k8s.io", "endpointslices") => {
                let slice = &*event.object;
                let managed = |s: &Slot| s["metadata"]["labels"][MANAGED_BY_LABEL] == MANAGED_BY;
                match event.event_type {
                    EventType::Added => {
                        if managed(slice) && self.tracker.should_sync(slice) {
                            keys.push((tracker::service_of(slice), SLICE_CHANGE_DELAY_MS));
                        }
                    }
                    EventType::Modified => {
                        let prev = old.unwrap_or(slice);
                        if prev["metadata"]["labels"][SERVICE_NAME_LABEL] != slice["metadata"]["labels"][SERVICE_NAME_LABEL] {
                            keys.push((tracker::service_of(slice), SLICE_CHANGE_DELAY_MS));
                            keys.push((tracker::service_of(prev), SLICE_CHANGE_DELAY_MS));
                        } else if managed(prev) != managed(slice) || (managed(slice) && self.tracker.should_sync(slice)) {
                            keys.push((tracker::service_of(slice), SLICE_CHANGE_DELAY_MS));
                        }
                    }
                    _ => {
                        // A deletion the controller did not ask for syncs the Service again.
                        if managed(slice) && self.tracker.has(slice) && !self.tracker.handle_deletion(slice) {
                            keys.push((tracker::service_of(slice), SLICE_CHANGE_DELAY_MS));
                        }
                    }
                }
            }
            _ => {}
        }
        keys.into_iter()
            .filter(|((_, name), _)| !name.is_empty())
            .filter_map(|(key, delay)| self.add_after(key.clone(), now.plus_millis(delay.max(hop))).map(|at| (key, at)))
            .collect()
    }

    /// `syncService` up to the writes.
    pub(crate) fn sync(&mut self, cache: &crate::components::Cache, key: &ServiceKey) -> Outcome {
        let (ns, name) = key;
        let Some(service) = of(cache, "", "services", ns).find(|s| s["metadata"]["name"] == name.as_str()) else {
            // The Service is gone: forget it (its slices go with it through the garbage
            // collector).
            self.triggers.delete_service(key);
            self.tracker.delete_service(key);
            return Outcome::Done;
        };
        if service["spec"]["type"] == "ExternalName" || !service["spec"]["selector"].is_object() {
            return Outcome::Done;
        }
        let selector = crate::Obj::untyped(&json!({"matchLabels": service["spec"]["selector"]}));
        let pods: Vec<&Slot> = of(cache, "", "pods", ns).filter(|p| crate::labels::selector_matches(&selector, &p["metadata"]["labels"])).collect();
        let slices: Vec<&Slot> = of(cache, "discovery.k8s.io", "endpointslices", ns)
            .filter(|s| s["metadata"]["labels"][SERVICE_NAME_LABEL] == name.as_str() && s["metadata"]["labels"][MANAGED_BY_LABEL] == MANAGED_BY)
            // `dropEndpointSlicesPendingDeletion`.
            .filter(|s| s["metadata"]["deletionTimestamp"].is_null())
            .collect();
        if self.tracker.stale_slices(service, &slices) {
            return Outcome::Stale;
        }
        let trigger = self.triggers.compute(service, &pods);
        let nodes: VecMap<&str, &Slot> = VecMap::from_iter(crate::components::cached_in(cache, "", "nodes", "").map(|(k, v)| (k.name.as_str(), v.root())));
        let node = |n: &str| nodes.get(n).copied();
        let mut plan = reconciler::reconcile(service, &pods, &slices, node);
        if service["metadata"]["deletionTimestamp"].is_string() {
            // No slice is created for a Service being deleted (the garbage collector would race it).
            plan.create.clear();
        }
        let trigger = trigger.map(Time::rfc3339);
        for slice in plan.create.iter_mut().chain(plan.update.iter_mut()) {
            set_annotation(slice, TRIGGER_TIME_ANNOTATION, trigger.as_deref());
        }
        if plan.is_empty() && plan.errors.is_empty() {
            return Outcome::Done;
        }
        Outcome::Write { service: service.to_value(), plan }
    }

    /// `handleErr`: a failed sync comes back after the rate limiter's delay (Some: when), at
    /// most 15 times; a clean one is forgotten.
    pub(crate) fn finished(&mut self, key: &ServiceKey, failed: bool, now: Time) -> Option<(Time, u64)> {
        let id = format!("{}/{}", key.0, key.1);
        if !failed {
            self.failures.forget(&id);
            return None;
        }
        if self.failures.requeues(&id) >= MAX_RETRIES {
            // "Retry budget exceeded, dropping service out of the queue".
            self.failures.forget(&id);
            return None;
        }
        let at = now.plus_millis(self.failures.when(&id));
        self.add_after(key.clone(), at)
    }
}

/// `GetServicesToUpdateOnPodChange`: the Services to sync when a pod changed — none unless its
/// endpoint may have (readiness, IPs, deletion) or its labels, hostname or subdomain did; for a
/// label change, the Services it joined or left (all of both when the endpoint changed too).
fn services_on_pod_change(cache: &crate::components::Cache, old: &Slot, new: &Slot) -> Vec<String> {
    if old["metadata"]["resourceVersion"] == new["metadata"]["resourceVersion"] {
        return Vec::new();
    }
    let labels_changed = old["metadata"]["labels"] != new["metadata"]["labels"] || old["spec"]["hostname"] != new["spec"]["hostname"] || old["spec"]["subdomain"] != new["spec"]["subdomain"];
    // `podEndpointsChanged` compares deletion timestamps as pointers: set on either side, the
    // pod counts as changed.
    let ips = |p: &Slot| (p["status"]["podIP"].clone(), p["status"]["podIPs"].clone());
    let pod_changed = old["metadata"]["deletionTimestamp"].is_string() || new["metadata"]["deletionTimestamp"].is_string() || super::pod_ready(old) != super::pod_ready(new) || ips(old) != ips(new);
    if !pod_changed && !labels_changed {
        return Vec::new();
    }
    let ns = new["metadata"]["namespace"].as_str().unwrap_or_default();
    let now = services_selecting(cache, ns, &new["metadata"]["labels"]);
    if !labels_changed {
        return now;
    }
    let before = services_selecting(cache, ns, &old["metadata"]["labels"]);
    let mut names: Vec<String> = if pod_changed {
        now.iter().chain(&before).cloned().collect()
    } else {
        now.iter().filter(|n| !before.contains(n)).chain(before.iter().filter(|n| !now.contains(n))).cloned().collect()
    };
    crate::sort::sort(&mut names);
    names.dedup();
    names
}

/// The value of `endpoints.kubernetes.io/last-change-trigger-time` for the Endpoints
/// controller's sync, or None (the annotation is then removed). That controller keeps no
/// memory between deliveries, so this reads upstream's trigger-time tracker back from what it
/// wrote: the Service is known once its object exists (`known`), and a pod's trigger time
/// changed when the pod this delivery is about joined the object or its readiness there
/// changed (`pod_changed`). A pod that only terminates, leaves, or is deleted changes no
/// trigger time: no annotation.
pub(super) fn trigger_time(svc: &Slot, known: bool, event: &WatchEvent, pod_changed: impl Fn(&Slot) -> bool) -> Option<String> {
    if !known {
        return svc["metadata"]["creationTimestamp"].as_str().map(str::to_string);
    }
    if event.key.resource != "pods" || !event.key.group.is_empty() || event.event_type == EventType::Deleted {
        return None;
    }
    let pod = &*event.object;
    let ready = pod["status"]["conditions"].as_array().into_iter().flatten().find(|c| c["type"] == "Ready")?;
    if !pod_changed(pod) {
        return None;
    }
    ready["lastTransitionTime"].as_str().map(str::to_string)
}

/// Sets an annotation, or removes it (and an emptied `annotations` map, which Go omits).
pub(super) fn set_annotation(obj: &mut Value, key: &str, value: Option<&str>) {
    match value {
        Some(v) => obj["metadata"]["annotations"][key] = json!(v),
        None => {
            if let Some(m) = obj["metadata"]["annotations"].as_object_mut() {
                m.remove(key);
                if m.is_empty()
                    && let Some(meta) = obj["metadata"].as_object_mut()
                {
                    meta.remove("annotations");
                }
            }
        }
    }
}

/// The names of the Services in `ns` whose selector matches `labels` (`GetPodServiceMemberships`).
pub(super) fn services_selecting(cache: &crate::components::Cache, ns: &str, labels: &Slot) -> Vec<String> {
    of(cache, "", "services", ns)
        .filter(|s| s["spec"]["selector"].is_object() && crate::labels::match_labels(&s["spec"]["selector"], labels))
        .filter_map(|s| s["metadata"]["name"].as_str().map(str::to_string))
        .collect()
}

/// `FindPort`: a Service port's target on one pod — a named targetPort by the ports of the
/// pod's containers, then of its sidecars (init containers that restart always) — or None
/// when the pod has no such port.
pub(super) fn find_port(pod: &Slot, port: &Slot) -> Option<i64> {
    let target = &port["targetPort"];
    match target.as_str() {
        _ if target.is_number() => target.as_i64(),
        Some(name) => {
            let protocol = port["protocol"].as_str().unwrap_or("TCP");
            let containers = pod["spec"]["containers"].as_array().into_iter().flatten();
            let sidecars = pod["spec"]["initContainers"].as_array().into_iter().flatten().filter(|c| c["restartPolicy"] == "Always");
            containers
                .chain(sidecars)
                .flat_map(|c| c["ports"].as_array().into_iter().flatten())
                .find(|p| p["name"] == name && p["protocol"].as_str().unwrap_or("TCP") == protocol)
                .and_then(|p| p["containerPort"].as_i64())
        }
        _ => port["port"].as_i64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod() -> Value {
        json!({
            "metadata": {"name": "web-1", "namespace": "default", "uid": "u1", "labels": {"app": "web"}},
            "spec": {"nodeName": "worker-1",
                     "containers": [{"name": "c", "ports": [{"name": "http", "containerPort": 8080, "protocol": "TCP"}]}],
                     "initContainers": [{"name": "proxy", "restartPolicy": "Always", "ports": [{"name": "admin", "containerPort": 15000, "protocol": "TCP"}]},
                                        {"name": "setup", "ports": [{"name": "setup", "containerPort": 9999, "protocol": "TCP"}]}]},
        })
    }

    #[test]
    fn named_target_ports_resolve_per_pod() {
        let p = pod();
        assert_eq!(find_port(&crate::Obj::untyped(&p), &crate::Obj::untyped(&json!({"port": 80, "targetPort": "http", "protocol": "TCP"}))), Some(8080));
        assert_eq!(find_port(&crate::Obj::untyped(&p), &crate::Obj::untyped(&json!({"port": 80, "targetPort": "http", "protocol": "UDP"}))), None);
        assert_eq!(find_port(&crate::Obj::untyped(&p), &crate::Obj::untyped(&json!({"port": 80, "targetPort": "admin"}))), Some(15000), "a sidecar's port");
        assert_eq!(find_port(&crate::Obj::untyped(&p), &crate::Obj::untyped(&json!({"port": 80, "targetPort": "setup"}))), None, "an init container's is not");
        assert_eq!(find_port(&crate::Obj::untyped(&p), &crate::Obj::untyped(&json!({"port": 80, "targetPort": "grpc"}))), None);
        assert_eq!(find_port(&crate::Obj::untyped(&p), &crate::Obj::untyped(&json!({"port": 80, "targetPort": 9000}))), Some(9000));
    }

    fn key(ns: &str, name: &str) -> ServiceKey {
        (ns.to_string(), name.to_string())
    }

    /// A key asked for again while it waits keeps one turn, the earlier.
    #[test]
    fn a_waiting_key_is_queued_once() {
        let mut c = Controller::default();
        let t = Time(1000);
        let (at, late) = c.add_after(key("default", "web"), t.plus_millis(1000)).unwrap();
        assert_eq!(at, t.plus_millis(1000));
        let (at, early) = c.add_after(key("default", "web"), t.plus_millis(1)).unwrap();
        assert_eq!(at, t.plus_millis(1));
        assert_eq!(c.add_after(key("default", "web"), t.plus_millis(5)), None);
        assert!(!c.take(&key("default", "web"), late), "the superseded wake-up");
        assert!(c.take(&key("default", "web"), early));
        assert!(!c.take(&key("default", "web"), early));
        // Queued again for the instant the superseded wake-up was due: only the new one takes it.
        let (_, again) = c.add_after(key("default", "web"), t.plus_millis(1000)).unwrap();
        assert!(!c.take(&key("default", "web"), late));
        assert!(c.take(&key("default", "web"), again));
    }

    /// `handleErr` with the controller's limiter: 1 s, 2 s, 4 s …; 15 retries, then dropped.
    #[test]
    fn failed_syncs_back_off_from_one_second_and_give_up() {
        let mut c = Controller::default();
        let k = key("default", "web");
        let mut now = Time(0);
        let mut delays = Vec::new();
        while let Some((at, token)) = c.finished(&k, true, now) {
            assert!(c.take(&k, token));
            delays.push(at.millis() - now.millis());
            now = at;
        }
        assert_eq!(delays.len(), 15);
        assert_eq!(delays[..4], [1000, 2000, 4000, 8000]);
        assert_eq!(delays[14], 1_000_000);
        assert_eq!(c.finished(&k, true, now).map(|(at, _)| at.millis() - now.millis()), Some(1000), "forgotten after the budget");
    }
}

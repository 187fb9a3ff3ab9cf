//! kube-controller-manager's controllers. Each is a reconcile function over the component's
//! informer cache: given the change just delivered, it returns the API writes it wants
//! (kube-rs `Controller` style); the engine sends them through kube-apiserver as the
//! controller's own service account (kubeadm runs kube-controller-manager with
//! `--use-service-account-credentials`).
//!
//! Modelled so far: the two controllers every namespace needs before a pod can be created in
//! it. Workload controllers arrive with their issue.

pub mod client;
pub mod daemonset;
pub mod deployment;
pub mod cronjob;
pub mod endpoints;
pub mod disruption;
pub mod hpa;
mod job_facts;
pub mod endpointslice;
pub mod job;
pub mod garbagecollector;
pub mod manager;
mod namespace;
pub mod nodeipam;
pub mod nodelifecycle;
pub mod persistentvolume;
pub mod podgc;
mod pod_facts;
pub mod replicaset;
pub mod resourcequota;
pub mod statefulset;
pub mod tainteviction;
pub mod volume_protection;
pub mod workqueue;
mod workloads;
mod write;
pub mod root_ca_publisher;
mod serviceaccounts;
pub(crate) mod slowstart;


use crate::Slot;
use serde_json::Value;

use crate::apiserver::Request;
use crate::apiserver::authn::UserInfo;
use crate::store::WatchEvent;

/// The component these controllers run in.
pub const KCM: &str = "kube-controller-manager";

/// A write a controller asks for, and who it is.
#[derive(Debug, Clone)]
pub struct Write {
    pub controller: &'static str,
    pub request: Request,
    /// Requests sent right after `request`, in the same work item. One that names the same
    /// object as an earlier successful request goes with the resourceVersion that request
    /// returned: the controller carries on with the object the API server gave back (as the
    /// PersistentVolume controller's `bind` does), not with its stale informer copy.
    pub then: Vec<Request>,
    /// Stop at the first failed request (a sync that returns its error).
    pub stop_on_error: bool,
    /// What the controller does once `request` succeeded (it knows the created object then).
    pub follow: Option<FollowUp>,
    /// The controller's work-queue key: a failed request puts it back with the queue's
    /// rate limiter (`AddRateLimited`), a successful write forgets its failures.
    pub requeue: Option<Requeue>,
    /// How a status update that conflicts is retried within the sync.
    pub status_retry: StatusRetry,
    /// A retry that takes the object from the informer cache again (with its status).
    pub(crate) reread: bool,
    /// Its place in a sync's `slowStartBatch` (`slowstart.rs`).
    pub(crate) slow_start: Option<SlowStart>,
    /// The Warning recorded when `request` fails.
    pub(crate) on_error: Option<OnError>,
}

pub(crate) use slowstart::{Held, SlowStart};

/// What a controller records when a request of its sync fails: a Warning about the object of its
/// `follow` event, `{}` in the message replaced by the error (`RealPodControl.createPods`'
/// `FailedCreate` "Error creating: …", the StatefulSet controller's `recordPodEvent`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OnError {
    pub reason: &'static str,
    pub message: String,
    /// `RealPodControl` records nothing for a create refused because the namespace is being
    /// terminated, and its callers ignore that error (no expectation lowered, no slow-start stop).
    pub quiet_when_terminating: bool,
    /// Nothing recorded for an AlreadyExists error (`CreateStatefulPod`).
    pub quiet_when_exists: bool,
}

impl OnError {
    /// `RealPodControl.createPods`' event for a failed pod create.
    pub(crate) fn pod_control_create() -> OnError {
        OnError { reason: "FailedCreate", message: "Error creating: {}".into(), quiet_when_terminating: true, quiet_when_exists: false }
    }
}

/// `apierrors.HasStatusCause(err, v1.NamespaceTerminatingCause)`: the `NamespaceLifecycle`
/// refusal of a create in a terminating namespace (podlife's Status carries its message).
pub(crate) fn namespace_terminating(status: &crate::Status) -> bool {
    status.reason == crate::apiserver::status::Reason::Forbidden && status.message.ends_with("because it is being terminated")
}

/// A controller's work-queue key (the kind of controller, namespace, name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requeue {
    pub kind: &'static str,
    pub namespace: String,
    pub name: String,
}

/// What a controller does when its status update gets 409 Conflict inside the sync.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StatusRetry {
    /// Nothing: the error goes back to the work queue.
    #[default]
    None,
    /// GET the object and send the status on it again, this many times (the ReplicaSet and
    /// DaemonSet controllers' `statusUpdateRetries` = 1).
    Get(u8),
    /// `retry.RetryOnConflict(retry.DefaultRetry, …)` re-reading the informer cache: up to this
    /// many more attempts, 10 ms apart (the StatefulSet controller's status updater).
    Cache(u8),
}

impl Write {
    pub fn now(controller: &'static str, request: Request) -> Write {
        Write { controller, request, then: Vec::new(), stop_on_error: false, follow: None, requeue: None, status_retry: StatusRetry::None, reread: false, slow_start: None, on_error: None }
    }

    /// The work-queue key this write belongs to.
    pub fn requeue(mut self, kind: &'static str, namespace: &str, name: &str) -> Write {
        self.requeue = Some(Requeue { kind, namespace: namespace.to_string(), name: name.to_string() });
        self
    }
}

/// A controller's next step after a successful request.
#[derive(Debug, Clone, PartialEq)]
pub enum FollowUp {
    /// Record an event about `involved` (its kind, API version and object) with the source
    /// component `source`; `{}` in the message is replaced by the name of the object the
    /// request returned (`Created pod: web-7c5ddbdf54-x8k2p`). The event goes out as the
    /// controller's service account `account`.
    Event { account: &'static str, source: &'static str, kind: &'static str, api_version: &'static str, involved: Value, reason: &'static str, message: String },
}

/// kube-controller-manager's stateless reconcilers, in the order they react to one delivery
/// (`manager.rs` sends what they ask for).
pub(crate) fn reconcile(cache: &crate::components::Cache, event: &WatchEvent, now: crate::clock::Time) -> Vec<Write> {
    let mut writes = Vec::new();
    writes.extend(serviceaccounts::reconcile(cache, event));
    writes.extend(root_ca_publisher::reconcile(cache, event));
    writes.extend(namespace::reconcile(cache, event));
    writes.extend(volume_protection::reconcile(cache, event));
    writes.extend(endpoints::reconcile(cache, event));
    writes.extend(resourcequota::reconcile(cache, event, now));
    writes
}

/// The cached objects of one resource in one namespace, in name order: a range of the cache's
/// key order (group, resource, namespace, name), not a scan of every object — the endpoint
/// controllers ask on every pod event, so a scan made a 5,000-pod Deployment quadratic (found by
/// the `script` fuzz target: 60,000 reactions took 12 s, a third of it comparing keys).
pub(crate) fn of<'a>(cache: &'a crate::components::Cache, group: &'static str, resource: &'static str, ns: &'a str) -> impl Iterator<Item = &'a Slot> + 'a {
    crate::components::cached_in(cache, group, resource, ns).map(|(_, v)| v.root())
}

/// `podutil.IsPodReady`.
pub(crate) fn pod_ready(pod: &Slot) -> bool {
    // Generated field keys: read on every pod of every ReplicaSet sync.
    use podlife_model::obj::fields::{pod, pod_condition as cond, pod_status};
    pod[pod::STATUS][pod_status::CONDITIONS].as_array().into_iter().flatten().any(|c| c[cond::TYPE] == "Ready" && c[cond::STATUS] == "True")
}

/// `system:serviceaccount:kube-system:<name>` with its groups.
pub fn controller_identity(service_account: &str) -> UserInfo {
    UserInfo::impersonated(&format!("system:serviceaccount:kube-system:{service_account}"), &[])
}

/// `metav1.GetControllerOf`: the owner reference marked `controller: true`.
pub(crate) fn controller_of(obj: &Slot) -> Option<&Slot> {
    // Generated field keys past `metadata` (every kind's is an ObjectMeta): the ReplicaSet and
    // CronJob syncs ask this of every pod or Job of the namespace.
    use podlife_model::obj::fields::{object_meta, owner_reference};
    obj["metadata"][object_meta::OWNER_REFERENCES].as_array()?.iter().find(|r| r[owner_reference::CONTROLLER] == true)
}

/// An object without a controller (`controller_ref_manager.go`'s orphans).
pub(crate) fn is_orphan(object: &Slot) -> bool {
    controller_of(object).is_none()
}

/// A request from a controller's own client (its service account, user agent, field manager).
pub(crate) fn controller_request(service_account: &str, verb: crate::apiserver::Verb, plural: &str, namespace: Option<&str>, name: &str, body: Value) -> Option<crate::apiserver::Request> {
    let rt = podlife_model::ResourceType::resolve(plural)?;
    let mut r = crate::apiserver::Request::new(verb, rt);
    r.namespace = namespace.map(str::to_string);
    // A create names its object in the body (or lets the API server generate the name).
    r.name = (!name.is_empty()).then(|| name.to_string());
    // A DELETE's body is its DeleteOptions: the API server reads the propagation policy,
    // the preconditions and the grace period from it.
    if verb == crate::apiserver::Verb::Delete && body["kind"] == "DeleteOptions" {
        r.propagation_policy = body["propagationPolicy"].as_str().map(str::to_string);
        r.grace_period_seconds = body["gracePeriodSeconds"].as_i64();
        let pre = &body["preconditions"];
        if pre.is_object() {
            let text = |k: &str| pre[k].as_str().map(str::to_string);
            r.preconditions = Some(crate::apiserver::Preconditions { uid: text("uid"), resource_version: text("resourceVersion") });
        }
    }
    r.body = Some(body);
    r.credentials = Some(controller_identity(service_account));
    r.user_agent = user_agent(service_account);
    r.field_manager = "kube-controller-manager".into();
    Some(r)
}

/// The user agent a controller's client sends.
pub fn user_agent(controller: &str) -> String {
    format!("kube-controller-manager/v1.36.0 (linux/amd64) kubernetes/$Format/{controller}")
}

/// The namespaces a delivery asks a per-namespace controller to look at: the namespace itself,
/// or the namespace of an object of `resource` named `name` that was deleted or changed.
fn namespace_to_sync(event: &WatchEvent, resource: &str, name: &str) -> Option<String> {
    match event.key.resource {
        "namespaces" if event.event_type != crate::store::EventType::Deleted => Some(event.key.name.clone()),
        r if r == resource && event.key.name == name => Some(event.key.namespace.clone()),
        _ => None,
    }
}

/// A Service from the cache as an update notification: what a requeued Service key syncs from.
fn service_event(cache: &crate::components::Cache, ns: &str, name: &str) -> Option<WatchEvent> {
    let rt = podlife_model::ResourceType::resolve("services")?;
    let key = crate::store::ObjectKey::new(rt, Some(ns), name);
    let object = cache.get(&key)?.clone();
    let revision = object["metadata"]["resourceVersion"].as_str().and_then(|r| r.parse().ok()).unwrap_or(0);
    Some(WatchEvent { event_type: crate::store::EventType::Modified, key, object, revision })
}

fn namespace_active(cache: &crate::components::Cache, ns: &str) -> bool {
    crate::components::cached_one(cache, "", "namespaces", "", ns).is_some_and(|v| v["metadata"]["deletionTimestamp"].is_null() && v["status"]["phase"] != "Terminating")
}

/// A core object of `resource` (service accounts, config maps) in the cache.
fn exists(cache: &crate::components::Cache, resource: &'static str, ns: &str, name: &str) -> bool {
    crate::components::cached_one(cache, "", resource, ns, name).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `of` reads a range of the cache: exactly the objects a scan would find, in the same
    /// order, with neighbouring resources and namespaces (`default` / `default2`) left out.
    #[test]
    fn of_is_the_resource_and_namespace_range() {
        let key = |g: &'static str, r: &'static str, ns: &str, n: &str| crate::store::ObjectKey { group: g.into(), resource: r.into(), namespace: ns.into(), name: n.into() };
        let mut cache = crate::components::Cache::new();
        for (g, r, ns, n) in [("", "pods", "default", "b"), ("", "pods", "default", "a"), ("", "pods", "default2", "c"), ("", "pods", "", "d"), ("", "podtemplates", "default", "e"), ("", "nodes", "", "w"), ("apps", "pods", "default", "f"), ("", "pod", "default", "g")] {
            cache.insert(key(g, r, ns, n), std::sync::Arc::new(crate::Obj::untyped(&json!({"metadata": {"name": n}}))));
        }
        let names = |g: &'static str, r: &'static str, ns: &str| of(&cache, g, r, ns).map(|v| v["metadata"]["name"].as_str().unwrap_or_default().to_string()).collect::<Vec<_>>();
        let scan = |g: &'static str, r: &'static str, ns: &str| crate::components::cached_in(&cache, g, r, ns).map(|(k, _)| k.name.clone()).collect::<Vec<_>>();
        assert_eq!(names("", "pods", "default"), ["a", "b"]);
        for (g, r, ns) in [("", "pods", "default"), ("", "pods", "default2"), ("", "pods", ""), ("", "nodes", ""), ("apps", "pods", "default"), ("", "services", "default")] {
            assert_eq!(names(g, r, ns), scan(g, r, ns), "{g}/{r}/{ns}");
        }
    }
}

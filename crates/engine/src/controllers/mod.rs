//! kube-controller-manager's controllers. Each is a reconcile function over the component's
//! informer cache: given the change just delivered, it returns the API writes it wants
//! (kube-rs `Controller` style); the engine sends them through kube-apiserver as the
//! controller's own service account (kubeadm runs kube-controller-manager with
//! `--use-service-account-credentials`).
//!
//! Modelled so far: the two controllers every namespace needs before a pod can be created in
//! it. Workload controllers arrive with their issue.

pub mod daemonset;
pub mod deployment;
pub mod cron;
pub mod cronjob;
pub mod endpoints;
pub mod disruption;
pub mod endpointslice;
pub mod job;
pub mod garbagecollector;
mod namespace;
mod nodeipam;
pub mod nodelifecycle;
pub mod persistentvolume;
pub mod podgc;
pub mod replicaset;
pub mod statefulset;
pub mod tainteviction;
pub mod volume_protection;
pub mod root_ca_publisher;
mod serviceaccounts;


use serde_json::Value;

use crate::apiserver::Request;
use crate::apiserver::authn::UserInfo;
use crate::store::WatchEvent;

/// A write a controller asks for, and who it is.
#[derive(Debug, Clone)]
pub struct Write {
    pub controller: &'static str,
    pub request: Request,
    /// Requests sent right after `request`, in the same work item.
    pub then: Vec<Request>,
    /// How long after the delivery the write happens (beyond the work-queue hand-off).
    pub delay_ms: u64,
    /// What the controller does once `request` succeeded (it knows the created object then).
    pub follow: Option<FollowUp>,
}

impl Write {
    pub fn now(controller: &'static str, request: Request) -> Write {
        Write { controller, request, then: Vec::new(), delay_ms: 0, follow: None }
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

/// Every controller of kube-controller-manager, in the order they react to one delivery.
pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    let mut writes = Vec::new();
    writes.extend(serviceaccounts::reconcile(cache, event));
    writes.extend(root_ca_publisher::reconcile(cache, event));
    writes.extend(namespace::reconcile(cache, event));
    writes.extend(nodeipam::reconcile(cache, event));
    writes.extend(volume_protection::reconcile(cache, event));
    writes.extend(endpointslice::reconcile(cache, event));
    writes.extend(endpoints::reconcile(cache, event));
    writes
}

/// `system:serviceaccount:kube-system:<name>` with its groups.
pub fn controller_identity(service_account: &str) -> UserInfo {
    UserInfo::impersonated(&format!("system:serviceaccount:kube-system:{service_account}"), &[])
}

/// `metav1.GetControllerOf`: the owner reference marked `controller: true`.
pub(crate) fn controller_of(obj: &Value) -> Option<&Value> {
    obj["metadata"]["ownerReferences"].as_array()?.iter().find(|r| r["controller"] == true)
}

/// An object without a controller (`controller_ref_manager.go`'s orphans).
pub(crate) fn is_orphan(object: &Value) -> bool {
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
    match event.key.resource.as_str() {
        "namespaces" if event.event_type != crate::store::EventType::Deleted => Some(event.key.name.clone()),
        r if r == resource && event.key.name == name => Some(event.key.namespace.clone()),
        _ => None,
    }
}

fn namespace_active(cache: &crate::components::Cache, ns: &str) -> bool {
    cache
        .iter()
        .find(|(k, _)| k.resource == "namespaces" && k.name == ns)
        .is_some_and(|(_, v)| v["metadata"]["deletionTimestamp"].is_null() && v["status"]["phase"] != "Terminating")
}

fn exists(cache: &crate::components::Cache, resource: &str, ns: &str, name: &str) -> bool {
    cache.keys().any(|k| k.resource == resource && k.namespace == ns && k.name == name)
}

impl crate::Engine {
    /// Records an event through a controller's recorder (client-go's `record` package: spam
    /// filter, repeats counted) and sends what it asks for. `reference` is the
    /// `involvedObject` exactly as the controller built it (a Node's has no namespace, the
    /// taint eviction controller's has no uid); the event lives in its namespace, or `default`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn controller_event(&mut self, recorder: &mut crate::kubelet::events::Recorder, sa: &str, source: &str, reference: Value, kind: &str, reason: &str, message: &str) {
        use crate::kubelet::events::{Involved, Note, Source, Write as EventWrite, core_event};
        let object = json!({"metadata": {"name": reference["name"], "namespace": reference["namespace"], "uid": reference["uid"]}});
        let (ref_kind, api_version) = (reference["kind"].as_str().unwrap_or_default().to_string(), reference["apiVersion"].as_str().unwrap_or_default().to_string());
        let involved = Involved { kind: &ref_kind, api_version: &api_version, object: &object, field_path: None };
        let note = Note { kind, reason, message };
        let src = Source { component: source, host: None };
        let ns = reference["namespace"].as_str().filter(|n| !n.is_empty()).unwrap_or("default").to_string();
        let request = match recorder.record_about(involved, note, src, self.now) {
            Some(EventWrite::Create(mut body)) => {
                body["metadata"]["namespace"] = json!(ns);
                body["involvedObject"] = reference;
                controller_request(sa, crate::apiserver::Verb::Create, "events", Some(&ns), "", body).map(|mut r| {
                    r.name = None;
                    r
                })
            }
            Some(EventWrite::Update { name, count, first, last }) => {
                let mut event = core_event(&name, &ns, reference, note, src, self.now);
                event["count"] = json!(count);
                event["firstTimestamp"] = json!(first);
                event["lastTimestamp"] = json!(last);
                controller_request(sa, crate::apiserver::Verb::Update, "events", Some(&ns), &name, event)
            }
            None => None,
        };
        if let Some(r) = request {
            let _ = self.handle(r);
        }
    }
}

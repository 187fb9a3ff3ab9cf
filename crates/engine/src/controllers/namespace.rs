//! The namespace controller: empties a Terminating namespace, then removes its `kubernetes`
//! finalizer so the API server can delete it (upstream: `pkg/controller/namespace/deletion/
//! namespaced_resources_deleter.go`, `Delete` → `deleteAllContent` → `finalizeNamespace`).


use serde_json::Value;

use super::{Write, controller_identity, user_agent};
use crate::apiserver::{Request, Verb};
use crate::store::{EventType, ObjectKey, WatchEvent};
use podlife_model::ResourceType;

const SA: &str = "namespace-controller";

fn terminating(cache: &crate::components::Cache, ns: &str) -> Option<Value> {
    crate::components::cached_one(cache, "", "namespaces", "", ns).filter(|v| v["metadata"]["deletionTimestamp"].is_string()).map(|v| v.to_value())
}

fn request(verb: Verb, rt: &'static ResourceType) -> Request {
    let mut r = Request::new(verb, rt);
    r.credentials = Some(controller_identity(SA));
    r.user_agent = user_agent(SA);
    r.field_manager = "kube-controller-manager".into();
    r
}

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    let (ns, started) = match (event.key.resource, event.event_type) {
        ("namespaces", EventType::Modified) => (event.key.name.clone(), true),
        (_, EventType::Deleted) if !event.key.namespace.is_empty() => (event.key.namespace.clone(), false),
        _ => return vec![],
    };
    let Some(namespace) = terminating(cache, &ns) else { return vec![] };
    let content: Vec<&ObjectKey> = cache.keys().filter(|k| k.namespace == ns).collect();
    if content.is_empty() {
        if namespace["spec"]["finalizers"].as_array().is_none_or(Vec::is_empty) {
            return vec![];
        }
        let Some(rt) = ResourceType::resolve("namespaces") else { return vec![] };
        let mut finalize = request(Verb::Update, rt);
        finalize.name = Some(ns.clone());
        finalize.subresource = Some("finalize".into());
        let mut body = namespace.clone();
        body["spec"]["finalizers"] = json!([]);
        finalize.body = Some(body);
        return vec![Write::now("namespace", finalize)];
    }
    if !started {
        return vec![];
    }
    content
        .into_iter()
        .filter_map(|k| {
            let rt = k.resource_type()?;
            let mut delete = request(Verb::Delete, rt);
            delete.namespace = Some(ns.clone());
            delete.name = Some(k.name.clone());
            Some(Write::now("namespace", delete))
        })
        .collect()
}

//! The service account controller: every active namespace has a `default` ServiceAccount
//! (upstream: `pkg/controller/serviceaccount/serviceaccounts_controller.go`, `syncNamespace`;
//! it reacts to namespace adds/updates and to service account deletions).

use super::{Write, controller_identity, exists, namespace_active, namespace_to_sync, user_agent};
use crate::apiserver::{Request, Verb};
use crate::store::WatchEvent;
use podlife_model::ResourceType;

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    let Some(ns) = namespace_to_sync(event, "serviceaccounts", "default") else { return vec![] };
    if !namespace_active(cache, &ns) || exists(cache, "serviceaccounts", &ns, "default") {
        return vec![];
    }
    let Some(rt) = ResourceType::resolve("serviceaccounts") else { return vec![] };
    let mut request = Request::new(Verb::Create, rt);
    request.namespace = Some(ns.clone());
    request.body = Some(json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default", "namespace": ns}}));
    request.credentials = Some(controller_identity("service-account-controller"));
    request.user_agent = user_agent("service-account-controller");
    request.field_manager = "kube-controller-manager".into();
    vec![Write::now("serviceaccount", request)]
}

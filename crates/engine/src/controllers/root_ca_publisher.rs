//! The root CA publisher: every active namespace has the `kube-root-ca.crt` ConfigMap that
//! projected service account volumes mount (upstream: `pkg/controller/certificates/rootcacertpublisher/publisher.go`).

use super::{Write, controller_identity, exists, namespace_active, namespace_to_sync, user_agent};
use crate::apiserver::{Request, Verb};
use crate::store::WatchEvent;
use podlife_model::ResourceType;

pub const CONFIGMAP_NAME: &str = "kube-root-ca.crt";
pub const DESCRIPTION: &str = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.";
pub const CA_BUNDLE: &str = "-----BEGIN CERTIFICATE-----\n(podlife cluster CA)\n-----END CERTIFICATE-----\n";

pub fn reconcile(cache: &crate::components::Cache, event: &WatchEvent) -> Vec<Write> {
    let Some(ns) = namespace_to_sync(event, "configmaps", CONFIGMAP_NAME) else { return vec![] };
    if !namespace_active(cache, &ns) || exists(cache, "configmaps", &ns, CONFIGMAP_NAME) {
        return vec![];
    }
    let Some(rt) = ResourceType::resolve("configmaps") else { return vec![] };
    let mut request = Request::new(Verb::Create, rt);
    request.namespace = Some(ns.clone());
    request.body = Some(json!({
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": CONFIGMAP_NAME, "namespace": ns, "annotations": {"kubernetes.io/description": DESCRIPTION}},
        "data": {"ca.crt": CA_BUNDLE}
    }));
    request.credentials = Some(controller_identity("root-ca-cert-publisher"));
    request.user_agent = user_agent("root-ca-cert-publisher");
    request.field_manager = "kube-controller-manager".into();
    vec![Write::now("root-ca-cert-publisher", request)]
}

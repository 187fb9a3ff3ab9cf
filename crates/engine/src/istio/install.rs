//! What `istioctl install --set profile=minimal -y` applies: the `base` and `pilot`
//! components of Istio 1.30.3, rendered from the `istio-discovery` chart with its default
//! values (upstream: `manifests/charts/istio-control/istio-discovery/templates/*.yaml`).
//!
//! Left out (podlife does not serve these kinds): the CustomResourceDefinitions of the `base`
//! component, istiod's HorizontalPodAutoscaler, the NetworkPolicy (off by default) and the
//! ValidatingAdmissionPolicy of the chart. RBAC rules are trimmed to what istiod reads and
//! writes among podlife's kinds. istiod's self-signed root is a placeholder (the webhook's
//! `caBundle` and the `istio-ca-root-cert` ConfigMaps carry it); istiod patches it into the
//! webhook configuration itself upstream, here it is written at install time.

use serde_json::Value;

use super::{HUB, TAG};

pub const NAMESPACE: &str = "istio-system";
/// The webhook configuration istiod's injector is registered by.
pub const INJECTOR_CONFIG: &str = "istio-sidecar-injector";

/// A placeholder root certificate, base64 (`caBundle`).
pub const CA_BUNDLE_B64: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCmlzdGlvZCBzZWxmLXNpZ25lZCByb290IENBIChtb2RlbGxlZCBieSBwb2RsaWZlOiBubyByZWFsIGtleSBiZWhpbmQgaXQpCi0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K";
const ROOT_CERT_PEM: &str = "-----BEGIN CERTIFICATE-----\nistiod self-signed root CA (modelled by podlife: no real key behind it)\n-----END CERTIFICATE-----\n";

/// A component and the objects it installs, in istioctl's order (the namespace first, then
/// `Istio core`, then `Istiod`).
pub struct Component {
    /// `UserFacingComponentName` and its icon (`component.Icons`).
    pub name: &'static str,
    pub icon: &'static str,
    pub objects: Vec<Value>,
}

/// The components `istioctl install --set profile=minimal` installs, from `install.json`
/// (the chart's templates rendered with the default values: every object carries the chart's
/// labels — `app.kubernetes.io/*`, `helm.sh/chart`, `install.operator.istio.io/owning-resource`,
/// `istio.io/rev`, `operator.istio.io/component` — and its own):
/// - `base` (minus its CRDs): istiod's reader service account, ClusterRole and binding;
/// - `pilot`: istiod's service account, RBAC, the `istio` mesh ConfigMap, the
///   `istio-sidecar-injector` ConfigMap, the `istiod` Deployment, Service and
///   PodDisruptionBudget, the injector's MutatingWebhookConfiguration (`mutatingwebhook.yaml`
///   for the default revision: four webhooks on pod CREATE, selected by the namespace's
///   `istio-injection` / `istio.io/rev` labels and the pod's `sidecar.istio.io/inject` label)
///   and the ValidatingWebhookConfiguration `istio-validator-istio-system`.
pub fn components() -> Vec<Component> {
    let vars = [("NAMESPACE", NAMESPACE), ("INJECTOR_CONFIG", INJECTOR_CONFIG), ("CA_BUNDLE_B64", CA_BUNDLE_B64), ("HUB", HUB), ("TAG", TAG)];
    let mut all = crate::json_text::parse(include_str!(concat!(env!("OUT_DIR"), "/istio/install.json")), &vars);
    let mut objects = |component: &str| match all[component].take() {
        Value::Array(list) => list,
        _ => Vec::new(),
    };
    vec![
        Component { name: "Istio core", icon: "⛵️", objects: objects("base") },
        Component { name: "Istiod", icon: "🧠", objects: objects("pilot") },
    ]
}

/// istiod's namespace controller publishes its root certificate in every namespace
/// (`istio-ca-root-cert`), which injected pods mount.
pub fn root_cert_configmap(namespace: &str) -> Value {
    json!({"apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "istio-ca-root-cert", "namespace": namespace, "labels": {"istio.io/config": "true"}},
        "data": {"root-cert.pem": ROOT_CERT_PEM}})
}

/// istioctl's banner (`pkg/art/istio-ascii.txt`).
pub const ART: &str = "        |\\          \n        | \\         \n        |  \\        \n        |   \\       \n      /||    \\      \n     / ||     \\     \n    /  ||      \\    \n   /   ||       \\   \n  /    ||        \\  \n /     ||         \\ \n/______||__________\\\n____________________\n  \\__       _____/  \n     \\_____/        \n";

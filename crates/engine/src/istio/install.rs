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

fn labels(component: &str) -> Value {
    json!({
        "app.kubernetes.io/instance": "istio",
        "app.kubernetes.io/managed-by": "Helm",
        "app.kubernetes.io/part-of": "istio",
        "app.kubernetes.io/version": TAG,
        "helm.sh/chart": if component == "Base" { format!("base-{TAG}") } else { format!("istiod-{TAG}") },
        "install.operator.istio.io/owning-resource": "unknown",
        "istio.io/rev": "default",
        "operator.istio.io/component": component,
    })
}

fn with(mut base: Value, extra: Value) -> Value {
    if let (Some(b), Some(e)) = (base.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            b.insert(k.clone(), v.clone());
        }
    }
    base
}

/// The components `istioctl install --set profile=minimal` installs.
pub fn components() -> Vec<Component> {
    vec![
        Component { name: "Istio core", icon: "⛵️", objects: base() },
        Component { name: "Istiod", icon: "🧠", objects: pilot() },
    ]
}

/// The `base` component (minus its CRDs): istiod's reader service account and role.
fn base() -> Vec<Value> {
    vec![
        json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "istio-reader-service-account", "namespace": NAMESPACE, "labels": with(labels("Base"), json!({"app": "istio-reader", "release": "istio"}))}}),
        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": {"name": "istio-reader-clusterrole-istio-system", "labels": with(labels("Base"), json!({"app": "istio-reader", "release": "istio"}))},
            "rules": [{"apiGroups": [""], "resources": ["endpoints", "pods", "services", "nodes", "replicationcontrollers", "namespaces", "secrets"], "verbs": ["get", "list", "watch"]},
                      {"apiGroups": ["discovery.k8s.io"], "resources": ["endpointslices"], "verbs": ["get", "list", "watch"]},
                      {"apiGroups": ["apps"], "resources": ["replicasets"], "verbs": ["get", "list", "watch"]}]}),
        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": {"name": "istio-reader-clusterrole-istio-system", "labels": with(labels("Base"), json!({"app": "istio-reader", "release": "istio"}))},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "istio-reader-clusterrole-istio-system"},
            "subjects": [{"kind": "ServiceAccount", "name": "istio-reader-service-account", "namespace": NAMESPACE}]}),
    ]
}

/// The `pilot` component: istiod and its webhooks.
fn pilot() -> Vec<Value> {
    let l = labels("Pilot");
    let istiod = |extra: Value| with(l.clone(), with(json!({"app": "istiod", "release": "istio"}), extra));
    vec![
        json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "istiod", "namespace": NAMESPACE, "labels": istiod(json!({}))}}),
        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": {"name": "istiod-clusterrole-istio-system", "labels": istiod(json!({}))},
            "rules": [{"apiGroups": ["admissionregistration.k8s.io"], "resources": ["mutatingwebhookconfigurations", "validatingwebhookconfigurations"], "verbs": ["get", "list", "watch", "update", "patch"]},
                      {"apiGroups": [""], "resources": ["pods", "nodes", "services", "namespaces", "endpoints"], "verbs": ["get", "list", "watch"]},
                      {"apiGroups": ["discovery.k8s.io"], "resources": ["endpointslices"], "verbs": ["get", "list", "watch"]},
                      {"apiGroups": [""], "resources": ["configmaps"], "verbs": ["create", "get", "list", "watch", "update"]}]}),
        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": {"name": "istiod-clusterrole-istio-system", "labels": istiod(json!({}))},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "istiod-clusterrole-istio-system"},
            "subjects": [{"kind": "ServiceAccount", "name": "istiod", "namespace": NAMESPACE}]}),
        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role", "metadata": {"name": "istiod", "namespace": NAMESPACE, "labels": istiod(json!({}))},
            "rules": [{"apiGroups": [""], "resources": ["configmaps"], "verbs": ["create", "get", "watch", "list", "update", "delete"]},
                      {"apiGroups": [""], "resources": ["secrets"], "verbs": ["create", "get", "watch", "list", "update", "delete"]},
                      {"apiGroups": ["coordination.k8s.io"], "resources": ["leases"], "verbs": ["get", "update", "patch", "create"]}]}),
        json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "RoleBinding", "metadata": {"name": "istiod", "namespace": NAMESPACE, "labels": istiod(json!({}))},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "istiod"},
            "subjects": [{"kind": "ServiceAccount", "name": "istiod", "namespace": NAMESPACE}]}),
        json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "istio", "namespace": NAMESPACE, "labels": istiod(json!({}))},
            "data": {
                "mesh": "defaultConfig:\n  discoveryAddress: istiod.istio-system.svc:15012\ndefaultProviders:\n  metrics:\n  - prometheus\nenablePrometheusMerge: true\nrootNamespace: istio-system\ntrustDomain: cluster.local",
                "meshNetworks": "networks: {}",
            }}),
        json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": INJECTOR_CONFIG, "namespace": NAMESPACE, "labels": istiod(json!({}))},
            "data": {
                "config": "# defaultTemplates defines the default template to use for pods that do not explicitly specify a template\ndefaultTemplates: [sidecar]\npolicy: enabled\nalwaysInjectSelector:\n  []\nneverInjectSelector:\n  []\ninjectedAnnotations:\ntemplate: \"{{ Template_Version_And_Istio_Version_Mismatched_Check_Installation }}\"\ntemplates:\n  sidecar: |\n    # the injection template of istio-discovery/files/injection-template.yaml (modelled by podlife)\n",
                "values": format!("{{\"global\":{{\"hub\":\"{HUB}\",\"tag\":\"{TAG}\",\"istioNamespace\":\"istio-system\",\"proxy\":{{\"image\":\"proxyv2\",\"statusPort\":15020}},\"proxy_init\":{{\"image\":\"proxyv2\"}}}},\"sidecarInjectorWebhook\":{{\"rewriteAppHTTPProbe\":true}}}}"),
            }}),
        deployment(&l),
        json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "istiod", "namespace": NAMESPACE, "labels": istiod(json!({"istio": "pilot"}))},
            "spec": {"ports": [
                {"port": 15010, "name": "grpc-xds", "protocol": "TCP"},
                {"port": 15012, "name": "https-dns", "protocol": "TCP"},
                {"port": 443, "name": "https-webhook", "targetPort": 15017, "protocol": "TCP"},
                {"port": 15014, "name": "http-monitoring", "protocol": "TCP"},
            ], "selector": {"app": "istiod", "istio": "pilot"}}}),
        json!({"apiVersion": "policy/v1", "kind": "PodDisruptionBudget", "metadata": {"name": "istiod", "namespace": NAMESPACE, "labels": istiod(json!({"istio": "pilot"}))},
            "spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "istiod", "istio": "pilot"}}}}),
        injector_webhooks(&l),
        json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingWebhookConfiguration",
            "metadata": {"name": "istio-validator-istio-system", "labels": with(l.clone(), json!({"app": "istiod", "istio": "istiod", "istio.io/rev": "default", "release": "istio"}))},
            "webhooks": [{
                "name": "rev.validation.istio.io",
                "clientConfig": {"service": {"name": "istiod", "namespace": NAMESPACE, "path": "/validate"}, "caBundle": CA_BUNDLE_B64},
                "rules": [{"operations": ["CREATE", "UPDATE"], "apiGroups": ["security.istio.io", "networking.istio.io", "telemetry.istio.io", "extensions.istio.io"], "apiVersions": ["*"], "resources": ["*"]}],
                "failurePolicy": "Ignore",
                "sideEffects": "None",
                "admissionReviewVersions": ["v1"],
                "objectSelector": {"matchExpressions": [{"key": "istio.io/rev", "operator": "In", "values": ["default"]}]},
            }]}),
    ]
}

fn deployment(l: &Value) -> Value {
    let pod_labels = json!({
        "app": "istiod", "istio.io/rev": "default", "install.operator.istio.io/owning-resource": "unknown",
        "sidecar.istio.io/inject": "false", "operator.istio.io/component": "Pilot", "istio": "pilot",
        "istio.io/dataplane-mode": "none", "app.kubernetes.io/name": "istiod", "app.kubernetes.io/part-of": "istio",
        "app.kubernetes.io/version": TAG, "app.kubernetes.io/instance": "istio", "app.kubernetes.io/managed-by": "Helm", "helm.sh/chart": format!("istiod-{TAG}"),
    });
    let field = |name: &str, path: &str| json!({"name": name, "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": path}}});
    json!({"apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "istiod", "namespace": NAMESPACE, "labels": with(l.clone(), json!({"app": "istiod", "istio": "pilot", "release": "istio", "app.kubernetes.io/name": "istiod"}))},
        "spec": {
            "strategy": {"rollingUpdate": {"maxSurge": "100%", "maxUnavailable": "25%"}},
            "selector": {"matchLabels": {"app": "istiod", "istio.io/rev": "default", "istio": "pilot"}},
            "template": {
                "metadata": {"labels": pod_labels, "annotations": {"prometheus.io/port": "15014", "prometheus.io/scrape": "true", "sidecar.istio.io/inject": "false"}},
                "spec": {
                    "tolerations": [{"key": "cni.istio.io/not-ready", "operator": "Exists"}],
                    "serviceAccountName": "istiod",
                    "containers": [{
                        "name": "discovery",
                        "image": format!("{HUB}/pilot:{TAG}"),
                        "args": ["discovery", "--monitoringAddr=:15014", "--log_output_level=default:info", "--domain", "cluster.local", "--keepaliveMaxServerConnectionAge", "30m"],
                        "ports": [
                            {"containerPort": 8080, "protocol": "TCP", "name": "http-debug"},
                            {"containerPort": 15010, "protocol": "TCP", "name": "grpc-xds"},
                            {"containerPort": 15012, "protocol": "TCP", "name": "tls-xds"},
                            {"containerPort": 15017, "protocol": "TCP", "name": "https-webhooks"},
                            {"containerPort": 15014, "protocol": "TCP", "name": "http-monitoring"},
                        ],
                        "readinessProbe": {"httpGet": {"path": "/ready", "port": 8080}, "initialDelaySeconds": 1, "periodSeconds": 3, "timeoutSeconds": 5},
                        "env": [
                            {"name": "REVISION", "value": "default"},
                            {"name": "PILOT_CERT_PROVIDER", "value": "istiod"},
                            field("POD_NAME", "metadata.name"),
                            field("POD_NAMESPACE", "metadata.namespace"),
                            field("SERVICE_ACCOUNT", "spec.serviceAccountName"),
                            {"name": "KUBECONFIG", "value": "/var/run/secrets/remote/config"},
                            {"name": "CA_TRUSTED_NODE_ACCOUNTS", "value": "istio-system/ztunnel"},
                            {"name": "PILOT_TRACE_SAMPLING", "value": "1"},
                            {"name": "PILOT_ENABLE_ANALYSIS", "value": "false"},
                            {"name": "CLUSTER_ID", "value": "Kubernetes"},
                            {"name": "GOMAXPROCS", "valueFrom": {"resourceFieldRef": {"resource": "limits.cpu", "divisor": "1"}}},
                            {"name": "PLATFORM", "value": ""},
                        ],
                        "resources": {"requests": {"cpu": "500m", "memory": "2048Mi"}},
                        "securityContext": {"allowPrivilegeEscalation": false, "readOnlyRootFilesystem": true, "runAsNonRoot": true, "capabilities": {"drop": ["ALL"]}},
                        "volumeMounts": [
                            {"name": "istio-token", "mountPath": "/var/run/secrets/tokens", "readOnly": true},
                            {"name": "local-certs", "mountPath": "/var/run/secrets/istio-dns"},
                            {"name": "cacerts", "mountPath": "/etc/cacerts", "readOnly": true},
                            {"name": "istio-kubeconfig", "mountPath": "/var/run/secrets/remote", "readOnly": true},
                        ],
                    }],
                    "volumes": [
                        {"name": "local-certs", "emptyDir": {"medium": "Memory"}},
                        {"name": "istio-token", "projected": {"sources": [{"serviceAccountToken": {"audience": "istio-ca", "expirationSeconds": 43200, "path": "istio-token"}}]}},
                        {"name": "cacerts", "secret": {"secretName": "cacerts", "optional": true}},
                        {"name": "istio-kubeconfig", "secret": {"secretName": "istio-kubeconfig", "optional": true}},
                    ],
                },
            },
        }})
}

/// `mutatingwebhook.yaml` for the default revision: four webhooks on pod CREATE, selected by
/// the namespace's `istio-injection` / `istio.io/rev` labels and the pod's
/// `sidecar.istio.io/inject` label.
fn injector_webhooks(l: &Value) -> Value {
    let core = |prefix: &str, namespace_selector: Value, object_selector: Value| json!({
        "name": format!("{prefix}sidecar-injector.istio.io"),
        "clientConfig": {"service": {"name": "istiod", "namespace": NAMESPACE, "path": "/inject", "port": 443}, "caBundle": CA_BUNDLE_B64},
        "sideEffects": "None",
        "rules": [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]}],
        "failurePolicy": "Fail",
        "reinvocationPolicy": "Never",
        "admissionReviewVersions": ["v1"],
        "namespaceSelector": namespace_selector,
        "objectSelector": object_selector,
    });
    let expr = |key: &str, op: &str, values: &[&str]| if values.is_empty() { json!({"key": key, "operator": op}) } else { json!({"key": key, "operator": op, "values": values}) };
    json!({"apiVersion": "admissionregistration.k8s.io/v1", "kind": "MutatingWebhookConfiguration",
        "metadata": {"name": INJECTOR_CONFIG, "labels": with(l.clone(), json!({"app": "sidecar-injector", "release": "istio", "app.kubernetes.io/name": "istiod"}))},
        "webhooks": [
            core("rev.namespace.", json!({"matchExpressions": [expr("istio.io/rev", "In", &["default"]), expr("istio-injection", "DoesNotExist", &[])]}),
                json!({"matchExpressions": [expr("sidecar.istio.io/inject", "NotIn", &["false"])]})),
            core("rev.object.", json!({"matchExpressions": [expr("istio.io/rev", "DoesNotExist", &[]), expr("istio-injection", "DoesNotExist", &[])]}),
                json!({"matchExpressions": [expr("sidecar.istio.io/inject", "NotIn", &["false"]), expr("istio.io/rev", "In", &["default"])]})),
            core("namespace.", json!({"matchExpressions": [expr("istio-injection", "In", &["enabled"])]}),
                json!({"matchExpressions": [expr("sidecar.istio.io/inject", "NotIn", &["false"])]})),
            core("object.", json!({"matchExpressions": [expr("istio-injection", "DoesNotExist", &[]), expr("istio.io/rev", "DoesNotExist", &[])]}),
                json!({"matchExpressions": [expr("sidecar.istio.io/inject", "In", &["true"]), expr("istio.io/rev", "DoesNotExist", &[])]})),
        ]})
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

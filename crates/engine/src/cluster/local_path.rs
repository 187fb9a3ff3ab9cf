//! kind's storage: the node image's `/kind/manifests/default-storage.yaml`
//! (kind v0.32.0 `pkg/build/nodeimage/const_storage.go`), which kind's `installstorage` action
//! applies with `kubectl apply -f -` right after the CNI: the `local-path-storage` namespace,
//! rancher's local-path-provisioner (kind's build of v0.0.34) with its service account, RBAC
//! and `local-path-config`, and the default StorageClass `standard`.

use serde_json::Value;

/// `storageProvisionerImage` and `storageHelperImage` of kind v0.32.0.
pub const PROVISIONER_IMAGE: &str = "docker.io/kindest/local-path-provisioner:v20260521-9fb22683";
pub const HELPER_IMAGE: &str = "docker.io/kindest/local-path-helper:v20260131-7181c60a";
pub const NAMESPACE: &str = "local-path-storage";
pub const SERVICE_ACCOUNT: &str = "local-path-provisioner-service-account";
pub const CONFIG_MAP: &str = "local-path-config";

/// `config.json`'s one path for every node (kind keeps volumes under /var, not /opt).
pub const BASE_PATH: &str = "/var/local-path-provisioner";

const CONFIG_JSON: &str = "{\n        \"nodePathMap\":[\n        {\n                \"node\":\"DEFAULT_PATH_FOR_NON_LISTED_NODES\",\n                \"paths\":[\"/var/local-path-provisioner\"]\n        }\n        ]\n}";
pub const SETUP: &str = "#!/bin/sh\nset -eu\nmkdir -m 0777 -p \"$VOL_DIR\"";
pub const TEARDOWN: &str = "#!/bin/sh\nset -eu\nrm -rf \"$VOL_DIR\"";

/// The ConfigMap's `helperPod.yaml`, the template of every helper pod.
fn helper_pod_yaml() -> String {
    format!(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: helper-pod\nspec:\n  priorityClassName: system-node-critical\n  tolerations:\n    - key: node.kubernetes.io/disk-pressure\n      operator: Exists\n      effect: NoSchedule\n  containers:\n  - name: helper-pod\n    image: {HELPER_IMAGE}\n    imagePullPolicy: IfNotPresent"
    )
}

/// The objects of the manifest in its order, each as `kubectl apply` sends it (with its
/// `last-applied-configuration`: `CreateApplyAnnotation`, the object as read with
/// `annotations: {}` when it has none, namespace dropped for cluster-scoped kinds by the
/// builder's `FilterNamespace`).
pub fn objects() -> Vec<(&'static str, Option<&'static str>, Value)> {
    let rbac = "rbac.authorization.k8s.io/v1";
    let role_rules = json!([{"apiGroups": [""], "resources": ["pods"], "verbs": ["get", "list", "watch", "create", "patch", "update", "delete"]}]);
    let cluster_rules = json!([
        {"apiGroups": [""], "resources": ["nodes", "persistentvolumeclaims", "configmaps", "pods", "pods/log"], "verbs": ["get", "list", "watch"]},
        {"apiGroups": [""], "resources": ["persistentvolumes"], "verbs": ["get", "list", "watch", "create", "patch", "update", "delete"]},
        {"apiGroups": [""], "resources": ["events"], "verbs": ["create", "patch"]},
        {"apiGroups": ["storage.k8s.io"], "resources": ["storageclasses"], "verbs": ["get", "list", "watch"]},
    ]);
    let subjects = json!([{"kind": "ServiceAccount", "name": SERVICE_ACCOUNT, "namespace": NAMESPACE}]);
    let ns = Some(NAMESPACE);
    let list = vec![
        ("namespaces", None, json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NAMESPACE}})),
        ("serviceaccounts", ns, json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": SERVICE_ACCOUNT, "namespace": NAMESPACE}})),
        ("roles", ns, json!({"apiVersion": rbac, "kind": "Role", "metadata": {"name": "local-path-provisioner-role", "namespace": NAMESPACE}, "rules": role_rules})),
        ("clusterroles", None, json!({"apiVersion": rbac, "kind": "ClusterRole", "metadata": {"name": "local-path-provisioner-role"}, "rules": cluster_rules})),
        ("rolebindings", ns, json!({"apiVersion": rbac, "kind": "RoleBinding", "metadata": {"name": "local-path-provisioner-bind", "namespace": NAMESPACE},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "local-path-provisioner-role"}, "subjects": subjects.clone()})),
        ("clusterrolebindings", None, json!({"apiVersion": rbac, "kind": "ClusterRoleBinding", "metadata": {"name": "local-path-provisioner-bind"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "local-path-provisioner-role"}, "subjects": subjects})),
        ("deployments", ns, deployment()),
        ("storageclasses", None, json!({
            "apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
            "metadata": {"name": "standard", "annotations": {"storageclass.kubernetes.io/is-default-class": "true"}},
            "provisioner": crate::local_path::PROVISIONER, "volumeBindingMode": "WaitForFirstConsumer", "reclaimPolicy": "Delete"
        })),
        ("configmaps", ns, json!({
            "apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": CONFIG_MAP, "namespace": NAMESPACE},
            "data": {"config.json": CONFIG_JSON, "setup": SETUP, "teardown": TEARDOWN, "helperPod.yaml": helper_pod_yaml()}
        })),
    ];
    list.into_iter().map(|(plural, ns, object)| (plural, ns, with_last_applied(object))).collect()
}

fn with_last_applied(mut object: Value) -> Value {
    let mut original = object.clone();
    if original["metadata"]["annotations"].is_null() {
        original["metadata"]["annotations"] = json!({});
    }
    let text = format!("{}\n", podlife_model::json::to_string(&original));
    object["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"] = json!(text);
    object
}

/// The `local-path-provisioner` Deployment, as kind customised it (linux nodes, the
/// control plane's taints tolerated).
fn deployment() -> Value {
    json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "local-path-provisioner", "namespace": NAMESPACE},
        "spec": {
            "replicas": 1,
            "selector": {"matchLabels": {"app": "local-path-provisioner"}},
            "template": {
                "metadata": {"labels": {"app": "local-path-provisioner"}},
                "spec": {
                    "nodeSelector": {"kubernetes.io/os": "linux"},
                    "tolerations": [
                        {"key": "node-role.kubernetes.io/control-plane", "operator": "Equal", "effect": "NoSchedule"},
                        {"key": "node-role.kubernetes.io/master", "operator": "Equal", "effect": "NoSchedule"},
                    ],
                    "serviceAccountName": SERVICE_ACCOUNT,
                    "containers": [{
                        "name": "local-path-provisioner",
                        "image": PROVISIONER_IMAGE,
                        "imagePullPolicy": "IfNotPresent",
                        "command": ["local-path-provisioner", "--debug", "start", "--helper-image", HELPER_IMAGE, "--config", "/etc/config/config.json"],
                        "volumeMounts": [{"name": "config-volume", "mountPath": "/etc/config/"}],
                        "env": [
                            {"name": "POD_NAMESPACE", "valueFrom": {"fieldRef": {"fieldPath": "metadata.namespace"}}},
                            {"name": "CONFIG_MOUNT_PATH", "value": "/etc/config/"},
                        ]
                    }],
                    "volumes": [{"name": "config-volume", "configMap": {"name": CONFIG_MAP}}]
                }
            }
        }
    })
}

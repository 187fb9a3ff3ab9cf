//! kind's storage: the node image's `/kind/manifests/default-storage.yaml`
//! (kind v0.32.0 `pkg/build/nodeimage/const_storage.go`), which kind's `installstorage` action
//! applies with `kubectl apply -f -` right after the CNI: the `local-path-storage` namespace,
//! rancher's local-path-provisioner (kind's build of v0.0.34) with its service account, RBAC
//! and `local-path-config`, and the default StorageClass `standard`.

use serde_json::Value;

/// `storageProvisionerImage` and `storageHelperImage` of kind v0.32.0.
/// The provisioner's name (`DefaultProvisionerName`).
pub const PROVISIONER: &str = "rancher.io/local-path";
pub const PROVISIONER_IMAGE: &str = "docker.io/kindest/local-path-provisioner:v20260521-9fb22683";
pub const HELPER_IMAGE: &str = "docker.io/kindest/local-path-helper:v20260131-7181c60a";
pub const NAMESPACE: &str = "local-path-storage";
pub const SERVICE_ACCOUNT: &str = "local-path-provisioner-service-account";
pub const CONFIG_MAP: &str = "local-path-config";

/// `config.json`'s one path for every node (kind keeps volumes under /var, not /opt).
pub const BASE_PATH: &str = "/var/local-path-provisioner";

/// The objects of the manifest in its order (`local_path.json`), each as `kubectl apply` sends
/// it (with its `last-applied-configuration`: `CreateApplyAnnotation`, the object as read with
/// `annotations: {}` when it has none, namespace dropped for cluster-scoped kinds by the
/// builder's `FilterNamespace`). The ConfigMap's `config.json` has one path for every node
/// (`BASE_PATH`), its `helperPod.yaml` is the template of every helper pod; the Deployment is
/// `local-path-provisioner` as kind customised it (linux nodes, the control plane's taints
/// tolerated).
pub fn objects() -> Vec<Value> {
    let vars = [
        ("PROVISIONER_IMAGE", PROVISIONER_IMAGE), ("HELPER_IMAGE", HELPER_IMAGE), ("SERVICE_ACCOUNT", SERVICE_ACCOUNT),
        ("NAMESPACE", NAMESPACE), ("CONFIG_MAP", CONFIG_MAP), ("PROVISIONER", PROVISIONER),
    ];
    crate::json_text::parse_list(include_str!(concat!(env!("OUT_DIR"), "/cluster/local_path.json")), &vars).into_iter().map(with_last_applied).collect()
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

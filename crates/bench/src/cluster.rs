//! What the workloads share: the nodes they build, the pods they create through kube-apiserver,
//! and how they print a time.

use std::time::Duration;

use podlife_engine::cluster::NodeSpec;
use podlife_engine::{Engine, Request, Verb};
use podlife_model::ResourceType;
use serde_json::json;

/// `nodes` identical nodes (32 CPU, 128Gi, 110 pods each), named so that they sort by index.
pub(crate) fn node_specs(nodes: usize) -> Vec<NodeSpec> {
    (0..nodes)
        .map(|i| NodeSpec {
            name: format!("node-{i:05}"),
            labels: vec![],
            taints: vec![],
            cpu: "32".into(),
            memory: "128Gi".into(),
            pods: "110".into(),
        })
        .collect()
}

/// Creates `pods` pods (`p-00000`, …; one container of `image` requesting 100m and 128Mi) in
/// `default` through kube-apiserver (`Engine::handle`), as a client would; returns how many it
/// refused (the store's object cap, `MAX_OBJECTS`).
pub(crate) fn create_pods(e: &mut Engine, pods: usize, image: &str) -> usize {
    let rt = ResourceType::resolve("pods").expect("pods are served");
    let mut refused = 0usize;
    for i in 0..pods {
        let mut req = Request::new(Verb::Create, rt);
        req.namespace = Some("default".into());
        req.body = Some(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": format!("p-{i:05}")},
            "spec": {"containers": [{"name": "c", "image": image, "resources": {"requests": {"cpu": "100m", "memory": "128Mi"}}}]}}));
        if e.handle(req).is_err() {
            refused += 1;
        }
    }
    refused
}

/// Milliseconds as a `Duration`, printed like `{:.2?}` prints one (`812.34ms`, `12.05s`).
pub(crate) fn duration(ms: f64) -> Duration {
    Duration::try_from_secs_f64(ms / 1000.0).unwrap_or_default()
}

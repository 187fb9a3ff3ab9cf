//! istiod's sidecar injector (`/inject`): what it adds to a pod, as Istio 1.30's default
//! `sidecar` template renders it for a Kubernetes ≥ 1.33 cluster (native sidecars: istio-proxy is
//! an init container with `restartPolicy: Always`). Upstream: istio 1.30.3
//! `manifests/charts/istio-control/istio-discovery/files/injection-template.yaml`, the chart's
//! `values.yaml` defaults, and `pkg/kube/inject/{inject,webhook}.go` (`RunTemplate`,
//! `postProcessPod`: Prometheus merge annotations, the `sidecar.istio.io/status` annotation,
//! `reorderPod`: istio-init, then istio-proxy, first among the init containers).
//!
//! Simplified: probes of the app are not rewritten to the agent's port 15020 (podlife's
//! kubelet probes reach the app directly, as the rewrite achieves); `PROXY_CONFIG` and
//! `ISTIO_META_POD_PORTS` are left out of istio-proxy's environment; custom templates and the
//! `sidecar.istio.io/*` override annotations other than `inject` are not read.

use serde_json::{Map, Value};

use super::{HUB, TAG};
use crate::admission_review::{AdmissionRequest, AdmissionResponse};

/// The injection's answer: a JSON patch (one operation per top-level field it changes).
pub fn inject(req: &AdmissionRequest) -> AdmissionResponse {
    let pod = &req.object;
    // `injectRequired`: a pod already injected, or one on the host network, is left alone.
    if pod["metadata"]["annotations"]["sidecar.istio.io/status"].is_string() || pod["spec"]["hostNetwork"] == true {
        return AdmissionResponse::allow();
    }
    let mut injected = pod.clone();
    let namespace = if req.namespace.is_empty() { "default" } else { req.namespace.as_str() };
    apply(&mut injected, namespace);
    AdmissionResponse::patch(patch_between(pod, &injected))
}

/// The injected pod.
pub fn apply(pod: &mut Value, namespace: &str) {
    let image = format!("{HUB}/proxyv2:{TAG}");
    let app_containers: Vec<String> = pod["spec"]["containers"].as_array().into_iter().flatten().filter_map(|c| c["name"].as_str()).filter(|n| *n != "istio-proxy").map(str::to_string).collect();
    let labels = pod["metadata"]["labels"].clone();
    let label = |k: &str| labels[k].as_str().filter(|v| !v.is_empty()).map(str::to_string);
    // `service.istio.io/canonical-name`: the label itself, app.kubernetes.io/name, app, else the
    // workload's name (the pod's generateName without its hash, or its name).
    let (workload, owner_path) = workload(pod);
    let owner = format!("kubernetes://apis/{}/{workload}", owner_path.replace("{ns}", namespace));
    let canonical_name = label("service.istio.io/canonical-name").or_else(|| label("app.kubernetes.io/name")).or_else(|| label("app")).unwrap_or_else(|| workload.clone());
    let canonical_revision = label("service.istio.io/canonical-revision").or_else(|| label("app.kubernetes.io/version")).or_else(|| label("version")).unwrap_or_else(|| "latest".into());
    let meta = &mut pod["metadata"];
    if !meta["labels"].is_object() {
        meta["labels"] = json!({});
    }
    meta["labels"]["security.istio.io/tlsMode"] = json!(label("security.istio.io/tlsMode").unwrap_or_else(|| "istio".into()));
    meta["labels"]["service.istio.io/canonical-name"] = json!(canonical_name);
    meta["labels"]["service.istio.io/canonical-revision"] = json!(canonical_revision);
    if !meta["annotations"].is_object() {
        meta["annotations"] = json!({});
    }
    let ann = &mut meta["annotations"];
    ann["istio.io/rev"] = json!("default");
    if let Some(first) = app_containers.first() {
        for key in ["kubectl.kubernetes.io/default-logs-container", "kubectl.kubernetes.io/default-container"] {
            if ann[key].is_null() {
                ann[key] = json!(first);
            }
        }
    }
    // `applyPrometheusMerge` (enablePrometheusMerge: true): scrape the agent's merged metrics.
    ann["prometheus.io/path"] = json!("/stats/prometheus");
    ann["prometheus.io/port"] = json!("15020");
    ann["prometheus.io/scrape"] = json!("true");
    let mut template = template(&image, &app_containers, &workload, &owner);
    let volumes = match template["volumes"].take() {
        Value::Array(list) => list,
        _ => Vec::new(),
    };
    let volume_names: Vec<Value> = volumes.iter().map(|v| v["name"].clone()).collect();
    // `getInjectionStatus`: what the template added (json.Marshal of the struct, in its order).
    let names = podlife_model::json::to_string(&Value::Array(volume_names));
    ann["sidecar.istio.io/status"] = json!(format!("{{\"initContainers\":[\"istio-init\",\"istio-proxy\"],\"containers\":null,\"volumes\":{names},\"imagePullSecrets\":null,\"revision\":\"default\"}}"));
    let spec = &mut pod["spec"];
    let mut inits = vec![template["istio-init"].take(), template["istio-proxy"].take()];
    inits.extend(spec["initContainers"].as_array().cloned().unwrap_or_default().into_iter().filter(|c| c["name"] != "istio-init" && c["name"] != "istio-proxy"));
    spec["initContainers"] = Value::Array(inits);
    let mut all_volumes = spec["volumes"].as_array().cloned().unwrap_or_default();
    all_volumes.extend(volumes);
    spec["volumes"] = Value::Array(all_volumes);
}

/// The workload a pod belongs to, as `DeploymentMeta` / `TypeMeta` name it (istio's
/// `GetDeployMetaFromPod`): a ReplicaSet's pod `web-7c5d8f9b4-x8k2p` belongs to Deployment
/// `web`; a pod of another controller to that controller; a bare pod to itself.
fn workload(pod: &Value) -> (String, &'static str) {
    let meta = &pod["metadata"];
    let owner = meta["ownerReferences"].as_array().and_then(|o| o.iter().find(|r| r["controller"] == true).or_else(|| o.first())).cloned();
    match owner {
        Some(o) if o["kind"] == "ReplicaSet" => {
            let rs = o["name"].as_str().unwrap_or_default();
            let name = rs.rsplit_once('-').map_or(rs, |(d, _hash)| d);
            (name.to_string(), "apps/v1/namespaces/{ns}/deployments")
        }
        Some(o) => {
            let plural = match o["kind"].as_str() {
                Some("StatefulSet") => "apps/v1/namespaces/{ns}/statefulsets",
                Some("DaemonSet") => "apps/v1/namespaces/{ns}/daemonsets",
                Some("Job") => "batch/v1/namespaces/{ns}/jobs",
                _ => "v1/namespaces/{ns}/pods",
            };
            (o["name"].as_str().unwrap_or_default().to_string(), plural)
        }
        None => {
            let name = meta["name"].as_str().filter(|n| !n.is_empty()).or_else(|| meta["generateName"].as_str().map(|g| g.trim_end_matches('-'))).unwrap_or_default();
            (name.to_string(), "v1/namespaces/{ns}/pods")
        }
    }
}

/// What the template adds (`sidecar.json`): the `istio-init` container (istio-iptables'
/// redirect: outbound to 15001, inbound to 15006, uid 1337 excluded), the `istio-proxy` native
/// sidecar (its environment, the agent's readiness and startup probes on 15021, a preStop that
/// drains first — the agent gets SIGTERM once the app containers are gone —, the mounts of
/// its volumes) and the volumes, in the template's order.
fn template(image: &str, app_containers: &[String], workload: &str, owner: &str) -> Value {
    let apps = app_containers.join(",");
    crate::json_text::parse(include_str!(concat!(env!("OUT_DIR"), "/istio/sidecar.json")), &[("IMAGE", image), ("APP_CONTAINERS", &apps), ("WORKLOAD", workload), ("OWNER", owner)])
}

/// A JSON patch that turns `before` into `after`: `add` or `replace` of each changed field of
/// `metadata` and `spec` (istio computes a finer one with `jsonpatch.CreatePatch`; the result
/// of applying either is the same object).
pub fn patch_between(before: &Value, after: &Value) -> Value {
    let mut ops = Vec::new();
    for section in ["metadata", "spec"] {
        let empty = Map::new();
        let b = before[section].as_object().unwrap_or(&empty);
        let Some(a) = after[section].as_object() else { continue };
        for (k, v) in a {
            if b.get(k) != Some(v) {
                let op = if b.contains_key(k) { "replace" } else { "add" };
                ops.push(json!({"op": op, "path": format!("/{section}/{}", k.replace('~', "~0").replace('/', "~1")), "value": v}));
            }
        }
    }
    Value::Array(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn native_sidecar_pod() {
        let mut pod = json!({"metadata": {"name": "web", "labels": {"app": "web"}}, "spec": {"containers": [{"name": "app", "image": "nginx"}]}});
        apply(&mut pod, "default");
        let inits: Vec<&str> = pod["spec"]["initContainers"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(inits, ["istio-init", "istio-proxy"]);
        assert_eq!(pod["spec"]["initContainers"][1]["restartPolicy"], "Always");
        assert_eq!(pod["metadata"]["labels"]["service.istio.io/canonical-name"], "web");
        assert_eq!(pod["metadata"]["annotations"]["kubectl.kubernetes.io/default-container"], "app");
        assert!(pod["metadata"]["annotations"]["sidecar.istio.io/status"].as_str().unwrap().starts_with("{\"initContainers\":[\"istio-init\",\"istio-proxy\"],\"containers\":null,\"volumes\":[\"workload-socket\""));
    }

    #[test]
    fn the_patch_rebuilds_the_injected_pod() {
        let before = json!({"metadata": {"name": "web"}, "spec": {"containers": [{"name": "app", "image": "nginx"}]}});
        let mut after = before.clone();
        apply(&mut after, "default");
        let mut patched = before.clone();
        crate::apiserver::patch::apply(crate::apiserver::patch::PatchType::Json, &mut patched, &patch_between(&before, &after)).unwrap();
        assert_eq!(patched, after);
    }

    #[test]
    fn deployment_pods_are_named_after_the_deployment() {
        let pod = json!({"metadata": {"generateName": "web-7c5d8f9b4-", "ownerReferences": [{"kind": "ReplicaSet", "name": "web-7c5d8f9b4", "controller": true}]}});
        assert_eq!(workload(&pod).0, "web");
    }
}

//! Defaulting applied while decoding, as the generated `SetDefaults_*` functions do
//! (upstream: `pkg/apis/core/v1/defaults.go`). Works on the JSON form so the trace can show
//! exactly which fields appeared.
//!
//! Go also prints zero-valued non-pointer structs (`resources: {}`); those are filled here too
//! so that `-o yaml` looks like a real cluster's.

use serde_json::{Map, Value, json};

/// Applies the defaults for `kind`. Kinds without modelled defaults are left as they are.
pub fn apply(kind: &str, obj: &mut Value) {
    if kind == "Pod"
        && let Some(spec) = obj.get_mut("spec") {
            pod_spec(spec);
        }
}

/// `SetDefaults_PodSpec`, `SetDefaults_Pod`, and the per-container defaults.
pub fn pod_spec(spec: &mut Value) {
    let Some(s) = spec.as_object_mut() else { return };
    set_if_absent(s, "dnsPolicy", json!("ClusterFirst"));
    set_if_absent(s, "restartPolicy", json!("Always"));
    set_if_absent(s, "terminationGracePeriodSeconds", json!(30));
    set_if_absent(s, "securityContext", json!({}));
    set_if_absent(s, "schedulerName", json!("default-scheduler"));
    set_if_absent(s, "enableServiceLinks", json!(true));
    let host_network = s.get("hostNetwork").and_then(Value::as_bool).unwrap_or(false);
    for list in ["initContainers", "containers", "ephemeralContainers"] {
        if let Some(items) = s.get_mut(list).and_then(Value::as_array_mut) {
            for c in items {
                container(c, host_network);
            }
        }
    }
    if let Some(volumes) = s.get_mut("volumes").and_then(Value::as_array_mut) {
        for v in volumes {
            volume(v);
        }
    }
}

fn set_if_absent(map: &mut Map<String, Value>, key: &str, value: Value) {
    if map.get(key).is_none_or(Value::is_null) {
        map.insert(key.to_string(), value);
    }
}

/// `SetDefaults_Container`, `SetDefaults_ContainerPort`, probes, and requests from limits.
fn container(c: &mut Value, host_network: bool) {
    let Some(m) = c.as_object_mut() else { return };
    let image = m.get("image").and_then(Value::as_str).unwrap_or_default().to_string();
    set_if_absent(m, "imagePullPolicy", json!(image_pull_policy(&image)));
    set_if_absent(m, "terminationMessagePath", json!("/dev/termination-log"));
    set_if_absent(m, "terminationMessagePolicy", json!("File"));
    set_if_absent(m, "resources", json!({}));
    if let Some(ports) = m.get_mut("ports").and_then(Value::as_array_mut) {
        for p in ports.iter_mut().filter_map(Value::as_object_mut) {
            set_if_absent(p, "protocol", json!("TCP"));
            if host_network
                && let Some(cp) = p.get("containerPort").cloned() {
                    set_if_absent(p, "hostPort", cp);
                }
        }
    }
    for probe_name in ["livenessProbe", "readinessProbe", "startupProbe"] {
        if let Some(p) = m.get_mut(probe_name) {
            probe(p);
        }
    }
    for hook in ["postStart", "preStop"] {
        if let Some(h) = m.get_mut("lifecycle").and_then(|l| l.get_mut(hook)) {
            handler(h);
        }
    }
    if let Some(env) = m.get_mut("env").and_then(Value::as_array_mut) {
        for e in env {
            if let Some(fr) = e.pointer_mut("/valueFrom/fieldRef").and_then(Value::as_object_mut) {
                set_if_absent(fr, "apiVersion", json!("v1"));
            }
        }
    }
    // SetDefaults_Pod: a limit without a request makes the request equal to the limit.
    if let Some(res) = m.get_mut("resources").and_then(Value::as_object_mut)
        && let Some(limits) = res.get("limits").and_then(Value::as_object).cloned() {
            let requests = res.entry("requests").or_insert_with(|| json!({}));
            if let Some(req) = requests.as_object_mut() {
                for (name, qty) in limits {
                    req.entry(name).or_insert(qty);
                }
            }
        }
}

/// `Always` for `:latest` or an untagged image, `IfNotPresent` otherwise (a digest counts as
/// a tag). Upstream: `SetDefaults_Container` with `parsers.ParseImageName`.
pub fn image_pull_policy(image: &str) -> &'static str {
    let without_digest = image.split('@').next().unwrap_or(image);
    let has_digest = image.contains('@');
    let last_segment = without_digest.rsplit('/').next().unwrap_or(without_digest);
    let tag = last_segment.split_once(':').map(|(_, t)| t);
    match tag {
        Some("latest") => "Always",
        Some(_) => "IfNotPresent",
        None if has_digest => "IfNotPresent",
        None => "Always",
    }
}

/// `SetDefaults_Probe` and its handler.
fn probe(p: &mut Value) {
    let Some(m) = p.as_object_mut() else { return };
    set_if_absent(m, "timeoutSeconds", json!(1));
    set_if_absent(m, "periodSeconds", json!(10));
    set_if_absent(m, "successThreshold", json!(1));
    set_if_absent(m, "failureThreshold", json!(3));
    handler(p);
}

/// `SetDefaults_HTTPGetAction` (path `/`, scheme `HTTP`); gRPC probes get an empty service.
fn handler(h: &mut Value) {
    if let Some(g) = h.get_mut("httpGet").and_then(Value::as_object_mut) {
        set_if_absent(g, "path", json!("/"));
        set_if_absent(g, "scheme", json!("HTTP"));
    }
    if let Some(g) = h.get_mut("grpc").and_then(Value::as_object_mut) {
        set_if_absent(g, "service", json!(""));
    }
}

/// `SetDefaults_Volume` and the `defaultMode: 420` (0644) of file-projecting sources.
fn volume(v: &mut Value) {
    let Some(m) = v.as_object_mut() else { return };
    let has_source = m.keys().any(|k| k != "name");
    if !has_source {
        m.insert("emptyDir".into(), json!({}));
    }
    for source in ["secret", "configMap", "downwardAPI", "projected"] {
        if let Some(s) = m.get_mut(source).and_then(Value::as_object_mut) {
            set_if_absent(s, "defaultMode", json!(420));
        }
    }
    if let Some(hp) = m.get_mut("hostPath").and_then(Value::as_object_mut) {
        set_if_absent(hp, "type", json!(""));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_pull_policy_follows_the_tag() {
        assert_eq!(image_pull_policy("nginx"), "Always");
        assert_eq!(image_pull_policy("nginx:latest"), "Always");
        assert_eq!(image_pull_policy("nginx:1.27"), "IfNotPresent");
        assert_eq!(image_pull_policy("localhost:5000/app"), "Always");
        assert_eq!(image_pull_policy("localhost:5000/app:v1"), "IfNotPresent");
        assert_eq!(image_pull_policy("nginx@sha256:abc"), "IfNotPresent");
    }

    #[test]
    fn pod_defaults() {
        let mut spec = json!({"containers":[{"name":"a","image":"nginx:1.27","ports":[{"containerPort":80}],
            "resources":{"limits":{"cpu":"1"}}}]});
        pod_spec(&mut spec);
        assert_eq!(spec["restartPolicy"], "Always");
        assert_eq!(spec["terminationGracePeriodSeconds"], 30);
        assert_eq!(spec["containers"][0]["ports"][0]["protocol"], "TCP");
        assert_eq!(spec["containers"][0]["resources"]["requests"]["cpu"], "1");
        assert_eq!(spec["containers"][0]["imagePullPolicy"], "IfNotPresent");
    }
}

//! The values a pod's own objects and fields give its containers (pure helpers of the
//! kubelet's environment and its projected and downward-API volumes: `kubelet_pods.go`,
//! `pkg/volume/downwardapi`, `pkg/api/v1/resource`): what both `env.rs` and `projection.rs`
//! read, below both, so the container runtime can read a projected volume's files without
//! importing the kubelet.

use crate::Slot;

/// The value of `key` in an env file, by the syntax the EnvFiles page states: `VAR='value'`
/// (spaces around `=` and leading spaces ignored, the single-quoted text taken literally, newlines
/// included), blank lines and `#` comment lines skipped; unquoted or double-quoted values are
/// refused. `None`: no such key.
pub(crate) fn env_file_value(text: &str, key: &str) -> Result<Option<String>, String> {
    let invalid = |n: usize| Err(format!("invalid environment variable format at line {n}"));
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    while let Some((n, raw)) = lines.next() {
        let line = raw.trim_start_matches([' ', '\t']);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, rest)) = line.split_once('=') else { return invalid(n) };
        let (name, rest) = (name.trim(), rest.trim_start_matches([' ', '\t']));
        let Some(mut body) = rest.strip_prefix('\'').map(str::to_string) else { return invalid(n) };
        if name.is_empty() {
            return invalid(n);
        }
        // The closing quote, on this line or a later one.
        let value = loop {
            if let Some(end) = body.find('\'') {
                if !body[end + 1..].trim_matches([' ', '\t']).is_empty() {
                    return invalid(n);
                }
                body.truncate(end);
                break body;
            }
            let Some((_, next)) = lines.next() else { return Err("unexpected end of file: unterminated single-quoted value".into()) };
            body.push('\n');
            body.push_str(next);
        };
        if name == key {
            return Ok(Some(value));
        }
    }
    Ok(None)
}

/// A ConfigMap's `data` (and `binaryData` as text), or a Secret's `data` decoded.
pub(crate) fn data_of(obj: &Slot, secret: bool) -> Vec<(String, String)> {
    let mut out = vec![];
    for (k, v) in obj["data"].as_object().into_iter().flatten() {
        let text = v.as_str().unwrap_or_default();
        out.push((k.to_string(), if secret { base64_decode(text).unwrap_or_default() } else { text.to_string() }));
    }
    out
}

/// `podFieldSelectorRuntimeValue` with the downward API's fields.
pub(crate) fn field_value(pod: &Slot, path: &str) -> String {
    let s = |v: &Slot| v.as_str().unwrap_or_default().to_string();
    let bracket = |prefix: &str| path.strip_prefix(prefix).and_then(|r| r.strip_suffix("']")).map(str::to_string);
    if let Some(k) = bracket("metadata.labels['") {
        return s(&pod["metadata"]["labels"][k]);
    }
    if let Some(k) = bracket("metadata.annotations['") {
        return s(&pod["metadata"]["annotations"][k]);
    }
    match path {
        "metadata.name" => s(&pod["metadata"]["name"]),
        "metadata.namespace" => s(&pod["metadata"]["namespace"]),
        "metadata.uid" => s(&pod["metadata"]["uid"]),
        "spec.nodeName" => s(&pod["spec"]["nodeName"]),
        "spec.serviceAccountName" => s(&pod["spec"]["serviceAccountName"]),
        "status.hostIP" => s(&pod["status"]["hostIP"]),
        "status.hostIPs" => pod["status"]["hostIPs"].as_array().map(|a| a.iter().map(|i| s(&i["ip"])).collect::<Vec<_>>().join(",")).unwrap_or_default(),
        "status.podIP" => s(&pod["status"]["podIP"]),
        "status.podIPs" => pod["status"]["podIPs"].as_array().map(|a| a.iter().map(|i| s(&i["ip"])).collect::<Vec<_>>().join(",")).unwrap_or_default(),
        _ => String::new(),
    }
}

/// `defaultPodLimitsForDownwardAPI` (`pkg/kubelet/kubelet_resources.go`): what a container's
/// missing (or zero) cpu, memory and ephemeral-storage limits read as — the pod-level limit
/// when the pod states one (PodLevelResources), else the node's allocatable.
pub(crate) fn downward_api_limits(pod: &Slot, allocatable: &Slot) -> crate::resources::ResourceList {
    use crate::resources::{is_pod_level_limits_set, pod_level_list, pod_level_resources_enabled};
    let mut out = crate::resources::ResourceList::new();
    for r in ["cpu", "memory", "ephemeral-storage"] {
        if let Some(q) = allocatable[r].as_str().and_then(|q| q.parse::<podlife_model::quantity::Quantity>().ok()) {
            out.insert(r.to_string(), q);
        }
    }
    if pod_level_resources_enabled() && is_pod_level_limits_set(&pod["spec"]) {
        for (r, q) in pod_level_list(&pod["spec"], "limits") {
            if (r == "cpu" || r == "memory") && !q.is_zero() && out.contains_key(&r) {
                out.insert(r, q);
            }
        }
    }
    out
}

/// `resourceFieldRef` (`ExtractContainerResourceValue`): cpu rounded up to whole cores, memory
/// in bytes, each over the divisor (1 by default); a limit the container does not state reads
/// as `defaults` gives it (`MergeContainerResourceLimits`).
pub(crate) fn resource_value(spec: &Slot, r: &Slot, defaults: &crate::resources::ResourceList) -> String {
    let resource = r["resource"].as_str().unwrap_or_default();
    let (list, name) = resource.split_once('.').unwrap_or(("limits", resource));
    let own = spec["resources"][list][name].as_str().and_then(|q| podlife_model::quantity::Quantity::parse(q).ok());
    let q = match own {
        Some(q) if list == "limits" && q.is_zero() && ["cpu", "memory", "ephemeral-storage"].contains(&name) => defaults.get(name).cloned().or(Some(q)),
        None if list == "limits" && ["cpu", "memory", "ephemeral-storage"].contains(&name) => defaults.get(name).cloned(),
        other => other,
    };
    let divisor = r["divisor"].as_str().and_then(|q| podlife_model::quantity::Quantity::parse(q).ok());
    match (name, q) {
        ("cpu", Some(q)) => {
            let d = divisor.map_or(1000, |d| d.milli_value().max(1));
            q.milli_value().saturating_add(d - 1).div_euclid(d).to_string()
        }
        (_, Some(q)) => {
            let d = divisor.map_or(1, |d| d.value().max(1));
            q.value().saturating_add(d - 1).div_euclid(d).to_string()
        }
        // No request (a missing limit is the node's allocatable, `with_node_limits`).
        (_, None) => "0".to_string(),
    }
}

pub use crate::base64::{base64_decode, base64_encode};

#[cfg(test)]
mod tests {
    use super::*;

    /// The env file syntax of the EnvFiles page (`define-environment-variable-via-file`).
    #[test]
    fn env_files_take_single_quoted_values() {
        let file = "# comment\n  DB_ADDRESS = 'address'\n\nMULTI='line1\nline2'\nHASH='a # b'\n";
        assert_eq!(env_file_value(file, "DB_ADDRESS"), Ok(Some("address".into())));
        assert_eq!(env_file_value(file, "MULTI"), Ok(Some("line1\nline2".into())));
        assert_eq!(env_file_value(file, "HASH"), Ok(Some("a # b".into())));
        assert_eq!(env_file_value(file, "NONE"), Ok(None));
        assert_eq!(env_file_value("A=value\n", "A"), Err("invalid environment variable format at line 1".into()));
        assert_eq!(env_file_value("A='x'\nB=\"y\"\n", "B"), Err("invalid environment variable format at line 2".into()));
        assert_eq!(env_file_value("A='x''y'\n", "A"), Err("invalid environment variable format at line 1".into()));
    }

    #[test]
    fn base64_and_fields() {
        assert_eq!(base64_decode("cGFzc3dvcmQ=").as_deref(), Some("password"));
        assert_eq!(base64_decode("YWRtaW4=").as_deref(), Some("admin"));
        assert_eq!(base64_decode("!!"), None);
        for text in ["", "a", "ab", "abc", "password", "admin"] {
            assert_eq!(base64_decode(&base64_encode(text.as_bytes())).as_deref(), Some(text));
        }
        assert_eq!(base64_encode(b"admin"), "YWRtaW4=");
        let pod = crate::Obj::untyped(&json!({"metadata": {"name": "p", "labels": {"app": "web"}}, "status": {"podIP": "10.244.1.2"}}));
        assert_eq!(field_value(&pod, "metadata.labels['app']"), "web");
        assert_eq!(field_value(&pod, "status.podIP"), "10.244.1.2");
        let spec = crate::Obj::untyped(&json!({"resources": {"limits": {"cpu": "500m", "memory": "64Mi"}}}));
        let none = crate::resources::ResourceList::new();
        assert_eq!(resource_value(&spec, &crate::Obj::untyped(&json!({"resource": "limits.cpu"})), &none), "1");
        assert_eq!(resource_value(&spec, &crate::Obj::untyped(&json!({"resource": "limits.memory", "divisor": "1Mi"})), &none), "64");
    }
}

//! A container's environment as the kubelet builds it before CreateContainer
//! (`pkg/kubelet/kubelet_pods.go` `makeEnvironmentVariables`): `envFrom` ConfigMaps and Secrets
//! first, then `env` in order with `$(VAR)` references to earlier ones, `valueFrom` resolved
//! from ConfigMaps, Secrets (base64-decoded), the pod's own fields (`fieldRef`) and its
//! resources (`resourceFieldRef`), then the Service variables (`envvars.rs`) the container
//! does not set itself, which `$(VAR)` references may also name. A missing object or key
//! that is not `optional` is the container's `CreateContainerConfigError`, in upstream's words.

use serde_json::Value;

use crate::Engine;
use crate::apiserver::{Request, Verb};
use podlife_model::ResourceType;

impl Engine {
    /// GET an object as the node's kubelet (`namespace` empty for a cluster-scoped one). Its
    /// configmap/secret managers report a missing object as `configmap "x" not found` (their
    /// own singular resource name).
    fn kubelet_get(&mut self, node: &str, plural: &str, namespace: &str, name: &str) -> Result<Value, String> {
        let rt = ResourceType::resolve(plural).ok_or_else(|| format!("{plural} not served"))?;
        let mut req = Request::new(Verb::Get, rt);
        req.namespace = (!namespace.is_empty()).then(|| namespace.to_string());
        req.name = Some(name.to_string());
        match self.kubelet_request(node, req) {
            Ok(crate::Response::Object(v)) => Ok(v),
            Ok(_) => Err(format!("{} {name:?} not found", crate::gostrings::to_lower(rt.kind))),
            Err(s) if s.reason == crate::apiserver::status::Reason::NotFound => Err(format!("{} {name:?} not found", crate::gostrings::to_lower(rt.kind))),
            Err(s) => Err(s.message),
        }
    }

    /// An object as a watch-based cache of the kubelet holds it (the store), or the manager's
    /// `configmap "x" not found`.
    pub(crate) fn cached_object(&self, plural: &str, namespace: &str, name: &str) -> Result<Value, String> {
        let rt = ResourceType::resolve(plural).ok_or_else(|| format!("{plural} not served"))?;
        let ns = (!namespace.is_empty()).then_some(namespace);
        self.store.get(&crate::store::ObjectKey::new(rt, ns, name)).map(|o| (*o).clone()).ok_or_else(|| format!("{} {name:?} not found", crate::gostrings::to_lower(rt.kind)))
    }

    /// `MountVolume.SetUp` for the pod's volumes: where each one's data lives (a claim's
    /// through its PersistentVolume), then the payload of the configMap, secret, downwardAPI
    /// and projected volumes (`projection.rs`); the first failure's message
    /// (`MountVolume.SetUp failed for volume "config" : configmap "x" not found`).
    pub(crate) fn kubelet_mount_volumes(&mut self, node: &str, pod: &Value) -> Option<String> {
        let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        for v in pod["spec"]["volumes"].as_array().map(Vec::as_slice).unwrap_or_default() {
            let pv = match v["persistentVolumeClaim"]["claimName"].as_str() {
                Some(claim) => {
                    let volume_name = self.kubelet_get(node, "persistentvolumeclaims", &ns, claim).ok().and_then(|c| c["spec"]["volumeName"].as_str().map(str::to_string));
                    volume_name.and_then(|name| self.kubelet_get(node, "persistentvolumes", "", &name).ok())
                }
                None => None,
            };
            let Some(backing) = super::volumes::backing_of(&uid, v, pv.as_ref()) else { continue };
            // The runtime creates a hostPath directory that does not exist yet (type "").
            if let Some(tree) = self.volume_tree_mut(node, &backing) {
                tree.dirs.insert(backing.path("/"));
            }
            if let Some(w) = self.machines.get_mut(node).and_then(|m| m.kubelet.workers.get_mut(&uid)) {
                w.mounted.insert(v["name"].as_str().unwrap_or_default().to_string(), backing);
            }
        }
        for v in pod["spec"]["volumes"].as_array().map(Vec::as_slice).unwrap_or_default() {
            if !super::projection::is_projected_kind(v) {
                continue;
            }
            // A configMap or secret volume's object is read from the API server; a projected
            // volume's sources come from the watch-based managers' caches (their reflectors'
            // LIST and WATCH are not traced per pod). The token's uids are not needed to know
            // whether the mount succeeds.
            let projected = v["projected"].is_object();
            let mut get = |plural: &str, namespace: &str, name: &str| match plural {
                "configmaps" | "secrets" if projected => self.cached_object(plural, namespace, name),
                "configmaps" | "secrets" => self.kubelet_get(node, plural, namespace, name),
                _ => Err(String::new()),
            };
            if let Err(e) = super::projection::payload(pod, v, &mut get) {
                return Some(format!("MountVolume.SetUp failed for volume {:?} : {e}", v["name"].as_str().unwrap_or_default()));
            }
        }
        None
    }

    /// The environment of `spec` in `pod`, or the CreateContainerConfigError message.
    pub(crate) fn kubelet_container_env(&mut self, node: &str, pod: &Value, spec: &Value) -> Result<Vec<(String, String)>, String> {
        let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
        let links = pod["spec"]["enableServiceLinks"] != false;
        let service_env = super::envvars::service_env(self.store.list("", "services", None).map(|(_, v)| v), &ns, links);
        let mut env: Vec<(String, String)> = Vec::new();
        let set = |env: &mut Vec<(String, String)>, k: String, v: String| {
            env.retain(|(n, _)| *n != k);
            env.push((k, v));
        };
        for from in spec["envFrom"].as_array().map(Vec::as_slice).unwrap_or_default() {
            let prefix = from["prefix"].as_str().unwrap_or_default();
            let (plural, r) = if from["configMapRef"].is_object() { ("configmaps", &from["configMapRef"]) } else { ("secrets", &from["secretRef"]) };
            let name = r["name"].as_str().unwrap_or_default();
            let optional = r["optional"] == true;
            match self.kubelet_get(node, plural, &ns, name) {
                Ok(obj) => {
                    for (k, v) in data_of(&obj, plural == "secrets") {
                        set(&mut env, format!("{prefix}{k}"), v);
                    }
                }
                Err(_) if optional => {}
                Err(e) => return Err(e),
            }
        }
        for e in spec["env"].as_array().map(Vec::as_slice).unwrap_or_default() {
            let name = e["name"].as_str().unwrap_or_default().to_string();
            if let Some(v) = e["value"].as_str() {
                // `MappingFuncFor(tmpEnv, serviceEnv)`: the container's own first.
                let mut sources = env.clone();
                sources.extend(service_env.iter().filter(|(k, _)| !env.iter().any(|(n, _)| n == k)).cloned());
                let expanded = crate::process::expand_env_refs(v, &sources);
                set(&mut env, name, expanded);
                continue;
            }
            let vf = &e["valueFrom"];
            let value = if vf["configMapKeyRef"].is_object() || vf["secretKeyRef"].is_object() {
                let secret = vf["secretKeyRef"].is_object();
                let r = if secret { &vf["secretKeyRef"] } else { &vf["configMapKeyRef"] };
                let (obj_name, key, optional) = (r["name"].as_str().unwrap_or_default(), r["key"].as_str().unwrap_or_default(), r["optional"] == true);
                let obj = match self.kubelet_get(node, if secret { "secrets" } else { "configmaps" }, &ns, obj_name) {
                    Ok(o) => o,
                    Err(_) if optional => continue,
                    Err(e) => return Err(e),
                };
                match data_of(&obj, secret).into_iter().find(|(k, _)| k == key) {
                    Some((_, v)) => v,
                    None if optional => continue,
                    None => return Err(format!("couldn't find key {key} in {} {ns}/{obj_name}", if secret { "Secret" } else { "ConfigMap" })),
                }
            } else if vf["fileKeyRef"].is_object() {
                // EnvFiles: the key of an env file in one of the pod's volumes (the volume need
                // not be mounted in this container), read as the kubelet reads it from the
                // volume's directory on the node.
                let r = &vf["fileKeyRef"];
                let optional = r["optional"] == true;
                let uid = pod["metadata"]["uid"].as_str().unwrap_or_default();
                let (volume, path, key) = (r["volumeName"].as_str().unwrap_or_default(), r["path"].as_str().unwrap_or_default(), r["key"].as_str().unwrap_or_default());
                let backing = self.mounted_volume(node, uid, volume);
                let host_path = backing.as_ref().map_or_else(|| format!("{}/volumes/{volume}/{path}", super::volumes::pod_dir(uid)), |b| b.path(path));
                let text = backing.as_ref().and_then(|b| self.volume_tree(node, b)).and_then(|t| t.read(&host_path));
                match text.map(|t| env_file_value(&t, key)) {
                    None if optional => continue,
                    None => return Err(format!("failed to open environment variable file {host_path:?}: open {host_path}: no such file or directory")),
                    Some(Ok(Some(v))) => v,
                    Some(Ok(None)) if optional => continue,
                    Some(Ok(None)) => return Err(format!("environment variable key {key:?} not found in file {host_path:?}")),
                    Some(Err(e)) => return Err(e),
                }
            } else if vf["fieldRef"].is_object() {
                field_value(pod, vf["fieldRef"]["fieldPath"].as_str().unwrap_or_default())
            } else if vf["resourceFieldRef"].is_object() {
                let allocatable = podlife_model::ResourceType::resolve("nodes")
                    .and_then(|r| self.store.get(&crate::store::ObjectKey::new(r, None, node)))
                    .map(|n| n["status"]["allocatable"].clone())
                    .unwrap_or(Value::Null);
                resource_value(spec, &vf["resourceFieldRef"], &downward_api_limits(pod, &allocatable))
            } else {
                String::new()
            };
            set(&mut env, name, value);
        }
        // "Append remaining service env vars."
        for (k, v) in service_env {
            if !env.iter().any(|(n, _)| *n == k) {
                env.push((k, v));
            }
        }
        Ok(env)
    }
}

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
pub(crate) fn data_of(obj: &Value, secret: bool) -> Vec<(String, String)> {
    let mut out = vec![];
    for (k, v) in obj["data"].as_object().into_iter().flatten() {
        let text = v.as_str().unwrap_or_default();
        out.push((k.clone(), if secret { base64_decode(text).unwrap_or_default() } else { text.to_string() }));
    }
    out
}

/// `podFieldSelectorRuntimeValue` with the downward API's fields.
pub(crate) fn field_value(pod: &Value, path: &str) -> String {
    let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
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
pub(crate) fn downward_api_limits(pod: &Value, allocatable: &Value) -> crate::resources::ResourceList {
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
pub(crate) fn resource_value(spec: &Value, r: &Value, defaults: &crate::resources::ResourceList) -> String {
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

/// Standard base64 (RFC 4648) with padding, as Secret data is stored.
pub fn base64_encode(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Standard base64 (RFC 4648), as Secret data is stored.
pub fn base64_decode(text: &str) -> Option<String> {
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        })
    };
    let bytes: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            n |= val(*c)? << (18 - 6 * i);
        }
        let take = match chunk.len() {
            4 => 3,
            3 => 2,
            2 => 1,
            _ => return None,
        };
        for i in 0..take {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    String::from_utf8(out).ok()
}

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
        let pod = json!({"metadata": {"name": "p", "labels": {"app": "web"}}, "status": {"podIP": "10.244.1.2"}});
        assert_eq!(field_value(&pod, "metadata.labels['app']"), "web");
        assert_eq!(field_value(&pod, "status.podIP"), "10.244.1.2");
        let spec = json!({"resources": {"limits": {"cpu": "500m", "memory": "64Mi"}}});
        let none = crate::resources::ResourceList::new();
        assert_eq!(resource_value(&spec, &json!({"resource": "limits.cpu"}), &none), "1");
        assert_eq!(resource_value(&spec, &json!({"resource": "limits.memory", "divisor": "1Mi"}), &none), "64");
    }
}

//! A container's environment as the kubelet builds it before CreateContainer
//! (`pkg/kubelet/kubelet_pods.go` `makeEnvironmentVariables`): `envFrom` ConfigMaps and Secrets
//! first, then `env` in order with `$(VAR)` references to earlier ones, `valueFrom` resolved
//! from ConfigMaps, Secrets (base64-decoded), the pod's own fields (`fieldRef`) and its
//! resources (`resourceFieldRef`), then the Service variables (`envvars.rs`) the container
//! does not set itself, which `$(VAR)` references may also name. A missing object or key
//! that is not `optional` is the container's `CreateContainerConfigError`, in upstream's words.

use super::{Cx, Kubelet};
use crate::Slot;

use crate::Engine;
use crate::apiserver::{Request, Verb};
use podlife_model::ResourceType;

impl Engine {
    /// An object as a watch-based cache of the kubelet holds it (the store), or the manager's
    /// `configmap "x" not found`.
    pub(crate) fn cached_object(&self, plural: &str, namespace: &str, name: &str) -> Result<std::sync::Arc<crate::Obj>, String> {
        let rt = ResourceType::resolve(plural).ok_or_else(|| format!("{plural} not served"))?;
        let ns = (!namespace.is_empty()).then_some(namespace);
        self.store.get_shared(&crate::store::ObjectKey::new(rt, ns, name)).ok_or_else(|| format!("{} {name:?} not found", crate::gostrings::to_lower(rt.kind)))
    }
}

impl Kubelet {
    /// GET an object as the node's kubelet for the pod `uid` (`namespace` empty for a
    /// cluster-scoped one). Its configmap/secret managers report a missing object as
    /// `configmap "x" not found` (their own singular resource name). The pod's sync watch
    /// notes what was found (`repeat.rs`).
    /// (The answer is decoded to be read as the cached objects are: a request's cost already.)
    fn get(&mut self, cx: &mut Cx<'_>, uid: &str, plural: &str, namespace: &str, name: &str) -> Result<std::sync::Arc<crate::Obj>, String> {
        let rt = ResourceType::resolve(plural).ok_or_else(|| format!("{plural} not served"))?;
        let mut req = Request::new(Verb::Get, rt);
        req.namespace = (!namespace.is_empty()).then(|| namespace.to_string());
        req.name = Some(name.to_string());
        let key = crate::store::ObjectKey::new(rt, req.namespace.as_deref(), name);
        let not_found = || format!("{} {name:?} not found", crate::gostrings::to_lower(rt.kind));
        let (answer, found) = match self.request(cx, req) {
            Ok(crate::Response::Object(v)) => {
                let version = v["metadata"]["resourceVersion"].as_str().unwrap_or_default().to_string();
                (Ok(std::sync::Arc::new(crate::Obj::untyped(&v))), Ok(Some(version)))
            }
            Ok(_) => (Err(not_found()), Err(())),
            Err(s) if s.reason == crate::apiserver::status::Reason::NotFound => (Err(not_found()), Ok(None)),
            Err(s) => (Err(s.message), Err(())),
        };
        self.repeat_watch_read(uid, key, found);
        answer
    }

    /// `MountVolume.SetUp` for the pod's volumes: where each one's data lives (a claim's
    /// through its PersistentVolume), then the payload of the configMap, secret, downwardAPI
    /// and projected volumes (`projection.rs`); the first failure's message
    /// (`MountVolume.SetUp failed for volume "config" : configmap "x" not found`).
    pub(crate) fn mount_volumes(&mut self, cx: &mut Cx<'_>, pod: &Slot) -> Option<String> {
        let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        for v in pod["spec"]["volumes"].as_array().unwrap_or_default() {
            let pv = match v["persistentVolumeClaim"]["claimName"].as_str() {
                Some(claim) => {
                    let volume_name = self.get(cx, &uid, "persistentvolumeclaims", &ns, claim).ok().and_then(|c| c["spec"]["volumeName"].as_str().map(str::to_string));
                    volume_name.and_then(|name| self.get(cx, &uid, "persistentvolumes", "", &name).ok())
                }
                None => None,
            };
            let Some(backing) = super::volumes::backing_of(&uid, v, pv.as_deref().map(|p| p.root())) else { continue };
            // The runtime creates a hostPath directory that does not exist yet (type "").
            if let Some(tree) = cx.node().volume_tree_mut(&self.node, &backing) {
                tree.dirs.insert(backing.path("/"));
            }
            // (While its worker exists: a worker removed meanwhile took its pod's mounts along.)
            if self.workers.contains_key(&uid)
                && let Some(m) = cx.node().machine_mut(&self.node)
            {
                m.mounts.entry(uid.clone()).or_default().insert(v["name"].as_str().unwrap_or_default().to_string(), backing);
            }
        }
        for v in pod["spec"]["volumes"].as_array().unwrap_or_default() {
            if !crate::volume::projection::is_projected_kind(v) {
                continue;
            }
            // A configMap or secret volume's object is read from the API server; a projected
            // volume's sources come from the watch-based managers' caches (their reflectors'
            // LIST and WATCH are not traced per pod). The token's uids are not needed to know
            // whether the mount succeeds.
            let projected = v["projected"].is_object();
            let mut get = |plural: &str, namespace: &str, name: &str| match plural {
                "configmaps" | "secrets" if projected => cx.node().cached_object(plural, namespace, name),
                "configmaps" | "secrets" => self.get(cx, &uid, plural, namespace, name),
                _ => Err(String::new()),
            };
            if let Err(e) = crate::volume::projection::payload(pod, v, &mut get) {
                return Some(format!("MountVolume.SetUp failed for volume {:?} : {e}", v["name"].as_str().unwrap_or_default()));
            }
        }
        None
    }

    /// The environment of `spec` in `pod`, or the CreateContainerConfigError message.
    pub(crate) fn container_env(&mut self, cx: &mut Cx<'_>, pod: &Slot, spec: &Slot) -> Result<Vec<(String, String)>, String> {
        let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        let links = pod["spec"]["enableServiceLinks"] != false;
        let service_env = super::envvars::service_env(cx.node().api_list("", "services", None).map(|(_, v)| v), &ns, links);
        let mut env: Vec<(String, String)> = Vec::new();
        let set = |env: &mut Vec<(String, String)>, k: String, v: String| {
            env.retain(|(n, _)| *n != k);
            env.push((k, v));
        };
        for from in spec["envFrom"].as_array().unwrap_or_default() {
            let prefix = from["prefix"].as_str().unwrap_or_default();
            let (plural, r) = if from["configMapRef"].is_object() { ("configmaps", &from["configMapRef"]) } else { ("secrets", &from["secretRef"]) };
            let name = r["name"].as_str().unwrap_or_default();
            let optional = r["optional"] == true;
            match self.get(cx, &uid, plural, &ns, name) {
                Ok(obj) => {
                    for (k, v) in data_of(&obj, plural == "secrets") {
                        set(&mut env, format!("{prefix}{k}"), v);
                    }
                }
                Err(_) if optional => {}
                Err(e) => return Err(e),
            }
        }
        for e in spec["env"].as_array().unwrap_or_default() {
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
                let obj = match self.get(cx, &uid, if secret { "secrets" } else { "configmaps" }, &ns, obj_name) {
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
                let backing = cx.node().mounted_volume(&self.node, uid, volume);
                let host_path = backing.as_ref().map_or_else(|| format!("{}/volumes/{volume}/{path}", super::volumes::pod_dir(uid)), |b| b.path(path));
                let text = backing.as_ref().and_then(|b| cx.node().volume_tree(&self.node, b)).and_then(|t| t.read(&host_path));
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
                    .and_then(|r| cx.node().api_object(&crate::store::ObjectKey::new(r, None, &self.node)))
                    .map_or(crate::Slot::null(), |n| &n["status"]["allocatable"]);
                resource_value(spec, &vf["resourceFieldRef"], &downward_api_limits(pod, allocatable))
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

pub(crate) use crate::downward::{data_of, downward_api_limits, env_file_value, field_value, resource_value};

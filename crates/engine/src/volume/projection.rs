//! The files of the kubelet's "projected" kinds of volume — `configMap`, `secret`,
//! `downwardAPI` and `projected` — as their volume plugins compute them before the atomic
//! writer puts them on disk:
//! - `pkg/volume/configmap/configmap.go` `MakePayload`: every key of `data` and `binaryData`,
//!   or only the `items` (key → path, with their own `mode`); a missing item key fails the
//!   mount (`configmap references non-existent config key: K`) unless the volume is optional;
//! - `pkg/volume/secret/secret.go` `MakePayload`: the same over the decoded `data`
//!   (`references non-existent secret key: K`);
//! - `pkg/volume/downwardapi/downwardapi.go` `CollectData`: `fieldRef` through
//!   `pkg/fieldpath` (whole label and annotation maps as `key="value"` lines, sorted) and
//!   `resourceFieldRef` of the named container;
//! - `pkg/volume/projected/projected.go` `collectData`: the sources merged into one payload,
//!   errors aggregated, plus the pod's bound service account token (`serviceAccountToken`).
//!
//! The atomic writer (`pkg/volume/util/atomic_writer.go`) lays them out under the mount point
//! as `..<timestamp>/` holding the files, `..data` → that directory, and one link per
//! top-level name → `..data/NAME`; [`Layout`] answers the file operations on that tree.

use crate::Slot;

use crate::base64::{base64_decode, base64_encode};

/// One file of a volume's payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectedFile {
    /// Relative to the volume (`path/to/file` for an item with a nested path).
    pub path: String,
    pub content: String,
    pub mode: u32,
}

/// Reads an object for a volume: (plural, namespace, name) → the object, or the manager's
/// error (`configmap "x" not found`).
pub type Getter<'a> = dyn FnMut(&str, &str, &str) -> Result<std::sync::Arc<crate::Obj>, String> + 'a;

/// Whether the volume is one of the kinds whose files the kubelet writes itself.
pub fn is_projected_kind(volume: &Slot) -> bool {
    ["configMap", "secret", "downwardAPI", "projected"].iter().any(|k| volume[*k].is_object())
}

/// The mode of the volume's files unless an item says otherwise (`defaultMode`, 0644 when the
/// API server did not default it).
fn default_mode(source: &Slot) -> u32 {
    source["defaultMode"].as_u64().map_or(0o644, |m| m as u32 & 0o7777)
}

fn item_mode(item: &Slot, default: u32) -> u32 {
    item["mode"].as_u64().map_or(default, |m| m as u32 & 0o7777)
}

/// The keys of a ConfigMap (`data`, then `binaryData` decoded) or a Secret (`data` decoded).
fn keys_of(obj: &Slot, secret: bool) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (k, v) in obj["data"].as_object().into_iter().flatten() {
        let text = v.as_str().unwrap_or_default();
        out.push((k.to_string(), if secret { base64_decode(text).unwrap_or_default() } else { text.to_string() }));
    }
    if !secret {
        for (k, v) in obj["binaryData"].as_object().into_iter().flatten() {
            out.push((k.to_string(), base64_decode(v.as_str().unwrap_or_default()).unwrap_or_default()));
        }
    }
    out
}

/// `MakePayload` of a configMap or secret source over its object (None: the object is
/// missing and the source is optional, an empty payload).
fn key_payload(source: &Slot, obj: Option<&Slot>, secret: bool, default: u32, out: &mut Vec<ProjectedFile>) -> Result<(), String> {
    let optional = source["optional"] == true;
    let keys = obj.map(|o| keys_of(o, secret)).unwrap_or_default();
    let items = source["items"].as_array().filter(|i| !i.is_empty());
    match items {
        None => out.extend(keys.into_iter().map(|(path, content)| ProjectedFile { path, content, mode: default })),
        Some(items) => {
            for item in items {
                let key = item["key"].as_str().unwrap_or_default();
                match keys.iter().find(|(k, _)| k == key) {
                    Some((_, content)) => out.push(ProjectedFile { path: clean_path(item["path"].as_str().unwrap_or_default()), content: content.clone(), mode: item_mode(item, default) }),
                    None if optional => {}
                    None if secret => return Err(format!("references non-existent secret key: {key}")),
                    None => return Err(format!("configmap references non-existent config key: {key}")),
                }
            }
        }
    }
    Ok(())
}

/// `filepath.Clean` of a relative item path (validation already refused `..` and absolute
/// paths).
fn clean_path(path: &str) -> String {
    path.split('/').filter(|s| !s.is_empty() && *s != ".").collect::<Vec<_>>().join("/")
}

/// `fieldpath.FormatMap`: `key="value"` lines in key order, without a final newline (Go's
/// `%q`; label values need no escapes, annotation values get Rust's close equivalent).
fn format_map(map: &Slot) -> String {
    let mut lines: Vec<String> = map.as_object().into_iter().flatten().map(|(k, v)| format!("{k}={:?}", v.as_str().unwrap_or_default())).collect();
    crate::sort::sort(&mut lines);
    lines.join("\n")
}

/// `CollectData` of a downwardAPI volume or source.
fn downward_payload(pod: &Slot, items: &Slot, default: u32, get: &mut Getter<'_>, out: &mut Vec<ProjectedFile>) {
    for item in items.as_array().into_iter().flatten() {
        let content = if let Some(path) = item["fieldRef"]["fieldPath"].as_str() {
            match path {
                "metadata.labels" => format_map(&pod["metadata"]["labels"]),
                "metadata.annotations" => format_map(&pod["metadata"]["annotations"]),
                _ => crate::downward::field_value(pod, path),
            }
        } else if item["resourceFieldRef"].is_object() {
            let container = item["resourceFieldRef"]["containerName"].as_str().unwrap_or_default();
            // A missing limit reads as the pod-level one or the node's allocatable.
            let node = get("nodes", "", pod["spec"]["nodeName"].as_str().unwrap_or_default()).ok();
            let allocatable = node.as_deref().map_or(crate::Slot::null(), |n| &n["status"]["allocatable"]);
            let spec = crate::podutil::container_spec(pod, container).unwrap_or(crate::Slot::null());
            crate::downward::resource_value(spec, &item["resourceFieldRef"], &crate::downward::downward_api_limits(pod, allocatable))
        } else {
            String::new()
        };
        out.push(ProjectedFile { path: clean_path(item["path"].as_str().unwrap_or_default()), content, mode: item_mode(item, default) });
    }
}

/// An object a source names: the object, None for a missing optional one, or the error.
fn source_object(get: &mut Getter<'_>, plural: &str, namespace: &str, name: &str, optional: bool) -> Result<Option<std::sync::Arc<crate::Obj>>, String> {
    match get(plural, namespace, name) {
        Ok(o) => Ok(Some(o)),
        Err(e) if optional && e.ends_with("not found") => Ok(None),
        Err(e) => Err(e),
    }
}

/// The files of `volume` in `pod` (an empty payload for other kinds of volume), or the
/// message `MountVolume.SetUp` fails with.
pub fn payload(pod: &Slot, volume: &Slot, get: &mut Getter<'_>) -> Result<Vec<ProjectedFile>, String> {
    let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default");
    let mut out = Vec::new();
    if volume["configMap"].is_object() {
        let source = &volume["configMap"];
        let obj = source_object(get, "configmaps", ns, source["name"].as_str().unwrap_or_default(), source["optional"] == true)?;
        key_payload(source, obj.as_deref().map(|o| o.root()), false, default_mode(source), &mut out)?;
    } else if volume["secret"].is_object() {
        let source = &volume["secret"];
        let obj = source_object(get, "secrets", ns, source["secretName"].as_str().unwrap_or_default(), source["optional"] == true)?;
        key_payload(source, obj.as_deref().map(|o| o.root()), true, default_mode(source), &mut out)?;
    } else if volume["downwardAPI"].is_object() {
        downward_payload(pod, &volume["downwardAPI"]["items"], default_mode(&volume["downwardAPI"]), get, &mut out);
    } else if volume["projected"].is_object() {
        let default = default_mode(&volume["projected"]);
        let mut errors: Vec<String> = Vec::new();
        for source in volume["projected"]["sources"].as_array().into_iter().flatten() {
            let result = if source["configMap"].is_object() {
                let s = &source["configMap"];
                source_object(get, "configmaps", ns, s["name"].as_str().unwrap_or_default(), s["optional"] == true).and_then(|o| key_payload(s, o.as_deref().map(|o| o.root()), false, default, &mut out))
            } else if source["secret"].is_object() {
                let s = &source["secret"];
                source_object(get, "secrets", ns, s["name"].as_str().unwrap_or_default(), s["optional"] == true).and_then(|o| key_payload(s, o.as_deref().map(|o| o.root()), true, default, &mut out))
            } else if source["downwardAPI"].is_object() {
                downward_payload(pod, &source["downwardAPI"]["items"], default, get, &mut out);
                Ok(())
            } else if source["serviceAccountToken"].is_object() {
                let s = &source["serviceAccountToken"];
                out.push(ProjectedFile { path: clean_path(s["path"].as_str().unwrap_or_default()), content: service_account_token(pod, s, get), mode: default });
                Ok(())
            } else {
                Ok(())
            };
            if let Err(e) = result {
                errors.push(e);
            }
        }
        // `utilerrors.NewAggregate`: one error as itself, several in brackets.
        match errors.len() {
            0 => {}
            1 => return Err(errors.remove(0)),
            _ => return Err(format!("[{}]", errors.join(", "))),
        }
    }
    Ok(out)
}

/// The kind cluster's service account issuer (kubeadm's default), also the API server's
/// default audience.
const ISSUER: &str = "https://kubernetes.default.svc.cluster.local";
/// `serviceaccount.WarnOnlyBoundTokenExpirationSeconds`: a token asked for 3607 s is issued
/// for a year (`--service-account-extend-token-expiration`, on by default) with a
/// `warnafter` at 3607 s (`pkg/serviceaccount/claims.go`).
const WARN_ONLY_SECONDS: i64 = 3607;
const EXTENDED_SECONDS: i64 = 365 * 24 * 3600;

fn base64url(bytes: &[u8]) -> String {
    base64_encode(bytes).trim_end_matches('=').replace('+', "-").replace('/', "_")
}

/// The bound token the kubelet asks the TokenRequest API for: a JWT with upstream's claims
/// (`pkg/serviceaccount/claims.go`, keys in go-jose's sorted order), issued when the pod
/// started. Its RS256 signature is 256 bytes derived from the claims, not a real signature:
/// podlife's API server does not authenticate bearer tokens.
fn service_account_token(pod: &Slot, source: &Slot, get: &mut Getter<'_>) -> String {
    use sha2::Digest;
    let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default");
    let sa = pod["spec"]["serviceAccountName"].as_str().unwrap_or("default");
    let node = pod["spec"]["nodeName"].as_str().unwrap_or_default();
    let uid_of = |get: &mut Getter<'_>, plural: &str, namespace: &str, name: &str| get(plural, namespace, name).ok().and_then(|o| o["metadata"]["uid"].as_str().map(str::to_string)).unwrap_or_default();
    let sa_uid = uid_of(get, "serviceaccounts", ns, sa);
    let node_uid = uid_of(get, "nodes", "", node);
    let iat = pod["status"]["startTime"].as_str().and_then(crate::clock::Time::from_rfc3339).map_or(crate::clock::EPOCH_UNIX_SECONDS, |t| crate::clock::EPOCH_UNIX_SECONDS + (t.millis() / 1000) as i64);
    let asked = source["expirationSeconds"].as_i64().unwrap_or(3600);
    let (exp, warn_after) = if asked == WARN_ONLY_SECONDS { (iat + EXTENDED_SECONDS, Some(iat + WARN_ONLY_SECONDS)) } else { (iat + asked, None) };
    let audience = source["audience"].as_str().filter(|a| !a.is_empty()).unwrap_or(ISSUER);
    let pod_uid = pod["metadata"]["uid"].as_str().unwrap_or_default();
    // The path as JSON text, quotes included (as a `Value` displays).
    let jti = crate::rng::hex_of(&format!("{pod_uid}/{}", source["path"].to_value()), 32);
    let jti = format!("{}-{}-{}-{}-{}", &jti[..8], &jti[8..12], &jti[12..16], &jti[16..20], &jti[20..]);
    let mut k8s = crate::json!({
        "namespace": ns,
        "node": {"name": node, "uid": node_uid},
        "pod": {"name": pod["metadata"]["name"], "uid": pod_uid},
        "serviceaccount": {"name": sa, "uid": sa_uid}
    });
    if let Some(w) = warn_after {
        k8s["warnafter"] = crate::json!(w);
    }
    let claims = crate::json!({
        "aud": [audience], "exp": exp, "iat": iat, "iss": ISSUER, "jti": jti, "kubernetes.io": k8s, "nbf": iat,
        "sub": format!("system:serviceaccount:{ns}:{sa}")
    });
    let kid = base64url(&sha2::Sha256::digest(b"podlife cluster service account signing key"));
    let header = format!("{{\"alg\":\"RS256\",\"kid\":\"{kid}\"}}");
    let signing_input = format!("{}.{}", base64url(header.as_bytes()), base64url(claims.to_string().as_bytes()));
    let mut signature = Vec::with_capacity(256);
    let mut block = sha2::Sha256::digest(signing_input.as_bytes()).to_vec();
    while signature.len() < 256 {
        signature.extend_from_slice(&block);
        block = sha2::Sha256::digest(&block).to_vec();
    }
    format!("{signing_input}.{}", base64url(&signature))
}

/// The atomic writer's tree over a payload, paths relative to the mount point (`/`,
/// `/..data/x`, `/x`).
pub struct Layout<'a> {
    pub files: &'a [ProjectedFile],
    /// The timestamped directory's name (`..2026_12_04_15_30_00.1739244052`).
    pub dir: &'a str,
}

/// What a path of the volume is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    Dir,
    /// A symbolic link, with its target as `ls -l` shows it.
    Link(String),
    File(usize),
}

impl Layout<'_> {
    /// `..2006_01_02_15_04_05.` of the pod's start (when the volume was set up) and
    /// `os.MkdirTemp`'s random decimal suffix (derived from the pod here).
    pub fn dir_name(pod: &Slot) -> String {
        let start = pod["status"]["startTime"].as_str().unwrap_or("1970-01-01T00:00:00Z");
        let stamp: String = start.trim_end_matches('Z').chars().map(|c| if matches!(c, '-' | 'T' | ':') { '_' } else { c }).collect();
        let random = u64::from_str_radix(&crate::rng::hex_of(pod["metadata"]["uid"].as_str().unwrap_or_default(), 8), 16).unwrap_or(0) % 4_294_967_296;
        format!("..{stamp}.{random}")
    }

    /// The path inside the payload a volume path names, following `..data` and the
    /// top-level links (None: the volume's root or its timestamped directory itself).
    fn inner<'p>(&self, rel: &'p str) -> Option<&'p str> {
        let rel = rel.trim_start_matches('/');
        for prefix in ["..data", self.dir] {
            if rel == prefix {
                return None;
            }
            if let Some(rest) = rel.strip_prefix(prefix).and_then(|r| r.strip_prefix('/')) {
                return Some(rest);
            }
        }
        (!rel.is_empty()).then_some(rel)
    }

    fn top_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.files.iter().map(|f| f.path.split('/').next().unwrap_or_default().to_string()).collect();
        crate::sort::sort(&mut names);
        names.dedup();
        names
    }

    /// What `rel` is, without following a final link.
    pub fn entry(&self, rel: &str) -> Option<Entry> {
        let trimmed = rel.trim_start_matches('/');
        if trimmed.is_empty() || trimmed == self.dir {
            return Some(Entry::Dir);
        }
        if trimmed == "..data" {
            return Some(Entry::Link(self.dir.to_string()));
        }
        let inner = self.inner(rel)?;
        if !trimmed.starts_with("..") && !inner.contains('/') && self.top_names().iter().any(|n| n == inner) {
            return Some(Entry::Link(format!("..data/{inner}")));
        }
        self.resolve(rel)
    }

    /// What `rel` is, links followed.
    pub fn resolve(&self, rel: &str) -> Option<Entry> {
        let Some(inner) = self.inner(rel) else { return Some(Entry::Dir) };
        if let Some(i) = self.files.iter().position(|f| f.path == inner) {
            return Some(Entry::File(i));
        }
        let prefix = format!("{inner}/");
        self.files.iter().any(|f| f.path.starts_with(&prefix)).then_some(Entry::Dir)
    }

    pub fn read(&self, rel: &str) -> Option<&str> {
        match self.resolve(rel)? {
            Entry::File(i) => Some(&self.files[i].content),
            _ => None,
        }
    }

    /// The names in directory `rel` (links followed).
    pub fn list(&self, rel: &str) -> Option<Vec<String>> {
        if rel.trim_start_matches('/').is_empty() {
            let mut names = vec![self.dir.to_string(), "..data".to_string()];
            names.extend(self.top_names());
            return Some(names);
        }
        let inner = match self.resolve(rel)? {
            Entry::Dir => self.inner(rel).unwrap_or_default(),
            _ => return None,
        };
        let prefix = if inner.is_empty() { String::new() } else { format!("{inner}/") };
        let mut names: Vec<String> = self.files.iter().filter_map(|f| f.path.strip_prefix(&prefix)).map(|r| r.split('/').next().unwrap_or_default().to_string()).collect();
        crate::sort::sort(&mut names);
        names.dedup();
        Some(names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn pod() -> crate::Obj {
        crate::Obj::untyped(&json!({
            "metadata": {"name": "p", "namespace": "default", "uid": "u1", "labels": {"zone": "us-est-coast", "cluster": "test-cluster1", "rack": "rack-22"}, "annotations": {"build": "two", "builder": "john-doe"}},
            "spec": {"nodeName": "worker", "serviceAccountName": "default", "containers": [{"name": "c", "resources": {"limits": {"cpu": "250m", "memory": "64Mi"}, "requests": {"cpu": "125m", "memory": "32Mi"}}}]},
            "status": {"startTime": "2026-12-04T15:30:00Z"}
        }))
    }

    fn store(plural: &str, _ns: &str, name: &str) -> Result<std::sync::Arc<crate::Obj>, String> {
        let obj = |v: Value| std::sync::Arc::new(crate::Obj::untyped(&v));
        match (plural, name) {
            ("configmaps", "special-config") => Ok(obj(json!({"data": {"SPECIAL_LEVEL": "very", "SPECIAL_TYPE": "charm"}, "binaryData": {"bin": "AAE="}}))),
            ("secrets", "s") => Ok(obj(json!({"data": {"username": "bXktYXBw"}}))),
            ("configmaps", _) => Err(format!("configmap {name:?} not found")),
            _ => Err(format!("secret {name:?} not found")),
        }
    }

    fn files(volume: Value) -> Result<Vec<(String, String, u32)>, String> {
        payload(&pod(), &crate::Obj::untyped(&volume), &mut store).map(|fs| fs.into_iter().map(|f| (f.path, f.content, f.mode)).collect())
    }

    #[test]
    fn config_map_items_project_only_their_keys_at_their_paths() {
        let all = files(json!({"configMap": {"name": "special-config", "defaultMode": 0o400}})).unwrap();
        assert_eq!(all.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["SPECIAL_LEVEL", "SPECIAL_TYPE", "bin"]);
        assert!(all.iter().all(|f| f.2 == 0o400));
        let items = files(json!({"configMap": {"name": "special-config", "items": [{"key": "SPECIAL_LEVEL", "path": "keys"}, {"key": "SPECIAL_TYPE", "path": "./a//b", "mode": 0o600}]}})).unwrap();
        assert_eq!(items, [("keys".into(), "very".into(), 0o644), ("a/b".into(), "charm".into(), 0o600)]);
    }

    #[test]
    fn a_missing_item_key_fails_the_mount_unless_optional() {
        let v = json!({"configMap": {"name": "special-config", "items": [{"key": "nope", "path": "x"}]}});
        assert_eq!(files(v), Err("configmap references non-existent config key: nope".into()));
        assert_eq!(files(json!({"secret": {"secretName": "s", "items": [{"key": "nope", "path": "x"}]}})), Err("references non-existent secret key: nope".into()));
        assert_eq!(files(json!({"configMap": {"name": "special-config", "optional": true, "items": [{"key": "nope", "path": "x"}]}})), Ok(vec![]));
        assert_eq!(files(json!({"configMap": {"name": "gone"}})), Err("configmap \"gone\" not found".into()));
        assert_eq!(files(json!({"configMap": {"name": "gone", "optional": true}})), Ok(vec![]));
    }

    #[test]
    fn downward_api_formats_label_maps_and_resources() {
        let v = json!({"downwardAPI": {"items": [
            {"path": "labels", "fieldRef": {"fieldPath": "metadata.labels"}},
            {"path": "cpu_limit", "resourceFieldRef": {"containerName": "c", "resource": "limits.cpu", "divisor": "1m"}},
            {"path": "mem_request", "resourceFieldRef": {"containerName": "c", "resource": "requests.memory", "divisor": "1Mi"}}
        ]}});
        let fs = files(v).unwrap();
        assert_eq!(fs[0].1, "cluster=\"test-cluster1\"\nrack=\"rack-22\"\nzone=\"us-est-coast\"");
        assert_eq!((fs[1].1.as_str(), fs[2].1.as_str()), ("250", "32"));
    }

    #[test]
    fn projected_sources_merge_and_aggregate_errors() {
        let v = json!({"projected": {"sources": [
            {"secret": {"name": "s", "items": [{"key": "username", "path": "my-group/my-username"}]}},
            {"downwardAPI": {"items": [{"path": "labels", "fieldRef": {"fieldPath": "metadata.labels"}}]}},
            {"configMap": {"name": "special-config", "items": [{"key": "SPECIAL_LEVEL", "path": "my-group/my-config"}]}}
        ]}});
        let fs = files(v).unwrap();
        assert_eq!(fs.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["my-group/my-username", "labels", "my-group/my-config"]);
        assert_eq!(fs[0].1, "my-app");
        let bad = json!({"projected": {"sources": [{"configMap": {"name": "a"}}, {"secret": {"name": "b"}}]}});
        assert_eq!(files(bad), Err("[configmap \"a\" not found, secret \"b\" not found]".into()));
    }

    #[test]
    fn the_token_is_a_jwt_with_bound_claims() {
        let v = json!({"projected": {"sources": [{"serviceAccountToken": {"path": "token", "expirationSeconds": 3607}}]}});
        let token = files(v).unwrap().remove(0).1;
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let b64 = |s: &str| base64_decode(&s.replace('-', "+").replace('_', "/")).unwrap();
        let claims: Value = serde_json::from_str(&b64(parts[1])).unwrap();
        assert_eq!(claims["sub"], "system:serviceaccount:default:default");
        assert_eq!(claims["kubernetes.io"]["pod"]["name"], "p");
        assert_eq!(claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(), EXTENDED_SECONDS);
        assert_eq!(claims["kubernetes.io"]["warnafter"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(), 3607);
        assert!(b64(parts[0]).starts_with("{\"alg\":\"RS256\",\"kid\":"));
    }

    #[test]
    fn the_atomic_writer_layout_links_names_through_data() {
        let files = vec![
            ProjectedFile { path: "keys".into(), content: "very".into(), mode: 0o644 },
            ProjectedFile { path: "my-group/my-username".into(), content: "my-app".into(), mode: 0o644 },
        ];
        let layout = Layout { files: &files, dir: "..2026_12_04_15_30_00.1" };
        assert_eq!(layout.list("/").unwrap(), ["..2026_12_04_15_30_00.1", "..data", "keys", "my-group"]);
        assert_eq!(layout.entry("/..data"), Some(Entry::Link("..2026_12_04_15_30_00.1".into())));
        assert_eq!(layout.entry("/keys"), Some(Entry::Link("..data/keys".into())));
        assert_eq!(layout.entry("/..data/keys"), Some(Entry::File(0)));
        assert_eq!(layout.read("/my-group/my-username"), Some("my-app"));
        assert_eq!(layout.list("/my-group").unwrap(), ["my-username"]);
        assert_eq!(layout.list("/..data").unwrap(), ["keys", "my-group"]);
        assert_eq!(layout.read("/nope"), None);
    }
}

//! AppArmor on a node: the profiles its kernel has loaded (`apparmor_parser`), the profile
//! containerd confines a container with, and what that profile refuses.
//!
//! Upstream:
//! - the kubelet sends the container's `securityContext.appArmorProfile`, else the pod's
//!   (`pkg/kubelet/kuberuntime/helpers.go` `getAppArmorProfile`, `pkg/security/apparmor`
//!   `GetProfile`); the API server has already copied a deprecated
//!   `container.apparmor.security.beta.kubernetes.io/<name>` annotation into the field;
//! - containerd (`internal/cri/server/container_create_linux.go` `generateApparmorSpecOpts`):
//!   none given or `RuntimeDefault` → its own profile `cri-containerd.apparmor.d`, loaded on
//!   demand; `Unconfined` → none; `Localhost` → the named profile, which must be loaded
//!   (`apparmor profile not found NAME`, wrapped by `containerSpecOpts` and `createContainer`);
//!   a privileged container without a Localhost profile runs unconfined;
//! - `/proc/PID/attr/current` reads `NAME (enforce)` (or `(complain)`), `unconfined` without one.
//!
//! What a profile allows is reduced to one rule podlife acts on: `deny /** w,` (every write
//! refused, `EACCES`). Other rules are accepted and not enforced. Every node has AppArmor
//! enabled (kind nodes on an Ubuntu host).

use crate::Slot;
use crate::vecmap::VecMap;

/// containerd's default profile (`appArmorDefaultProfileName`).
pub const DEFAULT_PROFILE: &str = "cri-containerd.apparmor.d";

/// A loaded profile, as podlife keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profile {
    /// `flags=(complain)`: violations are logged, not refused.
    pub complain: bool,
    /// A `deny /** w` rule.
    pub deny_write: bool,
}

/// The profiles of `apparmor_parser`'s input: each `profile NAME [flags=(…)] {` block (an
/// unnamed `/path/to/binary {` block is named by its path).
pub fn parse(text: &str) -> Result<Vec<(String, Profile)>, String> {
    let mut out: Vec<(String, Profile)> = Vec::new();
    let mut depth = 0usize;
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        if depth == 0 && line.ends_with('{') {
            let head = line.trim_end_matches('{').trim();
            let mut words = head.split_whitespace();
            let name = match words.next() {
                Some("profile") => words.next().map(str::to_string),
                Some(w) if w.starts_with('/') => Some(w.to_string()),
                _ => None,
            };
            let Some(name) = name else { return Err(format!("AppArmor parser error, line {}: syntax error", 1 + text.lines().position(|l| l == raw).unwrap_or(0))) };
            let complain = head.contains("complain");
            out.push((name, Profile { complain, deny_write: false }));
            depth = 1;
            continue;
        }
        if line.ends_with('{') {
            depth += 1;
        } else if line.starts_with('}') {
            depth = depth.saturating_sub(1);
        } else if depth > 0 && line.trim_end_matches(',').split_whitespace().collect::<Vec<_>>() == ["deny", "/**", "w"] {
            if let Some((_, p)) = out.last_mut() {
                p.deny_write = true;
            }
        }
    }
    if depth != 0 {
        return Err("AppArmor parser error: syntax error, unexpected $end, expecting TOK_CLOSE".into());
    }
    Ok(out)
}

/// The profile asked for: the container's, else the pod's (`type`, `localhostProfile`).
fn requested<'a>(pod_spec: &'a Slot, container: &'a Slot) -> Option<&'a Slot> {
    [&container["securityContext"]["appArmorProfile"], &pod_spec["securityContext"]["appArmorProfile"]].into_iter().find(|p| p.is_object())
}

/// The profile containerd confines a container with: Ok(None) unconfined, Ok(Some(name)), or
/// the CreateContainer error for a Localhost profile the node has not loaded.
pub fn applied(pod_spec: &Slot, container: &Slot, loaded: &VecMap<String, Profile>) -> Result<Option<String>, String> {
    let req = requested(pod_spec, container);
    match req.and_then(|p| p["type"].as_str()) {
        Some("Localhost") => {
            let name = req.and_then(|p| p["localhostProfile"].as_str()).unwrap_or_default();
            if loaded.contains_key(name) {
                Ok(Some(name.to_string()))
            } else {
                Err(format!("failed to get container spec opts: failed to generate apparmor spec opts: apparmor profile not found {name}"))
            }
        }
        Some("Unconfined") => Ok(None),
        _ if container["securityContext"]["privileged"] == true => Ok(None),
        _ => Ok(Some(DEFAULT_PROFILE.to_string())),
    }
}

/// `/proc/PID/attr/current` of a process confined by `profile`.
pub fn attr_current(profile: Option<&str>, loaded: &VecMap<String, Profile>) -> String {
    match profile {
        None => "unconfined".into(),
        Some(name) => format!("{name} ({})", if loaded.get(name).is_some_and(|p| p.complain) { "complain" } else { "enforce" }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_and_their_rules() {
        let text = "#include <tunables/global>\n\nprofile k8s-apparmor-example-deny-write flags=(attach_disconnected) {\n  #include <abstractions/base>\n\n  file,\n\n  # Deny all file writes.\n  deny /** w,\n}\n";
        assert_eq!(parse(text), Ok(vec![("k8s-apparmor-example-deny-write".into(), Profile { complain: false, deny_write: true })]));
        assert_eq!(parse("profile p flags=(complain) {\n file,\n}\n"), Ok(vec![("p".into(), Profile { complain: true, deny_write: false })]));
        assert!(parse("profile p {\n file,\n").is_err());
    }

    #[test]
    fn which_profile_a_container_gets() {
        let mut loaded = VecMap::new();
        loaded.insert("deny".to_string(), Profile::default());
        let pod = crate::Obj::untyped(&json!({"securityContext": {"appArmorProfile": {"type": "Localhost", "localhostProfile": "deny"}}}));
        assert_eq!(applied(&pod, &crate::Obj::untyped(&json!({})), &loaded), Ok(Some("deny".into())));
        assert_eq!(applied(&pod, &crate::Obj::untyped(&json!({"securityContext": {"appArmorProfile": {"type": "Unconfined"}}})), &loaded), Ok(None));
        assert_eq!(applied(&crate::Obj::untyped(&json!({})), &crate::Obj::untyped(&json!({})), &loaded), Ok(Some(DEFAULT_PROFILE.into())));
        assert_eq!(applied(&crate::Obj::untyped(&json!({})), &crate::Obj::untyped(&json!({"securityContext": {"privileged": true}})), &loaded), Ok(None));
        let missing = crate::Obj::untyped(&json!({"securityContext": {"appArmorProfile": {"type": "Localhost", "localhostProfile": "allow"}}}));
        assert_eq!(applied(&missing, &crate::Obj::untyped(&json!({})), &loaded), Err("failed to get container spec opts: failed to generate apparmor spec opts: apparmor profile not found allow".into()));
        assert_eq!(attr_current(Some(DEFAULT_PROFILE), &loaded), "cri-containerd.apparmor.d (enforce)");
        assert_eq!(attr_current(None, &loaded), "unconfined");
    }
}

impl crate::Engine {
    /// `apparmor_parser [-q] [-r] [-a]` on a node, its input the profiles' text: each profile
    /// loaded (or replaced) in the node's kernel. Err: the parser's complaint.
    #[inline(never)]
    pub fn apparmor_load(&mut self, node: &str, text: &str) -> Result<(), String> {
        let m = self.machines.get_mut(node).ok_or_else(|| format!("no node named {node:?}"))?;
        for (name, profile) in parse(text)? {
            m.apparmor.insert(name, profile);
        }
        Ok(())
    }
}

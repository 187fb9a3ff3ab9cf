//! seccomp: the profile a container runs under and whether it lets the process start.
//!
//! Upstream:
//! - the kubelet sends the container's `securityContext.seccompProfile`, else the pod's; none
//!   is `Unconfined` (the kubelet's `seccompDefault` is off, as on kind); a `Localhost`
//!   profile becomes the path `/var/lib/kubelet/seccomp/<localhostProfile>`
//!   (`pkg/kubelet/kuberuntime/helpers.go` `fieldSeccompProfile`); a privileged container is
//!   always unconfined;
//! - containerd reads that file when it builds the container's spec (`contrib/seccomp`
//!   `WithProfile`: `cannot load seccomp profile %q: %v`, `decoding seccomp profile failed
//!   %q: %v`); `RuntimeDefault` is its built-in profile, which allows what a program needs;
//! - runc installs the filter just before `execve`: a profile whose default action refuses
//!   (`SCMP_ACT_ERRNO`, `KILL`, `TRAP`) and that does not allow `execve` fails the start with
//!   `operation not permitted`.
//!
//! What a profile logs (`SCMP_ACT_LOG`, the kernel's audit lines in the host's syslog) is not
//! modelled; every other rule is read only for `execve`.

use crate::Slot;
use serde_json::Value;

/// Where the kubelet looks for `Localhost` profiles (`--seccomp-profile-root`'s default).
pub const PROFILE_ROOT: &str = "/var/lib/kubelet/seccomp";

/// A profile as podlife acts on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// The process cannot even be exec'd.
    pub blocks_exec: bool,
}

/// The profile the kubelet asks for: Ok(None) unconfined, Ok(Some(path)) for Localhost
/// (`Some("")` for RuntimeDefault).
fn requested(pod_spec: &Slot, container: &Slot) -> Option<(String, String)> {
    if container["securityContext"]["privileged"] == true {
        return None;
    }
    let p = [&container["securityContext"]["seccompProfile"], &pod_spec["securityContext"]["seccompProfile"]].into_iter().find(|p| p.is_object())?;
    match p["type"].as_str() {
        Some("RuntimeDefault") => Some(("RuntimeDefault".into(), String::new())),
        Some("Localhost") => Some(("Localhost".into(), format!("{PROFILE_ROOT}/{}", p["localhostProfile"].as_str().unwrap_or_default()))),
        _ => None,
    }
}

/// The profile containerd puts in the container's spec, reading a Localhost file with `read`;
/// Err: the CreateContainer error.
pub fn applied(pod_spec: &Slot, container: &Slot, read: impl Fn(&str) -> Option<String>) -> Result<Option<Profile>, String> {
    let Some((kind, path)) = requested(pod_spec, container) else { return Ok(None) };
    if kind == "RuntimeDefault" {
        return Ok(Some(Profile { blocks_exec: false }));
    }
    let text = read(&path).ok_or_else(|| format!("cannot load seccomp profile \"{path}\": open {path}: no such file or directory"))?;
    let json: Value = serde_json::from_str(&text).map_err(|e| format!("decoding seccomp profile failed \"{path}\": {e}"))?;
    let permissive = |action: &Value| matches!(action.as_str(), Some("SCMP_ACT_ALLOW" | "SCMP_ACT_LOG"));
    let exec_allowed = json["syscalls"].as_array().into_iter().flatten().any(|s| permissive(&s["action"]) && s["names"].as_array().is_some_and(|n| n.iter().any(|n| n == "execve")));
    Ok(Some(Profile { blocks_exec: !permissive(&json["defaultAction"]) && !exec_allowed }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiles_from_the_node() {
        let pod = crate::Obj::untyped(&json!({"securityContext": {"seccompProfile": {"type": "Localhost", "localhostProfile": "profiles/violation.json"}}}));
        let read = |p: &str| match p {
            "/var/lib/kubelet/seccomp/profiles/violation.json" => Some("{\n    \"defaultAction\": \"SCMP_ACT_ERRNO\"\n}".to_string()),
            "/var/lib/kubelet/seccomp/profiles/audit.json" => Some("{\"defaultAction\": \"SCMP_ACT_LOG\"}".to_string()),
            _ => None,
        };
        assert_eq!(applied(&pod, &crate::Obj::untyped(&json!({})), read), Ok(Some(Profile { blocks_exec: true })));
        let audit = crate::Obj::untyped(&json!({"securityContext": {"seccompProfile": {"type": "Localhost", "localhostProfile": "profiles/audit.json"}}}));
        assert_eq!(applied(&audit, &crate::Obj::untyped(&json!({})), read), Ok(Some(Profile { blocks_exec: false })));
        let missing = crate::Obj::untyped(&json!({"securityContext": {"seccompProfile": {"type": "Localhost", "localhostProfile": "nope.json"}}}));
        assert!(applied(&missing, &crate::Obj::untyped(&json!({})), read).unwrap_err().starts_with("cannot load seccomp profile \"/var/lib/kubelet/seccomp/nope.json\""));
        assert_eq!(applied(&crate::Obj::untyped(&json!({})), &crate::Obj::untyped(&json!({})), read), Ok(None));
        assert_eq!(applied(&pod, &crate::Obj::untyped(&json!({"securityContext": {"privileged": true}})), read), Ok(None));
    }
}

impl crate::Engine {
    /// A file written on a node's disk from outside the cluster (`docker exec -i NODE tee
    /// PATH`, or a kind `extraMounts` directory): seccomp profiles, hostPath data.
    #[inline(never)]
    pub fn node_write_file(&mut self, node: &str, path: &str, text: &str) -> Result<(), String> {
        let m = self.machines.get_mut(node).ok_or_else(|| format!("no node named {node:?}"))?;
        if !path.starts_with('/') {
            return Err(format!("tee: {path}: podlife writes node files by absolute path"));
        }
        m.disk.write(path, text, false).map_err(|e| format!("tee: {path}: {e}"))
    }
}

//! CRI calls an operator makes on a node with `crictl` (not the kubelet): `crictl stop` and
//! `crictl stopp`. The kubelet learns of them as of any other change, through PLEG: a stopped
//! container is restarted by its restart policy, a stopped sandbox is re-created
//! (`SandboxChanged`) and the init containers run again in it.
//!
//! containerd's `StopContainer` (`internal/cri/server/container_stop.go`): with a timeout of 0
//! (crictl's default) the task gets SIGKILL at once. `StopPodSandbox` (`sandbox_stop.go`):
//! every container of the sandbox is stopped with timeout 0, then the pause container, then
//! the network is torn down; a sandbox that no longer exists is not an error (the call is
//! idempotent).

use std::sync::Arc;

use crate::cri_api::CriReply;
use super::ContainerState;
use crate::Engine;

impl Engine {
    /// `crictl stop ID…` on `node`: each container (an ID or a unique prefix) is killed.
    /// Returns crictl's output, or its error for an unknown container.
    pub fn crictl_stop_containers(&mut self, node: &str, ids: &[String], timeout_s: i64) -> Result<String, String> {
        self.outside_change();
        let mut out = String::new();
        for id in ids {
            let Some(full) = self.runtime_mut(node).and_then(|rt| unique_prefix(rt.containers.keys(), id)) else {
                return Err(format!("stopping the container {id:?}: rpc error: code = NotFound desc = an error occurred when try to find container {id:?}: not found"));
            };
            let pod = self.operator_pod(node, &full);
            self.run_containerd(node, |d, cx| d.stop_container(cx, &pod, &full, timeout_s)).unwrap_or_else(CriReply::unreachable).map_err(|e| format!("stopping the container {id:?}: {e}"))?;
            out.push_str(id);
            out.push('\n');
        }
        Ok(out)
    }

    /// `crictl stopp ID…` on `node`: the sandbox's containers are killed, then the sandbox
    /// stops and gives its IP back.
    pub fn crictl_stop_sandboxes(&mut self, node: &str, ids: &[String]) -> Result<String, String> {
        self.outside_change();
        let mut out = String::new();
        for id in ids {
            let full = self.runtime_mut(node).and_then(|rt| unique_prefix(rt.sandboxes.keys(), id));
            if let Some(full) = full {
                let uid = self.machines.get(node).and_then(|m| m.runtime.sandboxes.get(&full)).map(|s| s.pod_uid.clone()).unwrap_or_default();
                let running: Vec<String> = self
                    .machines
                    .get(node)
                    .map(|m| m.runtime.containers.values().filter(|c| c.sandbox_id == full && c.state == ContainerState::Running).map(|c| c.id.clone()).collect())
                    .unwrap_or_default();
                let pod = self.pod_by_uid(&uid);
                for c in running {
                    self.run_containerd(node, |d, cx| d.stop_container(cx, &pod, &c, 0)).unwrap_or_else(CriReply::unreachable).map_err(|e| format!("stopping the pod sandbox {id:?}: {e}"))?;
                }
                self.run_containerd(node, |d, cx| d.stop_pod_sandbox(cx, &pod, &full)).unwrap_or_else(CriReply::unreachable).map_err(|e| format!("stopping the pod sandbox {id:?}: {e}"))?;
                self.pleg_soon(node);
            }
            out.push_str(&format!("Stopped sandbox {id}\n"));
        }
        Ok(out)
    }

    /// The pod a container belongs to, as the trace names it.
    fn operator_pod(&self, node: &str, container_id: &str) -> Arc<crate::Obj> {
        let uid = self.machines.get(node).and_then(|m| m.runtime.containers.get(container_id)).map(|c| c.pod_uid.clone()).unwrap_or_default();
        self.pod_by_uid(&uid)
    }

    fn pod_by_uid(&self, uid: &str) -> Arc<crate::Obj> {
        self.store.list_shared("", "pods", None).find(|(_, p)| p["metadata"]["uid"] == uid).map(|(_, p)| p.clone()).unwrap_or_else(|| Arc::new(crate::Obj::untyped(&json!({"metadata": {"uid": uid}}))))
    }
}

/// containerd's truncindex: an ID or a prefix that names exactly one.
fn unique_prefix<'a>(ids: impl Iterator<Item = &'a String>, prefix: &str) -> Option<String> {
    if prefix.is_empty() {
        return None;
    }
    let mut found = ids.filter(|id| id.starts_with(prefix));
    let first = found.next()?;
    found.next().is_none().then(|| first.clone())
}

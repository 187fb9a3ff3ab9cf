//! The kubelet's container garbage collector (`pkg/kubelet/kuberuntime/kuberuntime_gc.go`,
//! `evictContainers`, run every `ContainerGCPeriod`, 1 min): of each pod's containers of one
//! name, the ones not running beyond `--maximum-dead-containers-per-container` (1) are removed,
//! oldest first (`enforceMaxContainersPerEvictUnit`; `--minimum-container-ttl-duration` 0, no
//! node-wide maximum), each by a CRI `RemoveContainer`. The newest exited instance stays. Right
//! after a crash the pod's status still names the instance before it as `lastState` until the
//! next sync rewrites it, so `kubectl logs --previous` then gets the kubelet's "unable to
//! retrieve container logs" (`server.rs`). A pod that is gone has all of its containers removed
//! by the kubelet's cleanup (`cri_remove_pod`).

use super::{Cx, Due, Kubelet, Timer};
use crate::vecmap::VecMap;

use crate::containerd::{ContainerState, Runtime};
use crate::trace::ObjectRef;

/// `ContainerGCPeriod`.
pub const CONTAINER_GC_PERIOD_MS: u64 = 60_000;
/// `--maximum-dead-containers-per-container`.
const MAX_PER_POD_CONTAINER: usize = 1;

impl Kubelet {
    /// One pass: the evictable containers are removed through the runtime.
    pub(crate) fn container_gc(&mut self, cx: &mut Cx<'_>) {
        cx.after(cx.now().plus_millis(CONTAINER_GC_PERIOD_MS), Timer::new(&self.node, Due::ContainerGc));
        if !cx.running() {
            return;
        }
        let Some(m) = cx.node().machine(&self.node) else { return };
        if !m.runtime.up {
            return;
        }
        let evict = evictable(&m.runtime);
        for id in evict {
            let Some(rt) = cx.node().machine(&self.node).map(|m| &m.runtime) else { return };
            let Some(c) = rt.containers.get(&id) else { continue };
            let (uid, name) = (c.pod_uid.clone(), c.name.clone());
            let object = rt.sandboxes.get(&c.sandbox_id).map(|s| ObjectRef::new("Pod", Some(&s.namespace), &s.pod_name));
            let mark = super::restarts::UseMark::read(rt);
            if self.cri(cx, |cri| cri.remove_container(object, &id, &name)).is_err() {
                return;
            }
            // The removal is its pod's cycle's work (`restarts.rs`).
            if let Some(rt) = cx.node().machine(&self.node).map(|m| &m.runtime) {
                self.charge_runtime(&uid, mark, rt);
            }
            self.pleg_seen.remove(&id);
            cx.node().touch_pod(&uid);
        }
    }

    /// `removeContainer` for a RestartAllContainers reset (`keepLogs`: the restart count of
    /// the container's next instance is remembered, as upstream reads it back from the logs).
    pub(crate) fn remove_container(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &crate::Slot, id: &str) {
        let Some(c) = cx.node().machine(&self.node).and_then(|m| m.runtime.containers.get(id)) else { return };
        let (name, next) = (c.name.clone(), c.restart_count + 1);
        let object = crate::object_ref(pod, "Pod");
        if self.cri(cx, |cri| cri.remove_container(object, id, &name)).is_err() {
            return;
        }
        self.pleg_seen.remove(id);
        if let Some(w) = self.workers.get_mut(uid) {
            let e = w.removed_restarts.entry(name).or_insert(0);
            *e = (*e).max(next);
        }
        cx.node().touch_pod(uid);
    }
}

impl Kubelet {
    /// Whether the next pass removes nothing (a quiet stretch, `quiet.rs`).
    pub(crate) fn gc_steady(&self, v: &super::QuietView<'_>) -> bool {
        let rt = &v.machine.runtime;
        !v.running
            || !rt.up
            || match self.gc_steady_memo {
                Some((seen, steady)) if seen == rt.containers_changed => steady,
                _ => !has_evictable(rt),
            }
    }

    /// Remembers, for its node's containers as they are now, whether the next pass has
    /// anything to remove (before a quiet-stretch look: a node with a thousand exited
    /// containers made every look sort them all).
    pub(crate) fn remember_gc_steady(&mut self, rt: &Runtime) {
        let changed = rt.containers_changed;
        if self.gc_steady_memo.is_none_or(|(seen, _)| seen != changed) {
            self.gc_steady_memo = Some((changed, !has_evictable(rt)));
        }
    }
}

/// Whether any (pod, container name) has more exited containers than it keeps — `evictable`
/// is not empty — counted without gathering them (a pod with a thousand init containers asks
/// this after each one).
fn has_evictable(rt: &Runtime) -> bool {
    let mut dead: VecMap<(&str, &str), usize> = VecMap::new();
    rt.containers.values().filter(|c| c.state != ContainerState::Running).any(|c| {
        let n = dead.entry((c.pod_uid.as_str(), c.name.as_str())).or_default();
        *n += 1;
        *n > MAX_PER_POD_CONTAINER
    })
}

/// The exited containers beyond the newest one of each (pod, container name).
fn evictable(rt: &Runtime) -> Vec<String> {
    let mut units: VecMap<(&str, &str), Vec<(crate::clock::Time, &str)>> = VecMap::new();
    for c in rt.containers.values().filter(|c| c.state != ContainerState::Running) {
        units.entry((c.pod_uid.as_str(), c.name.as_str())).or_default().push((c.created_at, c.id.as_str()));
    }
    let mut out = Vec::new();
    for (_, mut dead) in units {
        if dead.len() <= MAX_PER_POD_CONTAINER {
            continue;
        }
        // Newest first; the oldest go.
        crate::sort::sort_by(&mut dead, |a, b| b.cmp(a));
        out.extend(dead.into_iter().skip(MAX_PER_POD_CONTAINER).map(|(_, id)| id.to_string()));
    }
    out
}

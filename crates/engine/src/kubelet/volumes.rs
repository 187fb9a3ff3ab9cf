//! Where a pod volume's files live: the kubelet's volume manager mounts each volume before the
//! sandbox exists (`WaitForAttachAndMount`), following a claim to its PersistentVolume
//! (`desired_state_of_world_populator.go` `getPVCExtractPV`: GET the claim, then the volume).
//!
//! The data belongs to the volume, not to the pod:
//! - `emptyDir` is a directory of the kubelet's pod directory on the node
//!   (`/var/lib/kubelet/pods/<uid>/volumes/kubernetes.io~empty-dir/<name>`): it outlives
//!   container restarts and sandbox re-creation and is deleted with the pod.
//! - `hostPath`, and a `hostPath` or `local` PersistentVolume, is a directory of the node's
//!   own disk (`NodeMachine::disk`): what one pod wrote, the next pod on that node at that path
//!   reads — and a pod on another node finds that node's directory instead.
//! - a network volume (an `nfs` export, a `csi` volume, any other remote PersistentVolume) is
//!   storage outside the nodes (`Engine::storage`), the same from every node.
//! - `configMap`, `secret`, `projected` and `downwardAPI` are files the kubelet writes itself
//!   (read-only, not here).

use crate::Engine;
use crate::containerd::fs::Tree;

pub use crate::volume::backing::{backing_of, pod_dir, Backing};

impl Engine {
    /// The tree a backing's files are in, if it has any yet.
    pub(crate) fn volume_tree(&self, node: &str, backing: &Backing) -> Option<&Tree> {
        match backing {
            Backing::Node { .. } => self.machines.get(node).map(|m| &m.disk),
            Backing::Remote { store, .. } => self.storage.get(store),
        }
    }

    /// The tree a backing's files are in, created on first use.
    pub(crate) fn volume_tree_mut(&mut self, node: &str, backing: &Backing) -> Option<&mut Tree> {
        match backing {
            Backing::Node { .. } => self.machines.get_mut(node).map(|m| &mut m.disk),
            Backing::Remote { store, .. } => Some(self.storage.entry(store.clone()).or_default()),
        }
    }

    /// The backing the volume manager mounted for a pod's volume.
    pub(crate) fn mounted_volume(&self, node: &str, uid: &str, volume: &str) -> Option<Backing> {
        self.machines.get(node)?.mounts.get(uid)?.get(volume).cloned()
    }

    /// `cleanupOrphanedPodDirs`: a removed pod's directory, its `emptyDir` volumes with it,
    /// leaves the node's disk.
    pub(crate) fn kubelet_remove_pod_dir(&mut self, node: &str, uid: &str) {
        let Some(m) = self.machines.get_mut(node) else { return };
        m.mounts.remove(uid);
        m.static_status.remove(uid);
        remove_all(&mut m.disk, &pod_dir(uid));
    }
}

/// `rm -rf dir` on a node's disk.
pub(crate) fn remove_all(disk: &mut Tree, dir: &str) {
    let prefix = format!("{dir}/");
    let doomed: Vec<String> = disk.files.keys().chain(disk.dirs.iter()).filter(|k| **k == dir || k.starts_with(&prefix)).cloned().collect();
    for path in doomed {
        disk.remove(&path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn data_lives_with_the_volume() {
        let pv = |spec: Value| crate::Obj::untyped(&json!({"metadata": {"name": "pv-a"}, "spec": spec}));
        let backing_of = |uid: &str, volume: &Value, pv: Option<&crate::Obj>| backing_of(uid, &crate::Obj::untyped(volume), pv.map(|p| p.root()));
        assert_eq!(backing_of("u1", &json!({"name": "cache", "emptyDir": {}}), None), Some(Backing::Node { dir: "/var/lib/kubelet/pods/u1/volumes/kubernetes.io~empty-dir/cache".into() }));
        assert_eq!(backing_of("u1", &json!({"name": "h", "hostPath": {"path": "/data"}}), None), Some(Backing::Node { dir: "/data".into() }));
        let claim = json!({"name": "data", "persistentVolumeClaim": {"claimName": "data-db-0"}});
        assert_eq!(backing_of("u1", &claim, Some(&pv(json!({"hostPath": {"path": "/data/a"}})))), Some(Backing::Node { dir: "/data/a".into() }));
        assert_eq!(backing_of("u1", &claim, Some(&pv(json!({"local": {"path": "/mnt/disks/ssd1"}})))), Some(Backing::Node { dir: "/mnt/disks/ssd1".into() }));
        assert_eq!(backing_of("u1", &claim, Some(&pv(json!({"nfs": {"server": "nfs.example", "path": "/exports/a"}})))), Some(Backing::Remote { store: "nfs://nfs.example".into(), dir: "/exports/a".into() }));
        assert_eq!(backing_of("u1", &claim, Some(&pv(json!({"csi": {"driver": "ebs.csi.aws.com", "volumeHandle": "vol-1"}})))), Some(Backing::Remote { store: "csi://ebs.csi.aws.com/vol-1".into(), dir: "/".into() }));
        assert_eq!(backing_of("u1", &claim, None), None);
        assert_eq!(backing_of("u1", &json!({"name": "cfg", "configMap": {"name": "x"}}), None), None);
        assert_eq!(Backing::Node { dir: "/data/a".into() }.path("/file"), "/data/a/file");
        assert_eq!(Backing::Node { dir: "/data/a/".into() }.path("/"), "/data/a");
        assert_eq!(Backing::Remote { store: "s".into(), dir: "/".into() }.path("/x/y"), "/x/y");
    }
}

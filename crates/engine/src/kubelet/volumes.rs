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

/// The data behind a mounted volume.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Backing {
    /// A directory of the node's disk.
    Node { dir: String },
    /// A directory of a storage system outside the nodes.
    Remote { store: String, dir: String },
}

impl Backing {
    /// The path, in the backing store, of `rel` (a path below the mount point).
    pub fn path(&self, rel: &str) -> String {
        let dir = match self {
            Backing::Node { dir } | Backing::Remote { dir, .. } => dir.trim_end_matches('/'),
        };
        let rel = rel.trim_start_matches('/');
        if rel.is_empty() { if dir.is_empty() { "/".into() } else { dir.to_string() } } else { format!("{dir}/{rel}") }
    }
}

/// The kubelet's directory for a pod (`getPodDir`).
pub fn pod_dir(uid: &str) -> String {
    format!("/var/lib/kubelet/pods/{uid}")
}

/// Where a volume source's data lives, given the PersistentVolume a claim is bound to (for
/// `persistentVolumeClaim` volumes). None: a volume whose files the kubelet writes itself, or
/// a type podlife does not mount.
pub fn backing_of(uid: &str, volume: &crate::Slot, pv: Option<&crate::Slot>) -> Option<Backing> {
    let name = volume["name"].as_str().unwrap_or_default();
    if volume.get("emptyDir").is_some() {
        return Some(Backing::Node { dir: format!("{}/volumes/kubernetes.io~empty-dir/{name}", pod_dir(uid)) });
    }
    if let Some(path) = volume["hostPath"]["path"].as_str() {
        return Some(Backing::Node { dir: path.to_string() });
    }
    if volume.get("persistentVolumeClaim").is_some() {
        return pv.and_then(|pv| source_backing(&pv["spec"], pv["metadata"]["name"].as_str().unwrap_or_default()));
    }
    source_backing(volume, name)
}

/// A volume source shared by pod volumes and PersistentVolume specs.
fn source_backing(src: &crate::Slot, pv_name: &str) -> Option<Backing> {
    if let Some(path) = src["hostPath"]["path"].as_str().or(src["local"]["path"].as_str()) {
        return Some(Backing::Node { dir: path.to_string() });
    }
    if let Some(server) = src["nfs"]["server"].as_str() {
        return Some(Backing::Remote { store: format!("nfs://{server}"), dir: src["nfs"]["path"].as_str().unwrap_or("/").to_string() });
    }
    if let Some(driver) = src["csi"]["driver"].as_str() {
        return Some(Backing::Remote { store: format!("csi://{driver}/{}", src["csi"]["volumeHandle"].as_str().unwrap_or_default()), dir: "/".into() });
    }
    // Any other network volume of a PersistentVolume (iSCSI, RBD, CephFS, cloud disks, …).
    const NETWORK: &[&str] = &["iscsi", "rbd", "cephfs", "fc", "glusterfs", "awsElasticBlockStore", "gcePersistentDisk", "azureDisk", "azureFile", "portworxVolume", "vsphereVolume", "flexVolume", "quobyte", "storageos", "scaleIO", "photonPersistentDisk", "cinder", "flocker"];
    if !pv_name.is_empty() && NETWORK.iter().any(|k| src.get(*k).is_some()) {
        return Some(Backing::Remote { store: format!("pv://{pv_name}"), dir: "/".into() });
    }
    None
}

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
        self.machines.get(node)?.kubelet.workers.get(uid)?.mounted.get(volume).cloned()
    }

    /// `cleanupOrphanedPodDirs`: a removed pod's directory, its `emptyDir` volumes with it,
    /// leaves the node's disk.
    pub(crate) fn kubelet_remove_pod_dir(&mut self, node: &str, uid: &str) {
        let Some(m) = self.machines.get_mut(node) else { return };
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

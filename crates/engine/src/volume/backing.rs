//! Where a mounted volume's data lives: a directory of the node's disk or of a storage system
//! outside the nodes. The kubelet sets a pod's volumes up there (`kubelet/volumes.rs`) and the
//! runtime bind-mounts them into containers (`containerd/shellproc.rs`), as CRI's `Mount`
//! carries a host path (`pkg/kubelet/kubelet_pods.go` `makeMounts`).

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

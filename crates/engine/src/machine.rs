//! The machine behind a node: what stays on it whatever runs there — containerd's state, the
//! disk, its identity and size, the files of its manifest directory, the kernel's AppArmor
//! profiles — and what both ends of the CRI socket see. The kubelet and containerd both read
//! and write it; neither owns it.

use serde_json::Value;

use crate::clock::Time;
use crate::containerd::Runtime;
use crate::vecmap::VecMap;
use crate::volume::backing::Backing;
use crate::Slot;

/// Everything on one node below its kubelet: containerd's state and the machine's.
#[derive(Debug, Clone)]
pub struct NodeMachine {
    pub runtime: Runtime,
    /// The node's own disk: `hostPath` directories, `local` and `hostPath` PersistentVolumes,
    /// the kubelet's pod directories with their `emptyDir` volumes.
    pub disk: crate::containerd::fs::Tree,
    /// The machine's identity and size, and its kubelet's registration flags.
    pub facts: MachineFacts,
    /// The static pods of the node's manifest directory, as the kubelet's file source makes
    /// them (`static_pods::from_manifest`); files on the node, so they survive the kubelet.
    pub static_pods: Vec<StaticPod>,
    /// The AppArmor profiles the node's kernel has loaded (`containerd/apparmor.rs`).
    pub apparmor: VecMap<String, crate::containerd::apparmor::Profile>,
    /// When the kubelet's gRPC connection to containerd's socket works again: after a restart
    /// of the daemon (its reconnect back-off, `runtime_state.rs`) or of the kubelet (at once).
    /// The connection's state, which both ends see: containerd answers a CRI call only then.
    pub cri_connected_at: Time,
    /// Pod uid → volume name → where its data lives: the volumes the kubelet's volume manager
    /// set up under each pod's directory, which the pod's containers bind-mount (CRI's
    /// `Mount` carries the host path). Gone with the pod's directory.
    pub mounts: VecMap<String, VecMap<String, Backing>>,
    /// The status the kubelet's status manager last wrote for each static pod (by uid): a
    /// static pod has no object of its own in the API, so what the runtime reads of it (the
    /// downward API's files) comes from here and its manifest (`kubelet::pod_in`).
    pub static_status: VecMap<String, Value>,
}

/// A static pod's manifest as the kubelet's file source made it, with the names it is looked
/// up by (the kubelet looks its static pods up by name at every probe and sync).
#[derive(Debug, Clone)]
pub struct StaticPod {
    pub uid: String,
    pub namespace: String,
    pub name: String,
    /// Private: the names above are read from it once, so it may not change under them.
    pod: crate::Obj,
}

impl StaticPod {
    pub fn new(pod: crate::Obj) -> StaticPod {
        let meta = &pod["metadata"];
        let text = |field: &str| meta[field].as_str().unwrap_or_default().to_string();
        StaticPod { uid: text("uid"), namespace: text("namespace"), name: text("name"), pod }
    }

    pub fn pod(&self) -> &crate::Obj {
        &self.pod
    }
}

impl NodeMachine {
    /// A machine with `runtime` and `facts`: its disk empty, no static pods, no AppArmor
    /// profiles loaded, nothing mounted.
    pub fn new(runtime: Runtime, facts: MachineFacts) -> NodeMachine {
        NodeMachine { runtime, disk: Default::default(), facts, static_pods: Vec::new(), apparmor: VecMap::new(), cri_connected_at: Time::ZERO, mounts: VecMap::new(), static_status: VecMap::new() }
    }

    /// Do the kubelet's CRI calls reach containerd at `now`?
    pub fn cri_up(&self, now: Time) -> bool {
        self.runtime.up && now >= self.cri_connected_at
    }
}

/// The machine behind a node: what its kubelet reports about it, and how the kubelet was
/// started (`--node-labels`, `--register-with-taints`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MachineFacts {
    pub machine_id: String,
    pub system_uuid: String,
    pub boot_id: String,
    /// The machine's address on the cluster's network (the Node's InternalIP).
    pub host_ip: String,
    /// `status.capacity` (= allocatable: no reservations on these nodes).
    pub capacity: Value,
    pub labels: Vec<(String, String)>,
    pub taints: Vec<Value>,
}

impl MachineFacts {
    /// The facts of a node that existed before the learner arrived, from its Node object.
    pub fn from_node(node: &Slot) -> MachineFacts {
        let info = &node["status"]["nodeInfo"];
        let s = |v: &Slot| v.as_str().unwrap_or_default().to_string();
        MachineFacts {
            machine_id: s(&info["machineID"]),
            system_uuid: s(&info["systemUUID"]),
            boot_id: s(&info["bootID"]),
            host_ip: crate::cluster::facts::internal_ip(node).unwrap_or("172.18.0.2").to_string(),
            capacity: node["status"]["capacity"].to_value(),
            labels: Vec::new(),
            taints: Vec::new(),
        }
    }
}


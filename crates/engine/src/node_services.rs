//! What a node's kubelet may ask of the rest of its node, besides what every component has
//! ([`crate::component::Cx`]): containerd's CRI (its calls, run on the node's containerd
//! component, and its state read as CRI's `List`/`Status` calls answer it), the machine (its disk, facts and manifest directory), and
//! the engine's bookkeeping of quiet stretches. The engine implements it (`node_host.rs`); the
//! kubelet reaches it through `Cx::node()`, so it names no other component's state.
//!
//! Every method takes the node's name: one engine serves every node's kubelet.

use crate::containerd::fs::Tree;
use crate::containerd::TaskEvent;
use crate::cri_api::RuntimeService;
use crate::volume::backing::Backing;
use crate::machine::NodeMachine;
use crate::store::ObjectKey;
use crate::Slot;

pub(crate) trait NodeServices {
    /// The node's machine, read: containerd's containers and images, the disk, the facts.
    fn machine(&self, node: &str) -> Option<&NodeMachine>;

    /// What a GET of `key` from kube-apiserver's watch cache answers (not traced: the
    /// kubelet's reads of its Node and Lease are not reactions).
    fn api_object(&self, key: &ObjectKey) -> Option<&Slot>;

    /// Is the node cut off from the control plane (`podlife node down`)?
    fn cut_off(&self, node: &str) -> bool;

    /// Runs `call` on the node's containerd, as a CRI call over its socket reaches it (false:
    /// the daemon is busy with another call, or the node has none).
    fn containerd(&mut self, node: &str, call: &mut dyn FnMut(&mut dyn RuntimeService)) -> bool;

    /// Starts collecting what happens to the node's containers during a CRI call of its
    /// kubelet; false when a call is already collecting (a call inside another).
    fn task_events_begin(&mut self, node: &str) -> bool;

    /// What happened since `task_events_begin`, in order.
    fn task_events_end(&mut self, node: &str) -> Vec<TaskEvent>;

    /// A system program (kube-proxy, local-path-provisioner) whose container just ended stops
    /// its component.
    fn node_program_exited(&mut self, node: &str);

    /// A system program (kube-proxy, local-path-provisioner) started in a container: its
    /// component starts.
    fn node_program_started(&mut self, node: &str, argv: &[String]);

    /// Something happened to pod `uid` (`quiet.rs`: its quiet-stretch answers are stale).
    fn touch_pod(&mut self, uid: &str);

    /// The kubelet's copy of a pod: its informer's, or a static pod's (`kubelet::pod_in`).
    fn kubelet_pod(&self, node: &str, namespace: &str, name: &str) -> Option<std::sync::Arc<crate::Obj>>;

    /// The same, read in place.
    fn kubelet_pod_ref(&self, node: &str, namespace: &str, name: &str) -> Option<&Slot>;

    /// A static pod of the node's manifest directory, by uid.
    fn static_pod(&self, node: &str, uid: &str) -> Option<&Slot>;

    /// A static pod of the node's manifest directory, by name.
    fn static_pod_named(&self, node: &str, namespace: &str, name: &str) -> Option<&Slot>;

    /// The mirror pod of a static pod, as the kubelet's informer has it.
    fn mirror_pod(&self, node: &str, namespace: &str, name: &str) -> Option<std::sync::Arc<crate::Obj>>;

    /// An object as a watch-based cache of the kubelet holds it.
    fn cached_object(&self, plural: &str, namespace: &str, name: &str) -> Result<std::sync::Arc<crate::Obj>, String>;

    /// A probe's connection to a port of the pod (the node's network).
    fn probe_shell_listener(&mut self, node: &str, uid: &str, port: u16, http: Option<(&str, &str)>) -> Option<Result<(), String>>;

    /// Whether istiod serves (a sidecar's readiness).
    fn istiod_serving(&self) -> bool;

    /// The pod's epoch (`quiet.rs`): moves whenever something happens to it.
    fn pod_epoch(&self, node: &str, uid: &str) -> u64;

    /// etcd's revision (`quiet.rs`: did anything get written?).
    fn revision(&self) -> u64;

    /// The epochs of everything around a pod on `node`: the console's and the node's
    /// (`kubelet/restarts.rs`: did anything but the pod's own work happen?).
    fn outside_epoch(&self, node: &str) -> u64;

    /// etcd's writes so far, by kind (`kubelet/restarts.rs`).
    fn write_counts(&self) -> crate::store::WriteCounts;

    /// A kubelet's request wrote a pod or an event (`WriteCounts::by_kubelets`).
    fn count_kubelet_write(&mut self);

    /// The engine's next task sequence number (`quiet.rs`: was anything queued?).
    fn next_seq(&self) -> u64;

    /// The pod's directory leaves the node's disk.
    fn kubelet_remove_pod_dir(&mut self, node: &str, uid: &str);

    /// The tree a volume's files are in (the node's disk, or a remote store).
    fn volume_tree(&self, node: &str, backing: &Backing) -> Option<&Tree>;

    /// The same, to write.
    fn volume_tree_mut(&mut self, node: &str, backing: &Backing) -> Option<&mut Tree>;

    /// The backing the volume manager mounted for a pod's volume.
    fn mounted_volume(&self, node: &str, uid: &str, volume: &str) -> Option<Backing>;

    /// The node's machine, to change (its disk, mounts, static pods' statuses).
    fn machine_mut(&mut self, node: &str) -> Option<&mut NodeMachine>;

    /// Whether the reaction under way changed nothing so far (`quiet.rs`) …
    fn noop(&self) -> bool;

    /// … and the kubelet's word on it.
    fn set_noop(&mut self, noop: bool);

    /// An object from kube-apiserver's watch cache, shared.
    fn api_object_shared(&self, key: &ObjectKey) -> Option<std::sync::Arc<crate::Obj>>;

    /// The objects of one resource in kube-apiserver's watch cache (a LIST).
    fn api_list<'a>(&'a self, group: &'static str, resource: &'static str, namespace: Option<&'a str>) -> Box<dyn Iterator<Item = (&'a ObjectKey, &'a Slot)> + 'a>;
}

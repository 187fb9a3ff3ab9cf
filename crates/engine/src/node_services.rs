//! What a node's kubelet may ask of the rest of its node, besides what every component has
//! ([`crate::component::Cx`]): containerd's CRI (its calls, and its state read as CRI's
//! `List`/`Status` calls answer it), the machine (its disk, facts and manifest directory), and
//! the engine's bookkeeping of quiet stretches. The engine implements it (`node_host.rs`); the
//! kubelet reaches it through `Cx::node()`, so it names no other component's state.
//!
//! Every method takes the node's name: one engine serves every node's kubelet.

use crate::containerd::cri::CriError;
use crate::kubelet::NodeMachine;
use crate::store::ObjectKey;
use crate::trace::ObjectRef;
use crate::Slot;

pub(crate) trait NodeServices {
    /// The node's machine, read: containerd's containers and images, the disk, the facts.
    fn machine(&self, node: &str) -> Option<&NodeMachine>;

    /// What a GET of `key` from kube-apiserver's watch cache answers (not traced: the
    /// kubelet's reads of its Node and Lease are not reactions).
    fn api_object(&self, key: &ObjectKey) -> Option<&Slot>;

    /// Is the node cut off from the control plane (`podlife node down`)?
    fn cut_off(&self, node: &str) -> bool;

    /// Starts collecting the TaskExit events of the node's containers for a CRI call of its
    /// kubelet; false when a call is already collecting them (a call inside another).
    fn task_exits_begin(&mut self, node: &str) -> bool;

    /// The pod uids of the containers that ended since `task_exits_begin`, in order.
    fn task_exits_end(&mut self, node: &str) -> Vec<String>;

    /// A system program (kube-proxy, local-path-provisioner) whose container just ended stops
    /// its component.
    fn node_program_exited(&mut self, node: &str);

    /// CRI `RemoveContainer`.
    fn cri_remove_container(&mut self, node: &str, object: Option<ObjectRef>, id: &str, name: &str) -> Result<(), CriError>;

    /// Something happened to pod `uid` (`quiet.rs`: its quiet-stretch answers are stale).
    fn touch_pod(&mut self, uid: &str);
}

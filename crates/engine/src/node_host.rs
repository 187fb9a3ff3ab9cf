//! The engine's side of [`NodeServices`]: what a node's kubelet asks of containerd, the
//! machine and the engine's bookkeeping, routed to them.

use crate::containerd::cri::CriError;
use crate::kubelet::NodeMachine;
use crate::node_services::NodeServices;
use crate::store::ObjectKey;
use crate::trace::ObjectRef;
use crate::Slot;
use crate::Engine;

impl NodeServices for Engine {
    fn machine(&self, node: &str) -> Option<&NodeMachine> {
        self.machines.get(node).map(|m| &**m)
    }

    fn api_object(&self, key: &ObjectKey) -> Option<&Slot> {
        self.store.get(key)
    }

    fn cut_off(&self, node: &str) -> bool {
        self.node_down(node)
    }

    fn task_exits_begin(&mut self, node: &str) -> bool {
        match self.runtime_mut(node) {
            Some(rt) if rt.task_exits.is_none() => {
                rt.task_exits = Some(Vec::new());
                true
            }
            _ => false,
        }
    }

    fn task_exits_end(&mut self, node: &str) -> Vec<String> {
        self.runtime_mut(node).and_then(|rt| rt.task_exits.take()).unwrap_or_default()
    }

    fn node_program_exited(&mut self, node: &str) {
        Engine::node_program_exited(self, node);
    }

    fn cri_remove_container(&mut self, node: &str, object: Option<ObjectRef>, id: &str, name: &str) -> Result<(), CriError> {
        Engine::cri_remove_container(self, node, object, id, name)
    }

    fn touch_pod(&mut self, uid: &str) {
        self.quiet.touch_pod(uid);
    }
}

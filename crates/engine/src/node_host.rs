//! The engine's side of [`NodeServices`] and [`MachineServices`]: what a node's kubelet asks
//! of containerd, the machine and the engine's bookkeeping, and what containerd asks of its
//! machine, shims and runc, routed to them; and how the engine runs a node's containerd.

use crate::clock::Time;
use crate::containerd::exec::ExecRun;
use crate::containerd::fs::Tree;
use crate::containerd::service::{Containerd, Socket};
use crate::cri_api::RuntimeService;
use crate::containerd::{self, TaskEvent};
use crate::machine_services::MachineServices;
use crate::process::{App, Effect};
use crate::volume::backing::Backing;
use crate::machine::NodeMachine;
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

    fn containerd(&mut self, node: &str, call: &mut dyn FnMut(&mut dyn RuntimeService)) -> bool {
        self.run_containerd(node, |daemon, cx| call(&mut Socket { daemon, cx })).is_some()
    }

    fn task_events_begin(&mut self, node: &str) -> bool {
        match self.runtime_mut(node) {
            Some(rt) if rt.task_events.is_none() => {
                rt.task_events = Some(Vec::new());
                true
            }
            _ => false,
        }
    }

    fn task_events_end(&mut self, node: &str) -> Vec<TaskEvent> {
        self.runtime_mut(node).and_then(|rt| rt.task_events.take()).unwrap_or_default()
    }

    fn node_program_exited(&mut self, node: &str) {
        Engine::node_program_exited(self, node);
    }

    fn node_program_started(&mut self, node: &str, argv: &[String]) {
        Engine::node_program_started(self, node, argv);
    }

    fn touch_pod(&mut self, uid: &str) {
        self.quiet.touch_pod(uid);
    }

    fn kubelet_pod(&self, node: &str, namespace: &str, name: &str) -> Option<std::sync::Arc<crate::Obj>> {
        Engine::kubelet_pod(self, node, namespace, name)
    }

    fn kubelet_pod_ref(&self, node: &str, namespace: &str, name: &str) -> Option<&Slot> {
        Engine::kubelet_pod_ref(self, node, namespace, name)
    }

    fn static_pod(&self, node: &str, uid: &str) -> Option<&Slot> {
        Engine::static_pod(self, node, uid)
    }

    fn static_pod_named(&self, node: &str, namespace: &str, name: &str) -> Option<&Slot> {
        Engine::static_pod_named(self, node, namespace, name)
    }

    fn mirror_pod(&self, node: &str, namespace: &str, name: &str) -> Option<std::sync::Arc<crate::Obj>> {
        Engine::mirror_pod(self, node, namespace, name)
    }

    fn cached_object(&self, plural: &str, namespace: &str, name: &str) -> Result<std::sync::Arc<crate::Obj>, String> {
        Engine::cached_object(self, plural, namespace, name)
    }

    fn probe_shell_listener(&mut self, node: &str, uid: &str, port: u16, http: Option<(&str, &str)>) -> Option<Result<(), String>> {
        Engine::probe_shell_listener(self, node, uid, port, http)
    }

    fn istiod_serving(&self) -> bool {
        Engine::istiod_serving(self)
    }

    fn pod_epoch(&self, node: &str, uid: &str) -> u64 {
        Engine::pod_epoch(self, node, uid)
    }

    fn revision(&self) -> u64 {
        self.store.revision()
    }

    fn outside_epoch(&self, node: &str) -> u64 {
        self.quiet.outside_epoch(node)
    }

    fn write_counts(&self) -> crate::store::WriteCounts {
        self.store.write_counts()
    }

    fn count_kubelet_write(&mut self) {
        self.store.count_kubelet_write();
    }

    fn next_seq(&self) -> u64 {
        Engine::next_seq(self)
    }

    fn kubelet_remove_pod_dir(&mut self, node: &str, uid: &str) {
        Engine::kubelet_remove_pod_dir(self, node, uid)
    }

    fn volume_tree(&self, node: &str, backing: &Backing) -> Option<&Tree> {
        Engine::volume_tree(self, node, backing)
    }

    fn volume_tree_mut(&mut self, node: &str, backing: &Backing) -> Option<&mut Tree> {
        Engine::volume_tree_mut(self, node, backing)
    }

    fn mounted_volume(&self, node: &str, uid: &str, volume: &str) -> Option<Backing> {
        Engine::mounted_volume(self, node, uid, volume)
    }

    fn machine_mut(&mut self, node: &str) -> Option<&mut NodeMachine> {
        self.machines.get_mut(node).map(|m| &mut **m)
    }

    fn noop(&self) -> bool {
        self.quiet.noop
    }

    fn set_noop(&mut self, noop: bool) {
        self.quiet.noop = noop;
    }

    fn api_object_shared(&self, key: &ObjectKey) -> Option<std::sync::Arc<crate::Obj>> {
        self.store.get_shared(key)
    }

    fn api_list<'a>(&'a self, group: &'static str, resource: &'static str, namespace: Option<&'a str>) -> Box<dyn Iterator<Item = (&'a ObjectKey, &'a Slot)> + 'a> {
        Box::new(self.store.list(group, resource, namespace))
    }
}

impl MachineServices for Engine {
    fn machine(&self, node: &str) -> Option<&NodeMachine> {
        self.machines.get(node).map(|m| &**m)
    }

    fn machine_mut(&mut self, node: &str) -> Option<&mut NodeMachine> {
        self.machines.get_mut(node).map(|m| &mut **m)
    }

    fn signal(&mut self, node: &str, container_id: &str, sig: i32, object: Option<ObjectRef>) {
        self.send_signal(node, container_id, sig, object);
    }

    fn cpu_reshare(&mut self, node: &str) {
        Engine::cpu_reshare(self, node);
    }

    fn task_event(&mut self, node: &str, event: TaskEvent) {
        Engine::task_event(self, node, event);
    }

    fn exec_form_script(&mut self, node: &str, container_id: &str, path: &str) -> Option<Result<(), String>> {
        Engine::exec_form_script(self, node, container_id, path)
    }

    fn prepare_program(&mut self, node: &str, container_id: &str, spec: &Slot, app: App) -> App {
        Engine::prepare_program(self, node, container_id, spec, app)
    }

    fn process_timer(&mut self, node: &str, container_id: &str, generation: u64, at: Time, timer: crate::process::Timer) {
        self.schedule(at, crate::Task::Process { node: node.to_string(), container: container_id.to_string(), generation, timer });
    }

    fn start_shell(&mut self, node: &str, container_id: &str, argv: &[String], image_ref: &str, env: &[(String, String)], pid: u32) {
        let mut shell = self.shell_process(argv, image_ref, env);
        shell.set_pid(pid);
        if let Some(p) = self.runtime_mut(node).and_then(|rt| rt.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) {
            p.shell = Some(shell);
        }
        self.shell_run(node, container_id);
    }

    fn apply_effects(&mut self, node: &str, container_id: &str, generation: u64, effects: Vec<Effect>) {
        Engine::apply_effects(self, node, container_id, generation, effects);
    }

    fn exec(&mut self, node: &str, uid: &str, container: &str, argv: &[String], stdin: Option<&str>, limit_ms: u64) -> Result<ExecRun, String> {
        self.exec_with_stdin(node, uid, container, argv, stdin, limit_ms)
    }
}

impl Engine {
    /// Runs `f` on node `node`'s containerd, taken out of its slot meanwhile (None: the node
    /// has none, or it is running already). What happens to containers meanwhile reaches the
    /// kubelet when it returns, unless a CRI call of the kubelet collects it.
    pub(crate) fn run_containerd<R>(&mut self, node: &str, f: impl FnOnce(&mut Containerd, &mut containerd::service::Cx<'_>) -> R) -> Option<R> {
        let (me, mut state, collects) = self.containerd_take(node)?;
        let result = f(&mut state, &mut crate::component::Cx::new(self, me));
        self.containerd_put(node, state, collects);
        Some(result)
    }

    /// Node `node`'s containerd out of its slot, with its index in the component table and
    /// whether this run collects the task events (none collects them yet). (`run_containerd`'s
    /// work that does not depend on what runs: compiled once.)
    fn containerd_take(&mut self, node: &str) -> Option<(usize, Box<Containerd>, bool)> {
        let me = self.node_component("containerd", node)?;
        let slot = self.containerds.get_mut(node)?;
        debug_assert!(slot.get().is_some(), "node {node}'s containerd runs inside itself");
        let state = slot.take()?;
        let rt = self.runtime_mut(node);
        let collects = rt.as_ref().is_some_and(|rt| rt.task_events.is_none());
        if collects && let Some(rt) = rt {
            rt.task_events = Some(Vec::new());
        }
        Some((me, state, collects))
    }

    /// … back in its slot, and the events it collected on their way to the kubelet.
    fn containerd_put(&mut self, node: &str, state: Box<Containerd>, collects: bool) {
        if let Some(slot) = self.containerds.get_mut(node) {
            slot.put(state);
        }
        if collects {
            for event in self.runtime_mut(node).and_then(|rt| rt.task_events.take()).unwrap_or_default() {
                self.deliver_task_event(node, event);
            }
        }
    }
}

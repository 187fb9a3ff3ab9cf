//! The engine's side of [`NodeServices`]: what a node's kubelet asks of containerd, the
//! machine and the engine's bookkeeping, routed to them.

use crate::clock::Time;
use crate::containerd::cri::{CreateContainer, CriError};
use crate::containerd::fs::Tree;
use crate::containerd::exec::ExecRun;
use crate::containerd::{NodeImage, TaskEvent};
use crate::registry::ImageRef;
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

    fn cri_remove_container(&mut self, node: &str, object: Option<ObjectRef>, id: &str, name: &str) -> Result<(), CriError> {
        Engine::cri_remove_container(self, node, object, id, name)
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

    fn exec_in_container(&mut self, node: &str, uid: &str, container: &str, argv: &[String], limit_ms: u64) -> Result<ExecRun, String> {
        Engine::exec_in_container(self, node, uid, container, argv, limit_ms)
    }

    fn exec_with_stdin(&mut self, node: &str, uid: &str, container: &str, argv: &[String], stdin: Option<&str>, limit_ms: u64) -> Result<ExecRun, String> {
        Engine::exec_with_stdin(self, node, uid, container, argv, stdin, limit_ms)
    }


    fn cri_remove_pod(&mut self, node: &str, pod_uid: &str) {
        Engine::cri_remove_pod(self, node, pod_uid)
    }

    fn cri_update_pod_sandbox_resources(&mut self, node: &str, pod: &Slot) -> Result<(), CriError> {
        Engine::cri_update_pod_sandbox_resources(self, node, pod)
    }

    fn cri_update_container_resources(&mut self, node: &str, pod: &Slot, container_id: &str, name: &str, resources: &Slot) -> Result<(), CriError> {
        Engine::cri_update_container_resources(self, node, pod, container_id, name, resources)
    }

    fn cri_stop_pod_sandbox(&mut self, node: &str, pod: &Slot, sandbox_id: &str) -> Result<(), CriError> {
        Engine::cri_stop_pod_sandbox(self, node, pod, sandbox_id)
    }

    fn cri_stop_container(&mut self, node: &str, pod: &Slot, container_id: &str, timeout_s: i64) -> Result<(), CriError> {
        Engine::cri_stop_container(self, node, pod, container_id, timeout_s)
    }

    fn cri_start_container(&mut self, node: &str, pod: &Slot, container_id: &str, spec: &Slot, image: &NodeImage) -> Result<(), CriError> {
        Engine::cri_start_container(self, node, pod, container_id, spec, image)
    }

    fn cri_run_pod_sandbox(&mut self, node: &str, pod: &Slot, attempt: u32) -> Result<String, CriError> {
        Engine::cri_run_pod_sandbox(self, node, pod, attempt)
    }

    fn cri_create_container(&mut self, node: &str, pod: &Slot, req: CreateContainer<'_>) -> Result<String, CriError> {
        Engine::cri_create_container(self, node, pod, req)
    }

    fn cri_cancel_stop(&mut self, node: &str, container_id: &str) {
        Engine::cri_cancel_stop(self, node, container_id)
    }

    fn cri_pull_volume_image(&mut self, node: &str, reference: &ImageRef) {
        Engine::cri_pull_volume_image(self, node, reference)
    }

    fn cri_pull_image_queued(&mut self, node: &str, object: Option<ObjectRef>, image: &str, reference: &ImageRef, started: Time, up: bool) {
        Engine::cri_pull_image_queued(self, node, object, image, reference, started, up)
    }

    fn cri_pull_image_failed(&mut self, node: &str, object: Option<ObjectRef>, image: &str, text: &str) {
        Engine::cri_pull_image_failed(self, node, object, image, text)
    }

    fn cri_image_pulled(&mut self, node: &str, object: Option<ObjectRef>, image: &str, started: Time) -> u64 {
        Engine::cri_image_pulled(self, node, object, image, started)
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

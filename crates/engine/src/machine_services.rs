//! What a node's containerd may ask of the rest of its machine, besides what every component
//! has ([`crate::component::Cx`]): the machine's state (containerd's metadata and the CRI
//! plugin's records live on the node's disk, so they outlive the daemon: it recovers them when
//! it starts), and what its shims, runc and the kernel do — start a container's process, signal
//! it, share the node's CPUs again, set a process's timer, run an exec. The engine implements
//! it (`node_host.rs`); containerd reaches it through `Cx::machine()`, so it names no other
//! component's state.
//!
//! Every method takes the node's name: one engine serves every node.

use crate::clock::Time;
use crate::containerd::exec::ExecRun;
use crate::containerd::TaskEvent;
use crate::machine::NodeMachine;
use crate::process::{App, Effect};
use crate::trace::ObjectRef;
use crate::Slot;

pub(crate) trait MachineServices {
    /// The node's machine, read.
    fn machine(&self, node: &str) -> Option<&NodeMachine>;

    /// The node's machine, to change.
    fn machine_mut(&mut self, node: &str) -> Option<&mut NodeMachine>;

    /// The shim's `kill`: signal `sig` to a container's PID 1.
    fn signal(&mut self, node: &str, container_id: &str, sig: i32, object: Option<ObjectRef>);

    /// The kernel shares the node's CPUs among its running processes again.
    fn cpu_reshare(&mut self, node: &str);

    /// What happened to a container's task, published for the kubelet.
    fn task_event(&mut self, node: &str, event: TaskEvent);

    /// The kernel's look at an exec-form command that names a script (`#!` and its mode).
    fn exec_form_script(&mut self, node: &str, container_id: &str, path: &str) -> Option<Result<(), String>>;

    /// What a program reads at start (its configuration, the pod's network).
    fn prepare_program(&mut self, node: &str, container_id: &str, spec: &Slot, app: App) -> App;

    /// A timer of a container's process, due at `at`.
    fn process_timer(&mut self, node: &str, container_id: &str, generation: u64, at: Time, timer: crate::process::Timer);

    /// The container's PID 1 is the interpreted shell running `argv`: it starts.
    fn start_shell(&mut self, node: &str, container_id: &str, argv: &[String], image_ref: &str, env: &[(String, String)], pid: u32);

    /// Carries out what a container's process asked for (timers, log lines, its exit).
    fn apply_effects(&mut self, node: &str, container_id: &str, generation: u64, effects: Vec<Effect>);

    /// The shim runs a process in a container's namespaces (`ExecSync`, `Exec`).
    fn exec(&mut self, node: &str, uid: &str, container: &str, argv: &[String], stdin: Option<&str>, limit_ms: u64) -> Result<ExecRun, String>;
}

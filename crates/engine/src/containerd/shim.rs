//! The shims', runc's and the kernel's side of a container's task: a process's effects and
//! timers, its exit (the shim's TaskExit), the signals the shim sends it, and how its events
//! reach the kubelet. The machine's, not containerd's: a shim outlives the daemon.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::Engine;
use crate::containerd::{ContainerState, Runtime};
use crate::process::{self, Effect, Timer};
use crate::trace::{Action, ComponentRef, ObjectRef};

impl Engine {
    pub(crate) fn node_trace(&mut self, component: &str, node: &str, action: Action, object: Option<ObjectRef>, params: BTreeMap<String, Value>) {
        self.record(ComponentRef::on_node(component, node), action, object, params, vec![]);
    }

    pub(crate) fn runtime_mut(&mut self, node: &str) -> Option<&mut Runtime> {
        self.machines.get_mut(node).map(|m| &mut m.runtime)
    }


    /// Carries out what a process asked for.
    pub(crate) fn apply_effects(&mut self, node: &str, container_id: &str, generation: u64, effects: Vec<Effect>) {
        let now = self.now;
        for e in effects {
            match e {
                Effect::Timer { after_ms, timer } => self.schedule(now.plus_millis(after_ms), crate::Task::Process { node: node.to_string(), container: container_id.to_string(), generation, timer }),
                Effect::Log { stream, line } => {
                    if let Some(c) = self.runtime_mut(node).and_then(|rt| rt.containers.get_mut(container_id)) {
                        let line = crate::process::servers::stamp_line(&line, now);
                        c.log.append(now, stream, line);
                    }
                }
                Effect::Exit { code } => {
                    if !self.shell_child_exited(node, container_id, code) {
                        self.container_exited(node, container_id, code, None);
                    }
                    return;
                }
            }
        }
    }

    /// A process timer fires (ignored if the container moved on).
    pub(crate) fn process_timer(&mut self, node: &str, container_id: &str, generation: u64, timer: Timer) {
        let Some(c) = self.runtime_mut(node).and_then(|rt| rt.containers.get_mut(container_id)) else { return };
        if c.generation != generation || c.state != ContainerState::Running {
            return;
        }
        if timer == Timer::OutOfMemory {
            self.container_exited(node, container_id, 137, Some("OOMKilled"));
            return;
        }
        if let Timer::ShellResume { wake } = timer {
            if c.process.as_ref().is_some_and(|p| p.wake == wake && !p.child) {
                self.shell_run(node, container_id);
            }
            return;
        }
        let Some(p) = c.process.as_mut() else { return };
        let effects = p.on_timer(&timer);
        self.apply_effects(node, container_id, generation, effects);
    }

    /// The process of a container ended: the shim reaps it and reports the exit to
    /// containerd (the TaskExit event); PLEG notices at its next relist.
    pub(crate) fn container_exited(&mut self, node: &str, container_id: &str, code: i32, reason: Option<&str>) {
        let now = self.now;
        let Some(rt) = self.runtime_mut(node) else { return };
        rt.containers_changed += 1;
        let Some(c) = rt.containers.get_mut(container_id) else { return };
        if c.state != ContainerState::Running {
            return;
        }
        c.state = ContainerState::Exited;
        c.finished_at = Some(now);
        c.exit_code = code;
        // containerd's CRI plugin: OOM from the cgroup event, else Completed / Error.
        c.reason = reason.map(str::to_string).unwrap_or_else(|| if code == 0 { "Completed".into() } else { "Error".into() });
        c.pid = 0;
        c.generation += 1;
        let (name, pod_uid) = (c.name.clone(), c.pod_uid.clone());
        let reason_text = c.reason.clone();
        let had_cpu = c.cpu.demand > 0 || c.cpu.rate > 0;
        rt.log(now, format!("TaskExit event container_id:\"{container_id}\" exit_status:{code}"));
        let object = rt.pod_of(container_id);
        self.node_trace("containerd-shim", node, Action::Shim, object, crate::sort::map_of([
            ("op".to_string(), json!("exit")),
            ("container".to_string(), json!(name)),
            ("exitCode".to_string(), json!(code)),
            ("reason".to_string(), json!(reason_text)),
            ("podUID".to_string(), json!(pod_uid)),
        ]));
        if had_cpu {
            self.cpu_reshare(node);
        }
        self.task_event(node, super::TaskEvent::Exit { pod_uid });
    }

    /// What happened to a container's task, for the kubelet: collected while one of its CRI
    /// calls runs (it learns them when the call returns, `Kubelet::cri`), else handed to it at
    /// once; with no kubelet, the node still starts or stops a system program's component.
    pub(crate) fn task_event(&mut self, node: &str, event: super::TaskEvent) {
        if let Some(events) = self.runtime_mut(node).and_then(|rt| rt.task_events.as_mut()) {
            events.push(event);
            return;
        }
        self.deliver_task_event(node, event);
    }

    /// A task event reaches the kubelet now (or, with none running, a system program's
    /// component starts or stops with it).
    pub(crate) fn deliver_task_event(&mut self, node: &str, event: super::TaskEvent) {
        let mut event = Some(event);
        self.run_kubelet(node, |k, cx| {
            if let Some(e) = event.take() {
                k.task_event(cx, e);
            }
        });
        match event {
            Some(super::TaskEvent::Started { argv }) => self.node_program_started(node, &argv),
            Some(super::TaskEvent::Exit { .. }) => self.node_program_exited(node),
            Some(super::TaskEvent::Changed) | None => {}
        }
    }
    /// A signal to a container's PID 1 (the shim's `kill`).
    pub(crate) fn send_signal(&mut self, node: &str, container_id: &str, sig: i32, object: Option<ObjectRef>) {
        let Some(rt) = self.runtime_mut(node) else { return };
        let Some(c) = rt.containers.get_mut(container_id) else { return };
        if c.state != ContainerState::Running {
            return;
        }
        let generation = c.generation;
        let name = c.name.clone();
        if sig == process::SIGKILL {
            self.node_trace("runc", node, Action::Signal, object, crate::sort::map_of([("container".to_string(), json!(name)), ("signal".to_string(), json!("SIGKILL")), ("disposition".to_string(), json!("killed"))]));
            self.container_exited(node, container_id, 137, None);
            return;
        }
        let is_shell = c.process.as_ref().is_some_and(|p| p.shell.is_some());
        if is_shell {
            let disposition = self.shell_signal(node, container_id, sig).unwrap_or(process::Disposition::Ignored);
            self.signal_trace(node, object, &name, sig, disposition);
            return;
        }
        let Some(p) = c.process.as_mut() else { return };
        let pid1 = p.pid == 1;
        let (disposition, effects) = p.signal(sig, pid1);
        self.signal_trace(node, object, &name, sig, disposition);
        self.apply_effects(node, container_id, generation, effects);
    }

    fn signal_trace(&mut self, node: &str, object: Option<ObjectRef>, container: &str, sig: i32, disposition: process::Disposition) {
        let text = match disposition {
            process::Disposition::Handled => "handled",
            process::Disposition::IgnoredAsPid1 => "ignored (PID 1 without a handler)",
            process::Disposition::Killed => "killed",
            process::Disposition::Ignored => "ignored",
        };
        self.node_trace("runc", node, Action::Signal, object, crate::sort::map_of([
            ("container".to_string(), json!(container)),
            ("signal".to_string(), json!(process::signal_name(sig))),
            ("disposition".to_string(), json!(text)),
        ]));
    }
}

//! The CRI calls as containerd serves them on a node, each a reaction in the trace under
//! `containerd` (with CNI, runc and the shim under their own names): RunPodSandbox,
//! CreateContainer, StartContainer, StopContainer, StopPodSandbox, RemoveContainer, and the
//! task-exit path from a container's process back through its shim.
//!
//! The kubelet calls these from its pod worker; each call happens at the moment its work is
//! done (the kubelet schedules the next step after the call's duration).

use crate::Slot;
use std::collections::BTreeMap;

use serde_json::Value;

use super::service::{Containerd, Cx, Timer};
use crate::clock::Time;
use crate::containerd::{Container, ContainerState, NodeImage, Runtime, Sandbox};
use crate::process::{self, App, Process};
use crate::trace::{Action, ObjectRef};

pub use crate::cri_api::{CriError, CONTAINERD_DOWN};
pub(crate) use crate::cri_api::CreateContainer;

/// Namespaces runc creates for a pod's pause container (the sandbox) and joins for its
/// containers; PID is shared only with `shareProcessNamespace`.
const SANDBOX_NAMESPACES: [&str; 4] = ["network", "ipc", "uts", "pid"];

pub(crate) fn pod_ref(pod: &Slot) -> Option<ObjectRef> {
    crate::object_ref(pod, "Pod")
}

impl Containerd {
    pub(super) fn cri_call(&self, cx: &mut Cx<'_>, method: &str, object: Option<ObjectRef>, mut params: BTreeMap<String, Value>) -> Result<(), CriError> {
        let node = self.node.as_str();
        params.insert("method".into(), json!(method));
        let now = cx.now();
        let up = cx.machine().machine(node).is_some_and(|m| m.cri_up(now));
        if !up {
            params.insert("error".into(), json!(CONTAINERD_DOWN));
        }
        cx.record(Action::Cri, object, params, vec![]);
        if up { Ok(()) } else { Err(CONTAINERD_DOWN.to_string()) }
    }

    /// RunPodSandbox: the pause container in new network/IPC/UTS namespaces, then CNI ADD. A
    /// `hostNetwork` pod's sandbox keeps the node's network and UTS namespaces: no CNI call, the
    /// node's address (containerd's `NamespaceMode_NODE`).
    /// `pod_cidr` is the node's `spec.podCIDR` once the node IPAM controller has set it: the
    /// kubelet passes it to the runtime (`UpdateRuntimeConfig`), whose CNI config takes it.
    pub(crate) fn run_pod_sandbox(&mut self, cx: &mut Cx<'_>, pod: &Slot, attempt: u32, pod_cidr: Option<&str>) -> Result<String, CriError> {
        let node = self.node.as_str();
        let object = pod_ref(pod);
        self.cri_call(cx, "RunPodSandbox", object.clone(), crate::sort::map_of([("attempt".to_string(), json!(attempt))]))?;
        // containerd's instrumented CRI service logs each call, then how it ended.
        let metadata = {
            let m = &pod["metadata"];
            format!("&PodSandboxMetadata{{Name:{},Uid:{},Namespace:{},Attempt:{attempt},}}", m["name"].as_str().unwrap_or_default(), m["uid"].as_str().unwrap_or_default(), m["namespace"].as_str().unwrap_or_default())
        };
        let now = cx.now();
        if let Some(rt) = self.runtime(cx) {
            rt.log(now, format!("RunPodSandbox for {metadata}"));
        }
        let id = cx.rng().hex(64);
        let shared_pid = pod["spec"]["shareProcessNamespace"] == true;
        let host_network = pod["spec"]["hostNetwork"] == true;
        let host_ip = cx.machine().machine(node).map(|m| m.facts.host_ip.clone()).unwrap_or_default();
        let now = cx.now();
        // The kubelet's user namespace manager: a free slot of 65536 IDs picked at random
        // (`AllocateNext`'s random scan) above the first 65536 (`GetKubeletMappings`' default
        // range 65536 .. 2^32 when /etc/subuid names no kubelet user). podlife starts the scan
        // at a slot derived from the pod's UID, so the engine's random stream is untouched.
        let userns = if pod["spec"]["hostUsers"] == false {
            let used: Vec<u32> = cx.machine().machine(node).map(|m| m.runtime.sandboxes.values().filter_map(|s| s.userns).collect()).unwrap_or_default();
            let start = (u64::from_str_radix(&crate::rng::hex_of(pod["metadata"]["uid"].as_str().unwrap_or_default(), 8), 16).unwrap_or(0) % 65_535) as u32;
            Some((0..65_535u32).map(|i| ((start + i) % 65_535 + 1) * 65_536).find(|f| !used.contains(f)).unwrap_or(65_536))
        } else {
            None
        };
        let Some(rt) = self.runtime(cx) else { return Err("no runtime".into()) };
        if let Some(c) = pod_cidr {
            rt.ipam.set_range(c);
        }
        let pause_pid = rt.next_pid();
        let host_namespaces = super::namespaces::HostNamespaces::of(pod);
        let host_ns = rt.host_namespaces;
        let namespaces = super::namespaces::sandbox(&mut rt.inodes, &host_ns, host_namespaces);
        let ip = if host_network { Ok(host_ip) } else { rt.ipam.allocate() };
        let gateway = rt.ipam.gateway();
        let ip = match ip {
            Ok(ip) => ip,
            Err(e) => {
                let msg = format!("rpc error: code = Unknown desc = failed to setup network for sandbox \"{id}\": plugin type=\"bridge\" failed (add): {e}");
                rt.log_error(now, format!("RunPodSandbox for {metadata} failed, error"), &msg);
                cx.record_as("cni", Action::Cni, object, crate::sort::map_of([("command".to_string(), json!("ADD")), ("error".to_string(), json!(e.to_string()))]));
                return Err(msg);
            }
        };
        let meta = &pod["metadata"];
        let pod_cgroup = super::cgroups::PodCgroup::for_pod(pod);
        let sandbox = Sandbox {
            pod_cgroup: pod_cgroup.clone(),
            id: id.clone(),
            pod_uid: meta["uid"].as_str().unwrap_or_default().to_string(),
            pod_name: meta["name"].as_str().unwrap_or_default().to_string(),
            namespace: meta["namespace"].as_str().unwrap_or_default().to_string(),
            attempt,
            ready: true,
            ip: Some(ip.clone()),
            created_at: now,
            pause_pid,
            shared_pid_namespace: shared_pid,
            runtime_handler: "runc".into(),
            capture: None,
            namespaces,
            host_namespaces,
            shm: super::fs::Tree::default(),
            shm_segments: Vec::new(),
            etc: super::fs::Tree::default(),
            mac: mac_from(&id),
            // A `hostNetwork` sandbox has no veth pair.
            userns,
            veth_index: if host_network {
                0
            } else {
                rt.last_ifindex += 1;
                rt.last_ifindex
            },
        };
        rt.sandboxes.insert(id.clone(), Box::new(sandbox));
        rt.log(now, format!("RunPodSandbox for {metadata} returns sandbox id \"{id}\""));
        let namespaces: Vec<&str> = SANDBOX_NAMESPACES.iter().copied().filter(|n| (*n != "pid" || shared_pid) && !(host_network && matches!(*n, "network" | "uts"))).collect();
        let mut params = crate::sort::map_of([
            ("op".to_string(), json!("run")),
            ("container".to_string(), json!("pause")),
            ("image".to_string(), json!(super::PAUSE_IMAGE)),
            ("pid".to_string(), json!(pause_pid)),
            ("namespaces".to_string(), json!(namespaces)),
            ("cgroup".to_string(), json!(cgroup_parent(pod))),
        ]);
        // A pod with pod-level resources: the pod cgroup's own limits are what bind it.
        if pod_cgroup.pod_level {
            params.insert("cpu.max".to_string(), json!(pod_cgroup.cpu_max()));
            params.insert("memory.max".to_string(), json!(pod_cgroup.memory_max()));
        }
        cx.record_as("runc", Action::Runc, object.clone(), params);
        if !host_network {
            cx.record_as("cni", Action::Cni, object, crate::sort::map_of([
                ("command".to_string(), json!("ADD")),
                ("ip".to_string(), json!(ip)),
                ("gateway".to_string(), json!(gateway)),
                ("sandbox".to_string(), json!(short(&id))),
            ]));
        }
        Ok(id)
    }

    /// CreateContainer: runc's bundle for the container in the sandbox's namespaces.
    pub(crate) fn create_container(&mut self, cx: &mut Cx<'_>, pod: &Slot, req: CreateContainer<'_>) -> Result<String, CriError> {
        let node = self.node.as_str();
        let CreateContainer { sandbox_id, spec, attempt: restart_count, image, env } = req;
        let name = spec["name"].as_str().unwrap_or_default().to_string();
        let object = pod_ref(pod);
        self.cri_call(cx, "CreateContainer", object, crate::sort::map_of([("container".to_string(), json!(name)), ("attempt".to_string(), json!(restart_count))]))?;
        let id = cx.rng().hex(64);
        let now = cx.now();
        if let Some(rt) = self.runtime(cx) {
            rt.log(now, format!("CreateContainer within sandbox \"{sandbox_id}\" for container &ContainerMetadata{{Name:{name},Attempt:{restart_count},}}"));
        }
        let image_name = image.repo_tags.first().cloned().unwrap_or_else(|| spec["image"].as_str().unwrap_or_default().to_string());
        let image_ref = image.repo_digests.first().cloned().unwrap_or_else(|| image.id.clone());
        let machine = cx.machine().machine(node);
        let loaded = machine.map(|m| &m.apparmor);
        let disk = machine.map(|m| &m.disk);
        let profiles = super::apparmor::applied(&pod["spec"], spec, loaded.unwrap_or(&Default::default())).and_then(|a| {
            let seccomp = super::seccomp::applied(&pod["spec"], spec, |path| disk.and_then(|d| d.read(path))).map_err(|e| format!("failed to generate container {id:?} spec: {e}"))?;
            Ok((a, seccomp))
        });
        let (apparmor, seccomp) = match profiles {
            Ok(p) => p,
            Err(e) => {
                if let Some(rt) = self.runtime(cx) {
                    rt.log_error(now, format!("CreateContainer within sandbox \"{sandbox_id}\" for &ContainerMetadata{{Name:{name},Attempt:{restart_count},}} failed"), &e);
                }
                return Err(e);
            }
        };
        let user = Some(super::shellproc::credentials_of(pod, &name, &image_name));
        let Some(rt) = self.runtime(cx) else { return Err("no runtime".into()) };
        let shim_pid = rt.next_pid();
        rt.containers_changed += 1;
        rt.containers.insert(id.clone(), Box::new(Container {
            id: id.clone(),
            sandbox_id: sandbox_id.to_string(),
            pod_uid: pod["metadata"]["uid"].as_str().unwrap_or_default().to_string(),
            name: name.clone(),
            attempt: restart_count,
            image: spec["image"].as_str().unwrap_or_default().to_string(),
            image_id: image_ref,
            image_ref: image_name,
            state: ContainerState::Created,
            created_at: now,
            started_at: None,
            finished_at: None,
            exit_code: 0,
            reason: String::new(),
            message: String::new(),
            pid: 0,
            shim_pid,
            process: None,
            generation: 0,
            log: Default::default(),
            restart_count,
            rootfs: super::fs::Tree::default(),
            apparmor,
            seccomp_blocks_exec: seccomp.is_some_and(|s| s.blocks_exec),
            env,
            user,
            namespaces: super::namespaces::Namespaces::default(),
            cgroup: None,
            cpu: Default::default(),
        }));
        rt.log(now, format!("CreateContainer within sandbox \"{sandbox_id}\" for &ContainerMetadata{{Name:{name},Attempt:{restart_count},}} returns container id \"{id}\""));
        Ok(id)
    }

    /// UpdateContainerResources (in-place resize): runc rewrites the container's cgroup
    /// files; a new CFS quota changes its CPU share at once.
    pub(crate) fn update_container_resources(&mut self, cx: &mut Cx<'_>, pod: &Slot, container_id: &str, name: &str, resources: &Slot) -> Result<(), CriError> {
        let node = self.node.as_str();
        let object = pod_ref(pod);
        self.cri_call(cx, "UpdateContainerResources", object.clone(), crate::sort::map_of([("container".to_string(), json!(name)), ("id".to_string(), json!(short(container_id)))]))?;
        let now = cx.now();
        let Some(rt) = self.runtime(cx) else { return Err("no runtime".into()) };
        let Some(c) = rt.containers.get_mut(container_id) else { return Err(format!("container \"{container_id}\" not found")) };
        let Some(cgroup) = c.cgroup.as_mut() else { return Ok(()) };
        cgroup.update(&resources.to_value(), &crate::resources::runtime_container_resources(&pod["spec"], resources));
        let (quota, memory_max, cpu_max) = (cgroup.quota_milli(), cgroup.memory_max(), cgroup.cpu_max());
        c.cpu.settle(now);
        c.cpu.quota = quota;
        rt.containers_changed += 1;
        cx.record_as("runc", Action::Runc, object, crate::sort::map_of([("op".to_string(), json!("update")), ("container".to_string(), json!(name)), ("cpu.max".to_string(), json!(cpu_max)), ("memory.max".to_string(), json!(memory_max))]));
        cx.machine().cpu_reshare(node);
        Ok(())
    }

    /// The pod cgroup rewritten for a pod-level resize: the kubelet's pod container manager
    /// writes the new `cpu.weight`, `cpu.max` and `memory.max` (`SetPodCgroupConfig`) and tells
    /// the runtime (`UpdatePodSandboxResources`, CRI v1 since 1.33). Only pods with pod-level
    /// resources: podlife keeps no pod cgroup otherwise.
    pub(crate) fn update_pod_sandbox_resources(&mut self, cx: &mut Cx<'_>, pod: &Slot) -> Result<(), CriError> {
        let node = self.node.as_str();
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        let want = super::cgroups::PodCgroup::for_pod(pod);
        let Some(sandbox_id) = cx.machine().machine(node).and_then(|m| m.runtime.ready_sandbox(&uid)).filter(|s| s.pod_cgroup != want && (s.pod_cgroup.pod_level || want.pod_level)).map(|s| s.id.clone()) else { return Ok(()) };
        let object = pod_ref(pod);
        self.cri_call(cx, "UpdatePodSandboxResources", object.clone(), crate::sort::map_of([("sandbox".to_string(), json!(short(&sandbox_id)))]))?;
        let Some(rt) = self.runtime(cx) else { return Err("no runtime".into()) };
        if let Some(s) = rt.sandboxes.get_mut(&sandbox_id) {
            s.pod_cgroup = want.clone();
        }
        rt.containers_changed += 1;
        cx.record_as("runc", Action::Runc, object, crate::sort::map_of([
            ("op".to_string(), json!("update")),
            ("container".to_string(), json!("pod")),
            ("cpu.max".to_string(), json!(want.cpu_max())),
            ("memory.max".to_string(), json!(want.memory_max())),
        ]));
        cx.machine().cpu_reshare(node);
        Ok(())
    }

    /// StartContainer: the shim starts, runc creates the process in the sandbox's namespaces
    /// (its own PID namespace unless the pod shares one) and execs the argv.
    pub(crate) fn start_container(&mut self, cx: &mut Cx<'_>, pod: &Slot, container_id: &str, spec: &Slot, image: &NodeImage) -> Result<(), CriError> {
        let node = self.node.as_str();
        let object = pod_ref(pod);
        let name = spec["name"].as_str().unwrap_or_default().to_string();
        self.cri_call(cx, "StartContainer", object.clone(), crate::sort::map_of([("container".to_string(), json!(name)), ("id".to_string(), json!(short(container_id)))]))?;
        let now = cx.now();
        if let Some(rt) = self.runtime(cx) {
            rt.log(now, format!("StartContainer for \"{container_id}\""));
        }
        // The process's environment, as CreateContainer wrote it into the container's spec.
        let kubelet_env = cx.machine().machine(node).and_then(|m| m.runtime.containers.get(container_id)).map(|c| c.env.clone()).unwrap_or_else(|| container_env(spec));
        let env = oci_env(&super::procfs::uts_hostname(pod, node), Some(image), &kubelet_env);
        let strs = |v: &Slot| v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect::<Vec<_>>()).unwrap_or_default();
        let (entrypoint, cmd): (&[String], &[String]) = match &image.catalog {
            Some(c) => (&c.config.entrypoint, &c.config.cmd),
            None => (&[], &[]),
        };
        let mut argv = process::resolve_argv(&strs(&spec["command"]), &strs(&spec["args"]), entrypoint, cmd, &env);
        // curlimages/curl's ENTRYPOINT /entrypoint.sh (curl-container): `set -- curl "$@"` when the
        // first argument is a flag or no command, then `exec "$@"` — the process is what it execs.
        if argv.first().is_some_and(|a| a == "/entrypoint.sh") && image.catalog.as_deref().is_some_and(|c| c.name.ends_with("curlimages/curl")) {
            argv.remove(0);
            // `command -v "$1"` fails for a URL or host name (podlife: a first word with `.` or `:`).
            if argv.first().is_none_or(|a| a.starts_with('-') || (!a.starts_with('/') && a.contains(['.', ':']))) {
                argv.insert(0, "curl".into());
            }
        }
        let now = cx.now();
        // What the kubelet hands the runtime: the pod-level limits where the container has none.
        let effective = crate::resources::runtime_container_resources(&pod["spec"], &spec["resources"]);
        let memory_limit = effective["limits"]["memory"].as_str().and_then(|q| podlife_model::quantity::Quantity::parse(q).ok()).map(|q| q.value().max(0) as u64).filter(|b| *b != 0);
        // A shell script named by its path (`command: ["/scripts/run.sh"]`): the kernel runs
        // its interpreter if the file's mode lets it.
        let image_ref = image.repo_tags.first().cloned().unwrap_or_default();
        let script = match argv.first() {
            Some(path) if path.starts_with('/') && !SHELL_RUN.contains(&path.rsplit('/').next().unwrap_or_default()) => cx.machine().exec_form_script(node, container_id, path),
            _ => None,
        };
        // Shells and the applets a shell runs itself start as the interpreted shell; other
        // programs as their model; a program the image does not have fails in runc.
        let base = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a).to_string()).unwrap_or_default();
        // A bare shell on an open stdin (`stdin: true`) waits for input instead of exiting.
        let interactive = spec["stdin"] == true && argv.len() == 1 && matches!(base.as_str(), "sh" | "ash" | "bash");
        let available = !crate::shell::image_specific(&base) || super::shellproc::image_has_program(&image_ref, &base);
        let by_shell = ((SHELL_RUN.contains(&base.as_str()) && available) || script == Some(Ok(()))) && !interactive;
        let blocked = cx.machine().machine(node).and_then(|m| m.runtime.containers.get(container_id)).is_some_and(|c| c.seccomp_blocks_exec);
        let chosen = if blocked {
            // runc's execve under a filter that refuses it (`linux.Exec`'s PathError).
            Err(format!("exec {}: operation not permitted", argv.first().cloned().unwrap_or_default()))
        } else if let Some(Err(text)) = script {
            Err(text)
        } else if interactive {
            Ok(App::interactive_shell())
        } else if argv.is_empty() && image.catalog.is_none() {
            // An image only named in a Node's `status.images`: its config is unknown, so its
            // default command is taken to be a program that runs until stopped.
            Ok(App::server(vec![]))
        } else if by_shell {
            Ok(App::idle())
        } else {
            process::program_for(&argv, image.catalog.as_deref(), &env)
        };
        // Programs that read files at start (a proxy's configuration, a server's certificates)
        // or set up the pod's network read them now.
        let chosen = chosen.map(|app| cx.machine().prepare_program(node, container_id, spec, app));
        let Some(rt) = self.runtime(cx) else { return Err("no runtime".into()) };
        let Some(sandbox) = rt.sandboxes.values().find(|s| rt.containers.get(container_id).is_some_and(|c| c.sandbox_id == s.id)).cloned() else {
            return Err(format!("rpc error: code = NotFound desc = failed to find container {container_id:?}"));
        };
        let program = match chosen {
            Ok(app) => app,
            Err(text) => {
                // runc could not exec the process: the container ends at once with StartError.
                let message = format!("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: {text}: unknown");
                rt.containers_changed += 1;
                if let Some(c) = rt.containers.get_mut(container_id) {
                    c.state = ContainerState::Exited;
                    c.started_at = Some(Time(0));
                    c.finished_at = Some(now);
                    c.exit_code = 128;
                    c.reason = "StartError".into();
                    c.message = message.clone();
                }
                rt.log_error(now, format!("StartContainer for \"{container_id}\" failed"), &message);
                cx.record_as("runc", Action::Runc, object, crate::sort::map_of([("op".to_string(), json!("create")), ("container".to_string(), json!(name)), ("error".to_string(), json!(text))]));
                cx.machine().task_event(node, super::TaskEvent::Changed);
                return Err(format!("rpc error: code = Unknown desc = {message}"));
            }
        };
        let pid = rt.next_pid();
        let host_ns = rt.host_namespaces;
        let mut namespaces = super::namespaces::container(&mut rt.inodes, &host_ns, &sandbox.namespaces, sandbox.shared_pid_namespace, sandbox.host_namespaces);
        // An ephemeral container's `targetContainerName`: the kubelet asks for
        // `NamespaceMode_TARGET`, and containerd joins the target's PID namespace.
        if let Some(target) = spec["targetContainerName"].as_str().filter(|t| !t.is_empty())
            && let Some(t) = rt.containers.values().find(|c| c.sandbox_id == sandbox.id && c.name == target && c.state == ContainerState::Running)
        {
            namespaces.pid = t.namespaces.pid;
        }
        // What the runtime reports back (the cgroup keeps it as JSON).
        let cgroup = super::cgroups::Cgroup::with_resources(&cgroup_parent(pod), container_id, &effective, &spec["resources"].to_value());
        let pid_in_container = if sandbox.shared_pid_namespace { 1 + rt.containers.values().filter(|c| c.sandbox_id == sandbox.id && c.state == ContainerState::Running).count() as u32 + 1 } else { 1 };
        // A program podlife does not understand: the trace says how it is treated.
        let unknown = if by_shell { None } else { program.unknown };
        let mut proc = Process::new(argv.clone(), pid_in_container, now, program);
        let effects = if by_shell { vec![] } else { proc.start() };
        // A pod-level memory limit binds the pod's containers together (the pod cgroup's
        // memory.max): this one may only grow into what the others leave of it now. (The
        // others' later growth is not weighed; the container crossing the line is the one
        // killed.)
        let pod_room = Some(&sandbox.pod_cgroup).filter(|g| g.pod_level).and_then(|g| g.memory_limit).map(|limit| {
            let others: u64 = rt
                .containers
                .values()
                .filter(|c| c.sandbox_id == sandbox.id && c.id != container_id && c.state == ContainerState::Running)
                .filter_map(|c| Some(c.process.as_ref()?.app.memory_at(now.0.saturating_sub(c.started_at?.0))))
                .sum();
            limit.saturating_sub(others)
        });
        let memory_limit = match (memory_limit, pod_room) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let oom_at = memory_limit.and_then(|l| proc.exceeds_at(l));
        rt.containers_changed += 1;
        let generation = {
            let Some(c) = rt.containers.get_mut(container_id) else { return Err("container vanished".into()) };
            c.state = ContainerState::Running;
            c.started_at = Some(now);
            c.pid = pid;
            c.process = Some(proc);
            c.namespaces = namespaces;
            c.cpu = super::cpu::CpuAccount::new(now, cgroup.quota_milli());
            c.cgroup = Some(cgroup);
            c.generation += 1;
            c.generation
        };
        rt.log(now, format!("StartContainer for \"{container_id}\" returns successfully"));
        let mut ns = vec!["mnt"];
        if !sandbox.shared_pid_namespace {
            ns.push("pid");
        }
        cx.record_as("containerd-shim", Action::Shim, object.clone(), crate::sort::map_of([("op".to_string(), json!("start")), ("container".to_string(), json!(name))]));
        let mut params = crate::sort::map_of([
            ("op".to_string(), json!("create+start")),
            ("container".to_string(), json!(name)),
            ("argv".to_string(), json!(argv)),
            ("pid".to_string(), json!(pid)),
            ("pidInContainer".to_string(), json!(pid_in_container)),
            ("newNamespaces".to_string(), json!(ns)),
            ("joinsNamespaces".to_string(), json!(SANDBOX_NAMESPACES.iter().copied().filter(|n| (*n != "pid" || sandbox.shared_pid_namespace) && !(sandbox.host_namespaces.network && matches!(*n, "network" | "uts"))).collect::<Vec<&str>>())),
            ("cgroup".to_string(), json!(format!("{}/{}", cgroup_parent(pod), short(container_id)))),
        ]);
        if let Some(treatment) = unknown {
            params.insert("unknownProgram".to_string(), json!(treatment));
        }
        cx.record_as("runc", Action::Runc, object, params);
        if let Some(ms) = oom_at {
            cx.machine().process_timer(node, container_id, generation, now.plus_millis(ms), process::Timer::OutOfMemory);
        }
        if by_shell {
            cx.machine().start_shell(node, container_id, &argv, &image_ref, &env, pid_in_container);
        }
        if cx.machine().machine(node).and_then(|m| m.runtime.containers.get(container_id)).is_some_and(|c| super::cpu::demand_of(c) > 0) {
            cx.machine().cpu_reshare(node);
        }
        cx.machine().apply_effects(node, container_id, generation, effects);
        cx.machine().task_event(node, super::TaskEvent::Started { argv });
        Ok(())
    }


    /// StopContainer(timeout): the stop signal (the image's STOPSIGNAL, else SIGTERM), then
    /// SIGKILL once `timeout_s` pass without an exit; a timeout of 0 kills at once
    /// (containerd's `stopContainer` sends the stop signal only when `timeout > 0`).
    pub(crate) fn stop_container(&mut self, cx: &mut Cx<'_>, pod: &Slot, container_id: &str, timeout_s: i64) -> Result<(), CriError> {
        let node = self.node.as_str();
        let object = pod_ref(pod);
        let name = cx.machine().machine(node).and_then(|m| m.runtime.containers.get(container_id)).map(|c| c.name.clone()).unwrap_or_default();
        self.cri_call(cx, "StopContainer", object.clone(), crate::sort::map_of([("container".to_string(), json!(name)), ("timeout".to_string(), json!(timeout_s))]))?;
        if timeout_s <= 0 {
            cx.machine().signal(node, container_id, process::SIGKILL, object);
            return Ok(());
        }
        let Some(rt) = self.runtime(cx) else { return Ok(()) };
        let stop_signal = {
            let Some(c) = rt.containers.get(container_id) else { return Ok(()) };
            if c.state != ContainerState::Running {
                return Ok(());
            }
            rt.images.values().find(|i| i.id == c.image_id || i.repo_digests.contains(&c.image_id)).and_then(|i| i.catalog.as_ref()).and_then(|c| c.config.stop_signal.as_deref()).and_then(process::signal_number).unwrap_or(process::SIGTERM)
        };
        cx.machine().signal(node, container_id, stop_signal, object);
        let running = self.runtime(cx).and_then(|rt| rt.containers.get(container_id)).filter(|c| c.state == ContainerState::Running).map(|c| c.generation);
        if let Some(generation) = running {
            let request = self.next_stop_request(container_id);
            let at = cx.now().plus_millis((timeout_s.max(0) as u64).saturating_mul(1000));
            cx.after(at, Timer { node: self.node.clone(), container: container_id.to_string(), generation, request });
        }
        Ok(())
    }

    /// The kubelet cancelled a StopContainer in flight (its context): containerd's
    /// `stopContainer` returns without the SIGKILL it was waiting to send
    /// (`internal/cri/server/container_stop.go`: "If the parent context was cancelled").
    pub(crate) fn cancel_stop(&mut self, cx: &mut Cx<'_>, container_id: &str) {
        if self.runtime(cx).is_some_and(|rt| rt.containers.contains_key(container_id)) {
            self.next_stop_request(container_id);
        }
    }


    /// The stop timeout ran out: SIGKILL.
    pub(crate) fn stop_timeout(&mut self, cx: &mut Cx<'_>, container_id: &str, generation: u64, request: u64) {
        let node = self.node.as_str();
        let still = self.latest_stop(container_id, request) && cx.machine().machine(node).and_then(|m| m.runtime.containers.get(container_id)).is_some_and(|c| c.generation == generation && c.state == ContainerState::Running);
        if still {
            let object = cx.machine().machine(node).and_then(|m| m.runtime.pod_of(container_id));
            cx.machine().signal(node, container_id, process::SIGKILL, object);
        }
    }

    /// StopPodSandbox: the pause container stops, CNI DEL gives the IP back.
    pub(crate) fn stop_pod_sandbox(&mut self, cx: &mut Cx<'_>, pod: &Slot, sandbox_id: &str) -> Result<(), CriError> {
        let object = pod_ref(pod);
        self.cri_call(cx, "StopPodSandbox", object.clone(), crate::sort::map_of([("sandbox".to_string(), json!(short(sandbox_id)))]))?;
        let now = cx.now();
        let Some(rt) = self.runtime(cx) else { return Ok(()) };
        rt.log(now, format!("StopPodSandbox for \"{sandbox_id}\""));
        let mut ip = None;
        let mut host_network = false;
        if let Some(s) = rt.sandboxes.get_mut(sandbox_id) {
            s.ready = false;
            ip = s.ip.clone();
            host_network = s.host_namespaces.network;
        }
        if let Some(ip) = ip.as_ref().filter(|_| !host_network) {
            rt.ipam.release(ip);
        }
        rt.log(now, format!("StopPodSandbox for \"{sandbox_id}\" returns successfully"));
        if !host_network {
            cx.record_as("cni", Action::Cni, object, crate::sort::map_of([("command".to_string(), json!("DEL")), ("ip".to_string(), json!(ip)), ("sandbox".to_string(), json!(short(sandbox_id)))]));
        }
        Ok(())
    }

    /// `ExecSync`, or `Exec` with the client's stdin: the container's shim runs the process.
    pub(crate) fn exec(&mut self, cx: &mut Cx<'_>, uid: &str, container: &str, argv: &[String], stdin: Option<&str>, limit_ms: u64) -> Result<super::exec::ExecRun, String> {
        cx.machine().exec(&self.node, uid, container, argv, stdin, limit_ms)
    }

    /// RemoveContainer / RemovePodSandbox for a pod that is gone (the kubelet's cleanup).
    pub(crate) fn remove_pod(&mut self, cx: &mut Cx<'_>, pod_uid: &str) {
        let now = cx.now();
        if let Some(rt) = self.runtime(cx) {
            if !rt.up {
                return;
            }
            let containers: Vec<String> = rt.containers.values().filter(|c| c.pod_uid == pod_uid && c.state != ContainerState::Running).map(|c| c.id.clone()).collect();
            let sandboxes: Vec<String> = rt.sandboxes.values().filter(|s| s.pod_uid == pod_uid && !s.ready).map(|s| s.id.clone()).collect();
            for id in &containers {
                rt.log(now, format!("RemoveContainer for \"{id}\""));
                rt.log(now, format!("RemoveContainer for \"{id}\" returns successfully"));
            }
            for id in &sandboxes {
                rt.log(now, format!("RemovePodSandbox for \"{id}\""));
                rt.log(now, format!("RemovePodSandbox \"{id}\" returns successfully"));
            }
            rt.containers.retain(|_, c| c.pod_uid != pod_uid || c.state == ContainerState::Running);
            rt.containers_changed += 1;
            rt.sandboxes.retain(|_, s| s.pod_uid != pod_uid || s.ready);
            for id in &containers {
                self.stop_requests.remove(id);
            }
        }
    }
}

/// The environment containerd's CRI writes into the container's OCI spec (`buildLinuxSpec`
/// in `internal/cri/server/container_create.go`, `oci.WithEnv`): the default spec's `PATH`,
/// `HOSTNAME` (the sandbox's hostname: the node's with `hostNetwork`), the image's `ENV`, then
/// what the kubelet sent; a name set again keeps its first place and takes the later value.
/// The container's process and `kubectl exec` processes get it.
pub fn oci_env(hostname: &str, image: Option<&NodeImage>, kubelet: &[(String, String)]) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = vec![("PATH".to_string(), "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin".to_string()), ("HOSTNAME".to_string(), hostname.to_string())];
    let image_env = image.and_then(|i| i.catalog.as_ref()).into_iter().flat_map(|c| c.config.env.iter()).filter_map(|e| e.split_once('=')).map(|(k, v)| (k.to_string(), v.to_string()));
    for (k, v) in image_env.chain(kubelet.iter().cloned()) {
        match env.iter_mut().find(|(name, _)| *name == k) {
            Some(slot) => slot.1 = v,
            None => env.push((k, v)),
        }
    }
    env
}

/// The image a container was created from, among the node's.
pub fn node_image<'a>(rt: &'a Runtime, container: &Container) -> Option<&'a NodeImage> {
    rt.images.values().find(|i| i.id == container.image_id || i.repo_digests.contains(&container.image_id) || i.repo_tags.contains(&container.image_ref))
}

/// The container's environment: `env` values as written (valueFrom is not resolved yet).
pub fn container_env(spec: &Slot) -> Vec<(String, String)> {
    spec["env"]
        .as_array()
        .map(|a| a.iter().filter_map(|e| Some((e["name"].as_str()?.to_string(), e["value"].as_str().unwrap_or_default().to_string()))).collect())
        .unwrap_or_default()
}

/// The pod's cgroup under the kubelet's QoS hierarchy (systemd driver, as kubeadm sets it).
pub fn cgroup_parent(pod: &Slot) -> String {
    let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().replace('-', "_");
    match crate::qos::pod_qos_class(&pod["spec"]) {
        "Guaranteed" => format!("/kubepods.slice/kubepods-pod{uid}.slice"),
        "Burstable" => format!("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod{uid}.slice"),
        _ => format!("/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod{uid}.slice"),
    }
}

/// Programs the interpreted shell runs itself (shells and the busybox applets it implements).
const SHELL_RUN: &[&str] = &[
    "sh", "ash", "bash", "dash", "sleep", "echo", "printf", "cat", "true", "false", "date", "env", "printenv", "hostname", "ls", "touch", "mkdir", "rm",
    "test", "[", "wget", "nc", "curl", "seq", "tail", "head", "grep", "wc", "id", "uname", "expr", "kill", "pwd", "yes", "stat", "readlink", "cut",
    "sed", "awk", "tr", "nslookup", "ip", "ipcs", "ipcmk", "ipcrm", "redis-cli", "chmod", "rev",
];

/// A veth's MAC address as the kernel makes one (`eth_hw_addr_random`: random, locally
/// administered, unicast), drawn here from the sandbox's random id.
fn mac_from(id: &str) -> String {
    let b: Vec<u8> = (0..6).map(|i| u8::from_str_radix(id.get(40 + 2 * i..42 + 2 * i).unwrap_or("00"), 16).unwrap_or(0)).collect();
    let first = (b[0] & 0xfe) | 0x02;
    format!("{first:02x}:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}", b[1], b[2], b[3], b[4], b[5])
}

/// The 13-character id `crictl` prints.
pub fn short(id: &str) -> &str {
    id.get(..13).unwrap_or(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    // containerd's order: the default PATH, HOSTNAME, the image's ENV, the kubelet's; a name
    // set again keeps its place (`oci.WithEnv`).
    #[test]
    fn the_process_environment_keeps_containerds_order() {
        let kubelet = vec![("PATH".to_string(), "/custom".to_string()), ("MODE".to_string(), "demo".to_string()), ("HOSTNAME".to_string(), "mine".to_string())];
        let env = oci_env("web-1", None, &kubelet);
        assert_eq!(env, vec![("PATH".into(), "/custom".into()), ("HOSTNAME".into(), "mine".into()), ("MODE".into(), "demo".into())]);
        assert_eq!(oci_env("web-1", None, &[])[1], ("HOSTNAME".to_string(), "web-1".to_string()));
    }
}

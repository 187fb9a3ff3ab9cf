//! What one sync of a pod does: `computePodActions` and `computeInitContainerActions`
//! (`pkg/kubelet/kuberuntime/kuberuntime_manager.go`, `kuberuntime_container.go`).
//!
//! The containers to kill come first in the plan, then the init containers to start in the
//! spec's order, then the regular ones (`SyncPod`'s steps 3, 6 and 8). Init containers are
//! walked from the last to the first, as upstream does, so that the newest one that ran
//! decides what starts next; a native sidecar (`restartPolicy: Always`) is kept running: one
//! that exited is started again, one whose startup or liveness probe failed is killed and
//! started again (each start through `doBackOff`, so a sidecar that keeps failing backs off).

use super::{Cx, Kubelet};
use crate::Slot;
use serde_json::Value;

use super::prober::ProbeKind;
use super::{Op, PodActions};
use crate::containerd::ContainerState;

/// The steps that start one container (`startContainer`: back-off check and image, create,
/// start, postStart).
fn start(name: &str) -> Vec<Op> {
    vec![Op::EnsureImage { container: name.to_string() }, Op::Create { container: name.to_string() }, Op::Start { container: name.to_string() }, Op::PostStart { container: name.to_string() }]
}

/// A container the sync kills (`containerToKillInfo`): its message and the grace period
/// `setTerminationGracePeriod` gives it — a failed probe's own terminationGracePeriodSeconds
/// wins over the pod's; a changed definition (no probe) takes the pod's.
fn kill(pod: &Slot, spec: &Slot, container_id: &str, kind: Option<ProbeKind>, message: String) -> Vec<Op> {
    let name = spec["name"].as_str().unwrap_or_default().to_string();
    let probe_grace = kind.and_then(|k| spec[k.field()]["terminationGracePeriodSeconds"].as_i64());
    let grace_s = probe_grace.or(pod["spec"]["terminationGracePeriodSeconds"].as_i64()).unwrap_or(30);
    vec![Op::Kill { container_id: container_id.to_string(), container: name, message, grace_s }, Op::AwaitStopped { container_id: container_id.to_string() }]
}

/// `containerChanged` (`kuberuntime_manager.go`): the hash of the container's spec differs
/// from the running container's. `HashContainer` (`pkg/kubelet/container/helpers.go`) hashes
/// only the name and the image (`pickFieldsToHash`), so comparing the image the container was
/// created from with the spec's is the same test.
fn changed(spec: &Slot, running_image: &str) -> bool {
    spec["image"].as_str().unwrap_or_default() != running_image
}

/// The kills and init-container starts of one sync.
#[derive(Default)]
struct Changes {
    kills: Vec<Op>,
    /// Init containers to start, by index in the spec.
    init_starts: Vec<usize>,
    kill_pod: bool,
}

impl Kubelet {
    /// `computePodActions` with `restartAllContainers` (KEP-5532): every instance of the pod's
    /// init and regular containers is killed — no grace period, so no preStop hook — and
    /// removed from the runtime; the sandbox stays. The containers that did not trigger the
    /// restart go first, those whose exit matched a RestartAllContainers rule last
    /// (`getContainersToReset`). Ephemeral containers stay.
    pub(super) fn reset_all_containers(&mut self, cx: &mut Cx<'_>, pod: &Slot) -> Vec<Op> {
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default();
        let Some(m) = cx.node().machine(&self.node) else { return vec![] };
        let spec = &pod["spec"];
        let known = |name: &str| ["initContainers", "containers"].iter().any(|l| spec[*l].as_array().is_some_and(|cs| cs.iter().any(|c| c["name"] == name)));
        let (mut targets, mut sources) = (Vec::new(), Vec::new());
        for c in m.runtime.pod_containers(uid).into_iter().filter(|c| known(&c.name)) {
            let spec_c = super::container_spec(pod, &c.name).unwrap_or(crate::Slot::null());
            let source = c.state == ContainerState::Exited && super::status::matching_restart_rule(spec_c, i64::from(c.exit_code)).is_some_and(|r| r["action"] == "RestartAllContainers");
            let entry = (c.id.clone(), c.name.clone(), c.state == ContainerState::Running);
            if source { sources.push(entry) } else { targets.push(entry) }
        }
        let all: Vec<_> = targets.into_iter().chain(sources).collect();
        let n = all.len();
        let mut ops = Vec::new();
        for (i, (id, name, running)) in all.into_iter().enumerate() {
            if running {
                ops.push(Op::Kill { container_id: id.clone(), container: name, message: "killing".to_string(), grace_s: 0 });
                ops.push(Op::AwaitStopped { container_id: id.clone() });
            }
            ops.push(Op::Remove { container_id: id, last: i + 1 == n });
        }
        ops
    }

    /// `computePodActions`: the plan of one sync.
    pub(super) fn compute_pod_actions(&mut self, cx: &mut Cx<'_>, pod: &Slot) -> PodActions {
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default();
        let policy = pod["spec"]["restartPolicy"].as_str().unwrap_or("Always").to_string();
        let Some(m) = cx.node().machine(&self.node) else { return PodActions::Steps(vec![]) };
        let rt = &m.runtime;
        let inits = pod["spec"]["initContainers"].as_array().unwrap_or_default();
        let apps = pod["spec"]["containers"].as_array().unwrap_or_default();
        let name_of = |c: &Slot| c["name"].as_str().unwrap_or_default().to_string();
        if rt.ready_sandbox(uid).is_none() {
            let has_run = rt.pod_containers(uid).iter().any(|c| c.state == ContainerState::Exited);
            if has_run && policy == "Never" {
                return PodActions::Steps(vec![]);
            }
            let mut ops = vec![Op::RunSandbox];
            match inits.first() {
                Some(first) => ops.extend(start(&name_of(first))),
                None => apps.iter().for_each(|c| ops.extend(start(&name_of(c)))),
            }
            return PodActions::Steps(ops);
        }
        // The newest instance of each container in the current sandbox (`ActiveContainerStatuses`):
        // after a new sandbox (a reboot, a lost pause container) every container starts again,
        // init containers first. (id, state, exit code).
        let active = rt.ready_sandbox(uid).map(|s| s.id.clone());
        // Indexed by name once (a pod may have 1,000 init containers); the stable sort keeps
        // each name's newest instance first.
        let mut by_name: Vec<&crate::containerd::Container> = rt.pod_containers(uid).into_iter().filter(|c| Some(&c.sandbox_id) == active.as_ref()).collect();
        by_name.sort_by(|a, b| a.name.cmp(&b.name));
        by_name.dedup_by(|later, earlier| later.name == earlier.name);
        let newest = |name: &str| by_name.binary_search_by(|c| c.name.as_str().cmp(name)).ok().map(|i| by_name[i]);
        let latest = |name: &str| newest(name).map(|c| (c.id.clone(), c.state, c.exit_code));
        let image_of = |name: &str| newest(name).map(|c| c.image.clone()).unwrap_or_default();
        let worker = self.workers.get(uid);
        let started = |name: &str| worker.and_then(|w| w.facts.started.get(name).copied()).unwrap_or(true);
        // A failed liveness or startup probe of the container's running instance.
        let probe_failure = |name: &str, id: &str| worker.and_then(|w| w.probe_failures.get(name)).filter(|(_, fid)| fid == id).map(|(k, _)| *k);
        // `ContainerShouldRestart`: the container's restart rules and policy over the pod's.
        let should_restart = |c: &Slot, code: i32| super::status::container_should_restart(c, &pod["spec"], i64::from(code));

        // `computeInitContainerActions`.
        let mut ch = Changes::default();
        let mut initialized = apps.iter().any(|c| matches!(latest(&name_of(c)), Some((_, ContainerState::Running | ContainerState::Created, _))));
        let mut previously_initialized = initialized;
        let last = inits.len().saturating_sub(1);
        for (i, c) in inits.iter().enumerate().rev() {
            let name = name_of(c);
            let sidecar = c["restartPolicy"] == "Always";
            let Some((id, state, code)) = latest(&name) else {
                if previously_initialized && sidecar {
                    ch.init_starts.push(i);
                }
                continue;
            };
            if previously_initialized && !sidecar {
                continue;
            }
            match state {
                ContainerState::Created => ch.init_starts.push(i),
                ContainerState::Running if sidecar => 'running: {
                    if c["startupProbe"].is_object() && !started(&name) {
                        if probe_failure(&name, &id) == Some(ProbeKind::Startup) {
                            ch.kills.extend(kill(pod, c, &id, Some(ProbeKind::Startup), format!("Init container {name} failed startup probe")));
                            ch.init_starts.push(i);
                        }
                        break 'running;
                    }
                    if i == last {
                        initialized = true;
                    } else if !previously_initialized {
                        ch.init_starts.push(i + 1);
                    }
                    // "Restart running sidecar containers which have had their definition
                    // changed" (no ", will be restarted" in this message).
                    if changed(c, &image_of(&name)) {
                        ch.kills.extend(kill(pod, c, &id, None, format!("Init container {name} definition changed")));
                        ch.init_starts.push(i);
                        break 'running;
                    }
                    // Its liveness probe does not hold back the next init container.
                    if probe_failure(&name, &id) == Some(ProbeKind::Liveness) {
                        ch.kills.extend(kill(pod, c, &id, Some(ProbeKind::Liveness), format!("Init container {name} failed liveness probe")));
                        ch.init_starts.push(i);
                    }
                }
                // A regular init container still running: wait for it.
                ContainerState::Running => {}
                ContainerState::Exited if sidecar => ch.init_starts.push(i),
                ContainerState::Exited if code != 0 => {
                    if !should_restart(c, code) {
                        ch.kill_pod = true;
                        break;
                    }
                    ch.init_starts.push(i);
                }
                ContainerState::Exited => {
                    if i == last {
                        initialized = true;
                    } else {
                        ch.init_starts.push(i + 1);
                    }
                }
                ContainerState::Unknown => {}
            }
            previously_initialized = true;
        }
        if !previously_initialized && !inits.is_empty() {
            ch.init_starts.push(0);
        }
        ch.init_starts.reverse();
        if ch.kill_pod {
            return PodActions::KillPod;
        }
        let mut ops = std::mem::take(&mut ch.kills);
        // "Ephemeral containers may be started even if initialization is not yet complete",
        // once each: one the runtime has ever had is never started again (`SyncPod` step 5,
        // before the init containers).
        for c in pod["spec"]["ephemeralContainers"].as_array().into_iter().flatten() {
            let name = name_of(c);
            if !rt.pod_containers(uid).iter().any(|r| r.name == name) {
                ops.extend(start(&name));
            }
        }
        let mut starts: Vec<Op> = ch.init_starts.iter().flat_map(|&i| start(&name_of(&inits[i]))).collect();
        if !initialized && !inits.is_empty() {
            ops.append(&mut starts);
            return PodActions::Steps(ops);
        }

        // The regular containers.
        for c in apps {
            let name = name_of(c);
            match latest(&name) {
                None => starts.extend(start(&name)),
                Some((_, ContainerState::Exited, code)) if should_restart(c, code) => starts.extend(start(&name)),
                Some((id, ContainerState::Running, _)) => {
                    // A changed definition: kill, and restart whatever the policy ("Restart
                    // regardless of the restart policy because the container spec changed").
                    // Else a failed liveness or startup probe: kill, and restart if the policy
                    // says so.
                    let (message, kind, restart) = if changed(c, &image_of(&name)) {
                        (format!("Container {name} definition changed"), None, true)
                    } else if let Some(kind) = probe_failure(&name, &id) {
                        let what = if kind == ProbeKind::Startup { "startup" } else { "liveness" };
                        (format!("Container {name} failed {what} probe"), Some(kind), super::status::container_restartable(c, &pod["spec"]))
                    } else {
                        // `computePodResizeAction`: the allocation against what the runtime
                        // holds — in place, or a restart when the resize policy asks for one.
                        // The runtime's view: a container without limits of its own carries the
                        // pod-level ones, so a pod-level resize reaches it too.
                        let actual = newest(&name).and_then(|c| c.cgroup.as_ref()).map(|g| g.effective.clone()).unwrap_or(Value::Null);
                        let wanted = crate::resources::runtime_container_resources(&pod["spec"], &c["resources"]);
                        match super::resize::resize_action(c, &wanted, &actual) {
                            Some(false) => ops.push(Op::Resize { container_id: id.clone(), container: name.clone() }),
                            Some(true) => {
                                ops.extend(kill(pod, c, &id, None, format!("Container {name} resize requires restart")));
                                starts.extend(start(&name));
                            }
                            None => {}
                        }
                        continue;
                    };
                    let message = if restart { format!("{message}, will be restarted") } else { message };
                    ops.extend(kill(pod, c, &id, kind, message));
                    if restart {
                        starts.extend(start(&name));
                    }
                }
                _ => {}
            }
        }
        let regular_running = apps.iter().any(|c| matches!(latest(&name_of(c)), Some((_, ContainerState::Running | ContainerState::Created, _))));
        // A container whose own policy (or, without one, the pod's) is Always always has a
        // start planned once it stopped.
        let always = |c: &Slot| c["restartPolicy"].as_str().unwrap_or(&policy) == "Always";
        if ops.is_empty() && starts.is_empty() && !regular_running && !apps.iter().any(always) {
            return PodActions::KillPod;
        }
        ops.append(&mut starts);
        PodActions::Steps(ops)
    }
}

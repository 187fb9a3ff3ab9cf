//! The pod status the kubelet computes from what the runtime reports: `generateAPIPodStatus`,
//! `convertToAPIContainerStatuses` and `getPhase` (`pkg/kubelet/kubelet_pods.go`), the
//! conditions of `pkg/kubelet/status/generate.go`, and the status manager's merge
//! (`pkg/kubelet/status/status_manager.go`: kubelet-owned conditions replaced, transition
//! times kept while a condition's status holds).

use crate::Slot;
use crate::vecmap::VecMap;

use serde_json::Value;

use crate::clock::Time;
use crate::containerd::{Container, ContainerState};

/// `kubelet_pods.go`: the waiting reasons before a container exists.
pub const POD_INITIALIZING: &str = "PodInitializing";
pub const CONTAINER_CREATING: &str = "ContainerCreating";

/// What the kubelet knows beyond the runtime's containers.
#[derive(Debug, Clone, Default)]
pub struct PodFacts {
    pub sandbox_ready: bool,
    pub pod_ip: Option<String>,
    pub host_ip: String,
    pub start_time: Option<String>,
    /// The reason cache: the last start failure per container (reason, message).
    pub start_failures: VecMap<String, (String, String)>,
    /// Readiness per container from the prober (absent: no readiness probe).
    pub readiness: VecMap<String, bool>,
    /// Startup probe passed (absent: no startup probe).
    pub started: VecMap<String, bool>,
    /// The pod worker has finished terminating the pod (`podIsTerminal`).
    pub terminal: bool,
    /// The eviction manager evicted the pod, with this message (`eviction.rs`).
    pub evicted: Option<String>,
    /// The allocation manager's resources per container (`resize.rs`).
    pub allocated: Option<super::resize::Allocation>,
    /// `PodResizePending` / `PodResizeInProgress`, as the status manager holds them.
    pub resize_conditions: Vec<Value>,
    /// The RestartAllContainersOnContainerExits gate of the kubelet.
    pub restart_all_gate: bool,
}

/// `convertContainerStatusResources`: the allocation, with what the runtime reports for a
/// running container (its cpu request, cpu limit and memory limit) in place of those.
fn actual_resources(alloc: &Value, actual: &Value) -> Value {
    let mut out = alloc.clone();
    for (f, r) in [("requests", "cpu"), ("limits", "cpu"), ("limits", "memory")] {
        match actual[f].get(r) {
            Some(v) => out[f][r] = v.clone(),
            None => {
                if let Some(m) = out.get_mut(f).and_then(Value::as_object_mut) {
                    m.remove(r);
                }
            }
        }
    }
    if let Some(m) = out.as_object_mut() {
        m.retain(|_, v| v.as_object().is_none_or(|o| !o.is_empty()));
    }
    out
}

fn is_sidecar(c: &Slot) -> bool {
    c["restartPolicy"] == "Always"
}

fn terminated(c: &Container, spec: &Slot) -> Value {
    let mut t = json!({
        "containerID": format!("containerd://{}", c.id),
        "exitCode": c.exit_code,
        "finishedAt": c.finished_at.map(Time::rfc3339),
        "reason": c.reason,
        "startedAt": c.started_at.map(Time::rfc3339),
    });
    let mut message = c.message.clone();
    let written = termination_message(c, spec);
    if !written.is_empty() {
        if !message.is_empty() {
            message.push_str(": ");
        }
        message.push_str(&written);
    }
    if !message.is_empty() {
        t["message"] = json!(message);
    }
    t
}

/// `MaxContainerTerminationMessageLength`, `…LogLength`, `…LogLines` (kubelet/container).
const MAX_TERMINATION_MESSAGE: usize = 4 * 1024;
const MAX_TERMINATION_LOG_BYTES: usize = 2048;
const MAX_TERMINATION_LOG_LINES: usize = 80;

/// What an exited container left for its status (`toKubeContainerStatus`,
/// `getTerminationMessage`, `readLastStringFromContainerLogs` in kuberuntime): the last 4 KiB
/// of the file at `terminationMessagePath`; with `FallbackToLogsOnError`, a failed container
/// that wrote nothing there gives the last 80 lines of its log, at most their last 2 KiB.
fn termination_message(c: &Container, spec: &Slot) -> String {
    let fallback = spec["terminationMessagePolicy"] == "FallbackToLogsOnError" && c.exit_code != 0 && c.reason != "ContainerCannotRun";
    let path = spec["terminationMessagePath"].as_str().unwrap_or_default();
    let (text, check_logs) = match c.rootfs.files.get(path).filter(|_| !path.is_empty()) {
        Some(data) => {
            let tail = last_bytes(data, MAX_TERMINATION_MESSAGE).to_string();
            let empty = tail.is_empty();
            (tail, fallback && empty)
        }
        None => (String::new(), fallback),
    };
    if !check_logs {
        return text;
    }
    let lines = c.log.current(c.finished_at.unwrap_or_default());
    let mut out = String::new();
    for (_, _, line) in &lines[lines.len().saturating_sub(MAX_TERMINATION_LOG_LINES)..] {
        out.push_str(line);
        out.push('\n');
    }
    last_bytes(&out, MAX_TERMINATION_LOG_BYTES).to_string()
}

/// The last `max` bytes of `text` (from a character boundary).
fn last_bytes(text: &str, max: usize) -> &str {
    let mut start = text.len().saturating_sub(max);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

/// `ShouldAllContainersRestart` (`pkg/kubelet/container/helpers.go`): the API status says the
/// pod's containers are being restarted, or a container's exit — in the runtime or in the API
/// status — matches a RestartAllContainers rule.
pub fn should_all_containers_restart(spec: &Slot, runtime: &[&Container], api: &Slot) -> bool {
    if api["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "AllContainersRestarting" && c["status"] == "True")) {
        return true;
    }
    let triggers = |c: &Slot, code: i64| matching_restart_rule(c, code).is_some_and(|r| r["action"] == "RestartAllContainers");
    for (list, statuses) in [("initContainers", "initContainerStatuses"), ("containers", "containerStatuses")] {
        for c in spec[list].as_array().unwrap_or_default() {
            let name = c["name"].as_str().unwrap_or_default();
            // `FindContainerStatusByName`: the newest instance.
            if let Some(rc) = runtime.iter().filter(|r| r.name == name).max_by_key(|r| (r.created_at, r.attempt))
                && rc.state == ContainerState::Exited
                && triggers(c, i64::from(rc.exit_code))
            {
                return true;
            }
            let st = api[statuses].as_array().and_then(|ss| ss.iter().find(|s| s["name"] == name));
            if let Some(code) = st.and_then(|s| s["state"]["terminated"]["exitCode"].as_i64())
                && triggers(c, code)
            {
                return true;
            }
        }
    }
    false
}

/// `GenerateAllContainersRestartingCondition` (`pkg/kubelet/status/generate.go`).
fn all_containers_restarting(spec: &Slot, runtime: &[&Container], old: &Slot, phase: &str) -> Value {
    let cleaned_up = || !["initContainers", "containers"].iter().any(|l| spec[*l].as_array().is_some_and(|cs| cs.iter().any(|c| runtime.iter().any(|r| c["name"] == r.name.as_str()))));
    match phase {
        "Succeeded" => condition("AllContainersRestarting", false, Some("PodCompleted"), None),
        "Failed" => condition("AllContainersRestarting", false, Some("PodFailed"), None),
        _ if !should_all_containers_restart(spec, runtime, old) || cleaned_up() => condition("AllContainersRestarting", false, None, None),
        _ => condition("AllContainersRestarting", true, Some("RestartAllContainersStarted"), Some("container exited with restart policy rule".to_string())),
    }
}

/// The message of a container a RestartAllContainers reset removed.
const RESTARTING_ALL_MESSAGE: &str = "The container is removed because RestartAllContainers in place";

/// One container list's statuses (`convertToAPIContainerStatuses`). `pod_restarting`: the
/// pod's containers are being restarted all together; one the runtime no longer has is
/// "waiting" with a `RestartingAllContainers` last state, one restart more.
fn container_statuses(pod: &Slot, spec_list: &[Slot], runtime: &[&Container], old: &[Slot], facts: &PodFacts, default_reason: &str, init: bool, pod_restarting: bool) -> Vec<Value> {
    let mut out = Vec::new();
    // The runtime's containers and the old statuses by name, gathered once.
    let mut runtime_by_name: crate::vecmap::VecMap<&str, Vec<&&Container>> = crate::vecmap::VecMap::new();
    for c in runtime {
        runtime_by_name.entry(c.name.as_str()).or_default().push(c);
    }
    let old_by_name: crate::vecmap::VecMap<&str, &Slot> = VecMap::from_iter(old.iter().map(|s| (s["name"].as_str().unwrap_or_default(), s)));
    for spec in spec_list {
        let name = spec["name"].as_str().unwrap_or_default();
        let mut mine: Vec<&&Container> = runtime_by_name.remove(name).unwrap_or_default();
        crate::sort::sort_by_key(&mut mine, |c| std::cmp::Reverse((c.created_at, c.attempt)));
        let old_status = old_by_name.get(name).copied();
        let mut st = json!({
            "image": spec["image"], "imageID": "", "lastState": {}, "name": name, "ready": false,
            "restartCount": 0, "started": false, "state": {"waiting": {"reason": default_reason}},
        });
        if let Some(o) = old_status {
            st["restartCount"] = o["restartCount"].to_value();
            st["lastState"] = o["lastState"].to_value();
            if pod_restarting && mine.is_empty() && !o["state"]["waiting"].is_object() {
                let t = json!({"exitCode": 137, "message": RESTARTING_ALL_MESSAGE, "reason": "RestartingAllContainers"});
                st["state"] = json!({"waiting": {"message": RESTARTING_ALL_MESSAGE, "reason": "RestartingAllContainers"}});
                st["lastState"] = json!({"terminated": t});
                st["restartCount"] = json!(o["restartCount"].as_u64().unwrap_or(0) + 1);
            }
        }
        if let Some(latest) = mine.first() {
            st["containerID"] = json!(format!("containerd://{}", latest.id));
            st["image"] = json!(latest.image_ref);
            st["imageID"] = json!(latest.image_id);
            // `convertContainerStatus`: never fewer restarts than the API already showed.
            let old_count = old_status.and_then(|o| o["restartCount"].as_u64()).unwrap_or(0);
            st["restartCount"] = json!(u64::from(latest.restart_count).max(old_count));
            st["state"] = match latest.state {
                ContainerState::Running => json!({"running": {"startedAt": latest.started_at.map(Time::rfc3339)}}),
                ContainerState::Exited => json!({"terminated": terminated(latest, spec)}),
                _ => json!({"waiting": {}}),
            };
            st["lastState"] = match mine.get(1) {
                Some(prev) if prev.state == ContainerState::Exited => json!({"terminated": terminated(prev, spec)}),
                // No earlier instance in the runtime (a RestartAllContainers reset removed it):
                // the last termination the API showed stays.
                None if old_status.is_some_and(|o| o["lastState"]["terminated"].is_object() && !o["state"]["terminated"].is_object()) => old_status.map(|o| o["lastState"].to_value()).unwrap_or_default(),
                _ => json!({}),
            };
            let running = latest.state == ContainerState::Running;
            let started = running && facts.started.get(name).copied().unwrap_or(true);
            st["started"] = json!(started);
            let ready = if init && !is_sidecar(spec) {
                latest.state == ContainerState::Exited && latest.exit_code == 0
            } else {
                started && facts.readiness.get(name).copied().unwrap_or(true)
            };
            st["ready"] = json!(ready);
            // `convertContainerUser` (SupplementalGroupsPolicy, GA): the identity the runtime
            // reports for the container's process.
            if let Some(u) = &latest.user {
                st["user"] = json!({"linux": {"uid": u.uid, "gid": u.gid, "supplementalGroups": u.groups}});
            }
        }
        // Start failures from the reason cache replace the state with Waiting for a container
        // that will be started again (`ShouldContainerBeRestarted`) — except for an init
        // container whose last run exited 0, a sidecar included (upstream skips every init
        // container that "won't be restarted" by that test).
        let init_done = init && mine.first().is_some_and(|c| c.state == ContainerState::Exited && c.exit_code == 0);
        if !init_done
            && should_be_restarted(pod, spec, mine.first().map(|c| &***c))
            && let Some((reason, message)) = facts.start_failures.get(name) {
                if st["state"]["terminated"].is_object() {
                    st["lastState"] = st["state"].clone();
                }
                let mut waiting = json!({"reason": reason});
                if !message.is_empty() {
                    waiting["message"] = json!(message);
                }
                st["state"] = json!({"waiting": waiting});
            }
        if let Some(mounts) = spec["volumeMounts"].as_array().filter(|m| !m.is_empty()) {
            let list: Vec<Value> = mounts
                .iter()
                .map(|m| {
                    let mut v = json!({"mountPath": m["mountPath"], "name": m["name"]});
                    if m["readOnly"] == true {
                        v["readOnly"] = json!(true);
                        v["recursiveReadOnly"] = json!("Disabled");
                    }
                    v
                })
                .collect();
            st["volumeMounts"] = json!(list);
        }
        // `allocatedResources` (the allocated requests) and `resources` (what a running
        // container holds, the allocation for one that is not running).
        // The spec's resources as JSON only for a container the allocation does not hold.
        let spec_resources;
        let alloc = match facts.allocated.as_ref().and_then(|a| a.get(name)) {
            Some(a) => a,
            None => {
                spec_resources = spec["resources"].to_value();
                &spec_resources
            }
        };
        if let Some(req) = alloc["requests"].as_object().filter(|r| !r.is_empty()) {
            st["allocatedResources"] = json!(req);
        }
        let running = mine.first().filter(|c| c.state == ContainerState::Running).and_then(|c| c.cgroup.as_ref());
        let res = match running {
            Some(g) => actual_resources(alloc, &g.resources),
            None => alloc.clone(),
        };
        if let Some(res) = res.as_object().filter(|r| !r.is_empty()) {
            st["resources"] = json!(res);
        }
        out.push(st);
    }
    out
}

/// `ShouldContainerBeRestarted` (pkg/kubelet/container/helpers.go) for the container's latest
/// instance in the runtime: never once the pod is deleting; always when none ever ran or it
/// is created or unknown; by the restart policy when it exited.
fn should_be_restarted(pod: &Slot, c: &Slot, latest: Option<&Container>) -> bool {
    if pod["metadata"]["deletionTimestamp"].is_string() {
        return false;
    }
    match latest.map(|l| (l.state, l.exit_code)) {
        None | Some((ContainerState::Created | ContainerState::Unknown, _)) => true,
        Some((ContainerState::Running, _)) => false,
        Some((ContainerState::Exited, code)) => container_should_restart(c, &pod["spec"], code.into()),
    }
}

fn state_of(st: &Value) -> &str {
    let s = &st["state"];
    if s["running"].is_object() {
        "running"
    } else if s["terminated"].is_object() {
        "terminated"
    } else if s["waiting"].is_object() {
        "waiting"
    } else {
        ""
    }
}

/// `HasAnyRegularContainerStarted`.
fn any_regular_started(statuses: &[Value]) -> bool {
    statuses.iter().any(|s| matches!(state_of(s), "running" | "terminated") || (state_of(s) == "waiting" && s["lastState"]["terminated"].is_object()))
}

/// `getPhase` (1.32+ structure: regular and restartable init containers counted apart).
type StatusIndex<'a> = crate::vecmap::VecMap<&'a str, &'a Value>;

fn statuses_by_name(list: &[Value]) -> StatusIndex<'_> {
    VecMap::from_iter(list.iter().map(|s| (s["name"].as_str().unwrap_or_default(), s)))
}

fn find<'a>(index: &StatusIndex<'a>, name: &Slot) -> Option<&'a Value> {
    index.get(name.as_str().unwrap_or_default()).copied()
}

/// `findMatchingContainerRestartRule` (`pkg/api/v1/pod/util.go`): the first of a container's
/// `restartPolicyRules` whose exit codes match.
pub fn matching_restart_rule(c: &Slot, exit_code: i64) -> Option<&Slot> {
    c["restartPolicyRules"].as_array()?.iter().find(|r| {
        let codes = &r["exitCodes"];
        let listed = codes["values"].as_array().is_some_and(|vs| vs.iter().any(|v| v.as_i64() == Some(exit_code)));
        match codes["operator"].as_str() {
            Some("In") => listed,
            Some("NotIn") => !listed,
            _ => false,
        }
    })
}

/// `ContainerShouldRestart` (`pkg/api/v1/pod/util.go`, ContainerRestartRules): a matching rule
/// with action Restart, else the container's own `restartPolicy`, else the pod's.
pub fn container_should_restart(c: &Slot, spec: &Slot, exit_code: i64) -> bool {
    let decide = |policy: &str| match policy {
        "Never" => false,
        "OnFailure" => exit_code != 0,
        _ => true,
    };
    if let Some(own) = c["restartPolicy"].as_str() {
        // A RestartAllContainers rule restarts the container too (with the whole pod). The
        // API server accepts that action only with RestartAllContainersOnContainerExits, which
        // is the kubelet's gate as well in a podlife cluster.
        if matching_restart_rule(c, exit_code).is_some_and(|r| r["action"] == "Restart" || r["action"] == "RestartAllContainers") {
            return true;
        }
        return decide(own);
    }
    decide(spec["restartPolicy"].as_str().unwrap_or("Always"))
}

/// `IsContainerRestartable`: the container may run again after it stops.
pub fn container_restartable(c: &Slot, spec: &Slot) -> bool {
    match c["restartPolicy"].as_str() {
        Some(own) => c["restartPolicyRules"].as_array().is_some_and(|rs| rs.iter().any(|r| r["action"] == "Restart")) || own != "Never",
        None => spec["restartPolicy"] != "Never",
    }
}

/// `getPhase` (`pkg/kubelet/kubelet_pods.go`). A stopped container counts as restarting when
/// `ContainerShouldRestart` says so for its exit code, or when it was stopped by a
/// RestartAllContainers action.
pub fn get_phase(spec: &Slot, init_statuses: &[Value], statuses: &[Value], pod_is_terminal: bool) -> &'static str {
    // Statuses by container name, looked up once per container (a pod may have 1,000).
    let (init_by_name, by_name) = (statuses_by_name(init_statuses), statuses_by_name(statuses));
    let (mut pending_regular, mut pending_restartable, mut failed_init) = (0, 0, 0);
    let (mut unknown, mut running, mut waiting, mut stopped, mut succeeded, mut stopped_not_restartable) = (0, 0, 0, 0, 0, 0);
    // An exit that will be followed by a restart.
    let restarting = |c: &Slot, t: &Value| t["reason"] == "RestartingAllContainers" || container_should_restart(c, spec, t["exitCode"].as_i64().unwrap_or(0));
    let inits = spec["initContainers"].as_array().unwrap_or_default();
    for c in inits.iter().filter(|c| !is_sidecar(c)) {
        let Some(st) = find(&init_by_name, &c["name"]) else {
            pending_regular += 1;
            continue;
        };
        match state_of(st) {
            "running" => pending_regular += 1,
            "terminated" => {
                let t = &st["state"]["terminated"];
                if t["exitCode"].as_i64() != Some(0) && !restarting(c, t) {
                    failed_init += 1;
                }
            }
            "waiting" => {
                if st["lastState"]["terminated"].is_object() {
                    let t = &st["lastState"]["terminated"];
                    if t["exitCode"].as_i64() != Some(0) && !restarting(c, t) {
                        failed_init += 1;
                    }
                } else {
                    pending_regular += 1;
                }
            }
            _ => pending_regular += 1,
        }
    }
    for c in inits.iter().filter(|c| is_sidecar(c)) {
        let Some(st) = find(&init_by_name, &c["name"]) else {
            unknown += 1;
            continue;
        };
        match state_of(st) {
            "running" => {
                if st["started"] != true {
                    pending_restartable += 1;
                }
                running += 1;
            }
            "terminated" => {}
            "waiting" => {
                if !st["lastState"]["terminated"].is_object() {
                    pending_restartable += 1;
                    waiting += 1;
                }
            }
            _ => {
                pending_restartable += 1;
                unknown += 1;
            }
        }
    }
    for c in spec["containers"].as_array().unwrap_or_default() {
        let Some(st) = find(&by_name, &c["name"]) else {
            unknown += 1;
            continue;
        };
        match state_of(st) {
            "running" => running += 1,
            "terminated" => {
                stopped += 1;
                let t = &st["state"]["terminated"];
                if !restarting(c, t) {
                    stopped_not_restartable += 1;
                }
                if t["exitCode"].as_i64() == Some(0) {
                    succeeded += 1;
                }
            }
            "waiting" => {
                if st["lastState"]["terminated"].is_object() {
                    stopped += 1;
                    if !restarting(c, &st["lastState"]["terminated"]) {
                        stopped_not_restartable += 1;
                    }
                } else {
                    waiting += 1;
                }
            }
            _ => unknown += 1,
        }
    }
    if failed_init > 0 {
        return "Failed";
    }
    if pending_regular > 0 || (pending_restartable > 0 && !any_regular_started(statuses)) || waiting > 0 {
        return "Pending";
    }
    if running > 0 && unknown == 0 {
        return "Running";
    }
    if running == 0 && stopped > 0 && unknown == 0 {
        if pod_is_terminal {
            return if stopped == succeeded { "Succeeded" } else { "Failed" };
        }
        if stopped != stopped_not_restartable {
            return "Running";
        }
        if stopped == succeeded {
            return "Succeeded";
        }
        return "Failed";
    }
    "Pending"
}

fn condition(kind: &str, ok: bool, reason: Option<&str>, message: Option<String>) -> Value {
    let mut c = json!({"type": kind, "status": if ok { "True" } else { "False" }, "lastProbeTime": null});
    if let Some(r) = reason {
        c["reason"] = json!(r);
    }
    if let Some(m) = message {
        c["message"] = json!(m);
    }
    c
}

fn names(list: &[String]) -> String {
    format!("[{}]", list.join(" "))
}

/// The status manager's equality (`isPodStatusByKubeletEqual` on typed statuses): a field that
/// is null (`lastProbeTime` of a condition, a zero time) is the same as one that is absent, as
/// the API stores it.
/// The status manager's `TerminatePod` (pkg/kubelet/status/status_manager.go), applied to the
/// final status once `SyncTerminatedPod` ran: a container with no terminated state is reported
/// as `ContainerStatusUnknown` (exit 137) — the regular ones once the pod has initialized, the
/// init containers up to the last one that ever started — and a pod that is not static leaves
/// Pending or Running for Failed.
pub fn terminate_pod(pod: &Slot, status: &mut Value, is_static: bool) {
    let unknown = || json!({"terminated": {"exitCode": 137, "reason": "ContainerStatusUnknown", "message": "The container could not be located when the pod was terminated"}});
    if has_pod_initialized(pod) {
        for st in status["containerStatuses"].as_array_mut().into_iter().flatten() {
            if !st["state"]["terminated"].is_object() {
                st["state"] = unknown();
            }
        }
    }
    if let Some(inits) = status["initContainerStatuses"].as_array_mut() {
        // `initializedContainers`: all but the suffix never started; at least the first.
        let started = |st: &Value| !st["state"]["waiting"].is_object() || st["lastState"]["terminated"].is_object();
        let n = inits.iter().rposition(started).map_or(inits.len().min(1), |i| i + 1);
        for st in &mut inits[..n] {
            if !st["state"]["terminated"].is_object() {
                st["state"] = unknown();
            }
        }
    }
    if !is_static && !matches!(status["phase"].as_str(), Some("Succeeded" | "Failed")) {
        status["phase"] = json!("Failed");
    }
}

/// `hasPodInitialized`, on the pod as the API holds it.
fn has_pod_initialized(pod: &Slot) -> bool {
    if pod["spec"]["initContainers"].as_array().is_none_or(<[Slot]>::is_empty) {
        return true;
    }
    let status = &pod["status"];
    if status["containerStatuses"].as_array().into_iter().flatten().any(|st| st["lastState"]["terminated"].is_object() || !st["state"]["waiting"].is_object()) {
        return true;
    }
    let exited_ok = |t: &Slot| t.is_object() && t["exitCode"].as_i64() == Some(0);
    status["initContainerStatuses"].as_array().and_then(|l| l.last()).is_some_and(|last| exited_ok(&last["lastState"]["terminated"]) || exited_ok(&last["state"]["terminated"]))
}

/// Whether two statuses say the same, a member that is null counting as absent (compared in
/// place: a pod with 1,000 container statuses is compared on every sync).
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Object(a), Value::Object(b)) => {
            // Both maps in key order, their null members skipped.
            let mut a = a.iter().filter(|(_, v)| !v.is_null());
            let mut b = b.iter().filter(|(_, v)| !v.is_null());
            loop {
                match (a.next(), b.next()) {
                    (None, None) => return true,
                    (Some((ka, va)), Some((kb, vb))) if ka == kb && same(va, vb) => {}
                    _ => return false,
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b)),
        _ => a == b,
    }
}

/// `generateAPIPodStatus` for a pod the kubelet runs.
pub fn generate(pod: &Slot, runtime: &[&Container], facts: &PodFacts, now: Time) -> Value {
    let spec = &pod["spec"];
    let old = &pod["status"];
    let inits = spec["initContainers"].as_array().unwrap_or_default();
    let apps = spec["containers"].as_array().unwrap_or_default();
    let default_reason = if inits.is_empty() { CONTAINER_CREATING } else { POD_INITIALIZING };
    let old_init = old["initContainerStatuses"].as_array().unwrap_or_default();
    let old_apps = old["containerStatuses"].as_array().unwrap_or_default();
    // TODO(typed store): the helper reads a `Value` (only with the alpha gate on); see
    // /tmp/mig/helper-requests.txt.
    let could_restart_all = facts.restart_all_gate && crate::apiserver::gated::all_containers_could_restart(&spec.to_value());
    let pod_restarting = could_restart_all && should_all_containers_restart(spec, runtime, old);
    let init_statuses = container_statuses(pod, inits, runtime, old_init, facts, default_reason, true, pod_restarting);
    let statuses = container_statuses(pod, apps, runtime, old_apps, facts, default_reason, false, pod_restarting);
    let mut phase = get_phase(spec, &init_statuses, &statuses, facts.terminal);
    // A terminal phase already in the API is never left.
    if let Some(p @ ("Succeeded" | "Failed")) = old["phase"].as_str() {
        phase = if p == "Succeeded" { "Succeeded" } else { "Failed" };
    }
    // The reason and message that go with the phase stay while it does; an eviction's
    // `PodStatusFunc` sets its own (`generateAPIPodStatus`, `killPodNow`).
    let (mut reason, mut message) = if old["phase"].as_str() == Some(phase) { (old["reason"].as_str(), old["message"].as_str()) } else { (None, None) };
    if let Some(m) = &facts.evicted {
        phase = "Failed";
        (reason, message) = (Some("Evicted"), Some(m.as_str()));
    }

    // Conditions, in the order the kubelet appends them.
    let mut incomplete = vec![];
    for (c, st) in inits.iter().zip(&init_statuses) {
        let done = if is_sidecar(c) { st["started"] == true } else { st["ready"] == true };
        if !done {
            incomplete.push(c["name"].as_str().unwrap_or_default().to_string());
        }
    }
    let initialized = if phase == "Succeeded" || incomplete.is_empty() || any_regular_started(&statuses) {
        let reason = (phase == "Succeeded" && !inits.is_empty()).then_some("PodCompleted");
        condition("Initialized", true, reason, None)
    } else {
        condition("Initialized", false, Some("ContainersNotInitialized"), Some(format!("containers with incomplete status: {}", names(&incomplete))))
    };
    let mut unready = vec![];
    for (c, st) in inits.iter().zip(&init_statuses).filter(|(c, _)| is_sidecar(c)).chain(apps.iter().zip(&statuses)) {
        if st["ready"] != true {
            unready.push(c["name"].as_str().unwrap_or_default().to_string());
        }
    }
    let containers_ready = if phase == "Succeeded" {
        condition("ContainersReady", false, Some("PodCompleted"), None)
    } else if phase == "Failed" {
        condition("ContainersReady", false, Some("PodFailed"), None)
    } else if unready.is_empty() {
        condition("ContainersReady", true, None, None)
    } else {
        condition("ContainersReady", false, Some("ContainersNotReady"), Some(format!("containers with unready status: {}", names(&unready))))
    };
    let mut ready = containers_ready.clone();
    ready["type"] = json!("Ready");
    if ready["status"] == "True" {
        let conditions = old["conditions"].as_array().unwrap_or_default();
        let mut msgs = vec![];
        for g in spec["readinessGates"].as_array().unwrap_or_default() {
            let t = g["conditionType"].as_str().unwrap_or_default();
            match conditions.iter().find(|c| c["type"] == t) {
                None => msgs.push(format!("corresponding condition of pod readiness gate {t:?} does not exist.")),
                Some(c) if c["status"] != "True" => msgs.push(format!("the status of pod readiness gate {t:?} is not \"True\", but {}", c["status"].as_str().unwrap_or_default())),
                _ => {}
            }
        }
        if !msgs.is_empty() {
            ready = condition("Ready", false, Some("ReadinessGatesNotReady"), Some(msgs.join(", ")));
        }
    }
    let generation = pod["metadata"]["generation"].to_value();
    let mut conditions = vec![condition("PodReadyToStartContainers", facts.sandbox_ready, None, None), initialized, ready, containers_ready, condition("PodScheduled", true, None, None)];
    // `allContainersCouldRestart`: only a pod with a RestartAllContainers rule reports it.
    if could_restart_all {
        conditions.push(all_containers_restarting(spec, runtime, old, phase));
    }
    // Conditions owned by others (readiness gates' own, DisruptionTarget) stay, first.
    let old_conditions = old["conditions"].as_array().unwrap_or_default();
    let kubelet_owned = ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled", "PodResizePending", "PodResizeInProgress", "AllContainersRestarting"];
    let mut merged: Vec<Value> = old_conditions.iter().filter(|c| !kubelet_owned.contains(&c["type"].as_str().unwrap_or_default())).map(Slot::to_value).collect();
    // The resize conditions from the status manager, before the kubelet's own.
    merged.extend(facts.resize_conditions.iter().cloned());
    for c in conditions.iter_mut() {
        let prev = old_conditions.iter().find(|o| o["type"] == c["type"]);
        c["lastTransitionTime"] = match prev {
            Some(p) if p["status"] == c["status"] => p["lastTransitionTime"].to_value(),
            _ => json!(now.rfc3339()),
        };
        if !generation.is_null() {
            c["observedGeneration"] = generation.clone();
        }
        merged.push(c.clone());
    }

    // `convertToAPIContainerStatuses`: regular (and ephemeral) statuses are sorted by name
    // (`kubetypes.SortedContainerStatuses`); init statuses keep the spec's order
    // (`SortStatusesOfInitContainers`). kubectl's STATUS column reads them in that order.
    let mut sorted = statuses;
    crate::sort::sort_by(&mut sorted, |a, b| a["name"].as_str().unwrap_or_default().cmp(b["name"].as_str().unwrap_or_default()));
    let mut status = json!({
        "hostIP": facts.host_ip, "hostIPs": [{"ip": facts.host_ip}],
        "phase": phase,
        "qosClass": crate::qos::pod_qos_class(spec),
    });
    // The lists move in (`json!` would copy them through its serializer).
    status["conditions"] = Value::Array(merged);
    status["containerStatuses"] = Value::Array(sorted);
    if !init_statuses.is_empty() {
        status["initContainerStatuses"] = Value::Array(init_statuses);
    }
    // Ephemeral containers (`generateAPIPodStatus`): the same conversion, sorted by name; the
    // prober manager sets neither `started` nor `ready` for them, and no resources are
    // allocated to them.
    let ephemerals = spec["ephemeralContainers"].as_array().unwrap_or_default();
    if !ephemerals.is_empty() {
        let old_eph = old["ephemeralContainerStatuses"].as_array().unwrap_or_default();
        let mut eph = container_statuses(pod, ephemerals, runtime, old_eph, facts, default_reason, false, false);
        for st in eph.iter_mut() {
            st["ready"] = json!(false);
            if let Some(m) = st.as_object_mut() {
                for f in ["started", "resources", "allocatedResources"] {
                    m.remove(f);
                }
            }
        }
        crate::sort::sort_by(&mut eph, |a, b| a["name"].as_str().unwrap_or_default().cmp(b["name"].as_str().unwrap_or_default()));
        status["ephemeralContainerStatuses"] = Value::Array(eph);
    }
    if let Some(ip) = &facts.pod_ip {
        status["podIP"] = json!(ip);
        status["podIPs"] = json!([{"ip": ip}]);
    } else if let Some(ip) = old["podIP"].as_str() {
        status["podIP"] = json!(ip);
        status["podIPs"] = old["podIPs"].to_value();
    }
    if let Some(t) = facts.start_time.as_ref().or(old["startTime"].as_str().map(str::to_string).as_ref()) {
        status["startTime"] = json!(t);
    }
    if !generation.is_null() {
        status["observedGeneration"] = generation;
    }
    if let Some(r) = reason.filter(|r| !r.is_empty()) {
        status["reason"] = json!(r);
    }
    if let Some(m) = message.filter(|m| !m.is_empty()) {
        status["message"] = json!(m);
    }
    if let Some(n) = old["nominatedNodeName"].as_str() {
        status["nominatedNodeName"] = json!(n);
    }
    status
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_termination_message_keeps_the_last_bytes_whole_characters_only() {
        assert_eq!(last_bytes("abcdef", 3), "def");
        assert_eq!(last_bytes("ab", 3), "ab");
        // "é" is two bytes: a cut inside it starts after it.
        assert_eq!(last_bytes("aébc", 3), "bc");
    }
    use super::*;

    fn st(name: &str, state: &str, last: Option<i64>) -> Value {
        let mut v = json!({"name": name, "lastState": {}});
        v["state"] = match state {
            "running" => json!({"running": {}}),
            "started" => {
                v["started"] = json!(true);
                json!({"running": {}})
            }
            "succeeded" => json!({"terminated": {"exitCode": 0}}),
            "failed" => json!({"terminated": {"exitCode": -1}}),
            _ => json!({"waiting": {}}),
        };
        if let Some(code) = last {
            v["lastState"] = json!({"terminated": {"exitCode": code}});
        }
        v
    }

    fn spec(policy: &str, init: Option<&str>) -> Value {
        let mut s = json!({"restartPolicy": policy, "containers": [{"name": "containerA"}, {"name": "containerB"}]});
        match init {
            Some("regular") => s["initContainers"] = json!([{"name": "containerX"}]),
            Some("restartable") => s["initContainers"] = json!([{"name": "containerX", "restartPolicy": "Always"}]),
            _ => {}
        }
        s
    }

    /// `TestPodPhaseWithRestartAlways`, `…Never`, `…OnFailure` (`kubelet_pods_test.go`).
    #[test]
    fn phase_tables_without_init_containers() {
        let a = |s, l| st("containerA", s, l);
        let b = |s, l| st("containerB", s, l);
        let cases: Vec<(&str, Vec<Value>, bool, &str)> = vec![
            ("Always", vec![], false, "Pending"),
            ("Always", vec![a("running", None), b("running", None)], false, "Running"),
            ("Always", vec![a("succeeded", None), b("succeeded", None)], false, "Running"),
            ("Always", vec![a("succeeded", None), b("succeeded", None)], true, "Succeeded"),
            ("Always", vec![a("succeeded", None), b("failed", None)], true, "Failed"),
            ("Always", vec![a("running", None), b("succeeded", None)], false, "Running"),
            ("Always", vec![a("running", None)], false, "Pending"),
            ("Always", vec![a("running", None), b("waiting", None)], false, "Pending"),
            ("Always", vec![a("running", None), b("waiting", Some(0))], false, "Running"),
            ("Never", vec![], false, "Pending"),
            ("Never", vec![a("running", None), b("running", None)], false, "Running"),
            ("Never", vec![a("succeeded", None), b("succeeded", None)], false, "Succeeded"),
            ("Never", vec![a("failed", None), b("failed", None)], false, "Failed"),
            ("Never", vec![a("running", None), b("succeeded", None)], false, "Running"),
            ("Never", vec![a("running", None)], false, "Pending"),
            ("Never", vec![a("running", None), b("waiting", None)], false, "Pending"),
            ("OnFailure", vec![a("running", None), b("running", None)], false, "Running"),
            ("OnFailure", vec![a("succeeded", None), b("succeeded", None)], false, "Succeeded"),
            ("OnFailure", vec![a("failed", None), b("failed", None)], false, "Running"),
            ("OnFailure", vec![a("running", None), b("succeeded", None)], false, "Running"),
            ("OnFailure", vec![a("running", None)], false, "Pending"),
            ("OnFailure", vec![a("running", None), b("waiting", None)], false, "Pending"),
            ("OnFailure", vec![a("running", None), b("waiting", Some(0))], false, "Running"),
        ];
        for (policy, statuses, terminal, want) in cases {
            assert_eq!(get_phase(&crate::Obj::untyped(&spec(policy, None)), &[], &statuses, terminal), want, "{policy} {statuses:?} {terminal}");
        }
    }

    /// `TestPodPhaseWith…InitContainers` and `…RestartableInitContainers`.
    #[test]
    fn phase_tables_with_init_containers() {
        let x = |s, l| st("containerX", s, l);
        let ab_running = || vec![st("containerA", "running", None), st("containerB", "running", None)];
        let ab_succeeded = || vec![st("containerA", "succeeded", None), st("containerB", "succeeded", None)];
        type Case = (&'static str, &'static str, Vec<Value>, Vec<Value>, bool, &'static str);
        let cases: Vec<Case> = vec![
            ("Always", "regular", vec![], vec![], false, "Pending"),
            ("Always", "regular", vec![x("running", None)], vec![], false, "Pending"),
            ("Always", "regular", vec![x("failed", None)], vec![], false, "Pending"),
            ("Always", "regular", vec![x("waiting", Some(0))], vec![], false, "Pending"),
            ("Always", "regular", vec![x("waiting", Some(-1))], vec![], false, "Pending"),
            ("Always", "regular", vec![x("succeeded", None)], ab_running(), false, "Running"),
            ("Never", "regular", vec![x("failed", None)], vec![], false, "Failed"),
            ("Never", "regular", vec![x("waiting", Some(-1))], vec![], false, "Failed"),
            ("Never", "regular", vec![x("waiting", Some(0))], vec![], false, "Pending"),
            ("Always", "restartable", vec![x("running", None)], vec![], false, "Pending"),
            ("Always", "restartable", vec![x("succeeded", None)], vec![], false, "Pending"),
            ("Always", "restartable", vec![x("started", None)], vec![st("containerA", "running", None)], false, "Pending"),
            ("Always", "restartable", vec![x("started", None)], ab_running(), false, "Running"),
            ("Always", "restartable", vec![x("running", None)], ab_running(), false, "Running"),
            ("Always", "restartable", vec![x("waiting", Some(0))], ab_running(), false, "Running"),
            ("Always", "restartable", vec![x("failed", None)], ab_succeeded(), true, "Succeeded"),
            ("Never", "restartable", vec![x("started", None)], ab_succeeded(), false, "Running"),
            ("Never", "restartable", vec![x("succeeded", None)], ab_succeeded(), false, "Succeeded"),
            ("Never", "restartable", vec![x("failed", None)], ab_succeeded(), false, "Succeeded"),
            ("Never", "restartable", vec![x("waiting", Some(-1))], ab_succeeded(), false, "Succeeded"),
        ];
        for (policy, kind, init, statuses, terminal, want) in cases {
            assert_eq!(get_phase(&crate::Obj::untyped(&spec(policy, Some(kind))), &init, &statuses, terminal), want, "{policy} {kind} {init:?} {statuses:?}");
        }
    }

    /// `TestTerminatePod` / `TestTerminatePodWaiting` (status_manager_test.go): a waiting
    /// regular container is reported terminated once the pod has initialized; before that only
    /// the init containers that ever started (at least the first) are.
    #[test]
    fn terminate_pod_marks_missing_statuses_and_fails_the_pod() {
        let waiting = |name: &str, reason: &str| json!({"name": name, "state": {"waiting": {"reason": reason}}, "lastState": {}});
        let unknown = json!({"terminated": {"exitCode": 137, "reason": "ContainerStatusUnknown", "message": "The container could not be located when the pod was terminated"}});
        let pod = json!({"spec": {"containers": [{"name": "main"}]}, "status": {"containerStatuses": [waiting("main", "ImagePullBackOff")]}});
        let mut status = json!({"phase": "Pending", "containerStatuses": [waiting("main", "ContainerCreating")]});
        terminate_pod(&crate::Obj::untyped(&pod), &mut status, false);
        assert_eq!(status["phase"], "Failed");
        assert_eq!(status["containerStatuses"][0]["state"], unknown);

        let pod = json!({"spec": {"initContainers": [{"name": "a"}, {"name": "b"}], "containers": [{"name": "main"}]}, "status": {}});
        let mut status = json!({"phase": "Pending", "initContainerStatuses": [waiting("a", "PodInitializing"), waiting("b", "PodInitializing")], "containerStatuses": [waiting("main", "PodInitializing")]});
        terminate_pod(&crate::Obj::untyped(&pod), &mut status, false);
        assert_eq!(status["initContainerStatuses"][0]["state"], unknown);
        assert!(status["initContainerStatuses"][1]["state"]["waiting"].is_object());
        assert!(status["containerStatuses"][0]["state"]["waiting"].is_object());

        // A static pod keeps its phase (upstream's TODO #116484).
        let mut status = json!({"phase": "Running", "containerStatuses": []});
        terminate_pod(&crate::Obj::untyped(&json!({"spec": {}})), &mut status, true);
        assert_eq!(status["phase"], "Running");
    }
}

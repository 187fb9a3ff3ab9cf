//! The kubelet's HTTPS server as kube-apiserver reaches it for `pods/log`
//! (`pkg/kubelet/kubelet_pods.go` `validateContainerLogStatus`, `GetContainerLogs`), and the
//! node-local views `crictl` and `journalctl` give (`podlife node NAME -- …`).


use crate::Slot;

use crate::Engine;
use crate::apiserver::status::{Reason, Status};
use crate::containerd::Runtime;
use crate::store::ObjectKey;
use crate::trace::{Action, ComponentRef};
use podlife_model::ResourceType;

/// One log line: when, which stream, the text.
pub use crate::containerd::logs::LogLine;

/// The kubelet's HTTPS port (`--port`, `KubeletPort`).
const KUBELET_PORT: u16 = 10250;

/// What `kubectl logs` asks the kubelet for besides the container (`PodLogOptions`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LogOptions {
    pub previous: bool,
    pub follow: bool,
    pub timestamps: bool,
    pub tail_lines: Option<usize>,
}

impl LogOptions {
    /// The kubelet URL's query as `LogLocation` builds it (`url.Values.Encode`: keys sorted).
    fn query(&self) -> String {
        let mut params: Vec<(&str, String)> = Vec::new();
        if self.follow {
            params.push(("follow", "true".into()));
        }
        if self.previous {
            params.push(("previous", "true".into()));
        }
        if let Some(n) = self.tail_lines {
            params.push(("tailLines", n.to_string()));
        }
        if self.timestamps {
            params.push(("timestamps", "true".into()));
        }
        let text: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if text.is_empty() { String::new() } else { format!("?{}", text.join("&")) }
    }
}

/// What the kubelet streams back for `pods/log`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PodLog {
    pub lines: Vec<LogLine>,
    /// An error the kubelet wrote after the stream had begun: its zero-byte write has already
    /// sent HTTP 200, so `WriteError`'s text arrives as the body's end, without a newline,
    /// and kubectl prints it and exits 0 (`server.go getContainerLogs`).
    pub trailer: Option<String>,
}

impl Engine {
    /// The node's containerd state, for `crictl`-style views.
    pub fn node_runtime(&mut self, node: &str) -> Option<&Runtime> {
        self.machine(node).map(|m| &m.runtime)
    }

    /// `GET /api/v1/namespaces/NS/pods/NAME/log?container=C[&previous=true]`: kube-apiserver
    /// asks the pod's kubelet, which picks the container instance from the pod's status.
    pub fn pod_logs(&mut self, namespace: &str, name: &str, container: &str, options: LogOptions) -> Result<PodLog, Status> {
        let previous = options.previous;
        let mut path = format!("/api/v1/namespaces/{namespace}/pods/{name}/log?container={container}");
        if previous {
            path.push_str("&previous=true");
        }
        let object = Some(crate::trace::ObjectRef { kind: "Pod".into(), namespace: Some(namespace.into()), name: name.into() });
        self.record(ComponentRef::control_plane("kube-apiserver"), Action::Request, object.clone(), crate::sort::map_of([("verb".to_string(), json!("GET")), ("path".to_string(), json!(path))]), vec![]);
        let rt = ResourceType::resolve("pods").ok_or_else(|| Status::plain(Reason::NotFound, "pods not served".into()))?;
        let pod = self.store.get(&ObjectKey::new(rt, Some(namespace), name)).cloned().ok_or_else(|| Status::not_found(rt, name))?;
        let node = pod["spec"]["nodeName"].as_str().unwrap_or_default().to_string();
        if node.is_empty() {
            // No node yet: kube-apiserver answers with an empty log.
            return Ok(PodLog::default());
        }
        // `LocationStreamer`: kube-apiserver GETs the log from the kubelet; a kubelet that is
        // not running refuses the connection, and the error is the HTTP client's.
        if let Some((ip, refused)) = self.kubelet_refuses(&node) {
            let url = format!("https://{ip}:{KUBELET_PORT}/containerLogs/{namespace}/{name}/{container}{}", options.query());
            return Err(Status::plain(Reason::Unknown, format!("Get \"{url}\": {refused}")));
        }
        let statuses = pod["status"]["containerStatuses"].as_array().into_iter().chain(pod["status"]["initContainerStatuses"].as_array()).chain(pod["status"]["ephemeralContainerStatuses"].as_array()).flatten();
        let Some(st) = statuses.into_iter().find(|s| s["name"] == container).cloned() else {
            return Err(Status::bad_request(format!("container {container:?} in pod {name:?} is waiting to start - no logs yet")));
        };
        let id = validate_container_log_status(name, container, &st, previous).map_err(Status::bad_request)?;
        self.record(ComponentRef::on_node(super::COMPONENT, &node), Action::KubeletLogs, object, crate::sort::map_of([("container".to_string(), json!(container)), ("previous".to_string(), json!(previous))]), vec![]);
        let short = id.trim_start_matches("containerd://").to_string();
        let now = self.now();
        match self.machine(&node).and_then(|m| m.runtime.containers.get(&short)) {
            Some(c) => Ok(PodLog { lines: c.log.current(c.finished_at.unwrap_or(now)).to_vec(), trailer: None }),
            // The status still names an instance the container GC has removed (it is
            // rewritten only at the pod's next sync): `GetContainerLogs` cannot find it
            // (kuberuntime_container.go).
            None => Ok(PodLog { lines: vec![], trailer: Some(format!("unable to retrieve container logs for {id}")) }),
        }
    }
}

impl Engine {
    /// The node's InternalIP (`--kubelet-preferred-address-types=InternalIP,…`) and the dial
    /// error of a connection to its kubelet's port, when the kubelet is not running (a
    /// stopped process: nothing listens, the node refuses).
    fn kubelet_refuses(&self, node: &str) -> Option<(String, String)> {
        if self.is_running(super::COMPONENT, Some(node)).unwrap_or(true) {
            return None;
        }
        let ip = self.machines.get(node)?.facts.host_ip.clone();
        let refused = format!("dial tcp {ip}:{KUBELET_PORT}: connect: connection refused");
        Some((ip, refused))
    }
}

/// `validateContainerLogStatus`: which container instance's log, or why none.
fn validate_container_log_status(pod: &str, container: &str, st: &Slot, previous: bool) -> Result<String, String> {
    let last = &st["lastState"]["terminated"];
    let (waiting, running, terminated) = (&st["state"]["waiting"], &st["state"]["running"], &st["state"]["terminated"]);
    let id = |v: &Slot| v["containerID"].as_str().filter(|s| !s.is_empty()).map(str::to_string);
    if previous {
        return id(last).ok_or_else(|| format!("previous terminated container {container:?} in pod {pod:?} not found"));
    }
    if running.is_object() {
        return st["containerID"].as_str().map(str::to_string).ok_or_else(|| format!("container {container:?} in pod {pod:?} is waiting to start - no logs yet"));
    }
    if terminated.is_object() {
        return id(terminated).or_else(|| id(last)).ok_or_else(|| format!("container {container:?} in pod {pod:?} is terminated"));
    }
    if last.is_object() {
        return id(last).ok_or_else(|| format!("container {container:?} in pod {pod:?} is terminated"));
    }
    if waiting.is_object() {
        return Err(match waiting["reason"].as_str().unwrap_or_default() {
            "ErrImagePull" => format!("container {container:?} in pod {pod:?} is waiting to start: image can't be pulled"),
            "ImagePullBackOff" => format!("container {container:?} in pod {pod:?} is waiting to start: trying and failing to pull image"),
            reason => format!("container {container:?} in pod {pod:?} is waiting to start: {reason}"),
        });
    }
    Err(format!("container {container:?} in pod {pod:?} is waiting to start - no logs yet"))
}

impl Engine {
    /// `POST …/pods/NAME/exec?container=C&command=…`: kube-apiserver upgrades the
    /// connection to the kubelet, which asks containerd to run the command in the container.
    /// Returns what ran; the caller lets the command's virtual time pass.
    pub fn pod_exec(&mut self, namespace: &str, name: &str, container: &str, argv: &[String]) -> Result<crate::containerd::exec::ExecRun, Status> {
        self.pod_exec_stdin(namespace, name, container, argv, None)
    }

    /// The exec subresource with a standard input stream (`kubectl exec -i`, `kubectl cp`).
    pub fn pod_exec_stdin(&mut self, namespace: &str, name: &str, container: &str, argv: &[String], stdin: Option<&str>) -> Result<crate::containerd::exec::ExecRun, Status> {
        self.outside_change();
        let path = format!("/api/v1/namespaces/{namespace}/pods/{name}/exec?container={container}");
        let object = Some(crate::trace::ObjectRef { kind: "Pod".into(), namespace: Some(namespace.into()), name: name.into() });
        self.record(ComponentRef::control_plane("kube-apiserver"), Action::Request, object.clone(), crate::sort::map_of([("verb".to_string(), json!("POST")), ("path".to_string(), json!(path))]), vec![]);
        let rt = ResourceType::resolve("pods").ok_or_else(|| Status::plain(Reason::NotFound, "pods not served".into()))?;
        let pod = self.store.get(&ObjectKey::new(rt, Some(namespace), name)).cloned().ok_or_else(|| Status::not_found(rt, name))?;
        let phase = pod["status"]["phase"].as_str().unwrap_or_default();
        if phase == "Succeeded" || phase == "Failed" {
            return Err(Status::bad_request(format!("cannot exec into a container in a completed pod; current phase is {phase}")));
        }
        let node = pod["spec"]["nodeName"].as_str().unwrap_or_default().to_string();
        let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().to_string();
        // The upgrade-aware proxy dials the kubelet first (`proxy.DialURL`).
        if let Some((_, refused)) = self.kubelet_refuses(&node) {
            return Err(Status::plain(Reason::Unknown, format!("error dialing backend: {refused}")));
        }
        let running = !node.is_empty() && self.machine(&node).is_some_and(|m| m.runtime.pod_containers(&uid).iter().any(|c| c.name == container && c.state == crate::containerd::ContainerState::Running));
        if !running {
            return Err(Status::bad_request(format!("unable to upgrade connection: container not found ({container:?})")));
        }
        self.record(ComponentRef::on_node(super::COMPONENT, &node), Action::KubeletExec, object, crate::sort::map_of([("container".to_string(), json!(container)), ("command".to_string(), json!(argv))]), vec![]);
        // The kubelet's streaming request to the runtime: one of its CRI calls.
        let exec = |k: &mut super::Kubelet, cx: &mut super::Cx<'_>| k.cri(cx, |cri| cri.exec(&uid, container, argv, stdin, crate::containerd::shellproc::EXEC_LIMIT_MS));
        let run = self.run_kubelet(&node, exec).unwrap_or_else(|| Err(format!("unable to upgrade connection: container not found ({container:?})"))).map_err(Status::bad_request)?;
        // containerd's streaming server (`k8s.io/kubelet/pkg/cri/streaming` `serveExec`): an
        // exec that cannot start is an internal error, as kubectl prints it.
        match &run.start_error {
            Some(e) => Err(Status::plain(crate::apiserver::status::Reason::InternalError, format!("Internal error occurred: error executing command in container: {e}"))),
            None => Ok(run),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_status_rules() {
        let waiting = crate::Obj::untyped(&json!({"state": {"waiting": {"reason": "ContainerCreating"}}, "lastState": {}}));
        assert_eq!(validate_container_log_status("p", "c", &waiting, false), Err("container \"c\" in pod \"p\" is waiting to start: ContainerCreating".into()));
        assert_eq!(validate_container_log_status("p", "c", &waiting, true), Err("previous terminated container \"c\" in pod \"p\" not found".into()));
        let crash = crate::Obj::untyped(&json!({"state": {"waiting": {"reason": "CrashLoopBackOff"}}, "lastState": {"terminated": {"containerID": "containerd://abc"}}}));
        assert_eq!(validate_container_log_status("p", "c", &crash, false).as_deref(), Ok("containerd://abc"));
        let pull = crate::Obj::untyped(&json!({"state": {"waiting": {"reason": "ImagePullBackOff"}}, "lastState": {}}));
        assert!(validate_container_log_status("p", "c", &pull, false).unwrap_err().ends_with("trying and failing to pull image"));
    }
}

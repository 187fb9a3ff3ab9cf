//! containerd as a component: the daemon's process on one node, driven as every component is
//! (`component.rs`), whose handlers are the CRI calls the kubelet makes over its socket
//! (`cri.rs`, `pull.rs`) and the timer of a `StopContainer` that waits for its task to exit.
//!
//! What the daemon keeps in memory is the `StopContainer` calls in flight: each waits its
//! timeout before the SIGKILL (`internal/cri/server/container_stop.go`), and a later call or the
//! kubelet's cancelled context makes the wait stale. Its metadata — sandboxes, containers and
//! their CRI status, images — is on the node's disk (`/var/lib/containerd`, recovered at start:
//! "Start recovering state"), so it is the machine's (`machine.rs`); the running tasks are their
//! shims'. containerd acts on both through `Cx::machine()` (`machine_services.rs`).

use crate::clock::Time;
use crate::component::Component;
use crate::containerd::exec::ExecRun;
use crate::containerd::{NodeImage, Runtime};
use crate::cri_api::{CreateContainer, CriError, RuntimeService};
use crate::registry::ImageRef;
use crate::trace::ObjectRef;
use crate::Slot;
use crate::store::WatchEvent;
use crate::vecmap::VecMap;

pub(crate) type Cx<'a> = crate::component::Cx<'a, Timer>;

/// containerd's one timer: a `StopContainer`'s timeout ran out (SIGKILL if the task still
/// runs and the call is still the latest for the container).
#[derive(Debug, Clone)]
pub(crate) struct Timer {
    pub node: String,
    pub container: String,
    /// The task it waited for (the container's process generation).
    pub generation: u64,
    /// The call it belongs to (see [`Containerd::stop_requests`]).
    pub request: u64,
}

/// One node's containerd daemon.
#[derive(Debug, Clone)]
pub(crate) struct Containerd {
    pub(super) node: String,
    /// Per container, how many `StopContainer` calls it has had or had cancelled: a timeout
    /// whose number is no longer the latest is stale.
    pub(super) stop_requests: VecMap<String, u64>,
}

impl Containerd {
    pub(crate) fn new(node: &str) -> Containerd {
        Containerd { node: node.to_string(), stop_requests: VecMap::new() }
    }

    /// The node's containerd state on disk and its shims' tasks.
    pub(super) fn runtime<'c>(&self, cx: &'c mut Cx<'_>) -> Option<&'c mut Runtime> {
        cx.machine().machine_mut(&self.node).map(|m| &mut m.runtime)
    }

    /// A call's number for `container` after one more `StopContainer` (or its cancelling).
    pub(super) fn next_stop_request(&mut self, container: &str) -> u64 {
        let n = self.stop_requests.get(container).copied().unwrap_or(0) + 1;
        self.stop_requests.insert(container.to_string(), n);
        n
    }

    /// Is `request` the latest `StopContainer` of `container`?
    pub(super) fn latest_stop(&self, container: &str, request: u64) -> bool {
        self.stop_requests.get(container).copied().unwrap_or(0) == request
    }
}

impl Component for Containerd {
    type Timer = Timer;

    /// containerd watches nothing of the API.
    fn on_watch(&mut self, _cx: &mut Cx<'_>, _event: &WatchEvent, _old: Option<&crate::Slot>) {}

    fn on_timer(&mut self, cx: &mut Cx<'_>, timer: Timer) {
        self.stop_timeout(cx, &timer.container, timer.generation, timer.request);
    }

    /// Its start and stop are systemd's (`daemon.rs`, `Engine::start_component`): the journal
    /// and the socket are the machine's.
    fn on_start(&mut self, _cx: &mut Cx<'_>) {}

    /// A `StopContainer` in flight outlives the daemon here: podlife's calls return at once,
    /// so what waits is the timer, and a restart does not cancel it.
    fn on_stop(&mut self) {}
}

/// A node's containerd serving one CRI connection: the daemon with its context, as the
/// kubelet's calls reach it (`Engine::run_containerd`).
pub(crate) struct Socket<'a, 'b> {
    pub daemon: &'a mut Containerd,
    pub cx: &'a mut Cx<'b>,
}

impl RuntimeService for Socket<'_, '_> {
    fn run_pod_sandbox(&mut self, pod: &Slot, attempt: u32, pod_cidr: Option<&str>) -> Result<String, CriError> {
        self.daemon.run_pod_sandbox(self.cx, pod, attempt, pod_cidr)
    }

    fn create_container(&mut self, pod: &Slot, req: CreateContainer<'_>) -> Result<String, CriError> {
        self.daemon.create_container(self.cx, pod, req)
    }

    fn start_container(&mut self, pod: &Slot, container_id: &str, spec: &Slot, image: &NodeImage) -> Result<(), CriError> {
        self.daemon.start_container(self.cx, pod, container_id, spec, image)
    }

    fn update_container_resources(&mut self, pod: &Slot, container_id: &str, name: &str, resources: &Slot) -> Result<(), CriError> {
        self.daemon.update_container_resources(self.cx, pod, container_id, name, resources)
    }

    fn update_pod_sandbox_resources(&mut self, pod: &Slot) -> Result<(), CriError> {
        self.daemon.update_pod_sandbox_resources(self.cx, pod)
    }

    fn stop_container(&mut self, pod: &Slot, container_id: &str, timeout_s: i64) -> Result<(), CriError> {
        self.daemon.stop_container(self.cx, pod, container_id, timeout_s)
    }

    fn cancel_stop(&mut self, container_id: &str) {
        self.daemon.cancel_stop(self.cx, container_id);
    }

    fn stop_pod_sandbox(&mut self, pod: &Slot, sandbox_id: &str) -> Result<(), CriError> {
        self.daemon.stop_pod_sandbox(self.cx, pod, sandbox_id)
    }

    fn remove_container(&mut self, object: Option<ObjectRef>, id: &str, name: &str) -> Result<(), CriError> {
        self.daemon.remove_container(self.cx, object, id, name)
    }

    fn remove_pod(&mut self, pod_uid: &str) {
        self.daemon.remove_pod(self.cx, pod_uid);
    }

    fn exec(&mut self, uid: &str, container: &str, argv: &[String], stdin: Option<&str>, limit_ms: u64) -> Result<ExecRun, String> {
        self.daemon.exec(self.cx, uid, container, argv, stdin, limit_ms)
    }

    fn pull_image_queued(&mut self, object: Option<ObjectRef>, image: &str, reference: &ImageRef, started: Time, up: bool) {
        self.daemon.pull_image_queued(self.cx, object, image, reference, started, up);
    }

    fn image_pulled(&mut self, object: Option<ObjectRef>, image: &str, started: Time) -> u64 {
        self.daemon.image_pulled(self.cx, object, image, started)
    }

    fn pull_image_failed(&mut self, object: Option<ObjectRef>, image: &str, text: &str) {
        self.daemon.pull_image_failed(self.cx, object, image, text);
    }

    fn pull_volume_image(&mut self, reference: &ImageRef) {
        self.daemon.pull_volume_image(self.cx, reference);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A later StopContainer, or the kubelet cancelling one, makes the earlier call's timeout
    // stale; a removed container's calls are forgotten.
    #[test]
    fn only_the_latest_stop_of_a_container_kills() {
        let mut d = Containerd::new("worker");
        let first = d.next_stop_request("c1");
        assert!(d.latest_stop("c1", first));
        let second = d.next_stop_request("c1");
        assert!(!d.latest_stop("c1", first) && d.latest_stop("c1", second));
        assert_eq!(d.next_stop_request("c2"), 1, "each container counts its own calls");
        d.stop_requests.remove("c1");
        assert!(!d.latest_stop("c1", second));
    }
}

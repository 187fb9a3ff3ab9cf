//! The CRI as the kubelet calls it (k8s.io/cri-api's `RuntimeService` and `ImageService`, and
//! what its gRPC client answers when the socket is gone): the interface between the kubelet and
//! containerd, below both, as kube-apiserver's requests are between the API and its clients.
//! containerd implements it (`containerd/service.rs`); the kubelet calls it inside
//! `Kubelet::cri`, through `NodeServices::containerd`.

use crate::clock::Time;
use crate::containerd::exec::ExecRun;
use crate::containerd::NodeImage;
use crate::registry::ImageRef;
use crate::trace::ObjectRef;
use crate::Slot;

/// Why a CRI call failed: the gRPC error text the kubelet receives.
pub type CriError = String;

/// The text every CRI call gets while containerd is down. Its socket file is gone (containerd's
/// listeners close on shutdown and Go's unix listener unlinks its path, `containerd/daemon.rs`),
/// so the kubelet's dialer (`net.Dialer.DialContext`, k8s.io/cri-client
/// `util.GetAddressAndDialer`) fails with ENOENT; grpc-go wraps it as `transport: Error while
/// dialing: %v` (`internal/transport/http2_client.go`) and pick_first fails the call with that
/// connection error as `Unavailable` (`balancer/pickfirst`, `picker_wrapper.go`, grpc v1.80).
pub const CONTAINERD_DOWN: &str = "rpc error: code = Unavailable desc = connection error: desc = \"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: no such file or directory\"";

/// What `CreateContainer` gets (the CRI's `CreateContainerRequest`: sandbox and config).
pub(crate) struct CreateContainer<'a> {
    pub sandbox_id: &'a str,
    pub spec: &'a Slot,
    /// The restart count the kubelet records on the container.
    pub attempt: u32,
    pub image: &'a NodeImage,
    pub env: Vec<(String, String)>,
}

/// The calls, each answered at the moment its work is done (the kubelet schedules its next
/// step after the call's duration).
pub(crate) trait RuntimeService {
    /// `RunPodSandbox`, with the node's podCIDR as the kubelet last handed it to the runtime
    /// (`UpdateRuntimeConfig`): the sandbox's id.
    fn run_pod_sandbox(&mut self, pod: &Slot, attempt: u32, pod_cidr: Option<&str>) -> Result<String, CriError>;

    /// `CreateContainer`: the container's id.
    fn create_container(&mut self, pod: &Slot, req: CreateContainer<'_>) -> Result<String, CriError>;

    /// `StartContainer`.
    fn start_container(&mut self, pod: &Slot, container_id: &str, spec: &Slot, image: &NodeImage) -> Result<(), CriError>;

    /// `UpdateContainerResources` (an in-place resize).
    fn update_container_resources(&mut self, pod: &Slot, container_id: &str, name: &str, resources: &Slot) -> Result<(), CriError>;

    /// `UpdatePodSandboxResources` (a pod-level resize).
    fn update_pod_sandbox_resources(&mut self, pod: &Slot) -> Result<(), CriError>;

    /// `StopContainer` with its timeout in seconds.
    fn stop_container(&mut self, pod: &Slot, container_id: &str, timeout_s: i64) -> Result<(), CriError>;

    /// The kubelet's context of a `StopContainer` in flight is cancelled.
    fn cancel_stop(&mut self, container_id: &str);

    /// `StopPodSandbox`.
    fn stop_pod_sandbox(&mut self, pod: &Slot, sandbox_id: &str) -> Result<(), CriError>;

    /// `RemoveContainer`.
    fn remove_container(&mut self, object: Option<ObjectRef>, id: &str, name: &str) -> Result<(), CriError>;

    /// `RemoveContainer` and `RemovePodSandbox` of what is left of a pod that is gone.
    fn remove_pod(&mut self, pod_uid: &str);

    /// `ExecSync`, or `Exec` with the client's stdin.
    fn exec(&mut self, uid: &str, container: &str, argv: &[String], stdin: Option<&str>, limit_ms: u64) -> Result<ExecRun, String>;

    /// `PullImage`, taken by the kubelet's serialized puller at `started` (`up`: the CRI answers).
    fn pull_image_queued(&mut self, object: Option<ObjectRef>, image: &str, reference: &ImageRef, started: Time, up: bool);

    /// The pull that started at `started` returns now: the image's size.
    fn image_pulled(&mut self, object: Option<ObjectRef>, image: &str, started: Time) -> u64;

    /// The pull failed with `text`.
    fn pull_image_failed(&mut self, object: Option<ObjectRef>, image: &str, text: &str);

    /// An `image` volume's image, stored at once.
    fn pull_volume_image(&mut self, reference: &ImageRef);
}

/// What a CRI call answers when it cannot reach the daemon at all (no containerd on the node,
/// or one busy inside another call): the error a dead socket gives, or nothing.
pub(crate) trait CriReply {
    fn unreachable() -> Self;
}

impl<T> CriReply for Result<T, String> {
    fn unreachable() -> Self {
        Err(CONTAINERD_DOWN.to_string())
    }
}

impl CriReply for () {
    fn unreachable() -> Self {}
}

impl CriReply for u64 {
    fn unreachable() -> Self {
        0
    }
}

//! Helpers over a pod's spec that the kubelet and the container runtime share (upstream:
//! `pkg/kubelet/container/helpers.go`), below both.

use crate::Slot;

/// `GetContainerSpec`: the init, app or ephemeral container of that name.
pub fn container_spec<'a>(pod: &'a Slot, name: &str) -> Option<&'a Slot> {
    pod["spec"]["initContainers"].as_array().into_iter().chain(pod["spec"]["containers"].as_array()).chain(pod["spec"]["ephemeralContainers"].as_array()).flatten().find(|c| c["name"] == name)
}

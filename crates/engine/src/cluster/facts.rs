//! The fixed facts of the cluster that components read (versions, addresses, kube-dns's
//! ClusterIP): below every component, so none imports the cluster's builder for them.

use crate::Slot;

/// The fixed facts about every node's software (what `kubectl get nodes -o wide` shows).
pub const KUBELET_VERSION: &str = "v1.36.0";
pub const CONTAINER_RUNTIME_VERSION: &str = "containerd://2.3.1";
pub const OS_IMAGE: &str = "Debian GNU/Linux 13 (trixie)";
pub const KERNEL_VERSION: &str = "6.8.0-79-generic";

/// kube-dns's ClusterIP (kubeadm: the tenth address of the service subnet).
pub const DNS_SERVICE_IP: &str = "10.96.0.10";

/// The address of the `index`th node of a cluster (kind's docker network).
pub fn node_ip(index: usize) -> String {
    format!("172.18.0.{}", index + 2)
}

/// A Node object's `InternalIP` address.
pub fn internal_ip(node: &Slot) -> Option<&str> {
    node["status"]["addresses"].as_array()?.iter().find(|a| a["type"] == "InternalIP")?["address"].as_str()
}

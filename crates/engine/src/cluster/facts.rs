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

/// The address of the `index`th node of a cluster (kind's docker network, 172.18.0.0/16:
/// docker hands its addresses out in order from .0.2, so the 254th node gets 172.18.0.255
/// and the next 172.18.1.0). `MAX_NODES` keeps every index inside the network.
pub fn node_ip(index: usize) -> String {
    let offset = index + 2;
    format!("172.18.{}.{}", offset / 256, offset % 256)
}

/// kind's pod subnet (kube-controller-manager's `--cluster-cidr`) holds this many /24 node
/// ranges (`--node-cidr-mask-size` 24): 10.244.0.0/24 to 10.244.255.0/24.
pub const POD_RANGES: usize = 256;

/// The podCIDR node IPAM gives the `index`th node when they register in order, if the pod
/// subnet still has one for it (`cidr_set.go`'s `AllocateNext` from the range's start).
pub fn pod_cidr(index: usize) -> Option<String> {
    (index < POD_RANGES).then(|| pod_range(index))
}

/// The `i`th /24 of kind's pod subnet (`i` < `POD_RANGES`).
pub fn pod_range(i: usize) -> String {
    format!("10.244.{i}.0/24")
}

/// A Node object's `InternalIP` address.
pub fn internal_ip(node: &Slot) -> Option<&str> {
    node["status"]["addresses"].as_array()?.iter().find(|a| a["type"] == "InternalIP")?["address"].as_str()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_addresses_and_pod_ranges_stay_valid_past_the_first_octet() {
        assert_eq!([node_ip(0), node_ip(253), node_ip(254), node_ip(4_999)], ["172.18.0.2", "172.18.0.255", "172.18.1.0", "172.18.19.137"]);
        assert_eq!((pod_cidr(0), pod_cidr(255), pod_cidr(256)), (Some("10.244.0.0/24".to_string()), Some("10.244.255.0/24".to_string()), None));
    }
}

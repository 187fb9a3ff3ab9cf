//! The default profile's plugins, one file each, named as upstream names them.

pub mod balanced_allocation;
pub mod image_locality;
pub mod inter_pod_affinity;
pub mod label_selector;
pub mod node_affinity;
pub mod node_name;
pub mod node_ports;
pub mod node_resources_fit;
pub mod node_unschedulable;
pub mod pod_topology_spread;
pub mod taint_toleration;
pub mod volume_binding;
pub mod volume_restrictions;

use super::framework::{FilterPlugin, ScorePlugin};

/// Filter plugins in the 1.36 default profile's order (upstream
/// `pkg/scheduler/apis/config/v1/default_plugins.go`).
pub fn filters(strategy: node_resources_fit::ScoringStrategy) -> Vec<Box<dyn FilterPlugin>> {
    vec![
        Box::new(node_unschedulable::NodeUnschedulable),
        Box::new(node_name::NodeName),
        Box::new(taint_toleration::TaintToleration),
        Box::new(node_affinity::NodeAffinity),
        Box::new(node_ports::NodePorts),
        Box::new(node_resources_fit::NodeResourcesFit { strategy }),
    ]
}

/// A PreFilter plugin rejected the pod for every node.
pub struct PreFilterRejection {
    pub plugin: &'static str,
    pub status: super::framework::Status,
}

impl PreFilterRejection {
    /// The rejection as a filter that fails every node (for preemption's dry runs).
    pub fn into_filters(self) -> Vec<Box<dyn FilterPlugin>> {
        vec![Box::new(self)]
    }
}

impl FilterPlugin for PreFilterRejection {
    fn name(&self) -> &'static str {
        self.plugin
    }

    fn filter(&self, _pod: &super::framework::PodInfo, _node: &super::framework::NodeInfo) -> super::framework::Status {
        self.status.clone()
    }
}

/// All filters for one cycle, in profile order: the stateless ones, then the volume plugins,
/// PodTopologySpread and InterPodAffinity with their PreFilter state computed over the
/// snapshot. A PreFilter that rejects the pod (UnschedulableAndUnresolvable) ends it here.
pub fn filters_for_cycle(
    strategy: node_resources_fit::ScoringStrategy,
    pod: &super::framework::PodInfo,
    nodes: &[&super::framework::NodeInfo],
    ns_labels: &inter_pod_affinity::NamespaceLabels,
    listers: &volume_binding::Listers<'_>,
) -> Result<Vec<Box<dyn FilterPlugin>>, PreFilterRejection> {
    let mut all = filters(strategy);
    match volume_restrictions::pre_filter(pod, nodes, listers) {
        Err(status) => return Err(PreFilterRejection { plugin: "VolumeRestrictions", status }),
        Ok(Some(vr)) => all.push(Box::new(vr)),
        Ok(None) => {}
    }
    match volume_binding::pre_filter(pod, listers) {
        Err(status) => return Err(PreFilterRejection { plugin: "VolumeBinding", status }),
        Ok(Some(vb)) => all.push(Box::new(vb)),
        Ok(None) => {}
    }
    all.push(Box::new(pod_topology_spread::PodTopologySpread { state: pod_topology_spread::pre_filter(pod, nodes) }));
    let ipa = inter_pod_affinity::pre_filter(pod, nodes, ns_labels);
    if !ipa.skip {
        all.push(Box::new(inter_pod_affinity::InterPodAffinity { state: ipa }));
    }
    Ok(all)
}

/// Score plugins with their default weights, in profile order; PodTopologySpread carries
/// this cycle's PreScore state.
pub fn scorers(strategy: node_resources_fit::ScoringStrategy, spread: pod_topology_spread::SpreadScore, affinity: inter_pod_affinity::AffinityScore) -> Vec<Box<dyn ScorePlugin>> {
    vec![
        Box::new(taint_toleration::TaintToleration),
        Box::new(node_affinity::NodeAffinity),
        Box::new(node_resources_fit::NodeResourcesFit { strategy }),
        Box::new(spread),
        Box::new(affinity),
        Box::new(balanced_allocation::BalancedAllocation),
        Box::new(image_locality::ImageLocality),
    ]
}

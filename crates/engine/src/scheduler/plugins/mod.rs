//! The default profile's plugins, one file each, named as upstream names them.

pub mod balanced_allocation;
pub mod image_locality;
pub mod node_affinity;
pub mod node_name;
pub mod node_ports;
pub mod node_resources_fit;
pub mod node_unschedulable;
pub mod taint_toleration;

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

/// Score plugins with their default weights, in profile order.
pub fn scorers(strategy: node_resources_fit::ScoringStrategy) -> Vec<Box<dyn ScorePlugin>> {
    vec![
        Box::new(taint_toleration::TaintToleration),
        Box::new(node_affinity::NodeAffinity),
        Box::new(node_resources_fit::NodeResourcesFit { strategy }),
        Box::new(balanced_allocation::BalancedAllocation),
        Box::new(image_locality::ImageLocality),
    ]
}

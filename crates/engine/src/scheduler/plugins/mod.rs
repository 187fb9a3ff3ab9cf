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
pub mod volume_zone;

use super::config::Profile;
use super::framework::{FilterPlugin, ScorePlugin};

/// The stateless Filter plugins, in the 1.36 default profile's order (upstream
/// `pkg/scheduler/apis/config/v1/default_plugins.go`).
pub fn filters(profile: &Profile) -> Vec<Box<dyn FilterPlugin>> {
    let all: Vec<Box<dyn FilterPlugin>> = vec![
        Box::new(node_unschedulable::NodeUnschedulable),
        Box::new(node_name::NodeName),
        Box::new(taint_toleration::TaintToleration),
        Box::new(node_affinity::NodeAffinity),
        Box::new(node_ports::NodePorts),
        Box::new(node_resources_fit::NodeResourcesFit { strategy: profile.fit_strategy.clone(), resources: profile.fit_resources.clone() }),
    ];
    all.into_iter().filter(|f| profile.filter_enabled(f.name())).collect()
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
    profile: &Profile,
    pod: &super::framework::PodInfo,
    nodes: &[&super::framework::NodeInfo],
    ns_labels: &inter_pod_affinity::NamespaceLabels,
    listers: &volume_binding::Listers<'_>,
) -> Result<Vec<Box<dyn FilterPlugin>>, PreFilterRejection> {
    let mut all = filters(profile);
    let on = |plugin: &str| profile.filter_enabled(plugin);
    if on("VolumeRestrictions") {
        match volume_restrictions::pre_filter(pod, nodes, listers) {
            Err(status) => return Err(PreFilterRejection { plugin: "VolumeRestrictions", status }),
            Ok(Some(vr)) => all.push(Box::new(vr)),
            Ok(None) => {}
        }
    }
    if on("VolumeBinding") {
        match volume_binding::pre_filter(pod, listers) {
            Err(status) => return Err(PreFilterRejection { plugin: "VolumeBinding", status }),
            Ok(Some(vb)) => all.push(Box::new(vb)),
            Ok(None) => {}
        }
    }
    if on("VolumeZone") {
        match volume_zone::pre_filter(pod, listers) {
            Err(status) => return Err(PreFilterRejection { plugin: "VolumeZone", status }),
            Ok(Some(vz)) => all.push(Box::new(vz)),
            Ok(None) => {}
        }
    }
    if on("PodTopologySpread") {
        all.push(Box::new(pod_topology_spread::PodTopologySpread { state: pod_topology_spread::pre_filter(pod, nodes) }));
    }
    let ipa = inter_pod_affinity::pre_filter(pod, nodes, ns_labels);
    if !ipa.skip && on("InterPodAffinity") {
        all.push(Box::new(inter_pod_affinity::InterPodAffinity { state: ipa }));
    }
    Ok(all)
}

/// A score plugin with the weight its profile gives it.
struct Weighted {
    plugin: Box<dyn ScorePlugin>,
    weight: i64,
}

impl ScorePlugin for Weighted {
    fn name(&self) -> &'static str {
        self.plugin.name()
    }

    fn weight(&self) -> i64 {
        self.weight
    }

    fn pre_score(&self, pod: &super::framework::PodInfo, nodes: &[&super::framework::NodeInfo]) -> super::framework::Status {
        self.plugin.pre_score(pod, nodes)
    }

    fn score(&self, pod: &super::framework::PodInfo, node: &super::framework::NodeInfo, cluster: &super::framework::ClusterView) -> i64 {
        self.plugin.score(pod, node, cluster)
    }

    fn normalize(&self, scores: &mut [i64]) {
        self.plugin.normalize(scores)
    }
}

/// The profile's score plugins in its order, with its weights; PodTopologySpread and
/// InterPodAffinity carry this cycle's PreScore state.
pub fn scorers(profile: &Profile, spread: pod_topology_spread::SpreadScore, affinity: inter_pod_affinity::AffinityScore) -> Vec<Box<dyn ScorePlugin>> {
    let mut spread = Some(spread);
    let mut affinity = Some(affinity);
    let mut out: Vec<Box<dyn ScorePlugin>> = Vec::new();
    for (name, weight) in &profile.scores {
        let plugin: Box<dyn ScorePlugin> = match name.as_str() {
            "TaintToleration" => Box::new(taint_toleration::TaintToleration),
            "NodeAffinity" => Box::new(node_affinity::NodeAffinity),
            "NodeResourcesFit" => Box::new(node_resources_fit::NodeResourcesFit { strategy: profile.fit_strategy.clone(), resources: profile.fit_resources.clone() }),
            "PodTopologySpread" => match spread.take() {
                Some(s) => Box::new(s),
                None => continue,
            },
            "InterPodAffinity" => match affinity.take() {
                Some(a) => Box::new(a),
                None => continue,
            },
            "NodeResourcesBalancedAllocation" => Box::new(balanced_allocation::BalancedAllocation),
            "ImageLocality" => Box::new(image_locality::ImageLocality),
            _ => continue,
        };
        out.push(Box::new(Weighted { plugin, weight: *weight }));
    }
    out
}

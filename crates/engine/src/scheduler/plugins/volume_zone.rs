//! VolumeZone (upstream `pkg/scheduler/framework/plugins/volumezone`): a pod's bound volumes
//! labelled with a zone or region fit only nodes in it. Nodes without any zone or region label
//! pass; claims still waiting for their first consumer are left to VolumeBinding.

use crate::vecmap::VecSet;

use crate::Slot;

use crate::scheduler::framework::{Code, FilterPlugin, NodeInfo, PodInfo, Status};
use crate::volume;

use super::volume_binding::{Listers, claim_names};

pub const ERR_REASON_CONFLICT: &str = "node(s) had no available volume zone";

/// `topologyLabels`: the GA and the deprecated beta keys.
const TOPOLOGY_LABELS: &[&str] = &["failure-domain.beta.kubernetes.io/zone", "failure-domain.beta.kubernetes.io/region", "topology.kubernetes.io/zone", "topology.kubernetes.io/region"];

/// PreFilter's state: each (label key, allowed values) a bound volume requires.
pub struct VolumeZone {
    pub constraints: Vec<(String, VecSet<String>)>,
}

/// PreFilter: `None` is Skip (no claims, or no volume with topology labels).
pub fn pre_filter(pod: &PodInfo, listers: &Listers<'_>) -> Result<Option<VolumeZone>, Status> {
    let mut constraints = Vec::new();
    for claim in claim_names(pod) {
        let Some(pvc) = listers.claim(&pod.namespace, &claim) else {
            return Err(Status::unresolvable(&format!("persistentvolumeclaim \"{claim}\" not found")));
        };
        let pv_name = pvc["spec"]["volumeName"].as_str().unwrap_or_default();
        if pv_name.is_empty() {
            let class = volume::claim_class(pvc);
            if class.is_empty() {
                return Err(Status::unresolvable("PersistentVolumeClaim had no pv name and storageClass name"));
            }
            if volume::is_delay_binding(pvc, |c| listers.class(c)) {
                continue;
            }
            return Err(Status::unresolvable("PersistentVolume had no name"));
        }
        let Some(pv) = listers.volume(pv_name) else {
            return Err(Status::unresolvable(&format!("persistentvolume \"{pv_name}\" not found")));
        };
        for key in TOPOLOGY_LABELS {
            if let Some(v) = pv["metadata"]["labels"][*key].as_str() {
                // `LabelZonesToSet`: several zones joined by "__".
                constraints.push((key.to_string(), VecSet::from_iter(v.split("__").map(str::to_string))));
            }
        }
    }
    Ok((!constraints.is_empty()).then_some(VolumeZone { constraints }))
}

fn label<'a>(node: &'a NodeInfo, key: &str) -> Option<&'a str> {
    node.labels.get(key).and_then(Slot::as_str)
}

impl FilterPlugin for VolumeZone {
    fn name(&self) -> &'static str {
        "VolumeZone"
    }

    fn filter(&self, _pod: &PodInfo, node: &NodeInfo) -> Status {
        if !TOPOLOGY_LABELS.iter().any(|k| label(node, k).is_some()) {
            return Status::success();
        }
        let fits = self.constraints.iter().all(|(key, zones)| label(node, key).is_some_and(|v| zones.contains(v)));
        if fits { Status::success() } else { Status { code: Code::UnschedulableAndUnresolvable, reasons: vec![ERR_REASON_CONFLICT.to_string()] } }
    }
}

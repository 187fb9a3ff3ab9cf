//! VolumeRestrictions (upstream `pkg/scheduler/framework/plugins/volumerestrictions`): a pod's
//! claims must exist, and a `ReadWriteOncePod` claim may be used by one pod only.
//! Inline-disk conflicts (GCE PD, AWS EBS, iSCSI, RBD) are not modelled: podlife has none.

use crate::scheduler::framework::{FilterPlugin, NodeInfo, PodInfo, Status};

use super::volume_binding::{Listers, claim_names};

pub const ERR_REASON_RWOP_CONFLICT: &str = "node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod";

/// PreFilter's state: how many other pods use this pod's ReadWriteOncePod claims.
pub struct VolumeRestrictions {
    pub conflicting_pvc_ref_count: usize,
}

/// PreFilter: a missing claim rejects the pod outright; `None` is Skip (nothing to check).
pub fn pre_filter(pod: &PodInfo, nodes: &[&NodeInfo], listers: &Listers<'_>) -> Result<Option<VolumeRestrictions>, Status> {
    let mut rwop = Vec::new();
    for claim in claim_names(pod) {
        let Some(pvc) = listers.claim(&pod.namespace, &claim) else {
            return Err(Status::unresolvable(&format!("persistentvolumeclaim \"{claim}\" not found")));
        };
        if pvc["spec"]["accessModes"].as_array().is_some_and(|m| m.iter().any(|m| m == "ReadWriteOncePod")) {
            rwop.push(claim);
        }
    }
    if rwop.is_empty() {
        return Ok(None);
    }
    let me = format!("{}/{}", pod.namespace, pod.name);
    let count = nodes
        .iter()
        .flat_map(|n| n.pods.iter())
        .filter(|(key, p)| **key != me && p.namespace == pod.namespace)
        .map(|(_, p)| claim_names(p).filter(|c| rwop.contains(c)).count())
        .sum();
    Ok(Some(VolumeRestrictions { conflicting_pvc_ref_count: count }))
}

impl FilterPlugin for VolumeRestrictions {
    fn name(&self) -> &'static str {
        "VolumeRestrictions"
    }

    fn filter(&self, _pod: &PodInfo, _node: &NodeInfo) -> Status {
        if self.conflicting_pvc_ref_count > 0 {
            return Status::unschedulable(vec![ERR_REASON_RWOP_CONFLICT.to_string()]);
        }
        Status::success()
    }
}

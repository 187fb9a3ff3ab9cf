//! VolumeBinding (upstream `pkg/scheduler/framework/plugins/volumebinding`: `volume_binding.go`,
//! `binder.go`): a pod's claims must be bound, or bindable on the node — by a matching
//! PersistentVolume, or by provisioning for a `WaitForFirstConsumer` class — and a bound
//! volume's node affinity must admit the node. PreBind hands the choice to the PV controller.
//!
//! Not modelled: generic ephemeral volumes, CSIStorageCapacity (NotEnoughSpace), CSI
//! migration.

use crate::Slot;
use std::sync::Arc;
use crate::vecmap::VecSet;

use crate::scheduler::framework::{Code, FilterPlugin, NodeInfo, PodInfo, Status};
use crate::store::ObjectKey;
use crate::volume;

pub const ERR_REASON_BIND_CONFLICT: &str = "node(s) didn't find available persistent volumes to bind";
pub const ERR_REASON_NODE_CONFLICT: &str = "node(s) had volume node affinity conflict";
pub const ERR_REASON_PV_NOT_EXIST: &str = "node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)";
pub const ERR_UNBOUND_IMMEDIATE: &str = "pod has unbound immediate PersistentVolumeClaims";

/// A PersistentVolume as the scheduler assumed it bound (`AssumePodVolumes` in Reserve): the
/// volume with the claim in its claimRef, over the informer's version it was made from.
#[derive(Debug, Clone)]
pub struct AssumedVolume {
    /// The pod whose Reserve assumed it (`pod_key`).
    pub pod: String,
    /// The informer's resourceVersion the assumption was made on.
    pub base_rv: String,
    pub pv: Arc<crate::Obj>,
}

/// The assume cache (`pkg/scheduler/util/assumecache`): PV name → assumption.
pub type AssumedVolumes = crate::vecmap::VecMap<String, AssumedVolume>;

/// The scheduler's informer cache, read as the PVC, PV and StorageClass listers; PVs through
/// the assume cache, whose entry stands until the informer delivers a newer version.
pub struct Listers<'a> {
    pub cache: &'a crate::components::Cache,
    pub assumed: &'a AssumedVolumes,
}

impl<'a> Listers<'a> {
    fn get(&self, group: &'static str, resource: &'static str, namespace: &str, name: &str) -> Option<&'a Arc<crate::Obj>> {
        self.cache.get(&ObjectKey { group, resource, namespace: namespace.into(), name: name.into() })
    }

    pub fn claim(&self, namespace: &str, name: &str) -> Option<&'a Slot> {
        self.claim_shared(namespace, name).map(|v| v.root())
    }

    /// `claim`, the shared object itself (PreFilter's state keeps it).
    pub fn claim_shared(&self, namespace: &str, name: &str) -> Option<&'a Arc<crate::Obj>> {
        self.get("", "persistentvolumeclaims", namespace, name)
    }

    pub fn volume(&self, name: &str) -> Option<&'a Slot> {
        self.get("", "persistentvolumes", "", name).map(|pv| assumed_or(self.assumed, pv).root())
    }

    pub fn class(&self, name: &str) -> Option<&'a Slot> {
        self.class_shared(name).map(|v| v.root())
    }

    pub fn class_shared(&self, name: &str) -> Option<&'a Arc<crate::Obj>> {
        self.get("storage.k8s.io", "storageclasses", "", name)
    }

    pub fn volumes(&self) -> impl Iterator<Item = &'a Arc<crate::Obj>> + 'a {
        let start = ObjectKey { group: "", resource: "persistentvolumes".into(), namespace: String::new(), name: String::new() };
        let assumed: &'a AssumedVolumes = self.assumed;
        self.cache.range(start..).take_while(|(k, _)| k.group.is_empty() && k.resource == "persistentvolumes").map(move |(_, v)| assumed_or(assumed, v))
    }
}

/// The assumed version of `pv` while the informer still holds the one it was made from.
fn assumed_or<'a>(assumed: &'a AssumedVolumes, pv: &'a Arc<crate::Obj>) -> &'a Arc<crate::Obj> {
    match pv["metadata"]["name"].as_str().and_then(|n| assumed.get(n)) {
        Some(a) if pv["metadata"]["resourceVersion"].as_str() == Some(a.base_rv.as_str()) => &a.pv,
        _ => pv,
    }
}

/// The names of the claims a pod's `persistentVolumeClaim` volumes use.
pub fn claim_names(pod: &PodInfo) -> impl Iterator<Item = String> + '_ {
    volume::claim_names(pod.spec()).map(str::to_string)
}

/// PreFilter's state: the pod's claims sorted as `GetPodVolumeClaims` sorts them.
#[derive(Clone)]
pub struct VolumeBinding {
    /// Bound claims with the volume each names.
    pub bound: Vec<(Arc<crate::Obj>, String)>,
    /// Unbound claims of a `WaitForFirstConsumer` class, smallest request first.
    pub delayed: Vec<Arc<crate::Obj>>,
    /// PersistentVolumes and StorageClasses as the cycle's snapshot saw them (shared, not
    /// copied).
    pub volumes: Vec<Arc<crate::Obj>>,
    pub classes: crate::vecmap::VecMap<String, Arc<crate::Obj>>,
}

/// PreFilter: missing, terminating or lost claims and unbound immediate claims reject the
/// pod on every node; `None` is Skip (the pod has no claims).
pub fn pre_filter(pod: &PodInfo, listers: &Listers<'_>) -> Result<Option<VolumeBinding>, Status> {
    let names: Vec<String> = claim_names(pod).collect();
    if names.is_empty() {
        return Ok(None);
    }
    let mut state = VolumeBinding { bound: vec![], delayed: vec![], volumes: listers.volumes().cloned().collect(), classes: crate::vecmap::VecMap::new() };
    let mut immediate = 0;
    for name in &names {
        let Some(pvc) = listers.claim_shared(&pod.namespace, name) else {
            return Err(Status::unresolvable(&format!("persistentvolumeclaim \"{name}\" not found")));
        };
        if pvc["metadata"]["deletionTimestamp"].is_string() {
            return Err(Status::unresolvable(&format!("persistentvolumeclaim \"{name}\" is being deleted")));
        }
        if pvc["status"]["phase"] == "Lost" {
            let pv = pvc["spec"]["volumeName"].as_str().unwrap_or_default();
            return Err(Status::unresolvable(&format!("persistentvolumeclaim \"{name}\" bound to non-existent persistentvolume \"{pv}\"")));
        }
        let class = volume::claim_class(pvc);
        if let Some(sc) = listers.class_shared(class) {
            state.classes.insert(class.to_string(), sc.clone());
        }
        if volume::claim_fully_bound(pvc) {
            state.bound.push((pvc.clone(), pvc["spec"]["volumeName"].as_str().unwrap_or_default().to_string()));
        } else if volume::is_delay_binding(pvc, |c| listers.class(c)) && pvc["spec"]["volumeName"].as_str().is_none_or(str::is_empty) {
            state.delayed.push(pvc.clone());
        } else {
            immediate += 1;
        }
    }
    if immediate > 0 {
        return Err(Status::unresolvable(ERR_UNBOUND_IMMEDIATE));
    }
    crate::sort::sort_by_key(&mut state.delayed, |c| volume::requested_storage(c));
    Ok(Some(state))
}

/// What binding the pod's delayed claims on one node takes.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct PodVolumes {
    /// (claim, volume) pairs of matching PersistentVolumes.
    pub static_bindings: Vec<(Arc<crate::Obj>, Arc<crate::Obj>)>,
    /// Claims a provisioner must create a volume for.
    pub provisionings: Vec<Arc<crate::Obj>>,
}

impl VolumeBinding {
    /// `FindPodVolumes`: the reasons the node fails, in upstream's order, and the bindings
    /// it would take.
    pub fn find_pod_volumes(&self, node: &NodeInfo) -> (Vec<String>, PodVolumes) {
        let mut bound_ok = true;
        let mut pvs_found = true;
        for (_, pv_name) in &self.bound {
            match self.volumes.iter().find(|v| v["metadata"]["name"] == pv_name.as_str()) {
                None => pvs_found = false,
                Some(pv) if !volume::node_affinity_matches(pv, &node.name, &node.labels) => bound_ok = false,
                Some(_) => {}
            }
        }
        let mut unbound_ok = true;
        let mut result = PodVolumes::default();
        let mut chosen: VecSet<String> = VecSet::new();
        for claim in &self.delayed {
            // Already handed to a provisioner for another node.
            if claim["metadata"]["annotations"][volume::ANN_SELECTED_NODE].as_str().is_some_and(|n| n != node.name) {
                unbound_ok = false;
                break;
            }
            let found = volume::find_matching_volume(claim, self.volumes.iter().map(|v| v.root()), Some((&node.name, &node.labels)), &chosen, true);
            match found.and_then(|pv| self.volumes.iter().find(|v| std::ptr::eq(v.root(), pv))) {
                Some(pv) => {
                    chosen.insert(pv["metadata"]["name"].as_str().unwrap_or_default().to_string());
                    result.static_bindings.push((claim.clone(), pv.clone()));
                }
                None if self.can_provision(claim, node) => result.provisionings.push(claim.clone()),
                None => unbound_ok = false,
            }
        }
        let mut reasons = Vec::new();
        if !bound_ok {
            reasons.push(ERR_REASON_NODE_CONFLICT.to_string());
        }
        if !unbound_ok {
            reasons.push(ERR_REASON_BIND_CONFLICT.to_string());
        }
        if !pvs_found {
            reasons.push(ERR_REASON_PV_NOT_EXIST.to_string());
        }
        (reasons, result)
    }

    /// `checkVolumeProvisions`: the class names a provisioner and its allowed topologies
    /// admit the node.
    fn can_provision(&self, claim: &Slot, node: &NodeInfo) -> bool {
        let Some(class) = self.classes.get(volume::claim_class(claim)) else { return false };
        let provisioner = class["provisioner"].as_str().unwrap_or_default();
        if provisioner.is_empty() || provisioner == "kubernetes.io/no-provisioner" {
            return false;
        }
        match class["allowedTopologies"].as_array() {
            Some(terms) if !terms.is_empty() => terms.iter().any(|t| {
                t["matchLabelExpressions"].as_array().into_iter().flatten().all(|e| {
                    let key = e["key"].as_str().unwrap_or_default();
                    let have = node.labels.get(key).and_then(Slot::as_str);
                    e["values"].as_array().is_some_and(|vs| vs.iter().any(|v| Some(v.as_str().unwrap_or_default()) == have))
                })
            }),
            _ => true,
        }
    }
}

impl FilterPlugin for VolumeBinding {
    fn name(&self) -> &'static str {
        "VolumeBinding"
    }

    fn filter(&self, _pod: &PodInfo, node: &NodeInfo) -> Status {
        let (reasons, _) = self.find_pod_volumes(node);
        if reasons.is_empty() {
            return Status::success();
        }
        Status { code: Code::UnschedulableAndUnresolvable, reasons }
    }
}

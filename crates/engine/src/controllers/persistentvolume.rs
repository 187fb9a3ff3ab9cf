//! kube-controller-manager's PersistentVolume controller, the `persistentvolume-binder`
//! (upstream `pkg/controller/volume/persistentvolume/pv_controller.go`: `syncClaim`,
//! `syncUnboundClaim`, `syncBoundClaim`, `syncVolume`, `bind`). It binds claims to volumes,
//! marks volumes Available / Bound / Released, and tells a claim's readers why it waits.
//! Every claim and volume is synced again every 15 s (`PVClaimBinderSyncPeriod`).
//!
//! A loop of kube-controller-manager (`manager.rs`): its event correlation is the process's
//! memory, its resync its own timer; the writes of a sync leave through the process's client.
//!
//! Not modelled: provisioning (no provisioner runs in the default cluster, so a class with an
//! external provisioner waits, as it does in a kubeadm cluster without one), reclaim of
//! Released volumes (Delete/Recycle), claims lost after binding.

use crate::Slot;
use crate::vecmap::VecSet;

use serde_json::Value;

use super::Write;
use crate::apiserver::Verb;
use crate::clock::Time;
use crate::store::{ObjectKey, WatchEvent};
use crate::components::Cache;
use crate::volume::{self, ANN_BIND_COMPLETED, ANN_BOUND_BY_CONTROLLER, ANN_SELECTED_NODE};

pub const SA: &str = "persistent-volume-binder";
pub const RESYNC_PERIOD_MS: u64 = 15_000;
/// The event source the controller's (legacy) recorder reports.
const SOURCE: &str = "persistentvolume-controller";

/// client-go's event recorder (shared with the kubelet: spam filter, repeats counted).
pub type Recorder = crate::record::Recorder;

/// The controller's memory: its recorder's event correlation.
#[derive(Debug, Clone, Default)]
pub struct PersistentVolumeController {
    recorder: Recorder,
}

/// The controller's one timer: its periodic resync.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Resync;

impl PersistentVolumeController {
    /// A delivery to kube-controller-manager: the writes of the syncs it causes.
    pub(crate) fn observe(&mut self, cache: &Cache, event: &WatchEvent, now: Time) -> Vec<Write> {
        on_event(cache, &mut self.recorder, event, now)
    }

    /// The periodic resync (the next one in 15 s): the writes of every volume's and claim's
    /// sync, none while kube-controller-manager is stopped.
    pub(crate) fn resync(&mut self, cx: &mut crate::component::Cx<'_, Resync>) -> Vec<Write> {
        cx.after(cx.now().plus_millis(RESYNC_PERIOD_MS), Resync);
        if !cx.running() {
            return vec![];
        }
        resync(cx.cache(), &mut self.recorder, cx.now())
    }

    /// Would a resync now write nothing (a quiet stretch, `quiet.rs`)?
    pub(crate) fn steady(&self, cache: &Cache, now: Time) -> bool {
        resync(cache, &mut self.recorder.clone(), now).is_empty()
    }

    /// The start-up's events expired: the recorder forgets them.
    pub(crate) fn forget_events(&mut self) {
        self.recorder = Default::default();
    }
}

fn request(verb: Verb, plural: &str, namespace: Option<&str>, name: &str, body: Value) -> Option<crate::apiserver::Request> {
    super::controller_request(SA, verb, plural, namespace, name, body)
}

fn status_request(plural: &str, namespace: Option<&str>, name: &str, body: Value) -> Option<crate::apiserver::Request> {
    let mut r = request(Verb::Update, plural, namespace, name, body)?;
    r.subresource = Some("status".into());
    Some(r)
}

fn list<'a>(cache: &'a crate::components::Cache, group: &'static str, resource: &'static str) -> impl Iterator<Item = &'a Slot> + 'a {
    crate::components::cached(cache, group, resource).map(|(_, v)| v.root())
}

fn get<'a>(cache: &'a crate::components::Cache, group: &'static str, resource: &'static str, namespace: &str, name: &str) -> Option<&'a Slot> {
    cache.get(&ObjectKey { group, resource, namespace: namespace.into(), name: name.into() }).map(|v| v.root())
}

fn class_lookup<'c>(cache: &'c Cache) -> impl Fn(&str) -> Option<&'c Slot> + 'c {
    move |name| get(cache, "storage.k8s.io", "storageclasses", "", name)
}

fn name_of(v: &Slot) -> &str {
    v["metadata"]["name"].as_str().unwrap_or_default()
}

fn namespace_of(v: &Slot) -> &str {
    v["metadata"]["namespace"].as_str().unwrap_or_default()
}

/// An event about a claim: created the first time, counted (on the first one) after that.
fn claim_event(recorder: &mut Recorder, claim: &Slot, kind: &str, reason: &str, message: &str, now: Time) -> Option<crate::apiserver::Request> {
    use crate::record::{Involved, Note, Source};
    let involved = Involved { kind: "PersistentVolumeClaim", api_version: "v1", object: claim, field_path: None };
    let (note, source) = (Note { kind, reason, message }, Source { component: SOURCE, host: None });
    let ns = namespace_of(claim);
    // A repeat is the sink's PATCH; its 404 fallback (an event that expired while the claim
    // kept repeating it) is not sent from this queued path.
    let write = recorder.record_about(involved, note, source, now)?;
    let (verb, name, body) = write.first_request();
    let mut req = request(verb, "events", Some(ns), name.unwrap_or_default(), body)?;
    if verb == Verb::Patch {
        req.patch_type = crate::apiserver::patch::PatchType::Strategic;
    }
    Some(req)
}

/// A delivery to kube-controller-manager: the claims and volumes it concerns are synced.
fn on_event(cache: &Cache, recorder: &mut Recorder, event: &WatchEvent, now: Time) -> Vec<Write> {
    if event.event_type == crate::store::EventType::Deleted {
        // A deleted claim releases its volume on the volume's next sync.
        if event.key.resource == "persistentvolumeclaims" {
            return list(cache, "", "persistentvolumes")
                .filter(|pv| volume::is_bound_to_claim(pv, &event.object))
                .flat_map(|pv| sync_volume(cache, recorder, pv, now))
                .collect();
        }
        return vec![];
    }
    match event.key.resource {
        "persistentvolumes" => get(cache, "", "persistentvolumes", "", &event.key.name).map(|pv| sync_volume(cache, recorder, pv, now)).unwrap_or_default(),
        "persistentvolumeclaims" => get(cache, "", "persistentvolumeclaims", &event.key.namespace, &event.key.name).map(|c| sync_claim(cache, recorder, c, now)).unwrap_or_default(),
        _ => vec![],
    }
}

/// The periodic resync: every volume, then every claim.
fn resync(cache: &Cache, recorder: &mut Recorder, now: Time) -> Vec<Write> {
    let mut writes = Vec::new();
    for pv in list(cache, "", "persistentvolumes") {
        writes.extend(sync_volume(cache, recorder, pv, now));
    }
    for claim in list(cache, "", "persistentvolumeclaims") {
        writes.extend(sync_claim(cache, recorder, claim, now));
    }
    writes
}

fn set_volume_phase(pv: &Slot, phase: &str) -> Option<Write> {
    if pv["status"]["phase"] == phase {
        return None;
    }
    let mut body = pv.to_value();
    body["status"]["phase"] = json!(phase);
    Some(Write::now(SA, status_request("persistentvolumes", None, name_of(pv), body)?))
}

/// `syncVolume`.
fn sync_volume(cache: &Cache, recorder: &mut Recorder, pv: &Slot, now: Time) -> Vec<Write> {
    let claim_ref = &pv["spec"]["claimRef"];
    if !claim_ref.is_object() {
        return set_volume_phase(pv, "Available").into_iter().collect();
    }
    let ns = claim_ref["namespace"].as_str().unwrap_or_default();
    let claim = get(cache, "", "persistentvolumeclaims", ns, claim_ref["name"].as_str().unwrap_or_default())
        .filter(|c| claim_ref["uid"].as_str().is_none_or(|u| u.is_empty() || c["metadata"]["uid"] == u));
    match claim {
        // Pre-bound by a user to a claim that does not exist yet: still Available.
        None if claim_ref["uid"].as_str().is_none_or(str::is_empty) => set_volume_phase(pv, "Available").into_iter().collect(),
        // Its claim is gone: the data stays (Retain) and the volume is Released.
        None => set_volume_phase(pv, "Released").into_iter().collect(),
        Some(c) if c["spec"]["volumeName"].as_str().is_none_or(str::is_empty) => {
            // Reserved for a claim that is not bound yet (by a user or the scheduler): the
            // claim's sync finishes the binding.
            let mut writes: Vec<Write> = set_volume_phase(pv, "Available").into_iter().collect();
            writes.extend(sync_claim(cache, recorder, c, now));
            writes
        }
        Some(c) if c["spec"]["volumeName"] == pv["metadata"]["name"] => set_volume_phase(pv, "Bound").into_iter().collect(),
        Some(_) => vec![],
    }
}

/// `syncClaim`.
fn sync_claim(cache: &Cache, recorder: &mut Recorder, claim: &Slot, now: Time) -> Vec<Write> {
    if claim["metadata"]["deletionTimestamp"].is_string() {
        return vec![];
    }
    let volume_name = claim["spec"]["volumeName"].as_str().unwrap_or_default();
    if !volume_name.is_empty() {
        // `syncBoundClaim` / a claim pre-bound by its user: bind when the volume is there.
        let Some(pv) = get(cache, "", "persistentvolumes", "", volume_name) else { return vec![] };
        if claim["status"]["phase"] == "Bound" && volume::claim_fully_bound(claim) && volume::is_bound_to_claim(pv, claim) {
            return set_volume_phase(pv, "Bound").into_iter().collect();
        }
        if pv["spec"]["claimRef"].is_object() && !volume::is_bound_to_claim(pv, claim) {
            return vec![];
        }
        return bind(pv, claim).into_iter().collect();
    }
    let delay = volume::is_delay_binding(claim, class_lookup(cache));
    let volumes: Vec<&Slot> = list(cache, "", "persistentvolumes").collect();
    if let Some(pv) = volume::find_matching_volume(claim, volumes.into_iter(), None, &VecSet::new(), delay) {
        return bind(pv, claim).into_iter().collect();
    }
    // `assignDefaultStorageClass` (1.28+): a claim created before any default class existed
    // gets the default class now, and is synced again with it.
    if !volume::claim_has_class(claim) {
        let mut with_class = claim.to_value();
        crate::apiserver::admission::default_storage_class_from(&mut with_class, list(cache, "storage.k8s.io", "storageclasses"));
        if !with_class["spec"]["storageClassName"].is_null() {
            return request(Verb::Update, "persistentvolumeclaims", Some(namespace_of(claim)), name_of(claim), with_class).map(|r| Write::now(SA, r)).into_iter().collect();
        }
    }
    let class = volume::claim_class(claim);
    let selected = claim["metadata"]["annotations"][ANN_SELECTED_NODE].is_string();
    let event = if delay && !selected {
        // `emitEventForUnboundDelayBindingClaim`.
        let waiting: Vec<&str> = list(cache, "", "pods")
            .filter(|p| namespace_of(p) == namespace_of(claim))
            .filter(|p| p["spec"]["nodeName"].as_str().is_none_or(str::is_empty) && !matches!(p["status"]["phase"].as_str(), Some("Succeeded" | "Failed")))
            .filter(|p| volume::claim_names(&p["spec"]).any(|c| c == name_of(claim)))
            .map(name_of)
            .collect();
        match waiting.len() {
            0 => claim_event(recorder, claim, "Normal", "WaitForFirstConsumer", "waiting for first consumer to be created before binding", now),
            1 => claim_event(recorder, claim, "Normal", "WaitForPodScheduled", &format!("waiting for pod {} to be scheduled", waiting[0]), now),
            _ => claim_event(recorder, claim, "Normal", "WaitForPodScheduled", &format!("waiting for pods {} to be scheduled", waiting.join(",")), now),
        }
    } else if !class.is_empty() {
        let (annotate, event) = provision(cache, recorder, claim, class, now);
        return annotate.into_iter().chain(event).map(|r| Write::now(SA, r)).collect();
    } else {
        claim_event(recorder, claim, "Normal", "FailedBinding", "no persistent volumes available for this claim and no storage class is set", now)
    };
    event.map(|r| Write::now(SA, r)).into_iter().collect()
}

type Req = Option<crate::apiserver::Request>;

/// `provisionClaim`: a missing class fails; an external provisioner is named on the claim
/// (`setClaimProvisioner`) and the claim waits for it.
fn provision(cache: &Cache, recorder: &mut Recorder, claim: &Slot, class: &str, now: Time) -> (Req, Req) {
    let Some(sc) = get(cache, "storage.k8s.io", "storageclasses", "", class) else {
        return (None, claim_event(recorder, claim, "Warning", "ProvisioningFailed", &format!("storageclass.storage.k8s.io \"{class}\" not found"), now));
    };
    let provisioner = sc["provisioner"].as_str().unwrap_or_default();
    if provisioner.starts_with("kubernetes.io/") {
        // In-tree names: no in-tree provisioner is left in 1.36.
        return (None, claim_event(recorder, claim, "Warning", "ProvisioningFailed", &format!("no volume plugin matched name: {provisioner}"), now));
    }
    let annotate = if claim["metadata"]["annotations"][volume::ANN_STORAGE_PROVISIONER] == provisioner {
        None
    } else {
        let mut body = claim.to_value();
        body["metadata"]["annotations"][volume::ANN_BETA_STORAGE_PROVISIONER] = json!(provisioner);
        body["metadata"]["annotations"][volume::ANN_STORAGE_PROVISIONER] = json!(provisioner);
        request(Verb::Update, "persistentvolumeclaims", Some(namespace_of(claim)), name_of(claim), body)
    };
    let message = format!(
        "Waiting for a volume to be created either by the external provisioner '{provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered."
    );
    (annotate, claim_event(recorder, claim, "Normal", "ExternalProvisioning", &message, now))
}

/// `bind`: the volume's claimRef, its phase, the claim's volumeName and annotations, then the
/// claim's phase with the volume's capacity and access modes — four writes, in this order.
fn bind(pv: &Slot, claim: &Slot) -> Option<Write> {
    let (ns, claim_name, pv_name) = (namespace_of(claim), name_of(claim), name_of(pv));
    let by_controller = !volume::is_bound_to_claim(pv, claim);
    let mut volume = pv.to_value();
    volume["spec"]["claimRef"] = json!({"kind": "PersistentVolumeClaim", "namespace": ns, "name": claim_name,
        "uid": claim["metadata"]["uid"], "apiVersion": "v1", "resourceVersion": claim["metadata"]["resourceVersion"]});
    if by_controller {
        volume["metadata"]["annotations"][ANN_BOUND_BY_CONTROLLER] = json!("yes");
    }
    let mut volume_status = volume.clone();
    volume_status["status"]["phase"] = json!("Bound");
    let mut bound = claim.to_value();
    bound["spec"]["volumeName"] = json!(pv_name);
    bound["metadata"]["annotations"][ANN_BIND_COMPLETED] = json!("yes");
    // `bindClaimToVolume`: the controller marks a claim it binds (unless already marked).
    if claim["spec"]["volumeName"] != pv_name && !claim["metadata"]["annotations"][ANN_BOUND_BY_CONTROLLER].is_string() {
        bound["metadata"]["annotations"][ANN_BOUND_BY_CONTROLLER] = json!("yes");
    }
    let mut bound_status = bound.clone();
    bound_status["status"] = json!({"phase": "Bound", "accessModes": pv["spec"]["accessModes"], "capacity": pv["spec"]["capacity"]});
    let first = if pv["spec"]["claimRef"] == volume["spec"]["claimRef"] && !by_controller && pv["metadata"]["annotations"] == volume["metadata"]["annotations"] {
        None
    } else {
        request(Verb::Update, "persistentvolumes", None, pv_name, volume)
    };
    let mut then: Vec<crate::apiserver::Request> = Vec::new();
    if pv["status"]["phase"] != "Bound" {
        then.extend(status_request("persistentvolumes", None, pv_name, volume_status));
    }
    if claim["spec"]["volumeName"] != pv_name || !volume::claim_fully_bound(claim) {
        then.extend(request(Verb::Update, "persistentvolumeclaims", Some(ns), claim_name, bound));
    }
    if claim["status"]["phase"] != "Bound" {
        then.extend(status_request("persistentvolumeclaims", Some(ns), claim_name, bound_status));
    }
    let mut requests = first.into_iter().chain(then);
    let head = requests.next()?;
    let mut w = Write::now(SA, head);
    w.then = requests.collect();
    // `bind` returns at its first error; the next resync tries again.
    w.stop_on_error = true;
    Some(w)
}

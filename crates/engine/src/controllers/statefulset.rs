//! The StatefulSet controller (`pkg/controller/statefulset/`: `stateful_set.go`,
//! `stateful_set_control.go`, `stateful_set_utils.go`, `stateful_pod_control.go`, and
//! `pkg/controller/history` for ControllerRevisions).
//!
//! A sync lists the set's ControllerRevisions, finds or creates the update revision
//! (`<set>-<hash>`, its data the patch `{"spec":{"template":{…,"$patch":"replace"}}}`), then
//! processes the ordinals `start … start+replicas-1`: a missing pod is created with its claims
//! first (`<template>-<set>-<ordinal>`), at the current revision below the partition and the
//! update revision from it; OrderedReady stops at the first pod that is not Running and Ready
//! (Parallel goes on); pods beyond the range are deleted from the highest ordinal, after the
//! claims' owner references were set for `persistentVolumeClaimRetentionPolicy`; RollingUpdate
//! (MaxUnavailableStatefulSet is beta and on since 1.35) deletes up to `maxUnavailable` pods of
//! an old revision from the highest ordinal down to `partition`. Then the status.
//! Parallel runs every replica's `processReplica` (then the condemned pods) through
//! `slowStartBatch`: batches of 1, 2, 4 … up to `MaxBatchSize` 500, a batch with an error ending
//! the sync (`slowstart.rs`; the batches are built a few ahead, so a set of 100,000 replicas never
//! holds them all); OrderedReady creates one pod a sync. A failed pod create, update or delete
//! records `recordPodEvent`'s Warning (`FailedCreate` "create Pod web-0 in StatefulSet web failed
//! error: …"). Not modelled: the Parallel two-phase update deletion (unavailable old pods first),
//! the Warning for a failed claim create, releasing owned objects that stop matching, the
//! `SuccessfulUpdate` pod PUT of `UpdateStatefulPod` when only claims changed (podlife sends the
//! claim update and records the event after it).

use crate::Slot;
use podlife_model::obj::JsonRead;
use crate::vecmap::VecMap;
use std::sync::Arc;

use serde_json::Value;

use super::replicaset::{State, adoption, controller_ref, controller_uid};
use super::{FollowUp, Write, controller_request, is_orphan};
use crate::apiserver::Verb;
use crate::clock::Time;
use crate::components::Cache;
use crate::store::{EventType, WatchEvent};

pub const ACCOUNT: &str = "statefulset-controller";
const KIND: &str = "StatefulSet";
const REVISION_LABEL: &str = "controller-revision-hash";
const POD_NAME_LABEL: &str = "statefulset.kubernetes.io/pod-name";
const POD_INDEX_LABEL: &str = "apps.kubernetes.io/pod-index";
const HASH_LABEL: &str = "controller.kubernetes.io/hash";

fn sets<'a>(cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Slot> + 'a {
    super::of(cache, "apps", "statefulsets", ns)
}

fn name(v: &Slot) -> &str {
    v["metadata"]["name"].as_str().unwrap_or_default()
}

/// `name` of an object being built (a revision not stored yet).
fn value_name(v: &Value) -> &str {
    v["metadata"]["name"].as_str().unwrap_or_default()
}

fn owner_name(cache: &Cache, ns: &str, object: &Slot) -> Option<String> {
    let uid = controller_uid(object, KIND)?;
    sets(cache, ns).find(|s| s["metadata"]["uid"] == uid).map(|s| name(s).to_string())
}

/// `ClaimPods` (with `isMemberOf`: the name's parent) and `ClaimControllerRevisions`: the
/// set's own objects the selector still matches, and orphans it matches (neither being
/// deleted), which the sync adopts.
fn claims(set: &Slot, object: &Slot, pod: bool) -> bool {
    let selector = &set["spec"]["selector"];
    if !(selector.is_object() && crate::labels::selector_matches(selector, &object["metadata"]["labels"])) || (pod && parent_and_ordinal(name(object)).0 != name(set)) {
        return false;
    }
    if is_orphan(object) {
        return object["metadata"]["deletionTimestamp"].is_null() && set["metadata"]["deletionTimestamp"].is_null();
    }
    controller_uid(object, KIND).is_some_and(|u| set["metadata"]["uid"] == u)
}

/// The adoption patches for the orphans the set claims.
fn adopt_orphans(cache: &Cache, set: &Slot, ns: &str) -> Vec<Write> {
    let pods = super::of(cache, "", "pods", ns).filter(|p| is_orphan(p) && claims(set, p, true)).map(|p| ("pods", p));
    let revisions = super::of(cache, "apps", "controllerrevisions", ns).filter(|r| is_orphan(r) && claims(set, r, false)).map(|r| ("controllerrevisions", r));
    pods.chain(revisions).filter_map(|(plural, o)| adoption(ACCOUNT, set, KIND, plural, o)).collect()
}

/// The StatefulSets a delivery asks to sync.
fn to_sync(cache: &Cache, event: &WatchEvent) -> Vec<String> {
    let ns = &event.key.namespace;
    match (event.key.group, event.key.resource) {
        ("apps", "statefulsets") if event.event_type != EventType::Deleted => vec![event.key.name.clone()],
        // An orphan: the sets that would claim it (`getStatefulSetsForPod`).
        ("", "pods") | ("apps", "controllerrevisions") if is_orphan(&event.object) && event.event_type != EventType::Deleted => {
            let pod = event.key.resource == "pods";
            sets(cache, ns).filter(|s| claims(s, &event.object, pod)).map(|s| name(s).to_string()).collect()
        }
        ("", "pods") | ("apps", "controllerrevisions") => owner_name(cache, ns, &event.object).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// A delivery queues the StatefulSets it concerns.
pub fn on_event(cache: &Cache, state: &mut State, event: &WatchEvent) {
    for name in to_sync(cache, event) {
        state.enqueue(KIND, &event.key.namespace, &name);
    }
}

/// A worker syncs a queued (or re-queued) StatefulSet.
pub fn resync(cache: &Cache, state: &mut State, ns: &str, name: &str, now: Time) -> Vec<Write> {
    state.dequeue(KIND, ns, name);
    sync(cache, state, ns, name, now)
}

/// `getParentNameAndOrdinal`: `(.*)-([0-9]+)$`, the ordinal an int32 (-1 when absent).
pub fn parent_and_ordinal(pod_name: &str) -> (&str, i64) {
    let Some((parent, digits)) = pod_name.rsplit_once('-') else { return ("", -1) };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return ("", -1);
    }
    match digits.parse::<i32>() {
        Ok(o) => (parent, i64::from(o)),
        Err(_) => (parent, -1),
    }
}

fn ordinal(pod: &Slot) -> i64 {
    parent_and_ordinal(name(pod)).1
}

fn start_ordinal(set: &Slot) -> i64 {
    set["spec"]["ordinals"]["start"].as_i64().unwrap_or(0)
}

fn replicas_of(set: &Slot) -> i64 {
    set["spec"]["replicas"].as_i64().unwrap_or(1).max(0)
}

fn in_range(set: &Slot, ord: i64) -> bool {
    ord >= start_ordinal(set) && ord < start_ordinal(set) + replicas_of(set)
}

/// `getStatefulSetMaxUnavailable`: the value (default 1) scaled to the replicas, rounded down,
/// at least 1.
pub fn max_unavailable(value: &Slot, replicas: i64) -> i64 {
    // Unset is 1, which scales to 1.
    if value.is_null() {
        return 1;
    }
    crate::deployment_util::scaled(value, replicas, false).max(1)
}

fn created(pod: &Slot) -> bool {
    pod["status"]["phase"].as_str().is_some_and(|p| !p.is_empty())
}

fn terminating(pod: &Slot) -> bool {
    pod["metadata"]["deletionTimestamp"].is_string()
}

fn running_and_ready(pod: &Slot) -> bool {
    pod["status"]["phase"] == "Running" && super::replicaset::pod_ready(pod)
}

fn available(pod: &Slot, min_ready: u64, now: Time) -> bool {
    super::replicaset::pod_available(pod, min_ready, now)
}

fn healthy(pod: &Slot) -> bool {
    running_and_ready(pod) && !terminating(pod)
}

fn revision_of(pod: &Slot) -> &str {
    pod["metadata"]["labels"][REVISION_LABEL].as_str().unwrap_or_default()
}

/// `getPersistentVolumeClaimRetentionPolicy`: (whenDeleted, whenScaled) delete?
fn retention(set: &Slot) -> (bool, bool) {
    let p = &set["spec"]["persistentVolumeClaimRetentionPolicy"];
    (p["whenDeleted"] == "Delete", p["whenScaled"] == "Delete")
}

fn claim_name(template: &Slot, set: &Slot, ord: i64) -> String {
    format!("{}-{}-{ord}", name(template), name(set))
}

/// `getPersistentVolumeClaims`: the claims of ordinal `ord`, labelled with the selector's
/// matchLabels.
fn claims_for(set: &Slot, ord: i64) -> Vec<Value> {
    let Some(templates) = set["spec"]["volumeClaimTemplates"].as_array() else { return Vec::new() };
    templates
        .iter()
        .map(|t| {
            let mut claim = json!({"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": t["metadata"].clone(), "spec": t["spec"].clone()});
            if !claim["metadata"].is_object() {
                claim["metadata"] = json!({});
            }
            claim["metadata"]["name"] = json!(claim_name(t, set, ord));
            claim["metadata"]["namespace"] = set["metadata"]["namespace"].to_value();
            if !claim["metadata"]["labels"].is_object() {
                claim["metadata"]["labels"] = json!({});
            }
            if let Some(m) = set["spec"]["selector"]["matchLabels"].as_object() {
                for (k, v) in m {
                    claim["metadata"]["labels"][k] = v.to_value();
                }
            }
            claim
        })
        .collect()
}

fn cached_claim<'a>(cache: &'a Cache, ns: &'a str, claim_name: &str) -> Option<&'a Slot> {
    super::of(cache, "", "persistentvolumeclaims", ns).find(|c| name(c) == claim_name)
}

/// A ControllerRevision's patch: `getPatch` (the template, replaced as a whole).
fn revision_data(set: &Slot) -> Value {
    let mut template = set["spec"]["template"].to_value();
    if let Some(t) = template.as_object_mut() {
        t.insert("$patch".into(), json!("replace"));
    }
    json!({"spec": {"template": template}})
}

/// `ApplyRevision`: the set with the revision's template.
fn apply_revision<J: JsonRead>(set: &Slot, revision: &J) -> Value {
    let mut out = set.to_value();
    let mut template = revision["data"]["spec"]["template"].to_value();
    if let Some(t) = template.as_object_mut() {
        t.remove("$patch");
        out["spec"]["template"] = template;
    }
    out
}

fn event(set: &Slot, reason: &'static str, message: String) -> FollowUp {
    FollowUp::Event { account: ACCOUNT, source: ACCOUNT, kind: KIND, api_version: "apps/v1", involved: set.to_value(), reason, message }
}

/// What one sync decides, in request order.
struct Sync<'a> {
    cache: &'a Cache,
    set: &'a Slot,
    ns: String,
    now: Time,
    writes: Vec<Write>,
}

impl Sync<'_> {
    fn send(&mut self, verb: Verb, plural: &str, obj_name: &str, body: Value, follow: Option<FollowUp>) {
        let Some(mut req) = controller_request(ACCOUNT, verb, plural, Some(&self.ns), obj_name, body) else { return };
        if verb == Verb::Delete {
            req.body = None;
        }
        let mut w = Write::now(ACCOUNT, req);
        w.follow = follow;
        self.writes.push(w);
    }

    fn set_name(&self) -> &str {
        name(self.set)
    }

    fn delete_pod(&mut self, pod: &Slot) {
        let pod_name = name(pod).to_string();
        let message = format!("delete Pod {pod_name} in StatefulSet {} successful", self.set_name());
        let follow = event(self.set, "SuccessfulDelete", message);
        self.send(Verb::Delete, "pods", &pod_name, Value::Null, Some(follow));
        self.on_error("FailedDelete", "delete", &pod_name);
    }

    /// `recordPodEvent` for a failed request: `<verb> Pod <pod> in StatefulSet <set> failed
    /// error: <err>` (`stateful_pod_control.go`), on the write just added.
    fn on_error(&mut self, reason: &'static str, verb: &str, pod_name: &str) {
        let message = format!("{verb} Pod {pod_name} in StatefulSet {} failed error: {{}}", self.set_name());
        if let Some(w) = self.writes.last_mut() {
            // `CreateStatefulPod` returns an AlreadyExists error without an event.
            w.on_error = Some(super::OnError { reason, message, quiet_when_terminating: false, quiet_when_exists: verb == "create" });
        }
    }

    /// `createPersistentVolumeClaims`: false when a claim is being deleted.
    fn create_claims(&mut self, pod: &Slot) -> bool {
        let mut ok = true;
        for claim in claims_for(self.set, ordinal(pod)) {
            let cname = value_name(&claim).to_string();
            match cached_claim(self.cache, &self.ns, &cname) {
                None => {
                    let message = format!("create Claim {cname} Pod {} in StatefulSet {} success", name(pod), self.set_name());
                    let follow = event(self.set, "SuccessfulCreate", message);
                    self.send(Verb::Create, "persistentvolumeclaims", "", claim, Some(follow));
                }
                Some(c) if terminating(c) => ok = false,
                Some(_) => {}
            }
        }
        ok
    }

    /// `UpdatePodClaimForRetentionPolicy`: claims (already in the cache) whose owner
    /// references disagree with the policy are updated. True when one was.
    fn fix_claims(&mut self, pod: &Slot, follow: Option<FollowUp>) -> bool {
        let mut follow = follow;
        let mut changed = false;
        for claim in claims_for(self.set, ordinal(pod)) {
            let Some(c) = cached_claim(self.cache, &self.ns, value_name(&claim)) else { continue };
            if claim_owner_up_to_date(c, self.set, pod) {
                continue;
            }
            let mut body = c.to_value();
            body["metadata"]["ownerReferences"] = owner_refs_for(c, self.set, pod);
            let cname = name(c).to_string();
            self.send(Verb::Update, "persistentvolumeclaims", &cname, body, follow.take());
            changed = true;
        }
        changed
    }

    /// `PodClaimIsStale`: with whenScaled Delete, a claim still owned by an earlier pod of the
    /// same name blocks the new pod.
    fn claim_is_stale(&self, pod: &Slot) -> bool {
        if !retention(self.set).1 {
            return false;
        }
        claims_for(self.set, ordinal(pod)).iter().any(|claim| {
            cached_claim(self.cache, &self.ns, value_name(claim)).is_some_and(|c| {
                refs(c).iter().any(|r| r["kind"] == "Pod" && r["apiVersion"] == "v1" && r["name"] == pod["metadata"]["name"] && r["uid"] != pod["metadata"]["uid"])
            })
        })
    }
}

fn refs(object: &Slot) -> Vec<Value> {
    object["metadata"]["ownerReferences"].to_values().unwrap_or_default()
}

fn matches_ref(r: &Value, obj: &Slot, api_version: &str, kind: &str) -> bool {
    r["apiVersion"] == api_version && r["kind"] == kind && r["name"] == obj["metadata"]["name"]
}

fn has_owner_ref(claim: &Slot, owner: &Slot) -> bool {
    refs(claim).iter().any(|r| r["uid"] == owner["metadata"]["uid"])
}

fn stale_ref(claim: &Slot, obj: &Slot, api_version: &str, kind: &str) -> bool {
    refs(claim).iter().find(|r| matches_ref(r, obj, api_version, kind)).is_some_and(|r| r["uid"] != obj["metadata"]["uid"])
}

/// `hasUnexpectedController`.
fn unexpected_controller(claim: &Slot, set: &Slot, pod: &Slot) -> bool {
    if retention(set) == (false, false) {
        return false;
    }
    for r in refs(claim) {
        if matches_ref(&r, set, "apps/v1", KIND) {
            if r["uid"] != set["metadata"]["uid"] {
                return true;
            }
            continue;
        }
        if matches_ref(&r, pod, "v1", "Pod") {
            if r["uid"] != pod["metadata"]["uid"] {
                return true;
            }
            continue;
        }
        if r["controller"] == true {
            return true;
        }
    }
    false
}

/// `isClaimOwnerUpToDate`.
fn claim_owner_up_to_date(claim: &Slot, set: &Slot, pod: &Slot) -> bool {
    if stale_ref(claim, set, "apps/v1", KIND) || stale_ref(claim, pod, "v1", "Pod") {
        return true;
    }
    if unexpected_controller(claim, set, pod) {
        return !(has_owner_ref(claim, set) || has_owner_ref(claim, pod));
    }
    let non_controller = refs(claim).iter().any(|r| (r["uid"] == set["metadata"]["uid"] || r["uid"] == pod["metadata"]["uid"]) && r["controller"] != true);
    if non_controller {
        return false;
    }
    let scaled_down = !in_range(set, ordinal(pod));
    match retention(set) {
        (false, false) => !(has_owner_ref(claim, set) || has_owner_ref(claim, pod)),
        (true, false) => has_owner_ref(claim, set) && !has_owner_ref(claim, pod),
        (false, true) => !has_owner_ref(claim, set) && scaled_down == has_owner_ref(claim, pod),
        (true, true) => scaled_down != has_owner_ref(claim, set) && scaled_down == has_owner_ref(claim, pod),
    }
}

/// `updateClaimOwnerRefForSetAndPod`: the claim's owner references after the update.
fn owner_refs_for(claim: &Slot, set: &Slot, pod: &Slot) -> Value {
    let unexpected = unexpected_controller(claim, set, pod);
    let mut out: Vec<Value> = refs(claim).into_iter().filter(|r| !matches_ref(r, set, "apps/v1", KIND) && !matches_ref(r, pod, "v1", "Pod")).collect();
    if !unexpected {
        let scaled_down = !in_range(set, ordinal(pod));
        let pod_ref = json!({"apiVersion": "v1", "kind": "Pod", "name": pod["metadata"]["name"], "uid": pod["metadata"]["uid"], "controller": true, "blockOwnerDeletion": true});
        match retention(set) {
            (true, false) => out.push(controller_ref(set, KIND)),
            (false, true) if scaled_down => out.push(pod_ref),
            (true, true) if scaled_down => out.push(pod_ref),
            (true, true) => out.push(controller_ref(set, KIND)),
            _ => {}
        }
    }
    if out.is_empty() { Value::Null } else { Value::Array(out) }
}

/// `newStatefulSetPod` + `setPodRevision`: the pod of ordinal `ord` from `set`'s template.
fn new_pod(set: &Slot, ord: i64, revision: &str) -> Value {
    let mut pod = super::replicaset::pod_from_template(set, KIND);
    let pod_name = format!("{}-{ord}", name(set));
    pod["metadata"]["name"] = json!(pod_name);
    if !pod["metadata"]["labels"].is_object() {
        pod["metadata"]["labels"] = json!({});
    }
    pod["metadata"]["labels"][POD_NAME_LABEL] = json!(pod_name);
    pod["metadata"]["labels"][POD_INDEX_LABEL] = json!(ord.to_string());
    pod["metadata"]["labels"][REVISION_LABEL] = json!(revision);
    pod["spec"]["hostname"] = json!(pod_name);
    if let Some(service) = set["spec"]["serviceName"].as_str().filter(|s| !s.is_empty()) {
        pod["spec"]["subdomain"] = json!(service);
    }
    // updateStorage: a volume per claim template (replacing any of the same name).
    if let Some(templates) = set["spec"]["volumeClaimTemplates"].as_array() {
        let mut volumes: Vec<Value> = templates.iter().map(|t| json!({"name": t["metadata"]["name"], "persistentVolumeClaim": {"claimName": claim_name(t, set, ord)}})).collect();
        let names: Vec<&Slot> = templates.iter().map(|t| &t["metadata"]["name"]).collect();
        for v in pod["spec"]["volumes"].as_array().into_iter().flatten() {
            if !names.iter().any(|n| **n == v["name"]) {
                volumes.push(v.clone());
            }
        }
        pod["spec"]["volumes"] = Value::Array(volumes);
    }
    pod
}

/// `identityMatches` (the pod-name label; name and namespace hold by construction).
fn identity_matches(set: &Slot, pod: &Slot) -> bool {
    let (parent, ord) = parent_and_ordinal(name(pod));
    ord >= 0 && parent == name(set) && pod["metadata"]["labels"][POD_NAME_LABEL] == pod["metadata"]["name"]
}

/// `SortControllerRevisions`: by revision, then creation time, then name.
fn sorted_revisions(cache: &Cache, set: &Slot) -> Vec<Value> {
    let ns = set["metadata"]["namespace"].as_str().unwrap_or("default");
    let mut revs: Vec<Value> = super::of(cache, "apps", "controllerrevisions", ns).filter(|r| claims(set, r, false)).map(Slot::to_value).collect();
    crate::sort::sort_by(&mut revs, |a, b| {
        (a["revision"].as_i64(), a["metadata"]["creationTimestamp"].as_str(), value_name(a)).cmp(&(b["revision"].as_i64(), b["metadata"]["creationTimestamp"].as_str(), value_name(b)))
    });
    revs
}

/// `history.NewControllerRevision`: `<set>-<hash>` with the hash label and the set's
/// annotations (podlife's FNV-32a over the patch's JSON; upstream hashes a spew dump of it, so
/// the letters differ from a real cluster's, the form does not).
fn new_revision(set: &Slot, data: &Value, revision: i64, collision: u32) -> Value {
    let hash = super::deployment::template_hash(data, (collision > 0).then_some(collision));
    let mut labels = set["spec"]["template"]["metadata"]["labels"].to_value();
    if !labels.is_object() {
        labels = json!({});
    }
    labels[HASH_LABEL] = json!(hash);
    let mut meta = json!({"name": format!("{}-{hash}", name(set)), "namespace": set["metadata"]["namespace"], "labels": labels, "ownerReferences": [controller_ref(set, KIND)]});
    if let Some(a) = set["metadata"]["annotations"].to_map().filter(|a| !a.is_empty()) {
        meta["annotations"] = Value::Object(a);
    }
    json!({"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": meta, "data": data, "revision": revision})
}

/// `syncStatefulSet` → `UpdateStatefulSet`.
fn sync(cache: &Cache, state: &mut State, ns: &str, set_name: &str, now: Time) -> Vec<Write> {
    let Some(set_shared) = crate::components::cached_in(cache, "apps", "statefulsets", ns).map(|(_, s)| s).find(|s| name(s.root()) == set_name) else { return Vec::new() };
    let set = set_shared.root();
    // The cache's own objects, shared (upstream's pointers into the informer cache): a set's
    // snapshot is taken at every sync.
    let pods: Vec<Arc<crate::Obj>> = crate::components::cached_in(cache, "", "pods", ns).filter(|(_, p)| claims(set, p, true)).map(|(_, p)| p.clone()).collect();
    let mut s = Sync { cache, set, ns: ns.to_string(), now, writes: adopt_orphans(cache, set, ns) };

    // getStatefulSetRevisions.
    let revisions = sorted_revisions(cache, set);
    let next = revisions.last().and_then(|r| r["revision"].as_i64()).unwrap_or(0) + 1;
    let data = revision_data(set);
    let mut collision = set["status"]["collisionCount"].as_u64().unwrap_or(0) as u32;
    let equal: Vec<&Value> = revisions.iter().filter(|r| r["data"] == data).collect();
    let update = if let (Some(last), Some(eq)) = (revisions.last(), equal.last()) {
        if value_name(last) == value_name(eq) {
            last.clone()
        } else {
            // Rolling back: the equal revision takes the next number.
            let mut r = (*eq).clone();
            r["revision"] = json!(next);
            s.send(Verb::Update, "controllerrevisions", value_name(eq), r.clone(), None);
            r
        }
    } else {
        // CreateControllerRevision: a name taken by other content bumps the collision count.
        let mut cr = new_revision(set, &data, next, collision);
        while let Some(existing) = super::of(cache, "apps", "controllerrevisions", ns).find(|r| name(r) == value_name(&cr)) {
            if existing["data"] == data || collision >= 1000 {
                break;
            }
            collision += 1;
            cr = new_revision(set, &data, next, collision);
        }
        s.send(Verb::Create, "controllerrevisions", "", cr.clone(), None);
        cr
    };
    let current_name = set["status"]["currentRevision"].as_str().unwrap_or_default();
    let current = revisions.iter().find(|r| value_name(r) == current_name).cloned().unwrap_or_else(|| update.clone());
    let current_set = crate::Obj::untyped(&apply_revision(set, &current));
    let update_set = crate::Obj::untyped(&apply_revision(set, &update));
    let (cur_rev, upd_rev) = (value_name(&current).to_string(), value_name(&update).to_string());

    // updateStatefulSet: the replicas and condemned pods of the snapshot.
    let start = start_ordinal(set);
    let count = usize::try_from(replicas_of(set)).unwrap_or(0);
    let mut replicas = Replicas { len: count, pods: VecMap::new() };
    let mut condemned: Vec<Arc<crate::Obj>> = Vec::new();
    for pod in pods {
        let ord = ordinal(&pod);
        if in_range(set, ord) {
            if let Some(i) = usize::try_from(ord - start).ok().filter(|i| *i < count) {
                replicas.pods.insert(i, pod);
            }
        } else if ord >= 0 {
            condemned.push(pod);
        }
    }
    let partition = set["spec"]["updateStrategy"]["rollingUpdate"]["partition"].as_i64();
    let rolling = set["spec"]["updateStrategy"]["type"].as_str().unwrap_or("RollingUpdate") == "RollingUpdate";
    let current_replicas = set["status"]["currentReplicas"].as_i64().unwrap_or(0);
    // newVersionedStatefulSetPod: below the partition, the current revision.
    let current_below = match partition {
        None if rolling => start + current_replicas,
        None => i64::MIN,
        Some(part) => start + part,
    };
    crate::sort::sort_by(&mut condemned, |a, b| ordinal(b).cmp(&ordinal(a)));
    let min_ready = set["spec"]["minReadySeconds"].as_u64().unwrap_or(0);
    let first_unhealthy: Option<String> = replicas
        .first_unhealthy()
        .map(|(i, p)| p.map_or_else(|| format!("{set_name}-{}", start + i as i64), |p| name(p).to_string()))
        .or_else(|| condemned.iter().rev().find(|p| !healthy(p)).map(|p| name(p).to_string()));

    // updateStatus over the snapshot (the pods this sync creates are not counted).
    let existing = || replicas.pods.values().chain(condemned.iter()).map(|p| &**p);
    let count_of = |f: &dyn Fn(&Slot) -> bool| existing().filter(|p| f(p)).count() as i64;
    let mut status = json!({});
    status["observedGeneration"] = set["metadata"]["generation"].to_value();
    status["replicas"] = json!(count_of(&created));
    status["readyReplicas"] = json!(count_of(&running_and_ready));
    status["currentReplicas"] = json!(count_of(&|p| created(p) && !terminating(p) && revision_of(p) == cur_rev));
    status["updatedReplicas"] = json!(count_of(&|p| created(p) && !terminating(p) && revision_of(p) == upd_rev));
    status["currentRevision"] = json!(cur_rev);
    status["updateRevision"] = json!(upd_rev);
    status["collisionCount"] = json!(collision);
    status["availableReplicas"] = json!(count_of(&|p| running_and_ready(p) && available(p, min_ready, now)));
    if min_ready > 0 && status["availableReplicas"] != json!(count) {
        state.later.push((min_ready * 1000, KIND, ns.to_string(), set_name.to_string()));
    }
    let monotonic = set["spec"]["podManagementPolicy"] != "Parallel";
    let mut r = Resume {
        group: 0,
        set: set_shared.clone(),
        replicas,
        condemned,
        current_set,
        update_set,
        cur_rev,
        upd_rev,
        current_below,
        partition: partition.unwrap_or(0),
        rolling,
        min_ready,
        first_unhealthy,
        status,
        phase: 0,
        next: 0,
    };
    let mut writes = s.writes;
    if set["metadata"]["deletionTimestamp"].is_string() {
        // Only the status.
        writes.extend(r.tail(cache, now, false));
    } else if monotonic {
        writes.extend(ordered(cache, &r, now));
    } else {
        // Parallel: runForAll → slowStartBatch (`slowstart.rs`), built a few batches ahead.
        r.group = state.slow_starts.begin(KIND, ns, set_name, super::slowstart::Expecting::Nothing);
        let (more, resume) = r.run(cache, now, false);
        writes.extend(more);
        state.resume = resume.map(Box::new);
    }
    writes
}

/// `stateful_set_control.go` `MaxBatchSize`: a Parallel sync's batches stop growing here.
const MAX_BATCH_SIZE: usize = 500;
/// How many writes a Parallel sync builds before it waits for its batches to go.
const WRITES_AHEAD: usize = 1000;

/// A sync's snapshot (`updateStatefulSet`'s replicas and condemned pods, its revisions, its
/// status) and where its Parallel `runForAll` calls have got to, kept between slow-start batches.
#[derive(Debug, Clone)]
pub struct Resume {
    group: u64,
    set: Arc<crate::Obj>,
    /// The pods of ordinals start … start + replicas - 1.
    replicas: Replicas,
    /// Pods beyond the range, highest ordinal first.
    condemned: Vec<Arc<crate::Obj>>,
    current_set: crate::Obj,
    update_set: crate::Obj,
    cur_rev: String,
    upd_rev: String,
    /// Ordinals below it are created at the current revision.
    current_below: i64,
    partition: i64,
    rolling: bool,
    min_ready: u64,
    first_unhealthy: Option<String>,
    status: Value,
    /// The next call: phase 0 the replicas, 1 the condemned pods' claims, 2 the condemned pods.
    phase: u8,
    next: usize,
}

/// `updateStatefulSet`'s `replicas` slice, kept sparse: upstream makes a slot for every
/// ordinal and a new pod object for every empty one, but only the pods that exist and the
/// first missing ones are ever read (a set of 600,000 replicas made each sync allocate and
/// drop 600,000 slots).
#[derive(Debug, Clone)]
struct Replicas {
    len: usize,
    /// The existing pods by index (ordinal - start).
    pods: VecMap<usize, Arc<crate::Obj>>,
}

impl Replicas {
    fn len(&self) -> usize {
        self.len
    }

    fn get(&self, i: usize) -> Option<&crate::Obj> {
        self.pods.get(&i).map(|p| &**p)
    }

    /// The first index whose pod is missing or not healthy, with the pod if it exists.
    fn first_unhealthy(&self) -> Option<(usize, Option<&Slot>)> {
        let mut expected = 0;
        for (&i, p) in &self.pods {
            if i != expected {
                break;
            }
            if !healthy(p) {
                return Some((i, Some(p)));
            }
            expected += 1;
        }
        (expected < self.len).then_some((expected, None))
    }

    /// How many replicas are missing, unhealthy or not yet available.
    fn unavailable(&self, min_ready: u64, now: Time) -> usize {
        let missing = self.len - self.pods.len();
        missing + self.pods.values().filter(|p| !healthy(p) || !available(p, min_ready, now)).count()
    }
}

/// The slow-start batches of `len` calls.
fn batches(len: usize) -> u32 {
    if len == 0 { 0 } else { super::slowstart::batch_of(len - 1, MAX_BATCH_SIZE) + 1 }
}

impl Resume {
    /// Replica `i`: the pod there, or the one `newVersionedStatefulSetPod` makes.
    fn replica(&self, i: usize) -> std::borrow::Cow<'_, crate::Obj> {
        match self.replicas.get(i) {
            Some(p) => std::borrow::Cow::Borrowed(p),
            None => {
                let ord = start_ordinal(&self.set) + i as i64;
                let (template, rev) = if ord < self.current_below { (&self.current_set, &self.cur_rev) } else { (&self.update_set, &self.upd_rev) };
                std::borrow::Cow::Owned(crate::Obj::untyped(&new_pod(template, ord, rev)))
            }
        }
    }

    fn phase_len(&self, phase: u8) -> usize {
        if phase == 0 { self.replicas.len() } else { self.condemned.len() }
    }

    /// The batch of call `i` of `phase`: each `runForAll` is a slow start of its own, after the one before.
    fn batch(&self, phase: u8, i: usize) -> u32 {
        let offset = (0..phase).map(|p| batches(self.phase_len(p))).sum::<u32>();
        offset + super::slowstart::batch_of(i, MAX_BATCH_SIZE)
    }

    /// Where the next batches are built: the batch of the next call.
    pub(crate) fn slow_start(&self) -> super::SlowStart {
        super::SlowStart { group: self.group, batch: self.batch(self.phase, self.next) }
    }

    /// The Parallel calls from where they got to: the writes up to the first batch boundary past
    /// `WRITES_AHEAD` (and the resume point), or to the end and the tail. After a failed batch
    /// only the tail: `updateStatefulSet` returns the status with its error.
    fn run(mut self, cache: &Cache, now: Time, failed: bool) -> (Vec<Write>, Option<Resume>) {
        let mut writes = Vec::new();
        if failed {
            writes.extend(self.tail(cache, now, false));
            return (writes, None);
        }
        loop {
            if self.next >= self.phase_len(self.phase) {
                if self.phase == 2 {
                    break;
                }
                self.phase += 1;
                self.next = 0;
                continue;
            }
            let batch = self.batch(self.phase, self.next);
            if writes.len() >= WRITES_AHEAD && (self.next == 0 || self.batch(self.phase, self.next - 1) != batch) {
                return (writes, Some(self));
            }
            let mut s = Sync { cache, set: &self.set, ns: ns_of(&self.set), now, writes: Vec::new() };
            let i = self.next;
            match self.phase {
                0 => {
                    let pod = self.replica(i);
                    process_replica(&mut s, false, &pod, self.min_ready);
                }
                1 => {
                    s.fix_claims(&self.condemned[i], None);
                }
                _ => {
                    process_condemned(&mut s, self.first_unhealthy.as_deref(), false, &self.condemned[i], self.min_ready);
                }
            }
            for mut w in s.writes {
                w.slow_start = Some(super::SlowStart { group: self.group, batch });
                writes.push(w);
            }
            self.next += 1;
        }
        writes.extend(self.tail(cache, now, true));
        (writes, None)
    }

    /// The end of a sync: the rolling update (when every replica was processed), then the status.
    fn tail(&self, cache: &Cache, now: Time, update: bool) -> Vec<Write> {
        let mut s = Sync { cache, set: &self.set, ns: ns_of(&self.set), now, writes: Vec::new() };
        let decrement = if update && self.rolling { rolling_update(&mut s, self) } else { 0 };
        let mut status = self.status.clone();
        status["currentReplicas"] = json!(status["currentReplicas"].as_i64().unwrap_or(0) - decrement);
        // completeRollingUpdate.
        let count = json!(self.replicas.len());
        if self.rolling && status["updatedReplicas"] == count && status["readyReplicas"] == count && status["replicas"] == count {
            status["currentReplicas"] = status["updatedReplicas"].clone();
            status["currentRevision"] = json!(self.upd_rev);
        }
        let mut writes = s.writes;
        writes.extend(status_update(&self.set, status));
        writes
    }
}

fn ns_of(set: &Slot) -> String {
    set["metadata"]["namespace"].as_str().unwrap_or("default").to_string()
}

/// OrderedReady (`runForAll` monotonic): the replicas in order, stopping at the first that
/// blocks; then the condemned pods' claims, the condemned pods from the highest ordinal, the
/// rolling update; the status in every case.
fn ordered(cache: &Cache, r: &Resume, now: Time) -> Vec<Write> {
    let mut s = Sync { cache, set: &r.set, ns: ns_of(&r.set), now, writes: Vec::new() };
    let mut exit = false;
    for i in 0..r.replicas.len() {
        if process_replica(&mut s, true, &r.replica(i), r.min_ready) {
            exit = true;
            break;
        }
    }
    if !exit {
        for pod in &r.condemned {
            s.fix_claims(pod, None);
        }
        for pod in &r.condemned {
            if process_condemned(&mut s, r.first_unhealthy.as_deref(), true, pod, r.min_ready) {
                exit = true;
                break;
            }
        }
    }
    let mut writes = s.writes;
    writes.extend(r.tail(cache, now, !exit));
    writes
}

/// A Parallel sync's next batches, when the batch before has gone (`slowstart.rs`).
pub(crate) fn resume(cx: &super::workloads::Cx<'_>, r: Resume, failed: bool) -> Vec<super::Held> {
    let (ns, set_name) = (ns_of(&r.set), name(&r.set).to_string());
    let (writes, more) = r.run(cx.cache(), cx.now(), failed);
    let mut items: Vec<super::Held> = writes
        .into_iter()
        .map(|w| {
            let mut w = w.requeue(KIND, &ns, &set_name);
            if w.request.subresource.as_deref() == Some("status") {
                w.status_retry = super::StatusRetry::Cache(4);
            }
            super::Held::Write(Box::new(w))
        })
        .collect();
    items.extend(more.map(|r| super::Held::Resume(Box::new(r))));
    items
}

/// `processReplica`: true when the sync must stop here (in OrderedReady).
fn process_replica(s: &mut Sync<'_>, monotonic: bool, pod: &Slot, min_ready: u64) -> bool {
    let phase = pod["status"]["phase"].as_str().unwrap_or_default();
    if matches!(phase, "Failed" | "Succeeded") {
        if !terminating(pod) {
            s.delete_pod(pod);
        }
        return true;
    }
    if !created(pod) {
        if s.claim_is_stale(pod) {
            return true;
        }
        // CreateStatefulPod: the claims, then the pod.
        if !s.create_claims(pod) {
            return true;
        }
        let message = format!("create Pod {} in StatefulSet {} successful", name(pod), s.set_name());
        let follow = event(s.set, "SuccessfulCreate", message);
        s.send(Verb::Create, "pods", "", pod.to_value(), Some(follow));
        s.on_error("FailedCreate", "create", name(pod));
        s.fix_claims(pod, None);
        return monotonic;
    }
    if phase == "Pending" {
        s.create_claims(pod);
    }
    if terminating(pod) && monotonic {
        return true;
    }
    if !running_and_ready(pod) && monotonic {
        return true;
    }
    if !available(pod, min_ready, s.now) && monotonic {
        return true;
    }
    // UpdateStatefulPod: identity, then the claims' owner references.
    let follow = || event(s.set, "SuccessfulUpdate", format!("update Pod {} in StatefulSet {} successful", name(pod), name(s.set)));
    if !identity_matches(s.set, pod) {
        let mut body = pod.to_value();
        if !body["metadata"]["labels"].is_object() {
            body["metadata"]["labels"] = json!({});
        }
        body["metadata"]["labels"][POD_NAME_LABEL] = pod["metadata"]["name"].to_value();
        body["metadata"]["labels"][POD_INDEX_LABEL] = json!(ordinal(pod).to_string());
        let f = follow();
        s.fix_claims(pod, None);
        s.send(Verb::Update, "pods", name(pod), body, Some(f));
        s.on_error("FailedUpdate", "update", name(pod));
    } else {
        let f = follow();
        s.fix_claims(pod, Some(f));
    }
    false
}

/// `processCondemned`: true when the sync must stop here.
fn process_condemned(s: &mut Sync<'_>, first_unhealthy: Option<&str>, monotonic: bool, pod: &Slot, min_ready: u64) -> bool {
    if terminating(pod) {
        return monotonic;
    }
    let is_first = first_unhealthy == Some(name(pod));
    if !running_and_ready(pod) && monotonic && !is_first {
        return true;
    }
    if !available(pod, min_ready, s.now) && monotonic && !is_first {
        return true;
    }
    s.delete_pod(pod);
    true
}

/// `updateStatefulSetAfterInvariantEstablished` (single pass from the highest ordinal):
/// returns how many pods it deleted.
fn rolling_update(s: &mut Sync<'_>, r: &Resume) -> i64 {
    let count = r.replicas.len() as i64;
    let max = max_unavailable(&s.set["spec"]["updateStrategy"]["rollingUpdate"]["maxUnavailable"], count);
    let unavailable = r.replicas.unavailable(r.min_ready, s.now) as i64;
    if unavailable >= max {
        return 0;
    }
    let to_delete = max - unavailable;
    let mut deleted = 0;
    for i in (0..r.replicas.len()).rev() {
        if (i as i64) < r.partition || deleted >= to_delete {
            break;
        }
        let pod = r.replica(i);
        if revision_of(&pod) != r.upd_rev && !terminating(&pod) {
            s.delete_pod(&pod);
            deleted += 1;
        }
    }
    deleted
}

/// `updateStatefulSetStatus`: the whole status replaced, written when `inconsistentStatus`.
fn status_update(set: &Slot, mut status: Value) -> Option<Write> {
    let old = &set["status"];
    let differs = ["replicas", "currentReplicas", "readyReplicas", "updatedReplicas", "currentRevision", "availableReplicas", "updateRevision"].iter().any(|k| {
        let (a, b) = (&status[*k], &old[*k]);
        let zero = |v: &Value| v.is_null() || *v == json!(0) || *v == json!("");
        let zero_stored = |v: &Slot| v.is_null() || *v == json!(0) || *v == json!("");
        a != b && !(zero(a) && zero_stored(b))
    }) || status["observedGeneration"].as_i64().unwrap_or(0) > old["observedGeneration"].as_i64().unwrap_or(0);
    if !differs {
        return None;
    }
    // omitempty.
    if let Some(m) = status.as_object_mut() {
        let omitted = |k: &str, v: &Value| (matches!(k, "readyReplicas" | "currentReplicas" | "updatedReplicas" | "observedGeneration") && *v == json!(0)) || (matches!(k, "currentRevision" | "updateRevision") && *v == json!(""));
        m.retain(|k, v| !omitted(k, v));
    }
    if let Some(c) = old["conditions"].as_array().filter(|c| !c.is_empty()) {
        status["conditions"] = Value::Array(c.iter().map(Slot::to_value).collect());
    }
    let mut body = set.to_value();
    body["status"] = status;
    let mut req = controller_request(ACCOUNT, Verb::Update, "statefulsets", set["metadata"]["namespace"].as_str(), name(set), body)?;
    req.subresource = Some("status".into());
    Some(Write::now(ACCOUNT, req))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_from_names() {
        assert_eq!(parent_and_ordinal("web-0"), ("web", 0));
        assert_eq!(parent_and_ordinal("my-db-12"), ("my-db", 12));
        assert_eq!(parent_and_ordinal("web"), ("", -1));
        assert_eq!(parent_and_ordinal("web-"), ("", -1));
        assert_eq!(parent_and_ordinal("web-x1"), ("", -1));
        // Beyond int32: ParseInt fails, the parent stays.
        assert_eq!(parent_and_ordinal("web-99999999999"), ("web", -1));
    }

    #[test]
    fn max_unavailable_rounds_down_to_at_least_one() {
        assert_eq!(max_unavailable(&crate::Obj::untyped(&Value::Null), 3), 1);
        assert_eq!(max_unavailable(&crate::Obj::untyped(&json!(2)), 3), 2);
        assert_eq!(max_unavailable(&crate::Obj::untyped(&json!("50%")), 5), 2);
        assert_eq!(max_unavailable(&crate::Obj::untyped(&json!("10%")), 3), 1);
        assert_eq!(max_unavailable(&crate::Obj::untyped(&json!("100%")), 4), 4);
    }

    /// The sparse replicas answer as upstream's full slice would: the first missing or
    /// unhealthy index, and missing replicas counted as unavailable.
    #[test]
    fn sparse_replicas_find_the_first_gap_or_unhealthy_pod() {
        let ready = Arc::new(crate::Obj::untyped(&json!({"status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}})));
        let pending = Arc::new(crate::Obj::untyped(&json!({"status": {"phase": "Pending"}})));
        let of = |pods: Vec<(usize, &Arc<crate::Obj>)>, len: usize| Replicas { len, pods: pods.into_iter().map(|(i, p)| (i, p.clone())).collect() };
        let first = |r: &Replicas| r.first_unhealthy().map(|(i, p)| (i, p.is_some()));
        assert_eq!(first(&of(vec![(0, &ready), (1, &ready)], 2)), None);
        assert_eq!(first(&of(vec![(0, &ready), (1, &ready)], 600_000)), Some((2, false)));
        assert_eq!(first(&of(vec![(0, &ready), (2, &ready)], 3)), Some((1, false)));
        assert_eq!(first(&of(vec![(0, &ready), (1, &pending), (2, &ready)], 3)), Some((1, true)));
        assert_eq!(first(&of(vec![], 1)), Some((0, false)));
        let r = of(vec![(0, &ready), (1, &pending), (4, &ready)], 600_000);
        assert_eq!(r.unavailable(0, Time::ZERO), 600_000 - 2);
        assert_eq!((r.len(), r.get(1).is_some(), r.get(2).is_some()), (600_000, true, false));
    }

    fn set(policy: (&str, &str), replicas: i64) -> Value {
        json!({"metadata": {"name": "web", "uid": "set-uid", "namespace": "default"}, "spec": {"replicas": replicas, "persistentVolumeClaimRetentionPolicy": {"whenDeleted": policy.0, "whenScaled": policy.1}}})
    }

    #[test]
    fn claim_owner_references_follow_the_policy() {
        let pod = json!({"metadata": {"name": "web-2", "uid": "pod-uid"}});
        let claim = json!({"metadata": {"name": "data-web-2"}});
        // Scaled down (replicas 2): whenScaled Delete owns the claim by the pod.
        let s = set(("Retain", "Delete"), 2);
        assert!(!claim_owner_up_to_date(&crate::Obj::untyped(&claim), &crate::Obj::untyped(&s), &crate::Obj::untyped(&pod)));
        let refs = owner_refs_for(&crate::Obj::untyped(&claim), &crate::Obj::untyped(&s), &crate::Obj::untyped(&pod));
        assert_eq!(refs[0]["kind"], "Pod");
        assert_eq!(refs[0]["uid"], "pod-uid");
        let owned = json!({"metadata": {"name": "data-web-2", "ownerReferences": refs}});
        assert!(claim_owner_up_to_date(&crate::Obj::untyped(&owned), &crate::Obj::untyped(&s), &crate::Obj::untyped(&pod)));
        // In range: whenDeleted Delete owns it by the set.
        let s = set(("Delete", "Retain"), 3);
        let refs = owner_refs_for(&crate::Obj::untyped(&claim), &crate::Obj::untyped(&s), &crate::Obj::untyped(&pod));
        assert_eq!(refs[0]["kind"], "StatefulSet");
        // Retain/Retain: no references.
        let s = set(("Retain", "Retain"), 2);
        assert!(claim_owner_up_to_date(&crate::Obj::untyped(&claim), &crate::Obj::untyped(&s), &crate::Obj::untyped(&pod)));
        assert!(owner_refs_for(&crate::Obj::untyped(&claim), &crate::Obj::untyped(&s), &crate::Obj::untyped(&pod)).is_null());
    }
}

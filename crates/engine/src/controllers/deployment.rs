//! The Deployment controller (`pkg/controller/deployment/`: `deployment_controller.go`,
//! `sync.go`, `rolling.go`, `recreate.go`, `progress.go`, `util/deployment_util.go`).
//!
//! A sync finds the new ReplicaSet (the one whose template equals the Deployment's, ignoring
//! `pod-template-hash`) or creates it (`<deployment>-<hash>`, its revision one more than the
//! highest old one), then rolls: RollingUpdate scales the new ReplicaSet up within `maxSurge` and the old
//! ones down within `maxUnavailable` (percentages resolved as upstream: surge rounded up,
//! unavailable down, both zero ⇒ one unavailable), Recreate scales the old ones to zero and
//! waits for their pods to be gone. Then the status: counts from the ReplicaSets, the
//! Available and Progressing conditions with upstream's reasons and messages, the progress
//! deadline, old ReplicaSets beyond `revisionHistoryLimit` deleted once the rollout is done.
//! A Deployment scaled in the middle of a rollout (or while paused) shares the change among
//! its active ReplicaSets in proportion to their sizes (`scale`, from the desired/max-replicas
//! annotations). ReplicaSets are claimed as `ClaimReplicaSets` does: a matching orphan is
//! adopted (and reused when its template is the Deployment's), one that stops matching is
//! released. A name taken by another ReplicaSet bumps `status.collisionCount`, which changes
//! the hash. The hash itself is FNV-32a over podlife's canonical JSON of the template, not
//! over Go's spew dump of the struct, so its value differs from a real cluster's.

use serde_json::Value;

use crate::Slot;
use podlife_model::obj::JsonRead;
use crate::deployment_util::{fenceposts, max_unavailable, rolling};

use super::replicaset::{State, controller_ref, controller_uid};
use super::{FollowUp, Write, controller_request};
use crate::apiserver::Verb;
use crate::clock::Time;
use crate::components::Cache;
use crate::store::{EventType, WatchEvent};

pub const ACCOUNT: &str = "deployment-controller";
const HASH_LABEL: &str = "pod-template-hash";
const REVISION: &str = "deployment.kubernetes.io/revision";
const DESIRED: &str = "deployment.kubernetes.io/desired-replicas";
const MAX_REPLICAS: &str = "deployment.kubernetes.io/max-replicas";
const HISTORY: &str = "deployment.kubernetes.io/revision-history";

fn deployments<'a>(cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Slot> + 'a {
    super::of(cache, "apps", "deployments", ns)
}

fn replicasets<'a>(cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Slot> + 'a {
    super::of(cache, "apps", "replicasets", ns)
}

/// The Deployments a delivery asks to sync.
fn to_sync(cache: &Cache, event: &WatchEvent) -> Vec<String> {
    let ns = &event.key.namespace;
    match (event.key.group, event.key.resource) {
        ("apps", "deployments") if event.event_type != EventType::Deleted => vec![event.key.name.clone()],
        ("apps", "replicasets") => {
            let rs = event.object.root();
            if !super::is_orphan(rs) || event.event_type == EventType::Deleted {
                return owner_name(cache, ns, rs).into_iter().collect();
            }
            // An orphan: every Deployment that could adopt it (`getDeploymentsForReplicaSet`).
            deployments(cache, ns).filter(|d| d["spec"]["selector"].is_object() && crate::labels::selector_matches(&d["spec"]["selector"], &rs["metadata"]["labels"])).map(name).collect()
        }
        // Recreate waits for the old pods to be gone.
        ("", "pods") if event.event_type == EventType::Deleted => {
            let Some(rs_uid) = controller_uid(event.object.root(), "ReplicaSet") else { return Vec::new() };
            replicasets(cache, ns).filter(|rs| rs["metadata"]["uid"] == rs_uid).filter_map(|rs| owner_name(cache, ns, rs)).collect()
        }
        _ => Vec::new(),
    }
}

fn owner_name(cache: &Cache, ns: &str, rs: &Slot) -> Option<String> {
    let uid = controller_uid(rs, "Deployment")?;
    deployments(cache, ns).find(|d| d["metadata"]["uid"] == uid)?["metadata"]["name"].as_str().map(str::to_string)
}

/// A delivery queues the Deployments it concerns (their syncs run from the work queue).
pub fn on_event(cache: &Cache, state: &mut State, event: &WatchEvent) {
    let ns = event.key.namespace.clone();
    for name in to_sync(cache, event) {
        state.enqueue("Deployment", &ns, &name);
    }
}

/// A worker syncs a queued (or re-queued) Deployment.
pub fn resync(cache: &Cache, state: &mut State, ns: &str, name: &str, now: Time) -> Vec<Write> {
    state.dequeue("Deployment", ns, name);
    sync(cache, state, ns, name, now)
}

/// `controller.ComputeHash`: FNV-32a of the template (podlife hashes its canonical JSON, so
/// the value differs from a real cluster's; the form — digits mapped into
/// `bcdfghjklmnpqrstvwxz2456789` by `rand.SafeEncodeString` — is upstream's).
pub fn template_hash<J: JsonRead>(template: &J, collision_count: Option<u32>) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u32::from(*b);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    };
    feed(podlife_model::json::to_string_plain(&template.to_value()).as_bytes());
    if let Some(c) = collision_count {
        let mut bytes = [0u8; 8];
        bytes[..4].copy_from_slice(&c.to_le_bytes());
        feed(&bytes);
    }
    safe_encode(&hash.to_string())
}

/// `rand.SafeEncodeString`.
pub fn safe_encode(s: &str) -> String {
    const ALPHANUMS: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
    s.bytes().map(|b| ALPHANUMS[usize::from(b) % ALPHANUMS.len()] as char).collect()
}

/// A ReplicaSet's template without the hash label, to compare with the Deployment's
/// (`EqualIgnoreHash`; kubectl's rollback and describe compare the same way).
pub fn template_without_hash(rs: &Value) -> Value {
    let mut t = rs["spec"]["template"].clone();
    if let Some(labels) = t["metadata"]["labels"].as_object_mut() {
        labels.remove(HASH_LABEL);
    }
    t
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or(0)
}

fn revision(rs: &Value) -> i64 {
    rs["metadata"]["annotations"][REVISION].as_str().and_then(|r| r.parse().ok()).unwrap_or(0)
}

fn name<J: JsonRead>(v: &J) -> String {
    v["metadata"]["name"].as_str().unwrap_or_default().to_string()
}

/// The rollout being planned: the ReplicaSets as this sync will have left them.
struct Plan {
    /// (ReplicaSet, its spec.replicas after this sync).
    sets: Vec<(Value, i64)>,
    new: Option<usize>,
    writes: Vec<Write>,
}

impl Plan {
    fn total(&self) -> i64 {
        self.sets.iter().map(|(_, r)| *r).sum()
    }

    /// `scaleReplicaSetAndRecordEvent`: nothing when the size stays.
    fn scale(&mut self, i: usize, to: i64, d: &Value) {
        let from = self.sets[i].1;
        if from != to {
            self.scale_with(i, to, d, if to > from { "up" } else { "down" });
        }
    }

    /// `scaleReplicaSet`: an update when the size or the desired/max-replicas annotations
    /// (`SetReplicasAnnotations`) change, and the `ScalingReplicaSet` event when the size does.
    fn scale_with(&mut self, i: usize, to: i64, d: &Value, operation: &str) {
        let from = self.sets[i].1;
        let replicas = int(&d["spec"]["replicas"]);
        let (desired, max) = (json!(replicas.to_string()), json!((replicas + max_surge(d)).to_string()));
        let annotations = &self.sets[i].0["metadata"]["annotations"];
        if from == to && annotations[DESIRED] == desired && annotations[MAX_REPLICAS] == max {
            return;
        }
        let rs = &mut self.sets[i].0;
        rs["spec"]["replicas"] = json!(to);
        rs["metadata"]["annotations"][DESIRED] = desired;
        rs["metadata"]["annotations"][MAX_REPLICAS] = max;
        let Some(req) = controller_request(ACCOUNT, Verb::Update, "replicasets", rs["metadata"]["namespace"].as_str(), &name(rs), rs.clone()) else { return };
        let mut w = Write::now(ACCOUNT, req);
        if from != to {
            w.follow = Some(event(d, format!("Scaled {operation} replica set {} from {from} to {to}", name(rs))));
        }
        self.writes.push(w);
        self.sets[i].1 = to;
    }

    /// Indices of the ReplicaSets with replicas (`FilterActiveReplicaSets`), the old ones
    /// newest first, then the new one (`FindActiveOrLatest`'s order).
    fn active(&self) -> Vec<usize> {
        let mut old: Vec<usize> = (0..self.sets.len()).filter(|&i| Some(i) != self.new).collect();
        old.reverse();
        old.into_iter().chain(self.new).filter(|&i| self.sets[i].1 > 0).collect()
    }
}

/// `MaxSurge`: zero unless RollingUpdate.
fn max_surge(d: &Value) -> i64 {
    if rolling(d) { fenceposts(d).0 } else { 0 }
}

/// `isScalingEvent`: an active ReplicaSet whose desired-replicas annotation is not the
/// Deployment's replicas.
fn scaling_event(d: &Value, plan: &Plan) -> bool {
    let replicas = int(&d["spec"]["replicas"]);
    plan.active().into_iter().any(|i| plan.sets[i].0["metadata"]["annotations"][DESIRED].as_str().and_then(|s| s.parse::<i64>().ok()).is_some_and(|v| v != replicas))
}

/// `IsSaturated`: the new ReplicaSet holds, wants and has available all the replicas.
fn saturated(d: &Value, plan: &Plan) -> bool {
    let Some(n) = plan.new else { return false };
    let (rs, replicas) = (&plan.sets[n].0, int(&d["spec"]["replicas"]));
    let desired = rs["metadata"]["annotations"][DESIRED].as_str().and_then(|s| s.parse::<i64>().ok());
    plan.sets[n].1 == replicas && desired == Some(replicas) && int(&rs["status"]["availableReplicas"]) == replicas
}

/// `integer.RoundToInt32`: half away from zero, then truncated.
fn round_to_int32(a: f64) -> i64 {
    (if a < 0.0 { a - 0.5 } else { a + 0.5 }) as i32 as i64
}

/// `getReplicaSetFraction`: how many replicas this ReplicaSet gains (or loses) when the
/// Deployment's size (replicas + maxSurge) replaces the one it last recorded on it
/// (`max-replicas`, or else the Deployment's status.replicas).
fn fraction(rs: &Value, size: i64, d: &Value) -> i64 {
    let replicas = int(&d["spec"]["replicas"]);
    if replicas == 0 {
        return -size;
    }
    let deployment_replicas = replicas + max_surge(d);
    let annotated = rs["metadata"]["annotations"][MAX_REPLICAS].as_str().and_then(|s| s.parse::<i64>().ok()).unwrap_or_else(|| int(&d["status"]["replicas"]));
    if annotated == 0 {
        // Go's float division gives +Inf, whose int32 conversion is the minimum on amd64.
        return i64::from(i32::MIN) - size;
    }
    round_to_int32((size * deployment_replicas) as f64 / annotated as f64) - size
}

/// `GetProportion`: the fraction, kept within what is left to add or remove.
fn proportion(rs: &Value, size: i64, d: &Value, to_add: i64, added: i64) -> i64 {
    if size == 0 || to_add == 0 || to_add == added {
        return 0;
    }
    let (f, allowed) = (fraction(rs, size, d), to_add - added);
    if to_add > 0 { f.min(allowed) } else { f.max(allowed) }
}

/// `scale` (sync.go): a scaling event or a paused Deployment. One active ReplicaSet takes
/// the new size; a saturated new one leaves the old ones at zero; otherwise (RollingUpdate)
/// the replicas to add or remove are shared in proportion to each active ReplicaSet's size,
/// largest first — newer first when scaling up, older first when scaling down — and the
/// rounding leftover goes to the first.
fn scale(d: &Value, plan: &mut Plan) {
    let replicas = int(&d["spec"]["replicas"]);
    let active = plan.active();
    // FindActiveOrLatest.
    let only = match active.len() {
        0 => plan.new.or_else(|| (0..plan.sets.len()).next_back()),
        1 => Some(active[0]),
        _ => None,
    };
    if let Some(i) = only {
        plan.scale(i, replicas, d);
        return;
    }
    if saturated(d, plan) {
        let new = plan.new;
        for i in active.into_iter().filter(|&i| Some(i) != new) {
            plan.scale(i, 0, d);
        }
        return;
    }
    if !rolling(d) {
        return;
    }
    let mut order = active;
    let allowed = if replicas > 0 { replicas + max_surge(d) } else { 0 };
    let to_add = allowed - order.iter().map(|&i| plan.sets[i].1).sum::<i64>();
    let key = |plan: &Plan, i: usize| (plan.sets[i].0["metadata"]["creationTimestamp"].as_str().unwrap_or_default().to_string(), name(&plan.sets[i].0));
    // ReplicaSetsBySizeNewer / ReplicaSetsBySizeOlder.
    if to_add != 0 {
        crate::sort::sort_by(&mut order, |&a, &b| plan.sets[b].1.cmp(&plan.sets[a].1).then_with(|| if to_add > 0 { key(plan, b).cmp(&key(plan, a)) } else { key(plan, a).cmp(&key(plan, b)) }));
    }
    let operation = match to_add.signum() {
        1 => "up",
        -1 => "down",
        _ => "",
    };
    let mut added = 0;
    let mut sizes: Vec<i64> = Vec::new();
    for &i in &order {
        let p = proportion(&plan.sets[i].0, plan.sets[i].1, d, to_add, added);
        sizes.push(plan.sets[i].1 + p);
        added += p;
    }
    for (k, &i) in order.iter().enumerate() {
        let mut size = sizes[k];
        if k == 0 && to_add != 0 {
            size = (size + to_add - added).max(0);
        }
        plan.scale_with(i, size, d, operation);
    }
}

/// `ClaimReplicaSets` (controller_ref_manager.go): the ReplicaSets this Deployment
/// controls and its selector matches; orphans it matches are adopted (unless it is being
/// deleted), ReplicaSets it controls but no longer matches are released.
fn claim(cache: &Cache, d: &Value, writes: &mut Vec<Write>) -> Vec<Value> {
    let ns = d["metadata"]["namespace"].as_str().unwrap_or("default");
    let uid = &d["metadata"]["uid"];
    let selector = &d["spec"]["selector"];
    let selector_view = crate::Obj::untyped(selector);
    let deleting = d["metadata"]["deletionTimestamp"].is_string();
    let mut owned = Vec::new();
    for rs in replicasets(cache, ns) {
        let matches = selector.is_object() && crate::labels::selector_matches(&selector_view, &rs["metadata"]["labels"]);
        let refs: Vec<Value> = rs["metadata"]["ownerReferences"].as_array().unwrap_or_default().iter().map(Slot::to_value).collect();
        let controller = refs.iter().find(|r| r["controller"] == true);
        let patch = match controller {
            Some(r) if r["uid"] == *uid => {
                if matches {
                    owned.push(rs.to_value());
                    continue;
                }
                if deleting {
                    continue;
                }
                // ReleaseReplicaSet: our reference deleted.
                let rest: Vec<Value> = refs.iter().filter(|r| r["uid"] != *uid).cloned().collect();
                if rest.is_empty() { Value::Null } else { Value::Array(rest) }
            }
            None if matches && !deleting && !rs["metadata"]["deletionTimestamp"].is_string() => {
                // AdoptReplicaSet: our controller reference added.
                owned.push(rs.to_value());
                let mut refs = refs.clone();
                refs.push(controller_ref(d, "Deployment"));
                Value::Array(refs)
            }
            _ => continue,
        };
        let body = json!({"metadata": {"ownerReferences": patch, "uid": rs["metadata"]["uid"]}});
        if let Some(req) = controller_request(ACCOUNT, Verb::Patch, "replicasets", Some(ns), &name(rs), body) {
            writes.push(Write::now(ACCOUNT, req));
        }
    }
    owned
}

/// `checkPausedConditions`: with a progress deadline, pausing or resuming sets Progressing
/// Unknown (`DeploymentPaused` / `DeploymentResumed`) in a status update of its own; a
/// timed-out rollout keeps its condition.
fn paused_condition(d: &mut Value, now: Time) -> Option<Write> {
    if d["spec"]["progressDeadlineSeconds"].is_null() {
        return None;
    }
    let reason = condition(&d["status"], "Progressing").map(|c| c["reason"].clone());
    if reason.as_ref().is_some_and(|r| r == "ProgressDeadlineExceeded") {
        return None;
    }
    let paused_exists = reason.is_some_and(|r| r == "DeploymentPaused");
    let paused = d["spec"]["paused"] == true;
    let (reason, message) = match (paused, paused_exists) {
        (true, false) => ("DeploymentPaused", "Deployment is paused"),
        (false, true) => ("DeploymentResumed", "Deployment is resumed"),
        _ => return None,
    };
    set_condition(&mut d["status"], "Progressing", "Unknown", reason, message, now);
    let mut req = controller_request(ACCOUNT, Verb::Update, "deployments", d["metadata"]["namespace"].as_str(), &name(d), d.clone())?;
    req.subresource = Some("status".into());
    Some(Write::now(ACCOUNT, req))
}

fn event(d: &Value, message: String) -> FollowUp {
    FollowUp::Event { account: ACCOUNT, source: ACCOUNT, kind: "Deployment", api_version: "apps/v1", involved: d.clone(), reason: "ScalingReplicaSet", message }
}

/// `syncDeployment`: claim the ReplicaSets; a Deployment being deleted only gets its status;
/// a paused one or a scaling event goes through `sync` (proportional `scale`), anything else
/// rolls out by its strategy.
fn sync(cache: &Cache, state: &mut State, ns: &str, dname: &str, now: Time) -> Vec<Write> {
    let Some(mut d) = deployments(cache, ns).find(|d| d["metadata"]["name"] == dname).map(Slot::to_value) else { return Vec::new() };
    let mut early = Vec::new();
    let mut owned = claim(cache, &d, &mut early);
    // ReplicaSetsByCreationTimestamp (then name).
    crate::sort::sort_by(&mut owned, |a, b| (a["metadata"]["creationTimestamp"].as_str(), name(a)).cmp(&(b["metadata"]["creationTimestamp"].as_str(), name(b))));
    let template = &d["spec"]["template"];
    // FindNewReplicaSet: the oldest with the Deployment's template.
    let new = owned.iter().position(|rs| &template_without_hash(rs) == template);
    let mut plan = Plan { sets: owned.iter().map(|rs| (rs.clone(), int(&rs["spec"]["replicas"]))).collect(), new, writes: early };
    let deleting = d["metadata"]["deletionTimestamp"].is_string();
    if !deleting {
        plan.writes.extend(paused_condition(&mut d, now));
    }
    let d = d;
    let paused = d["spec"]["paused"] == true;
    let mut created: Option<Value> = None;
    // getNewReplicaSet on the existing new ReplicaSet (`SetNewReplicaSetAnnotations`): the
    // Deployment's annotations copied (but the skipped ones), the next revision if it lags
    // (a rollback, an adopted orphan), its old revision kept in `revision-history`, and
    // minReadySeconds.
    let mut bumped = false;
    if let Some(n) = plan.new {
        let max_old = plan.sets.iter().enumerate().filter(|(i, _)| *i != n).map(|(_, (rs, _))| revision(rs)).max().unwrap_or(0);
        let rs = &mut plan.sets[n].0;
        if let Some(a) = d["metadata"]["annotations"].as_object() {
            for (k, v) in a.iter().filter(|(k, _)| !skip_annotation(k)) {
                if rs["metadata"]["annotations"][k.as_str()] != *v {
                    rs["metadata"]["annotations"][k.as_str()] = v.clone();
                    bumped = true;
                }
            }
        }
        let current = rs["metadata"]["annotations"][REVISION].as_str().map(str::to_string);
        let parsed = current.as_deref().map_or(Some(0), |c| c.parse::<i64>().ok());
        if let Some(current_revision) = parsed
            && current_revision < max_old + 1 {
                rs["metadata"]["annotations"][REVISION] = json!((max_old + 1).to_string());
                if let Some(old) = current {
                    let history = rs["metadata"]["annotations"][HISTORY].as_str().filter(|h| !h.is_empty()).map(|h| format!("{h},{old}")).unwrap_or(old);
                    rs["metadata"]["annotations"][HISTORY] = json!(history);
                }
                bumped = true;
            }
        if int(&rs["spec"]["minReadySeconds"]) != int(&d["spec"]["minReadySeconds"]) {
            rs["spec"]["minReadySeconds"] = json!(int(&d["spec"]["minReadySeconds"]));
            bumped = true;
        }
    }
    if bumped && let Some(n) = plan.new {
        let rs = &mut plan.sets[n].0;
        if let Some(req) = controller_request(ACCOUNT, Verb::Update, "replicasets", Some(ns), &name(rs), rs.clone()) {
            plan.writes.push(Write::now(ACCOUNT, req));
        }
        if controller_uid(rs, "Deployment") != d["metadata"]["uid"].as_str() {
            // Adopted in this very sync: the update carries the version before the adoption
            // patch and fails (Conflict), which ends the sync.
            return plan.writes;
        }
        // Later writes carry the object this update returns.
        if let Some(m) = rs["metadata"].as_object_mut() {
            m.remove("resourceVersion");
        }
    }
    let rollout = !deleting && !paused && !scaling_event(&d, &plan);
    if !deleting && !rollout {
        scale(&d, &mut plan);
        if paused {
            plan.writes.extend(cleanup(&d, &plan));
        }
    }
    let before = plan.writes.len();
    if rollout {
        if plan.new.is_none() {
            match create_new_rs(cache, &d, &mut plan) {
                NewRs::Created(rs) => created = Some(rs),
                NewRs::Collision => return plan.writes,
                NewRs::Exists => {}
            }
        }
        if created.is_none() {
            if rolling(&d) {
                if rollout_rolling(&d, &mut plan).is_err() {
                    // handleErr: the key comes back rate-limited; no status update.
                    state.failed("Deployment", ns, dname);
                    return plan.writes;
                }
            } else {
                rollout_recreate(cache, &d, &mut plan);
            }
        }
    }
    // Nothing scaled up or down: cleanupDeployment.
    let rs_writes = plan.writes[before..].iter().filter(|w| w.request.resource.kind == "ReplicaSet").count();
    if rollout && rs_writes == 0 && created.is_none() && rolling(&d) && complete(&d, &status_of(&d, &plan)) {
        plan.writes.extend(cleanup(&d, &plan));
    }
    state.succeeded("Deployment", ns, dname);
    let mut writes = std::mem::take(&mut plan.writes);
    if let Some(w) = status_update(state, &d, &plan, created.as_ref(), rollout, now) {
        writes.push(w);
    }
    writes
}

/// `annotationsToSkip`: what `copyDeploymentAnnotationsToReplicaSet` leaves out.
fn skip_annotation(k: &str) -> bool {
    matches!(k, "kubectl.kubernetes.io/last-applied-configuration" | REVISION | HISTORY | DESIRED | MAX_REPLICAS | "deprecated.deployment.rollback.to")
}

enum NewRs {
    Created(Value),
    /// The name is taken by the Deployment's own ReplicaSet of this template.
    Exists,
    /// The name is taken by another ReplicaSet: collisionCount goes up.
    Collision,
}

/// `getNewReplicaSet` when none exists: `<deployment>-<hash>`, the next revision. When the
/// name is taken by a ReplicaSet that is not this Deployment's with its template, the create
/// fails (AlreadyExists) and `status.collisionCount` goes up, which changes the hash at the
/// next sync.
fn create_new_rs(cache: &Cache, d: &Value, plan: &mut Plan) -> NewRs {
    let ns = d["metadata"]["namespace"].as_str().unwrap_or("default");
    let collisions = d["status"]["collisionCount"].as_u64().map(|c| c as u32);
    let hash = template_hash(&d["spec"]["template"], collisions);
    let rs_name = format!("{}-{hash}", name(d));
    let max_revision = plan.sets.iter().map(|(rs, _)| revision(rs)).max().unwrap_or(0);
    let replicas = int(&d["spec"]["replicas"]);
    let new_replicas = if rolling(d) { new_rs_replicas(d, plan.total(), 0) } else if old_pods_running_none(plan) { replicas } else { 0 };
    let mut template = d["spec"]["template"].clone();
    template["metadata"]["labels"][HASH_LABEL] = json!(hash);
    let mut selector = d["spec"]["selector"].clone();
    selector["matchLabels"][HASH_LABEL] = json!(hash);
    // SetNewReplicaSetAnnotations: the Deployment's annotations but a few, then ours.
    let mut annotations = serde_json::Map::new();
    if let Some(a) = d["metadata"]["annotations"].as_object() {
        for (k, v) in a.iter().filter(|(k, _)| !skip_annotation(k)) {
            annotations.insert(k.clone(), v.clone());
        }
    }
    annotations.insert(REVISION.into(), json!((max_revision + 1).to_string()));
    annotations.insert(DESIRED.into(), json!(replicas.to_string()));
    annotations.insert(MAX_REPLICAS.into(), json!((replicas + max_surge(d)).to_string()));
    let body = json!({
        "apiVersion": "apps/v1", "kind": "ReplicaSet",
        "metadata": {"name": rs_name, "namespace": ns, "labels": template["metadata"]["labels"], "annotations": annotations, "ownerReferences": [controller_ref(d, "Deployment")]},
        "spec": {"replicas": new_replicas, "minReadySeconds": int(&d["spec"]["minReadySeconds"]), "selector": selector, "template": template},
    });
    let Some(req) = controller_request(ACCOUNT, Verb::Create, "replicasets", Some(ns), "", body.clone()) else { return NewRs::Exists };
    let mut w = Write::now(ACCOUNT, req);
    if let Some(taken) = replicasets(cache, ns).find(|rs| name(*rs) == rs_name) {
        if controller_uid(taken, "Deployment") == d["metadata"]["uid"].as_str() && template_without_hash(&taken.to_value()) == d["spec"]["template"] {
            // Ours as far as the cache knows (a release not yet seen): no collision, and the
            // rollout goes on with it as the new ReplicaSet.
            plan.writes.push(w);
            plan.sets.push((taken.to_value(), taken["spec"]["replicas"].as_i64().unwrap_or(0)));
            plan.new = Some(plan.sets.len() - 1);
            return NewRs::Exists;
        }
        // The create fails with AlreadyExists; the status update follows it.
        let mut status = d.clone();
        status["status"]["collisionCount"] = json!(collisions.unwrap_or(0) + 1);
        if let Some(mut update) = controller_request(ACCOUNT, Verb::Update, "deployments", Some(ns), &name(d), status) {
            update.subresource = Some("status".into());
            w.then.push(update);
        }
        plan.writes.push(w);
        return NewRs::Collision;
    }
    if new_replicas > 0 {
        w.follow = Some(event(d, format!("Scaled up replica set {rs_name} from 0 to {new_replicas}")));
    }
    plan.writes.push(w);
    NewRs::Created(body)
}

/// `NewRSNewReplicas` for RollingUpdate.
fn new_rs_replicas(d: &Value, current_total: i64, new_current: i64) -> i64 {
    let replicas = int(&d["spec"]["replicas"]);
    let (surge, _) = fenceposts(d);
    let max_total = replicas + surge;
    if current_total >= max_total {
        return new_current;
    }
    let up = (max_total - current_total).min(replicas - new_current);
    new_current + up.max(0)
}

/// `rolloutRolling`: scale the new ReplicaSet up, or else the old ones down. Err: the sync
/// failed (`cleanupUnhealthyReplicas`' invalid scale-down).
fn rollout_rolling(d: &Value, plan: &mut Plan) -> Result<(), ()> {
    let Some(n) = plan.new else { return Ok(()) };
    let replicas = int(&d["spec"]["replicas"]);
    // reconcileNewReplicaSet.
    let new_current = plan.sets[n].1;
    if new_current > replicas {
        plan.scale(n, replicas, d);
        return Ok(());
    }
    if new_current < replicas {
        let target = new_rs_replicas(d, plan.total(), new_current);
        if target != new_current {
            plan.scale(n, target, d);
            return Ok(());
        }
    }
    // reconcileOldReplicaSets.
    let old: Vec<usize> = (0..plan.sets.len()).filter(|&i| i != n).collect();
    let old_count: i64 = old.iter().map(|&i| plan.sets[i].1).sum();
    if old_count == 0 {
        return Ok(());
    }
    let min_available = replicas - max_unavailable(d);
    let new_rs = &plan.sets[n].0;
    let new_unavailable = plan.sets[n].1 - int(&new_rs["status"]["availableReplicas"]);
    let max_scaled_down = plan.total() - min_available - new_unavailable;
    if max_scaled_down <= 0 {
        return Ok(());
    }
    // cleanupUnhealthyReplicas: old replicas that are not available go first. A status that
    // still counts more available pods than the spec now wants (the ReplicaSet controller has
    // not caught up with the last scale-down) is "an invalid request to scale down": the sync
    // fails and is retried, so a stale count never scales further down.
    let mut cleaned = 0;
    for &i in &old {
        if cleaned >= max_scaled_down {
            break;
        }
        let (rs, current) = (&plan.sets[i].0, plan.sets[i].1);
        let healthy = int(&rs["status"]["availableReplicas"]);
        if current == 0 || current == healthy {
            continue;
        }
        let down = (max_scaled_down - cleaned).min(current - healthy);
        if current - down > current {
            return Err(());
        }
        plan.scale(i, current - down, d);
        cleaned += down;
    }
    // scaleDownOldReplicaSetsForRollingUpdate: as far as availability allows.
    let available: i64 = plan.sets.iter().map(|(rs, _)| int(&rs["status"]["availableReplicas"])).sum();
    if available > min_available {
        let mut budget = available - min_available;
        for &i in &old {
            if budget <= 0 {
                break;
            }
            let current = plan.sets[i].1;
            if current == 0 {
                continue;
            }
            let down = current.min(budget);
            plan.scale(i, current - down, d);
            budget -= down;
        }
    }
    Ok(())
}

fn old_pods_running_none(plan: &Plan) -> bool {
    plan.sets.iter().all(|(rs, _)| int(&rs["status"]["replicas"]) == 0 && int(&rs["status"]["terminatingReplicas"]) == 0)
}

/// `rolloutRecreate`: old ReplicaSets to zero; once their pods are gone, the new one up.
fn rollout_recreate(cache: &Cache, d: &Value, plan: &mut Plan) {
    let Some(n) = plan.new else { return };
    let mut scaled_down = false;
    for i in 0..plan.sets.len() {
        if i != n && plan.sets[i].1 > 0 {
            plan.scale(i, 0, d);
            scaled_down = true;
        }
    }
    if scaled_down {
        return;
    }
    // oldPodsRunning: any pod of an old ReplicaSet not yet Succeeded/Failed.
    let ns = d["metadata"]["namespace"].as_str().unwrap_or("default");
    let old_uids: Vec<String> = (0..plan.sets.len()).filter(|&i| i != n).filter_map(|i| plan.sets[i].0["metadata"]["uid"].as_str().map(str::to_string)).collect();
    let running = super::of(cache, "", "pods", ns).any(|p| controller_uid(p, "ReplicaSet").is_some_and(|u| old_uids.iter().any(|o| o == u)) && !matches!(p["status"]["phase"].as_str(), Some("Succeeded" | "Failed")));
    if running {
        return;
    }
    let replicas = int(&d["spec"]["replicas"]);
    if plan.sets[n].1 != replicas {
        plan.scale(n, replicas, d);
    }
}

/// `cleanupDeployment`: old ReplicaSets with nothing left, oldest first, beyond
/// `revisionHistoryLimit`.
fn cleanup(d: &Value, plan: &Plan) -> Vec<Write> {
    let limit = d["spec"]["revisionHistoryLimit"].as_i64().unwrap_or(10).max(0) as usize;
    let new_uid = plan.new.map(|n| plan.sets[n].0["metadata"]["uid"].clone());
    let old: Vec<&Value> = plan.sets.iter().map(|(rs, _)| rs).filter(|rs| Some(&rs["metadata"]["uid"]) != new_uid.as_ref()).collect();
    if old.len() <= limit {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut excess = old.len() - limit;
    // Sorted by revision (oldest first).
    let mut by_revision = old.clone();
    crate::sort::sort_by_key(&mut by_revision, |rs| revision(rs));
    for rs in by_revision {
        if excess == 0 {
            break;
        }
        if int(&rs["status"]["replicas"]) != 0 || int(&rs["spec"]["replicas"]) != 0 || rs["metadata"]["deletionTimestamp"].is_string() {
            continue;
        }
        if let Some(mut req) = controller_request(ACCOUNT, Verb::Delete, "replicasets", rs["metadata"]["namespace"].as_str(), &name(rs), Value::Null) {
            req.body = None;
            out.push(Write::now(ACCOUNT, req));
            excess -= 1;
        }
    }
    out
}

/// `calculateStatus`, from the ReplicaSets as this sync leaves them.
fn status_of(d: &Value, plan: &Plan) -> Value {
    let sum = |field: &str| -> i64 { plan.sets.iter().map(|(rs, _)| int(&rs["status"][field])).sum() };
    let available = sum("availableReplicas");
    let unavailable = (plan.total() - available).max(0);
    let updated = plan.new.map(|n| int(&plan.sets[n].0["status"]["replicas"])).unwrap_or(0);
    let mut status = json!({
        "observedGeneration": d["metadata"]["generation"],
        "replicas": sum("replicas"),
        "updatedReplicas": updated,
        "readyReplicas": sum("readyReplicas"),
        "availableReplicas": available,
        "unavailableReplicas": unavailable,
        "terminatingReplicas": sum("terminatingReplicas"),
        "conditions": d["status"]["conditions"].clone(),
    });
    if let Some(c) = d["status"].get("collisionCount") {
        status["collisionCount"] = c.clone();
    }
    status
}

/// `DeploymentComplete`.
fn complete(d: &Value, status: &Value) -> bool {
    let replicas = int(&d["spec"]["replicas"]);
    int(&status["updatedReplicas"]) == replicas && int(&status["replicas"]) == replicas && int(&status["availableReplicas"]) == replicas && int(&status["observedGeneration"]) >= int(&d["metadata"]["generation"])
}

fn condition<'a>(status: &'a Value, kind: &str) -> Option<&'a Value> {
    status["conditions"].as_array()?.iter().find(|c| c["type"] == kind)
}

/// `SetDeploymentCondition`: unchanged status and reason ⇒ nothing; unchanged status keeps
/// the transition time.
fn set_condition(status: &mut Value, kind: &str, value: &str, reason: &str, message: &str, now: Time) {
    let current = condition(status, kind).cloned();
    if let Some(c) = &current
        && c["status"] == value && c["reason"] == reason {
            return;
        }
    let ts = now.rfc3339();
    let transition = match &current {
        Some(c) if c["status"] == value => c["lastTransitionTime"].clone(),
        _ => json!(ts),
    };
    let mut list: Vec<Value> = status["conditions"].as_array().cloned().unwrap_or_default().into_iter().filter(|c| c["type"] != kind).collect();
    list.push(json!({"type": kind, "status": value, "lastUpdateTime": ts, "lastTransitionTime": transition, "reason": reason, "message": message}));
    status["conditions"] = Value::Array(list);
}

/// `SetDeploymentCondition` with `ReplicaSetToDeploymentCondition` (both times are the
/// ReplicaSet condition's transition), or `RemoveDeploymentCondition` when there is none.
fn set_replica_failure(status: &mut Value, failure: Option<&Value>) {
    let current = condition(status, "ReplicaFailure").cloned();
    let Some(c) = failure else {
        if current.is_some()
            && let Some(list) = status["conditions"].as_array_mut()
        {
            list.retain(|c| c["type"] != "ReplicaFailure");
        }
        return;
    };
    if current.as_ref().is_some_and(|cur| cur["status"] == c["status"] && cur["reason"] == c["reason"]) {
        return;
    }
    let mut list: Vec<Value> = status["conditions"].as_array().cloned().unwrap_or_default().into_iter().filter(|x| x["type"] != "ReplicaFailure").collect();
    let t = c["lastTransitionTime"].clone();
    // An unchanged status keeps its transition time.
    let since = current.filter(|cur| cur["status"] == c["status"]).map_or(t.clone(), |cur| cur["lastTransitionTime"].clone());
    list.push(json!({"type": "ReplicaFailure", "status": c["status"], "lastUpdateTime": t, "lastTransitionTime": since, "reason": c["reason"], "message": c["message"]}));
    status["conditions"] = Value::Array(list);
}

/// `syncRolloutStatus` (and the revision annotation `getNewReplicaSet` keeps on the
/// Deployment): written only when something changed; a rollout in progress is synced again
/// at its deadline.
fn status_update(state: &mut State, d: &Value, plan: &Plan, created: Option<&Value>, rollout: bool, now: Time) -> Option<Write> {
    let dname = name(d);
    let ns = d["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
    let mut status = status_of(d, plan);
    let replicas = int(&d["spec"]["replicas"]);
    if available_enough(d, &status, replicas) {
        set_condition(&mut status, "Available", "True", "MinimumReplicasAvailable", "Deployment has minimum availability.", now);
    } else {
        set_condition(&mut status, "Available", "False", "MinimumReplicasUnavailable", "Deployment does not have minimum availability.", now);
    }
    let deadline = d["spec"]["progressDeadlineSeconds"].as_i64();
    let new_name = created.map(name).or_else(|| plan.new.map(|n| name(&plan.sets[n].0)));
    let mut revision_annotation = d["metadata"]["annotations"][REVISION].clone();
    if let Some(rs) = created {
        revision_annotation = rs["metadata"]["annotations"][REVISION].clone();
        if deadline.is_some() {
            set_condition(&mut status, "Progressing", "True", "NewReplicaSetCreated", &format!("Created new replica set \"{}\"", name(rs)), now);
        }
    } else if let Some(n) = plan.new {
        revision_annotation = plan.sets[n].0["metadata"]["annotations"][REVISION].clone();
        if deadline.is_some() && condition(&status, "Progressing").is_none() {
            set_condition(&mut status, "Progressing", "True", "FoundNewReplicaSet", &format!("Found new replica set \"{}\"", name(&plan.sets[n].0)), now);
        }
    }
    // syncRolloutStatus estimates progress; sync's and syncStatusOnly's syncDeploymentStatus do not.
    if let (Some(deadline), true, None) = (deadline, rollout, created) {
        let current = condition(&status, "Progressing").cloned();
        let done = int(&status["replicas"]) == int(&status["updatedReplicas"]) && current.as_ref().is_some_and(|c| c["reason"] == "NewReplicaSetAvailable");
        let subject = match &new_name {
            Some(n) => format!("ReplicaSet \"{n}\""),
            None => format!("Deployment \"{dname}\""),
        };
        if !done {
            let old = &d["status"];
            let old_replicas = |s: &Value| int(&s["replicas"]) - int(&s["updatedReplicas"]);
            let progressing = int(&status["updatedReplicas"]) > int(&old["updatedReplicas"]) || old_replicas(&status) < old_replicas(old) || int(&status["readyReplicas"]) > int(&old["readyReplicas"]) || int(&status["availableReplicas"]) > int(&old["availableReplicas"]);
            if complete(d, &status) {
                set_condition(&mut status, "Progressing", "True", "NewReplicaSetAvailable", &format!("{subject} has successfully progressed."), now);
            } else if progressing {
                // The transition time stays; the update time moves (remove, then set).
                let transition = current.as_ref().filter(|c| c["status"] == "True").map(|c| c["lastTransitionTime"].clone());
                if let Some(list) = status["conditions"].as_array_mut() {
                    list.retain(|c| c["type"] != "Progressing");
                }
                set_condition(&mut status, "Progressing", "True", "ReplicaSetUpdated", &format!("{subject} is progressing."), now);
                if let (Some(t), Some(list)) = (transition, status["conditions"].as_array_mut())
                    && let Some(c) = list.iter_mut().find(|c| c["type"] == "Progressing") {
                        c["lastTransitionTime"] = t;
                    }
            } else if let Some(c) = &current
                && c["reason"] != "NewReplicaSetAvailable"
                && (c["reason"] == "ProgressDeadlineExceeded" || c["lastUpdateTime"].as_str().and_then(Time::from_rfc3339).is_some_and(|t| t.millis() + deadline.max(0) as u64 * 1000 < now.millis()))
            {
                set_condition(&mut status, "Progressing", "False", "ProgressDeadlineExceeded", &format!("{subject} has timed out progressing."), now);
            }
        }
        // requeueStuckDeployment: look again when the deadline passes.
        if let Some(c) = condition(&status, "Progressing")
            && c["status"] == "True" && c["reason"] != "NewReplicaSetAvailable"
            && let Some(t) = c["lastUpdateTime"].as_str().and_then(Time::from_rfc3339) {
                let due = t.millis() + deadline.max(0) as u64 * 1000 + 1_000;
                state.deadlines.retain(|(_, _, at)| *at > now.millis());
                if state.deadlines.insert((ns.clone(), dname.clone(), due)) {
                    state.later.push((due.saturating_sub(now.millis()).max(1), "Deployment", ns.clone(), dname.clone()));
                }
            }
    }
    // syncRolloutStatus moves a ReplicaSet's ReplicaFailure onto the Deployment
    // (`getReplicaFailures`: the new ReplicaSet's first, else any other's).
    if rollout {
        let failure_of = |rs: &Value| rs["status"]["conditions"].as_array().and_then(|l| l.iter().find(|c| c["type"] == "ReplicaFailure")).cloned();
        let failure = plan.new.and_then(|n| failure_of(&plan.sets[n].0)).or_else(|| plan.sets.iter().find_map(|(rs, ..)| failure_of(rs)));
        set_replica_failure(&mut status, failure.as_ref());
    }
    // Zero counts are omitted, as the API server returns them.
    if let Some(m) = status.as_object_mut() {
        m.retain(|k, v| k == "observedGeneration" || k == "conditions" || *v != json!(0));
    }
    let same_status = status == d["status"];
    let same_revision = revision_annotation.is_null() || revision_annotation == d["metadata"]["annotations"][REVISION];
    if same_status && same_revision {
        return None;
    }
    let mut body = d.clone();
    body["status"] = status;
    if !revision_annotation.is_null() {
        body["metadata"]["annotations"][REVISION] = revision_annotation;
    }
    let mut req = controller_request(ACCOUNT, Verb::Update, "deployments", Some(&ns), &dname, body)?;
    req.subresource = Some("status".into());
    Some(Write::now(ACCOUNT, req))
}

fn available_enough(d: &Value, status: &Value, replicas: i64) -> bool {
    int(&status["availableReplicas"]) >= replicas - max_unavailable(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deployment_util::scaled;

    fn deployment(replicas: i64, surge: Value, unavailable: Value) -> Value {
        json!({"spec": {"replicas": replicas, "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": surge, "maxUnavailable": unavailable}}}})
    }

    fn with_status(name: &str, created: u32, replicas: i64, available: i64) -> (Value, i64) {
        let rs = json!({"metadata": {"name": name, "namespace": "default", "creationTimestamp": format!("2026-03-02T09:00:{created:02}Z")},
            "spec": {"replicas": replicas}, "status": {"replicas": available, "availableReplicas": available}});
        (rs, replicas)
    }

    /// `rolling_test.go` TestDeploymentController_cleanupUnhealthyReplicas: unavailable old
    /// replicas go first, up to maxCleanupCount; a status counting more available pods than
    /// the spec wants (stale after the last scale-down) fails the sync instead of scaling on.
    #[test]
    fn cleanup_unhealthy_replicas_and_its_stale_status_error() {
        let d = deployment(10, json!(0), json!(2));
        // Old: 8 wanted, 6 available; new: 2 wanted, 2 available ⇒ maxScaledDown 10-8-0 = 2.
        let mut plan = Plan { sets: vec![with_status("old", 0, 8, 6), with_status("new", 30, 2, 2)], new: Some(1), writes: Vec::new() };
        assert_eq!(rollout_rolling(&d, &mut plan), Ok(()));
        assert_eq!(plan.sets[0].1, 6, "the two unavailable old replicas are cleaned up");
        // Old spec already 7 while its status still says 8 available: the invalid scale-down.
        let mut stale = Plan { sets: vec![with_status("old", 0, 7, 8), with_status("new", 30, 3, 2)], new: Some(1), writes: Vec::new() };
        assert_eq!(rollout_rolling(&d, &mut stale), Err(()));
        assert!(stale.writes.is_empty(), "nothing is scaled on a stale count");
    }

    /// `deployment_util_test.go` TestResolveFenceposts and the 10 × 25 %/25 % case:
    /// 3 surge (rounded up), 2 unavailable (rounded down) ⇒ 8 available, 13 total at most.
    #[test]
    fn fenceposts_round_as_upstream() {
        assert_eq!(fenceposts(&deployment(10, json!("25%"), json!("25%"))), (3, 2));
        assert_eq!(fenceposts(&deployment(10, json!(0), json!(0))), (0, 1));
        assert_eq!(fenceposts(&deployment(1, json!("25%"), json!("25%"))), (1, 0));
        assert_eq!(fenceposts(&deployment(3, json!("50%"), json!("50%"))), (2, 1));
        assert_eq!(fenceposts(&deployment(5, json!(0), json!("1%"))), (0, 1));
        assert_eq!(scaled(&json!("100%"), 7, false), 7);
    }

    /// A ReplicaSet of `replicas` created at second `created`, whose annotations record a
    /// Deployment of `desired` replicas and `max` at most.
    fn rs(name: &str, created: u32, replicas: i64, desired: i64, max: i64) -> (Value, i64) {
        let rs = json!({"metadata": {"name": name, "namespace": "default", "creationTimestamp": format!("2026-03-02T09:00:{created:02}Z"),
            "annotations": {DESIRED: desired.to_string(), MAX_REPLICAS: max.to_string()}}, "spec": {"replicas": replicas}, "status": {}});
        (rs, replicas)
    }

    /// Runs `scale` on a Deployment of `replicas` (maxSurge/maxUnavailable given) whose
    /// ReplicaSets are `sets` (oldest first, the last one new) and returns their sizes.
    fn scaled_sizes(replicas: i64, surge: Value, unavailable: Value, sets: Vec<(Value, i64)>) -> Vec<i64> {
        let mut d = deployment(replicas, surge, unavailable);
        d["metadata"] = json!({"name": "web", "namespace": "default"});
        let new = Some(sets.len() - 1);
        let mut plan = Plan { sets, new, writes: Vec::new() };
        scale(&d, &mut plan);
        plan.sets.iter().map(|(_, r)| *r).collect()
    }

    /// sync.go `scale`, worked by hand with getReplicaSetFraction's formula
    /// round(size × (replicas + maxSurge) / max-replicas) − size.
    #[test]
    fn proportional_scaling_as_upstream() {
        // The golden's 10 → 15 at 25%: allowed 15 + 4 = 19, 6 to add, largest first:
        // old 8 × 19/13 = 11.69 → +4, new 5 × 19/13 = 7.31 → +2.
        assert_eq!(scaled_sizes(15, json!("25%"), json!("25%"), vec![rs("old", 0, 8, 10, 13), rs("new", 9, 5, 10, 13)]), vec![12, 7]);
        // 15 → 5: allowed 7, 12 to remove: old 12 × 7/19 = 4.42 → −8, new 7 × 7/19 = 2.58 → −4.
        assert_eq!(scaled_sizes(5, json!("25%"), json!("25%"), vec![rs("old", 0, 12, 15, 19), rs("new", 9, 7, 15, 19)]), vec![4, 3]);
        // 5 → 10 without surge: 3 × 10/5 = 6, 2 × 10/5 = 4.
        assert_eq!(scaled_sizes(10, json!(0), json!(1), vec![rs("old", 0, 3, 5, 5), rs("new", 9, 2, 5, 5)]), vec![6, 4]);
        // 5 → 3: 3 × 3/5 = 1.8 → 2, 2 × 3/5 = 1.2 → 1.
        assert_eq!(scaled_sizes(3, json!(0), json!(1), vec![rs("old", 0, 3, 5, 5), rs("new", 9, 2, 5, 5)]), vec![2, 1]);
        // Leftover: 3 → 4 over three ReplicaSets of 1 (equal sizes, scaling up: newest first):
        // each 1 × 4/3 = 1.33 → +0, and the leftover 1 goes to the newest.
        assert_eq!(scaled_sizes(4, json!(0), json!(1), vec![rs("a", 0, 1, 3, 3), rs("b", 5, 1, 3, 3), rs("c", 9, 1, 3, 3)]), vec![1, 1, 2]);
        // Down 3 → 2 over the same: each 1 × 2/3 = 0.67 rounds to 1 (−0); the leftover −1 goes
        // to the first in ReplicaSetsBySizeOlder order, the oldest.
        assert_eq!(scaled_sizes(2, json!(0), json!(1), vec![rs("a", 0, 1, 3, 3), rs("b", 5, 1, 3, 3), rs("c", 9, 1, 3, 3)]), vec![0, 1, 1]);
        // To zero: every active ReplicaSet loses its whole size.
        assert_eq!(scaled_sizes(0, json!(0), json!(1), vec![rs("old", 0, 3, 5, 5), rs("new", 9, 2, 5, 5)]), vec![0, 0]);
    }

    #[test]
    fn one_active_or_saturated_replica_set() {
        // FindActiveOrLatest: the only active ReplicaSet takes the whole size.
        assert_eq!(scaled_sizes(7, json!("25%"), json!("25%"), vec![rs("old", 0, 0, 5, 7), rs("new", 9, 5, 5, 7)]), vec![0, 7]);
        // IsSaturated: the new ReplicaSet has and wants all, all available ⇒ old ones to 0.
        let mut new = rs("new", 9, 5, 5, 7);
        new.0["status"]["availableReplicas"] = json!(5);
        assert_eq!(scaled_sizes(5, json!("25%"), json!("25%"), vec![rs("old", 0, 2, 5, 7), new]), vec![0, 5]);
    }

    #[test]
    fn rounding_is_go_round_to_int32() {
        assert_eq!((round_to_int32(2.5), round_to_int32(-2.5), round_to_int32(4.49), round_to_int32(-0.4)), (3, -3, 4, 0));
    }

    /// `ComputeHash` mixes the collision count as 8 bytes, the count little-endian in the
    /// first 4; FNV-32a's own vectors (offset basis for "", 0xe40c292c for "a").
    #[test]
    fn hash_mixes_collision_count() {
        let fnv = |bytes: &[u8]| bytes.iter().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(*b)).wrapping_mul(0x0100_0193));
        assert_eq!((fnv(b""), fnv(b"a")), (0x811c_9dc5, 0xe40c_292c));
        let t = json!({"metadata": {"labels": {"app": "web"}}});
        let mut fed = t.to_string().into_bytes();
        fed.extend_from_slice(&[1, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(template_hash(&t, Some(1)), safe_encode(&fnv(&fed).to_string()));
        assert_eq!(template_hash(&t, None), safe_encode(&fnv(t.to_string().as_bytes()).to_string()));
    }

    #[test]
    fn hash_uses_upstreams_alphabet() {
        assert_eq!(safe_encode("0123456789"), "456789bcdf");
        let h = template_hash(&json!({"spec": {"containers": [{"name": "nginx"}]}}), None);
        assert!(h.chars().all(|c| "456789bcdf".contains(c)) && (8..=10).contains(&h.len()), "{h}");
        assert_ne!(h, template_hash(&json!({"spec": {"containers": [{"name": "nginx"}]}}), Some(1)));
    }
}

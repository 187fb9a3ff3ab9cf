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
//! Not modelled: proportional scaling of a Deployment scaled in the middle of a rollout,
//! adoption of orphan ReplicaSets, hash collisions (`collisionCount`).

use serde_json::Value;

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

fn deployments<'a>(cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    super::endpointslice::of(cache, "apps", "deployments", ns)
}

fn replicasets<'a>(cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    super::endpointslice::of(cache, "apps", "replicasets", ns)
}

/// The Deployments a delivery asks to sync.
fn to_sync(cache: &Cache, event: &WatchEvent) -> Vec<String> {
    let ns = &event.key.namespace;
    match (event.key.group.as_str(), event.key.resource.as_str()) {
        ("apps", "deployments") if event.event_type != EventType::Deleted => vec![event.key.name.clone()],
        ("apps", "replicasets") => owner_name(cache, ns, &event.object).into_iter().collect(),
        // Recreate waits for the old pods to be gone.
        ("", "pods") if event.event_type == EventType::Deleted => {
            let Some(rs_uid) = controller_uid(&event.object, "ReplicaSet") else { return Vec::new() };
            replicasets(cache, ns).filter(|rs| rs["metadata"]["uid"] == rs_uid).filter_map(|rs| owner_name(cache, ns, rs)).collect()
        }
        _ => Vec::new(),
    }
}

fn owner_name(cache: &Cache, ns: &str, rs: &Value) -> Option<String> {
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

/// `intstr.GetScaledValueFromIntOrPercent`.
pub fn scaled(value: &Value, total: i64, round_up: bool) -> i64 {
    match value {
        Value::Number(n) => n.as_i64().unwrap_or(0),
        Value::String(s) => {
            let Some(p) = s.strip_suffix('%').and_then(|p| p.parse::<i64>().ok()) else { return 0 };
            let v = p as f64 * total as f64 / 100.0;
            (if round_up { v.ceil() } else { v.floor() }) as i64
        }
        _ => 0,
    }
}

/// `ResolveFenceposts`: (maxSurge, maxUnavailable) as numbers; both zero ⇒ one unavailable.
pub fn fenceposts(d: &Value) -> (i64, i64) {
    let replicas = d["spec"]["replicas"].as_i64().unwrap_or(1);
    let ru = &d["spec"]["strategy"]["rollingUpdate"];
    let surge = scaled(&ru["maxSurge"], replicas, true);
    let unavailable = scaled(&ru["maxUnavailable"], replicas, false);
    if surge == 0 && unavailable == 0 { (0, 1) } else { (surge, unavailable) }
}

fn rolling(d: &Value) -> bool {
    d["spec"]["strategy"]["type"] != "Recreate"
}

/// `MaxUnavailable`: at most the replicas; zero for Recreate or no replicas.
fn max_unavailable(d: &Value) -> i64 {
    let replicas = d["spec"]["replicas"].as_i64().unwrap_or(1);
    if !rolling(d) || replicas == 0 {
        return 0;
    }
    fenceposts(d).1.min(replicas)
}

/// `controller.ComputeHash`: FNV-32a of the template (podlife hashes its canonical JSON, so
/// the value differs from a real cluster's; the form — digits mapped into
/// `bcdfghjklmnpqrstvwxz2456789` by `rand.SafeEncodeString` — is upstream's).
pub fn template_hash(template: &Value, collision_count: Option<u32>) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u32::from(*b);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    };
    feed(template.to_string().as_bytes());
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

fn name(v: &Value) -> String {
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

    /// Scales one ReplicaSet (`scaleReplicaSet`): its replicas and the desired/max
    /// annotations, and the `ScalingReplicaSet` event.
    fn scale(&mut self, i: usize, to: i64, d: &Value) {
        let (rs, from) = (&self.sets[i].0, self.sets[i].1);
        let (surge, _) = fenceposts(d);
        let replicas = int(&d["spec"]["replicas"]);
        let mut body = rs.clone();
        body["spec"]["replicas"] = json!(to);
        body["metadata"]["annotations"][DESIRED] = json!(replicas.to_string());
        body["metadata"]["annotations"][MAX_REPLICAS] = json!((replicas + if rolling(d) { surge } else { 0 }).to_string());
        let Some(req) = controller_request(ACCOUNT, Verb::Update, "replicasets", rs["metadata"]["namespace"].as_str(), &name(rs), body) else { return };
        let mut w = Write::now(ACCOUNT, req);
        if from != to {
            let verb = if to > from { "up" } else { "down" };
            w.follow = Some(event(d, format!("Scaled {verb} replica set {} from {from} to {to}", name(rs))));
        }
        self.writes.push(w);
        self.sets[i].1 = to;
    }
}

fn event(d: &Value, message: String) -> FollowUp {
    FollowUp::Event { account: ACCOUNT, source: ACCOUNT, kind: "Deployment", api_version: "apps/v1", involved: d.clone(), reason: "ScalingReplicaSet", message }
}

/// `syncDeployment`.
fn sync(cache: &Cache, state: &mut State, ns: &str, dname: &str, now: Time) -> Vec<Write> {
    let Some(d) = deployments(cache, ns).find(|d| d["metadata"]["name"] == dname).cloned() else { return Vec::new() };
    let uid = d["metadata"]["uid"].as_str().unwrap_or_default();
    let mut owned: Vec<Value> = replicasets(cache, ns).filter(|rs| controller_uid(rs, "Deployment") == Some(uid)).cloned().collect();
    // ReplicaSetsByCreationTimestamp (then name).
    crate::sort::sort_by(&mut owned, |a, b| (a["metadata"]["creationTimestamp"].as_str(), name(a)).cmp(&(b["metadata"]["creationTimestamp"].as_str(), name(b))));
    let template = &d["spec"]["template"];
    let new = owned.iter().position(|rs| &template_without_hash(rs) == template);
    let mut plan = Plan { sets: owned.iter().map(|rs| (rs.clone(), int(&rs["spec"]["replicas"]))).collect(), new, writes: Vec::new() };
    let deleting = d["metadata"]["deletionTimestamp"].is_string();
    let paused = d["spec"]["paused"] == true;
    let mut created: Option<Value> = None;
    // The existing new ReplicaSet of a rollback takes the next revision; its old one goes to
    // `revision-history` (`SetNewReplicaSetAnnotations`).
    let mut bumped = false;
    if let Some(n) = plan.new {
        let max_old = plan.sets.iter().enumerate().filter(|(i, _)| *i != n).map(|(_, (rs, _))| revision(rs)).max().unwrap_or(0);
        let current = revision(&plan.sets[n].0);
        if current < max_old + 1 && !deleting {
            let rs = &mut plan.sets[n].0;
            let old = rs["metadata"]["annotations"][REVISION].as_str().map(str::to_string);
            rs["metadata"]["annotations"][REVISION] = json!((max_old + 1).to_string());
            if let Some(old) = old {
                let history = rs["metadata"]["annotations"][HISTORY].as_str().filter(|h| !h.is_empty()).map(|h| format!("{h},{old}")).unwrap_or(old);
                rs["metadata"]["annotations"][HISTORY] = json!(history);
            }
            bumped = true;
        }
    }
    if !deleting && !paused {
        if plan.new.is_none() {
            created = create_new_rs(&d, &mut plan);
        }
        if created.is_none() {
            if rolling(&d) {
                rollout_rolling(&d, &mut plan);
            } else {
                rollout_recreate(cache, &d, &mut plan);
            }
        }
    }
    if plan.writes.is_empty() && created.is_none() && !deleting && !paused && rolling(&d) && complete(&d, &status_of(&d, &plan)) {
        plan.writes.extend(cleanup(&d, &plan));
    }
    if bumped && let Some(n) = plan.new {
        let rs_name = name(&plan.sets[n].0);
        let written = plan.writes.iter().any(|w| w.request.resource.kind == "ReplicaSet" && w.request.name.as_deref() == Some(rs_name.as_str()));
        if !written
            && let Some(req) = controller_request(ACCOUNT, Verb::Update, "replicasets", Some(ns), &rs_name, plan.sets[n].0.clone()) {
                plan.writes.insert(0, Write::now(ACCOUNT, req));
            }
    }
    let mut writes = std::mem::take(&mut plan.writes);
    if let Some(w) = status_update(state, &d, &plan, created.as_ref(), now) {
        writes.push(w);
    }
    writes
}

/// `getNewReplicaSet` when none exists: `<deployment>-<hash>`, the next revision.
fn create_new_rs(d: &Value, plan: &mut Plan) -> Option<Value> {
    let ns = d["metadata"]["namespace"].as_str().unwrap_or("default");
    let hash = template_hash(&d["spec"]["template"], d["status"]["collisionCount"].as_u64().map(|c| c as u32));
    let rs_name = format!("{}-{hash}", name(d));
    let max_revision = plan.sets.iter().map(|(rs, _)| revision(rs)).max().unwrap_or(0);
    let replicas = int(&d["spec"]["replicas"]);
    let (surge, _) = fenceposts(d);
    let new_replicas = if rolling(d) { new_rs_replicas(d, plan.total(), 0) } else if old_pods_running_none(plan) { replicas } else { 0 };
    let mut template = d["spec"]["template"].clone();
    template["metadata"]["labels"][HASH_LABEL] = json!(hash);
    let mut selector = d["spec"]["selector"].clone();
    selector["matchLabels"][HASH_LABEL] = json!(hash);
    // SetNewReplicaSetAnnotations: the Deployment's annotations but a few, then ours.
    let mut annotations = serde_json::Map::new();
    if let Some(a) = d["metadata"]["annotations"].as_object() {
        for (k, v) in a {
            if !matches!(k.as_str(), "kubectl.kubernetes.io/last-applied-configuration" | REVISION | "deployment.kubernetes.io/revision-history" | DESIRED | MAX_REPLICAS | "kubernetes.io/change-cause") {
                annotations.insert(k.clone(), v.clone());
            }
        }
    }
    if let Some(cause) = d["metadata"]["annotations"]["kubernetes.io/change-cause"].as_str() {
        annotations.insert("kubernetes.io/change-cause".into(), json!(cause));
    }
    annotations.insert(DESIRED.into(), json!(replicas.to_string()));
    annotations.insert(MAX_REPLICAS.into(), json!((replicas + if rolling(d) { surge } else { 0 }).to_string()));
    annotations.insert(REVISION.into(), json!((max_revision + 1).to_string()));
    let body = json!({
        "apiVersion": "apps/v1", "kind": "ReplicaSet",
        "metadata": {"name": rs_name, "namespace": ns, "labels": template["metadata"]["labels"], "annotations": annotations, "ownerReferences": [controller_ref(d, "Deployment")]},
        "spec": {"replicas": new_replicas, "minReadySeconds": int(&d["spec"]["minReadySeconds"]), "selector": selector, "template": template},
    });
    let req = controller_request(ACCOUNT, Verb::Create, "replicasets", Some(ns), "", body.clone())?;
    let mut w = Write::now(ACCOUNT, req);
    if new_replicas > 0 {
        w.follow = Some(event(d, format!("Scaled up replica set {rs_name} from 0 to {new_replicas}")));
    }
    plan.writes.push(w);
    Some(body)
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

/// `rolloutRolling`: scale the new ReplicaSet up, or else the old ones down.
fn rollout_rolling(d: &Value, plan: &mut Plan) {
    let Some(n) = plan.new else { return };
    let replicas = int(&d["spec"]["replicas"]);
    // reconcileNewReplicaSet.
    let new_current = plan.sets[n].1;
    if new_current > replicas {
        plan.scale(n, replicas, d);
        return;
    }
    if new_current < replicas {
        let target = new_rs_replicas(d, plan.total(), new_current);
        if target != new_current {
            plan.scale(n, target, d);
            return;
        }
    }
    // reconcileOldReplicaSets.
    let old: Vec<usize> = (0..plan.sets.len()).filter(|&i| i != n).collect();
    let old_count: i64 = old.iter().map(|&i| plan.sets[i].1).sum();
    if old_count == 0 {
        return;
    }
    let min_available = replicas - max_unavailable(d);
    let new_rs = &plan.sets[n].0;
    let new_unavailable = plan.sets[n].1 - int(&new_rs["status"]["availableReplicas"]);
    let mut max_scaled_down = plan.total() - min_available - new_unavailable;
    if max_scaled_down <= 0 {
        return;
    }
    // cleanupUnhealthyReplicas: old replicas that are not available go first.
    for &i in &old {
        if max_scaled_down <= 0 {
            break;
        }
        let (rs, current) = (&plan.sets[i].0, plan.sets[i].1);
        let unhealthy = current - int(&rs["status"]["availableReplicas"]);
        if current == 0 || unhealthy <= 0 {
            continue;
        }
        let down = unhealthy.min(max_scaled_down);
        plan.scale(i, current - down, d);
        max_scaled_down -= down;
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
    let running = super::endpointslice::of(cache, "", "pods", ns).any(|p| controller_uid(p, "ReplicaSet").is_some_and(|u| old_uids.iter().any(|o| o == u)) && !matches!(p["status"]["phase"].as_str(), Some("Succeeded" | "Failed")));
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

/// `syncRolloutStatus` (and the revision annotation `getNewReplicaSet` keeps on the
/// Deployment): written only when something changed; a rollout in progress is synced again
/// at its deadline.
fn status_update(state: &mut State, d: &Value, plan: &Plan, created: Option<&Value>, now: Time) -> Option<Write> {
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
    let paused = d["spec"]["paused"] == true;
    if let (Some(deadline), false, None) = (deadline, paused, created) {
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

    fn deployment(replicas: i64, surge: Value, unavailable: Value) -> Value {
        json!({"spec": {"replicas": replicas, "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": surge, "maxUnavailable": unavailable}}}})
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

    #[test]
    fn hash_uses_upstreams_alphabet() {
        assert_eq!(safe_encode("0123456789"), "456789bcdf");
        let h = template_hash(&json!({"spec": {"containers": [{"name": "nginx"}]}}), None);
        assert!(h.chars().all(|c| "456789bcdf".contains(c)) && (8..=10).contains(&h.len()), "{h}");
        assert_ne!(h, template_hash(&json!({"spec": {"containers": [{"name": "nginx"}]}}), Some(1)));
    }
}

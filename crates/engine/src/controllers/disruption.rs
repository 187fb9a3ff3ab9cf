//! The disruption controller (upstream `pkg/controller/disruption/disruption.go`): keeps each
//! PodDisruptionBudget's status — `expectedPods`, `desiredHealthy` (from `minAvailable` or
//! `maxUnavailable`, percentages rounded up against the controllers' scale), `currentHealthy`
//! (ready pods not being deleted and not recently evicted), `disruptionsAllowed`, the
//! `disruptedPods` the eviction API recorded (forgotten after 2 minutes), `observedGeneration`
//! and the `DisruptionAllowed` condition.
//!
//! Like the garbage collector it runs as a work queue keyed by budget: a sync reads the
//! informer cache when its turn comes, so several deliveries at once make one status write.
//! A loop of kube-controller-manager (`manager.rs`): its queue and recorder are its own memory,
//! a budget's sync its own timer; a failed status write goes back to the queue through the
//! process's rate limiter.

use crate::Slot;
use crate::vecmap::{VecMap, VecSet};

use serde_json::Value;

use super::controller_request;
use super::workqueue::RateLimiter;
use crate::apiserver::Verb;
use crate::apiserver::eviction::{pod_ready, update_disruption_allowed_condition};
use crate::clock::Time;
use crate::components::Cache;
use crate::record::{Involved, Note, Source};
use crate::store::{EventType, ObjectKey, WatchEvent};

pub const SA: &str = "disruption-controller";
/// The event source of the controller's recorder.
const SOURCE: &str = "controllermanager";
/// `DeletionTimeout`: how long an evicted pod stays out of the healthy count.
pub const DELETION_TIMEOUT_MS: u64 = 2 * 60 * 1000;

/// The controller's memory: its queue and its event recorder.
#[derive(Debug, Clone, Default)]
pub struct DisruptionController {
    queued: VecSet<(String, String)>,
    recorder: crate::record::Recorder,
}

/// The controller's one timer: a budget's (namespace, name) sync is due.
#[derive(Debug, Clone)]
pub(crate) struct SyncBudget(pub(crate) Box<(String, String)>);

type Cx<'a> = crate::component::Cx<'a, SyncBudget>;

impl DisruptionController {
    pub fn reset(&mut self) {
        self.queued.clear();
    }

    /// A delivery to kube-controller-manager: the budget it concerns is queued, synced after the
    /// work queue's hand-off.
    pub(crate) fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent) {
        for key in observe(self, cx.cache(), event) {
            let at = cx.now().plus_millis(crate::CONTROLLER_QUEUE_DELAY_MS);
            cx.after(at, SyncBudget(Box::new(key)));
        }
    }

    /// The queue only, from a fresh list at `revision` (the cluster's start-up): nothing in
    /// it is sent.
    pub(crate) fn relist(&mut self, cache: &Cache, revision: u64) {
        self.reset();
        for (key, object) in cache.iter() {
            let event = WatchEvent { event_type: EventType::Added, key: key.clone(), object: object.clone(), revision };
            let _ = observe(self, cache, &event);
        }
    }

    /// A budget's turn (kube-controller-manager still running: else its memory went);
    /// `requeue` is the process's work-queue rate limiter.
    #[inline(never)]
    pub(crate) fn on_timer(&mut self, cx: &mut Cx<'_>, requeue: &mut RateLimiter, SyncBudget(key): SyncBudget) {
        if cx.running() {
            self.sync(cx, requeue, &key.0, &key.1);
        } else {
            self.reset();
        }
    }
}

fn budgets<'a>(cache: &'a Cache, ns: &'a str) -> impl Iterator<Item = &'a Slot> + 'a {
    crate::components::cached_in(cache, "policy", "poddisruptionbudgets", ns).map(|(_, v)| v.root())
}


fn name_of(v: &Slot) -> String {
    v["metadata"]["name"].as_str().unwrap_or_default().to_string()
}

/// What a delivery queues: a budget that changed, or the budget of a pod that changed
/// (`getPdbForPod`: the first budget selecting it).
fn observe(state: &mut DisruptionController, cache: &Cache, event: &WatchEvent) -> Vec<(String, String)> {
    let ns = event.key.namespace.clone();
    let key = match (event.key.group, event.key.resource) {
        ("policy", "poddisruptionbudgets") if event.event_type != EventType::Deleted => Some((ns, event.key.name.clone())),
        ("", "pods") => {
            let labels = &event.object["metadata"]["labels"];
            budgets(cache, &ns).find(|b| crate::labels::selector_matches(&b["spec"]["selector"], labels)).map(|b| (ns.clone(), name_of(b)))
        }
        _ => None,
    };
    key.filter(|k| state.queued.insert(k.clone())).into_iter().collect()
}

/// `intstr.GetScaledValueFromIntOrPercent` (rounding up, as the controller asks).
pub fn scaled_value(v: &Slot, total: i64) -> Result<i64, String> {
    if v.is_number() {
        return Ok(v.as_i64().unwrap_or(0));
    }
    let Some(s) = v.as_str() else { return Err("nil value for IntOrString".into()) };
    let Some(p) = s.strip_suffix('%') else {
        return Err("invalid value for IntOrString: invalid type: string is not a percentage".into());
    };
    let p: i64 = p.parse().map_err(|_| format!("invalid value for IntOrString: invalid value {s:?}: strconv.Atoi: parsing {p:?}: invalid syntax"))?;
    Ok((p as f64 * total as f64 / 100.0).ceil() as i64)
}

/// The scale of a pod's controller, found through the informer caches (`finders`): a
/// ReplicaSet (or the Deployment controlling it), a ReplicationController, a StatefulSet.
fn controller_scale(cache: &Cache, pod: &Slot) -> Option<Result<(String, i64), String>> {
    let ns = pod["metadata"]["namespace"].as_str().unwrap_or_default();
    let controller = pod["metadata"]["ownerReferences"].as_array()?.iter().find(|r| r["controller"] == true)?.clone();
    let get = |group: &'static str, resource: &'static str, name: &str| cache.get(&ObjectKey { group, resource, namespace: ns.into(), name: name.into() }).map(|v| (**v).clone());
    let name = controller["name"].as_str().unwrap_or_default();
    let replicas = |o: &Slot| o["spec"]["replicas"].as_i64().unwrap_or(1);
    let found = match controller["kind"].as_str().unwrap_or_default() {
        "ReplicaSet" => get("apps", "replicasets", name).filter(|rs| rs["metadata"]["uid"] == controller["uid"]).and_then(|rs| {
            let parent = rs["metadata"]["ownerReferences"].as_array().and_then(|rs| rs.iter().find(|r| r["controller"] == true).cloned());
            match parent {
                Some(p) if p["kind"] == "Deployment" => get("apps", "deployments", p["name"].as_str().unwrap_or_default())
                    .filter(|d| d["metadata"]["uid"] == p["uid"])
                    .map(|d| (d["metadata"]["uid"].as_str().unwrap_or_default().to_string(), replicas(&d))),
                _ => Some((rs["metadata"]["uid"].as_str().unwrap_or_default().to_string(), replicas(&rs))),
            }
        }),
        "ReplicationController" => get("", "replicationcontrollers", name).filter(|rc| rc["metadata"]["uid"] == controller["uid"]).map(|rc| (rc["metadata"]["uid"].as_str().unwrap_or_default().to_string(), replicas(&rc))),
        "StatefulSet" => get("apps", "statefulsets", name).filter(|s| s["metadata"]["uid"] == controller["uid"]).map(|s| (s["metadata"]["uid"].as_str().unwrap_or_default().to_string(), replicas(&s))),
        _ => None,
    };
    Some(found.ok_or_else(|| format!("found no controllers for pod {:?}", name_of(pod))))
}

/// `getExpectedScale`: the sum of the scales of the pods' controllers; pods without one are
/// listed apart.
fn expected_scale(cache: &Cache, pods: &[&Slot]) -> Result<(i64, Vec<String>), String> {
    let mut scales: VecMap<String, i64> = VecMap::new();
    let mut unmanaged = Vec::new();
    for pod in pods {
        match controller_scale(cache, pod) {
            None => unmanaged.push(name_of(pod)),
            Some(Err(e)) => return Err(e),
            Some(Ok((uid, n))) => {
                scales.insert(uid, n);
            }
        }
    }
    Ok((scales.values().sum(), unmanaged))
}

/// `getExpectedPodCount`: (expectedCount, desiredHealthy, unmanaged pods).
pub fn expected_pod_count(cache: &Cache, spec: &Slot, pods: &[&Slot]) -> Result<(i64, i64, Vec<String>), String> {
    if !spec["maxUnavailable"].is_null() {
        let (expected, unmanaged) = expected_scale(cache, pods)?;
        let max_unavailable = scaled_value(&spec["maxUnavailable"], expected)?;
        return Ok((expected, (expected - max_unavailable).max(0), unmanaged));
    }
    let v = &spec["minAvailable"];
    if v.is_number() {
        Ok((pods.len() as i64, v.as_i64().unwrap_or(0), vec![]))
    } else if v.is_string() {
        let (expected, unmanaged) = expected_scale(cache, pods)?;
        Ok((expected, scaled_value(v, expected)?, unmanaged))
    } else {
        Ok((0, 0, vec![]))
    }
}

/// `updatePdbStatus`'s rule: no disruption while nothing is expected or too few are healthy.
pub fn disruptions_allowed(current_healthy: i64, desired_healthy: i64, expected: i64) -> i64 {
    let allowed = current_healthy - desired_healthy;
    if expected <= 0 || allowed <= 0 { 0 } else { allowed }
}

fn timestamp_millis(s: &str) -> Option<u64> {
    Time::from_rfc3339(s).map(|t| t.millis())
}

/// The selector as `%v` prints a `*metav1.LabelSelector` (`&LabelSelector{MatchLabels:…}`).
fn selector_text(sel: &Slot) -> String {
    let labels = sel["matchLabels"].as_object().map(|m| {
        let items: Vec<String> = m.map(|(k, v)| format!("{k}: {},", v.as_str().unwrap_or_default())).collect();
        format!("map[string]string{{{}}}", items.join(""))
    });
    format!("&LabelSelector{{MatchLabels:{},MatchExpressions:[]LabelSelectorRequirement{{}},}}", labels.unwrap_or_else(|| "map[string]string{}".into()))
}

impl DisruptionController {
    fn event(&mut self, cx: &mut Cx<'_>, pdb: &Slot, kind: &str, reason: &str, message: &str) {
        let now = cx.now();
        let ns = pdb["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
        let involved = Involved { kind: "PodDisruptionBudget", api_version: "policy/v1", object: pdb, field_path: None };
        let (note, source) = (Note { kind, reason, message }, Source { component: SOURCE, host: None });
        let Some(write) = self.recorder.record_about(involved, note, source, now) else { return };
        crate::record::sink(&write, &|verb, name, body| controller_request(SA, verb, "events", Some(&ns), name.unwrap_or_default(), body), &mut |r| cx.request(r));
    }

    /// `updatePdbStatus`. A failure goes back to the queue with the rate limiter (`sync`
    /// returns it without `failSafe`; a NotFound is no failure: the budget went); the next sync
    /// starts from the informer's copy again. A clean write forgets the key's failures.
    fn update_status(&mut self, cx: &mut Cx<'_>, requeue: &mut RateLimiter, pdb: Value) {
        let ns = pdb["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
        let name = name_of(&crate::Obj::untyped(&pdb));
        let Some(mut r) = controller_request(SA, Verb::Update, "poddisruptionbudgets.policy", Some(&ns), &name, pdb) else { return };
        r.subresource = Some("status".into());
        let failed = matches!(cx.request(r), Err(e) if e.code() != 404);
        let id = format!("PodDisruptionBudget/{ns}/{name}");
        if !failed {
            requeue.forget(&id);
            return;
        }
        let at = cx.now().plus_millis(requeue.when(&id));
        Self::sync_at(cx, (ns, name), at);
    }

    /// Queues a budget's sync at `at` (the recheck of an eviction's 2 minutes, a retry).
    fn sync_at(cx: &mut Cx<'_>, key: (String, String), at: Time) {
        let at = at.max(cx.now());
        cx.after(at, SyncBudget(Box::new(key)));
    }

    /// One sync of a budget (`sync` → `trySync`, `failSafe` on an error).
    fn sync(&mut self, cx: &mut Cx<'_>, requeue: &mut RateLimiter, namespace: &str, name: &str) {
        self.queued.remove(&(namespace.to_string(), name.to_string()));
        let cache = cx.cache();
        let Some(pdb) = cache.get(&ObjectKey { group: "policy".into(), resource: "poddisruptionbudgets".into(), namespace: namespace.into(), name: name.into() }).cloned() else { return };
        let selector = &pdb["spec"]["selector"];
        // Shared, not borrowed from the cache: events below need the context.
        let pods: Vec<std::sync::Arc<crate::Obj>> = crate::components::cached_in(cache, "", "pods", namespace)
            .filter(|(_, p)| crate::labels::selector_matches(selector, &p["metadata"]["labels"]))
            .map(|(_, p)| p.clone())
            .collect();
        let pod_refs: Vec<&Slot> = pods.iter().map(|p| p.root()).collect();
        let counted = expected_pod_count(cache, &pdb["spec"], &pod_refs);
        if pods.is_empty() {
            self.event(cx, &pdb, "Normal", "NoPods", "No matching pods found");
        }
        let (expected, desired, unmanaged) = match counted {
            Ok(c) => c,
            Err(err) => {
                self.event(cx, &pdb, "Warning", "CalculateExpectedPodCountFailed", &format!("Failed to calculate the number of expected pods: {err}"));
                // `failSafe`: no disruption allowed, the condition says why.
                let mut failed = pdb.to_value();
                failed["status"]["disruptionsAllowed"] = json!(0);
                let now = cx.now().rfc3339();
                let observed = failed["status"]["observedGeneration"].clone();
                let mut conditions: Vec<Value> = failed["status"]["conditions"].as_array().cloned().unwrap_or_default();
                match conditions.iter_mut().find(|c| c["type"] == "DisruptionAllowed") {
                    Some(c) => {
                        if c["status"] != "False" {
                            c["lastTransitionTime"] = json!(now);
                        }
                        *c = json!({"type": "DisruptionAllowed", "status": "False", "reason": "SyncFailed", "message": err, "lastTransitionTime": c["lastTransitionTime"], "observedGeneration": observed});
                    }
                    None => conditions.push(json!({"type": "DisruptionAllowed", "status": "False", "reason": "SyncFailed", "message": err, "lastTransitionTime": now, "observedGeneration": observed})),
                }
                failed["status"]["conditions"] = json!(conditions);
                if *pdb != failed {
                    self.update_status(cx, requeue, failed);
                }
                return;
            }
        };
        if !unmanaged.is_empty() {
            let message = format!(
                "Pods selected by this PodDisruptionBudget (selector: {}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set \".spec.minAvailable\" field of the PDB to an integer value.",
                selector_text(selector)
            );
            self.event(cx, &pdb, "Warning", "UnmanagedPods", &message);
        }
        let now = cx.now();
        // `buildDisruptedPodMap`: evictions the API server recorded, for 2 minutes.
        let mut disrupted = serde_json::Map::new();
        let mut recheck: Option<u64> = None;
        let recorded = pdb["status"]["disruptedPods"].to_map().unwrap_or_default();
        for pod in &pods {
            if pod["metadata"]["deletionTimestamp"].is_string() {
                continue;
            }
            let pname = name_of(pod);
            let Some(at) = recorded.get(&pname) else { continue };
            let expected_deletion = at.as_str().and_then(timestamp_millis).unwrap_or(0) + DELETION_TIMEOUT_MS;
            // Past its expected deletion the pod counts again (upstream also warns on the pod,
            // `NotDeleted`; not modelled).
            if expected_deletion >= now.millis() {
                recheck = Some(recheck.map_or(expected_deletion, |r| r.min(expected_deletion)));
                disrupted.insert(pname, at.clone());
            }
        }
        // `countHealthyPods`.
        let healthy = pods
            .iter()
            .filter(|p| p["metadata"]["deletionTimestamp"].is_null())
            .filter(|p| !disrupted.contains_key(&name_of(p)))
            .filter(|p| pod_ready(&(p).to_value()))
            .count() as i64;
        let allowed = disruptions_allowed(healthy, desired, expected);
        let generation = pdb["metadata"]["generation"].clone();
        let status = &pdb["status"];
        let same_pods = status["disruptedPods"].to_map().unwrap_or_default() == disrupted;
        let condition = status["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "DisruptionAllowed"));
        let conditions_up_to_date = condition.is_some_and(|c| {
            status["observedGeneration"] == generation
                && if allowed > 0 { c["status"] == "True" && c["reason"] == "SufficientPods" } else { c["status"] == "False" && c["reason"] == "InsufficientPods" }
        });
        let unchanged = status["currentHealthy"] == healthy
            && status["desiredHealthy"] == desired
            && status["expectedPods"] == expected
            && status["disruptionsAllowed"] == allowed
            && same_pods
            && status["observedGeneration"] == generation
            && conditions_up_to_date;
        if !unchanged {
            let mut updated = pdb.to_value();
            let mut new_status = json!({
                "currentHealthy": healthy, "desiredHealthy": desired, "disruptionsAllowed": allowed, "expectedPods": expected,
                "observedGeneration": generation,
            });
            if !disrupted.is_empty() {
                new_status["disruptedPods"] = Value::Object(disrupted);
            }
            if let Some(cs) = status.get("conditions") {
                new_status["conditions"] = cs.to_value();
            }
            update_disruption_allowed_condition(&mut new_status, &now.rfc3339());
            updated["status"] = new_status;
            self.update_status(cx, requeue, updated);
        }
        if let Some(at) = recheck {
            let key = (namespace.to_string(), name.to_string());
            Self::sync_at(cx, key, Time(at));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `intstr.GetScaledValueFromIntOrPercent(…, roundUp=true)` as the controller calls it,
    /// with the shapes of `disruption_test.go`'s cases (percent of the controllers' scale).
    #[test]
    fn percentages_round_up() {
        assert_eq!(scaled_value(&crate::Obj::untyped(&json!(2)), 10), Ok(2));
        assert_eq!(scaled_value(&crate::Obj::untyped(&json!("20%")), 10), Ok(2));
        assert_eq!(scaled_value(&crate::Obj::untyped(&json!("28%")), 7), Ok(2)); // 1.96 → 2
        assert_eq!(scaled_value(&crate::Obj::untyped(&json!("30%")), 7), Ok(3)); // 2.1 → 3
        assert_eq!(scaled_value(&crate::Obj::untyped(&json!("34%")), 3), Ok(2)); // 1.02 → 2
        assert_eq!(scaled_value(&crate::Obj::untyped(&json!("50%")), 0), Ok(0));
        assert_eq!(scaled_value(&crate::Obj::untyped(&json!("100%")), 3), Ok(3));
        assert!(scaled_value(&crate::Obj::untyped(&json!("12")), 3).is_err());
        assert!(scaled_value(&crate::Obj::untyped(&json!("x%")), 3).is_err());
        assert!(scaled_value(&crate::Obj::untyped(&Value::Null), 3).is_err());
    }

    /// `updatePdbStatus`: nothing allowed without expected pods or with too few healthy.
    #[test]
    fn allowed_disruptions() {
        assert_eq!(disruptions_allowed(3, 2, 3), 1);
        assert_eq!(disruptions_allowed(2, 2, 3), 0);
        assert_eq!(disruptions_allowed(1, 2, 3), 0);
        assert_eq!(disruptions_allowed(3, 0, 0), 0);
    }

    fn pod(name: &str, owner: Option<(&str, &str, &str)>) -> Value {
        let mut p = json!({"metadata": {"name": name, "namespace": "default"}});
        if let Some((kind, n, uid)) = owner {
            p["metadata"]["ownerReferences"] = json!([{"apiVersion": "apps/v1", "kind": kind, "name": n, "uid": uid, "controller": true}]);
        }
        p
    }

    fn cache_with(objects: &[(&'static str, &str, Value)]) -> Cache {
        objects
            .iter()
            .map(|(res, name, v)| (ObjectKey { group: "apps".into(), resource: (*res).into(), namespace: "default".into(), name: (*name).into() }, std::sync::Arc::new(crate::Obj::untyped(v))))
            .collect()
    }

    /// `getExpectedPodCount`: minAvailable integer counts the pods; percentages and
    /// maxUnavailable use the controllers' scale (a Deployment's through its ReplicaSet).
    #[test]
    fn expected_counts() {
        let rs = json!({"metadata": {"name": "web-1", "uid": "rs", "ownerReferences": [{"kind": "Deployment", "name": "web", "uid": "dep", "controller": true}]}, "spec": {"replicas": 10}});
        let dep = json!({"metadata": {"name": "web", "uid": "dep"}, "spec": {"replicas": 7}});
        let sts = json!({"metadata": {"name": "db", "uid": "sts"}, "spec": {"replicas": 3}});
        let cache = cache_with(&[("replicasets", "web-1", rs), ("deployments", "web", dep), ("statefulsets", "db", sts)]);
        let a = pod("a", Some(("ReplicaSet", "web-1", "rs")));
        let b = pod("b", Some(("ReplicaSet", "web-1", "rs")));
        let (a, b) = (crate::Obj::untyped(&a), crate::Obj::untyped(&b));
        let pods: [&Slot; 2] = [&a, &b];
        assert_eq!(expected_pod_count(&cache, &crate::Obj::untyped(&json!({"minAvailable": 1})), &pods), Ok((2, 1, vec![])));
        // The Deployment's 7 replicas, not the ReplicaSet's 10.
        assert_eq!(expected_pod_count(&cache, &crate::Obj::untyped(&json!({"maxUnavailable": "30%"})), &pods), Ok((7, 4, vec![])));
        assert_eq!(expected_pod_count(&cache, &crate::Obj::untyped(&json!({"minAvailable": "28%"})), &pods), Ok((7, 2, vec![])));
        let d = pod("d", Some(("StatefulSet", "db", "sts")));
        assert_eq!(expected_pod_count(&cache, &crate::Obj::untyped(&json!({"minAvailable": "34%"})), &[&crate::Obj::untyped(&d)]), Ok((3, 2, vec![])));
        // Unmanaged pods are set apart; maxUnavailable then expects nothing.
        let u = pod("u", None);
        assert_eq!(expected_pod_count(&cache, &crate::Obj::untyped(&json!({"maxUnavailable": 1})), &[&crate::Obj::untyped(&u)]), Ok((0, 0, vec!["u".to_string()])));
        // A controller the finders do not know.
        let x = pod("x", Some(("DaemonSet", "agent", "ds")));
        assert_eq!(expected_pod_count(&cache, &crate::Obj::untyped(&json!({"maxUnavailable": 1})), &[&crate::Obj::untyped(&x)]), Err("found no controllers for pod \"x\"".to_string()));
        // A ReplicaSet whose uid does not match is not the pod's controller.
        let stale = pod("s", Some(("ReplicaSet", "web-1", "other")));
        assert!(expected_pod_count(&cache, &crate::Obj::untyped(&json!({"minAvailable": "50%"})), &[&crate::Obj::untyped(&stale)]).is_err());
    }
}

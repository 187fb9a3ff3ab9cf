//! The `pods/eviction` subresource (upstream `pkg/registry/core/pod/storage/eviction.go`,
//! `EvictionREST.Create`): a pod covered by a PodDisruptionBudget is deleted only when the
//! budget allows one more disruption; the budget's status is decremented first (through the
//! API server's own loopback client, `UpdateStatus`), the pod gets the `DisruptionTarget`
//! condition (`addConditionAndDeletePod`), then it is deleted gracefully.

use serde_json::Value;

use super::status::{Cause, Reason, Status};
use super::{Preconditions, Request, Verb};
use crate::Engine;
use crate::store::ObjectKey;
use crate::trace::ObjectRef;
use podlife_model::ResourceType;

/// The 429 message every refusal carries.
pub const VIOLATES_BUDGET: &str = "Cannot evict pod as it would violate the pod's disruption budget.";

/// `policyv1.DisruptionBudgetCause`.
pub const DISRUPTION_BUDGET_CAUSE: &str = "DisruptionBudget";

/// `MaxDisruptedPodSize`.
const MAX_DISRUPTED_POD_SIZE: usize = 2000;

/// The loopback client's user agent (kube-apiserver's own requests).
const LOOPBACK_AGENT: &str = "kube-apiserver/v1.36.0 (linux/amd64) kubernetes/$Format";

fn too_many_requests(cause: String) -> Status {
    let mut s = Status::plain(Reason::TooManyRequests, VIOLATES_BUDGET.to_string());
    s.causes.push(Cause { reason: DISRUPTION_BUDGET_CAUSE.into(), message: cause, field: String::new() });
    s
}

/// `podutil.IsPodReady`.
pub fn pod_ready(pod: &Value) -> bool {
    pod["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True"))
}

/// `canIgnorePDB`: terminal, pending or already-deleting pods are deleted without a budget.
fn can_ignore_pdb(pod: &Value) -> bool {
    matches!(pod["status"]["phase"].as_str(), Some("Succeeded" | "Failed" | "Pending")) || pod["metadata"]["deletionTimestamp"].is_string()
}

/// `shouldEnforceResourceVersion`.
fn should_enforce_resource_version(pod: &Value) -> bool {
    !(matches!(pod["status"]["phase"].as_str(), Some("Succeeded" | "Failed")) || pod["metadata"]["deletionTimestamp"].is_string())
}

/// An empty selector (no labels, no expressions) — a budget with one matches nothing here.
fn selector_empty(sel: &Value) -> bool {
    sel["matchLabels"].as_object().is_none_or(|m| m.is_empty()) && sel["matchExpressions"].as_array().is_none_or(Vec::is_empty)
}

/// `pdbhelper.UpdateDisruptionAllowedCondition` with `apimeta.SetStatusCondition`.
pub fn update_disruption_allowed_condition(status: &mut Value, now: &str) {
    let allowed = status["disruptionsAllowed"].as_i64().unwrap_or(0) > 0;
    let (reason, value) = if allowed { ("SufficientPods", "True") } else { ("InsufficientPods", "False") };
    let observed = status["observedGeneration"].clone();
    let mut conditions: Vec<Value> = status["conditions"].as_array().cloned().unwrap_or_default();
    match conditions.iter_mut().find(|c| c["type"] == "DisruptionAllowed") {
        Some(c) => {
            if c["status"] != value {
                c["status"] = json!(value);
                c["lastTransitionTime"] = json!(now);
            }
            c["reason"] = json!(reason);
            c["message"] = json!("");
            c["observedGeneration"] = observed;
        }
        None => conditions.push(json!({
            "type": "DisruptionAllowed", "status": value, "reason": reason, "message": "",
            "lastTransitionTime": now, "observedGeneration": observed,
        })),
    }
    status["conditions"] = json!(conditions);
}

impl Engine {
    pub(super) fn evict(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Value, Status> {
        let pods = req.resource;
        let name = req.name.clone().unwrap_or_default();
        let namespace = req.namespace.clone().unwrap_or_else(|| "default".into());
        let body = req.body.clone().unwrap_or(Value::Null);
        if body["metadata"]["name"].as_str().unwrap_or_default() != name {
            return Err(Status::bad_request("name in URL does not match name in Eviction object".into()));
        }
        let key = ObjectKey::new(pods, Some(&namespace), &name);
        let Some(pod) = self.store.get(&key).map(crate::Slot::to_value) else {
            return Err(Status::not_found(pods, &name));
        };
        let options = &body["deleteOptions"];
        let grace = options["gracePeriodSeconds"].as_i64();
        let dry_run = req.dry_run || options["dryRun"].as_array().is_some_and(|a| !a.is_empty());
        let success = json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success"});
        if can_ignore_pdb(&pod) {
            let pre = should_enforce_resource_version(&pod).then(|| Preconditions { uid: None, resource_version: pod["metadata"]["resourceVersion"].as_str().map(str::to_string) });
            self.condition_and_delete(req, &key, grace, pre, dry_run, object)?;
            return Ok(success);
        }
        let budgets: Vec<Value> = self
            .store
            .list("policy", "poddisruptionbudgets", Some(&namespace))
            .map(|(_, v)| v)
            .filter(|b| {
                let sel = &b["spec"]["selector"];
                !sel.is_null() && !selector_empty(&sel.to_value()) && crate::labels::selector_matches(sel, &crate::Obj::untyped(&pod["metadata"]["labels"]))
            })
            .map(crate::Slot::to_value)
            .collect();
        if budgets.len() > 1 {
            return Err(Status::plain(Reason::InternalError, "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.".into()));
        }
        let mut pre = None;
        if let Some(pdb) = budgets.first() {
            let current = pdb["status"]["currentHealthy"].as_i64().unwrap_or(0);
            let desired = pdb["status"]["desiredHealthy"].as_i64().unwrap_or(0);
            let always_allow = pdb["spec"]["unhealthyPodEvictionPolicy"] == "AlwaysAllow";
            if !pod_ready(&pod) && (always_allow || (current >= desired && desired > 0)) {
                // An unhealthy pod goes without spending the budget, if it is still the
                // version that was judged (resourceVersion precondition).
                pre = Some(Preconditions { uid: None, resource_version: pod["metadata"]["resourceVersion"].as_str().map(str::to_string) });
            } else {
                self.check_and_decrement(&namespace, &name, pdb, dry_run)?;
            }
        }
        self.condition_and_delete(req, &key, grace, pre, dry_run, object)?;
        Ok(success)
    }

    /// `checkAndDecrement`: refuses (429) when the budget has no disruption left or the
    /// controller has not seen its latest spec; otherwise the loopback client writes the
    /// decremented status with the pod in `disruptedPods`.
    fn check_and_decrement(&mut self, namespace: &str, pod_name: &str, pdb: &Value, dry_run: bool) -> Result<(), Status> {
        let pdb_name = pdb["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let status = &pdb["status"];
        if status["observedGeneration"].as_i64().unwrap_or(0) < pdb["metadata"]["generation"].as_i64().unwrap_or(0) {
            return Err(too_many_requests(format!("The disruption budget {pdb_name} is still being processed by the server.")));
        }
        let allowed = status["disruptionsAllowed"].as_i64().unwrap_or(0);
        if allowed < 0 {
            return Err(Status::forbidden("poddisruptionbudget.policy", Some(&pdb_name), "pdb disruptions allowed is negative"));
        }
        if status["disruptedPods"].as_object().is_some_and(|m| m.len() > MAX_DISRUPTED_POD_SIZE) {
            return Err(Status::forbidden("poddisruptionbudget.policy", Some(&pdb_name), "DisruptedPods map too big - too many evictions not confirmed by PDB controller"));
        }
        if allowed == 0 {
            return Err(too_many_requests(format!(
                "The disruption budget {pdb_name} needs {} healthy pods and has {} currently",
                status["desiredHealthy"].as_i64().unwrap_or(0),
                status["currentHealthy"].as_i64().unwrap_or(0)
            )));
        }
        if dry_run {
            return Ok(());
        }
        let now = self.now.rfc3339();
        let mut updated = pdb.clone();
        updated["status"]["disruptionsAllowed"] = json!(allowed - 1);
        if allowed - 1 == 0 {
            update_disruption_allowed_condition(&mut updated["status"], &now);
        }
        updated["status"]["disruptedPods"][pod_name] = json!(now);
        let Some(rt) = ResourceType::resolve("poddisruptionbudgets.policy") else { return Ok(()) };
        let mut update = Request::new(Verb::Update, rt);
        update.namespace = Some(namespace.to_string());
        update.name = Some(pdb_name);
        update.subresource = Some("status".into());
        update.body = Some(updated);
        update.credentials = Some(super::authn::UserInfo { name: "system:apiserver".into(), groups: vec!["system:authenticated".into(), "system:masters".into()] });
        update.user_agent = LOOPBACK_AGENT.into();
        self.handle(update).map(|_| ())
    }

    /// `addConditionAndDeletePod`: the DisruptionTarget condition, then the registry delete.
    fn condition_and_delete(&mut self, req: &Request, key: &ObjectKey, grace: Option<i64>, pre: Option<Preconditions>, dry_run: bool, object: Option<ObjectRef>) -> Result<(), Status> {
        let name = key.name.clone();
        let mut delete = req.clone();
        delete.verb = Verb::Delete;
        delete.subresource = None;
        delete.body = None;
        delete.grace_period_seconds = grace;
        delete.dry_run = dry_run;
        delete.preconditions = pre;
        if !dry_run {
            let Some(current) = self.store.get(key).map(crate::Slot::to_value) else { return Err(Status::not_found(req.resource, &name)) };
            super::check_preconditions(req.resource, &name, &current, delete.preconditions.as_ref())?;
            let mut pod = current.clone();
            let mut conditions: Vec<Value> = pod["status"]["conditions"].as_array().cloned().unwrap_or_default();
            let now = self.now.rfc3339();
            let condition = json!({"type": "DisruptionTarget", "status": "True", "lastProbeTime": null, "lastTransitionTime": now,
                "reason": "EvictionByEvictionAPI", "message": "Eviction API: evicting", "observedGeneration": pod["metadata"]["generation"]});
            match conditions.iter_mut().find(|c| c["type"] == "DisruptionTarget") {
                Some(c) => *c = condition,
                None => conditions.push(condition),
            }
            pod["status"]["conditions"] = json!(conditions);
            let changes = crate::trace::diff_at(current.pointer("/status/conditions"), pod.pointer("/status/conditions"), "status.conditions");
            self.apiserver_trace(crate::trace::Action::Validation, object.clone(), crate::sort::map_of([("subresource".to_string(), json!("eviction"))]), changes);
            let stored = self.write(key.clone(), pod, object.clone());
            // The update moved the resourceVersion the precondition named.
            if let Some(p) = delete.preconditions.as_mut()
                && p.resource_version.is_some()
            {
                p.resource_version = stored["metadata"]["resourceVersion"].as_str().map(str::to_string);
            }
        }
        self.delete(&delete, object).map(|_| ())
    }
}

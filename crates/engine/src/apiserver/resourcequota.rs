//! The `ResourceQuota` admission plugin, the last validating plugin
//! (`staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go`,
//! `CheckRequest`): every quota of the namespace that limits something the object uses, and
//! whose scopes the object is in, must have its usage measured (`status unknown for quota`),
//! must see every container state the cpu and memory it limits (`failed quota`), and must
//! have room for the object's usage (`exceeded quota`). When all have room, the plugin
//! charges them at once — it writes each quota's `status.used` before the object is stored —
//! and the resource quota controller later recounts from what really exists.

use serde_json::Value;

use super::status::Status;
use super::plugin_params;
use crate::Engine;
use crate::quota::{self, Usage};
use crate::store::ObjectKey;
use crate::trace::{Action, ObjectRef};
use podlife_model::ResourceType;

/// What is being admitted.
pub(super) struct Admitted<'a> {
    pub rt: &'static ResourceType,
    pub namespace: &'a str,
    pub name: &'a str,
    pub object: &'a Value,
    /// The stored object on an update.
    pub old: Option<&'a Value>,
    pub dry_run: bool,
}

/// `evaluator.Handles`: creates of everything; updates of services and claims (their usage
/// can change). Pod updates count only through `pods/resize`, which podlife serves without
/// quota admission (not modelled: a resize is not charged against a quota).
fn handles(rt: &ResourceType, update: bool) -> bool {
    !update || matches!((rt.group, rt.plural), ("", "services") | ("", "persistentvolumeclaims"))
}

impl Engine {
    /// Checks and charges the namespace's quotas; a Forbidden status when one refuses.
    pub(super) fn admit_quota(&mut self, a: &Admitted<'_>, object: Option<ObjectRef>) -> Result<(), Status> {
        if !a.rt.namespaced || !handles(a.rt, a.old.is_some()) {
            return Ok(());
        }
        let quotas: Vec<(ObjectKey, Value)> = self.store.list("", "resourcequotas", Some(a.namespace)).map(|(k, v)| (k.clone(), v.to_value())).collect();
        if quotas.is_empty() {
            return Ok(());
        }
        let verdict = self.check_quotas(a, &quotas);
        // Objects no quota limits pass without a word (every Event is one of them).
        if verdict.as_ref().is_ok_and(Vec::is_empty) {
            return Ok(());
        }
        let mut params = plugin_params("ResourceQuota", 0);
        match &verdict {
            Err(e) => {
                params.insert("error".into(), json!(e));
            }
            Ok(charged) => {
                params.insert("charged".into(), json!(charged.iter().map(|(k, _)| k.name.clone()).collect::<Vec<_>>()));
            }
        }
        self.apiserver_trace(Action::ValidatingAdmission, object.clone(), params, vec![]);
        match verdict {
            Err(why) => Err(Status::forbidden(&a.rt.qualified_plural(), Some(a.name), &why)),
            Ok(charged) => {
                if !a.dry_run {
                    for (key, used) in charged {
                        if let Some(mut q) = self.store.get(&key).map(crate::Slot::to_value) {
                            q["status"]["used"] = quota::to_json(&used);
                            let quota_ref = crate::object_ref(&crate::Obj::untyped(&q), "ResourceQuota");
                            self.write(key, q, quota_ref);
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// `CheckRequest`: the quotas to charge and their new usage, or the refusal's text.
    fn check_quotas(&self, a: &Admitted<'_>, quotas: &[(ObjectKey, Value)]) -> Result<Vec<(ObjectKey, Usage)>, String> {
        let (group, resource) = (a.rt.group, a.rt.plural);
        let mut interesting = Vec::new();
        for (key, q) in quotas {
            if !quota::quota_matches(group, resource, &crate::Obj::untyped(q), &crate::Obj::untyped(a.object)) {
                continue;
            }
            let hard = quota::from_json(&crate::Obj::untyped(&q["status"]["hard"]));
            let hard_names: Vec<String> = hard.keys().cloned().collect();
            let restricted = quota::matching_resources(group, resource, &hard_names);
            if (group, resource) == ("", "pods") {
                quota::pod_constraints(&restricted, &crate::Obj::untyped(a.object)).map_err(|e| format!("failed quota: {}: {e}", key.name))?;
            }
            let used = quota::from_json(&crate::Obj::untyped(&q["status"]["used"]));
            if restricted.iter().any(|r| hard.contains_key(r) && !used.contains_key(r)) {
                let mut names = restricted.clone();
                crate::sort::sort(&mut names);
                return Err(format!("status unknown for quota: {}, resources: {}", key.name, names.join(",")));
            }
            interesting.push((key, q, hard, used));
        }
        if interesting.is_empty() {
            return Ok(Vec::new());
        }
        let now = self.now;
        let input = quota::usage(group, resource, &crate::Obj::untyped(a.object), now);
        let negative: Vec<&String> = input.iter().filter(|(_, v)| v.sign() < 0).map(|(k, _)| k).collect();
        if !negative.is_empty() {
            return Err(format!("quota usage is negative for resource(s): {}", negative.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(",")));
        }
        let mut charged = Vec::new();
        for (key, q, hard, used) in interesting {
            // On an update only the growth is charged, when the old object was charged too.
            let mut delta = input.clone();
            if let Some(old) = a.old
                && quota::quota_matches(group, resource, &crate::Obj::untyped(q), &crate::Obj::untyped(old))
            {
                let before = quota::usage(group, resource, &crate::Obj::untyped(old), now);
                for (k, v) in delta.iter_mut() {
                    if let Some(b) = before.get(k) {
                        *v -= b;
                        if v.sign() < 0 {
                            *v = Default::default();
                        }
                    }
                }
            }
            delta.retain(|_, v| !v.is_zero());
            if delta.is_empty() {
                continue;
            }
            let hard_names: Vec<String> = hard.keys().cloned().collect();
            let requested = quota::mask(&delta, &hard_names);
            let mut new_used = used.clone();
            quota::add(&mut new_used, &requested);
            let exceeded: Vec<String> = requested.keys().filter(|k| match (new_used.get(*k), hard.get(*k)) {
                (Some(u), Some(h)) => u > h,
                _ => false,
            }).cloned().collect();
            if !exceeded.is_empty() {
                return Err(format!(
                    "exceeded quota: {}, requested: {}, used: {}, limited: {}",
                    key.name,
                    quota::pretty(&quota::mask(&requested, &exceeded)),
                    quota::pretty(&quota::mask(&used, &exceeded)),
                    quota::pretty(&quota::mask(&hard, &exceeded))
                ));
            }
            charged.push((key.clone(), new_used));
        }
        Ok(charged)
    }
}

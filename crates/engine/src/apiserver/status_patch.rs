//! The kubelet's pod status PATCH, served on the stored pod's status alone.
//!
//! `PATCH pods/status` with a merge or strategic patch of `status` (and a `metadata.uid`
//! precondition, as the kubelet's `statusutil.PatchPodStatus` sends it) is the most frequent
//! write of a running cluster. The general path serves it as the handler does: the patch
//! applied to the whole stored object, the result decoded strictly and defaulted, then
//! `podStatusStrategy.PrepareForUpdate` keeps the stored object with the new status
//! (`pkg/registry/core/pod/strategy.go`). Everything outside `status` comes back as it was
//! stored, so this path touches the status only, and answers the same: the same errors, the
//! same reactions with the same changes, the same stored bytes. For a pod with 1,000 init
//! containers that is the difference between a dozen copies of the whole pod per write and
//! two of its status.
//!
//! Why nothing outside `status` can differ: a Pod's defaulting and quantity checks read and
//! write only its spec (`defaults.rs`, `quantities.rs`), which the stored object already went
//! through (they are idempotent: the decode of a stored pod reports "defaulted 0 field(s)");
//! the patch names no other field; `omit_empty` works field by field.

use serde_json::{Map, Value};

use super::patch::{self, PatchType};
use super::{Action, Request, Status};
use crate::Engine;
use crate::store::ObjectKey;
use crate::trace::ObjectRef;
use podlife_model::decode::{decode_strict, omit_empty};

impl Engine {
    /// Serves `req` if it is a pod status patch this path takes (`None` sends it down the
    /// general path, which also answers every request this one would refuse before writing:
    /// a missing pod, a UID precondition that fails, a dry run).
    pub(super) fn patch_pod_status(&mut self, req: &Request, key: &ObjectKey, object: Option<ObjectRef>) -> Option<Result<Value, Status>> {
        let rt = req.resource;
        if rt.kind != "Pod" || !rt.group.is_empty() || req.subresource.as_deref() != Some("status") || req.dry_run {
            return None;
        }
        if !matches!(req.patch_type, PatchType::Merge | PatchType::Strategic) {
            return None;
        }
        let patch = req.body.as_ref()?.as_object()?;
        let status_patch = patch.get("status")?;
        let uid = match patch.get("metadata") {
            None => None,
            Some(meta) => {
                let meta = meta.as_object()?;
                if meta.keys().any(|k| k != "uid") {
                    return None;
                }
                Some(meta.get("uid")?.as_str()?)
            }
        };
        if patch.keys().any(|k| k != "status" && k != "metadata") {
            return None;
        }
        let stored = self.store.get_shared(key)?;
        if uid.is_some_and(|uid| stored["metadata"]["uid"].as_str() != Some(uid)) {
            return None;
        }
        // The stored object and the patch, each reduced to its `status` member: a merge
        // patch's members apply one by one, so the status merges as it would in the whole.
        let current = status_only(stored.get("status").map(|s| s.to_value()));
        let mut merged = current.clone();
        let status_patch = Value::Object(Map::from_iter([("status".to_string(), status_patch.clone())]));
        if let Err(e) = patch::apply(req.patch_type, &mut merged, &status_patch) {
            return Some(Err(super::patch_status(e)));
        }
        // etcd3's GuaranteedUpdate writes nothing when the bytes are the same.
        if merged == current {
            return Some(Ok(if req.answer_unread { Value::Null } else { stored.to_value() }));
        }
        let mut decoded = match decode_strict(rt, &merged) {
            Ok(v) => v,
            Err(e) => return Some(Err(self.decode_failed(rt, &e, object))),
        };
        self.apiserver_trace(Action::Decode, object.clone(), crate::sort::map_of([("fieldValidation".to_string(), json!("Strict"))]), vec![]);
        // `podStatusStrategy.PrepareForUpdate`: the stored pod with the new status (a patch
        // that removed it leaves `status: null`, as the general path's assignment does).
        let mut updated = status_only(Some(decoded.get_mut("status").map(Value::take).unwrap_or(Value::Null)));
        let changes = self.traced_diff(object.as_ref(), &current, &updated);
        self.apiserver_trace(Action::Validation, object.clone(), crate::sort::map_of([("subresource".to_string(), json!("status"))]), changes);
        omit_empty(rt, &mut updated);
        let mut pod = (*stored).clone();
        drop(stored);
        match updated.get("status") {
            Some(status) => pod.insert_at("", "status", status),
            None => pod.remove_at("", "status"),
        };
        let stored = self.store_write_obj(key.clone(), pod, object);
        Some(Ok(if req.answer_unread { Value::Null } else { stored.to_value() }))
    }
}

/// `{"status": status}`, or `{}` for an object without one.
fn status_only(status: Option<Value>) -> Value {
    Value::Object(status.map(|s| Map::from_iter([("status".to_string(), s)])).unwrap_or_default())
}

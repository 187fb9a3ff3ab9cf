//! How kube-controller-manager's controllers send the writes a sync asked for, and what each
//! does when one fails (upstream: every controller's `processNextWorkItem` / `handleErr`):
//! the key goes back to its work queue with the rate limiter (`AddRateLimited`: 5 ms, then
//! doubling), or is forgotten after a clean write. A status update that gets 409 Conflict is
//! retried inside the sync the way its controller does it — a fresh GET
//! (`updateReplicaSetStatus`, `storeDaemonSetStatus`: once), or the informer cache re-read
//! 10 ms later (`retry.RetryOnConflict` in the StatefulSet status updater) — before the
//! error reaches the queue.

use std::collections::BTreeMap;

use serde_json::Value;

use super::{FollowUp, Requeue, StatusRetry, Write};
use crate::apiserver::{Request, Verb};
use super::manager::Shared;
use super::workloads::{Cx, Timer, WorkloadControllers};
use crate::Response;

/// `retry.DefaultRetry`'s step.
const CACHE_RETRY_MS: u64 = 10;

fn conflict(result: &Result<Response, crate::Status>) -> bool {
    matches!(result, Err(e) if e.reason == crate::apiserver::status::Reason::Conflict)
}

/// The object a request is about, whatever its subresource.
fn target(r: &Request) -> String {
    format!("{}/{}/{}/{}", r.resource.group, r.resource.plural, r.namespace.as_deref().unwrap_or(""), r.name.as_deref().unwrap_or(""))
}

impl WorkloadControllers {
    /// A controller sends its write (if it still runs), then what follows a success.
    pub(crate) fn controller_write(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, w: Write) {
        if !cx.running() {
            return;
        }
        let Write { request, then, stop_on_error, follow, requeue, status_retry, reread, slow_start, on_error, .. } = w;
        let creates_pod = request.verb == Verb::Create && request.resource.group.is_empty() && request.resource.plural == "pods";
        let mut returned: BTreeMap<String, Value> = BTreeMap::new();
        let mut first = None;
        let mut failed = false;
        let mut pending = false;
        for (i, mut r) in std::iter::once(request).chain(then).enumerate() {
            if failed && stop_on_error {
                break;
            }
            if reread && i == 0 {
                // A retry of the StatefulSet status updater: the cached object, our status.
                let cached = crate::components::cached_one(cx.cache(), r.resource.group, r.resource.plural, r.namespace.as_deref().unwrap_or(""), r.name.as_deref().unwrap_or("")).map(|v| v.to_value());
                let (Some(mut fresh), Some(body)) = (cached, r.body.as_ref()) else { return };
                fresh["status"] = body["status"].clone();
                r.body = Some(fresh);
            }
            if r.verb == Verb::Update
                && let (Some(rv), Some(body)) = (returned.get(&target(&r)).map(|o| o["metadata"]["resourceVersion"].clone()), r.body.as_mut())
            {
                body["metadata"]["resourceVersion"] = rv;
            }
            let mut result = cx.request(r.clone());
            if conflict(&result) && r.subresource.as_deref() == Some("status") {
                match status_retry {
                    StatusRetry::Get(times) => {
                        for _ in 0..times {
                            let mut get = r.clone();
                            get.verb = Verb::Get;
                            get.subresource = None;
                            get.body = None;
                            let Ok(Response::Object(mut fresh)) = cx.request(get) else { break };
                            fresh["status"] = r.body.as_ref().map(|b| b["status"].clone()).unwrap_or(Value::Null);
                            r.body = Some(fresh);
                            result = cx.request(r.clone());
                            if !conflict(&result) {
                                break;
                            }
                        }
                    }
                    StatusRetry::Cache(left) if left > 0 => {
                        let mut again = Write::now(super::statefulset::ACCOUNT, r.clone());
                        again.requeue = requeue.clone();
                        again.status_retry = StatusRetry::Cache(left - 1);
                        again.reread = true;
                        cx.after(cx.now().plus_millis(CACHE_RETRY_MS), Timer::Write(Box::new(again)));
                        pending = true;
                    }
                    _ => {}
                }
            }
            match &result {
                Ok(Response::Object(o)) => {
                    returned.insert(target(&r), o.clone());
                }
                // A NotFound is the sync's answer, not an error worth a retry (the object went).
                Err(e) if e.code() != 404 && !pending => failed = true,
                _ => {}
            }
            if i == 0 {
                first = Some(result);
            }
        }
        if let Some(key) = requeue
            && !pending
        {
            self.requeue_after_write(cx, sh, key, failed);
        }
        match (first, follow) {
            (Some(Ok(Response::Object(object))), Some(follow)) => self.follow_up(cx, sh, follow, &crate::Obj::untyped(&object)),
            (Some(Err(status)), Some(FollowUp::Event { account, source, kind, api_version, involved, .. })) => {
                let Some(on_error) = on_error else { return };
                if on_error.quiet_when_terminating && super::namespace_terminating(&status) {
                    // Ignored: the namespace goes, and every create with it.
                    return;
                }
                if let Some(ss) = slow_start {
                    let _ = self.slow_start_failed(ss, creates_pod, &status.message);
                }
                if on_error.quiet_when_exists && status.reason == crate::apiserver::status::Reason::AlreadyExists {
                    return;
                }
                // The Warning about the controller's object (the key itself went back to the queue
                // rate-limited above; the expectation was lowered with the slow-start group's
                // bookkeeping).
                let message = on_error.message.replace("{}", &status.message);
                let inv = crate::record::Involved { kind, api_version, object: &crate::Obj::untyped(&involved), field_path: None };
                let note = crate::record::Note { kind: "Warning", reason: on_error.reason, message: &message };
                super::workloads::workload_event(cx, sh, account, inv, note, source);
            }
            _ => {}
        }
    }

    /// `handleErr`: a failed sync goes back to its queue after the rate limiter's delay; a
    /// clean one is forgotten.
    fn requeue_after_write(&mut self, cx: &mut Cx<'_>, sh: &mut Shared, key: Requeue, failed: bool) {
        let id = format!("{}/{}/{}", key.kind, key.namespace, key.name);
        if !failed {
            sh.requeue.forget(&id);
            return;
        }
        let at = cx.now().plus_millis(sh.requeue.when(&id));
        // `AddAfter`: when the delay is up the key joins its queue, where it coalesces with a
        // sync already waiting.
        cx.after(at, Timer::Requeue { kind: key.kind, namespace: key.namespace, name: key.name });
    }
}

//! What the kubelet knows about its container runtime while containerd is down, read from the
//! times the daemon stopped and started again (`Runtime::down_since`, `last_outage`):
//!
//! - `updateRuntimeUp` (`pkg/kubelet/kubelet.go`, `wait.Until` every 5 s) calls the runtime's
//!   Status and, when it answers, records `lastBaseRuntimeSync`; `runtimeErrors`
//!   (`pkg/kubelet/runtime.go`) says "container runtime is down" once that is
//!   `maxWaitForContainerRuntime` (30 s) old, and adds PLEG's health check ("PLEG is not
//!   healthy: pleg was last seen active …; threshold is 3m0s", `pleg/generic.go` `Healthy`).
//! - `syncLoop` skips every iteration while `runtimeErrors` is set ("Skipping pod
//!   synchronization", sleeping 100 ms doubling to 5 s): no new pod, resync or PLEG event
//!   reaches a pod worker.
//! - A pod worker waits in `podCache.GetNewerThan(uid, lastSyncTime)` (`pod_workers.go`
//!   `podWorkerLoop`) before each sync; only a successful PLEG relist moves the cache's time
//!   (`generic.go` `relist` returns early when `GetPods` fails), so a worker that synced after
//!   the runtime went away waits there until containerd answers again.
//! - The Ready condition (`nodestatus/setters.go` `ReadyCondition`) carries the aggregate of
//!   the runtime and network errors as its message, reason `KubeletNotReady`.

use super::{Cx, Kubelet, Timer};
use super::Due;
use crate::clock::Time;
use crate::containerd::Runtime;

/// `updateRuntimeUp`'s period.
pub const STATUS_PERIOD_MS: u64 = 5_000;
/// `maxWaitForContainerRuntime`.
const MAX_WAIT_FOR_RUNTIME_MS: u64 = 30_000;
/// PLEG's `relistThreshold`.
const RELIST_THRESHOLD_MS: u64 = 180_000;
/// PLEG's relist period.
const RELIST_PERIOD_MS: u64 = 1_000;

/// How long after containerd serves again the kubelet's connection to it works: grpc-go keeps
/// redialling with exponential back-off capped at k8s.io/cri-client's `maxBackoffDelay` (3 s;
/// `baseBackoffDelay` 100 ms, `remote_runtime.go`), so after an outage of some seconds the
/// next attempt comes anywhere in the following 3 s.
pub fn reconnect_delay_ms(rng: &mut crate::rng::Rng) -> u64 {
    rng.below(3_000)
}

/// The last tick of a loop (period `period`, phase `offset`) strictly before `t`.
fn tick_before(t: Time, offset: u64, period: u64) -> Time {
    let t = t.millis().saturating_sub(1);
    if t < offset {
        return Time(offset.min(t));
    }
    Time(offset + (t - offset) / period * period)
}

/// The first tick at or after `t`.
pub fn tick_from(t: Time, offset: u64, period: u64) -> Time {
    if t.millis() <= offset {
        return Time(offset);
    }
    Time(offset + (t.millis() - offset).div_ceil(period) * period)
}

/// The outage the kubelet still sees at `now`: when the runtime last answered its status call
/// and PLEG's relist, or None when both have caught up.
fn outage(rt: &Runtime, now: Time, offset: u64, connected: Time, booted: Time) -> Option<Time> {
    match (rt.down_since, rt.last_outage) {
        (Some(since), _) => Some(since),
        // Back up: the errors stay until a status call gets through (a kubelet started since
        // then never saw the outage).
        (None, Some((since, back))) if back > booted && now < tick_from(back.max(connected), offset, STATUS_PERIOD_MS) => Some(since),
        _ => None,
    }
}

/// `runtimeErrors()`'s messages at `now` (empty when the runtime is healthy); `connected` is
/// when the kubelet's connection works again after a restart, `booted` when this kubelet
/// started.
pub fn runtime_errors(rt: &Runtime, now: Time, offset: u64, connected: Time, booted: Time) -> Vec<String> {
    let Some(since) = outage(rt, now, offset, connected, booted) else { return vec![] };
    if since < booted {
        // This kubelet's status call never got an answer.
        return vec!["container runtime status check may not have completed yet".to_string()];
    }
    let mut errs = Vec::new();
    let last_sync = tick_before(since, offset, STATUS_PERIOD_MS);
    if now.millis() >= last_sync.millis() + MAX_WAIT_FOR_RUNTIME_MS {
        errs.push("container runtime is down".to_string());
    }
    if rt.down_since.is_some() {
        let relisted = tick_before(since, offset, RELIST_PERIOD_MS);
        let elapsed = now.millis().saturating_sub(relisted.millis());
        if elapsed > RELIST_THRESHOLD_MS {
            errs.push(format!("PLEG is not healthy: pleg was last seen active {} ago; threshold is 3m0s", super::go_duration(elapsed)));
        }
    }
    errs
}

/// `errors.NewAggregate(...).Error()`: one message alone, several in brackets.
pub fn aggregate(errs: &[String]) -> Option<String> {
    match errs {
        [] => None,
        [one] => Some(one.clone()),
        many => Some(format!("[{}]", many.join(", "))),
    }
}

impl Kubelet {
    /// Whether the sync of `uid` due now waits while the runtime is down, and for what.
    pub(crate) fn sync_waits(&self, cx: &mut Cx<'_>, uid: &str) -> Option<super::Wait> {
        let now = cx.now();
        let m = cx.node().machine(&self.node)?;
        let offset = self.tick_offset_ms;
        if !runtime_errors(&m.runtime, now, offset, m.cri_connected_at, self.booted_at).is_empty() {
            return Some(super::Wait::SyncLoop);
        }
        let since = m.runtime.down_since?;
        // The cache's time is the last relist that succeeded.
        let cache_time = tick_before(since, offset, RELIST_PERIOD_MS);
        let w = self.workers.get(uid)?;
        w.last_sync.filter(|t| *t >= cache_time).map(|_| super::Wait::Cache)
    }

    /// Whether the sync loop skips its iterations now (`runtimeErrors()` is not empty): pod
    /// additions, like syncs, wait for it.
    pub(crate) fn sync_loop_skipping(&self, cx: &mut Cx<'_>) -> bool {
        let now = cx.now();
        cx.node().machine(&self.node).is_some_and(|m| !runtime_errors(&m.runtime, now, self.tick_offset_ms, m.cri_connected_at, self.booted_at).is_empty())
    }

    /// The skipped sync loop looks again after its back-off sleep (at most 5 s): when the
    /// sync of `uid` is due again.
    pub(crate) fn sync_loop_retry(&mut self, cx: &mut Cx<'_>, uid: &str) {
        let now = cx.now();
        let Some(w) = self.workers.get(uid) else { return };
        // One look-again per pod at a time.
        if w.retry_due.is_some_and(|t| t > now) {
            return;
        }
        let sleep = cx.rng().below(STATUS_PERIOD_MS);
        let at = now.plus_millis(sleep.max(1));
        let Some(w) = self.workers.get_mut(uid) else { return };
        w.retry_due = Some(at);
        cx.after(at, Timer::new(&self.node, Due::Sync { uid: uid.to_string(), token: w.token }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn down_after_thirty_seconds_of_failed_status_calls() {
        let mut rt = Runtime::new("n", "10.244.1.0/24");
        let offset = 300;
        rt.daemon_stop(Time(61_000));
        // The last answered call was at 60.3 s; 30 s later the runtime is down.
        assert!(runtime_errors(&rt, Time(90_299), offset, Time::ZERO, Time::ZERO).is_empty());
        assert_eq!(runtime_errors(&rt, Time(90_300), offset, Time::ZERO, Time::ZERO), vec!["container runtime is down"]);
        assert_eq!(runtime_errors(&rt, Time(240_300), offset, Time::ZERO, Time::ZERO).len(), 1);
        assert_eq!(runtime_errors(&rt, Time(240_400), offset, Time::ZERO, Time::ZERO)[1], "PLEG is not healthy: pleg was last seen active 3m0.1s ago; threshold is 3m0s");
        rt.daemon_start(Time(100_000), 700, 50_000);
        // Until the next status call (100.3 s) the kubelet still reports it.
        assert_eq!(runtime_errors(&rt, Time(100_200), offset, Time::ZERO, Time::ZERO), vec!["container runtime is down"]);
        assert!(runtime_errors(&rt, Time(100_300), offset, Time::ZERO, Time::ZERO).is_empty());
    }

    #[test]
    fn aggregates_like_apimachinery() {
        assert_eq!(aggregate(&[]), None);
        assert_eq!(aggregate(&["a".into()]).as_deref(), Some("a"));
        assert_eq!(aggregate(&["a".into(), "b".into()]).as_deref(), Some("[a, b]"));
    }
}

//! The kubelet's eviction manager, as far as local storage goes
//! (`pkg/kubelet/eviction/eviction_manager.go`, `localStorageEviction`).
//!
//! Every `evictionMonitoringPeriod` (10 s, `kubelet.go`) the manager's `synchronize` reads the
//! node's summary stats and, before any node-pressure threshold, checks each active pod:
//! - an `emptyDir` whose use passed its `sizeLimit` ("Usage of EmptyDir volume …"),
//! - the pod's whole ephemeral storage (its containers' writable layers and logs, its
//!   `emptyDir` volumes, its `/etc/hosts`) past the sum of its containers' `ephemeral-storage`
//!   limits (`PodLimits`),
//! - one container's writable layer and logs past its own limit.
//!
//! A pod found over is evicted: a `Warning Evicted` event, then the pod worker kills it with a
//! grace period of 1 s (`immediateEvictionGracePeriodSeconds`), the status becoming
//! `Failed` / `Evicted` with the check's message — no `DisruptionTarget` condition (only
//! node-pressure evictions pass one). The manager then waits for the evicted pods to finish
//! (`waitForPodsCleanup`: a look every second, 30 s at most) and synchronizes again at once.
//!
//! What the manager reads is not always fresh, as upstream: container logs are measured
//! when it asks, but a pod's volumes are measured by the stats provider's volume calculator
//! (`fs_resource_analyzer.go`, `volume_stat_calculator.go`), which a minute-long ticker starts
//! for each pod it finds (`volumeStatsAggPeriod`, 1 min) and which then measures every
//! `wait.Jitter(1 min, 1.0)` — so an overfilled `emptyDir` is noticed one to two minutes late.
//!
//! Only pods that have something to check (an `emptyDir` with a `sizeLimit`, or an
//! `ephemeral-storage` limit) make the manager run here: for any other pod a pass finds
//! nothing, so a node without such pods queues no passes. Node-pressure eviction (`nodefs`,
//! `imagefs`, memory and PID thresholds) is not modelled: a node's disk and memory never
//! come near their thresholds in podlife.

use super::{Cx, Kubelet, Timer};
use super::Due;
use crate::Slot;
use crate::vecmap::VecMap;

use podlife_model::quantity::Quantity;

use crate::clock::Time;
use super::NodeMachine;

/// `evictionMonitoringPeriod`.
pub const MONITORING_PERIOD_MS: u64 = 10_000;
/// `immediateEvictionGracePeriodSeconds`.
pub const IMMEDIATE_GRACE_S: i64 = 1;
/// `podCleanupPollFreq` and `podCleanupTimeout`.
const CLEANUP_POLL_MS: u64 = 1_000;
const CLEANUP_TIMEOUT_MS: u64 = 30_000;
/// `volumeStatsAggPeriod`: the analyzer's ticker and each pod calculator's base period.
pub const VOLUME_STATS_PERIOD_MS: u64 = 60_000;
/// `scheduling.SystemCriticalPriority`: pods at or above it are critical (never evicted).
const SYSTEM_CRITICAL_PRIORITY: i64 = 2_000_000_000;
/// The kubelet-managed `/etc/hosts` of a pod: one block on the node's disk.
const ETC_HOSTS_BYTES: u64 = crate::containerd::fs::BLOCK_SIZE;

/// The manager's memory on one node.
#[derive(Debug, Clone, Default)]
pub struct Manager {
    /// The token of the queued pass (None: none queued); a pass a quiet stretch moved keeps it.
    pub queued: Option<u64>,
    pub tokens: u64,
    /// When the last pass ran (its ticker counts from there).
    pub last_pass: Option<Time>,
    /// Evicted pods waited for, and when the wait gives up.
    pub cleanup: Option<(Vec<String>, Time)>,
}

/// The limits a pod's local storage is checked against.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Limits {
    /// `emptyDir` volumes on the node's disk with a positive `sizeLimit`: (volume, limit).
    pub empty_dirs: Vec<(String, Quantity)>,
    /// `PodLimits`' `ephemeral-storage`, when any container sets one.
    pub pod: Option<Quantity>,
    /// Regular containers with a non-zero `ephemeral-storage` limit.
    pub containers: VecMap<String, Quantity>,
    /// The pod has an `emptyDir` on the node's disk (the volume calculator measures it).
    pub disk_empty_dir: bool,
}

impl Limits {
    pub fn of(pod: &Slot) -> Limits {
        let spec = &pod["spec"];
        let mut empty_dirs = Vec::new();
        let mut disk_empty_dir = false;
        for v in spec["volumes"].as_array().unwrap_or_default() {
            let Some(ed) = v.get("emptyDir") else { continue };
            // A memory-backed emptyDir is a tmpfs of that size: writes past it fail instead.
            if ed["medium"] == "Memory" {
                continue;
            }
            disk_empty_dir = true;
            if let Some(q) = ed["sizeLimit"].as_str().and_then(|s| s.parse::<Quantity>().ok()).filter(|q| q.cmp_i64(0).is_gt()) {
                empty_dirs.push((v["name"].as_str().unwrap_or_default().to_string(), q));
            }
        }
        let pod_limit = crate::resources::pod_limits(spec).remove("ephemeral-storage");
        let mut containers = VecMap::new();
        for c in spec["containers"].as_array().unwrap_or_default() {
            if let Some(q) = c["resources"]["limits"]["ephemeral-storage"].as_str().and_then(|s| s.parse::<Quantity>().ok()).filter(|q| q.value() != 0) {
                containers.insert(c["name"].as_str().unwrap_or_default().to_string(), q);
            }
        }
        Limits { empty_dirs, pod: pod_limit, containers, disk_empty_dir }
    }

    /// Whether a pass has anything to check for this pod.
    pub fn any(&self) -> bool {
        !self.empty_dirs.is_empty() || self.pod.is_some() || !self.containers.is_empty()
    }
}

/// A pod's local storage use as the summary reports it.
#[derive(Debug, Clone, Default)]
struct PodStats {
    /// The volume calculator's last measure of each `emptyDir` (absent before its first).
    volumes: Option<VecMap<String, u64>>,
    /// Each container's writable layer plus logs (its newest instance), by name.
    containers: VecMap<String, u64>,
    /// Everything: containers, volumes, `/etc/hosts`.
    total: u64,
}

/// `kubelettypes.IsCriticalPod`: static and mirror pods, and system-critical priorities.
fn is_critical(pod: &Slot, is_static: bool) -> bool {
    is_static || pod["metadata"]["annotations"][crate::apiserver::admission::MIRROR_POD_ANNOTATION].is_string() || pod["spec"]["priority"].as_i64().is_some_and(|p| p >= SYSTEM_CRITICAL_PRIORITY)
}

/// The first instant `origin + k·period` (k ≥ 0) at or after `t`.
fn next_on_grid(origin: Time, period: u64, t: Time) -> Time {
    if t <= origin {
        return origin;
    }
    Time(origin.millis() + (t.millis() - origin.millis()).div_ceil(period) * period)
}

impl Kubelet {
    /// Whether the next pass evicts nothing (a quiet stretch, `quiet.rs`): no wait for evicted
    /// pods, and no pod over a limit now. Nothing a stretch skips writes to a container's
    /// layer, logs or volumes, so the answer holds through it.
    pub(crate) fn eviction_steady(&self, v: &super::QuietView<'_>) -> bool {
        if !v.running {
            return true;
        }
        if self.eviction.cleanup.is_some() {
            return false;
        }
        let m = v.machine;
        candidates(self, m, &|ns, name| super::pod_in(v.cache, Some(m), ns, name)).iter().all(|(uid, pod, limits)| verdict(self, m, v.now, uid, pod, limits).is_none())
    }
}

impl Kubelet {
    /// A pod the kubelet has just learnt of: if it has local storage limits, the eviction
    /// manager checks it on its next pass, and the volume calculator measures its volumes.
    pub(crate) fn eviction_watch(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot) {
        let limits = Limits::of(pod);
        if !limits.any() {
            return;
        }
        let now = cx.now();
        let boot = self.booted_at;
        if !limits.empty_dirs.is_empty() || (limits.pod.is_some() && limits.disk_empty_dir) {
            // The analyzer's next tick starts the pod's calculator, which measures at once.
            let at = next_on_grid(boot, VOLUME_STATS_PERIOD_MS, now);
            if let Some(w) = self.workers.get_mut(uid) {
                w.volume_calc_at = Some(at);
            }
            cx.after(at, Timer::new(&self.node, Due::VolumeStats { uid: uid.to_string() }));
        }
        self.eviction_queue_pass(cx);
    }

    /// Queues the manager's next pass on its ticker, unless one is queued or it waits for
    /// evicted pods.
    fn eviction_queue_pass(&mut self, cx: &mut Cx<'_>) {
        let now = cx.now();
        let mgr = &mut self.eviction;
        if mgr.queued.is_some() || mgr.cleanup.is_some() {
            return;
        }
        let at = match mgr.last_pass {
            None => next_on_grid(self.booted_at, MONITORING_PERIOD_MS, now),
            Some(last) => next_on_grid(last, MONITORING_PERIOD_MS, now.max(last.plus_millis(1))),
        };
        mgr.tokens += 1;
        let token = mgr.tokens;
        mgr.queued = Some(token);
        cx.after(at, Timer::new(&self.node, Due::EvictionPass { token }));
    }

    /// One run of the pod's volume calculator (`calcAndStoreStats`), then the next after
    /// `wait.Jitter(1 min, 1.0)`.
    pub(crate) fn volume_stats(&mut self, cx: &mut Cx<'_>, uid: &str) {
        let now = cx.now();
        let running = cx.running();
        let svc = &*cx.node();
        let Some(m) = svc.machine(&self.node) else { return };
        let Some(w) = self.workers.get(uid) else { return };
        if w.volume_calc_at != Some(now) || w.terminated || !running {
            return;
        }
        let Some(pod) = svc.kubelet_pod_ref(&self.node, &w.namespace, &w.name) else { return };
        let mut used = VecMap::new();
        for v in pod["spec"]["volumes"].as_array().unwrap_or_default() {
            if v.get("emptyDir").is_none() || v["emptyDir"]["medium"] == "Memory" {
                continue;
            }
            let name = v["name"].as_str().unwrap_or_default();
            if let Some(super::volumes::Backing::Node { dir }) = m.mounts.get(uid).and_then(|v| v.get(name)) {
                used.insert(name.to_string(), m.disk.disk_usage(dir));
            }
        }
        let next = now.plus_millis(VOLUME_STATS_PERIOD_MS + cx.rng().below(VOLUME_STATS_PERIOD_MS + 1));
        let Some(w) = self.workers.get_mut(uid) else { return };
        w.volume_stats = Some(used);
        w.volume_calc_at = Some(next);
        cx.after(next, Timer::new(&self.node, Due::VolumeStats { uid: uid.to_string() }));
    }

    /// One `synchronize`: every active pod with limits is checked; those over are evicted.
    pub(crate) fn eviction_pass(&mut self, cx: &mut Cx<'_>, token: u64) {
        let now = cx.now();
        if self.eviction.queued != Some(token) {
            return;
        }
        self.eviction.queued = None;
        self.eviction.last_pass = Some(now);
        if !cx.running() {
            return;
        }
        let svc = &*cx.node();
        let Some(m) = svc.machine(&self.node) else { return };
        let found = candidates(self, m, &|ns, name| svc.kubelet_pod(&self.node, ns, name));
        let watched = !found.is_empty();
        let over: Vec<(String, std::sync::Arc<crate::Obj>, &'static str, String)> =
            found.into_iter().filter_map(|(uid, pod, limits)| verdict(self, m, now, &uid, &pod, &limits).map(|(signal, message)| (uid, pod, signal, message))).collect();
        let mut evicted = Vec::new();
        for (uid, pod, signal, message) in over {
            if self.evict_pod(cx, &uid, &pod, signal, &message) {
                evicted.push(uid);
            }
        }
        if !evicted.is_empty() {
            self.eviction.cleanup = Some((evicted, now.plus_millis(CLEANUP_TIMEOUT_MS)));
            cx.after(now.plus_millis(CLEANUP_POLL_MS), Timer::new(&self.node, Due::EvictionCleanup));
        } else if watched {
            self.eviction_queue_pass(cx);
        }
    }

    /// `waitForPodsCleanup`'s poll: once every evicted pod has finished (or 30 s passed), the
    /// manager synchronizes again at once.
    pub(crate) fn eviction_cleanup(&mut self, cx: &mut Cx<'_>) {
        let now = cx.now();
        let Some((pods, until)) = self.eviction.cleanup.clone() else { return };
        let finished = pods.iter().all(|uid| self.workers.get(uid).is_none_or(|w| w.terminated));
        if !finished && now < until {
            cx.after(now.plus_millis(CLEANUP_POLL_MS), Timer::new(&self.node, Due::EvictionCleanup));
            return;
        }
        let mgr = &mut self.eviction;
        mgr.cleanup = None;
        mgr.tokens += 1;
        let token = mgr.tokens;
        mgr.queued = Some(token);
        cx.after(now, Timer::new(&self.node, Due::EvictionPass { token }));
    }

    /// `evictPod`: the event, then the pod worker kills the pod with the short grace period
    /// and the status it ends with (`Failed`, `Evicted`, the message). Critical pods stay.
    fn evict_pod(&mut self, cx: &mut Cx<'_>, uid: &str, pod: &Slot, signal: &str, message: &str) -> bool {
        if is_critical(pod, cx.node().static_pod(&self.node, uid).is_some()) {
            return false;
        }
        super::reaction(cx, crate::trace::Action::KubeletEvict, crate::object_ref(pod, "Pod"), crate::sort::map_of([("signal".to_string(), json!(signal)), ("message".to_string(), json!(message))]));
        self.event(cx, pod, None, "Warning", "Evicted", message);
        let Some(w) = self.workers.get_mut(uid) else { return false };
        w.facts.evicted = Some(message.to_string());
        w.grace_s = IMMEDIATE_GRACE_S;
        cx.node().touch_pod(uid);
        self.begin_termination(cx, uid, pod);
        true
    }
}

/// The pod's use as the summary gives it now.
fn pod_stats(k: &Kubelet, m: &NodeMachine, now: Time, uid: &str, pod: &Slot) -> PodStats {
    let volumes = k.workers.get(uid).and_then(|w| w.volume_stats.clone());
    let mut containers = VecMap::new();
    // Newest first: the first of each name is the one the CRI's stats list keeps.
    for c in m.runtime.pod_containers(uid) {
        containers.entry(c.name.clone()).or_insert_with(|| c.rootfs.disk_usage("/") + c.log.disk_bytes(now));
    }
    let hosts = if pod["spec"]["hostNetwork"] == true { 0 } else { ETC_HOSTS_BYTES };
    let total = containers.values().sum::<u64>() + volumes.as_ref().map(|v| v.values().sum::<u64>()).unwrap_or(0) + hosts;
    PodStats { volumes, containers, total }
}

/// `localStorageEviction`'s verdict for one pod: the signal and the eviction message, if
/// it is over.
fn verdict(k: &Kubelet, m: &NodeMachine, now: Time, uid: &str, pod: &Slot, limits: &Limits) -> Option<(&'static str, String)> {
    let stats = pod_stats(k, m, now, uid, pod);
    // emptyDirLimitEviction
    if let Some(vols) = &stats.volumes {
        for (name, size) in &limits.empty_dirs {
            if vols.get(name).is_some_and(|used| size.cmp_i64(*used as i64).is_lt()) {
                return Some(("emptydirfs.limit", format!("Usage of EmptyDir volume {name:?} exceeds the limit {:?}. ", size.to_string())));
            }
        }
    }
    // podEphemeralStorageLimitEviction
    if let Some(limit) = &limits.pod
        && limit.cmp_i64(stats.total as i64).is_lt()
    {
        return Some(("ephemeralpodfs.limit", format!("Pod ephemeral local storage usage exceeds the total limit of containers {limit}. ")));
    }
    // containerEphemeralStorageLimitEviction (regular containers, in the stats' order)
    for (name, used) in &stats.containers {
        if let Some(limit) = limits.containers.get(name)
            && limit.cmp_i64(*used as i64).is_lt()
        {
            return Some(("ephemeralcontainerfs.limit", format!("Container {name} exceeded its local ephemeral storage limit {:?}. ", limit.to_string())));
        }
    }
    None
}

/// The active pods a pass checks: running (a ready sandbox), with local storage limits
/// (`pod_of`: the kubelet's copy of a pod by namespace and name).
fn candidates(k: &Kubelet, m: &NodeMachine, pod_of: &dyn Fn(&str, &str) -> Option<std::sync::Arc<crate::Obj>>) -> Vec<(String, std::sync::Arc<crate::Obj>, Limits)> {
    let mut out = Vec::new();
    for w in k.workers.values().filter(|w| !w.terminating && !w.terminated) {
        let Some(pod) = pod_of(&w.namespace, &w.name).filter(|p| p["metadata"]["uid"] == w.uid.as_str()) else { continue };
        let limits = Limits::of(&pod);
        if limits.any() && m.runtime.ready_sandbox(&w.uid).is_some() {
            out.push((w.uid.clone(), pod, limits));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_the_spec_as_the_manager_does() {
        let pod = crate::Obj::untyped(&json!({"spec": {
            "volumes": [
                {"name": "cache", "emptyDir": {"sizeLimit": "1Mi"}},
                {"name": "ram", "emptyDir": {"medium": "Memory", "sizeLimit": "1Mi"}},
                {"name": "zero", "emptyDir": {"sizeLimit": "0"}},
                {"name": "plain", "emptyDir": {}}
            ],
            "containers": [
                {"name": "a", "resources": {"limits": {"ephemeral-storage": "2Mi"}}},
                {"name": "b"},
                {"name": "c", "resources": {"limits": {"ephemeral-storage": "1Mi"}}}
            ]
        }}));
        let l = Limits::of(&pod);
        assert_eq!(l.empty_dirs.iter().map(|(n, q)| format!("{n}={q}")).collect::<Vec<_>>(), ["cache=1Mi"]);
        // PodLimits sums the limits that exist; a container without one adds nothing.
        assert_eq!(l.pod.map(|q| q.to_string()), Some("3Mi".to_string()));
        assert_eq!(l.containers.keys().collect::<Vec<_>>(), ["a", "c"]);
        assert!(!Limits::of(&crate::Obj::untyped(&json!({"spec": {"containers": [{"name": "a"}], "volumes": [{"name": "v", "emptyDir": {}}]}}))).any());
    }

    #[test]
    fn the_ticker_counts_from_its_origin() {
        assert_eq!(next_on_grid(Time(5_000), 10_000, Time(1_000)), Time(5_000));
        assert_eq!(next_on_grid(Time(5_000), 10_000, Time(5_000)), Time(5_000));
        assert_eq!(next_on_grid(Time(5_000), 10_000, Time(5_001)), Time(15_000));
        assert_eq!(next_on_grid(Time(5_000), 10_000, Time(25_000)), Time(25_000));
    }

    #[test]
    fn usage_counts_whole_blocks_as_du_does() {
        let mut t = crate::containerd::fs::Tree::default();
        t.dirs.insert("/v/sub".into());
        t.write("/v/a", "x", false).unwrap();
        t.write("/v/sub/b", &"y".repeat(4097), false).unwrap();
        t.write("/w/c", "z", false).unwrap();
        // /v itself, /v/sub, one block for a, two for b; /w is not below /v.
        assert_eq!(t.disk_usage("/v"), 4096 * 5);
        // The root, /v, /v/sub, /w and the four file blocks.
        assert_eq!(t.disk_usage("/"), 4096 * 8);
    }

    #[test]
    fn critical_pods_are_never_evicted() {
        assert!(is_critical(&crate::Obj::untyped(&json!({"spec": {"priority": 2_000_001_000}})), false));
        assert!(is_critical(&crate::Obj::untyped(&json!({"spec": {}})), true));
        assert!(!is_critical(&crate::Obj::untyped(&json!({"spec": {"priority": 1_000_000}})), false));
    }
}

//! A container's cgroup (v2, systemd driver, as kind's nodes run it): the limits the kubelet
//! asks for in the CRI's `LinuxContainerResources` and the files runc writes from them, as
//! the kernel reads them back under `/sys/fs/cgroup` inside the container (its cgroup
//! namespace makes its own cgroup the root).
//!
//! Sources: `pkg/kubelet/kuberuntime/kuberuntime_container_linux.go`
//! (`calculateLinuxResources`: shares from the CPU request — or the limit when there is no
//! request —, the CFS quota over a 100000 µs period, the memory limit; `memory.swap.max` 0 for
//! NoSwap, `memory.oom.group` 1 since `singleProcessOOMKill` is off on cgroup v2),
//! `pkg/kubelet/cm/helpers_linux.go` (`MilliCPUToShares`, `MilliCPUToQuota`), runc's
//! `libcontainer/cgroups/fs2` and `opencontainers/cgroups` (`cpu.max` as "QUOTA PERIOD" or
//! "max PERIOD", `ConvertCPUSharesToCgroupV2Value`), and the kernel's read-back rules
//! (`memory.max` in whole pages, `cpu.weight` through the scheduler's shares).

use crate::Slot;
use serde_json::Value;

/// `QuotaPeriod`: 100 ms in µs.
pub const QUOTA_PERIOD: u64 = 100_000;
const MIN_QUOTA_PERIOD: i64 = 1_000;
const MIN_SHARES: u64 = 2;
const MAX_SHARES: u64 = 262_144;
const PAGE_SIZE: u64 = 4096;

/// What the kubelet asked for and runc wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cgroup {
    /// The cgroup's path under `/sys/fs/cgroup` on the node (systemd driver:
    /// `…/kubepods-<qos>-pod<uid>.slice/cri-containerd-<id>.scope`).
    pub path: String,
    /// `MemoryLimitInBytes` (None: no limit).
    pub memory_limit: Option<u64>,
    /// `CpuShares`.
    pub cpu_shares: u64,
    /// `CpuQuota` in µs (0: no limit).
    pub cpu_quota: i64,
    /// `CpuPeriod` in µs.
    pub cpu_period: u64,
    /// The container's resources these were computed from (what the runtime reports back as
    /// the container's actual resources, `ContainerStatus.Resources`).
    pub resources: Value,
    /// What the kubelet handed the runtime: `resources` with the pod-level limits where the
    /// container has none (the same as `resources` without pod-level resources).
    pub effective: Value,
}

/// `MilliCPUToShares`.
pub fn milli_cpu_to_shares(milli: i64) -> u64 {
    if milli == 0 {
        return MIN_SHARES;
    }
    let shares = milli.saturating_mul(1024) / 1000;
    (shares.max(0) as u64).clamp(MIN_SHARES, MAX_SHARES)
}

/// `milliCPUToQuota`: 0 when there is no limit, at least 1 ms otherwise.
pub fn milli_cpu_to_quota(milli: i64, period: u64) -> i64 {
    if milli == 0 {
        return 0;
    }
    (milli.saturating_mul(period as i64) / 1000).max(MIN_QUOTA_PERIOD)
}

/// runc's `ConvertCPUSharesToCgroupV2Value` (the quadratic fit of opencontainers/cgroups
/// v0.0.5 and runc 1.3.6+/1.4: 2 → 1, 1024 → 100, 262144 → 10000).
pub fn shares_to_weight(shares: u64) -> u64 {
    if shares == 0 {
        return 0;
    }
    if shares <= 2 {
        return 1;
    }
    if shares >= MAX_SHARES {
        return 10_000;
    }
    let l = (shares as f64).log2();
    let exponent = (l * l + 125.0 * l) / 612.0 - 7.0 / 34.0;
    10f64.powf(exponent).ceil() as u64
}

/// The kernel keeps `cpu.weight` as scheduler shares (`sched_weight_from_cgroup`) and reads it
/// back with `sched_weight_to_cgroup`, both rounding to the closest value.
fn weight_read_back(weight: u64) -> u64 {
    let shares = (weight * 1024 + 50) / 100;
    ((shares * 100 + 512) / 1024).clamp(1, 10_000)
}

fn quantity_milli(v: &Value) -> Option<i64> {
    milli_of(v.as_str())
}

fn milli_of(text: Option<&str>) -> Option<i64> {
    let q = podlife_model::quantity::Quantity::parse(text?).ok()?;
    Some(q.milli_value())
}

fn quantity_bytes(v: &Value) -> Option<u64> {
    let q = podlife_model::quantity::Quantity::parse(v.as_str()?).ok()?;
    Some(q.value().max(0) as u64)
}

impl Cgroup {
    /// The cgroup the kubelet and runc set up for a container (`calculateLinuxResources`).
    pub fn for_container(pod_cgroup: &str, container_id: &str, spec: &Value) -> Cgroup {
        Cgroup::with_resources(pod_cgroup, container_id, &spec["resources"], &spec["resources"])
    }

    /// The cgroup from `res`, the resources the kubelet hands the runtime (a container of a
    /// pod with pod-level resources gets the pod's limits where it has none:
    /// `resources::runtime_container_resources`); `reported` is what the runtime reports back.
    pub fn with_resources(pod_cgroup: &str, container_id: &str, res: &Value, reported: &Value) -> Cgroup {
        let cpu_request = quantity_milli(&res["requests"]["cpu"]);
        let cpu_limit = quantity_milli(&res["limits"]["cpu"]).unwrap_or(0);
        let cpu_shares = match cpu_request {
            None if cpu_limit != 0 => milli_cpu_to_shares(cpu_limit),
            r => milli_cpu_to_shares(r.unwrap_or(0)),
        };
        let memory_limit = quantity_bytes(&res["limits"]["memory"]).filter(|b| *b != 0);
        Cgroup {
            path: format!("{pod_cgroup}/cri-containerd-{container_id}.scope"),
            memory_limit,
            cpu_shares,
            cpu_quota: milli_cpu_to_quota(cpu_limit, QUOTA_PERIOD),
            cpu_period: QUOTA_PERIOD,
            resources: reported.clone(),
            effective: res.clone(),
        }
    }

    /// `UpdateContainerResources`: runc rewrites `cpu.weight`, `cpu.max` and `memory.max` of
    /// the same cgroup in place (`effective`: with the pod-level limits filled in).
    pub fn update(&mut self, resources: &Value, effective: &Value) {
        let path = self.path.clone();
        *self = Cgroup::with_resources("", "", effective, resources);
        self.path = path;
    }

    /// `memory.max` as read back: whole pages, or `max`.
    pub fn memory_max(&self) -> String {
        match self.memory_limit {
            Some(b) => ((b / PAGE_SIZE) * PAGE_SIZE).to_string(),
            None => "max".into(),
        }
    }

    /// `cpu.max`: runc writes "QUOTA PERIOD", "max PERIOD" without a quota.
    pub fn cpu_max(&self) -> String {
        let quota = if self.cpu_quota > 0 { self.cpu_quota.to_string() } else { "max".into() };
        format!("{quota} {}", self.cpu_period)
    }

    /// The CFS quota as millicores (None: no limit).
    pub fn quota_milli(&self) -> Option<u64> {
        (self.cpu_quota > 0 && self.cpu_period > 0).then(|| (self.cpu_quota as u64).saturating_mul(1000) / self.cpu_period)
    }

    /// `cpu.weight`.
    pub fn cpu_weight(&self) -> u64 {
        weight_read_back(shares_to_weight(self.cpu_shares))
    }

    /// The files under `/sys/fs/cgroup` inside the container that podlife models, with their
    /// contents; `procs` are the PIDs in the cgroup as the container sees them, `memory` the
    /// bytes its processes hold now, `cpu_stat` its `cpu.stat`.
    pub fn files(&self, procs: &[u32], memory: u64, cpu_stat: String) -> Vec<(&'static str, String)> {
        let procs: String = procs.iter().map(|p| format!("{p}\n")).collect();
        vec![
            ("cgroup.controllers", "cpuset cpu io memory hugetlb pids rdma misc\n".into()),
            ("cgroup.procs", procs),
            ("cgroup.type", "domain\n".into()),
            ("cpu.max", format!("{}\n", self.cpu_max())),
            ("cpu.stat", cpu_stat),
            ("cpu.weight", format!("{}\n", self.cpu_weight())),
            ("memory.current", format!("{memory}\n")),
            ("memory.high", "max\n".into()),
            ("memory.low", "0\n".into()),
            ("memory.max", format!("{}\n", self.memory_max())),
            ("memory.min", "0\n".into()),
            ("memory.oom.group", "1\n".into()),
            ("memory.swap.max", "0\n".into()),
            ("pids.max", "max\n".into()),
        ]
    }
}

/// The pod's cgroup (`kubepods-…-pod<uid>.slice`) as the kubelet's pod container manager sets
/// it (`ResourceConfigForPod`, `pkg/kubelet/cm/helpers_linux.go`): `cpu.weight` from the pod's
/// requests, `cpu.max` from its limits when every container limits cpu or the pod states a
/// pod-level cpu limit (always for a Guaranteed pod), `memory.max` likewise; a BestEffort pod
/// gets the minimum weight and no limits. Pod-level resources, when set, are the pod's
/// requests and limits here (`PodRequests` / `PodLimits`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PodCgroup {
    pub cpu_shares: u64,
    /// `CPUQuota` in µs over `QUOTA_PERIOD` (None: `max`).
    pub cpu_quota: Option<i64>,
    /// `Memory` in bytes (None: `max`).
    pub memory_limit: Option<u64>,
    /// The pod states pod-level resources: its limit binds its containers together (the CPU
    /// model shares the pod's `cpu.max` among them).
    pub pod_level: bool,
}

impl PodCgroup {
    pub fn for_pod(pod: &Slot) -> PodCgroup {
        use crate::resources::{is_pod_level_resources_set, pod_level_list, pod_level_resources_enabled, pod_limits, pod_requests};
        let spec = &pod["spec"];
        let reqs = pod_requests(spec);
        let limits = pod_limits(spec);
        let all_limit = |r: &str| {
            ["containers", "initContainers"].iter().flat_map(|l| spec[*l].as_array().unwrap_or_default()).all(|c| milli_of(c["resources"]["limits"][r].as_str()).is_some_and(|m| m != 0))
        };
        let pod_level = pod_level_resources_enabled() && is_pod_level_resources_set(spec);
        let pod_limit = |r: &str| pod_level && pod_level_list(spec, "limits").get(r).is_some_and(|q| !q.is_zero());
        let cpu_declared = all_limit("cpu") || pod_limit("cpu");
        let memory_declared = all_limit("memory") || pod_limit("memory");
        let cpu_request = reqs.get("cpu").map_or(0, |q| q.milli_value());
        let cpu_limit = limits.get("cpu").map_or(0, |q| q.milli_value());
        let memory = limits.get("memory").map_or(0, |q| q.value().max(0) as u64);
        let quota = milli_cpu_to_quota(cpu_limit, QUOTA_PERIOD);
        let memory_limit = Some(memory).filter(|b| *b != 0);
        match crate::qos::pod_qos_class(spec) {
            "Guaranteed" => PodCgroup { cpu_shares: milli_cpu_to_shares(cpu_request), cpu_quota: Some(quota).filter(|q| *q > 0), memory_limit, pod_level },
            "Burstable" => PodCgroup {
                cpu_shares: milli_cpu_to_shares(cpu_request),
                cpu_quota: Some(quota).filter(|q| cpu_declared && *q > 0),
                memory_limit: memory_limit.filter(|_| memory_declared),
                pod_level,
            },
            _ => PodCgroup { cpu_shares: MIN_SHARES, cpu_quota: None, memory_limit: None, pod_level },
        }
    }

    /// The pod's CFS quota as millicores (None: no limit).
    pub fn quota_milli(&self) -> Option<u64> {
        self.cpu_quota.map(|q| (q.max(0) as u64).saturating_mul(1000) / QUOTA_PERIOD)
    }

    /// `cpu.max` of the pod cgroup.
    pub fn cpu_max(&self) -> String {
        match self.cpu_quota {
            Some(q) => format!("{q} {QUOTA_PERIOD}"),
            None => format!("max {QUOTA_PERIOD}"),
        }
    }

    /// `memory.max` of the pod cgroup, read back in whole pages.
    pub fn memory_max(&self) -> String {
        self.memory_limit.map_or_else(|| "max".into(), |b| ((b / PAGE_SIZE) * PAGE_SIZE).to_string())
    }

    /// `cpu.weight` of the pod cgroup.
    pub fn cpu_weight(&self) -> u64 {
        weight_read_back(shares_to_weight(self.cpu_shares))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_to_weight_matches_upstream_vectors() {
        // opencontainers/cgroups v0.0.5 utils_test.go TestConvertCPUSharesToCgroupV2Value.
        for (shares, weight) in [(0, 0), (1, 1), (2, 1), (3, 2), (1024, 100), (262_143, 10_000), (262_144, 10_000), (262_145, 10_000)] {
            assert_eq!(shares_to_weight(shares), weight, "shares {shares}");
        }
    }

    /// `ResourceConfigForPod` (helpers_linux_test.go-style cases with pod-level resources).
    #[test]
    fn pod_cgroup() {
        let pod = |spec: serde_json::Value| crate::Obj::untyped(&serde_json::json!({"spec": spec}));
        // Guaranteed at pod level: quota and memory from the pod-level limits.
        let g = PodCgroup::for_pod(&pod(serde_json::json!({"resources": {"requests": {"cpu": "1", "memory": "256Mi"}, "limits": {"cpu": "1", "memory": "256Mi"}}, "containers": [{"name": "a"}]})));
        assert_eq!((g.cpu_max(), g.memory_max(), g.cpu_shares, g.pod_level), ("100000 100000".to_string(), "268435456".to_string(), 1024, true));
        // Burstable, pod-level cpu limit only: cpu.max from it, memory unlimited.
        let b = PodCgroup::for_pod(&pod(serde_json::json!({"resources": {"requests": {"cpu": "500m"}, "limits": {"cpu": "500m"}}, "containers": [{"name": "a"}, {"name": "b"}]})));
        assert_eq!((b.cpu_max(), b.memory_max()), ("50000 100000".to_string(), "max".to_string()));
        // Burstable without pod-level resources: a container without a cpu limit leaves the
        // pod's cpu.max at max.
        let c = PodCgroup::for_pod(&pod(serde_json::json!({"containers": [{"name": "a", "resources": {"requests": {"cpu": "100m"}, "limits": {"cpu": "200m"}}}, {"name": "b", "resources": {"requests": {"cpu": "100m"}}}]})));
        assert_eq!((c.cpu_max(), c.pod_level), ("max 100000".to_string(), false));
        // BestEffort: the minimum weight.
        assert_eq!(PodCgroup::for_pod(&pod(serde_json::json!({"containers": [{"name": "a"}]}))).cpu_weight(), 1);
    }

    #[test]
    fn kubelet_conversions() {
        // pkg/kubelet/cm/helpers_linux_test.go cases.
        assert_eq!(milli_cpu_to_shares(0), 2);
        assert_eq!(milli_cpu_to_shares(1), 2);
        assert_eq!(milli_cpu_to_shares(200), 204);
        assert_eq!(milli_cpu_to_shares(1000), 1024);
        assert_eq!(milli_cpu_to_shares(1_000_000), 262_144);
        assert_eq!(milli_cpu_to_quota(0, QUOTA_PERIOD), 0);
        assert_eq!(milli_cpu_to_quota(5, QUOTA_PERIOD), 1000);
        assert_eq!(milli_cpu_to_quota(9, QUOTA_PERIOD), 1000);
        assert_eq!(milli_cpu_to_quota(10, QUOTA_PERIOD), 1000);
        assert_eq!(milli_cpu_to_quota(200, QUOTA_PERIOD), 20000);
        assert_eq!(milli_cpu_to_quota(500, QUOTA_PERIOD), 50000);
        assert_eq!(milli_cpu_to_quota(1000, QUOTA_PERIOD), 100000);
        assert_eq!(milli_cpu_to_quota(1500, QUOTA_PERIOD), 150000);
    }

    #[test]
    fn files_as_read_back() {
        let spec = serde_json::json!({"resources": {"requests": {"cpu": "250m", "memory": "64Mi"}, "limits": {"cpu": "500m", "memory": "1G"}}});
        let c = Cgroup::for_container("/kubepods.slice/x.slice", "abc", &spec);
        assert_eq!(c.cpu_max(), "50000 100000");
        assert_eq!(c.memory_max(), "999997440");
        assert_eq!(c.cpu_shares, 256);
        let none = Cgroup::for_container("/p", "abc", &serde_json::json!({}));
        assert_eq!((none.cpu_max(), none.memory_max(), none.cpu_weight()), ("max 100000".to_string(), "max".to_string(), 1));
        let limit_only = Cgroup::for_container("/p", "abc", &serde_json::json!({"resources": {"limits": {"cpu": "1"}}}));
        assert_eq!((limit_only.cpu_shares, limit_only.cpu_weight()), (1024, 100));
        assert_eq!(c.path, "/kubepods.slice/x.slice/cri-containerd-abc.scope");
        // an in-place resize rewrites the files of the same cgroup.
        let mut resized = c.clone();
        let r = serde_json::json!({"requests": {"cpu": "800m", "memory": "64Mi"}, "limits": {"cpu": "800m", "memory": "300Mi"}});
        resized.update(&r, &r);
        assert_eq!((resized.cpu_max(), resized.memory_max(), resized.cpu_shares), ("80000 100000".to_string(), "314572800".to_string(), 819));
        assert_eq!(resized.path, c.path);
    }
}

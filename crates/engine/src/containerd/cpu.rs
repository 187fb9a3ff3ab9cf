//! A node's CPU time: how the kernel's scheduler (CFS) shares the node's cores among the
//! containers that want them, and what each container's cgroup counts (`cpu.stat`).
//!
//! A fluid model. Each running container *wants* some CPU (its demand, in millicores: a busy
//! thread wants a whole core), and *gets* a rate: the node's cores are shared by weight
//! (`cpu.weight`, from the CPU request) among those that want more than their share, and no
//! container gets more than its CFS quota (`cpu.max`, from the CPU limit) or its demand —
//! weighted max-min fairness, which is what CFS converges to over a few periods. Rates change
//! only when a demand changes (a busy loop starts or blocks, a program starts or exits), so
//! an idle node costs nothing per period; usage is integrated between those moments.
//!
//! An interpreted shell is a program like any other: it runs
//! [`SHELL_STEPS_PER_CPU_SECOND`] interpreter steps per second of CPU. A script that blocks
//! (`sleep`, a program, `wait`) within its first period's steps is charged for them at once,
//! without moving the clock; one that keeps computing becomes busy, wants a core, and is
//! resumed once per [`PERIOD_MS`] with the steps its rate grants for that period. The speed
//! is far below a real busybox ash (about a million trivial steps a second) on purpose: a
//! spinning container then costs the engine a few hundred microseconds per simulated second,
//! not a second per second.
//!
//! Sources: the kernel's `kernel/sched/fair.c` (CFS bandwidth: a cgroup that used its quota
//! in a period is throttled until the next; `nr_periods` counts periods in which it was
//! runnable, `nr_throttled` those in which it was throttled, `throttled_usec` the time),
//! `kernel/cgroup/rstat.c` and `kernel/sched/core.c` (`cpu.stat`'s fields and order).

use std::collections::VecDeque;
use crate::vecmap::VecMap;

use crate::clock::Time;

/// The modelled speed of the interpreted shell.
pub const SHELL_STEPS_PER_CPU_SECOND: u64 = 10_000;
/// The CFS bandwidth period (the kubelet's `QuotaPeriod`, 100 ms).
pub const PERIOD_MS: u64 = 100;
/// What one busy thread wants.
pub const THREAD_MILLI: u64 = 1000;
/// How far back usage is remembered (metrics-server reads two scrapes 15 s apart).
const HISTORY_MS: u64 = 60_000;
const HISTORY_MAX: usize = 64;
const PERIOD_NS: u64 = PERIOD_MS * 1_000_000;

/// Interpreter steps worth `ms` of CPU at `rate` millicores.
pub fn shell_steps(rate_milli: u64, ms: u64) -> u64 {
    rate_milli.saturating_mul(ms).saturating_mul(SHELL_STEPS_PER_CPU_SECOND) / 1_000_000
}

/// The CPU time of `steps` interpreter steps, in ns.
pub fn shell_steps_ns(steps: u64) -> u64 {
    steps.saturating_mul(1_000_000_000 / SHELL_STEPS_PER_CPU_SECOND)
}

/// A container's CPU accounting: its cgroup's counters and its current share.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CpuAccount {
    /// CPU time used up to `since`, in ns.
    pub usage_ns: u64,
    /// What its threads would use if nothing held them back (millicores).
    pub demand: u64,
    /// What it gets (millicores), from `since` on.
    pub rate: u64,
    pub since: Time,
    /// Its CFS quota as millicores (None: no limit).
    pub quota: Option<u64>,
    pub nr_periods: u64,
    pub nr_throttled: u64,
    pub throttled_ns: u64,
    /// Runnable time not yet counted as a whole period.
    carry_ns: u64,
    /// (time, usage at that time), oldest first, so usage can be read at a past instant.
    history: VecDeque<(Time, u64)>,
}

/// `cpu.stat` as the kernel prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuStat {
    pub usage_usec: u64,
    pub nr_periods: u64,
    pub nr_throttled: u64,
    pub throttled_usec: u64,
}

impl CpuStat {
    /// The file's text (cgroup v2; `core_sched.force_idle_usec` as on kernels built with core
    /// scheduling, as distribution kernels are). The shell's work is user time.
    pub fn text(&self) -> String {
        format!(
            "usage_usec {u}\nuser_usec {u}\nsystem_usec 0\ncore_sched.force_idle_usec 0\nnr_periods {}\nnr_throttled {}\nthrottled_usec {}\nnr_bursts 0\nburst_usec 0\n",
            self.nr_periods,
            self.nr_throttled,
            self.throttled_usec,
            u = self.usage_usec
        )
    }
}

impl CpuAccount {
    pub fn new(now: Time, quota: Option<u64>) -> CpuAccount {
        CpuAccount { since: now, quota, ..CpuAccount::default() }
    }

    /// The same account, every moment in it `ms` later (a container's run replayed later).
    pub fn shift(&mut self, ms: u64) {
        self.since = self.since.plus_millis(ms);
        for (t, _) in &mut self.history {
            *t = t.plus_millis(ms);
        }
    }

    /// Counts the time since `since` at the current rate.
    pub fn settle(&mut self, now: Time) {
        if now <= self.since {
            return;
        }
        // The first segment's start, so that a read inside it interpolates (a scrape from
        // before the first rate change read the usage of that change).
        if self.history.is_empty() {
            self.history.push_back((self.since, self.usage_ns));
        }
        let dt_ns = (now.0 - self.since.0).saturating_mul(1_000_000);
        self.usage_ns = self.usage_ns.saturating_add(self.rate.saturating_mul(dt_ns) / 1000);
        if self.demand > 0 {
            self.carry_ns = self.carry_ns.saturating_add(dt_ns);
            let periods = self.carry_ns / PERIOD_NS;
            self.carry_ns %= PERIOD_NS;
            self.nr_periods = self.nr_periods.saturating_add(periods);
            // Throttled: it wants more than its quota, so each period it runs its quota's
            // worth at its demand's pace and waits out the rest.
            if let Some(q) = self.quota.filter(|q| self.demand > *q) {
                self.nr_throttled = self.nr_throttled.saturating_add(periods);
                let waited = PERIOD_NS.saturating_mul(self.demand - q).checked_div(self.demand).unwrap_or(0);
                self.throttled_ns = self.throttled_ns.saturating_add(periods.saturating_mul(waited));
            }
        } else {
            self.carry_ns = 0;
        }
        self.since = now;
        self.remember(now);
    }

    fn remember(&mut self, now: Time) {
        if self.history.back().is_some_and(|(t, u)| *t == now && *u == self.usage_ns) {
            return;
        }
        self.history.push_back((now, self.usage_ns));
        // Keep one point older than the window, so a read inside it can interpolate.
        while self.history.len() > HISTORY_MAX || (self.history.len() > 2 && self.history[1].0.0.saturating_add(HISTORY_MS) < now.0) {
            self.history.pop_front();
        }
    }

    /// CPU used in one go (a burst of a shell that then blocked), at `now`.
    pub fn charge(&mut self, now: Time, ns: u64) {
        if ns == 0 {
            return;
        }
        self.settle(now);
        // The jump is two points at one instant: before and after.
        self.remember(now);
        self.usage_ns = self.usage_ns.saturating_add(ns);
        self.remember(now);
    }

    /// Sets a new demand and rate from `now` on.
    pub fn reshare(&mut self, now: Time, demand: u64, rate: u64) {
        self.settle(now);
        self.demand = demand;
        self.rate = rate;
    }

    /// Cumulative usage (ns) at `t`: exact from `since` on, interpolated before it.
    pub fn usage_at(&self, t: Time) -> u64 {
        if t >= self.since {
            return self.usage_ns.saturating_add(self.rate.saturating_mul((t.0 - self.since.0).saturating_mul(1_000_000)) / 1000);
        }
        // The last point at or before t, and the first after it.
        let after = self.history.iter().position(|(ht, _)| *ht > t);
        match after {
            Some(0) | None if self.history.is_empty() => 0,
            Some(0) => self.history[0].1.min(self.usage_ns),
            Some(i) => {
                let (t0, u0) = self.history[i - 1];
                let (t1, u1) = self.history[i];
                if t1.0 == t0.0 {
                    return u0;
                }
                u0.saturating_add((u1.saturating_sub(u0) as u128 * (t.0 - t0.0) as u128 / (t1.0 - t0.0) as u128) as u64)
            }
            None => self.usage_ns,
        }
    }

    /// `cpu.stat` at `now`.
    pub fn stat(&self, now: Time) -> CpuStat {
        let mut a = self.clone();
        a.settle(now);
        CpuStat { usage_usec: a.usage_ns / 1000, nr_periods: a.nr_periods, nr_throttled: a.nr_throttled, throttled_usec: a.throttled_ns / 1000 }
    }
}

/// Shares `capacity` millicores among claimants `(weight, cap)` by weighted max-min fairness:
/// each gets `min(cap, its weight's part of what is left)`, what a capped one does not take
/// is shared by the others. Integer arithmetic, so the result is the same on every platform.
pub fn share(capacity: u64, claims: &[(u64, u64)]) -> Vec<u64> {
    let mut rates = vec![0u64; claims.len()];
    // Those that want least per unit of weight are satisfied first.
    let mut order: Vec<usize> = (0..claims.len()).filter(|&i| claims[i].1 > 0).collect();
    crate::sort::sort_by(&mut order, |&a, &b| {
        let (wa, ca) = (claims[a].0.max(1) as u128, claims[a].1 as u128);
        let (wb, cb) = (claims[b].0.max(1) as u128, claims[b].1 as u128);
        (ca * wb).cmp(&(cb * wa)).then(a.cmp(&b))
    });
    let mut left = capacity as u128;
    let mut weight: u128 = order.iter().map(|&i| claims[i].0.max(1) as u128).sum();
    for (k, &i) in order.iter().enumerate() {
        let (w, cap) = (claims[i].0.max(1) as u128, claims[i].1 as u128);
        if cap * weight <= left * w {
            rates[i] = cap as u64;
            left -= cap;
            weight -= w;
            continue;
        }
        // Everyone from here on wants more than its part: split what is left by weight.
        let rest = &order[k..];
        for &j in rest {
            rates[j] = (left * claims[j].0.max(1) as u128 / weight) as u64;
        }
        break;
    }
    rates
}

/// What a container's threads want now (millicores): its program's own work, and a whole core
/// while its shell computes without blocking.
pub fn demand_of(c: &super::Container) -> u64 {
    if c.state != super::ContainerState::Running {
        return 0;
    }
    c.process.as_ref().map_or(0, |p| p.app.cpu_milli.saturating_add(if p.busy { THREAD_MILLI } else { 0 }))
}

/// A claimant container in `cpu_reshare`: (id, demand, shares, cap).
type Member = (String, u64, u64, u64);

/// A node's cores in millicores (`status.capacity.cpu`).
fn capacity_milli(capacity: &serde_json::Value) -> u64 {
    capacity["cpu"].as_str().and_then(|q| podlife_model::quantity::Quantity::parse(q).ok()).map_or(0, |q| q.milli_value().max(0) as u64)
}

impl crate::Engine {
    /// Shares the node's cores again after a container's demand changed: every container
    /// that wants CPU, or had a share, is settled at the old rate and given its new one.
    pub(crate) fn cpu_reshare(&mut self, node: &str) {
        let now = self.now;
        let Some(m) = self.machines.get_mut(node) else { return };
        let capacity = capacity_milli(&m.facts.capacity);
        // Claimants at the node's level: one container each, except that the containers of a
        // pod with pod-level resources and a pod cpu.max claim together — the pod cgroup's
        // quota binds their sum (the kernel's hierarchical CFS bandwidth) — and split what the
        // pod gets among themselves by their own weights and quotas.
        let mut groups: Vec<(Option<u64>, Vec<Member>)> = Vec::new();
        let mut pod_group: VecMap<&str, usize> = VecMap::new();
        let mut idle: Vec<String> = Vec::new();
        for (id, c) in &m.runtime.containers {
            let demand = demand_of(c);
            if demand > 0 {
                let shares = c.cgroup.as_ref().map_or(2, |g| g.cpu_shares);
                let cap = c.cpu.quota.map_or(demand, |q| q.min(demand));
                let pod_cap = m.runtime.sandboxes.get(&c.sandbox_id).filter(|s| s.pod_cgroup.pod_level).and_then(|s| s.pod_cgroup.quota_milli());
                let member = (id.clone(), demand, shares, cap);
                match pod_cap {
                    Some(q) => match pod_group.get(c.sandbox_id.as_str()) {
                        Some(&g) => groups[g].1.push(member),
                        None => {
                            pod_group.insert(c.sandbox_id.as_str(), groups.len());
                            groups.push((Some(q), vec![member]));
                        }
                    },
                    None => groups.push((None, vec![member])),
                }
            } else if c.cpu.demand > 0 || c.cpu.rate > 0 {
                idle.push(id.clone());
            }
        }
        let claims: Vec<(u64, u64)> = groups
            .iter()
            .map(|(pod_cap, members)| {
                let weight = members.iter().map(|m| m.2).sum::<u64>();
                let cap = members.iter().map(|m| m.3).sum::<u64>();
                (weight, pod_cap.map_or(cap, |q| q.min(cap)))
            })
            .collect();
        let rates = share(capacity, &claims);
        let mut given: Vec<(String, u64, u64)> = Vec::new();
        for ((_, members), rate) in groups.into_iter().zip(rates) {
            if members.len() == 1 {
                given.extend(members.into_iter().map(|(id, demand, _, _)| (id, demand, rate)));
            } else {
                let inner: Vec<(u64, u64)> = members.iter().map(|m| (m.2, m.3)).collect();
                given.extend(members.into_iter().zip(share(rate, &inner)).map(|((id, demand, _, _), r)| (id, demand, r)));
            }
        }
        for (id, demand, rate) in given {
            if let Some(c) = m.runtime.containers.get_mut(&id) {
                c.cpu.reshare(now, demand, rate);
            }
        }
        for id in idle {
            if let Some(c) = m.runtime.containers.get_mut(&id) {
                c.cpu.reshare(now, 0, 0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_is_weighted_max_min() {
        // Two busy containers on 4 cores, one limited to half a core: the other gets a whole
        // core (one thread), 2.5 cores stay idle.
        assert_eq!(share(4000, &[(100, 500), (100, 1000)]), vec![500, 1000]);
        // Three busy single threads on 2 cores, equal weights: two thirds of a core each.
        assert_eq!(share(2000, &[(1024, 1000), (1024, 1000), (1024, 1000)]), vec![666, 666, 666]);
        // Weights 2:1 when both want more than the node has.
        assert_eq!(share(3000, &[(2048, 4000), (1024, 4000)]), vec![2000, 1000]);
        // A small claim is met in full; the rest is split by weight.
        assert_eq!(share(2000, &[(1024, 100), (1024, 2000), (1024, 2000)]), vec![100, 950, 950]);
        // A BestEffort container (weight 1) beside busy Burstable ones gets almost nothing.
        assert_eq!(share(2000, &[(2, 100), (1024, 2000), (1024, 2000)]), vec![1, 999, 999]);
        assert_eq!(share(1000, &[(1, 0), (5, 0)]), vec![0, 0]);
        assert_eq!(share(0, &[(100, 1000)]), vec![0]);
    }

    #[test]
    fn a_throttled_container_counts_its_periods() {
        // Limit 200m, one busy thread, for 1 s: 10 periods, all throttled, 80 ms each.
        let mut a = CpuAccount::new(Time(0), Some(200));
        a.reshare(Time(0), 1000, 200);
        let s = a.stat(Time(1000));
        assert_eq!(s, CpuStat { usage_usec: 200_000, nr_periods: 10, nr_throttled: 10, throttled_usec: 800_000 });
        // It blocks: no more periods.
        a.reshare(Time(1000), 0, 0);
        assert_eq!(a.stat(Time(5000)).nr_periods, 10);
        assert!(a.stat(Time(5000)).text().starts_with("usage_usec 200000\nuser_usec 200000\nsystem_usec 0\n"));
    }

    #[test]
    fn usage_reads_back_at_past_instants() {
        let mut a = CpuAccount::new(Time(0), None);
        a.reshare(Time(10_000), 1000, 1000);
        a.reshare(Time(20_000), 0, 0);
        a.charge(Time(25_000), 5_000_000);
        assert_eq!(a.usage_at(Time(5_000)), 0);
        assert_eq!(a.usage_at(Time(15_000)), 5_000_000_000);
        assert_eq!(a.usage_at(Time(20_000)), 10_000_000_000);
        assert_eq!(a.usage_at(Time(30_000)), 10_005_000_000);
    }

    #[test]
    fn shell_speed() {
        assert_eq!(shell_steps(1000, PERIOD_MS), 1000);
        assert_eq!(shell_steps(250, PERIOD_MS), 250);
        assert_eq!(shell_steps_ns(1000), 100_000_000);
    }
}

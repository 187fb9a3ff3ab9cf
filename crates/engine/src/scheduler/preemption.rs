//! DefaultPreemption's candidate search (upstream: `pkg/scheduler/framework/preemption/
//! preemption.go` `Evaluator`, `plugins/defaultpreemption/default_preemption.go`
//! `SelectVictimsOnNode`, `pickOneNodeForPreemption`): which lower-priority pods would have to
//! go for the pod to fit, node by node, and the node where that costs least.

use super::framework::{Code, FilterPlugin, NodeInfo, PodInfo, Status};

/// A node where preemption makes room, and the pods it takes.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub node: String,
    /// `namespace/name` of each victim, most important first.
    pub victims: Vec<String>,
    pub victim_priorities: Vec<i64>,
    /// Each victim's `status.startTime` (None: not started yet).
    pub victim_start_times: Vec<Option<crate::clock::Time>>,
}

/// `SelectVictimsOnNode`: remove every lower-priority pod; if the pod then fits, add them back
/// most important first (`MoreImportantPod`: higher priority, then earlier) as long as it still
/// fits — the ones that cannot come back are the victims. `filters_for` gives the filters with
/// their PreFilter state as it is with the trial node in the snapshot (upstream updates that
/// state through `RemovePod`/`AddPod`), so a victim's labels stop counting for pod
/// (anti-)affinity and topology spread once it is gone.
pub fn select_victims_on_node(pod: &PodInfo, node: &NodeInfo, filters_for: &dyn Fn(&NodeInfo) -> Vec<Box<dyn FilterPlugin>>) -> Result<Candidate, Status> {
    let mut potential: Vec<(String, PodInfo)> = node.pods.iter().filter(|(_, p)| p.priority < pod.priority).map(|(k, p)| (k.clone(), p.clone())).collect();
    if potential.is_empty() {
        return Err(Status { code: Code::UnschedulableAndUnresolvable, reasons: vec!["No preemption victims found for incoming pod".into()] });
    }
    let mut trial = node.clone();
    for (k, _) in &potential {
        trial.remove_pod(k);
    }
    if let Some(fail) = filters_for(&trial).iter().map(|f| f.filter(pod, &trial)).find(|s| !s.is_success()) {
        return Err(fail);
    }
    // Higher priority first; equal priority keeps the node's (name) order as the start-time tie.
    crate::sort::sort_by_key(&mut potential, |p| std::cmp::Reverse(p.1.priority));
    let mut victims = Vec::new();
    let mut priorities = Vec::new();
    let mut start_times = Vec::new();
    for (key, p) in potential {
        trial.add_pod(p.clone());
        let fits = filters_for(&trial).iter().all(|f| f.filter(pod, &trial).is_success());
        if !fits {
            trial.remove_pod(&key);
            victims.push(key);
            priorities.push(p.priority);
            start_times.push(p.start_time);
        }
    }
    Ok(Candidate { node: node.name.clone(), victims, victim_priorities: priorities, victim_start_times: start_times })
}

/// `GetEarliestPodStartTime`: the earliest start among the highest-priority victims (a pod
/// that has not started counts as starting now).
fn earliest_start_of_highest(c: &Candidate, now: crate::clock::Time) -> crate::clock::Time {
    let highest = c.victim_priorities.iter().copied().max().unwrap_or(i64::MIN);
    c.victim_priorities
        .iter()
        .zip(&c.victim_start_times)
        .filter(|(p, _)| **p == highest)
        .map(|(_, t)| t.unwrap_or(now))
        .min()
        .unwrap_or(now)
}

/// `pickOneNodeForPreemption`: lowest highest-victim priority, then lowest priority sum, then
/// fewest victims, then the latest start among the highest-priority victims, then the first
/// candidate (the dry run's order, from its random offset). (No PodDisruptionBudgets exist
/// yet, so the fewest-violations rule never decides.)
pub fn pick_one(candidates: &[Candidate], now: crate::clock::Time) -> Option<&Candidate> {
    candidates.iter().min_by(|a, b| {
        let highest = |c: &Candidate| c.victim_priorities.iter().copied().max().unwrap_or(i64::MIN);
        let sum = |c: &Candidate| c.victim_priorities.iter().map(|p| *p as i128 + i32::MAX as i128 + 1).sum::<i128>();
        highest(a)
            .cmp(&highest(b))
            .then(sum(a).cmp(&sum(b)))
            .then(a.victims.len().cmp(&b.victims.len()))
            .then(earliest_start_of_highest(b, now).cmp(&earliest_start_of_highest(a, now)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Time;

    fn candidate(node: &str, priorities: &[i64], starts: &[Option<u64>]) -> Candidate {
        Candidate {
            node: node.into(),
            victims: priorities.iter().enumerate().map(|(i, _)| format!("default/v{i}")).collect(),
            victim_priorities: priorities.to_vec(),
            victim_start_times: starts.iter().map(|s| s.map(Time)).collect(),
        }
    }

    #[test]
    fn pick_one_follows_upstream_criteria() {
        let now = Time(100_000);
        // Lower highest victim priority wins over fewer victims.
        let c = [candidate("a", &[10], &[Some(1)]), candidate("b", &[1, 1], &[Some(1), Some(1)])];
        assert_eq!(pick_one(&c, now).map(|c| c.node.as_str()), Some("b"));
        // Same priorities and counts: the node whose highest-priority victim started last.
        let c = [candidate("a", &[5], &[Some(1_000)]), candidate("b", &[5], &[Some(9_000)])];
        assert_eq!(pick_one(&c, now).map(|c| c.node.as_str()), Some("b"));
        // A victim that has not started counts as starting now (the latest possible).
        let c = [candidate("a", &[5], &[Some(9_000)]), candidate("b", &[5], &[None])];
        assert_eq!(pick_one(&c, now).map(|c| c.node.as_str()), Some("b"));
        // A full tie: the first candidate of the dry run.
        let c = [candidate("z", &[5], &[Some(1)]), candidate("a", &[5], &[Some(1)])];
        assert_eq!(pick_one(&c, now).map(|c| c.node.as_str()), Some("z"));
    }
}

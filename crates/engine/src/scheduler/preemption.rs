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
    potential.sort_by_key(|p| std::cmp::Reverse(p.1.priority));
    let mut victims = Vec::new();
    let mut priorities = Vec::new();
    for (key, p) in potential {
        trial.add_pod(p.clone());
        let fits = filters_for(&trial).iter().all(|f| f.filter(pod, &trial).is_success());
        if !fits {
            trial.remove_pod(&key);
            victims.push(key);
            priorities.push(p.priority);
        }
    }
    Ok(Candidate { node: node.name.clone(), victims, victim_priorities: priorities })
}

/// `pickOneNodeForPreemption`: lowest highest-victim priority, then lowest priority sum, then
/// fewest victims, then the first node. (No PodDisruptionBudgets exist yet, so the
/// fewest-violations rule never decides.)
pub fn pick_one(candidates: &[Candidate]) -> Option<&Candidate> {
    candidates.iter().min_by(|a, b| {
        let highest = |c: &Candidate| c.victim_priorities.iter().copied().max().unwrap_or(i64::MIN);
        let sum = |c: &Candidate| c.victim_priorities.iter().map(|p| *p as i128 + i32::MAX as i128 + 1).sum::<i128>();
        highest(a).cmp(&highest(b)).then(sum(a).cmp(&sum(b))).then(a.victims.len().cmp(&b.victims.len()))
    })
}

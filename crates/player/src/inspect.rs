//! The pod inspector: one pod at the moment shown, with the four things learners most often
//! mix up side by side — the pod's phase, its conditions, each container's state, and the
//! STATUS and READY kubectl prints from them — and what changed at this step.

use podlife_engine::Slot;
use podlife_console::printers::columns;

use crate::Player;

pub use podlife_protocol::{Condition, Container, ContainerKind, Field, Inspection, State};

fn text(v: &Slot) -> String {
    v.as_str().unwrap_or_default().to_string()
}

fn state_of(v: &Slot) -> Option<State> {
    let (kind, s) = v.as_object()?.next()?;
    Some(State {
        kind: kind.to_string(),
        reason: text(&s["reason"]),
        message: text(&s["message"]),
        exit_code: s["exitCode"].as_i64(),
        signal: s["signal"].as_i64(),
        started: text(&s["startedAt"]),
        finished: text(&s["finishedAt"]),
    })
}

/// Every pod at the moment shown (namespace, name), for the inspector's picker.
pub fn pods(player: &Player) -> Vec<(String, String)> {
    player.history().keys("Pod", player.revision()).map(|(_, namespace, name)| (namespace.clone(), name.clone())).collect()
}

/// The pod at the moment shown; None when it does not exist then.
pub fn inspect(player: &Player, namespace: &str, name: &str) -> Option<Inspection> {
    let key = ("Pod".to_string(), namespace.to_string(), name.to_string());
    let history = player.history();
    let pod = history.at(&key, player.revision())?;
    // The pod just before this step's reaction: what the step changed.
    let before_revision = player.revision_at(player.position().saturating_sub(1));
    let before = history.at(&key, before_revision).map_or(Slot::null(), |b| b.root());
    let now = player.time();
    let headers = columns::headers("Pod", true);
    let row = columns::row("Pod", &pod.to_value(), now, true);
    let before_row = if before.is_null() { Vec::new() } else { columns::row("Pod", &before.to_value(), now, true) };
    let column = |name: &str| {
        let i = headers.iter().position(|h| *h == name);
        let value = i.and_then(|i| row.get(i)).cloned().unwrap_or_default();
        let changed = i.and_then(|i| before_row.get(i)) != Some(&value);
        Field { value, changed }
    };
    let phase = text(&pod["status"]["phase"]);
    let conditions = pod["status"]["conditions"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let kind = text(&c["type"]);
            let old = before["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|o| o["type"] == kind.as_str()));
            Condition {
                changed: old != Some(c),
                status: text(&c["status"]),
                reason: text(&c["reason"]),
                message: text(&c["message"]),
                since: text(&c["lastTransitionTime"]),
                kind,
            }
        })
        .collect();
    let sidecar = |n: &str| pod["spec"]["initContainers"].as_array().is_some_and(|cs| cs.iter().any(|c| c["name"] == n && c["restartPolicy"] == "Always"));
    let mut containers = Vec::new();
    for (list, spec_list, init) in [("initContainerStatuses", "initContainers", true), ("containerStatuses", "containers", false)] {
        for spec in pod["spec"][spec_list].as_array().into_iter().flatten() {
            let cname = text(&spec["name"]);
            let status = pod["status"][list].as_array().and_then(|cs| cs.iter().find(|c| c["name"] == cname.as_str()));
            let old = before["status"][list].as_array().and_then(|cs| cs.iter().find(|c| c["name"] == cname.as_str()));
            let kind = if !init { ContainerKind::App } else if sidecar(&cname) { ContainerKind::Sidecar } else { ContainerKind::Init };
            containers.push(Container {
                kind,
                state: status.and_then(|s| state_of(&s["state"])).unwrap_or_default(),
                last: status.and_then(|s| state_of(&s["lastState"])),
                ready: status.is_some_and(|s| s["ready"] == true),
                started: status.and_then(|s| s["started"].as_bool()),
                restarts: status.and_then(|s| s["restartCount"].as_u64()).unwrap_or(0),
                changed: status != old,
                name: cname,
            });
        }
    }
    Some(Inspection {
        namespace: namespace.to_string(),
        name: name.to_string(),
        node: text(&pod["spec"]["nodeName"]),
        ip: text(&pod["status"]["podIP"]),
        phase: Field { changed: !before.is_null() && before["status"]["phase"] != pod["status"]["phase"], value: phase },
        status: column("STATUS"),
        ready: column("READY"),
        conditions,
        containers,
        terminating: !pod["metadata"]["deletionTimestamp"].is_null(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_looping_pod_is_running_while_its_container_waits() {
        let mut player = Player::new(1);
        // The console acts at the moment shown: go to the end before each command.
        player.command("kubectl run api --image=busybox:1.36 -- sh -c 'exit 1'");
        player.seek(player.reactions().len());
        player.command("sleep 60");
        player.seek(player.reactions().len());
        let i = inspect(&player, "default", "api").expect("the pod exists");
        assert_eq!(i.phase.value, "Running");
        assert!(matches!(i.status.value.as_str(), "CrashLoopBackOff" | "Error"), "{}", i.status.value);
        assert_eq!(i.ready.value, "0/1");
        assert_eq!(i.containers.len(), 1);
        let c = &i.containers[0];
        assert!(c.restarts >= 2);
        assert_eq!(c.last.as_ref().map(|l| (l.kind.as_str(), l.exit_code)), Some(("terminated", Some(1))));
        assert!(i.conditions.iter().any(|c| c.kind == "Ready" && c.status == "False" && c.reason == "ContainersNotReady"));
        assert!(pods(&player).contains(&("default".into(), "api".into())));
        // Before the pod existed there is nothing to inspect.
        player.seek(0);
        assert_eq!(inspect(&player, "default", "api"), None);
    }

    #[test]
    fn the_step_that_starts_a_container_marks_it_changed() {
        let mut player = Player::new(1);
        player.command("kubectl run web --image=nginx:1.27");
        player.seek(player.reactions().len());
        player.command("sleep 10");
        // Find the step where the pod's phase became Running.
        let mut found = false;
        for p in 1..=player.reactions().len() {
            player.seek(p);
            if let Some(i) = inspect(&player, "default", "web")
                && i.phase.value == "Running"
            {
                assert!(i.phase.changed);
                assert!(i.status.changed);
                assert!(i.containers[0].changed);
                found = true;
                break;
            }
        }
        assert!(found);
    }
}

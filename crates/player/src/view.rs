//! What the app draws at the moment shown, as plain data: the pods and events tables (as
//! `kubectl get` would print them then), the cluster scene (components, pods and containers,
//! the component acting and the edge its message travels), the fields a write changed and a
//! scheduling cycle's node × plugin table.

use podlife_engine::Slot;
use podlife_engine::vecmap::VecMap;

use podlife_console::printers::columns;
use podlife_engine::trace::FieldChange;
use podlife_engine::{Action, ComponentRef, TraceEvent};

/// A component as the page names it.
pub fn component(c: &ComponentRef) -> Component {
    Component { name: c.name.to_string(), node: c.node.as_ref().map(|n| n.to_string()) }
}
use serde_json::Value;

use crate::history::Write;
use crate::player::Player;
use crate::explain::MessageArgs;
use crate::reaction::{Kind, Reaction, param_text};

pub use podlife_protocol::{Component, ContainerView, CycleRow, CycleTable, Edge, MAX_NODES_DRAWN, MAX_PODS_DRAWN, NodeView, PodView, Scene, Table};

fn table(player: &Player, kind: &str, headers: &[&str], filter: impl Fn(&Slot) -> bool) -> Table {
    let now = player.time();
    let rows = player.history().list(kind, player.revision()).into_iter().filter(|o| filter(o)).map(|o| columns::row(kind, &o.to_value(), now, false)).collect();
    Table { headers: headers.iter().map(|h| h.to_string()).collect(), rows }
}

/// `kubectl get pods -A`-like rows (every namespace but kube-system), at the moment shown.
pub fn pods(player: &Player) -> Table {
    let now = player.time();
    let mut headers = vec!["NAMESPACE".to_string()];
    headers.extend(columns::headers("Pod", false).iter().map(|h| h.to_string()));
    let rows = player
        .history()
        .list("Pod", player.revision())
        .into_iter()
        .filter(|o| o["metadata"]["namespace"] != "kube-system")
        .map(|o| {
            // NAMESPACE first, as `-A` prints it.
            let mut row = vec![o["metadata"]["namespace"].as_str().unwrap_or_default().to_string()];
            row.extend(columns::row("Pod", &o.to_value(), now, false));
            row
        })
        .collect();
    Table { headers, rows }
}

/// `kubectl get events -A`-like rows at the moment shown.
pub fn events(player: &Player) -> Table {
    table(player, "Event", &columns::headers("Event", false), |_| true)
}

/// Pod and node names at the moment shown (the console completes them).
pub fn names(player: &Player) -> Vec<String> {
    let revision = player.revision();
    ["Pod", "Node"].into_iter().flat_map(|kind| player.history().keys(kind, revision)).map(|(_, _, name)| name.clone()).collect()
}

fn pod_view(pod: &Slot, now: podlife_engine::Time) -> PodView {
    let row = columns::row("Pod", &pod.to_value(), now, false);
    let statuses = |key: &str, init: bool| -> Vec<ContainerView> {
        pod["status"][key]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| {
                let (state, detail) = c["state"].as_object().and_then(|mut m| m.next()).map_or((String::new(), Value::Null), |(k, v)| (k.to_string(), v.to_value()));
                ContainerView {
                    name: c["name"].as_str().unwrap_or_default().to_string(),
                    state,
                    reason: detail["reason"].as_str().unwrap_or_default().to_string(),
                    ready: c["ready"] == true,
                    init,
                }
            })
            .collect()
    };
    let mut containers = statuses("initContainerStatuses", true);
    containers.extend(statuses("containerStatuses", false));
    if containers.is_empty() {
        // Before the kubelet's first status: the spec's containers, not yet created.
        for (key, init) in [("initContainers", true), ("containers", false)] {
            for c in pod["spec"][key].as_array().into_iter().flatten() {
                containers.push(ContainerView { name: c["name"].as_str().unwrap_or_default().to_string(), state: String::new(), reason: String::new(), ready: false, init });
            }
        }
    }
    PodView {
        namespace: pod["metadata"]["namespace"].as_str().unwrap_or_default().to_string(),
        name: pod["metadata"]["name"].as_str().unwrap_or_default().to_string(),
        ready: row.get(1).cloned().unwrap_or_default(),
        status: row.get(2).cloned().unwrap_or_default(),
        containers,
        terminating: pod["metadata"]["deletionTimestamp"].is_string(),
    }
}

/// The scene after the current reaction.
pub fn scene(player: &Player) -> Scene {
    let revision = player.revision();
    let now = player.time();
    let history = player.history();
    // The pods by node, in one pass (a 1,000-pod cluster is drawn at every step).
    let mut by_node: VecMap<&str, Vec<&Slot>> = VecMap::new();
    let mut waiting: Vec<&Slot> = Vec::new();
    // The namespace read from the key, not the object (a thousand map lookups fewer).
    for ((_, namespace, _), pod) in history.existing("Pod", revision) {
        if namespace == "kube-system" {
            continue;
        }
        match pod["spec"]["nodeName"].as_str() {
            Some(node) => by_node.entry(node).or_default().push(pod.root()),
            None => waiting.push(pod.root()),
        }
    }
    let nodes = history
        .list("Node", revision)
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            let name = n["metadata"]["name"].as_str().unwrap_or_default().to_string();
            let ready = n["status"]["conditions"].as_array().into_iter().flatten().any(|c| c["type"] == "Ready" && c["status"] == "True");
            let on_node = by_node.get(name.as_str()).map_or(&[][..], Vec::as_slice);
            let drawn = if i < MAX_NODES_DRAWN { MAX_PODS_DRAWN } else { 0 };
            let pods = on_node.iter().take(drawn).map(|p| pod_view(p, now)).collect();
            NodeView { name, ready, pods, pod_count: on_node.len() }
        })
        .collect();
    let unscheduled = waiting.iter().take(MAX_PODS_DRAWN).map(|p| pod_view(p, now)).collect();
    let mut scene = Scene { nodes, unscheduled, unscheduled_count: waiting.len(), ..Scene::default() };
    if let Some(r) = player.current() {
        let events = &player.trace()[r.events.clone()];
        motion(r, events, &mut scene);
    }
    scene
}

fn apiserver() -> Component {
    Component::control_plane("kube-apiserver")
}

/// Which components act and which edges carry the current reaction's messages.
fn motion(r: &Reaction, events: &[TraceEvent], scene: &mut Scene) {
    let e = &events[0];
    let node = r.actor.node.as_deref().unwrap_or_default().to_string();
    let on = |name: &str| Component::on_node(name, &node);
    let actor = component(&r.actor);
    let edge = |from: Component, to: Component, label: String| Edge { from, to, label };
    match r.kind {
        Kind::ApiCall => {
            scene.active = vec![actor.clone(), apiserver()];
            scene.edges.push(edge(actor.clone(), apiserver(), param_text(e, "verb")));
            for ev in events {
                let stage = match ev.action {
                    Action::Authentication => "authn",
                    Action::Authorization => "authz",
                    Action::MutatingAdmission | Action::ValidatingAdmission | Action::AdmissionWebhook => "admission",
                    Action::Validation => "validation",
                    Action::Etcd => "etcd",
                    _ => continue,
                };
                if !scene.stages.iter().any(|s| s == stage) {
                    scene.stages.push(stage.to_string());
                }
            }
            if scene.stages.iter().any(|s| s == "etcd") {
                scene.active.push(Component::control_plane("etcd"));
                scene.edges.push(edge(apiserver(), Component::control_plane("etcd"), "put".into()));
            }
            if let Some(code) = crate::reaction::response_code(events).filter(|c| *c >= 400) {
                let last = scene.stages.last().cloned();
                scene.refused_at = Some(last.unwrap_or_else(|| "request".to_string()));
                scene.edges.push(edge(apiserver(), actor.clone(), code.to_string()));
            }
        }
        Kind::SchedulingCycle => scene.active = vec![actor.clone()],
        Kind::Single => {
            scene.active = vec![actor.clone()];
            let label = |key: &str| param_text(e, key);
            match r.action {
                Action::InformerDeliver => scene.edges.push(edge(apiserver(), actor.clone(), format!("watch {}", label("type")))),
                Action::Watch => scene.active = vec![apiserver()],
                Action::Cri => {
                    scene.active = vec![on("kubelet"), actor.clone()];
                    scene.edges.push(edge(on("kubelet"), actor.clone(), label("method")));
                }
                Action::ImagePull => scene.edges.push(edge(actor.clone(), Component::control_plane("registry"), "pull".into())),
                Action::Cni => scene.edges.push(edge(on("containerd"), actor.clone(), label("command"))),
                Action::Runc => scene.edges.push(edge(on("containerd-shim"), actor.clone(), label("op"))),
                Action::Shim => scene.edges.push(edge(on("containerd"), actor.clone(), label("op"))),
                Action::Signal => scene.edges.push(edge(on("runc"), actor.clone(), label("signal"))),
                Action::KubeletProbe | Action::KubeletHook | Action::KubeletExec => scene.edges.push(edge(actor.clone(), on("containerd"), r.action.id().trim_start_matches("kubelet.").to_string())),
                // A client's request goes through its node's rules (kube-proxy's, in the kernel).
                Action::TrafficRequest => {
                    scene.active = vec![actor.clone(), on("kube-proxy")];
                    scene.edges.push(edge(actor.clone(), on("kube-proxy"), label("result")));
                }
                // CoreDNS's forward leaves the cluster through its node (kindnet, the CNI,
                // masquerades it) for the node's resolver, which answers from the Internet.
                Action::DnsForward => {
                    let internet = Component::control_plane(podlife_engine::internet::COMPONENT);
                    scene.active = vec![actor.clone(), on("cni"), internet.clone()];
                    scene.edges.push(edge(on("cni"), internet, label("type")));
                }
                // A pod's question or request, out through its node, answered by the Internet.
                Action::InternetDns | Action::InternetHttp => {
                    let answer = if r.action == Action::InternetHttp { label("code") } else { label("rcode") };
                    let cni = Component::on_node("cni", &label("node"));
                    scene.active = vec![cni.clone(), actor.clone()];
                    scene.edges.push(edge(cni, actor.clone(), answer));
                }
                _ => {}
            }
        }
    }
}

/// What the current reaction changed in an object: for a create, the fields the API server
/// filled in (defaults and admission); for an update, every changed leaf.
#[derive(Debug, Clone, PartialEq)]
pub enum Changes {
    None,
    Created { filled: Vec<FieldChange> },
    Updated(Vec<FieldChange>),
    Deleted,
}

pub fn changes(player: &Player) -> Changes {
    let Some(r) = player.current() else { return Changes::None };
    let events = &player.trace()[r.events.clone()];
    let Some(rev) = r.revision else { return Changes::None };
    let history = player.history();
    let after = history.written_at(rev).and_then(|k| history.at(k, rev)).map(|v| v.to_value());
    let before = history.written_at(rev).and_then(|k| history.at(k, rev - 1)).map(|v| v.to_value());
    let label = |mut c: FieldChange| {
        c.path = readable_path(&c.path, after.as_ref().or(before.as_ref()), before.as_ref());
        c
    };
    match history.write(rev) {
        Some(Write::Created) => Changes::Created {
            filled: events
                .iter()
                .filter(|e| matches!(e.action, Action::Decode | Action::MutatingAdmission))
                .flat_map(|e| e.diff.iter().cloned())
                .map(label)
                .collect(),
        },
        Some(Write::Updated(c)) => Changes::Updated(c.into_iter().map(label).collect()),
        Some(Write::Deleted) => Changes::Deleted,
        None => Changes::None,
    }
}

/// `status.conditions[2].status` → `status.conditions[type=Ready].status`, and list items
/// with a `name` (containers, container statuses, volumes) by name: a learner reads which
/// condition or container changed, as `kubectl get -o jsonpath` filters name them.
pub fn readable_path(path: &str, object: Option<&Value>, fallback: Option<&Value>) -> String {
    let mut out = String::new();
    let mut here = object;
    let mut there = fallback;
    for segment in path.split('.') {
        let (name, indices) = match segment.find('[') {
            Some(i) => (&segment[..i], &segment[i..]),
            None => (segment, ""),
        };
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(name);
        here = here.and_then(|v| v.get(name));
        there = there.and_then(|v| v.get(name));
        for index in indices.split('[').filter(|s| !s.is_empty()) {
            let index = index.trim_end_matches(']');
            let Ok(i) = index.parse::<usize>() else {
                out.push_str(&format!("[{index}]"));
                continue;
            };
            let item = here.and_then(|v| v.get(i)).or_else(|| there.and_then(|v| v.get(i)));
            let key = item.and_then(|it| ["type", "name"].into_iter().find_map(|k| it.get(k).and_then(Value::as_str).map(|v| (k, v))));
            match key {
                Some((k, v)) => out.push_str(&format!("[{k}={v}]")),
                None => out.push_str(&format!("[{i}]")),
            }
            here = here.and_then(|v| v.get(i));
            there = there.and_then(|v| v.get(i));
        }
    }
    out
}

/// A value as the changes list prints it: JSON, `—` when absent.
pub fn value_text(v: &Option<podlife_engine::trace::Json>) -> String {
    match v {
        None => "—".to_string(),
        Some(v) => podlife_model::json::to_string_plain(&v.value()),
    }
}

#[cfg(test)]
mod tests {
    use super::readable_path;
    use serde_json::json;

    #[test]
    fn list_items_are_named_by_type_or_name() {
        let pod = json!({"status": {"conditions": [{"type": "Initialized"}, {"type": "Ready"}], "containerStatuses": [{"name": "app", "state": {}}]}, "spec": {"x": [1, 2]}});
        assert_eq!(readable_path("status.conditions[1].status", Some(&pod), None), "status.conditions[type=Ready].status");
        assert_eq!(readable_path("status.containerStatuses[0].state.running", Some(&pod), None), "status.containerStatuses[name=app].state.running");
        assert_eq!(readable_path("spec.x[1]", Some(&pod), None), "spec.x[1]");
        assert_eq!(readable_path("status.conditions[5].status", Some(&pod), None), "status.conditions[5].status");
        assert_eq!(readable_path("metadata.name", None, None), "metadata.name");
    }
}

/// The explanation of the current reaction. A failed scheduling cycle's message is the whole
/// FailedScheduling text — `0/3 nodes are available: …` — as the scheduler wrote it into the
/// pod's PodScheduled condition in the same task (the trace keeps only its PostFilter part).
pub fn explanation(player: &Player) -> Option<crate::explain::Message> {
    player.current().map(|r| explain_reaction(player, r))
}

/// The explanation of any reaction: a controller's decision when one is known (what it saw
/// in the objects it wrote), else what the request or step did.
pub fn explain_reaction(player: &Player, r: &Reaction) -> crate::explain::Message {
    let trace = player.trace();
    let caller = crate::explain::actor_label(r, &trace[r.events.clone()]);
    if let Some(decided) = crate::decision::decide(r, trace, player.history(), &caller) {
        return decided;
    }
    let mut message = crate::explain::explain(r, trace);
    if message.id == "explain-schedule-failed"
        && let Some(full) = failure_message(player, r)
    {
        message.set_text("message", full);
    }
    message
}

/// The PodScheduled=False message written in the task of a failed cycle `r`.
fn failure_message(player: &Player, r: &Reaction) -> Option<String> {
    let object = r.object.as_ref()?;
    let revision = player.reactions().iter().filter(|x| x.op == r.op).filter_map(|x| x.revision).max()?;
    let pod = player.history().at(&crate::history::key_of_ref(object), revision)?;
    pod["status"]["conditions"]
        .as_array()?
        .iter()
        .find(|c| c["type"] == "PodScheduled" && c["status"] == "False")
        .and_then(|c| c["message"].as_str())
        .map(str::to_string)
}

/// The node × plugin table of the current reaction, when it is a scheduling cycle.
pub fn cycle_table(player: &Player) -> Option<CycleTable> {
    let r = player.current().filter(|r| r.kind == Kind::SchedulingCycle)?;
    let events = &player.trace()[r.events.clone()];
    let mut table = CycleTable::default();
    let get = |e: &TraceEvent, k: &str| e.params.get(k).map(|v| v.into_owned()).unwrap_or(Value::Null);
    let chosen = events.iter().find(|e| e.action == Action::SchedulerSelectHost).map(|e| param_text(e, "node"));
    if let Some(f) = events.iter().find(|e| e.action == Action::SchedulerFilter) {
        for n in get(f, "nodes").as_array().into_iter().flatten() {
            let node = n["node"].as_str().unwrap_or_default().to_string();
            let rejected = n["rejectedBy"].as_str().map(|p| {
                let reasons: Vec<&str> = n["reasons"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
                (p.to_string(), n["code"].as_str().unwrap_or_default().to_string(), reasons.join(", "))
            });
            table.rows.push(CycleRow { chosen: chosen.as_deref() == Some(node.as_str()), node, rejected, scores: Vec::new(), total: None });
        }
        table.not_evaluated = get(f, "notEvaluated").as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string)).collect();
    }
    if let Some(s) = events.iter().find(|e| e.action == Action::SchedulerScore) {
        let nodes: Vec<String> = get(s, "nodes").as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_string)).collect();
        let plugins = get(s, "plugins");
        let totals = get(s, "totals");
        for p in plugins.as_array().into_iter().flatten() {
            table.plugins.push((p["plugin"].as_str().unwrap_or_default().to_string(), p["weight"].as_i64().unwrap_or(0)));
        }
        for (i, node) in nodes.iter().enumerate() {
            let Some(row) = table.rows.iter_mut().find(|r| &r.node == node) else { continue };
            row.scores = plugins.as_array().into_iter().flatten().map(|p| (p["raw"][i].as_i64().unwrap_or(0), p["normalized"][i].as_i64().unwrap_or(0))).collect();
            row.total = totals[i].as_i64();
        }
    }
    table.message = failure_message(player, r).or_else(|| {
        events
            .iter()
            .rev()
            .find(|e| matches!(e.action, Action::SchedulerPostFilter | Action::SchedulerPreFilter) && !param_text(e, "message").is_empty())
            .map(|e| param_text(e, "message"))
    });
    Some(table)
}

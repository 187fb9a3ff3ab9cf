//! Why a controller sent an API call: what a kube-controller-manager loop decided, read from
//! the object it wrote and the objects around it at that revision (the player's history).
//! `explain.rs` says what a request did to etcd; this says what the loop saw and wanted.
//! The rules each text states come from upstream `pkg/controller/{deployment,replicaset,
//! statefulset,daemon,job,cronjob,garbagecollector,podgc,ttlafterfinished,disruption,
//! endpointslice}`.

use podlife_engine::Slot;
use podlife_engine::TraceEvent;
use podlife_engine::deployment_util::fenceposts;

use crate::explain::{Message, MessageArgs};
use crate::history::{History, key_of_ref};
use crate::reaction::{Kind, Reaction, param_text, response_code};

/// The controller named at the end of a kube-controller-manager user agent
/// (`kube-controller-manager/v1.36.0 (…) kubernetes/$Format/deployment-controller`).
pub fn controller_of(r: &Reaction, events: &[TraceEvent]) -> Option<String> {
    if r.kind != Kind::ApiCall || r.actor.name != "kube-controller-manager" {
        return None;
    }
    let agent = param_text(events.first()?, "userAgent");
    agent.rsplit('/').next().filter(|c| c.ends_with("controller") || c.ends_with("collector") || *c == "horizontal-pod-autoscaler").map(str::to_string)
}

fn text(v: &Slot) -> String {
    v.as_str().unwrap_or_default().to_string()
}

fn count(v: &Slot) -> f64 {
    v.as_i64().unwrap_or(0) as f64
}

/// The name of the object's controlling owner (its `controller: true` ownerReference).
fn owner(object: &Slot) -> (String, String) {
    let refs = object["metadata"]["ownerReferences"].as_array();
    let r = refs.and_then(|refs| refs.iter().find(|r| r["controller"] == true).or(refs.first()));
    r.map(|r| (text(&r["kind"]), text(&r["name"]))).unwrap_or_default()
}

/// `web-2` → `2` (the StatefulSet controller's `getParentNameAndOrdinal`).
fn ordinal(pod: &str) -> String {
    match podlife_engine::controllers::statefulset::parent_and_ordinal(pod).1 {
        -1 => String::new(),
        o => o.to_string(),
    }
}

/// The node a DaemonSet pod is for.
fn daemon_node(pod: &Slot) -> String {
    podlife_engine::controllers::daemonset::target_node(pod).unwrap_or_default()
}

/// The condition a write added or changed (the newest one), if any.
fn new_condition<'a>(before: Option<&Slot>, after: &'a Slot) -> Option<&'a Slot> {
    let old = before.map(|b| &b["status"]["conditions"]);
    after["status"]["conditions"].as_array()?.iter().rev().find(|c| old.and_then(Slot::as_array).is_none_or(|o| !o.contains(c)))
}

/// The explanation of `r` in terms of its controller's decision, or `None` to keep the
/// request-level explanation (reads, refusals, writes no rule here covers).
pub fn decide(r: &Reaction, trace: &[TraceEvent], history: &History, caller: &str) -> Option<Message> {
    let events = &trace[r.events.clone()];
    if response_code(events).is_none_or(|c| c >= 400) {
        return None;
    }
    let object = r.object.as_ref()?;
    let revision = r.revision?;
    let key = key_of_ref(object);
    let after = history.at(&key, revision).map(|v| v.root());
    let before = history.at(&key, revision.checked_sub(1)?).map(|v| v.root());
    let verb = param_text(&events[0], "verb");
    let subject = after.or(before)?;
    let name = object.name.clone();
    let (owner_kind, owner_name) = owner(subject);
    let base = |id: &'static str| Message::new(id).text("caller", caller.to_string()).text("object", name.clone()).text("owner", owner_name.clone());
    // Any component's Event: the reason and message it recorded say what it did.
    if object.kind == "Event" && verb == "POST" {
        let e = after?;
        let about = format!("{}/{}", text(&e["involvedObject"]["kind"]).to_ascii_lowercase(), text(&e["involvedObject"]["name"]));
        return Some(
            Message::new("explain-api-event")
                .text("caller", caller.to_string())
                .text("path", param_text(&events[0], "path"))
                .text("about", about)
                .text("reason", text(&e["reason"]))
                .text("message", text(&e["message"])),
        );
    }
    let controller = controller_of(r, events)?;
    let owner_at = |kind: &str| history.at(&(kind.to_string(), key.1.clone(), owner_name.clone()), revision);
    let deleting = verb == "DELETE";
    let replicas_changed = || before.zip(after).filter(|(b, a)| b["spec"]["replicas"] != a["spec"]["replicas"]);
    Some(match (controller.as_str(), object.kind.as_str()) {
        ("deployment-controller", "ReplicaSet") if verb == "POST" => {
            let rs = after?;
            base("explain-ctl-new-replicaset")
                .text("hash", text(&rs["metadata"]["labels"]["pod-template-hash"]))
                .text("revision", text(&rs["metadata"]["annotations"]["deployment.kubernetes.io/revision"]))
                .number("replicas", count(&rs["spec"]["replicas"]))
        }
        ("deployment-controller", "ReplicaSet") if deleting => {
            let limit = owner_at("Deployment").map_or(10.0, |d| d["spec"]["revisionHistoryLimit"].as_i64().unwrap_or(10) as f64);
            base("explain-ctl-history-cleanup").number("limit", limit)
        }
        ("deployment-controller", "ReplicaSet") => {
            let (b, a) = replicas_changed()?;
            let d = owner_at("Deployment")?;
            let desired = d["spec"]["replicas"].as_i64().unwrap_or(1);
            let (surge, unavailable) = fenceposts(d.root());
            let recreate = d["spec"]["strategy"]["type"] == "Recreate";
            base("explain-ctl-scale-replicaset")
                .number("from", count(&b["spec"]["replicas"]))
                .number("to", count(&a["spec"]["replicas"]))
                .text("strategy", if recreate { "Recreate" } else { "RollingUpdate" })
                .number("desired", desired as f64)
                .number("maxTotal", (desired + surge) as f64)
                .number("minAvailable", (desired - unavailable).max(0) as f64)
        }
        ("deployment-controller", "Deployment") => {
            let d = after?;
            let progressing = d["status"]["conditions"].as_array().into_iter().flatten().find(|c| c["type"] == "Progressing");
            Message::new("explain-ctl-deployment-status")
                .text("caller", caller.to_string())
                .text("object", name.clone())
                .text("reason", progressing.map(|c| text(&c["reason"])).unwrap_or_default())
                .text("message", progressing.map(|c| text(&c["message"])).unwrap_or_default())
                .number("desired", count(&d["spec"]["replicas"]))
                .number("updated", count(&d["status"]["updatedReplicas"]))
                .number("available", count(&d["status"]["availableReplicas"]))
        }
        ("replicaset-controller", "Pod") if verb == "POST" => {
            let rs = owner_at("ReplicaSet")?;
            base("explain-ctl-replicaset-create-pod").number("replicas", count(&rs["spec"]["replicas"]))
        }
        ("replicaset-controller", "Pod") if deleting => {
            let rs = owner_at("ReplicaSet")?;
            base("explain-ctl-replicaset-delete-pod").number("replicas", count(&rs["spec"]["replicas"]))
        }
        ("replicaset-controller", "ReplicaSet") => {
            let rs = after?;
            base("explain-ctl-replicaset-status")
                .number("desired", count(&rs["spec"]["replicas"]))
                .number("replicas", count(&rs["status"]["replicas"]))
                .number("ready", count(&rs["status"]["readyReplicas"]))
                .number("available", count(&rs["status"]["availableReplicas"]))
        }
        ("statefulset-controller", "Pod") if verb == "POST" => {
            let sts = owner_at("StatefulSet")?;
            let policy = sts["spec"]["podManagementPolicy"].as_str().unwrap_or("OrderedReady").to_string();
            base("explain-ctl-statefulset-create-pod").text("ordinal", ordinal(&name)).text("policy", policy)
        }
        ("statefulset-controller", "Pod") if deleting => {
            let sts = owner_at("StatefulSet")?;
            let index = podlife_engine::controllers::statefulset::parent_and_ordinal(&name).1.max(0);
            let why = if index >= sts["spec"]["replicas"].as_i64().unwrap_or(1) { "scale" } else { "update" };
            base("explain-ctl-statefulset-delete-pod").text("ordinal", ordinal(&name)).text("why", why)
        }
        ("statefulset-controller", "PersistentVolumeClaim") if verb == "POST" => {
            // `<template>-<statefulset>-<ordinal>`: find the template and set it names.
            let pod = history.list("StatefulSet", revision).into_iter().filter(|s| s["metadata"]["namespace"].as_str() == Some(key.1.as_str())).find_map(|s| {
                let set = s["metadata"]["name"].as_str()?;
                s["spec"]["volumeClaimTemplates"].as_array()?.iter().find_map(|t| {
                    let pod = name.strip_prefix(t["metadata"]["name"].as_str()?)?.strip_prefix('-')?;
                    pod.strip_prefix(set)?.strip_prefix('-')?.parse::<u32>().ok().map(|_| pod.to_string())
                })
            });
            Message::new("explain-ctl-statefulset-claim").text("caller", caller.to_string()).text("object", name.clone()).text("pod", pod.unwrap_or_default())
        }
        ("statefulset-controller" | "daemon-set-controller", "ControllerRevision") if verb == "POST" => {
            base("explain-ctl-controller-revision").text("ownerKind", owner_kind)
        }
        ("daemon-set-controller", "Pod") if verb == "POST" => base("explain-ctl-daemonset-create-pod").text("node", daemon_node(after?)),
        ("daemon-set-controller", "Pod") if deleting => base("explain-ctl-daemonset-delete-pod").text("node", daemon_node(subject)),
        ("job-controller", "Pod") if verb == "POST" => {
            let job = owner_at("Job")?;
            let index = text(&subject["metadata"]["annotations"][podlife_engine::controllers::job::INDEX_ANNOTATION]);
            base("explain-ctl-job-create-pod")
                .text("index", index)
                .number("parallelism", job["spec"]["parallelism"].as_i64().unwrap_or(1) as f64)
                .number("completions", count(&job["spec"]["completions"]))
                .number("succeeded", count(&job["status"]["succeeded"]))
                .number("failed", count(&job["status"]["failed"]))
        }
        ("job-controller", "Pod") if deleting => base("explain-ctl-job-delete-pod"),
        ("job-controller", "Job") => {
            let job = after?;
            let c = new_condition(before, job)?;
            base("explain-ctl-job-condition")
                .text("condition", text(&c["type"]))
                .text("reason", text(&c["reason"]))
                .text("message", text(&c["message"]))
                .number("succeeded", count(&job["status"]["succeeded"]))
                .number("failed", count(&job["status"]["failed"]))
        }
        ("cronjob-controller", "Job") if verb == "POST" => {
            let job = after?;
            let cj = owner_at("CronJob")?;
            base("explain-ctl-cronjob-create-job")
                .text("scheduled", text(&job["metadata"]["annotations"][podlife_engine::controllers::cronjob::SCHEDULED_ANNOTATION]))
                .text("schedule", text(&cj["spec"]["schedule"]))
                .text("policy", cj["spec"]["concurrencyPolicy"].as_str().unwrap_or("Allow").to_string())
        }
        ("cronjob-controller", "Job") if deleting => {
            let finished = subject["status"]["conditions"].as_array().into_iter().flatten().any(|c| (c["type"] == "Complete" || c["type"] == "Failed") && c["status"] == "True");
            base("explain-ctl-cronjob-delete-job").text("why", if finished { "history" } else { "replace" })
        }
        ("generic-garbage-collector", _) if deleting => {
            // Foreground: the owner still exists, marked for deletion, waiting for its dependents.
            let foreground = owner_at(&owner_kind).is_some_and(|o| !o["metadata"]["deletionTimestamp"].is_null());
            base("explain-ctl-gc-delete").text("ownerKind", owner_kind).text("how", if foreground { "foreground" } else { "background" })
        }
        ("ttl-after-finished-controller", "Job") if deleting => {
            Message::new("explain-ctl-ttl-delete").text("caller", caller.to_string()).text("object", name.clone()).number("ttl", count(&subject["spec"]["ttlSecondsAfterFinished"]))
        }
        ("horizontal-pod-autoscaler", "HorizontalPodAutoscaler") => {
            let hpa = after?;
            let active = hpa["status"]["conditions"].as_array().into_iter().flatten().find(|c| c["type"] == "ScalingActive").map(|c| text(&c["message"])).unwrap_or_default();
            Message::new("explain-ctl-hpa-status")
                .text("caller", caller.to_string())
                .text("object", name.clone())
                .number("current", count(&hpa["status"]["currentReplicas"]))
                .number("desired", count(&hpa["status"]["desiredReplicas"]))
                .text("active", active)
        }
        ("horizontal-pod-autoscaler", _) => {
            let (b, a) = replicas_changed()?;
            Message::new("explain-ctl-hpa-scale")
                .text("caller", caller.to_string())
                .text("kind", object.kind.clone())
                .text("object", name.clone())
                .number("from", count(&b["spec"]["replicas"]))
                .number("to", count(&a["spec"]["replicas"]))
        }
        ("disruption-controller", "PodDisruptionBudget") => {
            let pdb = after?;
            Message::new("explain-ctl-pdb-status")
                .text("caller", caller.to_string())
                .text("object", name.clone())
                .number("healthy", count(&pdb["status"]["currentHealthy"]))
                .number("desired", count(&pdb["status"]["desiredHealthy"]))
                .number("allowed", count(&pdb["status"]["disruptionsAllowed"]))
        }
        ("pod-garbage-collector", "Pod") => {
            // gc_controller.go: which of its four sweeps took the pod.
            let node = text(&subject["spec"]["nodeName"]);
            let node_gone = !node.is_empty() && history.at(&("Node".to_string(), String::new(), node.clone()), revision).is_none();
            let why = match (node.is_empty(), node_gone, subject["status"]["phase"].as_str()) {
                (true, ..) => "unscheduled",
                (_, true, _) => "orphan",
                (_, _, Some("Succeeded" | "Failed")) if before.is_some_and(|b| b["status"]["phase"] == subject["status"]["phase"]) => "threshold",
                _ => "out-of-service",
            };
            Message::new("explain-ctl-podgc")
                .text("caller", caller.to_string())
                .text("object", name.clone())
                .text("node", node)
                .text("why", why)
                .text("step", if deleting { "delete" } else { "fail" })
        }
        ("endpointslice-controller", "EndpointSlice") if !deleting => {
            let slice = after?;
            let endpoints = slice["endpoints"].as_array().unwrap_or_default();
            let ready = endpoints.iter().filter(|e| e["conditions"]["ready"] == true).count();
            let terminating = endpoints.iter().filter(|e| e["conditions"]["terminating"] == true).count();
            Message::new("explain-ctl-endpointslice")
                .text("caller", caller.to_string())
                .text("object", name.clone())
                .text("service", text(&slice["metadata"]["labels"]["kubernetes.io/service-name"]))
                .number("ready", ready as f64)
                .number("notReady", (endpoints.len() - ready) as f64)
                .number("terminating", terminating as f64)
        }
        _ => return None,
    })
}

/// Every message id `decide` can return besides `explain-api-event`.
pub const MESSAGE_IDS: &[&str] = &[
    "explain-ctl-new-replicaset",
    "explain-ctl-history-cleanup",
    "explain-ctl-scale-replicaset",
    "explain-ctl-deployment-status",
    "explain-ctl-replicaset-create-pod",
    "explain-ctl-replicaset-delete-pod",
    "explain-ctl-replicaset-status",
    "explain-ctl-statefulset-create-pod",
    "explain-ctl-statefulset-delete-pod",
    "explain-ctl-statefulset-claim",
    "explain-ctl-controller-revision",
    "explain-ctl-daemonset-create-pod",
    "explain-ctl-daemonset-delete-pod",
    "explain-ctl-job-create-pod",
    "explain-ctl-job-delete-pod",
    "explain-ctl-job-condition",
    "explain-ctl-cronjob-create-job",
    "explain-ctl-cronjob-delete-job",
    "explain-ctl-gc-delete",
    "explain-ctl-ttl-delete",
    "explain-ctl-pdb-status",
    "explain-ctl-hpa-status",
    "explain-ctl-hpa-scale",
    "explain-ctl-endpointslice",
    "explain-ctl-podgc",
];

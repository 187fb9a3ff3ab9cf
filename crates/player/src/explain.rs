//! What a reaction means, as data: a message id of the translation files and its arguments.
//! The text itself lives in `static/i18n/{en,ko}/reactions.ftl`.

use podlife_engine::{Action, TraceEvent};
use serde_json::Value;

use crate::reaction::{Kind, Reaction, param_text, response_code};

pub use podlife_protocol::{Arg, Message};

/// Building a message's arguments.
pub trait MessageArgs {
    /// A text argument, and `has<Name>` = `yes`/`no` beside it, so that a message can leave
    /// out a clause when the text is empty (Fluent selects on identifiers, not on "").
    fn text(self, name: &'static str, value: impl Into<String>) -> Message;
    /// Replaces a text argument (and its `has<Name>` flag).
    fn set_text(&mut self, name: &'static str, value: String);
    fn number(self, name: &'static str, value: f64) -> Message;
}

/// `MessageArgs::text` once, not once per argument type.
fn with_text(mut message: Message, name: &'static str, value: String) -> Message {
    let flag = if value.is_empty() { "no" } else { "yes" };
    message.args.push((has_flag(name), Arg::Text(flag.to_string())));
    message.args.push((name.to_string(), Arg::Text(value)));
    message
}

impl MessageArgs for Message {
    fn text(self, name: &'static str, value: impl Into<String>) -> Message {
        with_text(self, name, value.into())
    }

    fn set_text(&mut self, name: &'static str, value: String) {
        self.args.retain(|(n, _)| n != name && *n != has_flag(name));
        let args = std::mem::take(&mut self.args);
        *self = Message { id: self.id.clone(), args }.text(name, value);
    }

    fn number(mut self, name: &'static str, value: f64) -> Message {
        self.args.push((name.to_string(), Arg::Number(value)));
        self
    }
}

/// `error` → `hasError`: the flag beside a text argument.
fn has_flag(name: &str) -> String {
    let mut chars = name.chars();
    let capitalized: String = chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect();
    format!("has{capitalized}")
}

/// `kubelet(worker-2)` style name of a component.
pub fn component_label(c: &podlife_engine::ComponentRef) -> String {
    match &c.node {
        Some(n) => format!("{} ({n})", c.name),
        None => c.name.to_string(),
    }
}

fn object_text(r: &Reaction) -> String {
    r.object.as_ref().map(|o| format!("{}/{}", o.kind, o.name)).unwrap_or_default()
}

/// A DNS answer's records, comma-separated (empty for NXDOMAIN or no records).
fn answers_text(e: &TraceEvent) -> String {
    e.params.get("answers").as_deref().and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")).unwrap_or_default()
}

fn first(events: &[TraceEvent], action: Action) -> Option<&TraceEvent> {
    events.iter().find(|e| e.action == action)
}

/// Who acted, as the explanation names it: kube-controller-manager's requests name the
/// controller in their user agent (`…/deployment-controller`), so say which one acted.
pub fn actor_label(r: &Reaction, events: &[TraceEvent]) -> String {
    let actor = component_label(&r.actor);
    match crate::decision::controller_of(r, events) {
        Some(ctl) => format!("{actor} ({ctl})"),
        None => actor,
    }
}

/// The explanation of one reaction (`trace` is the player's whole trace).
pub fn explain(r: &Reaction, trace: &[TraceEvent]) -> Message {
    let events = &trace[r.events.clone()];
    let e = &events[0];
    let actor = actor_label(r, events);
    let object = object_text(r);
    let kind = r.object.as_ref().map(|o| o.kind.to_string()).unwrap_or_default();
    let name = r.object.as_ref().map(|o| o.name.to_string()).unwrap_or_default();
    match r.kind {
        Kind::ApiCall => api_call(r, events, actor, object, kind),
        Kind::SchedulingCycle => scheduling_cycle(events, name),
        Kind::Single => match r.action {
            Action::InformerDeliver => {
                let id = match r.actor.name.as_str() {
                    "kube-scheduler" if kind == "Pod" => "explain-informer-scheduler",
                    "kubelet" if kind == "Pod" => "explain-informer-kubelet",
                    "kube-controller-manager" => "explain-informer-controllers",
                    _ => "explain-informer",
                };
                Message::new(id).text("component", actor).text("type", param_text(e, "type")).text("object", object)
            }
            Action::InformerList => Message::new("explain-informer-list").text("component", actor).text("resource", param_text(e, "resource")).text("count", param_text(e, "count")),
            Action::Watch => Message::new("explain-watch").text("type", param_text(e, "type")).text("object", object),
            Action::KubeletSync => Message::new("explain-kubelet-sync").text("component", actor).text("type", param_text(e, "type")).text("object", object).text("grace", param_text(e, "gracePeriod")),
            Action::KubeletPleg => {
                let events = e.params.get("events").map(|v| v.into_owned()).unwrap_or(Value::Null);
                let first = events.as_array().and_then(|a| a.first()).cloned().unwrap_or(Value::Null);
                let count = events.as_array().map_or(0, Vec::len);
                Message::new("explain-pleg")
                    .text("component", actor)
                    .text("scope", param_text(e, "scope"))
                    .text("type", first["type"].as_str().unwrap_or_default())
                    .text("container", first["container"].as_str().unwrap_or_default())
                    .number("count", count as f64)
            }
            Action::KubeletEvict => Message::new("explain-kubelet-evict").text("component", actor).text("object", object).text("check", match param_text(e, "signal").as_str() {
                    "emptydirfs.limit" => "emptydir",
                    "ephemeralpodfs.limit" => "pod",
                    _ => "container",
                }).text("message", param_text(e, "message").trim_end()),
            Action::KubeletKill => Message::new("explain-kill").text("component", actor).text("container", param_text(e, "container")).text("grace", param_text(e, "gracePeriod")),
            Action::Cri => Message::new("explain-cri")
                .text("component", actor)
                .text("method", param_text(e, "method"))
                .text("container", param_text(e, "container"))
                .text("object", object)
                .text("error", param_text(e, "error")),
            Action::ImagePull => {
                let result = if e.params.get("error").is_some() { "failed".to_string() } else { param_text(e, "result") };
                let unknown = e.params.get("unknownRepository");
                let closest = unknown.as_deref().and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")).unwrap_or_default();
                Message::new("explain-image-pull")
                    .text("component", actor)
                    .text("image", param_text(e, "image"))
                    .text("result", result)
                    .text("error", param_text(e, "error"))
                    .text("unknownRepository", if unknown.is_some() { "yes" } else { "" })
                    .text("closest", closest)
            }
            Action::Cni => Message::new("explain-cni").text("component", actor).text("command", param_text(e, "command")).text("ip", param_text(e, "ip")).text("object", object).text("error", param_text(e, "error")),
            // An in-place resize: runc rewrites the cgroup files of a running container.
            Action::Runc if param_text(e, "op") == "update" => Message::new("explain-runc-update")
                .text("component", actor)
                .text("container", param_text(e, "container"))
                .text("cpuMax", param_text(e, "cpu.max"))
                .text("memoryMax", param_text(e, "memory.max")),
            Action::Runc => Message::new("explain-runc")
                .text("component", actor)
                .text("op", param_text(e, "op"))
                .text("container", param_text(e, "container"))
                .text("pid", param_text(e, "pid"))
                .text("error", param_text(e, "error"))
                .text("unknownProgram", param_text(e, "unknownProgram"))
                .text("program", e.params.get("argv").as_deref().and_then(Value::as_array).and_then(|a| a.first()).and_then(Value::as_str).unwrap_or_default().to_string()),
            Action::Shim => Message::new("explain-shim")
                .text("component", actor)
                .text("op", param_text(e, "op"))
                .text("container", param_text(e, "container"))
                .text("exitCode", param_text(e, "exitCode"))
                .text("reason", param_text(e, "reason")),
            Action::Signal => Message::new("explain-signal")
                .text("component", actor)
                .text("signal", param_text(e, "signal"))
                .text("container", param_text(e, "container"))
                .text("disposition", param_text(e, "disposition")),
            Action::KubeletProbe => Message::new("explain-probe")
                .text("component", actor)
                .text("probe", param_text(e, "probe"))
                .text("container", param_text(e, "container"))
                .text("result", param_text(e, "result")),
            Action::KubeletHook => Message::new("explain-hook")
                .text("component", actor)
                .text("hook", param_text(e, "hook"))
                .text("container", param_text(e, "container"))
                .text("error", param_text(e, "error")),
            Action::KubeletExec => Message::new("explain-exec").text("component", actor).text("container", param_text(e, "container")),
            Action::KubeletLogs => Message::new("explain-logs").text("component", actor).text("container", param_text(e, "container")),
            Action::ComponentStop => Message::new("explain-component-stop").text("component", actor),
            Action::ComponentStart => Message::new("explain-component-start").text("component", actor),
            Action::NodeDown => Message::new("explain-node-down").text("object", object),
            Action::NodeUp => Message::new("explain-node-up").text("object", object),
            Action::NodeAdd => Message::new("explain-node-add").text("node", param_text(e, "node")),
            Action::NodeShutdown => Message::new("explain-node-shutdown").text("node", param_text(e, "node")).text("reason", param_text(e, "reason")),
            Action::NodeBoot => Message::new("explain-node-boot").text("node", param_text(e, "node")),
            Action::ProxySync => Message::new("explain-proxy-sync")
                .text("component", actor)
                .text("changed", param_text(e, "changed"))
                .number("servicePorts", podlife_engine::parse_f64(&param_text(e, "servicePorts")).unwrap_or(0.0))
                .number("endpoints", podlife_engine::parse_f64(&param_text(e, "endpoints")).unwrap_or(0.0))
                .number("restoreMs", podlife_engine::parse_f64(&param_text(e, "restoreMs")).unwrap_or(0.0)),
            Action::ProxyRestore => {
                // `default/web tcp: 10.244.1.5:80, 10.244.2.7:80 → 10.244.2.7:80` (∅: none).
                let list = |v: &Option<Value>| match v.as_ref().and_then(Value::as_array) {
                    Some(a) if !a.is_empty() => a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "),
                    _ => "∅".to_string(),
                };
                let value = |j: &Option<podlife_engine::trace::Json>| j.as_ref().map(podlife_engine::trace::Json::value);
                let changes: Vec<String> = e.diff.iter().map(|c| format!("{}: {} → {}", c.path, list(&value(&c.before)), list(&value(&c.after)))).collect();
                Message::new("explain-proxy-restore").text("component", actor).text("changes", changes.join("; "))
            }
            Action::TrafficRequest => Message::new("explain-traffic-request")
                .text("node", r.actor.node.as_deref().unwrap_or_default().to_string())
                .text("object", object)
                .text("result", param_text(e, "result"))
                .text("reason", param_text(e, "reason"))
                .text("endpoint", param_text(e, "endpoint"))
                .text("pod", param_text(e, "pod")),
            Action::TrafficDone => Message::new("explain-traffic-done")
                .text("object", object)
                .number("requests", podlife_engine::parse_f64(&param_text(e, "requests")).unwrap_or(0.0))
                .number("ok", podlife_engine::parse_f64(&param_text(e, "ok")).unwrap_or(0.0)),
            Action::DnsForward => Message::new("explain-dns-forward")
                .text("component", actor)
                .text("name", param_text(e, "name"))
                .text("type", param_text(e, "type"))
                .text("upstream", param_text(e, "upstream"))
                .text("nodeIP", param_text(e, "nodeIP"))
                .text("rcode", param_text(e, "rcode"))
                .text("answers", answers_text(e))
                .text("known", param_text(e, "known")),
            Action::InternetDns => Message::new("explain-internet-dns")
                .text("object", object)
                .text("name", param_text(e, "name"))
                .text("type", param_text(e, "type"))
                .text("server", param_text(e, "server"))
                .text("nodeIP", param_text(e, "nodeIP"))
                .text("rcode", param_text(e, "rcode"))
                .text("answers", answers_text(e))
                .text("known", param_text(e, "known")),
            Action::InternetHttp => Message::new("explain-internet-http")
                .text("object", object)
                .text("host", param_text(e, "host"))
                .text("ip", param_text(e, "ip"))
                .text("scheme", param_text(e, "scheme"))
                .text("path", param_text(e, "path"))
                .number("code", podlife_engine::parse_f64(&param_text(e, "code")).unwrap_or(0.0))
                .text("location", param_text(e, "location"))
                .text("podIP", param_text(e, "podIP"))
                .text("nodeIP", param_text(e, "nodeIP"))
                .text("publicIP", param_text(e, "publicIP")),
            Action::NetpolDrop => Message::new("explain-netpol-drop")
                .text("object", object)
                .text("direction", param_text(e, "direction"))
                .text("src", param_text(e, "src"))
                .text("dst", param_text(e, "dst"))
                .text("port", param_text(e, "port"))
                .text("protocol", param_text(e, "protocol"))
                .text("policies", e.params.get("policies").as_deref().and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", ")).unwrap_or_default()),
            Action::Etcd if e.params.get("leaseExpired").is_some_and(|v| v.as_bool() == Some(true)) => Message::new("explain-event-expired").text("object", object),
            Action::TraceSampled => Message::new("explain-trace-sampled")
                .number("pods", e.params.get("pods").and_then(|v| v.as_u64()).unwrap_or(0) as f64)
                .number("nodes", e.params.get("nodes").and_then(|v| v.as_u64()).unwrap_or(0) as f64)
                .number("one_in", e.params.get("oneIn").and_then(|v| v.as_u64()).unwrap_or(1) as f64),
            Action::QuietSkip => {
                let ms = e.params.get("ms").and_then(|v| v.as_u64()).unwrap_or(0);
                let duration = podlife_console::printers::duration::human_duration(ms as i64);
                let count = |key: &str| e.params.get(key).and_then(|v| v.as_u64());
                if let (Some(restarts), Some(pods)) = (count("repeatedRestarts"), count("restartedPods")) {
                    return Message::new("explain-quiet-skip-restarts-pods")
                        .text("duration", duration)
                        .number("restarts", restarts as f64)
                        .number("pods", pods as f64)
                        .number("expired", count("expiredEvents").unwrap_or(0) as f64)
                        .number("syncs", count("repeatedSyncs").unwrap_or(0) as f64)
                        .number("hpa_syncs", count("repeatedHpaSyncs").unwrap_or(0) as f64);
                }
                if let Some(restarts) = count("repeatedRestarts") {
                    return Message::new("explain-quiet-skip-restarts")
                        .text("duration", duration)
                        .number("restarts", restarts as f64)
                        .text("pod", object)
                        .number("expired", count("expiredEvents").unwrap_or(0) as f64)
                        .number("syncs", count("repeatedSyncs").unwrap_or(0) as f64)
                        .number("hpa_syncs", count("repeatedHpaSyncs").unwrap_or(0) as f64);
                }
                if let Some(pulls) = count("repeatedPulls") {
                    return Message::new("explain-quiet-skip-pulls")
                        .text("duration", duration)
                        .number("pulls", pulls as f64)
                        .number("pods", count("pullingPods").unwrap_or(1) as f64)
                        .text("pod", object)
                        .number("expired", count("expiredEvents").unwrap_or(0) as f64)
                        .number("syncs", count("repeatedSyncs").unwrap_or(0) as f64)
                        .number("hpa_syncs", count("repeatedHpaSyncs").unwrap_or(0) as f64);
                }
                // (A stretch may pass event leases that still held events: they expired.)
                let expired = count("expiredEvents").unwrap_or(0) as f64;
                match (count("repeatedSyncs"), count("repeatedHpaSyncs")) {
                    (Some(syncs), Some(hpa)) => Message::new("explain-quiet-skip-repeats-hpa").text("duration", duration).number("syncs", syncs as f64).number("hpa_syncs", hpa as f64),
                    (Some(syncs), None) => Message::new("explain-quiet-skip-repeats").text("duration", duration).number("syncs", syncs as f64),
                    (None, Some(hpa)) => Message::new("explain-quiet-skip-hpa").text("duration", duration).number("hpa_syncs", hpa as f64),
                    (None, None) => Message::new("explain-quiet-skip").text("duration", duration),
                }
                .number("expired", expired)
            }
            // Parts of an API call or a cycle seen on their own (a trace cut short).
            _ => Message::new("explain-step").text("component", actor).text("action", r.action.id()).text("object", object),
        },
    }
}

fn api_call(r: &Reaction, events: &[TraceEvent], actor: String, object: String, kind: String) -> Message {
    let request = &events[0];
    let verb = param_text(request, "verb");
    let path = param_text(request, "path");
    let code = response_code(events).unwrap_or(0);
    let base = |id: &'static str| Message::new(id).text("caller", actor.clone()).text("verb", verb.clone()).text("path", path.clone()).text("object", object.clone()).number("code", code as f64);
    // The request called admission webhooks and waits for their answers.
    if response_code(events).is_none() && events.last().is_some_and(crate::reaction::waits_for_webhook) {
        let calls: Vec<&TraceEvent> = events.iter().filter(|e| crate::reaction::waits_for_webhook(e)).collect();
        let webhooks: Vec<String> = calls.iter().map(|e| param_text(e, "webhook")).collect();
        let first = calls[0];
        return base("explain-api-webhook-wait")
            .text("webhooks", webhooks.join(", "))
            .text("plugin", param_text(first, "plugin"))
            .text("url", param_text(first, "url"))
            .text("timeout", param_text(first, "timeoutSeconds"))
            .text("several", if calls.len() > 1 { "yes" } else { "no" });
    }
    if code == 404 && verb == "GET" {
        return base("explain-api-read-missing");
    }
    if code >= 400 {
        // The first stage that said no; a request every stage passed was refused by the
        // registry (NotFound, AlreadyExists, Conflict …).
        let failed = |e: &&TraceEvent| {
            (e.params.get("error").is_some() && e.params.get("ignored").as_deref() != Some(&Value::Bool(true)))
                || e.params.get("allowed").as_deref() == Some(&Value::Bool(false))
                || e.params.get("errors").is_some_and(|v| v.as_array().is_some_and(|a| !a.is_empty()))
        };
        let stage = match events.iter().find(failed).map(|e| e.action) {
            Some(Action::Authentication) => "authn",
            Some(Action::Authorization) => "authz",
            Some(Action::MutatingAdmission | Action::ValidatingAdmission) => "admission",
            Some(Action::AdmissionWebhook) => "webhook",
            Some(Action::Validation) => "validation",
            Some(Action::Decode) => "decode",
            _ => "etcd",
        };
        let reason = events.iter().rev().find(|e| e.action == Action::Response).map(|e| param_text(e, "reason")).unwrap_or_default();
        return base("explain-api-rejected").text("stage", stage).text("reason", reason);
    }
    let subresource = path.rsplit('/').next().unwrap_or_default();
    // The request goes on after a webhook's answer.
    if crate::reaction::resumes_request(request) {
        let answered = param_text(request, "webhook");
        return base("explain-api-webhook-answer")
            .text("webhook", answered)
            .text("result", param_text(request, "result"))
            .text("duration", param_text(request, "durationMs"))
            .number("revision", r.revision.map(|v| v as f64).unwrap_or(0.0));
    }
    let admission: Vec<String> = events
        .iter()
        .filter(|e| matches!(e.action, Action::MutatingAdmission | Action::AdmissionWebhook) && !e.diff.is_empty())
        .map(|e| if e.action == Action::AdmissionWebhook { param_text(e, "webhook") } else { param_text(e, "plugin") })
        .collect();
    let defaulted = first(events, Action::Decode).map_or(0, |e| e.diff.len());
    let user = first(events, Action::Authentication).map(|e| param_text(e, "user")).unwrap_or_default();
    let allowed_by = first(events, Action::Authorization).map(|e| param_text(e, "binding")).unwrap_or_default();
    let revision = r.revision.map(|v| v as f64).unwrap_or(0.0);
    let id = match (verb.as_str(), kind.as_str(), subresource) {
        ("GET", ..) => "explain-api-read",
        ("POST", "Pod", "binding") => "explain-api-binding",
        ("POST", "Event", _) => "explain-api-event",
        ("POST", "Pod", _) => "explain-api-create-pod",
        ("POST", ..) => "explain-api-create",
        ("PATCH", "Pod", "status") | ("PUT", "Pod", "status") => "explain-api-pod-status",
        ("PATCH", "Pod", "ephemeralcontainers") | ("PUT", "Pod", "ephemeralcontainers") => "explain-api-ephemeral-containers",
        ("PATCH", "Node", "status") | ("PUT", "Node", "status") => "explain-api-node-status",
        ("PUT", "Lease", _) => "explain-api-lease",
        ("DELETE", "Pod", _) => "explain-api-delete-pod",
        ("DELETE", ..) => "explain-api-delete",
        _ => "explain-api-update",
    };
    // An Event's reason and message come from the stored object (see decision.rs); without
    // it the text leaves them out.
    let base = |id: &'static str| if id == "explain-api-event" { base(id).text("reason", "").text("about", "").text("message", "") } else { base(id) };
    // Fields a feature gate let through whose effect podlife does not model (`gated.rs`).
    let not_modelled = first(events, Action::Validation).and_then(|e| e.params.get("notModelled")).and_then(|v| v.as_array().map(|a| a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(", "))).unwrap_or_default();
    base(id)
        .text("notModelled", not_modelled)
        .text("user", user)
        .text("allowedBy", allowed_by)
        .text("admission", admission.join(", "))
        .number("defaulted", defaulted as f64)
        .number("revision", revision)
}

fn scheduling_cycle(events: &[TraceEvent], pod: String) -> Message {
    let filter = first(events, Action::SchedulerFilter);
    let feasible = filter.and_then(|e| e.params.get("feasible")?.as_u64()).unwrap_or(0);
    // The count, not the node table's rows: the table stops at its first hundred nodes.
    let evaluated = filter.and_then(|e| e.params.get("evaluated")?.as_u64()).unwrap_or(0);
    let not_evaluated = filter.and_then(|e| e.params.get("notEvaluatedCount")?.as_u64()).unwrap_or(0);
    // With one feasible node the scheduler skips scoring and selection (as upstream does);
    // the node it reserves and binds is the answer then.
    let chosen = [Action::SchedulerSelectHost, Action::SchedulerReserve, Action::SchedulerBind].into_iter().find_map(|a| first(events, a).filter(|e| !param_text(e, "node").is_empty()));
    if let Some(select) = chosen {
        return Message::new("explain-schedule-ok")
            .text("pod", pod)
            .text("node", param_text(select, "node"))
            .number("feasible", feasible as f64)
            .number("evaluated", evaluated as f64)
            .number("notEvaluated", not_evaluated as f64)
            // One feasible node is chosen without scoring (`schedulePod`), as upstream does.
            .text("hasScore", if feasible > 1 { "yes" } else { "no" })
            .text("score", param_text(select, "score"));
    }
    let message = events
        .iter()
        .rev()
        .find(|e| matches!(e.action, Action::SchedulerPostFilter | Action::SchedulerPreFilter))
        .map(|e| param_text(e, "message"))
        .unwrap_or_default();
    Message::new("explain-schedule-failed").text("pod", pod).number("feasible", feasible as f64).number("evaluated", evaluated as f64).text("message", message)
}

/// Every message id `explain` can return (the translation files must define each).
pub const MESSAGE_IDS: &[&str] = &[
    "explain-informer-scheduler",
    "explain-informer-kubelet",
    "explain-informer-controllers",
    "explain-informer",
    "explain-informer-list",
    "explain-watch",
    "explain-kubelet-sync",
    "explain-pleg",
    "explain-kill",
    "explain-cri",
    "explain-image-pull",
    "explain-cni",
    "explain-runc",
    "explain-shim",
    "explain-signal",
    "explain-probe",
    "explain-hook",
    "explain-exec",
    "explain-logs",
    "explain-component-stop",
    "explain-component-start",
    "explain-node-down",
    "explain-node-up",
    "explain-node-add",
    "explain-node-shutdown",
    "explain-node-boot",
    "explain-proxy-sync",
    "explain-proxy-restore",
    "explain-traffic-request",
    "explain-traffic-done",
    "explain-dns-forward",
    "explain-internet-dns",
    "explain-internet-http",
    "explain-netpol-drop",
    "explain-step",
    "explain-quiet-skip",
    "explain-quiet-skip-repeats",
    "explain-quiet-skip-hpa",
    "explain-quiet-skip-repeats-hpa",
    "explain-quiet-skip-restarts",
    "explain-quiet-skip-restarts-pods",
    "explain-quiet-skip-pulls",
    "explain-event-expired",
    "explain-api-rejected",
    "explain-api-webhook-wait",
    "explain-api-webhook-answer",
    "explain-api-read-missing",
    "explain-api-read",
    "explain-api-binding",
    "explain-api-event",
    "explain-api-create-pod",
    "explain-api-create",
    "explain-api-pod-status",
    "explain-api-node-status",
    "explain-api-lease",
    "explain-api-delete-pod",
    "explain-api-delete",
    "explain-api-update",
    "explain-api-ephemeral-containers",
    "explain-schedule-ok",
    "explain-schedule-failed",
];

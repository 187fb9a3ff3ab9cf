//! English rendering of trace events: one line per reaction, for the CLI and golden tests.
//! (The web app renders the same data through its translation files.)

use podlife_engine::{Action, TraceEvent};
use serde_json::Value;

fn param(e: &TraceEvent, key: &str) -> Value {
    e.params.get(key).map(std::borrow::Cow::into_owned).unwrap_or(Value::Null)
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => podlife_model::json::to_string_plain(other),
    }
}

const INDENT: &str = "\n              ";

/// An upstream DNS answer: its records, or NXDOMAIN (and whether podlife's Internet simply does
/// not have the name).
fn dns_answer(e: &TraceEvent) -> String {
    let answers: Vec<String> = param(e, "answers").as_array().map(|a| a.iter().map(text).collect()).unwrap_or_default();
    match (text(&param(e, "rcode")).as_str(), param(e, "known") == Value::Bool(true)) {
        ("NOERROR", _) if answers.is_empty() => "no records of that type".to_string(),
        ("NOERROR", _) => answers.join(", "),
        (rcode, false) => format!("{rcode} (not a name podlife's simulated Internet has)"),
        (rcode, true) => rcode.to_string(),
    }
}

/// `N node(s) evaluated, M feasible`, then one line per node with its verdict.
fn filter_table(e: &TraceEvent) -> String {
    let nodes = param(e, "nodes").as_array().cloned().unwrap_or_default();
    let evaluated = match param(e, "evaluated") {
        Value::Null => nodes.len().to_string(),
        v => text(&v),
    };
    let mut out = format!("{evaluated} node(s) evaluated, {} feasible", text(&param(e, "feasible")));
    for n in &nodes {
        let verdict = match &n["rejectedBy"] {
            Value::Null if n["nominated"] == true => "fits (nominated node, tried first)".to_string(),
            Value::Null => "fits".to_string(),
            plugin => {
                let reasons: Vec<String> = n["reasons"].as_array().map(|a| a.iter().map(text).collect()).unwrap_or_default();
                format!("rejected by {} ({}): {}", text(plugin), text(&n["code"]), reasons.join(", "))
            }
        };
        out.push_str(&format!("{INDENT}{:<16} {verdict}", text(&n["node"])));
    }
    let listed = nodes.len();
    if let Some(total) = param(e, "evaluated").as_u64().filter(|t| *t as usize > listed) {
        out.push_str(&format!("{INDENT}… {} more node(s) evaluated", total as usize - listed));
    }
    let not_listed = param(e, "notEvaluated").as_array().cloned().unwrap_or_default();
    for n in &not_listed {
        out.push_str(&format!("{INDENT}{:<16} not evaluated (percentageOfNodesToScore)", text(n)));
    }
    if let Some(total) = param(e, "notEvaluatedCount").as_u64().filter(|t| *t as usize > not_listed.len()) {
        out.push_str(&format!("{INDENT}… {} more node(s) not evaluated", total as usize - not_listed.len()));
    }
    out
}

/// One line per node: its total and each plugin's normalized score × weight.
fn score_table(e: &TraceEvent) -> String {
    let nodes = param(e, "nodes").as_array().cloned().unwrap_or_default();
    let plugins = param(e, "plugins").as_array().cloned().unwrap_or_default();
    let totals = param(e, "totals").as_array().cloned().unwrap_or_default();
    let mut out = format!("{} node(s) scored", nodes.len());
    for (i, n) in nodes.iter().enumerate() {
        let parts: Vec<String> = plugins
            .iter()
            .map(|p| format!("{} {}×{}", text(&p["plugin"]), text(&p["normalized"][i]), text(&p["weight"])))
            .collect();
        out.push_str(&format!("{INDENT}{:<16} total {} = {}", text(n), text(&totals[i.min(totals.len().saturating_sub(1))]), parts.join(" + ")));
    }
    out
}

/// `[   1.234s] kube-apiserver          authn       user=kubernetes-admin groups=…`
pub fn line(e: &TraceEvent) -> String {
    let who = match &e.component.node {
        Some(n) => format!("{}({n})", e.component.name),
        None => e.component.name.to_string(),
    };
    let object = e
        .object
        .as_ref()
        .map(|o| match &o.namespace {
            Some(ns) => format!(" {}/{ns}/{}", o.kind.to_ascii_lowercase(), o.name),
            None => format!(" {}/{}", o.kind.to_ascii_lowercase(), o.name),
        })
        .unwrap_or_default();
    let detail = match e.action {
        Action::Request => format!("{} {}", text(&param(e, "verb")), text(&param(e, "path"))),
        Action::Authentication => {
            let groups: Vec<String> = param(e, "groups").as_array().map(|a| a.iter().map(text).collect()).unwrap_or_default();
            let via = match param(e, "impersonatedBy") {
                Value::Null => String::new(),
                v => format!(" (impersonated by {})", text(&v)),
            };
            format!("user={} groups=[{}]{via}", text(&param(e, "user")), groups.join(","))
        }
        Action::Authorization => {
            let verdict = if param(e, "allowed") == Value::Bool(true) {
                format!("allowed by {} → {}", text(&param(e, "binding")), text(&param(e, "role")))
            } else {
                "denied".to_string()
            };
            format!("{} {} {}", text(&param(e, "verb")), text(&param(e, "resource")), verdict)
        }
        Action::Decode => match param(e, "error") {
            Value::Null => format!("defaulted {} field(s)", e.diff.len()),
            err => format!("rejected: {}", text(&err)),
        },
        Action::MutatingAdmission | Action::ValidatingAdmission => {
            let outcome = match param(e, "error") {
                Value::Null => match param(e, "allowed") {
                    Value::Bool(false) => "denied".to_string(),
                    _ if e.action == Action::ValidatingAdmission || e.diff.is_empty() => "admitted".to_string(),
                    _ => format!("set {} field(s)", e.diff.len()),
                },
                err => format!("rejected: {}", text(&err)),
            };
            let round = if param(e, "round").is_null() { "" } else { " (reinvoked)" };
            format!("{}{round} {outcome}", text(&param(e, "plugin")))
        }
        Action::AdmissionWebhook if param(e, "phase") == "call" => {
            format!("{} {}: \"{}\" POST {} … waiting (timeout {}s)", text(&param(e, "plugin")), text(&param(e, "configuration")), text(&param(e, "webhook")), text(&param(e, "url")), text(&param(e, "timeoutSeconds")))
        }
        Action::AdmissionWebhook => {
            // `"deny.example.com" POST https://… → denied: … (12 ms)`
            let outcome = match text(&param(e, "result")).as_str() {
                "patched" => format!("patched {} field(s)", e.diff.len()),
                "denied" => format!("denied: {}", text(&param(e, "error"))),
                "failed" if param(e, "ignored") == Value::Bool(true) => format!("failed, ignored (failurePolicy Ignore): {}", text(&param(e, "error"))),
                "failed" => format!("failed: {}", text(&param(e, "error"))),
                other => other.to_string(),
            };
            let round = if param(e, "round").is_null() { String::new() } else { " (reinvoked)".to_string() };
            format!("{} {}: \"{}\"{round} POST {} → {outcome} ({} ms)", text(&param(e, "plugin")), text(&param(e, "configuration")), text(&param(e, "webhook")), text(&param(e, "url")), text(&param(e, "durationMs")))
        }
        Action::Validation => match param(e, "errors").as_array() {
            Some(errs) if !errs.is_empty() => format!("{} error(s)", errs.len()),
            _ => match param(e, "notModelled").as_array() {
                Some(fields) => format!("ok (accepted, as its feature gate allows; podlife does not model the effect of {})", fields.iter().map(text).collect::<Vec<_>>().join(", ")),
                None => "ok".to_string(),
            },
        },
        Action::Etcd => {
            let rv = match param(e, "revision") {
                Value::Null => text(&param(e, "result")),
                v => format!("rev={}", text(&v)),
            };
            let expired = if param(e, "leaseExpired") == Value::Bool(true) { " (its lease expired: the event TTL)" } else { "" };
            format!("{} {} {rv}{expired}", text(&param(e, "operation")), text(&param(e, "key")))
        }
        Action::Watch | Action::InformerDeliver => format!("{} rv={}", text(&param(e, "type")), text(&param(e, "resourceVersion"))),
        Action::InformerList => format!("list {} ({} items) rv={}", text(&param(e, "resource")), text(&param(e, "count")), text(&param(e, "resourceVersion"))),
        Action::Response => match param(e, "reason") {
            Value::Null => text(&param(e, "code")),
            Value::String(r) if r.is_empty() => text(&param(e, "code")),
            r => format!("{} {}", text(&param(e, "code")), text(&r)),
        },
        Action::ComponentStop => "stopped".into(),
        Action::ComponentStart => "started".into(),
        Action::SchedulerPop => format!("popped from activeQ (priority {})", text(&param(e, "priority"))),
        Action::SchedulerPreFilter if !param(e, "rejectedBy").is_null() => {
            let reasons: Vec<String> = param(e, "reasons").as_array().map(|a| a.iter().map(text).collect()).unwrap_or_default();
            format!("rejected by {} ({}): {}", text(&param(e, "rejectedBy")), text(&param(e, "code")), reasons.join(", "))
        }
        Action::SchedulerPreBind if !param(e, "error").is_null() => format!("failed on {}: {}", text(&param(e, "node")), text(&param(e, "error"))),
        Action::SchedulerPreBind if !param(e, "waitingFor").is_null() => {
            let claims: Vec<String> = param(e, "waitingFor").as_array().map(|a| a.iter().map(text).collect()).unwrap_or_default();
            format!("VolumeBinding on {}: waiting for claim(s) {} to be bound", text(&param(e, "node")), claims.join(", "))
        }
        Action::SchedulerPreFilter | Action::SchedulerReserve | Action::SchedulerPermit | Action::SchedulerPreBind => match param(e, "node") {
            Value::Null => "ok".to_string(),
            n => format!("ok on {}", text(&n)),
        },
        Action::SchedulerFilter => filter_table(e),
        Action::SchedulerPostFilter => match param(e, "plugin") {
            Value::Null => text(&param(e, "message")),
            p => format!("{} ({}): {}", text(&p), text(&param(e, "code")), text(&param(e, "message"))),
        },
        Action::SchedulerPreScore => match param(e, "skipped").as_array() {
            Some(s) if !s.is_empty() => format!("skip {}", s.iter().map(text).collect::<Vec<_>>().join(", ")),
            _ => "ok".to_string(),
        },
        Action::SchedulerScore => score_table(e),
        Action::SchedulerSelectHost => {
            format!("{} (total {}, {} tied)", text(&param(e, "node")), text(&param(e, "score")), text(&param(e, "tied")))
        }
        Action::SchedulerBind => format!("POST pods/binding spec.nodeName={}", text(&param(e, "node"))),
        Action::KubeletSync => {
            let mut d = text(&param(e, "type"));
            if let Some(p) = param(e, "phase").as_str() {
                d.push_str(&format!(" phase={p}"));
            }
            if let Some(g) = param(e, "gracePeriod").as_i64() {
                d.push_str(&format!(" grace={g}s"));
            }
            d
        }
        Action::KubeletPleg => {
            let events = param(e, "events").as_array().map(|evs| evs.iter().map(|v| format!("{} {}", text(&v["type"]), text(&v["container"]))).collect::<Vec<_>>().join(", ")).unwrap_or_default();
            // The on-demand relist of one pod right after a successful sync.
            if param(e, "scope") == "pod" { format!("{events} (pod relist)") } else { events }
        }
        Action::KubeletEvict => format!("evict: {}", text(&param(e, "message")).trim_end()),
        Action::KubeletKill => format!("stop {} (grace {}s)", text(&param(e, "container")), text(&param(e, "gracePeriod"))),
        Action::Cri => {
            let mut d = text(&param(e, "method"));
            if let Some(c) = param(e, "container").as_str() {
                d.push_str(&format!(" {c}"));
            }
            if let Some(err) = param(e, "error").as_str() {
                d.push_str(&format!(" error: {err}"));
            }
            d
        }
        Action::ImagePull => match param(e, "error").as_str() {
            Some(err) => format!("{} failed: {err}", text(&param(e, "image"))),
            None => format!("{} {}", text(&param(e, "image")), text(&param(e, "result"))),
        },
        Action::Cni => match param(e, "error").as_str() {
            Some(err) => format!("{} failed: {err}", text(&param(e, "command"))),
            None => format!("{} {}", text(&param(e, "command")), text(&param(e, "ip"))),
        },
        Action::Runc => match param(e, "error").as_str() {
            Some(err) => format!("{} {} failed: {err}", text(&param(e, "op")), text(&param(e, "container"))),
            None if param(e, "op").as_str() == Some("update") => format!("update {} cpu.max={} memory.max={}", text(&param(e, "container")), text(&param(e, "cpu.max")), text(&param(e, "memory.max"))),
            None => match param(e, "argv").as_array() {
                Some(argv) => {
                    let mut line = format!("{} {} pid {} argv={}", text(&param(e, "op")), text(&param(e, "container")), text(&param(e, "pid")), argv.iter().map(text).collect::<Vec<_>>().join(" "));
                    match param(e, "unknownProgram").as_str() {
                        Some("serves-exposed-ports") => line.push_str(" (podlife does not model this program: treated as a server on the image's exposed ports)"),
                        Some(_) => line.push_str(" (podlife does not know what this program does: treated as running until stopped)"),
                        None => {}
                    }
                    line
                }
                None => match param(e, "cpu.max").as_str() {
                    Some(cpu_max) => format!("{} {} pid {} pod cgroup cpu.max={cpu_max} memory.max={}", text(&param(e, "op")), text(&param(e, "container")), text(&param(e, "pid")), text(&param(e, "memory.max"))),
                    None => format!("{} {} pid {}", text(&param(e, "op")), text(&param(e, "container")), text(&param(e, "pid"))),
                },
            },
        },
        Action::Shim => match param(e, "exitCode").as_i64() {
            Some(code) => format!("{} exited {code} ({})", text(&param(e, "container")), text(&param(e, "reason"))),
            None => format!("{} {}", text(&param(e, "op")), text(&param(e, "container"))),
        },
        Action::NodeDown => "cut off from the control plane".into(),
        Action::NodeUp => "connected again".into(),
        Action::NodeAdd => format!("joins: {} CPU, {} memory, {} pods, {}", text(&param(e, "cpu")), text(&param(e, "memory")), text(&param(e, "pods")), text(&param(e, "ip"))),
        Action::NodeShutdown => format!("powered off ({})", text(&param(e, "reason"))),
        Action::NodeBoot => format!("booted, boot id {}", text(&param(e, "bootID"))),
        Action::KubeletHook => match param(e, "error").as_str() {
            Some(err) => format!("{} {} ({}) failed: {err}", text(&param(e, "hook")), text(&param(e, "container")), text(&param(e, "handler"))),
            None => format!("{} {} ({}, {} ms)", text(&param(e, "hook")), text(&param(e, "container")), text(&param(e, "handler")), text(&param(e, "durationMs"))),
        },
        Action::KubeletProbe => match param(e, "output").as_str() {
            Some(out) => format!("{} {} failure: {out}", text(&param(e, "probe")), text(&param(e, "container"))),
            None => format!("{} {} success", text(&param(e, "probe")), text(&param(e, "container"))),
        },
        Action::KubeletExec => format!("exec in {}: {}", text(&param(e, "container")), param(e, "command").as_array().map(|a| a.iter().map(text).collect::<Vec<_>>().join(" ")).unwrap_or_default()),
        Action::KubeletLogs => format!("logs of {}{}", text(&param(e, "container")), if param(e, "previous") == serde_json::Value::Bool(true) { " (previous)" } else { "" }),
        Action::Signal => format!("{} → {}: {}", text(&param(e, "signal")), text(&param(e, "container")), text(&param(e, "disposition"))),
        Action::ProxySync => format!(
            "syncProxyRules ({}): {} service port(s), {} endpoint(s); iptables-restore takes {} ms",
            text(&param(e, "trigger")),
            text(&param(e, "servicePorts")),
            text(&param(e, "endpoints")),
            text(&param(e, "restoreMs"))
        ),
        Action::ProxyRestore if e.diff.is_empty() => "rules in effect (unchanged)".into(),
        Action::ProxyRestore => {
            let list = |v: &Option<Value>| match v {
                None => "none".to_string(),
                Some(Value::Array(a)) if a.is_empty() => "no endpoints".to_string(),
                Some(Value::Array(a)) => a.iter().map(text).collect::<Vec<_>>().join(","),
                Some(v) => text(v),
            };
            let value = |j: &Option<podlife_engine::trace::Json>| j.as_ref().map(podlife_engine::trace::Json::value);
            let changes: Vec<String> = e.diff.iter().map(|c| format!("{}: {} → {}", c.path, list(&value(&c.before)), list(&value(&c.after)))).collect();
            format!("rules in effect: {}", changes.join("; "))
        }
        Action::TrafficRequest => {
            let to = match (param(e, "endpoint").as_str(), param(e, "pod").as_str()) {
                (Some(ep), Some(pod)) => format!(" → {ep} ({pod})"),
                (Some(ep), None) => format!(" → {ep}"),
                _ => String::new(),
            };
            format!("request{to}: {} ({})", text(&param(e, "result")), text(&param(e, "reason")))
        }
        Action::NetpolDrop => {
            let list = |v: &serde_json::Value| v.as_array().map(|a| a.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect::<Vec<_>>().join(", ")).unwrap_or_default();
            format!(
                "dropped {} {} → {}:{}: {} isolated by NetworkPolicy {}, no rule admits it",
                text(&param(e, "protocol")),
                text(&param(e, "src")),
                text(&param(e, "dst")),
                text(&param(e, "port")),
                text(&param(e, "direction")),
                list(&param(e, "policies")),
            )
        }
        Action::DnsForward => format!("forward {} {} to the node's resolver {} (from {}): {}", text(&param(e, "name")), text(&param(e, "type")), text(&param(e, "upstream")), text(&param(e, "nodeIP")), dns_answer(e)),
        Action::InternetDns => format!("{} {} asked at {} by {} (from {}): {}", text(&param(e, "name")), text(&param(e, "type")), text(&param(e, "server")), text(&param(e, "podIP")), text(&param(e, "nodeIP")), dns_answer(e)),
        Action::InternetHttp => {
            let to = param(e, "location").as_str().map(|l| format!(" → {l}")).unwrap_or_default();
            format!(
                "{} ({}:{}) answered {} GET {}: {}{to}, {} bytes; request from {} masqueraded to {}, seen as {}",
                text(&param(e, "host")),
                text(&param(e, "ip")),
                text(&param(e, "port")),
                text(&param(e, "scheme")),
                text(&param(e, "path")),
                text(&param(e, "code")),
                text(&param(e, "bytes")),
                text(&param(e, "podIP")),
                text(&param(e, "nodeIP")),
                text(&param(e, "publicIP"))
            )
        }
        Action::TrafficDone => format!("run {} done: {} requests, {} ok", text(&param(e, "run")), text(&param(e, "requests")), text(&param(e, "ok"))),
        Action::TraceSampled => format!(
            "the cluster has {} pods on {} nodes: the trace keeps 1 pod in {} (with its events) and 1 node's Lease in {} from here on",
            text(&param(e, "pods")),
            text(&param(e, "nodes")),
            text(&param(e, "oneIn")),
            text(&param(e, "oneIn"))
        ),
        Action::QuietSkip => {
            let ms = param(e, "ms").as_u64().unwrap_or(0);
            // A count the stretch recorded, as a clause in the singular or the plural.
            let clause = |key: &str, one: &str, many: &dyn Fn(u64) -> String| match param(e, key).as_u64() {
                Some(1) => format!("; {one}"),
                Some(n) => format!("; {}", many(n)),
                None => String::new(),
            };
            let repeats = clause("repeatedSyncs", "1 sync of a pod whose container cannot start yet only counted its events", &|n| format!("{n} syncs of pods whose containers cannot start yet only counted their events"));
            let hpa = clause("repeatedHpaSyncs", "1 sync of a HorizontalPodAutoscaler repeated the last one", &|n| format!("{n} syncs of HorizontalPodAutoscalers repeated the last one"));
            let restarts = match param(e, "restartedPods").as_u64() {
                Some(pods) => clause("repeatedRestarts", "", &|n| format!("{n} restarts of {pods} crash-looping containers repeated the ones before")),
                None => clause("repeatedRestarts", "1 restart of a crash-looping container repeated the one before", &|n| format!("{n} restarts of a crash-looping container repeated the one before")),
            };
            let pulls = match param(e, "pullingPods").as_u64() {
                Some(pods) => clause("repeatedPulls", "", &|n| format!("{n} failed pulls of {pods} containers' images repeated the ones before")),
                None => clause("repeatedPulls", "1 failed pull of a container's image repeated the one before", &|n| format!("{n} failed pulls of a container's image repeated the one before")),
            };
            let expired = clause("expiredEvents", "1 event expired", &|n| format!("{n} events expired"));
            format!("{} passed in one step: Lease renewals, passing probes and idle resyncs would have changed nothing{repeats}{hpa}{restarts}{pulls}{expired}", crate::printers::duration::human_duration(ms as i64))
        }
    };
    // `{:>9.3}` of the seconds by podlife_ftl::num, not std: keeps core's float formatting out
    // of the worker.
    let secs = podlife_ftl::num::Fixed(e.time.since_start() as f64 / 1000.0, 3);
    format!("[{secs:>9}s] {who:<24} {:<20} {detail}{object}", e.action.id())
}

//! `kubectl logs` (`kubectl/pkg/cmd/logs`): the container from `-c` or the default one
//! (`podcmd.FindOrDefaultContainerByName`, which says which it chose), then
//! `GET …/pods/NAME/log`. In a script `-f` prints what is there now.

use podlife_engine::kubelet::server::LogOptions;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;
use serde_json::Value;

use super::flags::{self, Kind, Spec};
use super::{Context, namespace_of, send, server_error};
use crate::Output;

#[inline(never)]
pub fn logs(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [
        Spec { long: "container", short: Some('c'), kind: Kind::Value },
        Spec { long: "previous", short: Some('p'), kind: Kind::Bool },
        Spec { long: "follow", short: Some('f'), kind: Kind::Bool },
        Spec { long: "timestamps", short: None, kind: Kind::Bool },
        Spec { long: "tail", short: None, kind: Kind::Value },
        Spec { long: "all-containers", short: None, kind: Kind::Bool },
        Spec { long: "selector", short: Some('l'), kind: Kind::Value },
        Spec { long: "prefix", short: None, kind: Kind::Bool },
        Spec { long: "max-log-requests", short: None, kind: Kind::Value },
    ];
    let p = match flags::parse(args, &specs, "logs") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let usage = "error: expected POD_NAME or TYPE/NAME: kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]\nSee 'kubectl logs -h' for help and examples\n";
    if let Some(selector) = p.get("selector") {
        if p.args.len() == 1 {
            return out.err("error: only a selector (-l) or a POD name is allowed\nSee 'kubectl logs -h' for help and examples\n");
        }
        return logs_of_selected(ctx, &p, selector, out);
    }
    // `kubectl logs POD [CONTAINER]`: the second word names the container.
    let (name, positional) = match p.args.as_slice() {
        [one] => (one.clone(), None),
        [one, c] if p.get("container").is_none() => (one.clone(), Some(c.clone())),
        _ => return out.err(usage),
    };
    let namespace = namespace_of(&p);
    // `TYPE/NAME` of a workload: one of its pods (`polymorphichelpers.AttachablePodForObject`).
    let name = match name.split_once('/') {
        Some((kind, owner)) if !matches!(kind, "pod" | "pods" | "po") => match pod_of_workload(ctx, kind, owner, &namespace, out) {
            Some(pod) => pod,
            None => return,
        },
        _ => name.strip_prefix("pod/").or_else(|| name.strip_prefix("pods/")).unwrap_or(&name).to_string(),
    };
    let requested = p.get("container").map(str::to_string).or(positional);
    let tail: Option<usize> = match p.get("tail") {
        None | Some("-1") => None,
        Some(t) => match t.parse::<usize>() {
            Ok(n) => Some(n),
            Err(_) => return out.err(&format!("error: invalid argument \"{t}\" for \"--tail\" flag: strconv.ParseInt: parsing \"{t}\": invalid syntax\nSee 'kubectl logs --help' for usage.\n")),
        },
    };
    let Some(pod) = fetch_pod(ctx, out, &namespace, &name) else { return };
    let all = all_container_names(&pod);
    let containers: Vec<String> = if p.flag("all-containers") {
        all.iter().map(|(n, _)| n.clone()).collect()
    } else if let Some(c) = requested.as_deref() {
        if !all.iter().any(|(n, _)| n == c) {
            return out.err(&format!("Error from server (BadRequest): container {c} is not valid for pod {name}\n"));
        }
        vec![c.to_string()]
    } else {
        vec![default_container(&pod, out)]
    };
    for c in containers {
        let prefix = p.flag("prefix").then(|| format!("[pod/{name}/{c}] "));
        print_log(ctx, out, &namespace, &name, &c, tail, &p, prefix.as_deref());
    }
}

/// One container's log as `kubectl logs` prints it (`--tail`, `--timestamps`, `--prefix`).
#[allow(clippy::too_many_arguments)]
fn print_log(ctx: &mut Context<'_>, out: &mut Output, namespace: &str, pod: &str, container: &str, tail: Option<usize>, p: &flags::Parsed, prefix: Option<&str>) {
    let options = LogOptions { previous: p.flag("previous"), follow: p.flag("follow"), timestamps: p.flag("timestamps"), tail_lines: tail };
    write_log(ctx, out, namespace, pod, container, options, prefix);
}

/// A container's log from the kubelet, written as the API returns it: the last `tail` lines,
/// each with its timestamp and a prefix when asked, then an error the stream ended with.
pub(super) fn write_log(ctx: &mut Context<'_>, out: &mut Output, namespace: &str, pod: &str, container: &str, options: LogOptions, prefix: Option<&str>) {
    let (tail, timestamps) = (options.tail_lines, options.timestamps);
    match ctx.engine.pod_logs(namespace, pod, container, options) {
        Ok(log) => {
            let lines = &log.lines;
            let skip = tail.map_or(0, |n| lines.len().saturating_sub(n));
            let prefix = prefix.unwrap_or_default();
            for (t, _, line) in lines.iter().skip(skip) {
                if timestamps {
                    out.out(&format!("{prefix}{} {line}\n", t.rfc3339_nanos()));
                } else {
                    out.out(&format!("{prefix}{line}\n"));
                }
            }
            if let Some(text) = &log.trailer {
                out.out(text);
            }
        }
        // `StandardErrorMessage`: the reason in parentheses when there is one.
        Err(s) if s.reason_text().is_empty() => out.err(&format!("Error from server: {}\n", s.message)),
        Err(s) => out.err(&format!("Error from server ({}): {}\n", s.reason_text(), s.message)),
    }
}

/// `kubectl logs -l SELECTOR` (`pkg/cmd/logs/logs.go`): the pods the selector lists, each
/// one's container (`-c`, or its default with kubectl's note); `--tail` defaults to 10 with a
/// selector; with `-f` the streams run together, at most `--max-log-requests` (5) of them.
fn logs_of_selected(ctx: &mut Context<'_>, p: &flags::Parsed, selector: &str, out: &mut Output) {
    let namespace = namespace_of(p);
    let tail: Option<usize> = match p.get("tail") {
        None => Some(10),
        Some("-1") => None,
        Some(t) => match t.parse::<usize>() {
            Ok(n) => Some(n),
            Err(_) => return out.err(&format!("error: invalid argument \"{t}\" for \"--tail\" flag: strconv.ParseInt: parsing \"{t}\": invalid syntax\nSee 'kubectl logs --help' for usage.\n")),
        },
    };
    let max: usize = match p.get("max-log-requests") {
        None => 5,
        Some(m) => match m.parse() {
            Ok(n) => n,
            Err(_) => return out.err(&format!("error: invalid argument \"{m}\" for \"--max-log-requests\" flag: strconv.ParseInt: parsing \"{m}\": invalid syntax\nSee 'kubectl logs --help' for usage.\n")),
        },
    };
    let Some(rt) = ResourceType::resolve("pods") else { return };
    let mut req = Request::new(Verb::List, rt);
    req.namespace = Some(namespace.clone());
    req.label_selector = Some(selector.to_string());
    let pods = match send(ctx, out, req) {
        Ok(Response::List(items)) => items,
        Ok(_) => return,
        Err(s) => return out.err(&super::list_error(&s, rt, Some(selector), None)),
    };
    if pods.is_empty() {
        return out.err(&format!("No resources found in {namespace} namespace.\n"));
    }
    let mut streams: Vec<(String, String)> = Vec::new();
    for pod in &pods {
        let name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let all = all_container_names(pod);
        if p.flag("all-containers") {
            streams.extend(all.iter().map(|(c, _)| (name.clone(), c.clone())));
        } else if let Some(c) = p.get("container") {
            if !all.iter().any(|(n, _)| n == c) {
                return out.err(&format!("error: container {c} is not valid for pod {name}\n"));
            }
            streams.push((name, c.to_string()));
        } else {
            streams.push((name, default_container(pod, out)));
        }
    }
    if p.flag("follow") && streams.len() > max {
        return out.err(&format!("error: you are attempting to follow {} log streams, but maximum allowed concurrency is {max}, use --max-log-requests to increase the limit\n", streams.len()));
    }
    for (pod, container) in streams {
        let prefix = p.flag("prefix").then(|| format!("[pod/{pod}/{container}] "));
        print_log(ctx, out, &namespace, &pod, &container, tail, p, prefix.as_deref());
    }
}

/// GET the pod, or print kubectl's error.
pub(super) fn fetch_pod(ctx: &mut Context<'_>, out: &mut Output, namespace: &str, name: &str) -> Option<Value> {
    let rt = ResourceType::resolve("pods")?;
    let mut req = Request::new(Verb::Get, rt);
    req.namespace = Some(namespace.to_string());
    req.name = Some(name.to_string());
    match send(ctx, out, req) {
        Ok(Response::Object(v)) => Some(v),
        Ok(_) => None,
        Err(s) => {
            out.err(&server_error(&s, "Pod", name, None));
            None
        }
    }
}

/// `podcmd.FindOrDefaultContainerByName` without `-c`: the annotated default container or
/// the first one, saying which when the pod has several.
pub(super) fn default_container(pod: &Value, out: &mut Output) -> String {
    let all = all_container_names(pod);
    let annotated = pod["metadata"]["annotations"]["kubectl.kubernetes.io/default-container"].as_str().filter(|d| all.iter().any(|(n, _)| n == d)).map(str::to_string);
    let chosen = annotated.clone().unwrap_or_else(|| pod["spec"]["containers"][0]["name"].as_str().unwrap_or_default().to_string());
    if annotated.is_none() && all.len() > 1 {
        let list: Vec<String> = all.iter().map(|(n, kind)| if kind.is_empty() { n.clone() } else { format!("{n} ({kind})") }).collect();
        out.err(&format!("Defaulted container {chosen:?} out of: {}\n", list.join(", ")));
    }
    chosen
}

/// `allContainerNames`: containers, then ephemeral `(ephem)`, then init `(init)`.
fn all_container_names(pod: &Value) -> Vec<(String, &'static str)> {
    let names = |field: &str, kind: &'static str| -> Vec<(String, &'static str)> {
        pod["spec"][field].as_array().map(|a| a.iter().filter_map(|c| Some((c["name"].as_str()?.to_string(), kind))).collect()).unwrap_or_default()
    };
    let mut all = names("containers", "");
    all.extend(names("ephemeralContainers", "ephem"));
    all.extend(names("initContainers", "init"));
    all
}

/// The pod `kubectl logs TYPE/NAME` reads: the workload's selector, its pods sorted as
/// `podutil.ByLogging` does (scheduled, Running, ready, then the oldest), and kubectl's
/// `Found N pods, using pod/X` when there is a choice.
fn pod_of_workload(ctx: &mut Context<'_>, kind: &str, owner: &str, namespace: &str, out: &mut Output) -> Option<String> {
    let Some(rt) = ResourceType::resolve(kind) else {
        out.err(&format!("error: the server doesn't have a resource type \"{kind}\"\n"));
        return None;
    };
    if !matches!(rt.kind, "Job" | "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "ReplicationController" | "Service") {
        out.err(&format!("error: cannot get the logs from {}\n", rt.qualified_plural()));
        return None;
    }
    let Some(obj) = ctx.engine.store().get(&podlife_engine::store::ObjectKey::new(rt, Some(namespace), owner)).map(podlife_engine::Slot::to_value) else {
        out.err(&format!("Error from server (NotFound): {} \"{owner}\" not found\n", rt.qualified_plural()));
        return None;
    };
    let selector = podlife_engine::Obj::untyped(&if rt.kind == "Service" { serde_json::json!({"matchLabels": obj["spec"]["selector"]}) } else { obj["spec"]["selector"].clone() });
    let mut pods: Vec<Value> = ctx
        .engine
        .store()
        .list("", "pods", Some(namespace))
        .map(|(_, p)| p)
        .filter(|p| podlife_engine::labels::selector_matches(&selector, &p["metadata"]["labels"]))
        .map(podlife_engine::Slot::to_value)
        .collect();
    if pods.is_empty() {
        out.err("error: timed out waiting for the condition\n");
        return None;
    }
    let rank = |p: &Value| {
        let phase = match p["status"]["phase"].as_str() {
            Some("Running") => 0,
            Some("Unknown") => 1,
            _ => 2,
        };
        let ready = p["status"]["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True"));
        (p["spec"]["nodeName"].is_null(), phase, !ready, p["metadata"]["creationTimestamp"].as_str().unwrap_or_default().to_string())
    };
    podlife_engine::sort::sort_by_key(&mut pods, rank);
    let chosen = pods[0]["metadata"]["name"].as_str().unwrap_or_default().to_string();
    if pods.len() > 1 {
        out.err(&format!("Found {} pods, using pod/{chosen}\n", pods.len()));
    }
    Some(chosen)
}

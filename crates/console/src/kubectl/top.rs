//! `kubectl top pod|node` (`kubectl/pkg/cmd/top`, printed by `pkg/metricsutil`): usage from
//! the `metrics.k8s.io` API that metrics-server serves (`podlife_engine::metrics_server`).

use podlife_engine::labels::Selector;
use podlife_engine::metrics_server::{MetricsApi, PodUsage};
use serde_json::Value;

use super::flags::{self, Kind, Spec};
use super::{Context, namespace_of};
use crate::Output;
use crate::printers::tabwriter;

/// `metricsCreationDelay`: a pod older than this without metrics is reported as such.
const METRICS_CREATION_DELAY_MS: u64 = 2 * 60 * 1000;

#[inline(never)]
pub fn top(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    match args.first().map(String::as_str) {
        Some("pod" | "pods" | "po") => top_pod(ctx, &args[1..], out),
        Some("node" | "nodes" | "no") => top_node(ctx, &args[1..], out),
        Some(other) if !other.starts_with('-') => out.err(&format!("error: unknown command \"{other}\" for \"kubectl top\"\n\nDid you mean this?\n\tnode\n\tpod\n")),
        _ => out.err("Display resource (CPU/memory) usage.\n\n The top command allows you to see the resource consumption for nodes or pods.\n\n This command requires Metrics Server to be correctly configured and working on the server.\n\nAvailable Commands:\n  node          Display resource (CPU/memory) usage of nodes\n  pod           Display resource (CPU/memory) usage of pods\n\nUsage:\n  kubectl top [flags] [options]\n\nUse \"kubectl top <command> --help\" for more information about a given command.\nUse \"kubectl options\" for a list of global command-line flags (applies to all commands).\n"),
    }
}

/// Whether the API answers; the error kubectl prints when it does not.
fn serving(ctx: &Context<'_>, resource: &str, name: Option<&str>) -> Result<podlife_engine::Time, String> {
    match ctx.engine.metrics_api() {
        // `SupportedMetricsAPIVersionAvailable` finds no metrics.k8s.io group in discovery.
        MetricsApi::Absent => Err("error: Metrics API not available\n".into()),
        // The aggregator has no available endpoint for the APIService.
        MetricsApi::Unavailable => Err(format!(
            "Error from server (ServiceUnavailable): the server is currently unable to handle the request (get {resource}.metrics.k8s.io{})\n",
            name.map(|n| format!(" {n}")).unwrap_or_default()
        )),
        MetricsApi::Serving { last } => Ok(last),
    }
}

/// What both subcommands read alike (`Complete`, then `Validate`): NAME, `--sort-by`, `-l`.
struct Query {
    name: Option<String>,
    sort: Option<String>,
    selector: Option<Selector>,
}

fn query(p: &flags::Parsed, kind: &str) -> Result<Query, String> {
    let name = match p.args.as_slice() {
        [] => None,
        [n] => Some(n.strip_prefix(&format!("{kind}/")).unwrap_or(n).to_string()),
        _ => return Err(format!("error: {kind} [NAME | -l label]\nSee 'kubectl top {kind} -h' for help and examples\n")),
    };
    let sort = match p.get("sort-by") {
        None | Some("") => None,
        Some(s @ ("cpu" | "memory")) => Some(s.to_string()),
        Some(_) => return Err("error: --sort-by accepts only cpu or memory\n".into()),
    };
    let label = p.get("selector").filter(|l| !l.is_empty());
    if name.is_some() && (label.is_some() || p.get("field-selector").is_some_and(|f| !f.is_empty())) {
        return Err("error: only one of NAME or selector can be provided\n".into());
    }
    let selector = label.map(Selector::parse).transpose().map_err(|e| format!("error: {e}\n"))?;
    Ok(Query { name, sort, selector })
}

/// `MilliValue()` of a nanocores quantity rounds up.
fn milli(nanocores: u64) -> u64 {
    nanocores.div_ceil(1_000_000)
}

fn mebi(bytes: u64) -> u64 {
    bytes / (1024 * 1024)
}

fn pod_totals(p: &PodUsage) -> (u64, u64) {
    p.containers.iter().fold((0, 0), |(c, m), u| (c + u.cpu_nanocores, m + u.memory_bytes))
}

fn top_pod(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [
        Spec { long: "selector", short: Some('l'), kind: Kind::Value },
        Spec { long: "field-selector", short: None, kind: Kind::Value },
        Spec { long: "sort-by", short: None, kind: Kind::Value },
        Spec { long: "containers", short: None, kind: Kind::Bool },
        Spec { long: "all-namespaces", short: Some('A'), kind: Kind::Bool },
        Spec { long: "no-headers", short: None, kind: Kind::Bool },
        Spec { long: "use-protocol-buffers", short: None, kind: Kind::Bool },
        Spec { long: "sum", short: None, kind: Kind::Bool },
        Spec { long: "show-swap", short: None, kind: Kind::Bool },
    ];
    let p = match flags::parse(args, &specs, "top pod") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let Query { name, sort, selector } = match query(&p, "pod") {
        Ok(q) => q,
        Err(e) => return out.err(&e),
    };
    if p.get("field-selector").is_some_and(|f| !f.is_empty()) {
        return out.err("error: podlife does not model --field-selector for kubectl top yet\n");
    }
    let all = p.flag("all-namespaces");
    let namespace = namespace_of(&p);
    let last = match serving(ctx, "pods", name.as_deref()) {
        Ok(t) => t,
        Err(e) => return out.err(&e),
    };
    let mut metrics = ctx.engine.pod_metrics(last, if all { None } else { Some(namespace.as_str()) });
    if let Some(n) = &name {
        metrics.retain(|m| &m.name == n);
        if metrics.is_empty() {
            return out.err(&format!("Error from server (NotFound): podmetrics.metrics.k8s.io \"{namespace}/{n}\" not found\n"));
        }
    }
    if let Some(sel) = &selector {
        metrics.retain(|m| sel.matches(&podlife_engine::Obj::untyped(&m.labels)));
    }
    if metrics.is_empty() {
        // `verifyEmptyMetrics`: pods that should have metrics by now are named.
        let now = ctx.engine.now();
        let pods: Vec<Value> = ctx.engine.store().list("", "pods", Some(namespace.as_str())).map(|(_, v)| v.to_value()).filter(|v| selector.as_ref().is_none_or(|s| s.matches(&podlife_engine::Obj::untyped(&v["metadata"]["labels"])))).collect();
        if !pods.is_empty() {
            for pod in &pods {
                let created = pod["metadata"]["creationTimestamp"].as_str().and_then(podlife_engine::Time::from_rfc3339).unwrap_or(now);
                let age = now.0.saturating_sub(created.0);
                if age > METRICS_CREATION_DELAY_MS {
                    return out.err(&format!("error: Metrics not available for pod {}/{}, age: {}\n", pod["metadata"]["namespace"].as_str().unwrap_or_default(), pod["metadata"]["name"].as_str().unwrap_or_default(), podlife_engine::kubelet::go_duration(age)));
                }
            }
            return out.err("error: metrics not available yet\n");
        }
        if all {
            out.err("No resources found\n");
        } else {
            out.err(&format!("No resources found in {namespace} namespace.\n"));
        }
        return;
    }
    // `PodMetricsSorter`: by namespace and name, or by usage (highest first).
    podlife_engine::sort::sort_by(&mut metrics, |a, b| match sort.as_deref() {
        Some("cpu") => milli(pod_totals(b).0).cmp(&milli(pod_totals(a).0)),
        Some("memory") => pod_totals(b).1.cmp(&pod_totals(a).1),
        _ if all => (&a.namespace, &a.name).cmp(&(&b.namespace, &b.name)),
        _ => a.name.cmp(&b.name),
    });
    let containers = p.flag("containers");
    let mut text = String::new();
    let mut width = 3;
    if !p.flag("no-headers") {
        if all {
            text.push_str("NAMESPACE\t");
            width += 1;
        }
        if containers {
            text.push_str("POD\t");
            width += 1;
        }
        text.push_str("NAME\tCPU(cores)\tMEMORY(bytes)\t\n");
    }
    let (mut sum_cpu, mut sum_mem) = (0u64, 0u64);
    for m in &mut metrics {
        let (cpu, mem) = pod_totals(m);
        sum_cpu += cpu;
        sum_mem += mem;
        if containers {
            podlife_engine::sort::sort_by(&mut m.containers, |a, b| match sort.as_deref() {
                Some("cpu") => milli(b.cpu_nanocores).cmp(&milli(a.cpu_nanocores)),
                Some("memory") => b.memory_bytes.cmp(&a.memory_bytes),
                _ => a.name.cmp(&b.name),
            });
            for c in &m.containers {
                if all {
                    text.push_str(&format!("{}\t", m.namespace));
                }
                text.push_str(&format!("{}\t{}\t{}m\t{}Mi\t\n", m.name, c.name, milli(c.cpu_nanocores), mebi(c.memory_bytes)));
            }
        } else {
            if all {
                text.push_str(&format!("{}\t", m.namespace));
            }
            text.push_str(&format!("{}\t{}m\t{}Mi\t\n", m.name, milli(cpu), mebi(mem)));
        }
    }
    if p.flag("sum") {
        // `printPodResourcesSum`: underscores under the usage columns, then the totals.
        text.push_str(&"\t".repeat(width - 2));
        text.push_str("________\t________\t\n");
        text.push_str(&"\t".repeat(width - 3));
        text.push_str(&format!("\t{}m\t{}Mi\t\n", milli(sum_cpu), mebi(sum_mem)));
    }
    out.out(&table(&text));
}

fn top_node(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [
        Spec { long: "selector", short: Some('l'), kind: Kind::Value },
        Spec { long: "sort-by", short: None, kind: Kind::Value },
        Spec { long: "no-headers", short: None, kind: Kind::Bool },
        Spec { long: "use-protocol-buffers", short: None, kind: Kind::Bool },
        Spec { long: "show-capacity", short: None, kind: Kind::Bool },
        Spec { long: "show-swap", short: None, kind: Kind::Bool },
    ];
    let p = match flags::parse(args, &specs, "top node") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let Query { name, sort, selector } = match query(&p, "node") {
        Ok(q) => q,
        Err(e) => return out.err(&e),
    };
    let last = match serving(ctx, "nodes", name.as_deref()) {
        Ok(t) => t,
        Err(e) => return out.err(&e),
    };
    let nodes: Vec<Value> = ctx.engine.store().list("", "nodes", None).map(|(_, v)| v.to_value()).collect();
    let labels_of = |n: &str| nodes.iter().find(|v| v["metadata"]["name"] == n).map(|v| v["metadata"]["labels"].clone()).unwrap_or(Value::Null);
    let mut metrics = ctx.engine.node_metrics(last);
    if let Some(n) = &name {
        metrics.retain(|m| &m.name == n);
        if metrics.is_empty() {
            return out.err(&format!("Error from server (NotFound): nodemetrics.metrics.k8s.io \"{n}\" not found\n"));
        }
    }
    if let Some(sel) = &selector {
        metrics.retain(|m| sel.matches(&podlife_engine::Obj::untyped(&labels_of(&m.name))));
    }
    if metrics.is_empty() {
        return out.err("error: metrics not available yet\n");
    }
    podlife_engine::sort::sort_by(&mut metrics, |a, b| match sort.as_deref() {
        Some("cpu") => milli(b.cpu_nanocores).cmp(&milli(a.cpu_nanocores)),
        Some("memory") => b.memory_bytes.cmp(&a.memory_bytes),
        _ => a.name.cmp(&b.name),
    });
    let field = if p.flag("show-capacity") { "capacity" } else { "allocatable" };
    let available = |n: &str, resource: &str| -> Option<i64> {
        let v = nodes.iter().find(|v| v["metadata"]["name"] == n)?;
        let q = podlife_model::quantity::Quantity::parse(v["status"][field][resource].as_str()?).ok()?;
        Some(q.milli_value())
    };
    let mut text = String::new();
    if !p.flag("no-headers") {
        text.push_str("NAME\tCPU(cores)\tCPU(%)\tMEMORY(bytes)\tMEMORY(%)\t\n");
    }
    let percent = |used_milli: u64, avail: Option<i64>| -> String {
        match avail {
            Some(a) if a > 0 => format!("{}%\t", (used_milli as f64 / a as f64 * 100.0) as i64),
            Some(_) => "0%\t".into(),
            None => String::new(),
        }
    };
    let listed: Vec<String> = metrics.iter().map(|m| m.name.clone()).collect();
    for m in &metrics {
        let cpu = milli(m.cpu_nanocores);
        text.push_str(&format!("{}\t{cpu}m\t{}{}Mi\t{}\n", m.name, percent(cpu, available(&m.name, "cpu")), mebi(m.memory_bytes), percent(m.memory_bytes.saturating_mul(1000), available(&m.name, "memory"))));
    }
    // Nodes the API lists but metrics-server has nothing for (a node that is down).
    if name.is_none() {
        for n in &nodes {
            let nm = n["metadata"]["name"].as_str().unwrap_or_default();
            if !listed.iter().any(|l| l == nm) && selector.as_ref().is_none_or(|s| s.matches(&podlife_engine::Obj::untyped(&n["metadata"]["labels"]))) {
                text.push_str(&format!("{nm}\t<unknown>\t<unknown>\t<unknown>\t<unknown>\t\n"));
            }
        }
    }
    out.out(&table(&text));
}

/// `printers.GetNewTabWriter`: minwidth 6, padding 3; every cell ends with a tab, so the
/// last column is padded too.
fn table(text: &str) -> String {
    let aligned = tabwriter::align(text.trim_end_matches('\n'), 6, 3);
    format!("{aligned}\n")
}

//! `podlife node add | reboot | remove` and `podlife cluster nodes N`: machines joining and
//! leaving the cluster (the engine's `nodes` module says what each does). This module reads
//! the arguments.

use podlife_engine::nodes::NewNode;
use serde_json::{Value, json};

pub const USAGE: &str = "podlife: usage: podlife node add NAME [--cpu 2] [--memory 4Gi] [--pods 110] [--labels KEY=VALUE,…] [--taints KEY[=VALUE]:EFFECT,…], podlife node reboot|remove|down|up NAME, or podlife node NAME -- COMMAND…\n";

/// `--labels a=b,c=d` (the kubelet's `--node-labels`).
fn labels(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split(',')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())).ok_or_else(|| format!("invalid --labels {text:?}: each label is KEY=VALUE")))
        .collect()
}

/// `--taints key=value:Effect,…` (the kubelet's `--register-with-taints`, `taints.ParseTaints`).
fn taints(text: &str) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    for spec in text.split(',').filter(|p| !p.is_empty()) {
        let Some((kv, effect)) = spec.rsplit_once(':') else { return Err(format!("invalid taint spec: {spec}")) };
        if !matches!(effect, "NoSchedule" | "PreferNoSchedule" | "NoExecute") {
            return Err(format!("invalid taint effect: {effect}, unsupported taint effect"));
        }
        let (key, value) = kv.split_once('=').map_or((kv, None), |(k, v)| (k, Some(v)));
        if key.is_empty() {
            return Err(format!("invalid taint spec: {spec}"));
        }
        let mut t = json!({"key": key, "effect": effect});
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            t["value"] = json!(v);
        }
        out.push(t);
    }
    Ok(out)
}

/// The arguments of `podlife node add NAME …`.
pub fn parse_add(name: &str, args: &[&str]) -> Result<NewNode, String> {
    let mut spec = NewNode::named(name);
    let mut i = 0;
    while i < args.len() {
        let (flag, inline) = match args[i].split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (args[i], None),
        };
        let value = match inline {
            Some(v) => v,
            None => {
                i += 1;
                args.get(i).map(|s| s.to_string()).ok_or_else(|| format!("flag needs an argument: {flag}"))?
            }
        };
        match flag {
            "--cpu" => spec.cpu = value,
            "--memory" => spec.memory = value,
            "--pods" => spec.pods = value,
            "--labels" => spec.labels.extend(labels(&value)?),
            "--taints" => spec.taints.extend(taints(&value)?),
            other => return Err(format!("unknown flag: {other}")),
        }
        i += 1;
    }
    Ok(spec)
}

/// `podlife cluster nodes N [--cpu …] [--memory …] [--pods …] [--labels …] [--taints …]`:
/// machines join, named `worker-1`, `worker-2`, … (the free names, in order), until the
/// cluster has N nodes; the line printed names them. A cluster is never shrunk this way.
pub fn grow(engine: &mut podlife_engine::Engine, count: &str, args: &[&str]) -> Result<String, String> {
    let n: usize = count.parse().map_err(|_| format!("invalid node count {count:?}: a whole number, at most {}", podlife_engine::MAX_NODES))?;
    if n > podlife_engine::MAX_NODES {
        return Err(format!("a cluster has at most {} nodes", podlife_engine::MAX_NODES));
    }
    let present = engine.machine_names();
    if n < present.len() {
        return Err(format!("the cluster has {} nodes already; `podlife node remove NAME` removes one", present.len()));
    }
    let template = parse_add("worker", args)?;
    let mut added = Vec::new();
    let mut k = 1;
    while present.len() + added.len() < n {
        let name = format!("worker-{k}");
        k += 1;
        if present.contains(&name) {
            continue;
        }
        engine.add_node(NewNode { name: name.clone(), ..template.clone() })?;
        added.push(name);
    }
    Ok(match added.as_slice() {
        [] => format!("podlife: the cluster has {n} nodes\n"),
        [one] => format!("podlife: {one} joined; the cluster has {n} nodes\n"),
        [first, .., last] => format!("podlife: {first} … {last} joined ({} nodes); the cluster has {n} nodes\n", added.len()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_flags() {
        let spec = parse_add("w3", &["--cpu", "4", "--memory=8Gi", "--labels", "disk=ssd,zone=a", "--taints", "gpu=true:NoSchedule,maint:NoExecute"]).unwrap();
        assert_eq!((spec.cpu.as_str(), spec.memory.as_str(), spec.pods.as_str()), ("4", "8Gi", "110"));
        assert_eq!(spec.labels, vec![("disk".to_string(), "ssd".to_string()), ("zone".to_string(), "a".to_string())]);
        assert_eq!(spec.taints, vec![json!({"key": "gpu", "value": "true", "effect": "NoSchedule"}), json!({"key": "maint", "effect": "NoExecute"})]);
        assert_eq!(parse_add("w3", &["--cpu"]).unwrap_err(), "flag needs an argument: --cpu");
        assert_eq!(parse_add("w3", &["--gpu", "1"]).unwrap_err(), "unknown flag: --gpu");
        assert_eq!(parse_add("w3", &["--taints", "a=b:Sometimes"]).unwrap_err(), "invalid taint effect: Sometimes, unsupported taint effect");
        assert!(parse_add("w3", &["--labels", "novalue"]).is_err());
    }
}

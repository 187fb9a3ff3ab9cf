//! `podlife node add | reboot | remove` and `podlife cluster nodes N`: machines joining and
//! leaving the cluster (the engine's `nodes` module says what each does). This module reads
//! the arguments.

use podlife_engine::nodes::NewNode;
use serde_json::{Value, json};

pub const USAGE: &str = "podlife: usage: podlife node add NAME [--cpu 2] [--memory 4Gi] [--pods 110] [--labels KEY=VALUE,…] [--taints KEY[=VALUE]:EFFECT,…], podlife node reboot|remove|down|up NAME, podlife node NAME -- COMMAND…, or podlife cluster nodes N [the same flags] [--zones Z] (Z from 1 to 6: the new nodes go round-robin into zones us-east-1a … us-east-1f of region us-east-1)\n";

/// The region `--zones` puts nodes in, and its zones: AWS's `us-east-1` and six of its
/// availability-zone names (`us-east-1a` … `us-east-1f`), as the cloud provider's node
/// controller labels a cloud's nodes with `topology.kubernetes.io/region` and
/// `topology.kubernetes.io/zone` (well-known labels: `staging/src/k8s.io/api/core/v1/well_known_labels.go`).
/// kind's nodes have neither label; here the kubelet sets them (`--node-labels` allows both).
pub const REGION: &str = "us-east-1";
pub const ZONES: [&str; 6] = ["us-east-1a", "us-east-1b", "us-east-1c", "us-east-1d", "us-east-1e", "us-east-1f"];

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
#[inline(never)]
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

/// `--zones Z` taken out of `podlife cluster nodes`' arguments (the rest go to `parse_add`).
fn take_zones(args: &[&str]) -> Result<(Option<usize>, Vec<String>), String> {
    let (mut zones, mut rest, mut i) = (None, Vec::new(), 0);
    while i < args.len() {
        let value = match args[i].split_once('=') {
            Some(("--zones", v)) => v.to_string(),
            _ if args[i] == "--zones" => {
                i += 1;
                args.get(i).map(|s| s.to_string()).ok_or("flag needs an argument: --zones")?
            }
            _ => {
                rest.push(args[i].to_string());
                i += 1;
                continue;
            }
        };
        match value.parse::<usize>() {
            Ok(z @ 1..=6) => zones = Some(z),
            _ => return Err(format!("invalid --zones {value:?}: a whole number from 1 to {} (the zones of region {REGION})", ZONES.len())),
        }
        i += 1;
    }
    Ok((zones, rest))
}

/// `podlife cluster nodes N [--cpu …] [--memory …] [--pods …] [--labels …] [--taints …] [--zones Z]`:
/// machines join, named `worker-1`, `worker-2`, … (the free names, in order), until the
/// cluster has N nodes; the line printed names them. A cluster is never shrunk this way.
/// With `--zones Z` the new nodes are labelled `topology.kubernetes.io/region=us-east-1` and
/// `topology.kubernetes.io/zone` round-robin over the first Z of `ZONES` (the first new node in
/// `us-east-1a`, the next in `us-east-1b`, …); nodes already there keep their labels.
#[inline(never)]
pub fn grow(engine: &mut podlife_engine::Engine, count: &str, args: &[&str]) -> Result<String, String> {
    let n: usize = count.parse().map_err(|_| format!("invalid node count {count:?}: a whole number, at most {}", podlife_engine::MAX_NODES))?;
    if n > podlife_engine::MAX_NODES {
        return Err(format!("a cluster has at most {} nodes", podlife_engine::MAX_NODES));
    }
    let present = engine.machine_names();
    if n < present.len() {
        return Err(format!("the cluster has {} nodes already; `podlife node remove NAME` removes one", present.len()));
    }
    let (zones, args) = take_zones(args)?;
    let template = parse_add("worker", &args.iter().map(String::as_str).collect::<Vec<_>>())?;
    let mut added = Vec::new();
    let mut k = 1;
    while present.len() + added.len() < n {
        let name = format!("worker-{k}");
        k += 1;
        if present.contains(&name) {
            continue;
        }
        let mut labels = template.labels.clone();
        if let Some(z) = zones {
            labels.push(("topology.kubernetes.io/region".to_string(), REGION.to_string()));
            labels.push(("topology.kubernetes.io/zone".to_string(), ZONES[added.len() % z].to_string()));
        }
        engine.add_node(NewNode { name: name.clone(), labels, ..template.clone() })?;
        added.push(name);
    }
    let mut said = match added.as_slice() {
        [] => format!("podlife: the cluster has {n} nodes\n"),
        [one] => format!("podlife: {one} joined; the cluster has {n} nodes\n"),
        [first, .., last] => format!("podlife: {first} … {last} joined ({} nodes); the cluster has {n} nodes\n", added.len()),
    };
    // kind's pod subnet has room for so many nodes: say so where the nodes are asked for, not
    // only in kube-controller-manager's events.
    let ranges = podlife_engine::controllers::nodeipam::RANGES as usize;
    if n > ranges && !added.is_empty() {
        said.push_str(&format!(
            "podlife: kind's pod subnet {} gives {ranges} nodes a /24 each: kube-controller-manager gives the other {} no podCIDR (CIDRNotAvailable), and they stay NotReady\n",
            podlife_engine::cluster::system_pods::POD_SUBNET,
            n - ranges
        ));
    }
    Ok(said)
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

    #[test]
    fn zones_flag() {
        assert_eq!(take_zones(&["--cpu", "4", "--zones", "3"]).unwrap(), (Some(3), vec!["--cpu".to_string(), "4".to_string()]));
        assert_eq!(take_zones(&["--zones=6"]).unwrap(), (Some(6), vec![]));
        assert_eq!(take_zones(&["--memory=8Gi"]).unwrap(), (None, vec!["--memory=8Gi".to_string()]));
        assert_eq!(take_zones(&["--zones"]).unwrap_err(), "flag needs an argument: --zones");
        assert_eq!(take_zones(&["--zones", "7"]).unwrap_err(), "invalid --zones \"7\": a whole number from 1 to 6 (the zones of region us-east-1)");
        assert!(take_zones(&["--zones", "0"]).is_err());
        assert!(take_zones(&["--zones", "two"]).is_err());
    }

    #[test]
    fn zones_round_robin() {
        let mut engine = podlife_engine::Engine::with_nodes(1, &[]);
        assert_eq!(grow(&mut engine, "5", &["--zones", "2", "--labels", "disk=ssd"]).unwrap(), "podlife: worker-1 … worker-5 joined (5 nodes); the cluster has 5 nodes\n");
        engine.advance_by(10_000);
        let store = engine.store();
        let nodes = podlife_model::ResourceType::resolve("nodes").unwrap();
        let zone = |name: &str| {
            let node = store.get(&podlife_engine::store::ObjectKey::new(nodes, None, name)).expect("node registered");
            let labels = &node["metadata"]["labels"];
            assert_eq!((labels["topology.kubernetes.io/region"].as_str(), labels["disk"].as_str()), (Some("us-east-1"), Some("ssd")));
            labels["topology.kubernetes.io/zone"].as_str().unwrap().to_string()
        };
        let zones: Vec<String> = (1..=5).map(|i| zone(&format!("worker-{i}"))).collect();
        assert_eq!(zones, ["us-east-1a", "us-east-1b", "us-east-1a", "us-east-1b", "us-east-1a"]);
        assert!(grow(&mut engine, "6", &["--zones", "9"]).unwrap_err().starts_with("invalid --zones"));
    }

    #[test]
    fn more_nodes_than_pod_ranges_are_told() {
        let mut engine = podlife_engine::Engine::with_nodes(1, &[]);
        let said = grow(&mut engine, "256", &[]).unwrap();
        assert!(!said.contains("CIDRNotAvailable"), "{said}");
        let said = grow(&mut engine, "258", &[]).unwrap();
        assert!(said.ends_with("gives 256 nodes a /24 each: kube-controller-manager gives the other 2 no podCIDR (CIDRNotAvailable), and they stay NotReady\n"), "{said}");
    }
}

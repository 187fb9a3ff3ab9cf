//! Machines joining and leaving the cluster (`podlife node add | reboot | remove`), below the
//! API: what happens to the machine itself. Everything the cluster sees follows from its
//! kubelet (registration, Lease, status: `kubelet/register.rs`) and from the controllers.
//!
//! - **add**: a new machine boots with its kubelet (`--node-labels`, `--register-with-taints`),
//!   containerd and kube-proxy; the kubelet registers the Node and reports Ready once the node
//!   IPAM controller has given it a podCIDR; DaemonSet pods follow.
//! - **reboot**: the machine goes down at once — every process ends without a signal; containerd
//!   keeps its container records (exited, code 255, reason `Unknown`) and the sandboxes (not
//!   ready); the pods' emptyDir volumes stay on disk (a `medium: Memory` one is a tmpfs and is
//!   gone); kube-proxy's iptables rules are flushed. 30 s later (a modelled boot time, not an
//!   upstream value) it is up with a new boot id: containerd, then the kubelet — which registers
//!   again (the Node exists), warns `Rebooted`, finds every sandbox gone and creates them again,
//!   running init containers again — and kube-proxy.
//! - **remove**: the machine goes down for good and the administrator deletes its Node
//!   (`kubectl delete node`): the pod garbage collector removes its pods after its 40 s
//!   quarantine; the DaemonSet controller stops counting it.

use serde_json::Value;

use crate::apiserver::{Request, Verb};
use crate::containerd::ContainerState;
use crate::machine::MachineFacts;
use crate::trace::{Action, ComponentRef};
use crate::{Engine, EngineError, Task};
use podlife_model::ResourceType;

/// How long a rebooting machine is down (power cycle, boot, kubelet start): modelled.
pub const REBOOT_MS: u64 = 30_000;

/// `podlife node add`'s description of the new machine.
#[derive(Debug, Clone, PartialEq)]
pub struct NewNode {
    pub name: String,
    pub cpu: String,
    pub memory: String,
    pub pods: String,
    /// The kubelet's `--node-labels`.
    pub labels: Vec<(String, String)>,
    /// The kubelet's `--register-with-taints`.
    pub taints: Vec<Value>,
}

impl NewNode {
    /// A machine like the default workers (2 CPUs, 4 GiB, 110 pods).
    pub fn named(name: &str) -> NewNode {
        NewNode { name: name.to_string(), cpu: "2".into(), memory: "4Gi".into(), pods: "110".into(), labels: vec![], taints: vec![] }
    }
}

/// `kubeletapis.KubeletLabels()` and `KubeletLabelNamespaces()`: the `kubernetes.io` labels a
/// kubelet may set on its own Node.
const KUBELET_LABELS: &[&str] = &[
    "beta.kubernetes.io/arch", "beta.kubernetes.io/instance-type", "beta.kubernetes.io/os", "failure-domain.beta.kubernetes.io/region",
    "failure-domain.beta.kubernetes.io/zone", "kubernetes.io/arch", "kubernetes.io/hostname", "kubernetes.io/os", "node.kubernetes.io/instance-type",
    "topology.kubernetes.io/region", "topology.kubernetes.io/zone",
];
const KUBELET_LABEL_NAMESPACES: &[&str] = &["kubelet.kubernetes.io", "node.kubernetes.io"];

/// The kubelet's `ValidateKubeletFlags` for `--node-labels`, in its own words.
pub fn validate_node_labels(labels: &[(String, String)]) -> Result<(), String> {
    let namespace = |k: &str| k.split_once('/').map(|(ns, _)| ns.to_string()).unwrap_or_default();
    let in_domain = |ns: &str, domain: &str| ns == domain || ns.ends_with(&format!(".{domain}"));
    let mut unknown: Vec<&str> = labels
        .iter()
        .map(|(k, _)| k.as_str())
        .filter(|k| {
            let ns = namespace(k);
            (in_domain(&ns, "kubernetes.io") || in_domain(&ns, "k8s.io")) && !KUBELET_LABELS.contains(k) && !KUBELET_LABEL_NAMESPACES.iter().any(|d| in_domain(&ns, d))
        })
        .collect();
    crate::sort::sort(&mut unknown);
    unknown.dedup();
    if !unknown.is_empty() {
        return Err(format!(
            "unknown 'kubernetes.io' or 'k8s.io' labels specified with --node-labels: [{}]\n--node-labels in the 'kubernetes.io' namespace must begin with an allowed prefix ({}) or be in the specifically allowed set ({})",
            unknown.join(" "),
            KUBELET_LABEL_NAMESPACES.join(", "),
            KUBELET_LABELS.join(", ")
        ));
    }
    let mut errs: Vec<String> = Vec::new();
    for (k, v) in labels {
        let key_errs = crate::apiserver::validation::label_key(k);
        if !key_errs.is_empty() {
            errs.push(format!("'{k}' - {}", key_errs.join(", ")));
        }
        let value_errs = crate::apiserver::validation::label_value(v);
        if !value_errs.is_empty() {
            errs.push(format!("'{v}' - {}", value_errs.join(", ")));
        }
    }
    if !errs.is_empty() {
        return Err(format!("invalid node labels: {}", errs.join("; ")));
    }
    Ok(())
}

impl Engine {
    /// Whether a machine by that name runs (or is rebooting) in the cluster.
    fn has_machine(&self, name: &str) -> bool {
        self.components.iter().any(|c| c.id.node.as_deref() == Some(name)) && !self.removed_nodes.contains(name)
    }

    /// The machines in the cluster (running or rebooting), by name.
    pub fn machine_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .components
            .iter()
            .filter(|c| c.id.name == crate::kubelet::COMPONENT)
            .filter_map(|c| c.id.node.as_deref().map(str::to_string))
            .filter(|n| !self.removed_nodes.contains(n.as_str()))
            .collect();
        crate::sort::sort(&mut names);
        names.dedup();
        names
    }

    /// `podlife node add`: a new machine joins.
    #[inline(never)]
    pub fn add_node(&mut self, spec: NewNode) -> Result<(), String> {
        self.outside_change();
        let name = spec.name.clone();
        let errs = crate::apiserver::validation::dns1123_subdomain(&name);
        if !errs.is_empty() {
            return Err(format!("invalid node name {name:?}: {}", errs.join(", ")));
        }
        if self.has_machine(&name) {
            return Err(format!("node {name:?} already exists"));
        }
        let machines = self.components.iter().filter(|c| c.id.name == crate::kubelet::COMPONENT && c.id.node.as_deref().is_some_and(|n| !self.removed_nodes.contains(n))).count();
        if machines >= crate::MAX_NODES {
            return Err(format!("a cluster has at most {} nodes", crate::MAX_NODES));
        }
        let mut capacity = serde_json::Map::new();
        for (resource, value) in [("cpu", &spec.cpu), ("memory", &spec.memory), ("pods", &spec.pods)] {
            let q = podlife_model::quantity::Quantity::parse(value).map_err(|_| format!("invalid --{resource} {value:?}: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"))?;
            capacity.insert(resource.to_string(), json!(q.to_string()));
        }
        validate_node_labels(&spec.labels).map_err(|e| format!("kubelet on {name}: failed to validate kubelet flags: {e}"))?;
        for (k, v) in [("ephemeral-storage", "100Gi"), ("hugepages-1Gi", "0"), ("hugepages-2Mi", "0")] {
            capacity.insert(k.to_string(), json!(v));
        }
        let host_ip = self.free_host_ip().ok_or("no address left in 172.18.0.0/16")?;
        let facts = MachineFacts {
            machine_id: self.rng.uuid().replace('-', ""),
            system_uuid: self.rng.uuid(),
            boot_id: self.rng.uuid(),
            host_ip: host_ip.clone(),
            capacity: Value::Object(capacity),
            labels: spec.labels.clone(),
            taints: spec.taints.clone(),
        };
        let params = crate::sort::map_of([
            ("node".to_string(), json!(name)),
            ("cpu".to_string(), json!(facts.capacity["cpu"])),
            ("memory".to_string(), json!(facts.capacity["memory"])),
            ("pods".to_string(), json!(facts.capacity["pods"])),
            ("ip".to_string(), json!(host_ip)),
        ]);
        self.record(ComponentRef::on_node("node", &name), Action::NodeAdd, None, params, vec![]);
        let offset = self.rng.below(1_000);
        let mut runtime = crate::containerd::Runtime::new(&name, "");
        runtime.daemon_start(self.now, crate::containerd::daemon::FIRST_PID, crate::containerd::daemon::first_boot_us(&name));
        self.machines.insert(name.clone(), Box::new(crate::machine::NodeMachine::new(runtime, facts)));
        self.kubelets.insert(name.clone(), crate::component::Slot::new(crate::kubelet::Kubelet::new(&name, &host_ip, offset)));
        self.containerds.insert(name.clone(), crate::component::Slot::new(crate::containerd::service::Containerd::new(&name)));
        if self.removed_nodes.remove(&name) {
            // The same name again: its components start afresh.
            for c in ["containerd", crate::proxy::COMPONENT, crate::kubelet::COMPONENT] {
                let _ = self.start_component(c, Some(&name));
            }
            self.proxy_boot(&name);
        } else {
            self.start_node_components(&name);
        }
        Ok(())
    }

    /// A new machine's daemons start: containerd, kube-proxy and the kubelet, which registers
    /// its Node (or reads the one that exists) and starts its heartbeats.
    pub(crate) fn start_node_components(&mut self, name: &str) {
        for mut c in crate::components::node_components(name) {
            for w in &c.watches {
                let items: Vec<(crate::store::ObjectKey, std::sync::Arc<crate::Obj>)> = self.store.list_shared(w.group, w.resource, None).filter(|(k, v)| w.matches(k, v)).map(|(k, v)| (k.clone(), v.clone())).collect();
                c.cache.extend(items);
            }
            self.components.push(c);
        }
        self.refresh_node_index();
        self.start_heartbeats(name);
        self.proxy_boot(name);
        self.kubelet_start(name);
    }

    /// The lowest address of kind's docker network (172.18.0.0/16: .0.1 is the gateway, .255.255
    /// the broadcast address) no machine or Node uses: docker's IPAM hands out a pool's addresses
    /// in order, so the 254th machine gets 172.18.0.255 and the next 172.18.1.0.
    fn free_host_ip(&self) -> Option<String> {
        let offset = |ip: &str| -> Option<u32> {
            let rest = ip.strip_prefix("172.18.")?;
            let (a, b) = rest.split_once('.')?;
            Some(a.parse::<u8>().ok()? as u32 * 256 + b.parse::<u8>().ok()? as u32)
        };
        let mut used: crate::vecmap::VecSet<u32> = crate::vecmap::VecSet::from_iter(self.machines.values().filter_map(|m| offset(&m.facts.host_ip)));
        if let Some(rt) = ResourceType::resolve("nodes") {
            for (_, n) in self.store.list_shared("", rt.plural, None) {
                if let Some(o) = crate::cluster::facts::internal_ip(n).and_then(offset) {
                    used.insert(o);
                }
            }
        }
        (2..65_535u32).find(|o| !used.contains(o)).map(|o| format!("172.18.{}.{}", o / 256, o % 256))
    }

    /// `podlife node reboot`: down now, up with a new boot id `REBOOT_MS` later.
    #[inline(never)]
    pub fn reboot_node(&mut self, name: &str) -> Result<(), EngineError> {
        self.outside_change();
        if !self.has_machine(name) {
            return Err(EngineError::UnknownNode(name.to_string()));
        }
        if self.rebooting.contains_key(name) {
            return Ok(());
        }
        self.machine_shutdown(name, "reboot");
        self.next_boot += 1;
        let token = self.next_boot;
        self.rebooting.insert(name.to_string(), token);
        self.schedule(self.now.plus_millis(REBOOT_MS), Task::NodeBoot { node: name.to_string(), token });
        Ok(())
    }

    /// `podlife node remove`: the machine goes for good, then the administrator deletes its
    /// Node (`kubectl delete node`).
    #[inline(never)]
    pub fn remove_node(&mut self, name: &str) -> Result<(), EngineError> {
        self.outside_change();
        if !self.has_machine(name) {
            return Err(EngineError::UnknownNode(name.to_string()));
        }
        self.machine_shutdown(name, "remove");
        self.rebooting.remove(name);
        self.removed_nodes.insert(name.to_string());
        self.machines.remove(name);
        self.kubelets.remove(name);
        self.containerds.remove(name);
        self.kube_proxies.remove(name);
        self.nat_tables.remove(name);
        self.down_nodes.remove(name);
        if let Some(rt) = ResourceType::resolve("nodes") {
            let mut req = Request::new(Verb::Delete, rt);
            req.name = Some(name.to_string());
            let _ = self.handle(req);
        }
        Ok(())
    }

    /// The power goes: every process ends at once; the components stop.
    fn machine_shutdown(&mut self, name: &str, reason: &str) {
        let params = crate::sort::map_of([("node".to_string(), json!(name)), ("reason".to_string(), json!(reason))]);
        self.record(ComponentRef::on_node("node", name), Action::NodeShutdown, None, params, vec![]);
        let now = self.now;
        let memory_volumes = self.memory_volumes();
        if let Some(m) = self.machines.get_mut(name) {
            m.runtime.containers_changed += 1;
            for c in m.runtime.containers.values_mut().filter(|c| c.state == ContainerState::Running) {
                // containerd's CRI plugin after the restart: the task is gone, `unknownExitCode`.
                c.state = ContainerState::Exited;
                c.exit_code = 255;
                c.reason = "Unknown".into();
                c.finished_at = Some(now);
                c.pid = 0;
                c.generation += 1;
            }
            for s in m.runtime.sandboxes.values_mut() {
                s.ready = false;
            }
            m.runtime.daemon_killed(now);
            // A `medium: Memory` emptyDir is a tmpfs: it does not survive the power cycle.
            for (uid, volume) in &memory_volumes {
                let dir = format!("{}/volumes/kubernetes.io~empty-dir/{volume}", crate::kubelet::volumes::pod_dir(uid));
                crate::kubelet::volumes::remove_all(&mut m.disk, &dir);
            }
        }
        if let Some(nat) = self.nat_tables.get_mut(name) {
            nat.installed = Default::default();
        }
        for c in [crate::kubelet::COMPONENT, crate::proxy::COMPONENT, "containerd"] {
            let _ = self.stop_component(c, Some(name));
        }
    }

    /// (pod uid, volume) of every `emptyDir` with `medium: Memory`.
    fn memory_volumes(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (_, p) in self.store.list_shared("", "pods", None) {
            let uid = p["metadata"]["uid"].as_str().unwrap_or_default();
            for v in p["spec"]["volumes"].as_array().into_iter().flatten().filter(|v| v["emptyDir"]["medium"] == "Memory") {
                out.push((uid.to_string(), v["name"].as_str().unwrap_or_default().to_string()));
            }
        }
        out
    }

    /// The rebooted machine is up: a new boot id, then containerd, the kubelet and kube-proxy.
    pub(crate) fn node_boot(&mut self, name: &str, token: u64) {
        if self.rebooting.get(name) != Some(&token) {
            return;
        }
        self.rebooting.remove(name);
        let boot_id = self.rng.uuid();
        if let Some(m) = self.machines.get_mut(name) {
            m.facts.boot_id = boot_id.clone();
        }
        let params = crate::sort::map_of([("node".to_string(), json!(name)), ("bootID".to_string(), json!(boot_id))]);
        self.record(ComponentRef::on_node("node", name), Action::NodeBoot, None, params, vec![]);
        for c in ["containerd", crate::kubelet::COMPONENT, crate::proxy::COMPONENT] {
            let _ = self.start_component(c, Some(name));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `server_test.go` `TestValidateKubeletFlags`' cases.
    #[test]
    fn kubelet_label_rules() {
        let l = |k: &str| vec![(k.to_string(), "x".to_string())];
        assert!(validate_node_labels(&l("node.kubernetes.io/instance-type")).is_ok());
        assert!(validate_node_labels(&l("kubelet.kubernetes.io/role")).is_ok());
        assert!(validate_node_labels(&l("sub.node.kubernetes.io/x")).is_ok());
        assert!(validate_node_labels(&l("disk")).is_ok());
        let e = validate_node_labels(&l("node-role.kubernetes.io/worker")).unwrap_err();
        assert!(e.starts_with("unknown 'kubernetes.io' or 'k8s.io' labels specified with --node-labels: [node-role.kubernetes.io/worker]\n--node-labels in the 'kubernetes.io' namespace must begin with an allowed prefix (kubelet.kubernetes.io, node.kubernetes.io)"), "{e}");
        assert!(validate_node_labels(&l("beta.kubernetes.io/metadata-proxy-ready")).is_err());
        assert!(validate_node_labels(&l("example.k8s.io/x")).is_err());
        assert!(validate_node_labels(&[("disk".into(), "not valid!".into())]).unwrap_err().starts_with("invalid node labels: 'not valid!' - "));
    }

    /// Past 172.18.0.254 the machines get 172.18.0.255, 172.18.1.0, … (a /16, as docker's).
    #[test]
    fn host_addresses_fill_the_docker_network_in_order() {
        let mut e = Engine::with_nodes(1, &[]);
        for i in 0..256 {
            e.add_node(NewNode::named(&format!("w{i:03}"))).expect("room in the /16");
        }
        let ip = |e: &Engine, name: &str| e.kubelet_of(name).map(|k| k.host_ip.clone());
        assert_eq!(ip(&e, "w000").as_deref(), Some("172.18.0.2"));
        assert_eq!(ip(&e, "w252").as_deref(), Some("172.18.0.254"));
        assert_eq!(ip(&e, "w253").as_deref(), Some("172.18.0.255"));
        assert_eq!(ip(&e, "w254").as_deref(), Some("172.18.1.0"));
        assert_eq!(ip(&e, "w255").as_deref(), Some("172.18.1.1"));
    }
}

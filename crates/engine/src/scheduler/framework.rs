//! The scheduling framework's shapes (upstream: `staging/src/k8s.io/kube-scheduler/framework/
//! interface.go`, `types.go`): status codes, the typed pod and node views plugins read, and
//! one trait per extension point.

use crate::Slot;
use crate::vecmap::VecMap;

use std::sync::Arc;

use serde_json::Value;

use crate::resources::{ResourceList, non_missing_container_requests, pod_requests_in_use};
use podlife_model::quantity::Quantity;

/// `MaxNodeScore`.
pub const MAX_NODE_SCORE: i64 = 100;

/// `fwk.Code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Code {
    Success,
    Error,
    Unschedulable,
    UnschedulableAndUnresolvable,
    Skip,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Success => "Success",
            Code::Error => "Error",
            Code::Unschedulable => "Unschedulable",
            Code::UnschedulableAndUnresolvable => "UnschedulableAndUnresolvable",
            Code::Skip => "Skip",
        }
    }
}

/// `fwk.Status`: a code and the reasons a learner reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub code: Code,
    pub reasons: Vec<String>,
}

impl Status {
    pub fn success() -> Status {
        Status { code: Code::Success, reasons: Vec::new() }
    }

    pub fn skip() -> Status {
        Status { code: Code::Skip, reasons: Vec::new() }
    }

    pub fn unschedulable(reasons: Vec<String>) -> Status {
        Status { code: Code::Unschedulable, reasons }
    }

    pub fn unresolvable(reason: &str) -> Status {
        Status { code: Code::UnschedulableAndUnresolvable, reasons: vec![reason.to_string()] }
    }

    pub fn is_success(&self) -> bool {
        self.code == Code::Success
    }

    /// `Message()`: the reasons joined with `, `.
    pub fn message(&self) -> String {
        self.reasons.join(", ")
    }
}

/// `framework.Resource`: the quantities the scheduler adds up, in integer units.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Resource {
    pub milli_cpu: i64,
    pub memory: i64,
    pub ephemeral_storage: i64,
    pub allowed_pod_number: i64,
    pub scalar: VecMap<String, i64>,
}

impl Resource {
    pub fn from_list(list: &ResourceList) -> Resource {
        let mut r = Resource::default();
        for (name, q) in list {
            match name.as_str() {
                "cpu" => r.milli_cpu = q.milli_value(),
                "memory" => r.memory = q.value(),
                "ephemeral-storage" => r.ephemeral_storage = q.value(),
                "pods" => r.allowed_pod_number = q.value(),
                other => {
                    r.scalar.insert(other.to_string(), q.value());
                }
            }
        }
        r
    }

    pub fn add(&mut self, other: &Resource) {
        self.milli_cpu += other.milli_cpu;
        self.memory += other.memory;
        self.ephemeral_storage += other.ephemeral_storage;
        for (k, v) in &other.scalar {
            *self.scalar.entry(k.clone()).or_default() += v;
        }
    }

    pub fn sub(&mut self, other: &Resource) {
        self.milli_cpu -= other.milli_cpu;
        self.memory -= other.memory;
        self.ephemeral_storage -= other.ephemeral_storage;
        for (k, v) in &other.scalar {
            *self.scalar.entry(k.clone()).or_default() -= v;
        }
    }
}

/// The scoring defaults for containers without requests (`pkg/scheduler/util`
/// `DefaultMilliCPURequest` / `DefaultMemoryRequest`).
pub const DEFAULT_MILLI_CPU_REQUEST: i64 = 100;
pub const DEFAULT_MEMORY_REQUEST: i64 = 200 * 1024 * 1024;

/// `compareNumericValues` (component-helpers `scheduling/corev1/helpers.go`): both values
/// canonical decimal int64s, then `Lt` tolerates a taint below the toleration's value and `Gt`
/// one above it. `ToleratesTaint` matches Lt/Gt only with TaintTolerationComparisonOperators;
/// the API server refuses them without it (and gates do not change while a podlife cluster
/// runs), so every stored Lt/Gt toleration is one the gate allowed.
pub(crate) fn compare_numeric(toleration: &str, taint: &str, op: &str) -> bool {
    let canonical = |v: &str| -> Option<i64> {
        let digits = v.strip_prefix('-').unwrap_or(v);
        let b = digits.as_bytes();
        let ok = v == "0" || (!b.is_empty() && (b'1'..=b'9').contains(&b[0]) && b.iter().all(u8::is_ascii_digit));
        if ok { v.parse().ok() } else { None }
    };
    match (canonical(toleration), canonical(taint)) {
        (Some(t), Some(n)) => if op == "Lt" { n < t } else { n > t },
        _ => false,
    }
}

/// A toleration, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Toleration {
    pub key: String,
    pub operator: String,
    pub value: String,
    pub effect: String,
}

impl Toleration {
    /// `Toleration.ToleratesTaint` (`k8s.io/api/core/v1/toleration.go`).
    pub fn tolerates(&self, taint: &Taint) -> bool {
        if !self.effect.is_empty() && self.effect != taint.effect {
            return false;
        }
        if !self.key.is_empty() && self.key != taint.key {
            return false;
        }
        match self.operator.as_str() {
            "" | "Equal" => self.value == taint.value,
            "Exists" => true,
            op @ ("Lt" | "Gt") => compare_numeric(&self.value, &taint.value, op),
            _ => false,
        }
    }
}

/// A node taint, typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Taint {
    pub key: String,
    pub value: String,
    pub effect: String,
}

impl Taint {
    /// `Taint.ToString()`: `key=value:Effect`.
    pub fn to_text(&self) -> String {
        match (self.value.is_empty(), self.effect.is_empty()) {
            (true, true) => self.key.clone(),
            (true, false) => format!("{}:{}", self.key, self.effect),
            (false, _) => format!("{}={}:{}", self.key, self.value, self.effect),
        }
    }
}

fn s(v: &Slot) -> String {
    v.as_str().unwrap_or_default().to_string()
}

/// The pod as the scheduler reads it, parsed once per cycle (the PreFilter state upstream
/// keeps in `CycleState`).
#[derive(Debug, Clone)]
pub struct PodInfo {
    pub namespace: String,
    pub name: String,
    pub uid: String,
    /// `spec.schedulerName`: the profile that schedules it.
    pub scheduler_name: String,
    pub priority: i64,
    /// The pod as the informer holds it, shared (its spec is read from here, not copied:
    /// `spec()`).
    pub pod: Arc<crate::Obj>,
    /// Its labels, copied: spreading and affinity read them for every pod of every node scored.
    labels: Slot,
    /// `spec.nodeName`, or the node an assumed pod was given.
    pub node_name: String,
    /// Has a non-empty `nodeSelector` or required node affinity terms: NodeAffinity's
    /// PreFilter state, so a pod without either passes its Filter at once on every node.
    pub requires_node_affinity: bool,
    pub requests: Resource,
    /// Requests with the scoring defaults for containers that request nothing.
    pub non_zero: Resource,
    pub tolerations: Vec<Toleration>,
    /// `(hostIP, protocol, hostPort)` the pod wants.
    pub host_ports: Vec<(String, String, i64)>,
    /// The containers' and init containers' images, normalized once (`normalizedImageName`)
    /// for ImageLocality, which looks each up on every node it scores.
    pub images: Vec<String>,
    pub init_images: Vec<String>,
    /// Has a deletionTimestamp (still holds its resources until it is gone).
    pub terminating: bool,
    /// `status.nominatedNodeName`.
    pub nominated_node: String,
    /// `status.startTime`, once the kubelet has started the pod.
    pub start_time: Option<crate::clock::Time>,
}

impl PodInfo {
    pub fn spec(&self) -> &Slot {
        &self.pod["spec"]
    }

    pub fn labels(&self) -> &Slot {
        &self.labels
    }

    /// Has required podAffinity terms.
    pub fn has_required_affinity(&self) -> bool {
        self.spec()["affinity"]["podAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"].as_array().is_some_and(|t| !t.is_empty())
    }

    /// Has any podAffinity or podAntiAffinity term.
    pub fn has_pod_affinity(&self) -> bool {
        let a = &self.spec()["affinity"];
        !a["podAffinity"].is_null() || !a["podAntiAffinity"].is_null()
    }

    /// From a pod of one's own (a copy is shared from here on).
    pub fn parse(pod: &Slot) -> PodInfo {
        PodInfo::from_value(&pod.to_value())
    }

    /// From a pod built as JSON (decoded once, as the store decodes a pod).
    pub fn from_value(pod: &Value) -> PodInfo {
        let obj = match podlife_model::ResourceType::resolve("pods") {
            Some(rt) => crate::Obj::from_value(rt, pod),
            None => crate::Obj::untyped(pod),
        };
        PodInfo::from_shared(&Arc::new(obj))
    }

    /// From the informer's shared pod (no copy).
    pub fn from_shared(shared: &Arc<crate::Obj>) -> PodInfo {
        let pod: &Slot = shared;
        let spec = &pod["spec"];
        // `NewPodInfo`: requests with `UseStatusResources` (a resize in flight holds the most).
        // Pod-level requests (`spec.resources`) replace the containers' for cpu and memory.
        let request_list = pod_requests_in_use(pod, None);
        let requests = Resource::from_list(&request_list);
        let mut defaults = ResourceList::new();
        defaults.insert("cpu".into(), Quantity::new_milli(DEFAULT_MILLI_CPU_REQUEST, podlife_model::quantity::Format::DecimalSI));
        defaults.insert("memory".into(), Quantity::new(DEFAULT_MEMORY_REQUEST, podlife_model::quantity::Format::BinarySI));
        // `getNonMissingContainerRequests`: no scoring defaults where pod-level requests cover it.
        let non_missing = non_missing_container_requests(spec, &request_list, &defaults);
        let non_zero = if non_missing.is_empty() { requests.clone() } else { Resource::from_list(&pod_requests_in_use(pod, Some(&non_missing))) };
        let tolerations = spec["tolerations"]
            .as_array()
            .map(|a| a.iter().map(|t| Toleration { key: s(&t["key"]), operator: s(&t["operator"]), value: s(&t["value"]), effect: s(&t["effect"]) }).collect())
            .unwrap_or_default();
        let host_ports = host_ports(spec);
        let mut images = Vec::new();
        let mut init_images = Vec::new();
        for list in ["initContainers", "containers"] {
            for c in spec[list].as_array().unwrap_or_default() {
                let image = normalize_image(c["image"].as_str().unwrap_or_default());
                if list == "containers" {
                    images.push(image);
                } else {
                    init_images.push(image);
                }
            }
        }
        PodInfo {
            namespace: s(&pod["metadata"]["namespace"]),
            name: s(&pod["metadata"]["name"]),
            uid: s(&pod["metadata"]["uid"]),
            scheduler_name: spec["schedulerName"].as_str().unwrap_or(super::SCHEDULER_NAME).to_string(),
            priority: spec["priority"].as_i64().unwrap_or(0),
            node_name: s(&spec["nodeName"]),
            requires_node_affinity: spec["nodeSelector"].as_object().is_some_and(|m| !m.is_empty())
                || spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"].is_array(),
            labels: pod["metadata"]["labels"].clone(),
            pod: shared.clone(),
            requests,
            non_zero,
            tolerations,
            host_ports,
            images,
            init_images,
            terminating: pod["metadata"]["deletionTimestamp"].is_string(),
            nominated_node: s(&pod["status"]["nominatedNodeName"]),
            start_time: pod["status"]["startTime"].as_str().and_then(crate::clock::Time::from_rfc3339),
        }
    }
}

/// `(hostIP, protocol, hostPort)` of every container port with a host port (`GetHostPorts`).
pub fn host_ports(spec: &Slot) -> Vec<(String, String, i64)> {
    let mut ports = Vec::new();
    for list in ["initContainers", "containers"] {
        for c in spec[list].as_array().unwrap_or_default() {
            for p in c["ports"].as_array().unwrap_or_default() {
                if let Some(hp) = p["hostPort"].as_i64().filter(|hp| *hp > 0) {
                    let ip = p["hostIP"].as_str().filter(|i| !i.is_empty()).unwrap_or("0.0.0.0").to_string();
                    let proto = p["protocol"].as_str().unwrap_or("TCP").to_string();
                    ports.push((ip, proto, hp));
                }
            }
        }
    }
    ports
}

/// A node with everything bound to it (`framework.NodeInfo`).
#[derive(Debug, Clone)]
pub struct NodeInfo {
    pub name: String,
    pub labels: Slot,
    pub allocatable: Resource,
    pub taints: Vec<Taint>,
    pub unschedulable: bool,
    /// Pods bound to the node, by `namespace/name`.
    pub pods: VecMap<String, PodInfo>,
    pub requested: Resource,
    pub non_zero_requested: Resource,
    pub used_ports: Vec<(String, String, i64)>,
    /// Image name → size in bytes, from `status.images`.
    pub images: VecMap<String, i64>,
    /// How many of the pods have pod affinity or anti-affinity terms (lets the affinity
    /// plugins skip whole clusters quickly).
    pub affinity_pods: usize,
}

impl NodeInfo {
    pub fn new(node: &Slot) -> NodeInfo {
        let alloc_field = if node["status"]["allocatable"].as_object().is_some_and(|m| !m.is_empty()) { "allocatable" } else { "capacity" };
        let list: ResourceList = node["status"][alloc_field]
            .as_object()
            .map(|m| VecMap::from_iter(m.filter_map(|(k, v)| Some((k.to_string(), v.as_str()?.parse::<Quantity>().ok()?)))))
            .unwrap_or_default();
        let mut images = VecMap::new();
        for img in node["status"]["images"].as_array().unwrap_or_default() {
            let size = img["sizeBytes"].as_i64().unwrap_or(0);
            for n in img["names"].as_array().unwrap_or_default() {
                images.insert(normalize_image(&s(n)), size);
            }
        }
        NodeInfo { allocatable: Resource::from_list(&list), images, ..NodeInfo::for_placement(node) }
    }

    /// Only what node affinity and taints read (name, labels, taints), for callers that ask
    /// whether a pod may be placed on a node without scheduling it (the DaemonSet controller's
    /// `shouldRun`, once per DaemonSet and node): no copy of the Node object, its images or
    /// its allocatable resources.
    pub fn for_placement(node: &Slot) -> NodeInfo {
        NodeInfo {
            name: s(&node["metadata"]["name"]),
            labels: node["metadata"]["labels"].clone(),
            allocatable: Resource::default(),
            taints: node["spec"]["taints"]
                .as_array()
                .map(|a| a.iter().map(|t| Taint { key: s(&t["key"]), value: s(&t["value"]), effect: s(&t["effect"]) }).collect())
                .unwrap_or_default(),
            unschedulable: node["spec"]["unschedulable"].as_bool().unwrap_or(false),
            pods: VecMap::new(),
            requested: Resource::default(),
            non_zero_requested: Resource::default(),
            used_ports: Vec::new(),
            images: VecMap::new(),
            affinity_pods: 0,
        }
    }

    pub fn add_pod(&mut self, pod: PodInfo) {
        if pod.has_pod_affinity() {
            self.affinity_pods += 1;
        }
        self.requested.add(&pod.requests);
        self.non_zero_requested.add(&pod.non_zero);
        self.used_ports.extend(pod.host_ports.iter().cloned());
        self.pods.insert(format!("{}/{}", pod.namespace, pod.name), pod);
    }

    /// Takes the pod out of the node's accounting; returns what it requested.
    pub fn remove_pod(&mut self, key: &str) -> Option<Resource> {
        let pod = self.pods.remove(key)?;
        if pod.has_pod_affinity() {
            self.affinity_pods -= 1;
        }
        self.requested.sub(&pod.requests);
        self.non_zero_requested.sub(&pod.non_zero);
        for p in &pod.host_ports {
            if let Some(i) = self.used_ports.iter().position(|u| u == p) {
                self.used_ports.remove(i);
            }
        }
        Some(pod.requests)
    }

    /// Keeps the pods, replaces what came from the Node object.
    /// A copy of the node's own fields, without its pods (what QueueingHints read).
    pub fn without_pods(&self) -> NodeInfo {
        NodeInfo {
            name: self.name.clone(),
            labels: self.labels.clone(),
            allocatable: self.allocatable.clone(),
            taints: self.taints.clone(),
            unschedulable: self.unschedulable,
            pods: VecMap::new(),
            requested: Resource::default(),
            non_zero_requested: Resource::default(),
            used_ports: Vec::new(),
            images: VecMap::new(),
            affinity_pods: 0,
        }
    }

    pub fn update_node(&mut self, node: &Slot) {
        let fresh = NodeInfo::new(node);
        self.labels = fresh.labels;
        self.allocatable = fresh.allocatable;
        self.taints = fresh.taints;
        self.unschedulable = fresh.unschedulable;
        self.images = fresh.images;
    }
}

/// `normalizedImageName`: a name whose last `:` is not after its last `/` gets `:latest`.
pub fn normalize_image(name: &str) -> String {
    let colon = name.rfind(':').map_or(-1, |i| i as i64);
    let slash = name.rfind('/').map_or(-1, |i| i as i64);
    if colon <= slash { format!("{name}:latest") } else { name.to_string() }
}

/// What score plugins may know about the whole cluster (upstream: the snapshot's shared
/// lister), kept up to date incrementally.
#[derive(Debug, Clone, Default)]
pub struct ClusterView {
    pub total_nodes: usize,
    /// Normalized image name → number of nodes that have it (`ImageStateSummary.NumNodes`).
    pub image_nodes: VecMap<String, usize>,
}

impl ClusterView {
    pub fn build<'a>(nodes: impl Iterator<Item = &'a NodeInfo>) -> ClusterView {
        let mut view = ClusterView::default();
        for n in nodes {
            view.total_nodes += 1;
            for image in n.images.keys() {
                *view.image_nodes.entry(image.clone()).or_default() += 1;
            }
        }
        view
    }
}

/// A Filter plugin.
pub trait FilterPlugin {
    fn name(&self) -> &'static str;
    fn filter(&self, pod: &PodInfo, node: &NodeInfo) -> Status;
}

/// A Score plugin with its weight and normalization.
pub trait ScorePlugin {
    fn name(&self) -> &'static str;
    fn weight(&self) -> i64;
    /// `PreScore`: Skip when the plugin has nothing to say about this pod.
    fn pre_score(&self, _pod: &PodInfo, _nodes: &[&NodeInfo]) -> Status {
        Status::success()
    }
    fn score(&self, pod: &PodInfo, node: &NodeInfo, cluster: &ClusterView) -> i64;
    fn normalize(&self, _scores: &mut [i64]) {}
}

/// `helper.DefaultNormalizeScore`.
pub fn default_normalize_score(max_priority: i64, reverse: bool, scores: &mut [i64]) {
    let max = scores.iter().copied().max().unwrap_or(0);
    if max == 0 {
        if reverse {
            scores.iter_mut().for_each(|s| *s = max_priority);
        }
        return;
    }
    for s in scores.iter_mut() {
        let mut v = max_priority * *s / max;
        if reverse {
            v = max_priority - v;
        }
        *s = v;
    }
}

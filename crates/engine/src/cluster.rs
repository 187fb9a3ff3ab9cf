//! The cluster as it stands when a simulation begins: the brief's three nodes (or none), the
//! system namespaces, their default service accounts, the `kubernetes` Service, the built-in
//! priority classes and RBAC's bootstrap policy (the part of
//! `plugin/pkg/auth/authorizer/rbac/bootstrappolicy` and kubeadm's bindings that matters
//! here). These objects are written straight into the store at time zero: they existed
//! before the learner arrived, so their creation is not part of the trace.

use serde_json::Value;

use crate::Engine;
use crate::components::default_components;
use crate::controllers::root_ca_publisher as root_ca;
use crate::store::ObjectKey;
use podlife_model::ResourceType;

pub mod local_path;
pub mod system_pods;

/// A node to create at start-up.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeSpec {
    pub name: String,
    pub labels: Vec<(String, String)>,
    pub taints: Vec<Value>,
    pub cpu: String,
    pub memory: String,
    pub pods: String,
}

impl NodeSpec {
    /// The brief's default cluster.
    pub fn defaults() -> Vec<NodeSpec> {
        let worker = |name: &str| NodeSpec {
            name: name.into(),
            labels: vec![],
            taints: vec![],
            cpu: "2".into(),
            memory: "4Gi".into(),
            pods: "110".into(),
        };
        vec![
            NodeSpec {
                name: "control-plane".into(),
                labels: vec![("node-role.kubernetes.io/control-plane".into(), String::new())],
                taints: vec![json!({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"})],
                cpu: "4".into(),
                memory: "8Gi".into(),
                pods: "110".into(),
            },
            worker("worker-1"),
            worker("worker-2"),
        ]
    }
}

/// The fixed facts about every node's software (what `kubectl get nodes -o wide` shows).
pub const KUBELET_VERSION: &str = "v1.36.0";
pub const CONTAINER_RUNTIME_VERSION: &str = "containerd://2.3.1";
pub const OS_IMAGE: &str = "Debian GNU/Linux 13 (trixie)";
pub const KERNEL_VERSION: &str = "6.8.0-79-generic";

impl Engine {
    /// The brief's default cluster: kind's three nodes with their system pods, 70 minutes after
    /// `kind create cluster` (see `system_pods`). The cluster is booted once per process and
    /// copied; `seed` decides everything that happens from the script's start.
    pub fn with_default_cluster(seed: u64) -> Engine {
        static BOOTED: std::sync::OnceLock<Engine> = std::sync::OnceLock::new();
        let mut e = BOOTED.get_or_init(|| system_pods::boot(&NodeSpec::defaults())).clone();
        e.rng = crate::rng::Rng::new(seed);
        e
    }

    /// A cluster with the given nodes and no system pods (`podlife cluster empty`, benchmarks).
    pub fn with_nodes(seed: u64, nodes: &[NodeSpec]) -> Engine {
        let mut e = Engine::bare(seed);
        e.seed_bootstrap();
        for (i, n) in nodes.iter().enumerate() {
            e.seed_node(n, i);
        }
        seed_service_network(&mut e, nodes);
        let names: Vec<String> = nodes.iter().map(|n| n.name.clone()).collect();
        e.start_cluster_components(&names);
        e
    }

    /// What kube-apiserver and kube-controller-manager write as they first start: the
    /// namespaces with their default service accounts and `kube-root-ca.crt`, the `kubernetes`
    /// Service, the built-in priority classes and RBAC's bootstrap policy.
    fn seed_bootstrap(&mut self) {
        let e = self;
        for ns in ["default", "kube-node-lease", "kube-public", "kube-system"] {
            e.seed_object("namespaces", None, namespace(ns));
            e.seed_object("serviceaccounts", Some(ns), json!({
                "apiVersion": "v1", "kind": "ServiceAccount",
                "metadata": {"name": "default", "namespace": ns}
            }));
            e.seed_object("configmaps", Some(ns), json!({
                "apiVersion": "v1", "kind": "ConfigMap",
                "metadata": {"name": root_ca::CONFIGMAP_NAME, "namespace": ns,
                    "annotations": {"kubernetes.io/description": root_ca::DESCRIPTION}},
                "data": {"ca.crt": root_ca::CA_BUNDLE}
            }));
        }
        e.seed_object("services", Some("default"), json!({
            "apiVersion": "v1", "kind": "Service",
            "metadata": {"name": "kubernetes", "namespace": "default",
                "labels": {"component": "apiserver", "provider": "kubernetes"}},
            "spec": {"clusterIP": "10.96.0.1", "clusterIPs": ["10.96.0.1"], "internalTrafficPolicy": "Cluster",
                "ipFamilies": ["IPv4"], "ipFamilyPolicy": "SingleStack",
                "ports": [{"name": "https", "port": 443, "protocol": "TCP", "targetPort": 6443}],
                "sessionAffinity": "None", "type": "ClusterIP"},
            "status": {"loadBalancer": {}}
        }));
        for (name, value, description) in [
            ("system-cluster-critical", 2_000_000_000, "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary."),
            ("system-node-critical", 2_000_001_000, "Used for system critical pods that must not be moved from their current node."),
        ] {
            e.seed_object("priorityclasses", None, json!({
                "apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass",
                "metadata": {"name": name}, "value": value, "description": description,
                "preemptionPolicy": "PreemptLowerPriority"
            }));
        }
        seed_rbac(e);
    }

    /// A registered node: its Node object (the `index`th node's address) and its heartbeat
    /// Lease.
    fn seed_node(&mut self, n: &NodeSpec, index: usize) {
        let e = self;
        let ids = NodeIds { machine_id: e.rng.uuid().replace('-', ""), system_uuid: e.rng.uuid(), boot_id: e.rng.uuid() };
        e.seed_object("nodes", None, node(n, index, &ids, e.now));
        // The kubelet's heartbeat lease (renewals arrive with the kubelet model).
        let node_uid = e.store.list("", "nodes", None).find(|(k, _)| k.name == n.name).map(|(_, v)| v["metadata"]["uid"].clone());
        e.seed_object("leases", Some("kube-node-lease"), json!({
            "apiVersion": "coordination.k8s.io/v1", "kind": "Lease",
            "metadata": {"name": n.name, "namespace": "kube-node-lease",
                "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": n.name, "uid": node_uid}]},
            "spec": {"holderIdentity": n.name, "leaseDurationSeconds": 40, "renewTime": e.now.rfc3339_micros()}
        }));
    }

    /// The components start, each with a full cache (as after its initial list), and the
    /// periodic work begins: heartbeats, kube-proxy, the controllers' resyncs.
    fn start_cluster_components(&mut self, nodes: &[String]) {
        let e = self;
        e.components = default_components(nodes);
        let store = e.store.clone();
        for c in e.components.iter_mut().filter(|c| c.running) {
            for w in &c.watches {
                for (k, v) in store.list_shared(w.group, w.resource, None).filter(|(k, v)| w.matches(k, v)) {
                    c.cache.insert(k.clone(), v.clone());
                }
            }
        }
        e.scheduler_rebuild();
        if let Some(kcm) = e.components.iter().find(|c| c.id.name == "kube-controller-manager" && c.id.node.is_none()) {
            e.podgc.relist(&kcm.cache);
        }
        // The kubelets' heartbeats and the node lifecycle controller's health monitor.
        e.refresh_node_index();
        for n in nodes {
            e.start_heartbeats(n);
            e.proxy_boot(n);
        }
        e.schedule(e.now.plus_millis(crate::controllers::nodelifecycle::NODE_MONITOR_PERIOD_MS), crate::Task::NodeMonitor);
        // The node controller registered these nodes before the learner arrived.
        let known: Vec<(String, String)> = e.store.list_shared("", "nodes", None).map(|(k, v)| (k.name.clone(), v["metadata"]["uid"].as_str().unwrap_or_default().to_string())).collect();
        e.node_lifecycle.seed_known(known);
        e.schedule(e.now.plus_millis(crate::controllers::persistentvolume::RESYNC_PERIOD_MS), crate::Task::PvResync);
        e.schedule(e.now.plus_millis(crate::controllers::podgc::GC_CHECK_PERIOD_MS), crate::Task::PodGc);
        e.schedule(e.now.plus_millis(crate::scheduler::EVENT_FINISH_MS), crate::Task::EventSeriesFinish);
        e.schedule(e.now.plus_millis(crate::scheduler::EVENT_REFRESH_MS), crate::Task::EventSeriesRefresh);
    }

    /// Writes an object into etcd at start-up with the metadata the API server would give it.
    fn seed_object(&mut self, plural: &str, namespace: Option<&str>, obj: Value) {
        let uid = self.rng.uuid();
        self.seed_object_with_uid(plural, namespace, obj, uid);
    }

    /// A bootstrap object added after the first release: its uid comes from its name, not
    /// from the engine's random stream, so every later draw (uids, tie-breaks) stays as it was.
    fn seed_object_stable(&mut self, plural: &str, namespace: Option<&str>, obj: Value) {
        let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let seed = u64::from_str_radix(&crate::rng::hex_of(&format!("{plural}/{name}"), 16), 16).unwrap_or(0);
        let uid = crate::rng::Rng::new(seed).uuid();
        self.seed_object_with_uid(plural, namespace, obj, uid);
    }

    fn seed_object_with_uid(&mut self, plural: &str, namespace: Option<&str>, mut obj: Value, uid: String) {
        let Some(rt) = ResourceType::resolve(plural) else { return };
        let meta = &mut obj["metadata"];
        meta["uid"] = json!(uid);
        meta["creationTimestamp"] = json!(self.now.rfc3339());
        let name = meta["name"].as_str().unwrap_or_default().to_string();
        self.store.put(ObjectKey::new(rt, namespace, &name), obj);
    }
}

/// What kube-apiserver writes for the Service network as it starts (added after the first
/// release, so with stable uids and after every earlier bootstrap object):
/// - the default ServiceCIDR (`pkg/controlplane/controller/defaultservicecidr`), with the
///   finalizer and Ready condition kube-controller-manager's `service-cidr-controller`
///   (`pkg/controller/servicecidrs`) puts on it;
/// - the IPAddress that backs the `kubernetes` Service's 10.96.0.1
///   (`pkg/registry/core/service/ipallocator/ipallocator.go` `createIPAddress`);
/// - the `kubernetes` Service's Endpoints and EndpointSlice, written by the endpoint
///   reconciler (`pkg/controlplane/reconcilers/lease.go` through `endpointsadapter.go`:
///   Endpoints labelled `endpointslice.kubernetes.io/skip-mirror`, the slice named after the
///   Service with only the `kubernetes.io/service-name` label and `ready: true`), listing the
///   control-plane host's address and port `https` 6443.
fn seed_service_network(e: &mut Engine, nodes: &[NodeSpec]) {
    use crate::apiserver::ipalloc;
    let now = e.now.rfc3339();
    e.seed_object_stable("servicecidrs", None, json!({
        "apiVersion": "networking.k8s.io/v1", "kind": "ServiceCIDR",
        "metadata": {"name": ipalloc::DEFAULT_SERVICE_CIDR, "finalizers": ["networking.k8s.io/service-cidr-finalizer"]},
        "spec": {"cidrs": [ipalloc::SERVICE_CLUSTER_IP_RANGE]},
        "status": {"conditions": [{"type": "Ready", "status": "True", "reason": "", "message": "Kubernetes Service CIDR is ready", "lastTransitionTime": now}]}
    }));
    e.seed_object_stable("ipaddresses", None, ipalloc::ip_address_object("10.96.0.1", "default", "kubernetes"));
    let host = apiserver_address(nodes);
    let port = json!({"name": "https", "port": 6443, "protocol": "TCP"});
    e.seed_object_stable("endpoints", Some("default"), json!({
        "apiVersion": "v1", "kind": "Endpoints",
        "metadata": {"name": "kubernetes", "namespace": "default", "labels": {"endpointslice.kubernetes.io/skip-mirror": "true"}},
        "subsets": [{"addresses": [{"ip": host}], "ports": [port]}]
    }));
    e.seed_object_stable("endpointslices", Some("default"), json!({
        "apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice",
        "metadata": {"name": "kubernetes", "namespace": "default", "generation": 1, "labels": {"kubernetes.io/service-name": "kubernetes"}},
        "addressType": "IPv4",
        "endpoints": [{"addresses": [host], "conditions": {"ready": true}}],
        "ports": [port]
    }));
}

/// The address of the `index`th node of a cluster (kind's docker network).
pub fn node_ip(index: usize) -> String {
    format!("172.18.0.{}", index + 2)
}

/// A Node object's `InternalIP` address.
pub fn internal_ip(node: &Value) -> Option<&str> {
    node["status"]["addresses"].as_array()?.iter().find(|a| a["type"] == "InternalIP")?["address"].as_str()
}

/// kube-apiserver's advertise address: the control-plane node's InternalIP (the node labelled
/// `node-role.kubernetes.io/control-plane`, else the first), 172.18.0.2 when there is none.
pub fn apiserver_address(nodes: &[NodeSpec]) -> String {
    let index = nodes.iter().position(|n| n.labels.iter().any(|(k, _)| k == "node-role.kubernetes.io/control-plane")).unwrap_or(0);
    node_ip(index)
}

fn namespace(name: &str) -> Value {
    json!({
        "apiVersion": "v1", "kind": "Namespace",
        "metadata": {"name": name, "labels": {"kubernetes.io/metadata.name": name}},
        "spec": {"finalizers": ["kubernetes"]},
        "status": {"phase": "Active"}
    })
}

/// Identifiers a real node reports (`/etc/machine-id`, the DMI UUID, the boot id).
struct NodeIds {
    machine_id: String,
    system_uuid: String,
    boot_id: String,
}

fn node(n: &NodeSpec, index: usize, ids: &NodeIds, now: crate::Time) -> Value {
    let now = now.rfc3339();
    let mut labels = serde_json::Map::new();
    labels.insert("beta.kubernetes.io/arch".into(), json!("amd64"));
    labels.insert("beta.kubernetes.io/os".into(), json!("linux"));
    labels.insert("kubernetes.io/arch".into(), json!("amd64"));
    labels.insert("kubernetes.io/hostname".into(), json!(n.name));
    labels.insert("kubernetes.io/os".into(), json!("linux"));
    for (k, v) in &n.labels {
        labels.insert(k.clone(), json!(v));
    }
    let ip = node_ip(index);
    let resources = json!({"cpu": n.cpu, "ephemeral-storage": "100Gi", "hugepages-1Gi": "0", "hugepages-2Mi": "0", "memory": n.memory, "pods": n.pods});
    let condition = |t: &str, status: &str, reason: &str, message: &str| json!({
        "type": t, "status": status, "reason": reason, "message": message,
        "lastHeartbeatTime": now, "lastTransitionTime": now
    });
    let mut spec = json!({"podCIDR": format!("10.244.{index}.0/24"), "podCIDRs": [format!("10.244.{index}.0/24")]});
    if !n.taints.is_empty() {
        spec["taints"] = json!(n.taints);
    }
    json!({
        "apiVersion": "v1", "kind": "Node",
        "metadata": {"name": n.name, "labels": labels,
            "annotations": {"node.alpha.kubernetes.io/ttl": "0", "volumes.kubernetes.io/controller-managed-attach-detach": "true"}},
        "spec": spec,
        "status": {
            "addresses": [{"type": "InternalIP", "address": ip}, {"type": "Hostname", "address": n.name}],
            "allocatable": resources,
            "capacity": resources,
            "conditions": [
                condition("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                condition("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                condition("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
                condition("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
            ],
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "nodeInfo": {
                "architecture": "amd64", "bootID": ids.boot_id, "containerRuntimeVersion": CONTAINER_RUNTIME_VERSION,
                "kernelVersion": KERNEL_VERSION, "kubeProxyVersion": "", "kubeletVersion": KUBELET_VERSION,
                "machineID": ids.machine_id, "operatingSystem": "linux", "osImage": OS_IMAGE, "systemUUID": ids.system_uuid
            }
        }
    })
}

const READ: &[&str] = &["get", "list", "watch"];
const WRITE: &[&str] = &["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];

/// Bootstrap roles and bindings (upstream `bootstrappolicy/policy.go`, kubeadm's
/// `kubeadm:cluster-admins`). The aggregated `admin`/`edit`/`view` roles are written with
/// their aggregated rules already resolved.
fn seed_rbac(e: &mut Engine) {
    let meta = |name: &str| json!({"name": name, "labels": {"kubernetes.io/bootstrapping": "rbac-defaults"},
        "annotations": {"rbac.authorization.kubernetes.io/autoupdate": "true"}});
    let rule = |groups: &[&str], resources: &[&str], verbs: &[&str]| json!({"apiGroups": groups, "resources": resources, "verbs": verbs});
    let view_core = ["configmaps", "endpoints", "events", "limitranges", "namespaces", "namespaces/status", "persistentvolumeclaims", "persistentvolumeclaims/status", "pods", "pods/log", "pods/status", "replicationcontrollers", "replicationcontrollers/scale", "replicationcontrollers/status", "resourcequotas", "resourcequotas/status", "serviceaccounts", "services", "services/status"];
    let apps = ["controllerrevisions", "daemonsets", "daemonsets/status", "deployments", "deployments/scale", "deployments/status", "replicasets", "replicasets/scale", "replicasets/status", "statefulsets", "statefulsets/scale", "statefulsets/status"];
    let batch = ["cronjobs", "cronjobs/status", "jobs", "jobs/status"];
    let view_rules = vec![
        rule(&[""], &view_core, READ),
        rule(&["apps"], &apps, READ),
        rule(&["batch"], &batch, READ),
        rule(&["discovery.k8s.io"], &["endpointslices"], READ),
        rule(&["policy"], &["poddisruptionbudgets", "poddisruptionbudgets/status"], READ),
    ];
    let edit_core = ["configmaps", "events", "persistentvolumeclaims", "pods", "pods/attach", "pods/exec", "pods/portforward", "pods/proxy", "replicationcontrollers", "replicationcontrollers/scale", "secrets", "serviceaccounts", "services", "services/proxy"];
    let mut edit_rules = view_rules.clone();
    edit_rules.extend([
        rule(&[""], &edit_core, WRITE),
        rule(&["apps"], &apps, WRITE),
        rule(&["batch"], &batch, WRITE),
        rule(&["policy"], &["poddisruptionbudgets"], WRITE),
        rule(&[""], &["serviceaccounts"], &["impersonate"]),
        rule(&[""], &["pods/eviction", "serviceaccounts/token"], &["create"]),
    ]);
    let mut admin_rules = edit_rules.clone();
    admin_rules.push(rule(&["rbac.authorization.k8s.io"], &["rolebindings", "roles"], WRITE));
    admin_rules.push(rule(&["authorization.k8s.io"], &["localsubjectaccessreviews"], &["create"]));
    let roles = [
        ("cluster-admin", json!([{"apiGroups": ["*"], "resources": ["*"], "verbs": ["*"]}, {"nonResourceURLs": ["*"], "verbs": ["*"]}])),
        ("admin", json!(admin_rules)),
        ("edit", json!(edit_rules)),
        ("view", json!(view_rules)),
        ("system:basic-user", json!([
            rule(&["authorization.k8s.io"], &["selfsubjectaccessreviews", "selfsubjectrulesreviews"], &["create"]),
            rule(&["authentication.k8s.io"], &["selfsubjectreviews"], &["create"]),
        ])),
        ("system:discovery", json!([{"nonResourceURLs": ["/api", "/api/*", "/apis", "/apis/*", "/healthz", "/livez", "/openapi", "/openapi/*", "/readyz", "/version", "/version/"], "verbs": ["get"]}])),
        ("system:public-info-viewer", json!([{"nonResourceURLs": ["/healthz", "/livez", "/readyz", "/version", "/version/"], "verbs": ["get"]}])),
    ];
    // Controller roles (upstream `bootstrappolicy/controller_policy.go`), bound to each
    // controller's service account in kube-system.
    let events = rule(&["", "events.k8s.io"], &["events"], &["create", "patch", "update"]);
    let controllers = [
        ("service-account-controller", vec![rule(&[""], &["serviceaccounts"], &["create"]), events.clone()]),
        ("root-ca-cert-publisher", vec![rule(&[""], &["configmaps"], &["create", "update"]), events.clone()]),
        ("node-controller", vec![
            events.clone(),
            rule(&[""], &["nodes"], &["delete", "get", "list", "patch", "update"]),
            rule(&[""], &["nodes/status"], &["patch", "update"]),
            rule(&[""], &["pods/status"], &["patch", "update"]),
            rule(&[""], &["pods"], &["delete", "get", "list"]),
        ]),
        ("namespace-controller", vec![
            rule(&[""], &["namespaces"], &["delete", "get", "list", "watch"]),
            rule(&[""], &["namespaces/finalize", "namespaces/status"], &["update"]),
            rule(&["*"], &["*"], &["delete", "deletecollection", "get", "list"]),
        ]),
    ];
    // Controllers added after the first release are seeded with stable uids (see
    // `seed_object_stable`), so that earlier scripts keep their random draws.
    let later_controllers = [
        ("persistent-volume-binder", vec![
            rule(&[""], &["persistentvolumes"], &["create", "delete", "get", "list", "update", "watch"]),
            rule(&[""], &["persistentvolumes/status"], &["update"]),
            rule(&[""], &["persistentvolumeclaims"], &["get", "list", "update", "watch"]),
            rule(&[""], &["persistentvolumeclaims/status"], &["update"]),
            rule(&[""], &["pods"], &["create", "delete", "get", "list", "watch"]),
            rule(&["storage.k8s.io"], &["storageclasses"], READ),
            rule(&[""], &["nodes"], &["get", "list"]),
            rule(&[""], &["events"], &["watch"]),
            events.clone(),
        ]),
        ("pvc-protection-controller", vec![rule(&[""], &["persistentvolumeclaims"], &["get", "list", "update", "watch"]), rule(&[""], &["pods"], &["get", "list", "watch"]), events.clone()]),
        ("pv-protection-controller", vec![rule(&[""], &["persistentvolumes"], &["get", "list", "update", "watch"]), events.clone()]),
        // bootstrappolicy/controller_policy.go, "endpoint-controller".
        ("endpoint-controller", vec![
            rule(&[""], &["pods", "services"], &["get", "list", "watch"]),
            rule(&[""], &["endpoints"], &["create", "delete", "get", "list", "update"]),
            rule(&[""], &["endpoints/restricted"], &["create"]),
            events.clone(),
        ]),
        // bootstrappolicy/controller_policy.go, "replicaset-controller".
        ("replicaset-controller", vec![
            rule(&["apps", "extensions"], &["replicasets"], &["get", "list", "watch", "update"]),
            rule(&["apps", "extensions"], &["replicasets/status"], &["update"]),
            rule(&["apps", "extensions"], &["replicasets/finalizers"], &["update"]),
            rule(&[""], &["pods"], &["list", "watch", "patch", "create", "delete"]),
            events.clone(),
        ]),
        // bootstrappolicy/controller_policy.go, "statefulset-controller" (the claim update and
        // delete rule is appended since StatefulSetAutoDeletePVC, GA in 1.32).
        ("statefulset-controller", vec![
            rule(&[""], &["pods"], &["list", "watch"]),
            rule(&["apps"], &["statefulsets"], &["get", "list", "watch"]),
            rule(&["apps"], &["statefulsets/status"], &["update"]),
            rule(&["apps"], &["statefulsets/finalizers"], &["update"]),
            rule(&[""], &["pods"], &["get", "create", "delete", "update", "patch"]),
            rule(&["apps"], &["controllerrevisions"], &["get", "create", "delete", "update", "patch", "list", "watch"]),
            rule(&[""], &["persistentvolumeclaims"], &["get", "create"]),
            events.clone(),
            rule(&[""], &["persistentvolumeclaims"], &["update", "delete"]),
        ]),
        // bootstrappolicy/controller_policy.go, "deployment-controller".
        ("deployment-controller", vec![
            rule(&["extensions", "apps"], &["deployments"], &["get", "list", "watch", "update"]),
            rule(&["extensions", "apps"], &["deployments/status"], &["update"]),
            rule(&["extensions", "apps"], &["deployments/finalizers"], &["update"]),
            rule(&["apps", "extensions"], &["replicasets"], &["get", "list", "watch", "create", "update", "patch", "delete"]),
            rule(&[""], &["pods"], &["get", "list", "watch", "update"]),
            events.clone(),
        ]),
        // bootstrappolicy/controller_policy.go, "daemon-set-controller".
        ("daemon-set-controller", vec![
            rule(&["extensions", "apps"], &["daemonsets"], &["get", "list", "watch"]),
            rule(&["extensions", "apps"], &["daemonsets/status"], &["update"]),
            rule(&["extensions", "apps"], &["daemonsets/finalizers"], &["update"]),
            rule(&[""], &["nodes"], &["list", "watch"]),
            rule(&[""], &["pods"], &["list", "watch", "create", "delete", "patch"]),
            rule(&[""], &["pods/binding"], &["create"]),
            rule(&["apps"], &["controllerrevisions"], &["get", "list", "watch", "create", "delete", "update", "patch"]),
            events.clone(),
        ]),
        // bootstrappolicy/controller_policy.go, "disruption-controller".
        ("disruption-controller", vec![
            rule(&["extensions", "apps"], &["deployments"], &["get", "list", "watch"]),
            rule(&["apps", "extensions"], &["replicasets"], &["get", "list", "watch"]),
            rule(&[""], &["replicationcontrollers"], &["get", "list", "watch"]),
            rule(&["policy"], &["poddisruptionbudgets"], &["get", "list", "watch"]),
            rule(&["apps"], &["statefulsets"], &["get", "list", "watch"]),
            rule(&["policy"], &["poddisruptionbudgets/status"], &["update"]),
            rule(&["*"], &["*/scale"], &["get"]),
            rule(&[""], &["pods/status"], &["patch", "update"]),
            events.clone(),
        ]),
        // bootstrappolicy/controller_policy.go, "generic-garbage-collector".
        ("generic-garbage-collector", vec![
            rule(&["*"], &["*"], &["delete", "get", "list", "patch", "update", "watch"]),
            events.clone(),
        ]),
        // bootstrappolicy/controller_policy.go, "endpointslice-controller".
        ("endpointslice-controller", vec![
            rule(&[""], &["nodes", "pods", "services"], &["get", "list", "watch"]),
            rule(&[""], &["services/finalizers"], &["update"]),
            rule(&["discovery.k8s.io"], &["endpointslices"], &["create", "delete", "get", "list", "update"]),
            events.clone(),
        ]),
        // bootstrappolicy/controller_policy.go, "cronjob-controller", "job-controller",
        // "ttl-after-finished-controller".
        ("cronjob-controller", vec![
            rule(&["batch"], &["cronjobs"], &["get", "list", "update", "watch"]),
            rule(&["batch"], &["jobs"], &["create", "delete", "get", "list", "patch", "update", "watch"]),
            rule(&["batch"], &["cronjobs/status"], &["update"]),
            rule(&["batch"], &["cronjobs/finalizers"], &["update"]),
            rule(&[""], &["pods"], &["delete", "list"]),
            events.clone(),
        ]),
        ("job-controller", vec![
            rule(&["batch"], &["jobs"], &["get", "list", "patch", "update", "watch"]),
            rule(&["batch"], &["jobs/status"], &["update"]),
            rule(&["batch"], &["jobs/finalizers"], &["update"]),
            rule(&[""], &["pods"], &["create", "delete", "list", "patch", "watch"]),
            events.clone(),
        ]),
        ("ttl-after-finished-controller", vec![rule(&["batch"], &["jobs"], &["delete", "get", "list", "watch"]), events.clone()]),
        // bootstrappolicy/controller_policy.go, "resourcequota-controller": it counts anything.
        ("resourcequota-controller", vec![
            rule(&["*"], &["*"], &["list", "watch"]),
            rule(&[""], &["resourcequotas/status"], &["update"]),
            events.clone(),
        ]),
        // bootstrappolicy/controller_policy.go, "pod-garbage-collector".
        ("pod-garbage-collector", vec![
            rule(&[""], &["pods"], &["list", "watch", "delete"]),
            rule(&[""], &["nodes"], &["get", "list"]),
            rule(&[""], &["pods/status"], &["patch"]),
        ]),
    ];
    let seeds = controllers.iter().map(|c| (c, false)).chain(later_controllers.iter().map(|c| (c, true)));
    for ((sa, rules), stable) in seeds {
        let name = format!("system:controller:{sa}");
        let objects = [
            ("clusterroles", None, json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": meta(&name), "rules": rules})),
            ("clusterrolebindings", None, json!({
                "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": meta(&name),
                "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": name},
                "subjects": [{"kind": "ServiceAccount", "name": sa, "namespace": "kube-system"}]
            })),
            ("serviceaccounts", Some("kube-system"), json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": sa, "namespace": "kube-system"}})),
        ];
        for (plural, namespace, object) in objects {
            if stable {
                e.seed_object_stable(plural, namespace, object);
            } else {
                e.seed_object(plural, namespace, object);
            }
        }
    }
    // kube-scheduler's own role (upstream `bootstrappolicy/policy.go`, `system:kube-scheduler`).
    let scheduler_rules = json!([
        rule(&["", "events.k8s.io"], &["events"], &["create", "patch", "update"]),
        rule(&["coordination.k8s.io"], &["leases"], &["create", "get", "update"]),
        rule(&[""], &["endpoints"], &["create", "get", "update"]),
        rule(&[""], &["nodes"], &["get", "list", "watch"]),
        rule(&[""], &["pods"], &["delete", "get", "list", "watch"]),
        rule(&[""], &["bindings", "pods/binding"], &["create"]),
        rule(&[""], &["pods/status"], &["patch", "update"]),
        rule(&[""], &["replicationcontrollers", "services"], &["get", "list", "watch"]),
        rule(&["apps"], &["replicasets", "statefulsets"], &["get", "list", "watch"]),
        rule(&["policy"], &["poddisruptionbudgets"], &["get", "list", "watch"]),
        rule(&[""], &["persistentvolumeclaims", "persistentvolumes"], &["get", "list", "watch"]),
        rule(&["authentication.k8s.io"], &["tokenreviews"], &["create"]),
        rule(&["authorization.k8s.io"], &["subjectaccessreviews"], &["create"]),
        rule(&["storage.k8s.io"], &["csinodes"], &["get", "list", "watch"]),
        rule(&[""], &["namespaces"], &["get", "list", "watch"]),
    ]);
    e.seed_object("clusterroles", None, json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": meta("system:kube-scheduler"), "rules": scheduler_rules}));
    e.seed_object("clusterrolebindings", None, json!({
        "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": meta("system:kube-scheduler"),
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "system:kube-scheduler"},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "system:kube-scheduler"}]
    }));
    // `system:volume-scheduler`: VolumeBinding reads classes and writes PVs and PVCs.
    let read_update: &[&str] = &["get", "list", "patch", "update", "watch"];
    let volume_rules = json!([
        rule(&[""], &["persistentvolumes"], read_update),
        rule(&["storage.k8s.io"], &["storageclasses"], READ),
        rule(&[""], &["persistentvolumeclaims"], read_update),
    ]);
    e.seed_object_stable("clusterroles", None, json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": meta("system:volume-scheduler"), "rules": volume_rules}));
    e.seed_object_stable("clusterrolebindings", None, json!({
        "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": meta("system:volume-scheduler"),
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "system:volume-scheduler"},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "system:kube-scheduler"}]
    }));
    // `system:node-proxier` (`bootstrappolicy/policy.go`), bound to the `system:kube-proxy`
    // user; kubeadm binds it to kube-proxy's service account as well (`kubeadm:node-proxier`).
    let proxier_rules = json!([
        rule(&[""], &["endpoints", "services"], &["list", "watch"]),
        rule(&[""], &["nodes"], &["get", "list", "watch"]),
        rule(&["", "events.k8s.io"], &["events"], &["create", "patch", "update"]),
        rule(&["discovery.k8s.io"], &["endpointslices"], &["list", "watch"]),
    ]);
    e.seed_object_stable("clusterroles", None, json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": meta("system:node-proxier"), "rules": proxier_rules}));
    e.seed_object_stable("clusterrolebindings", None, json!({
        "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": meta("system:node-proxier"),
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "system:node-proxier"},
        "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": "system:kube-proxy"}]
    }));
    for (name, rules) in roles {
        e.seed_object("clusterroles", None, json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": meta(name), "rules": rules}));
    }
    let group = |g: &str| json!({"apiGroup": "rbac.authorization.k8s.io", "kind": "Group", "name": g});
    let bindings = [
        ("cluster-admin", "cluster-admin", vec![group("system:masters")]),
        ("kubeadm:cluster-admins", "cluster-admin", vec![group("kubeadm:cluster-admins")]),
        ("system:basic-user", "system:basic-user", vec![group("system:authenticated")]),
        ("system:discovery", "system:discovery", vec![group("system:authenticated")]),
        ("system:public-info-viewer", "system:public-info-viewer", vec![group("system:authenticated"), group("system:unauthenticated")]),
    ];
    for (name, role, subjects) in bindings {
        let mut m = meta(name);
        if name.starts_with("kubeadm:") {
            m = json!({"name": name});
        }
        e.seed_object("clusterrolebindings", None, json!({
            "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": m,
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": role},
            "subjects": subjects
        }));
    }
}

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

pub mod facts;
pub mod local_path;
pub mod system_pods;

pub use facts::{CONTAINER_RUNTIME_VERSION, KERNEL_VERSION, KUBELET_VERSION, OS_IMAGE, internal_ip, node_ip};

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
        // `bootstrap.json`, in order: per namespace the Namespace, its `default` ServiceAccount
        // and `kube-root-ca.crt`; the `kubernetes` Service; `system-cluster-critical` and
        // `system-node-critical`.
        let vars = [("CONFIGMAP_NAME", root_ca::CONFIGMAP_NAME), ("DESCRIPTION", root_ca::DESCRIPTION), ("CA_BUNDLE", root_ca::CA_BUNDLE)];
        for object in crate::json_text::parse_list(include_str!(concat!(env!("OUT_DIR"), "/cluster/bootstrap.json")), &vars) {
            let Some(rt) = ResourceType::by_api_version_kind(object["apiVersion"].as_str().unwrap_or_default(), object["kind"].as_str().unwrap_or_default()) else { continue };
            let namespace = object["metadata"]["namespace"].as_str().map(str::to_string);
            e.seed_object(rt.plural, namespace.as_deref(), object);
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
        if let Some(me) = e.control_plane_index(crate::scheduler::COMPONENT) {
            e.run_component(|e| &mut e.scheduler, me, |s, cx| crate::component::Component::on_start(s, cx));
        }
        if let Some(kcm) = e.control_plane_index(crate::controllers::KCM) {
            e.run_component(|e| &mut e.kcm, kcm, |k, cx| k.booted(cx));
        }
        // The kubelets' heartbeats and the node lifecycle controller's health monitor.
        e.refresh_node_index();
        for n in nodes {
            e.start_heartbeats(n);
            e.proxy_boot(n);
        }
        e.schedule(e.now.plus_millis(crate::controllers::nodelifecycle::NODE_MONITOR_PERIOD_MS), crate::controllers::manager::Timer::from(crate::controllers::nodelifecycle::Work::Monitor).into());
        // The node controller registered these nodes before the learner arrived.
        let known: Vec<(String, String)> = e.store.list_shared("", "nodes", None).map(|(k, v)| (k.name.clone(), v["metadata"]["uid"].as_str().unwrap_or_default().to_string())).collect();
        if let Some(k) = e.kcm.get_mut() {
            k.seed_known_nodes(known);
        }
        e.schedule(e.now.plus_millis(crate::controllers::persistentvolume::RESYNC_PERIOD_MS), crate::controllers::manager::Timer::PvResync.into());
        e.schedule(e.now.plus_millis(crate::controllers::podgc::GC_CHECK_PERIOD_MS), crate::controllers::manager::Timer::PodGc.into());
        e.schedule(e.now.plus_millis(crate::scheduler::EVENT_FINISH_MS), crate::scheduler::Timer::EventSeriesFinish.into());
        e.schedule(e.now.plus_millis(crate::scheduler::EVENT_REFRESH_MS), crate::scheduler::Timer::EventSeriesRefresh.into());
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

/// kube-apiserver's advertise address: the control-plane node's InternalIP (the node labelled
/// `node-role.kubernetes.io/control-plane`, else the first), 172.18.0.2 when there is none.
pub fn apiserver_address(nodes: &[NodeSpec]) -> String {
    let index = nodes.iter().position(|n| n.labels.iter().any(|(k, _)| k == "node-role.kubernetes.io/control-plane")).unwrap_or(0);
    node_ip(index)
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
    // A node past the pod subnet's ranges registers without one, as node IPAM leaves it
    // (`CIDRNotAvailable`; its kubelet stays NotReady without a pod network).
    let mut spec = match facts::pod_cidr(index) {
        Some(cidr) => json!({"podCIDR": cidr, "podCIDRs": [cidr]}),
        None => json!({}),
    };
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
            "features": {"supplementalGroupsPolicy": true},
            "nodeInfo": {
                "architecture": "amd64", "bootID": ids.boot_id, "containerRuntimeVersion": CONTAINER_RUNTIME_VERSION,
                "kernelVersion": KERNEL_VERSION, "kubeProxyVersion": "", "kubeletVersion": KUBELET_VERSION,
                "machineID": ids.machine_id, "operatingSystem": "linux", "osImage": OS_IMAGE, "systemUUID": ids.system_uuid
            }
        }
    })
}

/// Bootstrap roles and bindings (upstream `bootstrappolicy/policy.go`, kubeadm's
/// `kubeadm:cluster-admins`), their rules in `rbac.json`. The aggregated `admin`/`edit`/`view`
/// roles are written with their aggregated rules already resolved. Controller roles (upstream
/// `bootstrappolicy/controller_policy.go`, `system:controller:<name>`; the statefulset
/// controller's claim update and delete rule appended since StatefulSetAutoDeletePVC, GA in
/// 1.32) are bound to each controller's service account in kube-system; those added after the
/// first release (`later_controllers`) are seeded with stable uids (see `seed_object_stable`),
/// so that earlier scripts keep their random draws. Then kube-scheduler's own role
/// (`system:kube-scheduler`), `system:volume-scheduler` (VolumeBinding reads classes and
/// writes PVs and PVCs) and `system:node-proxier` (bound to the `system:kube-proxy` user;
/// kubeadm binds it to kube-proxy's service account as well, `kubeadm:node-proxier`).
fn seed_rbac(e: &mut Engine) {
    let data = crate::json_text::parse(include_str!(concat!(env!("OUT_DIR"), "/cluster/rbac.json")), &[]);
    let meta = |name: &str| json!({"name": name, "labels": {"kubernetes.io/bootstrapping": "rbac-defaults"},
        "annotations": {"rbac.authorization.kubernetes.io/autoupdate": "true"}});
    let role = |name: &str, rules: &Value| json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": meta(name), "rules": rules});
    let binding = |name: &str, role: &str, subjects: Value| json!({
        "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": meta(name),
        "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": role},
        "subjects": subjects
    });
    let list = |key: &str| data[key].as_array().cloned().unwrap_or_default();
    let seeds = list("controllers").into_iter().map(|c| (c, false)).chain(list("later_controllers").into_iter().map(|c| (c, true)));
    for (controller, stable) in seeds {
        let sa = controller[0].as_str().unwrap_or_default();
        let name = format!("system:controller:{sa}");
        let objects = [
            ("clusterroles", None, role(&name, &controller[1])),
            ("clusterrolebindings", None, binding(&name, &name, json!([{"kind": "ServiceAccount", "name": sa, "namespace": "kube-system"}]))),
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
    let user = |name: &str| json!([{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": name}]);
    e.seed_object("clusterroles", None, role("system:kube-scheduler", &data["system:kube-scheduler"]));
    e.seed_object("clusterrolebindings", None, binding("system:kube-scheduler", "system:kube-scheduler", user("system:kube-scheduler")));
    e.seed_object_stable("clusterroles", None, role("system:volume-scheduler", &data["system:volume-scheduler"]));
    e.seed_object_stable("clusterrolebindings", None, binding("system:volume-scheduler", "system:volume-scheduler", user("system:kube-scheduler")));
    e.seed_object_stable("clusterroles", None, role("system:node-proxier", &data["system:node-proxier"]));
    e.seed_object_stable("clusterrolebindings", None, binding("system:node-proxier", "system:node-proxier", user("system:kube-proxy")));
    for r in list("roles") {
        e.seed_object("clusterroles", None, role(r[0].as_str().unwrap_or_default(), &r[1]));
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
        let mut object = binding(name, role, Value::Array(subjects));
        if name.starts_with("kubeadm:") {
            object["metadata"] = json!({"name": name});
        }
        e.seed_object("clusterrolebindings", None, object);
    }
}

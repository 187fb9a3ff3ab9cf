//! The system pods of a kind cluster (kind v0.32.0, Kubernetes v1.36.0), and the cluster's
//! start-up that makes them.
//!
//! What runs, from one description:
//! - the control plane as static pods on the control-plane node (kubeadm's manifests:
//!   `cmd/kubeadm/app/phases/controlplane/manifests.go`, `phases/etcd/local.go`, the probes of
//!   `util/staticpod/utils.go` on the named port `probe-port`), seen in the API as mirror pods
//!   `etcd-control-plane`, `kube-apiserver-control-plane`, `kube-controller-manager-control-plane`
//!   and `kube-scheduler-control-plane`;
//! - kubeadm's addons (`phases/addons/proxy/manifests.go`, `phases/addons/dns/manifests.go`): the
//!   `kube-proxy` DaemonSet and its ConfigMap, CoreDNS as the two-replica `coredns` Deployment
//!   behind the `kube-dns` Service (10.96.0.10), their service accounts and RBAC, and kubeadm's
//!   `kubeadm-config` / `kubelet-config` ConfigMaps;
//! - kind's CNI, kindnet (`pkg/build/nodeimage/const_cni.go`): the `kindnet` DaemonSet;
//! - kind's storage (`const_storage.go`, `local_path.rs`): the `local-path-provisioner`
//!   Deployment in `local-path-storage` and the default StorageClass `standard`.
//!
//! How: the cluster is booted as kind boots it, by the engine itself — the kubelet runs the
//! static pods from its manifest directory and writes their mirror pods, kubeadm and kind create
//! the addons through kube-apiserver, the controllers and the scheduler create and place their
//! pods, the kubelets run them (images from the node image, as kind preloads them), the workers
//! join — so every object, every container and every component's memory is what the engine's
//! own code makes. The start-up's trace is dropped, its events have expired (1 h) by the time a
//! script begins, and the quiet hour between the start-up and the script is skipped: every
//! pending timer moves forward by the same amount, so the cluster reads 70 minutes old.

use serde_json::Value;

use super::{NodeIds, NodeSpec, node};
use crate::apiserver::authn::UserInfo;
use crate::apiserver::{Request, Verb, ipalloc};
use crate::clock::{SCRIPT_START, Time};
use crate::registry::{ImageRef, Lookup};
use crate::store::ObjectKey;
use crate::{Engine, Scheduled, Task};
use std::cmp::Reverse;
use podlife_model::ResourceType;

pub use super::facts::DNS_SERVICE_IP;
/// The cluster's name (kind's default) and its DNS domain.
pub const CLUSTER_NAME: &str = "kind";
pub const CLUSTER_DOMAIN: &str = "cluster.local";
/// kind's pod subnet.
pub const POD_SUBNET: &str = "10.244.0.0/16";

pub const KUBE_APISERVER_IMAGE: &str = "registry.k8s.io/kube-apiserver:v1.36.0";
pub const KUBE_CONTROLLER_MANAGER_IMAGE: &str = "registry.k8s.io/kube-controller-manager:v1.36.0";
pub const KUBE_SCHEDULER_IMAGE: &str = "registry.k8s.io/kube-scheduler:v1.36.0";
pub const KUBE_PROXY_IMAGE: &str = "registry.k8s.io/kube-proxy:v1.36.0";
/// kubeadm 1.36's `DefaultEtcdVersion` and `CoreDNSVersion`.
pub const ETCD_IMAGE: &str = "registry.k8s.io/etcd:3.6.8-0";
pub const COREDNS_IMAGE: &str = "registry.k8s.io/coredns/coredns:v1.14.2";
/// kind v0.32.0's `kindnetdImage`.
pub const KINDNETD_IMAGE: &str = "docker.io/kindest/kindnetd:v20260528-9350166c";

/// The images of the kind node image, preloaded on every node (imported from archives, so
/// without repo digests: a container's `imageID` is the image id).
const NODE_IMAGE_IMAGES: [&str; 9] = [
    KUBE_APISERVER_IMAGE, KUBE_CONTROLLER_MANAGER_IMAGE, KUBE_SCHEDULER_IMAGE, KUBE_PROXY_IMAGE, ETCD_IMAGE, COREDNS_IMAGE, KINDNETD_IMAGE,
    super::local_path::PROVISIONER_IMAGE, super::local_path::HELPER_IMAGE,
];

/// The start-up, in ms after the cluster's creation: the control-plane node's kubelet starts
/// the static pods at once; kubeadm installs its addons once the control plane answers, kind
/// its CNI right after; the workers join (`kubeadm join`) once the control plane is up.
const ADDONS_AT: u64 = 6_000;
const CNI_AT: u64 = 8_000;
/// kind's `installstorage` action, right after the CNI.
const STORAGE_AT: u64 = 9_000;
const WORKERS_JOIN_AT: u64 = 24_000;
/// Everything has settled by then; the next hour is quiet.
const SETTLED_AT: u64 = 45_000;

/// The seed of the start-up's chance draws (the same cluster for every script; the script's
/// own seed takes over at its start).
const BOOT_SEED: u64 = 0x6b696e64; // "kind"

/// Boots a kind cluster with these nodes (the first node labelled as control plane hosts it)
/// and returns it at `SCRIPT_START`.
pub(crate) fn boot(nodes: &[NodeSpec]) -> Engine {
    let mut e = Engine::bare_at(BOOT_SEED, Time::ZERO);
    let cp = nodes.iter().position(|n| n.labels.iter().any(|(k, _)| k == "node-role.kubernetes.io/control-plane")).unwrap_or(0);
    e.seed_bootstrap();
    if let Some(n) = nodes.get(cp) {
        e.seed_node(n, cp);
    }
    super::seed_service_network(&mut e, nodes);
    let Some(control_plane) = nodes.get(cp) else {
        e.start_cluster_components(&[]);
        return e;
    };
    // The start-up's trace is dropped when it is over (`finish_boot`): not recorded at all.
    e.tracing = false;
    e.start_cluster_components(std::slice::from_ref(&control_plane.name));
    // kubeadm init: the static pods' manifests; the kubelet runs them.
    let ip = super::node_ip(cp);
    e.preload_node_image(&control_plane.name);
    let seen = e.now;
    if let Some(m) = e.machines.get_mut(&control_plane.name) {
        m.static_pods = control_plane_manifests(&control_plane.name, &ip).iter().map(|p| crate::machine::StaticPod::new(crate::kubelet::static_pods::from_manifest(p, &control_plane.name, seen))).collect();
    }
    e.kubelet_add_static_pods(&control_plane.name);
    e.run_boot_until(ADDONS_AT);
    e.boot_create_all(kubeadm_objects(&control_plane.name), "kubeadm");
    e.run_boot_until(CNI_AT);
    e.boot_create_all(kindnet_objects(), "kubectl-create");
    e.run_boot_until(STORAGE_AT);
    e.boot_create_all(super::local_path::objects(), "kubectl-client-side-apply");
    e.run_boot_until(WORKERS_JOIN_AT);
    // kubeadm join: each worker's kubelet registers its Node and Lease.
    for (i, n) in nodes.iter().enumerate().filter(|(i, _)| *i != cp) {
        let ids = NodeIds { machine_id: e.rng.uuid().replace('-', ""), system_uuid: e.rng.uuid(), boot_id: e.rng.uuid() };
        let kubelet = Some(UserInfo { name: format!("system:node:{}", n.name), groups: vec!["system:nodes".into(), "system:authenticated".into()] });
        let registered = e.boot_create("nodes", None, node(n, i, &ids, e.now), "kubelet", kubelet.clone());
        let lease = json!({
            "apiVersion": "coordination.k8s.io/v1", "kind": "Lease",
            "metadata": {"name": n.name, "namespace": "kube-node-lease",
                "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": n.name, "uid": registered["metadata"]["uid"]}]},
            "spec": {"holderIdentity": n.name, "leaseDurationSeconds": 40, "renewTime": e.now.rfc3339_micros()}
        });
        e.boot_create("leases", Some("kube-node-lease"), lease, "kubelet", kubelet);
        e.start_node_components(&n.name);
        e.preload_node_image(&n.name);
    }
    e.run_boot_until(SETTLED_AT);
    e.finish_boot();
    e
}

impl Engine {
    /// Runs the start-up's work up to `at` (ms after creation).
    fn run_boot_until(&mut self, at: u64) {
        let _ = self.run_until(Time(at));
    }

    /// A write of the start-up through kube-apiserver (as `kubernetes-admin` unless a
    /// component's credentials are given); returns the stored object.
    fn boot_create(&mut self, plural: &str, namespace: Option<&str>, object: Value, manager: &str, credentials: Option<UserInfo>) -> Value {
        let Some(rt) = ResourceType::resolve(plural) else { return Value::Null };
        let mut req = Request::new(Verb::Create, rt);
        req.namespace = namespace.map(str::to_string);
        req.body = Some(object);
        req.field_manager = manager.into();
        req.credentials = credentials;
        match self.handle(req) {
            Ok(crate::Response::Object(v)) => v,
            other => {
                debug_assert!(false, "start-up write of {plural} refused: {other:?}");
                Value::Null
            }
        }
    }

    /// `boot_create` of each object of a manifest, in order (its resource from its `apiVersion`
    /// and `kind`, its namespace from its metadata).
    fn boot_create_all(&mut self, objects: Vec<Value>, manager: &str) {
        for object in objects {
            let Some(rt) = ResourceType::by_api_version_kind(object["apiVersion"].as_str().unwrap_or_default(), object["kind"].as_str().unwrap_or_default()) else {
                debug_assert!(false, "start-up object of an unknown kind: {object}");
                continue;
            };
            let namespace = object["metadata"]["namespace"].as_str().map(str::to_string);
            self.boot_create(rt.plural, namespace.as_deref(), object, manager, None);
        }
    }

    /// The node's image store holds the node image's images (kind preloads them).
    fn preload_node_image(&mut self, node: &str) {
        let Some(m) = self.machine(node) else { return };
        for name in NODE_IMAGE_IMAGES {
            if let Ok(r) = ImageRef::parse_normalized(name)
                && let Lookup::Found(img) = crate::registry::lookup(&r.with_default_tag())
            {
                m.runtime.preload_image(img);
            }
        }
    }

    /// The start-up is over: its events have expired, its trace is not the learner's, and the
    /// quiet hour until the script's start passes in one step.
    fn finish_boot(&mut self) {
        // Events live an hour (`--event-ttl`): those of the start-up are gone, and so is the
        // memory of the recorders that wrote them.
        let events: Vec<ObjectKey> = self.store.list("", "events", None).map(|(k, _)| k.clone()).chain(self.store.list("events.k8s.io", "events", None).map(|(k, _)| k.clone())).collect();
        for k in events {
            self.store.delete(&k);
        }
        // ... and so are the etcd leases that held them.
        self.event_leases = Default::default();
        for k in self.kubelets.values_mut().filter_map(|k| k.get_mut()) {
            k.events = Default::default();
        }
        if let Some(k) = self.kcm.get_mut() {
            k.forget_events();
        }
        if let Some(s) = self.scheduler.get_mut() {
            s.event_series.clear();
        }
        // The quiet hour: every timer moves forward by the same amount, and so do the times
        // the components compare with the clock (a node's last status report, the node
        // lifecycle controller's view of each Lease).
        let shift = SCRIPT_START.millis().saturating_sub(self.now.millis());
        let tasks: Vec<Scheduled> = std::mem::take(&mut self.queue).into_iter().map(|Reverse(s)| s).filter(|s| !matches!(s.task, Task::EventLeaseExpire { .. })).collect();
        for mut s in tasks {
            s.at = s.at.plus_millis(shift);
            self.queue.push(Reverse(s));
        }
        // The last Lease renewal and status report each node made, and the node lifecycle
        // controller's memory of them, an hour later.
        let nodes: Vec<String> = self.machines.keys().cloned().collect();
        self.shift_heartbeat_clocks(shift, &crate::quiet::MovedClocks::boot(nodes));
        self.now = SCRIPT_START;
        // Every informer holds what etcd holds (after an hour of watching).
        self.relist_informers();
        self.trace.clear();
        self.trace_seq = 0;
        self.tracing = true;
        self.warnings.clear();
    }

    /// Every running component's cache becomes a fresh list of what it watches; the garbage
    /// collector's and disruption controller's graphs are rebuilt from it.
    fn relist_informers(&mut self) {
        let store = self.store.clone();
        for c in self.components.iter_mut().filter(|c| c.running) {
            c.cache.clear();
            c.generation += 1;
            for w in &c.watches {
                for (k, v) in store.list_shared(w.group, w.resource, None).filter(|(k, v)| w.matches(k, v)) {
                    c.cache.insert(k.clone(), v.clone());
                }
            }
        }
        let Some(i) = self.components.iter().position(|c| c.id.name == "kube-controller-manager" && c.id.node.is_none()) else { return };
        let revision = self.store.revision();
        // The graphs only: nothing in them is due (the start-up left no dangling owner).
        self.run_component(|e| &mut e.kcm, i, |k, cx| k.relisted(cx, revision));
    }
}

/// The program of kube-proxy's pod (`/usr/local/bin/kube-proxy`).
const KUBE_PROXY_PROGRAM: &str = "kube-proxy";

impl Engine {
    /// A node's kube-proxy component is the `kube-proxy` process of its kube-proxy pod: it starts
    /// with that process (a full sync of its rules, as a new kube-proxy does) …
    pub(crate) fn node_program_started(&mut self, node: &str, argv: &[String]) {
        let program = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a));
        if program == Some(KUBE_PROXY_PROGRAM) {
            let _ = self.start_component(crate::proxy::COMPONENT, Some(node));
        }
        // kind's storage provisioner is the process of its pod, whose name is its hostname.
        if program == Some(crate::local_path::PROGRAM) {
            let pod = self.machines.get(node).and_then(|m| {
                let c = m.runtime.containers.values().find(|c| c.state == crate::containerd::ContainerState::Running && c.started_at == Some(self.now) && is_program(c, crate::local_path::PROGRAM))?;
                m.runtime.sandboxes.get(&c.sandbox_id).map(|s| s.pod_name.clone())
            });
            self.local_path_started(&pod.unwrap_or_default());
        }
    }

    /// The provisioner's process started in pod `pod_name` (its hostname): the component
    /// starts (its informers list), or, when it ran already, starts afresh.
    fn local_path_started(&mut self, pod_name: &str) {
        use crate::component::Component as _;
        if let Some(p) = self.local_path.get_mut() {
            p.set_hostname(pod_name);
        }
        let Some(me) = self.control_plane_index(crate::local_path::COMPONENT) else { return };
        if self.components[me].running {
            self.run_component(|e| &mut e.local_path, me, |p, cx| p.on_start(cx));
        } else {
            let _ = self.start_component(crate::local_path::COMPONENT, None);
        }
    }

    /// … and stops when no kube-proxy process runs on the node any more (its iptables rules
    /// stay, as they do when the pod is deleted).
    pub(crate) fn node_program_exited(&mut self, node: &str) {
        let Some(m) = self.machines.get(node) else { return };
        let ended = |program: &str| {
            let ran = m.runtime.containers.values().any(|c| c.state == crate::containerd::ContainerState::Exited && c.finished_at == Some(self.now) && is_program(c, program));
            let runs = m.runtime.containers.values().any(|c| c.state == crate::containerd::ContainerState::Running && is_program(c, program));
            ran && !runs
        };
        let (proxy, provisioner) = (ended(KUBE_PROXY_PROGRAM), ended(crate::local_path::PROGRAM));
        if proxy {
            let _ = self.stop_component(crate::proxy::COMPONENT, Some(node));
        }
        if provisioner {
            let _ = self.stop_component(crate::local_path::COMPONENT, None);
        }
    }
}

/// Whether a container's process runs `program`.
fn is_program(c: &crate::containerd::Container, program: &str) -> bool {
    c.process.as_ref().and_then(|p| p.argv.first()).is_some_and(|a| a.rsplit('/').next() == Some(program))
}

// ---------------------------------------------------------------------------------------------
// The manifests

/// `/etc/kubernetes/manifests` on the control-plane node `node` (address `ip`):
/// `control_plane.json`, kubeadm's static pod manifests (`ComponentPod`) of etcd,
/// kube-apiserver, kube-controller-manager and kube-scheduler, with the HTTP probes of
/// `util/staticpod/utils.go` on the named port `probe-port`.
pub fn control_plane_manifests(node: &str, ip: &str) -> Vec<Value> {
    let vars = [
        ("NODE", node), ("IP", ip), ("ETCD_IMAGE", ETCD_IMAGE), ("KUBE_APISERVER_IMAGE", KUBE_APISERVER_IMAGE),
        ("KUBE_CONTROLLER_MANAGER_IMAGE", KUBE_CONTROLLER_MANAGER_IMAGE), ("KUBE_SCHEDULER_IMAGE", KUBE_SCHEDULER_IMAGE),
        ("POD_SUBNET", POD_SUBNET), ("CLUSTER_NAME", CLUSTER_NAME), ("SERVICE_CLUSTER_IP_RANGE", ipalloc::SERVICE_CLUSTER_IP_RANGE),
    ];
    crate::json_text::parse_list(include_str!(concat!(env!("OUT_DIR"), "/cluster/control_plane.json")), &vars)
}

/// CoreDNS's configuration as kubeadm writes it (`CoreDNSConfigMap`, DNS domain `cluster.local`).
pub const COREFILE: &str = ".:53 {\n    errors\n    health {\n       lameduck 5s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n       pods insecure\n       fallthrough in-addr.arpa ip6.arpa\n       ttl 30\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf {\n       max_concurrent 1000\n    }\n    cache 30 {\n       disable success cluster.local\n       disable denial cluster.local\n    }\n    loop\n    reload\n    loadbalance\n}\n";

/// kube-proxy's `config.conf`: kind's KubeProxyConfiguration (iptables mode, `minSyncPeriod`
/// 1 s, no conntrack table sizing) as kubeadm stores it, defaults written out.
const KUBE_PROXY_CONFIG: &str = "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nbindAddress: 0.0.0.0\nbindAddressHardFail: false\nclientConnection:\n  acceptContentTypes: \"\"\n  burst: 0\n  contentType: \"\"\n  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf\n  qps: 0\nclusterCIDR: 10.244.0.0/16\nconfigSyncPeriod: 0s\nconntrack:\n  maxPerCore: 0\n  min: null\n  tcpBeLiberal: false\n  tcpCloseWaitTimeout: null\n  tcpEstablishedTimeout: null\n  udpStreamTimeout: 0s\n  udpTimeout: 0s\ndetectLocal:\n  bridgeInterface: \"\"\n  interfaceNamePrefix: \"\"\ndetectLocalMode: \"\"\nenableProfiling: false\nhealthzBindAddress: \"\"\nhostnameOverride: \"\"\niptables:\n  localhostNodePorts: null\n  masqueradeAll: false\n  masqueradeBit: null\n  minSyncPeriod: 1s\n  syncPeriod: 0s\nipvs:\n  excludeCIDRs: null\n  minSyncPeriod: 0s\n  scheduler: \"\"\n  strictARP: false\n  syncPeriod: 0s\n  tcpFinTimeout: 0s\n  tcpTimeout: 0s\n  udpTimeout: 0s\nkind: KubeProxyConfiguration\nlogging:\n  flushFrequency: 0\n  options:\n    json:\n      infoBufferSize: \"0\"\n    text:\n      infoBufferSize: \"0\"\n  verbosity: 0\nmetricsBindAddress: \"\"\nmode: iptables\nnftables:\n  masqueradeAll: false\n  masqueradeBit: null\n  minSyncPeriod: 0s\n  syncPeriod: 0s\nnodePortAddresses: null\noomScoreAdj: null\nportRange: \"\"\nshowHiddenMetricsForVersion: \"\"\nwinkernel:\n  enableDSR: false\n  forwardHealthCheckVip: false\n  networkName: \"\"\n  rootHnsEndpointName: \"\"\n  sourceVip: \"\"";

/// What `kubeadm init` writes through kube-apiserver once the control plane answers
/// (`kubeadm.json`), in kubeadm's order: its configuration (the `uploadconfig` and `kubelet`
/// phases: `kubeadm-config`, `kubelet-config`), the CoreDNS addon (`phases/addons/dns`: its
/// service account and RBAC, the `coredns` ConfigMap, `CoreDNSDeployment` with two replicas,
/// the `kube-dns` Service) and the kube-proxy addon (`phases/addons/proxy`: its service
/// account, `kubeadm:node-proxier`, the Role and RoleBinding that let joining nodes read its
/// ConfigMap, the ConfigMap, `KubeProxyDaemonSet`).
fn kubeadm_objects(control_plane: &str) -> Vec<Value> {
    let endpoint = format!("{control_plane}:6443");
    let cluster_configuration = format!(
        "apiServer:\n  certSANs:\n  - localhost\n  - 127.0.0.1\n  extraArgs:\n  - name: runtime-config\n    value: \"\"\napiVersion: kubeadm.k8s.io/v1beta4\ncaCertificateValidityPeriod: 87600h0m0s\ncertificateValidityPeriod: 8760h0m0s\ncertificatesDir: /etc/kubernetes/pki\nclusterName: {CLUSTER_NAME}\ncontrolPlaneEndpoint: {endpoint}\ncontrollerManager:\n  extraArgs:\n  - name: enable-hostpath-provisioner\n    value: \"true\"\ndns: {{}}\nencryptionAlgorithm: RSA-2048\netcd:\n  local:\n    dataDir: /var/lib/etcd\nimageRepository: registry.k8s.io\nkind: ClusterConfiguration\nkubernetesVersion: {}\nnetworking:\n  dnsDomain: {CLUSTER_DOMAIN}\n  podSubnet: {POD_SUBNET}\n  serviceSubnet: {}\nproxy: {{}}\nscheduler: {{}}\n",
        crate::cluster::KUBELET_VERSION,
        ipalloc::SERVICE_CLUSTER_IP_RANGE
    );
    let kubelet_configuration = format!(
        "apiVersion: kubelet.config.k8s.io/v1beta1\nauthentication:\n  anonymous:\n    enabled: false\n  webhook:\n    cacheTTL: 0s\n    enabled: true\n  x509:\n    clientCAFile: /etc/kubernetes/pki/ca.crt\nauthorization:\n  mode: Webhook\n  webhook:\n    cacheAuthorizedTTL: 0s\n    cacheUnauthorizedTTL: 0s\ncgroupDriver: systemd\ncgroupRoot: /kubelet\nclusterDNS:\n- {DNS_SERVICE_IP}\nclusterDomain: {CLUSTER_DOMAIN}\ncontainerRuntimeEndpoint: \"\"\ncpuManagerReconcilePeriod: 0s\ncrashLoopBackOff: {{}}\nevictionHard:\n  imagefs.available: 0%\n  nodefs.available: 0%\n  nodefs.inodesFree: 0%\nevictionPressureTransitionPeriod: 0s\nfailSwapOn: false\nfileCheckFrequency: 0s\nhealthzBindAddress: 127.0.0.1\nhealthzPort: 10248\nhttpCheckFrequency: 0s\nimageGCHighThresholdPercent: 100\nimageMaximumGCAge: 0s\nimageMinimumGCAge: 0s\nkind: KubeletConfiguration\nlogging:\n  flushFrequency: 0\n  options:\n    json:\n      infoBufferSize: \"0\"\n    text:\n      infoBufferSize: \"0\"\n  verbosity: 0\nmemorySwap: {{}}\nnodeStatusReportFrequency: 0s\nnodeStatusUpdateFrequency: 0s\nrotateCertificates: true\nruntimeRequestTimeout: 0s\nshutdownGracePeriod: 0s\nshutdownGracePeriodCriticalPods: 0s\nstaticPodPath: /etc/kubernetes/manifests\nstreamingConnectionIdleTimeout: 0s\nsyncFrequency: 0s\nvolumeStatsAggPeriod: 0s\n"
    );
    let kubeconfig = format!(
        "apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt\n    server: https://{endpoint}\n  name: default\ncontexts:\n- context:\n    cluster: default\n    namespace: default\n    user: default\n  name: default\ncurrent-context: default\nusers:\n- name: default\n  user:\n    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token"
    );
    let vars = [
        ("CLUSTER_CONFIGURATION", cluster_configuration.as_str()), ("KUBELET_CONFIGURATION", kubelet_configuration.as_str()),
        ("COREFILE", COREFILE), ("KUBE_PROXY_CONFIG", KUBE_PROXY_CONFIG), ("KUBECONFIG", kubeconfig.as_str()),
        ("COREDNS_IMAGE", COREDNS_IMAGE), ("KUBE_PROXY_IMAGE", KUBE_PROXY_IMAGE), ("DNS_SERVICE_IP", DNS_SERVICE_IP),
    ];
    crate::json_text::parse_list(include_str!(concat!(env!("OUT_DIR"), "/cluster/kubeadm.json")), &vars)
}

/// kind's default CNI manifest (`defaultCNIManifest`, `kindnet.json`: the `kindnet` ClusterRole,
/// its binding and service account, the `kindnet` DaemonSet), as kind applies it after
/// `kubeadm init`.
fn kindnet_objects() -> Vec<Value> {
    crate::json_text::parse_list(include_str!(concat!(env!("OUT_DIR"), "/cluster/kindnet.json")), &[("KINDNETD_IMAGE", KINDNETD_IMAGE), ("POD_SUBNET", POD_SUBNET)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::containerd::ContainerState;

    fn pods(e: &Engine) -> Vec<Value> {
        e.store.list("", "pods", Some("kube-system")).map(|(_, v)| v.to_value()).collect()
    }

    fn pod(e: &Engine, prefix: &str, node: &str) -> Value {
        pods(e).into_iter().find(|p| p["metadata"]["name"].as_str().is_some_and(|n| n.starts_with(prefix)) && p["spec"]["nodeName"] == node).unwrap_or(Value::Null)
    }

    fn request(verb: Verb, plural: &str, namespace: &str, name: &str, body: Option<Value>) -> Request {
        let mut req = Request::new(verb, ResourceType::resolve(plural).expect("served"));
        req.namespace = Some(namespace.into());
        req.name = Some(name.into());
        req.body = body;
        req
    }

    fn running_containers(e: &Engine, node: &str) -> Vec<(String, String)> {
        e.machines[node].runtime.containers.values().filter(|c| c.state == ContainerState::Running).map(|c| (c.name.clone(), c.id.clone())).collect()
    }

    #[test]
    fn the_cluster_runs_kinds_system_pods_seventy_minutes_old() {
        let e = Engine::with_default_cluster(1);
        assert_eq!(e.now(), SCRIPT_START);
        let all = pods(&e);
        assert_eq!(all.len(), 12);
        // kind's storage: its provisioner on the control plane (it tolerates the taint).
        let storage: Vec<Value> = e.store.list("", "pods", Some("local-path-storage")).map(|(_, v)| v.to_value()).collect();
        assert_eq!(storage.len(), 1);
        assert_eq!(storage[0]["spec"]["nodeName"], "control-plane");
        assert_eq!(storage[0]["status"]["phase"], "Running");
        assert!(e.is_running(crate::local_path::COMPONENT, None).unwrap_or(false), "the provisioner runs with its process");
        for p in &all {
            let name = p["metadata"]["name"].as_str().unwrap_or_default();
            assert_eq!(p["status"]["phase"], "Running", "{name}");
            assert!(p["status"]["conditions"].as_array().is_some_and(|c| c.iter().any(|c| c["type"] == "Ready" && c["status"] == "True")), "{name} is ready");
            let created = p["metadata"]["creationTimestamp"].as_str().and_then(Time::from_rfc3339).expect("created");
            assert!(created.millis() < 60_000, "{name} was created during the start-up");
        }
        // The control plane: mirror pods owned by their Node, on the node's address.
        for component in ["etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler"] {
            let p = pod(&e, &format!("{component}-control-plane"), "control-plane");
            assert_eq!(p["metadata"]["labels"]["component"], component);
            assert_eq!(p["metadata"]["annotations"]["kubernetes.io/config.mirror"], p["metadata"]["annotations"]["kubernetes.io/config.hash"]);
            assert_eq!(p["metadata"]["ownerReferences"][0]["kind"], "Node");
            assert_eq!(p["status"]["podIP"], "172.18.0.2");
            assert_eq!(p["spec"]["priority"], 2_000_001_000);
            assert!(p["spec"]["serviceAccountName"].is_null(), "mirror pods get no service account");
        }
        // kube-proxy and kindnet on every node, on the node's address; CoreDNS on the control
        // plane (the workers joined after it was scheduled), from its podCIDR.
        for (node, ip) in [("control-plane", "172.18.0.2"), ("worker-1", "172.18.0.3"), ("worker-2", "172.18.0.4")] {
            for ds in ["kube-proxy-", "kindnet-"] {
                assert_eq!(pod(&e, ds, node)["status"]["podIP"], ip, "{ds} on {node}");
            }
        }
        let dns: Vec<Value> = all.iter().filter(|p| p["metadata"]["labels"]["k8s-app"] == "kube-dns").cloned().collect();
        assert_eq!(dns.len(), 2);
        assert!(dns.iter().all(|p| p["spec"]["nodeName"] == "control-plane" && p["status"]["podIP"].as_str().is_some_and(|ip| ip.starts_with("10.244.0."))));
        // Below the API: the containers run, from the node image's images.
        assert_eq!(running_containers(&e, "control-plane").len(), 9);
        assert_eq!(running_containers(&e, "worker-1").len(), 2);
        let proxy = &e.machines["worker-1"].runtime.containers.values().find(|c| c.name == "kube-proxy").expect("kube-proxy runs").image_id;
        assert!(proxy.starts_with("sha256:"), "an imported image has no repo digest: {proxy}");
        // The start-up's events have expired; nothing of it is in the trace.
        assert_eq!(e.store.list("", "events", None).count(), 0);
        assert!(e.trace().is_empty());
    }

    /// The seeded cluster is what its controllers and kubelets want: ten quiet minutes write
    /// nothing but heartbeats (Leases, Node status).
    #[test]
    fn a_quiet_cluster_writes_only_heartbeats() {
        let mut e = Engine::with_default_cluster(4);
        e.keep_writes();
        e.advance_by(600_000);
        let writes: Vec<String> = e.take_writes().iter().filter(|w| !matches!(w.key.resource, "leases" | "nodes")).map(|w| format!("{:?} {}/{}", w.event_type, w.key.resource, w.key.name)).collect();
        assert!(writes.is_empty(), "{writes:?}");
    }

    #[test]
    fn a_deleted_kube_proxy_pod_is_replaced_by_its_daemonset() {
        let mut e = Engine::with_default_cluster(2);
        let old = pod(&e, "kube-proxy-", "worker-1");
        let name = old["metadata"]["name"].as_str().expect("named").to_string();
        assert!(e.handle(request(Verb::Delete, "pods", "kube-system", &name, None)).is_ok());
        e.advance_by(60_000);
        let new = pod(&e, "kube-proxy-", "worker-1");
        assert_ne!(new["metadata"]["name"], old["metadata"]["name"]);
        assert_eq!(new["status"]["phase"], "Running");
        assert_eq!(new["status"]["podIP"], "172.18.0.3");
        assert_eq!(running_containers(&e, "worker-1").len(), 2);
    }

    #[test]
    fn a_deleted_mirror_pod_is_written_again_and_its_containers_keep_running() {
        let mut e = Engine::with_default_cluster(3);
        let old = pod(&e, "kube-scheduler-", "control-plane");
        let before = running_containers(&e, "control-plane");
        assert!(e.handle(request(Verb::Delete, "pods", "kube-system", "kube-scheduler-control-plane", None)).is_ok());
        e.advance_by(30_000);
        let new = pod(&e, "kube-scheduler-", "control-plane");
        assert_ne!(new["metadata"]["uid"], old["metadata"]["uid"], "a new mirror pod");
        assert_eq!(new["metadata"]["annotations"]["kubernetes.io/config.mirror"], old["metadata"]["annotations"]["kubernetes.io/config.mirror"]);
        assert_eq!(new["status"]["phase"], "Running", "the status manager wrote its status");
        assert_eq!(new["status"]["conditions"], old["status"]["conditions"], "with the times the kubelet kept");
        assert_eq!(running_containers(&e, "control-plane"), before, "nothing restarted");
    }

    #[test]
    fn a_restarted_kubelet_adopts_its_running_static_pods() {
        let mut e = Engine::with_default_cluster(5);
        let before = running_containers(&e, "control-plane");
        e.keep_writes();
        e.stop_component("kubelet", Some("control-plane")).expect("exists");
        e.advance_by(5_000);
        e.start_component("kubelet", Some("control-plane")).expect("exists");
        e.advance_by(30_000);
        assert_eq!(running_containers(&e, "control-plane"), before);
        // Pods come and go only by create and delete: none did (the probes' results start
        // again, so readiness may be written).
        let pod_changes = e.take_writes().iter().filter(|w| w.key.resource == "pods" && w.event_type != crate::store::EventType::Modified).count();
        assert_eq!(pod_changes, 0, "no mirror pod deleted or created");
    }

    #[test]
    fn names_resolve_through_kube_dns_while_coredns_serves() {
        let mut e = Engine::with_default_cluster(6);
        // A `ClusterFirst` pod (kind's local-path-provisioner; kube-proxy's and kindnet's pods
        // are `hostNetwork`, so they get the node's resolver instead).
        let client = e.store.list("", "pods", Some("local-path-storage")).map(|(_, v)| v.to_value()).next().unwrap_or(Value::Null);
        let uid = client["metadata"]["uid"].as_str().expect("uid").to_string();
        let resolve = |e: &mut Engine, name: &str| e.resolve_from("control-plane", &uid, "local-path-storage", name);
        assert_eq!(resolve(&mut e, "kubernetes.default").as_deref(), Ok("10.96.0.1"));
        assert_eq!(resolve(&mut e, "nosuch"), Err(crate::network::DnsError::NxDomain));
        // One replica, then none (one pod leaving at a time: podlife's controllers do not yet
        // retry a write that met a conflict).
        for replicas in [1, 0] {
            let mut req = request(Verb::Patch, "deployments", "kube-system", "coredns", Some(json!({"spec": {"replicas": replicas}})));
            req.patch_type = crate::apiserver::patch::PatchType::Merge;
            assert!(e.handle(req).is_ok());
            e.advance_by(60_000);
        }
        assert!(e.store.list("", "pods", Some("kube-system")).all(|(_, p)| p["metadata"]["labels"]["k8s-app"] != "kube-dns"));
        assert_eq!(resolve(&mut e, "kubernetes.default"), Err(crate::network::DnsError::Refused));
        // An IP needs no server.
        assert_eq!(resolve(&mut e, "10.96.0.1").as_deref(), Ok("10.96.0.1"));
    }
}

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

/// kube-dns's ClusterIP (kubeadm: the tenth address of the service subnet).
pub const DNS_SERVICE_IP: &str = "10.96.0.10";
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
        m.static_pods = control_plane_manifests(&control_plane.name, &ip).iter().map(|p| crate::kubelet::static_pods::from_manifest(p, &control_plane.name, seen)).collect();
    }
    e.kubelet_add_static_pods(&control_plane.name);
    e.run_boot_until(ADDONS_AT);
    for (plural, namespace, object) in kubeadm_objects(&control_plane.name) {
        e.boot_create(plural, namespace, object, "kubeadm", None);
    }
    e.run_boot_until(CNI_AT);
    for (plural, namespace, object) in kindnet_objects() {
        e.boot_create(plural, namespace, object, "kubectl-create", None);
    }
    e.run_boot_until(STORAGE_AT);
    for (plural, namespace, object) in super::local_path::objects() {
        e.boot_create(plural, namespace, object, "kubectl-client-side-apply", None);
    }
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
        for m in self.machines.values_mut() {
            m.kubelet.events = Default::default();
        }
        self.controller_events = Default::default();
        self.pv_recorder = Default::default();
        self.event_series.clear();
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
        self.podgc.relist(&self.components[i].cache);
        self.gc.reset();
        self.pdb.reset();
        let revision = self.store.revision();
        let objects: Vec<(ObjectKey, std::sync::Arc<Value>)> = self.components[i].cache.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        for (key, object) in objects {
            let event = crate::store::WatchEvent { event_type: crate::store::EventType::Added, key, object, revision };
            // The graphs only: nothing in them is due (the start-up left no dangling owner).
            let _ = crate::controllers::garbagecollector::observe(&mut self.gc, &self.components[i].cache, &event, None);
            let _ = crate::controllers::disruption::observe(&mut self.pdb, &self.components[i].cache, &event);
        }
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

fn host_path(name: &str, path: &str, kind: &str) -> Value {
    json!({"name": name, "hostPath": {"path": path, "type": kind}})
}

fn mount(name: &str, path: &str, read_only: bool) -> Value {
    if read_only { json!({"name": name, "mountPath": path, "readOnly": true}) } else { json!({"name": name, "mountPath": path}) }
}

/// kubeadm's HTTP probe of a control-plane component (`util/staticpod/utils.go`).
fn component_probe(host: &str, path: &str, scheme: &str, failure: i64, initial_delay: Option<i64>, period: i64) -> Value {
    let mut p = json!({"failureThreshold": failure, "httpGet": {"host": host, "path": path, "port": "probe-port", "scheme": scheme}, "periodSeconds": period, "timeoutSeconds": 15});
    if let Some(d) = initial_delay {
        p["initialDelaySeconds"] = json!(d);
    }
    p
}

/// The static pod manifest kubeadm writes for a component (`ComponentPod`).
fn component_pod(name: &str, annotations: Value, container: Value, volumes: Vec<Value>) -> Value {
    let mut meta = json!({"labels": {"component": name, "tier": "control-plane"}, "name": name, "namespace": "kube-system"});
    if annotations.is_object() {
        meta["annotations"] = annotations;
    }
    json!({
        "apiVersion": "v1", "kind": "Pod", "metadata": meta,
        "spec": {
            "containers": [container], "hostNetwork": true,
            "priority": 2_000_001_000, "priorityClassName": "system-node-critical",
            "securityContext": {"seccompProfile": {"type": "RuntimeDefault"}},
            "volumes": volumes
        },
        "status": {}
    })
}

/// `/etc/kubernetes/manifests` on the control-plane node `node` (address `ip`).
pub fn control_plane_manifests(node: &str, ip: &str) -> Vec<Value> {
    let ca_mounts = |extra: Vec<Value>| {
        let mut m = vec![mount("ca-certs", "/etc/ssl/certs", true), mount("etc-ca-certificates", "/etc/ca-certificates", true)];
        m.extend(extra);
        m.push(mount("usr-local-share-ca-certificates", "/usr/local/share/ca-certificates", true));
        m.push(mount("usr-share-ca-certificates", "/usr/share/ca-certificates", true));
        m
    };
    let ca_volumes = |extra: Vec<Value>| {
        let mut v = vec![host_path("ca-certs", "/etc/ssl/certs", "DirectoryOrCreate"), host_path("etc-ca-certificates", "/etc/ca-certificates", "DirectoryOrCreate")];
        v.extend(extra);
        v.push(host_path("usr-local-share-ca-certificates", "/usr/local/share/ca-certificates", "DirectoryOrCreate"));
        v.push(host_path("usr-share-ca-certificates", "/usr/share/ca-certificates", "DirectoryOrCreate"));
        v
    };
    let etcd = component_pod(
        "etcd",
        json!({"kubeadm.kubernetes.io/etcd.advertise-client-urls": format!("https://{ip}:2379")}),
        json!({
            "command": [
                "etcd", format!("--advertise-client-urls=https://{ip}:2379"), "--cert-file=/etc/kubernetes/pki/etcd/server.crt",
                "--client-cert-auth=true", "--data-dir=/var/lib/etcd", "--feature-gates=InitialCorruptCheck=true",
                format!("--initial-advertise-peer-urls=https://{ip}:2380"), format!("--initial-cluster={node}=https://{ip}:2380"),
                "--key-file=/etc/kubernetes/pki/etcd/server.key", format!("--listen-client-urls=https://127.0.0.1:2379,https://{ip}:2379"),
                "--listen-metrics-urls=http://127.0.0.1:2381", format!("--listen-peer-urls=https://{ip}:2380"), format!("--name={node}"),
                "--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt", "--peer-client-cert-auth=true", "--peer-key-file=/etc/kubernetes/pki/etcd/peer.key",
                "--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt", "--snapshot-count=10000", "--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt",
                "--watch-progress-notify-interval=5s"
            ],
            "image": ETCD_IMAGE, "imagePullPolicy": "IfNotPresent",
            "livenessProbe": component_probe("127.0.0.1", "/livez", "HTTP", 8, Some(10), 10),
            "name": "etcd",
            "ports": [{"containerPort": 2381, "name": "probe-port", "protocol": "TCP"}],
            "readinessProbe": component_probe("127.0.0.1", "/readyz", "HTTP", 3, None, 1),
            "resources": {"requests": {"cpu": "100m", "memory": "100Mi"}},
            "startupProbe": component_probe("127.0.0.1", "/readyz", "HTTP", 24, Some(10), 10),
            "volumeMounts": [mount("etcd-data", "/var/lib/etcd", false), mount("etcd-certs", "/etc/kubernetes/pki/etcd", false)]
        }),
        vec![host_path("etcd-certs", "/etc/kubernetes/pki/etcd", "DirectoryOrCreate"), host_path("etcd-data", "/var/lib/etcd", "DirectoryOrCreate")],
    );
    let apiserver = component_pod(
        "kube-apiserver",
        json!({"kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint": format!("{ip}:6443")}),
        json!({
            "command": [
                "kube-apiserver", format!("--advertise-address={ip}"), "--allow-privileged=true", "--authorization-mode=Node,RBAC",
                "--client-ca-file=/etc/kubernetes/pki/ca.crt", "--enable-admission-plugins=NodeRestriction", "--enable-bootstrap-token-auth=true",
                "--etcd-cafile=/etc/kubernetes/pki/etcd/ca.crt", "--etcd-certfile=/etc/kubernetes/pki/apiserver-etcd-client.crt",
                "--etcd-keyfile=/etc/kubernetes/pki/apiserver-etcd-client.key", "--etcd-servers=https://127.0.0.1:2379",
                "--kubelet-client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt", "--kubelet-client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key",
                "--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname", "--proxy-client-cert-file=/etc/kubernetes/pki/front-proxy-client.crt",
                "--proxy-client-key-file=/etc/kubernetes/pki/front-proxy-client.key", "--requestheader-allowed-names=front-proxy-client",
                "--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt", "--requestheader-extra-headers-prefix=X-Remote-Extra-",
                "--requestheader-group-headers=X-Remote-Group", "--requestheader-username-headers=X-Remote-User", "--runtime-config=",
                "--secure-port=6443", "--service-account-issuer=https://kubernetes.default.svc.cluster.local", "--service-account-key-file=/etc/kubernetes/pki/sa.pub",
                "--service-account-signing-key-file=/etc/kubernetes/pki/sa.key", format!("--service-cluster-ip-range={}", ipalloc::SERVICE_CLUSTER_IP_RANGE),
                "--tls-cert-file=/etc/kubernetes/pki/apiserver.crt", "--tls-private-key-file=/etc/kubernetes/pki/apiserver.key"
            ],
            "image": KUBE_APISERVER_IMAGE, "imagePullPolicy": "IfNotPresent",
            "livenessProbe": component_probe(ip, "/livez", "HTTPS", 8, Some(10), 10),
            "name": "kube-apiserver",
            "ports": [{"containerPort": 6443, "name": "probe-port", "protocol": "TCP"}],
            "readinessProbe": component_probe(ip, "/readyz", "HTTPS", 3, None, 1),
            "resources": {"requests": {"cpu": "250m"}},
            "startupProbe": component_probe(ip, "/livez", "HTTPS", 24, Some(10), 10),
            "volumeMounts": ca_mounts(vec![mount("k8s-certs", "/etc/kubernetes/pki", true)])
        }),
        ca_volumes(vec![host_path("k8s-certs", "/etc/kubernetes/pki", "DirectoryOrCreate")]),
    );
    let controller_manager = component_pod(
        "kube-controller-manager",
        Value::Null,
        json!({
            "command": [
                "kube-controller-manager", "--allocate-node-cidrs=true", "--authentication-kubeconfig=/etc/kubernetes/controller-manager.conf",
                "--authorization-kubeconfig=/etc/kubernetes/controller-manager.conf", "--bind-address=127.0.0.1", "--client-ca-file=/etc/kubernetes/pki/ca.crt",
                format!("--cluster-cidr={POD_SUBNET}"), format!("--cluster-name={CLUSTER_NAME}"), "--cluster-signing-cert-file=/etc/kubernetes/pki/ca.crt",
                "--cluster-signing-key-file=/etc/kubernetes/pki/ca.key", "--controllers=*,bootstrapsigner,tokencleaner", "--enable-hostpath-provisioner=true",
                "--kubeconfig=/etc/kubernetes/controller-manager.conf", "--leader-elect=true", "--requestheader-client-ca-file=/etc/kubernetes/pki/front-proxy-ca.crt",
                "--root-ca-file=/etc/kubernetes/pki/ca.crt", "--service-account-private-key-file=/etc/kubernetes/pki/sa.key",
                format!("--service-cluster-ip-range={}", ipalloc::SERVICE_CLUSTER_IP_RANGE), "--use-service-account-credentials=true"
            ],
            "image": KUBE_CONTROLLER_MANAGER_IMAGE, "imagePullPolicy": "IfNotPresent",
            "livenessProbe": component_probe("127.0.0.1", "/healthz", "HTTPS", 8, Some(10), 10),
            "name": "kube-controller-manager",
            "ports": [{"containerPort": 10257, "name": "probe-port", "protocol": "TCP"}],
            "resources": {"requests": {"cpu": "200m"}},
            "startupProbe": component_probe("127.0.0.1", "/healthz", "HTTPS", 24, Some(10), 10),
            "volumeMounts": ca_mounts(vec![
                mount("flexvolume-dir", "/usr/libexec/kubernetes/kubelet-plugins/volume/exec", false),
                mount("k8s-certs", "/etc/kubernetes/pki", true),
                mount("kubeconfig", "/etc/kubernetes/controller-manager.conf", true),
            ])
        }),
        ca_volumes(vec![
            host_path("flexvolume-dir", "/usr/libexec/kubernetes/kubelet-plugins/volume/exec", "DirectoryOrCreate"),
            host_path("k8s-certs", "/etc/kubernetes/pki", "DirectoryOrCreate"),
            host_path("kubeconfig", "/etc/kubernetes/controller-manager.conf", "FileOrCreate"),
        ]),
    );
    let scheduler = component_pod(
        "kube-scheduler",
        Value::Null,
        json!({
            "command": [
                "kube-scheduler", "--authentication-kubeconfig=/etc/kubernetes/scheduler.conf", "--authorization-kubeconfig=/etc/kubernetes/scheduler.conf",
                "--bind-address=127.0.0.1", "--kubeconfig=/etc/kubernetes/scheduler.conf", "--leader-elect=true"
            ],
            "image": KUBE_SCHEDULER_IMAGE, "imagePullPolicy": "IfNotPresent",
            "livenessProbe": component_probe("127.0.0.1", "/livez", "HTTPS", 8, Some(10), 10),
            "name": "kube-scheduler",
            "ports": [{"containerPort": 10259, "name": "probe-port", "protocol": "TCP"}],
            "readinessProbe": component_probe("127.0.0.1", "/readyz", "HTTPS", 3, None, 1),
            "resources": {"requests": {"cpu": "100m"}},
            "startupProbe": component_probe("127.0.0.1", "/livez", "HTTPS", 24, Some(10), 10),
            "volumeMounts": [mount("kubeconfig", "/etc/kubernetes/scheduler.conf", true)]
        }),
        vec![host_path("kubeconfig", "/etc/kubernetes/scheduler.conf", "FileOrCreate")],
    );
    vec![etcd, apiserver, controller_manager, scheduler]
}

/// CoreDNS's configuration as kubeadm writes it (`CoreDNSConfigMap`, DNS domain `cluster.local`).
pub const COREFILE: &str = ".:53 {\n    errors\n    health {\n       lameduck 5s\n    }\n    ready\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n       pods insecure\n       fallthrough in-addr.arpa ip6.arpa\n       ttl 30\n    }\n    prometheus :9153\n    forward . /etc/resolv.conf {\n       max_concurrent 1000\n    }\n    cache 30 {\n       disable success cluster.local\n       disable denial cluster.local\n    }\n    loop\n    reload\n    loadbalance\n}\n";

/// kube-proxy's `config.conf`: kind's KubeProxyConfiguration (iptables mode, `minSyncPeriod`
/// 1 s, no conntrack table sizing) as kubeadm stores it, defaults written out.
const KUBE_PROXY_CONFIG: &str = "apiVersion: kubeproxy.config.k8s.io/v1alpha1\nbindAddress: 0.0.0.0\nbindAddressHardFail: false\nclientConnection:\n  acceptContentTypes: \"\"\n  burst: 0\n  contentType: \"\"\n  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf\n  qps: 0\nclusterCIDR: 10.244.0.0/16\nconfigSyncPeriod: 0s\nconntrack:\n  maxPerCore: 0\n  min: null\n  tcpBeLiberal: false\n  tcpCloseWaitTimeout: null\n  tcpEstablishedTimeout: null\n  udpStreamTimeout: 0s\n  udpTimeout: 0s\ndetectLocal:\n  bridgeInterface: \"\"\n  interfaceNamePrefix: \"\"\ndetectLocalMode: \"\"\nenableProfiling: false\nhealthzBindAddress: \"\"\nhostnameOverride: \"\"\niptables:\n  localhostNodePorts: null\n  masqueradeAll: false\n  masqueradeBit: null\n  minSyncPeriod: 1s\n  syncPeriod: 0s\nipvs:\n  excludeCIDRs: null\n  minSyncPeriod: 0s\n  scheduler: \"\"\n  strictARP: false\n  syncPeriod: 0s\n  tcpFinTimeout: 0s\n  tcpTimeout: 0s\n  udpTimeout: 0s\nkind: KubeProxyConfiguration\nlogging:\n  flushFrequency: 0\n  options:\n    json:\n      infoBufferSize: \"0\"\n    text:\n      infoBufferSize: \"0\"\n  verbosity: 0\nmetricsBindAddress: \"\"\nmode: iptables\nnftables:\n  masqueradeAll: false\n  masqueradeBit: null\n  minSyncPeriod: 0s\n  syncPeriod: 0s\nnodePortAddresses: null\noomScoreAdj: null\nportRange: \"\"\nshowHiddenMetricsForVersion: \"\"\nwinkernel:\n  enableDSR: false\n  forwardHealthCheckVip: false\n  networkName: \"\"\n  rootHnsEndpointName: \"\"\n  sourceVip: \"\"";

fn rule(groups: &[&str], resources: &[&str], verbs: &[&str]) -> Value {
    json!({"apiGroups": groups, "resources": resources, "verbs": verbs})
}

/// What `kubeadm init` writes through kube-apiserver once the control plane answers: its
/// configuration, the kube-proxy and CoreDNS addons (`phases/addons/proxy`, `phases/addons/dns`),
/// in kubeadm's order.
fn kubeadm_objects(control_plane: &str) -> Vec<(&'static str, Option<&'static str>, Value)> {
    let ks = Some("kube-system");
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
    let rbac = "rbac.authorization.k8s.io/v1";
    vec![
        // `uploadconfig` and `kubelet` phases.
        ("configmaps", ks, json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "kubeadm-config", "namespace": "kube-system"}, "data": {"ClusterConfiguration": cluster_configuration}})),
        ("configmaps", ks, json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "kubelet-config", "namespace": "kube-system"}, "data": {"kubelet": kubelet_configuration}})),
        // `addon/coredns`.
        ("serviceaccounts", ks, json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "coredns", "namespace": "kube-system"}})),
        ("clusterroles", None, json!({"apiVersion": rbac, "kind": "ClusterRole", "metadata": {"name": "system:coredns"}, "rules": [
            rule(&[""], &["endpoints", "services", "pods", "namespaces"], &["list", "watch"]),
            rule(&["discovery.k8s.io"], &["endpointslices"], &["list", "watch"]),
        ]})),
        ("clusterrolebindings", None, json!({"apiVersion": rbac, "kind": "ClusterRoleBinding", "metadata": {"name": "system:coredns"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "system:coredns"},
            "subjects": [{"kind": "ServiceAccount", "name": "coredns", "namespace": "kube-system"}]})),
        ("configmaps", ks, json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "coredns", "namespace": "kube-system"}, "data": {"Corefile": COREFILE}})),
        ("deployments", ks, coredns_deployment()),
        ("services", ks, json!({
            "apiVersion": "v1", "kind": "Service",
            "metadata": {"name": "kube-dns", "namespace": "kube-system",
                "labels": {"k8s-app": "kube-dns", "kubernetes.io/cluster-service": "true", "kubernetes.io/name": "CoreDNS"},
                "annotations": {"prometheus.io/port": "9153", "prometheus.io/scrape": "true"}},
            "spec": {"clusterIP": DNS_SERVICE_IP, "ports": [
                {"name": "dns", "port": 53, "protocol": "UDP", "targetPort": 53},
                {"name": "dns-tcp", "port": 53, "protocol": "TCP", "targetPort": 53},
                {"name": "metrics", "port": 9153, "protocol": "TCP", "targetPort": 9153},
            ], "selector": {"k8s-app": "kube-dns"}}
        })),
        // `addon/kube-proxy`.
        ("serviceaccounts", ks, json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "kube-proxy", "namespace": "kube-system"}})),
        ("clusterrolebindings", None, json!({"apiVersion": rbac, "kind": "ClusterRoleBinding", "metadata": {"name": "kubeadm:node-proxier"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "system:node-proxier"},
            "subjects": [{"kind": "ServiceAccount", "name": "kube-proxy", "namespace": "kube-system"}]})),
        ("roles", ks, json!({"apiVersion": rbac, "kind": "Role", "metadata": {"name": "kube-proxy", "namespace": "kube-system"}, "rules": [
            {"apiGroups": [""], "resourceNames": ["kube-proxy"], "resources": ["configmaps"], "verbs": ["get"]},
        ]})),
        ("rolebindings", ks, json!({"apiVersion": rbac, "kind": "RoleBinding", "metadata": {"name": "kube-proxy", "namespace": "kube-system"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": "kube-proxy"},
            "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "Group", "name": "system:bootstrappers:kubeadm:default-node-token"}]})),
        ("configmaps", ks, json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "kube-proxy", "namespace": "kube-system", "labels": {"app": "kube-proxy"}},
            "data": {"config.conf": KUBE_PROXY_CONFIG, "kubeconfig.conf": kubeconfig}})),
        ("daemonsets", ks, kube_proxy_daemonset()),
    ]
}

/// kubeadm's `CoreDNSDeployment` (two replicas).
fn coredns_deployment() -> Value {
    json!({
        "apiVersion": "apps/v1", "kind": "Deployment",
        "metadata": {"name": "coredns", "namespace": "kube-system", "labels": {"k8s-app": "kube-dns"}},
        "spec": {
            "replicas": 2,
            "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": 1}},
            "selector": {"matchLabels": {"k8s-app": "kube-dns"}},
            "template": {
                "metadata": {"labels": {"k8s-app": "kube-dns"}},
                "spec": {
                    "priorityClassName": "system-cluster-critical",
                    "serviceAccountName": "coredns",
                    "affinity": {"podAntiAffinity": {"preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 100, "podAffinityTerm": {
                        "labelSelector": {"matchExpressions": [{"key": "k8s-app", "operator": "In", "values": ["kube-dns"]}]},
                        "topologyKey": "kubernetes.io/hostname"
                    }}]}},
                    "tolerations": [{"key": "CriticalAddonsOnly", "operator": "Exists"}, {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}],
                    "nodeSelector": {"kubernetes.io/os": "linux"},
                    "containers": [{
                        "name": "coredns", "image": COREDNS_IMAGE, "imagePullPolicy": "IfNotPresent",
                        "resources": {"limits": {"memory": "170Mi"}, "requests": {"cpu": "100m", "memory": "70Mi"}},
                        "args": ["-conf", "/etc/coredns/Corefile"],
                        "volumeMounts": [{"name": "config-volume", "mountPath": "/etc/coredns", "readOnly": true}],
                        "ports": [
                            {"containerPort": 53, "name": "dns", "protocol": "UDP"},
                            {"containerPort": 53, "name": "dns-tcp", "protocol": "TCP"},
                            {"containerPort": 9153, "name": "metrics", "protocol": "TCP"},
                            {"containerPort": 8080, "name": "liveness-probe", "protocol": "TCP"},
                            {"containerPort": 8181, "name": "readiness-probe", "protocol": "TCP"},
                        ],
                        "livenessProbe": {"httpGet": {"path": "/health", "port": "liveness-probe", "scheme": "HTTP"}, "initialDelaySeconds": 60, "timeoutSeconds": 5, "successThreshold": 1, "failureThreshold": 5},
                        "readinessProbe": {"httpGet": {"path": "/ready", "port": "readiness-probe", "scheme": "HTTP"}},
                        "securityContext": {"allowPrivilegeEscalation": false, "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]}, "readOnlyRootFilesystem": true}
                    }],
                    "dnsPolicy": "Default",
                    "volumes": [{"name": "config-volume", "configMap": {"name": "coredns", "items": [{"key": "Corefile", "path": "Corefile"}]}}]
                }
            }
        }
    })
}

/// kubeadm's `KubeProxyDaemonSet`.
fn kube_proxy_daemonset() -> Value {
    json!({
        "apiVersion": "apps/v1", "kind": "DaemonSet",
        "metadata": {"name": "kube-proxy", "namespace": "kube-system", "labels": {"k8s-app": "kube-proxy"}},
        "spec": {
            "selector": {"matchLabels": {"k8s-app": "kube-proxy"}},
            "updateStrategy": {"type": "RollingUpdate"},
            "template": {
                "metadata": {"labels": {"k8s-app": "kube-proxy"}},
                "spec": {
                    "priorityClassName": "system-node-critical",
                    "containers": [{
                        "name": "kube-proxy", "image": KUBE_PROXY_IMAGE, "imagePullPolicy": "IfNotPresent",
                        "command": ["/usr/local/bin/kube-proxy", "--config=/var/lib/kube-proxy/config.conf", "--hostname-override=$(NODE_NAME)"],
                        "securityContext": {"privileged": true},
                        "volumeMounts": [
                            {"mountPath": "/var/lib/kube-proxy", "name": "kube-proxy"},
                            {"mountPath": "/run/xtables.lock", "name": "xtables-lock", "readOnly": false},
                            {"mountPath": "/lib/modules", "name": "lib-modules", "readOnly": true},
                        ],
                        "env": [{"name": "NODE_NAME", "valueFrom": {"fieldRef": {"fieldPath": "spec.nodeName"}}}]
                    }],
                    "hostNetwork": true,
                    "serviceAccountName": "kube-proxy",
                    "volumes": [
                        {"name": "kube-proxy", "configMap": {"name": "kube-proxy"}},
                        {"name": "xtables-lock", "hostPath": {"path": "/run/xtables.lock", "type": "FileOrCreate"}},
                        {"name": "lib-modules", "hostPath": {"path": "/lib/modules"}},
                    ],
                    "tolerations": [{"operator": "Exists"}],
                    "nodeSelector": {"kubernetes.io/os": "linux"}
                }
            }
        }
    })
}

/// kind's default CNI manifest (`defaultCNIManifest`), as kind applies it after `kubeadm init`.
fn kindnet_objects() -> Vec<(&'static str, Option<&'static str>, Value)> {
    let rbac = "rbac.authorization.k8s.io/v1";
    vec![
        ("clusterroles", None, json!({"apiVersion": rbac, "kind": "ClusterRole", "metadata": {"name": "kindnet"}, "rules": [
            {"apiGroups": ["policy"], "resources": ["podsecuritypolicies"], "verbs": ["use"], "resourceNames": ["kindnet"]},
            rule(&[""], &["nodes", "pods", "namespaces"], &["list", "watch"]),
            rule(&["networking.k8s.io"], &["networkpolicies"], &["list", "watch"]),
        ]})),
        ("clusterrolebindings", None, json!({"apiVersion": rbac, "kind": "ClusterRoleBinding", "metadata": {"name": "kindnet"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": "kindnet"},
            "subjects": [{"kind": "ServiceAccount", "name": "kindnet", "namespace": "kube-system"}]})),
        ("serviceaccounts", Some("kube-system"), json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "kindnet", "namespace": "kube-system"}})),
        ("daemonsets", Some("kube-system"), json!({
            "apiVersion": "apps/v1", "kind": "DaemonSet",
            "metadata": {"name": "kindnet", "namespace": "kube-system", "labels": {"tier": "node", "app": "kindnet", "k8s-app": "kindnet"}},
            "spec": {
                "selector": {"matchLabels": {"app": "kindnet"}},
                "template": {
                    "metadata": {"labels": {"tier": "node", "app": "kindnet", "k8s-app": "kindnet"}},
                    "spec": {
                        "hostNetwork": true,
                        "nodeSelector": {"kubernetes.io/os": "linux"},
                        "tolerations": [{"operator": "Exists"}],
                        "priorityClassName": "system-node-critical",
                        "serviceAccountName": "kindnet",
                        "containers": [{
                            "name": "kindnet-cni", "image": KINDNETD_IMAGE,
                            "env": [
                                {"name": "HOST_IP", "valueFrom": {"fieldRef": {"fieldPath": "status.hostIP"}}},
                                {"name": "POD_IP", "valueFrom": {"fieldRef": {"fieldPath": "status.podIP"}}},
                                {"name": "POD_SUBNET", "value": POD_SUBNET},
                            ],
                            "volumeMounts": [
                                {"name": "cni-cfg", "mountPath": "/etc/cni/net.d"},
                                {"name": "xtables-lock", "mountPath": "/run/xtables.lock", "readOnly": false},
                                {"name": "lib-modules", "mountPath": "/lib/modules", "readOnly": true},
                                {"name": "nri-plugin", "mountPath": "/var/run/nri"},
                            ],
                            "resources": {"requests": {"cpu": "100m", "memory": "50Mi"}, "limits": {"cpu": "100m", "memory": "50Mi"}},
                            "securityContext": {"privileged": false, "capabilities": {"add": ["NET_RAW", "NET_ADMIN"]}}
                        }],
                        "volumes": [
                            {"name": "cni-cfg", "hostPath": {"path": "/etc/cni/net.d"}},
                            {"name": "xtables-lock", "hostPath": {"path": "/run/xtables.lock", "type": "FileOrCreate"}},
                            {"name": "lib-modules", "hostPath": {"path": "/lib/modules"}},
                            {"name": "nri-plugin", "hostPath": {"path": "/var/run/nri"}},
                        ]
                    }
                }
            }
        })),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::containerd::ContainerState;

    fn pods(e: &Engine) -> Vec<Value> {
        e.store.list("", "pods", Some("kube-system")).map(|(_, v)| v.clone()).collect()
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
        let storage: Vec<Value> = e.store.list("", "pods", Some("local-path-storage")).map(|(_, v)| v.clone()).collect();
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
        let writes: Vec<String> = e.take_writes().iter().filter(|w| !matches!(w.key.resource.as_str(), "leases" | "nodes")).map(|w| format!("{:?} {}/{}", w.event_type, w.key.resource, w.key.name)).collect();
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
        let client = e.store.list("", "pods", Some("local-path-storage")).map(|(_, v)| v.clone()).next().unwrap_or(Value::Null);
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

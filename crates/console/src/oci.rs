//! What containerd 2.1's CRI plugin would hold for a pod sandbox and a container on a kind node:
//! the CRI config the kubelet sent (labels, annotations, mounts, Linux resources), and the OCI
//! runtime spec containerd generated from it and handed to runc (`config.json`). One place
//! builds both, from the pod as the kubelet saw it and the node's containerd state, so every
//! view of a container (crictl inspect, /proc and cgroup files) can read the same data.
//!
//! Upstream: containerd `pkg/oci/spec.go` (`populateDefaultUnixSpec`, `defaultMounts`,
//! `defaultUnixCaps`, `defaultUnixNamespaces`), `internal/cri/server/container_create.go`
//! (`buildLinuxSpec`: HOSTNAME and env order, masked and read-only paths, resources, cgroup
//! path, pod namespaces, CRI annotations, the cgroup namespace on cgroup v2),
//! `internal/cri/opts/spec_linux_opts.go` (`withMounts`: mounts sorted by depth after the
//! defaults, `rbind`/`rprivate`/`ro|rw`), `internal/cri/opts/spec_opts.go`
//! (`WithPodNamespaces`: `/proc/<pause pid>/ns/{net,ipc,uts}`), `internal/cri/server/helpers_linux.go`
//! (`getCgroupsPath`: a systemd slice becomes `<slice>:cri-containerd:<id>`),
//! `internal/cri/annotations`; kind `images/base` (`base_runtime_spec` = `ctr oci spec` with the
//! `mount-product-files.sh` createContainer hook and without rlimits; `SystemdCgroup = true`)
//! and its kubeadm config (`cgroupRoot: /kubelet`); kubernetes `pkg/kubelet/cm`
//! (systemd cgroup names, `MilliCPUToShares`, `milliCPUToQuota`), `pkg/kubelet/qos`
//! (`GetContainerOOMScoreAdjust`), `pkg/kubelet/kuberuntime` (labels, annotations, log path,
//! mounts, `memory.oom.group`).
//!
//! Simplified: the container's supplementary groups are root's (`0`), the container hash is
//! podlife's FNV-32a of its JSON (upstream hashes the Go struct), the termination-log file's
//! name is derived from the container id, and there is no AppArmor or seccomp profile (kind's
//! kubelet runs pods Unconfined by default).

use serde_json::{Map, Value};

use podlife_engine::containerd::{Container, NodeImage, Runtime, Sandbox};
use podlife_engine::json;

/// The OCI runtime-spec version containerd 2.3 vendors (go.mod of v2.3.1).
pub const OCI_VERSION: &str = "1.3.0";

/// A pod's cgroup parent as the kubelet names it with kind's `cgroupRoot: /kubelet` and the
/// systemd driver (dashes in the uid escaped to underscores), the slice only.
pub fn pod_slice(pod: &Value) -> String {
    let uid = pod["metadata"]["uid"].as_str().unwrap_or_default().replace('-', "_");
    match pod["status"]["qosClass"].as_str().unwrap_or("BestEffort") {
        "Guaranteed" => format!("kubelet-kubepods-pod{uid}.slice"),
        "Burstable" => format!("kubelet-kubepods-burstable-pod{uid}.slice"),
        _ => format!("kubelet-kubepods-besteffort-pod{uid}.slice"),
    }
}

/// The pod's cgroup parent as the kubelet sends it in the sandbox config (`ToSystemd`).
pub fn cgroup_parent(pod: &Value) -> String {
    let qos = match pod["status"]["qosClass"].as_str().unwrap_or("BestEffort") {
        "Guaranteed" => String::new(),
        "Burstable" => "/kubelet-kubepods-burstable.slice".to_string(),
        _ => "/kubelet-kubepods-besteffort.slice".to_string(),
    };
    format!("/kubelet.slice/kubelet-kubepods.slice{qos}/{}", pod_slice(pod))
}

/// `getCgroupsPath` for a systemd slice.
pub fn cgroups_path(pod: &Value, id: &str) -> String {
    format!("{}:cri-containerd:{id}", pod_slice(pod))
}

/// The container's entry in the pod spec (regular, init or ephemeral).
pub fn spec_container<'a>(pod: &'a Value, name: &str) -> Option<&'a Value> {
    ["containers", "initContainers", "ephemeralContainers"].iter().flat_map(|l| pod["spec"][l].as_array().into_iter().flatten()).find(|c| c["name"] == name)
}

fn quantity(v: &Value) -> Option<podlife_model::quantity::Quantity> {
    v.as_str().and_then(|s| podlife_model::quantity::Quantity::parse(s).ok())
}

/// The kubelet's `LinuxContainerResources` for a container: CPU shares from the request
/// (`MilliCPUToShares`, at least 2), CFS quota from the limit over a 100 ms period, the memory
/// limit, the OOM score, and `memory.oom.group` (cgroup v2, whole-container OOM kills).
pub struct Resources {
    pub cpu_period: i64,
    pub cpu_quota: i64,
    pub cpu_shares: i64,
    pub memory_limit: i64,
    pub oom_score_adj: i64,
}

pub fn resources(pod: &Value, container: &Value, node: &Value) -> Resources {
    // `getCPULimit` / `getMemoryLimit`: the pod-level limits for a container without its own.
    let res = &podlife_engine::resources::runtime_container_resources(&podlife_engine::Obj::untyped(&pod["spec"]), &podlife_engine::Obj::untyped(&container["resources"]));
    let milli = |v: &Value| quantity(v).map_or(0, |q| q.milli_value());
    let cpu_request = milli(&res["requests"]["cpu"]);
    let cpu_limit = milli(&res["limits"]["cpu"]);
    // A limit without a request requests the limit (defaulted by the API server already).
    let cpu_shares = ((if cpu_request == 0 { cpu_limit } else { cpu_request }) * 1024 / 1000).clamp(2, 262_144);
    let (cpu_quota, cpu_period) = if cpu_limit == 0 { (0, 0) } else { ((cpu_limit * 100_000 / 1000).max(1000), 100_000) };
    let memory_limit = quantity(&res["limits"]["memory"]).map_or(0, |q| q.value());
    Resources { cpu_period, cpu_quota, cpu_shares, memory_limit, oom_score_adj: oom_score_adj(pod, container, node) }
}

/// `GetContainerOOMScoreAdjust` (`pkg/kubelet/qos/policy.go`): Guaranteed −997, BestEffort
/// 1000, Burstable `1000 − 1000 × request / capacity` kept within [3, 999]; with a pod-level
/// memory request, each container's request counts with an equal share of what the containers
/// leave of it (`remainingPodMemReqPerContainer`).
pub fn oom_score_adj(pod: &Value, container: &Value, node: &Value) -> i64 {
    match pod["status"]["qosClass"].as_str() {
        Some("Guaranteed") => -997,
        Some("Burstable") => {
            let capacity = quantity(&node["status"]["capacity"]["memory"]).map_or(1, |q| q.value().max(1));
            let own = quantity(&container["resources"]["requests"]["memory"]).map_or(0, |q| q.value());
            let spec = &pod["spec"];
            let pod_level = podlife_engine::resources::pod_level_resources_enabled() && podlife_engine::resources::is_pod_level_requests_set(&podlife_engine::Obj::untyped(spec));
            let request = if pod_level { own + podlife_engine::resources::remaining_pod_memory_request_per_container(&podlife_engine::Obj::untyped(spec)) } else { own };
            let adj = 1000 - (1000 * request) / capacity;
            if adj < 3 {
                3
            } else if adj == 1000 {
                999
            } else {
                adj
            }
        }
        _ => 1000,
    }
}

/// The kubelet's pod directory on the node.
fn pod_dir(pod: &Value) -> String {
    format!("/var/lib/kubelet/pods/{}", pod["metadata"]["uid"].as_str().unwrap_or_default())
}

/// `/var/log/pods/<namespace>_<name>_<uid>`.
pub fn pod_log_dir(pod: &Value) -> String {
    let m = &pod["metadata"];
    format!("/var/log/pods/{}_{}_{}", m["namespace"].as_str().unwrap_or_default(), m["name"].as_str().unwrap_or_default(), m["uid"].as_str().unwrap_or_default())
}

fn sandbox_dir(sandbox: &Sandbox, root: &str) -> String {
    format!("{root}/io.containerd.grpc.v1.cri/sandboxes/{}", sandbox.id)
}

/// A CRI mount: container path, host path, read-only.
pub struct Mount {
    pub container_path: String,
    pub host_path: String,
    pub readonly: bool,
}

/// The kubelet's mounts for a container (`makeMounts`): its volume mounts, `/etc/hosts`
/// (pod network), then the termination-message file.
pub fn kubelet_mounts(pod: &Value, container: &Container, spec: &Value) -> Vec<Mount> {
    let dir = pod_dir(pod);
    let mut mounts = Vec::new();
    for vm in spec["volumeMounts"].as_array().into_iter().flatten() {
        let name = vm["name"].as_str().unwrap_or_default();
        let volume = pod["spec"]["volumes"].as_array().into_iter().flatten().find(|v| v["name"] == name);
        let kind = volume.map_or("empty-dir", |v| {
            if v["hostPath"].is_object() {
                "host-path"
            } else if v["configMap"].is_object() {
                "configmap"
            } else if v["secret"].is_object() {
                "secret"
            } else if v["projected"].is_object() {
                "projected"
            } else if v["persistentVolumeClaim"].is_object() {
                "pvc"
            } else {
                "empty-dir"
            }
        });
        let host_path = match kind {
            "host-path" => volume.and_then(|v| v["hostPath"]["path"].as_str()).unwrap_or_default().to_string(),
            "pvc" => format!("{dir}/volumes/kubernetes.io~local-volume/{name}"),
            k => format!("{dir}/volumes/kubernetes.io~{k}/{name}"),
        };
        let sub = vm["subPath"].as_str().filter(|s| !s.is_empty()).map(|s| format!("/{s}")).unwrap_or_default();
        mounts.push(Mount { container_path: vm["mountPath"].as_str().unwrap_or_default().to_string(), host_path: format!("{host_path}{sub}"), readonly: vm["readOnly"] == true });
    }
    if pod["spec"]["hostNetwork"] != true {
        mounts.push(Mount { container_path: "/etc/hosts".into(), host_path: format!("{dir}/etc-hosts"), readonly: false });
    }
    let message_path = spec["terminationMessagePath"].as_str().unwrap_or("/dev/termination-log");
    let file: String = container.id.chars().rev().take(8).collect();
    mounts.push(Mount { container_path: message_path.to_string(), host_path: format!("{dir}/containers/{}/{file}", container.name), readonly: false });
    mounts
}

/// containerd's own mounts for a pod container (`containerMounts`).
fn extra_mounts(sandbox: &Sandbox) -> Vec<Mount> {
    let state = sandbox_dir(sandbox, "/var/lib/containerd");
    vec![
        Mount { container_path: "/etc/hostname".into(), host_path: format!("{state}/hostname"), readonly: false },
        Mount { container_path: "/etc/resolv.conf".into(), host_path: format!("{state}/resolv.conf"), readonly: false },
        Mount { container_path: "/dev/shm".into(), host_path: format!("{}/shm", sandbox_dir(sandbox, "/run/containerd")), readonly: false },
    ]
}

fn oci_mount(destination: &str, kind: &str, source: &str, options: &[&str]) -> Value {
    json!({"destination": destination, "type": kind, "source": source, "options": options})
}

/// `defaultMounts` without `/run` (`WithoutRunMount`).
fn default_mounts() -> Vec<Value> {
    vec![
        oci_mount("/proc", "proc", "proc", &["nosuid", "noexec", "nodev"]),
        oci_mount("/dev", "tmpfs", "tmpfs", &["nosuid", "strictatime", "mode=755", "size=65536k"]),
        oci_mount("/dev/pts", "devpts", "devpts", &["nosuid", "noexec", "newinstance", "ptmxmode=0666", "mode=0620", "gid=5"]),
        oci_mount("/dev/shm", "tmpfs", "shm", &["nosuid", "noexec", "nodev", "mode=1777", "size=65536k"]),
        oci_mount("/dev/mqueue", "mqueue", "mqueue", &["nosuid", "noexec", "nodev"]),
        oci_mount("/sys", "sysfs", "sysfs", &["nosuid", "noexec", "nodev", "ro"]),
    ]
}

const CAPS: &[&str] = &[
    "CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_FSETID", "CAP_FOWNER", "CAP_MKNOD", "CAP_NET_RAW", "CAP_SETGID", "CAP_SETUID", "CAP_SETFCAP", "CAP_SETPCAP", "CAP_NET_BIND_SERVICE",
    "CAP_SYS_CHROOT", "CAP_KILL", "CAP_AUDIT_WRITE",
];

/// The kubelet's default masked and read-only `/proc` and `/sys` paths.
const MASKED: &[&str] = &[
    "/proc/asound", "/proc/acpi", "/proc/kcore", "/proc/keys", "/proc/latency_stats", "/proc/timer_list", "/proc/timer_stats", "/proc/sched_debug", "/proc/scsi", "/sys/firmware",
    "/sys/devices/virtual/powercap",
];
const READONLY: &[&str] = &["/proc/bus", "/proc/fs", "/proc/irq", "/proc/sys", "/proc/sysrq-trigger"];

/// The container's process arguments: what it runs (its entrypoint and command resolved).
fn process_args(container: &Container, spec: &Value, image: Option<&NodeImage>) -> Vec<String> {
    if let Some(p) = &container.process {
        return p.argv.clone();
    }
    let strings = |v: &Value| v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect::<Vec<_>>());
    let config = image.and_then(|i| i.catalog.as_ref()).map(|c| &c.config);
    let command = strings(&spec["command"]).unwrap_or_else(|| config.map(|c| c.entrypoint.clone()).unwrap_or_default());
    let args = strings(&spec["args"]).unwrap_or_else(|| if spec["command"].is_array() { vec![] } else { config.map(|c| c.cmd.clone()).unwrap_or_default() });
    command.into_iter().chain(args).collect()
}

/// The image a container runs, from the node's image store.
pub fn node_image<'a>(rt: &'a Runtime, container: &Container) -> Option<&'a NodeImage> {
    podlife_engine::containerd::cri::node_image(rt, container)
}

/// The namespaces of a pod's containers: the pause process's network, IPC and UTS, its PID
/// namespace too with `shareProcessNamespace`, their own mount (and cgroup) namespace.
fn container_namespaces(sandbox: &Sandbox) -> Vec<Value> {
    let pause = sandbox.pause_pid;
    let pid = if sandbox.shared_pid_namespace { json!({"type": "pid", "path": format!("/proc/{pause}/ns/pid")}) } else { json!({"type": "pid"}) };
    vec![
        pid,
        json!({"type": "ipc", "path": format!("/proc/{pause}/ns/ipc")}),
        json!({"type": "uts", "path": format!("/proc/{pause}/ns/uts")}),
        json!({"type": "mount"}),
        json!({"type": "network", "path": format!("/proc/{pause}/ns/net")}),
        json!({"type": "cgroup"}),
    ]
}

/// The network namespace CNI set up for the sandbox (`/var/run/netns/cni-<uuid>`).
pub fn netns_path(sandbox: &Sandbox) -> String {
    let h = |s: &str, n: usize| s.get(n..n + 4).unwrap_or("0000").to_string();
    let id = &sandbox.id;
    format!("/var/run/netns/cni-{}{}-{}-{}-{}-{}{}{}", h(id, 0), h(id, 4), h(id, 8), h(id, 12), h(id, 16), h(id, 20), h(id, 24), h(id, 28))
}

/// The OCI runtime spec of a pod's container, as containerd writes its `config.json`.
pub fn container_spec(rt: &Runtime, sandbox: &Sandbox, container: &Container, pod: &Value, node: &Value) -> Value {
    let spec = spec_container(pod, &container.name).cloned().unwrap_or(Value::Null);
    let image = node_image(rt, container);
    let r = resources(pod, &spec, node);
    let hostname = podlife_engine::containerd::procfs::uts_hostname(&podlife_engine::Obj::untyped(pod), node["metadata"]["name"].as_str().unwrap_or_default());
    let env: Vec<String> = podlife_engine::containerd::cri::oci_env(&hostname, image, &container.env).into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    let cwd = spec["workingDir"].as_str().filter(|w| !w.is_empty()).or_else(|| image.and_then(|i| i.catalog.as_ref()).map(|c| c.config.working_dir.as_str()).filter(|w| !w.is_empty())).unwrap_or("/");
    let mut process = json!({
        "user": {"uid": 0, "gid": 0, "additionalGids": [0]},
        "args": process_args(container, &spec, image),
        "env": env,
        "cwd": cwd,
        "capabilities": {"bounding": CAPS, "effective": CAPS, "permitted": CAPS},
        "oomScoreAdj": r.oom_score_adj,
    });
    if spec["tty"] == true {
        process["terminal"] = json!(true);
    }
    // Mounts: the defaults (minus those the CRI mounts replace), the cgroup file system, then
    // the CRI mounts and containerd's own, ordered by depth.
    let mut cri = kubelet_mounts(pod, container, &spec);
    for extra in extra_mounts(sandbox) {
        if !cri.iter().any(|m| m.container_path == extra.container_path) {
            cri.push(extra);
        }
    }
    podlife_engine::sort::sort_by_key(&mut cri, |m| m.container_path.trim_end_matches('/').split('/').count());
    let mut mounts: Vec<Value> = default_mounts().into_iter().filter(|m| !cri.iter().any(|c| m["destination"] == c.container_path.as_str())).collect();
    mounts.push(oci_mount("/sys/fs/cgroup", "cgroup", "cgroup", &["nosuid", "noexec", "nodev", "relatime", "ro"]));
    for m in &cri {
        mounts.push(oci_mount(&m.container_path, "bind", &m.host_path, &["rbind", "rprivate", if m.readonly { "ro" } else { "rw" }]));
    }
    let mut limits = json!({"devices": [{"allow": false, "access": "rwm"}]});
    if r.memory_limit > 0 {
        limits["memory"] = json!({"limit": r.memory_limit});
    }
    let mut cpu = json!({"shares": r.cpu_shares});
    if r.cpu_quota > 0 {
        cpu["quota"] = json!(r.cpu_quota);
        cpu["period"] = json!(r.cpu_period);
    }
    limits["cpu"] = cpu;
    limits["unified"] = json!({"memory.oom.group": "1"});
    let m = &pod["metadata"];
    json!({
        "ociVersion": OCI_VERSION,
        "process": process,
        "root": {"path": "rootfs"},
        "mounts": mounts,
        "hooks": {"createContainer": [{"path": "/kind/bin/mount-product-files.sh"}]},
        "annotations": {
            "io.kubernetes.cri.container-name": container.name,
            "io.kubernetes.cri.container-type": "container",
            "io.kubernetes.cri.image-name": image.and_then(|i| i.repo_tags.first().cloned()).unwrap_or_else(|| container.image.clone()),
            "io.kubernetes.cri.sandbox-id": sandbox.id,
            "io.kubernetes.cri.sandbox-name": m["name"],
            "io.kubernetes.cri.sandbox-namespace": m["namespace"],
            "io.kubernetes.cri.sandbox-uid": m["uid"],
        },
        "linux": {
            "resources": limits,
            "cgroupsPath": cgroups_path(pod, &container.id),
            "namespaces": container_namespaces(sandbox),
            "maskedPaths": MASKED,
            "readonlyPaths": READONLY,
        },
    })
}

/// The OCI runtime spec of a pod's sandbox (its pause container).
pub fn sandbox_spec(sandbox: &Sandbox, pod: &Value) -> Value {
    let m = &pod["metadata"];
    let host_network = pod["spec"]["hostNetwork"] == true;
    let state = sandbox_dir(sandbox, "/var/lib/containerd");
    let mut mounts: Vec<Value> = default_mounts().into_iter().filter(|m| m["destination"] != "/dev/shm").collect();
    mounts.push(oci_mount("/dev/shm", "bind", &format!("{}/shm", sandbox_dir(sandbox, "/run/containerd")), &["rbind", "ro", "nosuid", "nodev", "noexec"]));
    mounts.push(oci_mount("/etc/resolv.conf", "bind", &format!("{state}/resolv.conf"), &["rbind", "ro", "nosuid", "nodev", "noexec"]));
    let mut namespaces = vec![json!({"type": "pid"}), json!({"type": "ipc"}), json!({"type": "uts"}), json!({"type": "mount"})];
    if !host_network {
        namespaces.push(json!({"type": "network", "path": netns_path(sandbox)}));
    }
    json!({
        "ociVersion": OCI_VERSION,
        "process": {
            // The pause image's `USER 65535:65535`; the base spec's capabilities.
            "user": {"uid": 65535, "gid": 65535},
            "args": ["/pause"],
            "env": ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"],
            "cwd": "/",
            "capabilities": {"bounding": CAPS, "effective": CAPS, "permitted": CAPS},
            "noNewPrivileges": true,
            "oomScoreAdj": -998,
        },
        "root": {"path": "rootfs", "readonly": true},
        "hostname": pod["spec"]["hostname"].as_str().or(m["name"].as_str()).unwrap_or_default(),
        "mounts": mounts,
        "hooks": {"createContainer": [{"path": "/kind/bin/mount-product-files.sh"}]},
        "annotations": {
            "io.kubernetes.cri.container-type": "sandbox",
            "io.kubernetes.cri.sandbox-id": sandbox.id,
            "io.kubernetes.cri.sandbox-image-name": podlife_engine::containerd::PAUSE_IMAGE,
            "io.kubernetes.cri.sandbox-log-directory": pod_log_dir(pod),
            "io.kubernetes.cri.sandbox-name": m["name"],
            "io.kubernetes.cri.sandbox-namespace": m["namespace"],
            "io.kubernetes.cri.sandbox-uid": m["uid"],
        },
        "linux": {
            "resources": {"devices": [{"allow": false, "access": "rwm"}], "cpu": {"shares": 2}},
            "cgroupsPath": cgroups_path(pod, &sandbox.id),
            "namespaces": namespaces,
            "maskedPaths": MASKED,
            "readonlyPaths": READONLY,
        },
    })
}

/// The kubelet's container labels (`newContainerLabels`).
pub fn container_labels(pod: &Value, name: &str) -> Value {
    let m = &pod["metadata"];
    json!({
        "io.kubernetes.container.name": name,
        "io.kubernetes.pod.name": m["name"],
        "io.kubernetes.pod.namespace": m["namespace"],
        "io.kubernetes.pod.uid": m["uid"],
    })
}

/// The kubelet's container annotations (`newContainerAnnotations`).
pub fn container_annotations(pod: &Value, spec: &Value, restart_count: u32) -> Value {
    let hash = fnv32a(&podlife_model::json::to_string(spec));
    let mut a = Map::new();
    a.insert("io.kubernetes.container.hash".into(), json!(format!("{hash:x}")));
    if let Some(ports) = spec["ports"].as_array().filter(|p| !p.is_empty()) {
        a.insert("io.kubernetes.container.ports".into(), json!(podlife_model::json::to_string(&Value::Array(ports.clone()))));
    }
    a.insert("io.kubernetes.container.restartCount".into(), json!(restart_count.to_string()));
    a.insert("io.kubernetes.container.terminationMessagePath".into(), json!(spec["terminationMessagePath"].as_str().unwrap_or("/dev/termination-log")));
    a.insert("io.kubernetes.container.terminationMessagePolicy".into(), json!(spec["terminationMessagePolicy"].as_str().unwrap_or("File")));
    a.insert("io.kubernetes.pod.terminationGracePeriod".into(), json!(pod["spec"]["terminationGracePeriodSeconds"].as_i64().unwrap_or(30).to_string()));
    Value::Object(a)
}

fn fnv32a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pod(qos: &str, requests: Value, limits: Value) -> (Value, Value) {
        let pod = json!({"metadata": {"uid": "3d285f42-26bf-4385-928f-9e0312cacff8"}, "status": {"qosClass": qos}});
        (pod, json!({"resources": {"requests": requests, "limits": limits}}))
    }

    #[test]
    fn cgroup_names_with_kinds_cgroup_root() {
        let (p, _) = pod("Burstable", json!({}), json!({}));
        assert_eq!(cgroups_path(&p, "abc"), "kubelet-kubepods-burstable-pod3d285f42_26bf_4385_928f_9e0312cacff8.slice:cri-containerd:abc");
        let (p, _) = pod("Guaranteed", json!({}), json!({}));
        assert!(pod_slice(&p).starts_with("kubelet-kubepods-pod3d285f42_"));
    }

    /// The kubelet's own formulas: `MilliCPUToShares` (100m → 102, 0 → 2), `milliCPUToQuota`
    /// (200m → 20000 per 100000), and the OOM score for a burstable container.
    #[test]
    fn resources_as_the_kubelet_computes_them() {
        let node = json!({"status": {"capacity": {"memory": "8Gi"}}});
        let (p, c) = pod("Burstable", json!({"cpu": "100m", "memory": "64Mi"}), json!({"cpu": "200m", "memory": "128Mi"}));
        let r = resources(&p, &c, &node);
        assert_eq!((r.cpu_shares, r.cpu_quota, r.cpu_period, r.memory_limit), (102, 20_000, 100_000, 134_217_728));
        assert_eq!(r.oom_score_adj, 1000 - 1000 * 67_108_864 / 8_589_934_592);
        let (p, c) = pod("BestEffort", json!({}), json!({}));
        let r = resources(&p, &c, &node);
        assert_eq!((r.cpu_shares, r.cpu_quota, r.oom_score_adj), (2, 0, 1000));
        let (p, c) = pod("Guaranteed", json!({"cpu": "1m"}), json!({"cpu": "1m"}));
        assert_eq!(resources(&p, &c, &node).cpu_quota, 1000);
    }
}

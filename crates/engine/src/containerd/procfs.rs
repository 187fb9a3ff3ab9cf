//! The files a container's processes see that no image holds: what the kernel shows
//! (`/proc/<pid>/…` for the processes of its PID namespace, `/sys/fs/cgroup` for its own
//! cgroup, `/dev`), and what the kubelet and containerd bind-mount into every container of a
//! pod (`/etc/hosts`, `/etc/hostname`, `/etc/resolv.conf`, the IPC namespace's `/dev/shm`).
//!
//! Sources: the kubelet's `kubelet_pods.go` (`managedHostsFileContent`,
//! `nodeHostsFileContent`, `GeneratePodHostNameAndDomain`), `pkg/kubelet/network/dns`
//! (the `ClusterFirst` resolv.conf), containerd's CRI plugin (`/dev/shm`, hostname,
//! resolv.conf mounts), Linux `fs/proc` (`/proc/<pid>/status`, `ns/`, `cgroup`).

use crate::Slot;

use crate::Engine;
use crate::containerd::{Container, ContainerState, Sandbox};
use crate::process::AppKind;

/// The cluster's DNS Service address (kubeadm's `clusterDNS`, the 10th address of the
/// service CIDR) and domain.
pub const CLUSTER_DNS: &str = "10.96.0.10";
pub const CLUSTER_DOMAIN: &str = "cluster.local";

/// The capabilities containerd's CRI plugin gives a container by default
/// (`oci.DefaultCapabilities`: CHOWN, DAC_OVERRIDE, FSETID, FOWNER, MKNOD, NET_RAW, SETGID,
/// SETUID, SETFCAP, SETPCAP, NET_BIND_SERVICE, SYS_CHROOT, KILL, AUDIT_WRITE).
pub const DEFAULT_CAPS: u64 = 0x0000_0000_a804_25fb;
/// Every capability of a 6.x kernel (`CAP_LAST_CAP` 40).
const ALL_CAPS: u64 = 0x0000_01ff_ffff_ffff;

/// What a special path is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Special {
    File(String),
    Dir(Vec<String>),
    Link(String),
    CharDevice(u32, u32),
}

/// How many times the container owning a process reloaded (nginx's SIGHUP).
fn reloads_of(rt: &super::Runtime, owner: &Owner) -> u32 {
    match owner {
        Owner::Container(id) => rt.containers.get(id).and_then(|c| c.process.as_ref()).map_or(0, |p| p.app.reloads),
        _ => 0,
    }
}

/// Who a process of a PID namespace belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Owner {
    /// The pause process of the sandbox.
    Pause,
    /// A container's processes (its first process, a child of a shell, nginx's worker).
    Container(String),
    /// The process an `ExecSync` started in that container.
    Exec(String),
}

/// One process as `ps` and `/proc` show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Proc {
    pub pid: u32,
    pub ppid: u32,
    pub uid: u32,
    /// The command line as `ps` shows it (nginx rewrites its own).
    pub cmdline: String,
    pub owner: Owner,
}

impl Proc {
    /// `/proc/<pid>/comm`: the executable's name, at most 15 bytes.
    pub fn comm(&self) -> String {
        let first = self.cmdline.split_whitespace().next().unwrap_or_default();
        let name = if self.cmdline.starts_with("nginx: ") { "nginx" } else { first.rsplit('/').next().unwrap_or(first) };
        name.chars().take(15).collect()
    }

    pub fn user(&self) -> String {
        if self.uid == 0 { "root".into() } else { self.uid.to_string() }
    }
}

/// A pod's hostname and domain as the kubelet computes them (`GeneratePodHostNameAndDomain`:
/// `spec.hostnameOverride` alone, else `spec.hostname` or the pod's name cut to 63 characters;
/// `SUBDOMAIN.NS.svc.cluster.local` with `spec.subdomain`).
pub fn pod_hostname(pod: &Slot) -> (String, String) {
    let name = pod["metadata"]["name"].as_str().unwrap_or_default();
    // HostnameOverride (beta, on in 1.36): the hostname as given, cut to 63 characters, and
    // no domain.
    if let Some(over) = pod["spec"]["hostnameOverride"].as_str() {
        let mut host = over.to_string();
        if host.len() > 63 {
            host.truncate(63);
            host = host.trim_end_matches(['-', '.']).to_string();
        }
        return (host, String::new());
    }
    let mut host = pod["spec"]["hostname"].as_str().filter(|h| !h.is_empty()).unwrap_or(name).to_string();
    if host.len() > 63 {
        host.truncate(63);
        host = host.trim_end_matches(['-', '.']).to_string();
    }
    let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default");
    let domain = pod["spec"]["subdomain"].as_str().filter(|s| !s.is_empty()).map(|s| format!("{s}.{ns}.svc.{CLUSTER_DOMAIN}")).unwrap_or_default();
    (host, domain)
}

/// The kernel hostname of a pod's UTS namespace: the node's with `hostNetwork`, the FQDN with
/// `setHostnameAsFQDN` and a subdomain, else the pod hostname.
pub fn uts_hostname(pod: &Slot, node: &str) -> String {
    if pod["spec"]["hostNetwork"] == true {
        return node.to_string();
    }
    let (host, domain) = pod_hostname(pod);
    if pod["spec"]["setHostnameAsFQDN"] == true && !domain.is_empty() {
        return format!("{host}.{domain}");
    }
    host
}

fn host_aliases(pod: &Slot) -> String {
    let Some(aliases) = pod["spec"]["hostAliases"].as_array().filter(|a| !a.is_empty()) else { return String::new() };
    let mut out = String::from("\n# Entries added by HostAliases.\n");
    for a in aliases {
        let names: Vec<&str> = a["hostnames"].as_array().map(|h| h.iter().filter_map(Slot::as_str).collect()).unwrap_or_default();
        out.push_str(&format!("{}\t{}\n", a["ip"].as_str().unwrap_or_default(), names.join("\t")));
    }
    out
}

/// A kind node's IPv6 address on kind's docker network (`fc00:f853:ccd3:e793::/64`, the
/// same host number as its IPv4 address).
fn kind_ipv6(node_ip: &str) -> String {
    let host = node_ip.rsplit('.').next().and_then(|n| n.parse::<u8>().ok()).unwrap_or(2);
    format!("fc00:f853:ccd3:e793::{host:x}")
}

/// `/etc/hosts` as the kubelet writes it for the pod (`managedHostsFileContent`), or for a
/// `hostNetwork` pod the node's own file (a kind node's, written by Docker) under the
/// kubelet's header.
pub(crate) fn etc_hosts(pod: &Slot, pod_ip: Option<&str>, node: &str, node_ip: &str) -> String {
    if pod["spec"]["hostNetwork"] == true {
        let node_file = format!(
            "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nff00::0\tip6-mcastprefix\nff02::1\tip6-allnodes\nff02::2\tip6-allrouters\n{node_ip}\t{node}\n{}\t{node}\n",
            kind_ipv6(node_ip)
        );
        return format!("# Kubernetes-managed hosts file (host network).\n{node_file}{}", host_aliases(pod));
    }
    let (host, domain) = pod_hostname(pod);
    let mut out = String::from("# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n");
    if let Some(ip) = pod_ip {
        if domain.is_empty() {
            out.push_str(&format!("{ip}\t{host}\n"));
        } else {
            out.push_str(&format!("{ip}\t{host}.{domain}\t{host}\n"));
        }
    }
    out.push_str(&host_aliases(pod));
    out
}

/// `/etc/resolv.conf` for the pod's `dnsPolicy` (`pkg/kubelet/network/dns`): `ClusterFirst`
/// searches the namespace's, the services' and the cluster's domains with `ndots:5`;
/// `Default` and `ClusterFirst` with `hostNetwork` take the node's (a kind node's resolver is
/// Docker's embedded DNS); `None` only what `dnsConfig` says.
pub(crate) fn resolv_conf(pod: &Slot) -> String {
    let ns = pod["metadata"]["namespace"].as_str().unwrap_or("default");
    let policy = pod["spec"]["dnsPolicy"].as_str().unwrap_or("ClusterFirst");
    let host_network = pod["spec"]["hostNetwork"] == true;
    let (mut servers, mut search, mut options): (Vec<String>, Vec<String>, Vec<String>) = match policy {
        "ClusterFirstWithHostNet" | "ClusterFirst" if policy == "ClusterFirstWithHostNet" || !host_network => (
            vec![CLUSTER_DNS.to_string()],
            vec![format!("{ns}.svc.{CLUSTER_DOMAIN}"), format!("svc.{CLUSTER_DOMAIN}"), CLUSTER_DOMAIN.to_string()],
            vec!["ndots:5".to_string()],
        ),
        "None" => (vec![], vec![], vec![]),
        _ => (vec!["172.18.0.1".to_string()], vec![], vec![]),
    };
    let cfg = &pod["spec"]["dnsConfig"];
    let strs = |v: &Slot| v.as_array().map(|a| a.iter().filter_map(Slot::as_str).map(str::to_string).collect::<Vec<_>>()).unwrap_or_default();
    for s in strs(&cfg["nameservers"]) {
        if !servers.contains(&s) {
            servers.push(s);
        }
    }
    for s in strs(&cfg["searches"]) {
        if !search.contains(&s) {
            search.push(s);
        }
    }
    for o in cfg["options"].as_array().into_iter().flatten() {
        let Some(name) = o["name"].as_str() else { continue };
        let text = match o["value"].as_str() {
            Some(v) => format!("{name}:{v}"),
            None => name.to_string(),
        };
        options.retain(|x| x.split(':').next() != Some(name));
        options.push(text);
    }
    let mut out = String::new();
    if !search.is_empty() {
        out.push_str(&format!("search {}\n", search.join(" ")));
    }
    for s in servers.iter().take(3) {
        out.push_str(&format!("nameserver {s}\n"));
    }
    if !options.is_empty() {
        out.push_str(&format!("options {}\n", options.join(" ")));
    }
    out
}

/// The capabilities a container's processes hold (`CapEff`): containerd's default set with
/// `securityContext.capabilities` `add`/`drop` applied, all of them when privileged.
fn capabilities(spec: &Slot) -> u64 {
    let sc = &spec["securityContext"];
    if sc["privileged"] == true {
        return ALL_CAPS;
    }
    let mut caps = DEFAULT_CAPS;
    let names = |v: &Slot| v.as_array().map(|a| a.iter().filter_map(Slot::as_str).map(|s| s.trim_start_matches("CAP_").to_ascii_uppercase()).collect::<Vec<_>>()).unwrap_or_default();
    for d in names(&sc["capabilities"]["drop"]) {
        if d == "ALL" {
            caps = 0;
        } else if let Some(b) = cap_bit(&d) {
            caps &= !(1 << b);
        }
    }
    for a in names(&sc["capabilities"]["add"]) {
        if a == "ALL" {
            caps = ALL_CAPS;
        } else if let Some(b) = cap_bit(&a) {
            caps |= 1 << b;
        }
    }
    caps
}

/// A capability's bit (include/uapi/linux/capability.h).
fn cap_bit(name: &str) -> Option<u32> {
    const CAPS: [&str; 41] = [
        "CHOWN", "DAC_OVERRIDE", "DAC_READ_SEARCH", "FOWNER", "FSETID", "KILL", "SETGID", "SETUID", "SETPCAP", "LINUX_IMMUTABLE", "NET_BIND_SERVICE", "NET_BROADCAST", "NET_ADMIN", "NET_RAW",
        "IPC_LOCK", "IPC_OWNER", "SYS_MODULE", "SYS_RAWIO", "SYS_CHROOT", "SYS_PTRACE", "SYS_PACCT", "SYS_ADMIN", "SYS_BOOT", "SYS_NICE", "SYS_RESOURCE", "SYS_TIME", "SYS_TTY_CONFIG", "MKNOD",
        "LEASE", "AUDIT_WRITE", "AUDIT_CONTROL", "SETFCAP", "MAC_OVERRIDE", "MAC_ADMIN", "SYSLOG", "WAKE_ALARM", "BLOCK_SUSPEND", "AUDIT_READ", "PERFMON", "BPF", "CHECKPOINT_RESTORE",
    ];
    CAPS.iter().position(|c| *c == name).map(|p| p as u32)
}

/// `/proc/<pid>/status` (fs/proc/array.c), for a process of a container with `spec`.
fn status_file(p: &Proc, spec: &Slot, memory: u64, is_self: bool) -> String {
    let caps = if p.owner == Owner::Pause { 0 } else { capabilities(spec) };
    let bnd = if p.owner == Owner::Pause { DEFAULT_CAPS } else { caps };
    let sc = &spec["securityContext"];
    let no_new_privs = u32::from(sc["allowPrivilegeEscalation"] == false);
    let seccomp = match sc["seccompProfile"]["type"].as_str() {
        Some("RuntimeDefault") | Some("Localhost") => 2,
        _ => 0,
    };
    let state = if is_self { "R (running)" } else { "S (sleeping)" };
    let kb = memory / 1024;
    let vm = super::ps::program_vm(&p.comm(), kb).0;
    format!(
        "Name:\t{name}\nUmask:\t0022\nState:\t{state}\nTgid:\t{pid}\nNgid:\t0\nPid:\t{pid}\nPPid:\t{ppid}\nTracerPid:\t0\nUid:\t{uid}\t{uid}\t{uid}\t{uid}\nGid:\t{uid}\t{uid}\t{uid}\t{uid}\n\
FDSize:\t64\nGroups:\t{groups}\nNStgid:\t{pid}\nNSpid:\t{pid}\nNSpgid:\t{pid}\nNSsid:\t{pid}\nKthread:\t0\n\
VmPeak:\t{vm:>8} kB\nVmSize:\t{vm:>8} kB\nVmLck:\t       0 kB\nVmPin:\t       0 kB\nVmHWM:\t{kb:>8} kB\nVmRSS:\t{kb:>8} kB\n\
Threads:\t1\nSigQ:\t0/63672\nSigPnd:\t0000000000000000\nShdPnd:\t0000000000000000\nSigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\nSigCgt:\t0000000000000000\n\
CapInh:\t0000000000000000\nCapPrm:\t{caps:016x}\nCapEff:\t{caps:016x}\nCapBnd:\t{bnd:016x}\nCapAmb:\t0000000000000000\nNoNewPrivs:\t{no_new_privs}\nSeccomp:\t{seccomp}\nSeccomp_filters:\t{filters}\n\
Cpus_allowed:\tff\nCpus_allowed_list:\t0-7\nMems_allowed:\t00000000,00000001\nMems_allowed_list:\t0\nvoluntary_ctxt_switches:\t3\nnonvoluntary_ctxt_switches:\t0\n",
        name = p.comm(),
        pid = p.pid,
        ppid = p.ppid,
        uid = p.uid,
        groups = if p.uid == 0 { "0 1 2 3 4 6 10 11 20 26 27 " } else { "" },
        filters = u32::from(seccomp == 2),
    )
}

/// The `/dev` of a container (runc's default devices, the kubelet's termination log, the
/// pod's `/dev/shm`).
const DEV_ENTRIES: [&str; 15] = ["core", "fd", "full", "mqueue", "null", "ptmx", "pts", "random", "shm", "stderr", "stdin", "stdout", "termination-log", "tty", "urandom"];
const DEV_ZERO: &str = "zero";

fn char_device(name: &str) -> Option<(u32, u32)> {
    Some(match name {
        "null" => (1, 3),
        "zero" => (1, 5),
        "full" => (1, 7),
        "random" => (1, 8),
        "urandom" => (1, 9),
        "tty" => (5, 0),
        "ptmx" => (5, 2),
        _ => return None,
    })
}

impl Engine {
    /// The processes of a container's PID namespace, in PID order: with
    /// `shareProcessNamespace` the pause process (PID 1) and every running container's, else
    /// the container's own; an `ExecSync` process (`exec`) last. PIDs grow as a kernel hands
    /// them out, with gaps for the short-lived processes (entrypoint scripts) in between.
    pub(crate) fn pid_namespace(&self, node: &str, container_id: &str, exec: Option<&[String]>) -> Vec<Proc> {
        let Some(m) = self.machines.get(node) else { return vec![] };
        let Some(c) = m.runtime.containers.get(container_id) else { return vec![] };
        let shared = m.runtime.sandboxes.get(&c.sandbox_id).is_some_and(|s| s.shared_pid_namespace);
        // (uid, command line, owner, parent index)
        let mut procs: Vec<(u32, String, Owner, Option<usize>)> = vec![];
        if shared {
            procs.push((65535, "/pause".into(), Owner::Pause, None));
        }
        let mut members: Vec<&Container> = if shared {
            m.runtime.containers.values().filter(|x| x.sandbox_id == c.sandbox_id && x.state == ContainerState::Running).map(|x| &**x).collect()
        } else {
            // Its own PID namespace, and the containers that joined it (an ephemeral
            // container's target).
            m.runtime.containers.values().filter(|x| x.id == c.id || (x.sandbox_id == c.sandbox_id && x.state == ContainerState::Running && x.namespaces.pid == c.namespaces.pid)).map(|x| &**x).collect()
        };
        crate::sort::sort_by_key(&mut members, |x| (x.started_at, x.id.clone()));
        for x in members {
            let Some(p) = x.process.as_ref() else { continue };
            let owner = Owner::Container(x.id.clone());
            // A pause container runs as its image's user: 65535 since pause 3.2, root before.
            let uid = if p.app.kind == AppKind::Pause { x.user.as_ref().map_or(65535, |u| u.uid) } else { 0 };
            if p.shell.is_some() && p.child {
                procs.push((uid, x.process_cmdline_shell(), owner.clone(), None));
                let parent = procs.len() - 1;
                procs.push((uid, p.child_argv.join(" "), owner, Some(parent)));
            } else if p.app.kind == AppKind::Nginx {
                procs.push((0, format!("nginx: master process {}", p.argv.iter().skip_while(|a| a.ends_with("docker-entrypoint.sh")).cloned().collect::<Vec<_>>().join(" ")), owner.clone(), None));
                let parent = procs.len() - 1;
                procs.push((101, "nginx: worker process".into(), owner, Some(parent)));
            } else if p.app.kind == AppKind::Redis && p.shell.is_none() {
                // redis's docker-entrypoint.sh runs the server as user redis (999) through
                // gosu when started as root; redis-server retitles itself (`redisSetProcTitle`).
                let uid = if uid == 0 && p.argv.first().is_some_and(|a| a.ends_with("docker-entrypoint.sh")) { 999 } else { uid };
                procs.push((uid, format!("redis-server *:{}", p.app.ports.first().copied().unwrap_or(6379)), owner, None));
            } else {
                procs.push((uid, x.process_cmdline_shell(), owner, None));
            }
        }
        if let Some(argv) = exec {
            procs.push((0, argv.join(" "), Owner::Exec(container_id.to_string()), None));
        }
        let mut out: Vec<Proc> = Vec::with_capacity(procs.len());
        let mut pid = 1;
        for (i, (uid, cmdline, owner, parent)) in procs.into_iter().enumerate() {
            pid = if i == 0 { 1 } else { pid + 1 + (i as u32 * 5) % 7 };
            let ppid = parent.and_then(|k| out.get(k)).map(|p| p.pid).unwrap_or(0);
            out.push(Proc { pid, ppid, uid, cmdline, owner });
        }
        // nginx's workers started by a reload are newer than every process before them.
        // (Each reload came from a `kill` exec: one PID for it, the next for the new worker.)
        let last = out.iter().filter(|p| !matches!(p.owner, Owner::Exec(_))).map(|p| p.pid).max().unwrap_or(1);
        let exec_slot = out.iter().find(|p| matches!(p.owner, Owner::Exec(_))).map_or(last + 7, |p| p.pid);
        let mut newest = 0;
        for p in out.iter_mut().filter(|p| p.ppid != 0 && p.cmdline == "nginx: worker process") {
            let reloads = reloads_of(&m.runtime, &p.owner);
            if reloads > 0 {
                p.pid = exec_slot + 2 * reloads;
                newest = newest.max(p.pid);
            }
        }
        if let Some(exec) = out.iter_mut().find(|p| matches!(p.owner, Owner::Exec(_)) && p.pid <= newest) {
            exec.pid = newest + 1;
        }
        crate::sort::sort_by_key(&mut out, |p| p.pid);
        out
    }

    /// The process of `pid` in the PID namespace `container_id` sees (None: no such process).
    pub(crate) fn process_by_pid(&self, node: &str, container_id: &str, exec: Option<&[String]>, pid: u32) -> Option<Proc> {
        self.pid_namespace(node, container_id, exec).into_iter().find(|p| p.pid == pid)
    }

    /// A file the kernel, the kubelet or containerd provides at `path` in a container; None
    /// for the container's own files. `exec`: the `ExecSync` process reading it (its
    /// `/proc/self`).
    pub(crate) fn special_file(&self, node: &str, container_id: &str, pod: &Slot, exec: Option<&[String]>, path: &str) -> Option<Special> {
        let m = self.machines.get(node)?;
        let c: &Container = m.runtime.containers.get(container_id)?;
        let sandbox = m.runtime.sandboxes.get(&c.sandbox_id)?;
        if path == "/etc/hosts" || path == "/etc/hostname" || path == "/etc/resolv.conf" {
            if let Some(text) = sandbox.etc.read(path) {
                return Some(Special::File(text));
            }
            let text = match path {
                "/etc/hosts" => {
                    let node_ip = self.node_ip(node);
                    etc_hosts(pod, sandbox.ip.as_deref(), node, &node_ip)
                }
                "/etc/hostname" => format!("{}\n", uts_hostname(pod, node)),
                _ => resolv_conf(pod),
            };
            return Some(Special::File(text));
        }
        if let Some(rest) = path.strip_prefix("/dev") {
            return self.dev_file(sandbox, rest);
        }
        if path == "/sys/fs/cgroup" || path.starts_with("/sys/fs/cgroup/") {
            let cg = c.cgroup.as_ref()?;
            let procs: Vec<u32> = self.pid_namespace(node, container_id, exec).iter().filter(|p| matches!(&p.owner, Owner::Container(id) | Owner::Exec(id) if id == container_id)).map(|p| p.pid).collect();
            let memory = c.process.as_ref().map(|p| p.app.memory_at(self.now.millis().saturating_sub(p.started_at.millis()))).unwrap_or(0);
            let files = cg.files(&procs, memory, c.cpu.stat(self.now).text());
            return match path.strip_prefix("/sys/fs/cgroup").unwrap_or_default().trim_start_matches('/') {
                "" => Some(Special::Dir(files.iter().map(|(n, _)| n.to_string()).collect())),
                name => files.into_iter().find(|(n, _)| *n == name).map(|(_, t)| Special::File(t)),
            };
        }
        if path == "/proc" || path.starts_with("/proc/") {
            return self.proc_file(node, pod, c, sandbox, exec, path);
        }
        None
    }

    fn dev_file(&self, sandbox: &Sandbox, rest: &str) -> Option<Special> {
        let name = rest.trim_start_matches('/');
        if name.is_empty() {
            let mut names: Vec<String> = DEV_ENTRIES.iter().map(|s| s.to_string()).collect();
            names.push(DEV_ZERO.into());
            return Some(Special::Dir(names));
        }
        if let Some((maj, min)) = char_device(name) {
            return Some(Special::CharDevice(maj, min));
        }
        Some(match name {
            "stdin" => Special::Link("/proc/self/fd/0".into()),
            "stdout" => Special::Link("/proc/self/fd/1".into()),
            "stderr" => Special::Link("/proc/self/fd/2".into()),
            "fd" => Special::Link("/proc/self/fd".into()),
            "core" => Special::Link("/proc/kcore".into()),
            "pts" | "mqueue" => Special::Dir(vec![]),
            "shm" => Special::Dir(sandbox.shm.list("/")),
            _ => return None,
        })
    }

    fn proc_file(&self, node: &str, pod: &Slot, c: &Container, sandbox: &Sandbox, exec: Option<&[String]>, path: &str) -> Option<Special> {
        let procs = self.pid_namespace(node, &c.id, exec);
        let me = procs.iter().find(|p| match (&p.owner, exec) {
            (Owner::Exec(_), Some(_)) => true,
            (Owner::Container(id), None) => *id == c.id,
            _ => false,
        })?;
        let parts: Vec<&str> = path.trim_start_matches("/proc").split('/').filter(|s| !s.is_empty()).collect();
        if parts.is_empty() {
            let mut names: Vec<String> = procs.iter().map(|p| p.pid.to_string()).collect();
            names.extend(["cgroups", "cmdline", "cpuinfo", "loadavg", "meminfo", "mounts", "self", "stat", "sys", "uptime", "version"].map(str::to_string));
            return Some(Special::Dir(names));
        }
        let pid = match parts[0] {
            "self" if parts.len() == 1 => return Some(Special::Link(me.pid.to_string())),
            "self" => me.pid,
            "sys" if parts.len() == 1 => return Some(Special::Dir(vec!["kernel".into(), "net".into(), "vm".into()])),
            n => match n.parse::<u32>() {
                Ok(p) => p,
                Err(_) => return None,
            },
        };
        let p = procs.iter().find(|p| p.pid == pid)?;
        let m = self.machines.get(node)?;
        let (owner_ns, owner_spec_container) = match &p.owner {
            Owner::Pause => (sandbox.namespaces, None),
            Owner::Container(id) | Owner::Exec(id) => (m.runtime.containers.get(id).map(|x| x.namespaces).unwrap_or(c.namespaces), m.runtime.containers.get(id).map(|x| &**x)),
        };
        match &parts[1..] {
            [] => Some(Special::Dir(["attr", "cgroup", "cmdline", "comm", "environ", "gid_map", "ns", "status", "uid_map"].map(str::to_string).to_vec())),
            ["attr"] => Some(Special::Dir(vec!["current".into()])),
            ["uid_map"] | ["gid_map"] => Some(Special::File(super::namespaces::id_map(owner_ns.user, sandbox.userns))),
            // The AppArmor profile confining it (an exec'd process keeps its container's; the
            // sandbox's pause runs under containerd's default).
            ["attr", "current"] => {
                let profile = match owner_spec_container {
                    Some(x) => x.apparmor.as_deref(),
                    None => Some(super::apparmor::DEFAULT_PROFILE),
                };
                Some(Special::File(format!("{}\n", super::apparmor::attr_current(profile, &m.apparmor))))
            }
            ["ns"] => Some(Special::Dir(owner_ns.links().into_iter().map(|(n, _)| n.to_string()).collect())),
            ["ns", kind] => owner_ns.links().into_iter().find(|(n, _)| n == kind).map(|(_, t)| Special::Link(t)),
            ["cmdline"] => Some(Special::File(p.cmdline.split(' ').map(|a| format!("{a}\0")).collect())),
            ["comm"] => Some(Special::File(format!("{}\n", p.comm()))),
            ["environ"] => {
                // The process's environment: the container spec's (`oci_env`).
                let env: String = owner_spec_container
                    .map(|x| super::cri::oci_env(&uts_hostname(pod, node), super::cri::node_image(&m.runtime, x), &x.env).iter().map(|(k, v)| format!("{k}={v}\0")).collect())
                    .unwrap_or_default();
                Some(Special::File(env))
            }
            ["cgroup"] => {
                // Paths are shown relative to the reader's cgroup namespace root (its own cgroup).
                let scope = match &p.owner {
                    Owner::Pause => format!("/../cri-containerd-{}.scope", sandbox.id),
                    Owner::Container(id) | Owner::Exec(id) if *id != c.id => format!("/../cri-containerd-{id}.scope"),
                    _ => "/".into(),
                };
                Some(Special::File(format!("0::{scope}\n")))
            }
            ["status"] => {
                let x = owner_spec_container.unwrap_or(c);
                let pod = self.container_pod_of(node, x);
                let spec = pod.as_deref().and_then(|pod| crate::podutil::container_spec(pod, &x.name)).unwrap_or(crate::Slot::null());
                Some(Special::File(status_file(p, spec, self.proc_memory(node, p), p.pid == me.pid)))
            }
            // The process's root: its container's writable layer, then its image's files
            // (the owner's volumes are not followed).
            ["root", rest @ ..] => {
                let x = owner_spec_container?;
                let inner = format!("/{}", rest.join("/"));
                if inner == "/" {
                    return Some(Special::Link("/".into()));
                }
                x.rootfs.read(&inner).or_else(|| super::image_files::file(&x.image_ref, &inner)).map(Special::File)
            }
            _ => None,
        }
    }

    /// A process's resident memory in bytes (`VmRSS`, ps's RSS): its container's use for a
    /// container's processes, 256 KiB for pause, an exec's program its usual size
    /// (`ps::program_vm`).
    pub(crate) fn proc_memory(&self, node: &str, p: &Proc) -> u64 {
        match &p.owner {
            Owner::Pause => 256 * 1024,
            Owner::Container(id) => {
                let process = self.machines.get(node).and_then(|m| m.runtime.containers.get(id)).and_then(|x| x.process.as_ref());
                process.map_or(0, |x| x.app.memory_at(self.now.millis().saturating_sub(x.started_at.millis())))
            }
            Owner::Exec(_) => super::ps::program_vm(&p.comm(), 0).1 * 1024,
        }
    }

    /// The kubelet's copy of the container's pod (its spec is the container's there).
    fn container_pod_of(&self, node: &str, c: &Container) -> Option<std::sync::Arc<crate::Obj>> {
        let s = self.machines.get(node).and_then(|m| m.runtime.sandboxes.get(&c.sandbox_id))?;
        self.kubelet_pod(node, &s.namespace, &s.pod_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_file_as_the_kubelet_writes_it() {
        let pod = crate::Obj::untyped(&serde_json::json!({"metadata": {"name": "web-0", "namespace": "default"}, "spec": {"subdomain": "nginx", "hostAliases": [{"ip": "10.1.2.3", "hostnames": ["foo.local", "bar.local"]}]}}));
        assert_eq!(
            etc_hosts(&pod, Some("10.244.1.5"), "worker-1", "172.18.0.3"),
            "# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n10.244.1.5\tweb-0.nginx.default.svc.cluster.local\tweb-0\n\n# Entries added by HostAliases.\n10.1.2.3\tfoo.local\tbar.local\n"
        );
        let plain = crate::Obj::untyped(&serde_json::json!({"metadata": {"name": "a", "namespace": "default"}, "spec": {}}));
        assert!(etc_hosts(&plain, Some("10.244.1.6"), "worker-1", "172.18.0.3").ends_with("fe00::2\tip6-allrouters\n10.244.1.6\ta\n"));
        let long = crate::Obj::untyped(&serde_json::json!({"metadata": {"name": format!("{}-x", "a".repeat(62)), "namespace": "default"}, "spec": {}}));
        assert_eq!(pod_hostname(&long).0, "a".repeat(62));
    }

    #[test]
    fn resolv_conf_cluster_first() {
        let pod = crate::Obj::untyped(&serde_json::json!({"metadata": {"name": "a", "namespace": "shop"}, "spec": {"dnsPolicy": "ClusterFirst"}}));
        assert_eq!(resolv_conf(&pod), "search shop.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n");
        let none = crate::Obj::untyped(&serde_json::json!({"metadata": {"name": "a", "namespace": "shop"}, "spec": {"dnsPolicy": "None", "dnsConfig": {"nameservers": ["1.1.1.1"], "options": [{"name": "ndots", "value": "2"}]}}}));
        assert_eq!(resolv_conf(&none), "nameserver 1.1.1.1\noptions ndots:2\n");
    }

    #[test]
    fn capabilities_from_the_security_context() {
        assert_eq!(capabilities(&crate::Obj::untyped(&serde_json::json!({}))), 0xa80425fb);
        assert_eq!(capabilities(&crate::Obj::untyped(&serde_json::json!({"securityContext": {"capabilities": {"add": ["SYS_PTRACE"]}}}))), 0xa80425fb | (1 << 19));
        assert_eq!(capabilities(&crate::Obj::untyped(&serde_json::json!({"securityContext": {"capabilities": {"drop": ["ALL"]}}}))), 0);
        assert_eq!(capabilities(&crate::Obj::untyped(&serde_json::json!({"securityContext": {"capabilities": {"drop": ["ALL"], "add": ["NET_BIND_SERVICE"]}}}))), 1 << 10);
    }
}

//! containerd on one node, as the kubelet sees it through the CRI (`k8s.io/cri-api`
//! `RuntimeService` / `ImageService`), with containerd's CRI plugin behind it
//! (`containerd/containerd` `internal/cri/server`): pod sandboxes (the pause container that
//! holds the network, IPC and UTS namespaces, its IP from CNI), containers (each run by its own
//! `containerd-shim-runc-v2`, which runc leaves as the parent of the container's process), and
//! the node's image store.
//!
//! The state here is the runtime's, not the API server's: the kubelet reads it (PLEG's relist,
//! `crictl`) and changes it with CRI calls. A shim outlives containerd, so a stopped containerd
//! leaves running containers running; only the CRI calls fail while it is down.

pub mod apparmor;
pub mod cgroups;
pub mod cni;
pub mod cpu;
pub mod cri;
pub mod daemon;
pub mod exec;
pub mod fs;
pub mod image_files;
pub mod logs;
pub mod namespaces;
pub mod operator;
pub mod procfs;
pub mod ps;
pub mod programs;
pub mod pull;
pub mod seccomp;
pub mod service;
pub mod shellproc;
pub mod shim;

use crate::vecmap::VecMap;

use crate::clock::Time;
use crate::process::Process;
use crate::registry::{self, Image, ImageRef, Lookup};
use std::sync::Arc;

/// The pause image the CRI plugin runs as every sandbox (`sandbox_image`/`pause` in
/// containerd 2.x's config; kubeadm 1.36 pins the same).
pub const PAUSE_IMAGE: &str = "registry.k8s.io/pause:3.10.1";

/// A pod sandbox (`crictl pods`).
/// The process that opens a connection (through the cluster network): its pod and the user it runs as (istio-init's rules
/// tell the proxy's own traffic, user 1337, from the app's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    pub node: String,
    pub pod_uid: String,
    pub namespace: String,
    pub user: u32,
}

#[derive(Debug, Clone)]
pub struct Sandbox {
    pub id: String,
    pub pod_uid: String,
    pub pod_name: String,
    pub namespace: String,
    pub attempt: u32,
    pub ready: bool,
    pub ip: Option<String>,
    pub created_at: Time,
    pub pause_pid: u32,
    /// `shareProcessNamespace: true`: the containers share the pause container's PID namespace.
    pub shared_pid_namespace: bool,
    pub runtime_handler: String,
    /// The nat rules a container wrote into the pod's network namespace (istio-init).
    pub capture: Option<Box<crate::istio::iptables::Capture>>,
    /// The pause process's namespaces (`crictl inspectp`'s `namespaces`); the app
    /// containers join its network, IPC and UTS namespaces.
    pub namespaces: namespaces::Namespaces,
    /// Which of the node's namespaces the pod uses (`hostNetwork`, `hostIPC`, `hostPID`).
    pub host_namespaces: namespaces::HostNamespaces,
    /// The IPC namespace's `/dev/shm` (a 64 MiB tmpfs that containerd mounts for the
    /// sandbox and every container of the pod).
    pub shm: fs::Tree,
    /// The IPC namespace's System V shared memory segments.
    pub shm_segments: Vec<crate::shell::ShmSegment>,
    /// Files the containers wrote over the sandbox's `/etc/hosts`, `/etc/hostname` and
    /// `/etc/resolv.conf` (bind mounts of one file per pod).
    pub etc: fs::Tree,
    /// `eth0`'s MAC address and the node-side interface index of its veth pair.
    pub mac: String,
    pub veth_index: u32,
    /// `hostUsers: false`: the first host ID of the 65536 the kubelet's user namespace manager
    /// gave the pod (`pkg/kubelet/userns/userns_manager.go` `allocateOne`).
    pub userns: Option<u32>,
    /// The pod cgroup the kubelet made for the pod before asking for the sandbox.
    pub pod_cgroup: cgroups::PodCgroup,
}

/// A container's state as CRI reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ContainerState {
    Created,
    Running,
    Exited,
    Unknown,
}

impl ContainerState {
    /// `crictl ps -a` STATE column.
    pub fn crictl(self) -> &'static str {
        match self {
            ContainerState::Created => "Created",
            ContainerState::Running => "Running",
            ContainerState::Exited => "Exited",
            ContainerState::Unknown => "Unknown",
        }
    }
}

/// A container (`crictl ps -a`).
#[derive(Debug, Clone)]
pub struct Container {
    pub id: String,
    pub sandbox_id: String,
    pub pod_uid: String,
    pub name: String,
    pub attempt: u32,
    /// The image as the pod spec names it, and the image id it resolved to.
    pub image: String,
    pub image_id: String,
    pub image_ref: String,
    pub state: ContainerState,
    pub created_at: Time,
    pub started_at: Option<Time>,
    pub finished_at: Option<Time>,
    pub exit_code: i32,
    /// `OOMKilled`, `Error`, `Completed` as the CRI plugin reports them.
    pub reason: String,
    pub message: String,
    /// The process's PID on the node (0 when not running); the shim's PID.
    pub pid: u32,
    pub shim_pid: u32,
    /// The process inside, while the container runs (and its final state after).
    pub process: Option<Process>,
    /// A token that changes whenever the process changes, so stale timers are ignored.
    pub generation: u64,
    /// The container log (`kubectl logs`): (time, stream, line).
    pub log: logs::LogFile,
    /// The labels the kubelet sets (`io.kubernetes.container.restartCount`, hash…).
    pub restart_count: u32,
    /// The container's own writable layer.
    pub rootfs: fs::Tree,
    /// The AppArmor profile its process runs under (None: unconfined; `apparmor.rs`).
    pub apparmor: Option<String>,
    /// Its seccomp profile refuses even the `execve` that starts it (`seccomp.rs`).
    pub seccomp_blocks_exec: bool,
    /// The environment the kubelet resolved for it (`env`, `envFrom`, `valueFrom`).
    pub env: Vec<(String, String)>,
    /// The user its process runs as (uid, gid, supplementary groups with the gid), as its OCI
    /// spec holds it and CRI's `ContainerStatus.user` reports it (KEP-3619).
    pub user: Option<crate::shell::Credentials>,
    /// Its process's namespaces, from when runc started it (`crictl inspect`'s
    /// `runtimeSpec.linux.namespaces`).
    pub namespaces: namespaces::Namespaces,
    /// Its cgroup and the limits runc wrote there (set when it starts).
    pub cgroup: Option<cgroups::Cgroup>,
    /// The CPU time its cgroup counted, and its share of the node's cores now.
    pub cpu: cpu::CpuAccount,
}

/// An image in the node's store (`crictl images`).
#[derive(Debug, Clone)]
pub struct NodeImage {
    /// `docker.io/library/nginx:1.27` style tags held.
    pub repo_tags: Vec<String>,
    /// `docker.io/library/nginx@sha256:…`.
    pub repo_digests: Vec<String>,
    pub id: String,
    pub size_bytes: u64,
    /// The catalogue entry (config: entrypoint, cmd, stop signal), if it came from one.
    pub catalog: Option<Arc<Image>>,
}

/// containerd's state on one node.
#[derive(Debug, Clone)]
pub struct Runtime {
    pub node: String,
    /// The containerd daemon is running (the shims do not depend on it).
    pub up: bool,
    // Boxed values: every VecMap<String, Box<_>> shares one copy of the map's code (the worker's size, see ARCHITECTURE.md).
    pub sandboxes: VecMap<String, Box<Sandbox>>,
    pub containers: VecMap<String, Box<Container>>,
    /// Moves whenever a container is created, starts, ends or is removed: the kubelet's
    /// container GC remembers its quiet-stretch answer per value.
    pub containers_changed: u64,
    /// By image id.
    pub images: VecMap<String, NodeImage>,
    pub ipam: cni::HostLocal,
    next_pid: u32,
    /// How many lines the journal took in all (it keeps the last ones).
    pub journal_pushed: u64,
    /// The node kernel's namespace inode numbers, and the node's own namespaces.
    pub inodes: namespaces::InodeAllocator,
    pub host_namespaces: namespaces::Namespaces,
    /// The node's last network interface index (each pod's veth takes the next).
    pub last_ifindex: u32,
    /// containerd's own journal lines and systemd's about its unit (`journalctl -u containerd`).
    pub journal: Vec<JournalEntry>,
    /// The daemon's PID (a new one after each `systemctl start`).
    pub pid: u32,
    /// Since when the daemon has been stopped (None while it runs).
    pub down_since: Option<Time>,
    /// The last outage that ended: (stopped, started again). The kubelet's runtime check
    /// still remembers it until its next successful status call.
    pub last_outage: Option<(Time, Time)>,
    /// What happened to containers during a CRI call of the kubelet: it learns it when the
    /// call returns (`Kubelet::cri`). None outside such a call, when the kubelet learns it at
    /// once.
    pub task_events: Option<Vec<TaskEvent>>,
}

/// What the kubelet learns of a container's task, apart from its own calls' answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TaskEvent {
    /// A container failed to start: PLEG relists soon.
    Changed,
    /// A container started the program `argv`: PLEG relists soon, and a system program
    /// (kube-proxy, local-path-provisioner) starts its component.
    Started { argv: Vec<String> },
    /// A container of pod `pod_uid` ended (containerd's TaskExit).
    Exit { pod_uid: String },
}

/// Who wrote a journal line: containerd (logrus text, its PID) or systemd about the unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writer {
    Containerd(u32),
    Systemd,
}

/// One line containerd logs (logrus: `time=… level=… msg=… error=…`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalEntry {
    pub time: Time,
    pub writer: Writer,
    /// `info` or `error`.
    pub level: &'static str,
    pub msg: String,
    /// The `error` field of a failed call (`log.G(ctx).WithError(err)`).
    pub error: Option<String>,
    /// Other logrus fields (`address`, `revision`, `version`), printed sorted by key.
    pub fields: Vec<(&'static str, String)>,
}

/// The outcome of resolving an image on the node for a pull.
#[derive(Debug, Clone)]
pub enum Resolved {
    Remote(Arc<Image>),
    Missing(String),
}

impl Container {
    /// The command line `ps` shows for the container's first process.
    pub fn process_cmdline_shell(&self) -> String {
        self.process.as_ref().map(|p| p.shell.as_ref().and_then(|s| s.replaced_by()).map(|a| a.join(" ")).unwrap_or_else(|| p.argv.join(" "))).unwrap_or_default()
    }
}

/// The PID the node hands out after `pid` (PIDs climb with small gaps, as other processes
/// on a busy node take some).
pub fn pid_after(pid: u32) -> u32 {
    pid + 1 + (pid % 7)
}

impl Runtime {
    pub fn new(node: &str, pod_cidr: &str) -> Runtime {
        let mut rt = Runtime {
            node: node.to_string(),
            up: true,
            sandboxes: VecMap::new(),
            containers: VecMap::new(),
            containers_changed: 0,
            images: VecMap::new(),
            ipam: cni::HostLocal::new(pod_cidr),
            next_pid: 1000,
            journal_pushed: 0,
            inodes: namespaces::InodeAllocator::new(node),
            host_namespaces: namespaces::Namespaces::default(),
            // lo, the node's eth0 (a kind node's veth to its docker network).
            last_ifindex: 2,
            journal: Vec::new(),
            pid: daemon::FIRST_PID,
            down_since: None,
            last_outage: None,
            task_events: None,
        };
        rt.host_namespaces = rt.inodes.host();
        if let Ok(r) = ImageRef::parse_normalized(PAUSE_IMAGE)
            && let Lookup::Found(img) = registry::lookup(&r.with_default_tag()) {
                rt.store_image(img);
            }
        rt
    }

    /// The next PID on the node (the host PID namespace).
    pub fn next_pid(&mut self) -> u32 {
        self.next_pid = pid_after(self.next_pid);
        self.next_pid
    }

    /// The last PID handed out (`next_pid` hands out `pid_after` it).
    pub fn last_pid(&self) -> u32 {
        self.next_pid
    }

    /// Adds a catalogue image to the store (after a pull, or seeded from `status.images`).
    pub fn store_image(&mut self, img: Arc<Image>) {
        let digest = format!("{}@{}", img.name, img.repo_digest);
        let entry = self.tag_image(img);
        if !entry.repo_digests.contains(&digest) {
            entry.repo_digests.push(digest);
        }
    }

    /// An image imported from an archive (a kind node image's preloaded images): its tag, no
    /// repo digest, so containers report the image id as their `imageID`.
    pub fn preload_image(&mut self, img: Arc<Image>) {
        self.tag_image(img);
    }

    /// The store's entry for a catalogue image, with its tag.
    fn tag_image(&mut self, img: Arc<Image>) -> &mut NodeImage {
        let tag = format!("{}:{}", img.name, img.tag);
        let entry = self.images.entry(img.image_id.clone()).or_insert_with(|| NodeImage {
            repo_tags: vec![],
            repo_digests: vec![],
            id: img.image_id.clone(),
            size_bytes: img.size_bytes,
            catalog: Some(img),
        });
        if !entry.repo_tags.contains(&tag) {
            entry.repo_tags.push(tag);
            crate::sort::sort(&mut entry.repo_tags);
        }
        entry
    }

    /// A seeded image named in a Node manifest's `status.images` (names as the kubelet
    /// reports them, tags and digests mixed). Names the catalogue does not know are kept as
    /// bare entries, so `crictl images` still lists them.
    pub fn seed_image(&mut self, names: &[String], size_bytes: u64) {
        let mut known = false;
        for n in names {
            if let Ok(r) = ImageRef::parse_normalized(n)
                && let Lookup::Found(img) = registry::lookup(&r.with_default_tag()) {
                    self.store_image(img);
                    known = true;
                }
        }
        if !known && let Some(first) = names.first() {
            let id = format!("sha256:{}", crate::rng::hex_of(first, 64));
            self.images.entry(id.clone()).or_insert_with(|| NodeImage {
                repo_tags: names.iter().filter(|n| !n.contains('@')).cloned().collect(),
                repo_digests: names.iter().filter(|n| n.contains('@')).cloned().collect(),
                id,
                size_bytes,
                catalog: None,
            });
        }
    }

    /// `ImageStatus`: the stored image a reference names, if present.
    pub fn image_status(&self, r: &ImageRef) -> Option<&NodeImage> {
        let full = r.to_string();
        self.images.values().find(|i| i.repo_tags.contains(&full) || i.repo_digests.contains(&full))
    }

    /// What a pull of `r` would fetch.
    pub fn resolve(&self, r: &ImageRef) -> Resolved {
        match registry::lookup(r) {
            Lookup::Found(img) => Resolved::Remote(img),
            other => Resolved::Missing(registry::pull_error(r, &other).unwrap_or_else(|| format!("failed to resolve reference {:?}", r.to_string()))),
        }
    }

    /// An `info` line of containerd's journal.
    pub fn log(&mut self, now: Time, line: String) {
        let writer = Writer::Containerd(self.pid);
        self.journal_push(JournalEntry { time: now, writer, level: "info", msg: line, error: None, fields: vec![] });
    }

    /// An `error` line: a CRI call that failed, with its error (the gRPC status prefix, which
    /// the server adds after logging, left off).
    pub fn log_error(&mut self, now: Time, msg: String, err: &str) {
        let err = match err.strip_prefix("rpc error: code = ").and_then(|e| e.split_once(" desc = ")) {
            Some((_, desc)) => desc.to_string(),
            None => err.to_string(),
        };
        let writer = Writer::Containerd(self.pid);
        self.journal_push(JournalEntry { time: now, writer, level: "error", msg, error: Some(err), fields: vec![] });
    }

    /// How many of `n` lines about to be pushed the journal would not keep, in whole drains
    /// (`journal_push` drops 500 at a time): a caller making many may leave these unmade and
    /// count them (`journal_skip`), the journal ending as if it had pushed them all.
    pub(crate) fn journal_unkept(&self, n: u64) -> u64 {
        if n > 2000 { (n - 2000) / 500 * 500 } else { 0 }
    }

    /// Counts `n` lines as pushed without keeping them (`journal_unkept`).
    pub(crate) fn journal_skip(&mut self, n: u64) {
        self.journal_pushed += n;
    }

    pub(crate) fn journal_push(&mut self, entry: JournalEntry) {
        self.journal_pushed += 1;
        self.journal.push(entry);
        if self.journal.len() > 2000 {
            self.journal.drain(..500);
        }
    }

    /// The pod a container belongs to, for the trace.
    pub fn pod_of(&self, container_id: &str) -> Option<crate::trace::ObjectRef> {
        let c = self.containers.get(container_id)?;
        let s = self.sandboxes.get(&c.sandbox_id)?;
        Some(crate::trace::ObjectRef::new("Pod", Some(&s.namespace), &s.pod_name))
    }

    /// The sandbox of a pod that is ready, newest first.
    pub fn ready_sandbox(&self, pod_uid: &str) -> Option<&Sandbox> {
        self.sandboxes.values().filter(|s| s.pod_uid == pod_uid && s.ready).max_by_key(|s| (s.attempt, s.created_at)).map(|s| &**s)
    }

    /// The latest container of each name in a pod (what PLEG and the kubelet's status use),
    /// plus older ones for `lastState`.
    pub fn pod_containers(&self, pod_uid: &str) -> Vec<&Container> {
        let mut v: Vec<&Container> = self.containers.values().filter(|c| c.pod_uid == pod_uid).map(|c| &**c).collect();
        crate::sort::sort_by(&mut v, |a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)).reverse());
        v
    }
}

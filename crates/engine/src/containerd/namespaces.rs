//! The Linux namespaces of a node's processes, as `/proc/<pid>/ns/*` shows them
//! (`readlink /proc/self/ns/net` → `net:[4026532316]`).
//!
//! The pause container (the sandbox) gets new network, IPC and UTS namespaces (the node's with
//! `hostNetwork` / `hostIPC`; UTS follows the network, as containerd's CRI plugin does), its
//! own PID, mount and cgroup namespaces; each app container joins the sandbox's network, IPC
//! and UTS namespaces and gets its own mount and cgroup namespace and its own PID namespace,
//! unless the pod sets `shareProcessNamespace` (it then joins the pause container's, where
//! pause is PID 1) or `hostPID`. The time namespace is the node's; so is the user namespace
//! unless the pod sets `hostUsers: false`: the sandbox then gets a user namespace of its own
//! (created first, as runc does), which its containers join, mapping the kubelet's ID range
//! (`Sandbox::userns`, `/proc/PID/uid_map`). Sources: containerd `internal/cri/server`
//! (`podsandbox/sandbox_run_linux.go`, `container_create_linux.go`), runc's namespace setup.
//!
//! Inode numbers come from the kernel's `proc_alloc_inum` (an IDA above `PROC_DYNAMIC_FIRST`,
//! 0xF0000000 = 4026531840), so a node's namespaces have consecutive numbers in creation
//! order. The initial user and time namespaces have the kernel's fixed numbers
//! (`PROC_USER_INIT_INO`, `PROC_TIME_INIT_INO`). A kind node is itself a container, so its
//! other "host" namespaces are ordinary dynamic ones.

/// `PROC_USER_INIT_INO` (include/linux/proc_ns.h).
pub const INIT_USER_NS: u64 = 0xEFFF_FFFD;
/// `PROC_TIME_INIT_INO`.
pub const INIT_TIME_NS: u64 = 0xEFFF_FFFA;
/// `PROC_DYNAMIC_FIRST`: the first inode number `proc_alloc_inum` hands out.
pub const PROC_DYNAMIC_FIRST: u64 = 0xF000_0000;

/// One process's namespaces (inode numbers).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Namespaces {
    pub cgroup: u64,
    pub ipc: u64,
    pub mnt: u64,
    pub net: u64,
    pub pid: u64,
    pub time: u64,
    pub user: u64,
    pub uts: u64,
}

impl Namespaces {
    /// The entries of `/proc/<pid>/ns` in `ls` order, each with its link target.
    pub fn links(&self) -> Vec<(&'static str, String)> {
        let l = |kind: &str, ino: u64| format!("{kind}:[{ino}]");
        vec![
            ("cgroup", l("cgroup", self.cgroup)),
            ("ipc", l("ipc", self.ipc)),
            ("mnt", l("mnt", self.mnt)),
            ("net", l("net", self.net)),
            ("pid", l("pid", self.pid)),
            ("pid_for_children", l("pid", self.pid)),
            ("time", l("time", self.time)),
            ("time_for_children", l("time", self.time)),
            ("user", l("user", self.user)),
            ("uts", l("uts", self.uts)),
        ]
    }
}

/// A node kernel's namespace inode numbers.
#[derive(Debug, Clone)]
pub struct InodeAllocator {
    next: u64,
}

impl InodeAllocator {
    /// The allocator of `node`'s kernel. Namespaces created before the kubelet ran (the kind
    /// node container's, systemd's) took the first few hundred numbers; how many is derived
    /// from the node's name, a fixed function, so the engine's random stream is untouched.
    pub fn new(node: &str) -> InodeAllocator {
        let h = crate::rng::hex_of(node, 8);
        let spread = u64::from_str_radix(&h, 16).unwrap_or(0) % 400;
        InodeAllocator { next: PROC_DYNAMIC_FIRST + 160 + spread }
    }

    pub fn alloc(&mut self) -> u64 {
        let n = self.next;
        self.next += 1;
        n
    }

    /// The number the next `alloc` hands out.
    pub fn peek(&self) -> u64 {
        self.next
    }

    /// Hands out `n` numbers nobody keeps (namespaces made and gone again).
    pub fn skip(&mut self, n: u64) {
        self.next += n;
    }

    /// A full set of new namespaces (the node's own, at boot).
    pub fn host(&mut self) -> Namespaces {
        let cgroup = self.alloc();
        let mnt = self.alloc();
        let uts = self.alloc();
        let ipc = self.alloc();
        let pid = self.alloc();
        let net = self.alloc();
        Namespaces { cgroup, ipc, mnt, net, pid, time: INIT_TIME_NS, user: INIT_USER_NS, uts }
    }
}

/// Which of the node's namespaces a pod shares (`hostNetwork`, `hostIPC`, `hostPID`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HostNamespaces {
    pub network: bool,
    pub ipc: bool,
    pub pid: bool,
    /// `hostUsers: false`: a user namespace of the pod's own.
    pub own_user: bool,
}

impl HostNamespaces {
    pub fn of(pod: &crate::Slot) -> HostNamespaces {
        let spec = &pod["spec"];
        HostNamespaces { network: spec["hostNetwork"] == true, ipc: spec["hostIPC"] == true, pid: spec["hostPID"] == true, own_user: spec["hostUsers"] == false }
    }
}

/// The pause container's namespaces: new ones (runc's clone flags), the node's where the pod
/// asks for them.
pub fn sandbox(alloc: &mut InodeAllocator, node: &Namespaces, host: HostNamespaces) -> Namespaces {
    // runc creates them in its order: user, mount, network, UTS, IPC, PID, cgroup.
    let user = if host.own_user { alloc.alloc() } else { node.user };
    let mnt = alloc.alloc();
    let net = if host.network { node.net } else { alloc.alloc() };
    let uts = if host.network { node.uts } else { alloc.alloc() };
    let ipc = if host.ipc { node.ipc } else { alloc.alloc() };
    let pid = if host.pid { node.pid } else { alloc.alloc() };
    let cgroup = alloc.alloc();
    Namespaces { cgroup, ipc, mnt, net, pid, time: node.time, user, uts }
}

/// `/proc/PID/uid_map` (and `gid_map`) of a process in user namespace `user`: the initial
/// namespace maps every ID to itself; a pod's maps 0–65535 to the kubelet's range starting at
/// `first` (the kernel's `%10u %10u %10u` lines).
pub fn id_map(user: u64, first: Option<u32>) -> String {
    match first {
        Some(first) if user != INIT_USER_NS => format!("{:>10} {:>10} {:>10}\n", 0, first, 65536),
        _ => format!("{:>10} {:>10} {:>10}\n", 0, 0, 4_294_967_295u32),
    }
}

/// An app container's namespaces: the sandbox's network, IPC and UTS; its own mount and
/// cgroup namespaces; the sandbox's PID namespace with `shareProcessNamespace`, the node's
/// with `hostPID`, else its own.
pub fn container(alloc: &mut InodeAllocator, node: &Namespaces, sandbox: &Namespaces, shared_pid: bool, host: HostNamespaces) -> Namespaces {
    let mnt = alloc.alloc();
    let pid = if host.pid {
        node.pid
    } else if shared_pid {
        sandbox.pid
    } else {
        alloc.alloc()
    };
    let cgroup = alloc.alloc();
    Namespaces { cgroup, ipc: sandbox.ipc, mnt, net: sandbox.net, pid, time: sandbox.time, user: sandbox.user, uts: sandbox.uts }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_share_net_ipc_uts_with_pause_and_not_pid() {
        let mut a = InodeAllocator::new("worker-1");
        let node = a.host();
        let pause = sandbox(&mut a, &node, HostNamespaces::default());
        let c1 = container(&mut a, &node, &pause, false, HostNamespaces::default());
        let c2 = container(&mut a, &node, &pause, false, HostNamespaces::default());
        assert_eq!((c1.net, c1.ipc, c1.uts), (pause.net, pause.ipc, pause.uts));
        assert_eq!((c2.net, c2.ipc, c2.uts), (pause.net, pause.ipc, pause.uts));
        assert_ne!(c1.pid, c2.pid);
        assert_ne!(c1.pid, pause.pid);
        assert_ne!(c1.mnt, c2.mnt);
        assert_ne!(pause.net, node.net);
        assert_eq!(c1.user, INIT_USER_NS);
        assert_eq!(c1.user, 4026531837);
        assert!(pause.net > PROC_DYNAMIC_FIRST);
        let shared = container(&mut a, &node, &pause, true, HostNamespaces::default());
        assert_eq!(shared.pid, pause.pid);
        let host = sandbox(&mut a, &node, HostNamespaces { network: true, ipc: false, pid: false, own_user: false });
        assert_eq!((host.net, host.uts), (node.net, node.uts));
        assert_eq!(c1.links()[3], ("net", format!("net:[{}]", pause.net)));
    }
}

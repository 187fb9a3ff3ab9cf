//! A command on a node itself, as `docker exec kind-worker COMMAND…` runs it: the shell
//! interpreter over the node's disk ([`super::NodeMachine::disk`], the files `hostPath`
//! volumes and `local` PersistentVolumes mount), as root, hostname = the node's name.
//!
//! kind's node image (kubernetes-sigs/kind `images/base/Dockerfile`: `debian:bookworm-slim`
//! plus systemd, iptables, iproute2, bash, curl, jq, procps, containerd, crictl) has no
//! `sudo`: `docker exec` runs as root. Its `/bin/sh` is dash. podlife models the file and
//! text utilities of its shell; the node's own network (curl, ip) is not modelled and says
//! so.

use crate::Engine;
use crate::clock::EPOCH_UNIX_SECONDS;
use crate::containerd::cpu;
use crate::containerd::fs::Tree;
use crate::containerd::shellproc::{EXEC_LIMIT_MS, EXEC_MAX_RESUMES, EXEC_MAX_STEPS};
use crate::shell::{Credentials, NetError, Shell, Stat, Yield};
use crate::vecmap::VecMap;

/// The directories of the node image a learner touches (Debian's base tree and kind's own):
/// they exist on every node, written or not.
const NODE_DIRS: &[&str] = &[
    "/bin", "/boot", "/dev", "/etc", "/etc/kubernetes", "/etc/kubernetes/manifests", "/home", "/kind", "/lib", "/media", "/mnt", "/opt", "/opt/cni",
    "/opt/cni/bin", "/proc", "/root", "/run", "/sbin", "/srv", "/sys", "/tmp", "/usr", "/usr/bin", "/usr/local", "/usr/local/bin", "/usr/sbin", "/var",
    "/var/lib", "/var/lib/kubelet", "/var/log", "/var/tmp",
];

/// Programs of kind's node image that podlife does not run inside a node shell.
const UNMODELLED: &[&str] = &[
    "apt", "apt-get", "crictl", "ctr", "containerd", "curl", "dpkg", "ip", "iptables", "iptables-save", "journalctl", "jq", "kubelet", "mount", "ps",
    "runc", "systemctl",
];

/// What a command on a node did: its output in the order written (true: stderr).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeRun {
    pub code: i32,
    pub pieces: Vec<(bool, String)>,
    pub duration_ms: u64,
    /// Still running at podlife's limit for one exec.
    pub unfinished: bool,
}

/// The shell's window on a node.
pub struct NodeHost<'a> {
    pub disk: &'a mut Tree,
    pub name: String,
    /// The virtual clock (ms since the engine's epoch) plus the time the command has run.
    pub now_ms: u64,
    pub pieces: Vec<(bool, String)>,
}

impl NodeHost<'_> {
    fn base_dir(path: &str) -> bool {
        path == "/" || NODE_DIRS.contains(&path)
    }

    fn emit(&mut self, err: bool, text: &str) {
        match self.pieces.last_mut() {
            Some((e, t)) if *e == err => t.push_str(text),
            _ => self.pieces.push((err, text.to_string())),
        }
    }
}

impl crate::shell::Host for NodeHost<'_> {
    fn stdout(&mut self, text: &str) {
        self.emit(false, text);
    }

    fn stderr(&mut self, text: &str) {
        self.emit(true, text);
    }

    fn now_unix_secs(&self) -> u64 {
        self.now_millis() / 1000
    }

    fn now_millis(&self) -> u64 {
        (EPOCH_UNIX_SECONDS as u64 * 1000).saturating_add(self.now_ms)
    }

    fn hostname(&self) -> String {
        self.name.clone()
    }

    /// Debian's root: only group root.
    fn credentials(&self) -> Credentials {
        Credentials { uid: 0, gid: 0, groups: vec![0] }
    }

    fn read_file(&self, path: &str) -> Option<String> {
        self.disk.read(path).or_else(|| (path == "/etc/hostname").then(|| format!("{}\n", self.name)))
    }

    fn write_file(&mut self, path: &str, content: &str, append: bool) -> Result<(), String> {
        match path {
            "/dev/null" => return Ok(()),
            "/dev/stdout" | "/dev/stderr" => {
                self.emit(path == "/dev/stderr", content);
                return Ok(());
            }
            _ if path.starts_with("/proc/") || path.starts_with("/sys/") => return Err("Read-only file system".into()),
            _ => {}
        }
        if Self::base_dir(path) || (self.disk.exists(path) && self.disk.read(path).is_none()) {
            return Err("Is a directory".into());
        }
        let now = self.now_unix_secs();
        self.disk.mtimes.insert(path.to_string(), now);
        // Appending to the generated /etc/hostname writes it to the disk first.
        match self.read_file(path).filter(|_| append && self.disk.read(path).is_none()) {
            Some(generated) => self.disk.write(path, &format!("{generated}{content}"), false),
            None => self.disk.write(path, content, append),
        }
    }

    fn remove_file(&mut self, path: &str) -> bool {
        self.disk.remove(path)
    }

    fn file_exists(&self, path: &str) -> bool {
        Self::base_dir(path) || path == "/dev/null" || path == "/etc/hostname" || self.disk.exists(path)
    }

    fn make_dir(&mut self, path: &str) -> Result<(), String> {
        if path.starts_with("/proc/") || path.starts_with("/sys/") {
            return Err(if path.starts_with("/sys/") { "Read-only file system" } else { "No such file or directory" }.into());
        }
        let now = self.now_unix_secs();
        self.disk.mtimes.insert(path.to_string(), now);
        self.disk.dirs.insert(path.to_string());
        Ok(())
    }

    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        if !self.file_exists(path) || self.read_file(path).is_some() {
            return None;
        }
        let mut names = self.disk.list(path);
        let prefix = format!("{}/", path.trim_end_matches('/'));
        names.extend(NODE_DIRS.iter().filter_map(|d| d.strip_prefix(&prefix)).filter(|rest| !rest.contains('/')).map(str::to_string));
        if path == "/etc" {
            names.push("hostname".into());
        }
        crate::sort::sort(&mut names);
        names.dedup();
        Some(names)
    }

    fn stat(&self, path: &str) -> Option<Stat> {
        let now = self.now_unix_secs();
        let t = &*self.disk;
        let mtime = t.mtimes.get(path).copied().unwrap_or(now);
        let (uid, gid) = t.owner(path);
        if let Some(text) = self.read_file(path) {
            return Some(Stat { uid, gid, ..Stat::file(crate::archive::byte_len(&text) as u64, t.mode(path), mtime) });
        }
        if !self.file_exists(path) {
            return None;
        }
        let mode = t.modes.get(path).copied().unwrap_or(match path {
            "/tmp" | "/var/tmp" => 0o1777,
            "/root" => 0o700,
            "/proc" => 0o555,
            _ => 0o755,
        });
        Some(Stat { uid, gid, ..Stat::dir(mode, mtime) })
    }

    fn chmod(&mut self, path: &str, mode: u32) -> Result<(), String> {
        if !self.file_exists(path) {
            return Err("No such file or directory".into());
        }
        self.disk.modes.insert(path.to_string(), mode & 0o7777);
        Ok(())
    }

    /// Debian's coreutils and GNU tar.
    fn gnu_userland(&self) -> bool {
        true
    }

    /// The tools some images lack (curl, wget, nc, ip, apt …) are not run by the shell here:
    /// they come back as programs, which [`Engine::node_exec`] answers.
    fn has_program(&self, name: &str) -> bool {
        !crate::shell::image_specific(name)
    }

    fn tcp_connect(&mut self, _host: &str, _port: u16) -> Result<(), NetError> {
        Err(NetError::Refused)
    }

    fn http_get(&mut self, _url: &str) -> Result<(u16, String), NetError> {
        Err(NetError::Refused)
    }
}

/// The message for a program of the node image podlife does not run in a node shell.
fn unmodelled(argv: &[String]) -> Option<String> {
    let name = argv.first()?.rsplit('/').next()?;
    UNMODELLED.contains(&name).then(|| format!("podlife: {name} is in kind's node image, but podlife does not model it in a node's shell (podlife node NODE -- crictl …, journalctl -u containerd and iptables-save run on their own)\n"))
}

impl Engine {
    /// `docker exec NODE argv…` on a kind node: Err when there is no such node. The shell's
    /// sleeps and CPU are counted, not waited for (the caller lets the time pass), up to
    /// podlife's exec limits ([`EXEC_LIMIT_MS`], [`EXEC_MAX_STEPS`]).
    #[inline(never)]
    pub fn node_exec(&mut self, node: &str, argv: &[String], stdin: Option<&str>) -> Result<NodeRun, String> {
        if !self.machines.contains_key(node) {
            return Err(format!("no node named {node:?}"));
        }
        let mut run = NodeRun { code: 0, pieces: Vec::new(), duration_ms: 0, unfinished: false };
        // The image's ENV and what docker exec adds (HOSTNAME, HOME).
        let env = VecMap::from_iter(
            [("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"), ("HOSTNAME", node), ("HOME", "/root"), ("container", "docker")]
                .map(|(k, v)| (k.to_string(), v.to_string())),
        );
        let base = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a)).unwrap_or_default();
        let mut shell = Shell::from_argv(argv.to_vec(), env);
        if matches!(base, "sh" | "dash") {
            shell.set_dash();
        }
        shell.set_pid(900);
        if let Some(text) = stdin {
            shell.set_stdin(text);
        }
        shell.set_step_budget(cpu::shell_steps(cpu::THREAD_MILLI, cpu::PERIOD_MS));
        let mut steps = 0u64;
        let start = self.now.millis();
        for _ in 0..EXEC_MAX_RESUMES {
            let y = {
                let m = self.machines.get_mut(node).ok_or("node vanished")?;
                let mut host = NodeHost { disk: &mut m.disk, name: node.to_string(), now_ms: start.saturating_add(run.duration_ms), pieces: std::mem::take(&mut run.pieces) };
                let y = shell.resume(&mut host);
                run.pieces = host.pieces;
                y
            };
            steps = steps.saturating_add(shell.steps_used());
            match y {
                Yield::Busy => run.duration_ms = run.duration_ms.saturating_add(cpu::PERIOD_MS),
                Yield::Sleep { ms } => run.duration_ms = run.duration_ms.saturating_add(ms),
                Yield::Exit { code } => {
                    run.code = code;
                    break;
                }
                Yield::WaitForever => {
                    (run.unfinished, run.duration_ms) = (true, EXEC_LIMIT_MS);
                    break;
                }
                Yield::Run { argv } => match unmodelled(&argv) {
                    Some(why) => {
                        shell.program_output("", &why);
                        shell.program_exited(1);
                    }
                    None => shell.program_not_found(),
                },
                Yield::Exec { argv: prog } => {
                    if let Some(why) = unmodelled(&prog) {
                        run.pieces.push((true, why));
                        run.code = 1;
                    } else if prog.first() == argv.first() {
                        // docker exec's own program: runc cannot start it (runc ≥ 1.1's wording,
                        // as docker prints it; the status 127 is docker's for a missing
                        // executable, as widely reported, not confirmed from moby's source here).
                        let name = prog.first().cloned().unwrap_or_default();
                        run.pieces.push((true, format!("OCI runtime exec failed: exec failed: unable to start container process: exec: {name:?}: executable file not found in $PATH: unknown\n")));
                        run.code = 127;
                    } else {
                        // A script's `exec PROG`.
                        shell.program_not_found();
                        continue;
                    }
                    break;
                }
            }
            if run.duration_ms > EXEC_LIMIT_MS {
                (run.unfinished, run.duration_ms) = (true, EXEC_LIMIT_MS);
                break;
            }
            if steps >= EXEC_MAX_STEPS {
                run.unfinished = true;
                break;
            }
        }
        self.work.steps = self.work.steps.saturating_add(steps);
        Ok(run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::Host;

    fn host(disk: &mut Tree) -> NodeHost<'_> {
        NodeHost { disk, name: "worker-1".into(), now_ms: 0, pieces: Vec::new() }
    }

    #[test]
    fn files_on_the_node_disk() {
        let mut disk = Tree::default();
        disk.write("/var/lib/kubelet/seccomp/audit.json", "{}", false).unwrap();
        let mut h = host(&mut disk);
        assert!(h.file_exists("/mnt") && h.file_exists("/tmp") && !h.file_exists("/mnt/data"));
        h.make_dir("/mnt/data").unwrap();
        h.write_file("/mnt/data/index.html", "Hello\n", false).unwrap();
        h.write_file("/mnt/data/index.html", "again\n", true).unwrap();
        assert_eq!(h.read_file("/mnt/data/index.html").as_deref(), Some("Hello\nagain\n"));
        assert_eq!(h.list_dir("/mnt"), Some(vec!["data".to_string()]));
        assert!(h.list_dir("/var/lib/kubelet").unwrap().contains(&"seccomp".to_string()));
        assert_eq!(h.list_dir("/mnt/data/index.html"), None);
        assert_eq!(h.read_file("/etc/hostname").as_deref(), Some("worker-1\n"));
        assert_eq!(h.write_file("/mnt", "x", false), Err("Is a directory".into()));
        assert_eq!(h.stat("/root").map(|s| s.mode), Some(0o700));
        assert_eq!(disk.read("/mnt/data/index.html").as_deref(), Some("Hello\nagain\n"));
    }

    fn run(e: &mut Engine, node: &str, argv: &[&str]) -> (i32, String) {
        let r = e.node_exec(node, &argv.iter().map(|s| s.to_string()).collect::<Vec<_>>(), None).unwrap();
        (r.code, r.pieces.into_iter().map(|(_, t)| t).collect())
    }

    #[test]
    fn commands_and_their_errors() {
        let mut e = Engine::with_default_cluster(1);
        assert_eq!(run(&mut e, "worker-1", &["mkdir", "/mnt/data/html"]), (1, "mkdir: cannot create directory '/mnt/data/html': No such file or directory\n".into()));
        assert_eq!(run(&mut e, "worker-1", &["mkdir", "-p", "/mnt/data"]).0, 0);
        assert_eq!(run(&mut e, "worker-1", &["sh", "-c", "echo 'Hello' > /mnt/data/index.html; ls /mnt/data; hostname"]), (0, "index.html\nworker-1\n".into()));
        assert_eq!(run(&mut e, "worker-1", &["cat", "/mnt/data/index.html"]), (0, "Hello\n".into()));
        assert_eq!(run(&mut e, "worker-1", &["cat", "/nope"]), (1, "cat: /nope: No such file or directory\n".into()));
        assert_eq!(run(&mut e, "worker-2", &["ls", "/mnt"]), (0, String::new()));
        assert_eq!(run(&mut e, "worker-1", &["sh", "-c", "sudo mkdir /mnt/data"]), (127, "sh: 1: sudo: not found\n".into()));
        assert_eq!(run(&mut e, "worker-1", &["bash", "-c", "sudo mkdir /mnt/data"]), (127, "bash: line 1: sudo: command not found\n".into()));
        assert_eq!(run(&mut e, "worker-1", &["sudo", "ls"]), (127, "OCI runtime exec failed: exec failed: unable to start container process: exec: \"sudo\": executable file not found in $PATH: unknown\n".into()));
        assert_eq!(run(&mut e, "worker-1", &["curl", "-s", "http://localhost/"]).0, 1);
        assert!(e.node_exec("nope", &["ls".to_string()], None).is_err());
        // A busy loop stops at the exec's step cap, after a minute of CPU.
        let r = e.node_exec("worker-1", &["sh".into(), "-c".into(), "while :; do :; done".into()], None).unwrap();
        assert!(r.unfinished && r.duration_ms <= 61_000, "{r:?}");
    }
}

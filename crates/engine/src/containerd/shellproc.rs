//! Containers whose process is the interpreted shell (`sh -c …`, `sleep 3600`, `echo`, and
//! every exec form: a builtin runs in the shell, any other program replaces it through
//! `exec`), and `ExecSync` for exec probes, hooks and `kubectl exec`.
//!
//! busybox `ash` runs the last command of `sh -c` without forking when no trap is set, so on
//! busybox and alpine images `sh -c "java -jar app.jar"` makes java PID 1; Debian's dash
//! (Debian and Ubuntu based images) keeps `sh` as PID 1 with java as its child, which never
//! sees the SIGTERM sent to PID 1.

use crate::Slot;
use crate::registry::rules::{CURL, Os, WGET};
use crate::vecmap::VecMap;

use serde_json::Value;

use crate::Engine;
use crate::clock::EPOCH_UNIX_SECONDS;
use crate::containerd::exec::ExecRun;
use crate::containerd::fs::{BASE_DIRS, Tree};
use crate::containerd::{ContainerState, cpu};
use crate::process::{self, App, Timer};
use crate::volume::projection::{self, Entry, Layout, ProjectedFile};
use crate::containerd::procfs::Special;
use crate::shell::{Credentials, DnsAnswer, FileKind, Host, NetConfig, NetError, Shell, ShmSegment, Stat, Yield};

/// A volume mount as the shell's file operations need it.
#[derive(Debug, Clone)]
struct Mount {
    path: String,
    read_only: bool,
    /// Where the volume's data lives, as the volume manager mounted it (None: files the
    /// kubelet writes itself, or a volume not mounted).
    data: Option<crate::volume::backing::Backing>,
    /// A `configMap`, `secret`, `downwardAPI` or `projected` volume (its spec): the files
    /// the kubelet writes into it (`kubelet/projection.rs`).
    projection: Option<Slot>,
    /// An `emptyDir`, whose directory the kubelet makes world-writable (0777).
    empty_dir: bool,
    /// The pod's `fsGroup` for a volume whose ownership the kubelet manages (`emptyDir` and
    /// the projected kinds; not hostPath): the volume's group, setgid on its directories.
    fs_group: Option<u32>,
    /// An `image` volume: the image whose files it shows (read-only), and the mount's
    /// `subPath` within it ("" for the whole image).
    image: Option<(String, String)>,
}

fn mounts_of(pod: &Slot, container: &str, mounted: impl Fn(&str) -> Option<crate::volume::backing::Backing>) -> Vec<Mount> {
    let null = crate::Slot::null();
    let spec = crate::podutil::container_spec(pod, container).unwrap_or(null);
    let volumes = pod["spec"]["volumes"].as_array().unwrap_or_default();
    let mut out: Vec<Mount> = spec["volumeMounts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            let volume = m["name"].as_str().unwrap_or_default().to_string();
            let spec = volumes.iter().find(|v| v["name"] == volume.as_str()).unwrap_or(null);
            let data = mounted(&volume);
            let projection = crate::volume::projection::is_projected_kind(spec).then(|| spec.clone());
            let owned = projection.is_some() || spec.get("emptyDir").is_some();
            let fs_group = pod["spec"]["securityContext"]["fsGroup"].as_u64().and_then(|g| u32::try_from(g).ok()).filter(|_| owned);
            let image = spec["image"]["reference"].as_str().map(|r| (r.to_string(), m["subPath"].as_str().unwrap_or_default().trim_matches('/').to_string()));
            Mount { path: m["mountPath"].as_str().unwrap_or_default().trim_end_matches('/').to_string(), read_only: m["readOnly"] == true || spec["persistentVolumeClaim"]["readOnly"] == true, data, projection, empty_dir: spec.get("emptyDir").is_some(), fs_group, image }
        })
        .collect();
    crate::sort::sort_by_key(&mut out, |m| std::cmp::Reverse(m.path.len()));
    out
}

/// The shell's window on its container.
struct ContainerHost<'e> {
    engine: &'e mut Engine,
    node: String,
    uid: String,
    container_id: String,
    namespace: String,
    hostname: String,
    mounts: Vec<Mount>,
    out: String,
    err: String,
    /// stdout and stderr in the order they were written (the container log keeps it).
    chunks: Vec<(&'static str, String)>,
    /// Added to the clock for a shell that runs ahead (an exec that sleeps).
    offset_ms: u64,
    /// The user the container's processes run as (istio-init's rules spare the proxy's).
    user: u32,
    /// Its user, group and supplementary groups.
    creds: Credentials,
    /// The headers proxies added to the last HTTP answer.
    headers: Vec<(String, String)>,
    /// The certificate the last HTTPS answer's server presented (None: TLS not modelled).
    certificate: Option<String>,
    /// The kubelet's copy of the pod (shared, not copied).
    pod: std::sync::Arc<crate::Obj>,
    /// The image the container runs (which programs it has).
    image_ref: String,
    /// The command an `ExecSync` runs (None: the container's own process).
    exec_argv: Option<Vec<String>>,
    /// How many `nc -l -e` listeners forwarded the connection this process serves.
    depth: u32,
    /// Its AppArmor profile refuses every write (`deny /** w`, enforced; `apparmor.rs`).
    deny_writes: bool,
}

/// What a process run by `exec_process` did.
struct ProcessRun {
    code: i32,
    /// stdout and stderr as a terminal shows them (ExecSync's output).
    combined: String,
    stdout: String,
    stderr: String,
    duration_ms: u64,
    /// Still running when it reached its limit.
    unfinished: bool,
    /// runc could not start it: containerd's error (`failed to start exec "ID": OCI runtime
    /// exec failed: …`).
    start_error: Option<String>,
}

/// The most interpreter steps one exec runs (a minute of CPU at the shell's speed).
pub const EXEC_MAX_STEPS: u64 = 60 * cpu::SHELL_STEPS_PER_CPU_SECOND;
/// A safety net on resumes that take no time (programs the shell runs).
pub(crate) const EXEC_MAX_RESUMES: usize = 100_000;
/// How long podlife lets an exec with no deadline of its own run (`kubectl exec`, hooks).
pub const EXEC_LIMIT_MS: u64 = 3_600_000;

enum Where {
    Root,
    /// A mounted volume's data (the path returned with it is the path in that store).
    Volume(crate::volume::backing::Backing),
    /// A volume mounted `readOnly`: its data read, writes refused.
    VolumeRo(crate::volume::backing::Backing),
    ReadOnly,
    /// A file of an `image` volume (its image's reference; the path is in the image).
    Image(String),
    /// A file of a configMap, secret, downwardAPI or projected volume (read-only, as the
    /// kubelet mounts them): the index of its mount.
    Projected(usize),
    /// The pod's `/dev/shm` (its IPC namespace's tmpfs).
    Shm,
    /// `/etc/hosts`, `/etc/hostname`, `/etc/resolv.conf`: one file per pod, bind-mounted
    /// into every container.
    PodEtc,
}

impl ContainerHost<'_> {
    fn place(&self, path: &str) -> (Where, String) {
        for (i, m) in self.mounts.iter().enumerate() {
            if path == m.path || path.starts_with(&format!("{}/", m.path)) {
                let rel = format!("/{}", path[m.path.len()..].trim_start_matches('/'));
                if m.projection.is_some() {
                    return (Where::Projected(i), rel);
                }
                if let Some((image, sub)) = &m.image {
                    let inner = if sub.is_empty() { rel } else { format!("/{sub}{}", rel.trim_end_matches('/')) };
                    return (Where::Image(image.clone()), inner);
                }
                return match (&m.data, m.read_only) {
                    (Some(data), false) => (Where::Volume(data.clone()), data.path(&rel)),
                    (Some(data), true) => (Where::VolumeRo(data.clone()), data.path(&rel)),
                    _ => (Where::ReadOnly, rel),
                };
            }
        }
        if let Some(rest) = path.strip_prefix("/dev/shm/") {
            return (Where::Shm, format!("/{rest}"));
        }
        if matches!(path, "/etc/hosts" | "/etc/hostname" | "/etc/resolv.conf") {
            return (Where::PodEtc, path.to_string());
        }
        (Where::Root, path.to_string())
    }

    fn with_tree<R>(&mut self, place: &Where, f: impl FnOnce(&mut Tree) -> R) -> Option<R> {
        match place {
            Where::Root => self.engine.machines.get_mut(&self.node)?.runtime.containers.get_mut(&self.container_id).map(|c| f(&mut c.rootfs)),
            Where::Volume(data) => self.engine.volume_tree_mut(&self.node, data).map(f),
            Where::Shm | Where::PodEtc => {
                let m = self.engine.machines.get_mut(&self.node)?;
                let sandbox = m.runtime.containers.get(&self.container_id)?.sandbox_id.clone();
                m.runtime.sandboxes.get_mut(&sandbox).map(|s| f(if matches!(place, Where::Shm) { &mut s.shm } else { &mut s.etc }))
            }
            Where::ReadOnly | Where::VolumeRo(_) | Where::Image(_) | Where::Projected(_) => None,
        }
    }

    /// The files of a projected kind of volume (none if its objects went missing since the
    /// mount) and the name of the atomic writer's timestamped directory.
    fn projected_files(&self, mount: usize) -> (Vec<ProjectedFile>, String) {
        let Some(volume) = self.mounts.get(mount).and_then(|m| m.projection.as_ref()) else { return (vec![], String::new()) };
        let engine = &*self.engine;
        let mut get = |plural: &str, namespace: &str, name: &str| engine.cached_object(plural, namespace, name);
        let files = projection::payload(&self.pod, volume, &mut get).unwrap_or_default();
        (files, projection::Layout::dir_name(&self.pod))
    }

    fn tree(&self, place: &Where) -> Option<&Tree> {
        match place {
            Where::Root => self.engine.machines.get(&self.node)?.runtime.containers.get(&self.container_id).map(|c| &c.rootfs),
            Where::Volume(data) | Where::VolumeRo(data) => self.engine.volume_tree(&self.node, data),
            Where::Shm | Where::PodEtc => {
                let m = self.engine.machines.get(&self.node)?;
                let sandbox = m.runtime.sandboxes.get(&m.runtime.containers.get(&self.container_id)?.sandbox_id)?;
                Some(if matches!(place, Where::Shm) { &sandbox.shm } else { &sandbox.etc })
            }
            Where::ReadOnly | Where::Image(_) | Where::Projected(_) => None,
        }
    }

    /// What the kernel, the kubelet or containerd shows at `path` (outside the mounts).
    fn special(&self, path: &str) -> Option<Special> {
        self.engine.special_file(&self.node, &self.container_id, &self.pod, self.exec_argv.as_deref(), path)
    }

    /// The address `/etc/hosts` gives a name (the kubelet's file: the pod's own name,
    /// `localhost`, `hostAliases`), as glibc's and musl's `files` lookup does before DNS.
    fn hosts_lookup(&self, name: &str) -> Option<String> {
        let text = self.read_file("/etc/hosts")?;
        crate::shell::hosts_entry(&text, name).map(|(_, ips)| ips[0].clone())
    }

    /// A name resolved for a connection: `/etc/hosts`, then the pod's resolver (an IP as
    /// written, the nameserver of its resolv.conf).
    fn resolve_for_connect(&mut self, host: &str) -> Result<String, NetError> {
        if let Some(ip) = self.hosts_lookup(host) {
            return Ok(ip);
        }
        self.engine.resolve_from(&self.node, &self.uid, &self.namespace, host).map_err(|_| NetError::UnknownHost)
    }

    /// The same, for a tool's message about a connection it made: the tool has the address
    /// already, so the question is not traced again.
    fn resolve_quietly(&mut self, host: &str) -> Result<String, NetError> {
        let tracing = std::mem::replace(&mut self.engine.tracing, false);
        let ip = self.resolve_for_connect(host);
        self.engine.tracing = tracing;
        ip
    }

    fn chunk(&mut self, stream: &'static str, text: &str) {
        match self.chunks.last_mut() {
            Some((s, t)) if *s == stream => t.push_str(text),
            _ => self.chunks.push((stream, text.to_string())),
        }
    }

    fn mount_of(&self, path: &str) -> Option<&Mount> {
        self.mounts.iter().find(|m| path == m.path || path.starts_with(&format!("{}/", m.path)))
    }

    fn is_mount_point(&self, path: &str) -> bool {
        self.mounts.iter().any(|m| m.path == path.trim_end_matches('/'))
    }

    /// Who a new file or directory at `path` belongs to, and whether it is a directory's
    /// setgid to inherit: the process's user, and the parent directory's group when that
    /// directory is setgid (an `fsGroup` volume), else the process's group.
    fn new_owner(&self, path: &str) -> ((u32, u32), bool) {
        let parent = match path.trim_end_matches('/').rsplit_once('/') {
            Some(("", _)) | None => "/",
            Some((p, _)) => p,
        };
        match self.stat(parent) {
            Some(st) if st.mode & 0o2000 != 0 => ((self.creds.uid, st.gid), true),
            _ => ((self.creds.uid, self.creds.gid), false),
        }
    }
}

impl Host for ContainerHost<'_> {
    fn stdout(&mut self, text: &str) {
        self.out.push_str(text);
        self.chunk("stdout", text);
    }

    fn stderr(&mut self, text: &str) {
        self.err.push_str(text);
        self.chunk("stderr", text);
    }

    fn now_unix_secs(&self) -> u64 {
        self.now_millis() / 1000
    }

    fn now_millis(&self) -> u64 {
        (EPOCH_UNIX_SECONDS as u64 * 1000).saturating_add(self.engine.now.millis()).saturating_add(self.offset_ms)
    }

    fn hostname(&self) -> String {
        self.hostname.clone()
    }

    fn credentials(&self) -> Credentials {
        self.creds.clone()
    }

    fn read_file(&self, path: &str) -> Option<String> {
        let (place, rel) = self.place(path);
        if let Where::Projected(i) = place {
            let (files, dir) = self.projected_files(i);
            return Layout { files: &files, dir: &dir }.read(&rel).map(str::to_string);
        }
        if let Where::ReadOnly = place {
            return None;
        }
        if let Where::Image(image) = &place {
            return super::image_files::file(image, &rel);
        }
        if let Where::PodEtc = place {
            return match self.special(path) {
                Some(Special::File(t)) => Some(t),
                _ => None,
            };
        }
        if matches!(place, Where::Root) {
            match self.special(path) {
                Some(Special::File(t)) => return Some(t),
                Some(_) => return None,
                None => {}
            }
        }
        let written = self.tree(&place).and_then(|t| t.read(&rel));
        // Under the writable layer, the image's own files.
        match place {
            Where::Root => written.or_else(|| super::image_files::file(&self.image_ref, path)),
            _ => written,
        }
    }

    fn write_file(&mut self, path: &str, content: &str, append: bool) -> Result<(), String> {
        if path == "/dev/null" || path == "/dev/stdout" || path == "/dev/stderr" || path == "/proc/1/fd/1" {
            if path != "/dev/null" {
                self.stdout(content);
            }
            return Ok(());
        }
        if self.deny_writes {
            return Err("Permission denied".into());
        }
        let (place, rel) = self.place(path);
        if matches!(place, Where::ReadOnly | Where::VolumeRo(_) | Where::Image(_) | Where::Projected(_)) {
            return Err("Read-only file system".into());
        }
        if matches!(place, Where::Root) {
            if path.starts_with("/sys/") || path.starts_with("/proc/sys/") {
                return Err("Read-only file system".into());
            }
            if let Some(sp) = self.special(path) {
                return Err(match sp {
                    Special::Dir(_) => "Is a directory",
                    _ => "Permission denied",
                }
                .into());
            }
        }
        if let Where::PodEtc = place {
            // The first write replaces the generated file with the written text.
            let current = self.read_file(path).unwrap_or_default();
            let text = if append { format!("{current}{content}") } else { content.to_string() };
            let now = self.now_unix_secs();
            return self.with_tree(&place, |t| {
                t.mtimes.insert(rel.clone(), now);
                t.write(&rel, &text, false)
            })
            .unwrap_or_else(|| Err("No such file or directory".into()));
        }
        let now = self.now_unix_secs();
        let owner = if self.file_exists(path) { None } else { Some(self.new_owner(path).0).filter(|o| *o != (0, 0)) };
        self.with_tree(&place, |t| {
            t.mtimes.insert(rel.clone(), now);
            if let Some(o) = owner {
                t.owners.insert(rel.clone(), o);
            }
            t.write(&rel, content, append)
        })
        .unwrap_or_else(|| Err("No such file or directory".into()))
    }

    fn remove_file(&mut self, path: &str) -> bool {
        if self.deny_writes {
            return false;
        }
        let (place, rel) = self.place(path);
        self.with_tree(&place, |t| t.remove(&rel)).unwrap_or(false)
    }

    fn file_exists(&self, path: &str) -> bool {
        if BASE_DIRS.contains(&path) || self.is_mount_point(path) || path == "/" || path == "/dev/null" {
            return true;
        }
        let (place, rel) = self.place(path);
        if let Where::Projected(i) = place {
            let (files, dir) = self.projected_files(i);
            return Layout { files: &files, dir: &dir }.resolve(&rel).is_some();
        }
        if matches!(place, Where::Root | Where::PodEtc) && self.special(path).is_some() {
            return true;
        }
        if matches!(place, Where::Root) && (super::image_files::file(&self.image_ref, path).is_some() || super::image_files::is_dir(&self.image_ref, path)) {
            return true;
        }
        if let Where::Image(image) = &place {
            return rel == "/" || super::image_files::file(image, &rel).is_some() || super::image_files::is_dir(image, &rel);
        }
        self.tree(&place).is_some_and(|t| t.exists(&rel))
    }

    fn make_dir(&mut self, path: &str) -> Result<(), String> {
        if self.deny_writes {
            return Err("Permission denied".into());
        }
        let (place, rel) = self.place(path);
        if matches!(place, Where::ReadOnly | Where::VolumeRo(_) | Where::Image(_) | Where::Projected(_)) {
            return Err("Read-only file system".into());
        }
        if matches!(place, Where::Root) && (path.starts_with("/proc/") || path.starts_with("/sys/")) {
            return Err(if path.starts_with("/sys/") { "Read-only file system" } else { "No such file or directory" }.into());
        }
        let now = self.now_unix_secs();
        let (owner, setgid) = self.new_owner(path);
        self.with_tree(&place, |t| {
            t.mtimes.insert(rel.clone(), now);
            if owner != (0, 0) {
                t.owners.insert(rel.clone(), owner);
            }
            if setgid {
                t.modes.insert(rel.clone(), super::fs::DEFAULT_DIR_MODE | 0o2000);
            }
            t.dirs.insert(rel);
        });
        Ok(())
    }

    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        let (place, rel) = self.place(path);
        if matches!(place, Where::Root)
            && let Some(sp) = self.special(path)
        {
            return match sp {
                Special::Dir(names) => Some(names),
                _ => None,
            };
        }
        let mut names = match &place {
            Where::Projected(i) => {
                let (files, dir) = self.projected_files(*i);
                // The atomic writer's order is the listing's (names starting with dots first).
                return Layout { files: &files, dir: &dir }.list(&rel);
            }
            Where::Image(image) => super::image_files::list(image, &rel).into_iter().map(str::to_string).collect(),
            _ => self.tree(&place).map(|t| t.list(&rel)).unwrap_or_default(),
        };
        if matches!(place, Where::Root) {
            names.extend(super::image_files::list(&self.image_ref, path).into_iter().map(str::to_string));
        }
        let prefix = format!("{}/", path.trim_end_matches('/'));
        for m in &self.mounts {
            if let Some(rest) = m.path.strip_prefix(&prefix)
                && let Some(first) = rest.split('/').next() {
                    names.push(first.to_string());
                }
        }
        crate::sort::sort(&mut names);
        names.dedup();
        Some(names)
    }

    fn signal_process(&mut self, pid: u32, sig: i32) -> bool {
        use crate::containerd::procfs::Owner;
        let Some(p) = self.engine.process_by_pid(&self.node, &self.container_id, self.exec_argv.as_deref(), pid) else { return false };
        match p.owner {
            // A container's first process gets it as the shim's kill would deliver it.
            Owner::Container(id) if p.ppid == 0 => {
                if sig != 0 {
                    self.engine.send_signal(&self.node, &id, sig, None);
                }
                true
            }
            // An nginx worker that dies is replaced by its master with a new one.
            Owner::Container(id) if p.cmdline == "nginx: worker process" => {
                if sig != 0
                    && let Some(proc) = self.engine.runtime_mut(&self.node).and_then(|rt| rt.containers.get_mut(&id)).and_then(|c| c.process.as_mut())
                {
                    proc.app.reloads += 1;
                }
                true
            }
            // The pause process: podlife keeps the sandbox (pause exits on SIGINT/SIGTERM).
            Owner::Pause => true,
            _ => false,
        }
    }

    fn stat(&self, path: &str) -> Option<Stat> {
        let now = self.now_unix_secs();
        if path == "/" {
            return Some(Stat::dir(0o755, now));
        }
        let (place, rel) = self.place(path);
        if let Some(m) = self.mount_of(path) {
            if self.is_mount_point(path) {
                // emptyDir (and the kubelet's wrapper of configMap and downwardAPI volumes) is
                // 0777, the tmpfs of secret and projected volumes 1777; a hostPath or
                // PersistentVolume directory keeps its own mode.
                let tmpfs = m.projection.as_ref().is_some_and(|v| v["secret"].is_object() || v["projected"].is_object());
                let default = if tmpfs { 0o1777 } else if m.empty_dir || m.projection.is_some() { 0o777 } else { 0o755 };
                let mut mode = self.tree(&place).and_then(|t| t.modes.get(&rel).copied()).unwrap_or(default);
                let mtime = self.tree(&place).and_then(|t| t.mtimes.get(&rel).copied()).unwrap_or(now);
                let (uid, mut gid) = self.tree(&place).map_or((0, 0), |t| t.owner(&rel));
                // `SetVolumeOwnership`: the volume's group is fsGroup, its directory setgid.
                if let Some(g) = m.fs_group {
                    gid = g;
                    mode |= 0o2000;
                }
                return Some(Stat { uid, gid, ..Stat::dir(mode, mtime) });
            }
            if let Where::Projected(i) = place {
                // The atomic writer's tree: `..data` and each top-level name are links.
                let (files, dir) = self.projected_files(i);
                // With fsGroup the files are the group's and readable by it, the directories
                // setgid (`SetVolumeOwnership`).
                let (gid, file_bits, dir_bits) = m.fs_group.map_or((0, 0, 0), |g| (g, 0o440, 0o2000));
                return Some(match (Layout { files: &files, dir: &dir }).entry(&rel)? {
                    Entry::Dir => Stat { gid, ..Stat::dir(0o755 | dir_bits, now) },
                    Entry::Link(target) => Stat { kind: FileKind::Symlink(target.clone()), mode: 0o777, size: target.len() as u64, nlink: 1, uid: 0, gid, mtime: now },
                    Entry::File(f) => Stat { gid, ..Stat::file(files[f].content.len() as u64, files[f].mode | file_bits, now) },
                });
            }
            if let Where::ReadOnly = place {
                return self.read_file(path).map(|t| Stat::file(t.len() as u64, 0o644, now));
            }
        }
        if matches!(place, Where::Root | Where::PodEtc)
            && let Some(sp) = self.special(path)
        {
            let proc_fs = path.starts_with("/proc/");
            let mtime = self.tree(&Where::PodEtc).and_then(|t| t.mtimes.get(path).copied()).unwrap_or(now);
            return Some(match sp {
                Special::File(_) if proc_fs => Stat::file(0, 0o444, now),
                // cgroupfs files have no size; the read-only statistics are 0444.
                Special::File(_) if path.starts_with("/sys/") => Stat::file(0, if path.ends_with(".current") || path.ends_with(".controllers") { 0o444 } else { 0o644 }, now),
                Special::File(t) => Stat::file(t.len() as u64, 0o644, mtime),
                Special::Dir(_) if path == "/dev/shm" => Stat::dir(0o1777, now),
                Special::Dir(_) if path.ends_with("/ns") && proc_fs => Stat::dir(0o511, now),
                Special::Dir(_) if proc_fs || path == "/proc" => Stat::dir(0o555, now),
                Special::Dir(_) => Stat::dir(0o755, now),
                Special::Link(target) => Stat { kind: FileKind::Symlink(target), mode: 0o777, size: 0, nlink: 1, uid: 0, gid: 0, mtime: now },
                Special::CharDevice(maj, min) => Stat { kind: FileKind::CharDevice(maj, min), mode: 0o666, size: 0, nlink: 1, uid: 0, gid: 0, mtime: now },
            });
        }
        if let Some(t) = self.tree(&place) {
            let (uid, gid) = t.owner(&rel);
            if let Some(content) = t.files.get(&rel) {
                return Some(Stat { uid, gid, ..Stat::file(crate::archive::byte_len(content) as u64, t.mode(&rel), t.mtimes.get(&rel).copied().unwrap_or(now)) });
            }
            if t.exists(&rel) {
                return Some(Stat { uid, gid, ..Stat::dir(t.mode(&rel), t.mtimes.get(&rel).copied().unwrap_or(now)) });
            }
        }
        if matches!(place, Where::Root) {
            if let Some(content) = super::image_files::file(&self.image_ref, path) {
                return Some(Stat::file(content.len() as u64, 0o644, now));
            }
            if super::image_files::is_dir(&self.image_ref, path) {
                return Some(Stat::dir(0o755, now));
            }
        }
        if let Where::Image(image) = &place {
            if let Some(content) = super::image_files::file(image, &rel) {
                return Some(Stat::file(content.len() as u64, 0o644, now));
            }
            if rel == "/" || super::image_files::is_dir(image, &rel) {
                return Some(Stat::dir(0o755, now));
            }
        }
        if BASE_DIRS.contains(&path) {
            let mode = match path {
                "/tmp" | "/var/tmp" => 0o1777,
                "/root" => 0o700,
                "/proc" => 0o555,
                _ => 0o755,
            };
            return Some(Stat::dir(mode, now));
        }
        None
    }

    fn chmod(&mut self, path: &str, mode: u32) -> Result<(), String> {
        if self.deny_writes {
            return Err("Permission denied".into());
        }
        let (place, rel) = self.place(path);
        if matches!(place, Where::ReadOnly | Where::VolumeRo(_) | Where::Image(_) | Where::Projected(_)) {
            return Err("Read-only file system".into());
        }
        if !self.file_exists(path) {
            return Err("No such file or directory".into());
        }
        if matches!(place, Where::Root) && self.special(path).is_some() {
            return Err(if path.starts_with("/sys/") { "Read-only file system" } else { "Operation not permitted" }.into());
        }
        if matches!(place, Where::PodEtc) && self.tree(&place).is_none_or(|t| !t.files.contains_key(&rel)) {
            // Keep the generated text: the file now has its own copy.
            let text = self.read_file(path).unwrap_or_default();
            self.with_tree(&place, |t| t.write(&rel, &text, false));
        }
        if matches!(place, Where::Root) && !self.tree(&place).is_some_and(|t| t.exists(&rel)) {
            // An image directory: remember it as a directory of the writable layer.
            self.with_tree(&place, |t| {
                t.dirs.insert(rel.clone());
            });
        }
        self.with_tree(&place, |t| {
            t.modes.insert(rel, mode & 0o7777);
        });
        Ok(())
    }

    fn resolve(&mut self, host: &str) -> Option<String> {
        self.resolve_quietly(host).ok()
    }

    fn tcp_connect(&mut self, host: &str, port: u16) -> Result<(), NetError> {
        // A connection that sends nothing (`nc -z`): an `nc -l` listener still accepts it.
        self.tcp_exchange(host, port, "").map(|_| ())
    }

    fn tcp_exchange(&mut self, host: &str, port: u16, request: &str) -> Result<String, NetError> {
        let ip = self.resolve_for_connect(host)?;
        let client = self.client();
        self.engine.pod_tcp_exchange(&client, &ip, port, request, self.depth)
    }

    fn syn_retransmit(&mut self, host: &str, port: u16) -> bool {
        let Ok(ip) = self.resolve_quietly(host) else { return false };
        self.engine.rejects(&self.node, &ip, port)
    }

    fn http_get(&mut self, url: &str) -> Result<(u16, String), NetError> {
        let rest = url.split_once("://").map_or(url, |(_, r)| r);
        let (hostport, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        let (host, port) = match hostport.rsplit_once(':') {
            Some((h, p)) => (h, p.parse::<u16>().map_err(|_| NetError::UnknownHost)?),
            None => (hostport, if url.starts_with("https") { 443 } else { 80 }),
        };
        // The Host header names the port unless it is the scheme's own (busybox wget).
        let default_port = if url.starts_with("https") { 443 } else { 80 };
        let header_host = if port == default_port { host.to_string() } else { hostport.to_string() };
        let host = self.resolve_for_connect(host)?;
        let client = self.client();
        self.headers.clear();
        self.certificate = None;
        let answer = if url.starts_with("https://") {
            let (answer, certificate) = self.engine.pod_https_get(&client, &host, port, &header_host, path, self.depth)?;
            self.certificate = certificate;
            answer
        } else {
            self.engine.pod_http_get(&client, &host, port, &header_host, path, self.depth)?
        };
        self.headers = answer.headers;
        Ok((answer.code, answer.body))
    }

    fn tls_certificate(&self) -> Option<String> {
        self.certificate.clone()
    }

    fn has_program(&self, name: &str) -> bool {
        image_has_program(&self.image_ref, name) || self.package_installed(name)
    }

    fn image_ref(&self) -> String {
        self.image_ref.clone()
    }

    fn busybox_version(&self) -> Option<(u32, u32)> {
        busybox_version(&self.image_ref)
    }

    fn gnu_userland(&self) -> bool {
        matches!(toolset(&self.image_ref), Toolset::Debian { .. })
    }

    fn restore(&mut self, path: &str, owner: Option<(u32, u32)>, mtime: Option<u64>) {
        let (place, rel) = self.place(path);
        if self.deny_writes || !matches!(place, Where::Root | Where::Volume(_) | Where::Shm) {
            return;
        }
        self.with_tree(&place, |t| {
            match owner {
                Some((0, 0)) => {
                    t.owners.remove(&rel);
                }
                Some(o) => {
                    t.owners.insert(rel.clone(), o);
                }
                None => {}
            }
            if let Some(m) = mtime {
                t.mtimes.insert(rel, m);
            }
        });
    }

    fn resolver(&self) -> (Vec<String>, Vec<String>) {
        let text = self.read_file("/etc/resolv.conf").unwrap_or_default();
        let mut servers = Vec::new();
        let mut search = Vec::new();
        for line in text.lines() {
            let mut words = line.split_whitespace();
            match words.next() {
                Some("nameserver") => servers.extend(words.next().map(str::to_string)),
                Some("search") | Some("domain") => search = words.map(str::to_string).collect(),
                _ => {}
            }
        }
        (servers, search)
    }

    fn dns_query(&mut self, server: &str, name: &str, qtype: &str) -> DnsAnswer {
        // The question goes where the pod's resolver would send it (kube-dns through the
        // node's rules, or a resolver outside the cluster).
        self.engine.dns_ask(&self.node, &self.uid, server, name, qtype).unwrap_or(DnsAnswer::Timeout)
    }

    fn net_config(&self) -> NetConfig {
        let Some(m) = self.engine.machines.get(&self.node) else { return NetConfig::default() };
        let Some(s) = m.runtime.containers.get(&self.container_id).and_then(|c| m.runtime.sandboxes.get(&c.sandbox_id)) else { return NetConfig::default() };
        if s.host_namespaces.network {
            // The node's own eth0 on kind's docker network (172.18.0.0/16, gateway .1).
            let mac = format!("02:42:ac:12:00:{:02x}", self.engine.node_ip(&self.node).rsplit('.').next().and_then(|n| n.parse::<u8>().ok()).unwrap_or(2));
            return NetConfig { address: Some((self.engine.node_ip(&self.node), 16)), mac, peer_index: 2, mtu: 1500, gateway: Some("172.18.0.1".into()) };
        }
        let prefix = m.runtime.ipam.prefix_len().unwrap_or(24);
        NetConfig { address: s.ip.clone().map(|ip| (ip, prefix)), mac: s.mac.clone(), peer_index: s.veth_index, mtu: 1500, gateway: m.runtime.ipam.gateway() }
    }

    fn shm_segments(&self) -> Vec<ShmSegment> {
        let Some(m) = self.engine.machines.get(&self.node) else { return vec![] };
        m.runtime.containers.get(&self.container_id).and_then(|c| m.runtime.sandboxes.get(&c.sandbox_id)).map(|s| s.shm_segments.clone()).unwrap_or_default()
    }

    fn shm_create(&mut self, bytes: u64, perms: u32) -> Result<u32, String> {
        let key_seed = self.now_millis();
        let Some(m) = self.engine.machines.get_mut(&self.node) else { return Err("No such device".into()) };
        let Some(sandbox) = m.runtime.containers.get(&self.container_id).map(|c| c.sandbox_id.clone()) else { return Err("No such device".into()) };
        let Some(s) = m.runtime.sandboxes.get_mut(&sandbox) else { return Err("No such device".into()) };
        if s.shm_segments.len() >= MAX_SHM_SEGMENTS {
            return Err("No space left on device".into());
        }
        // ipcmk's key: ftok-like from its pid and the time; ids count up in a new namespace.
        let id = s.shm_segments.iter().map(|g| g.id + 1).max().unwrap_or(0);
        let key = u32::from_str_radix(&crate::rng::hex_of(&format!("{sandbox}/{key_seed}/{id}"), 8), 16).unwrap_or(0x5eed_0000);
        s.shm_segments.push(ShmSegment { key, id, perms, bytes });
        Ok(id)
    }

    fn shm_remove(&mut self, id: u32) -> bool {
        let Some(m) = self.engine.machines.get_mut(&self.node) else { return false };
        let Some(sandbox) = m.runtime.containers.get(&self.container_id).map(|c| c.sandbox_id.clone()) else { return false };
        let Some(s) = m.runtime.sandboxes.get_mut(&sandbox) else { return false };
        let before = s.shm_segments.len();
        s.shm_segments.retain(|g| g.id != id);
        s.shm_segments.len() != before
    }

    fn http_headers(&self) -> Vec<(String, String)> {
        self.headers.clone()
    }
}

impl ContainerHost<'_> {
    fn client(&self) -> crate::containerd::Client {
        crate::containerd::Client { node: self.node.clone(), pod_uid: self.uid.clone(), namespace: self.namespace.clone(), user: self.user }
    }

    /// Whether apt installed the package that ships `program` in this container (its dpkg
    /// record in the writable layer, `shell::apt`).
    fn package_installed(&self, program: &str) -> bool {
        crate::shell::PACKAGED_PROGRAMS.iter().any(|(prog, pkg)| *prog == program && self.file_exists(&format!("/var/lib/dpkg/info/{pkg}.list")))
    }
}

/// The credentials of a container's processes, as containerd's CRI sets them from the
/// kubelet's `LinuxContainerSecurityContext`: `runAsUser` and `runAsGroup` (the container's
/// over the pod's; root and group 0 without them — the image's own `USER` is not consulted),
/// and as supplementary groups the primary group, the pod's `fsGroup` and
/// `supplementalGroups`, plus, under the default `Merge` policy, root's groups of the image's
/// `/etc/group` for root (`Strict`: none of the image's).
pub(crate) fn credentials_of(pod: &Slot, container: &str, image_ref: &str) -> Credentials {
    let psc = &pod["spec"]["securityContext"];
    let csc = crate::podutil::container_spec(pod, container).map_or(crate::Slot::null(), |c| &c["securityContext"]);
    let id = |v: &Slot| v.as_u64().and_then(|n| u32::try_from(n).ok());
    let uid = id(&csc["runAsUser"]).or_else(|| id(&psc["runAsUser"])).unwrap_or(0);
    let gid = id(&csc["runAsGroup"]).or_else(|| id(&psc["runAsGroup"])).unwrap_or(0);
    let mut groups = if psc["supplementalGroupsPolicy"] != "Strict" { image_groups(image_ref, uid) } else { Vec::new() };
    groups.push(gid);
    groups.extend(id(&psc["fsGroup"]));
    groups.extend(psc["supplementalGroups"].as_array().into_iter().flatten().filter_map(id));
    crate::sort::sort(&mut groups);
    groups.dedup();
    Credentials { uid, gid, groups }
}

/// The groups containerd adds for the user from the image's `/etc/group`
/// (`oci.WithAdditionalGIDs`: every group that lists the user's name as a member, except a group
/// of that very name) under the Merge policy:
/// - root: Alpine's baselayout lists root in ten groups; busybox's file (buildroot's skeleton,
///   docker-library/busybox) in `wheel`; Debian's, Ubuntu's and Fedora's in none;
/// - agnhost 2.45 and later: `user-defined-in-image` (uid 1000) is a member of
///   `group-defined-in-image` (50000), added for the SupplementalGroupsPolicy tests;
/// - other users have no name in the images podlife knows.
fn image_groups(image_ref: &str, uid: u32) -> Vec<u32> {
    let r = image_ref.to_ascii_lowercase();
    let repo = r.split('@').next().unwrap_or_default().rsplit_once(':').filter(|(_, t)| !t.contains('/')).map_or(r.as_str(), |(n, _)| n);
    match uid {
        0 => {
            let os = crate::registry::build_of(image_ref).map(|(os, _)| os);
            let busybox = os == Some(Os::Busybox) || (os.is_none() && repo.rsplit('/').next() == Some("busybox"));
            let alpine = os == Some(Os::Alpine) || (os.is_none() && !busybox && (ash_image(&r) || repo.ends_with("/agnhost")));
            if busybox {
                vec![0, 10]
            } else if alpine {
                Credentials::root().groups
            } else {
                vec![0]
            }
        }
        // The group its /etc/group lists the image's user in (`image_files::etc_group`).
        1000 if super::image_files::agnhost_with_image_user(image_ref) => vec![50000],
        _ => vec![],
    }
}

/// The most System V shared memory segments one IPC namespace holds in podlife.
const MAX_SHM_SEGMENTS: usize = 64;

/// Does the image's `/bin/sh` exec the last command of `sh -c` (busybox ash)?
/// A shell started as `sh` (or `dash`) in an image whose `/bin/sh` is dash: the Debian- and
/// Ubuntu-based images podlife knows.
fn speaks_dash(argv: &[String], image_ref: &str) -> bool {
    let base = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a)).unwrap_or_default();
    matches!(base, "sh" | "dash") && matches!(toolset(image_ref), Toolset::Debian { dash: true, .. })
}

pub fn ash_image(image_ref: &str) -> bool {
    if let Some((os, _)) = crate::registry::build_of(image_ref) {
        return matches!(os, Os::Alpine | Os::Busybox);
    }
    let r = image_ref.to_ascii_lowercase();
    r.contains("busybox") || r.contains("alpine") || r.contains("curlimages/curl") || r.contains("netshoot") || r.contains("polinux/stress")
}

/// The tools an image ships besides its shell and the common file and text utilities
/// (`cat`, `grep`, `sed`, `awk`, … are in every image that has a shell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Toolset {
    /// busybox's applets (busybox, alpine and alpine-based images): `nc`, `wget`,
    /// `nslookup`, `ip`, `ipcs`; no `curl`, no util-linux `ipcmk`.
    Busybox { curl: bool },
    /// Debian/Ubuntu based images: coreutils, util-linux (`ipcs`, `ipcmk`), no busybox
    /// network applets; `curl` where the image installs it (nginx's Dockerfile does). Fedora
    /// and Oracle Linux are alike, with bash as `/bin/sh` (`dash: false`).
    Debian { curl: bool, wget: bool, dash: bool },
    /// nicolaka/netshoot: every network tool.
    Everything,
    /// An image podlife knows nothing about: no program is refused.
    Unknown,
}

fn toolset(image_ref: &str) -> Toolset {
    if let Some((os, tools)) = crate::registry::build_of(image_ref) {
        let (curl, wget) = (tools & CURL != 0, tools & WGET != 0);
        return match os {
            Os::Alpine | Os::Busybox => Toolset::Busybox { curl },
            Os::Debian | Os::Ubuntu => Toolset::Debian { curl, wget, dash: true },
            Os::Rpm => Toolset::Debian { curl, wget, dash: false },
            Os::NoShell => Toolset::Unknown,
        };
    }
    let r = image_ref.to_ascii_lowercase();
    let repo = r.split('@').next().unwrap_or("").rsplit_once(':').filter(|(_, tag)| !tag.contains('/')).map_or(r.as_str(), |(name, _)| name).to_string();
    let tag = r.split('@').next().unwrap_or("").rsplit_once(':').filter(|(_, tag)| !tag.contains('/')).map(|(_, t)| t.to_string()).unwrap_or_default();
    if repo.ends_with("nicolaka/netshoot") {
        return Toolset::Everything;
    }
    if repo.ends_with("curlimages/curl") || (repo.ends_with("library/nginx") && tag.contains("alpine")) {
        return Toolset::Busybox { curl: true };
    }
    if ash_image(&r) {
        return Toolset::Busybox { curl: false };
    }
    const DEBIAN: [&str; 8] = ["library/nginx", "library/redis", "library/postgres", "library/httpd", "library/python", "library/node", "envoyproxy/envoy", "library/debian"];
    if DEBIAN.iter().any(|d| repo.ends_with(d)) {
        // The full python and node images build on buildpack-deps (curl, wget); -slim do not.
        let full = (repo.ends_with("library/python") || repo.ends_with("library/node")) && !tag.contains("slim");
        return Toolset::Debian { curl: full || repo.ends_with("library/nginx"), wget: full, dash: true };
    }
    Toolset::Unknown
}

/// Whether an image has `program` (the tools that differ between images; any other name
/// is left to the shell and the engine's programs).
pub(crate) fn image_has_program(image_ref: &str, program: &str) -> bool {
    if crate::shell::is_apt_tool(program) {
        return matches!(toolset(image_ref), Toolset::Debian { dash: true, .. });
    }
    if program == "redis-cli" {
        return image_ref.to_ascii_lowercase().contains("redis") || toolset(image_ref) == Toolset::Unknown;
    }
    match toolset(image_ref) {
        Toolset::Everything | Toolset::Unknown => true,
        Toolset::Busybox { curl } => match program {
            "curl" => curl,
            "ipcmk" => false,
            _ => true,
        },
        Toolset::Debian { curl, wget, .. } => match program {
            "curl" => curl,
            "wget" => wget,
            // `rev` is in bsdextrautils, not in Debian's or Ubuntu's base image.
            "nc" | "nslookup" | "ip" | "rev" => false,
            // procps: in the full python and node images (buildpack-deps, like wget), not in
            // the -slim ones nor in nginx's, redis's, … (apt installs it: `PACKAGED_PROGRAMS`).
            "ps" => wget,
            _ => true,
        },
    }
}

/// The busybox release of an image whose tools' output changed since (`nslookup` before
/// 1.29): the `busybox:1.28` tag and registry.k8s.io's old busybox images (1.24–1.27).
pub(crate) fn busybox_version(image_ref: &str) -> Option<(u32, u32)> {
    let r = image_ref.to_ascii_lowercase();
    if r.starts_with("registry.k8s.io/busybox") || r.starts_with("k8s.gcr.io/busybox") || r.starts_with("gcr.io/google-containers/busybox") {
        return Some((1, 27));
    }
    let tag = r.strip_prefix("docker.io/library/busybox:")?;
    let mut parts = tag.split(['.', '-']);
    let major: u32 = parts.next()?.parse().ok()?;
    let minor: u32 = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// `sh -c "one simple command"` → `sh -c "exec one simple command"` on an ash image.
fn ash_exec_last(argv: &[String], image_ref: &str) -> Vec<String> {
    let is_sh = argv.first().is_some_and(|a| matches!(a.rsplit('/').next(), Some("sh" | "ash")));
    if !is_sh || argv.get(1).map(String::as_str) != Some("-c") || !ash_image(image_ref) {
        return argv.to_vec();
    }
    let Some(src) = argv.get(2) else { return argv.to_vec() };
    let simple = !src.trim().is_empty() && !src.contains(['\n', ';', '&', '|', '(', ')', '<', '>', '`', '{', '}']) && !src.contains("$(");
    let first = src.split_whitespace().next().unwrap_or_default();
    const SHELLISH: &[&str] = &["if", "for", "while", "until", "case", "exec", "exit", "trap", "cd", "export", "set", "unset", "wait", "read", "eval", ".", "source", "!", "[", "[[", "test", "echo", "printf", "true", "false", ":", "kill", "return", "break", "continue", "shift", "local"];
    if !simple || SHELLISH.contains(&first) || first.contains('=') {
        return argv.to_vec();
    }
    let mut out = argv.to_vec();
    out[2] = format!("exec {src}");
    out
}

impl Engine {
    /// A file as the container sees it (its volumes, its image), for programs that read
    /// their configuration at start.
    pub(crate) fn container_file(&mut self, node: &str, container_id: &str, path: &str) -> Option<String> {
        self.host_for(node, container_id)?.read_file(path)
    }

    /// The names in the container's directory `path` (None: no such directory).
    pub(crate) fn container_list_dir(&mut self, node: &str, container_id: &str, path: &str) -> Option<Vec<String>> {
        self.host_for(node, container_id)?.list_dir(path)
    }

    /// Whether the container may write to `path` (not on a read-only volume, a projected
    /// volume or an image volume).
    pub(crate) fn container_path_writable(&mut self, node: &str, container_id: &str, path: &str) -> bool {
        self.host_for(node, container_id).is_some_and(|h| !matches!(h.place(path).0, Where::ReadOnly | Where::VolumeRo(_) | Where::Image(_) | Where::Projected(_)))
    }

    /// Whether the container sees a directory at `path`.
    pub(crate) fn container_dir(&mut self, node: &str, container_id: &str, path: &str) -> bool {
        self.host_for(node, container_id).is_some_and(|h| h.file_exists(path) && h.read_file(path).is_none())
    }

    fn host_for(&mut self, node: &str, container_id: &str) -> Option<ContainerHost<'_>> {
        let c = self.machines.get(node)?.runtime.containers.get(container_id)?;
        let (uid, name, sandbox, image_ref) = (c.pod_uid.clone(), c.name.clone(), c.sandbox_id.clone(), c.image_ref.clone());
        let s = self.machines.get(node)?.runtime.sandboxes.get(&sandbox)?;
        let (ns, pod_name) = (s.namespace.clone(), s.pod_name.clone());
        let pod = self.kubelet_pod(node, &ns, &pod_name).unwrap_or_else(|| std::sync::Arc::new(crate::Obj::untyped(&Value::Null)));
        let hostname = if pod.is_null() { pod_name } else { crate::containerd::procfs::uts_hostname(&pod, node) };
        let mounts = mounts_of(&pod, &name, |volume| self.mounted_volume(node, &uid, volume));
        let creds = credentials_of(&pod, &name, &image_ref);
        let user = creds.uid;
        let m = self.machines.get(node)?;
        let deny_writes = m.runtime.containers.get(container_id).and_then(|c| c.apparmor.as_ref()).and_then(|p| m.apparmor.get(p)).is_some_and(|p| p.deny_write && !p.complain);
        Some(ContainerHost { engine: self, node: node.to_string(), uid, container_id: container_id.to_string(), namespace: ns, hostname, mounts, out: String::new(), err: String::new(), chunks: Vec::new(), offset_ms: 0, user, creds, headers: vec![], certificate: None, pod, image_ref, exec_argv: None, depth: 0, deny_writes })
    }

    /// Starts a container's process as the shell would exec it. Err is runc's exec error.
    pub(crate) fn shell_process(&mut self, argv: &[String], image_ref: &str, env: &[(String, String)]) -> Box<Shell> {
        let argv = ash_exec_last(argv, image_ref);
        let env: VecMap<String, String> = VecMap::from_iter(env.iter().cloned());
        let mut shell = Shell::from_argv(argv.clone(), env);
        if speaks_dash(&argv, image_ref) {
            shell.set_dash();
        }
        Box::new(shell)
    }

    /// Runs a container's shell until it waits; handles what it yields. A resume runs the
    /// steps the node's CPU grants it (`containerd::cpu`): a waking shell up to a whole
    /// period's worth, charged at once if it blocks within them; a busy one its share of the
    /// period, resumed each period while it keeps computing.
    pub(crate) fn shell_run(&mut self, node: &str, container_id: &str) {
        for _ in 0..64 {
            let now = self.now;
            let Some(c) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)) else { return };
            if c.state != ContainerState::Running {
                return;
            }
            let generation = c.generation;
            let rate = c.cpu.rate;
            let Some(p) = c.process.as_mut() else { return };
            let Some(mut shell) = p.shell.take() else { return };
            let was_busy = p.busy;
            shell.set_step_budget(if was_busy { cpu::shell_steps(rate, cpu::PERIOD_MS) } else { cpu::shell_steps(cpu::THREAD_MILLI, cpu::PERIOD_MS) });
            let (y, chunks) = {
                let Some(mut host) = self.host_for(node, container_id) else { return };
                let y = shell.resume(&mut host);
                (y, std::mem::take(&mut host.chunks))
            };
            let steps = shell.steps_used();
            self.work.steps = self.work.steps.saturating_add(steps);
            self.container_log_chunks(node, container_id, &chunks);
            let Some(c) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)) else { return };
            let busy = y == Yield::Busy;
            // A busy period's steps are counted by its rate; a burst before blocking at once.
            if !busy {
                c.cpu.charge(now, cpu::shell_steps_ns(steps));
            }
            let Some(p) = c.process.as_mut() else { return };
            p.busy = busy;
            if busy != was_busy {
                self.cpu_reshare(node);
            }
            let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) else { return };
            let (argv, exec) = match y {
                // A busy shell comes back next period; a sleeping one when its sleep ends.
                Yield::Busy | Yield::Sleep { .. } => {
                    let ms = if let Yield::Sleep { ms } = y { ms } else { cpu::PERIOD_MS };
                    p.shell = Some(shell);
                    p.wake += 1;
                    let wake = p.wake;
                    self.schedule(self.now.plus_millis(ms), crate::Task::Process { node: node.to_string(), container: container_id.to_string(), generation, timer: Timer::ShellResume { wake } });
                    return;
                }
                Yield::WaitForever => {
                    p.shell = Some(shell);
                    return;
                }
                Yield::Exit { code } => {
                    self.container_exited(node, container_id, code, None);
                    return;
                }
                Yield::Run { argv } => (argv, false),
                Yield::Exec { argv } => (argv, true),
            };
            {
                {
                    let env: Vec<(String, String)> = shell.exported_env().into_iter().collect();
                    let catalog = self.container_catalog(node, container_id);
                    match process::program_for(&argv, catalog.as_deref(), &env) {
                        Ok(app) => {
                            let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) else { return };
                            p.app = app;
                            if exec {
                                p.argv = argv;
                                p.shell = None;
                                p.child = false;
                            } else {
                                p.child_argv = argv;
                                p.shell = Some(shell);
                                p.child = true;
                            }
                            let effects = p.app.start();
                            let computes = p.app.cpu_milli > 0;
                            if computes {
                                self.cpu_reshare(node);
                            }
                            self.apply_effects(node, container_id, generation, effects);
                            return;
                        }
                        Err(_) => {
                            match self.installed_unsimulated(node, container_id, &argv) {
                                Some(why) => {
                                    shell.program_output("", &why);
                                    shell.program_exited(1);
                                }
                                None => shell.program_not_found(),
                            }
                            if let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) {
                                p.shell = Some(shell);
                            }
                        }
                    }
                }
            }
        }
    }

    /// A program a package apt installed in this container ships, which podlife does not
    /// simulate (procps's `ps`, iproute2's `ip`, bind9's `nslookup`, …): the line saying so.
    /// Without it the shell would report the program missing, which is false.
    fn installed_unsimulated(&mut self, node: &str, container_id: &str, argv: &[String]) -> Option<String> {
        let base = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a))?;
        let host = self.host_for(node, container_id)?;
        let pkg = crate::shell::unsimulated_package(base).filter(|p| host.file_exists(&format!("/var/lib/dpkg/info/{p}.list")))?;
        Some(format!("podlife: {base} is installed in this container (package {pkg}), but podlife does not simulate Debian's {base}\n"))
    }

    fn container_catalog(&self, node: &str, container_id: &str) -> Option<std::sync::Arc<crate::registry::Image>> {
        let m = self.machines.get(node)?;
        let c = m.runtime.containers.get(container_id)?;
        m.runtime.images.values().find(|i| i.repo_digests.contains(&c.image_id) || i.id == c.image_id).and_then(|i| i.catalog.clone())
    }

    /// Appends output written in this order to the container log, line by line.
    pub(crate) fn container_log_chunks(&mut self, node: &str, container_id: &str, chunks: &[(&'static str, String)]) {
        for (stream, text) in chunks {
            let (out, err) = if *stream == "stdout" { (text.as_str(), "") } else { ("", text.as_str()) };
            self.container_log(node, container_id, out, err);
        }
    }

    /// Appends output to the container log, line by line.
    pub(crate) fn container_log(&mut self, node: &str, container_id: &str, out: &str, err: &str) {
        let now = self.now;
        let Some(c) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)) else { return };
        for (stream, text) in [("stdout", out), ("stderr", err)] {
            for line in text.lines() {
                c.log.append(now, stream, line.to_string());
            }
        }
    }

    /// A container command naming a file (`/scripts/run.sh`): Some(Ok) when it is a shell
    /// script the shell runs, Some(Err(runc's text)) when its mode forbids executing it, None
    /// when no such file exists (the image's program, or runc's "not found").
    pub(crate) fn exec_form_script(&mut self, node: &str, container_id: &str, path: &str) -> Option<Result<(), String>> {
        let host = self.host_for(node, container_id)?;
        let st = crate::shell::stat_follow(&host, path)?;
        if st.is_dir() || st.mode & 0o111 == 0 {
            return Some(Err(format!("exec: {path:?}: permission denied")));
        }
        let text = host.read_file(path)?;
        crate::shell::is_shell_script(&text, path).then_some(Ok(()))
    }

    /// The shell's foreground program ended: the script goes on.
    pub(crate) fn shell_child_exited(&mut self, node: &str, container_id: &str, code: i32) -> bool {
        let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) else { return false };
        if !p.child {
            return false;
        }
        p.child = false;
        let computed = std::mem::replace(&mut p.app, App::idle()).cpu_milli > 0;
        if computed {
            self.cpu_reshare(node);
        }
        let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) else { return false };
        if let Some(s) = p.shell.as_mut() {
            s.program_exited(code);
        }
        self.shell_run(node, container_id);
        true
    }

    /// A signal to a shell PID 1: its trap, or the default action (ignored by PID 1).
    pub(crate) fn shell_signal(&mut self, node: &str, container_id: &str, sig: i32) -> Option<process::Disposition> {
        let c = self.machines.get_mut(node)?.runtime.containers.get_mut(container_id)?;
        let generation = c.generation;
        let p = c.process.as_mut()?;
        let pid1 = p.pid == 1;
        let shell = p.shell.as_mut()?;
        Some(match shell.signal(sig) {
            crate::shell::SignalDisposition::Trapped => {
                if shell.interruptible() && !p.child {
                    p.wake += 1;
                    let wake = p.wake;
                    self.schedule(self.now, crate::Task::Process { node: node.to_string(), container: container_id.to_string(), generation, timer: Timer::ShellResume { wake } });
                }
                process::Disposition::Handled
            }
            crate::shell::SignalDisposition::Ignored => process::Disposition::Ignored,
            crate::shell::SignalDisposition::Default if pid1 => process::Disposition::IgnoredAsPid1,
            crate::shell::SignalDisposition::Default => {
                let code = 128 + sig;
                self.container_exited(node, container_id, code, None);
                process::Disposition::Killed
            }
        })
    }

    /// `ExecSync` (or `Exec` with a standard input: `kubectl exec -i`, `kubectl cp`): runs
    /// `argv` in a running container at once; the time its `sleep`s and its CPU take is
    /// counted, not waited for, up to `limit_ms` (the CRI's timeout; beyond it the run is
    /// `unfinished`). `nginx -s quit|stop|reload` signals the container's nginx.
    pub(crate) fn exec_with_stdin(&mut self, node: &str, uid: &str, container: &str, argv: &[String], stdin: Option<&str>, limit_ms: u64) -> Result<ExecRun, String> {
        let id = self.machines.get(node).and_then(|m| m.runtime.pod_containers(uid).into_iter().find(|c| c.name == container && c.state == ContainerState::Running).map(|c| c.id.clone()));
        let Some(id) = id else {
            return Err(format!("rpc error: code = NotFound desc = failed to exec in container: container {container:?} is not running"));
        };
        let run = self.exec_process(node, uid, &id, argv, stdin.map(|s| (s, 0)), limit_ms)?;
        Ok(ExecRun { code: run.code, output: run.combined, stdout: run.stdout, stderr: run.stderr, duration_ms: run.duration_ms, unfinished: run.unfinished, start_error: run.start_error })
    }

    /// containerd's error when runc cannot start an exec process (`container_execsync.go`:
    /// `failed to start exec %q`, the exec id a random 64-hex id; the CRI server wraps it as
    /// `failed to exec in container: …`).
    fn exec_start_error(&mut self, why: &str) -> String {
        let exec_id = self.rng.hex(64);
        format!("failed to exec in container: failed to start exec \"{exec_id}\": OCI runtime exec failed: exec failed: unable to start container process: {why}: unknown")
    }

    /// Runs `argv` as a new process in a running container (`ExecSync`, or the program an
    /// `nc -l -e` listener starts for a connection: `conn` is the connection's request, its
    /// standard input, and how many listeners forwarded it so far). The process runs in the
    /// container's cgroup: a computing shell gets the container's quota (at most a core) and
    /// its CPU is charged to the container. It stops at `limit_ms` of virtual time or
    /// [`EXEC_MAX_STEPS`] steps, still running (`unfinished`).
    fn exec_process(&mut self, node: &str, uid: &str, id: &str, argv: &[String], conn: Option<(&str, u32)>, limit_ms: u64) -> Result<ProcessRun, String> {
        let (stdin, depth) = (conn.map(|(r, _)| r), conn.map_or(0, |(_, d)| d));
        // runc execs a path itself: a file without an execute bit fails there.
        if let Some(path) = argv.first().filter(|a| a.starts_with('/'))
            && let Some(host) = self.host_for(node, id)
            && crate::shell::stat_follow(&host, path).is_some_and(|st| st.is_dir() || st.mode & 0o111 == 0)
        {
            let error = self.exec_start_error(&format!("exec: {path:?}: permission denied"));
            return Ok(ProcessRun { code: 126, combined: String::new(), stdout: String::new(), stderr: String::new(), duration_ms: 0, unfinished: false, start_error: Some(error) });
        }
        let container = self.machines.get(node).and_then(|m| m.runtime.containers.get(id));
        // The container's spec environment (runc exec's process), not the live process's.
        let env: VecMap<String, String> = match (self.machines.get(node), container) {
            (Some(m), Some(c)) => {
                let pod = m.runtime.sandboxes.get(&c.sandbox_id).and_then(|sb| self.kubelet_pod_ref(node, &sb.namespace, &sb.pod_name));
                let hostname = pod.map(|p| super::procfs::uts_hostname(p, node)).unwrap_or_default();
                VecMap::from_iter(super::cri::oci_env(&hostname, super::cri::node_image(&m.runtime, c), &c.env))
            }
            _ => VecMap::new(),
        };
        let rate = container.and_then(|c| c.cpu.quota).map_or(cpu::THREAD_MILLI, |q| q.min(cpu::THREAD_MILLI));
        let direct = !argv.first().map(|a| a.rsplit('/').next().unwrap_or(a)).is_some_and(|b| matches!(b, "sh" | "ash" | "bash" | "dash"));
        let image_ref = container.map(|c| c.image_ref.clone()).unwrap_or_default();
        // An image with no shell and no tools (the pause image, `FROM scratch`): runc finds
        // nothing to exec but the image's own program.
        let shellless = matches!(crate::registry::build_of(&image_ref), Some((Os::NoShell, _))) || image_ref.split(['@', ':']).next().is_some_and(|r| r.ends_with("/pause"));
        if shellless {
            let error = self.exec_start_error(&format!("exec: {:?}: executable file not found in $PATH", argv.first().cloned().unwrap_or_default()));
            return Ok(ProcessRun { code: 126, combined: String::new(), stdout: String::new(), stderr: String::new(), duration_ms: 0, unfinished: false, start_error: Some(error) });
        }
        let mut shell = Shell::from_argv(argv.to_vec(), env);
        if speaks_dash(argv, &image_ref) {
            shell.set_dash();
        }
        shell.set_pid(900);
        if let Some(text) = stdin {
            shell.set_stdin(text);
        }
        shell.set_step_budget(cpu::shell_steps(cpu::THREAD_MILLI, cpu::PERIOD_MS));
        let mut run = ProcessRun { code: 0, combined: String::new(), stdout: String::new(), stderr: String::new(), duration_ms: 0, unfinished: false, start_error: None };
        let mut steps = 0u64;
        for _ in 0..EXEC_MAX_RESUMES {
            let y = {
                let Some(mut host) = self.host_for(node, id) else { return Err("container vanished".into()) };
                host.offset_ms = run.duration_ms;
                host.exec_argv = Some(argv.to_vec());
                host.depth = depth;
                let y = shell.resume(&mut host);
                for (_, t) in &host.chunks {
                    run.combined.push_str(t);
                }
                run.stdout.push_str(&host.out);
                run.stderr.push_str(&host.err);
                y
            };
            steps = steps.saturating_add(shell.steps_used());
            match y {
                Yield::Busy => {
                    run.duration_ms = run.duration_ms.saturating_add(cpu::PERIOD_MS);
                    shell.set_step_budget(cpu::shell_steps(rate, cpu::PERIOD_MS));
                }
                Yield::Sleep { ms } => run.duration_ms = run.duration_ms.saturating_add(ms),
                Yield::Exit { code } => {
                    run.code = code;
                    break;
                }
                Yield::WaitForever => {
                    (run.unfinished, run.duration_ms) = (true, limit_ms);
                    break;
                }
                Yield::Run { argv: prog } => match self.exec_program(node, uid, id, &prog, Some(argv)) {
                    Some((code, text, err)) => {
                        shell.program_output(&text, &err);
                        shell.program_exited(code);
                    }
                    None => match self.installed_unsimulated(node, id, &prog) {
                        Some(why) => {
                            shell.program_output("", &why);
                            shell.program_exited(1);
                        }
                        None => shell.program_not_found(),
                    },
                },
                Yield::Exec { argv } => {
                    match self.exec_program(node, uid, id, &argv, None) {
                        Some((code, text, err)) => {
                            run.stdout.push_str(&text);
                            run.stderr.push_str(&err);
                            run.combined.push_str(&text);
                            run.combined.push_str(&err);
                            run.code = code;
                        }
                        None if let Some(why) = self.installed_unsimulated(node, id, &argv) => {
                            run.stderr.push_str(&why);
                            run.combined.push_str(&why);
                            run.code = 1;
                        }
                        // The exec's own program (the shell only stands in for runc there):
                        // runc cannot start it.
                        None if direct => {
                            run.start_error = Some(self.exec_start_error(&format!("exec: {:?}: executable file not found in $PATH", argv.first().cloned().unwrap_or_default())));
                            run.code = 126;
                        }
                        // A script's `exec PROG`: ash prints `sh: exec: PROG: not found`.
                        None => {
                            shell.program_not_found();
                            continue;
                        }
                    }
                    break;
                }
            }
            if run.duration_ms > limit_ms {
                (run.unfinished, run.duration_ms) = (true, limit_ms);
                break;
            }
            if steps >= EXEC_MAX_STEPS {
                run.unfinished = true;
                break;
            }
        }
        self.work.steps = self.work.steps.saturating_add(steps);
        if let Some(c) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(id)) {
            c.cpu.charge(self.now, cpu::shell_steps_ns(steps));
        }
        Ok(run)
    }

    /// A connection reaches an `nc -l` listener in a container's shell: its answer (the
    /// listener's text, or the output of the `-e` program run for the connection). The
    /// listener's own output goes to the container log, and the script goes on.
    pub(crate) fn shell_accept(&mut self, node: &str, container_id: &str, port: u16, from: &str, request: &str, depth: u32) -> Result<String, NetError> {
        let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) else { return Err(NetError::Refused) };
        let Some(mut shell) = p.shell.take() else { return Err(NetError::Refused) };
        // The client's ephemeral port (Linux's range 32768–60999).
        let peer_port = 32768 + (self.now.millis() % 28232) as u16;
        let (accepted, chunks) = match self.host_for(node, container_id) {
            Some(mut host) => {
                let a = shell.accept(&mut host, port, request, from, peer_port);
                (a, std::mem::take(&mut host.chunks))
            }
            None => (None, Vec::new()),
        };
        let now = self.now;
        let Some(c) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)) else { return Err(NetError::Reset) };
        let generation = c.generation;
        let uid = c.pod_uid.clone();
        let Some(p) = c.process.as_mut() else { return Err(NetError::Reset) };
        p.shell = Some(shell);
        if accepted.is_some() && !p.child {
            p.wake += 1;
            let wake = p.wake;
            self.schedule(now, crate::Task::Process { node: node.to_string(), container: container_id.to_string(), generation, timer: Timer::ShellResume { wake } });
        }
        self.container_log_chunks(node, container_id, &chunks);
        match accepted {
            Some(crate::shell::Accepted::Reply(text)) => Ok(text),
            Some(crate::shell::Accepted::Exec(argv)) => {
                let run = self.exec_process(node, &uid, container_id, &argv, Some((request, depth + 1)), EXEC_LIMIT_MS).map_err(|_| NetError::Reset)?;
                // The program's stderr is nc's: the container log.
                self.container_log(node, container_id, "", &run.stderr);
                Ok(run.stdout)
            }
            None => Err(NetError::Refused),
        }
    }

    /// The programs an exec may run besides the shell's applets: `nginx -s quit|stop|reload`
    /// (signals the container's nginx), `pg_isready`,
    /// `grpc_health_probe -addr=:PORT`. None: no such program.
    /// `shell`: the exec's shell when the program is its child. (status, stdout, stderr)
    fn exec_program(&mut self, node: &str, uid: &str, container_id: &str, argv: &[String], shell: Option<&[String]>) -> Option<(i32, String, String)> {
        let base = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a))?;
        // busybox's ps, the processes of the container's PID namespace (the pod's, pause
        // first, with `shareProcessNamespace: true`); procps's in a Debian-based image that
        // has it (`has_program`: shipped, or installed by apt).
        if base == "ps" {
            let image_ref = self.machines.get(node)?.runtime.containers.get(container_id).map(|c| c.image_ref.clone()).unwrap_or_default();
            if ash_image(&image_ref) {
                return Some((0, super::ps::busybox(&self.pid_namespace(node, container_id, Some(argv))), String::new()));
            }
            let procps = matches!(toolset(&image_ref), Toolset::Debian { .. }) && self.host_for(node, container_id).is_some_and(|h| h.has_program("ps"));
            return procps.then(|| self.procps_ps(node, container_id, argv, shell));
        }
        self.exec_tool(node, uid, container_id, argv).map(|(code, out)| (code, out, String::new()))
    }

    fn exec_tool(&mut self, node: &str, uid: &str, container_id: &str, argv: &[String]) -> Option<(i32, String)> {
        let base = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a).to_string())?;
        let listens = |e: &Engine, port: u16| e.machines.get(node).is_some_and(|m| m.runtime.containers.values().any(|c| c.pod_uid == uid && c.state == ContainerState::Running && c.process.as_ref().is_some_and(|p| p.listens(port))));
        match base.as_str() {
            "nginx" if argv.get(1).map(String::as_str) == Some("-s") => {
                let sig = match argv.get(2).map(String::as_str) {
                    Some("quit") => process::SIGQUIT,
                    Some("stop") => process::SIGTERM,
                    Some("reload") => process::SIGHUP,
                    other => return Some((1, format!("nginx: [error] invalid option: \"-s {}\"\n", other.unwrap_or_default()))),
                };
                let pod = self.machines.get(node).and_then(|m| m.runtime.sandboxes.values().find(|s| s.pod_uid == uid)).map(|s| crate::trace::ObjectRef::new("Pod", Some(&s.namespace), &s.pod_name));
                self.send_signal(node, container_id, sig, pod);
                Some((0, String::new()))
            }
            "pg_isready" => Some(if listens(self, 5432) { (0, "/var/run/postgresql:5432 - accepting connections\n".into()) } else { (2, "/var/run/postgresql:5432 - no response\n".into()) }),
            "grpc_health_probe" => {
                let port = argv.iter().find_map(|a| a.strip_prefix("-addr=")).and_then(|a| a.rsplit(':').next()).and_then(|p| p.parse::<u16>().ok()).unwrap_or(0);
                // grpc-health-probe's own texts and exit codes, dialing localhost.
                let now = self.now;
                let m = self.machines.get(node)?;
                let answer = m.runtime.containers.values().filter(|c| c.pod_uid == uid && c.state == ContainerState::Running).find_map(|c| c.process.as_ref()?.grpc_check(port, "", now, true));
                Some(match answer {
                    Some(process::GrpcHealth::Serving) => (0, "status: SERVING\n".into()),
                    Some(process::GrpcHealth::NotServing) => (4, "service unhealthy (responded with \"NOT_SERVING\")\n".into()),
                    Some(process::GrpcHealth::Unimplemented) => (3, "error: this server does not implement the grpc health protocol (grpc.health.v1.Health): unknown service grpc.health.v1.Health\n".into()),
                    Some(process::GrpcHealth::UnknownService) => (3, "error: health rpc failed: rpc error: code = NotFound desc = unknown service\n".into()),
                    None => (2, format!("timeout: failed to connect service \":{port}\" within 1s\n")),
                })
            }
            _ => None,
        }
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_tools_are_in_debian_based_images_only() {
        assert!(image_has_program("docker.io/library/nginx:1.29", "apt-get"));
        assert!(image_has_program("docker.io/library/debian:trixie", "dpkg"));
        // busybox and Alpine images have no apt: the shell's `not found` is right there.
        assert!(!image_has_program("docker.io/library/busybox:1.36", "apt-get"));
        assert!(!image_has_program("docker.io/library/nginx:1.29-alpine", "apt"));
    }

    #[test]
    fn credentials_follow_the_security_context() {
        let pod = |psc: Value, csc: Value| crate::Obj::untyped(&json!({"spec": {"securityContext": psc, "containers": [{"name": "c", "securityContext": csc}]}}));
        let alpine = "docker.io/library/alpine:3.20";
        assert_eq!(credentials_of(&pod(json!({}), json!({})), "c", alpine), Credentials::root());
        // The page "Configure a Security Context": runAsUser 1000, runAsGroup 3000, fsGroup 2000.
        let c = credentials_of(&pod(json!({"runAsUser": 1000, "runAsGroup": 3000, "fsGroup": 2000}), json!({})), "c", alpine);
        assert_eq!(c, Credentials { uid: 1000, gid: 3000, groups: vec![2000, 3000] });
        // The container's runAsUser wins; supplementalGroups join, sorted as the kernel keeps them.
        let c = credentials_of(&pod(json!({"runAsUser": 1000, "runAsGroup": 3000, "supplementalGroups": [4000, 50]}), json!({"runAsUser": 2000})), "c", alpine);
        assert_eq!(c, Credentials { uid: 2000, gid: 3000, groups: vec![50, 3000, 4000] });
        // root keeps the image's groups unless the policy is Strict.
        let c = credentials_of(&pod(json!({"fsGroup": 2000, "supplementalGroupsPolicy": "Strict"}), json!({})), "c", alpine);
        assert_eq!(c, Credentials { uid: 0, gid: 0, groups: vec![0, 2000] });
        // The image's /etc/group decides root's groups: busybox lists root in wheel only,
        // Debian in none.
        assert_eq!(credentials_of(&pod(json!({}), json!({})), "c", "docker.io/library/busybox:1.36").groups, [0, 10]);
        assert_eq!(credentials_of(&pod(json!({}), json!({})), "c", "docker.io/library/nginx:1.27").groups, [0]);
        // security-context-5: agnhost's user 1000 is a member of group 50000 (Merge), not under Strict.
        let agnhost = "registry.k8s.io/e2e-test-images/agnhost:2.45";
        let merge = pod(json!({"runAsUser": 1000, "runAsGroup": 3000, "supplementalGroups": [4000]}), json!({}));
        assert_eq!(credentials_of(&merge, "c", agnhost).groups, [3000, 4000, 50000]);
        let strict = pod(json!({"runAsUser": 1000, "runAsGroup": 3000, "supplementalGroups": [4000], "supplementalGroupsPolicy": "Strict"}), json!({}));
        assert_eq!(credentials_of(&strict, "c", agnhost).groups, [3000, 4000]);
    }
}

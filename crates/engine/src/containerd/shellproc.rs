//! Containers whose process is the interpreted shell (`sh -c …`, `sleep 3600`, `echo`, and
//! every exec form: a builtin runs in the shell, any other program replaces it through
//! `exec`), and `ExecSync` for exec probes, hooks and `kubectl exec`.
//!
//! busybox `ash` runs the last command of `sh -c` without forking when no trap is set, so on
//! busybox and alpine images `sh -c "java -jar app.jar"` makes java PID 1; Debian's dash
//! (Debian and Ubuntu based images) keeps `sh` as PID 1 with java as its child, which never
//! sees the SIGTERM sent to PID 1.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::Engine;
use crate::clock::EPOCH_UNIX_SECONDS;
use crate::containerd::exec::ExecRun;
use crate::containerd::fs::{BASE_DIRS, Tree};
use crate::containerd::ContainerState;
use crate::process::{self, App, Timer};
use crate::shell::{Host, NetError, Shell, Yield};

/// A volume mount as the shell's file operations need it.
#[derive(Debug, Clone)]
struct Mount {
    path: String,
    volume: String,
    read_only: bool,
    /// Backed by the pod's `emptyDir` store.
    empty_dir: bool,
    /// A `configMap` or `secret` volume: (plural, object name), its keys as files.
    config: Option<(&'static str, String)>,
}

fn mounts_of(pod: &Value, container: &str) -> Vec<Mount> {
    let spec = crate::kubelet::container_spec(pod, container).cloned().unwrap_or(Value::Null);
    let volumes = pod["spec"]["volumes"].as_array().cloned().unwrap_or_default();
    let mut out: Vec<Mount> = spec["volumeMounts"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            let volume = m["name"].as_str().unwrap_or_default().to_string();
            let spec = volumes.iter().find(|v| v["name"] == volume.as_str()).cloned().unwrap_or(Value::Null);
            // Writable volumes share the pod's store. PersistentVolume and hostPath contents
            // are kept as long as the pod (not modelled: data outliving it on the node or disk).
            let empty_dir = ["emptyDir", "persistentVolumeClaim", "hostPath"].iter().any(|k| spec.get(*k).is_some());
            let config = if let Some(cm) = spec["configMap"]["name"].as_str() {
                Some(("configmaps", cm.to_string()))
            } else {
                spec["secret"]["secretName"].as_str().map(|s| ("secrets", s.to_string()))
            };
            Mount { path: m["mountPath"].as_str().unwrap_or_default().trim_end_matches('/').to_string(), volume, read_only: m["readOnly"] == true, empty_dir, config }
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
    /// Added to the clock for a shell that runs ahead (an exec that sleeps).
    offset_ms: u64,
}

enum Where {
    Root,
    Volume(String),
    ReadOnly,
    /// A key of a ConfigMap or Secret volume (read-only, as the kubelet mounts them).
    Config(&'static str, String),
}

impl ContainerHost<'_> {
    fn place(&self, path: &str) -> (Where, String) {
        for m in &self.mounts {
            if path == m.path || path.starts_with(&format!("{}/", m.path)) {
                let rel = format!("/{}", path[m.path.len()..].trim_start_matches('/'));
                if let Some((plural, name)) = &m.config {
                    return (Where::Config(plural, name.clone()), rel);
                }
                return match (m.empty_dir, m.read_only) {
                    (true, false) => (Where::Volume(m.volume.clone()), rel),
                    _ => (Where::ReadOnly, rel),
                };
            }
        }
        (Where::Root, path.to_string())
    }

    fn with_tree<R>(&mut self, place: &Where, f: impl FnOnce(&mut Tree) -> R) -> Option<R> {
        let m = self.engine.machines.get_mut(&self.node)?;
        match place {
            Where::Root => m.runtime.containers.get_mut(&self.container_id).map(|c| f(&mut c.rootfs)),
            Where::Volume(v) => {
                let sandbox = m.runtime.containers.get(&self.container_id)?.sandbox_id.clone();
                m.runtime.sandboxes.get_mut(&sandbox).map(|s| f(s.volumes.entry(v.clone()).or_default()))
            }
            Where::ReadOnly | Where::Config(..) => None,
        }
    }

    /// The keys of a ConfigMap/Secret volume, as files.
    fn config_files(&self, plural: &str, name: &str) -> Vec<(String, String)> {
        let Some(rt) = podlife_model::ResourceType::resolve(plural) else { return vec![] };
        self.engine.store.get(&crate::store::ObjectKey::new(rt, Some(&self.namespace), name)).map(|o| crate::kubelet::env::data_of(o, plural == "secrets")).unwrap_or_default()
    }

    fn tree(&self, place: &Where) -> Option<&Tree> {
        let m = self.engine.machines.get(&self.node)?;
        match place {
            Where::Root => m.runtime.containers.get(&self.container_id).map(|c| &c.rootfs),
            Where::Volume(v) => {
                let sandbox = &m.runtime.containers.get(&self.container_id)?.sandbox_id;
                m.runtime.sandboxes.get(sandbox)?.volumes.get(v)
            }
            Where::ReadOnly | Where::Config(..) => None,
        }
    }

    fn is_mount_point(&self, path: &str) -> bool {
        self.mounts.iter().any(|m| m.path == path.trim_end_matches('/'))
    }
}

impl Host for ContainerHost<'_> {
    fn stdout(&mut self, text: &str) {
        self.out.push_str(text);
    }

    fn stderr(&mut self, text: &str) {
        self.err.push_str(text);
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

    fn read_file(&self, path: &str) -> Option<String> {
        let (place, rel) = self.place(path);
        if let Where::Config(plural, name) = &place {
            let key = rel.trim_start_matches('/');
            return self.config_files(plural, name).into_iter().find(|(k, _)| k == key).map(|(_, v)| v);
        }
        if let Where::ReadOnly = place {
            // The service account token and other projected files.
            return path.ends_with("serviceaccount/namespace").then(|| self.namespace.clone());
        }
        match path {
            "/etc/hostname" => return Some(format!("{}\n", self.hostname)),
            "/proc/1/cmdline" => return None,
            _ => {}
        }
        self.tree(&place)?.read(&rel)
    }

    fn write_file(&mut self, path: &str, content: &str, append: bool) -> Result<(), String> {
        if path == "/dev/null" || path == "/dev/stdout" || path == "/dev/stderr" || path == "/proc/1/fd/1" {
            if path != "/dev/null" {
                self.out.push_str(content);
            }
            return Ok(());
        }
        let (place, rel) = self.place(path);
        if matches!(place, Where::ReadOnly | Where::Config(..)) {
            return Err("Read-only file system".into());
        }
        self.with_tree(&place, |t| t.write(&rel, content, append)).unwrap_or_else(|| Err("No such file or directory".into()))
    }

    fn remove_file(&mut self, path: &str) -> bool {
        let (place, rel) = self.place(path);
        self.with_tree(&place, |t| t.remove(&rel)).unwrap_or(false)
    }

    fn file_exists(&self, path: &str) -> bool {
        if BASE_DIRS.contains(&path) || self.is_mount_point(path) || path == "/" || path == "/dev/null" {
            return true;
        }
        let (place, rel) = self.place(path);
        if let Where::Config(plural, name) = &place {
            let key = rel.trim_start_matches('/');
            return self.config_files(plural, name).iter().any(|(k, _)| k == key);
        }
        self.tree(&place).is_some_and(|t| t.exists(&rel))
    }

    fn make_dir(&mut self, path: &str) -> Result<(), String> {
        let (place, rel) = self.place(path);
        if matches!(place, Where::ReadOnly | Where::Config(..)) {
            return Err("Read-only file system".into());
        }
        self.with_tree(&place, |t| {
            t.dirs.insert(rel);
        });
        Ok(())
    }

    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        let (place, rel) = self.place(path);
        let mut names = match &place {
            Where::Config(plural, name) if rel == "/" => self.config_files(plural, name).into_iter().map(|(k, _)| k).collect(),
            _ => self.tree(&place).map(|t| t.list(&rel)).unwrap_or_default(),
        };
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

    fn resolve(&mut self, host: &str) -> Option<String> {
        self.engine.resolve_from(&self.node, &self.uid, &self.namespace, host).ok()
    }

    fn tcp_connect(&mut self, host: &str, port: u16) -> Result<(), NetError> {
        let ep = self.engine.route(&self.node, &self.uid, &self.namespace, host, port)?;
        if self.engine.endpoint_listens(&ep) { Ok(()) } else { Err(NetError::Refused) }
    }

    fn syn_retransmit(&mut self, host: &str, port: u16) -> bool {
        let Ok(ip) = self.engine.resolve_from(&self.node, &self.uid, &self.namespace, host) else { return false };
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
        let ep = self.engine.route(&self.node, &self.uid, &self.namespace, host, port)?;
        let now = self.engine.now;
        self.engine.endpoint_http(&ep, path, now)
    }
}

/// Does the image's `/bin/sh` exec the last command of `sh -c` (busybox ash)?
pub fn ash_image(image_ref: &str) -> bool {
    let r = image_ref.to_ascii_lowercase();
    r.contains("busybox") || r.contains("alpine") || r.contains("curlimages/curl") || r.contains("netshoot") || r.contains("polinux/stress")
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
    fn host_for(&mut self, node: &str, container_id: &str) -> Option<ContainerHost<'_>> {
        let c = self.machines.get(node)?.runtime.containers.get(container_id)?;
        let (uid, name, sandbox) = (c.pod_uid.clone(), c.name.clone(), c.sandbox_id.clone());
        let s = self.machines.get(node)?.runtime.sandboxes.get(&sandbox)?;
        let (ns, pod_name) = (s.namespace.clone(), s.pod_name.clone());
        let pod = self.kubelet_pod(node, &ns, &pod_name).unwrap_or(Value::Null);
        let hostname = pod["spec"]["hostname"].as_str().unwrap_or(&pod_name).to_string();
        let mounts = mounts_of(&pod, &name);
        Some(ContainerHost { engine: self, node: node.to_string(), uid, container_id: container_id.to_string(), namespace: ns, hostname, mounts, out: String::new(), err: String::new(), offset_ms: 0 })
    }

    /// Starts a container's process as the shell would exec it. Err is runc's exec error.
    pub(crate) fn shell_process(&mut self, argv: &[String], image_ref: &str, env: &[(String, String)]) -> Box<Shell> {
        let argv = ash_exec_last(argv, image_ref);
        let env: BTreeMap<String, String> = crate::sort::collect_map(env.iter().cloned());
        Box::new(Shell::from_argv(argv, env))
    }

    /// Runs a container's shell until it waits; handles what it yields.
    pub(crate) fn shell_run(&mut self, node: &str, container_id: &str) {
        for _ in 0..64 {
            let Some(c) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)) else { return };
            if c.state != ContainerState::Running {
                return;
            }
            let generation = c.generation;
            let Some(p) = c.process.as_mut() else { return };
            let Some(mut shell) = p.shell.take() else { return };
            let (y, out, err) = {
                let Some(mut host) = self.host_for(node, container_id) else { return };
                let y = shell.resume(&mut host);
                (y, std::mem::take(&mut host.out), std::mem::take(&mut host.err))
            };
            self.container_log(node, container_id, &out, &err);
            let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) else { return };
            let (argv, exec) = match y {
                Yield::Sleep { ms } => {
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
                    match process::program_for(&argv, catalog, &env) {
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
                            self.apply_effects(node, container_id, generation, effects);
                            return;
                        }
                        Err(_) => {
                            shell.program_not_found();
                            if let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) {
                                p.shell = Some(shell);
                            }
                        }
                    }
                }
            }
        }
    }

    fn container_catalog(&self, node: &str, container_id: &str) -> Option<&'static crate::registry::CatalogImage> {
        let m = self.machines.get(node)?;
        let c = m.runtime.containers.get(container_id)?;
        m.runtime.images.values().find(|i| i.repo_digests.contains(&c.image_id) || i.id == c.image_id).and_then(|i| i.catalog)
    }

    /// Appends output to the container log, line by line.
    pub(crate) fn container_log(&mut self, node: &str, container_id: &str, out: &str, err: &str) {
        let now = self.now;
        let Some(c) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)) else { return };
        for (stream, text) in [("stdout", out), ("stderr", err)] {
            for line in text.lines() {
                c.log.push((now, stream, line.to_string()));
            }
        }
        if c.log.len() > 5000 {
            c.log.drain(..1000);
        }
    }

    /// The shell's foreground program ended: the script goes on.
    pub(crate) fn shell_child_exited(&mut self, node: &str, container_id: &str, code: i32) -> bool {
        let Some(p) = self.machines.get_mut(node).and_then(|m| m.runtime.containers.get_mut(container_id)).and_then(|c| c.process.as_mut()) else { return false };
        if !p.child {
            return false;
        }
        p.child = false;
        p.app = App::idle();
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

    /// `ExecSync`: runs `argv` in a running container at once; the time its `sleep`s take is
    /// counted, not waited for. `nginx -s quit|stop|reload` signals the container's nginx.
    pub(crate) fn exec_in_container(&mut self, node: &str, uid: &str, container: &str, argv: &[String]) -> Result<ExecRun, String> {
        let id = self.machines.get(node).and_then(|m| m.runtime.pod_containers(uid).into_iter().find(|c| c.name == container && c.state == ContainerState::Running).map(|c| c.id.clone()));
        let Some(id) = id else {
            return Err(format!("rpc error: code = NotFound desc = failed to exec in container: container {container:?} is not running"));
        };
        let env: BTreeMap<String, String> = self.machines.get(node).and_then(|m| m.runtime.containers.get(&id)).and_then(|c| c.process.as_ref()).and_then(|p| p.shell.as_ref()).map(|s| s.exported_env()).unwrap_or_default();
        let mut shell = Shell::from_argv(argv.to_vec(), env);
        shell.set_pid(900);
        let mut duration = 0u64;
        let mut out = String::new();
        for _ in 0..10_000 {
            let y = {
                let Some(mut host) = self.host_for(node, &id) else { return Err("container vanished".into()) };
                host.offset_ms = duration;
                let y = shell.resume(&mut host);
                out.push_str(&host.out);
                out.push_str(&host.err);
                y
            };
            match y {
                Yield::Sleep { ms } => duration = duration.saturating_add(ms),
                Yield::Exit { code } => return Ok(ExecRun { code, output: out, duration_ms: duration }),
                Yield::WaitForever => return Ok(ExecRun { code: 137, output: out, duration_ms: u64::MAX / 4 }),
                Yield::Run { argv } => match self.exec_program(node, uid, &id, &argv) {
                    Some((code, text)) => {
                        shell.program_output(&text, "");
                        shell.program_exited(code);
                    }
                    None => shell.program_not_found(),
                },
                Yield::Exec { argv } => {
                    return Ok(match self.exec_program(node, uid, &id, &argv) {
                        Some((code, text)) => ExecRun { code, output: format!("{out}{text}"), duration_ms: duration },
                        None => ExecRun {
                            code: 126,
                            output: format!("OCI runtime exec failed: exec failed: unable to start container process: exec: {:?}: executable file not found in $PATH: unknown\n", argv.first().cloned().unwrap_or_default()),
                            duration_ms: duration,
                        },
                    });
                }
            }
        }
        Ok(ExecRun { code: 124, output: out, duration_ms: duration })
    }

    /// The programs an exec may run besides the shell's applets: `nginx -s quit|stop|reload`
    /// (signals the container's nginx), `pg_isready`, `redis-cli ping`,
    /// `grpc_health_probe -addr=:PORT`. None: no such program.
    fn exec_program(&mut self, node: &str, uid: &str, container_id: &str, argv: &[String]) -> Option<(i32, String)> {
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
                let pod = self.machines.get(node).and_then(|m| m.runtime.sandboxes.values().find(|s| s.pod_uid == uid)).map(|s| crate::trace::ObjectRef { kind: "Pod".into(), namespace: Some(s.namespace.clone()), name: s.pod_name.clone() });
                self.send_signal(node, container_id, sig, pod);
                Some((0, String::new()))
            }
            // busybox's ps (not in Debian-based images): the processes of the container's PID
            // namespace — the pod's, pause first, with `shareProcessNamespace: true`.
            "ps" => {
                let m = self.machines.get(node)?;
                let image_ref = m.runtime.containers.get(container_id).map(|c| c.image_ref.clone()).unwrap_or_default();
                if !ash_image(&image_ref) {
                    return None;
                }
                let c = m.runtime.containers.get(container_id)?;
                let shared = m.runtime.sandboxes.get(&c.sandbox_id).is_some_and(|s| s.shared_pid_namespace);
                let mut procs: Vec<(String, String)> = vec![];
                if shared {
                    procs.push(("65535".into(), "/pause".into()));
                }
                let mut members: Vec<&crate::containerd::Container> = if shared {
                    m.runtime.containers.values().filter(|x| x.sandbox_id == c.sandbox_id && x.state == ContainerState::Running).collect()
                } else {
                    vec![c]
                };
                crate::sort::sort_by_key(&mut members, |x| (x.started_at, x.id.clone()));
                for x in members {
                    let Some(p) = x.process.as_ref() else { continue };
                    let user = if p.app.kind == crate::process::AppKind::Pause { "65535" } else { "root" };
                    if p.shell.is_some() && p.child {
                        procs.push((user.into(), x.process_cmdline_shell()));
                        procs.push((user.into(), p.child_argv.join(" ")));
                    } else if p.app.kind == crate::process::AppKind::Nginx {
                        procs.push(("root".into(), format!("nginx: master process {}", p.argv.iter().skip_while(|a| a.ends_with("docker-entrypoint.sh")).cloned().collect::<Vec<_>>().join(" "))));
                        procs.push(("101".into(), "nginx: worker process".into()));
                    } else {
                        procs.push((user.into(), x.process_cmdline_shell()));
                    }
                }
                procs.push(("root".into(), argv.join(" ")));
                let mut text = String::from("PID   USER     TIME  COMMAND\n");
                let mut pid = 1;
                for (i, (user, cmd)) in procs.iter().enumerate() {
                    // Later processes were started after a few short-lived ones (entrypoints).
                    pid = if i == 0 { 1 } else { pid + 1 + (i as u32 * 5) % 7 };
                    text.push_str(&format!("{pid:>5} {user:<8} {:>5} {cmd}\n", "0:00"));
                }
                Some((0, text))
            }
            "pg_isready" => Some(if listens(self, 5432) { (0, "/var/run/postgresql:5432 - accepting connections\n".into()) } else { (2, "/var/run/postgresql:5432 - no response\n".into()) }),
            "redis-cli" => Some(if listens(self, 6379) { (0, "PONG\n".into()) } else { (1, "Could not connect to Redis at 127.0.0.1:6379: Connection refused\n".into()) }),
            "grpc_health_probe" => {
                let port = argv.iter().find_map(|a| a.strip_prefix("-addr=")).and_then(|a| a.rsplit(':').next()).and_then(|p| p.parse::<u16>().ok()).unwrap_or(0);
                Some(if listens(self, port) { (0, "status: SERVING\n".into()) } else { (2, format!("timeout: failed to connect service \":{port}\" within 1s\n")) })
            }
            _ => None,
        }
    }
}


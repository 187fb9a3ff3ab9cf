//! What runs inside a container: the image's program, modelled by what a learner can observe
//! of it — when it listens, what its HTTP endpoints answer, how much memory it holds, when it
//! exits and with which code, and what it does with each signal.
//!
//! The argv is resolved as the kubelet and runc resolve it (`command` replaces the image's
//! ENTRYPOINT, `args` replaces its CMD; `pkg/kubelet/kuberuntime/kuberuntime_container.go`,
//! `ExpandContainerCommandAndArgs`). Shell text (`sh -c …`, exec probes) runs in the interpreted
//! shell of `crate::shell`; servers come from `apps`.

pub mod apps;
pub mod envoy;
pub mod nginx_conf;
pub mod perl;
pub mod python;
pub mod redis;
pub mod servers;

use crate::clock::Time;
pub use apps::{App, AppKind, GrpcHealth, Protocol};

/// Signals by number, as Linux numbers them on amd64.
pub const SIGHUP: i32 = 1;
pub const SIGINT: i32 = 2;
pub const SIGQUIT: i32 = 3;
pub const SIGKILL: i32 = 9;
pub const SIGTERM: i32 = 15;
pub const SIGWINCH: i32 = 28;

/// A signal name (`SIGQUIT`, `QUIT`, `3`) as images' STOPSIGNAL gives it → its number.
pub fn signal_number(name: &str) -> Option<i32> {
    let n = name.trim().trim_start_matches("SIG");
    if let Ok(v) = n.parse::<i32>() {
        return (1..=64).contains(&v).then_some(v);
    }
    Some(match n {
        "HUP" => 1,
        "INT" => 2,
        "QUIT" => 3,
        "KILL" => 9,
        "USR1" => 10,
        "USR2" => 12,
        "TERM" => 15,
        "WINCH" => 28,
        _ => return None,
    })
}

/// The name Linux gives a signal (`SIGTERM`).
pub fn signal_name(sig: i32) -> String {
    match sig {
        1 => "SIGHUP".into(),
        2 => "SIGINT".into(),
        3 => "SIGQUIT".into(),
        9 => "SIGKILL".into(),
        10 => "SIGUSR1".into(),
        12 => "SIGUSR2".into(),
        15 => "SIGTERM".into(),
        28 => "SIGWINCH".into(),
        n => format!("signal {n}"),
    }
}

/// Something a process asks of the runtime.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Wake me with this timer after `after_ms`.
    Timer { after_ms: u64, timer: Timer },
    /// The process exits with this status.
    Exit { code: i32 },
    /// A line on stdout/stderr (the container log).
    Log { stream: &'static str, line: String },
}

/// A process's own timers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Timer {
    /// The app has finished starting (opens its ports).
    Listening,
    /// The app exits by itself.
    Exit { code: i32 },
    /// The app finished its graceful shutdown.
    ShutdownDone { code: i32 },
    /// The interpreted shell's `sleep` ended (`wake` tells stale wake-ups apart).
    ShellResume { wake: u64 },
    /// The process's memory passes its cgroup's limit: the kernel's OOM killer.
    OutOfMemory,
}

/// How the container's program treats a signal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disposition {
    /// A handler runs (the program will exit or carry on as it decides).
    Handled,
    /// No handler, and the process is PID 1 of its PID namespace: the kernel drops the signal
    /// (only SIGKILL and SIGSTOP reach PID 1 without a handler).
    IgnoredAsPid1,
    /// No handler: the default action kills the process (exit 128+n).
    Killed,
    /// The program ignores it on purpose (`trap '' TERM`, an app told to ignore SIGTERM).
    Ignored,
}

/// A running program and its observable state.
#[derive(Debug, Clone)]
pub struct Process {
    pub argv: Vec<String>,
    pub pid: u32,
    pub started_at: Time,
    pub app: App,
    /// Set once a graceful shutdown has begun (ports close at once, as servers stop accepting).
    pub stopping: bool,
    /// The interpreted shell, while the process is a shell (PID 1 `sh`, or an applet such as
    /// `sleep` run by it); `app` is then the shell's foreground program, if any.
    pub shell: Option<Box<crate::shell::Shell>>,
    /// The shell waits for `app` to exit (a foreground program of the script).
    pub child: bool,
    /// That program's argv.
    pub child_argv: Vec<String>,
    /// Counts the shell's wake-ups, so a stale `ShellResume` is ignored.
    pub wake: u64,
    /// The shell computes without blocking: it wants a core (`crate::containerd::cpu`).
    pub busy: bool,
}

impl Process {
    pub fn new(argv: Vec<String>, pid: u32, started_at: Time, app: App) -> Process {
        Process { argv, pid, started_at, app, stopping: false, shell: None, child: false, child_argv: Vec::new(), wake: 0, busy: false }
    }

    /// Effects at start: log lines, timers.
    pub fn start(&mut self) -> Vec<Effect> {
        self.app.start()
    }

    pub fn on_timer(&mut self, timer: &Timer) -> Vec<Effect> {
        match timer {
            Timer::Listening => {
                self.app.listening = !self.stopping;
                self.app.ready_lines()
            }
            Timer::Exit { code } => {
                let mut out: Vec<Effect> = self.app.exit_lines.iter().map(|(s, l)| Effect::Log { stream: s, line: l.clone() }).collect();
                out.push(Effect::Exit { code: *code });
                out
            }
            Timer::ShutdownDone { code } => vec![Effect::Exit { code: *code }],
            Timer::ShellResume { .. } | Timer::OutOfMemory => vec![],
        }
    }

    /// A signal from the runtime (`StopContainer` sends the stop signal; SIGKILL is the
    /// runtime's own business). `pid1`: the process is the first of its PID namespace.
    pub fn signal(&mut self, sig: i32, pid1: bool) -> (Disposition, Vec<Effect>) {
        // nginx's master reloads its configuration on SIGHUP: new workers replace the old
        // ones (`ngx_signal_handler`'s NGX_RECONFIGURE).
        if self.app.kind == AppKind::Nginx && sig == SIGHUP {
            self.app.reloads += 1;
            return (Disposition::Handled, vec![]);
        }
        match self.app.on_signal(sig) {
            Some(effects) => {
                self.stopping = true;
                self.app.listening &= self.app.lameduck;
                (Disposition::Handled, effects)
            }
            None if self.app.ignores(sig) => (Disposition::Ignored, vec![]),
            None if pid1 => (Disposition::IgnoredAsPid1, vec![]),
            None => (Disposition::Killed, vec![Effect::Exit { code: 128 + sig }]),
        }
    }

    /// Is something accepting TCP connections on `port` from the pod's address now? (A port
    /// bound to 127.0.0.1 only is reached from inside the pod alone: `listens_locally`.)
    pub fn listens(&self, port: u16) -> bool {
        self.listens_locally(port) && !self.app.loopback.contains(&port)
    }

    /// Is something accepting connections on `port` at any of the pod's addresses, loopback
    /// included? (The program's own ports, or an `nc -l` listener of the shell.)
    pub fn listens_locally(&self, port: u16) -> bool {
        ((!self.stopping || self.app.lameduck) && self.app.listening && self.app.ports.contains(&port)) || self.shell.as_ref().is_some_and(|s| s.listening_ports().contains(&port))
    }

    /// A gRPC client's health check on `port` (`grpc.health.v1.Health/Check` for `service`),
    /// from inside the pod (`local`: loopback ports count) or from its address: None when the
    /// client never gets a gRPC connection (nothing listens, or the listener does not speak
    /// gRPC in cleartext: an HTTP/1 server answers the HTTP/2 preface with an HTTP/1 error, a
    /// TLS server ends the handshake), so a blocking dial retries until its deadline.
    pub fn grpc_check(&self, port: u16, service: &str, now: Time, local: bool) -> Option<apps::GrpcHealth> {
        let open = if local { self.listens_locally(port) } else { self.listens(port) };
        if !open {
            return None;
        }
        match self.app.protocol(port) {
            apps::Protocol::Grpc | apps::Protocol::GrpcAndHttp1 => Some(self.app.grpc_check(service, now.millis().saturating_sub(self.started_at.millis()))),
            apps::Protocol::Http1 | apps::Protocol::Tls | apps::Protocol::Tcp => None,
        }
    }

    /// Until when the process's answers stay as they are now, absent events (None: forever).
    pub fn answers_stable_until(&self, now: Time) -> Option<Time> {
        let ms = now.millis().saturating_sub(self.started_at.millis());
        self.app.answers_change_after(ms).map(|t| self.started_at.plus_millis(t))
    }

    /// The answer to `GET path` on `port`, if the process serves HTTP there.
    pub fn http_get(&self, port: u16, path: &str, now: Time) -> Option<u16> {
        if !(!self.stopping && self.app.listening && self.app.ports.contains(&port)) {
            return None;
        }
        Some(self.app.http_status(path, now.millis().saturating_sub(self.started_at.millis())))
    }

    /// When (ms after start) the process first holds more than `limit` bytes, if ever.
    pub fn exceeds_at(&self, limit: u64) -> Option<u64> {
        self.app.exceeds_at(limit)
    }
}

/// An OS base image from the tag rules (debian, ubuntu, alpine, busybox): nothing but the
/// distribution's own base packages.
fn bare_os_image(image: Option<&crate::registry::Image>) -> bool {
    image.is_some_and(|i| matches!(i.provenance, crate::registry::Provenance::Rules { .. }) && matches!(i.name.rsplit('/').next(), Some("debian" | "ubuntu" | "alpine" | "busybox")))
}

/// The (major, minor) of the python an image runs: `python3.12` names it, else the image's
/// `PYTHON_VERSION`; an image that says neither counts as the newest (3.14).
fn python_version(image: Option<&crate::registry::Image>, program: &str) -> (u32, u32) {
    let from_env = || image?.config.env.iter().find_map(|e| e.strip_prefix("PYTHON_VERSION=")).map(str::to_string);
    let text = program.strip_prefix("python").filter(|v| v.contains('.')).map(str::to_string).or_else(from_env).unwrap_or_default();
    let mut parts = text.split('.').map(|p| p.parse::<u32>().ok());
    match (parts.next().flatten(), parts.next().flatten()) {
        (Some(major), Some(minor)) => (major, minor),
        _ => (3, 14),
    }
}

/// The program an argv starts in a container of `image`; Err is runc's exec error (the
/// executable does not exist in the image).
// The program models this builds are `#[inline(never)]` constructors: as functions of their
// own, the ones a session rarely starts leave the worker's first download (xtask/src/split.rs).
pub fn program_for(argv: &[String], image: Option<&crate::registry::Image>, env: &[(String, String)]) -> Result<App, String> {
    let Some(first) = argv.first() else {
        return Err("exec: \"\": executable file not found in $PATH".into());
    };
    let base = first.rsplit('/').next().unwrap_or(first);
    let arg = |i: usize| argv.get(i).map(String::as_str).unwrap_or_default();
    // A flag's value, as `--name value` or (cobra, Go's flag package) `--name=value`.
    let flag = |name: &str| {
        argv.iter().find_map(|a| a.strip_prefix(name).and_then(|v| v.strip_prefix('='))).or_else(|| argv.iter().position(|a| a == name).and_then(|i| argv.get(i + 1)).map(String::as_str))
    };
    Ok(match base {
        // envoy's entrypoint: a first argument that looks like a flag runs envoy with it.
        "docker-entrypoint.sh" if argv.get(1).is_some_and(|a| a.starts_with('-')) && image.is_some_and(|i| i.name.ends_with("/envoy")) => {
            let mut with_envoy = vec!["envoy".to_string()];
            with_envoy.extend(argv[1..].iter().cloned());
            return program_for(&with_envoy, image, env);
        }
        // redis's entrypoint (docker-library/redis docker-entrypoint.sh): a first argument that
        // is a flag or ends in `.conf` runs `redis-server` with the arguments.
        "docker-entrypoint.sh" if image.is_some_and(|i| i.name.ends_with("/redis")) && argv.get(1).is_some_and(|a| a.starts_with('-') || a.ends_with(".conf")) => {
            let mut with_server = vec!["redis-server".to_string()];
            with_server.extend(argv[1..].iter().cloned());
            return program_for(&with_server, image, env);
        }
        "docker-entrypoint.sh" if argv.len() > 1 => return program_for(&argv[1..], image, env),
        "docker-entrypoint.sh" => App::oneshot(0),
        "nginx" if argv.iter().any(|a| a == "-v" || a == "-V" || a == "-t") => App::oneshot(0),
        "nginx" | "nginx-debug" => {
            let mut app = App::nginx();
            // The docker-entrypoint.sh lines are the official image's; images that start
            // nginx from their CMD (registry.k8s.io/nginx-slim, hello-frontend) print none.
            if image.is_some_and(|i| !i.config.entrypoint.iter().any(|e| e.ends_with("docker-entrypoint.sh"))) {
                app.start_lines.clear();
            }
            // hello-frontend's configuration (the page's frontend.conf, baked into the image):
            // `/` goes to the `hello` Service.
            if image.is_some_and(|i| i.name.ends_with("google-samples/hello-frontend")) {
                app.role = Some(Box::new(servers::Role::HttpProxy { upstream: "hello".into() }));
            }
            app
        }
        // GKE's hello-app (kubernetes-engine-samples quickstarts/hello-app/main.go): its
        // version is the image's tag (1.0 → 1.0.0), its port `$PORT` (the image sets 8080).
        "hello-app" => {
            let tag = image.map(|i| i.tag.as_str()).unwrap_or("1.0");
            let version = if tag.matches('.').count() == 1 { format!("{tag}.0") } else { tag.to_string() };
            let port = env.iter().rev().find(|(k, _)| k == "PORT").and_then(|(_, v)| v.parse().ok()).unwrap_or(8080);
            App::hello_app(&version, port)
        }
        "hello" if image.is_some_and(|i| i.name.ends_with("google-samples/hello-go-gke")) => App::hello_go_gke(),
        // kubernetes test/images/goproxy/goproxy.go: an HTTP proxy on :8080.
        "goproxy" => App::goproxy(),
        // github.com/vishh/stress (main.go): Go flags `-cpus`, `-mem-total`, `-mem-alloc-size`,
        // `-mem-alloc-sleep` (`-name value`, `-name=value`, or with `--`).
        "stress" if image.is_some_and(|i| i.name.ends_with("vish/stress")) || argv.iter().any(|a| a == "-logtostderr") => {
            let go_flag = |name: &str| flag(&format!("-{name}")).or_else(|| flag(&format!("--{name}")));
            let quantity = |name: &str, default: &'static str| {
                let text = go_flag(name).unwrap_or(default);
                podlife_model::quantity::Quantity::parse(text).ok().map(|q| (q.value().max(0) as u64, text.to_string()))
            };
            let (Some(total), Some(step)) = (quantity("mem-total", "0"), quantity("mem-alloc-size", "4Ki")) else {
                // resource.MustParse panics on a bad quantity.
                let mut app = App::oneshot(2);
                app.exit_lines = vec![("stderr", "panic: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'".into())];
                return Ok(app);
            };
            let sleep_ms = go_flag("mem-alloc-sleep").map_or(Some(1), apps::parse_go_duration);
            let cpus = go_flag("cpus").map_or(Some(0), |c| c.parse::<u64>().ok());
            let (Some(sleep_ms), Some(cpus)) = (sleep_ms, cpus) else {
                // The flag package rejects the value: usage on stderr, exit 2.
                let mut app = App::oneshot(2);
                app.exit_lines = vec![("stderr", "invalid value for flag: see -help".into())];
                return Ok(app);
            };
            App::vish_stress(cpus, (total.0, &total.1), (step.0, &step.1), sleep_ms)
        }
        "postgres" => App::postgres(env),
        "redis-server" => {
            let mut app = App::redis();
            app.redis.password = flag("--requirepass").map(str::to_string);
            // `redis-server /path/to/redis.conf [--opt …]`: the file is read when it starts.
            if let Some(path) = argv.get(1).filter(|a| !a.starts_with('-')) {
                app.role = Some(Box::new(servers::Role::RedisConfig { path: path.clone() }));
            }
            app
        }
        "etcd" => {
            let urls = |name: &str, default: &str| flag(name).unwrap_or(default).split(',').map(str::to_string).collect::<Vec<_>>();
            let metrics: Vec<String> = flag("--listen-metrics-urls").map(|v| v.split(',').map(str::to_string).collect()).unwrap_or_default();
            App::etcd(&urls("--listen-client-urls", "http://localhost:2379"), &urls("--listen-peer-urls", "http://localhost:2380"), &metrics).using(18, 40 * 1024 * 1024)
        }
        "httpd-foreground" | "httpd" => App::httpd(),
        "pause" => App::pause(),
        "agnhost" => match arg(1) {
            "liveness" => App::agnhost_liveness(),
            "netexec" => App::server(vec![flag("--http-port").and_then(|p| p.parse().ok()).unwrap_or(8080)]).go_program(),
            "serve-hostname" => App::server(vec![flag("--port").and_then(|p| p.parse().ok()).unwrap_or(9376)]).go_program(),
            "pause" => App::pause(),
            "grpc-health-checking" => App::agnhost_grpc_health(
                flag("--port").and_then(|p| p.parse().ok()).unwrap_or(5000),
                flag("--http-port").and_then(|p| p.parse().ok()).unwrap_or(8080),
                flag("--service").unwrap_or_default(),
                flag("--delay-unhealthy-sec").and_then(|p| p.parse().ok()).unwrap_or(-1),
            )
            .go_program(),
            "test-webserver" => App::server(vec![80]).go_program(),
            "webhook" => App::agnhost_webhook(argv),
            _ => App::server(vec![8080]).go_program(),
        },
        // stress(1): `--vm N` workers hold `--vm-bytes` (256M by default), `--cpu N` workers
        // spin, `--timeout N[smhd]` ends it.
        "stress" => {
            let short = |long: &str, s: &str| flag(long).or_else(|| flag(s));
            let vm = short("--vm", "-m").is_some().then(|| flag("--vm-bytes").and_then(apps::stress_bytes).unwrap_or(256 * 1024 * 1024));
            let cpus = short("--cpu", "-c").and_then(|n| n.parse::<u64>().ok()).unwrap_or(0);
            let timeout = short("--timeout", "-t").and_then(apps::stress_duration_ms);
            App::stress(vm, cpus, timeout)
        }
        "app" | "podlife-app" => App::podlife_app(env),
        // `/slow-start --startup-delay=30s --listen=:8080`: the podlife app with a slow start.
        "slow-start" | "model-server" => {
            let arg_value = |prefix: &str| argv.iter().find_map(|a| a.strip_prefix(prefix)).map(str::to_string);
            let mut env = env.to_vec();
            let delay = arg_value("--startup-delay=").unwrap_or_else(|| if base == "model-server" { "20s".into() } else { "30s".into() });
            env.push(("STARTUP_SECONDS".into(), delay.trim_end_matches('s').to_string()));
            if let Some(port) = arg_value("--listen=").and_then(|l| l.rsplit(':').next().map(str::to_string)) {
                env.push(("PORT".into(), port));
            }
            App::podlife_app(&env)
        }
        // The JVM installs a SIGTERM handler (shutdown hooks) and exits 143; Python and Node
        // install none, so as PID 1 they ignore SIGTERM.
        "java" => App::runtime_app(143),
        // The bare OS images carry no language runtime (debian's and ubuntu's only perl).
        "python" | "python3" | "node" | "ruby" | "irb" | "php" if bare_os_image(image) => {
            return Err(format!("exec: \"{first}\": executable file not found in $PATH"));
        }
        b if b.strip_prefix("python3.").is_some() && bare_os_image(image) => return Err(format!("exec: \"{first}\": executable file not found in $PATH")),
        // An interpreter with no program reads it from stdin, which is /dev/null without
        // `stdin: true`: it runs nothing and exits 0 (the python and node images' default CMD).
        "python" | "python3" | "node" | "ruby" | "irb" | "php" | "bash" if argv.len() == 1 => App::oneshot(0),
        b if argv.len() == 1 && b.strip_prefix("python3.").is_some_and(|v| v.bytes().all(|c| c.is_ascii_digit())) => App::oneshot(0),
        // `python -c '…'` in the subset python.rs interprets. Its texts are CPython 3.13+'s
        // (source lines under a `-c` traceback, 3.14's dedent): an older python image's errors
        // are left to the fallback below rather than told wrongly.
        b if (b == "python" || b.strip_prefix("python3").is_some_and(|v| v.is_empty() || v.strip_prefix('.').is_some_and(|v| v.bytes().all(|c| c.is_ascii_digit()))))
            && let Some(run) = python::run(argv, env).filter(|run| run.stderr.is_empty() || python_version(image, b) >= (3, 14)) =>
        {
            let mut app = App::computes(run.duration_ms, &run.stdout, &run.stderr, run.code);
            // Sleeping is not running: a script's CPU is its start-up (~20 ms) over its life.
            app.cpu_milli = (20_000 / run.duration_ms.max(1)).clamp(1, 1000);
            app.graceful.retain(|(s, _)| *s != SIGTERM);
            app
        }
        "python" | "python3" | "node" | "ruby" | "php" => {
            let mut app = App::runtime_app(143);
            app.graceful.retain(|(s, _)| *s != SIGTERM);
            app.unknown = Some("runs-until-stopped");
            app
        }
        // perl one-liners (`perl5.34.0` is the perl image's own name for its perl).
        b if b == "perl" || b.strip_prefix("perl5.").is_some_and(|v| v.bytes().all(|c| c.is_ascii_digit() || c == b'.')) => {
            if image.is_some_and(|i| matches!(i.provenance, crate::registry::Provenance::Rules { os: crate::registry::rules::Os::Alpine | crate::registry::rules::Os::Busybox | crate::registry::rules::Os::NoShell, .. }) || i.name.contains("busybox") || i.name.contains("alpine")) {
                return Err(format!("exec: \"{first}\": executable file not found in $PATH"));
            }
            let version = b.strip_prefix("perl").filter(|v| !v.is_empty()).or_else(|| image.and_then(|i| i.config.cmd.first()).and_then(|c| c.strip_prefix("perl"))).unwrap_or_default();
            match perl::run(argv, version) {
                Some(run) => App::computes(run.cpu_ms, &run.stdout, &run.stderr, run.code),
                None => App::unknown_program(),
            }
        }
        "sh" | "bash" | "ash" | "dash" if argv.len() == 1 => App::oneshot(0),
        "echo" | "true" | "date" | "env" | "printenv" | "hostname" | "uname" | "ls" | "cat" | "id" => App::oneshot(0),
        "false" => App::oneshot(1),
        // `envoy -c PATH` (the image's CMD names /etc/envoy/envoy.yaml).
        "envoy" if argv.iter().any(|a| a == "--version") => App::oneshot(0),
        "envoy" => App::envoy(flag("-c").or_else(|| flag("--config-path")).unwrap_or_default()),
        // Istio's images: pilot-discovery (istio/pilot) and pilot-agent (istio/proxyv2).
        "pilot-discovery" => App::istiod(),
        "pilot-agent" if arg(1) == "istio-iptables" => App::istio_iptables(&argv[1..]),
        "pilot-agent" if arg(1) == "proxy" => App::istio_proxy(),
        "pilot-agent" => App::oneshot(0),
        // The kind node's system programs (ports from kubeadm's manifests and the programs'
        // defaults).
        "kube-apiserver" => App::daemon(vec![6443]).using(40, 230 * 1024 * 1024),
        "kube-controller-manager" => App::daemon(vec![10257]).using(12, 48 * 1024 * 1024),
        "kube-scheduler" => App::daemon(vec![10259]).using(3, 20 * 1024 * 1024),
        "kube-proxy" => App::daemon(vec![10249, 10256]).using(1, 14 * 1024 * 1024),
        "kindnetd" => App::daemon(vec![]).using(1, 9 * 1024 * 1024),
        // kind's storage provisioner (its controller; no port of its own).
        "local-path-provisioner" => App::daemon(vec![]).using(1, 8 * 1024 * 1024),
        "coredns" => App::coredns().using(2, 13 * 1024 * 1024),
        // metrics-server: its API and /livez, /readyz on `--secure-port` (10250).
        "metrics-server" => App::daemon(vec![flag("--secure-port").and_then(|p| p.parse().ok()).unwrap_or(10250)]).using(3, 18 * 1024 * 1024),
        "fluent-bit" => App::server(vec![2020]),
        // hashicorp/http-echo (main.go): `-text` or `$ECHO_TEXT`, `-listen` (:5678).
        "http-echo" => {
            let listen = flag("-listen").unwrap_or(":5678");
            let text = flag("-text").map(str::to_string).or_else(|| env.iter().rev().find(|(k, _)| k == "ECHO_TEXT").map(|(_, v)| v.clone())).unwrap_or_default();
            if text.is_empty() {
                let mut app = App::oneshot(127);
                app.exit_lines = vec![("stderr", "Missing -text option OR ENV var TEXT is empty!".into())];
                return Ok(app);
            }
            App::http_echo(&text, listen, listen.rsplit(':').next().and_then(|p| p.parse().ok()).unwrap_or(5678))
        }
        // socat `tcp-listen:PORT,fork tcp-connect:HOST:PORT` (the ambassador example): it
        // listens on PORT; what it relays to the other address is not modelled (a
        // connection is accepted and gets nothing back).
        "socat" => {
            let listen_port = |a: &String| {
                let a = a.to_ascii_lowercase();
                let rest = a.strip_prefix("tcp-listen:").or_else(|| a.strip_prefix("tcp4-listen:"))?;
                rest.split(',').next()?.parse::<u16>().ok()
            };
            App::server(argv[1..].iter().filter_map(listen_port).collect())
        }
        // The php apache images (gb-frontend): Apache httpd, whose graceful stop is SIGWINCH;
        // the page it serves is not modelled.
        "docker-php-entrypoint" | "apache2-foreground" => {
            let mut app = App::httpd();
            app.unknown = Some("serves-exposed-ports");
            app
        }
        _ => match image {
            Some(img) if img.config.entrypoint.iter().chain(img.config.cmd.iter()).any(|p| p.rsplit('/').next() == Some(base)) => {
                let mut app = App::server(img.config.exposed_ports.clone());
                app.unknown = Some("serves-exposed-ports");
                app
            }
            _ => return Err(format!("exec: \"{first}\": executable file not found in $PATH")),
        },
    })
}

/// The argv a container runs: `command` replaces ENTRYPOINT, `args` replaces CMD; with only
/// `args`, the image's ENTRYPOINT gets them (`kubecontainer` `ExpandContainerCommandAndArgs`
/// and the CRI's `ContainerConfig.Command`/`Args`; `$(VAR)` references are expanded from the
/// container's env, unknown ones stay as written).
pub fn resolve_argv(command: &[String], args: &[String], entrypoint: &[String], cmd: &[String], env: &[(String, String)]) -> Vec<String> {
    let expand = |s: &String| expand_env_refs(s, env);
    let mut argv: Vec<String> = if !command.is_empty() {
        command.iter().map(expand).collect()
    } else {
        entrypoint.to_vec()
    };
    if !args.is_empty() {
        argv.extend(args.iter().map(expand));
    } else if command.is_empty() {
        argv.extend(cmd.iter().cloned());
    }
    argv
}

/// `$(VAR)` expansion as `third_party/forked/golang/expansion` does it: `$$` escapes, unknown
/// references stay untouched.
pub fn expand_env_refs(text: &str, env: &[(String, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'$' && i + 1 < b.len() {
            if b[i + 1] == b'$' {
                out.push('$');
                i += 2;
                continue;
            }
            if b[i + 1] == b'('
                && let Some(end) = text[i + 2..].find(')') {
                    let name = &text[i + 2..i + 2 + end];
                    match env.iter().rev().find(|(k, _)| k == name) {
                        Some((_, v)) => out.push_str(v),
                        None => out.push_str(&text[i..i + 3 + end]),
                    }
                    i += 3 + end;
                    continue;
                }
        }
        let ch = text[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_and_args_resolution() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let ep = s(&["/docker-entrypoint.sh"]);
        let cmd = s(&["nginx", "-g", "daemon off;"]);
        assert_eq!(resolve_argv(&[], &[], &ep, &cmd, &[]), s(&["/docker-entrypoint.sh", "nginx", "-g", "daemon off;"]));
        assert_eq!(resolve_argv(&[], &s(&["-v"]), &ep, &cmd, &[]), s(&["/docker-entrypoint.sh", "-v"]));
        assert_eq!(resolve_argv(&s(&["sleep"]), &[], &ep, &cmd, &[]), s(&["sleep"]));
        assert_eq!(resolve_argv(&s(&["sh", "-c"]), &s(&["echo $(MSG) $(NOPE) $$(MSG)"]), &ep, &cmd, &[("MSG".into(), "hi".into())]), s(&["sh", "-c", "echo hi $(NOPE) $(MSG)"]));
    }

    #[test]
    fn signal_names() {
        assert_eq!(signal_number("SIGQUIT"), Some(3));
        assert_eq!(signal_number("TERM"), Some(15));
        assert_eq!(signal_number("9"), Some(9));
        assert_eq!(signal_number("SIGNOPE"), None);
        assert_eq!(signal_name(15), "SIGTERM");
    }
}

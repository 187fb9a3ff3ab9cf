//! The programs of the images podlife knows, as a learner observes them: what they print at
//! start, when they listen, what their HTTP endpoints answer, their memory, and how each
//! signal ends them. Each model follows the real image's documented behaviour (its
//! Dockerfile's ENTRYPOINT/CMD/STOPSIGNAL come from the registry catalogue).
//!
//! Lesson apps use `registry.podlife.dev/app`, tuned by environment variables so a manifest
//! reads naturally (see `PodlifeApp` knobs below and the README's "Apps" section).

use crate::gostrings::go_duration;
use super::{Effect, SIGHUP, SIGINT, SIGKILL, SIGQUIT, SIGTERM, SIGWINCH, Timer};

/// Which program it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AppKind {
    /// nginx: listens on 80; SIGQUIT is its graceful stop (the image's STOPSIGNAL), SIGTERM
    /// and SIGINT its fast stop; exits 0.
    Nginx,
    /// postgres: initdb on first start, then listens on 5432; SIGTERM = smart shutdown.
    Postgres,
    Redis,
    /// Apache httpd: STOPSIGNAL SIGWINCH (graceful stop).
    Httpd,
    /// The pause container: waits for signals and exits on SIGINT/SIGTERM.
    Pause,
    /// `registry.podlife.dev/app`, tuned by env.
    PodlifeApp,
    /// agnhost `liveness`: `/healthz` answers 200 for 10 s, then 500.
    AgnhostLiveness,
    /// agnhost `netexec` / `serve-hostname` / `pause`, and other long-running servers.
    Server,
    /// `polinux/stress --vm 1 --vm-bytes N`: allocates N and holds it.
    Stress,
    /// A cluster daemon (etcd, the control plane, kube-proxy, kindnetd, CoreDNS): its health
    /// endpoints answer `ok`.
    Daemon,
    /// A program that ends by itself at once (busybox `sh` with no stdin, `true`, `date`).
    Oneshot,
    /// agnhost `grpc-health-checking`: a gRPC health server on `--port` (5000) and an HTTP
    /// server on `--http-port` (8080).
    AgnhostGrpcHealth,
    /// etcd: gRPC and HTTP on its client URLs (one port, through cmux), the peer URLs, and
    /// its metrics URLs.
    Etcd,
    /// `agnhost webhook`: kubernetes' e2e admission webhook server (HTTPS).
    AgnhostWebhook,
    /// istiod (`pilot-discovery discovery`): xDS, the CA, and the sidecar injector webhook.
    Istiod,
    /// Envoy with a static configuration (`envoyproxy/envoy`).
    Envoy,
    /// Istio's sidecar (`pilot-agent proxy sidecar`): the agent and its Envoy.
    IstioProxy,
    /// `registry.k8s.io/goproxy` (elazarl/goproxy on :8080): a forward HTTP proxy that answers
    /// a request that is not a proxy request (no absolute URL) with 500.
    GoProxy,
}

/// What a listener speaks: what a client's first bytes meet on its port.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// HTTP/1.1 only (nginx, httpd, Go's net/http, the lesson apps).
    Http1,
    /// gRPC: HTTP/2 cleartext with prior knowledge (a grpc-go server).
    Grpc,
    /// gRPC and HTTP/1.1 on one port (etcd's cmux on a plain `http://` client URL).
    GrpcAndHttp1,
    /// TLS: a cleartext client's first bytes end the handshake (etcd on an `https://` URL).
    Tls,
    /// A wire protocol of its own over TCP (postgres, redis).
    Tcp,
}

/// A gRPC server's answer to `grpc.health.v1.Health/Check` for a service name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrpcHealth {
    Serving,
    NotServing,
    /// The health server does not know the service (`codes.NotFound`, "unknown service").
    UnknownService,
    /// No health service is registered (`codes.Unimplemented`).
    Unimplemented,
}

/// The gRPC health service of a server.
#[derive(Debug, Clone, Default)]
pub struct GrpcHealthService {
    /// The service names it answers for (`""`: the server as a whole).
    pub services: Vec<String>,
    /// It answers NOT_SERVING from this many ms after start.
    pub not_serving_after_ms: Option<u64>,
}

/// A running app's parameters and state.
#[derive(Debug, Clone)]
pub struct App {
    pub kind: AppKind,
    pub ports: Vec<u16>,
    pub listening: bool,
    pub listen_after_ms: u64,
    /// Signals the app handles by shutting down, with the exit code it then returns.
    pub graceful: Vec<(i32, i32)>,
    /// Signals the app deliberately ignores.
    pub ignored: Vec<i32>,
    pub shutdown_ms: u64,
    pub exit_after: Option<(u64, i32)>,
    /// `/healthz` answers 500 from this many ms after start.
    pub healthz_fail_after_ms: Option<u64>,
    /// `/ready` answers 503 until this many ms after start …
    pub ready_after_ms: u64,
    /// … and again from this many ms.
    pub ready_fail_after_ms: Option<u64>,
    /// The CPU the program keeps using while it runs, in millicores (a busy worker thread:
    /// 1000; a control-plane daemon's background work: a few tens).
    pub cpu_milli: u64,
    /// Memory: a base, a one-off allocation at a time, and a growth per second.
    pub memory_base: u64,
    pub memory_alloc: Option<(u64, u64)>,
    pub memory_growth_per_s: u64,
    pub start_lines: Vec<(&'static str, String)>,
    pub ready_lines: Vec<(&'static str, String)>,
    pub shutdown_lines: Vec<(&'static str, String)>,
    /// What a program that ends by itself prints as it finishes (a computation's result).
    pub exit_lines: Vec<(&'static str, String)>,
    /// What podlife does not know about the program and how it treats it instead (the trace
    /// says so at the start): `runs-until-stopped`, `serves-exposed-ports`.
    pub unknown: Option<&'static str>,
    /// How long answering one request takes (ms, lowest and highest).
    pub response_ms: (u64, u64),
    /// Ports whose protocol is not the kind's usual one.
    pub speaks: Vec<(u16, Protocol)>,
    /// Ports bound to 127.0.0.1 only: nothing outside the pod's network namespace reaches them.
    pub loopback: Vec<u16>,
    /// The gRPC health service, when the program registers one.
    pub grpc_health: Option<GrpcHealthService>,
    /// What a webhook server or a proxy needs to answer (its flags, its configuration).
    pub role: Option<Box<super::servers::Role>>,
    /// redis's keyspace (only a redis server uses it).
    pub redis: super::redis::Store,
    /// It keeps serving through its graceful shutdown (CoreDNS's `health { lameduck 5s }`).
    pub lameduck: bool,
    /// What the program answers a `200` with, when it is not the kind's usual answer
    /// (`{hostname}` stands for the pod's hostname).
    pub body: Option<String>,
    /// The most `memory_growth_per_s` adds (u64::MAX: no bound).
    pub memory_growth_max: u64,
    /// How many times nginx's master reloaded on SIGHUP (each starts new workers).
    pub reloads: u32,
    /// The certificate (PEM text) a TLS listener presents: nginx's `ssl_certificate`.
    pub tls_certificate: Option<String>,
}

const MIB: u64 = 1024 * 1024;

impl App {
    pub(crate) fn base(kind: AppKind) -> App {
        App {
            kind,
            ports: vec![],
            listening: false,
            listen_after_ms: 0,
            graceful: vec![],
            ignored: vec![],
            shutdown_ms: 0,
            exit_after: None,
            healthz_fail_after_ms: None,
            ready_after_ms: 0,
            ready_fail_after_ms: None,
            cpu_milli: 0,
            memory_base: 4 * MIB,
            memory_alloc: None,
            memory_growth_per_s: 0,
            start_lines: vec![],
            ready_lines: vec![],
            shutdown_lines: vec![],
            exit_lines: vec![],
            unknown: None,
            response_ms: (1, 5),
            speaks: vec![],
            loopback: vec![],
            grpc_health: None,
            role: None,
            redis: super::redis::Store::default(),
            lameduck: false,
            body: None,
            memory_growth_max: u64::MAX,
            reloads: 0,
            tls_certificate: None,
        }
    }

    #[inline(never)]
    pub fn nginx() -> App {
        App {
            ports: vec![80],
            listen_after_ms: 120,
            graceful: vec![(SIGQUIT, 0), (SIGTERM, 0), (SIGINT, 0)],
            shutdown_ms: 40,
            memory_base: 12 * MIB,
            start_lines: vec![
                ("stdout", "/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration".into()),
                ("stdout", "/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/".into()),
                ("stdout", "/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh".into()),
                ("stdout", "10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf".into()),
                ("stdout", "10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf".into()),
                ("stdout", "/docker-entrypoint.sh: Configuration complete; ready for start up".into()),
            ],
            ready_lines: vec![
                ("stderr", "[notice] 1#1: using the \"epoll\" event method".into()),
                ("stderr", "[notice] 1#1: start worker processes".into()),
            ],
            shutdown_lines: vec![("stderr", "[notice] 1#1: signal 3 (SIGQUIT) received, shutting down".into())],
            ..App::base(AppKind::Nginx)
        }
    }

    #[inline(never)]
    pub fn postgres(env: &[(String, String)]) -> App {
        let has_password = env.iter().any(|(k, v)| (k == "POSTGRES_PASSWORD" && !v.is_empty()) || (k == "POSTGRES_HOST_AUTH_METHOD" && v == "trust"));
        if !has_password {
            // docker-entrypoint.sh refuses to initialise without a superuser password.
            let mut app = App::base(AppKind::Oneshot);
            app.exit_after = Some((30, 1));
            app.start_lines = vec![
                ("stderr", "Error: Database is uninitialized and superuser password is not specified.".into()),
                ("stderr", "       You must specify POSTGRES_PASSWORD to a non-empty value for the".into()),
                ("stderr", "       superuser. For example, \"-e POSTGRES_PASSWORD=password\" on \"docker run\".".into()),
            ];
            return app;
        }
        App {
            ports: vec![5432],
            // initdb, then the temporary server, then the real one: a few seconds.
            listen_after_ms: 3_500,
            graceful: vec![(SIGTERM, 0), (SIGINT, 0), (SIGQUIT, 0)],
            shutdown_ms: 150,
            memory_base: 40 * MIB,
            start_lines: vec![("stdout", "The files belonging to this database system will be owned by user \"postgres\".".into())],
            ready_lines: vec![("stdout", "LOG:  database system is ready to accept connections".into())],
            shutdown_lines: vec![("stdout", "LOG:  received smart shutdown request".into())],
            ..App::base(AppKind::Postgres)
        }
    }

    #[inline(never)]
    pub fn redis() -> App {
        App {
            ports: vec![6379],
            listen_after_ms: 60,
            graceful: vec![(SIGTERM, 0), (SIGINT, 0)],
            shutdown_ms: 30,
            memory_base: 8 * MIB,
            ready_lines: vec![("stdout", "* Ready to accept connections tcp".into())],
            shutdown_lines: vec![("stdout", "# Received SIGTERM scheduling shutdown...".into())],
            ..App::base(AppKind::Redis)
        }
    }

    #[inline(never)]
    pub fn httpd() -> App {
        App {
            ports: vec![80],
            listen_after_ms: 100,
            graceful: vec![(SIGWINCH, 0), (SIGTERM, 0), (SIGINT, 0), (SIGHUP, 0)],
            shutdown_ms: 50,
            memory_base: 10 * MIB,
            ..App::base(AppKind::Httpd)
        }
    }

    #[inline(never)]
    pub fn pause() -> App {
        App { graceful: vec![(SIGTERM, 0), (SIGINT, 0)], memory_base: 256 * 1024, ..App::base(AppKind::Pause) }
    }

    /// A cluster daemon listening on `ports`: a Go program that shuts down on SIGTERM.
    pub fn daemon(ports: Vec<u16>) -> App {
        App { ports, listen_after_ms: 200, graceful: vec![(SIGTERM, 0), (SIGINT, 0)], shutdown_ms: 100, memory_base: 30 * MIB, ..App::base(AppKind::Daemon) }
    }

    /// CoreDNS with kubeadm's Corefile: DNS on 53, `health` on 8080 (lameduck 5 s after
    /// SIGTERM), `ready` on 8181, `prometheus` on 9153; its start-up banner (the `reload`
    /// plugin's SHA512 of kubeadm's Corefile; the Go version and commit are modelled).
    #[inline(never)]
    pub fn coredns() -> App {
        App {
            shutdown_ms: 5_000,
            lameduck: true,
            start_lines: vec![
                ("stdout", ".:53".into()),
                ("stdout", "[INFO] plugin/reload: Running configuration SHA512 = c35a0471224db80ad6f2c01a8ee2158e00ac67f9894da0707fe9267278a918901a5b98890c7cc765725ab46a5bf009ee04f98f78e33459712318fd74e132404d".into()),
                ("stdout", "CoreDNS-1.14.2".into()),
                ("stdout", "linux/amd64, go1.25.7, 24a4a57".into()),
            ],
            ..App::daemon(vec![53, 8080, 8181, 9153])
        }
    }

    pub fn server(ports: Vec<u16>) -> App {
        App { ports, listen_after_ms: 50, graceful: vec![(SIGTERM, 0), (SIGINT, 0)], shutdown_ms: 10, ..App::base(AppKind::Server) }
    }

    /// A JVM, Python or Node app started from a command line the image cannot tell us about:
    /// it runs until stopped; the runtime installs a SIGTERM handler (the JVM's exits 143).
    #[inline(never)]
    pub fn runtime_app(code_on_term: i32) -> App {
        App { listen_after_ms: 2_000, ports: vec![8080], graceful: vec![(SIGTERM, code_on_term), (SIGINT, 130)], shutdown_ms: 200, memory_base: 120 * MIB, ..App::base(AppKind::Server) }
    }

    /// An interactive shell on an open stdin (`stdin: true`, `tty: true`): it waits for input
    /// for ever and, being interactive, ignores SIGTERM, SIGINT and SIGQUIT.
    pub fn interactive_shell() -> App {
        App { ignored: vec![SIGTERM, SIGINT, SIGQUIT], graceful: vec![(SIGHUP, 129)], ..App::base(AppKind::Server) }
    }

    /// Nothing yet: the shell's own process before it runs a program.
    pub fn idle() -> App {
        App::base(AppKind::Oneshot)
    }

    /// A program that computes for `cpu_ms` on a core, prints its result and exits.
    #[inline(never)]
    pub fn computes(cpu_ms: u64, stdout: &str, stderr: &str, code: i32) -> App {
        let lines = |stream: &'static str, text: &str| text.lines().map(|l| (stream, l.to_string())).collect::<Vec<_>>();
        let mut exit_lines = lines("stdout", stdout);
        exit_lines.extend(lines("stderr", stderr));
        App { exit_after: Some((cpu_ms.max(1), code)), exit_lines, cpu_milli: 1000, ..App::base(AppKind::Oneshot) }
    }

    /// A program podlife does not understand, run as `treatment` says: a process that runs
    /// until it is stopped, printing nothing, that ends at SIGTERM.
    #[inline(never)]
    pub fn unknown_program() -> App {
        App { graceful: vec![(SIGTERM, 143), (SIGINT, 130)], shutdown_ms: 50, unknown: Some("runs-until-stopped"), ..App::base(AppKind::Server) }
    }

    pub fn oneshot(code: i32) -> App {
        App { exit_after: Some((5, code)), ..App::base(AppKind::Oneshot) }
    }

    /// A Go program without `signal.Notify`: the Go runtime's handler re-raises the signal
    /// with the default action and, as PID 1 (where that does nothing), exits with status 2.
    pub fn go_program(mut self) -> App {
        self.graceful = vec![(SIGTERM, 2), (SIGINT, 2), (SIGQUIT, 2), (SIGHUP, 2)];
        self.shutdown_ms = 1;
        self.shutdown_lines = vec![];
        self
    }

    #[inline(never)]
    pub fn agnhost_liveness() -> App {
        App {
            ports: vec![8080],
            listen_after_ms: 30,
            graceful: vec![(SIGTERM, 2), (SIGINT, 2), (SIGQUIT, 2), (SIGHUP, 2)],
            shutdown_ms: 1,
            healthz_fail_after_ms: Some(10_000),
            ..App::base(AppKind::AgnhostLiveness)
        }
    }

    /// agnhost `grpc-health-checking` (`test/images/agnhost/grpc-health-checking`): a gRPC
    /// health server on `--port` (5000) that answers SERVING for `--service` (`""`) until
    /// `--delay-unhealthy-sec` (never, when negative) and NOT_SERVING after, NOT_FOUND for
    /// any other service; `/make-not-serving` and `/make-serving` on `--http-port` (8080).
    #[inline(never)]
    pub fn agnhost_grpc_health(port: u16, http_port: u16, service: &str, delay_unhealthy_s: i64) -> App {
        App {
            ports: vec![port, http_port],
            listen_after_ms: 30,
            graceful: vec![(SIGTERM, 2), (SIGINT, 2), (SIGQUIT, 2), (SIGHUP, 2)],
            shutdown_ms: 1,
            speaks: vec![(port, Protocol::Grpc)],
            grpc_health: Some(GrpcHealthService {
                services: vec![service.to_string()],
                not_serving_after_ms: u64::try_from(delay_unhealthy_s).ok().map(|s| s.saturating_mul(1000)),
            }),
            ..App::base(AppKind::AgnhostGrpcHealth)
        }
    }

    /// etcd (`go.etcd.io/etcd/server/embed`): its client URLs serve gRPC and HTTP on one port
    /// (cmux; TLS when the URL is `https://`), with grpc-go's health service answering SERVING
    /// for `""`; the peer URLs and the optional metrics URLs (HTTP). A `localhost` or
    /// `127.0.0.1` URL binds the loopback address only. Defaults: client
    /// `http://localhost:2379`, peer `http://localhost:2380`. SIGTERM stops it (exit 0).
    #[inline(never)]
    pub fn etcd(client_urls: &[String], peer_urls: &[String], metrics_urls: &[String]) -> App {
        let mut app = App {
            listen_after_ms: 300,
            graceful: vec![(SIGTERM, 0), (SIGINT, 0)],
            shutdown_ms: 100,
            memory_base: 30 * MIB,
            grpc_health: Some(GrpcHealthService { services: vec![String::new()], not_serving_after_ms: None }),
            ..App::base(AppKind::Etcd)
        };
        let groups: [(&[String], Protocol); 3] = [(client_urls, Protocol::GrpcAndHttp1), (peer_urls, Protocol::Http1), (metrics_urls, Protocol::Http1)];
        for (urls, plain) in groups {
            for url in urls {
                let Some((scheme, rest)) = url.split_once("://") else { continue };
                let hostport = rest.split('/').next().unwrap_or_default();
                let Some((host, port)) = hostport.rsplit_once(':') else { continue };
                let Ok(port) = port.parse::<u16>() else { continue };
                if app.ports.contains(&port) {
                    continue;
                }
                app.ports.push(port);
                app.speaks.push((port, if scheme == "https" { Protocol::Tls } else { plain }));
                if host == "localhost" || host.starts_with("127.") {
                    app.loopback.push(port);
                }
            }
        }
        app
    }

    /// For nginx, whether it serves `port` with `ssl` (None for other programs, whose TLS is
    /// not modelled beyond their `Protocol`).
    pub fn nginx_tls(&self, port: u16) -> Option<bool> {
        (self.kind == AppKind::Nginx).then(|| self.protocol(port) == Protocol::Tls)
    }

    /// What the program speaks on `port`.
    pub fn protocol(&self, port: u16) -> Protocol {
        if let Some((_, p)) = self.speaks.iter().find(|(p, _)| *p == port) {
            return *p;
        }
        match self.kind {
            AppKind::Postgres | AppKind::Redis => Protocol::Tcp,
            _ => Protocol::Http1,
        }
    }

    /// `grpc.health.v1.Health/Check` for `service`, `ms` after start.
    pub fn grpc_check(&self, service: &str, ms: u64) -> GrpcHealth {
        let Some(h) = &self.grpc_health else { return GrpcHealth::Unimplemented };
        if !h.services.iter().any(|s| s == service) {
            return GrpcHealth::UnknownService;
        }
        if h.not_serving_after_ms.is_some_and(|t| ms >= t) {
            return GrpcHealth::NotServing;
        }
        GrpcHealth::Serving
    }

    /// `stress --vm 1 --vm-bytes 150M --vm-hang 1` (`vm_bytes`: what its memory workers
    /// hold, None without `--vm`), `--cpu N` (N workers spinning on `sqrt`), `--timeout N`.
    #[inline(never)]
    pub fn stress(vm_bytes: Option<u64>, cpu_workers: u64, timeout_ms: Option<u64>) -> App {
        App {
            memory_base: MIB,
            memory_alloc: vm_bytes.map(|b| (100, b)),
            cpu_milli: cpu_workers.min(1024) * 1000,
            exit_after: timeout_ms.map(|t| (t, 0)),
            ..App::base(AppKind::Stress)
        }
    }

    /// GKE's hello-app (GoogleCloudPlatform/kubernetes-engine-samples
    /// quickstarts/hello-app/main.go): a Go net/http server on `$PORT` (8080) that logs
    /// `Server listening on port 8080` and answers every path with
    /// `Hello, world!\nVersion: 1.0.0\nHostname: <hostname>\n` (the image's tag gives the
    /// version: 1.0 → 1.0.0, 2.0 → 2.0.0). No signal handler.
    #[inline(never)]
    pub fn hello_app(version: &str, port: u16) -> App {
        App {
            ports: vec![port],
            listen_after_ms: 20,
            memory_base: 5 * MIB,
            start_lines: vec![("stderr", format!("{} Server listening on port {port}", super::servers::GO_LOG_STAMP))],
            body: Some(format!("Hello, world!\nVersion: {version}\nHostname: {{hostname}}\n")),
            ..App::server(vec![port])
        }
        .go_program()
    }

    /// hello-go-gke (the backend of "Connect a Frontend to a Backend Using Services", a Go
    /// server on :80; reconstructed): every path answers the page's `{"message":"Hello"}`.
    #[inline(never)]
    pub fn hello_go_gke() -> App {
        App { listen_after_ms: 20, memory_base: 5 * MIB, body: Some("{\"message\":\"Hello\"}".into()), ..App::server(vec![80]) }.go_program()
    }

    /// kubernetes' test/images/goproxy/goproxy.go: `goproxy.NewProxyHttpServer()` on :8080.
    /// A plain request is answered by goproxy's NonproxyHandler:
    /// `http.Error(w, "This is a proxy server. Does not respond to non-proxy requests.", 500)`.
    #[inline(never)]
    pub fn goproxy() -> App {
        App {
            kind: AppKind::GoProxy,
            listen_after_ms: 10,
            memory_base: 6 * MIB,
            body: Some("This is a proxy server. Does not respond to non-proxy requests.\n".into()),
            ..App::server(vec![8080])
        }
        .go_program()
    }

    /// hashicorp/http-echo (main.go): `-text` (or `$ECHO_TEXT`) printed with a newline on every
    /// path, on `-listen` (:5678); it logs `[INFO] server is listening on :5678`. SIGINT is its
    /// graceful stop (exit 2); SIGTERM gets the Go runtime's default.
    #[inline(never)]
    pub fn http_echo(text: &str, listen: &str, port: u16) -> App {
        let mut app = App {
            start_lines: vec![("stderr", format!("{} [INFO] server is listening on {listen}", super::servers::GO_LOG_STAMP))],
            body: Some(format!("{text}\n")),
            ..App::server(vec![port])
        }
        .go_program();
        app.shutdown_lines = vec![("stderr", format!("{} [INFO] received interrupt, shutting down...", super::servers::GO_LOG_STAMP))];
        app
    }

    /// github.com/vishh/stress (main.go): `-cpus N` goroutines copy /dev/zero to
    /// ioutil.Discard (N cores busy); `-mem-total` is allocated in `-mem-alloc-size` chunks
    /// (4Ki) with `-mem-alloc-sleep` (1ms) between them, then held; it never exits. Its glog
    /// lines go to stderr (`-logtostderr`, from the image's ENTRYPOINT).
    #[inline(never)]
    pub fn vish_stress(cpus: u64, total: (u64, &str), step: (u64, &str), sleep_ms: u64) -> App {
        let glog = |line: u32, msg: String| ("stderr", format!("{} main.go:{line}] {msg}", super::servers::GLOG_STAMP));
        let mut start_lines = vec![glog(26, format!("Allocating {:?} memory, in {:?} chunks, with a {} sleep between allocations", total.1, step.1, go_duration(sleep_ms)))];
        start_lines.extend((0..cpus.min(64)).map(|_| glog(39, "Spawning a thread to consume CPU".into())));
        let chunks = total.0.checked_div(step.0).unwrap_or(0);
        let held = chunks.saturating_mul(step.0);
        let alloc_ms = chunks.saturating_mul(sleep_ms);
        App {
            cpu_milli: cpus.min(1024) * 1000,
            memory_base: 2 * MIB,
            // chunks of `step` every `sleep_ms`: step * 1000 / sleep_ms bytes a second.
            memory_growth_per_s: if held == 0 { 0 } else { step.0.saturating_mul(1000) / sleep_ms.max(1) },
            memory_growth_max: held,
            listen_after_ms: alloc_ms,
            start_lines,
            ready_lines: vec![glog(29, format!("Allocated {:?} memory", total.1))],
            ..App::base(AppKind::Stress)
        }
        .go_program()
    }

    /// What the program uses while idle: `cpu_milli` millicores and `memory` bytes.
    pub fn using(self, cpu_milli: u64, memory: u64) -> App {
        App { cpu_milli, memory_base: memory, ..self }
    }

    /// `registry.podlife.dev/app`, tuned by env (all optional):
    /// `PORT` (8080), `STARTUP_SECONDS` (1) until it listens, `READY_AFTER_SECONDS` (= startup)
    /// until `/ready` answers 200, `READY_FAIL_AFTER_SECONDS`, `HEALTHZ_FAIL_AFTER_SECONDS`,
    /// `EXIT_AFTER_SECONDS` with `EXIT_CODE` (0), `IGNORE_SIGTERM` (`true`),
    /// `SHUTDOWN_SECONDS` (1) of draining after SIGTERM (`0`: it exits at once, dropping
    /// the requests it was answering), `RESPONSE_MS` (20: each request takes half to one and a
    /// half times that), `MEMORY_MB` (20) and `MEMORY_GROWTH_MB_PER_SECOND` (0). While `/ready`
    /// answers 503, so does every other path but `/healthz`.
    #[inline(never)]
    pub fn podlife_app(env: &[(String, String)]) -> App {
        let get = |k: &str| env.iter().rev().find(|(n, _)| n == k).map(|(_, v)| v.trim().to_string());
        let secs = |k: &str| get(k).and_then(|v| crate::parse_f64(&v)).filter(|v| v.is_finite() && *v >= 0.0).map(|v| (v.min(1e7) * 1000.0) as u64);
        let port = get("PORT").and_then(|p| p.parse::<u16>().ok()).unwrap_or(8080);
        let startup = secs("STARTUP_SECONDS").unwrap_or(1_000);
        let ignore_term = get("IGNORE_SIGTERM").is_some_and(|v| v == "true" || v == "1");
        let code = get("EXIT_CODE").and_then(|v| v.parse::<i32>().ok()).unwrap_or(0).rem_euclid(256);
        let mb = |k: &str, d: u64| get(k).and_then(|v| v.parse::<u64>().ok()).unwrap_or(d).min(1 << 20) * MIB;
        App {
            ports: vec![port],
            listen_after_ms: startup,
            graceful: if ignore_term { vec![(SIGINT, 130)] } else { vec![(SIGTERM, 0), (SIGINT, 130)] },
            ignored: if ignore_term { vec![SIGTERM] } else { vec![] },
            shutdown_ms: secs("SHUTDOWN_SECONDS").unwrap_or(1_000),
            exit_after: secs("EXIT_AFTER_SECONDS").map(|t| (t, code)),
            healthz_fail_after_ms: secs("HEALTHZ_FAIL_AFTER_SECONDS"),
            ready_after_ms: secs("READY_AFTER_SECONDS").unwrap_or(startup),
            ready_fail_after_ms: secs("READY_FAIL_AFTER_SECONDS"),
            memory_base: mb("MEMORY_MB", 20),
            memory_growth_per_s: mb("MEMORY_GROWTH_MB_PER_SECOND", 0),
            start_lines: vec![("stdout", format!("app: starting (listening on :{port} in {} ms)", startup))],
            ready_lines: vec![("stdout", format!("app: listening on :{port}"))],
            shutdown_lines: vec![("stdout", "app: SIGTERM received, draining".into())],
            response_ms: {
                let r = get("RESPONSE_MS").and_then(|v| v.parse::<u64>().ok()).unwrap_or(20).min(60_000);
                (r / 2, r + r / 2)
            },
            ..App::base(AppKind::PodlifeApp)
        }
    }

    /// Start-up effects: the first log lines and the timers.
    pub fn start(&mut self) -> Vec<Effect> {
        let mut out: Vec<Effect> = self.start_lines.iter().map(|(s, l)| Effect::Log { stream: s, line: l.clone() }).collect();
        if !self.ports.is_empty() || (self.kind == AppKind::Stress && !self.ready_lines.is_empty() && self.listen_after_ms > 0) {
            out.push(Effect::Timer { after_ms: self.listen_after_ms, timer: Timer::Listening });
        } else if !self.ready_lines.is_empty() {
            out.extend(self.ready_lines());
        }
        if let Some((after, code)) = self.exit_after {
            out.push(Effect::Timer { after_ms: after, timer: Timer::Exit { code } });
        }
        out
    }

    pub fn ready_lines(&self) -> Vec<Effect> {
        self.ready_lines.iter().map(|(s, l)| Effect::Log { stream: s, line: l.clone() }).collect()
    }

    /// The handler's reaction to a signal; None when the app has no handler for it.
    pub fn on_signal(&mut self, sig: i32) -> Option<Vec<Effect>> {
        if sig == SIGKILL {
            return None;
        }
        let (_, code) = *self.graceful.iter().find(|(s, _)| *s == sig)?;
        let mut out: Vec<Effect> = self.shutdown_lines.iter().map(|(s, l)| Effect::Log { stream: s, line: l.clone() }).collect();
        out.push(Effect::Timer { after_ms: self.shutdown_ms, timer: Timer::ShutdownDone { code } });
        Some(out)
    }

    pub fn ignores(&self, sig: i32) -> bool {
        self.ignored.contains(&sig)
    }

    /// `GET path` `ms` after start.
    pub fn http_status(&self, path: &str, ms: u64) -> u16 {
        let path = path.split('?').next().unwrap_or("/");
        match self.kind {
            AppKind::AgnhostLiveness | AppKind::PodlifeApp if (path == "/healthz" || path == "/livez") && self.healthz_fail_after_ms.is_some_and(|t| ms >= t) => 500,
            AppKind::AgnhostLiveness | AppKind::PodlifeApp if path == "/healthz" || path == "/livez" => 200,
            AppKind::PodlifeApp if !(ms >= self.ready_after_ms && self.ready_fail_after_ms.is_none_or(|t| ms < t)) => 503,
            AppKind::PodlifeApp if path == "/ready" || path == "/readyz" => 200,
            AppKind::PodlifeApp => if path == "/" { 200 } else { 404 },
            AppKind::Nginx | AppKind::Httpd => if path == "/" || path == "/index.html" { 200 } else { 404 },
            AppKind::AgnhostLiveness => 404,
            AppKind::GoProxy => 500,
            // etcd's HTTP handlers: /health, /livez, /readyz, /version, /metrics.
            AppKind::Etcd => if ["/health", "/livez", "/readyz", "/version", "/metrics"].contains(&path) { 200 } else { 404 },
            _ => 200,
        }
    }

    /// The first moment (ms after start) after `ms` at which an answer of the program may
    /// change by itself — a health or readiness endpoint that turns, a gRPC service that
    /// stops serving (None: never without an event).
    pub fn answers_change_after(&self, ms: u64) -> Option<u64> {
        let grpc = self.grpc_health.as_ref().and_then(|h| h.not_serving_after_ms);
        [self.healthz_fail_after_ms, Some(self.ready_after_ms), self.ready_fail_after_ms, grpc].into_iter().flatten().filter(|&t| t > ms).min()
    }

    /// The body of an answer: nginx's and httpd's default pages; the podlife app and
    /// agnhost's servers answer `/` with the pod's hostname (handy for watching a Service
    /// spread requests); errors as their status line.
    pub fn http_body(&self, code: u16, hostname: &str) -> String {
        match (code, &self.kind) {
            (200, _) | (500, AppKind::GoProxy) if self.body.is_some() => self.body.as_deref().unwrap_or_default().replace("{hostname}", hostname),
            (200, AppKind::Nginx) => "<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!</title>\n</head>\n<body>\n<h1>Welcome to nginx!</h1>\n</body>\n</html>\n".into(),
            (200, AppKind::Httpd) => "<html><body><h1>It works!</h1></body></html>\n".into(),
            (200, AppKind::PodlifeApp | AppKind::Server) => format!("{hostname}\n"),
            (200, _) => "ok\n".into(),
            (404, _) => "404 page not found\n".into(),
            (code, _) => format!("{code}\n"),
        }
    }

    pub fn memory_at(&self, ms: u64) -> u64 {
        let mut m = self.memory_base.saturating_add((self.memory_growth_per_s.saturating_mul(ms) / 1000).min(self.memory_growth_max));
        if let Some((at, bytes)) = self.memory_alloc
            && ms >= at {
                m = m.saturating_add(bytes);
            }
        m
    }

    /// The first ms after start at which memory exceeds `limit`.
    pub fn exceeds_at(&self, limit: u64) -> Option<u64> {
        if self.memory_at(0) > limit {
            return Some(0);
        }
        let mut first: Option<u64> = None;
        if let Some((at, _)) = self.memory_alloc
            && self.memory_at(at) > limit {
                first = Some(at);
            }
        if self.memory_growth_per_s > 0 && self.memory_base.saturating_add(self.memory_growth_max).saturating_add(self.memory_alloc.map_or(0, |(_, b)| b)) > limit {
            // base + alloc(if before) + g*ms/1000 > limit
            let before_alloc = (limit - self.memory_base) as u128 * 1000 / self.memory_growth_per_s as u128 + 1;
            let t = u64::try_from(before_alloc).unwrap_or(u64::MAX);
            if self.memory_at(t) > limit {
                first = Some(first.map_or(t, |f| f.min(t)));
            }
        }
        first
    }
}

/// `--vm-bytes 150M` → bytes (stress's own suffixes: B, K, M, G, case-insensitive).
pub fn stress_bytes(text: &str) -> Option<u64> {
    let t = text.trim();
    let (num, mult) = match t.chars().last()? {
        'b' | 'B' => (&t[..t.len() - 1], 1),
        'k' | 'K' => (&t[..t.len() - 1], 1024),
        'm' | 'M' => (&t[..t.len() - 1], MIB),
        'g' | 'G' => (&t[..t.len() - 1], 1024 * MIB),
        _ => (t, 1),
    };
    num.parse::<u64>().ok()?.checked_mul(mult)
}

/// stress's `--timeout` value: a number with an optional unit (`s`, `m`, `h`, `d`, `y`).
pub fn stress_duration_ms(text: &str) -> Option<u64> {
    let t = text.trim();
    let (num, unit) = match t.chars().last()? {
        c @ ('s' | 'm' | 'h' | 'd' | 'y') => (&t[..t.len() - 1], c),
        _ => (t, 's'),
    };
    let secs: u64 = match unit {
        'm' => 60,
        'h' => 3600,
        'd' => 86_400,
        'y' => 31_536_000,
        _ => 1,
    };
    num.parse::<u64>().ok()?.checked_mul(secs)?.checked_mul(1000)
}


/// A Go `flag.Duration` value (`1ms`, `100ms`, `1s`, `1m30s`, `1.5s`) → milliseconds.
pub fn parse_go_duration(text: &str) -> Option<u64> {
    let mut rest = text.trim();
    if rest == "0" {
        return Some(0);
    }
    let mut total = 0f64;
    while !rest.is_empty() {
        let num_end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
        let value: f64 = crate::parse_f64(&rest[..num_end])?;
        rest = &rest[num_end..];
        let unit_end = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
        let scale = match &rest[..unit_end] {
            "ns" => 1e-6,
            "us" | "µs" => 1e-3,
            "ms" => 1.0,
            "s" => 1e3,
            "m" => 6e4,
            "h" => 3.6e6,
            _ => return None,
        };
        total += value * scale;
        rest = &rest[unit_end..];
    }
    Some(total as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vish_stress_memory_and_lines() {
        // -mem-total 150Mi in 4Ki chunks every 1ms: 4000 KiB a second, 150Mi after 38.4 s.
        let app = App::vish_stress(0, (150 * MIB, "150Mi"), (4096, "4Ki"), 1);
        assert_eq!(app.memory_at(0), 2 * MIB);
        assert_eq!(app.memory_at(3_600_000), 2 * MIB + 150 * MIB);
        let at = app.exceeds_at(100 * MIB).unwrap();
        assert!(app.memory_at(at) > 100 * MIB && app.memory_at(at - 1) <= 100 * MIB, "{at}");
        assert_eq!(app.exceeds_at(200 * MIB), None);
        assert!(app.start_lines[0].1.ends_with("main.go:26] Allocating \"150Mi\" memory, in \"4Ki\" chunks, with a 1ms sleep between allocations"));
        let cpus = App::vish_stress(2, (0, "0"), (4096, "4Ki"), 1);
        assert_eq!((cpus.cpu_milli, cpus.start_lines.len(), cpus.memory_growth_per_s), (2000, 3, 0));
        assert_eq!((go_duration(1), go_duration(1500), go_duration(90_000)), ("1ms".into(), "1.5s".into(), "1m30s".into()));
        assert_eq!((parse_go_duration("1ms"), parse_go_duration("1.5s"), parse_go_duration("1m30s"), parse_go_duration("x")), (Some(1), Some(1500), Some(90_000), None));
    }

    #[test]
    fn hello_app_and_goproxy_answer() {
        let hello = App::hello_app("2.0.0", 8080);
        assert_eq!(hello.http_status("/anything", 100), 200);
        assert_eq!(hello.http_body(200, "web-0"), "Hello, world!\nVersion: 2.0.0\nHostname: web-0\n");
        let proxy = App::goproxy();
        assert_eq!(proxy.http_status("/", 100), 500);
        assert_eq!(proxy.http_body(500, "goproxy"), "This is a proxy server. Does not respond to non-proxy requests.\n");
        assert_eq!(App::http_echo("hi", ":5678", 5678).http_body(200, "x"), "hi\n");
    }

    #[test]
    fn podlife_app_knobs() {
        let env = |v: &[(&str, &str)]| v.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect::<Vec<_>>();
        let app = App::podlife_app(&env(&[("STARTUP_SECONDS", "20"), ("HEALTHZ_FAIL_AFTER_SECONDS", "30")]));
        assert_eq!(app.listen_after_ms, 20_000);
        assert_eq!(app.http_status("/healthz", 29_999), 200);
        assert_eq!(app.http_status("/healthz", 30_000), 500);
        assert_eq!(app.http_status("/ready", 19_000), 503);
        assert_eq!(app.http_status("/ready", 20_000), 200);
        let grow = App::podlife_app(&env(&[("MEMORY_MB", "10"), ("MEMORY_GROWTH_MB_PER_SECOND", "5")]));
        let at = grow.exceeds_at(64 * MIB).unwrap();
        assert!(grow.memory_at(at) > 64 * MIB && grow.memory_at(at - 1) <= 64 * MIB, "{at}");
    }

    #[test]
    fn stress_allocation_exceeds_its_limit() {
        let app = App::stress(stress_bytes("150M"), 0, None);
        assert_eq!(app.exceeds_at(100 * MIB), Some(100));
        assert_eq!(app.exceeds_at(200 * MIB), None);
        assert_eq!(stress_bytes("250m"), Some(250 * MIB));
        assert_eq!(stress_bytes("x"), None);
    }
}

//! The console: kubectl emulation over the podlife engine, the `podlife` script format, and
//! the English rendering of the engine's trace.

pub mod base64;
pub mod crictl;
pub mod golden;
pub mod iptables;
pub mod istioctl;
pub mod kubectl;
pub mod nodes;
pub mod oci;
pub mod printers;
pub mod render;
pub mod script;
mod shell;
pub mod traffic;

use podlife_engine::Engine;

/// A position-tagged message about user input (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// What one command printed, as a terminal shows it (stdout and stderr interleaved), plus
/// diagnostics with positions in its stdin.
#[derive(Debug, Clone, Default)]
pub struct Output {
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
    /// Whether anything went to stderr (kubectl would exit 1 for an error).
    pub failed: bool,
    /// An exit status the program chose itself (`kubectl exec` passes on the command's).
    pub code: Option<i32>,
    /// Where the stderr text lies in `text` (so a pipe takes only stdout).
    stderr: Vec<std::ops::Range<usize>>,
}

impl Output {
    pub fn out(&mut self, s: &str) {
        self.text.push_str(s);
    }

    pub fn err(&mut self, s: &str) {
        if !s.starts_with("Warning:") {
            self.failed = true;
        }
        self.stderr_text(s);
    }

    /// A note on stderr that is no failure (podlife telling what it does, as the trace's
    /// sampling): the command still succeeds.
    pub fn note(&mut self, s: &str) {
        self.stderr_text(s);
    }

    fn stderr_text(&mut self, s: &str) {
        let start = self.text.len();
        self.text.push_str(s);
        match self.stderr.last_mut() {
            Some(last) if last.end == start => last.end = self.text.len(),
            _ => self.stderr.push(start..self.text.len()),
        }
    }

    /// The text in the order it was written, each piece marked true when it went to stderr.
    pub fn pieces(&self) -> Vec<(bool, &str)> {
        let mut pieces = Vec::new();
        let mut at = 0;
        for r in &self.stderr {
            if r.start > at {
                pieces.push((false, self.text.get(at..r.start).unwrap_or_default()));
            }
            pieces.push((true, self.text.get(r.clone()).unwrap_or_default()));
            at = r.end;
        }
        if at < self.text.len() {
            pieces.push((false, self.text.get(at..).unwrap_or_default()));
        }
        pieces
    }

    /// The exit status a shell sees: the program's own, else 1 after an error.
    pub fn status(&self) -> i32 {
        self.code.unwrap_or(i32::from(self.failed))
    }
}

/// The largest manifest or file read (the API server's request body limit).
pub use podlife_manifest::MAX_INPUT_BYTES;

/// The most virtual time one `sleep` may advance (a stated cap rather than a hang).
pub const MAX_SLEEP_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// How `kubectl apply -f FILE` reads a file (the CLI reads the disk; the web app has none).
type FileReader = std::rc::Rc<dyn Fn(&str) -> Option<String>>;

/// A cluster and the tools that talk to it. `Clone` is a snapshot (the web player's time travel).
#[derive(Clone)]
pub struct Session {
    engine: Engine,
    read_file: FileReader,
    commands_run: usize,
    seed: u64,
    /// A `kubectl get -w` whose changes the next `sleep` prints.
    watch: Option<kubectl::WatchRequest>,
    /// `podlife traffic` runs started (their job numbers).
    traffic_runs: usize,
    /// The shell the lines run in, as the last line left it (variables, functions, `$?`).
    shell: Option<Box<podlife_engine::shell::Shell>>,
    /// Files the shell wrote (`> pod.yaml`), kept in memory.
    scratch: shell::Scratch,
    /// kubectl processes started (their PIDs in `-v` logs).
    kubectl_runs: usize,
    /// Every command so far was `podlife feature-gates` (`podlife cluster empty` may still come).
    only_gates_so_far: bool,
    /// A command other than `podlife feature-gates` / `podlife cluster …` has run: the
    /// cluster's components are running, so their feature gates are fixed.
    cluster_in_use: bool,
}

/// metrics-server's release manifest, as `podlife addon enable metrics-server` applies it.
const METRICS_SERVER_MANIFEST: &str = include_str!("addons/metrics-server.yaml");

impl Session {
    /// The default three-node cluster with the given seed.
    pub fn new(seed: u64) -> Session {
        Session {
            engine: Engine::with_default_cluster(seed),
            read_file: std::rc::Rc::new(|_| None),
            commands_run: 0,
            seed,
            watch: None,
            traffic_runs: 0,
            shell: None,
            scratch: shell::Scratch::default(),
            kubectl_runs: 0,
            only_gates_so_far: true,
            cluster_in_use: false,
        }
    }

    /// Lets `kubectl -f FILE` read files (the CLI passes the file system; the web has none).
    pub fn with_file_reader(mut self, read: impl Fn(&str) -> Option<String> + 'static) -> Session {
        self.read_file = std::rc::Rc::new(read);
        self
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The engine, for a driver that runs it task by task (the web player).
    pub fn engine_mut(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// Runs one command line (`kubectl …`, `sleep …`, `podlife …`, shell syntax such as
    /// `X=$(kubectl …)` or `kubectl … | grep …`, a here-document) with the text piped into
    /// it, if any.
    pub fn exec(&mut self, line: &str, stdin: Option<&str>) -> Output {
        self.commands_run += 1;
        self.engine.begin_command();
        let mut out = self.run_line(line, stdin);
        if let Some(sampled) = self.engine.take_trace_notice() {
            out.note(&format!("{}\n", sampled.message()));
        }
        if let Some(stop) = self.engine.take_stop() {
            out.err(&format!("{}\n", stop.message()));
        }
        self.engine.end_command();
        let mut words = line.split_whitespace();
        let setup = match (words.next(), words.next()) {
            (Some("podlife"), Some("feature-gates")) => Some(true),
            (Some("podlife"), Some("cluster")) => Some(false),
            (Some(w), _) if w.starts_with('#') => return out,
            (None, _) => return out,
            _ => None,
        };
        self.only_gates_so_far &= setup == Some(true);
        self.cluster_in_use |= setup.is_none();
        out
    }

    /// `podlife feature-gates [NAME=BOOL[,NAME=BOOL…]…] [--all]`: sets the gates the cluster's
    /// components start with, or lists them.
    #[inline(never)]
    fn feature_gates(&mut self, args: &[&str], out: &mut Output) {
        let all = args.contains(&"--all");
        let values: Vec<&str> = args.iter().copied().filter(|a| *a != "--all").collect();
        if values.is_empty() {
            return out.out(&gates_table(self.engine.features(), all));
        }
        if let Some(flag) = values.iter().find(|a| a.starts_with('-')) {
            return out.err(&format!("podlife: unknown flag: {flag}\n{FEATURE_GATES_USAGE}"));
        }
        if self.cluster_in_use {
            return out.err("podlife: feature gates are given to the components when they start (kind's featureGates:); put `podlife feature-gates` before the script's first command that uses the cluster\n");
        }
        let mut gates = self.engine.features().clone();
        match gates.set(&values.join(",")) {
            Err(e) => out.err(&format!("podlife: {e}\n")),
            Ok(warnings) => {
                for w in warnings {
                    out.err(&format!("Warning: {w}\n"));
                }
                let given: Vec<String> = gates.given().iter().map(|(k, v)| format!("{k}={v}")).collect();
                out.out(&format!("kube-apiserver, kube-controller-manager, kube-scheduler and every kubelet run with --feature-gates={}\n", given.join(",")));
                // Of the values this line gives.
                let now_given: Vec<&str> = values.iter().flat_map(|v| v.split(',')).filter_map(|kv| kv.split_once('=').map(|(k, _)| k.trim())).collect();
                let unmodelled: Vec<&str> = gates
                    .given()
                    .iter()
                    .filter(|(k, v)| now_given.contains(&k.as_str()) && !podlife_engine::features::MODELLED.contains(&k.as_str()) && podlife_engine::features::spec(k).is_some_and(|g| g.default != *v && !matches!(g.name, "AllAlpha" | "AllBeta")))
                    .map(|(k, _)| k.as_str())
                    .collect();
                if !unmodelled.is_empty() {
                    out.out(&format!("podlife: podlife does not model what {} changes: the cluster behaves as with the default\n", unmodelled.join(", ")));
                }
                self.engine.set_features(gates);
            }
        }
    }

    #[inline(never)]
    fn podlife(&mut self, args: &[String], stdin: Option<&str>, out: &mut Output) {
        let words: Vec<&str> = args.iter().map(String::as_str).collect();
        match words.as_slice() {
            ["cluster", "empty"] => {
                if !self.only_gates_so_far {
                    return out.err("podlife: `podlife cluster empty` must be the first command (only `podlife feature-gates` may come before it)\n");
                }
                let (gates, sampling) = (self.engine.features().clone(), self.engine.trace_sampling_auto());
                self.engine = Engine::with_nodes(self.seed, &[]);
                self.engine.set_features(gates);
                self.engine.set_trace_sampling(sampling);
            }
            ["cluster", "default"] => {
                let (gates, sampling) = (self.engine.features().clone(), self.engine.trace_sampling_auto());
                self.engine = Engine::with_default_cluster(self.seed);
                self.engine.set_features(gates);
                self.engine.set_trace_sampling(sampling);
            }
            ["feature-gates", rest @ ..] => self.feature_gates(rest, out),
            ["cluster", "nodes", count, rest @ ..] => match nodes::grow(&mut self.engine, count, rest) {
                Ok(text) => out.out(&text),
                Err(e) => out.err(&format!("podlife: {e}\n")),
            },
            ["cluster", "nodes"] => out.err(nodes::USAGE),
            // What a kind user does to get `kubectl top`: apply metrics-server's release
            // manifest (with `--kubelet-insecure-tls`).
            ["addon", "enable", "metrics-server"] => {
                let read = |_: &str| None;
                let mut ctx = crate::kubectl::Context { engine: &mut self.engine, stdin: Some(METRICS_SERVER_MANIFEST), read_file: &read, watch: None, log: Default::default(), local: None };
                let applied = crate::kubectl::run(&mut ctx, &["apply".to_string(), "-f".to_string(), "-".to_string()]);
                for (to_stderr, piece) in applied.pieces() {
                    if to_stderr { out.err(piece) } else { out.out(piece) }
                }
            }
            ["addon", ..] => out.err("podlife: usage: podlife addon enable metrics-server\n"),
            [verb @ ("stop" | "start"), component, rest @ ..] => {
                let node = match rest {
                    ["--node", n] => Some(*n),
                    [n] if n.starts_with("--node=") => Some(&n[7..]),
                    [] => None,
                    _ => return out.err(&format!("podlife: usage: podlife {verb} COMPONENT [--node NAME]\n")),
                };
                let result = if *verb == "stop" { self.engine.stop_component(component, node) } else { self.engine.start_component(component, node) };
                if let Err(e) = result {
                    out.err(&format!("podlife: {e}\n"));
                }
            }
            ["restart", component, rest @ ..] => {
                let node = match rest {
                    ["--node", n] => Some(*n),
                    [n] if n.starts_with("--node=") => Some(&n[7..]),
                    [] => None,
                    _ => return out.err("podlife: usage: podlife restart COMPONENT [--node NAME]\n"),
                };
                let result = self.engine.stop_component(component, node).and_then(|_| self.engine.start_component(component, node));
                if let Err(e) = result {
                    out.err(&format!("podlife: {e}\n"));
                }
            }
            ["node", verb @ ("down" | "up"), name] => {
                if let Err(e) = self.engine.set_node_down(name, *verb == "down") {
                    out.err(&format!("podlife: {e}\n"));
                }
            }
            ["node", "add", name, rest @ ..] => {
                if let Err(e) = nodes::parse_add(name, rest).and_then(|spec| self.engine.add_node(spec)) {
                    out.err(&format!("podlife: {e}\n"));
                }
            }
            ["node", verb @ ("reboot" | "remove"), name] => {
                let result = if *verb == "reboot" { self.engine.reboot_node(name) } else { self.engine.remove_node(name) };
                if let Err(e) = result {
                    out.err(&format!("podlife: {e}\n"));
                }
            }
            ["node", name, "--", "iptables-save", rest @ ..] => match self.engine.nat_table(name) {
                None => out.err(&format!("podlife: no node named {name:?}\n")),
                Some(p) => {
                    let args: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
                    match iptables::save(p, name, self.engine.now(), &args) {
                        Ok(text) => out.out(&text),
                        Err(text) => out.err(&text),
                    }
                }
            },
            // AppArmor profiles loaded into the node's kernel (`containerd/apparmor.rs`).
            ["node", name, "--", "apparmor_parser", flags @ ..] => {
                if let Some(bad) = flags.iter().find(|f| !matches!(**f, "-q" | "--quiet" | "-r" | "--replace" | "-a" | "--add")) {
                    return out.err(&format!("apparmor_parser: unsupported here: {bad} (podlife reads the profiles from the here-document)\n"));
                }
                if let Err(e) = self.engine.apparmor_load(name, stdin.unwrap_or_default()) {
                    out.err(&format!("{e}\n"));
                }
            }
            // A file put on the node's disk (seccomp profiles under /var/lib/kubelet/seccomp,
            // as kind's extraMounts would); tee copies its input to its output too.
            ["node", name, "--", "tee", path] => {
                let text = stdin.unwrap_or_default();
                match self.engine.node_write_file(name, path, text) {
                    Ok(()) => out.out(text),
                    Err(e) => out.err(&format!("{e}\n")),
                }
            }
            ["node", name, "--", command @ ..] => {
                let now = self.engine.now();
                let argv: Vec<String> = command.iter().map(|s| s.to_string()).collect();
                if self.engine.node_runtime(name).is_some()
                    && let Some(result) = crictl::run_operator(&mut self.engine, name, &argv)
                {
                    match result {
                        Ok(text) => out.out(&text),
                        Err(text) => out.err(&text),
                    }
                    return;
                }
                // Any other command runs in the node's shell, as `docker exec kind-worker …`.
                if let [program, ..] = command
                    && !matches!(*program, "crictl" | "journalctl")
                {
                    return self.node_shell(name, &argv, stdin, out);
                }
                // The CRI configs the kubelet sent came from its pods; podlife reads them from
                // the pods bound to the node (and the Node's capacity for OOM scores).
                let store = self.engine.store();
                let pods: Vec<serde_json::Value> = store.list("", "pods", None).map(|(_, p)| p.to_value()).filter(|p| p["spec"]["nodeName"] == *name).collect();
                let node = podlife_model::ResourceType::resolve("nodes").and_then(|rt| store.get(&podlife_engine::store::ObjectKey::new(rt, None, name))).map(podlife_engine::Slot::to_value).unwrap_or_default();
                match self.engine.node_runtime(name) {
                    None => out.err(&format!("podlife: no node named {name:?}\n")),
                    Some(runtime) => match crictl::run(&crictl::NodeView { runtime, pods: &pods, node: &node }, now, &argv) {
                        Ok(text) => out.out(&text),
                        Err(text) => out.err(&text),
                    },
                }
            }
            ["node", ..] => out.err(nodes::USAGE),
            ["scheduler", "config", "-f", file] => self.scheduler_config(file, stdin, out),
            ["scheduler", ..] => out.err("podlife: usage: podlife scheduler config -f FILE (a KubeSchedulerConfiguration; - reads the here-document)\n"),
            ["traffic", rest @ ..] => match traffic::parse(rest).and_then(|spec| {
                let target = format!("svc/{}", spec.service);
                let (rps, secs) = (spec.rps, spec.duration_ms as f64 / 1000.0);
                self.engine.start_traffic(spec).map(|nodes| (target, rps, secs, nodes))
            }) {
                Ok((target, rps, secs, nodes)) => {
                    self.traffic_runs += 1;
                    out.out(&format!("[{}] clients on {} send {rps} requests/s to {target} for {}s\n", self.traffic_runs, nodes.join(", "), podlife_ftl::num::Num(secs)));
                }
                Err(e) if e.starts_with("Error from server") => out.err(&format!("{e}\n")),
                Err(e) => out.err(&format!("podlife: {e}\n")),
            },
            ["kube-proxy", "config", rest @ ..] => self.proxy_config(rest, out),
            ["controller-manager", "config", rest @ ..] => self.controller_manager_config(rest, out),
            ["controller-manager", ..] => out.err(CONTROLLER_MANAGER_USAGE),
            ["kube-proxy", ..] => out.err("podlife: usage: podlife kube-proxy config [--node NAME] [--watch-delay D|MIN-MAX] [--min-sync-period D] [--sync-period D] [--restore-time D|MIN-MAX]\n"),
            _ => out.err(&format!("podlife: unknown command: {}\n", words.join(" "))),
        }
    }

    /// `podlife node NAME -- COMMAND…`: the command on the node (`kubelet/node_shell.rs`),
    /// with docker exec's exit status; the time it took passes.
    fn node_shell(&mut self, name: &str, argv: &[String], stdin: Option<&str>, out: &mut Output) {
        match self.engine.node_exec(name, argv, stdin) {
            Err(e) => out.err(&format!("podlife: {e}\n")),
            Ok(run) => {
                for (to_stderr, text) in &run.pieces {
                    if *to_stderr { out.err(text) } else { out.out(text) }
                }
                self.engine.advance_by(run.duration_ms.min(7 * 24 * 3_600_000));
                if run.unfinished {
                    out.err(&format!("podlife: stopped waiting for the command after {} of simulated time (podlife's limit for one exec); it was still running\n", podlife_engine::kubelet::go_duration(run.duration_ms)));
                }
                out.code = Some(run.code);
            }
        }
    }

    /// Reports of traffic runs that ended during the last command.
    fn traffic_reports(&mut self, out: &mut Output) {
        out.out(&self.take_background_output());
    }

    /// What background work finished since it was last asked (traffic runs' tables), for a
    /// driver that moves the clock itself (the web player's `sleep`).
    pub fn take_background_output(&mut self) -> String {
        self.engine.take_traffic_reports().iter().map(traffic::render).collect()
    }

    /// At the end of a script: let running traffic finish (a script's last word should not
    /// cut its clients off) and print their reports.
    pub fn finish_background(&mut self) -> String {
        let mut out = Output::default();
        let limit = self.engine.now().plus_millis(podlife_engine::traffic::MAX_DURATION_MS + 10_000);
        let _ = self.engine.wait_while(|e| e.traffic_running(), limit.millis() - self.engine.now().millis());
        self.traffic_reports(&mut out);
        out.text
    }

    /// `podlife kube-proxy config`: kube-proxy's sync timing on one node or all, then the
    /// settings in effect.
    #[inline(never)]
    fn proxy_config(&mut self, args: &[&str], out: &mut Output) {
        let mut node: Option<&str> = None;
        let defaults = podlife_engine::proxy::ProxyConfig::default();
        let mut config = self.engine.proxier_config(None).unwrap_or(defaults);
        let mut i = 0;
        while i < args.len() {
            let (flag, inline) = match args[i].split_once('=') {
                Some((f, v)) => (f, Some(v)),
                None => (args[i], None),
            };
            let value = match inline {
                Some(v) => v,
                None => {
                    i += 1;
                    match args.get(i) {
                        Some(v) => v,
                        None => return out.err(&format!("podlife: flag needs an argument: {flag}\n")),
                    }
                }
            };
            let parsed = match flag {
                "--node" => {
                    node = Some(value);
                    match self.engine.proxier_config(Some(value)) {
                        Some(c) => config = c,
                        None => return out.err(&format!("podlife: no node named {value:?}\n")),
                    }
                    Ok(())
                }
                "--min-sync-period" => traffic::duration_ms(value).map(|v| config.min_sync_period_ms = v),
                "--sync-period" => traffic::duration_ms(value).and_then(|v| if v == 0 { Err("--sync-period must be more than 0".into()) } else { config.sync_period_ms = v; Ok(()) }),
                "--watch-delay" => traffic::range_ms(flag, value).map(|r| config.watch_ms = r),
                "--restore-time" => traffic::range_ms(flag, value).map(|r| config.restore_ms = r),
                other => Err(format!("unknown flag: {other}")),
            };
            if let Err(e) = parsed {
                return out.err(&format!("podlife: {e}\n"));
            }
            i += 1;
        }
        if let Err(e) = self.engine.configure_proxy(node, config.clone()) {
            return out.err(&format!("podlife: {e}\n"));
        }
        let ms = |v: u64| if v.is_multiple_of(1000) { format!("{}s", v / 1000) } else { format!("{v}ms") };
        let range = |(lo, hi): (u64, u64)| if lo == hi { ms(lo) } else { format!("{}-{}", ms(lo), ms(hi)) };
        out.out(&format!(
            "kube-proxy on {}: watch delay {}, minSyncPeriod {}, syncPeriod {}, iptables-restore {}\n",
            node.map_or("every node".to_string(), str::to_string),
            range(config.watch_ms),
            ms(config.min_sync_period_ms),
            ms(config.sync_period_ms),
            range(config.restore_ms)
        ));
    }

    /// `podlife controller-manager config`: kube-controller-manager's client flags; with any,
    /// it restarts with them (as its static pod does when its manifest changes).
    #[inline(never)]
    fn controller_manager_config(&mut self, args: &[&str], out: &mut Output) {
        let current = self.engine.controller_manager_config();
        let (mut milli_qps, mut burst) = (current.flag_milli_qps, current.flag_burst as i64);
        let mut i = 0;
        while i < args.len() {
            let (flag, inline) = match args[i].split_once('=') {
                Some((f, v)) => (f, Some(v)),
                None => (args[i], None),
            };
            if !matches!(flag, "--kube-api-qps" | "--kube-api-burst") {
                return out.err(&format!("podlife: unknown flag: {flag}\n{CONTROLLER_MANAGER_USAGE}"));
            }
            let value = match inline {
                Some(v) => v,
                None => {
                    i += 1;
                    match args.get(i) {
                        Some(v) => *v,
                        None => return out.err(&format!("podlife: flag needs an argument: {flag}\n")),
                    }
                }
            };
            // pflag's messages: a float32 flag and an int32 one.
            let parsed = if flag == "--kube-api-qps" {
                parse_milli(value).map(|v| milli_qps = v).ok_or_else(|| format!("invalid argument {value:?} for {flag:?} flag: strconv.ParseFloat: parsing {value:?}: invalid syntax"))
            } else {
                value.parse::<i32>().map(|v| burst = v as i64).map_err(|_| format!("invalid argument {value:?} for {flag:?} flag: strconv.ParseInt: parsing {value:?}: invalid syntax"))
            };
            if let Err(e) = parsed {
                return out.err(&format!("podlife: {e}\n"));
            }
            i += 1;
        }
        let config = match podlife_engine::controllers::client::ClientConfig::from_flags(milli_qps, burst) {
            Ok(c) => c,
            Err(e) => return out.err(&format!("podlife: {e}\n")),
        };
        let restarted = !args.is_empty();
        if restarted {
            self.engine.configure_controller_manager(config);
        }
        // Thousandths as a decimal, without float formatting (its code weighs in the bundle).
        let decimal = |m: u64| {
            let (whole, frac) = (m / 1000, m % 1000);
            if frac == 0 { whole.to_string() } else { format!("{whole}.{}", format!("{frac:03}").trim_end_matches('0')) }
        };
        let flag_qps = config.flag_milli_qps;
        let sign = if flag_qps < 0 { "-" } else { "" };
        let flags = format!("--kube-api-qps={sign}{} --kube-api-burst={}", decimal(flag_qps.unsigned_abs()), config.flag_burst);
        let rate = match config.milli_qps() {
            Some(m) => format!("each controller's client sends up to {} requests at once, then {} a second", config.burst(), decimal(m)),
            None => "no client-side rate limit".to_string(),
        };
        let lead = if restarted { "kube-controller-manager restarted with" } else { "kube-controller-manager runs with" };
        out.out(&format!("{lead} {flags}: {rate}\n"));
    }

    /// kube-scheduler restarts with a configuration file, or logs why it cannot and exits.
    #[inline(never)]
    fn scheduler_config(&mut self, file: &str, stdin: Option<&str>, out: &mut Output) {
        let text = if file == "-" { stdin.map(str::to_string) } else { (self.read_file)(file) };
        let document = match text {
            None => Err(format!("open {file}: no such file or directory")),
            Some(text) => match podlife_manifest::first_document(&text) {
                Ok(Some(d)) => Ok(d),
                Err(e) => Err(format!("error converting YAML to JSON: {}", e.go_yaml_text())),
                Ok(None) => Err("Object 'Kind' is missing in '{}'".to_string()),
            },
        };
        let result = document.and_then(|d| self.engine.configure_scheduler(&d));
        match result {
            Ok(profiles) => out.out(&format!("kube-scheduler restarted with profile(s): {}\n", profiles.join(", "))),
            Err(e) => {
                out.err(&format!("{}\n", klog_error(self.engine.now(), "run.go:72", "command failed", &e)));
                out.err("podlife: kube-scheduler exited (status 1); it stays down until it is given a valid configuration\n");
            }
        }
    }

    /// The engine's trace rendered one line per reaction.
    pub fn trace_text(&self) -> String {
        self.engine.trace().iter().map(|e| format!("{}\n", render::line(e))).collect()
    }
}

/// A decimal flag value in thousandths (`-1`, `20`, `0.5`; rounded to three places), without
/// float parsing (its code weighs in the bundle); exponents are not read.
fn parse_milli(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && frac.is_empty() || !whole.chars().chain(frac.chars()).all(|c| c.is_ascii_digit()) || whole.len() > 9 {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let mut milli = whole * 1000;
    for (i, c) in frac.chars().take(4).enumerate() {
        let d = i64::from(c as u8 - b'0');
        match i {
            0 => milli += d * 100,
            1 => milli += d * 10,
            2 => milli += d,
            _ => milli += i64::from(d >= 5),
        }
    }
    Some(if negative { -milli } else { milli })
}

const CONTROLLER_MANAGER_USAGE: &str = "podlife: usage: podlife controller-manager config [--kube-api-qps Q] [--kube-api-burst N]\n";
const FEATURE_GATES_USAGE: &str = "usage: podlife feature-gates [NAME=true|false[,NAME=true|false…] …] [--all]\n";

/// The gates as a table: those podlife models and those given a value (`--all`: every gate).
fn gates_table(gates: &podlife_engine::features::FeatureGates, all: bool) -> String {
    use podlife_engine::features::{GATES, MODELLED};
    let rows: Vec<[String; 4]> = GATES
        .iter()
        .filter(|g| all || MODELLED.contains(&g.name) || gates.explicitly_set(g.name) || gates.enabled(g.name) != g.default)
        .map(|g| {
            let stage = match g.stage.label() {
                "" => "GA",
                s => s,
            };
            let default = if g.locked { format!("{} (locked)", g.default) } else { g.default.to_string() };
            [g.name.to_string(), stage.to_string(), default, gates.enabled(g.name).to_string()]
        })
        .collect();
    let header = ["NAME".to_string(), "STAGE".to_string(), "DEFAULT".to_string(), "ENABLED".to_string()];
    let mut widths = [0usize; 4];
    for r in std::iter::once(&header).chain(rows.iter()) {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.len());
        }
    }
    let mut text = String::new();
    for r in std::iter::once(&header).chain(rows.iter()) {
        let line = format!("{:w0$}   {:w1$}   {:w2$}   {}", r[0], r[1], r[2], r[3], w0 = widths[0], w1 = widths[1], w2 = widths[2]);
        text.push_str(line.trim_end());
        text.push('\n');
    }
    if !all {
        text.push_str(&format!("({} more gates, whose effects podlife does not model, at their defaults: podlife feature-gates --all)\n", GATES.len() - rows.len()));
    }
    text
}

/// A klog error line as a component logs it: `E0302 09:00:40.000000       1 file:line] "msg" err="…"`.
fn klog_error(now: podlife_engine::Time, source: &str, message: &str, err: &str) -> String {
    let ts = now.rfc3339_micros();
    // 2026-03-02T09:00:40.000000Z → 0302 09:00:40.000000
    let part = |r: std::ops::Range<usize>| ts.get(r).unwrap_or_default();
    let stamp = format!("{}{} {}", part(5..7), part(8..10), part(11..26));
    let quoted: String = err.chars().flat_map(|c| match c {
        '"' => vec!['\\', '"'],
        '\\' => vec!['\\', '\\'],
        '\n' => vec!['\\', 'n'],
        c => vec![c],
    }).collect();
    format!("E{stamp}       1 {source}] \"{message}\" err=\"{quoted}\"")
}

#[cfg(test)]
mod tests {
    use super::parse_milli;

    #[test]
    fn flag_decimals_in_thousandths() {
        assert_eq!(parse_milli("20"), Some(20_000));
        assert_eq!(parse_milli("-1"), Some(-1_000));
        assert_eq!(parse_milli("2.5"), Some(2_500));
        assert_eq!(parse_milli(".25"), Some(250));
        assert_eq!(parse_milli("+3."), Some(3_000));
        // Rounded to three places, half away from zero.
        assert_eq!(parse_milli("0.0015"), Some(2));
        assert_eq!(parse_milli("0.00149"), Some(1));
        assert_eq!(parse_milli("-0.0005"), Some(-1));
        for bad in ["", ".", "-", "fast", "1e3", "1.2.3", "1,5", "9999999999"] {
            assert_eq!(parse_milli(bad), None, "{bad}");
        }
    }
}

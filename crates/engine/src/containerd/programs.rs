//! What some programs do the moment they start, before they serve: read their files (a
//! webhook server's certificate, Envoy's bootstrap) or write the pod's network rules
//! (istio-init). A program that cannot start the way the real one cannot becomes its failure:
//! the real error line on stderr and its exit status.

use crate::Engine;
use crate::process::App;
use crate::process::apps::AppKind;
use crate::process::servers::{ENVOY_STAMP, ISTIO_STAMP, Role};

impl Engine {
    /// The program as it is once it started (or its failure).
    pub(crate) fn prepare_program(&mut self, node: &str, container_id: &str, spec: &crate::Slot, mut app: App) -> App {
        if app.kind == AppKind::Nginx && app.role.is_none() {
            self.read_nginx_conf(node, container_id, &mut app);
        }
        let Some(role) = app.role.as_deref().cloned() else { return app };
        match role {
            Role::AgnhostWebhook { cert_file, key_file, .. } => {
                // `configTLS`: tls.LoadX509KeyPair, klog.Fatal on error (exit 255; the
                // goroutine dump klog prints after the line is left out).
                let cert = self.container_file(node, container_id, &cert_file);
                let key = self.container_file(node, container_id, &key_file);
                let failure = match (&cert, &key) {
                    (None, _) => Some(format!("open {cert_file}: no such file or directory")),
                    (_, None) => Some(format!("open {key_file}: no such file or directory")),
                    (Some(c), _) if !crate::process::servers::has_pem_block(c, "CERTIFICATE") => Some("tls: failed to find any PEM data in certificate input".into()),
                    (_, Some(k)) if !crate::process::servers::has_pem_block(k, "PRIVATE KEY") => Some("tls: failed to find any PEM data in key input".into()),
                    _ => None,
                };
                if let Some(why) = failure {
                    let line = format!("{}     1 config.go:35] {why}", klog_header('F', self.now));
                    return fatal(vec![("stderr", line)], 255);
                }
            }
            Role::Envoy { config_path, .. } => {
                // The image ships configs/envoyproxy_io_proxy.yaml as /etc/envoy/envoy.yaml.
                let text = self.container_file(node, container_id, &config_path).or_else(|| (config_path == "/etc/envoy/envoy.yaml").then(|| crate::process::envoy::DEFAULT_CONFIG.to_string()));
                let parsed = match text {
                    None if config_path.is_empty() => Err("At least one of --config-path or --config-yaml or Options::configProto() should be non-empty".to_string()),
                    None => Err(format!("Invalid path: {config_path}")),
                    Some(t) => match podlife_manifest::first_document(&t) {
                        Ok(Some(doc)) => crate::process::envoy::parse(&doc),
                        Ok(None) => Ok(crate::process::envoy::Config::default()),
                        Err(e) => Err(format!("Unable to convert YAML as JSON: {}", e.go_yaml_text().trim_start_matches("yaml: "))),
                    },
                };
                match parsed {
                    Ok(config) => {
                        app.ports = config.ports();
                        app.start_lines = crate::process::envoy::startup_lines(&config).into_iter().map(|l| ("stderr", l)).collect();
                        app.role = Some(Box::new(Role::Envoy { config_path, config: Some(config) }));
                    }
                    Err(why) => {
                        let line = format!("[{ENVOY_STAMP}][1][critical][main] [source/server/server.cc:417] error initializing config '{config_path}': {why}");
                        let exiting = format!("[{ENVOY_STAMP}][1][info][main] [source/server/server.cc:1017] exiting");
                        return fatal(vec![("stderr", line), ("stderr", exiting)], 1);
                    }
                }
            }
            Role::HttpProxy { .. } => {}
            Role::IstioIptables { args } => {
                // iptables needs CAP_NET_ADMIN in the pod's network namespace.
                let sc = &spec["securityContext"];
                let caps: Vec<&str> = sc["capabilities"]["add"].as_array().into_iter().flatten().filter_map(crate::Slot::as_str).collect();
                let allowed = sc["privileged"] == true || caps.iter().any(|c| *c == "NET_ADMIN" || *c == "CAP_NET_ADMIN");
                let capture = match crate::istio::iptables::parse_args(&args) {
                    Ok(c) => c,
                    Err(why) => return fatal(vec![("stderr", format!("Error: {why}"))], 1),
                };
                let input = capture.restore_input();
                let mut lines = vec![
                    ("stderr", format!("{ISTIO_STAMP}\tinfo\tIstio iptables environment:\nENVOY_PORT=\nINBOUND_CAPTURE_PORT=\nISTIO_INBOUND_INTERCEPTION_MODE=\nISTIO_INBOUND_TPROXY_ROUTE_TABLE=\nISTIO_INBOUND_PORTS=\nISTIO_OUTBOUND_PORTS=\nISTIO_LOCAL_EXCLUDE_PORTS=\nISTIO_EXCLUDE_INTERFACES=\nISTIO_SERVICE_CIDR=\nISTIO_SERVICE_EXCLUDE_CIDR=\nISTIO_META_DNS_CAPTURE=\nINVALID_DROP=\n")),
                    ("stderr", format!("{ISTIO_STAMP}\tinfo\tRunning iptables restore with: iptables-restore and the following input:\n{input}")),
                ];
                if !allowed {
                    lines.push(("stderr", format!("{ISTIO_STAMP}\terror\tfailed to execute iptables-restore command: iptables-restore v1.8.11 (nf_tables): Could not fetch rule set generation id: Permission denied (you must be root)")));
                    return fatal(lines.into_iter().flat_map(|(stream, text)| text.lines().map(|l| (stream, l.to_string())).collect::<Vec<_>>()).collect(), 1);
                }
                let uid = self.machines.get(node).and_then(|m| m.runtime.containers.get(container_id)).map(|c| c.sandbox_id.clone());
                if let Some(sandbox) = uid.and_then(|id| self.machines.get_mut(node)?.runtime.sandboxes.get_mut(&id)) {
                    sandbox.capture = Some(Box::new(capture));
                }
                // Each line of a multi-line message is its own log line.
                app.start_lines = lines.into_iter().flat_map(|(stream, text)| text.lines().map(|l| (stream, l.to_string())).collect::<Vec<_>>()).collect();
            }
            Role::RedisConfig { path } => {
                // `loadServerConfig` (redis `config.c`): the file must open and every line be a
                // directive redis knows with its arguments; redis 7 names its version in the
                // fatal error's banner (6.0 did not).
                let version = self.container_env(node, container_id, "REDIS_VERSION").unwrap_or_default();
                let major: u32 = version.split('.').next().and_then(|m| m.parse().ok()).unwrap_or(7);
                let Some(text) = self.container_file(node, container_id, &path) else {
                    let why = if major >= 7 { ": No such file or directory" } else { "" };
                    return fatal(vec![("stdout", format!("# Fatal error, can't open config file '{path}'{why}"))], 1);
                };
                if let Err((line, directive, why)) = app.redis.load_config(&text) {
                    let banner = if major >= 7 { format!("*** FATAL CONFIG FILE ERROR (Redis {version}) ***") } else { "*** FATAL CONFIG FILE ERROR ***".to_string() };
                    let lines = [String::new(), banner, format!("Reading the configuration file, at line {line}"), format!(">>> '{directive}'"), why];
                    return fatal(lines.into_iter().map(|l| ("stderr", l)).collect(), 1);
                }
            }
            Role::Istiod | Role::IstioProxy => {}
        }
        app
    }
}

impl Engine {
    /// nginx at start: what the official image's `10-listen-on-ipv6-by-default.sh` says of
    /// `conf.d/default.conf` (nginxinc/docker-nginx), then the ports the configuration's
    /// server blocks listen on (`process::nginx_conf`). Images whose `nginx.conf` podlife
    /// does not hold keep their program model's port 80.
    fn read_nginx_conf(&mut self, node: &str, container_id: &str, app: &mut App) {
        const DEFAULT_CONF: &str = "/etc/nginx/conf.d/default.conf";
        let Some(main) = self.container_file(node, container_id, "/etc/nginx/nginx.conf") else { return };
        let image_ref = self.machines.get(node).and_then(|m| m.runtime.containers.get(container_id)).map(|c| c.image_ref.clone()).unwrap_or_default();
        // The script's verdict replaces the two lines the image's own file gets.
        const ME: &str = "10-listen-on-ipv6-by-default.sh: info:";
        if let Some(i) = app.start_lines.iter().position(|(_, l)| l.starts_with(ME)) {
            let current = self.container_file(node, container_id, DEFAULT_CONF);
            let packaged = super::image_files::file(&image_ref, DEFAULT_CONF);
            let verdict: Vec<String> = match current {
                None => vec![format!("{ME} {DEFAULT_CONF} is not a file or does not exist")],
                Some(_) if !self.container_path_writable(node, container_id, DEFAULT_CONF) => vec![format!("{ME} can not modify {DEFAULT_CONF} (read-only file system?)")],
                // podlife holds the image's file as the script leaves it.
                Some(text) if Some(&text) == packaged.as_ref() => vec![format!("{ME} Getting the checksum of {DEFAULT_CONF}"), format!("{ME} Enabled listen on IPv6 in {DEFAULT_CONF}")],
                Some(text) if text.contains("listen  [::]:80;") => vec![format!("{ME} IPv6 listen already enabled")],
                Some(_) => vec![format!("{ME} Getting the checksum of {DEFAULT_CONF}"), format!("{ME} {DEFAULT_CONF} differs from the packaged version")],
            };
            let end = app.start_lines[i..].iter().position(|(_, l)| !l.starts_with(ME)).map_or(app.start_lines.len(), |n| i + n);
            app.start_lines.splice(i..end, verdict.into_iter().map(|l| ("stdout", l)));
        }
        let conf = crate::process::nginx_conf::read(&main, &mut ContainerFiles { engine: self, node, container_id });
        app.ports = conf.listens.iter().map(|l| l.port).collect();
        app.loopback = conf.listens.iter().filter(|l| l.loopback).map(|l| l.port).collect();
        app.speaks = conf.listens.iter().filter(|l| l.ssl).map(|l| (l.port, crate::process::apps::Protocol::Tls)).collect();
        app.tls_certificate = conf.certificate.as_deref().and_then(|path| self.container_file(node, container_id, path));
        // The `[notice]` lines go to the error log only when its level keeps them.
        if !conf.logs_notices() {
            app.ready_lines.retain(|(_, l)| !l.starts_with("[notice]"));
            app.shutdown_lines.retain(|(_, l)| !l.starts_with("[notice]"));
        }
    }
}

/// A container's files as a program reading its configuration sees them.
struct ContainerFiles<'a> {
    engine: &'a mut Engine,
    node: &'a str,
    container_id: &'a str,
}

impl crate::process::nginx_conf::Files for ContainerFiles<'_> {
    fn read(&mut self, path: &str) -> Option<String> {
        self.engine.container_file(self.node, self.container_id, path)
    }
    fn list(&mut self, dir: &str) -> Vec<String> {
        self.engine.container_list_dir(self.node, self.container_id, dir).unwrap_or_default()
    }
}

/// A program that prints `lines` and exits with `code` at once.
fn fatal(lines: Vec<(&'static str, String)>, code: i32) -> App {
    let mut app = App::base(AppKind::Oneshot);
    app.exit_after = Some((5, code));
    app.start_lines = lines;
    app
}

/// klog's header: `F0302 09:00:02.345000` (severity, month, day, time with microseconds),
/// then the thread id right-aligned in 7 columns.
fn klog_header(severity: char, now: crate::Time) -> String {
    let t = now.rfc3339_micros();
    // 2026-03-02T09:00:02.345000Z
    format!("{severity}{}{} {}  ", &t[5..7], &t[8..10], &t[11..26])
}

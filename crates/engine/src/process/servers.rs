//! Programs that answer other components: admission webhook servers (agnhost's e2e webhook,
//! istiod's sidecar injector) and proxies (Envoy, Istio's sidecar). What they do with a
//! request lives here; the network that brings the request is `crate::network`.

use serde_json::Value;

use super::apps::{App, AppKind};
use super::{SIGINT, SIGTERM};
use crate::admission_review::{AdmissionRequest, AdmissionResponse, Answer, StatusResult};

/// What a server needs beyond `App`'s common fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// `agnhost webhook --tls-cert-file … --tls-private-key-file … [--port] [--sidecar-image]`.
    AgnhostWebhook { cert_file: String, key_file: String, sidecar_image: String },
    /// istiod: the injector at `/inject` on 15017.
    Istiod,
    /// Envoy: the bootstrap file it reads at start, and what it read.
    Envoy { config_path: String, config: Option<super::envoy::Config> },
    /// pilot-agent's `proxy sidecar`.
    IstioProxy,
    /// pilot-agent's `istio-iptables …` (istio-init): its flags.
    IstioIptables { args: Vec<String> },
    /// `redis-server FILE`: the configuration file it reads at start.
    RedisConfig { path: String },
    /// An nginx whose configuration proxies `/` to `http://UPSTREAM` (port 80): the
    /// hello-frontend image's baked-in `upstream hello { server hello; }`.
    HttpProxy { upstream: String },
}

impl App {
    /// `agnhost webhook`: a Go HTTPS server on `--port` (443 by default).
    #[inline(never)]
    pub fn agnhost_webhook(argv: &[String]) -> App {
        let flag = |name: &str| {
            argv.iter().enumerate().find_map(|(i, a)| {
                a.strip_prefix(&format!("--{name}=")).map(str::to_string).or_else(|| (a == &format!("--{name}")).then(|| argv.get(i + 1).cloned()).flatten())
            })
        };
        let port = flag("port").and_then(|p| p.parse().ok()).unwrap_or(443);
        App {
            ports: vec![port],
            listen_after_ms: 30,
            role: Some(Box::new(Role::AgnhostWebhook {
                cert_file: flag("tls-cert-file").unwrap_or_default(),
                key_file: flag("tls-private-key-file").unwrap_or_default(),
                sidecar_image: flag("sidecar-image").unwrap_or_default(),
            })),
            ..App::server(vec![port]).go_program()
        }
        .with_kind(AppKind::AgnhostWebhook)
    }

    /// istiod: ready (`/ready` on 8080) once its informers synced and its CA is up, a few
    /// seconds after start; SIGTERM stops it gracefully.
    #[inline(never)]
    pub fn istiod() -> App {
        App {
            ports: vec![8080, 15010, 15012, 15014, 15017],
            listen_after_ms: 2_500,
            graceful: vec![(SIGTERM, 0), (SIGINT, 0)],
            shutdown_ms: 300,
            memory_base: 90 * 1024 * 1024,
            role: Some(Box::new(Role::Istiod)),
            start_lines: istio_log(&[
                ("info", "FLAG: --domain=\"cluster.local\""),
                ("info", "FLAG: --keepaliveMaxServerConnectionAge=\"30m0s\""),
                ("info", "FLAG: --log_output_level=\"default:info\""),
                ("info", "FLAG: --monitoringAddr=\":15014\""),
                ("info", "initializing Istiod admin server"),
                ("info", "Using istiod file format for sidecar injection"),
                ("info", "initializing mesh configuration ./etc/istio/config/mesh"),
                ("info", "Generating self-signed CA: istio-ca-secret"),
            ]),
            ready_lines: istio_log(&[
                ("info", "starting HTTPS webhook server on :15017"),
                ("info", "ads\tAll caches have been synced up in 2.4s, marking server ready"),
                ("info", "Starting discovery service at=[::]:15010"),
            ]),
            ..App::base(AppKind::Istiod)
        }
    }

    /// Envoy reading `config_path` (the bootstrap is read by the engine at start).
    #[inline(never)]
    pub fn envoy(config_path: &str) -> App {
        App {
            listen_after_ms: 120,
            graceful: vec![(SIGTERM, 0), (SIGINT, 0)],
            shutdown_ms: 20,
            memory_base: 30 * 1024 * 1024,
            role: Some(Box::new(Role::Envoy { config_path: config_path.to_string(), config: None })),
            ..App::base(AppKind::Envoy)
        }
    }

    /// istio-proxy: pilot-agent starts Envoy; its listeners open once istiod sent the config.
    #[inline(never)]
    pub fn istio_proxy() -> App {
        use crate::istio::{ADMIN_PORT, AGENT_PORT, HEALTH_PORT, INBOUND_PORT, OUTBOUND_PORT, STATS_PORT};
        App {
            ports: vec![OUTBOUND_PORT, INBOUND_PORT, AGENT_PORT, HEALTH_PORT, STATS_PORT, ADMIN_PORT],
            listen_after_ms: 900,
            graceful: vec![(SIGTERM, 0), (SIGINT, 0)],
            shutdown_ms: 100,
            memory_base: 40 * 1024 * 1024,
            role: Some(Box::new(Role::IstioProxy)),
            start_lines: istio_log(&[
                ("info", "FLAG: --domain=\"default.svc.cluster.local\""),
                ("info", "FLAG: --proxyLogLevel=\"warning\""),
                ("info", "Apply proxy config from env {}"),
                ("info", "cache\tgenerated new workload certificate"),
                ("info", "Starting proxy agent"),
                ("info", "starting"),
                ("info", "Envoy command: [-c etc/istio/proxy/envoy-rev.json --drain-time-s 45 --drain-strategy immediate --local-address-ip-version v4 --file-flush-interval-msec 1000 --disable-hot-restart --allow-unknown-static-fields -l warning --component-log-level misc:error]"),
            ]),
            ready_lines: istio_log(&[
                ("info", "xdsproxy\tconnected to delta upstream XDS server: istiod.istio-system.svc:15012"),
                ("info", "ads\tADS: new connection for node:1"),
                ("info", "Readiness succeeded in 1.2s"),
                ("info", "Envoy proxy is ready"),
            ]),
            ..App::base(AppKind::IstioProxy)
        }
    }

    /// istio-init: writes the pod's iptables rules and exits.
    #[inline(never)]
    pub fn istio_iptables(args: &[String]) -> App {
        App { exit_after: Some((150, 0)), role: Some(Box::new(Role::IstioIptables { args: args.to_vec() })), ..App::base(AppKind::Oneshot) }
    }

    fn with_kind(mut self, kind: AppKind) -> App {
        self.kind = kind;
        self
    }
}

/// Where a log line carries the time it is written at: Istio's (`2026-03-02T09:00:01.234000Z`)
/// and Envoy's (`2026-03-02 09:00:01.234`). `stamp_line` fills them in when the line is logged.
pub const ISTIO_STAMP: &str = "\u{1}istio-time\u{1}";
pub const ENVOY_STAMP: &str = "\u{1}envoy-time\u{1}";
/// Go's standard `log` package (`2026/03/02 09:00:01`).
pub const GO_LOG_STAMP: &str = "\u{1}go-log-time\u{1}";
/// glog's line header up to the file (`I0302 09:00:01.234000       1`: severity, month, day,
/// time in microseconds, the thread id, which in a container's own PID namespace is 1).
pub const GLOG_STAMP: &str = "\u{1}glog-time\u{1}";

/// A log line with its time placeholders filled in.
pub fn stamp_line(line: &str, now: crate::Time) -> String {
    if !line.contains('\u{1}') {
        return line.to_string();
    }
    let micros = now.rfc3339_micros();
    let envoy = format!("{}.{:03}", now.rfc3339().trim_end_matches('Z').replace('T', " "), now.millis() % 1000);
    let date = micros.get(..10).unwrap_or_default();
    let clock = micros.get(11..19).unwrap_or_default();
    let go_log = format!("{} {clock}", date.replace('-', "/"));
    let glog = format!("I{}{} {} {:>7}", date.get(5..7).unwrap_or_default(), date.get(8..10).unwrap_or_default(), micros.get(11..26).unwrap_or_default(), 1);
    line.replace(ISTIO_STAMP, &micros).replace(ENVOY_STAMP, &envoy).replace(GO_LOG_STAMP, &go_log).replace(GLOG_STAMP, &glog)
}

/// Lines in Istio's log format (`2026-03-02T09:00:01.234000Z\tinfo\tmessage`).
pub fn istio_log(lines: &[(&str, &str)]) -> Vec<(&'static str, String)> {
    lines.iter().map(|(level, msg)| ("stderr", format!("{ISTIO_STAMP}\t{level}\t{msg}"))).collect()
}

/// The admission handlers of a server, by path. `None` when the program serves no
/// AdmissionReview at all (plain HTTP).
pub fn admit(app: &App, path: &str, req: &AdmissionRequest) -> Option<Answer> {
    let path = path.split('?').next().unwrap_or(path);
    match app.role.as_deref()? {
        Role::AgnhostWebhook { sidecar_image, .. } => Some(agnhost(path, req, sidecar_image)),
        Role::Istiod => Some(match path {
            "/inject" | "/inject/" => Answer::Review { response: crate::istio::inject::inject(req), delay_ms: 2 },
            // istiod's `/validate` checks Istio's own kinds; others are allowed.
            p if p.starts_with("/inject/") => Answer::Review { response: crate::istio::inject::inject(req), delay_ms: 2 },
            "/validate" => Answer::Review { response: AdmissionResponse::allow(), delay_ms: 1 },
            _ => Answer::NotFound,
        }),
        _ => None,
    }
}

/// `test/images/agnhost/webhook/*.go`: each path's handler.
fn agnhost(path: &str, req: &AdmissionRequest, sidecar_image: &str) -> Answer {
    let pods = ("".to_string(), "v1".to_string(), "pods".to_string());
    let configmaps = ("".to_string(), "v1".to_string(), "configmaps".to_string());
    let quick = |response: AdmissionResponse| Answer::Review { response, delay_ms: 1 };
    let obj = &req.object;
    match path {
        "/always-allow-delay-5s" => Answer::Review {
            response: AdmissionResponse { allowed: true, result: Some(StatusResult { message: "this webhook allows all requests".into(), ..Default::default() }), ..Default::default() },
            delay_ms: 5_000,
        },
        "/always-deny" => quick(AdmissionResponse::deny("this webhook denies all requests")),
        "/add-label" => {
            let labels = &obj["metadata"]["labels"];
            let patch = match labels.as_object() {
                None => Some(json!([{"op": "add", "path": "/metadata/labels", "value": {"added-label": "yes"}}])),
                Some(m) if m.is_empty() => Some(json!([{"op": "add", "path": "/metadata/labels", "value": {"added-label": "yes"}}])),
                Some(m) => match m.get("added-label").and_then(Value::as_str) {
                    None => Some(json!([{"op": "add", "path": "/metadata/labels/added-label", "value": "yes"}])),
                    Some("yes") => None,
                    Some(_) => Some(json!([{"op": "replace", "path": "/metadata/labels/added-label", "value": "yes"}])),
                },
            };
            quick(patch.map_or_else(AdmissionResponse::allow, AdmissionResponse::patch))
        }
        "/pods" => {
            if req.resource != pods {
                return quick(AdmissionResponse::deny("expect resource to be { v1 pods}"));
            }
            let mut msg = String::new();
            match obj["metadata"]["labels"]["webhook-e2e-test"].as_str() {
                Some("webhook-disallow") => msg.push_str("the pod contains unwanted label; "),
                Some("wait-forever") => return Answer::Never,
                _ => {}
            }
            for c in obj["spec"]["containers"].as_array().into_iter().flatten() {
                if c["name"].as_str().is_some_and(|n| n.contains("webhook-disallow")) {
                    msg.push_str("the pod contains unwanted container name; ");
                }
            }
            quick(if msg.is_empty() { AdmissionResponse::allow() } else { AdmissionResponse::deny(msg.trim()) })
        }
        "/mutating-pods" => {
            let has = obj["spec"]["initContainers"].as_array().is_some_and(|cs| cs.iter().any(|c| c["name"] == "webhook-added-init-container"));
            quick(if req.resource == pods && obj["metadata"]["name"] == "webhook-to-be-mutated" && !has {
                AdmissionResponse::patch(json!([{"op": "add", "path": "/spec/initContainers", "value": [{"image": "webhook-added-image", "name": "webhook-added-init-container", "resources": {}}]}]))
            } else {
                AdmissionResponse::allow()
            })
        }
        "/mutating-pods-sidecar" => {
            if sidecar_image.is_empty() {
                return quick(AdmissionResponse {
                    allowed: false,
                    result: Some(StatusResult { code: 500, reason: String::new(), message: "No image specified by the sidecar-image parameter".into() }),
                    ..Default::default()
                });
            }
            let has = obj["spec"]["containers"].as_array().is_some_and(|cs| cs.iter().any(|c| c["name"] == "webhook-added-sidecar"));
            quick(if req.resource == pods && !has {
                AdmissionResponse::patch(json!([{"op": "add", "path": "/spec/containers/-", "value": {"image": sidecar_image, "name": "webhook-added-sidecar", "resources": {}}}]))
            } else {
                AdmissionResponse::allow()
            })
        }
        "/configmaps" => {
            if req.resource != configmaps {
                return quick(AdmissionResponse::allow());
            }
            let cm = if req.operation == "DELETE" { &req.old_object } else { obj };
            let value = cm["data"]["webhook-e2e-test"].as_str();
            let reason = match (value, req.operation) {
                (Some("webhook-disallow"), "CREATE" | "UPDATE") => Some("the configmap contains unwanted key and value"),
                (Some("webhook-nondeletable"), "DELETE") => Some("the configmap cannot be deleted because it contains unwanted key and value"),
                _ => None,
            };
            quick(match reason {
                Some(r) => AdmissionResponse { allowed: false, result: Some(StatusResult { reason: r.into(), ..Default::default() }), ..Default::default() },
                None => AdmissionResponse::allow(),
            })
        }
        "/mutating-configmaps" => {
            let data = &obj["data"];
            let patch = if data["mutation-stage-1"] == "yes" {
                Some(json!([{"op": "add", "path": "/data/mutation-stage-2", "value": "yes"}]))
            } else if data["mutation-start"] == "yes" {
                Some(json!([{"op": "add", "path": "/data/mutation-stage-1", "value": "yes"}]))
            } else {
                None
            };
            quick(patch.map_or_else(AdmissionResponse::allow, AdmissionResponse::patch))
        }
        // Attach requests (CONNECT) are not modelled; custom resources do not exist here.
        "/pods/attach" | "/custom-resource" | "/mutating-custom-resource" | "/crd" => quick(AdmissionResponse::allow()),
        _ => Answer::NotFound,
    }
}

/// Is this pem text a certificate (or key) as Go's `tls.LoadX509KeyPair` first checks it?
pub fn has_pem_block(text: &str, what: &str) -> bool {
    text.contains("-----BEGIN") && text.contains(what)
}

//! Validation of a container's probes and lifecycle hooks, in upstream's order
//! (`pkg/apis/core/validation/validation.go`: `validateLivenessProbe`,
//! `validateReadinessProbe`, `validateStartupProbe`, `validateProbe`, `validateHandler`,
//! `validateLifecycle` and their actions). Plain init containers may set none of these:
//! `validateInitContainers` forbids each one it finds.

use serde_json::Value;

use super::status::FieldError;

/// The message `validateInitContainers` gives each probe or hook of an init container that is
/// not a sidecar.
pub const INIT_FORBIDDEN: &str = "may not be set for init containers without restartPolicy=Always";

/// The fields forbidden on a plain init container, in the order they are checked.
pub const INIT_FORBIDDEN_FIELDS: [&str; 4] = ["lifecycle", "livenessProbe", "readinessProbe", "startupProbe"];

fn int(v: &Value) -> Option<i64> {
    v.as_i64()
}

/// `IsValidPortNum` / `IsValidPortName` on an IntOrString port (`ValidatePortNumOrName`).
fn port(v: &Value, path: &str, errs: &mut Vec<FieldError>) {
    match v {
        Value::String(name) => {
            for msg in crate::names::port_name(name) {
                errs.push(FieldError::invalid(path, super::status::quote(name), msg));
            }
        }
        other => {
            let n = other.as_i64().unwrap_or(0);
            if !(1..=65535).contains(&n) {
                errs.push(FieldError::invalid(path, n.to_string(), "must be between 1 and 65535, inclusive"));
            }
        }
    }
}

/// `IsHTTPHeaderName`.
fn header_name_ok(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// `validateHandler` over the actions a probe (`exec`, `httpGet`, `tcpSocket`, `grpc`) or a
/// hook (`exec`, `httpGet`, `tcpSocket`, `sleep`) may carry.
fn handler(h: &Value, kinds: &[&str], grace_s: Option<i64>, path: &str, errs: &mut Vec<FieldError>) {
    let mut count = 0;
    for kind in kinds {
        let action = &h[*kind];
        if action.is_null() {
            continue;
        }
        let apath = format!("{path}.{kind}");
        if count > 0 {
            errs.push(FieldError::forbidden(apath, "may not specify more than 1 handler type"));
            continue;
        }
        count += 1;
        match *kind {
            "exec" if action["command"].as_array().is_none_or(Vec::is_empty) => errs.push(FieldError::required(format!("{apath}.command"), "")),
            "httpGet" => {
                if action["path"].as_str().unwrap_or_default().is_empty() {
                    errs.push(FieldError::required(format!("{apath}.path"), ""));
                }
                port(&action["port"], &format!("{apath}.port"), errs);
                let scheme = action["scheme"].as_str().unwrap_or_default();
                if scheme != "HTTP" && scheme != "HTTPS" {
                    errs.push(FieldError::not_supported(format!("{apath}.scheme"), scheme, &["HTTP", "HTTPS"]));
                }
                for header in action["httpHeaders"].as_array().map(Vec::as_slice).unwrap_or_default() {
                    let name = header["name"].as_str().unwrap_or_default();
                    if !header_name_ok(name) {
                        errs.push(FieldError::invalid(
                            format!("{apath}.httpHeaders"),
                            super::status::quote(name),
                            "a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')",
                        ));
                    }
                }
            }
            "tcpSocket" => port(&action["port"], &format!("{apath}.port"), errs),
            "grpc" => port(&json!(action["port"].as_i64().unwrap_or(0)), &format!("{apath}.port"), errs),
            "sleep" => {
                let seconds = action["seconds"].as_i64().unwrap_or(0);
                // `validateSleepAction` (zero allowed since PodLifecycleSleepActionAllowZero).
                if let Some(grace) = grace_s
                    && (seconds < 0 || seconds > grace)
                {
                    errs.push(FieldError::invalid(apath, seconds.to_string(), format!("must be non-negative and less than terminationGracePeriodSeconds ({grace})")));
                }
            }
            _ => {}
        }
    }
    if count == 0 {
        errs.push(FieldError::required(path, "must specify a handler type"));
    }
}

/// `validateProbe`: the handler, then the counts.
fn probe(p: &Value, grace_s: Option<i64>, path: &str, errs: &mut Vec<FieldError>) {
    handler(p, &["exec", "httpGet", "tcpSocket", "grpc"], grace_s, path, errs);
    for field in ["initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold", "failureThreshold"] {
        if let Some(n) = int(&p[field]).filter(|n| *n < 0) {
            errs.push(FieldError::invalid(format!("{path}.{field}"), n.to_string(), "must be greater than or equal to 0"));
        }
    }
    if let Some(n) = int(&p["terminationGracePeriodSeconds"]).filter(|n| *n <= 0) {
        errs.push(FieldError::invalid(format!("{path}.terminationGracePeriodSeconds"), n.to_string(), "must be greater than 0"));
    }
}

/// `validateLifecycle` (when set), then the liveness, readiness and startup probes, of a
/// regular container or a sidecar.
pub fn probes_and_hooks(c: &Value, grace_s: Option<i64>, path: &str, errs: &mut Vec<FieldError>) {
    if c["lifecycle"].is_object() {
        for hook in ["postStart", "preStop"] {
            let h = &c["lifecycle"][hook];
            if !h.is_null() {
                handler(h, &["exec", "httpGet", "tcpSocket", "sleep"], grace_s, &format!("{path}.lifecycle.{hook}"), errs);
            }
        }
    }
    let live = &c["livenessProbe"];
    if !live.is_null() {
        let lpath = format!("{path}.livenessProbe");
        probe(live, grace_s, &lpath, errs);
        if let Some(n) = int(&live["successThreshold"]).filter(|n| *n != 1) {
            errs.push(FieldError::invalid(format!("{lpath}.successThreshold"), n.to_string(), "must be 1"));
        }
    }
    let ready = &c["readinessProbe"];
    if !ready.is_null() {
        let rpath = format!("{path}.readinessProbe");
        probe(ready, grace_s, &rpath, errs);
        if let Some(n) = int(&ready["terminationGracePeriodSeconds"]) {
            errs.push(FieldError::invalid(format!("{rpath}.terminationGracePeriodSeconds"), n.to_string(), "must not be set for readinessProbes"));
        }
    }
    let startup = &c["startupProbe"];
    if !startup.is_null() {
        let spath = format!("{path}.startupProbe");
        probe(startup, grace_s, &spath, errs);
        if let Some(n) = int(&startup["successThreshold"]).filter(|n| *n != 1) {
            errs.push(FieldError::invalid(format!("{spath}.successThreshold"), n.to_string(), "must be 1"));
        }
    }
}

/// A plain init container's probes and hooks: each one set is Forbidden.
pub fn forbidden_on_init(c: &Value, path: &str, errs: &mut Vec<FieldError>) {
    for field in INIT_FORBIDDEN_FIELDS {
        if !c[field].is_null() {
            errs.push(FieldError::forbidden(format!("{path}.{field}"), INIT_FORBIDDEN));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(c: &Value, grace: Option<i64>) -> Vec<String> {
        let mut errs = vec![];
        probes_and_hooks(c, grace, "spec.containers[0]", &mut errs);
        errs.iter().map(ToString::to_string).collect()
    }

    /// Cases of `TestValidateProbe`, `TestValidateHandler` and `TestValidateLifecycle`
    /// (`validation_test.go`) as the API server words them.
    #[test]
    fn probe_and_hook_errors() {
        assert_eq!(errors(&json!({"livenessProbe": {"periodSeconds": 10}}), Some(30)), vec!["spec.containers[0].livenessProbe: Required value: must specify a handler type"]);
        assert_eq!(
            errors(&json!({"readinessProbe": {"exec": {"command": []}, "tcpSocket": {"port": 80}}}), Some(30)),
            vec!["spec.containers[0].readinessProbe.exec.command: Required value", "spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type"]
        );
        assert_eq!(
            errors(&json!({"livenessProbe": {"httpGet": {"path": "/", "port": 0, "scheme": "FTP"}, "successThreshold": 2}}), Some(30)),
            vec![
                "spec.containers[0].livenessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive",
                "spec.containers[0].livenessProbe.httpGet.scheme: Unsupported value: \"FTP\": supported values: \"HTTP\", \"HTTPS\"",
                "spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1",
            ]
        );
        assert_eq!(
            errors(&json!({"readinessProbe": {"tcpSocket": {"port": "Web_1"}, "periodSeconds": -1, "terminationGracePeriodSeconds": 5}}), Some(30)),
            vec![
                "spec.containers[0].readinessProbe.tcpSocket.port: Invalid value: \"Web_1\": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
                "spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0",
                "spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 5: must not be set for readinessProbes",
            ]
        );
        assert_eq!(
            errors(&json!({"lifecycle": {"postStart": {}, "preStop": {"sleep": {"seconds": 40}}}}), Some(30)),
            vec![
                "spec.containers[0].lifecycle.postStart: Required value: must specify a handler type",
                "spec.containers[0].lifecycle.preStop.sleep: Invalid value: 40: must be non-negative and less than terminationGracePeriodSeconds (30)",
            ]
        );
        assert!(errors(&json!({"startupProbe": {"grpc": {"port": 9090}}, "lifecycle": {"preStop": {"sleep": {"seconds": 0}}}}), Some(30)).is_empty());
    }

    #[test]
    fn init_containers_forbid_each_probe_and_hook_in_order() {
        let mut errs = vec![];
        forbidden_on_init(&json!({"startupProbe": {}, "lifecycle": {}, "livenessProbe": {}}), "spec.initContainers[0]", &mut errs);
        let got: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(got, vec![
            format!("spec.initContainers[0].lifecycle: Forbidden: {INIT_FORBIDDEN}"),
            format!("spec.initContainers[0].livenessProbe: Forbidden: {INIT_FORBIDDEN}"),
            format!("spec.initContainers[0].startupProbe: Forbidden: {INIT_FORBIDDEN}"),
        ]);
    }
}

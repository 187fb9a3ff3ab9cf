//! `kubectl describe` (upstream: `kubectl/pkg/describe/describe.go`: `describePod`, `describeNode`,
//! `describePersistentVolume(Claim)`, `describeService`, `describeEndpointSliceV1`, `describeEndpoints`,
//! `describeDeployment`, `describeReplicaSet`, `describeStatefulSet`, `describeDaemonSet`, `describeJob`,
//! `describeCronJob`, `describePodDisruptionBudgetV1`, `genericDescriber`, `DescribePodTemplate`,
//! `describeContainers`, `describeVolumes`, `DescribeEvents`), laid out by Go's tabwriter.

use serde_json::Value;

use crate::printers::columns::{access_modes, age, storage_text};
use crate::printers::tabwriter;
use podlife_engine::Time;

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

fn labels_multiline(w: &mut String, title: &str, map: &Value) {
    labels_indented(w, "", title, map);
}

/// `printLabelsMultilineWithIndent` with inner indent `\t` (continuation lines start with
/// the initial indent, then the tab).
fn labels_indented(w: &mut String, indent: &str, title: &str, map: &Value) {
    w.push_str(&format!("{indent}{title}:\t"));
    let Some(m) = map.as_object().filter(|m| !m.is_empty()) else {
        w.push_str("<none>\n");
        return;
    };
    for (i, (k, v)) in m.iter().enumerate() {
        if i > 0 {
            w.push_str(indent);
            w.push('\t');
        }
        w.push_str(&format!("{k}={}\n", s(v)));
    }
}

fn annotations_multiline(w: &mut String, map: &Value) {
    annotations_titled(w, "Annotations", map);
}

/// `printAnnotationsMultiline` under any title (`  Annotations` in a pod template).
fn annotations_titled(w: &mut String, title: &str, map: &Value) {
    w.push_str(&format!("{title}:\t"));
    let entries: Vec<(&String, &Value)> = map
        .as_object()
        .map(|m| m.iter().filter(|(k, _)| *k != "kubectl.kubernetes.io/last-applied-configuration").collect())
        .unwrap_or_default();
    if entries.is_empty() {
        w.push_str("<none>\n");
        return;
    }
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            w.push('\t');
        }
        let value = s(v).trim_end_matches('\n');
        if value.len() + k.len() + 2 > 140 || value.contains('\n') {
            w.push_str(&format!("{k}:\n"));
            for line in value.split('\n') {
                let short = if line.len() > 138 { format!("{}...", &line[..line.char_indices().nth(138).map_or(line.len(), |(i, _)| i)]) } else { line.to_string() };
                w.push_str(&format!("\t  {short}\n"));
            }
        } else {
            w.push_str(&format!("{k}: {value}\n"));
        }
    }
}

fn tolerations(w: &mut String, list: &Value) {
    tolerations_titled(w, "Tolerations", list);
}

/// `printPodTolerationsMultiline` under any title.
fn tolerations_titled(w: &mut String, title: &str, list: &Value) {
    w.push_str(&format!("{title}:\t"));
    let mut items: Vec<&Value> = list.as_array().map(|a| a.iter().collect()).unwrap_or_default();
    if items.is_empty() {
        w.push_str("<none>\n");
        return;
    }
    podlife_engine::sort::sort_by_key(&mut items, |t| s(&t["key"]).to_string());
    for (i, t) in items.iter().enumerate() {
        if i > 0 {
            w.push('\t');
        }
        let mut text = s(&t["key"]).to_string();
        if !s(&t["value"]).is_empty() {
            text.push_str(&format!("={}", s(&t["value"])));
        }
        if !s(&t["effect"]).is_empty() {
            text.push_str(&format!(":{}", s(&t["effect"])));
        }
        if t["operator"] == "Exists" && s(&t["value"]).is_empty() {
            if text.is_empty() {
                text.push_str("op=Exists");
            } else {
                text.push_str(" op=Exists");
            }
        }
        if let Some(secs) = t["tolerationSeconds"].as_i64() {
            text.push_str(&format!(" for {secs}s"));
        }
        w.push_str(&format!("{text}\n"));
    }
}

/// `Mon, 02 Jan 2006 15:04:05 -0700` for a stored RFC 3339 timestamp.
pub fn rfc1123z(ts: &str) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let Some(t) = Time::from_rfc3339(ts) else { return ts.to_string() };
    let secs = podlife_engine::clock::EPOCH_UNIX_SECONDS + (t.millis() / 1000) as i64;
    let days = secs.div_euclid(86_400);
    let weekday = DAYS[days.rem_euclid(7) as usize];
    let month = ts.get(5..7).and_then(|m| m.parse::<usize>().ok()).unwrap_or(1);
    format!("{weekday}, {} {} {} {} +0000", &ts[8..10], MONTHS[(month - 1).min(11)], &ts[0..4], &ts[11..19])
}

fn containers(w: &mut String, label: &str, list: &Value, statuses: &Value, pod: &Value) {
    let Some(items) = list.as_array().filter(|a| !a.is_empty()) else {
        w.push_str(&format!("{label}: <none>\n"));
        return;
    };
    w.push_str(&format!("{label}:\n"));
    for c in items {
        let name = s(&c["name"]);
        let status = statuses.as_array().and_then(|a| a.iter().find(|st| st["name"] == name));
        w.push_str(&format!("  {name}:\n"));
        if let Some(st) = status {
            w.push_str(&format!("    Container ID:\t{}\n", s(&st["containerID"])));
        }
        w.push_str(&format!("    Image:\t{}\n", s(&c["image"])));
        if let Some(st) = status {
            w.push_str(&format!("    Image ID:\t{}\n", s(&st["imageID"])));
        }
        let ports: Vec<String> = c["ports"]
            .as_array()
            .map(|a| a.iter().map(|p| {
                let base = format!("{}/{}", podlife_model::json::to_string(&p["containerPort"]), s(&p["protocol"]));
                if s(&p["name"]).is_empty() { base } else { format!("{base} ({})", s(&p["name"])) }
            }).collect())
            .unwrap_or_default();
        let host_ports: Vec<String> = c["ports"]
            .as_array()
            .map(|a| a.iter().map(|p| format!("{}/{}", p["hostPort"].as_i64().unwrap_or(0), s(&p["protocol"]))).collect())
            .unwrap_or_default();
        let joined = if ports.is_empty() { "<none>".to_string() } else { ports.join(", ") };
        w.push_str(&format!("    {}:\t{joined}\n", if joined.contains(',') { "Ports" } else { "Port" }));
        let hjoined = if host_ports.is_empty() { "<none>".to_string() } else { host_ports.join(", ") };
        w.push_str(&format!("    {}:\t{hjoined}\n", if hjoined.contains(',') { "Host Ports" } else { "Host Port" }));
        for (field, title) in [("command", "Command"), ("args", "Args")] {
            if let Some(parts) = c[field].as_array().filter(|a| !a.is_empty()) {
                w.push_str(&format!("    {title}:\n"));
                for p in parts {
                    for line in s(p).split('\n') {
                        w.push_str(&format!("      {line}\n"));
                    }
                }
            }
        }
        if let Some(st) = status {
            container_state(w, "State", &st["state"]);
            if st["lastState"]["terminated"].is_object() {
                container_state(w, "Last State", &st["lastState"]);
            }
            w.push_str(&format!("    Ready:\t{}\n", if st["ready"] == true { "True" } else { "False" }));
            w.push_str(&format!("    Restart Count:\t{}\n", st["restartCount"].as_i64().unwrap_or(0)));
        }
        for (list, title) in [("limits", "Limits"), ("requests", "Requests")] {
            if let Some(m) = c["resources"][list].as_object().filter(|m| !m.is_empty()) {
                w.push_str(&format!("    {title}:\n"));
                for (k, v) in m {
                    w.push_str(&format!("      {k}:\t{}\n", s(v)));
                }
            }
        }
        for (field, title) in [("livenessProbe", "Liveness"), ("readinessProbe", "Readiness"), ("startupProbe", "Startup")] {
            if c[field].is_object() {
                w.push_str(&format!("    {title}:\t{}\n", describe_probe(&c[field])));
            }
        }
        match c["env"].as_array().filter(|a| !a.is_empty()) {
            None => w.push_str("    Environment:\t<none>\n"),
            Some(env) => {
                w.push_str("    Environment:\n");
                for e in env {
                    env_line(w, e, c, pod);
                }
            }
        }
        let mut mounts: Vec<&Value> = c["volumeMounts"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
        if mounts.is_empty() {
            w.push_str("    Mounts:\t<none>\n");
        } else {
            podlife_engine::sort::sort_by_key(&mut mounts, |m| s(&m["mountPath"]).to_string());
            w.push_str("    Mounts:\n");
            for m in mounts {
                let mode = if m["readOnly"] == true { "ro" } else { "rw" };
                w.push_str(&format!("      {} from {} ({mode})\n", s(&m["mountPath"]), s(&m["name"])));
            }
        }
    }
}

/// `describeContainerState`.
fn container_state(w: &mut String, title: &str, state: &Value) {
    if state["running"].is_object() {
        w.push_str(&format!("    {title}:\tRunning\n      Started:\t{}\n", rfc1123z(s(&state["running"]["startedAt"]))));
    } else if state["terminated"].is_object() {
        let t = &state["terminated"];
        w.push_str(&format!("    {title}:\tTerminated\n"));
        if !s(&t["reason"]).is_empty() {
            w.push_str(&format!("      Reason:\t{}\n", s(&t["reason"])));
        }
        if !s(&t["message"]).is_empty() {
            w.push_str(&format!("      Message:\t{}\n", s(&t["message"])));
        }
        w.push_str(&format!("      Exit Code:\t{}\n", t["exitCode"].as_i64().unwrap_or(0)));
        if let Some(sig) = t["signal"].as_i64().filter(|s| *s > 0) {
            w.push_str(&format!("      Signal:\t{sig}\n"));
        }
        w.push_str(&format!("      Started:\t{}\n      Finished:\t{}\n", rfc1123z(s(&t["startedAt"])), rfc1123z(s(&t["finishedAt"]))));
    } else {
        w.push_str(&format!("    {title}:\tWaiting\n"));
        if !s(&state["waiting"]["reason"]).is_empty() {
            w.push_str(&format!("      Reason:\t{}\n", s(&state["waiting"]["reason"])));
        }
    }
}

/// `DescribeProbe`: `http-get http://:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3`.
fn describe_probe(p: &Value) -> String {
    let n = |f: &str, d: i64| p[f].as_i64().unwrap_or(d);
    let attrs = format!("delay={}s timeout={}s period={}s #success={} #failure={}", n("initialDelaySeconds", 0), n("timeoutSeconds", 1), n("periodSeconds", 10), n("successThreshold", 1), n("failureThreshold", 3));
    let port = |v: &Value| match v {
        Value::Number(n) => podlife_model::json::number(n),
        Value::String(s) => s.clone(),
        _ => String::new(),
    };
    if let Some(e) = p["exec"].as_object() {
        let cmd: Vec<String> = e.get("command").and_then(Value::as_array).map(|a| a.iter().map(|x| s(x).to_string()).collect()).unwrap_or_default();
        return format!("exec [{}] {attrs}", cmd.join(" "));
    }
    if p["httpGet"].is_object() {
        let h = &p["httpGet"];
        let scheme = podlife_engine::gostrings::to_lower(s(&h["scheme"]));
        let scheme = if scheme.is_empty() { "http".to_string() } else { scheme };
        return format!("http-get {scheme}://{}:{}{} {attrs}", s(&h["host"]), port(&h["port"]), s(&h["path"]));
    }
    if p["tcpSocket"].is_object() {
        return format!("tcp-socket {}:{} {attrs}", s(&p["tcpSocket"]["host"]), port(&p["tcpSocket"]["port"]));
    }
    if p["grpc"].is_object() {
        return format!("grpc <pod>:{} {} {attrs}", port(&p["grpc"]["port"]), s(&p["grpc"]["service"]));
    }
    format!("unknown {attrs}")
}

/// `describeContainerEnvVars`: a plain value (each further line indented), or where the
/// value comes from — a pod field resolved (`EnvValueFrom`), a resource, a key of a Secret or
/// ConfigMap.
fn env_line(w: &mut String, e: &Value, container: &Value, pod: &Value) {
    let name = s(&e["name"]);
    let from = &e["valueFrom"];
    if from.is_null() {
        for (i, line) in s(&e["value"]).split('\n').enumerate() {
            if i == 0 {
                w.push_str(&format!("      {name}:\t{line}\n"));
            } else {
                w.push_str(&format!("      \t{line}\n"));
            }
        }
    } else if let Some(f) = from.get("fieldRef") {
        let path = s(&f["fieldPath"]);
        let value = field_path_value(pod, path);
        w.push_str(&format!("      {name}:\t{value} ({}:{path})\n", f["apiVersion"].as_str().unwrap_or("v1")));
    } else if let Some(r) = from.get("resourceFieldRef") {
        // `ExtractContainerResourceValue`: the quantity over the divisor, rounded up (CPU in
        // millicores); an unset limit is 0, shown as "node allocatable".
        use podlife_model::quantity::Quantity;
        let resource = s(&r["resource"]);
        let (kind, res) = resource.split_once('.').unwrap_or((resource, ""));
        let quantity = container["resources"][kind][res].as_str().and_then(|q| Quantity::parse(q).ok());
        let divisor = r["divisor"].as_str().and_then(|d| Quantity::parse(d).ok()).filter(|d| d.milli_value() > 0);
        let value = match (quantity, divisor) {
            (Some(q), Some(d)) if res == "cpu" => (q.milli_value() as f64 / d.milli_value() as f64).ceil() as i64,
            (Some(q), Some(d)) => (q.value() as f64 / d.value().max(1) as f64).ceil() as i64,
            (Some(q), None) if res == "cpu" => (q.milli_value() as f64 / 1000.0).ceil() as i64,
            (Some(q), None) => q.value(),
            (None, _) => 0,
        };
        let value = if value == 0 && (resource == "limits.cpu" || resource == "limits.memory") { "node allocatable".to_string() } else { value.to_string() };
        w.push_str(&format!("      {name}:\t{value} ({resource})\n"));
    } else if let Some(k) = from.get("secretKeyRef") {
        w.push_str(&format!("      {name}:\t<set to the key '{}' in secret '{}'>\tOptional: {}\n", s(&k["key"]), s(&k["name"]), k["optional"].as_bool().unwrap_or(false)));
    } else if let Some(k) = from.get("configMapKeyRef") {
        w.push_str(&format!("      {name}:\t<set to the key '{}' of config map '{}'>\tOptional: {}\n", s(&k["key"]), s(&k["name"]), k["optional"].as_bool().unwrap_or(false)));
    }
}

/// `fieldpath.ExtractFieldPathAsString` for the fields a downward env var names.
fn field_path_value(pod: &Value, path: &str) -> String {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    match path {
        "metadata.name" => text(&pod["metadata"]["name"]),
        "metadata.namespace" => text(&pod["metadata"]["namespace"]),
        "metadata.uid" => text(&pod["metadata"]["uid"]),
        "spec.nodeName" => text(&pod["spec"]["nodeName"]),
        "spec.serviceAccountName" => text(&pod["spec"]["serviceAccountName"]),
        "status.podIP" => text(&pod["status"]["podIP"]),
        "status.hostIP" => text(&pod["status"]["hostIP"]),
        p => match p.strip_prefix("metadata.labels['").or_else(|| p.strip_prefix("metadata.annotations['")).and_then(|k| k.strip_suffix("']")) {
            Some(key) if p.starts_with("metadata.labels") => text(&pod["metadata"]["labels"][key]),
            Some(key) => text(&pod["metadata"]["annotations"][key]),
            None => String::new(),
        },
    }
}

fn volumes(w: &mut String, list: &Value) {
    let Some(items) = list.as_array().filter(|a| !a.is_empty()) else {
        w.push_str("Volumes:\t<none>\n");
        return;
    };
    w.push_str("Volumes:\n");
    for v in items {
        w.push_str(&format!("  {}:\n", s(&v["name"])));
        if let Some(p) = v.get("projected") {
            w.push_str("    Type:\tProjected (a volume that contains injected data from multiple sources)\n");
            for src in p["sources"].as_array().map(Vec::as_slice).unwrap_or_default() {
                if let Some(t) = src.get("serviceAccountToken") {
                    w.push_str(&format!("    TokenExpirationSeconds:\t{}\n", t["expirationSeconds"].as_i64().unwrap_or(0)));
                } else if let Some(cm) = src.get("configMap") {
                    w.push_str(&format!("    ConfigMapName:\t{}\n    Optional:\t{}\n", s(&cm["name"]), cm["optional"].as_bool().unwrap_or(false)));
                } else if let Some(sec) = src.get("secret") {
                    w.push_str(&format!("    SecretName:\t{}\n    Optional:\t{}\n", s(&sec["name"]), sec["optional"].as_bool().unwrap_or(false)));
                } else if src.get("downwardAPI").is_some() {
                    w.push_str("    DownwardAPI:\ttrue\n");
                }
            }
        } else if let Some(e) = v.get("emptyDir") {
            let size = e["sizeLimit"].as_str().unwrap_or("<unset>");
            w.push_str(&format!("    Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t{}\n    SizeLimit:\t{size}\n", s(&e["medium"])));
        } else if let Some(cm) = v.get("configMap") {
            w.push_str(&format!("    Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t{}\n    Optional:\t{}\n", s(&cm["name"]), cm["optional"].as_bool().unwrap_or(false)));
        } else if let Some(sec) = v.get("secret") {
            w.push_str(&format!("    Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t{}\n    Optional:\t{}\n", s(&sec["secretName"]), sec["optional"].as_bool().unwrap_or(false)));
        } else if let Some(hp) = v.get("hostPath") {
            w.push_str(&format!("    Type:\tHostPath (bare host directory volume)\n    Path:\t{}\n    HostPathType:\t{}\n", s(&hp["path"]), s(&hp["type"])));
        } else if let Some(pvc) = v.get("persistentVolumeClaim") {
            w.push_str(&format!(
                "    Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t{}\n    ReadOnly:\t{}\n",
                s(&pvc["claimName"]),
                pvc["readOnly"].as_bool().unwrap_or(false)
            ));
        } else if let Some(d) = v.get("downwardAPI") {
            // `printDownwardAPIVolumeSource`.
            w.push_str("    Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n");
            for item in d["items"].as_array().into_iter().flatten() {
                if let Some(path) = item["fieldRef"]["fieldPath"].as_str() {
                    w.push_str(&format!("      {path} -> {}\n", s(&item["path"])));
                }
                if let Some(res) = item["resourceFieldRef"]["resource"].as_str() {
                    w.push_str(&format!("      {res} -> {}\n", s(&item["path"])));
                }
            }
        } else {
            w.push_str("  <unknown>\n");
        }
    }
}

/// `DescribeEvents`.
fn events(w: &mut String, events: &[Value], now: Time) -> String {
    if events.is_empty() {
        w.push_str("Events:\t<none>\n");
        return String::new();
    }
    let mut tail = String::from("Events:\n  Type\tReason\tAge\tFrom\tMessage\n  ----\t------\t----\t----\t-------\n");
    // `sort.Sort(event.SortableEvents(...))` (kubectl `pkg/util/event`): by lastTimestamp
    // only, so an event written through events.k8s.io (the scheduler's `Scheduled`, which has
    // only eventTime) sorts first; equal times keep the list's (name) order, as Go's
    // insertion sort does for short lists.
    let when = |e: &Value| -> Time { e["lastTimestamp"].as_str().and_then(Time::from_rfc3339).unwrap_or(Time::ZERO) };
    let mut events: Vec<&Value> = events.iter().collect();
    podlife_engine::sort::sort_by_key(&mut events, |e| when(e));
    for e in events {
        let first = if e["eventTime"].is_string() { age(now, &e["eventTime"]) } else { age(now, &e["firstTimestamp"]) };
        let interval = if let Some(count) = e["series"]["count"].as_i64() {
            format!("{} (x{count} over {first})", age(now, &e["series"]["lastObservedTime"]))
        } else if e["count"].as_i64().unwrap_or(1) > 1 {
            format!("{} (x{} over {first})", age(now, &e["lastTimestamp"]), e["count"].as_i64().unwrap_or(1))
        } else {
            first
        };
        let source = if s(&e["source"]["component"]).is_empty() { s(&e["reportingComponent"]) } else { s(&e["source"]["component"]) };
        let mut message = s(&e["message"]).trim().to_string();
        if !s(&e["involvedObject"]["fieldPath"]).is_empty() {
            message = format!("{}: {message}", s(&e["involvedObject"]["fieldPath"]));
        }
        tail.push_str(&format!("  {}\t{}\t{interval}\t{source}\t{message}\n", s(&e["type"]), s(&e["reason"])));
    }
    tail
}

/// The whole `describe pod` text.
pub fn pod(pod: &Value, pod_events: Option<&[Value]>, now: Time) -> String {
    let meta = &pod["metadata"];
    let spec = &pod["spec"];
    let status = &pod["status"];
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    if let Some(p) = spec["priority"].as_i64() {
        w.push_str(&format!("Priority:\t{p}\n"));
    }
    if !s(&spec["priorityClassName"]).is_empty() {
        w.push_str(&format!("Priority Class Name:\t{}\n", s(&spec["priorityClassName"])));
    }
    if !s(&spec["serviceAccountName"]).is_empty() {
        w.push_str(&format!("Service Account:\t{}\n", s(&spec["serviceAccountName"])));
    }
    if s(&spec["nodeName"]).is_empty() {
        w.push_str("Node:\t<none>\n");
    } else {
        w.push_str(&format!("Node:\t{}/{}\n", s(&spec["nodeName"]), s(&status["hostIP"])));
    }
    if let Some(st) = status["startTime"].as_str() {
        w.push_str(&format!("Start Time:\t{}\n", rfc1123z(st)));
    }
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    let phase = s(&status["phase"]);
    if meta["deletionTimestamp"].is_string() && phase != "Failed" && phase != "Succeeded" {
        w.push_str(&format!("Status:\tTerminating (lasts {})\n", age(now, &meta["deletionTimestamp"])));
        w.push_str(&format!("Termination Grace Period:\t{}s\n", meta["deletionGracePeriodSeconds"].as_i64().unwrap_or(0)));
    } else {
        w.push_str(&format!("Status:\t{phase}\n"));
    }
    if !s(&status["reason"]).is_empty() {
        w.push_str(&format!("Reason:\t{}\n", s(&status["reason"])));
    }
    if !s(&status["message"]).is_empty() {
        w.push_str(&format!("Message:\t{}\n", s(&status["message"])));
    }
    w.push_str(&format!("IP:\t{}\n", s(&status["podIP"])));
    match status["podIPs"].as_array().filter(|a| !a.is_empty()) {
        None => w.push_str("IPs:\t<none>\n"),
        Some(ips) => {
            w.push_str("IPs:\n");
            for ip in ips {
                w.push_str(&format!("  IP:\t{}\n", s(&ip["ip"])));
            }
        }
    }
    if let Some(owner) = meta["ownerReferences"].as_array().and_then(|a| a.iter().find(|o| o["controller"] == true)) {
        w.push_str(&format!("Controlled By:\t{}/{}\n", s(&owner["kind"]), s(&owner["name"])));
    }
    if !s(&status["nominatedNodeName"]).is_empty() {
        w.push_str(&format!("NominatedNodeName:\t{}\n", s(&status["nominatedNodeName"])));
    }
    if spec["initContainers"].as_array().is_some_and(|a| !a.is_empty()) {
        containers(&mut w, "Init Containers", &spec["initContainers"], &status["initContainerStatuses"], pod);
    }
    containers(&mut w, "Containers", &spec["containers"], &status["containerStatuses"], pod);
    // describe.go `describePod`: the ephemeral containers as containers, when there are any.
    if spec["ephemeralContainers"].as_array().is_some_and(|a| !a.is_empty()) {
        containers(&mut w, "Ephemeral Containers", &spec["ephemeralContainers"], &status["ephemeralContainerStatuses"], pod);
    }
    if let Some(conds) = status["conditions"].as_array().filter(|a| !a.is_empty()) {
        w.push_str("Conditions:\n  Type\tStatus\n");
        for c in conds {
            w.push_str(&format!("  {} \t{} \n", s(&c["type"]), s(&c["status"])));
        }
    }
    volumes(&mut w, &spec["volumes"]);
    w.push_str(&format!("QoS Class:\t{}\n", s(&status["qosClass"])));
    labels_multiline(&mut w, "Node-Selectors", &spec["nodeSelector"]);
    tolerations(&mut w, &spec["tolerations"]);
    let mut text = with_events(w, pod_events, now);
    text.push_str(&unknown_images_note(pod));
    text
}

/// podlife's own note under `describe pod` (kubectl prints nothing like it): a container
/// whose pull fails because no simulated registry holds its repository, so that a learner can
/// tell a typo from an image podlife does not simulate.
fn unknown_images_note(pod: &Value) -> String {
    let mut note = String::new();
    let statuses = ["initContainerStatuses", "containerStatuses", "ephemeralContainerStatuses"];
    for st in statuses.iter().flat_map(|k| pod["status"][*k].as_array().into_iter().flatten()) {
        let reason = s(&st["state"]["waiting"]["reason"]);
        if reason != "ErrImagePull" && reason != "ImagePullBackOff" {
            continue;
        }
        let image = s(&st["image"]);
        if let Some(closest) = podlife_engine::registry::unknown_repository(image) {
            note.push_str(&format!(
                "\npodlife: no simulated registry holds the repository of image {image:?} (container {}): either the name has a typo, or podlife does not simulate that image. Closest known images: {}.\n",
                s(&st["name"]),
                closest.join(", ")
            ));
        }
    }
    note
}


/// `describeNode` with `describeNodeResource`.
pub fn node(node: &Value, lease: Option<&Value>, pods: &[Value], node_events: Option<&[Value]>, now: Time) -> String {
    use podlife_engine::resources::{pod_limits, pod_requests};
    use podlife_model::quantity::Quantity;
    let meta = &node["metadata"];
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\n", s(&meta["name"])));
    let mut roles: Vec<String> = meta["labels"]
        .as_object()
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| match k.strip_prefix("node-role.kubernetes.io/") {
                    Some(r) if !r.is_empty() => Some(r.to_string()),
                    _ if k == "kubernetes.io/role" && !s(v).is_empty() => Some(s(v).to_string()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    podlife_engine::sort::sort(&mut roles);
    roles.dedup();
    w.push_str(&format!("Roles:\t{}\n", if roles.is_empty() { "<none>".to_string() } else { roles.join(",") }));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str(&format!("CreationTimestamp:\t{}\n", rfc1123z(s(&meta["creationTimestamp"]))));
    w.push_str("Taints:\t");
    let mut taints: Vec<&Value> = node["spec"]["taints"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
    if taints.is_empty() {
        w.push_str("<none>\n");
    } else {
        podlife_engine::sort::sort_by_key(&mut taints, |t| format!("{},{}", s(&t["effect"]), s(&t["key"])));
        for (i, t) in taints.iter().enumerate() {
            if i > 0 {
                w.push('\t');
            }
            let mut text = s(&t["key"]).to_string();
            if !s(&t["value"]).is_empty() {
                text.push_str(&format!("={}", s(&t["value"])));
            }
            if !s(&t["effect"]).is_empty() || !s(&t["value"]).is_empty() {
                text.push_str(&format!(":{}", s(&t["effect"])));
            }
            w.push_str(&format!("{text}\n"));
        }
    }
    w.push_str(&format!("Unschedulable:\t{}\n", node["spec"]["unschedulable"].as_bool().unwrap_or(false)));
    match lease {
        Some(l) => {
            let t = |v: &Value| v.as_str().map(rfc1123z).unwrap_or_else(|| "<unset>".into());
            w.push_str(&format!(
                "Lease:\n  HolderIdentity:\t{}\n  AcquireTime:\t{}\n  RenewTime:\t{}\n",
                l["spec"]["holderIdentity"].as_str().unwrap_or("<unset>"),
                t(&l["spec"]["acquireTime"]),
                t(&l["spec"]["renewTime"])
            ));
        }
        None => w.push_str(&format!("Lease:\tFailed to get lease: leases.coordination.k8s.io \"{}\" not found\n", s(&meta["name"]))),
    }
    if let Some(conds) = node["status"]["conditions"].as_array().filter(|a| !a.is_empty()) {
        w.push_str("Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n  ----\t------\t-----------------\t------------------\t------\t-------\n");
        for c in conds {
            w.push_str(&format!(
                "  {} \t{} \t{} \t{} \t{} \t{}\n",
                s(&c["type"]),
                s(&c["status"]),
                rfc1123z(s(&c["lastHeartbeatTime"])),
                rfc1123z(s(&c["lastTransitionTime"])),
                s(&c["reason"]),
                s(&c["message"])
            ));
        }
    }
    w.push_str("Addresses:\n");
    for a in node["status"]["addresses"].as_array().map(Vec::as_slice).unwrap_or_default() {
        w.push_str(&format!("  {}:\t{}\n", s(&a["type"]), s(&a["address"])));
    }
    for (field, title) in [("capacity", "Capacity"), ("allocatable", "Allocatable")] {
        if let Some(m) = node["status"][field].as_object().filter(|m| !m.is_empty()) {
            w.push_str(&format!("{title}:\n"));
            for (k, v) in m {
                w.push_str(&format!("  {k}:\t{}\n", s(v)));
            }
        }
    }
    let info = &node["status"]["nodeInfo"];
    w.push_str("System Info:\n");
    for (title, key) in [
        ("Machine ID", "machineID"),
        ("System UUID", "systemUUID"),
        ("Boot ID", "bootID"),
        ("Kernel Version", "kernelVersion"),
        ("OS Image", "osImage"),
        ("Operating System", "operatingSystem"),
        ("Architecture", "architecture"),
        ("Container Runtime Version", "containerRuntimeVersion"),
        ("Kubelet Version", "kubeletVersion"),
    ] {
        w.push_str(&format!("  {title}:\t{}\n", s(&info[key])));
    }
    if !s(&node["spec"]["podCIDR"]).is_empty() {
        w.push_str(&format!("PodCIDR:\t{}\n", s(&node["spec"]["podCIDR"])));
    }
    if let Some(cidrs) = node["spec"]["podCIDRs"].as_array().filter(|a| !a.is_empty()) {
        w.push_str(&format!("PodCIDRs:\t{}\n", cidrs.iter().map(|c| s(c).to_string()).collect::<Vec<_>>().join(",")));
    }
    if !s(&node["spec"]["providerID"]).is_empty() {
        w.push_str(&format!("ProviderID:\t{}\n", s(&node["spec"]["providerID"])));
    }
    // describeNodeResource: fractions of allocatable, truncated to whole percents.
    let alloc_field = if node["status"]["allocatable"].as_object().is_some_and(|m| !m.is_empty()) { "allocatable" } else { "capacity" };
    let alloc = |name: &str| node["status"][alloc_field][name].as_str().and_then(|q| q.parse::<Quantity>().ok()).unwrap_or_default();
    let fraction = |name: &str, q: &Quantity| {
        let total = alloc(name);
        let (num, den) = if name == "cpu" { (q.milli_value(), total.milli_value()) } else { (q.value(), total.value()) };
        if den == 0 { 0 } else { (num as f64 / den as f64 * 100.0) as i64 }
    };
    let zero = Quantity::default();
    w.push_str(&format!("Non-terminated Pods:\t({} in total)\n", pods.len()));
    w.push_str("  Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n");
    w.push_str("  ---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n");
    let mut total_req = podlife_engine::resources::ResourceList::new();
    let mut total_lim = podlife_engine::resources::ResourceList::new();
    for p in pods {
        // component-helpers' `PodRequests` / `PodLimits`, pod-level resources included (1.36:
        // kubernetes#137394; before it, kubectl summed the containers only).
        let (req, lim) = (pod_requests(&podlife_engine::Obj::untyped(&p["spec"])), pod_limits(&podlife_engine::Obj::untyped(&p["spec"])));
        let get = |l: &podlife_engine::resources::ResourceList, n: &str| l.get(n).cloned().unwrap_or_default();
        let (cr, cl, mr, ml) = (get(&req, "cpu"), get(&lim, "cpu"), get(&req, "memory"), get(&lim, "memory"));
        w.push_str(&format!(
            "  {}\t{}\t\t{cr} ({}%)\t{cl} ({}%)\t{mr} ({}%)\t{ml} ({}%)\t{}\n",
            s(&p["metadata"]["namespace"]),
            s(&p["metadata"]["name"]),
            fraction("cpu", &cr),
            fraction("cpu", &cl),
            fraction("memory", &mr),
            fraction("memory", &ml),
            age(now, &p["metadata"]["creationTimestamp"])
        ));
        for (k, v) in req {
            *total_req.entry(k).or_default() += &v;
        }
        for (k, v) in lim {
            *total_lim.entry(k).or_default() += &v;
        }
    }
    w.push_str("Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n  Resource\tRequests\tLimits\n  --------\t--------\t------\n");
    let mut names: Vec<String> = vec!["cpu".into(), "memory".into(), "ephemeral-storage".into()];
    let mut huge: Vec<String> = node["status"][alloc_field].as_object().map(|m| m.keys().filter(|k| k.starts_with("hugepages-")).cloned().collect()).unwrap_or_default();
    podlife_engine::sort::sort(&mut huge);
    names.extend(huge);
    for name in names {
        let r = total_req.get(&name).unwrap_or(&zero);
        let l = total_lim.get(&name).unwrap_or(&zero);
        w.push_str(&format!("  {name}\t{r} ({}%)\t{l} ({}%)\n", fraction(&name, r), fraction(&name, l)));
    }
    with_events(w, node_events, now)
}

/// Go's `%v` of a string slice: `[a b]`.
fn go_slice(list: &Value) -> String {
    let items: Vec<&str> = list.as_array().map(|a| a.iter().map(s).collect()).unwrap_or_default();
    format!("[{}]", items.join(" "))
}


fn status_line(w: &mut String, obj: &Value, now: Time) {
    match obj["metadata"]["deletionTimestamp"].as_str() {
        Some(_) => w.push_str(&format!("Status:\tTerminating (lasts {})\n", age(now, &obj["metadata"]["deletionTimestamp"]))),
        None => w.push_str(&format!("Status:\t{}\n", s(&obj["status"]["phase"]))),
    }
}

/// `describePersistentVolumeClaim`; `users` are the pods of its namespace that name it.
pub fn persistent_volume_claim(pvc: &Value, users: &[Value], claim_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&pvc["metadata"], &pvc["spec"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\nStorageClass:\t{}\n", s(&meta["name"]), s(&meta["namespace"]), podlife_engine::volume::claim_class(&podlife_engine::Obj::untyped(pvc))));
    status_line(&mut w, pvc, now);
    w.push_str(&format!("Volume:\t{}\n", s(&spec["volumeName"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str(&format!("Finalizers:\t{}\n", go_slice(&meta["finalizers"])));
    let bound = !s(&spec["volumeName"]).is_empty();
    let (capacity, modes) = if bound { (storage_text(&pvc["status"]["capacity"]["storage"]), access_modes(&pvc["status"]["accessModes"])) } else { (String::new(), String::new()) };
    w.push_str(&format!("Capacity:\t{capacity}\nAccess Modes:\t{modes}\n"));
    if let Some(mode) = spec["volumeMode"].as_str() {
        w.push_str(&format!("VolumeMode:\t{mode}\n"));
    }
    // `printPodsMultiline`: sorted by name, one per line.
    let mut names: Vec<&str> = users.iter().map(|p| s(&p["metadata"]["name"])).collect();
    podlife_engine::sort::sort(&mut names);
    w.push_str("Used By:\t");
    if names.is_empty() {
        w.push_str("<none>\n");
    }
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            w.push('\t');
        }
        w.push_str(&format!("{name}\n"));
    }
    with_events(w, claim_events, now)
}

/// `printVolumeNodeAffinity`.
fn volume_node_affinity(w: &mut String, affinity: &Value) {
    w.push_str("Node Affinity:\t");
    let required = &affinity["required"];
    if required.is_null() {
        w.push_str("<none>\n");
        return;
    }
    w.push('\n');
    w.push_str("  Required Terms:\t");
    let terms = required["nodeSelectorTerms"].as_array().map(Vec::as_slice).unwrap_or_default();
    if terms.is_empty() {
        w.push_str("<none>\n");
        return;
    }
    w.push('\n');
    for (i, term) in terms.iter().enumerate() {
        w.push_str(&format!("    Term {i}:\t"));
        let reqs = term["matchExpressions"].as_array().map(Vec::as_slice).unwrap_or_default();
        if reqs.is_empty() {
            w.push_str("<none>\n");
        }
        for (j, r) in reqs.iter().enumerate() {
            if j > 0 {
                w.push_str("    \t");
            }
            let mut expr = format!("{} {}", s(&r["key"]), s(&r["operator"]).to_ascii_lowercase());
            let values: Vec<&str> = r["values"].as_array().map(|a| a.iter().map(s).collect()).unwrap_or_default();
            if !values.is_empty() {
                expr = format!("{expr} [{}]", values.join(", "));
            }
            w.push_str(&format!("{expr}\n"));
        }
    }
}

/// `describePersistentVolume` (sources: hostPath and local; others print their type only).
pub fn persistent_volume(pv: &Value, volume_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&pv["metadata"], &pv["spec"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\n", s(&meta["name"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str(&format!("Finalizers:\t{}\nStorageClass:\t{}\n", go_slice(&meta["finalizers"]), podlife_engine::volume::volume_class(&podlife_engine::Obj::untyped(pv))));
    status_line(&mut w, pv, now);
    let claim = if spec["claimRef"].is_object() { format!("{}/{}", s(&spec["claimRef"]["namespace"]), s(&spec["claimRef"]["name"])) } else { String::new() };
    w.push_str(&format!("Claim:\t{claim}\nReclaim Policy:\t{}\nAccess Modes:\t{}\n", s(&spec["persistentVolumeReclaimPolicy"]), access_modes(&spec["accessModes"])));
    if let Some(mode) = spec["volumeMode"].as_str() {
        w.push_str(&format!("VolumeMode:\t{mode}\n"));
    }
    w.push_str(&format!("Capacity:\t{}\n", storage_text(&spec["capacity"]["storage"])));
    volume_node_affinity(&mut w, &spec["nodeAffinity"]);
    w.push_str(&format!("Message:\t{}\nSource:\n", s(&pv["status"]["message"])));
    if spec["hostPath"].is_object() {
        let kind = spec["hostPath"]["type"].as_str().unwrap_or("<none>");
        w.push_str(&format!("    Type:\tHostPath (bare host directory volume)\n    Path:\t{}\n    HostPathType:\t{kind}\n", s(&spec["hostPath"]["path"])));
    } else if spec["local"].is_object() {
        w.push_str(&format!("    Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t{}\n", s(&spec["local"]["path"])));
    }
    with_events(w, volume_events, now)
}

/// The tail every describer shares: `DescribeEvents` when events were asked for (`events`
/// is `None` when kubectl leaves them out, e.g. several objects without `--show-events`).
/// DescribeEvents flushes the writer before its table, so the table aligns on its own.
fn with_events(mut w: String, object_events: Option<&[Value]>, now: Time) -> String {
    let tail = match object_events {
        Some(list) => events(&mut w, list, now),
        None => String::new(),
    };
    let mut text = tabwriter::align(&w, 0, 2);
    text.push_str(&tabwriter::align(&tail, 0, 2));
    text
}

/// `labels.FormatLabels`: `k=v` pairs sorted by key and joined with `,`; none → `<none>`.
fn format_labels(map: &Value) -> String {
    match map.as_object().filter(|m| !m.is_empty()) {
        Some(m) => m.iter().map(|(k, v)| format!("{k}={}", s(v))).collect::<Vec<_>>().join(","),
        None => "<none>".to_string(),
    }
}

/// Go's `net.JoinHostPort`: IPv6 addresses in brackets.
fn join_host_port(host: &str, port: i64) -> String {
    if host.contains(':') { format!("[{host}]:{port}") } else { format!("{host}:{port}") }
}

/// `formatEndpointSlices` (kubectl `pkg/describe/describe.go`): the ready endpoints (`ready`
/// unset or true) of the slices, as `ip:port` for each slice port named in `ports` (`None`:
/// every port), or the bare first address for slices without ports (headless). At most 3, then
/// `"%s + %d more..."`; no slices at all is `<none>`, slices without a ready endpoint an empty
/// string. As upstream, `more` is set as soon as a 4th endpoint is looked at, ready or not, so
/// three ready endpoints followed by only not-ready ones print `… + 0 more...`.
pub fn format_endpoint_slices(slices: &[Value], ports: Option<&[&str]>) -> String {
    if slices.is_empty() {
        return "<none>".to_string();
    }
    const MAX: usize = 3;
    let mut list: Vec<String> = Vec::new();
    let mut more = false;
    let mut count = 0usize;
    let ready = |e: &Value| e["conditions"]["ready"].as_bool().unwrap_or(true);
    let empty = Vec::new();
    for slice in slices {
        let endpoints = slice["endpoints"].as_array().unwrap_or(&empty);
        let slice_ports = slice["ports"].as_array().filter(|p| !p.is_empty());
        match slice_ports {
            None => {
                for e in endpoints {
                    if list.len() == MAX {
                        more = true;
                    }
                    // Upstream indexes addresses[0]; an endpoint without one (invalid) is skipped here.
                    let Some(addr) = e["addresses"].get(0).and_then(Value::as_str) else { continue };
                    if !ready(e) {
                        continue;
                    }
                    if !more {
                        list.push(addr.to_string());
                    }
                    count += 1;
                }
            }
            Some(slice_ports) => {
                for port in slice_ports {
                    let name = s(&port["name"]);
                    if ports.is_some_and(|wanted| !wanted.contains(&name)) {
                        continue;
                    }
                    // Upstream dereferences `port.port`; a port without a number (invalid) is skipped.
                    let Some(number) = port["port"].as_i64() else { continue };
                    for e in endpoints {
                        if list.len() == MAX {
                            more = true;
                        }
                        let Some(addr) = e["addresses"].get(0).and_then(Value::as_str) else { continue };
                        if !ready(e) {
                            continue;
                        }
                        if !more {
                            list.push(join_host_port(addr, number));
                        }
                        count += 1;
                    }
                }
            }
        }
    }
    let joined = list.join(",");
    if more { format!("{joined} + {} more...", count.saturating_sub(MAX)) } else { joined }
}

/// `describeService` (kubectl `pkg/describe/describe.go`); `slices` are the Service's
/// EndpointSlices (label `kubernetes.io/service-name`), in list order.
pub fn service(svc: &Value, slices: &[Value], object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&svc["metadata"], &svc["spec"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str(&format!("Selector:\t{}\nType:\t{}\n", format_labels(&spec["selector"]), s(&spec["type"])));
    if let Some(policy) = spec["ipFamilyPolicy"].as_str() {
        w.push_str(&format!("IP Family Policy:\t{policy}\n"));
    }
    let joined = |v: &Value| -> Option<String> { v.as_array().filter(|a| !a.is_empty()).map(|a| a.iter().map(s).collect::<Vec<_>>().join(",")) };
    w.push_str(&format!("IP Families:\t{}\n", joined(&spec["ipFamilies"]).unwrap_or_else(|| "<none>".into())));
    w.push_str(&format!("IP:\t{}\n", s(&spec["clusterIP"])));
    w.push_str(&format!("IPs:\t{}\n", joined(&spec["clusterIPs"]).unwrap_or_else(|| "<none>".into())));
    if let Some(ips) = joined(&spec["externalIPs"]) {
        w.push_str(&format!("External IPs:\t{ips}\n"));
    }
    if !s(&spec["loadBalancerIP"]).is_empty() {
        w.push_str(&format!("Desired LoadBalancer IP:\t{}\n", s(&spec["loadBalancerIP"])));
    }
    if !s(&spec["externalName"]).is_empty() {
        w.push_str(&format!("External Name:\t{}\n", s(&spec["externalName"])));
    }
    if let Some(ingress) = svc["status"]["loadBalancer"]["ingress"].as_array().filter(|a| !a.is_empty()) {
        // buildIngressString: the IP (with its ipMode) or else the hostname, joined ", ".
        let items: Vec<String> = ingress
            .iter()
            .map(|i| match i["ip"].as_str().filter(|ip| !ip.is_empty()) {
                Some(ip) => match i["ipMode"].as_str() {
                    Some(mode) => format!("{ip} ({mode})"),
                    None => ip.to_string(),
                },
                None => s(&i["hostname"]).to_string(),
            })
            .collect();
        w.push_str(&format!("LoadBalancer Ingress:\t{}\n", items.join(", ")));
    }
    for port in spec["ports"].as_array().map(Vec::as_slice).unwrap_or_default() {
        let port_name = s(&port["name"]);
        let name = if port_name.is_empty() { "<unset>" } else { port_name };
        let protocol = s(&port["protocol"]);
        w.push_str(&format!("Port:\t{name}\t{}/{protocol}\n", port["port"].as_i64().unwrap_or(0)));
        // An unset targetPort is intstr's zero value, an Int 0.
        match &port["targetPort"] {
            Value::String(t) => w.push_str(&format!("TargetPort:\t{t}/{protocol}\n")),
            other => w.push_str(&format!("TargetPort:\t{}/{protocol}\n", other.as_i64().unwrap_or(0))),
        }
        if let Some(app) = port["appProtocol"].as_str() {
            w.push_str(&format!("AppProtocol:\t{app}\n"));
        }
        if let Some(node_port) = port["nodePort"].as_i64().filter(|n| *n != 0) {
            w.push_str(&format!("NodePort:\t{name}\t{node_port}/{protocol}\n"));
        }
        w.push_str(&format!("Endpoints:\t{}\n", format_endpoint_slices(slices, Some(&[port_name]))));
    }
    w.push_str(&format!("Session Affinity:\t{}\n", s(&spec["sessionAffinity"])));
    if !s(&spec["externalTrafficPolicy"]).is_empty() {
        w.push_str(&format!("External Traffic Policy:\t{}\n", s(&spec["externalTrafficPolicy"])));
    }
    if let Some(policy) = spec["internalTrafficPolicy"].as_str() {
        w.push_str(&format!("Internal Traffic Policy:\t{policy}\n"));
    }
    if let Some(port) = spec["healthCheckNodePort"].as_i64().filter(|n| *n != 0) {
        w.push_str(&format!("HealthCheck NodePort:\t{port}\n"));
    }
    if let Some(ranges) = joined(&spec["loadBalancerSourceRanges"]) {
        w.push_str(&format!("LoadBalancer Source Ranges:\t{ranges}\n"));
    }
    if let Some(dist) = spec["trafficDistribution"].as_str() {
        w.push_str(&format!("Traffic Distribution:\t{dist}\n"));
    }
    with_events(w, object_events, now)
}

/// `describeEndpointSliceV1` (kubectl `pkg/describe/describe.go`).
pub fn endpoint_slice(slice: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let meta = &slice["metadata"];
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str(&format!("AddressType:\t{}\n", s(&slice["addressType"])));
    match slice["ports"].as_array().filter(|a| !a.is_empty()) {
        None => w.push_str("Ports: <unset>\n"),
        Some(ports) => {
            w.push_str("Ports:\n  Name\tPort\tProtocol\n  ----\t----\t--------\n");
            for p in ports {
                let name = p["name"].as_str().filter(|n| !n.is_empty()).unwrap_or("<unset>");
                let number = p["port"].as_i64().map_or_else(|| "<unset>".to_string(), |n| n.to_string());
                w.push_str(&format!("  {name}\t{number}\t{}\n", s(&p["protocol"])));
            }
        }
    }
    match slice["endpoints"].as_array().filter(|a| !a.is_empty()) {
        None => w.push_str("Endpoints: <none>\n"),
        Some(endpoints) => {
            w.push_str("Endpoints:\n");
            let unset = |v: &Value| v.as_str().unwrap_or("<unset>").to_string();
            for e in endpoints {
                let addresses: Vec<&str> = e["addresses"].as_array().map(|a| a.iter().map(s).collect()).unwrap_or_default();
                let addresses = if addresses.is_empty() { "<none>".to_string() } else { addresses.join(", ") };
                w.push_str(&format!("  - Addresses:\t{addresses}\n"));
                let ready = e["conditions"]["ready"].as_bool().map_or_else(|| "<unset>".to_string(), |b| b.to_string());
                w.push_str(&format!("    Conditions:\n      Ready:\t{ready}\n"));
                w.push_str(&format!("    Hostname:\t{}\n", unset(&e["hostname"])));
                if e["targetRef"].is_object() {
                    w.push_str(&format!("    TargetRef:\t{}/{}\n", s(&e["targetRef"]["kind"]), s(&e["targetRef"]["name"])));
                }
                w.push_str(&format!("    NodeName:\t{}\n    Zone:\t{}\n", unset(&e["nodeName"]), unset(&e["zone"])));
            }
        }
    }
    with_events(w, object_events, now)
}

/// `describeEndpoints` (kubectl `pkg/describe/describe.go`).
pub fn endpoints(ep: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let meta = &ep["metadata"];
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str("Subsets:\n");
    let ips = |v: &Value| -> String {
        let list: Vec<&str> = v.as_array().map(|a| a.iter().map(|x| s(&x["ip"])).collect()).unwrap_or_default();
        let joined = list.join(",");
        if joined.is_empty() { "<none>".to_string() } else { joined }
    };
    for subset in ep["subsets"].as_array().map(Vec::as_slice).unwrap_or_default() {
        w.push_str(&format!("  Addresses:\t{}\n", ips(&subset["addresses"])));
        w.push_str(&format!("  NotReadyAddresses:\t{}\n", ips(&subset["notReadyAddresses"])));
        if let Some(ports) = subset["ports"].as_array().filter(|a| !a.is_empty()) {
            w.push_str("  Ports:\n    Name\tPort\tProtocol\n    ----\t----\t--------\n");
            for p in ports {
                let name = p["name"].as_str().filter(|n| !n.is_empty()).unwrap_or("<unset>");
                w.push_str(&format!("    {name}\t{}\t{}\n", p["port"].as_i64().unwrap_or(0), s(&p["protocol"])));
            }
        }
        w.push('\n');
    }
    with_events(w, object_events, now)
}

/// `describeNamespace`: name, labels, annotations, phase, conditions, then its LimitRanges
/// (`DescribeLimitRanges`: one table for all of them, rows indented by one space).
/// `helpTextForResourceQuotaScope`.
fn quota_scope_help(scope: &str) -> Option<&'static str> {
    Some(match scope {
        "Terminating" => "Matches all pods that have an active deadline. These pods have a limited lifespan on a node before being actively terminated by the system.",
        "NotTerminating" => "Matches all pods that do not have an active deadline. These pods usually include long running pods whose container command is not expected to terminate.",
        "BestEffort" => "Matches all pods that do not have resource requirements set. These pods have a best effort quality of service.",
        "NotBestEffort" => "Matches all pods that have at least one resource requirement set. These pods have a burstable or guaranteed quality of service.",
        _ => return None,
    })
}

/// A quota's scopes, sorted, each with its help text after `prefix`.
fn quota_scopes(w: &mut String, q: &Value, prefix: &str, help_prefix: &str) {
    let mut scopes: Vec<&str> = q["spec"]["scopes"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    if scopes.is_empty() {
        return;
    }
    podlife_engine::sort::sort(&mut scopes);
    w.push_str(&format!("{prefix}Scopes:\t{}\n", scopes.join(", ")));
    for scope in scopes {
        if let Some(help) = quota_scope_help(scope) {
            w.push_str(&format!("{help_prefix}* {help}\n"));
        }
    }
}

/// `describeQuota`: the scopes, then used and hard per resource. A used value in another
/// format than its hard one is shown in the hard one's (`resource.NewQuantity(used.Value(), …)`).
pub fn resource_quota(q: &Value) -> String {
    use podlife_model::quantity::Quantity;
    let meta = &q["metadata"];
    let mut w = format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"]));
    quota_scopes(&mut w, q, "", " ");
    w.push_str("Resource\tUsed\tHard\n--------\t----\t----\n");
    for (resource, hard) in q["status"]["hard"].as_object().into_iter().flatten() {
        let hard = hard.as_str().and_then(|h| h.parse::<Quantity>().ok()).unwrap_or_default();
        let mut used = q["status"]["used"][resource.as_str()].as_str().and_then(|u| u.parse::<Quantity>().ok()).unwrap_or_default();
        if used.format() != hard.format() {
            used = Quantity::new(used.value(), hard.format());
        }
        w.push_str(&format!("{resource}\t{used}\t{hard}\n"));
    }
    tabwriter::align(&w, 0, 2)
}

pub fn namespace(ns: &Value, quotas: &[Value], ranges: &[Value]) -> String {
    let meta = &ns["metadata"];
    let mut w = format!("Name:\t{}\n", s(&meta["name"]));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str(&format!("Status:\t{}\n", s(&ns["status"]["phase"])));
    if let Some(conditions) = ns["status"]["conditions"].as_array().filter(|c| !c.is_empty()) {
        w.push_str("Conditions:\n  Type\tStatus\tLastTransitionTime\tReason\tMessage\n  ----\t------\t------------------\t------\t-------\n");
        for c in conditions {
            w.push_str(&format!("  {}\t{}\t{}\t{}\t{}\n", s(&c["type"]), s(&c["status"]), rfc1123z(s(&c["lastTransitionTime"])), s(&c["reason"]), s(&c["message"])));
        }
    }
    // `DescribeResourceQuotas`: every quota of the namespace, by name.
    w.push('\n');
    if quotas.is_empty() {
        w.push_str("No resource quota.\n");
    } else {
        w.push_str("Resource Quotas\n");
        for q in quotas {
            w.push_str(&format!("  Name:\t{}\n", s(&q["metadata"]["name"])));
            quota_scopes(&mut w, q, "  ", "  ");
            w.push_str("  Resource\tUsed\tHard\n  --------\t---\t---\n");
            for (resource, hard) in q["status"]["hard"].as_object().into_iter().flatten() {
                let used = q["status"]["used"][resource.as_str()].as_str().unwrap_or("0");
                w.push_str(&format!("  {resource}\t{used}\t{}\n", hard.as_str().unwrap_or_default()));
            }
        }
    }
    w.push('\n');
    if ranges.is_empty() {
        w.push_str("No LimitRange resource.\n");
    } else {
        w.push_str("Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n");
        w.push_str(" ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n");
        for lr in ranges {
            limit_range_rows(&mut w, lr, " ");
        }
    }
    tabwriter::align(&w, 0, 2)
}

/// `describeLimitRangeSpec`: a row per item and resource it names, `-` where the item sets no
/// value. Go ranges over the item's resources in map order; podlife sorts them.
fn limit_range_rows(w: &mut String, lr: &Value, prefix: &str) {
    for item in lr["spec"]["limits"].as_array().map(Vec::as_slice).unwrap_or_default() {
        let fields = ["min", "max", "defaultRequest", "default", "maxLimitRequestRatio"];
        let names = podlife_engine::vecmap::VecSet::from_iter(fields.iter().flat_map(|f| item[*f].as_object().into_iter().flatten().map(|(k, _)| k.as_str())));
        for name in names {
            let cells: Vec<&str> = fields.iter().map(|f| item[*f][name].as_str().unwrap_or("-")).collect();
            w.push_str(&format!("{prefix}{}\t{name}\t{}\n", s(&item["type"]), cells.join("\t")));
        }
    }
}

/// `describeLimitRange`: the name, the namespace and the rows of its items; no events.
pub fn limit_range(lr: &Value) -> String {
    let meta = &lr["metadata"];
    let mut w = format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"]));
    w.push_str("Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n");
    w.push_str("----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n");
    limit_range_rows(&mut w, lr, "");
    tabwriter::align(&w, 0, 2)
}

/// `DescribePodTemplate`: the pod describer's container and volume sections one level in
/// (`space = "  "`: section titles indented by two, names by three).
fn pod_template(w: &mut String, template: &Value) {
    let (meta, spec) = (&template["metadata"], &template["spec"]);
    w.push_str("Pod Template:\n");
    labels_multiline(w, "  Labels", &meta["labels"]);
    if meta["annotations"].as_object().is_some_and(|m| !m.is_empty()) {
        annotations_titled(w, "  Annotations", &meta["annotations"]);
    }
    if let Some(sa) = spec["serviceAccountName"].as_str().filter(|s| !s.is_empty()) {
        w.push_str(&format!("  Service Account:\t{sa}\n"));
    }
    let indent = |text: String| -> String {
        text.lines()
            .map(|l| if l.starts_with("  ") && !l.starts_with("   ") { format!("   {}\n", &l[2..]) } else if l.starts_with(' ') { format!("{l}\n") } else { format!("  {l}\n") })
            .collect()
    };
    if spec["initContainers"].as_array().is_some_and(|a| !a.is_empty()) {
        let mut t = String::new();
        containers(&mut t, "Init Containers", &spec["initContainers"], &Value::Null, &Value::Null);
        w.push_str(&indent(t));
    }
    let mut t = String::new();
    containers(&mut t, "Containers", &spec["containers"], &Value::Null, &Value::Null);
    w.push_str(&indent(t));
    let mut t = String::new();
    volumes(&mut t, &spec["volumes"]);
    w.push_str(&indent(t));
    if let Some(pc) = spec["priorityClassName"].as_str().filter(|s| !s.is_empty()) {
        w.push_str(&format!("  Priority Class Name:\t{pc}\n"));
    }
    labels_multiline(w, "  Node-Selectors", &spec["nodeSelector"]);
    tolerations_titled(w, "  Tolerations", &spec["tolerations"]);
}

/// A pod template as `kubectl rollout history --revision` and `rollout undo --dry-run` print
/// it (`polymorphichelpers/history.go` `printTemplate`: a PrefixWriter straight over a buffer,
/// no tabwriter, so the tabs reach the terminal as they are).
pub fn pod_template_text(template: &Value) -> String {
    let mut w = String::new();
    pod_template(&mut w, template);
    w
}

fn int_or_string(v: &Value) -> String {
    match v {
        Value::String(t) => t.clone(),
        other => podlife_model::json::to_string(other),
    }
}

/// `Deployment/web`: the controller owner reference (`printController`).
fn controlled_by(obj: &Value) -> Option<String> {
    let r = obj["metadata"]["ownerReferences"].as_array()?.iter().find(|r| r["controller"] == true)?;
    Some(format!("{}/{}", s(&r["kind"]), s(&r["name"])))
}

fn selector_string(sel: &Value) -> String {
    podlife_engine::labels::selector_string(&podlife_engine::Obj::untyped(sel))
}

/// `metav1.FormatLabelSelector`: the selector's text, `<none>` when empty.
fn format_selector(sel: &Value) -> String {
    let text = selector_string(sel);
    if text.is_empty() { "<none>".into() } else { text }
}

fn conditions_table(w: &mut String, status: &Value) {
    if let Some(cs) = status["conditions"].as_array().filter(|a| !a.is_empty()) {
        w.push_str("Conditions:\n  Type\tStatus\tReason\n  ----\t------\t------\n");
        for c in cs {
            w.push_str(&format!("  {} \t{}\t{}\n", s(&c["type"]), s(&c["status"]), s(&c["reason"])));
        }
    }
}

/// `describeDeployment` (kubectl `pkg/describe/describe.go`): the old ReplicaSets are those
/// that still have replicas (`FindOldReplicaSets`' required set).
pub fn deployment(d: &Value, old: &[Value], new: Option<&Value>, object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec, st) = (&d["metadata"], &d["spec"], &d["status"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\nCreationTimestamp:\t{}\n", s(&meta["name"]), s(&meta["namespace"]), rfc1123z(s(&meta["creationTimestamp"]))));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    let n = |v: &Value| v.as_i64().unwrap_or(0);
    w.push_str(&format!("Selector:\t{}\n", format_selector(&spec["selector"])));
    w.push_str(&format!(
        "Replicas:\t{} desired | {} updated | {} total | {} available | {} unavailable\n",
        n(&spec["replicas"]), n(&st["updatedReplicas"]), n(&st["replicas"]), n(&st["availableReplicas"]), n(&st["unavailableReplicas"])
    ));
    w.push_str(&format!("StrategyType:\t{}\nMinReadySeconds:\t{}\n", s(&spec["strategy"]["type"]), n(&spec["minReadySeconds"])));
    let ru = &spec["strategy"]["rollingUpdate"];
    if ru.is_object() {
        w.push_str(&format!("RollingUpdateStrategy:\t{} max unavailable, {} max surge\n", int_or_string(&ru["maxUnavailable"]), int_or_string(&ru["maxSurge"])));
    }
    pod_template(&mut w, &spec["template"]);
    conditions_table(&mut w, st);
    let list = |sets: &[&Value]| -> String {
        let items: Vec<String> = sets.iter().map(|rs| format!("{} ({}/{} replicas created)", s(&rs["metadata"]["name"]), n(&rs["status"]["replicas"]), n(&rs["spec"]["replicas"]))).collect();
        if items.is_empty() { "<none>".into() } else { items.join(", ") }
    };
    let old: Vec<&Value> = old.iter().collect();
    if !old.is_empty() || new.is_some() {
        w.push_str(&format!("OldReplicaSets:\t{}\nNewReplicaSet:\t{}\n", list(&old), list(&new.into_iter().collect::<Vec<_>>())));
    }
    with_events(w, object_events, now)
}

/// `describeReplicaSet`, with its pods' phases counted (`getPodStatusForController`).
pub fn replica_set(rs: &Value, pods: &[Value], object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&rs["metadata"], &rs["spec"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\nSelector:\t{}\n", s(&meta["name"]), s(&meta["namespace"]), format_selector(&spec["selector"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    if let Some(by) = controlled_by(rs) {
        w.push_str(&format!("Controlled By:\t{by}\n"));
    }
    let n = |v: &Value| v.as_i64().unwrap_or(0);
    w.push_str(&format!("Replicas:\t{} current / {} desired\n", n(&rs["status"]["replicas"]), n(&spec["replicas"])));
    pods_status(&mut w, pods);
    pod_template(&mut w, &spec["template"]);
    conditions_table(&mut w, &rs["status"]);
    with_events(w, object_events, now)
}

/// `describeReplicationController`: as a ReplicaSet's, with the selector a plain map
/// (`labels.FormatLabels`) and no `Controlled By`.
pub fn replication_controller(rc: &Value, pods: &[Value], object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&rc["metadata"], &rc["spec"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\nSelector:\t{}\n", s(&meta["name"]), s(&meta["namespace"]), format_labels(&spec["selector"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    let n = |v: &Value| v.as_i64().unwrap_or(0);
    w.push_str(&format!("Replicas:\t{} current / {} desired\n", n(&rc["status"]["replicas"]), n(&spec["replicas"])));
    pods_status(&mut w, pods);
    pod_template(&mut w, &spec["template"]);
    conditions_table(&mut w, &rc["status"]);
    with_events(w, object_events, now)
}

/// `getPodStatusForController`'s counts: the pods' phases, as the `Pods Status` line prints them.
fn pods_status(w: &mut String, pods: &[Value]) {
    let count = |phase: &str| pods.iter().filter(|p| p["status"]["phase"] == phase).count();
    w.push_str(&format!("Pods Status:\t{} Running / {} Waiting / {} Succeeded / {} Failed\n", count("Running"), count("Pending"), count("Succeeded"), count("Failed")));
}

/// `describeVolumeClaimTemplates`.
fn volume_claim_templates(w: &mut String, templates: &Value) {
    let Some(list) = templates.as_array().filter(|a| !a.is_empty()) else {
        w.push_str("Volume Claims:\t<none>\n");
        return;
    };
    w.push_str("Volume Claims:\n");
    for pvc in list {
        w.push_str(&format!("  Name:\t{}\n  StorageClass:\t{}\n", s(&pvc["metadata"]["name"]), podlife_engine::volume::claim_class(&podlife_engine::Obj::untyped(pvc))));
        labels_indented(w, "  ", "Labels", &pvc["metadata"]["labels"]);
        labels_indented(w, "  ", "Annotations", &pvc["metadata"]["annotations"]);
        let capacity = match pvc["spec"]["resources"]["requests"]["storage"].as_str() {
            Some(q) => q.parse::<podlife_model::quantity::Quantity>().map_or_else(|_| q.to_string(), |q| q.to_string()),
            None => "<default>".into(),
        };
        w.push_str(&format!("  Capacity:\t{capacity}\n  Access Modes:\t{}\n", go_slice(&pvc["spec"]["accessModes"])));
    }
}

/// `describeStatefulSet`; `pods` are those it controls.
pub fn stateful_set(set: &Value, pods: &[Value], object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&set["metadata"], &set["spec"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\nCreationTimestamp:\t{}\n", s(&meta["name"]), s(&meta["namespace"]), rfc1123z(s(&meta["creationTimestamp"]))));
    w.push_str(&format!("Selector:\t{}\n", selector_string(&spec["selector"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    let n = |v: &Value| v.as_i64().unwrap_or(0);
    w.push_str(&format!("Replicas:\t{} desired | {} total\nUpdate Strategy:\t{}\n", n(&spec["replicas"]), n(&set["status"]["replicas"]), s(&spec["updateStrategy"]["type"])));
    let ru = &spec["updateStrategy"]["rollingUpdate"];
    if let Some(partition) = ru["partition"].as_i64() {
        w.push_str(&format!("  Partition:\t{partition}\n"));
        if !ru["maxUnavailable"].is_null() {
            w.push_str(&format!("  MaxUnavailable:\t{}\n", int_or_string(&ru["maxUnavailable"])));
        }
    }
    pods_status(&mut w, pods);
    pod_template(&mut w, &spec["template"]);
    volume_claim_templates(&mut w, &spec["volumeClaimTemplates"]);
    with_events(w, object_events, now)
}

/// `describeDaemonSet`; `pods` are those it controls.
pub fn daemon_set(ds: &Value, pods: &[Value], object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec, st) = (&ds["metadata"], &ds["spec"], &ds["status"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\nSelector:\t{}\n", s(&meta["name"]), s(&meta["namespace"]), selector_string(&spec["selector"])));
    w.push_str(&format!("Node-Selector:\t{}\n", format_labels(&spec["template"]["spec"]["nodeSelector"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    let n = |f: &str| st[f].as_i64().unwrap_or(0);
    w.push_str(&format!(
        "Desired Number of Nodes Scheduled: {}\nCurrent Number of Nodes Scheduled: {}\nNumber of Nodes Scheduled with Up-to-date Pods: {}\nNumber of Nodes Scheduled with Available Pods: {}\nNumber of Nodes Misscheduled: {}\n",
        n("desiredNumberScheduled"), n("currentNumberScheduled"), n("updatedNumberScheduled"), n("numberAvailable"), n("numberMisscheduled")
    ));
    pods_status(&mut w, pods);
    pod_template(&mut w, &spec["template"]);
    with_events(w, object_events, now)
}

/// `capIndexesListOrNone(indexes, 50)`: cut at the first comma from the 50th byte on.
fn cap_indexes(indexes: &str) -> String {
    if indexes.is_empty() {
        return "<none>".into();
    }
    match indexes.bytes().enumerate().skip(50).find(|(_, b)| *b == b',') {
        Some((i, _)) => format!("{}...", &indexes[..=i]),
        None => indexes.to_string(),
    }
}

/// `describeJob`.
pub fn job(job: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec, st) = (&job["metadata"], &job["spec"], &job["status"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\nSelector:\t{}\n", s(&meta["name"]), s(&meta["namespace"]), selector_string(&spec["selector"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    if let Some(by) = controlled_by(job) {
        w.push_str(&format!("Controlled By:\t{by}\n"));
    }
    if let Some(p) = spec["parallelism"].as_i64() {
        w.push_str(&format!("Parallelism:\t{p}\n"));
    }
    match spec["completions"].as_i64() {
        Some(c) => w.push_str(&format!("Completions:\t{c}\n")),
        None => w.push_str("Completions:\t<unset>\n"),
    }
    if let Some(mode) = spec["completionMode"].as_str() {
        w.push_str(&format!("Completion Mode:\t{mode}\n"));
    }
    if let Some(b) = spec["suspend"].as_bool() {
        w.push_str(&format!("Suspend:\t{b}\n"));
    }
    if let Some(b) = spec["backoffLimit"].as_i64() {
        w.push_str(&format!("Backoff Limit:\t{b}\n"));
    }
    if let Some(t) = spec["ttlSecondsAfterFinished"].as_i64() {
        w.push_str(&format!("TTL Seconds After Finished:\t{t}\n"));
    }
    let (start, done) = (st["startTime"].as_str(), st["completionTime"].as_str());
    if let Some(t) = start {
        w.push_str(&format!("Start Time:\t{}\n", rfc1123z(t)));
    }
    if let Some(t) = done {
        w.push_str(&format!("Completed At:\t{}\n", rfc1123z(t)));
    }
    if let (Some(a), Some(b)) = (start.and_then(Time::from_rfc3339), done.and_then(Time::from_rfc3339)) {
        w.push_str(&format!("Duration:\t{}\n", crate::printers::duration::human_duration(b.millis() as i64 - a.millis() as i64)));
    }
    if let Some(d) = spec["activeDeadlineSeconds"].as_i64() {
        w.push_str(&format!("Active Deadline Seconds:\t{d}s\n"));
    }
    let n = |f: &str| st[f].as_i64().unwrap_or(0);
    match st["ready"].as_i64() {
        None => w.push_str(&format!("Pods Statuses:\t{} Active / {} Succeeded / {} Failed\n", n("active"), n("succeeded"), n("failed"))),
        Some(ready) => w.push_str(&format!("Pods Statuses:\t{} Active ({ready} Ready) / {} Succeeded / {} Failed\n", n("active"), n("succeeded"), n("failed"))),
    }
    if spec["completionMode"] == "Indexed" {
        w.push_str(&format!("Completed Indexes:\t{}\n", cap_indexes(s(&st["completedIndexes"]))));
    }
    pod_template(&mut w, &spec["template"]);
    with_events(w, object_events, now)
}

/// `describeCronJob` with `describeJobTemplate` and `printActiveJobs`.
pub fn cron_job(cj: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&cj["metadata"], &cj["spec"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    let or_unset = |v: &Value, unit: &str| if v.is_null() { "<unset>".to_string() } else { format!("{}{unit}", int_or_string(v)) };
    let suspend = match spec["suspend"].as_bool() {
        Some(true) => "True",
        Some(false) => "False",
        None => "<unset>",
    };
    w.push_str(&format!("Schedule:\t{}\nConcurrency Policy:\t{}\nSuspend:\t{suspend}\n", s(&spec["schedule"]), s(&spec["concurrencyPolicy"])));
    w.push_str(&format!("Time Zone:\t{}\n", or_unset(&spec["timeZone"], "")));
    w.push_str(&format!("Successful Job History Limit:\t{}\n", or_unset(&spec["successfulJobsHistoryLimit"], "")));
    w.push_str(&format!("Failed Job History Limit:\t{}\n", or_unset(&spec["failedJobsHistoryLimit"], "")));
    w.push_str(&format!("Starting Deadline Seconds:\t{}\n", or_unset(&spec["startingDeadlineSeconds"], "s")));
    let jt = &spec["jobTemplate"]["spec"];
    let selector = if jt["selector"].is_null() { "<unset>".to_string() } else { selector_string(&jt["selector"]) };
    w.push_str(&format!("Selector:\t{selector}\nParallelism:\t{}\nCompletions:\t{}\n", or_unset(&jt["parallelism"], ""), or_unset(&jt["completions"], "")));
    if let Some(d) = jt["activeDeadlineSeconds"].as_i64() {
        w.push_str(&format!("Active Deadline Seconds:\t{d}s\n"));
    }
    pod_template(&mut w, &jt["template"]);
    w.push_str(&format!("Last Schedule Time:\t{}\n", cj["status"]["lastScheduleTime"].as_str().map_or_else(|| "<unset>".to_string(), rfc1123z)));
    let active: Vec<&str> = cj["status"]["active"].as_array().map(|a| a.iter().map(|r| s(&r["name"])).collect()).unwrap_or_default();
    w.push_str(&format!("Active Jobs:\t{}\n", if active.is_empty() { "<none>".to_string() } else { active.join(", ") }));
    with_events(w, object_events, now)
}

/// `describePodDisruptionBudgetV1` (no labels or annotations, as upstream).
pub fn pod_disruption_budget(pdb: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec, st) = (&pdb["metadata"], &pdb["spec"], &pdb["status"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    if !spec["minAvailable"].is_null() {
        w.push_str(&format!("Min available:\t{}\n", int_or_string(&spec["minAvailable"])));
    } else if !spec["maxUnavailable"].is_null() {
        w.push_str(&format!("Max unavailable:\t{}\n", int_or_string(&spec["maxUnavailable"])));
    }
    let selector = if spec["selector"].is_null() { "<unset>".to_string() } else { format_selector(&spec["selector"]) };
    let n = |f: &str| st[f].as_i64().unwrap_or(0);
    w.push_str(&format!(
        "Selector:\t{selector}\nStatus:\n    Allowed disruptions:\t{}\n    Current:\t{}\n    Desired:\t{}\n    Total:\t{}\n",
        n("disruptionsAllowed"), n("currentHealthy"), n("desiredHealthy"), n("expectedPods")
    ));
    with_events(w, object_events, now)
}

/// `describeHorizontalPodAutoscalerV2`: the metrics as current / target, the replica bounds,
/// the behavior when set, the target's pods and the conditions.
pub fn horizontal_pod_autoscaler(hpa: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec, st) = (&hpa["metadata"], &hpa["spec"], &hpa["status"]);
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    let target = &spec["scaleTargetRef"];
    w.push_str(&format!("CreationTimestamp:\t{}\nReference:\t{}/{}\nMetrics:\t( current / target )\n", rfc1123z(s(&meta["creationTimestamp"])), s(&target["kind"]), s(&target["name"])));
    let q = crate::printers::columns::quantity_text;
    for (i, m) in spec["metrics"].as_array().into_iter().flatten().enumerate() {
        let cur = &st["currentMetrics"][i];
        let known = |src: &str, f: &str| if cur[src].is_object() { q(&cur[src]["current"][f]) } else { "<unknown>".to_string() };
        let kind = s(&m["type"]);
        match kind {
            "External" => {
                let (e, name) = (&m["external"], s(&m["external"]["metric"]["name"]));
                if e["target"]["averageValue"].is_string() {
                    let c = if cur["external"]["current"]["averageValue"].is_string() { q(&cur["external"]["current"]["averageValue"]) } else { "<unknown>".into() };
                    w.push_str(&format!("  {name:?} (target average value):\t{c} / {}\n", q(&e["target"]["averageValue"])));
                } else {
                    w.push_str(&format!("  {name:?} (target value):\t{} / {}\n", known("external", "value"), q(&e["target"]["value"])));
                }
            }
            "Pods" => w.push_str(&format!("  {:?} on pods:\t{} / {}\n", s(&m["pods"]["metric"]["name"]), known("pods", "averageValue"), q(&m["pods"]["target"]["averageValue"]))),
            "Object" => {
                let o = &m["object"];
                w.push_str(&format!("  \"{}\" on {}/{} ", s(&o["metric"]["name"]), s(&o["describedObject"]["kind"]), s(&o["describedObject"]["name"])));
                if o["target"]["type"] == "AverageValue" {
                    w.push_str(&format!("(target average value):\t{} / {}\n", known("object", "averageValue"), q(&o["target"]["averageValue"])));
                } else {
                    w.push_str(&format!("(target value):\t{} / {}\n", known("object", "value"), q(&o["target"]["value"])));
                }
            }
            "Resource" | "ContainerResource" => {
                let src = if kind == "Resource" { "resource" } else { "containerResource" };
                let r = &m[src];
                match kind {
                    "Resource" => w.push_str(&format!("  resource {} on pods", s(&r["name"]))),
                    _ => w.push_str(&format!("  resource {} of container \"{}\" on pods", s(&r["name"]), s(&r["container"]))),
                }
                if r["target"]["averageValue"].is_string() {
                    w.push_str(&format!(":\t{} / {}\n", known(src, "averageValue"), q(&r["target"]["averageValue"])));
                } else {
                    let c = &cur[src]["current"];
                    let current = c["averageUtilization"].as_i64().map_or("<unknown>".to_string(), |u| format!("{u}% ({})", q(&c["averageValue"])));
                    let t = r["target"]["averageUtilization"].as_i64().map_or("<auto>".to_string(), |u| format!("{u}%"));
                    w.push_str(&format!("  (as a percentage of request):\t{current} / {t}\n"));
                }
            }
            other => w.push_str(&format!("  <unknown metric type {other:?}>\n")),
        }
    }
    let min = spec["minReplicas"].as_i64().map_or("<unset>".to_string(), |m| m.to_string());
    w.push_str(&format!("Min replicas:\t{min}\nMax replicas:\t{}\n", spec["maxReplicas"].as_i64().unwrap_or(0)));
    if spec["behavior"].is_object() {
        w.push_str("Behavior:\n");
        for (title, dir) in [("Scale Up", "scaleUp"), ("Scale Down", "scaleDown")] {
            let rules = &spec["behavior"][dir];
            if !rules.is_object() {
                continue;
            }
            w.push_str(&format!("  {title}:\n"));
            if let Some(win) = rules["stabilizationWindowSeconds"].as_i64() {
                w.push_str(&format!("    Stabilization Window: {win} seconds\n"));
            }
            let policies = rules["policies"].as_array().map(Vec::as_slice).unwrap_or_default();
            if !policies.is_empty() {
                w.push_str(&format!("    Select Policy: {}\n    Policies:\n", rules["selectPolicy"].as_str().unwrap_or("Max")));
                for p in policies {
                    let n = |f: &str| p[f].as_i64().unwrap_or(0);
                    w.push_str(&format!("      - Type: {}\tValue: {}\tPeriod: {} seconds\n", s(&p["type"]), n("value"), n("periodSeconds")));
                }
            }
        }
    }
    let n = |f: &str| st[f].as_i64().unwrap_or(0);
    w.push_str(&format!("{} pods:\t{} current / {} desired\n", s(&target["kind"]), n("currentReplicas"), n("desiredReplicas")));
    if let Some(cs) = st["conditions"].as_array().filter(|c| !c.is_empty()) {
        w.push_str("Conditions:\n  Type\tStatus\tReason\tMessage\n  ----\t------\t------\t-------\n");
        for c in cs {
            w.push_str(&format!("  {}\t{}\t{}\t{}\n", s(&c["type"]), s(&c["status"]), s(&c["reason"]), s(&c["message"])));
        }
    }
    with_events(w, object_events, now)
}

/// `genericDescriber` (describe.go), for kinds without a describer of their own
/// (ControllerRevision): name, namespace, labels, annotations, then every other field by
/// `printUnstructuredContent`, two spaces a level.
/// `describeSecret`: the type and, per key, its size (a service-account token in full); no
/// events.
pub fn secret(secret: &Value) -> String {
    let meta = &secret["metadata"];
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str(&format!("\nType:\t{}\n\nData\n====\n", s(&secret["type"])));
    for (key, value) in secret["data"].as_object().into_iter().flatten() {
        let bytes = crate::base64::decode(s(value)).unwrap_or_default();
        if key == "token" && secret["type"] == "kubernetes.io/service-account-token" {
            w.push_str(&format!("{key}:\t{}\n", String::from_utf8_lossy(&bytes)));
        } else {
            w.push_str(&format!("{key}:\t{} bytes\n", bytes.len()));
        }
    }
    tabwriter::align(&w, 0, 2)
}

/// `ConfigMapDescriber`: each key and its value under a `----` rule, then the binary keys'
/// sizes, then the events.
pub fn config_map(cm: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let meta = &cm["metadata"];
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str("\nData\n====\n");
    for (key, value) in cm["data"].as_object().into_iter().flatten() {
        w.push_str(&format!("{key}:\n----\n{}\n\n", s(value)));
    }
    w.push_str("\nBinaryData\n====\n");
    for (key, value) in cm["binaryData"].as_object().into_iter().flatten() {
        w.push_str(&format!("{key}: {} bytes\n", crate::base64::decode(s(value)).map_or(0, |b| b.len())));
    }
    w.push('\n');
    with_events(w, object_events, now)
}

pub fn generic(obj: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let meta = &obj["metadata"];
    let mut w = String::new();
    w.push_str(&format!("Name:\t{}\nNamespace:\t{}\n", s(&meta["name"]), s(&meta["namespace"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    unstructured_content(&mut w, 0, obj, "");
    with_events(w, object_events, now)
}

/// `printUnstructuredContent`: fields sorted, maps and lists as titled sections, scalars `%v`.
fn unstructured_content(w: &mut String, level: usize, content: &Value, prefix: &str) {
    const SKIP: [&str; 5] = [".metadata.managedFields", ".metadata.name", ".metadata.namespace", ".metadata.labels", ".metadata.annotations"];
    let indent = "  ".repeat(level);
    for (field, value) in content.as_object().into_iter().flatten() {
        let path = format!("{prefix}.{field}");
        if SKIP.contains(&path.as_str()) {
            continue;
        }
        match value {
            Value::Object(_) => {
                w.push_str(&format!("{indent}{}:\n", smart_label(field)));
                unstructured_content(w, level + 1, value, &path);
            }
            Value::Array(items) => {
                w.push_str(&format!("{indent}{}:\n", smart_label(field)));
                for item in items {
                    if item.is_object() {
                        unstructured_content(w, level + 1, item, &path);
                    } else {
                        w.push_str(&format!("{indent}  {}\n", go_value(item)));
                    }
                }
            }
            _ => w.push_str(&format!("{indent}{}:\t{}\n", smart_label(field), go_value(value))),
        }
    }
}

/// Go's `%v` of a decoded JSON value: `<nil>`, `[a b]`, `map[k:v]`.
fn go_value(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::String(t) => t.clone(),
        Value::Array(a) => format!("[{}]", a.iter().map(go_value).collect::<Vec<_>>().join(" ")),
        Value::Object(m) => format!("map[{}]", m.iter().map(|(k, v)| format!("{k}:{}", go_value(v))).collect::<Vec<_>>().join(" ")),
        other => other.to_string(),
    }
}

/// `smartLabelFor`: `apiVersion` → `API Version`; names with characters other than letters
/// and `-` stay as they are.
fn smart_label(field: &str) -> String {
    if field.chars().any(|c| !c.is_alphabetic() && c != '-') {
        return field.to_string();
    }
    // camelcase.Split: runs of one class (lower, upper, other), then an upper run's last
    // letter moves to the lower run after it ("PDFLoader" → "PDF", "Loader").
    use podlife_engine::gostrings::{lower_char, to_lower, to_upper, upper_char};
    let (is_lower, is_upper) = (|c: char| upper_char(c) != c, |c: char| lower_char(c) != c);
    let class = |c: char| if is_lower(c) { 1 } else if is_upper(c) { 2 } else { 3 };
    let mut runs: Vec<Vec<char>> = Vec::new();
    let mut last = 0;
    for c in field.chars() {
        match runs.last_mut() {
            Some(run) if class(c) == last => run.push(c),
            _ => runs.push(vec![c]),
        }
        last = class(c);
    }
    for i in 0..runs.len().saturating_sub(1) {
        if is_upper(runs[i][0]) && is_lower(runs[i + 1][0])
            && let Some(c) = runs[i].pop()
        {
            runs[i + 1].insert(0, c);
        }
    }
    let parts: Vec<String> = runs.into_iter().filter(|r| !r.is_empty()).map(|r| r.into_iter().collect()).collect();
    // An upper-case part of two or more letters joins the capitalized part after it.
    let mut merged: Vec<String> = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        let part = &parts[i];
        let all_upper = part.chars().all(|c| !c.is_alphabetic() || is_upper(c));
        if i + 1 < parts.len() && part.len() >= 2 && all_upper && parts[i + 1].chars().next().is_some_and(is_upper) {
            merged.push(format!("{part}{}", parts[i + 1]));
            i += 2;
            continue;
        }
        merged.push(part.clone());
        i += 1;
    }
    let words: Vec<String> = merged
        .into_iter()
        .filter(|p| p != "_")
        .map(|p| {
            if ["API", "URL", "UID", "GUID"].contains(&to_upper(&p).as_str()) {
                to_upper(&p)
            } else if to_lower(&p) == p {
                let mut cs = p.chars();
                cs.next().map_or_else(String::new, |c| std::iter::once(upper_char(c)).chain(cs).collect())
            } else {
                p
            }
        })
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use podlife_engine::json;

    fn endpoint(ip: &str, ready: Option<bool>) -> Value {
        match ready {
            Some(r) => json!({"addresses": [ip], "conditions": {"ready": r}}),
            None => json!({"addresses": [ip], "conditions": {}}),
        }
    }

    fn slice(ports: Value, endpoints: Vec<Value>) -> Value {
        json!({"addressType": "IPv4", "ports": ports, "endpoints": endpoints})
    }

    /// describe_test.go `TestDescribeJob`'s completed-index cases.
    #[test]
    fn completed_indexes_capped_after_50_bytes() {
        assert_eq!(cap_indexes(""), "<none>");
        assert_eq!(cap_indexes("0-5,7,9,10,12,13,15,16,18,20,21,23,24,26,27,29,30,32"), "0-5,7,9,10,12,13,15,16,18,20,21,23,24,26,27,29,30,32");
        assert_eq!(cap_indexes("0-5,7,9,10,12,13,15,16,18,20,21,23,24,26,27,29,30,32-34,36,37"), "0-5,7,9,10,12,13,15,16,18,20,21,23,24,26,27,29,30,32-34,...");
    }

    #[test]
    fn describe_job_layout() {
        // TestDescribeJob: an empty job has no Suspend / Backoff Limit / TTL lines; the
        // suspended one aligns them in the header block.
        let empty = job(&json!({"metadata": {"name": "bar", "namespace": "foo"}, "spec": {}}), None, Time::ZERO);
        for absent in ["Completed Indexes:", "Suspend:", "Backoff Limit:", "TTL Seconds After Finished:"] {
            assert!(!empty.contains(absent), "{empty}");
        }
        let suspended = job(&json!({"metadata": {"name": "bar", "namespace": "foo"}, "spec": {"suspend": true, "ttlSecondsAfterFinished": 123, "backoffLimit": 1}}), None, Time::ZERO);
        for line in ["Suspend:                     true", "TTL Seconds After Finished:  123", "Backoff Limit:               1"] {
            assert!(suspended.contains(line), "{suspended}");
        }
        let indexed = job(&json!({"metadata": {"name": "bar", "namespace": "foo"}, "spec": {"completionMode": "Indexed"}}), None, Time::ZERO);
        assert!(indexed.contains("Completed Indexes:  <none>"), "{indexed}");
    }

    /// describe_test.go `TestSmartLabelFor`, then fields a ControllerRevision has.
    #[test]
    fn smart_labels_as_upstream() {
        let upstream = [("simpleField", "Simple Field"), ("respectPDBs", "Respect PDBs"), ("respectPDB", "Respect PDB"), ("apiURL", "API URL"), ("kubeAPI", "Kube API"), ("userUID", "User UID"), ("HTTPSProxy", "HTTPSProxy"), ("customCRDs", "Custom CRDs")];
        let ours = [("apiVersion", "API Version"), ("uid", "UID"), ("blockOwnerDeletion", "Block Owner Deletion"), ("$patch", "$patch"), ("controller-revision-hash", "Controller - Revision - Hash"), ("podIPs", "Pod I Ps"), ("kubernetes.io/os", "kubernetes.io/os")];
        for (field, want) in upstream.into_iter().chain(ours) {
            assert_eq!(smart_label(field), want, "{field}");
        }
    }

    #[test]
    fn selectors_print_sorted_by_key() {
        let sel = json!({"matchLabels": {"z": "1", "app": "web"}, "matchExpressions": [{"key": "tier", "operator": "In", "values": ["fe", "be"]}, {"key": "b", "operator": "DoesNotExist"}]});
        assert_eq!(selector_string(&sel), "app=web,!b,tier in (be,fe),z=1");
        assert_eq!(format_selector(&json!({})), "<none>");
    }

    #[test]
    fn endpoints_line_from_slices() {
        // No slice: <none>; a slice without a ready endpoint: empty.
        assert_eq!(format_endpoint_slices(&[], Some(&[""])), "<none>");
        let placeholder = slice(json!([]), vec![]);
        assert_eq!(format_endpoint_slices(std::slice::from_ref(&placeholder), Some(&["http"])), "");
        let not_ready = slice(json!([{"name": "http", "port": 8080, "protocol": "TCP"}]), vec![endpoint("10.244.1.2", Some(false))]);
        assert_eq!(format_endpoint_slices(&[not_ready], Some(&["http"])), "");
        // Ready unset counts as ready; only the port with the Service port's name.
        let two_ports = slice(
            json!([{"name": "http", "port": 8080, "protocol": "TCP"}, {"name": "metrics", "port": 9090, "protocol": "TCP"}]),
            vec![endpoint("10.244.1.2", None), endpoint("10.244.2.3", Some(true)), endpoint("10.244.2.4", Some(false))],
        );
        assert_eq!(format_endpoint_slices(std::slice::from_ref(&two_ports), Some(&["http"])), "10.244.1.2:8080,10.244.2.3:8080");
        assert_eq!(format_endpoint_slices(std::slice::from_ref(&two_ports), Some(&["metrics"])), "10.244.1.2:9090,10.244.2.3:9090");
        assert_eq!(format_endpoint_slices(std::slice::from_ref(&two_ports), Some(&["other"])), "");
        // All ports (nil set): 4 ready pairs → three, then + 1 more.
        assert_eq!(format_endpoint_slices(&[two_ports], None), "10.244.1.2:8080,10.244.2.3:8080,10.244.1.2:9090 + 1 more...");
    }

    #[test]
    fn endpoints_line_more_counts_only_ready() {
        let port = json!([{"name": "", "port": 80, "protocol": "TCP"}]);
        let five = slice(port.clone(), (1..=5).map(|i| endpoint(&format!("10.0.0.{i}"), Some(true))).collect());
        assert_eq!(format_endpoint_slices(&[five], Some(&[""])), "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80 + 2 more...");
        // Upstream sets `more` before it checks readiness: three ready then one not ready.
        let mut eps: Vec<Value> = (1..=3).map(|i| endpoint(&format!("10.0.0.{i}"), Some(true))).collect();
        eps.push(endpoint("10.0.0.9", Some(false)));
        assert_eq!(format_endpoint_slices(&[slice(port.clone(), eps)], Some(&[""])), "10.0.0.1:80,10.0.0.2:80,10.0.0.3:80 + 0 more...");
        // Across slices; IPv6 in brackets; headless slices without ports give bare addresses.
        let v6 = slice(port, vec![endpoint("fd00::1", Some(true))]);
        let headless = slice(json!([]), vec![endpoint("10.0.1.1", None), endpoint("10.0.1.2", Some(false))]);
        assert_eq!(format_endpoint_slices(&[v6, headless], Some(&[""])), "[fd00::1]:80,10.0.1.1");
    }

    #[test]
    fn describe_service_layout() {
        let svc = json!({
            "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web"}},
            "spec": {"selector": {"app": "web", "tier": "fe"}, "type": "NodePort", "ipFamilyPolicy": "SingleStack", "ipFamilies": ["IPv4"],
                "clusterIP": "10.96.4.5", "clusterIPs": ["10.96.4.5"],
                "ports": [{"port": 80, "targetPort": "http", "protocol": "TCP", "nodePort": 30080}],
                "sessionAffinity": "None", "externalTrafficPolicy": "Cluster", "internalTrafficPolicy": "Cluster"},
        });
        let slices = [slice(json!([{"name": "", "port": 8080, "protocol": "TCP"}]), vec![endpoint("10.244.1.2", Some(true))])];
        let text = service(&svc, &slices, Some(&[]), Time::ZERO);
        let want = "Name:                     web
Namespace:                default
Labels:                   app=web
Annotations:              <none>
Selector:                 app=web,tier=fe
Type:                     NodePort
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.96.4.5
IPs:                      10.96.4.5
Port:                     <unset>  80/TCP
TargetPort:               http/TCP
NodePort:                 <unset>  30080/TCP
Endpoints:                10.244.1.2:8080
Session Affinity:         None
External Traffic Policy:  Cluster
Internal Traffic Policy:  Cluster
Events:                   <none>
";
        assert_eq!(text, want);
    }

    #[test]
    fn describe_endpoint_slice_layout() {
        let sl = json!({
            "metadata": {"name": "web-abcde", "namespace": "default", "labels": {"kubernetes.io/service-name": "web"}},
            "addressType": "IPv4",
            "ports": [{"name": "http", "port": 8080, "protocol": "TCP"}],
            "endpoints": [{"addresses": ["10.244.1.2"], "conditions": {"ready": true}, "nodeName": "worker-1", "targetRef": {"kind": "Pod", "name": "web-1"}}],
        });
        let want = "Name:         web-abcde
Namespace:    default
Labels:       kubernetes.io/service-name=web
Annotations:  <none>
AddressType:  IPv4
Ports:
  Name  Port  Protocol
  ----  ----  --------
  http  8080  TCP
Endpoints:
  - Addresses:  10.244.1.2
    Conditions:
      Ready:    true
    Hostname:   <unset>
    TargetRef:  Pod/web-1
    NodeName:   worker-1
    Zone:       <unset>
Events:         <none>
";
        assert_eq!(endpoint_slice(&sl, Some(&[]), Time::ZERO), want);
        let empty = json!({"metadata": {"name": "e", "namespace": "default"}, "addressType": "IPv4"});
        assert_eq!(
            endpoint_slice(&empty, None, Time::ZERO),
            "Name:         e\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\nAddressType:  IPv4\nPorts: <unset>\nEndpoints: <none>\n"
        );
    }

    #[test]
    fn describe_endpoints_layout() {
        let ep = json!({
            "metadata": {"name": "web", "namespace": "default"},
            "subsets": [{"addresses": [{"ip": "10.244.1.2"}, {"ip": "10.244.2.2"}], "notReadyAddresses": [{"ip": "10.244.2.9"}],
                "ports": [{"port": 8080, "protocol": "TCP"}]}],
        });
        let want = "Name:         web
Namespace:    default
Labels:       <none>
Annotations:  <none>
Subsets:
  Addresses:          10.244.1.2,10.244.2.2
  NotReadyAddresses:  10.244.2.9
  Ports:
    Name     Port  Protocol
    ----     ----  --------
    <unset>  8080  TCP

Events:  <none>
";
        assert_eq!(endpoints(&ep, Some(&[]), Time::ZERO), want);
    }
}

/// Go's `time.Time.String()` of an RFC 3339 UTC timestamp (`metav1.Time` as `%s`; kubectl's
/// local zone is UTC here): `2026-03-02 09:00:00 +0000 UTC`.
fn go_time_string(ts: &str) -> String {
    match ts.strip_suffix('Z').and_then(|t| t.split_once('T')) {
        Some((date, time)) => format!("{date} {time} +0000 UTC"),
        None => "0001-01-01 00:00:00 +0000 UTC".to_string(),
    }
}

/// `describeNetworkPolicy` / `describeNetworkPolicySpec` (kubectl `pkg/describe/describe.go`):
/// the rules written through the prefix writer (two spaces a level), no events.
pub fn network_policy(np: &Value) -> String {
    let (meta, spec) = (&np["metadata"], &np["spec"]);
    let mut w = format!("Name:\t{}\nNamespace:\t{}\nCreated on:\t{}\n", s(&meta["name"]), s(&meta["namespace"]), go_time_string(s(&meta["creationTimestamp"])));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str("Spec:\n  PodSelector: ");
    let sel = &spec["podSelector"];
    if sel["matchLabels"].as_object().is_none_or(|m| m.is_empty()) && sel["matchExpressions"].as_array().is_none_or(|a| a.is_empty()) {
        w.push_str("    <none> (Allowing the specific traffic to all pods in this namespace)\n");
    } else {
        w.push_str(&format!("    {}\n", crate::printers::batch::label_selector(sel)));
    }
    let types: Vec<&str> = spec["policyTypes"].as_array().into_iter().flatten().map(s).collect();
    for (dir, title, peers, none, any_peer) in [
        ("ingress", "Ingress", "from", "<none> (Selected pods are isolated for ingress connectivity)", "From: <any> (traffic not restricted by source)"),
        ("egress", "Egress", "to", "<none> (Selected pods are isolated for egress connectivity)", "To: <any> (traffic not restricted by destination)"),
    ] {
        if !types.contains(&title) {
            w.push_str(&format!("  Not affecting {dir} traffic\n"));
            continue;
        }
        w.push_str(&format!("  Allowing {dir} traffic:\n"));
        let rules = spec[dir].as_array().map(Vec::as_slice).unwrap_or_default();
        if rules.is_empty() {
            w.push_str(&format!("    {none}\n"));
        }
        let peer_title = if dir == "ingress" { "From:" } else { "To:" };
        for (i, rule) in rules.iter().enumerate() {
            let ports = rule["ports"].as_array().map(Vec::as_slice).unwrap_or_default();
            if ports.is_empty() {
                w.push_str("    To Port: <any> (traffic allowed to all ports)\n");
            }
            for p in ports {
                let proto = p["protocol"].as_str().unwrap_or("TCP");
                // `%s` of a nil *IntOrString: fmt prints <nil>.
                let port = match &p["port"] {
                    Value::Null => "<nil>".to_string(),
                    Value::String(t) => t.clone(),
                    v => podlife_model::json::to_string(v),
                };
                match p["endPort"].as_i64() {
                    Some(end) => w.push_str(&format!("    To Port Range: {port}-{end}/{proto}\n")),
                    None => w.push_str(&format!("    To Port: {port}/{proto}\n")),
                }
            }
            let list = rule[peers].as_array().map(Vec::as_slice).unwrap_or_default();
            if list.is_empty() {
                w.push_str(&format!("    {any_peer}\n"));
            }
            for peer in list {
                w.push_str(&format!("    {peer_title}\n"));
                let (pod, ns) = (&peer["podSelector"], &peer["namespaceSelector"]);
                let fmt = crate::printers::batch::label_selector;
                if ns.is_object() {
                    w.push_str(&format!("      NamespaceSelector: {}\n", fmt(ns)));
                }
                if pod.is_object() {
                    w.push_str(&format!("      PodSelector: {}\n", fmt(pod)));
                }
                if !pod.is_object() && !ns.is_object() && peer["ipBlock"].is_object() {
                    let except: Vec<&str> = peer["ipBlock"]["except"].as_array().into_iter().flatten().map(s).collect();
                    w.push_str(&format!("      IPBlock:\n        CIDR: {}\n        Except: {}\n", s(&peer["ipBlock"]["cidr"]), except.join(", ")));
                }
            }
            if i + 1 != rules.len() {
                w.push_str("    ----------\n");
            }
        }
    }
    // `policyTypesToString`: `stringOrNone`.
    w.push_str(&format!("  Policy Types: {}\n", if types.is_empty() { "<none>".to_string() } else { types.join(", ") }));
    tabwriter::align(&w, 0, 2)
}

/// `describeBackendV1`: a Service backend as `name:port (endpoints)` (its EndpointSlices, the
/// Service's port of that number or name; `<error: …>` when the Service is missing), a
/// resource backend by its group, kind and name.
fn ingress_backend(backend: &Value, services: &[Value], slices: &[Value]) -> String {
    let svc = &backend["service"];
    if svc.is_object() {
        let name = s(&svc["name"]);
        let number = svc["port"]["number"].as_i64().unwrap_or(0);
        let port = if number != 0 { number.to_string() } else { s(&svc["port"]["name"]).to_string() };
        let Some(service) = services.iter().find(|x| x["metadata"]["name"] == name) else {
            return format!("{name}:{port} (<error: services \"{name}\" not found>)");
        };
        let mut sp_name = "";
        for sp in service["spec"]["ports"].as_array().into_iter().flatten() {
            if (number != 0 && sp["port"].as_i64() == Some(number)) || (!s(&svc["port"]["name"]).is_empty() && svc["port"]["name"] == sp["name"]) {
                sp_name = s(&sp["name"]);
            }
        }
        let own: Vec<Value> = slices.iter().filter(|x| x["metadata"]["labels"]["kubernetes.io/service-name"] == name).cloned().collect();
        return format!("{name}:{port} ({})", format_endpoint_slices(&own, Some(&[sp_name])));
    }
    let r = &backend["resource"];
    if r.is_object() {
        return format!("APIGroup: {}, Kind: {}, Name: {}", r["apiGroup"].as_str().unwrap_or("<none>"), s(&r["kind"]), s(&r["name"]));
    }
    String::new()
}

/// `describeIngressV1`; `services` and `slices` are the namespace's (the describer asks for
/// each backend's Service and its EndpointSlices).
pub fn ingress(ing: &Value, services: &[Value], slices: &[Value], object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&ing["metadata"], &ing["spec"]);
    let mut w = format!("Name:\t{}\n", s(&meta["name"]));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    w.push_str(&format!("Namespace:\t{}\n", s(&meta["namespace"])));
    let mut lb: Vec<&str> = ing["status"]["loadBalancer"]["ingress"].as_array().into_iter().flatten().map(|i| if !s(&i["ip"]).is_empty() { s(&i["ip"]) } else { s(&i["hostname"]) }).filter(|a| !a.is_empty()).collect();
    podlife_engine::sort::sort(&mut lb);
    lb.dedup();
    w.push_str(&format!("Address:\t{}\n", lb.join(",")));
    w.push_str(&format!("Ingress Class:\t{}\n", spec["ingressClassName"].as_str().unwrap_or("<none>")));
    let default = if spec["defaultBackend"].is_object() { ingress_backend(&spec["defaultBackend"], services, slices) } else { "<default>".to_string() };
    w.push_str(&format!("Default backend:\t{default}\n"));
    if let Some(tls) = spec["tls"].as_array().filter(|t| !t.is_empty()) {
        w.push_str("TLS:\n");
        for t in tls {
            let hosts: Vec<&str> = t["hosts"].as_array().into_iter().flatten().map(s).collect();
            match s(&t["secretName"]) {
                "" => w.push_str(&format!("  SNI routes {}\n", hosts.join(","))),
                secret => w.push_str(&format!("  {secret} terminates {}\n", hosts.join(","))),
            }
        }
    }
    w.push_str("Rules:\n  Host\tPath\tBackends\n  ----\t----\t--------\n");
    let mut count = 0;
    for rule in spec["rules"].as_array().into_iter().flatten() {
        if !rule["http"].is_object() {
            continue;
        }
        count += 1;
        let host = s(&rule["host"]);
        w.push_str(&format!("  {}\t\n", if host.is_empty() { "*" } else { host }));
        for path in rule["http"]["paths"].as_array().into_iter().flatten() {
            w.push_str(&format!("    \t{} \t{}\n", s(&path["path"]), ingress_backend(&path["backend"], services, slices)));
        }
    }
    if count == 0 {
        w.push_str(&format!("  *\t*\t{default}\n"));
    }
    annotations_multiline(&mut w, &meta["annotations"]);
    with_events(w, object_events, now)
}

/// `describeIngressClassV1`.
pub fn ingress_class(ic: &Value, object_events: Option<&[Value]>, now: Time) -> String {
    let (meta, spec) = (&ic["metadata"], &ic["spec"]);
    let mut w = format!("Name:\t{}\n", s(&meta["name"]));
    labels_multiline(&mut w, "Labels", &meta["labels"]);
    annotations_multiline(&mut w, &meta["annotations"]);
    w.push_str(&format!("Controller:\t{}\n", s(&spec["controller"])));
    let p = &spec["parameters"];
    if p.is_object() {
        w.push_str("Parameters:\n");
        if let Some(g) = p["apiGroup"].as_str() {
            w.push_str(&format!("  APIGroup:\t{g}\n"));
        }
        w.push_str(&format!("  Kind:\t{}\n  Name:\t{}\n", s(&p["kind"]), s(&p["name"])));
    }
    with_events(w, object_events, now)
}

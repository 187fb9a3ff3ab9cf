//! What `podlife node NAME -- CMD` shows of a node: `crictl ps [-a] [-q] [--name RE] [--pod ID]
//! [--state S] [--no-trunc]`, `crictl pods [-q] [--name RE]`, `crictl images`, `crictl inspect
//! ID…`, `crictl inspectp ID…` (`-o json|yaml`), `crictl logs ID` (crictl 1.3x's table layout:
//! `tabwriter.NewWriter(w, 20, 1, 3, ' ', 0)`, ids cut to 13 characters, times through
//! go-units' `HumanDuration` + " ago", sizes through `HumanSizeWithPrecision(size, 3)`) and
//! `journalctl -u containerd`.

use serde_json::Value;

use podlife_engine::clock::Time;
use podlife_engine::containerd::{ContainerState, Runtime};
use podlife_engine::json;

use crate::oci;

use crate::printers::tabwriter;

/// go-units `HumanDuration`.
pub fn human_duration(ms: u64) -> String {
    let seconds = ms / 1000;
    if seconds < 1 {
        return "Less than a second".into();
    }
    if seconds == 1 {
        return "1 second".into();
    }
    if seconds < 60 {
        return format!("{seconds} seconds");
    }
    let minutes = seconds / 60;
    if minutes == 1 {
        return "About a minute".into();
    }
    if minutes < 60 {
        return format!("{minutes} minutes");
    }
    let hours = (ms as f64 / 3_600_000.0 + 0.5) as u64;
    if hours == 1 {
        return "About an hour".into();
    }
    if hours < 48 {
        return format!("{hours} hours");
    }
    if hours < 24 * 7 * 2 {
        return format!("{} days", hours / 24);
    }
    if hours < 24 * 30 * 2 {
        return format!("{} weeks", hours / 24 / 7);
    }
    if hours < 24 * 365 * 2 {
        return format!("{} months", hours / 24 / 30);
    }
    format!("{} years", ms / 3_600_000 / 24 / 365)
}

/// go-units `HumanSizeWithPrecision(size, 3)`: decimal units, `%.3g`.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 9] = ["B", "kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"];
    let mut size = bytes as f64;
    let mut i = 0;
    while size >= 1000.0 && i + 1 < UNITS.len() {
        size /= 1000.0;
        i += 1;
    }
    format!("{}{}", go_g3(size), UNITS[i])
}

/// Go's `%.3g` for 0 ≤ v < 1000.
fn go_g3(v: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    let digits_before = if v >= 100.0 { 3 } else if v >= 10.0 { 2 } else { 1 };
    let decimals = 3usize.saturating_sub(digits_before);
    let text = podlife_ftl::num::Fixed(v, decimals).to_string();
    // Rounding may carry into a new digit (999.5 → "1000" has 4 significant digits; %g would
    // then switch to exponent form, which sizes never reach because of the loop above).
    if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_string() } else { text }
}

fn short(id: &str) -> &str {
    id.trim_start_matches("sha256:").get(..13).unwrap_or(id)
}

fn ago(now: Time, t: Time) -> String {
    format!("{} ago", human_duration(now.millis().saturating_sub(t.millis())))
}

fn table(rows: Vec<Vec<String>>) -> String {
    let text: String = rows.iter().map(|r| format!("{}\t\n", r.join("\t"))).collect();
    tabwriter::align(&text, 20, 3).lines().map(|l| format!("{}\n", l.trim_end())).collect()
}

/// A node as crictl and journalctl see it: containerd's state, and the pods bound to the node
/// and the Node itself as its kubelet knows them (for the CRI configs it sent).
pub struct NodeView<'a> {
    pub runtime: &'a Runtime,
    pub pods: &'a [Value],
    pub node: &'a Value,
}

impl NodeView<'_> {
    fn pod(&self, uid: &str) -> Value {
        self.pods.iter().find(|p| p["metadata"]["uid"] == uid).cloned().unwrap_or(Value::Null)
    }
}

/// What crictl says when containerd is stopped (`podlife stop containerd`) and its socket is
/// gone: cri-tools v1.36 `getRuntimeService` → k8s.io/cri-client `NewRemoteRuntimeService`,
/// whose `validateServiceConnection` wraps the Version call's error (`remote_runtime.go`);
/// `main` prints it with `logrus.Fatal`.
fn containerd_down() -> String {
    format!("validate service connection: validate CRI v1 runtime API for endpoint \"unix:///run/containerd/containerd.sock\": {}", podlife_engine::containerd::cri::CONTAINERD_DOWN)
}

/// logrus's fatal line as crictl prints it: `time="…" level=fatal msg="…"` (the message
/// quoted as Go's `%q` does).
fn fatal(now: Time, msg: &str) -> String {
    format!("time=\"{}\" level=fatal msg={}\n", now.rfc3339(), podlife_model::json::quote(msg))
}

/// The crictl commands that change a node (`stop`, `stopp`): None for any other command
/// (the read-only ones go to `run`).
pub fn run_operator(engine: &mut podlife_engine::Engine, node: &str, argv: &[String]) -> Option<Result<String, String>> {
    let words: Vec<&str> = argv.iter().map(String::as_str).collect();
    let now = engine.now();
    let (sub, rest) = match words.as_slice() {
        ["crictl", sub @ ("stop" | "stopp"), rest @ ..] => (*sub, rest),
        _ => return None,
    };
    let up = engine.node_runtime(node).is_some_and(|rt| rt.up);
    Some((|| {
        let f = if sub == "stop" { Flags::parse(rest, &[], &["-t", "--timeout"]) } else { Flags::parse(rest, &[], &[]) }.map_err(|e| fatal(now, &e))?;
        if f.args.is_empty() {
            return Err(fatal(now, "ID cannot be empty"));
        }
        if !up {
            return Err(fatal(now, &containerd_down()));
        }
        if sub == "stop" {
            let timeout = match f.value(&["-t", "--timeout"]) {
                Some(t) => t.parse::<i64>().map_err(|_| fatal(now, &format!("invalid value {t:?} for flag -timeout: parse error")))?,
                None => 0,
            };
            engine.crictl_stop_containers(node, &f.args, timeout).map_err(|e| fatal(now, &e))
        } else {
            engine.crictl_stop_sandboxes(node, &f.args).map_err(|e| fatal(now, &e))
        }
    })())
}

/// crictl's flags for one subcommand: (bool flags, value flags) → (flags set, values, args).
struct Flags {
    set: Vec<String>,
    values: Vec<(String, String)>,
    args: Vec<String>,
}

impl Flags {
    fn parse(words: &[&str], bools: &[&str], valued: &[&str]) -> Result<Flags, String> {
        let mut f = Flags { set: vec![], values: vec![], args: vec![] };
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            let (name, inline) = match w.split_once('=') {
                Some((n, v)) if n.starts_with('-') => (n, Some(v.to_string())),
                _ => (w, None),
            };
            if bools.contains(&name) {
                f.set.push(name.to_string());
            } else if valued.contains(&name) {
                let value = match inline {
                    Some(v) => v,
                    None => {
                        i += 1;
                        words.get(i).map(|v| v.to_string()).ok_or_else(|| format!("flag needs an argument: {name}"))?
                    }
                };
                f.values.push((name.to_string(), value));
            } else if name.starts_with('-') && name.len() > 1 {
                // Go's flag package names it with one dash.
                return Err(format!("flag provided but not defined: -{}", name.trim_start_matches('-')));
            } else {
                f.args.push(w.to_string());
            }
            i += 1;
        }
        Ok(f)
    }

    fn has(&self, names: &[&str]) -> bool {
        self.set.iter().any(|s| names.contains(&s.as_str()))
    }

    fn values<'a>(&'a self, names: &'a [&str]) -> impl Iterator<Item = &'a str> {
        self.values.iter().filter(|(n, _)| names.contains(&n.as_str())).map(|(_, v)| v.as_str())
    }

    fn value(&self, names: &[&str]) -> Option<&str> {
        self.values.iter().rev().find(|(n, _)| names.contains(&n.as_str())).map(|(_, v)| v.as_str())
    }
}

/// crictl's `--name` filter: a regular expression matched anywhere in the name (podlife
/// matches it as plain text, with `^`/`$` anchors honoured).
fn name_matches(pattern: Option<&str>, name: &str) -> bool {
    let Some(p) = pattern.filter(|p| !p.is_empty()) else { return true };
    match (p.strip_prefix('^'), p.strip_suffix('$')) {
        _ if p.starts_with('^') && p.ends_with('$') && p.len() > 1 => name == &p[1..p.len() - 1],
        (Some(rest), _) => name.starts_with(rest),
        (_, Some(rest)) => name.ends_with(rest),
        _ => name.contains(p),
    }
}

/// Runs one node-local command; Err is what the tool prints on stderr.
pub fn run(view: &NodeView<'_>, now: Time, argv: &[String]) -> Result<String, String> {
    let rt = view.runtime;
    let words: Vec<&str> = argv.iter().map(String::as_str).collect();
    let check = || {
        if rt.up {
            Ok(())
        } else {
            Err(fatal(now, &containerd_down()))
        }
    };
    let flag_error = |e: String| fatal(now, &e);
    match words.as_slice() {
        ["crictl", "ps", rest @ ..] => {
            let f = Flags::parse(rest, &["-a", "--all", "-q", "--quiet", "--no-trunc", "-l", "--latest", "-v", "--verbose"], &["--name", "--pod", "-p", "--state", "-s", "--label", "--image", "-o", "--output", "--namespace"]).map_err(flag_error)?;
            let wanted = label_filter(&f, now)?;
            check()?;
            let all = f.has(&["-a", "--all", "-l", "--latest"]) || f.value(&["--state", "-s"]).is_some();
            let state = f.value(&["--state", "-s"]).map(str::to_ascii_lowercase);
            let mut list: Vec<_> = rt
                .containers
                .values()
                .filter(|c| all || c.state == ContainerState::Running)
                .filter(|c| state.as_deref().is_none_or(|s| c.state.crictl().to_ascii_lowercase() == s || format!("container_{}", c.state.crictl().to_ascii_lowercase()) == s))
                .filter(|c| name_matches(f.value(&["--name"]), &c.name))
                .filter(|c| f.value(&["--pod", "-p"]).is_none_or(|p| c.sandbox_id.starts_with(p)))
                .filter(|c| wanted.is_empty() || labels_match(&wanted, &oci::container_labels(&view.pod(&c.pod_uid), &c.name)))
                .collect();
            podlife_engine::sort::sort_by_key(&mut list, |c| std::cmp::Reverse((c.created_at, c.id.clone())));
            if f.has(&["-l", "--latest"]) {
                list.truncate(1);
            }
            if f.has(&["-q", "--quiet"]) {
                return Ok(list.iter().map(|c| format!("{}\n", c.id)).collect());
            }
            let trunc = |id: &str| if f.has(&["--no-trunc"]) { id.to_string() } else { short(id).to_string() };
            let mut rows = vec![vec!["CONTAINER", "IMAGE", "CREATED", "STATE", "NAME", "ATTEMPT", "POD ID", "POD", "NAMESPACE"].into_iter().map(String::from).collect::<Vec<_>>()];
            for c in list {
                let sandbox = rt.sandboxes.get(&c.sandbox_id);
                let image_id = rt.images.values().find(|i| i.repo_digests.contains(&c.image_id) || i.id == c.image_id).map(|i| i.id.clone()).unwrap_or_else(|| c.image_id.clone());
                rows.push(vec![
                    trunc(&c.id),
                    trunc(&image_id),
                    ago(now, c.created_at),
                    c.state.crictl().to_string(),
                    c.name.clone(),
                    c.attempt.to_string(),
                    sandbox.map(|s| trunc(&s.id)).unwrap_or_default(),
                    sandbox.map(|s| s.pod_name.clone()).unwrap_or_default(),
                    sandbox.map(|s| s.namespace.clone()).unwrap_or_default(),
                ]);
            }
            Ok(table(rows))
        }
        ["crictl", "pods", rest @ ..] => {
            let f = Flags::parse(rest, &["-q", "--quiet", "--no-trunc", "-l", "--latest", "-v", "--verbose"], &["--name", "--namespace", "--state", "-s", "--label", "--id", "-o", "--output"]).map_err(flag_error)?;
            let wanted = label_filter(&f, now)?;
            check()?;
            // cri-tools' `ListPodSandboxes`: the state filter is ready or notready, else Go's
            // standard `log.Fatalf` (not logrus) stops it.
            let ready = match f.value(&["--state", "-s"]).map(str::to_ascii_lowercase).as_deref() {
                None => None,
                Some("ready") => Some(true),
                Some("notready") => Some(false),
                Some(_) => return Err(format!("{} --state should be ready or notready\n", go_log_time(now))),
            };
            let mut list: Vec<_> = rt
                .sandboxes
                .values()
                .filter(|s| name_matches(f.value(&["--name"]), &s.pod_name))
                .filter(|s| name_matches(f.value(&["--namespace"]), &s.namespace))
                .filter(|s| f.value(&["--id"]).is_none_or(|id| s.id.starts_with(id)))
                .filter(|s| ready.is_none_or(|r| s.ready == r))
                .filter(|s| wanted.is_empty() || labels_match(&wanted, &Value::Object(sandbox_labels(&view.pod(&s.pod_uid), s))))
                .collect();
            podlife_engine::sort::sort_by_key(&mut list, |s| std::cmp::Reverse((s.created_at, s.id.clone())));
            if f.has(&["-l", "--latest"]) {
                list.truncate(1);
            }
            if f.has(&["-q", "--quiet"]) {
                return Ok(list.iter().map(|s| format!("{}\n", s.id)).collect());
            }
            let trunc = |id: &str| if f.has(&["--no-trunc"]) { id.to_string() } else { short(id).to_string() };
            let mut rows = vec![vec!["POD ID", "CREATED", "STATE", "NAME", "NAMESPACE", "ATTEMPT", "RUNTIME"].into_iter().map(String::from).collect::<Vec<_>>()];
            for s in list {
                rows.push(vec![trunc(&s.id), ago(now, s.created_at), if s.ready { "Ready" } else { "NotReady" }.to_string(), s.pod_name.clone(), s.namespace.clone(), s.attempt.to_string(), "(default)".to_string()]);
            }
            Ok(table(rows))
        }
        ["crictl", "images", ..] => {
            check()?;
            let mut rows = vec![vec!["IMAGE", "TAG", "IMAGE ID", "SIZE"].into_iter().map(String::from).collect::<Vec<_>>()];
            let mut entries: Vec<(String, String, String, u64)> = vec![];
            for img in rt.images.values() {
                for tag in &img.repo_tags {
                    let (repo, t) = tag.rsplit_once(':').map(|(r, t)| (r.to_string(), t.to_string())).unwrap_or((tag.clone(), "<none>".into()));
                    entries.push((repo, t, short(&img.id).to_string(), img.size_bytes));
                }
            }
            podlife_engine::sort::sort(&mut entries);
            for (repo, tag, id, size) in entries {
                rows.push(vec![repo, tag, id, human_size(size)]);
            }
            Ok(table(rows))
        }
        ["crictl", "logs", id] => {
            check()?;
            let matches: Vec<_> = rt.containers.values().filter(|c| c.id.starts_with(id)).collect();
            let [c] = matches.as_slice() else {
                return Err(fatal(now, &format!("rpc error: code = NotFound desc = an error occurred when try to find container {id:?}: not found")));
            };
            Ok(c.log.current(c.finished_at.unwrap_or(now)).iter().map(|(_, _, l)| format!("{l}\n")).collect())
        }
        ["crictl", sub @ ("inspect" | "inspectp"), rest @ ..] => {
            let f = Flags::parse(rest, &["-q", "--quiet"], &["-o", "--output", "--template"]).map_err(flag_error)?;
            check()?;
            let format = f.value(&["-o", "--output"]).unwrap_or("json");
            let quiet = f.has(&["-q", "--quiet"]);
            let pod = *sub == "inspectp";
            // No ids: what `crictl ps` / `crictl pods` would list (running containers; every
            // sandbox), as the commands' own actions do.
            let ids: Vec<String> = if !f.args.is_empty() {
                f.args.clone()
            } else if pod {
                let mut list: Vec<_> = rt.sandboxes.values().collect();
                podlife_engine::sort::sort_by_key(&mut list, |s| std::cmp::Reverse((s.created_at, s.id.clone())));
                list.iter().map(|s| s.id.clone()).collect()
            } else {
                let mut list: Vec<_> = rt.containers.values().filter(|c| c.state == ContainerState::Running).collect();
                podlife_engine::sort::sort_by_key(&mut list, |c| std::cmp::Reverse((c.created_at, c.id.clone())));
                list.iter().map(|c| c.id.clone()).collect()
            };
            if ids.is_empty() {
                return Err(format!("time=\"{}\" level=error msg=\"No IDs provided or nothing found per filter\"\n", now.rfc3339()));
            }
            let mut results = Vec::new();
            for id in &ids {
                let found = if pod { inspect_sandbox(view, id, quiet) } else { inspect_container(view, id, quiet) };
                match found {
                    Some(v) => results.push(v),
                    None if pod => return Err(fatal(now, "get the status of pod sandboxes: get pod sandbox status: rpc error: code = NotFound desc = an error occurred when try to find sandbox: not found")),
                    None => return Err(fatal(now, &format!("get the status of containers: get container status: rpc error: code = NotFound desc = an error occurred when try to find container {id:?}: not found"))),
                }
            }
            // outputStatusData: one object alone, several in an array.
            let value = if results.len() == 1 { results.remove(0) } else { Value::Array(results) };
            let what = if pod { "get the status of pod sandboxes" } else { "get the status of containers" };
            match format {
                "json" => Ok(format!("{}\n", podlife_model::json::encode(&value, Some("  "), true))),
                "yaml" => Ok(format!("{}\n", crate::printers::yaml::to_yaml(&value))),
                "go-template" | "table" => Err(format!("podlife: crictl {sub} -o {format} is not modelled; use -o json or -o yaml\n")),
                other => Err(fatal(now, &format!("{what}: unsupported format: {other:?}"))),
            }
        }
        ["journalctl", rest @ ..] if rest.windows(2).any(|w| w[0] == "-u" && matches!(w[1], "containerd" | "containerd.service")) || rest.iter().any(|a| matches!(*a, "--unit=containerd" | "--unit=containerd.service" | "-ucontainerd")) => {
            let f = Flags::parse(rest, &["--no-pager", "-e", "--pager-end", "-f", "--follow", "-q", "--quiet"], &["-u", "--unit", "-n", "--lines", "-o", "--output"]).map_err(|e| format!("journalctl: {e}\n"))?;
            // journald keeps lines in the order they arrived, which is the order of their times.
            let mut entries: Vec<&podlife_engine::containerd::JournalEntry> = rt.journal.iter().collect();
            podlife_engine::sort::sort_by_key(&mut entries, |e| e.time);
            if let Some(n) = f.value(&["-n", "--lines"]) {
                let n: usize = n.parse().map_err(|_| format!("Failed to parse lines '{n}'\n"))?;
                let skip = entries.len().saturating_sub(n);
                entries.drain(..skip);
            }
            let mut text = String::new();
            for e in entries {
                let line = match e.writer {
                    podlife_engine::containerd::Writer::Containerd(pid) => format!("containerd[{pid}]: {}", logrus_line(e)),
                    podlife_engine::containerd::Writer::Systemd => format!("systemd[1]: {}", e.msg),
                };
                text.push_str(&format!("{} {} {line}\n", journal_time(e.time), rt.node));
            }
            if text.is_empty() {
                text.push_str("-- No entries --\n");
            }
            Ok(text)
        }
        [tool, ..] if matches!(*tool, "crictl" | "journalctl") => Err(format!("podlife: `{}` is not modelled; try crictl ps -a | crictl pods | crictl images | crictl inspect ID | crictl inspectp ID | crictl logs ID | journalctl -u containerd\n", words.join(" "))),
        [tool, ..] => Err(format!("bash: {tool}: command not found\n")),
        [] => Err("podlife: usage: podlife node NAME -- COMMAND…\n".into()),
    }
}

/// Go's `time.Format(time.RFC3339Nano)` (trailing zeros of the fraction dropped).
fn rfc3339_nano(t: Time) -> String {
    let text = t.rfc3339_nanos();
    let (base, frac) = text.trim_end_matches('Z').split_once('.').unwrap_or((&text, ""));
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() { format!("{}Z", base.trim_end_matches('Z')) } else { format!("{base}.{frac}Z") }
}

/// The one container or sandbox a (prefix of an) id names.
fn find<'a, T>(items: impl Iterator<Item = (&'a String, &'a T)>, id: &str) -> Option<&'a T> {
    let matches: Vec<&T> = items.filter(|(k, _)| !id.is_empty() && k.starts_with(id)).map(|(_, v)| v).collect();
    match matches.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// An int64 as protojson writes it (a string).
fn int64(n: i64) -> Value {
    Value::String(n.to_string())
}

/// `crictl inspect ID`: containerd's `ContainerStatus` (protojson with default values) and,
/// unless `-q`, its verbose `info` (sandbox, pid, runtime, the CRI config, the OCI spec).
fn inspect_container(view: &NodeView<'_>, id: &str, quiet: bool) -> Option<Value> {
    let rt = view.runtime;
    let c = find(rt.containers.iter(), id)?;
    let sandbox = rt.sandboxes.get(&c.sandbox_id)?;
    let pod = view.pod(&c.pod_uid);
    let spec = oci::spec_container(&pod, &c.name).cloned().unwrap_or(Value::Null);
    let image = oci::node_image(rt, c);
    let r = oci::resources(&pod, &spec, view.node);
    let state = match c.state {
        ContainerState::Created => "CONTAINER_CREATED",
        ContainerState::Running => "CONTAINER_RUNNING",
        ContainerState::Exited => "CONTAINER_EXITED",
        ContainerState::Unknown => "CONTAINER_UNKNOWN",
    };
    let zero = "0001-01-01T00:00:00Z".to_string();
    let started = if c.state == ContainerState::Created { zero.clone() } else { c.started_at.map(rfc3339_nano).unwrap_or_else(|| zero.clone()) };
    let finished = if c.state == ContainerState::Exited { c.finished_at.map(rfc3339_nano).unwrap_or_else(|| zero.clone()) } else { zero.clone() };
    let reason = match (c.state, c.reason.as_str()) {
        (ContainerState::Exited, "") if c.exit_code == 0 => "Completed".to_string(),
        (ContainerState::Exited, "") => "Error".to_string(),
        (_, r) => r.to_string(),
    };
    let mounts: Vec<Value> = oci::kubelet_mounts(&pod, c, &spec)
        .iter()
        .map(|m| {
            json!({"containerPath": m.container_path, "gidMappings": [], "hostPath": m.host_path, "imageSubPath": "", "propagation": "PROPAGATION_PRIVATE", "readonly": m.readonly, "recursiveReadOnly": false, "selinuxRelabel": false, "uidMappings": []})
        })
        .collect();
    let resources = json!({"linux": {
        "cpuPeriod": int64(r.cpu_period), "cpuQuota": int64(r.cpu_quota), "cpuShares": int64(r.cpu_shares), "cpusetCpus": "", "cpusetMems": "", "hugepageLimits": [],
        "memoryLimitInBytes": int64(r.memory_limit), "memorySwapLimitInBytes": "0", "oomScoreAdj": int64(r.oom_score_adj), "unified": {"memory.oom.group": "1"},
    }});
    let repo_tag = image.and_then(|i| i.repo_tags.first().cloned()).unwrap_or_else(|| c.image.clone());
    let repo_digest = image.and_then(|i| i.repo_digests.first().cloned()).unwrap_or_else(|| c.image_ref.clone());
    let status = json!({
        "annotations": oci::container_annotations(&pod, &spec, c.restart_count),
        "createdAt": rfc3339_nano(c.created_at),
        "exitCode": c.exit_code,
        "finishedAt": finished,
        "id": c.id,
        "image": {"annotations": {}, "image": repo_tag, "imageRef": "", "runtimeHandler": "", "userSpecifiedImage": ""},
        "imageId": "",
        "imageRef": repo_digest,
        "labels": oci::container_labels(&pod, &c.name),
        "logPath": format!("{}/{}/{}.log", oci::pod_log_dir(&pod), c.name, c.attempt),
        "message": c.message,
        "metadata": {"attempt": c.attempt, "name": c.name},
        "mounts": mounts,
        "reason": reason,
        "resources": resources,
        "startedAt": started,
        "state": state,
        "stopSignal": "RUNTIME_DEFAULT",
        "user": {"linux": {"gid": "0", "supplementalGroups": ["0"], "uid": "0"}},
    });
    let mut out = json!({"status": status});
    if !quiet {
        let envs: Vec<Value> = c.env.iter().map(|(k, v)| json!({"key": k, "value": v})).collect();
        let strings = |v: &Value| v.as_array().cloned().unwrap_or_default();
        let mut config = json!({
            "metadata": {"name": c.name},
            "image": {"image": image.map(|i| i.id.clone()).unwrap_or_default(), "user_specified_image": spec["image"]},
            "envs": envs,
            "mounts": oci::kubelet_mounts(&pod, c, &spec).iter().map(|m| {
                let mut v = json!({"container_path": m.container_path, "host_path": m.host_path});
                if m.readonly {
                    v["readonly"] = json!(true);
                }
                v
            }).collect::<Vec<_>>(),
            "labels": oci::container_labels(&pod, &c.name),
            "annotations": oci::container_annotations(&pod, &spec, c.restart_count),
            "log_path": format!("{}/{}.log", c.name, c.attempt),
        });
        if c.attempt > 0 {
            config["metadata"]["attempt"] = json!(c.attempt);
        }
        if spec["command"].is_array() {
            config["command"] = Value::Array(strings(&spec["command"]));
        }
        if spec["args"].is_array() {
            config["args"] = Value::Array(strings(&spec["args"]));
        }
        out["info"] = json!({
            "config": config,
            "pid": c.pid,
            "removing": false,
            "runtimeOptions": {"systemd_cgroup": true},
            "runtimeSpec": oci::container_spec(rt, sandbox, c, &pod, view.node),
            "runtimeType": "io.containerd.runc.v2",
            "sandboxID": c.sandbox_id,
            "snapshotKey": c.id,
            "snapshotter": "overlayfs",
        });
    }
    Some(out)
}

/// The moment as Go's standard logger prints it (`log.LstdFlags`): `2026/03/02 09:00:08`.
fn go_log_time(now: Time) -> String {
    let text = now.rfc3339();
    format!("{} {}", text.get(..10).unwrap_or_default().replace('-', "/"), text.get(11..19).unwrap_or_default())
}

/// A sandbox's labels as the kubelet sets them (`newPodLabels`): the pod's own, then its
/// name, namespace and UID.
fn sandbox_labels(pod: &Value, s: &podlife_engine::containerd::Sandbox) -> serde_json::Map<String, Value> {
    let mut labels = serde_json::Map::new();
    for (k, v) in pod["metadata"]["labels"].as_object().into_iter().flatten() {
        labels.insert(k.clone(), v.clone());
    }
    labels.insert("io.kubernetes.pod.name".into(), json!(s.pod_name));
    labels.insert("io.kubernetes.pod.namespace".into(), json!(s.namespace));
    labels.insert("io.kubernetes.pod.uid".into(), json!(s.pod_uid));
    labels
}

/// The `--label key=value` pairs (repeatable, all of them must match); one without exactly
/// one `=` is cri-tools' `parseLabelStringSlice` error.
fn label_filter(f: &Flags, now: Time) -> Result<Vec<(String, String)>, String> {
    f.values(&["--label"])
        .map(|l| match l.split('=').collect::<Vec<_>>().as_slice() {
            [k, v] => Ok((k.to_string(), v.to_string())),
            _ => Err(fatal(now, &format!("incorrectly specified label: {l}"))),
        })
        .collect()
}

fn labels_match(wanted: &[(String, String)], labels: &Value) -> bool {
    wanted.iter().all(|(k, v)| labels[k.as_str()].as_str() == Some(v.as_str()))
}

/// `crictl inspectp ID`: containerd's `PodSandboxStatus` (its IP and namespace modes) and,
/// unless `-q`, its `info` (the pause process, the runtime, the sandbox's OCI spec).
fn inspect_sandbox(view: &NodeView<'_>, id: &str, quiet: bool) -> Option<Value> {
    let s = find(view.runtime.sandboxes.iter(), id)?;
    let pod = view.pod(&s.pod_uid);
    let meta = &pod["metadata"];
    let labels = sandbox_labels(&pod, s);
    let mut annotations = serde_json::Map::new();
    for (k, v) in meta["annotations"].as_object().into_iter().flatten() {
        annotations.insert(k.clone(), v.clone());
    }
    annotations.insert("kubernetes.io/config.seen".into(), json!(rfc3339_nano(s.created_at)));
    annotations.insert("kubernetes.io/config.source".into(), json!("api"));
    let host_network = pod["spec"]["hostNetwork"] == true;
    let mode = |node: bool, pod_level: bool| if node { "NODE" } else if pod_level { "POD" } else { "CONTAINER" };
    let status = json!({
        "annotations": annotations,
        "createdAt": rfc3339_nano(s.created_at),
        "id": s.id,
        "labels": labels,
        "linux": {"namespaces": {"options": {
            "ipc": mode(pod["spec"]["hostIPC"] == true, true),
            "network": mode(host_network, true),
            "pid": mode(pod["spec"]["hostPID"] == true, s.shared_pid_namespace),
            "targetId": "",
        }}},
        "metadata": {"attempt": s.attempt, "name": s.pod_name, "namespace": s.namespace, "uid": s.pod_uid},
        "network": {"additionalIps": [], "ip": if s.ready { s.ip.clone().unwrap_or_default() } else { String::new() }},
        // The kubelet names a handler only for a RuntimeClass; the default runtime is "".
        "runtimeHandler": pod["spec"]["runtimeClassName"].as_str().map(|_| s.runtime_handler.clone()).unwrap_or_default(),
        "state": if s.ready { "SANDBOX_READY" } else { "SANDBOX_NOTREADY" },
    });
    let mut out = json!({"status": status});
    if !quiet {
        out["info"] = json!({
            "config": {
                "metadata": {"name": s.pod_name, "uid": s.pod_uid, "namespace": s.namespace},
                "hostname": pod["spec"]["hostname"].as_str().or(meta["name"].as_str()).unwrap_or_default(),
                "log_directory": oci::pod_log_dir(&pod),
                "labels": status_labels(&out),
                "annotations": out["status"]["annotations"].clone(),
                "linux": {"cgroup_parent": oci::cgroup_parent(&pod)},
            },
            "image": podlife_engine::containerd::PAUSE_IMAGE,
            "netNamespaceClosed": !s.ready,
            "pid": if s.ready { s.pause_pid } else { 0 },
            "processStatus": if s.ready { "running" } else { "stopped" },
            "runtimeOptions": {"systemd_cgroup": true},
            "runtimeSpec": oci::sandbox_spec(s, &pod),
            "runtimeType": "io.containerd.runc.v2",
            "snapshotKey": s.id,
            "snapshotter": "overlayfs",
        });
    }
    Some(out)
}

fn status_labels(out: &Value) -> Value {
    out["status"]["labels"].clone()
}

/// logrus's text format as containerd configures it: `time` with nanoseconds (RFC3339NanoFixed),
/// `level`, `msg`, then the fields (`error`), each value quoted when it needs to be.
fn logrus_line(e: &podlife_engine::containerd::JournalEntry) -> String {
    let quote = |s: &str| if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '/' | '@' | '^' | '+')) { s.to_string() } else { podlife_model::json::quote(s) };
    let mut line = format!("time=\"{}\" level={} msg={}", e.time.rfc3339_nanos(), e.level, quote(&e.msg));
    // logrus's TextFormatter sorts the fields by key.
    let mut fields: Vec<(&str, &str)> = e.fields.iter().map(|(k, v)| (*k, v.as_str())).chain(e.error.as_deref().map(|err| ("error", err))).collect();
    podlife_engine::sort::sort_by_key(&mut fields, |(k, _)| *k);
    for (k, v) in fields {
        line.push_str(&format!(" {k}={}", quote(v)));
    }
    line
}

/// journalctl's short format: `Mar 02 09:00:05`.
fn journal_time(t: Time) -> String {
    let text = t.rfc3339();
    let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let m: usize = text.get(5..7).and_then(|m| m.parse().ok()).unwrap_or(1);
    format!("{} {} {}", month[m.clamp(1, 12) - 1], text.get(8..10).unwrap_or("01"), text.get(11..19).unwrap_or("00:00:00"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_units() {
        assert_eq!(human_duration(500), "Less than a second");
        assert_eq!(human_duration(45_000), "45 seconds");
        assert_eq!(human_duration(90_000), "About a minute");
        assert_eq!(human_duration(7_200_000), "2 hours");
        assert_eq!(human_size(72_200_000), "72.2MB");
        assert_eq!(human_size(320_368), "320kB");
        assert_eq!(human_size(62_923_184), "62.9MB");
        assert_eq!(human_size(1_612_904_377), "1.61GB");
        assert_eq!(human_size(999), "999B");
    }
}

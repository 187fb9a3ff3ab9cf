//! What `podlife node NAME -- CMD` shows of a node: `crictl ps [-a]`, `crictl pods`,
//! `crictl images`, `crictl inspect ID`, `crictl logs ID` (crictl 1.3x's table layout:
//! `tabwriter.NewWriter(w, 20, 1, 3, ' ', 0)`, ids cut to 13 characters, times through
//! go-units' `HumanDuration` + " ago", sizes through `HumanSizeWithPrecision(size, 3)`) and
//! `journalctl -u containerd`.

use podlife_engine::clock::Time;
use podlife_engine::containerd::{ContainerState, Runtime};
use podlife_engine::json;

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
    let text = format!("{v:.decimals$}");
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

/// Runs one node-local command; Err is what the tool prints on stderr.
pub fn run(rt: &Runtime, now: Time, argv: &[String]) -> Result<String, String> {
    let words: Vec<&str> = argv.iter().map(String::as_str).collect();
    let down = "time=\"{}\" level=fatal msg=\"validate service connection: validate CRI v1 runtime API for endpoint \\\"unix:///run/containerd/containerd.sock\\\": rpc error: code = Unavailable desc = connection error: desc = \\\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused\\\"\"\n";
    let check = || if rt.up { Ok(()) } else { Err(down.replace("{}", &now.rfc3339())) };
    match words.as_slice() {
        ["crictl", "ps", rest @ ..] => {
            check()?;
            let all = rest.iter().any(|f| *f == "-a" || *f == "--all");
            let mut rows = vec![vec!["CONTAINER", "IMAGE", "CREATED", "STATE", "NAME", "ATTEMPT", "POD ID", "POD", "NAMESPACE"].into_iter().map(String::from).collect::<Vec<_>>()];
            let mut list: Vec<_> = rt.containers.values().filter(|c| all || c.state == ContainerState::Running).collect();
            podlife_engine::sort::sort_by_key(&mut list, |c| std::cmp::Reverse((c.created_at, c.id.clone())));
            for c in list {
                let sandbox = rt.sandboxes.get(&c.sandbox_id);
                let image_id = rt.images.values().find(|i| i.repo_digests.contains(&c.image_id) || i.id == c.image_id).map(|i| i.id.clone()).unwrap_or_else(|| c.image_id.clone());
                rows.push(vec![
                    short(&c.id).to_string(),
                    short(&image_id).to_string(),
                    ago(now, c.created_at),
                    c.state.crictl().to_string(),
                    c.name.clone(),
                    c.attempt.to_string(),
                    sandbox.map(|s| short(&s.id).to_string()).unwrap_or_default(),
                    sandbox.map(|s| s.pod_name.clone()).unwrap_or_default(),
                    sandbox.map(|s| s.namespace.clone()).unwrap_or_default(),
                ]);
            }
            Ok(table(rows))
        }
        ["crictl", "pods", ..] => {
            check()?;
            let mut rows = vec![vec!["POD ID", "CREATED", "STATE", "NAME", "NAMESPACE", "ATTEMPT", "RUNTIME"].into_iter().map(String::from).collect::<Vec<_>>()];
            let mut list: Vec<_> = rt.sandboxes.values().collect();
            podlife_engine::sort::sort_by_key(&mut list, |s| std::cmp::Reverse((s.created_at, s.id.clone())));
            for s in list {
                rows.push(vec![short(&s.id).to_string(), ago(now, s.created_at), if s.ready { "Ready" } else { "NotReady" }.to_string(), s.pod_name.clone(), s.namespace.clone(), s.attempt.to_string(), "(default)".to_string()]);
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
        ["crictl", "inspect", id] | ["crictl", "logs", id] => {
            check()?;
            let matches: Vec<_> = rt.containers.values().filter(|c| c.id.starts_with(id)).collect();
            let [c] = matches.as_slice() else {
                return Err(format!("time=\"{}\" level=fatal msg=\"getting the status of the container {id:?}: rpc error: code = NotFound desc = an error occurred when try to find container {id:?}: not found\"\n", now.rfc3339()));
            };
            if words[1] == "logs" {
                return Ok(c.log.iter().map(|(_, _, l)| format!("{l}\n")).collect());
            }
            let state = match c.state {
                ContainerState::Created => "CONTAINER_CREATED",
                ContainerState::Running => "CONTAINER_RUNNING",
                ContainerState::Exited => "CONTAINER_EXITED",
                ContainerState::Unknown => "CONTAINER_UNKNOWN",
            };
            let v = json!({
                "status": {
                    "id": c.id, "metadata": {"attempt": c.attempt, "name": c.name}, "state": state,
                    "createdAt": c.created_at.rfc3339_nanos(),
                    "startedAt": c.started_at.map(Time::rfc3339_nanos).unwrap_or_else(|| "1970-01-01T00:00:00Z".into()),
                    "finishedAt": c.finished_at.map(Time::rfc3339_nanos).unwrap_or_else(|| "1970-01-01T00:00:00Z".into()),
                    "exitCode": c.exit_code, "image": {"image": c.image_ref}, "imageRef": c.image_id,
                    "reason": c.reason, "message": c.message,
                },
                "info": {"sandboxID": c.sandbox_id, "pid": c.pid, "runtimeType": "io.containerd.runc.v2",
                    "config": {"args": c.process.as_ref().map(|p| p.argv.clone()).unwrap_or_default()}},
            });
            Ok(format!("{}\n", podlife_model::json::encode(&v, Some("  "), false)))
        }
        ["journalctl", "-u", "containerd", ..] | ["journalctl", "-u", "containerd.service", ..] => {
            let mut text = String::new();
            for (t, line) in &rt.journal {
                text.push_str(&format!("{} {} containerd[612]: {line}\n", journal_time(*t), rt.node));
            }
            if text.is_empty() {
                text.push_str("-- No entries --\n");
            }
            Ok(text)
        }
        [tool, ..] if matches!(*tool, "crictl" | "journalctl") => Err(format!("podlife: `{}` is not modelled; try crictl ps -a | crictl pods | crictl images | crictl inspect ID | crictl logs ID | journalctl -u containerd\n", words.join(" "))),
        [tool, ..] => Err(format!("bash: {tool}: command not found\n")),
        [] => Err("podlife: usage: podlife node NAME -- COMMAND…\n".into()),
    }
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

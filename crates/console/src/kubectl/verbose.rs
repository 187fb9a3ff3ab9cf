//! `kubectl -v=N`: klog's verbosity. From 6 on, kubectl logs the kubeconfig it loaded
//! (client-go `tools/clientcmd/loader.go`) and every API request with its URL, status and
//! duration (`transport/round_trippers.go`, `debuggingRoundTripper` with `levelsV6`), in
//! klog's text format on stderr:
//!
//! ```text
//! I0302 09:00:05.003000   41230 round_trippers.go:632] "Response" verb="GET" url="https://127.0.0.1:41337/api/v1/namespaces/default/pods?limit=500" status="200 OK" milliseconds=3
//! ```
//!
//! The URL is kubectl's, query parameters in `url.Values.Encode` order (sorted by key); the
//! duration is podlife's modelled request latency. Not modelled: the discovery and OpenAPI
//! requests a cold cache or client-side validation add, and levels 7–9 (request and response
//! headers, `curl` commands, bodies), which print what level 6 prints and say so.

use podlife_engine::clock::Time;
use podlife_engine::{Request, Verb};

/// One kubectl process's logging: its `-v` level, the server it talks to, its PID, and
/// whether the kubeconfig line was written.
#[derive(Debug, Clone, Default)]
pub struct Log {
    pub level: u8,
    pub server: String,
    pub pid: u32,
    pub config_logged: bool,
}

/// kind publishes kube-apiserver on a random host port of 127.0.0.1; podlife picks one per
/// seed.
pub fn api_server(seed: u64) -> String {
    format!("https://127.0.0.1:{}", 32768 + seed.wrapping_mul(2_654_435_761) % 28_000)
}

/// The `-v` level among the arguments (`-v=6`, `-v 6`, `-v6`, `--v=6`, `--v 6`), or pflag's
/// error for a value that is not a number.
pub fn level(args: &[String]) -> Result<u8, String> {
    let mut level = 0u8;
    let mut i = 0;
    while i < args.len() && args[i] != "--" {
        let a = args[i].as_str();
        let value = match a {
            "-v" | "--v" => {
                i += 1;
                args.get(i).map(String::as_str)
            }
            _ => a.strip_prefix("--v=").or_else(|| a.strip_prefix("-v=")).or_else(|| a.strip_prefix("-v").filter(|v| !v.is_empty() && !v.starts_with('-'))),
        };
        if let Some(v) = value {
            // klog's Level is an int32; a level above 9 logs what 9 does.
            level = match v.parse::<i32>() {
                Ok(n) => n.clamp(0, 9) as u8,
                Err(_) => return Err(format!("error: invalid argument \"{v}\" for \"-v, --v\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax\nSee 'kubectl --help' for usage.\n")),
            };
        }
        i += 1;
    }
    Ok(level)
}

/// klog's header: `Lmmdd hh:mm:ss.uuuuuu threadid file:line] `.
fn header(now: Time, pid: u32, source: &str) -> String {
    let ts = now.rfc3339_micros();
    let part = |r: std::ops::Range<usize>| ts.get(r).unwrap_or_default();
    format!("I{}{} {} {pid:>7} {source}] ", part(5..7), part(8..10), part(11..26))
}

/// A klog line of kubectl's own (`I0302 09:00:05.003000 …`).
pub fn is_log_line(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() > 22 && b[0] == b'I' && b[1..5].iter().all(u8::is_ascii_digit) && b[5] == b' ' && b[8] == b':' && line.contains("] ")
}

/// `klog.V(6).Infoln("Config loaded from file: ", filename)` (Sprintln puts a space between
/// the operands, hence two).
pub fn config_loaded(now: Time, pid: u32) -> String {
    format!("{}Config loaded from file:  /root/.kube/config\n", header(now, pid, "loader.go:407"))
}

/// The `Response` line of a finished request.
pub fn response(now: Time, pid: u32, verb: &str, url: &str, code: u16, millis: u64) -> String {
    let quote = podlife_model::json::quote;
    format!(
        "{}\"Response\" verb={} url={} status={} milliseconds={millis}\n",
        header(now, pid, "round_trippers.go:632"),
        quote(verb),
        quote(url),
        quote(&format!("{code} {}", status_text(code)))
    )
}

/// The note for levels podlife logs as level 6.
pub fn above_six(level: u8) -> String {
    format!("podlife: kubectl -v={level} would also log request and response headers and bodies; podlife logs what -v=6 logs\n")
}

/// The HTTP method of a request.
pub fn method(verb: Verb) -> &'static str {
    match verb {
        Verb::Get | Verb::List => "GET",
        Verb::Create => "POST",
        Verb::Update => "PUT",
        Verb::Patch => "PATCH",
        Verb::Delete => "DELETE",
    }
}

/// Go's `http.StatusText`.
fn status_text(code: u16) -> &'static str {
    match code {
        200 => "OK",
        201 => "Created",
        202 => "Accepted",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        409 => "Conflict",
        410 => "Gone",
        413 => "Request Entity Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Entity",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

/// Percent-encoding as Go's `url.QueryEscape` does it (space as `+`).
fn query_escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The URL kubectl requests: the path, then the query its REST client builds (lists in
/// chunks of 500, the selectors, a server-side dry run, the field manager, strict field
/// validation for writes that carry an object).
pub fn url(server: &str, req: &Request) -> String {
    let mut query: Vec<(&str, String)> = Vec::new();
    match req.verb {
        Verb::List => {
            if let Some(s) = req.label_selector.as_deref().filter(|s| !s.is_empty()) {
                query.push(("labelSelector", s.to_string()));
            }
            if let Some(s) = req.field_selector.as_deref().filter(|s| !s.is_empty()) {
                query.push(("fieldSelector", s.to_string()));
            }
            query.push(("limit", "500".into()));
        }
        Verb::Create | Verb::Update | Verb::Patch => {
            if req.dry_run {
                query.push(("dryRun", "All".into()));
            }
            if !req.field_manager.is_empty() && req.field_manager != "kubectl" {
                query.push(("fieldManager", req.field_manager.clone()));
            }
            if matches!(req.field_manager.as_str(), "kubectl-client-side-apply" | "kubectl-create" | "kubectl-replace") {
                query.push(("fieldValidation", "Strict".into()));
            }
        }
        Verb::Get | Verb::Delete => {
            if req.dry_run {
                query.push(("dryRun", "All".into()));
            }
        }
    }
    podlife_engine::sort::sort_by(&mut query, |a, b| a.0.cmp(b.0));
    let mut url = format!("{server}{}", req.path());
    if !query.is_empty() {
        url.push('?');
        url.push_str(&query.iter().map(|(k, v)| format!("{k}={}", query_escape(v))).collect::<Vec<_>>().join("&"));
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn levels_in_every_spelling() {
        assert_eq!(level(&args("get pods -v=6")), Ok(6));
        assert_eq!(level(&args("get pods -v 7")), Ok(7));
        assert_eq!(level(&args("get pods --v=8")), Ok(8));
        assert_eq!(level(&args("get pods -v6")), Ok(6));
        assert_eq!(level(&args("exec p -- cmd -v=6")), Ok(0));
        assert!(level(&args("get pods -v=x")).unwrap_err().contains("invalid argument \"x\" for \"-v, --v\" flag"));
    }

    #[test]
    fn klog_lines() {
        let t = Time::from_rfc3339("2026-03-02T09:00:05Z").unwrap_or(Time::ZERO).plus_millis(3);
        assert_eq!(
            response(t, 41230, "GET", "https://127.0.0.1:41337/api/v1/namespaces/default/pods?limit=500", 200, 3),
            "I0302 09:00:05.003000   41230 round_trippers.go:632] \"Response\" verb=\"GET\" url=\"https://127.0.0.1:41337/api/v1/namespaces/default/pods?limit=500\" status=\"200 OK\" milliseconds=3\n"
        );
        assert_eq!(query_escape("app=web,tier in (a b)"), "app%3Dweb%2Ctier+in+%28a+b%29");
    }
}

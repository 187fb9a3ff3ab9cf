//! The network tools: busybox `nc` (`networking/nc_bloaty.c`, as the busybox image builds
//! it) and `wget` (`networking/wget.c`), and curl 8. The host answers connections and
//! requests; these functions produce the tools' outputs, exit codes and delays (a
//! timeout takes its time before the message appears).

use super::NetError;
use super::builtins::{Ctx, Outcome, Written, parse_duration};

/// Linux gives up a TCP connect after 6 SYN retries: 1+2+4+8+16+32+64 s.
const KERNEL_CONNECT_TIMEOUT_MS: u64 = 127_000;

struct Url {
    scheme: String,
    host: String,
    port: u16,
    path: String,
}

fn parse_url(url: &str, default_scheme: &str) -> Option<Url> {
    let (scheme, rest) = match url.split_once("://") {
        Some((s, r)) => (s.to_ascii_lowercase(), r),
        None => (default_scheme.to_string(), url),
    };
    let (hostport, path) = match rest.find(['/', '?', '#']) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let hostport = hostport.rsplit_once('@').map(|x| x.1).unwrap_or(hostport);
    let default_port = match scheme.as_str() {
        "http" => 80,
        "https" => 443,
        "ftp" => 21,
        _ => 80,
    };
    let (host, port) = if let Some(h) = hostport.strip_prefix('[') {
        let (h, rest) = h.split_once(']')?;
        let port = match rest.strip_prefix(':') {
            Some(p) => p.parse().ok()?,
            None => default_port,
        };
        (h.to_string(), port)
    } else {
        match hostport.rsplit_once(':') {
            Some((h, p)) if !p.is_empty() => (h.to_string(), p.parse().ok()?),
            Some((h, _)) => (h.to_string(), default_port),
            None => (hostport.to_string(), default_port),
        }
    };
    if host.is_empty() {
        return None;
    }
    let path = if path.starts_with('/') { path.to_string() } else { format!("/{path}") };
    Some(Url { scheme, host, port, path })
}

pub(crate) fn reason(code: u16) -> &'static str {
    match code {
        100 => "Continue",
        200 => "OK",
        201 => "Created",
        202 => "Accepted",
        204 => "No Content",
        206 => "Partial Content",
        301 => "Moved Permanently",
        302 => "Found",
        303 => "See Other",
        304 => "Not Modified",
        307 => "Temporary Redirect",
        308 => "Permanent Redirect",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        413 => "Payload Too Large",
        418 => "I'm a teapot",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

fn status_line(code: u16) -> String {
    let r = reason(code);
    if r.is_empty() { format!("HTTP/1.1 {code}") } else { format!("HTTP/1.1 {code} {r}") }
}

fn port_number(s: &str) -> Option<u16> {
    match s {
        "http" | "www" => Some(80),
        "https" => Some(443),
        "ssh" => Some(22),
        "ftp" => Some(21),
        "smtp" => Some(25),
        "domain" => Some(53),
        "mysql" => Some(3306),
        "postgresql" | "postgres" => Some(5432),
        "redis" => Some(6379),
        _ => s.parse().ok(),
    }
}

/// The address shown for `host` in messages: the resolved IP when the host knows it.
fn shown_ip(ctx: &mut Ctx, host: &str) -> String {
    if host.parse::<std::net::IpAddr>().is_ok() {
        return host.to_string();
    }
    ctx.host.resolve(host).unwrap_or_else(|| host.to_string())
}

fn errno_text(e: NetError) -> &'static str {
    match e {
        NetError::UnknownHost => "Unknown host",
        NetError::Refused => "Connection refused",
        NetError::Timeout => "Connection timed out",
        NetError::Reset => "Connection reset by peer",
    }
}

// ----- nc -----

/// `nc -l`: what the listener waits with (busybox `nc_bloaty.c` `dolisten`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listener {
    pub port: u16,
    /// `-lk` / `-ll` with `-e`: a persistent server (a child per connection).
    pub persistent: bool,
    /// `-e PROG ARGS`.
    pub exec: Option<Vec<String>>,
    /// What it sends a client: its standard input (without `-e`).
    pub reply: String,
    /// `-v`: "connect to … from …" on stderr.
    pub verbose: bool,
}

const NC_USAGE: &str = "BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: nc [OPTIONS] HOST PORT  - connect\nnc [OPTIONS] -l -p PORT [HOST] [PORT]  - listen\n\n\t-e PROG\tRun PROG after connect (must be last)\n\t-l\tListen mode, for inbound connects\n\t-lk\tWith -e, provides persistent server\n\t-p PORT\tLocal port\n\t-s ADDR\tLocal address\n\t-w SEC\tTimeout for connects and final net reads\n\t-i SEC\tDelay interval for lines sent\n\t-n\tDon't do DNS resolution\n\t-u\tUDP mode\n\t-b\tAllow broadcasts\n\t-v\tVerbose\n\t-o FILE\tHex dump traffic\n\t-z\tZero-I/O mode (scanning)\n";

#[inline(never)]
pub(crate) fn nc(ctx: &mut Ctx, args: &[String]) -> Outcome {
    // `-e PROG [ARGS]` (also `-lke PROG`): everything after it is the program.
    let mut args = args.to_vec();
    let mut exec: Option<Vec<String>> = None;
    if let Some(i) = args.iter().position(|a| a == "-e" || (a.len() > 2 && a.starts_with('-') && a.ends_with('e') && a[1..a.len() - 1].chars().all(|c| "nuvlkz".contains(c)))) {
        let prog = args.split_off(i + 1);
        let flag = args.pop().unwrap_or_default();
        if flag.len() > 2 {
            args.push(flag[..flag.len() - 1].to_string());
        }
        exec = Some(prog).filter(|p| !p.is_empty());
    }
    let mut zero = false;
    let mut verbose = 0;
    let mut wait: Option<u64> = None;
    let mut listen = 0;
    let mut keep = false;
    let mut udp = false;
    let mut local_port: Option<String> = None;
    let mut pos: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a.starts_with('-') && a.len() > 1 {
            let flags: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < flags.len() {
                match flags[k] {
                    'z' => zero = true,
                    'v' => verbose += 1,
                    'l' => listen += 1,
                    'k' => keep = true,
                    'u' => udp = true,
                    'n' | 'b' => {}
                    'w' | 'i' | 'p' | 's' | 'o' => {
                        let rest: String = flags[k + 1..].iter().collect();
                        let v = if rest.is_empty() { it.next().cloned().unwrap_or_default() } else { rest };
                        match flags[k] {
                            'w' => match v.parse::<u64>() {
                                Ok(n) => wait = Some(n),
                                Err(_) => {
                                    ctx.err(&format!("nc: invalid number '{v}'\n"));
                                    return Outcome::Status(1);
                                }
                            },
                            'p' => local_port = Some(v),
                            _ => {}
                        }
                        k = flags.len();
                        continue;
                    }
                    _ => {
                        ctx.err(NC_USAGE);
                        return Outcome::Status(1);
                    }
                }
                k += 1;
            }
        } else {
            pos.push(a.clone());
        }
    }
    if pos.len() > 2 {
        ctx.err(NC_USAGE);
        return Outcome::Status(1);
    }
    if listen > 0 {
        let port = match local_port.as_deref().map(port_number) {
            Some(Some(p)) => p,
            Some(None) => {
                ctx.err(&format!("nc: bad port '{}'\n", local_port.unwrap_or_default()));
                return Outcome::Status(1);
            }
            // No -p: the kernel picks an ephemeral port.
            None => 32768 + (ctx.now_ms % 28232) as u16,
        };
        if verbose > 0 {
            ctx.err(&format!("listening on [::]:{port} ...\n"));
        }
        if udp {
            // No UDP traffic reaches a listener in podlife.
            return Outcome::Forever;
        }
        // With -e, nc closes its standard input; without, the client gets it.
        let reply = if exec.is_some() { String::new() } else { ctx.stdin() };
        return Outcome::Listen(Box::new(Listener { port, persistent: exec.is_some() && (keep || listen > 1), exec, reply, verbose: verbose > 0 }));
    }
    let (host, ports) = match pos.as_slice() {
        [h, p] => (h.clone(), p.clone()),
        _ => {
            ctx.err(NC_USAGE);
            return Outcome::Status(1);
        }
    };
    // A port range `1-100` scans; only its first port is tried here.
    let first_port = ports.split('-').next().unwrap_or("");
    let Some(port) = port_number(first_port) else {
        ctx.err(&format!("nc: bad port '{ports}'\n"));
        return Outcome::Status(1);
    };
    // The connection sends standard input and prints what comes back until the peer closes.
    let request = if zero { String::new() } else { ctx.stdin() };
    let r = ctx.host.tcp_exchange(&host, port, &request);
    if r == Err(NetError::UnknownHost) {
        ctx.err(&format!("nc: bad address '{host}'\n"));
        return Outcome::Status(1);
    }
    let ip = shown_ip(ctx, &host);
    match r {
        Ok(reply) => {
            if verbose > 0 {
                ctx.err(&format!("{host} ({ip}:{port}) open\n"));
            }
            if !zero {
                ctx.out(&reply);
            }
            if verbose > 1 {
                ctx.err(&format!("sent {}, rcvd {}\n", request.len(), if zero { 0 } else { reply.len() }));
            }
            Outcome::Status(0)
        }
        Err(e) => {
            let msg = if verbose > 1 || (verbose > 0 && e != NetError::Refused) { format!("nc: {host} ({ip}:{port}): {}\n", errno_text(e)) } else { String::new() };
            if e == NetError::Timeout {
                let ms = wait.map(|w| w * 1000).filter(|&w| w > 0).unwrap_or(KERNEL_CONNECT_TIMEOUT_MS);
                let refused = if verbose > 1 { format!("nc: {host} ({ip}:{port}): {}\n", errno_text(NetError::Refused)) } else { String::new() };
                return Outcome::Connecting {
                    ms,
                    host: host.clone(),
                    port,
                    timeout: Written { stdout: String::new(), stderr: msg, status: 1 },
                    refused: Written { stdout: String::new(), stderr: refused, status: 1 },
                };
            }
            ctx.err(&msg);
            Outcome::Status(1)
        }
    }
}

// ----- wget -----

fn smart5(n: u64) -> String {
    if n < 100_000 {
        return format!("{n:>5}");
    }
    let units = ['k', 'M', 'G', 'T'];
    let mut v = n;
    for u in units {
        v /= 1024;
        if v < 10_000 {
            return format!("{v:>4}{u}");
        }
    }
    format!("{v:>4}P")
}

#[inline(never)]
pub(crate) fn wget(ctx: &mut Ctx, args: &[String]) -> Outcome {
    let mut quiet = false;
    let mut out_name: Option<String> = None;
    let mut timeout: Option<u64> = None;
    let mut spider = false;
    let mut server_resp = false;
    let mut prefix_dir: Option<String> = None;
    let mut urls = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(long) = a.strip_prefix("--") {
            let (k, v) = match long.split_once('=') {
                Some((k, v)) => (k, Some(v.to_string())),
                None => (long, None),
            };
            let val = |it: &mut std::slice::Iter<String>| v.clone().or_else(|| it.next().cloned()).unwrap_or_default();
            match k {
                "quiet" => quiet = true,
                "spider" => spider = true,
                "output-document" => out_name = Some(val(&mut it)),
                "timeout" => timeout = val(&mut it).parse().ok(),
                "directory-prefix" => prefix_dir = Some(val(&mut it)),
                "server-response" => server_resp = true,
                "header" | "user-agent" | "post-data" | "post-file" | "tries" | "proxy" | "method" | "body-data" => {
                    let _ = val(&mut it);
                }
                _ => {}
            }
            continue;
        }
        if a.starts_with('-') && a.len() > 1 {
            let flags: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < flags.len() {
                match flags[k] {
                    'q' => quiet = true,
                    'S' => server_resp = true,
                    'c' | 's' | 'N' => {}
                    'O' | 'T' | 'P' | 'U' | 't' | 'Y' | 'o' => {
                        let rest: String = flags[k + 1..].iter().collect();
                        let v = if rest.is_empty() { it.next().cloned().unwrap_or_default() } else { rest };
                        match flags[k] {
                            'O' => out_name = Some(v),
                            'T' => timeout = v.parse().ok(),
                            'P' => prefix_dir = Some(v),
                            _ => {}
                        }
                        k = flags.len();
                        continue;
                    }
                    _ => {}
                }
                k += 1;
            }
            continue;
        }
        urls.push(a.clone());
    }
    if urls.is_empty() {
        ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: wget [-cqS] [--spider] [-O FILE] [-o LOGFILE] [--header STR]\n\t[--post-data STR | --post-file FILE] [-Y on/off]\n\t[-P DIR] [-U AGENT] [-T SEC] URL...\n");
        return Outcome::Status(1);
    }
    let mut stderr = String::new();
    let mut status = 0;
    // internal TLS prints its note once (`spawn_ssl_client` then stops checking)
    let mut tls_noted = false;
    'urls: for url in &urls {
        let Some(mut u) = parse_url(url, "http") else {
            stderr.push_str(&format!("wget: bad address '{url}'\n"));
            status = 1;
            break;
        };
        if !matches!(u.scheme.as_str(), "http" | "https" | "ftp") {
            stderr.push_str(&format!("wget: not an http or ftp url: {url}\n"));
            status = 1;
            break;
        }
        // The file is named after the URL asked for, whatever redirects follow.
        let fname = match &out_name {
            Some(n) => n.clone(),
            None => {
                let last = u.path.split(['?', '#']).next().unwrap_or("").rsplit('/').next().unwrap_or("");
                let base = if last.is_empty() { "index.html".to_string() } else { last.to_string() };
                match &prefix_dir {
                    Some(d) => format!("{}/{base}", d.trim_end_matches('/')),
                    None => base,
                }
            }
        };
        // `download_one_url`: an absolute Location resolves and connects again, a path stays
        // on the same server; the 16th redirect is too many.
        let mut redirects_left = 16;
        let mut connect_line = true;
        let body = loop {
            let target = format!("{}://{}:{}{}", u.scheme, u.host, u.port, u.path);
            let result = ctx.host.http_get(&target);
            if result == Err(NetError::UnknownHost) {
                stderr.push_str(&format!("wget: bad address '{}'\n", u.host));
                status = 1;
                break 'urls;
            }
            let ip = shown_ip(ctx, &u.host);
            if !quiet && connect_line {
                stderr.push_str(&format!("Connecting to {} ({ip}:{})\n", u.host, u.port));
            }
            if u.scheme == "https" && !tls_noted && result.is_ok() && ctx.host.busybox_version().is_none_or(|v| v >= (1, 30)) {
                stderr.push_str("wget: note: TLS certificate validation not implemented\n");
                tls_noted = true;
            }
            let (code, body) = match result {
                Ok(r) => r,
                Err(NetError::Timeout) => {
                    let (ms, msg) = match timeout {
                        Some(t) if t > 0 => (t * 1000, "wget: download timed out\n".to_string()),
                        _ => (KERNEL_CONNECT_TIMEOUT_MS, format!("wget: can't connect to remote host ({ip}): Connection timed out\n")),
                    };
                    let refused = format!("{stderr}wget: can't connect to remote host ({ip}): Connection refused\n");
                    stderr.push_str(&msg);
                    return Outcome::Connecting {
                        ms,
                        host: u.host.clone(),
                        port: u.port,
                        timeout: Written { stdout: String::new(), stderr, status: 1 },
                        refused: Written { stdout: String::new(), stderr: refused, status: 1 },
                    };
                }
                Err(NetError::Reset) => {
                    stderr.push_str("wget: error getting response: Connection reset by peer\n");
                    status = 1;
                    break 'urls;
                }
                Err(_) => {
                    stderr.push_str(&format!("wget: can't connect to remote host ({ip}): Connection refused\n"));
                    status = 1;
                    break 'urls;
                }
            };
            let headers = ctx.host.http_headers();
            let ok = matches!(code, 200..=205 | 300..=303 | 307 | 308);
            if server_resp {
                // The status line is shown as read, the headers only for an answer it keeps.
                let block = header_block(code, body.len(), &headers, "  ", "\n");
                if ok {
                    stderr.push_str(&block);
                    stderr.push_str("  \n");
                } else {
                    stderr.push_str(block.lines().next().unwrap_or_default());
                    stderr.push('\n');
                }
            }
            if !ok {
                stderr.push_str(&format!("wget: server returned error: {}\n", status_line(code)));
                status = 1;
                break 'urls;
            }
            let location = headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("location")).map(|(_, v)| v.clone());
            match location {
                Some(to) if code >= 300 => {
                    redirects_left -= 1;
                    if redirects_left == 0 {
                        stderr.push_str("wget: too many redirections\n");
                        status = 1;
                        break 'urls;
                    }
                    connect_line = !to.starts_with('/');
                    match (to.starts_with('/'), parse_url(&to, "http")) {
                        (true, _) => u.path = to,
                        (false, Some(next)) => u = next,
                        (false, None) => {
                            stderr.push_str(&format!("wget: bad address '{to}'\n"));
                            status = 1;
                            break 'urls;
                        }
                    }
                }
                _ => break body,
            }
        };
        if spider {
            if !quiet {
                stderr.push_str("remote file exists\n");
            }
            continue;
        }
        let to_stdout = fname == "-";
        // Flush what was said so far, so the body lands after it.
        ctx.err(&std::mem::take(&mut stderr));
        if !to_stdout {
            let path = ctx.path(&fname);
            if out_name.is_none() && ctx.host.file_exists(&path) {
                ctx.err(&format!("wget: can't open '{fname}': File exists\n"));
                return Outcome::Status(1);
            }
            if let Err(e) = super::state::write_file(ctx.host, &path, &body, false) {
                ctx.err(&format!("wget: can't open '{fname}': {e}\n"));
                return Outcome::Status(1);
            }
        }
        if !quiet {
            ctx.err(&if to_stdout { "writing to stdout\n".to_string() } else { format!("saving to '{fname}'\n") });
        }
        if to_stdout {
            ctx.out(&body);
        }
        if !quiet {
            let cur = fname.rsplit('/').next().unwrap_or(&fname).to_string();
            let n = body.len() as u64;
            let line = if n == 0 {
                format!("{cur:<20.20} {} --:--:-- ETA\n", smart5(0))
            } else {
                format!("{cur:<20.20} 100% |{}| {}  0:00:00 ETA\n", "*".repeat(32), smart5(n))
            };
            ctx.err(&line);
            ctx.err(&if to_stdout { "written to stdout\n".to_string() } else { format!("'{fname}' saved\n") });
        }
    }
    ctx.err(&stderr);
    Outcome::Status(status)
}

/// The status line and headers of an answer, each line indented and ended as the tool prints
/// them (curl ends the block with an empty line). A proxy's answer has Envoy's lower-case
/// header names and the headers it added.
fn header_block(code: u16, len: usize, proxy: &[(String, String)], indent: &str, eol: &str) -> String {
    let mut out = format!("{indent}{}{eol}", status_line(code));
    if proxy.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-length")) {
        // A server that wrote all its headers (the Internet's hosts).
        for (k, v) in proxy {
            out.push_str(&format!("{indent}{k}: {v}{eol}"));
        }
    } else if proxy.is_empty() {
        out.push_str(&format!("{indent}Content-Length: {len}{eol}"));
    } else {
        out.push_str(&format!("{indent}content-length: {len}{eol}"));
        for (k, v) in proxy {
            out.push_str(&format!("{indent}{k}: {v}{eol}"));
        }
    }
    if eol == "\r\n" {
        out.push_str(eol);
    }
    out
}

// ----- curl -----

/// curl's `max5data`: a size in at most 5 characters.
fn max5(n: u64) -> String {
    const K: u64 = 1024;
    const M: u64 = 1024 * 1024;
    if n < 100_000 {
        format!("{n:>5}")
    } else if n < 10_000 * K {
        format!("{:>4}k", n / K)
    } else if n < 100 * M {
        format!("{:>2}.{}M", n / M, (n % M) / (M / 10))
    } else {
        format!("{:>4}M", n / M)
    }
}

fn meter_line(total: u64, pct: u64) -> String {
    let speed = if total == 0 { 0 } else { total.saturating_mul(1000) };
    format!(
        "{pct:>3} {}  {pct:>3} {}    0 {}  {}  {} --:--:-- --:--:-- --:--:-- {}\n",
        max5(total),
        max5(total),
        max5(0),
        max5(speed),
        max5(0),
        max5(speed)
    )
}

const METER_HEAD: &str = "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n                                 Dload  Upload   Total   Spent    Left  Speed\n";

#[inline(never)]
pub(crate) fn curl(ctx: &mut Ctx, args: &[String]) -> Outcome {
    let mut silent = false;
    let mut show_error = false;
    let mut fail = false;
    let mut output: Option<String> = None;
    let mut remote_name = false;
    let mut head = false;
    let mut include = false;
    let mut max_time: Option<u64> = None;
    let mut connect_timeout: Option<u64> = None;
    let mut write_out: Option<String> = None;
    let mut follow = false;
    let mut verbose = false;
    let mut insecure = false;
    let mut cacert: Option<String> = None;
    let mut urls = Vec::new();
    let mut it = args.iter();
    let with_value = ["-o", "-m", "-w", "-X", "-H", "-d", "-u", "-A", "-e", "-b", "-c", "-T", "-F", "-x", "-r", "-y", "-Y", "-K", "-E", "-C"];
    while let Some(a) = it.next() {
        if let Some(long) = a.strip_prefix("--") {
            let (k, v) = match long.split_once('=') {
                Some((k, v)) => (k, Some(v.to_string())),
                None => (long, None),
            };
            let val = |it: &mut std::slice::Iter<String>| v.clone().or_else(|| it.next().cloned()).unwrap_or_default();
            match k {
                "silent" => silent = true,
                "show-error" => show_error = true,
                "fail" | "fail-with-body" => fail = true,
                "output" => output = Some(val(&mut it)),
                "remote-name" => remote_name = true,
                "head" => head = true,
                "include" => include = true,
                "location" => follow = true,
                "verbose" => verbose = true,
                "max-time" => max_time = parse_duration(&val(&mut it)),
                "connect-timeout" => connect_timeout = parse_duration(&val(&mut it)),
                "write-out" => write_out = Some(val(&mut it)),
                "url" => urls.push(val(&mut it)),
                "insecure" => insecure = true,
                "cacert" => cacert = Some(val(&mut it)),
                "request" | "header" | "data" | "data-raw" | "data-binary" | "user" | "user-agent" | "retry" | "retry-delay" | "retry-max-time" | "cert" | "key"
                | "resolve" | "proxy" | "referer" | "cookie" | "form" | "unix-socket" | "http-version" | "json" => {
                    let _ = val(&mut it);
                }
                _ => {}
            }
            continue;
        }
        if a.starts_with('-') && a.len() > 1 {
            let flags: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < flags.len() {
                let f = flags[k];
                let opt = format!("-{f}");
                if with_value.contains(&opt.as_str()) {
                    let rest: String = flags[k + 1..].iter().collect();
                    let v = if rest.is_empty() { it.next().cloned().unwrap_or_default() } else { rest };
                    match f {
                        'o' => output = Some(v),
                        'm' => max_time = parse_duration(&v),
                        'w' => write_out = Some(v),
                        _ => {}
                    }
                    break;
                }
                match f {
                    's' => silent = true,
                    'S' => show_error = true,
                    'f' => fail = true,
                    'O' => remote_name = true,
                    'I' => head = true,
                    'i' => include = true,
                    'L' => follow = true,
                    'v' => verbose = true,
                    'k' => insecure = true,
                    _ => {}
                }
                k += 1;
            }
            continue;
        }
        urls.push(a.clone());
    }
    let quiet_errors = silent && !show_error;
    let meter = !silent && (!ctx.tty || output.is_some() || remote_name);
    let Some(url) = urls.first().cloned() else {
        if !quiet_errors {
            ctx.err("curl: no URL specified\ncurl: try 'curl --help' or 'curl --manual' for more information\n");
        }
        return Outcome::Status(2);
    };
    let Some(mut u) = parse_url(&url, "http") else {
        if !quiet_errors {
            ctx.err("curl: (3) URL rejected: Bad hostname\n");
        }
        return Outcome::Status(3);
    };
    if !matches!(u.scheme.as_str(), "http" | "https") {
        if !quiet_errors {
            ctx.err(&format!("curl: (1) Protocol \"{}\" not supported\n", u.scheme));
        }
        return Outcome::Status(1);
    }
    let mut stderr = String::new();
    if meter {
        stderr.push_str(METER_HEAD);
    }
    // Each response's header block (`-i`/`-I` print every one when following), and the
    // redirects followed (`-L`: at most 50, `tool_operate.c`'s default `maxredirs`).
    let mut blocks = String::new();
    let mut redirects = 0;
    let (code, body, headers) = loop {
        let target = format!("{}://{}:{}{}", u.scheme, u.host, u.port, u.path);
        let fail_out = |stderr: &mut String, code: i32, msg: String| {
            if meter {
                stderr.push_str(&meter_line(0, 0));
            }
            if !quiet_errors {
                stderr.push_str(&format!("curl: ({code}) {msg}\n"));
            }
        };
        // OpenSSL loads `--cacert` before it connects (lib/vtls/openssl.c,
        // CURLE_SSL_CACERT_BADFILE).
        let bundle = match (&cacert, u.scheme == "https" && !insecure) {
            (Some(path), true) => match ctx.host.read_file(path) {
                Some(text) => Some(text),
                None => {
                    fail_out(&mut stderr, 77, format!("error setting certificate file: {path}"));
                    return failed(ctx, &stderr, write_out.as_deref(), &url, 77);
                }
            },
            _ => None,
        };
        let result = ctx.host.http_get(&target);
        // The server's certificate (where its TLS is modelled) must be in the CA bundle: a
        // self-signed one is trusted only when `--cacert` holds it; `-k` skips the check.
        if result.is_ok()
            && u.scheme == "https"
            && !insecure
            && let Some(certificate) = ctx.host.tls_certificate()
            && !pem_certificates(bundle.as_deref().unwrap_or_default()).iter().any(|c| pem_certificates(&certificate).contains(c))
        {
            fail_out(&mut stderr, 60, "SSL certificate problem: self-signed certificate".into());
            // tool_operate.c: CURL_CA_CERT_ERRORMSG follows error 60.
            if !quiet_errors {
                stderr.push_str("More details here: https://curl.se/docs/sslcerts.html\n\ncurl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. To learn more about this situation and\nhow to fix it, please visit the webpage mentioned above.\n");
            }
            return failed(ctx, &stderr, write_out.as_deref(), &url, 60);
        }
        let (code, body) = match result {
            Ok(r) => r,
            Err(NetError::UnknownHost) => {
                fail_out(&mut stderr, 6, format!("Could not resolve host: {}", u.host));
                return failed(ctx, &stderr, write_out.as_deref(), &url, 6);
            }
            Err(NetError::Refused) => {
                fail_out(&mut stderr, 7, format!("Failed to connect to {} port {} after 0 ms: Couldn't connect to server", u.host, u.port));
                return failed(ctx, &stderr, write_out.as_deref(), &url, 7);
            }
            Err(NetError::Reset) => {
                fail_out(&mut stderr, 56, "Recv failure: Connection reset by peer".to_string());
                return failed(ctx, &stderr, write_out.as_deref(), &url, 56);
            }
            Err(NetError::Timeout) => {
                let limit = match (max_time, connect_timeout) {
                    (Some(m), Some(c)) => Some(m.min(c)),
                    (m, c) => m.or(c),
                };
                let (ms, msg) = match limit {
                    Some(ms) if max_time == Some(ms) => (ms, format!("Connection timed out after {} milliseconds", ms + 1)),
                    Some(ms) => (ms, format!("Failed to connect to {} port {} after {} ms: Timeout was reached", u.host, u.port, ms + 1)),
                    None => (KERNEL_CONNECT_TIMEOUT_MS, format!("Failed to connect to {} port {} after {} ms: Couldn't connect to server", u.host, u.port, KERNEL_CONNECT_TIMEOUT_MS + 1)),
                };
                let code = if limit.is_some() { 28 } else { 7 };
                fail_out(&mut stderr, code, msg);
                let stdout = write_out.as_deref().map(|w| render_write_out(w, 0, &url, 0)).unwrap_or_default();
                return Outcome::Delay { ms, stdout, stderr, status: code };
            }
        };
        let server_headers = ctx.host.http_headers();
        let headers = header_block(code, body.len(), &server_headers, "", "\r\n");
        if verbose {
            stderr.push_str(&verbose_exchange(ctx, &u, &headers, if head { 0 } else { body.len() }));
        }
        let location = server_headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("location")).map(|(_, v)| v.clone());
        match location {
            Some(to) if follow && (300..400).contains(&code) => {
                if redirects == 50 {
                    if !quiet_errors {
                        stderr.push_str("curl: (47) Maximum (50) redirects followed\n");
                    }
                    ctx.err(&stderr);
                    return Outcome::Status(47);
                }
                redirects += 1;
                blocks.push_str(&headers);
                if verbose {
                    stderr.push_str(&format!("* Connection #0 to host {}:{} left intact\n* Issue another request to this URL: '{}'\n", u.host, u.port, absolute(&u, &to)));
                }
                match parse_url(&absolute(&u, &to), "http") {
                    Some(next) => u = next,
                    None => break (code, body, headers),
                }
            }
            _ => break (code, body, headers),
        }
    };
    let headers = format!("{blocks}{headers}");
    if fail && code >= 400 {
        if meter {
            stderr.push_str(&meter_line(0, 0));
        }
        if !quiet_errors {
            stderr.push_str(&format!("curl: (22) The requested URL returned error: {code}\n"));
        }
        ctx.err(&stderr);
        if let Some(w) = &write_out {
            let t = render_write_out(w, code, &url, 0);
            ctx.out(&t);
        }
        return Outcome::Status(22);
    }
    let mut payload = String::new();
    if head || include {
        payload.push_str(&headers);
    }
    if !head {
        payload.push_str(&body);
    }
    if meter {
        let n = payload.len() as u64;
        stderr.push_str(&meter_line(n, 100));
    }
    ctx.err(&stderr);
    let out_file = if remote_name {
        let last = u.path.rsplit('/').next().unwrap_or("").to_string();
        if last.is_empty() {
            if !quiet_errors {
                ctx.err("curl: (23) Failed writing received data to disk/application\n");
            }
            return Outcome::Status(23);
        }
        Some(last)
    } else {
        output.filter(|o| o != "-")
    };
    match out_file {
        Some(f) if f == "/dev/null" => {}
        Some(f) => {
            let p = ctx.path(&f);
            if let Err(e) = super::state::write_file(ctx.host, &p, &payload, false) {
                if !quiet_errors {
                    ctx.err(&format!("curl: (23) Failure writing output to destination: {f}: {e}\n"));
                }
                return Outcome::Status(23);
            }
        }
        None => ctx.out(&payload),
    }
    if let Some(w) = &write_out {
        let t = render_write_out(w, code, &url, payload.len());
        ctx.out(&t);
    }
    if verbose {
        ctx.err(&format!("* Connection #0 to host {}:{} left intact\n", u.host, u.port));
    }
    Outcome::Status(0)
}

/// A `Location` as an absolute URL (a path stays on the same server).
fn absolute(u: &Url, to: &str) -> String {
    if to.contains("://") {
        return to.to_string();
    }
    let default = if u.scheme == "https" { 443 } else { 80 };
    let port = if u.port == default { String::new() } else { format!(":{}", u.port) };
    let path = if to.starts_with('/') { to.to_string() } else { format!("/{to}") };
    format!("{}://{}{port}{path}", u.scheme, u.host)
}

/// `curl -v`'s account of one request (curl 8.18): the resolved address, the connection from
/// the pod's address and an ephemeral port, the request sent (`>`), the response's status and
/// headers (`<`), and — when the body does not go to a terminal — its size. The TLS handshake
/// of an HTTPS request is not modelled, so it is not shown.
fn verbose_exchange(ctx: &mut Ctx, u: &Url, headers: &str, body_len: usize) -> String {
    let ip = shown_ip(ctx, &u.host);
    let default = if u.scheme == "https" { 443 } else { 80 };
    let host = if u.port == default { u.host.clone() } else { format!("{}:{}", u.host, u.port) };
    let own = ctx.host.net_config().address.map(|(a, _)| a).unwrap_or_else(|| "0.0.0.0".into());
    let source_port = 32768 + ctx.now_ms % 28232;
    let mut out = String::new();
    if u.host.parse::<std::net::IpAddr>().is_err() {
        out.push_str(&format!("* Host {}:{} was resolved.\n* IPv6: (none)\n* IPv4: {ip}\n", u.host, u.port));
    }
    out.push_str(&format!("*   Trying {ip}:{}...\n* Established connection to {} ({ip} port {}) from {own} port {source_port} \n* using HTTP/1.x\n", u.port, u.host, u.port));
    out.push_str(&format!("> GET {} HTTP/1.1\r\n> Host: {host}\r\n> User-Agent: curl/{CURL_VERSION}\r\n> Accept: */*\r\n> \r\n* Request completely sent off\n", u.path));
    for line in headers.split_inclusive("\r\n") {
        out.push_str(&format!("< {line}"));
    }
    if body_len > 0 && !ctx.tty {
        out.push_str(&format!("{{ [{body_len} bytes data]\n"));
    }
    out
}

/// The curl release whose texts these are.
const CURL_VERSION: &str = "8.18.0";

/// The end of a failed transfer: curl's messages, then `--write-out`, which curl writes after
/// a failed transfer too (`%{http_code}` 000).
fn failed(ctx: &mut Ctx, stderr: &str, write_out: Option<&str>, url: &str, code: i32) -> Outcome {
    ctx.err(stderr);
    if let Some(w) = write_out {
        ctx.out(&render_write_out(w, 0, url, 0));
    }
    Outcome::Status(code)
}

/// The certificates of a PEM text, each as its base64 body without whitespace.
fn pem_certificates(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("-----BEGIN CERTIFICATE-----") {
        let body = &rest[start + 27..];
        let Some(end) = body.find("-----END CERTIFICATE-----") else { break };
        out.push(body[..end].split_whitespace().collect());
        rest = &body[end..];
    }
    out
}

fn render_write_out(fmt: &str, code: u16, url: &str, size: usize) -> String {
    let mut out = String::new();
    let mut rest = fmt;
    while let Some(i) = rest.find(['%', '\\']) {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        if let Some(t) = tail.strip_prefix("%{")
            && let Some(end) = t.find('}')
        {
            {
                let var = &t[..end];
                out.push_str(&match var {
                    "http_code" | "response_code" => format!("{code:03}"),
                    "url_effective" | "url" => url.to_string(),
                    "size_download" => size.to_string(),
                    "time_total" | "time_connect" | "time_starttransfer" => "0.001000".to_string(),
                    "exitcode" => "0".to_string(),
                    _ => String::new(),
                });
                rest = &t[end + 1..];
                continue;
            }
        }
        let mut chars = tail.chars();
        let c = chars.next().unwrap_or('%');
        match (c, chars.next()) {
            ('\\', Some('n')) => {
                out.push('\n');
                rest = &tail[2..];
            }
            ('\\', Some('t')) => {
                out.push('\t');
                rest = &tail[2..];
            }
            ('\\', Some('r')) => {
                out.push('\r');
                rest = &tail[2..];
            }
            ('%', Some('%')) => {
                out.push('%');
                rest = &tail[2..];
            }
            _ => {
                out.push(c);
                rest = &tail[c.len_utf8()..];
            }
        }
    }
    out.push_str(rest);
    out
}

//! What nginx reads from its configuration at start: the ports its `server` blocks listen on
//! (`ngx_http_core_module`'s `listen`: an address and port, `[::]:80`, `127.0.0.1:8080`, a
//! bare port; `ssl` makes the port speak TLS; a server block without `listen` gets `*:80`,
//! nginx's default for a master process run as root), following `include` globs as nginx does
//! (paths relative to `/etc/nginx`, matches in sorted order); the first `ssl_certificate`
//! and the main `error_log`'s level. Everything else in the files — locations, upstreams,
//! other TLS parameters — is not read here.

/// One port nginx listens on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listen {
    pub port: u16,
    /// `listen … ssl`: the port speaks TLS.
    pub ssl: bool,
    /// Bound to a loopback address only (`127.0.0.1:8080`, `localhost:8080`, `[::1]:8080`).
    pub loopback: bool,
}

/// What [`read`] finds in the configuration.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conf {
    pub listens: Vec<Listen>,
    /// The first `ssl_certificate` file named in the `http` block or a server.
    pub certificate: Option<String>,
    /// The level of the main context's `error_log` (nginx's default: `error`).
    pub error_log_level: String,
}

impl Conf {
    /// Whether the error log keeps `[notice]` lines (`debug`, `info` or `notice`).
    pub fn logs_notices(&self) -> bool {
        matches!(self.error_log_level.as_str(), "debug" | "info" | "notice")
    }
}

/// The tokens of an nginx configuration: words (quotes removed), `;`, `{` and `}`; `#` starts
/// a comment that runs to the end of the line.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '#' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            ';' | '{' | '}' => out.push(c.to_string()),
            '"' | '\'' => {
                let mut word = String::new();
                while let Some(d) = chars.next() {
                    if d == c {
                        break;
                    }
                    if d == '\\' {
                        word.extend(chars.next());
                    } else {
                        word.push(d);
                    }
                }
                out.push(word);
            }
            c if c.is_whitespace() => {}
            c => {
                let mut word = c.to_string();
                while let Some(&d) = chars.peek() {
                    if d.is_whitespace() || matches!(d, ';' | '{' | '}' | '"' | '\'') {
                        break;
                    }
                    word.push(d);
                    chars.next();
                }
                out.push(word);
            }
        }
    }
    out
}

/// Does `name` match a glob `pattern` of `*` and literal text (what nginx's `include`
/// patterns use)?
fn glob_match(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == name;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first) || !name.ends_with(last) || name.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &name[first.len()..name.len() - last.len()];
    for mid in &parts[1..parts.len() - 1] {
        match rest.find(mid) {
            Some(i) => rest = &rest[i + mid.len()..],
            None => return false,
        }
    }
    true
}

/// The `listen` of one directive's arguments, None for a UNIX socket or a port nginx would
/// refuse (nginx then fails to start, which is not modelled: the listener is left out).
fn parse_listen(args: &[String]) -> Option<Listen> {
    let addr = args.first()?;
    if addr.starts_with("unix:") {
        return None;
    }
    let (host, port) = match addr.rsplit_once(':') {
        Some((h, p)) if !addr.starts_with('[') || h.ends_with(']') => (h, p),
        _ if addr.bytes().all(|b| b.is_ascii_digit()) => ("*", addr.as_str()),
        // A host without a port listens on 80.
        _ => (addr.as_str(), "80"),
    };
    let port = port.parse::<u16>().ok().filter(|p| *p != 0)?;
    let loopback = host.starts_with("127.") || host == "localhost" || host == "[::1]";
    Some(Listen { port, ssl: args[1..].iter().any(|a| a == "ssl"), loopback })
}

/// The files nginx reads: the container's view of its filesystem.
pub trait Files {
    /// A file's text (None: no such file).
    fn read(&mut self, path: &str) -> Option<String>;
    /// A directory's names (for `include` globs).
    fn list(&mut self, dir: &str) -> Vec<String>;
}

/// What nginx reads from `nginx.conf`'s text and the files it includes. Ports in order of
/// first appearance; a port speaks TLS when any of its `listen` lines says `ssl`, and is
/// loopback-only when every one names a loopback address.
pub fn read(main: &str, files: &mut dyn Files) -> Conf {
    let mut conf = Conf { error_log_level: "error".into(), ..Conf::default() };
    let mut out: Vec<Listen> = Vec::new();
    // (tokens, position) of each file being read, innermost last; the depth bounds includes
    // that include themselves.
    let mut stack = vec![(tokens(main), 0usize)];
    // The block path: `http`, `server`, … and whether the current server block has `listen`.
    let mut blocks: Vec<String> = Vec::new();
    let mut server_listens: Vec<bool> = Vec::new();
    let mut directive: Vec<String> = Vec::new();
    let add = |l: Listen, out: &mut Vec<Listen>| match out.iter_mut().find(|o| o.port == l.port) {
        Some(o) => {
            o.ssl |= l.ssl;
            o.loopback &= l.loopback;
        }
        None => out.push(l),
    };
    while let Some((toks, pos)) = stack.last_mut() {
        let Some(tok) = toks.get(*pos).cloned() else {
            stack.pop();
            continue;
        };
        *pos += 1;
        match tok.as_str() {
            "{" => {
                let name = directive.first().cloned().unwrap_or_default();
                if name == "server" && blocks.last().is_some_and(|b| b == "http") {
                    server_listens.push(false);
                }
                blocks.push(name);
                directive.clear();
            }
            "}" => {
                if blocks.pop().is_some_and(|b| b == "server") && blocks.last().is_some_and(|b| b == "http") && server_listens.pop() == Some(false) {
                    add(Listen { port: 80, ssl: false, loopback: false }, &mut out);
                }
                directive.clear();
            }
            ";" => {
                match directive.first().map(String::as_str) {
                    Some("listen") if blocks.len() >= 2 && blocks[blocks.len() - 2..] == ["http", "server"] => {
                        if let Some(flag) = server_listens.last_mut() {
                            *flag = true;
                        }
                        if let Some(l) = parse_listen(&directive[1..]) {
                            add(l, &mut out);
                        }
                    }
                    Some("ssl_certificate") if conf.certificate.is_none() && blocks.first().is_some_and(|b| b == "http") => conf.certificate = directive.get(1).cloned(),
                    Some("error_log") if blocks.is_empty() => conf.error_log_level = directive.get(2).cloned().unwrap_or_else(|| "error".into()),
                    Some("include") if stack.len() < 10 => {
                        if let Some(pattern) = directive.get(1) {
                            let path = if pattern.starts_with('/') { pattern.clone() } else { format!("/etc/nginx/{pattern}") };
                            let (dir, name) = path.rsplit_once('/').unwrap_or(("", &path));
                            let mut included: Vec<String> = if name.contains('*') {
                                let mut names: Vec<String> = files.list(dir).into_iter().filter(|n| glob_match(name, n)).collect();
                                crate::sort::sort(&mut names);
                                names.into_iter().map(|n| format!("{dir}/{n}")).collect()
                            } else {
                                vec![path.clone()]
                            };
                            // Read last first: the stack takes them in order.
                            included.reverse();
                            for f in included {
                                if let Some(text) = files.read(&f) {
                                    stack.push((tokens(&text), 0));
                                }
                            }
                        }
                    }
                    _ => {}
                }
                directive.clear();
            }
            _ => directive.push(tok),
        }
    }
    conf.listens = out;
    conf
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Files as (path, text) pairs.
    struct Fixed<'a>(&'a [(&'a str, &'a str)]);

    impl Files for Fixed<'_> {
        fn read(&mut self, path: &str) -> Option<String> {
            self.0.iter().find(|(n, _)| *n == path).map(|(_, t)| t.to_string())
        }
        fn list(&mut self, dir: &str) -> Vec<String> {
            self.0.iter().filter_map(|(n, _)| n.strip_prefix(&format!("{dir}/"))).filter(|n| !n.contains('/')).map(str::to_string).collect()
        }
    }

    fn run(main: &str, files: &[(&str, &str)]) -> Vec<(u16, bool, bool)> {
        read(main, &mut Fixed(files)).listens.into_iter().map(|l| (l.port, l.ssl, l.loopback)).collect()
    }

    const MAIN: &str = "user nginx;\nevents { worker_connections 1024; }\nhttp {\n    include /etc/nginx/mime.types;\n    include /etc/nginx/conf.d/*.conf;\n}\n";

    #[test]
    fn ports_come_from_the_server_blocks_the_main_file_includes() {
        let default = "server {\n    listen       80;\n    listen  [::]:80;\n    server_name  localhost;\n}\n";
        assert_eq!(run(MAIN, &[("/etc/nginx/conf.d/default.conf", default)]), [(80, false, false)]);
        // The tutorial's TLS server: 80 and 443 with ssl.
        let tls = "server {\n listen 80 default_server;\n listen [::]:80 default_server ipv6only=on;\n\n listen 443 ssl;\n ssl_certificate /etc/nginx/ssl/tls.crt; # the Secret\n}\n";
        assert_eq!(run(MAIN, &[("/etc/nginx/conf.d/default.conf", tls)]), [(80, false, false), (443, true, false)]);
        // Several files in sorted order; a server block without listen is *:80; loopback.
        let files = [("/etc/nginx/conf.d/b.conf", "server { listen 127.0.0.1:9000; }"), ("/etc/nginx/conf.d/a.conf", "server { listen 8080; } server { server_name x; }"), ("/etc/nginx/conf.d/c.txt", "server { listen 7000; }")];
        assert_eq!(run(MAIN, &files), [(8080, false, false), (80, false, false), (9000, false, true)]);
        // No server block: nothing listens.
        assert_eq!(run(MAIN, &[]), []);
        // listen outside a server block (in a stream or mail block) is not HTTP's.
        assert_eq!(run("stream { server { listen 5432; } }", &[]), []);
    }

    #[test]
    fn certificate_and_error_log_level() {
        let tls = "server { listen 443 ssl; ssl_certificate /etc/nginx/ssl/tls.crt; ssl_certificate_key /etc/nginx/ssl/tls.key; }";
        let files = [("/etc/nginx/conf.d/default.conf", tls)];
        let c = read(&format!("error_log /var/log/nginx/error.log notice;\n{MAIN}"), &mut Fixed(&files));
        assert_eq!((c.certificate.as_deref(), c.logs_notices()), (Some("/etc/nginx/ssl/tls.crt"), true));
        // nginx 1.9's packaged nginx.conf logs from `warn` up; no error_log line means `error`.
        let c = read(&format!("error_log /var/log/nginx/error.log warn;\n{MAIN}"), &mut Fixed(&files));
        assert!(!c.logs_notices());
        assert_eq!(read("", &mut Fixed(&files)).error_log_level, "error");
    }

    #[test]
    fn globs_and_tokens() {
        assert!(glob_match("*.conf", "default.conf") && !glob_match("*.conf", "default.conf.bak") && glob_match("a*b*c", "aXbYc"));
        assert_eq!(tokens("listen \"80\" ssl; # x\n}"), ["listen", "80", "ssl", ";", "}"]);
        assert_eq!(parse_listen(&["localhost".into()]).map(|l| (l.port, l.loopback)), Some((80, true)));
        assert_eq!(parse_listen(&["unix:/run/x.sock".into()]), None);
    }
}

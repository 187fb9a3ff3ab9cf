//! The Internet a pod reaches (issue 19 §3), as compact data: a handful of well-known hosts
//! with fixed public addresses and deterministic answers, the public resolvers, and the rules
//! for everything else. `network.rs` decides when a question or a connection leaves the
//! cluster; this module only answers it.
//!
//! What it answers:
//! - DNS: the A records below (as seen from Europe in 2025–26; real answers move between
//!   addresses and vary by place). No AAAA records (the simulated Internet is IPv4-only, as
//!   kind's pod network is), no CNAME chains between public names, PTR records only for the
//!   public resolvers (`dns.google`, `one.one.one.one`). Any other name is NXDOMAIN: a name
//!   podlife does not simulate cannot be known, and "no such name" is what a typo — the usual
//!   reason a learner types an unknown name — gets in a real cluster too. The trace says which
//!   answers came from this table (`known`).
//! - HTTP on 80 and HTTPS on 443: each host's answer to `/` (abridged pages, real redirects);
//!   other paths are 404 Not Found; a `Host` header naming none of the host's names (an
//!   `ExternalName` Service's name, as the Kubernetes docs warn) is 404 too. The headers are
//!   `Date` (the virtual clock), `Server`, `Location`, `Content-Type` and `Content-Length` only
//!   (real servers send more: caching, security policies, cookies). Other ports, and
//!   public addresses not listed here, never answer (the connection times out). TLS is not
//!   modelled: HTTPS answers like HTTP, with no certificate chain and no name check.
//! - The source address every host sees is `PUBLIC_ADDRESS`: kind's nodes are containers on
//!   one machine, kindnet masquerades pod traffic leaving the pod network to the node's
//!   address, and Docker masquerades the nodes behind the machine's own public address (a
//!   documentation address here, RFC 5737). `ifconfig.me` and `icanhazip.com` echo it.
//! - The node's resolver (`NODE_RESOLVER`, Docker's embedded DNS as kind's nodes reach it)
//!   and the public resolvers answer Internet names only: a cluster name is NXDOMAIN there.

/// The component the trace names for the Internet's answers.
pub const COMPONENT: &str = "internet";

/// The address the Internet sees every pod and node come from.
pub const PUBLIC_ADDRESS: &str = "203.0.113.10";

/// The nameserver of a kind node's `/etc/resolv.conf` (the Docker network's gateway), which
/// CoreDNS forwards to (`forward . /etc/resolv.conf`) and `dnsPolicy: Default` pods ask.
pub const NODE_RESOLVER: &str = "172.18.0.1";

/// What a host answers on one scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reply {
    /// A page: content type and body.
    Page(&'static str, &'static str),
    /// A redirect: status, where to (the request's path appended when it ends with `/`), and
    /// the body the server sends with it.
    Redirect(u16, &'static str, RedirectBody),
    /// The caller's public address as plain text, with or without a final newline.
    Echo(bool),
    /// The port is closed (nothing answers).
    Closed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RedirectBody {
    Empty,
    /// Go's `http.Redirect` (`<a href="…">Temporary Redirect</a>.`).
    Go,
    /// Google Front End's `301 Moved` page.
    Gfe,
}

struct Site {
    /// The names with A records pointing here; the first is the canonical one.
    names: &'static [&'static str],
    addrs: &'static [&'static str],
    /// The `Server` header, if the host sends one.
    server: Option<&'static str>,
    http: Reply,
    https: Reply,
    /// The PTR name of its addresses, when it has a well-known one.
    ptr: Option<&'static str>,
}

/// http://info.cern.ch/ as served (646 bytes, Apache's ETag "286-…").
const CERN: &str = "<html><head></head><body><header>\n<title>http://info.cern.ch</title>\n</header>\n\n<h1>http://info.cern.ch - home of the first website</h1>\n<p>From here you can:</p>\n<ul>\n<li><a href=\"http://info.cern.ch/hypertext/WWW/TheProject.html\">Browse the first website</a></li>\n<li><a href=\"http://line-mode.cern.ch/www/hypertext/WWW/TheProject.html\">Browse the first website using the line-mode browser simulator</a></li>\n<li><a href=\"http://home.web.cern.ch/topics/birth-web\">Learn about the birth of the web</a></li>\n<li><a href=\"http://home.web.cern.ch/about\">Learn about CERN, the physics laboratory where the web was born</a></li>\n</ul>\n</body></html>\n";
/// IANA's example page as example.com serves it (559 bytes).
const EXAMPLE: &str = "<!doctype html><html lang=\"en\"><head><title>Example Domain</title><link rel=\"icon\" href=\"data:,\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><style>body{background:#eee;width:60vw;margin:15vh auto;font-family:system-ui,sans-serif}h1{font-size:1.5em}div{opacity:0.8}a:link,a:visited{color:#348}</style></head><body><div><h1>Example Domain</h1><p>This domain is for use in documentation examples without needing permission. Avoid use in operations.</p><p><a href=\"https://iana.org/domains/example\">Learn more</a></p></div></body></html>\n";
/// The start of kubernetes.io's home page (the real one is ~100 KB).
const KUBERNETES: &str = "<!doctype html><html lang=\"en\" class=\"no-js\"><head><title>Kubernetes</title><meta name=\"description\" content=\"Production-Grade Container Orchestration\"></head><body><h1>Production-Grade Container Orchestration</h1><p>Kubernetes, also known as K8s, is an open source system for automating deployment, scaling, and management of containerized applications.</p></body></html>\n";
/// The start of Google's home page.
const GOOGLE: &str = "<!doctype html><html itemscope=\"\" itemtype=\"http://schema.org/WebPage\" lang=\"en\"><head><meta content=\"text/html; charset=UTF-8\" http-equiv=\"Content-Type\"><title>Google</title></head><body><center><form action=\"/search\" name=\"f\"><input name=\"q\" title=\"Google Search\"><input value=\"Google Search\" name=\"btnG\" type=\"submit\"></form></center></body></html>";
/// The start of github.com's home page.
const GITHUB: &str = "<!DOCTYPE html>\n<html lang=\"en\" data-color-mode=\"auto\"><head><meta charset=\"utf-8\"><title>GitHub · Build and ship software on a single, collaborative platform · GitHub</title></head><body><h1>Build and ship software on a single, collaborative platform</h1></body></html>\n";

/// The start of deb.debian.org's home page (Debian's mirror network behind Fastly); apt's
/// downloads from it are modelled by `shell::apt`, which only asks whether it answers.
const DEBIAN: &str = "<!DOCTYPE html>\n<html><head><title>deb.debian.org</title></head><body><h1>deb.debian.org</h1><p>Welcome to deb.debian.org (fastly instance)!</p><p>This is deb.debian.org. This service is a redirector for Debian's package archive.</p></body></html>\n";

const HTML: &str = "text/html";
const HTML_UTF8: &str = "text/html; charset=utf-8";

const SITES: &[Site] = &[
    Site { names: &["info.cern.ch"], addrs: &["188.184.67.127"], server: Some("Apache"), http: Reply::Page(HTML, CERN), https: Reply::Page(HTML, CERN), ptr: None },
    Site { names: &["example.com", "www.example.com"], addrs: &["104.20.23.154", "172.66.147.243"], server: Some("cloudflare"), http: Reply::Page(HTML, EXAMPLE), https: Reply::Page(HTML, EXAMPLE), ptr: None },
    Site { names: &["kubernetes.io"], addrs: &["147.75.40.148"], server: Some("Netlify"), http: Reply::Redirect(301, "https://kubernetes.io/", RedirectBody::Empty), https: Reply::Page(HTML_UTF8, KUBERNETES), ptr: None },
    Site { names: &["google.com"], addrs: &["142.250.185.78"], server: Some("gws"), http: Reply::Redirect(301, "http://www.google.com/", RedirectBody::Gfe), https: Reply::Redirect(301, "https://www.google.com/", RedirectBody::Gfe), ptr: None },
    Site { names: &["www.google.com"], addrs: &["142.250.185.68"], server: Some("gws"), http: Reply::Page("text/html; charset=ISO-8859-1", GOOGLE), https: Reply::Page("text/html; charset=ISO-8859-1", GOOGLE), ptr: None },
    Site { names: &["github.com"], addrs: &["140.82.121.4"], server: None, http: Reply::Redirect(301, "https://github.com/", RedirectBody::Empty), https: Reply::Page(HTML_UTF8, GITHUB), ptr: None },
    // archeio (registry.k8s.io's server) sends what is not a registry path to the project.
    Site { names: &["registry.k8s.io"], addrs: &["34.96.108.209"], server: Some("Google Frontend"), http: Reply::Redirect(307, "https://github.com/kubernetes/registry.k8s.io", RedirectBody::Go), https: Reply::Redirect(307, "https://github.com/kubernetes/registry.k8s.io", RedirectBody::Go), ptr: None },
    Site { names: &["deb.debian.org"], addrs: &["151.101.2.132", "151.101.66.132", "151.101.130.132", "151.101.194.132"], server: Some("Apache"), http: Reply::Page(HTML, DEBIAN), https: Reply::Page(HTML, DEBIAN), ptr: None },
    Site { names: &["ifconfig.me"], addrs: &["34.160.111.145"], server: Some("Google Frontend"), http: Reply::Echo(false), https: Reply::Echo(false), ptr: None },
    Site { names: &["icanhazip.com"], addrs: &["104.16.184.241", "104.16.185.241"], server: Some("cloudflare"), http: Reply::Echo(true), https: Reply::Echo(true), ptr: None },
    Site { names: &["dns.google"], addrs: &["8.8.8.8", "8.8.4.4"], server: None, http: Reply::Closed, https: Reply::Closed, ptr: Some("dns.google") },
    Site { names: &["one.one.one.one"], addrs: &["1.1.1.1", "1.0.0.1"], server: None, http: Reply::Closed, https: Reply::Closed, ptr: Some("one.one.one.one") },
];

/// The public resolvers (they answer DNS on 53).
const RESOLVERS: [&str; 4] = ["8.8.8.8", "8.8.4.4", "1.1.1.1", "1.0.0.1"];

fn plain(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// The A records of a public name (None: NXDOMAIN).
pub fn addresses(name: &str) -> Option<&'static [&'static str]> {
    let name = plain(name);
    SITES.iter().find(|s| s.names.contains(&name.as_str())).map(|s| s.addrs)
}

/// The PTR record of a public address (`D.C.B.A.in-addr.arpa`), None: NXDOMAIN.
pub fn ptr(name: &str) -> Option<&'static str> {
    let rev = plain(name);
    let rev = rev.strip_suffix(".in-addr.arpa")?;
    let mut octets: Vec<&str> = rev.split('.').collect();
    octets.reverse();
    let ip = octets.join(".");
    SITES.iter().find(|s| s.addrs.contains(&ip.as_str()))?.ptr
}

/// Does a DNS server at this address answer Internet names (the node's resolver, a public
/// resolver)?
pub fn is_resolver(ip: &str) -> bool {
    ip == NODE_RESOLVER || RESOLVERS.contains(&ip)
}

/// Is this an address of the public Internet (not private, loopback, link-local, shared,
/// multicast or reserved)?
pub fn is_public(ip: &str) -> bool {
    let Ok(a) = ip.parse::<std::net::Ipv4Addr>() else { return false };
    let [a0, a1, ..] = a.octets();
    !(a0 == 0 || a0 == 10 || a0 == 127 || a0 >= 224 || (a0 == 172 && (16..32).contains(&a1)) || (a0 == 192 && a1 == 168) || (a0 == 169 && a1 == 254) || (a0 == 100 && (64..128).contains(&a1)))
}

/// Does a host listen at `ip:port`? (Closed ports and unknown addresses never answer.)
pub fn listens(ip: &str, port: u16) -> bool {
    let Some(site) = site_at(ip) else { return false };
    match port {
        53 => RESOLVERS.contains(&ip),
        80 => site.http != Reply::Closed,
        443 => site.https != Reply::Closed,
        _ => false,
    }
}

fn site_at(ip: &str) -> Option<&'static Site> {
    SITES.iter().find(|s| s.addrs.contains(&ip))
}

/// An HTTP response: status, headers (in the server's order, `Content-Length` among them)
/// and body.
pub type Response = (u16, Vec<(String, String)>, String);

/// An answer of the Internet to `GET path` with `Host: host` at `ip:port`. None: nothing
/// listens.
pub fn http(ip: &str, port: u16, host: &str, path: &str, date: &str) -> Option<Response> {
    let site = site_at(ip)?;
    let reply = match port {
        80 => site.http,
        443 => site.https,
        _ => return None,
    };
    let name = plain(host.rsplit_once(':').filter(|(_, p)| p.parse::<u16>().is_ok()).map_or(host, |(h, _)| h));
    let ours = site.names.contains(&name.as_str()) || site.addrs.contains(&name.as_str());
    let path = path.split(['?', '#']).next().filter(|p| !p.is_empty()).unwrap_or("/");
    let (code, ctype, body, location) = match reply {
        Reply::Closed => return None,
        _ if !ours => (404, HTML, NOT_FOUND.to_string(), None),
        Reply::Redirect(code, to, kind) => {
            let to = if to.ends_with('/') { format!("{to}{}", path.trim_start_matches('/')) } else { to.to_string() };
            let body = match kind {
                RedirectBody::Empty => String::new(),
                RedirectBody::Go => format!("<a href=\"{to}\">{}</a>.\n\n", crate::shell::http_reason(code)),
                RedirectBody::Gfe => format!("<HTML><HEAD><meta http-equiv=\"content-type\" content=\"text/html;charset=utf-8\">\n<TITLE>301 Moved</TITLE></HEAD><BODY>\n<H1>301 Moved</H1>\nThe document has moved\n<A HREF=\"{to}\">here</A>.\r\n</BODY></HTML>\r\n"),
            };
            let ctype = if kind == RedirectBody::Empty { "text/plain" } else { HTML_UTF8 };
            (code, ctype, body, Some(to))
        }
        Reply::Echo(newline) if path == "/" => (200, "text/plain", format!("{PUBLIC_ADDRESS}{}", if newline { "\n" } else { "" }), None),
        Reply::Page(ctype, page) if path == "/" || path == "/index.html" => (200, ctype, page.to_string(), None),
        _ => (404, HTML, NOT_FOUND.to_string(), None),
    };
    let mut headers = vec![("Date".to_string(), date.to_string())];
    if let Some(s) = site.server {
        headers.push(("Server".into(), s.into()));
    }
    if let Some(to) = location {
        headers.push(("Location".into(), to));
    }
    headers.push(("Content-Type".into(), ctype.into()));
    headers.push(("Content-Length".into(), body.len().to_string()));
    Some((code, headers, body))
}

const NOT_FOUND: &str = "<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n";

/// An HTTP date (`Mon, 02 Mar 2026 09:00:05 GMT`), as a server's `Date` header.
pub fn http_date(t: crate::clock::Time) -> String {
    let secs = crate::clock::EPOCH_UNIX_SECONDS + (t.millis() / 1000) as i64;
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = crate::clock::civil_from_days(days);
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let weekday = DAYS[days.rem_euclid(7) as usize];
    let month = MONTHS[(m as usize).saturating_sub(1).min(11)];
    format!("{weekday}, {d:02} {month} {y} {:02}:{:02}:{:02} GMT", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_to_their_addresses_and_others_are_unknown() {
        assert_eq!(addresses("info.cern.ch"), Some(&["188.184.67.127"][..]));
        assert_eq!(addresses("INFO.CERN.CH."), Some(&["188.184.67.127"][..]));
        assert_eq!(addresses("nosuch.example.org"), None);
        assert_eq!(ptr("8.8.8.8.in-addr.arpa"), Some("dns.google"));
        assert_eq!(ptr("127.67.184.188.in-addr.arpa"), None);
    }

    #[test]
    fn the_cern_page_is_the_real_size() {
        let (code, headers, body) = http("188.184.67.127", 80, "info.cern.ch", "/", "d").expect("answers");
        assert_eq!((code, body.len()), (200, 646));
        assert!(headers.contains(&("Content-Length".to_string(), "646".to_string())));
    }

    #[test]
    fn redirects_unknown_paths_hosts_and_closed_ports() {
        let (code, headers, body) = http("142.250.185.78", 80, "google.com", "/", "d").expect("answers");
        assert_eq!(code, 301);
        assert!(headers.contains(&("Location".to_string(), "http://www.google.com/".to_string())));
        assert_eq!(body.len(), 219);
        assert_eq!(http("147.75.40.148", 80, "kubernetes.io", "/docs/", "d").map(|a| a.1[2].1.clone()).as_deref(), Some("https://kubernetes.io/docs/"));
        assert_eq!(http("188.184.67.127", 80, "info.cern.ch", "/nosuch", "d").map(|a| a.0), Some(404));
        assert_eq!(http("188.184.67.127", 80, "my-external", "/", "d").map(|a| a.0), Some(404));
        assert_eq!(http("188.184.67.127", 8080, "info.cern.ch", "/", "d"), None);
        assert!(!listens("8.8.8.8", 80) && listens("8.8.8.8", 53) && listens("188.184.67.127", 443));
        assert_eq!(http("34.160.111.145", 80, "ifconfig.me", "/", "d").map(|a| a.2).as_deref(), Some(PUBLIC_ADDRESS));
    }

    #[test]
    fn public_and_private_addresses() {
        for ip in ["188.184.67.127", "8.8.8.8", "172.32.0.1", "100.128.0.1"] {
            assert!(is_public(ip), "{ip}");
        }
        for ip in ["10.96.0.1", "172.18.0.1", "192.168.1.1", "127.0.0.1", "169.254.169.254", "100.64.0.1", "224.0.0.1", "nope"] {
            assert!(!is_public(ip), "{ip}");
        }
    }

    #[test]
    fn dates_are_http_dates() {
        assert_eq!(http_date(crate::clock::SCRIPT_START), "Mon, 02 Mar 2026 09:00:00 GMT");
    }
}

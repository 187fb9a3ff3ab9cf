//! The network as a process inspects it: busybox `nslookup` (`networking/nslookup.c`: the
//! resolver of busybox 1.29+, and the libc-based one of older releases such as the
//! `busybox:1.28` that kubernetes.io's DNS pages use), `ip addr`/`ip link`/`ip route`
//! (`networking/libiproute/ipaddress.c`, `iproute.c`), and the `/etc/hosts` lookup behind
//! `hostname -i` and every connection.

use super::builtins::{Ctx, Outcome};
use super::DnsAnswer;

const BB: &str = "BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\n";

/// The first `/etc/hosts` line that names `name` (case-insensitive, IPv4, as
/// `gethostbyname` reads the file): its canonical name (the first on the line) and address.
pub(crate) fn hosts_entry(text: &str, name: &str) -> Option<(String, Vec<String>)> {
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace();
        let Some(ip) = words.next() else { continue };
        if ip.parse::<std::net::Ipv4Addr>().is_err() {
            continue;
        }
        let names: Vec<&str> = words.collect();
        if names.iter().any(|n| n.eq_ignore_ascii_case(name)) {
            return Some((names[0].to_string(), vec![ip.to_string()]));
        }
    }
    None
}

/// `D.C.B.A.in-addr.arpa` for an IPv4 address.
fn make_ptr(addr: &str) -> Option<String> {
    let ip: std::net::Ipv4Addr = addr.parse().ok()?;
    let o = ip.octets();
    Some(format!("{}.{}.{}.{}.in-addr.arpa", o[3], o[2], o[1], o[0]))
}

#[inline(never)]
pub(crate) fn nslookup(ctx: &mut Ctx, args: &[String]) -> Outcome {
    if ctx.host.busybox_version().is_some_and(|v| v < (1, 29)) {
        return Outcome::Status(nslookup_libc(ctx, args));
    }
    let usage = format!("{BB}Usage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n\nQuery DNS about HOST\n\nQUERY_TYPE: soa,ns,a,aaaa,cname,mx,txt,ptr,srv,any\n");
    let mut types: Vec<&'static str> = Vec::new();
    let mut rest: Vec<&String> = Vec::new();
    for a in args {
        if rest.is_empty() && a.starts_with('-') {
            let (k, v) = a[1..].split_once('=').unwrap_or((&a[1..], ""));
            match k {
                "type" | "querytype" | "q" | "query" => {
                    const TYPES: [&str; 10] = ["SOA", "NS", "A", "AAAA", "CNAME", "MX", "TXT", "SRV", "PTR", "ANY"];
                    match TYPES.iter().find(|t| t.eq_ignore_ascii_case(v)) {
                        Some(t) => types.push(t),
                        None => {
                            ctx.err(&format!("nslookup: invalid query type \"{v}\"\n"));
                            return Outcome::Status(1);
                        }
                    }
                }
                "port" | "retry" | "t" | "timeout" | "debug" => {}
                _ => {
                    ctx.err(&usage);
                    return Outcome::Status(1);
                }
            }
        } else {
            rest.push(a);
        }
    }
    let (name, server) = match rest.as_slice() {
        [n] => ((*n).clone(), None),
        [n, s] => ((*n).clone(), Some((*s).clone())),
        _ => {
            ctx.err(&usage);
            return Outcome::Status(1);
        }
    };
    let (servers, search) = ctx.host.resolver();
    // A server named on the command line skips /etc/resolv.conf, its search list too.
    let search = if server.is_some() { vec![] } else { search };
    let server = server.or_else(|| servers.first().cloned()).unwrap_or_else(|| "127.0.0.1".into());
    let server_ip = if server.parse::<std::net::Ipv4Addr>().is_ok() { Some(server.clone()) } else { ctx.host.resolve(&server) };
    // The questions: a PTR for an address, else A and AAAA for the name (with the search
    // list when the name has no dot).
    let mut queries: Vec<(String, &'static str)> = Vec::new();
    let with_search = |q: &str| -> Vec<String> { if search.is_empty() || q.contains('.') { vec![q.to_string()] } else { search.iter().map(|d| format!("{q}.{d}")).collect() } };
    if types.is_empty() {
        match make_ptr(&name) {
            Some(ptr) => queries.push((ptr, "PTR")),
            None => {
                for t in ["A", "AAAA"] {
                    queries.extend(with_search(&name).into_iter().map(|q| (q, t)));
                }
            }
        }
    } else {
        for t in types {
            let qs = if t == "PTR" { vec![name.clone()] } else { with_search(&name) };
            queries.extend(qs.into_iter().map(|q| (q, t)));
        }
    }
    let shown = server_ip.unwrap_or_default();
    let mut answers = Vec::new();
    for (q, t) in queries {
        let answer = ctx.host.dns_query(&shown, &q, t);
        if answers.is_empty() && answer == DnsAnswer::Timeout {
            // No reply at all: two tries of 2.5 s each, then busybox gives up on the server.
            return Outcome::Delay { ms: 5_000, stdout: ";; connection timed out; no servers could be reached\n\n".into(), stderr: String::new(), status: 1 };
        }
        answers.push((q, t, answer));
    }
    let mut out = format!("Server:\t\t{server}\nAddress:\t{shown}:53\n\n");
    let mut status = 0;
    for (q, t, answer) in answers {
        match answer {
            DnsAnswer::NxDomain => {
                out.push_str(&format!("** server can't find {q}: NXDOMAIN\n"));
                status = 1;
            }
            // `parse_reply`: each answer record in order, CNAMEs first.
            DnsAnswer::Records { chain, values, authoritative } => {
                if !authoritative {
                    out.push_str("Non-authoritative answer:\n");
                }
                for (owner, target) in &chain {
                    out.push_str(&format!("{owner}\tcanonical name = {target}\n"));
                }
                let owner = chain.last().map_or(q.clone(), |(_, target)| target.clone());
                for v in values {
                    match t {
                        "PTR" => out.push_str(&format!("{q}\tname = {v}\n")),
                        _ => out.push_str(&format!("Name:\t{owner}\nAddress: {v}\n")),
                    }
                }
            }
            DnsAnswer::Timeout => out.push_str(&format!("*** Can't find {q}: No answer\n")),
        }
        out.push('\n');
    }
    ctx.out(&out);
    Outcome::Status(status)
}

/// busybox before 1.29: `getaddrinfo` (the libc resolver, with its search list and
/// `ndots`) and a reverse lookup of every address.
fn nslookup_libc(ctx: &mut Ctx, args: &[String]) -> i32 {
    let words: Vec<&String> = args.iter().collect();
    if words.is_empty() || words[0].starts_with('-') || words.len() > 2 {
        ctx.err(&format!("{BB}Usage: nslookup [HOST] [SERVER]\n\nQuery the nameserver for the IP address of the given HOST\noptionally using a specified DNS server\n"));
        return 1;
    }
    let (servers, search) = ctx.host.resolver();
    let server = words.get(1).map(|s| s.to_string()).or_else(|| servers.first().cloned()).unwrap_or_else(|| "127.0.0.1".into());
    let mut out = String::new();
    let server_ip = if server.parse::<std::net::Ipv4Addr>().is_ok() { server.clone() } else { ctx.host.resolve(&server).unwrap_or_default() };
    let reverse = |ctx: &mut Ctx, ip: &str| -> Option<String> {
        match ctx.host.dns_query(&server_ip, &make_ptr(ip)?, "PTR") {
            DnsAnswer::Records { values, .. } => values.into_iter().next(),
            _ => None,
        }
    };
    let line = |n: usize, ip: &str, rev: Option<String>| match rev {
        Some(r) => format!("Address {n}: {ip} {r}\n"),
        None => format!("Address {n}: {ip}\n"),
    };
    let server_rev = reverse(ctx, &server);
    out.push_str(&format!("{:<10} {server}\n", "Server:"));
    out.push_str(&line(1, &server, server_rev));
    out.push('\n');
    let name = words[0].clone();
    // The resolver: an address as written; else the search list first unless the name has
    // `ndots` (5) dots or ends with a dot, then the name itself.
    let mut addrs: Vec<String> = Vec::new();
    if name.parse::<std::net::Ipv4Addr>().is_ok() {
        addrs.push(name.clone());
    } else {
        let absolute = name.ends_with('.');
        let base = name.trim_end_matches('.');
        let mut candidates: Vec<String> = if absolute { vec![] } else { search.iter().map(|d| format!("{base}.{d}")).collect() };
        if absolute || base.matches('.').count() >= 5 {
            candidates.insert(0, base.to_string());
        } else {
            candidates.push(base.to_string());
        }
        for c in candidates {
            if let DnsAnswer::Records { values, .. } = ctx.host.dns_query(&server_ip, &c, "A")
                && !values.is_empty()
            {
                addrs = values;
                break;
            }
        }
    }
    ctx.out(&out);
    if addrs.is_empty() {
        ctx.err(&format!("nslookup: can't resolve '{name}'\n"));
        return 1;
    }
    let mut text = format!("{:<10} {name}\n", "Name:");
    for (i, ip) in addrs.iter().enumerate() {
        let rev = reverse(ctx, ip);
        text.push_str(&line(i + 1, ip, rev));
    }
    ctx.out(&text);
    0
}

/// The link-local IPv6 address the kernel derives from a MAC (EUI-64).
fn link_local(mac: &str) -> String {
    let b: Vec<u8> = mac.split(':').map(|x| u8::from_str_radix(x, 16).unwrap_or(0)).collect();
    if b.len() != 6 {
        return "fe80::1".into();
    }
    let words = [u16::from(b[0] ^ 0x02) << 8 | u16::from(b[1]), u16::from(b[2]) << 8 | 0xff, 0xfe00 | u16::from(b[3]), u16::from(b[4]) << 8 | u16::from(b[5])];
    format!("fe80::{:x}:{:x}:{:x}:{:x}", words[0], words[1], words[2], words[3])
}

fn broadcast(ip: &str, prefix: u8) -> String {
    let Ok(a) = ip.parse::<std::net::Ipv4Addr>() else { return String::new() };
    let v = u32::from(a);
    let host = if prefix >= 32 { 0 } else { u32::MAX >> prefix };
    std::net::Ipv4Addr::from(v | host).to_string()
}

fn network(ip: &str, prefix: u8) -> String {
    let Ok(a) = ip.parse::<std::net::Ipv4Addr>() else { return String::new() };
    let mask = if prefix == 0 { 0 } else { u32::MAX << (32 - u32::from(prefix)) };
    std::net::Ipv4Addr::from(u32::from(a) & mask).to_string()
}

#[inline(never)]
pub(crate) fn ip(ctx: &mut Ctx, args: &[String]) -> i32 {
    let usage = format!("{BB}Usage: ip [OPTIONS] address|route|link|tunnel|neigh|rule [ARGS]\n\nOPTIONS := -f[amily] inet|inet6|link | -o[neline]\n\nip addr add|del IFADDR dev IFACE | show|flush [dev IFACE] [to PREFIX]\nip route list|flush|add|del|change|append|replace|test ROUTE\nip link set IFACE [up|down] [arp on|off] [multicast on|off]\n\t[promisc on|off] [mtu NUM] [name NAME] [qlen NUM] [address MAC]\n\t[master IFACE | nomaster] [netns PID]\nip tunnel add|change|del|show [NAME]\n\t[mode ipip|gre|sit] [remote ADDR] [local ADDR] [ttl TTL]\nip neigh show|flush [to PREFIX] [dev DEV] [nud STATE]\nip rule [list] | add|del SELECTOR ACTION\n");
    let mut family: Option<&str> = None;
    let mut words: Vec<&str> = Vec::new();
    for a in args {
        match a.as_str() {
            "-4" => family = Some("inet"),
            "-6" => family = Some("inet6"),
            "-o" | "-oneline" | "-s" | "-d" => {}
            w => words.push(w),
        }
    }
    let Some((&object, rest)) = words.split_first() else {
        ctx.err(&usage);
        return 1;
    };
    let pick = |w: &str, choices: &[&'static str]| choices.iter().find(|c| !w.is_empty() && c.starts_with(w)).copied();
    let Some(object) = pick(object, &["address", "route", "r", "link", "tunnel", "tunl", "rule", "neigh"]) else {
        ctx.err(&usage);
        return 1;
    };
    let sub = rest.first().copied().unwrap_or("show");
    let net = ctx.host.net_config();
    match object {
        "address" | "link" => {
            let cmds: &[&'static str] = if object == "address" { &["add", "change", "chg", "replace", "delete", "list", "show", "lst", "flush"] } else { &["add", "delete", "set", "show", "list", "lst", "change"] };
            let Some(cmd) = pick(sub, cmds) else {
                ctx.err(&format!("ip: invalid argument '{sub}' to 'ip'\n"));
                return 1;
            };
            if !matches!(cmd, "show" | "list" | "lst") {
                ctx.err("ip: RTNETLINK answers: Operation not permitted\n");
                return 2;
            }
            let dev = rest.iter().skip(1).position(|w| *w == "dev").and_then(|i| rest.get(i + 2)).or_else(|| rest.get(1).filter(|w| **w != "dev"));
            let mut out = String::new();
            let show_lo = dev.is_none_or(|d| *d == "lo");
            let show_eth = dev.is_none_or(|d| *d == "eth0") && net.address.is_some();
            if let Some(d) = dev
                && !matches!(*d, "lo" | "eth0")
            {
                ctx.err(&format!("ip: can't find device '{d}'\n"));
                return 1;
            }
            let addrs = object == "address";
            if show_lo {
                out.push_str("1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue qlen 1000\n");
                if family.is_none() {
                    out.push_str("    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n");
                }
                if addrs {
                    if family != Some("inet6") {
                        out.push_str("    inet 127.0.0.1/8 scope host lo\n       valid_lft forever preferred_lft forever\n");
                    }
                    if family != Some("inet") {
                        out.push_str("    inet6 ::1/128 scope host \n       valid_lft forever preferred_lft forever\n");
                    }
                }
            }
            if show_eth && let Some((ip, prefix)) = &net.address {
                // The veth's peer is in the node's namespace: its index, and "M-DOWN" since
                // busybox cannot see the peer's flags from here.
                out.push_str(&format!("2: eth0@if{}: <BROADCAST,MULTICAST,UP,LOWER_UP,M-DOWN> mtu {} qdisc noqueue \n", net.peer_index, net.mtu));
                if family.is_none() {
                    out.push_str(&format!("    link/ether {} brd ff:ff:ff:ff:ff:ff\n", net.mac));
                }
                if addrs {
                    if family != Some("inet6") {
                        out.push_str(&format!("    inet {ip}/{prefix} brd {} scope global eth0\n       valid_lft forever preferred_lft forever\n", broadcast(ip, *prefix)));
                    }
                    if family != Some("inet") {
                        out.push_str(&format!("    inet6 {}/64 scope link \n       valid_lft forever preferred_lft forever\n", link_local(&net.mac)));
                    }
                }
            }
            ctx.out(&out);
            0
        }
        "route" | "r" => {
            let Some(cmd) = pick(sub, &["add", "append", "change", "chg", "delete", "get", "list", "show", "lst", "prepend", "replace", "test", "flush"]) else {
                ctx.err(&format!("ip: invalid argument '{sub}' to 'ip'\n"));
                return 1;
            };
            if !matches!(cmd, "show" | "list" | "lst" | "get") {
                ctx.err("ip: RTNETLINK answers: Operation not permitted\n");
                return 2;
            }
            if family == Some("inet6") {
                return 0;
            }
            let (Some((ip, prefix)), Some(gw)) = (net.address.as_ref(), net.gateway.as_ref()) else { return 0 };
            // kindnet's ptp plugin: the gateway as a link route, the pod range and the
            // default route through it.
            let out = format!("default via {gw} dev eth0 \n{}/{prefix} via {gw} dev eth0  src {ip} \n{gw} dev eth0 scope link  src {ip} \n", network(ip, *prefix));
            ctx.out(&out);
            0
        }
        _ => {
            let out = match object {
                "rule" => "0:\tfrom all lookup local \n32766:\tfrom all lookup main \n32767:\tfrom all lookup default \n".to_string(),
                _ => String::new(),
            };
            ctx.out(&out);
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(make_ptr("10.96.0.10").as_deref(), Some("10.0.96.10.in-addr.arpa"));
        assert_eq!(link_local("5e:c1:a5:4d:e6:6d"), "fe80::5cc1:a5ff:fe4d:e66d");
        assert_eq!(broadcast("10.244.1.2", 24), "10.244.1.255");
        assert_eq!(network("10.244.1.2", 24), "10.244.1.0");
        let hosts = "# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n10.244.1.5\tweb-0.nginx.default.svc.cluster.local\tweb-0\n";
        assert_eq!(hosts_entry(hosts, "web-0"), Some(("web-0.nginx.default.svc.cluster.local".to_string(), vec!["10.244.1.5".to_string()])));
        assert_eq!(hosts_entry(hosts, "nope"), None);
    }
}

//! `istio-iptables` (istio-init): the nat rules it writes into the pod's network namespace, and
//! what they do to a connection. Upstream: istio 1.30 `tools/istio-iptables/pkg/capture/run.go`
//! (`Run`, `handleInboundPortsInclude`) and its golden files (`testdata/*.golden`), REDIRECT
//! mode, IPv4, no DNS capture (the sidecar default).

/// The flags istio-iptables was run with that decide the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capture {
    /// `-p`: Envoy's outbound listener (15001).
    pub proxy_port: u16,
    /// `-z`: Envoy's inbound listener (15006).
    pub inbound_port: u16,
    /// `-u` / `-g`: the proxy's user and group (1337): its own traffic is never captured.
    pub proxy_uid: u32,
    pub proxy_gid: u32,
    /// `-b`: inbound ports captured (`*` = all); `-d`: inbound ports excluded.
    pub inbound_include: String,
    pub inbound_exclude: Vec<u16>,
    /// `-i`: outbound IP ranges captured (`*` = all); `-x`: excluded.
    pub outbound_include: String,
    pub outbound_exclude: Vec<String>,
    /// `-o`: outbound ports excluded.
    pub outbound_ports_exclude: Vec<u16>,
}

/// `InboundTunnelPort`: HBONE's port, never captured.
const TUNNEL_PORT: u16 = 15008;

/// Reads istio-iptables' flags (the `args` of istio-init); Err is the flag it could not parse.
pub fn parse_args(args: &[String]) -> Result<Capture, String> {
    let mut c = Capture {
        proxy_port: 15001,
        inbound_port: 15006,
        proxy_uid: 1337,
        proxy_gid: 1337,
        inbound_include: String::new(),
        inbound_exclude: vec![],
        outbound_include: String::new(),
        outbound_exclude: vec![],
        outbound_ports_exclude: vec![],
    };
    let mut gid_given = false;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let mut value = || {
            i += 1;
            args.get(i).cloned().ok_or_else(|| format!("flag needs an argument: {flag}"))
        };
        let ports = |v: &str| -> Result<Vec<u16>, String> { v.split(',').filter(|p| !p.trim().is_empty()).map(|p| p.trim().parse::<u16>().map_err(|_| format!("invalid port {p:?}"))).collect() };
        match flag {
            "istio-iptables" => {}
            "-p" | "--envoy-port" => c.proxy_port = value()?.parse().map_err(|_| "invalid -p".to_string())?,
            "-z" | "--inbound-capture-port" => c.inbound_port = value()?.parse().map_err(|_| "invalid -z".to_string())?,
            "-u" | "--proxy-uid" => c.proxy_uid = value()?.parse().map_err(|_| "invalid -u".to_string())?,
            "-g" | "--proxy-gid" => {
                c.proxy_gid = value()?.parse().map_err(|_| "invalid -g".to_string())?;
                gid_given = true;
            }
            "-b" | "--inbound-ports" => c.inbound_include = value()?,
            "-d" | "--local-exclude-ports" => c.inbound_exclude = ports(&value()?)?,
            "-i" | "--outbound-ip-ranges-include" => c.outbound_include = value()?,
            "-x" | "--outbound-ip-ranges-exclude" => c.outbound_exclude = value()?.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect(),
            "-o" | "--outbound-ports-exclude" => c.outbound_ports_exclude = ports(&value()?)?,
            "-m" | "--istio-inbound-interception-mode" | "-q" | "-k" | "-c" => {
                value()?;
            }
            f if f.starts_with("--log_output_level") || f.starts_with("--") => {}
            _ => {}
        }
        i += 1;
    }
    if !gid_given {
        c.proxy_gid = c.proxy_uid;
    }
    Ok(c)
}

impl Capture {
    /// The `iptables-restore` input istio-iptables builds (`IptablesRuleBuilder`'s order: the
    /// new chains, then each table's rules as `Run` appended them).
    pub fn restore_input(&self) -> String {
        let mut out = vec![
            "* nat".to_string(),
            "-N ISTIO_INBOUND".into(),
            "-N ISTIO_REDIRECT".into(),
            "-N ISTIO_IN_REDIRECT".into(),
            "-N ISTIO_OUTPUT".into(),
            format!("-A ISTIO_INBOUND -p tcp --dport {TUNNEL_PORT} -j RETURN"),
            format!("-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports {}", self.proxy_port),
            format!("-A ISTIO_IN_REDIRECT -p tcp -j REDIRECT --to-ports {}", self.inbound_port),
        ];
        if !self.inbound_include.is_empty() {
            out.push("-A PREROUTING -p tcp -j ISTIO_INBOUND".into());
            if self.inbound_include == "*" {
                for p in &self.inbound_exclude {
                    out.push(format!("-A ISTIO_INBOUND -p tcp --dport {p} -j RETURN"));
                }
                out.push("-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT".into());
            } else {
                for p in self.inbound_include.split(',').filter(|p| !p.is_empty()) {
                    out.push(format!("-A ISTIO_INBOUND -p tcp --dport {p} -j ISTIO_IN_REDIRECT"));
                }
            }
        }
        out.push("-A OUTPUT -j ISTIO_OUTPUT".into());
        for p in &self.outbound_ports_exclude {
            out.push(format!("-A ISTIO_OUTPUT -p tcp --dport {p} -j RETURN"));
            out.push(format!("-A ISTIO_OUTPUT -p udp --dport {p} -j RETURN"));
        }
        out.push("-A ISTIO_OUTPUT -o lo -s 127.0.0.6/32 -j RETURN".into());
        for (what, id) in [("uid", self.proxy_uid), ("gid", self.proxy_gid)] {
            out.push(format!("-A ISTIO_OUTPUT -o lo ! -d 127.0.0.1/32 -p tcp ! --dport {TUNNEL_PORT} -m owner --{what}-owner {id} -j ISTIO_IN_REDIRECT"));
            out.push(format!("-A ISTIO_OUTPUT -o lo -m owner ! --{what}-owner {id} -j RETURN"));
            out.push(format!("-A ISTIO_OUTPUT -m owner --{what}-owner {id} -j RETURN"));
        }
        out.push("-A ISTIO_OUTPUT -d 127.0.0.1/32 -j RETURN".into());
        for cidr in &self.outbound_exclude {
            out.push(format!("-A ISTIO_OUTPUT -d {cidr} -j RETURN"));
        }
        if self.outbound_include == "*" {
            out.push("-A ISTIO_OUTPUT -j ISTIO_REDIRECT".into());
        } else {
            for cidr in self.outbound_include.split(',').filter(|c| !c.is_empty()) {
                out.push(format!("-A ISTIO_OUTPUT -d {cidr} -j ISTIO_REDIRECT"));
            }
        }
        out.push("COMMIT".into());
        out.join("\n")
    }

    /// `ISTIO_INBOUND`: does a connection arriving from outside the pod on `port` go to the
    /// inbound capture port?
    pub fn captures_inbound(&self, port: u16) -> bool {
        if port == TUNNEL_PORT || self.inbound_include.is_empty() {
            return false;
        }
        if self.inbound_include == "*" {
            return !self.inbound_exclude.contains(&port);
        }
        self.inbound_include.split(',').any(|p| p.trim().parse::<u16>().ok() == Some(port))
    }

    /// `ISTIO_OUTPUT`: does a connection a process of user `uid` opens to `ip:port` go to the
    /// outbound capture port? Loopback and the proxy's own traffic are left alone.
    pub fn captures_outbound(&self, uid: u32, ip: &str, port: u16) -> bool {
        if self.outbound_ports_exclude.contains(&port) || uid == self.proxy_uid || uid == self.proxy_gid || ip.starts_with("127.") {
            return false;
        }
        if self.outbound_exclude.iter().any(|c| in_cidr(ip, c)) {
            return false;
        }
        self.outbound_include == "*" || self.outbound_include.split(',').any(|c| in_cidr(ip, c))
    }
}

/// Is `ip` inside `cidr` (`a.b.c.d/n`, or a bare address)?
fn in_cidr(ip: &str, cidr: &str) -> bool {
    let (net, bits) = cidr.split_once('/').map_or((cidr, 32), |(n, b)| (n, b.parse::<u32>().unwrap_or(32).min(32)));
    match (ip.parse::<std::net::Ipv4Addr>(), net.parse::<std::net::Ipv4Addr>()) {
        (Ok(a), Ok(n)) if bits > 0 => (u32::from(a) >> (32 - bits)) == (u32::from(n) >> (32 - bits)),
        (Ok(_), Ok(_)) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    /// istio's `inbound-ports-wildcard.golden`: include `*`, no exclusions, no outbound ranges.
    #[test]
    fn matches_istio_golden_for_wildcard_inbound() {
        let c = parse_args(&args("istio-iptables -b *")).unwrap();
        let want = "* nat\n-N ISTIO_INBOUND\n-N ISTIO_REDIRECT\n-N ISTIO_IN_REDIRECT\n-N ISTIO_OUTPUT\n-A ISTIO_INBOUND -p tcp --dport 15008 -j RETURN\n-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 15001\n-A ISTIO_IN_REDIRECT -p tcp -j REDIRECT --to-ports 15006\n-A PREROUTING -p tcp -j ISTIO_INBOUND\n-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT\n-A OUTPUT -j ISTIO_OUTPUT\n-A ISTIO_OUTPUT -o lo -s 127.0.0.6/32 -j RETURN\n-A ISTIO_OUTPUT -o lo ! -d 127.0.0.1/32 -p tcp ! --dport 15008 -m owner --uid-owner 1337 -j ISTIO_IN_REDIRECT\n-A ISTIO_OUTPUT -o lo -m owner ! --uid-owner 1337 -j RETURN\n-A ISTIO_OUTPUT -m owner --uid-owner 1337 -j RETURN\n-A ISTIO_OUTPUT -o lo ! -d 127.0.0.1/32 -p tcp ! --dport 15008 -m owner --gid-owner 1337 -j ISTIO_IN_REDIRECT\n-A ISTIO_OUTPUT -o lo -m owner ! --gid-owner 1337 -j RETURN\n-A ISTIO_OUTPUT -m owner --gid-owner 1337 -j RETURN\n-A ISTIO_OUTPUT -d 127.0.0.1/32 -j RETURN\nCOMMIT";
        assert_eq!(c.restore_input(), want);
    }

    #[test]
    fn the_injected_flags_capture_all_but_the_proxy_ports() {
        let c = parse_args(&args("istio-iptables -p 15001 -z 15006 -u 1337 -m REDIRECT -i * -x  -b * -d 15090,15021,15020 --log_output_level=default:info")).unwrap();
        assert!(c.captures_inbound(8080));
        assert!(!c.captures_inbound(15021) && !c.captures_inbound(15008));
        assert!(c.captures_outbound(0, "10.96.10.20", 80));
        assert!(!c.captures_outbound(1337, "10.96.10.20", 80));
        assert!(!c.captures_outbound(0, "127.0.0.1", 8080));
        assert!(c.restore_input().ends_with("-A ISTIO_OUTPUT -d 127.0.0.1/32 -j RETURN\n-A ISTIO_OUTPUT -j ISTIO_REDIRECT\nCOMMIT"));
        assert!(c.restore_input().contains("-A ISTIO_INBOUND -p tcp --dport 15090 -j RETURN\n-A ISTIO_INBOUND -p tcp --dport 15021 -j RETURN\n-A ISTIO_INBOUND -p tcp --dport 15020 -j RETURN\n-A ISTIO_INBOUND -p tcp -j ISTIO_IN_REDIRECT"));
    }
}

//! `redis-cli` as the redis images ship it (redis 7 `src/redis-cli.c`): `-h -p -a -n -u`,
//! `--raw`/`--no-raw` (raw output when stdout is not a terminal, as with `kubectl exec`
//! without `-t`), `-e`, the connection errors (`Could not connect to Redis at HOST:PORT:
//! Connection refused`) and both reply formats. Commands go over the pod network in RESP.

use super::NetError;
use super::builtins::{Ctx, Outcome, Written};
use crate::process::redis::{Reply, encode_command};

/// Linux gives up a TCP connect after 6 SYN retries (redis-cli sets no connect timeout).
const KERNEL_CONNECT_TIMEOUT_MS: u64 = 127_000;

/// `sdscatrepr`: a bulk string quoted for a terminal.
fn repr(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\\""),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            7 => out.push_str("\\a"),
            8 => out.push_str("\\b"),
            b if (0x20..0x7f).contains(&b) => out.push(b as char),
            b => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('"');
    out
}

/// `cliFormatReplyTTY`.
fn format_tty(r: &Reply, prefix: &str) -> String {
    match r {
        Reply::Error(e) => format!("(error) {e}\n"),
        Reply::Status(s) => format!("{s}\n"),
        Reply::Int(n) => format!("(integer) {n}\n"),
        Reply::Bulk(None) => "(nil)\n".into(),
        Reply::Bulk(Some(s)) => format!("{}\n", repr(s)),
        Reply::Array(items) if items.is_empty() => "(empty array)\n".into(),
        Reply::Array(items) => {
            let idxlen = items.len().to_string().len();
            let child_prefix = format!("{prefix}{}", " ".repeat(idxlen + 2));
            let mut out = String::new();
            for (i, item) in items.iter().enumerate() {
                out.push_str(if i == 0 { "" } else { prefix });
                out.push_str(&format!("{:>idxlen$}) ", i + 1));
                out.push_str(&format_tty(item, &child_prefix));
            }
            out
        }
    }
}

/// `cliFormatReplyRaw` (the caller adds the command delimiter).
fn format_raw(r: &Reply) -> String {
    match r {
        Reply::Bulk(None) => String::new(),
        Reply::Error(e) => format!("{e}\n"),
        Reply::Status(s) | Reply::Bulk(Some(s)) => s.clone(),
        Reply::Int(n) => n.to_string(),
        Reply::Array(items) => items.iter().map(format_raw).collect::<Vec<_>>().join("\n"),
    }
}

/// `sdssplitargs`: a line of words with double and single quotes.
fn split_args(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut it = line.chars().peekable();
    loop {
        while it.peek().is_some_and(|c| c.is_whitespace()) {
            it.next();
        }
        let Some(&first) = it.peek() else { return Some(out) };
        let mut word = String::new();
        if first == '"' || first == '\'' {
            it.next();
            loop {
                match it.next() {
                    None => return None,
                    Some('\\') if first == '"' => match it.next() {
                        Some('n') => word.push('\n'),
                        Some('t') => word.push('\t'),
                        Some('r') => word.push('\r'),
                        Some(c) => word.push(c),
                        None => return None,
                    },
                    Some(c) if c == first => break,
                    Some(c) => word.push(c),
                }
            }
            if it.peek().is_some_and(|c| !c.is_whitespace()) {
                return None;
            }
        } else {
            while let Some(&c) = it.peek() {
                if c.is_whitespace() {
                    break;
                }
                word.push(c);
                it.next();
            }
        }
        out.push(word);
    }
}

#[inline(never)]
pub(crate) fn redis_cli(ctx: &mut Ctx, args: &[String]) -> Outcome {
    let mut host = "127.0.0.1".to_string();
    let mut port: u16 = 6379;
    let mut password: Option<String> = None;
    let mut db: u32 = 0;
    let mut raw = !ctx.tty;
    let mut warn = true;
    let mut errcode = false;
    let mut repeat: u64 = 1;
    let mut command: Vec<String> = Vec::new();
    let mut i = 0;
    let bad = |ctx: &mut Ctx, opt: &str| {
        ctx.err(&format!("Unrecognized option or bad number of args for: '{opt}'\n"));
        Outcome::Status(1)
    };
    while i < args.len() {
        let a = &args[i];
        if !command.is_empty() || !a.starts_with('-') {
            command.push(a.clone());
            i += 1;
            continue;
        }
        let value = args.get(i + 1);
        let mut takes = true;
        match a.as_str() {
            "-h" => match value {
                Some(v) => host = v.clone(),
                None => return bad(ctx, a),
            },
            "-p" => match value.and_then(|v| v.parse().ok()) {
                Some(p) => port = p,
                None => return bad(ctx, a),
            },
            "-a" | "--pass" => match value {
                Some(v) => password = Some(v.clone()),
                None => return bad(ctx, a),
            },
            "-n" => match value.and_then(|v| v.parse().ok()) {
                Some(n) => db = n,
                None => return bad(ctx, a),
            },
            "-r" => match value.and_then(|v| v.parse::<u64>().ok()) {
                Some(n) => repeat = n.clamp(1, 10_000),
                None => return bad(ctx, a),
            },
            "-i" | "--user" => {}
            "-u" => {
                let Some(uri) = value else { return bad(ctx, a) };
                let rest = uri.strip_prefix("redis://").unwrap_or(uri);
                let (auth, hostpart) = rest.rsplit_once('@').map_or((None, rest), |(a, h)| (Some(a), h));
                if let Some(a) = auth {
                    password = Some(a.rsplit_once(':').map_or(a, |x| x.1).to_string());
                }
                let (hp, dbpart) = hostpart.split_once('/').unwrap_or((hostpart, ""));
                match hp.rsplit_once(':') {
                    Some((h, p)) => {
                        host = h.to_string();
                        port = p.parse().unwrap_or(6379);
                    }
                    None if !hp.is_empty() => host = hp.to_string(),
                    None => {}
                }
                db = dbpart.parse().unwrap_or(0);
            }
            "--raw" => {
                raw = true;
                takes = false;
            }
            "--no-raw" => {
                raw = false;
                takes = false;
            }
            "--no-auth-warning" => {
                warn = false;
                takes = false;
            }
            "-e" => {
                errcode = true;
                takes = false;
            }
            "-c" | "-x" | "--verbose" => takes = false,
            "--version" | "-v" => {
                ctx.out("redis-cli 7.4.2\n");
                return Outcome::Status(0);
            }
            _ => return bad(ctx, a),
        }
        i += if takes { 2 } else { 1 };
    }
    if password.is_some() && warn {
        ctx.err("Warning: Using a password with '-a' or '-u' option on the command line interface may not be safe.\n");
    }
    // No command: commands are read from standard input, one per line.
    let commands: Vec<Vec<String>> = if command.is_empty() {
        let input = ctx.stdin();
        let mut cmds = Vec::new();
        for line in input.lines().take(10_000) {
            match split_args(line) {
                Some(w) if !w.is_empty() => cmds.push(w),
                Some(_) => {}
                None => {
                    ctx.out("Invalid argument(s)\n");
                }
            }
        }
        cmds
    } else {
        std::iter::repeat_n(command, repeat as usize).collect()
    };
    let mut request = String::new();
    if let Some(p) = &password {
        request.push_str(&encode_command(&["AUTH".into(), p.clone()]));
    }
    if db != 0 {
        request.push_str(&encode_command(&["SELECT".into(), db.to_string()]));
    }
    for c in &commands {
        request.push_str(&encode_command(c));
    }
    if commands.is_empty() && password.is_none() {
        return Outcome::Status(0);
    }
    let fail = |e: NetError| match e {
        NetError::UnknownHost => "Name or service not known",
        NetError::Refused => "Connection refused",
        NetError::Timeout => "Connection timed out",
        NetError::Reset => "Connection reset by peer",
    };
    let reply = match ctx.host.tcp_exchange(&host, port, &request) {
        Ok(r) => r,
        Err(NetError::Timeout) => {
            let msg = format!("Could not connect to Redis at {host}:{port}: {}\n", fail(NetError::Timeout));
            return Outcome::Connecting {
                ms: KERNEL_CONNECT_TIMEOUT_MS,
                host: host.clone(),
                port,
                timeout: Written { stdout: String::new(), stderr: msg, status: 1 },
                refused: Written { stdout: String::new(), stderr: format!("Could not connect to Redis at {host}:{port}: Connection refused\n"), status: 1 },
            };
        }
        Err(e) => {
            ctx.err(&format!("Could not connect to Redis at {host}:{port}: {}\n", fail(e)));
            return Outcome::Status(1);
        }
    };
    let mut at = 0;
    let next = |at: &mut usize| -> Option<Reply> {
        let (r, used) = Reply::decode(reply.get(*at..)?)?;
        *at += used;
        Some(r)
    };
    if password.is_some() {
        match next(&mut at) {
            Some(Reply::Error(e)) => {
                ctx.err(&format!("AUTH failed: {e}\n"));
                return Outcome::Status(1);
            }
            Some(_) => {}
            None => {
                ctx.err("Error: Server closed the connection\n");
                return Outcome::Status(1);
            }
        }
    }
    if db != 0 {
        match next(&mut at) {
            Some(Reply::Error(e)) => {
                ctx.err(&format!("{e}\n"));
                return Outcome::Status(1);
            }
            Some(_) => {}
            None => {
                ctx.err("Error: Server closed the connection\n");
                return Outcome::Status(1);
            }
        }
    }
    let mut out = String::new();
    for _ in &commands {
        let Some(r) = next(&mut at) else {
            ctx.out(&out);
            ctx.err("Error: Server closed the connection\n");
            return Outcome::Status(1);
        };
        if errcode && let Reply::Error(e) = &r {
            ctx.out(&out);
            ctx.err(&format!("{e}\n"));
            return Outcome::Status(1);
        }
        if raw {
            out.push_str(&format_raw(&r));
            out.push('\n');
        } else {
            out.push_str(&format_tty(&r, ""));
        }
    }
    ctx.out(&out);
    Outcome::Status(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reply_formats() {
        let arr = Reply::Array(vec![Reply::Bulk(Some("a".into())), Reply::Int(2), Reply::Array(vec![Reply::Bulk(None)])]);
        assert_eq!(format_tty(&arr, ""), "1) \"a\"\n2) (integer) 2\n3) 1) (nil)\n");
        assert_eq!(format_raw(&arr), "a\n2\n");
        assert_eq!(format_tty(&Reply::Bulk(Some("x\"y".into())), ""), "\"x\\\"y\"\n");
        assert_eq!(split_args("set k \"a b\""), Some(vec!["set".into(), "k".into(), "a b".into()]));
    }
}

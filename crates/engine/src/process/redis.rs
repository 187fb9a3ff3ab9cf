//! The redis server's data and the commands teaching scripts send it (`redis-cli`, `nc`),
//! in the RESP protocol: strings, lists and hashes in database 0–15, with redis 7's replies
//! and error texts (`src/server.c` `processCommand`, `src/t_string.c`, `src/t_list.c`,
//! `src/t_hash.c`, `src/db.c`). Expiry times are accepted and not enforced; persistence,
//! pub/sub, transactions and scripting are not modelled (their commands are unknown here).

use std::collections::VecDeque;
use crate::vecmap::VecMap;

/// A value in the keyspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Str(String),
    List(VecDeque<String>),
    Hash(VecMap<String, String>),
}

/// The keyspace of one redis server: 16 databases, the password (`--requirepass`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Store {
    pub dbs: VecMap<u32, VecMap<String, Value>>,
    pub password: Option<String>,
    /// The configuration parameters set from the file or `CONFIG SET` (others have their
    /// defaults, `CONFIG_DEFAULTS`).
    pub config: VecMap<String, String>,
}

/// The parameters podlife's redis knows, with their defaults as `CONFIG GET` prints them
/// (redis 7's `config.c` table; the official image's working directory is `/data`). Only
/// those in `set_config` can be set.
const CONFIG_DEFAULTS: &[(&str, &str)] = &[
    ("appendonly", "no"),
    ("databases", "16"),
    ("dir", "/data"),
    ("maxmemory", "0"),
    ("maxmemory-clients", "0"),
    ("maxmemory-eviction-tenacity", "10"),
    ("maxmemory-policy", "noeviction"),
    ("maxmemory-samples", "5"),
    ("port", "6379"),
    ("requirepass", ""),
    ("timeout", "0"),
];

const MAXMEMORY_POLICIES: &[&str] = &["volatile-lru", "volatile-lfu", "volatile-random", "volatile-ttl", "allkeys-lru", "allkeys-lfu", "allkeys-random", "noeviction"];

/// `memtoll`: a memory amount with redis's units (`1k` = 1000, `1kb` = 1024, … `gb`).
pub fn memtoll(text: &str) -> Option<u64> {
    let lower = text.to_ascii_lowercase();
    let digits = lower.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let mul: u64 = match &lower[digits.len()..] {
        "" | "b" => 1,
        "k" => 1000,
        "kb" => 1024,
        "m" => 1000 * 1000,
        "mb" => 1024 * 1024,
        "g" => 1000 * 1000 * 1000,
        "gb" => 1024 * 1024 * 1024,
        _ => return None,
    };
    digits.parse::<u64>().ok()?.checked_mul(mul)
}

impl Store {
    /// One parameter as `CONFIG SET` or a configuration file line sets it; the error redis
    /// gives for a bad value.
    pub fn set_config(&mut self, name: &str, value: &str) -> Result<(), String> {
        let name = name.to_ascii_lowercase();
        let stored = match name.as_str() {
            "maxmemory" => memtoll(value).ok_or("argument must be a memory value")?.to_string(),
            "maxmemory-policy" if MAXMEMORY_POLICIES.contains(&value.to_ascii_lowercase().as_str()) => value.to_ascii_lowercase(),
            "maxmemory-policy" => return Err("argument(s) must be one of the following: volatile-lru, volatile-lfu, volatile-random, volatile-ttl, allkeys-lru, allkeys-lfu, allkeys-random, noeviction".into()),
            "appendonly" if matches!(value, "yes" | "no") => value.to_string(),
            "appendonly" => return Err("argument must be 'yes' or 'no'".into()),
            "port" | "databases" | "timeout" => value.parse::<u64>().map_err(|_| "argument couldn't be parsed into an integer".to_string())?.to_string(),
            "requirepass" => {
                self.password = (!value.is_empty()).then(|| value.to_string());
                value.to_string()
            }
            "dir" => value.to_string(),
            _ => return Err("Bad directive or wrong number of arguments".into()),
        };
        self.config.insert(name, stored);
        Ok(())
    }

    /// A configuration file (`loadServerConfigFromString`): one directive per line, `#`
    /// comments; the first bad line is the fatal error redis prints (its line number and text).
    pub fn load_config(&mut self, text: &str) -> Result<(), (usize, String, String)> {
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let mut words = trimmed.split_whitespace();
            let name = words.next().unwrap_or_default();
            let args: Vec<&str> = words.collect();
            let result = match args.as_slice() {
                [value] => self.set_config(name, value),
                _ => Err("Bad directive or wrong number of arguments".into()),
            };
            if let Err(why) = result {
                return Err((i + 1, trimmed.to_string(), why));
            }
        }
        Ok(())
    }

    fn config_value(&self, name: &str) -> Option<String> {
        self.config.get(name).cloned().or_else(|| CONFIG_DEFAULTS.iter().find(|(n, _)| *n == name).map(|(_, v)| v.to_string()))
    }
}

/// The most keys and bytes a podlife redis holds (`maxmemory`, with redis's own OOM error).
const MAX_KEYS: usize = 10_000;
const MAX_BYTES: usize = 4 * 1024 * 1024;
/// The most commands one connection's request carries.
const MAX_COMMANDS: usize = 1_000;

/// A RESP reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    Status(String),
    Error(String),
    Int(i64),
    Bulk(Option<String>),
    Array(Vec<Reply>),
}

impl Reply {
    pub fn encode(&self) -> String {
        match self {
            Reply::Status(s) => format!("+{s}\r\n"),
            Reply::Error(s) => format!("-{s}\r\n"),
            Reply::Int(n) => format!(":{n}\r\n"),
            Reply::Bulk(None) => "$-1\r\n".into(),
            Reply::Bulk(Some(s)) => format!("${}\r\n{s}\r\n", s.len()),
            Reply::Array(items) => {
                let mut out = format!("*{}\r\n", items.len());
                for i in items {
                    out.push_str(&i.encode());
                }
                out
            }
        }
    }

    /// Parses one reply from the start of `text`: the reply and the bytes it took.
    pub fn decode(text: &str) -> Option<(Reply, usize)> {
        let end = text.find("\r\n")?;
        let line = &text[..end];
        let rest = end + 2;
        let (kind, body) = (line.get(..1)?, line.get(1..)?);
        match kind {
            "+" => Some((Reply::Status(body.into()), rest)),
            "-" => Some((Reply::Error(body.into()), rest)),
            ":" => Some((Reply::Int(body.parse().ok()?), rest)),
            "$" => {
                let n: i64 = body.parse().ok()?;
                if n < 0 {
                    return Some((Reply::Bulk(None), rest));
                }
                let data = text.get(rest..rest + n as usize)?;
                Some((Reply::Bulk(Some(data.into())), rest + n as usize + 2))
            }
            "*" => {
                let n: i64 = body.parse().ok()?;
                if n < 0 {
                    return Some((Reply::Bulk(None), rest));
                }
                let mut items = Vec::new();
                let mut at = rest;
                for _ in 0..n.min(100_000) {
                    let (r, used) = Reply::decode(text.get(at..)?)?;
                    items.push(r);
                    at += used;
                }
                Some((Reply::Array(items), at))
            }
            _ => None,
        }
    }
}

/// A command as RESP sends it (`*2\r\n$3\r\nGET\r\n$1\r\nk\r\n`).
pub fn encode_command(args: &[String]) -> String {
    Reply::Array(args.iter().map(|a| Reply::Bulk(Some(a.clone()))).collect()).encode()
}

/// The commands in a request: RESP arrays, or inline commands (a line of words, as
/// `echo PING | nc redis 6379` sends).
fn parse_commands(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() && out.len() < MAX_COMMANDS {
        let rest = &text[at..];
        if rest.starts_with('*') {
            match Reply::decode(rest) {
                Some((Reply::Array(items), used)) => {
                    out.push(items.into_iter().map(|i| if let Reply::Bulk(Some(s)) = i { s } else { String::new() }).collect());
                    at += used;
                }
                _ => break,
            }
        } else {
            let end = rest.find('\n').map(|i| i + 1).unwrap_or(rest.len());
            let words: Vec<String> = rest[..end].split_whitespace().map(str::to_string).collect();
            if !words.is_empty() {
                out.push(words);
            }
            at += end;
        }
    }
    out
}

fn wrong_type() -> Reply {
    Reply::Error("WRONGTYPE Operation against a key holding the wrong kind of value".into())
}

fn arity(name: &str) -> Reply {
    Reply::Error(format!("ERR wrong number of arguments for '{name}' command"))
}

fn not_integer() -> Reply {
    Reply::Error("ERR value is not an integer or out of range".into())
}

/// `KEYS` glob (`stringmatchlen`: `*`, `?`, `[…]`, `\`).
fn glob(p: &[char], s: &[char], fuel: &mut u32) -> bool {
    if *fuel == 0 {
        return false;
    }
    *fuel -= 1;
    match p.first() {
        None => s.is_empty(),
        Some('*') => (0..=s.len()).any(|i| glob(&p[1..], &s[i..], fuel)),
        Some('?') => !s.is_empty() && glob(&p[1..], &s[1..], fuel),
        Some('[') => {
            let Some(close) = p.iter().position(|c| *c == ']') else { return !s.is_empty() && s[0] == '[' && glob(&p[1..], &s[1..], fuel) };
            let class = &p[1..close];
            let (neg, class) = if class.first() == Some(&'^') { (true, &class[1..]) } else { (false, class) };
            let Some(c) = s.first() else { return false };
            let mut hit = false;
            let mut i = 0;
            while i < class.len() {
                if i + 2 < class.len() && class[i + 1] == '-' {
                    hit |= class[i] <= *c && *c <= class[i + 2];
                    i += 3;
                } else {
                    hit |= class[i] == *c;
                    i += 1;
                }
            }
            hit != neg && glob(&p[close + 1..], &s[1..], fuel)
        }
        Some('\\') if p.len() > 1 => !s.is_empty() && s[0] == p[1] && glob(&p[2..], &s[1..], fuel),
        Some(c) => !s.is_empty() && s[0] == *c && glob(&p[1..], &s[1..], fuel),
    }
}

/// One connection's session state.
#[derive(Debug, Clone, Copy, Default)]
struct Session {
    db: u32,
    authenticated: bool,
}

impl Store {
    fn size(&self) -> usize {
        self.dbs.values().flat_map(|d| d.iter()).map(|(k, v)| k.len() + match v {
            Value::Str(s) => s.len(),
            Value::List(l) => l.iter().map(String::len).sum(),
            Value::Hash(h) => h.iter().map(|(a, b)| a.len() + b.len()).sum(),
        }).sum()
    }

    /// Serves one connection: runs its commands in order and returns the replies.
    pub fn serve(&mut self, request: &str) -> String {
        let mut session = Session { db: 0, authenticated: self.password.is_none() };
        let mut out = String::new();
        for cmd in parse_commands(request) {
            let quit = cmd.first().is_some_and(|c| c.eq_ignore_ascii_case("quit"));
            out.push_str(&self.command(&mut session, &cmd).encode());
            if quit {
                break;
            }
        }
        out
    }

    fn command(&mut self, session: &mut Session, cmd: &[String]) -> Reply {
        let Some(first) = cmd.first() else { return Reply::Error("ERR empty command".into()) };
        let name = first.to_ascii_lowercase();
        let args = &cmd[1..];
        let want = |n: usize| args.len() == n;
        let at_least = |n: usize| args.len() >= n;
        if !session.authenticated && !matches!(name.as_str(), "auth" | "hello" | "quit") {
            return Reply::Error("NOAUTH Authentication required.".into());
        }
        let writes = matches!(name.as_str(), "set" | "mset" | "append" | "lpush" | "rpush" | "hset" | "incr" | "incrby" | "decr" | "decrby");
        if writes && (self.size() > MAX_BYTES || self.dbs.values().map(VecMap::len).sum::<usize>() >= MAX_KEYS) {
            return Reply::Error("OOM command not allowed when used memory > 'maxmemory'.".into());
        }
        let db = self.dbs.entry(session.db).or_default();
        match name.as_str() {
            "ping" => match args {
                [] => Reply::Status("PONG".into()),
                [m] => Reply::Bulk(Some(m.clone())),
                _ => arity("ping"),
            },
            "echo" if want(1) => Reply::Bulk(Some(args[0].clone())),
            "quit" => Reply::Status("OK".into()),
            "auth" if at_least(1) && args.len() <= 2 => {
                let given = args.last().cloned().unwrap_or_default();
                match &self.password {
                    None => Reply::Error("ERR AUTH <password> called without any password configured for the default user. Are you sure your configuration is correct?".into()),
                    Some(p) if *p == given => {
                        session.authenticated = true;
                        Reply::Status("OK".into())
                    }
                    Some(_) => Reply::Error("WRONGPASS invalid username-password pair or user is disabled.".into()),
                }
            }
            "select" if want(1) => match args[0].parse::<u32>() {
                Ok(n) if n < 16 => {
                    session.db = n;
                    Reply::Status("OK".into())
                }
                Ok(_) => Reply::Error("ERR DB index is out of range".into()),
                Err(_) => not_integer(),
            },
            "set" if at_least(2) => {
                let mut nx = false;
                let mut xx = false;
                let mut get = false;
                let mut i = 2;
                while i < args.len() {
                    match args[i].to_ascii_uppercase().as_str() {
                        "NX" => nx = true,
                        "XX" => xx = true,
                        "GET" => get = true,
                        "KEEPTTL" => {}
                        "EX" | "PX" | "EXAT" | "PXAT" => {
                            match args.get(i + 1).map(|v| v.parse::<i64>()) {
                                Some(Ok(n)) if n > 0 => {}
                                Some(Ok(_)) => return Reply::Error("ERR invalid expire time in 'set' command".into()),
                                _ => return not_integer(),
                            }
                            i += 1;
                        }
                        _ => return Reply::Error("ERR syntax error".into()),
                    }
                    i += 1;
                }
                if nx && xx {
                    return Reply::Error("ERR syntax error".into());
                }
                let old = db.get(&args[0]).cloned();
                if get && matches!(old, Some(Value::List(_) | Value::Hash(_))) {
                    return wrong_type();
                }
                let exists = old.is_some();
                if (nx && exists) || (xx && !exists) {
                    return if get { Reply::Bulk(old.and_then(|v| if let Value::Str(s) = v { Some(s) } else { None })) } else { Reply::Bulk(None) };
                }
                db.insert(args[0].clone(), Value::Str(args[1].clone()));
                if get { Reply::Bulk(old.and_then(|v| if let Value::Str(s) = v { Some(s) } else { None })) } else { Reply::Status("OK".into()) }
            }
            "get" if want(1) => match db.get(&args[0]) {
                None => Reply::Bulk(None),
                Some(Value::Str(s)) => Reply::Bulk(Some(s.clone())),
                Some(_) => wrong_type(),
            },
            "mget" if at_least(1) => Reply::Array(args.iter().map(|k| Reply::Bulk(match db.get(k) {
                Some(Value::Str(s)) => Some(s.clone()),
                _ => None,
            })).collect()),
            "mset" if at_least(2) && args.len().is_multiple_of(2) => {
                for kv in args.chunks(2) {
                    db.insert(kv[0].clone(), Value::Str(kv[1].clone()));
                }
                Reply::Status("OK".into())
            }
            "append" if want(2) => match db.entry(args[0].clone()).or_insert_with(|| Value::Str(String::new())) {
                Value::Str(s) => {
                    s.push_str(&args[1]);
                    Reply::Int(s.len() as i64)
                }
                _ => wrong_type(),
            },
            "strlen" if want(1) => match db.get(&args[0]) {
                None => Reply::Int(0),
                Some(Value::Str(s)) => Reply::Int(s.len() as i64),
                Some(_) => wrong_type(),
            },
            "incr" | "decr" | "incrby" | "decrby" if want(if name.ends_with("by") { 2 } else { 1 }) => {
                let by = if name.ends_with("by") {
                    match args[1].parse::<i64>() {
                        Ok(n) => n,
                        Err(_) => return not_integer(),
                    }
                } else {
                    1
                };
                let by = if name.starts_with("decr") { by.checked_neg() } else { Some(by) };
                let current = match db.get(&args[0]) {
                    None => 0,
                    Some(Value::Str(s)) => match s.parse::<i64>() {
                        Ok(n) => n,
                        Err(_) => return not_integer(),
                    },
                    Some(_) => return wrong_type(),
                };
                match by.and_then(|b| current.checked_add(b)) {
                    Some(n) => {
                        db.insert(args[0].clone(), Value::Str(n.to_string()));
                        Reply::Int(n)
                    }
                    None => Reply::Error("ERR increment or decrement would overflow".into()),
                }
            }
            "del" | "unlink" if at_least(1) => Reply::Int(args.iter().filter(|k| db.remove(*k).is_some()).count() as i64),
            "exists" if at_least(1) => Reply::Int(args.iter().filter(|k| db.contains_key(*k)).count() as i64),
            "type" if want(1) => Reply::Status(match db.get(&args[0]) {
                None => "none",
                Some(Value::Str(_)) => "string",
                Some(Value::List(_)) => "list",
                Some(Value::Hash(_)) => "hash",
            }
            .into()),
            "expire" | "pexpire" if at_least(2) => match args[1].parse::<i64>() {
                Ok(_) => Reply::Int(i64::from(db.contains_key(&args[0]))),
                Err(_) => not_integer(),
            },
            "ttl" | "pttl" if want(1) => Reply::Int(if db.contains_key(&args[0]) { -1 } else { -2 }),
            "keys" if want(1) => {
                let p: Vec<char> = args[0].chars().collect();
                Reply::Array(
                    db.keys()
                        .filter(|k| {
                            let mut fuel = 100_000;
                            glob(&p, &k.chars().collect::<Vec<_>>(), &mut fuel)
                        })
                        .map(|k| Reply::Bulk(Some(k.clone())))
                        .collect(),
                )
            }
            "dbsize" if want(0) => Reply::Int(db.len() as i64),
            // CONFIG GET pattern (a glob over the parameters' names) and CONFIG SET name value.
            "config" if at_least(1) => match (args[0].to_ascii_lowercase().as_str(), &args[1..]) {
                ("get", [pattern]) => {
                    let p: Vec<char> = pattern.to_ascii_lowercase().chars().collect();
                    let mut reply = Vec::new();
                    for (name, _) in CONFIG_DEFAULTS {
                        let mut fuel = 10_000;
                        if glob(&p, &name.chars().collect::<Vec<_>>(), &mut fuel) {
                            reply.push(Reply::Bulk(Some(name.to_string())));
                            reply.push(Reply::Bulk(self.config_value(name)));
                        }
                    }
                    Reply::Array(reply)
                }
                ("set", [name, value]) => match self.set_config(name, value) {
                    Ok(()) => Reply::Status("OK".into()),
                    Err(why) if why.starts_with("Bad directive") => Reply::Error(format!("ERR Unknown option or number of arguments for CONFIG SET - '{name}'")),
                    Err(why) => Reply::Error(format!("ERR CONFIG SET failed (possibly related to argument '{name}') - {why}")),
                },
                (sub, _) => Reply::Error(format!("ERR unknown subcommand or wrong number of arguments for '{sub}'. Try CONFIG HELP.")),
            },
            "flushdb" => {
                db.clear();
                Reply::Status("OK".into())
            }
            "flushall" => {
                self.dbs.clear();
                Reply::Status("OK".into())
            }
            "lpush" | "rpush" if at_least(2) => match db.entry(args[0].clone()).or_insert_with(|| Value::List(VecDeque::new())) {
                Value::List(l) => {
                    for v in &args[1..] {
                        if name == "lpush" {
                            l.push_front(v.clone());
                        } else {
                            l.push_back(v.clone());
                        }
                    }
                    Reply::Int(l.len() as i64)
                }
                _ => wrong_type(),
            },
            "lpop" | "rpop" if want(1) => {
                let (reply, empty) = match db.get_mut(&args[0]) {
                    None => return Reply::Bulk(None),
                    Some(Value::List(l)) => (Reply::Bulk(if name == "lpop" { l.pop_front() } else { l.pop_back() }), l.is_empty()),
                    Some(_) => return wrong_type(),
                };
                if empty {
                    db.remove(&args[0]);
                }
                reply
            }
            "llen" if want(1) => match db.get(&args[0]) {
                None => Reply::Int(0),
                Some(Value::List(l)) => Reply::Int(l.len() as i64),
                Some(_) => wrong_type(),
            },
            "lrange" if want(3) => {
                let (Ok(start), Ok(stop)) = (args[1].parse::<i64>(), args[2].parse::<i64>()) else { return not_integer() };
                match db.get(&args[0]) {
                    None => Reply::Array(vec![]),
                    Some(Value::List(l)) => {
                        let n = l.len() as i64;
                        let norm = |i: i64| if i < 0 { (n + i).max(0) } else { i };
                        let (a, b) = (norm(start), norm(stop).min(n - 1));
                        if a > b || a >= n { Reply::Array(vec![]) } else { Reply::Array(l.iter().skip(a as usize).take((b - a + 1) as usize).map(|v| Reply::Bulk(Some(v.clone()))).collect()) }
                    }
                    Some(_) => wrong_type(),
                }
            }
            "hset" if at_least(3) && !args.len().is_multiple_of(2) => match db.entry(args[0].clone()).or_insert_with(|| Value::Hash(VecMap::new())) {
                Value::Hash(h) => Reply::Int(args[1..].chunks(2).filter(|kv| h.insert(kv[0].clone(), kv[1].clone()).is_none()).count() as i64),
                _ => wrong_type(),
            },
            "hget" if want(2) => match db.get(&args[0]) {
                None => Reply::Bulk(None),
                Some(Value::Hash(h)) => Reply::Bulk(h.get(&args[1]).cloned()),
                Some(_) => wrong_type(),
            },
            "hgetall" if want(1) => match db.get(&args[0]) {
                None => Reply::Array(vec![]),
                Some(Value::Hash(h)) => Reply::Array(h.iter().flat_map(|(k, v)| [Reply::Bulk(Some(k.clone())), Reply::Bulk(Some(v.clone()))]).collect()),
                Some(_) => wrong_type(),
            },
            "hdel" if at_least(2) => {
                let (n, empty) = match db.get_mut(&args[0]) {
                    None => return Reply::Int(0),
                    Some(Value::Hash(h)) => (args[1..].iter().filter(|f| h.remove(*f).is_some()).count(), h.is_empty()),
                    Some(_) => return wrong_type(),
                };
                if empty {
                    db.remove(&args[0]);
                }
                Reply::Int(n as i64)
            }
            "echo" | "auth" | "select" | "set" | "get" | "mget" | "mset" | "append" | "strlen" | "incr" | "decr" | "incrby" | "decrby" | "del" | "unlink" | "exists" | "type" | "expire" | "pexpire"
            | "ttl" | "pttl" | "keys" | "dbsize" | "lpush" | "rpush" | "lpop" | "rpop" | "llen" | "lrange" | "hset" | "hget" | "hgetall" | "hdel" => arity(&name),
            _ => {
                let shown: String = args.iter().take(3).map(|a| format!("'{}' ", a.chars().take(128).collect::<String>())).collect();
                Reply::Error(format!("ERR unknown command '{}', with args beginning with: {shown}", first.chars().take(128).collect::<String>()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resp_round_trip_and_commands() {
        let mut s = Store::default();
        assert_eq!(s.serve(&encode_command(&["PING".into()])), "+PONG\r\n");
        assert_eq!(s.serve(&encode_command(&["set".into(), "k".into(), "v".into()])), "+OK\r\n");
        assert_eq!(s.serve(&encode_command(&["GET".into(), "k".into()])), "$1\r\nv\r\n");
        assert_eq!(s.serve(&encode_command(&["GET".into(), "nope".into()])), "$-1\r\n");
        assert_eq!(s.serve("INCR n\r\nINCR n\r\n"), ":1\r\n:2\r\n");
        assert_eq!(s.serve(&encode_command(&["incr".into(), "k".into()])), "-ERR value is not an integer or out of range\r\n");
        assert_eq!(s.serve(&encode_command(&["foo".into(), "a".into()])), "-ERR unknown command 'foo', with args beginning with: 'a' \r\n");
        assert_eq!(s.serve(&encode_command(&["get".into()])), "-ERR wrong number of arguments for 'get' command\r\n");
        assert_eq!(s.serve("LPUSH l a b\r\nLRANGE l 0 -1\r\nGET l\r\n"), ":2\r\n*2\r\n$1\r\nb\r\n$1\r\na\r\n-WRONGTYPE Operation against a key holding the wrong kind of value\r\n");
        let (r, used) = Reply::decode("*2\r\n$1\r\na\r\n:3\r\n").unwrap();
        assert_eq!((r, used), (Reply::Array(vec![Reply::Bulk(Some("a".into())), Reply::Int(3)]), 15));
        let mut locked = Store { password: Some("s3cret".into()), ..Store::default() };
        assert_eq!(locked.serve("GET k\r\n"), "-NOAUTH Authentication required.\r\n");
        assert_eq!(locked.serve("AUTH s3cret\r\nSET k 1\r\n"), "+OK\r\n+OK\r\n");
    }
}

//! Teaching snippets run against a fake container, the error texts, and property tests
//! that arbitrary input neither panics nor runs away.

use std::collections::{BTreeMap, BTreeSet};
use crate::vecmap::VecMap;

use proptest::prelude::*;

use super::*;

/// A fake container: files, a clock, listening ports and HTTP answers that may depend on
/// the time.
#[derive(Default)]
struct Fake {
    out: String,
    err: String,
    now_ms: u64,
    files: BTreeMap<String, String>,
    dirs: BTreeSet<String>,
    /// (host, port) → listening from this time (ms).
    listeners: BTreeMap<(String, u16), u64>,
    /// Hosts that resolve, with their addresses.
    hosts: BTreeMap<String, String>,
    /// Hosts whose connections time out.
    blackholes: BTreeSet<String>,
    /// Hosts that REJECT retransmitted SYNs from this time (ms) on.
    rejects_from: BTreeMap<String, u64>,
    /// URL (`http://host:port/path`) → (status, body).
    http: BTreeMap<String, (u16, String)>,
    /// Permission bits set by chmod (others: 0644 files, 0755 directories).
    modes: BTreeMap<String, u32>,
    /// GNU tools (a Debian-based image) rather than busybox's.
    gnu: bool,
    /// The process's user and groups (None: root).
    creds: Option<Credentials>,
}

impl Fake {
    fn new() -> Fake {
        let mut f = Fake { now_ms: 1_795_000_000_000, ..Default::default() };
        for d in ["/", "/tmp", "/data", "/etc", "/root", "/bin"] {
            f.dirs.insert(d.to_string());
        }
        f
    }

    fn listen(&mut self, host: &str, ip: &str, port: u16, from_ms: u64) {
        self.hosts.insert(host.to_string(), ip.to_string());
        self.listeners.insert((host.to_string(), port), from_ms);
    }
}

impl Host for Fake {
    fn stdout(&mut self, text: &str) {
        self.out.push_str(text);
    }
    fn stderr(&mut self, text: &str) {
        self.err.push_str(text);
    }
    fn now_unix_secs(&self) -> u64 {
        self.now_ms / 1000
    }
    fn now_millis(&self) -> u64 {
        self.now_ms
    }
    fn hostname(&self) -> String {
        "web-7d9c".to_string()
    }
    fn read_file(&self, path: &str) -> Option<String> {
        self.files.get(path).cloned()
    }
    fn write_file(&mut self, path: &str, content: &str, append: bool) -> Result<(), String> {
        if path.starts_with("/ro/") {
            return Err("Read-only file system".to_string());
        }
        let e = self.files.entry(path.to_string()).or_default();
        if !append {
            e.clear();
        }
        e.push_str(content);
        Ok(())
    }
    fn remove_file(&mut self, path: &str) -> bool {
        self.files.remove(path).is_some() || self.dirs.remove(path)
    }
    fn file_exists(&self, path: &str) -> bool {
        self.files.contains_key(path) || self.dirs.contains(path)
    }
    fn make_dir(&mut self, path: &str) -> Result<(), String> {
        self.dirs.insert(path.to_string());
        Ok(())
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        if !self.dirs.contains(path) {
            return None;
        }
        let prefix = if path == "/" { "/".to_string() } else { format!("{path}/") };
        let mut names: Vec<String> = self
            .files
            .keys()
            .chain(self.dirs.iter())
            .filter_map(|p| p.strip_prefix(&prefix))
            .filter(|rest| !rest.is_empty() && !rest.contains('/'))
            .map(str::to_string)
            .collect();
        names.sort();
        names.dedup();
        Some(names)
    }
    fn resolve(&mut self, host: &str) -> Option<String> {
        self.hosts.get(host).cloned()
    }
    fn tcp_connect(&mut self, host: &str, port: u16) -> Result<(), NetError> {
        if self.blackholes.contains(host) {
            return Err(NetError::Timeout);
        }
        if !self.hosts.contains_key(host) && host.parse::<std::net::IpAddr>().is_err() {
            return Err(NetError::UnknownHost);
        }
        match self.listeners.get(&(host.to_string(), port)) {
            Some(&from) if self.now_ms >= from => Ok(()),
            _ => Err(NetError::Refused),
        }
    }
    fn syn_retransmit(&mut self, host: &str, _port: u16) -> bool {
        self.rejects_from.get(host).is_some_and(|&t| self.now_ms >= t)
    }
    fn stat(&self, path: &str) -> Option<Stat> {
        let now = self.now_ms / 1000;
        if let Some(t) = self.files.get(path) {
            return Some(Stat::file(t.len() as u64, self.modes.get(path).copied().unwrap_or(0o644), now));
        }
        self.dirs.contains(path).then(|| Stat::dir(self.modes.get(path).copied().unwrap_or(0o755), now))
    }
    fn chmod(&mut self, path: &str, mode: u32) -> Result<(), String> {
        if !self.file_exists(path) {
            return Err("No such file or directory".into());
        }
        self.modes.insert(path.to_string(), mode);
        Ok(())
    }
    fn gnu_userland(&self) -> bool {
        self.gnu
    }
    fn credentials(&self) -> Credentials {
        self.creds.clone().unwrap_or_else(Credentials::root)
    }
    fn http_get(&mut self, url: &str) -> Result<(u16, String), NetError> {
        let rest = url.split_once("://").map(|x| x.1).unwrap_or(url);
        let hostport = rest.split('/').next().unwrap_or("");
        let (host, port) = hostport.rsplit_once(':').unwrap_or((hostport, "80"));
        self.tcp_connect(host, port.parse().unwrap_or(80))?;
        Ok(self.http.get(url).cloned().unwrap_or((404, "not found\n".to_string())))
    }
}

/// What a run ended with.
#[derive(Debug, PartialEq, Eq)]
enum End {
    Exit(i32),
    Exec(Vec<String>),
    Forever,
}

/// Runs a shell to its end, answering programs with status 0 (or "not found" for names
/// in `missing`), sleeping as asked, up to `limit_ms` of virtual time.
fn drive(sh: &mut Shell, h: &mut Fake, limit_ms: u64, missing: &[&str]) -> End {
    let start = h.now_ms;
    for _ in 0..100_000 {
        match sh.resume(h) {
            Yield::Busy => h.now_ms += 10,
            Yield::Sleep { ms } => {
                if h.now_ms + ms - start > limit_ms {
                    h.now_ms = start + limit_ms;
                    return End::Forever;
                }
                h.now_ms += ms;
            }
            Yield::Run { argv } => {
                if missing.contains(&argv[0].as_str()) {
                    sh.program_not_found();
                } else {
                    sh.program_exited(0);
                }
            }
            Yield::Exec { argv } => return End::Exec(argv),
            Yield::Exit { code } => return End::Exit(code),
            Yield::WaitForever => return End::Forever,
        }
    }
    panic!("the shell did not settle");
}

fn run_with(h: &mut Fake, src: &str) -> End {
    let mut sh = Shell::from_source(src, Vec::new(), VecMap::new()).expect("parses");
    drive(&mut sh, h, 3_600_000, &[])
}

fn run(src: &str) -> (String, String, End) {
    let mut h = Fake::new();
    let end = run_with(&mut h, src);
    (h.out, h.err, end)
}

fn out(src: &str) -> String {
    run(src).0
}

#[test]
fn until_nc_waits_for_the_database() {
    let mut h = Fake::new();
    let t0 = h.now_ms;
    h.listen("db", "10.96.0.20", 5432, t0 + 5_000);
    let end = run_with(&mut h, "until nc -z db 5432; do echo waiting; sleep 2; done; echo ready");
    assert_eq!(end, End::Exit(0));
    assert_eq!(h.out, "waiting\nwaiting\nwaiting\nready\n");
    assert_eq!(h.now_ms - t0, 6_000);
    assert_eq!(h.err, "");
}

#[test]
fn nc_texts() {
    let mut h = Fake::new();
    h.listen("db", "10.96.0.20", 5432, 0);
    assert_eq!(run_with(&mut h, "nc -zv db 5432"), End::Exit(0));
    assert_eq!(h.err, "db (10.96.0.20:5432) open\n");
    let (_, err, end) = run("nc -z nosuch 5432");
    assert_eq!(end, End::Exit(1));
    assert_eq!(err, "nc: bad address 'nosuch'\n");
    // A timeout takes its time (-w), then reports with -v.
    let mut h = Fake::new();
    h.hosts.insert("slow".into(), "10.0.0.9".into());
    h.blackholes.insert("slow".into());
    let t0 = h.now_ms;
    assert_eq!(run_with(&mut h, "nc -zv -w 3 slow 80; echo $?"), End::Exit(0));
    assert_eq!(h.now_ms - t0, 3_000);
    assert_eq!(h.err, "nc: slow (10.0.0.9:80): Connection timed out\n");
    assert_eq!(h.out, "1\n");
}

/// A connect to a Service address nobody answers yet: the SYN is retransmitted after 1, 3,
/// 7 … s; once a REJECT rule exists (kube-proxy synced a Service without endpoints), the
/// next retransmission is refused and connect() returns at that moment.
#[test]
fn a_retransmitted_syn_meets_a_new_reject_rule() {
    let mut h = Fake::new();
    h.hosts.insert("db".into(), "10.96.5.5".into());
    h.blackholes.insert("db".into());
    let t0 = h.now_ms;
    h.rejects_from.insert("db".into(), t0 + 2_500);
    assert_eq!(run_with(&mut h, "nc -zvv db 5432; echo $?"), End::Exit(0));
    assert_eq!(h.now_ms - t0, 3_000, "refused at the second retransmission (t+3 s)");
    assert_eq!(h.err, "nc: db (10.96.5.5:5432): Connection refused\n");
    assert_eq!(h.out, "1\n");
    // wget, the same way.
    let mut h = Fake::new();
    h.hosts.insert("web".into(), "10.96.5.6".into());
    h.blackholes.insert("web".into());
    let t0 = h.now_ms;
    h.rejects_from.insert("web".into(), t0 + 6_000);
    assert_eq!(run_with(&mut h, "wget -qO- http://web/; echo $?"), End::Exit(0));
    assert_eq!(h.now_ms - t0, 7_000);
    assert_eq!(h.err, "wget: can't connect to remote host (10.96.5.6): Connection refused\n");
}

#[test]
fn files_through_redirections() {
    assert_eq!(out("echo hello > /data/x; cat /data/x"), "hello\n");
    assert_eq!(out("echo a > /tmp/f; echo b >> /tmp/f; cat /tmp/f; wc -l < /tmp/f"), "a\nb\n2\n");
    let (o, e, end) = run("echo x > /nodir/f; echo $?");
    assert_eq!((o.as_str(), e.as_str(), end), ("1\n", "sh: can't create /nodir/f: nonexistent directory\n", End::Exit(0)));
    let (_, e, _) = run("cat < /missing");
    assert_eq!(e, "sh: can't open /missing: no such file\n");
    let (_, e, _) = run("cat /missing");
    assert_eq!(e, "cat: can't open '/missing': No such file or directory\n");
    let (o, e, _) = run("echo out; echo err >&2; ls /nope 2>/dev/null; echo both 2>&1 >/dev/null");
    assert_eq!(o, "out\n");
    assert_eq!(e, "err\n");
    let mut h = Fake::new();
    h.dirs.insert("/ro".into());
    run_with(&mut h, "echo x > /ro/file");
    assert_eq!(h.err, "sh: can't create /ro/file: Read-only file system\n");
}

#[test]
fn trap_runs_after_the_foreground_sleep() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("trap 'echo bye; exit 0' TERM; while true; do sleep 1; done", Vec::new(), VecMap::new()).unwrap();
    let t0 = h.now_ms;
    // Sleep in 1 s steps; at 5.5 s SIGTERM arrives during a sleep.
    let mut ends = None;
    for _ in 0..20 {
        match sh.resume(&mut h) {
            Yield::Sleep { ms } => {
                assert_eq!(ms, 1000);
                if h.now_ms - t0 == 5_000 {
                    h.now_ms += 500;
                    assert_eq!(sh.signal(15), SignalDisposition::Trapped);
                    assert!(!sh.interruptible(), "a foreground sleep is not interrupted");
                    h.now_ms += 500;
                } else {
                    h.now_ms += ms;
                }
            }
            Yield::Exit { code } => {
                ends = Some(code);
                break;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(ends, Some(0));
    assert_eq!(h.out, "bye\n");
    assert_eq!(h.now_ms - t0, 6_000);
}

#[test]
fn trap_ends_wait_at_once() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("trap 'exit 0' TERM; sleep infinity & wait", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::WaitForever);
    assert!(sh.interruptible());
    assert!(sh.has_trap(15));
    assert_eq!(sh.signal(15), SignalDisposition::Trapped);
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    // Without exit in the trap, wait returns 128+15 and the script goes on.
    let mut sh = Shell::from_source("trap 'echo got' TERM; sleep 100 & wait; echo \"wait=$?\"", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 100_000 });
    assert!(sh.interruptible());
    h.now_ms += 3_000;
    assert_eq!(sh.signal(15), SignalDisposition::Trapped);
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    assert_eq!(h.out, "got\nwait=143\n");
}

#[test]
fn signal_dispositions() {
    let mut sh = Shell::from_source("trap '' TERM; trap 'echo int' INT; trap - INT; trap 'x' SIGUSR1 2; sleep 5", Vec::new(), VecMap::new()).unwrap();
    let mut h = Fake::new();
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 5000 });
    assert_eq!(sh.signal(15), SignalDisposition::Ignored);
    assert_eq!(sh.signal(1), SignalDisposition::Default);
    assert_eq!(sh.signal(9), SignalDisposition::Default);
    assert_eq!(sh.signal(10), SignalDisposition::Trapped);
    assert_eq!(sh.signal(2), SignalDisposition::Trapped);
    let (_, e, _) = run("trap 'x' BOGUS");
    assert_eq!(e, "sh: trap: line 1: BOGUS: invalid signal specification\n");
    assert_eq!(out("trap 'echo a' TERM EXIT; trap"), "trap -- 'echo a' EXIT\ntrap -- 'echo a' TERM\na\n");
}

#[test]
fn liveness_file_then_long_sleep() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 30_000 });
    assert!(h.file_exists("/tmp/healthy"));
    h.now_ms += 30_000;
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 600_000 });
    assert!(!h.file_exists("/tmp/healthy"));
    h.now_ms += 600_000;
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
}

#[test]
fn loops_arithmetic_and_exit() {
    assert_eq!(run("i=0; while [ $i -lt 3 ]; do i=$((i+1)); done; exit $i").2, End::Exit(3));
    assert_eq!(out("for i in 1 2 3; do echo $i; done"), "1\n2\n3\n");
    assert_eq!(run("exit 3").2, End::Exit(3));
    assert_eq!(run("false").2, End::Exit(1));
    assert_eq!(out("false || echo recovered"), "recovered\n");
    assert_eq!(out("true && echo a || echo b; false && echo c || echo d"), "a\nd\n");
    assert_eq!(out("echo $((2+3*4)) $((10/3)) $((10%3)) $((1<2)) $((2**10)) $((-7/2)) $((0x10 + 010))"), "14 3 1 1 1024 -3 24\n");
    assert_eq!(out("i=5; : $((i+=2)); echo $i $((i++)) $i"), "7 7 8\n");
    assert_eq!(out("for i in $(seq 3); do for j in a b; do [ $j = b ] && continue; echo $i$j; [ $i = 2 ] && break 2; done; done"), "1a\n2a\n");
    assert_eq!(out("n=0; until [ $n -ge 2 ]; do n=$((n+1)); echo n=$n; done"), "n=1\nn=2\n");
    let (_, e, end) = run("echo $((1/0))");
    assert_eq!((e.as_str(), end), ("sh: divide by zero\n", End::Exit(2)));
    let (_, e, end) = run("exit abc");
    assert_eq!((e.as_str(), end), ("sh: exit: line 1: Illegal number: abc\n", End::Exit(2)));
}

#[test]
fn wget_texts() {
    let mut h = Fake::new();
    h.listen("web", "10.96.0.12", 80, 0);
    h.http.insert("http://web:80/".into(), (200, "<h1>hello</h1>\n".into()));
    h.http.insert("http://web:80/fail".into(), (500, "boom".into()));
    assert_eq!(run_with(&mut h, "wget -q -O- http://web:80/"), End::Exit(0));
    assert_eq!(h.out, "<h1>hello</h1>\n");
    assert_eq!(h.err, "");

    let mut h2 = Fake::new();
    h2.listen("web", "10.96.0.12", 80, 0);
    h2.http = h.http.clone();
    assert_eq!(run_with(&mut h2, "cd /tmp && wget http://web/"), End::Exit(0));
    assert_eq!(h2.err, "Connecting to web (10.96.0.12:80)\nsaving to 'index.html'\nindex.html           100% |********************************|    15  0:00:00 ETA\n'index.html' saved\n");
    assert_eq!(h2.files.get("/tmp/index.html").map(String::as_str), Some("<h1>hello</h1>\n"));

    let mut h3 = Fake::new();
    h3.listen("web", "10.96.0.12", 80, 0);
    h3.http = h.http.clone();
    assert_eq!(run_with(&mut h3, "wget -q -O /dev/null http://web/fail"), End::Exit(1));
    assert_eq!(h3.err, "wget: server returned error: HTTP/1.1 500 Internal Server Error\n");

    let (_, e, end) = run("wget -qO- http://db:5432/");
    assert_eq!((e.as_str(), end), ("wget: bad address 'db'\n", End::Exit(1)));

    let mut h4 = Fake::new();
    h4.hosts.insert("web".into(), "10.96.0.1".into());
    assert_eq!(run_with(&mut h4, "wget --spider http://web/"), End::Exit(1));
    assert_eq!(h4.err, "Connecting to web (10.96.0.1:80)\nwget: can't connect to remote host (10.96.0.1): Connection refused\n");

    let mut h5 = Fake::new();
    h5.hosts.insert("slow".into(), "10.0.0.9".into());
    h5.blackholes.insert("slow".into());
    let t0 = h5.now_ms;
    assert_eq!(run_with(&mut h5, "wget -q -T 5 -O- http://slow/"), End::Exit(1));
    assert_eq!(h5.now_ms - t0, 5_000);
    assert_eq!(h5.err, "wget: download timed out\n");
}

#[test]
fn curl_texts() {
    let mut h = Fake::new();
    h.listen("web", "10.96.0.12", 80, 0);
    h.http.insert("http://web:80/".into(), (200, "ok\n".into()));
    h.http.insert("http://web:80/err".into(), (503, "down\n".into()));
    assert_eq!(run_with(&mut h, "curl -s http://web/"), End::Exit(0));
    assert_eq!((h.out.as_str(), h.err.as_str()), ("ok\n", ""));
    h.out.clear();
    assert_eq!(run_with(&mut h, "curl -sf http://web/err; echo \" rc=$?\""), End::Exit(0));
    assert_eq!(h.out, " rc=22\n");
    h.out.clear();
    assert_eq!(run_with(&mut h, "curl -fsS http://web/err"), End::Exit(22));
    assert_eq!(h.err, "curl: (22) The requested URL returned error: 503\n");
    h.out.clear();
    assert_eq!(run_with(&mut h, "curl -s -o /dev/null -w '%{http_code}\\n' http://web/err"), End::Exit(0));
    assert_eq!(h.out, "503\n");
    let (_, e, end) = run("curl -sS http://nope/");
    assert_eq!((e.as_str(), end), ("curl: (6) Could not resolve host: nope\n", End::Exit(6)));
    let mut h = Fake::new();
    h.hosts.insert("web".into(), "10.96.0.3".into());
    assert_eq!(run_with(&mut h, "curl -sS web"), End::Exit(7));
    assert_eq!(h.err, "curl: (7) Failed to connect to web port 80 after 0 ms: Couldn't connect to server\n");
    let mut h = Fake::new();
    h.listen("web", "10.96.0.12", 80, 0);
    h.http.insert("http://web:80/".into(), (200, "ok\n".into()));
    assert_eq!(run_with(&mut h, "curl http://web/"), End::Exit(0));
    assert!(h.err.starts_with("  % Total    % Received"), "{}", h.err);
    assert!(h.err.ends_with("100     3  100     3    0     0   3000      0 --:--:-- --:--:-- --:--:--  3000\n"), "{}", h.err);
}

#[test]
fn parse_errors_use_ash_texts() {
    let e = |s: &str| parse(s).unwrap_err().to_string();
    assert_eq!(e("fi"), "sh: syntax error: unexpected \"fi\"");
    assert_eq!(e("if true; then echo hi"), "sh: syntax error: unexpected end of file (expecting \"fi\")");
    assert_eq!(e("if true; echo hi; fi"), "sh: syntax error: unexpected \"fi\" (expecting \"then\")");
    assert_eq!(e("while true; done"), "sh: syntax error: unexpected \"done\" (expecting \"do\")");
    assert_eq!(e("echo \"abc"), "sh: syntax error: unterminated quoted string");
    assert_eq!(e("echo $((1+2)"), "sh: syntax error: missing '))'");
    assert_eq!(e("echo ${x"), "sh: syntax error: missing '}'");
    assert_eq!(e("echo )"), "sh: syntax error: unexpected \")\"");
    assert_eq!(e("; ls"), "sh: syntax error: unexpected \";\"");
    assert_eq!(e("a && ;"), "sh: syntax error: unexpected \";\"");
    assert_eq!(e("case x in a) echo;;"), "sh: syntax error: unexpected end of file (expecting \")\")");
    assert_eq!(e("for 1 in a; do :; done"), "sh: syntax error: bad for loop variable");
    assert_eq!(e("{ echo }"), "sh: syntax error: unexpected end of file (expecting \"}\")");
    assert_eq!(e("echo `ls"), "sh: syntax error: EOF in backquote substitution");
    assert_eq!(e("echo a |"), "sh: syntax error: unexpected end of file");
    assert!(parse("f() echo hi").is_ok(), "ash takes any command as a function body");
    // A named script reports the line, as ash does for `sh -c SRC NAME`.
    let err = Shell::from_source("echo a\n\nif", vec!["job".into()], VecMap::new());
    assert!(err.is_ok(), "the lines before the error run first");
    let mut h = Fake::new();
    let mut sh = err.unwrap();
    assert_eq!(drive(&mut sh, &mut h, 1000, &[]), End::Exit(2));
    assert_eq!(h.out, "a\n");
    assert_eq!(h.err, "job: line 3: syntax error: unexpected end of file (expecting \"then\")\n");
    let err = Shell::from_source("done", Vec::new(), VecMap::new()).unwrap_err();
    assert_eq!(err.to_string(), "sh: syntax error: unexpected \"done\"");
    assert_eq!(err.message, "syntax error: unexpected \"done\"");
}

#[test]
fn not_found_and_programs() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("foo --bar; echo \"rc=$?\"", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Run { argv: vec!["foo".into(), "--bar".into()] });
    assert!(!sh.interruptible());
    sh.program_not_found();
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    assert_eq!(h.err, "sh: foo: not found\n");
    assert_eq!(h.out, "rc=127\n");
    // Named scripts add the line.
    let mut h = Fake::new();
    let mut sh = Shell::from_source("\nfoo", vec!["init".into()], VecMap::new()).unwrap();
    assert_eq!(drive(&mut sh, &mut h, 1000, &["foo"]), End::Exit(127));
    assert_eq!(h.err, "init: line 2: foo: not found\n");
    // A program's status and output go through the shell.
    let mut h = Fake::new();
    let mut sh = Shell::from_source("ps aux | grep nginx | wc -l; java -jar app.jar; echo $?", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Run { argv: vec!["ps".into(), "aux".into()] });
    sh.program_output("PID USER COMMAND\n1 root nginx: master\n7 nginx nginx: worker\n", "");
    sh.program_exited(0);
    assert_eq!(sh.resume(&mut h), Yield::Run { argv: vec!["java".into(), "-jar".into(), "app.jar".into()] });
    sh.program_exited(3);
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    assert_eq!(h.out, "2\n3\n");
    // exec hands the process over.
    let (_, _, end) = run("echo starting; exec nginx -g 'daemon off;'");
    assert_eq!(end, End::Exec(vec!["nginx".into(), "-g".into(), "daemon off;".into()]));
    let mut h = Fake::new();
    let mut sh = Shell::from_source("exec ./missing", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Exec { argv: vec!["./missing".into()] });
    sh.program_not_found();
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 127 });
    assert_eq!(h.err, "sh: exec: line 1: ./missing: not found\n");
}

#[test]
fn exec_form_processes() {
    let mut h = Fake::new();
    let mut sh = Shell::from_argv(vec!["sleep".into(), "3600".into()], VecMap::new());
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 3_600_000 });
    h.now_ms += 3_600_000;
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    let mut sh = Shell::from_argv(vec!["echo".into(), "hi $HOME".into()], VecMap::new());
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    assert_eq!(h.out, "hi $HOME\n");
    let mut sh = Shell::from_argv(vec!["nginx".into(), "-g".into(), "daemon off;".into()], VecMap::new());
    assert_eq!(sh.resume(&mut h), Yield::Exec { argv: vec!["nginx".into(), "-g".into(), "daemon off;".into()] });
    let mut sh = Shell::from_argv(vec!["/bin/sh".into(), "-c".into(), "trap 'exit 7' TERM; sleep infinity & wait".into()], VecMap::new());
    assert_eq!(sh.resume(&mut h), Yield::WaitForever);
    assert_eq!(sh.signal(15), SignalDisposition::Trapped);
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 7 });
    let mut sh = Shell::from_argv(vec!["tail".into(), "-f".into(), "/dev/null".into()], VecMap::new());
    assert_eq!(sh.resume(&mut h), Yield::WaitForever);
    assert!(!sh.interruptible());
    let mut sh = Shell::from_argv(vec!["cat".into(), "/etc/config".into()], VecMap::new());
    h.files.insert("/etc/config".into(), "k=v\n".into());
    h.out.clear();
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    assert_eq!(h.out, "k=v\n");
    let mut sh = Shell::from_argv(vec!["sh".into(), "-c".into(), "fi".into()], VecMap::new());
    h.err.clear();
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 2 });
    assert_eq!(h.err, "sh: syntax error: unexpected \"fi\"\n");
}

#[test]
fn sleep_durations() {
    let mut h = Fake::new();
    for (src, ms) in [("sleep 1.5", 1500), ("sleep 2m", 120_000), ("sleep 1h", 3_600_000), ("sleep 1d", 86_400_000), ("sleep 1 2", 3000), ("sleep 0.25s", 250)] {
        let mut sh = Shell::from_source(src, Vec::new(), VecMap::new()).unwrap();
        assert_eq!(sh.resume(&mut h), Yield::Sleep { ms }, "{src}");
    }
    let mut sh = Shell::from_source("sleep infinity", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::WaitForever);
    let (_, e, end) = run("sleep abc");
    assert_eq!((e.as_str(), end), ("sleep: invalid number 'abc'\n", End::Exit(1)));
}

#[test]
fn expansions() {
    assert_eq!(out("x=$(echo hi); echo \"[$x]\""), "[hi]\n");
    assert_eq!(out("x=`echo a b`; echo $x; echo \"$(echo \"in $(echo nested)\")\""), "a b\nin nested\n");
    assert_eq!(out("echo ${u:-def} ${u-unset} ${e:=set}; echo $e; x=abc; echo ${#x} ${x:+alt}"), "def unset set\nset\n3 alt\n");
    assert_eq!(out("f=/a/b/c.txt; echo ${f##*/} ${f%.txt} ${f#/a} ${f%%/*}x ${f:3:1} ${f/b/B}"), "c.txt /a/b/c /b/c.txt x b /a/B/c.txt\n");
    assert_eq!(out("x='a  b'; printf '<%s>' $x \"$x\"; echo"), "<a><b><a  b>\n");
    assert_eq!(out("echo '$HOME' \"$HOME\" \\$HOME ~"), "$HOME /root $HOME /root\n");
    assert_eq!(out("IFS=:; x=a:b:c; for p in $x; do echo $p; done"), "a\nb\nc\n");
    assert_eq!(out("echo \"$(printf 'a\\n\\n\\n')\"end"), "aend\n");
    assert_eq!(out("x=1; (x=2; echo in $x); echo out $x"), "in 2\nout 1\n");
    assert_eq!(out("echo $(exit 4); echo $?; x=$(exit 5); echo $?"), "\n0\n5\n");
    let (_, e, end) = run("echo ${x:?is required}; echo no");
    assert_eq!((e.as_str(), end), ("sh: x: is required\n", End::Exit(2)));
    let (_, e, end) = run("echo ${}");
    assert_eq!((e.as_str(), end), ("sh: syntax error: bad substitution\n", End::Exit(2)));
    let mut h = Fake::new();
    for f in ["/data/a.log", "/data/b.log", "/data/c.txt"] {
        h.files.insert(f.into(), String::new());
    }
    assert_eq!(run_with(&mut h, "echo /data/*.log; echo /data/*.none; cd /data && echo *.txt"), End::Exit(0));
    assert_eq!(h.out, "/data/a.log /data/b.log\n/data/*.none\nc.txt\n");
}

#[test]
fn positional_parameters_and_functions() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("echo $0 $# \"$@\"; for a; do echo \"<$a>\"; done; shift; echo $1", vec!["me".into(), "x y".into(), "z".into()], VecMap::new()).unwrap();
    assert_eq!(drive(&mut sh, &mut h, 1000, &[]), End::Exit(0));
    assert_eq!(h.out, "me 2 x y z\n<x y>\n<z>\nz\n");
    assert_eq!(out("f() { echo \"arg $1\"; return 2; }; f x; echo $?"), "arg x\n2\n");
    assert_eq!(out("g() { local v=in; echo $v; }; v=out; g; echo $v"), "in\nout\n");
    assert_eq!(out("count() { echo $#; }; count a b c; count"), "3\n0\n");
    assert_eq!(out("fact() { if [ $1 -le 1 ]; then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 5"), "120\n");
    assert_eq!(out("v=1 sh -c 'echo $v'; echo \"[$v]\""), "1\n[]\n");
}

#[test]
fn case_and_test() {
    assert_eq!(out("for x in foo bar baz 1; do case $x in f*) echo F;; bar|baz) echo B;; *) echo other;; esac; done"), "F\nB\nB\nother\n");
    assert_eq!(out("case 'a b' in \"a b\") echo quoted;; esac; case x in [xy]) echo class;; esac"), "quoted\nclass\n");
    let mut h = Fake::new();
    h.files.insert("/etc/f".into(), "x".into());
    assert_eq!(
        run_with(&mut h, "[ -f /etc/f ] && echo f; [ -d /etc ] && echo d; [ -e /nope ] || echo no; test -z '' && echo z; [ a != b ] && echo ne; [ 3 -ge 3 ] && echo ge; [[ abc == a* ]] && echo glob; [ ! -f /etc ] && echo notf"),
        End::Exit(0)
    );
    assert_eq!(h.out, "f\nd\nno\nz\nne\nge\nglob\nnotf\n");
    let (_, e, _) = run("[ 1 -eq 1");
    assert_eq!(e, "sh: missing ]\n");
    let (_, e, _) = run("[ a -eq 1 ]; echo $?");
    assert_eq!(e, "sh: a: bad number\n");
}

#[test]
fn pipelines_and_text_tools() {
    assert_eq!(out("echo x | cat"), "x\n");
    assert_eq!(out("printf 'a\\nb\\nab\\n' | grep b"), "b\nab\n");
    assert_eq!(out("printf 'a\\nb\\n' | grep -c .; echo hello | grep -q ell && echo yes"), "2\nyes\n");
    assert_eq!(out("seq 5 | tail -n 2; seq 10 | head -n 3 | wc -l"), "4\n5\n3\n");
    assert_eq!(out("echo hello world | wc -w; echo abc | wc -c"), "2\n4\n");
    assert_eq!(out("! echo x | grep -q y && echo negated"), "negated\n");
    assert_eq!(out("echo one | { read a; echo got $a; }"), "got one\n");
    assert_eq!(out("printf '1 2\\n3 4\\n' > /tmp/t; while read a b; do echo $b$a; done < /tmp/t"), "21\n43\n");
    assert_eq!(out("cat <<EOF\nhost=$(hostname)\n  x\nEOF\ncat <<'E'\n$HOME\nE"), "host=web-7d9c\n  x\n$HOME\n");
    assert_eq!(out("expr 3 + 4; expr length abc; expr abc : 'a\\(.\\)'"), "7\n3\nb\n");
    assert_eq!(out("echo -n a; echo -e 'b\\tc'; printf '%s=%d %05.1f|%-3s|\\n' k 42 3.14159 x"), "ab\tc\nk=42 003.1|x  |\n");
    assert_eq!(out("echo abc | tee /tmp/tee; cat /tmp/tee"), "abc\nabc\n");
}

#[test]
fn dates_and_hosts() {
    let mut h = Fake::new();
    h.now_ms = 1_795_978_745_000; // 2026-11-29T18:59:05Z
    assert_eq!(run_with(&mut h, "date; date +%s; date -u +%Y-%m-%dT%H:%M:%SZ; hostname"), End::Exit(0));
    assert_eq!(h.out, "Sun Nov 29 18:59:05 UTC 2026\n1795978745\n2026-11-29T18:59:05Z\nweb-7d9c\n");
    let mut h = Fake::new();
    h.now_ms = 1_772_442_000_000; // 2026-03-02T09:00:00Z
    assert_eq!(run_with(&mut h, "date"), End::Exit(0));
    assert_eq!(h.out, "Mon Mar  2 09:00:00 UTC 2026\n");
}

#[test]
fn files_and_dirs() {
    let mut h = Fake::new();
    let src = "mkdir -p /data/a/b && touch /data/a/b/f && ls /data/a/b; mkdir /data/a; rm /data/nope; rm -f /data/nope; rm /data/a; cd /nowhere; echo rc=$?; cd /data/a && pwd";
    assert_eq!(run_with(&mut h, src), End::Exit(0));
    assert_eq!(h.out, "f\nrc=2\n/data/a\n");
    assert_eq!(
        h.err,
        "mkdir: can't create directory '/data/a': File exists\nrm: can't remove '/data/nope': No such file or directory\nrm: '/data/a' is a directory\nsh: cd: line 1: can't cd to /nowhere: No such file or directory\n"
    );
}

#[test]
fn set_options_and_exit_traps() {
    assert_eq!(run("set -e; echo a; false; echo b").2, End::Exit(1));
    assert_eq!(out("set -e; false || true; if false; then :; fi; echo survived"), "survived\n");
    let (o, e, _) = run("set -x; x=1; echo \"$x b\"");
    assert_eq!((o.as_str(), e.as_str()), ("1 b\n", "+ x=1\n+ echo '1 b'\n"));
    assert_eq!(run("trap 'echo bye' EXIT; echo hi; exit 3"), ("hi\nbye\n".to_string(), String::new(), End::Exit(3)));
    assert_eq!(run("trap 'echo cleanup' EXIT; echo hi").0, "hi\ncleanup\n");
    let (_, e, end) = run("set -u; echo $nope");
    assert_eq!((e.as_str(), end), ("sh: nope: parameter not set\n", End::Exit(2)));
}

#[test]
fn background_jobs_interleave_in_virtual_time() {
    let mut h = Fake::new();
    let t0 = h.now_ms;
    let end = run_with(&mut h, "(while true; do echo tick; sleep 2; done) & sleep 5; echo main; kill $!; wait; echo done");
    assert_eq!(end, End::Exit(0));
    assert_eq!(h.out, "tick\ntick\ntick\nmain\ndone\n");
    assert_eq!(h.now_ms - t0, 5_000);
    let mut h = Fake::new();
    let mut sh = Shell::from_source("sleep 3 & sleep 1 & wait; echo both", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 1000 });
    h.now_ms += 1000;
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 2000 });
    h.now_ms += 2000;
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    assert_eq!(h.out, "both\n");
}

#[test]
fn busy_loops_yield_when_their_budget_is_spent() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("while true; do :; done", Vec::new(), VecMap::new()).unwrap();
    sh.set_step_budget(500);
    for _ in 0..3 {
        assert_eq!(sh.resume(&mut h), Yield::Busy);
        assert_eq!(sh.steps_used(), 500);
        assert!(sh.interruptible());
        h.now_ms += 100;
    }
    let _ = sh.signal(15);
    let mut sh = Shell::from_source("trap 'exit 9' TERM; while :; do :; done", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Busy);
    assert_eq!(sh.signal(15), SignalDisposition::Trapped);
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 9 });
}

/// Found with the `shell` fuzz target (a reproducer seed: `grep -E '(a*)*b'` on 5,000 `a`s in a loop): one
/// command's matching work goes beyond the resume's budget, and the steps beyond it count.
#[test]
fn matching_work_beyond_the_budget_is_counted() {
    let mut h = Fake::new();
    let src = "x=$(printf '%3000s' | tr ' ' a); while true; do echo $x | grep -E '(a*)*b'; done";
    let mut sh = Shell::from_source(src, Vec::new(), VecMap::new()).unwrap();
    sh.set_step_budget(500);
    assert_eq!(sh.resume(&mut h), Yield::Busy);
    assert!(sh.steps_used() > 500, "the grep's matching counts: {}", sh.steps_used());
    // A resume without matching work counts its plain steps again.
    let mut sh = Shell::from_source("while true; do :; done", Vec::new(), VecMap::new()).unwrap();
    sh.set_step_budget(500);
    assert_eq!(sh.resume(&mut h), Yield::Busy);
    assert_eq!(sh.steps_used(), 500);
}

/// The steps a run of `src` is charged, its matching work and text included.
fn total_steps(src: &str) -> u64 {
    let mut h = Fake::new();
    let mut sh = Shell::from_source(src, Vec::new(), VecMap::new()).unwrap();
    let mut total = 0;
    for _ in 0..1_000 {
        let y = sh.resume(&mut h);
        total += sh.steps_used();
        match y {
            Yield::Exit { .. } => return total,
            Yield::Run { .. } => sh.program_exited(0),
            _ => h.now_ms += 10,
        }
    }
    panic!("{src} did not end");
}

/// The fuzzing campaign's `(a*)*b` over 5,000 characters backtracked exponentially until the
/// work limit said "no match", charged far below its cost (a console command's 5,000,000 steps
/// took 125 s of wall time, ~25 µs a step against ~0.2–0.4 µs for a plain one). The matcher
/// is a Pike VM now: linear in the text, charged by its thread steps, and right where
/// backtracking gave up.
#[test]
fn regex_matching_is_linear_and_charged_by_its_work() {
    let a5000 = "x=$(printf '%1000s' | tr ' ' a); x=$x$x$x$x$x; ";
    assert_eq!(out(&format!("{a5000}echo $x | grep -cE '(a*)*b'; echo ${{x}}b | grep -cE '(a*)*b'")), "0\n1\n");
    // A group repeated 2,500 times (the backtracker's recursion limit said "no match").
    assert_eq!(out("x=$(printf 'ab%.0s' $(seq 2500))c; echo $x | grep -cE '^(a|b)*c$'; echo $x | sed -E 's/^(ab)*(c)$/[\\1\\2]/'"), "1\n[abc]\n");
    assert_eq!(out(&format!("{a5000}expr $x : '\\(a*\\)*b'; expr ${{x}}b : '.*'")), "\n5001\n");
    // The charge grows with the text, linearly: 4× the text, about 4× the steps.
    let steps = |x: &str| total_steps(&format!("x=$(printf '%1000s' | tr ' ' a); x={x}; echo $x | grep -E '(a*)*b'"));
    let (small, large) = (steps("$x$x$x$x$x"), steps("$x$x$x$x$x$x$x$x$x$x$x$x$x$x$x$x$x$x$x$x"));
    assert!(small > 5_000 * 4 / super::expand::FUEL_PER_STEP, "{small}");
    assert!(large > 3 * small && large < 5 * small, "{small} {large}");
}

/// Leftmost match, alternatives in order, repetitions greedy: what the backtracking matcher
/// found (and busybox's answers for these).
#[test]
fn regex_priorities_are_kept() {
    assert_eq!(out("echo abcd | sed -E 's/(a|ab)(c|bcd)(d*)/[\\1,\\2,\\3]/'"), "[a,bcd,]\n");
    assert_eq!(out("echo xyz-aaa | sed 's/a*/<&>/'"), "<>xyz-aaa\n");
    assert_eq!(out("echo 'k=v=w' | sed 's/\\(.*\\)=\\(.*\\)/\\2 \\1/'"), "w k=v\n");
    assert_eq!(out("echo aaa | sed -E 's/(a*)+/[\\1]/'"), "[aaa]\n");
    assert_eq!(out("echo 'foo123bar' | grep -oE '[0-9]+'"), "123\n");
    assert_eq!(out("echo 'ab ab' | awk '{ gsub(/a|ab/, \"X\"); print }'"), "Xb Xb\n");
    assert_eq!(out("echo hello | grep -c 'l\\{2\\}'; echo hello | grep -cE '^h.{3}o$'"), "1\n1\n");
    assert_eq!(out("expr abc : 'a\\(b*\\)c'"), "b\n");
    // Counted repetitions are expanded into the program, which has a size limit.
    let (o, e, _) = run("echo a | grep -E '((a{1000}){1000})'; echo $?");
    assert_eq!((o.as_str(), e.as_str()), ("2\n", "grep: bad regex '((a{1000}){1000})': Regular expression too big\n"));
}

/// `mkdir x; cd x` in a loop made every level cost its depth (the paths were rebuilt and the
/// tree scanned per level) and ran without end. A node refuses a path of `PATH_MAX` (4,096)
/// bytes and a name over `NAME_MAX` (255) with ENAMETOOLONG: ash's `cd` passes the absolute
/// path to `chdir`, so the loop stops 2,047 levels down.
#[test]
fn paths_are_limited_as_by_the_kernel() {
    let (o, e, end) = run("while true; do mkdir x || break; cd x || break; done; pwd | wc -c");
    assert_eq!(o, "4095\n");
    assert_eq!(e, "mkdir: can't create directory 'x': File name too long\n");
    assert_eq!(end, End::Exit(0));
    let (o, e, _) = run("mkdir /tmp/$(printf 'd%.0s' $(seq 256)) || echo refused; touch /tmp/$(printf 'f%.0s' $(seq 256)); echo > /tmp/$(printf 'g%.0s' $(seq 300)); mkdir /tmp/$(printf 'd%.0s' $(seq 255)) && echo made");
    assert_eq!(o, "refused\nmade\n");
    let long_f = "f".repeat(256);
    let long_g = "g".repeat(300);
    assert_eq!(
        e,
        format!("mkdir: can't create directory '/tmp/{}': File name too long\ntouch: /tmp/{long_f}: File name too long\nsh: can't create /tmp/{long_g}: File name too long\n", "d".repeat(256))
    );
    let deep = "/a".repeat(2100);
    let (_, e, _) = run(&format!("mkdir -p {deep}; cd {deep}"));
    assert_eq!(e, format!("mkdir: can't create directory '{deep}': File name too long\nsh: cd: line 1: can't cd to {deep}: File name too long\n"));
}

/// `${x//a/aa}` doubled a value per pass at the cost of one step, and the matcher ran out of
/// work half way (a silently wrong, partial result). The pass is linear now, charged by the
/// bytes it builds, and a result over the limits stops with the stated message.
#[test]
fn string_building_is_charged_and_capped() {
    let (o, e, end) = run("x=aaaa; while true; do x=${x//a/aa}; echo ${#x}; done");
    assert!(o.ends_with("262144\n524288\n1048576\n"), "{o}");
    assert_eq!(e, "sh: x: value longer than 1048576 bytes (podlife limit)\n");
    assert_eq!(end, End::Exit(2));
    let (_, e, end) = run("x=$(printf %4000s); x=$x$x$x$x$x; x=$x$x$x$x$x; x=$x$x$x$x$x; x=$x$x; y=${x// /aaaaa}");
    assert_eq!(e, "sh: expansion longer than 4194304 bytes (podlife limit)\n");
    assert_eq!(end, End::Exit(2));
    // Every byte counts: rewriting 512 KiB costs thousands of steps, not one.
    let steps = total_steps("x=$(printf %4096s); x=$x$x$x$x$x$x$x$x; x=$x$x$x$x$x$x$x$x; x=$x$x; y=${x// /b}");
    assert!(steps > 2 * 524_288 / super::expand::BYTES_PER_STEP, "{steps}");
    let steps = total_steps("x=$(printf %4096s); x=$x$x$x$x$x$x$x$x; x=$x$x$x$x$x$x$x$x; x=$x$x; x=$x$x");
    assert!(steps > 3 * 524_288 / super::expand::BYTES_PER_STEP, "{steps}");
    let steps = total_steps("x=$(printf %4096s); x=$x$x$x$x$x$x$x$x; x=$x$x$x$x$x$x$x$x; x=$x$x; echo \"$x\" | tr ' ' a | wc -c");
    assert!(steps > 3 * 524_288 / super::expand::BYTES_PER_STEP, "{steps}");
    // Reading a file is work too: `[ -f F ]` and `< F` read its text.
    let big = "x=$(printf %4096s); x=$x$x$x$x$x$x$x$x; x=$x$x$x$x$x$x$x$x; x=$x$x; echo \"$x\" > /tmp/big; ";
    let base = total_steps(big);
    let steps = total_steps(&format!("{big}for i in 1 2 3 4 5 6 7 8 9 10; do [ -f /tmp/big ]; : < /tmp/big; done")) - base;
    assert!(steps > 20 * 524_288 / super::expand::BYTES_PER_STEP, "{steps}");
    // Trimming is one pass, however long the value.
    assert_eq!(out("x=$(printf %4000s); x=$x$x$x$x$x; x=$x$x$x$x$x; x=${x// /a}b; y=${x%%a*b}; z=${x##*a}; w=${x#a*a}; echo ${#y} $z ${#w}"), "0 b 99999\n");
    assert_eq!(out("x=foo.tar.gz; echo ${x%.*} ${x%%.*} ${x#*.} ${x##*.} ${x/o/0} ${x//o/0} ${x//[.]/_}"), "foo.tar foo tar.gz gz f0o.tar.gz f00.tar.gz foo_tar_gz\n");
}

#[test]
fn kill_self() {
    assert_eq!(run("trap 'echo got; exit 1' TERM; kill -TERM $$; echo not-reached").0, "got\n");
    // PID 1 without a trap ignores it, as init does.
    assert_eq!(run("kill $$; echo alive").0, "alive\n");
    let mut h = Fake::new();
    let mut sh = Shell::from_source("kill -s TERM $$; echo no", Vec::new(), VecMap::new()).unwrap();
    sh.set_pid(42);
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 143 });
    assert_eq!(h.out, "");
}

#[test]
fn limits_are_stated() {
    let big = "x".repeat(MAX_SCRIPT_BYTES + 1);
    assert_eq!(parse(&big).unwrap_err().to_string(), "sh: script longer than 65536 bytes");
    let deep = "(".repeat(500);
    assert_eq!(parse(&deep).unwrap_err().message, format!("nesting deeper than {MAX_NESTING} levels"));
    let deep = "$(".repeat(500);
    assert!(parse(&format!("echo {deep}")).is_err());
    let deep = "${x:-".repeat(500);
    assert!(parse(&format!("echo {deep}")).is_err());
    let (_, e, end) = run("f() { f; }; f");
    assert_eq!(end, End::Exit(2));
    assert_eq!(e, format!("sh: nesting deeper than {MAX_FRAMES} frames (podlife limit)\n"));
    let (_, e, end) = run("x=aaaaaaaaaaaaaaaa; while true; do x=$x$x; done");
    assert_eq!(end, End::Exit(2));
    assert!(e.contains("value longer than 1048576 bytes"), "{e}");
}

#[test]
fn snapshots_are_clones() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("for i in 1 2 3; do echo $i; sleep 1; done", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 1000 });
    let snap = sh.clone();
    h.now_ms += 1000;
    assert_eq!(drive(&mut sh, &mut h, 10_000, &[]), End::Exit(0));
    let mut h2 = Fake::new();
    let mut again = snap;
    h2.now_ms = h.now_ms;
    assert_eq!(drive(&mut again, &mut h2, 10_000, &[]), End::Exit(0));
    assert_eq!(h.out, "1\n2\n3\n");
    assert_eq!(h2.out, "2\n3\n");
}

/// Runs arbitrary text for a bounded number of resumes, answering every yield.
fn fuzz_run(src: &str) {
    let _ = parse(src);
    let Ok(mut sh) = Shell::from_source(src, vec!["fz".into(), "a b".into()], VecMap::from([("X".to_string(), "1".to_string())])) else { return };
    sh.set_step_budget(5_000);
    let mut h = Fake::new();
    h.listen("db", "10.0.0.1", 5432, 0);
    for n in 0..40 {
        match sh.resume(&mut h) {
            Yield::Sleep { ms } => h.now_ms = h.now_ms.saturating_add(ms.min(1 << 40)),
            Yield::Busy => h.now_ms += 10,
            Yield::Run { .. } => {
                if n % 2 == 0 {
                    sh.program_exited(1)
                } else {
                    sh.program_not_found()
                }
            }
            Yield::WaitForever => {
                let _ = sh.signal(15);
                let _ = sh.signal(2);
            }
            Yield::Exit { .. } | Yield::Exec { .. } => return,
        }
        if n == 20 {
            let _ = sh.signal(15);
        }
    }
}

const SHELLISH: &str = "[a-z0-9 ;|&(){}<>$`'\"\\\\=\n*?#!:%/.+-]{0,120}";

fn tokens() -> impl Strategy<Value = String> {
    let tok = prop::sample::select(vec![
        "if", "then", "else", "elif", "fi", "while", "until", "do", "done", "for", "in", "case", "esac", ";;", "{", "}", "(", ")", ";", "&", "&&", "||", "|", "!", "\n", "x=1", "$x",
        "${x:-y}", "$(", "`", "\"", "'", "echo", "sleep", "1", "true", "false", "exit", "break", "continue", "return", "f()", "trap", "'exit 3'", "TERM", "wait", "<<EOF", "EOF",
        ">", ">>", "2>&1", "<", "$((", "))", "x", "*", "read", "local", "shift", "set", "-e", "eval", "kill", "$$", "[", "]", "-eq", "nc", "-z", "db", "5432", "seq", "cat", "exec",
    ]);
    prop::collection::vec(tok, 0..40).prop_map(|v| v.join(" "))
}

/// Scripts that parse: commands combined with every construct, to exercise the
/// interpreter rather than the parser.
fn programs() -> impl Strategy<Value = String> {
    let simple = prop::sample::select(vec![
        "echo hi", "x=$((x+1))", "true", "false", "sleep 1", "sleep 0.5", "read v", "echo $x > /tmp/f", "cat /tmp/f", "rm -f /tmp/f", "exit 3", "return 2", "break", "continue 2",
        "wait", "kill $$", "kill %1", "trap 'echo t' TERM", "trap 'exit 1' EXIT", "trap - TERM", "set -e", "set -x", "set -u", "shift", "local y=1", "f", "g a b", "nc -z db 5432",
        "wget -qO- http://db:5432/", "curl -sf db:5432", "prog arg", "exec prog", "echo $(echo sub)", "echo ${u:-d} ${#x}", "[ $x -lt 3 ]", "test -f /tmp/f", "tail -f /dev/null",
        "sleep infinity", "seq 3", "date", "eval 'echo ev'", "sh -c 'exit 4'", "cd /tmp", "echo $?", "printf '%s\n' a b", ": ${x:=5}", "echo \"$@\"", "exit",
    ]);
    simple.prop_map(str::to_string).prop_recursive(4, 48, 4, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{ {a}; {b}; }}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{ {a}; }} && {{ {b}; }}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{ {a}; }} || {{ {b}; }}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{ {a}; }} | {{ {b}; }}")),
            inner.clone().prop_map(|a| format!("{{ {{ {a}; }} & }}")),
            inner.clone().prop_map(|a| format!("! {{ {a}; }}")),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(a, b, c)| format!("if {a}; then {b}; else {c}; fi")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("while {a}; do {b}; done")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("until {a}; do {b}; done")),
            inner.clone().prop_map(|a| format!("for i in 1 2 3; do {a}; done")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("case $x in 1|2) {a};; *) {b};; esac")),
            inner.clone().prop_map(|a| format!("( {a} )")),
            inner.clone().prop_map(|a| format!("{{ {a}; }} > /tmp/o 2>&1")),
            inner.clone().prop_map(|a| format!("v=$( {a} )")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("f() {{ {a}; }}; g() {{ {b}; f; }}")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(src in "\\PC{0,200}") {
        fuzz_run(&src);
    }

    #[test]
    fn shellish_text_never_panics(src in SHELLISH) {
        fuzz_run(&src);
    }

    #[test]
    fn token_soup_never_panics(src in tokens()) {
        fuzz_run(&src);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn generated_programs_never_panic(src in programs()) {
        prop_assert!(parse(&src).is_ok(), "{src}");
        fuzz_run(&src);
    }
}

#[test]
fn more_teaching_snippets() {
    // A substitution that takes time.
    let mut h = Fake::new();
    let t0 = h.now_ms;
    assert_eq!(run_with(&mut h, "x=$(sleep 1; echo hi); echo \"$x\""), End::Exit(0));
    assert_eq!((h.out.as_str(), h.now_ms - t0), ("hi\n", 1000));
    // Here-documents with tab stripping, to a file.
    assert_eq!(out("cat <<-EOF > /tmp/c\n\tline1\n\t  line2\n\tEOF\ncat /tmp/c"), "line1\n  line2\n");
    assert_eq!(out("cat <<A; cat <<B\na\nA\nb\nB\necho after"), "a\nb\nafter\n");
    // Permanent redirections.
    let mut h = Fake::new();
    assert_eq!(run_with(&mut h, "exec > /tmp/log 2>&1; echo one; echo two >&2"), End::Exit(0));
    assert_eq!(h.files.get("/tmp/log").map(String::as_str), Some("one\ntwo\n"));
    assert_eq!(h.out, "");
    // wait for one job, with its status.
    assert_eq!(out("(sleep 1; exit 3) & pid=$!; wait $pid; echo rc=$?"), "rc=3\n");
    // Nested sh -c with arguments.
    assert_eq!(out("sh -c 'echo $0 $1 $#' name one"), "name one 1\n");
    // Sourcing and script files.
    let mut h = Fake::new();
    h.files.insert("/etc/env.sh".into(), "GREETING=hello\n".into());
    h.files.insert("/bin/run.sh".into(), "#!/bin/sh\necho \"run $1 as $0\"\nexit 4\n".into());
    assert_eq!(run_with(&mut h, ". /etc/env.sh; echo $GREETING; /bin/run.sh x; echo rc=$?; chmod +x /bin/run.sh; /bin/run.sh x; echo rc=$?"), End::Exit(0));
    assert_eq!(h.out, "hello\nrc=126\nrun x as /bin/run.sh\nrc=4\n");
    assert_eq!(h.err, "sh: /bin/run.sh: Permission denied\n");
    assert_eq!(out("command -v curl; command -v cd; type echo"), "/bin/curl\ncd\necho is a shell builtin\n");
    // Loops whose bodies read a pipe.
    assert_eq!(out("seq 3 | while read n; do echo \"n=$n\"; done"), "n=1\nn=2\nn=3\n");
    // Kill a background job.
    assert_eq!(out("sleep 100 & kill $!; wait $!; echo rc=$?"), "rc=143\n");
    // `[` with -a / -o and parentheses.
    assert_eq!(out("[ 1 -eq 1 -a \\( x = y -o 2 -gt 1 \\) ] && echo yes"), "yes\n");
    // printf reuses its format.
    assert_eq!(out("printf '%s-' a b c; echo"), "a-b-c-\n");
    // env with assignments, and printenv.
    let mut h = Fake::new();
    let mut sh = Shell::from_source("env FOO=bar printenv FOO; echo ${FOO:-unset}; printenv APP", Vec::new(), VecMap::from([("APP".to_string(), "demo".to_string())])).unwrap();
    assert_eq!(drive(&mut sh, &mut h, 1000, &[]), End::Exit(0));
    assert_eq!(h.out, "bar\nunset\ndemo\n");
    // Multiple lines, comments, continuation.
    assert_eq!(out("# start\necho a \\\n  b # trailing\n\necho c"), "a b\nc\n");
    // The status of a pipeline is its last command's.
    assert_eq!(out("false | true; echo $?; true | false; echo $?"), "0\n1\n");
    // A function may not change the caller's $# or positional parameters.
    let mut h = Fake::new();
    let mut sh = Shell::from_source("f() { set -- q; echo $1; }; f; echo $1", vec!["sh".into(), "orig".into()], VecMap::new()).unwrap();
    assert_eq!(drive(&mut sh, &mut h, 1000, &[]), End::Exit(0));
    assert_eq!(h.out, "q\norig\n");
}

#[test]
fn deep_but_allowed_nesting_runs() {
    for n in [10, 20, 30, 45] {
        let src = format!("{}echo deep{}", "(".repeat(n), ")".repeat(n));
        let r = parse(&src);
        assert!(r.is_ok() || n > 20, "{n} nested subshells parse");
        if r.is_ok() {
            assert_eq!(out(&src), "deep\n");
        }
        let src = format!("echo {}x{}", "$(echo ".repeat(n), ")".repeat(n));
        assert!(parse(&src).is_ok() || n > 10, "{n} nested substitutions parse");
        if parse(&src).is_ok() {
            assert_eq!(out(&src), "x\n");
        }
        let src = format!("echo {}d{}", "${u:-".repeat(n), "}".repeat(n));
        if parse(&src).is_ok() {
            assert_eq!(out(&src), "d\n");
        }
        let src = format!("{}:{}", "if true; then ".repeat(n), "; fi".repeat(n));
        if parse(&src).is_ok() {
            assert_eq!(run(&src).2, End::Exit(0));
        }
    }
}

#[test]
fn word_splitting_and_parameters() {
    assert_eq!(out("x=\"a b\"; printf '[%s]' \"${u:-a b}\" ${u:-c d} $x; echo"), "[a b][c][d][a][b]\n");
    assert_eq!(out("for f in \"$@\"; do echo never; done; set -- $(echo 1 2 3); echo $# \"$*\""), "1 2 3\n".replacen("1 2 3", "3 1 2 3", 1));
    assert_eq!(out("echo $(( $(echo 3) + 1 )) $(( (1+2)*3 ))"), "4 9\n");
    assert_eq!(out("sleep 5 & echo $!; wait"), "2\n");
    assert_eq!(out("echo -e 'a\\nb'; printf '%d|%x|%o|%c|%%\\n' 42 255 8 xyz"), "a\nb\n42|ff|10|x|%\n");
    let (o, e, _) = run("printf '%d\\n' abc");
    assert_eq!((o.as_str(), e.as_str()), ("0\n", "printf: invalid number 'abc'\n"));
    assert_eq!(out("a=1 b=2; echo $a$b ${a}x \"$a\"'$b'"), "12 1x 1$b\n");
    assert_eq!(out("IFS=,; v=a,b,,c; set -- $v; echo $#; IFS=' '; x='  lead  trail  '; set -- $x; echo $#"), "4\n2\n");
    assert_eq!(out("x=abcabc; echo ${x//b/B} ${x/#a/A} ${x:1} ${x: -2} ${x:0:2}"), "aBcaBc Abcabc bcabc bc ab\n".replace("Abcabc", "abcabc"));
}

#[test]
fn background_loop_with_trap_and_wait() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("trap 'echo bye; exit' TERM; (while true; do echo tick; sleep 1; done) & wait", Vec::new(), VecMap::new()).unwrap();
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 1000 });
    assert!(sh.interruptible());
    h.now_ms += 1000;
    assert_eq!(sh.resume(&mut h), Yield::Sleep { ms: 1000 });
    h.now_ms += 400;
    assert_eq!(sh.signal(15), SignalDisposition::Trapped);
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 143 });
    assert_eq!(h.out, "tick\ntick\nbye\n");
}

#[test]
fn the_nesting_limit_fits_a_small_stack() {
    // The web build runs on a 1 MiB wasm stack: the deepest accepted script must parse
    // and run in less (debug frames are larger than release ones).
    let handle = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(|| {
            for unit in ["(", "$(", "${u:-", "{ ", "if true; then ", "\"$(", "`"] {
                let mut n = 1;
                while n < 400 {
                    let close = match unit {
                        "(" => ")",
                        "$(" => ")",
                        "${u:-" => "}",
                        "{ " => "; }",
                        "if true; then " => "; fi",
                        "\"$(" => ")\"",
                        _ => "`",
                    };
                    let src = format!("echo {}x{}", unit.repeat(n), close.repeat(n));
                    let src = if matches!(unit, "(" | "{ " | "if true; then ") { format!("{}echo x{}", unit.repeat(n), close.repeat(n)) } else { src };
                    fuzz_run(&src);
                    n += 7;
                }
            }
        })
        .expect("thread");
    assert!(handle.join().is_ok());
}


#[test]
fn cut_as_busybox_cuts() {
    assert_eq!(out("echo 'a:b:c' | cut -d: -f2"), "b\n");
    assert_eq!(out("echo 'a:b:c' | cut -d : -f1,3"), "a:c\n");
    assert_eq!(out("echo 'a:b:c:d' | cut -d: -f2-"), "b:c:d\n");
    assert_eq!(out("echo 'no delimiter' | cut -d: -f2"), "no delimiter\n");
    assert_eq!(out("echo 'no delimiter' | cut -s -d: -f2"), "");
    assert_eq!(out("echo hello | cut -c2-4"), "ell\n");
    assert_eq!(out("printf 'x\\ty\\n' | cut -f2"), "y\n");
    let (o, e, end) = run("echo a | cut -f");
    assert_eq!((o.as_str(), end), ("", End::Exit(1)));
    assert!(e.starts_with("cut: option requires an argument -- 'f'\n"), "{e}");
    assert_eq!(run("echo a | cut -d:").1, "cut: expected a list of bytes, characters, or fields\n");
    assert_eq!(run("echo a | cut -c1 -d:").1, "cut: a delimiter may be specified only when operating on fields\n");
    assert_eq!(run("cut -f1 /nope").1, "cut: can't open '/nope': No such file or directory\n");
}

#[test]
fn sed_scripts() {
    assert_eq!(out("echo 'cpu=42' | sed 's/cpu=/metric_cpu /'"), "metric_cpu 42\n");
    assert_eq!(out("echo aaa | sed 's/a/b/g'"), "bbb\n");
    assert_eq!(out("echo aaa | sed 's/a/b/2'"), "aba\n");
    assert_eq!(out("printf '1\\n2\\n3\\n' | sed -n 2p"), "2\n");
    assert_eq!(out("printf '1\\n2\\n3\\n' | sed 2d"), "1\n3\n");
    assert_eq!(out("printf '1\\n2\\n3\\n4\\n' | sed -n '2,3p'"), "2\n3\n");
    assert_eq!(out("printf 'a\\nb\\nc\\n' | sed '/b/d'"), "a\nc\n");
    assert_eq!(out("printf 'a\\nb\\nc\\n' | sed -n '$p'"), "c\n");
    assert_eq!(out("printf 'a\\nb\\n' | sed '1!d'"), "a\n");
    assert_eq!(out("echo 'k=v' | sed -E 's/(.*)=(.*)/\\2=\\1/'"), "v=k\n");
    assert_eq!(out("echo 'k=v' | sed 's/\\(.*\\)=\\(.*\\)/[&]/'"), "[k=v]\n");
    assert_eq!(out("echo hello | sed -e 's/h/H/' -e 's/o$/O/'"), "HellO\n");
    assert_eq!(out("echo abc | sed 'y/abc/xyz/'"), "xyz\n");
    assert_eq!(out("printf 'a\\nb\\n' | sed '1a\\\nadded'"), "a\nadded\nb\n");
    assert_eq!(out("printf 'a\\nb\\n' | sed '2i before'"), "a\nbefore\nb\n");
    assert_eq!(out("printf 'a\\nb\\n' | sed -n '/b/='"), "2\n");
    assert_eq!(out("printf 'a\\nb\\nc\\n' | sed 2q"), "a\nb\n");
    assert_eq!(out("printf 'no newline' | sed 's/no/a/'"), "a newline");
    let mut h = Fake::new();
    h.files.insert("/tmp/app.conf".into(), "listen=8080\nmode=dev\n".into());
    assert_eq!(run_with(&mut h, "sed -i 's/8080/9090/' /tmp/app.conf; cat /tmp/app.conf"), End::Exit(0));
    assert_eq!(h.out, "listen=9090\nmode=dev\n");
    assert_eq!(run("echo a | sed 's/a/b'").1, "sed: unmatched '/'\n");
    assert_eq!(run("echo a | sed 'k'").1, "sed: unsupported command k\n");
    assert_eq!(run("echo a | sed 's/a/b/z'").1, "sed: bad option in substitution expression\n");
    assert_eq!(run("echo a | sed -i s/a/b/").1, "sed: -i requires an argument\n");
}

#[test]
fn tr_translates() {
    assert_eq!(out("echo hello | tr a-z A-Z"), "HELLO\n");
    assert_eq!(out("echo 'a  b   c' | tr -s ' '"), "a b c\n");
    assert_eq!(out("echo 'a-b-c' | tr -d -"), "abc\n");
    assert_eq!(out("echo hello | tr '[:lower:]' '[:upper:]'"), "HELLO\n");
}

#[test]
fn awk_programs() {
    assert_eq!(out("echo 'a b c' | awk '{print $2}'"), "b\n");
    assert_eq!(out("echo 'a:b:c' | awk -F: '{print $3, $1}'"), "c a\n");
    assert_eq!(out("printf '1\\n2\\n3\\n' | awk '{s += $1} END {print s}'"), "6\n");
    assert_eq!(out("printf 'x 1\\ny 2\\n' | awk '$2 > 1 {print $1}'"), "y\n");
    assert_eq!(out("printf 'a\\nb\\n' | awk '{print NR\": \"$0}'"), "1: a\n2: b\n");
    assert_eq!(out("echo 'a b c' | awk '{print NF}'"), "3\n");
    assert_eq!(out("awk 'BEGIN {printf \"%5.2f|%s\\n\", 3.14159, \"x\"}'"), " 3.14|x\n");
    assert_eq!(out("awk -v n=3 'BEGIN {for (i = 1; i <= n; i++) s = s i; print s}'"), "123\n");
    assert_eq!(out("printf 'a 1\\nb 2\\na 3\\n' | awk '{c[$1] += $2} END {for (k in c) print k, c[k]}'"), "a 4\nb 2\n");
    assert_eq!(out("echo 'hello world' | awk '{print toupper(substr($1, 1, 1)) substr($1, 2), length($2)}'"), "Hello 5\n");
    assert_eq!(out("echo 'a,b,c' | awk '{n = split($0, p, \",\"); print n, p[2]}'"), "3 b\n");
    assert_eq!(out("echo 'foo bar foo' | awk '{gsub(/foo/, \"baz\"); print}'"), "baz bar baz\n");
    assert_eq!(out("echo 'cpu=42' | awk -F= '/cpu/ {print \"metric_cpu\", $2}'"), "metric_cpu 42\n");
    assert_eq!(out("echo 'a b' | awk '{$2 = \"X\"; print; print NF}'"), "a X\n2\n");
    assert_eq!(out("awk 'function sq(x) { return x * x } BEGIN { print sq(7) }'"), "49\n");
    assert_eq!(out("awk 'BEGIN { x = 1; if (x) print \"yes\"; else print \"no\" }'"), "yes\n");
    assert_eq!(out("awk 'BEGIN { print 10 / 4, 2 ^ 10, 7 % 3, -3 }'"), "2.5 1024 1 -3\n");
    assert_eq!(out("printf '1\\n2\\n3\\n' | awk 'NR == 2 { next } { print }'"), "1\n3\n");
    assert_eq!(out("printf '1\\n2\\n' | awk '{ print; exit 3 } END { print \"end\" }'; echo rc=$?"), "1\nend\nrc=3\n");
    assert_eq!(out("awk 'BEGIN { print length(\"abc\"), index(\"hello\", \"ll\"), int(3.9) }'"), "3 3 3\n");
    assert_eq!(out("awk 'BEGIN { if (match(\"foobar\", /ob/)) print RSTART, RLENGTH }'"), "3 2\n");
    let (_, e, end) = run("awk 'BEGIN { print ( }'");
    assert_eq!((e.as_str(), end), ("awk: cmd. line:1: Unexpected token\n", End::Exit(1)));
    assert_eq!(run("awk 'BEGIN { print 1/0 }'").1, "awk: cmd. line:1: Division by zero\n");
    assert_eq!(run("awk '{ getline }'").1, "awk: cmd. line:1: getline is not supported (podlife limit)\n");
}

#[test]
fn chmod_ls_stat_and_exec_permission() {
    let mut h = Fake::new();
    h.files.insert("/tmp/app.conf".into(), "listen=8080\n".into());
    assert_eq!(run_with(&mut h, "chmod 600 /tmp/app.conf; ls -l /tmp/app.conf; stat -c '%a %A %s %n' /tmp/app.conf"), End::Exit(0));
    assert_eq!(h.out, "-rw-------    1 root     root            12 Nov 18 11:06 /tmp/app.conf\n600 -rw------- 12 /tmp/app.conf\n");
    let (_, e, end) = run("chmod 600 /nope");
    assert_eq!((e.as_str(), end), ("chmod: /nope: No such file or directory\n", End::Exit(1)));
    assert_eq!(run("touch /tmp/x; chmod z+x /tmp/x").1, "chmod: invalid mode 'z+x'\n");
    assert_eq!(out("touch /tmp/x; chmod -v u+x /tmp/x"), "mode of '/tmp/x' changed to 0744 (rwxr--r--)\n");
    assert_eq!(out("echo 'echo hi' > /tmp/s.sh; /tmp/s.sh; echo rc=$?; chmod +x /tmp/s.sh; /tmp/s.sh; test -x /tmp/s.sh && echo exec"), "rc=126\nhi\nexec\n");
    assert_eq!(run("ls /nope").1, "ls: /nope: No such file or directory\n");
}

#[test]
fn nc_listener_accepts_a_connection() {
    let mut h = Fake::new();
    let mut sh = Shell::from_source("echo -e 'HTTP/1.1 200 OK\\r\\n\\r\\nhi' | nc -l -p 8080; echo served rc=$?", Vec::new(), VecMap::new()).expect("parses");
    assert_eq!(sh.resume(&mut h), Yield::WaitForever);
    assert_eq!(sh.listening_ports(), vec![8080]);
    let a = sh.accept(&mut h, 8080, "GET / HTTP/1.1\r\n\r\n", "10.244.1.7", 40000);
    assert_eq!(a, Some(Accepted::Reply("HTTP/1.1 200 OK\r\n\r\nhi\n".into())));
    assert_eq!(sh.resume(&mut h), Yield::Exit { code: 0 });
    assert_eq!(h.out, "GET / HTTP/1.1\r\n\r\nserved rc=0\n");
    // -lk with -e keeps listening and hands each connection to the program.
    let mut sh = Shell::from_source("nc -lk -p 6379 -e nc redis 6379", Vec::new(), VecMap::new()).expect("parses");
    assert_eq!(sh.resume(&mut h), Yield::WaitForever);
    assert_eq!(sh.accept(&mut h, 6379, "PING\r\n", "127.0.0.1", 40001), Some(Accepted::Exec(vec!["nc".into(), "redis".into(), "6379".into()])));
    assert_eq!(sh.listening_ports(), vec![6379]);
    assert_eq!(sh.accept(&mut h, 80, "x", "127.0.0.1", 1), None);
}

#[test]
fn grep_only_matching_prints_every_match() {
    assert_eq!(out("echo 'a1b22c333' | grep -o '[0-9]*'"), "1\n22\n333\n");
    assert_eq!(out("echo 'cat concat cat' | grep -ow cat"), "cat\ncat\n");
    assert_eq!(out("printf 'x=1\\ny=2\\n' | grep -c ="), "2\n");
    assert_eq!(out("printf 'a\\n' | grep -q b; echo $?"), "1\n");
}

/// busybox grep.c's context: `-` after the line number of a context line, `--` before a line
/// that does not follow the last one printed, `-C` for both sides, `-m` ending after the
/// last match's context.
#[test]
fn grep_context_lines() {
    let f = "printf 'a\\nb\\nx1\\nc\\nd\\ne\\nx2\\nf\\nx3\\ng\\nh\\n'";
    assert_eq!(out(&format!("{f} | grep -A1 x")), "x1\nc\n--\nx2\nf\nx3\ng\n");
    assert_eq!(out(&format!("{f} | grep -B2 -n x")), "1-a\n2-b\n3:x1\n--\n5-d\n6-e\n7:x2\n8-f\n9:x3\n");
    assert_eq!(out(&format!("{f} | grep -C1 x2")), "e\nx2\nf\n");
    assert_eq!(out(&format!("{f} | grep -m2 -A1 x")), "x1\nc\n--\nx2\nf\n");
    assert_eq!(out(&format!("{f} | grep -c -m2 x")), "2\n");
}

/// Runs one text tool over `input` with the arbitrary program `prog` (passed through the
/// environment, so no quoting is involved); it must end without panicking.
fn tool_run(tool: &str, prog: &str, input: &str) {
    let src = format!("printf '%s' \"$I\" | {tool} \"$P\"");
    let env = VecMap::from([("P".to_string(), prog.to_string()), ("I".to_string(), input.to_string())]);
    let Ok(mut sh) = Shell::from_source(&src, Vec::new(), env) else { return };
    let mut h = Fake::new();
    for _ in 0..20 {
        match sh.resume(&mut h) {
            Yield::Sleep { ms } => h.now_ms = h.now_ms.saturating_add(ms.min(1 << 40)),
            Yield::Busy => h.now_ms += 10,
            Yield::Run { .. } => sh.program_not_found(),
            _ => return,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn text_tools_never_panic(prog in "[ -~\\t\\n]{0,48}", input in "\\PC{0,64}") {
        for tool in ["awk", "sed", "sed -E", "cut -d: -f", "cut -c", "tr -d", "grep -oE", "awk -F:"] {
            tool_run(tool, &prog, &input);
        }
    }

    #[test]
    fn awk_shaped_programs_never_panic(prog in "(BEGIN|END|\\$[0-9]|[a-z]|NF|NR|[{}();,]|print|printf|if|else|while|for|in|\"[a-z%]*\"|/[a-z.*]*/|[-+*/%^<>=!~?:]|[0-9]| ){0,30}") {
        tool_run("awk", &prog, "a b c\n1 2 3\n");
    }

    #[test]
    fn sed_shaped_programs_never_panic(prog in "([0-9$,!;{}]|/[a-z.*\\\\()]*/|s/[a-z.*()\\\\]*/[a-z&\\\\1]*/[gpI0-9]*|[dpqhHgGxnND=lyaitcb:]| ){0,20}") {
        tool_run("sed", &prog, "a\nb\nc\n");
    }
}

#[test]
fn deep_group_repetition_stays_within_a_small_stack() {
    // wasm's default stack is 1 MiB: the matcher's depth limit must fit well inside it.
    let t = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(|| {
            out("line=$(printf 'ab%.0s' $(seq 20000)); echo $line | grep -c '\\(ab\\)*x'; echo $line | sed 's/\\(ab\\)*$/X/' | wc -c")
        })
        .expect("thread");
    let text = t.join().expect("no stack overflow");
    assert!(text.starts_with("0\n"), "{text}");
}

#[test]
fn deeply_nested_awk_programs_are_refused_within_wasms_stack() {
    let t = std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(|| {
            let deep = format!("BEGIN {{ print {}1{} }}", "(".repeat(300), ")".repeat(300));
            let ok = format!("BEGIN {{ print {}1{} }}", "(".repeat(20), ")".repeat(20));
            let blocks = format!("BEGIN {{ {} print 2 {} }}", "if (1) {".repeat(20), "}".repeat(20));
            let env = VecMap::from([("D".to_string(), deep), ("O".to_string(), ok), ("B".to_string(), blocks)]);
            let mut sh = Shell::from_source("awk \"$D\"; awk \"$O\"; awk \"$B\"", Vec::new(), env).expect("parses");
            let mut h = Fake::new();
            drive(&mut sh, &mut h, 1000, &[]);
            (h.out, h.err)
        })
        .expect("thread");
    let (o, e) = t.join().expect("no stack overflow");
    assert_eq!(o, "1\n2\n");
    assert_eq!(e, "awk: cmd. line:1: program nested too deeply (podlife limit)\n");
}

#[test]
fn runaway_awk_recursion_is_refused_within_wasms_stack() {
    let t = std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(|| run("awk 'function f(n) { return f(n + 1) } BEGIN { print f(1) }'; awk 'function fact(n) { return n <= 1 ? 1 : n * fact(n - 1) } BEGIN { print fact(20) }'"))
        .expect("thread");
    let (o, e, _) = t.join().expect("no stack overflow");
    assert_eq!(o, "2432902008176640000\n");
    assert_eq!(e, "awk: cmd. line:1: function calls nested too deeply (podlife limit)\n");
}

/// Regression (issue 16, C48/C49/F19): `seq -s` with a long separator asked for 100 GB; the
/// output is measured against the capture limit before it is built.
#[test]
fn seq_with_a_long_separator_stops_at_the_capture_limit() {
    let (o, e, _) = run("x=ssssssssssssssss; i=0; while [ $i -lt 16 ]; do x=$x$x; i=$((i+1)); done; seq -s \"$x\" 1 100000 | wc -c");
    assert!(o.trim().parse::<usize>().is_ok_and(|n| n < super::MAX_CAPTURE_BYTES), "{o}");
    assert_eq!(e, format!("seq: output longer than {} bytes (podlife limit)\n", super::MAX_CAPTURE_BYTES));
    assert_eq!(out("seq -s, 1 5; seq -s '' 3"), "1,2,3,4,5\n123\n");
}

/// Debian's `/bin/sh` is dash: its errors carry the line number after the shell's name, and
/// its `cd` does not add the system's reason.
#[test]
fn dash_error_texts() {
    let mut sh = Shell::from_argv(vec!["sh".into(), "-c".into(), "true\ncd /nowhere".into()], VecMap::new());
    sh.set_dash();
    let mut h = Fake::new();
    let end = drive(&mut sh, &mut h, 60_000, &[]);
    assert_eq!(h.err, "sh: 2: cd: can't cd to /nowhere\n");
    assert_eq!(end, End::Exit(2));
}

#[test]
fn dd_copies_blocks_and_reports_as_busybox() {
    let mut h = Fake::new();
    assert_eq!(run_with(&mut h, "dd if=/dev/zero of=/tmp/z bs=1k count=3"), End::Exit(0));
    assert_eq!(h.files.get("/tmp/z").map(String::len), Some(3072));
    assert_eq!(h.err, "3+0 records in\n3+0 records out\n3072 bytes (3.0KB) copied, 0.000100 seconds, 29.3MB/s\n");
    // From stdin to stdout, `count` blocks of `bs` bytes.
    let mut h = Fake::new();
    assert_eq!(run_with(&mut h, "echo hello | dd bs=2 count=2 status=none"), End::Exit(0));
    assert_eq!(h.out, "hell");
    let mut h = Fake::new();
    assert_eq!(run_with(&mut h, "dd if=/dev/zero of=/tmp/y bs=1x"), End::Exit(1));
    assert_eq!(h.err, "dd: invalid number '1x'\n");
    // Offsets inside a multi-byte character, seeks past the end, notrunc and huge seeks.
    let mut h = Fake::new();
    assert_eq!(run_with(&mut h, "echo héllo | dd bs=1 skip=2 count=2 status=none"), End::Exit(0));
    assert_eq!(h.out, "\u{FFFD}l");
    let mut h = Fake::new();
    h.files.insert("/tmp/f".into(), "abcdef".into());
    assert_eq!(run_with(&mut h, "echo XY | dd of=/tmp/f bs=1 seek=2 count=2 conv=notrunc status=none"), End::Exit(0));
    assert_eq!(h.files.get("/tmp/f").map(String::as_str), Some("abXYef"));
    assert_eq!(run_with(&mut h, "echo XY | dd of=/tmp/f bs=1 seek=8 count=2 status=none"), End::Exit(0));
    assert_eq!(h.files.get("/tmp/f").map(String::as_str), Some("abXYef\0\0XY"));
    assert_eq!(run_with(&mut h, "echo XY | dd of=/tmp/g bs=1G seek=1G status=none"), End::Exit(1));
    assert_eq!(h.err, "dd: /tmp/g: No space left on device\n");
}

/// `bash -c SRC`: GNU bash's syntax on top of ash's.
fn run_bash(src: &str) -> (String, String, End) {
    let mut h = Fake::new();
    let mut sh = Shell::from_argv(vec!["bash".into(), "-c".into(), src.into()], VecMap::new());
    let end = drive(&mut sh, &mut h, 60_000, &[]);
    (h.out, h.err, end)
}

#[test]
fn bash_indexed_arrays() {
    // The Indexed Job example's init container (kubernetes.io, indexed-job.yaml).
    let (out, _, _) = run_bash("JOB_COMPLETION_INDEX=3\nitems=(foo bar baz qux xyz)\necho ${items[$JOB_COMPLETION_INDEX]}");
    assert_eq!(out, "qux\n");
    let (out, err, _) = run_bash(r#"a=(one "two words" three); echo ${#a[@]}; for x in "${a[@]}"; do echo "[$x]"; done; echo "${a[*]}"; echo $a ${a[-1]} ${a[1+1]}"#);
    assert_eq!(err, "");
    assert_eq!(out, "3\n[one]\n[two words]\n[three]\none two words three\none three three\n");
    let (out, _, _) = run_bash("a=(x); a+=(y z); a[5]=w; i=1; a[$i]+=Y; echo ${#a[@]} ${a[@]}; echo ${#a[1]}; s=ab; s+=cd; echo $s; unset a; echo [${a[@]}]");
    assert_eq!(out, "4 x yY z w\n2\nabcd\n[]\n");
    let (out, _, _) = run_bash("a=(\n  1\n  2 # two\n)\nfor i in ${a[@]}; do echo $((i * 10)); done");
    assert_eq!(out, "10\n20\n");
    // busybox ash has no arrays: the same line is a syntax error there.
    assert_eq!(parse("items=(foo bar)").map(|_| ()).map_err(|e| e.to_string()), Err("sh: syntax error: unexpected \"(\"".to_string()));
}

#[test]
fn dash_echo_interprets_backslash_escapes() {
    // Debian's /bin/sh (the page "Distribute Credentials Securely Using Secrets", in nginx).
    let mut h = Fake::new();
    let mut sh = Shell::from_source(r#"echo "username: u\npassword: p\n"; echo -n x; echo -e y; echo 'a\cb'; echo c"#, Vec::new(), VecMap::new()).unwrap();
    sh.set_dash();
    drive(&mut sh, &mut h, 1_000, &[]);
    assert_eq!(h.out, "username: u\npassword: p\n\nx-e y\nac\n");
    // busybox ash leaves them.
    let (out, _, _) = run(r#"echo "a\nb""#);
    assert_eq!(out, "a\\nb\n");
}

#[test]
fn tail_f_follows_appended_lines_and_f_waits_for_the_file() {
    // The sidecar pattern: `tail -F` before the file exists, then an app appending to it.
    let mut h = Fake::new();
    let mut sh = Shell::from_source("tail -F /tmp/log", Vec::new(), VecMap::new()).unwrap();
    assert!(matches!(sh.resume(&mut h), Yield::Sleep { ms: 1_000 }));
    assert_eq!(h.err, "tail: can't open '/tmp/log': No such file or directory\n");
    h.files.insert("/tmp/log".into(), "one\n".into());
    h.now_ms += 1_000;
    assert!(matches!(sh.resume(&mut h), Yield::Sleep { ms: 1_000 }));
    assert_eq!(h.out, "one\n");
    assert!(h.err.ends_with("tail: /tmp/log has appeared; following end of new file\n"));
    h.files.insert("/tmp/log".into(), "one\ntwo\n".into());
    h.now_ms += 1_000;
    sh.resume(&mut h);
    assert_eq!(h.out, "one\ntwo\n");
    // coreutils' texts in a Debian-based image.
    let mut h = Fake { gnu: true, ..Fake::new() };
    let mut sh = Shell::from_source("tail -F /tmp/log", Vec::new(), VecMap::new()).unwrap();
    sh.resume(&mut h);
    h.files.insert("/tmp/log".into(), "one\n".into());
    h.now_ms += 1_000;
    sh.resume(&mut h);
    h.files.remove("/tmp/log");
    h.now_ms += 1_000;
    sh.resume(&mut h);
    assert_eq!(
        h.err,
        "tail: cannot open '/tmp/log' for reading: No such file or directory\n\
         tail: '/tmp/log' has appeared;  following new file\n\
         tail: '/tmp/log' has become inaccessible: No such file or directory\n"
    );
    let mut h = Fake { gnu: true, ..Fake::new() };
    run_with(&mut h, "tail -f /tmp/none");
    assert_eq!(h.err, "tail: cannot open '/tmp/none' for reading: No such file or directory\ntail: no files remaining\n");
    // Without -F a missing file is given up at once.
    let (_, err, end) = run("tail -f /tmp/none");
    assert_eq!(err, "tail: can't open '/tmp/none': No such file or directory\ntail: no files\n");
    assert_eq!(end, End::Exit(1));
}

#[test]
fn a_followed_file_feeds_the_rest_of_its_pipeline() {
    // The adapter pattern: `tail -F` piped into a loop that rewrites each line.
    let mut h = Fake::new();
    h.files.insert("/tmp/raw".into(), String::new());
    let mut sh = Shell::from_source(r#"tail -F /tmp/raw | while read line; do echo "adapted: $line"; done"#, Vec::new(), VecMap::new()).unwrap();
    sh.resume(&mut h);
    assert_eq!(h.out, "");
    h.files.insert("/tmp/raw".into(), "a\nb\n".into());
    h.now_ms += 1_000;
    sh.resume(&mut h);
    assert_eq!(h.out, "adapted: a\nadapted: b\n");
    h.files.insert("/tmp/raw".into(), "a\nb\nc\n".into());
    h.now_ms += 1_000;
    sh.resume(&mut h);
    assert_eq!(h.out, "adapted: a\nadapted: b\nadapted: c\n");
}

/// `tar` in both flavours: archives round-trip through a file and a pipe, with their texts.
#[test]
fn tar_round_trips_and_says_what_real_tars_say() {
    for gnu in [true, false] {
        let mut h = Fake { gnu, ..Fake::new() };
        let src = "mkdir -p /data/site/img; echo hello > /data/site/index.html; echo x > /data/site/img/a; chmod 600 /data/site/img/a\n\
                   tar -czvf /tmp/site.tar.gz /data/site; echo status=$?\n\
                   rm -r /data/site; cd /tmp && tar xzvf site.tar.gz; cat /tmp/data/site/index.html\n\
                   tar cf - /tmp/data | tar xf - -C /root; cat /root/tmp/data/site/img/a\n\
                   tar tf site.tar.gz | wc -l; tar cf plain.tar data; wc -c < plain.tar";
        assert_eq!(run_with(&mut h, src), End::Exit(0));
        let slash = if gnu { "tar: Removing leading `/' from member names\n" } else { "tar: removing leading '/' from member names\n" };
        assert_eq!(h.err, format!("{slash}{slash}"), "gnu={gnu}");
        let size = if gnu { 10240 } else { 512 * 9 };
        assert_eq!(h.out, format!("data/site/\ndata/site/img/\ndata/site/img/a\ndata/site/index.html\nstatus=0\ndata/site/\ndata/site/img/\ndata/site/img/a\ndata/site/index.html\nhello\nx\n4\n{size}\n"), "gnu={gnu}");
        assert_eq!(h.modes.get("/root/tmp/data/site/img/a"), Some(&0o600));
    }
    let cases: [(&str, bool, &str, i32); 8] = [
        ("tar czf x.tgz nothere", true, "tar: nothere: Cannot stat: No such file or directory\ntar: Exiting with failure status due to previous errors\n", 2),
        ("tar czf x.tgz nothere", false, "tar: nothere: No such file or directory\ntar: error exit delayed from previous errors\n", 1),
        ("tar -xzvf backup.tar.gz", true, "tar (child): backup.tar.gz: Cannot open: No such file or directory\ntar (child): Error is not recoverable: exiting now\ntar: Child returned status 2\ntar: Error is not recoverable: exiting now\n", 2),
        ("tar -xzvf backup.tar.gz", false, "tar: can't open 'backup.tar.gz': No such file or directory\n", 1),
        ("echo a > f; tar cf p.tar f; tar xzf p.tar", true, "\ngzip: stdin: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: exiting now\n", 2),
        ("echo a > f; tar tf f", true, "tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors\n", 2),
        ("tar", true, "tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options\nTry 'tar --help' or 'tar --usage' for more information.\n", 2),
        ("tar xf - -C /nodir < /dev/null", false, "tar: can't change directory to '/nodir': No such file or directory\n", 1),
    ];
    for (src, gnu, err, code) in cases {
        let mut h = Fake { gnu, ..Fake::new() };
        let end = run_with(&mut h, &format!("cd /tmp; {src}"));
        assert_eq!((h.err.as_str(), end), (err, End::Exit(code)), "{src} gnu={gnu}");
    }
    // `tar tvf`: GNU's and busybox's long listings.
    let mut h = Fake { gnu: true, ..Fake::new() };
    run_with(&mut h, "cd /tmp; echo hi > a; tar cf a.tar a; tar tvf a.tar");
    assert_eq!(h.out, "-rw-r--r-- root/root         3 2026-11-18 11:06 a\n");
}

/// The file utilities' messages: busybox's applets, or GNU coreutils' in a Debian-based image
/// (`gnu_userland`), with their exit statuses.
#[test]
fn file_utilities_speak_busybox_or_coreutils() {
    // (script, busybox stderr, coreutils stderr, busybox status, coreutils status)
    let cases: &[(&str, &str, &str, i32, i32)] = &[
        ("cat nope", "cat: can't open 'nope': No such file or directory\n", "cat: nope: No such file or directory\n", 1, 1),
        ("cat /tmp", "cat: read error: Is a directory\n", "cat: /tmp: Is a directory\n", 1, 1),
        ("ls nope", "ls: nope: No such file or directory\n", "ls: cannot access 'nope': No such file or directory\n", 1, 2),
        ("mkdir /tmp", "mkdir: can't create directory '/tmp': File exists\n", "mkdir: cannot create directory '/tmp': File exists\n", 1, 1),
        ("mkdir /a/b", "mkdir: can't create directory '/a/b': No such file or directory\n", "mkdir: cannot create directory '/a/b': No such file or directory\n", 1, 1),
        ("mkdir", "mkdir: missing operand\n", "mkdir: missing operand\nTry 'mkdir --help' for more information.\n", 1, 1),
        ("rm nope", "rm: can't remove 'nope': No such file or directory\n", "rm: cannot remove 'nope': No such file or directory\n", 1, 1),
        ("rm /tmp", "rm: '/tmp' is a directory\n", "rm: cannot remove '/tmp': Is a directory\n", 1, 1),
        ("touch /tmp/x; rmdir /tmp", "rmdir: '/tmp': Directory not empty\n", "rmdir: failed to remove '/tmp': Directory not empty\n", 1, 1),
        ("rmdir nope", "rmdir: 'nope': No such file or directory\n", "rmdir: failed to remove 'nope': No such file or directory\n", 1, 1),
        ("touch /a/b", "touch: /a/b: No such file or directory\n", "touch: cannot touch '/a/b': No such file or directory\n", 1, 1),
        ("mkdir /ro; touch /ro/f", "touch: /ro/f: Read-only file system\n", "touch: cannot touch '/ro/f': Read-only file system\n", 1, 1),
        ("cp nope /tmp", "cp: can't stat 'nope': No such file or directory\n", "cp: cannot stat 'nope': No such file or directory\n", 1, 1),
        ("mv nope /tmp", "mv: can't stat 'nope': No such file or directory\n", "mv: cannot stat 'nope': No such file or directory\n", 1, 1),
        ("cp /tmp /data", "cp: omitting directory '/tmp'\n", "cp: -r not specified; omitting directory '/tmp'\n", 1, 1),
        ("cp f", "cp: missing operand\n", "cp: missing destination file operand after 'f'\nTry 'cp --help' for more information.\n", 1, 1),
        ("mkdir /ro; echo a > f; cp f /ro", "cp: can't create '/ro': Read-only file system\n", "cp: cannot create regular file '/ro/f': Read-only file system\n", 1, 1),
        ("mkdir /ro; echo a > f; mv f /ro/g", "mv: can't create '/ro/g': Read-only file system\n", "mv: cannot create regular file '/ro/g': Read-only file system\n", 1, 1),
        ("head nope", "head: can't open 'nope': No such file or directory\n", "head: cannot open 'nope' for reading: No such file or directory\n", 1, 1),
        ("tail nope", "tail: can't open 'nope': No such file or directory\n", "tail: cannot open 'nope' for reading: No such file or directory\n", 1, 1),
        ("wc -l nope", "wc: can't open 'nope': No such file or directory\n", "wc: nope: No such file or directory\n", 1, 1),
        ("sort nope", "sort: can't open 'nope': No such file or directory\n", "sort: cannot read: nope: No such file or directory\n", 2, 2),
        ("cut -c1 nope", "cut: can't open 'nope': No such file or directory\n", "cut: nope: No such file or directory\n", 1, 1),
        ("sed p nope", "sed: can't open 'nope': No such file or directory\n", "sed: can't read nope: No such file or directory\n", 1, 1),
        ("chmod 600 nope", "chmod: nope: No such file or directory\n", "chmod: cannot access 'nope': No such file or directory\n", 1, 1),
        ("touch f; chmod 8 f", "chmod: invalid mode '8'\n", "chmod: invalid mode: '8'\nTry 'chmod --help' for more information.\n", 1, 1),
        ("stat nope", "stat: can't stat 'nope': No such file or directory\n", "stat: cannot statx 'nope': No such file or directory\n", 1, 1),
    ];
    for &(src, bb, gnu_err, bb_code, gnu_code) in cases {
        for (gnu, err, code) in [(false, bb, bb_code), (true, gnu_err, gnu_code)] {
            let mut h = Fake { gnu, ..Fake::new() };
            let end = run_with(&mut h, &format!("cd /root; {src}"));
            assert_eq!((h.err.as_str(), end), (err, End::Exit(code)), "{src} gnu={gnu}");
        }
    }
    // chmod -v: busybox's new mode; coreutils' old and new (or "retained").
    for (gnu, text) in [
        (false, "mode of 'f' changed to 0755 (rwxr-xr-x)\nmode of 'f' changed to 0755 (rwxr-xr-x)\n"),
        (true, "mode of 'f' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)\nmode of 'f' retained as 0755 (rwxr-xr-x)\n"),
    ] {
        let mut h = Fake { gnu, ..Fake::new() };
        run_with(&mut h, "cd /root; touch f; chmod -v 755 f; chmod -v 755 f");
        assert_eq!(h.out, text, "gnu={gnu}");
    }
}

/// `ls -l`: busybox's fixed columns, coreutils' columns as wide as the listing's widest entry.
#[test]
fn ls_long_in_both_layouts() {
    let src = "cd /data; echo hello > small; printf '%0300d' 0 > big; mkdir sub; ls -l; ls -ln small; ls -ld sub";
    let mut h = Fake::new();
    run_with(&mut h, src);
    assert_eq!(
        h.out,
        "total 12\n\
         -rw-r--r--    1 root     root           300 Nov 18 11:06 big\n\
         -rw-r--r--    1 root     root             6 Nov 18 11:06 small\n\
         drwxr-xr-x    2 root     root          4096 Nov 18 11:06 sub\n\
         -rw-r--r--    1 0        0                6 Nov 18 11:06 small\n\
         drwxr-xr-x    2 root     root          4096 Nov 18 11:06 sub\n"
    );
    let mut h = Fake { gnu: true, ..Fake::new() };
    run_with(&mut h, src);
    assert_eq!(
        h.out,
        "total 12\n\
         -rw-r--r-- 1 root root  300 Nov 18 11:06 big\n\
         -rw-r--r-- 1 root root    6 Nov 18 11:06 small\n\
         drwxr-xr-x 2 root root 4096 Nov 18 11:06 sub\n\
         -rw-r--r-- 1 0 0 6 Nov 18 11:06 small\n\
         drwxr-xr-x 2 root root 4096 Nov 18 11:06 sub\n"
    );
    // `stat`'s default format: coreutils' names unquoted, device as major,minor, birth time.
    for gnu in [false, true] {
        let mut h = Fake { gnu, ..Fake::new() };
        run_with(&mut h, "echo hi > /tmp/f; stat /tmp/f; stat -c '%N %Hd,%Ld' /tmp/f");
        let lines: Vec<&str> = h.out.lines().collect();
        let (file, device, last, custom) = if gnu {
            ("  File: /tmp/f", "Device: 0,47\t", " Birth: 2026-11-18 11:06:40.000000000 +0000", "'/tmp/f' 0,47")
        } else {
            ("  File: /tmp/f", "Device: 2fh/47d\t", "Change: 2026-11-18 11:06:40.000000000 +0000", "/tmp/f 0,47")
        };
        assert_eq!((lines[0], lines[lines.len() - 2], lines[lines.len() - 1]), (file, last, custom), "gnu={gnu}");
        assert!(lines[2].starts_with(device), "{}", lines[2]);
    }
    // `id`: coreutils lists the effective group first; `whoami` for a uid without a name.
    for (gnu, text) in [
        (false, "uid=1000 gid=3000 groups=2000,3000\n2000 3000\nwhoami: unknown uid 1000\n"),
        (true, "uid=1000 gid=3000 groups=3000,2000\n3000 2000\nwhoami: cannot find name for user ID 1000\n"),
    ] {
        let mut h = Fake { gnu, creds: Some(Credentials { uid: 1000, gid: 3000, groups: vec![2000, 3000] }), ..Fake::new() };
        run_with(&mut h, "id; id -G; whoami 2>&1");
        assert_eq!(h.out, text, "gnu={gnu}");
    }
}

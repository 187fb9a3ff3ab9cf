//! The busybox applets (and ash builtins) that teaching scripts use, run inside the
//! interpreter: output goes through the shell's file descriptors, files through the host.
//! Texts follow busybox 1.37 (`coreutils/*.c`, `libbb`): e.g.
//! `cat: can't open 'x': No such file or directory`. In Debian-based images
//! (`Host::gnu_userland`) the file utilities speak GNU coreutils 9.1 instead (`Ctx::fail`
//! picks the text): `cat`, `ls` (and `ls -l`'s layout), `mkdir`, `rm`, `rmdir`, `touch`,
//! `cp`, `mv`, `head`, `tail`, `wc`, `sort`, `dd`, `chmod`, `stat`, `id`, `whoami`, e.g.
//! `cat: x: No such file or directory`, `ls: cannot access 'x': …` (exit status 2).

use super::{FileKind, Host, Stat};
use super::arith;
use super::interp::write_fd;
use super::regex::Regex;
use super::state::{Env, Io};

pub(crate) struct Ctx<'a> {
    pub host: &'a mut dyn Host,
    pub env: &'a mut Env,
    pub io: &'a mut Io,
    /// The virtual clock (ms).
    pub now_ms: u64,
    /// Whether stdout is a terminal.
    pub tty: bool,
    /// Matching work left (`grep`); the interpreter charges what was spent.
    pub fuel: u64,
    /// Bytes the applet read and wrote (its input, files it read, its output): charged
    /// with the fuel spent (see `expand::work_steps`).
    pub bytes: u64,
}

impl Ctx<'_> {
    /// The interpreter steps this applet's work costs.
    pub fn steps(&self) -> u64 {
        super::expand::work_steps(super::WORK_FUEL - self.fuel, self.bytes)
    }

    /// Counts text the applet handled.
    pub fn handled(&mut self, n: usize) {
        self.bytes = self.bytes.saturating_add(n as u64);
    }

    pub fn out(&mut self, s: &str) {
        self.handled(s.len());
        write_fd(self.host, self.io, 1, s);
    }

    pub fn err(&mut self, s: &str) {
        self.handled(s.len());
        write_fd(self.host, self.io, 2, s);
    }

    pub fn path(&self, p: &str) -> String {
        self.env.path(p)
    }

    /// A file's content through the host, counted as text the applet handled.
    pub fn read(&mut self, path: &str) -> Option<String> {
        let t = self.host.read_file(path);
        if let Some(t) = &t {
            self.handled(t.len());
        }
        t
    }

    pub fn stdin(&mut self) -> String {
        let s = self.io.read_all(0);
        self.handled(s.len());
        s
    }

    /// Whether the image's utilities are GNU coreutils (Debian-based images) rather than
    /// busybox applets: the texts and layouts then follow coreutils 9.1.
    pub fn gnu(&self) -> bool {
        self.host.gnu_userland()
    }

    /// An applet's error line: busybox's text, or GNU's where the image has coreutils.
    pub fn fail(&mut self, busybox: String, gnu: impl FnOnce() -> String) {
        let text = if self.gnu() { gnu() } else { busybox };
        self.err(&format!("{text}\n"));
    }

    fn is_dir(&self, path: &str) -> bool {
        path == "/" || (self.host.file_exists(path) && self.host.read_file(path).is_none())
    }

    /// A file's text for reading applets; the error is busybox's `can't open` message, or
    /// coreutils' (`cat: x: No such file or directory`, `head: cannot open 'x' for reading: …`).
    fn open(&mut self, applet: &str, name: &str) -> Option<String> {
        if name == "-" {
            return Some(self.stdin());
        }
        if name == "/dev/null" {
            return Some(String::new());
        }
        let p = self.path(name);
        match self.read(&p) {
            Some(t) => Some(t),
            None => {
                let dir = self.is_dir(&p);
                let why = if dir { "Is a directory" } else { "No such file or directory" };
                self.fail(format!("{applet}: can't open '{name}': {why}"), || match (applet, dir) {
                    ("head" | "tail" | "dd", true) => format!("{applet}: error reading '{name}': {why}"),
                    ("head" | "tail", false) => format!("{applet}: cannot open '{name}' for reading: {why}"),
                    ("dd", false) => format!("dd: failed to open '{name}': {why}"),
                    ("sort", _) => format!("sort: {}: {name}: {why}", if dir { "read failed" } else { "cannot read" }),
                    _ => format!("{applet}: {name}: {why}"),
                });
                None
            }
        }
    }
}

/// What a tool writes when it ends: stdout, stderr, exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Written {
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

/// What an applet did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    Status(i32),
    /// `tail -f FILE`: reads what was added to the files every second, for ever.
    Follow(Box<Follow>),
    /// `sleep`: status 0 after this many ms.
    Sleep(u64),
    /// Output written in this order (1 stdout, 2 stderr) after `ms` (apt's downloads).
    Timed { ms: u64, chunks: Vec<(u8, String)>, status: i32 },
    /// A result that takes time (a network timeout): written after `ms`.
    Delay { ms: u64, stdout: String, stderr: String, status: i32 },
    /// A TCP connect nobody answers: the kernel retransmits the SYN (after 1, 3, 7, 15, … s)
    /// until `ms`, then the `timeout` result stands; if a retransmission meets a REJECT rule
    /// on the way (kube-proxy's rule for a Service without endpoints, filter table, applied to
    /// every packet of a NEW connection), the `refused` result is written at once.
    Connecting { ms: u64, host: String, port: u16, timeout: Written, refused: Written },
    /// Never ends (`sleep infinity`, `tail -f`).
    Forever,
    /// `nc -l`: waits for a connection.
    Listen(Box<super::net::Listener>),
}

const UTILS: &[&str] = &[
    "echo", "printf", "test", "[", "[[", "sleep", "usleep", "cat", "touch", "rm", "rmdir", "mkdir", "ls", "date", "hostname", "printenv", "pwd", "grep", "egrep", "fgrep", "wc", "head",
    "tail", "seq", "expr", "nc", "wget", "curl", "tee", "basename", "dirname", "uname", "id", "whoami", "cp", "mv", "chmod", "chown", "sync", "sort", "uniq", "yes",
    "stat", "readlink", "cut", "sed", "awk", "nslookup", "ip", "ipcs", "ipcmk", "ipcrm", "redis-cli", "tr", "dd", "rev", "tar", "apt-get", "apt",
    "apt-cache", "dpkg",
];

pub(crate) fn is_utility(name: &str) -> bool {
    UTILS.contains(&name)
}

/// Tools that some images have and others lack (see the host's `has_program`): a missing
/// one is `sh: NAME: not found`.
pub(crate) fn image_specific(name: &str) -> bool {
    matches!(name, "curl" | "wget" | "nc" | "nslookup" | "ip" | "ipcs" | "ipcmk" | "ipcrm" | "redis-cli" | "rev" | "ps") || super::apt::is_apt_tool(name)
}

/// busybox `id` (`coreutils/id.c`) over the process's credentials: `uid=1000 gid=3000
/// groups=2000,3000`, a name in parentheses where `/etc/passwd` or `/etc/group` has one;
/// `-u`, `-g`, `-G` print the numbers (`-n`: the names, a number where there is none).
/// coreutils' `id` lists the effective group first, then the others in the kernel's order.
#[inline(never)]
fn id(ctx: &mut Ctx, args: &[String]) -> i32 {
    use super::Credentials;
    let mut creds = ctx.host.credentials();
    if ctx.gnu() {
        // coreutils lists the effective group first, then the others (`mgetgroups`).
        creds.groups.retain(|g| *g != creds.gid);
        creds.groups.insert(0, creds.gid);
    }
    let flags: String = args.iter().filter(|a| a.starts_with('-')).flat_map(|a| a.chars().skip(1)).collect();
    let names = flags.contains('n');
    let user = |u: u32| if names { Credentials::user_name(u).map_or(u.to_string(), str::to_string) } else { u.to_string() };
    let group = |g: u32| if names { Credentials::group_name(g).map_or(g.to_string(), str::to_string) } else { g.to_string() };
    let text = if flags.contains('u') {
        user(creds.uid)
    } else if flags.contains('G') {
        creds.groups.iter().map(|g| group(*g)).collect::<Vec<_>>().join(" ")
    } else if flags.contains('g') {
        group(creds.gid)
    } else {
        let named = |id: u32, name: Option<&str>| name.map_or(id.to_string(), |n| format!("{id}({n})"));
        let groups = creds.groups.iter().map(|g| named(*g, Credentials::group_name(*g))).collect::<Vec<_>>().join(",");
        let mut line = format!("uid={} gid={}", named(creds.uid, Credentials::user_name(creds.uid)), named(creds.gid, Credentials::group_name(creds.gid)));
        if !groups.is_empty() {
            line.push_str(&format!(" groups={groups}"));
        }
        line
    };
    ctx.out(&format!("{text}\n"));
    0
}

// The builtins this calls are `#[inline(never)]`: as functions of their own, the ones a session
// rarely runs leave the worker's first download (the split worker, xtask/src/split.rs).
pub(crate) fn run(ctx: &mut Ctx, argv: &[String]) -> Outcome {
    let args = &argv[1..];
    let st = Outcome::Status;
    match argv[0].as_str() {
        "echo" => st(echo(ctx, args)),
        "printf" => st(printf(ctx, args)),
        "test" | "[" | "[[" => st(test(ctx, &argv[0], args)),
        "sleep" => sleep(ctx, args),
        "usleep" => {
            let us: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(0);
            Outcome::Sleep(us / 1000)
        }
        "cat" => st(cat(ctx, args)),
        "touch" => st(touch(ctx, args)),
        "rm" => st(rm(ctx, args)),
        "rmdir" => st(rmdir(ctx, args)),
        "mkdir" => st(mkdir(ctx, args)),
        "ls" => st(ls(ctx, args)),
        "date" => st(date(ctx, args)),
        "hostname" => st(hostname(ctx, args)),
        "printenv" => {
            let vars = ctx.env.exported();
            if args.is_empty() {
                let out: String = vars.iter().map(|(k, v)| format!("{k}={v}\n")).collect();
                ctx.out(&out);
                st(0)
            } else {
                let mut status = 0;
                for a in args {
                    match vars.get(a) {
                        Some(v) => {
                            let v = format!("{v}\n");
                            ctx.out(&v);
                        }
                        None => status = 1,
                    }
                }
                st(status)
            }
        }
        "pwd" => {
            let d = format!("{}\n", ctx.env.cwd);
            ctx.out(&d);
            st(0)
        }
        "grep" | "egrep" | "fgrep" => st(grep(ctx, &argv[0], args)),
        "wc" => st(wc(ctx, args)),
        "head" => st(head_tail(ctx, true, args).0),
        "tail" => match head_tail(ctx, false, args) {
            (_, Some(Some(follow))) => Outcome::Follow(follow),
            (_, Some(None)) => Outcome::Forever,
            (status, None) => st(status),
        },
        "seq" => st(seq(ctx, args)),
        "dd" => st(dd(ctx, args)),
        "expr" => st(expr(ctx, args)),
        "nc" => super::net::nc(ctx, args),
        "wget" => super::net::wget(ctx, args),
        "curl" => super::net::curl(ctx, args),
        "apt-get" | "apt" | "apt-cache" | "dpkg" => super::apt::run(ctx, argv),
        "tee" => st(tee(ctx, args)),
        "basename" => {
            let Some(p) = args.first() else {
                ctx.err("basename: missing operand\n");
                return st(1);
            };
            let t = p.trim_end_matches('/');
            let mut b = if t.is_empty() && p.starts_with('/') { "/".to_string() } else { t.rsplit('/').next().unwrap_or("").to_string() };
            if let Some(suf) = args.get(1)
                && b.len() > suf.len()
                && b.ends_with(suf.as_str())
            {
                b.truncate(b.len() - suf.len());
            }
            ctx.out(&format!("{b}\n"));
            st(0)
        }
        "dirname" => {
            let Some(p) = args.first() else {
                ctx.err("dirname: missing operand\n");
                return st(1);
            };
            let t = p.trim_end_matches('/');
            let d = match t.rfind('/') {
                Some(0) => "/".to_string(),
                Some(i) => t[..i].trim_end_matches('/').to_string(),
                None if p.starts_with('/') => "/".to_string(),
                None => ".".to_string(),
            };
            let d = if d.is_empty() { "/".to_string() } else { d };
            ctx.out(&format!("{d}\n"));
            st(0)
        }
        "uname" => {
            let host = ctx.host.hostname();
            let fields = [("s", "Linux".to_string()), ("n", host), ("r", "6.8.0".to_string()), ("v", "#1 SMP PREEMPT_DYNAMIC".to_string()), ("m", "x86_64".to_string())];
            let mut want: Vec<&str> = Vec::new();
            for a in args {
                for c in a.trim_start_matches('-').chars() {
                    match c {
                        'a' => want = vec!["s", "n", "r", "v", "m", "o"],
                        's' => want.push("s"),
                        'n' => want.push("n"),
                        'r' => want.push("r"),
                        'v' => want.push("v"),
                        'm' | 'p' | 'i' => want.push("m"),
                        'o' => want.push("o"),
                        _ => {}
                    }
                }
            }
            if want.is_empty() {
                want.push("s");
            }
            let mut parts = Vec::new();
            for (k, v) in &fields {
                if want.contains(k) {
                    parts.push(v.clone());
                }
            }
            if want.contains(&"o") {
                parts.push("GNU/Linux".to_string());
            }
            ctx.out(&format!("{}\n", parts.join(" ")));
            st(0)
        }
        "id" => st(id(ctx, args)),
        "whoami" => {
            let uid = ctx.host.credentials().uid;
            match super::Credentials::user_name(uid) {
                Some(name) => {
                    ctx.out(&format!("{name}\n"));
                    st(0)
                }
                None => {
                    ctx.fail(format!("whoami: unknown uid {uid}"), || format!("whoami: cannot find name for user ID {uid}"));
                    st(1)
                }
            }
        }
        "cp" | "mv" => st(cp_mv(ctx, &argv[0], args)),
        "chmod" => st(super::fileinfo::chmod(ctx, args)),
        "stat" => st(super::fileinfo::stat(ctx, args)),
        "readlink" => st(super::fileinfo::readlink(ctx, args)),
        "cut" => st(super::text::cut(ctx, args)),
        "sed" => st(super::text::sed(ctx, args)),
        "tr" => st(super::text::tr(ctx, args)),
        "rev" => st(super::text::rev(ctx, args)),
        "awk" => st(super::awk::awk(ctx, args)),
        "nslookup" => super::netinfo::nslookup(ctx, args),
        "ip" => st(super::netinfo::ip(ctx, args)),
        "ipcs" => st(super::ipc::ipcs(ctx, args)),
        "ipcmk" => st(super::ipc::ipcmk(ctx, args)),
        "ipcrm" => st(super::ipc::ipcrm(ctx, args)),
        "redis-cli" => super::redis_cli::redis_cli(ctx, args),
        "chown" => {
            let mut status = 0;
            for a in args.iter().skip(1).filter(|a| !a.starts_with('-')) {
                let p = ctx.path(a);
                if !ctx.host.file_exists(&p) {
                    ctx.err(&format!("{}: {a}: No such file or directory\n", argv[0]));
                    status = 1;
                }
            }
            st(status)
        }
        "tar" => st(super::tar::tar(ctx, args)),
        "sync" => st(0),
        "sort" => st(sort(ctx, args)),
        "uniq" => {
            let text = match args.iter().find(|a| !a.starts_with('-')) {
                Some(f) => match ctx.open("uniq", f) {
                    Some(t) => t,
                    None => return st(1),
                },
                None => ctx.stdin(),
            };
            let count = args.iter().any(|a| a == "-c");
            let mut out = String::new();
            let mut prev: Option<(&str, usize)> = None;
            for line in text.lines() {
                match prev {
                    Some((p, n)) if p == line => prev = Some((p, n + 1)),
                    Some((p, n)) => {
                        out.push_str(&if count { format!("{n:>7} {p}\n") } else { format!("{p}\n") });
                        prev = Some((line, 1));
                    }
                    None => prev = Some((line, 1)),
                }
            }
            if let Some((p, n)) = prev {
                out.push_str(&if count { format!("{n:>7} {p}\n") } else { format!("{p}\n") });
            }
            ctx.out(&out);
            st(0)
        }
        "yes" => {
            // `yes` writes until its reader goes away: here, some lines, then it runs on
            // (as `yes > /dev/null`, a CPU burner, does).
            let word = if args.is_empty() { "y".to_string() } else { args.join(" ") };
            let line = format!("{word}\n");
            let n = (64 * 1024 / line.len().max(1)).clamp(1, 1000);
            ctx.out(&line.repeat(n));
            Outcome::Forever
        }
        other => {
            ctx.err(&format!("sh: {other}: not found\n"));
            st(127)
        }
    }
}

// ----- echo / printf -----

/// Interprets backslash escapes (`echo -e`, `printf %b`); the bool is false after `\c`.
fn escapes(s: &str, printf_octal: bool) -> (String, bool) {
    let mut out = String::new();
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < c.len() {
        if c[i] != '\\' || i + 1 >= c.len() {
            out.push(c[i]);
            i += 1;
            continue;
        }
        i += 1;
        let e = c[i];
        i += 1;
        match e {
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'c' => return (out, false),
            'e' => out.push('\x1b'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '\\' => out.push('\\'),
            'x' => {
                let mut v = 0u32;
                let mut n = 0;
                while n < 2 && i < c.len() && c[i].is_ascii_hexdigit() {
                    v = v * 16 + c[i].to_digit(16).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                if n == 0 {
                    out.push_str("\\x");
                } else {
                    out.push(char::from_u32(v).unwrap_or('?'));
                }
            }
            '0'..='7' => {
                // echo: \0NNN; printf: \NNN.
                let mut v = 0u32;
                let mut n = 0;
                let max = if e == '0' && !printf_octal { 3 } else { 2 };
                if e != '0' || printf_octal {
                    v = e.to_digit(8).unwrap_or(0);
                }
                while n < max && i < c.len() && c[i].is_digit(8) {
                    v = v * 8 + c[i].to_digit(8).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                if e != '0' && !printf_octal {
                    out.push('\\');
                    out.push(e);
                } else {
                    out.push(char::from_u32(v & 0xff).unwrap_or('?'));
                }
            }
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    (out, true)
}

#[inline(never)]
fn echo(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut newline = true;
    let mut interpret = false;
    let mut i = 0;
    // dash's echo (`bltin/printf.c` `echocmd`): only `-n`, and backslash escapes always.
    if ctx.env.dash {
        newline = args.first().is_none_or(|a| a != "-n");
        interpret = true;
        i = usize::from(!newline);
    }
    while i < args.len() && !ctx.env.dash {
        let a = &args[i];
        if a.len() >= 2 && a.starts_with('-') && a[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E')) {
            for c in a[1..].chars() {
                match c {
                    'n' => newline = false,
                    'e' => interpret = true,
                    _ => interpret = false,
                }
            }
            i += 1;
        } else {
            break;
        }
    }
    let mut out = String::new();
    for (k, a) in args[i..].iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        if interpret {
            let (s, more) = escapes(a, false);
            out.push_str(&s);
            if !more {
                ctx.out(&out);
                return 0;
            }
        } else {
            out.push_str(a);
        }
    }
    if newline {
        out.push('\n');
    }
    ctx.out(&out);
    0
}

#[inline(never)]
fn printf(ctx: &mut Ctx, args: &[String]) -> i32 {
    let Some(fmt) = args.first() else {
        ctx.err("printf: usage: printf FORMAT [ARGUMENT...]\n");
        return 1;
    };
    let fmt: Vec<char> = fmt.chars().collect();
    let mut vals = args[1..].iter();
    let mut out = String::new();
    let mut status = 0;
    let mut err = String::new();
    loop {
        let mut consumed = false;
        let mut i = 0;
        while i < fmt.len() {
            let c = fmt[i];
            if c == '\\' {
                let mut j = i + 1;
                let mut esc = String::from("\\");
                if j < fmt.len() {
                    esc.push(fmt[j]);
                    j += 1;
                    if fmt[j - 1].is_digit(8) {
                        let mut n = 1;
                        while n < 3 && j < fmt.len() && fmt[j].is_digit(8) {
                            esc.push(fmt[j]);
                            j += 1;
                            n += 1;
                        }
                    } else if fmt[j - 1] == 'x' {
                        let mut n = 0;
                        while n < 2 && j < fmt.len() && fmt[j].is_ascii_hexdigit() {
                            esc.push(fmt[j]);
                            j += 1;
                            n += 1;
                        }
                    }
                }
                let (s, more) = escapes(&esc, true);
                out.push_str(&s);
                if !more {
                    ctx.out(&out);
                    return status;
                }
                i = j;
                continue;
            }
            if c != '%' {
                out.push(c);
                i += 1;
                continue;
            }
            i += 1;
            if i < fmt.len() && fmt[i] == '%' {
                out.push('%');
                i += 1;
                continue;
            }
            let mut flags = String::new();
            while i < fmt.len() && "-+ #0".contains(fmt[i]) {
                flags.push(fmt[i]);
                i += 1;
            }
            let mut width = String::new();
            while i < fmt.len() && (fmt[i].is_ascii_digit() || fmt[i] == '*') {
                if fmt[i] == '*' {
                    consumed = true;
                    width.push_str(&vals.next().cloned().unwrap_or_default());
                } else {
                    width.push(fmt[i]);
                }
                i += 1;
            }
            let mut prec: Option<String> = None;
            if i < fmt.len() && fmt[i] == '.' {
                i += 1;
                let mut p = String::new();
                while i < fmt.len() && (fmt[i].is_ascii_digit() || fmt[i] == '*') {
                    if fmt[i] == '*' {
                        consumed = true;
                        p.push_str(&vals.next().cloned().unwrap_or_default());
                    } else {
                        p.push(fmt[i]);
                    }
                    i += 1;
                }
                prec = Some(p);
            }
            while i < fmt.len() && matches!(fmt[i], 'l' | 'h' | 'j' | 'z' | 't' | 'L' | 'q') {
                i += 1;
            }
            let Some(&conv) = fmt.get(i) else {
                err.push_str("printf: %: invalid format\n");
                status = 1;
                break;
            };
            i += 1;
            let arg = vals.next();
            if arg.is_some() {
                consumed = true;
            }
            let arg = arg.cloned().unwrap_or_default();
            let width: usize = width.parse::<i64>().map(|w| w.unsigned_abs() as usize).unwrap_or(0).min(4096);
            let prec: Option<usize> = prec.map(|p| p.parse::<usize>().unwrap_or(0).min(4096));
            let left = flags.contains('-');
            let zero = flags.contains('0') && !left;
            let body = match conv {
                's' => {
                    let mut s = arg;
                    if let Some(p) = prec {
                        s = s.chars().take(p).collect();
                    }
                    s
                }
                'b' => {
                    let (s, more) = escapes(&arg, false);
                    if !more {
                        out.push_str(&pad(&s, width, left, false));
                        ctx.out(&out);
                        return status;
                    }
                    s
                }
                'c' => arg.chars().next().map(String::from).unwrap_or_default(),
                'd' | 'i' | 'u' | 'x' | 'X' | 'o' => {
                    let n = match parse_printf_int(&arg) {
                        Some(n) => n,
                        None => {
                            err.push_str(&format!("printf: invalid number '{arg}'\n"));
                            status = 1;
                            0
                        }
                    };
                    let mut s = match conv {
                        'x' => format!("{:x}", n),
                        'X' => format!("{:X}", n),
                        'o' => format!("{:o}", n),
                        'u' => format!("{}", n as u64),
                        _ => n.unsigned_abs().to_string(),
                    };
                    if let Some(p) = prec {
                        while s.len() < p {
                            s.insert(0, '0');
                        }
                    }
                    if matches!(conv, 'd' | 'i') {
                        if n < 0 {
                            s.insert(0, '-');
                        } else if flags.contains('+') {
                            s.insert(0, '+');
                        } else if flags.contains(' ') {
                            s.insert(0, ' ');
                        }
                    }
                    s
                }
                'f' | 'F' | 'e' | 'E' | 'g' | 'G' => {
                    let v: f64 = if arg.is_empty() {
                        0.0
                    } else {
                        match crate::parse_f64(arg.trim()) {
                            Some(v) => v,
                            None => {
                                err.push_str(&format!("printf: invalid number '{arg}'\n"));
                                status = 1;
                                0.0
                            }
                        }
                    };
                    let p = prec.unwrap_or(6);
                    match conv {
                        'e' | 'E' => {
                            let s = podlife_ftl::num::ExpFixed(v, p).to_string();
                            if conv == 'E' { s.to_ascii_uppercase() } else { s }
                        }
                        'g' | 'G' => {
                            let s = podlife_ftl::num::Num(v).to_string();
                            if conv == 'G' { s.to_ascii_uppercase() } else { s }
                        }
                        _ => podlife_ftl::num::FixedAny(v, p).to_string(),
                    }
                }
                other => {
                    err.push_str(&format!("printf: %{other}: invalid format\n"));
                    status = 1;
                    break;
                }
            };
            let numeric = !matches!(conv, 's' | 'b' | 'c');
            out.push_str(&pad(&body, width, left, zero && numeric));
        }
        if !consumed || vals.len() == 0 {
            break;
        }
        if out.len() > super::MAX_CAPTURE_BYTES {
            break;
        }
    }
    ctx.out(&out);
    if !err.is_empty() {
        ctx.err(&err);
    }
    status
}

fn parse_printf_int(s: &str) -> Option<i64> {
    let t = s.trim();
    if t.is_empty() {
        return Some(0);
    }
    if let Some(c) = t.strip_prefix('\'').or_else(|| t.strip_prefix('"')) {
        return Some(c.chars().next().map(|c| c as i64).unwrap_or(0));
    }
    let (neg, d) = match t.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let v = arith::parse_number(d)?;
    Some(if neg { v.wrapping_neg() } else { v })
}

fn pad(s: &str, width: usize, left: bool, zero: bool) -> String {
    let n = s.chars().count();
    if n >= width {
        return s.to_string();
    }
    let fill = width - n;
    if left {
        format!("{s}{}", " ".repeat(fill))
    } else if zero {
        let (sign, digits) = if s.starts_with(['-', '+', ' ']) { s.split_at(1) } else { ("", s) };
        format!("{sign}{}{digits}", "0".repeat(fill))
    } else {
        format!("{}{s}", " ".repeat(fill))
    }
}

// ----- test -----

struct Test<'a, 'b> {
    ctx: &'a mut Ctx<'b>,
    args: Vec<String>,
    pos: usize,
    bt2: bool,
}

#[derive(Debug)]
struct TestErr(String);

const UNARY: &[&str] = &["-e", "-f", "-d", "-s", "-r", "-w", "-x", "-L", "-h", "-b", "-c", "-p", "-S", "-g", "-u", "-k", "-t", "-O", "-G", "-n", "-z"];
const BINARY: &[&str] = &["=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef"];

#[inline(never)]
fn test(ctx: &mut Ctx, name: &str, args: &[String]) -> i32 {
    let mut args = args.to_vec();
    if name == "[" {
        if args.last().map(String::as_str) != Some("]") {
            let m = format!("{}: missing ]\n", ctx.env.arg0);
            ctx.err(&m);
            return 2;
        }
        args.pop();
    } else if name == "[[" {
        if args.last().map(String::as_str) != Some("]]") {
            let m = format!("{}: missing ]]\n", ctx.env.arg0);
            ctx.err(&m);
            return 2;
        }
        args.pop();
    }
    let mut t = Test { ctx, args, pos: 0, bt2: name == "[[" };
    if t.args.is_empty() {
        return 1;
    }
    let r = t.oexpr();
    match r {
        Ok(v) => {
            if t.pos < t.args.len() {
                let a = t.args[t.pos].clone();
                let m = format!("{}: {a}: unknown operand\n", t.ctx.env.arg0);
                t.ctx.err(&m);
                return 2;
            }
            if v { 0 } else { 1 }
        }
        Err(TestErr(msg)) => {
            let m = format!("{}: {msg}\n", t.ctx.env.arg0);
            t.ctx.err(&m);
            2
        }
    }
}

impl Test<'_, '_> {
    fn peek(&self) -> Option<&str> {
        self.args.get(self.pos).map(String::as_str)
    }

    fn oexpr(&mut self) -> Result<bool, TestErr> {
        let mut v = self.aexpr()?;
        while matches!(self.peek(), Some("-o") | Some("||")) && (self.peek() != Some("||") || self.bt2) {
            self.pos += 1;
            let r = self.aexpr()?;
            v = v || r;
        }
        Ok(v)
    }

    fn aexpr(&mut self) -> Result<bool, TestErr> {
        let mut v = self.nexpr()?;
        while matches!(self.peek(), Some("-a") | Some("&&")) && (self.peek() != Some("&&") || self.bt2) {
            self.pos += 1;
            let r = self.nexpr()?;
            v = v && r;
        }
        Ok(v)
    }

    fn nexpr(&mut self) -> Result<bool, TestErr> {
        if self.peek() == Some("!") && self.args.len() - self.pos > 1 {
            self.pos += 1;
            return Ok(!self.nexpr()?);
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<bool, TestErr> {
        let Some(a) = self.peek().map(str::to_string) else { return Err(TestErr("argument expected".into())) };
        let remaining = self.args.len() - self.pos;
        // `( expr )`
        if a == "(" && remaining > 1 {
            // A binary operator as the next token means "(" is an operand.
            let next_is_binop = self.args.get(self.pos + 1).is_some_and(|n| BINARY.contains(&n.as_str())) && remaining == 3;
            if !next_is_binop {
                self.pos += 1;
                let v = self.oexpr()?;
                if self.peek() != Some(")") {
                    return Err(TestErr("closing paren expected".into()));
                }
                self.pos += 1;
                return Ok(v);
            }
        }
        // Binary: `a OP b`.
        if remaining >= 3
            && let Some(op) = self.args.get(self.pos + 1)
            && BINARY.contains(&op.as_str())
        {
            let op = op.clone();
            let b = self.args[self.pos + 2].clone();
            self.pos += 3;
            return self.binary(&a, &op, &b);
        }
        // Unary: `-f file`.
        if UNARY.contains(&a.as_str()) && remaining >= 2 {
            let operand = self.args[self.pos + 1].clone();
            self.pos += 2;
            return Ok(self.unary(&a, &operand));
        }
        self.pos += 1;
        Ok(!a.is_empty())
    }

    fn num(&self, s: &str) -> Result<i64, TestErr> {
        let t = s.trim();
        arith::parse_signed(t).ok_or_else(|| TestErr(format!("{s}: bad number")))
    }

    fn binary(&mut self, a: &str, op: &str, b: &str) -> Result<bool, TestErr> {
        Ok(match op {
            "=" | "==" => {
                if self.bt2 {
                    glob_match(b, a)
                } else {
                    a == b
                }
            }
            "!=" => {
                if self.bt2 {
                    !glob_match(b, a)
                } else {
                    a != b
                }
            }
            "<" => a < b,
            ">" => a > b,
            "-eq" => self.num(a)? == self.num(b)?,
            "-ne" => self.num(a)? != self.num(b)?,
            "-lt" => self.num(a)? < self.num(b)?,
            "-le" => self.num(a)? <= self.num(b)?,
            "-gt" => self.num(a)? > self.num(b)?,
            "-ge" => self.num(a)? >= self.num(b)?,
            "-ef" => self.ctx.path(a) == self.ctx.path(b) && self.ctx.host.file_exists(&self.ctx.path(a)),
            _ => false,
        })
    }

    fn unary(&mut self, op: &str, x: &str) -> bool {
        let p = self.ctx.path(x);
        if matches!(op, "-f" | "-d" | "-s") {
            // The host tells a file by its content: reading it is work (`[ -f big ]` in a loop).
            let content = if p == "/" { None } else { self.ctx.read(&p) };
            let exists = || p == "/" || self.ctx.host.file_exists(&p);
            return match (op, content) {
                ("-f", c) => c.is_some(),
                ("-d", None) => exists(),
                ("-s", Some(c)) => !c.is_empty(),
                ("-s", None) => exists(),
                _ => false,
            };
        }
        let host = &*self.ctx.host;
        match op {
            "-n" => !x.is_empty(),
            "-z" => x.is_empty(),
            "-e" | "-r" | "-w" => x == "/" || (!x.is_empty() && host.file_exists(&p)),
            // root may execute what has any execute bit (and search any directory).
            "-x" => !x.is_empty() && host.stat(&p).is_some_and(|st| st.is_dir() || st.mode & 0o111 != 0),
            "-L" | "-h" => host.stat(&p).is_some_and(|st| matches!(st.kind, FileKind::Symlink(_))),
            "-c" => matches!(p.as_str(), "/dev/null" | "/dev/zero" | "/dev/random" | "/dev/urandom" | "/dev/tty"),
            "-t" => self.ctx.tty && matches!(x, "0" | "1" | "2"),
            _ => false,
        }
    }
}

/// A `[[ a == pattern ]]` match (no quoting information survives to a builtin, so the
/// whole right side is a pattern).
fn glob_match(pattern: &str, s: &str) -> bool {
    let p = super::expand::Pattern::compile(&[(pattern.to_string(), false)]);
    let chars: Vec<char> = s.chars().collect();
    p.matches(&chars)
}

// ----- sleep -----

/// The longest sleep: 100 years (longer ones are the same for a simulation, and keep the
/// engine's clock arithmetic far from overflow).
pub(crate) const MAX_SLEEP_MS: u64 = 100 * 365 * 24 * 3600 * 1000;

/// busybox's `parse_duration_str`: a number (fractional allowed) with an optional
/// s/m/h/d suffix, in ms (at most [`MAX_SLEEP_MS`]).
pub(crate) fn parse_duration(s: &str) -> Option<u64> {
    let (num, mult) = match s.char_indices().last() {
        Some((i, 's')) => (&s[..i], 1.0),
        Some((i, 'm')) => (&s[..i], 60.0),
        Some((i, 'h')) => (&s[..i], 3600.0),
        Some((i, 'd')) => (&s[..i], 86400.0),
        _ => (s, 1.0),
    };
    if num.is_empty() || !num.chars().all(|c| c.is_ascii_digit() || c == '.') || num.matches('.').count() > 1 || num == "." {
        return None;
    }
    let v: f64 = crate::parse_f64(num)?;
    let ms = v * mult * 1000.0;
    if !ms.is_finite() || ms < 0.0 {
        return None;
    }
    Some(if ms >= MAX_SLEEP_MS as f64 { MAX_SLEEP_MS } else { ms.round() as u64 })
}

#[inline(never)]
fn sleep(ctx: &mut Ctx, args: &[String]) -> Outcome {
    let args: Vec<&String> = args.iter().filter(|a| *a != "--").collect();
    if args.is_empty() {
        ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: sleep [N]...\n\nPause for a time equal to the total of the args given, where each arg can\nhave an optional suffix of (s)econds, (m)inutes, (h)ours, or (d)ays\n");
        return Outcome::Status(1);
    }
    if args[0].get(..3).is_some_and(|p| p.eq_ignore_ascii_case("inf")) {
        return Outcome::Forever;
    }
    let mut total: u64 = 0;
    for a in args {
        match parse_duration(a) {
            Some(ms) => total = total.saturating_add(ms).min(MAX_SLEEP_MS),
            None => {
                ctx.err(&format!("sleep: invalid number '{a}'\n"));
                return Outcome::Status(1);
            }
        }
    }
    Outcome::Sleep(total)
}

// ----- files -----

#[inline(never)]
fn cat(ctx: &mut Ctx, args: &[String]) -> i32 {
    let files: Vec<&String> = args.iter().filter(|a| !(a.starts_with('-') && a.len() > 1)).collect();
    let number = args.iter().any(|a| a == "-n");
    let mut status = 0;
    let emit = |ctx: &mut Ctx, text: String| {
        if number {
            let mut out = String::new();
            for (k, l) in text.split_inclusive('\n').enumerate() {
                out.push_str(&format!("{:>6}\t{l}", k + 1));
            }
            ctx.out(&out);
        } else {
            ctx.out(&text);
        }
    };
    if files.is_empty() {
        let t = ctx.stdin();
        emit(ctx, t);
        return 0;
    }
    for f in files {
        let p = ctx.path(f);
        if f != "-" && ctx.is_dir(&p) {
            ctx.fail("cat: read error: Is a directory".into(), || format!("cat: {f}: Is a directory"));
            status = 1;
            continue;
        }
        match ctx.open("cat", f) {
            Some(t) => emit(ctx, t),
            None => status = 1,
        }
    }
    status
}

fn parent_exists(ctx: &Ctx, path: &str) -> bool {
    match path.rsplit_once('/') {
        Some(("", _)) | None => true,
        Some((p, _)) => ctx.host.file_exists(p),
    }
}

#[inline(never)]
fn touch(ctx: &mut Ctx, args: &[String]) -> i32 {
    let no_create = args.iter().any(|a| a == "-c");
    let mut status = 0;
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    if files.is_empty() {
        ctx.fail("touch: missing operand".into(), || "touch: missing file operand\nTry 'touch --help' for more information.".into());
        return 1;
    }
    for f in files {
        let p = ctx.path(f);
        if ctx.host.file_exists(&p) || no_create {
            continue;
        }
        if super::state::name_too_long(&p) {
            let e = super::state::NAME_TOO_LONG;
            ctx.fail(format!("touch: {f}: {e}"), || format!("touch: cannot touch '{f}': {e}"));
            status = 1;
            continue;
        }
        if !parent_exists(ctx, &p) {
            ctx.fail(format!("touch: {f}: No such file or directory"), || format!("touch: cannot touch '{f}': No such file or directory"));
            status = 1;
            continue;
        }
        if let Err(e) = super::state::write_file(ctx.host, &p, "", true) {
            ctx.fail(format!("touch: {f}: {e}"), || format!("touch: cannot touch '{f}': {e}"));
            status = 1;
        }
    }
    status
}

#[inline(never)]
fn rm(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut force = false;
    let mut recursive = false;
    let mut files = Vec::new();
    let mut opts_done = false;
    for a in args {
        if !opts_done && a == "--" {
            opts_done = true;
        } else if !opts_done && a.starts_with('-') && a.len() > 1 {
            for c in a[1..].chars() {
                match c {
                    'f' => force = true,
                    'r' | 'R' => recursive = true,
                    _ => {}
                }
            }
        } else {
            files.push(a.clone());
        }
    }
    if files.is_empty() && !force {
        ctx.fail("rm: missing operand".into(), || "rm: missing operand\nTry 'rm --help' for more information.".into());
        return 1;
    }
    let mut status = 0;
    for f in files {
        let p = ctx.path(&f);
        if !ctx.host.file_exists(&p) {
            if !force {
                ctx.fail(format!("rm: can't remove '{f}': No such file or directory"), || format!("rm: cannot remove '{f}': No such file or directory"));
                status = 1;
            }
            continue;
        }
        if ctx.is_dir(&p) {
            if !recursive {
                ctx.fail(format!("rm: '{f}' is a directory"), || format!("rm: cannot remove '{f}': Is a directory"));
                status = 1;
                continue;
            }
            remove_tree(ctx, &p, 0);
        } else {
            ctx.host.remove_file(&p);
        }
    }
    status
}

fn remove_tree(ctx: &mut Ctx, p: &str, depth: usize) {
    if depth < 64
        && let Some(entries) = ctx.host.list_dir(p)
    {
        for e in entries {
            let child = if p == "/" { format!("/{e}") } else { format!("{p}/{e}") };
            if ctx.is_dir(&child) {
                remove_tree(ctx, &child, depth + 1);
            } else {
                ctx.host.remove_file(&child);
            }
        }
    }
    ctx.host.remove_file(p);
}

#[inline(never)]
fn rmdir(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut status = 0;
    for f in args.iter().filter(|a| !a.starts_with('-')) {
        let p = ctx.path(f);
        if !ctx.host.file_exists(&p) {
            ctx.fail(format!("rmdir: '{f}': No such file or directory"), || format!("rmdir: failed to remove '{f}': No such file or directory"));
            status = 1;
        } else if !ctx.is_dir(&p) {
            ctx.fail(format!("rmdir: '{f}': Not a directory"), || format!("rmdir: failed to remove '{f}': Not a directory"));
            status = 1;
        } else if ctx.host.list_dir(&p).is_some_and(|e| !e.is_empty()) {
            ctx.fail(format!("rmdir: '{f}': Directory not empty"), || format!("rmdir: failed to remove '{f}': Directory not empty"));
            status = 1;
        } else {
            ctx.host.remove_file(&p);
        }
    }
    status
}

/// busybox `mkdir [-p] [-m MODE] DIR…` (coreutils/mkdir.c): `-m` parses against 0777 and
/// chmods each directory the command creates last (so the umask does not apply).
#[inline(never)]
fn mkdir(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut parents = false;
    let mut mode_text: Option<String> = None;
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(m) = a.strip_prefix("--mode=") {
            mode_text = Some(m.to_string());
        } else if a == "--parents" {
            parents = true;
        } else if a.starts_with('-') && a.len() > 1 && !a.starts_with("--") {
            // Bundled flags: `-p`, `-pm MODE`, `-m0777`.
            for (i, c) in a[1..].char_indices() {
                match c {
                    'p' => parents = true,
                    'm' => {
                        let rest = &a[1 + i + 1..];
                        mode_text = if rest.is_empty() { it.next().cloned() } else { Some(rest.to_string()) };
                        break;
                    }
                    _ => {}
                }
            }
        } else {
            files.push(a.clone());
        }
    }
    let mode = match mode_text.as_deref().map(|m| (m, super::fileinfo::parse_mode(m, 0o777, true))) {
        Some((m, None)) => {
            ctx.err(&format!("mkdir: invalid mode '{m}'\n"));
            return 1;
        }
        Some((_, Some(v))) => Some(v),
        None => None,
    };
    if files.is_empty() {
        ctx.fail("mkdir: missing operand".into(), || "mkdir: missing operand\nTry 'mkdir --help' for more information.".into());
        return 1;
    }
    // busybox's `can't`, coreutils' `cannot` (the rest of the text is the same).
    let cant = if ctx.gnu() { "cannot" } else { "can't" };
    let mut status = 0;
    for f in files {
        let p = ctx.path(&f);
        if parents {
            let mut cur = String::new();
            for comp in p.split('/').filter(|c| !c.is_empty()) {
                cur.push('/');
                cur.push_str(comp);
                if ctx.host.file_exists(&cur) {
                    if !ctx.is_dir(&cur) {
                        ctx.err(&format!("mkdir: {cant} create directory '{f}': Not a directory\n"));
                        status = 1;
                        break;
                    }
                    continue;
                }
                if let Err(e) = super::state::make_dir(ctx.host, &cur) {
                    ctx.err(&format!("mkdir: {cant} create directory '{f}': {e}\n"));
                    status = 1;
                    break;
                }
                if let Some(m) = mode.filter(|_| cur.trim_end_matches('/') == p.trim_end_matches('/')) {
                    let _ = ctx.host.chmod(&cur, m);
                }
            }
            continue;
        }
        if ctx.host.file_exists(&p) {
            ctx.err(&format!("mkdir: {cant} create directory '{f}': File exists\n"));
            status = 1;
        } else if !parent_exists(ctx, &p) {
            ctx.err(&format!("mkdir: {cant} create directory '{f}': No such file or directory\n"));
            status = 1;
        } else if let Err(e) = super::state::make_dir(ctx.host, &p) {
            ctx.err(&format!("mkdir: {cant} create directory '{f}': {e}\n"));
            status = 1;
        } else if let Some(m) = mode {
            let _ = ctx.host.chmod(&p, m);
        }
    }
    status
}

#[inline(never)]
fn ls(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut all = false;
    // `-A`: hidden entries without `.` and `..` (the last of -a/-A given wins).
    let mut dots = false;
    let mut long = false;
    let mut dir_itself = false;
    let mut deref = false;
    let mut numeric = false;
    let mut paths = Vec::new();
    for a in args {
        if a.starts_with('-') && a.len() > 1 {
            all |= a.contains('a') || a.contains('A');
            if let Some(c) = a.chars().rev().find(|c| *c == 'a' || *c == 'A') {
                dots = c == 'a';
            }
            long |= a.contains('l') || a.contains('n');
            numeric |= a.contains('n');
            dir_itself |= a.contains('d');
            deref |= a.contains('L');
        } else {
            paths.push(a.clone());
        }
    }
    if paths.is_empty() {
        paths.push(".".into());
    }
    let now = ctx.host.now_unix_secs();
    let mut status = 0;
    let mut out = String::new();
    let multi = paths.len() > 1;
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for p in &paths {
        let full = ctx.path(p);
        let found = if deref { super::stat_follow(&*ctx.host, &full) } else { ctx.host.stat(&full) };
        let Some(mut st) = found else {
            // coreutils: a command-line operand that cannot be stat'ed is exit status 2.
            ctx.fail(format!("ls: {p}: No such file or directory"), || format!("ls: cannot access '{p}': No such file or directory"));
            status = if ctx.gnu() { 2 } else { 1 };
            continue;
        };
        let mut target = full.clone();
        // Links on the command line are followed unless -l (or -d).
        if !long && !dir_itself
            && let FileKind::Symlink(t) = &st.kind
        {
            let base = full.rsplit_once('/').map(|(d, _)| if d.is_empty() { "/" } else { d }).unwrap_or("/").to_string();
            target = if t.starts_with('/') { t.clone() } else { super::state::normalize(&format!("{base}/{t}")) };
            if let Some(t) = ctx.host.stat(&target) {
                st = t;
            }
        }
        if st.is_dir() && !dir_itself {
            dirs.push((p.clone(), target));
        } else {
            files.push((p.clone(), full, st));
        }
    }
    let gnu = ctx.gnu();
    // One listing (the operands that are not directories, or one directory's entries): GNU
    // pads the long format's columns to the listing's widest entry.
    let listing = |entries: &[(String, Stat)]| -> String {
        if long {
            super::fileinfo::long_lines(entries, now, numeric, gnu)
        } else {
            entries.iter().map(|(name, _)| format!("{name}\n")).collect()
        }
    };
    let operands: Vec<(String, Stat)> = files.iter().map(|(name, _, st)| (name.clone(), st.clone())).collect();
    out.push_str(&listing(&operands));
    for (k, (name, full)) in dirs.iter().enumerate() {
        if multi {
            if k > 0 || !files.is_empty() {
                out.push('\n');
            }
            out.push_str(&format!("{name}:\n"));
        }
        let mut entries = ctx.host.list_dir(full).unwrap_or_default();
        crate::sort::sort(&mut entries);
        if all && dots {
            entries.insert(0, "..".into());
            entries.insert(0, ".".into());
        }
        let mut listed = Vec::new();
        let mut blocks = 0;
        for e in entries {
            if e.starts_with('.') && !all {
                continue;
            }
            let child = match e.as_str() {
                "." => full.clone(),
                ".." => super::state::normalize(&format!("{full}/..")),
                _ if full == "/" => format!("/{e}"),
                _ => format!("{full}/{e}"),
            };
            let found = if deref { super::stat_follow(&*ctx.host, &child) } else { ctx.host.stat(&child) };
            let st = found.unwrap_or_else(|| Stat::file(0, 0o644, now));
            blocks += match st.kind {
                FileKind::File => st.size.div_ceil(4096) * 4,
                FileKind::Dir => 4,
                _ => 0,
            };
            listed.push((e, st));
        }
        if long {
            out.push_str(&format!("total {blocks}\n"));
        }
        out.push_str(&listing(&listed));
    }
    ctx.out(&out);
    status
}

#[inline(never)]
fn cp_mv(ctx: &mut Ctx, name: &str, args: &[String]) -> i32 {
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    if files.len() < 2 {
        ctx.fail(format!("{name}: missing operand"), || {
            let what = files.first().map_or("file operand".into(), |f| format!("destination file operand after '{f}'"));
            format!("{name}: missing {what}\nTry '{name} --help' for more information.")
        });
        return 1;
    }
    let (dst, srcs) = files.split_last().map(|(d, s)| ((*d).clone(), s.to_vec())).unwrap_or_default();
    let dst_full = ctx.path(&dst);
    let dst_dir = ctx.is_dir(&dst_full);
    let mut status = 0;
    for s in srcs {
        let sp = ctx.path(s);
        let Some(text) = ctx.read(&sp) else {
            if ctx.is_dir(&sp) {
                ctx.fail(format!("{name}: omitting directory '{s}'"), || format!("{name}: -r not specified; omitting directory '{s}'"));
            } else {
                ctx.fail(format!("{name}: can't stat '{s}': No such file or directory"), || format!("{name}: cannot stat '{s}': No such file or directory"));
            }
            status = 1;
            continue;
        };
        let target = if dst_dir {
            let base = sp.rsplit('/').next().unwrap_or("");
            if dst_full == "/" { format!("/{base}") } else { format!("{dst_full}/{base}") }
        } else {
            dst_full.clone()
        };
        if let Err(e) = super::state::write_file(ctx.host, &target, &text, false) {
            // coreutils names the file it writes (`DIR/NAME` into a directory); mv into another
            // mount (a read-only volume) copies, so it says the same.
            let shown = if dst_dir { format!("{}/{}", dst.trim_end_matches('/'), sp.rsplit('/').next().unwrap_or("")) } else { dst.clone() };
            ctx.fail(format!("{name}: can't create '{dst}': {e}"), || format!("{name}: cannot create regular file '{shown}': {e}"));
            status = 1;
            continue;
        }
        // mv keeps the mode; cp gives a new file the source's mode less the umask.
        if let Some(st) = ctx.host.stat(&sp) {
            let mode = if name == "mv" { st.mode } else { st.mode & !0o022 };
            if mode != 0o644 {
                let _ = ctx.host.chmod(&target, mode);
            }
        }
        if name == "mv" {
            ctx.host.remove_file(&sp);
        }
    }
    status
}

#[inline(never)]
fn tee(ctx: &mut Ctx, args: &[String]) -> i32 {
    let append = args.iter().any(|a| a == "-a");
    let text = ctx.stdin();
    let mut status = 0;
    for f in args.iter().filter(|a| !a.starts_with('-')) {
        let p = ctx.path(f);
        if let Err(e) = super::state::write_file(ctx.host, &p, &text, append) {
            ctx.err(&format!("tee: {f}: {e}\n"));
            status = 1;
        }
    }
    ctx.out(&text);
    status
}

#[inline(never)]
fn sort(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut reverse = false;
    let mut numeric = false;
    let mut unique = false;
    let mut files = Vec::new();
    for a in args {
        if a.starts_with('-') && a.len() > 1 {
            reverse |= a.contains('r');
            numeric |= a.contains('n');
            unique |= a.contains('u');
        } else {
            files.push(a.clone());
        }
    }
    let mut text = String::new();
    if files.is_empty() {
        text = ctx.stdin();
    }
    for f in &files {
        match ctx.open("sort", f) {
            Some(t) => text.push_str(&t),
            None => return 2,
        }
    }
    let mut lines: Vec<&str> = text.lines().collect();
    if numeric {
        let key = |l: &str| -> f64 {
            let t = l.trim_start();
            let end = t.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')).unwrap_or(t.len());
            crate::parse_f64(&t[..end]).unwrap_or(0.0)
        };
        crate::sort::sort_by(&mut lines, |a, b| key(a).partial_cmp(&key(b)).unwrap_or(std::cmp::Ordering::Equal).then(a.cmp(b)));
    } else {
        crate::sort::sort(&mut lines);
    }
    if reverse {
        lines.reverse();
    }
    if unique {
        lines.dedup();
    }
    let out: String = lines.iter().map(|l| format!("{l}\n")).collect();
    ctx.out(&out);
    0
}

// ----- date -----

const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
const DAYS_LONG: [&str; 7] = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"];
const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_LONG: [&str; 12] = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/// (year, month 1–12, day, hour, minute, second, weekday index into DAYS)
pub(super) fn civil(secs: i64) -> (i64, i64, i64, i64, i64, i64, usize) {
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    (y, m, d, rem / 3600, (rem % 3600) / 60, rem % 60, days.rem_euclid(7) as usize)
}

fn day_of_year(y: i64, m: i64, d: i64) -> i64 {
    let cum = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    cum[(m - 1) as usize] + d + if leap && m > 2 { 1 } else { 0 }
}

pub(crate) fn strftime(fmt: &str, secs: i64) -> String {
    let (y, mo, d, h, mi, s, wd) = civil(secs);
    let mut out = String::new();
    let mut it = fmt.chars().peekable();
    while let Some(c) = it.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut pad_none = false;
        if it.peek() == Some(&'-') {
            pad_none = true;
            it.next();
        }
        let Some(f) = it.next() else {
            out.push('%');
            break;
        };
        let two = |v: i64| if pad_none { v.to_string() } else { format!("{v:02}") };
        match f {
            'Y' => out.push_str(&y.to_string()),
            'y' => out.push_str(&format!("{:02}", y.rem_euclid(100))),
            'C' => out.push_str(&format!("{:02}", y.div_euclid(100))),
            'm' => out.push_str(&two(mo)),
            'd' => out.push_str(&two(d)),
            'e' => out.push_str(&format!("{d:>2}")),
            'H' => out.push_str(&two(h)),
            'I' => out.push_str(&two(if h % 12 == 0 { 12 } else { h % 12 })),
            'M' => out.push_str(&two(mi)),
            'S' => out.push_str(&two(s)),
            'p' => out.push_str(if h < 12 { "AM" } else { "PM" }),
            's' => out.push_str(&secs.to_string()),
            'a' => out.push_str(DAYS[wd]),
            'A' => out.push_str(DAYS_LONG[wd]),
            'b' | 'h' => out.push_str(MONTHS[(mo - 1) as usize]),
            'B' => out.push_str(MONTHS_LONG[(mo - 1) as usize]),
            'j' => out.push_str(&format!("{:03}", day_of_year(y, mo, d))),
            'u' => out.push_str(&(((wd + 3) % 7) + 1).to_string()),
            'w' => out.push_str(&((wd + 4) % 7).to_string()),
            'Z' => out.push_str("UTC"),
            'z' => out.push_str("+0000"),
            'F' => out.push_str(&format!("{y}-{mo:02}-{d:02}")),
            'T' => out.push_str(&format!("{h:02}:{mi:02}:{s:02}")),
            'R' => out.push_str(&format!("{h:02}:{mi:02}")),
            'D' => out.push_str(&format!("{mo:02}/{d:02}/{:02}", y.rem_euclid(100))),
            'c' => out.push_str(&strftime("%a %b %e %H:%M:%S %Y", secs)),
            'x' => out.push_str(&format!("{mo:02}/{d:02}/{:02}", y.rem_euclid(100))),
            'X' => out.push_str(&format!("{h:02}:{mi:02}:{s:02}")),
            'N' => out.push_str("000000000"),
            'n' => out.push('\n'),
            't' => out.push('\t'),
            '%' => out.push('%'),
            other => {
                out.push('%');
                out.push(other);
            }
        }
    }
    out
}

#[inline(never)]
fn date(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut secs = (ctx.host.now_unix_secs().max(ctx.now_ms / 1000)) as i64;
    let mut fmt = "%a %b %e %H:%M:%S %Z %Y".to_string();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if let Some(f) = a.strip_prefix('+') {
            fmt = f.to_string();
        } else if a == "-u" || a == "--utc" {
        } else if a == "-R" || a == "--rfc-2822" {
            fmt = "%a, %d %b %Y %H:%M:%S %z".into();
        } else if a.starts_with("-I") || a.starts_with("--iso-8601") {
            let spec = a.trim_start_matches("--iso-8601").trim_start_matches("-I").trim_start_matches('=');
            fmt = match spec {
                "" | "date" => "%Y-%m-%d".into(),
                "hours" => "%Y-%m-%dT%H+00:00".into(),
                "minutes" => "%Y-%m-%dT%H:%M+00:00".into(),
                _ => "%Y-%m-%dT%H:%M:%S+00:00".into(),
            };
        } else if a == "-d" || a.starts_with("--date") {
            let v = if a == "-d" { it.next().cloned().unwrap_or_default() } else { a.split_once('=').map(|x| x.1.to_string()).unwrap_or_default() };
            match v.strip_prefix('@').and_then(|n| n.parse::<i64>().ok()) {
                Some(n) => secs = n,
                None => {
                    ctx.err(&format!("date: invalid date '{v}'\n"));
                    return 1;
                }
            }
        } else {
            ctx.err(&format!("date: invalid date '{a}'\n"));
            return 1;
        }
    }
    let out = format!("{}\n", strftime(&fmt, secs));
    ctx.out(&out);
    0
}

#[inline(never)]
fn hostname(ctx: &mut Ctx, args: &[String]) -> i32 {
    let name = ctx.host.hostname();
    let opt = args.first().map(String::as_str).unwrap_or("");
    if matches!(opt, "-i" | "-f" | "-d" | "--fqdn" | "--domain") {
        // `gethostbyname`: /etc/hosts first (the kubelet's file names the pod), then DNS.
        let hosts = ctx.host.read_file("/etc/hosts").unwrap_or_default();
        let (canonical, ips) = match super::netinfo::hosts_entry(&hosts, &name) {
            Some(e) => e,
            None => match ctx.host.resolve(&name) {
                Some(ip) => (name.clone(), vec![ip]),
                None => {
                    ctx.err(&format!("hostname: {name}: Unknown host\n"));
                    return 1;
                }
            },
        };
        let text = match opt {
            "-i" => ips.join(" "),
            "-f" | "--fqdn" => canonical,
            _ => match canonical.split_once('.') {
                Some((_, d)) => d.to_string(),
                None => return 0,
            },
        };
        ctx.out(&format!("{text}\n"));
        return 0;
    }
    let text = match opt {
        "-s" => name.split('.').next().unwrap_or("").to_string(),
        _ => name,
    };
    ctx.out(&format!("{text}\n"));
    0
}

// ----- text tools -----

#[inline(never)]
fn grep(ctx: &mut Ctx, name: &str, args: &[String]) -> i32 {
    let mut quiet = false;
    let mut invert = false;
    let mut icase = false;
    let mut count = false;
    let mut number = false;
    let mut extended = name == "egrep";
    let mut fixed = name == "fgrep";
    let mut list = false;
    let mut only = false;
    let mut word = false;
    let mut whole = false;
    let mut no_name = false;
    let mut with_name = false;
    let mut silent = false;
    // Context (`-A`/`-B`/`-C`) and `-m`, as busybox's grep.c: `-C` sets whichever of the
    // other two is not given.
    let (mut after, mut before, mut around): (Option<usize>, Option<usize>, Option<usize>) = (None, None, None);
    let mut max_count: Option<usize> = None;
    let mut patterns: Vec<String> = Vec::new();
    let mut files: Vec<String> = Vec::new();
    let mut it = args.iter();
    let mut opts_done = false;
    while let Some(a) = it.next() {
        if !opts_done && a == "--" {
            opts_done = true;
            continue;
        }
        if !opts_done && a.starts_with('-') && a.len() > 1 {
            let flags: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < flags.len() {
                match flags[k] {
                    'q' => quiet = true,
                    'v' => invert = true,
                    'i' => icase = true,
                    'c' => count = true,
                    'n' => number = true,
                    'E' => extended = true,
                    'F' => fixed = true,
                    'l' => list = true,
                    'o' => only = true,
                    'w' => word = true,
                    'x' => whole = true,
                    'h' => no_name = true,
                    'H' => with_name = true,
                    's' => silent = true,
                    'r' | 'R' => {}
                    c @ ('A' | 'B' | 'C' | 'm') => {
                        let rest: String = flags[k + 1..].iter().collect();
                        let value = if rest.is_empty() { it.next().cloned().unwrap_or_default() } else { rest };
                        let Ok(n) = value.parse::<usize>() else {
                            ctx.err(&format!("grep: invalid number '{value}'\n"));
                            return 2;
                        };
                        match c {
                            'A' => after = Some(n),
                            'B' => before = Some(n),
                            'C' => around = Some(n),
                            _ => max_count = Some(n),
                        }
                        k = flags.len();
                        continue;
                    }
                    'e' => {
                        let rest: String = flags[k + 1..].iter().collect();
                        if rest.is_empty() {
                            patterns.push(it.next().cloned().unwrap_or_default());
                        } else {
                            patterns.push(rest);
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
        if patterns.is_empty() {
            patterns.push(a.clone());
        } else {
            files.push(a.clone());
        }
    }
    if patterns.is_empty() {
        ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: grep [-HhnlLoqvsrRiwFE] [-m N] [-A|B|C N] { PATTERN | -e PATTERN... | -f FILE... } [FILE]...\n");
        return 2;
    }
    let mut res = Vec::new();
    for p in patterns.iter().flat_map(|p| p.split('\n').map(str::to_string).collect::<Vec<_>>()) {
        let r = if fixed { Ok(Regex::literal(&p, icase)) } else { Regex::new(&p, extended, icase) };
        match r {
            Ok(r) => res.push(r),
            Err(e) => {
                ctx.err(&format!("grep: bad regex '{p}': {e}\n"));
                return 2;
            }
        }
    }
    let (after, before) = if count || quiet || list { (0, 0) } else { (after.or(around).unwrap_or(0), before.or(around).unwrap_or(0)) };
    let context = after > 0 || before > 0;
    // The last line number printed, over every file (`last_line_printed`): a gap before the
    // next printed line is marked `--`.
    let mut last_printed: Option<usize> = None;
    let show_names = (files.len() > 1 || with_name) && !no_name;
    let inputs: Vec<(String, Option<String>)> = if files.is_empty() {
        vec![("(standard input)".to_string(), Some(ctx.stdin()))]
    } else {
        files
            .iter()
            .map(|f| {
                let p = ctx.path(f);
                let t = if f == "-" { Some(ctx.stdin()) } else { ctx.read(&p) };
                (f.clone(), t)
            })
            .collect()
    };
    let mut any = false;
    let mut error = false;
    let mut out = String::new();
    'files: for (fname, text) in inputs {
        let Some(text) = text else {
            if !silent {
                let p = ctx.path(&fname);
                let why = if ctx.is_dir(&p) { "Is a directory" } else { "No such file or directory" };
                ctx.err(&format!("grep: {fname}: {why}\n"));
            }
            error = true;
            continue;
        };
        let mut n = 0;
        let mut after_left = 0;
        let mut held: std::collections::VecDeque<(usize, &str)> = std::collections::VecDeque::new();
        for (lineno, line) in text.lines().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            let mut found: Option<(usize, usize)> = None;
            for r in &res {
                let mut start = 0;
                while start <= chars.len() {
                    let Some((a, b)) = r.find_with(&chars[start..], &mut ctx.fuel) else { break };
                    let (a, b) = (a + start, b + start);
                    let ok = if whole {
                        a == 0 && b == chars.len()
                    } else if word {
                        let before = a == 0 || !is_word(chars[a - 1]);
                        let after = b == chars.len() || !is_word(chars[b]);
                        before && after
                    } else {
                        true
                    };
                    if ok {
                        found = Some((a, b));
                        break;
                    }
                    if whole {
                        break;
                    }
                    start = a + 1;
                }
                if found.is_some() {
                    break;
                }
            }
            if found.is_some() == invert {
                if after_left > 0 {
                    context_line(&mut out, context, &mut last_printed, show_names.then_some(fname.as_str()), number, lineno + 1, '-', line);
                    after_left -= 1;
                } else if before > 0 {
                    if held.len() == before {
                        held.pop_front();
                    }
                    held.push_back((lineno, line));
                }
                continue;
            }
            if max_count.is_some_and(|m| n >= m) {
                break;
            }
            any = true;
            n += 1;
            if quiet {
                break 'files;
            }
            if list {
                out.push_str(&format!("{fname}\n"));
                continue 'files;
            }
            if count {
                continue;
            }
            for (held_no, held_line) in held.drain(..) {
                context_line(&mut out, context, &mut last_printed, show_names.then_some(fname.as_str()), number, held_no + 1, '-', held_line);
            }
            after_left = after;
            let mut prefix = String::new();
            if show_names {
                prefix.push_str(&format!("{fname}:"));
            }
            if number {
                prefix.push_str(&format!("{}:", lineno + 1));
            }
            match (only, found) {
                (true, Some(first)) if !invert => {
                    // Every non-empty match of the line, each on its own line.
                    let mut next = Some(first);
                    let mut guard = 0;
                    while let Some((a, b)) = next {
                        if b > a {
                            let m: String = chars[a..b].iter().collect();
                            mark_gap(&mut out, context, &mut last_printed, lineno + 1);
                            out.push_str(&format!("{prefix}{m}\n"));
                        }
                        let from = if b > a { b } else { b + 1 };
                        guard += 1;
                        if whole || from > chars.len() || guard > 100_000 {
                            break;
                        }
                        next = res
                            .iter()
                            .filter_map(|r| {
                                let mut start = from;
                                while start <= chars.len() {
                                    let (x, y) = r.find_with(&chars[start..], &mut ctx.fuel)?;
                                    let (x, y) = (x + start, y + start);
                                    if !word || ((x == 0 || !is_word(chars[x - 1])) && (y == chars.len() || !is_word(chars[y]))) {
                                        return Some((x, y));
                                    }
                                    start = x + 1;
                                }
                                None
                            })
                            .min();
                    }
                }
                _ => {
                    mark_gap(&mut out, context, &mut last_printed, lineno + 1);
                    out.push_str(&format!("{prefix}{line}\n"));
                }
            }
            if max_count.is_some_and(|m| n >= m) && after == 0 {
                break;
            }
        }
        if count {
            if show_names {
                out.push_str(&format!("{fname}:{n}\n"));
            } else {
                out.push_str(&format!("{n}\n"));
            }
        }
    }
    if !quiet {
        ctx.out(&out);
    }
    if error && !(quiet && any) {
        return 2;
    }
    if any { 0 } else { 1 }
}

/// busybox grep's `print_line` bookkeeping: `--` before a printed line that does not follow
/// the last one printed, when context was asked for.
fn mark_gap(out: &mut String, context: bool, last: &mut Option<usize>, lineno: usize) {
    if context && last.is_some_and(|l| l + 1 != lineno) {
        out.push_str("--\n");
    }
    *last = Some(lineno);
}

/// A context line: `-` instead of `:` after the file name and line number.
#[allow(clippy::too_many_arguments)]
fn context_line(out: &mut String, context: bool, last: &mut Option<usize>, fname: Option<&str>, number: bool, lineno: usize, decoration: char, line: &str) {
    mark_gap(out, context, last, lineno);
    if let Some(f) = fname {
        out.push_str(&format!("{f}{decoration}"));
    }
    if number {
        out.push_str(&format!("{lineno}{decoration}"));
    }
    out.push_str(line);
    out.push('\n');
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[inline(never)]
fn wc(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut want = [false; 4]; // lines, words, chars(m), bytes(c)
    let mut files = Vec::new();
    for a in args {
        if a.starts_with('-') && a.len() > 1 {
            for c in a[1..].chars() {
                match c {
                    'l' => want[0] = true,
                    'w' => want[1] = true,
                    'm' => want[2] = true,
                    'c' => want[3] = true,
                    _ => {}
                }
            }
        } else {
            files.push(a.clone());
        }
    }
    if !want.iter().any(|w| *w) {
        want = [true, true, false, true];
    }
    let nopts = want.iter().filter(|w| **w).count();
    let stdin = files.is_empty();
    let inputs: Vec<(String, Option<String>)> = if stdin {
        vec![(String::new(), Some(ctx.stdin()))]
    } else {
        files.iter().map(|f| (f.clone(), ctx.open("wc", f))).collect()
    };
    let single = inputs.len() <= 1 && nopts == 1;
    let mut totals = [0usize; 4];
    let mut status = 0;
    let mut out = String::new();
    let mut counted = 0;
    for (name, text) in inputs {
        let Some(text) = text else {
            status = 1;
            continue;
        };
        counted += 1;
        let counts = [text.matches('\n').count(), text.split_whitespace().count(), text.chars().count(), crate::archive::byte_len(&text)];
        let mut first = true;
        for k in 0..4 {
            if want[k] {
                if first {
                    out.push_str(&if single { counts[k].to_string() } else { format!("{:9}", counts[k]) });
                    first = false;
                } else {
                    out.push_str(&format!(" {:9}", counts[k]));
                }
            }
            totals[k] += counts[k];
        }
        if stdin {
            out.push('\n');
        } else {
            out.push_str(&format!(" {name}\n"));
        }
    }
    if counted > 1 {
        let mut first = true;
        for k in 0..4 {
            if want[k] {
                if first {
                    out.push_str(&format!("{:9}", totals[k]));
                    first = false;
                } else {
                    out.push_str(&format!(" {:9}", totals[k]));
                }
            }
        }
        out.push_str(" total\n");
    }
    ctx.out(&out);
    status
}

/// `head` and `tail`: the status, and for `tail -f`/`-F` what it follows next (None: nothing
/// more; Some(None): waits forever, as on standard input or `/dev/null`).
#[inline(never)]
fn head_tail(ctx: &mut Ctx, head: bool, args: &[String]) -> (i32, Option<Option<Box<Follow>>>) {
    let name = if head { "head" } else { "tail" };
    let mut n: i64 = 10;
    let mut from_start = false;
    let mut bytes = false;
    let mut follow = false;
    let mut retry = false;
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut take_num = |v: &str, ctx: &mut Ctx| -> Option<i64> {
            let v = if let Some(r) = v.strip_prefix('+') {
                from_start = true;
                r
            } else {
                v
            };
            match v.trim_start_matches('-').parse::<i64>() {
                Ok(x) => Some(x),
                Err(_) => {
                    ctx.err(&format!("{name}: invalid number '{v}'\n"));
                    None
                }
            }
        };
        if a == "-n" || a == "-c" {
            bytes = a == "-c";
            let Some(v) = it.next() else {
                ctx.err(&format!("{name}: option requires an argument -- '{}'\n", &a[1..]));
                return (1, None);
            };
            match take_num(v, ctx) {
                Some(x) => n = x,
                None => return (1, None),
            }
        } else if a == "-f" || a == "-F" {
            follow = true;
            retry |= a == "-F";
        } else if let Some(v) = a.strip_prefix("-n").or_else(|| a.strip_prefix("-c")).filter(|v| !v.is_empty()) {
            bytes = a.starts_with("-c");
            match take_num(v, ctx) {
                Some(x) => n = x,
                None => return (1, None),
            }
        } else if a.starts_with('-') && a.len() > 1 && a[1..].chars().all(|c| c.is_ascii_digit()) {
            n = a[1..].parse().unwrap_or(10);
        } else if a.starts_with('-') && a.len() > 1 {
            if a.contains('f') || a.contains('F') {
                follow = true;
            }
            retry |= a.contains('F');
            if a.contains('q') || a.contains('s') {}
        } else {
            files.push(a.clone());
        }
    }
    if !head && follow && files.iter().all(|f| f == "/dev/null") && !files.is_empty() {
        return (0, Some(None));
    }
    let inputs: Vec<(String, Option<String>)> =
        if files.is_empty() { vec![(String::new(), Some(ctx.stdin()))] } else { files.iter().map(|f| (f.clone(), ctx.open(name, f))).collect() };
    // What `tail -f` goes on reading: each file from its end (a missing one, with -F, until
    // it appears).
    let followed: Vec<Followed> = files.iter().zip(&inputs).filter(|(_, (_, t))| t.is_some() || retry).map(|(f, (_, t))| Followed { name: f.clone(), path: ctx.path(f), offset: t.as_ref().map(String::len) }).collect();
    let multi = inputs.len() > 1;
    let mut status = 0;
    let mut out = String::new();
    for (k, (fname, text)) in inputs.into_iter().enumerate() {
        let Some(text) = text else {
            status = 1;
            continue;
        };
        if multi {
            if k > 0 {
                out.push('\n');
            }
            out.push_str(&format!("==> {fname} <==\n"));
        }
        let n = n.max(0) as usize;
        if bytes {
            // Bytes, not chars: an archive's stream cut anywhere stays its bytes.
            let b = &crate::archive::to_bytes(&text);
            let slice = if head {
                &b[..n.min(b.len())]
            } else if from_start {
                &b[n.saturating_sub(1).min(b.len())..]
            } else {
                &b[b.len().saturating_sub(n)..]
            };
            out.push_str(&crate::archive::to_text(slice));
            continue;
        }
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let chosen: &[&str] = if head {
            &lines[..n.min(lines.len())]
        } else if from_start {
            &lines[n.saturating_sub(1).min(lines.len())..]
        } else {
            &lines[lines.len().saturating_sub(n)..]
        };
        for l in chosen {
            out.push_str(l);
        }
    }
    ctx.out(&out);
    if head || !follow {
        return (status, None);
    }
    if files.is_empty() {
        return (status, Some(None));
    }
    if followed.is_empty() {
        // Every file failed to open without -F.
        ctx.fail("tail: no files".into(), || "tail: no files remaining".into());
        return (1, None);
    }
    (status, Some(Some(Box::new(Follow { files: followed, retry, next: ctx.now_ms.saturating_add(FOLLOW_PERIOD_MS) }))))
}

/// busybox `tail -f`'s `sleep(1)` between reads.
pub(crate) const FOLLOW_PERIOD_MS: u64 = 1_000;

/// `tail -f`/`-F` between its reads (`coreutils/tail.c`'s follow loop).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Follow {
    pub files: Vec<Followed>,
    /// `-F`: reopen a file that appeared, was replaced or went away.
    pub retry: bool,
    /// When it reads next (ms).
    pub next: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Followed {
    /// As given (for the messages).
    pub name: String,
    pub path: String,
    /// Bytes read so far; None: not open.
    pub offset: Option<usize>,
}

impl Follow {
    /// One pass of the loop: what it writes to stdout and stderr.
    pub(crate) fn read(&mut self, host: &dyn Host) -> (String, String) {
        let (mut out, mut err) = (String::new(), String::new());
        let gnu = host.gnu_userland();
        for f in &mut self.files {
            let text = host.read_file(&f.path);
            // coreutils quotes the name (and writes two spaces after `;`).
            let name = if gnu { format!("'{}'", f.name) } else { f.name.clone() };
            if self.retry {
                match (&text, f.offset) {
                    (Some(_), None) => {
                        let then = if gnu { " following new file" } else { "following end of new file" };
                        err.push_str(&format!("tail: {name} has appeared; {then}\n"));
                        f.offset = Some(0);
                    }
                    (None, Some(_)) => {
                        err.push_str(&format!("tail: {name} has become inaccessible: No such file or directory\n"));
                        f.offset = None;
                    }
                    _ => {}
                }
            }
            let (Some(text), Some(offset)) = (text, f.offset) else { continue };
            // A truncated file is read again from its start.
            let from = if text.len() < offset { 0 } else { offset };
            out.push_str(text.get(from..).unwrap_or_default());
            f.offset = Some(text.len());
        }
        self.next = self.next.saturating_add(FOLLOW_PERIOD_MS);
        (out, err)
    }
}



/// busybox `dd`'s number suffixes (`dd_suffixes`).
fn dd_number(s: &str) -> Option<u64> {
    const SUFFIXES: &[(&str, u64)] = &[
        ("c", 1), ("w", 2), ("b", 512), ("kB", 1000), ("kD", 1000), ("k", 1024), ("K", 1024),
        ("MB", 1_000_000), ("MD", 1_000_000), ("M", 1 << 20), ("GB", 1_000_000_000), ("GD", 1_000_000_000), ("G", 1 << 30),
    ];
    let (digits, mult) = SUFFIXES.iter().find_map(|(suf, m)| s.strip_suffix(suf).map(|d| (d, *m))).unwrap_or((s, 1));
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u64>().ok()?.checked_mul(mult)
}

/// busybox's `make_human_readable_str(n, 1, 0)`: one decimal in the largest 1024 unit.
fn human_bytes(n: f64) -> String {
    let units = ["", "K", "M", "G", "T"];
    let mut v = n;
    let mut i = 0;
    while v >= 1024.0 && i + 1 < units.len() {
        v /= 1024.0;
        i += 1;
    }
    if i == 0 { format!("{}", n as u64) } else { format!("{}{}", podlife_ftl::num::Fixed(v, 1), units[i]) }
}

/// `dd`, as busybox copies: blocks of `bs` (512) bytes from `if` (stdin) to `of` (stdout),
/// `count` of them; `/dev/zero` reads as zero bytes. The copy costs a step per 4 KiB.
#[inline(never)]
fn dd(ctx: &mut Ctx, args: &[String]) -> i32 {
    let (mut input, mut output, mut bs, mut count, mut skip, mut seek) = (None, None, 512u64, None, 0u64, 0u64);
    let (mut notrunc, mut quiet, mut noxfer) = (false, false, false);
    for a in args {
        let Some((k, v)) = a.split_once('=') else {
            ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: dd [if=FILE] [of=FILE] [ibs=N obs=N/bs=N] [count=N] [skip=N] [seek=N]\n");
            return 1;
        };
        let num = |v: &str| dd_number(v);
        match k {
            "if" => input = Some(v.to_string()),
            "of" => output = Some(v.to_string()),
            "bs" | "ibs" | "obs" | "count" | "skip" | "seek" => {
                let Some(n) = num(v) else {
                    ctx.err(&format!("dd: invalid number '{v}'\n"));
                    return 1;
                };
                match k {
                    "count" => count = Some(n),
                    "skip" => skip = n,
                    "seek" => seek = n,
                    _ => bs = n.max(1),
                }
            }
            "conv" => notrunc |= v.split(',').any(|c| c == "notrunc"),
            "status" => match v {
                "none" => quiet = true,
                "noxfer" => noxfer = true,
                _ => {}
            },
            "iflag" | "oflag" => {}
            _ => {
                ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: dd [if=FILE] [of=FILE] [ibs=N obs=N/bs=N] [count=N] [skip=N] [seek=N]\n");
                return 1;
            }
        }
    }
    // What the copy reads: a finite source, or zeros for as long as `count` asks.
    let want = count.map(|c| c.saturating_mul(bs));
    let data: String = match input.as_deref() {
        Some("/dev/zero") => {
            // Without `count` it reads for ever: the write fails once the disk is full (no
            // tree holds more than its cap, so nothing larger is built).
            let n = want.unwrap_or(u64::MAX).min(crate::containerd::fs::MAX_TREE_BYTES as u64 + 1);
            "\0".repeat(n as usize)
        }
        Some(f) => {
            let Some(t) = ctx.open("dd", f) else { return 1 };
            t
        }
        None => ctx.stdin(),
    };
    // Bytes, not chars: `skip`, `count` and `seek` may cut a multi-byte character (the
    // pieces then read as U+FFFD, as files are kept as text).
    let bytes = data.as_bytes();
    let start = usize::try_from(skip.saturating_mul(bs)).unwrap_or(usize::MAX).min(bytes.len());
    let end = want.map_or(bytes.len(), |n| start.saturating_add(usize::try_from(n).unwrap_or(usize::MAX)).min(bytes.len()));
    let body = &bytes[start..end];
    let copied = body.len() as u64;
    // Charged per 4 KiB block (not per byte as text the shell builds is).
    ctx.handled((copied / 256) as usize);
    match output.as_deref() {
        None => write_fd(ctx.host, ctx.io, 1, &String::from_utf8_lossy(body)),
        Some(f) => {
            let p = ctx.path(f);
            // The file as `seek` and `conv=notrunc` leave it: the old bytes before the offset
            // (zeros past the old end), the copy, and — with notrunc — the old bytes after it.
            let offset = usize::try_from(seek.saturating_mul(bs)).unwrap_or(usize::MAX);
            if offset.saturating_add(body.len()) > crate::containerd::fs::MAX_TREE_BYTES {
                ctx.err(&format!("dd: {f}: No space left on device\n"));
                return 1;
            }
            let mut out = if notrunc || offset > 0 { ctx.host.read_file(&p).unwrap_or_default().into_bytes() } else { Vec::new() };
            let tail = if notrunc { out.get(offset + body.len()..).map(<[u8]>::to_vec).unwrap_or_default() } else { Vec::new() };
            out.resize(offset, 0);
            out.extend_from_slice(body);
            out.extend_from_slice(&tail);
            if let Err(e) = super::state::write_file(ctx.host, &p, &String::from_utf8_lossy(&out), false) {
                ctx.err(&format!("dd: {f}: {e}\n"));
                return 1;
            }
        }
    }
    if !quiet {
        let (full, part) = (copied / bs, u64::from(!copied.is_multiple_of(bs)));
        let mut report = format!("{full}+{part} records in\n{full}+{part} records out\n");
        if !noxfer {
            let seconds = ((copied / 4096).max(1) as f64) / crate::containerd::cpu::SHELL_STEPS_PER_CPU_SECOND as f64;
            report.push_str(&format!("{copied} bytes ({}B) copied, {} seconds, {}B/s\n", human_bytes(copied as f64), podlife_ftl::num::Fixed(seconds, 6), human_bytes(copied as f64 / seconds)));
        }
        ctx.err(&report);
    }
    0
}

#[inline(never)]
fn seq(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut sep = "\n".to_string();
    let mut width = false;
    let mut nums: Vec<&String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-s" {
            sep = it.next().cloned().unwrap_or_default();
        } else if let Some(s) = a.strip_prefix("-s") {
            sep = s.to_string();
        } else if a == "-w" {
            width = true;
        } else {
            nums.push(a);
        }
    }
    let parse = |s: &str| -> Option<f64> { crate::parse_f64(s).filter(|v| v.is_finite()) };
    let vals: Option<Vec<f64>> = nums.iter().map(|s| parse(s)).collect();
    let Some(vals) = vals else {
        let bad = nums.iter().find(|s| parse(s).is_none()).map(|s| s.to_string()).unwrap_or_default();
        ctx.err(&format!("seq: invalid number '{bad}'\n"));
        return 1;
    };
    let (first, inc, last) = match vals.as_slice() {
        [l] => (1.0, 1.0, *l),
        [f, l] => (*f, 1.0, *l),
        [f, i, l] => (*f, *i, *l),
        _ => {
            ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: seq [-w] [-s SEP] [FIRST [INC]] LAST\n");
            return 1;
        }
    };
    let decimals = nums.iter().map(|s| s.split_once('.').map(|x| x.1.len()).unwrap_or(0)).max().unwrap_or(0).min(20);
    let mut items = Vec::new();
    if inc != 0.0 {
        let mut k = 0u64;
        loop {
            let v = first + inc * k as f64;
            if (inc > 0.0 && v > last + 1e-9) || (inc < 0.0 && v < last - 1e-9) {
                break;
            }
            if items.len() >= 100_000 {
                ctx.err("seq: more than 100000 numbers (podlife limit)\n");
                break;
            }
            items.push(podlife_ftl::num::FixedAny(v, decimals).to_string());
            k += 1;
        }
    }
    if width {
        let w = items.iter().map(|s| s.len()).max().unwrap_or(0);
        for s in &mut items {
            while s.len() < w {
                s.insert(0, '0');
            }
        }
    }
    // The text is measured before it is built: a long separator times many numbers (a 1 MB
    // `-s` and 100,000 numbers would be 100 GB) stops at the capture limit.
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        let piece = if i == 0 { 0 } else { sep.len() } + item.len();
        if out.len() + piece + 1 > super::MAX_CAPTURE_BYTES {
            ctx.out(&out);
            ctx.err(&format!("seq: output longer than {} bytes (podlife limit)\n", super::MAX_CAPTURE_BYTES));
            return 1;
        }
        if i > 0 {
            out.push_str(&sep);
        }
        out.push_str(item);
    }
    if !items.is_empty() {
        out.push('\n');
        ctx.out(&out);
    }
    0
}

// ----- expr -----

#[derive(Debug, Clone)]
enum EVal {
    Int(i64),
    Str(String),
}

impl EVal {
    fn text(&self) -> String {
        match self {
            EVal::Int(n) => n.to_string(),
            EVal::Str(s) => s.clone(),
        }
    }
    fn int(&self) -> Option<i64> {
        match self {
            EVal::Int(n) => Some(*n),
            EVal::Str(s) => arith::parse_signed(s),
        }
    }
    fn is_null(&self) -> bool {
        match self {
            EVal::Int(n) => *n == 0,
            EVal::Str(s) => s.is_empty() || s == "0",
        }
    }
}

struct Expr<'a> {
    a: &'a [String],
    i: usize,
    depth: usize,
    /// Matching work left (`STRING : REGEX`); `expr` gives back what it did not spend.
    fuel: u64,
}

impl Expr<'_> {
    fn peek(&self) -> Option<&str> {
        self.a.get(self.i).map(String::as_str)
    }

    fn or(&mut self) -> Result<EVal, String> {
        let mut l = self.and()?;
        while self.peek() == Some("|") {
            self.i += 1;
            let r = self.and()?;
            l = if !l.is_null() { l } else if !r.is_null() { r } else { EVal::Int(0) };
        }
        Ok(l)
    }

    fn and(&mut self) -> Result<EVal, String> {
        let mut l = self.cmp()?;
        while self.peek() == Some("&") {
            self.i += 1;
            let r = self.cmp()?;
            l = if l.is_null() || r.is_null() { EVal::Int(0) } else { l };
        }
        Ok(l)
    }

    fn cmp(&mut self) -> Result<EVal, String> {
        let mut l = self.add()?;
        while let Some(op) = self.peek().filter(|o| matches!(*o, "=" | "==" | "!=" | "<" | "<=" | ">" | ">=")).map(str::to_string) {
            self.i += 1;
            let r = self.add()?;
            let ord = match (l.int(), r.int()) {
                (Some(a), Some(b)) => a.cmp(&b),
                _ => l.text().cmp(&r.text()),
            };
            let v = match op.as_str() {
                "=" | "==" => ord.is_eq(),
                "!=" => ord.is_ne(),
                "<" => ord.is_lt(),
                "<=" => ord.is_le(),
                ">" => ord.is_gt(),
                _ => ord.is_ge(),
            };
            l = EVal::Int(v as i64);
        }
        Ok(l)
    }

    fn add(&mut self) -> Result<EVal, String> {
        let mut l = self.mul()?;
        while let Some(op) = self.peek().filter(|o| matches!(*o, "+" | "-")).map(str::to_string) {
            self.i += 1;
            let r = self.mul()?;
            let (a, b) = (l.int().ok_or("non-numeric argument")?, r.int().ok_or("non-numeric argument")?);
            l = EVal::Int(if op == "+" { a.wrapping_add(b) } else { a.wrapping_sub(b) });
        }
        Ok(l)
    }

    fn mul(&mut self) -> Result<EVal, String> {
        let mut l = self.colon()?;
        while let Some(op) = self.peek().filter(|o| matches!(*o, "*" | "/" | "%")).map(str::to_string) {
            self.i += 1;
            let r = self.colon()?;
            let (a, b) = (l.int().ok_or("non-numeric argument")?, r.int().ok_or("non-numeric argument")?);
            if op != "*" && b == 0 {
                return Err("division by zero".into());
            }
            l = EVal::Int(match op.as_str() {
                "*" => a.wrapping_mul(b),
                "/" => a.wrapping_div(b),
                _ => a.wrapping_rem(b),
            });
        }
        Ok(l)
    }

    fn colon(&mut self) -> Result<EVal, String> {
        let mut l = self.prim()?;
        while self.peek() == Some(":") {
            self.i += 1;
            let r = self.prim()?;
            l = regex_match(&l.text(), &r.text(), &mut self.fuel)?;
        }
        Ok(l)
    }

    fn prim(&mut self) -> Result<EVal, String> {
        self.depth += 1;
        if self.depth > 100 {
            return Err("syntax error".into());
        }
        let r = self.prim_inner();
        self.depth -= 1;
        r
    }

    fn prim_inner(&mut self) -> Result<EVal, String> {
        let Some(t) = self.peek().map(str::to_string) else { return Err("syntax error".into()) };
        self.i += 1;
        match t.as_str() {
            "(" => {
                let v = self.or()?;
                if self.peek() != Some(")") {
                    return Err("syntax error".into());
                }
                self.i += 1;
                Ok(v)
            }
            "length" => {
                let s = self.prim()?;
                Ok(EVal::Int(s.text().chars().count() as i64))
            }
            "match" => {
                let s = self.prim()?;
                let r = self.prim()?;
                regex_match(&s.text(), &r.text(), &mut self.fuel)
            }
            "substr" => {
                let s = self.prim()?.text();
                let p = self.prim()?.int().ok_or("non-numeric argument")?;
                let n = self.prim()?.int().ok_or("non-numeric argument")?;
                if p < 1 || n < 1 {
                    return Ok(EVal::Str(String::new()));
                }
                Ok(EVal::Str(s.chars().skip((p - 1) as usize).take(n as usize).collect()))
            }
            "index" => {
                let s = self.prim()?.text();
                let chars = self.prim()?.text();
                let pos = s.chars().position(|c| chars.contains(c)).map(|p| p + 1).unwrap_or(0);
                Ok(EVal::Int(pos as i64))
            }
            _ => Ok(match arith::parse_signed(&t) {
                Some(n) => EVal::Int(n),
                None => EVal::Str(t),
            }),
        }
    }
}

fn regex_match(s: &str, re: &str, fuel: &mut u64) -> Result<EVal, String> {
    let r = Regex::new(re, false, false)?;
    let chars: Vec<char> = s.chars().collect();
    match r.match_start(&chars, fuel) {
        Some((end, group)) => {
            if r.has_groups() {
                Ok(EVal::Str(group.unwrap_or_default()))
            } else {
                Ok(EVal::Int(end as i64))
            }
        }
        None => Ok(if r.has_groups() { EVal::Str(String::new()) } else { EVal::Int(0) }),
    }
}

#[inline(never)]
fn expr(ctx: &mut Ctx, args: &[String]) -> i32 {
    if args.is_empty() {
        ctx.err("expr: missing operand\n");
        return 2;
    }
    let mut e = Expr { a: args, i: 0, depth: 0, fuel: ctx.fuel };
    let r = e.or();
    ctx.fuel = e.fuel;
    match r {
        Ok(v) if e.i == args.len() => {
            ctx.out(&format!("{}\n", v.text()));
            if v.is_null() { 1 } else { 0 }
        }
        Ok(_) => {
            ctx.err("expr: syntax error\n");
            2
        }
        Err(msg) => {
            ctx.err(&format!("expr: {msg}\n"));
            2
        }
    }
}

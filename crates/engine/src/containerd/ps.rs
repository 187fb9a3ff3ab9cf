//! `ps`: busybox's applet (busybox and Alpine images) and procps-ng's (Debian's `procps`
//! package, 2:4.0.2 in bookworm, 2:4.0.4 in trixie: in a Debian-based image once apt installed
//! it, or in an image that ships it), over the processes of the container's PID namespace
//! (`procfs::pid_namespace`).
//!
//! procps's rules, from its sources (procps-ng v4.0.4, `src/ps/`): the options (`parser.c`:
//! SysV first, then a second pass as BSD options; the first error and the usage of `help.c`
//! when both fail), the selection (`select.c`: without options the processes of ps's euid on
//! its terminal — without a terminal, every process of that euid without one), the formats
//! (`sortformat.c`, `output.c`'s `macro_array`: `aux` is `OL_u`, `-f` the SysV list), the
//! columns' widths and justification (`output.c`'s `format_array`; the PID columns as wide as
//! `/proc/sys/kernel/pid_max`, 4194304 on a systemd host, so 7) and the row layout
//! (`show_one_proc`: a column that overflows pushes the next ones right). Output is not a
//! terminal in podlife (`kubectl exec` has none), so lines are never cut and TTY is `?`.
//! runc makes every process it starts a session leader (`nsexec.c`'s `setsid`): PID 1 and an
//! exec's process are `s`.

use crate::clock::{Time, EPOCH_UNIX_SECONDS};
use super::procfs::Proc;

/// busybox `ps` (procps/ps.c without `-o`): PID, USER, TIME, COMMAND.
pub(crate) fn busybox(procs: &[Proc]) -> String {
    let mut text = String::from("PID   USER     TIME  COMMAND\n");
    for p in procs {
        text.push_str(&format!("{:>5} {:<8} {:>5} {}\n", p.pid, p.user(), "0:00", p.cmdline));
    }
    text
}

/// One process as procps reads it from `/proc/<pid>/stat`, `status` and `cmdline`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Task {
    pub pid: u32,
    pub ppid: u32,
    pub uid: u32,
    pub comm: String,
    pub args: String,
    /// ps itself runs; everything else sleeps.
    pub running: bool,
    pub session_leader: bool,
    pub threads: u32,
    pub rss_kb: u64,
    pub vsz_kb: u64,
    pub cpu_ms: u64,
    pub start: Time,
}

/// The memory of a program podlife does not size otherwise (an exec's shell, ps itself),
/// and the address space (VSZ) of each: typical amd64 Debian values, approximate (the
/// redis-server figure is the one the Configure a Pod to Use a Volume page shows). (VSZ, RSS)
/// in kB.
pub(crate) fn program_vm(comm: &str, rss_kb: u64) -> (u64, u64) {
    let (vsz, rss) = match comm {
        "bash" => (4_188, 3_328),
        "sh" | "dash" => (2_580, 1_536),
        "ps" => (8_092, 4_096),
        "nginx" => (11_412, rss_kb),
        "redis-server" => (53_612, rss_kb),
        "postgres" => (219_412, rss_kb),
        "httpd" => (5_872, rss_kb),
        "pause" => (1_020, rss_kb),
        _ => (0, 1_024),
    };
    let rss = if rss_kb == 0 { rss } else { rss_kb };
    // A program grown past its usual size maps a little more than it holds.
    (if vsz < rss { rss + 1_536 } else { vsz }, rss)
}

/// The user names of Debian's `/etc/passwd` (base-passwd 3.6) and of the users an official
/// image adds (nginx 101, redis and postgres 999); None: ps prints the number.
pub(crate) fn debian_user(image_ref: &str, uid: u32) -> Option<&'static str> {
    const BASE: [(u32, &str); 18] = [
        (0, "root"), (1, "daemon"), (2, "bin"), (3, "sys"), (4, "sync"), (5, "games"), (6, "man"), (7, "lp"), (8, "mail"), (9, "news"),
        (10, "uucp"), (13, "proxy"), (33, "www-data"), (34, "backup"), (38, "list"), (39, "irc"), (42, "_apt"), (65534, "nobody"),
    ];
    if let Some((_, n)) = BASE.iter().find(|(u, _)| *u == uid) {
        return Some(n);
    }
    let r = image_ref.to_ascii_lowercase();
    match uid {
        101 if r.contains("nginx") => Some("nginx"),
        999 if r.contains("redis") => Some("redis"),
        999 if r.contains("postgres") => Some("postgres"),
        _ => None,
    }
}

/// What ps knows of its world besides the processes.
pub(crate) struct World<'a> {
    pub now: Time,
    /// `/proc/meminfo`'s MemTotal.
    pub mem_total_kb: u64,
    /// ps's own effective uid.
    pub euid: u32,
    pub user: &'a dyn Fn(u32) -> Option<&'static str>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Just {
    Left,
    Right,
    /// A user name: left, padded as the next column's position requires.
    User,
    /// The last, unlimited column (COMMAND).
    Unlimited,
}

/// A column of `format_array`: its names, header, width, justification.
const COLUMNS: &[(&str, &str, usize, Just)] = &[
    ("%cpu pcpu", "%CPU", 4, Just::Right),
    ("%mem pmem", "%MEM", 4, Just::Right),
    ("args", "COMMAND", 27, Just::Unlimited),
    ("bsdstart", "START", 6, Just::Right),
    ("bsdtime", "TIME", 6, Just::Right),
    ("c", "C", 2, Just::Right),
    ("cmd", "CMD", 27, Just::Unlimited),
    ("comm ucomm", "COMMAND", 15, Just::Unlimited),
    ("command", "COMMAND", 27, Just::Unlimited),
    ("cputime time", "TIME", 8, Just::Right),
    ("etime", "ELAPSED", 11, Just::Right),
    ("etimes", "ELAPSED", 7, Just::Right),
    ("euid uid", "UID", 5, Just::Right),
    ("lstart", "STARTED", 24, Just::Right),
    ("nlwp", "NLWP", 4, Just::Right),
    ("pgid pgrp", "PGID", 0, Just::Right),
    ("pid tgid", "PID", 0, Just::Right),
    ("ppid", "PPID", 0, Just::Right),
    ("rss rssize rsz", "RSS", 5, Just::Right),
    ("s state", "S", 1, Just::Left),
    ("sid sess session", "SID", 0, Just::Right),
    ("start", "STARTED", 8, Just::Right),
    ("start_time", "START", 5, Just::Right),
    ("stat", "STAT", 4, Just::Left),
    ("stime", "STIME", 5, Just::Right),
    ("tname tt tty", "TTY", 8, Just::Left),
    ("ucmd", "CMD", 15, Just::Unlimited),
    ("uid_hack", "UID", 8, Just::User),
    ("user uname euser", "USER", 8, Just::User),
    ("vsz vsize", "VSZ", 6, Just::Right),
];

/// The digits of `/proc/sys/kernel/pid_max` (4194304): the width of the PID columns.
const PID_WIDTH: usize = 7;

struct Col {
    key: &'static str,
    head: String,
    width: usize,
    just: Just,
}

fn column(spec: &str) -> Result<Col, String> {
    let (name, head) = match spec.split_once('=') {
        Some((n, h)) => (n, Some(h)),
        None => (spec, None),
    };
    let (name, width) = match name.split_once(':') {
        Some((n, w)) => (n, Some(w.parse::<usize>().map_err(|_| "column widths must be unsigned decimal numbers".to_string())?)),
        None => (name, None),
    };
    let Some(&(keys, h, w, just)) = COLUMNS.iter().find(|(keys, ..)| keys.split(' ').any(|k| k == name)) else {
        return Err(format!("unknown user-defined format specifier \"{name}\""));
    };
    let key = keys.split(' ').next().unwrap_or(keys);
    let w = if w == 0 { PID_WIDTH.max(h.len()) } else { w };
    let head = head.map_or(h.to_string(), str::to_string);
    let width = width.unwrap_or(w.max(head.len()));
    // The unlimited columns are unlimited only last (`CF_UNLIMITED` elsewhere is left).
    Ok(Col { key, head, width, just })
}

fn columns(list: &str) -> Result<Vec<Col>, String> {
    // One trailing separator is allowed (`format_parse`).
    let list = list.strip_suffix([',', ' ']).unwrap_or(list);
    if list.is_empty() {
        return Err("empty format list".into());
    }
    list.split([',', ' ', '\t', '\n']).map(|item| if item.is_empty() { Err("improper format list".into()) } else { column(item) }).collect()
}

/// `M:SS` and friends over seconds.
fn clock_of(secs: u64) -> (u64, u64, u64, u64) {
    (secs / 86_400, secs / 3600 % 24, secs / 60 % 60, secs % 60)
}

/// The civil date and time of a virtual instant (the cluster's timezone is UTC).
fn civil(t: Time) -> (i64, u32, u32, u64, i64) {
    let secs = EPOCH_UNIX_SECONDS + (t.millis() / 1000) as i64;
    let days = secs.div_euclid(86_400);
    let (y, m, d) = crate::clock::civil_from_days(days);
    (y, m, d, secs.rem_euclid(86_400) as u64, days)
}

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// One cell of a process row (`output.c`'s `pr_*`).
fn cell(key: &str, t: &Task, w: &World) -> String {
    let elapsed_ms = w.now.millis().saturating_sub(t.start.millis());
    let cpu_secs = t.cpu_ms / 1000;
    let name = |uid: u32| (w.user)(uid).map_or(uid.to_string(), str::to_string);
    let session = if t.session_leader { t.pid } else { t.ppid };
    match key {
        // pr_pcpu: per mill of the time since the process started.
        "%cpu" => {
            let pm = (t.cpu_ms * 1000).checked_div(elapsed_ms).unwrap_or(0);
            if pm > 999 { format!("{}", pm / 10) } else { format!("{}.{}", pm / 10, pm % 10) }
        }
        "%mem" => {
            let pm = (t.rss_kb * 1000).checked_div(w.mem_total_kb).unwrap_or(0).min(999);
            format!("{:2}.{}", pm / 10, pm % 10)
        }
        "c" => format!("{:2}", (t.cpu_ms * 100).checked_div(elapsed_ms).unwrap_or(0).min(99)),
        "args" | "cmd" | "command" => t.args.clone(),
        "comm" | "ucmd" => t.comm.clone(),
        "bsdtime" => format!("{:3}:{:02}", cpu_secs / 60, cpu_secs % 60),
        "cputime" => {
            let (d, h, m, s) = clock_of(cpu_secs);
            if d > 0 { format!("{d}-{h:02}:{m:02}:{s:02}") } else { format!("{h:02}:{m:02}:{s:02}") }
        }
        "etime" => {
            let (d, h, m, s) = clock_of(elapsed_ms / 1000);
            match (d, h) {
                (0, 0) => format!("{m:02}:{s:02}"),
                (0, _) => format!("{h:02}:{m:02}:{s:02}"),
                _ => format!("{d}-{h:02}:{m:02}:{s:02}"),
            }
        }
        "etimes" => (elapsed_ms / 1000).to_string(),
        "euid" => t.uid.to_string(),
        "user" | "uid_hack" => {
            // do_pr_name: a name wider than the column ends in `+`.
            let n = name(t.uid);
            if n.len() > 8 { format!("{}+", &n[..7]) } else { n }
        }
        "nlwp" => t.threads.to_string(),
        "pgid" | "sid" => session.to_string(),
        "pid" => t.pid.to_string(),
        "ppid" => t.ppid.to_string(),
        "rss" => t.rss_kb.to_string(),
        "vsz" => t.vsz_kb.to_string(),
        "s" => (if t.running { "R" } else { "S" }).into(),
        // pr_stat: state, `s` session leader, `l` multithreaded (`+` needs a terminal).
        "stat" => format!("{}{}{}", if t.running { 'R' } else { 'S' }, if t.session_leader { "s" } else { "" }, if t.threads > 1 { "l" } else { "" }),
        "tname" => "?".into(),
        // pr_stime: HH:MM today, MonDD this year, the year before.
        "start_time" | "stime" | "bsdstart" => {
            let (y, m, d, secs, _) = civil(t.start);
            let (ny, nm, nd, ..) = civil(w.now);
            let text = if (y, m, d) == (ny, nm, nd) {
                format!("{:02}:{:02}", secs / 3600, secs / 60 % 60)
            } else if y == ny {
                format!("{}{d:02}", MONTHS[m as usize - 1])
            } else {
                y.to_string()
            };
            if key == "bsdstart" && text.len() == 5 && text.contains(':') { format!(" {text}") } else { text }
        }
        // pr_start: HH:MM:SS within a day, else `  Mon DD`.
        "start" => {
            let (_, m, d, secs, _) = civil(t.start);
            if elapsed_ms < 86_400_000 {
                format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
            } else {
                format!("  {} {d:02}", MONTHS[m as usize - 1])
            }
        }
        // pr_lstart: `%a %b %e %H:%M:%S %Y`.
        "lstart" => {
            let (y, m, d, secs, days) = civil(t.start);
            format!("{} {} {d:2} {:02}:{:02}:{:02} {y}", crate::clock::weekday_name(days), MONTHS[m as usize - 1], secs / 3600, secs / 60 % 60, secs % 60)
        }
        _ => String::new(),
    }
}

/// One line as `show_one_proc` lays it out: each column where it should start, or one space
/// after the previous one when that overflowed.
fn line(cols: &[Col], cells: &[String]) -> String {
    let (mut out, mut correct, mut actual) = (String::new(), 0usize, 0usize);
    for (i, (c, text)) in cols.iter().zip(cells).enumerate() {
        let amount = text.chars().count();
        let leftpad = if c.just == Just::Right { c.width.saturating_sub(amount) } else { 0 };
        let space = if i == 0 { (correct + leftpad).saturating_sub(actual) } else { (correct + leftpad).saturating_sub(actual).max(1) };
        out.push_str(&" ".repeat(space));
        out.push_str(text);
        actual += space + amount;
        correct += c.width + 1;
    }
    out.push('\n');
    out
}

/// What the options select and show.
#[derive(Default)]
struct Opts {
    all: bool,
    /// `simple_select` bits: -a, -d, BSD a, BSD x.
    u_a: bool,
    u_d: bool,
    b_a: bool,
    b_x: bool,
    bsd: bool,
    full: bool,
    bsd_u: bool,
    format: Option<String>,
    pids: Vec<u32>,
    no_headers: bool,
    help: bool,
    version: bool,
}

fn pid_list(arg: &str, out: &mut Vec<u32>) -> Result<(), String> {
    for p in arg.split([',', ' ']).filter(|p| !p.is_empty()) {
        let n: u64 = p.parse().map_err(|_| "process ID list syntax error".to_string())?;
        if !(1..=0x7fff_ffff).contains(&n) {
            return Err("process ID out of range".into());
        }
        out.push(n as u32);
    }
    Ok(())
}

/// The options procps knows but podlife does not simulate.
fn unsimulated(opt: &str) -> String {
    format!("podlife: ps {opt} is not simulated (podlife's procps ps shows the default, -e, -f, -o, -p, aux, u and x)\n")
}

/// Why a pass of the option parser stopped.
enum Refusal {
    /// procps's own `error: …` text.
    Error(String),
    /// An option procps has and podlife does not simulate.
    Unsimulated(String),
}

impl From<String> for Refusal {
    fn from(text: String) -> Refusal {
        Refusal::Error(text)
    }
}

impl From<&str> for Refusal {
    fn from(text: &str) -> Refusal {
        Refusal::Error(text.to_string())
    }
}

/// One pass of `parse_all_options`: SysV first, BSD when `force_bsd` (after SysV failed).
fn parse(args: &[String], force_bsd: bool, o: &mut Opts) -> Result<(), Refusal> {
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        i += 1;
        let next = |i: &mut usize, rest: &str| -> Option<String> {
            if !rest.is_empty() {
                return Some(rest.to_string());
            }
            let v = args.get(*i).cloned();
            *i += 1;
            v
        };
        let b = a.as_bytes();
        if a.starts_with("--") && b.get(2).is_some_and(u8::is_ascii_alphabetic) {
            let (name, val) = match a[2..].split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (&a[2..], None),
            };
            let mut value = |what: &str| val.clone().or_else(|| next(&mut i, "")).ok_or(format!("{what} must follow --{name}"));
            match name {
                "no-headers" | "no-heading" => o.no_headers = true,
                "headers" | "heading" => {}
                "pid" => pid_list(&value("list of process IDs")?, &mut o.pids)?,
                "format" => o.format = Some(value("format specification")?),
                "cols" | "columns" | "width" | "rows" | "lines" => {
                    value("number")?;
                }
                "help" => o.help = true,
                "version" | "info" => o.version = true,
                "deselect" | "forest" | "sort" | "ppid" | "user" | "User" | "group" | "Group" | "sid" | "tty" | "context" | "cumulative" | "signames" | "quick-pid" | "date-format" => return Err(Refusal::Unsimulated(format!("--{name}"))),
                _ => return Err("unknown gnu long option".into()),
            }
            continue;
        }
        if b.first().is_some_and(u8::is_ascii_digit) {
            o.bsd = true;
            pid_list(a, &mut o.pids)?;
            continue;
        }
        let sysv = a.starts_with('-') && b.get(1).is_some_and(u8::is_ascii_alphabetic);
        let bsd_word = b.first().is_some_and(u8::is_ascii_alphabetic);
        if !sysv && !bsd_word {
            return Err("garbage option".into());
        }
        if sysv && !force_bsd {
            let flags = &a[1..];
            for (k, f) in flags.char_indices() {
                let rest = &flags[k + f.len_utf8()..];
                match f {
                    'e' | 'A' => o.all = true,
                    'a' => o.u_a = true,
                    'd' => o.u_d = true,
                    'f' => o.full = true,
                    'w' => {}
                    'o' => {
                        o.format = Some(next(&mut i, rest).ok_or("format specification must follow -o")?);
                        break;
                    }
                    'p' | 'q' => {
                        pid_list(&next(&mut i, rest).ok_or("list of process IDs must follow -p")?, &mut o.pids)?;
                        break;
                    }
                    'u' => {
                        // Only the users podlife names; any other sends the parse to BSD.
                        let list = next(&mut i, rest).ok_or("list of users must follow -u")?;
                        if list.split(',').any(|u| u != "root" && u != "0") {
                            return Err("user name does not exist".into());
                        }
                        return Err(Refusal::Unsimulated(format!("-u {list}")));
                    }
                    'x' => return Err("must set personality to get -x option".into()),
                    '-' => return Err("embedded '-' among SysV options makes no sense".into()),
                    'C' | 'D' | 'F' | 'G' | 'H' | 'J' | 'L' | 'M' | 'N' | 'O' | 'P' | 'R' | 'T' | 'U' | 'V' | 'Z' | 'c' | 'g' | 'j' | 'l' | 'm' | 'r' | 's' | 't' | 'y' | 'z' => {
                        if f == 'V' {
                            o.version = true;
                            continue;
                        }
                        return Err(Refusal::Unsimulated(format!("-{f}")));
                    }
                    _ => return Err("unsupported SysV option".into()),
                }
            }
            continue;
        }
        o.bsd = true;
        let flags = a.strip_prefix('-').unwrap_or(a);
        for (k, f) in flags.char_indices() {
            let rest = &flags[k + f.len_utf8()..];
            match f {
                'a' => o.b_a = true,
                'x' => o.b_x = true,
                'u' => o.bsd_u = true,
                'w' | 'e' | 'g' => {}
                'h' => o.no_headers = true,
                'o' => {
                    o.format = Some(next(&mut i, rest).ok_or("format specification must follow o")?);
                    break;
                }
                'p' | 'q' => {
                    pid_list(&next(&mut i, rest).ok_or("list of process IDs must follow p")?, &mut o.pids)?;
                    break;
                }
                'V' => o.version = true,
                '-' => return Err("embedded '-' among BSD options makes no sense".into()),
                'A' => return Err("option A is reserved".into()),
                'C' => return Err("option C is reserved".into()),
                'W' => return Err("obsolete W option not supported (you have a /dev/drum?)".into()),
                '0' | 'H' | 'L' | 'M' | 'O' | 'S' | 'T' | 'U' | 'X' | 'Z' | 'c' | 'f' | 'j' | 'k' | 'l' | 'm' | 'n' | 'r' | 's' | 't' | 'v' => return Err(Refusal::Unsimulated(f.to_string())),
                _ => return Err("unsupported option (BSD syntax)".into()),
            }
        }
    }
    if o.format.is_some() && (o.full || o.bsd_u) {
        return Err("conflicting format options".into());
    }
    Ok(())
}

/// `do_help(NULL, …)`: the short usage.
const USAGE: &str = "\nUsage:\n ps [options]\n\n Try 'ps --help <simple|list|output|threads|misc|all>'\n  or 'ps --help <s|l|o|t|m|a>'\n for additional help text.\n\nFor more details see ps(1).\n";

/// procps `ps ARGS` over `tasks` (PID order): (exit status, stdout, stderr).
pub(crate) fn procps(args: &[String], tasks: &[Task], w: &World) -> (i32, String, String) {
    let mut o = Opts::default();
    if let Err(first) = parse(args, false, &mut o) {
        o = Opts::default();
        if let Err(second) = parse(args, true, &mut o) {
            // An option procps has and podlife lacks, in either pass.
            return match (first, second) {
                (Refusal::Unsimulated(opt), _) | (_, Refusal::Unsimulated(opt)) => (1, String::new(), unsimulated(&opt)),
                (Refusal::Error(first), _) => (1, String::new(), format!("error: {first}\n{USAGE}")),
            };
        }
    }
    if o.help {
        return (0, USAGE.to_string(), String::new());
    }
    if o.version {
        return (0, "ps from procps-ng 4.0.4\n".into(), String::new());
    }
    let spec = match (&o.format, o.bsd_u, o.full, o.bsd) {
        (Some(f), ..) => f.clone(),
        (None, true, ..) => "user,pid,%cpu,%mem,vsz,rss,tname,stat,start_time,bsdtime,args".into(),
        (None, false, true, _) => "uid_hack,pid,ppid,c,stime,tname,time,cmd".into(),
        (None, false, false, true) => "pid,tname,stat,bsdtime,args".into(),
        (None, false, false, false) => "pid,tname,time,ucmd".into(),
    };
    let cols = match columns(&spec) {
        Ok(c) => c,
        Err(e) => return (1, String::new(), format!("error: {e}\n{USAGE}")),
    };
    // select.c: -e, a list, or the table of simple selections (`select_bits_setup`).
    let all = o.all || (o.b_a && o.b_x);
    let simple = o.u_a || o.u_d || o.b_a || o.b_x;
    let bits: u32 = match (o.u_a, o.u_d, o.b_a, o.b_x) {
        _ if !simple && !o.bsd => 0xaa00,
        (true, true, ..) => 0x3f3f,
        (true, false, ..) => 0x0303,
        (false, true, ..) => 0x3333,
        (_, _, true, false) => 0x0f0f,
        (_, _, false, true) => 0xaaaa,
        _ => 0x0a0a,
    };
    let listed = !o.pids.is_empty();
    let chosen: Vec<&Task> = tasks
        .iter()
        .filter(|t| {
            if all || o.pids.contains(&t.pid) {
                return true;
            }
            if listed && !simple {
                return false;
            }
            // Without a terminal, every process is on "our" (no) terminal.
            let index = u32::from(t.uid == w.euid) | (u32::from(t.session_leader) << 1) | (1 << 2) | (1 << 3);
            bits & (1 << index) != 0
        })
        .collect();
    let mut out = String::new();
    let headers = !o.no_headers && cols.iter().any(|c| !c.head.is_empty());
    if headers {
        out.push_str(&line(&cols, &cols.iter().map(|c| c.head.clone()).collect::<Vec<_>>()));
    }
    for t in &chosen {
        out.push_str(&line(&cols, &cols.iter().map(|c| cell(c.key, t, w)).collect::<Vec<_>>()));
    }
    // Nothing printed at all (no header, no process): status 1.
    (i32::from(out.is_empty()), out, String::new())
}

impl crate::Engine {
    /// procps's `ps ARGV` run by an exec in a container. `shell`: the exec's shell when ps is
    /// its child (`bash -c '…; ps aux'`); None when ps is the exec's own process.
    pub(crate) fn procps_ps(&self, node: &str, container_id: &str, argv: &[String], shell: Option<&[String]>) -> (i32, String, String) {
        use super::procfs::Owner;
        let Some(m) = self.machines.get(node) else { return (1, String::new(), String::new()) };
        let Some(c) = m.runtime.containers.get(container_id) else { return (1, String::new(), String::new()) };
        let now = self.now;
        let mut procs = self.pid_namespace(node, container_id, Some(argv));
        let Some(at) = procs.iter().position(|p| matches!(p.owner, Owner::Exec(_))) else { return (1, String::new(), String::new()) };
        if let Some(sh) = shell {
            let mut ps = procs[at].clone();
            (ps.ppid, ps.pid) = (ps.pid, ps.pid + 1);
            procs[at].cmdline = sh.join(" ");
            procs.insert(at + 1, ps);
        }
        let ps_pid = procs.iter().filter(|p| matches!(p.owner, Owner::Exec(_))).map(|p| p.pid).max().unwrap_or(0);
        let tasks: Vec<Task> = procs
            .iter()
            .map(|p| {
                let owner = match &p.owner {
                    Owner::Container(id) => m.runtime.containers.get(id),
                    _ => None,
                };
                let process = owner.and_then(|x| x.process.as_ref());
                let first = p.ppid == 0;
                let start = match &p.owner {
                    Owner::Pause => m.runtime.sandboxes.get(&c.sandbox_id).map_or(now, |s| s.created_at),
                    Owner::Container(_) => process.map_or(now, |x| x.started_at),
                    Owner::Exec(_) => now,
                };
                // The container's CPU time is its first process's (nginx's workers idle).
                let cpu_ms = match owner {
                    Some(x) if first => x.cpu.usage_at(now) / 1_000_000,
                    _ => 0,
                };
                let comm = p.comm();
                let (vsz_kb, rss_kb) = program_vm(&comm, self.proc_memory(node, p) / 1024);
                // redis-server runs its background I/O threads (bio.c) beside the main one.
                let threads = if comm == "redis-server" { 5 } else { 1 };
                Task { pid: p.pid, ppid: p.ppid, uid: p.uid, comm, args: p.cmdline.clone(), running: p.pid == ps_pid, session_leader: first, threads, rss_kb, vsz_kb, cpu_ms, start }
            })
            .collect();
        let mem_total_kb = m.facts.capacity["memory"].as_str().and_then(|q| podlife_model::quantity::Quantity::parse(q).ok()).map_or(0, |q| q.value().max(0) as u64 / 1024);
        let image_ref = c.image_ref.clone();
        let user = |uid: u32| debian_user(&image_ref, uid);
        let euid = procs[at].uid;
        procps(argv.get(1..).unwrap_or_default(), &tasks, &World { now, mem_total_kb, euid, user: &user })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::SCRIPT_START;

    fn task(pid: u32, uid: u32, args: &str, comm: &str) -> Task {
        let (vsz_kb, rss_kb) = program_vm(comm, 0);
        Task { pid, ppid: 0, uid, comm: comm.into(), args: args.into(), running: false, session_leader: true, threads: 1, rss_kb, vsz_kb, cpu_ms: 0, start: SCRIPT_START }
    }

    fn redis_world() -> Vec<Task> {
        let mut redis = task(1, 999, "redis-server *:6379", "redis-server");
        (redis.threads, redis.rss_kb, redis.cpu_ms) = (5, 8192, 1_500);
        let mut bash = task(7, 0, "/bin/bash -c ps aux", "bash");
        bash.start = SCRIPT_START.plus_millis(360_000);
        let mut ps = task(13, 0, "ps aux", "ps");
        (ps.ppid, ps.session_leader, ps.running, ps.start) = (7, false, true, bash.start);
        vec![redis, bash, ps]
    }

    fn run(args: &str, tasks: &[Task]) -> (i32, String, String) {
        let user = |u: u32| debian_user("docker.io/library/redis:8", u);
        let w = World { now: SCRIPT_START.plus_millis(600_000), mem_total_kb: 4 * 1024 * 1024, euid: 0, user: &user };
        let argv: Vec<String> = args.split_whitespace().map(str::to_string).collect();
        procps(&argv, tasks, &w)
    }

    #[test]
    fn aux_columns_as_procps_4_lays_them_out() {
        let (code, out, _) = run("aux", &redis_world());
        assert_eq!(code, 0);
        assert_eq!(
            out,
            "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n\
             redis          1  0.2  0.1  53612  8192 ?        Ssl  09:00   0:01 redis-server *:6379\n\
             root           7  0.0  0.0   4188  3328 ?        Ss   09:06   0:00 /bin/bash -c ps aux\n\
             root          13  0.0  0.0   8092  4096 ?        R    09:06   0:00 ps aux\n"
        );
        // `-aux` fails as SysV (no user "x") and parses as BSD.
        assert_eq!(run("-aux", &redis_world()).1, out);
    }

    #[test]
    fn default_selects_our_euid_without_a_terminal() {
        let (_, out, _) = run("", &redis_world());
        assert_eq!(out, "    PID TTY          TIME CMD\n      7 ?        00:00:00 bash\n     13 ?        00:00:00 ps\n");
        let (_, out, _) = run("-ef", &redis_world());
        assert!(out.starts_with("UID          PID    PPID  C STIME TTY          TIME CMD\nredis          1       0  0 09:00 ?        00:00:01 redis-server *:6379\n"), "{out}");
        let (_, out, _) = run("-p 1 -o pid,user,comm --no-headers", &redis_world());
        assert_eq!(out, "      1 redis    redis-server\n");
        let (_, out, _) = run("-o pid=", &redis_world());
        assert_eq!(out, "      7\n     13\n");
    }

    #[test]
    fn times_and_dates() {
        let mut t = task(1, 0, "x", "x");
        t.cpu_ms = 3_725_000;
        let user = |_: u32| None;
        let w = World { now: SCRIPT_START.plus_millis(90_000_000), mem_total_kb: 0, euid: 0, user: &user };
        assert_eq!(cell("bsdtime", &t, &w), " 62:05");
        assert_eq!(cell("cputime", &t, &w), "01:02:05");
        assert_eq!(cell("etime", &t, &w), "1-01:00:00");
        // More than a day ago: the date, not the time.
        assert_eq!(cell("start_time", &t, &w), "Mar02");
        assert_eq!(cell("start", &t, &w), "  Mar 02");
        assert_eq!(cell("lstart", &t, &w), "Mon Mar  2 09:00:00 2026");
        assert_eq!(cell("%cpu", &t, &w), "4.1");
        // No passwd entry: the number, a long name cut with `+`.
        assert_eq!(cell("user", &t, &w), "0");
    }

    #[test]
    fn overflowing_column_pushes_the_next() {
        let cols = columns("user,pid,comm").unwrap();
        assert_eq!(line(&cols, &["systemd+".into(), "1".into(), "x".into()]), "systemd+       1 x\n");
        assert_eq!(line(&cols, &["www-data-long".into(), "1".into(), "x".into()]), "www-data-long  1 x\n");
    }

    #[test]
    fn errors_as_procps_prints_them() {
        let (code, out, err) = run("-b", &redis_world());
        assert_eq!((code, out.as_str()), (1, ""));
        assert!(err.starts_with("error: unsupported SysV option\n\nUsage:\n ps [options]\n"), "{err}");
        assert!(run("-o foo", &redis_world()).2.starts_with("error: unknown user-defined format specifier \"foo\"\n"));
        assert!(run("--bogus", &redis_world()).2.starts_with("error: unknown gnu long option\n"));
        assert!(run("-l", &redis_world()).2.starts_with("podlife: ps -l is not simulated"));
    }
}

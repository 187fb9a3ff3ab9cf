//! The POSIX shell that simulated containers run: `sh -c '…'` in `command:`, exec probes,
//! `kubectl exec`. It follows busybox `ash` (the shell of busybox and alpine images, the
//! teaching images), including its error texts (`sh: foo: not found`,
//! `sh: syntax error: unexpected "fi"`), and implements the busybox applets that teaching
//! scripts use (`sleep`, `cat`, `wget`, `nc`, `grep`, `sed`, `awk`, `nslookup`, `ip`, …)
//! plus `curl`, util-linux's `ipcmk` and `redis-cli`; an image that lacks a tool says so
//! ([`Host::has_program`]).
//! Sources: busybox 1.37 `shell/ash.c`, `shell/math.c`, `coreutils/*.c`, `editors/*.c`,
//! `networking/wget.c`, `networking/nc_bloaty.c`, `networking/nslookup.c`,
//! `networking/libiproute`; curl 8's error texts; redis 7's `redis-cli.c`.
//!
//! # A resumable interpreter
//!
//! Time is virtual, so the shell never blocks: [`Shell::resume`] runs the script until it
//! needs time or an outside program, and returns a [`Yield`] saying what it waits for.
//! The interpreter is an explicit stack of frames over the syntax tree (no recursion on
//! the Rust stack), so its whole state is plain data: `Shell: Clone` is a snapshot.
//!
//! The engine's loop:
//!
//! - [`Yield::Sleep { ms }`](Yield::Sleep): call `resume` again after `ms` of virtual time.
//!   If a signal arrives meanwhile and [`Shell::signal`] says `Trapped`, call `resume` at
//!   once when [`Shell::interruptible`] is true (the shell is in `wait`, or between
//!   commands); otherwise keep the wake-up time (a foreground `sleep` is a child process:
//!   the trap runs when it ends, as in a real shell — the famous reason why
//!   `trap … TERM; sleep 3600` ignores `kubectl delete` until the grace period ends).
//! - [`Yield::Run { argv }`](Yield::Run): a program that is not a builtin (`nginx`, `java`,
//!   `python app.py`, `./server`). The engine models it, may pass its output through
//!   [`Shell::program_output`] (so pipes and redirections apply to it; output it writes to
//!   the container log itself bypasses them), and answers with
//!   [`Shell::program_exited`]`(status)`, or with [`Shell::program_not_found`] when no such
//!   program exists — the shell then prints ash's `sh: NAME: not found` and sets `$?` to
//!   127. Then `resume`. While the program runs, background jobs of the script do not
//!   advance (they catch up when it exits).
//! - [`Yield::Exec { argv }`](Yield::Exec): `exec prog args` — the process becomes the
//!   program (same PID); the shell is done. If the engine cannot find the program it may
//!   call `program_not_found` and `resume`: the shell prints `sh: exec: …: not found`
//!   and yields `Exit { code: 127 }`.
//! - [`Yield::Exit { code }`](Yield::Exit): the script ended (after its EXIT trap).
//! - [`Yield::WaitForever`]: nothing will happen until a signal (`sleep infinity & wait`,
//!   `tail -f /dev/null`) or a connection to an `nc -l` listener ([`Shell::accept`], then
//!   `resume`). Call `resume` after a `Trapped` signal if `interruptible()`.
//!
//! After `Exit` or `Exec`, `resume` keeps returning the same yield.
//!
//! Each `resume` runs at most its step budget ([`STEP_BUDGET`] unless the caller sets one
//! with [`Shell::set_step_budget`]); a script that computes longer (`while true; do :;
//! done`) yields [`Yield::Busy`] and continues on the next `resume`. The caller decides what
//! that CPU time costs: in a container the node's CPU model (`crate::containerd::cpu`)
//! grants each period's steps, so a busy loop spends virtual CPU instead of hanging the
//! engine.
//!
//! # Signals
//!
//! [`Shell::signal`] reports the disposition the script set with `trap`: `Trapped` (the
//! action runs at the next resume point: at once if the shell is in `wait` — which then
//! returns 128+N — or between commands; after the foreground program or `sleep` ends
//! otherwise), `Ignored` (`trap '' TERM`), or `Default` (no trap, and always for SIGKILL
//! and SIGSTOP): the caller applies the default action, e.g. a PID 1 ignores it. Signal
//! names in `trap` are accepted with or without `SIG`, in any case, or as numbers.
//! `kill -SIG $$` sends a signal to the shell itself (a default action on a shell whose
//! PID is 1 is ignored, as the kernel does for init; otherwise the shell exits with
//! 128+N); `kill %1` / `kill $!` end background jobs.
//!
//! # Background jobs
//!
//! `cmd &` runs as a coroutine of its own with a copy of the shell's state (a subshell):
//! `sleep N &`, `tail -f /dev/null &`, and builtin loops such as
//! `while true; do date; sleep 5; done &` behave as they would, interleaved in virtual
//! time. A background job that needs an outside program (`nginx &`) cannot be started
//! (the engine runs one program per shell): it is treated as a program that keeps running
//! and never writes, so `wait` for it waits forever. `jobs`-style job control is absent.
//!
//! # Not supported
//!
//! `getopts`, `select`, arrays, `[[ … ]]` beyond what `test` does (ash's own `[[` is the
//! same), process substitution, `set -o pipefail` (accepted, no effect), aliases, `ulimit`
//! and `umask` (accepted, no effect), EXIT traps inside subshells, permission checks other
//! than the execute bit (everything runs as root),
//! concurrent pipeline stages (each stage runs to its end before the next starts, so
//! `prog | grep x` filters `prog`'s output when it exits; `nc` sends all its input, then
//! prints the whole answer), following a file with `tail -f FILE` (it prints the
//! file, then waits forever), an `nc -l` listener reached from its own script (the
//! engine connects to a container's shell only between its runs), awk's `getline`, pipes
//! and `system()`, applets not listed in `builtins.rs` (they are
//! `Yield::Run` for the engine to model or refuse). A here-document body starts after the
//! first newline character following its operator (a newline inside quotes on that same
//! line would confuse it).
//!
//! # Limits (each with a stated error)
//!
//! Script text ≤ [`MAX_SCRIPT_BYTES`]; syntax nesting ≤ [`MAX_NESTING`]; runtime nesting
//! (function recursion) ≤ [`MAX_FRAMES`] frames; a variable's value ≤ [`MAX_VAR_BYTES`];
//! a command substitution or pipe buffer ≤ [`MAX_CAPTURE_BYTES`] (the rest is dropped);
//! the words of one command ≤ [`MAX_EXPANSION_BYTES`] after expansion;
//! ≤ [`MAX_JOBS`] background jobs; `seq` ≤ 100 000 numbers; one `sleep` ≤ 100 years;
//! the pattern and regex matching of one command (and an `awk` program's evaluations)
//! ≤ [`WORK_FUEL`] units (then the pattern does not match; awk says `program ran too
//! long`); a path ≥ `PATH_MAX` (4096) bytes or with a name over `NAME_MAX` (255) is
//! ENAMETOOLONG (`File name too long`), as the kernel says.
//!
//! # Work
//!
//! A step of the budget is one interpreter step, plus the work a step hides: each
//! command's matching work at [`FUEL_PER_STEP`] units a step (the regex matcher is a Pike
//! VM, linear in its text) and the text it builds, copies or reads (expansion results, the
//! values they scan, awk's strings, an applet's input and output) at [`BYTES_PER_STEP`]
//! bytes a step, so that a charged step costs about the same wall time whatever it does.
//! What one command spends beyond the resume's budget counts as well (the caller sees it
//! in [`Shell::steps_used`]).

mod apt;
mod arith;
mod ast;
mod awk;
mod builtins;
mod expand;
mod fileinfo;
mod interp;
mod ipc;
mod lexer;
mod net;
mod netinfo;
mod parser;
mod redis_cli;
mod regex;
mod state;
mod tar;
mod text;
#[cfg(test)]
mod tests;

use std::fmt;

pub use ast::Script;
pub use expand::{BYTES_PER_STEP, FUEL_PER_STEP, WORK_FUEL};
pub use interp::{Accepted, Shell};
pub(crate) use net::reason as http_reason;
pub(crate) use netinfo::hosts_entry;
pub(crate) use builtins::image_specific;
pub(crate) use apt::{PROGRAMS as PACKAGED_PROGRAMS, is_apt_tool, unsimulated_package};
pub(crate) use interp::{is_shell_script, stat_follow};

/// The longest script text accepted.
pub const MAX_SCRIPT_BYTES: usize = 64 * 1024;
/// The deepest syntax nesting (compound commands, substitutions, `${…}` inside `${…}`).
pub const MAX_NESTING: usize = 64;
/// The most interpreter frames (function recursion, nested loops and substitutions).
pub const MAX_FRAMES: usize = 2_000;
/// Interpreter steps per [`Shell::resume`] before it yields [`Yield::Busy`], unless the
/// caller sets another budget.
pub const STEP_BUDGET: u64 = 100_000;
/// The largest value of one variable.
pub const MAX_VAR_BYTES: usize = 1024 * 1024;
/// The largest command-substitution output or pipe buffer.
pub const MAX_CAPTURE_BYTES: usize = 1024 * 1024;
/// The most text one command's expansions may produce.
pub const MAX_EXPANSION_BYTES: usize = 4 * 1024 * 1024;
/// The most background jobs alive at once.
pub const MAX_JOBS: usize = 64;

/// A script that does not parse. `Display` is ash's message, e.g.
/// `sh: syntax error: unexpected "fi"` (or `NAME: line 3: syntax error: …` when the
/// script was given a name, as `sh -c SRC NAME` does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The message without the prefix, e.g. `syntax error: unexpected "fi"`.
    pub message: String,
    /// The line (1-based) where the parser stopped.
    pub line: usize,
    prefix: String,
}

impl ParseError {
    pub(crate) fn syntax(msg: String, line: usize, arg0: &str, with_line: bool) -> ParseError {
        let prefix = if with_line { format!("{arg0}: line {line}: ") } else { format!("{arg0}: ") };
        ParseError { message: format!("syntax error: {msg}"), line, prefix }
    }

    pub(crate) fn limit(msg: String, line: usize, arg0: &str) -> ParseError {
        ParseError { message: msg, line, prefix: format!("{arg0}: ") }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.prefix, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a script as `sh -c` would (the error names the shell `sh`). A script whose
/// later lines have a syntax error is an error here; [`Shell::from_source`] instead runs
/// the lines before it first, as ash does.
pub fn parse(src: &str) -> Result<Script, ParseError> {
    let mut p = parser::Parser::new(src, "sh", false);
    let script = p.parse_script();
    match script.error {
        Some(e) => Err(e),
        None => Ok(script),
    }
}

/// What the shell waits for; see the module documentation for the engine's answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Yield {
    /// Resume after `ms` of virtual time (earlier only after a trapped signal while
    /// [`Shell::interruptible`]).
    Sleep { ms: u64 },
    /// The step budget of this resume is spent and the script still computes: resume when
    /// the CPU it needs has been granted (the caller's clock moves on meanwhile).
    Busy,
    /// A program in the foreground: answer with `program_exited` / `program_not_found`.
    Run { argv: Vec<String> },
    /// The shell process becomes this program.
    Exec { argv: Vec<String> },
    /// The script ended.
    Exit { code: i32 },
    /// Only a signal can end this wait.
    WaitForever,
}

/// What the shell does with a signal (see [`Shell::signal`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignalDisposition {
    /// A trap action will run.
    Trapped,
    /// `trap '' SIG`.
    Ignored,
    /// No trap: the caller applies the signal's default action.
    Default,
}

/// Why a network operation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetError {
    /// The name does not resolve.
    UnknownHost,
    /// Nothing listens (or the connection is rejected).
    Refused,
    /// No answer before the tool's timeout.
    Timeout,
    /// The connection was reset.
    Reset,
}

/// What a file is (`lstat`'s view: a symbolic link is not followed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileKind {
    File,
    Dir,
    /// A symbolic link and its target.
    Symlink(String),
    /// A character device (major, minor): `/dev/null`.
    CharDevice(u32, u32),
}

/// Who a process runs as: its user, group and supplementary groups (ascending, as the kernel's
/// `setgroups` keeps them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credentials {
    pub uid: u32,
    pub gid: u32,
    pub groups: Vec<u32>,
}

impl Credentials {
    /// root with the groups busybox's `/etc/group` gives it.
    pub fn root() -> Credentials {
        Credentials { uid: 0, gid: 0, groups: vec![0, 1, 2, 3, 4, 6, 10, 11, 20, 26, 27] }
    }

    /// The name `/etc/passwd` gives a user id (busybox's file: only root among the ids a
    /// teaching pod uses).
    pub fn user_name(uid: u32) -> Option<&'static str> {
        (uid == 0).then_some("root")
    }

    /// The name busybox's `/etc/group` gives a group id.
    pub fn group_name(gid: u32) -> Option<&'static str> {
        Some(match gid {
            0 => "root",
            1 => "bin",
            2 => "daemon",
            3 => "sys",
            4 => "adm",
            6 => "disk",
            10 => "wheel",
            11 => "floppy",
            20 => "dialout",
            26 => "tape",
            27 => "video",
            _ => return None,
        })
    }
}

/// A path's metadata, as `ls -l` and `stat` show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stat {
    pub kind: FileKind,
    /// Permission bits (`0o7777`).
    pub mode: u32,
    pub size: u64,
    pub nlink: u32,
    pub uid: u32,
    pub gid: u32,
    /// Last modification, Unix seconds.
    pub mtime: u64,
}

impl Stat {
    /// A regular file of `size` bytes with `mode`.
    pub fn file(size: u64, mode: u32, mtime: u64) -> Stat {
        Stat { kind: FileKind::File, mode, size, nlink: 1, uid: 0, gid: 0, mtime }
    }

    /// A directory with `mode`.
    pub fn dir(mode: u32, mtime: u64) -> Stat {
        Stat { kind: FileKind::Dir, mode, size: 4096, nlink: 2, uid: 0, gid: 0, mtime }
    }

    /// `ls -l`'s mode column (`drwxr-xr-x`, `-rw-------`, `lrwxrwxrwx`), busybox's
    /// `bb_mode_string`.
    pub fn mode_string(&self) -> String {
        let t = match self.kind {
            FileKind::File => '-',
            FileKind::Dir => 'd',
            FileKind::Symlink(_) => 'l',
            FileKind::CharDevice(..) => 'c',
        };
        let m = self.mode;
        let bit = |mask: u32, c: char| if m & mask != 0 { c } else { '-' };
        let exec = |x: u32, special: u32, set: char| match (m & x != 0, m & special != 0) {
            (true, true) => set,
            (false, true) => set.to_ascii_uppercase(),
            (true, false) => 'x',
            (false, false) => '-',
        };
        [
            t,
            bit(0o400, 'r'),
            bit(0o200, 'w'),
            exec(0o100, 0o4000, 's'),
            bit(0o040, 'r'),
            bit(0o020, 'w'),
            exec(0o010, 0o2000, 's'),
            bit(0o004, 'r'),
            bit(0o002, 'w'),
            exec(0o001, 0o1000, 't'),
        ]
        .iter()
        .collect()
    }

    pub fn is_dir(&self) -> bool {
        self.kind == FileKind::Dir
    }
}

/// A DNS question's answer, as CoreDNS gives it (`nslookup`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DnsAnswer {
    /// The name exists: the CNAMEs that led to the records (owner, target), its records (A
    /// addresses of the last name, or PTR names), and whether the answer is authoritative (the
    /// cluster zone) or forwarded.
    Records { chain: Vec<(String, String)>, values: Vec<String>, authoritative: bool },
    /// NXDOMAIN.
    NxDomain,
    /// No server answered.
    Timeout,
}

/// The pod's network interfaces and routes as `ip` shows them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NetConfig {
    /// `eth0`'s address and prefix length; None for a pod without a network yet.
    pub address: Option<(String, u8)>,
    pub mac: String,
    /// The node-side index of the veth pair (`eth0@if7`).
    pub peer_index: u32,
    pub mtu: u32,
    pub gateway: Option<String>,
}

/// A System V shared memory segment (`ipcs -m`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShmSegment {
    pub key: u32,
    pub id: u32,
    pub perms: u32,
    pub bytes: u64,
}

/// The container around the shell: its output, its files, its network.
pub trait Host {
    /// Text written to stdout (the container log).
    fn stdout(&mut self, text: &str);
    /// Text written to stderr.
    fn stderr(&mut self, text: &str);
    /// The current time, for `date`.
    fn now_unix_secs(&self) -> u64;
    /// The virtual clock in milliseconds (the same clock as `now_unix_secs`); used to
    /// interleave background jobs. The default derives it from `now_unix_secs`.
    fn now_millis(&self) -> u64 {
        self.now_unix_secs().saturating_mul(1000)
    }
    fn hostname(&self) -> String;
    /// A file's content; None when it does not exist (or is a directory).
    fn read_file(&self, path: &str) -> Option<String>;
    /// Writes (or appends to) a file; the error is the system's text, e.g.
    /// `Read-only file system`.
    fn write_file(&mut self, path: &str, content: &str, append: bool) -> Result<(), String>;
    /// Removes a file or an empty directory; false when it did not exist.
    fn remove_file(&mut self, path: &str) -> bool;
    /// Whether a file or directory exists.
    fn file_exists(&self, path: &str) -> bool;
    /// Creates one directory (its parent exists); the error is the system's text.
    fn make_dir(&mut self, path: &str) -> Result<(), String>;
    /// The names in a directory (for `ls` and `*`); None when it is not a directory or
    /// the host cannot list it. The default lists nothing.
    fn list_dir(&self, _path: &str) -> Option<Vec<String>> {
        None
    }
    /// The address a name resolves to (for the tools' messages, e.g. wget's
    /// `Connecting to web (10.96.0.12:80)`, about a connection already made: not traced
    /// again); None leaves the name in the message.
    fn resolve(&mut self, _host: &str) -> Option<String> {
        None
    }
    /// TCP connect (host name or IP, port): Ok when something listens.
    fn tcp_connect(&mut self, host: &str, port: u16) -> Result<(), NetError>;
    /// An HTTP GET: Ok(status code, body) or Err.
    fn http_get(&mut self, url: &str) -> Result<(u16, String), NetError>;
    /// The headers a proxy on the way added to the last `http_get`'s answer (`server: envoy`
    /// …), lower-case as Envoy writes them; none for a server answering directly.
    fn http_headers(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The certificate (PEM) the server of the last HTTPS `http_get` presented; None where
    /// TLS is not modelled (the server answered as over HTTP).
    fn tls_certificate(&self) -> Option<String> {
        None
    }
    /// `kill(pid, sig)` to a process of the PID namespace outside this shell (another
    /// container's, with `shareProcessNamespace`): false when there is no such process.
    fn signal_process(&mut self, _pid: u32, _sig: i32) -> bool {
        false
    }
    /// A retransmitted SYN of an unanswered connect to `host:port`: true when it is now
    /// rejected (the connect fails with "Connection refused").
    fn syn_retransmit(&mut self, _host: &str, _port: u16) -> bool {
        false
    }
    /// A TCP connection that sends `request` and reads until the peer closes: the peer's
    /// answer. The default connects and reads nothing.
    fn tcp_exchange(&mut self, host: &str, port: u16, _request: &str) -> Result<String, NetError> {
        self.tcp_connect(host, port).map(|()| String::new())
    }
    /// `lstat`: a path's metadata, None when it does not exist. The default derives it
    /// from `read_file` / `file_exists`.
    /// The process's user and groups (root by default).
    fn credentials(&self) -> Credentials {
        Credentials::root()
    }

    fn stat(&self, path: &str) -> Option<Stat> {
        match self.read_file(path) {
            Some(t) => Some(Stat::file(crate::archive::byte_len(&t) as u64, 0o644, self.now_unix_secs())),
            None if self.file_exists(path) => Some(Stat::dir(0o755, self.now_unix_secs())),
            None => None,
        }
    }
    /// Changes a path's permission bits; the error is the system's text.
    fn chmod(&mut self, path: &str, _mode: u32) -> Result<(), String> {
        if self.file_exists(path) { Ok(()) } else { Err("No such file or directory".into()) }
    }
    /// Whether the image's tools are GNU's (Debian-based images: GNU tar) rather than
    /// busybox's applets.
    fn gnu_userland(&self) -> bool {
        false
    }
    /// Sets what `tar` restores besides the mode: the owner (root's tar only) and the
    /// modification time. The default keeps neither.
    fn restore(&mut self, _path: &str, _owner: Option<(u32, u32)>, _mtime: Option<u64>) {}
    /// Whether the container's image has this program (an applet the image lacks is
    /// `sh: NAME: not found`). The default has them all.
    fn has_program(&self, _name: &str) -> bool {
        true
    }
    /// The container's image reference (apt's release and preinstalled packages); empty
    /// where there is no image.
    fn image_ref(&self) -> String {
        String::new()
    }
    /// The image's busybox version (major, minor) where the tools' texts depend on it
    /// (`nslookup` before 1.29 printed its own format); None: not busybox, or current.
    fn busybox_version(&self) -> Option<(u32, u32)> {
        None
    }
    /// The DNS servers of `/etc/resolv.conf` and its search list (`nameserver`, `search`).
    fn resolver(&self) -> (Vec<String>, Vec<String>) {
        (Vec::new(), Vec::new())
    }
    /// A DNS query (type `A`, `AAAA`, `PTR`, …) to the server at this address.
    fn dns_query(&mut self, _server: &str, _name: &str, _qtype: &str) -> DnsAnswer {
        DnsAnswer::Timeout
    }
    /// The pod's network interfaces (`ip addr`).
    fn net_config(&self) -> NetConfig {
        NetConfig::default()
    }
    /// The System V shared memory segments of the container's IPC namespace.
    fn shm_segments(&self) -> Vec<ShmSegment> {
        Vec::new()
    }
    /// Creates a shared memory segment (`ipcmk -M`): its id.
    fn shm_create(&mut self, _bytes: u64, _perms: u32) -> Result<u32, String> {
        Err("Function not implemented".into())
    }
    /// Removes a shared memory segment by id; false when there is none.
    fn shm_remove(&mut self, _id: u32) -> bool {
        false
    }
}

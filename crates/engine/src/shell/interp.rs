//! The interpreter: a stack of frames per task (the script, and each background job),
//! stepped one frame transition at a time, so it can stop anywhere a command needs time
//! or a program and continue on the next `resume`.

use crate::vecmap::VecMap;
use std::sync::Arc;

use super::ast::*;
use super::builtins::{self, Ctx, Outcome};
use super::expand::{ExpErr, Exp, WORK_FUEL};
use super::lexer::is_name;
use super::parser::Parser;
use super::state::*;
use super::{Host, MAX_FRAMES, MAX_JOBS, ParseError, STEP_BUDGET, SignalDisposition, Yield};

/// Why a task cannot run now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Block {
    /// Until the virtual clock reaches `until` (ms).
    Sleep { until: u64 },
    /// The foreground program (main task: the engine's; background: never ends).
    Program { argv: Vec<String> },
    /// `exec prog`.
    Exec { argv: Vec<String> },
    /// `sleep infinity`, `tail -f` of standard input or `/dev/null`.
    Forever,
    /// `tail -f FILE`: its next read at `Follow::next`.
    Follow(Box<super::builtins::Follow>),
    /// `wait [pid]`.
    Wait { pid: Option<u32> },
    /// A TCP connect waiting for an answer: the next SYN retransmission at `next` (the
    /// retransmission timeout `rto` doubles each time), given up at `until`.
    Connect { next: u64, rto: u64, until: u64, host: String, port: u16, refused: Box<super::builtins::Written> },
    /// `nc -l`: waiting for a connection (see [`Shell::accept`]).
    Listen(Box<super::net::Listener>),
}

/// What a listener does with a connection it accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Accepted {
    /// It answers with this text (`nc -l` sends its standard input).
    Reply(String),
    /// `nc -l -e PROG ARGS`: the program runs with the connection as its standard input and
    /// output.
    Exec(Vec<String>),
}

#[derive(Debug, Clone)]
pub(crate) enum SubKind {
    Paren,
    Pipe { capture: Option<usize> },
    CmdSub { id: u32, capture: usize },
    /// `sh -c`, a script file.
    Script,
}

#[derive(Debug, Clone)]
pub(crate) enum CState {
    Start,
    Begin,
    IfTest(usize),
    Done,
    LoopCond { last: i32 },
    LoopBody,
    For { values: Vec<String>, idx: usize, last: i32 },
    Case { subject: Option<String>, arm: usize, pat: usize },
}

#[derive(Debug, Clone)]
pub(crate) enum Frame {
    /// Top-level chunks (the script, `eval`, a trap action, `.`); `file`: `return` ends it.
    Script { script: Arc<Script>, idx: usize, file: bool },
    List { list: List, idx: usize, cond: bool },
    AndOr { node: Arc<AndOr>, next: usize, cond: bool },
    Pipeline { node: Arc<Pipeline>, stage: usize, cond: bool, input: Option<String> },
    Simple { node: Arc<Simple>, memo: Memo, cond: bool },
    Compound { node: Arc<CompoundCmd>, st: CState, memo: Memo, cond: bool },
    /// Restores redirections and temporary assignments.
    Scope { fds: VecMap<u32, Fd>, inputs: usize, captures: usize, vars: Vec<(String, Option<Var>)> },
    Subshell { saved: Box<Env>, fds: VecMap<u32, Fd>, inputs: usize, captures: usize, kind: SubKind },
    Function { params: Vec<String>, locals: Vec<(String, Option<Var>)> },
    /// An applet's result after its delay (a timeout).
    Deferred { stdout: String, stderr: String, status: i32 },
    /// A trap action; `$?` is restored after it.
    Trap { status: i32 },
    /// The end of the EXIT trap: exit with this code.
    ExitWith { code: i32 },
    /// `exec builtin`: exit with the builtin's status.
    ExitAfter,
    /// `sh FILE` / a script path: read it when the frame runs.
    LoadScript { path: String, shown: String, args: Vec<String> },
}

impl Frame {
    fn memo_mut(&mut self) -> Option<&mut Memo> {
        match self {
            Frame::Simple { memo, .. } | Frame::Compound { memo, .. } => Some(memo),
            _ => None,
        }
    }

    fn is_loop(&self) -> bool {
        matches!(self, Frame::Compound { st: CState::LoopCond { .. } | CState::LoopBody | CState::For { .. }, .. })
    }
}

#[derive(Debug, Clone, Copy)]
enum Unwind {
    Exit(i32),
    Return(i32),
    Break(u32),
    Continue(u32),
}

#[derive(Debug, Clone)]
pub(crate) struct Task {
    pub frames: Vec<Frame>,
    pub env: Env,
    pub io: Io,
    pub block: Option<Block>,
    pub pid: u32,
    pub parent: u32,
    pub done: Option<i32>,
    pub subshells: u32,
    pub traps_running: u32,
}

impl Task {
    fn new(pid: u32, parent: u32, env: Env, io: Io) -> Task {
        Task { frames: Vec::new(), env, io, block: None, pid, parent, done: None, subshells: 0, traps_running: 0 }
    }

    fn runnable(&self) -> bool {
        self.done.is_none() && self.block.is_none() && !self.frames.is_empty()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Outstanding {
    Sleep { until: u64 },
    /// Its step budget ran out (`Yield::Busy`).
    Busy,
    Forever,
    Program,
}

/// The shell's tasks: a vector whose `Index`/`IndexMut` hold the one bounds check the ~190
/// `self.tasks[i]` of this file share. Indexing the vector itself gives each of them a
/// 16-byte panic location and its own constant (about 0.7 KB brotli of the worker); a task
/// index is always valid, so only a bug's panic message would name another line.
#[derive(Clone)]
struct Tasks(Vec<Task>);

impl std::ops::Deref for Tasks {
    type Target = Vec<Task>;
    fn deref(&self) -> &Vec<Task> {
        &self.0
    }
}

impl std::ops::DerefMut for Tasks {
    fn deref_mut(&mut self) -> &mut Vec<Task> {
        &mut self.0
    }
}

impl std::ops::Index<usize> for Tasks {
    type Output = Task;
    fn index(&self, i: usize) -> &Task {
        &self.0[i]
    }
}

impl std::ops::IndexMut<usize> for Tasks {
    fn index_mut(&mut self, i: usize) -> &mut Task {
        &mut self.0[i]
    }
}

impl std::fmt::Debug for Tasks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A running shell (see the module documentation). `Clone` is a snapshot.
#[derive(Debug, Clone)]
pub struct Shell {
    tasks: Tasks,
    now: u64,
    clock_set: bool,
    outstanding: Option<Outstanding>,
    /// Trapped signals whose actions have not run yet.
    pending: Vec<i32>,
    program_status: Option<i32>,
    program_missing: bool,
    program_out: String,
    program_err: String,
    finished: Option<Yield>,
    exit_trap_done: bool,
    interruptible: bool,
    next_pid: u32,
    trap_cache: VecMap<String, Arc<Script>>,
    budget: u64,
    /// Work of this resume charged beyond its budget (one command's matching may cost up to
    /// `WORK_FUEL / FUEL_PER_STEP` steps at once, and its text a step per `BYTES_PER_STEP`
    /// bytes): steps it ran all the same.
    overdraft: u64,
    /// Steps per resume (`STEP_BUDGET`; smaller in tests).
    step_budget: u64,
    /// Debian's `/bin/sh` (dash) rather than busybox ash: its error prefix is
    /// `sh: LINE: [CMD: ]` (dash's `sh_error`/`exverror`), ash's `sh: [CMD: ][line N: ]`.
    dash: bool,
    /// Round-robin position among tasks.
    turn: usize,
    tty: bool,
    /// A listener accepted a connection since the last resume: the shell runs at the
    /// engine's time, not at the end of a sleep it was parked in.
    kicked: bool,
    /// `exec APPLET …` replaced the shell process by a busybox applet run here.
    replaced_by: Option<Vec<String>>,
}

/// Steps one task may run before another runnable task gets its turn.
const QUANTUM: u64 = 1_000;

/// Builtins whose assignments persist and whose errors end the shell (POSIX "special").
const SPECIAL: &[&str] = &[":", ".", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set", "shift", "source", "times", "trap", "unset"];

/// Builtins the interpreter itself implements (they touch shell state).
const CONTROL: &[&str] = &[
    ":", ".", "source", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set", "shift", "times", "trap", "unset", "local", "cd", "read", "wait", "kill",
    "command", "type", "true", "false", "jobs", "umask", "ulimit", "hash", "env", "nohup", "sh", "ash", "bash", "dash", "let",
];

pub(crate) fn is_shell_builtin(name: &str) -> bool {
    CONTROL.contains(&name) || builtins::is_utility(name)
}

/// The applet a command name refers to: a plain builtin name, or a busybox path such as
/// `/bin/sleep`.
fn builtin_name(argv0: &str) -> Option<String> {
    if is_shell_builtin(argv0) {
        return Some(argv0.to_string());
    }
    let (dir, base) = argv0.rsplit_once('/')?;
    let dir = normalize(if dir.is_empty() { "/" } else { dir });
    let bin_dirs = ["/bin", "/usr/bin", "/sbin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin"];
    if bin_dirs.contains(&dir.as_str())
        && (builtins::is_utility(base) || matches!(base, "sh" | "ash" | "bash" | "dash" | "env" | "true" | "false" | "kill" | "nohup"))
    {
        return Some(base.to_string());
    }
    None
}

/// ash's `maybe_single_quote` (for `set -x` traces).
fn maybe_quote(s: &str) -> String {
    let needs = s.chars().any(|c| c < '+' || (';'..='?').contains(&c) || c == '`' || c == '[' || c == '\\' || c > 'z');
    if needs { single_quote(s) } else { s.to_string() }
}

/// ash's `single_quote`: `'…'`, with `'` written as `"'"`.
pub(crate) fn single_quote(s: &str) -> String {
    let mut out = String::from("'");
    for c in s.chars() {
        if c == '\'' {
            out.push_str("'\"'\"'");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out.replace("''\"'\"'", "\"'\"'").replace("'\"'\"''", "'\"'\"")
}

/// A signal's number from `TERM`, `SIGTERM`, `term` or `15`; 0 is EXIT.
pub(crate) fn signal_number(s: &str) -> Option<i32> {
    if let Ok(n) = s.parse::<i32>() {
        return if (0..=64).contains(&n) { Some(n) } else { None };
    }
    let up = s.to_ascii_uppercase();
    let name = up.strip_prefix("SIG").unwrap_or(&up);
    SIGNALS.iter().find(|(_, n)| *n == name).map(|(v, _)| *v)
}

pub(crate) fn signal_name(n: i32) -> String {
    SIGNALS.iter().find(|(v, _)| *v == n).map(|(_, s)| s.to_string()).unwrap_or_else(|| n.to_string())
}

const SIGNALS: &[(i32, &str)] = &[
    (0, "EXIT"),
    (1, "HUP"),
    (2, "INT"),
    (3, "QUIT"),
    (4, "ILL"),
    (5, "TRAP"),
    (6, "ABRT"),
    (7, "BUS"),
    (8, "FPE"),
    (9, "KILL"),
    (10, "USR1"),
    (11, "SEGV"),
    (12, "USR2"),
    (13, "PIPE"),
    (14, "ALRM"),
    (15, "TERM"),
    (16, "STKFLT"),
    (17, "CHLD"),
    (18, "CONT"),
    (19, "STOP"),
    (20, "TSTP"),
    (21, "TTIN"),
    (22, "TTOU"),
    (23, "URG"),
    (24, "XCPU"),
    (25, "XFSZ"),
    (26, "VTALRM"),
    (27, "PROF"),
    (28, "WINCH"),
    (29, "IO"),
    (30, "PWR"),
    (31, "SYS"),
];

/// An expanded simple command.
struct Expanded {
    argv: Vec<String>,
    redirs: Vec<(u32, RedirOp, String)>,
    assigns: Vec<(String, Assigned)>,
}

/// An expanded assignment.
#[derive(Debug, Clone)]
enum Assigned {
    /// `name=value`, `name+=value` (bash) when `true`.
    Scalar(String, bool),
    /// bash: `name[index]=value` / `+=`.
    Element(i64, String, bool),
    /// bash: `name=(…)` / `name+=(…)`.
    Array(Vec<String>, bool),
}

impl Assigned {
    /// `set -x`'s form of it.
    fn traced(&self, name: &str) -> String {
        let op = |append: bool| if append { "+=" } else { "=" };
        match self {
            Assigned::Scalar(v, append) => format!("{name}{}{}", op(*append), maybe_quote(v)),
            Assigned::Element(i, v, append) => format!("{name}[{i}]{}{}", op(*append), maybe_quote(v)),
            Assigned::Array(vs, append) => format!("{name}{}({})", op(*append), vs.iter().map(|v| maybe_quote(v)).collect::<Vec<_>>().join(" ")),
        }
    }

    /// Stores it in `env`.
    fn apply(self, env: &mut Env, name: &str) -> Result<(), String> {
        match self {
            Assigned::Scalar(v, false) => env.set(name, v),
            Assigned::Scalar(v, true) => {
                let old = env.get(name).unwrap_or_default().to_string();
                env.set(name, old + &v)
            }
            Assigned::Element(i, v, append) => env.set_element(name, i, v, append),
            Assigned::Array(vs, append) => env.set_array(name, vs, append),
        }
    }
}

impl Shell {
    fn with_main(task: Task) -> Shell {
        Shell {
            next_pid: task.pid + 1,
            tasks: Tasks(vec![task]),
            now: 0,
            clock_set: false,
            outstanding: None,
            pending: Vec::new(),
            program_status: None,
            program_missing: false,
            program_out: String::new(),
            program_err: String::new(),
            finished: None,
            exit_trap_done: false,
            interruptible: true,
            trap_cache: VecMap::new(),
            budget: 0,
            overdraft: 0,
            step_budget: STEP_BUDGET,
            dash: false,
            turn: 0,
            tty: false,
            kicked: false,
            replaced_by: None,
        }
    }

    /// `sh -c SRC [argv0 args…]`: `args` are what follows SRC (`$0`, then `$1`…). Without
    /// them `$0` is `sh`. With them ash names the script `$0` in its messages and adds
    /// the line number (`NAME: line 2: foo: not found`). A syntax error before any
    /// command could run is an `Err` (the caller prints it and exits 2); one further down
    /// is reported when execution reaches it, as ash does.
    pub fn from_source(src: &str, args: Vec<String>, env: VecMap<String, String>) -> Result<Shell, ParseError> {
        let (arg0, params, with_line) = match args.split_first() {
            Some((a, rest)) => (a.clone(), rest.to_vec(), true),
            None => ("sh".to_string(), Vec::new(), false),
        };
        let mut p = Parser::new(src, &arg0, with_line);
        let script = p.parse_script();
        if script.chunks.is_empty()
            && let Some(e) = script.error
        {
            return Err(e);
        }
        let env = Env::new(arg0, params, env, with_line);
        let mut task = Task::new(1, 0, env, Io::default());
        task.frames.push(Frame::Script { script: Arc::new(script), idx: 0, file: false });
        Ok(Shell::with_main(task))
    }

    /// An exec-form process (`command: ["sleep", "3600"]`): runs `argv` as `exec argv…`
    /// without any shell syntax. A builtin or applet runs here and the process exits with
    /// its status; anything else yields `Exec { argv }` at once (the engine's program).
    /// `["sh", "-c", SRC, …]` and `["sh", FILE, …]` run the shell itself.
    pub fn from_argv(argv: Vec<String>, env: VecMap<String, String>) -> Shell {
        let base = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a).to_string()).unwrap_or_default();
        if matches!(base.as_str(), "sh" | "ash" | "bash" | "dash") {
            let name = argv[0].clone();
            let (opts, src, it) = match sh_options(&argv[1..]) {
                Ok(x) => x,
                Err(msg) => {
                    let e = ParseError::limit(msg, 1, &name);
                    let mut task = Task::new(1, 0, Env::new(name, Vec::new(), env, false), Io::default());
                    task.frames.push(Frame::Script { script: Arc::new(Script { chunks: Vec::new(), error: Some(e) }), idx: 0, file: false });
                    return Shell::with_main(task);
                }
            };
            let rest = &argv[(it + 1).min(argv.len())..];
            let mut task = match src {
                Some(src) => {
                    let (arg0, params, with_line) = match rest.split_first() {
                        Some((a, r)) => (a.clone(), r.to_vec(), true),
                        None => (name, Vec::new(), false),
                    };
                    let bash = base == "bash";
                    let mut p = Parser::new(&src, &arg0, with_line).bash(bash);
                    let script = p.parse_script();
                    let mut env = Env::new(arg0, params, env, with_line);
                    env.bash = bash;
                    let mut task = Task::new(1, 0, env, Io::default());
                    task.frames.push(Frame::Script { script: Arc::new(script), idx: 0, file: false });
                    task
                }
                None => {
                    let mut task = Task::new(1, 0, Env::new(name, Vec::new(), env, false), Io::default());
                    let frame = match rest.split_first() {
                        Some((file, params)) => Frame::LoadScript { path: task.env.path(file), shown: file.clone(), args: params.to_vec() },
                        None => Frame::LoadScript { path: "-".into(), shown: "-".into(), args: Vec::new() },
                    };
                    task.frames.push(frame);
                    task
                }
            };
            task.env.opts = opts;
            return Shell::with_main(task);
        }
        // A program run directly (not through a shell) names itself in its messages, as a
        // busybox applet does (`kill: can't kill pid 9: No such process`).
        let env = Env::new(if base.is_empty() { "sh".to_string() } else { base }, Vec::new(), env, false);
        let mut task = Task::new(1, 0, env, Io::default());
        let mut words = vec![Word { parts: vec![WordPart::Quoted("exec".into())] }];
        words.extend(argv.iter().map(|a| Word { parts: vec![WordPart::Quoted(a.clone())] }));
        let simple = Simple { assigns: Vec::new(), words, redirs: Vec::new(), line: 1 };
        if !argv.is_empty() {
            task.frames.push(Frame::Simple { node: Arc::new(simple), memo: Memo::default(), cond: false });
        }
        Shell::with_main(task)
    }

    /// The command line of the process when `exec` replaced the shell by an applet it runs
    /// itself (`sh -c "sleep 3600"` on busybox is `sleep 3600`).
    pub fn replaced_by(&self) -> Option<&[String]> {
        self.replaced_by.as_deref()
    }

    /// The ports the script's `nc -l` listeners wait on.
    pub fn listening_ports(&self) -> Vec<u16> {
        self.tasks
            .iter()
            .filter(|t| t.done.is_none())
            .filter_map(|t| match &t.block {
                Some(Block::Listen(l)) => Some(l.port),
                _ => None,
            })
            .collect()
    }

    /// A connection to `port` arrives (`request`: what the client sends; `peer`,
    /// `peer_port`: its address): the listener's answer, or None when nothing here listens on that port.
    /// `nc -l` writes the request to its standard output and ends (`-k` without `-e` does
    /// not keep it listening); with `-e` the program gets the connection, and `-lk` keeps
    /// accepting. Call `resume` afterwards (at the engine's current time) so the script
    /// goes on.
    pub fn accept(&mut self, host: &mut dyn Host, port: u16, request: &str, peer: &str, peer_port: u16) -> Option<Accepted> {
        let i = self.tasks.iter().position(|t| t.done.is_none() && matches!(&t.block, Some(Block::Listen(l)) if l.port == port))?;
        let Some(Block::Listen(l)) = self.tasks[i].block.clone() else { return None };
        let t = &mut self.tasks[i];
        if l.verbose {
            let local = host.net_config().address.map(|(a, _)| a).unwrap_or_else(|| "127.0.0.1".into());
            let text = format!("connect to [::ffff:{local}]:{port} from [::ffff:{peer}]:{} ([::ffff:{peer}]:{})\n", peer_port, peer_port);
            write_fd(host, &mut t.io, 2, &text);
        }
        let answer = match &l.exec {
            Some(argv) => {
                if !l.persistent {
                    t.block = None;
                    t.env.status = 0;
                }
                Accepted::Exec(argv.clone())
            }
            None => {
                write_fd(host, &mut t.io, 1, request);
                t.block = None;
                t.env.status = 0;
                Accepted::Reply(l.reply.clone())
            }
        };
        self.kicked = true;
        Some(answer)
    }

    /// The shell's PID (`$$`, and how `kill` treats signals to itself); 1 by default.
    pub fn set_pid(&mut self, pid: u32) {
        if let Some(t) = self.tasks.first_mut() {
            t.pid = pid;
        }
        if self.next_pid <= pid {
            self.next_pid = pid + 1;
        }
    }

    /// Speak as dash, Debian's `/bin/sh`: its error messages and its `echo`.
    pub fn set_dash(&mut self) {
        self.dash = true;
        for t in self.tasks.iter_mut() {
            t.env.dash = true;
        }
    }

    /// The interpreter steps the next resumes may run before yielding [`Yield::Busy`] (at
    /// least one, so a script always advances).
    pub fn set_step_budget(&mut self, n: u64) {
        self.step_budget = n.max(1);
    }

    /// The steps the last resume ran, with matching work charged beyond its budget.
    pub fn steps_used(&self) -> u64 {
        self.step_budget.saturating_sub(self.budget).saturating_add(self.overdraft)
    }

    /// Whether stdout is a terminal (`kubectl exec -t`); curl then shows no progress meter.
    pub fn set_tty(&mut self, tty: bool) {
        self.tty = tty;
    }

    /// The exported variables of the shell now (the environment a `Yield::Run` program
    /// gets).
    pub fn exported_env(&self) -> VecMap<String, String> {
        self.tasks.first().map(|t| t.env.exported()).unwrap_or_default()
    }

    /// The working directory (`cd`), for programs started with `Yield::Run`.
    pub fn working_dir(&self) -> &str {
        self.tasks.first().map(|t| t.env.cwd.as_str()).unwrap_or("/")
    }

    /// Whether a trapped signal should resume the shell at once: it is in `wait`, or
    /// between commands (a time slice of a busy script).
    pub fn interruptible(&self) -> bool {
        self.finished.is_none() && self.interruptible
    }

    /// The answer to the last `Yield::Run`: the program's exit status.
    pub fn program_exited(&mut self, status: i32) {
        self.program_status = Some(status & 0xff);
    }

    /// The answer to the last `Yield::Run` (or `Yield::Exec`) when no such program exists:
    /// the shell prints `sh: NAME: not found` and the status is 127.
    pub fn program_not_found(&mut self) {
        self.program_missing = true;
        self.program_status = Some(127);
        if let Some(Yield::Exec { argv }) = self.finished.take()
            && let Some(t) = self.tasks.first_mut()
        {
            t.block = Some(Block::Exec { argv });
        }
    }

    /// Output of the foreground program (before `program_exited`): it goes through the
    /// shell's redirections and pipes at the next `resume`.
    pub fn program_output(&mut self, stdout: &str, stderr: &str) {
        self.program_out.push_str(stdout);
        self.program_err.push_str(stderr);
    }

    /// Whether a trap is set for `sig` (an ignoring `trap '' SIG` counts).
    pub fn has_trap(&self, sig: i32) -> bool {
        self.main_env().is_some_and(|e| e.traps.contains_key(&sig))
    }

    /// A signal arrives (see the module documentation).
    pub fn signal(&mut self, sig: i32) -> SignalDisposition {
        if self.finished.is_some() || sig <= 0 || sig == 9 || sig == 19 {
            return SignalDisposition::Default;
        }
        match self.main_env().and_then(|e| e.traps.get(&sig)) {
            None => SignalDisposition::Default,
            Some(a) if a.is_empty() => SignalDisposition::Ignored,
            Some(_) => {
                if !self.pending.contains(&sig) {
                    self.pending.push(sig);
                }
                SignalDisposition::Trapped
            }
        }
    }

    /// The main shell's own state (not a subshell's copy).
    fn main_env(&self) -> Option<&Env> {
        let t = self.tasks.first()?;
        for f in &t.frames {
            if let Frame::Subshell { saved, .. } = f {
                return Some(saved);
            }
        }
        Some(&t.env)
    }

    /// Runs until the script needs virtual time or a program, or ends.
    pub fn resume(&mut self, host: &mut dyn Host) -> Yield {
        self.budget = self.step_budget;
        self.overdraft = 0;
        if let Some(y) = &self.finished {
            return y.clone();
        }
        self.sync_clock(host);
        // The answer to a program (Run or a failed Exec).
        if let Some(status) = self.program_status.take() {
            let missing = std::mem::take(&mut self.program_missing);
            let out = std::mem::take(&mut self.program_out);
            let err = std::mem::take(&mut self.program_err);
            let t = &mut self.tasks[0];
            write_fd(host, &mut t.io, 1, &out);
            write_fd(host, &mut t.io, 2, &err);
            match t.block.take() {
                Some(Block::Program { argv }) => {
                    if missing {
                        let name = argv.first().cloned().unwrap_or_default();
                        let env = &self.tasks[0].env;
                        if env.bash && !self.dash {
                            // bash 5's `bash -c`: `bash: line 1: sudo: command not found`.
                            let text = format!("{}: line {}: {name}: command not found\n", env.arg0, env.line.max(1));
                            write_fd(host, &mut self.tasks[0].io, 2, &text);
                        } else {
                            self.error(0, host, None, &format!("{name}: not found"));
                        }
                    }
                    self.tasks[0].env.status = status;
                }
                Some(Block::Exec { argv }) => {
                    let name = argv.first().cloned().unwrap_or_default();
                    self.error(0, host, Some("exec"), &format!("{name}: not found"));
                    self.tasks[0].env.status = 127;
                    self.tasks[0].frames.clear();
                    self.exit_trap_done = true;
                }
                other => self.tasks[0].block = other,
            }
        } else if !self.program_out.is_empty() || !self.program_err.is_empty() {
            let out = std::mem::take(&mut self.program_out);
            let err = std::mem::take(&mut self.program_err);
            let t = &mut self.tasks[0];
            write_fd(host, &mut t.io, 1, &out);
            write_fd(host, &mut t.io, 2, &err);
        }
        self.run(host)
    }

    fn sync_clock(&mut self, host: &mut dyn Host) {
        let host_now = host.now_millis();
        if !self.clock_set {
            self.now = host_now;
            self.clock_set = true;
        }
        match self.outstanding.take() {
            Some(Outstanding::Sleep { until }) => {
                let early = (self.interruptible && !self.pending.is_empty()) || self.kicked;
                self.now = if early { self.now.max(host_now.min(until)) } else { self.now.max(until).max(host_now) };
            }
            _ => self.now = self.now.max(host_now),
        }
        self.kicked = false;
    }

    fn run(&mut self, host: &mut dyn Host) -> Yield {
        let mut quantum = QUANTUM;
        loop {
            self.wake(host);
            if let Some(y) = self.check_main_done() {
                return y;
            }
            self.maybe_run_trap();
            if self.tasks.is_empty() {
                let y = Yield::Exit { code: 0 };
                self.finished = Some(y.clone());
                return y;
            }
            let n = self.tasks.len();
            if self.turn >= n {
                self.turn = 0;
            }
            if !self.tasks[self.turn].runnable() || quantum == 0 {
                quantum = QUANTUM;
                let start = if self.tasks[self.turn].runnable() { self.turn + 1 } else { self.turn };
                match (0..n).map(|k| (start + k) % n).find(|&k| self.tasks[k].runnable()) {
                    Some(k) => self.turn = k,
                    None => return self.blocked_yield(),
                }
            }
            if self.budget == 0 {
                self.interruptible = true;
                self.outstanding = Some(Outstanding::Busy);
                return Yield::Busy;
            }
            self.budget -= 1;
            quantum -= 1;
            let i = self.turn;
            self.step(i, host);
            if let Some(t) = self.tasks.get_mut(i)
                && i != 0
                && t.frames.is_empty()
                && t.done.is_none()
            {
                t.done = Some(t.env.status);
            }
        }
    }

    /// Unblocks tasks whose sleep ended or whose awaited jobs finished.
    fn wake(&mut self, host: &mut dyn Host) {
        let now = self.now;
        let mut reap: Vec<u32> = Vec::new();
        for i in 0..self.tasks.len() {
            match self.tasks[i].block.clone() {
                Some(Block::Sleep { until }) if until <= now => self.tasks[i].block = None,
                Some(Block::Follow(mut f)) if f.next <= now => {
                    while f.next <= now {
                        let (out, err) = f.read(&*host);
                        let t = &mut self.tasks[i];
                        write_fd(host, &mut t.io, 1, &out);
                        write_fd(host, &mut t.io, 2, &err);
                    }
                    self.tasks[i].block = Some(Block::Follow(f));
                    self.stream_follow_pipe(i);
                }
                Some(Block::Connect { until, .. }) if until <= now => self.tasks[i].block = None,
                Some(Block::Connect { next, rto, until, host: peer, port, refused }) if next <= now => {
                    let t = &mut self.tasks[i];
                    if host.syn_retransmit(&peer, port) {
                        // The REJECT's ICMP error ends connect() with ECONNREFUSED.
                        if let Some(Frame::Deferred { stdout, stderr, status }) = t.frames.last_mut() {
                            *stdout = refused.stdout.clone();
                            *stderr = refused.stderr.clone();
                            *status = refused.status;
                        }
                        t.block = None;
                    } else {
                        let rto = rto * 2;
                        t.block = Some(Block::Connect { next: next + rto, rto, until, host: peer, port, refused });
                    }
                }
                Some(Block::Wait { pid }) => {
                    let me = self.tasks[i].pid;
                    match pid {
                        None => {
                            let all_done = self.tasks.iter().filter(|t| t.parent == me && t.pid != me).all(|t| t.done.is_some());
                            if all_done {
                                self.tasks[i].block = None;
                                self.tasks[i].env.status = 0;
                                reap.extend(self.tasks.iter().filter(|t| t.parent == me && t.pid != me).map(|t| t.pid));
                            }
                        }
                        Some(p) => match self.tasks.iter().find(|t| t.pid == p) {
                            Some(t) if t.done.is_some() => {
                                let st = t.done.unwrap_or(0);
                                self.tasks[i].block = None;
                                self.tasks[i].env.status = st;
                                reap.push(p);
                            }
                            Some(_) => {}
                            None => {
                                self.tasks[i].block = None;
                                self.tasks[i].env.status = 127;
                            }
                        },
                    }
                }
                _ => {}
            }
        }
        let main_pid = self.tasks[0].pid;
        if !reap.is_empty() {
            self.tasks.retain(|t| t.pid == main_pid || !reap.contains(&t.pid));
        }
        // Forget finished jobs nobody waited for, beyond the limit.
        if self.tasks.len() > 2 * MAX_JOBS {
            let mut excess = self.tasks.len() - 2 * MAX_JOBS;
            self.tasks.retain(|t| {
                if excess > 0 && t.pid != main_pid && t.done.is_some() {
                    excess -= 1;
                    false
                } else {
                    true
                }
            });
        }
    }

    /// The main task ran out of frames: run the EXIT trap, or end.
    fn check_main_done(&mut self) -> Option<Yield> {
        let t = &mut self.tasks[0];
        if !t.frames.is_empty() {
            return None;
        }
        let code = t.env.status & 0xff;
        if !self.exit_trap_done {
            self.exit_trap_done = true;
            if let Some(action) = t.env.traps.get(&0).cloned()
                && !action.is_empty()
            {
                t.block = None;
                t.frames.push(Frame::ExitWith { code });
                t.frames.push(Frame::Trap { status: code });
                t.traps_running += 1;
                let script = self.trap_script(&action);
                self.tasks[0].frames.push(Frame::Script { script, idx: 0, file: false });
                return None;
            }
        }
        let y = Yield::Exit { code };
        self.finished = Some(y.clone());
        Some(y)
    }

    fn trap_script(&mut self, action: &str) -> Arc<Script> {
        if let Some(s) = self.trap_cache.get(action) {
            return s.clone();
        }
        let env = &self.tasks[0].env;
        let mut p = Parser::new(action, &env.arg0, env.with_line).bash(env.bash);
        let s = Arc::new(p.parse_script());
        if self.trap_cache.len() < 64 {
            self.trap_cache.insert(action.to_string(), s.clone());
        }
        s
    }

    /// Runs a pending trap action if the main shell is at a point where it may.
    fn maybe_run_trap(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let t = &self.tasks[0];
        if t.subshells > 0 || t.traps_running > 0 || t.done.is_some() {
            return;
        }
        if !matches!(t.block, None | Some(Block::Wait { .. })) {
            return;
        }
        if t.frames.is_empty() && self.exit_trap_done {
            return;
        }
        let sig = self.pending.remove(0);
        let Some(action) = t.env.traps.get(&sig).cloned() else { return };
        if action.is_empty() {
            return;
        }
        let t = &mut self.tasks[0];
        if matches!(t.block, Some(Block::Wait { .. })) {
            t.block = None;
            t.env.status = 128 + sig;
        }
        let status = t.env.status;
        t.frames.push(Frame::Trap { status });
        t.traps_running += 1;
        let script = self.trap_script(&action);
        self.tasks[0].frames.push(Frame::Script { script, idx: 0, file: false });
    }

    fn blocked_yield(&mut self) -> Yield {
        let main_block = self.tasks[0].block.clone();
        match main_block {
            Some(Block::Program { argv }) => {
                self.interruptible = false;
                self.outstanding = Some(Outstanding::Program);
                Yield::Run { argv }
            }
            Some(Block::Exec { argv }) => {
                let y = Yield::Exec { argv };
                self.finished = Some(y.clone());
                y
            }
            _ => {
                let wake = self
                    .tasks
                    .iter()
                    .filter_map(|t| match t.block {
                        Some(Block::Sleep { until }) if t.done.is_none() => Some(until),
                        Some(Block::Follow(ref f)) if t.done.is_none() => Some(f.next),
                        Some(Block::Connect { next, until, .. }) if t.done.is_none() => Some(next.min(until)),
                        _ => None,
                    })
                    .min();
                self.interruptible = matches!(main_block, Some(Block::Wait { .. }));
                match wake {
                    Some(w) => {
                        self.outstanding = Some(Outstanding::Sleep { until: w });
                        Yield::Sleep { ms: w.saturating_sub(self.now) }
                    }
                    None => {
                        self.outstanding = Some(Outstanding::Forever);
                        Yield::WaitForever
                    }
                }
            }
        }
    }

    // ----- messages and output -----

    /// ash's message prefix: `sh: `, then for a builtin `NAME: line N: `, or for a named
    /// script `line N: `.
    fn prefix(&self, i: usize, cmd: Option<&str>) -> String {
        let env = &self.tasks[i].env;
        if self.dash {
            // dash: `sh: 1: exec: foo: not found`, `script.sh: 3: foo: not found`.
            let mut s = format!("{}: {}: ", env.arg0, env.line.max(1));
            if let Some(c) = cmd {
                s.push_str(c);
                s.push_str(": ");
            }
            return s;
        }
        let mut s = format!("{}: ", env.arg0);
        let cmdname = cmd.map(str::to_string).or_else(|| env.with_line.then(|| env.arg0.clone()));
        if let Some(c) = cmdname {
            if c != env.arg0 {
                s.push_str(&c);
                s.push_str(": ");
            }
            s.push_str(&format!("line {}: ", env.line));
        }
        s
    }

    fn error(&mut self, i: usize, host: &mut dyn Host, cmd: Option<&str>, msg: &str) {
        let text = format!("{}{}\n", self.prefix(i, cmd), msg);
        write_fd(host, &mut self.tasks[i].io, 2, &text);
    }

    // ----- stepping -----

    fn push(&mut self, i: usize, f: Frame) {
        self.tasks[i].frames.push(f);
    }

    fn step(&mut self, i: usize, host: &mut dyn Host) {
        if self.tasks[i].frames.len() > MAX_FRAMES {
            self.error(i, host, None, &format!("nesting deeper than {MAX_FRAMES} frames (podlife limit)"));
            self.unwind(i, host, Unwind::Exit(2));
            return;
        }
        let Some(frame) = self.tasks[i].frames.pop() else { return };
        match frame {
            Frame::Script { script, idx, file } => {
                if let Some(chunk) = script.chunks.get(idx) {
                    let chunk = chunk.clone();
                    self.push(i, Frame::Script { script, idx: idx + 1, file });
                    self.push(i, Frame::List { list: chunk, idx: 0, cond: false });
                } else if let Some(e) = &script.error {
                    let text = format!("{e}\n");
                    write_fd(host, &mut self.tasks[i].io, 2, &text);
                    self.unwind(i, host, Unwind::Exit(2));
                }
            }
            Frame::List { list, idx, cond } => {
                let Some(item) = list.get(idx).cloned() else { return };
                if idx + 1 < list.len() {
                    self.push(i, Frame::List { list, idx: idx + 1, cond });
                }
                if item.background {
                    self.spawn(i, host, item.andor);
                } else {
                    self.push(i, Frame::AndOr { node: item.andor, next: 0, cond });
                }
            }
            Frame::AndOr { node, next, cond } => {
                if next == 0 {
                    let first = node.first.clone();
                    let c = cond || !node.rest.is_empty();
                    self.push(i, Frame::AndOr { node, next: 1, cond });
                    self.push(i, Frame::Pipeline { node: first, stage: 0, cond: c, input: None });
                    return;
                }
                let ok = self.tasks[i].env.status == 0;
                let mut k = next - 1;
                while k < node.rest.len() {
                    let (and, p) = &node.rest[k];
                    if *and == ok {
                        let p = p.clone();
                        let c = cond || k + 1 < node.rest.len();
                        self.push(i, Frame::AndOr { node, next: k + 2, cond });
                        self.push(i, Frame::Pipeline { node: p, stage: 0, cond: c, input: None });
                        return;
                    }
                    k += 1;
                }
            }
            Frame::Pipeline { node, stage, cond, input } => self.step_pipeline(i, host, node, stage, cond, input),
            Frame::Simple { node, mut memo, cond } => {
                self.tasks[i].env.line = node.line;
                match self.expand_simple(i, host, &node, &mut memo) {
                    Err(ExpErr::Subst(ns)) => {
                        self.push(i, Frame::Simple { node, memo, cond });
                        self.start_cmdsub(i, ns);
                    }
                    Err(ExpErr::Fatal(msg)) => {
                        self.error(i, host, None, &msg);
                        self.unwind(i, host, Unwind::Exit(2));
                    }
                    Ok(x) => self.exec_simple(i, host, x, memo.last_status, cond),
                }
            }
            Frame::Compound { node, st, memo, cond } => self.step_compound(i, host, node, st, memo, cond),
            Frame::Scope { fds, inputs, captures, vars } => {
                let t = &mut self.tasks[i];
                restore_scope(t, fds, inputs, captures, vars);
            }
            Frame::Subshell { saved, fds, inputs, captures, kind } => {
                self.finish_subshell(i, *saved, fds, inputs, captures, kind, None);
            }
            Frame::Function { params, locals } => {
                let t = &mut self.tasks[i];
                t.env.params = params;
                restore_vars(&mut t.env, locals);
            }
            Frame::Deferred { stdout, stderr, status } => {
                let t = &mut self.tasks[i];
                write_fd(host, &mut t.io, 1, &stdout);
                write_fd(host, &mut t.io, 2, &stderr);
                t.env.status = status;
            }
            Frame::Trap { status } => {
                let t = &mut self.tasks[i];
                t.env.status = status;
                t.traps_running = t.traps_running.saturating_sub(1);
            }
            Frame::ExitWith { code } => {
                self.tasks[i].env.status = code;
                self.unwind(i, host, Unwind::Exit(code));
            }
            Frame::ExitAfter => {
                let code = self.tasks[i].env.status;
                self.unwind(i, host, Unwind::Exit(code));
            }
            Frame::LoadScript { path, shown, args } => {
                let text = if path == "-" { Some(self.tasks[i].io.read_all(0)) } else { host.read_file(&path) };
                match text {
                    Some(src) => {
                        let with_line = path != "-";
                        let arg0 = if path == "-" { self.tasks[i].env.arg0.clone() } else { shown };
                        let mut p = Parser::new(&src, &arg0, with_line).bash(self.tasks[i].env.bash);
                        let script = Arc::new(p.parse_script());
                        let env = &mut self.tasks[i].env;
                        env.arg0 = arg0;
                        env.params = args;
                        env.with_line = with_line;
                        self.push(i, Frame::Script { script, idx: 0, file: false });
                    }
                    None => {
                        self.error(i, host, None, &format!("can't open '{shown}': No such file or directory"));
                        self.unwind(i, host, Unwind::Exit(127));
                    }
                }
            }
        }
    }

    fn step_pipeline(&mut self, i: usize, host: &mut dyn Host, node: Arc<Pipeline>, stage: usize, cond: bool, input: Option<String>) {
        let n = node.cmds.len();
        let inner_cond = cond || node.bang;
        if n == 1 {
            if stage == 0 {
                let cmd = node.cmds[0].clone();
                self.push(i, Frame::Pipeline { node, stage: 1, cond, input: None });
                self.push_command(i, host, &cmd, inner_cond);
            } else {
                self.pipeline_done(i, host, node.bang, cond);
            }
            return;
        }
        if stage >= n {
            self.pipeline_done(i, host, node.bang, cond);
            return;
        }
        let cmd = node.cmds[stage].clone();
        self.push(i, Frame::Pipeline { node, stage: stage + 1, cond, input: None });
        let t = &mut self.tasks[i];
        let frame = Frame::Subshell {
            saved: Box::new(t.env.clone()),
            fds: t.io.fds.clone(),
            inputs: t.io.inputs.len(),
            captures: t.io.captures.len(),
            kind: SubKind::Pipe { capture: if stage + 1 < n { Some(t.io.captures.len()) } else { None } },
        };
        if let Some(text) = input {
            let ix = t.io.new_input(text);
            t.io.fds.insert(0, Fd::Input(ix));
        }
        if stage + 1 < n {
            let c = t.io.new_capture();
            t.io.fds.insert(1, Fd::Capture(c));
        }
        t.env = t.env.for_subshell();
        t.subshells += 1;
        t.frames.push(frame);
        self.push_command(i, host, &cmd, inner_cond);
    }

    fn pipeline_done(&mut self, i: usize, host: &mut dyn Host, bang: bool, cond: bool) {
        let env = &mut self.tasks[i].env;
        if bang {
            env.status = if env.status == 0 { 1 } else { 0 };
        } else if !cond && env.opts.errexit && env.status != 0 {
            let code = env.status;
            self.unwind(i, host, Unwind::Exit(code));
        }
    }

    fn push_command(&mut self, i: usize, _host: &mut dyn Host, cmd: &Command, cond: bool) {
        match cmd {
            Command::Simple(s) => self.push(i, Frame::Simple { node: s.clone(), memo: Memo::default(), cond }),
            Command::Compound(c) => self.push(i, Frame::Compound { node: c.clone(), st: CState::Start, memo: Memo::default(), cond }),
            Command::FuncDef(f) => {
                let env = &mut self.tasks[i].env;
                env.funcs.insert(f.name.clone(), f.clone());
                env.status = 0;
            }
        }
    }

    /// Runs a command substitution in a subshell whose stdout is captured.
    fn start_cmdsub(&mut self, i: usize, ns: NeedSubst) {
        let t = &mut self.tasks[i];
        let capture = t.io.captures.len();
        let frame = Frame::Subshell {
            saved: Box::new(t.env.clone()),
            fds: t.io.fds.clone(),
            inputs: t.io.inputs.len(),
            captures: capture,
            kind: SubKind::CmdSub { id: ns.id, capture },
        };
        let c = t.io.new_capture();
        t.io.fds.insert(1, Fd::Capture(c));
        t.env = t.env.for_subshell();
        t.subshells += 1;
        t.frames.push(frame);
        t.frames.push(Frame::List { list: ns.list, idx: 0, cond: false });
    }

    /// Starts a subshell running `script` (`( … )` uses a list instead).
    fn start_subshell(&mut self, i: usize, kind: SubKind) {
        let t = &mut self.tasks[i];
        let frame = Frame::Subshell {
            saved: Box::new(t.env.clone()),
            fds: t.io.fds.clone(),
            inputs: t.io.inputs.len(),
            captures: t.io.captures.len(),
            kind,
        };
        t.env = t.env.for_subshell();
        t.subshells += 1;
        t.frames.push(frame);
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_subshell(&mut self, i: usize, saved: Env, fds: VecMap<u32, Fd>, inputs: usize, captures: usize, kind: SubKind, code: Option<i32>) {
        let t = &mut self.tasks[i];
        let status = code.unwrap_or(t.env.status);
        let text = match kind {
            SubKind::CmdSub { capture, .. } | SubKind::Pipe { capture: Some(capture) } => t.io.captures.get_mut(capture).map(std::mem::take).unwrap_or_default(),
            _ => String::new(),
        };
        t.env = saved;
        t.io.fds = fds;
        t.io.inputs.truncate(inputs);
        t.io.captures.truncate(captures);
        t.env.status = status;
        t.subshells = t.subshells.saturating_sub(1);
        match kind {
            SubKind::CmdSub { id, .. } => {
                if let Some(memo) = t.frames.last_mut().and_then(Frame::memo_mut) {
                    memo.subst.insert(id, (text, status));
                }
            }
            SubKind::Pipe { .. } => {
                if let Some(Frame::Pipeline { input, .. }) = t.frames.last_mut() {
                    *input = Some(text);
                }
            }
            _ => {}
        }
    }

    /// Pops frames for `exit`, `return`, `break` and `continue`, restoring what they saved.
    fn unwind(&mut self, i: usize, host: &mut dyn Host, u: Unwind) {
        match u {
            Unwind::Break(n) | Unwind::Continue(n) => {
                let frames = &self.tasks[i].frames;
                let mut remaining = n.max(1);
                let mut target = None;
                let mut outermost = None;
                for (idx, f) in frames.iter().enumerate().rev() {
                    match f {
                        Frame::Function { .. } | Frame::Subshell { .. } | Frame::Trap { .. } | Frame::Script { file: true, .. } => break,
                        f if f.is_loop() => {
                            outermost = Some(idx);
                            remaining -= 1;
                            if remaining == 0 {
                                target = Some(idx);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let Some(target) = target.or(outermost) else {
                    self.tasks[i].env.status = 0;
                    return;
                };
                while self.tasks[i].frames.len() > target + 1 {
                    if let Some(f) = self.tasks[i].frames.pop() {
                        self.discard(i, host, f);
                    }
                }
                let t = &mut self.tasks[i];
                t.env.status = 0;
                if matches!(u, Unwind::Break(_)) {
                    t.frames.pop();
                } else if let Some(Frame::Compound { st, .. }) = t.frames.last_mut()
                    && matches!(st, CState::LoopCond { .. })
                {
                    *st = CState::LoopBody;
                }
            }
            Unwind::Exit(code) | Unwind::Return(code) => {
                let is_return = matches!(u, Unwind::Return(_));
                loop {
                    let Some(f) = self.tasks[i].frames.pop() else {
                        self.tasks[i].env.status = code;
                        return;
                    };
                    match f {
                        Frame::Subshell { saved, fds, inputs, captures, kind } => {
                            self.finish_subshell(i, *saved, fds, inputs, captures, kind, Some(code));
                            return;
                        }
                        Frame::Function { params, locals } if is_return => {
                            let t = &mut self.tasks[i];
                            t.env.params = params;
                            restore_vars(&mut t.env, locals);
                            t.env.status = code;
                            return;
                        }
                        Frame::Script { file: true, .. } if is_return => {
                            self.tasks[i].env.status = code;
                            return;
                        }
                        f => self.discard(i, host, f),
                    }
                }
            }
        }
    }

    /// A frame dropped by unwinding: undo what it would have undone.
    fn discard(&mut self, i: usize, _host: &mut dyn Host, f: Frame) {
        let t = &mut self.tasks[i];
        match f {
            Frame::Scope { fds, inputs, captures, vars } => restore_scope(t, fds, inputs, captures, vars),
            Frame::Function { params, locals } => {
                t.env.params = params;
                restore_vars(&mut t.env, locals);
            }
            Frame::Trap { .. } => t.traps_running = t.traps_running.saturating_sub(1),
            Frame::Subshell { saved, fds, inputs, captures, kind } => {
                let st = t.env.status;
                self.finish_subshell(i, *saved, fds, inputs, captures, kind, Some(st));
            }
            _ => {}
        }
    }

    /// `tail -f FILE | rest`: a follower never ends, so the pipeline's later stages, which
    /// run stage by stage here, would never get its lines. What it has written so far is
    /// handed to a new task running the rest of the pipeline on that text (its stdout the
    /// pipeline's). The rest runs once per batch of lines: right for filters and `while read`
    /// loops, not for a stage that counts or stops after N lines across batches.
    fn stream_follow_pipe(&mut self, i: usize) {
        let t = &self.tasks[i];
        let Some(Fd::Capture(c)) = t.io.fds.get(&1).cloned() else { return };
        let Some(pos) = t.frames.iter().rposition(|f| matches!(f, Frame::Subshell { kind: SubKind::Pipe { capture: Some(x) }, .. } if *x == c)) else { return };
        let (Some(Frame::Pipeline { node, stage: 1, .. }), Some(Frame::Subshell { fds, inputs, .. })) = (pos.checked_sub(1).and_then(|p| t.frames.get(p)), t.frames.get(pos)) else { return };
        if node.cmds.len() < 2 || t.io.captures.get(c).is_none_or(String::is_empty) || self.tasks.iter().filter(|t| t.done.is_none()).count() > MAX_JOBS {
            return;
        }
        let rest = Arc::new(Pipeline { bang: false, cmds: node.cmds[1..].to_vec() });
        let outer = Io { fds: fds.clone(), captures: t.io.captures.clone(), inputs: t.io.inputs[..(*inputs).min(t.io.inputs.len())].to_vec() };
        let mut io = outer.for_background();
        let text = std::mem::take(&mut self.tasks[i].io.captures[c]);
        let ix = io.new_input(text);
        io.fds.insert(0, Fd::Input(ix));
        let pid = self.next_pid;
        self.next_pid += 1;
        let parent = &self.tasks[i];
        let mut env = parent.env.for_subshell();
        env.status = 0;
        let mut task = Task::new(pid, parent.pid, env, io);
        task.frames.push(Frame::Pipeline { node: rest, stage: 0, cond: false, input: None });
        self.tasks.push(task);
    }

    /// `cmd &`: a coroutine with a copy of the shell's state.
    fn spawn(&mut self, i: usize, host: &mut dyn Host, andor: Arc<AndOr>) {
        let live = self.tasks.iter().filter(|t| t.done.is_none()).count();
        if live > MAX_JOBS {
            self.error(i, host, None, &format!("can't fork: more than {MAX_JOBS} background jobs (podlife limit)"));
            self.tasks[i].env.status = 2;
            return;
        }
        let pid = self.next_pid;
        self.next_pid += 1;
        let parent = &self.tasks[i];
        let mut env = parent.env.for_subshell();
        env.status = 0;
        let io = parent.io.for_background();
        let mut task = Task::new(pid, parent.pid, env, io);
        task.frames.push(Frame::AndOr { node: andor, next: 0, cond: false });
        self.tasks.push(task);
        let env = &mut self.tasks[i].env;
        env.last_bg = Some(pid);
        env.status = 0;
    }

    // ----- simple commands -----

    fn expand_simple(&mut self, i: usize, host: &mut dyn Host, node: &Simple, memo: &mut Memo) -> Result<Expanded, ExpErr> {
        let pid = self.tasks[0].pid;
        let t = &mut self.tasks[i];
        let mut exp = Exp { env: &mut t.env, memo, host, pid, produced: 0, fuel: WORK_FUEL, scanned: 0 };
        let r = expand_words(&mut exp, node);
        let steps = exp.steps();
        self.charge(steps);
        r
    }

    /// A command's matching work and the text it handled count against the step budget
    /// (`expand::work_steps`); what goes beyond the resume's budget is its overdraft.
    fn charge(&mut self, steps: u64) {
        self.overdraft = self.overdraft.saturating_add(steps.saturating_sub(self.budget));
        self.budget = self.budget.saturating_sub(steps);
    }
}

fn expand_words(exp: &mut Exp, node: &Simple) -> Result<Expanded, ExpErr> {
    {
        let mut argv = Vec::new();
        let mut words = node.words.iter();
        if let Some(first) = words.next() {
            argv = exp.fields(std::slice::from_ref(first))?;
        }
        let decl = matches!(argv.first().map(String::as_str), Some("export" | "readonly" | "local"));
        for w in words {
            if decl && is_assignment_word(w) {
                argv.push(exp.string(w)?);
            } else {
                argv.extend(exp.fields(std::slice::from_ref(w))?);
            }
        }
        let mut redirs = Vec::new();
        for r in &node.redirs {
            redirs.push((r.fd, r.op, exp.string(&r.target)?));
        }
        let mut assigns = Vec::new();
        for a in &node.assigns {
            let value = match (&a.array, &a.index) {
                (Some(words), _) => Assigned::Array(exp.fields(words)?, a.append),
                (None, Some(index)) => {
                    let i = exp.subscript_index(index)?;
                    Assigned::Element(i, exp.string(&a.value)?, a.append)
                }
                (None, None) => Assigned::Scalar(exp.string(&a.value)?, a.append),
            };
            assigns.push((a.name.clone(), value));
        }
        Ok(Expanded { argv, redirs, assigns })
    }
}

impl Shell {
    fn exec_simple(&mut self, i: usize, host: &mut dyn Host, x: Expanded, subst_status: Option<i32>, cond: bool) {
        let Expanded { argv, redirs, assigns } = x;
        if self.tasks[i].env.opts.xtrace {
            let ps4 = self.tasks[i].env.get("PS4").unwrap_or("+ ").to_string();
            let mut line = ps4;
            let mut parts: Vec<String> = assigns.iter().map(|(n, v)| v.traced(n)).collect();
            parts.extend(argv.iter().map(|a| if super::lexer::Kw::from_text(a).is_some() { single_quote(a) } else { maybe_quote(a) }));
            line.push_str(&parts.join(" "));
            line.push('\n');
            write_fd(host, &mut self.tasks[i].io, 2, &line);
        }
        if argv.is_empty() {
            let saved = self.tasks[i].io.fds.clone();
            let inputs = self.tasks[i].io.inputs.len();
            let captures = self.tasks[i].io.captures.len();
            let r = self.apply_redirs(i, host, &redirs);
            restore_scope(&mut self.tasks[i], saved, inputs, captures, Vec::new());
            if let Err(msg) = r {
                self.error(i, host, None, &msg);
                self.tasks[i].env.status = 1;
                return;
            }
            for (n, v) in assigns {
                if let Err(msg) = v.apply(&mut self.tasks[i].env, &n) {
                    self.error(i, host, None, &msg);
                    self.unwind(i, host, Unwind::Exit(2));
                    return;
                }
            }
            self.tasks[i].env.status = subst_status.unwrap_or(0);
            return;
        }
        let name = argv[0].clone();
        let special = SPECIAL.contains(&name.as_str());
        let t = &mut self.tasks[i];
        let fds = t.io.fds.clone();
        let inputs = t.io.inputs.len();
        let captures = t.io.captures.len();
        if let Err(msg) = self.apply_redirs(i, host, &redirs) {
            restore_scope(&mut self.tasks[i], fds, inputs, captures, Vec::new());
            self.error(i, host, None, &msg);
            self.tasks[i].env.status = 1;
            if special {
                self.unwind(i, host, Unwind::Exit(1));
            }
            return;
        }
        let mut saved_vars = Vec::new();
        for (n, v) in assigns {
            let env = &mut self.tasks[i].env;
            if !special {
                saved_vars.push((n.clone(), env.vars.get(&n).cloned()));
            }
            match v.apply(env, &n) {
                Ok(()) => {
                    if !special && let Some(var) = env.vars.get_mut(&n) {
                        var.exported = true;
                    }
                }
                Err(msg) => {
                    restore_scope(&mut self.tasks[i], fds, inputs, captures, saved_vars);
                    self.error(i, host, None, &msg);
                    self.unwind(i, host, Unwind::Exit(2));
                    return;
                }
            }
        }
        self.push(i, Frame::Scope { fds, inputs, captures, vars: saved_vars });
        self.dispatch(i, host, argv, cond, false);
    }

    /// Runs a command by name: special builtin, function, builtin, script file, program.
    fn dispatch(&mut self, i: usize, host: &mut dyn Host, argv: Vec<String>, cond: bool, exec: bool) {
        let name = argv[0].clone();
        if !exec
            && !SPECIAL.contains(&name.as_str())
            && let Some(f) = self.tasks[i].env.funcs.get(&name).cloned()
        {
            let t = &mut self.tasks[i];
            let params = std::mem::replace(&mut t.env.params, argv[1..].to_vec());
            t.frames.push(Frame::Function { params, locals: Vec::new() });
            self.push_command(i, host, &f.body, cond);
            return;
        }
        if let Some(b) = builtin_name(&name)
            && (!builtins::image_specific(&b) || host.has_program(&b))
        {
            let mut argv = argv;
            argv[0] = b;
            self.builtin(i, host, argv, cond);
            return;
        }
        // A shell script given by path runs in a subshell (the kernel would start `sh`), if
        // its mode lets it be executed (`execve` fails with EACCES otherwise).
        if name.contains('/') {
            let path = self.tasks[i].env.path(&name);
            if let Some(st) = stat_follow(host, &path)
                && (st.is_dir() || (st.kind == super::FileKind::File && st.mode & 0o111 == 0))
            {
                self.error(i, host, exec.then_some("exec"), &format!("{name}: Permission denied"));
                self.tasks[i].env.status = 126;
                if exec {
                    self.unwind(i, host, Unwind::Exit(126));
                }
                return;
            }
            if let Some(text) = host.read_file(&path)
                && is_shell_script(&text, &path)
            {
                self.start_subshell(i, SubKind::Script);
                self.push(i, Frame::LoadScript { path, shown: name, args: argv[1..].to_vec() });
                return;
            }
        }
        self.tasks[i].block = Some(if exec && i == 0 && self.tasks[i].subshells == 0 { Block::Exec { argv } } else { Block::Program { argv } });
    }

    // ----- redirections -----

    fn apply_redirs(&mut self, i: usize, host: &mut dyn Host, redirs: &[(u32, RedirOp, String)]) -> Result<(), String> {
        for (fd, op, target) in redirs {
            let t = &mut self.tasks[i];
            let fd = *fd;
            match op {
                RedirOp::In | RedirOp::ReadWrite => {
                    let mut read = 0;
                    let f = match target.as_str() {
                        "/dev/null" | "/dev/zero" => Fd::Null,
                        "/dev/stdin" => t.io.fds.get(&0).cloned().unwrap_or(Fd::Null),
                        _ => {
                            let path = t.env.path(target);
                            match host.read_file(&path) {
                                Some(c) => {
                                    read = c.len();
                                    Fd::Input(t.io.new_input(c))
                                }
                                None if *op == RedirOp::ReadWrite => {
                                    super::state::write_file(host, &path, "", true).map_err(|e| format!("can't create {target}: {e}"))?;
                                    Fd::Input(t.io.new_input(String::new()))
                                }
                                None => return Err(format!("can't open {target}: no such file")),
                            }
                        }
                    };
                    t.io.fds.insert(fd, f);
                    // Opening reads the file's text here: work like an applet's input.
                    self.charge(super::expand::work_steps(0, read as u64));
                }
                RedirOp::Out | RedirOp::Append | RedirOp::OutErr => {
                    let f = self.open_write(i, host, target, *op == RedirOp::Append)?;
                    let t = &mut self.tasks[i];
                    if fd == u32::MAX || *op == RedirOp::OutErr {
                        t.io.fds.insert(1, f.clone());
                        t.io.fds.insert(2, f);
                    } else {
                        t.io.fds.insert(fd, f);
                    }
                }
                RedirOp::DupIn | RedirOp::DupOut => {
                    if target == "-" {
                        t.io.fds.remove(&fd);
                    } else if let Ok(n) = target.parse::<u32>() {
                        match t.io.fds.get(&n).cloned() {
                            Some(f) => {
                                t.io.fds.insert(fd, f);
                            }
                            None => return Err(format!("{n}: bad file descriptor")),
                        }
                    } else if *op == RedirOp::DupOut {
                        let f = self.open_write(i, host, target, false)?;
                        let t = &mut self.tasks[i];
                        t.io.fds.insert(1, f.clone());
                        t.io.fds.insert(2, f);
                    } else {
                        return Err(format!("{target}: bad file descriptor"));
                    }
                }
                RedirOp::HereDoc => {
                    let ix = t.io.new_input(target.clone());
                    t.io.fds.insert(fd, Fd::Input(ix));
                }
                RedirOp::HereString => {
                    let ix = t.io.new_input(format!("{target}\n"));
                    t.io.fds.insert(fd, Fd::Input(ix));
                }
            }
        }
        Ok(())
    }

    fn open_write(&mut self, i: usize, host: &mut dyn Host, target: &str, append: bool) -> Result<Fd, String> {
        let t = &self.tasks[i];
        match target {
            "/dev/null" => return Ok(Fd::Null),
            "/dev/stdout" | "/proc/self/fd/1" => return Ok(t.io.fds.get(&1).cloned().unwrap_or(Fd::Null)),
            "/dev/stderr" | "/proc/self/fd/2" => return Ok(t.io.fds.get(&2).cloned().unwrap_or(Fd::Null)),
            "/proc/1/fd/1" => return Ok(Fd::Stdout),
            "/proc/1/fd/2" => return Ok(Fd::Stderr),
            "" => return Err("can't create : nonexistent directory".into()),
            _ => {}
        }
        let path = t.env.path(target);
        let parent = match path.rsplit_once('/') {
            Some(("", _)) | None => "/".to_string(),
            Some((p, _)) => p.to_string(),
        };
        if super::state::name_too_long(&path) {
            return Err(format!("can't create {target}: {}", super::state::NAME_TOO_LONG));
        }
        if !host.file_exists(&parent) {
            return Err(format!("can't create {target}: nonexistent directory"));
        }
        if host.file_exists(&path) && host.read_file(&path).is_none() {
            return Err(format!("can't create {target}: Is a directory"));
        }
        super::state::write_file(host, &path, "", append).map_err(|e| format!("can't create {target}: {e}"))?;
        Ok(Fd::File(path))
    }

    // ----- compound commands -----

    fn step_compound(&mut self, i: usize, host: &mut dyn Host, node: Arc<CompoundCmd>, st: CState, mut memo: Memo, cond: bool) {
        match st {
            CState::Start => {
                if node.redirs.is_empty() {
                    return self.step_compound(i, host, node, CState::Begin, memo, cond);
                }
                let pid = self.tasks[0].pid;
                let t = &mut self.tasks[i];
                t.env.line = node.line;
                let mut exp = Exp { env: &mut t.env, memo: &mut memo, host, pid, produced: 0, fuel: WORK_FUEL, scanned: 0 };
                let targets: Vec<Result<String, ExpErr>> = node.redirs.iter().map(|r| exp.string(&r.target)).collect();
                let steps = exp.steps();
                self.charge(steps);
                let mut redirs = Vec::new();
                for (r, target) in node.redirs.iter().zip(targets) {
                    match target {
                        Ok(s) => redirs.push((r.fd, r.op, s)),
                        Err(ExpErr::Subst(ns)) => {
                            self.push(i, Frame::Compound { node, st: CState::Start, memo, cond });
                            self.start_cmdsub(i, ns);
                            return;
                        }
                        Err(ExpErr::Fatal(msg)) => {
                            self.error(i, host, None, &msg);
                            self.unwind(i, host, Unwind::Exit(2));
                            return;
                        }
                    }
                }
                let t = &self.tasks[i];
                let (fds, inputs, captures) = (t.io.fds.clone(), t.io.inputs.len(), t.io.captures.len());
                if let Err(msg) = self.apply_redirs(i, host, &redirs) {
                    restore_scope(&mut self.tasks[i], fds, inputs, captures, Vec::new());
                    self.error(i, host, None, &msg);
                    self.tasks[i].env.status = 1;
                    return;
                }
                self.push(i, Frame::Scope { fds, inputs, captures, vars: Vec::new() });
                self.step_compound(i, host, node, CState::Begin, Memo::default(), cond)
            }
            CState::Begin => match &node.kind {
                Compound::Brace(list) => {
                    let list = list.clone();
                    self.push(i, Frame::Compound { node, st: CState::Done, memo, cond });
                    self.push(i, Frame::List { list, idx: 0, cond });
                }
                Compound::Subshell(list) => {
                    let list = list.clone();
                    self.start_subshell(i, SubKind::Paren);
                    self.push(i, Frame::List { list, idx: 0, cond });
                }
                Compound::If(arms, _) => {
                    let c = arms[0].0.clone();
                    self.push(i, Frame::Compound { node, st: CState::IfTest(0), memo, cond });
                    self.push(i, Frame::List { list: c, idx: 0, cond: true });
                }
                Compound::Loop { cond: c, .. } => {
                    let c = c.clone();
                    self.push(i, Frame::Compound { node, st: CState::LoopCond { last: 0 }, memo, cond });
                    self.push(i, Frame::List { list: c, idx: 0, cond: true });
                }
                Compound::For { words, .. } => {
                    let values = match words {
                        None => self.tasks[i].env.params.clone(),
                        Some(words) => {
                            let pid = self.tasks[0].pid;
                            let t = &mut self.tasks[i];
                            t.env.line = node.line;
                            let mut exp = Exp { env: &mut t.env, memo: &mut memo, host, pid, produced: 0, fuel: WORK_FUEL, scanned: 0 };
                            let r = exp.fields(words);
                            let steps = exp.steps();
                            self.charge(steps);
                            match r {
                                Ok(v) => v,
                                Err(ExpErr::Subst(ns)) => {
                                    self.push(i, Frame::Compound { node, st: CState::Begin, memo, cond });
                                    self.start_cmdsub(i, ns);
                                    return;
                                }
                                Err(ExpErr::Fatal(msg)) => {
                                    self.error(i, host, None, &msg);
                                    self.unwind(i, host, Unwind::Exit(2));
                                    return;
                                }
                            }
                        }
                    };
                    self.step_compound(i, host, node, CState::For { values, idx: 0, last: 0 }, memo, cond)
                }
                Compound::Case { .. } => self.step_compound(i, host, node, CState::Case { subject: None, arm: 0, pat: 0 }, memo, cond),
            },
            CState::IfTest(k) => {
                let Compound::If(arms, els) = &node.kind else { return };
                if self.tasks[i].env.status == 0 {
                    let body = arms[k].1.clone();
                    self.push(i, Frame::Compound { node, st: CState::Done, memo, cond });
                    self.push(i, Frame::List { list: body, idx: 0, cond });
                } else if k + 1 < arms.len() {
                    let c = arms[k + 1].0.clone();
                    self.push(i, Frame::Compound { node, st: CState::IfTest(k + 1), memo, cond });
                    self.push(i, Frame::List { list: c, idx: 0, cond: true });
                } else if let Some(e) = els {
                    let e = e.clone();
                    self.push(i, Frame::Compound { node, st: CState::Done, memo, cond });
                    self.push(i, Frame::List { list: e, idx: 0, cond });
                } else {
                    self.tasks[i].env.status = 0;
                }
            }
            CState::Done => {}
            CState::LoopCond { last } => {
                let Compound::Loop { until, body, .. } = &node.kind else { return };
                let ok = (self.tasks[i].env.status == 0) != *until;
                if ok {
                    let body = body.clone();
                    self.push(i, Frame::Compound { node, st: CState::LoopBody, memo, cond });
                    self.push(i, Frame::List { list: body, idx: 0, cond });
                } else {
                    self.tasks[i].env.status = last;
                }
            }
            CState::LoopBody => {
                let Compound::Loop { cond: c, .. } = &node.kind else { return };
                let c = c.clone();
                let last = self.tasks[i].env.status;
                self.push(i, Frame::Compound { node, st: CState::LoopCond { last }, memo, cond });
                self.push(i, Frame::List { list: c, idx: 0, cond: true });
            }
            CState::For { values, idx, last } => {
                let Compound::For { var, body, .. } = &node.kind else { return };
                let last = if idx > 0 { self.tasks[i].env.status } else { last };
                if let Some(v) = values.get(idx) {
                    if let Err(msg) = self.tasks[i].env.set(var, v.clone()) {
                        self.error(i, host, None, &msg);
                        self.unwind(i, host, Unwind::Exit(2));
                        return;
                    }
                    let body = body.clone();
                    self.push(i, Frame::Compound { node, st: CState::For { values, idx: idx + 1, last }, memo, cond });
                    self.push(i, Frame::List { list: body, idx: 0, cond });
                } else {
                    self.tasks[i].env.status = last;
                }
            }
            CState::Case { subject, arm, pat } => {
                let Compound::Case { word, arms } = &node.kind else { return };
                let pid = self.tasks[0].pid;
                let t = &mut self.tasks[i];
                t.env.line = node.line;
                let mut exp = Exp { env: &mut t.env, memo: &mut memo, host, pid, produced: 0, fuel: WORK_FUEL, scanned: 0 };
                let subject = match subject {
                    Some(s) => Ok(s),
                    None => exp.string(word),
                };
                // What the arms say: Ok(Some(body)) for a match, Ok(None) for none.
                let mut outcome: Result<Option<List>, (CState, ExpErr)> = Ok(None);
                match subject {
                    Err(e) => outcome = Err((CState::Case { subject: None, arm, pat }, e)),
                    Ok(subject) => {
                        let chars: Vec<char> = subject.chars().collect();
                        let (mut a, mut p) = (arm, pat);
                        'arms: while a < arms.len() {
                            while p < arms[a].patterns.len() {
                                match exp.pattern(&arms[a].patterns[p]) {
                                    Ok(pattern) => {
                                        if pattern.matches_fuel(&chars, &mut exp.fuel) {
                                            outcome = Ok(Some(arms[a].body.clone()));
                                            break 'arms;
                                        }
                                    }
                                    Err(e) => {
                                        outcome = Err((CState::Case { subject: Some(subject), arm: a, pat: p }, e));
                                        break 'arms;
                                    }
                                }
                                p += 1;
                            }
                            a += 1;
                            p = 0;
                        }
                    }
                }
                let steps = exp.steps();
                self.charge(steps);
                match outcome {
                    Ok(Some(body)) => {
                        self.tasks[i].env.status = 0;
                        self.push(i, Frame::Compound { node, st: CState::Done, memo, cond });
                        self.push(i, Frame::List { list: body, idx: 0, cond });
                    }
                    Ok(None) => self.tasks[i].env.status = 0,
                    Err((st, e)) => self.compound_exp_err(i, host, node, st, memo, cond, e),
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn compound_exp_err(&mut self, i: usize, host: &mut dyn Host, node: Arc<CompoundCmd>, st: CState, memo: Memo, cond: bool, e: ExpErr) {
        match e {
            ExpErr::Subst(ns) => {
                self.push(i, Frame::Compound { node, st, memo, cond });
                self.start_cmdsub(i, ns);
            }
            ExpErr::Fatal(msg) => {
                self.error(i, host, None, &msg);
                self.unwind(i, host, Unwind::Exit(2));
            }
        }
    }

    // ----- builtins -----

    fn builtin(&mut self, i: usize, host: &mut dyn Host, argv: Vec<String>, cond: bool) {
        let name = argv[0].as_str();
        let args = &argv[1..];
        let status = match name {
            ":" | "true" | "times" | "hash" | "umask" | "ulimit" => 0,
            "false" => 1,
            "exit" => {
                let code = match args.first() {
                    None => {
                        // In a trap action, `exit` uses the status from before the trap.
                        let t = &self.tasks[i];
                        t.frames.iter().rev().find_map(|f| if let Frame::Trap { status } = f { Some(*status) } else { None }).unwrap_or(t.env.status)
                    }
                    Some(a) => match super::arith::parse_signed(a) {
                        Some(n) if n >= 0 => (n & 0xff) as i32,
                        _ => {
                            self.error(i, host, Some("exit"), &format!("Illegal number: {a}"));
                            2
                        }
                    },
                };
                self.unwind(i, host, Unwind::Exit(code));
                return;
            }
            "return" => {
                let code = match args.first() {
                    None => self.tasks[i].env.status,
                    Some(a) => match super::arith::parse_signed(a) {
                        Some(n) => (n & 0xff) as i32,
                        None => {
                            self.error(i, host, Some("return"), &format!("Illegal number: {a}"));
                            self.unwind(i, host, Unwind::Exit(2));
                            return;
                        }
                    },
                };
                self.unwind(i, host, Unwind::Return(code));
                return;
            }
            "break" | "continue" => {
                let n = match args.first() {
                    None => 1,
                    Some(a) => match a.parse::<u32>() {
                        Ok(n) if n > 0 => n,
                        _ => {
                            self.error(i, host, Some(name), &format!("Illegal number: {a}"));
                            self.unwind(i, host, Unwind::Exit(2));
                            return;
                        }
                    },
                };
                let u = if name == "break" { Unwind::Break(n) } else { Unwind::Continue(n) };
                self.unwind(i, host, u);
                return;
            }
            "exec" => return self.builtin_exec(i, host, argv, cond),
            "eval" => {
                let src = args.join(" ");
                let env = &self.tasks[i].env;
                // ash reports eval's syntax errors as `sh: eval: line N: …`.
                let mut p = Parser::new(&src, &format!("{}: eval", env.arg0), true).bash(env.bash);
                let script = p.parse_script();
                self.push(i, Frame::Script { script: Arc::new(script), idx: 0, file: false });
                self.tasks[i].env.status = 0;
                return;
            }
            "." | "source" => {
                let Some(file) = args.first() else {
                    self.tasks[i].env.status = 0;
                    return;
                };
                let candidates: Vec<String> = if file.contains('/') {
                    vec![self.tasks[i].env.path(file)]
                } else {
                    let path = self.tasks[i].env.get("PATH").unwrap_or("").to_string();
                    let mut c: Vec<String> = path.split(':').filter(|d| !d.is_empty()).map(|d| normalize(&format!("{d}/{file}"))).collect();
                    c.push(self.tasks[i].env.path(file));
                    c
                };
                let Some(src) = candidates.iter().find_map(|p| host.read_file(p)) else {
                    self.error(i, host, Some(name), &format!("can't open '{file}': No such file or directory"));
                    self.unwind(i, host, Unwind::Exit(2));
                    return;
                };
                let env = &self.tasks[i].env;
                let mut p = Parser::new(&src, &format!("{}: {name}", env.arg0), true).bash(env.bash);
                let script = p.parse_script();
                if args.len() > 1 {
                    let t = &mut self.tasks[i];
                    let params = std::mem::replace(&mut t.env.params, args[1..].to_vec());
                    t.frames.push(Frame::Function { params, locals: Vec::new() });
                }
                self.push(i, Frame::Script { script: Arc::new(script), idx: 0, file: true });
                self.tasks[i].env.status = 0;
                return;
            }
            "trap" => self.builtin_trap(i, host, args),
            "wait" => {
                if args.is_empty() {
                    self.tasks[i].block = Some(Block::Wait { pid: None });
                    return;
                }
                let mut status = 0;
                for a in args {
                    let pid = match a.strip_prefix('%') {
                        Some(_) => self.tasks[i].env.last_bg,
                        None => a.parse::<u32>().ok(),
                    };
                    match pid.and_then(|p| self.tasks.iter().find(|t| t.pid == p)) {
                        Some(t) if t.done.is_some() => status = t.done.unwrap_or(0),
                        Some(t) => {
                            let p = t.pid;
                            self.tasks[i].block = Some(Block::Wait { pid: Some(p) });
                            return;
                        }
                        None => status = 127,
                    }
                }
                status
            }
            "kill" => return self.builtin_kill(i, host, args),
            "sh" | "ash" | "bash" | "dash" => return self.builtin_sh(i, host, args, name == "bash"),
            "set" => self.builtin_set(i, host, args),
            "shift" => {
                let n = match args.first() {
                    None => 1,
                    Some(a) => match a.parse::<usize>() {
                        Ok(n) => n,
                        Err(_) => {
                            self.error(i, host, Some("shift"), &format!("Illegal number: {a}"));
                            self.unwind(i, host, Unwind::Exit(2));
                            return;
                        }
                    },
                };
                let env = &mut self.tasks[i].env;
                if n > env.params.len() {
                    1
                } else {
                    env.params.drain(..n);
                    0
                }
            }
            "export" | "readonly" => {
                let export = name == "export";
                let args: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
                if args.is_empty() {
                    let env = &self.tasks[i].env;
                    let mut out = String::new();
                    for (k, v) in &env.vars {
                        if (export && v.exported) || (!export && v.readonly) {
                            out.push_str(&format!("{name} {k}={}\n", single_quote(&v.value)));
                        }
                    }
                    write_fd(host, &mut self.tasks[i].io, 1, &out);
                    0
                } else {
                    let mut status = 0;
                    for a in args {
                        let (n, v) = match a.split_once('=') {
                            Some((n, v)) => (n.to_string(), Some(v.to_string())),
                            None => (a.to_string(), None),
                        };
                        if !is_name(&n) {
                            self.error(i, host, Some(name), &format!("{n}: bad variable name"));
                            status = 1;
                            continue;
                        }
                        let env = &mut self.tasks[i].env;
                        if let Some(v) = v
                            && let Err(msg) = env.set(&n, v)
                        {
                            self.error(i, host, None, &msg);
                            self.unwind(i, host, Unwind::Exit(2));
                            return;
                        }
                        let var = env.vars.entry(n).or_insert(Var { value: String::new(), exported: false, readonly: false });
                        if export {
                            var.exported = true;
                        } else {
                            var.readonly = true;
                        }
                    }
                    status
                }
            }
            "unset" => {
                let mut status = 0;
                let funcs = args.first().is_some_and(|a| a == "-f");
                for a in args.iter().filter(|a| !a.starts_with('-')) {
                    if funcs {
                        self.tasks[i].env.funcs.remove(a);
                    } else if let Err(msg) = self.tasks[i].env.unset(a) {
                        self.error(i, host, Some("unset"), &msg);
                        status = 1;
                    }
                }
                status
            }
            "local" => {
                let Some(fidx) = self.tasks[i].frames.iter().rposition(|f| matches!(f, Frame::Function { .. })) else {
                    self.error(i, host, Some("local"), "not in a function");
                    self.tasks[i].env.status = 2;
                    return;
                };
                let mut status = 0;
                for a in args {
                    let (n, v) = match a.split_once('=') {
                        Some((n, v)) => (n.to_string(), Some(v.to_string())),
                        None => (a.to_string(), None),
                    };
                    if !is_name(&n) {
                        self.error(i, host, Some("local"), &format!("{n}: bad variable name"));
                        status = 1;
                        continue;
                    }
                    let t = &mut self.tasks[i];
                    let old = t.env.vars.get(&n).cloned();
                    if let Some(Frame::Function { locals, .. }) = t.frames.get_mut(fidx)
                        && !locals.iter().any(|(k, _)| *k == n)
                    {
                        locals.push((n.clone(), old));
                    }
                    if let Some(v) = v
                        && let Err(msg) = t.env.set(&n, v)
                    {
                        self.error(i, host, None, &msg);
                        status = 1;
                    }
                }
                status
            }
            "cd" => self.builtin_cd(i, host, args),
            "read" => self.builtin_read(i, args),
            "let" => {
                let mut last = 0;
                for a in args {
                    match super::arith::eval(a, &mut ArithEnv(&mut self.tasks[i].env)) {
                        Ok(v) => last = v,
                        Err(msg) => {
                            self.error(i, host, Some("let"), &msg);
                            self.unwind(i, host, Unwind::Exit(2));
                            return;
                        }
                    }
                }
                if last == 0 { 1 } else { 0 }
            }
            "command" | "type" => {
                let verbose = name == "type" || args.first().is_some_and(|a| a == "-V");
                let query = name == "type" || args.first().is_some_and(|a| a == "-v" || a == "-V");
                if !query {
                    let rest: Vec<String> = args.iter().skip_while(|a| a.starts_with('-')).cloned().collect();
                    if rest.is_empty() {
                        0
                    } else {
                        return self.dispatch_no_function(i, host, rest, cond);
                    }
                } else {
                    let mut status = 0;
                    let mut out = String::new();
                    for a in args.iter().filter(|a| !a.starts_with('-')) {
                        let env = &self.tasks[i].env;
                        if env.funcs.contains_key(a) {
                            out.push_str(&if verbose { format!("{a} is a function\n") } else { format!("{a}\n") });
                        } else if (CONTROL.contains(&a.as_str()) && !matches!(a.as_str(), "env" | "nohup" | "sh" | "ash" | "bash" | "dash"))
                            || matches!(a.as_str(), "echo" | "printf" | "test" | "[" | "[[" | "pwd")
                        {
                            out.push_str(&if verbose { format!("{a} is a shell builtin\n") } else { format!("{a}\n") });
                        } else if builtin_name(a).is_some() {
                            let p = if a.contains('/') { a.clone() } else { format!("/bin/{a}") };
                            out.push_str(&if verbose { format!("{a} is {p}\n") } else { format!("{p}\n") });
                        } else if a.contains('/') && host.file_exists(&env.path(a)) {
                            out.push_str(&if verbose { format!("{a} is {a}\n") } else { format!("{a}\n") });
                        } else {
                            if verbose {
                                out.push_str(&format!("{a}: not found\n"));
                            }
                            status = 127.min(if verbose { 127 } else { 1 });
                        }
                    }
                    write_fd(host, &mut self.tasks[i].io, 1, &out);
                    status
                }
            }
            "jobs" => {
                let me = self.tasks[i].pid;
                let mut out = String::new();
                for (n, t) in self.tasks.iter().filter(|t| t.parent == me && t.pid != me).enumerate() {
                    let state = if t.done.is_some() { "Done" } else { "Running" };
                    out.push_str(&format!("[{}] {state}\n", n + 1));
                }
                write_fd(host, &mut self.tasks[i].io, 1, &out);
                0
            }
            "env" | "nohup" => {
                let mut rest: Vec<String> = Vec::new();
                let mut env_assigns = Vec::new();
                let mut clear = false;
                let mut it = args.iter();
                if name == "env" {
                    for a in it.by_ref() {
                        if a == "-i" || a == "-" {
                            clear = true;
                        } else if a == "-u" {
                            continue;
                        } else if let Some((n, v)) = a.split_once('=')
                            && is_name(n)
                        {
                            env_assigns.push((n.to_string(), v.to_string()));
                        } else {
                            rest.push(a.clone());
                            break;
                        }
                    }
                }
                rest.extend(it.cloned());
                if rest.is_empty() {
                    if name == "nohup" {
                        self.error(i, host, None, "nohup: missing operand");
                        1
                    } else {
                        let mut vars = if clear { VecMap::new() } else { self.tasks[i].env.exported() };
                        vars.extend(env_assigns);
                        let out: String = vars.iter().map(|(k, v)| format!("{k}={v}\n")).collect();
                        write_fd(host, &mut self.tasks[i].io, 1, &out);
                        0
                    }
                } else {
                    let t = &mut self.tasks[i];
                    if let Some(Frame::Scope { vars, .. }) = t.frames.last_mut() {
                        for (n, v) in env_assigns {
                            vars.push((n.clone(), t.env.vars.get(&n).cloned()));
                            t.env.vars.insert(n, Var { value: v, exported: true, readonly: false });
                        }
                    }
                    return self.dispatch_no_function(i, host, rest, cond);
                }
            }
            _ => {
                let now = self.now;
                let tty = self.tty;
                let t = &mut self.tasks[i];
                let mut ctx = Ctx { host, env: &mut t.env, io: &mut t.io, now_ms: now, tty, fuel: WORK_FUEL, bytes: 0 };
                let outcome = builtins::run(&mut ctx, &argv);
                let steps = ctx.steps();
                self.charge(steps);
                let t = &mut self.tasks[i];
                match outcome {
                    Outcome::Status(s) => s,
                    Outcome::Sleep(ms) => {
                        t.env.status = 0;
                        t.block = Some(Block::Sleep { until: now.saturating_add(ms) });
                        return;
                    }
                    Outcome::Delay { ms, stdout, stderr, status } => {
                        t.frames.push(Frame::Deferred { stdout, stderr, status });
                        t.block = Some(Block::Sleep { until: now.saturating_add(ms) });
                        return;
                    }
                    // One deferred write per chunk, the first on top: they pop in order.
                    Outcome::Timed { ms, mut chunks, status } => {
                        if chunks.is_empty() {
                            chunks.push((1, String::new()));
                        }
                        for (fd, text) in chunks.into_iter().rev() {
                            let (stdout, stderr) = if fd == 2 { (String::new(), text) } else { (text, String::new()) };
                            t.frames.push(Frame::Deferred { stdout, stderr, status });
                        }
                        t.block = Some(Block::Sleep { until: now.saturating_add(ms) });
                        return;
                    }
                    Outcome::Connecting { ms, host: peer, port, timeout, refused } => {
                        t.frames.push(Frame::Deferred { stdout: timeout.stdout, stderr: timeout.stderr, status: timeout.status });
                        t.block = Some(Block::Connect { next: now.saturating_add(1_000), rto: 1_000, until: now.saturating_add(ms), host: peer, port, refused: Box::new(refused) });
                        return;
                    }
                    Outcome::Forever => {
                        t.env.status = 0;
                        t.block = Some(Block::Forever);
                        return;
                    }
                    Outcome::Follow(f) => {
                        t.env.status = 0;
                        t.block = Some(Block::Follow(f));
                        self.stream_follow_pipe(i);
                        return;
                    }
                    Outcome::Listen(l) => {
                        t.env.status = 0;
                        t.block = Some(Block::Listen(l));
                        return;
                    }
                }
            }
        };
        self.tasks[i].env.status = status;
    }

    /// `command NAME …`, `env … NAME …`: a builtin or a program, never a function.
    fn dispatch_no_function(&mut self, i: usize, host: &mut dyn Host, argv: Vec<String>, cond: bool) {
        let saved = std::mem::take(&mut self.tasks[i].env.funcs);
        self.dispatch(i, host, argv, cond, false);
        self.tasks[i].env.funcs = saved;
    }

    #[inline(never)]
    fn builtin_exec(&mut self, i: usize, host: &mut dyn Host, argv: Vec<String>, cond: bool) {
        let args = argv[1..].to_vec();
        if args.is_empty() {
            // `exec >file`: the redirections stay.
            let t = &mut self.tasks[i];
            if let Some(Frame::Scope { fds, inputs, captures, .. }) = t.frames.last_mut() {
                *fds = t.io.fds.clone();
                *inputs = t.io.inputs.len();
                *captures = t.io.captures.len();
            }
            t.env.status = 0;
            return;
        }
        let name = args[0].clone();
        if builtin_name(&name).is_some() || (name.contains('/') && host.read_file(&self.tasks[i].env.path(&name)).is_some_and(|t| is_shell_script(&t, &name))) {
            if i == 0 && self.tasks[i].subshells == 0 {
                // The process is now the applet (its command line in `ps` and /proc).
                self.replaced_by = Some(args.clone());
            }
            self.push(i, Frame::ExitAfter);
            self.dispatch(i, host, args, cond, true);
            return;
        }
        if i != 0 || self.tasks[i].subshells > 0 {
            // A background job or subshell replaced by a program: it runs it and ends.
            self.push(i, Frame::ExitAfter);
        }
        self.dispatch(i, host, args, cond, true);
    }

    #[inline(never)]
    fn builtin_trap(&mut self, i: usize, host: &mut dyn Host, args: &[String]) -> i32 {
        let args: Vec<&String> = if args.first().is_some_and(|a| a == "--") { args[1..].iter().collect() } else { args.iter().collect() };
        if args.is_empty() || (args.len() == 1 && args[0] == "-p") {
            let env = &self.tasks[i].env;
            let mut out = String::new();
            for (sig, action) in &env.traps {
                out.push_str(&format!("trap -- {} {}\n", single_quote(action), signal_name(*sig)));
            }
            write_fd(host, &mut self.tasks[i].io, 1, &out);
            return 0;
        }
        if args[0] == "-l" {
            let out: String = SIGNALS.iter().skip(1).map(|(n, s)| format!("{n}) {s}\n")).collect();
            write_fd(host, &mut self.tasks[i].io, 1, &out);
            return 0;
        }
        let (action, sigs) = if args.len() > 1 && args[0].parse::<i32>().is_err() { (Some(args[0].clone()), &args[1..]) } else { (None, &args[..]) };
        let action = match action {
            Some(a) if a == "-" => None,
            other => other,
        };
        let mut status = 0;
        for s in sigs {
            match signal_number(s) {
                Some(n) => {
                    let env = &mut self.tasks[i].env;
                    match &action {
                        Some(a) => {
                            env.traps.insert(n, a.clone());
                        }
                        None => {
                            env.traps.remove(&n);
                        }
                    }
                }
                None => {
                    self.error(i, host, Some("trap"), &format!("{s}: invalid signal specification"));
                    status = 1;
                }
            }
        }
        status
    }

    #[inline(never)]
    fn builtin_kill(&mut self, i: usize, host: &mut dyn Host, args: &[String]) {
        let mut sig = 15;
        let mut rest: &[String] = args;
        if let Some(first) = rest.first() {
            if first == "-l" {
                let out: String = SIGNALS.iter().skip(1).map(|(_, s)| format!("{s}\n")).collect();
                write_fd(host, &mut self.tasks[i].io, 1, &out);
                self.tasks[i].env.status = 0;
                return;
            }
            if first == "-s" || first == "-n" {
                match rest.get(1).and_then(|s| signal_number(s)) {
                    Some(n) => sig = n,
                    None => {
                        self.error(i, host, None, &format!("kill: bad signal name '{}'", rest.get(1).map(String::as_str).unwrap_or("")));
                        self.tasks[i].env.status = 1;
                        return;
                    }
                }
                rest = &rest[2.min(rest.len())..];
            } else if let Some(s) = first.strip_prefix('-')
                && !s.is_empty()
                && first != "--"
            {
                match signal_number(s) {
                    Some(n) => sig = n,
                    None => {
                        self.error(i, host, None, &format!("kill: bad signal name '{s}'"));
                        self.tasks[i].env.status = 1;
                        return;
                    }
                }
                rest = &rest[1..];
            }
        }
        if rest.first().is_some_and(|a| a == "--") {
            rest = &rest[1..];
        }
        if rest.is_empty() {
            self.error(i, host, None, "kill: usage: kill [-s SIG | -SIG] PID...");
            self.tasks[i].env.status = 1;
            return;
        }
        let main_pid = self.tasks[0].pid;
        let mut status = 0;
        let mut self_signal = false;
        for a in rest {
            let pid = if let Some(j) = a.strip_prefix('%') {
                let me = self.tasks[i].pid;
                let n: usize = j.parse().unwrap_or(1);
                self.tasks.iter().filter(|t| t.parent == me && t.pid != me).nth(n.saturating_sub(1)).map(|t| t.pid)
            } else {
                a.parse::<i64>().ok().map(|p| if p == 0 || p == -1 { main_pid } else { p.unsigned_abs() as u32 })
            };
            match pid {
                Some(p) if p == main_pid => self_signal = true,
                Some(p) if self.tasks.iter().any(|t| t.pid == p && t.done.is_none()) => {
                    if sig != 0
                        && let Some(t) = self.tasks.iter_mut().find(|t| t.pid == p)
                        && (sig == 9 || !t.env.traps.get(&sig).is_some_and(|a| a.is_empty()))
                    {
                        t.frames.clear();
                        t.block = None;
                        t.done = Some(128 + sig);
                    }
                }
                Some(p) if host.signal_process(p, sig) => {}
                _ => {
                    self.error(i, host, None, &format!("can't kill pid {a}: No such process"));
                    status = 1;
                }
            }
        }
        self.tasks[i].env.status = status;
        if self_signal && sig != 0 {
            match self.signal(sig) {
                SignalDisposition::Default if main_pid != 1 => {
                    // The default action ends the shell (no EXIT trap, as in ash).
                    let t = &mut self.tasks[0];
                    t.frames.clear();
                    t.block = None;
                    t.env.status = 128 + sig;
                    self.exit_trap_done = true;
                }
                _ => {}
            }
        }
    }

    #[inline(never)]
    fn builtin_sh(&mut self, i: usize, host: &mut dyn Host, args: &[String], bash: bool) {
        let (opts, src, it) = match sh_options(args) {
            Ok(x) => x,
            Err(msg) => {
                self.error(i, host, None, &msg);
                self.tasks[i].env.status = 2;
                return;
            }
        };
        let rest = &args[it.min(args.len())..];
        match src {
            Some(src) => {
                let (arg0, params, with_line) = match rest.split_first() {
                    Some((a, r)) => (a.clone(), r.to_vec(), true),
                    None => ("sh".to_string(), Vec::new(), false),
                };
                let mut p = Parser::new(&src, &arg0, with_line).bash(bash);
                let script = p.parse_script();
                self.start_subshell(i, SubKind::Script);
                let env = &mut self.tasks[i].env;
                env.bash = bash;
                env.dash &= !bash;
                env.arg0 = arg0;
                env.params = params;
                env.with_line = with_line;
                env.opts = opts;
                env.traps.clear();
                env.funcs.clear();
                env.vars.retain(|_, v| v.exported);
                self.push(i, Frame::Script { script: Arc::new(script), idx: 0, file: false });
            }
            None => {
                self.start_subshell(i, SubKind::Script);
                let env = &mut self.tasks[i].env;
                env.opts = opts;
                env.traps.clear();
                env.funcs.clear();
                env.vars.retain(|_, v| v.exported);
                match rest.split_first() {
                    Some((file, params)) => {
                        let path = env.path(file);
                        self.push(i, Frame::LoadScript { path, shown: file.clone(), args: params.to_vec() });
                    }
                    None => self.push(i, Frame::LoadScript { path: "-".into(), shown: "-".into(), args: Vec::new() }),
                }
            }
        }
    }

    #[inline(never)]
    fn builtin_set(&mut self, i: usize, host: &mut dyn Host, args: &[String]) -> i32 {
        if args.is_empty() {
            let env = &self.tasks[i].env;
            let out: String = env.vars.iter().map(|(k, v)| format!("{k}={}\n", single_quote(&v.value))).collect();
            write_fd(host, &mut self.tasks[i].io, 1, &out);
            return 0;
        }
        let mut it = 0;
        while it < args.len() {
            let a = &args[it];
            if a == "--" {
                it += 1;
                self.tasks[i].env.params = args[it..].to_vec();
                return 0;
            }
            let (on, flags) = match a.chars().next() {
                Some('-') => (true, &a[1..]),
                Some('+') => (false, &a[1..]),
                _ => break,
            };
            it += 1;
            if flags.is_empty() {
                continue;
            }
            if flags == "o" {
                let Some(name) = args.get(it) else {
                    let o = self.tasks[i].env.opts;
                    let out = format!(
                        "errexit        \t{}\nnoglob         \t{}\nnounset        \t{}\nxtrace         \t{}\n",
                        onoff(o.errexit),
                        onoff(o.noglob),
                        onoff(o.nounset),
                        onoff(o.xtrace)
                    );
                    write_fd(host, &mut self.tasks[i].io, 1, &out);
                    return 0;
                };
                it += 1;
                let o = &mut self.tasks[i].env.opts;
                match name.as_str() {
                    "errexit" => o.errexit = on,
                    "xtrace" => o.xtrace = on,
                    "nounset" => o.nounset = on,
                    "noglob" => o.noglob = on,
                    "pipefail" | "noclobber" | "verbose" | "monitor" | "allexport" | "vi" | "emacs" | "notify" | "noexec" | "ignoreeof" => {}
                    other => {
                        let other = other.to_string();
                        self.error(i, host, Some("set"), &format!("Illegal option -o {other}"));
                        self.unwind(i, host, Unwind::Exit(2));
                        return 2;
                    }
                }
                continue;
            }
            for c in flags.chars() {
                let o = &mut self.tasks[i].env.opts;
                match c {
                    'e' => o.errexit = on,
                    'x' => o.xtrace = on,
                    'u' => o.nounset = on,
                    'f' => o.noglob = on,
                    'v' | 'm' | 'b' | 'C' | 'a' | 'n' | 'h' => {}
                    other => {
                        self.error(i, host, Some("set"), &format!("Illegal option -{other}"));
                        self.unwind(i, host, Unwind::Exit(2));
                        return 2;
                    }
                }
            }
        }
        if it < args.len() {
            self.tasks[i].env.params = args[it..].to_vec();
        }
        0
    }

    #[inline(never)]
    fn builtin_cd(&mut self, i: usize, host: &mut dyn Host, args: &[String]) -> i32 {
        let env = &self.tasks[i].env;
        let args: Vec<&String> = args.iter().filter(|a| *a != "-P" && *a != "-L").collect();
        let (target, print) = match args.first() {
            None => (env.get("HOME").unwrap_or("/").to_string(), false),
            Some(a) if a.as_str() == "-" => (env.get("OLDPWD").unwrap_or(&env.cwd).to_string(), true),
            Some(a) => (a.to_string(), false),
        };
        let path = env.path(&target);
        let too_long = super::state::name_too_long(&path);
        let is_dir = !too_long && (path == "/" || (host.file_exists(&path) && host.read_file(&path).is_none()));
        if !is_dir {
            let why = if too_long {
                super::state::NAME_TOO_LONG
            } else if host.file_exists(&path) {
                "Not a directory"
            } else {
                "No such file or directory"
            };
            // dash's `cd` says no more than the directory (`sh_error("can't cd to %s")`).
            let msg = if self.dash { format!("can't cd to {target}") } else { format!("can't cd to {target}: {why}") };
            self.error(i, host, Some("cd"), &msg);
            return 2;
        }
        let env = &mut self.tasks[i].env;
        let old = std::mem::replace(&mut env.cwd, path.clone());
        let _ = env.set("OLDPWD", old);
        let _ = env.set("PWD", path.clone());
        if print {
            write_fd(host, &mut self.tasks[i].io, 1, &format!("{path}\n"));
        }
        0
    }

    #[inline(never)]
    fn builtin_read(&mut self, i: usize, args: &[String]) -> i32 {
        let mut raw = false;
        let mut names: Vec<String> = Vec::new();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "-r" => raw = true,
                "-p" | "-t" | "-n" | "-d" | "-u" => {
                    it.next();
                }
                s if s.starts_with('-') && names.is_empty() => {
                    if s.contains('r') {
                        raw = true;
                    }
                }
                _ => names.push(a.clone()),
            }
        }
        if names.is_empty() {
            names.push("REPLY".into());
        }
        let t = &mut self.tasks[i];
        let mut line = String::new();
        let mut got = false;
        let mut complete = false;
        while let Some((l, nl)) = t.io.read_line(0) {
            got = true;
            complete = nl;
            if !raw && l.ends_with('\\') && nl {
                line.push_str(&l[..l.len() - 1]);
                continue;
            }
            line.push_str(&l);
            break;
        }
        if !raw {
            let mut s = String::new();
            let mut chars = line.chars();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    if let Some(n) = chars.next() {
                        s.push(n);
                    }
                } else {
                    s.push(c);
                }
            }
            line = s;
        }
        let ifs = t.env.ifs();
        let is_ifs = |c: char| ifs.contains(c);
        let mut rest = line.trim_start_matches(|c: char| is_ifs(c) && c.is_whitespace()).to_string();
        for (k, n) in names.iter().enumerate() {
            let value = if k + 1 == names.len() {
                rest.trim_end_matches(|c: char| is_ifs(c) && c.is_whitespace()).to_string()
            } else {
                match rest.find(is_ifs) {
                    Some(p) => {
                        let v = rest[..p].to_string();
                        let after = rest[p..].chars().skip(1).collect::<String>();
                        rest = after.trim_start_matches(|c: char| is_ifs(c) && c.is_whitespace()).to_string();
                        v
                    }
                    None => std::mem::take(&mut rest),
                }
            };
            if t.env.set(n, value).is_err() {
                return 1;
            }
        }
        if got && complete { 0 } else { 1 }
    }
}

/// `sh [-eux] [-c SRC] …`: the options, the script text, and where the operands start.
fn sh_options(args: &[String]) -> Result<(Opts, Option<String>, usize), String> {
    let mut it = 0;
    let mut opts = Opts::default();
    let mut src: Option<String> = None;
    while it < args.len() {
        let a = &args[it];
        if a == "--" {
            it += 1;
            break;
        }
        let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else { break };
        it += 1;
        for c in flags.chars() {
            match c {
                'c' if src.is_none() => match args.get(it) {
                    Some(s) => {
                        src = Some(s.clone());
                        it += 1;
                    }
                    None => return Err("-c requires an argument".into()),
                },
                'e' => opts.errexit = true,
                'x' => opts.xtrace = true,
                'u' => opts.nounset = true,
                'f' => opts.noglob = true,
                _ => {}
            }
        }
    }
    Ok((opts, src, it))
}

fn onoff(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

struct ArithEnv<'a>(&'a mut Env);

impl super::arith::ArithVars for ArithEnv<'_> {
    fn get(&self, name: &str) -> Option<String> {
        self.0.get(name).map(str::to_string)
    }
    fn set(&mut self, name: &str, value: String) -> Result<(), String> {
        self.0.set(name, value)
    }
}

fn is_assignment_word(w: &Word) -> bool {
    match w.parts.first() {
        Some(WordPart::Lit(s)) => s.find('=').is_some_and(|eq| is_name(&s[..eq])),
        _ => false,
    }
}

/// Whether a file runs as a shell script: a `#!` line naming a POSIX shell (or `env sh`),
/// or a `.sh` file without one (the kernel refuses it; the shell then runs it itself).
/// `stat` (following symbolic links, as `execve` does; at most 8 of them).
pub(crate) fn stat_follow(host: &dyn Host, path: &str) -> Option<super::Stat> {
    let mut path = path.to_string();
    for _ in 0..8 {
        let st = host.stat(&path)?;
        let super::FileKind::Symlink(target) = &st.kind else { return Some(st) };
        let dir = path.rsplit_once('/').map(|(d, _)| if d.is_empty() { "/" } else { d }).unwrap_or("/").to_string();
        path = if target.starts_with('/') { target.clone() } else { normalize(&format!("{dir}/{target}")) };
    }
    None
}

pub(crate) fn is_shell_script(text: &str, path: &str) -> bool {
    match text.strip_prefix("#!") {
        Some(rest) => {
            let line = rest.lines().next().unwrap_or("");
            let mut words = line.split_whitespace();
            let interp = words.next().unwrap_or("");
            let base = interp.rsplit('/').next().unwrap_or("");
            let base = if base == "env" { words.next().unwrap_or("") } else { base };
            matches!(base, "sh" | "ash" | "bash" | "dash" | "busybox")
        }
        None => path.ends_with(".sh"),
    }
}

fn restore_vars(env: &mut Env, vars: Vec<(String, Option<Var>)>) {
    for (n, old) in vars.into_iter().rev() {
        match old {
            Some(v) => {
                env.vars.insert(n, v);
            }
            None => {
                env.vars.remove(&n);
            }
        }
    }
}

fn restore_scope(t: &mut Task, fds: VecMap<u32, Fd>, inputs: usize, captures: usize, vars: Vec<(String, Option<Var>)>) {
    t.io.fds = fds;
    t.io.inputs.truncate(inputs);
    t.io.captures.truncate(captures);
    restore_vars(&mut t.env, vars);
}

/// Writes to a file descriptor: the log, a capture, a file, or nowhere.
pub(crate) fn write_fd(host: &mut dyn Host, io: &mut Io, fd: u32, text: &str) {
    if text.is_empty() {
        return;
    }
    match io.fds.get(&fd).cloned() {
        Some(Fd::Stdout) => host.stdout(text),
        Some(Fd::Stderr) => host.stderr(text),
        Some(Fd::Capture(c)) => io.capture_push(c, text),
        Some(Fd::File(p)) => {
            let _ = host.write_file(&p, text, true);
        }
        _ => {}
    }
}

/// An interactive shell, line after line (the console's script runner): each line is a new
/// script that continues the state the previous one left.
impl Shell {
    /// The next command line of an interactive shell: `src` runs with the variables,
    /// functions, options, working directory and `$?` that `self` ended with. Traps and
    /// background jobs are not carried over (each line is its own run).
    pub fn next_line(&self, src: &str) -> Result<Shell, ParseError> {
        let mut env = self.main_env().cloned().unwrap_or_else(|| Env::new("sh".into(), Vec::new(), VecMap::new(), false));
        env.traps.clear();
        let mut p = Parser::new(src, &env.arg0, env.with_line).bash(env.bash);
        let script = p.parse_script();
        if script.chunks.is_empty()
            && let Some(e) = script.error
        {
            return Err(e);
        }
        let mut task = Task::new(1, 0, env, Io::default());
        task.frames.push(Frame::Script { script: Arc::new(script), idx: 0, file: false });
        Ok(Shell::with_main(task))
    }

    /// What the shell reads as its standard input (text piped into it, `ExecSync` with a
    /// connection as its input, `nc -e`); by default it reads nothing.
    pub fn set_stdin(&mut self, text: &str) {
        if let Some(t) = self.tasks.first_mut() {
            let i = t.io.new_input(text.to_string());
            t.io.fds.insert(0, Fd::Input(i));
        }
    }

    /// The standard input of the program of the last `Yield::Run` (a here-document, the
    /// previous stage of a pipe, a file, or the shell's own input), consumed; None when it
    /// reads nothing (`/dev/null`, an empty stdin).
    pub fn program_stdin(&mut self) -> Option<String> {
        let t = self.tasks.first_mut()?;
        matches!(t.io.fds.get(&0), Some(Fd::Input(_))).then(|| t.io.read_all(0))
    }
}

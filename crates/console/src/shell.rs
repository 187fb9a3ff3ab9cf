//! The shell a script's lines (and the web console's) run in: podlife's own POSIX shell
//! interpreter from the engine (busybox ash's rules: variables and `export`, `$VAR` and
//! `${VAR}`, quoting and `\$`, here-documents that expand unless their delimiter is quoted,
//! `$(…)`, pipes, `;` `&&` `||`, `if`/`for`/`while`) with its text applets (`grep`, `head`,
//! `tail`, `wc`, `sort`, `uniq`, `echo`, `printf`, `test`, `cat`, `tee`, …). `sleep` lets the
//! simulated cluster's time pass; `kubectl` and `podlife` are the console's programs.
//! Variables, functions and the working directory carry over from one line to the next, as
//! in one terminal. Files a line writes (`kubectl get pod x -o yaml > pod.yaml`) stay in
//! memory for the session; reading falls back to the script's own directory.

use podlife_engine::vecmap::{VecMap, VecSet};

use podlife_engine::clock::EPOCH_UNIX_SECONDS;
use podlife_engine::shell::{Host, NetError, Shell, Yield};

use crate::{MAX_SLEEP_SECONDS, Output, Session};

/// The most bytes a session's written files may hold together.
const MAX_SCRATCH_BYTES: usize = 16 * 1024 * 1024;
/// The most programs (`kubectl`, `podlife`) one command line may run (`while true; do …`).
const MAX_PROGRAMS_PER_LINE: usize = 10_000;
/// The most times one command line may hand control back (each program, sleep, time slice).
const MAX_TURNS_PER_LINE: usize = 200_000;
/// The most time slices a line's shell may compute through without waiting for anything
/// (`while :; do :; done`): each is the interpreter's step budget.
const MAX_BUSY_SLICES_PER_LINE: usize = 100;

/// Files written by the session's shell, by absolute path, and the directories it made.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    files: VecMap<String, String>,
    dirs: VecSet<String>,
    bytes: usize,
}

impl Scratch {
    /// A file the shell wrote, by the name a program was given (relative to `cwd`).
    pub(crate) fn get(&self, cwd: &str, name: &str) -> Option<&String> {
        self.files.get(&absolute(cwd, name))
    }

    /// Writes (or appends to) a file by absolute path; the error is the system's text.
    pub(crate) fn write(&mut self, path: &str, content: &str, append: bool) -> Result<(), String> {
        if self.dirs.contains(path) || path == "/" {
            return Err("Is a directory".into());
        }
        let old = self.files.get(path).map_or(0, String::len);
        let new_len = if append { old + content.len() } else { content.len() };
        if self.bytes - old + new_len > MAX_SCRATCH_BYTES {
            return Err("No space left on device".into());
        }
        self.bytes = self.bytes - old + new_len;
        let file = self.files.entry(path.to_string()).or_default();
        if !append {
            file.clear();
        }
        file.push_str(content);
        Ok(())
    }

    /// Whether an absolute path is a directory the session made (or `/`).
    pub(crate) fn is_dir(&self, path: &str) -> bool {
        path == "/" || self.dirs.contains(path)
    }

    /// `mkdir -p`.
    pub(crate) fn make_dirs(&mut self, path: &str) {
        let mut cur = String::new();
        for part in path.split('/').filter(|p| !p.is_empty()) {
            cur.push('/');
            cur.push_str(part);
            self.dirs.insert(cur.clone());
        }
    }

    /// The names in a directory the session made.
    pub(crate) fn list(&self, path: &str) -> Vec<String> {
        let prefix = if path == "/" { "/".to_string() } else { format!("{path}/") };
        let mut names: Vec<String> = self.files.keys().chain(self.dirs.iter()).filter_map(|p| p.strip_prefix(&prefix)).filter(|rest| !rest.is_empty() && !rest.contains('/')).map(str::to_string).collect();
        podlife_engine::sort::sort(&mut names);
        names.dedup();
        names
    }
}

/// `name` as an absolute, normalised path seen from `cwd`.
pub(crate) fn absolute(cwd: &str, name: &str) -> String {
    let joined = if name.starts_with('/') { name.to_string() } else { format!("{cwd}/{name}") };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

/// The learner's terminal as the shell sees it.
struct Terminal<'a> {
    out: &'a mut Output,
    now_ms: u64,
    scratch: &'a mut Scratch,
    read: &'a dyn Fn(&str) -> Option<String>,
}

impl Host for Terminal<'_> {
    fn stdout(&mut self, text: &str) {
        self.out.out(text);
    }

    fn stderr(&mut self, text: &str) {
        self.out.err(text);
    }

    fn now_unix_secs(&self) -> u64 {
        EPOCH_UNIX_SECONDS as u64 + self.now_ms / 1000
    }

    fn now_millis(&self) -> u64 {
        EPOCH_UNIX_SECONDS as u64 * 1000 + self.now_ms
    }

    fn hostname(&self) -> String {
        "podlife".into()
    }

    fn read_file(&self, path: &str) -> Option<String> {
        if let Some(text) = self.scratch.files.get(path) {
            return Some(text.clone());
        }
        // Outside its own files the shell sees the script's directory as `/`.
        let relative = path.trim_start_matches('/');
        if relative.is_empty() { None } else { (self.read)(relative) }
    }

    fn write_file(&mut self, path: &str, content: &str, append: bool) -> Result<(), String> {
        self.scratch.write(path, content, append)
    }

    fn remove_file(&mut self, path: &str) -> bool {
        match self.scratch.files.remove(path) {
            Some(text) => {
                self.scratch.bytes -= text.len();
                true
            }
            None => self.scratch.dirs.remove(path),
        }
    }

    fn file_exists(&self, path: &str) -> bool {
        path == "/" || self.scratch.files.contains_key(path) || self.scratch.dirs.contains(path) || self.read_file(path).is_some()
    }

    fn make_dir(&mut self, path: &str) -> Result<(), String> {
        if self.file_exists(path) {
            return Err("File exists".into());
        }
        self.scratch.dirs.insert(path.to_string());
        Ok(())
    }

    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        self.scratch.is_dir(path).then(|| self.scratch.list(path))
    }

    // No network reaches the cluster from the learner's machine (see `kubectl port-forward`).
    fn tcp_connect(&mut self, _host: &str, _port: u16) -> Result<(), NetError> {
        Err(NetError::Refused)
    }

    fn http_get(&mut self, _url: &str) -> Result<(u16, String), NetError> {
        Err(NetError::Refused)
    }
}

/// Node tools a learner may type on their own machine: they run on a node.
const NODE_TOOLS: &[&str] = &["crictl", "journalctl", "iptables-save", "iptables", "ctr", "systemctl"];

/// Tools a script on a learner's machine often pipes into that the shell does not have.
const UNMODELLED: &[&str] = &["gawk", "jq", "yq", "xargs", "watch", "column", "diff", "helm", "kind", "docker", "openssl"];

impl Session {
    /// Runs one command line (with the text piped into it, if any) in the session's shell.
    pub(crate) fn run_line(&mut self, src: &str, stdin: Option<&str>) -> Output {
        let mut out = Output::default();
        let parsed = match &self.shell {
            Some(previous) => previous.next_line(src),
            None => Shell::from_source(src, Vec::new(), VecMap::new()),
        };
        let mut shell = match parsed {
            Ok(shell) => shell,
            Err(e) => {
                out.err(&format!("{e}\n"));
                return out;
            }
        };
        if let Some(text) = stdin {
            shell.set_stdin(text);
        }
        let (mut programs, mut turns, mut slept_ms, mut busy) = (0usize, 0usize, 0u64, 0usize);
        loop {
            turns += 1;
            if turns > MAX_TURNS_PER_LINE {
                out.err(&format!("podlife: stopped this command line after {MAX_TURNS_PER_LINE} turns of its shell (an endless loop?)\n"));
                break;
            }
            let step = self.resume(&mut shell, &mut out);
            let exec = matches!(step, Yield::Exec { .. });
            match step {
                // The learner's own machine computes: its shell's steps cost the cluster no
                // time, but a line that never pauses is stopped.
                Yield::Busy => {
                    busy += 1;
                    if busy > MAX_BUSY_SLICES_PER_LINE {
                        out.err(&format!("podlife: stopped this command line after {} steps of its shell without a pause (an endless loop?)\n", MAX_BUSY_SLICES_PER_LINE as u64 * podlife_engine::shell::STEP_BUDGET));
                        break;
                    }
                }
                Yield::Sleep { ms } => {
                    slept_ms = slept_ms.saturating_add(ms);
                    if slept_ms as f64 > MAX_SLEEP_SECONDS * 1000.0 {
                        out.err(&format!("sleep: podlife advances at most {} seconds at once\n", podlife_ftl::num::Num(MAX_SLEEP_SECONDS)));
                        break;
                    }
                    self.sleep(ms, &mut out);
                }
                Yield::Run { argv } | Yield::Exec { argv } => {
                    programs += 1;
                    if programs > MAX_PROGRAMS_PER_LINE {
                        out.err(&format!("podlife: stopped this command line after {MAX_PROGRAMS_PER_LINE} programs (an endless loop?)\n"));
                        break;
                    }
                    let name = argv.first().map(|a| a.rsplit('/').next().unwrap_or(a).to_string()).unwrap_or_default();
                    if !matches!(name.as_str(), "kubectl" | "istioctl" | "podlife" | "base64") {
                        if NODE_TOOLS.contains(&name.as_str()) {
                            shell.program_output("", &format!("podlife: {name} runs on a node, not on your machine: podlife node NODE -- {name} …\n"));
                            shell.program_exited(127);
                        } else if UNMODELLED.contains(&name.as_str()) {
                            shell.program_output("", &format!("podlife: {name} is not modelled in the console's shell; its text tools are the busybox applets (grep, sed, awk, cut, tr, head, tail, wc, sort, uniq, cat, tee, echo, printf, test, …) and base64\n"));
                            shell.program_exited(127);
                        } else {
                            shell.program_not_found();
                        }
                        if exec {
                            self.resume(&mut shell, &mut out);
                            break;
                        }
                        continue;
                    }
                    let input = shell.program_stdin();
                    let cwd = shell.working_dir().to_string();
                    let result = self.program(&name, &argv[1..], input.as_deref(), &cwd);
                    out.diagnostics.extend(result.diagnostics.iter().cloned());
                    // Each piece goes through the shell's pipes and redirections in the order
                    // it was written, so an error stays where it was among the output.
                    for (to_stderr, piece) in result.pieces() {
                        if to_stderr { shell.program_output("", piece) } else { shell.program_output(piece, "") }
                        self.resume(&mut shell, &mut out);
                    }
                    shell.program_exited(result.status());
                    self.traffic_reports(&mut out);
                    if exec {
                        break;
                    }
                }
                Yield::Exit { .. } | Yield::WaitForever => break,
            }
        }
        self.shell = Some(Box::new(shell));
        out
    }

    /// One turn of the shell against the learner's terminal.
    fn resume(&mut self, shell: &mut Shell, out: &mut Output) -> Yield {
        let mut terminal = Terminal { out, now_ms: self.engine.now().millis(), scratch: &mut self.scratch, read: &*self.read_file };
        shell.resume(&mut terminal)
    }

    /// `sleep`: the cluster's time passes; a `kubectl get -w` before it prints what changed.
    fn sleep(&mut self, ms: u64, out: &mut Output) {
        self.engine.advance_by(ms);
        if let Some(mut w) = self.watch.take() {
            w.render(&mut self.engine, out);
            self.engine.close_watch(w.id);
        }
        self.traffic_reports(out);
    }

    /// A program of the console: `kubectl …`, `istioctl …`, `base64 …` or `podlife …`.
    fn program(&mut self, name: &str, args: &[String], stdin: Option<&str>, cwd: &str) -> Output {
        let mut out = Output::default();
        match name {
            "kubectl" => {
                if let Some(w) = self.watch.take() {
                    self.engine.close_watch(w.id);
                }
                // kubectl reads the session's files and writes them (`kubectl cp` from a pod).
                let files = std::cell::RefCell::new(std::mem::take(&mut self.scratch));
                let reader = &self.read_file;
                let read = |file: &str| files.borrow().get(cwd, file).cloned().or_else(|| reader(file));
                self.kubectl_runs += 1;
                // Each kubectl is a new process: its own PID for `-v` logging.
                let log = crate::kubectl::verbose::Log { server: crate::kubectl::verbose::api_server(self.seed), pid: 41_000 + 17 * (self.kubectl_runs as u32 % 1000), ..Default::default() };
                let local = Some(crate::kubectl::Local { files: &files, cwd });
                let mut ctx = crate::kubectl::Context { engine: &mut self.engine, stdin, read_file: &read, watch: None, log, local };
                out = crate::kubectl::run(&mut ctx, args);
                self.watch = ctx.watch.take();
                drop(ctx);
                self.scratch = files.into_inner();
            }
            "istioctl" => crate::istioctl::run(&mut self.engine, args, stdin, &mut out),
            "base64" => {
                // GNU coreutils' base64 on the learner's machine: a FILE operand or stdin.
                let operand = args.iter().enumerate().find(|(k, a)| !(a.starts_with('-') || *k > 0 && matches!(args[k - 1].as_str(), "-w" | "--wrap")));
                let input = match operand {
                    Some((_, file)) => match self.scratch.get(cwd, file).cloned().or_else(|| (self.read_file)(file)) {
                        Some(text) => text,
                        None => {
                            out.err(&format!("base64: {file}: No such file or directory\n"));
                            return out;
                        }
                    },
                    None => stdin.unwrap_or_default().to_string(),
                };
                let flags: Vec<String> = args.iter().enumerate().filter(|(k, _)| operand.is_none_or(|(at, _)| at != *k)).map(|(_, a)| a.clone()).collect();
                let (stdout, stderr, status) = crate::base64::program(&flags, &input);
                out.out(&stdout);
                if !stderr.is_empty() {
                    out.err(&stderr);
                }
                out.code = Some(status);
            }
            _ => self.podlife(args, stdin, &mut out),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::Session;

    fn run(session: &mut Session, line: &str) -> String {
        session.exec(line, None).text
    }

    #[test]
    fn variables_carry_over_and_expand() {
        let mut s = Session::new(1);
        assert_eq!(run(&mut s, "NS=kube-system"), "");
        assert_eq!(run(&mut s, "export POD=web"), "");
        assert_eq!(run(&mut s, "echo $NS ${POD}-1 \\$NS '$NS'"), "kube-system web-1 $NS $NS\n");
    }

    #[test]
    fn pipes_filter_kubectl_output_and_keep_errors_on_the_terminal() {
        let mut s = Session::new(1);
        let out = s.exec("kubectl get nodes | grep worker | wc -l", None);
        assert_eq!(out.text, "2\n");
        let out = s.exec("kubectl get pod nope | wc -l", None);
        assert_eq!(out.text, "Error from server (NotFound): pods \"nope\" not found\n0\n");
        assert!(out.failed);
    }

    #[test]
    fn command_substitution_runs_kubectl() {
        let mut s = Session::new(1);
        let out = s.exec("NODE=$(kubectl get nodes -o jsonpath='{.items[0].metadata.name}'); echo \"first: $NODE\"", None);
        assert_eq!(out.text, "first: control-plane\n");
    }

    #[test]
    fn heredocs_expand_unless_quoted() {
        let mut s = Session::new(1);
        assert_eq!(run(&mut s, "NAME=cfg"), "");
        let out = run(&mut s, "kubectl create -f - --dry-run=client -o name <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: $NAME\nEOF\n");
        assert_eq!(out, "configmap/cfg\n");
        let out = run(&mut s, "cat <<'EOF'\nname: $NAME \\$x\nEOF\n");
        assert_eq!(out, "name: $NAME \\$x\n");
    }

    #[test]
    fn files_written_stay_in_the_session() {
        let mut s = Session::new(1);
        assert_eq!(run(&mut s, "kubectl create configmap c --from-literal=a=1 --dry-run=client -o yaml > c.yaml"), "");
        assert_eq!(run(&mut s, "kubectl apply -f c.yaml"), "configmap/c created\n");
        assert_eq!(run(&mut s, "grep -c '^  a:' c.yaml"), "1\n");
    }

    #[test]
    fn sleep_moves_the_cluster_clock_and_unknown_programs_fail() {
        let mut s = Session::new(1);
        let start = s.engine().now().millis();
        s.exec("sleep 2; sleep 1.5", None);
        assert_eq!(s.engine().now().millis() - start, 3500);
        let out = s.exec("crictl ps", None);
        assert!(out.text.contains("podlife node NODE -- crictl"), "{}", out.text);
        assert_eq!(s.exec("echo $?", None).text, "127\n");
    }

    #[test]
    fn endless_loops_are_stopped() {
        let mut s = Session::new(1);
        let out = s.exec("while true; do kubectl version --client >/dev/null; done", None);
        assert!(out.text.contains("after 10000 programs"), "{}", out.text);
        let out = s.exec("while :; do :; done", None);
        assert!(out.text.contains("without a pause"), "{}", out.text);
        // One line may not let more than a week pass either (not run here: a simulated
        // week takes a while in a debug build).
        let out = s.exec("sleep 8d", None);
        assert!(out.text.contains("advances at most"), "{}", out.text);
    }
}

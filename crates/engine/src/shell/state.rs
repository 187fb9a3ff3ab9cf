//! Shell state that subshells copy: variables, functions, parameters, options, traps, and
//! the file-descriptor table with its in-memory pipes and captures.

use crate::vecmap::{VecMap, VecSet};
use std::sync::Arc;

use super::ast::{FuncDef, List};
use super::{Host, MAX_CAPTURE_BYTES, MAX_VAR_BYTES};

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Var {
    pub value: String,
    pub exported: bool,
    pub readonly: bool,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Opts {
    /// `set -e`
    pub errexit: bool,
    /// `set -x`
    pub xtrace: bool,
    /// `set -u`
    pub nounset: bool,
    /// `set -f`
    pub noglob: bool,
}

#[derive(Debug, Clone)]
pub(crate) struct Env {
    pub vars: VecMap<String, Var>,
    pub funcs: VecMap<String, Arc<FuncDef>>,
    pub params: Vec<String>,
    pub arg0: String,
    pub cwd: String,
    /// `$?`
    pub status: i32,
    pub opts: Opts,
    /// Signal number (0 = EXIT) → action ("" = ignore).
    pub traps: VecMap<i32, String>,
    /// `$!`
    pub last_bg: Option<u32>,
    /// `sh -c SRC NAME`: ash then names the script in messages, with a line number.
    pub with_line: bool,
    /// The line of the command being run (for messages).
    pub line: usize,
    /// Running as GNU bash (its syntax: arrays, `+=`).
    pub bash: bool,
    /// Running as dash, Debian's `/bin/sh` (its `echo` interprets backslash escapes).
    pub dash: bool,
    /// bash's indexed arrays: name → index → element. An array's element 0 is also the
    /// variable's value in `vars` (`$a` is `${a[0]}`).
    pub arrays: VecMap<String, VecMap<i64, String>>,
}

impl Env {
    pub fn new(arg0: String, params: Vec<String>, env: VecMap<String, String>, with_line: bool) -> Env {
        let mut vars = VecMap::new();
        for (k, v) in env {
            vars.insert(k, Var { value: v, exported: true, readonly: false });
        }
        let defaults = [
            ("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", true),
            ("HOME", "/root", true),
            ("IFS", " \t\n", false),
            ("PS1", "\\w \\$ ", false),
            ("PS2", "> ", false),
            ("PS4", "+ ", false),
            ("OPTIND", "1", false),
        ];
        for (k, v, exported) in defaults {
            vars.entry(k.to_string()).or_insert(Var { value: v.to_string(), exported, readonly: false });
        }
        let cwd = match vars.get("PWD") {
            Some(v) if v.value.starts_with('/') => v.value.clone(),
            _ => "/".to_string(),
        };
        vars.insert("PWD".into(), Var { value: cwd.clone(), exported: true, readonly: false });
        Env {
            vars,
            funcs: VecMap::new(),
            params,
            arg0,
            cwd,
            status: 0,
            opts: Opts::default(),
            traps: VecMap::new(),
            last_bg: None,
            with_line,
            line: 1,
            bash: false,
            dash: false,
            arrays: VecMap::new(),
        }
    }

    /// The elements of `name` in index order: an array's, a set scalar's one, or none.
    pub fn array_values(&self, name: &str) -> Vec<String> {
        match self.arrays.get(name) {
            Some(a) => a.values().cloned().collect(),
            None => self.get(name).map(|v| vec![v.to_string()]).unwrap_or_default(),
        }
    }

    /// `${name[index]}` (a negative index counts from the end; a scalar is element 0).
    pub fn element(&self, name: &str, index: i64) -> Option<String> {
        match self.arrays.get(name) {
            Some(a) => {
                let i = if index < 0 { a.keys().next_back().map_or(index, |last| last + 1 + index) } else { index };
                a.get(&i).cloned()
            }
            None if index == 0 || index == -1 => self.get(name).map(str::to_string),
            None => None,
        }
    }

    /// `name=(…)` / `name+=(…)`.
    pub fn set_array(&mut self, name: &str, values: Vec<String>, append: bool) -> Result<(), String> {
        let mut array = if append { self.arrays.get(name).cloned().unwrap_or_else(|| self.get(name).map(|v| VecMap::from([(0, v.to_string())])).unwrap_or_default()) } else { VecMap::new() };
        let mut next = array.keys().next_back().map_or(0, |k| k + 1);
        for v in values {
            array.insert(next, v);
            next += 1;
        }
        self.store_array(name, array)
    }

    /// `name[index]=value` / `name[index]+=value`.
    pub fn set_element(&mut self, name: &str, index: i64, value: String, append: bool) -> Result<(), String> {
        let mut array = self.arrays.get(name).cloned().unwrap_or_else(|| self.get(name).map(|v| VecMap::from([(0, v.to_string())])).unwrap_or_default());
        let i = if index < 0 {
            match array.keys().next_back() {
                Some(last) if last + 1 + index >= 0 => last + 1 + index,
                _ => return Err(format!("{name}[{index}]: bad array subscript")),
            }
        } else {
            index
        };
        let old = if append { array.get(&i).cloned().unwrap_or_default() } else { String::new() };
        array.insert(i, old + &value);
        self.store_array(name, array)
    }

    fn store_array(&mut self, name: &str, array: VecMap<i64, String>) -> Result<(), String> {
        let total: usize = array.values().map(String::len).sum();
        if total > MAX_VAR_BYTES {
            return Err(format!("{name}: value longer than {MAX_VAR_BYTES} bytes (podlife limit)"));
        }
        match array.get(&0) {
            Some(first) => self.set(name, first.clone())?,
            None => {
                if self.vars.get(name).is_some_and(|v| v.readonly) {
                    return Err(format!("{name}: is read only"));
                }
                self.vars.remove(name);
            }
        }
        self.arrays.insert(name.to_string(), array);
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.vars.get(name).map(|v| v.value.as_str())
    }

    /// Sets a variable; the error is ash's message (without the `sh: ` prefix).
    pub fn set(&mut self, name: &str, value: String) -> Result<(), String> {
        if value.len() > MAX_VAR_BYTES {
            return Err(format!("{name}: value longer than {MAX_VAR_BYTES} bytes (podlife limit)"));
        }
        match self.vars.get_mut(name) {
            Some(v) if v.readonly => Err(format!("{name}: is read only")),
            Some(v) => {
                if let Some(a) = self.arrays.get_mut(name) {
                    a.insert(0, value.clone());
                }
                v.value = value;
                Ok(())
            }
            None => {
                if let Some(a) = self.arrays.get_mut(name) {
                    a.insert(0, value.clone());
                }
                self.vars.insert(name.to_string(), Var { value, exported: false, readonly: false });
                Ok(())
            }
        }
    }

    pub fn unset(&mut self, name: &str) -> Result<(), String> {
        match self.vars.get(name) {
            Some(v) if v.readonly => Err(format!("{name}: is read only")),
            _ => {
                self.vars.remove(name);
                self.arrays.remove(name);
                Ok(())
            }
        }
    }

    pub fn ifs(&self) -> String {
        match self.vars.get("IFS") {
            Some(v) => v.value.clone(),
            None => " \t\n".to_string(),
        }
    }

    /// The exported variables (a program's environment).
    pub fn exported(&self) -> VecMap<String, String> {
        VecMap::from_iter(self.vars.iter().filter(|(_, v)| v.exported).map(|(k, v)| (k.clone(), v.value.clone())))
    }

    /// `$-`
    pub fn flags(&self) -> String {
        let mut s = String::new();
        if self.opts.errexit {
            s.push('e');
        }
        if self.opts.noglob {
            s.push('f');
        }
        if self.opts.nounset {
            s.push('u');
        }
        if self.opts.xtrace {
            s.push('x');
        }
        s.push('c');
        s
    }

    /// An absolute, normalised path for `p` relative to the working directory.
    pub fn path(&self, p: &str) -> String {
        let joined = if p.starts_with('/') { p.to_string() } else { format!("{}/{}", self.cwd, p) };
        normalize(&joined)
    }

    /// The state a subshell or background job starts with: traps are reset, except that
    /// ignored signals stay ignored.
    pub fn for_subshell(&self) -> Env {
        let mut e = self.clone();
        e.traps.retain(|_, a| a.is_empty());
        e
    }
}

/// Linux's `PATH_MAX`: a path given to a system call, with its terminating NUL.
pub(crate) const PATH_MAX: usize = 4096;
/// Linux's `NAME_MAX`: the longest name of one directory entry.
pub(crate) const NAME_MAX: usize = 255;
/// `strerror(ENAMETOOLONG)`.
pub(crate) const NAME_TOO_LONG: &str = "File name too long";

/// Whether the kernel refuses `path` with `ENAMETOOLONG`: the container's files are reached
/// by absolute paths here (the shell keeps its working directory as one, and ash's `cd`
/// itself calls `chdir` with the absolute logical path), so the whole path must fit in
/// `PATH_MAX` and each name in `NAME_MAX`. This also bounds how deep `mkdir x; cd x` goes
/// (2,047 levels), as on a node.
pub(crate) fn name_too_long(path: &str) -> bool {
    path.len() >= PATH_MAX || path.split('/').any(|c| c.len() > NAME_MAX)
}

/// `Host::write_file` behind the kernel's name limits.
pub(crate) fn write_file(host: &mut dyn Host, path: &str, content: &str, append: bool) -> Result<(), String> {
    if name_too_long(path) {
        return Err(NAME_TOO_LONG.into());
    }
    host.write_file(path, content, append)
}

/// `Host::make_dir` behind the kernel's name limits.
pub(crate) fn make_dir(host: &mut dyn Host, path: &str) -> Result<(), String> {
    if name_too_long(path) {
        return Err(NAME_TOO_LONG.into());
    }
    host.make_dir(path)
}

pub(crate) fn normalize(p: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for c in p.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    format!("/{}", parts.join("/"))
}

/// Where a file descriptor points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Fd {
    /// The container's stdout (the log).
    Stdout,
    /// The container's stderr.
    Stderr,
    /// `/dev/null`, and the empty stdin of a container.
    Null,
    /// A capture buffer (a pipe into the next command, or `$(…)`).
    Capture(usize),
    /// A file opened for writing (appends after the open's truncation).
    File(String),
    /// Readable text (a file, a here-document, the previous pipeline stage).
    Input(usize),
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Input {
    pub data: String,
    pub pos: usize,
}

#[derive(Debug, Clone)]
pub(crate) struct Io {
    pub fds: VecMap<u32, Fd>,
    pub captures: Vec<String>,
    pub inputs: Vec<Input>,
}

impl Default for Io {
    fn default() -> Io {
        Io { fds: VecMap::from([(0, Fd::Null), (1, Fd::Stdout), (2, Fd::Stderr)]), captures: Vec::new(), inputs: Vec::new() }
    }
}

impl Io {
    pub fn new_capture(&mut self) -> usize {
        self.captures.push(String::new());
        self.captures.len() - 1
    }

    pub fn new_input(&mut self, data: String) -> usize {
        self.inputs.push(Input { data, pos: 0 });
        self.inputs.len() - 1
    }

    /// Appends to a capture, up to the capture limit (the rest is dropped, as a full
    /// pipe's writer would be stopped).
    pub fn capture_push(&mut self, i: usize, text: &str) {
        if let Some(c) = self.captures.get_mut(i) {
            let room = MAX_CAPTURE_BYTES.saturating_sub(c.len());
            if text.len() <= room {
                c.push_str(text);
            } else {
                let mut cut = room;
                while cut > 0 && !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                c.push_str(&text[..cut]);
            }
        }
    }

    /// The rest of the readable text on fd 0 (consumed).
    pub fn read_all(&mut self, fd: u32) -> String {
        match self.fds.get(&fd) {
            Some(Fd::Input(i)) => match self.inputs.get_mut(*i) {
                Some(inp) => {
                    let s = inp.data.get(inp.pos..).unwrap_or("").to_string();
                    inp.pos = inp.data.len();
                    s
                }
                None => String::new(),
            },
            _ => String::new(),
        }
    }

    /// One line from `fd` (without its newline), None at end of input; the bool is true
    /// when the line ended with a newline.
    pub fn read_line(&mut self, fd: u32) -> Option<(String, bool)> {
        let Some(Fd::Input(i)) = self.fds.get(&fd) else { return None };
        let inp = self.inputs.get_mut(*i)?;
        let rest = inp.data.get(inp.pos..)?;
        if rest.is_empty() {
            return None;
        }
        match rest.find('\n') {
            Some(n) => {
                let line = rest[..n].to_string();
                inp.pos += n + 1;
                Some((line, true))
            }
            None => {
                let line = rest.to_string();
                inp.pos = inp.data.len();
                Some((line, false))
            }
        }
    }

    /// A background job's table: captures it could write into belong to its parent.
    pub fn for_background(&self) -> Io {
        let mut io = Io::default();
        for (fd, f) in &self.fds {
            let f = match f {
                Fd::Capture(_) => Fd::Null,
                Fd::Input(i) => {
                    let data = self.inputs.get(*i).map(|inp| inp.data.get(inp.pos..).unwrap_or("").to_string()).unwrap_or_default();
                    Fd::Input(io.new_input(data))
                }
                other => other.clone(),
            };
            io.fds.insert(*fd, f);
        }
        io
    }
}

/// What the expansions of one command have already computed: command substitutions
/// (their output and status) and arithmetic results, keyed by the part's id, so that an
/// expansion restarted after a substitution ran does not repeat side effects.
#[derive(Debug, Clone, Default)]
pub(crate) struct Memo {
    pub subst: VecMap<u32, (String, i32)>,
    pub arith: VecMap<u32, i64>,
    /// Ids of `${x=…}`/`${x:=…}` already assigned.
    pub assigned: VecSet<u32>,
    /// The status of the last command substitution used (`x=$(false)` sets `$?`).
    pub last_status: Option<i32>,
}

/// A pending request from an expansion: run this command substitution first.
#[derive(Debug, Clone)]
pub(crate) struct NeedSubst {
    pub id: u32,
    pub list: List,
}

//! Running child processes with the project's tool directories on PATH.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::{Result, root};

/// Directories put before PATH for every child: npm's `node_modules/.bin` (wasm-opt for trunk)
/// and cargo's bin directory (where `cargo install` puts trunk and wasm-bindgen).
fn extra_path() -> Vec<PathBuf> {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")));
    let mut dirs = vec![root().join("node_modules").join(".bin")];
    dirs.extend(cargo_home.map(|home| home.join("bin")));
    dirs
}

/// PATH for children.
pub fn path_var() -> OsString {
    let current = std::env::var_os("PATH").unwrap_or_default();
    let dirs = extra_path().into_iter().chain(std::env::split_paths(&current));
    std::env::join_paths(dirs).unwrap_or(current)
}

/// A command whose program is looked up on [`path_var`], which it also gets as PATH.
pub fn command(program: &str) -> Command {
    let path = path_var();
    let resolved = std::env::split_paths(&path)
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
        .map(OsString::from)
        .unwrap_or_else(|| OsString::from(program));
    let mut command = Command::new(resolved);
    command.env("PATH", path);
    command
}

fn describe(command: &Command) -> String {
    let program = PathBuf::from(command.get_program());
    let name = program.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let args: Vec<String> =
        command.get_args().map(|a| a.to_string_lossy().into_owned()).collect();
    format!("{name} {}", args.join(" ")).trim_end().to_string()
}

/// Runs a command with inherited stdio; an error if it cannot start or exits non-zero.
pub fn run(command: &mut Command) -> Result {
    let line = describe(command);
    println!("$ {line}");
    let status = command.status().map_err(|e| format!("cannot run `{line}`: {e}"))?;
    if status.success() { Ok(()) } else { Err(format!("`{line}` failed ({status})")) }
}

/// Runs a command quietly and returns its stdout; an error if it cannot start or fails.
pub fn capture(command: &mut Command) -> Result<String> {
    let line = describe(command);
    let output = command
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run `{line}`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "`{line}` failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Runs a command, printing its stdout as it comes and handing each line to `each_line`;
/// stderr is inherited. Returns whether it exited successfully.
pub fn tee(command: &mut Command, mut each_line: impl FnMut(&str)) -> Result<bool> {
    let line = describe(command);
    println!("$ {line}");
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run `{line}`: {e}"))?;
    if let Some(stdout) = child.stdout.take() {
        let mut out = std::io::stdout();
        for text in BufReader::new(stdout).lines().map_while(std::io::Result::ok) {
            let _ = writeln!(out, "{text}");
            let _ = out.flush();
            each_line(&text);
        }
    }
    let status = child.wait().map_err(|e| format!("waiting for `{line}`: {e}"))?;
    Ok(status.success())
}

//! `podlife run FILE | head`: when the reader closes the pipe, podlife stops quietly (no
//! panic message), with the status a Unix tool killed by SIGPIPE leaves (128 + 13).

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/scripts/crashloop.sh");
    // The trace of a ten-minute crash loop is far larger than a pipe's buffer, so the
    // writer is still writing when the reader goes away.
    let mut child = Command::new(env!("CARGO_BIN_EXE_podlife"))
        .args(["run", "--trace", script])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("podlife starts");
    let mut first = [0u8; 64];
    child.stdout.as_mut().expect("piped").read_exact(&mut first).expect("some output");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("podlife ends");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(141));
}

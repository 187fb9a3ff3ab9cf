//! `podlife run`'s flags take their value after `=` or as the next word, as Go's and clap's
//! parsers do; a bad value is refused with the usage and status 2.

use std::process::Command;

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/scripts/crashloop.sh");
    let output = Command::new(env!("CARGO_BIN_EXE_podlife")).arg("run").args(args).arg(script).output().expect("podlife runs");
    (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn values_after_equals_or_as_the_next_word() {
    let (code, joined, _) = run(&["--trace-level=full", "--seed=7"]);
    assert_eq!(code, Some(0));
    let (code, spaced, _) = run(&["--trace-level", "full", "--seed", "7"]);
    assert_eq!(code, Some(0));
    assert_eq!(joined, spaced);
}

#[test]
fn bad_values_are_refused() {
    let (code, _, err) = run(&["--trace-level", "most"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("podlife: --trace-level is auto or full, not \"most\"\nusage: podlife run"), "{err}");
    let (code, _, err) = run(&["--trace=yaml"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("podlife: --trace is text or json, not \"yaml\""), "{err}");
    let (code, _, err) = run(&["--seed=x"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("podlife: --seed needs a number"), "{err}");
}

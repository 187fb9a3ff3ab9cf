//! `podlife compare`: a built-in's whole output pinned (`compare/pid1-form.golden`, refreshed
//! with `PODLIFE_UPDATE_GOLDEN=1`), two files compared as the built-in's scripts are, the
//! list, and the errors in `podlife run`'s style.

use std::path::Path;
use std::process::Command;

fn podlife(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_podlife")).arg("compare").args(args).output().expect("podlife runs");
    (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
}

fn golden(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compare").join(name)
}

#[test]
fn a_builtins_output_is_pinned() {
    let (code, out, err) = podlife(&["--builtin", "pid1-form"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    if let Err(e) = podlife_console::golden::check(&golden("pid1-form.golden"), &out) {
        panic!("{e}\n(PODLIFE_UPDATE_GOLDEN=1 to refresh; read the new output against upstream first)");
    }
    // The Korean words replace the English ones; the rest of the output is the same.
    let (code, ko, _) = podlife(&["--builtin=pid1-form", "--lang", "ko"]);
    assert_eq!(code, Some(0));
    assert!(ko.starts_with("정상 종료: 셸 형식과 exec 형식의 PID 1\n"), "{ko}");
    let tail = |t: &str| t[t.find("podlife compare, seed 1").expect("the comparison")..].lines().skip(3).collect::<Vec<_>>().join("\n");
    assert_eq!(tail(&ko), tail(&out));
}

#[test]
fn two_files_compare_as_the_builtin_does() {
    let dir = std::env::temp_dir().join(format!("podlife-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let c = podlife_stories::comparisons::by_id("pid1-form").expect("built-in");
    let (a, b) = (dir.join("shell.sh"), dir.join("exec.sh"));
    std::fs::write(&a, c.a).expect("write");
    std::fs::write(&b, c.b).expect("write");
    let (a, b) = (a.to_string_lossy().into_owned(), b.to_string_lossy().into_owned());
    let (code, files, err) = podlife(&[&a, &b, "--seed", "1"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let (_, builtin, _) = podlife(&["--builtin", "pid1-form"]);
    // Past the names of A and B, the same text.
    let body = |t: &str| t[t.find("\ntranscripts:").expect("the diff")..].to_string();
    assert_eq!(body(&files), body(&builtin));
    assert!(files.starts_with(&format!("podlife compare, seed 1\n  A: {a}, ended at 31.556s\n  B: {b}, ended at 2.554s\n")), "{files}");
    // Another seed is another run.
    let (code, seven, _) = podlife(&[&a, &b, "--seed=7"]);
    assert_eq!(code, Some(0));
    assert!(seven.starts_with("podlife compare, seed 7\n"));
    // A malformed script: its path and line, status 1, as `podlife run`.
    std::fs::write(&b, "kubectl apply -f - <<EOF\nkind: Pod\n").expect("write");
    let (code, out, err) = podlife(&[&a, &b]);
    assert_eq!((code, out.as_str()), (Some(1), ""));
    assert_eq!(err, format!("podlife: {b}: line 1: unterminated heredoc (expected a line `EOF`)\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_list_names_every_builtin() {
    let (code, out, _) = podlife(&["--list"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "ID                TITLE\n\
         prestop           Deleting a pod under traffic: preStop sleep or none\n\
         max-unavailable   Rolling update: the default maxUnavailable or maxUnavailable: 0\n\
         startup-probe     A slow start: initialDelaySeconds or a startup probe\n\
         pid1-form         Graceful termination: shell-form or exec-form PID 1\n"
    );
    let (code, ko, _) = podlife(&["--list", "--lang=ko"]);
    assert_eq!(code, Some(0));
    assert!(ko.contains("prestop           트래픽 중 파드 삭제"), "{ko}");
}

#[test]
fn errors_in_podlife_runs_style() {
    let usage = "usage: podlife compare A.sh B.sh [--seed N]\n";
    let (code, _, err) = podlife(&["--builtin", "prestop", "--seed", "x"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with(&format!("podlife: --seed needs a number\n{usage}")), "{err}");
    let (code, _, err) = podlife(&["no-such-a.sh", "no-such-b.sh"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("podlife: no-such-a.sh: No such file or directory"), "{err}");
    let (code, _, err) = podlife(&["only-one.sh"]);
    assert_eq!((code, err.starts_with(usage)), (Some(2), true), "{err}");
    let (code, _, err) = podlife(&["--builtin", "nope"]);
    assert_eq!(code, Some(2));
    assert_eq!(err, "podlife: no built-in comparison \"nope\" (there are prestop, max-unavailable, startup-probe, pid1-form)\n");
    let (code, _, err) = podlife(&["--builtin", "prestop", "a.sh"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("podlife: --builtin takes no files\n"), "{err}");
    let (code, _, err) = podlife(&["--lang", "fr", "--list"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("podlife: --lang is en or ko\n"), "{err}");
    let (code, _, err) = podlife(&["--fast"]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("podlife: unknown flag --fast\n"), "{err}");
}

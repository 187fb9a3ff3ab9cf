//! `kubectl apply -f /dev/zero`: a file that never ends is read only up to the API server's
//! request body limit and refused with the manifest reader's stated error (issue 16, D27:
//! the whole device was read until memory ran out, then "does not exist" was printed).

use std::process::Command;

#[cfg(unix)]
#[test]
fn an_endless_file_is_refused_at_the_size_limit() {
    let dir = std::env::temp_dir().join(format!("podlife-endless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let script = dir.join("s.sh");
    std::fs::write(&script, "kubectl apply -f /dev/zero\n").expect("script written");
    let output = Command::new(env!("CARGO_BIN_EXE_podlife")).arg("run").arg(&script).output().expect("podlife runs");
    std::fs::remove_dir_all(&dir).ok();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("error: error parsing /dev/zero: error converting YAML to JSON: yaml: input exceeds the limit of 3145728 bytes"),
        "{stdout}"
    );
}

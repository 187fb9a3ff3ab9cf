//! Embeds every file under `course/` (lesson folders and the course's own files), so the
//! lessons ship inside the binary and the wasm bundle with no request at run time.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("course/ is readable").map(|e| e.expect("an entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn main() {
    // Read at run time, not compile time: a build script reused from another checkout must read
    // this one.
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest_dir);
    let course = root.join("course");
    println!("cargo:rerun-if-changed=course");
    let mut files = Vec::new();
    walk(&course, &mut files);
    let mut code = String::from("/// Every file under `course/`: (path relative to the crate, text).\npub static FILES: &[(&str, &str)] = &[\n");
    for f in &files {
        let rel = f.strip_prefix(root).expect("under the crate").to_string_lossy().replace('\\', "/");
        writeln!(code, "    ({rel:?}, include_str!({:?})),", f.to_string_lossy()).expect("writing to a String");
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("course_files.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}

//! The engine's fixed JSON objects (`src/**/*.json`, read by `json_text`) minified into
//! `OUT_DIR`: the files stay readable here, the bundle carries no indentation (1.4 KB brotli
//! of the worker).

use std::path::Path;

fn main() {
    // Read at run time: a build script binary reused from another checkout must not read that
    // checkout's sources.
    let src = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("src");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=src");
    minify_tree(&src, &src, &out);
}

fn minify_tree(root: &Path, dir: &Path, out: &Path) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("src is readable").map(|e| e.expect("a readable entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            minify_tree(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).expect("a readable JSON file");
            let target = out.join(path.strip_prefix(root).expect("under src"));
            std::fs::create_dir_all(target.parent().expect("a parent")).expect("OUT_DIR is writable");
            std::fs::write(&target, minify(&text)).expect("OUT_DIR is writable");
        }
    }
}

/// The text without the whitespace between tokens (strings are kept as written).
fn minify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}

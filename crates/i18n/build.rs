//! The translation files as the bundle carries them: each comment line (`#` at column 0) cut
//! down to its `#`, which keeps every message, every line number in load errors and the
//! file's structure (a comment still ends the message before it) while the translators' notes
//! stay out of the page's wasm (about 0.9 KB brotli).

use std::path::Path;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    // Read at run time, not compile time: a build script reused from another checkout must read
    // this one.
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("../../static/i18n");
    for lang in ["en", "ko"] {
        std::fs::create_dir_all(Path::new(&out).join(lang)).expect("OUT_DIR is writable");
        for file in ["ui", "reactions", "scenarios"] {
            let path = root.join(lang).join(format!("{file}.ftl"));
            println!("cargo:rerun-if-changed={}", path.display());
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let lean: String = text.split_inclusive('\n').map(|line| if line.starts_with('#') { if line.ends_with('\n') { "#\n" } else { "#" } } else { line }).collect();
            std::fs::write(Path::new(&out).join(lang).join(format!("{file}.ftl")), lean).expect("OUT_DIR is writable");
        }
    }
}

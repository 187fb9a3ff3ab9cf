//! `cargo xtask course-bundle [DIR]`: the course's files (`crates/lessons/course/`) as one JSON
//! object `{path: text}` in `DIR/course.json` (default: trunk's staging directory, from
//! `TRUNK_STAGING_DIR`). Trunk runs it as a post-build hook (Trunk.toml), so the web app loads
//! the course only when a learner opens it, instead of carrying it in the first load.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::{Result, root};

fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, String>) -> Result {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("reading {}: {e}", dir.display()))?.path();
        if path.is_dir() {
            walk(&path, base, out)?;
        } else {
            let rel = path.strip_prefix(base).map_err(|e| e.to_string())?.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            out.insert(rel, text);
        }
    }
    Ok(())
}

pub fn bundle(args: &[String]) -> Result {
    let dir = match args.first() {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var("TRUNK_STAGING_DIR").map_err(|_| "course-bundle: give a directory (or run it as trunk's hook)".to_string())?),
    };
    let crate_dir = root().join("crates/lessons");
    let mut files = BTreeMap::new();
    walk(&crate_dir.join("course"), &crate_dir, &mut files)?;
    let json = serde_json::to_string(&files).map_err(|e| e.to_string())?;
    let out = dir.join("course.json");
    std::fs::write(&out, json).map_err(|e| format!("writing {}: {e}", out.display()))
}

//! What the model's integration tests share: the manifests of the repository's scripts and
//! scenarios, and which served kind an object is.

#![allow(dead_code)]

use podlife_model::ResourceType;
use serde_json::Value;

/// Heredoc bodies of a script, and whole files for YAML.
pub fn manifests_in(path: &std::path::Path, out: &mut Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
        out.push(text);
        return;
    }
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(i) = line.find("<<") {
            let tag = line[i + 2..].trim_start_matches('-').trim().trim_matches(|c| c == '\'' || c == '"');
            let tag: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if tag.is_empty() {
                continue;
            }
            let body: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != tag).collect();
            out.push(body.join("\n"));
        }
    }
}

pub fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

pub fn served(value: &Value) -> Option<&'static ResourceType> {
    ResourceType::by_api_version_kind(value.get("apiVersion")?.as_str()?, value.get("kind")?.as_str()?)
}


/// The manifest texts of the repository's scripts (heredocs) and scenarios (files).
pub fn repository_manifests() -> Vec<String> {
    let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let mut paths = Vec::new();
    files(&root.join("tests/scripts"), &mut paths);
    files(&root.join("crates/stories/scenarios"), &mut paths);
    let mut texts = Vec::new();
    for p in &paths {
        manifests_in(p, &mut texts);
    }
    texts
}

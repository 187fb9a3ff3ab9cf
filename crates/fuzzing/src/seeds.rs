//! Seed corpora, derived from what the repository already holds: the golden scripts
//! (`tests/scripts/*.sh`), the lessons (`crates/stories/scenarios`), and the robustness
//! reproducers of issue 16 (`fuzz/seeds/repro/`, copied from `../shared/repro/robustness`:
//! every `s.sh` under 32 KiB, and the mutated golden scripts that hung). Each target gets the
//! part in its own input format (see its body): the kubectl lines of every script, the
//! here-document manifests, the `sh -c` scripts inside them, the jsonpath templates and
//! selectors on command lines, the `kubectl patch` bodies, share links and autosave records of
//! every lesson. `cargo xtask fuzz` writes them to `fuzz/corpus/<target>/` (the fuzzer adds
//! its own finds there; not committed); the smoke test reads them in memory.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read_dir_sorted(dir: &Path, ext: &[&str]) -> Vec<(PathBuf, String)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| ext.iter().any(|e| x == *e))).collect();
    paths.sort();
    paths.into_iter().filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t))).collect()
}

/// Every script: the goldens, the lessons' setups, the reproducers.
pub fn scripts() -> Vec<String> {
    let root = root();
    let mut out: Vec<String> = read_dir_sorted(&root.join("tests/scripts"), &["sh"]).into_iter().map(|(_, t)| t).collect();
    out.extend(podlife_lessons::all().iter().map(|s| s.setup.to_string()).filter(|s| !s.trim().is_empty()));
    // The course: each lesson's setup followed by its solution (the script a learner replays).
    if let Ok(course) = podlife_lessons::course() {
        out.extend(course.lessons().map(|l| format!("{}\n{}", l.setup, l.solution)));
    }
    out.extend(read_dir_sorted(&root.join("fuzz/seeds/repro"), &["sh"]).into_iter().map(|(_, t)| t));
    out
}

/// The commands of every script (text, here-document).
fn commands(scripts: &[String]) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for s in scripts {
        let Ok(cmds) = podlife_console::script::parse(s) else { continue };
        for c in cmds {
            out.push((c.text.clone(), c.stdin.clone()));
        }
    }
    out
}

/// Every manifest: the lessons' files, the scripts' here-documents, the reproducers' YAML.
fn manifests(commands: &[(String, Option<String>)]) -> Vec<String> {
    let mut out: Vec<String> = podlife_lessons::all().iter().flat_map(|s| s.files.iter().map(|f| f.text.to_string())).collect();
    if let Ok(course) = podlife_lessons::course() {
        out.extend(course.lessons().flat_map(|l| l.files.iter().map(|(_, text)| text.clone())));
    }
    out.extend(commands.iter().filter(|(t, _)| t.contains("-f -") || t.contains("-f=-")).filter_map(|(_, stdin)| stdin.clone()));
    out.extend(read_dir_sorted(&root().join("fuzz/seeds/repro"), &["yaml"]).into_iter().map(|(_, t)| t));
    out
}

/// `sh -c SCRIPT` arrays anywhere in a manifest (container commands, probes, hooks).
fn shell_scripts(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Array(items) => {
            let words: Vec<&str> = items.iter().filter_map(|v| v.as_str()).collect();
            if words.len() >= 3 && words[0].ends_with("sh") && words[1] == "-c" {
                out.push(words[2].to_string());
            }
            items.iter().for_each(|v| shell_scripts(v, out));
        }
        serde_json::Value::Object(map) => {
            // `command: [sh, -c]` with the script in `args`.
            if let (Some(serde_json::Value::Array(cmd)), Some(serde_json::Value::Array(args))) = (map.get("command"), map.get("args"))
                && cmd.len() == 2
                && cmd[1] == "-c"
                && let Some(s) = args.first().and_then(|v| v.as_str())
            {
                out.push(s.to_string());
            }
            map.values().for_each(|v| shell_scripts(v, out));
        }
        _ => {}
    }
}

/// The value of an option in a command line: `NAME=VALUE`, `NAME VALUE`, quoted or not.
fn option_values(line: &str, names: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for name in names {
        let mut rest = line;
        while let Some(i) = rest.find(name) {
            let after = &rest[i + name.len()..];
            rest = after;
            let Some(first) = after.chars().next() else { break };
            let after = if first == '=' || first == ' ' { &after[1..] } else { continue };
            let value = match after.chars().next() {
                Some(q @ ('\'' | '"')) => after[1..].split(q).next().unwrap_or_default(),
                _ => after.split(char::is_whitespace).next().unwrap_or_default(),
            };
            if !value.is_empty() {
                out.push(value.to_string());
            }
        }
    }
    out
}

/// The seed inputs of the target named `name`, deduplicated, in a stable order.
pub fn for_target(name: &str) -> Vec<Vec<u8>> {
    let scripts = scripts();
    let commands = commands(&scripts);
    let lines = || commands.iter().map(|(t, _)| t.as_str());
    let mut out: Vec<String> = match name {
        "script" => scripts.clone(),
        "kubectl" => commands
            .iter()
            .filter_map(|(t, stdin)| {
                let args = t.strip_prefix("kubectl ")?;
                Some(match stdin {
                    Some(s) => format!("{args}\n--\n{s}"),
                    None => args.to_string(),
                })
            })
            .collect(),
        "manifest" => manifests(&commands),
        "shell" => {
            let mut out = Vec::new();
            for m in manifests(&commands) {
                for item in podlife_manifest::parse(&m) {
                    if let podlife_manifest::Item::Object(d) = item {
                        shell_scripts(&d.value, &mut out);
                    }
                }
            }
            // The console's own lines with shell syntax.
            out.extend(lines().filter(|l| l.contains(['$', '|', ';', '>']) || l.starts_with("for ") || l.starts_with("while ")).map(str::to_string));
            out
        }
        "jsonpath" => {
            let mut out: Vec<String> = lines().flat_map(|l| option_values(l, &["jsonpath", "custom-columns"])).collect();
            out.push("{range .items[*]}{.metadata.name}{\"\\t\"}{.status.phase}{\"\\n\"}{end}".into());
            out.push("NAME:.metadata.name,IMAGE:.spec.containers[*].image".into());
            out.push("{.spec.containers[?(@.name==\"nginx\")].image}\n{\"spec\":{\"containers\":[{\"name\":\"nginx\",\"image\":\"nginx\"}]}}".into());
            out
        }
        "selectors" => {
            let mut out: Vec<String> = lines().flat_map(|l| option_values(l, &[" -l", "--selector", "--field-selector"])).collect();
            out.push("app in (web,api),tier!=back,!canary,env".into());
            out.push("metadata.name=web-0,spec.nodeName!=worker-2".into());
            out
        }
        "patch" => {
            let mut out: Vec<String> = Vec::new();
            for l in lines().filter(|l| l.starts_with("kubectl patch")) {
                let kind = option_values(l, &["--type"]).into_iter().next().unwrap_or_else(|| "strategic".into());
                for p in option_values(l, &[" -p", "--patch"]) {
                    out.push(format!("{kind}\n{p}"));
                }
            }
            out.push("json\n[{\"op\":\"copy\",\"from\":\"/spec\",\"path\":\"/metadata/s\"},{\"op\":\"test\",\"path\":\"/kind\",\"value\":\"Pod\"},{\"op\":\"move\",\"from\":\"/metadata/s\",\"path\":\"/status/s\"}]".into());
            out.push("json\n{\"a\":{\"b\":[1,2]}}\n[{\"op\":\"copy\",\"from\":\"/a\",\"path\":\"/a/c\"},{\"op\":\"remove\",\"path\":\"/a/b/0\"},{\"op\":\"add\",\"path\":\"/a/b/-\",\"value\":3},{\"op\":\"replace\",\"path\":\"/a/~1x\",\"value\":null}]".into());
            out.push("strategic\n{\"spec\":{\"containers\":[{\"name\":\"nginx\",\"$patch\":\"delete\"}],\"$setElementOrder/containers\":[{\"name\":\"nginx\"}]},\"metadata\":{\"$deleteFromPrimitiveList/finalizers\":[\"x/y\"],\"$retainKeys\":[\"name\"]}}".into());
            out.push("merge\n{\"metadata\":{\"labels\":{\"app\":null,\"new\":\"1\"}}}".into());
            out
        }
        "keep" => {
            use podlife_player::keep::{EditorFile, Saved, Shared, encode_saved, encode_share};
            let mut out = Vec::new();
            for s in podlife_lessons::all() {
                let files: Vec<EditorFile> = s.files.iter().map(|f| EditorFile { name: f.name.into(), text: f.text.into() }).collect();
                out.extend(encode_share(&Shared { scenario: s.id.into(), lesson: None, custom: Vec::new(), files: files.clone() }).ok());
                let log = vec![
                    podlife_player::Logged { at: 0, input: podlife_player::Input::Script { text: s.setup.into() } },
                    podlife_player::Logged { at: 3, input: podlife_player::Input::Apply { files: files.iter().map(|f| (f.name.clone(), f.text.clone())).collect(), horizon_ms: 60_000 } },
                    podlife_player::Logged { at: 9, input: podlife_player::Input::Command { line: "kubectl get pods".into() } },
                ];
                out.extend(encode_saved(&Saved { scenario: s.id.into(), lesson: None, files, active_file: 0, log, position: 9, lang: Some("ko".into()), custom: Vec::new() }).ok());
            }
            // A lesson in progress, as the autosave and a share link carry it.
            let files = vec![EditorFile { name: "nginx.yaml".into(), text: "apiVersion: v1\nkind: Pod\n".into() }];
            out.extend(encode_share(&Shared { scenario: "nginx".into(), lesson: Some("first-pod".into()), custom: Vec::new(), files: files.clone() }).ok());
            out.extend(encode_saved(&Saved { scenario: "nginx".into(), lesson: Some("first-pod".into()), files: files.clone(), active_file: 0, log: Vec::new(), position: 0, lang: None, custom: Vec::new() }).ok());
            // A lesson made in the builder, kept by the autosave with its files.
            let custom = vec![("lesson.yaml".to_string(), "{\"id\": \"made-here\"}\n".to_string()), ("en.ftl".to_string(), "title = t\n".to_string())];
            out.extend(encode_saved(&Saved { scenario: "nginx".into(), lesson: None, files: files.clone(), active_file: 0, log: Vec::new(), position: 0, lang: None, custom }).ok());
            // A comparison's link (`s2.`): a built-in, then a variant with its own file, an
            // Apply and a console line at their cursors.
            use podlife_player::compare::{Cursor, PairInput, PairLogged};
            use podlife_player::keep::{SharedCompare, encode_compare_share};
            let b = vec![EditorFile { name: "nginx.yaml".into(), text: "apiVersion: v1\nkind: Pod\nmetadata:\n  name: b\n".into() }];
            let pairs = |f: &[EditorFile]| f.iter().map(|f| (f.name.clone(), f.text.clone())).collect::<Vec<_>>();
            let log = vec![
                PairLogged { at: Cursor { a: 0, b: 0, ms: 0 }, input: PairInput::Builtin { id: "prestop".into() } },
                PairLogged { at: Cursor { a: 4, b: 5, ms: 1_500 }, input: PairInput::Apply { a: pairs(&files), b: pairs(&b), horizon_ms: 60_000 } },
                PairLogged { at: Cursor { a: 9, b: 12, ms: 61_500 }, input: PairInput::Command { line: "kubectl get pods".into() } },
            ];
            out.extend(encode_compare_share(&SharedCompare { scenario: "nginx".into(), a: files, b, seed: 7, log, at: Cursor { a: 9, b: 12, ms: 61_500 } }).ok());
            out
        }
        "complete" => {
            let mut out: Vec<String> = lines().filter(|l| l.starts_with("kubectl") || l.starts_with("podlife") || l.starts_with("sleep")).map(str::to_string).collect();
            out.extend(["", "\t", "\u{a0}", "kubectl\tget", "kubectl get\u{a0}po", "podlife node \u{a0}w", "kubectl get pods wé"].map(String::from));
            out
        }
        _ => Vec::new(),
    };
    let mut seen = BTreeSet::new();
    out.retain(|s| seen.insert(s.clone()));
    out.into_iter().map(String::into_bytes).collect()
}

/// FNV-1a of a seed, for its file name.
pub fn hash(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Writes every target's seeds to `dir/<target>/seed-<hash>` (existing files are kept, so the
/// fuzzer's own corpus grows beside them); returns how many seeds each target has.
pub fn write_corpora(dir: &Path) -> std::io::Result<Vec<(&'static str, usize)>> {
    let mut counts = Vec::new();
    for t in crate::TARGETS {
        let d = dir.join(t.name);
        std::fs::create_dir_all(&d)?;
        let seeds = for_target(t.name);
        for s in &seeds {
            std::fs::write(d.join(format!("seed-{:016x}", hash(s))), s)?;
        }
        counts.push((t.name, seeds.len()));
    }
    Ok(counts)
}

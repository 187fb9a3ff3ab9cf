//! The bodies. Each reads its input in a small text format (documented on the function) that
//! the seeds in [`crate::seeds`] follow, and never fails on a format it cannot read: a
//! missing part takes a default, so every mutation reaches the code under test.

use std::collections::BTreeMap;

use podlife_console::Session;
use podlife_engine::shell::{Host, NetError, Shell, Yield};
use podlife_model::ResourceType;
use serde_json::{Value, json};

use crate::{budget, text};

/// A manifest stream: kubectl's split on `---`, YAML 1.1 into JSON with a position for
/// every field, then the strict decoding of each document as its type (a document whose
/// `apiVersion`/`kind` names no known type is decoded as one chosen by the input's length,
/// so every type's decoder sees every shape).
pub fn manifest(data: &[u8]) {
    let text = text(data);
    for item in podlife_manifest::parse(&text) {
        let podlife_manifest::Item::Object(doc) = item else { continue };
        let api = doc.value["apiVersion"].as_str().unwrap_or("v1");
        let kind = doc.value["kind"].as_str().unwrap_or("");
        let rt = ResourceType::by_api_version_kind(api, kind).unwrap_or(&podlife_model::RESOURCES[data.len() % podlife_model::RESOURCES.len()]);
        if let Err(e) = podlife_model::decode::decode_strict(rt, &doc.value) {
            // What the console does with the error: point at each path in the source.
            for path in e.paths() {
                let _ = doc.spans.locate(&path);
            }
        }
    }
    let _ = podlife_manifest::first_document(&text);
}

/// One input's engine work so far, counted command by command (a `podlife cluster …` command
/// replaces the engine and its counters).
#[derive(Default)]
struct Spent {
    steps: u64,
    reactions: u64,
}

impl Spent {
    /// Sets the next command's budgets: what is left of the input's steps and reactions, at
    /// most the per-command share. False when the input's budget is spent (run nothing more).
    fn budget_next(&self, s: &mut Session) -> bool {
        let steps_left = budget::engine_steps().saturating_sub(self.steps);
        let reactions_left = budget::engine_reactions().saturating_sub(self.reactions);
        if steps_left == 0 || reactions_left == 0 {
            return false;
        }
        s.engine_mut().set_command_budget(Some(steps_left.min(budget::engine_steps_per_command())), Some(reactions_left.min(budget::engine_reactions_per_command())));
        true
    }

    /// Runs `command` under the budgets and counts its work; false (and nothing run) when the
    /// input's budget is spent.
    fn run(&mut self, s: &mut Session, command: impl FnOnce(&mut Session)) -> bool {
        if !self.budget_next(s) {
            return false;
        }
        let before = (s.engine().work().steps, s.engine().work().reactions);
        command(s);
        let after = (s.engine().work().steps, s.engine().work().reactions);
        // A replaced engine counts from zero.
        self.steps += if after.0 >= before.0 { after.0 - before.0 } else { after.0 };
        self.reactions += if after.1 >= before.1 { after.1 - before.1 } else { after.1 };
        true
    }
}

/// kubectl command lines on a fresh default cluster: each line (at most
/// [`budget::KUBECTL_LINES`]) runs as `kubectl LINE`; after a line `--`, the rest of the
/// input is the last command's standard input (`kubectl apply -f -`).
pub fn kubectl(data: &[u8]) {
    let text = text(data);
    let (lines, stdin) = match text.split_once("\n--\n") {
        Some((lines, stdin)) => (lines, Some(stdin)),
        None => (text.as_str(), None),
    };
    let lines: Vec<&str> = lines.lines().take(budget::KUBECTL_LINES).collect();
    let mut s = Session::new(1);
    let mut spent = Spent::default();
    for (i, line) in lines.iter().enumerate() {
        let input = if i + 1 == lines.len() { stdin } else { None };
        if !spent.run(&mut s, |s| {
            let _ = s.exec(&format!("kubectl {line}"), input);
        }) {
            break;
        }
    }
}

/// A whole podlife script (`podlife run FILE`) on a fresh default cluster: the script's
/// splitter, then its first [`budget::SCRIPT_COMMANDS`] commands through the console's shell,
/// kubectl and the engine, under the fuzz budgets (steps and reactions per input and per
/// command), then the script's end (traffic runs finishing).
pub fn script(data: &[u8]) {
    let text = text(data);
    let Ok(commands) = podlife_console::script::parse(&text) else { return };
    let mut s = Session::new(1);
    let mut spent = Spent::default();
    for c in commands.iter().take(budget::SCRIPT_COMMANDS) {
        if let Ok((line, stdin)) = c.invocation()
            && !spent.run(&mut s, |s| {
                let _ = s.exec(line, stdin);
            })
        {
            break;
        }
    }
    spent.run(&mut s, |s| {
        s.engine_mut().begin_command();
        let _ = s.finish_background();
        s.engine_mut().end_command();
    });
}

/// A container's `sh -c` script in the engine's interpreter, on a fake container (files in
/// memory, nothing listening), until it has run [`budget::shell_steps`] steps (as the
/// interpreter counts them, matching work included) in resumes of
/// [`budget::SHELL_STEPS_PER_SLICE`]. Programs the shell hands over exit 0 or are not found,
/// alternately; sleeps pass at once.
pub fn shell(data: &[u8]) {
    let text = text(data);
    let _ = podlife_engine::shell::parse(&text);
    let env: podlife_engine::vecmap::VecMap<String, String> = [("HOME", "/root"), ("PATH", "/usr/sbin:/usr/bin:/sbin:/bin"), ("HOSTNAME", "fuzz")].into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let mut sh = match Shell::from_source(&text, Vec::new(), env) {
        Ok(sh) => sh,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    sh.set_step_budget(budget::SHELL_STEPS_PER_SLICE);
    let mut host = FakeHost::default();
    let mut found = false;
    let mut steps = 0u64;
    // Each resume costs at least a step: a script that sleeps or runs programs forever ends too.
    while steps < budget::shell_steps() {
        let y = sh.resume(&mut host);
        steps = steps.saturating_add(sh.steps_used().max(100));
        match y {
            Yield::Sleep { ms } => host.now_ms = host.now_ms.saturating_add(ms),
            Yield::Busy => {}
            Yield::Run { .. } => {
                found = !found;
                if found {
                    sh.program_output("output\n", "");
                    sh.program_exited(0);
                } else {
                    sh.program_not_found();
                }
            }
            Yield::Exec { .. } | Yield::Exit { .. } | Yield::WaitForever => break,
        }
    }
}

/// A container as [`shell`] sees it: a bounded file system in memory.
#[derive(Default)]
struct FakeHost {
    now_ms: u64,
    out_bytes: usize,
    files: BTreeMap<String, String>,
    dirs: std::collections::BTreeSet<String>,
    file_bytes: usize,
}

/// The most bytes [`FakeHost`]'s files hold together (then `No space left on device`).
const FAKE_DISK_BYTES: usize = 8 * 1024 * 1024;

impl Host for FakeHost {
    fn stdout(&mut self, text: &str) {
        self.out_bytes += text.len();
    }
    fn stderr(&mut self, text: &str) {
        self.out_bytes += text.len();
    }
    fn now_unix_secs(&self) -> u64 {
        1_795_000_000 + self.now_ms / 1000
    }
    fn now_millis(&self) -> u64 {
        1_795_000_000_000 + self.now_ms
    }
    fn hostname(&self) -> String {
        "fuzz".to_string()
    }
    fn read_file(&self, path: &str) -> Option<String> {
        self.files.get(path).cloned()
    }
    fn write_file(&mut self, path: &str, content: &str, append: bool) -> Result<(), String> {
        let old = self.files.get(path).map_or(0, String::len);
        let new = if append { old + content.len() } else { content.len() };
        if self.file_bytes - old + new > FAKE_DISK_BYTES {
            return Err("No space left on device".to_string());
        }
        self.file_bytes = self.file_bytes - old + new;
        let file = self.files.entry(path.to_string()).or_default();
        if !append {
            file.clear();
        }
        file.push_str(content);
        Ok(())
    }
    fn remove_file(&mut self, path: &str) -> bool {
        if let Some(f) = self.files.remove(path) {
            self.file_bytes -= f.len();
            return true;
        }
        self.dirs.remove(path)
    }
    fn file_exists(&self, path: &str) -> bool {
        matches!(path, "/" | "/tmp" | "/etc" | "/root") || self.files.contains_key(path) || self.dirs.contains(path)
    }
    fn make_dir(&mut self, path: &str) -> Result<(), String> {
        if self.dirs.len() >= 10_000 {
            return Err("No space left on device".to_string());
        }
        self.dirs.insert(path.to_string());
        Ok(())
    }
    fn list_dir(&self, path: &str) -> Option<Vec<String>> {
        let prefix = if path == "/" { "/".to_string() } else { format!("{path}/") };
        let names: std::collections::BTreeSet<String> = self.files.keys().chain(self.dirs.iter()).filter_map(|p| p.strip_prefix(&prefix)).filter(|r| !r.is_empty() && !r.contains('/')).map(str::to_string).collect();
        Some(names.into_iter().collect())
    }
    fn tcp_connect(&mut self, host: &str, _port: u16) -> Result<(), NetError> {
        if host.starts_with("10.") { Err(NetError::Timeout) } else { Err(NetError::Refused) }
    }
    fn http_get(&mut self, url: &str) -> Result<(u16, String), NetError> {
        if url.contains("localhost") { Ok((200, "ok\n".to_string())) } else { Err(NetError::UnknownHost) }
    }
}

/// A pod as the API returns it, for templates, selectors and patches whose input has none.
fn sample_object() -> Value {
    json!({
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {"name": "web-0", "namespace": "default", "labels": {"app": "web", "tier": "front", "app.kubernetes.io/name": "web"}, "annotations": {"a": "1"}, "finalizers": ["x/y"], "ownerReferences": [{"uid": "u1", "kind": "StatefulSet", "name": "web"}]},
        "spec": {"nodeName": "worker-1", "restartPolicy": "Always", "containers": [{"name": "nginx", "image": "nginx:1.27", "ports": [{"containerPort": 80}], "env": [{"name": "A", "value": "1"}], "volumeMounts": [{"name": "d", "mountPath": "/d"}]}], "volumes": [{"name": "d", "emptyDir": {}}]},
        "status": {"phase": "Running", "podIP": "10.244.1.2", "conditions": [{"type": "Ready", "status": "True"}], "containerStatuses": [{"name": "nginx", "ready": true, "restartCount": 0, "state": {"running": {"startedAt": "2026-03-02T09:00:00Z"}}}]}
    })
}

/// The first line and the JSON value after it (the sample pod when there is none or it does
/// not parse).
fn line_and_value(text: &str) -> (&str, Value) {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let value = if rest.trim().is_empty() { sample_object() } else { serde_json::from_str(rest).unwrap_or_else(|_| sample_object()) };
    (first, value)
}

/// `-o jsonpath=TEMPLATE` and `-o custom-columns=SPEC`: the first line is the template, the
/// rest a JSON value to render (default: a pod; a `List` of it too).
pub fn jsonpath(data: &[u8]) {
    let text = text(data);
    let (template, value) = line_and_value(&text);
    let list = json!({"apiVersion": "v1", "kind": "List", "items": [value.clone(), value.clone()]});
    let _ = podlife_console::printers::jsonpath::render(template, &value);
    let _ = podlife_console::printers::jsonpath::render(template, &list);
    let _ = podlife_console::printers::jsonpath::find_results(template, &value);
    use podlife_console::printers::custom_columns;
    if let Ok(columns) = custom_columns::parse_spec(template) {
        let _ = custom_columns::render(&columns, std::slice::from_ref(&value), false);
    }
    if let Ok(columns) = custom_columns::parse_template(&text) {
        let _ = custom_columns::render(&columns, &[value], true);
    }
}

/// `-l` and `--field-selector`: the first line is the selector, the rest a JSON object (the
/// labels map for a label selector; the whole object for a field selector; default: a pod).
pub fn selectors(data: &[u8]) {
    let text = text(data);
    let (selector, value) = line_and_value(&text);
    if let Ok(s) = podlife_engine::labels::Selector::parse(selector) {
        let object = podlife_engine::Obj::untyped(&value);
        let _ = s.matches(&object["metadata"]["labels"]);
        let _ = s.matches(&object);
    }
    use podlife_engine::apiserver::fields;
    if let Ok(terms) = fields::parse(selector) {
        for name in ["pods", "events", "nodes", "secrets", "replicasets", "jobs", "namespaces"] {
            if let Some(rt) = ResourceType::resolve(name)
                && let Ok(terms) = fields::convert_labels(rt, terms.clone())
            {
                let _ = fields::matches(&terms, &value);
            }
        }
    }
}

/// A PATCH as kube-apiserver applies it: the first line names the type (`json`, `merge`,
/// anything else strategic); the rest is one or two JSON values — the patch alone (applied
/// to a pod), or the object and then the patch.
pub fn patch(data: &[u8]) {
    let text = text(data);
    let (kind, rest) = text.split_once('\n').unwrap_or((&text, ""));
    use podlife_engine::apiserver::patch::{PatchType, apply};
    let kind = match kind.trim() {
        "json" => PatchType::Json,
        "merge" => PatchType::Merge,
        _ => PatchType::Strategic,
    };
    let mut values = serde_json::Deserializer::from_str(rest).into_iter::<Value>().map_while(Result::ok);
    let (mut target, patch) = match (values.next(), values.next()) {
        (Some(target), Some(patch)) => (target, patch),
        (Some(patch), None) => (sample_object(), patch),
        _ => return,
    };
    if apply(kind, &mut target, &patch).is_ok() {
        let _ = podlife_model::json::to_string(&target);
    }
}

/// The web app's saved work: the input as a share-link fragment and as an autosave record;
/// whatever decodes must encode and decode again to the same value.
pub fn keep(data: &[u8]) {
    let text = text(data);
    use podlife_player::keep::{Link, decode_link, decode_saved, decode_share, encode_compare_share, encode_saved, encode_share};
    if let Ok(shared) = decode_share(&text)
        && let Ok(again) = encode_share(&shared)
    {
        assert_eq!(decode_share(&again).as_ref(), Ok(&shared), "a share link's round trip changed it");
    }
    // A comparison's link (`s2.`, issue 21) carries scripts and inputs: the same round trip.
    if let Ok(Link::Compare(shared)) = decode_link(&text)
        && let Ok(again) = encode_compare_share(&shared)
    {
        assert_eq!(decode_link(&again), Ok(Link::Compare(shared)), "a comparison link's round trip changed it");
    }
    if let Ok(saved) = decode_saved(&text)
        && let Ok(again) = encode_saved(&saved)
    {
        assert_eq!(decode_saved(&again).as_ref(), Ok(&saved), "an autosave record's round trip changed it");
    }
}

/// The console's tab completion: every line of the input, and every prefix of the last one
/// (completion runs on each keystroke), against a fixed set of object names.
pub fn complete(data: &[u8]) {
    let text = text(data);
    let names: Vec<String> = ["nginx", "nginx-2", "worker-1", "control-plane", "wéb", "x\u{a0}y"].iter().map(|s| s.to_string()).collect();
    let mut lines: Vec<&str> = text.split('\n').take(64).collect();
    if let Some(last) = lines.last().copied() {
        let prefixes: Vec<&str> = last.char_indices().map(|(i, _)| &last[..i]).collect();
        lines.extend(prefixes.into_iter().take(256));
    }
    for line in lines {
        let _ = podlife_page::complete::candidates(line, &names);
        let _ = podlife_page::complete::complete(line, &names);
    }
}

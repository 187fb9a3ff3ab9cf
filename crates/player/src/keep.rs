//! Keeping work: the autosave record (localStorage) and share links (the URL fragment). Both
//! are versioned: whatever a release wrote, later releases read. A value that does not decode
//! is reported, never trusted half-way.

use podlife_model::json::quote;
use serde_json::{Map, Value};

use crate::compare::{Cursor, PairInput, PairLogged};
use crate::player::{Input, Logged};

/// One editor tab.
#[derive(Debug, Clone, PartialEq)]
pub struct EditorFile {
    pub name: String,
    pub text: String,
}

/// Everything a reload restores.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved {
    pub scenario: String,
    /// The lesson being played, if any (its id); absent in records older than the course.
    pub lesson: Option<String>,
    pub files: Vec<EditorFile>,
    pub active_file: usize,
    /// The inputs that built the timeline, replayed on reload.
    pub log: Vec<Logged>,
    pub position: usize,
    pub lang: Option<String>,
    /// A lesson made in the builder: its files (`lesson.yaml`, `en.ftl`, … and the tabs), as
    /// a share link carries them; absent in older records.
    pub custom: Vec<(String, String)>,
}

/// What a share link carries.
#[derive(Debug, Clone, PartialEq)]
pub struct Shared {
    pub scenario: String,
    /// A lesson the link opens (with the files as the learner left them).
    pub lesson: Option<String>,
    /// A lesson made in the builder: its files (`lesson.yaml`, `en.ftl`, … and the tabs).
    pub custom: Vec<(String, String)>,
    pub files: Vec<EditorFile>,
}

/// What a comparison's share link carries (format 2, `s2.`): variant A's files (`files`, as
/// a session's link has them), variant B's, the seed, the inputs given to both with the cursor
/// each was given at, and the cursor shown.
#[derive(Debug, Clone, PartialEq)]
pub struct SharedCompare {
    /// The story the sandbox goes back to.
    pub scenario: String,
    pub a: Vec<EditorFile>,
    pub b: Vec<EditorFile>,
    pub seed: u64,
    pub log: Vec<PairLogged>,
    pub at: Cursor,
}

/// A share link: a session's (`s1.`) or a comparison's (`s2.`).
#[derive(Debug, Clone, PartialEq)]
pub enum Link {
    Session(Shared),
    Compare(SharedCompare),
}

/// The comparison link's format version (`s2.`); a link without a comparison is still `s1.`.
pub const COMPARE_SHARE_VERSION: u32 = 2;

/// The autosave format's version; `decode_saved` reads every version up to this one.
pub const SAVED_VERSION: u32 = 1;

/// The share link format's version (the fragment starts with `s1.`).
pub const SHARE_VERSION: u32 = 1;

/// The most characters a share fragment may have (browsers keep far longer URLs, but a link
/// pasted into chat should stay usable); longer work is refused with a message.
pub const MAX_SHARE_CHARS: usize = 16_000;

/// The most bytes an autosave record may have (localStorage holds about 5 MB per origin).
pub const MAX_SAVED_BYTES: usize = 1_000_000;

/// The autosave record as JSON: `{"v":1,"scenario":…,"files":[{"name":…,"text":…}…],
/// "activeFile":…,"log":[{"at":…,"input":"command","line":…}…],"position":…,"lang":…}`, and
/// `"lesson":…` when a lesson is being played.
/// (Written and read by hand rather than by serde derives: the same text the first release's
/// derives wrote, with less code in the bundle.)
pub fn encode_saved(saved: &Saved) -> Result<String, String> {
    let log: Vec<String> = saved.log.iter().map(logged_json).collect();
    let lang = saved.lang.as_deref().map_or_else(|| "null".to_string(), quote);
    let lesson = saved.lesson.as_deref().map_or_else(String::new, |l| format!(",\"lesson\":{}", quote(l)));
    let custom = custom_json(&saved.custom);
    let text = format!(
        "{{\"v\":{SAVED_VERSION},\"scenario\":{},\"files\":{},\"activeFile\":{},\"log\":[{}],\"position\":{},\"lang\":{lang}{lesson}{custom}}}",
        quote(&saved.scenario),
        files_json(&saved.files),
        saved.active_file,
        log.join(","),
        saved.position,
    );
    if text.len() > MAX_SAVED_BYTES {
        return Err(format!("the work is too large to keep ({} bytes; at most {MAX_SAVED_BYTES})", text.len()));
    }
    Ok(text)
}

/// Reads an autosave record; an error says why it was ignored.
pub fn decode_saved(text: &str) -> Result<Saved, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    match value.get("v").and_then(Value::as_u64) {
        Some(1) => saved_from(&value).map_err(|e| format!("version 1 record: {e}")),
        Some(v) => Err(format!("written by a newer podlife (format {v})")),
        None => Err("no format version".to_string()),
    }
}

/// The fragment of a share link (without `#`): `s1.` and the compressed JSON
/// (`{"scenario":…,"files":[…]}`).
pub fn encode_share(shared: &Shared) -> Result<String, String> {
    let lesson = shared.lesson.as_deref().map_or_else(String::new, |l| format!(",\"lesson\":{}", quote(l)));
    let custom = custom_json(&shared.custom);
    let json = format!("{{\"scenario\":{},\"files\":{}{lesson}{custom}}}", quote(&shared.scenario), files_json(&shared.files));
    let packed = lz_str::compress_to_encoded_uri_component(&json);
    let fragment = format!("s{SHARE_VERSION}.{packed}");
    if fragment.len() > MAX_SHARE_CHARS {
        return Err(format!("the files are too large for a link ({} characters; at most {MAX_SHARE_CHARS})", fragment.len()));
    }
    Ok(fragment)
}

/// The fragment of a comparison's link: `s2.` and the compressed JSON — an `s1` link's
/// fields (`scenario`, `files`: variant A's) and `"compare":{"seed":…,"b":[…],"log":[…],
/// "at":{…}}`.
pub fn encode_compare_share(shared: &SharedCompare) -> Result<String, String> {
    let log: Vec<String> = shared.log.iter().map(pair_logged_json).collect();
    let json = format!(
        "{{\"scenario\":{},\"files\":{},\"compare\":{{\"seed\":{},\"b\":{},\"log\":[{}],\"at\":{}}}}}",
        quote(&shared.scenario),
        files_json(&shared.a),
        shared.seed,
        files_json(&shared.b),
        log.join(","),
        cursor_json(&shared.at),
    );
    let packed = lz_str::compress_to_encoded_uri_component(&json);
    let fragment = format!("s{COMPARE_SHARE_VERSION}.{packed}");
    if fragment.len() > MAX_SHARE_CHARS {
        return Err(format!("the comparison is too large for a link ({} characters; at most {MAX_SHARE_CHARS})", fragment.len()));
    }
    Ok(fragment)
}

/// Reads a share fragment of either format (with or without `#`).
pub fn decode_link(fragment: &str) -> Result<Link, String> {
    let fragment = fragment.trim_start_matches('#');
    if fragment.len() > MAX_SHARE_CHARS {
        return Err(format!("the link is too long ({} characters; at most {MAX_SHARE_CHARS})", fragment.len()));
    }
    match fragment.split_once('.') {
        Some(("s2", packed)) => {
            let json = lz_str::decompress_from_encoded_uri_component(packed).ok_or("the link is damaged (it does not decompress)")?;
            let json = String::from_utf16(&json).map_err(|_| "the link is damaged (not text)")?;
            let value: Value = serde_json::from_str(&json).map_err(|e| format!("the link is damaged: {e}"))?;
            compare_from(&value).map(Link::Compare).map_err(|e| format!("the link is damaged: {e}"))
        }
        _ => decode_share(fragment).map(Link::Session),
    }
}

fn cursor_json(c: &Cursor) -> String {
    format!("{{\"a\":{},\"b\":{},\"ms\":{}}}", c.a, c.b, c.ms)
}

fn pairs_json(files: &[(String, String)]) -> String {
    let items: Vec<String> = files.iter().map(|(name, text)| format!("[{},{}]", quote(name), quote(text))).collect();
    format!("[{}]", items.join(","))
}

/// One input to both sides: `{"at":{…},"input":"builtin","id":…}` (`script` `text`, `apply`
/// `a` `b` `horizon_ms`, `command` `line`, `files` `a` `b`).
fn pair_logged_json(l: &PairLogged) -> String {
    let rest = match &l.input {
        PairInput::Builtin { id } => format!("\"builtin\",\"id\":{}", quote(id)),
        PairInput::Script { text } => format!("\"script\",\"text\":{}", quote(text)),
        PairInput::Apply { a, b, horizon_ms } => format!("\"apply\",\"a\":{},\"b\":{},\"horizon_ms\":{horizon_ms}", pairs_json(a), pairs_json(b)),
        PairInput::Command { line } => format!("\"command\",\"line\":{}", quote(line)),
        PairInput::Files { a, b } => format!("\"files\",\"a\":{},\"b\":{}", pairs_json(a), pairs_json(b)),
    };
    format!("{{\"at\":{},\"input\":{rest}}}", cursor_json(&l.at))
}

fn cursor_from(v: &Value) -> Result<Cursor, String> {
    let o = object(v, "`at`")?;
    Ok(Cursor { a: index(o, "a")?, b: index(o, "b")?, ms: unsigned(o, "ms")? })
}

fn pairs_from(o: &Object, key: &str) -> Result<Vec<(String, String)>, String> {
    list(o, key)?
        .iter()
        .map(|pair| match pair.as_array().map(Vec::as_slice) {
            Some([name, text]) => Ok((string(name, key)?, string(text, key)?)),
            _ => Err(format!("`{key}`: expected [name, text] pairs")),
        })
        .collect()
}

fn pair_logged_from(v: &Value) -> Result<PairLogged, String> {
    let o = object(v, "`log`")?;
    let input = match text(o, "input")?.as_str() {
        "builtin" => PairInput::Builtin { id: text(o, "id")? },
        "script" => PairInput::Script { text: text(o, "text")? },
        "apply" => PairInput::Apply { a: pairs_from(o, "a")?, b: pairs_from(o, "b")?, horizon_ms: unsigned(o, "horizon_ms")? },
        "command" => PairInput::Command { line: text(o, "line")? },
        "files" => PairInput::Files { a: pairs_from(o, "a")?, b: pairs_from(o, "b")? },
        other => return Err(format!("unknown input `{other}`")),
    };
    Ok(PairLogged { at: cursor_from(field(o, "at")?)?, input })
}

fn compare_from(v: &Value) -> Result<SharedCompare, String> {
    let o = object(v, "the link")?;
    let c = object(field(o, "compare")?, "`compare`")?;
    let b: Vec<EditorFile> = list(c, "b")?
        .iter()
        .map(|f| {
            let f = object(f, "`b`")?;
            Ok(EditorFile { name: text(f, "name")?, text: text(f, "text")? })
        })
        .collect::<Result<_, String>>()?;
    Ok(SharedCompare {
        scenario: text(o, "scenario")?,
        a: files_from(o)?,
        b,
        seed: unsigned(c, "seed")?,
        log: list(c, "log")?.iter().map(pair_logged_from).collect::<Result<_, _>>()?,
        at: cursor_from(field(c, "at")?)?,
    })
}

/// Reads a share fragment (with or without `#`).
pub fn decode_share(fragment: &str) -> Result<Shared, String> {
    let fragment = fragment.trim_start_matches('#');
    // podlife never makes a longer link, and lz-string's output can grow with the square of
    // its input: a long forged fragment would take the tab's memory.
    if fragment.len() > MAX_SHARE_CHARS {
        return Err(format!("the link is too long ({} characters; at most {MAX_SHARE_CHARS})", fragment.len()));
    }
    let Some((version, packed)) = fragment.split_once('.') else { return Err("not a podlife share link".to_string()) };
    match version {
        "s1" => {
            let json = lz_str::decompress_from_encoded_uri_component(packed).ok_or("the link is damaged (it does not decompress)")?;
            let json = String::from_utf16(&json).map_err(|_| "the link is damaged (not text)")?;
            let value: Value = serde_json::from_str(&json).map_err(|e| format!("the link is damaged: {e}"))?;
            shared_from(&value).map_err(|e| format!("the link is damaged: {e}"))
        }
        "s2" => Err("a comparison's link (opened by `decode_link`)".to_string()),
        v if v.starts_with('s') && v[1..].parse::<u32>().is_ok() => Err(format!("the link was made by a newer podlife (format {})", &v[1..])),
        _ => Err("not a podlife share link".to_string()),
    }
}

/// `,"custom":[[name,text]…]`, or nothing when there is no builder lesson.
fn custom_json(custom: &[(String, String)]) -> String {
    if custom.is_empty() {
        return String::new();
    }
    let pairs: Vec<String> = custom.iter().map(|(p, t)| format!("[{},{}]", quote(p), quote(t))).collect();
    format!(",\"custom\":[{}]", pairs.join(","))
}

fn files_json(files: &[EditorFile]) -> String {
    let items: Vec<String> = files.iter().map(|f| format!("{{\"name\":{},\"text\":{}}}", quote(&f.name), quote(&f.text))).collect();
    format!("[{}]", items.join(","))
}

/// One input, its `at` first and the kind of input named by `input`.
fn logged_json(logged: &Logged) -> String {
    let pairs = |files: &[(String, String)]| {
        let items: Vec<String> = files.iter().map(|(name, text)| format!("[{},{}]", quote(name), quote(text))).collect();
        format!("[{}]", items.join(","))
    };
    let rest = match &logged.input {
        Input::Script { text } => format!("\"script\",\"text\":{}", quote(text)),
        Input::Apply { files, horizon_ms } => format!("\"apply\",\"files\":{},\"horizon_ms\":{horizon_ms}", pairs(files)),
        Input::Delete { files, horizon_ms } => format!("\"delete\",\"files\":{},\"horizon_ms\":{horizon_ms}", pairs(files)),
        Input::Command { line } => format!("\"command\",\"line\":{}", quote(line)),
        Input::Wait { until_ms } => format!("\"wait\",\"until_ms\":{until_ms}"),
    };
    format!("{{\"at\":{},\"input\":{rest}}}", logged.at)
}

/// Reading what the encoders above write. As the serde derives the first release used did:
/// fields in any order, unknown fields ignored, `lang` absent or `null` for none.
type Object = Map<String, Value>;

fn object<'v>(v: &'v Value, what: &str) -> Result<&'v Object, String> {
    v.as_object().ok_or_else(|| format!("{what}: expected an object"))
}

fn field<'v>(o: &'v Object, key: &str) -> Result<&'v Value, String> {
    o.get(key).ok_or_else(|| format!("missing field `{key}`"))
}

fn string(v: &Value, key: &str) -> Result<String, String> {
    v.as_str().map(str::to_string).ok_or_else(|| format!("`{key}`: expected a string"))
}

fn text(o: &Object, key: &str) -> Result<String, String> {
    string(field(o, key)?, key)
}

fn unsigned(o: &Object, key: &str) -> Result<u64, String> {
    field(o, key)?.as_u64().ok_or_else(|| format!("`{key}`: expected an unsigned integer"))
}

fn index(o: &Object, key: &str) -> Result<usize, String> {
    usize::try_from(unsigned(o, key)?).map_err(|_| format!("`{key}`: out of range"))
}

fn list<'v>(o: &'v Object, key: &str) -> Result<&'v [Value], String> {
    field(o, key)?.as_array().map(Vec::as_slice).ok_or_else(|| format!("`{key}`: expected a list"))
}

fn files_from(o: &Object) -> Result<Vec<EditorFile>, String> {
    list(o, "files")?
        .iter()
        .map(|f| {
            let f = object(f, "`files`")?;
            Ok(EditorFile { name: text(f, "name")?, text: text(f, "text")? })
        })
        .collect()
}

fn shared_from(v: &Value) -> Result<Shared, String> {
    let o = object(v, "the link")?;
    Ok(Shared { scenario: text(o, "scenario")?, lesson: optional_text(o, "lesson")?, custom: custom_from(o)?, files: files_from(o)? })
}

/// A builder lesson's files, absent or null when there is none.
fn custom_from(o: &Object) -> Result<Vec<(String, String)>, String> {
    match o.get("custom") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(v) => v
            .as_array()
            .ok_or("`custom` is not a list")?
            .iter()
            .map(|pair| match pair.as_array().map(Vec::as_slice) {
                Some([Value::String(p), Value::String(t)]) => Ok((p.clone(), t.clone())),
                _ => Err("a `custom` entry is not [name, text]".to_string()),
            })
            .collect(),
    }
}

/// A string field that may be absent or null.
fn optional_text(o: &Object, key: &str) -> Result<Option<String>, String> {
    match o.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => string(v, key).map(Some),
    }
}

fn saved_from(v: &Value) -> Result<Saved, String> {
    let o = object(v, "the record")?;
    let lang = match o.get("lang") {
        None | Some(Value::Null) => None,
        Some(l) => Some(string(l, "lang")?),
    };
    Ok(Saved {
        scenario: text(o, "scenario")?,
        lesson: optional_text(o, "lesson")?,
        files: files_from(o)?,
        active_file: index(o, "activeFile")?,
        log: list(o, "log")?.iter().map(logged_from).collect::<Result<_, _>>()?,
        position: index(o, "position")?,
        lang,
        custom: custom_from(o)?,
    })
}

fn logged_from(v: &Value) -> Result<Logged, String> {
    let o = object(v, "`log`")?;
    let pairs = |o: &Object| -> Result<Vec<(String, String)>, String> {
        list(o, "files")?
            .iter()
            .map(|pair| match pair.as_array().map(Vec::as_slice) {
                Some([name, text]) => Ok((string(name, "files")?, string(text, "files")?)),
                _ => Err("`files`: expected [name, text] pairs".to_string()),
            })
            .collect()
    };
    let input = match text(o, "input")?.as_str() {
        "script" => Input::Script { text: text(o, "text")? },
        "apply" => Input::Apply { files: pairs(o)?, horizon_ms: unsigned(o, "horizon_ms")? },
        "delete" => Input::Delete { files: pairs(o)?, horizon_ms: unsigned(o, "horizon_ms")? },
        "command" => Input::Command { line: text(o, "line")? },
        "wait" => Input::Wait { until_ms: unsigned(o, "until_ms")? },
        other => return Err(format!("unknown input `{other}`")),
    };
    Ok(Logged { at: index(o, "at")?, input })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Input;
    use proptest::prelude::*;

    fn sample() -> Shared {
        Shared { scenario: "nginx".into(), lesson: None, custom: Vec::new(), files: vec![EditorFile { name: "pod.yaml".into(), text: "apiVersion: v1\nkind: Pod\n# 한글 주석\n".into() }] }
    }

    #[test]
    fn a_built_lesson_travels_in_a_share_link() {
        let mut shared = sample();
        shared.custom = vec![("lesson.yaml".into(), "{\"id\": \"made-here\"}\n".into()), ("ko.ftl".into(), "title = 제목\n".into())];
        assert_eq!(decode_share(&encode_share(&shared).unwrap()).unwrap(), shared);
        let bad = format!("s1.{}", lz_str::compress_to_encoded_uri_component("{\"scenario\":\"x\",\"files\":[],\"custom\":[[1,2]]}"));
        assert!(decode_share(&bad).unwrap_err().contains("custom"));
    }

    #[test]
    fn share_links_round_trip_and_are_url_safe() {
        let fragment = encode_share(&sample()).unwrap();
        assert!(fragment.starts_with("s1."));
        assert!(fragment.chars().all(|c| c.is_ascii_alphanumeric() || "+-$._".contains(c)), "{fragment}");
        assert_eq!(decode_share(&format!("#{fragment}")).unwrap(), sample());
    }

    /// A link made by the first release: every later release must keep opening it.
    #[test]
    fn a_version_1_link_still_opens() {
        let pinned = "s1.N4IgzgxgpgdghgJwJYHsQC4QwOZJgDxABoQAzJAGyjAwG0BdAXyA";
        assert_eq!(decode_share(pinned).unwrap(), Shared { scenario: "nginx".into(), lesson: None, custom: Vec::new(), files: vec![] });
        assert_eq!(encode_share(&Shared { scenario: "nginx".into(), lesson: None, custom: Vec::new(), files: vec![] }).unwrap(), pinned);
    }

    /// A comparison's link carries both variants' files, every kind of input with its cursor,
    /// and the cursor shown; session links (the pinned first-release one too) still open
    /// through `decode_link`.
    #[test]
    fn a_comparison_travels_in_an_s2_link_and_s1_links_still_open() {
        let at = |a, b, ms| Cursor { a, b, ms };
        let compare = SharedCompare {
            scenario: "nginx".into(),
            a: sample().files,
            b: vec![EditorFile { name: "pod.yaml".into(), text: "image: nginx:1.99\n# 한글\n".into() }],
            seed: 7,
            log: vec![
                PairLogged { at: at(0, 0, 0), input: PairInput::Builtin { id: "prestop".into() } },
                PairLogged { at: at(3, 4, 10), input: PairInput::Script { text: "kubectl get pods\n".into() } },
                PairLogged { at: at(5, 9, 1_500), input: PairInput::Apply { a: vec![("a.yaml".into(), "k: v\n".into())], b: vec![], horizon_ms: 60_000 } },
                PairLogged { at: at(usize::MAX >> 12, 1, u64::MAX), input: PairInput::Files { a: vec![], b: vec![("b.yaml".into(), "x: 1\n".into())] } },
                PairLogged { at: at(usize::MAX >> 12, 1, u64::MAX), input: PairInput::Command { line: "kubectl delete pod web-2".into() } },
            ],
            at: at(40, 41, 99_000),
        };
        let fragment = encode_compare_share(&compare).unwrap();
        assert!(fragment.starts_with("s2."), "{fragment}");
        assert_eq!(decode_link(&format!("#{fragment}")).unwrap(), Link::Compare(compare.clone()));
        assert!(decode_share(&fragment).unwrap_err().contains("comparison"));
        let pinned = "s1.N4IgzgxgpgdghgJwJYHsQC4QwOZJgDxABoQAzJAGyjAwG0BdAXyA";
        assert_eq!(decode_link(pinned).unwrap(), Link::Session(decode_share(pinned).unwrap()));
        assert_eq!(decode_link(&encode_share(&sample()).unwrap()).unwrap(), Link::Session(sample()));
        // Damaged, incomplete and oversized comparison links are refused with a reason.
        assert!(decode_link("s2.!!!").is_err());
        let without = format!("s2.{}", lz_str::compress_to_encoded_uri_component("{\"scenario\":\"x\",\"files\":[]}"));
        assert_eq!(decode_link(&without).unwrap_err(), "the link is damaged: missing field `compare`");
        let bad_input = format!("s2.{}", lz_str::compress_to_encoded_uri_component("{\"scenario\":\"x\",\"files\":[],\"compare\":{\"seed\":1,\"b\":[],\"log\":[{\"at\":{\"a\":0,\"b\":0,\"ms\":0},\"input\":\"dance\"}],\"at\":{\"a\":0,\"b\":0,\"ms\":0}}}"));
        assert!(decode_link(&bad_input).unwrap_err().contains("unknown input `dance`"));
        assert!(decode_link(&format!("s2.{}", "A".repeat(MAX_SHARE_CHARS))).unwrap_err().contains("too long"));
        let big = SharedCompare { b: vec![EditorFile { name: "b".into(), text: noise(40_000) }], ..compare };
        assert!(encode_compare_share(&big).unwrap_err().contains("too large for a link"));
    }

    /// Letters that do not compress (xorshift).
    fn noise(n: usize) -> String {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                char::from(b'a' + (x % 26) as u8)
            })
            .collect()
    }

    #[test]
    fn a_comparison_players_wait_is_kept_in_the_record() {
        let saved = Saved { lesson: None, scenario: "nginx".into(), files: vec![], active_file: 0, log: vec![Logged { at: 4, input: Input::Wait { until_ms: 61_234 } }], position: 4, lang: None, custom: Vec::new() };
        let text = encode_saved(&saved).unwrap();
        assert!(text.contains(r#"{"at":4,"input":"wait","until_ms":61234}"#), "{text}");
        assert_eq!(decode_saved(&text).unwrap(), saved);
    }

    #[test]
    fn damaged_and_future_links_are_refused_with_a_reason() {
        assert!(decode_share("s1.!!!").is_err());
        assert_eq!(decode_share("s9.abc").unwrap_err(), "the link was made by a newer podlife (format 9)");
        assert_eq!(decode_share("hello").unwrap_err(), "not a podlife share link");
    }

    /// Seen while writing the `keep` fuzz target: a forged fragment decompresses to the square of
    /// its length (each lz-string code may name the longest phrase so far), so a long one
    /// took hundreds of megabytes before its JSON was even read. Longer than any link podlife
    /// makes: refused unread.
    #[test]
    fn links_longer_than_podlife_makes_are_refused_unread() {
        let long = format!("s1.{}", "A".repeat(MAX_SHARE_CHARS));
        assert_eq!(decode_share(&long).unwrap_err(), format!("the link is too long ({} characters; at most {MAX_SHARE_CHARS})", MAX_SHARE_CHARS + 3));
        // The longest a link may be still opens.
        let files = vec![EditorFile { name: "a.yaml".into(), text: (0..3000).map(|i| char::from(b'a' + (i * 7 % 26) as u8)).collect() }];
        let fragment = encode_share(&Shared { scenario: "x".into(), lesson: None, custom: Vec::new(), files: files.clone() }).unwrap();
        assert!(fragment.len() <= MAX_SHARE_CHARS);
        assert_eq!(decode_share(&fragment).unwrap().files, files);
    }

    #[test]
    fn saved_records_round_trip_and_bad_ones_are_explained() {
        let saved = Saved {
            lesson: None,
            scenario: "nginx".into(),
            files: sample().files,
            active_file: 0,
            log: vec![Logged { at: 0, input: Input::Command { line: "kubectl get pods".into() } }],
            position: 3,
            lang: Some("ko".into()),
            custom: Vec::new(),
        };
        let text = encode_saved(&saved).unwrap();
        assert_eq!(decode_saved(&text).unwrap(), saved);
        // A builder lesson's files are kept beside the work.
        let with_custom = Saved { custom: vec![("lesson.yaml".into(), "id: made-here\n".into())], ..saved.clone() };
        let text = encode_saved(&with_custom).unwrap();
        assert!(text.ends_with(r#","custom":[["lesson.yaml","id: made-here\n"]]}"#), "{text}");
        assert_eq!(decode_saved(&text).unwrap(), with_custom);
        assert!(decode_saved("{").unwrap_err().starts_with("not JSON"));
        assert_eq!(decode_saved(r#"{"v":7}"#).unwrap_err(), "written by a newer podlife (format 7)");
        assert!(decode_saved(r#"{"v":1,"scenario":3}"#).is_err());
    }

    /// The text the first release's serde derives wrote for every kind of input (generated
    /// with them): the hand-written encoder writes it byte for byte, and reads it back.
    #[test]
    fn records_are_the_first_release_format() {
        let pinned = r#"{"v":1,"scenario":"nginx","files":[{"name":"pod.yaml","text":"a: \"<b>&\"\n\t한\u0001"}],"activeFile":1,"log":[{"at":0,"input":"script","text":"x"},{"at":2,"input":"apply","files":[["a.yaml","k: v\n"]],"horizon_ms":5000},{"at":3,"input":"delete","files":[],"horizon_ms":0},{"at":4,"input":"command","line":"kubectl get pods -o json"}],"position":3,"lang":null}"#;
        let saved = Saved {
            lesson: None,
            scenario: "nginx".into(),
            files: vec![EditorFile { name: "pod.yaml".into(), text: "a: \"<b>&\"\n\t한\u{1}".into() }],
            active_file: 1,
            log: vec![
                Logged { at: 0, input: Input::Script { text: "x".into() } },
                Logged { at: 2, input: Input::Apply { files: vec![("a.yaml".into(), "k: v\n".into())], horizon_ms: 5000 } },
                Logged { at: 3, input: Input::Delete { files: vec![], horizon_ms: 0 } },
                Logged { at: 4, input: Input::Command { line: "kubectl get pods -o json".into() } },
            ],
            position: 3,
            lang: None,
            custom: Vec::new(),
        };
        assert_eq!(encode_saved(&saved).unwrap(), pinned);
        assert_eq!(decode_saved(pinned).unwrap(), saved);
        let with_lang = pinned.replace(r#""lang":null"#, r#""lang":"ko""#);
        assert_eq!(decode_saved(&with_lang).unwrap().lang.as_deref(), Some("ko"));
        // Field order and unknown fields do not matter; `lang` may be absent.
        let reordered = r#"{"position":0,"extra":[1],"log":[{"line":"ls","input":"command","at":0}],"activeFile":0,"files":[],"scenario":"s","v":1}"#;
        let read = decode_saved(reordered).unwrap();
        assert_eq!((read.lang, read.log[0].input.clone()), (None, Input::Command { line: "ls".into() }));
        for bad in [
            r#"{"v":1,"scenario":"s","files":[],"activeFile":-1,"log":[],"position":0}"#,
            r#"{"v":1,"scenario":"s","files":[],"activeFile":0,"log":[{"at":0,"input":"dance"}],"position":0}"#,
            r#"{"v":1,"scenario":"s","files":[{"name":"a"}],"activeFile":0,"log":[],"position":0}"#,
            r#"{"v":1,"scenario":"s","files":[],"activeFile":0,"log":[{"at":0,"input":"apply","files":[["a"]],"horizon_ms":1}],"position":0}"#,
        ] {
            assert!(decode_saved(bad).unwrap_err().starts_with("version 1 record: "), "{bad}");
        }
    }

    proptest! {
        #[test]
        fn any_text_never_panics_the_decoders(s in ".{0,200}") {
            let _ = decode_share(&s);
            let _ = decode_link(&s);
            let _ = decode_link(&format!("s2.{s}"));
            let _ = decode_saved(&s);
        }

        #[test]
        fn any_files_round_trip(name in "[a-z.]{1,12}", text in ".{0,300}") {
            let shared = Shared { scenario: "x".into(), lesson: None, custom: Vec::new(), files: vec![EditorFile { name, text }] };
            let fragment = encode_share(&shared).unwrap();
            prop_assert_eq!(decode_share(&fragment).unwrap(), shared);
        }
    }
}

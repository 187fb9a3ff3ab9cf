//! The page's address and localStorage: language, embed mode, scenario, start step and
//! autoplay from the query; share links in the fragment; the autosave record (its text is
//! written and read by the engine worker, `podlife_player::keep`).

use podlife_i18n::Lang;
use podlife_page::json::{self, Value};
use podlife_page::progress::Progress;

/// The localStorage key of the autosave record (the record itself carries its version).
const SAVED_KEY: &str = "podlife.saved";

/// The localStorage key of the course progress (lessons done, predictions; versioned).
const PROGRESS_KEY: &str = "podlife.progress";

/// The open comparison's link fragment (`s2.…`, issue 21): a reload opens it again. Kept
/// beside the autosave record, which is the worker's and knows nothing of comparisons.
const COMPARE_KEY: &str = "podlife.compare";

/// Set once a visitor has chosen between the course and the sandbox.
const WELCOMED_KEY: &str = "podlife.welcomed";

/// True on a first visit: nothing saved, no choice made yet.
pub fn first_visit() -> bool {
    storage().is_some_and(|s| [SAVED_KEY, PROGRESS_KEY, WELCOMED_KEY].iter().all(|k| s.get_item(k).ok().flatten().is_none()))
}

/// Remembers that the visitor chose (the welcome is not shown again).
pub fn set_welcomed() {
    if let Some(s) = storage() {
        let _ = s.set_item(WELCOMED_KEY, "1");
    }
}

/// What the address asks for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    pub lang: Option<Lang>,
    pub embed: bool,
    pub scenario: Option<String>,
    /// `?lesson=<id>`: open that lesson.
    pub lesson: Option<String>,
    /// `?course`: open the course map.
    pub course: bool,
    pub step: Option<usize>,
    pub autoplay: bool,
    /// A share link's fragment (the worker reads it).
    pub shared: Option<String>,
    /// `?crash-test`: panic after the first render, to see (and test) the panic page.
    pub crash_test: bool,
}

pub fn query() -> Query {
    let Some(window) = web_sys::window() else { return Query::default() };
    let location = window.location();
    let search = location.search().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok();
    let get = |k: &str| params.as_ref().and_then(|p| p.get(k));
    Query {
        lang: get("lang").as_deref().and_then(Lang::from_tag),
        embed: get("embed").is_some_and(|v| v == "1" || v == "true"),
        scenario: get("scenario"),
        lesson: get("lesson"),
        course: get("course").is_some(),
        step: get("step").and_then(|s| s.parse().ok()),
        autoplay: get("autoplay").is_some_and(|v| v == "1" || v == "true"),
        shared: (hash.len() > 1).then(|| hash.trim_start_matches('#').to_string()),
        crash_test: get("crash-test").is_some(),
    }
}

/// The autosave record the page starts from: none when the link opens something else (an
/// embed, a share link or a lesson).
pub fn saved_for(query: &Query) -> Option<String> {
    if query.embed || query.shared.is_some() || query.lesson.is_some() { None } else { load() }
}

/// The language the page starts in: the link's `lang`, else `saved`'s (`saved_for`), else the
/// browser's. (index.html guesses the same to start fetching its texts early: keep the two
/// alike.)
pub fn start_lang(query: &Query, saved: Option<&str>) -> Lang {
    query.lang.or_else(|| saved.and_then(saved_lang)).unwrap_or_else(|| Lang::negotiate(browser_languages().iter().map(String::as_str)))
}

/// The browser's preferred languages, most preferred first.
pub fn browser_languages() -> Vec<String> {
    let Some(window) = web_sys::window() else { return Vec::new() };
    let navigator = window.navigator();
    let mut out: Vec<String> = navigator.languages().iter().filter_map(|v| v.as_string()).collect();
    if let Some(l) = navigator.language() {
        out.push(l);
    }
    out
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The open comparison's link fragment, if one was open.
pub fn load_compare() -> Option<String> {
    storage()?.get_item(COMPARE_KEY).ok().flatten().filter(|f| f.starts_with("s2."))
}

/// Keeps the open comparison's link fragment (best effort: the session's own record matters more).
pub fn save_compare(fragment: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(COMPARE_KEY, fragment);
    }
}

/// The comparison was closed (or could not be reopened).
pub fn forget_compare() {
    if let Some(s) = storage() {
        let _ = s.remove_item(COMPARE_KEY);
    }
}

/// The autosave record's text, if there is one.
pub fn load() -> Option<String> {
    storage()?.get_item(SAVED_KEY).ok().flatten()
}

/// The language an autosave record was written in (read here so the page starts in it).
pub fn saved_lang(text: &str) -> Option<Lang> {
    let v = json::parse(text).ok()?;
    v.get("lang")?.as_str().and_then(Lang::from_tag)
}

/// The editor's tabs and the one in focus as an autosave record has them: the page shows them
/// at once, before the worker has replayed the timeline.
pub fn saved_files(text: &str) -> Option<(Vec<crate::app::EditorFile>, usize)> {
    let v = json::parse(text).ok()?;
    let files: Vec<crate::app::EditorFile> = v
        .get("files")?
        .as_array()?
        .iter()
        .map(|f| Some(crate::app::EditorFile { name: f.get("name")?.as_str()?.to_string(), text: f.get("text")?.as_str()?.to_string() }))
        .collect::<Option<_>>()?;
    let active = v.get("activeFile").and_then(Value::as_u64).unwrap_or(0) as usize;
    (!files.is_empty()).then_some((files, active))
}

/// The autosave record `text` with the editor's tabs replaced: typing is kept at once, even
/// while the worker is busy with a long run (the record's other parts are the worker's, kept
/// as they were written).
pub fn with_files(text: &str, files: &[crate::app::EditorFile], active_file: usize) -> Option<String> {
    let mut v = json::parse(text).ok()?;
    let file = |f: &crate::app::EditorFile| Value::Object(vec![("name".into(), Value::String(f.name.clone())), ("text".into(), Value::String(f.text.clone()))]);
    let set = v.set("files", Value::Array(files.iter().map(file).collect())) && v.set("activeFile", Value::Number(active_file.to_string()));
    set.then(|| v.to_json())
}

/// Writes the autosave record; an error (quota, private mode) is returned to show.
pub fn save(text: &str) -> Result<(), String> {
    let Some(storage) = storage() else { return Err("localStorage is not available".into()) };
    storage.set_item(SAVED_KEY, text).map_err(|_| "the browser refused to store the work (storage full or disabled)".to_string())
}

/// The course progress: None when there is none, Err when it could not be read (it is then
/// ignored and the learner told).
pub fn load_progress() -> Option<Result<Progress, String>> {
    let text = storage()?.get_item(PROGRESS_KEY).ok().flatten()?;
    Some(Progress::decode(&text))
}

pub fn save_progress(progress: &Progress) -> Result<(), String> {
    let Some(storage) = storage() else { return Err("localStorage is not available".into()) };
    storage.set_item(PROGRESS_KEY, &progress.encode()).map_err(|_| "the browser refused to store the progress".to_string())
}

pub fn forget() {
    if let Some(s) = storage() {
        let _ = s.remove_item(SAVED_KEY);
    }
}

/// This page's address with only the given query and fragment (share and "open in podlife").
pub fn page_url(query: &str, fragment: &str) -> String {
    let Some(window) = web_sys::window() else { return String::new() };
    let location = window.location();
    let base = format!("{}{}", location.origin().unwrap_or_default(), location.pathname().unwrap_or_default());
    let q = if query.is_empty() { String::new() } else { format!("?{query}") };
    let f = if fragment.is_empty() { String::new() } else { format!("#{fragment}") };
    format!("{base}{q}{f}")
}

/// Drops the fragment from the address bar (after a share link was opened, so a reload
/// restores the autosave instead of the link).
pub fn clear_fragment() {
    if let Some(window) = web_sys::window()
        && let Ok(history) = window.history()
    {
        let location = window.location();
        let url = format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Copies text to the clipboard (best effort; the link is also shown to copy by hand).
pub fn copy(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

/// True when the learner asked the system for less motion.
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Sets `<html lang>` (screen readers, fonts, the panic page's language).
pub fn set_document_lang(lang: Lang) {
    if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = el.set_attribute("lang", lang.code());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::EditorFile;

    /// A record as the worker writes it (`podlife_player::keep`'s pinned first-release format).
    const SAVED: &str = r#"{"v":1,"scenario":"nginx","files":[{"name":"pod.yaml","text":"a: \"<b>&\"\n\t한\u0001"}],"activeFile":1,"log":[{"at":0,"input":"script","text":"x"},{"at":2,"input":"apply","files":[["a.yaml","k: v\n"]],"horizon_ms":5000},{"at":3,"input":"delete","files":[],"horizon_ms":0},{"at":4,"input":"command","line":"kubectl get pods -o json"}],"position":3,"lang":null}"#;

    #[test]
    fn the_page_reads_the_workers_record() {
        assert_eq!(saved_lang(SAVED), None);
        assert_eq!(saved_lang(&SAVED.replace(r#""lang":null"#, r#""lang":"ko""#)), Some(Lang::Ko));
        let files = vec![EditorFile { name: "pod.yaml".into(), text: "a: \"<b>&\"\n\t한\u{1}".into() }];
        assert_eq!(saved_files(SAVED), Some((files, 1)));
        // No `activeFile`: the first tab.
        let without = r#"{"v":1,"files":[{"name":"a","text":""}]}"#;
        assert_eq!(saved_files(without).unwrap().1, 0);
        for bad in ["", "{", "[]", r#"{"files":[]}"#, r#"{"files":[{"name":"a"}]}"#, &SAVED[..SAVED.len() - 1]] {
            assert_eq!(saved_files(bad), None, "{bad}");
            assert_eq!(saved_lang(bad), None, "{bad}");
        }
    }

    #[test]
    fn replacing_the_files_keeps_the_rest_as_written() {
        let files = [EditorFile { name: "b.yaml".into(), text: "x: \"1\"\n😀".into() }, EditorFile { name: "c".into(), text: String::new() }];
        let text = with_files(SAVED, &files, 1).unwrap();
        let (head, tail) = SAVED.split_once(r#""files":"#).unwrap();
        let tail = &tail[tail.find(r#","log":"#).unwrap()..];
        assert_eq!(text, format!(r#"{head}"files":[{{"name":"b.yaml","text":"x: \"1\"\n😀"}},{{"name":"c","text":""}}],"activeFile":1{tail}"#));
        assert_eq!(saved_files(&text), Some((files.to_vec(), 1)));
        assert_eq!(with_files("{", &files, 0), None);
        assert_eq!(with_files("[1]", &files, 0), None);
    }
}

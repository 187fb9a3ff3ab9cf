//! The page's address and localStorage: language, embed mode, scenario, start step and
//! autoplay from the query; share links in the fragment; the autosave record (its text is
//! written and read by the engine worker, `podlife_player::keep`).

use podlife_i18n::Lang;
use podlife_page::progress::Progress;

/// The localStorage key of the autosave record (the record itself carries its version).
const SAVED_KEY: &str = "podlife.saved";

/// The localStorage key of the course progress (lessons done, predictions; versioned).
const PROGRESS_KEY: &str = "podlife.progress";

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

/// The autosave record's text, if there is one.
pub fn load() -> Option<String> {
    storage()?.get_item(SAVED_KEY).ok().flatten()
}

/// The language an autosave record was written in (read here so the page starts in it).
pub fn saved_lang(text: &str) -> Option<Lang> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    v.get("lang")?.as_str().and_then(Lang::from_tag)
}

/// The editor's tabs and the one in focus as an autosave record has them: the page shows them
/// at once, before the worker has replayed the timeline.
pub fn saved_files(text: &str) -> Option<(Vec<crate::app::EditorFile>, usize)> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let files: Vec<crate::app::EditorFile> = v
        .get("files")?
        .as_array()?
        .iter()
        .map(|f| Some(crate::app::EditorFile { name: f.get("name")?.as_str()?.to_string(), text: f.get("text")?.as_str()?.to_string() }))
        .collect::<Option<_>>()?;
    let active = v.get("activeFile").and_then(serde_json::Value::as_u64).unwrap_or(0) as usize;
    (!files.is_empty()).then_some((files, active))
}

/// The autosave record `text` with the editor's tabs replaced: typing is kept at once, even
/// while the worker is busy with a long run (the record's other parts are the worker's).
pub fn with_files(text: &str, files: &[crate::app::EditorFile], active_file: usize) -> Option<String> {
    let mut v: serde_json::Value = serde_json::from_str(text).ok()?;
    let list = files.iter().map(|f| serde_json::json!({"name": f.name, "text": f.text})).collect();
    let o = v.as_object_mut()?;
    o.insert("files".into(), serde_json::Value::Array(list));
    o.insert("activeFile".into(), active_file.into());
    Some(v.to_string())
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

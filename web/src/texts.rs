//! The page's words: one language's translations, fetched when the page starts
//! (`i18n/<lang>.ftl`, written by `cargo xtask texts-bundle` from the files podlife-i18n reads),
//! the other only when the learner switches to it or the lesson builder words its goals in
//! both. index.html starts fetching the language the page will likely pick before this module
//! has loaded, so the text usually arrives with the module, not after it.

use std::cell::RefCell;
use std::rc::Rc;

use podlife_i18n::{Lang, Localizer};

thread_local! {
    static LOADED: RefCell<[Option<Rc<Localizer>>; 2]> = const { RefCell::new([None, None]) };
}

pub fn slot(lang: Lang) -> usize {
    if lang == Lang::Ko { 0 } else { 1 }
}

pub fn other(lang: Lang) -> Lang {
    if lang == Lang::Ko { Lang::En } else { Lang::Ko }
}

/// A language's messages, if they have arrived.
pub fn get(lang: Lang) -> Option<Rc<Localizer>> {
    LOADED.with(|l| l.borrow()[slot(lang)].clone())
}

/// A language's messages: kept, or fetched and read.
pub async fn load(lang: Lang) -> Result<Rc<Localizer>, String> {
    if let Some(l) = get(lang) {
        return Ok(l);
    }
    // Relative: the site may live under any path.
    let url = podlife_i18n::served_path(lang);
    let response = gloo_net::http::Request::get(&url).send().await.map_err(|e| format!("{url}: {e}"))?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {} {}", response.status(), response.status_text()));
    }
    let text = response.text().await.map_err(|e| format!("{url}: {e}"))?;
    let localizer = Localizer::from_text(lang, &url, &text);
    if localizer.ids().next().is_none() {
        return Err(format!("{url} holds no messages"));
    }
    let localizer = Rc::new(localizer);
    LOADED.with(|l| l.borrow_mut()[slot(lang)] = Some(localizer.clone()));
    Ok(localizer)
}

/// The page cannot start without its words: say so in both languages (plain text, the one
/// thing the page carries of them) and keep everything else as it is — the autosaved work
/// stays in the browser's storage for the next load.
pub fn show_unavailable(error: &str) {
    let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) else { return };
    let message = format!(
        "podlife could not load its texts ({error}). Your work is kept in this browser: reload the page to try again.\n\
         podlife의 텍스트를 불러오지 못했습니다 ({error}). 작업 내용은 이 브라우저에 남아 있습니다. 페이지를 새로 고쳐 다시 시도하세요."
    );
    let _ = body.set_attribute("class", "texts-unavailable");
    body.set_inner_text(&message);
}

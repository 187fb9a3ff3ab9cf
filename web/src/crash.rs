//! A panic must never leave a blank page: the hook replaces the app with a short apology and
//! the learner's files, ready to copy (the wasm instance cannot continue after a panic).

use std::cell::RefCell;

use wasm_bindgen::JsCast;

thread_local! {
    /// The editor's files as last typed, kept for the panic page.
    static LAST_TEXT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Remembers the editor's files for the panic page, each under a `# NAME` line.
pub fn remember_files(files: &[crate::app::EditorFile]) {
    let text: String = files.iter().map(|f| format!("# {}\n{}\n", f.name, f.text)).collect();
    LAST_TEXT.with(|t| *t.borrow_mut() = text);
}

pub fn install() {
    // Through yew, which would otherwise replace any hook with its own console-only one.
    yew::set_custom_panic_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let text = LAST_TEXT.with(|t| t.borrow().clone());
        let detail = info.to_string();
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let Some(body) = document.body() else { return };
        let korean = document.document_element().and_then(|e| e.get_attribute("lang")).as_deref() == Some("ko");
        let (title, body_text, label) = if korean {
            ("podlife에 내부 오류가 났습니다", "작성하던 내용은 아래에 그대로 있습니다. 복사해 두고 페이지를 새로 고치세요. 오류 내용을 알려 주시면 고치겠습니다.", "작성하던 파일")
        } else {
            ("podlife hit an internal error", "Your text is safe below: copy it, then reload the page. If you report the error, include the details.", "Your files")
        };
        body.set_inner_html(&format!(
            "<main class=\"crash\" role=\"alert\"><h1>{title}</h1><p>{body_text}</p><label for=\"crash-text\">{label}</label>\
             <textarea id=\"crash-text\" readonly spellcheck=\"false\">{}</textarea><details><summary>details</summary><pre>{}</pre></details></main>",
            crate::markup::escape(&text),
            crate::markup::escape(&detail)
        ));
        if let Some(area) = document.get_element_by_id("crash-text").and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok()) {
            let _ = area.focus();
            area.select();
        }
    }));
}

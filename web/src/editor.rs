//! The editor: file tabs, a textarea over a highlighted copy of its text (line numbers,
//! YAML colours, kubectl's diagnostics underlined at their line and column), Apply and Delete.
//! Tab indents; Escape, then Tab, leaves the editor.

use std::cell::Cell;
use std::rc::Rc;

use podlife_page::highlight;
use web_sys::{HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::app::{App, Msg};

/// The editor's DOM handles and its one piece of keyboard state.
#[derive(Default)]
pub struct Refs {
    pub area: NodeRef,
    pub highlight: NodeRef,
    pub gutter: NodeRef,
    /// Escape was pressed: the next Tab leaves the editor instead of indenting.
    pub escaped: Rc<Cell<bool>>,
    /// The file-name field while a tab is being renamed.
    pub rename: NodeRef,
}

/// Pixels per line and the top padding, as the stylesheet sets them (`.code` rules).
const LINE_HEIGHT: f64 = 21.0;
const PAD_TOP: f64 = 10.0;

pub fn view(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    let link = ctx.link();
    let refs = app.refs();
    let Some(file) = app.files().get(app.active_file()) else { return Html::default() };
    let diagnostics = app.diagnostics().to_vec();

    let tabs = app.files().iter().enumerate().map(|(i, f)| {
        let selected = i == app.active_file();
        let close = (app.files().len() > 1).then(|| {
            let label = t.text_with("file-close", &[("name", &f.name)]);
            html! { <button type="button" class="tab-close" aria-label={label.clone()} title={label} onclick={link.callback(move |_| Msg::CloseFile(i))}>{ "×" }</button> }
        });
        if app.renaming() == Some(i) {
            // Enter keeps the new name, Escape (or leaving the field) the old one.
            let on_key = link.batch_callback(move |e: KeyboardEvent| {
                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                match e.key().as_str() {
                    "Enter" => Some(Msg::Rename(i, Some(input.value()))),
                    "Escape" => Some(Msg::Rename(i, None)),
                    _ => None,
                }
            });
            let on_blur = link.callback(move |_: FocusEvent| Msg::Rename(i, None));
            return html! {
                <span class="tab on">
                    <input class="tab-rename" ref={refs.rename.clone()} value={f.name.clone()} aria-label={t.text("file-rename")} onkeydown={on_key} onblur={on_blur} />
                </span>
            };
        }
        let rename = selected.then(|| {
            let label = t.text_with("file-rename-named", &[("name", &f.name)]);
            html! { <button type="button" class="tab-close" aria-label={label.clone()} title={label} onclick={link.callback(move |_| Msg::StartRename(i))}>{ "✎" }</button> }
        });
        html! {
            <span class={classes!("tab", selected.then_some("on"), app.file_has_problems(i).then_some("bad"))}>
                <button type="button" aria-pressed={selected.to_string()} onclick={link.callback(move |_| Msg::SelectFile(i))}
                    ondblclick={link.callback(move |_| Msg::StartRename(i))}>{ &f.name }</button>
                { for rename }
                { for close }
            </span>
        }
    });

    let on_input = link.callback(Msg::Edit);
    let on_keydown = keydown(link, refs.escaped.clone(), || Msg::Apply, Msg::Edit);
    // Hovering a line with a problem shows kubectl's message.
    let hover_diagnostics = diagnostics.clone();
    let on_mousemove = Callback::from(move |e: MouseEvent| {
        let area: HtmlTextAreaElement = e.target_unchecked_into();
        let y = e.offset_y() as f64 + area.scroll_top() as f64 - PAD_TOP;
        let line = (y / LINE_HEIGHT).floor() as i64 + 1;
        match hover_diagnostics.iter().find(|d| d.line as i64 == line) {
            Some(d) => area.set_title(&d.message),
            None => area.set_title(""),
        }
    });

    let area_ref = refs.area.clone();
    let text_for_jump = file.text.clone();
    let problems = diagnostics.iter().map(|d| {
        let (line, column) = (d.line, d.column);
        let area_ref = area_ref.clone();
        let text = text_for_jump.clone();
        let go = Callback::from(move |_: MouseEvent| {
            if let Some(area) = area_ref.cast::<HtmlTextAreaElement>() {
                let at = utf16_offset(&text, line, column);
                let _ = area.focus();
                let _ = area.set_selection_range(at, at);
                // The caret's line in view (a selection set by script does not scroll to it).
                let top = f64::from(line.saturating_sub(1)) * LINE_HEIGHT;
                let (scroll, height) = (f64::from(area.scroll_top()), f64::from(area.client_height()));
                if top < scroll || top + 2.0 * LINE_HEIGHT > scroll + height {
                    area.set_scroll_top((top - height / 3.0).max(0.0) as i32);
                }
            }
        });
        html! {
            <li>
                <button type="button" class="diagnostic" onclick={go}>
                    <span class="where">{ t.text_with("diagnostic-at", &[("line", &line.to_string()), ("column", &column.to_string())]) }</span>
                    { " " }{ &d.message }
                </button>
            </li>
        }
    });

    html! {
        <section class="panel editor" aria-labelledby="editor-label">
            <div class="panel-head">
                <h2 id="editor-label">{ t.text("editor-label") }</h2>
                <div role="group" class="tabs" aria-label={t.text("files-label")}>
                    { for tabs }
                    <button type="button" class="tab-add quiet" title={t.text("file-add")} aria-label={t.text("file-add")} onclick={link.callback(|_| Msg::AddFile)}>{ "+" }</button>
                </div>
            </div>
            <Code
                text={AttrValue::from(file.text.clone())}
                diagnostics={Rc::new(diagnostics.clone())}
                area={refs.area.clone()}
                highlight={refs.highlight.clone()}
                gutter={refs.gutter.clone()}
                label={AttrValue::from(t.text_with("editor-file-label", &[("name", &file.name)]))}
                oninput={on_input}
                onkeydown={on_keydown}
                onmousemove={on_mousemove}
            />
            <div class="actions">
                <button id="apply" type="button" class="primary" aria-keyshortcuts="Control+Enter" aria-busy={(!app.engine_ready() || app.busy().is_some()).to_string()}
                    onclick={link.callback(|_| Msg::Apply)}>{ t.text("apply") }</button>
                <button id="delete" type="button" onclick={link.callback(|_| Msg::Delete)}>{ t.text("delete") }</button>
                { if app.engine_ready() {
                    html! { <span id="editor-hint" class="hint">{ t.text("editor-hint") }</span> }
                } else {
                    // Apply still works: it waits for the engine and runs as soon as it is there.
                    html! { <span id="engine-loading" class="hint loading" role="status">{ t.text("engine-loading") }</span> }
                } }
            </div>
            <ul id="diagnostics" class="diagnostics" aria-label={t.text("diagnostics-label")} aria-live="polite">
                { for problems }
            </ul>
        </section>
    }
}

/// Lines drawn beyond the visible ones, above and below: the window moves in steps of this
/// many lines, so scrolling re-renders the copy once per step, not once per scroll event.
const WINDOW_STEP: u32 = 40;
/// Lines drawn at once: the visible ones (the box is 420 px, 20 lines) and a step each side.
const WINDOW_LINES: u32 = 3 * WINDOW_STEP;

/// The first line drawn (0-based) when the textarea's first visible line is `top`.
fn window_start(top: u32) -> u32 {
    (top / WINDOW_STEP).saturating_sub(1) * WINDOW_STEP
}

#[derive(Properties, PartialEq)]
pub struct CodeProps {
    /// The textarea's id and the ids it is described by.
    #[prop_or(AttrValue::Static("manifest"))]
    pub id: AttrValue,
    #[prop_or(AttrValue::Static("editor-hint diagnostics"))]
    pub describedby: AttrValue,
    pub text: AttrValue,
    pub diagnostics: Rc<Vec<podlife_protocol::Diagnostic>>,
    pub area: NodeRef,
    pub highlight: NodeRef,
    pub gutter: NodeRef,
    pub label: AttrValue,
    /// The text the learner typed or pasted.
    pub oninput: Callback<String>,
    pub onkeydown: Callback<KeyboardEvent>,
    pub onmousemove: Callback<MouseEvent>,
}

/// The code box: line numbers, the highlighted copy and the textarea over it. Only the lines
/// near the visible ones are drawn (a pasted manifest of thousands of lines would otherwise
/// cost the browser seconds of style and layout on every keystroke); spacers keep the copy
/// and the gutter as tall and as wide as the whole text, so they scroll with the textarea.
#[function_component(Code)]
pub fn code(props: &CodeProps) -> Html {
    let first = use_state_eq(|| 0u32);
    let lines = props.text.split('\n').count() as u32;
    // Text removed under the window: draw the window that holds its end.
    let start = (*first).min(window_start(lines.saturating_sub(1)));
    // While the learner types, the textarea is where the text comes from: its value is set
    // only when the text comes from elsewhere (another file, a story, a reset). Setting it
    // back to what was just typed made the browser copy and lay out the whole text again.
    let typed = use_mut_ref(|| None::<String>);
    {
        let (area, typed) = (props.area.clone(), typed.clone());
        use_effect_with(props.text.clone(), move |text| {
            let from_textarea = typed.borrow_mut().take().is_some_and(|t| t == **text);
            if !from_textarea && let Some(area) = area.cast::<HtmlTextAreaElement>() {
                area.set_value(text);
            }
        });
    }
    let on_input = {
        let (typed, oninput) = (typed.clone(), props.oninput.clone());
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let text = area.value();
            *typed.borrow_mut() = Some(text.clone());
            oninput.emit(text);
        })
    };
    let (hl, gut) = (props.highlight.clone(), props.gutter.clone());
    let sync = move |area: &HtmlTextAreaElement| {
        if let Some(pre) = hl.cast::<HtmlElement>() {
            pre.set_scroll_top(area.scroll_top());
            pre.set_scroll_left(area.scroll_left());
        }
        if let Some(g) = gut.cast::<HtmlElement>() {
            g.set_scroll_top(area.scroll_top());
        }
    };
    {
        // After a render that changed the text or the window the copy follows the textarea
        // again (reading its scroll position lays the page out: not at every render).
        let (area, sync) = (props.area.clone(), sync.clone());
        use_effect_with((props.text.clone(), start), move |_| {
            if let Some(area) = area.cast::<HtmlTextAreaElement>() {
                sync(&area);
            }
        });
    }
    let on_scroll = {
        let first = first.clone();
        Callback::from(move |e: Event| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            sync(&area);
            let top = (f64::from(area.scroll_top()) - PAD_TOP).max(0.0) / LINE_HEIGHT;
            first.set(window_start(top as u32));
        })
    };
    let window = Window { start, end: (start + WINDOW_LINES).min(lines), lines };
    let has_problems = !props.diagnostics.is_empty();
    html! {
        <div class={classes!("code", has_problems.then_some("invalid"))}>
            <Gutter window={window} diagnostics={props.diagnostics.clone()} node={props.gutter.clone()} />
            <div class="code-body">
                <Highlighted text={props.text.clone()} window={window} diagnostics={props.diagnostics.clone()} node={props.highlight.clone()} />
                <textarea
                    id={props.id.clone()}
                    ref={props.area.clone()}
                    spellcheck="false"
                    autocapitalize="off"
                    autocomplete="off"
                    wrap="off"
                    aria-label={props.label.clone()}
                    aria-describedby={props.describedby.clone()}
                    aria-invalid={has_problems.to_string()}
                    oninput={on_input}
                    onkeydown={props.onkeydown.clone()}
                    onscroll={on_scroll}
                    onmousemove={props.onmousemove.clone()}
                />
            </div>
        </div>
    }
}

/// Which lines are drawn: `start..end` (0-based) of `lines`.
#[derive(Clone, Copy, PartialEq)]
struct Window {
    start: u32,
    end: u32,
    lines: u32,
}

impl Window {
    /// The height of the lines above and below the drawn ones.
    fn spacers(self) -> (String, String) {
        let px = |n: u32| format!("height: {}px", podlife_ftl::num::Num(f64::from(n) * LINE_HEIGHT));
        (px(self.start), px(self.lines - self.end))
    }
}

#[derive(Properties, PartialEq)]
struct LinesProps {
    #[prop_or_default]
    text: AttrValue,
    window: Window,
    diagnostics: Rc<Vec<podlife_protocol::Diagnostic>>,
    node: NodeRef,
}

/// The widest line, as a monospace font draws it (a wide character takes two cells).
fn widest_line(text: &str) -> &str {
    let cells = |l: &str| l.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum::<usize>();
    text.split('\n').max_by_key(|l| cells(l)).unwrap_or("")
}

/// East Asian wide characters (Hangul, CJK, full-width forms) in a monospace font.
fn is_wide(c: char) -> bool {
    matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6)
}

/// The highlighted copy under the textarea: one block per drawn line, the diagnostic's column
/// onward underlined. A component of its own so that stepping the timeline (which re-renders
/// the page) does not redo a long manifest's highlighting.
#[function_component(Highlighted)]
fn highlighted(props: &LinesProps) -> Html {
    let Window { start, end, .. } = props.window;
    let drawn = props.text.split('\n').enumerate().skip(start as usize).take((end - start) as usize);
    let lines = drawn.map(|(i, text)| {
        let number = i as u32 + 1;
        let problem = props.diagnostics.iter().find(|d| d.line == number);
        let mut column = 1u32;
        let mut parts = Vec::new();
        for (token, s) in highlight::line(text) {
            let start = column;
            column += s.chars().count() as u32;
            // From the span holding the diagnostic's column to the end of the line.
            let bad = problem.is_some_and(|d| column > d.column && !(start == 1 && s.trim().is_empty()));
            parts.push(html! { <span class={classes!(token.class(), bad.then_some("diag"))}>{ s }</span> });
        }
        if problem.is_some() && text.is_empty() {
            parts.push(html! { <span class="diag">{ " " }</span> });
        }
        html! { <div class={classes!("line", problem.is_some().then_some("bad"))}>{ for parts }{ "\n" }</div> }
    });
    let (above, below) = props.window.spacers();
    html! {
        <pre class="hl" aria-hidden="true" ref={props.node.clone()}>
            // An invisible copy of the widest line keeps the textarea's scroll width.
            <div class="spacer" style={above}>{ widest_line(&props.text) }</div>
            { for lines }
            <div class="spacer" style={below}></div>
        </pre>
    }
}

/// Line numbers of the drawn lines, a problem's line marked (its message on hover).
#[function_component(Gutter)]
fn gutter(props: &LinesProps) -> Html {
    let Window { start, end, lines } = props.window;
    let numbers = (start + 1..=end).map(|n| match props.diagnostics.iter().find(|d| d.line == n) {
        Some(d) => html! { <div class="num bad" title={d.message.clone()}>{ n }</div> },
        None => html! { <div class="num">{ n }</div> },
    });
    let (above, below) = props.window.spacers();
    html! {
        <div class="gutter" aria-hidden="true" ref={props.node.clone()}>
            // The largest number keeps the gutter's width while the window moves.
            <div class="spacer" style={above}>{ lines }</div>
            { for numbers }
            <div class="spacer" style={below}></div>
        </div>
    }
}

/// The offset, in UTF-16 code units as the DOM counts them, of 1-based `line`:`column` in `text`
/// (columns count characters); past the end of a line or of the text, its end.
pub fn utf16_offset(text: &str, line: u32, column: u32) -> u32 {
    let mut offset = 0usize;
    for (index, content) in text.split('\n').enumerate() {
        if index + 1 == line as usize {
            let before = content.chars().take(column.saturating_sub(1) as usize);
            offset += before.map(char::len_utf16).sum::<usize>();
            return u32::try_from(offset).unwrap_or(u32::MAX);
        }
        offset += content.chars().map(char::len_utf16).sum::<usize>() + 1;
    }
    u32::try_from(offset.saturating_sub(1)).unwrap_or(u32::MAX)
}

/// The editor's keys (here and in the compare view's two editors): Ctrl/⌘+Enter applies, Tab
/// indents by two spaces, and Escape lets the next Tab leave the editor, so the keyboard alone
/// can move on.
pub fn keydown(link: &yew::html::Scope<App>, escaped: Rc<Cell<bool>>, apply: impl Fn() -> Msg + 'static, edit: impl Fn(String) -> Msg + 'static) -> Callback<KeyboardEvent> {
    link.batch_callback(move |e: KeyboardEvent| {
        let key = e.key();
        if key == "Enter" && (e.ctrl_key() || e.meta_key()) {
            e.prevent_default();
            return Some(apply());
        }
        if key == "Escape" {
            escaped.set(true);
            return None;
        }
        if key == "Tab" && !escaped.get() && !e.shift_key() && !e.ctrl_key() && !e.alt_key() && !e.meta_key() {
            e.prevent_default();
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let start = area.selection_start().ok().flatten().unwrap_or(0);
            let end = area.selection_end().ok().flatten().unwrap_or(start);
            let _ = area.set_range_text_with_start_and_end_and_mode("  ", start, end, "end");
            return Some(edit(area.value()));
        }
        escaped.set(false);
        None
    })
}

#[cfg(test)]
mod tests {
    use super::utf16_offset;

    #[test]
    fn offsets_count_utf16_units() {
        let text = "ab\ncd\n한글x\n";
        assert_eq!(utf16_offset(text, 1, 1), 0);
        assert_eq!(utf16_offset(text, 2, 2), 4);
        assert_eq!(utf16_offset(text, 3, 3), 8);
        assert_eq!(utf16_offset(text, 3, 99), 9);
        assert_eq!(utf16_offset(text, 9, 1), 10);
        assert_eq!(utf16_offset(text, 0, 0), 10);
    }
}

//! The page: a manifest editor, an Apply button, and the output, pods and trace panes.

use podlife_console::{Diagnostic, Session};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::strings::{DEFAULT_MANIFEST, strings};

/// The seed of the simulation's RNG, so every visit replays the same run.
const SEED: u64 = 1;

/// What the panes show after an Apply.
#[derive(Clone, Default, PartialEq)]
struct Panes {
    output: String,
    diagnostics: Vec<Diagnostic>,
    pods: String,
    trace: String,
}

/// Runs `kubectl apply -f -` with the manifest, then refreshes the pods and trace panes.
fn apply(session: &mut Session, manifest: &str) -> Panes {
    let applied = session.exec("kubectl apply -f -", Some(manifest));
    let pods = session.exec("kubectl get pods -o wide", None);
    Panes {
        output: applied.text,
        diagnostics: applied.diagnostics,
        pods: pods.text,
        trace: session.trace_text(),
    }
}

/// The offset, in UTF-16 code units as the DOM counts them, of 1-based `line`:`column` in `text`
/// (columns count characters); past the end of a line or of the text, its end.
fn utf16_offset(text: &str, line: u32, column: u32) -> u32 {
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

#[function_component(App)]
pub fn app() -> Html {
    let t = strings();
    let session = use_mut_ref(|| Session::new(SEED));
    let manifest = use_state(|| DEFAULT_MANIFEST.to_string());
    let panes = use_state(Panes::default);
    let editor = use_node_ref();

    let on_input = {
        let manifest = manifest.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            manifest.set(area.value());
        })
    };

    let run_apply = {
        let session = session.clone();
        let manifest = manifest.clone();
        let panes = panes.clone();
        Callback::from(move |()| {
            let next = apply(&mut session.borrow_mut(), &manifest);
            panes.set(next);
        })
    };

    let on_click = run_apply.reform(|_: MouseEvent| ());

    let on_keydown = {
        let run_apply = run_apply.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
                e.prevent_default();
                run_apply.emit(());
            }
        })
    };

    // Clicking a problem puts the caret at its position in the editor.
    let go_to = {
        let editor = editor.clone();
        let manifest = manifest.clone();
        Callback::from(move |(line, column): (u32, u32)| {
            if let Some(area) = editor.cast::<HtmlTextAreaElement>() {
                let at = utf16_offset(&manifest, line, column);
                let _ = area.focus();
                let _ = area.set_selection_range(at, at);
            }
        })
    };

    let has_problems = !panes.diagnostics.is_empty();
    let problems = panes.diagnostics.iter().map(|d| {
        let (line, column) = (d.line, d.column);
        let go_to = go_to.clone();
        html! {
            <li>
                <button type="button" class="diagnostic" onclick={move |_| go_to.emit((line, column))}>
                    { (t.diagnostic_at)(line, column, &d.message) }
                </button>
            </li>
        }
    });

    html! {
        <>
            <header class="masthead">
                <h1>{ t.title }</h1>
                <p class="tagline">{ t.tagline }</p>
            </header>
            <main class="layout">
                <section class="editor" aria-labelledby="manifest-label">
                    <div class="pane-head">
                        <label id="manifest-label" for="manifest">{ t.manifest_label }</label>
                    </div>
                    <textarea
                        id="manifest"
                        ref={editor}
                        class={classes!(has_problems.then_some("invalid"))}
                        spellcheck="false"
                        autocapitalize="off"
                        autocomplete="off"
                        aria-describedby="manifest-hint diagnostics"
                        aria-invalid={if has_problems { "true" } else { "false" }}
                        value={(*manifest).clone()}
                        oninput={on_input}
                        onkeydown={on_keydown}
                    />
                    <div class="actions">
                        <button id="apply" type="button" class="primary" onclick={on_click}
                            aria-keyshortcuts={t.apply_shortcut}>
                            { t.apply }
                        </button>
                        <span id="manifest-hint" class="hint">{ t.manifest_hint }</span>
                    </div>
                    <ul id="diagnostics" class="diagnostics" aria-label={t.diagnostics_label} role="status">
                        { for problems }
                    </ul>
                </section>
                <div class="results">
                    { pane("output", t.output_label, t.output_empty, &panes.output, true) }
                    { pane("pods", t.pods_label, t.pods_empty, &panes.pods, true) }
                </div>
                <div class="trace">
                    { pane("trace", t.trace_label, t.trace_empty, &panes.trace, false) }
                </div>
            </main>
            <footer class="footnote">{ t.footer }</footer>
        </>
    }
}

/// One output pane: a heading (a command is shown after a prompt) and a scrollable `<pre>`.
fn pane(id: &'static str, label: &'static str, empty: &'static str, text: &str, command: bool) -> Html {
    let heading_id = format!("{id}-label");
    html! {
        <section class="pane" aria-labelledby={heading_id.clone()}>
            <div class="pane-head">
                <h2 id={heading_id} class={classes!(command.then_some("command"))}>{ label }</h2>
            </div>
            <pre id={id} tabindex="0" aria-live="polite" data-empty={empty}>{ text.to_string() }</pre>
        </section>
    }
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

//! The lower panel: the kubectl console (history with ↑/↓, Tab completion of commands, kinds
//! and names), and the events and pods tables as `kubectl get` prints them at the moment shown.

use std::cell::Cell;
use std::rc::Rc;

use podlife_page::complete;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::app::{App, Msg, Tab};
use crate::tables;

/// The console's DOM handle and its place in the command history.
#[derive(Default)]
pub struct Refs {
    pub input: NodeRef,
    /// How far back ↑ went (0 = the line being typed).
    pub back: Rc<Cell<usize>>,
}

pub fn view(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    let link = ctx.link();
    let tab = app.tab();
    let tab_button = |id: &str, which: Tab, label: String| {
        let on = tab == which;
        html! {
            <button type="button" id={id.to_string()} aria-pressed={on.to_string()} class={classes!("seg", on.then_some("on"))}
                onclick={link.callback(move |_| Msg::Tab(which))}>{ label }</button>
        }
    };
    let body = match tab {
        Tab::Console => console_body(app, ctx),
        Tab::Events => tables::view(&app.shown().table.clone().unwrap_or_default(), "events-table", &t.text("events-empty")),
        Tab::Pods => tables::view(&app.shown().table.clone().unwrap_or_default(), "pods-table", &t.text("pods-empty")),
    };
    html! {
        <section class="panel lower" aria-label={t.text("lower-label")}>
            <div class="panel-head">
                <div role="group" class="seg-group" aria-label={t.text("lower-label")}>
                    { tab_button("tab-console", Tab::Console, t.text("tab-console")) }
                    { tab_button("tab-events", Tab::Events, t.text("tab-events")) }
                    { tab_button("tab-pods", Tab::Pods, t.text("tab-pods")) }
                </div>
                { for (tab != Tab::Console).then(|| html! { <span class="meta">{ t.text("tables-at-moment") }</span> }) }
            </div>
            <div class="lower-body">{ body }</div>
        </section>
    }
}

fn console_body(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    let link = ctx.link();
    let refs = app.console_refs();
    let entries = app.console().iter().map(|e| {
        let note = e.scratch.then(|| html! { <span class="scratch">{ t.text_with("console-scratch", &[("step", &e.position.to_string())]) }</span> });
        html! {
            <div class={classes!("entry", e.failed.then_some("failed"))}>
                <div class="cmd"><span class="prompt" aria-hidden="true">{ "$ " }</span>{ &e.line }{ for note }</div>
                { for (!e.output.is_empty()).then(|| html! { <pre>{ &e.output }</pre> }) }
            </div>
        }
    });
    let history: Vec<String> = app.console().iter().map(|e| e.line.clone()).collect();
    let names = app.names().clone();
    let back = refs.back.clone();
    let on_keydown = link.batch_callback(move |e: KeyboardEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        match e.key().as_str() {
            "Enter" => {
                let line = input.value();
                input.set_value("");
                back.set(0);
                Some(Msg::Command(line))
            }
            "ArrowUp" | "ArrowDown" => {
                e.prevent_default();
                let n = back.get();
                let next = if e.key() == "ArrowUp" { (n + 1).min(history.len()) } else { n.saturating_sub(1) };
                back.set(next);
                let value = if next == 0 { String::new() } else { history[history.len() - next].clone() };
                input.set_value(&value);
                None
            }
            "Tab" if !e.shift_key() => {
                if let Some(done) = complete::complete(&input.value(), &names.objects) {
                    e.prevent_default();
                    input.set_value(&done);
                } else if !complete::candidates(&input.value(), &names.objects).is_empty() {
                    // Several candidates and nothing to add: stay here (a second Tab would
                    // list them in a shell; the hint below lists them).
                    e.prevent_default();
                }
                None
            }
            _ => None,
        }
    });
    let suggestions = app.suggestions().iter().map(|s| {
        let line = s.to_string();
        html! { <button type="button" class="chip" onclick={link.callback(move |_| Msg::Command(line.clone()))}><code>{ *s }</code></button> }
    });
    html! {
        <div class="console">
            <div class="console-log" id="console-log" tabindex="0" aria-live="polite" aria-label={t.text("console-log")}>
                { for entries }
                { for app.console().is_empty().then(|| html! { <p class="empty">{ t.text("console-empty") }</p> }) }
            </div>
            <div class="console-input">
                <span class="prompt" aria-hidden="true">{ "$" }</span>
                <input id="console-input" ref={refs.input.clone()} type="text" spellcheck="false" autocomplete="off" autocapitalize="off"
                    aria-label={t.text("console-input")} placeholder={t.text("console-placeholder")} onkeydown={on_keydown} />
            </div>
            <div class="suggestions">
                <span class="hint">{ t.text("console-try") }</span>
                { for suggestions }
            </div>
        </div>
    }
}

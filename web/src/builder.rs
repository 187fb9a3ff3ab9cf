//! The lesson builder's panel: a title, an introduction, goals picked from what holds at the
//! moment shown, then "check and make a link" — the lesson is played by the same verifier as the
//! built-in ones before its link is made.

use yew::prelude::*;

use crate::app::{App, Msg};

/// What the author has typed and picked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Builder {
    pub title: String,
    pub intro: String,
    pub picked: std::collections::BTreeSet<String>,
    /// What the check found wrong (empty when it passed).
    pub problems: Vec<String>,
    pub link: Option<String>,
    /// The worker is playing the lesson to check it.
    pub checking: bool,
}

pub fn view(app: &App, ctx: &Context<App>, b: &Builder) -> Html {
    let t = app.t();
    let link = ctx.link();
    let suggestions = &app.shown().suggestions;
    let on_title = link.callback(|e: InputEvent| Msg::BuilderTitle(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()));
    let on_intro = link.callback(|e: InputEvent| Msg::BuilderIntro(e.target_unchecked_into::<web_sys::HtmlTextAreaElement>().value()));
    let items = suggestions.iter().map(|s| {
        let id = s.id.clone();
        let label = t.message(&s.message);
        let checked = b.picked.contains(&s.id);
        let input_id = format!("suggest-{}", s.id);
        html! {
            <li>
                <input type="checkbox" id={input_id.clone()} checked={checked} data-goal={s.id.clone()} onchange={link.callback(move |_| Msg::BuilderToggle(id.clone()))} />
                <label for={input_id}>{ label }</label>
            </li>
        }
    });
    html! {
        <section class="panel builder" aria-labelledby="builder-label">
            <div class="panel-head">
                <h2 id="builder-label">{ t.text("builder-label") }</h2>
                <button type="button" class="quiet" id="builder-close" onclick={link.callback(|_| Msg::BuilderClose)}>{ t.text("inspector-close") }</button>
            </div>
            <p class="hint">{ t.text("builder-hint") }</p>
            <label class="field" for="builder-title">{ t.text("builder-title") }</label>
            <input id="builder-title" type="text" value={b.title.clone()} oninput={on_title} />
            <label class="field" for="builder-intro">{ t.text("builder-intro") }</label>
            <textarea id="builder-intro" rows="3" value={b.intro.clone()} oninput={on_intro} />
            <h3 class="goals-label">{ t.text("builder-goals") }</h3>
            { if suggestions.is_empty() {
                html! { <p class="hint">{ t.text("builder-no-suggestions") }</p> }
            } else {
                html! { <ul class="goal-suggestions">{ for items }</ul> }
            } }
            <button type="button" id="builder-create" class="primary" disabled={b.checking} onclick={link.callback(|_| Msg::BuilderCreate)}>{ t.text("builder-create") }</button>
            { for b.checking.then(|| html! { <p class="hint" role="status">{ t.text("builder-checking") }</p> }) }
            { for (!b.problems.is_empty()).then(|| html! {
                <ul class="builder-problems" role="alert">{ for b.problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
            }) }
            { for b.link.as_ref().map(|l| html! {
                <div class="builder-link" role="status">
                    <label for="builder-link">{ t.text("builder-link") }</label>
                    <input id="builder-link" readonly=true value={l.clone()} />
                </div>
            }) }
        </section>
    }
}

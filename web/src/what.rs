//! "What just happened": the current reaction in words (in an aria-live region), the fields it
//! changed (before → after), a scheduling cycle's node × plugin table, and the raw trace lines.

use podlife_protocol::{Changes, CycleTable};
use yew::prelude::*;

use crate::app::App;

/// Virtual time as `12.345 s`.
pub fn seconds(ms: u64) -> String {
    format!("{}.{:03} s", ms / 1000, ms % 1000)
}

/// The most changed fields listed (a create of a large object lists many defaults).
const MAX_CHANGES: usize = 40;

pub fn view(app: &App, _ctx: &Context<App>) -> Html {
    let t = app.t();
    let empty = if app.timeline().ticks.is_empty() { t.text("what-empty") } else { t.text("what-start") };
    explain(app, app.shown().current.as_ref(), empty, "", t.text("what-label"))
}

/// The panel for one current reaction (the sandbox's, or one side of a comparison: `suffix`
/// keeps its element ids apart, `-a` / `-b`).
pub fn explain(app: &App, current: Option<&podlife_protocol::Current>, empty: String, suffix: &str, heading: String) -> Html {
    let t = app.t();
    let label_id = format!("what-label{suffix}");
    let Some(r) = current else {
        return html! {
            <section class="panel what" aria-labelledby={label_id.clone()}>
                <div class="panel-head"><h2 id={label_id}>{ heading }</h2></div>
                <p id={format!("explanation{suffix}")} class="explanation" aria-live="polite">{ empty }</p>
            </section>
        };
    };
    let text = t.message(&r.message);
    let changes = changes_view(app, &r.changes, suffix);
    let table = r.cycle.as_ref().map(|c| cycle_view(app, c, suffix));
    html! {
        <section class="panel what" aria-labelledby={label_id.clone()}>
            <div class="panel-head">
                <h2 id={label_id}>{ heading }</h2>
                <span class="meta">
                    <span class="time">{ seconds(r.time_ms) }</span>
                    <span class="who">{ r.actor.clone() }</span>
                    <span class="obj">{ r.object.clone() }</span>
                    { for r.background.then(|| html! { <span class="tag">{ t.text("what-background") }</span> }) }
                </span>
            </div>
            <p id={format!("explanation{suffix}")} class="explanation" aria-live="polite" data-message={r.message.id.to_string()}>{ crate::app::with_code(&text) }</p>
            { changes }
            { for table }
            <details class="raw">
                <summary>{ t.text_with("what-raw", &[("count", &r.events.to_string())]) }</summary>
                <pre>{ r.raw.clone() }</pre>
            </details>
        </section>
    }
}

fn changes_view(app: &App, changes: &Changes, suffix: &str) -> Html {
    let t = app.t();
    let row = |path: &str, before: String, after: String| {
        html! {
            <tr>
                // Long paths may wrap after a dot, never inside a name.
                <th scope="row"><code>{ for path.split_inclusive('.').map(|part| html! { <>{ part.to_string() }<wbr /></> }) }</code></th>
                <td class="before"><code>{ before }</code></td>
                <td class="arrow" aria-hidden="true">{ "→" }</td>
                <td class="after"><code>{ after }</code></td>
            </tr>
        }
    };
    let (caption, rows) = match changes.clone() {
        Changes::None => return Html::default(),
        Changes::Deleted => return html! { <p class="changes-note">{ t.text("changes-deleted") }</p> },
        Changes::Created { filled } if filled.is_empty() => return html! { <p class="changes-note">{ t.text("changes-created") }</p> },
        Changes::Created { filled } => (t.text("changes-created-filled"), filled),
        Changes::Updated(c) if c.is_empty() => return html! { <p class="changes-note">{ t.text("changes-none") }</p> },
        Changes::Updated(c) => (t.text("changes-updated"), c),
    };
    let more = rows.len().saturating_sub(MAX_CHANGES);
    html! {
        <div class="table-wrap">
            <table class="changes" id={format!("changes{suffix}")}>
                <caption>{ caption }</caption>
                <thead><tr><th scope="col">{ t.text("changes-field") }</th><th scope="col">{ t.text("changes-before") }</th><th></th><th scope="col">{ t.text("changes-after") }</th></tr></thead>
                <tbody>
                    { for rows.iter().take(MAX_CHANGES).map(|c| row(&c.path, c.before.clone(), c.after.clone())) }
                </tbody>
            </table>
            { for (more > 0).then(|| html! { <p class="changes-note">{ t.text_with("changes-more", &[("count", &more.to_string())]) }</p> }) }
        </div>
    }
}

fn cycle_view(app: &App, c: &CycleTable, suffix: &str) -> Html {
    let t = app.t();
    let headers = c.plugins.iter().map(|(p, w)| html! { <th scope="col" title={t.text("cycle-score-help")}>{ p.clone() }<span class="weight">{ format!("×{w}") }</span></th> });
    let rows = c.rows.iter().map(|r| {
        let verdict = match &r.rejected {
            None => html! { <td class="fits">{ t.text("cycle-fits") }</td> },
            Some((plugin, code, reasons)) => html! { <td class="rejected"><strong>{ plugin.clone() }</strong>{ format!(" ({code}): {reasons}") }</td> },
        };
        let scores = if r.scores.is_empty() {
            html! { <td colspan={c.plugins.len().max(1).to_string()} class="na">{ if r.rejected.is_some() { t.text("cycle-not-scored") } else { "—".to_string() } }</td> }
        } else {
            r.scores.iter().map(|(raw, norm)| html! { <td class="num">{ norm }<span class="raw">{ format!(" ({raw})") }</span></td> }).collect::<Html>()
        };
        html! {
            <tr class={classes!(r.chosen.then_some("chosen"))}>
                <th scope="row">{ &r.node }{ for r.chosen.then(|| html! { <span class="chosen-mark">{ " ✓" }</span> }) }</th>
                { verdict }
                { scores }
                <td class="num total">{ r.total.map(|v| v.to_string()).unwrap_or_else(|| "—".into()) }</td>
            </tr>
        }
    });
    html! {
        <div class="table-wrap">
            <table class="cycle" id={format!("cycle{suffix}")}>
                <caption>{ t.text("cycle-caption") }</caption>
                <thead>
                    <tr>
                        <th scope="col">{ t.text("cycle-node") }</th>
                        <th scope="col">{ t.text("cycle-filter") }</th>
                        { for headers }
                        { for c.plugins.is_empty().then(|| html! { <th scope="col">{ t.text("cycle-scores") }</th> }) }
                        <th scope="col">{ t.text("cycle-total") }</th>
                    </tr>
                </thead>
                <tbody>{ for rows }</tbody>
            </table>
            { for c.message.as_ref().map(|m| html! { <p class="changes-note"><code>{ m.clone() }</code></p> }) }
            { for (!c.not_evaluated.is_empty()).then(|| html! { <p class="changes-note">{ t.text_with("cycle-not-evaluated", &[("nodes", &c.not_evaluated.join(", "))]) }</p> }) }
        </div>
    }
}

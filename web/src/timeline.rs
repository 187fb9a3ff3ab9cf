//! The timeline: one lane per component and a tick per reaction, idle stretches compressed
//! with their length ("⏩ 40 s"); play/pause, step back and forward (← →), jump to the next
//! reaction of a component, speed, and a slider that scrubs both ways.

use std::collections::BTreeMap;

use podlife_player::reaction::Reaction;
use yew::prelude::*;

use crate::app::{App, Msg, SPEEDS};
use crate::what::{lane_of, seconds};

const LABEL_W: f64 = 178.0;
const TICK: f64 = 14.0;
const GAP_W: f64 = 52.0;
const LANE_H: f64 = 20.0;
/// A pause longer than this between two ticks is drawn compressed, with its length.
const IDLE_MS: u64 = 2_500;

/// Lanes in a fixed, readable order: the client and the control plane first, then each
/// node's parts grouped by node (`kubelet (worker-1)` is the label).
fn lane_rank(lane: &str) -> (String, u8, String) {
    let (base, node) = match lane.split_once(" (") {
        Some((b, n)) => (b, n.trim_end_matches(')').to_string()),
        None => (lane, String::new()),
    };
    let rank = match base {
        "kubectl" => 0,
        "kube-apiserver" => 1,
        "etcd" => 2,
        "kube-scheduler" => 3,
        "kube-controller-manager" => 4,
        "kubelet" => 10,
        "containerd" => 11,
        "containerd-shim" => 12,
        "runc" => 13,
        "cni" => 14,
        _ => 20,
    };
    (node, rank, lane.to_string())
}

pub fn view(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    let link = ctx.link();
    let player = app.player();
    let reactions = player.reactions();
    let position = player.position();
    let show_all = app.show_background();
    let shown: Vec<(usize, &Reaction)> = reactions.iter().enumerate().filter(|(_, r)| show_all || !r.background).collect();

    // Lanes.
    let mut lanes: Vec<String> = shown.iter().map(|(_, r)| lane_of(&r.actor)).collect();
    lanes.sort_by_key(|l| lane_rank(l));
    lanes.dedup();
    let lane_index: BTreeMap<&str, usize> = lanes.iter().enumerate().map(|(i, l)| (l.as_str(), i)).collect();

    // X positions, idle stretches compressed.
    let mut x = LABEL_W + 10.0;
    let mut ticks = Vec::new();
    let mut gaps = Vec::new();
    let mut cursor_x = LABEL_W + 4.0;
    let mut previous: Option<u64> = None;
    for (i, r) in &shown {
        let ms = r.time.millis();
        if let Some(p) = previous
            && ms.saturating_sub(p) > IDLE_MS
        {
            gaps.push((x, ms - p));
            x += GAP_W;
        }
        previous = Some(ms);
        let lane = lane_index.get(lane_of(&r.actor).as_str()).copied().unwrap_or(0);
        let current = i + 1 == position;
        if i + 1 <= position {
            cursor_x = x + TICK / 2.0;
        }
        ticks.push((x, lane, *i, current, r.background, r.failed(player.trace())));
        x += TICK;
    }
    let width = x + 20.0;
    let height = lanes.len().max(1) as f64 * LANE_H + 28.0;

    let lane_rows = lanes.iter().enumerate().map(|(i, l)| {
        let y = 8.0 + i as f64 * LANE_H;
        html! {
            <g class="lane">
                <rect x="0" y={y.to_string()} width={width.to_string()} height={LANE_H.to_string()} class={if i % 2 == 0 { "lane-bg even" } else { "lane-bg" }} />
                <text x="8" y={(y + 14.0).to_string()} class="lane-label">{ l.clone() }</text>
            </g>
        }
    });
    let tick_marks = ticks.iter().map(|&(x, lane, i, current, background, failed)| {
        let y = 8.0 + lane as f64 * LANE_H + 3.0;
        let onclick = link.callback(move |_| Msg::Seek(i + 1));
        html! {
            <rect x={x.to_string()} y={y.to_string()} width={(TICK - 4.0).to_string()} height={(LANE_H - 6.0).to_string()} rx="3"
                class={classes!("tick", current.then_some("current"), (i + 1 < position).then_some("past"), background.then_some("background"), failed.then_some("failed"))}
                {onclick} />
        }
    });
    let gap_marks = gaps.iter().map(|&(x, ms)| {
        // A fast-forward sign drawn as two triangles (no emoji font needed), then the length.
        let mid = x + GAP_W / 2.0 - 4.0;
        let base = height - 10.0;
        let icon = format!("M {a} {t} L {b} {m} L {a} {bo} Z M {b} {t} L {c} {m} L {b} {bo} Z", a = mid - 16.0, b = mid - 11.0, c = mid - 6.0, t = base - 4.0, m = base, bo = base + 4.0);
        html! {
            <g class="gap">
                <title>{ short_duration(ms) }</title>
                <line x1={mid.to_string()} y1="6" x2={mid.to_string()} y2={(height - 18.0).to_string()} />
                <path d={icon} class="gap-icon" />
                <text x={(mid - 3.0).to_string()} y={(height - 6.0).to_string()}>{ short_duration(ms) }</text>
            </g>
        }
    });

    // Controls.
    let on_slider = link.callback(|e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Msg::Seek(input.value().parse().unwrap_or(0))
    });
    let on_speed = link.callback(|e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        Msg::Speed(select.value().parse().unwrap_or(2))
    });
    let on_next_of = link.batch_callback(|e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let v = select.value();
        select.set_value("");
        (!v.is_empty()).then_some(Msg::NextOf(v))
    });
    let time_label = match player.current() {
        Some(r) => seconds(r.time.millis()),
        None => seconds(player.time().millis()),
    };
    let visible_index = shown.iter().take_while(|(i, _)| i + 1 <= position).count();
    let step_label = t.text_with("timeline-step", &[("step", &visible_index.to_string()), ("total", &shown.len().to_string()), ("time", &time_label)]);
    let play_label = if app.playing() { t.text("timeline-pause") } else { t.text("timeline-play") };
    let capped = player.capped().then(|| html! { <p class="changes-note" role="status">{ t.text("timeline-capped") }</p> });

    html! {
        <section class="panel timeline" aria-labelledby="timeline-label">
            <div class="panel-head">
                <h2 id="timeline-label">{ t.text("timeline-label") }</h2>
                <span class="meta" id="step-label" aria-live="polite">{ step_label }</span>
            </div>
            <div class="controls" role="toolbar" aria-label={t.text("timeline-controls")}>
                <button type="button" id="step-back" title={t.text("timeline-back-key")} aria-label={t.text("timeline-back")} onclick={link.callback(|_| Msg::Step(false))}>{ "◀" }</button>
                <button type="button" id="play" class="primary" aria-pressed={app.playing().to_string()} onclick={link.callback(|_| Msg::TogglePlay)}>{ if app.playing() { "❚❚ " } else { "▶ " } }{ play_label }</button>
                <button type="button" id="step-forward" title={t.text("timeline-forward-key")} aria-label={t.text("timeline-forward")} onclick={link.callback(|_| Msg::Step(true))}>{ "▶" }</button>
                <label class="inline">
                    <span>{ t.text("timeline-speed") }</span>
                    <select id="speed" onchange={on_speed}>
                        { for SPEEDS.iter().enumerate().map(|(i, s)| html! { <option value={i.to_string()} selected={i == app.speed()}>{ speed_label(*s) }</option> }) }
                    </select>
                </label>
                <label class="inline">
                    <span>{ t.text("timeline-next-of") }</span>
                    <select id="next-of" onchange={on_next_of}>
                        <option value="" selected=true>{ "—" }</option>
                        { for lanes.iter().map(|l| html! { <option value={l.clone()}>{ l.clone() }</option> }) }
                    </select>
                </label>
                <label class="inline check">
                    <input type="checkbox" id="show-background" checked={show_all} onchange={link.callback(|_| Msg::ToggleBackground)} />
                    <span>{ t.text("timeline-background") }</span>
                </label>
            </div>
            <input type="range" id="scrub" class="scrub" min="0" max={reactions.len().to_string()} value={position.to_string()}
                aria-label={t.text("timeline-scrub")} aria-valuetext={step_label_plain(app, visible_index, shown.len())} oninput={on_slider} />
            <div class="lanes-wrap">
                <svg class="lanes" width={width.to_string()} height={height.to_string()} viewBox={format!("0 0 {width} {height}")} aria-hidden="true">
                    { for lane_rows }
                    { for gap_marks }
                    { for tick_marks }
                    <line class="cursor" x1={cursor_x.to_string()} y1="2" x2={cursor_x.to_string()} y2={(height - 18.0).to_string()} />
                </svg>
            </div>
            { for capped }
        </section>
    }
}

fn step_label_plain(app: &App, step: usize, total: usize) -> String {
    app.t().text_with("timeline-step-short", &[("step", &step.to_string()), ("total", &total.to_string())])
}

fn speed_label(s: f64) -> String {
    match s {
        0.25 => "¼×".into(),
        0.5 => "½×".into(),
        s => format!("{s}×"),
    }
}

/// `40 s`, `2 min 5 s`.
fn short_duration(ms: u64) -> String {
    let s = ms / 1000;
    if s < 60 { format!("{s} s") } else if s % 60 == 0 { format!("{} min", s / 60) } else { format!("{} min {} s", s / 60, s % 60) }
}

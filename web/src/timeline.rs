//! The timeline: one lane per component and a tick per reaction, idle stretches compressed
//! with their length ("⏩ 40 s"); play/pause, step back and forward (← →), jump to the next
//! reaction of a component, speed, and a slider that scrubs both ways.

use std::cell::{Ref, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use podlife_ftl::num::Num;
use podlife_protocol::{Cap, StopWhy, Timeline};
use yew::prelude::*;

use crate::app::{App, Msg, SPEEDS};
use crate::markup::escape_into;
use crate::select::{Select, option_into};
use crate::what::seconds;

const LABEL_W: f64 = 178.0;
const TICK: f64 = 14.0;
const GAP_W: f64 = 52.0;
const LANE_H: f64 = 20.0;
/// Ticks drawn by one SVG path (of each kind).
const TICKS_PER_PATH: usize = 256;
/// Stretches of ticks written and added to the drawing per task (about 4,000 ticks: a task
/// writes their paths, and the browser parses and lays them out in the next frame).
const STRETCHES_AT_ONCE: usize = 16;
/// Stretches drawn in the task that receives a new timeline (about 1,000 ticks, more than a
/// screen holds): that task also draws the rest of the run's view.
const STRETCHES_FIRST: usize = 4;
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
        // Its loops, each in a lane of its own (`deployment-controller`).
        b if b.ends_with("-controller") || b.ends_with("-collector") => 5,
        "kubelet" => 10,
        "containerd" => 11,
        "containerd-shim" => 12,
        "runc" => 13,
        "cni" => 14,
        _ => 20,
    };
    (node, rank, lane.to_string())
}

/// One tick: where it is drawn and which position it stands for.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    x: f64,
    lane: usize,
    /// The position after this reaction (`Msg::Seek` target).
    position: usize,
    background: bool,
    failed: bool,
}

/// The drawing of every tick, lane and pause: computed once per timeline (the reactions and
/// the background filter), not per step, so stepping redraws only the cursor.
#[derive(Debug, PartialEq)]
pub struct Layout {
    ticks: Vec<Tick>,
    width: f64,
    height: f64,
    /// Each stretch of `TICKS_PER_PATH` ticks as its paths (normal, routine, failed), written
    /// once per timeline when first drawn (`paths`) and shared by every redraw: the task that
    /// receives a 40,000-reaction run does not write them all.
    paths: RefCell<Vec<[Option<AttrValue>; 3]>>,
    /// The lanes' rows and labels, the pauses and the time labels as SVG markup, parsed by the
    /// browser in one step (built node by node, a 20-node cluster's 200 lanes and their labels
    /// took the task that receives the run about 30 ms).
    frame: AttrValue,
    /// The "next reaction of" picker's options: one per lane.
    lane_options: AttrValue,
}

impl Layout {
    pub fn new(timeline: &Timeline, show_all: bool) -> Layout {
        let shown: Vec<(usize, &podlife_protocol::Tick)> = timeline.ticks.iter().enumerate().filter(|(_, r)| show_all || !r.background).collect();
        // The lanes that have a shown tick, in reading order; each worker lane index → its row.
        let used: BTreeSet<u32> = shown.iter().map(|(_, r)| r.lane).collect();
        let mut order: Vec<u32> = used.into_iter().filter(|&l| (l as usize) < timeline.lanes.len()).collect();
        order.sort_by_cached_key(|&l| lane_rank(&timeline.lanes[l as usize]));
        let row_of: BTreeMap<u32, usize> = order.iter().enumerate().map(|(row, &l)| (l, row)).collect();
        let lanes: Vec<String> = order.iter().map(|&l| timeline.lanes[l as usize].clone()).collect();
        let mut x = LABEL_W + 10.0;
        let mut ticks = Vec::with_capacity(shown.len());
        let mut gaps = Vec::new();
        let mut marks = Vec::new();
        // Where the bottom row is free again (gap labels and time labels share it).
        let mut free_from = 0.0;
        let mut previous: Option<u64> = None;
        for (i, r) in &shown {
            let ms = r.ms;
            if let Some(p) = previous
                && ms.saturating_sub(p) > IDLE_MS
            {
                gaps.push((x, ms - p));
                x += GAP_W;
                free_from = x + 6.0;
            }
            // A time label when the second changes and there is room.
            if x >= free_from && previous.is_none_or(|p| p / 1000 != ms / 1000) {
                marks.push((x, ms));
                free_from = x + 64.0;
            }
            previous = Some(ms);
            let lane = row_of.get(&r.lane).copied().unwrap_or(0);
            ticks.push(Tick { x, lane, position: i + 1, background: r.background, failed: r.failed });
            x += TICK;
        }
        let height = lanes.len().max(1) as f64 * LANE_H + 28.0;
        let width = x + 20.0;
        let frame = AttrValue::from(frame_markup(&lanes, &gaps, &marks, width, height));
        let mut lane_options = String::new();
        option_into(&mut lane_options, "", "—", true);
        for l in &lanes {
            option_into(&mut lane_options, l, l, false);
        }
        Layout { ticks, width, height, paths: RefCell::default(), frame, lane_options: AttrValue::from(lane_options) }
    }

    /// How many stretches of `TICKS_PER_PATH` ticks the timeline has.
    fn stretches(&self) -> usize {
        self.ticks.len().div_ceil(TICKS_PER_PATH)
    }

    /// The paths of the first `count` stretches, written now if they were not yet.
    fn paths(&self, count: usize) -> Ref<'_, [[Option<AttrValue>; 3]]> {
        let count = count.min(self.stretches());
        {
            let mut paths = self.paths.borrow_mut();
            while paths.len() < count {
                let start = paths.len() * TICKS_PER_PATH;
                let stretch = &self.ticks[start..(start + TICKS_PER_PATH).min(self.ticks.len())];
                let mut d = [String::new(), String::new(), String::new()];
                for t in stretch {
                    let kind = if t.failed { 2 } else if t.background { 1 } else { 0 };
                    tick_path(&mut d[kind], t.x, 8.0 + t.lane as f64 * LANE_H + 3.0);
                }
                paths.push(d.map(|d| (!d.is_empty()).then(|| AttrValue::from(d))));
            }
        }
        Ref::map(self.paths.borrow(), |p| &p[..count])
    }

    /// The tick of the reaction at or before `position`, if any.
    fn tick_at(&self, position: usize) -> Option<&Tick> {
        let i = self.ticks.partition_point(|t| t.position <= position);
        i.checked_sub(1).map(|i| &self.ticks[i])
    }

    /// The tick drawn under (x, y), or the nearest in its lane within half a tick.
    fn tick_near(&self, x: f64, y: f64) -> Option<&Tick> {
        let lane = ((y - 8.0) / LANE_H).floor();
        if lane < 0.0 {
            return None;
        }
        let lane = lane as usize;
        let i = self.ticks.partition_point(|t| t.x + TICK <= x);
        self.ticks[i.saturating_sub(1)..(i + 2).min(self.ticks.len())].iter().filter(|t| t.lane == lane).min_by(|a, b| (a.x + TICK / 2.0 - x).abs().total_cmp(&(b.x + TICK / 2.0 - x).abs())).filter(|t| (t.x + TICK / 2.0 - x).abs() <= TICK)
    }

    /// How many shown reactions are at or before `position` (the step number).
    pub fn step_of(&self, position: usize) -> usize {
        self.ticks.partition_point(|t| t.position <= position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_draws_each_lane_pause_and_time_label() {
        let lanes = vec!["kubelet (a<b)".to_string(), "etcd".to_string()];
        let m = frame_markup(&lanes, &[(100.0, 40_000)], &[(200.0, 1_500)], 300.0, 68.0);
        assert!(m.starts_with("<g class=\"frame\"><g class=\"lane\"><rect x=\"0\" y=\"8\" width=\"300\" height=\"20\" class=\"lane-bg even\"/><text x=\"8\" y=\"22\" class=\"lane-label\">kubelet (a&lt;b)</text></g>"), "{m}");
        assert!(m.contains("class=\"lane-bg\"/><text x=\"8\" y=\"42\" class=\"lane-label\">etcd</text>"), "{m}");
        assert!(m.contains("<g class=\"gap\"><title>40 s</title><line x1=\"122\" y1=\"6\" x2=\"122\" y2=\"50\"/>"), "{m}");
        assert!(m.ends_with("<text x=\"200\" y=\"62\" class=\"time-mark\">1.5 s</text></g>"), "{m}");
    }

    #[test]
    fn fractional_coordinates_read_as_std_writes_them() {
        let (x, w, h, g) = (200.7, 300.5, 68.25, 100.3);
        let m = frame_markup(&["etcd".to_string()], &[(g, 40_000)], &[(x, 1_500)], w, h);
        let mid = g + GAP_W / 2.0 - 4.0;
        assert!(m.contains(&format!("width=\"{w}\" height=\"{LANE_H}\"")), "{m}");
        assert!(m.contains(&format!("<line x1=\"{mid}\" y1=\"6\" x2=\"{mid}\" y2=\"{}\"/><path d=\"M {} {}", h - 18.0, mid - 16.0, h - 10.0 - 4.0)), "{m}");
        assert!(m.contains(&format!("<text x=\"{}\" y=\"{}\">40 s</text>", mid - 3.0, h - 6.0)), "{m}");
        assert!(m.ends_with(&format!("<text x=\"{x}\" y=\"{}\" class=\"time-mark\">1.5 s</text></g>", h - 6.0)), "{m}");
        for s in SPEEDS {
            assert!(speed_label(s) == format!("{s}×") || s < 1.0);
        }
    }

    #[test]
    fn a_tick_is_a_rounded_rectangle_at_whole_pixels() {
        let mut d = String::new();
        tick_path(&mut d, 188.0, 31.0);
        tick_path(&mut d, 0.0, 11.0);
        assert_eq!(d, "M191 31h4q3 0 3 3v8q0 3-3 3h-4q-3 0-3-3v-8q0-3 3-3zM3 11h4q3 0 3 3v8q0 3-3 3h-4q-3 0-3-3v-8q0-3 3-3z");
        let mut n = String::new();
        podlife_ftl::num::push_uint(&mut n, 0);
        podlife_ftl::num::push_uint(&mut n, 1_234_567);
        assert_eq!(n, "01234567");
    }
}

#[derive(Properties)]
pub struct LanesProps {
    pub layout: Rc<Layout>,
    pub on_seek: Callback<usize>,
}

impl PartialEq for LanesProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.layout, &other.layout) && self.on_seek == other.on_seek
    }
}

/// The static part of the lanes: redrawn only when the layout changes.
#[function_component(Lanes)]
pub fn lanes(props: &LanesProps) -> Html {
    let l = &props.layout;
    // The ticks of a kind drawn as one path per stretch of `TICKS_PER_PATH`: a timeline of
    // thousands of reactions is a few hundred DOM elements, not tens of thousands (drawing
    // them one by one took the page's thread a tenth of a second per thousand), and each
    // path's bounds stay narrow, so repainting the part on screen rasterizes the few paths
    // there instead of walking one path of every tick for each tile (300 ms a step for
    // 40,000 reactions). A long timeline is drawn over several tasks, `STRETCHES_AT_ONCE` at a
    // time, so that the page never stops answering for long. One click handler finds the tick
    // under the pointer.
    let total = l.stretches();
    let layout_id = Rc::as_ptr(&props.layout) as usize;
    let progress = use_state_eq(|| (0usize, 0usize));
    let drawn = (if progress.0 == layout_id { progress.1 } else { STRETCHES_FIRST }).min(total);
    {
        let progress = progress.clone();
        use_effect_with((layout_id, drawn), move |&(id, drawn)| {
            let more = (drawn < total).then(|| gloo_timers::callback::Timeout::new(0, move || progress.set((id, (drawn + STRETCHES_AT_ONCE).min(total)))));
            move || drop(more)
        });
    }
    let paths = l.paths(drawn);
    let stretches = paths.iter().map(|[normal, background, failed]| {
        html! {
            <>
                { for normal.clone().map(|d| html! { <path class="tick" {d} /> }) }
                { for background.clone().map(|d| html! { <path class="tick background" {d} /> }) }
                { for failed.clone().map(|d| html! { <path class="tick failed" {d} /> }) }
            </>
        }
    });
    let layout = props.layout.clone();
    let on_seek = props.on_seek.clone();
    let onclick = Callback::from(move |e: MouseEvent| {
        let Some(svg) = e.current_target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok()).and_then(|g| g.closest("svg").ok().flatten()) else { return };
        let rect = svg.get_bounding_client_rect();
        let (x, y) = (e.client_x() as f64 - rect.left(), e.client_y() as f64 - rect.top());
        if let Some(t) = layout.tick_near(x, y) {
            on_seek.emit(t.position);
        }
    });
    let ticks = html! { <g class="ticks" {onclick}>{ for stretches }</g> };
    html! { <g class="static">{ Html::from_html_unchecked(l.frame.clone()) }{ ticks }</g> }
}

/// The lanes' rows and labels, the pauses (a fast-forward sign and the length) and the time
/// labels, as one `<g>` of SVG markup, every text escaped.
/// `gaps` and `marks` are (x, ms): a pause and its length, a time label and its time.
fn frame_markup(lanes: &[String], gaps: &[(f64, u64)], marks: &[(f64, u64)], width: f64, height: f64) -> String {
    let mut out = String::with_capacity(128 + lanes.len() * 160 + gaps.len() * 300 + marks.len() * 64);
    out.push_str("<g class=\"frame\">");
    for (i, name) in lanes.iter().enumerate() {
        let y = 8.0 + i as f64 * LANE_H;
        let class = if i % 2 == 0 { "lane-bg even" } else { "lane-bg" };
        out.push_str(&format!("<g class=\"lane\"><rect x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"{class}\"/><text x=\"8\" y=\"{}\" class=\"lane-label\">", Num(y), Num(width), Num(LANE_H), Num(y + 14.0)));
        escape_into(&mut out, name);
        out.push_str("</text></g>");
    }
    for &(x, ms) in gaps {
        let mid = x + GAP_W / 2.0 - 4.0;
        let base = height - 10.0;
        let (a, b, c, t, m, bo) = (Num(mid - 16.0), Num(mid - 11.0), Num(mid - 6.0), Num(base - 4.0), Num(base), Num(base + 4.0));
        let mid = Num(mid);
        let length = short_duration(ms);
        out.push_str(&format!(
            "<g class=\"gap\"><title>{length}</title><line x1=\"{mid}\" y1=\"6\" x2=\"{mid}\" y2=\"{}\"/><path d=\"M {a} {t} L {b} {m} L {a} {bo} Z M {b} {t} L {c} {m} L {b} {bo} Z\" class=\"gap-icon\"/><text x=\"{}\" y=\"{}\">{length}</text></g>",
            Num(height - 18.0),
            Num(mid.0 - 3.0),
            Num(height - 6.0)
        ));
    }
    for &(x, ms) in marks {
        out.push_str(&format!("<text x=\"{}\" y=\"{}\" class=\"time-mark\">{}</text>", Num(x), Num(height - 6.0), time_mark(ms)));
    }
    out.push_str("</g>");
    out
}

pub fn view(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    let link = ctx.link();
    let total = app.timeline().ticks.len();
    let position = app.position();
    let show_all = app.show_background();
    let layout = app.timeline_layout();
    let (width, height) = (layout.width, layout.height);
    let current = layout.tick_at(position).filter(|t| t.position == position);
    let cursor_x = layout.tick_at(position).map_or(LABEL_W + 4.0, |t| t.x + TICK / 2.0);
    let visible_index = layout.step_of(position);
    let total_shown = layout.ticks.len();
    // The part already seen is shaded by one band, not by restyling every tick.
    let seen_band = html! { <rect class="seen" x={Num(LABEL_W + 6.0).to_string()} y="8" width={Num((cursor_x - LABEL_W - 6.0).max(0.0)).to_string()} height={Num(height - 28.0).to_string()} /> };
    let current_mark = current.map(|c| {
        let y = 8.0 + c.lane as f64 * LANE_H + 3.0;
        html! { <rect class="tick current" x={Num(c.x).to_string()} y={Num(y).to_string()} width={Num(TICK - 4.0).to_string()} height={Num(LANE_H - 6.0).to_string()} rx="3" /> }
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
    let time_label = seconds(app.shown().time_ms);
    let step_label = t.text_with("timeline-step", &[("step", &visible_index.to_string()), ("total", &total_shown.to_string()), ("time", &time_label)]);
    let play_label = if app.playing() { t.text("timeline-pause") } else { t.text("timeline-play") };
    let capped = app.shown().cap.as_ref().map(|cap| html! { <p class="changes-note" id="run-stopped" role="status">{ cap_note(t, cap) }</p> });
    let busy = app.busy().map(|b| {
        let text = if b.reactions == 0 { t.text("timeline-computing-start") } else { t.text_with("timeline-computing", &[("reactions", &b.reactions.to_string()), ("time", &seconds(b.at_ms))]) };
        html! {
            <p class="changes-note busy" id="run-busy" role="status">
                <span>{ text }</span>{ " " }
                <button type="button" id="cancel-run" class="quiet" onclick={link.callback(|_| Msg::Cancel)}>{ t.text("timeline-cancel") }</button>
            </p>
        }
    });

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
                    <Select id="next-of" options={layout.lane_options.clone()} onchange={on_next_of} />
                </label>
                <label class="inline check">
                    <input type="checkbox" id="show-background" checked={show_all} onchange={link.callback(|_| Msg::ToggleBackground)} />
                    <span>{ t.text("timeline-background") }</span>
                </label>
            </div>
            <input type="range" id="scrub" class="scrub" min="0" max={total.to_string()} value={position.to_string()}
                aria-label={t.text("timeline-scrub")} aria-valuetext={step_label_plain(app, visible_index, total_shown)} oninput={on_slider} />
            <div class="lanes-wrap">
                <svg class="lanes" width={Num(width).to_string()} height={Num(height).to_string()} viewBox={format!("0 0 {} {}", Num(width), Num(height))} aria-hidden="true">
 
                    <Lanes layout={layout.clone()} on_seek={app.seek_callback()} />
                    { seen_band }
                    { for current_mark }
                    <line class="cursor" x1={Num(cursor_x).to_string()} y1="2" x2={Num(cursor_x).to_string()} y2={Num(height - 18.0).to_string()} />
                </svg>
            </div>
            { for busy }
            { for capped }
        </section>
    }
}

/// A tick as a rounded rectangle (TICK - 4 wide, LANE_H - 6 high, corners of 3) appended to
/// a path. Coordinates are whole pixels (every width and offset is), written as integers: the
/// shortest-float printer cost a 40,000-tick timeline 60 ms. The corners are quadratic curves,
/// not arcs: at 3 px they look the same, and the browser parses the path (when it is set) and
/// measures it (when it lays the drawing out) in about half the time.
fn tick_path(d: &mut String, x: f64, y: f64) {
    // From the corner's start: the top edge, the corners and edges clockwise.
    const SHAPE: &str = "h4q3 0 3 3v8q0 3-3 3h-4q-3 0-3-3v-8q0-3 3-3z";
    const _: () = assert!(TICK - 4.0 - 6.0 == 4.0 && LANE_H - 6.0 - 6.0 == 8.0, "SHAPE's sizes");
    d.push('M');
    podlife_ftl::num::push_uint(d, (x + 3.0) as u64);
    d.push(' ');
    podlife_ftl::num::push_uint(d, y as u64);
    d.push_str(SHAPE);
}

fn step_label_plain(app: &App, step: usize, total: usize) -> String {
    app.t().text_with("timeline-step-short", &[("step", &step.to_string()), ("total", &total.to_string())])
}

fn speed_label(s: f64) -> String {
    match s {
        0.25 => "¼×".into(),
        0.5 => "½×".into(),
        s => format!("{}×", Num(s)),
    }
}

/// A virtual time under the ticks: `4.3 s`, then whole seconds, then minutes.
fn time_mark(ms: u64) -> String {
    match ms {
        0..10_000 => format!("{}.{} s", ms / 1000, ms % 1000 / 100),
        10_000..60_000 => format!("{} s", ms / 1000),
        _ => short_duration(ms),
    }
}

/// `40 s`, `2 min 5 s`.
fn short_duration(ms: u64) -> String {
    let s = ms / 1000;
    if s < 60 { format!("{s} s") } else if s.is_multiple_of(60) { format!("{} min", s / 60) } else { format!("{} min {} s", s / 60, s % 60) }
}

/// The note under the controls when the last run stopped early: where, and why — the
/// console's `podlife stopped …` line in the learner's language.
fn cap_note(t: &podlife_i18n::Localizer, cap: &Cap) -> String {
    match cap {
        Cap::Steps { steps, at_ms } => t.text_with("timeline-capped-steps", &[("steps", &steps.to_string()), ("time", &seconds(*at_ms))]),
        Cap::Timeline { reactions, at_ms } => t.text_with("timeline-capped-timeline", &[("reactions", &reactions.to_string()), ("time", &seconds(*at_ms))]),
        Cap::Engine { reactions, at_ms, why } => {
            let why = match why {
                StopWhy::TraceFull(n) => t.text_with("stop-trace-full", &[("n", &n.to_string())]),
                StopWhy::Steps(n) => t.text_with("stop-steps", &[("n", &n.to_string())]),
                StopWhy::Reactions(n) => t.text_with("stop-reactions", &[("n", &n.to_string())]),
                StopWhy::Work { units, pods_per_extra_unit, objects_per_extra_unit } => t.text_with("stop-work", &[("n", &units.to_string()), ("pods", &pods_per_extra_unit.to_string()), ("objects", &objects_per_extra_unit.to_string())]),
                StopWhy::Waiting(duration) => t.text_with("stop-waiting", &[("duration", duration)]),
            };
            t.text_with("timeline-stopped", &[("reactions", &reactions.to_string()), ("time", &seconds(*at_ms)), ("why", &why)])
        }
    }
}

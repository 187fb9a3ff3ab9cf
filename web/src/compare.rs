//! The compare view (issue 21): two variants of one story side by side. Each column is one
//! variant — its label, its editor (B is the copy the learner edits), its cluster and its
//! current reaction explained, its console —; above them both runs' timelines on one time
//! axis (the reactions only one run has marked), the outcome table and the list of reactions
//! only one run has; the diff of B against A under B's editor. The two clusters live in the
//! worker (`Request::Compare*`, answered `Answer::Compared`); the parts of a `CompareView`
//! sent only when they changed are kept here.

use std::cell::RefCell;
use std::rc::Rc;

use podlife_ftl::num::Num;
use podlife_page::compare::{self as logic, Axis};
use podlife_protocol::{CompareTimeline, CompareTo, CompareView, ConsoleEntry, FileResult, FilesDiff, OnlyIn, OutcomeRow, OutcomeValue, Variant};
use yew::prelude::*;

use crate::app::{App, EditorFile, Msg};
use crate::editor::Code;
use crate::what::seconds;

/// The lanes' drawing, in its own units (scaled to the panel's width): wide, or on a narrow
/// page (a phone), so that its labels stay readable.
const VIEW_W: f64 = 1000.0;
const NARROW_VIEW_W: f64 = 380.0;
const LABEL_W: f64 = 44.0;
const RIGHT_PAD: f64 = 14.0;
const LANE_H: f64 = 44.0;
const TOP: f64 = 6.0;
/// The most only-here marks drawn one by one (each with its label) per side; the rest are
/// drawn as one shape.
const MARKS_LABELLED: usize = 200;

pub use podlife_stories::comparisons::Words;

/// The words of built-in comparison `id` in `lang` (`en` or `ko`).
pub fn words(id: &str, lang: &str) -> Option<Words> {
    podlife_stories::comparisons::texts(podlife_stories::comparisons::by_id(id)?, lang).ok()
}

/// The drawing of both lanes, made once per pair of timelines.
#[derive(Debug)]
pub struct Lanes {
    axis: Axis,
    /// Per side: the ticks' paths (normal, routine, failed) and the only-here marks' shape
    /// beyond the labelled ones.
    paths: [[String; 3]; 2],
    rest: [String; 2],
    /// Per side: the labelled only-here marks (x, position).
    marks: [Vec<(f64, usize)>; 2],
    /// Per side: each tick's x (index i: position i + 1).
    xs: [Vec<f64>; 2],
    height: f64,
    width: f64,
}

fn lane_y(side: usize) -> f64 {
    TOP + side as f64 * (LANE_H + 6.0)
}

fn half_px(x: f64) -> Num {
    Num((x * 2.0).round() / 2.0)
}

impl Lanes {
    fn new(timelines: &[Rc<CompareTimeline>; 2], end_ms: u64, width: f64) -> Lanes {
        let times = timelines.iter().flat_map(|t| t.timeline.ticks.iter().map(|k| k.ms));
        let axis = Axis::new(times, end_ms, LABEL_W + 8.0, width - RIGHT_PAD);
        let mut paths: [[String; 3]; 2] = Default::default();
        let mut rest: [String; 2] = Default::default();
        let mut marks: [Vec<(f64, usize)>; 2] = Default::default();
        let mut xs: [Vec<f64>; 2] = Default::default();
        for (side, t) in timelines.iter().enumerate() {
            let y = lane_y(side);
            for k in &t.timeline.ticks {
                let x = axis.x(k.ms);
                xs[side].push(x);
                let kind = if k.failed { 2 } else if k.background { 1 } else { 0 };
                let d = &mut paths[side][kind];
                d.push_str(&format!("M{} {}h2v22h-2z", half_px(x - 1.0), Num(y + 16.0)));
            }
            for (n, &i) in t.only_here.iter().enumerate() {
                let Some(&x) = xs[side].get(i as usize) else { continue };
                if n < MARKS_LABELLED {
                    marks[side].push((x, i as usize + 1));
                } else {
                    rest[side].push_str(&mark_path(x, y));
                }
            }
        }
        Lanes { axis, paths, rest, marks, xs, height: lane_y(2) + 20.0, width }
    }
}

/// An only-here mark: a small diamond above the lane's ticks.
fn mark_path(x: f64, y: f64) -> String {
    format!("M{} {}l5 6l-5 6l-5-6z", half_px(x), Num(y + 2.0))
}

/// The comparison the page shows: the last view and the parts sent only when they change.
pub struct Compare {
    pub view: Rc<CompareView>,
    /// A `Compared` has arrived (until then the view says it is opening).
    pub ready: bool,
    pub timelines: [Rc<CompareTimeline>; 2],
    pub consoles: [Rc<Vec<ConsoleEntry>>; 2],
    pub only: Rc<(Vec<OnlyIn>, usize)>,
    pub outcomes: Rc<Vec<OutcomeRow>>,
    pub files: [Vec<EditorFile>; 2],
    pub active: [usize; 2],
    pub diff: Rc<FilesDiff>,
    /// What the last Apply did on each side.
    pub results: [Vec<FileResult>; 2],
    pub refs: [crate::editor::Refs; 2],
    /// A time seek is on its way; the latest one asked for meanwhile waits for it.
    pub seek_in_flight: bool,
    pub seek_next: Option<CompareTo>,
    /// Opened from a link (the session behind it is the link's story).
    pub from_link: bool,
    /// The files of a side were edited and not yet sent.
    pub dirty: [bool; 2],
    /// The link's fragment (an embedded comparison's "open in podlife").
    pub fragment: Option<String>,
    lanes: RefCell<Option<(LanesKey, Rc<Lanes>)>>,
}

/// What the lanes' drawing depends on: both timelines' versions, the end, a narrow page.
type LanesKey = (u64, u64, u64, bool);

fn one_file_at_least(files: Vec<EditorFile>) -> Vec<EditorFile> {
    if files.is_empty() { vec![EditorFile { name: "pod.yaml".into(), text: String::new() }] } else { files }
}

impl Compare {
    pub fn new(from_link: bool, fragment: Option<String>) -> Compare {
        Compare {
            view: Rc::default(),
            ready: false,
            timelines: Default::default(),
            consoles: Default::default(),
            only: Rc::default(),
            outcomes: Rc::default(),
            files: [one_file_at_least(Vec::new()), one_file_at_least(Vec::new())],
            active: [0, 0],
            diff: Rc::default(),
            results: Default::default(),
            refs: Default::default(),
            seek_in_flight: false,
            seek_next: None,
            from_link,
            dirty: [false, false],
            fragment,
            lanes: RefCell::default(),
        }
    }

    /// A view from the worker: the parts it sent replace the kept ones.
    pub fn receive(&mut self, mut view: CompareView, a_results: Vec<FileResult>, b_results: Vec<FileResult>) {
        self.ready = true;
        for (i, side) in [&mut view.a, &mut view.b].into_iter().enumerate() {
            if let Some(t) = side.timeline.take() {
                self.timelines[i] = Rc::new(t);
            }
            if let Some(c) = side.console.take() {
                self.consoles[i] = Rc::new(c);
            }
        }
        if let Some(o) = view.only.take() {
            self.only = Rc::new(o);
        }
        if let Some(o) = view.outcomes.take() {
            self.outcomes = Rc::new(o);
        }
        if let Some((a, b)) = view.files.take() {
            let files = |f: Vec<(String, String)>| one_file_at_least(f.into_iter().map(|(name, text)| EditorFile { name, text }).collect());
            // What the learner typed meanwhile wins.
            if !self.dirty[0] {
                self.files[0] = files(a);
                self.active[0] = 0;
            }
            if !self.dirty[1] {
                self.files[1] = files(b);
                self.active[1] = 0;
            }
        }
        if let Some(d) = view.diff.take() {
            self.diff = Rc::new(d);
        }
        if !a_results.is_empty() || !b_results.is_empty() {
            self.results = [a_results, b_results];
        }
        self.view = Rc::new(view);
    }

    pub fn side_files(&self, v: Variant) -> Vec<(String, String)> {
        self.files[index(v)].iter().map(|f| (f.name.clone(), f.text.clone())).collect()
    }

    /// The files Apply sends: the empty ones left out (an empty tab applies nothing).
    pub fn apply_files(&self, v: Variant) -> Vec<(String, String)> {
        self.files[index(v)].iter().filter(|f| !f.text.trim().is_empty()).map(|f| (f.name.clone(), f.text.clone())).collect()
    }

    fn end_ms(&self) -> u64 {
        self.view.a.end_ms.max(self.view.b.end_ms)
    }

    pub fn lanes(&self, narrow: bool) -> Rc<Lanes> {
        let key = (self.timelines[0].timeline.version, self.timelines[1].timeline.version, self.end_ms(), narrow);
        let mut cache = self.lanes.borrow_mut();
        if let Some((k, l)) = cache.as_ref()
            && *k == key
        {
            return l.clone();
        }
        let l = Rc::new(Lanes::new(&self.timelines, key.2, if narrow { NARROW_VIEW_W } else { VIEW_W }));
        *cache = Some((key, l.clone()));
        l
    }

    /// Both positions that show `o`: its side at it, the other side at its last reaction
    /// before it in the merged order (A's before B's at the same millisecond).
    pub fn positions_for(&self, o: &OnlyIn) -> (usize, usize) {
        let count = |side: usize, inclusive: bool| self.timelines[side].timeline.ticks.partition_point(|k| if inclusive { k.ms <= o.time_ms } else { k.ms < o.time_ms });
        match o.variant {
            Variant::A => (o.position, count(1, false)),
            Variant::B => (count(0, true), o.position),
        }
    }

    /// The built-in comparison's words in the learner's language.
    pub fn words(&self, app: &App) -> Option<Words> {
        words(self.view.builtin.as_deref()?, app.lang().code())
    }
}

pub fn index(v: Variant) -> usize {
    if v == Variant::A { 0 } else { 1 }
}

fn letter(side: usize) -> &'static str {
    if side == 0 { "A" } else { "B" }
}

fn variant(side: usize) -> Variant {
    if side == 0 { Variant::A } else { Variant::B }
}

/// An outcome value as the table shows it.
fn value_text(t: &podlife_i18n::Localizer, v: Option<&OutcomeValue>) -> String {
    match v {
        None => "—".to_string(),
        Some(OutcomeValue::Count(n)) => n.to_string(),
        Some(OutcomeValue::Millis(ms)) => logic::tenths(*ms),
        Some(OutcomeValue::Never) => t.text("compare-never"),
        Some(OutcomeValue::Text(s)) => s.clone(),
        Some(OutcomeValue::PerSecond(v)) => logic::per_second(v, 6),
        Some(OutcomeValue::Exits(e)) => logic::exits(e),
    }
}

/// Words for a measure id (the id itself when there are none).
fn measure_text(t: &podlife_i18n::Localizer, id: &str) -> String {
    let m = logic::measure_message(id);
    if t.has(&m) { t.text(&m) } else { id.to_string() }
}

/// Words for a trace action id (the id itself when there are none).
pub fn action_text(t: &podlife_i18n::Localizer, id: &str) -> String {
    let m = logic::action_message(id);
    if t.has(&m) { t.text(&m) } else { id.to_string() }
}

/// One line saying what an only-in entry is: `kubelet (worker-1) · sent a signal · Pod/web-2 · signal=SIGKILL`.
fn only_words(t: &podlife_i18n::Localizer, o: &OnlyIn) -> String {
    let mut parts = vec![match &o.node {
        Some(n) => format!("{} ({n})", o.component),
        None => o.component.clone(),
    }];
    parts.push(action_text(t, &o.action));
    if !o.object.is_empty() {
        parts.push(o.object.clone());
    }
    if !o.detail.is_empty() {
        parts.push(o.detail.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" "));
    }
    parts.join(" · ")
}

/// The whole view (or, embedded, its compact form: no editors, console or sharing).
pub fn view(app: &App, ctx: &Context<App>, c: &Compare) -> Html {
    let t = app.t();
    let link = ctx.link();
    let embed = app.embedded();
    let words = c.words(app);
    // A variant someone shared (or a course page embeds) is not the reader's own.
    let shared = c.from_link || embed;
    let title = self::title(app, c);
    let side_label = |side: usize| match &words {
        Some(w) => if side == 0 { w.a.clone() } else { w.b.clone() },
        None if shared => t.text(if side == 0 { "compare-shared-a" } else { "compare-shared-b" }),
        None => t.text(if side == 0 { "compare-variant-a" } else { "compare-variant-b" }),
    };
    if !c.ready {
        return html! {
            <section class="panel compare-head" id="compare" aria-labelledby="compare-title">
                <h2 id="compare-title">{ t.text("compare-label") }</h2>
                <p class="hint" role="status" id="compare-opening">{ t.text("compare-opening") }</p>
                { busy_note(app, ctx) }
            </section>
        };
    }
    let intro = match &words {
        Some(w) => html! {
            <>
                <p class="compare-intro">{ w.intro.clone() }</p>
                <p class="compare-expect"><strong>{ t.text("compare-expect") }</strong>{ " " }{ w.expect.clone() }</p>
            </>
        },
        None => html! { <p class="compare-intro">{ t.text(if shared { "compare-intro-shared" } else { "compare-intro-variant" }) }</p> },
    };
    let actions = (!embed).then(|| {
        html! {
            <div class="compare-actions">
                <button type="button" id="compare-share" class="quiet" onclick={link.callback(|_| Msg::CompareShare)}>{ t.text("compare-share") }</button>
                <button type="button" id="compare-close" class="quiet" onclick={link.callback(|_| Msg::CompareClose)}>{ t.text("compare-close") }</button>
            </div>
        }
    });
    let head = html! {
        <section class="panel compare-head" aria-labelledby="compare-title">
            <div class="panel-head">
                <div>
                    <span class="compare-kicker">{ t.text("compare-label") }</span>
                    <h2 id="compare-title" tabindex="-1">{ title }</h2>
                </div>
                { for actions }
            </div>
            { intro }
            <ul class="compare-legend-ab">
                <li><span class="ab-badge a">{ "A" }</span>{ side_label(0) }</li>
                <li><span class="ab-badge b">{ "B" }</span>{ side_label(1) }</li>
            </ul>
        </section>
    };
    let run_bar = (!embed).then(|| run_bar(app, ctx, c));
    let editors = (!embed).then(|| {
        let editors = html! { <div class="compare-cols compare-editors">{ side_editor(app, ctx, c, 0, side_label(0)) }{ side_editor(app, ctx, c, 1, side_label(1)) }</div> };
        if c.view.builtin.is_some() {
            // A built-in comparison runs its own scripts: the learner's manifests on each side
            // are optional, folded until there are some.
            let has_text = c.files.iter().flatten().any(|f| !f.text.is_empty());
            html! { <details class="compare-own" open={has_text}><summary>{ t.text("compare-own-files") }</summary>{ editors }</details> }
        } else {
            editors
        }
    });
    let sides = (0..2).map(|side| side_view(app, c, side, side_label(side)));
    html! {
        <div class={classes!("compare", embed.then_some("compact"))} id="compare">
            { head }
            { for editors }
            { for run_bar }
            { lanes_view(app, ctx, c) }
            <div class="compare-summary">
                { outcomes_view(app, c) }
                { only_view(app, ctx, c) }
            </div>
            <div class="compare-cols">{ for sides }</div>
        </div>
    }
}

/// Apply (both sides, each its files) and the console line both sides run.
fn run_bar(app: &App, ctx: &Context<App>, c: &Compare) -> Html {
    let t = app.t();
    let link = ctx.link();
    let on_key = link.batch_callback(|e: KeyboardEvent| {
        if e.key() != "Enter" {
            return None;
        }
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        let line = input.value();
        input.set_value("");
        Some(Msg::CompareCommand(line))
    });
    let failed: Vec<Html> = (0..2)
        .filter(|&s| c.results[s].iter().any(|r| r.failed))
        .map(|s| html! { <p class="changes-note bad-note" role="status">{ t.text_with("compare-apply-failed", &[("side", letter(s))]) }</p> })
        .collect();
    html! {
        <section class="panel compare-run" aria-label={t.text("compare-run-label")}>
            <div class="compare-run-row">
                <button type="button" id="compare-apply" class="primary" aria-keyshortcuts="Control+Enter" aria-busy={app.busy().is_some().to_string()}
                    onclick={link.callback(|_| Msg::CompareApply)}>{ t.text("compare-apply") }</button>
                <div class="console-input compare-console-input">
                    <span class="prompt" aria-hidden="true">{ "$" }</span>
                    <input id="compare-console-input" type="text" spellcheck="false" autocomplete="off" autocapitalize="off"
                        aria-label={t.text("compare-console-input")} placeholder={t.text("compare-console-placeholder")} onkeydown={on_key} />
                </div>
            </div>
            <p class="hint">{ t.text("compare-run-hint") }</p>
            { for failed }
            { busy_note(app, ctx) }
            { for (c.view.builtin.is_none() || c.files.iter().flatten().any(|f| !f.text.is_empty())).then(|| diff_view(app, c)) }
        </section>
    }
}

fn busy_note(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    match app.busy() {
        None => Html::default(),
        Some(b) => {
            let text = if b.reactions == 0 { t.text("timeline-computing-start") } else { t.text_with("timeline-computing", &[("reactions", &b.reactions.to_string()), ("time", &seconds(b.at_ms))]) };
            html! {
                <p class="changes-note busy" id="compare-busy" role="status">
                    <span>{ text }</span>{ " " }
                    <button type="button" class="quiet" onclick={ctx.link().callback(|_| Msg::Cancel)}>{ t.text("timeline-cancel") }</button>
                </p>
            }
        }
    }
}

/// Both timelines on one time axis, the cursor at the aligned moment, the only-here marks.
fn lanes_view(app: &App, ctx: &Context<App>, c: &Compare) -> Html {
    let t = app.t();
    let link = ctx.link();
    let lanes = c.lanes(app.narrow());
    let width = lanes.width;
    let v = &c.view;
    let axis = &lanes.axis;
    let end = axis.end_ms();
    let height = lanes.height;
    // The frame: each lane's band and letter, the compressed stretches, time labels.
    let mut frame: Vec<Html> = Vec::new();
    for side in 0..2 {
        let y = lane_y(side);
        frame.push(html! {
            <g class="cmp-lane">
                <rect class={classes!("lane-bg", (side == 0).then_some("even"))} x="0" y={Num(y).to_string()} width={Num(width).to_string()} height={Num(LANE_H).to_string()} />
                <text class={classes!("cmp-lane-label", if side == 0 { "a" } else { "b" })} x="14" y={Num(y + 28.0).to_string()}>{ letter(side) }</text>
            </g>
        });
    }
    for s in axis.segments().iter().filter(|s| s.compressed) {
        let w = s.x1 - s.x0;
        let label = logic::tenths(s.ms1 - s.ms0);
        frame.push(html! {
            <g class="cmp-gap">
                <title>{ logic::tenths(s.ms1 - s.ms0) }</title>
                <rect x={half_px(s.x0).to_string()} y={Num(TOP).to_string()} width={half_px(w).to_string()} height={Num(2.0 * LANE_H + 6.0).to_string()} />
                { for (w >= 60.0).then(|| {
                    // A fast-forward sign (two small triangles), then the stretch's length.
                    let (mid, base) = (s.x0 + w / 2.0, height - 10.0);
                    let d = format!("M{} {}l5 4l-5 4zm5 0l5 4l-5 4z", half_px(mid - 30.0), Num(base - 4.0));
                    html! {
                        <>
                            <path class="gap-icon" d={d} />
                            <text x={half_px(mid - 16.0).to_string()} y={Num(height - 6.0).to_string()}>{ label.clone() }</text>
                        </>
                    }
                }) }
            </g>
        });
    }
    // Time labels spread along the axis, clear of the compressed stretches' own labels.
    let gaps: Vec<(f64, f64)> = axis.segments().iter().filter(|s| s.compressed).map(|s| (s.x0, s.x1)).collect();
    let mut last_x = f64::NEG_INFINITY;
    for k in 0..=6 {
        let x = axis.x(0) + k as f64 * (axis.x(end) - axis.x(0)) / 6.0;
        if x - last_x < 80.0 || gaps.iter().any(|&(x0, x1)| x > x0 - 36.0 && x < x1 + 36.0) {
            continue;
        }
        last_x = x;
        let ms = axis.ms_at(x);
        let anchor = if k == 0 { "start" } else if k == 6 { "end" } else { "middle" };
        frame.push(html! { <text class="time-mark" x={half_px(x).to_string()} y={Num(height - 6.0).to_string()} text-anchor={anchor}>{ logic::tenths(ms) }</text> });
    }
    // The ticks, the marks and each side's current reaction.
    let mut ticks: Vec<Html> = Vec::new();
    let only_by_position = |side: usize, position: usize| c.only.0.iter().find(|o| index(o.variant) == side && o.position == position);
    for side in 0..2 {
        let [normal, background, failed] = &lanes.paths[side];
        for (d, class) in [(background, "tick background"), (normal, "tick"), (failed, "tick failed")] {
            if !d.is_empty() {
                ticks.push(html! { <path class={class} d={d.clone()} /> });
            }
        }
        let y = lane_y(side);
        for &(x, position) in &lanes.marks[side] {
            let what = match only_by_position(side, position) {
                Some(o) => format!("{} — {}", logic::tenths(o.time_ms), only_words(t, o)),
                None => t.text_with("compare-step", &[("step", &position.to_string())]),
            };
            let label = t.text_with("compare-only-mark", &[("side", letter(side)), ("what", &what)]);
            ticks.push(html! {
                <path class={classes!("only-mark", if side == 0 { "a" } else { "b" })} role="img" aria-label={label.clone()} d={mark_path(x, y)} data-position={position.to_string()}>
                    <title>{ label }</title>
                </path>
            });
        }
        if !lanes.rest[side].is_empty() {
            ticks.push(html! { <path class={classes!("only-mark", if side == 0 { "a" } else { "b" })} d={lanes.rest[side].clone()} /> });
        }
        let position = if side == 0 { v.a.position } else { v.b.position };
        if let Some(&x) = position.checked_sub(1).and_then(|i| lanes.xs[side].get(i)) {
            ticks.push(html! { <rect class="tick current" x={half_px(x - 2.5).to_string()} y={Num(y + 14.0).to_string()} width="5" height="26" rx="2" /> });
        }
    }
    let cursor_x = axis.x(v.time_ms);
    let on_click = {
        let link = link.clone();
        let axis = lanes.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(svg) = e.current_target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok()) else { return };
            let rect = svg.get_bounding_client_rect();
            if rect.width() <= 0.0 {
                return;
            }
            let x = (e.client_x() as f64 - rect.left()) * axis.width / rect.width();
            if x < LABEL_W {
                return;
            }
            link.send_message(Msg::CompareSeek(CompareTo::Time { ms: axis.axis.ms_at(x) }));
        })
    };
    let on_scrub = link.callback(|e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        Msg::CompareSeek(CompareTo::Time { ms: input.value().parse().unwrap_or(0) })
    });
    let (a_total, b_total) = (c.timelines[0].timeline.ticks.len(), c.timelines[1].timeline.ticks.len());
    let at = t.text_with(
        "compare-at",
        &[("time", &seconds(v.time_ms)), ("a", &v.a.position.to_string()), ("atotal", &a_total.to_string()), ("b", &v.b.position.to_string()), ("btotal", &b_total.to_string())],
    );
    let (only_a, only_b) = (c.timelines[0].only_here.len(), c.timelines[1].only_here.len());
    let step = (end / 400).max(1);
    let caps = [&v.a.cap, &v.b.cap].into_iter().enumerate().filter_map(|(s, cap)| cap.as_ref().map(|_| html! { <p class="changes-note" role="status">{ t.text_with("compare-capped", &[("side", letter(s))]) }</p> }));
    html! {
        <section class="panel timeline compare-timeline" aria-labelledby="compare-timeline-label">
            <div class="panel-head">
                <h2 id="compare-timeline-label">{ t.text("compare-timeline-label") }</h2>
                <span class="meta" id="compare-at" aria-live="polite">{ at }</span>
            </div>
            <div class="controls" role="toolbar" aria-label={t.text("timeline-controls")}>
                <button type="button" id="compare-step-back" title={t.text("timeline-back-key")} aria-label={t.text("timeline-back")} onclick={link.callback(|_| Msg::Step(false))}>{ "◀" }</button>
                <button type="button" id="compare-step-forward" title={t.text("timeline-forward-key")} aria-label={t.text("timeline-forward")} onclick={link.callback(|_| Msg::Step(true))}>{ "▶" }</button>
                <span class="hint">{ t.text("compare-step-hint") }</span>
                <span class="cmp-key">
                    <svg width="12" height="14" viewBox="-6 0 12 14" aria-hidden="true"><path class="only-mark a" d="M0 1l5 6l-5 6l-5-6z" /></svg>
                    { t.text_with("compare-only-key", &[("a", &only_a.to_string()), ("b", &only_b.to_string())]) }
                </span>
            </div>
            <input type="range" id="compare-scrub" class="scrub" min="0" max={end.to_string()} step={step.to_string()} value={v.time_ms.to_string()}
                aria-label={t.text("compare-scrub")} aria-valuetext={seconds(v.time_ms)} oninput={on_scrub} />
            <div class="lanes-wrap cmp-lanes-wrap">
                <svg class="lanes cmp-lanes" id="compare-lanes" viewBox={format!("0 0 {} {}", Num(width), Num(height))} role="group" aria-label={t.text("compare-lanes-label")} onclick={on_click}>
                    { for frame }
                    <rect class="seen" x={Num(LABEL_W + 6.0).to_string()} y={Num(TOP).to_string()} width={half_px((cursor_x - LABEL_W - 6.0).max(0.0)).to_string()} height={Num(2.0 * LANE_H + 6.0).to_string()} />
                    { for ticks }
                    <line class="cursor" x1={half_px(cursor_x).to_string()} y1="2" x2={half_px(cursor_x).to_string()} y2={Num(height - 18.0).to_string()} />
                </svg>
            </div>
            { for caps }
        </section>
    }
}

/// Subject, measure, A, B; a row whose values differ is marked (≠ and words, not colour only).
fn outcomes_view(app: &App, c: &Compare) -> Html {
    let t = app.t();
    let rows = c.outcomes.iter().map(|r| {
        let differs = r.differs;
        html! {
            <tr class={classes!(differs.then_some("differs"))}>
                <td class="differs-cell">{ for differs.then(|| html! { <span class="differs-mark" title={t.text("compare-differs")}><span aria-hidden="true">{ "≠" }</span><span class="visually-hidden">{ t.text("compare-differs") }</span></span> }) }</td>
                <th scope="row"><code>{ r.subject.clone() }</code></th>
                <td>{ measure_text(t, &r.measure) }</td>
                <td class="val">{ value_text(t, r.a.as_ref()) }</td>
                <td class="val">{ value_text(t, r.b.as_ref()) }</td>
            </tr>
        }
    });
    let differing = c.outcomes.iter().filter(|r| r.differs).count();
    html! {
        <section class="panel compare-outcomes" aria-labelledby="compare-outcomes-label">
            <div class="panel-head">
                <h2 id="compare-outcomes-label">{ t.text("compare-outcomes-label") }</h2>
                <span class="meta">{ t.text_with("compare-outcomes-differ", &[("count", &differing.to_string())]) }</span>
            </div>
            if c.outcomes.is_empty() {
                <p class="empty">{ t.text("compare-outcomes-empty") }</p>
            } else {
                <div class="table-wrap">
                    <table class="outcomes" id="compare-outcomes">
                        <thead><tr>
                            <th scope="col"><span class="visually-hidden">{ t.text("compare-differs") }</span></th>
                            <th scope="col">{ t.text("compare-subject") }</th>
                            <th scope="col">{ t.text("compare-measure") }</th>
                            <th scope="col">{ "A" }</th>
                            <th scope="col">{ "B" }</th>
                        </tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }
        </section>
    }
}

/// The reactions only one run has; each button shows it (both sides moved there).
fn only_view(app: &App, ctx: &Context<App>, c: &Compare) -> Html {
    let t = app.t();
    let (list, total) = (&c.only.0, c.only.1);
    let items = list.iter().map(|o| {
        let (a, b) = c.positions_for(o);
        let side = index(o.variant);
        let shown = (if side == 0 { c.view.a.position } else { c.view.b.position }) == o.position;
        html! {
            <li>
                <button type="button" class={classes!("only-item", shown.then_some("on"))} aria-current={shown.then_some("step")}
                    onclick={ctx.link().callback(move |_| Msg::CompareSeek(CompareTo::Positions { a, b }))}>
                    <span class={classes!("ab-badge", if side == 0 { "a" } else { "b" })} aria-label={t.text_with("compare-only-in", &[("side", letter(side))])}>{ letter(side) }</span>
                    <span class="only-time">{ logic::tenths(o.time_ms) }</span>
                    <span class="only-what">{ only_words(t, o) }</span>
                </button>
            </li>
        }
    });
    html! {
        <section class="panel compare-only" aria-labelledby="compare-only-label">
            <div class="panel-head">
                <h2 id="compare-only-label">{ t.text("compare-only-label") }</h2>
                <span class="meta">{ t.text_with("compare-only-count", &[("count", &total.to_string())]) }</span>
            </div>
            if list.is_empty() {
                <p class="empty">{ t.text("compare-only-none") }</p>
            } else {
                <ol class="only-list" id="compare-only">{ for items }</ol>
            }
            { for (total > list.len()).then(|| html! { <p class="changes-note">{ t.text_with("compare-only-more", &[("count", &(total - list.len()).to_string())]) }</p> }) }
        </section>
    }
}

/// One variant's column: its label, editor (and for B the diff), cluster, explanation, console.
fn side_view(app: &App, c: &Compare, side: usize, label: String) -> Html {
    let t = app.t();
    let v = variant(side);
    let s = if side == 0 { &c.view.a } else { &c.view.b };
    let suffix = if side == 0 { "-a" } else { "-b" };
    let title = match s.current.as_ref() {
        Some(r) => t.text_with("stage-title-active", &[("component", &r.actor)]),
        None => t.text("stage-title"),
    };
    let heading_id = format!("compare-side{suffix}-label");
    let empty = if c.timelines[side].timeline.ticks.is_empty() { t.text("compare-what-empty") } else { t.text("what-start") };

    let console = (!app.embedded()).then(|| {
        let entries = c.consoles[side].iter().map(|e| {
            html! {
                <div class={classes!("entry", e.failed.then_some("failed"))}>
                    <div class="cmd"><span class="prompt" aria-hidden="true">{ "$ " }</span>{ &e.line }</div>
                    { for (!e.output.is_empty()).then(|| html! { <pre>{ &e.output }</pre> }) }
                </div>
            }
        });
        html! {
            <section class="panel compare-console" aria-label={t.text_with("compare-console-of", &[("side", letter(side))])}>
                <div class="panel-head"><h3>{ t.text_with("compare-console-of", &[("side", letter(side))]) }</h3></div>
                <div class="console-log" id={format!("compare-console{suffix}")} tabindex="0">
                    { for entries }
                    { for c.consoles[side].is_empty().then(|| html! { <p class="empty">{ t.text("console-empty") }</p> }) }
                </div>
            </section>
        }
    });
    let focus = c.view.focus == Some(v);
    html! {
        <div class={classes!("compare-side", if side == 0 { "side-a" } else { "side-b" }, focus.then_some("focus"))} id={format!("compare-side{suffix}")} role="region" aria-labelledby={heading_id.clone()}>
            <h2 class="side-title" id={heading_id}><span class={classes!("ab-badge", if side == 0 { "a" } else { "b" })}>{ letter(side) }</span>{ label }</h2>
            <section class="panel stage" aria-label={t.text_with("compare-cluster-of", &[("side", letter(side))])}>
                <div class="panel-head">
                    <h3>{ t.text("stage-label") }</h3>
                    <span class="meta">{ t.text_with("compare-side-at", &[("step", &s.position.to_string()), ("total", &c.timelines[side].timeline.ticks.len().to_string()), ("time", &seconds(s.time_ms))]) }</span>
                </div>
                <div class="stage-wrap">{ crate::stage::drawing(app, &s.scene, s.current.as_ref(), s.position, true, None, title) }</div>
            </section>
            { crate::what::explain(app, s.current.as_ref(), empty, suffix, t.text("what-label")) }
            { for console }
        </div>
    }
}

/// A variant's editor: its file tabs and the code box (Ctrl+Enter applies both sides).
fn side_editor(app: &App, ctx: &Context<App>, c: &Compare, side: usize, label: String) -> Html {
    let t = app.t();
    let link = ctx.link();
    let v = variant(side);
    let refs = &c.refs[side];
    let active = c.active[side].min(c.files[side].len().saturating_sub(1));
    let Some(file) = c.files[side].get(active) else { return Html::default() };
    let tabs = c.files[side].iter().enumerate().map(|(i, f)| {
        let on = i == active;
        html! {
            <span class={classes!("tab", on.then_some("on"))}>
                <button type="button" aria-pressed={on.to_string()} onclick={link.callback(move |_| Msg::CompareFile(v, i))}>{ &f.name }</button>
            </span>
        }
    });
    let on_keydown = crate::editor::keydown(link, refs.escaped.clone(), || Msg::CompareApply, move |text| Msg::CompareEdit(v, text));
    let suffix = if side == 0 { "a" } else { "b" };
    let diagnostics: Vec<podlife_protocol::Diagnostic> = c.results[side].iter().filter(|r| r.name == file.name).flat_map(|r| r.diagnostics.clone()).collect();
    let problems = diagnostics.iter().map(|d| html! { <li class="diagnostic">{ t.text_with("diagnostic-at", &[("line", &d.line.to_string()), ("column", &d.column.to_string())]) }{ " " }{ &d.message }</li> });
    html! {
        <section class="panel editor compare-editor" aria-label={t.text_with("compare-editor-of", &[("side", letter(side))])}>
            <div class="panel-head">
                <h3><span class={classes!("ab-badge", if side == 0 { "a" } else { "b" })}>{ letter(side) }</span>{ label }</h3>
                <div role="group" class="tabs" aria-label={t.text("files-label")}>{ for tabs }</div>
            </div>
            <Code
                id={AttrValue::from(format!("compare-text-{suffix}"))}
                describedby={AttrValue::from(format!("compare-editor-hint-{suffix}"))}
                text={AttrValue::from(file.text.clone())}
                diagnostics={Rc::new(diagnostics.clone())}
                area={refs.area.clone()}
                highlight={refs.highlight.clone()}
                gutter={refs.gutter.clone()}
                label={AttrValue::from(t.text_with("compare-file-label", &[("side", letter(side)), ("name", &file.name)]))}
                oninput={link.callback(move |text| Msg::CompareEdit(v, text))}
                onkeydown={on_keydown}
                onmousemove={Callback::noop()}
            />
            <p class="hint" id={format!("compare-editor-hint-{suffix}")}>{ t.text(if side == 0 { "compare-editor-hint-a" } else { "compare-editor-hint-b" }) }</p>
            { for (!diagnostics.is_empty()).then(|| html! { <ul class="diagnostics">{ for problems }</ul> }) }
        </section>
    }
}

/// B's files against A's: per file its changed lines, `-` A's and `+` B's.
fn diff_view(app: &App, c: &Compare) -> Html {
    let t = app.t();
    let files: Vec<_> = c.diff.files.iter().filter(|f| !f.hunks.is_empty() || f.in_a != f.in_b).collect();
    let body = if files.is_empty() {
        html! { <p class="empty" id="compare-diff-same">{ t.text("compare-diff-same") }</p> }
    } else {
        files
            .iter()
            .map(|f| {
                let note = if !f.in_a {
                    Some(t.text("compare-diff-only-b"))
                } else if !f.in_b {
                    Some(t.text("compare-diff-only-a"))
                } else {
                    None
                };
                let hunks = f.hunks.iter().map(|h| {
                    let at = t.text_with("compare-diff-at", &[("a", &(h.a_start + 1).to_string()), ("b", &(h.b_start + 1).to_string())]);
                    html! {
                        <>
                            <span class="diff-at">{ at }{ "\n" }</span>
                            { for h.a_lines.iter().map(|l| html! { <del class="diff-del">{ format!("- {l}\n") }</del> }) }
                            { for h.b_lines.iter().map(|l| html! { <ins class="diff-ins">{ format!("+ {l}\n") }</ins> }) }
                        </>
                    }
                });
                html! {
                    <div class="diff-file">
                        <div class="diff-name"><code>{ f.name.clone() }</code>{ for note.map(|n| html! { <span class="hint">{ " — " }{ n }</span> }) }{ for f.approximate.then(|| html! { <span class="hint">{ " " }{ t.text("compare-diff-approximate") }</span> }) }</div>
                        <pre class="diff">{ for hunks }</pre>
                    </div>
                }
            })
            .collect::<Html>()
    };
    html! {
        <div class="compare-diff" id="compare-diff" role="region" aria-labelledby="compare-diff-label">
            <h3 id="compare-diff-label">{ t.text("compare-diff-label") }</h3>
            { body }
            { for c.diff.truncated.then(|| html! { <p class="changes-note">{ t.text("compare-diff-truncated") }</p> }) }
        </div>
    }
}

/// The chooser: "compare with a variant" of the files in the editor, or a built-in comparison.
pub fn chooser(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    let link = ctx.link();
    let lang = app.lang().code();
    let builtins = podlife_stories::comparisons::all().iter().map(|c| {
        let id = c.id.to_string();
        let w = words(c.id, lang).unwrap_or_default();
        html! {
            <li>
                <button type="button" class="compare-choice" id={format!("compare-builtin-{}", c.id)} onclick={link.callback(move |_| Msg::CompareOpen(Some(id.clone())))}>
                    <strong>{ w.title }</strong>
                    <span class="hint"><span class="ab-badge a">{ "A" }</span>{ w.a }{ "  " }<span class="ab-badge b">{ "B" }</span>{ w.b }</span>
                </button>
            </li>
        }
    });
    html! {
        <section class="panel compare-chooser" id="compare-chooser" aria-labelledby="compare-chooser-label">
            <div class="panel-head">
                <h2 id="compare-chooser-label">{ t.text("compare-chooser-label") }</h2>
                <button type="button" class="quiet" id="compare-chooser-close" onclick={link.callback(|_| Msg::CompareChooser(false))}>{ t.text("compare-chooser-close") }</button>
            </div>
            <p class="hint">{ t.text("compare-chooser-text") }</p>
            <button type="button" class="primary" id="compare-variant" onclick={link.callback(|_| Msg::CompareOpen(None))}>{ t.text("compare-variant") }</button>
            <h3>{ t.text("compare-builtins") }</h3>
            <ul class="compare-choices">{ for builtins }</ul>
        </section>
    }
}

/// The comparison's title: a built-in one's, or a variant's (worded for the reader of a shared link).
pub fn title(app: &App, c: &Compare) -> String {
    match c.words(app) {
        Some(w) => w.title,
        None if c.from_link || app.embedded() => app.t().text("compare-title-shared"),
        None => app.t().text("compare-title-variant"),
    }
}

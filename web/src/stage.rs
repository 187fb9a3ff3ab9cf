//! The cluster drawn as its components (SVG): kubectl, the image registry and the Internet outside, the
//! control plane (kube-apiserver with its stages, etcd, kube-scheduler,
//! kube-controller-manager), and each node with its kubelet, containerd ▸ shim ▸ runc, CNI,
//! kube-proxy, `podlife traffic`'s clients and its pods. The components acting light up and a message travels along the
//! edge it uses; pods take the colour of their STATUS.

use std::collections::BTreeMap;

use podlife_ftl::num::{Fixed, Num};
use podlife_protocol::{Component as ComponentRef, NodeView, PodView, Scene};
use yew::prelude::*;

use crate::app::App;

/// The drawing's width in its own units: wide, or narrow (a phone: everything stacked, so
/// that the drawing scales down less and no scroll bar is needed).
const WIDE_W: f64 = 860.0;
const NARROW_W: f64 = 380.0;

/// Below this page width the narrow drawing is used.
pub const NARROW_BELOW_PX: f64 = 700.0;

/// Where the fixed boxes go.
struct Frame {
    w: f64,
    kubectl: Rect,
    registry: Rect,
    /// The simulated Internet (CoreDNS's upstream, the hosts pods reach).
    internet: Rect,
    /// The control plane's dashed frame.
    plane: Rect,
    api: Rect,
    etcd: Rect,
    scheduler: Rect,
    kcm: Rect,
    /// Where the pods no node runs start.
    below: f64,
}

impl Frame {
    fn new(narrow: bool) -> Frame {
        if narrow {
            let w = NARROW_W;
            Frame {
                w,
                kubectl: Rect { x: 8.0, y: 6.0, w: 116.0, h: 36.0 },
                registry: Rect { x: 130.0, y: 6.0, w: 116.0, h: 36.0 },
                internet: Rect { x: 252.0, y: 6.0, w: 120.0, h: 36.0 },
                plane: Rect { x: 8.0, y: 52.0, w: w - 16.0, h: 198.0 },
                api: Rect { x: 16.0, y: 74.0, w: w - 32.0, h: 96.0 },
                etcd: Rect { x: 16.0, y: 182.0, w: 54.0, h: 56.0 },
                scheduler: Rect { x: 78.0, y: 182.0, w: 104.0, h: 56.0 },
                kcm: Rect { x: 190.0, y: 182.0, w: w - 206.0, h: 56.0 },
                below: 262.0,
            }
        } else {
            let w = WIDE_W;
            Frame {
                w,
                kubectl: Rect { x: 8.0, y: 6.0, w: 100.0, h: 36.0 },
                registry: Rect { x: 8.0, y: 50.0, w: 100.0, h: 36.0 },
                internet: Rect { x: 8.0, y: 94.0, w: 100.0, h: 36.0 },
                plane: Rect { x: 116.0, y: 6.0, w: w - 122.0, h: 126.0 },
                api: Rect { x: 126.0, y: 28.0, w: 322.0, h: 96.0 },
                etcd: Rect { x: 458.0, y: 48.0, w: 62.0, h: 56.0 },
                scheduler: Rect { x: 528.0, y: 48.0, w: 124.0, h: 56.0 },
                kcm: Rect { x: 660.0, y: 48.0, w: 188.0, h: 56.0 },
                below: 146.0,
            }
        }
    }
}

#[derive(Clone, Copy)]
struct Rect {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Rect {
    fn center(self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// Where the line from the centre toward `(tx, ty)` leaves the rectangle (plus a margin).
    fn border_toward(self, tx: f64, ty: f64) -> (f64, f64) {
        let (cx, cy) = self.center();
        let (dx, dy) = (tx - cx, ty - cy);
        if dx == 0.0 && dy == 0.0 {
            return (cx, cy);
        }
        let sx = if dx != 0.0 { (self.w / 2.0 + 3.0) / dx.abs() } else { f64::INFINITY };
        let sy = if dy != 0.0 { (self.h / 2.0 + 3.0) / dy.abs() } else { f64::INFINITY };
        let k = sx.min(sy).min(1.0);
        (cx + dx * k, cy + dy * k)
    }
}

fn key(c: &ComponentRef) -> String {
    format!("{}|{}", c.name, c.node.as_deref().unwrap_or(""))
}

/// A STATUS column value → its colour class.
pub fn status_class(status: &str) -> &'static str {
    match status {
        "Running" => "ok",
        "Completed" | "Succeeded" => "done",
        "Terminating" => "term",
        s if s.starts_with("Init:") && !s.contains("Error") && !s.contains("CrashLoop") => "wait",
        "Pending" | "ContainerCreating" | "PodInitializing" => "wait",
        "NotReady" => "wait",
        _ => "bad",
    }
}

fn container_class(state: &str, reason: &str) -> &'static str {
    match (state, reason) {
        ("running", _) => "ok",
        ("terminated", "Completed") => "done",
        ("terminated", _) => "bad",
        ("waiting", "ContainerCreating" | "PodInitializing" | "") => "wait",
        ("waiting", _) => "bad",
        _ => "none",
    }
}

const POD_HEAD: f64 = 26.0;
const CONTAINER_ROW: f64 = 19.0;
const POD_GAP: f64 = 6.0;
/// Nodes side by side in the wide drawing; more wrap to the next row.
const NODES_PER_ROW: usize = 3;
/// Nodes drawn in full, more summarised (a 100-node cluster would be unreadable); pods drawn
/// per node, the rest counted (the Pods tab lists them all). The worker sends no more.
use podlife_protocol::{MAX_NODES_DRAWN, MAX_PODS_DRAWN};

/// A coordinate as an attribute, as `{}` writes it (`num`: not core's float formatting).
fn px(v: f64) -> String {
    let mut s = String::new();
    podlife_ftl::num::push_shortest(&mut s, v);
    s
}

fn pod_height(p: &PodView) -> f64 {
    POD_HEAD + CONTAINER_ROW * p.containers.len().max(1) as f64 + 4.0
}

pub fn view(app: &App, ctx: &Context<App>) -> Html {
    let inspect = ctx.link().callback(|(ns, name): (String, String)| crate::app::Msg::Inspect(Some((ns, name))));
    let t = app.t();
    let shown = app.shown();
    let title = match shown.current.as_ref() {
        Some(r) => t.text_with("stage-title-active", &[("component", &r.actor)]),
        None => t.text("stage-title"),
    };
    let svg = drawing(app, &shown.scene, shown.current.as_ref(), shown.position, app.narrow(), Some(&inspect), title);
    html! {
        <section class="panel stage" aria-labelledby="stage-label">
            <div class="panel-head">
                <h2 id="stage-label">{ t.text("stage-label") }</h2>
                { crate::inspector::picker(app, ctx) }
                { legend(app) }
            </div>
            <div class="stage-wrap">{ svg }</div>
        </section>
    }
}

/// The cluster's drawing for one scene (the sandbox's, or one side of a comparison, where
/// `inspect` is None: its pods open no inspector).
pub fn drawing(app: &App, scene: &Scene, current: Option<&podlife_protocol::Current>, position: usize, narrow: bool, inspect: Option<&Callback<(String, String)>>, title: String) -> Html {
    let t = app.t();
    let mut boxes: BTreeMap<String, Rect> = BTreeMap::new();
    let mut items: Vec<Html> = Vec::new();
    let active = |c: &ComponentRef| scene.active.iter().any(|a| a == c);
    let component = |items: &mut Vec<Html>, boxes: &mut BTreeMap<String, Rect>, c: ComponentRef, r: Rect, label: &str, extra: &str| {
        let on = active(&c);
        boxes.insert(key(&c), r);
        items.push(html! {
            <g class={classes!("comp", on.then_some("active"), (!extra.is_empty()).then(|| extra.to_string()))} data-component={key(&c)}>
                <rect x={px(r.x)} y={px(r.y)} width={px(r.w)} height={px(r.h)} rx="7" />
                <text x={px(r.x + r.w / 2.0)} y={px(r.y + r.h / 2.0 + 4.5)} text-anchor="middle">{ label }</text>
            </g>
        });
    };

    let f = Frame::new(narrow);
    let w_all = f.w;
    // Outside the cluster.
    component(&mut items, &mut boxes, ComponentRef::control_plane("kubectl"), f.kubectl, "kubectl", "client");
    component(&mut items, &mut boxes, ComponentRef::control_plane("registry"), f.registry, &t.text("stage-registry"), "client");
    component(&mut items, &mut boxes, ComponentRef::control_plane("internet"), f.internet, &t.text("stage-internet"), "client");

    // The control plane.
    items.push(html! {
        <g class="frame">
            <rect x={px(f.plane.x)} y={px(f.plane.y)} width={px(f.plane.w)} height={px(f.plane.h)} rx="10" />
            <text x={px(f.plane.x + 10.0)} y={px(f.plane.y + 16.0)} class="frame-label">{ t.text("stage-control-plane") }</text>
        </g>
    });
    let api = f.api;
    let api_ref = ComponentRef::control_plane("kube-apiserver");
    boxes.insert(key(&api_ref), api);
    let stage_names = [("authn", t.text("stage-authn")), ("authz", t.text("stage-authz")), ("admission", t.text("stage-admission")), ("validation", t.text("stage-validation"))];
    let pill_w = (api.w - 20.0 - 3.0 * 6.0) / 4.0;
    let pills = stage_names.iter().enumerate().map(|(i, (id, label))| {
        let x = api.x + 10.0 + i as f64 * (pill_w + 6.0);
        let lit = scene.stages.iter().any(|s| s == id);
        let refused = scene.refused_at.as_deref() == Some(*id);
        html! {
            <g class={classes!("pill", lit.then_some("lit"), refused.then_some("refused"))} data-stage={*id}>
                <rect x={px(x)} y={px(api.y + 52.0)} width={px(pill_w)} height="30" rx="6" />
                <text x={px(x + pill_w / 2.0)} y={px(api.y + 71.0)} text-anchor="middle">{ label.clone() }</text>
            </g>
        }
    });
    items.push(html! {
        <g class={classes!("comp", "apiserver", active(&api_ref).then_some("active"))} data-component={key(&api_ref)}>
            <rect x={px(api.x)} y={px(api.y)} width={px(api.w)} height={px(api.h)} rx="8" />
            <text x={px(api.x + api.w / 2.0)} y={px(api.y + 30.0)} text-anchor="middle">{ "kube-apiserver" }</text>
            <title>{ t.text("stage-apiserver-sub") }</title>
            { for pills }
        </g>
    });
    component(&mut items, &mut boxes, ComponentRef::control_plane("etcd"), f.etcd, "etcd", "store");
    component(&mut items, &mut boxes, ComponentRef::control_plane("kube-scheduler"), f.scheduler, "kube-scheduler", "");
    // kube-controller-manager names the loop acting now (`deployment-controller`), as the
    // timeline's lanes do.
    let kcm_ref = ComponentRef::control_plane("kube-controller-manager");
    let kcm = f.kcm;
    let loop_name = current.and_then(|r| r.controller.clone());
    boxes.insert(key(&kcm_ref), kcm);
    let label_y = if loop_name.is_some() { kcm.y + 24.0 } else { kcm.y + kcm.h / 2.0 + 4.5 };
    items.push(html! {
        <g class={classes!("comp", active(&kcm_ref).then_some("active"))} data-component={key(&kcm_ref)}>
            <rect x={px(kcm.x)} y={px(kcm.y)} width={px(kcm.w)} height={px(kcm.h)} rx="7" />
            <text x={px(kcm.x + kcm.w / 2.0)} y={px(label_y)} text-anchor="middle">{ "kube-controller-manager" }</text>
            { for loop_name.map(|l| html! { <text x={px(kcm.x + kcm.w / 2.0)} y={px(kcm.y + 43.0)} text-anchor="middle" class="loop" data-loop={l.clone()}>{ l }</text> }) }
        </g>
    });

    // Pods no node runs yet.
    let mut y = f.below;
    if !scene.unscheduled.is_empty() {
        items.push(html! { <text x="12" y={px(y + 12.0)} class="frame-label">{ t.text("stage-unscheduled") }</text> });
        // Up to two rows of four (narrow: four rows of one): wide enough for a workload pod's
        // name beside its status.
        let per_row: usize = if narrow { 1 } else { 4 };
        let card_w: f64 = if narrow { w_all - 16.0 } else { 206.0 };
        const PER_ROW_ROWS: usize = 2;
        let row_h = scene.unscheduled.iter().map(pod_height).fold(0.0, f64::max);
        let shown = scene.unscheduled.len().min(if narrow { 4 } else { PER_ROW_ROWS * per_row });
        for (i, p) in scene.unscheduled.iter().take(shown).enumerate() {
            let (col, row) = ((i % per_row) as f64, (i / per_row) as f64);
            items.push(pod_card(p, 8.0 + col * (card_w + 8.0), y + 20.0 + row * (row_h + 8.0), card_w, inspect));
        }
        let rows = shown.div_ceil(per_row) as f64;
        if scene.unscheduled_count > shown {
            items.push(html! { <text x={px(w_all - 12.0)} y={px(y + 12.0)} text-anchor="end" class="more">{ t.text_with("stage-more-pods", &[("count", &(scene.unscheduled_count - shown).to_string())]) }</text> });
        }
        y += rows * (row_h + 8.0) + 22.0;
    }

    // The nodes, in rows of at most NODES_PER_ROW (narrow: one per row), each row as tall as
    // its fullest node: a node narrower than a third of the drawing has no room for its
    // runtime's boxes or a pod's name beside its status.
    let drawn: Vec<_> = scene.nodes.iter().take(MAX_NODES_DRAWN).collect();
    let cols = if narrow { 1 } else { drawn.len().clamp(1, NODES_PER_ROW) };
    let gap = 10.0;
    let node_w = (w_all - 16.0 - gap * (cols as f64 - 1.0)) / cols as f64;
    let height_of = |node: &&NodeView| 140.0 + (node.pods.iter().take(MAX_PODS_DRAWN).map(|p| pod_height(p) + POD_GAP).sum::<f64>() + if node.pod_count > MAX_PODS_DRAWN { 22.0 } else { 0.0 }).max(30.0) + 8.0;
    let mut row_top = y;
    let mut row_h = 0.0;
    for (i, node) in drawn.iter().enumerate() {
        if i % cols == 0 {
            if i > 0 {
                row_top += row_h + gap;
            }
            row_h = drawn[i..(i + cols).min(drawn.len())].iter().map(height_of).fold(0.0, f64::max);
        }
        let (x, y, node_h) = (8.0 + (i % cols) as f64 * (node_w + gap), row_top, row_h);
        let name = node.name.clone();
        let on = |c: &str| ComponentRef::on_node(c, &name);
        let ready_class = if node.ready { "ready" } else { "not-ready" };
        items.push(html! {
            <g class={classes!("node", ready_class)} data-node={name.clone()}>
                <rect x={px(x)} y={px(y)} width={px(node_w)} height={px(node_h)} rx="10" />
                <text x={px(x + 12.0)} y={px(y + 20.0)} class="node-name">{ &name }</text>
                <text x={px(x + node_w - 12.0)} y={px(y + 20.0)} text-anchor="end" class="node-status">{ if node.ready { "Ready" } else { "NotReady" } }</text>
            </g>
        });
        let inner = node_w - 20.0;
        component(&mut items, &mut boxes, on("kubelet"), Rect { x: x + 10.0, y: y + 30.0, w: inner, h: 28.0 }, "kubelet", "");
        let third = (inner - 12.0) / 3.0;
        component(&mut items, &mut boxes, on("containerd"), Rect { x: x + 10.0, y: y + 66.0, w: third, h: 28.0 }, "containerd", "runtime");
        component(&mut items, &mut boxes, on("containerd-shim"), Rect { x: x + 16.0 + third, y: y + 66.0, w: third, h: 28.0 }, "shim", "runtime");
        component(&mut items, &mut boxes, on("runc"), Rect { x: x + 22.0 + 2.0 * third, y: y + 66.0, w: third, h: 28.0 }, "runc", "runtime");
        component(&mut items, &mut boxes, on("cni"), Rect { x: x + 10.0, y: y + 102.0, w: third, h: 26.0 }, "CNI", "net");
        component(&mut items, &mut boxes, on("kube-proxy"), Rect { x: x + 16.0 + third, y: y + 102.0, w: third, h: 26.0 }, "kube-proxy", "net");
        // `podlife traffic`'s clients on this node.
        component(&mut items, &mut boxes, on("traffic"), Rect { x: x + 22.0 + 2.0 * third, y: y + 102.0, w: third, h: 26.0 }, &t.text("stage-clients"), "net client");
        let mut py = y + 138.0;
        for p in node.pods.iter().take(MAX_PODS_DRAWN) {
            items.push(pod_card(p, x + 10.0, py, inner, inspect));
            py += pod_height(p) + POD_GAP;
        }
        if node.pod_count > MAX_PODS_DRAWN {
            let more = (node.pod_count - MAX_PODS_DRAWN).to_string();
            items.push(html! { <text x={px(x + node_w / 2.0)} y={px(py + 14.0)} text-anchor="middle" class="more">{ t.text_with("stage-more-pods", &[("count", &more)]) }</text> });
        }
        if node.pods.is_empty() {
            items.push(html! { <text x={px(x + node_w / 2.0)} y={px(py + 18.0)} text-anchor="middle" class="empty">{ t.text("stage-no-pods") }</text> });
        }
    }
    let bottom = row_top + row_h;
    if scene.nodes.len() > MAX_NODES_DRAWN {
        items.push(html! { <text x={px(w_all - 12.0)} y={px(bottom + 16.0)} text-anchor="end" class="more">{ t.text_with("stage-more-nodes", &[("count", &(scene.nodes.len() - MAX_NODES_DRAWN).to_string())]) }</text> });
    }
    let height = bottom + 24.0;

    let edges = edges(scene, &boxes, app.reduced_motion());
    html! {
            <svg class={classes!("cluster", narrow.then_some("narrow"), app.jumped().then_some("jump"))} viewBox={format!("0 0 {} {}", Num(w_all), Num(height))} role="group" aria-label={title}>
                <defs>
                    <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" class="arrowhead" />
                    </marker>
                </defs>
                { for items }
                <g class="edges" key={position.to_string()}>{ for edges }</g>
            </svg>
    }
}

pub fn legend(app: &App) -> Html {
    let t = app.t();
    let item = |class: &str, id: &str| html! { <li><span class={classes!("swatch", class.to_string())}></span>{ t.text(id) }</li> };
    html! {
        <ul class="legend" aria-label={t.text("legend-label")}>
            { item("ok", "legend-running") }
            { item("wait", "legend-waiting") }
            { item("bad", "legend-failing") }
            { item("term", "legend-terminating") }
        </ul>
    }
}

/// Widths of one character of the card's monospace texts (`.pod-name` 13 px bold,
/// `.pod-status` 12.5 px), to keep a long name clear of the status beside it.
const NAME_CHAR_W: f64 = 7.6;
const STATUS_CHAR_W: f64 = 7.2;

/// A pod name that fits in `room` pixels: the middle elided (`web-7664…6-zq97t`), since a
/// workload pod's random suffix at the end is what tells it from its siblings.
fn fit_name(name: &str, room: f64) -> String {
    let fits = (room / NAME_CHAR_W).floor().max(6.0) as usize;
    let chars: Vec<char> = name.chars().collect();
    if chars.len() <= fits {
        return name.to_string();
    }
    let tail = fits / 2;
    let head = fits - 1 - tail;
    chars[..head].iter().chain(['…'].iter()).chain(&chars[chars.len() - tail..]).collect()
}

fn pod_card(p: &PodView, x: f64, y: f64, w: f64, inspect: Option<&Callback<(String, String)>>) -> Html {
    let h = pod_height(p);
    let status = if p.terminating && p.status != "Terminating" { format!("{} (Terminating)", p.status) } else { p.status.clone() };
    let class = status_class(&p.status);
    let status_text = format!("{} {}", p.ready, status);
    // Clicking the card (or Enter / Space on it) opens the pod inspector.
    let target = (p.namespace.clone(), p.name.clone());
    let click = inspect.map(|inspect| {
        let (inspect, target) = (inspect.clone(), target.clone());
        Callback::from(move |_: MouseEvent| inspect.emit(target.clone()))
    });
    let key = inspect.map(|inspect| {
        let inspect = inspect.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" || e.key() == " " {
                e.prevent_default();
                inspect.emit(target.clone());
            }
        })
    });
    let interactive = inspect.is_some();
    let containers = p.containers.iter().enumerate().map(|(i, c)| {
        let cy = y + POD_HEAD + i as f64 * CONTAINER_ROW + 8.0;
        let cls = container_class(&c.state, &c.reason);
        // The reason says more than the state (`ContainerCreating`, `Error`, `OOMKilled`) and fits.
        let state = if c.reason.is_empty() { c.state.clone() } else { c.reason.clone() };
        let label = if c.init { format!("init: {}", c.name) } else { c.name.clone() };
        html! {
            <g class={classes!("ctr", cls)}>
                <circle cx={px(x + 14.0)} cy={px(cy)} r="5" />
                <text x={px(x + 24.0)} y={px(cy + 4.0)}>{ label }</text>
                <text x={px(x + w - 10.0)} y={px(cy + 4.0)} text-anchor="end" class="ctr-state">{ state }</text>
            </g>
        }
    });
    html! {
        <g class={classes!("pod", class, p.terminating.then_some("terminating"))} data-pod={p.name.clone()} data-status={p.status.clone()}
            tabindex={interactive.then_some("0")} role={if interactive { "button" } else { "img" }} aria-label={format!("{} {}", p.name, status_text)} onclick={click} onkeydown={key}>
            <rect x={px(x)} y={px(y)} width={px(w)} height={px(h)} rx="7" />
            <title>{ &p.name }</title>
            <text x={px(x + 10.0)} y={px(y + 18.0)} class="pod-name">{ fit_name(&p.name, w - 34.0 - status_text.chars().count() as f64 * STATUS_CHAR_W) }</text>
            <text x={px(x + w - 10.0)} y={px(y + 18.0)} text-anchor="end" class="pod-status">{ status_text }</text>
            { for containers }
        </g>
    }
}

/// The current reaction's messages: a curved arrow per edge, a label, and (unless the
/// learner asked for less motion) a dot travelling along it.
fn edges(scene: &Scene, boxes: &BTreeMap<String, Rect>, reduced_motion: bool) -> Vec<Html> {
    scene
        .edges
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let (a, b) = (*boxes.get(&key(&e.from))?, *boxes.get(&key(&e.to))?);
            let (ac, bc) = (a.center(), b.center());
            if ac == bc {
                return None;
            }
            // From border to border, so that short hops between neighbours stay visible.
            let from = a.border_toward(bc.0, bc.1);
            let to = b.border_toward(ac.0, ac.1);
            // Bend the line a little so opposite edges do not overlap.
            let (mx, my) = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
            let (dx, dy) = (to.0 - from.0, to.1 - from.1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let bend = (len * 0.25).clamp(10.0, 40.0);
            let (cx, cy) = (mx - dy / len * bend, my + dx / len * bend);
            let d = format!("M {} {} Q {} {} {} {}", Fixed(from.0, 1), Fixed(from.1, 1), Fixed(cx, 1), Fixed(cy, 1), Fixed(to.0, 1), Fixed(to.1, 1));
            let (lx, ly) = (0.25 * from.0 + 0.5 * cx + 0.25 * to.0, 0.25 * from.1 + 0.5 * cy + 0.25 * to.1);
            let label_w = 10.0 + 7.8 * e.label.chars().count() as f64;
            let dot = (!reduced_motion).then(|| {
                html! {
                    <circle r="6" class="packet" opacity="0">
                        <set attributeName="opacity" to="1" begin={format!("{}s", Fixed(i as f64 * 0.35, 2))} />
                        <animateMotion dur="0.7s" begin={format!("{}s", Fixed(i as f64 * 0.35, 2))} fill="freeze" path={d.clone()} />
                    </circle>
                }
            });
            Some(html! {
                <g class="edge">
                    <path d={d.clone()} marker-end="url(#arrow)" />
                    { for dot }
                    <rect x={px(lx - label_w / 2.0)} y={px(ly - 10.0)} width={px(label_w)} height="20" rx="5" class="edge-label-bg" />
                    <text x={px(lx)} y={px(ly + 4.0)} text-anchor="middle" class="edge-label">{ &e.label }</text>
                </g>
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The drawing's numbers read as std wrote them before `num`: coordinates from the
    /// layout's constants, the edges' `{:.1}` path and `{:.2}s` delays.
    #[test]
    fn numbers_as_std_writes_them() {
        let mut values = vec![0.0, -0.0, 0.05, -0.05, 0.25, 0.35, 1.45, -1.45, 2.675, 12.25, -12.35];
        for w in [WIDE_W, NARROW_W, 500.0, 699.0, 1234.0] {
            for cols in 1..=NODES_PER_ROW {
                let node_w = (w - 16.0 - 18.0 * (cols as f64 - 1.0)) / cols as f64;
                for i in 0..40 {
                    let x = 8.0 + (i % cols) as f64 * (node_w + 18.0);
                    let f = i as f64;
                    values.extend([node_w, x, x + node_w / 2.0, x - node_w / 3.0, node_w - 34.0 - f * STATUS_CHAR_W, 10.0 + NAME_CHAR_W * f, f * 0.35, -f / 7.0]);
                    let len = (x * x + node_w * node_w).sqrt().max(1.0);
                    values.extend([len, x - node_w / len * 25.0, 0.25 * x + 0.5 * len + 0.25 * node_w]);
                }
            }
        }
        for v in values {
            assert_eq!(px(v), v.to_string());
            assert_eq!(format!("M {} {}", Fixed(v, 1), Fixed(-v, 1)), format!("M {:.1} {:.1}", v, -v));
            assert_eq!(format!("{}s", Fixed(v, 2)), format!("{:.2}s", v));
        }
    }
}

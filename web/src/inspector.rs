//! The pod inspector: the pod picked on the stage (or in the picker) at the step shown — its
//! phase, kubectl's STATUS and READY, its conditions, each container's state and last state —
//! side by side, with what this step changed highlighted.

use std::rc::Rc;

use podlife_protocol::{ContainerKind, Field, Names, State};
use yew::prelude::*;

use crate::app::{App, Msg};
use crate::select::{Select, option_into};

fn field(label: String, f: &Field, id: &str) -> Html {
    html! {
        <div class={classes!("fact", f.changed.then_some("changed"))} id={id.to_string()}>
            <span class="fact-label">{ label }</span>
            <span class="fact-value">{ if f.value.is_empty() { "—".to_string() } else { f.value.clone() } }</span>
        </div>
    }
}

fn state_text(app: &App, s: &State) -> String {
    let t = app.t();
    let mut parts = vec![s.kind.clone()];
    if !s.reason.is_empty() {
        parts.push(s.reason.clone());
    }
    if let Some(code) = s.exit_code {
        parts.push(t.text_with("inspector-exit-code", &[("code", &code.to_string())]));
    }
    if let Some(sig) = s.signal {
        parts.push(t.text_with("inspector-signal", &[("signal", &sig.to_string())]));
    }
    parts.join(" · ")
}

/// The picker that chooses the pod (also how a keyboard user reaches one).
pub fn picker(app: &App, ctx: &Context<App>) -> Html {
    let onpick = ctx.link().callback(Msg::Inspect);
    html! { <Picker label={AttrValue::from(app.t().text("inspector-pick"))} names={app.names().clone()} selected={app.inspected().cloned()} {onpick} /> }
}

#[derive(Properties, PartialEq)]
pub struct PickerProps {
    pub label: AttrValue,
    pub names: Rc<Names>,
    pub selected: Option<(String, String)>,
    pub onpick: Callback<Option<(String, String)>>,
}

/// The options are written once per list of pods and selection (`Select` parses them).
#[function_component(Picker)]
fn picker_select(props: &PickerProps) -> Html {
    let options = use_memo((props.names.clone(), props.selected.clone()), |(names, selected)| AttrValue::from(options_markup(&names.pods, selected.as_ref())));
    let onpick = props.onpick.clone();
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        let v = select.value();
        onpick.emit(v.split_once('/').map(|(ns, n)| (ns.to_string(), n.to_string())));
    });
    html! {
        <label class="inline inspect-pick">
            <span>{ props.label.clone() }</span>
            <Select id="inspect-pod" options={(*options).clone()} {onchange} />
        </label>
    }
}

/// "—" (no pod), then every pod: its name in `default`, namespace/name elsewhere.
fn options_markup(pods: &[(String, String)], selected: Option<&(String, String)>) -> String {
    let mut out = String::with_capacity(48 + pods.len() * 64);
    option_into(&mut out, "", "—", selected.is_none());
    for pod @ (ns, name) in pods {
        let value = format!("{ns}/{name}");
        option_into(&mut out, &value, if ns == "default" { name } else { &value }, selected == Some(pod));
    }
    out
}

pub fn view(app: &App, ctx: &Context<App>) -> Html {
    let t = app.t();
    let Some((ns, name)) = app.inspected() else { return html! {} };
    let close = ctx.link().callback(|_| Msg::Inspect(None));
    let head = html! {
        <div class="panel-head">
            <h2 id="inspector-label">{ t.text_with("inspector-label", &[("pod", name)]) }</h2>
            <button type="button" id="inspector-close" class="quiet" onclick={close}>{ t.text("inspector-close") }</button>
        </div>
    };
    let Some(i) = app.shown().inspection.as_ref().filter(|i| (&i.namespace, &i.name) == (ns, name)) else {
        return html! {
            <section class="panel inspector" aria-labelledby="inspector-label">
                { head }
                <p class="hint">{ t.text("inspector-missing") }</p>
            </section>
        };
    };
    let conditions = i.conditions.iter().map(|c| {
        html! {
            <tr class={classes!(c.changed.then_some("changed"))} data-condition={c.kind.clone()}>
                <th scope="row">{ &c.kind }</th>
                <td class={classes!("cond", if c.status == "True" { "true" } else { "false" })}>{ &c.status }</td>
                <td>{ &c.reason }</td>
                <td class="since">{ &c.since }</td>
            </tr>
        }
    });
    let containers = i.containers.iter().map(|c| {
        let kind = match c.kind {
            ContainerKind::Init => t.text("inspector-init"),
            ContainerKind::Sidecar => t.text("inspector-sidecar"),
            ContainerKind::App => String::new(),
        };
        let state = if c.state.kind.is_empty() { "—".to_string() } else { state_text(app, &c.state) };
        let last = c.last.as_ref().map(|l| state_text(app, l)).unwrap_or_else(|| "—".to_string());
        html! {
            <tr class={classes!(c.changed.then_some("changed"))} data-container={c.name.clone()}>
                <th scope="row">{ &c.name }{ for (!kind.is_empty()).then(|| html! { <span class="tag">{ kind.clone() }</span> }) }</th>
                <td class={classes!("state", c.state.kind.clone())}>{ state }</td>
                <td>{ if c.ready { "true" } else { "false" } }</td>
                <td>{ c.restarts }</td>
                <td>{ last }</td>
            </tr>
        }
    });
    html! {
        <section class="panel inspector" aria-labelledby="inspector-label" data-pod={i.name.clone()}>
            { head }
            <div class="facts">
                { field(t.text("inspector-phase"), &i.phase, "inspect-phase") }
                { field(t.text("inspector-status"), &i.status, "inspect-status") }
                { field(t.text("inspector-ready"), &i.ready, "inspect-ready") }
                { field(t.text("inspector-node"), &Field { value: i.node.clone(), changed: false }, "inspect-node") }
                { field(t.text("inspector-ip"), &Field { value: i.ip.clone(), changed: false }, "inspect-ip") }
            </div>
            <p class="hint">{ t.text("inspector-note") }</p>
            <h3>{ t.text("inspector-conditions") }</h3>
            { if i.conditions.is_empty() {
                html! { <p class="hint">{ t.text("inspector-no-conditions") }</p> }
            } else {
                html! {
                    <table class="facts-table">
                        <thead><tr><th scope="col">{ "type" }</th><th scope="col">{ "status" }</th><th scope="col">{ "reason" }</th><th scope="col">{ "lastTransitionTime" }</th></tr></thead>
                        <tbody>{ for conditions }</tbody>
                    </table>
                }
            } }
            <h3>{ t.text("inspector-containers") }</h3>
            <table class="facts-table">
                <thead><tr><th scope="col">{ "name" }</th><th scope="col">{ "state" }</th><th scope="col">{ "ready" }</th><th scope="col">{ "restartCount" }</th><th scope="col">{ "lastState" }</th></tr></thead>
                <tbody>{ for containers }</tbody>
            </table>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_name_each_pod_and_mark_the_one_inspected() {
        let pods = vec![("default".to_string(), "web-1".to_string()), ("kube-system".to_string(), "a<b".to_string())];
        assert_eq!(
            options_markup(&pods, Some(&pods[0])),
            "<option value=\"\">—</option><option value=\"default/web-1\" selected>web-1</option><option value=\"kube-system/a&lt;b\">kube-system/a&lt;b</option>"
        );
        assert!(options_markup(&pods, None).starts_with("<option value=\"\" selected>—</option>"));
    }
}

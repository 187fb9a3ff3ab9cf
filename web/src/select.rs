//! A `<select>` whose options arrive as HTML text and are parsed into it by the browser in one
//! step. Yew builds a list of a thousand options node by node through the DOM bindings (about
//! 80 ms when a scrub brought 1,000 pods into existence); `Html::from_html_unchecked` parses
//! them in one step but inserts them one by one (about 50 ms).

use web_sys::Element;
use yew::prelude::*;

use crate::markup::escape_into;

#[derive(Properties, PartialEq)]
pub struct SelectProps {
    pub id: AttrValue,
    /// The options' markup (`option_into`): written again only when they change.
    pub options: AttrValue,
    pub onchange: Callback<Event>,
}

#[function_component(Select)]
pub fn select(props: &SelectProps) -> Html {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(props.options.clone(), move |options| {
            if let Some(select) = node.cast::<Element>() {
                select.set_inner_html(options);
            }
        });
    }
    html! { <select id={props.id.clone()} ref={node} onchange={props.onchange.clone()}></select> }
}

/// Appends an `<option>`, its value and label escaped.
pub fn option_into(out: &mut String, value: &str, label: &str, selected: bool) {
    out.push_str("<option value=\"");
    escape_into(out, value);
    out.push('"');
    if selected {
        out.push_str(" selected");
    }
    out.push('>');
    escape_into(out, label);
    out.push_str("</option>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_is_escaped_and_may_be_selected() {
        let mut out = String::new();
        option_into(&mut out, "kube-system/a<b", "a\"b", true);
        option_into(&mut out, "", "—", false);
        assert_eq!(out, "<option value=\"kube-system/a&lt;b\" selected>a&quot;b</option><option value=\"\">—</option>");
    }
}

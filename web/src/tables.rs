//! A `kubectl get` table as an HTML table (headers and cells exactly as kubectl prints them).

use podlife_protocol::Table;
use yew::prelude::*;

pub fn view(table: &Table, id: &str, empty: &str) -> Html {
    if table.rows.is_empty() {
        return html! { <p class="empty" id={id.to_string()}>{ empty.to_string() }</p> };
    }
    html! {
        <div class="table-wrap">
            <table class="kubectl" id={id.to_string()}>
                <thead><tr>{ for table.headers.iter().map(|h| html! { <th scope="col">{ h }</th> }) }</tr></thead>
                <tbody>
                    { for table.rows.iter().map(|row| html! {
                        <tr>{ for row.iter().map(|c| html! { <td>{ c }</td> }) }</tr>
                    }) }
                </tbody>
            </table>
        </div>
    }
}

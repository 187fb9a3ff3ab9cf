//! podlife in the browser: a Yew front end over `podlife-console`.

mod app;
mod strings;

fn main() {
    yew::Renderer::<app::App>::new().render();
}

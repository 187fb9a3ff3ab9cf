//! podlife in the browser: a Yew front end over `podlife-player` (the engine, time travel and
//! explanations) and `podlife-lessons` (the course and the built-in scenarios).

mod app;
mod builder;
mod console;
mod crash;
mod editor;
mod inspector;
mod keep;
mod lesson;
mod stage;
mod tables;
mod timeline;
mod what;

fn main() {
    crash::install();
    yew::Renderer::<app::App>::new().render();
}

//! podlife in the browser, the page's module: a Yew front end that draws the view models the
//! engine worker sends (`podlife-protocol`) and keeps what the learner types. The engine,
//! console, player and lessons run in the worker (`web/worker`), loaded beside this module.

mod app;
mod builder;
mod compare;
mod console;
mod crash;
mod editor;
mod engine;
mod inspector;
mod keep;
mod lesson;
mod markup;
mod select;
mod stage;
mod tables;
mod texts;
mod timeline;
mod what;

/// The allocator: smaller than the default dlmalloc and faster, as in the worker.
#[cfg(target_family = "wasm")]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    crash::install();
    // The page's words come first: the app draws nothing without them (`texts.rs`).
    let query = keep::query();
    let lang = keep::start_lang(&query, keep::saved_for(&query).as_deref());
    yew::platform::spawn_local(async move {
        match texts::load(lang).await {
            Ok(_) => {
                yew::Renderer::<app::App>::new().render();
            }
            Err(e) => texts::show_unavailable(&e),
        }
    });
}

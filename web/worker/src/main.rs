//! The engine worker's glue: reads the page's messages (postcard bytes of
//! `podlife_protocol::ToWorker`), lets `podlife_player::host::Host` answer them, and posts the
//! replies back, with progress reports during long runs. A panic is reported to the page
//! (which starts a new worker) instead of leaving it waiting.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use podlife_player::host::Host;
use podlife_protocol::{FromWorker, ToWorker, VERSION, decode, encode};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::wasm_bindgen;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

#[cfg(target_family = "wasm")]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// The shortest wall time between two progress reports (ms). The engine's own clock is
/// virtual; this only paces messages to the page.
const PROGRESS_MS: f64 = 200.0;

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

fn post(message: &FromWorker) {
    let Ok(bytes) = encode(message) else { return };
    let array = js_sys::Uint8Array::from(bytes.as_slice());
    let transfer = js_sys::Array::of1(&array.buffer());
    let _ = scope().post_message_with_transfer(&array, &transfer);
}

/// The worker's wasm linear memory (what the engine's state costs; it never shrinks).
fn linear_memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    return core::arch::wasm32::memory_size(0) as u64 * 65_536;
    #[cfg(not(target_arch = "wasm32"))]
    0
}

#[wasm_bindgen]
extern "C" {
    /// Defined by the loader that `cargo xtask` writes beside a split worker
    /// (xtask/src/split.rs): fetches the split-off module once and instantiates it against
    /// these exports, which fills the function table slots the stubs call through.
    #[wasm_bindgen(js_namespace = podlifeSplit, js_name = load)]
    fn split_load(exports: &wasm_bindgen::JsValue);
}

/// What a stub of the split worker calls the first time one runs: the functions a learner's
/// session rarely reaches live in a second module fetched on demand (ARCHITECTURE.md, "The
/// split worker"). The splitter finds this function by its export name. Allocates nothing, so
/// a stub may run anywhere, the allocator included.
#[cfg(target_arch = "wasm32")]
#[unsafe(no_mangle)]
pub extern "C" fn podlife_split_load() {
    split_load(&wasm_bindgen::exports());
}

fn main() {
    std::panic::set_hook(Box::new(|info| post(&FromWorker::Crashed { message: info.to_string() })));
    // The host lives as long as the worker: leaked rather than shared, so the module keeps no
    // code to drop it.
    let host: &'static RefCell<Host> = Box::leak(Box::new(RefCell::new(Host::new())));
    // The request being answered: progress reports carry its number.
    let current = Rc::new(Cell::new(0u64));
    {
        let current = current.clone();
        // At most one report per PROGRESS_MS of wall time: each one redraws the page.
        let last = Cell::new(0.0f64);
        host.borrow_mut().set_progress(Rc::new(move |reactions, at_ms| {
            let now = js_sys::Date::now();
            if now - last.get() >= PROGRESS_MS {
                last.set(now);
                post(&FromWorker::Progress { seq: current.get(), reactions, at_ms });
            }
        }));
    }
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let bytes = js_sys::Uint8Array::new(&event.data()).to_vec();
        // The page and this worker come from one build; a message that does not decode is
        // dropped rather than guessed at.
        let Ok(message) = decode::<ToWorker>(&bytes) else { return };
        current.set(message.seq);
        let replies = host.borrow_mut().handle(message);
        for mut reply in replies {
            if let FromWorker::Reply { memory_bytes, .. } = &mut reply {
                *memory_bytes = linear_memory_bytes();
            }
            post(&reply);
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&FromWorker::Ready { version: VERSION });
}

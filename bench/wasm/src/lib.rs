//! The wasm side of `cargo xtask bench`: `podlife_bench`'s workloads compiled to wasm32 with the
//! profile the shipped app uses, loaded by a page in headless Chromium (`run.mjs`) and timed with
//! `performance.now()`. Each size runs in a fresh page, so the linear memory size after a run
//! (it only grows) is that run's peak.
//!
//! Only this crate and `web/` may depend on wasm-bindgen; `crates/` stays free of web
//! dependencies.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
    #[wasm_bindgen(js_namespace = console, js_name = info)]
    fn console_info(message: &str);
}

/// The size of the last allocation the allocator could not serve (0: none). With `panic =
/// "abort"` an allocation failure is a bare `unreachable` trap; this lets the page say why.
static FAILED_ALLOCATION: AtomicUsize = AtomicUsize::new(0);

/// The system allocator (dlmalloc on wasm32, as in the shipped app), noting failures.
struct NotingFailures;

// SAFETY: every call is forwarded unchanged to `System`; only null results are noted.
unsafe impl GlobalAlloc for NotingFailures {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System.alloc`'s.
        noted(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is `System.alloc_zeroed`'s.
        noted(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is `System.dealloc`'s.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is `System.realloc`'s.
        noted(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}

fn noted(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        FAILED_ALLOCATION.store(size, Ordering::Relaxed);
    }
    ptr
}

#[global_allocator]
static ALLOCATOR: NotingFailures = NotingFailures;

/// Bytes of linear memory now: memory only grows, so after a run in a fresh instance this is
/// the run's peak (the same number as `wasm_bindgen::memory()`'s `buffer.byteLength`).
#[wasm_bindgen]
pub fn linear_memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size(0) as f64 * 65_536.0
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// The size of the allocation that failed, if one did (0 otherwise).
#[wasm_bindgen]
pub fn failed_allocation_bytes() -> f64 {
    FAILED_ALLOCATION.load(Ordering::Relaxed) as f64
}

/// A panic aborts (the release profile): say why on the console first, where run.mjs reads it.
fn say_panics() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("panic: {info}"))));
}

/// A report's JSON with the linear memory's size after the run, as text for JavaScript.
fn with_memory(mut json: serde_json::Value) -> String {
    json["wasm_memory_bytes"] = linear_memory_bytes().into();
    json.to_string()
}

/// Runs `podlife_bench::scheduling(nodes, pods)` with `performance.now()` as the clock. Returns
/// JSON: the report's fields (`summary` is its one-line text) and `wasm_memory_bytes`.
#[wasm_bindgen]
pub fn scheduling(nodes: u32, pods: u32) -> String {
    say_panics();
    with_memory(podlife_bench::scheduling(nodes as usize, pods as usize, &mut performance_now).to_json())
}

/// Wall time between two progress lines on the console (run.mjs prints them).
const PROGRESS_EVERY_MS: f64 = 30_000.0;

/// Runs `podlife_bench::to_running(nodes, pods)` (kubelets on, until every pod is Running) with
/// `performance.now()` as the clock; JSON as `scheduling`'s. Every 30 s it says on the console
/// where the run is, so that one that times out still tells how far it got.
#[wasm_bindgen]
pub fn running(nodes: u32, pods: u32) -> String {
    say_panics();
    let start = performance_now();
    let mut shown = start;
    let mut progress = |tick: podlife_bench::Tick| {
        let now = performance_now();
        if now - shown >= PROGRESS_EVERY_MS {
            shown = now;
            console_info(&format!(
                "progress: {pods} on {nodes} at {:.0} s: virtual {:.1} s, {} bound, {} Running of {}; wasm memory {:.0} MiB",
                (now - start) / 1000.0,
                tick.virtual_s,
                tick.bound,
                tick.running,
                tick.total,
                linear_memory_bytes() / (1024.0 * 1024.0),
            ));
        }
    };
    with_memory(podlife_bench::to_running(nodes as usize, pods as usize, &mut performance_now, &mut progress).to_json())
}

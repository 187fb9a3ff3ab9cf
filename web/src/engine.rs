//! The page's handle on the engine worker (`podlife-worker`, a second wasm module that trunk
//! builds beside this one). Messages are `podlife_protocol` values as postcard bytes, posted with
//! their buffers transferred. The worker sets its message handler only once its wasm has
//! loaded, so requests wait here until it says `Ready`.
//!
//! Written on `web_sys::Worker` rather than gloo-worker's bridge: cancelling a long run must
//! terminate a worker that is busy (gloo's bridge can only ask it to stop, which a busy
//! worker never reads), and the bridge's type would name the worker's code in this crate.

use podlife_protocol::{FromWorker, Request, ToWorker, VERSION, decode, encode};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{ErrorEvent, MessageEvent, Worker};
use yew::Callback;

/// The worker's loader, beside the page (trunk's `data-loader-shim`).
const WORKER_URL: &str = "./podlife-worker_loader.js";

/// What the worker said, or why it could not be heard.
pub enum Heard {
    Message(FromWorker),
    /// It could not start, died, or spoke another protocol version.
    Failed(String),
}

pub struct Engine {
    worker: Option<Worker>,
    ready: bool,
    /// Requests sent before the worker was ready.
    queue: Vec<ToWorker>,
    next_seq: u64,
    /// Requests sent and not yet answered.
    pending: usize,
    on_heard: Callback<Heard>,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    _on_error: Option<Closure<dyn FnMut(ErrorEvent)>>,
}

impl Engine {
    /// Starts the worker; what it says goes to `on_heard`.
    pub fn spawn(on_heard: Callback<Heard>) -> Engine {
        let mut engine = Engine { worker: None, ready: false, queue: Vec::new(), next_seq: 1, pending: 0, on_heard, _on_message: None, _on_error: None };
        engine.start();
        engine
    }

    fn start(&mut self) {
        let options = web_sys::WorkerOptions::new();
        options.set_name("podlife-engine");
        let worker = match Worker::new_with_options(WORKER_URL, &options) {
            Ok(w) => w,
            Err(e) => {
                self.on_heard.emit(Heard::Failed(format!("{e:?}")));
                return;
            }
        };
        let on_heard = self.on_heard.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let bytes = js_sys::Uint8Array::new(&event.data()).to_vec();
            match decode::<FromWorker>(&bytes) {
                Ok(FromWorker::Ready { version }) if version != VERSION => {
                    on_heard.emit(Heard::Failed(format!("the engine speaks protocol {version}, the page {VERSION}: reload the page")))
                }
                Ok(message) => on_heard.emit(Heard::Message(message)),
                Err(e) => on_heard.emit(Heard::Failed(format!("an unreadable message from the engine: {e}"))),
            }
        });
        let on_heard = self.on_heard.clone();
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            event.prevent_default();
            on_heard.emit(Heard::Failed(event.message()));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.worker = Some(worker);
        self._on_message = Some(on_message);
        self._on_error = Some(on_error);
    }

    /// The worker said it is ready: what waited is sent.
    pub fn set_ready(&mut self) {
        self.ready = true;
        for message in std::mem::take(&mut self.queue) {
            self.post(&message);
        }
    }

    pub fn ready(&self) -> bool {
        self.ready
    }

    /// A request was answered (for good: not a `NeedCourse`, which is answered again).
    pub fn answered(&mut self) {
        self.pending = self.pending.saturating_sub(1);
    }

    /// Loaded, and every request answered.
    pub fn idle(&self) -> bool {
        self.ready && self.pending == 0
    }

    /// Sends a request (or keeps it until the worker is ready); its reply carries the number.
    pub fn send(&mut self, request: Request) -> u64 {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.pending += 1;
        let message = ToWorker { seq, request };
        if self.ready { self.post(&message) } else { self.queue.push(message) }
        seq
    }

    fn post(&self, message: &ToWorker) {
        let (Some(worker), Ok(bytes)) = (&self.worker, encode(message)) else { return };
        let array = js_sys::Uint8Array::from(bytes.as_slice());
        let transfer = js_sys::Array::of1(&array.buffer());
        if let Err(e) = worker.post_message_with_transfer(&array, &transfer) {
            self.on_heard.emit(Heard::Failed(format!("{e:?}")));
        }
    }

    /// Stops the worker at once (even in the middle of a run) and starts a fresh one; what
    /// was queued is dropped. The page then restores its session into the new worker.
    pub fn restart(&mut self) {
        if let Some(w) = self.worker.take() {
            w.terminate();
        }
        self.ready = false;
        self.queue.clear();
        self.pending = 0;
        self.start();
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(w) = &self.worker {
            w.terminate();
        }
    }
}

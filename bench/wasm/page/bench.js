// The page side of the wasm benchmark: loads wasm-bindgen's module (built by `cargo xtask bench`)
// and exposes `window.podlifeBench.scheduling(nodes, pods)` to bench/wasm/run.mjs. It resolves to
// `{ ok: true, report }` (the JSON of podlife_bench_wasm::scheduling) or, when the run traps,
// `{ ok: false, error, memoryBytes, failedAllocationBytes }`.

import init, { scheduling, failed_allocation_bytes } from './podlife_bench_wasm.js';

const ready = init();

window.podlifeBench = {
  async scheduling(nodes, pods) {
    const wasm = await ready;
    try {
      return { ok: true, report: JSON.parse(scheduling(nodes, pods)) };
    } catch (err) {
      // A trap (the release profile aborts on panic and on allocation failure) leaves the
      // instance's memory readable: how large it had grown, and which allocation failed.
      let failedAllocationBytes = 0;
      try {
        failedAllocationBytes = failed_allocation_bytes();
      } catch {
        // The instance is unusable; the memory size below still tells the story.
      }
      return {
        ok: false,
        error: String(err?.stack || err),
        memoryBytes: wasm.memory.buffer.byteLength,
        failedAllocationBytes,
      };
    }
  },
};

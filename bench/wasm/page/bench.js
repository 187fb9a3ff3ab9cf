// The page side of the wasm benchmark: loads wasm-bindgen's module (built by `cargo xtask bench`)
// and exposes `window.podlifeBench.run(workload, nodes, pods)` to bench/wasm/run.mjs, the workload
// being `scheduling` or `running`. It resolves to `{ ok: true, report }` (the JSON of
// podlife_bench_wasm's function of that name) or, when the run traps,
// `{ ok: false, error, memoryBytes, failedAllocationBytes }`.

import init, { scheduling, running, failed_allocation_bytes } from './podlife_bench_wasm.js';

const ready = init();
const workloads = { scheduling, running };

window.podlifeBench = {
  async run(workload, nodes, pods) {
    const wasm = await ready;
    try {
      return { ok: true, report: JSON.parse(workloads[workload](nodes, pods)) };
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

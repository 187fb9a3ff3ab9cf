// The wasm half of `cargo xtask bench`: runs podlife-bench's workloads in headless Chromium, one
// fresh page per size (so the linear memory after a run is that run's peak), and prints one line
// per size.
//
//   node bench/wasm/run.mjs DIR [WORKLOAD:]NODESxPODS…   e.g. DIR 100x1000 5000x10000 running:100x1000
//
// WORKLOAD is `scheduling` (the default: podlife_bench::scheduling, kubelets stopped, until every
// pod is bound) or `running` (podlife_bench::to_running, kubelets on, until every pod is Running).
// DIR holds index.html, bench.js (bench/wasm/page) and wasm-bindgen's output for
// podlife-bench-wasm; `cargo xtask bench` builds it (target/bench-wasm). Environment:
//   PODLIFE_CHROMIUM          the browser (default: /usr/bin/chromium)
//   PODLIFE_BENCH_TIMEOUT_S   time limit per size, in seconds (default: 1800)
// A size that runs out of memory (wasm32 addresses at most 4 GiB), times out or crashes the
// page gets a line saying so; the exit code is 1 only for other failures (a panic, a harness
// error).

import path from 'node:path';
import { chromium } from 'playwright-core';
import { serveStatic, deadline } from '../../tests/browser/harness.mjs';

const WASM32_LIMIT = 4 * 1024 ** 3;
const executablePath = process.env.PODLIFE_CHROMIUM || '/usr/bin/chromium';
const timeoutSeconds = Number(process.env.PODLIFE_BENCH_TIMEOUT_S || 1800);

const [dir, ...sizeArgs] = process.argv.slice(2);
if (!dir || sizeArgs.length === 0) {
  console.error('usage: node bench/wasm/run.mjs DIR [WORKLOAD:]NODESxPODS…');
  process.exit(2);
}
const sizes = sizeArgs.map((arg) => {
  const match = /^(?:(scheduling|running):)?(\d+)x(\d+)$/.exec(arg);
  if (!match) {
    console.error(`not a size: ${arg} (want [scheduling:|running:]NODESxPODS, e.g. 100x1000 or running:100x1000)`);
    process.exit(2);
  }
  return { workload: match[1] || 'scheduling', nodes: Number(match[2]), pods: Number(match[3]) };
});

const mib = (bytes) => `${Math.round(bytes / 1024 ** 2)} MiB`;
const amount = (bytes) =>
  bytes >= 1024 ** 2 ? mib(bytes) : bytes >= 1024 ? `${Math.round(bytes / 1024)} KiB` : `${bytes} bytes`;
const thousands = (n) => n.toLocaleString('en-US');

function launch() {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A multi-minute synchronous run must not be throttled or judged hung.
      '--disable-renderer-backgrounding',
      '--disable-background-timer-throttling',
      '--disable-hang-monitor',
    ],
  });
}

/**
 * Why a run that trapped in wasm failed: `{ why, expected }`, expected being out of memory (a
 * finding of the benchmark) rather than a bug (a panic, a JavaScript error).
 */
function explainTrap(result, consoleErrors) {
  if (result.failedAllocationBytes > 0) {
    return {
      why: `out of memory: an allocation of ${amount(result.failedAllocationBytes)} failed with the ` +
        `linear memory at ${mib(result.memoryBytes)} (a wasm32 memory is at most ${mib(WASM32_LIMIT)})`,
      expected: true,
    };
  }
  const panic = consoleErrors.find((line) => line.startsWith('panic: '));
  if (panic) return { why: panic.replace(/\s*\n\s*/g, ' '), expected: false };
  const firstLine = result.error.split('\n')[0];
  if (result.memoryBytes >= WASM32_LIMIT * 0.95) {
    return {
      why: `out of memory: the linear memory reached ${mib(result.memoryBytes)} of wasm32's ` +
        `${mib(WASM32_LIMIT)} (${firstLine})`,
      expected: true,
    };
  }
  return { why: `${firstLine} with the linear memory at ${mib(result.memoryBytes)}`, expected: false };
}

const site = await serveStatic(path.resolve(dir));
let browser = await launch();
console.log(`wasm: headless Chromium ${browser.version()}, one fresh page per size, clock performance.now()`);

let failures = 0;
for (const { workload, nodes, pods } of sizes) {
  const label = `${pods} pods onto ${nodes} nodes${workload === 'running' ? ' to Running' : ''}`;
  if (!browser.isConnected()) browser = await launch(); // the last run took the browser down
  const context = await browser.newContext();
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
    // A long run's progress (podlife_bench_wasm::running), as it happens.
    if (msg.type() === 'info' && msg.text().startsWith('progress: ')) console.error(`wasm: … ${msg.text().slice(10)}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`page error: ${err.message}`));
  const crashed = new Promise((_, reject) => page.once('crash', () => reject(new Error('crash'))));
  crashed.catch(() => {}); // raced below; a crash after the result is no one's business
  const limit = deadline(timeoutSeconds * 1000, 'timeout');
  let line;
  try {
    await page.goto(`${site.url}index.html`);
    const run = page.evaluate(([w, n, p]) => window.podlifeBench.run(w, n, p), [workload, nodes, pods]);
    run.catch(() => {}); // after a timeout or crash it rejects when the page goes
    const result = await Promise.race([run, limit.promise, crashed]);
    if (result.ok) {
      const report = result.report;
      line = `${report.summary}; wasm memory ${mib(report.wasm_memory_bytes)}`;
    } else {
      const { why, expected } = explainTrap(result, consoleErrors);
      line = `${label}: FAILED, ${why}`;
      if (!expected) failures += 1;
    }
  } catch (err) {
    const message = String(err?.message || err);
    if (message === 'timeout') {
      line = `${label}: FAILED, no result after ${thousands(timeoutSeconds)} s (PODLIFE_BENCH_TIMEOUT_S)`;
    } else if (message === 'crash' || /crash/i.test(message)) {
      line = `${label}: FAILED, the page crashed (most likely out of memory)`;
    } else {
      line = `${label}: FAILED, ${message.split('\n')[0]}`;
      failures += 1;
    }
    const detail = consoleErrors.filter((l) => !l.startsWith('panic: '));
    if (detail.length) line += ` [${detail.join('; ')}]`;
  } finally {
    limit.cancel();
  }
  console.log(`wasm: ${line}`);
  // A page stuck in a run (timeout) may not close politely: then start a fresh browser.
  const closed = deadline(30_000, 'close');
  try {
    await Promise.race([context.close(), closed.promise]);
  } catch {
    await browser.close().catch(() => {});
    browser = await launch();
  } finally {
    closed.cancel();
  }
}

await browser.close();
await site.close();
process.exit(failures === 0 ? 0 : 1);

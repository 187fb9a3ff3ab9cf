// Runs every tests/browser/*.test.mjs (or the files named on the command line) against dist/
// served locally, in headless Chromium. Environment:
//   PODLIFE_DIST      the built site (default: <repo>/dist)
//   PODLIFE_CHROMIUM  the browser (default: /usr/bin/chromium)
// Last line: `N passed, N failed`. Exit code 1 on any failure.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { repoRoot, registeredTests, serveStatic, deadline, profilingTest } from './harness.mjs';

const TEST_TIMEOUT_MS = 60_000;
const here = path.join(repoRoot, 'tests', 'browser');
const dist = process.env.PODLIFE_DIST || path.join(repoRoot, 'dist');
const executablePath = process.env.PODLIFE_CHROMIUM || '/usr/bin/chromium';
const screenshots = path.join(repoRoot, 'target', 'screenshots');

const files = process.argv.length > 2
  ? process.argv.slice(2).map((f) => path.resolve(f))
  : fs.readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => path.join(here, f));

let passed = 0;
let failed = 0;

function finish(code) {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code);
}

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`no site at ${dist}: run \`cargo xtask build\` first`);
  failed = 1;
  finish(1);
}

for (const file of files) await import(pathToFileURL(file).href);
// A profiling run (`cargo xtask split-profile`) runs the sandbox's journeys only.
const tests = registeredTests().filter((t) => !(process.env.PODLIFE_PROFILE_OUT && t.options.onDemand));
fs.mkdirSync(screenshots, { recursive: true });

const site = await serveStatic(dist);
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
console.log(`browser tests: ${tests.length} test(s), ${browser.version()} at ${site.url}`);

for (const { name, fn, options } of tests) {
  const started = Date.now();
  profilingTest(name);
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 860 },
    deviceScaleFactor: 1,
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const problems = [];
  // `options.allowPageErrors`: a test that provokes a panic on purpose.
  page.on('pageerror', (err) => {
    if (!options.allowPageErrors) problems.push(`page error: ${err.message}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !options.allowPageErrors) problems.push(`console error: ${msg.text()}`);
  });
  // A request the page's own navigation cancelled (a reload while the favicon loads) is
  // ERR_ABORTED, not a failure of the site; every other failure counts.
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText;
    if (error !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${error})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  const shot = (shotName) => page.screenshot({ path: path.join(screenshots, `${shotName}.png`), fullPage: true });
  const limit = deadline(TEST_TIMEOUT_MS, `timed out after ${TEST_TIMEOUT_MS / 1000}s`);
  try {
    await Promise.race([fn({ page, url: site.url, shot }), limit.promise]);
    if (problems.length) throw new Error(problems.join('\n'));
    passed += 1;
    console.log(`ok    ${name} (${Date.now() - started} ms)`);
  } catch (err) {
    failed += 1;
    console.log(`FAIL  ${name} (${Date.now() - started} ms)`);
    console.log(String(err?.stack || err).replace(/^/gm, '      '));
    await shot(`FAILED-${name.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
  } finally {
    limit.cancel();
    await context.close().catch(() => {});
  }
}

await browser.close();
await site.close();
finish(failed === 0 && passed > 0 ? 0 : 1);

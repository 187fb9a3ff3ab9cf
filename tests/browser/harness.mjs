// A small browser-test harness: a static server for dist/, headless Chromium through
// playwright-core, and a runner that prints `N passed, N failed` as its last line.
//
// A test file (tests/browser/*.test.mjs) registers tests with `test(name, fn)`; `fn` gets
// `{ page, url, shot }`: a fresh page (own browser context), the site's URL, and `shot(name)`
// which saves target/screenshots/<name>.png. Every test also fails on page errors, console
// errors and failed requests, which the harness collects.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const registered = [];

/**
 * Registers a test. `options.viewport` overrides the default 1280×860 window.
 * `options.onDemand`: the journey opens what the site fetches on demand (the course, a
 * comparison, the lesson builder), so `cargo xtask split-profile` leaves it out: what it adds
 * to a sandbox session's code comes with the split-off part of the worker.
 */
export function test(name, fn, options = {}) {
  registered.push({ name, fn, options });
}

export function registeredTests() {
  return registered;
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

// A profiling build's worker posts the bytes it marked (one per function, 1 once it ran) to
// `__profile`; `cargo xtask split-profile` sets PODLIFE_PROFILE_OUT, where their union goes.
// Each test's own marks go to PODLIFE_PROFILE_OUT.d/<test>.bin, to see what a journey needs.
let profileMarks = null;
let profileTest = null;
const profileByTest = new Map();
export function profilingTest(name) {
  profileTest = name;
}
function orInto(into, marks) {
  const out = into && into.length >= marks.length ? into : Buffer.alloc(marks.length);
  if (into && out !== into) into.copy(out);
  for (let i = 0; i < marks.length; i++) out[i] |= marks[i];
  return out;
}
function recordProfile(req, res) {
  const out = process.env.PODLIFE_PROFILE_OUT;
  if (!out) {
    res.writeHead(404).end('not found');
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const marks = Buffer.concat(chunks);
    profileMarks = orInto(profileMarks, marks);
    fs.writeFileSync(out, profileMarks);
    if (profileTest) {
      const mine = orInto(profileByTest.get(profileTest), marks);
      profileByTest.set(profileTest, mine);
      fs.mkdirSync(`${out}.d`, { recursive: true });
      fs.writeFileSync(`${out}.d/${profileTest.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.bin`, mine);
    }
    res.writeHead(204).end();
  });
}

/**
 * Serves `dir` under `prefix` (not at `/`, to prove the site works under any path) on
 * 127.0.0.1 with a free port. Resolves to { url, close }.
 */
export function serveStatic(dir, prefix = '/podlife/') {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (req.method === 'POST' && pathname === prefix + '__profile') {
      recordProfile(req, res);
      return;
    }
    if (!pathname.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    let file = path.resolve(root, '.' + path.posix.normalize('/' + pathname.slice(prefix.length)));
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404).end('not found');
        return;
      }
      const type = MIME[path.extname(file)] ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}${prefix}`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}

/** Resolves after `ms`, or rejects with `message` (a per-test time limit, not a sleep). */
export function deadline(ms, message) {
  let timer;
  const promise = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

// The split worker (xtask/src/split.rs): the functions no sandbox journey runs live in a second
// module, fetched the first time one of them is called: a program model the sandbox's journeys
// never start, or the course (on demand, as course.json is). This file is left out of the
// profile (`cargo xtask split-profile`), so what it runs is split off, and it proves that path
// works.

import assert from 'node:assert/strict';
import { test } from './harness.mjs';
import { open, run, settle } from './helpers.mjs';

// The console as the learner reads it, a line per line.
const lines = (page) => page.locator('#console-log').innerText();

test('code a session rarely runs is fetched on first use, once, and runs', async ({ page, url }) => {
  const fetched = [];
  page.on('request', (req) => {
    if (/podlife-worker_split-[0-9a-f]+\.wasm$/.test(req.url())) fetched.push(req.url());
  });
  await open(page, url);
  assert.deepEqual(fetched, [], 'nothing of the split-off part is fetched at load');
  // A Python program model: nothing else in the browser tests starts one.
  await run(page, `kubectl run calc --image=python:3.12 --restart=Never -- python3 -c "print(6*7)"`);
  await run(page, 'sleep 30');
  await run(page, 'kubectl logs calc');
  assert.match(await lines(page), /^42$/m, 'the program ran');
  await run(page, `kubectl run calc2 --image=python:3.12 --restart=Never -- python3 -c "print(2**10)"`);
  await run(page, 'sleep 30');
  await run(page, 'kubectl logs calc2');
  assert.match(await lines(page), /^1024$/m);
  assert.equal(fetched.length, 1, `the split-off part is fetched once: ${fetched.join(', ')}`);
});

test('opening the course fetches the split-off part, once; code in it then runs without another fetch', async ({ page, url }) => {
  const fetched = [];
  page.on('request', (req) => {
    if (/podlife-worker_split-[0-9a-f]+\.wasm$/.test(req.url())) fetched.push(req.url());
  });
  await open(page, url);
  assert.deepEqual(fetched, [], 'nothing of the split-off part is fetched at load');
  // The course is on demand: reading it runs code the sandbox never does.
  await page.locator('#course').click();
  await page.locator('.lesson-link[data-lesson="first-pod"]').waitFor();
  assert.equal(fetched.length, 1, 'fetched when the course opened');
  await page.locator('.lesson-link[data-lesson="first-pod"]').click();
  await page.locator('.panel.lesson[data-lesson="first-pod"]').waitFor();
  await page.locator('#apply').click();
  await settle(page);
  await run(page, `kubectl run calc --image=python:3.12 --restart=Never -- python3 -c "print(6*7)"`);
  await run(page, 'sleep 30');
  await run(page, 'kubectl logs calc');
  assert.match(await lines(page), /^42$/m, 'the program ran');
  assert.equal(fetched.length, 1, `the split-off part is fetched once: ${fetched.join(', ')}`);
});

test('when the split-off part cannot be fetched, the page says so instead of waiting', async ({ page, url }) => {
  await page.route(/podlife-worker_split-[0-9a-f]+\.wasm$/, (route) => route.abort('aborted'));
  await open(page, url);
  await page.locator('#tab-console').click();
  const input = page.locator('#console-input');
  await input.fill(`kubectl run calc --image=python:3.12 --restart=Never -- python3 -c "print(6*7)"`);
  await input.press('Enter');
  await input.fill('sleep 30');
  await input.press('Enter');
  const notice = page.locator('.notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /The cluster engine could not run \(.*podlife could not fetch the rest of its engine \(\.\/podlife-worker_split-[0-9a-f]+\.wasm: the network request failed\); check the connection\)/);
  // The page still works: the editor keeps its text and the language switch answers.
  assert.match(await page.locator('#manifest').inputValue(), /kind:/);
  await page.locator('button[lang="ko"]').click();
  await page.waitForFunction(() => document.documentElement.lang === 'ko');
});

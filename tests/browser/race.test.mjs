// The endpoint race in the app: traffic to the Service, a pod deleted, the run's table in the
// console, and in the timeline the failed requests (the client node's clients and kube-proxy
// lit) and each node's kube-proxy putting its new rules in effect.

import assert from 'node:assert/strict';
import { test } from './harness.mjs';
import { open, state, consoleText, run, settle } from './helpers.mjs';

test('the endpoint race: failed requests and kube-proxy catching up, node by node', async ({ page, url, shot }) => {
  await open(page, url);
  await page.locator('#scenario').selectOption('endpoint-race');
  await settle(page);
  await page.locator('#apply').click();
  await settle(page);
  const atEnd = () => page.locator('#scrub').fill('1000000');
  await atEnd();
  await run(page, 'podlife traffic svc/web --rps 50 --for 20s');
  await page.waitForFunction(() => document.querySelector('#console-log')?.textContent.includes('send 50 requests/s to svc/web'));
  await atEnd();
  await run(page, 'kubectl delete pod web-2');
  await atEnd();
  await run(page, 'sleep 30');
  await page.waitForFunction(() => /traffic svc\/web: 1000 requests, \d+ ok, [1-9]\d* failed/.test(document.querySelector('#console-log')?.textContent ?? ''));
  assert.match(await consoleText(page), /SECOND\s+OK\s+502\s+RESET\s+TIMEOUT\s+FAILED FROM/);

  // Back through the timeline: a failed request, then kube-proxy's new rules.
  await page.evaluate(() => document.activeElement?.blur());
  let failed = null;
  let restore = null;
  for (let i = 0; i < 4000 && !(failed && restore); i++) {
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    const s = await state(page);
    if (!failed && s.message === 'explain-traffic-request') failed = s;
    if (failed && !restore && s.message === 'explain-proxy-restore') restore = s;
  }
  assert.ok(failed, 'a failed request is in the timeline');
  assert.match(failed.text, /A client on (control-plane|worker-\d) sent a request to Service\/web/);
  const node = failed.active.find((c) => c.startsWith('traffic|'))?.split('|')[1];
  assert.ok(node, JSON.stringify(failed.active));
  assert.ok(failed.active.includes(`kube-proxy|${node}`), JSON.stringify(failed.active));
  await shot('race-failed-request-en');
  assert.ok(restore, 'kube-proxy put new rules in effect');
  assert.match(restore.text, /the new rules are in effect/);
});

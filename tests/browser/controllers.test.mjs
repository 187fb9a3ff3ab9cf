// The workload controllers in the app: the rolling-update lesson applied, then stepped until
// the Deployment controller creates its ReplicaSet and the ReplicaSet controller its pods —
// each explained by what it decided, each in its own timeline lane, in English and Korean.

import assert from 'node:assert/strict';
import { test } from './harness.mjs';
import { open, state, stepUntil, settle } from './helpers.mjs';

async function lanes(page) {
  return page.evaluate(() => [...document.querySelectorAll('.lane-label')].map((l) => l.textContent));
}

test('the rolling-update lesson: controllers explained by their decisions', async ({ page, url, shot }) => {
  await open(page, url);
  await page.locator('#scenario').selectOption('rolling-update');
  await settle(page);
  await page.locator('#apply').click();
  await settle(page);
  await page.locator('#scrub').fill('0');
  const created = await stepUntil(page, (s) => s.message === 'explain-ctl-new-replicaset', 400);
  const rs = created.at(-1);
  assert.match(rs.text, /kube-controller-manager \(deployment-controller\) found no ReplicaSet whose pod template matches Deployment web's, so it created ReplicaSet web-[a-z0-9]+\. .*revision 1 of the Deployment and starts at 4 replicas/);
  assert.ok(rs.active.some((c) => c.startsWith('kube-controller-manager')), JSON.stringify(rs.active));
  // The pipeline view names the loop inside kube-controller-manager's box.
  assert.equal(await page.evaluate(() => document.querySelector('text.loop')?.dataset.loop), 'deployment-controller');
  const pod = (await stepUntil(page, (s) => s.message === 'explain-ctl-replicaset-create-pod', 400)).at(-1);
  assert.match(pod.text, /ReplicaSet web-[a-z0-9]+ wants 4 pods matching its selector and counted fewer/);
  const names = await lanes(page);
  assert.ok(names.includes('deployment-controller') && names.includes('replicaset-controller'), JSON.stringify(names));
  await shot('controllers-replicaset-creates-pod-en');

  await open(page, url, 'lang=ko');
  await page.locator('#scenario').selectOption('rolling-update');
  await settle(page);
  await page.locator('#apply').click();
  await settle(page);
  await page.locator('#scrub').fill('0');
  const ko = (await stepUntil(page, (s) => s.message === 'explain-ctl-new-replicaset', 400)).at(-1);
  assert.match(ko.text, /디플로이먼트 web의 파드 템플릿과 일치하는 레플리카셋을 찾지 못해/);
  await shot('controllers-new-replicaset-ko');
});

// The learner's journey on the default page: apply the nginx pod, step through every
// component's reaction until it runs (checking the explanation, the acting component and the
// pod's STATUS at checkpoints), step back to an exact earlier state, use the console, switch
// language, reload, share, embed.

import assert from 'node:assert/strict';
import { test } from './harness.mjs';
import { open, state, stepUntil, consoleText, run, settle } from './helpers.mjs';

test('apply nginx and step until Running, with the right component and status at each checkpoint', async ({ page, url, shot }) => {
  // No request may leave the page's own folder (no fonts, analytics or CDNs).
  const foreign = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await open(page, url);
  assert.equal(await page.title(), 'podlife');
  assert.match(await page.locator('#manifest').inputValue(), /image: nginx:1\.27/);
  assert.match(await page.locator('#intro').textContent(), /Press Apply/);
  await shot('01-start-en');
  await page.locator('#apply').click();
  await settle(page);
  const first = await state(page);
  assert.equal(first.message, 'explain-api-read-missing', 'kubectl apply looks for the pod first');

  // The create: kubectl and kube-apiserver act, every API stage and etcd lit, the pod Pending.
  const create = (await stepUntil(page, (s) => s.message === 'explain-api-create-pod')).at(-1);
  assert.deepEqual(create.active.sort(), ['etcd|', 'kube-apiserver|', 'kubectl|']);
  assert.deepEqual(create.stages.sort(), ['admission', 'authn', 'authz', 'validation']);
  assert.equal(create.pods.nginx, 'Pending');
  assert.match(create.text, /kubectl sent POST \/api\/v1\/namespaces\/default\/pods/);
  await shot('02-create-en');

  // The scheduling cycle: the scheduler acts and the node × plugin table is shown.
  const cycle = (await stepUntil(page, (s) => s.message === 'explain-schedule-ok')).at(-1);
  assert.deepEqual(cycle.active, ['kube-scheduler|']);
  const table = await page.locator('#cycle').textContent();
  assert.match(table, /control-plane/);
  assert.match(table, /TaintToleration \(UnschedulableAndUnresolvable\)/);
  assert.match(table, /NodeResourcesFit/);
  assert.equal(await page.locator('#cycle tr.chosen').count(), 1);
  await shot('03-scheduling-en');

  // The binding: spec.nodeName appears in the changed fields.
  const bind = (await stepUntil(page, (s) => s.message === 'explain-api-binding')).at(-1);
  assert.ok(bind.active.includes('kube-scheduler|'));
  const node = (await page.locator('#changes').textContent()).match(/spec\.nodeName.*"(worker-\d)"/)?.[1];
  assert.ok(node, 'spec.nodeName → a worker');

  // The sandbox: containerd on that node acts, and the pod is ContainerCreating.
  const sandbox = (await stepUntil(page, (s) => s.message === 'explain-cri' && s.text.includes('RunPodSandbox'))).at(-1);
  assert.ok(sandbox.active.includes(`containerd|${node}`), JSON.stringify(sandbox.active));
  assert.equal(sandbox.pods.nginx, 'ContainerCreating');

  // Until Running, which only the kubelet's status PATCH makes true.
  const seen = await stepUntil(page, (s) => s.pods.nginx === 'Running');
  const running = seen.at(-1);
  assert.equal(running.message, 'explain-api-pod-status');
  assert.ok(running.active.includes(`kubelet|${node}`));
  assert.ok(seen.some((s) => s.message === 'explain-runc'), 'runc started the container before');
  assert.ok(seen.every((s, i) => i === seen.length - 1 || s.pods.nginx !== 'Running'), 'Running appears only at the status write');
  await shot('04-running-en');

  // Back: the exact earlier state (explanation, components, status) returns.
  for (let i = 0; i < seen.length; i++) await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await state(page), sandbox);
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.deepEqual(await state(page), seen[0]);

  // A step animates the stage's colours; a jump (the slider) shows the moment at once.
  assert.equal(await page.locator('svg.cluster.jump').count(), 0, 'a step is not a jump');
  // The console at the end of the timeline.
  await page.locator('#scrub').fill('100000');
  await settle(page);
  assert.equal(await page.locator('svg.cluster.jump').count(), 1, 'the slider jumps');
  const transition = await page.locator('svg.cluster .pod > rect').first().evaluate((r) => getComputedStyle(r).transitionDuration);
  assert.equal(transition, '0s', 'no colour transition after a jump');
  await run(page, 'kubectl get pods');
  await page.waitForFunction(() => document.querySelector('#console-log')?.textContent.includes('1/1     Running'));
  assert.match(await consoleText(page), /NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\nnginx\s+1\/1\s+Running\s+0\s+\d+s/);
  await page.locator('#tab-events').click();
  await settle(page);
  assert.match(await page.locator('#events-table').textContent(), /Scheduled.*Successfully assigned default\/nginx to worker-\d/);
  await page.locator('#tab-pods').click();
  await settle(page);
  assert.match(await page.locator('#pods-table').textContent(), /nginx.*1\/1.*Running/);
  assert.deepEqual(foreign, [], 'every request stays under the site\'s own path');
});

test('switching to Korean translates the page and the explanation; a reload restores the work', async ({ page, url, shot }) => {
  await open(page, url);
  await page.locator('#manifest').fill((await page.locator('#manifest').inputValue()) + '# my note\n');
  await page.locator('#apply').click();
  await settle(page);
  await stepUntil(page, (s) => s.message === 'explain-schedule-ok');
  const before = await state(page);
  await page.locator('button[lang="ko"]').click();
  await settle(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
  assert.equal((await page.locator('#apply').textContent()).trim(), '적용');
  const ko = await state(page);
  assert.equal(ko.message, 'explain-schedule-ok');
  assert.match(ko.text, /kube-scheduler가 nginx 파드의 스케줄링 사이클/);
  await shot('05-scheduling-ko');

  // Without ?lang: the saved language wins over the browser's.
  await page.goto(url);
  await page.locator('#apply').waitFor();
  // The editor shows the saved files at once, before the engine has restored the timeline.
  assert.match(await page.locator('#manifest').inputValue(), /# my note\n$/, 'the edit survived');
  const after = await state(page);
  assert.equal(after.message, before.message, 'the same step is shown');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko', 'the language survived');
  assert.match(await consoleText(page), /kubectl apply -f nginx\.yaml/);
});

test('a corrupt autosave is ignored with a notice, not a blank page', async ({ page, url }) => {
  await open(page, url);
  await page.evaluate(() => localStorage.setItem('podlife.saved', '{"v":1,"scenario":'));
  await page.reload();
  await page.locator('#apply').waitFor();
  assert.match(await page.locator('.notice').textContent(), /could not be restored/);
  assert.match(await page.locator('#manifest').inputValue(), /nginx/);
});

test('a share link carries the scenario and files', async ({ page, url }) => {
  await open(page, url);
  await page.locator('#scenario').selectOption('crash-loop-backoff');
  await settle(page);
  await page.locator('#manifest').fill((await page.locator('#manifest').inputValue()) + '# shared edit\n');
  await page.locator('#share').click();
  await settle(page);
  const link = await page.locator('#share-link').inputValue();
  assert.match(link, /#s1\./);
  const other = await page.context().newPage();
  await other.goto(link);
  await other.locator('#apply').waitFor();
  await settle(other);
  assert.equal(await other.locator('#scenario').inputValue(), 'crash-loop-backoff');
  assert.match(await other.locator('#manifest').inputValue(), /# shared edit\n$/);
  assert.match(await other.locator('.notice').textContent(), /shared link/);
  assert.doesNotMatch(other.url(), /#s1\./, 'the fragment is dropped after opening');
  await other.close();
});

test('the embed view: compact, already applied, at the requested step, with a link to the full app', async ({ page, url, shot }) => {
  await page.setViewportSize({ width: 980, height: 720 });
  await page.goto(`${url}?embed=1&scenario=crash-loop-backoff&lang=ko&step=20`);
  await page.locator('.open-full').waitFor();
  assert.equal(await page.locator('#manifest').count(), 0, 'no editor');
  assert.equal(await page.locator('#console-input').count(), 0, 'no console');
  assert.match(await page.locator('.open-full').getAttribute('href'), /scenario=crash-loop-backoff&lang=ko/);
  const s = await state(page);
  assert.ok(s.message, 'a reaction is shown');
  assert.match(s.step, /단계 중 20단계/, 'step counts the steps the timeline shows');
  await shot('06-embed-ko');
});

test('the panels stack on a narrow screen without horizontal scrolling', async ({ page, url, shot }) => {
  await open(page, url);
  await page.locator('#apply').click();
  await settle(page);
  await stepUntil(page, (s) => s.message === 'explain-schedule-ok');
  const editor = await page.locator('#manifest').boundingBox();
  const stage = await page.locator('svg.cluster').boundingBox();
  assert.ok(stage.y > editor.y + editor.height, 'the cluster is below the editor');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'no horizontal scrolling');
  await shot('07-narrow-en');
}, { viewport: { width: 390, height: 844 } });

test('a panic shows the apology and keeps the learner’s text, never a blank page', async ({ page, url, shot }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, url);
  await page.locator('#manifest').fill('apiVersion: v1\nkind: Pod\n# precious work\n');
  await page.waitForTimeout(50);
  await page.goto(`${url}?lang=ko&crash-test`);
  await page.locator('.crash').waitFor();
  assert.match(await page.locator('.crash h1').textContent(), /내부 오류/);
  assert.match(await page.locator('#crash-text').inputValue(), /# precious work/, 'the autosaved text is offered back');
  assert.match(await page.locator('.crash pre').textContent(), /crash test/);
  await shot('08-crash-ko');
  assert.ok(errors.length > 0, 'the panic was a real one');
}, { allowPageErrors: true });

test('the embed autoplays when asked, and never under reduced motion', async ({ page, url }) => {
  await page.goto(`${url}?embed=1&scenario=nginx&lang=en&autoplay=1`);
  await page.locator('.open-full').waitFor();
  const first = (await state(page)).step;
  await page.waitForFunction((s) => document.querySelector('#step-label')?.textContent !== s, first);
  assert.equal(await page.locator('#play').getAttribute('aria-pressed'), 'true');
  assert.ok(await page.locator('.packet').count() > 0, 'messages travel along the edges');

  const calm = await page.context().newPage();
  await calm.emulateMedia({ reducedMotion: 'reduce' });
  await calm.goto(`${url}?embed=1&scenario=nginx&lang=en&autoplay=1&step=3`);
  await calm.locator('.open-full').waitFor();
  await settle(calm);
  assert.equal(await calm.locator('#play').getAttribute('aria-pressed'), 'false', 'no autoplay under reduced motion');
  assert.equal(await calm.locator('.packet').count(), 0, 'no travelling dots under reduced motion');
  assert.ok(await calm.locator('.edge path').count() > 0, 'the edge itself is still drawn');
  await calm.close();
});

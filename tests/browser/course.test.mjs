// The course: the map, a lesson played in Korean (Apply, stepping, the goal checklist ticking,
// a prediction asked, answered and revealed with its evidence, hints, "next lesson"), progress
// kept across a reload, a corrupt progress record, and one lesson embedded (`?lesson=…&embed=1`).

import assert from 'node:assert/strict';
import { test } from './harness.mjs';
import { run, consoleText, settle } from './helpers.mjs';

/** Steps with → until `done()` (evaluated in the page) holds. */
async function stepUntilPage(page, done, max = 400) {
  await page.locator('body').focus();
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(done)) return;
    await page.keyboard.press('ArrowRight');
    await settle(page);
  }
  assert.fail(`not reached in ${max} steps`);
}

test('the course map opens a lesson; in Korean its goals tick, its prediction is asked and revealed, and progress survives a reload', async ({ page, url, shot }) => {
  await page.goto(`${url}?course&lang=ko`);
  await page.locator('.course-map').waitFor();
  assert.equal(await page.locator('#course-title').textContent(), '파드의 탄생과 죽음');
  assert.ok(await page.locator('.sequence').count() >= 1);
  assert.equal(await page.locator('.lesson-link.done').count(), 0);
  await shot('course-01-map-ko');

  await page.locator('.lesson-link[data-lesson="first-pod"]').click();
  await settle(page);
  await page.locator('.panel.lesson').waitFor();
  assert.match(await page.locator('#lesson-title').textContent(), /첫 번째 파드/);
  assert.equal(await page.locator('.goal').count(), 3);
  assert.equal(await page.locator('.goal.done').count(), 0);
  assert.equal(await page.locator('#next-lesson').count(), 0);

  // Hints one at a time; the last one is the solution's next command.
  await page.locator('#hint').click();
  await settle(page);
  assert.equal(await page.locator('.hint-list li').count(), 1);
  await page.locator('#hint').click();
  await settle(page);
  await page.locator('#hint').click();
  await settle(page);
  assert.match(await page.locator('.hint-list li').last().textContent(), /kubectl apply -f nginx\.yaml/);
  assert.equal(await page.locator('#hint').count(), 0, 'no more hints');

  await page.locator('#apply').click();
  await settle(page);
  await stepUntilPage(page, () => document.querySelector('.question.open') !== null);
  await shot('course-02-question-ko');
  // The prediction pauses the story until the learner chooses (or steps on).
  await page.locator('.question.open .choice[data-choice="pull-first"]').click();
  await settle(page);
  assert.equal(await page.locator('.choice[data-choice="pull-first"]').getAttribute('aria-pressed'), 'true');
  await stepUntilPage(page, () => document.querySelector('.question.revealed') !== null);
  const revealed = await page.locator('.question.revealed').textContent();
  assert.match(revealed, /클러스터는 다르게 움직였습니다/);
  assert.match(revealed, /파드 샌드박스 생성/);
  // The evidence button shows the reaction that decided it: the image pull, which began only
  // after the sandbox was there.
  await page.locator('.question.revealed .evidence').click();
  await settle(page);
  assert.match(await page.locator('#explanation').textContent(), /이미지를 레지스트리에서 받아 오기 시작했습니다/);
  await shot('course-02b-evidence-ko');
  await stepUntilPage(page, () => document.querySelectorAll('.goal.done').length === 3);
  await page.locator('#next-lesson').waitFor();
  // The console works inside a lesson as in the sandbox.
  await run(page, 'kubectl get pod nginx');
  assert.match(await consoleText(page), /nginx\s+1\/1\s+Running/);
  await shot('course-03-done-ko');

  await page.reload();
  await page.locator('.panel.lesson').waitFor();
  await page.locator('#course-map').click();
  await settle(page);
  await page.locator('.lesson-link.done[data-lesson="first-pod"]').waitFor();
  assert.match(await page.locator('.course-progress').textContent(), /1개 완료/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('podlife.progress')));
  assert.deepEqual(stored.done, ['first-pod']);
  assert.deepEqual(stored.answers['first-pod/sandbox-or-pull'], { choice: 'pull-first', right: false });

  // Next lesson from a finished one.
  await page.locator('.lesson-link[data-lesson="first-pod"]').click();
  await settle(page);
  await page.locator('.panel.lesson').waitFor();
  await page.locator('#open-sandbox').count();
}, { onDemand: true });

test('a corrupt progress record is ignored with a notice', async ({ page, url }) => {
  await page.goto(`${url}?lang=en`);
  await page.evaluate(() => localStorage.setItem('podlife.progress', '{"version":1,"done":'));
  await page.goto(`${url}?course&lang=en`);
  await page.locator('.course-map').waitFor();
  assert.match(await page.locator('.notice').textContent(), /course progress could not be read/);
  assert.equal(await page.locator('.lesson-link.done').count(), 0);
}, { onDemand: true });

test('one lesson embedded: compact, with its panel, and a link to the full app', async ({ page, url, shot }) => {
  await page.goto(`${url}?lesson=first-pod&embed=1&lang=en`);
  await page.locator('.panel.lesson').waitFor();
  assert.equal(await page.locator('.bar.compact').count(), 1);
  assert.match(await page.locator('.open-full').getAttribute('href'), /lesson=first-pod&lang=en/);
  assert.match(await page.locator('#lesson-title').textContent(), /Your first pod/);
  await page.locator('#apply').click();
  await settle(page);
  await shot('course-04-embed-en');
}, { viewport: { width: 900, height: 900 }, onDemand: true });

for (const width of [900, 360]) {
  test(`the stage fits a ${width} px page: every node and component drawn, no scroll bar`, async ({ page, url, shot }) => {
    await page.goto(`${url}?lang=en`);
    await page.locator('#apply').click();
    await settle(page);
    await stepUntilPage(page, () => document.querySelector('svg.cluster g.pod[data-pod="nginx"]') !== null);
    const fits = await page.evaluate(() => {
      const wrap = document.querySelector('.stage-wrap');
      const svg = document.querySelector('svg.cluster').getBoundingClientRect();
      const inside = [...document.querySelectorAll('svg.cluster g.node, svg.cluster g.comp')].every((g) => {
        const r = g.getBoundingClientRect();
        return r.left >= svg.left - 1 && r.right <= svg.right + 1 && r.width > 0;
      });
      return { scroll: wrap.scrollWidth - wrap.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth, inside, nodes: document.querySelectorAll('svg.cluster g.node').length };
    });
    assert.equal(fits.scroll, 0, 'the stage does not scroll sideways');
    assert.ok(fits.page <= 0, 'the page does not scroll sideways');
    assert.ok(fits.inside, 'every node and component is inside the drawing');
    assert.equal(fits.nodes, 3);
    // Text stays readable: the node names are drawn at 9 px or more.
    const fontPx = await page.evaluate(() => {
      const t = document.querySelector('svg.cluster .node-name');
      const svg = document.querySelector('svg.cluster');
      return 13 * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    });
    assert.ok(fontPx >= 9, `node names at ${fontPx.toFixed(1)} px`);
    await page.locator('svg.cluster g.pod[data-pod="nginx"]').first().click();
    await settle(page);
    await page.locator('.panel.inspector').waitFor();
    await shot(`stage-${width}`);
  }, { viewport: { width, height: 900 } });
}

test('the pod inspector shows phase, STATUS, conditions and containers side by side, by click or keyboard', async ({ page, url, shot }) => {
  await page.goto(`${url}?lang=en`);
  await page.locator('#apply').click();
  await settle(page);
  // Step until nginx runs, then open the inspector from the picker (the keyboard's way).
  await page.locator('body').focus();
  await stepUntilPage(page, () => document.querySelector('svg.cluster g.pod[data-pod="nginx"]')?.dataset.status === 'Running');
  await page.locator('#inspect-pod').selectOption('default/nginx');
  await settle(page);
  await page.locator('.panel.inspector').waitFor();
  assert.equal(await page.locator('#inspect-phase .fact-value').textContent(), 'Running');
  assert.equal(await page.locator('#inspect-status .fact-value').textContent(), 'Running');
  assert.equal(await page.locator('#inspect-ready .fact-value').textContent(), '1/1');
  assert.match(await page.locator('.facts-table tr[data-condition="Ready"]').textContent(), /True/);
  assert.match(await page.locator('.facts-table tr[data-container="nginx"]').textContent(), /running/);
  // The step that made it Running highlights what changed.
  assert.ok(await page.locator('.fact.changed, .facts-table tr.changed').count() >= 1);
  await shot('inspector-en');
  // Enter on a focused pod card opens it too; Close closes.
  await page.locator('#inspector-close').click();
  await settle(page);
  assert.equal(await page.locator('.panel.inspector').count(), 0);
  await page.locator('svg.cluster g.pod[data-pod="nginx"]').first().focus();
  await page.keyboard.press('Enter');
  await settle(page);
  await page.locator('.panel.inspector').waitFor();
});

test('the course is not part of the first load: course.json is fetched when the course is opened', async ({ page, url }) => {
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(`${url}?lang=en`);
  await page.locator('#apply').waitFor();
  assert.equal(fetched.filter((p) => p.endsWith('/course.json')).length, 0, 'not fetched on load');
  await page.locator('#course').click();
  await settle(page);
  await page.locator('.lesson-link[data-lesson="first-pod"]').waitFor();
  assert.equal(fetched.filter((p) => p.endsWith('/course.json')).length, 1, 'fetched once, when opened');
  await page.locator('.lesson-link[data-lesson="crash-loop-curve"]').click();
  await page.locator('.panel.lesson[data-lesson="crash-loop-curve"]').waitFor();
  assert.equal(fetched.filter((p) => p.endsWith('/course.json')).length, 1, 'not fetched again');
}, { onDemand: true });

test('the lesson builder turns a sandbox session into a lesson link that opens as a lesson', async ({ page, url, shot }) => {
  await page.goto(`${url}?lang=en`);
  await page.locator('#apply').click();
  await settle(page);
  await stepUntilPage(page, () => document.querySelector('svg.cluster g.pod[data-pod="nginx"]')?.dataset.status === 'Running');
  await page.locator('#make-lesson').click();
  await settle(page);
  await page.locator('.panel.builder').waitFor();
  // Nothing picked: the builder says what is missing instead of making a link.
  await page.locator('#builder-create').click();
  await settle(page);
  assert.match(await page.locator('.builder-problems').textContent(), /title/);
  await page.locator('#builder-title').fill('Run nginx');
  await page.locator('#builder-intro').fill('Apply the pod and watch it start.');
  await page.locator('input[data-goal="nginx-phase-running"]').check();
  await settle(page);
  await page.locator('#builder-create').click();
  await settle(page);
  await page.locator('#builder-link').waitFor();
  const link = await page.locator('#builder-link').inputValue();
  assert.match(link, /#s1\./);
  await shot('builder-en');

  const learner = await page.context().newPage();
  await learner.goto(link);
  await learner.locator('.panel.lesson').waitFor();
  assert.match(await learner.locator('#lesson-title').textContent(), /Made here › Run nginx/);
  assert.equal(await learner.locator('.goal.done').count(), 0);
  assert.match(await learner.locator('.goal').textContent(), /Pod nginx has phase Running/);
  await learner.locator('#apply').click();
  await settle(learner);
  await stepUntilPage(learner, () => document.querySelectorAll('.goal.done').length === 1);
  await learner.close();
}, { onDemand: true });

test('a first visit offers the course or the sandbox, once', async ({ page, url, shot }) => {
  await page.goto(`${url}?lang=ko`);
  await page.locator('.welcome').waitFor();
  assert.match(await page.locator('#welcome-title').textContent(), /환영합니다/);
  await shot('welcome-ko');
  await page.locator('#welcome-course').click();
  await settle(page);
  await page.locator('.lesson-link[data-lesson="first-pod"]').waitFor();
  assert.equal(await page.locator('.welcome').count(), 0);
  await page.goto(`${url}?lang=ko`);
  await page.locator('#apply').waitFor();
  assert.equal(await page.locator('.welcome').count(), 0, 'not offered again');
}, { onDemand: true });

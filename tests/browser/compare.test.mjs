// The compare view (issue 21): a built-in comparison (both timelines on one clock, the
// reactions only one run has marked and listed, the outcome table), "compare with a variant"
// of a sandbox story (edit B, the diff, Apply both), its share link (full and embedded), a
// reload, a narrow screen and Korean; a lesson's own built-in comparison, opened from its panel.

import assert from 'node:assert/strict';
import path from 'node:path';
import { test, repoRoot } from './harness.mjs';
import { open, settle } from './helpers.mjs';

/** Opens the chooser and a built-in comparison; waits until its view is drawn. */
async function openBuiltin(page, id) {
  await page.locator('#compare-open').click();
  await page.locator('#compare-chooser').waitFor();
  await page.locator(`#compare-builtin-${id}`).click();
  await page.locator('#compare-outcomes-label').waitFor({ timeout: 45_000 });
  await settle(page);
}

async function at(page) {
  await settle(page);
  return (await page.locator('#compare-at').textContent()).trim();
}

test('a built-in comparison: one clock for both lanes, only-here marks and list, the outcome table', async ({ page, url, shot }) => {
  await open(page, url);
  await openBuiltin(page, 'pid1-form');
  assert.match(await page.locator('#compare-title').textContent(), /shell-form or exec-form PID 1/);
  assert.match(await page.locator('.compare-legend-ab').textContent(), /shell form: sh -c \/app.*exec form: \/app/);
  assert.match(await page.locator('.compare-expect').textContent(), /SIGKILL \(137\)/);

  // Both lanes on one axis: ticks on both, the only-here marks each with a label.
  assert.ok(await page.locator('#compare-lanes path.tick').count() >= 2, 'ticks on both lanes');
  const marks = page.locator('#compare-lanes .only-mark[aria-label]');
  assert.ok(await marks.count() >= 1, 'reactions only one run has are marked');
  const label = await marks.first().getAttribute('aria-label');
  assert.match(label, /^Only in [AB]: \d+\.\d s — /, label);
  assert.equal(await marks.first().getAttribute('role'), 'img');

  // The outcome table: a differing row, marked by more than colour.
  const rows = page.locator('#compare-outcomes tbody tr');
  assert.ok(await rows.count() >= 1);
  const differing = page.locator('#compare-outcomes tr.differs');
  assert.ok(await differing.count() >= 1, 'a row differs');
  assert.match(await differing.first().locator('.differs-mark').textContent(), /≠differs/);
  const table = await page.locator('#compare-outcomes').textContent();
  assert.match(table, /app: 137 \(Error\)/, 'exits as container: code (reason)');
  assert.match(table, /delete to gone/);
  assert.match(table, /\d+\.\d s/, 'durations in seconds to a tenth');

  // The list of reactions only one run has; clicking one shows it on its side.
  const items = page.locator('#compare-only .only-item');
  assert.ok(await items.count() >= 1);
  assert.match(await items.first().textContent(), /^[AB]\d+\.\d s/);
  const kill = page.locator('#compare-only .only-item', { hasText: 'SIGKILL' });
  assert.ok(await kill.count() >= 1, 'the SIGKILL only A has is listed');
  await kill.first().click();
  await settle(page);
  assert.equal(await kill.first().getAttribute('aria-current'), 'step');
  assert.match(await page.locator('#explanation-a').textContent(), /SIGKILL|kill/i);
  await shot('compare-01-builtin-en');

  // Stepping: both sides move in time order (keys and buttons).
  const before = await at(page);
  await page.locator('body').focus();
  await page.keyboard.press('ArrowLeft');
  const back = await at(page);
  assert.notEqual(back, before, 'a step back moves the cursor');
  await page.locator('#compare-step-forward').click();
  assert.equal(await at(page), before, 'and a step forward returns');

  // Scrubbing to a time: both sides at their last reaction at or before it.
  await page.locator('#compare-scrub').fill('0');
  assert.match(await at(page), /^0\.000 s · A: \d+ of \d+ · B: \d+ of \d+$/);
  // A click on the lanes jumps to the moment under the pointer.
  const box = await page.locator('#compare-lanes').boundingBox();
  await page.mouse.click(box.x + box.width * 0.6, box.y + 20);
  assert.doesNotMatch(await at(page), /^0\.000 s/);

  // One console line runs on both sides.
  await page.locator('#compare-console-input').fill('kubectl get pods');
  await page.locator('#compare-console-input').press('Enter');
  await settle(page);
  for (const side of ['a', 'b']) {
    assert.match(await page.locator(`#compare-console-${side}`).textContent(), /\$ kubectl get pods/);
  }

  // Close: back to the sandbox.
  await page.locator('#compare-close').click();
  await settle(page);
  assert.equal(await page.locator('#compare').count(), 0);
  await page.locator('#manifest').waitFor();
}, { onDemand: true });

test('compare with a variant: edit B, see the diff, apply both, share (full and embedded)', async ({ page, url, shot }) => {
  await open(page, url);
  await page.locator('#compare-open').click();
  await page.locator('#compare-variant').click();
  await page.locator('#compare-text-b').waitFor();
  await settle(page);
  const a = await page.locator('#compare-text-a').inputValue();
  assert.match(a, /image: nginx:1\.27/, 'A holds the editor\'s files');
  assert.equal(await page.locator('#compare-text-b').inputValue(), a, 'B starts as a copy');
  await page.locator('#compare-diff-same').waitFor();

  await page.locator('#compare-text-b').fill(a.replace('image: nginx:1.27', 'image: nginx:1.26'));
  await settle(page);
  const diff = page.locator('#compare-diff');
  await diff.locator('del', { hasText: 'nginx:1.27' }).waitFor();
  assert.match(await diff.locator('ins').first().textContent(), /^\+ .*image: nginx:1\.26/);
  assert.match(await diff.locator('del').first().textContent(), /^- .*image: nginx:1\.27/);

  await page.locator('#compare-apply').click();
  await settle(page);
  for (const side of ['a', 'b']) {
    assert.match(await page.locator(`#compare-console-${side}`).textContent(), /kubectl apply -f nginx\.yaml/);
  }
  assert.ok(await page.locator('#compare-lanes path.tick').count() >= 2, 'both sides ran');
  assert.ok(await page.locator('#compare-outcomes tbody tr').count() >= 1, 'outcomes to compare');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  await shot('compare-02-variant-en');

  // Share the comparison: the link opens it, and embedded too.
  await page.locator('#compare-share').click();
  await settle(page);
  const link = await page.locator('#share-link').inputValue();
  assert.match(link, /#s2\./);
  const other = await page.context().newPage();
  await other.goto(link);
  await other.locator('#compare-outcomes-label').waitFor({ timeout: 45_000 });
  await settle(other);
  assert.match(await other.locator('#compare-text-b').inputValue(), /nginx:1\.26/);
  assert.match(await other.locator('#compare-console-a').textContent(), /kubectl apply -f nginx\.yaml/);
  assert.doesNotMatch(other.url(), /#s2\./, 'the fragment is dropped after opening');
  await other.close();

  const embed = await page.context().newPage();
  await embed.setViewportSize({ width: 980, height: 900 });
  await embed.goto(link.replace('?lang=en', '?embed=1&lang=ko'));
  await embed.locator('#compare-outcomes-label').waitFor({ timeout: 45_000 });
  await settle(embed);
  assert.equal(await embed.locator('#compare-text-b').count(), 0, 'no editors embedded');
  assert.equal(await embed.locator('#compare-console-input').count(), 0, 'no console embedded');
  assert.equal(await embed.locator('#compare-close').count(), 0, 'no sandbox chrome');
  assert.match(await embed.locator('.open-full').getAttribute('href'), /lang=ko#s2\./);
  assert.equal((await embed.locator('#compare-outcomes-label').textContent()).trim(), '결과');
  assert.equal((await embed.locator('#compare-title').textContent()).trim(), '두 버전 나란히 보기');
  assert.ok(await embed.locator('#compare-lanes path.tick').count() >= 2);
  await embed.screenshot({ path: 'target/screenshots/compare-05-embed-ko.png', fullPage: true });
  await embed.close();

  // Close returns to the sandbox with its own files.
  await page.locator('#compare-close').click();
  await settle(page);
  assert.match(await page.locator('#manifest').inputValue(), /nginx:1\.27/);
}, { onDemand: true });

test('an open comparison survives a reload; closing it forgets it', async ({ page, url }) => {
  await open(page, url);
  await openBuiltin(page, 'pid1-form');
  await page.waitForFunction(() => (localStorage.getItem('podlife.compare') ?? '').startsWith('s2.'), null, { timeout: 10_000 });
  await page.reload();
  await page.locator('#compare-outcomes-label').waitFor({ timeout: 45_000 });
  await settle(page);
  assert.match(await page.locator('#compare-title').textContent(), /PID 1/);
  await page.locator('#compare-close').click();
  await settle(page);
  assert.equal(await page.evaluate(() => localStorage.getItem('podlife.compare')), null);
  await page.reload();
  await page.locator('#manifest').waitFor();
  await settle(page);
  assert.equal(await page.locator('#compare').count(), 0);
}, { onDemand: true });

test('a narrow screen stacks the columns; Korean words throughout', async ({ page, url, shot }) => {
  await open(page, url, 'lang=ko');
  await openBuiltin(page, 'pid1-form');
  assert.equal((await page.locator('#compare-apply').textContent()).trim(), '둘 다 적용');
  assert.match(await page.locator('#compare-outcomes thead').textContent(), /대상.*측정 항목/);
  assert.match(await page.locator('#compare-outcomes').textContent(), /삭제부터 사라질 때까지/);
  assert.match(await page.locator('#compare-lanes .only-mark[aria-label]').first().getAttribute('aria-label'), /^[AB]에만 있음: /);
  const sideA = await page.locator('#compare-side-a').boundingBox();
  const sideB = await page.locator('#compare-side-b').boundingBox();
  assert.ok(sideB.y >= sideA.y + sideA.height, 'B is below A');
  assert.ok(Math.abs(sideB.x - sideA.x) < 2, 'in one column');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'no horizontal scrolling of the page');
  await shot('compare-03-narrow-ko');
  await page.locator('button[lang="en"]').click();
  await settle(page);
  assert.equal((await page.locator('#compare-apply').textContent()).trim(), 'Apply both');
  await shot('compare-04-narrow-en');
  // Wide again: two columns side by side.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('button[lang="ko"]').click();
  await settle(page);
  const a = await page.locator('#compare-side-a').boundingBox();
  const b = await page.locator('#compare-side-b').boundingBox();
  assert.ok(b.x > a.x + a.width - 1 && Math.abs(a.y - b.y) < 2, 'side by side');
  await shot('compare-06-builtin-ko');
}, { viewport: { width: 390, height: 844 }, onDemand: true });

test('in a lesson: compare its files with a variant, then back to the lesson as it was', async ({ page, url }) => {
  await page.goto(`${url}?lesson=first-pod&lang=en`);
  await page.locator('.panel.lesson').waitFor();
  await settle(page);
  assert.equal(await page.locator('#lesson-compare').count(), 0, 'a lesson without a built-in comparison offers none');
  const files = await page.locator('#manifest').inputValue();
  await page.locator('#compare-open').click();
  await page.locator('#compare-variant').focus();
  await page.keyboard.press('Enter');
  await page.locator('#compare-text-a').waitFor();
  await settle(page);
  assert.equal(await page.locator('#compare-text-a').inputValue(), files, 'A holds the lesson\'s files');
  assert.equal(await page.locator('#compare-text-b').inputValue(), files, 'B a copy');
  assert.equal(await page.locator('.panel.lesson').count(), 0, 'the comparison replaces the workspace');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'compare-title', 'the focus moves to the comparison');
  await page.locator('#compare-close').focus();
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'compare-open', 'and back to the button that opens it');
  await page.locator('.panel.lesson').waitFor();
  assert.equal(await page.locator('#manifest').inputValue(), files);
}, { onDemand: true });

test('a lesson opens its built-in comparison from its panel (keyboard), and Close returns to the lesson', async ({ page, url, shot }) => {
  await page.goto(`${url}?lesson=pid1-shell-form&lang=en`);
  await page.locator('.panel.lesson[data-lesson="pid1-shell-form"]').waitFor();
  await settle(page);
  const files = await page.locator('#manifest').inputValue();
  const button = page.locator('.panel.lesson #lesson-compare');
  assert.equal((await button.textContent()).trim(), 'ABSee it side by side: Graceful termination: shell-form or exec-form PID 1');
  assert.match(await page.locator('#lesson-compare-text').textContent(), /"delete to gone" is the whole 30 s grace\s+period in A/);
  assert.equal(await button.getAttribute('aria-describedby'), 'lesson-compare-text');
  await page.locator('.panel.lesson').screenshot({ path: path.join(repoRoot, 'target', 'screenshots', 'compare-07-lesson-button-en.png') });
  await shot('compare-07-lesson-en');

  await button.focus();
  await page.keyboard.press('Enter');
  await page.locator('#compare-outcomes-label').waitFor({ timeout: 45_000 });
  await settle(page);
  assert.match(await page.locator('#compare-title').textContent(), /shell-form or exec-form PID 1/, 'the built-in comparison, as the chooser opens it');
  assert.match(await page.locator('.compare-legend-ab').textContent(), /shell form: sh -c \/app.*exec form: \/app/);
  assert.match(await page.locator('#compare-outcomes').textContent(), /app: 137 \(Error\)/);
  assert.equal(await page.locator('.panel.lesson').count(), 0, 'the comparison replaces the workspace');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'compare-title', 'the focus moves to the comparison');

  await page.locator('#compare-close').focus();
  await page.keyboard.press('Enter');
  await settle(page);
  await page.locator('.panel.lesson[data-lesson="pid1-shell-form"]').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'lesson-compare', 'the focus goes back to the lesson\'s button');
  assert.equal(await page.locator('#compare').count(), 0);
  assert.equal(await page.locator('#manifest').inputValue(), files, 'the lesson as it was');

  // In Korean.
  await page.locator('button[lang="ko"]').click();
  await settle(page);
  assert.equal((await button.textContent()).trim(), 'AB두 버전 나란히 보기: 정상 종료: 셸 형식과 exec 형식의 PID 1');
  assert.match(await page.locator('#lesson-compare-text').textContent(), /삭제부터 사라질 때까지/);
  await page.locator('.panel.lesson').screenshot({ path: path.join(repoRoot, 'target', 'screenshots', 'compare-08-lesson-button-ko.png') });
  await shot('compare-08-lesson-ko');
}, { onDemand: true });

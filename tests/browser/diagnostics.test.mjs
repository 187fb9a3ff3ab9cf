// Mistakes in the manifest: underlined at their line while typing, listed with kubectl's own
// words, the caret moved there on click; Apply prints the same words in the console. The
// learner's text is always kept.

import assert from 'node:assert/strict';
import { test } from './harness.mjs';
import { open, setText, consoleText, settle } from './helpers.mjs';

const MISSING_IMAGE = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
`;

const BAD_YAML = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx:1.27
   ports: [
`;

test('a YAML error is underlined at its line while typing, then cleared when fixed', async ({ page, url, shot }) => {
  await open(page, url);
  await setText(page, BAD_YAML);
  const item = page.locator('#diagnostics li').first();
  await item.waitFor();
  assert.match(await item.textContent(), /line \d+, column \d+: error: error parsing nginx\.yaml: error converting YAML to JSON: yaml: line \d+/);
  const badLines = await page.locator('.gutter .num.bad').allTextContents();
  assert.equal(badLines.length, 1);
  assert.ok(Number(badLines[0]) >= 8, `the problem is near the end, not at line ${badLines[0]}`);
  assert.equal(await page.locator('#manifest').getAttribute('aria-invalid'), 'true');
  assert.ok(await page.locator('.hl .diag').count() > 0, 'the text is underlined');
  await shot('editor-diagnostic-en');
  await setText(page, BAD_YAML.replace('   ports: [\n', ''));
  await page.waitForFunction(() => document.querySelectorAll('#diagnostics li').length === 0);
  assert.equal(await page.locator('#manifest').getAttribute('aria-invalid'), 'false');
});

test('a missing image is reported as the API server words it, at its line; clicking moves the caret', async ({ page, url }) => {
  await open(page, url);
  await setText(page, MISSING_IMAGE);
  await page.locator('#apply').click();
  await settle(page);
  await page.waitForFunction(() => (document.querySelector('#console-log')?.textContent ?? '').includes('Required value'));
  assert.match(await consoleText(page), /The Pod "web" is invalid: spec\.containers\[0\]\.image: Required value/);
  assert.match(await page.locator('#diagnostics').textContent(), /line 7, column 5: .*spec\.containers\[0\]\.image: Required value/);
  assert.equal(await page.locator('#manifest').inputValue(), MISSING_IMAGE, 'the text is kept');
  await page.locator('#diagnostics button').first().click();
  await settle(page);
  const caret = await page.locator('#manifest').evaluate((el) => el.selectionStart);
  const lineStart = MISSING_IMAGE.split('\n').slice(0, 6).join('\n').length + 1;
  assert.equal(caret, lineStart + 4, 'the cursor is at line 7, column 5');
});

test('unknown fields and kinds come out as kubectl prints them', async ({ page, url }) => {
  await open(page, url);
  await setText(page, MISSING_IMAGE.replace('  - name: web\n', '  - name: web\n    imagee: nginx\n'));
  await page.locator('#apply').click();
  await settle(page);
  await page.waitForFunction(() => (document.querySelector('#console-log')?.textContent ?? '').includes('strict decoding'));
  assert.match(
    await consoleText(page),
    /Error from server \(BadRequest\): error when creating "nginx\.yaml": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec\.containers\[0\]\.imagee"/,
  );
  assert.match(await page.locator('#diagnostics').textContent(), /line 8, column 5/);
  await setText(page, 'apiVersion: v1\nkind: Pdo\nmetadata:\n  name: web\n');
  await page.locator('#apply').click();
  await settle(page);
  await page.waitForFunction(() => (document.querySelector('#console-log')?.textContent ?? '').includes('Pdo'));
  assert.match(
    await consoleText(page),
    /error: resource mapping not found for name: "web" namespace: "" from "nginx\.yaml": no matches for kind "Pdo" in version "v1"/,
  );
});

test('Tab indents in the editor; Escape then Tab leaves it', async ({ page, url }) => {
  await open(page, url);
  const editor = page.locator('#manifest');
  await editor.focus();
  await page.keyboard.press('Control+Home');
  await settle(page);
  await page.keyboard.press('Tab');
  await settle(page);
  assert.match(await editor.inputValue(), /^ {2}apiVersion/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'manifest');
  await page.keyboard.press('Escape');
  await settle(page);
  await page.keyboard.press('Tab');
  await settle(page);
  assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'manifest', 'focus left the editor');
});

test('a tab can be renamed, and Apply reads it under its new name', async ({ page, url }) => {
  await open(page, url);
  await page.locator('.tab.on .tab-close').first().click();
  await settle(page);
  const field = page.locator('.tab-rename');
  await field.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'tab-rename', 'the name field has the focus');
  await field.fill('my pod.yaml');
  await field.press('Enter');
  assert.match(await page.locator('.notice').textContent(), /cannot be a file name/);
  await page.locator('.tab.on .tab-close').first().click();
  await settle(page);
  await page.locator('.tab-rename').fill('web-pod.yaml');
  await page.locator('.tab-rename').press('Enter');
  await settle(page);
  assert.equal((await page.locator('.tab.on button').first().textContent()).trim(), 'web-pod.yaml');
  await page.locator('#apply').click();
  await settle(page);
  await page.waitForFunction(() => document.querySelector('#console-log')?.textContent.includes('kubectl apply -f web-pod.yaml'));
  assert.match(await consoleText(page), /pod\/nginx created/);
});

test('a long pasted manifest: only the lines in view are drawn, aligned with the text, problems found far down', async ({ page, url, shot }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, url);
  const docs = [];
  for (let i = 0; i < 100; i++) {
    docs.push(`apiVersion: v1\nkind: Pod\nmetadata:\n  name: web-${i}  # 파드 ${i}\nspec:\n  containers:\n  - name: web\n    image: nginx:1.27\n    resources:\n      requests: {cpu: 10m, memory: 16Mi}\n`);
  }
  // A mistake in the 91st document: its image line loses its indentation.
  docs[90] = docs[90].replace('    image: nginx:1.27', '   image: nginx:1.27');
  const text = docs.join('---\n');
  const badLine = text.split('\n').findIndex((l) => l === '   image: nginx:1.27') + 1;
  // A paste, as a learner makes it: one input event for the whole text.
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator('#manifest').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await settle(page);
  assert.equal(await page.locator('#manifest').inputValue(), text);
  const drawn = await page.locator('.hl .line').count();
  assert.ok(drawn > 0 && drawn <= 120, `${drawn} of ${text.split('\n').length} lines drawn`);
  assert.ok(await page.locator('.gutter .num').count() <= 120);

  // The problem is listed at once; scrolled to, its line is marked and underlined.
  const item = page.locator('#diagnostics li').first();
  await item.waitFor();
  assert.match(await item.textContent(), new RegExp(`line ${badLine}, column \\d+`));
  assert.equal(await page.locator('.gutter .num.bad').count(), 0, 'not drawn while far away');
  await page.locator('#diagnostics button').first().click();
  await page.waitForFunction((n) => [...document.querySelectorAll('.gutter .num.bad')].some((e) => e.textContent === String(n)), badLine);
  assert.ok(await page.locator('.hl .diag').count() > 0, 'the text is underlined');

  // Wherever the textarea is scrolled, the drawn copy and the numbers show the same lines.
  for (const line of [600, 37, text.split('\n').length - 5]) {
    await page.locator('#manifest').evaluate((el, top) => { el.scrollTop = top; el.dispatchEvent(new Event('scroll')); }, (line - 1) * 21);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const seen = await page.evaluate(() => {
      const area = document.querySelector('#manifest');
      const top = area.getBoundingClientRect().top + 10 + 4;
      const at = (sel) => [...document.querySelectorAll(sel)].find((e) => { const r = e.getBoundingClientRect(); return r.top <= top && r.bottom > top; });
      return { copy: at('.hl .line')?.textContent.replace(/\n$/, ''), number: at('.gutter .num')?.textContent, scroll: [area.scrollTop, document.querySelector('.hl').scrollTop, document.querySelector('.gutter').scrollTop] };
    });
    const first = Math.round(seen.scroll[0] / 21) + 1;
    assert.equal(seen.scroll[1], seen.scroll[0], 'the copy scrolls with the text');
    assert.equal(seen.scroll[2], seen.scroll[0], 'the numbers scroll with the text');
    assert.equal(seen.number, String(first), `line ${line}`);
    assert.equal(seen.copy, text.split('\n')[first - 1], `line ${line}`);
  }
  await shot('editor-long-paste');
});

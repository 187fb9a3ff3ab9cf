// Mistakes in the manifest: kubectl's own words in the output, and each problem listed with
// its line and column; clicking one puts the cursor there. The text the learner typed stays.

import assert from 'node:assert/strict';
import { test } from './harness.mjs';

async function applyManifest(page, text) {
  await page.locator('#apply').waitFor({ state: 'visible' });
  await page.locator('#manifest').fill(text);
  await page.locator('#apply').click();
  await page.waitForFunction(() => (document.querySelector('#output')?.textContent ?? '').trim().length > 0);
}

const MISSING_IMAGE = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
`;

test('a missing image is reported as the API server words it, at its line', async ({ page, url, shot }) => {
  await page.goto(url);
  await applyManifest(page, MISSING_IMAGE);
  const output = await page.locator('#output').textContent();
  assert.match(output, /The Pod "web" is invalid: spec\.containers\[0\]\.image: Required value/);
  const problems = await page.locator('#diagnostics').textContent();
  assert.match(problems, /line 7, column 5: spec\.containers\[0\]\.image: Required value/);
  assert.equal(await page.locator('#manifest').inputValue(), MISSING_IMAGE, 'the text is kept');
  assert.equal(await page.locator('#manifest').getAttribute('aria-invalid'), 'true');
  await page.locator('#diagnostics button').first().click();
  const caret = await page.locator('#manifest').evaluate((el) => el.selectionStart);
  const lineStart = MISSING_IMAGE.split('\n').slice(0, 6).join('\n').length + 1;
  assert.equal(caret, lineStart + 4, 'the cursor is at line 7, column 5');
  await shot('diagnostics');
});

test('unknown fields and kinds come out as kubectl prints them', async ({ page, url }) => {
  await page.goto(url);
  await applyManifest(page, MISSING_IMAGE.replace('  - name: web\n', '  - name: web\n    imagee: nginx\n'));
  assert.match(
    await page.locator('#output').textContent(),
    /Error from server \(BadRequest\): error when creating "STDIN": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec\.containers\[0\]\.imagee"/,
  );
  assert.match(await page.locator('#diagnostics').textContent(), /line 8, column 5/);
  await applyManifest(page, 'apiVersion: v1\nkind: Pdo\nmetadata:\n  name: web\n');
  assert.match(
    await page.locator('#output').textContent(),
    /error: resource mapping not found for name: "web" namespace: "" from "STDIN": no matches for kind "Pdo" in version "v1"/,
  );
});

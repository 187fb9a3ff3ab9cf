// The first page: the default Pod manifest applies and the three panes fill in.

import assert from 'node:assert/strict';
import { test } from './harness.mjs';

/** Waits until the element's text is not blank. */
async function waitForText(page, selector) {
  await page.waitForFunction(
    (sel) => (document.querySelector(sel)?.textContent ?? '').trim().length > 0,
    selector,
  );
  return page.locator(selector).textContent();
}

test('apply the default manifest', async ({ page, url, shot }) => {
  await page.goto(url);
  await page.locator('#apply').waitFor({ state: 'visible' });
  assert.equal(await page.title(), 'podlife');
  assert.match(await page.locator('h1').textContent(), /podlife/);

  const manifest = await page.locator('#manifest').inputValue();
  assert.match(manifest, /^apiVersion: v1\nkind: Pod\n/);
  assert.match(manifest, /image: nginx:1\.27/);
  assert.equal((await page.locator('#output').textContent()).trim(), '', '#output starts empty');

  await page.locator('#apply').click();
  const output = await waitForText(page, '#output');
  assert.ok(output.trim().length > 0);

  for (const id of ['#output', '#trace', '#pods', '#diagnostics']) {
    assert.equal(await page.locator(id).count(), 1, `${id} is on the page`);
  }
  await page.locator('#pods').waitFor({ state: 'visible' });
  await page.locator('#trace').waitFor({ state: 'visible' });
  // The editor keeps the user's text after Apply.
  assert.equal(await page.locator('#manifest').inputValue(), manifest);
  await shot('apply');
});

test('Ctrl+Enter in the editor applies, and edits are kept', async ({ page, url }) => {
  await page.goto(url);
  await page.locator('#apply').waitFor({ state: 'visible' });
  const editor = page.locator('#manifest');
  await editor.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('# edited\n');
  await page.keyboard.press('Control+Enter');
  await waitForText(page, '#output');
  assert.match(await editor.inputValue(), /# edited\n$/);
});

test('the panes stack in one column on a narrow screen', async ({ page, url, shot }) => {
  await page.goto(url);
  await page.locator('#apply').waitFor({ state: 'visible' });
  const editor = await page.locator('#manifest').boundingBox();
  const output = await page.locator('#output').boundingBox();
  assert.ok(editor && output);
  assert.ok(output.y > editor.y + editor.height, 'output is below the editor');
  await page.locator('#apply').click();
  await waitForText(page, '#output');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'no horizontal scrolling');
  await shot('narrow');
}, { viewport: { width: 390, height: 844 } });

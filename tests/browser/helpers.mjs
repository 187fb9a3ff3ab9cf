// Shared steps of the browser tests.

import assert from 'node:assert/strict';

/**
 * Waits until the engine worker has answered everything the page asked (the app's root says
 * `data-idle="true"`): the page draws what the worker sends, a round trip after each action.
 */
export async function settle(page) {
  await page.waitForFunction(() => document.querySelector('.app')?.dataset.idle === 'true', null, { timeout: 30_000 });
}

/** Opens the app (with query `q`) and waits until it is interactive and the engine has answered. */
export async function open(page, url, q = 'lang=en') {
  await page.goto(`${url}?${q}`);
  await page.locator('#apply').waitFor({ state: 'visible' });
  await settle(page);
}

/** Replaces the active file's text, as typing would (the app sees input events). */
export async function setText(page, text) {
  const editor = page.locator('#manifest');
  await editor.fill(text);
}

/** What the page shows now: position, explanation id and text, active components, pod statuses. */
export async function state(page) {
  await settle(page);
  return page.evaluate(() => {
    const explanation = document.querySelector('#explanation');
    return {
      step: document.querySelector('#step-label')?.textContent ?? '',
      message: explanation?.dataset.message ?? null,
      text: explanation?.textContent ?? '',
      active: [...document.querySelectorAll('.comp.active')].map((g) => g.dataset.component),
      pods: Object.fromEntries([...document.querySelectorAll('g.pod')].map((g) => [g.dataset.pod, g.dataset.status])),
      stages: [...document.querySelectorAll('.pill.lit')].map((g) => g.dataset.stage),
    };
  });
}

/** Steps forward with → until `done(state)` holds; returns every state seen. */
export async function stepUntil(page, done, max = 200) {
  const seen = [];
  await page.locator('body').focus();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('ArrowRight');
    const s = await state(page);
    seen.push(s);
    if (done(s)) return seen;
  }
  assert.fail(`condition not reached in ${max} steps; last: ${JSON.stringify(seen.at(-1))}`);
}

/** The console's text. */
export async function consoleText(page) {
  return page.locator('#console-log').textContent();
}

/** Runs a command in the console. */
export async function run(page, line) {
  await page.locator('#tab-console').click();
  const input = page.locator('#console-input');
  await input.fill(line);
  await input.press('Enter');
  await settle(page);
}

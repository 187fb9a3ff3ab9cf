import { chromium } from 'playwright-core';
import { serveStatic } from '/work/main/tests/browser/harness.mjs';
const site = await serveStatic('/work/main/dist');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
await page.addInitScript(`window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });`);
await page.goto(`${site.url}?lang=en&scenario=nginx`);
await page.waitForFunction(() => document.querySelector('.app')?.dataset.idle === 'true');
const BIG = `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: many\nspec:\n  replicas: 400\n  selector:\n    matchLabels: {app: many}\n  template:\n    metadata:\n      labels: {app: many}\n    spec:\n      containers:\n      - name: app\n        image: nginx:1.27\n        resources:\n          requests: {cpu: 1m, memory: 4Mi}\n`;
await page.locator('#manifest').fill(BIG);
console.log('long before apply', await page.evaluate(() => window.__long));
const t0 = await page.evaluate(() => performance.now());
await page.locator('#apply').click();
await page.locator('#run-busy').waitFor();
for (let i = 0; i < 8; i++) {
  const l = i % 2 ? 'en' : 'ko';
  const r = await page.evaluate(async (l) => {
    const started = performance.now();
    document.querySelector(`button[lang="${l}"]`).click();
    while (document.documentElement.lang !== l) await new Promise((r) => setTimeout(r, 0));
    return [Math.round(started), performance.now() - started];
  }, l);
  console.log(l, r);
  await page.waitForTimeout(300);
}
console.log('apply at', t0, 'long', await page.evaluate(() => window.__long));
await page.waitForFunction(() => document.querySelector('.app')?.dataset.idle === 'true', null, { timeout: 120000 });
console.log('done at', await page.evaluate(() => performance.now()), 'reactions', await page.locator('#scrub').getAttribute('max'));
console.log('long', await page.evaluate(() => window.__long));
await browser.close(); await site.close();

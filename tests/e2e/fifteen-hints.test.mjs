// Fifteen's hints while the solver is busy: a hint asked while another question is still being
// worked out (the first 4×4 solve of a visit builds the solver's tables for seconds) goes to a
// second worker and is answered without waiting for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, newPage, phone, useBrowser } from './harness.mjs';

const env = useBrowser();

for (const [size, options] of [['phone', phone], ['desktop', desktop]]) {
  test(`${size}: a 3×3 hint does not wait behind a 4×4 question still being worked out`, async () => {
    const { context, page, errors } = await newPage(env.browser, options);
    // The first worker's engine is held back: its 4×4 question stays unanswered meanwhile.
    let first = true;
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await context.route('**/pkg/gridplay_bg.wasm', async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue();
    });
    const workers = [];
    page.on('worker', (worker) => workers.push(worker));
    await page.goto(`${env.server.url}fifteen.html#size=4/seed=31`);
    await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.game()?.width() === 4);
    const click = (selector) => (size === 'phone' ? page.tap(selector) : page.click(selector));
    await click('#hint');
    await page.waitForFunction(() => document.querySelector('#hint')?.getAttribute('aria-busy') === 'true');
    // (After a second of it, the line says why the wait: a busy machine may take that long to look.)
    assert.match(await page.textContent('#helper-line'), /^(Looking for the best move…|Still looking: a first search builds the solver’s tables, once\.)$/);
    await click('#size-picker label:has(input[value="3"])');
    await page.waitForFunction(() => window.gridplay.game().width() === 3);
    await click('#hint');
    await page.waitForSelector('#tiles .hint');
    assert.match(await page.textContent('#helper-line'), /^Hint: move tile \d+\. \d+ moves? to go\.$/);
    assert.equal(workers.length, 2, 'the 3×3 question went to a second worker');
    release();
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the wait for a hint is not on the clock: it stands while the hint is worked out, and goes on with the answer', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  // The helpers' engine held back: the hint stays unanswered until released, as a first
  // search of a visit keeps a player waiting while it builds its tables.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route('**/pkg/gridplay_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${env.server.url}fifteen.html#size=4/seed=31`);
  await page.waitForFunction(() => window.gridplay?.game()?.width() === 4);
  const clockMs = () => page.evaluate(() => Number(document.getElementById('clock').dataset.ms));
  // A first move starts the clock.
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) {
    await page.keyboard.press(key);
    if (await page.evaluate(() => window.gridplay.game().moveCount() > 0)) break;
  }
  await page.waitForFunction(() => window.gridplay.game().clockRuns() && Number(document.getElementById('clock').dataset.ms) > 0);
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelector('#hint')?.getAttribute('aria-busy') === 'true');
  const asked = await clockMs();
  // Several of the clock's quarter-second draws later, it reads the same.
  await page.evaluate(() => new Promise((resolve) => { setTimeout(resolve, 1500); }));
  assert.equal(await clockMs(), asked, 'the clock stands while the hint is worked out');
  release();
  await page.waitForSelector('#tiles .hint');
  await page.waitForFunction((before) => Number(document.getElementById('clock').dataset.ms) > before, asked);
  assert.deepEqual(errors, []);
  await context.close();
});

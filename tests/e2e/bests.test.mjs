// A new best is a moment (midend/bests.js, shell.js, ending.js): said when it happens, once per
// best rather than on every move past it, marked beside the best shown, and said again on the
// game's panel. A first game beats nothing: with no best before it, nothing is said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, fifteenSolution, newPage, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

/** A page at `hash` with `stored` in localStorage (put there before the page's first script),
 * every change of the live region kept in window.said. */
async function open(hash, stored, options = desktop) {
  const opened = await newPage(env.browser, options, {
    init: `for (const [key, value] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(key, value);
      window.said = [];
      addEventListener('DOMContentLoaded', () => new MutationObserver(() => window.said.push(document.getElementById('announcer').textContent))
        .observe(document.getElementById('announcer'), { childList: true, characterData: true, subtree: true }));`,
  });
  await opened.page.goto(`${env.server.url}${hash}`);
  await opened.page.waitForFunction(() => window.gridplay?.game());
  return opened;
}

const said = (page, pattern) => page.evaluate((source) => window.said.filter((text) => new RegExp(source).test(text)), pattern.source);
const marked = (page) => page.evaluate(() => document.getElementById('best').closest('.stat').hasAttribute('data-new-best'));

test('2048: passing the best is said once, with the best it beat, and marked until a new game', async () => {
  const { context, page, errors } = await open('2048.html', { 'gridplay.2048.save': '2048.1.31337.0.', 'gridplay.2048.best': '16' });
  assert.equal(await marked(page), false);
  const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown'];
  let moves = 0;
  while (await page.evaluate(() => window.gridplay.game().readouts().score) <= 16) {
    assert.equal(await marked(page), false, 'not before the best is passed');
    await page.keyboard.press(keys[moves % 4]);
    await settle(page);
    moves += 1;
    assert.ok(moves < 200, 'the score passed 16');
  }
  const score = await page.evaluate(() => window.gridplay.game().readouts().score);
  assert.deepEqual(await said(page, /New best/), [await page.textContent('#announcer')], 'said with the move that beat it');
  assert.match(await page.textContent('#announcer'), new RegExp(`^Moved \\w+\\. .*New best score: ${score} \\(was 16\\)\\.$`));
  assert.equal(await marked(page), true, 'marked beside the best');
  assert.equal(await page.textContent('#best'), String(score));
  // More moves past it: the best grows, said no more.
  for (let i = 0; i < 12; i += 1) await page.keyboard.press(keys[(moves + i) % 4]);
  await settle(page);
  assert.equal((await said(page, /New best/)).length, 1, 'once per best');
  assert.equal(await marked(page), true);
  // A new game has beaten nothing yet.
  await page.evaluate(() => document.getElementById('new-game').click());
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
  assert.equal(await marked(page), false, 'a new game has beaten nothing');
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048: a first game, with no best before it, says no new best', async () => {
  const { context, page, errors } = await open('2048.html', { 'gridplay.2048.save': '2048.1.31337.0.' });
  for (let i = 0; i < 16; i += 1) await page.keyboard.press(['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown'][i % 4]);
  await settle(page);
  assert.ok(await page.evaluate(() => window.gridplay.game().readouts().score) > 0);
  assert.deepEqual(await said(page, /New best/), []);
  assert.equal(await marked(page), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: Fifteen solved in fewer moves than the best: the panel says the new best, and its end says it', async () => {
  const { context, page, errors } = await open('fifteen.html#size=3/seed=2024', { 'gridplay.fifteen.best.3': '500' }, phone);
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '');
  const solution = await fifteenSolution(page);
  for (const tile of solution) {
    await page.locator(`#tiles [data-tile="${tile}"]`).tap();
    await settle(page);
  }
  await page.locator('#game-over').waitFor({ state: 'visible' });
  const words = `New best: ${solution.length} moves (was 500 moves).`;
  assert.equal(await page.textContent('#game-over-best'), words);
  await page.waitForFunction((text) => document.getElementById('announcer').textContent.includes(text), words);
  assert.equal((await said(page, /New best/)).length, 1, 'said with the end, not also with the last move');
  assert.equal(await marked(page), true);
  assert.deepEqual(errors, []);
  await context.close();
});

// Restart this deal (Tatham's "Restart"): the same deal from its start, as practice (a player
// who restarts has seen what comes). Offered beside New game while a dealt game is in progress,
// and on the game-over panel; not on the day's deal, whose New game deals it again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, fifteenSolution, newPage, openDeal, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();
const PRACTICE = /^Practice: a deal restarted from its start/;

test('phone, 2048: New game offers Restart this deal, which deals the same deal from its start, as practice', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, phone, '2048', 31337);
  const start = await page.evaluate(() => window.gridplay.game().save());
  for (const key of ['ArrowLeft', 'ArrowDown', 'ArrowRight']) await page.keyboard.press(key);
  await settle(page);
  await page.tap('#new-game');
  await page.locator('#confirm-also').waitFor();
  assert.equal(await page.textContent('#confirm-also'), 'Restart this deal');
  await page.tap('#confirm-also');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), start, 'the same deal, from its start');
  assert.match(await page.textContent('.notice'), PRACTICE);
  assert.match(await page.textContent('#announcer'), /^Restarted: the same deal from its start\./);
  // Cancelled, nothing changes; New game itself deals another.
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  await page.tap('#new-game');
  await page.tap('#confirm-ok');
  await page.waitForFunction((seed) => window.gridplay.game().moveCount() === 0 && window.gridplay.game().seed() !== seed, 31337);
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop, Fifteen: the solved panel\'s Restart this deal plays the puzzle again from its start, as practice, and says so at its end', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=2024`);
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay.game()?.width() === 3);
  const start = await page.evaluate(() => window.gridplay.game().save());
  const solve = async () => {
    const solution = await fifteenSolution(page);
    for (const tile of solution) {
      await page.click(`#tiles [data-tile="${tile}"]`);
      await settle(page);
    }
    await page.locator('#game-over').waitFor({ state: 'visible' });
  };
  await solve();
  assert.equal(await page.textContent('#game-over-standing'), '', 'the first solve is the player\'s own');
  await page.click('#game-over-restart');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), start);
  assert.match(await page.textContent('.notice'), PRACTICE);
  await solve();
  assert.match(await page.textContent('#game-over-standing'), /^Practice \(the deal restarted\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the day\'s deal offers no Restart: its New game deals it again', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.goto(`${env.server.url}2048.html#daily`);
  await page.waitForFunction(() => window.gridplay?.game());
  for (const key of ['ArrowLeft', 'ArrowDown']) await page.keyboard.press(key);
  await settle(page);
  await page.click('#new-game');
  await page.locator('#confirm-dialog[open]').waitFor();
  assert.equal(await page.locator('#confirm-also').count(), 0);
  await page.click('#confirm-cancel');
  assert.deepEqual(errors, []);
  await context.close();
});

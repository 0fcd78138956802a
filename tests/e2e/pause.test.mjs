// Pause, for the timed games (midend/pause.js): the TIME figure is the Pause button; paused, the
// clock stops, the board is hidden and takes no move, until Play on; a tab sent to the
// background pauses by itself, and stays paused when it comes back. Minesweeper on a desktop,
// Fifteen on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, newPage, phone, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

const clockMs = (page) => page.evaluate(() => Number(document.getElementById('clock').dataset.ms));
const boardSeen = (page) => page.evaluate(() => getComputedStyle(document.getElementById('board')).visibility === 'visible');
const pauseShown = (page) => page.evaluate(() => getComputedStyle(document.getElementById('pause')).visibility === 'visible');

test('desktop, Minesweeper: Pause stops the clock and hides the board, which takes no move, until Play on', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.goto(`${env.server.url}mines.html#9x9x10/seed=4`);
  await page.waitForFunction(() => location.pathname.endsWith('/mines.html') && location.hash === '' && window.gridplay?.game());
  // It comes a moment after the page has loaded (no first load carries it).
  await page.locator('#pause').waitFor({ state: 'attached' });
  assert.equal(await pauseShown(page), false, 'nothing to pause before the clock runs');
  await page.click('#board [data-cell="40"]');
  await page.waitForFunction(() => window.gridplay.game().clockRuns());
  await page.waitForFunction(() => document.getElementById('pause') && getComputedStyle(document.getElementById('pause')).visibility === 'visible');
  // A second on the clock as the player sees it, however long that takes here.
  await page.waitForFunction(() => Number(document.getElementById('clock').dataset.ms) >= 1000);
  await page.click('#pause');
  assert.equal(await boardSeen(page), false, 'the board is hidden');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'play-on');
  assert.match(await page.textContent('#announcer'), /^Paused/);
  const stopped = await clockMs(page);
  assert.ok(stopped >= 1000, `the clock ran before (${stopped} ms)`);
  const moves = await page.evaluate(() => window.gridplay.game().moveCount());
  // A square's click (the board is out of sight: a script's, a switch's) and the keys play nothing.
  await page.evaluate(() => document.querySelector('#board [data-cell="0"]').click());
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('f');
  await page.waitForTimeout(1200);
  assert.equal(await clockMs(page), stopped, 'the clock stopped');
  assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), moves, 'no move while paused');
  await page.click('#play-on');
  assert.equal(await boardSeen(page), true, 'the board back');
  await page.waitForFunction((ms) => Number(document.getElementById('clock').dataset.ms) > ms + 300, stopped);
  assert.match(await page.textContent('#announcer'), /^Playing on\./);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone, Fifteen: a tab sent to the background pauses by itself, and is still paused when it comes back', async () => {
  const { context, page, errors } = await newPage(env.browser, phone);
  await page.goto(`${env.server.url}fifteen.html#size=3/seed=7`);
  await page.waitForFunction(() => location.pathname.endsWith('/fifteen.html') && location.hash === '' && window.gridplay?.game());
  const direction = await page.evaluate(() => ['up', 'down', 'left', 'right'].find((d) => window.gridplay.game().toward(d).ok));
  await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[direction]);
  await settle(page);
  await page.waitForFunction(() => window.gridplay.game().clockRuns());
  const seen = (state) => page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
  await seen('hidden');
  await seen('visible');
  assert.equal(await boardSeen(page), false, 'paused while away, and still when back');
  const stopped = await clockMs(page);
  await page.waitForTimeout(800);
  assert.equal(await clockMs(page), stopped);
  await page.tap('#play-on');
  assert.equal(await boardSeen(page), true);
  await page.waitForFunction((ms) => Number(document.getElementById('clock').dataset.ms) > ms + 300, stopped);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game the player paused opens paused after a reload, its clock where it stopped; one not paused by the player opens playing', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  await page.goto(`${env.server.url}mines.html#9x9x10/seed=4`);
  await page.waitForFunction(() => window.gridplay?.game());
  await page.click('#board [data-cell="40"]');
  await page.waitForFunction(() => window.gridplay.game().clockRuns());
  await page.locator('#pause').waitFor({ state: 'visible' });
  await page.waitForFunction(() => Number(document.getElementById('clock').dataset.ms) >= 1000);
  await page.click('#pause');
  // (The pause's code may come with the first press: the clock stops once the board is hidden.)
  await page.waitForFunction(() => getComputedStyle(document.getElementById('board')).visibility === 'hidden');
  const stopped = await clockMs(page);
  await page.evaluate(() => window.gridplay.idle());
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() === 1);
  await page.waitForFunction(() => getComputedStyle(document.getElementById('board')).visibility === 'hidden');
  await page.locator('#play-on').waitFor({ state: 'visible' });
  assert.match(await page.textContent('#announcer'), /^Game restored\. Paused, as you left it/);
  await page.waitForTimeout(1200);
  assert.equal(await clockMs(page), stopped, 'the clock stands where it stopped');
  await page.click('#play-on');
  assert.equal(await boardSeen(page), true);
  await page.waitForFunction((ms) => Number(document.getElementById('clock').dataset.ms) > ms + 300, stopped);
  // Played on, a reload opens it playing: the page went to the background as it went away,
  // and that pause is not the player's.
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game()?.moveCount() === 1);
  await page.evaluate(() => window.gridplay.idle());
  assert.equal(await boardSeen(page), true, 'not paused');
  const from = await clockMs(page);
  await page.waitForFunction((ms) => Number(document.getElementById('clock').dataset.ms) > ms + 300, from);
  assert.deepEqual(errors, []);
  await context.close();
});

// A tap on a game's control or a link of the bar acts on the tap itself, exactly once, however
// soon it follows a swipe. Chromium drops the click of a tap that comes less than about 0.6 s
// after a swipe on a `touch-action: none` board, so a quick player's Undo, Hint, New game or
// Today did nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openDeal, phone, settle, swipe, useBrowser } from './harness.mjs';

const env = useBrowser();

/** A real touch tap (touchstart, touchend) on the middle of `selector`. */
async function tap(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const moves = (page) => page.evaluate(() => window.gridplay.game().moveCount());

test('2048, phone: Undo tapped at once, 300 ms or 1 s after a swipe takes that move back, once', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, phone, '2048', 8);
  const pattern = ['left', 'up', 'right', 'down'];
  for (const [i, wait] of [0, 0, 0, 300, 300, 300, 1000].entries()) {
    const before = await moves(page);
    // A direction that moves on this deal (the first of the pattern that does).
    for (const direction of [...pattern.slice(i % 4), ...pattern.slice(0, i % 4)]) {
      await swipe(page, direction);
      await settle(page);
      if (await moves(page) > before) break;
    }
    assert.equal(await moves(page), before + 1, 'the swipe moved');
    await page.waitForTimeout(wait);
    await tap(page, '#undo');
    // (The limit only ends a hung test: a dropped tap fails the assertion below.)
    await page.waitForFunction((count) => window.gridplay.game().moveCount() <= count, before, { timeout: 60_000 })
      .catch(() => {});
    await page.waitForTimeout(300); // a second, late action would show by now
    await settle(page);
    assert.equal(await moves(page), before, `Undo tapped ${wait} ms after the swipe took back exactly one move`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048, phone: New game and Hint tapped right after a swipe act', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, phone, '2048', 9);
  await swipe(page, 'left');
  await swipe(page, 'up');
  await settle(page);
  await tap(page, '#hint');
  await page.locator('#hint-arrow').waitFor({ state: 'visible' });
  await swipe(page, 'left');
  await settle(page);
  await tap(page, '#new-game');
  await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
  await tap(page, '#confirm-cancel');
  await page.locator('#confirm-dialog').waitFor({ state: 'hidden' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Threes, phone: the bar\'s links (Today, Gridplay) tapped right after a swipe go where they lead', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}threes.html`, phone, 'threes', 9);
  await swipe(page, 'left');
  await tap(page, '#day-link');
  await page.waitForFunction(() => location.pathname.endsWith('/threes.html') && location.hash === '#daily');
  // The day's game, not the free game's shell before the route has changed (hashchange comes
  // a task after the address): the title is the day's as the route opens, the game once mounted.
  await page.waitForFunction(() => document.title.startsWith('Today’s') && window.gridplay.game() && !window.gridplay.busy());
  await swipe(page, 'up');
  await tap(page, '#home-link');
  await page.waitForFunction(() => window.gridplay.route() === 'home');
  assert.deepEqual(errors, []);
  await context.close();
});

// The focus never falls to the page's body while a game is shown: a keyboard or screen-reader
// player whose control goes away (the replay's bar, the game-over panel) goes on from the board,
// not from the top of the page. Each case is played by keys alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openPage, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

/** Where the focus is: 'body', 'board' (the board or a square of it) or the element's id. */
const focusIn = (page) => page.evaluate(() => {
  const active = document.activeElement;
  if (!active || active === document.body) return 'body';
  return active.closest('#board') ? 'board' : active.id || active.className;
});

/** Once the page's later features have come (the focus keeping, with Ask the board). */
const later = (page) => page.waitForSelector('details.ask', { state: 'attached' });

/** A 2048 game of a few moves, by keys: its save. */
async function played(page) {
  await page.locator('#board').focus();
  for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
  await settle(page);
  return page.evaluate(() => window.gridplay.game().save());
}

test('closing a replay by its Close button, and Play from here, leave the focus on the board', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html`, desktop);
  const save = await played(page);
  for (const act of ['close', 'here']) {
    await page.goto(`${env.server.url}2048.html#replay=${save}`);
    await page.waitForSelector('.replay-bar');
    await later(page);
    await page.keyboard.press('ArrowRight');
    const button = act === 'close' ? page.locator('.replay-bar').getByRole('button', { name: 'Close' }) : page.locator('.replay-button[data-act="here"]');
    await button.focus();
    await page.keyboard.press('Enter');
    // Play from here over a game in progress asks first: the question, or the replay gone,
    // whichever comes (a busy machine may take a while to ask).
    await page.waitForFunction(() => document.getElementById('confirm-dialog').open || !document.querySelector('.replay-bar'));
    if (act === 'here' && await page.locator('#confirm-dialog[open]').count()) {
      await page.locator('#confirm-ok').focus();
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction(() => !document.querySelector('.replay-bar'));
    await page.waitForFunction(() => document.activeElement !== document.body);
    assert.equal(await focusIn(page), 'board', act);
    // And the keys play from there: a move the game shown once it has settled (taken over from
    // the replay, or back from it) allows.
    await page.evaluate(() => window.gridplay.idle());
    const before = await page.evaluate(() => window.gridplay.game().moveCount());
    const direction = await page.evaluate(() => ['left', 'up', 'right', 'down'].find((d) => window.gridplay.game().toward(d).ok
      && window.gridplay.game().constructor.load(window.gridplay.game().save()).play(d).ok));
    await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[direction]);
    await page.waitForFunction((n) => window.gridplay.game().moveCount() > n, before);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('tic-tac-toe: a won game undone from its Play again button leaves the focus on the board', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}tictactoe.html`, desktop);
  await later(page);
  await page.locator('.ttt-cell[data-cell="0"]').focus();
  // For two: X 0, O 3, X 1, O 4, X 2, the cursor moved by the arrows and Enter marking.
  for (const keys of [[], ['ArrowDown'], ['ArrowUp', 'ArrowRight'], ['ArrowDown'], ['ArrowUp', 'ArrowRight']]) {
    for (const key of keys) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(() => window.gridplay.game().status() === 'won');
  await page.locator('#play-again').focus();
  await page.keyboard.press('u');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 4);
  await page.waitForFunction(() => document.activeElement !== document.body);
  assert.equal(await focusIn(page), 'board', 'after the undo');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Fifteen: New game from the panel brought back by the line\'s Show result leaves the focus on the board', async () => {
  // One slide from solved.
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}fifteen.html#tiles=123456708`, desktop);
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0 && window.gridplay.game().width() === 3);
  await later(page);
  const direction = await page.evaluate(() => ['left', 'up', 'right', 'down'].find((d) => window.gridplay.game().toward(d).ok));
  await page.keyboard.press({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[direction]);
  await page.locator('#game-over[open]').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('.ended-show').focus();
  await page.keyboard.press('Enter');
  await page.locator('#game-over[open]').waitFor();
  await page.locator('#game-over-new').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.gridplay.game().status() === 'playing');
  await page.waitForFunction(() => document.activeElement !== document.body);
  assert.equal(await focusIn(page), 'board', 'after New game');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a click on an empty part of the page leaves the focus where the browser puts it', async () => {
  const { context, page, errors } = await openPage(env.browser, `${env.server.url}2048.html`, desktop);
  await later(page);
  await page.locator('#board').focus();
  await page.mouse.click(5, 400);
  await page.waitForTimeout(100);
  assert.equal(await focusIn(page), 'body');
  assert.deepEqual(errors, []);
  await context.close();
});

// The games' letter keys (WASD, HJKL, U, I, P, F) as WCAG 2.1.4 asks of one-character
// shortcuts: a letter typed on a control of the page's bar (Share, Stats, Settings, New game)
// is not the game's, and Settings turns the letters off, leaving the arrows, Enter, Space and
// Ctrl+Z. Played with a keyboard on a desktop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, openDeal, settle, useBrowser } from './harness.mjs';

const env = useBrowser();

const moves = (page) => page.evaluate(() => window.gridplay.game().moveCount());

test('a letter typed on the bar\'s Share, Settings or New game does not play; on the page it does', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, desktop, '2048', 777);
  await page.waitForFunction(() => window.gridplay.helpersReady());
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert.equal(await moves(page), 1);
  for (const [control, key] of [['#share', 'u'], ['#settings-button', 'a'], ['#new-game', 'p'], ['#stats-button', 'd']]) {
    await page.focus(control);
    await page.keyboard.press(key);
    await settle(page);
    assert.equal(await moves(page), 1, `${key} on ${control}`);
    assert.equal(await page.getAttribute('#autoplay', 'aria-pressed'), 'false', `${key} on ${control}: no Autoplay`);
  }
  // The arrows still play from there, and the letters from the page itself.
  await page.keyboard.press('ArrowUp');
  await settle(page);
  assert.equal(await moves(page), 2);
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('u');
  await settle(page);
  assert.equal(await moves(page), 1, 'U on the page undoes');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Settings turns the letter keys off, in every game and across a reload: the arrows, Enter, Space and Ctrl+Z still play', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, desktop, '2048', 777);
  await page.waitForFunction(() => window.gridplay.helpersReady());
  await page.click('#settings-button');
  const toggle = page.locator('#letter-keys');
  assert.equal(await toggle.isChecked(), true, 'on by default');
  await toggle.uncheck();
  await page.click('#settings-close');
  // The how-to line names only the keys that still play, Redo's among them.
  assert.equal(await page.locator('#how-to').innerText(), 'Swipe or use the arrow keys. Equal tiles join into one. Ctrl+Z undoes a move, Ctrl+Y redoes it.');
  for (const key of ['a', 'w', 'h', 'l', 'p', 'i']) await page.keyboard.press(key);
  await settle(page);
  assert.equal(await moves(page), 0, 'no letter plays');
  assert.equal(await page.getAttribute('#autoplay', 'aria-pressed'), 'false');
  await page.waitForTimeout(400);
  assert.doesNotMatch(await page.textContent('#announcer'), /Hint/, 'no hint asked');
  assert.equal(await page.locator('#hint-arrow').isVisible(), false);
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert.equal(await moves(page), 1, 'the arrows play');
  await page.keyboard.press('u');
  await settle(page);
  assert.equal(await moves(page), 1, 'U does not undo');
  await page.keyboard.press('Control+z');
  await settle(page);
  assert.equal(await moves(page), 0, 'Ctrl+Z does');
  // Ask the board's list of keys names only those that still play.
  await page.waitForSelector('details.ask', { state: 'attached' });
  await page.locator('details.ask > summary').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('.ask-keys').textContent(), 'Keys: the arrows play; Ctrl+Z undoes, Ctrl+Y redoes; Esc goes back. New game, Share, Stats and Settings are at the top.');
  // Kept: Minesweeper after a reload, where F would swap dig and flag.
  await page.goto(`${env.server.url}mines.html#9x9x10/seed=7`);
  await page.waitForFunction(() => window.gridplay?.game());
  await page.keyboard.press('f');
  assert.equal(await page.getAttribute('#mode', 'aria-pressed'), 'false', 'F does nothing');
  assert.doesNotMatch(await page.locator('#how-to').innerText(), /\bF\b/, 'and the how-to line does not name it');
  await page.keyboard.press('d');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell ?? null), null, 'D moves no cursor');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.equal(await moves(page), 1, 'the arrows and Enter dig');
  assert.deepEqual(errors, []);
  await context.close();
});

test('one keyboard router: the page listens for keys once, with the game, its helpers and a replay all loaded', async () => {
  // Every keydown listener added to the document or the window, counted from before the
  // page's first script.
  const init = () => {
    window.keyListeners = 0;
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (type, ...rest) {
      if (type === 'keydown' && (this === document || this === window)) window.keyListeners += 1;
      return add.call(this, type, ...rest);
    };
  };
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, desktop, '2048', 777, { init });
  await page.waitForFunction(() => window.gridplay.helpersReady());
  for (const key of ['ArrowLeft', 'ArrowUp', 'i']) await page.keyboard.press(key);
  await settle(page);
  const save = await page.evaluate(() => window.gridplay.game().save());
  // A replay of it, by its link: the viewer's keys step through it.
  await page.goto(`${env.server.url}2048.html#replay=${save}`);
  await page.waitForSelector('.replay-bar');
  await page.keyboard.press('ArrowRight');
  await page.goto(`${env.server.url}mines.html`);
  await page.waitForFunction(() => window.gridplay.route() === 'mines' && window.gridplay.game());
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.keyListeners), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

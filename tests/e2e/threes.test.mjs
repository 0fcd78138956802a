// Threes in a real browser, used the way a person uses it: fingers on a phone, keys on a
// desktop. Every test also asserts the page logged no errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, drawnGrid, engineGrid, keepCopies, moveCount, noticeShown, openDeal, openPage, phone, predict, settle, swipe, useBrowser } from './harness.mjs';

const env = useBrowser();

const DIRECTIONS = ['up', 'down', 'left', 'right'];

const threesUrl = () => `${env.server.url}threes.html`;
const openThrees = (options, seed) => openDeal(env.browser, threesUrl(), options, 'threes', seed);
const expect = (page, directions) => predict(page, directions);

test('phone: a swipe in each direction moves the tiles that way; the page does not scroll', async () => {
  const { context, page, errors } = await openThrees(phone, 4242);
  let moved = 0;
  for (const direction of [...DIRECTIONS, ...DIRECTIONS]) {
    const expected = await expect(page, [direction]);
    await swipe(page, direction);
    await settle(page);
    if (expected.legal) {
      moved += 1;
      assert.equal(await page.evaluate(() => window.gridplay.game().lastMove().direction), direction);
    }
    assert.equal(await moveCount(page), expected.count);
    assert.deepEqual(await engineGrid(page), expected.grid, `after swiping ${direction}`);
    assert.deepEqual(await drawnGrid(page), expected.grid);
  }
  assert.ok(moved >= 4, `only ${moved} swipes moved`);
  const scroll = await page.evaluate(() => ({
    y: window.scrollY,
    x: window.scrollX,
    overflow: document.scrollingElement.scrollHeight - window.innerHeight,
  }));
  assert.deepEqual(scroll, { y: 0, x: 0, overflow: 0 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: random swipes play a game to game over, and the final panel shows the score', async () => {
  const { context, page, errors } = await openThrees(phone, 7);
  // A fixed pseudo-random sequence, so a failure can be replayed.
  let x = 12345;
  for (let i = 0; i < 400 && (await page.evaluate(() => window.gridplay.game().status() === 'playing')); i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    await swipe(page, DIRECTIONS[x >> 29]);
  }
  await settle(page);
  assert.equal(await page.evaluate(() => (window.gridplay.game().status() !== 'playing')), true);
  await page.locator('#game-over').waitFor({ state: 'visible' });
  const score = await page.evaluate(() => window.gridplay.game().readouts().score);
  assert.equal(await page.locator('#final-score').textContent(), String(score));
  const points = await page.$$eval('#score-sheet [data-points]', (cells) =>
    cells.reduce((sum, cell) => sum + Number(cell.dataset.points), 0));
  assert.equal(points, score, 'the sheet adds up to the score');
  assert.deepEqual(await drawnGrid(page), await engineGrid(page));
  assert.deepEqual(errors, []);
  await context.close();
});

/** Opens Threes on a game played (by the page's own engine) to its end, as a reload would find it. */
async function openEndedThrees(options) {
  const { context, page, errors } = await openThrees(options, 7);
  await page.evaluate(async () => {
    const ThreesGame = window.gridplay.game().constructor; // the page's own engine class
    const game = ThreesGame.fromLink('seed=7');
    const cycle = ['left', 'down', 'right', 'up', 'up', 'left'];
    for (let i = 0; game.status() === 'playing'; i += 1) game.play(cycle[i % cycle.length]);
    localStorage.setItem('gridplay.threes.save', game.save());
    game.free();
  });
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => (window.gridplay?.game()?.status() ?? 'playing') !== 'playing');
  await page.locator('#game-over').waitFor({ state: 'visible' });
  return { context, page, errors };
}

/** The visible words outside any dialog that say the game is over. */
const saysOver = (page) => page.evaluate(() => [...document.querySelectorAll('#game *, .top *')]
  .filter((el) => !el.closest('dialog') && el.getClientRects().length > 0 && el.children.length === 0)
  .map((el) => el.textContent.trim())
  .filter((text) => /game over|out of moves/i.test(text)));

test('phone: after "See board" a finished game looks finished, offers its score sheet and New game, and a swipe says why nothing moves', async () => {
  const { context, page, errors } = await openEndedThrees(phone);
  const save = await page.evaluate(() => window.gridplay.game().save());
  await page.click('#game-over-close');
  await page.locator('#game-over').waitFor({ state: 'hidden' });
  assert.equal(await page.locator('#next .card').count(), 0, 'no next card: none is coming');
  assert.notDeepEqual(await saysOver(page), [], 'the page says the game is over');
  // The score sheet is a tap away.
  await page.getByRole('button', { name: /result|score/i }).tap();
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.ok((await page.locator('#score-sheet [data-points]').count()) > 0, 'the score sheet is there');
  await page.click('#game-over-close');
  await page.locator('#game-over').waitFor({ state: 'hidden' });
  // A swipe, and a key, bring the panel back rather than doing nothing.
  await swipe(page, 'left');
  await page.locator('#game-over').waitFor({ state: 'visible' });
  await page.click('#game-over-close');
  await page.locator('#game-over').waitFor({ state: 'hidden' });
  await page.keyboard.press('ArrowUp');
  await page.locator('#game-over').waitFor({ state: 'visible' });
  await page.click('#game-over-close');
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), save, 'nothing was played');
  // New game, in the header, starts one at once (nothing in progress to lose), drawn as a game going on.
  await page.click('#new-game');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0 && window.gridplay.game().status() === 'playing');
  assert.equal(await page.locator('#confirm-dialog').isVisible(), false);
  assert.equal(await page.locator('#next .card').count(), 1);
  assert.deepEqual(await saysOver(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: arrows, WASD and HJKL move; keys with Ctrl, Alt or Meta do not', async () => {
  const { context, page, errors } = await openThrees(desktop, 31337);
  const keys = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
    w: 'up', s: 'down', a: 'left', d: 'right', k: 'up', j: 'down', h: 'left', l: 'right' };
  for (const [key, direction] of Object.entries(keys)) {
    const expected = await expect(page, [direction]);
    await page.keyboard.press(key);
    await settle(page);
    assert.deepEqual(await engineGrid(page), expected.grid, `${key} should move ${direction}`);
    assert.equal(await moveCount(page), expected.count);
  }
  const count = await moveCount(page);
  for (const modifier of ['Control', 'Alt', 'Meta']) {
    for (const key of ['ArrowUp', 'ArrowLeft', 'ArrowDown', 'ArrowRight']) {
      await page.keyboard.press(`${modifier}+${key}`);
    }
  }
  await settle(page);
  assert.equal(await moveCount(page), count, 'modified keys are the browser\'s, not moves');
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: dragging with the mouse moves like a swipe; a short drag is not a move', async () => {
  const { context, page, errors } = await openThrees(desktop, 606);
  const box = await page.locator('#board').boundingBox();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const drag = async (dx, dy) => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y + dy / 2);
    await page.mouse.move(x + dx, y + dy);
    await page.mouse.up();
    await settle(page);
  };
  await drag(4, 6);
  assert.equal(await moveCount(page), 0, 'a tap or tiny drag does nothing');
  for (const [dx, dy, direction] of [[-120, 10, 'left'], [10, -120, 'up'], [120, -10, 'right'], [-10, 120, 'down']]) {
    const expected = await expect(page, [direction]);
    await drag(dx, dy);
    assert.deepEqual(await engineGrid(page), expected.grid, `drag ${direction}`);
    assert.equal(await moveCount(page), expected.count);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('rapid input: 50 keys sent at once are each applied once, in order', async () => {
  const { context, page, errors } = await openThrees(desktop, 2026);
  const names = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
  const sequence = Array.from({ length: 50 }, (_, i) => (i * 7 + (i >> 2)) % 4);
  const expected = await expect(page, sequence.map((i) => DIRECTIONS[[2, 0, 3, 1][i]]));
  // Real key events, all sent before the first is handled (the browser takes them in order),
  // so they arrive while tiles are sliding however busy the machine is: the queue is what is
  // tested, not how fast this machine types.
  const cdp = await context.newCDPSession(page);
  const codes = { ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40 };
  await Promise.all(sequence.flatMap((i) => ['keyDown', 'keyUp'].map((type) => cdp.send('Input.dispatchKeyEvent', {
    type, key: names[i], code: names[i], windowsVirtualKeyCode: codes[names[i]],
  }))));
  await settle(page);
  assert.equal(await moveCount(page), expected.count);
  assert.deepEqual(await engineGrid(page), expected.grid);
  assert.deepEqual(await drawnGrid(page), expected.grid, 'the drawn board settles on the engine\'s');
  assert.deepEqual(errors, []);
  await context.close();
});

test('reduced motion: moves still apply and draw exactly', async () => {
  const { context, page, errors } = await openThrees({ ...desktop, reducedMotion: 'reduce' }, 77);
  const expected = await expect(page, ['left', 'up', 'right']);
  for (const k of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(k);
  await settle(page);
  assert.deepEqual(await drawnGrid(page), expected.grid);
  const sliding = await page.$$eval('#tiles > .tile', (tiles) =>
    tiles.filter((t) => parseFloat(getComputedStyle(t).transitionDuration) > 0).length);
  assert.equal(sliding, 0, 'no tile slides when motion is reduced');
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad stored data: garbage, an old format or a foreign save gives a fresh game, a notice, and loses nothing else', async () => {
  const cases = {
    'not a save (JSON)': '{"grid":[[1,2]]}',
    'an older save format': 'threes.0.5.0.',
    'a save of another game': '2048.1.5.0.',
    'a move list that does not match its count': 'threes.1.5.9.AAAA',
    'binary garbage': '\u0000\u00ff',
  };
  for (const [what, garbage] of Object.entries(cases)) {
    const { context, page, errors } = await openPage(env.browser, threesUrl(), desktop);
    await page.evaluate((text) => {
      localStorage.setItem('gridplay.threes.save', text);
      localStorage.setItem('gridplay.threes.best', '500');
      localStorage.setItem('gridplay.settings', JSON.stringify({ theme: 'dark', motion: 'off', vibrate: false }));
    }, garbage);
    await keepCopies(page);
    await page.reload();
    await page.waitForFunction(() => window.gridplay && window.gridplay.game());
    await noticeShown(page, 'corrupt-save');
    assert.equal(await moveCount(page), 0, what);
    // What could be kept is kept: the best score, the settings, and the unreadable text itself.
    assert.equal(await page.locator('#best').getAttribute('data-value'), '500', what);
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark', what);
    assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.threes.unreadable-save')), garbage, what);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await settle(page);
    assert.ok((await moveCount(page)) >= 1, `${what}: the fresh game plays`);
    assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.threes.best')), '500', what);
    assert.deepEqual(errors, [], what);
    await context.close();
  }
});

test('a full quota (writes throw, reads work): the saved game resumes and plays on, with a notice', async () => {
  const { context, page, errors } = await openThrees(desktop, 314);
  for (const k of ['ArrowLeft', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(k);
  await settle(page);
  const saved = await page.evaluate(() => window.gridplay.game().save());
  const made = await moveCount(page);
  await context.addInitScript(() => {
    Storage.prototype.setItem = () => { throw new DOMException('quota exceeded', 'QuotaExceededError'); };
  });
  await page.reload();
  await page.waitForFunction(() => window.gridplay && window.gridplay.game());
  assert.equal(await page.evaluate(() => window.gridplay.game().save()), saved, 'the saved game came back');
  for (const k of ['ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowRight']) await page.keyboard.press(k);
  await settle(page);
  await noticeShown(page, 'storage');
  assert.ok((await moveCount(page)) > made, 'play goes on in memory');
  assert.deepEqual(await drawnGrid(page), await engineGrid(page));
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.threes.save')), saved,
    'the last save the browser took is intact');
  assert.deepEqual(errors, []);
  await context.close();
});

test('storage that refuses every access (private mode, disabled): play continues in memory with a notice', async () => {
  const { context, page, errors } = await openPage(env.browser, threesUrl(), desktop, {
    init: () => {
      const refuse = () => { throw new DOMException('storage disabled', 'SecurityError'); };
      Storage.prototype.setItem = refuse;
      Storage.prototype.getItem = refuse;
    },
  });
  await noticeShown(page, 'storage');
  for (const k of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(k);
  await settle(page);
  assert.ok((await moveCount(page)) >= 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('accessibility: the board is labelled and each move is announced politely', async () => {
  const { context, page, errors } = await openThrees(desktop, 8);
  assert.match(await page.locator('#board').getAttribute('aria-label'), /Row 1: /);
  assert.equal(await page.locator('#announcer').getAttribute('aria-live'), 'polite');
  const expected = await expect(page, ['left']);
  const direction = expected.legal ? 'left' : 'up';
  await page.keyboard.press(direction === 'left' ? 'ArrowLeft' : 'ArrowUp');
  await settle(page);
  const said = await page.locator('#announcer').textContent();
  const score = await page.evaluate(() => window.gridplay.game().readouts().score);
  assert.match(said, new RegExp(`Moved ${direction}\\. .*Next tile.*Score ${score}`));
  // Every control can be reached with Tab.
  await page.keyboard.press('Tab');
  const reached = new Set();
  for (let i = 0; i < 7; i += 1) {
    reached.add(await page.evaluate(() => document.activeElement.id));
    await page.keyboard.press('Tab');
  }
  assert.ok(reached.has('new-game') && reached.has('board'), [...reached].join(','));
  assert.deepEqual(errors, []);
  await context.close();
});

// What every game does the same way (the shared shell), checked on each game: New game asks
// before throwing a game away, and a reload resumes the same game with its best score, on a
// phone (swipes) and on a desktop (keys).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readGames } from '../../scripts/games.mjs';
import { desktop, drawnGrid, engineGrid, keepCopies, openDeal, openPage, phone, predict, settle, swipe, useBrowser } from './harness.mjs';

const env = useBrowser();

const GAMES = ['threes', '2048'];
const KEYS = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
const save = (page) => page.evaluate(() => window.gridplay.game().save());

for (const game of GAMES) {
  const open = (options, seed) => openDeal(env.browser, `${env.server.url}${game}.html`, options, game, seed);

  test(`${game}: New game asks first; Keep playing keeps the game, New game deals another`, async () => {
    const { context, page, errors } = await open(desktop, 5);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await settle(page);
    const played = await save(page);
    await page.click('#new-game');
    await page.locator('#confirm-dialog').waitFor({ state: 'visible' });
    await page.click('#confirm-cancel');
    assert.equal(await save(page), played);
    await page.click('#new-game');
    await page.click('#confirm-ok');
    await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
    assert.notEqual(await save(page), played);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${game}: a burst of 100 keys is drawn caught up soon after the last one, every move made once, in order`, async () => {
    const { context, page, errors } = await open(desktop, 8);
    // A pattern that, on this deal, keeps both games going to the end of the burst (checked below).
    const pattern = ['left', 'up', 'left', 'up', 'left', 'down', 'right', 'up'];
    const burst = Array.from({ length: 100 }, (_, i) => pattern[i % pattern.length]);
    const expected = await predict(page, burst);
    assert.ok(expected.legal > 50, 'most of the burst is legal moves');
    // The 100 keys pressed at once (in one task, so all of them wait behind the first however
    // busy the machine), and every frame in which some move's tiles start to slide counted
    // until the board drawn is the game's last state. Caught up soon after the last key: only
    // the last few moves slide, the others are drawn at once (sliding every queued move in
    // turn left the board seconds behind the player).
    await page.evaluate((keys) => {
      const KEY = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
      const tiles = document.getElementById('tiles');
      window.slidFrames = new Set();
      tiles.addEventListener('transitionrun', (event) => {
        if (event.target.parentElement === tiles && event.propertyName === 'transform') window.slidFrames.add(document.timeline.currentTime);
      });
      for (const direction of keys) {
        document.body.dispatchEvent(new KeyboardEvent('keydown', { key: KEY[direction], bubbles: true, cancelable: true }));
      }
    }, burst);
    await page.waitForFunction((count) => {
      const game = window.gridplay.game();
      const grid = Array.from({ length: game.height() }, (_, r) => game.cells().slice(r * game.width(), (r + 1) * game.width()));
      const tiles = [...document.querySelectorAll('#tiles > .tile')];
      return !window.gridplay.busy() && game.moveCount() >= count
        && tiles.length === grid.flat().filter(Boolean).length
        && tiles.every((t) => grid[Number(t.dataset.row)][Number(t.dataset.col)] === Number(t.dataset.value));
    }, expected.count);
    const slid = await page.evaluate(() => window.slidFrames.size);
    assert.ok(slid <= 3, `the moves drawn sliding after the burst: ${slid}`);
    assert.equal(await page.evaluate(() => (window.gridplay.game().status() !== 'playing')), false, 'no game over cut the burst short');
    assert.deepEqual(await engineGrid(page), expected.grid);
    assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), expected.count);
    assert.equal(await page.evaluate(() => window.gridplay.game().readouts().score), expected.score);
    assert.deepEqual(await drawnGrid(page), expected.grid);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${game}, phone: a two-finger pinch on the board moves nothing`, async () => {
    const { context, page, errors } = await open(phone, 21);
    const before = await save(page);
    const box = await page.locator('#board').boundingBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const cdp = await context.newCDPSession(page);
    const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', {
      type, touchPoints: points.map(([px, py], id) => ({ x: px, y: py, id })),
    });
    // The first finger lands, the second joins, both spread apart (the first to the left), and lift.
    await touch('touchStart', [[x, y]]);
    await touch('touchStart', [[x, y], [x + 10, y + 10]]);
    for (let i = 1; i <= 5; i += 1) await touch('touchMove', [[x - 20 * i, y], [x + 10 + 20 * i, y + 10]]);
    await touch('touchEnd', []);
    await cdp.detach();
    await page.waitForTimeout(300);
    await settle(page);
    assert.equal(await save(page), before);
    // A one-finger swipe still moves.
    await swipe(page, 'left');
    await swipe(page, 'up');
    await settle(page);
    assert.notEqual(await save(page), before);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${game}: an empty stored save is no save (a fresh game, no notice); home does not repeat the game's last words`, async () => {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${game}.html`, desktop);
    await page.evaluate((key) => localStorage.setItem(key, ''), `gridplay.${game}.save`);
    await keepCopies(page);
    await page.reload();
    await page.waitForFunction(() => window.gridplay?.game());
    assert.equal(await page.evaluate(() => window.gridplay.game().moveCount()), 0);
    assert.equal(await page.locator('.notice[data-notice="corrupt-save"]').count(), 0);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), `gridplay.${game}.unreadable-save`), null);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await settle(page);
    assert.notEqual(await page.textContent('#announcer'), '');
    await page.click('#home-link');
    await page.waitForFunction(() => window.gridplay.route() === 'home');
    assert.equal(await page.textContent('#announcer'), '');
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const [device, options, move] of [
    ['phone', phone, (page, direction) => swipe(page, direction)],
    ['desktop', desktop, (page, direction) => page.keyboard.press(KEYS[direction])],
  ]) {
    test(`${game}, ${device}: reload resumes the same game, drawn, with its best score`, async () => {
      const { context, page, errors } = await open(options, 99);
      for (const direction of ['left', 'up', 'right', 'down', 'left', 'up']) await move(page, direction);
      await settle(page);
      const played = await save(page);
      const score = await page.evaluate(() => window.gridplay.game().readouts().score);
      assert.ok(score > 0, 'the moves scored, so there is a best score to keep');
      await page.reload();
      await page.waitForFunction(() => window.gridplay && window.gridplay.game());
      assert.equal(await save(page), played);
      assert.equal(Number(await page.locator('#best').textContent()), score);
      assert.deepEqual(await drawnGrid(page), await engineGrid(page));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// Undo is offered where the engine says (hasUndo), the page holds no list of its own.
for (const { route } of readGames()) {
  test(`${route}: U, Ctrl+Z and an Undo button take a move back exactly where the game offers undo`, async () => {
    const { context, page, errors } = await openPage(env.browser, `${env.server.url}${route}.html`, desktop);
    await page.waitForFunction(() => window.gridplay?.game());
    const offered = await page.evaluate(() => window.gridplay.game().constructor.hasUndo());
    assert.equal(await page.locator('#undo').count(), offered ? 1 : 0, 'an Undo button only with undo');
    await page.locator('#board').focus();
    const moves = () => page.evaluate(() => window.gridplay.game().moveCount());
    // A first move by the keys a player has: an arrow where directions move, Enter on the
    // cursor's square where squares are played.
    // Two where they come easily, so each key has one to take back.
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'Enter', 'ArrowRight', 'Enter']) {
      if (await moves() > 1) break;
      await page.keyboard.press(key);
      await settle(page);
    }
    assert.ok(await moves() > 0, 'a move was made');
    for (const key of ['u', 'Control+z']) {
      const before = await moves();
      await page.keyboard.press(key);
      await settle(page);
      if (offered) assert.ok(await moves() < before, `${key} took the move back`);
      else assert.equal(await moves(), before, `${key}: the move stays, this game has no undo`);
      if (before === 0 || await moves() === 0) break;
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

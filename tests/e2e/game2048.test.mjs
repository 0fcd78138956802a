// 2048 in a real browser: swipes, keys, undo, the queue, persistence and the panels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { desktop, drawnGrid, engineGrid, inLightAndDark, keepCopies, moveCount, noticeShown, openDeal, openPage, phone, predict, settle, swipe, useBrowser } from './harness.mjs';

const env = useBrowser();

const DIRECTIONS = ['up', 'down', 'left', 'right'];
const KEYS = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };
const page2048 = () => `${env.server.url}2048.html`;
const open2048 = (options, seed) => openDeal(env.browser, page2048(), options, '2048', seed);
const expect = (page, ops) => predict(page, ops);

test('phone: swipes move the tiles that way and the page does not scroll', async () => {
  const { context, page, errors } = await open2048(phone, 4242);
  let moved = 0;
  for (const direction of [...DIRECTIONS, ...DIRECTIONS]) {
    const expected = await expect(page, [direction]);
    await swipe(page, direction);
    await settle(page);
    moved += expected.legal;
    assert.deepEqual(await engineGrid(page), expected.grid, `after swiping ${direction}`);
    assert.deepEqual(await drawnGrid(page), expected.grid);
  }
  assert.ok(moved >= 4, `only ${moved} swipes moved`);
  const scroll = await page.evaluate(() => [window.scrollX, window.scrollY,
    document.scrollingElement.scrollHeight - window.innerHeight]);
  assert.deepEqual(scroll, [0, 0, 0]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop: arrows, WASD and HJKL move; modified keys do not; score shows +N', async () => {
  const { context, page, errors } = await open2048(desktop, 31337);
  const keys = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
    w: 'up', s: 'down', a: 'left', d: 'right', k: 'up', j: 'down', h: 'left', l: 'right' };
  let sawPopup = false;
  for (const [key, direction] of Object.entries(keys)) {
    const before = await page.evaluate(() => window.gridplay.game().readouts().score);
    const expected = await expect(page, [direction]);
    await page.keyboard.press(key);
    if (expected.score > before) {
      const popup = page.locator(`#score-popups > .score-popup[data-value="${expected.score - before}"]`);
      await popup.first().waitFor({ state: 'attached' });
      sawPopup = true;
    }
    await settle(page);
    assert.deepEqual(await engineGrid(page), expected.grid, `${key} should move ${direction}`);
    assert.equal(Number(await page.locator('#score').textContent()), expected.score);
  }
  assert.ok(sawPopup, 'some move merged and showed its +N');
  const count = await moveCount(page);
  for (const modifier of ['Control', 'Alt', 'Meta']) {
    for (const key of Object.values(KEYS)) await page.keyboard.press(`${modifier}+${key}`);
  }
  await settle(page);
  assert.equal(await moveCount(page), count);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the "+N" never lies over the score or its label, phone and desktop, light and dark', async () => {
  for (const options of [phone, desktop]) {
    const { context, page, errors } = await open2048(options, 31337);
    // Eight moves in light, eight more in dark, on one page.
    await inLightAndDark(page, async (colorScheme) => {
      let popups = 0;
      for (const direction of ['left', 'up', 'right', 'down', 'left', 'up', 'right', 'down']) {
        const before = await page.evaluate(() => window.gridplay.game().readouts().score);
        if ((await expect(page, [direction])).score === before) {
          await page.keyboard.press(KEYS[direction]);
          await settle(page);
          continue;
        }
        // Every frame while the "+N" shows: where its digits are drawn, against where the
        // score's digits and the SCORE label are drawn (text boxes, transforms included). Until
        // the move is made and drawn and its "+N" has come and gone, however late the key lands.
        const sampling = page.evaluate((moved) => new Promise((resolve) => {
          const textBox = (el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return range.getBoundingClientRect();
          };
          const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const seen = { visible: 0, over: [] };
          const frame = () => {
            const popups = document.querySelectorAll('.score-popup');
            for (const popup of popups) {
              if (Number(getComputedStyle(popup).opacity) < 0.05) continue;
              seen.visible += 1;
              const box = textBox(popup);
              for (const id of ['score', 'score-label']) {
                if (overlaps(box, textBox(document.getElementById(id)))) seen.over.push(`${popup.textContent} over #${id}`);
              }
            }
            const done = window.gridplay.game().moveCount() >= moved && !window.gridplay.busy() && popups.length === 0;
            if (done) resolve(seen);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }), (await moveCount(page)) + 1);
        await page.keyboard.press(KEYS[direction]);
        const seen = await sampling;
        assert.ok(seen.visible > 0, 'the +N was seen');
        assert.deepEqual(seen.over, [], `${colorScheme}, ${options.viewport.width}px wide`);
        popups += 1;
        await settle(page);
      }
      assert.ok(popups > 0, `some move scored (${colorScheme})`);
    });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('fast moves: one "+N" at a time, never a pile of them', async () => {
  const { context, page, errors } = await open2048(desktop, 31337);
  const keys = Array.from({ length: 24 }, (_, i) => ['left', 'down', 'right', 'down'][i % 4]);
  const { count } = await expect(page, keys);
  // The most "+N"s drawn at once, in any frame, while a burst of keys plays: until the last
  // move is drawn and the last "+N" gone, however long the burst takes to arrive.
  const sampling = page.evaluate((moves) => new Promise((resolve) => {
    let most = 0;
    let seen = 0;
    const frame = () => {
      const popups = [...document.querySelectorAll('.score-popup')];
      const visible = popups.filter((popup) => Number(getComputedStyle(popup).opacity) >= 0.05).length;
      most = Math.max(most, visible);
      if (visible) seen += 1;
      if (window.gridplay.game().moveCount() >= moves && !window.gridplay.busy() && popups.length === 0) resolve({ most, seen });
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }), count);
  for (const key of keys) await page.keyboard.press(KEYS[key], { delay: 0 });
  const { most, seen } = await sampling;
  assert.ok(seen > 0, 'some move scored');
  assert.equal(most, 1, 'one at a time');
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo: U, Ctrl+Z and the button take moves back to the start, and no further', async () => {
  const { context, page, errors } = await open2048(desktop, 7);
  const start = await engineGrid(page);
  for (const d of ['left', 'down', 'right', 'down', 'left', 'up', 'left', 'down']) await page.keyboard.press(KEYS[d]);
  await settle(page);
  const made = await moveCount(page);
  assert.ok(made >= 4);
  const undos = ['u', 'Control+z', 'button'];
  for (let i = 0; i < made; i += 1) {
    const expected = await expect(page, ['undo']);
    const how = undos[i % undos.length];
    if (how === 'button') await page.click('#undo');
    else await page.keyboard.press(how);
    await settle(page);
    assert.deepEqual(await engineGrid(page), expected.grid, `undo by ${how}`);
    assert.deepEqual(await drawnGrid(page), expected.grid);
  }
  assert.deepEqual(await engineGrid(page), start);
  assert.equal(await page.evaluate(() => window.gridplay.game().readouts().score), 0);
  assert.equal(await page.getAttribute('#undo', 'aria-disabled'), 'true');
  await page.keyboard.press('u');
  await settle(page);
  assert.deepEqual(await engineGrid(page), start, 'nothing more to undo');
  assert.deepEqual(errors, []);
  await context.close();
});

test('rapid input: 50 keys with undos mixed in are each applied once, in order', async () => {
  const { context, page, errors } = await open2048(desktop, 2026);
  const ops = Array.from({ length: 50 }, (_, i) => (i % 9 === 8 ? 'undo' : DIRECTIONS[(i * 7 + (i >> 2)) % 4]));
  const expected = await expect(page, ops);
  // Real key events, all sent before the first is handled (the browser takes them in order),
  // so they arrive while tiles are sliding however busy the machine is: the queue is what is
  // tested, not how fast this machine types.
  const cdp = await context.newCDPSession(page);
  const codes = { ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40, u: 85 };
  await Promise.all(ops.flatMap((op) => {
    const key = op === 'undo' ? 'u' : KEYS[op];
    const event = { key, code: op === 'undo' ? 'KeyU' : key, windowsVirtualKeyCode: codes[key] };
    return [
      cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...event, ...(op === 'undo' ? { text: 'u' } : {}) }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...event }),
    ];
  }));
  await settle(page);
  assert.equal(await moveCount(page), expected.count);
  assert.deepEqual(await engineGrid(page), expected.grid);
  assert.deepEqual(await drawnGrid(page), expected.grid);
  assert.deepEqual(errors, []);
  await context.close();
});

test('random play reaches game over; the panel shows the final score', async () => {
  const { context, page, errors } = await open2048({ ...desktop, reducedMotion: 'reduce' }, 11);
  let x = 777;
  for (let i = 0; i < 3000 && (await page.evaluate(() => window.gridplay.game().status() === 'playing')); i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    await page.keyboard.press(KEYS[DIRECTIONS[x >> 29]]);
    if (i % 20 === 19) await settle(page);
  }
  await settle(page);
  assert.equal(await page.evaluate(() => (window.gridplay.game().status() !== 'playing')), true);
  await page.locator('#game-over').waitFor({ state: 'visible' });
  const score = await page.evaluate(() => window.gridplay.game().readouts().score);
  assert.equal(await page.locator('#final-score').textContent(), String(score));
  assert.deepEqual(await drawnGrid(page), await engineGrid(page));
  // U while the panel is open does what the panel's Undo does.
  const count = await moveCount(page);
  await page.keyboard.press('u');
  await page.locator('#game-over').waitFor({ state: 'hidden' });
  assert.equal(await moveCount(page), count - 1);
  assert.equal(await page.evaluate(() => (window.gridplay.game().status() !== 'playing')), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad stored data gives a fresh game and a notice; a Threes save is not a 2048 save', async () => {
  for (const garbage of ['threes.1.5.0.', 'nonsense', '2048.1.5.7.AB']) {
    const { context, page, errors } = await openPage(env.browser, page2048(), desktop);
    await page.evaluate((text) => localStorage.setItem('gridplay.2048.save', text), garbage);
    await keepCopies(page);
    await page.reload();
    await page.waitForFunction(() => window.gridplay && window.gridplay.game());
    await noticeShown(page, 'corrupt-save');
    assert.equal(await moveCount(page), 0);
    assert.deepEqual(errors, [], garbage);
    await context.close();
  }
});

/** A real game one move before its first 2048 (tests/fixtures/game2048_win.txt). */
const [winSave, winMove] = readFileSync(new URL('../fixtures/game2048_win.txt', import.meta.url), 'utf8').trim().split(' ');

async function openBeforeWin() {
  const opened = await openPage(env.browser, page2048(), desktop);
  await opened.page.evaluate((save) => {
    localStorage.clear();
    localStorage.setItem('gridplay.2048.save', save);
  }, winSave);
  await keepCopies(opened.page);
  await opened.page.reload();
  await opened.page.waitForFunction(() => window.gridplay && window.gridplay.game());
  // The game kept as the page read it, before a test writes storage.
  await opened.page.evaluate(() => window.gridplay.idle());
  return opened;
}

test('making 2048 shows the win panel; Keep going goes on and it does not come back', async () => {
  const { context, page, errors } = await openBeforeWin();
  assert.equal(await page.evaluate(() => window.gridplay.game().readouts().made2048), false);
  await page.keyboard.press(KEYS[winMove]);
  await page.locator('#win-dialog').waitFor({ state: 'visible' });
  assert.equal(await page.evaluate(() => window.gridplay.game().readouts().made2048), true);
  await page.click('#win-keep-going');
  await page.locator('#win-dialog').waitFor({ state: 'hidden' });
  const count = await moveCount(page);
  for (const d of DIRECTIONS) await page.keyboard.press(KEYS[d]);
  await settle(page);
  assert.ok((await moveCount(page)) > count, 'play goes on after the win');
  await page.reload();
  await page.waitForFunction(() => window.gridplay && window.gridplay.game());
  await settle(page);
  assert.equal(await page.locator('#win-dialog').isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game made 2048 and then played to its end shows the game-over panel, never the win panel over a board with no moves', async () => {
  const { context, page, errors } = await openBeforeWin();
  // The same game played on past its 2048 to the end, with no Keep going kept (another game
  // was started since, or it is a replay's last step taken on).
  await page.evaluate(([save, move]) => {
    const Game = window.gridplay.game().constructor;
    const game = Game.load(save);
    game.play(move);
    while (game.moves().length > 0) game.play(game.moves()[0]);
    localStorage.setItem('gridplay.2048.save', game.save());
    localStorage.removeItem('gridplay.2048.kept-going');
  }, [winSave, winMove]);
  await keepCopies(page);
  await page.reload();
  await page.locator('#game-over').waitFor({ state: 'visible' });
  assert.equal(await page.locator('#win-dialog').isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the New game button of the win panel starts a fresh game', async () => {
  const { context, page, errors } = await openBeforeWin();
  await page.keyboard.press(KEYS[winMove]);
  await page.locator('#win-dialog').waitFor({ state: 'visible' });
  await page.click('#win-new-game');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
  assert.equal(await page.evaluate(() => window.gridplay.game().readouts().made2048), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: the game-over panel shows its replay offers whole, inside the panel', async () => {
  const { context, page, errors } = await openDeal(env.browser, `${env.server.url}2048.html`, phone, '2048', 5);
  // The deal played to its end on a copy, and kept as a returning player would have it.
  const ended = await page.evaluate(() => {
    const game = window.gridplay.game().constructor.load(window.gridplay.game().save());
    const directions = ['left', 'down', 'right', 'up'];
    for (let i = 0; game.status() === 'playing'; i += 1) {
      const found = game.toward(directions[i % 4]);
      if (found.ok) game.play(found.move);
    }
    const save = game.save();
    game.free();
    localStorage.setItem('gridplay.2048.save', save);
    return save;
  });
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction((save) => window.gridplay?.game()?.save() === save, ended);
  await page.locator('#game-over[open]').waitFor();
  await page.waitForFunction(() => document.getElementById('game-over').getAnimations().length === 0);
  const boxes = await page.evaluate(() => ['#game-over-close', '#game-over-replay', '#game-over-copy-replay', '#game-over-undo']
    .map((id) => document.querySelector(id).getBoundingClientRect().toJSON()));
  const [see, replay, copy, undo] = boxes;
  for (const offer of [replay, copy]) {
    assert.ok(offer.left >= undo.left - 1 && offer.right <= see.right + 1, `an offer inside the panel's buttons: ${JSON.stringify(boxes)}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// Hint and Autoplay (helpers/controls.js, in the helpers' worker helpers/worker.js) in Threes and 2048, as a
// player uses them: the hint is a move the game allows and goes with the next move; Autoplay
// plays by itself through the game's own queue and stops at the player's first input; the speed
// is kept, Autoplay is not; the page keeps drawing while the worker thinks; the worker works
// offline. Every test also asserts the page logged no errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { desktop, drawnGrid, engineGrid, holdRequests, keepCopies, moveCount, newPage, openDeal, phone, predict, settle, swipe, useBrowser } from './harness.mjs';

const env = useBrowser();

const GAMES = [
  { name: 'threes', seed: 4242 },
  { name: '2048', seed: 77 },
];

const KEYS = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' };

const open = (game, options = desktop) =>
  openDeal(env.browser, `${env.server.url}#${game.name}`, options, game.name, game.seed);

const hintShown = (page) => page.evaluate(() => {
  const arrow = document.querySelector('#hint-arrow');
  return arrow.hidden ? null : arrow.dataset.direction;
});
const autoplaying = async (page) => (await page.getAttribute('#autoplay', 'aria-pressed')) === 'true';
const said = (page) => page.textContent('#announcer');

/** Sets the speed slider by keyboard: Home is the slowest, End the fastest. */
async function setSpeed(page, key) {
  await page.focus('#autoplay-speed');
  await page.keyboard.press(key);
  await page.locator('#board').focus();
}

/** Waits until Autoplay has made `n` more moves than `from` (the limit only ends a hung test:
 * each move is a search in the worker, however slow the machine). */
async function waitForMoves(page, from, n) {
  await page.waitForFunction(([start, more]) => window.gridplay.game().moveCount() >= start + more, [from, n], { timeout: 60_000 });
}

/** Asserts no move is made for a while (Autoplay has stopped), and the drawing is the game's. */
async function assertStill(page, message) {
  await settle(page);
  const count = await moveCount(page);
  await page.waitForTimeout(700);
  await settle(page);
  assert.equal(await moveCount(page), count, message);
  assert.equal(await autoplaying(page), false, 'the Autoplay button is no longer pressed');
  assert.deepEqual(await drawnGrid(page), await engineGrid(page));
}

for (const game of GAMES) {
  test(`${game.name}: Hint (button and key I) shows a move the game allows; it goes with the next move`, async () => {
    const { context, page, errors } = await open(game);
    // (A click in the moments before the helpers' script has arrived is not yet caught.)
    await page.waitForFunction(() => window.gridplay.helpersReady());
    for (let turn = 0; turn < 6; turn += 1) {
      if (turn % 2 === 0) await page.click('#hint');
      else await page.keyboard.press('i');
      // (The arrow is made with the helpers' controls, which may still be on their way.)
      await page.waitForFunction(() => document.querySelector('#hint-arrow')?.hidden === false);
      const direction = await hintShown(page);
      assert.ok(Object.hasOwn(KEYS, direction), `a direction: ${direction}`);
      const expected = await predict(page, [direction]);
      assert.equal(expected.legal, 1, `the hint ${direction} is a legal move`);
      assert.match(await said(page), new RegExp(`Hint: move ${direction}\\.`));
      await page.keyboard.press(KEYS[direction]);
      await settle(page);
      assert.equal(await hintShown(page), null, 'the hint went with the move');
      assert.deepEqual(await engineGrid(page), expected.grid);
      assert.equal(await moveCount(page), expected.count);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${game.name}: Autoplay plays by itself through the game's queue; a key of the player stops it`, async () => {
    const { context, page, errors } = await open(game);
    await setSpeed(page, 'End');
    const start = await moveCount(page);
    // (The helpers' script may still be on its way: Autoplay starts as it comes.)
    await page.click('#autoplay');
    await page.waitForFunction(() => document.querySelector('#autoplay').getAttribute('aria-pressed') === 'true');
    await waitForMoves(page, start, 8);
    await page.keyboard.press('ArrowLeft');
    await assertStill(page, 'no move after the player pressed a key');
    // Played as the player's moves are: saved, scored, drawn.
    const saved = await page.evaluate(() => localStorage.getItem(`gridplay.${window.gridplay.route()}.save`));
    assert.equal(saved, await page.evaluate(() => window.gridplay.game().save()));
    const score = await page.evaluate(() => window.gridplay.game().readouts().score);
    assert.equal(await page.textContent('#score'), String(score));
    assert.ok(score > 0);
    // P starts it again, and P stops it.
    const again = await moveCount(page);
    await page.keyboard.press('p');
    await waitForMoves(page, again, 3);
    await page.keyboard.press('p');
    await assertStill(page, 'no move after P stopped it');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${game.name} on a phone: a swipe stops Autoplay, and so does a tap on the board`, async () => {
    const { context, page, errors } = await open(game, phone);
    await setSpeed(page, 'End');
    for (const stop of ['swipe', 'tap']) {
      const start = await moveCount(page);
      await page.tap('#autoplay');
      await waitForMoves(page, start, 4);
      if (stop === 'swipe') await swipe(page, 'down');
      else await page.tap('#board');
      await assertStill(page, `no move after a ${stop}`);
    }
    // The controls fit beside and under the board: nothing scrolls.
    const overflow = await page.evaluate(() => document.scrollingElement.scrollHeight - window.innerHeight);
    assert.equal(overflow, 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the AI\'s code comes after the first board; I pressed and the speed set before it has come still count', async () => {
  const { context, page, errors } = await newPage(env.browser, desktop);
  // Held back until the board is up and I has been pressed.
  const release = await holdRequests(page, /\/js\/helpers\/controls\.js$/);
  await page.goto(`${env.server.url}2048.html`);
  await page.waitForFunction(() => window.gridplay?.game());
  await page.waitForFunction(() => document.querySelectorAll('#tiles > .tile').length > 0);
  assert.equal(await page.locator('#hint').count(), 1, 'the Hint button is in the page from the first paint, before its code');
  await page.waitForFunction(() => window.gridplay.helpersReady());
  await setSpeed(page, 'End');
  await page.keyboard.press('i');
  release();
  await page.waitForFunction(() => document.querySelector('#hint-arrow')?.hidden === false);
  assert.equal(await page.getAttribute('#autoplay-speed', 'aria-valuetext'), 'Fastest');
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.autoplay.speed')), '5');
  const asked = await page.evaluate(() => performance.getEntriesByType('resource')
    .find((entry) => entry.name.endsWith('/helpers/controls.js')).startTime);
  const up = await page.evaluate(() => performance.getEntriesByName('gridplay:interactive')[0].startTime);
  assert.ok(asked > up, `the AI's code was asked for at ${Math.round(asked)} ms, before the board was up at ${Math.round(up)} ms`);
  assert.ok(['up', 'down', 'left', 'right'].includes(await hintShown(page)));
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048: Undo and New game stop Autoplay', async () => {
  const game = GAMES[1];
  const { context, page, errors } = await open(game);
  await setSpeed(page, 'End');
  let start = await moveCount(page);
  await page.click('#autoplay');
  await waitForMoves(page, start, 5);
  await page.click('#undo');
  await assertStill(page, 'no move after Undo');
  start = await moveCount(page);
  await page.click('#autoplay');
  await waitForMoves(page, start, 3);
  await page.click('#new-game');
  await page.click('#confirm-ok');
  await page.waitForFunction(() => window.gridplay.game().moveCount() === 0);
  await assertStill(page, 'no move after New game');
  assert.equal(await moveCount(page), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048: Autoplay\'s moves are said no faster than a listener hears them, the moves between counted', async () => {
  const game = GAMES[1];
  const { context, page, errors } = await open(game);
  await setSpeed(page, 'End');
  await page.evaluate(() => {
    const announcer = document.getElementById('announcer');
    window.heard = [];
    new MutationObserver(() => {
      const text = announcer.textContent.trim();
      if (/^(\d+ moves\. Last: )?Moved /.test(text)) window.heard.push({ at: performance.now(), text });
    }).observe(announcer, { childList: true, characterData: true, subtree: true });
  });
  await page.click('#autoplay');
  // Three moves' words heard: a pace, and moves counted between them.
  await page.waitForFunction(() => window.heard.length >= 3, null, { timeout: 120_000 });
  await page.click('#autoplay');
  const heard = await page.evaluate(() => window.heard);
  for (let i = 1; i < heard.length; i += 1) {
    const words = heard[i - 1].text.split(/\s+/).length;
    // About five words a second (less a frame's leeway).
    assert.ok(heard[i].at - heard[i - 1].at >= words * 200 - 20, `said after ${words} words: ${JSON.stringify(heard.slice(i - 1, i + 1))}`);
  }
  assert.ok(heard.slice(1).some((said) => /^\d+ moves\. Last: /.test(said.text)), `the moves between are counted: ${JSON.stringify(heard)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('2048: Autoplay stops by itself at game over, and the panel shows the score', async () => {
  const game = GAMES[1];
  const { context, page, errors } = await open(game);
  // A position from which every legal move ends the game (the last of a random game, when
  // its last move was forced), so the test does not depend on how well the AI plays.
  const save = await page.evaluate(async () => {
    const Game2048 = window.gridplay.game().constructor; // the page's own engine class
    const directions = ['up', 'left', 'down', 'right'];
    let x = 99;
    for (let seed = 1; seed < 200; seed += 1) {
      const game = Game2048.fromLink(`seed=${seed}`);
      while (game.status() === 'playing') {
        x = (x * 1103515245 + 12345) % 2147483648;
        game.play(directions[x >> 29]);
      }
      game.undo();
      const text = game.save();
      const doomed = directions.every((direction) => {
        const copy = Game2048.load(text);
        return !copy.play(direction).ok || (copy.status() !== 'playing');
      });
      if (doomed) return text;
    }
    return null;
  });
  assert.ok(save, 'a random game whose last move was forced');
  await page.evaluate((text) => localStorage.setItem('gridplay.2048.save', text), save);
  await keepCopies(page);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  await setSpeed(page, 'End');
  const before = await moveCount(page);
  await page.click('#autoplay');
  await page.locator('#game-over').waitFor({ state: 'visible', timeout: 60000 });
  assert.equal(await autoplaying(page), false);
  assert.equal(await moveCount(page), before + 1, 'the one move left was made');
  const score = await page.evaluate(() => window.gridplay.game().readouts().score);
  assert.equal(await page.textContent('#final-score'), String(score));
  assert.equal(await page.getAttribute('#autoplay', 'aria-disabled'), 'true');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the speed is kept across a reload (one for both games); Autoplay does not resume', async () => {
  const { context, page, errors } = await open(GAMES[0]);
  // The slider says its speed in words once the helpers' script has come.
  await page.waitForFunction(() => window.gridplay.helpersReady());
  assert.equal(await page.inputValue('#autoplay-speed'), '3');
  const before = await moveCount(page);
  await page.focus('#autoplay-speed');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // The arrows changed the speed, not the board.
  assert.equal(await moveCount(page), before);
  assert.equal(await page.getAttribute('#autoplay-speed', 'aria-valuetext'), 'Fastest');
  await page.locator('#board').focus();
  await page.click('#autoplay');
  await waitForMoves(page, before, 3);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game());
  assert.equal(await page.inputValue('#autoplay-speed'), '5');
  assert.equal(await page.evaluate(() => localStorage.getItem('gridplay.autoplay.speed')), '5');
  await assertStill(page, 'Autoplay did not resume after the reload');
  await page.goto(`${env.server.url}2048.html`);
  await page.waitForFunction(() => window.gridplay.route() === '2048' && window.gridplay.game());
  assert.equal(await page.inputValue('#autoplay-speed'), '5');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the page keeps drawing while the worker thinks: frames go on during a long search', async () => {
  // Once the page says "stall" (on a BroadcastChannel), the worker's next question keeps it
  // busy for good, as a search that never ends would; it says "thinking" as it starts. The
  // page's frames must not wait for it: were the search on the page's thread, not one more
  // frame would come, however long the test waited.
  // Without a service worker, so the worker's script comes through the route below.
  const { context, page, errors } = await newPage(env.browser, desktop, {
    init: () => delete Navigator.prototype.serviceWorker,
  });
  await context.route(/helpers\/worker[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    const stalling = `const gridplayListen = self.addEventListener.bind(self);
const gridplayTest = new BroadcastChannel('gridplay-test-search');
let gridplayStall = false;
let gridplayStuck = false;
gridplayTest.onmessage = () => { gridplayStall = true; };
self.addEventListener = (type, listener, ...rest) => gridplayListen(type, type !== 'message' ? listener : (event) => {
  if (!gridplayStall) return listener(event);
  if (!gridplayStuck) {
    gridplayStuck = true;
    gridplayTest.postMessage('thinking');
    setTimeout(() => { for (;;); }, 0);
  }
  return undefined;
}, ...rest);
`;
    await route.fulfill({ response, body: stalling + (await response.text()) });
  });
  await page.goto(`${env.server.url}threes.html`);
  await page.waitForFunction(() => window.gridplay?.game());
  await setSpeed(page, 'End');
  const start = await moveCount(page);
  await page.click('#autoplay');
  await waitForMoves(page, start, 1);
  await page.evaluate(() => {
    const channel = new BroadcastChannel('gridplay-test-search');
    channel.onmessage = (event) => { window.workerThinking = event.data === 'thinking'; };
    channel.postMessage('stall');
  });
  await page.waitForFunction(() => window.workerThinking);
  // The frames drawn from here, while the worker is held in its search.
  await page.evaluate(() => {
    window.framesDrawn = 0;
    const frame = () => {
      window.framesDrawn += 1;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.waitForFunction(() => window.framesDrawn >= 45);
  assert.ok(await autoplaying(page), 'Autoplay ran all along');
  assert.ok(page.workers().some((worker) => /helpers\/worker[^/]*\.js$/.test(worker.url())), 'the AI runs in its worker');
  await page.click('#autoplay');
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline after one visit: the AI worker comes from the service worker\'s cache and hints', async () => {
  const { context, page, errors } = await open(GAMES[1], { ...phone, serviceWorkers: 'allow' });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  const cached = await page.evaluate(async () => {
    const workers = performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => /helpers\/worker[^/]*\.js$/.test(url));
    const cache = await caches.open((await caches.keys()).find((name) => name.startsWith('gridplay-')));
    const kept = (await cache.keys()).map((request) => request.url);
    return kept.some((url) => /helpers\/worker[^/]*\.js$/.test(url)) && workers.every((url) => kept.includes(url));
  });
  assert.ok(cached, 'the worker is precached');
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.gridplay?.game() && window.gridplay.helpersReady());
  await page.tap('#hint');
  await page.waitForFunction(() => document.querySelector('#hint-arrow')?.hidden === false);
  assert.equal((await predict(page, [await hintShown(page)])).legal, 1);
  assert.deepEqual(errors, []);
  await context.close();
});
